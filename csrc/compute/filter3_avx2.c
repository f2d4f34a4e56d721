/* 3x3 U8 filter rows, AVX2 variants (see filter3.h): 32 pixels a step, the
 * rest by the scalar reference.  Box and Gaussian sum in 16-bit lanes; Box
 * divides by 9 as (s * 7282) >> 16 (equal to s / 9 for s <= 2295). */
#include "filter3.h"

#include <immintrin.h>

#define V __m256i
#define LD(p) _mm256_loadu_si256((const V *)(const void *)(p))
#define ST(p, v) _mm256_storeu_si256((V *)(void *)(p), v)
#define W16(p) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p)))

/* (1, w, 1)-weighted sum of 16 pixels of a row at x (w = 1 or 2), 16-bit lanes */
static inline V hsum(const uint8_t *r, uint32_t x, int two)
{
    V b = W16(r + x);
    if (two) b = _mm256_add_epi16(b, b);
    return _mm256_add_epi16(_mm256_add_epi16(W16(r + x - 1), b), W16(r + x + 1));
}

/* 32 results in 16-bit lanes (lo: pixels 0-15, hi: 16-31) to 32 bytes */
static inline void store32(uint8_t *d, V lo, V hi)
{
    ST(d, _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0xD8));
}

/* The column sums r0 + r1 + r2 of 16 pixels at x, 16-bit lanes */
static inline V vsum(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint32_t x)
{
    return _mm256_add_epi16(_mm256_add_epi16(W16(r0 + x), W16(r1 + x)), W16(r2 + x));
}

static void box_row_direct(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                           uint32_t xb);

/* Box: the column sums once per pixel (3 rows), the left and right
 * neighbours' sums from the registers by byte shifts across the blocks
 * (alignr; the block before and after carried along), 32 pixels a step;
 * the rest of the row (under 47 pixels) by box_row_direct.  The same
 * integer sums as the reference. */
void ovxc_row3_box_avx2(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                        uint32_t xb)
{
    uint32_t x = xa;
    const V m9 = _mm256_set1_epi16(7282);
    /* stores aligned to 32 bytes (a store across two cache lines costs two):
     * the head by one unaligned step of box_row_direct (its overlap with the
     * first aligned step computes the same values again) */
    uint32_t x0 = xa + (uint32_t)((32u - ((uintptr_t)(d + xa) & 31u)) & 31u);
    if (x0 > xa && xb - xa >= 32 + 47) {
        box_row_direct(r0, r1, r2, d, xa, xa + 32);
        x = x0;
    }
    /* a step reads the column sums of x + 32 .. x + 47: x + 47 <= xb */
    if (xb - x >= 47) {
        V c0 = vsum(r0, r1, r2, x), c1 = vsum(r0, r1, r2, x + 16);
        V l0 = vsum(r0, r1, r2, x - 1); /* the first block's left sums from memory */
        for (;;) {
            V n = vsum(r0, r1, r2, x + 32);
            V t01 = _mm256_permute2x128_si256(c0, c1, 0x21), t1n = _mm256_permute2x128_si256(c1, n, 0x21);
            V s0 = _mm256_add_epi16(_mm256_add_epi16(l0, c0), _mm256_alignr_epi8(t01, c0, 2));
            V s1 = _mm256_add_epi16(_mm256_add_epi16(_mm256_alignr_epi8(c1, t01, 14), c1), _mm256_alignr_epi8(t1n, c1, 2));
            store32(d + x, _mm256_mulhi_epu16(s0, m9), _mm256_mulhi_epu16(s1, m9)); /* (aligned or not) */
            x += 32;
            if (xb - x < 47) break;
            l0 = _mm256_alignr_epi8(n, t1n, 14);
            c0 = n;
            c1 = vsum(r0, r1, r2, x + 16);
        }
    }
    /* the rest (15 to 46 pixels): a step ending at xb when the row holds
     * one, overlapping the values already stored (the same values again),
     * never the scalar loop (31 pixels of it cost as much as a whole row) */
    if (x < xb) box_row_direct(r0, r1, r2, d, xb - x < 32 && xb - xa >= 32 ? xb - 32 : x, xb);
}

/* Box, each block's 9 rows of sums from memory (the row's rest) */
static void box_row_direct(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                           uint32_t xb)
{
    uint32_t x = xa;
    const V m9 = _mm256_set1_epi16(7282);
    /* the last step ends at xb, overlapping the one before (the same
     * values again): no scalar tail when the row holds a step */
    if (xb - xa >= 32)
        for (;; x += 32) {
            if (x + 32 > xb) x = xb - 32;
            V lo = _mm256_add_epi16(_mm256_add_epi16(hsum(r0, x, 0), hsum(r1, x, 0)), hsum(r2, x, 0));
            V hi = _mm256_add_epi16(_mm256_add_epi16(hsum(r0, x + 16, 0), hsum(r1, x + 16, 0)), hsum(r2, x + 16, 0));
            store32(d + x, _mm256_mulhi_epu16(lo, m9), _mm256_mulhi_epu16(hi, m9));
            if (x + 32 >= xb) {
                x = xb;
                break;
            }
        }
    if (x < xb) ovxc_row3_box_scalar(r0, r1, r2, d, x, xb);
}

void ovxc_row3_gauss_avx2(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                          uint32_t xb)
{
    uint32_t x = xa;
    /* the last step ends at xb, overlapping the one before (the same
     * values again): no scalar tail when the row holds a step */
    if (xb - xa >= 32)
        for (;; x += 32) {
            if (x + 32 > xb) x = xb - 32;
            V m = hsum(r1, x, 1), n = hsum(r1, x + 16, 1);
            V lo = _mm256_add_epi16(_mm256_add_epi16(hsum(r0, x, 1), _mm256_add_epi16(m, m)), hsum(r2, x, 1));
            V hi = _mm256_add_epi16(_mm256_add_epi16(hsum(r0, x + 16, 1), _mm256_add_epi16(n, n)), hsum(r2, x + 16, 1));
            store32(d + x, _mm256_srli_epi16(lo, 4), _mm256_srli_epi16(hi, 4));
            if (x + 32 >= xb) {
                x = xb;
                break;
            }
        }
    if (x < xb) ovxc_row3_gauss_scalar(r0, r1, r2, d, x, xb);
}

#define MIN _mm256_min_epu8
#define MAX _mm256_max_epu8
#define STEP 32
#define SUFFIX avx2
/* the vector one byte left / right: its neighbour's byte shifted in */
#define F3_LEFT(prev, cur) _mm256_alignr_epi8(cur, _mm256_permute2x128_si256(prev, cur, 0x21), 15)
#define F3_RIGHT(cur, next) _mm256_alignr_epi8(_mm256_permute2x128_si256(cur, next, 0x21), cur, 1)
#include "filter3_minmax.inc"

/* ---- NonLinearFilter rows (compute/filter.h), 32 pixels a step ---------- */
#include "filter.h"
#define NL_FN ovxc_nl_row_avx2
#define NL_V __m256i
#define NL_W 32
#define NL_LOAD(ptr) _mm256_loadu_si256((const __m256i *)(const void *)(ptr))
#define NL_STORE(ptr, v) _mm256_storeu_si256((__m256i *)(void *)(ptr), v)
#define NL_MIN _mm256_min_epu8
#define NL_MED3 ovxc_row3_median_avx2
#define NL_MAX _mm256_max_epu8
#include "nl_rows.inc"
