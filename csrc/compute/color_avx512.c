/* The channel rows of compute/color.h built for this ISA (see color_rows.inc). */
#include "color.h"

#include <immintrin.h>
#include <string.h>

#define FLOOR512(v) _mm512_roundscale_pd(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
/* 8 int32 lanes (0..255) to 8 bytes */
#define STORE8(p, v) _mm_storel_epi64((__m128i *)(void *)(p), _mm256_cvtepi32_epi8(v))

#define COLOR_FN(name) name##_avx512
#include "color_rows.inc"

/* ---- ColorConvert rows (see color.h): the reference's double arithmetic,
 * 8 pixels a step, the same operations in the same order ------------- */

static inline void cc_load(const uint8_t *p, __m512d *lo)
{
    *lo = _mm512_cvtepi32_pd(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)p)));
}

static inline __m512d cc_chan(const double m[4], __m512d a, __m512d b, __m512d c)
{
    __m512d v = _mm512_add_pd(_mm512_mul_pd(_mm512_set1_pd(m[0]), a), _mm512_mul_pd(_mm512_set1_pd(m[1]), b));
    return _mm512_add_pd(_mm512_add_pd(v, _mm512_mul_pd(_mm512_set1_pd(m[2]), c)), _mm512_set1_pd(m[3]));
}

/* floor(v + 1e-4) clamped to [0, 255], as int32 lanes */
static inline __m256i cc_quant(__m512d v)
{
    __m512d f = FLOOR512(_mm512_add_pd(v, _mm512_set1_pd(1e-4)));
    f = _mm512_min_pd(_mm512_max_pd(f, _mm512_set1_pd(0.0)), _mm512_set1_pd(255.0));
    return _mm512_cvttpd_epi32(f);
}

static void cc_apply_q(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0, uint8_t *o1, uint8_t *o2,
                       size_t n, const double m[3][4])
{
    size_t x = 0;
    for (; x + 8 <= n; x += 8) {
        __m512d va, vb, vc;
        cc_load(a + x, &va);
        cc_load(b + x, &vb);
        cc_load(c + x, &vc);
        STORE8(o0 + x, cc_quant(cc_chan(m[0], va, vb, vc)));
        STORE8(o1 + x, cc_quant(cc_chan(m[1], va, vb, vc)));
        STORE8(o2 + x, cc_quant(cc_chan(m[2], va, vb, vc)));
    }
    if (x < n) ovxc_cc_kit_scalar()->apply_q(a + x, b + x, c + x, o0 + x, o1 + x, o2 + x, n - x, m);
}

static void cc_apply_d(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0, double *d1, double *d2,
                       size_t n, const double m[3][4])
{
    size_t x = 0;
    for (; x + 8 <= n; x += 8) {
        __m512d va, vb, vc;
        cc_load(a + x, &va);
        cc_load(b + x, &vb);
        cc_load(c + x, &vc);
        STORE8(o0 + x, cc_quant(cc_chan(m[0], va, vb, vc)));
        _mm512_storeu_pd(d1 + x, cc_chan(m[1], va, vb, vc));
        _mm512_storeu_pd(d2 + x, cc_chan(m[2], va, vb, vc));
    }
    if (x < n) ovxc_cc_kit_scalar()->apply_d(a + x, b + x, c + x, o0 + x, d1 + x, d2 + x, n - x, m);
}

static void cc_quant_row(const double *d, uint8_t *o, size_t n)
{
    size_t x = 0;
    for (; x + 8 <= n; x += 8) STORE8(o + x, cc_quant(_mm512_loadu_pd(d + x)));
    if (x < n) ovxc_cc_kit_scalar()->quant(d + x, o + x, n - x);
}


/* the means of full 2x2 (or 2x1) blocks, 8 a step: even and odd lanes apart,
 * then ((r0 even + r0 odd) + r1 even) + r1 odd, over 4 (or 2) */
static void cc_mean(const double *r0, const double *r1, double *o, size_t m, size_t px)
{
    const __m512i ev = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), od = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
    const __m512d div = _mm512_set1_pd(r1 ? 4.0 : 2.0);
    size_t i = 0;
    for (; i + 8 <= m && 2 * i + 16 <= px; i += 8) {
        __m512d a = _mm512_loadu_pd(r0 + 2 * i), b = _mm512_loadu_pd(r0 + 2 * i + 8);
        __m512d s = _mm512_add_pd(_mm512_permutex2var_pd(a, ev, b), _mm512_permutex2var_pd(a, od, b));
        if (r1) {
            __m512d c = _mm512_loadu_pd(r1 + 2 * i), d = _mm512_loadu_pd(r1 + 2 * i + 8);
            s = _mm512_add_pd(_mm512_add_pd(s, _mm512_permutex2var_pd(c, ev, d)), _mm512_permutex2var_pd(c, od, d));
        }
        _mm512_storeu_pd(o + i, _mm512_div_pd(s, div));
    }
    if (i < m) ovxc_cc_kit_scalar()->mean(r0 + 2 * i, r1 ? r1 + 2 * i : NULL, o + i, m - i, px - 2 * i);
}

const ovxc_cc_kit *ovxc_cc_kit_avx512(void)
{
    static const ovxc_cc_kit kit = {cc_apply_q,          cc_apply_d,          cc_quant_row,        cc_mean,
                                    ovxc_interleave3_avx512, ovxc_interleave4_avx512, ovxc_pick3_avx512,
                                    ovxc_pick4_avx512};
    return &kit;
}
