"""Pipelining from Python (vx_khr_pipelining through pyopenvx): frames per
second of

  (a) one ``Graph.process()`` per frame (copy the frame in, run, read the
      result out), against
  (b) ``Graph.stream(..., depth=2)`` and ``depth=4`` (QUEUE_AUTO: 2 or 4
      frames in flight, node A on frame i+1 while node B is on frame i),

for a 640x480 chain of vision nodes joined by virtual images (Gaussian3x3,
Median3x3, Sobel3x3, Magnitude, ConvertDepth, Dilate3x3, Erode3x3) with a
**Python user kernel** as its slowest node (a 3x3 box mean in NumPy: about
0.25 ms with its image conversions, 40-45% of a frame's time on one thread,
so two frames in flight can at best overlap it with the rest), each with the nodes on one thread
(``VX_DIRECTIVE_OVX_SERIAL``) and on every thread of the pool.  The C
version of this bench (bench/bench_pipeline.c) has a C user kernel instead.

Seven rounds, the three ways alternating; f/s columns and the first two
ratios are each way's best round, ``s4/proc med`` the ratio of the medians.
Both, because on this VM the two vCPUs' clocks move independently between
1.6 and 2.6 GHz from one second to the next, and a way on one core
(process, one thread) had its best round 1.24-1.47x above its median where
the streams, on both cores, had 1.13-1.24x (eight rounds each, 2026-11-27):
a ratio of bests favours the way that needs one fast vCPU, not two.
The host also moves the two vCPUs between near (a cache line's round trip
50-65 ns) and far (300-340 ns) placements, and far placement slows every
stream (frames cross between the complexes; the box runs on a thread of its
own, its home, so at least its buffers stay put): run build/bench/core_pair
before and after to know which.
``ceiling`` is the most frames in flight could give over process on this
pool, from the process rounds' medians: frames cannot follow each other
faster than the slowest node takes (VX_NODE_PERFORMANCE), nor than the
one-thread process time a frame (a frame's work on one core) over the pool's
threads: process time a frame / max(slowest node's time, one-thread process
time a frame / threads).

Usage: python bench/bench_pipeline.py [--width W --height H --frames N --rounds R]
Run it from outside the source tree (so the installed package is imported).
"""
import argparse
import os
import statistics
import time

# numpy's OpenBLAS starts threads that spin for a while (0.1 s of a core
# here, at start-up); one thread: none
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

import pyopenvx as vx


class Box3:
    """3x3 box mean of a U8 image (floored), borders copied: NumPy slices,
    one thread, the GIL held between its NumPy calls.  Its buffers are made
    once, as a video loop would: arrays of 600 KB made per frame come from
    mmap and fault their pages in on every call (or not, once glibc raises
    its mmap threshold), which made the kernel's time, and this bench, swing
    between 0.35 and 1.5 ms a frame."""

    def __init__(self, h, w):
        self.b = np.empty((h, w), np.uint16)
        self.v = np.empty((h - 2, w), np.uint16)
        self.s = np.empty((h - 2, w - 2), np.uint16)
        self.out = np.empty((h, w), np.uint8)

    def __call__(self, a):
        b, v, s, out = self.b, self.v, self.s, self.out
        b[...] = a
        np.add(b[:-2], b[1:-1], out=v)
        v += b[2:]
        np.add(v[:, :-2], v[:, 1:-1], out=s)
        s += v[:, 2:]
        s //= 9
        out[...] = a
        out[1:-1, 1:-1] = s
        return out


def box3(a):
    """Box3 of one image (buffers made for it)."""
    return Box3(*a.shape)(a)


def make_graph(ctx, w, h, kernel):
    g = ctx.graph()
    src, dst = ctx.image(w, h, vx.Format.U8), ctx.image(w, h, vx.Format.U8)
    v = [g.virtual_image(w, h, vx.Format.U8) for _ in range(4)]
    gx, gy, mag = (g.virtual_image(w, h, vx.Format.S16) for _ in range(3))
    boxed = g.virtual_image(w, h, vx.Format.U8)
    nodes = [g.gaussian3x3(src, v[0]), g.median3x3(v[0], v[1])]
    user = g.node(kernel, v[1], boxed)
    nodes += [g.sobel3x3(boxed, gx, gy), g.magnitude(gx, gy, mag),
              g.convert_depth(mag, v[2], "saturate", 0), g.dilate3x3(v[2], v[3]), g.erode3x3(v[3], dst)]
    for n in nodes:
        n.border = vx.Border("replicate")
    g.add_parameter(nodes[0], 0)
    g.add_parameter(nodes[-1], 1)
    g.bench_nodes = nodes + [user]
    return g


def fps_process(ctx, w, h, frames, kernel, data):
    """Frames per second, and the slowest node's mean time (s, VX_NODE_PERFORMANCE)."""
    g = make_graph(ctx, w, h, kernel)
    src, dst = g.get_parameter(0), g.get_parameter(1)
    g.verify()
    for f in data[:2]:  # warm up
        src.copy_from(f)
        g.process()
        dst.to_numpy()
    t = time.perf_counter()
    for i in range(frames):
        src.copy_from(data[i % len(data)])
        g.process()
        dst.to_numpy()
    fps = frames / (time.perf_counter() - t)
    return fps, max(n.performance.avg_ns for n in g.bench_nodes) * 1e-9


def fps_stream(ctx, w, h, frames, kernel, data, depth):
    g = make_graph(ctx, w, h, kernel)
    with g.stream(inputs=[0], outputs=[1], depth=depth) as s:
        for f in data[:depth]:  # warm up
            s.put(f)
        for _ in range(depth):
            s.get()
        t = time.perf_counter()
        n = 0
        for _ in s.map(data[i % len(data)] for i in range(frames)):
            n += 1
        return n / (time.perf_counter() - t)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--width", type=int, default=640)
    ap.add_argument("--height", type=int, default=480)
    ap.add_argument("--frames", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    w, h = args.width, args.height
    rng = np.random.default_rng(1)
    data = [rng.integers(0, 256, (h, w), dtype=np.uint8) for _ in range(8)]
    load = os.getloadavg()[0]
    with vx.Context() as ctx:
        box = Box3(h, w)

        def run(node, params):  # one node runs one frame at a time: its buffers are its own
            params[1].copy_from(box(params[0].to_numpy()))

        kernel = ctx.user_kernel("bench.python_box3", [(vx.INPUT, vx.TYPE_IMAGE), (vx.OUTPUT, vx.TYPE_IMAGE)],
                                 run, validate=0)
        threads = ctx.threads  # (before VX_DIRECTIVE_OVX_SERIAL, which makes it 1)
        print("bench_pipeline.py: %dx%d, %d frames, pool of %d threads, load average %.1f" % (
            w, h, args.frames, threads, load))
        print("%-30s %-8s %12s %12s %12s %8s %8s %12s %8s" % (
            "graph", "threads", "process f/s", "stream2 f/s", "stream4 f/s", "s2/proc", "s4/proc", "s4/proc med",
            "ceiling"))
        serial_frame = None
        for serial in (True, False):
            ctx.directive(vx.lib.VX_DIRECTIVE_OVX_SERIAL if serial else vx.lib.VX_DIRECTIVE_OVX_PARALLEL)
            # rounds alternating the three ways (a burst of host steal, 10-30%
            # of a core for a second or so on this VM, does not decide a row)
            a, slowest, b2, b4 = [], [], [], []
            for _ in range(max(1, args.rounds)):
                fps, slow = fps_process(ctx, w, h, args.frames, kernel, data)
                a.append(fps)
                slowest.append(slow)
                b2.append(fps_stream(ctx, w, h, args.frames, kernel, data, 2))
                b4.append(fps_stream(ctx, w, h, args.frames, kernel, data, 4))
            frame = 1.0 / statistics.median(a)
            if serial:
                serial_frame = frame
            ceiling = frame / max(statistics.median(slowest), serial_frame / threads)
            print("%-30s %-8s %12.1f %12.1f %12.1f %8.2f %8.2f %12.2f %8.2f" % (
                "7 nodes + Python user box3x3", "1" if serial else "all", max(a), max(b2), max(b4),
                max(b2) / max(a), max(b4) / max(a), statistics.median(b4) * frame, ceiling))


if __name__ == "__main__":
    main()
