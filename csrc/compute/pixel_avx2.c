/* Pixelwise U8 row routines, AVX2 variants (compiled with -mavx2 alone; see
 * pixel.h).  32 pixels a step, the rest by the scalar reference. */
#include "pixel.h"

#include <immintrin.h>
#include <math.h>

#define V __m256i
#define LOAD(p) _mm256_loadu_si256((const V *)(p))
#define STORE(p, v) _mm256_storeu_si256((V *)(p), v)

#define ROW(name, expr)                                                                                        \
    void ovxc_row_##name##_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                     \
    {                                                                                                          \
        size_t i = 0;                                                                                          \
        const V ones = _mm256_set1_epi8(-1);                                                                   \
        (void)ones;                                                                                            \
        for (; i + 32 <= n; i += 32) {                                                                         \
            V x = LOAD(a + i), y = b ? LOAD(b + i) : ones;                                                     \
            (void)y;                                                                                           \
            STORE(o + i, expr);                                                                                \
        }                                                                                                      \
        if (i < n) ovxc_row_##name##_scalar(a + i, b ? b + i : NULL, o + i, n - i);                           \
    }

ROW(add_u8_sat, _mm256_adds_epu8(x, y))
ROW(add_u8_wrap, _mm256_add_epi8(x, y))
ROW(sub_u8_sat, _mm256_subs_epu8(x, y))
ROW(sub_u8_wrap, _mm256_sub_epi8(x, y))
ROW(absdiff_u8, _mm256_or_si256(_mm256_subs_epu8(x, y), _mm256_subs_epu8(y, x)))
ROW(and_u8, _mm256_and_si256(x, y))
ROW(or_u8, _mm256_or_si256(x, y))
ROW(xor_u8, _mm256_xor_si256(x, y))
ROW(not_u8, _mm256_xor_si256(x, ones))
ROW(min_u8, _mm256_min_epu8(x, y))
ROW(max_u8, _mm256_max_epu8(x, y))

/* S16: 16 pixels (32 bytes) a step. */
#define ROW16(name, expr)                                                                                      \
    void ovxc_row_##name##_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                     \
    {                                                                                                          \
        size_t i = 0;                                                                                          \
        for (; i + 16 <= n; i += 16) {                                                                         \
            V x = LOAD(a + 2 * i), y = LOAD(b + 2 * i);                                                        \
            STORE(o + 2 * i, expr);                                                                            \
        }                                                                                                      \
        if (i < n) ovxc_row_##name##_scalar(a + 2 * i, b + 2 * i, o + 2 * i, n - i);                          \
    }

ROW16(add_s16_sat, _mm256_adds_epi16(x, y))
ROW16(add_s16_wrap, _mm256_add_epi16(x, y))
ROW16(sub_s16_sat, _mm256_subs_epi16(x, y))
ROW16(sub_s16_wrap, _mm256_sub_epi16(x, y))
/* max - min is |x - y| as an unsigned 16-bit number; clamp it to 32767 */
ROW16(absdiff_s16, _mm256_min_epu16(_mm256_sub_epi16(_mm256_max_epi16(x, y), _mm256_min_epi16(x, y)),
                                    _mm256_set1_epi16(0x7fff)))

ROW16(min_s16, _mm256_min_epi16(x, y))
ROW16(max_s16, _mm256_max_epi16(x, y))

/* ---- Multiply: 8 pixels a step in double precision, as the scalar
 * reference: the product (exact in int32) times the scale (one rounding, the
 * same in both), rounded to nearest even or toward zero, clamped to the
 * output's range (saturate), converted to int32 and narrowed.  Wrapping
 * takes the low bits of the int32, which are those of the reference's int64
 * while |value| < 2^31: a scale that could pass it leaves the row to the
 * reference, as does the tail. */

static inline __m128i mul4(__m128i p, __m256d s, int nearest_even, int saturate, __m256d lo, __m256d hi)
{
    __m256d v = _mm256_mul_pd(_mm256_cvtepi32_pd(p), s);
    v = nearest_even ? _mm256_round_pd(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
                     : _mm256_round_pd(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    if (saturate) v = _mm256_min_pd(_mm256_max_pd(v, lo), hi);
    return _mm256_cvttpd_epi32(v);
}

void ovxc_row_mul_u8_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                          int nearest_even)
{
    size_t i = 0;
    const __m256d s = _mm256_set1_pd(scale), lo = _mm256_set1_pd(0.0), hi = _mm256_set1_pd(255.0);
    const __m128i low = _mm_set1_epi32(0xFF);
    if (saturate || fabs(scale) * 65025.0 < 2147483520.0) {
        for (; i + 8 <= n; i += 8) {
            __m256i x = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(a + i)));
            __m256i y = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(b + i)));
            __m256i p = _mm256_mullo_epi16(x, y); /* < 2^16: the 16-bit product is the 32-bit one */
            __m128i l = mul4(_mm256_castsi256_si128(p), s, nearest_even, saturate, lo, hi);
            __m128i h = mul4(_mm256_extracti128_si256(p, 1), s, nearest_even, saturate, lo, hi);
            __m128i w;
            if (!saturate) l = _mm_and_si128(l, low), h = _mm_and_si128(h, low);
            w = _mm_packus_epi32(l, h); /* 0..255 either way: exact */
            _mm_storel_epi64((__m128i *)(void *)(o + i), _mm_packus_epi16(w, w));
        }
    }
    if (i < n) ovxc_row_mul_u8_scalar(a + i, b + i, o + i, n - i, scale, saturate, nearest_even);
}

void ovxc_row_mul_s16_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                           int nearest_even)
{
    size_t i = 0;
    const __m256d s = _mm256_set1_pd(scale), lo = _mm256_set1_pd(-32768.0), hi = _mm256_set1_pd(32767.0);
    const __m128i low = _mm_set1_epi32(0xFFFF);
    if (saturate || fabs(scale) * 1073741824.0 < 2147483520.0) {
        for (; i + 8 <= n; i += 8) {
            /* the samples zero-extended: madd's signed 16-bit halves are a and 0 */
            __m256i x = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)(a + 2 * i)));
            __m256i y = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)(b + 2 * i)));
            __m256i p = _mm256_madd_epi16(x, y);
            __m128i l = mul4(_mm256_castsi256_si128(p), s, nearest_even, saturate, lo, hi);
            __m128i h = mul4(_mm256_extracti128_si256(p, 1), s, nearest_even, saturate, lo, hi);
            if (saturate) {
                _mm_storeu_si128((__m128i *)(void *)(o + 2 * i), _mm_packs_epi32(l, h));
            } else {
                _mm_storeu_si128((__m128i *)(void *)(o + 2 * i), _mm_packus_epi32(_mm_and_si128(l, low), _mm_and_si128(h, low)));
            }
        }
    }
    if (i < n) ovxc_row_mul_s16_scalar(a + 2 * i, b + 2 * i, o + 2 * i, n - i, scale, saturate, nearest_even);
}
