"""Immediate mode on ndarrays and Python numbers: enhanced vision Min, Max,
Copy, Select and ScalarOperation.

::

    import numpy as np, pyopenvx as vx
    lo = vx.min(a, b)                          # pixelwise, uint8 or int16
    hi = vx.max(a, b)
    c = vx.copy(img)                           # any image ndarray, through vxuCopy
    out = vx.select(flag, a, b)                # a if flag else b (vxSelectNode)
    vx.scalar_operation("add", 2, 3)           # -> 5   (vxScalarOperationNode)
    vx.scalar_operation("div", 7, 2)           # -> 3   (integer operands divide as integers)
    vx.scalar_operation("lt", -1.5, 2)         # -> True

(``vx.min``/``vx.max`` are the kernels' names, as ``g.min``/``g.max``; they are
left out of ``__all__`` so ``from pyopenvx import *`` does not shadow the
builtins.)  In graphs the methods are ``g.min(in1, in2, out)``, ``g.max(...)``,
``g.copy(src, dst)``,
``g.select(cond, true_value, false_value, out)`` and
``g.scalar_operation(vx.SCALAR_OP_ADD, a, b, out)``.
"""

import numpy as np

from ._ffi import ffi, lib
from ._reference import Reference
from ._vision import _FORMATS, _Run, _enum, _image_array, _same_format, _same_shape, _vision

__all__ = ["copy", "swap", "move", "select", "scalar_operation", "SCALAR_OPERATIONS"]

#: names of the vx_scalar_operation_e values accepted by :func:`scalar_operation`
SCALAR_OPERATIONS = {
    "and": lib.VX_SCALAR_OP_AND, "or": lib.VX_SCALAR_OP_OR, "xor": lib.VX_SCALAR_OP_XOR,
    "nand": lib.VX_SCALAR_OP_NAND,
    "eq": lib.VX_SCALAR_OP_EQUAL, "equal": lib.VX_SCALAR_OP_EQUAL,
    "ne": lib.VX_SCALAR_OP_NOTEQUAL, "notequal": lib.VX_SCALAR_OP_NOTEQUAL,
    "lt": lib.VX_SCALAR_OP_LESS, "less": lib.VX_SCALAR_OP_LESS,
    "le": lib.VX_SCALAR_OP_LESSEQ, "lesseq": lib.VX_SCALAR_OP_LESSEQ,
    "gt": lib.VX_SCALAR_OP_GREATER, "greater": lib.VX_SCALAR_OP_GREATER,
    "ge": lib.VX_SCALAR_OP_GREATEREQ, "greatereq": lib.VX_SCALAR_OP_GREATEREQ,
    "add": lib.VX_SCALAR_OP_ADD, "sub": lib.VX_SCALAR_OP_SUBTRACT, "subtract": lib.VX_SCALAR_OP_SUBTRACT,
    "mul": lib.VX_SCALAR_OP_MULTIPLY, "multiply": lib.VX_SCALAR_OP_MULTIPLY,
    "div": lib.VX_SCALAR_OP_DIVIDE, "divide": lib.VX_SCALAR_OP_DIVIDE,
    "mod": lib.VX_SCALAR_OP_MODULUS, "modulus": lib.VX_SCALAR_OP_MODULUS,
    "min": lib.VX_SCALAR_OP_MIN, "max": lib.VX_SCALAR_OP_MAX,
}

_LOGICAL = {lib.VX_SCALAR_OP_AND, lib.VX_SCALAR_OP_OR, lib.VX_SCALAR_OP_XOR, lib.VX_SCALAR_OP_NAND}
_COMPARISON = {lib.VX_SCALAR_OP_EQUAL, lib.VX_SCALAR_OP_NOTEQUAL, lib.VX_SCALAR_OP_LESS, lib.VX_SCALAR_OP_LESSEQ,
               lib.VX_SCALAR_OP_GREATER, lib.VX_SCALAR_OP_GREATEREQ}

# the scalar types of the Control Flow chapter (REQ-0100)
_NUMPY_TYPES = {
    np.dtype(np.bool_): lib.VX_TYPE_BOOL, np.dtype(np.int8): lib.VX_TYPE_INT8, np.dtype(np.uint8): lib.VX_TYPE_UINT8,
    np.dtype(np.int16): lib.VX_TYPE_INT16, np.dtype(np.uint16): lib.VX_TYPE_UINT16,
    np.dtype(np.int32): lib.VX_TYPE_INT32, np.dtype(np.uint32): lib.VX_TYPE_UINT32,
    np.dtype(np.float32): lib.VX_TYPE_FLOAT32,
}
_VX_TYPES = set(_NUMPY_TYPES.values()) | {lib.VX_TYPE_SIZE}
# integer types from the narrowest to the widest (default result of mixed operands)
_RANK = [lib.VX_TYPE_INT8, lib.VX_TYPE_UINT8, lib.VX_TYPE_INT16, lib.VX_TYPE_UINT16, lib.VX_TYPE_INT32,
         lib.VX_TYPE_UINT32, lib.VX_TYPE_SIZE]


# -- Copy --------------------------------------------------------------------------
def _ref(obj):
    return ffi.cast("vx_reference", obj.handle)


@_vision("vxuCopy")
def copy(input, *, output=None, ctx=None):  # noqa: A002
    """Copy a data object.

    ``copy(ndarray)`` returns a new ndarray with the pixels of the image
    ``input`` (any dtype the images support, ``(h, w, 3)``/``(h, w, 4)`` uint8
    for RGB/RGBX) copied by the library.  ``copy(src, output=dst)`` with two
    pyopenvx objects of the same type and meta data (images, arrays, scalars,
    pyramids, tensors, ...) copies the content of ``src`` into ``dst`` and
    returns ``dst``; ``ctx`` defaults to ``src``'s context there."""
    src, dst = input, output
    if isinstance(src, Reference):
        if not isinstance(dst, Reference):
            raise TypeError("copy: dst must be a pyopenvx object like src, got %s" % type(dst).__name__)
        context = ctx if ctx is not None else src.context
        context._call(lib.vxuCopy, context.handle, _ref(src), _ref(dst))
        return dst
    if dst is not None:
        raise TypeError("copy: dst is only for pyopenvx objects; an ndarray copy returns a new ndarray")
    a = _image_array(src, "copy", list(_FORMATS), channels=(3, 4))
    with _Run(ctx, None) as r:
        img = r.image_in(a)
        out = r.image_out(a.shape[1], a.shape[0], img.format)
        r.ctx._call(lib.vxuCopy, r.ctx.handle, _ref(img), _ref(out))
        return r.result(out)


def _exchange(name, cfunc, first, second, ctx):
    if not isinstance(first, Reference) or not isinstance(second, Reference):
        raise TypeError("%s: both arguments must be pyopenvx data objects (Image, Array, Tensor, ...), got %s and %s"
                        % (name, type(first).__name__, type(second).__name__))
    context = ctx if ctx is not None else first.context
    context._call(cfunc, context.handle, _ref(first), _ref(second))


@_vision("vxuSwap")
def swap(first, second, *, ctx=None):
    """Exchange the data of two objects of one type and meta data (vx_khr_swap_move,
    ``vxuSwap``): afterwards ``first`` holds what ``second`` held and the other way
    round.  The items of pyramids and object arrays are exchanged, so levels and
    items taken earlier see the new data.  Images that are a region or channel of
    another image, tensor views and read-only objects are refused."""
    _exchange("swap", lib.vxuSwap, first, second, ctx)


@_vision("vxuMove")
def move(first, *, second, ctx=None):
    """Move the data of ``first`` into ``second`` (vx_khr_swap_move, ``vxuMove``);
    the data left in ``first`` are not defined by the spec.  Same rules as
    :func:`swap`."""
    _exchange("move", lib.vxuMove, first, second, ctx)


# -- scalars -------------------------------------------------------------------------
def _scalar_type(v, what):
    """The VX scalar type of a Python or NumPy number."""
    if isinstance(v, (bool, np.bool_)):
        return lib.VX_TYPE_BOOL
    if isinstance(v, np.generic):
        t = _NUMPY_TYPES.get(v.dtype)
        if t is None:
            if v.dtype == np.float64:
                return lib.VX_TYPE_FLOAT32
            if v.dtype.kind in "iu":
                return _scalar_type(int(v), what)
            raise TypeError("%s: a %s is not a scalar type of the Control Flow chapter" % (what, v.dtype))
        return t
    if isinstance(v, int):
        if -2 ** 31 <= v < 2 ** 31:
            return lib.VX_TYPE_INT32
        if 0 <= v < 2 ** 32:
            return lib.VX_TYPE_UINT32
        if 0 <= v < 2 ** (8 * ffi.sizeof("vx_size")):
            return lib.VX_TYPE_SIZE
        raise ValueError("%s: %d does not fit any integer scalar type (int32, uint32, vx_size)" % (what, v))
    if isinstance(v, float):
        return lib.VX_TYPE_FLOAT32
    raise TypeError("%s: expected a number, got %s" % (what, type(v).__name__))


def _plain(v, t):
    """A NumPy or Python number as the Python value cffi packs for type t."""
    if t == lib.VX_TYPE_BOOL:
        return lib.vx_true_e if bool(v) else lib.vx_false_e
    if t == lib.VX_TYPE_FLOAT32:
        return float(v)
    return int(v)


def _out_type(dtype, what):
    if isinstance(dtype, (int, np.integer)) and not isinstance(dtype, bool) and int(dtype) in _VX_TYPES:
        return int(dtype)
    if dtype is bool:
        return lib.VX_TYPE_BOOL
    if dtype is int:
        return lib.VX_TYPE_INT32
    if dtype is float:
        return lib.VX_TYPE_FLOAT32
    try:
        d = np.dtype(dtype)
    except TypeError:
        raise TypeError("%s: dtype %r is not a scalar type" % (what, dtype)) from None
    if d not in _NUMPY_TYPES:
        raise TypeError("%s: dtype %s is not a scalar type of the Control Flow chapter" % (what, d))
    return _NUMPY_TYPES[d]


def _py_value(scalar, t):
    v = scalar.value
    if t == lib.VX_TYPE_BOOL:
        return bool(v)
    if t == lib.VX_TYPE_FLOAT32:
        return float(v)
    return int(v)


def _graph_run(r, build):
    g = r.keep(r.ctx.graph())
    build(g)
    g.process()


@_vision("vxScalarOperationNode")
def scalar_operation(scalar_operation, a, b, *, dtype=None, ctx=None):
    """``a op b`` on two numbers by a one-node graph, returned as a Python
    bool, int or float.

    ``op``: 'and', 'or', 'xor', 'nand' (bools), 'eq', 'ne', 'lt', 'le', 'gt',
    'ge' (comparisons, bool result), 'add', 'sub', 'mul', 'div', 'mod', 'min',
    'max' (see :data:`SCALAR_OPERATIONS`) or a ``SCALAR_OP_*`` enum.  Python
    ints become int32 scalars (uint32 or vx_size when larger), floats float32,
    NumPy scalars keep their type.  The result type ``dtype`` (a NumPy dtype,
    ``bool``/``int``/``float`` or a ``TYPE_*`` enum) defaults to bool for
    logical operations and comparisons, float32 when an operand is a float,
    else the wider operand type (int8 < uint8 < int16 < uint16 < int32 <
    uint32 < vx_size).
    Integer operands divide as integers (toward zero); integer results wrap
    to ``dtype``, float results are truncated and saturated (spec: Control
    Flow).  An integer division or modulus by zero gives 0."""
    op = scalar_operation
    opv = _enum(op, SCALAR_OPERATIONS, "scalar_operation")
    ta = _scalar_type(a, "a")
    tb = _scalar_type(b, "b")
    if opv in _LOGICAL:
        if ta != lib.VX_TYPE_BOOL or tb != lib.VX_TYPE_BOOL:
            raise TypeError("op %r: logical operations take two bools, got %s and %s"
                            % (op, type(a).__name__, type(b).__name__))
    elif ta == lib.VX_TYPE_BOOL or tb == lib.VX_TYPE_BOOL:
        raise TypeError("op %r takes numbers, not bools" % (op,))
    if opv == lib.VX_SCALAR_OP_MODULUS and lib.VX_TYPE_FLOAT32 in (ta, tb):
        raise TypeError("op %r: the modulus takes integer operands only" % (op,))
    if dtype is not None:
        to = _out_type(dtype, "dtype")
    elif opv in _LOGICAL or opv in _COMPARISON:
        to = lib.VX_TYPE_BOOL
    elif lib.VX_TYPE_FLOAT32 in (ta, tb):
        to = lib.VX_TYPE_FLOAT32
    else:
        to = ta if _RANK.index(ta) >= _RANK.index(tb) else tb
    with _Run(ctx, None) as r:
        sa, sb = r.scalar(ta, _plain(a, ta)), r.scalar(tb, _plain(b, tb))
        so = r.scalar(to, _plain(0, to))
        _graph_run(r, lambda g: g.scalar_operation(opv, sa, sb, so))
        return _py_value(so, to)


@_vision("vxSelectNode")
def select(condition, true_value, false_value, *, ctx=None):
    """``true_value if condition else false_value``, copied by a one-node
    graph: two image ndarrays of one shape and dtype (a new ndarray is
    returned), or two numbers of one scalar type (a Python number)."""
    if isinstance(condition, (bool, np.bool_)):
        cond = bool(condition)
    elif isinstance(condition, (int, np.integer)) and int(condition) in (0, 1):
        cond = bool(condition)
    else:
        raise TypeError("select: condition must be a bool, got %r" % (condition,))
    if isinstance(true_value, np.ndarray) or isinstance(false_value, np.ndarray):
        a = _image_array(true_value, "select", list(_FORMATS), channels=(3, 4))
        b = _image_array(false_value, "select", list(_FORMATS), channels=(3, 4))
        _same_shape(a, b, "select")
        if a.dtype != b.dtype:
            raise TypeError("select: the two images must have the same dtype, got %s and %s" % (a.dtype, b.dtype))
        with _Run(ctx, None) as r:
            c = r.scalar(lib.VX_TYPE_BOOL, _plain(cond, lib.VX_TYPE_BOOL))
            ia, ib = r.image_in(a), r.image_in(b)
            out = r.image_out(a.shape[1], a.shape[0], ia.format)
            _graph_run(r, lambda g: g.select(c, ia, ib, out))
            return r.result(out)
    ta = _scalar_type(true_value, "true_value")
    tb = _scalar_type(false_value, "false_value")
    if ta != tb:
        raise TypeError("select: true_value and false_value must have one scalar type, got %s and %s"
                        % (type(true_value).__name__, type(false_value).__name__))
    with _Run(ctx, None) as r:
        c = r.scalar(lib.VX_TYPE_BOOL, _plain(cond, lib.VX_TYPE_BOOL))
        sa, sb = r.scalar(ta, _plain(true_value, ta)), r.scalar(tb, _plain(false_value, tb))
        so = r.scalar(ta, _plain(0, ta))
        _graph_run(r, lambda g: g.select(c, sa, sb, so))
        return _py_value(so, ta)
