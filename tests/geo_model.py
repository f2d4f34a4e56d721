"""The warps' and remap's definition (csrc/compute/geometry.h) as a NumPy
model, shared by the tests that check the library against it bit for bit
(every SIMD level is bit-exact with the scalar reference): the source position
as v = 1024 x + 0.5 in float32 from per-row constants (double, rounded once),
clamped to +-2^30 and floored (10 fractional bits); nearest ((X + 512) >> 10),
bilinear with integer weights s = X & 1023, t = Y & 1023."""

import numpy as np

_F32 = np.float32
_LIM = _F32(2.0 ** 30)


def fix(v):
    """floor(clamp(v, +-2^30)) of float32 positions (NaN -> -2^30, as maxps)."""
    v = np.where(v > -_LIM, v, -_LIM).astype(_F32)
    v = np.where(v < _LIM, v, _LIM).astype(_F32)
    return np.floor(v).astype(np.int64)


def sample(img, X, Y, interp, cval):
    """img at fixed-point positions X, Y: "nearest" or bilinear; taps outside the
    plane replicate the nearest edge pixel (cval None) or read cval."""
    h, w = img.shape

    def px(xi, yi):
        v = img[np.clip(yi, 0, h - 1), np.clip(xi, 0, w - 1)].astype(np.int64)
        if cval is None:                                     # replicate
            return v
        return np.where((xi >= 0) & (yi >= 0) & (xi < w) & (yi < h), v, cval)

    if interp == "nearest":
        return px((X + 512) >> 10, (Y + 512) >> 10).astype(np.uint8)
    xi, yi, s, t = X >> 10, Y >> 10, X & 1023, Y & 1023
    r0 = px(xi, yi) * (1024 - s) + px(xi + 1, yi) * s
    r1 = px(xi, yi + 1) * (1024 - s) + px(xi + 1, yi + 1) * s
    return ((r0 * (1024 - t) + r1 * t + (1 << 19)) >> 20).astype(np.uint8)
