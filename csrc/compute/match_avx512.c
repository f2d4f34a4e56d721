/*
 * Template matching, AVX-512 with VNNI (see match.h; bit-exact with the
 * scalar ovxc_match_template_u8).  Built with the avx512vnni flags
 * (csrc/meson.build) and picked only when the CPU has AVX512_VNNI
 * (kernels/imgext.c's select hook).
 *
 * The sums of products S T (CCORR, CCORR_NORM; L2 and L2_NORM as
 * sum S^2 - 2 sum S T + sum T^2, exact modulo 2^32 and below it) by
 * vpdpbusd, 64 products an instruction: the unsigned operand is four
 * template bytes T[j][4g .. 4g + 3] broadcast (zeros past the template's
 * width), the signed one a "quad" per output column x, the source bytes
 * S[x + 4g .. x + 4g + 3] less 128 as int8.  So each lane adds
 * sum (S - 128) T, and the window's sum S T is that plus 128 sum T, a
 * constant: every partial sum is an exact integer (|sum (S - 128) T| <=
 * 128 * 255 * 65535 < 2^31, the lanes do not saturate), the result exact
 * modulo 2^32 and below it.
 * - The quads of a source row are made once per strip of output columns
 *   (a vpermd and a vpshufb per 16 columns, from a copy of the row padded
 *   with zeros: the padding only meets template zeros or output columns
 *   past the strip) into a ring of th rows, reused by the th output rows
 *   that read the row.
 * - An output row: 64 columns a step in 8 accumulators (two per 16 columns,
 *   the template's quads alternating between them: the vpdpbusd chains'
 *   latency), every template row's quads in turn.
 * - sum S^2 over the window (the norms and L2): column sums of squares slid
 *   down the rows of the strip, then along the row, as the AVX2 variant.
 * - The S16 conversion: the AVX2 variant's IEEE double operations in the
 *   same order, 8 lanes at a time.
 * The ring and the template's quads live on the stack: templates whose th
 * rows of quads for 64 columns do not fit it (about 64x64 pixels and up),
 * and the metrics L1 and HAMMING, take the AVX2 variant.
 */
#include "imgext.h"
#include "match.h"

#include <immintrin.h>
#include <math.h>
#include <string.h>

#define M5_QWORDS 10240 /* the ring of quad rows: th * wq dwords at most */
#define M5_TWORDS 2048  /* the template's quads: th * G at most */
#define M5_STRIP 1024   /* output columns of a strip at most */
#define M5_TW_MAX 256   /* wider templates: the AVX2 variant */
#define M5_COLS (M5_STRIP + M5_TW_MAX + 64)
/* the quads a row holds past its strip's columns (rounded up to 16 output columns) for a template of
 * G quads a row: make_quads writes 16 at a time */
#define M5_PAD(G) ((4 * (G) + 15) & ~15u)

#if defined(__AVX512F__)
static inline __m512d floor_pd8(__m512d v)
{
    return _mm512_roundscale_pd(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
}
#else /* the emulated build (cts/meson.build): lane by lane (SIMDe's roundscale misreads its immediate) */
static inline __m512d floor_pd8(__m512d v)
{
    double d[8];
    _mm512_storeu_pd(d, v);
    for (int i = 0; i < 8; i++) d[i] = floor(d[i]);
    return _mm512_loadu_pd(d);
}
#endif

/* The quads of padded row b (see above) for columns [0, wq), wq a multiple
 * of 16; b is readable up to wq + 64. */
static void make_quads(const uint8_t *b, uint32_t wq, int32_t *q)
{
    /* lane L of 128 bits: dwords L, L + 1 of the 64 bytes at k; then the
     * bytes 0..3, 1..4, 2..5, 3..6 of those 8 */
    const __m512i idx = _mm512_set_epi32(0, 0, 4, 3, 0, 0, 3, 2, 0, 0, 2, 1, 0, 0, 1, 0);
    const __m512i pat = _mm512_broadcast_i32x4(_mm_set_epi8(6, 5, 4, 3, 5, 4, 3, 2, 4, 3, 2, 1, 3, 2, 1, 0));
    const __m512i bias = _mm512_set1_epi8((char)0x80);
    for (uint32_t k = 0; k < wq; k += 16) {
        __m512i v = _mm512_xor_si512(_mm512_loadu_si512((const void *)(b + k)), bias);
        _mm512_storeu_si512((void *)(q + k), _mm512_shuffle_epi8(_mm512_permutexvar_epi32(idx, v), pat));
    }
}

/* col[k] += or -= s[k]^2 for k < wb (wrapping 32-bit arithmetic). */
static void col_squares(const uint8_t *s, uint32_t wb, int sub, uint32_t *col)
{
    uint32_t k = 0;
    for (; k + 16 <= wb; k += 16) {
        __m512i v = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(s + k)));
        __m512i c = _mm512_loadu_si512((const void *)(col + k));
        v = _mm512_mullo_epi32(v, v);
        _mm512_storeu_si512((void *)(col + k), sub ? _mm512_sub_epi32(c, v) : _mm512_add_epi32(c, v));
    }
    for (; k < wb; k++) col[k] = sub ? col[k] - (uint32_t)s[k] * s[k] : col[k] + (uint32_t)s[k] * s[k];
}

static inline __m512d u32_to_pd(__m256i v)
{
    return _mm512_add_pd(_mm512_cvtepi32_pd(_mm256_xor_si256(v, _mm256_set1_epi32(INT32_MIN))),
                         _mm512_set1_pd(2147483648.0));
}

/* The S16 values of 16 outputs (the AVX2 variant's finish8, 8 lanes at a
 * time). */
static inline __m256i finish16(const uint32_t *num, const uint32_t *si2, int norm, uint32_t n, double sqst2,
                               double inv_sqst2)
{
    __m512i v = _mm512_loadu_si512((const void *)num);
    __m256i r[2];
    if (!norm) { /* min((num + n/2) / n, 32767), num + n/2 first capped at 32768 n (< 2^31) */
        __m512d dn = _mm512_set1_pd((double)n);
        v = _mm512_add_epi32(v, _mm512_set1_epi32((int)(n / 2)));
        v = _mm512_min_epu32(v, _mm512_set1_epi32((int)(32768u * n)));
        for (int h = 0; h < 2; h++) {
            __m256i part = h ? _mm512_extracti64x4_epi64(v, 1) : _mm512_castsi512_si256(v);
            __m512d q = floor_pd8(_mm512_div_pd(_mm512_cvtepi32_pd(part), dn));
            r[h] = _mm256_min_epi32(_mm512_cvttpd_epi32(q), _mm256_set1_epi32(32767));
        }
    } else {
        __m512i s = _mm512_loadu_si512((const void *)si2);
        for (int h = 0; h < 2; h++) {
            __m256i pn = h ? _mm512_extracti64x4_epi64(v, 1) : _mm512_castsi512_si256(v);
            __m256i ps = h ? _mm512_extracti64x4_epi64(s, 1) : _mm512_castsi512_si256(s);
            __m512d dn = u32_to_pd(pn), ds = u32_to_pd(ps), a = _mm512_mul_pd(dn, _mm512_set1_pd(32768.0)), q;
            __mmask8 zero = _mm512_cmp_pd_mask(dn, _mm512_setzero_pd(), _CMP_EQ_OQ), exact;
            /* q' = a / (sqrt(st2) sqrt(si2)) by an estimate of 1 / sqrt(si2) (relative error < 2^-14)
             * and a Newton step: within 2^-26 |q'| of the exact operations' q (relative errors 2^-27
             * and 3 2^-53).  floor(q' + 1/2 -+ e), e = 2^-24 |q'| + 2^-20, agree (or reach 32767):
             * that is floor(q + 1/2) capped; else (one lane in a few hundred) the exact operations. */
            __m512d r0 = _mm512_rsqrt14_pd(ds);
            __m512d r1 = _mm512_mul_pd(r0, _mm512_fnmadd_pd(_mm512_mul_pd(_mm512_mul_pd(ds, _mm512_set1_pd(0.5)), r0),
                                                            r0, _mm512_set1_pd(1.5)));
            __m512d qa = _mm512_mul_pd(_mm512_mul_pd(a, r1), _mm512_set1_pd(inv_sqst2));
            __m512d f = _mm512_add_pd(qa, _mm512_set1_pd(0.5));
            __m512d e = _mm512_fmadd_pd(qa, _mm512_set1_pd(0x1p-24), _mm512_set1_pd(0x1p-20));
            __m512d lo = floor_pd8(_mm512_sub_pd(f, e)), hi = floor_pd8(_mm512_add_pd(f, e));
            exact = _mm512_cmp_pd_mask(lo, hi, _CMP_NEQ_UQ) & _mm512_cmp_pd_mask(lo, _mm512_set1_pd(32767.0), _CMP_LT_OQ);
            exact |= _mm512_cmp_pd_mask(ds, _mm512_setzero_pd(), _CMP_EQ_OQ); /* sum S^2 0: 0 / 0 or inf */
            q = lo;
            if ((exact & ~zero) || inv_sqst2 == 0.0) { /* the exact operations (the AVX2 variant's) */
                __m512d den = _mm512_mul_pd(_mm512_set1_pd(sqst2), _mm512_sqrt_pd(ds));
                __m512d qe = floor_pd8(_mm512_add_pd(_mm512_div_pd(a, den), _mm512_set1_pd(0.5)));
                q = inv_sqst2 == 0.0 ? qe : _mm512_mask_mov_pd(q, exact, qe);
            }
            q = _mm512_min_pd(q, _mm512_set1_pd(32767.0)); /* NaN (0 / 0) and inf give 32767 */
            q = _mm512_mask_mov_pd(q, zero, _mm512_setzero_pd()); /* num 0: 0 */
            r[h] = _mm512_cvttpd_epi32(q);
        }
    }
    return _mm512_cvtsepi32_epi16(_mm512_inserti64x4(_mm512_castsi256_si512(r[0]), r[1], 1));
}

/* acc[x .. x + 16 * NB) = the sums (S - 128) T over the window of output
 * column x: rows[j] the quads of the window's row j, t4[j * G + g] the
 * template's quads. */
#define M5_MAC(NB)                                                                                              \
    static inline void mac##NB(const int32_t *const *rows, const int32_t *t4, uint32_t th, uint32_t G,            \
                               uint32_t x, int32_t *acc)                                                        \
    {                                                                                                           \
        __m512i a[NB], b[NB];                                                                                   \
        for (int k = 0; k < NB; k++) a[k] = b[k] = _mm512_setzero_si512();                                     \
        for (uint32_t j = 0; j < th; j++) {                                                                     \
            const int32_t *q = rows[j] + x, *t = t4 + (size_t)j * G;                                            \
            uint32_t g = 0;                                                                                     \
            for (; g + 2 <= G; g += 2) {                                                                        \
                const __m512i t0 = _mm512_set1_epi32(t[g]), t1 = _mm512_set1_epi32(t[g + 1]);                 \
                for (int k = 0; k < NB; k++) {                                                                  \
                    a[k] = _mm512_dpbusd_epi32(a[k], t0, _mm512_loadu_si512((const void *)(q + 4 * g + 16 * k))); \
                    b[k] = _mm512_dpbusd_epi32(b[k], t1,                                                        \
                                               _mm512_loadu_si512((const void *)(q + 4 * g + 4 + 16 * k)));     \
                }                                                                                               \
            }                                                                                                   \
            if (g < G) {                                                                                        \
                const __m512i t0 = _mm512_set1_epi32(t[g]);                                                     \
                for (int k = 0; k < NB; k++)                                                                    \
                    a[k] = _mm512_dpbusd_epi32(a[k], t0, _mm512_loadu_si512((const void *)(q + 4 * g + 16 * k))); \
            }                                                                                                   \
        }                                                                                                       \
        for (int k = 0; k < NB; k++)                                                                            \
            _mm512_storeu_si512((void *)(acc + x + 16 * k), _mm512_add_epi32(a[k], b[k]));                     \
    }
M5_MAC(4)
M5_MAC(1)

/* Whether the variant takes this template (else the AVX2 one does). */
static int fits(int metric, uint32_t tw, uint32_t th)
{
    uint32_t G = (tw + 3) / 4;
    return metric >= OVXC_MT_L2 && metric <= OVXC_MT_CCORR_NORM && tw >= 1 && th >= 1 && tw <= M5_TW_MAX &&
           (uint64_t)tw * th <= 65535u && (uint64_t)th * G <= M5_TWORDS &&
           (uint64_t)th * (64 + M5_PAD(G)) <= M5_QWORDS;
}

/* The variant for the templates it takes (fits), its buffers on the stack
 * (not while the AVX2 variant runs: ovxc_match_template_u8_avx512 calls one
 * or the other). */
static __attribute__((noinline)) void match_vnni(int metric, const uint8_t *src, int32_t ss, const uint8_t *tpl,
                                                 int32_t ts, uint32_t tw, uint32_t th, int16_t *dst, int32_t ds,
                                                 uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
    int32_t ring[M5_QWORDS], t4[M5_TWORDS];
    uint32_t acc[M5_STRIP + 64], col[M5_COLS], si2[M5_STRIP + 64];
    uint8_t rowbuf[M5_STRIP + 4 * M5_TW_MAX + 160];
    const int32_t *rows[M5_QWORDS / 64];
    uint32_t n = tw * th, G = (tw + 3) / 4, wmax, sumt = 0;
    uint64_t st2 = 0;
    double sqst2, inv_sqst2;
    int norm = metric == OVXC_MT_L2_NORM || metric == OVXC_MT_CCORR_NORM;
    int squares = norm || metric == OVXC_MT_L2;
    for (uint32_t j = 0; j < th; j++) {
        for (uint32_t g = 0; g < G; g++) {
            uint32_t q = 0;
            for (uint32_t b = 0; b < 4; b++)
                if (4 * g + b < tw) q |= (uint32_t)tpl[(intptr_t)j * ts + 4 * g + b] << (8 * b);
            t4[(size_t)j * G + g] = (int32_t)q;
        }
        for (uint32_t i = 0; i < tw; i++) {
            uint32_t t = tpl[(intptr_t)j * ts + i];
            st2 += t * t;
            sumt += t;
        }
    }
    sqst2 = sqrt((double)st2);
    inv_sqst2 = st2 ? 1.0 / sqst2 : 0.0; /* 0: every output by the exact operations */
    /* the widest strip whose th quad rows fit the ring (>= 64 columns: fits) */
    wmax = M5_QWORDS / th - M5_PAD(G);
    wmax = wmax > M5_STRIP ? M5_STRIP : wmax & ~15u;
    for (uint32_t xs = x0; xs < x1; xs += wmax) {
        uint32_t w = x1 - xs > wmax ? wmax : x1 - xs, wb = w + tw - 1, w16 = (w + 15) & ~15u, wq = w16 + M5_PAD(G);
        const uint8_t *base = src + xs;
        memset(rowbuf + wb, 0, wq + 64 + 16 - wb); /* the padding: zeros past the row */
        if (squares) {
            memset(col, 0, (w16 + tw + 16) * sizeof(uint32_t)); /* zeros past wb: the lanes past w */
            for (uint32_t j = 0; j < th; j++) col_squares(base + (intptr_t)(y0 + j) * ss, wb, 0, col);
        }
        /* the quads of the first th - 1 source rows; each output row adds its last */
        for (uint32_t j = 0; j + 1 < th; j++) {
            memcpy(rowbuf, base + (intptr_t)(y0 + j) * ss, wb);
            make_quads(rowbuf, wq, ring + (size_t)((y0 + j) % th) * wq);
        }
        for (uint32_t y = y0; y < y1; y++) {
            int16_t *d = (int16_t *)(void *)((uint8_t *)dst + (intptr_t)y * ds) + xs;
            uint32_t x;
            memcpy(rowbuf, base + (intptr_t)(y + th - 1) * ss, wb);
            make_quads(rowbuf, wq, ring + (size_t)((y + th - 1) % th) * wq);
            for (uint32_t j = 0; j < th; j++) rows[j] = ring + (size_t)((y + j) % th) * wq;
            if (squares) { /* the window sums of squares: slide the column sums down, then along */
                if (y > y0) {
                    col_squares(base + (intptr_t)(y - 1) * ss, wb, 1, col);
                    col_squares(base + (intptr_t)(y + th - 1) * ss, wb, 0, col);
                }
                if (tw <= 48) /* narrow: tw vector adds per 16 outputs */
                    for (x = 0; x < w16; x += 16) {
                        __m512i a = _mm512_loadu_si512((const void *)(col + x)), b = _mm512_setzero_si512();
                        uint32_t i = 1;
                        for (; i + 1 < tw; i += 2) {
                            a = _mm512_add_epi32(a, _mm512_loadu_si512((const void *)(col + x + i)));
                            b = _mm512_add_epi32(b, _mm512_loadu_si512((const void *)(col + x + i + 1)));
                        }
                        if (i < tw) a = _mm512_add_epi32(a, _mm512_loadu_si512((const void *)(col + x + i)));
                        _mm512_storeu_si512((void *)(si2 + x), _mm512_add_epi32(a, b));
                    }
                else {
                    uint32_t run = 0;
                    for (uint32_t i = 0; i + 1 < tw; i++) run += col[i];
                    for (x = 0; x < w; x++) {
                        run += col[x + tw - 1];
                        si2[x] = run;
                        run -= col[x];
                    }
                    for (; x < w16; x++) si2[x] = 0;
                }
            }
            for (x = 0; x + 64 <= w16; x += 64) mac4(rows, t4, th, G, x, (int32_t *)acc);
            for (; x < w16; x += 16) mac1(rows, t4, th, G, x, (int32_t *)acc);
            { /* sum S T = sum (S - 128) T + 128 sum T, modulo 2^32 */
                const __m512i c = _mm512_set1_epi32((int)(128u * sumt));
                for (x = 0; x < w16; x += 16) {
                    __m512i v = _mm512_add_epi32(_mm512_loadu_si512((const void *)(acc + x)), c);
                    if (metric == OVXC_MT_L2 || metric == OVXC_MT_L2_NORM) /* sum (S - T)^2 */
                        v = _mm512_add_epi32(_mm512_sub_epi32(_mm512_loadu_si512((const void *)(si2 + x)),
                                                              _mm512_add_epi32(v, v)),
                                             _mm512_set1_epi32((int)(uint32_t)st2));
                    _mm512_storeu_si512((void *)(acc + x), v);
                }
            }
            for (x = 0; x + 16 <= w; x += 16)
                _mm256_storeu_si256((__m256i *)(void *)(d + x), finish16(acc + x, si2 + x, norm, n, sqst2, inv_sqst2));
            if (x < w)
                _mm256_mask_storeu_epi16(d + x, (__mmask16)((1u << (w - x)) - 1),
                                         finish16(acc + x, si2 + x, norm, n, sqst2, inv_sqst2));
        }
    }
}

void ovxc_match_template_u8_avx512(int metric, const uint8_t *src, int32_t ss, const uint8_t *tpl, int32_t ts,
                                   uint32_t tw, uint32_t th, int16_t *dst, int32_t ds, uint32_t x0, uint32_t y0,
                                   uint32_t x1, uint32_t y1)
{
    if (x1 <= x0 || y1 <= y0) return;
    if (fits(metric, tw, th))
        match_vnni(metric, src, ss, tpl, ts, tw, th, dst, ds, x0, y0, x1, y1);
    else
        ovxc_match_template_u8_avx2(metric, src, ss, tpl, ts, tw, th, dst, ds, x0, y0, x1, y1);
}
