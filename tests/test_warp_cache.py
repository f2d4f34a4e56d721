"""Warp Perspective and Warp Affine nearest keep, in their node, the table of
source pixels their matrix gives (csrc/kernels/geometry.c, the remap's nearest table: built
on the second run that sees a matrix's content when the previous content
lasted 5 runs or more, else on the fifth; the runs before take the matrix
itself, the later ones read the table): a matrix rewritten between two
vxProcessGraph calls, another matrix put on the node, a new border rule, a
new constant or a new valid rectangle of the input must change the output as
the new state says, on every one of six runs (each state built and read; NumPy's
model of the fixed-point rule, geo_model.py, bit for bit), and a matrix
changed every other run (never built) as well."""

import numpy as np
import pytest
from geo_model import fix, sample

import pyopenvx as vx
from pyopenvx import ffi, lib

SW, SH = 203, 61   # source; over 16 x 4 (the packed form's windows), an odd width
DW, DH = 190, 57   # destination
RNG = np.random.default_rng(23)
_F32 = np.float32


def model(src, m, border, cval, valid=None):
    """The reference's pixels (csrc/compute/geometry.c: per-row constants in
    double rounded once, the origin of the valid rectangle folded in, float32
    operations per pixel), sampled from the valid rectangle's plane; m 3x3
    (perspective) or 3x2 (affine)."""
    x0, y0, x1, y1 = valid if valid else (0, 0, src.shape[1], src.shape[0])
    plane = src[y0:y1, x0:x1]
    md = np.asarray(m, np.float32).astype(np.float64)   # spec layout: md[row][col], x' = md[0][0] x + md[1][0] y ...
    xf = np.arange(DW, dtype=_F32)
    out = np.empty((DH, DW), np.uint8)
    cv = None if border == "replicate" else cval
    if md.shape == (3, 2):
        for y in range(DH):
            ax, ay = _F32(md[0, 0] * 1024.0), _F32(md[0, 1] * 1024.0)
            bx = _F32((md[1, 0] * y + md[2, 0] - x0) * 1024.0 + 0.5)
            by = _F32((md[1, 1] * y + md[2, 1] - y0) * 1024.0 + 0.5)
            with np.errstate(over="ignore", invalid="ignore"):
                out[y] = sample(plane, fix(ax * xf + bx), fix(ay * xf + by), "nearest", cv)
        return out
    for y in range(DH):
        ax = _F32((md[0, 0] - x0 * md[0, 2]) * 1024.0)
        ay = _F32((md[0, 1] - y0 * md[0, 2]) * 1024.0)
        bx = _F32(((md[1, 0] - x0 * md[1, 2]) * y + (md[2, 0] - x0 * md[2, 2])) * 1024.0)
        by = _F32(((md[1, 1] - y0 * md[1, 2]) * y + (md[2, 1] - y0 * md[2, 2])) * 1024.0)
        az, bz = _F32(md[0, 2]), _F32(md[1, 2] * y + md[2, 2])
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            q = _F32(1.0) / (az * xf + bz)
            vx, vy = (ax * xf + bx) * q + _F32(0.5), (ay * xf + by) * q + _F32(0.5)
        out[y] = sample(plane, fix(vx), fix(vy), "nearest", cv)
    return out


def rotation(angle, scale, tx, ty, px=0.0, py=0.0, affine=False):
    c, s = np.cos(angle) * scale, np.sin(angle) * scale
    # the spec's matrix as the C array: m[0] = (m00, m01, m02) is x' = m00 x + m10 y + m20, ...
    if affine:
        return np.array([[c, s], [-s, c], [tx, ty]], np.float32)
    return np.array([[c, s, px], [-s, c, py], [tx, ty, 1.0]], np.float32)


def ok(status):
    assert status == lib.VX_SUCCESS, status


@pytest.mark.parametrize("kind", ["perspective", "affine"])
@pytest.mark.parametrize("border", ["replicate", "constant"])
def test_warp_nearest_table_follows_its_inputs(ctx, border, kind):
    c = ctx.handle
    src = RNG.integers(0, 256, (SH, SW), dtype=np.uint8)
    img = ctx.image_from_numpy(src)
    out = ctx.image(DW, DH, vx.Format.U8)
    aff = kind == "affine"
    cols = 2 if aff else 3
    mat1 = lib.vxCreateMatrix(c, lib.VX_TYPE_FLOAT32, cols, 3)
    mat2 = lib.vxCreateMatrix(c, lib.VX_TYPE_FLOAT32, cols, 3)

    def write(mat, m):
        ok(lib.vxCopyMatrix(mat, ffi.cast("void*", m.ctypes.data), lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST))

    g = lib.vxCreateGraph(c)
    make = lib.vxWarpAffineNode if aff else lib.vxWarpPerspectiveNode
    node = make(g, img.handle, mat1, lib.VX_INTERPOLATION_NEAREST_NEIGHBOR, out.handle)
    b = ffi.new("vx_border_t*")

    def set_border(mode, cval):
        b.mode = lib.VX_BORDER_REPLICATE if mode == "replicate" else lib.VX_BORDER_CONSTANT
        b.constant_value.U8 = cval
        ok(lib.vxSetNodeAttribute(node, lib.VX_NODE_BORDER, b, ffi.sizeof("vx_border_t")))

    def runs(m, mode, cval, valid=None, n=6):  # the matrix's path, the table's build, the kept table
        want = model(src, m, mode, cval, valid)
        for _ in range(n):
            ok(lib.vxProcessGraph(g))
            np.testing.assert_array_equal(out.to_numpy(), want)

    m = rotation(0.11, 0.95, 5.0, -3.0, 1e-4, -2e-4, aff)   # partly outside the source
    try:
        write(mat1, m)
        set_border(border, 77)
        ok(lib.vxVerifyGraph(g))
        runs(m, border, 77)

        m = rotation(-0.3, 1.1, -8.0, 12.5, -3e-4, 1e-4, aff)  # the matrix rewritten
        write(mat1, m)
        runs(m, border, 77)

        m2 = m.copy()                                       # one element, in its last bit
        m2[2, 0] = np.nextafter(m2[2, 0], np.float32(1e9), dtype=np.float32)
        write(mat1, m2)
        runs(m2, border, 77)

        ma = rotation(0.7, 0.8, 30.0, -10.0, affine=aff)    # another matrix on the node, then back
        write(mat2, ma)
        ok(lib.vxSetParameterByIndex(node, 1, ffi.cast("vx_reference", mat2)))
        runs(ma, border, 77)
        ok(lib.vxSetParameterByIndex(node, 1, ffi.cast("vx_reference", mat1)))
        runs(m2, border, 77)

        other = "constant" if border == "replicate" else "replicate"   # the border rule, then the constant
        set_border(other, 5)
        runs(m2, other, 5)
        set_border("constant", 201)
        runs(m2, "constant", 201)
        set_border(border, 77)

        valid = (7, 3, 180, 55)                             # the input's valid rectangle (the plane's origin)
        vr = ffi.new("vx_rectangle_t*", valid)
        ok(lib.vxSetImageValidRectangle(img.handle, vr))
        runs(m2, border, 77, valid)
        ok(lib.vxSetImageValidRectangle(img.handle, ffi.NULL))
        runs(m2, border, 77)

        src[10:20, 30:60] = 255 - src[10:20, 30:60]         # new input pixels (the table holds positions only)
        img.copy_from(src)
        runs(m2, border, 77)

        for k in range(8):                                  # a matrix changed every other run
            mk = rotation(0.05 * k, 0.9 + 0.02 * k, float(k), -2.0, affine=aff)
            write(mat1, mk)
            runs(mk, border, 77, n=2)
        write(mat1, m2)                                     # then one that stays: built again
        runs(m2, border, 77)
    finally:
        lib.vxReleaseNode(ffi.new("vx_node*", node))
        lib.vxReleaseGraph(ffi.new("vx_graph*", g))
        lib.vxReleaseMatrix(ffi.new("vx_matrix*", mat1))
        lib.vxReleaseMatrix(ffi.new("vx_matrix*", mat2))
