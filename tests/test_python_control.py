"""pyopenvx: enhanced vision Min, Max, Copy, Select, ScalarOperation (immediate
functions on ndarrays / numbers and the generated graph builders)."""

import builtins

import numpy as np
import pytest

import pyopenvx as vx

RNG = np.random.default_rng(7)


def rand(shape, dtype):
    info = np.iinfo(dtype)
    return RNG.integers(info.min, info.max, size=shape, endpoint=True).astype(dtype)


@pytest.mark.parametrize("dtype", [np.uint8, np.int16])
@pytest.mark.parametrize("shape", [(1, 1), (5, 7), (17, 33), (480, 640)])
def test_minimum_maximum_match_numpy(dtype, shape):
    a, b = rand(shape, dtype), rand(shape, dtype)
    lo, hi = vx.min(a, b), vx.max(a, b)
    assert lo.dtype == dtype and hi.dtype == dtype
    np.testing.assert_array_equal(lo, np.minimum(a, b))
    np.testing.assert_array_equal(hi, np.maximum(a, b))


def test_builtins_not_shadowed():
    assert "min" not in vx.__all__ and "max" not in vx.__all__ and "copy" in vx.__all__
    ns = {}
    exec("from pyopenvx import *", ns)
    assert "min" not in ns and "max" not in ns
    assert builtins.min(1, 2) == 1


def test_minmax_argument_checks():
    a = np.zeros((4, 4), np.uint8)
    with pytest.raises(TypeError):
        vx.min(a, a.astype(np.int16))
    with pytest.raises(TypeError):
        vx.max(a.astype(np.float32), a.astype(np.float32))
    with pytest.raises(ValueError):
        vx.min(a, np.zeros((4, 5), np.uint8))
    with pytest.raises(TypeError):
        vx.max(a.astype(bool), a.astype(bool))


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.bool_])
def test_copy_ndarray(dtype):
    a = rand((9, 13), np.uint8 if dtype == np.bool_ else dtype)
    if dtype == np.bool_:
        a = a > 127
    c = vx.copy(a)
    assert c.dtype == a.dtype and c is not a
    np.testing.assert_array_equal(c, a)


def test_copy_rgb():
    a = rand((6, 10, 3), np.uint8)
    np.testing.assert_array_equal(vx.copy(a), a)


def test_copy_objects(ctx):
    arr = vx.Array(ctx, vx.TYPE_INT32, 10)
    arr.add(np.arange(7, dtype=np.int32))
    dst = vx.Array(ctx, vx.TYPE_INT32, 10)
    assert vx.copy(arr, output=dst) is dst
    np.testing.assert_array_equal(dst.to_numpy(), np.arange(7, dtype=np.int32))
    with pytest.raises(vx.VXError):
        vx.copy(arr, output=vx.Array(ctx, vx.TYPE_INT16, 10))
    with pytest.raises(TypeError):
        vx.copy(arr, output=np.zeros(3))


@pytest.mark.parametrize("cond", [True, False])
def test_select_images(cond):
    a, b = rand((7, 5), np.int16), rand((7, 5), np.int16)
    np.testing.assert_array_equal(vx.select(cond, a, b), a if cond else b)


def test_select_numbers():
    assert vx.select(True, 3, 4) == 3
    assert vx.select(False, 3, 4) == 4
    assert vx.select(np.bool_(True), 1.5, 2.5) == 1.5
    with pytest.raises(TypeError):
        vx.select(True, 3, 4.0)
    with pytest.raises(TypeError):
        vx.select("yes", 3, 4)
    with pytest.raises(TypeError):
        vx.select(True, np.zeros((2, 2), np.uint8), np.zeros((2, 2), np.int16))


@pytest.mark.parametrize("op,a,b,want", [
    ("and", True, False, False), ("or", True, False, True), ("xor", True, True, False), ("nand", True, True, False),
    ("eq", 3, 3, True), ("ne", 3, 3, False), ("lt", -1.5, 2, True), ("le", 2, 2, True), ("gt", 2, 3, False),
    ("ge", 7.0, 7, True),
    ("add", 2, 3, 5), ("sub", 2, 3, -1), ("mul", 6, 7, 42), ("div", 7, 2, 3), ("div", -7, 2, -3),
    ("div", 7.0, 2, 3.5), ("mod", 14, 5, 4), ("min", 4, -2, -2), ("max", 4, -2, 4), ("min", 2.5, 1, 1.0),
    ("div", 5, 0, 0), ("mod", 5, 0, 0),
    (vx.SCALAR_OP_ADD, np.uint8(200), np.uint8(100), 44),   # uint8 result wraps
    ("lt", np.int8(-1), np.uint32(4294967295), True),       # exact mixed comparison
])
def test_scalar_operation(op, a, b, want):
    got = vx.scalar_operation(op, a, b)
    assert got == want and type(got) is type(want)


def test_scalar_operation_dtype():
    assert vx.scalar_operation("div", 7, 2, dtype=float) == 3.0           # integer division, then promoted
    assert vx.scalar_operation("mul", 100.0, 3, dtype=np.uint8) == 255    # float -> saturated
    assert vx.scalar_operation("sub", 0, 129, dtype=np.int8) == 127       # int -> wrapped
    assert vx.scalar_operation("add", 2 ** 31, 1) == 2 ** 31 + 1          # uint32 operands
    assert vx.scalar_operation("add", 2.0, 2, dtype=vx.TYPE_SIZE) == 4
    assert vx.scalar_operation("add", np.int8(-100), np.int16(-100)) == -200      # the wider type: int16


def test_scalar_operation_argument_checks():
    with pytest.raises(ValueError):
        vx.scalar_operation("pow", 1, 2)
    with pytest.raises(TypeError):
        vx.scalar_operation("and", 1, 2)
    with pytest.raises(TypeError):
        vx.scalar_operation("add", True, 2)
    with pytest.raises(TypeError):
        vx.scalar_operation("mod", 1.5, 2)
    with pytest.raises(TypeError):
        vx.scalar_operation("add", "1", 2)
    with pytest.raises(ValueError):
        vx.scalar_operation("add", 2 ** 70, 1)
    with pytest.raises(TypeError):
        vx.scalar_operation("add", 1, 2, dtype=np.float64)


def test_registered():
    for name, c in [("min", "vxuMin"), ("max", "vxuMax"), ("copy", "vxuCopy"),
                    ("select", "vxSelectNode"), ("scalar_operation", "vxScalarOperationNode")]:
        assert vx.VISION_FUNCTIONS[name] == c and c in getattr(vx, name).__doc__


def test_graph_builders(ctx):
    a, b = rand((17, 33), np.uint8), rand((17, 33), np.uint8)
    g = ctx.graph()
    ia, ib = ctx.image_from_numpy(a), ctx.image_from_numpy(b)
    lo, hi = g.virtual_image(), g.virtual_image()
    out = ctx.image(33, 17, vx.DF_IMAGE_U8)
    x = vx.Scalar(ctx, vx.TYPE_INT32, 5)
    y = vx.Scalar(ctx, vx.TYPE_INT32, 9)
    cond = g.virtual_scalar(vx.TYPE_BOOL)
    g.min(ia, ib, lo)
    g.max(ia, ib, hi)
    g.scalar_operation(vx.SCALAR_OP_LESS, x, y, cond)
    sel = g.virtual_image()
    g.select(cond, lo, hi, sel)
    g.copy(sel, out)
    g.process()
    np.testing.assert_array_equal(out.to_numpy(), np.minimum(a, b))      # 5 < 9
    y.value = 1
    g.process()
    np.testing.assert_array_equal(out.to_numpy(), np.maximum(a, b))
