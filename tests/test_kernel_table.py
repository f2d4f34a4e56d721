"""The kernel table (pyopenvx/_kernel_table.py) against the C API and the two Python faces.

* every vx<Name>Node / vx<Name>Layer of the headers is declared once, with the
  C parameters in the header's order, names and types (and cffi agrees);
* every kernel has a Graph method and an array function of the same name, the
  same parameters (the array form without the outputs) and the same defaults;
* every array function runs once on a small input, checked against NumPy where
  the operation is simple, else against the graph form or a property of the result.
"""

import inspect
import math
import os
import re

import numpy as np
import pytest

import pyopenvx as vx
from pyopenvx import _kernel_table as table
from pyopenvx._arrays import ARRAY_FUNCTIONS, MISMATCHES, array_params

HERE = os.path.dirname(os.path.abspath(__file__))
INCLUDE = os.path.join(HERE, "..", "include", "VX")
HEADERS = ("vx_nodes.h", "vx_khr_nn.h", "vx_khr_swap_move.h", "vx_compatibility.h")


def _prototypes():
    """node function -> [(C type, C name)] after the graph, from the headers."""
    out = {}
    for h in HEADERS:
        with open(os.path.join(INCLUDE, h), encoding="utf-8") as f:
            text = f.read()
        for m in re.finditer(r"VX_API_ENTRY\s+vx_node\s+VX_API_CALL\s+(vx\w+)\s*\(([^)]*)\)", text):
            if m.group(1) in ("vxCreateGenericNode",):
                continue
            args = []
            for a in m.group(2).split(","):
                a = " ".join(a.split())
                name = re.search(r"(\w+)\s*(\[\])?$", a).group(1)
                ctype = a[: a.rfind(name)].strip().replace("* ", "*").replace(" *", "*").replace("*", " *")
                args.append((ctype, name))
            assert args[0] == ("vx_graph", "graph"), m.group(1)
            out[m.group(1)] = args[1:]
    return out


PROTOS = _prototypes()
BY_NODE = {k["node"]: k for k in table.KERNELS}


def test_every_node_function_is_declared_once():
    assert len(PROTOS) >= 75
    assert sorted(BY_NODE) == sorted(PROTOS)
    assert len(BY_NODE) == len(table.KERNELS)
    names = [k["name"] for k in table.KERNELS]
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("node", sorted(PROTOS))
def test_c_parameters_agree_with_the_header_and_cffi(node):
    k = BY_NODE[node]
    declared = [(t.replace(" *", " *"), n) for n, t in table.c_params(k)]
    assert [n for _, n in declared] == [n for _, n in PROTOS[node]], node
    assert [t for t, _ in declared] == [t for t, _ in PROTOS[node]], node
    ft = vx.ffi.typeof(getattr(vx.lib, node))
    assert len(ft.args) == len(declared) + 1
    for (ctype, name), arg in zip(declared, ft.args[1:]):
        assert vx.ffi.typeof(ctype.replace("const ", "")) is arg or \
            vx.ffi.typeof(ctype) is arg, "%s: %s is %s in cffi" % (node, name, arg.cname)


@pytest.mark.parametrize("k", table.KERNELS, ids=lambda k: k["name"])
def test_declaration_is_complete(k):
    assert isinstance(getattr(vx.lib, k["enum"]), int)
    if k["vxu"] is None:
        assert k["family"] == "nn" or k["name"] in ("select", "scalar_operation")
    else:
        assert callable(getattr(vx.lib, k["vxu"]))
    assert len(k["doc"]) > 60 and k["doc"][0].isupper()
    for p in table.python_params(k):
        assert p["dir"] in ("in", "out", "bidirectional")
        assert re.fullmatch(r"[a-z][a-z0-9_]*", p["name"]), p["name"]
        if p.get("enum"):
            assert p["enum"] in vx._enums.FAMILIES, p["enum"]
            if isinstance(p.get("default"), str):
                vx._enums.coerce(p["default"], p["enum"])    # a default name of its family
        if p.get("vx_type"):
            assert isinstance(getattr(vx.lib, p["vx_type"]), int)
        for f in p.get("formats") or ():
            assert isinstance(getattr(vx.lib, "VX_DF_IMAGE_" + f), int)


@pytest.mark.parametrize("k", table.KERNELS, ids=lambda k: k["name"])
def test_graph_method_and_array_function_agree(k):
    name = k["name"]
    method = vx.Graph.__dict__[name]                    # a real method on the class
    assert " ".join(k["doc"].split()) in " ".join(method.__doc__.split()) and k["node"] in method.__doc__
    gsig = inspect.signature(method)
    gparams = [p for p in gsig.parameters.values()][1:]
    want = table.ordered(table.python_params(k))
    assert [p.name for p in gparams] == [p["name"] for p in want]
    f = getattr(vx, name)
    assert f is ARRAY_FUNCTIONS[name] and f.__name__ == name and k["doc"] in " ".join(f.__doc__.split())
    asig = inspect.signature(f)
    apos = [p for p in asig.parameters.values() if p.kind == p.POSITIONAL_OR_KEYWORD]
    # the array form: the graph form's parameters without the outputs, same order, same defaults
    g_no_out = [p for p in gparams if p.name not in {q["name"] for q in want if q["dir"] == "out"}]
    assert [(p.name, p.default) for p in apos] == [(p.name, p.default) for p in g_no_out]
    assert [p.name for p in apos] == [p["name"] for p in array_params(k)]
    for p in asig.parameters.values():
        assert p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)


def test_simple_kernels_get_their_array_function_from_the_table():
    """A kernel whose outputs the table sizes (like=/format=) or that returns scalars, and that has no
    hand-written array function, gets a generated one: exactly those kernels, every output ruled."""
    from pyopenvx._vision import generic_ok
    generated = {n for n, f in ARRAY_FUNCTIONS.items() if getattr(f, "generated", False)}
    assert {"box3x3", "sobel3x3", "magnitude", "integral_image", "min", "max", "mean_std_dev",
            "accumulate_image"} <= generated
    assert "add" not in generated and "canny" not in generated          # hand-written (dtype=, arrays)
    for k in table.KERNELS:
        if k["name"] in generated:
            assert generic_ok(k), k["name"]
            for p in k["params"]:
                if p.get("dir") == "out" and p["type"] == "image":
                    assert p["like"] in {q["name"] for q in k["params"] if q.get("type") == "image"}, k["name"]
    # a kernel without a size rule on an output image cannot be generated
    k = dict(table.kernel("box3x3"))
    k["params"] = [dict(p) for p in k["params"]]
    del k["params"][1]["like"]
    assert not generic_ok(k)
    # the rule is what the function does: the output's size from `like`, its format from `format`
    a = (np.arange(7 * 9) * 5 % 256).astype(np.uint8).reshape(7, 9)
    gx, gy = vx.sobel3x3(a, border="replicate")
    assert gx.shape == gy.shape == a.shape and gx.dtype == gy.dtype == np.int16
    assert vx.integral_image(a).dtype == np.uint32
    np.testing.assert_array_equal(vx.integral_image(a), a.astype(np.uint32).cumsum(0).cumsum(1))
    assert vx.min(a, a[::-1].copy()).dtype == np.uint8


def test_no_mismatch_recorded_at_import():
    assert MISMATCHES == []


def test_reserved_words_get_an_underscore():
    for k in ("and", "or", "not"):
        assert not hasattr(vx.Graph, k) and hasattr(vx.Graph, k + "_") and hasattr(vx, k + "_")


def test_names_and_numbers_where_c_wants_enums_and_scalars(ctx):
    a = (np.arange(6 * 8) * 7 % 256).astype(np.uint8).reshape(6, 8)
    g = ctx.graph()
    src = ctx.image_from_numpy(a)
    out = ctx.image(8, 6, vx.DF_IMAGE_U8)
    g.multiply(src, src, out, scale=1 / 255, overflow_policy="saturate", rounding_policy="to_nearest_even")
    g.process()
    want = np.clip(np.round(a.astype(np.float64) * a / 255), 0, 255).astype(np.uint8)
    np.testing.assert_array_equal(out.to_numpy(), want)
    with pytest.raises(ValueError, match="rounding_policy"):
        g.multiply(src, src, out, rounding_policy="upward")
    with pytest.raises(TypeError, match="multiply"):
        g.multiply(src, src)                       # no output


# -- every array function once --------------------------------------------------------------
RNG = np.random.default_rng(7)
A = RNG.integers(0, 256, (16, 24), dtype=np.uint8)
B = RNG.integers(0, 256, (16, 24), dtype=np.uint8)
S = RNG.integers(-300, 300, (16, 24), dtype=np.int16)
T = RNG.integers(-100, 100, (2, 3, 4), dtype=np.int16)


def _interior(x):
    return x[1:-1, 1:-1]


def _graph_form(name, inputs, out_format, **kw):
    """Run the graph method of ``name`` on ndarray inputs into one image output."""
    with vx.Context() as c:
        g = c.graph()
        ins = [c.image_from_numpy(x) for x in inputs]
        out = c.image(inputs[0].shape[1], inputs[0].shape[0], out_format)
        getattr(g, name)(*ins, out, **kw)
        g.process()
        return out.to_numpy()


def _box(a):
    p = a.astype(np.int32)
    s = sum(p[1 + dy:p.shape[0] - 1 + dy, 1 + dx:p.shape[1] - 1 + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1))
    return (s // 9).astype(np.uint8)


CASES = {
    "abs_diff": lambda: np.testing.assert_array_equal(vx.abs_diff(A, B), np.abs(A.astype(int) - B).astype(np.uint8)),
    "add": lambda: np.testing.assert_array_equal(vx.add(A, B, "wrap"), (A + B).astype(np.uint8)),
    "subtract": lambda: np.testing.assert_array_equal(vx.subtract(A, B, dtype=np.int16), A.astype(np.int16) - B),
    "multiply": lambda: np.testing.assert_array_equal(vx.multiply(A, B, 1 / 256),
                                                      (A.astype(np.int32) * B // 256).astype(np.uint8)),
    "weighted_average": lambda: np.testing.assert_allclose(
        vx.weighted_average(A, 0.25, B), (0.75 * B.astype(np.float32) + 0.25 * A.astype(np.float32)), atol=1),
    "min": lambda: np.testing.assert_array_equal(vx.min(A, B), np.minimum(A, B)),
    "max": lambda: np.testing.assert_array_equal(vx.max(A, B), np.maximum(A, B)),
    "and_": lambda: np.testing.assert_array_equal(vx.and_(A, B), A & B),
    "or_": lambda: np.testing.assert_array_equal(vx.or_(A, B), A | B),
    "xor": lambda: np.testing.assert_array_equal(vx.xor(A, B), A ^ B),
    "not_": lambda: np.testing.assert_array_equal(vx.not_(A), ~A),
    "magnitude": lambda: np.testing.assert_array_equal(
        vx.magnitude(S, S), np.minimum(np.floor(np.sqrt(2.0 * S.astype(np.float64) ** 2) + 0.5), 32767)),
    "phase": lambda: np.testing.assert_array_equal(vx.phase(S, S), _graph_form("phase", [S, S], vx.DF_IMAGE_U8)),
    "sobel3x3": lambda: np.testing.assert_array_equal(
        _interior(vx.sobel3x3(A)[0]), _interior(_graph_form("sobel3x3", [A], vx.DF_IMAGE_S16))),
    "box3x3": lambda: np.testing.assert_array_equal(_interior(vx.box3x3(A)), _box(A)),
    "gaussian3x3": lambda: np.testing.assert_array_equal(
        _interior(vx.gaussian3x3(A, border="replicate")), _interior(_graph_form("gaussian3x3", [A], vx.DF_IMAGE_U8))),
    "median3x3": lambda: np.testing.assert_array_equal(
        _interior(vx.median3x3(A)),
        np.median(np.stack([A[1 + dy:15 + dy, 1 + dx:23 + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)]),
                  axis=0).astype(np.uint8)),
    "dilate3x3": lambda: np.testing.assert_array_equal(
        _interior(vx.dilate3x3(A)),
        np.max([A[1 + dy:15 + dy, 1 + dx:23 + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0)),
    "erode3x3": lambda: np.testing.assert_array_equal(
        _interior(vx.erode3x3(A)),
        np.min([A[1 + dy:15 + dy, 1 + dx:23 + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0)),
    "nonlinear_filter": lambda: np.testing.assert_array_equal(
        _interior(vx.nonlinear_filter("max", A, "box")), _interior(vx.dilate3x3(A))),
    "convolve": lambda: np.testing.assert_array_equal(
        _interior(vx.convolve(A, np.ones((3, 3), np.int16), scale=8)),
        np.minimum(sum(A.astype(np.int32)[1 + dy:15 + dy, 1 + dx:23 + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1))
                   // 8, 255)),
    "non_max_suppression": lambda: np.testing.assert_array_equal(
        vx.non_max_suppression(np.full((8, 8), 5, np.uint8), win_size=1), np.full((8, 8), 5, np.uint8)),
    "bilateral_filter": lambda: np.testing.assert_array_equal(
        vx.bilateral_filter(np.full((8, 9), 40, np.uint8), 5, 2.0, 3.0), np.full((8, 9), 40, np.uint8)),
    "color_convert": lambda: np.testing.assert_array_equal(
        vx.color_convert(np.dstack([A, B, A]), format="RGBX")[..., :3], np.dstack([A, B, A])),
    "channel_extract": lambda: np.testing.assert_array_equal(vx.channel_extract(np.dstack([A, B, A]), "g"), B),
    "channel_combine": lambda: np.testing.assert_array_equal(vx.channel_combine(A, B, A, format="RGB"),
                                                             np.dstack([A, B, A])),
    "table_lookup": lambda: np.testing.assert_array_equal(
        vx.table_lookup(A, np.arange(256)[::-1].astype(np.uint8)), 255 - A),
    "threshold": lambda: np.testing.assert_array_equal(vx.threshold(A, 100), np.where(A > 100, 255, 0)),
    "convert_depth": lambda: np.testing.assert_array_equal(vx.convert_depth(A, shift=1, dtype=np.int16),
                                                           A.astype(np.int16) * 2),
    "histogram": lambda: np.testing.assert_array_equal(vx.histogram(A, bins=4), np.bincount(A.ravel() // 64)),
    "equalize_hist": lambda: _equalize(),
    "mean_std_dev": lambda: np.testing.assert_allclose(vx.mean_std_dev(A), (A.mean(), A.std()), rtol=1e-5),
    "min_max_loc": lambda: (lambda r: (r.min, r.max, r.min_count) == (A.min(), A.max(), (A == A.min()).sum()))(
        vx.min_max_loc(A)) or pytest.fail("min_max_loc"),
    "integral_image": lambda: np.testing.assert_array_equal(vx.integral_image(A),
                                                            A.astype(np.uint32).cumsum(0).cumsum(1)),
    "scale_image": lambda: np.testing.assert_array_equal(vx.scale_image(A, "nearest", size=(8, 12)),
                                                          A[1::2, 1::2]),    # centres: x_in = 2 x_out + 0.5
    "half_scale_gaussian": lambda: np.testing.assert_array_equal(
        vx.half_scale_gaussian(A, 1), A[::2, ::2]),
    "warp_affine": lambda: np.testing.assert_array_equal(
        vx.warp_affine(A, [[1, 0, 0], [0, 1, 0]], "nearest"), A),
    "warp_perspective": lambda: np.testing.assert_array_equal(vx.warp_perspective(A, np.eye(3)), A),
    "remap": lambda: np.testing.assert_array_equal(
        vx.remap(A, tuple(np.meshgrid(np.arange(24, dtype=np.float32), np.arange(16, dtype=np.float32)))), A),
    "gaussian_pyramid": lambda: np.testing.assert_array_equal(vx.gaussian_pyramid(A, levels=2)[0], A),
    "laplacian_pyramid": lambda: _laplacian_round_trip(),
    "laplacian_reconstruct": lambda: _laplacian_round_trip(),
    "canny": lambda: _canny(),
    "harris_corners": lambda: _corners(vx.harris_corners(_square(), 1e-6)),
    "fast_corners": lambda: _corners(vx.fast_corners(_square(), 20.0)),
    "optical_flow_pyr_lk": lambda: _flow(),
    "match_template": lambda: np.unravel_index(np.argmin(vx.match_template(A, A[4:9, 6:13], "ssd")),
                                               (12, 18)) == (4, 6) or pytest.fail("match_template"),
    "lbp": lambda: np.testing.assert_array_equal(_interior(vx.lbp(np.full((6, 7), 9, np.uint8))), 255),
    "hog_cells": lambda: _hog_cells(),
    "hog_features": lambda: _hog_features(),
    "hough_lines_p": lambda: (len(vx.hough_lines_p(np.zeros((8, 8), np.uint8), 1, math.pi / 180, 5, 3, 1)) == 0
                              or pytest.fail("hough_lines_p")),
    "tensor_add": lambda: np.testing.assert_array_equal(vx.tensor_add(T, T), T * 2),
    "tensor_subtract": lambda: np.testing.assert_array_equal(vx.tensor_subtract(T, T), T * 0),
    "tensor_multiply": lambda: np.testing.assert_array_equal(
        vx.tensor_multiply(T, np.full_like(T, 256), fixed_point_position=8), T),
    "tensor_table_lookup": lambda: np.testing.assert_array_equal(
        vx.tensor_table_lookup(A[:2, :3], np.arange(256)[::-1].astype(np.uint8)), 255 - A[:2, :3]),
    "tensor_transpose": lambda: np.testing.assert_array_equal(vx.tensor_transpose(T, 0, 1), np.swapaxes(T, 2, 1)),
    "tensor_convert_depth": lambda: np.testing.assert_array_equal(
        vx.tensor_convert_depth(np.array([0, 1, 2], np.uint8), dtype=np.int16, fixed_point_position=0),
        np.array([0, 1, 2], np.int16)),
    "tensor_matrix_multiply": lambda: np.testing.assert_array_equal(
        vx.tensor_matrix_multiply(np.eye(3, dtype=np.int16) * 256, T[0, :, :3].copy()), T[0, :, :3]),
    "copy": lambda: np.testing.assert_array_equal(vx.copy(A), A),
    "swap": lambda: _swap_move("swap"),
    "move": lambda: _swap_move("move"),
    "select": lambda: np.testing.assert_array_equal(vx.select(False, A, B), B),
    "scalar_operation": lambda: vx.scalar_operation("add", 2, 3) == 5 or pytest.fail("scalar_operation"),
    "accumulate_image": lambda: np.testing.assert_array_equal(
        vx.accumulate_image(A, np.full(A.shape, 32700, np.int16)), np.minimum(A.astype(np.int32) + 32700, 32767)),
    "accumulate_weighted_image": lambda: np.testing.assert_allclose(
        vx.accumulate_weighted_image(A, 0.5, B), (0.5 * A.astype(np.float64) + 0.5 * B), atol=1),
    "accumulate_square_image": lambda: np.testing.assert_array_equal(
        vx.accumulate_square_image(A, 2, np.zeros(A.shape, np.int16)), (A.astype(np.int32) ** 2 >> 2)),
    "convolution_layer": lambda: np.testing.assert_array_equal(
        vx.convolution_layer(np.ones((1, 1, 4, 4), np.uint8), np.ones((1, 1, 1, 1), np.uint8)),
        np.ones((1, 1, 4, 4), np.uint8)),
    "deconvolution_layer": lambda: np.testing.assert_array_equal(     # upscale 1: a full correlation
        vx.deconvolution_layer(np.ones((1, 1, 2, 2), np.uint8), np.ones((1, 1, 2, 2), np.uint8), upscale=1)[0, 0],
        [[1, 2, 1], [2, 4, 2], [1, 2, 1]]),
    "fully_connected_layer": lambda: np.testing.assert_array_equal(
        vx.fully_connected_layer(np.array([[1, 2, 3]], np.uint8), np.array([[1, 1, 1], [0, 1, 0]], np.uint8)),
        [[6, 2]]),
    "pooling_layer": lambda: np.testing.assert_array_equal(
        vx.pooling_layer(A[:4, :4].reshape(1, 1, 4, 4), "max", (2, 2))[0, 0],
        A[:4, :4].reshape(2, 2, 2, 2).max(axis=(1, 3))),
    "softmax_layer": lambda: np.testing.assert_allclose(
        vx.softmax_layer(np.zeros(4, np.int16)) / 256.0, np.full(4, 0.25), atol=2 / 256),
    "normalization_layer": lambda: vx.normalization_layer(np.zeros((1, 3, 4, 4), np.int16)).shape == (1, 3, 4, 4)
    and not vx.normalization_layer(np.zeros((1, 3, 4, 4), np.int16)).any() or pytest.fail("normalization_layer"),
    "local_response_normalization_layer": lambda: not vx.local_response_normalization_layer(
        np.zeros((1, 3, 4, 4), np.int16), size=3).any() or pytest.fail("lrn"),
    "activation_layer": lambda: np.testing.assert_array_equal(
        vx.activation_layer(np.array([-512, 0, 512], np.int16)), [0, 0, 512]),
    "roi_pooling_layer": lambda: np.testing.assert_array_equal(
        vx.roi_pooling_layer(A[:4, :4].reshape(1, 4, 4).copy(), np.array([[0, 0, 3, 3]], np.uint8),
                             pooled_size=(1, 1))[0, 0], [[A[:4, :4].max()]]),
}


def _equalize():
    e = vx.equalize_hist(A).ravel()
    order = np.argsort(A.ravel(), kind="stable")
    assert (np.diff(e[order].astype(int)) >= 0).all()        # monotonic in the input
    assert e.min() == 0 and e.max() == 255                   # spread over the range


def _square():
    a = np.zeros((32, 32), np.uint8)
    a[10:22, 10:22] = 200
    return a


def _corners(kp):
    assert len(kp) >= 4
    xs, ys = kp["x"], kp["y"]
    assert xs.min() >= 8 and xs.max() <= 23 and ys.min() >= 8 and ys.max() <= 23


def _canny():
    e = vx.canny(_square(), 80, 100, norm="l2")
    assert set(np.unique(e)) <= {0, 255} and e[10:22, 10].any() and not e[14:18, 14:18].any()


def _laplacian_round_trip():
    lev, low = vx.laplacian_pyramid(A, levels=2)
    assert [x.shape for x in lev] == [(16, 24), (8, 12)] and low.shape == (4, 6)
    np.testing.assert_array_equal(vx.laplacian_reconstruct(lev, low), A)


def _flow():
    a = np.zeros((32, 32), np.uint8)
    a[8:20, 8:20] = 180
    b = np.roll(a, 2, axis=1)
    kp = vx.optical_flow_pyr_lk(a, b, [[8, 8], [19, 19]], None, levels=2)
    assert len(kp) == 2 and (kp["tracking_status"] == 1).all()
    np.testing.assert_allclose(kp["x"], [10, 21], atol=1)
    np.testing.assert_allclose(kp["y"], [8, 19], atol=1)


def _hog_cells():
    mag, bins = vx.hog_cells(np.zeros((16, 16), np.uint8), 8, 8, 9)
    assert mag.shape == (2, 2) and bins.shape == (2, 2, 9) and not mag.any() and not bins.any()


def _hog_features():
    f = vx.hog_features(np.zeros((16, 16), np.uint8), cell_width=8, cell_height=8, block_width=16, block_height=16,
                        window_width=16, window_height=16)
    assert f.shape == (1, 1, 36) and not f.any()


def _swap_move(what):
    with vx.Context() as c:
        x, y = c.image_from_numpy(A.copy()), c.image_from_numpy(B.copy())
        if what == "swap":
            vx.swap(x, y)
            np.testing.assert_array_equal(x.to_numpy(), B)
        else:
            vx.move(x, second=y)
        np.testing.assert_array_equal(y.to_numpy(), A)


def test_every_kernel_has_a_case():
    assert sorted(CASES) == sorted(k["name"] for k in table.KERNELS)


@pytest.mark.parametrize("name", sorted(CASES))
def test_array_function_runs(name):
    CASES[name]()


def test_bad_arguments_name_the_kernel_and_parameter(ctx):
    g = ctx.graph()
    img = ctx.image(8, 6, vx.DF_IMAGE_U8)
    t = ctx.tensor((4, 4), np.int16, 8)
    with pytest.raises(TypeError, match="add: in1 must be a vx_image"):
        g.add(t, img, img)
    with pytest.raises(TypeError, match="fast_corners: nonmax_suppression: a bool"):
        g.fast_corners(img, 10.0, vx.Array(ctx, vx.TYPE_KEYPOINT, 8), nonmax_suppression="yes")
    with pytest.raises(TypeError, match="min_max_loc: min_val is an output"):
        g.min_max_loc(img, 0, 0)
    with pytest.raises(ValueError, match="canny: low 100 > high 80"):
        g.canny(img, 100, 80, img)
    with pytest.raises(ValueError, match="pooling_layer: size is a pair"):
        g.pooling_layer(t, t, size=(2, 2, 2))
    with pytest.raises(ValueError, match="half_scale_gaussian|kernel_size"):
        vx.half_scale_gaussian(A, 4)
    with pytest.raises(ValueError, match="norm"):
        vx.canny(A, 10, 20, norm="l3")
    assert g.num_nodes == 0                            # nothing half-made


def test_table_is_plain_data_loadable_by_path():
    """tools/ generators load the table by file path, without the package or libopenvx."""
    import importlib.util
    path = os.path.join(os.path.dirname(table.__file__), "_kernel_table.py")
    spec = importlib.util.spec_from_file_location("kernel_table_by_path", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert [k["name"] for k in mod.KERNELS] == [k["name"] for k in table.KERNELS]
    import ast
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]   # no imports at all


@pytest.mark.parametrize("name", sorted(CASES))
def test_array_function_writes_every_output_pixel(name, monkeypatch):
    """Immediate mode returns output images in the ndarrays they were made
    in, uncleared (_vision._Run.image_out): every kernel must write every
    pixel of them.  Each case runs twice, its output arrays filled first
    with 0x00 and then 0xA5 bytes; what comes back must not differ."""
    from pyopenvx import _vision
    orig = _vision._Run.result
    runs = []
    for fill in (0x00, 0xA5):
        got = []

        def alloc(shape, dtype, fill=fill):
            a = np.empty(shape, dtype)
            a.view(np.uint8)[...] = fill
            return a

        def result(self, img, got=got):
            out = orig(self, img)
            got.extend(np.array(p, copy=True) for p in (out if isinstance(out, list) else [out]))
            return out

        monkeypatch.setattr(_vision, "_new_output", alloc)
        monkeypatch.setattr(_vision._Run, "result", result)
        CASES[name]()
        runs.append(got)
    assert len(runs[0]) == len(runs[1])
    for x, y in zip(*runs):
        np.testing.assert_array_equal(x, y)
