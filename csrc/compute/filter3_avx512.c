/* 3x3 U8 filter rows, AVX-512 (F+BW) variants of Box and Gaussian (see
 * filter3.h; the byte min/max filters run their AVX2 rows at this level):
 * 32 pixels a step in 16-bit lanes (rows of 64 or more: 64, below), the rest by the scalar reference.  Box divides by 9 as
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

/* Box, 64 pixels a step with no byte shuffles (the widening loads above are
 * port-5 shuffles; they bound the 32-pixel step): the even and odd pixels
 * apart in 16-bit lanes.  With L = the 64 bytes at x, Lm at x - 1 and Lp at
 * x + 1, lane k of maddubs(L, 1) is p[x+2k] + p[x+2k+1], the low byte of Lm's
 * lane is p[x+2k-1] and the high byte of Lp's is p[x+2k+2]: even pixel
 * x+2k sums the first two, odd pixel x+2k+1 the first and third, over the
 * three rows.  The quotients (<= 255) go back as even | odd << 8. */
static inline __m512i box64(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint32_t x)
{
    const __m512i one = _mm512_set1_epi8(1), lowb = _mm512_set1_epi16(0xFF), m9 = _mm512_set1_epi16(7282);
#define LD(r, o) _mm512_loadu_si512((const void *)((r) + x + (o)))
    __m512i pair = _mm512_add_epi16(_mm512_add_epi16(_mm512_maddubs_epi16(LD(r0, 0), one), _mm512_maddubs_epi16(LD(r1, 0), one)),
                                    _mm512_maddubs_epi16(LD(r2, 0), one));
    __m512i left = _mm512_add_epi16(_mm512_add_epi16(_mm512_and_si512(LD(r0, -1), lowb), _mm512_and_si512(LD(r1, -1), lowb)),
                                    _mm512_and_si512(LD(r2, -1), lowb));
    __m512i right = _mm512_add_epi16(_mm512_add_epi16(_mm512_srli_epi16(LD(r0, 1), 8), _mm512_srli_epi16(LD(r1, 1), 8)),
                                     _mm512_srli_epi16(LD(r2, 1), 8));
#undef LD
    __m512i even = _mm512_mulhi_epu16(_mm512_add_epi16(pair, left), m9);
    __m512i odd = _mm512_mulhi_epu16(_mm512_add_epi16(pair, right), m9);
    return _mm512_or_si512(even, _mm512_slli_epi16(odd, 8));
}

void ovxc_row3_box_avx512(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                          uint32_t xb)
{
    uint32_t x = xa;
    const __m512i m9 = _mm512_set1_epi16(7282);
    if (xb - xa >= 64) {
        /* the last step ends at xb, overlapping the one before */
        for (;; x += 64) {
            if (x + 64 > xb) x = xb - 64;
            _mm512_storeu_si512((void *)(d + x), box64(r0, r1, r2, x));
            if (x + 64 >= xb) return;
        }
    }
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

/* Gaussian, 64 pixels a step the same way: per row, the even pixel x+2k
 * takes p[x+2k-1] + 2 p[x+2k] (maddubs of Lm with (1, 2)) + p[x+2k+1] (the
 * high byte of L's lane), the odd one p[x+2k] + 2 p[x+2k+1] (maddubs of L)
 * + p[x+2k+2] (the high byte of Lp's lane); rows weighted 1 2 1; >> 4
 * (the sums are <= 16 * 255). */
static inline __m512i gauss64(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint32_t x)
{
    const __m512i w12 = _mm512_set1_epi16(0x0201);
#define LD(r, o) _mm512_loadu_si512((const void *)((r) + x + (o)))
#define EVEN(r) _mm512_add_epi16(_mm512_maddubs_epi16(LD(r, -1), w12), _mm512_srli_epi16(LD(r, 0), 8))
#define ODD(r) _mm512_add_epi16(_mm512_maddubs_epi16(LD(r, 0), w12), _mm512_srli_epi16(LD(r, 1), 8))
    __m512i e1 = EVEN(r1), o1 = ODD(r1);
    __m512i even = _mm512_add_epi16(_mm512_add_epi16(EVEN(r0), EVEN(r2)), _mm512_add_epi16(e1, e1));
    __m512i odd = _mm512_add_epi16(_mm512_add_epi16(ODD(r0), ODD(r2)), _mm512_add_epi16(o1, o1));
#undef EVEN
#undef ODD
#undef LD
    /* even >> 4 in the low byte, (odd >> 4) << 8 = (odd << 4) with the low byte cleared */
    return _mm512_or_si512(_mm512_srli_epi16(even, 4),
                           _mm512_and_si512(_mm512_slli_epi16(odd, 4), _mm512_set1_epi16((short)0xFF00)));
}

void ovxc_row3_gauss_avx512(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                            uint32_t xb)
{
    uint32_t x = xa;
    if (xb - xa >= 64) {
        /* the last step ends at xb, overlapping the one before */
        for (;; x += 64) {
            if (x + 64 > xb) x = xb - 64;
            _mm512_storeu_si512((void *)(d + x), gauss64(r0, r1, r2, x));
            if (x + 64 >= xb) return;
        }
    }
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

/* NonLinearFilter rows (nl_rows.inc) with 64 bytes a vector; the 3x3 box
 * median by the AVX2 Median3x3 row (this level's CPUs have AVX2). */
#define NL_FN ovxc_nl_row_avx512
#define NL_V __m512i
#define NL_W 64
#define NL_LOAD(ptr) _mm512_loadu_si512((const void *)(ptr))
#define NL_STORE(ptr, v) _mm512_storeu_si512((void *)(ptr), v)
#define NL_MIN _mm512_min_epu8
#define NL_MAX _mm512_max_epu8
#define NL_MED3 ovxc_row3_median_avx2
#include "nl_rows.inc"
