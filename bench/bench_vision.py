"""Every vision function of libopenvx against OpenCV, in the same run.

    python bench/bench_vision.py [--size 1920x1080] [--runs 6] [--rounds 8] [--filter NAME] [--cpu]

Each function runs as a verified one-node graph (vxProcessGraph, best of
--runs, in --rounds rounds alternating with OpenCV's, the rounds spread over
the whole bench: round k of every row, then round k + 1; a function whose call
takes over 1/24 s gets fewer runs a round, at least 2, the same number for
both libraries) on the same random data OpenCV gets; the table shows both times and
ours / OpenCV (below 1: we are faster), then the geometric mean of the
ratios.  OpenCV runs with its own threads (cv2.getNumThreads()); we run with
the thread pool (OPENVX_THREADS to change it), and again on one thread
(VX_CONTEXT_OVX_THREADS = 1): the "2T/1T" column is the speed-up (best over
best), "med" the median over the rounds of each round's 1T time over its 2T
time (the two taken within the round: on this VM the vCPUs' clocks swing
independently between 1.6 and 2.6 GHz from second to second, and the two
bests may come from moments far apart).  "x copy"
is our time over a plain copy (numpy, one thread) of the bytes the function
writes (or of its largest input image, when larger: a U8 -> U1 function
cannot beat reading its input): the physical limit of a memory-bound
function.  "variant" is the
compute variant the node chose (VX_NODE_OVX_VARIANT; OPENVX_SIMD=none forces
"scalar").  Nodes that keep a table of their inputs' content (nearest Remap,
WarpAffine and WarpPerspective: the source pixel of every destination pixel,
built on the second run with the same map or matrix; README, the list of
SIMD kernels under "Building the C libraries with Meson") read it
on every timed run, as a graph whose matrix stays the same does; OpenCV's
calls compute from the matrix each time.  Where OpenCV has no exact equivalent the closest call is used and
named in the table.  HOGCells and HOGFeatures: OpenCV 5 has no
HOGDescriptor; their anchor is OpenCV 4's, run in a child process when --cv4
DIR (or OVX_BENCH_CV4=DIR) names a directory holding it (pip install
--target DIR "opencv-python-headless<5"): the child times its own calls (the
pipe's round trip is not counted) with its own threads; without it (and
without a HOGDescriptor in this cv2) the two rows say so and stay out of the
means.  --filter takes comma-separated name fragments.  The
functions of issue 12 ("Speed I": pixelwise, arithmetic, depth, LUT,
threshold, channel, color, magnitude/phase, control), of issue 14 ("Speed
II": filters, morphology, feature detectors) and of issue 15 ("Speed III":
geometry, pyramids, statistics, optical flow, HOG, HoughLinesP, tensors) get a geometric mean
of their own.  --cpu adds a table of CPU times per call (all threads of the
process, mean over the runs): the work, where wall time on a loaded machine
also measures the wait for a core, and how evenly our pool split it.
"""
import argparse
import math
import os
import statistics
import sys
import threading
import time

# numpy's OpenBLAS keeps threads spinning after a call; they would take a
# core from both libraries' timings
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

try:
    import cv2
except ImportError:  # pragma: no cover
    sys.exit("bench_vision.py needs OpenCV: pip install opencv-python-headless")

import pyopenvx as vx
from pyopenvx import ffi, lib


# --cpu: also the CPU time of each call, summed over every thread of the
# process (ours' pool and OpenCV's) from /proc/self/task/*/schedstat over all
# the runs, divided by the runs (the kernel accounts another thread's running
# time only at its next tick or switch, so a per-call reading of the process
# clock misses worker time; the sum over all runs does not); on a loaded
# machine this measures the work where wall time also measures the wait for
# a core.  "split" is that sum over the busiest thread's share: the speed-up
# of the split with a core per thread.
# Threads are told apart by when they appeared: the main thread and our
# pool's exist after our first run, before OpenCV's first call; OpenCV's
# threads (which keep spinning a while after a call) count for OpenCV only.
CPU_TIMES = {}
THREAD_SHARE = {}
OURS_TIDS = set()
MAIN_TID = str(threading.get_native_id())


def thread_cpu():
    """On-CPU nanoseconds of each thread of this process (/proc schedstat)."""
    out = {}
    try:
        for tid in os.listdir("/proc/self/task"):
            with open("/proc/self/task/%s/schedstat" % tid) as f:
                out[tid] = int(f.read().split()[0])
    except OSError:
        pass
    return out


def timed(fn):
    """The seconds of one call of fn."""
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def best_of(fn, runs, cpu_key=None):
    """fn's best time over runs calls (a call that returns a float returns
    its own time: OpenCV 4 timed in a child process, Cv4Child)."""
    fn()  # warm up
    best = float("inf")
    before = thread_cpu() if cpu_key is not None else None
    child = False
    for _ in range(runs):
        t = time.perf_counter()
        r = fn()
        d = time.perf_counter() - t
        child = type(r) is float
        best = min(best, r if child else d)
    if cpu_key is not None and not child:  # (a child's CPU time is not this process's)
        after = thread_cpu()
        if cpu_key[1] != "cv" and not OURS_TIDS:
            OURS_TIDS.update(after)
        mine = (lambda t: t in OURS_TIDS) if cpu_key[1] != "cv" else (lambda t: t == MAIN_TID or t not in OURS_TIDS)
        used = [after[t] - before.get(t, 0) for t in after if mine(t)]
        if sum(used) > 0:
            CPU_TIMES[cpu_key] = min(CPU_TIMES.get(cpu_key, float("inf")), sum(used) * 1e-9 / runs)
            THREAD_SHARE[cpu_key] = sum(used) / max(used)
    return best


class Bench:
    def __init__(self, width, height, runs):
        self.w, self.h, self.runs = width, height, runs
        self.rounds = 8
        self.ctx = vx.Context()
        self.c = self.ctx.handle
        rng = np.random.default_rng(1)
        self.u8a = rng.integers(0, 256, (height, width), dtype=np.uint8)
        self.u8b = rng.integers(0, 256, (height, width), dtype=np.uint8)
        self.s16a = rng.integers(-4000, 4000, (height, width), dtype=np.int16)
        self.s16b = rng.integers(-4000, 4000, (height, width), dtype=np.int16)
        self.rgb = rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
        self.keep = []
        self.rows = []
        self.copies = {}
        self.cpu = False
        self.children = []  # Cv4Child processes, closed at the end

    # ---- objects -----------------------------------------------------------
    def img(self, a):
        im = self.ctx.image_from_numpy(np.ascontiguousarray(a))
        self.keep.append(im)
        return im.handle

    def out(self, fmt, w=None, h=None):
        im = lib.vxCreateImage(self.c, w or self.w, h or self.h, fmt)
        assert lib.vxGetStatus(ffi.cast("vx_reference", im)) == lib.VX_SUCCESS
        self.keep.append(im)
        return im

    def scalar(self, ctype, vtype, value):
        p = ffi.new(ctype + "*", value)
        s = lib.vxCreateScalar(self.c, vtype, p)
        self.keep.append(s)
        return s

    def copy_bytes(self, node):
        """The bytes a plain copy must move to match the node's streaming:
        the bytes of its output images, or of its largest input image when
        that is larger (a U8 -> U1 threshold cannot beat reading its input);
        0 when it writes no image."""
        written, largest_in = 0, 0
        n = ffi.new("vx_uint32*")
        lib.vxQueryNode(node, lib.VX_NODE_PARAMETERS, n, 4)
        for i in range(n[0]):
            prm = lib.vxGetParameterByIndex(node, i)
            d, ref = ffi.new("vx_enum*"), ffi.new("vx_reference*")
            lib.vxQueryParameter(prm, lib.VX_PARAMETER_DIRECTION, d, ffi.sizeof("vx_enum"))
            lib.vxQueryParameter(prm, lib.VX_PARAMETER_REF, ref, ffi.sizeof("vx_reference"))
            if ref[0] != ffi.NULL:
                t = ffi.new("vx_enum*")
                lib.vxQueryReference(ref[0], lib.VX_REFERENCE_TYPE, t, ffi.sizeof("vx_enum"))
                if t[0] == lib.VX_TYPE_IMAGE:
                    im = ffi.cast("vx_image", ref[0])
                    wv, hv, fv = ffi.new("vx_uint32*"), ffi.new("vx_uint32*"), ffi.new("vx_df_image*")
                    lib.vxQueryImage(im, lib.VX_IMAGE_WIDTH, wv, 4)
                    lib.vxQueryImage(im, lib.VX_IMAGE_HEIGHT, hv, 4)
                    lib.vxQueryImage(im, lib.VX_IMAGE_FORMAT, fv, 4)
                    nbytes = int(wv[0] * hv[0] * BYTES_PER_PIXEL.get(fv[0], 1))
                    if d[0] == lib.VX_INPUT:
                        largest_in = max(largest_in, nbytes)
                    else:
                        written += nbytes
                lib.vxReleaseReference(ref)
            lib.vxReleaseParameter(ffi.new("vx_parameter*", prm))
        return max(written, largest_in) if written else 0

    def pool_threads(self):
        n = ffi.new("vx_uint32*")
        lib.vxQueryContext(self.c, lib.VX_CONTEXT_OVX_THREADS, n, 4)
        return n[0]

    def copy_time(self, nbytes):
        if nbytes == 0:
            return None
        if nbytes not in self.copies:
            src = np.frombuffer(np.random.default_rng(2).bytes(nbytes), np.uint8)
            dst = np.empty_like(src)
            self.copies[nbytes] = best_of(lambda: np.copyto(dst, src), self.runs)
        return self.copies[nbytes]

    # ---- one row -----------------------------------------------------------
    def prepare(self, name, build, cv_fn, cv_name):
        """A row's verified graph and the runs a round gives it (None, and a row saying why, when it
        cannot run)."""
        if cv_fn is None:  # no OpenCV call to compare with: cv_name says why
            self.rows.append((name, None, None, cv_name, "not timed", "-", None, None, None))
            return None
        g = lib.vxCreateGraph(self.c)
        node = build(g)
        status = lib.vxGetStatus(ffi.cast("vx_reference", node))
        if status == lib.VX_SUCCESS:
            status = lib.vxVerifyGraph(g)
        if status != lib.VX_SUCCESS:
            self.rows.append((name, None, None, cv_name, "error %d" % status, "-", None, None, None))
            lib.vxReleaseGraph(ffi.new("vx_graph*", g))
            return None

        def ours():
            s = lib.vxProcessGraph(g)
            if s != lib.VX_SUCCESS:
                raise RuntimeError("%s: vxProcessGraph %d" % (name, s))

        # (the runs of a round: --runs, fewer for a slow function, so that a
        # round of each takes about a quarter of a second: the same count
        # for both libraries)
        slow = max(timed(ours), timed(cv_fn))
        runs = max(2, min(self.runs, int(0.25 / max(slow, 1e-9)) + 1))
        return {"name": name, "g": g, "node": node, "ours": ours, "cv_fn": cv_fn, "cv_name": cv_name, "runs": runs,
                "t_ours": float("inf"), "t_cv": float("inf"), "t_one": float("inf"), "speedups": []}

    def round(self, st):
        """One round of a prepared row: ours on the pool, OpenCV, ours on one thread; each round's 1T
        time over its 2T time kept (taken within the round)."""
        one = ffi.new("vx_uint32*", 1)
        name, runs = st["name"], st["runs"]
        t2 = best_of(st["ours"], runs, (name, "ours"))
        st["t_ours"] = min(st["t_ours"], t2)
        st["t_cv"] = min(st["t_cv"], best_of(st["cv_fn"], runs, (name, "cv")))
        lib.vxSetContextAttribute(self.c, lib.VX_CONTEXT_OVX_THREADS, one, 4)
        t1 = best_of(st["ours"], runs, (name, "one"))
        st["t_one"] = min(st["t_one"], t1)
        st["speedups"].append(t1 / t2)
        one[0] = 0
        lib.vxSetContextAttribute(self.c, lib.VX_CONTEXT_OVX_THREADS, one, 4)

    def finish(self, st):
        """A prepared row's results into the table; its graph released."""
        buf = ffi.new("vx_char[]", lib.VX_OVX_MAX_STRING)
        variant = "?"
        if lib.vxQueryNode(st["node"], lib.VX_NODE_OVX_VARIANT, buf, lib.VX_OVX_MAX_STRING) == lib.VX_SUCCESS:
            variant = ffi.string(buf).decode()
        self.rows.append((st["name"], st["t_ours"], st["t_cv"], st["cv_name"], "", variant, st["t_one"],
                          self.copy_time(self.copy_bytes(st["node"])), statistics.median(st["speedups"])))
        lib.vxReleaseGraph(ffi.new("vx_graph*", st["g"]))

    def run_all(self, rows):
        """Every row, in rounds across the rows: round k of each row, then round k + 1 of each.  Each
        library's best over the rounds counts, so that a run whose second core was busy (the other
        library's pool winding down, or the host: this VM's second vCPU gives nothing at all for a
        second or more now and then, and the rounds of a row, all within a second or so, once all
        fell in one such stretch: two threads no faster than one, on that row alone) does not decide a
        row: a row's rounds are spread over the whole bench."""
        states = [st for st in (self.prepare(*row) for row in rows) if st is not None]
        for _ in range(self.rounds):
            for st in states:
                self.round(st)
        for st in states:
            self.finish(st)

    def report(self):
        print("libopenvx vs OpenCV %s, %dx%d, best of %d rounds x %d runs (fewer past 1/24 s a call), OpenCV threads %d, our pool %d threads"
              % (cv2.__version__, self.w, self.h, self.rounds, self.runs, cv2.getNumThreads(), self.pool_threads()))
        a = np.empty_like(self.u8a)
        t_copy = best_of(lambda: np.copyto(a, self.u8a), self.runs)
        try:
            load = open("/proc/loadavg").read().split()[:3]
        except OSError:
            load = ["?"]
        print("plain copy of one %dx%d U8 image (numpy, one thread): %.3f ms; SIMD level %s; load average %s"
              % (self.w, self.h, t_copy * 1e3, self.ctx.simd_level, " ".join(load)))
        print("%-26s %9s %9s %7s %9s %6s %6s %7s %8s  %s" % ("function", "ours ms", "OpenCV ms", "ratio", "1T ms",
                                                             "2T/1T", "med", "x copy", "variant", "OpenCV call"))
        logs, logs12, logs14, logs15 = [], [], [], []
        if self.cpu:
            print("CPU ms per call (all threads, mean over the runs, best round): ours 2T / ours 1T / "
                  "OpenCV, ratio ours 1T / OpenCV, and 'split': our 2T CPU time over the busiest thread's")
            for name, to, *_ in self.rows:
                if to is None:
                    continue
                co, c1, cc = (CPU_TIMES.get((name, k), float("nan")) for k in ("ours", "one", "cv"))
                print("  %-26s %9.3f %9.3f %9.3f %7.2f  split %.2f" % (name, co * 1e3, c1 * 1e3, cc * 1e3,
                                                                     c1 / cc if cc else 0,
                                                                     THREAD_SHARE.get((name, "ours"), 0)))
        for name, to, tc, cvn, note, variant, t1, tcopy, sp_med in self.rows:
            if to is None:
                print("%-26s %9s %9s %7s %9s %6s %6s %7s %8s  %s  (%s)" % (name, "-", "-", "-", "-", "-", "-", "-", "-",
                                                                           cvn, note))
                continue
            r = to / tc
            logs.append(math.log(r))
            if name.split(" ")[0] in ISSUE12:
                logs12.append(math.log(r))
            if name.split(" ")[0] in ISSUE14:
                logs14.append(math.log(r))
            if name.split(" ")[0] in ISSUE15:
                logs15.append(math.log(r))
            print("%-26s %9.3f %9.3f %7.2f %9.3f %6.2f %6.2f %7s %8s  %s"
                  % (name, to * 1e3, tc * 1e3, r, t1 * 1e3, t1 / to, sp_med, "%.2f" % (to / tcopy) if tcopy else "-",
                     variant, cvn))
        if logs12:
            print("geometric mean of ours/OpenCV over the %d functions of issue 12: %.2f"
                  % (len(logs12), math.exp(sum(logs12) / len(logs12))))
        for issue, lg in ((14, logs14), (15, logs15)):
            if lg:
                print("geometric mean of ours/OpenCV over the %d functions of issue %d: %.2f"
                      % (len(lg), issue, math.exp(sum(lg) / len(lg))))
        if logs:
            print("geometric mean of ours/OpenCV over %d functions: %.2f"
                  % (len(logs), math.exp(sum(logs) / len(logs))))


BYTES_PER_PIXEL = {lib.VX_DF_IMAGE_U1: 0.125, lib.VX_DF_IMAGE_U8: 1, lib.VX_DF_IMAGE_S16: 2, lib.VX_DF_IMAGE_U16: 2,
                   lib.VX_DF_IMAGE_U32: 4, lib.VX_DF_IMAGE_S32: 4, lib.VX_DF_IMAGE_RGB: 3, lib.VX_DF_IMAGE_RGBX: 4,
                   lib.VX_DF_IMAGE_NV12: 1.5, lib.VX_DF_IMAGE_NV21: 1.5, lib.VX_DF_IMAGE_IYUV: 1.5,
                   lib.VX_DF_IMAGE_YUV4: 3, lib.VX_DF_IMAGE_UYVY: 2, lib.VX_DF_IMAGE_YUYV: 2}

# The functions of issue 12 ("Speed I"), by the first word of the row's name.
ISSUE12 = {"AbsDiff", "Add", "Subtract", "Multiply", "And", "Or", "Xor", "Not", "WeightedAverage", "Threshold",
           "TableLookup", "ConvertDepth", "ChannelExtract", "ChannelCombine", "ColorConvert", "Magnitude", "Phase",
           "Accumulate", "AccumulateWeighted", "AccumulateSquare", "Copy", "Min", "Max", "Select"}

# The functions of issue 14 ("Speed II": neighbourhood filters, morphology, the feature detectors).
ISSUE14 = {"Box3x3", "Gaussian3x3", "Median3x3", "Dilate3x3", "Erode3x3", "Sobel3x3", "Convolve", "NonLinearFilter",
           "Canny", "HarrisCorners", "FastCorners", "HalfScaleGaussian", "LBP", "NonMaxSuppression", "MatchTemplate",
           "BilateralFilter"}
# The functions of issue 15 ("Speed III": geometry, pyramids, statistics, optical flow, the rest of enhanced
# vision, tensors).
ISSUE15 = {"ScaleImage", "WarpAffine", "WarpPerspective", "Remap", "GaussianPyramid", "LaplacianPyramid",
           "LaplacianReconstruct", "Histogram", "EqualizeHist", "MeanStdDev", "MinMaxLoc", "IntegralImage",
           "OptFlowPyrLK", "HOGCells", "HOGFeatures", "HoughLinesP", "TensorAdd", "TensorSubtract",
           "TensorMultiply", "TensorTableLookup", "TensorTranspose", "TensorConvertDepth", "TensorMatrixMultiply"}


def functions(b):
    """(name, node builder, OpenCV callable, OpenCV call name)."""
    U8, S16 = lib.VX_DF_IMAGE_U8, lib.VX_DF_IMAGE_S16
    a, bb = b.u8a, b.u8b
    k3 = np.ones((3, 3), np.uint8)
    sat, wrap = lib.VX_CONVERT_POLICY_SATURATE, lib.VX_CONVERT_POLICY_WRAP
    w, h = b.w, b.h
    fa, fb = b.s16a.astype(np.float32), b.s16b.astype(np.float32)
    lut = np.arange(256, dtype=np.uint8)[::-1].copy()
    aff = np.array([[0.9, 0.1, 5.0], [-0.1, 0.9, 7.0]], np.float32)
    persp = np.array([[0.9, 0.1, 5.0], [-0.1, 0.9, 7.0], [1e-5, 2e-5, 1.0]], np.float32)
    a_half = np.ascontiguousarray(a[: h // 2, : w // 2])
    lap_cv = laplacian_levels_cv(a, 3)
    w23, h23 = 2 * w // 3, 2 * h // 3
    mapx, mapy = np.meshgrid(np.arange(w, dtype=np.float32) * 0.9 + 3, np.arange(h, dtype=np.float32) * 0.9 + 2)

    def vx_matrix(m):
        mat = lib.vxCreateMatrix(b.c, lib.VX_TYPE_FLOAT32, m.shape[0], m.shape[1])
        # OpenVX matrices are column-major in the (x, y) sense: M[col][row]
        t = np.ascontiguousarray(m.T.astype(np.float32))
        lib.vxCopyMatrix(mat, ffi.cast("void*", t.ctypes.data), lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
        b.keep.append(mat)
        return mat

    def vx_remap():
        r = lib.vxCreateRemap(b.c, w, h, w, h)
        pts = np.ascontiguousarray(np.stack([mapx, mapy], axis=-1))
        rect = ffi.new("vx_rectangle_t*", (0, 0, w, h))
        lib.vxCopyRemapPatch(r, rect, w * 8, ffi.cast("void*", pts.ctypes.data), lib.VX_TYPE_COORDINATES2DF,
                             lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
        b.keep.append(r)
        return r

    def vx_lut():
        l_ = lib.vxCreateLUT(b.c, lib.VX_TYPE_UINT8, 256)
        lib.vxCopyLUT(l_, ffi.cast("void*", lut.ctypes.data), lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
        b.keep.append(l_)
        return l_

    def vx_thresh():
        t = lib.vxCreateThresholdForImage(b.c, lib.VX_THRESHOLD_TYPE_BINARY, U8, U8)
        v = ffi.new("vx_pixel_value_t*")
        v.U8 = 127
        lib.vxCopyThresholdValue(t, v, lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
        b.keep.append(t)
        return t

    def vx_canny_thresh():
        t = lib.vxCreateThresholdForImage(b.c, lib.VX_THRESHOLD_TYPE_RANGE, U8, U8)
        lo, hi = ffi.new("vx_pixel_value_t*"), ffi.new("vx_pixel_value_t*")
        lo.U8, hi.U8 = 80, 100
        lib.vxCopyThresholdRange(t, lo, hi, lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
        b.keep.append(t)
        return t

    def vx_conv(k):
        cv = lib.vxCreateConvolution(b.c, k.shape[1], k.shape[0])
        kk = np.ascontiguousarray(k.astype(np.int16))
        lib.vxCopyConvolutionCoefficients(cv, ffi.cast("void*", kk.ctypes.data), lib.VX_WRITE_ONLY,
                                          lib.VX_MEMORY_TYPE_HOST)
        sc = ffi.new("vx_uint32*", 16)
        lib.vxSetConvolutionAttribute(cv, lib.VX_CONVOLUTION_SCALE, sc, 4)
        b.keep.append(cv)
        return cv

    def vx_pattern(n):
        m = lib.vxCreateMatrixFromPattern(b.c, lib.VX_PATTERN_BOX, n, n)
        b.keep.append(m)
        return m

    def vx_dist():
        d = lib.vxCreateDistribution(b.c, 256, 0, 256)
        b.keep.append(d)
        return d

    def vx_pyr(levels, scale, fmt=U8):
        p = lib.vxCreatePyramid(b.c, levels, scale, w, h, fmt)
        b.keep.append(p)
        return p

    def vx_array(t, cap):
        arr = lib.vxCreateArray(b.c, t, cap)
        b.keep.append(arr)
        return arr

    k5 = np.array([[1, 4, 6, 4, 1], [4, 16, 24, 16, 4], [6, 24, 36, 24, 6], [4, 16, 24, 16, 4], [1, 4, 6, 4, 1]])
    k5 = (k5 // 16).astype(np.int16)
    yuv_i420 = cv2.cvtColor(b.rgb, cv2.COLOR_RGB2YUV_I420)
    fast = cv2.FastFeatureDetector_create(threshold=40, nonmaxSuppression=True)
    pts_prev = np.array([[x, y] for y in range(20, h - 20, 60) for x in range(20, w - 20, 60)], np.float32)

    return [
        ("AbsDiff", lambda g: lib.vxAbsDiffNode(g, b.img(a), b.img(bb), b.out(U8)),
         lambda: cv2.absdiff(a, bb), "absdiff"),
        ("Add U8 sat", lambda g: lib.vxAddNode(g, b.img(a), b.img(bb), sat, b.out(U8)),
         lambda: cv2.add(a, bb), "add"),
        ("Subtract U8 sat", lambda g: lib.vxSubtractNode(g, b.img(a), b.img(bb), sat, b.out(U8)),
         lambda: cv2.subtract(a, bb), "subtract"),
        ("Multiply 1/255", lambda g: lib.vxMultiplyNode(g, b.img(a), b.img(bb), b.scalar("vx_float32",
                                                       lib.VX_TYPE_FLOAT32, 1 / 255.0), sat,
                                                       lib.VX_ROUND_POLICY_TO_NEAREST_EVEN, b.out(U8)),
         lambda: cv2.multiply(a, bb, scale=1 / 255.0), "multiply"),
        ("And", lambda g: lib.vxAndNode(g, b.img(a), b.img(bb), b.out(U8)),
         lambda: cv2.bitwise_and(a, bb), "bitwise_and"),
        ("Or", lambda g: lib.vxOrNode(g, b.img(a), b.img(bb), b.out(U8)), lambda: cv2.bitwise_or(a, bb),
         "bitwise_or"),
        ("Xor", lambda g: lib.vxXorNode(g, b.img(a), b.img(bb), b.out(U8)), lambda: cv2.bitwise_xor(a, bb),
         "bitwise_xor"),
        ("Not", lambda g: lib.vxNotNode(g, b.img(a), b.out(U8)), lambda: cv2.bitwise_not(a), "bitwise_not"),
        ("WeightedAverage", lambda g: lib.vxWeightedAverageNode(g, b.img(a), b.scalar("vx_float32",
                                                                lib.VX_TYPE_FLOAT32, 0.3), b.img(bb), b.out(U8)),
         lambda: cv2.addWeighted(a, 0.3, bb, 0.7, 0), "addWeighted"),
        ("Threshold binary", lambda g: lib.vxThresholdNode(g, b.img(a), vx_thresh(), b.out(U8)),
         lambda: cv2.threshold(a, 127, 255, cv2.THRESH_BINARY), "threshold"),
        ("TableLookup", lambda g: lib.vxTableLookupNode(g, b.img(a), vx_lut(), b.out(U8)),
         lambda: cv2.LUT(a, lut), "LUT"),
        ("ConvertDepth U8->S16", lambda g: lib.vxConvertDepthNode(g, b.img(a), b.out(S16), sat,
                                                                  b.scalar("vx_int32", lib.VX_TYPE_INT32, 2)),
         lambda: cv2.convertScaleAbs(a, alpha=4.0), "convertScaleAbs (U8 out)"),
        ("Box3x3", lambda g: lib.vxBox3x3Node(g, b.img(a), b.out(U8)), lambda: cv2.blur(a, (3, 3)), "blur 3x3"),
        ("Gaussian3x3", lambda g: lib.vxGaussian3x3Node(g, b.img(a), b.out(U8)),
         lambda: cv2.GaussianBlur(a, (3, 3), 0), "GaussianBlur 3x3"),
        ("Median3x3", lambda g: lib.vxMedian3x3Node(g, b.img(a), b.out(U8)), lambda: cv2.medianBlur(a, 3),
         "medianBlur 3"),
        ("Dilate3x3", lambda g: lib.vxDilate3x3Node(g, b.img(a), b.out(U8)), lambda: cv2.dilate(a, k3),
         "dilate 3x3"),
        ("Erode3x3", lambda g: lib.vxErode3x3Node(g, b.img(a), b.out(U8)), lambda: cv2.erode(a, k3),
         "erode 3x3"),
        ("Sobel3x3", lambda g: lib.vxSobel3x3Node(g, b.img(a), b.out(S16), b.out(S16)),
         lambda: (cv2.Sobel(a, cv2.CV_16S, 1, 0), cv2.Sobel(a, cv2.CV_16S, 0, 1)), "Sobel dx + dy"),
        ("Convolve 5x5", lambda g: lib.vxConvolveNode(g, b.img(a), vx_conv(k5), b.out(U8)),
         lambda: cv2.filter2D(a, -1, k5.astype(np.float32) / 16), "filter2D 5x5"),
        ("NonLinearFilter med5", lambda g: lib.vxNonLinearFilterNode(g, lib.VX_NONLINEAR_FILTER_MEDIAN, b.img(a),
                                                                     vx_pattern(5), b.out(U8)),
         lambda: cv2.medianBlur(a, 5), "medianBlur 5"),
        ("Magnitude", lambda g: lib.vxMagnitudeNode(g, b.img(b.s16a), b.img(b.s16b), b.out(S16)),
         lambda: cv2.magnitude(fa, fb), "magnitude (F32)"),
        ("Phase", lambda g: lib.vxPhaseNode(g, b.img(b.s16a), b.img(b.s16b), b.out(U8)),
         lambda: cv2.phase(fa, fb), "phase (F32)"),
        ("ColorConvert RGB->IYUV", lambda g: lib.vxColorConvertNode(g, b.img(b.rgb), b.out(lib.VX_DF_IMAGE_IYUV)),
         lambda: cv2.cvtColor(b.rgb, cv2.COLOR_RGB2YUV_I420), "cvtColor RGB2YUV_I420"),
        ("ColorConvert IYUV->RGB", lambda g: lib.vxColorConvertNode(g, iyuv_image(b, yuv_i420),
                                                                    b.out(lib.VX_DF_IMAGE_RGB)),
         lambda: cv2.cvtColor(yuv_i420, cv2.COLOR_YUV2RGB_I420), "cvtColor YUV2RGB_I420"),
        ("ChannelExtract G", lambda g: lib.vxChannelExtractNode(g, b.img(b.rgb), lib.VX_CHANNEL_G, b.out(U8)),
         lambda: cv2.extractChannel(b.rgb, 1), "extractChannel"),
        ("ChannelCombine RGB", lambda g: lib.vxChannelCombineNode(g, b.img(a), b.img(bb), b.img(a), ffi.NULL,
                                                                  b.out(lib.VX_DF_IMAGE_RGB)),
         lambda: cv2.merge([a, bb, a]), "merge"),
        ("Histogram", lambda g: lib.vxHistogramNode(g, b.img(a), vx_dist()),
         lambda: cv2.calcHist([a], [0], None, [256], [0, 256]), "calcHist"),
        ("EqualizeHist", lambda g: lib.vxEqualizeHistNode(g, b.img(a), b.out(U8)), lambda: cv2.equalizeHist(a),
         "equalizeHist"),
        ("MeanStdDev", lambda g: lib.vxMeanStdDevNode(g, b.img(a), b.scalar("vx_float32", lib.VX_TYPE_FLOAT32, 0),
                                                      b.scalar("vx_float32", lib.VX_TYPE_FLOAT32, 0)),
         lambda: cv2.meanStdDev(a), "meanStdDev"),
        ("MinMaxLoc", lambda g: lib.vxMinMaxLocNode(g, b.img(a), b.scalar("vx_uint8", lib.VX_TYPE_UINT8, 0),
                                                    b.scalar("vx_uint8", lib.VX_TYPE_UINT8, 0), ffi.NULL, ffi.NULL,
                                                    ffi.NULL, ffi.NULL),
         lambda: cv2.minMaxLoc(a), "minMaxLoc"),
        ("IntegralImage", lambda g: lib.vxIntegralImageNode(g, b.img(a), b.out(lib.VX_DF_IMAGE_U32)),
         lambda: cv2.integral(a), "integral (S32, +1 row/col)"),
        ("ScaleImage half bilinear", lambda g: lib.vxScaleImageNode(g, b.img(a), b.out(U8, w // 2, h // 2),
                                                                    lib.VX_INTERPOLATION_BILINEAR),
         lambda: cv2.resize(a, (w // 2, h // 2), interpolation=cv2.INTER_LINEAR), "resize LINEAR"),
        ("ScaleImage half area", lambda g: lib.vxScaleImageNode(g, b.img(a), b.out(U8, w // 2, h // 2),
                                                                lib.VX_INTERPOLATION_AREA),
         lambda: cv2.resize(a, (w // 2, h // 2), interpolation=cv2.INTER_AREA), "resize AREA"),
        # the other ratios of issue 15: double size (a half-size input to the full size) and an arbitrary
        # ratio (2/3 of each side) in each interpolation
        ("ScaleImage double bilinear", lambda g: lib.vxScaleImageNode(g, b.img(a_half), b.out(U8),
                                                                      lib.VX_INTERPOLATION_BILINEAR),
         lambda: cv2.resize(a_half, (w, h), interpolation=cv2.INTER_LINEAR), "resize LINEAR"),
        ("ScaleImage double nearest", lambda g: lib.vxScaleImageNode(g, b.img(a_half), b.out(U8),
                                                                     lib.VX_INTERPOLATION_NEAREST_NEIGHBOR),
         lambda: cv2.resize(a_half, (w, h), interpolation=cv2.INTER_NEAREST), "resize NEAREST"),
        ("ScaleImage 2/3 bilinear", lambda g: lib.vxScaleImageNode(g, b.img(a), b.out(U8, w23, h23),
                                                                   lib.VX_INTERPOLATION_BILINEAR),
         lambda: cv2.resize(a, (w23, h23), interpolation=cv2.INTER_LINEAR), "resize LINEAR"),
        ("ScaleImage 2/3 nearest", lambda g: lib.vxScaleImageNode(g, b.img(a), b.out(U8, w23, h23),
                                                                  lib.VX_INTERPOLATION_NEAREST_NEIGHBOR),
         lambda: cv2.resize(a, (w23, h23), interpolation=cv2.INTER_NEAREST), "resize NEAREST"),
        ("ScaleImage 2/3 area", lambda g: lib.vxScaleImageNode(g, b.img(a), b.out(U8, w23, h23),
                                                               lib.VX_INTERPOLATION_AREA),
         lambda: cv2.resize(a, (w23, h23), interpolation=cv2.INTER_AREA), "resize AREA"),
        ("HalfScaleGaussian 5", lambda g: lib.vxHalfScaleGaussianNode(g, b.img(a),
                                                                      b.out(U8, (w + 1) // 2, (h + 1) // 2), 5),
         lambda: cv2.pyrDown(a), "pyrDown"),
        ("WarpAffine bilinear", lambda g: lib.vxWarpAffineNode(g, b.img(a), vx_matrix(aff),
                                                               lib.VX_INTERPOLATION_BILINEAR, b.out(U8)),
         lambda: cv2.warpAffine(a, aff, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP),
         "warpAffine LINEAR"),
        ("WarpPerspective bilinear", lambda g: lib.vxWarpPerspectiveNode(g, b.img(a), vx_matrix(persp),
                                                                         lib.VX_INTERPOLATION_BILINEAR, b.out(U8)),
         lambda: cv2.warpPerspective(a, persp, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP),
         "warpPerspective LINEAR"),
        ("Remap bilinear", lambda g: lib.vxRemapNode(g, b.img(a), vx_remap(), lib.VX_INTERPOLATION_BILINEAR,
                                                     b.out(U8)),
         lambda: cv2.remap(a, mapx, mapy, cv2.INTER_LINEAR), "remap LINEAR"),
        ("WarpAffine nearest", lambda g: lib.vxWarpAffineNode(g, b.img(a), vx_matrix(aff),
                                                              lib.VX_INTERPOLATION_NEAREST_NEIGHBOR, b.out(U8)),
         lambda: cv2.warpAffine(a, aff, (w, h), flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP),
         "warpAffine NEAREST"),
        ("WarpPerspective nearest", lambda g: lib.vxWarpPerspectiveNode(g, b.img(a), vx_matrix(persp),
                                                                        lib.VX_INTERPOLATION_NEAREST_NEIGHBOR,
                                                                        b.out(U8)),
         lambda: cv2.warpPerspective(a, persp, (w, h), flags=cv2.INTER_NEAREST | cv2.WARP_INVERSE_MAP),
         "warpPerspective NEAREST"),
        ("Remap nearest", lambda g: lib.vxRemapNode(g, b.img(a), vx_remap(), lib.VX_INTERPOLATION_NEAREST_NEIGHBOR,
                                                    b.out(U8)),
         lambda: cv2.remap(a, mapx, mapy, cv2.INTER_NEAREST), "remap NEAREST"),
        ("GaussianPyramid 4 half", lambda g: lib.vxGaussianPyramidNode(g, b.img(a), vx_pyr(4, 0.5)),
         lambda: gaussian_pyramid_cv(a, 3), "pyrDown x3"),
        ("LaplacianPyramid 4", lambda g: lib.vxLaplacianPyramidNode(g, b.img(a), vx_pyr(3, 0.5, S16),
                                                                    b.out(U8, (w + 7) // 8, (h + 7) // 8)),
         lambda: laplacian_cv(a, 3), "pyrDown/pyrUp/subtract"),
        ("LaplacianReconstruct 4", lambda g: lrec_node(b, g, a, vx_pyr),
         lambda: laplacian_reconstruct_cv(lap_cv), "pyrUp/add"),
        ("Canny 3 L1", lambda g: lib.vxCannyEdgeDetectorNode(g, b.img(a), vx_canny_thresh(), 3, lib.VX_NORM_L1,
                                                             b.out(U8)),
         lambda: cv2.Canny(a, 80, 100, apertureSize=3), "Canny"),
        ("HarrisCorners", lambda g: lib.vxHarrisCornersNode(g, b.img(a), b.scalar("vx_float32",
                                                            lib.VX_TYPE_FLOAT32, 1e-3),
                                                            b.scalar("vx_float32", lib.VX_TYPE_FLOAT32, 3.0),
                                                            b.scalar("vx_float32", lib.VX_TYPE_FLOAT32, 0.04), 3, 3,
                                                            vx_array(lib.VX_TYPE_KEYPOINT, 100000), ffi.NULL),
         lambda: cv2.cornerHarris(a, 3, 3, 0.04), "cornerHarris (no selection)"),
        ("FastCorners nms", lambda g: lib.vxFastCornersNode(g, b.img(a), b.scalar("vx_float32", lib.VX_TYPE_FLOAT32,
                                                                                  40.0), 1,
                                                            vx_array(lib.VX_TYPE_KEYPOINT, 200000), ffi.NULL),
         lambda: fast.detect(a), "FastFeatureDetector"),
        ("OptFlowPyrLK", lambda g: optflow_node(b, g, a, bb, pts_prev, vx_pyr),
         lambda: cv2.calcOpticalFlowPyrLK(a, bb, pts_prev, None, winSize=(9, 9), maxLevel=3),
         "calcOpticalFlowPyrLK"),
    ]


def filled(b, fmt, w=None, h=None):
    """An image of any format with random bytes in every plane."""
    w, h = w or b.w, h or b.h
    im = lib.vxCreateImage(b.c, w, h, fmt)
    planes = ffi.new("vx_size*")
    lib.vxQueryImage(im, lib.VX_IMAGE_PLANES, planes, ffi.sizeof("vx_size"))
    rng = np.random.default_rng(3)
    for p in range(planes[0]):
        rect = ffi.new("vx_rectangle_t*", (0, 0, w, h))
        addr = ffi.new("vx_imagepatch_addressing_t*")
        ptr, mid = ffi.new("void**"), ffi.new("vx_map_id*")
        lib.vxMapImagePatch(im, rect, p, mid, addr, ptr, lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST, 0)
        nbytes = addr.stride_y * (addr.dim_y * addr.scale_y // lib.VX_SCALE_UNITY)  # rows of this plane
        ffi.memmove(ptr[0], rng.bytes(nbytes), nbytes)
        lib.vxUnmapImagePatch(im, mid[0])
    b.keep.append(im)
    return im


def speed1_functions(b):
    """More functions of issue 12 (formats, policies and pairs beyond the first table)."""
    U8, S16, U1 = lib.VX_DF_IMAGE_U8, lib.VX_DF_IMAGE_S16, lib.VX_DF_IMAGE_U1
    RGB, RGBX, IYUV = lib.VX_DF_IMAGE_RGB, lib.VX_DF_IMAGE_RGBX, lib.VX_DF_IMAGE_IYUV
    a, bb, sa, sb = b.u8a, b.u8b, b.s16a, b.s16b
    sat, wrap = lib.VX_CONVERT_POLICY_SATURATE, lib.VX_CONVERT_POLICY_WRAP
    rne, rz = lib.VX_ROUND_POLICY_TO_NEAREST_EVEN, lib.VX_ROUND_POLICY_TO_ZERO
    w, h = b.w, b.h
    pa, pb = np.packbits(a > 127, axis=1), np.packbits(bb > 127, axis=1)  # U1 rows as OpenCV sees bytes
    acc = np.zeros((h, w), np.float32)
    rgba = cv2.cvtColor(b.rgb, cv2.COLOR_RGB2RGBA)
    i420 = cv2.cvtColor(b.rgb, cv2.COLOR_RGB2YUV_I420)
    nv12 = i420.copy()  # same size and layout class as NV12 (Y plane, then w x h/2 bytes of chroma)
    yuyv = np.ascontiguousarray(b.rgb[:, :, :2])
    lut16 = np.arange(256, dtype=np.uint8)[::-1].copy()

    def f32(v):
        return b.scalar("vx_float32", lib.VX_TYPE_FLOAT32, v)

    def thresh(kind, fin, fout, lo=100, hi=180):
        t = lib.vxCreateThresholdForImage(b.c, kind, fin, fout)
        v1, v2 = ffi.new("vx_pixel_value_t*"), ffi.new("vx_pixel_value_t*")
        if fin == S16:
            v1.S16, v2.S16 = lo * 8, hi * 8
        else:
            v1.U8, v2.U8 = lo, hi
        if kind == lib.VX_THRESHOLD_TYPE_BINARY:
            lib.vxCopyThresholdValue(t, v1, lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
        else:
            lib.vxCopyThresholdRange(t, v1, v2, lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
        b.keep.append(t)
        return t

    def lut_s16():
        t = lib.vxCreateLUT(b.c, lib.VX_TYPE_INT16, 65536)
        v = (np.arange(65536, dtype=np.int32) * 7 % 65536 - 32768).astype(np.int16)
        lib.vxCopyLUT(t, ffi.cast("void*", v.ctypes.data), lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
        b.keep.append(t)
        return t

    def acc_img(fmt):
        return filled(b, fmt)

    def cvt(src_fmt, dst_fmt):
        return lambda g: lib.vxColorConvertNode(g, filled(b, src_fmt), b.out(dst_fmt))

    def cond(v):
        return b.scalar("vx_bool", lib.VX_TYPE_BOOL, v)

    R = lib
    return [
        ("Add U8 wrap", lambda g: R.vxAddNode(g, b.img(a), b.img(bb), wrap, b.out(U8)),
         lambda: cv2.add(a, bb), "add (saturating: OpenCV has no wrap)"),
        ("Add S16 sat", lambda g: R.vxAddNode(g, b.img(sa), b.img(sb), sat, b.out(S16)),
         lambda: cv2.add(sa, sb), "add S16"),
        ("Add U8+U8->S16", lambda g: R.vxAddNode(g, b.img(a), b.img(bb), sat, b.out(S16)),
         lambda: cv2.add(a, bb, dtype=cv2.CV_16S), "add dtype S16"),
        ("Subtract S16 sat", lambda g: R.vxSubtractNode(g, b.img(sa), b.img(sb), sat, b.out(S16)),
         lambda: cv2.subtract(sa, sb), "subtract S16"),
        ("AbsDiff S16", lambda g: R.vxAbsDiffNode(g, b.img(sa), b.img(sb), b.out(S16)),
         lambda: cv2.absdiff(sa, sb), "absdiff S16"),
        ("Multiply U8 scale 1", lambda g: R.vxMultiplyNode(g, b.img(a), b.img(bb), f32(1.0), sat, rz, b.out(U8)),
         lambda: cv2.multiply(a, bb), "multiply"),
        ("Multiply U8 scale 2", lambda g: R.vxMultiplyNode(g, b.img(a), b.img(bb), f32(2.0), sat, rz, b.out(U8)),
         lambda: cv2.multiply(a, bb, scale=2.0), "multiply scale 2"),
        ("Multiply U8xU8->S16 1/255", lambda g: R.vxMultiplyNode(g, b.img(a), b.img(bb), f32(1 / 255.0), sat, rne,
                                                                 b.out(S16)),
         lambda: cv2.multiply(a, bb, scale=1 / 255.0, dtype=cv2.CV_16S), "multiply dtype S16"),
        ("Multiply S16 1/2^15", lambda g: R.vxMultiplyNode(g, b.img(sa), b.img(sb), f32(1 / 32768.0), sat, rne,
                                                           b.out(S16)),
         lambda: cv2.multiply(sa, sb, scale=1 / 32768.0), "multiply S16"),
        ("And U1", lambda g: R.vxAndNode(g, filled(b, U1), filled(b, U1), b.out(U1)),
         lambda: cv2.bitwise_and(pa, pb), "bitwise_and on packed bytes"),
        ("Or U1", lambda g: R.vxOrNode(g, filled(b, U1), filled(b, U1), b.out(U1)),
         lambda: cv2.bitwise_or(pa, pb), "bitwise_or on packed bytes"),
        ("Xor U1", lambda g: R.vxXorNode(g, filled(b, U1), filled(b, U1), b.out(U1)),
         lambda: cv2.bitwise_xor(pa, pb), "bitwise_xor on packed bytes"),
        ("Not U1", lambda g: R.vxNotNode(g, filled(b, U1), b.out(U1)),
         lambda: cv2.bitwise_not(pa), "bitwise_not on packed bytes"),
        ("Threshold range", lambda g: R.vxThresholdNode(g, b.img(a), thresh(R.VX_THRESHOLD_TYPE_RANGE, U8, U8),
                                                        b.out(U8)),
         lambda: cv2.inRange(a, 100, 180), "inRange"),
        ("Threshold binary U8->U1", lambda g: R.vxThresholdNode(g, b.img(a), thresh(R.VX_THRESHOLD_TYPE_BINARY, U8,
                                                                                     U1), b.out(U1)),
         lambda: cv2.threshold(a, 100, 255, cv2.THRESH_BINARY), "threshold (U8 out)"),
        ("Threshold binary S16", lambda g: R.vxThresholdNode(g, b.img(sa), thresh(R.VX_THRESHOLD_TYPE_BINARY, S16,
                                                                                   U8), b.out(U8)),
         lambda: cv2.threshold(sa, 800, 255, cv2.THRESH_BINARY), "threshold S16 (S16 out)"),
        ("TableLookup S16", lambda g: R.vxTableLookupNode(g, b.img(sa), lut_s16(), b.out(S16)),
         lambda: cv2.LUT(a, lut16), "LUT (U8: OpenCV has no S16 LUT)"),
        ("ConvertDepth S16->U8", lambda g: R.vxConvertDepthNode(g, b.img(sa), b.out(U8), sat,
                                                                b.scalar("vx_int32", R.VX_TYPE_INT32, 2)),
         lambda: cv2.convertScaleAbs(sa, alpha=0.25), "convertScaleAbs (abs: closest)"),
        ("ConvertDepth U8->U1", lambda g: R.vxConvertDepthNode(g, b.img(a), b.out(U1), sat,
                                                               b.scalar("vx_int32", R.VX_TYPE_INT32, 0)),
         lambda: cv2.compare(a, 0, cv2.CMP_NE), "compare != 0 (U8 out)"),
        ("ConvertDepth U1->U8", lambda g: R.vxConvertDepthNode(g, filled(b, U1), b.out(U8), sat,
                                                               b.scalar("vx_int32", R.VX_TYPE_INT32, 0)),
         lambda: cv2.compare(a, 0, cv2.CMP_NE), "compare != 0 (U8 in: closest)"),
        ("Accumulate", lambda g: R.vxAccumulateImageNode(g, b.img(a), acc_img(S16)),
         lambda: cv2.accumulate(a, acc), "accumulate (F32 acc)"),
        ("AccumulateWeighted", lambda g: R.vxAccumulateWeightedImageNode(g, b.img(a), f32(0.3), acc_img(U8)),
         lambda: cv2.accumulateWeighted(a, acc, 0.3), "accumulateWeighted (F32 acc)"),
        ("AccumulateSquare", lambda g: R.vxAccumulateSquareImageNode(g, b.img(a), b.scalar("vx_uint32",
                                                                                          R.VX_TYPE_UINT32, 4),
                                                                     acc_img(S16)),
         lambda: cv2.accumulateSquare(a, acc), "accumulateSquare (F32 acc)"),
        ("ColorConvert RGB->NV12", cvt(RGB, R.VX_DF_IMAGE_NV12),
         lambda: cv2.cvtColor(b.rgb, cv2.COLOR_RGB2YUV_I420), "cvtColor RGB2YUV_I420 (no NV12 output)"),
        ("ColorConvert RGB->YUV4", cvt(RGB, R.VX_DF_IMAGE_YUV4),
         lambda: cv2.cvtColor(b.rgb, cv2.COLOR_RGB2YUV), "cvtColor RGB2YUV"),
        ("ColorConvert RGB->RGBX", cvt(RGB, RGBX), lambda: cv2.cvtColor(b.rgb, cv2.COLOR_RGB2RGBA),
         "cvtColor RGB2RGBA"),
        ("ColorConvert RGBX->RGB", cvt(RGBX, RGB), lambda: cv2.cvtColor(rgba, cv2.COLOR_RGBA2RGB),
         "cvtColor RGBA2RGB"),
        ("ColorConvert RGBX->IYUV", cvt(RGBX, IYUV), lambda: cv2.cvtColor(rgba, cv2.COLOR_RGBA2YUV_I420),
         "cvtColor RGBA2YUV_I420"),
        ("ColorConvert NV12->RGB", cvt(R.VX_DF_IMAGE_NV12, RGB),
         lambda: cv2.cvtColor(nv12, cv2.COLOR_YUV2RGB_NV12), "cvtColor YUV2RGB_NV12"),
        ("ColorConvert NV21->RGBX", cvt(R.VX_DF_IMAGE_NV21, RGBX),
         lambda: cv2.cvtColor(nv12, cv2.COLOR_YUV2RGBA_NV21), "cvtColor YUV2RGBA_NV21"),
        ("ColorConvert IYUV->RGBX", cvt(IYUV, RGBX),
         lambda: cv2.cvtColor(i420, cv2.COLOR_YUV2RGBA_I420), "cvtColor YUV2RGBA_I420"),
        ("ColorConvert UYVY->RGB", cvt(R.VX_DF_IMAGE_UYVY, RGB),
         lambda: cv2.cvtColor(yuyv, cv2.COLOR_YUV2RGB_UYVY), "cvtColor YUV2RGB_UYVY"),
        ("ColorConvert YUYV->RGB", cvt(R.VX_DF_IMAGE_YUYV, RGB),
         lambda: cv2.cvtColor(yuyv, cv2.COLOR_YUV2RGB_YUYV), "cvtColor YUV2RGB_YUYV"),
        ("ColorConvert NV12->IYUV", cvt(R.VX_DF_IMAGE_NV12, IYUV),
         lambda: cv2.cvtColor(cv2.cvtColor(nv12, cv2.COLOR_YUV2GRAY_NV12), cv2.COLOR_GRAY2BGR),
         "two cvtColor (no NV12->I420: closest)"),
        ("ChannelExtract R of RGBX", lambda g: R.vxChannelExtractNode(g, filled(b, RGBX), R.VX_CHANNEL_R, b.out(U8)),
         lambda: cv2.extractChannel(rgba, 0), "extractChannel"),
        ("ChannelExtract U of IYUV", lambda g: R.vxChannelExtractNode(g, filled(b, IYUV), R.VX_CHANNEL_U,
                                                                     b.out(U8, w // 2, h // 2)),
         lambda: np.copyto(np.empty((h // 2, w // 2), np.uint8), i420[h:h + h // 4].reshape(h // 2, w // 2)),
         "plane copy (numpy: closest)"),
        ("ChannelCombine RGBX", lambda g: R.vxChannelCombineNode(g, b.img(a), b.img(bb), b.img(a), b.img(bb),
                                                                b.out(RGBX)),
         lambda: cv2.merge([a, bb, a, bb]), "merge 4"),
        ("Min S16", lambda g: R.vxMinNode(g, b.img(sa), b.img(sb), b.out(S16)), lambda: cv2.min(sa, sb), "min S16"),
        ("Max S16", lambda g: R.vxMaxNode(g, b.img(sa), b.img(sb), b.out(S16)), lambda: cv2.max(sa, sb), "max S16"),
        ("Copy U8", lambda g: R.vxCopyNode(g, ffi.cast("vx_reference", b.img(a)), ffi.cast("vx_reference",
                                                                                             b.out(U8))),
         lambda: cv2.copyTo(a, None), "copyTo"),
        ("Select U8", lambda g: R.vxSelectNode(g, cond(1), ffi.cast("vx_reference", b.img(a)),
                                               ffi.cast("vx_reference", b.img(bb)), ffi.cast("vx_reference",
                                                                                            b.out(U8))),
         lambda: cv2.copyTo(a, None), "copyTo (closest)"),
    ]


def vx_tensor_of(b, arr, dtype, fpp=0):
    """A tensor holding arr (NumPy axes reversed: OpenVX dim 0 is the fastest)."""
    dims = ffi.new("vx_size[]", list(reversed(arr.shape)))
    t = lib.vxCreateTensor(b.c, arr.ndim, dims, dtype, fpp)
    a = np.ascontiguousarray(arr)
    strides = ffi.new("vx_size[]", list(reversed(a.strides)))
    start = ffi.new("vx_size[]", [0] * arr.ndim)
    lib.vxCopyTensorPatch(t, arr.ndim, start, dims, strides, ffi.cast("void*", a.ctypes.data),
                          lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
    b.keep.append(t)
    return t


def vx_tensor_out(b, shape, dtype, fpp=0):
    dims = ffi.new("vx_size[]", list(reversed(shape)))
    t = lib.vxCreateTensor(b.c, len(shape), dims, dtype, fpp)
    b.keep.append(t)
    return t


def hog_calls(cv, a):
    """OpenCV's HOG calls on image a (module cv: this cv2, or OpenCV 4's in
    the child, which runs this function's source): the cells' closest (one-cell
    blocks, the image cropped to whole cells one window) and the features'
    (64x128 windows, 16x16 blocks, stride 8, 8x8 cells, 9 bins)."""
    h8, w8 = a.shape[0] // 8 * 8, a.shape[1] // 8 * 8
    a8 = np.ascontiguousarray(a[:h8, :w8])
    cells = cv.HOGDescriptor((w8, h8), (8, 8), (8, 8), (8, 8), 9)
    feats = cv.HOGDescriptor((64, 128), (16, 16), (8, 8), (8, 8), 9)
    return {"cells": lambda: cells.compute(a8), "features": lambda: feats.compute(a, (8, 8))}


CV4_CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
import numpy as np, cv2
work = hog_calls(cv2, np.load(sys.argv[2]))
print(cv2.__version__, flush=True)
for line in sys.stdin:
    f = work[line.strip()]
    t = time.perf_counter()
    f()
    print(repr(time.perf_counter() - t), flush=True)
"""


class Cv4Child:
    """OpenCV 4's HOGDescriptor on image a in a child process (this cv2, OpenCV
    5, has none): call(what) returns the seconds the child's call took."""

    def __init__(self, cv4_dir, a):
        import subprocess
        import tempfile
        self.tmp = tempfile.NamedTemporaryFile(suffix=".npy", delete=False)
        np.save(self.tmp, a)
        self.tmp.close()
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
        import inspect
        code = CV4_CHILD.replace("work = ", inspect.getsource(hog_calls) + "\nwork = ", 1)
        self.p = subprocess.Popen([sys.executable, "-c", code, cv4_dir, self.tmp.name], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, env=env)
        self.version = self.p.stdout.readline().split()[0]

    def call(self, what):
        self.p.stdin.write(what + "\n")
        self.p.stdin.flush()
        return float(self.p.stdout.readline())

    def close(self):
        self.p.stdin.close()
        self.p.wait()
        os.unlink(self.tmp.name)


HOG_NAMES = ("HOGCells 8x8 9 bins", "HOGFeatures 64x128 +cells")


def hog_functions(b, cv4_dir):
    """HOGCells and HOGFeatures (64x128 windows, 16x16 blocks, stride 8, 8x8 cells, 9 bins) against
    OpenCV's HOGDescriptor: this cv2's, or OpenCV 4's in a child process (Cv4Child), or none."""
    a, w, h = b.u8a, b.w, b.h
    cx, cy = w // 8, h // 8
    wx, wy = (w - 64) // 8 + 1, (h - 128) // 8 + 1
    i16 = lib.VX_TYPE_INT16

    def cells(g):
        return lib.vxHOGCellsNode(g, b.img(a), 8, 8, 9, vx_tensor_out(b, (cy, cx), i16),
                                  vx_tensor_out(b, (9, cy, cx), i16))

    def features(g):  # HOGCells then HOGFeatures, as OpenCV's call does both
        mag = lib.vxCreateVirtualTensor(g, 2, ffi.new("vx_size[]", [cx, cy]), i16, 0)
        bins = lib.vxCreateVirtualTensor(g, 3, ffi.new("vx_size[]", [cx, cy, 9]), i16, 0)
        lib.vxHOGCellsNode(g, b.img(a), 8, 8, 9, mag, bins)
        hp = ffi.new("vx_hog_t*", (8, 8, 16, 16, 8, 9, 64, 128, 8, 0.2))
        return lib.vxHOGFeaturesNode(g, b.img(a), mag, bins, hp, ffi.sizeof("vx_hog_t"),
                                     vx_tensor_out(b, (3780, wy, wx), i16, 8))
    names = HOG_NAMES
    cell_call = "HOGDescriptor.compute, one-cell blocks, the image one window (closest)"
    feat_call = "HOGDescriptor.compute 64x128, winStride 8 (ours: HOGCells + HOGFeatures)"
    if hasattr(cv2, "HOGDescriptor"):
        calls = hog_calls(cv2, a)
        return [(names[0], cells, calls["cells"], cell_call), (names[1], features, calls["features"], feat_call)]
    if not cv4_dir:
        why = "OpenCV %s has no HOGDescriptor: give --cv4 DIR (see the module's documentation)" % cv2.__version__
        return [(names[0], cells, None, why), (names[1], features, None, why)]
    child = Cv4Child(cv4_dir, a)
    b.children.append(child)
    where = "(OpenCV %s in a child; " % child.version
    return [(names[0], cells, lambda: child.call("cells"), cell_call.replace("(", where, 1)),
            (names[1], features, lambda: child.call("features"), feat_call.replace("(", where, 1))]


def enhanced_functions(b):
    """The enhanced-vision functions (OpenVX 1.3 vision_enhanced feature set)."""
    U8, S16 = lib.VX_DF_IMAGE_U8, lib.VX_DF_IMAGE_S16
    a, bb = b.u8a, b.u8b
    w, h = b.w, b.h
    q78 = lib.VX_TYPE_INT16
    ta = (b.s16a // 16).astype(np.int16)
    tb = (b.s16b // 16).astype(np.int16)
    fa, fb = ta.astype(np.float32), tb.astype(np.float32)
    m1 = (np.arange(256 * 256, dtype=np.int16).reshape(256, 256) % 7).astype(np.int16)
    templ = a[100:116, 200:216].copy()
    edges = cv2.Canny(a, 200, 250)
    hough = ffi.new("vx_hough_lines_p_t*", (1.0, float(np.pi / 180), 50, 30, 10, float(np.pi), 0.0))
    sat, rne = lib.VX_CONVERT_POLICY_SATURATE, lib.VX_ROUND_POLICY_TO_NEAREST_EVEN
    lut = np.arange(256, dtype=np.uint8)[::-1].copy()

    def vx_lut():
        l_ = lib.vxCreateLUT(b.c, lib.VX_TYPE_UINT8, 256)
        lib.vxCopyLUT(l_, ffi.cast("void*", lut.ctypes.data), lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
        b.keep.append(l_)
        return l_
    mm = ffi.new("vx_tensor_matrix_multiply_params_t*", (0, 0, 0))

    def lines_array():
        arr = lib.vxCreateArray(b.c, lib.VX_TYPE_LINE_2D, 100000)
        b.keep.append(arr)
        return arr

    def num_lines():
        return b.scalar("vx_size", lib.VX_TYPE_SIZE, 0)

    return [
        ("Min U8", lambda g: lib.vxMinNode(g, b.img(a), b.img(bb), b.out(U8)),
         lambda: cv2.min(a, bb), "min"),
        ("Max U8", lambda g: lib.vxMaxNode(g, b.img(a), b.img(bb), b.out(U8)),
         lambda: cv2.max(a, bb), "max"),
        ("NonMaxSuppression 5", lambda g: lib.vxNonMaxSuppressionNode(g, b.img(a), ffi.NULL, 5, b.out(U8)),
         lambda: np.where(a >= cv2.dilate(a, np.ones((5, 5), np.uint8)), a, 0), "dilate+compare (closest)"),
        ("LBP 3", lambda g: lib.vxLBPNode(g, b.img(a), lib.VX_LBP, 3, b.out(U8)),
         lambda: cv2.compare(a, cv2.blur(a, (3, 3)), cv2.CMP_GE), "compare with box (no LBP in OpenCV)"),
        ("MatchTemplate ccorr_norm", lambda g: lib.vxMatchTemplateNode(g, b.img(a), b.img(templ),
                                                                       lib.VX_COMPARE_CCORR_NORM,
                                                                       b.out(S16, w - 15, h - 15)),
         lambda: cv2.matchTemplate(a, templ, cv2.TM_CCORR_NORMED), "matchTemplate CCORR_NORMED"),
        ("HoughLinesP", lambda g: lib.vxHoughLinesPNode(g, b.img(edges), hough, lines_array(), num_lines()),
         lambda: cv2.HoughLinesP(edges, 1.0, np.pi / 180, 50, minLineLength=30, maxLineGap=10), "HoughLinesP"),
        ("BilateralFilter 5 U8", lambda g: lib.vxBilateralFilterNode(g, vx_tensor_of(b, a, lib.VX_TYPE_UINT8), 5,
                                                                    10.0, 20.0,
                                                                    vx_tensor_out(b, a.shape, lib.VX_TYPE_UINT8)),
         lambda: cv2.bilateralFilter(a, 5, 20.0, 10.0), "bilateralFilter"),
        ("TensorAdd Q7.8", lambda g: lib.vxTensorAddNode(g, vx_tensor_of(b, ta, q78, 8), vx_tensor_of(b, tb, q78, 8),
                                                         sat, vx_tensor_out(b, ta.shape, q78, 8)),
         lambda: cv2.add(ta, tb), "add S16"),
        ("TensorSubtract Q7.8", lambda g: lib.vxTensorSubtractNode(g, vx_tensor_of(b, ta, q78, 8),
                                                                   vx_tensor_of(b, tb, q78, 8), sat,
                                                                   vx_tensor_out(b, ta.shape, q78, 8)),
         lambda: cv2.subtract(ta, tb), "subtract S16"),
        ("TensorMultiply Q7.8", lambda g: lib.vxTensorMultiplyNode(g, vx_tensor_of(b, ta, q78, 8),
                                                                   vx_tensor_of(b, tb, q78, 8),
                                                                   b.scalar("vx_float32", lib.VX_TYPE_FLOAT32, 1.0),
                                                                   sat, rne, vx_tensor_out(b, ta.shape, q78, 8)),
         lambda: cv2.multiply(fa, fb, scale=1.0 / 256), "multiply F32 (closest)"),
        ("TensorTableLookup U8", lambda g: lib.vxTensorTableLookupNode(g, vx_tensor_of(b, a, lib.VX_TYPE_UINT8),
                                                                        vx_lut(), vx_tensor_out(b, a.shape,
                                                                                                lib.VX_TYPE_UINT8)),
         lambda: cv2.LUT(a, lut), "LUT"),
        ("TensorConvertDepth Q7.8->U8", lambda g: lib.vxTensorConvertDepthNode(
            g, vx_tensor_of(b, ta, q78, 8), sat, b.scalar("vx_float32", lib.VX_TYPE_FLOAT32, 1.0),
            b.scalar("vx_float32", lib.VX_TYPE_FLOAT32, 0.0), vx_tensor_out(b, ta.shape, lib.VX_TYPE_UINT8)),
         lambda: cv2.convertScaleAbs(ta, alpha=1.0 / 256), "convertScaleAbs (abs: closest)"),
        ("TensorTranspose", lambda g: lib.vxTensorTransposeNode(g, vx_tensor_of(b, ta, q78, 8),
                                                                vx_tensor_out(b, ta.shape[::-1], q78, 8), 0, 1),
         lambda: cv2.transpose(ta), "transpose S16"),
        ("TensorMatrixMultiply 256", lambda g: lib.vxTensorMatrixMultiplyNode(g, vx_tensor_of(b, m1, q78, 8),
                                                                              vx_tensor_of(b, m1, q78, 8), ffi.NULL,
                                                                              mm, vx_tensor_out(b, m1.shape, q78, 8)),
         lambda: cv2.gemm(m1.astype(np.float32), m1.astype(np.float32), 1.0 / 256, None, 0), "gemm F32 (closest)"),
    ]


def iyuv_image(b, yuv):
    """An IYUV image holding the planes of an I420 buffer from OpenCV."""
    w, h = b.w, b.h
    im = lib.vxCreateImage(b.c, w, h, lib.VX_DF_IMAGE_IYUV)
    planes = [yuv[:h], yuv[h:h + h // 4].reshape(h // 2, w // 2), yuv[h + h // 4:].reshape(h // 2, w // 2)]
    for i, p in enumerate(planes):
        p = np.ascontiguousarray(p)
        rect = ffi.new("vx_rectangle_t*", (0, 0, w, h))
        addr = ffi.new("vx_imagepatch_addressing_t*")
        addr.dim_x, addr.dim_y = p.shape[1], p.shape[0]
        addr.stride_x, addr.stride_y = 1, p.shape[1]
        addr.scale_x = addr.scale_y = lib.VX_SCALE_UNITY
        addr.step_x = addr.step_y = 1
        if i:
            addr.dim_x, addr.dim_y = w, h
            addr.scale_x = addr.scale_y = lib.VX_SCALE_UNITY // 2
            addr.step_x = addr.step_y = 2
        lib.vxCopyImagePatch(im, rect, i, addr, ffi.cast("void*", p.ctypes.data), lib.VX_WRITE_ONLY,
                             lib.VX_MEMORY_TYPE_HOST)
    b.keep.append(im)
    return im


def gaussian_pyramid_cv(a, levels):
    out = [a]
    for _ in range(levels):
        out.append(cv2.pyrDown(out[-1]))
    return out


def laplacian_cv(a, levels):
    cur = a.astype(np.int16)
    for _ in range(levels):
        down = cv2.pyrDown(cur)
        up = cv2.pyrUp(down, dstsize=(cur.shape[1], cur.shape[0]))
        cv2.subtract(cur, up)
        cur = down
    return cur


def laplacian_levels_cv(a, levels):
    """The S16 Laplacian levels and the lowest Gaussian level (OpenCV's pyrDown/pyrUp)."""
    cur, levs = a.astype(np.int16), []
    for _ in range(levels):
        down = cv2.pyrDown(cur)
        levs.append(cv2.subtract(cur, cv2.pyrUp(down, dstsize=(cur.shape[1], cur.shape[0]))))
        cur = down
    return levs, cur


def laplacian_reconstruct_cv(lap):
    """The image back from its Laplacian levels: pyrUp and add, level by level."""
    levs, cur = lap
    for lev in reversed(levs):
        cur = cv2.add(cv2.pyrUp(cur, dstsize=(lev.shape[1], lev.shape[0])), lev)
    return cur


def lrec_node(b, g, a, vx_pyr):
    """LaplacianReconstruct from the pyramid and lowest level our LaplacianPyramid makes of a."""
    w, h = b.w, b.h
    pyr = vx_pyr(3, 0.5, lib.VX_DF_IMAGE_S16)
    low = lib.vxCreateImage(b.c, (w + 7) // 8, (h + 7) // 8, lib.VX_DF_IMAGE_U8)
    b.keep.append(low)
    lib.vxuLaplacianPyramid(b.c, b.img(a), pyr, low)
    return lib.vxLaplacianReconstructNode(g, pyr, low, b.out(lib.VX_DF_IMAGE_U8))


def optflow_node(b, g, a, bb, pts, vx_pyr):
    p0, p1 = vx_pyr(4, 0.5), vx_pyr(4, 0.5)
    for src, pyr in ((a, p0), (bb, p1)):
        lib.vxuGaussianPyramid(b.c, b.img(src), pyr)
    n = len(pts)
    old = lib.vxCreateArray(b.c, lib.VX_TYPE_KEYPOINT, n)
    new = lib.vxCreateArray(b.c, lib.VX_TYPE_KEYPOINT, n)
    kp = np.zeros(n, dtype=[("x", "i4"), ("y", "i4"), ("strength", "f4"), ("scale", "f4"),
                            ("orientation", "f4"), ("tracking_status", "i4"), ("error", "f4")])
    kp["x"], kp["y"], kp["tracking_status"] = pts[:, 0], pts[:, 1], 1
    lib.vxAddArrayItems(old, n, ffi.cast("void*", kp.ctypes.data), kp.itemsize)
    b.keep += [old, new]
    eps = b.scalar("vx_float32", lib.VX_TYPE_FLOAT32, 0.01)
    its = b.scalar("vx_uint32", lib.VX_TYPE_UINT32, 30)
    use = b.scalar("vx_bool", lib.VX_TYPE_BOOL, 0)
    return lib.vxOpticalFlowPyrLKNode(g, p0, p1, old, old, new, lib.VX_TERM_CRITERIA_BOTH, eps, its, use, 9)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--runs", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--filter", default="")
    ap.add_argument("--cpu", action="store_true", help="also print process CPU times (all threads)")
    ap.add_argument("--cv4", default=os.environ.get("OVX_BENCH_CV4", ""),
                    help="a directory holding OpenCV 4 (pip install --target DIR 'opencv-python-headless<5'): "
                         "the HOG rows' anchor when this cv2 has no HOGDescriptor")
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.lower().split("x"))
    b = Bench(w, h, args.runs)
    b.rounds = max(1, args.rounds)
    b.cpu = args.cpu
    frags = [f.strip().lower() for f in args.filter.split(",")]

    def wanted(name):
        return any(f in name.lower() for f in frags)
    # (the HOG rows' OpenCV 4 child only when a HOG row is wanted)
    hog = hog_functions(b, args.cv4) if any(wanted(n) for n in HOG_NAMES) else []
    b.run_all([row for row in functions(b) + speed1_functions(b) + enhanced_functions(b) + hog if wanted(row[0])])
    for child in b.children:
        child.close()
    b.report()


if __name__ == "__main__":
    main()
