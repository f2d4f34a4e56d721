/*
 * Compute routines of family imgext (enhanced vision: spec "LBP",
 * "Non-Maxima Suppression", "MatchTemplate").
 *
 * Each routine computes the window [a->x0, a->x1) x [a->y0, a->y1) of its
 * output from raw planes (pointer to pixel (0,0), row stride in bytes), with
 * the window and border conventions of compute/filter.h (ovxc_area): pixels
 * outside the a->width x a->height image are read through a->border
 * (OVXC_BORDER_REPLICATE: nearest edge pixel, also used for
 * VX_BORDER_UNDEFINED; OVXC_BORDER_CONSTANT: a->constant).  No allocation,
 * no threads, no vx_ objects.
 */
#ifndef OVXC_COMPUTE_IMGEXT_H
#define OVXC_COMPUTE_IMGEXT_H

#include <VX/vx_types.h>
#include <stdint.h>

#include "filter.h"

/* ---- LBP ------------------------------------------------------------------ */
enum { OVXC_LBP_STANDARD = 0, OVXC_LBP_MODIFIED = 1, OVXC_LBP_UNIFORM = 2 };

/* Local binary pattern of a U8 image into a U8 image.  format is one of
 * OVXC_LBP_*, ksize 3 or 5 (the modified pattern always uses its 5x5 ring):
 *   standard: sum_p s(g_p - g_c) 2^p with s(d) = d >= 0;
 *   modified: bit p = ring_p > avg, avg = (sum of the 8 ring pixels + 1) / 8;
 *   uniform:  the standard value when the circular pattern has at most two
 *             0/1 transitions, 9 otherwise. */
void ovxc_lbp_u8(int format, uint32_t ksize, const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds,
                 const ovxc_area *a);

/* ---- Non-maxima suppression --------------------------------------------- */
/* P(x,y) is kept when P >= every neighbour before it in raster order (rows
 * above, and left on its row) and P > every neighbour after it, over a
 * win x win window (win odd); otherwise it becomes 0 (U8) or INT16_MIN (S16).
 * mask (may be NULL; U8, or bit-packed U1 when mask_u1): where nonzero, the
 * pixel is copied unchanged and is not a neighbour of any other pixel.
 * Outside the image the mask is read like the input (replicated, or zero
 * under a constant border).  For S16, a->constant holds the int16 value. */
void ovxc_nms_u8(const uint8_t *src, int32_t ss, const uint8_t *mask, int32_t ms, int mask_u1, uint32_t win,
                 uint8_t *dst, int32_t ds, const ovxc_area *a);
void ovxc_nms_s16(const int16_t *src, int32_t ss, const uint8_t *mask, int32_t ms, int mask_u1, uint32_t win,
                  int16_t *dst, int32_t ds, const ovxc_area *a);

/* ---- Template matching ----------------------------------------------------- */
enum {
    OVXC_MT_HAMMING = 0,  /* sum XOR(T, I) / (w h)            */
    OVXC_MT_L1 = 1,       /* sum |T - I| / (w h)               */
    OVXC_MT_L2 = 2,       /* sum (T - I)^2 / (w h)             */
    OVXC_MT_CCORR = 3,    /* sum T I / (w h)                   */
    OVXC_MT_L2_NORM = 4,  /* sum (T - I)^2 2^15 / sqrt(sum T^2 sum I^2) */
    OVXC_MT_CCORR_NORM = 5 /* sum T I 2^15 / sqrt(sum T^2 sum I^2)      */
};

/* Comparison map R(x, y) for the output window [x0, x1) x [y0, y1): the
 * template (tw x th) is laid on the source at (x, y) (the source must hold
 * x1 + tw - 1 columns and y1 + th - 1 rows).  Values are rounded to nearest
 * and saturated to S16; a zero normalisation gives 0 when the numerator is
 * 0 and INT16_MAX otherwise. */
void ovxc_match_template_u8(int metric, const uint8_t *src, int32_t ss, const uint8_t *tpl, int32_t ts, uint32_t tw,
                            uint32_t th, int16_t *dst, int32_t ds, uint32_t x0, uint32_t y0, uint32_t x1,
                            uint32_t y1);

#endif
