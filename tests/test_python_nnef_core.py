"""The NNEF importer's layers on the float32 core (conv, deconv with stride,
dilation, groups and uneven padding; linear; 2-D max/avg pooling with both
borders; softmax over an inner axis; a filter computed in the graph, packed
per run) against float64 NumPy models of the NNEF definitions."""

import numpy as np
import pytest

import pyopenvx as vx
from nnef_dat import write_dat

RNG = np.random.default_rng(18)


def auto_pad(n, k, s, d):
    """NNEF's default padding: output ceil(n / s), the total split front-first."""
    fk = (k - 1) * d + 1
    out = -(-n // s)
    total = max((out - 1) * s + fk - n, 0)
    return total // 2, total - total // 2


def np_conv(x, w, b, stride, dil, pads, groups):
    """NNEF conv: out[o][y][x] = sum w[o][c][ky][kx] in[g c][y s + ky d - pt][x s + kx d - pl]."""
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    (pt, pb), (pl, pr) = pads
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (pt, pb), (pl, pr)))
    oh = (h + pt + pb - (kh - 1) * dil[0] - 1) // stride[0] + 1
    ow = (wd + pl + pr - (kw - 1) * dil[1] - 1) // stride[1] + 1
    og = o // groups
    out = np.zeros((n, o, oh, ow))
    for gi in range(groups):
        xs = xp[:, gi * cg:(gi + 1) * cg]
        ws = w[gi * og:(gi + 1) * og].astype(np.float64)
        for ky in range(kh):
            for kx in range(kw):
                y0, x0 = ky * dil[0], kx * dil[1]
                patch = xs[:, :, y0:y0 + (oh - 1) * stride[0] + 1:stride[0], x0:x0 + (ow - 1) * stride[1] + 1:stride[1]]
                out[:, gi * og:(gi + 1) * og] += np.einsum("nchw,oc->nohw", patch, ws[:, :, ky, kx])
    return out + b.reshape(1, -1, 1, 1)


def np_deconv(x, w, b, stride, dil, pads, groups, oshape):
    """NNEF deconv (the adjoint of conv): in[c][iy][ix] w[c][o][ky][kx] adds to
    out[o][iy s + ky d - pt][ix s + kx d - pl]."""
    n, c, h, wd = x.shape
    _, og, kh, kw = w.shape
    cg = c // groups
    (pt, _), (pl, _) = pads
    oh, ow = oshape
    out = np.zeros((n, og * groups, oh, ow))
    for gi in range(groups):
        for ci in range(cg):
            ch = gi * cg + ci
            for ky in range(kh):
                for kx in range(kw):
                    for iy in range(h):
                        y = iy * stride[0] + ky * dil[0] - pt
                        if not 0 <= y < oh:
                            continue
                        for ix in range(wd):
                            xx = ix * stride[1] + kx * dil[1] - pl
                            if 0 <= xx < ow:
                                out[:, gi * og:(gi + 1) * og, y, xx] += (
                                    x[:, ch, iy, ix, None].astype(np.float64) * w[ch, :, ky, kx])
    return out + b.reshape(1, -1, 1, 1)


def run_model(tmp_path, body, inputs, variables):
    names = ", ".join("x%d" % i for i in range(len(inputs)))
    lines = ["version 1.0;", "graph G( %s ) -> ( y )" % names, "{"]
    for i, a in enumerate(inputs):
        lines.append("    x%d = external<scalar>(shape = [%s]);" % (i, ", ".join(map(str, a.shape))))
    for name, a in variables.items():
        lines.append("    %s = variable<scalar>(shape = [%s], label = '%s');" % (name, ", ".join(map(str, a.shape)), name))
        write_dat(tmp_path / ("%s.dat" % name), a)
    lines += ["    " + l for l in body.strip().splitlines()]
    lines.append("}")
    (tmp_path / "graph.nnef").write_text("\n".join(lines) + "\n")
    m = vx.import_model(tmp_path)
    return m(*inputs)[0]


def tol(ref):
    return dict(rtol=2e-5, atol=2e-5 * max(1.0, float(np.abs(ref).max())))


CONV_CASES = [
    # (n, c, h, w, o, kh, kw, stride, dil, padding or None (auto), groups)
    (1, 3, 9, 11, 5, 3, 3, (1, 1), (1, 1), ((1, 1), (1, 1)), 1),
    (2, 4, 10, 7, 6, 3, 2, (2, 1), (1, 1), ((0, 1), (1, 0)), 1),
    (1, 4, 12, 13, 8, 3, 3, (1, 2), (2, 3), None, 1),
    (1, 6, 8, 9, 9, 3, 3, (1, 1), (1, 1), ((1, 1), (2, 0)), 3),
    (1, 5, 9, 8, 5, 3, 3, (2, 2), (1, 1), None, 5),  # depthwise
    (1, 3, 5, 5, 13, 5, 5, (1, 1), (1, 1), ((2, 2), (2, 2)), 1),
    (1, 64, 20, 21, 32, 3, 3, (1, 1), (1, 1), None, 1),  # big enough for the threads
    (1, 16, 14, 15, 24, 1, 1, (1, 1), (1, 1), None, 1),
    # 1x1, rows of whole 8-column vectors: read in place (no planes)
    (1, 32, 6, 16, 12, 1, 1, (1, 1), (1, 1), None, 1),
    (2, 7, 3, 8, 13, 1, 1, (1, 1), (1, 1), None, 1),
    (1, 256, 20, 24, 64, 1, 1, (1, 1), (1, 1), None, 1),  # threads
    (1, 8, 6, 16, 4, 1, 1, (1, 1), (1, 1), None, 2),
]


@pytest.mark.parametrize("case", CONV_CASES)
def test_conv_on_the_float_core(tmp_path, case):
    n, c, h, wd, o, kh, kw, stride, dil, pads, groups = case
    x = RNG.standard_normal((n, c, h, wd)).astype(np.float32)
    w = RNG.standard_normal((o, c // groups, kh, kw)).astype(np.float32)
    b = RNG.standard_normal((1, o)).astype(np.float32)
    if pads is None:
        pads = (auto_pad(h, kh, stride[0], dil[0]), auto_pad(wd, kw, stride[1], dil[1]))
        ptxt = ""
    else:
        ptxt = ", padding = [(%d, %d), (%d, %d)]" % (pads[0] + pads[1])
    body = "y = conv(x0, w, b%s, stride = [%d, %d], dilation = [%d, %d], groups = %d);" % (
        (ptxt,) + stride + dil + (groups,))
    y = run_model(tmp_path, body, [x], {"w": w, "b": b})
    ref = np_conv(x, w, b, stride, dil, pads, groups)
    assert y.shape == ref.shape
    np.testing.assert_allclose(y, ref, **tol(ref))


DECONV_CASES = [
    # (n, c, h, w, o, kh, kw, stride, dil, padding or None, groups, output_shape or None)
    (1, 3, 5, 6, 4, 3, 3, (1, 1), (1, 1), None, 1, None),
    (2, 4, 5, 4, 3, 3, 3, (2, 2), (1, 1), None, 1, None),
    (1, 3, 4, 5, 2, 4, 3, (2, 3), (1, 1), ((1, 2), (0, 1)), 1, None),
    (1, 2, 5, 5, 3, 3, 3, (1, 2), (2, 1), ((3, 0), (0, 0)), 1, None),
    (1, 4, 6, 5, 6, 3, 3, (2, 2), (1, 1), None, 2, (12, 11)),
    (1, 4, 5, 5, 4, 3, 3, (1, 1), (1, 1), ((1, 1), (1, 1)), 4, None),
]


@pytest.mark.parametrize("case", DECONV_CASES)
def test_deconv_on_the_float_core(tmp_path, case):
    n, c, h, wd, o, kh, kw, stride, dil, pads, groups, oshape = case
    x = RNG.standard_normal((n, c, h, wd)).astype(np.float32)
    w = RNG.standard_normal((c, o // groups, kh, kw)).astype(np.float32)
    b = RNG.standard_normal((1, o)).astype(np.float32)
    fk = ((kh - 1) * dil[0] + 1, (kw - 1) * dil[1] + 1)
    full = ((h - 1) * stride[0] + fk[0], (wd - 1) * stride[1] + fk[1])
    extra = ""
    if oshape is not None:
        extra = ", output_shape = [%d, %d, %d, %d]" % (n, o, oshape[0], oshape[1])
        outs = oshape
    if pads is None:
        if oshape is None:
            outs = (h * stride[0], wd * stride[1])
        pads = tuple(((full[i] - outs[i]) // 2 if full[i] > outs[i] else 0, 0) for i in range(2))
    else:
        extra += ", padding = [(%d, %d), (%d, %d)]" % (pads[0] + pads[1])
        if oshape is None:
            outs = (full[0] - sum(pads[0]), full[1] - sum(pads[1]))
    body = "y = deconv(x0, w, b, stride = [%d, %d], dilation = [%d, %d], groups = %d%s);" % (
        stride + dil + (groups, extra))
    y = run_model(tmp_path, body, [x], {"w": w, "b": b})
    ref = np_deconv(x, w, b, stride, dil, pads, groups, outs)
    assert y.shape == ref.shape
    np.testing.assert_allclose(y, ref, **tol(ref))


def test_conv_of_a_computed_filter_is_packed_per_run(tmp_path):
    x = RNG.standard_normal((1, 3, 8, 9)).astype(np.float32)
    w = RNG.standard_normal((4, 3, 3, 3)).astype(np.float32)
    body = "wf = mul(x1, 2.0);\ny = conv(x0, wf, 0.0, padding = [(1, 1), (1, 1)]);"
    y = run_model(tmp_path, body, [x, w], {})
    ref = np_conv(x, 2.0 * w, np.zeros(4), (1, 1), (1, 1), ((1, 1), (1, 1)), 1)
    np.testing.assert_allclose(y, ref, **tol(ref))
    m = vx.import_model(tmp_path)
    y2 = m(x, -w)[0]  # new filter values, the same graph: repacked
    np.testing.assert_allclose(y2, -ref, **tol(ref))


def np_pool(x, size, stride, pads, is_max, ignore):
    n, c, h, w = x.shape
    (pt, pb), (pl, pr) = pads
    fill = -np.inf if (is_max and ignore) else 0.0
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (pt, pb), (pl, pr)), constant_values=fill)
    inside = np.pad(np.ones((h, w)), ((pt, pb), (pl, pr)))
    oh = (h + pt + pb - size[0]) // stride[0] + 1
    ow = (w + pl + pr - size[1]) // stride[1] + 1
    out = np.zeros((n, c, oh, ow))
    for y in range(oh):
        for xx in range(ow):
            win = xp[:, :, y * stride[0]:y * stride[0] + size[0], xx * stride[1]:xx * stride[1] + size[1]]
            cnt = inside[y * stride[0]:y * stride[0] + size[0], xx * stride[1]:xx * stride[1] + size[1]].sum()
            if is_max:
                out[:, :, y, xx] = win.max(axis=(2, 3)) if cnt or not ignore else 0.0
            else:
                out[:, :, y, xx] = win.sum(axis=(2, 3)) / (cnt if ignore else size[0] * size[1]) if cnt else 0.0
    return out


POOL_CASES = [
    # (n, c, h, w, size, stride, padding)
    (1, 3, 9, 10, (3, 3), (2, 2), ((1, 1), (1, 1))),
    (2, 2, 8, 7, (3, 2), (1, 2), ((0, 2), (1, 0))),
    (1, 4, 7, 7, (2, 2), (2, 2), ((0, 0), (0, 0))),
    (1, 64, 56, 57, (3, 3), (2, 2), ((1, 1), (1, 1))),  # threads
    (1, 2, 5, 6, (1, 1), (2, 2), ((0, 0), (0, 0))),
]


@pytest.mark.parametrize("case", POOL_CASES)
@pytest.mark.parametrize("op", ["max_pool", "avg_pool"])
@pytest.mark.parametrize("border", ["constant", "ignore"])
def test_pooling_on_the_float_core(tmp_path, case, op, border):
    n, c, h, w, size, stride, pads = case
    x = RNG.standard_normal((n, c, h, w)).astype(np.float32)
    body = "y = %s(x0, size = [1, 1, %d, %d], stride = [1, 1, %d, %d], padding = [(0, 0), (0, 0), (%d, %d), (%d, %d)], border = '%s');" % (
        (op,) + size + stride + pads[0] + pads[1] + (border,))
    y = run_model(tmp_path, body, [x], {})
    ref = np_pool(x, size, stride, pads, op == "max_pool", border == "ignore")
    assert y.shape == ref.shape
    np.testing.assert_allclose(y, ref, **tol(ref))


def test_pooling_over_channels_keeps_the_general_path(tmp_path):
    x = RNG.standard_normal((1, 6, 4, 5)).astype(np.float32)
    y = run_model(tmp_path, "y = max_pool(x0, size = [1, 2, 1, 1], stride = [1, 2, 1, 1], border = 'ignore');", [x], {})
    np.testing.assert_array_equal(y, x.reshape(1, 3, 2, 4, 5).max(axis=2))


@pytest.mark.parametrize("shape,axes", [((3, 1000), [1]), ((2, 5, 3, 4), [1]), ((2, 3, 4, 5), [2, 3])])
def test_softmax_on_the_float_core(tmp_path, shape, axes):
    x = (3 * RNG.standard_normal(shape)).astype(np.float32)
    y = run_model(tmp_path, "y = softmax(x0, axes = [%s]);" % ", ".join(map(str, axes)), [x], {})
    xd = x.astype(np.float64)
    e = np.exp(xd - xd.max(axis=tuple(axes), keepdims=True))
    ref = e / e.sum(axis=tuple(axes), keepdims=True)
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("n,c,o", [(1, 37, 5), (3, 512, 300), (2, 4096, 64)])
def test_linear_on_the_float_core(tmp_path, n, c, o):
    x = RNG.standard_normal((n, c)).astype(np.float32)
    w = RNG.standard_normal((o, c)).astype(np.float32)
    b = RNG.standard_normal((1, o)).astype(np.float32)
    y = run_model(tmp_path, "y = linear(x0, w, b);", [x], {"w": w, "b": b})
    ref = x.astype(np.float64) @ w.T.astype(np.float64) + b
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-5 * np.sqrt(c))
