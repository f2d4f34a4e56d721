/*
 * Row variants of LBP and NonMaxSuppression (U8), runtime/dispatch.h: each
 * does whole vectors of output pixels [0, n) of a row and returns how many
 * (the rest is the caller's), reading the neighbours through a row stride:
 * c (and m) point at the first output pixel's centre, in the image where
 * every neighbour is inside it, else in rows padded by the border rule
 * (compute/imgext.c does that, and the per-pixel reference defines the
 * results).  The scalar entries do none.
 */
#ifndef OVXC_COMPUTE_IMGEXT_ROWS_H
#define OVXC_COMPUTE_IMGEXT_ROWS_H

#include <stddef.h>
#include <stdint.h>

#include "../runtime/dispatch.h"
#include "imgext.h"

/* LBP of format OVXC_LBP_* (compute/imgext.h), ksize 3 or 5. */
typedef size_t (*ovxc_lbp_row_f)(int format, uint32_t ksize, const uint8_t *c, ptrdiff_t ss, uint8_t *d, size_t n);
size_t ovxc_lbp_row_scalar(int format, uint32_t ksize, const uint8_t *c, ptrdiff_t ss, uint8_t *d, size_t n);
size_t ovxc_lbp_row_sse41(int format, uint32_t ksize, const uint8_t *c, ptrdiff_t ss, uint8_t *d, size_t n);
size_t ovxc_lbp_row_avx2(int format, uint32_t ksize, const uint8_t *c, ptrdiff_t ss, uint8_t *d, size_t n);
const ovx_variant *ovxc_lbp_variants(void);
/* ovxc_lbp_u8 with a row variant (NULL or the scalar entry: ovxc_lbp_u8 itself). */
void ovxc_lbp_u8_rows(int format, uint32_t ksize, const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds,
                      const ovxc_area *a, ovxc_lbp_row_f row);

/* Non-maxima suppression over a (2 r + 1)^2 window; m: the U8 mask (nonzero:
 * ignored; stride ms) or NULL. */
typedef size_t (*ovxc_nms_row_f)(const uint8_t *c, ptrdiff_t ss, const uint8_t *m, ptrdiff_t ms, uint32_t r,
                                 uint8_t *d, size_t n);
size_t ovxc_nms_row_scalar(const uint8_t *c, ptrdiff_t ss, const uint8_t *m, ptrdiff_t ms, uint32_t r, uint8_t *d,
                           size_t n);
size_t ovxc_nms_row_sse41(const uint8_t *c, ptrdiff_t ss, const uint8_t *m, ptrdiff_t ms, uint32_t r, uint8_t *d,
                          size_t n);
size_t ovxc_nms_row_avx2(const uint8_t *c, ptrdiff_t ss, const uint8_t *m, ptrdiff_t ms, uint32_t r, uint8_t *d,
                         size_t n);
const ovx_variant *ovxc_nms_variants(void);
/* The same on S16 (c, d: int16; ss in bytes; the mask still U8 bytes). */
typedef size_t (*ovxc_nms_s16_row_f)(const int16_t *c, ptrdiff_t ss, const uint8_t *m, ptrdiff_t ms, uint32_t r,
                                     int16_t *d, size_t n);
size_t ovxc_nms_row_s16_scalar(const int16_t *c, ptrdiff_t ss, const uint8_t *m, ptrdiff_t ms, uint32_t r,
                               int16_t *d, size_t n);
size_t ovxc_nms_row_s16_sse41(const int16_t *c, ptrdiff_t ss, const uint8_t *m, ptrdiff_t ms, uint32_t r,
                              int16_t *d, size_t n);
size_t ovxc_nms_row_s16_avx2(const int16_t *c, ptrdiff_t ss, const uint8_t *m, ptrdiff_t ms, uint32_t r,
                             int16_t *d, size_t n);
const ovx_variant *ovxc_nms_s16_variants(void);
/* ovxc_nms_u8 with a row variant (NULL or the scalar entry, or win > 15:
 * ovxc_nms_u8 itself). */
void ovxc_nms_u8_rows(const uint8_t *src, int32_t ss, const uint8_t *mask, int32_t ms, int mask_u1, uint32_t win,
                      uint8_t *dst, int32_t ds, const ovxc_area *a, ovxc_nms_row_f row);
void ovxc_nms_s16_rows(const int16_t *src, int32_t ss, const uint8_t *mask, int32_t ms, int mask_u1, uint32_t win,
                       int16_t *dst, int32_t ds, const ovxc_area *a, ovxc_nms_s16_row_f row);

#endif
