"""Immediate mode on ndarrays: the bilateral filter (enhanced vision, spec "Bilateral Filter").

::

    import numpy as np, pyopenvx as vx
    smooth = vx.bilateral_filter(gray, 5, sigma_space=10, sigma_values=20, border="replicate")
    color = vx.bilateral_filter(rgb, 7, 5.0, 15.0)     # (h, w, c): c is the radiometric axis

In a graph the node is ``g.bilateral_filter(src_tensor, diameter, sigma_space, sigma_values,
dst_tensor)`` on :class:`pyopenvx.Tensor` objects (dims ``[w, h]`` or ``[c, w, h]``).
"""

import numbers

import numpy as np

from ._objects_nd import Tensor
from ._vision import _Run, _vision

__all__ = ["bilateral_filter"]

_DTYPES = (np.dtype(np.uint8), np.dtype(np.int16))


def _sigma(value, what):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError("bilateral_filter: %s must be a real number, got %r" % (what, value))
    if not 0.0 < float(value) <= 20.0:  # also refuses NaN
        raise ValueError("bilateral_filter: %s must be in (0, 20], got %r" % (what, value))
    return float(value)


@_vision("vxuBilateralFilter")
def bilateral_filter(src, diameter, sigma_space, sigma_values, *, border=None, ctx=None):
    """Bilateral filter of a uint8 or int16 array: (h, w), or (h, w, c) whose last axis is the radiometric
    vector of each pixel.  Each pixel becomes the mean of the pixels of the disc of diameter ``diameter``
    (5, 7 or 9) around it, weighted by exp(-dist^2 / 2 sigma_space^2) * exp(-|value - centre|^2 / 2
    sigma_values^2) (Euclidean distance of the vectors), rounded to nearest; both sigmas are in (0, 20].
    ``border``: "replicate", ("constant", value) or None / "undefined" (computed as replicate).  Returns an
    array of the input's shape and dtype."""
    a = src
    if not isinstance(a, np.ndarray):
        a = np.asarray(a)
    if a.dtype not in _DTYPES:
        raise TypeError("bilateral_filter: dtype %s is not supported (uint8, int16)" % a.dtype)
    if a.ndim not in (2, 3):
        raise ValueError("bilateral_filter: expected (height, width) or (height, width, channels), got shape %s"
                         % (a.shape,))
    if 0 in a.shape:
        raise ValueError("bilateral_filter: empty array %s" % (a.shape,))
    if isinstance(diameter, bool) or not isinstance(diameter, numbers.Integral):
        raise TypeError("bilateral_filter: diameter must be an integer, got %r" % (diameter,))
    if int(diameter) not in (5, 7, 9):
        raise ValueError("bilateral_filter: diameter must be 5, 7 or 9 (odd, > 3, < 10), got %r" % (diameter,))
    ss = _sigma(sigma_space, "sigma_space")
    sv = _sigma(sigma_values, "sigma_values")
    with _Run(ctx, border) as r:
        src = r.keep(Tensor.from_numpy(r.ctx, np.ascontiguousarray(a)))
        dst = r.keep(Tensor(r.ctx, a.shape[::-1], a.dtype))
        r.call("vxuBilateralFilter", src, int(diameter), ss, sv, dst)
        return dst.to_numpy()

