/*
 * Compute routines: pixelwise and arithmetic functions (Absolute Difference,
 * Addition, Subtraction, Pixel-wise Multiplication, the bitwise functions,
 * Weighted Average, Thresholding, TableLookup, Convert Bit Depth and the 1.1
 * Accumulate functions).
 *
 * Every routine works on the rectangle [x0, x1) x [y0, y1) of raw planes:
 * `ptr` is pixel (0,0) of the plane and `stride` the bytes between rows.
 * U1 planes are bit-packed (pixel x of a row is bit x % 8 of byte x / 8);
 * bits of a U1 output outside [x0, x1) are left as they are.  No allocation,
 * no threads, no vx_ objects.
 */
#ifndef OVXC_COMPUTE_ARITH_H
#define OVXC_COMPUTE_ARITH_H

#include <stdint.h>

#include "ovxc.h"

#include "../runtime/dispatch.h"


typedef enum { OVXC_AND, OVXC_OR, OVXC_XOR, OVXC_NOT } ovxc_bitop;

/* |a - b|, saturated to the output (U8 out only from two U8 inputs). */
void ovxc_absdiff(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r);
/* a + b or a - b (subtract != 0); saturate != 0: clamp to the output range,
 * otherwise keep the low bits. */
void ovxc_addsub(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r, int subtract,
                 int saturate);
/* a * b * scale computed in double, rounded toward zero or to nearest even,
 * then saturated or wrapped to the output. */
void ovxc_multiply(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r, double scale,
                   int saturate, int nearest_even);
/* Bitwise op of U8 or U1 planes (all three of the same format; b unused for NOT). */
void ovxc_bitwise(ovxc_bitop op, const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r);
/* U8: uint8((1 - alpha) * float(b) + alpha * float(a)) in float32. */
void ovxc_weighted_average(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r,
                           float alpha);
/* o = lo <= in <= hi ? true_value : false_value (U8 or S16 in, U8 or U1 out;
 * for U1 any nonzero value is 1). */
void ovxc_threshold(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, int32_t lo, int32_t hi,
                    int32_t true_value, int32_t false_value);
/* o = lut[offset + in], the index clamped to [0, count - 1]; in and o both
 * U8 (uint8 entries) or both S16 (int16 entries). */
void ovxc_table_lookup(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, const void *lut, uint32_t count,
                       uint32_t offset);
/* Convert Bit Depth between U1, U8 and S16 (the spec's table). shift < 0
 * shifts the other way. */
void ovxc_convert_depth(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, int saturate, int32_t shift);
/* 1.1 accumulate functions: in U8; acc S16 (accumulate, square) or U8 (weighted). */
void ovxc_accumulate(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r);
void ovxc_accumulate_weighted(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r, float alpha);
void ovxc_accumulate_square(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r, uint32_t shift);

/* ---- variants (runtime/dispatch.h) ---------------------------------------- */
/* Every routine above is also built for SSE4.1, AVX2 and AVX-512 from the
 * same source (compute/arith_body.inc; name_sse41, name_avx2, name_avx512,
 * bit-exact with the reference by construction).  ovxc_arith_variants gives
 * a routine's table, best first, the reference (the plain name) last; the
 * kernels pick when a graph is verified and cast the entry back to the
 * routine's own type. */
#define OVXC_ARITH_ROUTINES(X)                                                                                 \
    X(absdiff) X(addsub) X(multiply) X(bitwise) X(weighted_average) X(threshold) X(table_lookup)              \
    X(convert_depth) X(accumulate) X(accumulate_weighted) X(accumulate_square)

typedef enum {
#define OVXC_ARITH_ENUM(name) OVXC_ARITH_##name,
    OVXC_ARITH_ROUTINES(OVXC_ARITH_ENUM)
#undef OVXC_ARITH_ENUM
    OVXC_ARITH_COUNT
} ovxc_arith_routine;

const ovx_variant *ovxc_arith_variants(ovxc_arith_routine routine);

#define OVXC_ARITH_DECLARE_ISA(sfx)                                                                            \
    void ovxc_absdiff##sfx(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r);      \
    void ovxc_addsub##sfx(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r,        \
                          int subtract, int saturate);                                                         \
    void ovxc_multiply##sfx(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r,      \
                            double scale, int saturate, int nearest_even);                                     \
    void ovxc_bitwise##sfx(ovxc_bitop op, const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o,            \
                           const ovxc_rect *r);                                                                \
    void ovxc_weighted_average##sfx(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o,                  \
                                    const ovxc_rect *r, float alpha);                                          \
    void ovxc_threshold##sfx(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, int32_t lo,           \
                             int32_t hi, int32_t true_value, int32_t false_value);                             \
    void ovxc_table_lookup##sfx(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, const void *lut,   \
                                uint32_t count, uint32_t offset);                                              \
    void ovxc_convert_depth##sfx(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, int saturate,     \
                                 int32_t shift);                                                               \
    void ovxc_accumulate##sfx(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r);                   \
    void ovxc_accumulate_weighted##sfx(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r,           \
                                       float alpha);                                                           \
    void ovxc_accumulate_square##sfx(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r,             \
                                     uint32_t shift);
OVXC_ARITH_DECLARE_ISA(_sse41)
OVXC_ARITH_DECLARE_ISA(_avx2)
OVXC_ARITH_DECLARE_ISA(_avx512)

typedef void (*ovxc_bitwise_f)(ovxc_bitop op, const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o,
                               const ovxc_rect *r);
typedef void (*ovxc_weighted_average_f)(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r,
                                        float alpha);
typedef void (*ovxc_threshold_f)(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, int32_t lo, int32_t hi,
                                 int32_t true_value, int32_t false_value);
typedef void (*ovxc_table_lookup_f)(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, const void *lut,
                                    uint32_t count, uint32_t offset);
typedef void (*ovxc_convert_depth_f)(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, int saturate,
                                     int32_t shift);
typedef void (*ovxc_accumulate_f)(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r);
typedef void (*ovxc_accumulate_weighted_f)(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r, float alpha);
typedef void (*ovxc_accumulate_square_f)(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r, uint32_t shift);
typedef void (*ovxc_multiply_f)(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r,
                                double scale, int saturate, int nearest_even);

#endif
