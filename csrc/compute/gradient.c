/* Magnitude and Phase rows: the scalar references and the variant tables (see
 * gradient.h; the variants are gradient_sse41.c, gradient_avx2.c and
 * gradient_avx512.c). */
#include "gradient.h"

#include <math.h>

void ovxc_row_magnitude_scalar(const int16_t *gx, const int16_t *gy, void *dst, size_t n)
{
    int16_t *d = dst;
    size_t i;
    for (i = 0; i < n; i++) {
        double xx = (double)((int32_t)gx[i] * gx[i]), yy = (double)((int32_t)gy[i] * gy[i]);
        uint32_t z = (uint32_t)(sqrt(xx + yy) + 0.5);
        d[i] = (int16_t)(z > 32767u ? 32767u : z);
    }
}

void ovxc_row_phase_scalar(const int16_t *gx, const int16_t *gy, void *dst, size_t n)
{
    uint8_t *d = dst;
    size_t i;
    for (i = 0; i < n; i++) {
        float fx = (float)gx[i], fy = (float)gy[i];
        float ax = fabsf(fx), ay = fabsf(fy);
        float mn = ax < ay ? ax : ay, mx = ax > ay ? ax : ay, a, s, r, v;
        int iv;
        if (mx < 1.0f) mx = 1.0f;
        a = mn / mx;
        s = a * a;
        r = OVXC_ATAN_C9 * s + OVXC_ATAN_C7; /* each * and + rounds (no contraction) */
        r = r * s + OVXC_ATAN_C5;
        r = r * s + OVXC_ATAN_C3;
        r = r * s + OVXC_ATAN_C1;
        r = r * a;
        if (ay > ax) r = OVXC_HALF_PI - r;
        if (fx < 0.0f) r = OVXC_PI - r;
        if (fy < 0.0f) r = -r;
        v = r * OVXC_PHASE_SCALE;
        if (v < 0.0f) v = v + 256.0f;
        iv = (int)(v + 0.5f);
        d[i] = (uint8_t)(iv & 255); /* 256 wraps to 0 */
    }
}

#define TABLE(name)                                                                                            \
    static const ovx_variant table_##name[] = {OVX_VARIANT_AVX512(ovxc_row_##name)                             \
                                                   OVX_VARIANT_AVX2(ovxc_row_##name)                           \
                                                       OVX_VARIANT_SSE41(ovxc_row_##name){                     \
                                                           "scalar", OVX_SIMD_NONE,                            \
                                                           (ovx_fn)ovxc_row_##name##_scalar}};
OVXC_GRAD_OPS(TABLE)
#undef TABLE

const ovx_variant *ovxc_grad_variants(ovxc_grad_op op)
{
    static const ovx_variant *const tables[OVXC_GRAD_COUNT] = {table_magnitude, table_phase};
    return (unsigned)op < OVXC_GRAD_COUNT ? tables[op] : NULL;
}
