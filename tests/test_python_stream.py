"""Graph.stream (vx_khr_pipelining QUEUE_AUTO from Python): frames through a
graph with several in flight give what a per-frame run gives, in order."""
import numpy as np
import pytest

import pyopenvx as vx


def _graph(ctx, w, h):
    g = ctx.graph()
    src, dst = ctx.image(w, h, vx.Format.U8), ctx.image(w, h, vx.Format.U8)
    a, b = g.virtual_image(), g.virtual_image()
    nodes = [g.gaussian3x3(src, a), g.box3x3(a, b), g.not_(b, dst)]
    for n in nodes:
        n.border = vx.Border("replicate")
    g.add_parameter(nodes[0], 0)
    g.add_parameter(nodes[-1], 1)
    return g


def _reference(ctx, frames):
    g = _graph(ctx, frames.shape[2], frames.shape[1])
    out = []
    for f in frames:
        src = ctx.image_from_numpy(np.ascontiguousarray(f))
        dst = ctx.image(f.shape[1], f.shape[0], vx.Format.U8)
        g.set_parameter(0, src)
        g.set_parameter(1, dst)
        g.process()
        out.append(dst.to_numpy())
    return out


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_stream_map_equals_per_frame_runs(depth):
    rng = np.random.default_rng(depth)
    frames = rng.integers(0, 256, (9, 48, 64), dtype=np.uint8)
    with vx.Context() as ctx:
        want = _reference(ctx, frames)
        g = _graph(ctx, 64, 48)

        def gen():  # frames from a generator, read as results are taken
            for f in frames:
                yield f
        with g.stream(inputs=[0], outputs=[1], depth=depth) as s:
            got = list(s.map(gen()))
        assert len(got) == len(want)
        for i, (a, b) in enumerate(zip(got, want)):
            assert np.array_equal(a, b), "frame %d differs" % i


def test_stream_put_get_and_limits():
    rng = np.random.default_rng(7)
    frames = rng.integers(0, 256, (5, 24, 32), dtype=np.uint8)
    with vx.Context() as ctx:
        want = _reference(ctx, frames)
        g = _graph(ctx, 32, 24)
        s = g.stream(inputs=[0], outputs=[1], depth=2)
        with pytest.raises(RuntimeError, match="no frame in flight"):
            s.get()
        s.put(frames[0])
        s.put(frames[1])
        assert s.in_flight == 2
        with pytest.raises(RuntimeError, match="in flight"):
            s.put(frames[2])
        assert np.array_equal(s.get(), want[0])
        s.put(frames[2])
        assert np.array_equal(s.get(), want[1])
        assert np.array_equal(s.get(), want[2])
        s.close()
        with pytest.raises(RuntimeError, match="closed"):
            s.put(frames[3])
    with vx.Context() as ctx:
        g = _graph(ctx, 32, 24)
        with pytest.raises(ValueError, match="twice"):
            g.stream(inputs=[0], outputs=[0])
        with pytest.raises(ValueError, match="depth"):
            g.stream(inputs=[0], outputs=[1], depth=0)


def test_wait_event_reads_graph_completion():
    with vx.Context() as ctx:
        g = _graph(ctx, 32, 24)
        assert vx.lib.vxEnableEvents(ctx.handle) == vx.lib.VX_SUCCESS
        assert vx.wait_event(ctx, block=False) is None
        assert vx.lib.vxRegisterEvent(vx.ffi.cast("vx_reference", g.handle), vx.lib.VX_EVENT_GRAPH_COMPLETED, 0,
                                      77) == vx.lib.VX_SUCCESS
        g.process()
        ev = vx.wait_event(ctx, block=False)
        assert ev is not None and ev.type == vx.lib.VX_EVENT_GRAPH_COMPLETED and ev.app_value == 77
        assert ev.timestamp_ns > 0
        assert vx.wait_event(ctx, block=False) is None
