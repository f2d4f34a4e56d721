"""vx.bilateral_filter and the g.bilateral_filter node builder against a NumPy model of the spec's formula
(spec "Bilateral Filter"): the mean over the disc of radius diameter // 2, weighted by
exp(-dist^2 / 2 sigma_space^2) * exp(-|value - centre|^2 / 2 sigma_values^2), rounded to nearest.  The
library accumulates in float32, so a sample may be 1 off where the exact mean is a float error away from
.5: at most 1 of difference and 1% of such samples."""

import numpy as np
import pytest

import pyopenvx as vx

RNG = np.random.default_rng(77)


def model(a, diameter, ss, sv, border=("replicate", 0)):
    a3 = a[:, :, None] if a.ndim == 2 else a
    h, w, c = a3.shape
    r = diameter // 2
    src = a3.astype(np.float64)
    if border[0] == "constant":
        p = np.pad(src, ((r, r), (r, r), (0, 0)), mode="constant", constant_values=border[1])
    else:
        p = np.pad(src, ((r, r), (r, r), (0, 0)), mode="edge")
    num = np.zeros_like(src)
    den = np.zeros((h, w, 1))
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx * dx + dy * dy > r * r:
                continue
            n = p[r + dy:r + dy + h, r + dx:r + dx + w]
            d2 = ((n - src) ** 2).sum(axis=2, keepdims=True)
            wgt = np.exp(-(dx * dx + dy * dy) / (2 * ss * ss)) * np.exp(-d2 / (2 * sv * sv))
            num += wgt * n
            den += wgt
    out = np.floor(num / den + 0.5).astype(a.dtype)
    return out[:, :, 0] if a.ndim == 2 else out


def close(got, want):
    d = np.abs(got.astype(np.int64) - want.astype(np.int64))
    assert d.max(initial=0) <= 1
    assert np.count_nonzero(d) * 100 <= d.size


@pytest.mark.parametrize("dtype,lo,hi", [(np.uint8, 80, 160), (np.int16, -50, 50), (np.uint8, 0, 255)])
@pytest.mark.parametrize("shape", [(17, 23), (9, 12, 3), (6, 5, 2), (1, 1)])
@pytest.mark.parametrize("border", [("replicate", 0), ("constant", 9)])
def test_bilateral_matches_model(shape, dtype, lo, hi, border):
    a = RNG.integers(lo, hi + 1, shape).astype(dtype)
    for d, ss, sv in ((5, 3.0, 12.0), (7, 10.0, 20.0), (9, 1.5, 6.0)):
        got = vx.bilateral_filter(a, d, ss, sv, border=border)
        assert got.dtype == a.dtype and got.shape == a.shape
        close(got, model(a, d, ss, sv, border))


def test_bilateral_undefined_border_interior(ctx):
    a = RNG.integers(100, 140, (20, 30)).astype(np.uint8)
    got = vx.bilateral_filter(a, 7, 4, 10, ctx=ctx)
    close(got[3:-3, 3:-3], model(a, 7, 4, 10)[3:-3, 3:-3])


def test_bilateral_non_contiguous_input():
    a = RNG.integers(0, 256, (40, 50)).astype(np.uint8)[::2, 1::3]
    close(vx.bilateral_filter(a, 5, 5, 15, border="replicate"), model(np.ascontiguousarray(a), 5, 5, 15))


def test_bilateral_registered():
    assert vx.VISION_FUNCTIONS["bilateral_filter"] == "vxuBilateralFilter"
    assert "bilateral_filter" in vx.__all__


@pytest.mark.parametrize("args,exc", [
    ((np.zeros((8, 8), np.float32), 5, 5, 5), TypeError),
    ((np.zeros((8, 8), np.int32), 5, 5, 5), TypeError),
    ((np.zeros(8, np.uint8), 5, 5, 5), ValueError),
    ((np.zeros((2, 8, 8, 1), np.uint8), 5, 5, 5), ValueError),
    ((np.zeros((0, 8), np.uint8), 5, 5, 5), ValueError),
    ((np.zeros((8, 8), np.uint8), 3, 5, 5), ValueError),
    ((np.zeros((8, 8), np.uint8), 6, 5, 5), ValueError),
    ((np.zeros((8, 8), np.uint8), 11, 5, 5), ValueError),
    ((np.zeros((8, 8), np.uint8), 5.0, 5, 5), TypeError),
    ((np.zeros((8, 8), np.uint8), 5, 0, 5), ValueError),
    ((np.zeros((8, 8), np.uint8), 5, 5, 20.5), ValueError),
    ((np.zeros((8, 8), np.uint8), 5, float("nan"), 5), ValueError),
    ((np.zeros((8, 8), np.uint8), 5, "5", 5), TypeError),
])
def test_bilateral_bad_arguments(args, exc):
    with pytest.raises(exc):
        vx.bilateral_filter(*args)


def test_bilateral_bad_border():
    with pytest.raises(ValueError):
        vx.bilateral_filter(np.zeros((8, 8), np.uint8), 5, 5, 5, border="mirror")


def test_bilateral_graph_builder_virtual_chain(ctx):
    """g.bilateral_filter twice through a virtual tensor; a bad diameter fails verification with the log."""
    a = RNG.integers(90, 150, (15, 21)).astype(np.uint8)
    g = ctx.graph()
    src = vx.Tensor.from_numpy(ctx, a)
    dst = ctx.tensor(a.shape[::-1], np.uint8)
    mid = g.virtual_tensor([0, 0], 0)
    n1 = g.bilateral_filter(src, 5, 3.0, 15.0, mid)
    n2 = g.bilateral_filter(mid, 7, 5.0, 10.0, dst)
    n1.border = vx.Border(vx.BORDER_REPLICATE)
    n2.border = vx.Border(vx.BORDER_REPLICATE)
    g.process()
    close(dst.to_numpy(), model(model(a, 5, 3.0, 15.0), 7, 5.0, 10.0))
    g2 = ctx.graph()
    g2.bilateral_filter(src, 4, 3.0, 15.0, dst)
    with pytest.raises(vx.VXError) as e:
        g2.verify()
    assert "diameter" in str(e.value)


def test_bilateral_graph_builder_takes_tensor_objects(ctx):
    a = np.full((6, 7), 50, np.uint8)
    g = ctx.graph()
    src = vx.Tensor.from_numpy(ctx, a)
    dst = ctx.tensor(a.shape[::-1], np.uint8)
    g.bilateral_filter(src, 5, 3.0, 15.0, dst)
    g.process()
    assert (dst.to_numpy() == 50).all()
