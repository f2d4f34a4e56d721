"""Graphviz DOT text of a graph (``Graph.to_dot``) and its SVG rendering."""

import shutil
import subprocess

from ._ffi import ffi, lib
from ._errors import VXError

_SHORT_TYPE = {
    lib.VX_TYPE_IMAGE: "image", lib.VX_TYPE_TENSOR: "tensor", lib.VX_TYPE_SCALAR: "scalar",
    lib.VX_TYPE_ARRAY: "array", lib.VX_TYPE_PYRAMID: "pyramid", lib.VX_TYPE_MATRIX: "matrix",
    lib.VX_TYPE_LUT: "lut", lib.VX_TYPE_DISTRIBUTION: "distribution", lib.VX_TYPE_THRESHOLD: "threshold",
    lib.VX_TYPE_CONVOLUTION: "convolution", lib.VX_TYPE_REMAP: "remap", lib.VX_TYPE_OBJECT_ARRAY: "object array",
}


def _quote(text):
    return '"%s"' % str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _describe(obj):
    """A short label of a data object: its type, format and size."""
    try:
        t = int(obj.type)
        if t == lib.VX_TYPE_IMAGE:
            return "%s %dx%d" % (obj.format.name if hasattr(obj.format, "name") else obj.format,
                                 obj.width, obj.height)
        if t == lib.VX_TYPE_PYRAMID:
            return "pyramid %d levels %s %dx%d" % (obj.levels, getattr(obj.format, "name", obj.format),
                                                   obj.width, obj.height)
        if t == lib.VX_TYPE_TENSOR:
            return "tensor %s %s" % ("x".join(str(d) for d in obj.dims), getattr(obj.data_type, "name", ""))
        if t == lib.VX_TYPE_SCALAR:
            return "scalar %s" % getattr(obj.data_type, "name", obj.data_type)
        if t == lib.VX_TYPE_ARRAY:
            return "array %s[%d]" % (getattr(obj.item_type, "name", obj.item_type), obj.capacity)
        return _SHORT_TYPE.get(t, "reference")
    except (VXError, AttributeError, TypeError, ValueError):
        return "object"


def graph_to_dot(graph):
    from ._graph import node_params
    from ._context import _key
    if not graph.is_verified:
        graph.verify()
    lines = ["digraph openvx {", "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=10];',
             '  edge [fontname="Helvetica", fontsize=9];']
    objects = {}       # key -> (dot id, label, virtual)
    edges = []
    for i, (key, h, name) in enumerate(graph._node_list):
        nid = "n%d" % i
        perf = ffi.new("vx_perf_t *")
        label = name
        if lib.vxQueryNode(h, lib.VX_NODE_PERFORMANCE, perf, ffi.sizeof("vx_perf_t")) == lib.VX_SUCCESS \
                and perf.num > 0:
            label += "\n%.3f ms avg (%d runs)" % (perf.avg / 1e6, perf.num)
        lines.append("  %s [shape=box, style=rounded, label=%s];" % (nid, _quote(label)))
        for d, obj in node_params(graph, h, "to_dot"):
            if obj is None:
                continue
            okey = _key(obj.handle)
            if okey not in objects:
                virtual = okey in graph._virtual_keys
                objects[okey] = ("o%d" % len(objects), _describe(obj), virtual)
            oid, olabel, _ = objects[okey]
            if d == lib.VX_INPUT:
                edges.append((oid, nid, olabel))
            elif d == lib.VX_OUTPUT:
                edges.append((nid, oid, olabel))
            else:
                edges.append((oid, nid, olabel))
                edges.append((nid, oid, olabel))
            obj.close()
    for oid, label, virtual in objects.values():
        style = ', style=dashed, label=%s' % _quote("virtual\n" + label) if virtual else \
            ", label=%s" % _quote(label)
        lines.append("  %s [shape=ellipse%s];" % (oid, style))
    for a, b, label in edges:
        lines.append("  %s -> %s [label=%s];" % (a, b, _quote(label)))
    lines.append("}")
    return "\n".join(lines) + "\n"


def render_svg(dot_text):
    """SVG text of ``dot_text`` by Graphviz's ``dot``; None when it is not installed."""
    exe = shutil.which("dot")
    if exe is None:
        return None
    r = subprocess.run([exe, "-Tsvg"], input=dot_text, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        return None
    return r.stdout
