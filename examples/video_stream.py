"""A video loop in Python: frames from a generator through a graph with
several frames in flight (vx_khr_pipelining), each result the same as a
per-frame run.  The graph: blur, gradient magnitude, back to 8 bits, and a
dilation; the frames: a bright disc moving across a dark field.  (Frame rates of both ways: bench/bench_pipeline.py.)"""
import sys

import numpy as np

import pyopenvx as vx

h, w = 240, 320
count = int(sys.argv[1]) if len(sys.argv) > 1 else 60


def frames():
    yy, xx = np.mgrid[0:h, 0:w]
    for i in range(count):
        cx = 40 + (w - 80) * i / max(count - 1, 1)
        yield np.where((xx - cx) ** 2 + (yy - h / 2) ** 2 < 30 ** 2, 220, 20).astype(np.uint8)


def edge_graph(ctx):
    g = ctx.graph()
    src, out = ctx.image(w, h, vx.Format.U8), ctx.image(w, h, vx.Format.U8)
    blur, gx, gy, mag, edges = (g.virtual_image() for _ in range(5))
    g.gaussian3x3(src, blur)
    g.sobel3x3(blur, gx, gy)
    g.magnitude(gx, gy, mag)
    g.convert_depth(mag, edges, vx.lib.VX_CONVERT_POLICY_SATURATE, 2)
    g.dilate3x3(edges, out)
    return g, src, out


with vx.Context() as ctx:
    # one frame at a time: copy in, process, copy out
    g, src, out = edge_graph(ctx)
    want = []
    for f in frames():
        src.copy_from(f)
        g.process()
        want.append(out.to_numpy())

    # the same frames with 3 in flight: src and out become queues
    g, src, out = edge_graph(ctx)
    with g.stream(inputs=[src], outputs=[out], depth=3) as s:
        got = list(s.map(frames()))
    nodes = g.num_nodes

print(f"{len(got)} frames of {w}x{h} through {nodes} nodes, 3 in flight")
same = len(got) == len(want) and all(np.array_equal(a, b) for a, b in zip(got, want))
print("results equal per-frame runs: %s" % ("yes" if same else "no"))
print(f"edge pixels in the last frame: {int((got[-1] > 0).sum())}")
