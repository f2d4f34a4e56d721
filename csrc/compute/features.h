/*
 * Compute routines: feature detectors (Canny, Harris, FAST-9).
 *
 * Raw planes, row ranges, caller-provided scratch; no vx_ objects, no
 * allocation, no threads.  Coordinates are in the pixels of the plane given
 * (the caller passes a pointer to the first pixel of the region to work on,
 * usually the input's valid rectangle).
 */
#ifndef OVX_COMPUTE_FEATURES_H
#define OVX_COMPUTE_FEATURES_H

#include <VX/vx_types.h>
#include <stdint.h>

/* ---- Sobel gradients (spec Canny / Harris, sizes 3, 5, 7) --------------- */
/* gx, gy (element stride gstride) at the pixels (x, y), y in [y0, y1),
 * x in [r, width - r), r = gsize / 2, of a width-wide U8 plane; the caller
 * keeps y0 >= r and y1 <= height - r.  Unnormalized integer kernels. */
void ovx_sobel_grad_rows(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_int32 gsize, vx_uint32 y0,
                         vx_uint32 y1, vx_int32 *gx, vx_int32 *gy, vx_size gstride);

/* ---- Canny ---------------------------------------------------------------- */
/* Magnitude of n gradients: |dx| + |dy| (l2 == 0) or dx*dx + dy*dy (l2 != 0,
 * the square of the L2 norm: thresholds are squared to match). */
void ovx_canny_magnitude(const vx_int32 *gx, const vx_int32 *gy, vx_size n, int l2, vx_uint64 *mag);

/* Non-maximum suppression and double thresholding of rows [y0, y1), columns
 * [x0, x1) (neighbours x0-1 .. x1, y0-1 .. y1 must hold magnitudes): map =
 * 2 (mag > hi), 1 (lo < mag <= hi), 0 (suppressed or mag <= lo).  The
 * gradient direction is quantized to 0/45/90/135 degrees with the exact test
 * |dy| < tan(pi/8)|dx|; a pixel is kept when its magnitude is >= both
 * neighbours along the gradient. */
void ovx_canny_nms_rows(const vx_int32 *gx, const vx_int32 *gy, const vx_uint64 *mag, vx_size gstride,
                        vx_uint32 x0, vx_uint32 x1, vx_uint32 y0, vx_uint32 y1, vx_uint64 lo, vx_uint64 hi,
                        vx_uint8 *map, vx_size mstride);

/* Hysteresis: every 1 of map 8-connected to a 2 becomes 2.  stack holds at
 * least width * height entries.  The map's outermost rows and columns must be
 * 0 (they are not visited as neighbours' neighbours). */
void ovx_canny_hysteresis(vx_uint8 *map, vx_size mstride, vx_uint32 width, vx_uint32 height, vx_uint32 *stack);

/* ---- non-maximum suppression of the FAST chapter (3x3) --------------------- */
/* Is v(x, y) >= its upper-left neighbours and > its lower-right ones?
 * (The i16 variant reads negative values, "not a corner", as 0.)
 * Neighbours outside [0, width) x [0, height) count as 0. */
int ovx_nms_keep_f32(const vx_float32 *v, vx_size vstride, vx_uint32 width, vx_uint32 height, vx_uint32 x,
                     vx_uint32 y);
int ovx_nms_keep_i16(const vx_int16 *v, vx_size vstride, vx_uint32 width, vx_uint32 height, vx_uint32 x,
                     vx_uint32 y);

/* ---- Harris ----------------------------------------------------------------- */
/* Corner response of rows [y0, y1): for x in [rb, width - rb), the sums of
 * gx^2, gy^2, gx*gy over the bsize x bsize block centred on (x, y) (rb =
 * bsize / 2, gradients normalized by 1 / norm), Mc = det - k * trace^2, and
 * out = Mc when Mc > thresh, else 0.  Gradients must exist at every pixel of
 * the blocks (the caller keeps y0 >= rb, y1 <= height - rb). */
void ovx_harris_score_rows(const vx_int32 *gx, const vx_int32 *gy, vx_size gstride, vx_uint32 width,
                           vx_int32 bsize, vx_float64 norm, vx_float64 k, vx_float64 thresh, vx_uint32 y0,
                           vx_uint32 y1, vx_float32 *out, vx_size ostride);

/* ---- FAST-9 ----------------------------------------------------------------- */
/* Strength of pixel (x, y) of a U8 plane (3 <= x < width-3, 3 <= y < height-3):
 * the largest t such that 9 contiguous pixels of the radius-3 Bresenham circle
 * are all > I_p + t or all < I_p - t, or -1 when there is none. */
vx_int32 ovx_fast9_strength(const vx_uint8 *src, vx_int32 stride, vx_uint32 x, vx_uint32 y);

/* Strength of the pixels of rows [y0, y1), x in [3, width - 3) that are
 * corners for threshold t (strength >= t), -1 elsewhere in those columns. */
void ovx_fast9_rows(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_int32 t, vx_uint32 y0,
                    vx_uint32 y1, vx_int16 *score, vx_size sstride);

#endif
