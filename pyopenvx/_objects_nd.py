"""Tensors, user data objects, object arrays, pyramids and delays.

Tensor dimension order: OpenVX's dimension 0 is the fastest-varying one, NumPy's
last axis is.  So :attr:`Tensor.dims` is in OpenVX order and the NumPy side
(:attr:`Tensor.shape`, :meth:`Tensor.to_numpy`, :meth:`Tensor.map`) uses the
reversed order: a C-contiguous ndarray of shape (d2, d1, d0) is the tensor of
dims (d0, d1, d2).  ``view(start, end)`` takes OpenVX-ordered bounds, like the C
API::

    import numpy as np, pyopenvx as vx
    with vx.Context() as ctx:
        t = ctx.tensor((4, 3, 2), np.int16)          # to_numpy() is (2, 3, 4)
        t.copy_from(np.arange(24, dtype=np.int16).reshape(2, 3, 4))
        v = t.view((1, 0, 0), (3, 2, 2))             # [..., 0:2, 1:3] in NumPy terms
        a = np.zeros((5, 7), np.float32)
        z = ctx.tensor_from_numpy(a)                 # no copy: a is the tensor
"""

import contextlib

import numpy as np

from ._ffi import ffi, lib
from . import _enums
from ._reference import Reference
from ._objects_basic import (_DataObject, _item_dtype, _CTYPES, Scalar, Array, LUT, Distribution, Matrix,
                             Convolution, Threshold, Remap, _MATRIX_DTYPES)
from ._image import Image, _address

__all__ = ["Tensor", "UserDataObject", "ObjectArray", "Pyramid", "Delay", "wrap_reference",
           "TENSOR_DTYPES"]

#: VX_TYPE_* of a tensor element -> NumPy dtype
TENSOR_DTYPES = {
    lib.VX_TYPE_INT8: np.dtype(np.int8), lib.VX_TYPE_UINT8: np.dtype(np.uint8),
    lib.VX_TYPE_INT16: np.dtype(np.int16), lib.VX_TYPE_UINT16: np.dtype(np.uint16),
    lib.VX_TYPE_INT32: np.dtype(np.int32), lib.VX_TYPE_UINT32: np.dtype(np.uint32),
    lib.VX_TYPE_INT64: np.dtype(np.int64), lib.VX_TYPE_UINT64: np.dtype(np.uint64),
    lib.VX_TYPE_FLOAT16: np.dtype(np.float16), lib.VX_TYPE_FLOAT32: np.dtype(np.float32),
    lib.VX_TYPE_FLOAT64: np.dtype(np.float64),
}
_VX_OF_DTYPE = {v: k for k, v in TENSOR_DTYPES.items()}


def _vx_tensor_type(dtype):
    """A NumPy dtype (or anything np.dtype takes) or a VX_TYPE_* -> VX_TYPE_*."""
    if isinstance(dtype, (int, np.integer)) and not isinstance(dtype, bool):
        if int(dtype) not in TENSOR_DTYPES:
            raise TypeError("%#x is not a tensor element type (VX_TYPE_INT8..UINT64, FLOAT16/32/64)" % int(dtype))
        return int(dtype)
    try:
        d = np.dtype(dtype)
    except TypeError:
        raise TypeError("%r is not a NumPy dtype or a VX_TYPE_*" % (dtype,)) from None
    t = _VX_OF_DTYPE.get(d.newbyteorder("=") if d.byteorder not in "=|" else d)
    if t is None or not d.isnative:
        raise TypeError("dtype %s has no tensor element type (int8..uint64, float16/32/64, native byte order)" % d)
    return t


def _sizes(values, what):
    vals = [int(v) for v in values]
    if any(v < 0 for v in vals):
        raise ValueError("%s: negative value in %r" % (what, tuple(values)))
    return vals


# ---------------------------------------------------------------------------
class Tensor(_DataObject):
    """A ``vx_tensor`` (see the module documentation for the dimension order)."""

    _vx_type = "vx_tensor"
    _vx_release = "vxReleaseTensor"
    _pinned = None  # the ndarray of a handle tensor, kept alive

    def __init__(self, context, dims, dtype, fixed_point_position=0):
        t = _vx_tensor_type(dtype)
        dims = _sizes(dims, "Tensor dims")
        cd = ffi.new("vx_size[]", dims) if dims else ffi.NULL
        self._create(context, lib.vxCreateTensor, "vxCreateTensor(%r, %#x)" % (tuple(dims), t), len(dims), cd, t,
                     int(fixed_point_position))

    @classmethod
    def _from_handle(cls, handle, parent, what, mark):
        self = cls.__new__(cls)
        self._adopt(handle, parent, what, mark=mark)
        return self

    @classmethod
    def from_numpy(cls, context, a, fixed_point_position=0):
        """A new tensor holding a copy of ``a`` (dims = ``a.shape`` reversed)."""
        a = np.asarray(a)
        t = cls(context, a.shape[::-1], a.dtype, fixed_point_position)
        t.copy_from(a)
        return t

    @classmethod
    def from_numpy_handle(cls, context, a, fixed_point_position=0):
        """``vxCreateTensorFromHandle`` on the memory of ``a`` (see Context.tensor_from_numpy)."""
        if not isinstance(a, np.ndarray):
            a = np.asarray(a)
        t = _vx_tensor_type(a.dtype)
        if a.ndim == 0:
            raise ValueError("a tensor needs at least one dimension")
        if not _strides_ok(a):
            a = np.array(a, order="C")
        dims = a.shape[::-1]
        strides = a.strides[::-1]
        cd = ffi.new("vx_size[]", list(dims))
        cs = ffi.new("vx_size[]", list(strides))
        mark = context._log_mark()
        h = lib.vxCreateTensorFromHandle(context.handle, a.ndim, cd, t, int(fixed_point_position), cs,
                                         _address(a), lib.VX_MEMORY_TYPE_HOST)
        tensor = cls._from_handle(h, context, "vxCreateTensorFromHandle(%r, %s)" % (tuple(dims), a.dtype), mark)
        tensor._pinned = a
        return tensor

    # -- attributes -----------------------------------------------------------
    def _q(self, attr, ctype):
        return self._query(lib.vxQueryTensor, attr, ctype)

    @property
    def number_of_dims(self):
        return self._q(lib.VX_TENSOR_NUMBER_OF_DIMS, "vx_size")

    ndim = number_of_dims

    @property
    def dims(self):
        """``VX_TENSOR_DIMS`` in OpenVX order (dims[0] varies fastest)."""
        n = self.number_of_dims
        p = ffi.new("vx_size[]", n)
        self._call(lib.vxQueryTensor, self.handle, lib.VX_TENSOR_DIMS, p, ffi.sizeof("vx_size") * n)
        return tuple(int(p[i]) for i in range(n))

    @property
    def shape(self):
        """The NumPy shape: :attr:`dims` reversed."""
        return self.dims[::-1]

    @property
    def data_type(self):
        return _enums.as_enum(self._q(lib.VX_TENSOR_DATA_TYPE, "vx_enum"), "type")

    @property
    def dtype(self):
        return TENSOR_DTYPES[self.data_type]

    @property
    def fixed_point_position(self):
        return self._q(lib.VX_TENSOR_FIXED_POINT_POSITION, "vx_int8")

    def _bounds(self, start, end):
        dims = self.dims
        start = [0] * len(dims) if start is None else _sizes(start, "start")
        end = list(dims[:len(start)]) if end is None else _sizes(end, "end")
        if len(start) != len(end):
            raise ValueError("start %r and end %r differ in length" % (tuple(start), tuple(end)))
        if not 1 <= len(start) <= len(dims):
            raise ValueError("%d bounds given, the tensor has %d dimensions" % (len(start), len(dims)))
        if any(e <= s for s, e in zip(start, end)):
            raise ValueError("patch [%r, %r) is empty" % (tuple(start), tuple(end)))
        # the dimensions not given are whole (always passed to C in full: the
        # spec leaves a shorter number_of_dims of copy/map patches unclear)
        start = start + [0] * (len(dims) - len(start))
        end = end + list(dims[len(end):])
        shape = [e - s for s, e in zip(start, end)]
        return start, end, shape[::-1]

    # -- data -------------------------------------------------------------------
    def to_numpy(self, start=None, end=None, out=None):
        """A copy of the tensor (or of the patch [start, end), OpenVX order; the
        dimensions past ``len(start)`` whole) as an ndarray of the reversed shape;
        into ``out`` when given (a writeable ndarray of that dtype and shape,
        returned; written in place when its last axis is packed and every
        stride positive, as in a slice of a bigger array)."""
        start, end, shape = self._bounds(start, end)
        if out is None:
            out = np.empty(shape, self.dtype)
            ptr = ffi.from_buffer(out)
        else:
            self._check_out(out, shape)
            if out.size and (not all(st > 0 for st in out.strides) or out.strides[-1] != out.itemsize):
                np.copyto(out, self.to_numpy(start, end))  # strides vxCopyTensorPatch cannot take
                return out
            ptr = ffi.cast("void *", out.ctypes.data)  # (out stays alive across the call)
        us = ffi.new("vx_size[]", list(out.strides[::-1]))
        self._call(lib.vxCopyTensorPatch, self.handle, len(start), ffi.new("vx_size[]", start),
                   ffi.new("vx_size[]", end), us, ptr, lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
        return out

    def _check_out(self, out, shape=None):
        """TypeError / ValueError when ``out`` cannot take to_numpy() (shape:
        of the patch; default the whole tensor)."""
        if shape is None:
            shape = self._bounds(None, None)[2]
        if not isinstance(out, np.ndarray):
            raise TypeError("Tensor.to_numpy(out=): out must be an ndarray, not %s" % type(out).__name__)
        if out.dtype != self.dtype:
            raise TypeError("Tensor.to_numpy(out=): out has dtype %s, the tensor %s" % (out.dtype, self.dtype))
        if out.shape != tuple(shape):
            raise ValueError("Tensor.to_numpy(out=): out has shape %s, the patch %s" % (out.shape, tuple(shape)))
        if not out.flags.writeable:
            raise ValueError("Tensor.to_numpy(out=): out is read-only")

    # as Image's frame calls (the entries of a Graph.stream): the whole tensor
    def read_frame(self, out=None):
        """The whole tensor as an ndarray (``to_numpy(out=out)``)."""
        return self.to_numpy(out=out)

    def write_frame(self, data):
        """Write the whole tensor (``copy_from(data)``)."""
        self.copy_from(data)

    def _frame_outs(self, out):
        if out is not None:
            self._check_out(out)
        return out

    def _read_planes(self, out):
        return self.to_numpy(out=out)

    def copy_from(self, a, start=None, end=None):
        """Write ``a`` (dtype :attr:`dtype`, shape of the patch reversed) into the
        tensor; TypeError / ValueError say what does not match."""
        start, end, shape = self._bounds(start, end)
        dt = self.dtype
        if isinstance(a, np.ndarray):
            if a.dtype != dt:
                raise TypeError("Tensor.copy_from: expected dtype %s, got %s" % (dt, a.dtype))
        else:
            a = np.asarray(a, dtype=dt)
        if a.shape != tuple(shape):
            raise ValueError("Tensor.copy_from: expected shape %s, got %s" % (tuple(shape), a.shape))
        a = np.ascontiguousarray(a)
        us = ffi.new("vx_size[]", list(a.strides[::-1]))
        self._call(lib.vxCopyTensorPatch, self.handle, len(start), ffi.new("vx_size[]", start),
                   ffi.new("vx_size[]", end), us, ffi.from_buffer(a, require_writable=False), lib.VX_WRITE_ONLY,
                   lib.VX_MEMORY_TYPE_HOST)

    write = copy_from

    def __array__(self, dtype=None, copy=None):
        if copy is False:
            raise ValueError("a Tensor cannot be viewed as an ndarray without a copy: use Tensor.map()")
        a = self.to_numpy()
        return a if dtype is None else a.astype(dtype)

    @contextlib.contextmanager
    def map(self, start=None, end=None, usage=lib.VX_READ_ONLY):
        """``vxMapTensorPatch`` as a context manager yielding a strided ndarray view
        (NumPy order; read-only for ``VX_READ_ONLY``), unmapped on exit."""
        start, end, shape = self._bounds(start, end)
        n = len(self.dims)
        map_id = ffi.new("vx_map_id *")
        stride = ffi.new("vx_size[]", n)
        ptr = ffi.new("void **")
        self._call(lib.vxMapTensorPatch, self.handle, len(start), ffi.new("vx_size[]", start),
                   ffi.new("vx_size[]", end), map_id, stride, ptr, int(usage), lib.VX_MEMORY_TYPE_HOST)
        try:
            dt = self.dtype
            strides = [int(stride[i]) for i in range(n)][::-1]
            nbytes = sum((s - 1) * st for s, st in zip(shape, strides)) + dt.itemsize
            view = np.ndarray(shape, dtype=dt, buffer=ffi.buffer(ptr[0], nbytes), strides=strides)
            if int(usage) == lib.VX_READ_ONLY:
                view.flags.writeable = False
            yield view
        finally:
            self._call(lib.vxUnmapTensorPatch, self.handle, map_id[0])

    def view(self, start, end):
        """``vxCreateTensorFromView``: a tensor on the patch [start, end) of this
        one's memory (OpenVX order; fewer bounds than dims keep the rest whole).
        Keeps this tensor alive."""
        start, end, _ = self._bounds(start, end)
        mark = self.context._log_mark()
        h = lib.vxCreateTensorFromView(self.handle, len(start), ffi.new("vx_size[]", start),
                                       ffi.new("vx_size[]", end))
        return Tensor._from_handle(h, self, "vxCreateTensorFromView(%r, %r)" % (tuple(start), tuple(end)), mark)

    def swap_handle(self, new=None):
        """``vxSwapTensorHandle`` of a tensor made by ``tensor_from_numpy``: ``new``
        a writable ndarray of the same shape, dtype and strides (or None);
        returns the previous array."""
        if new is None:
            ptr = ffi.NULL
        else:
            if not isinstance(new, np.ndarray):
                raise TypeError("swap_handle: expected an ndarray, got %s" % type(new).__name__)
            if new.dtype != self.dtype:
                raise TypeError("swap_handle: expected dtype %s, got %s" % (self.dtype, new.dtype))
            if new.shape != self.shape:
                raise ValueError("swap_handle: expected shape %s, got %s" % (self.shape, new.shape))
            ref = self._pinned
            want = ref.strides if ref is not None else np.empty(self.shape, self.dtype).strides
            if new.strides != want or not new.flags.writeable:
                raise ValueError("swap_handle: the array must be writable with strides %s (got %s)"
                                 % (want, new.strides))
            ptr = _address(new)
        prev = ffi.new("void **")
        self._call(lib.vxSwapTensorHandle, self.handle, ptr, prev)
        old, self._pinned = self._pinned, new
        return old

    def image_object_array(self, rect, array_size, jump, format):  # noqa: A002
        """``vxCreateImageObjectArrayFromTensor``: ``array_size`` images (every
        ``jump``-th slice of the last dimension) on this tensor's memory."""
        mark = self.context._log_mark()
        h = lib.vxCreateImageObjectArrayFromTensor(self.handle, _rect(rect), int(array_size), int(jump),
                                                   int(format))
        return ObjectArray._from_handle(h, self, "vxCreateImageObjectArrayFromTensor", mark)

    def __repr__(self):
        if self._handle is None:
            return "<Tensor closed>"
        return "<Tensor dims=%r %s>" % (self.dims, self.dtype)


def _rect(rect):
    r = ffi.new("vx_rectangle_t *")
    r.start_x, r.start_y, r.end_x, r.end_y = (int(v) for v in rect)
    return r


def _strides_ok(a):
    """Can the tensor live in ``a``'s memory?  OpenVX strides (reversed NumPy
    strides) must start at the item size and nest without overlap."""
    if not a.flags.writeable or a.ctypes.data % a.dtype.alignment:
        return False
    st, dims = a.strides[::-1], a.shape[::-1]
    if st[0] != a.dtype.itemsize:
        return False
    for i in range(1, a.ndim):
        if st[i] < 0 or st[i] < st[i - 1] * dims[i - 1]:
            return False
    return True


# ---------------------------------------------------------------------------
class UserDataObject(_DataObject):
    """A ``vx_user_data_object``: ``size`` bytes with an optional type name.

    ``to_bytes()`` / ``to_numpy(dtype)`` copy out, ``copy_from(data, offset)``
    copies any bytes-like object (bytes, bytearray, ndarray) in, ``map()``
    yields a uint8 ndarray view.
    """

    _vx_type = "vx_user_data_object"
    _vx_release = "vxReleaseUserDataObject"

    def __init__(self, context, size=None, type_name="", data=None):
        keep = ffi.NULL
        if data is not None:
            mv = memoryview(data).cast("B") if not isinstance(data, np.ndarray) else None
            buf = bytes(mv) if mv is not None else np.ascontiguousarray(data).tobytes()
            if size is None:
                size = len(buf)
            elif int(size) != len(buf):
                raise ValueError("user data object of %d bytes: data has %d bytes" % (int(size), len(buf)))
            keep = ffi.from_buffer(buf)
        if size is None:
            raise TypeError("user_data_object: give size= or data=")
        name = (type_name or "").encode("utf-8")
        if len(name) >= lib.VX_MAX_REFERENCE_NAME:
            raise ValueError("type_name: at most %d bytes" % (lib.VX_MAX_REFERENCE_NAME - 1))
        self._create(context, lib.vxCreateUserDataObject,
                     "vxCreateUserDataObject(%r, %d)" % (type_name, int(size)), name if name else ffi.NULL,
                     int(size), keep)

    def _q(self, attr, ctype):
        return self._query(lib.vxQueryUserDataObject, attr, ctype)

    @property
    def type_name(self):
        return self._query_string(lib.vxQueryUserDataObject, lib.VX_USER_DATA_OBJECT_NAME,
                                  lib.VX_MAX_REFERENCE_NAME)

    @property
    def size(self):
        return self._q(lib.VX_USER_DATA_OBJECT_SIZE, "vx_size")

    def __len__(self):
        return self.size

    def _range(self, offset, size):
        total = self.size
        offset = int(offset)
        size = total - offset if size is None else int(size)
        if offset < 0 or size <= 0 or offset + size > total:
            raise ValueError("bytes [%d, %d) are outside the object's %d bytes" % (offset, offset + size, total))
        return offset, size

    def to_bytes(self, offset=0, size=None):
        return self.to_numpy(np.uint8, offset, size).tobytes()

    def to_numpy(self, dtype=np.uint8, offset=0, size=None):
        """A copy of bytes [offset, offset + size) viewed as ``dtype``."""
        offset, size = self._range(offset, size)
        dt = np.dtype(dtype)
        if size % dt.itemsize:
            raise ValueError("%d bytes are not a whole number of %s items" % (size, dt))
        out = np.empty(size // dt.itemsize, dt)
        self._call(lib.vxCopyUserDataObject, self.handle, offset, size, ffi.from_buffer(out), lib.VX_READ_ONLY,
                   lib.VX_MEMORY_TYPE_HOST)
        return out

    def copy_from(self, data, offset=0):
        if isinstance(data, np.ndarray):
            buf = np.ascontiguousarray(data)
            n = buf.nbytes
        else:
            buf = bytes(memoryview(data).cast("B"))
            n = len(buf)
        offset, n = self._range(offset, n)
        self._call(lib.vxCopyUserDataObject, self.handle, offset, n, ffi.from_buffer(buf, require_writable=False),
                   lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)

    write = copy_from

    def __bytes__(self):
        return self.to_bytes()

    @contextlib.contextmanager
    def map(self, offset=0, size=None, usage=lib.VX_READ_ONLY):
        """``vxMapUserDataObject``: a uint8 ndarray view of the bytes, unmapped on exit."""
        offset, size = self._range(offset, size)
        map_id = ffi.new("vx_map_id *")
        ptr = ffi.new("void **")
        self._call(lib.vxMapUserDataObject, self.handle, offset, size, map_id, ptr, int(usage),
                   lib.VX_MEMORY_TYPE_HOST, 0)
        try:
            view = np.frombuffer(ffi.buffer(ptr[0], size), dtype=np.uint8)
            if int(usage) == lib.VX_READ_ONLY:
                view.flags.writeable = False
            yield view
        finally:
            self._call(lib.vxUnmapUserDataObject, self.handle, map_id[0])


# ---------------------------------------------------------------------------
class _Container(_DataObject):
    """Objects holding other objects (object arrays, pyramids, delays)."""

    @classmethod
    def _from_handle(cls, handle, parent, what, mark):
        self = cls.__new__(cls)
        self._adopt(handle, parent, what, mark=mark)
        return self

    def _create_like(self, context, fn, what, exemplar, count):
        if not isinstance(exemplar, Reference):
            raise TypeError("%s: the exemplar must be a pyopenvx object, got %s" % (what, type(exemplar).__name__))
        self._create(context, fn, what, exemplar.ref, int(count))

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def _index(self, i):
        n = len(self)
        if not isinstance(i, (int, np.integer)):
            raise TypeError("index must be an int, got %s" % type(i).__name__)
        i = int(i)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("index out of range (%d items)" % n)
        return i


class ObjectArray(_Container):
    """A ``vx_object_array``: ``len()``, ``[i]`` (the item's wrapper class), iteration."""

    _vx_type = "vx_object_array"
    _vx_release = "vxReleaseObjectArray"

    def __init__(self, context, exemplar, count):
        self._create_like(context, lib.vxCreateObjectArray, "vxCreateObjectArray", exemplar, count)

    @property
    def item_type(self):
        return _enums.as_enum(self._query(lib.vxQueryObjectArray, lib.VX_OBJECT_ARRAY_ITEMTYPE, "vx_enum"), "type")

    @property
    def num_items(self):
        return self._query(lib.vxQueryObjectArray, lib.VX_OBJECT_ARRAY_NUMITEMS, "vx_size")

    def __len__(self):
        return self.num_items

    def __getitem__(self, i):
        i = self._index(i)
        mark = self.context._log_mark()
        h = lib.vxGetObjectArrayItem(self.handle, i)
        return wrap_reference(h, self, "vxGetObjectArrayItem(%d)" % i, mark)


class Pyramid(_Container):
    """A ``vx_pyramid``: ``len()`` = levels, ``[i]`` -> :class:`Image` of level i."""

    _vx_type = "vx_pyramid"
    _vx_release = "vxReleasePyramid"

    def __init__(self, context, levels, scale, width, height, format):  # noqa: A002
        self._create(context, lib.vxCreatePyramid,
                     "vxCreatePyramid(%d, %g, %d, %d, %#x)" % (int(levels), float(scale), int(width), int(height),
                                                               int(format)),
                     int(levels), float(scale), int(width), int(height), int(format))

    def _q(self, attr, ctype):
        return self._query(lib.vxQueryPyramid, attr, ctype)

    @property
    def levels(self):
        return self._q(lib.VX_PYRAMID_LEVELS, "vx_size")

    @property
    def scale(self):
        return self._q(lib.VX_PYRAMID_SCALE, "vx_float32")

    @property
    def width(self):
        return self._q(lib.VX_PYRAMID_WIDTH, "vx_uint32")

    @property
    def height(self):
        return self._q(lib.VX_PYRAMID_HEIGHT, "vx_uint32")

    @property
    def format(self):  # noqa: A003
        return _enums.as_enum(self._q(lib.VX_PYRAMID_FORMAT, "vx_df_image"), "df_image")

    def __len__(self):
        return self.levels

    def __getitem__(self, i):
        i = self._index(i)
        mark = self.context._log_mark()
        h = lib.vxGetPyramidLevel(self.handle, i)
        return Image._from_handle(h, self, "vxGetPyramidLevel(%d)" % i, mark)


class Delay(_Container):
    """A ``vx_delay``: ``[0]`` the current slot, ``[-1]`` the previous one, ...
    down to ``[-(slots - 1)]``; :meth:`age` rotates them.  ``len()`` = slots."""

    _vx_type = "vx_delay"
    _vx_release = "vxReleaseDelay"

    def __init__(self, context, exemplar, slots):
        self._create_like(context, lib.vxCreateDelay, "vxCreateDelay", exemplar, slots)

    @property
    def slots(self):
        return self._query(lib.vxQueryDelay, lib.VX_DELAY_SLOTS, "vx_size")

    @property
    def item_type(self):
        """``VX_DELAY_TYPE``: the type of the objects in the slots."""
        return _enums.as_enum(self._query(lib.vxQueryDelay, lib.VX_DELAY_TYPE, "vx_enum"), "type")

    def __len__(self):
        return self.slots

    def __getitem__(self, index):
        """The object of slot ``index`` (0, -1, ..., -(slots - 1))."""
        if not isinstance(index, (int, np.integer)):
            raise TypeError("index must be an int, got %s" % type(index).__name__)
        n = self.slots
        index = int(index)
        if not -(n - 1) <= index <= 0:
            raise IndexError("delay index %d is outside [-%d, 0]" % (index, n - 1))
        mark = self.context._log_mark()
        h = lib.vxGetReferenceFromDelay(self.handle, index)
        if h != ffi.NULL and lib.vxGetStatus(h) == lib.VX_SUCCESS:
            # The delay does not count this reference for us: take one.
            self._call(lib.vxRetainReference, h)
        return wrap_reference(h, self, "vxGetReferenceFromDelay(%d)" % index, mark)

    def __iter__(self):
        for i in range(0, -len(self), -1):
            yield self[i]

    def age(self):
        """``vxAgeDelay``: slot -(slots-1) becomes 0, 0 becomes -1, ..."""
        self._call(lib.vxAgeDelay, self.handle)


# ---------------------------------------------------------------------------
class _AnyReference(Reference):
    """A reference of a type without its own wrapper class."""

    _vx_type = "vx_reference"
    _vx_release = "vxReleaseReference"


def _fix_basic(obj):
    """Set what the basic classes' constructors would have set."""
    if isinstance(obj, Array):
        obj.dtype = _item_dtype(obj.item_type, obj.item_size)
    elif isinstance(obj, LUT):
        obj.dtype = np.dtype(np.uint8 if obj.data_type == lib.VX_TYPE_UINT8 else np.int16)
    elif isinstance(obj, Matrix):
        obj.dtype = np.dtype(_MATRIX_DTYPES[obj.data_type])
    elif isinstance(obj, Scalar):
        t = obj.type
        obj._ctype = _CTYPES.get(t)
        # user/vendor structs: no public query gives their size; raw needs it
        obj._size = ffi.sizeof(obj._ctype) if obj._ctype is not None else None

_CLASSES = {
    lib.VX_TYPE_IMAGE: Image, lib.VX_TYPE_TENSOR: Tensor, lib.VX_TYPE_USER_DATA_OBJECT: UserDataObject,
    lib.VX_TYPE_OBJECT_ARRAY: ObjectArray, lib.VX_TYPE_PYRAMID: Pyramid, lib.VX_TYPE_DELAY: Delay,
    lib.VX_TYPE_SCALAR: Scalar, lib.VX_TYPE_ARRAY: Array, lib.VX_TYPE_LUT: LUT,
    lib.VX_TYPE_DISTRIBUTION: Distribution, lib.VX_TYPE_MATRIX: Matrix, lib.VX_TYPE_CONVOLUTION: Convolution,
    lib.VX_TYPE_THRESHOLD: Threshold, lib.VX_TYPE_REMAP: Remap,
}


def wrap_lent(handle, vx_type, parent):
    """Wrap a valid ``vx_reference`` of type ``vx_type`` that a callback is
    lent, without a count (Reference._lent_wrapper); _fix_basic(obj) is left
    to the caller."""
    cls = _CLASSES.get(int(vx_type), _AnyReference)
    return cls._lent_wrapper(handle, parent)


def wrap_reference(handle, parent, what="a reference", mark=None):
    """Wrap a counted ``vx_reference`` (the caller owns one count) in the
    pyopenvx class of its type; ``parent`` is kept alive by the wrapper.  An
    error object or NULL raises the VXError of its status."""
    if handle == ffi.NULL or lib.vxGetStatus(ffi.cast("vx_reference", handle)) != lib.VX_SUCCESS:
        probe = _AnyReference.__new__(_AnyReference)
        probe._adopt(ffi.cast("vx_reference", handle), parent, what, mark=mark)  # raises
    ref = ffi.cast("vx_reference", handle)
    t = ffi.new("vx_enum *")
    if lib.vxQueryReference(ref, lib.VX_REFERENCE_TYPE, t, ffi.sizeof("vx_enum")) != lib.VX_SUCCESS:
        t[0] = lib.VX_TYPE_REFERENCE
    cls = _CLASSES.get(t[0], _AnyReference)
    obj = cls.__new__(cls)
    obj._adopt(ffi.cast(cls._vx_type, ref), parent, what, mark=mark)
    _fix_basic(obj)
    return obj
