"""Python immediate mode against OpenCV: a call on NumPy arrays, whole.

Each row times one array function of pyopenvx (``vx.gaussian3x3(a)``: the
input image made on the array's memory, a one-node graph or ``vxu*`` call,
the output returned as a new array) beside the OpenCV call computing the
same thing from the same array, in alternating rounds (a VM's cores change
speed between seconds: each library's best over the rounds), at each size
asked.  Two pyopenvx columns: with ``ctx=`` (a context kept by the caller)
and without (the context the calling thread keeps for such calls).  The
ratio is ours (with ``ctx=``) over OpenCV's: under 1 is faster.
The numbers are whole calls from Python, so at small sizes they measure the
fixed cost of a call; graph-mode kernel times are bench_vision.py's.

    python bench/bench_immediate.py [--sizes 1920x1080,64x64] [--rounds 6]
"""

import argparse
import math
import os
import time

import numpy as np

import pyopenvx as vx

try:
    import cv2
except ImportError:  # the bench needs OpenCV for its reference column
    cv2 = None


def calls(a, b, s16):
    """(name, pyopenvx call taking ctx, OpenCV call): the same output from the same arrays."""
    h, w = a.shape
    k3 = np.ones((3, 3), np.uint8)
    aff = np.array([[0.9, 0.1, 5.0], [-0.1, 0.9, 7.0]], np.float32)
    return [
        ("gaussian3x3", lambda c: vx.gaussian3x3(a, ctx=c), lambda: cv2.GaussianBlur(a, (3, 3), 0)),
        ("box3x3", lambda c: vx.box3x3(a, ctx=c), lambda: cv2.blur(a, (3, 3))),
        ("median3x3", lambda c: vx.median3x3(a, ctx=c), lambda: cv2.medianBlur(a, 3)),
        ("dilate3x3", lambda c: vx.dilate3x3(a, ctx=c), lambda: cv2.dilate(a, k3)),
        ("sobel3x3", lambda c: vx.sobel3x3(a, ctx=c),
         lambda: (cv2.Sobel(a, cv2.CV_16S, 1, 0, ksize=3), cv2.Sobel(a, cv2.CV_16S, 0, 1, ksize=3))),
        ("add", lambda c: vx.add(a, b, ctx=c), lambda: cv2.add(a, b)),
        ("abs_diff", lambda c: vx.abs_diff(a, b, ctx=c), lambda: cv2.absdiff(a, b)),
        ("threshold", lambda c: vx.threshold(a, 100, ctx=c), lambda: cv2.threshold(a, 100, 255, cv2.THRESH_BINARY)[1]),
        ("magnitude S16", lambda c: vx.magnitude(s16, s16, ctx=c),
         lambda: cv2.magnitude(s16.astype(np.float32), s16.astype(np.float32))),
        ("scale_image half area", lambda c: vx.scale_image(a, "area", size=(h // 2, w // 2), ctx=c),
         lambda: cv2.resize(a, (w // 2, h // 2), interpolation=cv2.INTER_AREA)),
        ("warp_affine nearest", lambda c: vx.warp_affine(a, aff, ctx=c),
         lambda: cv2.warpAffine(a, aff, (w, h), flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP)),
    ]


def per_call(f, budget):
    """Seconds a call: the best of three timed loops of about `budget` seconds together."""
    f()
    t = time.perf_counter()
    f()
    one = max(time.perf_counter() - t, 1e-7)
    n = max(1, int(budget / 3 / one))
    best = math.inf
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(n):
            f()
        best = min(best, (time.perf_counter() - t) / n)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1920x1080,64x64")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--budget", type=float, default=0.06, help="seconds a timing (of a round)")
    args = ap.parse_args()
    if cv2 is None:
        raise SystemExit("bench_immediate.py needs OpenCV (pip install opencv-python-headless)")
    print("pyopenvx immediate mode vs OpenCV %s; %d CPUs; load average %s" %
          (cv2.__version__, os.cpu_count(), " ".join("%.2f" % x for x in os.getloadavg())))
    rng = np.random.default_rng(1)
    with vx.Context() as ctx:
        for size in args.sizes.split(","):
            w, h = (int(v) for v in size.lower().split("x"))
            a = rng.integers(0, 256, (h, w), dtype=np.uint8)
            b = rng.integers(0, 256, (h, w), dtype=np.uint8)
            s16 = rng.integers(-4000, 4000, (h, w), dtype=np.int16)
            print("\n%dx%d (us a call, best of %d rounds)" % (w, h, args.rounds))
            print("%-24s %10s %10s %10s %7s" % ("function", "ctx=", "no ctx", "OpenCV", "ratio"))
            ratios = []
            for name, ours, theirs in calls(a, b, s16):
                best = [math.inf] * 3
                for _ in range(args.rounds):
                    best[0] = min(best[0], per_call(lambda: ours(ctx), args.budget))
                    best[1] = min(best[1], per_call(lambda: ours(None), args.budget))
                    best[2] = min(best[2], per_call(theirs, args.budget))
                ratios.append(best[0] / best[2])
                print("%-24s %10.1f %10.1f %10.1f %7.2f" % (name, best[0] * 1e6, best[1] * 1e6, best[2] * 1e6,
                                                            ratios[-1]))
            print("geometric mean of the ratios: %.2f" % math.exp(sum(map(math.log, ratios)) / len(ratios)))


if __name__ == "__main__":
    main()
