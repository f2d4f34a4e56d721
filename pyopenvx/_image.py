"""Images (``vx_image``) as NumPy arrays.

Each image format has a fixed NumPy layout per plane, at the plane's own size
(subsampled chroma planes are smaller):

==========================  ==============================================
format                      ndarray of a plane
==========================  ==============================================
U1                          bool (h, w), unpacked (bit x%8 of byte x//8)
U8 / U16 / S16 / U32 / S32  uint8 / uint16 / int16 / uint32 / int32 (h, w)
RGB / RGBX                  uint8 (h, w, 3) / (h, w, 4)
UYVY / YUYV                 uint8 (h, w, 2), the bytes as stored
NV12 / NV21                 plane 0 uint8 (h, w); plane 1 uint8 (h/2, w/2, 2)
IYUV                        plane 0 uint8 (h, w); planes 1, 2 (h/2, w/2)
YUV4                        planes 0, 1, 2 uint8 (h, w)
==========================  ==============================================

::

    import numpy as np, pyopenvx as vx
    with vx.Context() as ctx:
        img = ctx.image(640, 480, vx.DF_IMAGE_U8)
        img.copy_from(np.zeros((480, 640), np.uint8))
        with img.map(usage=vx.READ_AND_WRITE) as a:   # strided view, no copy
            a[10:20, 10:20] = 255
        frame = np.zeros((480, 640, 3), np.uint8)
        src = ctx.image_from_numpy(frame)              # no copy: frame is the image
"""

import contextlib

import numpy as np

from ._ffi import ffi, lib
from . import _enums
from ._objects_basic import _DataObject, _pixel_get, _pixel_set

__all__ = ["Image", "image_layout"]


class _Plane:
    """NumPy layout of one plane: subsampling, dtype, channels (0: 2D array)."""

    __slots__ = ("sub_x", "sub_y", "dtype", "channels")

    def __init__(self, sub_x, sub_y, dtype, channels=0):
        self.sub_x, self.sub_y, self.dtype, self.channels = sub_x, sub_y, np.dtype(dtype), channels

    @property
    def pixel_bytes(self):
        return self.dtype.itemsize * max(self.channels, 1)

    def shape(self, h, w):
        return (h, w, self.channels) if self.channels else (h, w)


_P = _Plane
#: format -> (alignment x, alignment y, planes)
_LAYOUT = {
    lib.VX_DF_IMAGE_U1: (1, 1, [_P(1, 1, np.bool_)]),
    lib.VX_DF_IMAGE_U8: (1, 1, [_P(1, 1, np.uint8)]),
    lib.VX_DF_IMAGE_U16: (1, 1, [_P(1, 1, np.uint16)]),
    lib.VX_DF_IMAGE_S16: (1, 1, [_P(1, 1, np.int16)]),
    lib.VX_DF_IMAGE_U32: (1, 1, [_P(1, 1, np.uint32)]),
    lib.VX_DF_IMAGE_S32: (1, 1, [_P(1, 1, np.int32)]),
    lib.VX_DF_IMAGE_RGB: (1, 1, [_P(1, 1, np.uint8, 3)]),
    lib.VX_DF_IMAGE_RGBX: (1, 1, [_P(1, 1, np.uint8, 4)]),
    lib.VX_DF_IMAGE_UYVY: (2, 1, [_P(1, 1, np.uint8, 2)]),
    lib.VX_DF_IMAGE_YUYV: (2, 1, [_P(1, 1, np.uint8, 2)]),
    lib.VX_DF_IMAGE_NV12: (2, 2, [_P(1, 1, np.uint8), _P(2, 2, np.uint8, 2)]),
    lib.VX_DF_IMAGE_NV21: (2, 2, [_P(1, 1, np.uint8), _P(2, 2, np.uint8, 2)]),
    lib.VX_DF_IMAGE_IYUV: (2, 2, [_P(1, 1, np.uint8), _P(2, 2, np.uint8), _P(2, 2, np.uint8)]),
    lib.VX_DF_IMAGE_YUV4: (1, 1, [_P(1, 1, np.uint8), _P(1, 1, np.uint8), _P(1, 1, np.uint8)]),
}
del _P

#: (dtype, channels or 0) -> the single-plane format whose pixel is one
#: element of an (h, w) ndarray of that dtype (or a row of (h, w, channels)):
#: the formats an ndarray is as it is (Image.from_numpy_handle's short path,
#: immediate mode's outputs)
_CONTIGUOUS_FORMATS = {(lay[2][0].dtype, lay[2][0].channels): f for f, lay in _LAYOUT.items()
                       if len(lay[2]) == 1 and lay[:2] == (1, 1) and lay[2][0].dtype != np.bool_}

_FORMAT_NAMES = {getattr(lib, _n): _n[len("VX_DF_IMAGE_"):] for _n in dir(lib) if _n.startswith("VX_DF_IMAGE_")}

def format_name(fmt):
    """``VX_DF_IMAGE_RGB`` -> ``'RGB'`` (the FourCC text for unknown codes)."""
    fmt = int(fmt)
    name = _FORMAT_NAMES.get(fmt)
    if name is not None:
        return name
    return "".join(chr((fmt >> s) & 0xFF) if 32 <= ((fmt >> s) & 0xFF) < 127 else "?" for s in (0, 8, 16, 24))


def image_layout(fmt):
    """The per-plane NumPy layout of ``fmt``: a list of (sub_x, sub_y, dtype, channels)."""
    lay = _LAYOUT.get(int(fmt))
    if lay is None:
        raise ValueError("%#x (%r) is not an image format" % (int(fmt), format_name(fmt)))
    return [(p.sub_x, p.sub_y, p.dtype, p.channels) for p in lay[2]]


def _format_of_array(a):
    """Format of a single-plane image matching ndarray ``a`` (None: no match)."""
    if a.ndim == 2:
        return {np.dtype(np.bool_): lib.VX_DF_IMAGE_U1, np.dtype(np.uint8): lib.VX_DF_IMAGE_U8,
                np.dtype(np.uint16): lib.VX_DF_IMAGE_U16, np.dtype(np.int16): lib.VX_DF_IMAGE_S16,
                np.dtype(np.uint32): lib.VX_DF_IMAGE_U32, np.dtype(np.int32): lib.VX_DF_IMAGE_S32}.get(a.dtype)
    if a.ndim == 3 and a.dtype == np.uint8:
        return {3: lib.VX_DF_IMAGE_RGB, 4: lib.VX_DF_IMAGE_RGBX}.get(a.shape[2])
    return None


# vx_df_image value -> its Format member (Image._fix_geometry; an enum call
# costs about a microsecond, and a user kernel's images are fixed every run)
_FORMAT_MEMBERS = {}

# Image._whole's cache: (format, width, height, plane) -> (layout, shape,
# rectangle cdata, addressing cdata), or False for U1
_WHOLE = {}


def _rect_c(rect):
    r = ffi.new("vx_rectangle_t *")
    r.start_x, r.start_y, r.end_x, r.end_y = (int(v) for v in rect)
    return r


def _rect_tuple(r):
    return (int(r.start_x), int(r.start_y), int(r.end_x), int(r.end_y))


def _check_rect(rect):
    if len(rect) != 4:
        raise ValueError("a rectangle is (start_x, start_y, end_x, end_y), got %r" % (rect,))
    sx, sy, ex, ey = (int(v) for v in rect)
    if min(sx, sy, ex, ey) < 0:
        raise ValueError("rectangle %r has a negative coordinate" % (tuple(rect),))
    return sx, sy, ex, ey


def _coerce(a, dtype, shape, what):
    """``a`` as a C-contiguous array of ``dtype`` and ``shape``; TypeError/ValueError
    naming the mismatch (never reaching C)."""
    if isinstance(a, np.ndarray):
        if a.dtype != dtype:
            raise TypeError("%s: expected dtype %s, got %s" % (what, dtype, a.dtype))
    else:
        try:
            a = np.asarray(a, dtype=dtype)
        except (TypeError, ValueError) as e:
            raise TypeError("%s: cannot convert to %s: %s" % (what, dtype, e)) from None
    if a.shape != tuple(shape):
        raise ValueError("%s: expected shape %s, got %s" % (what, tuple(shape), a.shape))
    return np.ascontiguousarray(a)


def _addressing(dim_x, dim_y, stride_x, stride_y, bits=None):
    ad = ffi.new("vx_imagepatch_addressing_t *")
    ad.dim_x, ad.dim_y = dim_x, dim_y
    ad.stride_x, ad.stride_y = stride_x, stride_y
    ad.scale_x = ad.scale_y = lib.VX_SCALE_UNITY
    ad.step_x = ad.step_y = 1
    ad.stride_x_bits = bits if bits is not None else stride_x * 8
    return ad


def _pack_u1(a):
    """bool (h, w) -> packed uint8 (h, ceil(w/8)), bit x%8 of byte x//8."""
    return np.ascontiguousarray(np.packbits(a.astype(np.uint8), axis=1, bitorder="little"))


def _unpack_u1(packed, lead, w):
    bits = np.unpackbits(packed, axis=1, bitorder="little")
    return bits[:, lead:lead + w].astype(bool)


class _MappedMemory:
    """The memory a map() view shows: numpy makes it the base of the view (and
    of every view of that), so it lives as long as any of them; it pins the
    image and its context so that neither releases the memory before."""

    def __init__(self, image, ptr, shape, strides, dtype, readonly):
        self._image = image
        self._context = image.context
        self.__array_interface__ = {
            "version": 3, "shape": tuple(shape), "strides": tuple(strides),
            "typestr": np.dtype(dtype).str, "data": (int(ffi.cast("uintptr_t", ptr)), bool(readonly)),
        }
        image._pin()
        if self._context is not None:
            self._context._pin()

    def __del__(self):
        try:
            self._image._unpin()
            if self._context is not None:
                self._context._unpin()
        except Exception:  # noqa: BLE001 (interpreter shutdown)
            pass


class Image(_DataObject):
    """A ``vx_image``.

    Made by :meth:`pyopenvx.Context.image`, :meth:`~pyopenvx.Context.uniform_image`,
    :meth:`~pyopenvx.Context.image_from_numpy`, :meth:`Image.from_numpy`,
    :meth:`roi`, :meth:`channel`, or taken from a pyramid, object array or delay.
    Data moves as NumPy arrays laid out per plane as the module documentation
    says: :meth:`to_numpy` / :meth:`copy_from` copy, :meth:`map` gives a
    strided view of the image's own memory.
    """

    _vx_type = "vx_image"
    _vx_release = "vxReleaseImage"
    _pinned = None  # the ndarrays of a handle image (one per plane), kept alive
    _strides = None  # their strides at creation: swapped-in arrays must match
    # (format, width, height), kept once read when they cannot change: for
    # the images made here that are not virtual (no call changes a real
    # image's size or format), and for an image lent to a kernel callback
    # while the callback runs (the graph is not verified again meanwhile).
    # Saves three vxQueryImage per to_numpy / copy_from.
    _geom_fixed = False
    _geom = None

    def __init__(self, context, width, height, format):  # noqa: A002 (the spec's name)
        width, height, format = int(width), int(height), int(format)
        self._create(context, lib.vxCreateImage,
                     "vxCreateImage(%d, %d, %s)" % (width, height, format_name(format)), width, height, format)
        self._fix_geometry(format, width, height)

    def _fix_geometry(self, format, width, height):  # noqa: A002
        """Fix the geometry (it cannot change) to what is known without a query."""
        f = int(format)
        member = _FORMAT_MEMBERS.get(f)
        if member is None:
            member = _FORMAT_MEMBERS.setdefault(f, _enums.as_enum(f, "df_image"))
        self._geom_fixed = True
        self._geom = (member, int(width), int(height))

    @classmethod
    def _from_handle(cls, handle, parent, what, mark):
        self = cls.__new__(cls)
        self._adopt(handle, parent, what, mark=mark)
        return self

    @classmethod
    def uniform(cls, context, width, height, format, value):  # noqa: A002
        """``vxCreateUniformImage``: ``value`` an int, or a tuple for RGB/RGBX/YUV."""
        pv = ffi.new("vx_pixel_value_t *")
        _set_pixel(pv[0], int(format), value)
        mark = context._log_mark()
        h = lib.vxCreateUniformImage(context.handle, int(width), int(height), int(format), pv)
        img = cls._from_handle(h, context, "vxCreateUniformImage(%d, %d, %s)"
                               % (int(width), int(height), format_name(format)), mark)
        img._fix_geometry(format, width, height)
        return img

    @classmethod
    def from_numpy(cls, context, a, format=None):  # noqa: A002
        """A new image holding a copy of ``a``.

        ``a`` is an ndarray (single-plane formats; the format is inferred from
        its dtype and shape unless given) or a sequence of per-plane arrays
        (multi-plane formats, ``format`` required).  See
        :meth:`pyopenvx.Context.image_from_numpy` for the zero-copy variant.
        """
        planes, fmt, w, h = _planes_of(a, format)
        img = cls(context, w, h, fmt)
        for i, p in enumerate(planes):
            img.copy_from(p, plane=i)
        return img

    @classmethod
    def from_numpy_handle(cls, context, a, format=None):  # noqa: A002
        """``vxCreateImageFromHandle`` on the memory of ``a`` (see Context.image_from_numpy)."""
        if type(a) is np.ndarray and 2 <= a.ndim <= 3:
            # the common case in few steps: one C-contiguous, aligned, writable
            # array of a single-plane format (the checks of the general path
            # below hold for it by construction)
            fmt = _CONTIGUOUS_FORMATS.get((a.dtype, a.shape[2] if a.ndim == 3 else 0))
            fl = a.flags
            if (fmt is not None and (format is None or int(format) == fmt) and fl.c_contiguous and fl.aligned
                    and fl.writeable and a.size):
                h, w = a.shape[0], a.shape[1]
                return cls._on_planes(context, fmt, w, h, [a], _addressing(w, h, a.strides[1], a.strides[0]),
                                      ffi.new("void *[1]", [ffi.cast("void *", ffi.from_buffer(a))]))
        planes, fmt, w, h = _planes_of(a, format)
        if fmt == lib.VX_DF_IMAGE_U1:
            # bool arrays are unpacked: the image cannot live in them.
            return cls.from_numpy(context, planes[0], fmt)
        lay = _LAYOUT[fmt][2]
        pinned = [_zero_copy_plane(p, lp) for p, lp in zip(planes, lay)]
        n = len(pinned)
        addrs = ffi.new("vx_imagepatch_addressing_t[]", n)
        ptrs = ffi.new("void *[]", n)
        for i, (p, lp) in enumerate(zip(pinned, lay)):
            addrs[i].dim_x, addrs[i].dim_y = p.shape[1], p.shape[0]
            addrs[i].stride_x, addrs[i].stride_y = lp.pixel_bytes, p.strides[0]
            addrs[i].scale_x = addrs[i].scale_y = lib.VX_SCALE_UNITY
            addrs[i].step_x = addrs[i].step_y = 1
            addrs[i].stride_x_bits = lp.pixel_bytes * 8
            ptrs[i] = _address(p)
        return cls._on_planes(context, fmt, w, h, pinned, addrs, ptrs)

    @classmethod
    def _on_planes(cls, context, fmt, w, h, pinned, addrs, ptrs):
        """``vxCreateImageFromHandle`` on the arrays ``pinned`` (their
        addressing and addresses as cdata), which the image keeps alive."""
        mark = context._log_mark()
        handle = lib.vxCreateImageFromHandle(context.handle, fmt, addrs, ptrs, lib.VX_MEMORY_TYPE_HOST)
        img = cls._from_handle(handle, context, "vxCreateImageFromHandle(%s)" % format_name(fmt), mark)
        img._pinned = pinned
        img._strides = [p.strides for p in pinned]
        img._fix_geometry(fmt, w, h)
        return img

    # -- attributes -----------------------------------------------------------
    def _q(self, attr, ctype):
        return self._query(lib.vxQueryImage, attr, ctype)

    def _geometry(self):
        """(format as a Format, width, height), read once where they cannot change."""
        g = self._geom
        if g is not None:
            self.handle  # noqa: B018 - a closed image raises, as a query would
        else:
            g = (_enums.as_enum(self._q(lib.VX_IMAGE_FORMAT, "vx_df_image"), "df_image"),
                 self._q(lib.VX_IMAGE_WIDTH, "vx_uint32"), self._q(lib.VX_IMAGE_HEIGHT, "vx_uint32"))
            if self._geom_fixed:
                self._geom = g
        return g

    @property
    def width(self):
        return self._geometry()[1]

    @property
    def height(self):
        return self._geometry()[2]

    @property
    def format(self):  # noqa: A003
        """``VX_IMAGE_FORMAT`` as a :class:`pyopenvx.Format` (``Format.U8``...)."""
        return self._geometry()[0]

    @property
    def format_name(self):
        """The format as text, e.g. ``'RGB'``."""
        return format_name(self.format)

    @property
    def planes(self):
        return self._q(lib.VX_IMAGE_PLANES, "vx_size")

    @property
    def space(self):
        """``VX_IMAGE_SPACE`` as a :class:`pyopenvx.ColorSpace` (settable: a member, value or name)."""
        return _enums.as_enum(self._q(lib.VX_IMAGE_SPACE, "vx_enum"), "color_space")

    @space.setter
    def space(self, value):
        p = ffi.new("vx_enum *", _enums.coerce(value, "color_space", "space"))
        self._call(lib.vxSetImageAttribute, self.handle, lib.VX_IMAGE_SPACE, p, ffi.sizeof("vx_enum"))

    @property
    def range(self):  # noqa: A003
        """``VX_IMAGE_RANGE`` as a :class:`pyopenvx.ChannelRange`."""
        return _enums.as_enum(self._q(lib.VX_IMAGE_RANGE, "vx_enum"), "channel_range")

    @property
    def memory_type(self):
        """``VX_IMAGE_MEMORY_TYPE`` as a :class:`pyopenvx.MemoryType`."""
        return _enums.as_enum(self._q(lib.VX_IMAGE_MEMORY_TYPE, "vx_enum"), "memory_type")

    @property
    def is_uniform(self):
        return bool(self._q(lib.VX_IMAGE_IS_UNIFORM, "vx_bool"))

    @property
    def uniform_value(self):
        """The value of a uniform image (int, or tuple for RGB/RGBX/YUV)."""
        pv = self._q(lib.VX_IMAGE_UNIFORM_VALUE, "vx_pixel_value_t")
        return _get_pixel(pv, self.format)

    @property
    def size(self):
        """(width, height)."""
        return (self.width, self.height)

    @property
    def valid_rect(self):
        """``vxGetValidRegionImage`` as (start_x, start_y, end_x, end_y)."""
        r = ffi.new("vx_rectangle_t *")
        self._call(lib.vxGetValidRegionImage, self.handle, r)
        return _rect_tuple(r)

    def set_valid_rect(self, rect):
        """``vxSetImageValidRectangle``; ``None`` makes the whole image valid."""
        r = ffi.NULL if rect is None else _rect_c(_check_rect(rect))
        self._call(lib.vxSetImageValidRectangle, self.handle, r)

    def plane_shape(self, plane=0):
        """Shape of the ndarray of a whole plane."""
        return self._plane_info(plane)[1]

    def _plane_info(self, plane, rect=None):
        fmt, width, height = self._geometry()
        lay = _LAYOUT.get(fmt)
        if lay is None:
            raise ValueError("image format %s has no NumPy layout" % format_name(fmt))
        planes = lay[2]
        if not 0 <= int(plane) < len(planes):
            raise ValueError("plane %d: format %s has %d plane(s)" % (plane, format_name(fmt), len(planes)))
        lp = planes[int(plane)]
        if rect is None:
            rect = (0, 0, width, height)
        sx, sy, ex, ey = _check_rect(rect)
        pw = (ex + lp.sub_x - 1) // lp.sub_x - sx // lp.sub_x
        ph = (ey + lp.sub_y - 1) // lp.sub_y - sy // lp.sub_y
        return lp, lp.shape(max(ph, 0), max(pw, 0)), (sx, sy, ex, ey)

    def _whole(self, plane):
        """(layout, shape, rectangle, addressing) of a whole plane, the last two
        as cdata for vxCopyImagePatch (which only reads them), made once per
        format, size and plane; None for U1 (packed bits)."""
        fmt, width, height = self._geometry()
        key = (fmt, width, height, plane)
        c = _WHOLE.get(key)
        if c is None:
            lp, shape, rect = self._plane_info(plane)  # (raises for a bad plane or format)
            c = False
            if lp.dtype != np.bool_:
                c = (lp, shape, _rect_c(rect), _addressing(shape[1], shape[0], lp.pixel_bytes,
                                                           shape[1] * lp.pixel_bytes))
            if len(_WHOLE) >= 256:
                _WHOLE.clear()
            _WHOLE[key] = c
        return c or None

    # -- data -------------------------------------------------------------------
    def to_numpy(self, plane=0, rect=None, out=None):
        """A copy of ``plane`` (of the patch ``rect`` = (start_x, start_y, end_x,
        end_y), default the whole image) via ``vxCopyImagePatch``; into
        ``out`` when given (a writeable ndarray of the plane's dtype and the
        patch's shape, returned; rows may be strided, as in a view of a
        bigger array), so that a loop over frames need not allocate."""
        if out is not None:
            if rect is None and type(plane) is int and type(out) is np.ndarray:
                c = self._whole(plane)
                if c is not None and out.dtype == c[0].dtype and out.shape == c[1] and out.flags.c_contiguous \
                        and out.flags.writeable:  # (the common case, checked as _check_out would)
                    self._call(lib.vxCopyImagePatch, self.handle, c[2], plane, c[3], ffi.from_buffer(out),
                               lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
                    return out
            return self._to_out(plane, rect, out)
        if rect is None and type(plane) is int:
            c = self._whole(plane)
            if c is not None:
                lp, shape, r, ad = c
                out = np.empty(shape, lp.dtype)
                self._call(lib.vxCopyImagePatch, self.handle, r, plane, ad, ffi.from_buffer(out),
                           lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
                return out
        lp, shape, rect = self._plane_info(plane, rect)
        r = _rect_c(rect)
        h, w = shape[0], shape[1]
        if lp.dtype == np.bool_:
            lead = rect[0] % 8
            nbytes = (lead + w + 7) // 8
            packed = np.zeros((max(h, 1), max(nbytes, 1)), np.uint8)
            ad = _addressing(w, h, 0, packed.strides[0], bits=1)
            self._call(lib.vxCopyImagePatch, self.handle, r, int(plane), ad, ffi.from_buffer(packed),
                       lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
            return _unpack_u1(packed[:h], lead, w)
        out = np.empty(shape, lp.dtype)
        ad = _addressing(w, h, lp.pixel_bytes, w * lp.pixel_bytes)
        self._call(lib.vxCopyImagePatch, self.handle, r, int(plane), ad, ffi.from_buffer(out),
                   lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
        return out

    # -- frames: every plane at once (streams, frame sources and sinks) ---------
    def _num_planes(self):
        lay = _LAYOUT.get(self._geometry()[0])
        return len(lay[2]) if lay is not None else 1

    def _frame_outs(self, out):
        """out as one entry (or None) per plane, checked to take them."""
        n = self._num_planes()
        if out is None:
            return (None,) * n
        if n == 1:
            outs = (out,)
        elif isinstance(out, (tuple, list)) and len(out) == n:
            outs = tuple(out)
        else:
            raise ValueError("out: format %s has %d planes: give a tuple of %d arrays"
                             % (format_name(self.format), n, n))
        for p, o in enumerate(outs):
            self._check_out(p, None, o)
        return outs

    def read_frame(self, out=None):
        """Every plane of the image: its one plane's array (as ``to_numpy()``),
        or for a multi-plane format (NV12, IYUV, YUV4...) a tuple of the
        planes' arrays in plane order; into ``out`` (an array, or a tuple of
        one per plane) when given."""
        return self._read_planes(self._frame_outs(out))

    def _read_planes(self, outs):
        """read_frame with ``outs`` from _frame_outs (checked already)."""
        res = tuple(self.to_numpy(p, None, o) for p, o in enumerate(outs))
        return res[0] if len(res) == 1 else res

    def write_frame(self, data):
        """Write every plane: ``data`` as ``read_frame`` gives it (an array, or
        a sequence of one array per plane of a multi-plane format)."""
        n = self._num_planes()
        if n == 1:
            self.copy_from(data)
            return
        if not isinstance(data, (tuple, list)) or len(data) != n:
            raise ValueError("format %s has %d planes: give a sequence of %d arrays, not %s"
                             % (format_name(self.format), n, n, type(data).__name__))
        what = "Image.write_frame(%s)" % format_name(self.format)
        planes = []
        for p, a in enumerate(data):  # every plane checked before one is written
            lp, shape, _ = self._plane_info(p)
            planes.append(_coerce(a, lp.dtype, shape, "%s plane %d" % (what, p)))
        for p, a in enumerate(planes):
            self.copy_from(a, plane=p)

    def _to_out(self, plane, rect, out):
        lp, shape, rect = self._check_out(plane, rect, out)
        h, w = shape[0], shape[1]
        row = np.empty((1,) + tuple(shape[1:]), lp.dtype).strides[1:]
        if lp.dtype == np.bool_ or h == 0 or w == 0 or out.strides[1:] != row or \
                out.strides[0] < w * lp.pixel_bytes:
            np.copyto(out, self.to_numpy(plane, rect))  # U1 bits, or rows vxCopyImagePatch cannot address
            return out
        ad = _addressing(w, h, lp.pixel_bytes, out.strides[0])
        # (strided rows: not a buffer cffi takes; out stays alive across the call)
        self._call(lib.vxCopyImagePatch, self.handle, _rect_c(rect), int(plane), ad,
                   ffi.cast("void *", out.ctypes.data), lib.VX_READ_ONLY, lib.VX_MEMORY_TYPE_HOST)
        return out

    def _check_out(self, plane, rect, out):
        """to_numpy's (layout, shape, rectangle), once ``out`` is checked to
        take them: TypeError / ValueError naming what does not fit."""
        lp, shape, rect = self._plane_info(plane, rect)
        if not isinstance(out, np.ndarray):
            raise TypeError("%s: out must be an ndarray, not %s" % (self._out_what(plane), type(out).__name__))
        if out.dtype != lp.dtype:
            raise TypeError("%s: out has dtype %s, the plane %s" % (self._out_what(plane), out.dtype,
                                                                   np.dtype(lp.dtype)))
        if out.shape != tuple(shape):
            raise ValueError("%s: out has shape %s, the patch %s" % (self._out_what(plane), out.shape, tuple(shape)))
        if not out.flags.writeable:
            raise ValueError("%s: out is read-only" % self._out_what(plane))
        return lp, shape, rect

    def _out_what(self, plane):
        return "Image.to_numpy(%s plane %d, out=)" % (format_name(self.format), plane)

    def copy_from(self, a, plane=0, rect=None):
        """Write ``a`` (the ndarray layout of ``plane``, patch ``rect``) into the
        image via ``vxCopyImagePatch``.  The dtype and shape are checked first:
        TypeError / ValueError say what is wrong."""
        if rect is None and type(plane) is int and type(a) is np.ndarray:
            c = self._whole(plane)
            if c is not None and a.dtype == c[0].dtype and a.shape == c[1] and a.flags.c_contiguous:
                self._call(lib.vxCopyImagePatch, self.handle, c[2], plane, c[3],
                           ffi.from_buffer(a, require_writable=False), lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
                return
        lp, shape, rect = self._plane_info(plane, rect)
        what = "Image.copy_from(%s plane %d)" % (format_name(self.format), plane)
        a = _coerce(a, lp.dtype, shape, what)
        r = _rect_c(rect)
        h, w = shape[0], shape[1]
        if lp.dtype == np.bool_:
            lead = rect[0] % 8
            if lead:
                a = np.concatenate([np.zeros((h, lead), bool), a], axis=1)
            packed = _pack_u1(a)
            ad = _addressing(w, h, 0, packed.strides[0], bits=1)
            self._call(lib.vxCopyImagePatch, self.handle, r, int(plane), ad, ffi.from_buffer(packed),
                       lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
            return
        ad = _addressing(w, h, lp.pixel_bytes, w * lp.pixel_bytes)
        self._call(lib.vxCopyImagePatch, self.handle, r, int(plane), ad, ffi.from_buffer(a, require_writable=False),
                   lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)

    write = copy_from

    def __array__(self, dtype=None, copy=None):
        if copy is False:
            raise ValueError("an Image cannot be viewed as an ndarray without a copy: use Image.map()")
        a = self.to_numpy()
        return a if dtype is None else a.astype(dtype)

    @contextlib.contextmanager
    def map(self, rect=None, usage=lib.VX_READ_ONLY, plane=0):
        """``vxMapImagePatch`` as a context manager yielding a strided ndarray
        view of the image's memory (read-only for ``VX_READ_ONLY``); unmapped on
        exit.  The view (and any view of it) keeps the image's memory alive: used
        after the ``with`` block, or after ``img.close()`` / ``ctx.close()``, it
        still shows the image's memory and never crashes (closing waits, for the
        memory, until the last view is gone).  Writes through it after the block
        are not ordered with graph runs: map again for that.

        The view has the plane's layout, except for U1: a uint8 (h, nbytes)
        array of the packed bits, whose first byte holds pixel
        ``start_x & ~7`` (bit x%8 of byte x//8).
        """
        lp, shape, rect = self._plane_info(plane, rect)
        r = _rect_c(rect)
        map_id = ffi.new("vx_map_id *")
        addr = ffi.new("vx_imagepatch_addressing_t *")
        ptr = ffi.new("void **")
        self._call(lib.vxMapImagePatch, self.handle, r, int(plane), map_id, addr, ptr, int(usage),
                   lib.VX_MEMORY_TYPE_HOST, 0)
        try:
            h = shape[0]
            sy = addr.stride_y
            if lp.dtype == np.bool_:
                nb = (addr.dim_x + 7) // 8
                vshape, vstrides, itemsize, dtype = (h, nb), (sy, 1), 1, np.uint8
                nbytes = (h - 1) * sy + nb if h else 0
            else:
                w = shape[1]
                sx = addr.stride_x
                dtype = lp.dtype
                itemsize = lp.dtype.itemsize
                if lp.channels:
                    vshape, vstrides = (h, w, lp.channels), (sy, sx, itemsize)
                else:
                    vshape, vstrides = (h, w), (sy, sx)
                nbytes = (h - 1) * sy + (w - 1) * sx + lp.pixel_bytes if h and w else 0
            if nbytes:
                view = np.asarray(_MappedMemory(self, ptr[0], vshape, vstrides, dtype,
                                                int(usage) == lib.VX_READ_ONLY))
            else:
                view = np.empty(vshape, dtype=dtype)
            if int(usage) == lib.VX_READ_ONLY:
                view.flags.writeable = False
            yield view
        finally:
            self._call(lib.vxUnmapImagePatch, self._handle if self._handle is not None else self._deferred,
                       map_id[0])

    def set_pixel_values(self, value):
        """``vxSetImagePixelValues``: every pixel to ``value`` (int, or tuple)."""
        pv = ffi.new("vx_pixel_value_t *")
        _set_pixel(pv[0], self.format, value)
        self._call(lib.vxSetImagePixelValues, self.handle, pv)

    # -- sub-images -------------------------------------------------------------
    def roi(self, rect):
        """``vxCreateImageFromROI``: an image sharing this one's memory (keeps it alive)."""
        r = _rect_c(_check_rect(rect))
        mark = self.context._log_mark()
        h = lib.vxCreateImageFromROI(self.handle, r)
        img = Image._from_handle(h, self, "vxCreateImageFromROI(%r)" % (tuple(rect),), mark)
        img._geom_fixed = self._geom_fixed
        return img

    def channel(self, channel):
        """``vxCreateImageFromChannel`` (``VX_CHANNEL_Y/U/V`` of YUV4/IYUV/NV12/NV21):
        a U8 image on that plane's memory (keeps this image alive)."""
        mark = self.context._log_mark()
        h = lib.vxCreateImageFromChannel(self.handle, int(channel))
        img = Image._from_handle(h, self, "vxCreateImageFromChannel(%#x)" % int(channel), mark)
        img._geom_fixed = self._geom_fixed
        return img

    def swap_handle(self, new=None):
        """``vxSwapImageHandle`` of an image made by :meth:`Context.image_from_numpy`.

        ``new`` is an ndarray (single plane) or sequence of per-plane ndarrays
        of the same layout as the first ones (same shape, dtype and strides;
        writable), or None to take the memory back from the image.  Returns the
        previous array(s) (None if the image had none); the image pins the new
        ones.
        """
        fmt = self.format
        lay = _LAYOUT[fmt][2]
        old = self._pinned
        n = len(lay)
        if new is None:
            pinned = None
            ptrs = ffi.NULL
        else:
            arrays = [new] if isinstance(new, np.ndarray) else list(new)
            if len(arrays) != n:
                raise ValueError("swap_handle: format %s has %d plane(s), got %d array(s)"
                                 % (format_name(fmt), n, len(arrays)))
            pinned = []
            for i, (a, lp) in enumerate(zip(arrays, lay)):
                if not isinstance(a, np.ndarray):
                    raise TypeError("swap_handle: plane %d must be an ndarray, got %s" % (i, type(a).__name__))
                shape = lp.shape(self.height // lp.sub_y, self.width // lp.sub_x)
                if a.dtype != lp.dtype:
                    raise TypeError("swap_handle: plane %d: expected dtype %s, got %s" % (i, lp.dtype, a.dtype))
                if a.shape != shape:
                    raise ValueError("swap_handle: plane %d: expected shape %s, got %s" % (i, shape, a.shape))
                want = self._strides[i] if self._strides else np.empty(shape, lp.dtype).strides
                if not a.flags.writeable or a.strides != want:
                    raise ValueError("swap_handle: plane %d must be a writable array with the image's strides %s "
                                     "(C-contiguous unless the first array had padded rows), got %s"
                                     % (i, want, a.strides))
                pinned.append(a)
            ptrs = ffi.new("void *[]", [_address(a) for a in pinned])
        prev = ffi.new("void *[]", n)
        self._call(lib.vxSwapImageHandle, self.handle, ptrs, prev, n)
        self._pinned = pinned
        if old is None:
            return None
        return old[0] if n == 1 else list(old)

    def __repr__(self):
        if self._handle is None:
            return "<Image closed>"
        return "<Image %dx%d %s>" % (self.width, self.height, self.format_name)


def _set_pixel(pv, fmt, value):
    if fmt == lib.VX_DF_IMAGE_U1:
        pv.U1 = lib.vx_true_e if value else lib.vx_false_e
        return
    if int(fmt) not in _LAYOUT:
        raise ValueError("%s is not an image format" % format_name(fmt))
    _pixel_set(pv, fmt, value)


def _get_pixel(pv, fmt):
    if fmt == lib.VX_DF_IMAGE_U1:
        return int(bool(pv.U1))
    return _pixel_get(pv, fmt)


def _planes_of(a, format):  # noqa: A002
    """(list of plane arrays, format, width, height) of what from_numpy got."""
    if isinstance(a, (list, tuple)):
        if format is None:
            raise ValueError("several planes given: say which format they are (format=...)")
        planes = [x if isinstance(x, np.ndarray) else np.asarray(x) for x in a]
    else:
        if not isinstance(a, np.ndarray):
            a = np.asarray(a)
        planes = [a]
    fmt = int(format) if format is not None else _format_of_array(planes[0])
    if fmt is None:
        raise TypeError("no image format matches an array of dtype %s and shape %s (give format=...)"
                        % (planes[0].dtype, planes[0].shape))
    lay = _LAYOUT.get(fmt)
    if lay is None:
        raise ValueError("%s is not an image format" % format_name(fmt))
    align_x, align_y, lplanes = lay
    if len(planes) != len(lplanes):
        raise ValueError("format %s has %d plane(s), got %d array(s)" % (format_name(fmt), len(lplanes), len(planes)))
    p0 = planes[0]
    if p0.ndim < 2:
        raise ValueError("an image plane needs at least 2 dimensions, got shape %s" % (p0.shape,))
    h, w = p0.shape[0], p0.shape[1]
    if w % align_x or h % align_y:
        raise ValueError("format %s needs a width multiple of %d and a height multiple of %d, got %dx%d"
                         % (format_name(fmt), align_x, align_y, w, h))
    for i, (p, lp) in enumerate(zip(planes, lplanes)):
        if p.dtype != lp.dtype:
            raise TypeError("format %s plane %d: expected dtype %s, got %s" % (format_name(fmt), i, lp.dtype, p.dtype))
        shape = lp.shape(h // lp.sub_y, w // lp.sub_x)
        if p.shape != shape:
            raise ValueError("format %s plane %d: expected shape %s, got %s" % (format_name(fmt), i, shape, p.shape))
    if w == 0 or h == 0:
        raise ValueError("an image needs a nonzero size, got %dx%d" % (w, h))
    return planes, fmt, w, h


def _address(a):
    """The address of ndarray ``a``'s first element (also for padded rows,
    which ffi.from_buffer refuses); the caller keeps ``a`` alive."""
    return ffi.cast("void *", a.ctypes.data)


def _zero_copy_plane(a, lp):
    """``a`` itself if the image can live in its memory (rows may be padded,
    pixels must be packed, memory writable), else a C-contiguous copy."""
    ok = (a.flags.writeable and a.strides[0] > 0
          and a.strides[1] == lp.pixel_bytes
          and (not lp.channels or a.strides[2] == lp.dtype.itemsize)
          and a.strides[0] >= a.shape[1] * lp.pixel_bytes
          and a.ctypes.data % lp.dtype.alignment == 0)
    return a if ok else np.array(a, order="C")
