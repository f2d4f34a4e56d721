"""The kernel table: one declaration per kernel node function of the C API.

Pure data (no imports), read by the package (``pyopenvx._graph`` builds the
``Graph`` node methods from it, ``pyopenvx._vision*`` check their array
functions against it, ``pyopenvx._enums`` builds the ``IntEnum`` families) and,
by file path, by generators in ``tools/`` (``tools/gen_pystubs.py``; later the C
``vx<Name>Node``/``vxu<Name>`` boilerplate and the import/export tables).

``KERNELS`` lists every ``vx<Name>Node`` / ``vx<Name>Layer`` function of
``vx_nodes.h``, ``vx_khr_nn.h``, ``vx_khr_swap_move.h`` and the deprecated
accumulate nodes of ``vx_compatibility.h``.  A kernel is a dict:

``name``
    the Python name: ``Graph.<name>`` (a node) and ``pyopenvx.<name>`` (the
    array function, immediate mode on ndarrays).  Reserved words get a trailing
    underscore (``and_``).
``node``, ``vxu``, ``enum``
    the C node function, the immediate-mode function (None: the extension has
    none) and the ``VX_KERNEL_*`` enum name.
``family``
    ``vision``, ``enhanced_vision`` (1.2 additions), ``tensor``, ``nn`` or
    ``control`` (copy / swap / move / select / scalar operation).
``params``
    the Python parameters in C order.  Each is a dict:

    - ``name``: the Python name (snake case; a few say what they are better
      than the C name: ``interpolation`` for the ``type`` of a scale or warp);
    - ``c``: the C parameter name, or a tuple of consecutive C parameters one
      Python value fills (``size=(x, y)`` for ``pooling_size_x, pooling_size_y``);
    - ``dir``: ``in``, ``out`` or ``bidirectional``;
    - ``type``: the object type (``image``, ``scalar``, ``array``, ``tensor``,
      ``matrix``, ``threshold``, ``lut``, ``distribution``, ``convolution``,
      ``remap``, ``pyramid``, ``reference``) or ``atomic`` (passed by value in C);
    - ``ctype``: the C type of the C parameter(s) (``vx_image``, ``vx_enum``...);
    - ``vx_type``: for atomics and ``vx_scalar`` parameters, the ``VX_TYPE_*``
      of the value (Python numbers are accepted for both);
    - ``enum``: for ``vx_enum`` values, the family in ``ENUMS`` (names accepted);
    - ``default``: present when the parameter may be left out (objects: None);
    - ``optional``: the spec allows NULL for this object;
    - ``formats``: for images, the ``VX_DF_IMAGE_*`` formats the spec allows;
    - ``like`` (output images): the input image parameter whose size the array
      function gives this output, and ``format`` its format (absent: the
      input's).  A kernel whose every output has this rule (or is a scalar) and
      that has no hand-written array function gets a generated one
      (``pyopenvx._vision``).

    - ``vxu`` (C, ``vx_scalar`` parameters only): how ``vxu<Name>`` takes it when
      not as the node's ``vx_scalar``: ``"value"`` (by value, the vxu function
      makes the scalar) or ``"pointer"`` (an output read back into ``*ptr``;
      NULL allowed only when ``optional``).

    A C struct pointer (``const vx_hog_t *``) is one entry ``{"struct": ctype,
    "c": name, "size_c": the sizeof parameter's name or None, "fields": [...]}``
    whose fields are Python parameters (``field`` naming the struct member(s)).
    For the C side it also says how the node holds it (``pack``): ``"scalar"`` (a
    scalar of ``vx_type``; NULL means the fields' defaults), ``"struct_scalar"``
    (a scalar of ``vx_type`` holding a copy of ``size_c`` bytes, zero-filled up
    to the struct's size; NULL leaves the parameter unset) or ``"array"`` (a
    one-item array of ``vx_type``; NULL leaves it unset; ``size_c``, if any,
    must be the struct's size, or 1 when ``size_one_ok``).

The C ``vx<Name>Node`` and ``vxu<Name>`` functions and the import/export table
of parameters fixed at node creation are generated from this table at build
time (``tools/gen_kernels.py``): an atomic parameter becomes a scalar of its
``vx_type`` made by the node function.
``vxu_border``
    (C) how ``vxu<Name>`` sets the node's border: ``"policy"`` (default: the
    context's immediate border, falling back to UNDEFINED under
    VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED when the kernel refuses it) or
    ``"undefined"`` (the kernel supports UNDEFINED only: another immediate
    border is refused under VX_BORDER_POLICY_RETURN_ERROR, else ignored).
``c``
    the C kernel (its ``ovx_kernel_desc``, generated into ``kernel_descs.h`` and
    included by ``csrc/kernels/<file>.c``, whose static functions it names):
    ``name`` (the kernel name; ``org.khronos.openvx.`` is implied without a dot), ``file``, ``validate`` (the
    vx_kernel_validate_f), ``window`` (ovx_window_f, run on row bands of
    parameter ``split``) and/or ``function`` (whole-node vx_kernel_f),
    ``initialize``/``deinitialize``, ``valid`` (valid-region rule: ``default``,
    ``full`` or ``kernel``) with ``shrink`` (pixels lost per side under
    VX_BORDER_UNDEFINED), ``select`` (the SIMD variant hook, runtime/dispatch.h),
    ``fuse`` (the vertical input radius when the kernel may be fused into row
    bands, runtime/fuse.c), ``optional`` (parameters the C kernel accepts
    unset though the Python signature requires them) and, only where they are
    not those the parameters above imply, the kernel parameters' ``params``
    ("direction type state").
``doc``
    one paragraph in the spec's own words: what it computes and the conventions
    that surprise (rounding, borders, sampling phase, which way a matrix maps).

The default border of every node is ``VX_BORDER_UNDEFINED`` (the spec's
default): pixels whose neighbourhood leaves the image are then unspecified.
"""

NO_DEFAULT = None  # marker in docs only: a parameter without "default" is required

_VX_TYPES = {
    "vx_enum": "VX_TYPE_ENUM", "vx_int8": "VX_TYPE_INT8", "vx_uint8": "VX_TYPE_UINT8",
    "vx_int16": "VX_TYPE_INT16", "vx_int32": "VX_TYPE_INT32", "vx_uint32": "VX_TYPE_UINT32",
    "vx_size": "VX_TYPE_SIZE", "vx_float32": "VX_TYPE_FLOAT32", "vx_bool": "VX_TYPE_BOOL",
}

_DEFAULT = object()


def _p(name, direction, type_, c=None, ctype=None, default=_DEFAULT, **kw):
    d = {"name": name, "c": c or name, "dir": direction, "type": type_, "ctype": ctype or "vx_" + type_}
    if default is not _DEFAULT:
        d["default"] = default
    d.update(kw)
    return d


def _img(name, direction="in", formats=None, c=None, optional=False, like=None, format=None):
    kw = {"default": None} if optional else {}
    if like:
        kw["like"] = like
        if format:
            kw["format"] = format
    return _p(name, direction, "image", c=c, formats=tuple(formats.split()) if formats else None,
              optional=optional, **kw)


def _obj(type_, name, direction="in", c=None, optional=False):
    kw = {"default": None} if optional else {}
    return _p(name, direction, type_, c=c, optional=optional, **kw)


def _enum(name, family, default=_DEFAULT, c=None):
    return _p(name, "in", "atomic", c=c, ctype="vx_enum", vx_type="VX_TYPE_ENUM", enum=family, default=default)


def _atom(name, ctype, default=_DEFAULT, c=None):
    return _p(name, "in", "atomic", c=c, ctype=ctype, vx_type=_VX_TYPES[ctype], default=default)


def _scalar(name, ctype, direction="in", default=_DEFAULT, c=None, optional=False, enum=None, vxu=None):
    if optional and default is _DEFAULT:
        default = None
    kw = {"enum": enum} if enum else {}
    if vxu:
        kw["vxu"] = vxu
    return _p(name, direction, "scalar", c=c, ctype="vx_scalar", vx_type=_VX_TYPES[ctype] if ctype else None,
              default=default, optional=optional, **kw)


def _field(name, field, ctype, default=_DEFAULT, enum=None):
    d = {"name": name, "field": field, "dir": "in", "type": "atomic", "ctype": ctype,
         "vx_type": _VX_TYPES[ctype]}
    if default is not _DEFAULT:
        d["default"] = default
    if enum:
        d["enum"] = enum
    return d


def _struct(c, ctype, size_c, fields, pack, vx_type, size_one_ok=False):
    return {"struct": ctype, "c": c, "size_c": size_c, "fields": list(fields), "pack": pack, "vx_type": vx_type,
            "size_one_ok": size_one_ok}


def _k(name, node, vxu, enum, family, params, doc, vxu_border="policy", c=None):
    return {"name": name, "node": node, "vxu": vxu, "enum": enum, "family": family, "params": list(params),
            "doc": " ".join(doc.split()), "vxu_border": vxu_border, "c": c}


def _c(name, file, validate, window=None, function=None, split=0, valid="default", shrink=0, select=None,
       fuse=None, initialize=None, deinitialize=None, optional=(), params=None):
    """The C kernel facts (see ``c`` in the module doc)."""
    d = {"name": name if "." in name else "org.khronos.openvx." + name, "file": file, "validate": validate,
         "window": window,
         "function": function, "split": split, "valid": valid, "shrink": shrink, "select": select, "fuse": fuse,
         "initialize": initialize, "deinitialize": deinitialize, "optional": tuple(optional)}
    if params:
        d["params"] = [tuple(x.split()) for x in params]
    return d


_U8_U1 = "U8 U1"
_IMG_ANY_COLOR = "RGB RGBX NV12 NV21 UYVY YUYV IYUV YUV4"

KERNELS = [
    # ---- pixel-wise arithmetic and logic -------------------------------------------------------
    _k("abs_diff", "vxAbsDiffNode", "vxuAbsDiff", "VX_KERNEL_ABSDIFF", "vision",
       [_img("in1", formats="U8 S16"), _img("in2", formats="U8 S16"), _img("out", "out", "U8 S16", like="in1")],
       """Computes the absolute difference between two images: out(x,y) = |in1(x,y) - in2(x,y)|. If one of
       the input images is of type VX_DF_IMAGE_S16, all values are converted to vx_int32 and the overflow
       policy VX_CONVERT_POLICY_SATURATE is used: out = saturate_int16(|(int32)in1 - (int32)in2|). The
       output can be VX_DF_IMAGE_U8 only if both inputs are.""",
       c=_c("absdiff", "arith", "absdiff_validate", window="absdiff_window", split=2, select="absdiff_select",
            fuse=0)),
    _k("add", "vxAddNode", "vxuAdd", "VX_KERNEL_ADD", "vision",
       [_img("in1", formats="U8 S16"), _img("in2", formats="U8 S16"),
        _enum("policy", "convert_policy", "saturate"), _img("out", "out", "U8 S16")],
       """Performs addition between two images: out(x,y) = in1(x,y) + in2(x,y), the sum computed at a
       higher precision then wrapped or saturated to the output format by the overflow policy. The output
       can be VX_DF_IMAGE_U8 only if both inputs are; it is otherwise VX_DF_IMAGE_S16.""",
       c=_c("add", "arith", "addsub_validate", window="add_window", split=3, select="add_select", fuse=0)),
    _k("subtract", "vxSubtractNode", "vxuSubtract", "VX_KERNEL_SUBTRACT", "vision",
       [_img("in1", formats="U8 S16"), _img("in2", formats="U8 S16"),
        _enum("policy", "convert_policy", "saturate"), _img("out", "out", "U8 S16")],
       """Performs subtraction between two images: out(x,y) = in1(x,y) - in2(x,y), wrapped or saturated
       to the output format by the overflow policy. The output can be VX_DF_IMAGE_U8 only if both inputs
       are; it is otherwise VX_DF_IMAGE_S16.""",
       c=_c("subtract", "arith", "addsub_validate", window="sub_window", split=3, select="sub_select", fuse=0)),
    _k("multiply", "vxMultiplyNode", "vxuMultiply", "VX_KERNEL_MULTIPLY", "vision",
       [_img("in1", formats="U8 S16"), _img("in2", formats="U8 S16"),
        _scalar("scale", "vx_float32", default=1.0, vxu="value"),
        _enum("overflow_policy", "convert_policy", "saturate"),
        _enum("rounding_policy", "round_policy", "to_zero"), _img("out", "out", "U8 S16")],
       """Performs element-wise multiplication between two images and a scalar value:
       out(x,y) = in1(x,y) * in2(x,y) * scale. VX_ROUND_POLICY_TO_ZERO truncates (C cast of the double
       product), VX_ROUND_POLICY_TO_NEAREST_EVEN rounds half to even; then the overflow policy wraps or
       saturates. Scales 1/2^n (0 <= n <= 15, with truncation) and 1/255 (with rounding to nearest even)
       must be supported. The output is VX_DF_IMAGE_U8 only if both inputs are and it is set so.""",
       c=_c("multiply", "arith", "multiply_validate", window="multiply_window", split=5, select="multiply_select",
            fuse=0)),
    _k("weighted_average", "vxWeightedAverageNode", "vxuWeightedAverage", "VX_KERNEL_WEIGHTED_AVERAGE", "vision",
       [_img("img1", formats="U8"), _scalar("alpha", "vx_float32"), _img("img2", formats="U8"),
        _img("output", "out", "U8", like="img1")],
       """Weighted average value from two input images to an output image: output(x,y) = (1 - alpha)
       img2(x,y) + alpha img1(x,y), 0 <= alpha <= 1, computed in float32 and converted to uint8 (the C
       conversion truncates). All the image dimensions should be the same as those of the first input.""",
       c=_c("weighted_average", "arith", "weighted_validate", window="weighted_window", split=3,
            select="weighted_select", fuse=0)),
    _k("min", "vxMinNode", "vxuMin", "VX_KERNEL_MIN", "enhanced_vision",
       [_img("in1", formats="U8 S16"), _img("in2", formats="U8 S16"), _img("out", "out", "U8 S16", like="in1")],
       """Implements a pixel-wise minimum kernel: out(x,y) = min(in1(x,y), in2(x,y)). The output image
       dimensions and format are those of the inputs.""",
       c=_c("min", "control", "minmax_validate", window="min_window", split=2, select="min_select")),
    _k("max", "vxMaxNode", "vxuMax", "VX_KERNEL_MAX", "enhanced_vision",
       [_img("in1", formats="U8 S16"), _img("in2", formats="U8 S16"), _img("out", "out", "U8 S16", like="in1")],
       """Implements a pixel-wise maximum kernel: out(x,y) = max(in1(x,y), in2(x,y)). The output image
       dimensions and format are those of the inputs.""",
       c=_c("max", "control", "minmax_validate", window="max_window", split=2, select="max_select")),
    _k("and_", "vxAndNode", "vxuAnd", "VX_KERNEL_AND", "vision",
       [_img("in1", formats=_U8_U1), _img("in2", formats=_U8_U1), _img("out", "out", _U8_U1, like="in1")],
       """Performs a bitwise AND operation between two VX_DF_IMAGE_U8 or VX_DF_IMAGE_U1 images:
       out(x,y) = in1(x,y) & in2(x,y).""",
       c=_c("and", "arith", "binop_validate", window="and_window", split=2, select="and_select", fuse=0)),
    _k("or_", "vxOrNode", "vxuOr", "VX_KERNEL_OR", "vision",
       [_img("in1", formats=_U8_U1), _img("in2", formats=_U8_U1), _img("out", "out", _U8_U1, like="in1")],
       """Performs a bitwise INCLUSIVE OR operation between two VX_DF_IMAGE_U8 or VX_DF_IMAGE_U1 images:
       out(x,y) = in1(x,y) | in2(x,y).""",
       c=_c("or", "arith", "binop_validate", window="or_window", split=2, select="or_select", fuse=0)),
    _k("xor", "vxXorNode", "vxuXor", "VX_KERNEL_XOR", "vision",
       [_img("in1", formats=_U8_U1), _img("in2", formats=_U8_U1), _img("out", "out", _U8_U1, like="in1")],
       """Performs a bitwise EXCLUSIVE OR (XOR) operation between two VX_DF_IMAGE_U8 or VX_DF_IMAGE_U1
       images: out(x,y) = in1(x,y) ^ in2(x,y).""",
       c=_c("xor", "arith", "binop_validate", window="xor_window", split=2, select="xor_select", fuse=0)),
    _k("not_", "vxNotNode", "vxuNot", "VX_KERNEL_NOT", "vision",
       [_img("input", formats=_U8_U1), _img("output", "out", _U8_U1, like="input")],
       """Performs a bitwise NOT operation on a VX_DF_IMAGE_U8 or VX_DF_IMAGE_U1 input image:
       output(x,y) = ~input(x,y).""",
       c=_c("not", "arith", "not_validate", window="not_window", split=1, select="not_select", fuse=0)),
    # ---- gradients ------------------------------------------------------------------------------
    _k("magnitude", "vxMagnitudeNode", "vxuMagnitude", "VX_KERNEL_MAGNITUDE", "vision",
       [_img("grad_x", formats="S16"), _img("grad_y", formats="S16"),
        _img("mag", "out", "S16", like="grad_x", format="S16")],
       """Implements the Gradient Magnitude Computation Kernel: mag(x,y) = sqrt(grad_x(x,y)^2 +
       grad_y(x,y)^2), rounded (+ 0.5, then truncated) and saturated to 32767.""",
       c=_c("magnitude", "filter", "validate_magnitude", window="win_magnitude", split=2, select="select_magnitude",
            fuse=0)),
    _k("phase", "vxPhaseNode", "vxuPhase", "VX_KERNEL_PHASE", "vision",
       [_img("grad_x", formats="S16"), _img("grad_y", formats="S16"),
        _img("orientation", "out", "U8", like="grad_x", format="U8")],
       """Implements the Gradient Phase Computation Kernel: phi = atan2(grad_y(x,y), grad_x(x,y)) translated
       to 0 <= phi < 2 pi, then mapped to the range 0 to 255 inclusive (VX_DF_IMAGE_U8).""",
       c=_c("phase", "filter", "validate_phase", window="win_phase", split=2, select="select_phase", fuse=0)),
    _k("sobel3x3", "vxSobel3x3Node", "vxuSobel3x3", "VX_KERNEL_SOBEL_3x3", "vision",
       [_img("input", formats="U8"), _img("output_x", "out", "S16", optional=True, like="input", format="S16"),
        _img("output_y", "out", "S16", optional=True, like="input", format="S16")],
       """Implements the Sobel Image Filter Kernel: output_x is the input convolved with [-1 0 1; -2 0 2;
       -1 0 1], output_y with [-1 -2 -1; 0 0 0; 1 2 1], both VX_DF_IMAGE_S16 (either may be NULL). The
       border is the node's border mode (default VX_BORDER_UNDEFINED: the outermost pixels are
       unspecified).""",
       c=_c("sobel_3x3", "filter", "validate_sobel", window="win_sobel", shrink=1, select="select_sobel", fuse=1)),
    # ---- filters ---------------------------------------------------------------------------------
    _k("box3x3", "vxBox3x3Node", "vxuBox3x3", "VX_KERNEL_BOX_3x3", "vision",
       [_img("input", formats="U8"), _img("output", "out", "U8", like="input")],
       """Computes a Box filter over a 3x3 window of the input image: the convolution matrix
       1/9 [1 1 1; 1 1 1; 1 1 1] (integer sum divided by 9, truncated). The default border is
       VX_BORDER_UNDEFINED.""",
       c=_c("box_3x3", "filter", "validate_u8", window="win_box", split=1, shrink=1, select="select_box", fuse=1)),
    _k("gaussian3x3", "vxGaussian3x3Node", "vxuGaussian3x3", "VX_KERNEL_GAUSSIAN_3x3", "vision",
       [_img("input", formats="U8"), _img("output", "out", "U8", like="input")],
       """Computes a Gaussian filter over a 3x3 window of the input image with the convolution matrix
       1/16 [1 2 1; 2 4 2; 1 2 1] (integer sum shifted right by 4, truncated). The default border is
       VX_BORDER_UNDEFINED.""",
       c=_c("gaussian_3x3", "filter", "validate_u8", window="win_gaussian", split=1, shrink=1,
            select="select_gaussian", fuse=1)),
    _k("median3x3", "vxMedian3x3Node", "vxuMedian3x3", "VX_KERNEL_MEDIAN_3x3", "vision",
       [_img("input", formats=_U8_U1), _img("output", "out", _U8_U1, like="input")],
       """Computes a median pixel value over a 3x3 window of the input image. The default border is
       VX_BORDER_UNDEFINED.""",
       c=_c("median_3x3", "filter", "validate_u8_u1", window="win_median", split=1, shrink=1,
            select="select_median", fuse=1)),
    _k("dilate3x3", "vxDilate3x3Node", "vxuDilate3x3", "VX_KERNEL_DILATE_3x3", "vision",
       [_img("input", formats=_U8_U1), _img("output", "out", _U8_U1, like="input")],
       """Implements Dilation, which grows the white space in a VX_DF_IMAGE_U8 or VX_DF_IMAGE_U1 Boolean
       image: output(x,y) is the maximum over the 3x3 window.""",
       c=_c("dilate_3x3", "filter", "validate_u8_u1", window="win_dilate", split=1, shrink=1,
            select="select_dilate", fuse=1)),
    _k("erode3x3", "vxErode3x3Node", "vxuErode3x3", "VX_KERNEL_ERODE_3x3", "vision",
       [_img("input", formats=_U8_U1), _img("output", "out", _U8_U1, like="input")],
       """Implements Erosion, which shrinks the white space in a VX_DF_IMAGE_U8 or VX_DF_IMAGE_U1 Boolean
       image: output(x,y) is the minimum over the 3x3 window.""",
       c=_c("erode_3x3", "filter", "validate_u8_u1", window="win_erode", split=1, shrink=1, select="select_erode",
            fuse=1)),
    _k("nonlinear_filter", "vxNonLinearFilterNode", "vxuNonLinearFilter", "VX_KERNEL_NON_LINEAR_FILTER",
       "enhanced_vision",
       [_enum("function", "non_linear_filter"), _img("input", formats=_U8_U1), _obj("matrix", "mask"),
        _img("output", "out", _U8_U1)],
       """Computes a non-linear filter (median, min or max) over a window of the input image; the window is
       the mask, a VX_TYPE_UINT8 (or VX_TYPE_BOOL) matrix whose non-zero entries are in the window, at most
       9x9, from vxCreateMatrixFromPattern (box, cross, disk) or arbitrary. The default border is
       VX_BORDER_UNDEFINED.""",
       c=_c("non_linear_filter", "filter", "validate_nonlinear", function="run_nonlinear", split=3, shrink=1,
            select="select_nonlinear")),
    _k("convolve", "vxConvolveNode", "vxuConvolve", "VX_KERNEL_CUSTOM_CONVOLUTION", "vision",
       [_img("input", formats=_U8_U1), _obj("convolution", "convolution", c="conv"), _img("output", "out", "U8 S16")],
       """Convolves the input with the client supplied convolution matrix: output(x,y) =
       sum(input(x - i, y - j) conv(m/2 + i, n/2 + j)) / scale (note the flipped kernel, a true
       convolution), the scale a power of two; the result is saturated to the output format (U8 or S16).
       The default border is VX_BORDER_UNDEFINED.""",
       c=_c("custom_convolution", "filter", "validate_convolve", window="win_convolve", split=2, shrink=1,
            select="select_convolve")),
    _k("non_max_suppression", "vxNonMaxSuppressionNode", "vxuNonMaxSuppression", "VX_KERNEL_NON_MAX_SUPPRESSION",
       "enhanced_vision",
       [_img("input", formats="U8 S16"), _img("mask", formats=_U8_U1, optional=True),
        _atom("win_size", "vx_int32", 3), _img("output", "out", "U8 S16")],
       """Finds local maxima in an image, or otherwise suppresses pixels that are not local maxima over a
       win_size x win_size window: a pixel is kept if and only if it is greater than or equal to its top
       left neighbours and greater than its bottom right neighbours; suppressed pixels become 0 (U8) or
       INT16_MIN (S16). Where the optional mask is non-zero the input pixel is kept and takes no part.""",
       c=_c("non_max_suppression", "imgext", "validate_nms", window="win_nms", split=3, select="select_nms")),
    _k("bilateral_filter", "vxBilateralFilterNode", "vxuBilateralFilter", "VX_KERNEL_BILATERAL_FILTER",
       "enhanced_vision",
       [_obj("tensor", "src"), _atom("diameter", "vx_int32"), _atom("sigma_space", "vx_float32", c="sigmaSpace"),
        _atom("sigma_values", "vx_float32", c="sigmaValues"), _obj("tensor", "dst", "out")],
       """Applies bilateral filtering to the input tensor (2-D, or 3-D with the channels first, U8 or
       S16): each output value is the normalised sum of its diameter x diameter neighbourhood weighted by
       exp(-d^2 / (2 sigma_space^2)) for the spatial distance d and exp(-v^2 / (2 sigma_values^2)) for the
       value difference v.""",
       c=_c("bilateral_filter", "bilateral", "validate_bilateral", function="run_bilateral", valid="full",
            select="select_bilateral")),
    # ---- colour and channels -----------------------------------------------------------------------
    _k("color_convert", "vxColorConvertNode", "vxuColorConvert", "VX_KERNEL_COLOR_CONVERT", "vision",
       [_img("input", formats=_IMG_ANY_COLOR), _img("output", "out", _IMG_ANY_COLOR)],
       """Converts an image of one vx_df_image_e format to another (RGB, RGBX, NV12, NV21, UYVY, YUYV, IYUV,
       YUV4 as the spec's table allows). The interpretation of the colors is determined by the image's
       VX_IMAGE_SPACE and VX_IMAGE_RANGE; required are VX_COLOR_SPACE_BT709 (Kr = 0.2126, Kb = 0.0722, not
       OpenCV's BT.601) and VX_CHANNEL_RANGE_FULL (value_integer = max(0, min(255, floor(value_real x 256)))
       for R, G, B, Y; U and V offset by 128). The means of reconstructing chroma from downsampled formats is
       implementation-defined.""",
       c=_c("color_convert", "color", "color_convert_validate", window="color_convert_window", split=1,
            select="color_convert_select", fuse=0)),
    _k("channel_extract", "vxChannelExtractNode", "vxuChannelExtract", "VX_KERNEL_CHANNEL_EXTRACT", "vision",
       [_img("input", formats=_IMG_ANY_COLOR), _enum("channel", "channel"), _img("output", "out", "U8")],
       """Extracts one plane (VX_CHANNEL_R, G, B, A, Y, U, V or 0..3) of a multi-channel image into a
       VX_DF_IMAGE_U8 image; a subsampled chroma channel comes out at its plane's size.""",
       c=_c("channel_extract", "color", "channel_extract_validate", window="channel_extract_window", split=2,
            select="channel_extract_select", fuse=0)),
    _k("channel_combine", "vxChannelCombineNode", "vxuChannelCombine", "VX_KERNEL_CHANNEL_COMBINE", "vision",
       [_img("plane0", formats="U8"), _img("plane1", formats="U8"), _img("plane2", formats="U8", optional=True),
        _img("plane3", formats="U8", optional=True), _img("output", "out", _IMG_ANY_COLOR)],
       """Combines two to four VX_DF_IMAGE_U8 planes into a multi-channel image; plane0 gives the output's
       size, the chroma planes of a subsampled output are at the subsampled size.""",
       c=_c("channel_combine", "color", "channel_combine_validate", window="channel_combine_window", split=4,
            valid="full", select="channel_combine_select", fuse=0)),
    # ---- look-ups, thresholds, depth ----------------------------------------------------------------
    _k("table_lookup", "vxTableLookupNode", "vxuTableLookup", "VX_KERNEL_TABLE_LOOKUP", "vision",
       [_img("input", formats="U8 S16"), _obj("lut", "lut"), _img("output", "out", "U8 S16")],
       """Implements the Table Lookup Image Kernel: output(x,y) = lut[input(x,y) + offset], the offset
       VX_LUT_OFFSET (0 for U8, 32768 for a full S16 table).""",
       c=_c("table_lookup", "arith", "lut_validate", window="lut_window", split=2, select="lut_select", fuse=0)),
    _k("threshold", "vxThresholdNode", "vxuThreshold", "VX_KERNEL_THRESHOLD", "vision",
       [_img("input", formats="U8 S16"), _obj("threshold", "thresh"), _img("output", "out", "U8 U1")],
       """Thresholds an input image and produces an output Boolean image: binary: output = true_value if
       input > value else false_value; range: output = false_value if input > upper or input < lower, else
       true_value (the bounds are inclusive).""",
       c=_c("threshold", "arith", "threshold_validate", window="threshold_window", split=2,
            select="threshold_select", fuse=0)),
    _k("convert_depth", "vxConvertDepthNode", "vxuConvertDepth", "VX_KERNEL_CONVERTDEPTH", "vision",
       [_img("input", formats="U8 U1 S16"), _img("output", "out", "U8 U1 S16"),
        _enum("policy", "convert_policy", "saturate"), _scalar("shift", "vx_int32", default=0, vxu="value")],
       """Converts image bit depth: up-conversions ignore the policy, output = ((int16)input) << shift;
       down-conversions compute input >> shift (an arithmetic shift for signed input) then wrap ((uint8))
       or saturate to 0..255 by the policy; 0 <= shift < 8. Conversions with U1 ignore policy and shift:
       to U1, output = input != 0 ? 1 : 0; from U1 to U8, output = input != 0 ? 255 : 0.""",
       c=_c("convertdepth", "arith", "convert_validate", window="convert_window", split=1, select="convert_select",
            fuse=0)),
    # ---- statistics ---------------------------------------------------------------------------------
    _k("histogram", "vxHistogramNode", "vxuHistogram", "VX_KERNEL_HISTOGRAM", "vision",
       [_img("input", formats="U8"), _obj("distribution", "distribution", "out")],
       """Generates a distribution from an image: each pixel in [offset, offset + range) is counted in bin
       floor((pixel - offset) * bins / range); pixels outside the window are not counted.""",
       c=_c("histogram", "stats", "histogram_validate", function="histogram_function", valid="full")),
    _k("equalize_hist", "vxEqualizeHistNode", "vxuEqualizeHist", "VX_KERNEL_EQUALIZE_HISTOGRAM", "vision",
       [_img("input", formats="U8"), _img("output", "out", "U8", like="input")],
       """Equalizes the histogram of a grayscale image so that it will automatically have a standardized
       brightness and contrast: the pixels are mapped through their cumulative distribution, rescaled to
       0..255 (a monotonic mapping).""",
       c=_c("equalize_histogram", "stats", "equalize_validate", function="equalize_function",
            select="select_equalize")),
    _k("mean_std_dev", "vxMeanStdDevNode", "vxuMeanStdDev", "VX_KERNEL_MEAN_STDDEV", "vision",
       [_img("input", formats=_U8_U1), _scalar("mean", "vx_float32", "out", vxu="pointer"),
        _scalar("stddev", "vx_float32", "out", optional=True, vxu="pointer")],
       """Computes the mean pixel value and the standard deviation of the pixels of the input image:
       mu = sum(src) / (width height), sigma = sqrt(sum((mu - src)^2) / (width height)) (the population
       deviation, as NumPy's std).""",
       c=_c("mean_stddev", "stats", "meanstddev_validate", function="meanstddev_function", valid="full",
            select="select_sums")),
    _k("min_max_loc", "vxMinMaxLocNode", "vxuMinMaxLoc", "VX_KERNEL_MINMAXLOC", "vision",
       [_img("input", formats="U8 S16"), _scalar("min_val", None, "out", c="minVal"),
        _scalar("max_val", None, "out", c="maxVal"),
        _obj("array", "min_loc", "out", c="minLoc", optional=True),
        _obj("array", "max_loc", "out", c="maxLoc", optional=True),
        _scalar("min_count", "vx_uint32", "out", c="minCount", optional=True),
        _scalar("max_count", "vx_uint32", "out", c="maxCount", optional=True)],
       """Finds the minimum and maximum values in an image and a location for each (arrays of
       vx_coordinates2d_t, in raster order, at most their capacity), with the number of occurrences.""",
       c=_c("minmaxloc", "stats", "minmaxloc_validate", function="minmaxloc_function", valid="full",
            select="select_minmax")),
    _k("integral_image", "vxIntegralImageNode", "vxuIntegralImage", "VX_KERNEL_INTEGRAL_IMAGE", "vision",
       [_img("input", formats="U8"), _img("output", "out", "U32", like="input", format="U32")],
       """Computes the integral image of the input: each output pixel is the sum of the corresponding input
       pixel and all other pixels above and to the left of it (VX_DF_IMAGE_U32, the overflow policy is
       VX_CONVERT_POLICY_WRAP).""",
       c=_c("integral_image", "stats", "integral_validate", function="integral_function", select="select_integral")),
    # ---- geometry ------------------------------------------------------------------------------------
    _k("scale_image", "vxScaleImageNode", "vxuScaleImage", "VX_KERNEL_SCALE_IMAGE", "vision",
       [_img("src", formats="U8 U1"), _img("dst", "out", "U8 U1"),
        _enum("interpolation", "interpolation", "bilinear", c="type")],
       """Implements the Image Resizing Kernel to the output's size: pixel centres map as x_input =
       (x_output + 0.5) width_input / width_output - 0.5 (the same as OpenCV's INTER_LINEAR); nearest
       neighbour takes the pixel whose centre is closest, bilinear weighs the four nearest, area averages
       the covered source pixels. The default border is VX_BORDER_UNDEFINED.""",
       c=_c("scale_image", "geometry", "scale_validate", window="scale_window", split=1, select="select_scale")),
    _k("half_scale_gaussian", "vxHalfScaleGaussianNode", "vxuHalfScaleGaussian", "VX_KERNEL_HALFSCALE_GAUSSIAN",
       "vision",
       [_img("input", formats=_U8_U1), _img("output", "out", _U8_U1), _atom("kernel_size", "vx_int32", 3)],
       """Performs a Gaussian Blur on an image (kernel_size 1, 3 or 5) then half-scales it with nearest
       neighbour sampling of the even pixels: W_output = (W_input + 1) / 2, H_output = (H_input + 1) / 2.""",
       c=_c("halfscale_gaussian", "geometry", "halfscale_validate", window="halfscale_window", split=1,
            select="select_halfscale")),
    _k("warp_affine", "vxWarpAffineNode", "vxuWarpAffine", "VX_KERNEL_WARP_AFFINE", "vision",
       [_img("input", formats=_U8_U1), _obj("matrix", "matrix"),
        _enum("interpolation", "interpolation", "nearest_neighbor", c="type"), _img("output", "out", _U8_U1)],
       """Performs an affine transform with a 2x3 matrix M mapping output to input (OpenCV's
       WARP_INVERSE_MAP): x0 = M11 x + M12 y + M13, y0 = M21 x + M22 y + M23, output(x,y) = input(x0,y0).
       The vx_matrix is 2 columns x 3 rows of float32 (the transpose of M, as the spec's C example
       stores it). Out-of-image samples follow the border mode (default VX_BORDER_UNDEFINED).""",
       c=_c("warp_affine", "geometry", "warp_affine_validate", window="warp_affine_window", split=3,
            select="select_warp_affine")),
    _k("warp_perspective", "vxWarpPerspectiveNode", "vxuWarpPerspective", "VX_KERNEL_WARP_PERSPECTIVE", "vision",
       [_img("input", formats=_U8_U1), _obj("matrix", "matrix"),
        _enum("interpolation", "interpolation", "nearest_neighbor", c="type"), _img("output", "out", _U8_U1)],
       """Performs a perspective transform with a 3x3 matrix M mapping output to input: (x0, y0, z0) =
       M (x, y, 1), output(x,y) = input(x0/z0, y0/z0). The vx_matrix stores the transpose of M (3x3
       float32). Out-of-image samples follow the border mode (default VX_BORDER_UNDEFINED).""",
       c=_c("warp_perspective", "geometry", "warp_perspective_validate", window="warp_perspective_window", split=3,
            select="select_warp_perspective")),
    _k("remap", "vxRemapNode", "vxuRemap", "VX_KERNEL_REMAP", "vision",
       [_img("input", formats=_U8_U1), _obj("remap", "table"),
        _enum("interpolation", "interpolation", "nearest_neighbor", c="policy"), _img("output", "out", _U8_U1)],
       """Maps output pixels from input pixels: output(x,y) = input(mapx(x,y), mapy(x,y)), the maps held in
       the vx_remap table (source coordinates of pixel centres at integer positions); nearest neighbour or
       bilinear interpolation, out-of-image samples by the border mode (default VX_BORDER_UNDEFINED).""",
       c=_c("remap", "geometry", "remap_validate", window="remap_window", split=3, select="select_remap")),
    # ---- pyramids ------------------------------------------------------------------------------------
    _k("gaussian_pyramid", "vxGaussianPyramidNode", "vxuGaussianPyramid", "VX_KERNEL_GAUSSIAN_PYRAMID", "vision",
       [_img("input", formats="U8"), _obj("pyramid", "gaussian", "out")],
       """Computes a Gaussian Image Pyramid from an input image: level 0 has the resolution and contents of
       the input; each next level is the previous one filtered with the 5x5 Gaussian 1/256 [1 4 6 4 1]^T
       [1 4 6 4 1] and scaled with nearest neighbour sampling (VX_SCALE_PYRAMID_HALF takes the even
       pixels; VX_SCALE_PYRAMID_ORB must be supported too). The default border is VX_BORDER_UNDEFINED.""",
       c=_c("gaussian_pyramid", "multiscale", "gpyr_validate", function="gpyr_function", valid="full",
            select="select_gpyr")),
    _k("laplacian_pyramid", "vxLaplacianPyramidNode", "vxuLaplacianPyramid", "VX_KERNEL_LAPLACIAN_PYRAMID",
       "vision",
       [_img("input", formats="U8 S16"), _obj("pyramid", "laplacian", "out"), _img("output", "out", "U8 S16")],
       """Computes a Laplacian Image Pyramid (S16 levels) from an input image: a Gaussian pyramid G of N+1
       half-scale levels (border VX_BORDER_REPLICATE), L_i = G_i - UpSample(G_i+1) where UpSample injects
       even zero rows and columns then convolves with the 5x5 Gaussian times 4; output is G_N, the lowest
       resolution image.""",
       c=_c("laplacian_pyramid", "multiscale", "lpyr_validate", function="lpyr_function", valid="full",
            select="select_lpyr")),
    _k("laplacian_reconstruct", "vxLaplacianReconstructNode", "vxuLaplacianReconstruct",
       "VX_KERNEL_LAPLACIAN_RECONSTRUCT", "vision",
       [_obj("pyramid", "laplacian"), _img("input", formats="U8 S16"), _img("output", "out", "U8 S16")],
       """Reconstructs the original image from a Laplacian Image Pyramid: I_N-1 = UpSample(input) + L_N-1,
       I_i = UpSample(I_i+1) + L_i, output = I_0 (saturated to the output format).""",
       c=_c("laplacian_reconstruct", "multiscale", "lrec_validate", function="lrec_function", valid="full",
            select="select_lrec")),
    # ---- features ------------------------------------------------------------------------------------
    _k("canny", "vxCannyEdgeDetectorNode", "vxuCannyEdgeDetector", "VX_KERNEL_CANNY_EDGE_DETECTOR",
       "vision",
       [_img("input", formats="U8"),
        dict(_obj("threshold", "hyst"), fields=[_field("low", None, "vx_int32"), _field("high", None, "vx_int32")]),
        _atom("gradient_size", "vx_int32", 3), _enum("norm", "norm", "l1", c="norm_type"), _img("output", "out", _U8_U1)],
       """Canny edge detector: Sobel gradients of gradient_size (3, 5, 7), magnitude by the L1 (|dx| + |dy|,
       the default) or L2 norm, non-maximum suppression along the orientation quantised to 4 directions,
       hysteresis with the VX_THRESHOLD_TYPE_RANGE thresholds (> upper: edge, <= lower: not, between:
       edge if connected to one). Edges are 255 (U8) on 0; the outermost pixels are not edges.""",
       c=_c("canny_edge_detector", "features", "canny_validate", function="canny_function", valid="full",
            select="select_feat"),
       vxu_border="undefined"),
    _k("harris_corners", "vxHarrisCornersNode", "vxuHarrisCorners", "VX_KERNEL_HARRIS_CORNERS", "vision",
       [_img("input", formats="U8"), _scalar("strength_thresh", "vx_float32"),
        _scalar("min_distance", "vx_float32", default=3.0), _scalar("sensitivity", "vx_float32", default=0.04),
        _atom("gradient_size", "vx_int32", 3), _atom("block_size", "vx_int32", 3),
        _obj("array", "corners", "out"), _scalar("num_corners", "vx_size", "out", optional=True)],
       """Computes the Harris Corners of an image: normalized Sobel gradients of gradient_size w (the
       kernel divided by 4 x 255 x b for w = 3, b the block size), sums over the block_size window A,
       M_c = det(A) - k trace(A)^2 with k the sensitivity; values above strength_thresh T_c,
       non-maximum suppressed within the Euclidean radius min_distance, become vx_keypoint_t entries.""",
       c=_c("harris_corners", "features", "harris_validate", function="harris_function", valid="full",
            select="select_feat"),
       vxu_border="undefined"),
    _k("fast_corners", "vxFastCornersNode", "vxuFastCorners", "VX_KERNEL_FAST_CORNERS", "vision",
       [_img("input", formats="U8"), _scalar("strength_thresh", "vx_float32"),
        _atom("nonmax_suppression", "vx_bool", True), _obj("array", "corners", "out"),
        _scalar("num_corners", "vx_size", "out", optional=True)],
       """Computes the corners in an image using FAST9: a pixel is a corner when 9 contiguous pixels of the
       16 on the radius-3 Bresenham circle are all brighter than it plus the threshold or all darker than it
       minus the threshold; the strength is the largest threshold for which it stays a corner; with
       nonmax_suppression only the strongest of each 3x3 neighbourhood stays. Corners within 3 pixels of
       the border are not detected.""",
       c=_c("fast_corners", "features", "fast_validate", function="fast_function", valid="full",
            select="select_feat"),
       vxu_border="undefined"),
    _k("optical_flow_pyr_lk", "vxOpticalFlowPyrLKNode", "vxuOpticalFlowPyrLK", "VX_KERNEL_OPTICAL_FLOW_PYR_LK",
       "vision",
       [_obj("pyramid", "old_images"), _obj("pyramid", "new_images"), _obj("array", "old_points"),
        _obj("array", "new_points_estimates"), _obj("array", "new_points", "out"),
        _enum("termination", "termination", "both"), _scalar("epsilon", "vx_float32", default=0.01),
        _scalar("num_iterations", "vx_uint32", default=30), _scalar("use_initial_estimate", "vx_bool",
                                                                     default=False),
        _atom("window_dimension", "vx_size", 5)],
       """Computes the optical flow using the Lucas-Kanade method between two pyramid images (Bouguet):
       Scharr gradients, iterations per level from the coarsest until the termination criterion (number of
       iterations, epsilon on the update's squared norm, or both); the output array has as many
       vx_keypoint_t as the old one, tracking_status 0 for points lost.""",
       c=_c("optical_flow_pyr_lk", "optflow", "lk_validate", function="lk_function", valid="full",
            select="lk_select"),
       vxu_border="undefined"),
    _k("match_template", "vxMatchTemplateNode", "vxuMatchTemplate", "VX_KERNEL_MATCH_TEMPLATE", "enhanced_vision",
       [_img("src", formats="U8"), _img("template_image", formats="U8", c="templateImage"),
        _enum("matching_method", "comp_metric", c="matchingMethod"), _img("output", "out", "S16")],
       """Compares an image template against overlapped image regions: output(x,y) is the metric (hamming,
       L1, L2, CCORR, L2_NORM, CCORR_NORM) of the template placed with its top-left corner at (x,y); the
       output is (W - w + 1) x (H - h + 1), VX_DF_IMAGE_S16.""",
       c=_c("match_template", "imgext", "validate_match", function="run_match", split=3, select="select_match")),
    _k("lbp", "vxLBPNode", "vxuLBP", "VX_KERNEL_LBP", "enhanced_vision",
       [_img("src", formats="U8"), _enum("format", "lbp_format", "lbp"), _atom("kernel_size", "vx_int8", 3),
        _img("output", "out", "U8")],
       """Extracts the Local Binary Pattern image: VX_LBP compares the 8 neighbours (3x3 or the 5x5 ring)
       with the centre, VX_MLBP the 8 ring pixels of a 5x5 window with their mean, VX_ULBP keeps uniform
       codes (at most two transitions) and maps the rest to 9.""",
       c=_c("lbp", "imgext", "validate_lbp", window="win_lbp", split=3, shrink=1, select="select_lbp")),
    _k("hog_cells", "vxHOGCellsNode", "vxuHOGCells", "VX_KERNEL_HOG_CELLS", "enhanced_vision",
       [_img("input", formats="U8"), _atom("cell_width", "vx_int32"), _atom("cell_height", "vx_int32"),
        _atom("num_bins", "vx_int32"), _obj("tensor", "magnitudes", "out"), _obj("tensor", "bins", "out")],
       """Computes the HOG cells: per cell the average gradient magnitude and an orientation histogram of
       num_bins bins over 0..360 degrees, each pixel voting its magnitude divided by the cell area
       (gradients by [-1 0 1], magnitude sqrt(gx^2 + gy^2)).""",
       c=_c("hog_cells", "hog", "hog_cells_validate", function="hog_cells_function", valid="full",
            optional=("magnitudes",))),
    _k("hog_features", "vxHOGFeaturesNode", "vxuHOGFeatures", "VX_KERNEL_HOG_FEATURES", "enhanced_vision",
       [_img("input", formats="U8"), _p("magnitudes", "in", "tensor", default=None, optional=True),
        _p("bins", "in", "tensor", default=None),
        _struct("params", "vx_hog_t", "hog_param_size", [
            _field("cell_width", "cell_width", "vx_int32", 8), _field("cell_height", "cell_height", "vx_int32", 8),
            _field("block_width", "block_width", "vx_int32", 16),
            _field("block_height", "block_height", "vx_int32", 16),
            _field("block_stride", "block_stride", "vx_int32", 8), _field("num_bins", "num_bins", "vx_int32", 9),
            _field("window_width", "window_width", "vx_int32", 64),
            _field("window_height", "window_height", "vx_int32", 128),
            _field("window_stride", "window_stride", "vx_int32", 8),
            _field("threshold", "threshold", "vx_float32", 0.2)],
            # REQ-0214: hog_param_size is sizeof(vx_hog_t); 1 (one struct) is also accepted, as the
            # Khronos conformance tests pass it
            "array", "VX_TYPE_HOG_PARAMS", size_one_ok=True),
        _obj("tensor", "features", "out")],
       """Extracts Histogram of Oriented Gradients features from the HOG cells (magnitudes and bins of a
       hog_cells node): per detection window, the blocks (block_width x block_height moved by block_stride)
       of cell histograms, L2-Hys normalised (clipped at threshold then renormalised).""",
       c=_c("hog_features", "hog", "hog_features_validate", function="hog_features_function", valid="full")),
    _k("hough_lines_p", "vxHoughLinesPNode", "vxuHoughLinesP", "VX_KERNEL_HOUGH_LINES_P", "enhanced_vision",
       [_img("input", formats=_U8_U1),
        _struct("params", "vx_hough_lines_p_t", None, [
            _field("rho", "rho", "vx_float32"), _field("theta", "theta", "vx_float32"),
            _field("threshold", "threshold", "vx_int32"), _field("line_length", "line_length", "vx_int32"),
            _field("line_gap", "line_gap", "vx_int32"),
            _field("theta_max", "theta_max", "vx_float32", 3.141592653589793),
            _field("theta_min", "theta_min", "vx_float32", 0.0)], "array", "VX_TYPE_HOUGH_LINES_PARAMS"),
        _obj("array", "lines_array", "out"), _scalar("num_lines", "vx_size", "out", optional=True)],
       """Finds the Probabilistic Hough Lines detected in the input binary image (non-zero pixels):
       accumulator resolution rho (pixels) and theta (radians) over [theta_min, theta_max), threshold votes
       make a line, segments shorter than line_length are rejected, gaps up to line_gap joined; the result is
       an array of vx_line2d_t.""",
       c=_c("hough_lines_p", "hog", "hough_validate", function="hough_function", valid="full")),
    # ---- tensors ------------------------------------------------------------------------------------
    _k("tensor_add", "vxTensorAddNode", "vxuTensorAdd", "VX_KERNEL_TENSOR_ADD", "tensor",
       [_obj("tensor", "input1"), _obj("tensor", "input2"), _enum("policy", "convert_policy", "saturate"),
        _obj("tensor", "output", "out")],
       """Performs arithmetic addition on element values in the input tensor data, with broadcasting of
       dimensions of size 1; the fixed-point result is wrapped or saturated by the policy.""",
       c=_c("tensor_add", "tensorops", "addsub_validate", function="add_function", valid="full",
            select="select_add")),
    _k("tensor_subtract", "vxTensorSubtractNode", "vxuTensorSubtract", "VX_KERNEL_TENSOR_SUBTRACT", "tensor",
       [_obj("tensor", "input1"), _obj("tensor", "input2"), _enum("policy", "convert_policy", "saturate"),
        _obj("tensor", "output", "out")],
       """Performs arithmetic subtraction on element values in the input tensor data (input1 - input2), with
       broadcasting, wrapped or saturated by the policy.""",
       c=_c("tensor_subtract", "tensorops", "addsub_validate", function="subtract_function", valid="full",
            select="select_subtract")),
    _k("tensor_multiply", "vxTensorMultiplyNode", "vxuTensorMultiply", "VX_KERNEL_TENSOR_MULTIPLY", "tensor",
       [_obj("tensor", "input1"), _obj("tensor", "input2"), _scalar("scale", "vx_float32", default=1.0),
        _enum("overflow_policy", "convert_policy", "saturate"),
        _enum("rounding_policy", "round_policy", "to_zero"), _obj("tensor", "output", "out")],
       """Performs element wise multiplications on element values in the input tensor data with a scale,
       rounded by the rounding policy then wrapped or saturated by the overflow policy (as Multiply).""",
       c=_c("tensor_multiply", "tensorops", "multiply_validate", function="multiply_function", valid="full",
            select="select_multiply")),
    _k("tensor_table_lookup", "vxTensorTableLookupNode", "vxuTensorTableLookup", "VX_KERNEL_TENSOR_TABLE_LOOKUP",
       "tensor",
       [_obj("tensor", "input1"), _obj("lut", "lut"), _obj("tensor", "output", "out")],
       """Performs LUT on element values in the input tensor data: output = lut[input + offset]
       (VX_TYPE_UINT8 or VX_TYPE_INT16 tensors and tables).""",
       c=_c("tensor_table_lookup", "tensorops", "lut_validate", function="lut_function", valid="full",
            select="select_lut")),
    _k("tensor_transpose", "vxTensorTransposeNode", "vxuTensorTranspose", "VX_KERNEL_TENSOR_TRANSPOSE", "tensor",
       [_obj("tensor", "input"), _obj("tensor", "output", "out"), _atom("dimension1", "vx_size"),
        _atom("dimension2", "vx_size")],
       """Performs transpose on the input tensor: the output is the input with dimensions dimension1 and
       dimension2 swapped (OpenVX dimension indices, 0 the fastest-varying).""",
       c=_c("tensor_transpose", "tensorops", "transpose_validate", function="transpose_function", valid="full",
            select="select_transpose")),
    _k("tensor_convert_depth", "vxTensorConvertDepthNode", "vxuTensorConvertDepth", "VX_KERNEL_TENSOR_CONVERT_DEPTH",
       "tensor",
       [_obj("tensor", "input"), _enum("policy", "convert_policy", "saturate"),
        _scalar("norm", "vx_float32", default=1.0), _scalar("offset", "vx_float32", default=0.0),
        _obj("tensor", "output", "out")],
       """Creates a bit-depth conversion: output = (input - offset) / norm, converted to the output's type
       and fixed point position, wrapped or saturated by the policy.""",
       c=_c("tensor_convert_depth", "tensorops", "convert_validate", function="convert_function", valid="full",
            select="select_convert")),
    _k("tensor_matrix_multiply", "vxTensorMatrixMultiplyNode", "vxuTensorMatrixMultiply",
       "VX_KERNEL_TENSOR_MATRIX_MULTIPLY", "tensor",
       [_obj("tensor", "input1"), _obj("tensor", "input2"), _obj("tensor", "input3", optional=True),
        _struct("matrix_multiply_params", "vx_tensor_matrix_multiply_params_t", None, [
            _field("transpose_input1", "transpose_input1", "vx_bool", False),
            _field("transpose_input2", "transpose_input2", "vx_bool", False),
            _field("transpose_input3", "transpose_input3", "vx_bool", False)],
           "scalar", "VX_TYPE_TENSOR_MATRIX_MULTIPLY_PARAMS"),
        _obj("tensor", "output", "out")],
       """Creates a generalized matrix multiplication: output = T1(input1) T2(input2) + T3(input3), each
       input optionally transposed, accumulated at a wide precision and saturated.""",
       c=_c("tensor_matrix_multiply", "tensorops", "matmul_validate", function="matmul_function", valid="full",
            select="select_matmul")),
    # ---- control and data movement -------------------------------------------------------------------
    _k("copy", "vxCopyNode", "vxuCopy", "VX_KERNEL_COPY", "control",
       [_obj("reference", "input"), _obj("reference", "output", "out")],
       """Copies a data object to another of the same type and meta data.""",
       c=_c("copy", "control", "copy_validate", function="copy_function", valid="kernel")),
    _k("swap", "vxSwapNode", "vxuSwap", "VX_KERNEL_SWAP", "control",
       [_obj("reference", "first", "bidirectional"), _obj("reference", "second", "bidirectional")],
       """Swaps the contents of two data objects of the same type and meta data (vx_khr_swap_move).""",
       c=_c("swap", "swapmove", "swap_validate", function="swap_function", valid="kernel")),
    _k("move", "vxMoveNode", "vxuMove", "VX_KERNEL_MOVE", "control",
       [_obj("reference", "first", "bidirectional"), _obj("reference", "second", "out")],
       """Moves the contents of the first data object to the second (vx_khr_swap_move); the first is left
       unspecified.""",
       c=_c("move", "swapmove", "move_validate", function="swap_function", valid="kernel")),
    _k("select", "vxSelectNode", None, "VX_KERNEL_SELECT", "control",
       [_scalar("condition", "vx_bool"), _obj("reference", "true_value"), _obj("reference", "false_value"),
        _obj("reference", "output", "out")],
       """Selects true_value or false_value by the vx_bool condition and copies it to output (all three of one
       type and meta data).""",
       c=_c("select", "control", "select_validate", function="select_function", valid="kernel")),
    _k("scalar_operation", "vxScalarOperationNode", None, "VX_KERNEL_SCALAR_OPERATION",
       "control",
       [_enum("scalar_operation", "scalar_operation"), _scalar("a", None), _scalar("b", None),
        _scalar("output", None, "out")],
       """Computes output = a OP b on scalars: logical (and, or, xor, nand on vx_bool), comparison (the
       result a vx_bool) or arithmetic (add, subtract, multiply, divide, modulus, min, max; integer results
       truncated toward zero and saturated to the output type).""",
       c=_c("scalar_operation", "control", "scalar_op_validate", function="scalar_op_function", valid="full")),
    # ---- accumulate (deprecated in 1.3, kept by vx_compatibility.h) -----------------------------------
    _k("accumulate_image", "vxAccumulateImageNode", "vxuAccumulateImage", "VX_KERNEL_ACCUMULATE", "vision",
       [_img("input", formats="U8"), _img("accum", "bidirectional", "S16")],
       """Accumulates an input image into an S16 image: accum(x,y) = saturate_int16(accum(x,y) +
       input(x,y)). Deprecated in OpenVX 1.3 (vx_compatibility.h).""",
       c=_c("accumulate", "arith", "accum_validate", window="accum_window", split=1, select="accumulate_select")),
    _k("accumulate_weighted_image", "vxAccumulateWeightedImageNode", "vxuAccumulateWeightedImage",
       "VX_KERNEL_ACCUMULATE_WEIGHTED", "vision",
       [_img("input", formats="U8"), _scalar("alpha", "vx_float32"), _img("accum", "bidirectional", "U8")],
       """Accumulates a weighted value of an input image into a U8 image: accum(x,y) = (1 - alpha)
       accum(x,y) + alpha input(x,y), 0 <= alpha <= 1, truncated. Deprecated in OpenVX 1.3.""",
       c=_c("accumulate_weighted", "arith", "accum_weighted_validate", window="accum_weighted_window", split=2,
            select="accumulate_weighted_select")),
    _k("accumulate_square_image", "vxAccumulateSquareImageNode", "vxuAccumulateSquareImage",
       "VX_KERNEL_ACCUMULATE_SQUARE", "vision",
       [_img("input", formats="U8"), _scalar("shift", "vx_uint32"), _img("accum", "bidirectional", "S16")],
       """Accumulates a squared value of an input image into an S16 image: accum(x,y) =
       saturate_int16(accum(x,y) + (input(x,y)^2 >> shift)), 0 <= shift <= 15. Deprecated in OpenVX 1.3.""",
       c=_c("accumulate_square", "arith", "accum_square_validate", window="accum_square_window", split=2,
            select="accumulate_square_select")),
    # ---- neural networks (vx_khr_nn: no vxu functions) -------------------------------------------------
    _k("convolution_layer", "vxConvolutionLayer", None, "VX_KERNEL_CONVOLUTION_LAYER", "nn",
       [_obj("tensor", "inputs"), _obj("tensor", "weights"), _obj("tensor", "biases", optional=True),
        _struct("convolution_params", "vx_nn_convolution_params_t", "size_of_convolution_params", [
            _field("pad", ("padding_x", "padding_y"), "vx_size", (0, 0)),
            _field("overflow", "overflow_policy", "vx_enum", "saturate", "convert_policy"),
            _field("rounding", "rounding_policy", "vx_enum", "to_zero", "round_policy"),
            _field("down_scale_rounding", "down_scale_size_rounding", "vx_enum", "floor", "ds_rounding"),
            _field("dilation", ("dilation_x", "dilation_y"), "vx_size", (0, 0))],
           "struct_scalar", "VX_TYPE_NN_CONVOLUTION_PARAMS"),
        _obj("tensor", "outputs", "out")],
       """Convolution layer: outputs[x, y, ofm] = sum over ifm and the kernel of inputs * weights + biases,
       the input zero-padded by pad, the stride following from the output size (rounded by
       down_scale_rounding), dilation zeros inserted between kernel taps; fixed-point accumulation, then
       rounding and overflow policies. NumPy arrays see the tensors as (N, C, H, W).""",
       c=_c("org.khronos.nn_extension.convolution_layer", "nn", "conv_validate", function="conv_function",
            valid="full", select="select_conv")),
    _k("deconvolution_layer", "vxDeconvolutionLayer", None, "VX_KERNEL_DECONVOLUTION_LAYER", "nn",
       [_obj("tensor", "inputs"), _obj("tensor", "weights"), _obj("tensor", "biases", optional=True),
        _struct("deconvolution_params", "vx_nn_deconvolution_params_t", "size_of_deconv_params", [
            _field("pad", ("padding_x", "padding_y"), "vx_size", (0, 0)),
            _field("overflow", "overflow_policy", "vx_enum", "saturate", "convert_policy"),
            _field("rounding", "rounding_policy", "vx_enum", "to_zero", "round_policy"),
            _field("a", ("a_x", "a_y"), "vx_size", (0, 0))], "struct_scalar", "VX_TYPE_NN_DECONVOLUTION_PARAMS"),
        _obj("tensor", "outputs", "out")],
       """Deconvolution (transposed convolution) layer: the upscale follows from the output size,
       out = (in - 1) upscale - 2 pad + kernel + a per axis, a < upscale.""",
       c=_c("org.khronos.nn_extension.deconvolution_layer", "nn", "deconv_validate", function="deconv_function",
            valid="full", select="select_conv")),
    _k("fully_connected_layer", "vxFullyConnectedLayer", None, "VX_KERNEL_FULLY_CONNECTED_LAYER", "nn",
       [_obj("tensor", "inputs"), _obj("tensor", "weights"), _obj("tensor", "biases", optional=True),
        _enum("overflow", "convert_policy", "saturate", c="overflow_policy"),
        _enum("rounding", "round_policy", "to_zero", c="rounding_policy"), _obj("tensor", "outputs", "out")],
       """Fully connected layer: outputs[ofm] = sum(inputs[i] weights[i, ofm]) + biases[ofm] over the 1 or 3
       core input dimensions, with the rounding and overflow policies.""",
       c=_c("org.khronos.nn_extension.fully_connected_layer", "nn", "fc_validate", function="fc_function",
            valid="full", select="select_fc")),
    _k("pooling_layer", "vxPoolingLayer", None, "VX_KERNEL_POOLING_LAYER", "nn",
       [_obj("tensor", "inputs"), _enum("type", "pooling", "max", c="pooling_type"),
        _atom("size", "vx_size", (2, 2), c=("pooling_size_x", "pooling_size_y")),
        _atom("pad", "vx_size", (0, 0), c=("pooling_padding_x", "pooling_padding_y")),
        _enum("down_scale_rounding", "ds_rounding", "floor", c="rounding"), _obj("tensor", "outputs", "out")],
       """Pooling layer: max or average over size windows of each map (zero padding counted in the average),
       the stride following from the output size rounded by down_scale_rounding.""",
       c=_c("org.khronos.nn_extension.pooling_layer", "nn", "pool_validate", function="pool_function", valid="full",
            select="select_pool")),
    _k("softmax_layer", "vxSoftmaxLayer", None, "VX_KERNEL_SOFTMAX_LAYER", "nn",
       [_obj("tensor", "inputs"), _obj("tensor", "outputs", "out")],
       """Softmax layer: outputs = exp(inputs) / sum(exp(inputs)) over the classes dimension.""",
       c=_c("org.khronos.nn_extension.softmax_layer", "nn", "softmax_validate", function="softmax_function",
            valid="full", select="select_softmax")),
    _k("normalization_layer", "vxNormalizationLayer", None, "VX_KERNEL_NORMALIZATION_LAYER", "nn",
       [_obj("tensor", "inputs"), _enum("type", "nn_norm", "across_maps"),
        _atom("size", "vx_size", 5, c="normalization_size"), _atom("alpha", "vx_float32", 1e-4),
        _atom("beta", "vx_float32", 0.75), _obj("tensor", "outputs", "out")],
       """Normalization layer: x / (1 + alpha / n sum x^2)^beta over size neighbouring maps (across_maps,
       n = size) or a size x size window of the same map (same_map, n = size^2).""",
       c=_c("org.khronos.nn_extension.normalization_layer", "nn", "norm_validate", function="norm_function",
            valid="full")),
    _k("local_response_normalization_layer", "vxLocalResponseNormalizationLayer", None,
       "VX_KERNEL_LOCAL_RESPONSE_NORMALIZATION_LAYER", "nn",
       [_obj("tensor", "inputs"), _enum("type", "nn_norm", "across_maps"),
        _atom("size", "vx_size", 5, c="normalization_size"), _atom("alpha", "vx_float32", 1e-4),
        _atom("beta", "vx_float32", 0.75), _atom("bias", "vx_float32", 1.0), _obj("tensor", "outputs", "out")],
       """Local response normalization layer: x / (bias + alpha / n sum x^2)^beta over size neighbouring maps
       (across_maps) or a size x size window of the same map (same_map).""",
       c=_c("org.khronos.nn_extension.local_response_normalization_layer", "nn", "lrn_validate",
            function="lrn_function", valid="full")),
    _k("activation_layer", "vxActivationLayer", None, "VX_KERNEL_ACTIVATION_LAYER", "nn",
       [_obj("tensor", "inputs"), _enum("function", "activation", "relu"), _atom("a", "vx_float32", 0.0),
        _atom("b", "vx_float32", 0.0), _obj("tensor", "outputs", "out")],
       """Activation layer, element-wise: logistic 1/(1+e^-x), hyperbolic tan a tanh(b x), relu max(0, x),
       brelu min(a, max(0, x)), softrelu log(1 + e^x), abs, square, sqrt, linear a x + b.""",
       c=_c("org.khronos.nn_extension.activation_layer", "nn", "act_validate", function="act_function",
            valid="full")),
    _k("roi_pooling_layer", "vxROIPoolingLayer", None, "VX_KERNEL_ROI_POOLING_LAYER", "nn",
       [_obj("tensor", "inputs", c="input_data"), _obj("tensor", "rois", c="input_rois"),
        _struct("roi_pool_params", "vx_nn_roi_pool_params_t", "size_of_roi_params", [
            _field("type", "pool_type", "vx_enum", "max", "pooling")], "struct_scalar", "VX_TYPE_NN_ROI_POOL_PARAMS"),
        _obj("tensor", "outputs", "out", c="output_arr")],
       """ROI pooling layer: each region of interest (x0, y0, x1, y1, inclusive) is divided into the
       output's pooled width x height cells, each the maximum of its input pixels.""",
       c=_c("org.khronos.nn_extension.roi_pooling_layer", "nn", "roi_validate", function="roi_function",
            valid="full")),
]

#: enum families: name -> (IntEnum class name, C prefix, extra aliases {alias: member})
#: Members are the C names without the prefix; strings are accepted in lower case.
ENUMS = {
    "df_image": ("Format", "VX_DF_IMAGE_", {}),
    "type": ("Type", "VX_TYPE_", {}),
    "convert_policy": ("ConvertPolicy", "VX_CONVERT_POLICY_", {}),
    "round_policy": ("RoundPolicy", "VX_ROUND_POLICY_", {"zero": "TO_ZERO", "nearest_even": "TO_NEAREST_EVEN",
                                                         "nearest": "TO_NEAREST_EVEN"}),
    "interpolation": ("Interpolation", "VX_INTERPOLATION_", {"nearest": "NEAREST_NEIGHBOR"}),
    "border": ("BorderMode", "VX_BORDER_", {}),
    "border_policy": ("BorderPolicy", "VX_BORDER_POLICY_", {}),
    "channel": ("Channel", "VX_CHANNEL_", {}),
    "norm": ("Norm", "VX_NORM_", {}),
    "non_linear_filter": ("NonLinearFilter", "VX_NONLINEAR_FILTER_", {}),
    "pattern": ("Pattern", "VX_PATTERN_", {}),
    "comp_metric": ("CompareMetric", "VX_COMPARE_", {"ssd": "L2", "sad": "L1"}),
    "lbp_format": ("LBPFormat", "VX_", {"standard": "LBP", "modified": "MLBP", "uniform": "ULBP"}),
    "scalar_operation": ("ScalarOperation", "VX_SCALAR_OP_", {
        "eq": "EQUAL", "ne": "NOTEQUAL", "lt": "LESS", "le": "LESSEQ", "gt": "GREATER", "ge": "GREATEREQ",
        "sub": "SUBTRACT", "mul": "MULTIPLY", "div": "DIVIDE", "mod": "MODULUS"}),
    "termination": ("Termination", "VX_TERM_CRITERIA_", {}),
    "threshold_type": ("ThresholdType", "VX_THRESHOLD_TYPE_", {}),
    "graph_state": ("GraphState", "VX_GRAPH_STATE_", {}),
    "node_state": ("NodeState", "VX_NODE_STATE_", {}),
    "event_type": ("EventType", "VX_EVENT_", {}),
    "direction": ("Direction", "VX_", {}),
    "parameter_state": ("ParameterState", "VX_PARAMETER_STATE_", {}),
    "accessor": ("Accessor", "VX_", {}),
    "memory_type": ("MemoryType", "VX_MEMORY_TYPE_", {}),
    "action": ("Action", "VX_ACTION_", {}),
    "target": ("Target", "VX_TARGET_", {}),
    "color_space": ("ColorSpace", "VX_COLOR_SPACE_", {}),
    "channel_range": ("ChannelRange", "VX_CHANNEL_RANGE_", {}),
    "pooling": ("Pooling", "VX_NN_POOLING_", {"average": "AVG"}),
    "ds_rounding": ("DownScaleRounding", "VX_NN_DS_SIZE_ROUNDING_", {"ceil": "CEILING"}),
    "activation": ("Activation", "VX_NN_ACTIVATION_", {"tanh": "HYPERBOLIC_TAN", "bounded_relu": "BRELU"}),
    "nn_norm": ("NNNormalization", "VX_NN_NORMALIZATION_", {}),
    "status": ("Status", "VX_", {}),
}

#: where a family's members are not all the constants with its prefix: the exact member list
#: (a trailing ``*`` stands for every constant that starts so)
ENUM_MEMBERS = {
    "border": ("UNDEFINED", "CONSTANT", "REPLICATE"),
    "status": ("SUCCESS", "FAILURE", "ERROR_*"),
    "lbp_format": ("LBP", "MLBP", "ULBP"),
    "direction": ("INPUT", "OUTPUT", "BIDIRECTIONAL"),
    "accessor": ("READ_ONLY", "WRITE_ONLY", "READ_AND_WRITE"),
    "channel": ("0", "1", "2", "3", "R", "G", "B", "A", "Y", "U", "V"),
    "graph_state": ("UNVERIFIED", "VERIFIED", "RUNNING", "ABANDONED", "COMPLETED"),
    "node_state": ("STEADY", "PIPEUP"),
    "type": ("INVALID", "CHAR", "INT8", "UINT8", "INT16", "UINT16", "INT32", "UINT32", "INT64", "UINT64",
             "FLOAT32", "FLOAT64", "ENUM", "SIZE", "DF_IMAGE", "FLOAT16", "BOOL", "RECTANGLE", "KEYPOINT",
             "COORDINATES2D", "COORDINATES3D", "COORDINATES2DF", "HOG_PARAMS", "HOUGH_LINES_PARAMS",
             "LINE_2D", "TENSOR_MATRIX_MULTIPLY_PARAMS", "USER_STRUCT_START", "REFERENCE", "CONTEXT", "GRAPH",
             "NODE", "KERNEL", "PARAMETER", "DELAY", "LUT", "DISTRIBUTION", "PYRAMID", "THRESHOLD", "MATRIX",
             "CONVOLUTION", "SCALAR", "ARRAY", "IMAGE", "REMAP", "ERROR", "META_FORMAT", "OBJECT_ARRAY",
             "TENSOR", "USER_DATA_OBJECT"),
    "df_image": ("VIRT", "RGB", "RGBX", "NV12", "NV21", "UYVY", "YUYV", "IYUV", "YUV4", "U1", "U8", "U16",
                 "S16", "U32", "S32"),
}


def kernel(name):
    """The declaration of kernel ``name`` (its Python name)."""
    for k in KERNELS:
        if k["name"] == name:
            return k
    raise KeyError(name)


def python_params(k):
    """The Python parameters of kernel ``k`` in C order, struct fields expanded."""
    out = []
    for p in k["params"]:
        if "fields" in p:
            out.extend(p["fields"])
        else:
            out.append(p)
    return out


def c_params(k):
    """[(C name, C type)] of the node function after the graph, as the header declares them."""
    out = []
    for p in k["params"]:
        if "struct" in p:
            out.append((p["c"], "const %s *" % p["struct"]))
            if p["size_c"]:
                out.append((p["size_c"], "vx_size"))
        elif isinstance(p["c"], tuple):
            out.extend((c, p["ctype"]) for c in p["c"])
        else:
            out.append((p["c"], p["ctype"]))
    return out


def ordered(params):
    """Python signature order: the parameters without a default first, then those with one (each
    group in C order)."""
    return [p for p in params if "default" not in p] + [p for p in params if "default" in p]
