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
