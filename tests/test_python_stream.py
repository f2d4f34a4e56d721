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


def _color_graph(ctx, w, h):
    """RGB in (parameter 0); out: the Sobel x of its Y plane (S16, 1), RGBX
    (2), the U plane (U8 at half size, 3) and NV12 (two planes, 4), all from
    one virtual IYUV image.  (In C a graph parameter is one node's
    parameter: a node reading the object a queued parameter held at the start
    would keep reading that object, not the frame's, unless bound to the
    queue's buffer as Graph.stream binds it.)"""
    g = ctx.graph()
    src = ctx.image(w, h, vx.Format.RGB)
    gx, rgbx = ctx.image(w, h, vx.Format.S16), ctx.image(w, h, vx.Format.RGBX)
    u, nv12 = ctx.image(w // 2, h // 2, vx.Format.U8), ctx.image(w, h, vx.Format.NV12)
    yuv, y = g.virtual_image(w, h, vx.Format.IYUV), g.virtual_image(w, h, vx.Format.U8)
    cc = g.color_convert(src, yuv)
    g.channel_extract(yuv, "Y", y)
    sob = g.sobel3x3(y, gx, None)
    sob.border = vx.Border("replicate")
    to_rgbx = g.color_convert(yuv, rgbx)
    ext_u = g.channel_extract(yuv, "U", u)
    to_nv12 = g.color_convert(yuv, nv12)
    g.add_parameter(cc, 0)
    g.add_parameter(sob, 1)
    g.add_parameter(to_rgbx, 1)
    g.add_parameter(ext_u, 2)
    g.add_parameter(to_nv12, 1)
    return g


@pytest.mark.parametrize("depth", [2, 3])
def test_stream_of_several_formats_equals_per_frame_runs(depth):
    # one-plane buffers (RGB in; S16, RGBX and U8 out) and the two-plane
    # NV12 output (a tuple of its Y and UV planes) give what vxProcessGraph
    # gives frame by frame
    rng = np.random.default_rng(7 + depth)
    w, h = 38, 26
    frames = rng.integers(0, 256, (7, h, w, 3), dtype=np.uint8)
    with vx.Context() as ctx:
        ref = _color_graph(ctx, w, h)
        want = []
        for f in frames:
            ref.get_parameter(0).copy_from(f)
            ref.process()
            want.append(tuple(ref.get_parameter(k).read_frame() for k in range(1, 5)))
        g = _color_graph(ctx, w, h)
        with g.stream(inputs=[0], outputs=[1, 2, 3, 4], depth=depth) as s:
            got = list(s.map(iter(frames)))
            with pytest.raises(ValueError, match="graph parameter 0"):
                s.put(frames[0][:, :-1])  # a frame of the wrong shape: named, nothing enqueued
            with pytest.raises(TypeError, match="graph parameter 0"):
                s.put(frames[0].astype(np.int16))
            assert s.in_flight == 0
    assert len(got) == len(want)
    for i, (a, b) in enumerate(zip(got, want)):
        assert a[0].dtype == np.int16 and a[1].shape == (h, w, 4) and a[2].shape == (h // 2, w // 2)
        assert np.abs(a[0]).max() > 0 and a[2].max() > 0  # the frames' results, not empty buffers
        assert a[3][0].shape == (h, w) and a[3][1].shape == (h // 2, w // 2, 2) and a[3][1].max() > 0
        for k in range(3):
            assert np.array_equal(a[k], b[k]), "frame %d, output %d differs" % (i, k)
        for p in range(2):
            assert np.array_equal(a[3][p], b[3][p]), "frame %d, NV12 plane %d differs" % (i, p)


def _case(ctx, seed, n):
    """n random 32x24 frames, their per-frame results, a fresh graph."""
    frames = np.random.default_rng(seed).integers(0, 256, (n, 24, 32), dtype=np.uint8)
    return frames, _reference(ctx, frames), _graph(ctx, 32, 24)


def test_stream_put_get_and_limits():
    with vx.Context() as ctx:
        frames, want, g = _case(ctx, 7, 5)
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


def _two_readers(ctx, w, h):
    """src read by two nodes (box3x3 and not), dst = box(src) & ~src."""
    g = ctx.graph()
    src, dst = ctx.image(w, h, vx.Format.U8), ctx.image(w, h, vx.Format.U8)
    a, b = g.virtual_image(), g.virtual_image()
    g.box3x3(src, a)
    g.not_(src, b)
    g.and_(a, b, dst)
    return g, src, dst


@pytest.mark.parametrize("depth", [1, 3])
def test_stream_of_images_read_by_two_nodes(depth):
    # inputs/outputs given as the graph's images: each becomes a graph
    # parameter, and both nodes reading src read each frame (not the image
    # src was before the stream)
    rng = np.random.default_rng(11 + depth)
    frames = rng.integers(0, 256, (7, 30, 41), dtype=np.uint8)
    with vx.Context() as ctx:
        ref, src, dst = _two_readers(ctx, 41, 30)
        want = []
        for f in frames:
            src.copy_from(f)
            ref.process()
            want.append(dst.to_numpy())
        g, src, dst = _two_readers(ctx, 41, 30)
        with g.stream(inputs=[src], outputs=[dst], depth=depth) as s:
            got = list(s.map(frames))
        assert g.num_parameters == 2
    assert len(got) == len(want)
    for i, (a, b) in enumerate(zip(got, want)):
        assert np.array_equal(a, b), "frame %d differs" % i


def test_stream_entries_that_are_not_the_graphs():
    with vx.Context() as ctx:
        g, src, dst = _two_readers(ctx, 16, 8)
        with pytest.raises(ValueError, match="not a graph parameter"):
            g.stream(inputs=[ctx.image(16, 8, vx.Format.U8)], outputs=[dst])
        with pytest.raises(ValueError, match="written by a node"):
            g.stream(inputs=[src], outputs=[src])  # src is no node's output
        with pytest.raises(ValueError, match="read by a node"):
            g.stream(inputs=[dst], outputs=[dst])  # dst is no node's input
        with pytest.raises(TypeError, match="neither a graph parameter index nor an Image"):
            g.stream(inputs=["src"], outputs=[dst])
        v = g.virtual_image()
        g.box3x3(dst, v)
        with pytest.raises(ValueError, match="virtual"):
            g.stream(inputs=[src], outputs=[v])
        assert g.num_parameters == 0  # a refused stream adds no graph parameter


def test_stream_get_into_arrays():
    with vx.Context() as ctx:
        frames, want, g = _case(ctx, 5, 4)
        big = np.full((24, 40), 9, np.uint8)
        with g.stream(inputs=[0], outputs=[1], depth=2) as s:
            s.put(frames[0])
            s.put(frames[1])
            out = np.empty((24, 32), np.uint8)
            assert s.get(out=out) is out and np.array_equal(out, want[0])
            view = big[:, 4:36]  # strided rows: written in place
            assert s.get(out=(view,)) is view
            assert np.array_equal(big[:, 4:36], want[1]) and (big[:, :4] == 9).all() and (big[:, 36:] == 9).all()
            s.put(frames[2])
            with pytest.raises(ValueError, match="graph parameter 1.*shape"):
                s.get(out=np.empty((24, 31), np.uint8))
            with pytest.raises(TypeError, match="dtype"):
                s.get(out=np.empty((24, 32), np.int16))
            assert s.in_flight == 1  # nothing taken by the refused calls
            assert np.array_equal(s.get(), want[2])


def test_stream_results_are_the_callers_own_arrays():
    """A single-plane output's buffers live in NumPy arrays and get() hands
    over the one the frame was written to, swapping a fresh one in: each
    result is an array of its own, which nothing of the stream writes again
    (held, written by the caller, mixed with get(out=) and the stream gone)."""
    import gc

    with vx.Context() as ctx:
        frames, want, g = _case(ctx, 11, 12)
        held = []
        with g.stream(inputs=[0], outputs=[1], depth=3) as s:
            assert s._swap  # (the zero-copy way is the one under test)
            for k in range(3):
                s.put(frames[k])
            for k in range(3, 12):
                r = s.get() if k % 4 else s.get(out=np.empty((24, 32), np.uint8))
                held.append((r, r.copy()))
                r[...] = 77  # the caller's: the frames after it are not touched
                s.put(frames[k])
            for _ in range(3):
                held.append((s.get(), None))
        ids = {id(r) for r, _ in held}
        assert len(ids) == len(held)
        for k, (r, before) in enumerate(held):
            if before is not None:
                assert np.array_equal(before, want[k]), "frame %d" % k
                assert (r == 77).all()
            else:
                assert np.array_equal(r, want[k]), "frame %d" % k
        del s
        gc.collect()
        # the graph keeps what its parameters hold readable after the stream
        assert g.get_parameter(1).to_numpy().shape == (24, 32)


def test_stream_map_steps_get_and_put_in_one_call(monkeypatch):
    """map() takes each result and puts the next frame in one C call when
    both are single-plane images (_get_put): results in order, each the
    caller's own array; a frame off the fast path (a strided view) takes
    get() then put(); and a put that fails inside the step hands the result
    over first, then raises, its input buffer back for the next frame."""
    from pyopenvx import _stream

    steps = []
    real_step = _stream.Stream._get_put

    def counting(self, frame):
        steps.append(1)
        return real_step(self, frame)

    monkeypatch.setattr(_stream.Stream, "_get_put", counting)
    with vx.Context() as ctx:
        frames, want, g = _case(ctx, 13, 10)
        seq = [f if k != 6 else np.asfortranarray(f) for k, f in enumerate(frames)]
        with g.stream(inputs=[0], outputs=[1], depth=3) as s:
            got = list(s.map(seq))
        assert len(steps) == 10 - 3 - 1  # (frame 6 took get() then put())
        assert len({id(r) for r in got}) == len(got)
        for k, (a, b) in enumerate(zip(got, want)):
            assert np.array_equal(a, b), "frame %d" % k

    from pyopenvx._ffi import ffi, lib

    class FailingPut:
        """lib with the step's put failing as a failed copy would: after the
        get, the consumed input dequeued (stage 2) and VX_ERROR_NO_MEMORY."""

        def __getattr__(self, name):
            return getattr(lib, name)

        def _pyopenvx_get_swap_put(self, graph, out_index, fresh, in_index, img, rect, addr, src, used, stage, ps):
            st = lib._pyopenvx_get_swap(graph, out_index, fresh, used, stage)
            stage[1], used[1], ps[0] = 0, ffi.NULL, lib.VX_SUCCESS
            if st == lib.VX_SUCCESS:
                if img == ffi.NULL:
                    ref, num = ffi.new("vx_reference[1]"), ffi.new("vx_uint32 *")
                    assert lib.vxGraphParameterDequeueDoneRef(graph, in_index, ref, 1, num) == lib.VX_SUCCESS
                    img = ref[0]
                used[1], stage[1], ps[0] = ffi.cast("vx_reference", img), 2, lib.VX_ERROR_NO_MEMORY
            return st

    monkeypatch.setattr(_stream.Stream, "_get_put", real_step)
    with vx.Context() as ctx:
        frames, want, g = _case(ctx, 14, 6)
        with g.stream(inputs=[0], outputs=[1], depth=2) as s:
            it = s.map(frames)
            first = next(it)  # a step (frame 2 put)
            monkeypatch.setattr(_stream, "lib", FailingPut())
            second = next(it)  # the next step: its put of frame 3 fails ...
            with pytest.raises(vx.VXError):
                next(it)  # ... raised once its result was taken
            monkeypatch.setattr(_stream, "lib", lib)
            assert s.in_flight == 1
            s.put(frames[3])  # its input buffer is free again
            rest = [s.get(), s.get()]
        for k, r in enumerate([first, second] + rest):
            assert np.array_equal(r, want[k]), "frame %d" % k


def test_stream_frames_of_every_layout_in_order():
    # C-contiguous frames of the image's dtype and shape go in and out in one
    # C call each (dequeue, copy and enqueue); others take the general way
    # (strided or Fortran-ordered views, a tuple for out=); mixed, the results
    # come in order, and a refused frame takes nothing
    with vx.Context() as ctx:
        frames, want, g = _case(ctx, 11, 7)
        with g.stream(inputs=[0], outputs=[1], depth=3) as s:
            s.put(frames[0])
            s.put(np.asfortranarray(frames[1]))
            wide = np.zeros((24, 64), np.uint8)
            wide[:, ::2] = frames[2]
            s.put(wide[:, ::2])
            got = [s.get()]
            ro = frames[3].copy()
            ro.flags.writeable = False
            s.put(ro)  # (only read)
            out = np.empty((24, 32), np.uint8)
            assert s.get(out=out) is out
            got.append(out.copy())
            got.append(s.get(out=(np.empty((24, 32), np.uint8),)))
            got.append(s.get())
            with pytest.raises(TypeError, match="graph parameter 0"):
                s.put(frames[4].astype(np.int16))
            with pytest.raises(ValueError, match="graph parameter 0"):
                s.put(frames[4][:, :31].copy())
            with pytest.raises(TypeError, match="graph parameter 1.*dtype"):
                s.put(frames[4])
                s.get(out=np.empty((24, 32), np.int16))
            assert s.in_flight == 1
            for f in frames[5:]:
                s.put(f)
            got += [s.get() for _ in range(3)]
            assert s.in_flight == 0
        assert len(got) == len(want)
        for i, (a, b) in enumerate(zip(got, want)):
            assert np.array_equal(a, b), "frame %d differs" % i


def test_stream_of_multi_plane_frames():
    # NV12 in (a tuple of Y and UV planes a frame), IYUV out (a tuple of
    # three planes), the same as per-frame runs; a frame missing a plane is
    # refused before anything is enqueued
    rng = np.random.default_rng(21)
    w, h = 34, 22
    frames = [(rng.integers(0, 256, (h, w), dtype=np.uint8), rng.integers(0, 256, (h // 2, w // 2, 2), dtype=np.uint8))
              for _ in range(5)]

    def build(ctx):
        g = ctx.graph()
        src, dst = ctx.image(w, h, vx.Format.NV12), ctx.image(w, h, vx.Format.IYUV)
        g.color_convert(src, dst)
        return g, src, dst

    with vx.Context() as ctx:
        ref, src, dst = build(ctx)
        want = []
        for f in frames:
            src.write_frame(f)
            ref.process()
            want.append(dst.read_frame())
        g, src, dst = build(ctx)
        with g.stream(inputs=[src], outputs=[dst], depth=2) as s:
            with pytest.raises(ValueError, match="graph parameter 0.*2 planes"):
                s.put(frames[0][0])
            with pytest.raises(ValueError, match="graph parameter 0.*plane 1"):
                s.put((frames[0][0], frames[0][1][:, :-1]))
            assert s.in_flight == 0
            got = list(s.map(frames))
            s.put(frames[1])
            outs = (np.empty((h, w), np.uint8), np.empty((h // 2, w // 2), np.uint8), np.empty((h // 2, w // 2), np.uint8))
            assert s.get(out=outs) is not None
            assert all(np.array_equal(o, q) for o, q in zip(outs, want[1]))
    assert len(got) == len(want)
    for i, (a, b) in enumerate(zip(got, want)):
        assert len(a) == 3 and a[1].shape == (h // 2, w // 2) and a[1].max() > 0
        for p in range(3):
            assert np.array_equal(a[p], b[p]), "frame %d, plane %d differs" % (i, p)


def test_stream_put_of_two_inputs_refused_as_a_whole():
    # a frame whose second input is wrong enqueues neither input: the next
    # frames still pair their inputs
    rng = np.random.default_rng(4)
    w, h = 20, 12
    a = rng.integers(0, 256, (4, h, w), dtype=np.uint8)
    b = rng.integers(0, 256, (4, h, w), dtype=np.uint8)
    with vx.Context() as ctx:
        g = ctx.graph()
        x, y, z = (ctx.image(w, h, vx.Format.U8) for _ in range(3))
        g.abs_diff(x, y, z)
        with g.stream(inputs=[x, y], outputs=[z], depth=2) as s:
            with pytest.raises(ValueError, match="graph parameter 1"):
                s.put((a[3], b[0][:, :-1]))  # (a[3]: a stray input would show in frame 0)
            assert s.in_flight == 0
            got = list(s.map(zip(a, b)))
    for i in range(4):
        want = np.abs(a[i].astype(int) - b[i].astype(int)).astype(np.uint8)
        assert np.array_equal(got[i], want), "frame %d differs" % i


def test_stream_of_tensors():
    # tensors queue as images do: (x + y) * x of Q7.8 tensors, each frame a
    # pair of arrays in, one array out (also into out=), as per-frame runs
    rng = np.random.default_rng(9)
    dims = (5, 4, 3)  # OpenVX order: arrays of shape (3, 4, 5)
    xs = rng.integers(-600, 600, (6, 3, 4, 5), dtype=np.int16)
    ys = rng.integers(-600, 600, (6, 3, 4, 5), dtype=np.int16)

    def build(ctx):
        g = ctx.graph()
        x, y, out = (ctx.tensor(dims, np.int16, 8) for _ in range(3))
        t = g.virtual_tensor(dims, np.int16, 8)
        g.tensor_add(x, y, t)
        g.tensor_multiply(t, x, out)
        return g, x, y, out

    with vx.Context() as ctx:
        ref, x, y, out = build(ctx)
        want = []
        for a, b in zip(xs, ys):
            x.copy_from(a)
            y.copy_from(b)
            ref.process()
            want.append(out.to_numpy())
        g, x, y, out = build(ctx)
        with g.stream(inputs=[x, y], outputs=[out], depth=3) as s:
            got = list(s.map(zip(xs, ys)))
            s.put((xs[2], ys[2]))
            dst = np.empty((3, 4, 5), np.int16)
            assert s.get(out=dst) is dst and np.array_equal(dst, want[2])
            s.put((xs[3], ys[3]))
            with pytest.raises(TypeError, match="graph parameter 2.*dtype"):
                s.get(out=np.empty((3, 4, 5), np.int32))
            assert np.array_equal(s.get(), want[3])
    assert len(got) == len(want)
    assert any(np.abs(w).max() > 0 for w in want)
    for i, (a, b) in enumerate(zip(got, want)):
        assert np.array_equal(a, b), "frame %d differs" % i


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



def test_events_iterate_in_order_with_their_details():
    with vx.Context() as ctx:
        g = ctx.graph()
        src, dst = ctx.image(32, 24, vx.Format.U8), ctx.image(32, 24, vx.Format.U8)
        v = g.virtual_image()
        first, last = g.box3x3(src, v), g.not_(v, dst)
        g.verify()
        ctx.enable_events()
        assert list(ctx.events()) == []
        g.register_event("graph_completed", app_value=5)
        last.register_event(vx.EventType.NODE_COMPLETED, app_value=6)
        g.process()
        g.process()
        evs = list(ctx.events())
        assert [(e.type, e.app_value) for e in evs] == [(vx.EventType.NODE_COMPLETED, 6),
                                                        (vx.EventType.GRAPH_COMPLETED, 5)] * 2
        assert all(a.timestamp_ns <= b.timestamp_ns for a, b in zip(evs, evs[1:]))
        assert evs[0].node == vx.ffi.cast("vx_node", last.handle)
        assert evs[1].graph == vx.ffi.cast("vx_graph", g.handle) and evs[1].node is None
        ctx.send_user_event(9, parameter=1234)
        (ev,) = list(ctx.events())
        assert ev.type == vx.EventType.USER and ev.app_value == 9 and ev.user_parameter == 1234
        assert ev.node is None and ev.graph is None
        ctx.disable_events()
        with pytest.raises(vx.VXError):
            ctx.send_user_event(1)
        g.process()
        assert list(ctx.events()) == []  # disabled: nothing queued
        with pytest.raises(ValueError):
            first.register_event("no_such_event")


def test_events_of_a_stream_name_the_consumed_parameter():
    frames = np.random.default_rng(3).integers(0, 256, (4, 24, 32), dtype=np.uint8)
    with vx.Context() as ctx:
        g = _graph(ctx, 32, 24)
        ctx.enable_events()
        g.register_event("graph_parameter_consumed", app_value=1, parameter=0)
        with g.stream(inputs=[0], outputs=[1], depth=2) as s:
            list(s.map(frames))
        evs = [e for e in ctx.events() if e.type == vx.EventType.GRAPH_PARAMETER_CONSUMED]
        assert len(evs) == len(frames)
        assert all(e.parameter == 0 and e.app_value == 1 for e in evs)


def _per_frame(ctx, frames):
    return _reference(ctx, np.asarray(frames))


@pytest.mark.parametrize("pipeup", [1, 3])
def test_streaming_from_a_python_source_to_a_python_sink(pipeup):
    """A generator feeds a Python source kernel, three vision nodes work, a
    Python sink keeps the results: vxStartGraphStreaming runs frame after
    frame until the frames run out, and every result equals a per-frame run."""
    rng = np.random.default_rng(pipeup)
    frames = [rng.integers(0, 256, (24, 32), dtype=np.uint8) for _ in range(10)]
    with vx.Context() as ctx:
        want = _per_frame(ctx, frames)
        g = ctx.graph()
        like = ctx.image(32, 24, vx.Format.U8)
        src = vx.FrameSource(ctx, (f for f in frames), like=like, pipeup_output_depth=pipeup)
        sink = vx.FrameSink(ctx)
        a, b, c, d = (g.virtual_image(32, 24, vx.Format.U8) for _ in range(4))
        g.node(src.kernel, a)
        nodes = [g.gaussian3x3(a, b), g.box3x3(b, c), g.not_(c, d)]
        for n in nodes:
            n.border = vx.Border("replicate")
        g.node(sink.kernel, d)
        with g.streaming():
            assert src.finished.wait(60), "the source was not drained"
        assert src.count == len(frames) and sink.count == len(frames)
        for i, (got, exp) in enumerate(zip(sink.frames, want)):
            assert np.array_equal(got, exp), "frame %d differs" % i
        with pytest.raises(vx.VXError):
            g.stop_streaming()  # not streaming any more


def test_streaming_multi_plane_source_and_sink():
    # NV12 frames (Y, UV tuples) from a Python source through a color
    # conversion to YUV4 (three planes) into a Python sink: every plane of
    # every frame as a per-frame run gives it
    rng = np.random.default_rng(8)
    w, h = 26, 14
    frames = [(rng.integers(0, 256, (h, w), dtype=np.uint8), rng.integers(0, 256, (h // 2, w // 2, 2), dtype=np.uint8))
              for _ in range(6)]
    with vx.Context() as ctx:
        src_img, dst_img = ctx.image(w, h, vx.Format.NV12), ctx.image(w, h, vx.Format.YUV4)
        ref = ctx.graph()
        ref.color_convert(src_img, dst_img)
        want = []
        for f in frames:
            src_img.write_frame(f)
            ref.process()
            want.append(dst_img.read_frame())
        g = ctx.graph()
        src = vx.FrameSource(ctx, iter(frames), like=src_img)
        sink = vx.FrameSink(ctx)
        a, b = g.virtual_image(w, h, vx.Format.NV12), g.virtual_image(w, h, vx.Format.YUV4)
        g.node(src.kernel, a)
        g.color_convert(a, b)
        g.node(sink.kernel, b)
        with g.streaming():
            assert src.finished.wait(60), "the source was not drained"
        assert sink.count == len(frames)
    for i, (got, exp) in enumerate(zip(sink.frames, want)):
        assert len(got) == 3 and got[1].max() > 0
        for p in range(3):
            assert np.array_equal(got[p], exp[p]), "frame %d, plane %d differs" % (i, p)


def test_streaming_sink_callback_and_stop_midway():
    frames = (np.full((8, 8), i % 256, np.uint8) for i in range(10 ** 6))  # more than will run
    got = []
    with vx.Context() as ctx:
        g = ctx.graph()
        like = ctx.image(8, 8, vx.Format.U8)
        src = vx.FrameSource(ctx, frames, like=like)
        sink = vx.FrameSink(ctx, consume=lambda a: got.append(int(a[0, 0])))
        a, b = g.virtual_image(8, 8, vx.Format.U8), g.virtual_image(8, 8, vx.Format.U8)
        g.node(src.kernel, a)
        g.not_(a, b)
        g.node(sink.kernel, b)
        with g.streaming():
            assert sink.received(5, timeout=60)
        n = len(got)
        assert n >= 5 and not src.finished.is_set()
        assert got == [255 - i for i in range(n)]  # in order, none lost
        assert sink.frames == []  # consume took them


def test_stream_lanes_keep_their_cpus_after_a_home_node():
    """A slow Python node runs on a home thread that, going on with its next
    frame, lets the lane it wakes start on another CPU (a narrowed affinity
    for the wake-up, widened back by the lane): results as per frame, and no
    thread of the process is left with fewer CPUs than it had."""
    import glob
    import os
    import time

    def allowed():
        out = {}
        for t in glob.glob("/proc/self/task/*"):
            try:
                with open(t + "/comm") as f:
                    name = f.read().strip()
                with open(t + "/status") as f:
                    cpus = [ln.split()[1] for ln in f if ln.startswith("Cpus_allowed_list")][0]
            except OSError:  # (a thread that just ended)
                continue
            out[t] = (name, cpus)
        return out

    mine = sorted(os.sched_getaffinity(0))
    assert len(mine) >= 2, "the test needs two CPUs to move a lane to"
    with vx.Context() as ctx:
        frames, want, _ = _case(ctx, 3, 40)

        def slow_copy(node, params):  # the graph's slowest node by far: it gets a home thread
            time.sleep(0.0005)
            params[1].copy_from(params[0].to_numpy())

        k = ctx.user_kernel("test.slow_copy", [(vx.INPUT, vx.TYPE_IMAGE), (vx.OUTPUT, vx.TYPE_IMAGE)], slow_copy,
                            validate=0)
        g = ctx.graph()
        src, dst = ctx.image(32, 24, vx.Format.U8), ctx.image(32, 24, vx.Format.U8)
        a, b, c = g.virtual_image(), g.virtual_image(), g.virtual_image()
        nodes = [g.gaussian3x3(src, a), g.box3x3(a, b)]
        g.node(k, b, c)
        nodes.append(g.not_(c, dst))
        for n in nodes:
            n.border = vx.Border("replicate")
        g.add_parameter(nodes[0], 0)
        g.add_parameter(nodes[-1], 1)
        with g.stream(inputs=[0], outputs=[1], depth=4) as s:
            got = list(s.map(frames))
            threads = allowed()
        assert any(name.startswith("ovx-home") for name, _ in threads.values())
        lanes = [cpus for name, cpus in threads.values() if name.startswith("ovx-lane")]
        assert len(lanes) >= 2
        full = allowed()[f"/proc/self/task/{os.getpid()}"][1]
        assert all(cpus == full for cpus in lanes), threads
    for i, (x, y) in enumerate(zip(got, want)):
        assert np.array_equal(x, y), "frame %d differs" % i
