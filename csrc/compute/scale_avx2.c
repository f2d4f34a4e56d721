/* Scale Image half-size rows, AVX2 variant (see geometry.h). */
#include "geometry.h"

#include <immintrin.h>

/* 32 outputs a step: the byte pairs of each row summed by maddubs (unsigned
 * bytes times signed ones, exact 16-bit sums), the two rows, + 2, >> 2;
 * a last overlapping step for the tail (n >= 32), else the scalar rule. */
void ovxc_half2_u8_avx2(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n)
{
    const __m256i one = _mm256_set1_epi8(1), two = _mm256_set1_epi16(2);
    int32_t x = 0;
#define LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define SUM(o)                                                                                                    \
    _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(_mm256_maddubs_epi16(LD(r0 + (o)), one),                 \
                                                        _mm256_maddubs_epi16(LD(r1 + (o)), one)),                \
                                       two),                                                                      \
                      2)
    if (n >= 32) {
        for (;;) {
            if (x + 32 > n) x = n - 32;
            __m256i a = SUM(2 * x), b = SUM(2 * x + 32);
            _mm256_storeu_si256((__m256i *)(void *)(out + x), _mm256_permute4x64_epi64(_mm256_packus_epi16(a, b), 0xD8));
            x += 32;
            if (x >= n) break;
        }
    }
#undef SUM
#undef LD
    for (; x < n; x++) out[x] = (uint8_t)((r0[2 * x] + r0[2 * x + 1] + r1[2 * x] + r1[2 * x + 1] + 2) >> 2);
}
