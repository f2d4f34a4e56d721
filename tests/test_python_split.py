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
