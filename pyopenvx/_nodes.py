"""The node methods of :class:`pyopenvx.Graph`, made from the kernel table.

Each kernel of ``_kernel_table.KERNELS`` becomes a real method of ``Graph``
(``g.add(a, b, out, policy="saturate")``): its signature is the table's
Python parameters, the required ones first (in C order) and then those with a
default (in C order); keywords work for all of them.  Arguments are converted
as the C function wants them:

* objects: pyopenvx objects (type-checked), None for NULL;
* ``vx_enum`` values: an :mod:`IntEnum <pyopenvx._enums>` member, an int or a
  name (``"saturate"``, ``"bilinear"``, ``"l2"``);
* atomic numbers (``vx_int32``, ``vx_float32``, ``vx_bool``...): Python numbers;
* ``vx_scalar`` parameters: a :class:`pyopenvx.Scalar`, or a Python number
  made into a scalar of the table's ``VX_TYPE_*`` (kept alive by the graph);
* C structs (``vx_hog_t``, ``vx_nn_convolution_params_t``...): their fields as
  keywords (``pad=(1, 1)`` fills ``padding_x`` and ``padding_y``);
* Canny's hysteresis threshold: ``low`` and ``high`` numbers (or ``low`` a
  :class:`pyopenvx.Threshold` and ``high`` None).

The node's bound objects stay alive as long as the graph.
"""

import inspect
import keyword
import textwrap

import numpy as np

from ._ffi import ffi, lib
from ._kernel_table import KERNELS, python_params, ordered
from . import _enums

__all__ = ["NODE_METHODS", "install", "format_doc"]

#: Python name -> kernel declaration, for every node method
NODE_METHODS = {k["name"]: k for k in KERNELS}

_OBJ_CTYPES = {
    "image": "vx_image", "scalar": "vx_scalar", "array": "vx_array", "tensor": "vx_tensor",
    "matrix": "vx_matrix", "threshold": "vx_threshold", "lut": "vx_lut", "distribution": "vx_distribution",
    "convolution": "vx_convolution", "remap": "vx_remap", "pyramid": "vx_pyramid", "reference": "vx_reference",
}

_FLOAT_CTYPES = ("vx_float32", "vx_float64")


def _py_default(p):
    return p.get("default", inspect.Parameter.empty)


def bind_plain(names, known, positional, defaults, args, kwargs):
    """The arguments of a call by name, as ``inspect.Signature.bind`` and
    ``apply_defaults`` give them, for the plain calls: at most ``positional``
    positional arguments (the first names), keywords among ``names`` not
    given positionally (``known``: the names as a set), every name given
    or in ``defaults``.  None for anything else, which the caller then binds
    with inspect (and its exact error).  A tenth of inspect's cost, paid on
    every node made and every array-function call."""
    if len(args) > positional:
        return None
    v = dict(zip(names, args))
    for key, val in kwargs.items():
        if key in v or key not in known:
            return None
        v[key] = val
    if len(v) < len(names):
        for n in names:
            if n not in v:
                if n not in defaults:
                    return None
                v[n] = defaults[n]
    return v


def _binding(params):
    """(names, the names as a set, defaults) of bind_plain for ``params``."""
    names = tuple(p["name"] for p in params)
    defaults = {p["name"]: _py_default(p) for p in params if _py_default(p) is not inspect.Parameter.empty}
    return names, frozenset(names), defaults


def _describe(p):
    """One line about parameter ``p`` for a docstring."""
    if p["type"] == "atomic":
        what = p["ctype"]
        if p.get("enum"):
            cls = _enums.FAMILIES.get(p["enum"])
            what = "%s (%s)" % (cls.__name__ if cls else p["enum"], ", ".join(
                repr(n) for n in _enums.names(p["enum"])[:8]) + (", ..." if len(_enums.names(p["enum"])) > 8 else ""))
        if isinstance(p.get("field" if "field" in p else "c"), tuple):
            what += " pair"
    elif p["type"] == "scalar":
        what = "scalar"
        if p.get("vx_type"):
            what += " %s" % p["vx_type"][len("VX_TYPE_"):].lower()
    else:
        what = p["type"]
        if p.get("formats"):
            what += " " + "/".join(p["formats"])
    direction = {"in": "", "out": "output ", "bidirectional": "in/out "}[p["dir"]]
    line = "%s: %s%s" % (p["name"], direction, what)
    if "default" in p:
        line += " = %r" % (p["default"],)
    if p.get("optional"):
        line += " (optional)"
    return line


def format_doc(k, form):
    """The docstring of kernel ``k``'s graph method (``form="graph"``) or array function (``"array"``)."""
    params = ordered(python_params(k))
    if form == "graph":
        head = "Add a ``%s`` node (%s); returns a :class:`pyopenvx.Node`." % (k["node"], k["enum"])
        shown = params
    else:
        via = ("``%s``, the immediate form of ``%s``" % (k["vxu"], k["node"])) if k["vxu"] else \
            ("a one-node graph of ``%s``" % k["node"])
        head = "Immediate mode on ndarrays: does what %s does; returns the output(s) as ndarrays." % via
        shown = [p for p in params if p["dir"] != "out"]
    lines = [head, "", textwrap.fill(k["doc"], 96, break_on_hyphens=False, break_long_words=False), "", "Parameters:"]
    lines += ["    " + _describe(p) for p in shown]
    if form == "graph":
        lines += ["", "Array form: ``pyopenvx.%s``." % k["name"]]
    else:
        lines += ["", "Graph form: ``Graph.%s``." % k["name"]]
    return "\n".join(lines)


def _object_arg(value, ctype, k, p):
    from ._reference import Reference
    if value is None:
        return ffi.NULL
    if isinstance(value, Reference):
        if ctype != "vx_reference" and value._vx_type not in (ctype, "vx_reference"):
            raise TypeError("%s: %s must be a %s, got %s" % (k["name"], p["name"], ctype, type(value).__name__))
        return ffi.cast(ctype, value.handle)
    if isinstance(value, ffi.CData):
        return ffi.cast(ctype, value)
    raise TypeError("%s: %s must be a pyopenvx %s object or None, got %s"
                    % (k["name"], p["name"], p["type"], type(value).__name__))


def _atomic(value, p, k):
    what = "%s: %s" % (k["name"], p["name"])
    if p.get("enum"):
        return _enums.coerce(value, p["enum"], what)
    if p["ctype"] == "vx_bool":
        if isinstance(value, (bool, int, np.bool_, np.integer)) and int(value) in (0, 1):
            return lib.vx_true_e if value else lib.vx_false_e
        raise TypeError("%s: a bool, got %r" % (what, value))
    if p["ctype"] in _FLOAT_CTYPES:
        try:
            return float(value)
        except (TypeError, ValueError):
            raise TypeError("%s: a number, got %r" % (what, value)) from None
    if isinstance(value, bool) or isinstance(value, float):
        raise TypeError("%s: an integer (%s), got %r" % (what, p["ctype"], value))
    try:
        v = int(value)
    except (TypeError, ValueError):
        raise TypeError("%s: an integer (%s), got %r" % (what, p["ctype"], value)) from None
    if p["ctype"] in ("vx_size", "vx_uint32", "vx_uint8") and v < 0:
        raise ValueError("%s: must not be negative, got %d" % (what, v))
    return v


def _pair(value, p, k):
    if isinstance(value, (list, tuple)):
        if len(value) != 2:
            raise ValueError("%s: %s is a pair (x, y), got %r" % (k["name"], p["name"], value))
        return [_atomic(v, p, k) for v in value]
    v = _atomic(value, p, k)
    return [v, v]


def _scalar_arg(graph, value, p, k, made):
    from ._reference import Reference
    from ._objects_basic import Scalar
    if value is None or isinstance(value, (Reference, ffi.CData)):
        return _object_arg(value, "vx_scalar", k, p)
    if p["dir"] != "in":
        raise TypeError("%s: %s is an output: give a pyopenvx Scalar (or None), got %r"
                        % (k["name"], p["name"], value))
    vx_type = getattr(lib, p["vx_type"]) if p.get("vx_type") else None
    if vx_type is None:
        from ._vision_control import _scalar_type
        vx_type = _scalar_type(value, "%s: %s" % (k["name"], p["name"]))
    if p.get("enum"):
        value = _enums.coerce(value, p["enum"], "%s: %s" % (k["name"], p["name"]))
    s = Scalar(graph.context, vx_type, value)
    made.append(s)
    return ffi.cast("vx_scalar", s.handle)


def _threshold_arg(graph, values, p, k, made):
    """Canny's hysteresis: (low, high) numbers, or low a Threshold and high None."""
    from ._reference import Reference
    from ._objects_basic import Threshold
    low, high = values
    if high is None and (low is None or isinstance(low, (Reference, ffi.CData))):
        return _object_arg(low, "vx_threshold", k, p), low
    if low is None or high is None:
        raise TypeError("%s: give low and high (numbers), or low=<Threshold> alone" % k["name"])
    lo = _atomic(low, p["fields"][0], k)
    hi = _atomic(high, p["fields"][1], k)
    if lo > hi:
        raise ValueError("%s: low %d > high %d" % (k["name"], lo, hi))
    t = Threshold(graph.context, lib.VX_THRESHOLD_TYPE_RANGE, lib.VX_DF_IMAGE_S16, lib.VX_DF_IMAGE_U8)
    t.range = (lo, hi)
    made.append(t)
    return ffi.cast("vx_threshold", t.handle), t


def _struct_arg(values, p, k):
    init = {}
    for f in p["fields"]:
        v = values[f["name"]]
        if isinstance(f["field"], tuple):
            for name, x in zip(f["field"], _pair(v, f, k)):
                init[name] = x
        else:
            init[f["field"]] = _atomic(v, f, k)
    return ffi.new(p["struct"] + " *", init)


def _convert(graph, k, values):
    """C arguments (after the graph) from the Python values; [(C index, object to hold)]."""
    cargs, hold, made = [], [], []
    for p in k["params"]:
        if "struct" in p:
            cargs.append(_struct_arg(values, p, k))
            if p["size_c"]:
                cargs.append(ffi.sizeof(p["struct"]))
            continue
        if "fields" in p:
            h, obj = _threshold_arg(graph, [values[f["name"]] for f in p["fields"]], p, k, made)
            hold.append((len(cargs), obj))
            cargs.append(h)
            continue
        v = values[p["name"]]
        if p["type"] == "atomic":
            if isinstance(p["c"], tuple):
                cargs.extend(_pair(v, p, k))
            else:
                cargs.append(_atomic(v, p, k))
        elif p["type"] == "scalar":
            before = len(made)
            h = _scalar_arg(graph, v, p, k, made)
            hold.append((len(cargs), made[-1] if len(made) > before else v))
            cargs.append(h)
        else:
            hold.append((len(cargs), v))
            cargs.append(_object_arg(v, _OBJ_CTYPES[p["type"]], k, p))
    return cargs, hold


class _ContextOnly:
    """What _convert needs of a graph (its context, for the scalars and
    thresholds it makes) when the arguments go to a ``vxu*`` function."""

    __slots__ = ("context",)

    def __init__(self, context):
        self.context = context


def immediate_caller(k):
    """For kernel-table entry ``k``: a function running its ``vxu*`` function
    on the values its graph method takes (by name, images as pyopenvx
    objects), ``call(ctx, values) -> objects made`` (scalars and thresholds,
    for the caller to close after the call), or None where the ``vxu*``
    function's parameters are not the node function's with the context in
    place of the graph (then a one-node graph must run)."""
    if not k.get("vxu") or not hasattr(lib, k["vxu"]):
        return None
    node, vxu = ffi.typeof(getattr(lib, k["node"])), ffi.typeof(getattr(lib, k["vxu"]))
    if ([t.cname for t in node.args[1:]] != [t.cname for t in vxu.args[1:]]
            or vxu.args[0] != ffi.typeof("vx_context")):
        return None
    names, known, defaults = _binding(ordered(python_params(k)))
    fn = getattr(lib, k["vxu"])

    def call(ctx, values):
        bound = bind_plain(names, known, 0, defaults, (), values)
        if bound is None:  # (the array function gives every name: a table error)
            raise TypeError("%s: cannot bind %s" % (k["vxu"], sorted(values)))
        given = {id(v) for v in values.values()}
        cargs, hold = _convert(_ContextOnly(ctx), k, bound)
        made = [obj for _, obj in hold if obj is not None and id(obj) not in given]
        try:
            ctx._call(fn, ctx.handle, *cargs)
        except BaseException:
            for obj in made:
                obj.close()
            raise
        return made

    return call


def _make_method(k):
    from ._graph import Node
    params = ordered(python_params(k))
    sig = inspect.Signature(
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        + [inspect.Parameter(p["name"], inspect.Parameter.POSITIONAL_OR_KEYWORD, default=_py_default(p))
           for p in params])
    cfunc_name = k["node"]
    names, known, defaults = _binding(params)

    def method(self, *args, **kwargs):
        values = bind_plain(names, known, len(names), defaults, args, kwargs)
        if values is None:
            try:
                bound = sig.bind(self, *args, **kwargs)
            except TypeError as e:
                raise TypeError("%s%s: %s" % (k["name"], str(sig).replace("(self, ", "("), e)) from None
            bound.apply_defaults()
            values = bound.arguments
        cargs, hold = _convert(self, k, values)
        mark = self.context._log_mark()
        h = getattr(lib, cfunc_name)(self.handle, *cargs)
        node = Node._from_handle(h, self, cfunc_name, mark)
        # The graph keeps what its nodes are bound to (and the host buffers behind
        # them) alive, whether or not the application keeps the Node.
        for i, obj in hold:
            if obj is not None and not isinstance(obj, ffi.CData):
                self._hold(h, i, obj)
        node._kernel_name = k["name"]
        self._node_list.append((int(ffi.cast("uintptr_t", h)), h, k["name"]))
        return node

    method.__name__ = k["name"]
    method.__qualname__ = "Graph." + k["name"]
    method.__signature__ = sig
    method.__doc__ = format_doc(k, "graph")
    method.__module__ = "pyopenvx"
    return method


def install(cls):
    """Put one node method per kernel on ``cls`` (the Graph class)."""
    for name, k in NODE_METHODS.items():
        assert not keyword.iskeyword(name), name
        setattr(cls, name, _make_method(k))
