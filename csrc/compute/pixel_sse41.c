/* Pixelwise row routines, SSE4.1 variants (compiled with -msse4.1 -msse4.2;
 * see pixel.h).  16 bytes a step, the rest by the scalar reference. */
#include "pixel.h"

#include <smmintrin.h>

#define V __m128i
#define LOAD(p) _mm_loadu_si128((const V *)(const void *)(p))
#define STORE(p, v) _mm_storeu_si128((V *)(void *)(p), v)

#define ROW(name, expr)                                                                                        \
    void ovxc_row_##name##_sse41(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                    \
    {                                                                                                          \
        size_t i = 0;                                                                                          \
        const V ones = _mm_set1_epi8(-1);                                                                      \
        (void)ones;                                                                                            \
        for (; i + 16 <= n; i += 16) {                                                                         \
            V x = LOAD(a + i), y = b ? LOAD(b + i) : ones;                                                     \
            (void)y;                                                                                           \
            STORE(o + i, expr);                                                                                \
        }                                                                                                      \
        if (i < n) ovxc_row_##name##_scalar(a + i, b ? b + i : NULL, o + i, n - i);                           \
    }

ROW(add_u8_sat, _mm_adds_epu8(x, y))
ROW(add_u8_wrap, _mm_add_epi8(x, y))
ROW(sub_u8_sat, _mm_subs_epu8(x, y))
ROW(sub_u8_wrap, _mm_sub_epi8(x, y))
ROW(absdiff_u8, _mm_or_si128(_mm_subs_epu8(x, y), _mm_subs_epu8(y, x)))
ROW(and_u8, _mm_and_si128(x, y))
ROW(or_u8, _mm_or_si128(x, y))
ROW(xor_u8, _mm_xor_si128(x, y))
ROW(not_u8, _mm_xor_si128(x, ones))
ROW(min_u8, _mm_min_epu8(x, y))
ROW(max_u8, _mm_max_epu8(x, y))

/* S16: 8 pixels (16 bytes) a step. */
#define ROW16(name, expr)                                                                                      \
    void ovxc_row_##name##_sse41(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                    \
    {                                                                                                          \
        size_t i = 0;                                                                                          \
        for (; i + 8 <= n; i += 8) {                                                                           \
            V x = LOAD(a + 2 * i), y = LOAD(b + 2 * i);                                                        \
            STORE(o + 2 * i, expr);                                                                            \
        }                                                                                                      \
        if (i < n) ovxc_row_##name##_scalar(a + 2 * i, b + 2 * i, o + 2 * i, n - i);                          \
    }

ROW16(add_s16_sat, _mm_adds_epi16(x, y))
ROW16(add_s16_wrap, _mm_add_epi16(x, y))
ROW16(sub_s16_sat, _mm_subs_epi16(x, y))
ROW16(sub_s16_wrap, _mm_sub_epi16(x, y))
/* max - min is |x - y| as an unsigned 16-bit number; clamp it to 32767 */
ROW16(absdiff_s16,
      _mm_min_epu16(_mm_sub_epi16(_mm_max_epi16(x, y), _mm_min_epi16(x, y)), _mm_set1_epi16(0x7fff)))
ROW16(min_s16, _mm_min_epi16(x, y))
ROW16(max_s16, _mm_max_epi16(x, y))
