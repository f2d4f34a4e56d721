"""Remaps keep a table derived from the remap's content in their node
(csrc/kernels/geometry.c; nearest: the source pixels, bilinear: windows and
positions in them; built on the second run that sees a content when the
previous content lasted 5 runs or more, else on the fifth; the runs before
take the map itself): rewriting the remap between two vxProcessGraph
calls (vxCopyRemapPatch, vxSetRemapPoint, map + unmap), or putting another
remap on the node, must change the output as the new content says (NumPy's
model of the fixed-point rule, csrc/compute/geometry.h), for both
interpolations and both border rules of bilinear."""

import numpy as np
import pytest
from geo_model import fix, sample

from pyopenvx import ffi, lib

W, H = 203, 61  # source and destination; over 16 x 4 (the packed form's windows), an odd width
RNG = np.random.default_rng(15)


CVAL = 77


def model(src, pts, interp="nearest", border="replicate"):
    """geo_model's rule at the remap's points (v = 1024 m + 0.5): replicate's nearest edge pixel outside,
    or constant's CVAL."""
    def pos(m):
        return fix(m.astype(np.float32) * np.float32(1024.0) + np.float32(0.5))
    return sample(src, pos(pts[..., 0]), pos(pts[..., 1]), interp, None if border == "replicate" else CVAL)


def smooth_map(scale, dx, dy):
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    pts = np.stack([xs * np.float32(scale) + np.float32(dx), ys * np.float32(scale) + np.float32(dy)], axis=-1)
    return np.ascontiguousarray(pts.astype(np.float32))


def ok(status):
    assert status == lib.VX_SUCCESS, status


@pytest.mark.parametrize("interp,border", [("nearest", "replicate"), ("bilinear", "replicate"),
                                           ("bilinear", "constant")])
def test_remap_rewritten_between_runs(ctx, interp, border):
    c = ctx.handle
    src = RNG.integers(0, 256, (H, W), dtype=np.uint8)
    img = ctx.image_from_numpy(src)
    out = lib.vxCreateImage(c, W, H, lib.VX_DF_IMAGE_U8)
    rect = ffi.new("vx_rectangle_t*", (0, 0, W, H))

    def write(rm, pts):
        ok(lib.vxCopyRemapPatch(rm, rect, W * 8, ffi.cast("void*", pts.ctypes.data), lib.VX_TYPE_COORDINATES2DF,
                                lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST))

    def result():
        got = np.empty((H, W), np.uint8)
        addr = ffi.new("vx_imagepatch_addressing_t*")
        addr.dim_x, addr.dim_y, addr.stride_x, addr.stride_y = W, H, 1, W
        ok(lib.vxCopyImagePatch(out, rect, 0, addr, ffi.cast("void*", got.ctypes.data), lib.VX_READ_ONLY,
                                lib.VX_MEMORY_TYPE_HOST))
        return got

    rm1 = lib.vxCreateRemap(c, W, H, W, H)
    rm2 = lib.vxCreateRemap(c, W, H, W, H)
    pts = smooth_map(0.9, 3.0, 2.0)
    write(rm1, pts)
    g = lib.vxCreateGraph(c)
    policy = lib.VX_INTERPOLATION_NEAREST_NEIGHBOR if interp == "nearest" else lib.VX_INTERPOLATION_BILINEAR
    node = lib.vxRemapNode(g, img.handle, rm1, policy, out)
    b = ffi.new("vx_border_t*")
    b.mode = lib.VX_BORDER_REPLICATE if border == "replicate" else lib.VX_BORDER_CONSTANT
    b.constant_value.U8 = CVAL
    ok(lib.vxSetNodeAttribute(node, lib.VX_NODE_BORDER, b, ffi.sizeof("vx_border_t")))

    def runs(pts):  # the map's path, the table's build, the kept table (6 runs: every content is built)
        for _ in range(6):
            ok(lib.vxProcessGraph(g))
            np.testing.assert_array_equal(result(), model(src, pts, interp, border))

    try:
        ok(lib.vxVerifyGraph(g))
        runs(pts)

        # the whole remap rewritten by vxCopyRemapPatch
        pts = smooth_map(1.1, -4.0, 5.5)
        write(rm1, pts)
        runs(pts)

        # single points by vxSetRemapPoint
        for x, y, sx, sy in ((0, 0, 150.0, 40.0), (W - 1, H - 1, 2.0, 3.0), (17, 30, -5.0, 70.0)):
            ok(lib.vxSetRemapPoint(rm1, x, y, sx, sy))
            pts[y, x] = (sx, sy)
        runs(pts)

        # a patch through map + unmap
        mid = ffi.new("vx_map_id*")
        stride = ffi.new("vx_size*")
        ptr = ffi.new("void**")
        sub = ffi.new("vx_rectangle_t*", (10, 5, 90, 40))
        ok(lib.vxMapRemapPatch(rm1, sub, mid, stride, ptr, lib.VX_TYPE_COORDINATES2DF, lib.VX_WRITE_ONLY,
                               lib.VX_MEMORY_TYPE_HOST))
        patch = RNG.uniform(-3, W + 3, (35, 80, 2)).astype(np.float32)
        for r in range(35):
            ffi.memmove(ffi.cast("char*", ptr[0]) + r * stride[0], patch[r].tobytes(), 80 * 8)
        ok(lib.vxUnmapRemapPatch(rm1, mid[0]))
        pts[5:40, 10:90] = patch
        runs(pts)

        # another remap on the node
        pts2 = RNG.uniform(-2, W + 2, (H, W, 2)).astype(np.float32)
        write(rm2, pts2)
        ok(lib.vxSetParameterByIndex(node, 1, ffi.cast("vx_reference", rm2)))
        runs(pts2)
        # ... and back
        ok(lib.vxSetParameterByIndex(node, 1, ffi.cast("vx_reference", rm1)))
        runs(pts)
    finally:
        lib.vxReleaseNode(ffi.new("vx_node*", node))
        lib.vxReleaseGraph(ffi.new("vx_graph*", g))
        lib.vxReleaseRemap(ffi.new("vx_remap*", rm1))
        lib.vxReleaseRemap(ffi.new("vx_remap*", rm2))
        lib.vxReleaseImage(ffi.new("vx_image*", out))
