"""Immediate mode on ndarrays: enhanced vision: LBP, NonMaxSuppression, MatchTemplate.

::

    import numpy as np, pyopenvx as vx
    codes = vx.lbp(gray, "uniform", 5, border="replicate")
    peaks = vx.non_max_suppression(response, win_size=5, mask=ignore)
    score = vx.match_template(gray, patch, "ccorr_norm")   # int16 map

In a graph the same kernels are ``g.lbp(src, dst, "lbp", 3)``,
``g.non_max_suppression(src, dst, mask=mask_or_None, win_size=win)`` and
``g.match_template(src, templ, "l2", dst)``.
"""

import numpy as np

from ._ffi import ffi, lib
from ._vision import _FORMATS, _Run, _enum, _image_array, _same_shape, _vision

__all__ = ["lbp", "non_max_suppression", "match_template"]

_LBP_FORMATS = {
    "lbp": lib.VX_LBP, "standard": lib.VX_LBP,
    "mlbp": lib.VX_MLBP, "modified": lib.VX_MLBP,
    "ulbp": lib.VX_ULBP, "uniform": lib.VX_ULBP,
}

_METRICS = {
    "hamming": lib.VX_COMPARE_HAMMING,
    "l1": lib.VX_COMPARE_L1, "sad": lib.VX_COMPARE_L1,
    "l2": lib.VX_COMPARE_L2, "ssd": lib.VX_COMPARE_L2, "sqdiff": lib.VX_COMPARE_L2,
    "ccorr": lib.VX_COMPARE_CCORR,
    "l2_norm": lib.VX_COMPARE_L2_NORM, "sqdiff_normed": lib.VX_COMPARE_L2_NORM,
    "ccorr_norm": lib.VX_COMPARE_CCORR_NORM, "ccorr_normed": lib.VX_COMPARE_CCORR_NORM,
}


def _int_arg(value, what):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError("%s: an integer, got %r" % (what, value))
    return int(value)


@_vision("vxuLBP")
def lbp(src, format="lbp", kernel_size=3, *, border=None, ctx=None):  # noqa: A002
    """Local binary pattern of a uint8 image, uint8 codes.  ``format``: 'lbp' ('standard'), 'mlbp'
    ('modified': bits ring > mean of the 5x5 ring) or 'ulbp' ('uniform': the code when it has at most two
    0/1 transitions, else 9), or a ``VX_*LBP`` value; ``kernel_size`` 3 or 5 (the modified LBP is defined on
    5x5 only: give ``kernel_size=5`` with 'mlbp')."""
    a = _image_array(src, "lbp", [np.uint8])
    fmt = _enum(format, _LBP_FORMATS, "format")
    if fmt not in (lib.VX_LBP, lib.VX_MLBP, lib.VX_ULBP):
        raise ValueError("format: %r is not a vx_lbp_format_e" % (format,))
    if kernel_size is None:
        kernel_size = 5 if fmt == lib.VX_MLBP else 3
    ks = _int_arg(kernel_size, "kernel_size")
    if ks not in (3, 5):
        raise ValueError("kernel_size: 3 or 5, got %d" % ks)
    if fmt == lib.VX_MLBP and ks != 5:
        raise ValueError("kernel_size: the modified LBP is defined on a 5x5 window only, got %d" % ks)
    with _Run(ctx, border) as r:
        out = r.image_out(a.shape[1], a.shape[0], lib.VX_DF_IMAGE_U8)
        r.call("vxuLBP", r.image_in(a), fmt, ks, out)
        return r.result(out)


@_vision("vxuNonMaxSuppression")
def non_max_suppression(input, mask=None, win_size=3, *, border=None, ctx=None):  # noqa: A002
    """Non-maxima suppression of a uint8 or int16 image over ``win_size`` x ``win_size`` (odd, at most the
    image's smaller side) ``win_size``: a pixel is kept when it is >= its neighbours above / to the left and > those
    below / to the right, else it becomes 0 (uint8) or -32768 (int16).  ``mask``: a uint8 or bool image of
    the same shape; where it is non-zero the pixel is kept as is and takes no part in the suppression."""
    a = _image_array(input, "non_max_suppression", [np.uint8, np.int16])
    win = _int_arg(win_size, "win_size")
    if win < 1 or win % 2 == 0 or win > min(a.shape):
        raise ValueError("win_size: odd, >= 1 and at most the image's smaller side %d, got %d" % (min(a.shape), win))
    if mask is not None:
        mask = _image_array(mask, "mask", [np.uint8, np.bool_])
        _same_shape(a, mask, "non_max_suppression")
    with _Run(ctx, border) as r:
        out = r.image_out(a.shape[1], a.shape[0], _FORMATS[a.dtype])
        m = r.image_in(mask) if mask is not None else None
        r.call("vxuNonMaxSuppression", r.image_in(a), m if m is not None else ffi.NULL, win, out)
        return r.result(out)


@_vision("vxuMatchTemplate")
def match_template(src, template_image, matching_method, *, ctx=None):
    """Comparison map of a uint8 template over a uint8 image, int16 of shape (H - h + 1, W - w + 1).
    ``matching_method``: 'hamming' (mean XOR), 'l1' / 'sad' (mean |T - I|), 'l2' / 'ssd' (mean (T - I)^2), 'ccorr'
    (mean T I), 'l2_norm' and 'ccorr_norm' (sum (T - I)^2 resp. sum T I, times 2^15, over
    sqrt(sum T^2 sum I^2)), or a ``VX_COMPARE_*`` value; rounded to nearest and saturated to int16.  The
    template has at most 65535 pixels."""
    src = _image_array(src, "match_template", [np.uint8])
    templ = _image_array(template_image, "template_image", [np.uint8])
    metric = matching_method
    m = _enum(metric, _METRICS, "matching_method")
    if m not in _METRICS.values():
        raise ValueError("metric: %r is not a vx_comp_metric_e" % (metric,))
    if templ.shape[0] > src.shape[0] or templ.shape[1] > src.shape[1]:
        raise ValueError("templ: %s is larger than the image %s" % (templ.shape, src.shape))
    if templ.size > 65535:
        raise ValueError("templ: at most 65535 pixels, got %d" % templ.size)
    with _Run(ctx, None) as r:
        out = r.image_out(src.shape[1] - templ.shape[1] + 1, src.shape[0] - templ.shape[0] + 1,
                          lib.VX_DF_IMAGE_S16)
        r.call("vxuMatchTemplate", r.image_in(src), r.image_in(templ), m, out)
        return r.result(out)
