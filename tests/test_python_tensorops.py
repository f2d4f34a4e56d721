"""pyopenvx tensor functions (vx.tensor_add ... vx.tensor_matrix_multiply) against NumPy models, the
argument checks, and the generated graph builders (g.tensor_add, ...) on a graph with a virtual tensor."""

import numpy as np
import pytest

INT_DTYPES = [np.int16, np.uint8, np.int8]


def _rand(rng, shape, dtype):
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max + 1, size=shape).astype(dtype)


def _sat_wrap(v, dtype, policy):
    info = np.iinfo(dtype)
    v = np.asarray(v, np.int64)
    if policy == "saturate":
        return np.clip(v, info.min, info.max).astype(dtype)
    return v.astype(dtype)  # keeps the low bits


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("policy", ["saturate", "wrap"])
@pytest.mark.parametrize("shapes", [((7, 5), (7, 5)), ((3, 1, 4), (1, 6, 4)), ((2, 3, 1, 5), (5,)),
                                    ((1,), (1,)), ((2, 1, 3, 1, 2, 3), (2, 2, 1, 2, 1, 3))])
def test_add_subtract(vx, dtype, policy, shapes):
    rng = np.random.default_rng(1)
    a, b = _rand(rng, shapes[0], dtype), _rand(rng, shapes[1], dtype)
    wide_a, wide_b = a.astype(np.int64), b.astype(np.int64)
    got = vx.tensor_add(a, b, policy=policy)
    assert got.dtype == np.dtype(dtype) and got.shape == np.broadcast_shapes(a.shape, b.shape)
    np.testing.assert_array_equal(got, _sat_wrap(wide_a + wide_b, dtype, policy))
    np.testing.assert_array_equal(vx.tensor_subtract(a, b, policy), _sat_wrap(wide_a - wide_b, dtype, policy))


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("rounding", ["zero", "nearest"])
@pytest.mark.parametrize("scale", [1.0, 1 / 255, 1 / 32768, 0.375])
def test_multiply(vx, dtype, rounding, scale):
    rng = np.random.default_rng(2)
    a, b = _rand(rng, (4, 5, 3), dtype), _rand(rng, (4, 1, 3), dtype)
    scale = float(np.float32(scale))
    q = 1 / 256 if dtype == np.int16 else 1.0  # Q7.8 product: 16 fraction bits -> 8
    v = a.astype(np.float64) * b.astype(np.float64) * scale * q
    v = np.rint(v) if rounding == "nearest" else np.trunc(v)
    for policy in ("saturate", "wrap"):
        got = vx.tensor_multiply(a, b, scale, policy, rounding)
        np.testing.assert_array_equal(got, _sat_wrap(v, dtype, policy))


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("rounding", ["zero", "nearest"])
@pytest.mark.parametrize("scale", [1.0, 1 / 255, 1 / 32768, 0.375, 2.0, 1 / 2])
def test_multiply_long_rows(vx, dtype, rounding, scale):
    """Rows long enough for the vector rows (contiguous, one type), ties included (small values)."""
    rng = np.random.default_rng(4)
    for shape in ((3, 97), (2, 2, 64), (1, 1, 33)):
        a, b = _rand(rng, shape, dtype), _rand(rng, shape, dtype)
        a.flat[:16] = np.arange(16) - 8 if dtype != np.uint8 else np.arange(16)
        scale = float(np.float32(scale))
        q = 1 / 256 if dtype == np.int16 else 1.0
        v = a.astype(np.float64) * b.astype(np.float64) * scale * q
        v = np.rint(v) if rounding == "nearest" else np.trunc(v)
        for policy in ("saturate", "wrap"):
            got = vx.tensor_multiply(a, b, scale, policy, rounding)
            np.testing.assert_array_equal(got, _sat_wrap(v, dtype, policy))


@pytest.mark.parametrize("dtype", [np.uint8, np.int16])
def test_table_lookup(vx, dtype):
    rng = np.random.default_rng(3)
    count = 256 if dtype == np.uint8 else 1000
    offset = 0 if dtype == np.uint8 else count // 2
    lut = _rand(rng, (count,), dtype)
    a = (rng.integers(0, count, size=(3, 7, 5)) - offset).astype(dtype)
    got = vx.tensor_table_lookup(a, lut)
    np.testing.assert_array_equal(got, lut[a.astype(np.int64) + offset])


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_transpose(vx, dtype):
    rng = np.random.default_rng(4)
    a = _rand(rng, (2, 3, 4, 5), dtype)
    for d1 in range(4):
        for d2 in range(4):
            got = vx.tensor_transpose(a, d1, d2)
            np.testing.assert_array_equal(got, np.swapaxes(a, 3 - d1, 3 - d2))


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_transpose_tiles(vx, dtype):
    """Shapes with 8-row tiles, vector steps and their remainders on both sides, every pair of dimensions."""
    rng = np.random.default_rng(7)
    for shape in ((19, 37), (8, 8), (3, 21, 17), (2, 9, 16, 10)):
        a = rng.integers(-30000, 30000, size=shape).astype(dtype)
        nd = len(shape)
        for d1 in range(nd):
            for d2 in range(nd):
                got = vx.tensor_transpose(a, d1, d2)
                np.testing.assert_array_equal(got, np.swapaxes(a, nd - 1 - d1, nd - 1 - d2))


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("policy", ["saturate", "wrap"])
def test_add_subtract_long_rows(vx, dtype, policy):
    """Rows long enough for the image Add / Subtract vector rows the U8 and S16 tensors use."""
    rng = np.random.default_rng(8)
    for shape in ((3, 97), (2, 2, 64), (1, 33), (5, 1000)):
        a, b = _rand(rng, shape, dtype), _rand(rng, shape, dtype)
        wide_a, wide_b = a.astype(np.int64), b.astype(np.int64)
        np.testing.assert_array_equal(vx.tensor_add(a, b, policy=policy), _sat_wrap(wide_a + wide_b, dtype, policy))
        np.testing.assert_array_equal(vx.tensor_subtract(a, b, policy), _sat_wrap(wide_a - wide_b, dtype, policy))


@pytest.mark.parametrize("src", [np.int16, np.uint8, np.int8, np.float32])
@pytest.mark.parametrize("dst", [np.int16, np.uint8, np.int8, np.float32])
def test_convert_depth(vx, src, dst):
    rng = np.random.default_rng(5)
    if src == np.float32:
        a = (rng.standard_normal((6, 7)) * 100).astype(np.float32)
    else:
        a = _rand(rng, (6, 7), src)
    fin = 8 if src == np.int16 else 0
    fout = 8 if dst == np.int16 else 0
    for policy in ("saturate", "wrap"):
        for norm, offset in ((1.0, 0.0), (1.0, -128.0), (0.25, 3.5)):
            got = vx.tensor_convert_depth(a, policy, norm, offset, dtype=dst)
            v = a.astype(np.float32) / np.float32(2 ** fin)
            v = (v - np.float32(offset)) * (np.float32(1) / np.float32(norm)) * np.float32(2 ** fout)
            if dst == np.float32:
                ref = v.astype(np.float32)
            else:
                ref = _sat_wrap(np.trunc(v.astype(np.float64)), dst, policy)
            np.testing.assert_array_equal(got, ref)


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("ta,tb,tc", [(False, False, False), (True, False, True), (False, True, False),
                                      (True, True, True)])
@pytest.mark.parametrize("with_c", [False, True])
def test_matrix_multiply(vx, dtype, ta, tb, tc, with_c):
    rng = np.random.default_rng(6)
    n, m, l = 5, 7, 3
    a, b, c = _rand(rng, (n, m), dtype), _rand(rng, (m, l), dtype), _rand(rng, (n, l), dtype)
    fp = 8 if dtype == np.int16 else 0
    acc = a.astype(np.int64) @ b.astype(np.int64)
    if with_c:
        acc = acc + (c.astype(np.int64) << fp)
    ref = _sat_wrap(np.floor_divide(acc + ((1 << fp) >> 1), 1 << fp), dtype, "saturate")
    got = vx.tensor_matrix_multiply(a.T.copy() if ta else a, b.T.copy() if tb else b,
                                    (c.T.copy() if tc else c) if with_c else None,
                                    transpose_input1=ta, transpose_input2=tb, transpose_input3=tc)
    np.testing.assert_array_equal(got, ref)


@pytest.mark.parametrize("dtype", INT_DTYPES)
@pytest.mark.parametrize("lim", [100, None])
def test_matrix_multiply_large(vx, dtype, lim):
    """Sizes for the packed int32 path (small values: exact) and, with full-range S16, the 64-bit path;
    160 x 200 x 140 packs on the pool's threads (its maxima, merged across the parts, pick the path)."""
    rng = np.random.default_rng(9)
    for n, m, l, ta, with_c in ((37, 50, 29, False, True), (8, 129, 33, True, False), (64, 64, 64, False, False),
                                (160, 200, 140, True, True)):
        info = np.iinfo(dtype)
        lo, hi = (max(info.min, -lim), min(info.max, lim)) if lim else (info.min, info.max)
        a, b, c = (rng.integers(lo, hi + 1, size=s).astype(dtype) for s in ((n, m), (m, l), (n, l)))
        fp = 8 if dtype == np.int16 else 0
        acc = a.astype(np.int64) @ b.astype(np.int64)
        if with_c:
            acc = acc + (c.astype(np.int64) << fp)
        ref = _sat_wrap(np.floor_divide(acc + ((1 << fp) >> 1), 1 << fp), dtype, "saturate")
        got = vx.tensor_matrix_multiply(a.T.copy() if ta else a, b, c if with_c else None, transpose_input1=ta)
        np.testing.assert_array_equal(got, ref)


def test_fixed_point_q78(vx):
    a = np.array([256, 512, -256, 128], np.int16)  # 1.0, 2.0, -1.0, 0.5
    np.testing.assert_array_equal(vx.tensor_multiply(a, a), [256, 1024, 256, 64])
    raw = np.clip(a.astype(np.int64) ** 2, -32768, 32767)  # fixed point 0: plain products, saturated
    np.testing.assert_array_equal(vx.tensor_multiply(a, a, fixed_point_position=0), raw)
    np.testing.assert_array_equal(vx.tensor_convert_depth(a, dtype=np.uint8, offset=-128.0), [129, 130, 127, 128])


def test_refusals(vx):
    a16 = np.zeros((3, 4), np.int16)
    with pytest.raises(TypeError):
        vx.tensor_add(a16, np.zeros((3, 4), np.uint8))
    with pytest.raises(TypeError):
        vx.tensor_add(np.zeros((3, 4), np.float32), np.zeros((3, 4), np.float32))
    with pytest.raises(ValueError):
        vx.tensor_add(a16, np.zeros((3, 5), np.int16))
    with pytest.raises(ValueError):
        vx.tensor_add(a16, a16, policy="clamp")
    with pytest.raises(ValueError):
        vx.tensor_add(np.zeros((1,) * 7, np.int16), np.zeros((1,) * 7, np.int16))
    with pytest.raises(ValueError):
        vx.tensor_multiply(a16, a16, -1.0)
    with pytest.raises(TypeError):
        vx.tensor_multiply(a16, a16, "one")
    with pytest.raises(TypeError):
        vx.tensor_table_lookup(np.zeros(4, np.uint8), np.zeros(256, np.int16))
    with pytest.raises(TypeError):
        vx.tensor_table_lookup(np.zeros(4, np.int8), np.zeros(256, np.int8))
    with pytest.raises(ValueError):
        vx.tensor_transpose(a16, 0, 2)
    with pytest.raises(TypeError):
        vx.tensor_convert_depth(a16, dtype=np.uint16)
    with pytest.raises(ValueError):
        vx.tensor_convert_depth(a16, dtype=np.uint8, norm=0)
    with pytest.raises(ValueError):
        vx.tensor_matrix_multiply(a16, a16)
    with pytest.raises(ValueError):
        vx.tensor_matrix_multiply(np.zeros((2, 2, 2), np.int16), a16)
    with pytest.raises(ValueError):
        vx.tensor_matrix_multiply(a16, a16.T, np.zeros((4, 4), np.int16))
    # a bad fixed point position reaches C: the library refuses it (VXError with the log)
    with pytest.raises(vx.VXError):
        vx.tensor_matrix_multiply(a16, a16.T, fixed_point_position=40)


def test_registered(vx):
    for name in ("tensor_add", "tensor_subtract", "tensor_multiply", "tensor_table_lookup", "tensor_transpose",
                 "tensor_convert_depth", "tensor_matrix_multiply"):
        assert name in vx.VISION_FUNCTIONS and callable(getattr(vx, name))


def test_graph_builder_takes_tensor_objects(vx, ctx):
    a = vx.Tensor.from_numpy(ctx, np.ones((2, 3), np.int16), 8)
    out = ctx.tensor((3, 2), np.int16, 8)
    g = ctx.graph()
    g.tensor_add(a, a, out, vx.CONVERT_POLICY_SATURATE)
    g.process()
    np.testing.assert_array_equal(out.to_numpy(), np.full((2, 3), 2, np.int16))


def test_graph_builders(vx, ctx):
    """add -> virtual -> matrix multiply -> transpose through the generated g.tensor_* builders."""
    rng = np.random.default_rng(7)
    a = rng.integers(-300, 300, size=(4, 5)).astype(np.int16)
    b = rng.integers(-300, 300, size=(4, 5)).astype(np.int16)
    w = rng.integers(-300, 300, size=(5, 3)).astype(np.int16)
    g = ctx.graph()
    ta, tb, tw = (vx.Tensor.from_numpy(ctx, x, 8) for x in (a, b, w))
    out = ctx.tensor((4, 3), np.int16, 8)       # OpenVX dims of a (3, 4) ndarray
    s = g.virtual_tensor((0, 0), 0)             # everything left to the validator
    p = g.virtual_tensor((3, 4), np.int16, 8)     # the product, (4, 3) in NumPy terms
    g.tensor_add(ta, tb, s, "saturate")
    g.tensor_matrix_multiply(s, tw, p, None, transpose_input1=False, transpose_input2=False,
                             transpose_input3=False)
    g.tensor_transpose(p, out, 0, 1)
    g.process()
    sm = np.clip(a.astype(np.int64) + b, -32768, 32767)
    prod = np.clip(np.floor_divide(sm @ w.astype(np.int64) + 128, 256), -32768, 32767)
    np.testing.assert_array_equal(out.to_numpy(), prod.T)
