"""vx_khr_nn from Python: ndarray functions against NumPy models, graph methods, errors."""

import numpy as np
import pytest


def _conv_model(x, w, b, pad, stride, wrap, q=0, to_ne=False):
    """NCHW convolution with the layer's fixed-point rules (dilation 0)."""
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    xp = np.zeros((n, c, h + 2 * pad[1], wd + 2 * pad[0]), np.int64)
    xp[:, :, pad[1]:pad[1] + h, pad[0]:pad[0] + wd] = x
    oh = (h + 2 * pad[1] - kh) // stride[1] + 1
    ow = (wd + 2 * pad[0] - kw) // stride[0] + 1
    acc = np.zeros((n, o, oh, ow), np.int64)
    for i in range(kh):
        for j in range(kw):
            patch = xp[:, :, i:i + stride[1] * (oh - 1) + 1:stride[1], j:j + stride[0] * (ow - 1) + 1:stride[0]]
            acc += np.einsum("nchw,oc->nohw", patch, w[:, :, i, j].astype(np.int64))
    if b is not None:
        acc += (b.astype(np.int64) << q).reshape((1, -1, 1, 1)) if b.ndim == 1 else (b.astype(np.int64) << q)[None]
    if q:
        if to_ne:
            acc = np.round(acc / float(1 << q)).astype(np.int64)  # numpy rounds half to even
        else:
            acc = np.trunc(acc / float(1 << q)).astype(np.int64)
    info = np.iinfo(x.dtype)
    if wrap:
        return acc.astype(x.dtype)
    return np.clip(acc, info.min, info.max).astype(x.dtype)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8])
@pytest.mark.parametrize("overflow", ["wrap", "saturate"])
def test_convolution_layer_8bit(vx, dtype, overflow):
    rng = np.random.default_rng(1)
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max + 1, (2, 3, 7, 9)).astype(dtype)
    w = rng.integers(info.min, info.max + 1, (4, 3, 3, 2)).astype(dtype)
    b = rng.integers(info.min, info.max + 1, (4,)).astype(dtype)
    y = vx.convolution_layer(x, w, b, pad=(1, 0), stride=(2, 1), overflow=overflow)
    assert y.dtype == dtype and y.shape == (2, 4, 5, 5)
    np.testing.assert_array_equal(y, _conv_model(x, w, b, (1, 0), (2, 1), overflow == "wrap"))


@pytest.mark.parametrize("rounding", ["zero", "nearest_even"])
def test_convolution_layer_q78(vx, rounding):
    rng = np.random.default_rng(2)
    x = rng.integers(-1024, 1024, (1, 2, 6, 5)).astype(np.int16)
    w = rng.integers(-512, 512, (3, 2, 3, 3)).astype(np.int16)
    b = rng.integers(-1000, 1000, (3, 4, 3)).astype(np.int16)  # per location (OFM, OH, OW)
    y = vx.convolution_layer(x, w, b, rounding=rounding)
    np.testing.assert_array_equal(y, _conv_model(x, w, b, (0, 0), (1, 1), False, 8, rounding == "nearest_even"))


def test_fully_connected_layer(vx):
    rng = np.random.default_rng(3)
    x = rng.integers(-300, 300, (4, 10)).astype(np.int16)
    w = rng.integers(-300, 300, (6, 10)).astype(np.int16)
    y = vx.fully_connected_layer(x, w, rounding="zero")
    acc = x.astype(np.int64) @ w.T.astype(np.int64)
    np.testing.assert_array_equal(y, np.clip(np.trunc(acc / 256.0), -32768, 32767).astype(np.int16))
    x3 = rng.integers(0, 4, (2, 3, 2, 2)).astype(np.uint8)
    w3 = rng.integers(0, 4, (5, 3, 2, 2)).astype(np.uint8)
    y3 = vx.fully_connected_layer(x3, w3)
    ref = np.clip(x3.reshape(2, -1).astype(np.int64) @ w3.reshape(5, -1).T, 0, 255)
    np.testing.assert_array_equal(y3, ref.astype(np.uint8))


def test_pooling_layer(vx):
    rng = np.random.default_rng(4)
    x = rng.integers(-128, 128, (2, 3, 6, 8)).astype(np.int8)
    y = vx.pooling_layer(x, "max", (2, 2))
    np.testing.assert_array_equal(y, x.reshape(2, 3, 3, 2, 4, 2).max(axis=(3, 5)))
    a = vx.pooling_layer(x, "avg", (2, 2))
    s = x.astype(np.int64).reshape(2, 3, 3, 2, 4, 2).sum(axis=(3, 5))
    np.testing.assert_array_equal(a, np.trunc(s / 4.0).astype(np.int8))
    c = vx.pooling_layer(x, "max", 3, stride=2, pad=1, down_scale_rounding="ceil")
    assert c.shape == (2, 3, 4, 5)


def test_softmax_and_activation(vx):
    x = np.array([[0, 256, 512], [-256, 0, 256]], np.int16)  # Q7.8: [0, 1, 2], [-1, 0, 1]
    y = vx.softmax_layer(x)
    e = np.exp(x / 256.0)
    np.testing.assert_allclose(y, np.round(e / e.sum(axis=1, keepdims=True) * 256), atol=1)
    r = vx.activation_layer(x, "relu")
    np.testing.assert_array_equal(r, np.maximum(x, 0))
    t = vx.activation_layer(x, "tanh", a=2.0, b=0.5)
    np.testing.assert_allclose(t, np.round(2 * np.tanh(0.5 * x / 256.0) * 256), atol=1)
    lin = vx.activation_layer(np.array([1, 2, 3], np.uint8), "linear", a=2, b=1)
    np.testing.assert_array_equal(lin, [3, 5, 7])


def test_normalization_and_roi(vx):
    rng = np.random.default_rng(5)
    x = rng.integers(-512, 512, (1, 4, 3, 3)).astype(np.int16)
    y = vx.local_response_normalization_layer(x, "across_maps", 3, alpha=0.5, beta=0.75, bias=1.0)
    v = x / 256.0
    sq = np.pad(v * v, ((0, 0), (1, 1), (0, 0), (0, 0)))
    s = sq[:, :-2] + sq[:, 1:-1] + sq[:, 2:]
    np.testing.assert_allclose(y, np.round(v / (1 + 0.5 / 3 * s) ** 0.75 * 256), atol=1)
    d = np.arange(2 * 4 * 6, dtype=np.uint8).reshape(2, 4, 6)
    rois = np.array([[0, 0, 5, 3], [2, 1, 3, 2]], np.uint8)
    out = vx.roi_pooling_layer(d, rois, pooled_size=(2, 2))
    assert out.shape == (2, 2, 2, 2)
    np.testing.assert_array_equal(out[0, :, :, :], d.reshape(2, 2, 2, 2, 3).max(axis=(2, 4)))
    np.testing.assert_array_equal(out[1, :, 1, 1], d[:, 2, 3])


def test_deconvolution_layer_shape(vx):
    x = np.ones((1, 1, 3, 3), np.uint8)
    w = np.ones((1, 1, 2, 2), np.uint8)
    y = vx.deconvolution_layer(x, w, upscale=1)
    np.testing.assert_array_equal(y[0, 0], [[1, 2, 2, 1], [2, 4, 4, 2], [2, 4, 4, 2], [1, 2, 2, 1]])


def test_errors(vx):
    x = np.zeros((1, 2, 5, 5), np.uint8)
    with pytest.raises(TypeError):
        vx.convolution_layer(x.astype(np.float64), np.zeros((1, 2, 3, 3), np.float64))
    with pytest.raises(TypeError):
        vx.convolution_layer(x, np.zeros((1, 2, 3, 3), np.int8))
    with pytest.raises(ValueError):
        vx.convolution_layer(x, np.zeros((1, 3, 3, 3), np.uint8))
    with pytest.raises(ValueError):
        vx.pooling_layer(x, "median")
    with pytest.raises(ValueError):
        vx.activation_layer(x, "linear", a=-1)
    with pytest.raises(ValueError):
        vx.local_response_normalization_layer(x, size=4)
    with pytest.raises(ValueError):
        vx.convolution_layer(x, np.zeros((1, 2, 3, 3), np.uint8), fixed_point_position=3)


def test_graph_methods_virtual(vx, ctx):
    rng = np.random.default_rng(6)
    x = rng.integers(0, 8, (1, 2, 8, 8)).astype(np.uint8)
    w = rng.integers(0, 3, (3, 2, 3, 3)).astype(np.uint8)
    g = ctx.graph()
    tx, tw = ctx.tensor_from_numpy(x), ctx.tensor_from_numpy(w)
    v = g.virtual_tensor([0, 0, 0, 0], np.uint8)
    out = ctx.tensor((4, 4, 3, 1), np.uint8)
    g.convolution_layer(tx, tw, v, pad=(1, 1))
    g.pooling_layer(v, out, "max", (2, 2))
    g.process()
    conv = _conv_model(x, w, None, (1, 1), (1, 1), False)
    np.testing.assert_array_equal(out.to_numpy(), conv.reshape(1, 3, 4, 2, 4, 2).max(axis=(3, 5)))
    bad = ctx.tensor((5, 4, 3, 1), np.uint8)
    g2 = ctx.graph()
    g2.pooling_layer(out, bad, "max", (2, 2))
    with pytest.raises(vx.VXError) as e:
        g2.verify()
    assert "pooling_layer" in str(e.value)


@pytest.mark.parametrize("dtype,q", [(np.int16, 8), (np.uint8, 0)])
def test_convolution_graph_new_weights_and_wide_sums(vx, ctx, dtype, q):
    """A verified graph run again after the application writes new weights
    uses them (the layer keeps a packed copy and must notice), and Q7.8 sums
    past int32 stay exact (full-range data and weights)."""
    rng = np.random.default_rng(7)
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max + 1, (1, 9, 13, 21)).astype(dtype)
    w1 = rng.integers(-8 if q else 0, 8, (10, 9, 3, 3)).astype(dtype)
    w2 = rng.integers(info.min, info.max + 1, (10, 9, 3, 3)).astype(dtype)
    b = rng.integers(info.min, info.max + 1, (10,)).astype(dtype)
    g = ctx.graph()
    tx, tb = ctx.tensor_from_numpy(x, q), ctx.tensor_from_numpy(b, q)
    tw = ctx.tensor((3, 3, 9, 10), dtype, q)
    tw.copy_from(w1)
    out = ctx.tensor((21, 13, 10, 1), dtype, q)
    g.convolution_layer(tx, tw, out, biases=tb, pad=(1, 1), overflow="wrap", rounding="nearest_even")
    g.process()
    np.testing.assert_array_equal(out.to_numpy(), _conv_model(x, w1, b, (1, 1), (1, 1), True, q, True))
    tw.copy_from(w2)
    g.process()
    np.testing.assert_array_equal(out.to_numpy(), _conv_model(x, w2, b, (1, 1), (1, 1), True, q, True))
