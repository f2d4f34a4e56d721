"""export and import of objects and graphs (vx_khr_ix).

    blob = vx.export_objects(ctx, [graph, src, dst], "export_values")   # bytes
    with vx.Context() as ctx2:
        imp = vx.import_objects(ctx2, blob, 3, "export_values")
        graph2, src2, dst2 = imp.references        # wrapped objects
        out = imp["output"]                         # by name (vxSetReferenceName)
        graph2.process()

``uses`` is one use for every object or a list with one per object: a
``VX_IX_USE_*`` value or its short name ``"application_create"``,
``"export_values"``, ``"no_export_values"``.  For the import, ``objects`` is
the number of references or a list holding the application's objects
(``VX_IX_USE_APPLICATION_CREATE``) and ``None`` for those the import creates;
without ``uses`` the import takes ``application_create`` for given objects and
``export_values`` for the others.  The same functions are the Context methods
``ctx.export_objects(objects, uses)`` and ``ctx.import_objects(blob, objects, uses)``.
"""

from ._ffi import ffi, lib
from ._reference import Reference
from ._context import Context

__all__ = ["export_objects", "import_objects", "Import"]

_USES = {
    "application_create": lib.VX_IX_USE_APPLICATION_CREATE,
    "export_values": lib.VX_IX_USE_EXPORT_VALUES,
    "no_export_values": lib.VX_IX_USE_NO_EXPORT_VALUES,
}


def _use(value, what):
    if isinstance(value, str):
        key = value.lower()
        if key.startswith("vx_ix_use_"):
            key = key[len("vx_ix_use_"):]
        if key not in _USES:
            raise ValueError("%s: unknown use %r (one of %s)" % (what, value, ", ".join(sorted(_USES))))
        return _USES[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s: a use is a VX_IX_USE_* value or its name, not %r" % (what, value))
    if value not in _USES.values():
        raise ValueError("%s: unknown use %#x" % (what, value))
    return int(value)


def _uses(uses, n, what, default=None):
    if uses is None:
        if default is None:
            uses = "export_values"
        else:
            return [default(i) for i in range(n)]
    if isinstance(uses, (str, int)) and not isinstance(uses, bool):
        return [_use(uses, what)] * n
    uses = list(uses)
    if len(uses) != n:
        raise ValueError("%s: %d uses for %d objects" % (what, len(uses), n))
    return [_use(u, "%s[%d]" % (what, i)) for i, u in enumerate(uses)]


def _check_context(context, what):
    if not isinstance(context, Context):
        raise TypeError("%s: context must be a pyopenvx.Context, not %s" % (what, type(context).__name__))


def export_objects(context, objects, uses=None):
    """``vxExportObjectsToMemory``: the objects (graphs and data objects of
    ``context``) as a blob (``bytes``).  Graphs are verified first."""
    _check_context(context, "export_objects")
    objects = list(objects)
    if not objects:
        raise ValueError("export_objects: objects is empty")
    for i, o in enumerate(objects):
        if not isinstance(o, Reference):
            raise TypeError("export_objects: objects[%d] is not a pyopenvx object (%s)" % (i, type(o).__name__))
    u = _uses(uses, len(objects), "export_objects: uses")
    refs = ffi.new("vx_reference[]", [o.ref for o in objects])
    cuses = ffi.new("vx_enum[]", u)
    ptr = ffi.new("const vx_uint8 **")
    length = ffi.new("vx_size *")
    context._call(lib.vxExportObjectsToMemory, context.handle, len(objects), refs, cuses, ptr, length)
    try:
        return bytes(ffi.buffer(ptr[0], length[0]))
    finally:
        lib.vxReleaseExportedMemory(context.handle, ptr)


def _wrap(handle, context, what):
    """Wrap a counted reference in its pyopenvx class (graphs included)."""
    from ._objects_nd import wrap_reference
    from ._graph import Graph
    t = ffi.new("vx_enum *")
    lib.vxQueryReference(handle, lib.VX_REFERENCE_TYPE, t, ffi.sizeof("vx_enum"))
    if t[0] == lib.VX_TYPE_GRAPH:
        g = Graph.__new__(Graph)
        g._keepalive = {}
        g._objects = []
        g._held = {}
        g._gparams = {}
        g._node_list = []
        g._virtual_keys = set()
        g._adopt(ffi.cast("vx_graph", handle), context, what)
        return g
    return wrap_reference(handle, context, what)


class Import(Reference):
    """A ``vx_import``: the objects of an import.  ``imp.references`` lists
    them in the order of the export, ``imp[name]`` / ``imp.get(name)`` finds
    one by name (``vxGetImportReferenceByName``)."""

    _vx_type = "vx_import"
    _vx_release = "vxReleaseImport"

    def __init__(self, *args, **kwargs):
        raise TypeError("Import objects come from pyopenvx.import_objects()")

    @property
    def references(self):
        return list(self._refs)

    def __len__(self):
        return len(self._refs)

    def __iter__(self):
        return iter(self._refs)

    def get(self, name, default=None):
        """The object named ``name`` (a new wrapper), or ``default``."""
        try:
            return self[name]
        except KeyError:
            return default

    def __getitem__(self, key):
        if isinstance(key, int):
            return self._refs[key]
        if not isinstance(key, str):
            raise TypeError("an Import is indexed by position or name, not %s" % type(key).__name__)
        ctx = self.context
        h = lib.vxGetImportReferenceByName(self.handle, key.encode("utf-8"))
        if h == ffi.NULL or lib.vxGetStatus(h) != lib.VX_SUCCESS:
            raise KeyError(key)
        return _wrap(h, ctx, "vxGetImportReferenceByName")


def import_objects(context, blob, objects, uses=None):
    """``vxImportObjectsFromMemory``: an :class:`Import` of the objects of
    ``blob`` (from :func:`export_objects`) in ``context``."""
    _check_context(context, "import_objects")
    if not isinstance(blob, (bytes, bytearray, memoryview)):
        raise TypeError("import_objects: blob must be bytes, not %s" % type(blob).__name__)
    if isinstance(objects, bool) or not isinstance(objects, int):
        objects = list(objects)
    else:
        if objects <= 0:
            raise ValueError("import_objects: the number of objects must be positive")
        objects = [None] * objects
    if not objects:
        raise ValueError("import_objects: objects is empty")
    for i, o in enumerate(objects):
        if o is not None and not isinstance(o, Reference):
            raise TypeError("import_objects: objects[%d] is neither None nor a pyopenvx object" % i)
    u = _uses(uses, len(objects), "import_objects: uses",
              default=lambda i: (lib.VX_IX_USE_APPLICATION_CREATE if objects[i] is not None
                                 else lib.VX_IX_USE_EXPORT_VALUES))
    data = bytes(blob)
    refs = ffi.new("vx_reference[]", [o.ref if o is not None else ffi.NULL for o in objects])
    cuses = ffi.new("vx_enum[]", u)
    cblob = ffi.from_buffer("vx_uint8[]", data)
    mark = context._log_mark()
    h = lib.vxImportObjectsFromMemory(context.handle, len(objects), refs, cuses, cblob, len(data))
    imp = Import.__new__(Import)
    imp._adopt(h, context, "vxImportObjectsFromMemory", mark=mark)
    wrapped = []
    for i, o in enumerate(objects):
        if o is not None and refs[i] == o.ref:
            wrapped.append(o)
        else:
            wrapped.append(_wrap(refs[i], context, "vxImportObjectsFromMemory"))
    imp._refs = wrapped
    return imp


def _ctx_export(self, objects, uses=None):
    return export_objects(self, objects, uses)


def _ctx_import(self, blob, objects, uses=None):
    return import_objects(self, blob, objects, uses)


_ctx_export.__doc__ = export_objects.__doc__
_ctx_import.__doc__ = import_objects.__doc__
Context.export_objects = _ctx_export
Context.import_objects = _ctx_import
