"""pyopenvx: HOG (hog_cells, hog_features) and hough_lines_p on ndarrays, and their graph builders."""

import math

import numpy as np
import pytest


def ref_cells(a, cw, ch, nb):
    """NumPy model of HOGCells (replicated border, votes G / area truncated after each pixel)."""
    a = a.astype(np.int32)
    p = np.pad(a, 1, mode="edge")
    gx = (p[1:-1, 2:] - p[1:-1, :-2]).astype(np.float32)
    gy = (p[2:, 1:-1] - p[:-2, 1:-1]).astype(np.float32)
    g = np.sqrt(gx * gx + gy * gy, dtype=np.float32)
    deg = (np.arctan2(gy, gx).astype(np.float64) * (180.0 / 3.14159265)).astype(np.float32)
    deg = np.where(deg < 0, deg + np.float32(360), deg).astype(np.float32)
    b = np.floor(deg * np.float32(np.float32(nb) / np.float32(360))).astype(np.int64)
    b = np.minimum(b, nb - 1)
    vote = g / np.float32(cw * ch)
    cy, cx = a.shape[0] // ch, a.shape[1] // cw
    mag = np.zeros((cy, cx), np.int64)
    bins = np.zeros((cy, cx, nb), np.int64)
    for y in range(cy * ch):
        for x in range(cx * cw):
            c = (y // ch, x // cw)
            mag[c] = int(np.float32(mag[c]) + vote[y, x])
            k = c + (b[y, x],)
            bins[k] = int(np.float32(bins[k]) + vote[y, x])
    return mag, bins


@pytest.mark.parametrize("shape,cell,nb", [((24, 32), 8, 9), ((17, 23), (4, 3), 6), ((5, 7), 1, 4)])
def test_hog_cells_model(vx, shape, cell, nb):
    rng = np.random.default_rng(1)
    a = rng.integers(0, 256, shape, dtype=np.uint8)
    cw, ch = (cell, cell) if isinstance(cell, int) else cell
    mag, bins = vx.hog_cells(a, cw, ch, nb)
    rm, rb = ref_cells(a, cw, ch, nb)
    assert mag.dtype == np.int16 and bins.dtype == np.int16
    assert mag.shape == (shape[0] // ch, shape[1] // cw)
    assert bins.shape == mag.shape + (nb,)
    np.testing.assert_array_equal(mag, rm)
    # arctan2 of NumPy vs the C library's atan2f: a vote may move across a bin edge, rarely
    assert (bins != rb).mean() < 0.02
    assert abs(int(bins.sum()) - int(rb.sum())) <= 2


def test_hog_cells_bad_arguments(vx):
    a = np.zeros((16, 16), np.uint8)
    with pytest.raises(TypeError):
        vx.hog_cells(a.astype(np.int16), 8, 8, 9)
    with pytest.raises(ValueError):
        vx.hog_cells(a, 0, 8, 9)
    with pytest.raises(ValueError):
        vx.hog_cells(a, 8, 8, 0)
    with pytest.raises(ValueError):
        vx.hog_cells(a, 32, 32, 9)


def ref_features(mag, bins, cw, ch, bw, bh, bs, ww, wh, ws, thr, shape, use_mag=True):
    cy, cx, nb = bins.shape
    wx_n, wy_n = (shape[1] - ww) // ws + 1, (shape[0] - wh) // ws + 1
    out = []
    for wy in range(wy_n):
        for wx in range(wx_n):
            feats = []
            for by in range((wh - bh) // bs + 1):
                for bx in range((ww - bw) // bs + 1):
                    c0x, c0y = (wx * ws + bx * bs) // cw, (wy * ws + by * bs) // ch
                    v, m = [], []
                    for y in range(c0y, c0y + bh // ch):
                        for x in range(c0x, c0x + bw // cw):
                            inside = x < cx and y < cy
                            m.append(int(mag[y, x]) if inside else 0)
                            v.extend(int(bins[y, x, k]) if inside else 0 for k in range(nb))
                    src = m if use_mag else v
                    norm = math.sqrt(sum(t * t for t in src) + 1e-14)
                    f = [min(t / norm, thr) if thr > 0 else t / norm for t in v]
                    q = [int(t * 256) for t in f]
                    if thr > 0:
                        rs = math.sqrt(sum((t / 256) ** 2 for t in q) + 1e-14)
                        q = [int(t / 256 / rs * 256) for t in q]
                    feats.extend(q)
            out.append(feats)
    return np.array(out).reshape(wy_n, wx_n, -1)


@pytest.mark.parametrize("use_mag,thr", [(True, 0.2), (False, 0.2), (True, 0.0)])
def test_hog_features_model(vx, use_mag, thr):
    rng = np.random.default_rng(2)
    a = rng.integers(0, 256, (40, 50), dtype=np.uint8)
    f = vx.hog_features(a, cell_width=4, cell_height=4, block_width=8, block_height=8, block_stride=4, num_bins=6,
                        window_width=16, window_height=24, window_stride=8, threshold=thr, use_magnitudes=use_mag)
    mag, bins = vx.hog_cells(a, 4, 4, 6)
    want = ref_features(mag, bins, 4, 4, 8, 8, 4, 16, 24, 8, thr, a.shape, use_mag)
    assert f.shape == want.shape and f.dtype == np.int16
    # float32 (library) vs float64 (model) normalisation: a unit in the last place at most
    assert np.abs(f.astype(np.int64) - want).max() <= 1


def test_hog_features_bad_arguments(vx):
    a = np.zeros((64, 64), np.uint8)
    with pytest.raises(ValueError):
        vx.hog_features(a, cell_width=8, block_width=12, block_height=12, window_width=32, window_height=32)
    with pytest.raises(ValueError):
        vx.hog_features(a, window_width=128, window_height=128)
    with pytest.raises(ValueError):
        vx.hog_features(a, window_width=32, window_height=32, threshold=-1)
    with pytest.raises(TypeError):
        vx.hog_features(a, cell_width=None)


def _lines_image(dtype):
    a = np.zeros((60, 80), dtype)
    a[10, 5:70] = 1 if dtype == np.bool_ else 255
    a[15:55, 40] = 1 if dtype == np.bool_ else 255
    return a


@pytest.mark.parametrize("dtype", [np.uint8, np.bool_])
def test_hough_lines_p(vx, dtype):
    lines = vx.hough_lines_p(_lines_image(dtype), 1, math.pi / 180, 20, 20, 2)
    assert lines.dtype.names == ("x1", "y1", "x2", "y2")
    got = sorted(tuple(int(round(float(v))) for v in l) for l in lines)
    want = [(5, 10, 69, 10), (40, 15, 40, 54)]
    assert len(got) == 2
    for g, w in zip(sorted(got), sorted(want)):
        assert max(abs(p - q) for p, q in zip(g, w)) <= 1, (g, w)
    assert all(l["x1"] <= l["x2"] for l in lines)
    assert len(vx.hough_lines_p(np.zeros((8, 8), np.uint8), 1, 0.1, 5, 3, 1)) == 0
    assert len(vx.hough_lines_p(_lines_image(dtype), 1, math.pi / 180, 20, 20, 2, capacity=1)) == 1


def test_hough_lines_p_bad_arguments(vx):
    a = _lines_image(np.uint8)
    with pytest.raises(ValueError):
        vx.hough_lines_p(a, 0, 0.1, 10, 10, 1)
    with pytest.raises(ValueError):
        vx.hough_lines_p(a, 1, 0.1, 0, 10, 1)
    with pytest.raises(ValueError):
        vx.hough_lines_p(a, 1, 0.1, 10, 10, 1, theta_min=1.0, theta_max=0.5)
    with pytest.raises(TypeError):
        vx.hough_lines_p(a.astype(np.int16), 1, 0.1, 10, 10, 1)


def test_graph_builders(vx, ctx):
    rng = np.random.default_rng(3)
    a = rng.integers(0, 256, (32, 48), dtype=np.uint8)
    g = ctx.graph()
    src = ctx.image_from_numpy(a)
    mag, bins = g.virtual_tensor([0, 0], 0), g.virtual_tensor([0, 0, 0], 0)
    feat = ctx.tensor((3, 2, 6 * 4 * 9), np.int16, 8)
    g.hog_cells(src, 8, 8, 9, mag, bins)
    hog = {"cell_width": 8, "cell_height": 8, "block_width": 16, "block_height": 16, "block_stride": 8,
           "num_bins": 9, "window_width": 32, "window_height": 24, "window_stride": 8, "threshold": 0.2}
    g.hog_features(src, feat, mag, bins, **hog)
    g.process()
    want = vx.hog_features(a, **hog)
    np.testing.assert_array_equal(feat.to_numpy().reshape(want.shape), want)

    g2 = ctx.graph()
    img = ctx.image_from_numpy(_lines_image(np.uint8))
    arr = vx.Array(ctx, vx.lib.VX_TYPE_LINE_2D, 16)
    params = {"rho": 1.0, "theta": math.pi / 180, "threshold": 20, "line_length": 20, "line_gap": 2,
              "theta_max": math.pi, "theta_min": 0.0}
    g2.hough_lines_p(img, lines_array=arr, **params)
    g2.process()
    assert len(arr) == 2


def test_hough_lines_p_two_threads(vx, ctx):
    """HoughLinesP on the pool's threads (two, splitting the angles: compute/hog.c) gives the
    one-thread result exactly: the same lines in the same order, on an image large enough for the
    two-thread path (>= 65536 pixels) with dense edges (a line passes about every 35 pixels)."""
    import os
    rng = np.random.default_rng(11)
    a = (rng.random((240, 320)) < 0.3).astype(np.uint8) * 255
    a[30, 10:300] = 255
    a[20:220, 150] = 255
    assert ctx.threads >= 2 or os.cpu_count() == 1
    args = (a, 1, math.pi / 180, 12, 8, 3)
    pool = vx.hough_lines_p(*args, capacity=100000, ctx=ctx)
    one = vx.Context()
    try:
        one.directive(vx.lib.VX_DIRECTIVE_OVX_SERIAL)
        serial = vx.hough_lines_p(*args, capacity=100000, ctx=one)
        few = vx.hough_lines_p(*args, capacity=7, ctx=one)
    finally:
        one.close()
    assert len(serial) > 100
    np.testing.assert_array_equal(pool, serial)
    np.testing.assert_array_equal(vx.hough_lines_p(*args, capacity=7, ctx=ctx), few)
    np.testing.assert_array_equal(few, serial[:7])
