"""Context, its log ring buffer, kernels."""

import collections
import dataclasses
import threading

from ._ffi import ffi, lib
from . import _enums
from ._errors import VXError, error_for
from ._reference import Reference

__all__ = ["Context", "Kernel", "Border", "LogEntry"]

LOG_RING_SIZE = 256

#: One entry of a context's log: the status passed to vxAddLogEntry and the text.
LogEntry = collections.namedtuple("LogEntry", ["status", "message"])


class _LogSink:
    """Ring buffer of the log entries of one context (fed by the C callback)."""

    __slots__ = ("entries", "count", "__weakref__")

    def __init__(self, maxlen=LOG_RING_SIZE):
        self.entries = collections.deque(maxlen=maxlen)
        self.count = 0  # entries ever received: marks for "logged since"

    def append(self, status, message):
        self.entries.append(LogEntry(status, message))
        self.count += 1

    def since(self, mark):
        """Text of the entries received after ``mark`` (newest last)."""
        n = min(self.count - mark, len(self.entries))
        if n <= 0:
            return ""
        return "; ".join(e.message.rstrip() for e in list(self.entries)[-n:])


# vx_context address -> its sink.  Entries are added while the context lives.
_SINKS = {}
_SINKS_LOCK = threading.Lock()


def _key(handle):
    return int(ffi.cast("uintptr_t", handle))


@ffi.def_extern()
def _pyopenvx_log_callback(context, ref, status, string):
    # Called by libopenvx (any thread; cffi takes the GIL).  Never raise here.
    try:
        sink = _SINKS.get(_key(context))
        if sink is None:
            return
        text = ffi.string(string).decode("utf-8", "replace") if string != ffi.NULL else ""
        sink.append(int(status), text)
    except Exception:  # pragma: no cover - nothing sane to do in a C callback
        pass


_PIXEL_RANGES = {
    lib.VX_DF_IMAGE_U1: ("U1", 0, 1), lib.VX_DF_IMAGE_U8: ("U8", 0, 255),
    lib.VX_DF_IMAGE_U16: ("U16", 0, 65535), lib.VX_DF_IMAGE_S16: ("S16", -32768, 32767),
    lib.VX_DF_IMAGE_U32: ("U32", 0, 2 ** 32 - 1), lib.VX_DF_IMAGE_S32: ("S32", -2 ** 31, 2 ** 31 - 1),
}


@dataclasses.dataclass
class Border:
    """A ``vx_border_t``: ``mode`` (``VX_BORDER_*``) and the constant value.

    ``constant_value`` is the pixel value as an int (stored in the ``U32`` member
    of ``vx_pixel_value_t``, so it is right for U1/U8/U16/S16/U32/S32 images) or
    a sequence of 3 or 4 bytes (``RGB``/``RGBX``/``YUV``).
    """

    mode: int = lib.VX_BORDER_UNDEFINED
    constant_value: object = 0

    def __post_init__(self):
        # a BorderMode member (prints as BorderMode.CONSTANT); names accepted too
        self.mode = _enums.as_enum(_enums.coerce(self.mode, "border", "mode"), "border")

    def to_c(self):
        b = ffi.new("vx_border_t *")
        b.mode = int(self.mode)
        v = self.constant_value
        if isinstance(v, (tuple, list, bytes, bytearray)):
            if len(v) > 4:
                raise ValueError("constant_value: at most 4 channels")
            for i, c in enumerate(v):
                b.constant_value.RGBX[i] = int(c) & 0xFF
        else:
            b.constant_value.U32 = int(v) & 0xFFFFFFFF
        return b

    @classmethod
    def from_c(cls, b):
        return cls(int(b.mode), int(b.constant_value.U32))

    def check_fits(self, format):  # noqa: A002 (the spec's name)
        """Raise ValueError when a constant value cannot be a pixel of an image
        of ``format`` (300 for U8): the library would read another number."""
        if int(self.mode) != lib.VX_BORDER_CONSTANT or isinstance(self.constant_value, (tuple, list, bytes,
                                                                                         bytearray)):
            return
        rng = _PIXEL_RANGES.get(int(format))
        v = int(self.constant_value)
        if rng is not None and not rng[1] <= v <= rng[2]:
            raise ValueError("constant border value %d does not fit a %s image (%d..%d)" % (v, rng[0], rng[1], rng[2]))

    @classmethod
    def coerce(cls, value):
        if isinstance(value, cls):
            return value
        if isinstance(value, int):
            return cls(value)
        mode, const = value
        return cls(mode, const)


class Context(Reference):
    """An OpenVX context (``vxCreateContext``).

    Use it as a context manager or call :meth:`close`; it is also released when
    garbage collected.  Everything the library logs for it is kept in a ring
    buffer, :attr:`log`, and the text of a failing call is put in the raised
    :class:`pyopenvx.VXError`.
    """

    _vx_type = "vx_context"
    _vx_release = "vxReleaseContext"

    def __init__(self, log_size=LOG_RING_SIZE):
        self._log_sink = _LogSink(log_size)
        handle = lib.vxCreateContext()
        if handle == ffi.NULL:
            raise error_for(lib.VX_ERROR_NO_RESOURCES, "vxCreateContext returned NULL")
        status = lib.vxGetStatus(ffi.cast("vx_reference", handle))
        if status != lib.VX_SUCCESS:
            raise error_for(status, "vxCreateContext returned an error object")
        key = _key(handle)
        sink = self._log_sink
        with _SINKS_LOCK:
            _SINKS[key] = sink
        # vxRegisterLogCallback returns void; reentrant: the sink is thread-safe
        # enough (deque.append under the GIL).
        lib.vxRegisterLogCallback(handle, lib._pyopenvx_log_callback, lib.vx_true_e)

        self._alive = alive = [True]  # cleared when the C context is released (see Reference._adopt)

        def _release(h, key=key, sink=sink, lib=lib, ffi=ffi, sinks=_SINKS, lock=_SINKS_LOCK, alive=alive):
            alive[0] = False
            # Unregister the callback before the context goes away; stale
            # entries of a reused address must never land in a new sink.
            # (Default arguments: this may run while the interpreter exits.)
            lib.vxRegisterLogCallback(h, ffi.NULL, lib.vx_false_e)
            p = ffi.new("vx_context *", h)
            try:
                lib.vxReleaseContext(p)
            finally:
                with lock:
                    if sinks.get(key) is sink:
                        del sinks[key]

        self._handle = ffi.gc(handle, _release)

    def _log_owner(self):
        return self

    # -- log ----------------------------------------------------------------
    @property
    def log(self):
        """The newest log entries (``LogEntry(status, message)``), oldest first."""
        return list(self._log_sink.entries)

    def clear_log(self):
        self._log_sink.entries.clear()

    def _log_mark(self):
        return self._log_sink.count

    def add_log_entry(self, message, status=lib.VX_FAILURE, ref=None):
        """``vxAddLogEntry`` on ``ref`` (default: the context)."""
        r = self.ref if ref is None else ref.ref
        lib.vxAddLogEntry(r, int(status), b"%s", ffi.new("char[]", message.encode("utf-8")))

    # -- queries --------------------------------------------------------------
    def _q(self, attribute, ctype):
        return self._query(lib.vxQueryContext, attribute, ctype)

    @property
    def vendor_id(self):
        """``VX_CONTEXT_VENDOR_ID`` (vx_uint16)."""
        return self._q(lib.VX_CONTEXT_VENDOR_ID, "vx_uint16")

    @property
    def version_raw(self):
        """``VX_CONTEXT_VERSION`` (vx_uint16), e.g. ``0x0103``."""
        return self._q(lib.VX_CONTEXT_VERSION, "vx_uint16")

    @property
    def version(self):
        """(major, minor) of ``VX_CONTEXT_VERSION``, e.g. (1, 3)."""
        v = self.version_raw
        return ((v >> 8) & 0xFF, v & 0xFF)

    @property
    def implementation(self):
        """``VX_CONTEXT_IMPLEMENTATION`` (char[VX_MAX_IMPLEMENTATION_NAME])."""
        return self._query_string(lib.vxQueryContext, lib.VX_CONTEXT_IMPLEMENTATION,
                                  lib.VX_MAX_IMPLEMENTATION_NAME)

    @property
    def extensions_size(self):
        return self._q(lib.VX_CONTEXT_EXTENSIONS_SIZE, "vx_size")

    @property
    def extensions(self):
        """``VX_CONTEXT_EXTENSIONS`` split into a list of names."""
        size = self.extensions_size
        if size == 0:
            return []
        text = self._query_string(lib.vxQueryContext, lib.VX_CONTEXT_EXTENSIONS, size)
        return text.split()

    @property
    def unique_kernels(self):
        return self._q(lib.VX_CONTEXT_UNIQUE_KERNELS, "vx_uint32")

    @property
    def modules(self):
        return self._q(lib.VX_CONTEXT_MODULES, "vx_uint32")

    @property
    def references(self):
        return self._q(lib.VX_CONTEXT_REFERENCES, "vx_uint32")

    @property
    def convolution_max_dimension(self):
        return self._q(lib.VX_CONTEXT_CONVOLUTION_MAX_DIMENSION, "vx_size")

    @property
    def optical_flow_max_window_dimension(self):
        return self._q(lib.VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION, "vx_size")

    @property
    def nonlinear_max_dimension(self):
        return self._q(lib.VX_CONTEXT_NONLINEAR_MAX_DIMENSION, "vx_size")

    @property
    def max_tensor_dims(self):
        return self._q(lib.VX_CONTEXT_MAX_TENSOR_DIMS, "vx_size")

    @property
    def immediate_border(self):
        """``VX_CONTEXT_IMMEDIATE_BORDER`` as a :class:`Border` (settable with a
        Border, a mode, or a ``(mode, constant_value)`` tuple)."""
        b = ffi.new("vx_border_t *")
        self._call(lib.vxQueryContext, self.handle, lib.VX_CONTEXT_IMMEDIATE_BORDER, b,
                   ffi.sizeof("vx_border_t"))
        return Border.from_c(b)

    @immediate_border.setter
    def immediate_border(self, value):
        b = Border.coerce(value).to_c()
        self._call(lib.vxSetContextAttribute, self.handle, lib.VX_CONTEXT_IMMEDIATE_BORDER,
                   b, ffi.sizeof("vx_border_t"))

    @property
    def immediate_border_policy(self):
        return self._q(lib.VX_CONTEXT_IMMEDIATE_BORDER_POLICY, "vx_enum")

    @immediate_border_policy.setter
    def immediate_border_policy(self, value):
        p = ffi.new("vx_enum *", int(value))
        self._call(lib.vxSetContextAttribute, self.handle,
                   lib.VX_CONTEXT_IMMEDIATE_BORDER_POLICY, p, ffi.sizeof("vx_enum"))

    @property
    def kernel_table(self):
        """``VX_CONTEXT_UNIQUE_KERNEL_TABLE`` as a list of (enum, name)."""
        n = self.unique_kernels
        if n == 0:
            return []
        table = ffi.new("vx_kernel_info_t[]", n)
        self._call(lib.vxQueryContext, self.handle, lib.VX_CONTEXT_UNIQUE_KERNEL_TABLE, table,
                   ffi.sizeof("vx_kernel_info_t") * n)
        return [(int(table[i].enumeration), ffi.string(table[i].name).decode("utf-8", "replace"))
                for i in range(n)]

    # -- libopenvx vendor attributes (vx_ext_ovx.h) ----------------------------
    def _ovx_string(self, attr_name):
        attr = getattr(lib, attr_name, None)
        if attr is None:
            raise error_for(lib.VX_ERROR_NOT_SUPPORTED,
                            "%s: not in this build's headers" % attr_name)
        return self._query_string(lib.vxQueryContext, attr, lib.VX_OVX_MAX_STRING)

    @property
    def cpu_features(self):
        """CPU features the library detected (``VX_CONTEXT_OVX_CPU_FEATURES``); ``avx512-halfwidth``:
        the CPU runs AVX-512 on 256-bit units (AMD family 19h, or ``OPENVX_AVX512_HALFWIDTH=1``), where
        some kernels take their AVX2 rows."""
        return self._ovx_string("VX_CONTEXT_OVX_CPU_FEATURES").split()

    @property
    def simd_level(self):
        """The SIMD level the CPU allows, after ``OPENVX_SIMD`` (``VX_CONTEXT_OVX_SIMD_LEVEL``): nodes
        run the best variant up to it (``VX_NODE_OVX_VARIANT``, :attr:`Node.variant`); kernels without
        variants run their portable C code."""
        return self._ovx_string("VX_CONTEXT_OVX_SIMD_LEVEL")

    @property
    def targets(self):
        """Targets of the context (``VX_CONTEXT_OVX_TARGETS``)."""
        return self._ovx_string("VX_CONTEXT_OVX_TARGETS").split()

    @property
    def threads(self):
        """Threads of the library's pool (``VX_CONTEXT_OVX_THREADS``: the online CPUs, or
        ``OPENVX_THREADS``)."""
        return self._query(lib.vxQueryContext, lib.VX_CONTEXT_OVX_THREADS, "vx_uint32")

    # -- actions ----------------------------------------------------------------
    def directive(self, directive, ref=None):
        """``vxDirective`` on ``ref`` (default: the context)."""
        r = self.ref if ref is None else ref.ref
        self._call(lib.vxDirective, r, int(directive))

    def hint(self, hint, data=None, ref=None):
        """``vxHint`` on ``ref`` (default: the context); ``data`` is bytes or cdata."""
        r = self.ref if ref is None else ref.ref
        if data is None:
            ptr, size = ffi.NULL, 0
        elif isinstance(data, (bytes, bytearray)):
            ptr, size = ffi.from_buffer(data), len(data)
        else:
            ptr, size = data, ffi.sizeof(data)
        self._call(lib.vxHint, r, int(hint), ptr, size)

    def kernel(self, name_or_enum):
        """The kernel of that name (``"org.khronos.openvx.sobel_3x3"``) or enum."""
        return Kernel(self, name_or_enum)

    # -- data object factories (pyopenvx._image, pyopenvx._objects_nd) ---------
    def image(self, width, height, format):  # noqa: A002 (the spec's name)
        """A new :class:`pyopenvx.Image` (``vxCreateImage``)."""
        from ._image import Image
        return Image(self, width, height, format)

    def uniform_image(self, width, height, format, value):  # noqa: A002
        """A read-only image of one value (``vxCreateUniformImage``); ``value`` is
        an int, or a tuple for RGB/RGBX/YUV formats."""
        from ._image import Image
        return Image.uniform(self, width, height, format, value)

    def image_from_numpy(self, a, format=None):  # noqa: A002
        """An image living in the memory of ndarray ``a`` (``vxCreateImageFromHandle``,
        no copy): writes to ``a`` are seen through the image and back.

        ``a`` is one ndarray (the format follows from its dtype/shape: uint8
        (h, w) -> U8, uint16 -> U16, int16 -> S16, uint32 -> U32, int32 -> S32,
        uint8 (h, w, 3) -> RGB, (h, w, 4) -> RGBX; or give ``format``, e.g.
        UYVY for uint8 (h, w, 2)) or a list of per-plane arrays with ``format``.
        The image keeps the arrays alive.  Zero-copy needs rows of packed
        pixels (``strides[1]`` = pixel size; rows may be padded), aligned,
        writable memory; otherwise a C-contiguous copy is made and the image
        lives in the copy (read it back with ``to_numpy``).  A bool array (U1)
        is always copied: U1 images store packed bits.
        """
        from ._image import Image
        return Image.from_numpy_handle(self, a, format)

    def tensor(self, dims, dtype, fixed_point_position=0):
        """A new :class:`pyopenvx.Tensor` (``vxCreateTensor``) of ``dims`` in
        OpenVX order (dims[0] varies fastest) and ``dtype`` (a NumPy dtype or a
        ``VX_TYPE_*``)."""
        from ._objects_nd import Tensor
        return Tensor(self, dims, dtype, fixed_point_position)

    def tensor_from_numpy(self, a, fixed_point_position=0):
        """A tensor living in the memory of ndarray ``a`` (``vxCreateTensorFromHandle``,
        no copy); its dims are ``a.shape`` reversed.  Arrays whose strides cannot
        be expressed (reversed, negative or not packed along the last axis) or
        that are read-only are copied first."""
        from ._objects_nd import Tensor
        return Tensor.from_numpy_handle(self, a, fixed_point_position)

    def user_data_object(self, size=None, type_name="", data=None):
        """A :class:`pyopenvx.UserDataObject` of ``size`` bytes (or of ``data``)."""
        from ._objects_nd import UserDataObject
        return UserDataObject(self, size, type_name, data)

    def object_array(self, exemplar, count):
        """A :class:`pyopenvx.ObjectArray` of ``count`` objects like ``exemplar``."""
        from ._objects_nd import ObjectArray
        return ObjectArray(self, exemplar, count)

    def pyramid(self, levels, scale, width, height, format):  # noqa: A002
        """A :class:`pyopenvx.Pyramid` (``scale`` 0.5 or ~0.8409 (ORB))."""
        from ._objects_nd import Pyramid
        return Pyramid(self, levels, scale, width, height, format)

    def graph(self):
        """A new :class:`pyopenvx.Graph` (``vxCreateGraph``)."""
        from ._graph import Graph
        return Graph(self)

    # ---- events (vx_khr_pipelining) ----------------------------------------
    def enable_events(self):
        """``vxEnableEvents``: registered events are queued from now on."""
        self._call(lib.vxEnableEvents, self.handle)

    def disable_events(self):
        """``vxDisableEvents``: no more events are queued (those queued stay)."""
        self._call(lib.vxDisableEvents, self.handle)

    def send_user_event(self, app_value, parameter=0):
        """``vxSendUserEvent``: queue a ``VX_EVENT_USER`` event carrying
        ``app_value`` and ``parameter`` (an int, read back as the event's
        ``user_parameter``).  Raises while events are disabled."""
        self._call(lib.vxSendUserEvent, self.handle, int(app_value), ffi.cast("void *", int(parameter)))

    def events(self, block=False):
        """An iterator over the queued events (:class:`pyopenvx.Event`); with
        ``block`` true it waits for each next event (GIL released) and never
        ends by itself."""
        from ._stream import events
        return events(self, block)

    def wait_event(self, block=True):
        """The next event, or None when ``block`` is false and none is queued."""
        from ._stream import wait_event
        return wait_event(self, block)

    def user_kernel(self, name, params, run, validate=None, enum=None, pipeup_output_depth=1,
                    pipeup_input_depth=1):
        """Register a kernel written in Python (``vxAllocateUserKernelId``,
        ``vxAddUserKernel``, ``vxAddParameterToKernel``, ``vxFinalizeKernel``);
        returns a :class:`pyopenvx.UserKernel` to give to :meth:`Graph.node`.

        ``params``: one ``(direction, type)`` or ``(direction, type, state)``
        per parameter (``vx.INPUT``/``vx.OUTPUT``, ``vx.TYPE_*``).
        ``run(node, params)``: ``params`` is the list of bound objects (pyopenvx
        wrappers, None when unset); returns None/True (success), False
        (``VX_FAILURE``) or a ``vx_status``.
        ``validate``: ``validate(node, params, metas)`` describing each output
        on ``metas[i]`` (a :class:`pyopenvx.MetaFormat`, None for inputs); or an
        int k: every output is like input k; or a dict ``{output: input}``;
        default: each output as the object bound to it.
        An exception raised by run or validate is a ``VX_FAILURE`` plus a log
        entry carrying the traceback.
        ``pipeup_output_depth`` / ``pipeup_input_depth``: the kernel's
        ``VX_KERNEL_PIPEUP_OUTPUT_DEPTH`` / ``_INPUT_DEPTH`` for streaming
        sources and sinks (vx_khr_pipelining; 1: no pipe-up).
        """
        from ._graph import UserKernel
        return UserKernel(self, name, params, run, validate, enum, pipeup_output_depth, pipeup_input_depth)

    def delay(self, exemplar, slots):
        """A :class:`pyopenvx.Delay` of ``slots`` objects like ``exemplar``."""
        from ._objects_nd import Delay
        return Delay(self, exemplar, slots)

    def __repr__(self):
        if self._handle is None:
            return "<Context closed>"
        return "<Context %s>" % hex(_key(self._handle))


class Kernel(Reference):
    """A kernel (``vxGetKernelByName`` / ``vxGetKernelByEnum``)."""

    _vx_type = "vx_kernel"
    _vx_release = "vxReleaseKernel"

    def __init__(self, context, name_or_enum):
        mark = context._log_mark()
        if isinstance(name_or_enum, str):
            h = lib.vxGetKernelByName(context.handle, name_or_enum.encode("utf-8"))
            what = "vxGetKernelByName(%r)" % name_or_enum
        else:
            h = lib.vxGetKernelByEnum(context.handle, int(name_or_enum))
            what = "vxGetKernelByEnum(%#x)" % int(name_or_enum)
        self._adopt(h, context, what, mark=mark, null_status=lib.VX_ERROR_INVALID_PARAMETERS)

    def _q(self, attribute, ctype):
        return self._query(lib.vxQueryKernel, attribute, ctype)

    @property
    def name(self):
        """``VX_KERNEL_NAME``."""
        return self._query_string(lib.vxQueryKernel, lib.VX_KERNEL_NAME, lib.VX_MAX_KERNEL_NAME)

    @property
    def enum(self):
        """``VX_KERNEL_ENUM``."""
        return self._q(lib.VX_KERNEL_ENUM, "vx_enum")

    @property
    def parameters(self):
        """``VX_KERNEL_PARAMETERS``: the number of parameters."""
        return self._q(lib.VX_KERNEL_PARAMETERS, "vx_uint32")

    @property
    def local_data_size(self):
        return self._q(lib.VX_KERNEL_LOCAL_DATA_SIZE, "vx_size")

    def __repr__(self):
        if self._handle is None:
            return "<Kernel closed>"
        try:
            return "<Kernel %s>" % self.name
        except VXError:
            return "<Kernel %s>" % hex(_key(self._handle))
