"""The C entry point vxOvxExportGraphDot (vx_ext_ovx.h, bound by cffi) and the
Python Graph.to_dot write the same layout: the same objects, edges and labels;
the boxes differ only in the node's name (the C kernel name in C, the Python
method name in Python)."""
import re

import numpy as np

import pyopenvx as vx


def _c_dot(g):
    size = vx.ffi.new("vx_size *")
    assert vx.lib.vxOvxExportGraphDot(g.handle, vx.ffi.NULL, size) == vx.lib.VX_SUCCESS
    buf = vx.ffi.new("vx_char[]", size[0])
    assert vx.lib.vxOvxExportGraphDot(g.handle, buf, size) == vx.lib.VX_SUCCESS
    return vx.ffi.string(buf).decode()


def _shape(dot):
    """The text with node box labels' first line (the name) replaced by a marker."""
    return re.sub(r'(n\d+ \[shape=box, style=rounded, label=")[^"\\]*', r"\1NAME", dot)


def test_c_and_python_dot_agree():
    ctx = vx.Context()
    g = ctx.graph()
    src = ctx.image_from_numpy(np.zeros((16, 24), np.uint8))
    blur, gx, gy = g.virtual_image(), g.virtual_image(), g.virtual_image()
    mag = ctx.image(24, 16, vx.DF_IMAGE_S16)
    g.gaussian3x3(src, blur)
    g.sobel3x3(blur, gx, gy)
    g.magnitude(gx, gy, mag)
    c = _c_dot(g)                                       # verifies first
    assert g.is_verified
    assert 'label="org.khronos.openvx.sobel_3x3"' in c
    assert _shape(c) == _shape(g.to_dot())
    g.process()
    c = _c_dot(g)
    assert c.count(" ms avg (1 runs)") == 3
    assert _shape(c).count("NAME\\n") == 3
