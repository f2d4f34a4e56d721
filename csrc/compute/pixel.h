/*
 * Row routines of the pixelwise functions with SIMD variants
 * (runtime/dispatch.h): Add, Subtract, AbsDiff, And, Or, Xor, Not, Min, Max of
 * U8 images and Add, Subtract, AbsDiff, Min, Max of S16 images.  Each computes n pixels of one row,
 * o[i] = a[i] op b[i] (b unused by Not; the pointers are to the rows' first
 * bytes, int16_t pixels for the _s16 routines), exactly as the scalar reference
 * (saturation clamps to the output's range, wrap keeps the low bits, AbsDiff of
 * S16 saturates to 32767).  The variant tables (best first) are
 * ovxc_pixel_variants(op).
 */
#ifndef OVXC_COMPUTE_PIXEL_H
#define OVXC_COMPUTE_PIXEL_H

#include <stddef.h>
#include <stdint.h>

#include <math.h>
#include "../runtime/dispatch.h"

typedef void (*ovxc_row2_f)(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n);

/* X(name): every pixelwise row routine (U8 ones first; the _s16 ones from add_s16_sat on). */
#define OVXC_PIXEL_OPS(X)                                                                                      \
    X(add_u8_sat) X(add_u8_wrap) X(sub_u8_sat) X(sub_u8_wrap) X(absdiff_u8) X(and_u8) X(or_u8) X(xor_u8)    \
    X(not_u8) X(min_u8) X(max_u8) X(add_s16_sat) X(add_s16_wrap) X(sub_s16_sat) X(sub_s16_wrap) X(absdiff_s16) \
    X(min_s16) X(max_s16)

typedef enum {
#define OVXC_ENUM(name) OVXC_PIX_##name,
    OVXC_PIXEL_OPS(OVXC_ENUM)
#undef OVXC_ENUM
    OVXC_PIX_COUNT
} ovxc_pixel_op;

#define OVXC_DECLARE(name)                                                                                     \
    void ovxc_row_##name##_scalar(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n);                  \
    void ovxc_row_##name##_sse41(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n);                   \
    void ovxc_row_##name##_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n);                    \
    void ovxc_row_##name##_avx512(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n);
OVXC_PIXEL_OPS(OVXC_DECLARE)
#undef OVXC_DECLARE

/* The variants of op, best first, the scalar reference last. */
const ovx_variant *ovxc_pixel_variants(ovxc_pixel_op op);

/* Pixel-wise Multiplication rows, U8 x U8 -> U8, S16 x S16 -> S16 and
 * U8 x U8 -> S16 (a, b bytes, o int16_t pixels): o = round(a * b * scale)
 * (double; nearest even or toward zero), then saturated or wrapped to the
 * output, as compute/arith.c's ovxc_multiply, for any scale. */
typedef void (*ovxc_mul_row_f)(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                               int nearest_even);
typedef enum { OVXC_MUL_U8, OVXC_MUL_S16, OVXC_MUL_U8S16, OVXC_MUL_COUNT } ovxc_mul_op;
#define OVXC_DECLARE_MUL(name)                                                                                 \
    void ovxc_row_##name##_scalar(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale,      \
                                  int saturate, int nearest_even);                                             \
    void ovxc_row_##name##_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale,        \
                                int saturate, int nearest_even);                                               \
    void ovxc_row_##name##_avx512(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale,      \
                                  int saturate, int nearest_even);
OVXC_DECLARE_MUL(mul_u8)
OVXC_DECLARE_MUL(mul_s16)
OVXC_DECLARE_MUL(mul_u8s16)
#undef OVXC_DECLARE_MUL
const ovx_variant *ovxc_mul_variants(ovxc_mul_op op);

/* The integer paths of the Multiply variants: e when scale is exactly 2^e
 * (the product times the scale is then exact and the rounding is integer
 * arithmetic), OVXC_MUL_DIV255 for the float 1/255 the API passes, else a
 * value out of every range the variants use. */
#define OVXC_MUL_DIV255 2000
static inline int ovxc_mul_pow2_exponent(double scale)
{
    int e;
    if (scale == (double)(1.0f / 255.0f)) return OVXC_MUL_DIV255;
    if (!(scale > 0.0) || frexp(scale, &e) != 0.5) return 1000;
    return e - 1;
}

#endif
