"""Immediate mode on ndarrays: HOG (HOGCells, HOGFeatures) and HoughLinesP.

The HOG tensors are returned in the layout the library fills them in (see
csrc/kernels/hog.c): ``magnitudes[cy, cx]``, ``bins[cy, cx, b]`` and
``features[wy, wx, j]`` (window (wx, wy), feature j of the window: blocks
row-major, their cells row-major, then the bins).
"""

import math

import numpy as np

from ._ffi import ffi, lib
from ._vision import _image_array, _Run, _vision

__all__ = ["hog_cells", "hog_features", "hough_lines_p"]


def _pair(v, what):
    """An int or a (width, height) pair of positive ints."""
    if isinstance(v, (tuple, list)):
        if len(v) != 2:
            raise ValueError("%s: an int or a (width, height) pair, got %r" % (what, v))
        w, h = v
    else:
        w = h = v
    try:
        w, h = int(w), int(h)
    except (TypeError, ValueError):
        raise TypeError("%s: an int or a (width, height) pair, got %r" % (what, v)) from None
    if w <= 0 or h <= 0:
        raise ValueError("%s: must be positive, got %r" % (what, v))
    return w, h


def _positive(v, what):
    try:
        v = int(v)
    except (TypeError, ValueError):
        raise TypeError("%s: an int, got %r" % (what, v)) from None
    if v <= 0:
        raise ValueError("%s: must be positive, got %d" % (what, v))
    return v


def _cells(r, a, cw, ch, nb, with_mag=True):
    from ._objects_nd import Tensor
    cx, cy = a.shape[1] // cw, a.shape[0] // ch
    if cx == 0 or cy == 0:
        raise ValueError("hog: a %dx%d cell does not fit the %dx%d image" % (cw, ch, a.shape[1], a.shape[0]))
    mag = r.keep(Tensor(r.ctx, (cx, cy), np.int16)) if with_mag else None
    bins = r.keep(Tensor(r.ctx, (cx, cy, nb), np.int16))
    img = r.image_in(a)
    r.call("vxuHOGCells", img, cw, ch, nb, mag if mag is not None else ffi.NULL, bins)
    return img, mag, bins, cx, cy


@_vision("vxuHOGCells")
def hog_cells(input, cell_width, cell_height, num_bins, *, ctx=None):  # noqa: A002
    """HOG cells of a uint8 image: ``(magnitudes, bins)``, int16 arrays of shapes (cells_y, cells_x) and
    (cells_y, cells_x, bins): each cell's average gradient magnitude and its orientation histogram
    (a pixel votes G / cell area in the bin of its orientation, 0..360 degrees)."""
    a = _image_array(input, "hog_cells", [np.uint8])
    cw = _positive(cell_width, "hog_cells: cell_width")
    ch = _positive(cell_height, "hog_cells: cell_height")
    nb = _positive(num_bins, "hog_cells: num_bins")
    with _Run(ctx, None) as r:
        _, mag, tb, cx, cy = _cells(r, a, cw, ch, nb)
        return mag.to_numpy().reshape(cy, cx), tb.to_numpy().reshape(cy, cx, nb)


@_vision("vxuHOGFeatures")
def hog_features(input, magnitudes=None, bins=None, cell_width=8, cell_height=8, block_width=16,  # noqa: A002
                 block_height=16, block_stride=8, num_bins=9, window_width=64, window_height=128, window_stride=8,
                 threshold=0.2, *, use_magnitudes=True, fixed_point_position=8, ctx=None):
    """HOG features of a uint8 image (HOGCells then HOGFeatures): an int16 array of shape
    (windows_y, windows_x, n), Q(``fixed_point_position``) values, ``n`` the features of a window
    (blocks row-major, cells row-major, bins).  Blocks are L2-Hys normalised (``threshold`` 0: L2 only) by
    their cells' average magnitudes (by their histograms' norm with ``use_magnitudes=False``).
    ``magnitudes`` and ``bins`` must be None here: the array form computes the cells itself (HOGCells)."""
    from ._objects_nd import Tensor
    if magnitudes is not None or bins is not None:
        raise ValueError("hog_features: the array form computes magnitudes and bins itself; leave them None "
                         "(use a graph with g.hog_cells to pass your own)")
    a = _image_array(input, "hog_features", [np.uint8])
    cw = _positive(cell_width, "hog_features: cell_width")
    ch = _positive(cell_height, "hog_features: cell_height")
    bw = _positive(block_width, "hog_features: block_width")
    bh = _positive(block_height, "hog_features: block_height")
    ww = _positive(window_width, "hog_features: window_width")
    wh = _positive(window_height, "hog_features: window_height")
    bs = _positive(block_stride, "hog_features: block_stride")
    ws = _positive(window_stride, "hog_features: window_stride")
    nb = _positive(num_bins, "hog_features: num_bins")
    threshold = float(threshold)
    if threshold < 0 or math.isnan(threshold):
        raise ValueError("hog_features: threshold must be >= 0, got %r" % threshold)
    if ww > a.shape[1] or wh > a.shape[0]:
        raise ValueError("hog_features: the %dx%d window does not fit the %dx%d image" % (ww, wh, a.shape[1],
                                                                                         a.shape[0]))
    for v, what in ((bw, "block width"), (ww, "window width"), (bs, "block stride"), (ws, "window stride")):
        if v % cw:
            raise ValueError("hog_features: the %s %d is not a multiple of the cell width %d" % (what, v, cw))
    for v, what in ((bh, "block height"), (wh, "window height"), (bs, "block stride"), (ws, "window stride")):
        if v % ch:
            raise ValueError("hog_features: the %s %d is not a multiple of the cell height %d" % (what, v, ch))
    if bw > ww or bh > wh:
        raise ValueError("hog_features: the block is larger than the window")
    wx, wy = (a.shape[1] - ww) // ws + 1, (a.shape[0] - wh) // ws + 1
    n = ((ww - bw) // bs + 1) * ((wh - bh) // bs + 1) * (bw // cw) * (bh // ch) * nb
    p = ffi.new("vx_hog_t *", {"cell_width": cw, "cell_height": ch, "block_width": bw, "block_height": bh,
                               "block_stride": bs, "num_bins": nb, "window_width": ww, "window_height": wh,
                               "window_stride": ws, "threshold": threshold})
    with _Run(ctx, None) as r:
        img, mag, tb, _, _ = _cells(r, a, cw, ch, nb, bool(use_magnitudes))
        feat = r.keep(Tensor(r.ctx, (wx, wy, n), np.int16, int(fixed_point_position)))
        r.call("vxuHOGFeatures", img, mag if mag is not None else ffi.NULL, tb, p, ffi.sizeof("vx_hog_t"), feat)
        return feat.to_numpy().reshape(wy, wx, n)


#: the structured dtype of hough_lines_p's result
LINE_DTYPE = np.dtype([("x1", np.float32), ("y1", np.float32), ("x2", np.float32), ("y2", np.float32)])


@_vision("vxuHoughLinesP")
def hough_lines_p(input, rho, theta, threshold, line_length, line_gap, theta_max=math.pi, theta_min=0.0, *,  # noqa: A002
                  capacity=1024, ctx=None):
    """Probabilistic Hough lines of a binary image (uint8: non-zero pixels, or bool): a structured array
    with fields x1, y1, x2, y2 (float32, x1 <= x2), at most ``capacity`` lines.  ``rho`` (pixels) and
    ``theta`` (radians) quantise the accumulator over angles [theta_min, theta_max); ``threshold`` votes
    make a line, segments shorter than ``line_length`` are dropped, gaps up to ``line_gap`` bridged."""
    from ._objects_basic import Array
    a = _image_array(input, "hough_lines_p", [np.uint8, np.bool_])
    rho, theta = float(rho), float(theta)
    if not rho > 0 or not theta > 0:
        raise ValueError("hough_lines_p: rho and theta must be > 0")
    if not float(theta_max) > float(theta_min):
        raise ValueError("hough_lines_p: theta_max must exceed theta_min")
    threshold = _positive(threshold, "hough_lines_p: threshold")
    line_length, line_gap, capacity = int(line_length), int(line_gap), int(capacity)
    if line_length < 0 or line_gap < 0:
        raise ValueError("hough_lines_p: line_length and line_gap must be >= 0")
    if capacity <= 0:
        raise ValueError("hough_lines_p: capacity must be positive")
    p = ffi.new("vx_hough_lines_p_t *", {"rho": rho, "theta": theta, "threshold": threshold,
                                         "line_length": line_length, "line_gap": line_gap,
                                         "theta_max": float(theta_max), "theta_min": float(theta_min)})
    with _Run(ctx, None) as r:
        arr = r.keep(Array(r.ctx, lib.VX_TYPE_LINE_2D, capacity))
        num = r.scalar(lib.VX_TYPE_SIZE, 0)
        r.call("vxuHoughLinesP", r.image_in(a), p, arr, num)
        if not len(arr):
            return np.zeros(0, LINE_DTYPE)
        return np.ascontiguousarray(arr.to_numpy()).view(LINE_DTYPE).copy()
