"""Immediate mode on ndarrays: the vision functions of OpenVX as NumPy functions.

Each function takes ndarrays, makes images of them in a context (``ctx=``, or
else one the calling thread keeps for these calls, made on its first call;
zero-copy where the layout allows), runs the ``vxu*`` function with ``border``
as ``VX_CONTEXT_IMMEDIATE_BORDER`` (the context's own border back afterwards)
and returns new ndarrays::

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
import inspect
import contextlib
import functools
import os
import threading

import numpy as np

from ._ffi import ffi, lib
from ._context import Border, Context
from ._image import _CONTIGUOUS_FORMATS
from ._arrays import array_function
from . import _enums

__all__ = [
    "add", "subtract", "multiply", "threshold", "table_lookup", "convert_depth", "color_convert",
    "channel_extract", "channel_combine", "histogram", "min_max_loc", "convolve", "nonlinear_filter", "scale_image", "half_scale_gaussian", "warp_affine", "warp_perspective", "remap",
    "canny", "harris_corners", "fast_corners", "gaussian_pyramid", "laplacian_pyramid", "laplacian_reconstruct",
    "optical_flow_pyr_lk", "MinMaxLoc", "VISION_FUNCTIONS",
]

_FORMATS = {
    np.dtype(np.uint8): lib.VX_DF_IMAGE_U8, np.dtype(np.int16): lib.VX_DF_IMAGE_S16,
    np.dtype(np.uint16): lib.VX_DF_IMAGE_U16, np.dtype(np.uint32): lib.VX_DF_IMAGE_U32,
    np.dtype(np.int32): lib.VX_DF_IMAGE_S32, np.dtype(np.bool_): lib.VX_DF_IMAGE_U1,
}
_DTYPES = {v: k for k, v in _FORMATS.items()}
# how _Run.image_out makes an output's ndarray (a test fills it first)
_new_output = np.empty
# the output formats an immediate-mode call makes in an ndarray: (dtype, extra shape)
_OUT_ARRAYS = {f: (dt, (ch,) if ch else ()) for (dt, ch), f in _CONTIGUOUS_FORMATS.items()}

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

#: name -> its vxu function: the one a call runs, or (a few) the one its one-node graph equals
VISION_FUNCTIONS = {}


def _enum(value, table, what):
    if isinstance(table, str):  # a family of the kernel table
        return _enums.coerce(value, table, what)
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
    if dtypes is not None and a.ndim == 2 and a.dtype not in dtypes:  # (a dtype equals its scalar type)
        raise TypeError("%s: dtype %s is not supported here (%s)"
                        % (what, a.dtype, ", ".join(np.dtype(d).name for d in dtypes)))
    return a


def _same_shape(a, b, what):
    if a.shape != b.shape:
        raise ValueError("%s: the images differ in shape: %s and %s" % (what, a.shape, b.shape))


# The context of the calls given no ctx=: one a thread, made on its first call
# (a context costs some 30 us to make and release: more than a small call)
# and released with the thread.  Its immediate border is UNDEFINED between
# calls.  A forked child does not use or release its parent's (a copy whose
# locks another thread of the parent may have held): it makes its own.
_THREAD = threading.local()
_UNDEFINED = Border(lib.VX_BORDER_UNDEFINED)


def _thread_context():
    c = getattr(_THREAD, "ctx", None)
    if c is None or c.closed:
        c = _THREAD.ctx = Context()
    return c


def _forget_parent_context():
    c = getattr(_THREAD, "ctx", None)
    if c is not None:
        _THREAD.ctx = None
        h, c._handle = c._handle, None
        if h is not None:
            ffi.gc(h, None)  # its release (the parent's to do) detached


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_parent_context)


class _Run:
    """One immediate-mode call: the context, its border, the objects made."""

    def __init__(self, ctx, border):
        self.thread_ctx = ctx is None
        self.ctx = _thread_context() if ctx is None else ctx
        self.border = _border(border)
        self.saved = None
        self.objects = []
        self.outs = {}  # id(image) -> the ndarray an output image lives in (image_out)

    def __enter__(self):
        if self.border is not None:
            self.saved = _UNDEFINED if self.thread_ctx else self.ctx.immediate_border
            self.ctx.immediate_border = self.border
        return self

    def __exit__(self, *exc):
        try:
            if self.saved is not None:
                self.ctx.immediate_border = self.saved
        finally:
            for o in reversed(self.objects):
                o.close()

    def keep(self, obj):
        self.objects.append(obj)
        return obj

    def image_in(self, a, format=None):  # noqa: A002
        img = self.keep(self.ctx.image_from_numpy(a, format))
        if self.border is not None:
            self.border.check_fits(img.format)
        return img

    def image_out(self, width, height, format):  # noqa: A002
        """An output image.  Single-plane formats of a NumPy dtype live in a
        new ndarray (``vxCreateImageFromHandle``) which :meth:`result` then
        returns as it is: no copy out, and no image memory allocated, zeroed
        and freed by the library on every call.  The array is not cleared
        first: every kernel writes every pixel of its output images (checked
        for every array function by tests/test_kernel_table.py, with the
        arrays filled beforehand with two different values)."""
        fmt = int(format)
        spec = _OUT_ARRAYS.get(fmt)
        if spec is None:
            return self.keep(self.ctx.image(int(width), int(height), fmt))
        a = _new_output((int(height), int(width)) + spec[1], spec[0])
        img = self.keep(self.ctx.image_from_numpy(a, fmt))
        if img._pinned[0] is a:  # the image lives in a (always for these formats)
            self.outs[id(img)] = a
        return img

    def result(self, img):
        """The pixels of output image ``img`` as a new ndarray: the array it
        lives in (:meth:`image_out`), else a copy (``to_numpy``)."""
        a = self.outs.get(id(img))
        return a if a is not None else _read_image(img)

    def scalar(self, data_type, value=None):
        from ._objects_basic import Scalar
        return self.keep(Scalar(self.ctx, data_type, value))

    def call(self, name, *args):
        fn = getattr(lib, name)
        cargs = [a.handle if hasattr(a, "handle") else a for a in args]
        self.ctx._call(fn, self.ctx.handle, *cargs)


def _vision(vxu):
    """Register a function of this module (named as its kernel) as the array
    function of that kernel, running ``vxu`` (or a one-node graph)."""
    def deco(f):
        VISION_FUNCTIONS[f.__name__] = vxu
        return array_function(f.__name__)(f)
    return deco


_NUMPY_OF = {"U8": np.uint8, "S16": np.int16, "U16": np.uint16, "U32": np.uint32, "S32": np.int32, "U1": np.bool_}


def _same_format(a, b):
    if a.dtype != b.dtype:
        raise TypeError("the two images must have the same dtype, got %s and %s" % (a.dtype, b.dtype))
    return _FORMATS[a.dtype]


def generic_ok(k):
    """Can kernel ``k`` get a generated array function from its table entry alone?  Every output is
    an image with a size rule (``like``) or a scalar; in/out parameters are images."""
    for p in k["params"]:
        if p.get("dir") == "out" and not (p["type"] == "image" and p.get("like") or p["type"] == "scalar"):
            return False
        if p.get("dir") == "bidirectional" and p["type"] != "image":
            return False
    return True


def _generic(name):
    """The array function of an image kernel, generated from the kernel table:
    image inputs are ndarrays of the table's formats, of one shape; everything
    else goes to the graph method as given; each output image is sized like
    the table's ``like`` input, of its ``format`` (or that input's); scalar
    outputs come back as Python numbers.  Runs the kernel's ``vxu*`` function
    with ``border`` as the context's immediate border, or, where that function
    takes other arguments than the node function, a one-node graph with
    ``border`` as the node's border."""
    from ._arrays import array_params
    from ._kernel_table import kernel
    from ._nodes import bind_plain, immediate_caller
    k = kernel(name)
    vxu = immediate_caller(k)  # its vxu* function, where it takes the node's arguments
    params = array_params(k)
    outs = [p for p in k["params"] if p.get("dir") == "out"]
    sig = inspect.Signature(
        [inspect.Parameter(p["name"], inspect.Parameter.POSITIONAL_OR_KEYWORD,
                           default=p.get("default", inspect.Parameter.empty)) for p in params]
        + [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=None) for n in ("border", "ctx")])

    names = tuple(p["name"] for p in params) + ("border", "ctx")
    known = frozenset(names)
    defaults = {p["name"]: p["default"] for p in params if "default" in p}
    defaults.update(border=None, ctx=None)
    # what each call needs of the table, made once: the image inputs (name,
    # accepted dtypes, what an error names, in/out), the outputs (name,
    # image: its `like` input and fixed format or None; scalar: its type),
    # the in/out images read back
    images = [(p["name"], tuple(np.dtype(_NUMPY_OF[f]) for f in p.get("formats") or () if f in _NUMPY_OF) or None,
               "%s: %s" % (name, p["name"]), p["dir"] == "bidirectional") for p in params if p["type"] == "image"]
    out_specs = []
    for p in outs:
        if p["type"] == "image":
            fmt = p.get("format")
            out_specs.append((p["name"], True, p["like"],
                              getattr(lib, "VX_DF_IMAGE_" + fmt) if isinstance(fmt, str) else fmt))
        else:
            out_specs.append((p["name"], False, None, getattr(lib, p["vx_type"])))
    inouts = tuple(p["name"] for p in params if p["dir"] == "bidirectional")

    def fn(*args, **kwargs):
        v = bind_plain(names, known, len(params), defaults, args, kwargs)
        if v is None:
            bound = sig.bind(*args, **kwargs)
            bound.apply_defaults()
            v = dict(bound.arguments)
        border, ctx = v.pop("border"), v.pop("ctx")
        arrays = {}
        first = None
        for n, dtypes, what, inout in images:
            x = v[n]
            if x is not None:
                a = _image_array(x, what, dtypes)
                if first is None:
                    first = a
                elif a.shape != first.shape:
                    _same_shape(first, a, name)
                arrays[n] = a.copy() if inout else a  # never write the caller's
        with _Run(ctx, border) as r:
            for n, a in arrays.items():
                v[n] = img = r.image_in(a)
                if n in inouts and img._pinned[0] is a:  # (a is the call's copy: returned as it is)
                    r.outs[id(img)] = a
            results = []
            for n, is_image, like, fmt in out_specs:
                if is_image:
                    a = arrays[like]
                    if fmt is None:
                        dts = {b.dtype for b in arrays.values()}
                        if len(dts) > 1:
                            raise TypeError("%s: the images must have one dtype, got %s"
                                            % (name, ", ".join(sorted(str(d) for d in dts))))
                        fmt = _FORMATS[a.dtype]
                    v[n] = o = r.image_out(a.shape[1], a.shape[0], fmt)
                    results.append((r.result, o))
                else:  # a scalar of the table's type
                    v[n] = o = r.scalar(fmt, 0)
                    results.append((_scalar_value, o))
            for n in inouts:  # images are in v; in/out images are read back too
                results.append((r.result, v[n]))
            if vxu is not None:  # (the border is the context's immediate border: _Run)
                for obj in vxu(r.ctx, v):
                    r.keep(obj)
            else:
                g = r.keep(r.ctx.graph())
                node = r.keep(getattr(g, name)(**v))
                if r.border is not None:
                    node.border = r.border
                g.process()
            vals = [read(o) for read, o in results]
            return vals[0] if len(vals) == 1 else tuple(vals)

    fn.__name__ = fn.__qualname__ = name
    fn.__signature__ = sig
    fn.generated = True  # made from the table alone (tests/test_kernel_table.py)
    return _vision(k["vxu"] or k["node"])(fn)


def _scalar_value(s):
    return s.value


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
    def fn(in1, in2, policy="saturate", *, dtype=None, ctx=None):
        a, b = in1, in2
        a = _image_array(a, name, [np.uint8, np.int16])
        b = _image_array(b, name, [np.uint8, np.int16])
        _same_shape(a, b, name)
        pol = _enum(policy, "convert_policy", "policy")
        fmt = _arith_out(a, b, dtype)
        with _Run(ctx, None) as r:
            out = r.image_out(a.shape[1], a.shape[0], fmt)
            r.call(vxu, r.image_in(a), r.image_in(b), pol, out)
            return r.result(out)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = doc
    return _vision(vxu)(fn)


add = _arith("add", "vxuAdd", """The output is uint8 for two uint8 inputs, else int16 (or give ``dtype``).""")
subtract = _arith("subtract", "vxuSubtract", """The output is uint8 for two uint8 inputs, else int16 (or give
    ``dtype``).""")


@_vision("vxuMultiply")
def multiply(in1, in2, scale=1.0, overflow_policy="saturate", rounding_policy="to_zero", *, dtype=None, ctx=None):
    """The output is uint8 for two uint8 inputs, else int16 (or give ``dtype``)."""
    a, b, overflow, rounding = in1, in2, overflow_policy, rounding_policy
    a = _image_array(a, "multiply", [np.uint8, np.int16])
    b = _image_array(b, "multiply", [np.uint8, np.int16])
    _same_shape(a, b, "multiply")
    ov = _enum(overflow, "convert_policy", "overflow_policy")
    ro = _enum(rounding, "round_policy", "rounding_policy")
    fmt = _arith_out(a, b, dtype)
    with _Run(ctx, None) as r:
        out = r.image_out(a.shape[1], a.shape[0], fmt)
        r.call("vxuMultiply", r.image_in(a), r.image_in(b), float(scale), ov, ro, out)
        return r.result(out)


@_vision("vxuThreshold")
def threshold(input, thresh, *, true_value=255, false_value=0, dtype=np.uint8, ctx=None):  # noqa: A002
    """``thresh``: a number (binary: out = true if a > thresh) or (lower, upper) (range: out = true if
    lower <= a <= upper); output uint8 (``true_value``/``false_value``) or bool (``dtype=bool``)."""
    from ._objects_basic import Threshold
    a, value = input, thresh
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
        return r.result(out)


@_vision("vxuTableLookup")
def table_lookup(input, lut, *, ctx=None):  # noqa: A002
    """``lut``: a 1-D array of the image's dtype: 256 entries for uint8, up to 65536 for int16 (index
    a + 32768 for a full table)."""
    a = input
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
        return r.result(out)


@_vision("vxuConvertDepth")
def convert_depth(input, policy="saturate", shift=0, *, dtype, ctx=None):  # noqa: A002
    """``dtype``: the output's dtype (uint8, int16, bool...)."""
    a = _image_array(input, "convert_depth", list(_FORMATS))
    dtype = np.dtype(dtype)
    if dtype not in _FORMATS:
        raise TypeError("convert_depth: no image format for dtype %s" % dtype)
    pol = _enum(policy, "convert_policy", "policy")
    with _Run(ctx, None) as r:
        out = r.image_out(a.shape[1], a.shape[0], _FORMATS[dtype])
        r.call("vxuConvertDepth", r.image_in(a), out, pol, int(shift))
        return r.result(out)


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
def color_convert(input, *, format, src_format=None, ctx=None):  # noqa: A002
    """``format``: the output's format (a :class:`pyopenvx.Format`, ``VX_DF_IMAGE_*`` value or name such as
    ``"IYUV"``); ``input`` is one array (RGB (h, w, 3), RGBX (h, w, 4), UYVY/YUYV (h, w, 2)) or a list of
    planes (NV12, IYUV, ...) with ``src_format``.  Returns an array, or a list of planes for a multi-plane
    ``format``."""
    a = input
    dst_format = _enum(format, "df_image", "format")
    fmt = _image_fmt(a, src_format, "color_convert")
    w, h = _size_of(a, fmt)
    with _Run(ctx, None) as r:
        out = r.image_out(w, h, int(dst_format))
        r.call("vxuColorConvert", r.image_in(a, fmt), out)
        return r.result(out)


_SUBSAMPLED = {lib.VX_DF_IMAGE_IYUV: (2, 2), lib.VX_DF_IMAGE_NV12: (2, 2), lib.VX_DF_IMAGE_NV21: (2, 2),
               lib.VX_DF_IMAGE_UYVY: (2, 1), lib.VX_DF_IMAGE_YUYV: (2, 1)}


@_vision("vxuChannelExtract")
def channel_extract(input, channel, *, src_format=None, ctx=None):  # noqa: A002
    """``channel``: a :class:`pyopenvx.Channel`, a name (``"r"``, ``"y"``...) or 0..3; ``input`` an
    RGB/RGBX array or the planes of a YUV image (give ``src_format``)."""
    a = input
    if isinstance(src_format, str):
        src_format = _enum(src_format, "df_image", "src_format")
    fmt = _image_fmt(a, src_format, "channel_extract")
    if fmt in (lib.VX_DF_IMAGE_U8, lib.VX_DF_IMAGE_S16, lib.VX_DF_IMAGE_U16, lib.VX_DF_IMAGE_U32,
               lib.VX_DF_IMAGE_S32, lib.VX_DF_IMAGE_U1):
        raise ValueError("channel_extract: the input has one channel")
    w, h = _size_of(a, fmt)
    ch = channel if isinstance(channel, str) and not channel.isdigit() else channel
    ch = _enum(ch, "channel", "channel") if isinstance(ch, str) else int(ch)
    if ch in (0, 1, 2, 3):
        ch = (lib.VX_CHANNEL_0, lib.VX_CHANNEL_1, lib.VX_CHANNEL_2, lib.VX_CHANNEL_3)[ch]
    if fmt in _SUBSAMPLED and ch in (lib.VX_CHANNEL_U, lib.VX_CHANNEL_V, lib.VX_CHANNEL_1, lib.VX_CHANNEL_2):
        sx, sy = _SUBSAMPLED[fmt]
        w, h = w // sx, h // sy
    with _Run(ctx, None) as r:
        out = r.image_out(w, h, lib.VX_DF_IMAGE_U8)
        r.call("vxuChannelExtract", r.image_in(a, fmt), ch, out)
        return r.result(out)


@_vision("vxuChannelCombine")
def channel_combine(plane0, plane1, plane2=None, plane3=None, *, format, ctx=None):  # noqa: A002
    """``format``: the output's (RGB, RGBX, UYVY, YUYV, NV12, NV21, IYUV, YUV4); returns an array, or a list
    of planes for multi-plane formats.  The output size is that of plane0."""
    dst_format = _enum(format, "df_image", "format")
    planes = [plane0, plane1] + ([plane2] if plane2 is not None or plane3 is not None else []) \
        + ([plane3] if plane3 is not None else [])
    planes = [None if p is None else _image_array(p, "channel_combine", [np.uint8]) for p in planes]
    if not 2 <= len(planes) <= 4 or planes[0] is None or planes[1] is None:
        raise ValueError("channel_combine: 2 to 4 planes, the first two given")
    h, w = planes[0].shape
    planes = planes + [None] * (4 - len(planes))
    with _Run(ctx, None) as r:
        ins = [r.image_in(p) if p is not None else ffi.NULL for p in planes]
        out = r.image_out(w, h, int(dst_format))
        r.call("vxuChannelCombine", *ins, out)
        return r.result(out)


@_vision("vxuHistogram")
def histogram(input, *, bins=256, offset=0, range=256, ctx=None):  # noqa: A002 (the spec's names)
    """Returns the ``bins`` counts over [offset, offset + range) as an int32 array."""
    from ._objects_basic import Distribution
    a = _image_array(input, "histogram", [np.uint8])
    if bins <= 0 or range <= 0 or bins > range:
        raise ValueError("histogram: need 0 < bins <= range")
    with _Run(ctx, None) as r:
        d = r.keep(Distribution(r.ctx, int(bins), int(offset), int(range)))
        r.call("vxuHistogram", r.image_in(a), d)
        return np.asarray(d.to_numpy()).astype(np.int32)


#: what :func:`min_max_loc` returns; locations are (n, 2) int arrays of (x, y)
MinMaxLoc = collections.namedtuple("MinMaxLoc", ["min", "max", "min_loc", "max_loc", "min_count", "max_count"])


@_vision("vxuMinMaxLoc")
def min_max_loc(input, *, capacity=64, ctx=None):  # noqa: A002
    """Returns a :class:`MinMaxLoc`: min, max, their locations ((n, 2) arrays of (x, y), at most
    ``capacity`` each) and counts."""
    from ._objects_basic import Array
    a = _image_array(input, "min_max_loc", [np.uint8, np.int16])
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


@_vision("vxuConvolve")
def convolve(input, convolution, *, scale=1, dtype=None, border=None, ctx=None):  # noqa: A002
    """``convolution``: a 2-D int16 array (odd sizes, 3..9); ``scale`` a power of two; the output is
    uint8 (default) or int16 (``dtype``)."""
    from ._objects_basic import Convolution
    a = _image_array(input, "convolve", [np.uint8])
    k = np.asarray(convolution)
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
        return r.result(out)


@_vision("vxuNonLinearFilter")
def nonlinear_filter(function, input, mask, *, size=3, border=None, ctx=None):  # noqa: A002
    """``function``: "median", "min" or "max"; ``mask``: a pattern name ("box", "cross", "disk") of
    ``size`` x ``size``, or a 2-D array whose non-zero entries are in the window."""
    from ._objects_basic import Matrix
    a = _image_array(input, "nonlinear_filter", [np.uint8])
    fn = _enum(function, "non_linear_filter", "function")
    with _Run(ctx, border) as r:
        if isinstance(mask, str):
            m = r.keep(Matrix.from_pattern(r.ctx, _enum(mask, "pattern", "mask"), int(size), int(size)))
        else:
            mk = np.asarray(mask)
            if mk.ndim != 2:
                raise ValueError("nonlinear_filter: the mask is a 2D array")
            m = r.keep(Matrix.from_numpy(r.ctx, np.where(mk != 0, 255, 0).astype(np.uint8)))
        out = r.image_out(a.shape[1], a.shape[0], lib.VX_DF_IMAGE_U8)
        r.call("vxuNonLinearFilter", fn, r.image_in(a), m, out)
        return r.result(out)


@_vision("vxuScaleImage")
def scale_image(src, interpolation="bilinear", *, size, border=None, ctx=None):
    """``size``: the output's (height, width), as ``ndarray.shape``."""
    a = _image_array(src, "scale_image", [np.uint8, np.int16, np.bool_])
    h, w = (int(v) for v in size)
    if h <= 0 or w <= 0:
        raise ValueError("scale_image: size must be positive, got %r" % (size,))
    it = _enum(interpolation, "interpolation", "interpolation")
    with _Run(ctx, border) as r:
        out = r.image_out(w, h, _FORMATS[a.dtype])
        r.call("vxuScaleImage", r.image_in(a), out, it)
        return r.result(out)


@_vision("vxuHalfScaleGaussian")
def half_scale_gaussian(input, kernel_size=3, *, border=None, ctx=None):  # noqa: A002
    """Returns a ((h+1)//2, (w+1)//2) array."""
    a = _image_array(input, "half_scale_gaussian", [np.uint8])
    if kernel_size not in (1, 3, 5):
        raise ValueError("half_scale_gaussian: kernel_size is 1, 3 or 5")
    with _Run(ctx, border) as r:
        out = r.image_out((a.shape[1] + 1) // 2, (a.shape[0] + 1) // 2, lib.VX_DF_IMAGE_U8)
        r.call("vxuHalfScaleGaussian", r.image_in(a), out, int(kernel_size))
        return r.result(out)


def _warp(name, vxu, shape, a, matrix, interpolation, out_shape, border, ctx):
    from ._objects_basic import Matrix
    a = _image_array(a, name, [np.uint8])
    m = np.asarray(matrix, dtype=np.float64)
    if m.shape != shape:
        raise ValueError("%s: the matrix is %dx%d, got shape %s" % (name, shape[0], shape[1], m.shape))
    h, w = a.shape if out_shape is None else (int(v) for v in out_shape)
    it = _enum(interpolation, "interpolation", "interpolation")
    with _Run(ctx, border) as r:
        # M (x0 = M[0,0] x + M[0,1] y + M[0,2], ...) is stored transposed: vx_float32 mat[3][rows].
        vm = r.keep(Matrix.from_numpy(r.ctx, np.ascontiguousarray(m.T, dtype=np.float32)))
        out = r.image_out(w, h, lib.VX_DF_IMAGE_U8)
        r.call(vxu, r.image_in(a), vm, it, out)
        return r.result(out)


@_vision("vxuWarpAffine")
def warp_affine(input, matrix, interpolation="nearest_neighbor", *, out_shape=None, border=None,  # noqa: A002
                ctx=None):
    """``matrix``: M of shape (2, 3) as the spec writes it (M[i-1, j-1] = M_{i,j}; this function stores its
    transpose in the vx_matrix); ``out_shape`` (h, w) defaults to the input's."""
    return _warp("warp_affine", "vxuWarpAffine", (2, 3), input, matrix, interpolation, out_shape, border, ctx)


@_vision("vxuWarpPerspective")
def warp_perspective(input, matrix, interpolation="nearest_neighbor", *, out_shape=None, border=None,  # noqa: A002
                     ctx=None):
    """``matrix``: M of shape (3, 3) as the spec writes it: (x0, y0, z0) = M @ (x, y, 1)."""
    return _warp("warp_perspective", "vxuWarpPerspective", (3, 3), input, matrix, interpolation, out_shape,
                 border, ctx)


@_vision("vxuRemap")
def remap(input, table, interpolation="nearest_neighbor", *, border=None, ctx=None):  # noqa: A002
    """``table``: (map_x, map_y), float arrays of the output's shape: out(x, y) = input(map_x[y, x],
    map_y[y, x])."""
    from ._objects_basic import Remap
    a = _image_array(input, "remap", [np.uint8])
    if not isinstance(table, (tuple, list)) or len(table) != 2:
        raise TypeError("remap: table is (map_x, map_y), got %s" % type(table).__name__)
    map_x, map_y = table
    mx, my = np.asarray(map_x, np.float32), np.asarray(map_y, np.float32)
    if mx.ndim != 2 or mx.shape != my.shape:
        raise ValueError("remap: map_x and map_y are 2D arrays of one shape")
    it = _enum(interpolation, "interpolation", "interpolation")
    h, w = mx.shape
    with _Run(ctx, border) as r:
        t = r.keep(Remap(r.ctx, a.shape[1], a.shape[0], w, h))
        t.write(np.stack([mx, my], axis=-1))
        out = r.image_out(w, h, lib.VX_DF_IMAGE_U8)
        r.call("vxuRemap", r.image_in(a), t, it, out)
        return r.result(out)


@_vision("vxuCannyEdgeDetector")
def canny(input, low, high, gradient_size=3, norm="l1", *, ctx=None):  # noqa: A002
    """Returns uint8 (255 edge, 0 not)."""
    from ._objects_basic import Threshold
    a = _image_array(input, "canny", [np.uint8])
    if gradient_size not in (3, 5, 7):
        raise ValueError("canny: gradient_size is 3, 5 or 7")
    if low > high:
        raise ValueError("canny: low > high")
    nt = _enum(norm, "norm", "norm")
    with _Run(ctx, None) as r:
        t = r.keep(Threshold(r.ctx, lib.VX_THRESHOLD_TYPE_RANGE, lib.VX_DF_IMAGE_S16, lib.VX_DF_IMAGE_U8))
        t.range = (int(low), int(high))
        out = r.image_out(a.shape[1], a.shape[0], lib.VX_DF_IMAGE_U8)
        r.call("vxuCannyEdgeDetector", r.image_in(a), t, int(gradient_size), nt, out)
        return r.result(out)


def _keypoints(r, capacity):
    from ._objects_basic import Array
    arr = r.keep(Array(r.ctx, lib.VX_TYPE_KEYPOINT, int(capacity)))
    num = r.scalar(lib.VX_TYPE_SIZE, 0)
    return arr, num


def _read_keypoints(arr):
    return arr.to_numpy() if len(arr) else np.zeros(0, arr.dtype)


@_vision("vxuHarrisCorners")
def harris_corners(input, strength_thresh, min_distance=3.0, sensitivity=0.04, gradient_size=3,  # noqa: A002
                   block_size=3, *, capacity=1024, ctx=None):
    """Returns a structured array of ``vx_keypoint_t`` (fields x, y, strength, scale, orientation,
    tracking_status, error), at most ``capacity``."""
    a = _image_array(input, "harris_corners", [np.uint8])
    if gradient_size not in (3, 5, 7) or block_size not in (3, 5, 7):
        raise ValueError("harris_corners: gradient_size and block_size are 3, 5 or 7")
    with _Run(ctx, None) as r:
        arr, num = _keypoints(r, capacity)
        r.call("vxuHarrisCorners", r.image_in(a), r.scalar(lib.VX_TYPE_FLOAT32, float(strength_thresh)),
               r.scalar(lib.VX_TYPE_FLOAT32, float(min_distance)), r.scalar(lib.VX_TYPE_FLOAT32, float(sensitivity)),
               int(gradient_size), int(block_size), arr, num)
        return _read_keypoints(arr)


@_vision("vxuFastCorners")
def fast_corners(input, strength_thresh, nonmax_suppression=True, *, capacity=1024, ctx=None):  # noqa: A002
    """Returns a structured array of ``vx_keypoint_t``, at most ``capacity``."""
    a = _image_array(input, "fast_corners", [np.uint8])
    with _Run(ctx, None) as r:
        arr, num = _keypoints(r, capacity)
        r.call("vxuFastCorners", r.image_in(a), r.scalar(lib.VX_TYPE_FLOAT32, float(strength_thresh)),
               lib.vx_true_e if nonmax_suppression else lib.vx_false_e, arr, num)
        return _read_keypoints(arr)


@_vision("vxuGaussianPyramid")
def gaussian_pyramid(input, *, levels, scale=0.5, border=None, ctx=None):  # noqa: A002
    """Returns a list of ``levels`` uint8 arrays, level 0 a copy of the input; ``scale`` 0.5
    (``VX_SCALE_PYRAMID_HALF``) or ``VX_SCALE_PYRAMID_ORB``."""
    from ._objects_nd import Pyramid
    a = _image_array(input, "gaussian_pyramid", [np.uint8])
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


def _pyramid_levels(p):
    out = []
    for lvl in p:
        with lvl:
            out.append(lvl.to_numpy())
    return out


@_vision("vxuLaplacianPyramid")
def laplacian_pyramid(input, *, levels, border=None, ctx=None):  # noqa: A002
    """Returns ``(laplacian, output)``: the ``levels`` int16 Laplacian levels (level 0 the input's size,
    each next half the previous) and ``output``, the lowest-resolution Gaussian level (the input's dtype,
    half the size of the last Laplacian level).  ``input``: uint8 (or int16)."""
    from ._objects_nd import Pyramid
    a = _image_array(input, "laplacian_pyramid", [np.uint8, np.int16])
    n = int(levels)
    if n < 1:
        raise ValueError("laplacian_pyramid: levels >= 1, got %d" % n)
    with _Run(ctx, border) as r:
        p = r.keep(Pyramid(r.ctx, n, 0.5, a.shape[1], a.shape[0], lib.VX_DF_IMAGE_S16))
        w, h = a.shape[1], a.shape[0]
        for _ in range(n):
            w, h = (w + 1) // 2, (h + 1) // 2
        out = r.image_out(w, h, _FORMATS[a.dtype])
        r.call("vxuLaplacianPyramid", r.image_in(a), p, out)
        return _pyramid_levels(p), r.result(out)


@_vision("vxuLaplacianReconstruct")
def laplacian_reconstruct(laplacian, input, *, dtype=None, ctx=None):  # noqa: A002
    """``laplacian``: the int16 levels (as :func:`laplacian_pyramid` returns them, level 0 the largest);
    ``input``: the lowest-resolution image; returns the reconstructed image of level 0's size, of
    ``input``'s dtype (or ``dtype``: uint8 or int16)."""
    from ._objects_nd import Pyramid
    levels = [_image_array(lv, "laplacian_reconstruct: laplacian", [np.int16]) for lv in laplacian]
    if not levels:
        raise ValueError("laplacian_reconstruct: no levels")
    a = _image_array(input, "laplacian_reconstruct: input", [np.uint8, np.int16])
    dt = np.dtype(a.dtype if dtype is None else dtype)
    if dt not in (np.dtype(np.uint8), np.dtype(np.int16)):
        raise TypeError("laplacian_reconstruct: the output dtype is uint8 or int16, got %s" % dt)
    h0, w0 = levels[0].shape
    with _Run(ctx, None) as r:
        p = r.keep(Pyramid(r.ctx, len(levels), 0.5, w0, h0, lib.VX_DF_IMAGE_S16))
        for i, lv in enumerate(levels):
            with p[i] as img:
                if (img.height, img.width) != lv.shape:
                    raise ValueError("laplacian_reconstruct: level %d is %s, a half-scale pyramid has %s there"
                                     % (i, lv.shape, (img.height, img.width)))
                img.write(lv)
        out = r.image_out(w0, h0, _FORMATS[dt])
        r.call("vxuLaplacianReconstruct", p, r.image_in(a), out)
        return r.result(out)


def _points(r, pts, what):
    """A VX_TYPE_KEYPOINT array of (n, 2) (x, y) float points or of keypoint records."""
    from ._objects_basic import Array
    pts = np.asarray(pts)
    if pts.dtype.names is None:
        if pts.ndim != 2 or pts.shape[1] != 2:
            raise ValueError("%s: (n, 2) points (x, y) or a vx_keypoint_t array, got shape %s" % (what, pts.shape))
        arr = r.keep(Array(r.ctx, lib.VX_TYPE_KEYPOINT, max(len(pts), 1)))
        rec = np.zeros(len(pts), arr.dtype)
        rec["x"] = np.rint(pts[:, 0]).astype(rec["x"].dtype)
        rec["y"] = np.rint(pts[:, 1]).astype(rec["y"].dtype)
        rec["tracking_status"] = 1
    else:
        arr = r.keep(Array(r.ctx, lib.VX_TYPE_KEYPOINT, max(len(pts), 1)))
        rec = pts
    if len(rec):
        arr.add(rec)
    return arr


@_vision("vxuOpticalFlowPyrLK")
def optical_flow_pyr_lk(old_images, new_images, old_points, new_points_estimates, termination="both",  # noqa: C901
                        epsilon=0.01, num_iterations=30, use_initial_estimate=False, window_dimension=5, *,
                        levels=4, ctx=None):
    """``old_images``, ``new_images``: two uint8 frames (their half-scale Gaussian pyramids of ``levels``
    levels are built in the same graph) or two :class:`pyopenvx.Pyramid`; ``old_points``: (n, 2) integer
    pixel positions (x, y) or a ``vx_keypoint_t`` array; ``new_points_estimates`` likewise (None: the
    old points).  Returns the tracked ``vx_keypoint_t`` array (as many as the old points;
    ``tracking_status`` 0 for points lost)."""
    from ._objects_nd import Pyramid
    from ._reference import Reference
    with _Run(ctx, None) as r:
        g = r.keep(r.ctx.graph())
        pyrs = []
        for what, img in (("old_images", old_images), ("new_images", new_images)):
            if isinstance(img, Reference):
                pyrs.append(img)
                continue
            a = _image_array(img, "optical_flow_pyr_lk: " + what, [np.uint8])
            p = r.keep(Pyramid(r.ctx, int(levels), 0.5, a.shape[1], a.shape[0], lib.VX_DF_IMAGE_U8))
            r.keep(g.gaussian_pyramid(r.image_in(a), p))
            pyrs.append(p)
        old = _points(r, old_points, "old_points")
        est = old if new_points_estimates is None else _points(r, new_points_estimates, "new_points_estimates")
        from ._objects_basic import Array
        new = r.keep(Array(r.ctx, lib.VX_TYPE_KEYPOINT, old.capacity))
        r.keep(g.optical_flow_pyr_lk(pyrs[0], pyrs[1], old, est, new, termination=termination, epsilon=epsilon,
                                     num_iterations=num_iterations, use_initial_estimate=use_initial_estimate,
                                     window_dimension=window_dimension))
        g.process()
        return new.to_numpy() if len(new) else np.zeros(0, new.dtype)


# ---- generated array functions ------------------------------------------------------------
# Every table kernel whose outputs the table can size (generic_ok) and that has no hand-written
# array function (here or in the modules below) gets the generated one: a new simple kernel needs
# no line here.  vx.min / vx.max are _vx_min / _vx_max (outside __all__: not to shadow the builtins).
from . import _vision_control, _vision_imgext, _vision_hog, _vision_tensorops, _vision_bilateral, _nn  # noqa: E402,F401
from ._arrays import ARRAY_FUNCTIONS as _ARRAY_FUNCTIONS  # noqa: E402
from ._kernel_table import KERNELS as _KERNELS  # noqa: E402

_SHADOWS = {"min", "max"}
for _k in _KERNELS:
    if _k["name"] not in _ARRAY_FUNCTIONS and generic_ok(_k):
        if _k["name"] in _SHADOWS:
            globals()["_vx_" + _k["name"]] = _generic(_k["name"])
        else:
            globals()[_k["name"]] = _generic(_k["name"])
            __all__.append(_k["name"])
del _k

# unused helpers kept out of the namespace
del contextlib, functools
# vx.min / vx.max are set on the package, outside __all__: "from pyopenvx import *" must not shadow the builtins
