/*
 * Row routines of the 3x3 U8 neighbourhood filters with SIMD variants
 * (runtime/dispatch.h): Box, Gaussian, Median, Dilate, Erode.  A row routine
 * computes d[x] for x in [xa, xb) from the rows above (r0), at (r1) and below
 * (r2), reading r*[x - 1 .. x + 1] (so xa >= 1 and xb + 1 <= the row's width:
 * the caller keeps the border pixels for the scalar path), exactly as the
 * scalar reference:
 *   box:    floor(sum of the 9 / 9)
 *   gauss:  (1 2 1; 2 4 2; 1 2 1) sum >> 4
 *   median: the 5th of the 9 in order
 *   dilate: the largest of the 9; erode: the smallest.
 * ovxc_filter3x3_u8 runs one over a window, the border pixels by the scalar
 * rule of compute/filter.h (replicate or constant).  Median, Dilate and
 * Erode have SSE4.1 and AVX2 variants (AVX-512 rows measured slower); Box and
 * Gaussian have all three.
 */
#ifndef OVXC_COMPUTE_FILTER3_H
#define OVXC_COMPUTE_FILTER3_H

#include <stddef.h>
#include <stdint.h>

#include "../runtime/dispatch.h"
#include "filter.h"

typedef void (*ovxc_row3_f)(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                            uint32_t xb);

#define OVXC_FILTER3_OPS(X) X(box) X(gauss) X(median) X(dilate) X(erode)

typedef enum {
#define OVXC_F3_ENUM(name) OVXC_F3_##name,
    OVXC_FILTER3_OPS(OVXC_F3_ENUM)
#undef OVXC_F3_ENUM
    OVXC_F3_COUNT
} ovxc_filter3_op;

#define OVXC_F3_DECLARE(name)                                                                                 \
    void ovxc_row3_##name##_scalar(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d,       \
                                   uint32_t xa, uint32_t xb);                                                 \
    void ovxc_row3_##name##_sse41(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d,        \
                                  uint32_t xa, uint32_t xb);                                                  \
    void ovxc_row3_##name##_avx2(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d,         \
                                 uint32_t xa, uint32_t xb);                                                   \
    void ovxc_row3_##name##_avx512(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d,       \
                                   uint32_t xa, uint32_t xb); /* box and gauss only */
OVXC_FILTER3_OPS(OVXC_F3_DECLARE)
#undef OVXC_F3_DECLARE

/* The variants of op, best first, the scalar reference last. */
const ovx_variant *ovxc_filter3_variants(ovxc_filter3_op op);

/* Filter the window of a (U8 -> U8) with `row` (a variant of op) inside the
 * image and op's scalar rule on the border pixels. */
void ovxc_filter3x3_u8(ovxc_filter3_op op, ovxc_row3_f row, const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds,
                       const ovxc_area *a);

#endif
