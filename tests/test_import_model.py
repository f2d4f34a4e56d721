"""pyopenvx.import_model: an NNEF folder written here, and an ONNX model
built with the onnx package and converted by nnef_tools (the optional
``[onnx]`` extra), both compared with NumPy (and onnxruntime when present)."""

import numpy as np
import pytest

import pyopenvx as vx
from nnef_dat import write_dat

RNG = np.random.default_rng(7)


def np_conv(x, w, b, pad):
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh, ow = h + 2 * pad - kh + 1, wd + 2 * pad - kw + 1
    out = np.zeros((n, o, oh, ow))
    for y in range(oh):
        for xx in range(ow):
            out[:, :, y, xx] = np.einsum("nckl,ockl->no", xp[:, :, y:y + kh, xx:xx + kw], w)
    return out + b.reshape(1, -1, 1, 1)


def np_maxpool2(x):
    n, c, h, w = x.shape
    return x[:, :, :h // 2 * 2, :w // 2 * 2].reshape(n, c, h // 2, 2, w // 2, 2).max(axis=(3, 5))


def test_nnef_folder(tmp_path):
    w = RNG.standard_normal((4, 2, 3, 3)).astype(np.float32)
    b = RNG.standard_normal((1, 4)).astype(np.float32)
    fw = RNG.standard_normal((3, 4 * 3 * 2)).astype(np.float32)
    (tmp_path / "graph.nnef").write_text("""version 1.0;
graph Net( x ) -> ( y, cls )
{
    x = external<scalar>(shape = [2, 2, 7, 5]);
    w = variable(shape = [4, 2, 3, 3], label = 'w');
    b = variable(shape = [1, 4], label = 'b');
    fw = variable(shape = [3, 24], label = 'fw');
    c = conv(x, w, b, padding = [(1, 1), (1, 1)]);
    r = relu(c);
    p = max_pool(r, size = [1, 1, 2, 2], stride = [1, 1, 2, 2], border = 'ignore',
                 padding = [(0, 0), (0, 0), (0, 0), (0, 0)]);
    f = reshape(p, shape = [0, -1]);
    l = linear(f, fw, 0.0);
    y = softmax(l, axes = [1]);
    cls = argmax_reduce(l, axes = [1]);
}
""")
    write_dat(tmp_path / "w.dat", w)
    write_dat(tmp_path / "b.dat", b)
    write_dat(tmp_path / "fw.dat", fw)
    m = vx.import_model(tmp_path)
    assert m.input_shapes == [(2, 2, 7, 5)]
    assert m.output_shapes == [(2, 3), (2, 1)]
    assert m.output_dtypes == [np.float32, np.int32]
    x = RNG.standard_normal((2, 2, 7, 5)).astype(np.float32)
    y, cls = m(x)
    p = np_maxpool2(np.maximum(np_conv(x, w, b[0], 1), 0))
    logits = p.reshape(2, -1) @ fw.T.astype(np.float64)
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(cls[:, 0], logits.argmax(axis=1))
    # a second call with other data reuses the graph
    y2, _ = m(-x)
    assert not np.allclose(y2, y)


def test_nnef_errors_name_the_line(tmp_path):
    (tmp_path / "graph.nnef").write_text("version 1.0;\ngraph G( x ) -> ( y )\n{\n  x = external(shape = [1]);\n"
                                         "  y = nosuchop(x);\n}\n")
    with pytest.raises(vx.VXError, match=r"graph\.nnef:5:.*nosuchop"):
        vx.import_model(tmp_path)


def test_onnx_model(tmp_path):
    import onnx  # the test extra brings onnx and nnef_tools: a missing one is a failure here, not a skip
    import nnef_tools  # noqa: F401
    from onnx import helper, TensorProto, numpy_helper
    w = RNG.standard_normal((4, 3, 3, 3)).astype(np.float32)
    b = RNG.standard_normal((4,)).astype(np.float32)
    nodes = [helper.make_node("Conv", ["x", "W", "B"], ["c"], pads=[1, 1, 1, 1]),
             helper.make_node("Relu", ["c"], ["r"]),
             helper.make_node("MaxPool", ["r"], ["p"], kernel_shape=[2, 2], strides=[2, 2]),
             helper.make_node("Add", ["p", "p"], ["y"])]
    g = helper.make_graph(nodes, "small", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 3, 8, 6])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4, 4, 3])],
                          [numpy_helper.from_array(w, "W"), numpy_helper.from_array(b, "B")])
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    path = tmp_path / "small.onnx"
    onnx.save(model, str(path))
    m = vx.import_model(path)
    assert m.input_shapes == [(1, 3, 8, 6)] and m.output_shapes == [(1, 4, 4, 3)]
    x = RNG.standard_normal((1, 3, 8, 6)).astype(np.float32)
    (y,) = m(x)
    ref = 2 * np_maxpool2(np.maximum(np_conv(x, w, b, 1), 0))
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-5)
    try:
        import onnxruntime as ort
    except ImportError:
        return
    (ort_y,) = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"]).run(None, {"x": x})
    np.testing.assert_allclose(y, ort_y, rtol=1e-5, atol=1e-5)


def test_onnx_without_nnef_tools_says_what_to_install(tmp_path, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "nnef_tools", None)  # import nnef_tools raises ImportError
    (tmp_path / "m.onnx").write_bytes(b"")
    with pytest.raises(ImportError, match=r"pyopenvx\[onnx\]"):
        vx.import_model(tmp_path / "m.onnx")
