"""Immediate mode on ndarrays (pyopenvx._vision) against plain NumPy models of
the spec's formulas.

The kernel tests skip while the C library has no kernel of that name
(vxGetKernelByName) and must pass once it has; the argument checks run always
(they never reach C)."""

import numpy as np
from geo_model import fix as geo_fix, sample as geo_sample
import pytest

import pyopenvx as vx

K = "org.khronos.openvx."


def _have_kernel(name):
    """Does libopenvx register kernel ``name`` (asked through vxGetKernelByName)?"""
    with vx.Context() as ctx:
        h = vx.lib.vxGetKernelByName(ctx.handle, name.encode())
        if h == vx.ffi.NULL or vx.lib.vxGetStatus(vx.ffi.cast("vx_reference", h)) != vx.lib.VX_SUCCESS:
            return False
        vx.lib.vxReleaseKernel(vx.ffi.new("vx_kernel *", h))
        return True


def needs(kernel):
    """Mark a test as exercising kernel ``org.khronos.openvx.<kernel>``; a
    missing kernel fails the test (it is never skipped: a skip would hide it)."""
    def mark(f):
        def test(*args, **kw):
            assert _have_kernel(K + kernel), "libopenvx has no kernel %s%s" % (K, kernel)
            return f(*args, **kw)
        test.__name__, test.__doc__ = f.__name__, f.__doc__
        test.__wrapped__ = f
        return test
    return mark


RNG = np.random.default_rng(1234)
A8 = RNG.integers(0, 256, (23, 37), dtype=np.uint8)
B8 = RNG.integers(0, 256, (23, 37), dtype=np.uint8)
A16 = RNG.integers(-3000, 3000, (23, 37), dtype=np.int16)
B16 = RNG.integers(-3000, 3000, (23, 37), dtype=np.int16)


# -- NumPy models -----------------------------------------------------------------
def windows(a, n=3):
    """(n*n, h, w) stack of the n x n neighbourhoods of a, replicate border."""
    r = n // 2
    p = np.pad(a, r, mode="edge").astype(np.int64)
    h, w = a.shape
    return np.stack([p[dy:dy + h, dx:dx + w] for dy in range(n) for dx in range(n)])


def corr(a, k):
    """sum over the window of a(x + i - r, y + j - r) * k[j, i] (replicate border)."""
    n = k.shape[0]
    return np.tensordot(k.reshape(-1).astype(np.int64), windows(a, n), axes=1)


def sat(x, dtype):
    info = np.iinfo(dtype)
    return np.clip(x, info.min, info.max).astype(dtype)


REP = "replicate"


def close(got, want, tol=0):
    assert got.shape == want.shape and got.dtype == want.dtype
    diff = np.abs(got.astype(np.int64) - want.astype(np.int64))
    assert diff.max() <= tol, "max difference %d at %s" % (diff.max(), np.unravel_index(diff.argmax(), diff.shape))


# -- argument checks (always run) -------------------------------------------------
def test_every_function_is_documented_and_exported():
    for name, vxu in vx.VISION_FUNCTIONS.items():
        f = getattr(vx, name)
        assert vxu in f.__doc__ and hasattr(vx.lib, vxu)
    assert len(vx.VISION_FUNCTIONS) >= 38


@pytest.mark.parametrize("f", [vx.gaussian3x3, vx.box3x3, vx.median3x3, vx.sobel3x3, vx.integral_image,
                               vx.equalize_hist, vx.histogram, vx.mean_std_dev, vx.not_])
def test_wrong_dtype_is_a_type_error(f):
    with pytest.raises(TypeError):
        f(np.zeros((4, 4), np.float32))


def test_shape_and_enum_checks():
    with pytest.raises(ValueError):
        vx.gaussian3x3(np.zeros((2, 3, 5), np.uint8))
    with pytest.raises(ValueError):
        vx.gaussian3x3(np.zeros((0, 4), np.uint8))
    with pytest.raises(ValueError):
        vx.add(A8, A8[:10])
    with pytest.raises(TypeError):
        vx.add(A8, A16, dtype=np.uint8)
    with pytest.raises(ValueError):
        vx.add(A8, B8, policy="clamp")
    with pytest.raises(TypeError):
        vx.abs_diff(A8, A16)
    with pytest.raises(ValueError):
        vx.table_lookup(A8, np.arange(10, dtype=np.uint8))
    with pytest.raises(TypeError):
        vx.table_lookup(A8, np.arange(256, dtype=np.int16))
    with pytest.raises(ValueError):
        vx.convolve(A8, np.ones((2, 2), np.int16))
    with pytest.raises(ValueError):
        vx.convolve(A8, np.ones((3, 3), np.int16), scale=3)
    with pytest.raises(ValueError):
        vx.warp_affine(A8, np.eye(3))
    with pytest.raises(ValueError):
        vx.canny(A8, 100, 50)
    with pytest.raises(ValueError):
        vx.gaussian3x3(A8, border="mirror")
    with pytest.raises(ValueError):
        vx.threshold(A8, (1, 2, 3))
    with pytest.raises(ValueError):
        vx.scale_image(A8, size=(0, 5))


def test_given_context_keeps_its_border():
    with vx.Context() as ctx:
        before = ctx.immediate_border
        try:
            vx.gaussian3x3(A8, border=(("constant", 3)), ctx=ctx)
        except vx.NotImplementedVXError:
            pass
        assert ctx.immediate_border == before


# -- filters ---------------------------------------------------------------------------
@needs("box_3x3")
def test_box3x3():
    close(vx.box3x3(A8, border=REP), (windows(A8).sum(0) // 9).astype(np.uint8), tol=1)


@needs("gaussian_3x3")
def test_gaussian3x3():
    k = np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]])
    close(vx.gaussian3x3(A8, border=REP), (corr(A8, k) // 16).astype(np.uint8), tol=1)
    # undefined border: the inner pixels
    got = vx.gaussian3x3(A8)
    close(got[1:-1, 1:-1], (corr(A8, k) // 16).astype(np.uint8)[1:-1, 1:-1], tol=1)
    # constant border
    p = np.pad(A8, 1, constant_values=7)
    close(vx.gaussian3x3(A8, border=("constant", 7)), (corr(p, k)[1:-1, 1:-1] // 16).astype(np.uint8), tol=1)


@needs("median_3x3")
def test_median3x3():
    close(vx.median3x3(A8, border=REP), np.median(windows(A8), axis=0).astype(np.uint8))


@needs("dilate_3x3")
def test_dilate3x3():
    close(vx.dilate3x3(A8, border=REP), windows(A8).max(0).astype(np.uint8))


@needs("erode_3x3")
def test_erode3x3():
    close(vx.erode3x3(A8, border=REP), windows(A8).min(0).astype(np.uint8))


@needs("sobel_3x3")
def test_sobel3x3():
    gx, gy = vx.sobel3x3(A8, border=REP)
    kx = np.array([[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]])
    close(gx, corr(A8, kx).astype(np.int16))
    close(gy, corr(A8, kx.T).astype(np.int16))


@needs("magnitude")
def test_magnitude():
    x, y = A16.astype(np.float64), B16.astype(np.float64)
    want = np.minimum(np.floor(np.sqrt(x * x + y * y) + 0.5), 32767).astype(np.int16)
    close(vx.magnitude(A16, B16), want, tol=1)


@needs("phase")
def test_phase():
    phi = np.arctan2(B16.astype(np.float64), A16.astype(np.float64)) % (2 * np.pi)
    want = (phi * 256 / (2 * np.pi)).astype(np.int64) % 256
    got = vx.phase(A16, B16).astype(np.int64)
    d = np.minimum((got - want) % 256, (want - got) % 256)
    assert d.max() <= 1


# -- pixel-wise arithmetic and logic -----------------------------------------------------
@needs("add")
def test_add():
    s = A8.astype(np.int64) + B8
    close(vx.add(A8, B8), sat(s, np.uint8))
    close(vx.add(A8, B8, policy="wrap"), (s % 256).astype(np.uint8))
    close(vx.add(A8, B8, dtype=np.int16), s.astype(np.int16))
    close(vx.add(A16, B16), sat(A16.astype(np.int64) + B16, np.int16))


@needs("subtract")
def test_subtract():
    d = A8.astype(np.int64) - B8
    close(vx.subtract(A8, B8), sat(d, np.uint8))
    close(vx.subtract(A8, B8, policy="wrap"), (d % 256).astype(np.uint8))
    close(vx.subtract(A8, B16), sat(A8.astype(np.int64) - B16, np.int16))


@needs("multiply")
def test_multiply():
    p = A8.astype(np.int64) * B8
    close(vx.multiply(A8, B8, 1.0), sat(p, np.uint8))
    close(vx.multiply(A8, B8, 1 / 256, "saturate", "zero"), (p // 256).astype(np.uint8))
    close(vx.multiply(A16, B16, 1.0, "wrap", "zero"), ((A16.astype(np.int64) * B16 + 32768) % 65536 - 32768)
          .astype(np.int16))


@needs("absdiff")
def test_abs_diff():
    close(vx.abs_diff(A8, B8), np.abs(A8.astype(np.int64) - B8).astype(np.uint8))
    close(vx.abs_diff(A16, B16), sat(np.abs(A16.astype(np.int64) - B16), np.int16))


@needs("and")
def test_bitwise():
    close(vx.and_(A8, B8), A8 & B8)
    close(vx.or_(A8, B8), A8 | B8)
    close(vx.xor(A8, B8), A8 ^ B8)
    close(vx.not_(A8), ~A8)


@needs("threshold")
def test_threshold():
    close(vx.threshold(A8, 100), np.where(A8 > 100, 255, 0).astype(np.uint8))
    close(vx.threshold(A8, (50, 150), true_value=9, false_value=1), np.where((A8 >= 50) & (A8 <= 150), 9, 1).astype(np.uint8))
    close(vx.threshold(A16, -5), np.where(A16 > -5, 255, 0).astype(np.uint8))


@needs("table_lookup")
def test_table_lookup():
    lut = (255 - np.arange(256)).astype(np.uint8)
    close(vx.table_lookup(A8, lut), lut[A8])


@needs("convertdepth")
def test_convert_depth():
    close(vx.convert_depth(A8, shift=3, dtype=np.int16), (A8.astype(np.int16) << 3))
    close(vx.convert_depth(A16, "saturate", 2, dtype=np.uint8), sat(A16.astype(np.int64) >> 2, np.uint8))
    close(vx.convert_depth(A16, "wrap", 0, dtype=np.uint8), (A16.astype(np.int64) % 256).astype(np.uint8))


# -- colour -----------------------------------------------------------------------------
RGB = RNG.integers(0, 256, (8, 12, 3), dtype=np.uint8)


@needs("channel_extract")
def test_channel_extract():
    for i, ch in enumerate((vx.CHANNEL_R, vx.CHANNEL_G, vx.CHANNEL_B)):
        close(vx.channel_extract(RGB, ch), RGB[..., i])


@needs("channel_combine")
def test_channel_combine():
    got = vx.channel_combine(RGB[..., 0].copy(), RGB[..., 1].copy(), RGB[..., 2].copy(), format="RGB")
    close(got, RGB)
    rgbx = vx.channel_combine(RGB[..., 0].copy(), RGB[..., 1].copy(), RGB[..., 2].copy(),
                              np.full((8, 12), 77, np.uint8), format=vx.DF_IMAGE_RGBX)
    close(rgbx[..., :3], RGB)
    assert (rgbx[..., 3] == 77).all()


@needs("color_convert")
def test_color_convert_rgb_rgbx_roundtrip():
    rgbx = vx.color_convert(RGB, format=vx.DF_IMAGE_RGBX)
    close(rgbx[..., :3], RGB)
    close(vx.color_convert(rgbx, format="rgb"), RGB)
    yuv = vx.color_convert(RGB, format=vx.Format.YUV4)
    assert len(yuv) == 3 and all(p.shape == (8, 12) for p in yuv)
    # BT.709 luma (the default colour space), allowed 1 off for the rounding
    r, g, b = (RGB[..., i].astype(np.float64) for i in range(3))
    y = np.clip(np.round(0.2126 * r + 0.7152 * g + 0.0722 * b), 0, 255).astype(np.uint8)
    close(yuv[0], y, tol=1)


# -- statistics -------------------------------------------------------------------------
@needs("histogram")
def test_histogram():
    close(vx.histogram(A8), np.bincount(A8.ravel(), minlength=256).astype(np.int32))
    sel = A8[(A8 >= 16) & (A8 < 16 + 128)].astype(np.int64)
    close(vx.histogram(A8, bins=16, offset=16, range=128), np.bincount((sel - 16) // 8, minlength=16).astype(np.int32))


@needs("equalize_histogram")
def test_equalize_histogram_is_monotonic_and_spreads():
    low = (A8 // 4).astype(np.uint8)
    out = vx.equalize_hist(low)
    order = np.argsort(low.ravel(), kind="stable")
    assert (np.diff(out.ravel()[order].astype(np.int64)) >= 0).all()
    assert out.max() >= 250


@needs("mean_stddev")
def test_mean_stddev():
    m, s = vx.mean_std_dev(A8)
    assert m == pytest.approx(A8.mean(), rel=1e-4) and s == pytest.approx(A8.std(), rel=1e-3)


@needs("minmaxloc")
def test_min_max_loc():
    a = np.full((10, 12), 50, np.uint8)
    a[2, 3] = 3
    a[7, 1] = 3
    a[5, 9] = 200
    r = vx.min_max_loc(a)
    assert (r.min, r.max, r.min_count, r.max_count) == (3, 200, 2, 1)
    assert sorted(map(tuple, r.min_loc)) == [(1, 7), (3, 2)] and list(map(tuple, r.max_loc)) == [(9, 5)]


@needs("integral_image")
def test_integral_image():
    close(vx.integral_image(A8), A8.astype(np.uint64).cumsum(0).cumsum(1).astype(np.uint32))


@pytest.mark.parametrize("shape", [(257, 301), (40, 1920), (70, 1001), (600, 127)])
@needs("integral_image")
def test_integral_image_bands(shape):
    """Images of 64K pixels and more run in row bands on the pool, each band's
    top from the column sums of the bands above (taken in column parts): the
    same as NumPy's prefix sums, wrapping at 2^32 (all-255 rows)."""
    a = np.random.default_rng(7).integers(0, 256, shape, dtype=np.uint8)
    a[shape[0] // 3] = 255
    close(vx.integral_image(a), a.astype(np.uint64).cumsum(0).cumsum(1).astype(np.uint32))


# -- neighbourhood filters with parameters ---------------------------------------------------
@needs("custom_convolution")
def test_convolve():
    k = np.array([[1, 2, 1], [2, 8, 2], [1, 2, 1]], np.int16)     # symmetric: flip-proof
    close(vx.convolve(A8, k, scale=16, border=REP), sat(corr(A8, k) // 16, np.uint8))
    close(vx.convolve(A8, k, scale=1, dtype=np.int16, border=REP), sat(corr(A8, k), np.int16))


@needs("non_linear_filter")
def test_nonlinear_filter():
    close(vx.nonlinear_filter("max", A8, "box", size=3, border=REP), windows(A8).max(0).astype(np.uint8))
    cross = np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]])
    w = windows(A8)[cross.ravel() != 0]
    close(vx.nonlinear_filter("min", A8, cross, border=REP), w.min(0).astype(np.uint8))
    close(vx.nonlinear_filter("median", A8, cross, border=REP), np.median(w, axis=0).astype(np.uint8))


# -- geometry ----------------------------------------------------------------------------
@needs("scale_image")
def test_scale_image_nearest_upscale():
    got = vx.scale_image(A8, "nearest", size=(46, 74))
    close(got, np.repeat(np.repeat(A8, 2, 0), 2, 1))


@pytest.mark.parametrize("interp", ["area", "bilinear"])
@needs("scale_image")
def test_scale_image_exact_half(interp):
    # at exactly half size both rules average each 2x2 block (area: the block
    # is the output pixel's footprint; bilinear: samples at the blocks'
    # centres), rounded half up
    img = np.random.default_rng(5).integers(0, 256, (38, 70), dtype=np.uint8)
    blocks = img.reshape(19, 2, 35, 2).astype(np.float64).mean(axis=(1, 3))
    want = np.floor(blocks + 0.5).astype(np.uint8)
    close(vx.scale_image(img, interp, size=(19, 35)), want)


@pytest.mark.parametrize("k", [3, 5])
@needs("halfscale_gaussian")
def test_half_scale_gaussian_model(k):
    # the spec's kernel ([1 2 1] or [1 4 6 4 1] squared, over 16 or 256) at
    # the even pixels, replicated border, floored
    img = np.random.default_rng(6).integers(0, 256, (41, 70), dtype=np.uint8)
    g = np.array([1, 2, 1] if k == 3 else [1, 4, 6, 4, 1], np.int64)
    r = k // 2
    pad = np.pad(img.astype(np.int64), r, mode="edge")
    acc = np.zeros(img.shape, np.int64)
    for j in range(k):
        for i in range(k):
            acc += g[j] * g[i] * pad[j:j + img.shape[0], i:i + img.shape[1]]
    want = (acc // int(g.sum() ** 2))[::2, ::2].astype(np.uint8)
    close(vx.half_scale_gaussian(img, k, border=REP), want)


@needs("halfscale_gaussian")
def test_half_scale_gaussian_shape_and_flat_image():
    flat = np.full((23, 37), 90, np.uint8)
    out = vx.half_scale_gaussian(flat, 3, border=REP)
    assert out.shape == (12, 19) and (out == 90).all()


@needs("warp_affine")
def test_warp_affine_translation():
    m = np.array([[1.0, 0.0, 1.0], [0.0, 1.0, 2.0]])      # out(x, y) = in(x + 1, y + 2)
    got = vx.warp_affine(A8, m, "nearest")
    close(got[:-2, :-1], A8[2:, 1:])


@needs("warp_perspective")
def test_warp_perspective_translation():
    m = np.array([[1.0, 0.0, 2.0], [0.0, 1.0, 1.0], [0.0, 0.0, 1.0]])
    got = vx.warp_perspective(A8, m, "nearest")
    close(got[:-1, :-2], A8[1:, 2:])


@needs("remap")
def test_remap_identity_and_flip():
    h, w = A8.shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    close(vx.remap(A8, (xs, ys), "nearest"), A8)
    close(vx.remap(A8, ((w - 1) - xs, ys), "nearest"), A8[:, ::-1])


# The warps' and remap's definition: tests/geo_model.py (fix, sample).
_F32 = np.float32


def _model_affine(img, M, shape, interp, cval):
    m = np.asarray(M, np.float32).astype(np.float64)
    h, w = shape
    xf = np.arange(w, dtype=_F32)
    out = np.empty(shape, np.uint8)
    for y in range(h):
        ax, ay = _F32(m[0, 0] * 1024.0), _F32(m[1, 0] * 1024.0)
        bx = _F32((m[0, 1] * y + m[0, 2]) * 1024.0 + 0.5)
        by = _F32((m[1, 1] * y + m[1, 2]) * 1024.0 + 0.5)
        out[y] = geo_sample(img, geo_fix(ax * xf + bx), geo_fix(ay * xf + by), interp, cval)
    return out


def _model_perspective(img, M, shape, interp, cval):
    m = np.asarray(M, np.float32).astype(np.float64)
    h, w = shape
    xf = np.arange(w, dtype=_F32)
    out = np.empty(shape, np.uint8)
    for y in range(h):
        ax, ay, az = _F32(m[0, 0] * 1024.0), _F32(m[1, 0] * 1024.0), _F32(m[2, 0])
        bx, by = _F32((m[0, 1] * y + m[0, 2]) * 1024.0), _F32((m[1, 1] * y + m[1, 2]) * 1024.0)
        bz = _F32(m[2, 1] * y + m[2, 2])
        with np.errstate(divide="ignore", invalid="ignore"):
            q = _F32(1.0) / (az * xf + bz)
            vx, vy = (ax * xf + bx) * q + _F32(0.5), (ay * xf + by) * q + _F32(0.5)
        out[y] = geo_sample(img, geo_fix(vx), geo_fix(vy), interp, cval)
    return out


_WIMG = RNG.integers(0, 256, (41, 67), dtype=np.uint8)
_ROT = [[0.93, 0.31, -4.0], [-0.29, 0.97, 6.5]]              # rotation + shear, partly outside
_BORDERS = [(REP, None), (("constant", 7), 7)]


@pytest.mark.parametrize("interp", ["nearest", "bilinear"])
@pytest.mark.parametrize("border,cval", _BORDERS)
@needs("warp_affine")
def test_warp_affine_matches_fixed_point_model(interp, border, cval):
    got = vx.warp_affine(_WIMG, _ROT, interp, out_shape=(37, 71), border=border)
    want = _model_affine(_WIMG, _ROT, (37, 71), interp, cval)
    assert (got == want).all(), np.argwhere(got != want)[:5]
    # the real-valued spec formula: bilinear within 1 where the taps are inside
    if interp == "bilinear":
        ys, xs = np.mgrid[0:37, 0:71]
        m = np.asarray(_ROT, np.float64)
        px, py = m[0, 0] * xs + m[0, 1] * ys + m[0, 2], m[1, 0] * xs + m[1, 1] * ys + m[1, 2]
        x0, y0 = np.floor(px).astype(int), np.floor(py).astype(int)
        ok = (x0 >= 0) & (y0 >= 0) & (x0 + 1 < 67) & (y0 + 1 < 41)
        s, t = px - x0, py - y0
        a = _WIMG.astype(np.float64)
        x0c, y0c = np.clip(x0, 0, 65), np.clip(y0, 0, 39)
        ref = ((1 - s) * (1 - t) * a[y0c, x0c] + s * (1 - t) * a[y0c, x0c + 1] + (1 - s) * t * a[y0c + 1, x0c] +
               s * t * a[y0c + 1, x0c + 1])
        assert ok.sum() > 1000 and np.abs(got[ok] - ref[ok]).max() <= 1.0


@pytest.mark.parametrize("interp", ["nearest", "bilinear"])
@needs("warp_perspective")
def test_warp_perspective_matches_fixed_point_model(interp):
    m = [[0.9, 0.2, 3.0], [-0.15, 1.05, -2.0], [0.002, -0.001, 1.0]]
    got = vx.warp_perspective(_WIMG, m, interp, out_shape=(45, 60), border=("constant", 200))
    want = _model_perspective(_WIMG, m, (45, 60), interp, 200)
    assert (got == want).all(), np.argwhere(got != want)[:5]


@pytest.mark.parametrize("interp", ["nearest", "bilinear"])
@needs("remap")
def test_remap_matches_fixed_point_model(interp):
    ys, xs = np.mgrid[0:33, 0:50].astype(np.float32)
    mx = (xs * np.float32(1.17) + np.float32(0.3) * np.sin(ys)).astype(np.float32) - np.float32(2.5)
    my = (ys * np.float32(0.83) + np.float32(0.25) * np.cos(xs)).astype(np.float32) + np.float32(1.75)
    got = vx.remap(_WIMG, (mx, my), interp, border=REP)
    want = geo_sample(_WIMG, geo_fix(mx * _F32(1024.0) + _F32(0.5)), geo_fix(my * _F32(1024.0) + _F32(0.5)), interp, None)
    assert (got == want).all(), np.argwhere(got != want)[:5]


@needs("gaussian_pyramid")
def test_gaussian_pyramid():
    levels = vx.gaussian_pyramid(A8, levels=3, border=REP)
    assert [lv.shape for lv in levels] == [(23, 37), (12, 19), (6, 10)]
    close(levels[0], A8)


# -- features ----------------------------------------------------------------------------
SQUARE = np.zeros((40, 40), np.uint8)
SQUARE[12:28, 12:28] = 255


@needs("canny_edge_detector")
def test_canny_step_edges():
    out = vx.canny(SQUARE, 80, 100)
    assert out.dtype == np.uint8 and set(np.unique(out)) <= {0, 255}
    assert out[20, 11:13].max() == 255 and out[20, 27:29].max() == 255
    assert out[20, 15:25].max() == 0 and out[2:8, 2:8].max() == 0


@needs("fast_corners")
def test_fast_corners_find_the_square():
    kp = vx.fast_corners(SQUARE, 50.0, True)
    assert {"x", "y", "strength"} <= set(kp.dtype.names) and len(kp) >= 4
    for cx, cy in ((12, 12), (27, 12), (12, 27), (27, 27)):
        assert (np.abs(kp["x"].astype(int) - cx) + np.abs(kp["y"].astype(int) - cy)).min() <= 2


@needs("harris_corners")
def test_harris_corners_find_the_square():
    kp = vx.harris_corners(SQUARE, 1e-3, 3.0, 0.04)
    assert len(kp) >= 4
    for cx, cy in ((12, 12), (27, 12), (12, 27), (27, 27)):
        assert (np.abs(kp["x"].astype(int) - cx) + np.abs(kp["y"].astype(int) - cy)).min() <= 3


def test_outputs_are_fresh_arrays_the_images_lived_in():
    """An immediate-mode output image of a NumPy-typed single-plane format
    lives in a new zeroed ndarray that the call returns as it is: each call
    its own writable array, outliving the call's images and its context, and
    the pixels a graph run with the same node gives (to_numpy).  Other
    formats (U1, several planes) are read back as before."""
    import gc
    r1, r2 = vx.gaussian3x3(A8), vx.gaussian3x3(A8)
    assert r1 is not r2 and not np.shares_memory(r1, r2) and not np.shares_memory(r1, A8)
    assert r1.flags.writeable and r1.flags.c_contiguous and r1.flags.owndata
    r1[...] = 0
    assert np.array_equal(vx.gaussian3x3(A8), r2)
    with vx.Context() as c:
        g3 = vx.gaussian3x3(A8, ctx=c, border="replicate")
        gx, gy = vx.sobel3x3(A8, ctx=c, border="replicate")
        rgb = vx.channel_combine(A8, A8[::-1].copy(), A8, format=vx.lib.VX_DF_IMAGE_RGB, ctx=c)
        iyuv = vx.color_convert(np.ascontiguousarray(rgb[:22, :36]), format="IYUV", ctx=c)
        mask = vx.threshold(A8, 100, dtype=bool, ctx=c)
        i = c.image_from_numpy(A8)
        outs = [c.image(37, 23, f) for f in (vx.Format.U8, vx.Format.S16, vx.Format.S16)]
        g = c.graph()
        g.gaussian3x3(i, outs[0]).border = vx.Border("replicate")
        g.sobel3x3(i, outs[1], outs[2]).border = vx.Border("replicate")
        g.process()
        want = [o.to_numpy() for o in outs]
    gc.collect()
    np.full((64, 64), 0x5A, np.uint8)  # (memory freed by the context, if any, reused)
    for got, ref in zip((g3, gx, gy), want):
        assert got.dtype == ref.dtype and np.array_equal(got, ref)
    assert rgb.shape == (23, 37, 3) and np.array_equal(rgb[..., 1], A8[::-1])
    assert isinstance(iyuv, list) and [p.shape for p in iyuv] == [(22, 36), (11, 18), (11, 18)]
    assert mask.dtype == np.bool_ and np.array_equal(mask, A8 > 100)


def test_generated_functions_leave_no_object_behind():
    """A generated array function calling its vxu function (scalars made
    from numbers, a border set for the call) releases what it made and
    gives the context its border back: the context's reference count is
    where it was after many calls."""
    acc = RNG.integers(0, 256, A8.shape, dtype=np.uint8)
    with vx.Context() as c:
        before = c.references
        for _ in range(20):
            got = vx.accumulate_weighted_image(A8, 0.25, acc, ctx=c, border="replicate")
            vx.box3x3(A8, ctx=c, border=("constant", 3))
        assert c.references == before
        assert c.immediate_border.mode == vx.lib.VX_BORDER_UNDEFINED
    want = ((1 - 0.25) * acc + 0.25 * A8)
    assert got.dtype == np.uint8 and np.abs(got.astype(float) - want).max() <= 1
    assert not np.shares_memory(got, acc)


def test_calls_without_ctx_share_their_thread_s_context():
    """Given no ctx=, array functions run in one context a thread (made on
    its first call), whose immediate border is back to UNDEFINED after a
    call that gave one; another thread has its own, released with it; a
    forked child makes its own instead of using (or releasing) its parent's."""
    import gc
    import os
    import threading
    import weakref
    from pyopenvx import _vision
    want = vx.box3x3(A8, border="replicate")
    mine = _vision._thread_context()
    assert vx.gaussian3x3(A8, border=("constant", 9)) is not None
    assert _vision._thread_context() is mine
    assert mine.immediate_border.mode == vx.lib.VX_BORDER_UNDEFINED
    with vx.Context() as c:
        assert np.array_equal(vx.box3x3(A8, border="replicate", ctx=c), want)
    seen = {}

    def other():
        seen["result"] = vx.box3x3(A8, border="replicate")
        seen["ctx"] = weakref.ref(_vision._thread_context())
        seen["same"] = _vision._thread_context() is mine

    t = threading.Thread(target=other)
    t.start()
    t.join()
    gc.collect()
    assert np.array_equal(seen["result"], want) and seen["same"] is False
    assert seen["ctx"]() is None  # released with its thread
    pid = os.fork()
    if pid == 0:  # the child: its own context, the right pixels
        code = 1
        try:
            ok = _vision._thread_context() is not mine and np.array_equal(vx.box3x3(A8, border="replicate"), want)
            code = 0 if ok else 2
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert _vision._thread_context() is mine and np.array_equal(vx.box3x3(A8, border="replicate"), want)
