/* Scale Image half-size rows, SSE4.1 variant (see geometry.h). */
#include "geometry.h"

#include <smmintrin.h>

/* 16 outputs a step (as the AVX2 variant, 128-bit lanes). */
void ovxc_half2_u8_sse41(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n)
{
    const __m128i one = _mm_set1_epi8(1), two = _mm_set1_epi16(2);
    int32_t x = 0;
#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define SUM(o)                                                                                                    \
    _mm_srli_epi16(                                                                                               \
        _mm_add_epi16(_mm_add_epi16(_mm_maddubs_epi16(LD(r0 + (o)), one), _mm_maddubs_epi16(LD(r1 + (o)), one)), \
                      two),                                                                                       \
        2)
    if (n >= 16) {
        for (;;) {
            if (x + 16 > n) x = n - 16;
            __m128i a = SUM(2 * x), b = SUM(2 * x + 16);
            _mm_storeu_si128((__m128i *)(void *)(out + x), _mm_packus_epi16(a, b));
            x += 16;
            if (x >= n) break;
        }
    }
#undef SUM
#undef LD
    for (; x < n; x++) out[x] = (uint8_t)((r0[2 * x] + r0[2 * x + 1] + r1[2 * x] + r1[2 * x + 1] + 2) >> 2);
}
