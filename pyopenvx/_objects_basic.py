"""The simple data objects: Scalar, Array, LUT, Distribution, Matrix,
Convolution, Threshold, Remap.

Each class owns one OpenVX object (released on ``close()``, ``with`` exit or
GC, keeping its context alive), exposes the object's attributes as properties
and moves data in and out as NumPy arrays (``to_numpy()`` copies,
``write(...)`` copies in, ``map(...)`` is a context manager giving a
zero-copy ndarray view that is unmapped on exit)::

    import numpy as np, pyopenvx as vx
    with vx.Context() as ctx:
        m = vx.Matrix.from_numpy(ctx, np.eye(3, dtype=np.float32))
        lut = vx.LUT(ctx)                    # 256 x VX_TYPE_UINT8
        with lut.map() as t:
            t[:] = 255 - np.arange(256)
        s = vx.Scalar(ctx, vx.TYPE_FLOAT32, 0.5)
        s.value = 2.0
"""

import contextlib

import numpy as np

from ._ffi import ffi, lib
from . import _enums
from ._reference import Reference

__all__ = ["Scalar", "Array", "LUT", "Distribution", "Matrix", "Convolution", "Threshold", "Remap"]

# vx_type_e -> C type name of the standard types
_CTYPES = {
    lib.VX_TYPE_CHAR: "vx_int8",  # vx_char is a C char: same bytes, Python ints
    lib.VX_TYPE_INT8: "vx_int8",
    lib.VX_TYPE_UINT8: "vx_uint8",
    lib.VX_TYPE_INT16: "vx_int16",
    lib.VX_TYPE_UINT16: "vx_uint16",
    lib.VX_TYPE_INT32: "vx_int32",
    lib.VX_TYPE_UINT32: "vx_uint32",
    lib.VX_TYPE_INT64: "vx_int64",
    lib.VX_TYPE_UINT64: "vx_uint64",
    lib.VX_TYPE_FLOAT32: "vx_float32",
    lib.VX_TYPE_FLOAT64: "vx_float64",
    lib.VX_TYPE_ENUM: "vx_enum",
    lib.VX_TYPE_SIZE: "vx_size",
    lib.VX_TYPE_DF_IMAGE: "vx_df_image",
    lib.VX_TYPE_FLOAT16: "vx_uint16",
    lib.VX_TYPE_BOOL: "vx_bool",
    lib.VX_TYPE_RECTANGLE: "vx_rectangle_t",
    lib.VX_TYPE_KEYPOINT: "vx_keypoint_t",
    lib.VX_TYPE_COORDINATES2D: "vx_coordinates2d_t",
    lib.VX_TYPE_COORDINATES3D: "vx_coordinates3d_t",
    lib.VX_TYPE_COORDINATES2DF: "vx_coordinates2df_t",
    lib.VX_TYPE_HOG_PARAMS: "vx_hog_t",
    lib.VX_TYPE_HOUGH_LINES_PARAMS: "vx_hough_lines_p_t",
    lib.VX_TYPE_LINE_2D: "vx_line2d_t",
    lib.VX_TYPE_TENSOR_MATRIX_MULTIPLY_PARAMS: "vx_tensor_matrix_multiply_params_t",
}

# C primitive (as cffi names it) -> NumPy dtype
_PRIMS = {
    "char": np.int8, "int8_t": np.int8, "uint8_t": np.uint8, "int16_t": np.int16,
    "uint16_t": np.uint16, "int32_t": np.int32, "uint32_t": np.uint32, "int64_t": np.int64,
    "uint64_t": np.uint64, "float": np.float32, "double": np.float64, "size_t": np.uintp,
    "uintptr_t": np.uintp, "int": np.intc, "unsigned int": np.uintc,
}


def _dtype_of_ctype(ctype):
    """NumPy dtype of a cffi type (a primitive, an enum or a struct of them)."""
    t = ffi.typeof(ctype) if isinstance(ctype, str) else ctype
    if t.kind == "primitive":
        return np.dtype(_PRIMS.get(t.cname, "V%d" % ffi.sizeof(t)))
    if t.kind == "enum":
        return np.dtype(np.intc)
    if t.kind == "struct":
        names, formats, offsets = [], [], []
        for name, field in t.fields:
            names.append(name)
            offsets.append(field.offset)
            if field.type.kind == "array":
                formats.append((_dtype_of_ctype(field.type.item), field.type.length))
            else:
                formats.append(_dtype_of_ctype(field.type))
        return np.dtype({"names": names, "formats": formats, "offsets": offsets,
                         "itemsize": ffi.sizeof(t)})
    return np.dtype("V%d" % ffi.sizeof(t))


def _item_dtype(item_type, item_size):
    """NumPy dtype of items of ``item_type`` (user structs: raw bytes)."""
    if item_type == lib.VX_TYPE_FLOAT16:
        return np.dtype(np.float16)
    ct = _CTYPES.get(item_type)
    if ct is not None:
        return _dtype_of_ctype(ct)
    return np.dtype("V%d" % item_size)


def _view(ptr, nbytes, dtype, shape=None, strides=None):
    """A writable ndarray over C memory (valid while the mapping lives)."""
    buf = ffi.buffer(ptr, nbytes)
    if shape is None:
        return np.frombuffer(buf, dtype=dtype)
    return np.ndarray(shape, dtype=dtype, buffer=buf, strides=strides)


def _cptr(a):
    return ffi.from_buffer(a, require_writable=False)


class _DataObject(Reference):
    """Common constructor path: create with a vxCreate* call, adopt the handle."""

    def _create(self, context, fn, what, *args):
        mark = context._log_mark()
        h = fn(context.handle, *args)
        self._adopt(h, context, what, mark=mark)


# ---------------------------------------------------------------------------
class Scalar(_DataObject):
    """A ``vx_scalar`` (``vxCreateScalar``/``vxCreateScalarWithSize``).

    ``value`` reads/writes a Python number for the numeric types and a dict of
    fields for the struct types (``VX_TYPE_RECTANGLE``, ...); ``raw`` reads and
    writes the bytes (any type, also user and vendor structs).
    """

    _vx_type = "vx_scalar"
    _vx_release = "vxReleaseScalar"

    def __init__(self, context, data_type, value=None, size=None):
        data_type = int(data_type)
        ct = _CTYPES.get(data_type)
        if size is None and ct is None:
            raise TypeError("Scalar of type %#x (a user or vendor struct): give its size=" % data_type)
        self._ctype = ct
        init = ffi.NULL
        keep = None
        if value is not None:
            keep = self._pack(value, data_type, size)
            init = keep
        if size is None:
            self._create(context, lib.vxCreateScalar, "vxCreateScalar(%#x)" % data_type, data_type, init)
        else:
            self._create(context, lib.vxCreateScalarWithSize, "vxCreateScalarWithSize(%#x)" % data_type,
                         data_type, init, int(size))
        self._size = int(size) if size is not None else ffi.sizeof(ct)

    def _pack(self, value, data_type, size):
        if isinstance(value, (bytes, bytearray, memoryview)):
            return ffi.from_buffer(bytearray(value))
        ct = _CTYPES.get(data_type)
        if ct is None:
            raise TypeError("a value of type %#x must be given as bytes" % data_type)
        if data_type == lib.VX_TYPE_FLOAT16:
            p = ffi.new("vx_uint16 *", int(np.float16(value).view(np.uint16)))
        elif ffi.typeof(ct).kind == "struct":
            p = ffi.new(ct + " *", dict(value))
        else:
            p = ffi.new(ct + " *", value)
        return p

    @property
    def type(self):
        """``VX_SCALAR_TYPE`` as a :class:`pyopenvx.Type`."""
        return _enums.as_enum(self._query(lib.vxQueryScalar, lib.VX_SCALAR_TYPE, "vx_enum"), "type")

    @property
    def data_type(self):
        return self.type

    @property
    def raw(self):
        n = self._size
        buf = ffi.new("vx_uint8[]", n)
        self._call(lib.vxCopyScalarWithSize, self.handle, n, buf, lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
        return bytes(ffi.buffer(buf, n))

    @raw.setter
    def raw(self, data):
        data = bytearray(data)
        self._call(lib.vxCopyScalarWithSize, self.handle, len(data), ffi.from_buffer(data), lib.VX_WRITE_ONLY,
                   lib.VX_MEMORY_TYPE_HOST)

    @property
    def value(self):
        t = self.type
        ct = _CTYPES.get(t)
        if ct is None:
            return self.raw
        p = ffi.new(ct + " *")
        self._call(lib.vxCopyScalar, self.handle, p, lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
        if t == lib.VX_TYPE_FLOAT16:
            return float(np.uint16(p[0]).view(np.float16))
        if t == lib.VX_TYPE_BOOL:
            return bool(p[0])
        if ffi.typeof(ct).kind == "struct":
            return {name: _field_value(getattr(p[0], name)) for name, _ in ffi.typeof(ct).fields}
        return p[0]

    @value.setter
    def value(self, v):
        t = self.type
        p = self._pack(v, t, self._size)
        self._call(lib.vxCopyScalar, self.handle, p, lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)


def _field_value(v):
    if isinstance(v, ffi.CData):
        return list(v)
    return v


# ---------------------------------------------------------------------------
_ITEM_NAMES = {
    lib.VX_TYPE_KEYPOINT: "vx_keypoint_t", lib.VX_TYPE_COORDINATES2D: "vx_coordinates2d_t",
    lib.VX_TYPE_COORDINATES2DF: "vx_coordinates2df_t", lib.VX_TYPE_COORDINATES3D: "vx_coordinates3d_t",
    lib.VX_TYPE_RECTANGLE: "vx_rectangle_t",
}


class Array(_DataObject):
    """A ``vx_array`` of ``capacity`` items of ``item_type``.

    Items are NumPy scalars of :attr:`dtype` (a structured dtype for the struct
    types, raw bytes for user structs): ``add(items)``, ``to_numpy()``,
    ``write(start, items)``, ``truncate(n)``, ``map(start, end)``.
    """

    _vx_type = "vx_array"
    _vx_release = "vxReleaseArray"

    def __init__(self, context, item_type, capacity):
        self._create(context, lib.vxCreateArray, "vxCreateArray(%#x, %d)" % (int(item_type), int(capacity)),
                     int(item_type), int(capacity))
        self.dtype = _item_dtype(self.item_type, self.item_size)

    def _q(self, attr, ctype):
        return self._query(lib.vxQueryArray, attr, ctype)

    @property
    def item_type(self):
        """``VX_ARRAY_ITEMTYPE`` as a :class:`pyopenvx.Type` (an int for user structs)."""
        return _enums.as_enum(self._q(lib.VX_ARRAY_ITEMTYPE, "vx_enum"), "type")

    @property
    def item_size(self):
        return self._q(lib.VX_ARRAY_ITEMSIZE, "vx_size")

    @property
    def capacity(self):
        return self._q(lib.VX_ARRAY_CAPACITY, "vx_size")

    @property
    def num_items(self):
        return self._q(lib.VX_ARRAY_NUMITEMS, "vx_size")

    def __len__(self):
        return self.num_items

    def _items(self, items):
        """``items`` as a contiguous 1-D array of :attr:`dtype`.  For the struct
        types (coordinates, keypoints, rectangles, ...) that is a structured
        array with the same field names, a list of tuples, or an (N, fields)
        array whose columns are the fields in order; anything else raises
        (numpy alone would copy each number into every field)."""
        dt = self.dtype
        if dt.names is None:
            return np.ascontiguousarray(items, dtype=dt).reshape(-1)
        nf = len(dt.names)
        if isinstance(items, np.ndarray) and items.dtype.names is not None:
            if set(items.dtype.names) != set(dt.names):
                raise ValueError("Array.add: the items have fields %s, a %s item has %s"
                                 % (items.dtype.names, self._item_name(), dt.names))
            src = items.reshape(-1)
            out = np.empty(src.shape[0], dtype=dt)
            for name in dt.names:
                out[name] = src[name]
            return out
        if isinstance(items, (list, tuple)) and all(isinstance(t, tuple) for t in items):
            if any(len(t) != nf for t in items):
                raise ValueError("Array.add: each %s tuple has %d fields %s" % (self._item_name(), nf, dt.names))
            return np.array(list(items), dtype=dt)
        a = np.asarray(items)
        if a.ndim == 1 and a.shape[0] == nf:
            a = a.reshape(1, nf)
        if a.ndim != 2 or a.shape[1] != nf:
            raise ValueError("Array.add: %s items are a structured array, a list of %d-tuples or an (N, %d) array "
                             "(fields %s); got shape %s" % (self._item_name(), nf, nf, ", ".join(dt.names), a.shape))
        out = np.empty(a.shape[0], dtype=dt)
        for k, name in enumerate(dt.names):
            out[name] = a[:, k]
        return out

    def _item_name(self):
        return _ITEM_NAMES.get(self.item_type, "struct")

    def add(self, items):
        """Append items (see :meth:`_items` for the accepted shapes); raises when
        they do not fit."""
        a = self._items(items)
        if a.size:
            self._call(lib.vxAddArrayItems, self.handle, a.size, _cptr(a), self.dtype.itemsize)

    def truncate(self, n):
        self._call(lib.vxTruncateArray, self.handle, int(n))

    def to_numpy(self, start=0, end=None):
        end = self.num_items if end is None else end
        out = np.empty(max(end - start, 0), dtype=self.dtype)
        if out.size:
            self._call(lib.vxCopyArrayRange, self.handle, start, end, self.dtype.itemsize, ffi.from_buffer(out),
                       lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
        return out

    def write(self, start, items):
        a = self._items(items)
        self._call(lib.vxCopyArrayRange, self.handle, start, start + a.size, self.dtype.itemsize, _cptr(a),
                   lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)

    @contextlib.contextmanager
    def map(self, start=0, end=None, usage=lib.VX_READ_AND_WRITE):
        end = self.num_items if end is None else end
        map_id = ffi.new("vx_map_id *")
        stride = ffi.new("vx_size *")
        ptr = ffi.new("void **")
        self._call(lib.vxMapArrayRange, self.handle, start, end, map_id, stride, ptr, usage,
                   lib.VX_MEMORY_TYPE_HOST, 0)
        n = end - start
        try:
            yield _view(ptr[0], (n - 1) * stride[0] + self.dtype.itemsize, self.dtype, (n,), (stride[0],))
        finally:
            self._call(lib.vxUnmapArrayRange, self.handle, map_id[0])


# ---------------------------------------------------------------------------
class _WholeBuffer(_DataObject):
    """Objects read and written whole (LUT, distribution, matrix, convolution)."""

    _copy_fn = None

    def _shape(self):
        raise NotImplementedError

    def to_numpy(self):
        out = np.empty(self._shape(), dtype=self.dtype)
        self._call(getattr(lib, self._copy_fn), self.handle, ffi.from_buffer(out), lib.VX_READ_ONLY,
                   lib.VX_MEMORY_TYPE_HOST)
        return out

    def write(self, data):
        a = np.ascontiguousarray(data, dtype=self.dtype)
        if a.shape != self._shape() and a.size != int(np.prod(self._shape())):
            raise ValueError("expected %s values, got shape %s" % (self._shape(), a.shape))
        self._call(getattr(lib, self._copy_fn), self.handle, _cptr(a), lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)

    def __array__(self, dtype=None, copy=None):
        a = self.to_numpy()
        return a if dtype is None else a.astype(dtype)


class LUT(_WholeBuffer):
    """A ``vx_lut`` (``VX_TYPE_UINT8`` up to 256 entries, ``VX_TYPE_INT16`` up to 65536)."""

    _vx_type = "vx_lut"
    _vx_release = "vxReleaseLUT"
    _copy_fn = "vxCopyLUT"

    def __init__(self, context, data_type=lib.VX_TYPE_UINT8, count=256):
        self._create(context, lib.vxCreateLUT, "vxCreateLUT(%#x, %d)" % (int(data_type), int(count)),
                     int(data_type), int(count))
        self.dtype = np.dtype(np.uint8 if self.data_type == lib.VX_TYPE_UINT8 else np.int16)

    @classmethod
    def from_numpy(cls, context, values):
        a = np.asarray(values)
        lut = cls(context, lib.VX_TYPE_INT16 if a.dtype == np.int16 else lib.VX_TYPE_UINT8, a.size)
        lut.write(a)
        return lut

    def _shape(self):
        return (self.count,)

    @property
    def data_type(self):
        return _enums.as_enum(self._query(lib.vxQueryLUT, lib.VX_LUT_TYPE, "vx_enum"), "type")

    @property
    def count(self):
        return self._query(lib.vxQueryLUT, lib.VX_LUT_COUNT, "vx_size")

    @property
    def size(self):
        return self._query(lib.vxQueryLUT, lib.VX_LUT_SIZE, "vx_size")

    @property
    def offset(self):
        return self._query(lib.vxQueryLUT, lib.VX_LUT_OFFSET, "vx_uint32")

    @contextlib.contextmanager
    def map(self, usage=lib.VX_READ_AND_WRITE):
        map_id = ffi.new("vx_map_id *")
        ptr = ffi.new("void **")
        self._call(lib.vxMapLUT, self.handle, map_id, ptr, usage, lib.VX_MEMORY_TYPE_HOST, 0)
        try:
            yield _view(ptr[0], self.count * self.dtype.itemsize, self.dtype)
        finally:
            self._call(lib.vxUnmapLUT, self.handle, map_id[0])


class Distribution(_WholeBuffer):
    """A ``vx_distribution`` of ``bins`` vx_uint32 counters over [offset, offset + range)."""

    _vx_type = "vx_distribution"
    _vx_release = "vxReleaseDistribution"
    _copy_fn = "vxCopyDistribution"
    dtype = np.dtype(np.uint32)

    def __init__(self, context, bins, offset, range):  # noqa: A002 (the spec's name)
        self._create(context, lib.vxCreateDistribution, "vxCreateDistribution(%d, %d, %d)" % (bins, offset, range),
                     int(bins), int(offset), int(range))

    def _shape(self):
        return (self.bins,)

    def _q(self, attr, ctype):
        return self._query(lib.vxQueryDistribution, attr, ctype)

    @property
    def dimensions(self):
        return self._q(lib.VX_DISTRIBUTION_DIMENSIONS, "vx_size")

    @property
    def offset(self):
        return self._q(lib.VX_DISTRIBUTION_OFFSET, "vx_int32")

    @property
    def range(self):
        return self._q(lib.VX_DISTRIBUTION_RANGE, "vx_uint32")

    @property
    def bins(self):
        return self._q(lib.VX_DISTRIBUTION_BINS, "vx_size")

    @property
    def window(self):
        """Range / bins, or 0 when the range is not a multiple of the bins."""
        return self._q(lib.VX_DISTRIBUTION_WINDOW, "vx_uint32")

    @property
    def size(self):
        return self._q(lib.VX_DISTRIBUTION_SIZE, "vx_size")

    @contextlib.contextmanager
    def map(self, usage=lib.VX_READ_AND_WRITE):
        map_id = ffi.new("vx_map_id *")
        ptr = ffi.new("void **")
        self._call(lib.vxMapDistribution, self.handle, map_id, ptr, usage, lib.VX_MEMORY_TYPE_HOST, 0)
        try:
            yield _view(ptr[0], self.bins * 4, self.dtype)
        finally:
            self._call(lib.vxUnmapDistribution, self.handle, map_id[0])


_MATRIX_DTYPES = {lib.VX_TYPE_UINT8: np.uint8, lib.VX_TYPE_INT32: np.int32, lib.VX_TYPE_FLOAT32: np.float32}


class Matrix(_WholeBuffer):
    """A ``vx_matrix`` (UINT8, INT32 or FLOAT32), read and written as a (rows, columns) array."""

    _vx_type = "vx_matrix"
    _vx_release = "vxReleaseMatrix"
    _copy_fn = "vxCopyMatrix"

    def __init__(self, context, data_type, columns, rows, _handle_maker=None):
        if _handle_maker is None:
            self._create(context, lib.vxCreateMatrix, "vxCreateMatrix(%#x, %d, %d)" % (data_type, columns, rows),
                         int(data_type), int(columns), int(rows))
        else:
            _handle_maker(self)
        self.dtype = np.dtype(_MATRIX_DTYPES[self.data_type])

    @classmethod
    def from_numpy(cls, context, values):
        a = np.asarray(values)
        if a.ndim != 2:
            raise ValueError("a matrix needs a 2D array")
        kind = {np.dtype(np.uint8): lib.VX_TYPE_UINT8, np.dtype(np.int32): lib.VX_TYPE_INT32}.get(
            a.dtype, lib.VX_TYPE_FLOAT32)
        m = cls(context, kind, a.shape[1], a.shape[0])
        m.write(a)
        return m

    @classmethod
    def from_pattern(cls, context, pattern, columns, rows, origin=None):
        """``vxCreateMatrixFromPattern`` (origin None) or ``...AndOrigin`` (origin = (col, row))."""

        def make(self):
            if origin is None:
                self._create(context, lib.vxCreateMatrixFromPattern,
                             "vxCreateMatrixFromPattern(%#x, %d, %d)" % (pattern, columns, rows),
                             int(pattern), int(columns), int(rows))
            else:
                self._create(context, lib.vxCreateMatrixFromPatternAndOrigin,
                             "vxCreateMatrixFromPatternAndOrigin(%#x, %d, %d, %d, %d)"
                             % (pattern, columns, rows, origin[0], origin[1]),
                             int(pattern), int(columns), int(rows), int(origin[0]), int(origin[1]))

        return cls(context, None, columns, rows, _handle_maker=make)

    def _shape(self):
        return (self.rows, self.columns)

    def _q(self, attr, ctype):
        return self._query(lib.vxQueryMatrix, attr, ctype)

    @property
    def data_type(self):
        return _enums.as_enum(self._q(lib.VX_MATRIX_TYPE, "vx_enum"), "type")

    @property
    def rows(self):
        return self._q(lib.VX_MATRIX_ROWS, "vx_size")

    @property
    def columns(self):
        return self._q(lib.VX_MATRIX_COLUMNS, "vx_size")

    @property
    def size(self):
        return self._q(lib.VX_MATRIX_SIZE, "vx_size")

    @property
    def origin(self):
        """``VX_MATRIX_ORIGIN`` as (column, row)."""
        o = self._q(lib.VX_MATRIX_ORIGIN, "vx_coordinates2d_t")
        return (o.x, o.y)

    @property
    def pattern(self):
        return self._q(lib.VX_MATRIX_PATTERN, "vx_enum")


class Convolution(_WholeBuffer):
    """A ``vx_convolution``: (rows, columns) int16 coefficients and a power-of-two ``scale``."""

    _vx_type = "vx_convolution"
    _vx_release = "vxReleaseConvolution"
    _copy_fn = "vxCopyConvolutionCoefficients"
    dtype = np.dtype(np.int16)

    def __init__(self, context, columns, rows, scale=None):
        self._create(context, lib.vxCreateConvolution, "vxCreateConvolution(%d, %d)" % (columns, rows),
                     int(columns), int(rows))
        if scale is not None:
            self.scale = scale

    @classmethod
    def from_numpy(cls, context, coefficients, scale=1):
        a = np.asarray(coefficients)
        if a.ndim != 2:
            raise ValueError("a convolution needs a 2D array")
        c = cls(context, a.shape[1], a.shape[0], scale)
        c.write(a)
        return c

    def _shape(self):
        return (self.rows, self.columns)

    def _q(self, attr, ctype):
        return self._query(lib.vxQueryConvolution, attr, ctype)

    @property
    def rows(self):
        return self._q(lib.VX_CONVOLUTION_ROWS, "vx_size")

    @property
    def columns(self):
        return self._q(lib.VX_CONVOLUTION_COLUMNS, "vx_size")

    @property
    def size(self):
        return self._q(lib.VX_CONVOLUTION_SIZE, "vx_size")

    @property
    def scale(self):
        return self._q(lib.VX_CONVOLUTION_SCALE, "vx_uint32")

    @scale.setter
    def scale(self, value):
        p = ffi.new("vx_uint32 *", int(value))
        self._call(lib.vxSetConvolutionAttribute, self.handle, lib.VX_CONVOLUTION_SCALE, p, ffi.sizeof("vx_uint32"))


# ---------------------------------------------------------------------------
_PIXEL_FIELDS = {
    lib.VX_DF_IMAGE_U1: "U1", lib.VX_DF_IMAGE_U8: "U8", lib.VX_DF_IMAGE_U16: "U16",
    lib.VX_DF_IMAGE_S16: "S16", lib.VX_DF_IMAGE_U32: "U32", lib.VX_DF_IMAGE_S32: "S32",
    lib.VX_DF_IMAGE_RGB: "RGB", lib.VX_DF_IMAGE_RGBX: "RGBX",
}
_YUV_FORMATS = ("NV12", "NV21", "UYVY", "YUYV", "IYUV", "YUV4")
for _f in _YUV_FORMATS:
    _PIXEL_FIELDS[getattr(lib, "VX_DF_IMAGE_" + _f)] = "YUV"
del _f


def _pixel_get(pv, fmt):
    field = _PIXEL_FIELDS.get(fmt)
    v = getattr(pv, field)
    if field in ("RGB", "RGBX", "YUV"):
        return tuple(v)
    return int(v)


def _pixel_set(pv, fmt, value):
    field = _PIXEL_FIELDS.get(fmt)
    if field in ("RGB", "RGBX", "YUV"):
        dst = getattr(pv, field)
        for i, c in enumerate(value):
            dst[i] = int(c)
    else:
        setattr(pv, field, int(value))


class Threshold(_DataObject):
    """A ``vx_threshold`` (``vxCreateThresholdForImage``).

    ``value`` (BINARY), ``lower``/``upper`` (RANGE) are ints in the input
    format; ``true_value``/``false_value`` are ints, or tuples for RGB/RGBX/YUV
    output formats.
    """

    _vx_type = "vx_threshold"
    _vx_release = "vxReleaseThreshold"

    def __init__(self, context, thresh_type, input_format=lib.VX_DF_IMAGE_U8, output_format=lib.VX_DF_IMAGE_U8):
        self._create(context, lib.vxCreateThresholdForImage,
                     "vxCreateThresholdForImage(%#x, %#x, %#x)" % (thresh_type, input_format, output_format),
                     int(thresh_type), int(input_format), int(output_format))

    def _q(self, attr, ctype):
        return self._query(lib.vxQueryThreshold, attr, ctype)

    @property
    def thresh_type(self):
        return _enums.as_enum(self._q(lib.VX_THRESHOLD_TYPE, "vx_enum"), "threshold_type")

    @property
    def input_format(self):
        return self._q(lib.VX_THRESHOLD_INPUT_FORMAT, "vx_df_image")

    @property
    def output_format(self):
        return self._q(lib.VX_THRESHOLD_OUTPUT_FORMAT, "vx_df_image")

    def _copy2(self, fn, fmt, values=None):
        a, b = ffi.new("vx_pixel_value_t *"), ffi.new("vx_pixel_value_t *")
        if values is None:
            self._call(fn, self.handle, a, b, lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
            return _pixel_get(a[0], fmt), _pixel_get(b[0], fmt)
        _pixel_set(a[0], fmt, values[0])
        _pixel_set(b[0], fmt, values[1])
        self._call(fn, self.handle, a, b, lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
        return None

    @property
    def value(self):
        p = ffi.new("vx_pixel_value_t *")
        self._call(lib.vxCopyThresholdValue, self.handle, p, lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
        return _pixel_get(p[0], self.input_format)

    @value.setter
    def value(self, v):
        p = ffi.new("vx_pixel_value_t *")
        _pixel_set(p[0], self.input_format, v)
        self._call(lib.vxCopyThresholdValue, self.handle, p, lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)

    @property
    def range(self):
        """(lower, upper) of a RANGE threshold."""
        return self._copy2(lib.vxCopyThresholdRange, self.input_format)

    @range.setter
    def range(self, lower_upper):
        self._copy2(lib.vxCopyThresholdRange, self.input_format, tuple(lower_upper))

    @property
    def lower(self):
        return self.range[0]

    @property
    def upper(self):
        return self.range[1]

    @property
    def outputs(self):
        """(true_value, false_value)."""
        return self._copy2(lib.vxCopyThresholdOutput, self.output_format)

    @outputs.setter
    def outputs(self, true_false):
        self._copy2(lib.vxCopyThresholdOutput, self.output_format, tuple(true_false))

    @property
    def true_value(self):
        return self.outputs[0]

    @property
    def false_value(self):
        return self.outputs[1]


class Remap(_DataObject):
    """A ``vx_remap``: for each destination pixel, its source (x, y) as float32.

    ``to_numpy(rect=None)`` gives a (height, width, 2) float32 array;
    ``write(points, rect=None)`` takes one; ``map(rect)`` a strided view.
    """

    _vx_type = "vx_remap"
    _vx_release = "vxReleaseRemap"
    dtype = np.dtype(np.float32)

    def __init__(self, context, src_width, src_height, dst_width, dst_height):
        self._create(context, lib.vxCreateRemap,
                     "vxCreateRemap(%d, %d, %d, %d)" % (src_width, src_height, dst_width, dst_height),
                     int(src_width), int(src_height), int(dst_width), int(dst_height))

    def _q(self, attr):
        return self._query(lib.vxQueryRemap, attr, "vx_uint32")

    @property
    def src_width(self):
        return self._q(lib.VX_REMAP_SOURCE_WIDTH)

    @property
    def src_height(self):
        return self._q(lib.VX_REMAP_SOURCE_HEIGHT)

    @property
    def dst_width(self):
        return self._q(lib.VX_REMAP_DESTINATION_WIDTH)

    @property
    def dst_height(self):
        return self._q(lib.VX_REMAP_DESTINATION_HEIGHT)

    def _rect(self, rect):
        r = ffi.new("vx_rectangle_t *")
        if rect is None:
            r.start_x, r.start_y, r.end_x, r.end_y = 0, 0, self.dst_width, self.dst_height
        else:
            r.start_x, r.start_y, r.end_x, r.end_y = (int(v) for v in rect)
        return r

    def to_numpy(self, rect=None):
        r = self._rect(rect)
        out = np.empty((r.end_y - r.start_y, r.end_x - r.start_x, 2), dtype=np.float32)
        self._call(lib.vxCopyRemapPatch, self.handle, r, out.strides[0], ffi.from_buffer(out),
                   lib.VX_TYPE_COORDINATES2DF, lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
        return out

    def write(self, points, rect=None):
        r = self._rect(rect)
        a = np.ascontiguousarray(points, dtype=np.float32)
        if a.shape != (r.end_y - r.start_y, r.end_x - r.start_x, 2):
            raise ValueError("expected shape %s, got %s" % ((r.end_y - r.start_y, r.end_x - r.start_x, 2), a.shape))
        self._call(lib.vxCopyRemapPatch, self.handle, r, a.strides[0], _cptr(a), lib.VX_TYPE_COORDINATES2DF,
                   lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)

    @contextlib.contextmanager
    def map(self, rect=None, usage=lib.VX_READ_AND_WRITE):
        r = self._rect(rect)
        map_id = ffi.new("vx_map_id *")
        stride = ffi.new("vx_size *")
        ptr = ffi.new("void **")
        self._call(lib.vxMapRemapPatch, self.handle, r, map_id, stride, ptr, lib.VX_TYPE_COORDINATES2DF, usage,
                   lib.VX_MEMORY_TYPE_HOST)
        h, w = r.end_y - r.start_y, r.end_x - r.start_x
        try:
            yield _view(ptr[0], (h - 1) * stride[0] + w * 8, self.dtype, (h, w, 2), (stride[0], 8, 4))
        finally:
            self._call(lib.vxUnmapRemapPatch, self.handle, map_id[0])
