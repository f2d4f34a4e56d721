"""vx_status -> Python exceptions.

Every negative ``vx_status`` of the headers has its own subclass of
:class:`VXError`; :data:`STATUS_TO_ERROR` maps the status to the class and
:func:`check` raises it, carrying the log text the library wrote for it.
"""

from ._ffi import lib

__all__ = [
    "VXError", "STATUS_TO_ERROR", "check", "error_for", "status_name",
    "ReferenceNonzeroError", "MultipleWritersError", "GraphAbandonedError",
    "GraphScheduledError", "InvalidScopeError", "InvalidNodeError",
    "InvalidGraphError", "InvalidTypeError", "InvalidValueError",
    "InvalidDimensionError", "InvalidFormatError", "InvalidLinkError",
    "InvalidReferenceError", "InvalidModuleError", "InvalidParametersError",
    "OptimizedAwayError", "NoMemoryError", "NoResourcesError",
    "NotCompatibleError", "NotAllocatedError", "NotSufficientError",
    "NotSupportedError", "NotImplementedVXError", "FailureError",
]


_STATUS_NAMES = {}
for _name in dir(lib):
    if _name.startswith("VX_ERROR_") or _name in ("VX_FAILURE", "VX_SUCCESS"):
        _STATUS_NAMES[getattr(lib, _name)] = _name


def status_name(status):
    """``-12`` -> ``'VX_ERROR_INVALID_REFERENCE'`` (``'VX_STATUS(<n>)'`` if unknown)."""
    return _STATUS_NAMES.get(status, "VX_STATUS(%d)" % status)


class VXError(Exception):
    """A call of the OpenVX API failed.

    ``status`` is the ``vx_status`` (a negative int), ``message`` the log text
    the library recorded for it (or a description of the failing call).
    """

    status = None  # set on every subclass; instances override it

    def __init__(self, status=None, message=""):
        if status is None:
            status = type(self).status if type(self).status is not None else lib.VX_FAILURE
        self.status = int(status)
        self.message = message or ""
        super().__init__(self.status, self.message)

    @property
    def status_name(self):
        return status_name(self.status)

    def __str__(self):
        if self.message:
            return "%s (%d): %s" % (self.status_name, self.status, self.message)
        return "%s (%d)" % (self.status_name, self.status)


def _make(status_const, *bases, doc=None):
    status = getattr(lib, status_const)

    def decorate(cls):
        cls.status = status
        cls.__doc__ = doc or ("Raised for ``%s``." % status_const)
        return cls

    return decorate


@_make("VX_ERROR_REFERENCE_NONZERO")
class ReferenceNonzeroError(VXError):
    pass


@_make("VX_ERROR_MULTIPLE_WRITERS")
class MultipleWritersError(VXError):
    pass


@_make("VX_ERROR_GRAPH_ABANDONED")
class GraphAbandonedError(VXError):
    pass


@_make("VX_ERROR_GRAPH_SCHEDULED")
class GraphScheduledError(VXError):
    pass


@_make("VX_ERROR_INVALID_SCOPE")
class InvalidScopeError(VXError):
    pass


@_make("VX_ERROR_INVALID_NODE")
class InvalidNodeError(VXError):
    pass


@_make("VX_ERROR_INVALID_GRAPH")
class InvalidGraphError(VXError):
    pass


@_make("VX_ERROR_INVALID_TYPE")
class InvalidTypeError(VXError, TypeError):
    pass


@_make("VX_ERROR_INVALID_VALUE")
class InvalidValueError(VXError, ValueError):
    pass


@_make("VX_ERROR_INVALID_DIMENSION")
class InvalidDimensionError(VXError, ValueError):
    pass


@_make("VX_ERROR_INVALID_FORMAT")
class InvalidFormatError(VXError, ValueError):
    pass


@_make("VX_ERROR_INVALID_LINK")
class InvalidLinkError(VXError):
    pass


@_make("VX_ERROR_INVALID_REFERENCE")
class InvalidReferenceError(VXError):
    pass


@_make("VX_ERROR_INVALID_MODULE")
class InvalidModuleError(VXError):
    pass


@_make("VX_ERROR_INVALID_PARAMETERS")
class InvalidParametersError(VXError, ValueError):
    pass


@_make("VX_ERROR_OPTIMIZED_AWAY")
class OptimizedAwayError(VXError):
    pass


@_make("VX_ERROR_NO_MEMORY")
class NoMemoryError(VXError, MemoryError):
    pass


@_make("VX_ERROR_NO_RESOURCES")
class NoResourcesError(VXError):
    pass


@_make("VX_ERROR_NOT_COMPATIBLE")
class NotCompatibleError(VXError):
    pass


@_make("VX_ERROR_NOT_ALLOCATED")
class NotAllocatedError(VXError):
    pass


@_make("VX_ERROR_NOT_SUFFICIENT")
class NotSufficientError(VXError):
    pass


@_make("VX_ERROR_NOT_SUPPORTED")
class NotSupportedError(VXError):
    pass


@_make("VX_ERROR_NOT_IMPLEMENTED")
class NotImplementedVXError(VXError, NotImplementedError):
    pass


@_make("VX_FAILURE")
class FailureError(VXError):
    pass


#: vx_status (negative int) -> VXError subclass
STATUS_TO_ERROR = {
    cls.status: cls
    for cls in (
        ReferenceNonzeroError, MultipleWritersError, GraphAbandonedError,
        GraphScheduledError, InvalidScopeError, InvalidNodeError,
        InvalidGraphError, InvalidTypeError, InvalidValueError,
        InvalidDimensionError, InvalidFormatError, InvalidLinkError,
        InvalidReferenceError, InvalidModuleError, InvalidParametersError,
        OptimizedAwayError, NoMemoryError, NoResourcesError,
        NotCompatibleError, NotAllocatedError, NotSufficientError,
        NotSupportedError, NotImplementedVXError, FailureError,
    )
}


def error_for(status, message=""):
    """The exception instance for ``status`` (not raised)."""
    cls = STATUS_TO_ERROR.get(int(status), VXError)
    return cls(status, message)


def _context_log_text(context):
    """Newest log message of ``context`` (a pyopenvx object having a context)."""
    if context is None:
        return ""
    sink = getattr(context, "_log_sink", None)
    if sink is None:
        ctx = getattr(context, "context", None)
        sink = getattr(ctx, "_log_sink", None)
    if sink is None or not sink.entries:
        return ""
    return sink.entries[-1].message


def check(status, context=None, what=None):
    """Return ``status`` if it is not an error, else raise its VXError subclass.

    ``context`` is a :class:`pyopenvx.Context` (or any pyopenvx object of a
    context): the newest entry of its log becomes the exception's message.
    ``what`` names the failing call when the log has nothing to say.
    """
    status = int(status)
    if status >= 0:
        return status
    message = _context_log_text(context)
    if not message and what:
        message = "%s failed" % what
    elif message and what:
        message = "%s: %s" % (what, message)
    raise error_for(status, message)
