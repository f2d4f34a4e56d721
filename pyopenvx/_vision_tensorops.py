"""Immediate mode on ndarrays: the tensor functions of OpenVX (enhanced vision).

Tensors are ndarrays of int16 (fixed point Q7.8 by default:
``fixed_point_position=8``), uint8 or int8 (fixed point 0); up to 6 dimensions.
NumPy's axis order is OpenVX's reversed (OpenVX dimension 0, the fastest
varying, is NumPy's last axis), so shapes broadcast as in NumPy: a 1-sized
axis of one input is repeated along the other's::

    import numpy as np, pyopenvx as vx
    a = np.array([[256, 512], [-256, 128]], np.int16)        # Q7.8: 1.0, 2.0, -1.0, 0.5
    vx.tensor_add(a, np.int16([[256], [256]]))                # + 1.0 on every row
    vx.tensor_multiply(a, a, 1.0, rounding_policy="to_nearest_even")   # Q7.8 products
    vx.tensor_matrix_multiply(a, a)                           # a @ a in Q7.8
    vx.tensor_convert_depth(a, offset=-128.0, dtype=np.uint8) # a / 256 + 128, saturated

Wrong dtypes or shapes raise ``TypeError``/``ValueError`` before C is reached;
a failing ``vxu*`` call raises :class:`pyopenvx.VXError` with the log text.
The graph methods have the same names and keywords (``g.tensor_add(a, b, out,
policy="saturate")``, ``g.tensor_matrix_multiply(a, b, out, input3=c,
transpose_input1=True)``...), with tensors in OpenVX order.
"""

import numpy as np

from ._ffi import ffi, lib
from ._vision import _Run, _enum, _vision

__all__ = ["tensor_add", "tensor_subtract", "tensor_multiply", "tensor_table_lookup", "tensor_transpose",
           "tensor_convert_depth", "tensor_matrix_multiply"]

_MAX_DIMS = 6
_INT_DTYPES = (np.dtype(np.int16), np.dtype(np.uint8), np.dtype(np.int8))
_CONVERT_DTYPES = _INT_DTYPES + (np.dtype(np.float32),)


def _tensor_array(a, what, dtypes=_INT_DTYPES):
    """Check a tensor ndarray: 1..6 dimensions, none empty, a supported dtype."""
    if not isinstance(a, np.ndarray):
        a = np.asarray(a)
    if not 1 <= a.ndim <= _MAX_DIMS:
        raise ValueError("%s: a tensor has 1 to %d dimensions, got shape %s" % (what, _MAX_DIMS, a.shape))
    if 0 in a.shape:
        raise ValueError("%s: empty tensor %s" % (what, a.shape))
    if a.dtype not in dtypes:
        raise TypeError("%s: dtype %s is not supported here (%s)"
                        % (what, a.dtype, ", ".join(d.name for d in dtypes)))
    return a


def _fpp(value, dtype, what):
    """The fixed point position: the given one, or 8 for int16 (Q7.8) and 0 otherwise."""
    if value is None:
        return 8 if np.dtype(dtype) == np.int16 else 0
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError("%s: fixed_point_position must be an int, got %r" % (what, value))
    if not -128 <= int(value) <= 127:
        raise ValueError("%s: fixed_point_position %d is outside -128..127" % (what, value))
    return int(value)


def _tensor_in(r, a, fpp):
    from ._objects_nd import Tensor
    return r.keep(Tensor.from_numpy(r.ctx, a, fpp))


def _tensor_out(r, shape, dtype, fpp):
    return r.keep(r.ctx.tensor(tuple(shape)[::-1], dtype, fpp))


def _broadcast(a, b, what):
    try:
        return np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise ValueError("%s: the shapes %s and %s do not broadcast (each axis equal or 1)"
                         % (what, a.shape, b.shape)) from None


def _pair(a, b, what):
    a = _tensor_array(a, what)
    b = _tensor_array(b, what)
    if a.dtype != b.dtype:
        raise TypeError("%s: the inputs differ in dtype: %s and %s" % (what, a.dtype, b.dtype))
    return a, b, _broadcast(a, b, what)


def _addsub(name, vxu, a, b, policy, fixed_point_position, ctx):
    a, b, shape = _pair(a, b, name)
    pol = _enum(policy, "convert_policy", "policy")
    fpp = _fpp(fixed_point_position, a.dtype, name)
    with _Run(ctx, None) as r:
        out = _tensor_out(r, shape, a.dtype, fpp)
        r.call(vxu, _tensor_in(r, a, fpp), _tensor_in(r, b, fpp), pol, out)
        return out.to_numpy()


@_vision("vxuTensorAdd")
def tensor_add(input1, input2, policy="saturate", *, fixed_point_position=None, ctx=None):
    """a + b element by element (NumPy broadcasting of 1-sized axes) of int16/uint8/int8 tensors of one
    dtype; ``policy`` 'saturate' or 'wrap'; ``fixed_point_position`` of all three (default 8 for int16)."""
    return _addsub("tensor_add", "vxuTensorAdd", input1, input2, policy, fixed_point_position, ctx)


@_vision("vxuTensorSubtract")
def tensor_subtract(input1, input2, policy="saturate", *, fixed_point_position=None, ctx=None):
    """a - b element by element (NumPy broadcasting of 1-sized axes) of int16/uint8/int8 tensors of one
    dtype; ``policy`` 'saturate' or 'wrap'; ``fixed_point_position`` of all three (default 8 for int16)."""
    return _addsub("tensor_subtract", "vxuTensorSubtract", input1, input2, policy, fixed_point_position, ctx)


@_vision("vxuTensorMultiply")
def tensor_multiply(input1, input2, scale=1.0, overflow_policy="saturate", rounding_policy="to_zero", *,
                    fixed_point_position=None, ctx=None):
    """a * b * scale element by element (broadcasting 1-sized axes) of int16/uint8/int8 tensors of one dtype,
    in their fixed point (Q7.8 by default for int16: the raw result is a * b * scale / 256); ``scale`` >= 0,
    ``overflow_policy`` 'saturate' or 'wrap', ``rounding_policy`` 'to_zero' or 'to_nearest_even'."""
    overflow, rounding = overflow_policy, rounding_policy
    a, b, shape = _pair(input1, input2, "tensor_multiply")
    if isinstance(scale, bool) or not isinstance(scale, (int, float, np.integer, np.floating)):
        raise TypeError("tensor_multiply: scale must be a number, got %r" % (scale,))
    if not scale >= 0:
        raise ValueError("tensor_multiply: scale must be non-negative, got %r" % (scale,))
    ov = _enum(overflow, "convert_policy", "overflow_policy")
    ro = _enum(rounding, "round_policy", "rounding_policy")
    fpp = _fpp(fixed_point_position, a.dtype, "tensor_multiply")
    with _Run(ctx, None) as r:
        out = _tensor_out(r, shape, a.dtype, fpp)
        r.call("vxuTensorMultiply", _tensor_in(r, a, fpp), _tensor_in(r, b, fpp),
               r.scalar(lib.VX_TYPE_FLOAT32, float(scale)), ov, ro, out)
        return out.to_numpy()


@_vision("vxuTensorTableLookup")
def tensor_table_lookup(input1, lut, *, fixed_point_position=None, ctx=None):
    """out = lut[offset + a] element by element: a uint8 tensor with a uint8 table of up to 256 entries
    (offset 0), or an int16 tensor with an int16 table of up to 65536 entries (offset len(lut) // 2)."""
    from ._objects_basic import LUT
    a = _tensor_array(input1, "tensor_table_lookup", (np.dtype(np.uint8), np.dtype(np.int16)))
    lut = np.asarray(lut)
    if lut.ndim != 1 or lut.dtype != a.dtype:
        raise TypeError("tensor_table_lookup: the table is a 1D array of the tensor's dtype (%s), got %s %s"
                        % (a.dtype, lut.dtype, lut.shape))
    limit = 256 if a.dtype == np.uint8 else 65536
    if not 1 <= len(lut) <= limit:
        raise ValueError("tensor_table_lookup: a %s table has 1 to %d entries, got %d" % (a.dtype, limit, len(lut)))
    fpp = _fpp(fixed_point_position, a.dtype, "tensor_table_lookup")
    with _Run(ctx, None) as r:
        t = r.keep(LUT.from_numpy(r.ctx, lut))
        out = _tensor_out(r, a.shape, a.dtype, fpp)
        r.call("vxuTensorTableLookup", _tensor_in(r, a, fpp), t, out)
        return out.to_numpy()


@_vision("vxuTensorTranspose")
def tensor_transpose(input, dimension1, dimension2, *, fixed_point_position=None, ctx=None):  # noqa: A002
    """OpenVX dimension 0 is the fastest varying one, NumPy's LAST axis: the result is
    ``np.swapaxes(a, a.ndim - 1 - dimension1, a.ndim - 1 - dimension2)``; int16/uint8/int8 tensors."""
    a = _tensor_array(input, "tensor_transpose")
    dim1, dim2 = dimension1, dimension2
    for name, d in (("dim1", dim1), ("dim2", dim2)):
        if isinstance(d, bool) or not isinstance(d, (int, np.integer)):
            raise TypeError("tensor_transpose: %s must be an int, got %r" % (name, d))
        if not 0 <= int(d) < a.ndim:
            raise ValueError("tensor_transpose: %s %d is not a dimension of a %d-D tensor" % (name, d, a.ndim))
    fpp = _fpp(fixed_point_position, a.dtype, "tensor_transpose")
    shape = list(a.shape)
    i, j = a.ndim - 1 - int(dim1), a.ndim - 1 - int(dim2)
    shape[i], shape[j] = shape[j], shape[i]
    with _Run(ctx, None) as r:
        out = _tensor_out(r, shape, a.dtype, fpp)
        r.call("vxuTensorTranspose", _tensor_in(r, a, fpp), out, int(dim1), int(dim2))
        return out.to_numpy()


@_vision("vxuTensorConvertDepth")
def tensor_convert_depth(input, policy="saturate", norm=1.0, offset=0.0, *, dtype,  # noqa: A002
                         input_fixed_point_position=None, fixed_point_position=None, ctx=None):
    """out = ((a / 2^in_fpp - offset) / norm) * 2^out_fpp, truncated toward zero, then saturated or wrapped
    (``policy``) to ``dtype``: int16 (Q7.8 by default), uint8, int8 or float32 (fixed point 0); the input
    int16/uint8/int8/float32."""
    a = _tensor_array(input, "tensor_convert_depth", _CONVERT_DTYPES)
    try:
        dt = np.dtype(dtype)
    except TypeError:
        raise TypeError("tensor_convert_depth: %r is not a dtype" % (dtype,)) from None
    if dt not in _CONVERT_DTYPES:
        raise TypeError("tensor_convert_depth: the output dtype is int16, uint8, int8 or float32, got %s" % dt)
    pol = _enum(policy, "convert_policy", "policy")
    for name, v in (("norm", norm), ("offset", offset)):
        if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)):
            raise TypeError("tensor_convert_depth: %s must be a number, got %r" % (name, v))
    if norm == 0:
        raise ValueError("tensor_convert_depth: norm must not be 0")
    fin = 0 if a.dtype == np.float32 else _fpp(input_fixed_point_position, a.dtype, "tensor_convert_depth")
    fout = 0 if dt == np.float32 else _fpp(fixed_point_position, dt, "tensor_convert_depth")
    with _Run(ctx, None) as r:
        out = _tensor_out(r, a.shape, dt, fout)
        r.call("vxuTensorConvertDepth", _tensor_in(r, a, fin), pol, r.scalar(lib.VX_TYPE_FLOAT32, float(norm)),
               r.scalar(lib.VX_TYPE_FLOAT32, float(offset)), out)
        return out.to_numpy()


@_vision("vxuTensorMatrixMultiply")
def tensor_matrix_multiply(input1, input2, input3=None, transpose_input1=False, transpose_input2=False,
                           transpose_input3=False, *, fixed_point_position=None, ctx=None):
    """input1 @ input2 (+ input3) of 2D int16/uint8/int8 arrays of one dtype (NumPy (rows, cols) order;
    ``transpose_input*``: that operand is given transposed), summed in a wide accumulator, rounded to
    nearest back to the fixed point (Q7.8 by default for int16) and saturated."""
    what = "tensor_matrix_multiply"
    a, b, c = input1, input2, input3
    transpose_a, transpose_b, transpose_c = transpose_input1, transpose_input2, transpose_input3
    a = _tensor_array(a, what)
    b = _tensor_array(b, what)
    ops = [a, b] + ([] if c is None else [_tensor_array(c, what)])
    for x in ops:
        if x.ndim != 2:
            raise ValueError("%s: the operands are 2D, got shape %s" % (what, x.shape))
        if x.dtype != a.dtype:
            raise TypeError("%s: the operands differ in dtype: %s and %s" % (what, a.dtype, x.dtype))
    n, m = a.shape[::-1] if transpose_a else a.shape
    m2, l = b.shape[::-1] if transpose_b else b.shape
    if m != m2:
        raise ValueError("%s: a is %dx%d, b is %dx%d: the inner sizes differ" % (what, n, m, m2, l))
    if c is not None:
        cs = ops[2].shape[::-1] if transpose_c else ops[2].shape
        if tuple(cs) != (n, l):
            raise ValueError("%s: c is %dx%d, the product is %dx%d" % (what, cs[0], cs[1], n, l))
    fpp = _fpp(fixed_point_position, a.dtype, what)
    params = ffi.new("vx_tensor_matrix_multiply_params_t *",
                     {"transpose_input1": bool(transpose_a), "transpose_input2": bool(transpose_b),
                      "transpose_input3": bool(transpose_c)})
    with _Run(ctx, None) as r:
        out = _tensor_out(r, (n, l), a.dtype, fpp)
        tc = None if c is None else _tensor_in(r, ops[2], fpp)
        r.call("vxuTensorMatrixMultiply", _tensor_in(r, a, fpp), _tensor_in(r, b, fpp),
               ffi.NULL if tc is None else tc, params, out)
        return out.to_numpy()
