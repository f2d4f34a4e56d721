/* The channel rows of compute/color.h built for this ISA (see color_rows.inc). */
#include "color.h"

#include <immintrin.h>
#include <string.h>

#define FLOOR256(v) _mm256_round_pd(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
static inline int cc_load32(const uint8_t *p)
{
    int w;
    memcpy(&w, p, 4);
    return w;
}
/* 4 int32 lanes (0..255) to 4 bytes */
static inline void STORE4(uint8_t *p, __m128i v)
{
    int w = _mm_cvtsi128_si32(_mm_packus_epi16(_mm_packs_epi32(v, v), v));
    memcpy(p, &w, 4);
}

#define COLOR_FN(name) name##_avx2
#include "color_rows.inc"

/* ---- ColorConvert rows (see color.h): the reference's double arithmetic,
 * 4 pixels a step, the same operations in the same order ------------- */

static inline void cc_load(const uint8_t *p, __m256d *lo)
{
    *lo = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128(cc_load32(p))));
}

static inline __m256d cc_chan(const double m[4], __m256d a, __m256d b, __m256d c)
{
    __m256d v = _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(m[0]), a), _mm256_mul_pd(_mm256_set1_pd(m[1]), b));
    return _mm256_add_pd(_mm256_add_pd(v, _mm256_mul_pd(_mm256_set1_pd(m[2]), c)), _mm256_set1_pd(m[3]));
}

/* floor(v + 1e-4) clamped to [0, 255], as int32 lanes */
static inline __m128i cc_quant(__m256d v)
{
    __m256d f = FLOOR256(_mm256_add_pd(v, _mm256_set1_pd(1e-4)));
    f = _mm256_min_pd(_mm256_max_pd(f, _mm256_set1_pd(0.0)), _mm256_set1_pd(255.0));
    return _mm256_cvttpd_epi32(f);
}

static void cc_apply_q(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0, uint8_t *o1, uint8_t *o2,
                       size_t n, const double m[3][4])
{
    size_t x = 0;
    for (; x + 4 <= n; x += 4) {
        __m256d va, vb, vc;
        cc_load(a + x, &va);
        cc_load(b + x, &vb);
        cc_load(c + x, &vc);
        STORE4(o0 + x, cc_quant(cc_chan(m[0], va, vb, vc)));
        STORE4(o1 + x, cc_quant(cc_chan(m[1], va, vb, vc)));
        STORE4(o2 + x, cc_quant(cc_chan(m[2], va, vb, vc)));
    }
    if (x < n) ovxc_cc_kit_scalar()->apply_q(a + x, b + x, c + x, o0 + x, o1 + x, o2 + x, n - x, m);
}

static void cc_apply_d(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0, double *d1, double *d2,
                       size_t n, const double m[3][4])
{
    size_t x = 0;
    for (; x + 4 <= n; x += 4) {
        __m256d va, vb, vc;
        cc_load(a + x, &va);
        cc_load(b + x, &vb);
        cc_load(c + x, &vc);
        STORE4(o0 + x, cc_quant(cc_chan(m[0], va, vb, vc)));
        _mm256_storeu_pd(d1 + x, cc_chan(m[1], va, vb, vc));
        _mm256_storeu_pd(d2 + x, cc_chan(m[2], va, vb, vc));
    }
    if (x < n) ovxc_cc_kit_scalar()->apply_d(a + x, b + x, c + x, o0 + x, d1 + x, d2 + x, n - x, m);
}

static void cc_quant_row(const double *d, uint8_t *o, size_t n)
{
    size_t x = 0;
    for (; x + 4 <= n; x += 4) STORE4(o + x, cc_quant(_mm256_loadu_pd(d + x)));
    if (x < n) ovxc_cc_kit_scalar()->quant(d + x, o + x, n - x);
}


/* the means of full 2x2 (or 2x1) blocks, 4 a step: even and odd lanes apart,
 * then ((r0 even + r0 odd) + r1 even) + r1 odd, over 4 (or 2) */
static inline __m256d cc_evens(__m256d a, __m256d b)
{
    return _mm256_permute4x64_pd(_mm256_unpacklo_pd(a, b), 0xD8);
}
static inline __m256d cc_odds(__m256d a, __m256d b)
{
    return _mm256_permute4x64_pd(_mm256_unpackhi_pd(a, b), 0xD8);
}
static void cc_mean(const double *r0, const double *r1, double *o, size_t m, size_t px)
{
    const __m256d div = _mm256_set1_pd(r1 ? 4.0 : 2.0);
    size_t i = 0;
    for (; i + 4 <= m && 2 * i + 8 <= px; i += 4) {
        __m256d a = _mm256_loadu_pd(r0 + 2 * i), b = _mm256_loadu_pd(r0 + 2 * i + 4);
        __m256d s = _mm256_add_pd(cc_evens(a, b), cc_odds(a, b));
        if (r1) {
            __m256d c = _mm256_loadu_pd(r1 + 2 * i), d = _mm256_loadu_pd(r1 + 2 * i + 4);
            s = _mm256_add_pd(_mm256_add_pd(s, cc_evens(c, d)), cc_odds(c, d));
        }
        _mm256_storeu_pd(o + i, _mm256_div_pd(s, div));
    }
    if (i < m) ovxc_cc_kit_scalar()->mean(r0 + 2 * i, r1 ? r1 + 2 * i : NULL, o + i, m - i, px - 2 * i);
}

const ovxc_cc_kit *ovxc_cc_kit_avx2(void)
{
    static const ovxc_cc_kit kit = {cc_apply_q,          cc_apply_d,          cc_quant_row,        cc_mean,
                                    ovxc_interleave3_avx2, ovxc_interleave4_avx2, ovxc_pick3_avx2,
                                    ovxc_pick4_avx2, ovxc_dup2_avx2, ovxc_pick2_avx2,
                                    ovxc_split3_avx2};
    return &kit;
}
