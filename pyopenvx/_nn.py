"""Neural-network layers (vx_khr_nn) on ndarrays and in graphs.

Axes: a NumPy array is the tensor with its OpenVX dimensions reversed (see
:mod:`pyopenvx._objects_nd`), so the extension's layouts read as the usual
deep-learning ones:

=====================  ==========================  =====================
OpenVX dims            NumPy shape                 what
=====================  ==========================  =====================
[W, H, C, N...]        (..., N, C, H, W)           feature maps (NCHW)
[KW, KH, IFM, OFM]     (OFM, IFM, KH, KW)          convolution weights
[IFM, OFM]             (OFM, IFM)                  fully connected weights
[OFM] / [W, H, OFM]    (OFM,) / (OFM, H, W)        biases (shared / per location)
[4, R, N]              (N, R, 4)                   ROIs (x0, y0, x1, y1)
=====================  ==========================  =====================

Pairs such as ``pad=(x, y)`` are in OpenVX order: x is the width (last NumPy
axis), y the height.  Data types: ``np.uint8`` / ``np.int8`` (the 8-bit
extension, ``fixed_point_position`` 0) and ``np.int16`` holding raw fixed-point
values (``fixed_point_position`` 8 by default: Q7.8, the 16-bit extension);
``np.float32`` works with every layer but ROI pooling (policies ignored);
outputs have the input's dtype.  Policies are names: ``overflow`` "wrap" or
"saturate", ``rounding`` "zero" or "nearest_even", ``down_scale_rounding``
"floor" or "ceil"::

    import numpy as np, pyopenvx as vx
    x = np.random.randint(0, 8, (1, 3, 32, 32), np.uint8)       # N, C, H, W
    w = np.random.randint(0, 3, (16, 3, 3, 3), np.uint8)        # OFM, IFM, KH, KW
    y = vx.convolution_layer(x, w, pad=(1, 1))                  # (1, 16, 32, 32)
    p = vx.pooling_layer(y, "max", (2, 2), stride=(2, 2))       # (1, 16, 16, 16)
    with vx.Context() as ctx:                                   # the same in a graph
        g = ctx.graph()
        t = ctx.tensor_from_numpy(x)
        v = g.virtual_tensor([0, 0, 0, 0], np.uint8)      # dims found at verify
        out = ctx.tensor((16, 16, 16, 1), np.uint8)
        g.convolution_layer(t, ctx.tensor_from_numpy(w), v, pad=(1, 1))
        g.pooling_layer(v, out, "max", (2, 2))
        g.process()

The graph methods (from the kernel table) take the required tensors first
(inputs, weights, outputs), then ``biases=`` and the layer's settings as
keywords; the skip (stride) of a convolution or pooling then follows from the
output's size (the smallest that gives it).
"""

import numpy as np

from ._ffi import ffi, lib
from ._objects_nd import Tensor
from ._vision import _Run, _enum
from ._arrays import array_function

__all__ = ["convolution_layer", "deconvolution_layer", "fully_connected_layer", "pooling_layer", "softmax_layer",
           "activation_layer", "normalization_layer", "local_response_normalization_layer", "roi_pooling_layer",
           "NN_FUNCTIONS"]

#: Python function -> the vx_khr_nn node function it runs (one-node graphs: the extension has no vxu)
NN_FUNCTIONS = {}

_OVERFLOW = {"wrap": lib.VX_CONVERT_POLICY_WRAP, "saturate": lib.VX_CONVERT_POLICY_SATURATE}
_ROUNDING = "round_policy"
_DS = {"floor": lib.VX_NN_DS_SIZE_ROUNDING_FLOOR, "ceil": lib.VX_NN_DS_SIZE_ROUNDING_CEILING,
       "ceiling": lib.VX_NN_DS_SIZE_ROUNDING_CEILING}
_POOL = {"max": lib.VX_NN_POOLING_MAX, "avg": lib.VX_NN_POOLING_AVG, "average": lib.VX_NN_POOLING_AVG}
_ACT = {"logistic": lib.VX_NN_ACTIVATION_LOGISTIC, "tanh": lib.VX_NN_ACTIVATION_HYPERBOLIC_TAN,
        "hyperbolic_tan": lib.VX_NN_ACTIVATION_HYPERBOLIC_TAN, "relu": lib.VX_NN_ACTIVATION_RELU,
        "brelu": lib.VX_NN_ACTIVATION_BRELU, "bounded_relu": lib.VX_NN_ACTIVATION_BRELU,
        "softrelu": lib.VX_NN_ACTIVATION_SOFTRELU, "abs": lib.VX_NN_ACTIVATION_ABS,
        "square": lib.VX_NN_ACTIVATION_SQUARE, "sqrt": lib.VX_NN_ACTIVATION_SQRT,
        "linear": lib.VX_NN_ACTIVATION_LINEAR}
_NORM = {"same_map": lib.VX_NN_NORMALIZATION_SAME_MAP, "across_maps": lib.VX_NN_NORMALIZATION_ACROSS_MAPS}
_DTYPES = (np.dtype(np.uint8), np.dtype(np.int8), np.dtype(np.int16), np.dtype(np.float32))


def _nn(cname):
    def deco(f):
        NN_FUNCTIONS[f.__name__] = cname
        return array_function(f.__name__)(f)
    return deco


def _array(a, what, ndims=None, dtype=None):
    if not isinstance(a, np.ndarray):
        a = np.asarray(a)
    if a.dtype not in _DTYPES:
        raise TypeError("%s: dtype %s is not a vx_khr_nn type (uint8, int8, int16, float32)" % (what, a.dtype))
    if dtype is not None and a.dtype != dtype:
        raise TypeError("%s: dtype %s differs from the input's %s" % (what, a.dtype, dtype))
    if ndims is not None and a.ndim not in ndims:
        raise ValueError("%s: expected %s dimensions, got shape %s" % (what, " or ".join(map(str, ndims)), a.shape))
    if 0 in a.shape:
        raise ValueError("%s: empty array %s" % (what, a.shape))
    return a


def _fpp(dtype, fixed_point_position):
    if dtype == np.int16:
        q = 8 if fixed_point_position is None else int(fixed_point_position)
        if not 0 <= q <= 15:
            raise ValueError("fixed_point_position: %d is not in 0..15" % q)
        return q
    if fixed_point_position not in (None, 0):
        raise ValueError("fixed_point_position: 8-bit tensors have fixed_point_position 0")
    return 0


def _pair(v, what, minimum=0):
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
        v = (v, v)
    try:
        x, y = (int(e) for e in v)
    except (TypeError, ValueError):
        raise TypeError("%s: an int or an (x, y) pair, got %r" % (what, v)) from None
    if x < minimum or y < minimum:
        raise ValueError("%s: %r must be >= %d" % (what, v, minimum))
    return x, y


def _out_size(n, pad, ext, stride, ceil_round, what):
    span = n + 2 * pad - ext
    if span < 0:
        raise ValueError("%s: the kernel (%d) is larger than the padded input (%d)" % (what, ext, n + 2 * pad))
    return (span + stride - 1) // stride + 1 if ceil_round else span // stride + 1


def _run(ctx, build, inputs, out_shape, dtype, q):
    """Tensors for ``inputs`` (ndarrays or None), an output of ``out_shape``,
    one node made by ``build(graph, *tensors, out)``, run; the output array."""
    with _Run(ctx, None) as r:
        ts = [None if a is None else r.keep(Tensor.from_numpy(r.ctx, a, q)) for a in inputs]
        out = r.keep(Tensor(r.ctx, tuple(out_shape)[::-1], dtype, q))
        g = r.keep(r.ctx.graph())
        r.keep(build(g, *ts, out))
        g.process()
        return out.to_numpy()


def _conv_params(pad, overflow, rounding, down_scale_rounding, dilation):
    px, py = _pair(pad, "pad")
    dx, dy = _pair(dilation, "dilation")
    return {"padding_x": px, "padding_y": py, "overflow_policy": _enum(overflow, _OVERFLOW, "overflow"),
            "rounding_policy": _enum(rounding, _ROUNDING, "rounding"),
            "down_scale_size_rounding": _enum(down_scale_rounding, _DS, "down_scale_rounding"),
            "dilation_x": dx, "dilation_y": dy}


def _h(t):
    return ffi.NULL if t is None else t.handle


def _node(graph, cname, *args):
    from ._graph import Node
    mark = graph.context._log_mark()
    h = getattr(lib, cname)(graph.handle, *args)
    return Node._from_handle(h, graph, cname, mark)


# ---- immediate functions on ndarrays ----------------------------------------------
@_nn("vxConvolutionLayer")
def convolution_layer(inputs, weights, biases=None, pad=(0, 0), overflow="saturate", rounding="to_zero",
                      down_scale_rounding="floor", dilation=(0, 0), *, stride=(1, 1), fixed_point_position=None,
                      ctx=None):
    """Convolution layer: ``x`` (..., IFM, H, W) with ``weights`` (OFM, IFM, KH, KW) and ``biases``
    (OFM,) or (OFM, OH, OW) -> (..., OFM, OH, OW).  ``stride`` sets the output size
    ((H + 2 pad - KH - (KH-1) dilation) / stride + 1, rounded by ``down_scale_rounding``);
    ``dilation`` is the number of zeros inserted between kernel taps."""
    x = _array(inputs, "inputs")
    if x.ndim < 3:
        raise ValueError("inputs: expected (..., IFM, H, W), got shape %s" % (x.shape,))
    w = _array(weights, "weights", (4,), x.dtype)
    if w.shape[1] != x.shape[-3]:
        raise ValueError("weights: %d input maps, inputs has %d" % (w.shape[1], x.shape[-3]))
    b = None if biases is None else _array(biases, "biases", (1, 3), x.dtype)
    q = _fpp(x.dtype, fixed_point_position)
    params = _conv_params(pad, overflow, rounding, down_scale_rounding, dilation)
    sx, sy = _pair(stride, "stride", 1)
    ceil_round = params["down_scale_size_rounding"] == lib.VX_NN_DS_SIZE_ROUNDING_CEILING
    kh, kw = w.shape[2], w.shape[3]
    ow = _out_size(x.shape[-1], params["padding_x"], kw + (kw - 1) * params["dilation_x"], sx, ceil_round, "x")
    oh = _out_size(x.shape[-2], params["padding_y"], kh + (kh - 1) * params["dilation_y"], sy, ceil_round, "x")
    shape = x.shape[:-3] + (w.shape[0], oh, ow)
    return _run(ctx, lambda g, ti, tw, tb, to: g.convolution_layer(
        ti, tw, to, biases=tb, pad=(params["padding_x"], params["padding_y"]), overflow=overflow, rounding=rounding,
        down_scale_rounding=down_scale_rounding, dilation=dilation), [x, w, b], shape, x.dtype, q)


@_nn("vxDeconvolutionLayer")
def deconvolution_layer(inputs, weights, biases=None, pad=(0, 0), overflow="saturate", rounding="to_zero", a=(0, 0),
                        *, upscale=(2, 2), fixed_point_position=None, ctx=None):
    """Deconvolution layer: ``x`` (..., IFM, H, W), ``weights`` (OFM, IFM, KH, KW) ->
    (..., OFM, (H-1) upscale - 2 pad + KH + a, ...) for each of y and x."""
    x = _array(inputs, "inputs")
    if x.ndim < 3:
        raise ValueError("inputs: expected (..., IFM, H, W), got shape %s" % (x.shape,))
    w = _array(weights, "weights", (4,), x.dtype)
    if w.shape[1] != x.shape[-3]:
        raise ValueError("weights: %d input maps, inputs has %d" % (w.shape[1], x.shape[-3]))
    b = None if biases is None else _array(biases, "biases", (1, 3), x.dtype)
    q = _fpp(x.dtype, fixed_point_position)
    ux, uy = _pair(upscale, "upscale", 1)
    px, py = _pair(pad, "pad")
    ax, ay = _pair(a, "a")
    if ax >= ux or ay >= uy:
        raise ValueError("a: %r must be below the upscale %r" % ((ax, ay), (ux, uy)))
    ow = (x.shape[-1] - 1) * ux - 2 * px + w.shape[3] + ax
    oh = (x.shape[-2] - 1) * uy - 2 * py + w.shape[2] + ay
    if ow < 1 or oh < 1:
        raise ValueError("pad: %r leaves no output" % ((px, py),))
    shape = x.shape[:-3] + (w.shape[0], oh, ow)
    return _run(ctx, lambda g, ti, tw, tb, to: g.deconvolution_layer(
        ti, tw, to, biases=tb, pad=(px, py), overflow=overflow, rounding=rounding, a=(ax, ay)), [x, w, b], shape,
        x.dtype, q)


@_nn("vxFullyConnectedLayer")
def fully_connected_layer(inputs, weights, biases=None, overflow="saturate", rounding="to_zero", *, core_dims=None,
                          fixed_point_position=None, ctx=None):
    """Fully connected layer: ``x`` (..., IFM) or (..., IFM, H, W) (``core_dims`` 1 or 3, found
    from ``weights`` when None), ``weights`` (OFM, IFM·H·W) or (OFM, IFM, H, W), ``biases`` (OFM,)
    -> (..., OFM)."""
    x = _array(inputs, "inputs")
    w = _array(weights, "weights", (2, 4), x.dtype)
    b = None if biases is None else _array(biases, "biases", (1,), x.dtype)
    q = _fpp(x.dtype, fixed_point_position)
    if core_dims is None:
        if w.ndim == 4 or (x.ndim >= 3 and w.shape[1] == int(np.prod(x.shape[-3:])) and w.shape[1] != x.shape[-1]):
            core_dims = 3
        else:
            core_dims = 1
    if core_dims not in (1, 3) or x.ndim < core_dims:
        raise ValueError("core_dims: %r (1 or 3, at most x.ndim)" % (core_dims,))
    if int(np.prod(w.shape[1:])) != int(np.prod(x.shape[-core_dims:])):
        raise ValueError("weights: %s does not match x's %s" % (w.shape, x.shape[-core_dims:]))
    shape = x.shape[:-core_dims] + (w.shape[0],)
    return _run(ctx, lambda g, ti, tw, tb, to: g.fully_connected_layer(ti, tw, to, biases=tb, overflow=overflow,
                                                                              rounding=rounding),
                [x, w, b], shape, x.dtype, q)


@_nn("vxPoolingLayer")
def pooling_layer(inputs, type="max", size=(2, 2), pad=(0, 0), down_scale_rounding="floor", *,  # noqa: A002
                  stride=None, fixed_point_position=None, ctx=None):
    """Pooling ("max" or "avg", zeros in the padding) of ``x`` (..., C, H, W) over ``size``
    windows moved by ``stride`` (default: ``size``)."""
    x = _array(inputs, "inputs")
    if x.ndim < 3:
        raise ValueError("inputs: expected (..., C, H, W), got shape %s" % (x.shape,))
    q = _fpp(x.dtype, fixed_point_position)
    szx, szy = _pair(size, "size", 1)
    sx, sy = _pair(stride if stride is not None else (szx, szy), "stride", 1)
    px, py = _pair(pad, "pad")
    ceil_round = _enum(down_scale_rounding, _DS, "down_scale_rounding") == lib.VX_NN_DS_SIZE_ROUNDING_CEILING
    _enum(type, _POOL, "type")
    shape = x.shape[:-2] + (_out_size(x.shape[-2], py, szy, sy, ceil_round, "x"),
                            _out_size(x.shape[-1], px, szx, sx, ceil_round, "x"))
    return _run(ctx, lambda g, ti, to: g.pooling_layer(ti, to, type, (szx, szy), (px, py), down_scale_rounding),
                [x], shape, x.dtype, q)


@_nn("vxSoftmaxLayer")
def softmax_layer(inputs, *, fixed_point_position=None, ctx=None):
    """Softmax: over the only axis of a 1-d ``x``, the last axis of a 2-d one (batch, classes), the
    classes axis -3 of (classes, H, W) or (batch, classes, H, W)."""
    x = _array(inputs, "inputs", (1, 2, 3, 4, 5, 6))
    q = _fpp(x.dtype, fixed_point_position)
    if x.dtype in (np.uint8, np.int8):
        # vx_khr_nn 8-bit tensors have fixed point position 0: every probability
        # in (0, 1) would be stored as 0 or 1 -- an all-zero answer, silently
        raise ValueError("softmax_layer: a %s tensor holds integers only (vx_khr_nn 8-bit tensors have fixed point "
                         "position 0), so every probability in (0, 1) would round to 0 or 1; use int16 (Q7.8)"
                         % x.dtype)
    return _run(ctx, lambda g, ti, to: g.softmax_layer(ti, to), [x], x.shape, x.dtype, q)


@_nn("vxActivationLayer")
def activation_layer(inputs, function="relu", a=0.0, b=0.0, *, fixed_point_position=None, ctx=None):
    """Element-wise activation: "logistic", "tanh" (a·tanh(b·x)), "relu", "brelu" (min(a, max(0, x))),
    "softrelu", "abs", "square", "sqrt", "linear" (a·x + b); ``a``, ``b`` >= 0."""
    x = _array(inputs, "inputs", (1, 2, 3, 4, 5, 6))
    q = _fpp(x.dtype, fixed_point_position)
    _enum(function, _ACT, "function")
    if not (float(a) >= 0 and float(b) >= 0):
        raise ValueError("a, b: must not be negative, got %r, %r" % (a, b))
    return _run(ctx, lambda g, ti, to: g.activation_layer(ti, to, function, a, b), [x], x.shape, x.dtype, q)


def _check_norm(x, type, size, params):  # noqa: A002
    _enum(type, _NORM, "type")
    if int(size) not in (3, 5, 7):
        raise ValueError("size: %r must be 3, 5 or 7" % (size,))
    for name, v in params:
        if not float(v) > 0:
            raise ValueError("%s: %r must be positive" % (name, v))


@_nn("vxLocalResponseNormalizationLayer")
def local_response_normalization_layer(inputs, type="across_maps", size=5, alpha=1e-4, beta=0.75,  # noqa: A002
                                       bias=1.0, *, fixed_point_position=None, ctx=None):
    """x / (bias + alpha/n · Σ x²)^beta over ``size`` neighbouring maps ("across_maps", n = size) or a
    size × size window of the same map ("same_map", n = size²); ``x`` (..., C, H, W)."""
    x = _array(inputs, "inputs", (3, 4, 5, 6))
    q = _fpp(x.dtype, fixed_point_position)
    _check_norm(x, type, size, (("alpha", alpha), ("beta", beta), ("bias", bias)))
    return _run(ctx, lambda g, ti, to: g.local_response_normalization_layer(ti, to, type, size, alpha, beta, bias),
                [x], x.shape, x.dtype, q)


@_nn("vxNormalizationLayer")
def normalization_layer(inputs, type="across_maps", size=5, alpha=1e-4, beta=0.75, *,  # noqa: A002
                        fixed_point_position=None, ctx=None):
    """:func:`local_response_normalization_layer` with bias 1."""
    x = _array(inputs, "inputs", (3, 4, 5, 6))
    q = _fpp(x.dtype, fixed_point_position)
    _check_norm(x, type, size, (("alpha", alpha), ("beta", beta)))
    return _run(ctx, lambda g, ti, to: g.normalization_layer(ti, to, type, size, alpha, beta), [x], x.shape,
                x.dtype, q)


@_nn("vxROIPoolingLayer")
def roi_pooling_layer(inputs, rois, type="max", *, pooled_size, fixed_point_position=None, ctx=None):  # noqa: A002
    """ROI max pooling: ``x`` (C, H, W) or (N, C, H, W), ``rois`` (R, 4) or (N, R, 4) rows of
    inclusive (x0, y0, x1, y1) as raw integers of x's dtype, ``pooled_size`` (width, height)
    -> (R, C, PH, PW) or (N, R, C, PH, PW)."""
    x = _array(inputs, "inputs", (3, 4))
    _enum(type, "pooling", "type")
    r = _array(rois, "rois", (x.ndim - 1,), x.dtype)
    if r.shape[-1] != 4 or (x.ndim == 4 and r.shape[0] != x.shape[0]):
        raise ValueError("rois: expected %s, got %s" % ("(R, 4)" if x.ndim == 3 else "(N, R, 4)", r.shape))
    pw, ph = _pair(pooled_size, "pooled_size", 1)
    q = _fpp(x.dtype, fixed_point_position)
    shape = x.shape[:-3] + (r.shape[-2], x.shape[-3], ph, pw)
    return _run(ctx, lambda g, ti, tr, to: g.roi_pooling_layer(ti, tr, to, type=type), [x, r], shape, x.dtype, q)
