/* Pixelwise U8 row routines, AVX2 variants (compiled with -mavx2 alone; see
 * pixel.h).  32 pixels a step, the rest by the scalar reference. */
#include "pixel.h"

#include <immintrin.h>

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