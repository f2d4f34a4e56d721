/* Magnitude and Phase rows, AVX-512 (F+BW) variants (see gradient.h): 32
 * pixels a step, the rest by the scalar reference. */
#include "gradient.h"

#include <immintrin.h>

/* floor(sqrt(s) + 0.5) of s = x^2 + y^2 (s from madd: -32768, -32768 wraps
 * to 2^31, taken as unsigned), capped at 32768 (the row saturates it to
 * 32767): s capped first at 32767^2 + 32767 + 1, the least sum whose
 * magnitude is 32768; the float estimate q, at most one off; then one exact
 * correction with u = s - q^2 (no overflow: q <= 32769): q + 1 when u > q,
 * q - 1 when u <= -q and q > 0 (see gradient_avx2.c) */
static inline __m512i mag16(__m512i s)
{
    __m512i q, u;
    __mmask16 up, down;
    s = _mm512_min_epu32(s, _mm512_set1_epi32(32767 * 32767 + 32767 + 1));
    q = _mm512_cvttps_epi32(_mm512_add_ps(_mm512_sqrt_ps(_mm512_cvtepi32_ps(s)), _mm512_set1_ps(0.5f)));
    u = _mm512_sub_epi32(s, _mm512_mullo_epi32(q, q));
    up = _mm512_cmpgt_epi32_mask(u, q);
    down = (__mmask16)(_mm512_cmpgt_epi32_mask(q, _mm512_setzero_si512()) &
                       ~_mm512_cmpgt_epi32_mask(q, _mm512_sub_epi32(_mm512_setzero_si512(), u))); /* q <= -u, q > 0 */
    q = _mm512_mask_add_epi32(q, up, q, _mm512_set1_epi32(1));
    return _mm512_mask_sub_epi32(q, down, q, _mm512_set1_epi32(1));
}

/* The same for s < 2^22 without vsqrtps (whose throughput, one per 10-13
 * cycles on Zen 4, bounded the row: 54 -> 39 us at 640x480): s is exact as
 * a float and r = rsqrt14(max(s, 1)) within 2^-14 of 1/sqrt(s), so e = s r
 * - 1/4 (one rounding, under 2^-13) is within 0.1252 of sqrt(s) - 1/4
 * (sqrt(s) < 2048); q = round(e) is then the answer z or z - 1 (e < sqrt(s)
 * <= z + 1/2, strictly, as sqrt(s) is never a half-integer; e >= z - 1/2 -
 * 0.3752), and z = q + 1 iff sqrt(s) >= q + 1/2 iff s > q^2 + q (q >= 0; the
 * square of an integer plus an integer, exact in float under 2^24).  s = 0:
 * e = -1/4, q = -0, no step.  Every sum under 2^22 is checked by simd-gradient.
 * The Sobel of U8 images (|gx|, |gy| <= 1020, s <= 2080800) always is. */
static inline __m512i mag16_small(__m512i s)
{
    __m512 f = _mm512_cvtepi32_ps(s);
    __m512 r = _mm512_rsqrt14_ps(_mm512_max_ps(f, _mm512_set1_ps(1.0f)));
    __m512 q = _mm512_roundscale_ps(_mm512_fmadd_ps(f, r, _mm512_set1_ps(-0.25f)),
                                    _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __mmask16 up = _mm512_cmp_ps_mask(f, _mm512_fmadd_ps(q, q, q), _CMP_GT_OQ);
    return _mm512_cvtps_epi32(_mm512_mask_add_ps(q, up, q, _mm512_set1_ps(1.0f)));
}

void ovxc_row_magnitude_avx512(const int16_t *gx, const int16_t *gy, void *dst, size_t n)
{
    int16_t *d = dst;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m512i x = _mm512_loadu_si512((const void *)(gx + i)), y = _mm512_loadu_si512((const void *)(gy + i));
        __m512i a = _mm512_unpacklo_epi16(x, y), b = _mm512_unpackhi_epi16(x, y), lo, hi;
        a = _mm512_madd_epi16(a, a);
        b = _mm512_madd_epi16(b, b);
        if (_mm512_test_epi32_mask(_mm512_or_si512(a, b), _mm512_set1_epi32((int)0xFFC00000u)) == 0) {
            lo = mag16_small(a); /* every sum under 2^22 */
            hi = mag16_small(b);
        } else {
            lo = mag16(a);
            hi = mag16(b);
        }
        _mm512_storeu_si512((void *)(d + i), _mm512_packs_epi32(lo, hi)); /* in-lane unpack, in-lane pack */
    }
    if (i < n) ovxc_row_magnitude_scalar(gx + i, gy + i, d + i, n - i);
}

/* the phase of 16 pixels (see gradient.h) as bytes */
static inline __m128i phase16(const int16_t *gx, const int16_t *gy)
{
    __m512 fx = _mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)gx)));
    __m512 fy = _mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)gy)));
    __m512 ax = _mm512_abs_ps(fx), ay = _mm512_abs_ps(fy);
    __m512 mn = _mm512_min_ps(ax, ay), mx = _mm512_max_ps(_mm512_max_ps(ax, ay), _mm512_set1_ps(1.0f));
    __m512 a = _mm512_div_ps(mn, mx), s = _mm512_mul_ps(a, a), r, v;
    r = _mm512_add_ps(_mm512_mul_ps(_mm512_set1_ps(OVXC_ATAN_C9), s), _mm512_set1_ps(OVXC_ATAN_C7));
    r = _mm512_add_ps(_mm512_mul_ps(r, s), _mm512_set1_ps(OVXC_ATAN_C5));
    r = _mm512_add_ps(_mm512_mul_ps(r, s), _mm512_set1_ps(OVXC_ATAN_C3));
    r = _mm512_add_ps(_mm512_mul_ps(r, s), _mm512_set1_ps(OVXC_ATAN_C1));
    r = _mm512_mul_ps(r, a);
    r = _mm512_mask_sub_ps(r, _mm512_cmp_ps_mask(ay, ax, _CMP_GT_OQ), _mm512_set1_ps(OVXC_HALF_PI), r);
    r = _mm512_mask_sub_ps(r, _mm512_cmp_ps_mask(fx, _mm512_setzero_ps(), _CMP_LT_OQ), _mm512_set1_ps(OVXC_PI), r);
    r = _mm512_mask_sub_ps(r, _mm512_cmp_ps_mask(fy, _mm512_setzero_ps(), _CMP_LT_OQ), _mm512_setzero_ps(), r);
    v = _mm512_mul_ps(r, _mm512_set1_ps(OVXC_PHASE_SCALE));
    v = _mm512_mask_add_ps(v, _mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_LT_OQ), v, _mm512_set1_ps(256.0f));
    return _mm512_cvtepi32_epi8(_mm512_cvttps_epi32(_mm512_add_ps(v, _mm512_set1_ps(0.5f)))); /* low byte: 256 -> 0 */
}

void ovxc_row_phase_avx512(const int16_t *gx, const int16_t *gy, void *dst, size_t n)
{
    uint8_t *d = dst;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) _mm_storeu_si128((__m128i *)(void *)(d + i), phase16(gx + i, gy + i));
    if (i < n) ovxc_row_phase_scalar(gx + i, gy + i, d + i, n - i);
}
