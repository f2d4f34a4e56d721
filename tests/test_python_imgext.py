"""pyopenvx immediate mode and graph builders of family imgext (LBP, NonMaxSuppression,
MatchTemplate) against plain NumPy models of the spec's formulas."""

import numpy as np
import pytest

import pyopenvx as vx

RNG = np.random.default_rng(77)
A8 = RNG.integers(0, 256, (23, 37), dtype=np.uint8)
T8 = RNG.integers(0, 256, (5, 7), dtype=np.uint8)
FEW8 = RNG.integers(0, 4, (19, 31), dtype=np.uint8)          # many ties
A16 = RNG.integers(-4, 4, (19, 31), dtype=np.int16)


# -- NumPy models ------------------------------------------------------------------
def pad(a, r, border):
    if border == "replicate":
        return np.pad(a, r, mode="edge").astype(np.int64)
    return np.pad(a, r, mode="constant", constant_values=border[1]).astype(np.int64)


RING = {3: [(-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)],
        5: [(-1, -1), (0, -2), (1, -1), (2, 0), (1, 1), (0, 2), (-1, 1), (-2, 0)],
        "m": [(-2, -2), (0, -2), (2, -2), (2, 0), (2, 2), (0, 2), (-2, 2), (-2, 0)]}


def lbp_model(a, fmt, ks, border="replicate"):
    h, w = a.shape
    p = pad(a, 2, border)
    ring = RING["m" if fmt == "mlbp" else ks]
    g = np.stack([p[2 + dy:2 + dy + h, 2 + dx:2 + dx + w] for dx, dy in ring])
    c = p[2:2 + h, 2:2 + w]
    if fmt == "mlbp":
        avg = (g.sum(axis=0) + 1) // 8
        bits = g > avg
    else:
        bits = g >= c
    code = sum(bits[i].astype(np.int64) << i for i in range(8))
    if fmt == "ulbp":
        u = sum(bits[i] != bits[i - 1] for i in range(8))  # i = 0 pairs with 7: circular
        code = np.where(u <= 2, code, 9)
    return code.astype(np.uint8)


def nms_model(a, win, mask=None, border="replicate"):
    r = win // 2
    h, w = a.shape
    p = pad(a, r, border)
    m = np.zeros((h, w), bool) if mask is None else mask.astype(bool)
    pm = np.pad(m, r, mode="edge") if border == "replicate" else np.pad(m, r, mode="constant")
    keep = np.ones((h, w), bool)
    c = a.astype(np.int64)
    for j in range(-r, r + 1):
        for i in range(-r, r + 1):
            if i == 0 and j == 0:
                continue
            n = p[r + j:r + j + h, r + i:r + i + w]
            ign = pm[r + j:r + j + h, r + i:r + i + w]
            before = j < 0 or (j == 0 and i < 0)
            bad = (c < n) if before else (c <= n)
            keep &= ~(bad & ~ign)
    low = 0 if a.dtype == np.uint8 else -32768
    return np.where(keep | m, a, low).astype(a.dtype)


def match_model(s, t, metric):
    win = np.lib.stride_tricks.sliding_window_view(s.astype(np.int64), t.shape)
    tt = t.astype(np.int64)
    n = t.size
    if metric == "hamming":
        v = (win ^ tt).sum(axis=(2, 3)) / n
    elif metric == "l1":
        v = np.abs(win - tt).sum(axis=(2, 3)) / n
    elif metric == "l2":
        v = ((win - tt) ** 2).sum(axis=(2, 3)) / n
    elif metric == "ccorr":
        v = (win * tt).sum(axis=(2, 3)) / n
    else:
        num = ((win - tt) ** 2 if metric == "l2_norm" else win * tt).sum(axis=(2, 3)).astype(np.float64)
        den = np.sqrt((tt ** 2).sum() * (win ** 2).sum(axis=(2, 3)).astype(np.float64))
        v = np.where(den > 0, num * 32768.0 / np.where(den > 0, den, 1), np.where(num > 0, 32767, 0))
    return np.clip(np.floor(v + 0.5), -32768, 32767).astype(np.int16)


def close(got, want, tol=0, e=0):
    assert got.shape == want.shape and got.dtype == want.dtype
    if e:
        got, want = got[e:-e, e:-e], want[e:-e, e:-e]
    diff = np.abs(got.astype(np.int64) - want.astype(np.int64))
    assert diff.max(initial=0) <= tol, "max difference %d at %s" % (diff.max(), np.unravel_index(diff.argmax(), diff.shape))


# -- immediate mode --------------------------------------------------------------------
@pytest.mark.parametrize("fmt,ks", [("lbp", 3), ("lbp", 5), ("mlbp", 5), ("ulbp", 3), ("ulbp", 5)])
@pytest.mark.parametrize("border", ["replicate", ("constant", 200)])
@pytest.mark.parametrize("img", [A8, FEW8])
def test_lbp(fmt, ks, border, img):
    close(vx.lbp(img, fmt, ks, border=border), lbp_model(img, fmt, ks, border))


def test_lbp_names_defaults_and_undefined_border():
    close(vx.lbp(A8, "modified", 5), lbp_model(A8, "mlbp", 5))     # mlbp is defined on 5x5 only
    close(vx.lbp(A8), lbp_model(A8, "lbp", 3), e=1)                # UNDEFINED: interior only
    close(vx.lbp(A8, vx.lib.VX_ULBP, 5, border="undefined"), lbp_model(A8, "ulbp", 5), e=2)


@pytest.mark.parametrize("a", [FEW8, A16, A8])
@pytest.mark.parametrize("win", [1, 3, 5, 7])
@pytest.mark.parametrize("mask_kind", [None, "u8", "bool"])
def test_non_max_suppression(a, win, mask_kind):
    mask = None
    if mask_kind:
        m = RNG.integers(0, 2, a.shape)
        mask = m.astype(bool) if mask_kind == "bool" else (m * RNG.integers(1, 256, a.shape)).astype(np.uint8)
    close(vx.non_max_suppression(a, win_size=win, mask=mask, border="replicate"), nms_model(a, win, mask))
    close(vx.non_max_suppression(a, mask, win), nms_model(a, win, mask), e=win // 2)


def test_non_max_suppression_constant_border():
    got = vx.non_max_suppression(A16, win_size=3, border=("constant", -2))
    close(got, nms_model(A16, 3, border=("constant", -2)))


@pytest.mark.parametrize("metric", ["hamming", "l1", "l2", "ccorr", "l2_norm", "ccorr_norm"])
@pytest.mark.parametrize("shapes", [((23, 37), (5, 7)), ((9, 8), (9, 8)), ((6, 40), (1, 1))])
def test_match_template(metric, shapes):
    s = RNG.integers(0, 256, shapes[0], dtype=np.uint8)
    t = RNG.integers(0, 256, shapes[1], dtype=np.uint8)
    tol = 1 if metric.endswith("norm") else 0
    got = vx.match_template(s, t, matching_method=metric)
    assert got.shape == (s.shape[0] - t.shape[0] + 1, s.shape[1] - t.shape[1] + 1)
    close(got, match_model(s, t, metric), tol)


def test_match_template_finds_the_patch():
    s = RNG.integers(1, 256, (40, 50), dtype=np.uint8)
    t = s[11:19, 23:33].copy()
    assert np.unravel_index(np.argmin(vx.match_template(s, t, "ssd")), (33, 41)) == (11, 23)          # ssd
    ccn = vx.match_template(s, t, "ccorr_norm")
    assert ccn[11, 23] == 32767
    assert vx.match_template(s, t, vx.lib.VX_COMPARE_L1)[11, 23] == 0


# -- argument checks (before C) and C refusals ---------------------------------------------
def test_argument_checks():
    with pytest.raises(TypeError):
        vx.lbp(A16)
    with pytest.raises(ValueError):
        vx.lbp(A8, "fancy")
    with pytest.raises(ValueError):
        vx.lbp(A8, "lbp", 4)
    with pytest.raises(ValueError):
        vx.lbp(A8, "mlbp", 3)
    with pytest.raises(TypeError):
        vx.lbp(A8, "lbp", 3.0)
    with pytest.raises(TypeError):
        vx.non_max_suppression(A8.astype(np.float32))
    with pytest.raises(ValueError):
        vx.non_max_suppression(A8, win_size=4)
    with pytest.raises(ValueError):
        vx.non_max_suppression(A8, win_size=25)          # > 23 rows
    with pytest.raises(ValueError):
        vx.non_max_suppression(A8, np.zeros((3, 3), np.uint8), 3)
    with pytest.raises(TypeError):
        vx.non_max_suppression(A8, np.zeros(A8.shape, np.int16), 3)
    with pytest.raises(ValueError):
        vx.match_template(T8, A8, "ssd")
    with pytest.raises(ValueError):
        vx.match_template(A8, T8, matching_method="cosine")
    with pytest.raises(TypeError):
        vx.match_template(A8, T8.astype(np.int16), "ssd")
    big = np.zeros((300, 300), np.uint8)
    with pytest.raises(ValueError):
        vx.match_template(big, big, "ssd")


def test_c_refusals_raise_vxerror(ctx):
    # what Python does not check first, the validators refuse at verify
    g = ctx.graph()
    src = ctx.image_from_numpy(A8)
    g.lbp(src, ctx.image(37, 23, vx.DF_IMAGE_U8), vx.lib.VX_COMPARE_L1, 3)
    with pytest.raises(vx.VXError, match="lbp_format"):
        g.verify()
    g2 = ctx.graph()
    g2.non_max_suppression(src, ctx.image(37, 23, vx.DF_IMAGE_U8), None, 4)
    with pytest.raises(vx.VXError):
        g2.verify()
    with pytest.raises(ValueError):
        vx.lbp(A8, vx.lib.VX_COMPARE_L1)  # caught before C


# -- graph builders -----------------------------------------------------------------------
def test_graph_builders(ctx):
    a = RNG.integers(0, 256, (31, 45), dtype=np.uint8)
    t = a[4:10, 7:15].copy()
    g = ctx.graph()
    src = ctx.image_from_numpy(a)
    tpl = ctx.image_from_numpy(t)
    v = g.virtual_image()
    v2 = g.virtual_image()
    out1 = ctx.image(45, 31, vx.DF_IMAGE_U8)
    out2 = ctx.image(45 - 8 + 1, 31 - 6 + 1, vx.DF_IMAGE_S16)
    g.lbp(src, v, vx.lib.VX_ULBP, 5)
    g.non_max_suppression(v, out1, None, 3)
    g.match_template(src, tpl, vx.lib.VX_COMPARE_L2, v2)
    g.non_max_suppression(v2, out2, win_size=5)
    g.process()  # verifies first; border UNDEFINED: compare the interior
    lb = lbp_model(a, "ulbp", 5)
    close(out1.to_numpy(), nms_model(lb, 3), e=3)
    close(out2.to_numpy(), nms_model(match_model(a, t, "l2"), 5), e=2)
