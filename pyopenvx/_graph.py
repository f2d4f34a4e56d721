"""Graphs, nodes, meta formats and user kernels written in Python.

::

    import numpy as np, pyopenvx as vx
    with vx.Context() as ctx:
        def plus_one(node, params):
            src, dst = params
            with src.map() as a, dst.map(usage=vx.WRITE_ONLY) as b:
                b[...] = a + 1
        k = ctx.user_kernel("com.example.plus_one",
                            [(vx.INPUT, vx.TYPE_IMAGE), (vx.OUTPUT, vx.TYPE_IMAGE)],
                            run=plus_one, validate=0)      # output 1 like input 0
        g = ctx.graph()
        src = ctx.image_from_numpy(np.zeros((4, 8), np.uint8))
        tmp = ctx.image(8, 4, vx.DF_IMAGE_U8)   # g.virtual_image() between C kernels
        dst = ctx.image(8, 4, vx.DF_IMAGE_U8)
        g.node(k, src, tmp); g.node(k, tmp, dst)
        g.process()                                        # verifies on first run
        assert (dst.to_numpy() == 2).all()

Besides :meth:`Graph.node` (any kernel), a graph has one node method per
kernel of the kernel table (``pyopenvx/_kernel_table.py``), with the same name
and keywords as the array function (``g.add(a, b, out, policy="saturate")``,
``g.channel_extract(img, "r", out)``, ``g.canny(img, 80, 100, out)``):
the parameters without a default come first, in C order, then those with one;
pyopenvx objects go as their handles, ``None`` as NULL, names and Python numbers
where the C API wants enums and scalars (see :mod:`pyopenvx._nodes`); a
:class:`Node` comes back.

Every failing call raises the :class:`pyopenvx.VXError` subclass of its status
carrying what the library logged (verification errors name the node and the
parameter).  An exception raised inside a Python callback (a kernel's run or
validate function, a node callback) never crosses into C: it becomes
``VX_FAILURE`` (a node callback: ``VX_ACTION_ABANDON``) plus a log entry with
the traceback.
"""

import contextlib
import dataclasses
import re
import traceback
import weakref

from ._ffi import ffi, lib
from ._errors import error_for, VXError
from ._reference import Reference
from ._context import Border, Kernel, _key
from . import _enums
from ._image import Image
from ._objects_nd import wrap_lent, _fix_basic

__all__ = ["Graph", "Node", "Performance", "MetaFormat", "UserKernel", "NODE_FUNCTIONS"]


# ---------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Performance:
    """A ``vx_perf_t``, times in nanoseconds (``*_ns``) and, as properties, in
    milliseconds (``*_ms``): ``num`` runs; the last one from ``beg_ns`` to
    ``end_ns`` took ``last_ns``; ``sum``/``avg``/``min``/``max`` over all runs."""

    last_ns: int = 0
    beg_ns: int = 0
    end_ns: int = 0
    sum_ns: int = 0
    avg_ns: int = 0
    min_ns: int = 0
    num: int = 0
    max_ns: int = 0

    @classmethod
    def from_c(cls, p):
        return cls(int(p.tmp), int(p.beg), int(p.end), int(p.sum), int(p.avg), int(p.min), int(p.num), int(p.max))

    @property
    def last_ms(self):
        return self.last_ns / 1e6

    @property
    def avg_ms(self):
        return self.avg_ns / 1e6

    @property
    def min_ms(self):
        return self.min_ns / 1e6

    @property
    def max_ms(self):
        return self.max_ns / 1e6

    @property
    def sum_ms(self):
        return self.sum_ns / 1e6

    def __str__(self):
        return "%d runs, avg %.3f ms, min %.3f ms, max %.3f ms, last %.3f ms" % (
            self.num, self.avg_ms, self.min_ms, self.max_ms, self.last_ms)


def _status_of(result):
    """A Python callback's return value -> vx_status."""
    if result is None or result is True:
        return lib.VX_SUCCESS
    if result is False:
        return lib.VX_FAILURE
    return int(result)


def _log_exception(ref, what):
    """Put the current exception in the log of ``ref``'s context (never raises)."""
    try:
        text = "%s raised %s" % (what, "".join(traceback.format_exc()).rstrip())
        lib.vxAddLogEntry(ffi.cast("vx_reference", ref), lib.VX_FAILURE, b"%s",
                          ffi.new("char[]", text.encode("utf-8", "replace")))
    except Exception:  # pragma: no cover
        pass


_TYPE_IMAGE = lib.VX_TYPE_IMAGE


def _lend(node, refs, num, context):
    """The node and parameters a kernel callback is given, as wrappers that
    take no count (Reference._lent_wrapper: the node holds its parameters
    while the callback runs), read in one C call (_pyopenvx_lend: each
    reference's type and an image's format and size, with the GIL released
    once rather than about five times a parameter); images get their
    geometry fixed while the callback runs.  _settle gives the ones still
    referenced after the callback a count of their own."""
    n = int(num)
    out = ffi.new("vx_int32[]", 4 * n or 4)
    if lib._pyopenvx_lend(node, refs, n, out) < 0:  # not a valid node: as before (raises)
        return Node._borrowed(node, context), [_borrow(refs[i], context) for i in range(n)]
    vals = ffi.unpack(out, 4 * n)  # (type, format, width, height) a parameter
    pnode = Node._lent_wrapper(node, context)
    objs = [None] * n
    for i in range(n):
        t = vals[4 * i]
        if t == _TYPE_IMAGE:
            o = objs[i] = Image._lent_wrapper(refs[i], context)
            if vals[4 * i + 1]:
                o._fix_geometry(*vals[4 * i + 1:4 * i + 4])
            else:  # (not read: queried on first use)
                o._geom_fixed = True
        elif t > 0:
            o = objs[i] = wrap_lent(refs[i], t, context)
            _fix_basic(o)
        elif t < 0:  # not a valid reference: the error _borrow gives it
            objs[i] = _borrow(refs[i], context)
    return pnode, objs


def _settle(lent):
    """After a callback: each lent wrapper (weak references to them) still
    alive -- kept by the callback somewhere -- takes a count of its own; an
    image's geometry is read again from then on."""
    for w in lent:
        o = w()
        if o is not None:
            o._keep_lent()
            if isinstance(o, Image):
                o._geom_fixed, o._geom = False, None


def _borrow(handle, parent):
    """Wrap a reference the library lends to a callback (we take our own count)."""
    from ._objects_nd import wrap_reference
    if handle == ffi.NULL:
        return None
    r = ffi.cast("vx_reference", handle)
    lib.vxRetainReference(r)
    return wrap_reference(r, parent, "a callback parameter")


def _unwrap_ref(obj, what="parameter"):
    if obj is None:
        return ffi.NULL
    if isinstance(obj, Reference):
        return obj.ref
    if isinstance(obj, ffi.CData):
        return ffi.cast("vx_reference", obj)
    raise TypeError("%s: expected a pyopenvx object or None, got %s" % (what, type(obj).__name__))


# ---------------------------------------------------------------------------
class MetaFormat:
    """A ``vx_meta_format`` handed to a validator for one output parameter.

    It belongs to the library and lives only during the validator call.
    """

    def __init__(self, handle, context, index):
        self.handle = handle
        self.context = context
        self.index = index

    def _call(self, fn, *args):
        mark = self.context._log_mark()
        s = fn(*args)
        if s < 0:
            text = self.context._log_sink.since(mark)
            raise error_for(s, text or "%s failed" % fn.__name__)

    def set_attribute(self, attribute, value, ctype):
        """``vxSetMetaFormatAttribute`` with ``value`` of C type ``ctype``."""
        p = ffi.new(ctype + " *", value)
        self._call(lib.vxSetMetaFormatAttribute, self.handle, int(attribute), p, ffi.sizeof(ctype))

    def like(self, obj):
        """``vxSetMetaFormatFromReference``: the output is described as ``obj``."""
        self._call(lib.vxSetMetaFormatFromReference, self.handle, _unwrap_ref(obj))

    def set_image(self, width=None, height=None, format=None):  # noqa: A002
        """Image output: any of width, height, format (``VX_DF_IMAGE_*``)."""
        if width is not None:
            self.set_attribute(lib.VX_IMAGE_WIDTH, int(width), "vx_uint32")
        if height is not None:
            self.set_attribute(lib.VX_IMAGE_HEIGHT, int(height), "vx_uint32")
        if format is not None:
            self.set_attribute(lib.VX_IMAGE_FORMAT, int(format), "vx_df_image")

    def set_array(self, item_type=None, capacity=None):
        if item_type is not None:
            self.set_attribute(lib.VX_ARRAY_ITEMTYPE, int(item_type), "vx_enum")
        if capacity is not None:
            self.set_attribute(lib.VX_ARRAY_CAPACITY, int(capacity), "vx_size")

    def set_scalar(self, data_type):
        self.set_attribute(lib.VX_SCALAR_TYPE, int(data_type), "vx_enum")

    def __repr__(self):
        return "<MetaFormat of parameter %d>" % self.index


# ---------------------------------------------------------------------------
class UserKernel(Kernel):
    """A kernel whose run (and validate) functions are Python callables; made
    by :meth:`pyopenvx.Context.user_kernel`.  Its callbacks live as long as the
    context."""

    def __init__(self, context, name, params, run, validate=None, enum=None, pipeup_output_depth=1,
                 pipeup_input_depth=1):
        params = [tuple(p) for p in params]
        for p in params:
            if len(p) not in (2, 3):
                raise ValueError("each parameter is (direction, type) or (direction, type, state), got %r" % (p,))
        if not callable(run):
            raise TypeError("run must be callable: run(node, params)")
        n = len(params)
        directions = [int(p[0]) for p in params]
        self._py_params = params
        kname = name
        ctx_ref = weakref.ref(context)

        def _ctx():
            return ctx_ref()

        from ._image import Image

        @ffi.callback("vx_status(vx_node, const vx_reference *, vx_uint32)", error=lib.VX_FAILURE)
        def c_run(node, refs, num):
            try:
                c = _ctx()
                pnode, objs = _lend(node, refs, num, c)
                lent = [weakref.ref(o) for o in objs if o is not None and o._lent]
                if pnode._lent:
                    lent.append(weakref.ref(pnode))
                try:
                    return _status_of(run(pnode, objs))
                finally:  # (an exception's traceback keeps them: they take a count then)
                    del pnode, objs
                    _settle(lent)
            except BaseException:
                _log_exception(node, "user kernel %s: run" % kname)
                return lib.VX_FAILURE

        if validate is None:
            def validate(node, objs, metas):  # noqa: F811 - each output as the object given
                for m, o in zip(metas, objs):
                    if m is not None and o is not None:
                        m.like(o)
        elif isinstance(validate, int) and not isinstance(validate, bool):
            src_index = validate
            if not 0 <= src_index < n or directions[src_index] == lib.VX_OUTPUT:
                raise ValueError("validate=%d: not an input parameter index" % src_index)

            def validate(node, objs, metas):  # noqa: F811 - outputs like input k
                for m in metas:
                    if m is not None:
                        m.like(objs[src_index])
        elif isinstance(validate, dict):
            mapping = {int(k): int(v) for k, v in validate.items()}

            def validate(node, objs, metas, mapping=mapping):  # noqa: F811
                for o, i in mapping.items():
                    metas[o].like(objs[i])
        elif not callable(validate):
            raise TypeError("validate: a callable validate(node, params, metas), an input index or "
                            "a dict {output index: input index}")
        user_validate = validate

        @ffi.callback("vx_status(vx_node, const vx_reference *, vx_uint32, vx_meta_format *)",
                      error=lib.VX_FAILURE)
        def c_validate(node, refs, num, metas):
            try:
                c = _ctx()
                pnode = Node._borrowed(node, c)
                objs = [_borrow(refs[i], c) for i in range(num)]
                ms = [MetaFormat(metas[i], c, i) if metas[i] != ffi.NULL else None for i in range(num)]
                return _status_of(user_validate(pnode, objs, ms))
            except BaseException:
                _log_exception(node, "user kernel %s: validate" % kname)
                return lib.VX_FAILURE

        mark = context._log_mark()
        if enum is None:
            pid = ffi.new("vx_enum *")
            context._call(lib.vxAllocateUserKernelId, context.handle, pid)
            enum = pid[0]
        h = lib.vxAddUserKernel(context.handle, name.encode("utf-8"), int(enum), c_run, n, c_validate,
                                ffi.NULL, ffi.NULL)
        self._adopt(h, context, "vxAddUserKernel(%r)" % name, mark=mark)
        # The C kernel lives in the context's registry: so do its callbacks.
        keep = context.__dict__.setdefault("_keepalive", [])
        keep.extend([c_run, c_validate, run, user_validate])
        for i, p in enumerate(params):
            state = int(p[2]) if len(p) == 3 else lib.VX_PARAMETER_STATE_REQUIRED
            self._call(lib.vxAddParameterToKernel, self.handle, i, int(p[0]), int(p[1]), state)
        for attr, depth in ((lib.VX_KERNEL_PIPEUP_OUTPUT_DEPTH, pipeup_output_depth),
                            (lib.VX_KERNEL_PIPEUP_INPUT_DEPTH, pipeup_input_depth)):
            if depth != 1:
                d = ffi.new("vx_uint32 *", int(depth))
                self._call(lib.vxSetKernelAttribute, self.handle, attr, d, ffi.sizeof("vx_uint32"))
        self._call(lib.vxFinalizeKernel, self.handle)


# ---------------------------------------------------------------------------
class Node(Reference):
    """A ``vx_node`` of a :class:`Graph`."""

    _vx_type = "vx_node"
    _vx_release = "vxReleaseNode"
    _callback = None
    _graph = None

    @classmethod
    def _from_handle(cls, handle, graph, what, mark):
        self = cls.__new__(cls)
        self._adopt(handle, graph, what, mark=mark)
        self._graph = graph
        return self

    @classmethod
    def _borrowed(cls, handle, context):
        """A wrapper of a node the library lends to a callback."""
        self = cls.__new__(cls)
        lib.vxRetainReference(ffi.cast("vx_reference", handle))
        self._adopt(handle, context, "a callback's node")
        return self

    @property
    def graph(self):
        """The :class:`Graph` (None for the node handed to a kernel callback)."""
        return self._graph

    def _q(self, attr, ctype):
        return self._query(lib.vxQueryNode, attr, ctype)

    @property
    def status(self):
        """``VX_NODE_STATUS`` of the last run, as a :class:`pyopenvx.Status`."""
        return _enums.as_enum(self._q(lib.VX_NODE_STATUS, "vx_status"), "status")

    @property
    def state(self):
        """``VX_NODE_STATE`` as a :class:`pyopenvx.NodeState`."""
        return _enums.as_enum(self._q(lib.VX_NODE_STATE, "vx_enum"), "node_state")

    @property
    def performance(self):
        p = ffi.new("vx_perf_t *")
        self._call(lib.vxQueryNode, self.handle, lib.VX_NODE_PERFORMANCE, p, ffi.sizeof("vx_perf_t"))
        return Performance.from_c(p)

    @property
    def parameters(self):
        """``VX_NODE_PARAMETERS``: the number of parameters."""
        return self._q(lib.VX_NODE_PARAMETERS, "vx_uint32")

    def register_event(self, type, app_value=0):  # noqa: A002
        """``vxRegisterEvent`` on this node: ``"node_completed"`` or
        ``"node_error"`` (names or :class:`pyopenvx.EventType`) events carry
        ``app_value`` (see :meth:`pyopenvx.Context.events`)."""
        self._call(lib.vxRegisterEvent, ffi.cast("vx_reference", self.handle),
                   _enums.coerce(type, "event_type", "type"), 0, int(app_value))

    @property
    def is_replicated(self):
        return bool(self._q(lib.VX_NODE_IS_REPLICATED, "vx_bool"))

    @property
    def variant(self):
        """``VX_NODE_OVX_VARIANT``: the compute variant chosen when the graph was
        verified (``"scalar"``, ``"sse4"``, ``"avx2"`` or ``"avx512"``), at most
        the context's :attr:`pyopenvx.Context.simd_level`."""
        buf = ffi.new("vx_char[]", lib.VX_OVX_MAX_STRING)
        self._call(lib.vxQueryNode, self.handle, lib.VX_NODE_OVX_VARIANT, buf, lib.VX_OVX_MAX_STRING)
        return ffi.string(buf).decode()

    @property
    def border(self):
        """``VX_NODE_BORDER`` as a :class:`pyopenvx.Border`; set it with a Border,
        a ``VX_BORDER_*`` mode or a ``(mode, constant_value)`` tuple."""
        b = ffi.new("vx_border_t *")
        self._call(lib.vxQueryNode, self.handle, lib.VX_NODE_BORDER, b, ffi.sizeof("vx_border_t"))
        return Border.from_c(b)

    @border.setter
    def border(self, value):
        border = Border.coerce(value)
        first = self.get_parameter(0)  # the input whose pixels the border extends
        fmt = getattr(first, "format", None) if first is not None else None
        if isinstance(fmt, int) and fmt != lib.VX_DF_IMAGE_VIRT:
            border.check_fits(fmt)
        b = border.to_c()
        self._call(lib.vxSetNodeAttribute, self.handle, lib.VX_NODE_BORDER, b, ffi.sizeof("vx_border_t"))

    def set_parameter(self, index, obj):
        """``vxSetParameterByIndex``.  The graph keeps ``obj`` (and the host
        memory behind it) alive while the node is bound to it."""
        self._call(lib.vxSetParameterByIndex, self.handle, int(index), _unwrap_ref(obj))
        if self._graph is not None:
            self._graph._hold(self.handle, int(index), obj)

    def get_parameter(self, index):
        """The object bound to parameter ``index`` (None when unset)."""
        return _parameter_ref(self, lib.vxGetParameterByIndex(self.handle, int(index)),
                              "vxGetParameterByIndex(%d)" % int(index))

    def set_target(self, target, target_string=None):
        s = ffi.NULL if target_string is None else target_string.encode("utf-8")
        self._call(lib.vxSetNodeTarget, self.handle, int(target), s)

    @property
    def callback(self):
        """The Python function called after each run: ``fn(node)`` returns
        True/None/``VX_ACTION_CONTINUE`` to go on, False/``VX_ACTION_ABANDON``
        to abandon the graph.  Set None to remove it."""
        return self._callback[0] if self._callback else None

    @callback.setter
    def callback(self, fn):
        if fn is not None and not callable(fn):
            raise TypeError("a node callback is a callable fn(node) or None")
        # vxAssignNodeCallback refuses to replace one callback by another
        self._call(lib.vxAssignNodeCallback, self.handle, ffi.NULL)
        self._callback = None
        if fn is None:
            return
        me = weakref.ref(self)
        ctx = self.context

        @ffi.callback("vx_action(vx_node)", error=lib.VX_ACTION_ABANDON)
        def c_callback(node):
            try:
                n = me()
                if n is None:
                    n = Node._borrowed(node, ctx)
                r = fn(n)
                if r is None or r is True:
                    return lib.VX_ACTION_CONTINUE
                if r is False:
                    return lib.VX_ACTION_ABANDON
                return int(r)
            except BaseException:
                _log_exception(node, "node callback %r" % (fn,))
                return lib.VX_ACTION_ABANDON

        self._call(lib.vxAssignNodeCallback, self.handle, c_callback)
        self._callback = (fn, c_callback)
        if self._graph is not None:  # the C node may outlive this wrapper
            self._graph._keepalive[_key(self.handle)] = self._callback

    def replicate(self, flags):
        """``vxReplicateNode``: ``flags[i]`` true replicates parameter i over
        the object array / pyramid its object belongs to."""
        flags = list(flags)
        arr = ffi.new("vx_bool[]", [lib.vx_true_e if f else lib.vx_false_e for f in flags])
        g = self._graph
        if g is None:
            raise ValueError("replicate: this node wrapper has no graph")
        self._call(lib.vxReplicateNode, g.handle, self.handle, arr, len(flags))

    def remove(self):
        """``vxRemoveNode``: take the node out of its graph (releases this wrapper)."""
        h = self.handle
        p = ffi.new("vx_node *", h)
        self._call(lib.vxRemoveNode, p)
        # vxRemoveNode released our count: drop the destructor without calling it
        ffi.gc(h, None)
        self._handle = None
        if self._graph is not None:
            self._graph._keepalive.pop(_key(h), None)
            self._graph._held.pop(_key(h), None)
            self._graph._node_list = [e for e in self._graph._node_list if e[0] != _key(h)]


def _parameter_ref(owner, param, what):
    """The object of a vx_parameter (released here); None when unset."""
    from ._objects_nd import wrap_reference
    ctx = owner.context
    mark = ctx._log_mark()
    if param == ffi.NULL or lib.vxGetStatus(ffi.cast("vx_reference", param)) != lib.VX_SUCCESS:
        st = lib.vxGetStatus(ffi.cast("vx_reference", param)) if param != ffi.NULL else \
            lib.VX_ERROR_INVALID_REFERENCE
        raise error_for(st, "%s: %s" % (what, ctx._log_sink.since(mark) or "failed"))
    try:
        r = ffi.new("vx_reference *")
        s = lib.vxQueryParameter(param, lib.VX_PARAMETER_REF, r, ffi.sizeof("vx_reference"))
        if s < 0:
            raise error_for(s, "vxQueryParameter(VX_PARAMETER_REF): %s" % ctx._log_sink.since(mark))
    finally:
        pp = ffi.new("vx_parameter *", param)
        lib.vxReleaseParameter(pp)
    if r[0] == ffi.NULL:
        return None
    return wrap_reference(r[0], ctx, what, mark)


def node_params(graph, h, what):
    """``[(direction, object or None)]``: each parameter of the node of handle
    ``h`` in ``graph`` (its ``VX_PARAMETER_DIRECTION`` and the object bound
    there, wrapped as ``Graph.get_parameter`` wraps it)."""
    count = ffi.new("vx_uint32 *")
    lib.vxQueryNode(h, lib.VX_NODE_PARAMETERS, count, ffi.sizeof("vx_uint32"))
    wrapper = Node.__new__(Node)  # a borrowed view for the parameter queries
    lib.vxRetainReference(ffi.cast("vx_reference", h))
    wrapper._adopt(h, graph, what)
    out = []
    try:
        for idx in range(count[0]):
            p = lib.vxGetParameterByIndex(h, idx)
            d = ffi.new("vx_enum *")
            lib.vxQueryParameter(p, lib.VX_PARAMETER_DIRECTION, d, ffi.sizeof("vx_enum"))
            out.append((int(d[0]), _parameter_ref(wrapper, p, what)))  # (releases p)
    finally:
        wrapper.close()
    return out


# ---------------------------------------------------------------------------
def snake_case(name):
    """``"OpticalFlowPyrLK"`` -> ``"optical_flow_pyr_lk"``, ``"Box3x3"`` -> ``"box3x3"``."""
    s = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name)
    return s.lower()


def _node_functions():
    """method name -> (C name, cffi function type) of every node method (the kernel table's)."""
    from ._kernel_table import KERNELS
    return {k["name"]: (k["node"], ffi.typeof(getattr(lib, k["node"]))) for k in KERNELS}


# ---------------------------------------------------------------------------
class Graph(Reference):
    """A ``vx_graph`` (``vxCreateGraph``): ``ctx.graph()`` or ``Graph(ctx)``.

    Besides the graph's own methods (virtual objects, :meth:`verify`,
    :meth:`process`, :meth:`to_dot`...), it has one node method per kernel of the
    kernel table, with the array function's name and keywords: ``g.add(a, b,
    out, policy="saturate")``, ``g.gaussian3x3(src, dst)``, ``g.canny(img, 80,
    100, out, norm="l2")``, ``g.and_(a, b, out)``... (listed below, each with the
    spec's semantics)."""

    _vx_type = "vx_graph"
    _vx_release = "vxReleaseGraph"

    def __init__(self, context):
        self._keepalive = {}
        self._objects = []
        self._held = {}      # node key -> {parameter index: object it is bound to}
        self._gparams = {}   # graph parameter index -> object bound through it
        self._node_list = []  # [(node key, handle, kernel name)] in creation order, for to_dot
        self._virtual_keys = set()
        mark = context._log_mark()
        self._adopt(lib.vxCreateGraph(context.handle), context, "vxCreateGraph", mark=mark)

    # -- virtual objects ----------------------------------------------------------
    def _virtual(self, cls, fn, what, *args):
        mark = self.context._log_mark()
        h = fn(self.handle, *args)
        obj = cls.__new__(cls)
        obj._adopt(h, self, what, mark=mark)
        self._virtual_keys.add(_key(h))
        from ._objects_nd import _fix_basic
        try:
            _fix_basic(obj)
        except (VXError, KeyError, TypeError, ValueError):
            pass  # a virtual object whose type is found at verify
        return obj

    def virtual_image(self, width=0, height=0, format=lib.VX_DF_IMAGE_VIRT):  # noqa: A002
        """``vxCreateVirtualImage``: 0 / ``VX_DF_IMAGE_VIRT`` are found at verify."""
        from ._image import Image
        return self._virtual(Image, lib.vxCreateVirtualImage, "vxCreateVirtualImage",
                             int(width), int(height), int(format))

    def virtual_array(self, item_type=0, capacity=0):
        """``vxCreateVirtualArray`` (item type 0 / capacity 0: found at verify)."""
        from ._objects_basic import Array
        return self._virtual(Array, lib.vxCreateVirtualArray, "vxCreateVirtualArray", int(item_type), int(capacity))

    def virtual_scalar(self, data_type=0):
        """``vxCreateVirtualScalar``."""
        from ._objects_basic import Scalar
        return self._virtual(Scalar, lib.vxCreateVirtualScalar, "vxCreateVirtualScalar", int(data_type))

    def virtual_pyramid(self, levels, scale, width=0, height=0, format=lib.VX_DF_IMAGE_VIRT):  # noqa: A002
        """``vxCreateVirtualPyramid``."""
        from ._objects_nd import Pyramid
        return self._virtual(Pyramid, lib.vxCreateVirtualPyramid, "vxCreateVirtualPyramid",
                             int(levels), float(scale), int(width), int(height), int(format))

    def virtual_matrix(self, data_type, columns, rows):
        from ._objects_basic import Matrix
        return self._virtual(Matrix, lib.vxCreateVirtualMatrix, "vxCreateVirtualMatrix",
                             int(data_type), int(columns), int(rows))

    def virtual_lut(self, data_type=lib.VX_TYPE_UINT8, count=256):
        from ._objects_basic import LUT
        return self._virtual(LUT, lib.vxCreateVirtualLUT, "vxCreateVirtualLUT", int(data_type), int(count))

    def virtual_distribution(self, bins, offset, range):  # noqa: A002
        from ._objects_basic import Distribution
        return self._virtual(Distribution, lib.vxCreateVirtualDistribution, "vxCreateVirtualDistribution",
                             int(bins), int(offset), int(range))

    def virtual_tensor(self, dims, data_type, fixed_point_position=0):
        """``vxCreateVirtualTensor`` (``dims`` in OpenVX order)."""
        from ._objects_nd import Tensor, _vx_tensor_type
        dims = [int(d) for d in dims]
        t = data_type if isinstance(data_type, int) else _vx_tensor_type(data_type)
        return self._virtual(Tensor, lib.vxCreateVirtualTensor, "vxCreateVirtualTensor",
                             len(dims), ffi.new("vx_size[]", dims), int(t), int(fixed_point_position))

    def virtual_object_array(self, exemplar, count):
        from ._objects_nd import ObjectArray
        return self._virtual(ObjectArray, lib.vxCreateVirtualObjectArray, "vxCreateVirtualObjectArray",
                             exemplar.ref, int(count))

    # -- nodes ---------------------------------------------------------------------
    def node(self, kernel, *objs):
        """A node of ``kernel`` (a :class:`pyopenvx.Kernel`, or a kernel name or
        enum) with ``objs`` as its parameters 0, 1, ... (None leaves one unset)."""
        if not isinstance(kernel, Kernel):
            kernel = self.context.kernel(kernel)
        mark = self.context._log_mark()
        h = lib.vxCreateGenericNode(self.handle, kernel.handle)
        n = Node._from_handle(h, self, "vxCreateGenericNode(%s)" % kernel.name, mark)
        n._kernel = kernel
        self._node_list.append((_key(h), h, kernel.name))
        for i, o in enumerate(objs):
            if o is not None:
                n.set_parameter(i, o)
        n._args = objs
        return n

    # -- running ---------------------------------------------------------------------
    def verify(self):
        """``vxVerifyGraph``."""
        self._call(lib.vxVerifyGraph, self.handle)

    def process(self):
        """``vxProcessGraph`` (verifies first when needed)."""
        self._call(lib.vxProcessGraph, self.handle)

    def schedule(self):
        """``vxScheduleGraph``: run asynchronously; :meth:`wait` for the end."""
        self._call(lib.vxScheduleGraph, self.handle)

    def wait(self):
        """``vxWaitGraph``: raises the error of the run, if it failed."""
        self._call(lib.vxWaitGraph, self.handle)

    @property
    def is_verified(self):
        return bool(lib.vxIsGraphVerified(self.handle))

    def _q(self, attr, ctype):
        return self._query(lib.vxQueryGraph, attr, ctype)

    @property
    def num_nodes(self):
        return self._q(lib.VX_GRAPH_NUMNODES, "vx_uint32")

    @property
    def num_parameters(self):
        return self._q(lib.VX_GRAPH_NUMPARAMETERS, "vx_uint32")

    @property
    def state(self):
        """``VX_GRAPH_STATE`` as a :class:`pyopenvx.GraphState` (``UNVERIFIED`` ... ``COMPLETED``)."""
        return _enums.as_enum(self._q(lib.VX_GRAPH_STATE, "vx_enum"), "graph_state")

    @property
    def performance(self):
        p = ffi.new("vx_perf_t *")
        self._call(lib.vxQueryGraph, self.handle, lib.VX_GRAPH_PERFORMANCE, p, ffi.sizeof("vx_perf_t"))
        return Performance.from_c(p)

    # -- graph parameters --------------------------------------------------------------
    def add_parameter(self, node, index):
        """``vxAddParameterToGraph`` of parameter ``index`` of ``node``; returns
        the graph parameter's index."""
        index = self._add_parameter_of(node.handle, index)
        self._objects.append(node)
        return index

    def _add_parameter_of(self, node_handle, index):
        """add_parameter by the node's handle (a node of this graph)."""
        ctx = self.context
        mark = ctx._log_mark()
        p = lib.vxGetParameterByIndex(node_handle, int(index))
        if p == ffi.NULL or lib.vxGetStatus(ffi.cast("vx_reference", p)) != lib.VX_SUCCESS:
            st = lib.vxGetStatus(ffi.cast("vx_reference", p)) if p != ffi.NULL else lib.VX_ERROR_INVALID_REFERENCE
            raise error_for(st, "vxGetParameterByIndex(%d): %s" % (int(index), ctx._log_sink.since(mark)))
        try:
            self._call(lib.vxAddParameterToGraph, self.handle, p)
        finally:
            lib.vxReleaseParameter(ffi.new("vx_parameter *", p))
        return self.num_parameters - 1

    def set_parameter(self, index, obj):
        """``vxSetGraphParameterByIndex``.  The graph keeps the object bound now
        alive and lets go of the one it replaces (a loop over frames pins one
        frame per parameter, not every frame)."""
        self._call(lib.vxSetGraphParameterByIndex, self.handle, int(index), _unwrap_ref(obj))
        if obj is None:
            self._gparams.pop(int(index), None)
        else:
            self._gparams[int(index)] = obj

    def _hold(self, node_handle, index, obj):
        """Keep ``obj`` alive as what parameter ``index`` of the node is bound to."""
        held = self._held.setdefault(_key(node_handle), {})
        if obj is None:
            held.pop(index, None)
        else:
            held[index] = obj

    def get_parameter(self, index):
        """The object bound to graph parameter ``index`` (None when unset)."""
        return _parameter_ref(self, lib.vxGetGraphParameterByIndex(self.handle, int(index)),
                              "vxGetGraphParameterByIndex(%d)" % int(index))

    def stream(self, inputs, outputs, depth=2):
        """A :class:`pyopenvx.Stream`: the images ``inputs`` and ``outputs``
        as queues with ``depth`` buffers each (vx_khr_pipelining QUEUE_AUTO),
        up to ``depth`` frames in flight::

            with g.stream(inputs=[src], outputs=[dst], depth=3) as s:
                for result in s.map(frames):
                    ...

        Each entry is a graph parameter's index or an image (or tensor) of the
        graph: a graph parameter's object, or one a node reads (inputs) or
        writes (outputs), which becomes a graph parameter here (bound at the
        first such node parameter, in the order the nodes were made)."""
        from ._stream import Stream
        return Stream(self, inputs, outputs, depth)

    # -- events and streaming (vx_khr_pipelining) ------------------------------------
    def register_event(self, type, app_value=0, parameter=0):  # noqa: A002
        """``vxRegisterEvent`` on this graph: ``"graph_completed"``, or
        ``"graph_parameter_consumed"`` of graph parameter ``parameter`` (names
        or :class:`pyopenvx.EventType`), carrying ``app_value``."""
        self._call(lib.vxRegisterEvent, ffi.cast("vx_reference", self.handle),
                   _enums.coerce(type, "event_type", "type"), int(parameter), int(app_value))

    def enable_streaming(self, trigger=None):
        """``vxEnableGraphStreaming`` (``trigger``: a node of this graph, or None)."""
        self._call(lib.vxEnableGraphStreaming, self.handle, trigger.handle if trigger is not None else ffi.NULL)

    def start_streaming(self):
        """``vxStartGraphStreaming``: the graph runs again and again on a library
        thread until :meth:`stop_streaming` (or a failed run) ends it."""
        self._call(lib.vxStartGraphStreaming, self.handle)

    def stop_streaming(self):
        """``vxStopGraphStreaming``: stop at a frame boundary (waits for it)."""
        self._call(lib.vxStopGraphStreaming, self.handle)

    @contextlib.contextmanager
    def streaming(self, trigger=None):
        """Enable and start streaming for a ``with`` block; stop at its end::

            with g.streaming():
                source.finished.wait()
        """
        self.enable_streaming(trigger)
        self.start_streaming()
        try:
            yield self
        finally:
            self.stop_streaming()

    def register_auto_aging(self, delay):
        """``vxRegisterAutoAging``: ``delay`` ages after each successful run."""
        self._call(lib.vxRegisterAutoAging, self.handle, delay.handle if delay is not None else ffi.NULL)
        self._objects.append(delay)

    # -- seeing it -----------------------------------------------------------------------
    def to_dot(self):
        """The graph as Graphviz DOT text (verified first): one box per node with its
        kernel and, after a run, its average time; one ellipse per data object
        (dashed: virtual) with its format and size; edges from writers to objects to
        readers.  Nodes made by this wrapper's methods are shown."""
        from ._dot import graph_to_dot
        return graph_to_dot(self)

    def _repr_svg_(self):
        """SVG for Jupyter, when Graphviz's ``dot`` is installed (else None)."""
        from ._dot import render_svg
        return render_svg(self.to_dot())

    def __repr__(self):
        if self._handle is None:
            return "<Graph closed>"
        try:
            return "<Graph %d nodes%s>" % (self.num_nodes, ", verified" if self.is_verified else "")
        except VXError:
            return "<Graph>"


# One real method per kernel of the kernel table (g.add, g.gaussian3x3, g.and_, ...).
from ._nodes import install as _install  # noqa: E402
_install(Graph)
#: method name -> (C function name, cffi type) of the node methods of Graph
NODE_FUNCTIONS = _node_functions()
