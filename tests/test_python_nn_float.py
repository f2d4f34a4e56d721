"""float32 vx_khr_nn layers (convolution, fully connected, pooling, softmax,
activation) against NumPy references; odd sizes, padding, strides, batches.
Tolerance: convolution, deconvolution and fully connected sum float32
products with fused multiply-adds (compute/nn_float_gemm.h: error below
(k + 2) 2^-24 sum |w x|), the other layers in double; NumPy in float64
here: 1e-5 (relative and absolute) is ample for these sizes, the larger
threaded cases state their own."""
import numpy as np
import pytest

import pyopenvx as vx
from pyopenvx import ffi, lib

RNG = np.random.default_rng(1234)


def rnd(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def ref_conv(x, w, b, pad, stride, dil=(0, 0)):
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    px, py = pad
    sx, sy = stride
    dx, dy = dil
    # taps past the padded input (the placement's dilation offset) read zeros
    xp = np.zeros((n, c, h + 2 * py + dy + 1, wd + 2 * px + dx + 1), np.float64)
    xp[:, :, py:py + h, px:px + wd] = x
    ekh, ekw = kh + (kh - 1) * dy, kw + (kw - 1) * dx
    oh = (h + 2 * py - ekh) // sy + 1
    ow = (wd + 2 * px - ekw) // sx + 1
    out = np.zeros((n, o, oh, ow))
    for y in range(oh):
        for xx in range(ow):
            # the extension's tap placement: dil + k*(dil+1) from the window start
            ys = [y * sy + dy + k * (dy + 1) for k in range(kh)]
            xs = [xx * sx + dx + k * (dx + 1) for k in range(kw)]
            patch = xp[:, :, ys][:, :, :, xs]
            out[:, :, y, xx] = np.einsum("nckl,ockl->no", patch, w.astype(np.float64))
    if b is not None:
        out += b.reshape(1, o, 1, 1) if b.ndim == 1 else b[None]
    return out


@pytest.mark.parametrize("shape,k,pad,stride", [((1, 3, 7, 9), 3, (1, 1), (1, 1)), ((2, 4, 11, 6), 5, (2, 1), (2, 2)),
                                                ((1, 1, 1, 1), 1, (0, 0), (1, 1)), ((3, 2, 6, 5), 2, (0, 1), (2, 1)),
                                                # 1x1 on rows of whole vectors: the input read in place
                                                ((2, 7, 3, 16), 1, (0, 0), (1, 1)), ((1, 1, 5, 8), 1, (0, 0), (1, 1))])
def test_convolution_float32(shape, k, pad, stride):
    x = rnd(*shape)
    w = rnd(5, shape[1], k, k)
    b = rnd(5)
    got = vx.convolution_layer(x, w, b, pad=pad, stride=stride)
    ref = ref_conv(x, w, b, pad, stride)
    assert got.dtype == np.float32 and got.shape == ref.shape
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5)


def test_convolution_float32_dilation_and_location_bias():
    x = rnd(1, 2, 9, 10)
    w = rnd(3, 2, 3, 3)
    ref0 = ref_conv(x, w, None, (1, 1), (1, 1), (1, 1))
    b = rnd(3, *ref0.shape[2:])
    got = vx.convolution_layer(x, w, b, pad=(1, 1), dilation=(1, 1))
    np.testing.assert_allclose(got, ref0 + b[None], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("n,ifm,ofm", [(1, 1, 1), (3, 17, 5), (2, 64, 33)])
def test_fully_connected_float32(n, ifm, ofm):
    x = rnd(n, ifm)
    w = rnd(ofm, ifm)
    b = rnd(ofm)
    got = vx.fully_connected_layer(x, w, b)
    np.testing.assert_allclose(got, x.astype(np.float64) @ w.T.astype(np.float64) + b, rtol=1e-5, atol=1e-5)
    got = vx.fully_connected_layer(x, w)
    np.testing.assert_allclose(got, x.astype(np.float64) @ w.T.astype(np.float64), rtol=1e-5, atol=1e-5)


def _ctx_threads(n):
    ctx = vx.Context()
    v = ffi.new("vx_uint32 *", n)
    assert lib.vxSetContextAttribute(ctx.handle, lib.VX_CONTEXT_OVX_THREADS, v, ffi.sizeof("vx_uint32")) == 0
    return ctx


@pytest.mark.parametrize("pad,stride,dil", [((1, 1), (1, 1), (0, 0)), ((2, 1), (2, 2), (0, 0)),
                                            ((1, 2), (1, 1), (1, 1))])
def test_convolution_float32_threads_bit_identical(pad, stride, dil):
    # big enough for the float core to split rows x channel blocks over 2
    # threads; 70 maps: 12 blocks of 6, the last one partial; 29 columns:
    # one 16-column tile and a 13-column edge
    x = rnd(1, 37, 30, 29)
    w = rnd(70, 37, 3, 3)
    b = rnd(70)
    got = [vx.convolution_layer(x, w, b, pad=pad, stride=stride, dilation=dil, ctx=_ctx_threads(t)) for t in (1, 2)]
    ref = ref_conv(x, w, b, pad, stride, dil)
    assert got[0].tobytes() == got[1].tobytes()
    # k = 333 products of N(0,1) values: sum |w x| ~ 210, bound ~ 4e-6 * 210
    np.testing.assert_allclose(got[0], ref, rtol=1e-5, atol=1e-3)


def test_fully_connected_float32_threads_bit_identical():
    x = rnd(2, 701)
    w = rnd(150, 701)
    b = rnd(150)
    got = [vx.fully_connected_layer(x, w, b, ctx=_ctx_threads(t)) for t in (1, 2)]
    assert got[0].tobytes() == got[1].tobytes()
    np.testing.assert_allclose(got[0], x.astype(np.float64) @ w.T.astype(np.float64) + b, rtol=1e-5, atol=1e-3)


def ref_pool(x, kind, size, pad, stride):
    n, c, h, w = x.shape
    (kx, ky), (px, py), (sx, sy) = size, pad, stride
    xp = np.zeros((n, c, h + 2 * py, w + 2 * px), np.float64)  # outside: zeros
    xp[:, :, py:py + h, px:px + w] = x
    oh = (h + 2 * py - ky) // sy + 1
    ow = (w + 2 * px - kx) // sx + 1
    out = np.zeros((n, c, oh, ow))
    for y in range(oh):
        for xx in range(ow):
            win = xp[:, :, y * sy:y * sy + ky, xx * sx:xx * sx + kx]
            out[:, :, y, xx] = win.max(axis=(2, 3)) if kind == "max" else win.mean(axis=(2, 3))
    return out


@pytest.mark.parametrize("kind", ["max", "avg"])
@pytest.mark.parametrize("shape,size,pad,stride", [((1, 3, 7, 9), (3, 3), (1, 1), (2, 2)),
                                                   ((2, 2, 5, 4), (2, 2), (0, 0), (2, 2)),
                                                   ((1, 1, 3, 3), (3, 1), (1, 0), (1, 1))])
def test_pooling_float32(kind, shape, size, pad, stride):
    x = rnd(*shape)
    got = vx.pooling_layer(x, kind, size, pad, stride=stride)
    ref = ref_pool(x, kind, size, pad, stride)
    assert got.shape == ref.shape
    np.testing.assert_allclose(got, ref, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("shape,axis", [((7,), 0), ((3, 10), 1), ((2, 5, 3, 4), 1)])
def test_softmax_float32(shape, axis):
    x = rnd(*shape) * 4
    got = vx.softmax_layer(x)
    e = np.exp(x.astype(np.float64) - x.max(axis=axis, keepdims=True))
    np.testing.assert_allclose(got, e / e.sum(axis=axis, keepdims=True), rtol=1e-5, atol=1e-7)


ACTS = {
    "logistic": lambda x, a, b: 1 / (1 + np.exp(-x)),
    "tanh": lambda x, a, b: a * np.tanh(b * x),
    "relu": lambda x, a, b: np.maximum(x, 0),
    "brelu": lambda x, a, b: np.minimum(np.maximum(x, 0), a),
    "softrelu": lambda x, a, b: np.log1p(np.exp(x)),
    "abs": lambda x, a, b: np.abs(x),
    "square": lambda x, a, b: x * x,
    "sqrt": lambda x, a, b: np.sqrt(np.maximum(x, 0)),
    "linear": lambda x, a, b: a * x + b,
}


@pytest.mark.parametrize("name", sorted(ACTS))
def test_activation_float32(name):
    x = rnd(2, 3, 5, 7) * 3
    a, b = 1.5, 0.5
    got = vx.activation_layer(x, name, a, b)
    np.testing.assert_allclose(got, ACTS[name](x.astype(np.float64), a, b), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("across", [True, False])
def test_lrn_float32(across):
    x = rnd(2, 6, 5, 7)
    size, alpha, beta, bias = 3, 0.5, 0.75, 2.0
    got = vx.local_response_normalization_layer(x, "across_maps" if across else "same_map", size, alpha, beta, bias)
    x64 = x.astype(np.float64)
    sq = x64 * x64
    s = np.zeros_like(x64)
    h = size // 2
    if across:
        for k in range(x.shape[1]):
            s[:, k] = sq[:, max(0, k - h):k + h + 1].sum(axis=1)
        n = size
    else:
        for yy in range(x.shape[2]):
            for xx in range(x.shape[3]):
                s[:, :, yy, xx] = sq[:, :, max(0, yy - h):yy + h + 1, max(0, xx - h):xx + h + 1].sum(axis=(2, 3))
        n = size * size
    np.testing.assert_allclose(got, x64 / (bias + alpha / n * s) ** beta, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("pad,upscale", [((0, 0), (1, 1)), ((1, 0), (2, 2)), ((1, 1), (2, 3))])
def test_deconvolution_float32_matches_the_exact_integer_layer(pad, upscale):
    # small integers: the Q0 int16 layer (exact, checked by the Khronos CTS) is the reference
    xi = RNG.integers(-4, 5, (2, 3, 5, 4)).astype(np.int16)
    wi = RNG.integers(-3, 4, (2, 3, 3, 3)).astype(np.int16)
    bi = RNG.integers(-5, 6, (2,)).astype(np.int16)
    ref = vx.deconvolution_layer(xi, wi, bi, pad=pad, upscale=upscale, fixed_point_position=0)
    got = vx.deconvolution_layer(xi.astype(np.float32), wi.astype(np.float32), bi.astype(np.float32), pad=pad,
                                 upscale=upscale)
    assert got.dtype == np.float32 and got.shape == ref.shape
    np.testing.assert_array_equal(got, ref.astype(np.float32))


def ref_roi_pool(d, rois, ph, pw):
    """The layer's bins (the integer layer's rule) on float data: ROI corners
    rounded to the nearest pixel, bins [x0 + x*rw//pw, x0 + ceil((x+1)*rw/pw)),
    edges outside the data moved to its far end (empty bins give 0)."""
    c, h, w = d.shape
    out = np.zeros((len(rois), c, ph, pw), np.float32)

    def edge(v, ext):
        return ext if v < 0 or v > ext else v

    for r, roi in enumerate(rois):
        x0, y0, x1, y1 = (int(np.rint(v)) for v in roi)
        rw, rh = max(x1 - x0, 0) + 1, max(y1 - y0, 0) + 1
        for y in range(ph):
            ys, ye = edge(y0 + y * rh // ph, h), edge(y0 + -(-(y + 1) * rh // ph), h)
            for x in range(pw):
                xs, xe = edge(x0 + x * rw // pw, w), edge(x0 + -(-(x + 1) * rw // pw), w)
                if xs < xe and ys < ye:
                    out[r, :, y, x] = d[:, ys:ye, xs:xe].max(axis=(1, 2))
    return out


def test_roi_pooling_float32():
    d = rnd(3, 9, 11)
    rois = np.array([[0, 0, 10, 8], [2.4, 1.6, 6.5, 4.2], [5, 5, 5, 5], [-3, 0, 4, 4], [7, 7, 30, 30]], np.float32)
    got = vx.roi_pooling_layer(d, rois, pooled_size=(3, 2))
    assert got.dtype == np.float32 and got.shape == (5, 3, 2, 3)
    np.testing.assert_array_equal(got, ref_roi_pool(d, rois, 2, 3))


def test_roi_pooling_float32_matches_the_integer_layer():
    d = RNG.integers(-300, 300, (2, 6, 7)).astype(np.int16)
    rois = np.array([[0, 0, 6, 5], [1, 2, 4, 3]], np.int16)
    ref = vx.roi_pooling_layer(d, rois, pooled_size=(2, 2))
    got = vx.roi_pooling_layer(d.astype(np.float32), rois.astype(np.float32), pooled_size=(2, 2))
    np.testing.assert_array_equal(got, ref.astype(np.float32))
