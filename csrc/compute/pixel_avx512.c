/* Pixelwise U8 row routines, AVX-512 (F+BW) variants (compiled with
 * -mavx512f -mavx512bw alone; see pixel.h).  64 pixels a step; the tail is a
 * masked load/store, so no scalar loop. */
#include "pixel.h"

#include <immintrin.h>

#define V __m512i

#define ROW(name, expr)                                                                                        \
    void ovxc_row_##name##_avx512(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                   \
    {                                                                                                          \
        size_t i = 0;                                                                                          \
        const V ones = _mm512_set1_epi8(-1);                                                                   \
        (void)ones;                                                                                            \
        for (; i + 64 <= n; i += 64) {                                                                         \
            V x = _mm512_loadu_si512((const void *)(a + i));                                                   \
            V y = b ? _mm512_loadu_si512((const void *)(b + i)) : ones;                                        \
            (void)y;                                                                                           \
            _mm512_storeu_si512((void *)(o + i), expr);                                                        \
        }                                                                                                      \
        if (i < n) {                                                                                           \
            __mmask64 m = _cvtu64_mask64((~0ULL) >> (64 - (n - i)));                                           \
            V x = _mm512_maskz_loadu_epi8(m, a + i);                                                           \
            V y = b ? _mm512_maskz_loadu_epi8(m, b + i) : ones;                                                \
            (void)y;                                                                                           \
            _mm512_mask_storeu_epi8(o + i, m, expr);                                                           \
        }                                                                                                      \
    }

ROW(add_u8_sat, _mm512_adds_epu8(x, y))
ROW(add_u8_wrap, _mm512_add_epi8(x, y))
ROW(sub_u8_sat, _mm512_subs_epu8(x, y))
ROW(sub_u8_wrap, _mm512_sub_epi8(x, y))
ROW(absdiff_u8, _mm512_or_si512(_mm512_subs_epu8(x, y), _mm512_subs_epu8(y, x)))
ROW(and_u8, _mm512_and_si512(x, y))
ROW(or_u8, _mm512_or_si512(x, y))
ROW(xor_u8, _mm512_xor_si512(x, y))
ROW(not_u8, _mm512_xor_si512(x, ones))
ROW(min_u8, _mm512_min_epu8(x, y))
ROW(max_u8, _mm512_max_epu8(x, y))

/* S16: 32 pixels (64 bytes) a step, the tail masked per 16-bit lane. */
#define ROW16(name, expr)                                                                                      \
    void ovxc_row_##name##_avx512(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                   \
    {                                                                                                          \
        size_t i = 0;                                                                                          \
        for (; i + 32 <= n; i += 32) {                                                                         \
            V x = _mm512_loadu_si512((const void *)(a + 2 * i)), y = _mm512_loadu_si512((const void *)(b + 2 * i)); \
            _mm512_storeu_si512((void *)(o + 2 * i), expr);                                                    \
        }                                                                                                      \
        if (i < n) {                                                                                           \
            __mmask32 m = _cvtu32_mask32((~0U) >> (32 - (n - i)));                                             \
            V x = _mm512_maskz_loadu_epi16(m, a + 2 * i), y = _mm512_maskz_loadu_epi16(m, b + 2 * i);          \
            _mm512_mask_storeu_epi16(o + 2 * i, m, expr);                                                      \
        }                                                                                                      \
    }

ROW16(add_s16_sat, _mm512_adds_epi16(x, y))
ROW16(add_s16_wrap, _mm512_add_epi16(x, y))
ROW16(sub_s16_sat, _mm512_subs_epi16(x, y))
ROW16(sub_s16_wrap, _mm512_sub_epi16(x, y))
ROW16(absdiff_s16, _mm512_min_epu16(_mm512_sub_epi16(_mm512_max_epi16(x, y), _mm512_min_epi16(x, y)),
                                    _mm512_set1_epi16(0x7fff)))
ROW16(min_s16, _mm512_min_epi16(x, y))
ROW16(max_s16, _mm512_max_epi16(x, y))

/* ---- Multiply: 16 pixels a step in double precision, as the scalar
 * reference: the product times the scale (one rounding, the same in both),
 * rounded to nearest even or toward zero, clamped to the output's range
 * (saturate) or to +-2^62 (wrap: the int64 conversion then keeps the low
 * bits), converted to int64 and narrowed by truncation.  Any scale; the tail
 * is the reference. */

static inline __m512i mul8(__m256i p, __m512d s, int nearest_even, __m512d lo, __m512d hi)
{
    __m512d v = _mm512_mul_pd(_mm512_cvtepi32_pd(p), s);
    v = nearest_even ? _mm512_roundscale_pd(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
                     : _mm512_roundscale_pd(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    return _mm512_cvttpd_epi64(_mm512_min_pd(_mm512_max_pd(v, lo), hi));
}

static inline void mul_bounds(int saturate, double out_lo, double out_hi, __m512d *lo, __m512d *hi)
{
    *lo = _mm512_set1_pd(saturate ? out_lo : -4611686018427387904.0);
    *hi = _mm512_set1_pd(saturate ? out_hi : 4611686018427387904.0);
}

void ovxc_row_mul_u8_avx512(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                            int nearest_even)
{
    size_t i = 0;
    const __m512d s = _mm512_set1_pd(scale);
    __m512d lo, hi;
    mul_bounds(saturate, 0.0, 255.0, &lo, &hi);
    for (; i + 16 <= n; i += 16) {
        __m512i x = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(a + i)));
        __m512i y = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(b + i)));
        __m512i p = _mm512_mullo_epi32(x, y);
        __m128i l = _mm512_cvtepi64_epi8(mul8(_mm512_castsi512_si256(p), s, nearest_even, lo, hi));
        __m128i h = _mm512_cvtepi64_epi8(mul8(_mm512_extracti64x4_epi64(p, 1), s, nearest_even, lo, hi));
        _mm_storeu_si128((__m128i *)(o + i), _mm_unpacklo_epi64(l, h));
    }
    if (i < n) ovxc_row_mul_u8_scalar(a + i, b + i, o + i, n - i, scale, saturate, nearest_even);
}

void ovxc_row_mul_s16_avx512(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                             int nearest_even)
{
    size_t i = 0;
    const __m512d s = _mm512_set1_pd(scale);
    __m512d lo, hi;
    mul_bounds(saturate, -32768.0, 32767.0, &lo, &hi);
    for (; i + 16 <= n; i += 16) {
        __m512i x = _mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)(a + 2 * i)));
        __m512i y = _mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)(b + 2 * i)));
        __m512i p = _mm512_mullo_epi32(x, y);
        __m128i l = _mm512_cvtepi64_epi16(mul8(_mm512_castsi512_si256(p), s, nearest_even, lo, hi));
        __m128i h = _mm512_cvtepi64_epi16(mul8(_mm512_extracti64x4_epi64(p, 1), s, nearest_even, lo, hi));
        _mm256_storeu_si256((__m256i *)(o + 2 * i), _mm256_inserti128_si256(_mm256_castsi128_si256(l), h, 1));
    }
    if (i < n) ovxc_row_mul_s16_scalar(a + 2 * i, b + 2 * i, o + 2 * i, n - i, scale, saturate, nearest_even);
}
