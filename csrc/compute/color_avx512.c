/* The channel rows of compute/color.h built for this ISA (see color_rows.inc). */
#include "color.h"

#include <immintrin.h>
#include <math.h>
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

/* ---- apply_q in float with an exactness check, 16 pixels a step --------------
 * v is estimated in float; its error is below M 2^-21 (M bounds the terms'
 * magnitudes: six roundings of at most M 2^-24 each, plus the coefficients'
 * own), so floor(v + 1e-4) is the float floor unless the estimate lies within
 * that distance of an integer; a group of 16 with any such lane is done again
 * by the double path (the reference's own arithmetic).  Same bytes. */
typedef struct {
    __m512 a[3][3], b[3];
    __m512 eps, one_m_eps;
    int ok;
} cc_fast;

static void cc_fast_init(cc_fast *f, const double m[3][4])
{
    double mag = 0;
    int c, i;
    for (c = 0; c < 3; c++) {
        double mc = fabs(m[c][3] + 1e-4);
        for (i = 0; i < 3; i++) {
            f->a[c][i] = _mm512_set1_ps((float)m[c][i]);
            mc += fabs(m[c][i]) * 255.0;
        }
        f->b[c] = _mm512_set1_ps((float)(m[c][3] + 1e-4));
        if (mc > mag) mag = mc;
    }
    mag = mag * (1.0 / 2097152.0) + 1e-9; /* M 2^-21, and the reference's double error */
    f->ok = mag < 0.01;
    f->eps = _mm512_set1_ps((float)mag);
    f->one_m_eps = _mm512_set1_ps((float)(1.0 - mag));
}

static void cc_apply_q_fast(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0, uint8_t *o1,
                            uint8_t *o2, size_t n, const double m[3][4])
{
    cc_fast f;
    size_t x = 0;
    uint8_t *o[3] = {o0, o1, o2};
    cc_fast_init(&f, m);
    if (f.ok) {
        for (; x + 16 <= n; x += 16) {
            __m512 va = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(a + x))));
            __m512 vb = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(b + x))));
            __m512 vc = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(c + x))));
            __m128i q[3];
            __mmask16 unsure = 0;
            int ch;
            for (ch = 0; ch < 3; ch++) {
                __m512 v = _mm512_add_ps(_mm512_mul_ps(f.a[ch][0], va), _mm512_mul_ps(f.a[ch][1], vb));
                __m512 fl, fr;
                v = _mm512_add_ps(_mm512_add_ps(v, _mm512_mul_ps(f.a[ch][2], vc)), f.b[ch]);
                fl = _mm512_roundscale_ps(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
                fr = _mm512_sub_ps(v, fl);
                unsure |= _mm512_cmp_ps_mask(fr, f.eps, _CMP_LT_OQ) | _mm512_cmp_ps_mask(fr, f.one_m_eps, _CMP_GT_OQ);
                fl = _mm512_min_ps(_mm512_max_ps(fl, _mm512_setzero_ps()), _mm512_set1_ps(255.0f));
                q[ch] = _mm512_cvtepi32_epi8(_mm512_cvttps_epi32(fl));
            }
            if (unsure) {
                cc_apply_q(a + x, b + x, c + x, o0 + x, o1 + x, o2 + x, 16, m);
            } else {
                for (ch = 0; ch < 3; ch++) _mm_storeu_si128((__m128i *)(void *)(o[ch] + x), q[ch]);
            }
        }
    }
    if (x < n) cc_apply_q(a + x, b + x, c + x, o0 + x, o1 + x, o2 + x, n - x, m);
}

const ovxc_cc_kit *ovxc_cc_kit_avx512(void)
{
    static const ovxc_cc_kit kit = {cc_apply_q_fast,     cc_apply_d,          cc_quant_row,        cc_mean,
                                    ovxc_interleave3_avx512, ovxc_interleave4_avx512, ovxc_pick3_avx512,
                                    ovxc_pick4_avx512, ovxc_dup2_avx512, ovxc_pick2_avx512,
                                    ovxc_split3_avx512};
    return &kit;
}
