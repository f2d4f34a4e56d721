"""Base class of the Pythonic wrappers of vx_reference objects."""

from ._ffi import ffi, lib
from . import _enums
from ._errors import InvalidReferenceError, error_for

__all__ = ["Reference"]


def _releaser(release, ctype, alive):
    """The ffi.gc destructor of a handle of C type ``ctype``: ``release(&h)``,
    unless ``alive`` (its context's flag list) says the context is gone."""
    def _release(h, release=release, ctype=ctype + " *", alive=alive):
        if alive is not None and not alive[0]:
            return
        release(ffi.new(ctype, h))
    return _release


# (release function name, C type, id(alive)) -> (alive, destructor): one
# destructor a type and context, not one made per wrapper
_RELEASERS = {}


class Reference:
    """Owns one OpenVX reference; releases it on close(), ``with`` exit or GC.

    Subclasses set ``_vx_type`` (the C handle type, e.g. ``"vx_kernel"``) and
    ``_vx_release`` (the name of the ``vxReleaseXxx`` function) and call
    :meth:`_adopt` with the raw handle.  A reference keeps its parent (the
    context, a parent image, ...) alive through ``_parent``.
    """

    _vx_type = "vx_reference"
    _vx_release = "vxReleaseReference"
    _handle = None
    _parent = None
    _pins = 0                # live views into this object's memory (Image.map)
    _deferred = None         # the handle close() could not release yet
    _lent = False            # a callback's wrapper holding no count (_lent_wrapper, _keep_lent)

    # -- lifetime -----------------------------------------------------------
    def _adopt(self, handle, parent, what, mark=None, null_status=None):
        """Take ownership of ``handle`` (from a vxCreate*/vxGet* call).

        A NULL handle raises the error of ``null_status`` (default
        VX_ERROR_NO_RESOURCES), an error object the error of its status; the
        message carries what the library logged since ``mark`` (a
        ``Context._log_mark()`` taken before the call).
        """
        self._parent = parent
        if handle == ffi.NULL or lib.vxGetStatus(ffi.cast("vx_reference", handle)) != lib.VX_SUCCESS:
            if handle == ffi.NULL:
                status = lib.VX_ERROR_NO_RESOURCES if null_status is None else null_status
                head = "%s returned NULL" % what
            else:
                # An error object: owned by the library, never released by us.
                status = lib.vxGetStatus(ffi.cast("vx_reference", handle))
                head = "%s returned an error object" % what
            sink = getattr(self._log_owner(), "_log_sink", None)
            text = sink.since(mark) if (sink is not None and mark is not None) else ""
            raise error_for(status, "%s: %s" % (head, text) if text else head)
        self._own(handle)

    def _own(self, handle):
        """Take ownership of a valid, counted ``handle`` (``_parent`` set):
        released on close() or GC."""
        self._handle = self._owned(handle)

    def _owned(self, handle):
        """``handle`` (counted) with the destructor that releases it."""
        owner = self._log_owner()
        # Once the context is released, its objects are gone with it and their
        # addresses may be reused by objects of a new context: a wrapper that
        # outlived its context must not release anything then.
        alive = getattr(owner, "_alive", None) if owner is not self else None
        key = (self._vx_release, self._vx_type, id(alive))
        rel = _RELEASERS.get(key)
        if rel is None or rel[0] is not alive:
            rel = (alive, _releaser(getattr(lib, self._vx_release), self._vx_type, alive))
            if len(_RELEASERS) >= 1024:
                _RELEASERS.clear()
            _RELEASERS[key] = rel
        return ffi.gc(handle, rel[1])

    @classmethod
    def _lent_wrapper(cls, handle, parent):
        """A wrapper of ``handle`` that takes no count: for a reference the
        library lends to a callback, valid while the callback runs (its node
        holds it).  The callback's wrapper gives each one still referenced
        when the callback returns a count of its own (_keep_lent); the others
        go with nothing to release."""
        self = cls.__new__(cls)
        self._parent = parent
        self._handle = ffi.cast(cls._vx_type, handle)
        self._lent = True
        return self

    def _keep_lent(self):
        """A lent wrapper outlives its callback: it takes its own count (the
        callback's node still holds the reference, so it can) and from now on
        releases it as any wrapper does."""
        if not self._lent:
            return
        self._lent = False
        for attr in ("_handle", "_deferred"):  # (closed while a view was open: its deferred handle)
            h = getattr(self, attr)
            if h is not None:
                lib.vxRetainReference(ffi.cast("vx_reference", h))
                setattr(self, attr, self._owned(h))

    _owner = None  # _log_owner(), once found (the parent chain never changes)

    def _log_owner(self):
        o = self._owner
        if o is not None:
            return o
        p = self._parent
        while p is not None and getattr(p, "_log_sink", None) is None:
            p = getattr(p, "_parent", None)
        if p is not self:  # (a context is its own owner: no cycle kept)
            self._owner = p
        return p

    @property
    def context(self):
        """The :class:`pyopenvx.Context` this reference belongs to."""
        return self._log_owner()

    @property
    def closed(self):
        return self._handle is None

    @property
    def handle(self):
        """The raw cffi handle (``vx_xxx``); raises if closed, or if the
        context it belongs to is closed."""
        h = self._handle
        if h is None:
            raise InvalidReferenceError(
                lib.VX_ERROR_INVALID_REFERENCE,
                "%s is closed" % type(self).__name__)
        owner = self._log_owner()
        if owner is not None and owner is not self and owner._handle is None:
            raise InvalidReferenceError(
                lib.VX_ERROR_INVALID_REFERENCE,
                "%s used after its Context was closed" % type(self).__name__)
        return h

    @property
    def ref(self):
        """The handle cast to ``vx_reference``."""
        return ffi.cast("vx_reference", self.handle)

    def close(self):
        """Release the reference now (idempotent).  While a view made by
        ``Image.map()`` still shows this object's memory, the object is closed
        for every call but its memory is released only when the last view goes."""
        h = self._handle
        if h is not None:
            self._handle = None
            if self._pins > 0:
                self._deferred = h
            elif not self._lent:  # (a lent wrapper holds no count)
                ffi.release(h)  # runs the ffi.gc destructor once

    def _pin(self):
        self._pins += 1

    def _unpin(self):
        self._pins -= 1
        if self._pins == 0 and self._deferred is not None:
            h, self._deferred = self._deferred, None
            if not self._lent:
                ffi.release(h)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- calls --------------------------------------------------------------
    def _call(self, fn, *args):
        """Call ``fn(*args)``; on error raise with the log text of the call."""
        sink = getattr(self._log_owner(), "_log_sink", None)
        mark = sink.count if sink is not None else 0
        status = fn(*args)
        if status < 0:
            name = getattr(fn, "__name__", "call")
            text = sink.since(mark) if sink is not None else ""
            if not text:
                text = "%s failed" % name
            elif not text.startswith(name):
                text = "%s: %s" % (name, text)
            raise error_for(status, text)
        return status

    def _query(self, query_fn, attribute, ctype):
        """Query one attribute of C type ``ctype`` (e.g. ``'vx_uint32'``)."""
        p = ffi.new(ctype + " *")
        self._call(query_fn, self.handle, attribute, p, ffi.sizeof(ctype))
        return p[0]

    def _query_string(self, query_fn, attribute, size):
        buf = ffi.new("vx_char[]", size)
        self._call(query_fn, self.handle, attribute, buf, size)
        return ffi.string(buf).decode("utf-8", "replace")

    # -- vx_reference attributes ---------------------------------------------
    @property
    def reference_count(self):
        return self._query_ref(lib.VX_REFERENCE_COUNT, "vx_uint32")

    @property
    def type(self):
        """The ``VX_TYPE_*`` of the object as a :class:`pyopenvx.Type`."""
        return _enums.as_enum(self._query_ref(lib.VX_REFERENCE_TYPE, "vx_enum"), "type")

    @property
    def name(self):
        p = ffi.new("vx_char **")
        self._call(lib.vxQueryReference, self.ref, lib.VX_REFERENCE_NAME, p,
                   ffi.sizeof("vx_char *"))
        return ffi.string(p[0]).decode("utf-8", "replace") if p[0] != ffi.NULL else ""

    @name.setter
    def name(self, value):
        self._call(lib.vxSetReferenceName, self.ref, value.encode("utf-8"))

    def _query_ref(self, attribute, ctype):
        p = ffi.new(ctype + " *")
        self._call(lib.vxQueryReference, self.ref, attribute, p, ffi.sizeof(ctype))
        return p[0]

    def __repr__(self):
        state = "closed" if self._handle is None else hex(int(ffi.cast("uintptr_t", self._handle)))
        return "<%s %s>" % (type(self).__name__, state)
