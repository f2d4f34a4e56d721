"""pyopenvx graphs: Graph, Node, user kernels written in Python, graph
parameters, callbacks, async runs, and the generated node-builder methods."""

import gc
import threading

import numpy as np
import pytest

IMG = [("INPUT", "TYPE_IMAGE"), ("OUTPUT", "TYPE_IMAGE")]


def _params(vx, spec):
    return [(getattr(vx, d), getattr(vx, t)) for d, t in spec]


def _add(k):
    def run(node, params):
        src, dst = params
        with src.map() as a, dst.map(usage=node_usage_write()) as b:
            b[...] = a + k
    return run


def node_usage_write():
    import pyopenvx as vx
    return vx.WRITE_ONLY


_counter = [0]


def _name(base):
    _counter[0] += 1
    return "com.example.test.%s_%d" % (base, _counter[0])


@pytest.fixture
def plus_one(vx, ctx):
    return ctx.user_kernel(_name("plus_one"), _params(vx, IMG), run=_add(1), validate=0)


def _u8(ctx, vx, h=4, w=8, value=0):
    img = ctx.image(w, h, vx.DF_IMAGE_U8)
    img.copy_from(np.full((h, w), value, np.uint8))
    return img


# -- user kernels and the data they write -------------------------------------
def test_two_python_nodes(vx, ctx, plus_one):
    a = np.arange(32, dtype=np.uint8).reshape(4, 8)
    src = ctx.image_from_numpy(a)
    mid = ctx.image(8, 4, vx.DF_IMAGE_U8)
    dst = ctx.image(8, 4, vx.DF_IMAGE_U8)
    with ctx.graph() as g:
        assert g.state == vx.GRAPH_STATE_UNVERIFIED and not g.is_verified
        n1 = g.node(plus_one, src, mid)
        g.node(plus_one.name, mid, dst)  # a kernel by name
        assert g.num_nodes == 2 and n1.parameters == 2
        g.process()
        assert g.is_verified and g.state == vx.GRAPH_STATE_COMPLETED
        np.testing.assert_array_equal(dst.to_numpy(), a + 2)
        a[...] = 7                       # zero-copy input: the next run sees it
        g.process()
        np.testing.assert_array_equal(dst.to_numpy(), np.full((4, 8), 9, np.uint8))
        perf = g.performance
        assert perf.num == 2 and perf.sum_ns >= perf.min_ns > 0 and perf.max_ns >= perf.avg_ns
        assert perf.avg_ms == perf.avg_ns / 1e6 and "ms" in str(perf)
        assert n1.performance.num == 2 and n1.status == vx.SUCCESS
        assert isinstance(perf, vx.Performance)


def test_graph_class_and_close(vx, ctx):
    g = vx.Graph(ctx)
    assert g.num_nodes == 0 and "Graph" in repr(g)
    g.close()
    g.close()
    assert g.closed
    with pytest.raises(vx.InvalidReferenceError):
        g.verify()


def test_virtual_image_size_and_format_found_at_verify(vx, ctx, plus_one):
    src = _u8(ctx, vx, 6, 10)
    dst = ctx.image(10, 6, vx.DF_IMAGE_U8)
    g = ctx.graph()
    tmp = g.virtual_image()
    assert isinstance(tmp, vx.Image) and tmp.format == vx.DF_IMAGE_VIRT and tmp.width == 0
    g.node(plus_one, src, tmp)
    g.node(plus_one, tmp, dst)
    g.verify()
    assert (tmp.width, tmp.height, tmp.format) == (10, 6, vx.DF_IMAGE_U8)
    with pytest.raises(vx.OptimizedAwayError):   # no access from outside the graph
        tmp.to_numpy()


def test_virtual_image_between_two_python_nodes(vx, ctx, plus_one):
    src = _u8(ctx, vx, 4, 8, 40)
    dst = ctx.image(8, 4, vx.DF_IMAGE_U8)
    g = ctx.graph()
    tmp = g.virtual_image()
    g.node(plus_one, src, tmp)
    g.node(plus_one, tmp, dst)
    g.process()
    np.testing.assert_array_equal(dst.to_numpy(), np.full((4, 8), 42, np.uint8))


def test_image_lent_to_a_callback_and_kept_reads_its_size_again(vx, ctx, plus_one):
    # a kernel's images keep their size and format while it runs (the
    # wrapper reads them once); a wrapper kept past the call reads them again
    kept, seen = [], []

    def run(node, params):
        src, dst = params
        seen.append((dst.width, dst.height, dst.format))
        kept.append(dst)
        dst.copy_from(src.to_numpy())
    k = ctx.user_kernel(_name("keep"), _params(vx, IMG), run=run, validate=0)
    g = ctx.graph()
    tmp = g.virtual_image()
    n1 = g.node(k, _u8(ctx, vx, 4, 8, 5), tmp)
    n2 = g.node(plus_one, tmp, ctx.image(8, 4, vx.DF_IMAGE_U8))
    g.add_parameter(n1, 0)
    g.add_parameter(n2, 1)
    g.process()
    assert seen == [(8, 4, vx.DF_IMAGE_U8)] and (kept[0].width, kept[0].height) == (8, 4)
    dst = ctx.image(10, 6, vx.DF_IMAGE_U8)
    g.set_parameter(0, _u8(ctx, vx, 6, 10, 9))
    g.set_parameter(1, dst)
    g.process()  # verified again: the virtual image is 10 x 6 now
    assert seen[1] == (10, 6, vx.DF_IMAGE_U8)
    assert (kept[0].width, kept[0].height) == (10, 6)
    np.testing.assert_array_equal(dst.to_numpy(), np.full((6, 10), 10, np.uint8))


def test_kernel_parameters_of_every_kind_lent_and_given_back(vx, ctx):
    rng = np.random.default_rng(5)
    # a kernel's node and parameters come wrapped by their types (an optional
    # one left out as None), without counts of their own (the node holds
    # them): every object's reference count is what it was once the runs are
    # done
    spec = [(vx.INPUT, vx.TYPE_IMAGE), (vx.INPUT, vx.TYPE_ARRAY), (vx.INPUT, vx.TYPE_SCALAR),
            (vx.INPUT, vx.TYPE_MATRIX, vx.PARAMETER_STATE_OPTIONAL), (vx.OUTPUT, vx.TYPE_IMAGE)]
    seen = []

    def run(node, params):
        img, arr, sc, mat, out = params
        seen.append((type(node).__name__, type(img).__name__, img.size, img.format, type(arr).__name__,
                     arr.item_type, sc.value, mat, out.size, out.format))
        for p in range(2):
            out.copy_from(img.to_numpy(p) // 2 + sc.value, plane=p)

    k = ctx.user_kernel(_name("kinds"), spec, run=run, validate={4: 0})
    src = ctx.image(10, 6, vx.lib.VX_DF_IMAGE_NV12)
    y, uv = rng.integers(0, 100, (6, 10), dtype=np.uint8), rng.integers(0, 100, (3, 5, 2), dtype=np.uint8)
    src.copy_from(y, plane=0)
    src.copy_from(uv, plane=1)
    arr = vx.Array(ctx, vx.TYPE_KEYPOINT, 4)
    sc = vx.Scalar(ctx, vx.TYPE_UINT8, 7)
    dst = ctx.image(10, 6, vx.lib.VX_DF_IMAGE_NV12)
    objs = (src, arr, sc, dst)
    g = ctx.graph()
    n = g.node(k, src, arr, sc, None, dst)
    g.verify()
    before = [o.reference_count for o in objs] + [n.reference_count]
    for _ in range(3):
        g.process()
    gc.collect()
    assert [o.reference_count for o in objs] + [n.reference_count] == before
    assert seen == [("Node", "Image", (10, 6), vx.lib.VX_DF_IMAGE_NV12, "Array", vx.TYPE_KEYPOINT, 7, None,
                     (10, 6), vx.lib.VX_DF_IMAGE_NV12)] * 3
    np.testing.assert_array_equal(dst.to_numpy(0), y // 2 + 7)
    np.testing.assert_array_equal(dst.to_numpy(1), uv // 2 + 7)


def test_lent_wrappers_take_a_count_only_when_kept(vx, ctx):
    # the wrappers a run is given take no count (its node holds the objects
    # while it runs); each one still referenced when the run returns -- kept
    # itself, in its list, by a view of its memory, even closed with a view
    # open, or by an exception's traceback -- takes one then, and holds its
    # object after the graph and every other wrapper of it are gone
    kept, mode = [], ["none"]

    def run(node, params):
        src, dst = params
        dst.copy_from(src.to_numpy() + 1)
        m = mode[0]
        if m == "list":
            kept.append(params)
        elif m == "node":
            kept.append(node)
        elif m in ("view", "closed view"):
            with src.map() as a:
                if m == "closed view":
                    src.close()
                kept.append(a)
        elif m == "closed":
            dst.close()  # releases none of the node's counts
        elif m == "raise":
            raise ValueError("kept by the traceback while it lives")

    k = ctx.user_kernel(_name("lent"), _params(vx, IMG), run=run, validate=0)
    src, dst = _u8(ctx, vx, 4, 8, 5), ctx.image(8, 4, vx.DF_IMAGE_U8)
    g = ctx.graph()
    n = g.node(k, src, dst)
    g.verify()

    def counts():
        gc.collect()
        return [o.reference_count for o in (src, dst, n)]

    base = counts()
    for m, extra in (("none", [0, 0, 0]), ("closed", [0, 0, 0]), ("raise", [0, 0, 0]), ("list", [1, 1, 0]),
                     ("node", [0, 0, 1]), ("view", [1, 0, 0]), ("closed view", [1, 0, 0])):
        mode[0] = m
        if m == "raise":
            with pytest.raises(vx.FailureError, match="kept by the traceback"):
                g.process()
        else:
            g.process()
        assert counts() == [b + e for b, e in zip(base, extra)], m
        if m == "view":
            np.testing.assert_array_equal(kept[0], np.full((4, 8), 5, np.uint8))
        kept.clear()
        assert counts() == base, m
    for _ in range(50):  # runs that keep nothing leave nothing behind
        mode[0] = "none"
        g.process()
    assert counts() == base
    mode[0] = "list"
    g.process()
    lst = kept.pop()
    for o in (g, n, src, dst):
        o.close()
    gc.collect()
    assert lst[0].size == (8, 4) and lst[0].reference_count == 1
    np.testing.assert_array_equal(lst[1].to_numpy(), np.full((4, 8), 6, np.uint8))


def test_virtual_object_creators(vx, ctx):
    g = ctx.graph()
    assert isinstance(g.virtual_array(vx.TYPE_KEYPOINT, 10), vx.Array)
    assert isinstance(g.virtual_array(), vx.Array)
    assert isinstance(g.virtual_scalar(vx.TYPE_UINT8), vx.Scalar)
    p = g.virtual_pyramid(3, vx.SCALE_PYRAMID_HALF, 64, 32, vx.DF_IMAGE_U8)
    assert isinstance(p, vx.Pyramid) and p.levels == 3
    assert isinstance(g.virtual_image(16, 8, vx.DF_IMAGE_U8), vx.Image)
    with pytest.raises(vx.VXError):
        g.virtual_pyramid(0, vx.SCALE_PYRAMID_HALF)   # no levels


def test_validator_describing_the_output(vx, ctx):
    def validate(node, params, metas):
        assert metas[0] is None and isinstance(metas[1], vx.MetaFormat)
        src = params[0]
        metas[1].set_image(src.width // 2, src.height, vx.DF_IMAGE_U8)

    def run(node, params):
        src, dst = params
        with src.map() as a, dst.map(usage=vx.WRITE_ONLY) as b:
            b[...] = a[:, ::2]

    k = ctx.user_kernel(_name("halve"), _params(vx, IMG), run=run, validate=validate)
    a = np.arange(32, dtype=np.uint8).reshape(4, 8)
    dst = ctx.image(4, 4, vx.DF_IMAGE_U8)
    g = ctx.graph()
    g.node(k, ctx.image_from_numpy(a), dst)
    g.process()
    np.testing.assert_array_equal(dst.to_numpy(), a[:, ::2])
    # the same graph with a wrong-sized output fails verification, naming node and parameter
    g2 = ctx.graph()
    g2.node(k, ctx.image_from_numpy(a), ctx.image(8, 4, vx.DF_IMAGE_U8))
    with pytest.raises(vx.VXError) as e:
        g2.verify()
    assert "node 0" in str(e.value) and "parameter 1" in str(e.value) and k.name in str(e.value)


def test_verify_error_carries_the_log(vx, ctx, plus_one):
    g = ctx.graph()
    g.node(plus_one, _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_S16))   # output like input: U8 != S16
    with pytest.raises(vx.VXError) as e:
        g.process()
    msg = str(e.value)
    assert "vxVerifyGraph" in msg and "node 0" in msg and "parameter 1" in msg
    assert not g.is_verified
    assert any("parameter 1" in entry.message for entry in ctx.log)


def test_missing_required_parameter(vx, ctx, plus_one):
    g = ctx.graph()
    g.node(plus_one, _u8(ctx, vx), None)
    with pytest.raises(vx.VXError) as e:
        g.verify()
    assert "node 0" in str(e.value)


def test_exception_in_validate_is_a_failure_with_traceback(vx, ctx):
    def validate(node, params, metas):
        raise RuntimeError("no way, said the validator")

    k = ctx.user_kernel(_name("bad_validate"), _params(vx, IMG), run=_add(1), validate=validate)
    g = ctx.graph()
    g.node(k, _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_U8))
    with pytest.raises(vx.FailureError) as e:
        g.verify()
    assert "no way, said the validator" in str(e.value) and "RuntimeError" in str(e.value)


def test_exception_in_run_is_a_failure_with_traceback(vx, ctx):
    def run(node, params):
        raise ValueError("broken kernel body")

    k = ctx.user_kernel(_name("bad_run"), _params(vx, IMG), run=run, validate=0)
    g = ctx.graph()
    n = g.node(k, _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_U8))
    with pytest.raises(vx.FailureError) as e:
        g.process()
    assert "broken kernel body" in str(e.value)
    assert n.status == vx.FAILURE
    assert g.state == vx.GRAPH_STATE_ABANDONED
    # run returning False or a status
    k2 = ctx.user_kernel(_name("refuse"), _params(vx, IMG), run=lambda node, p: vx.ERROR_INVALID_VALUE,
                         validate=0)
    g2 = ctx.graph()
    g2.node(k2, _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_U8))
    with pytest.raises(vx.InvalidValueError):
        g2.process()


def test_user_kernel_arguments_checked(vx, ctx):
    with pytest.raises(TypeError):
        ctx.user_kernel(_name("x"), _params(vx, IMG), run=None)
    with pytest.raises(ValueError):
        ctx.user_kernel(_name("x"), _params(vx, IMG), run=_add(1), validate=1)   # 1 is an output
    with pytest.raises(ValueError):
        ctx.user_kernel(_name("x"), [(vx.INPUT,)], run=_add(1))


def test_scalar_kernel_and_dict_validate(vx, ctx):
    def run(node, params):
        a, b, out = params
        out.value = a.value * b.value

    spec = [(vx.INPUT, vx.TYPE_SCALAR), (vx.INPUT, vx.TYPE_SCALAR), (vx.OUTPUT, vx.TYPE_SCALAR)]
    k = ctx.user_kernel(_name("mul"), spec, run=run, validate={2: 0})
    a, b = vx.Scalar(ctx, vx.TYPE_INT32, 6), vx.Scalar(ctx, vx.TYPE_INT32, 7)
    out = vx.Scalar(ctx, vx.TYPE_INT32, 0)
    g = ctx.graph()
    g.node(k, a, b, out)
    g.process()
    assert out.value == 42


# -- node callbacks --------------------------------------------------------------
def test_callback_continue_and_abandon(vx, ctx, plus_one):
    ran = []

    def run(node, params):
        ran.append(node)
        return _add(1)(node, params)

    k = ctx.user_kernel(_name("count"), _params(vx, IMG), run=run, validate=0)
    mid, dst = ctx.image(8, 4, vx.DF_IMAGE_U8), ctx.image(8, 4, vx.DF_IMAGE_U8)
    g = ctx.graph()
    n1 = g.node(k, _u8(ctx, vx), mid)
    g.node(k, mid, dst)
    seen = []

    def keep_going(node):
        seen.append(node)
        return None

    n1.callback = keep_going
    assert n1.callback is keep_going
    g.process()
    assert len(ran) == 2 and seen == [n1] and seen[0] is n1
    n1.callback = lambda node: False
    ran.clear()
    with pytest.raises(vx.GraphAbandonedError) as e:
        g.process()
    assert len(ran) == 1 and "abandon" in str(e.value)
    assert g.state == vx.GRAPH_STATE_ABANDONED
    n1.callback = lambda node: vx.ACTION_CONTINUE
    g.process()
    n1.callback = None
    assert n1.callback is None
    g.process()


def test_callback_exception_abandons_with_log(vx, ctx, plus_one):
    g = ctx.graph()
    n = g.node(plus_one, _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_U8))

    def boom(node):
        raise KeyError("callback trouble")

    n.callback = boom
    with pytest.raises(vx.GraphAbandonedError) as e:
        g.process()
    assert "callback trouble" in str(e.value)


def test_callback_outlives_the_node_wrapper(vx, ctx, plus_one):
    calls = []
    g = ctx.graph()
    n = g.node(plus_one, _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_U8))
    n.callback = lambda node: calls.append(node.status)
    del n
    gc.collect()
    g.process()
    assert calls == [vx.SUCCESS]


# -- graph parameters, async runs, removal, delays -------------------------------------
def test_graph_parameters(vx, ctx, plus_one):
    src1, src2 = _u8(ctx, vx, value=10), _u8(ctx, vx, value=20)
    dst = ctx.image(8, 4, vx.DF_IMAGE_U8)
    g = ctx.graph()
    n = g.node(plus_one, src1, dst)
    assert g.add_parameter(n, 0) == 0
    assert g.add_parameter(n, 1) == 1
    assert g.num_parameters == 2
    g.process()
    assert (dst.to_numpy() == 11).all()
    g.set_parameter(0, src2)
    g.process()
    assert (dst.to_numpy() == 21).all()
    got = g.get_parameter(0)
    assert isinstance(got, vx.Image) and (got.to_numpy() == 20).all()
    assert isinstance(n.get_parameter(1), vx.Image)
    with pytest.raises(vx.VXError):
        g.set_parameter(5, src1)
    with pytest.raises(vx.VXError):
        g.get_parameter(5)
    with pytest.raises(vx.VXError):
        g.set_parameter(0, ctx.image(8, 4, vx.DF_IMAGE_S16))   # wrong format: verify refuses
        g.process()


def test_schedule_and_wait(vx, ctx):
    started = threading.Event()
    threads = []

    def run(node, params):
        threads.append(threading.get_ident())
        started.set()
        return _add(3)(node, params)

    k = ctx.user_kernel(_name("async"), _params(vx, IMG), run=run, validate=0)
    dst = ctx.image(8, 4, vx.DF_IMAGE_U8)
    g = ctx.graph()
    g.node(k, _u8(ctx, vx, value=1), dst)
    g.schedule()
    with pytest.raises(vx.GraphScheduledError):
        g.schedule()
    # the run goes on without vxWaitGraph, on the library's thread (a wait
    # that comes before the graph's worker took the run may do it itself)
    assert started.wait(30), "the scheduled graph did not run before vxWaitGraph"
    assert threads[0] != threading.get_ident()
    g.wait()
    assert (dst.to_numpy() == 4).all()
    with pytest.raises(vx.VXError):
        g.wait()       # not scheduled any more


def test_schedule_reports_run_failure_at_wait(vx, ctx):
    k = ctx.user_kernel(_name("fail_async"), _params(vx, IMG), run=lambda n, p: False, validate=0)
    g = ctx.graph()
    g.node(k, _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_U8))
    g.schedule()
    with pytest.raises(vx.FailureError):
        g.wait()


def test_remove_node(vx, ctx, plus_one):
    g = ctx.graph()
    n1 = g.node(plus_one, _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_U8))
    g.node(plus_one, _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_U8))
    n1.callback = lambda n: True
    assert g.num_nodes == 2
    n1.remove()
    assert g.num_nodes == 1 and n1.closed
    g.process()


def test_auto_aging(vx, ctx, plus_one):
    exemplar = ctx.image(8, 4, vx.DF_IMAGE_U8)
    d = ctx.delay(exemplar, 2)
    g = ctx.graph()
    g.node(plus_one, _u8(ctx, vx, value=5), d[0])
    g.register_auto_aging(d)
    g.process()
    assert (d[-1].to_numpy() == 6).all()     # written to slot 0, then aged


def test_node_border_status_and_target(vx, ctx, plus_one):
    g = ctx.graph()
    n = g.node(plus_one, _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_U8))
    assert n.border.mode == vx.BORDER_UNDEFINED
    n.border = vx.Border(vx.BORDER_CONSTANT, 7)
    assert n.border == vx.Border(vx.BORDER_CONSTANT, 7)
    n.border = vx.BORDER_REPLICATE
    assert n.border.mode == vx.BORDER_REPLICATE
    with pytest.raises(vx.VXError):
        n.border = 12345
    assert n.graph is g and not n.is_replicated
    n.set_target(vx.TARGET_ANY)


def test_replicated_python_node(vx, ctx, plus_one):
    exemplar = ctx.image(8, 4, vx.DF_IMAGE_U8)
    ins, outs = ctx.object_array(exemplar, 3), ctx.object_array(exemplar, 3)
    for i, img in enumerate(ins):
        img.copy_from(np.full((4, 8), 10 * i, np.uint8))
    g = ctx.graph()
    n = g.node(plus_one, ins[0], outs[0])
    n.replicate([True, True])
    assert n.is_replicated
    g.process()
    assert [int(o.to_numpy()[0, 0]) for o in outs] == [1, 11, 21]


# -- the generated node builders ---------------------------------------------------------
def test_snake_case():
    from pyopenvx._graph import snake_case
    assert snake_case("Box3x3") == "box3x3"
    assert snake_case("ChannelExtract") == "channel_extract"
    assert snake_case("CannyEdgeDetector") == "canny_edge_detector"
    assert snake_case("OpticalFlowPyrLK") == "optical_flow_pyr_lk"
    assert snake_case("HOGCells") == "hog_cells"
    assert snake_case("HoughLinesP") == "hough_lines_p"


def test_node_builders_listed_with_docstrings(vx, ctx):
    from pyopenvx._graph import NODE_FUNCTIONS
    g = ctx.graph()
    names = dir(g)
    for m in ("box3x3", "gaussian3x3", "add", "channel_extract", "canny",
              "optical_flow_pyr_lk", "sobel3x3", "accumulate_image", "tensor_add"):
        assert m in names and m in NODE_FUNCTIONS
    assert "create_generic" not in NODE_FUNCTIONS and "replicate" not in NODE_FUNCTIONS
    c_names = {n for n in dir(vx.lib) if n.startswith("vx") and (n.endswith("Node") or n.endswith("Layer"))}
    assert {c for c, _ in NODE_FUNCTIONS.values()} == c_names - {"vxCreateGenericNode", "vxQueryNode",
                                                                 "vxReleaseNode", "vxRemoveNode",
                                                                 "vxReplicateNode"}
    doc = g.box3x3.__doc__
    assert "vxBox3x3Node" in doc and "input: image U8" in doc and "output: output image U8" in doc
    assert "policy: ConvertPolicy" in g.add.__doc__ and "= 'saturate'" in g.add.__doc__
    # real methods on the class: help(vx.Graph) shows them
    assert "box3x3" in vx.Graph.__dict__ and "and_" in vx.Graph.__dict__
    with pytest.raises(AttributeError):
        g.no_such_node


def _have(vx, ctx, name):
    try:
        ctx.kernel(name).close()
        return True
    except vx.VXError:
        return False


def test_node_builder_calls_the_c_function(vx, ctx):
    g = ctx.graph()
    src, dst = _u8(ctx, vx), ctx.image(8, 4, vx.DF_IMAGE_U8)
    with pytest.raises(TypeError):
        g.box3x3(src)                      # wrong count
    with pytest.raises(TypeError):
        g.box3x3(src, 3)                   # a number for an image
    with pytest.raises(TypeError):
        g.box3x3(src, vx.Scalar(ctx, vx.TYPE_UINT8, 1))   # a scalar for an image
    with pytest.raises(TypeError):
        g.add(src, src, dst, 3.5)          # the policy is a vx_enum (a name or an int)
    with pytest.raises(ValueError):
        g.add(src, src, dst, "clamp")      # not a vx_convert_policy_e name
    if _have(vx, ctx, "org.khronos.openvx.box_3x3"):
        n = g.box3x3(src, dst)
        assert isinstance(n, vx.Node) and g.num_nodes == 1
        g.process()
    else:
        with pytest.raises(vx.NotImplementedVXError) as e:
            g.box3x3(src, dst)
        assert "vxBox3x3Node" in str(e.value)
    if _have(vx, ctx, "org.khronos.openvx.add"):
        n = g.add(src, src, ctx.image(8, 4, vx.DF_IMAGE_U8), vx.CONVERT_POLICY_SATURATE)
        assert isinstance(n, vx.Node)


def test_to_dot_shows_kernels_objects_and_times(vx, ctx):
    import shutil
    a = np.zeros((16, 24), np.uint8)
    g = ctx.graph()
    src = ctx.image_from_numpy(a)
    blur, gx, gy = g.virtual_image(), g.virtual_image(), g.virtual_image()
    mag = ctx.image(24, 16, vx.DF_IMAGE_S16)
    g.gaussian3x3(src, blur)
    g.sobel3x3(blur, gx, gy)
    g.magnitude(gx, gy, mag)
    dot = g.to_dot()                                   # verifies first
    assert g.is_verified and dot.startswith("digraph") and dot.rstrip().endswith("}")
    for kernel in ("gaussian3x3", "sobel3x3", "magnitude"):
        assert 'label="%s"' % kernel in dot
    assert dot.count("style=dashed") == 3             # the three virtual images
    assert 'label="virtual\\nS16 24x16"' in dot       # their format and size, resolved at verify
    assert dot.count("->") == 8 and 'label="U8 24x16"' in dot
    assert " ms avg" not in dot
    g.process()
    dot = g.to_dot()
    assert dot.count(" ms avg (1 runs)") == 3
    svg = g._repr_svg_()
    if shutil.which("dot") is None:
        assert svg is None
    else:
        assert "<svg" in svg


def test_enums_print_as_names_and_performance_has_units(vx, ctx):
    g = ctx.graph()
    src = ctx.image_from_numpy(np.zeros((4, 8), np.uint8))
    n = g.not_(src, ctx.image(8, 4, vx.DF_IMAGE_U8))
    assert str(g.state) == "GraphState.UNVERIFIED"
    g.process()
    assert g.state is vx.GraphState.COMPLETED and str(g.state) == "GraphState.COMPLETED"
    assert n.status is vx.Status.SUCCESS and str(n.status) == "Status.SUCCESS"
    assert src.format is vx.Format.U8 and str(src.format) == "Format.U8" and src.type is vx.Type.IMAGE
    assert repr(vx.Border("constant", 3)) == "Border(mode=<BorderMode.CONSTANT: %d>, constant_value=3)" \
        % vx.lib.VX_BORDER_CONSTANT
    with pytest.raises(ValueError, match="mode"):
        vx.Border("mirror")
    p = n.performance
    assert p.num == 1 and p.avg_ms == p.avg_ns / 1e6 and p.last_ms > 0
    assert vx.DF_IMAGE_U8 is vx.Format.U8 and vx.CONVERT_POLICY_SATURATE is vx.ConvertPolicy.SATURATE


def test_plain_binding_is_inspect_s():
    """Node methods and generated array functions bind their arguments with
    _nodes.bind_plain and fall back to inspect where it declines: for every
    call shape it must give inspect's arguments (defaults applied) or decline
    exactly where inspect raises."""
    import inspect
    import itertools
    from pyopenvx._nodes import bind_plain
    P = inspect.Parameter
    sig = inspect.Signature([P("a", P.POSITIONAL_OR_KEYWORD), P("b", P.POSITIONAL_OR_KEYWORD, default=2),
                             P("c", P.POSITIONAL_OR_KEYWORD, default=None),
                             P("k", P.KEYWORD_ONLY, default=None)])
    names, defaults = ("a", "b", "c", "k"), {"b": 2, "c": None, "k": None}
    pool = {"a": 10, "b": 11, "c": 12, "k": 13, "z": 14}
    checked = declined = 0
    for nargs in range(5):
        args = tuple(range(1, nargs + 1))
        for r in range(len(pool) + 1):
            for keys in itertools.combinations(pool, r):
                kwargs = {key: pool[key] for key in keys}
                try:
                    bound = sig.bind(*args, **kwargs)
                    bound.apply_defaults()
                    want = dict(bound.arguments)
                except TypeError:
                    want = None
                got = bind_plain(names, frozenset(names), 3, defaults, args, kwargs)
                assert got == want, (args, kwargs, got, want)
                checked += 1
                declined += want is None
    assert checked == 5 * 32 and 0 < declined < checked


def test_node_methods_bind_as_before(vx, ctx):
    """A node method called positionally, by keyword and with its defaults
    left out binds each value to its parameter (the results say so); wrong
    calls raise inspect's TypeError naming the method."""
    src = np.arange(-300, 300, 5, dtype=np.int16)[:120].reshape(8, 15)
    s16 = ctx.image_from_numpy(src)
    outs = [ctx.image(15, 8, vx.Format.U8) for _ in range(3)]
    g = ctx.graph()
    g.convert_depth(s16, outs[0], "saturate", 0)
    g.convert_depth(shift=1, output=outs[1], policy="wrap", input=s16)
    g.box3x3(outs[0], output=outs[2])
    g.process()
    assert np.array_equal(outs[0].to_numpy(), np.clip(src, 0, 255).astype(np.uint8))
    assert np.array_equal(outs[1].to_numpy(), (src >> 1).astype(np.uint8))
    with pytest.raises(TypeError, match="box3x3"):
        g.box3x3(outs[0], outs[2], outs[1])
    with pytest.raises(TypeError, match="box3x3"):
        g.box3x3(outs[0], output=outs[2], nonsense=1)
    with pytest.raises(TypeError, match="box3x3"):
        g.box3x3(outs[0], outs[1], output=outs[2])
    with pytest.raises(TypeError, match="box3x3"):
        g.box3x3(outs[0])
