"""Row bands on the pool's threads give the one-thread result, bit for bit: Box3x3 (its AVX2 row's
aligned steps and the rows' ends), WarpPerspective and Remap nearest (offsets by vector, taps by
scalar loads), every border mode; odd and tiny sizes; and the matrix multiply's pack on the threads."""

import numpy as np
import pytest

from pyopenvx import ffi, lib

SIZES = [(1, 1), (3, 2), (17, 5), (131, 67), (333, 257), (1922, 101)]
BORDERS = ["replicate", ("constant", 77), "undefined"]


def _ctx(vx, threads):
    c = vx.Context()
    n = ffi.new("vx_uint32*", threads)
    assert lib.vxSetContextAttribute(c.handle, lib.VX_CONTEXT_OVX_THREADS, n, 4) == lib.VX_SUCCESS
    return c


@pytest.fixture(scope="module")
def ctxs(vx):
    return _ctx(vx, 1), _ctx(vx, 2)


def _same(run, ctxs):
    one, two = (run(c) for c in ctxs)
    np.testing.assert_array_equal(one, two)
    return one


@pytest.mark.parametrize("w,h", SIZES)
@pytest.mark.parametrize("border", BORDERS)
def test_box3x3(vx, ctxs, w, h, border):
    a = np.random.default_rng(w * 7 + h).integers(0, 256, (h, w), dtype=np.uint8)
    got = _same(lambda c: vx.box3x3(a, border=border, ctx=c), ctxs)
    if border != "undefined" and w >= 3 and h >= 3:  # the interior: floor(sum / 9)
        s = sum(a[dy:h - 2 + dy, dx:w - 2 + dx].astype(np.int32) for dy in range(3) for dx in range(3))
        np.testing.assert_array_equal(got[1:-1, 1:-1], s // 9)


@pytest.mark.parametrize("w,h", SIZES)
@pytest.mark.parametrize("border", BORDERS)
def test_warp_perspective_nearest(vx, ctxs, w, h, border):
    a = np.random.default_rng(w + h).integers(0, 256, (h, w), dtype=np.uint8)
    m = np.array([[0.9, 0.1, 5.0], [-0.1, 0.9, 7.0], [1e-4, 2e-4, 1.0]], np.float32)
    _same(lambda c: vx.warp_perspective(a, m, "nearest_neighbor", border=border, ctx=c), ctxs)


@pytest.mark.parametrize("w,h", SIZES)
@pytest.mark.parametrize("border", BORDERS)
def test_remap_nearest(vx, ctxs, w, h, border):
    rng = np.random.default_rng(w * 3 + h)
    a = rng.integers(0, 256, (h, w), dtype=np.uint8)
    # scaled (row-local), then random points in and around the image
    mx, my = np.meshgrid(np.arange(w, dtype=np.float32) * 0.9 + 3, np.arange(h, dtype=np.float32) * 0.9 + 2)
    mx[h // 2:], my[h // 2:] = (rng.uniform(-5, w + 5, (h - h // 2, w)).astype(np.float32),
                                rng.uniform(-5, h + 5, (h - h // 2, w)).astype(np.float32))
    got = _same(lambda c: vx.remap(a, (mx, my), "nearest_neighbor", border=border, ctx=c), ctxs)
    if border == ("constant", 77):  # the nearest pixel, halves up, or the constant outside
        xi, yi = np.floor(mx + 0.5).astype(np.int64), np.floor(my + 0.5).astype(np.int64)
        inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
        ref = np.where(inside, a[np.clip(yi, 0, h - 1), np.clip(xi, 0, w - 1)], 77)
        # positions within 1/2048 pixel of a half may round either way (the 1/1024 fixed point)
        near_half = (np.abs(mx + 0.5 - np.round(mx + 0.5)) < 1e-3) | (np.abs(my + 0.5 - np.round(my + 0.5)) < 1e-3)
        np.testing.assert_array_equal(got[~near_half], ref[~near_half])


def test_matrix_multiply(vx, ctxs):
    rng = np.random.default_rng(4)
    a, b = rng.integers(-100, 101, (150, 210)).astype(np.int16), rng.integers(-100, 101, (210, 170)).astype(np.int16)
    got = _same(lambda c: vx.tensor_matrix_multiply(a, b, ctx=c), ctxs)
    acc = a.astype(np.int64) @ b.astype(np.int64)
    np.testing.assert_array_equal(got, np.clip((acc + 128) >> 8, -32768, 32767).astype(np.int16))


def _greedy(cands, w, h, dist):
    """The min_distance rule on candidates (strongest first): kept unless a kept one lies closer
    (dx^2 + dy^2 < dist^2 in float32)."""
    d2 = np.float32(dist) * np.float32(dist)
    r = int(np.ceil(dist)) + 1
    off = [(dy, dx) for dy in range(-r, r + 1) for dx in range(-r, r + 1)
           if np.float32(dx) * np.float32(dx) + np.float32(dy) * np.float32(dy) < d2]
    oy = np.array([o[0] for o in off])
    ox = np.array([o[1] for o in off])
    bad = np.zeros((h + 2 * r, w + 2 * r), bool)
    keep = []
    for k in cands:
        x, y = int(k["x"]), int(k["y"])
        if bad[y + r, x + r]:
            continue
        keep.append(k)
        bad[y + r + oy, x + r + ox] = True
    return np.array(keep, cands.dtype)


def _harris_image(kind, w, h):
    rng = np.random.default_rng(w + h + kind)
    if kind == 0:  # noise: corners everywhere
        return rng.integers(0, 256, (h, w), dtype=np.uint8)
    # blobs whose strength falls off along y: chains of suppression across many rows
    yy, xx = np.mgrid[0:h, 0:w]
    a = 128 + 100 * np.sin(xx * 0.9) * np.cos(yy * 0.8) * (1.0 - yy / (2.0 * h))
    return np.clip(a + rng.normal(0, 3, (h, w)), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("kind", [0, 1])
@pytest.mark.parametrize("dist", [1.0, 2.0, 3.0, 5.5, 12.0, 40.0])
def test_harris_min_distance(vx, ctxs, kind, dist):
    """The min_distance selection on the threads (parts of rows, then the zones around their edges)
    gives the serial greedy's corners, in its order."""
    w, h = 640, 480
    a = _harris_image(kind, w, h)
    run = (lambda d: lambda c: vx.harris_corners(a, 1e-6, min_distance=d, capacity=w * h, ctx=c))
    got = _same(run(dist), ctxs)
    cands = _same(run(0.0), ctxs)
    assert len(cands) >= 4096  # enough for the threaded selection
    want = _greedy(cands, w, h, dist)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("w,h", [(7, 7), (131, 67), (1922, 301)])
@pytest.mark.parametrize("nms", [True, False])
def test_fast_corners(vx, ctxs, w, h, nms):
    a = np.random.default_rng(w * 5 + h).integers(0, 256, (h, w), dtype=np.uint8)
    full = _same(lambda c: vx.fast_corners(a, 30, nonmax_suppression=nms, capacity=w * h, ctx=c), ctxs)
    if len(full) > 2:  # an array too small: the first corners in raster order, in whichever band they fall
        cap = len(full) * 2 // 3
        got = _same(lambda c: vx.fast_corners(a, 30, nonmax_suppression=nms, capacity=cap, ctx=c), ctxs)
        np.testing.assert_array_equal(got, full[:cap])


@pytest.mark.parametrize("w,h", [(5, 3), (131, 67), (1922, 101)])
@pytest.mark.parametrize("diameter", [5, 9])
def test_bilateral_filter(vx, ctxs, w, h, diameter):
    a = np.random.default_rng(w * 11 + h).integers(0, 256, (h, w), dtype=np.uint8)
    _same(lambda c: vx.bilateral_filter(a, diameter, 10.0, 20.0, border="replicate", ctx=c), ctxs)


@pytest.mark.parametrize("w,h,capacity", [(1922, 301, 500), (1922, 301, 10 ** 6), (333, 257, 77), (131, 67, 10 ** 5)])
def test_harris_bands_capacity(vx, ctxs, w, h, capacity):
    """Each band sorts and selects its own corners, the bands' lists merged into the keypoints:
    the serial greedy's first `capacity` corners, in its order."""
    a = _harris_image(0, w, h)
    got = _same(lambda c: vx.harris_corners(a, 1e-6, min_distance=3.0, capacity=capacity, ctx=c), ctxs)
    cands = _same(lambda c: vx.harris_corners(a, 1e-6, min_distance=0.0, capacity=w * h, ctx=c), ctxs)
    want = _greedy(cands, w, h, 3.0)
    assert len(want) > 0
    np.testing.assert_array_equal(got, want[:capacity])


@pytest.mark.parametrize("w,h", [(5, 5), (17, 9), (131, 67), (333, 257), (1922, 301)])
@pytest.mark.parametrize("norm", ["l1", "l2"])
@pytest.mark.parametrize("kind", [0, 1])
def test_canny_bands(vx, ctxs, w, h, norm, kind):
    """Canny 3 in bands (each band's hysteresis and output rows, then the edges carried across
    the bands' edges on one thread): the one-thread edges."""
    rng = np.random.default_rng(w * 13 + h + kind)
    if kind == 0:
        a = rng.integers(0, 256, (h, w), dtype=np.uint8)
    else:  # long weak edges crossing many bands: the flood across the bands' edges
        yy, xx = np.mgrid[0:h, 0:w]
        a = np.clip(128 + 60 * np.sin(xx * 0.05 + yy * 0.11) + rng.normal(0, 4, (h, w)), 0, 255).astype(np.uint8)
    lo, hi = (80, 100) if norm == "l1" else (40, 60)
    got = _same(lambda c: vx.canny(a, lo, hi, 3, norm, ctx=c), ctxs)
    assert set(np.unique(got)) <= {0, 255}
