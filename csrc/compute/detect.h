/*
 * Compute routines: feature detectors (Canny, Harris, FAST-9); detect_<isa>.c
 * hold their SIMD rows.  (Named detect, not features: a "features.h" next to
 * the sources would shadow glibc's <features.h>.)
 *
 * Raw planes, row ranges, caller-provided scratch; no vx_ objects, no
 * allocation, no threads.  Coordinates are in the pixels of the plane given
 * (the caller passes a pointer to the first pixel of the region to work on,
 * usually the input's valid rectangle).
 */
#ifndef OVXC_COMPUTE_DETECT_H
#define OVXC_COMPUTE_DETECT_H

#include <VX/vx_types.h>
#include <stdint.h>

/* ---- Sobel gradients (spec Canny / Harris, sizes 3, 5, 7) --------------- */
/* gx, gy (element stride gstride) at the pixels (x, y), y in [y0, y1),
 * x in [r, width - r), r = gsize / 2, of a width-wide U8 plane; the caller
 * keeps y0 >= r and y1 <= height - r.  Unnormalized integer kernels. */
void ovxc_sobel_grad_rows(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_int32 gsize, vx_uint32 y0,
                         vx_uint32 y1, vx_int32 *gx, vx_int32 *gy, vx_size gstride);

/* ---- Canny ---------------------------------------------------------------- */
/* Magnitude of n gradients: |dx| + |dy| (l2 == 0) or dx*dx + dy*dy (l2 != 0,
 * the square of the L2 norm: thresholds are squared to match). */
void ovxc_canny_magnitude(const vx_int32 *gx, const vx_int32 *gy, vx_size n, int l2, vx_uint64 *mag);

/* Non-maximum suppression and double thresholding of rows [y0, y1), columns
 * [x0, x1) (neighbours x0-1 .. x1, y0-1 .. y1 must hold magnitudes): map =
 * 2 (mag > hi), 1 (lo < mag <= hi), 0 (suppressed or mag <= lo).  The
 * gradient direction is quantized to 0/45/90/135 degrees with the exact test
 * |dy| < tan(pi/8)|dx|; a pixel is kept when its magnitude is >= both
 * neighbours along the gradient. */
void ovxc_canny_nms_rows(const vx_int32 *gx, const vx_int32 *gy, const vx_uint64 *mag, vx_size gstride,
                        vx_uint32 x0, vx_uint32 x1, vx_uint32 y0, vx_uint32 y1, vx_uint64 lo, vx_uint64 hi,
                        vx_uint8 *map, vx_size mstride);

/* Hysteresis: every 1 of map 8-connected to a 2 becomes 2.  stack holds at
 * least width * height entries.  The map's outermost rows and columns must be
 * 0 (they are not visited as neighbours' neighbours). */
void ovxc_canny_hysteresis(vx_uint8 *map, vx_size mstride, vx_uint32 width, vx_uint32 height, vx_uint32 *stack);

/* ---- FAST-9 ----------------------------------------------------------------- */
/* Strength of pixel (x, y) of a U8 plane (3 <= x < width-3, 3 <= y < height-3):
 * the largest t such that 9 contiguous pixels of the radius-3 Bresenham circle
 * are all > I_p + t or all < I_p - t, or -1 when there is none. */
vx_int32 ovxc_fast9_strength(const vx_uint8 *src, vx_int32 stride, vx_uint32 x, vx_uint32 y);


/* ---- fast rows (gradient size 3), with SIMD variants ------------------------ */
/* Each routine works on rows given by pointers (indexed in image columns) and
 * has a scalar reference here (*_scalar) and SIMD variants bit-exact with it
 * (compute/detect_<isa>.c), gathered in a kit (ovxc_feat_kit_variants). */

/* Canny: Sobel 3x3 of the row (compute/conv.h's ovxc_sobel_row, the one Sobel
 * 3x3 row of compute/) and its magnitude |gx| + |gy| (l2 == 0) or
 * gx^2 + gy^2, at x in [1, width - 1). */
void ovxc_canny_grad3_row_scalar(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, int l2, vx_int16 *gx,
                                vx_int16 *gy, vx_int32 *mag);

/* Canny non-maximum suppression and double threshold of one row, x in
 * [x0, x1): m0, m1, m2 the magnitudes of the rows above, at and below
 * (columns x0 - 1 .. x1), gx, gy the row's gradients (|g| <= 16383); the
 * same rule as ovxc_canny_nms_rows with thresholds 0 <= lo, hi. */
void ovxc_canny_nms_row_scalar(const vx_int16 *gx, const vx_int16 *gy, const vx_int32 *m0, const vx_int32 *m1,
                              const vx_int32 *m2, vx_uint32 x0, vx_uint32 x1, vx_int32 lo, vx_int32 hi,
                              vx_uint8 *map);

/* Harris, gradient size 3: the products gx^2, gy^2, gx*gy (exact in int32)
 * of the Sobel 3x3 gradients of the row src points to, x in [x0, x1) (1 <= x0,
 * x1 <= width - 1). */
void ovxc_sobel3_prod_row_scalar(const vx_uint8 *src, vx_int32 stride, vx_uint32 x0, vx_uint32 x1, vx_int32 *xx,
                                vx_int32 *yy, vx_int32 *xy);

/* Harris response of one row, x in [x0, x1), from the product rows xx[0 ..
 * bsize-1], yy[..], xy[..] of the block (columns x0 - rb .. x1 + rb - 1; from
 * gradients with |g| <= 1020).  The block sums Sxx, Syy, Sxy are exact
 * integers; then in double: sxx = Sxx * scale (likewise syy, sxy; scale = 1 /
 * norm^2), det = sxx*syy - sxy*sxy, tr = sxx + syy, Mc = det - k*tr*tr, out =
 * (float)Mc when Mc > thresh, else 0.  tmp: 3 * (x1 - x0 + bsize) int32. */
void ovxc_harris_row_p32_scalar(const vx_int32 *const *xx, const vx_int32 *const *yy, const vx_int32 *const *xy,
                               vx_int32 bsize, vx_uint32 x0, vx_uint32 x1, vx_float64 scale, vx_float64 k,
                               vx_float64 thresh, vx_int32 *tmp, vx_float32 *out);

/* The same for any gradient size from the gradient rows gx[0 .. bsize-1],
 * gy[..] (int32; block sums exact in double, so bit-identical with the p32
 * routine where both apply).  tmp: 3 *
 * (x1 - x0 + bsize) doubles.  Scalar only. */
void ovxc_harris_row_s32(const vx_int32 *const *gx, const vx_int32 *const *gy, vx_int32 bsize, vx_uint32 x0,
                        vx_uint32 x1, vx_float64 scale, vx_float64 k, vx_float64 thresh, vx_float64 *tmp,
                        vx_float32 *out);

/* Sobel of any size (3, 5, 7) of the row src points to: gx, gy at x in [r,
 * width - r). */
void ovxc_sobel_row_s32(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_int32 gsize, vx_int32 *gx,
                   vx_int32 *gy);

/* FAST-9 of one row (src points to it; 3 rows above and below exist): for x
 * in [3, width - 3), s[x] = strength + 1 when the pixel is a corner for
 * threshold t (strength >= t), else 0; s[0..2] and s[width-3..] are not
 * written. */
void ovxc_fast9_row_u8_scalar(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_int32 t, vx_uint8 *s);

/* The 3x3 non-maximum suppression of the FAST chapter on a row of float
 * scores (no NaN among them), x in [x0, x1): writes to xs (and counts) the x where s1[x] > thr,
 * s1[x] >= its upper-left neighbours (s0[x-1..x+1], s1[x-1]) and > its
 * lower-right ones (s1[x+1], s2[x-1..x+1]), in increasing x.  xs has room
 * for x1 - x0 + 8 entries (variants may write past the count). */
vx_uint32 ovxc_nms_row_f32_scalar(const vx_float32 *s0, const vx_float32 *s1, const vx_float32 *s2, vx_uint32 x0,
                                 vx_uint32 x1, vx_float32 thr, vx_uint32 *xs);

/* FAST's 3x3 non-maximum suppression on rows of u8 scores (strength + 1, 0:
 * not a corner; s0, s1, s2 the rows above, at, below), x in [x0, x1): writes
 * to xs (and counts) the corners of s1 (s1[x] > 0) that, when nms, have a
 * strength >= their upper-left neighbours' and > their lower-right ones' (a
 * neighbour that is not a corner counts as strength 0), in increasing x. */
vx_uint32 ovxc_fast_nms_row_scalar(const vx_uint8 *s0, const vx_uint8 *s1, const vx_uint8 *s2, vx_uint32 x0,
                                  vx_uint32 x1, int nms, vx_uint32 *xs);

typedef struct {
    vx_uint32 (*fast_nms_row)(const vx_uint8 *, const vx_uint8 *, const vx_uint8 *, vx_uint32, vx_uint32, int,
                              vx_uint32 *);
    vx_uint32 (*nms_row_f32)(const vx_float32 *, const vx_float32 *, const vx_float32 *, vx_uint32, vx_uint32,
                             vx_float32, vx_uint32 *);
    void (*canny_grad3_row)(const vx_uint8 *, vx_int32, vx_uint32, int, vx_int16 *, vx_int16 *, vx_int32 *);
    void (*canny_nms_row)(const vx_int16 *, const vx_int16 *, const vx_int32 *, const vx_int32 *, const vx_int32 *,
                          vx_uint32, vx_uint32, vx_int32, vx_int32, vx_uint8 *);
    void (*sobel3_prod_row)(const vx_uint8 *, vx_int32, vx_uint32, vx_uint32, vx_int32 *, vx_int32 *, vx_int32 *);
    void (*harris_row_p32)(const vx_int32 *const *, const vx_int32 *const *, const vx_int32 *const *, vx_int32,
                           vx_uint32, vx_uint32, vx_float64, vx_float64, vx_float64, vx_int32 *, vx_float32 *);
    void (*fast9_row_u8)(const vx_uint8 *, vx_int32, vx_uint32, vx_int32, vx_uint8 *);
} ovxc_feat_kit;

typedef const ovxc_feat_kit *(*ovxc_feat_kit_f)(void);
const ovxc_feat_kit *ovxc_feat_kit_scalar(void);
const ovxc_feat_kit *ovxc_feat_kit_sse41(void);
const ovxc_feat_kit *ovxc_feat_kit_avx2(void);
/* The kits, best first, the scalar one last (entries' fn are ovxc_feat_kit_f). */
struct ovx_variant;
const struct ovx_variant *ovxc_feat_kit_variants(void);

#endif
