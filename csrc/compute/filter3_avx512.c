/* 3x3 U8 filter rows, AVX-512 (F+BW) variants of Box and Gaussian (see
 * filter3.h; the byte min/max filters run their AVX2 rows at this level):
 * 32 pixels a step in 16-bit lanes, the rest by the scalar reference.  Box divides by 9 as
 * (s * 7282) >> 16 (equal to s / 9 for s <= 2295). */
#include "filter3.h"

#include <immintrin.h>

#define W16(p) _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p)))

static inline __m512i hsum(const uint8_t *r, uint32_t x, int two)
{
    __m512i b = W16(r + x);
    if (two) b = _mm512_add_epi16(b, b);
    return _mm512_add_epi16(_mm512_add_epi16(W16(r + x - 1), b), W16(r + x + 1));
}

static inline void store32(uint8_t *d, __m512i v)
{
    _mm256_storeu_si256((__m256i *)(void *)d, _mm512_cvtepi16_epi8(v)); /* lanes are <= 255 */
}

void ovxc_row3_box_avx512(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                          uint32_t xb)
{
    uint32_t x = xa;
    const __m512i m9 = _mm512_set1_epi16(7282);
    /* the last step ends at xb, overlapping the one before (the same
     * values again): no scalar tail when the row holds a step */
    if (xb - xa >= 32)
        for (;; x += 32) {
            if (x + 32 > xb) x = xb - 32;
            __m512i s = _mm512_add_epi16(_mm512_add_epi16(hsum(r0, x, 0), hsum(r1, x, 0)), hsum(r2, x, 0));
            store32(d + x, _mm512_mulhi_epu16(s, m9));
            if (x + 32 >= xb) {
                x = xb;
                break;
            }
        }
    if (x < xb) ovxc_row3_box_scalar(r0, r1, r2, d, x, xb);
}

void ovxc_row3_gauss_avx512(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                            uint32_t xb)
{
    uint32_t x = xa;
    /* the last step ends at xb, overlapping the one before (the same
     * values again): no scalar tail when the row holds a step */
    if (xb - xa >= 32)
        for (;; x += 32) {
            if (x + 32 > xb) x = xb - 32;
            __m512i m = hsum(r1, x, 1);
            __m512i s = _mm512_add_epi16(_mm512_add_epi16(hsum(r0, x, 1), _mm512_add_epi16(m, m)), hsum(r2, x, 1));
            store32(d + x, _mm512_srli_epi16(s, 4));
            if (x + 32 >= xb) {
                x = xb;
                break;
            }
        }
    if (x < xb) ovxc_row3_gauss_scalar(r0, r1, r2, d, x, xb);
}
