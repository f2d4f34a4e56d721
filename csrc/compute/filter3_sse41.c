/* 3x3 U8 filter rows, SSE4.1 variants (see filter3.h): 16 pixels a step, the
 * rest by the scalar reference.  Box and Gaussian sum in 16-bit lanes (at
 * most 9 * 255 and 16 * 255); Box divides by 9 as (s * 7282) >> 16, which
 * equals s / 9 for every s <= 2295 (cts/simd/test_filter3.c checks all). */
#include "filter3.h"

#include <smmintrin.h>

#define V __m128i
#define LD(p) _mm_loadu_si128((const V *)(const void *)(p))
#define ST(p, v) _mm_storeu_si128((V *)(void *)(p), v)

/* the 16 pixels at p widened to two vectors of 8 16-bit lanes */
#define WIDEN(p, lo, hi)                                                                                       \
    do {                                                                                                       \
        V t_ = LD(p);                                                                                          \
        lo = _mm_cvtepu8_epi16(t_);                                                                            \
        hi = _mm_unpackhi_epi8(t_, _mm_setzero_si128());                                                       \
    } while (0)

/* sum of a row's three neighbours with weights (1, w, 1), w = 1 or 2 */
#define HSUM(r, x, lo, hi, two)                                                                                \
    do {                                                                                                       \
        V a0, a1, b0, b1, c0, c1;                                                                              \
        WIDEN(r + x - 1, a0, a1);                                                                              \
        WIDEN(r + x, b0, b1);                                                                                  \
        WIDEN(r + x + 1, c0, c1);                                                                              \
        if (two) {                                                                                             \
            b0 = _mm_add_epi16(b0, b0);                                                                        \
            b1 = _mm_add_epi16(b1, b1);                                                                        \
        }                                                                                                      \
        lo = _mm_add_epi16(_mm_add_epi16(a0, b0), c0);                                                         \
        hi = _mm_add_epi16(_mm_add_epi16(a1, b1), c1);                                                         \
    } while (0)

void ovxc_row3_box_sse41(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                         uint32_t xb)
{
    uint32_t x = xa;
    const V m9 = _mm_set1_epi16(7282);
    /* the last step ends at xb, overlapping the one before (the same
     * values again): no scalar tail when the row holds a step */
    if (xb - xa >= 16)
        for (;; x += 16) {
            if (x + 16 > xb) x = xb - 16;
            V l0, h0, l1, h1, l2, h2, lo, hi;
            HSUM(r0, x, l0, h0, 0);
            HSUM(r1, x, l1, h1, 0);
            HSUM(r2, x, l2, h2, 0);
            lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_add_epi16(l0, l1), l2), m9);
            hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_add_epi16(h0, h1), h2), m9);
            ST(d + x, _mm_packus_epi16(lo, hi));
            if (x + 16 >= xb) {
                x = xb;
                break;
            }
        }
    if (x < xb) ovxc_row3_box_scalar(r0, r1, r2, d, x, xb);
}

void ovxc_row3_gauss_sse41(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                           uint32_t xb)
{
    uint32_t x = xa;
    /* the last step ends at xb, overlapping the one before (the same
     * values again): no scalar tail when the row holds a step */
    if (xb - xa >= 16)
        for (;; x += 16) {
            if (x + 16 > xb) x = xb - 16;
            V l0, h0, l1, h1, l2, h2, lo, hi;
            HSUM(r0, x, l0, h0, 1);
            HSUM(r1, x, l1, h1, 1);
            HSUM(r2, x, l2, h2, 1);
            lo = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(l0, _mm_add_epi16(l1, l1)), l2), 4);
            hi = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(h0, _mm_add_epi16(h1, h1)), h2), 4);
            ST(d + x, _mm_packus_epi16(lo, hi));
            if (x + 16 >= xb) {
                x = xb;
                break;
            }
        }
    if (x < xb) ovxc_row3_gauss_scalar(r0, r1, r2, d, x, xb);
}

#define MIN _mm_min_epu8
#define MAX _mm_max_epu8
#define STEP 16
#define SUFFIX sse41
/* the vector one byte left / right: its neighbour's byte shifted in */
#define F3_LEFT(prev, cur) _mm_alignr_epi8(cur, prev, 15)
#define F3_RIGHT(cur, next) _mm_alignr_epi8(next, cur, 1)
#include "filter3_minmax.inc"

/* ---- NonLinearFilter rows (compute/filter.h), 16 pixels a step ---------- */
#include "filter.h"
#define NL_FN ovxc_nl_row_sse41
#define NL_V __m128i
#define NL_W 16
#define NL_LOAD(ptr) _mm_loadu_si128((const __m128i *)(const void *)(ptr))
#define NL_STORE(ptr, v) _mm_storeu_si128((__m128i *)(void *)(ptr), v)
#define NL_MIN _mm_min_epu8
#define NL_MED3 ovxc_row3_median_sse41
#define NL_MAX _mm_max_epu8
#include "nl_rows.inc"
