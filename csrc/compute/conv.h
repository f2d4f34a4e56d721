/*
 * Custom Convolution and Sobel 3x3 rows with SIMD variants
 * (runtime/dispatch.h); the per-pixel references are ovxc_convolve_u8 and
 * ovxc_sobel3x3_u8 of compute/filter.h.
 *
 * Convolution.  A plan (ovxc_conv_plan_init, built from the coefficients
 * each run: they may change after verification) lists the nonzero taps in
 * pairs; tap t multiplies r[row[t]][x + off[t]], r[j] being the source row
 * of coefficient row j (image row y + rows/2 - j) from the pixel x - cols/2
 * on, and off[t] = cols - 1 - i for coefficient column i: the spec's rotated
 * order.  A row routine computes outputs [xa, xb) of a segment whose rows r
 * hold pixels [0, xb + cols - 1).  The sum is exact in every variant:
 *   - 16-bit lanes (OVXC_CONV_I16) when every sum of 255 * the positive and
 *     255 * the negative coefficients fits int16, no coefficient is 128 and
 *     the scale is at most 2^15: each pair (c1, c2) then goes through
 *     pmaddubsw (u8 x s8 pairs summed to int16, saturating) without ever
 *     reaching its saturation, and the partial sums stay in int16;
 *   - unsigned 16-bit lanes (OVXC_CONV_U16) when no coefficient is negative
 *     or above 127 and 255 * their sum fits uint16 (a 5x5 binomial / 256):
 *     pmaddubsw of pairs formed with c1 + c2 <= 128 (a tap that fits no
 *     partner gets a zero one) never saturates, the partial sums stay in
 *     uint16, the shift is logical and the saturation unsigned;
 *   - groups (OVXC_CONV_G16) when every coefficient is an s8 but the sums
 *     are too large for the above (a 15x15 of small values): pairs whose
 *     positive parts sum to at most 128 and negative parts likewise (else a
 *     zero partner), in groups whose parts sum likewise: each group's sum is
 *     exact in 16-bit lanes as above, and is added into 32-bit lanes;
 *   - 32-bit lanes (OVXC_CONV_I32, pmaddwd of the pairs' 16-bit pixels)
 *     otherwise; the sum of 225 taps of 255 * 32768 fits int32.
 * A separable matrix (OVXC_CONV_SEP: rank 1, coef[j][i] = vert[j] *
 * horz[i] in integers) runs in two passes when that costs fewer operations:
 * the column sums sum_j vert[j] * pixel of a chunk of the row, then sum_i
 * horz[i] * column sum into 32-bit lanes.  Column sums that fit int16 (255 *
 * the positive and the negative parts of vert) are made in 16-bit lanes
 * (wrapping products and sums: exact, the result fits) and combined through
 * pmaddwd pairs; others (sep32) through pmaddwd pairs of rows, combined by
 * pmulld.  Every partial sum is bounded by 255 * sum |coef| < 2^31: exact.
 * The integer sums are the direct ones, so the output is identical.
 * out = sum / scale with C truncation toward zero: scale is a power of two
 * 2^k, so (sum + (sum < 0 ? 2^k - 1 : 0)) >> k (arithmetic shift), then
 * saturated to U8 or S16 (the scalar row too; cts/simd/test_conv.c holds
 * every row to the reference's C division).
 *
 * Sobel.  A row routine computes gx and gy (either may be NULL) at x in
 * [xa, xb) from the rows above (r0), at (r1) and below (r2), reading
 * r*[x - 1 .. x + 1], in 16-bit lanes (|g| <= 4 * 255: exact).
 */
#ifndef OVXC_COMPUTE_CONV_H
#define OVXC_COMPUTE_CONV_H

#include <stddef.h>
#include <stdint.h>

#include "../runtime/dispatch.h"
#include "filter.h"

#define OVXC_CONV_MAX_DIM 15
#define OVXC_CONV_MAX_TAPS (OVXC_CONV_MAX_DIM * OVXC_CONV_MAX_DIM)
enum { OVXC_CONV_I16 = 0, OVXC_CONV_U16 = 1, OVXC_CONV_G16 = 2, OVXC_CONV_I32 = 3, OVXC_CONV_SEP = 4 };

typedef struct {
    uint32_t cols, rows;
    int dst_s16;  /* 1: S16 output, 0: U8 */
    uint32_t scale;
    int shift;    /* scale = 2^shift */
    int mode;     /* OVXC_CONV_I16, _U16, _G16, _I32 (the lanes) or _SEP (see above) */
    int ntaps;    /* the nonzero taps in pairs, zero taps completing pairs */
    uint8_t row[2 * OVXC_CONV_MAX_TAPS], off[2 * OVXC_CONV_MAX_TAPS];
    int16_t coef[2 * OVXC_CONV_MAX_TAPS];
    /* pair k (taps 2k, 2k + 1) as one 32-bit lane: 16-bit lanes, the s8
     * pair (c1, c2) in both halves; 32-bit lanes, c1 in the low half, c2 high */
    uint32_t pair[OVXC_CONV_MAX_TAPS];
    int ngroups;  /* G16: group g is pairs [group[g - 1], group[g]) (group[-1] = 0) */
    uint16_t group[OVXC_CONV_MAX_TAPS];
    /* SEP: coef[j][i] = vert[j] * horz[i]; the horizontal taps in pairs
     * (hpair: h1 low half, h2 high; at hoff, hoff + 1; the last one's partner
     * is zero) */
    int sep32;    /* SEP: the column sums need 32-bit lanes */
    int16_t vert[OVXC_CONV_MAX_DIM + 1], horz[OVXC_CONV_MAX_DIM + 1];
    uint32_t hpair[(OVXC_CONV_MAX_DIM + 1) / 2], vpair[(OVXC_CONV_MAX_DIM + 1) / 2]; /* vpair: as hpair */
} ovxc_conv_plan;

/* Returns 0 on success, -1 when the sizes or the scale are not supported
 * (even or larger than OVXC_CONV_MAX_DIM, scale not a power of two). */
int ovxc_conv_plan_init(ovxc_conv_plan *p, const int16_t *coef, uint32_t cols, uint32_t rows, uint32_t scale,
                        int dst_s16);

/* d: the segment's output pixel 0 (uint8_t or int16_t by p->dst_s16). */
typedef void (*ovxc_conv_row_f)(const ovxc_conv_plan *p, const uint8_t *const *r, void *d, uint32_t xa,
                                uint32_t xb);
void ovxc_conv_row_scalar(const ovxc_conv_plan *p, const uint8_t *const *r, void *d, uint32_t xa, uint32_t xb);
void ovxc_conv_row_sse41(const ovxc_conv_plan *p, const uint8_t *const *r, void *d, uint32_t xa, uint32_t xb);
void ovxc_conv_row_avx2(const ovxc_conv_plan *p, const uint8_t *const *r, void *d, uint32_t xa, uint32_t xb);
void ovxc_conv_row_avx512(const ovxc_conv_plan *p, const uint8_t *const *r, void *d, uint32_t xa, uint32_t xb);
const ovx_variant *ovxc_conv_variants(void);

/* The window of a through `row`: pixels whose taps are all inside the image
 * straight from the image, the others from rows padded by the border rule
 * (a few hundred pixels at a time, on the stack). */
void ovxc_convolve_rows(const ovxc_conv_plan *p, ovxc_conv_row_f row, const uint8_t *src, int32_t ss, void *dst,
                        int32_t ds, const ovxc_area *a);

typedef void (*ovxc_sobel_row_f)(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int16_t *gx, int16_t *gy,
                                 uint32_t xa, uint32_t xb);
void ovxc_sobel_row_scalar(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int16_t *gx, int16_t *gy,
                           uint32_t xa, uint32_t xb);
void ovxc_sobel_row_sse41(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int16_t *gx, int16_t *gy,
                          uint32_t xa, uint32_t xb);
void ovxc_sobel_row_avx2(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int16_t *gx, int16_t *gy,
                         uint32_t xa, uint32_t xb);
const ovx_variant *ovxc_sobel_variants(void);

/* Sobel over the window through `row`; the first and last rows through the
 * row routine too (with the border rule's rows), the first and last columns
 * by the per-pixel rule. */
void ovxc_sobel3x3_rows(ovxc_sobel_row_f row, const uint8_t *src, int32_t ss, int16_t *gx, int32_t gxs, int16_t *gy,
                        int32_t gys, const ovxc_area *a);

#endif
