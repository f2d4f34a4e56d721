/* Magnitude and Phase rows, SSE4.1 variants (see gradient.h): 8 pixels a
 * step, the rest by the scalar reference. */
#include "gradient.h"

#include <smmintrin.h>

/* floor(sqrt(s) + 0.5) of s = x^2 + y^2 (madd's; capped at 32767^2 + 32767 + 1):
 * the float estimate, then one exact correction (see gradient_avx2.c) */
static inline __m128i mag4(__m128i s)
{
    s = _mm_min_epu32(s, _mm_set1_epi32(32767 * 32767 + 32767 + 1));
    __m128i q = _mm_cvttps_epi32(_mm_add_ps(_mm_sqrt_ps(_mm_cvtepi32_ps(s)), _mm_set1_ps(0.5f)));
    __m128i u = _mm_sub_epi32(s, _mm_mullo_epi32(q, q)), up, down;
    up = _mm_cmpgt_epi32(u, q);
    down = _mm_cmpgt_epi32(_mm_sub_epi32(_mm_set1_epi32(1), u), q);
    down = _mm_and_si128(down, _mm_cmpgt_epi32(q, _mm_setzero_si128()));
    return _mm_add_epi32(_mm_sub_epi32(q, up), down);
}

void ovxc_row_magnitude_sse41(const int16_t *gx, const int16_t *gy, void *dst, size_t n)
{
    int16_t *d = dst;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(gx + i));
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(gy + i));
        __m128i a = _mm_unpacklo_epi16(x, y), b = _mm_unpackhi_epi16(x, y);
        __m128i lo = mag4(_mm_madd_epi16(a, a)), hi = mag4(_mm_madd_epi16(b, b));
        _mm_storeu_si128((__m128i *)(void *)(d + i), _mm_packs_epi32(lo, hi));
    }
    if (i < n) ovxc_row_magnitude_scalar(gx + i, gy + i, d + i, n - i);
}

/* the phase of 4 pixels (see gradient.h), as int32 0..255 */
static inline __m128i phase4(__m128i x32, __m128i y32)
{
    const __m128 sign = _mm_set1_ps(-0.0f);
    __m128 fx = _mm_cvtepi32_ps(x32), fy = _mm_cvtepi32_ps(y32);
    __m128 ax = _mm_andnot_ps(sign, fx), ay = _mm_andnot_ps(sign, fy);
    __m128 mn = _mm_min_ps(ax, ay), mx = _mm_max_ps(_mm_max_ps(ax, ay), _mm_set1_ps(1.0f));
    __m128 a = _mm_div_ps(mn, mx), s = _mm_mul_ps(a, a), r, v;
    r = _mm_add_ps(_mm_mul_ps(_mm_set1_ps(OVXC_ATAN_C9), s), _mm_set1_ps(OVXC_ATAN_C7));
    r = _mm_add_ps(_mm_mul_ps(r, s), _mm_set1_ps(OVXC_ATAN_C5));
    r = _mm_add_ps(_mm_mul_ps(r, s), _mm_set1_ps(OVXC_ATAN_C3));
    r = _mm_add_ps(_mm_mul_ps(r, s), _mm_set1_ps(OVXC_ATAN_C1));
    r = _mm_mul_ps(r, a);
    r = _mm_blendv_ps(r, _mm_sub_ps(_mm_set1_ps(OVXC_HALF_PI), r), _mm_cmpgt_ps(ay, ax));
    r = _mm_blendv_ps(r, _mm_sub_ps(_mm_set1_ps(OVXC_PI), r), fx); /* sign of fx: fx < 0 */
    r = _mm_xor_ps(r, _mm_and_ps(fy, sign));                      /* -r where fy < 0 */
    v = _mm_mul_ps(r, _mm_set1_ps(OVXC_PHASE_SCALE));
    v = _mm_blendv_ps(v, _mm_add_ps(v, _mm_set1_ps(256.0f)), _mm_cmplt_ps(v, _mm_setzero_ps()));
    return _mm_and_si128(_mm_cvttps_epi32(_mm_add_ps(v, _mm_set1_ps(0.5f))), _mm_set1_epi32(255));
}

void ovxc_row_phase_sse41(const int16_t *gx, const int16_t *gy, void *dst, size_t n)
{
    uint8_t *d = dst;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(gx + i));
        __m128i y = _mm_loadu_si128((const __m128i *)(const void *)(gy + i));
        __m128i p0 = phase4(_mm_cvtepi16_epi32(x), _mm_cvtepi16_epi32(y));
        __m128i p1 = phase4(_mm_cvtepi16_epi32(_mm_srli_si128(x, 8)), _mm_cvtepi16_epi32(_mm_srli_si128(y, 8)));
        __m128i b = _mm_packus_epi16(_mm_packs_epi32(p0, p1), _mm_setzero_si128());
        _mm_storel_epi64((__m128i *)(void *)(d + i), b);
    }
    if (i < n) ovxc_row_phase_scalar(gx + i, gy + i, d + i, n - i);
}
