"""Immediate mode on ndarrays: the vision functions of OpenVX as NumPy functions.

Each function takes ndarrays, makes images of them in a context (a temporary
one, or ``ctx=``; zero-copy where the layout allows), runs the ``vxu*``
function with ``border`` as ``VX_CONTEXT_IMMEDIATE_BORDER`` and returns new
ndarrays::

    import numpy as np, pyopenvx as vx
    blur = vx.gaussian3x3(gray, border="replicate")
    gx, gy = vx.sobel3x3(gray)
    edges = vx.canny(gray, low=80, high=100)

Images: uint8 (h, w) is U8, int16 S16, uint16 U16, uint32 U32, int32 S32,
bool U1, uint8 (h, w, 3) RGB and (h, w, 4) RGBX.  Wrong dtypes or shapes raise
``TypeError``/``ValueError`` before anything reaches C; a failing ``vxu*``
call raises the :class:`pyopenvx.VXError` of its status with the log text.
``border`` is None (the context's default, ``VX_BORDER_UNDEFINED``: the
pixels near the edge are then unspecified), ``"undefined"``, ``"replicate"``,
``("constant", value)``, a ``VX_BORDER_*`` mode or a :class:`pyopenvx.Border`.
"""

import collections
import contextlib
import functools

import numpy as np

from ._ffi import ffi, lib
from ._context import Border, Context

__all__ = [
    "gaussian3x3", "box3x3", "median3x3", "dilate3x3", "erode3x3", "sobel3x3", "magnitude", "phase",
    "add", "subtract", "multiply", "abs_diff", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not",
    "threshold", "table_lookup", "convert_depth", "color_convert", "channel_extract", "channel_combine",
    "histogram", "equalize_histogram", "mean_stddev", "min_max_loc", "integral_image", "convolve",
    "nonlinear_filter", "scale_image", "half_scale_gaussian", "warp_affine", "warp_perspective", "remap",
    "canny", "harris_corners", "fast_corners", "gaussian_pyramid", "MinMaxLoc", "VISION_FUNCTIONS",
]

_FORMATS = {
    np.dtype(np.uint8): lib.VX_DF_IMAGE_U8, np.dtype(np.int16): lib.VX_DF_IMAGE_S16,
    np.dtype(np.uint16): lib.VX_DF_IMAGE_U16, np.dtype(np.uint32): lib.VX_DF_IMAGE_U32,
    np.dtype(np.int32): lib.VX_DF_IMAGE_S32, np.dtype(np.bool_): lib.VX_DF_IMAGE_U1,
}
_DTYPES = {v: k for k, v in _FORMATS.items()}

_POLICIES = {"saturate": lib.VX_CONVERT_POLICY_SATURATE, "wrap": lib.VX_CONVERT_POLICY_WRAP}
_ROUNDING = {"zero": lib.VX_ROUND_POLICY_TO_ZERO, "to_zero": lib.VX_ROUND_POLICY_TO_ZERO,
             "nearest": lib.VX_ROUND_POLICY_TO_NEAREST_EVEN, "nearest_even": lib.VX_ROUND_POLICY_TO_NEAREST_EVEN}
_INTERP = {"nearest": lib.VX_INTERPOLATION_NEAREST_NEIGHBOR, "bilinear": lib.VX_INTERPOLATION_BILINEAR,
           "area": lib.VX_INTERPOLATION_AREA}
_NONLINEAR = {"median": lib.VX_NONLINEAR_FILTER_MEDIAN, "min": lib.VX_NONLINEAR_FILTER_MIN,
              "max": lib.VX_NONLINEAR_FILTER_MAX}
_PATTERNS = {"box": lib.VX_PATTERN_BOX, "cross": lib.VX_PATTERN_CROSS, "disk": lib.VX_PATTERN_DISK}
_NORMS = {"l1": lib.VX_NORM_L1, "l2": lib.VX_NORM_L2}
_BORDERS = {"undefined": lib.VX_BORDER_UNDEFINED, "replicate": lib.VX_BORDER_REPLICATE,
            "constant": lib.VX_BORDER_CONSTANT}

#: name -> the vxu function it runs and a one-line summary
VISION_FUNCTIONS = {}


def _enum(value, table, what):
    if isinstance(value, str):
        try:
            return table[value.lower()]
        except KeyError:
            raise ValueError("%s: %r is not one of %s" % (what, value, ", ".join(sorted(table)))) from None
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    raise TypeError("%s: a name (%s) or a VX enum, got %r" % (what, ", ".join(sorted(table)), value))


def _border(value):
    if value is None or isinstance(value, Border):
        return value
    if isinstance(value, str):
        return Border(_enum(value, _BORDERS, "border"))
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str):
        return Border(_enum(value[0], _BORDERS, "border"), value[1])
    return Border.coerce(value)


def _image_array(a, what, dtypes=None, channels=None):
    """Check an image ndarray (2D, or 3D for RGB/RGBX) and its dtype."""
    if not isinstance(a, np.ndarray):
        a = np.asarray(a)
    if a.ndim == 3:
        if channels is None or a.shape[2] not in channels or a.dtype != np.uint8:
            raise ValueError("%s: expected a 2D image, got shape %s" % (what, a.shape))
    elif a.ndim != 2:
        raise ValueError("%s: expected a 2D image (height, width), got shape %s" % (what, a.shape))
    if a.shape[0] == 0 or a.shape[1] == 0:
        raise ValueError("%s: empty image %s" % (what, a.shape))
    if dtypes is not None and a.ndim == 2 and a.dtype not in [np.dtype(d) for d in dtypes]:
        raise TypeError("%s: dtype %s is not supported here (%s)"
                        % (what, a.dtype, ", ".join(np.dtype(d).name for d in dtypes)))
    return a


def _same_shape(a, b, what):
    if a.shape != b.shape:
        raise ValueError("%s: the images differ in shape: %s and %s" % (what, a.shape, b.shape))


class _Run:
    """One immediate-mode call: the context, its border, the objects made."""

    def __init__(self, ctx, border):
        self.own = ctx is None
        self.ctx = Context() if ctx is None else ctx
        self.border = _border(border)
        self.saved = None
        self.objects = []

    def __enter__(self):
        if self.border is not None:
            if not self.own:
                self.saved = self.ctx.immediate_border
            self.ctx.immediate_border = self.border
        return self

    def __exit__(self, *exc):
        try:
            if self.saved is not None:
                self.ctx.immediate_border = self.saved
        finally:
            for o in reversed(self.objects):
                o.close()
            if self.own:
                self.ctx.close()

    def keep(self, obj):
        self.objects.append(obj)
        return obj

    def image_in(self, a, format=None):  # noqa: A002
        img = self.keep(self.ctx.image_from_numpy(a, format))
        if self.border is not None:
            self.border.check_fits(img.format)
        return img

    def image_out(self, width, height, format):  # noqa: A002
        return self.keep(self.ctx.image(int(width), int(height), int(format)))

    def scalar(self, data_type, value=None):
        from ._objects_basic import Scalar
        return self.keep(Scalar(self.ctx, data_type, value))

    def call(self, name, *args):
        fn = getattr(lib, name)
        cargs = [a.handle if hasattr(a, "handle") else a for a in args]
        self.ctx._call(fn, self.ctx.handle, *cargs)


def _vision(vxu):
    """Register a function of this module as running ``vxu``."""
    def deco(f):
        VISION_FUNCTIONS[f.__name__] = vxu
        f.__doc__ = (f.__doc__ or "").rstrip() + "\n\n    Runs ``%s``.  ``ctx``: the context to use (default: " \
                                                 "a temporary one).\n" % vxu
        return f
    return deco


def _unary(name, vxu, dtypes, doc):
    def fn(a, border=None, ctx=None):
        a = _image_array(a, name, dtypes)
        with _Run(ctx, border) as r:
            out = r.image_out(a.shape[1], a.shape[0], _FORMATS[a.dtype])
            r.call(vxu, r.image_in(a), out)
            return out.to_numpy()
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return _vision(vxu)(fn)


gaussian3x3 = _unary("gaussian3x3", "vxuGaussian3x3", [np.uint8],
                     """3x3 Gaussian blur of a uint8 image: weights [1 2 1]^T [1 2 1] / 16.""")
box3x3 = _unary("box3x3", "vxuBox3x3", [np.uint8], """3x3 box filter of a uint8 image: the mean of the 9 pixels.""")
median3x3 = _unary("median3x3", "vxuMedian3x3", [np.uint8], """3x3 median filter of a uint8 image.""")
dilate3x3 = _unary("dilate3x3", "vxuDilate3x3", [np.uint8, np.bool_],
                   """3x3 dilation (maximum) of a uint8 or bool image.""")
erode3x3 = _unary("erode3x3", "vxuErode3x3", [np.uint8, np.bool_], """3x3 erosion (minimum) of a uint8 or bool image.""")
equalize_histogram = _unary("equalize_histogram", "vxuEqualizeHist", [np.uint8],
                            """Histogram equalization of a uint8 image.""")
bitwise_not = _unary("bitwise_not", "vxuNot", [np.uint8, np.bool_], """Bitwise NOT of a uint8 or bool image.""")


@_vision("vxuSobel3x3")
def sobel3x3(a, border=None, ctx=None):
    """3x3 Sobel gradients of a uint8 image: returns (gx, gy), int16."""
    a = _image_array(a, "sobel3x3", [np.uint8])
    with _Run(ctx, border) as r:
        gx = r.image_out(a.shape[1], a.shape[0], lib.VX_DF_IMAGE_S16)
        gy = r.image_out(a.shape[1], a.shape[0], lib.VX_DF_IMAGE_S16)
        r.call("vxuSobel3x3", r.image_in(a), gx, gy)
        return gx.to_numpy(), gy.to_numpy()


def _binary(name, vxu, dtypes, out_format, doc, extra=None):
    def fn(a, b, ctx=None):
        a = _image_array(a, name, dtypes)
        b = _image_array(b, name, dtypes)
        _same_shape(a, b, name)
        with _Run(ctx, None) as r:
            out = r.image_out(a.shape[1], a.shape[0], out_format(a, b))
            r.call(vxu, r.image_in(a), r.image_in(b), out)
            return out.to_numpy()
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return _vision(vxu)(fn)


magnitude = _binary("magnitude", "vxuMagnitude", [np.int16], lambda a, b: lib.VX_DF_IMAGE_S16,
                    """Gradient magnitude sqrt(gx^2 + gy^2) of two int16 images, int16 (saturated).""")
phase = _binary("phase", "vxuPhase", [np.int16], lambda a, b: lib.VX_DF_IMAGE_U8,
                """Gradient orientation of two int16 images as uint8: atan2(gy, gx) mapped from [0, 2pi) to
    [0, 256).""")


def _same_format(a, b):
    if a.dtype != b.dtype:
        raise TypeError("the two images must have the same dtype, got %s and %s" % (a.dtype, b.dtype))
    return _FORMATS[a.dtype]


abs_diff = _binary("abs_diff", "vxuAbsDiff", [np.uint8, np.int16], _same_format,
                   """|a - b| of two uint8 or two int16 images (int16: saturated).""")
bitwise_and = _binary("bitwise_and", "vxuAnd", [np.uint8, np.bool_], _same_format,
                      """Bitwise AND of two uint8 (or two bool) images.""")
bitwise_or = _binary("bitwise_or", "vxuOr", [np.uint8, np.bool_], _same_format,
                     """Bitwise OR of two uint8 (or two bool) images.""")
bitwise_xor = _binary("bitwise_xor", "vxuXor", [np.uint8, np.bool_], _same_format,
                      """Bitwise XOR of two uint8 (or two bool) images.""")


def _arith_out(a, b, dtype):
    if dtype is None:
        dtype = np.uint8 if a.dtype == np.uint8 and b.dtype == np.uint8 else np.int16
    dtype = np.dtype(dtype)
    if dtype not in (np.dtype(np.uint8), np.dtype(np.int16)):
        raise TypeError("the output dtype is uint8 or int16, got %s" % dtype)
    if dtype == np.uint8 and (a.dtype != np.uint8 or b.dtype != np.uint8):
        raise TypeError("a uint8 output needs two uint8 inputs")
    return _FORMATS[dtype]


def _arith(name, vxu, doc):
    def fn(a, b, policy="saturate", dtype=None, ctx=None):
        a = _image_array(a, name, [np.uint8, np.int16])
        b = _image_array(b, name, [np.uint8, np.int16])
        _same_shape(a, b, name)
        pol = _enum(policy, _POLICIES, "policy")
        fmt = _arith_out(a, b, dtype)
        with _Run(ctx, None) as r:
            out = r.image_out(a.shape[1], a.shape[0], fmt)
            r.call(vxu, r.image_in(a), r.image_in(b), pol, out)
            return out.to_numpy()
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return _vision(vxu)(fn)


add = _arith("add", "vxuAdd", """a + b of uint8/int16 images; ``policy`` 'saturate' or 'wrap'; the output is
    uint8 for two uint8 inputs, else int16 (or give ``dtype``).""")
subtract = _arith("subtract", "vxuSubtract", """a - b of uint8/int16 images; ``policy`` 'saturate' or 'wrap';
    the output is uint8 for two uint8 inputs, else int16 (or give ``dtype``).""")


@_vision("vxuMultiply")
def multiply(a, b, scale=1.0, overflow="saturate", rounding="zero", dtype=None, ctx=None):
    """a * b * scale of uint8/int16 images; ``overflow`` 'saturate' or 'wrap', ``rounding`` 'zero' or
    'nearest' (to nearest even); output uint8 for two uint8 inputs, else int16 (or give ``dtype``)."""
    a = _image_array(a, "multiply", [np.uint8, np.int16])
    b = _image_array(b, "multiply", [np.uint8, np.int16])
    _same_shape(a, b, "multiply")
    ov = _enum(overflow, _POLICIES, "overflow")
    ro = _enum(rounding, _ROUNDING, "rounding")
    fmt = _arith_out(a, b, dtype)
    with _Run(ctx, None) as r:
        out = r.image_out(a.shape[1], a.shape[0], fmt)
        r.call("vxuMultiply", r.image_in(a), r.image_in(b), float(scale), ov, ro, out)
        return out.to_numpy()


@_vision("vxuThreshold")
def threshold(a, value, true_value=255, false_value=0, dtype=np.uint8, ctx=None):
    """Binary threshold (``value`` a number: out = true if a > value) or range threshold (``value`` =
    (lower, upper): out = true if lower <= a <= upper) of a uint8/int16 image; output uint8 (or bool)."""
    from ._objects_basic import Threshold
    a = _image_array(a, "threshold", [np.uint8, np.int16])
    dtype = np.dtype(dtype)
    if dtype not in (np.dtype(np.uint8), np.dtype(np.bool_)):
        raise TypeError("threshold: the output dtype is uint8 or bool, got %s" % dtype)
    if isinstance(value, (tuple, list)):
        if len(value) != 2:
            raise ValueError("threshold: a range is (lower, upper)")
        kind = lib.VX_THRESHOLD_TYPE_RANGE
    else:
        kind = lib.VX_THRESHOLD_TYPE_BINARY
    with _Run(ctx, None) as r:
        t = r.keep(Threshold(r.ctx, kind, _FORMATS[a.dtype], _FORMATS[dtype]))
        if kind == lib.VX_THRESHOLD_TYPE_RANGE:
            t.range = (int(value[0]), int(value[1]))
        else:
            t.value = int(value)
        if dtype == np.uint8:
            t.outputs = (int(true_value), int(false_value))
        out = r.image_out(a.shape[1], a.shape[0], _FORMATS[dtype])
        r.call("vxuThreshold", r.image_in(a), t, out)
        return out.to_numpy()


@_vision("vxuTableLookup")
def table_lookup(a, lut, ctx=None):
    """out = lut[a]: a uint8 image with a 256-entry uint8 table, or an int16 image with an int16 table of up
    to 65536 entries (index a + 32768 for a full table)."""
    from ._objects_basic import LUT
    a = _image_array(a, "table_lookup", [np.uint8, np.int16])
    lut = np.asarray(lut)
    if lut.ndim != 1 or lut.dtype != a.dtype:
        raise TypeError("table_lookup: the table is a 1D array of the image's dtype (%s), got %s %s"
                        % (a.dtype, lut.dtype, lut.shape))
    if a.dtype == np.uint8 and len(lut) != 256:
        raise ValueError("table_lookup: a uint8 table has 256 entries, got %d" % len(lut))
    with _Run(ctx, None) as r:
        t = r.keep(LUT.from_numpy(r.ctx, lut))
        out = r.image_out(a.shape[1], a.shape[0], _FORMATS[a.dtype])
        r.call("vxuTableLookup", r.image_in(a), t, out)
        return out.to_numpy()


@_vision("vxuConvertDepth")
def convert_depth(a, dtype, policy="saturate", shift=0, ctx=None):
    """Depth conversion between uint8/int16/... images: up: out = a << shift; down: out = a >> shift with
    ``policy`` 'saturate' or 'wrap'."""
    a = _image_array(a, "convert_depth", list(_FORMATS))
    dtype = np.dtype(dtype)
    if dtype not in _FORMATS:
        raise TypeError("convert_depth: no image format for dtype %s" % dtype)
    pol = _enum(policy, _POLICIES, "policy")
    with _Run(ctx, None) as r:
        out = r.image_out(a.shape[1], a.shape[0], _FORMATS[dtype])
        r.call("vxuConvertDepth", r.image_in(a), out, pol, int(shift))
        return out.to_numpy()


def _image_fmt(a, fmt, what):
    from ._image import image_layout  # noqa: F401  (validates the format below)
    if fmt is None:
        if isinstance(a, (list, tuple)):
            raise ValueError("%s: give the format of a multi-plane image" % what)
        a = np.asarray(a)
        if a.ndim == 3 and a.dtype == np.uint8 and a.shape[2] in (3, 4):
            return lib.VX_DF_IMAGE_RGB if a.shape[2] == 3 else lib.VX_DF_IMAGE_RGBX
        if a.ndim == 2 and a.dtype in _FORMATS:
            return _FORMATS[a.dtype]
        raise TypeError("%s: no image format for a %s array of shape %s" % (what, a.dtype, a.shape))
    return int(fmt)


def _size_of(a, fmt):
    """(width, height) of an image given as one array or per-plane arrays."""
    first = a[0] if isinstance(a, (list, tuple)) else np.asarray(a)
    h, w = first.shape[0], first.shape[1]
    if fmt in (lib.VX_DF_IMAGE_UYVY, lib.VX_DF_IMAGE_YUYV) and first.ndim == 3:
        return w, h
    return w, h


def _read_image(img):
    from ._image import image_layout
    n = len(image_layout(img.format))
    if n == 1:
        return img.to_numpy()
    return [img.to_numpy(plane=i) for i in range(n)]


@_vision("vxuColorConvert")
def color_convert(a, dst_format, src_format=None, ctx=None):
    """Color conversion to ``dst_format`` (``VX_DF_IMAGE_*``); ``a`` is one array (RGB (h, w, 3), RGBX
    (h, w, 4), UYVY/YUYV (h, w, 2)) or a list of planes (NV12, IYUV, ...) with ``src_format``.  Returns an
    array, or a list of planes for a multi-plane ``dst_format``."""
    fmt = _image_fmt(a, src_format, "color_convert")
    w, h = _size_of(a, fmt)
    with _Run(ctx, None) as r:
        out = r.image_out(w, h, int(dst_format))
        r.call("vxuColorConvert", r.image_in(a, fmt), out)
        return _read_image(out)


_SUBSAMPLED = {lib.VX_DF_IMAGE_IYUV: (2, 2), lib.VX_DF_IMAGE_NV12: (2, 2), lib.VX_DF_IMAGE_NV21: (2, 2),
               lib.VX_DF_IMAGE_UYVY: (2, 1), lib.VX_DF_IMAGE_YUYV: (2, 1)}


@_vision("vxuChannelExtract")
def channel_extract(a, channel, src_format=None, ctx=None):
    """One channel (``VX_CHANNEL_R``, ``_G``, ``_B``, ``_A``, ``_Y``, ``_U``, ``_V``, or 0..3) of an RGB/RGBX/
    YUV image as a uint8 array (U and V of subsampled formats at their plane's size)."""
    fmt = _image_fmt(a, src_format, "channel_extract")
    if fmt in (lib.VX_DF_IMAGE_U8, lib.VX_DF_IMAGE_S16, lib.VX_DF_IMAGE_U16, lib.VX_DF_IMAGE_U32,
               lib.VX_DF_IMAGE_S32, lib.VX_DF_IMAGE_U1):
        raise ValueError("channel_extract: the input has one channel")
    w, h = _size_of(a, fmt)
    ch = int(channel)
    if ch in (0, 1, 2, 3):
        ch = (lib.VX_CHANNEL_0, lib.VX_CHANNEL_1, lib.VX_CHANNEL_2, lib.VX_CHANNEL_3)[ch]
    if fmt in _SUBSAMPLED and ch in (lib.VX_CHANNEL_U, lib.VX_CHANNEL_V, lib.VX_CHANNEL_1, lib.VX_CHANNEL_2):
        sx, sy = _SUBSAMPLED[fmt]
        w, h = w // sx, h // sy
    with _Run(ctx, None) as r:
        out = r.image_out(w, h, lib.VX_DF_IMAGE_U8)
        r.call("vxuChannelExtract", r.image_in(a, fmt), ch, out)
        return out.to_numpy()


@_vision("vxuChannelCombine")
def channel_combine(planes, dst_format, ctx=None):
    """Combine 2 to 4 uint8 planes into a ``dst_format`` image (RGB, RGBX, UYVY, YUYV, NV12, NV21, IYUV,
    YUV4); returns an array, or a list of planes for multi-plane formats.  The output size is that of
    planes[0]."""
    planes = [None if p is None else _image_array(p, "channel_combine", [np.uint8]) for p in planes]
    if not 2 <= len(planes) <= 4 or planes[0] is None or planes[1] is None:
        raise ValueError("channel_combine: 2 to 4 planes, the first two given")
    h, w = planes[0].shape
    planes = planes + [None] * (4 - len(planes))
    with _Run(ctx, None) as r:
        ins = [r.image_in(p) if p is not None else ffi.NULL for p in planes]
        out = r.image_out(w, h, int(dst_format))
        r.call("vxuChannelCombine", *ins, out)
        return _read_image(out)


@_vision("vxuHistogram")
def histogram(a, bins=256, offset=0, range=256, ctx=None):  # noqa: A002 (the spec's name)
    """Histogram of a uint8 image: ``bins`` bins over [offset, offset + range); returns an int32 array
    (pixels outside the window are not counted)."""
    from ._objects_basic import Distribution
    a = _image_array(a, "histogram", [np.uint8])
    if bins <= 0 or range <= 0 or bins > range:
        raise ValueError("histogram: need 0 < bins <= range")
    with _Run(ctx, None) as r:
        d = r.keep(Distribution(r.ctx, int(bins), int(offset), int(range)))
        r.call("vxuHistogram", r.image_in(a), d)
        return np.asarray(d.to_numpy()).astype(np.int32)


@_vision("vxuMeanStdDev")
def mean_stddev(a, ctx=None):
    """(mean, standard deviation) of a uint8 image (or bool), as floats."""
    a = _image_array(a, "mean_stddev", [np.uint8, np.bool_])
    with _Run(ctx, None) as r:
        m, s = ffi.new("vx_float32 *"), ffi.new("vx_float32 *")
        r.call("vxuMeanStdDev", r.image_in(a), m, s)
        return float(m[0]), float(s[0])


#: what :func:`min_max_loc` returns; locations are (n, 2) int arrays of (x, y)
MinMaxLoc = collections.namedtuple("MinMaxLoc", ["min", "max", "min_loc", "max_loc", "min_count", "max_count"])


@_vision("vxuMinMaxLoc")
def min_max_loc(a, capacity=64, ctx=None):
    """Minimum, maximum, their locations ((n, 2) arrays of (x, y), at most ``capacity`` each) and counts of
    a uint8/int16 image: a :class:`MinMaxLoc`."""
    from ._objects_basic import Array
    a = _image_array(a, "min_max_loc", [np.uint8, np.int16])
    st = lib.VX_TYPE_UINT8 if a.dtype == np.uint8 else lib.VX_TYPE_INT16
    with _Run(ctx, None) as r:
        mn, mx = r.scalar(st, 0), r.scalar(st, 0)
        nmin, nmax = r.scalar(lib.VX_TYPE_UINT32, 0), r.scalar(lib.VX_TYPE_UINT32, 0)
        lmin = r.keep(Array(r.ctx, lib.VX_TYPE_COORDINATES2D, int(capacity)))
        lmax = r.keep(Array(r.ctx, lib.VX_TYPE_COORDINATES2D, int(capacity)))
        r.call("vxuMinMaxLoc", r.image_in(a), mn, mx, lmin, lmax, nmin, nmax)

        def locs(arr):
            items = arr.to_numpy() if len(arr) else np.zeros(0, arr.dtype)
            return np.stack([items["x"], items["y"]], axis=-1).astype(np.int64).reshape(-1, 2)

        return MinMaxLoc(int(mn.value), int(mx.value), locs(lmin), locs(lmax), int(nmin.value), int(nmax.value))


@_vision("vxuIntegralImage")
def integral_image(a, ctx=None):
    """Integral image of a uint8 image: out[y, x] = sum of a[0..y, 0..x], uint32 (modulo 2^32)."""
    a = _image_array(a, "integral_image", [np.uint8])
    with _Run(ctx, None) as r:
        out = r.image_out(a.shape[1], a.shape[0], lib.VX_DF_IMAGE_U32)
        r.call("vxuIntegralImage", r.image_in(a), out)
        return out.to_numpy()


@_vision("vxuConvolve")
def convolve(a, kernel, scale=1, dtype=None, border=None, ctx=None):
    """Convolution of a uint8 image with an int16 ``kernel`` (odd sizes, 3..9), divided by ``scale`` (a
    power of two): out = saturate(sum(a[y - j, x - i] * kernel[rows//2 + j, cols//2 + i]) / scale).  The
    output is uint8 (default) or int16."""
    from ._objects_basic import Convolution
    a = _image_array(a, "convolve", [np.uint8])
    k = np.asarray(kernel)
    if k.ndim != 2 or k.shape[0] % 2 == 0 or k.shape[1] % 2 == 0:
        raise ValueError("convolve: the kernel is a 2D array of odd sizes, got shape %s" % (k.shape,))
    if not np.issubdtype(k.dtype, np.integer) or k.min(initial=0) < -32768 or k.max(initial=0) > 32767:
        raise TypeError("convolve: the coefficients are int16 values")
    if int(scale) <= 0 or int(scale) & (int(scale) - 1):
        raise ValueError("convolve: scale must be a power of two, got %r" % scale)
    dtype = np.dtype(np.uint8 if dtype is None else dtype)
    if dtype not in (np.dtype(np.uint8), np.dtype(np.int16)):
        raise TypeError("convolve: the output dtype is uint8 or int16")
    with _Run(ctx, border) as r:
        c = r.keep(Convolution.from_numpy(r.ctx, k.astype(np.int16), int(scale)))
        out = r.image_out(a.shape[1], a.shape[0], _FORMATS[dtype])
        r.call("vxuConvolve", r.image_in(a), c, out)
        return out.to_numpy()


@_vision("vxuNonLinearFilter")
def nonlinear_filter(a, function, mask="box", size=3, border=None, ctx=None):
    """Median / min / max (``function``) over a mask of a uint8 image; ``mask`` is a pattern name ('box',
    'cross', 'disk') of ``size`` x ``size``, or a 2D array whose non-zero entries are in the mask."""
    from ._objects_basic import Matrix
    a = _image_array(a, "nonlinear_filter", [np.uint8])
    fn = _enum(function, _NONLINEAR, "function")
    with _Run(ctx, border) as r:
        if isinstance(mask, str):
            m = r.keep(Matrix.from_pattern(r.ctx, _enum(mask, _PATTERNS, "mask"), int(size), int(size)))
        else:
            mk = np.asarray(mask)
            if mk.ndim != 2:
                raise ValueError("nonlinear_filter: the mask is a 2D array")
            m = r.keep(Matrix.from_numpy(r.ctx, np.where(mk != 0, 255, 0).astype(np.uint8)))
        out = r.image_out(a.shape[1], a.shape[0], lib.VX_DF_IMAGE_U8)
        r.call("vxuNonLinearFilter", fn, r.image_in(a), m, out)
        return out.to_numpy()


@_vision("vxuScaleImage")
def scale_image(a, size, interpolation="bilinear", border=None, ctx=None):
    """Resize a uint8 image to ``size`` = (height, width) (as ``ndarray.shape``); ``interpolation``
    'nearest', 'bilinear' or 'area'."""
    a = _image_array(a, "scale_image", [np.uint8, np.int16, np.bool_])
    h, w = (int(v) for v in size)
    if h <= 0 or w <= 0:
        raise ValueError("scale_image: size must be positive, got %r" % (size,))
    it = _enum(interpolation, _INTERP, "interpolation")
    with _Run(ctx, border) as r:
        out = r.image_out(w, h, _FORMATS[a.dtype])
        r.call("vxuScaleImage", r.image_in(a), out, it)
        return out.to_numpy()


@_vision("vxuHalfScaleGaussian")
def half_scale_gaussian(a, kernel_size=3, border=None, ctx=None):
    """Gaussian blur (``kernel_size`` 1, 3 or 5) and half-scale of a uint8 image: ((h+1)//2, (w+1)//2)."""
    a = _image_array(a, "half_scale_gaussian", [np.uint8])
    if kernel_size not in (1, 3, 5):
        raise ValueError("half_scale_gaussian: kernel_size is 1, 3 or 5")
    with _Run(ctx, border) as r:
        out = r.image_out((a.shape[1] + 1) // 2, (a.shape[0] + 1) // 2, lib.VX_DF_IMAGE_U8)
        r.call("vxuHalfScaleGaussian", r.image_in(a), out, int(kernel_size))
        return out.to_numpy()


def _warp(name, vxu, shape, a, matrix, interpolation, out_shape, border, ctx):
    from ._objects_basic import Matrix
    a = _image_array(a, name, [np.uint8])
    m = np.asarray(matrix, dtype=np.float64)
    if m.shape != shape:
        raise ValueError("%s: the matrix is %dx%d, got shape %s" % (name, shape[0], shape[1], m.shape))
    h, w = a.shape if out_shape is None else (int(v) for v in out_shape)
    it = _enum(interpolation, _INTERP, "interpolation")
    with _Run(ctx, border) as r:
        # M (x0 = M[0,0] x + M[0,1] y + M[0,2], ...) is stored transposed: vx_float32 mat[3][rows].
        vm = r.keep(Matrix.from_numpy(r.ctx, np.ascontiguousarray(m.T, dtype=np.float32)))
        out = r.image_out(w, h, lib.VX_DF_IMAGE_U8)
        r.call(vxu, r.image_in(a), vm, it, out)
        return out.to_numpy()


@_vision("vxuWarpAffine")
def warp_affine(a, matrix, interpolation="nearest", out_shape=None, border=None, ctx=None):
    """Affine warp of a uint8 image: out(x, y) = a(M[0,0] x + M[0,1] y + M[0,2], M[1,0] x + M[1,1] y +
    M[1,2]) with ``matrix`` M of shape (2, 3) (the spec's M_{i,j}); ``out_shape`` (h, w) defaults to the
    input's."""
    return _warp("warp_affine", "vxuWarpAffine", (2, 3), a, matrix, interpolation, out_shape, border, ctx)


@_vision("vxuWarpPerspective")
def warp_perspective(a, matrix, interpolation="nearest", out_shape=None, border=None, ctx=None):
    """Perspective warp of a uint8 image with a (3, 3) ``matrix`` M: out(x, y) = a(x0/z0, y0/z0), (x0, y0,
    z0) = M @ (x, y, 1)."""
    return _warp("warp_perspective", "vxuWarpPerspective", (3, 3), a, matrix, interpolation, out_shape,
                 border, ctx)


@_vision("vxuRemap")
def remap(a, map_x, map_y, interpolation="nearest", border=None, ctx=None):
    """out(x, y) = a(map_x[y, x], map_y[y, x]) for a uint8 image; the maps are float arrays of the output's
    shape."""
    from ._objects_basic import Remap
    a = _image_array(a, "remap", [np.uint8])
    mx, my = np.asarray(map_x, np.float32), np.asarray(map_y, np.float32)
    if mx.ndim != 2 or mx.shape != my.shape:
        raise ValueError("remap: map_x and map_y are 2D arrays of one shape")
    it = _enum(interpolation, _INTERP, "interpolation")
    h, w = mx.shape
    with _Run(ctx, border) as r:
        t = r.keep(Remap(r.ctx, a.shape[1], a.shape[0], w, h))
        t.write(np.stack([mx, my], axis=-1))
        out = r.image_out(w, h, lib.VX_DF_IMAGE_U8)
        r.call("vxuRemap", r.image_in(a), t, it, out)
        return out.to_numpy()


@_vision("vxuCannyEdgeDetector")
def canny(a, low, high, gradient_size=3, norm="l1", ctx=None):
    """Canny edges of a uint8 image: hysteresis thresholds ``low`` <= ``high`` on the gradient magnitude
    (``norm`` 'l1' or 'l2', Sobel of ``gradient_size`` 3, 5 or 7); returns uint8 (255 edge, 0 not)."""
    from ._objects_basic import Threshold
    a = _image_array(a, "canny", [np.uint8])
    if gradient_size not in (3, 5, 7):
        raise ValueError("canny: gradient_size is 3, 5 or 7")
    if low > high:
        raise ValueError("canny: low > high")
    nt = _enum(norm, _NORMS, "norm")
    with _Run(ctx, None) as r:
        t = r.keep(Threshold(r.ctx, lib.VX_THRESHOLD_TYPE_RANGE, lib.VX_DF_IMAGE_S16, lib.VX_DF_IMAGE_U8))
        t.range = (int(low), int(high))
        out = r.image_out(a.shape[1], a.shape[0], lib.VX_DF_IMAGE_U8)
        r.call("vxuCannyEdgeDetector", r.image_in(a), t, int(gradient_size), nt, out)
        return out.to_numpy()


def _keypoints(r, capacity):
    from ._objects_basic import Array
    arr = r.keep(Array(r.ctx, lib.VX_TYPE_KEYPOINT, int(capacity)))
    num = r.scalar(lib.VX_TYPE_SIZE, 0)
    return arr, num


def _read_keypoints(arr):
    return arr.to_numpy() if len(arr) else np.zeros(0, arr.dtype)


@_vision("vxuHarrisCorners")
def harris_corners(a, strength_thresh, min_distance=3.0, sensitivity=0.04, gradient_size=3, block_size=3,
                   capacity=1024, ctx=None):
    """Harris corners of a uint8 image: a structured array of ``vx_keypoint_t`` (fields x, y, strength,
    scale, orientation, tracking_status, error), at most ``capacity``."""
    a = _image_array(a, "harris_corners", [np.uint8])
    if gradient_size not in (3, 5, 7) or block_size not in (3, 5, 7):
        raise ValueError("harris_corners: gradient_size and block_size are 3, 5 or 7")
    with _Run(ctx, None) as r:
        arr, num = _keypoints(r, capacity)
        r.call("vxuHarrisCorners", r.image_in(a), r.scalar(lib.VX_TYPE_FLOAT32, float(strength_thresh)),
               r.scalar(lib.VX_TYPE_FLOAT32, float(min_distance)), r.scalar(lib.VX_TYPE_FLOAT32, float(sensitivity)),
               int(gradient_size), int(block_size), arr, num)
        return _read_keypoints(arr)


@_vision("vxuFastCorners")
def fast_corners(a, strength_thresh, nonmax_suppression=True, capacity=1024, ctx=None):
    """FAST9 corners of a uint8 image: a structured array of ``vx_keypoint_t``, at most ``capacity``."""
    a = _image_array(a, "fast_corners", [np.uint8])
    with _Run(ctx, None) as r:
        arr, num = _keypoints(r, capacity)
        r.call("vxuFastCorners", r.image_in(a), r.scalar(lib.VX_TYPE_FLOAT32, float(strength_thresh)),
               lib.vx_true_e if nonmax_suppression else lib.vx_false_e, arr, num)
        return _read_keypoints(arr)


@_vision("vxuGaussianPyramid")
def gaussian_pyramid(a, levels, scale=0.5, border=None, ctx=None):
    """Gaussian pyramid of a uint8 image: a list of ``levels`` uint8 arrays, level 0 a copy of ``a``;
    ``scale`` 0.5 (``VX_SCALE_PYRAMID_HALF``) or ``VX_SCALE_PYRAMID_ORB``."""
    from ._objects_nd import Pyramid
    a = _image_array(a, "gaussian_pyramid", [np.uint8])
    if int(levels) < 1:
        raise ValueError("gaussian_pyramid: levels >= 1")
    with _Run(ctx, border) as r:
        p = r.keep(Pyramid(r.ctx, int(levels), float(scale), a.shape[1], a.shape[0], lib.VX_DF_IMAGE_U8))
        r.call("vxuGaussianPyramid", r.image_in(a), p)
        out = []
        for lvl in p:
            with lvl:
                out.append(lvl.to_numpy())
        return out


# unused helpers kept out of the namespace
del contextlib, functools
