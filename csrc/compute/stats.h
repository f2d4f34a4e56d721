/*
 * Compute routines: statistics (spec "Histogram", "Equalize Histogram",
 * "Mean and Standard Deviation", "Min, Max Location", "Integral Image").
 * Raw planes: ptr is pixel (0,0) of the image, stride in bytes; the routines
 * look at the rectangle [x0, x1) x [y0, y1).
 */
#ifndef OVXC_COMPUTE_STATS_H
#define OVXC_COMPUTE_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "../runtime/dispatch.h"

/* Count of every value 0..255 of a U8 rectangle (counts zeroed first). */
void ovxc_count_u8(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                  uint32_t counts[256]);
/* Distribution of bins counters over [offset, offset + range) from value
 * counts: value v goes to bin (v - offset) * bins / range. */
void ovxc_histogram_from_counts(const uint32_t counts[256], int32_t offset, uint32_t range, size_t bins,
                               uint32_t *hist);
/* Equalization table from value counts of `total` pixels: the cumulative
 * distribution stretched so that the lowest present value maps to 0 and the
 * whole image to 255 (rounded); an image of one value is left unchanged. */
void ovxc_equalize_lut(const uint32_t counts[256], uint8_t lut[256]);

/* Sum and sum of squares of a U8 or U1 rectangle (U1: bit x%8 of byte x/8). */
void ovxc_sums_u8(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                 uint64_t *sum, uint64_t *sqsum);
void ovxc_sums_u1(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                 uint64_t *sum, uint64_t *sqsum);
/* ovxc_sums_u8's variants (runtime/dispatch.h), best first, ovxc_sums_u8 last */
typedef void (*ovxc_sums_f)(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                           uint64_t *sum, uint64_t *sqsum);
void ovxc_sums_u8_avx2(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                      uint64_t *sum, uint64_t *sqsum);
const ovx_variant *ovxc_sums_variants(void);

/* Minimum and maximum of a U8 / S16 rectangle (0 and 0 when it is empty),
 * and how many of its pixels hold a value. */
void ovxc_minmax_u8(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                   int32_t *minv, int32_t *maxv);
void ovxc_minmax_s16(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                    int32_t *minv, int32_t *maxv);
/* ovxc_minmax_u8's variants (runtime/dispatch.h), best first, ovxc_minmax_u8 last */
typedef void (*ovxc_minmax_f)(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                             int32_t *minv, int32_t *maxv);
void ovxc_minmax_u8_avx2(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                        int32_t *minv, int32_t *maxv);
const ovx_variant *ovxc_minmax_variants(void);
size_t ovxc_count_value_u8(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                    int32_t value);
size_t ovxc_count_value_s16(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                     int32_t value);
/* Up to cap locations (x, y pairs, row-major order) of value v; returns how
 * many were written. */
size_t ovxc_locate_u8(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                     int32_t v, uint32_t *xy, size_t cap);
size_t ovxc_locate_s16(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                      int32_t v, uint32_t *xy, size_t cap);

/* Integral image (U8 -> U32, wrapping) of a width x height image. */
void ovxc_integral_u8(const uint8_t *src, int32_t src_stride, uint8_t *dst, int32_t dst_stride, uint32_t width,
                     uint32_t height);
/* Rows [y0, y1) of an integral image: d[y][x] = top[x] + the sum of the
 * source over rows y0..y and columns 0..x, wrapping (top: the integral's row
 * y0 - 1, or NULL for zeros), so that bands run side by side once each
 * band's top is known (the integral's row above it: the prefix over x of the
 * column sums of the rows above).  Variants (runtime/dispatch.h), best first,
 * the scalar reference last. */
typedef void (*ovxc_integral_rows_f)(const uint8_t *src, int32_t src_stride, uint8_t *dst, int32_t dst_stride,
                                    uint32_t width, uint32_t y0, uint32_t y1, const uint32_t *top);
void ovxc_integral_rows_scalar(const uint8_t *src, int32_t src_stride, uint8_t *dst, int32_t dst_stride, uint32_t width,
                              uint32_t y0, uint32_t y1, const uint32_t *top);
void ovxc_integral_rows_avx2(const uint8_t *src, int32_t src_stride, uint8_t *dst, int32_t dst_stride, uint32_t width,
                            uint32_t y0, uint32_t y1, const uint32_t *top);
const ovx_variant *ovxc_integral_variants(void);
/* acc[x] += the sum of column x over rows [y0, y1) (wrapping). */
void ovxc_colsum_u8(const uint8_t *src, int32_t src_stride, uint32_t width, uint32_t y0, uint32_t y1, uint32_t *acc);

#endif
