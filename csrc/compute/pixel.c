/* Pixelwise U8 row routines: the scalar references and the variant tables
 * (see pixel.h; the SIMD variants are pixel_sse41.c, pixel_avx2.c and
 * pixel_avx512.c). */
#include "pixel.h"

#include <math.h>

#define ROW(name, expr)                                                                                        \
    void ovxc_row_##name##_scalar(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                   \
    {                                                                                                          \
        size_t i;                                                                                              \
        (void)b;                                                                                               \
        for (i = 0; i < n; i++) {                                                                              \
            int x = a[i], y = b ? b[i] : 0;                                                                    \
            (void)y;                                                                                           \
            o[i] = (uint8_t)(expr);                                                                            \
        }                                                                                                      \
    }

ROW(add_u8_sat, x + y > 255 ? 255 : x + y)
ROW(add_u8_wrap, x + y)
ROW(sub_u8_sat, x - y < 0 ? 0 : x - y)
ROW(sub_u8_wrap, x - y)
ROW(absdiff_u8, x > y ? x - y : y - x)
ROW(and_u8, x & y)
ROW(or_u8, x | y)
ROW(xor_u8, x ^ y)
ROW(not_u8, ~x)
ROW(min_u8, x < y ? x : y)
ROW(max_u8, x > y ? x : y)

#define ROW16(name, expr)                                                                                      \
    void ovxc_row_##name##_scalar(const uint8_t *a8, const uint8_t *b8, uint8_t *o8, size_t n)                \
    {                                                                                                          \
        const int16_t *a = (const int16_t *)(const void *)a8, *b = (const int16_t *)(const void *)b8;          \
        int16_t *o = (int16_t *)(void *)o8;                                                                    \
        size_t i;                                                                                              \
        for (i = 0; i < n; i++) {                                                                              \
            int32_t x = a[i], y = b[i], v = (expr);                                                            \
            o[i] = (int16_t)(uint16_t)(uint32_t)v;                                                             \
        }                                                                                                      \
    }
#define SAT16(v) ((v) < -32768 ? -32768 : (v) > 32767 ? 32767 : (v))

ROW16(add_s16_sat, SAT16(x + y))
ROW16(add_s16_wrap, x + y)
ROW16(sub_s16_sat, SAT16(x - y))
ROW16(sub_s16_wrap, x - y)
ROW16(absdiff_s16, SAT16(x > y ? x - y : y - x))
ROW16(min_s16, x < y ? x : y)
ROW16(max_s16, x > y ? x : y)

#define TABLE(name)                                                                                            \
    static const ovx_variant table_##name[] = {OVX_VARIANT_AVX512(ovxc_row_##name)                             \
                                                   OVX_VARIANT_AVX2(ovxc_row_##name)                           \
                                                       OVX_VARIANT_SSE41(ovxc_row_##name){                     \
                                                       "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_row_##name##_scalar}};
OVXC_PIXEL_OPS(TABLE)

const ovx_variant *ovxc_pixel_variants(ovxc_pixel_op op)
{
    static const ovx_variant *const tables[OVXC_PIX_COUNT] = {
#define ENTRY(name) table_##name,
        OVXC_PIXEL_OPS(ENTRY)
#undef ENTRY
    };
    return (unsigned)op < OVXC_PIX_COUNT ? tables[op] : NULL;
}

/* ---- Multiply ---------------------------------------------------------------- */

static inline int64_t mul_value(int32_t p, double scale, int saturate, int nearest_even, double lo, double hi)
{
    double v = (double)p * scale;
    v = nearest_even ? nearbyint(v) : trunc(v);
    if (!saturate) {
        lo = -4611686018427387904.0; /* +-2^62: the int64 conversion keeps the low bits */
        hi = 4611686018427387904.0;
    }
    v = v < lo ? lo : (v > hi ? hi : v);
    return (int64_t)v;
}

void ovxc_row_mul_u8_scalar(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                            int nearest_even)
{
    size_t i;
    for (i = 0; i < n; i++)
        o[i] = (uint8_t)mul_value((int32_t)a[i] * b[i], scale, saturate, nearest_even, 0.0, 255.0);
}

void ovxc_row_mul_s16_scalar(const uint8_t *a8, const uint8_t *b8, uint8_t *o8, size_t n, double scale, int saturate,
                             int nearest_even)
{
    const int16_t *a = (const int16_t *)(const void *)a8, *b = (const int16_t *)(const void *)b8;
    int16_t *o = (int16_t *)(void *)o8;
    size_t i;
    for (i = 0; i < n; i++)
        o[i] = (int16_t)mul_value((int32_t)a[i] * b[i], scale, saturate, nearest_even, -32768.0, 32767.0);
}

void ovxc_row_mul_u8s16_scalar(const uint8_t *a, const uint8_t *b, uint8_t *o8, size_t n, double scale, int saturate,
                               int nearest_even)
{
    int16_t *o = (int16_t *)(void *)o8;
    size_t i;
    for (i = 0; i < n; i++)
        o[i] = (int16_t)(uint16_t)mul_value((int32_t)a[i] * b[i], scale, saturate, nearest_even, -32768.0, 32767.0);
}

const ovx_variant *ovxc_mul_variants(ovxc_mul_op op)
{
    static const ovx_variant u8[] = {OVX_VARIANT_AVX512(ovxc_row_mul_u8) OVX_VARIANT_AVX2(ovxc_row_mul_u8){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_row_mul_u8_scalar}};
    static const ovx_variant s16[] = {OVX_VARIANT_AVX512(ovxc_row_mul_s16) OVX_VARIANT_AVX2(ovxc_row_mul_s16){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_row_mul_s16_scalar}};
    static const ovx_variant u8s16[] = {OVX_VARIANT_AVX2(ovxc_row_mul_u8s16){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_row_mul_u8s16_scalar}};
    return op == OVXC_MUL_U8 ? u8 : op == OVXC_MUL_S16 ? s16 : op == OVXC_MUL_U8S16 ? u8s16 : NULL;
}
