/*
 * Template matching, AVX2 (see match.h; bit-exact with the scalar
 * ovxc_match_template_u8).
 *
 * The output is done in column strips (at most MT_STRIP output columns,
 * their source columns held in buffers on the stack), one output row at a
 * time, every sum exact in 32 bits (a template has at most 65535 pixels:
 * 65535 * 255^2 < 2^32):
 * - sum S T (CCORR, and L2 = sum S^2 - 2 sum S T + sum T^2, exact modulo
 *   2^32 and below it): template rows are taken two at a time; the two
 *   source rows are interleaved into 16-bit pairs (S[y+j][x], S[y+j+1][x]),
 *   so one pmaddwd with the broadcast pair (T[j][i], T[j+1][i]) adds two
 *   products to each of 8 outputs (an odd last row pairs with zeros);
 * - sum S^2 over the window: column sums of squares slid down the rows of
 *   the strip, then slid along the row;
 * - L1 and HAMMING: |S - T| or S ^ T in 16-bit lanes, 16 outputs a vector,
 *   up to 256 taps before widening to 32 bits;
 * - the S16 conversion in double lanes, the same IEEE operations as the
 *   scalar code: (sum + n/2) / n floored (a correctly rounded quotient of
 *   integers below 2^53 floors exactly) and saturated, or
 *   floor(num 2^15 / (sqrt(sum T^2) sqrt(sum S^2)) + 0.5) saturated.
 * Templates wider than MT_TW_MAX go to the scalar code.
 */
#include "match.h"
#include "imgext.h"

#include <immintrin.h>
#include <math.h>
#include <string.h>

#define MT_STRIP 2048                       /* output columns of a strip */
#define MT_TW_MAX 2048                      /* wider templates: scalar */
#define MT_COLS (MT_STRIP + MT_TW_MAX + 32) /* source columns of a strip, padded */

static inline __m256i loadu(const void *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

static inline void storeu(void *p, __m256i v)
{
    _mm256_storeu_si256((__m256i *)p, v);
}

/* (a[k], b[k]) pairs of columns [0, wb) (b NULL: zeros), then zeros up to
 * pad. */
static void interleave(const uint8_t *a, const uint8_t *b, uint32_t wb, uint32_t pad, uint32_t *p)
{
    uint32_t k = 0;
    const __m128i z = _mm_setzero_si128();
    for (; k + 16 <= wb; k += 16) {
        __m128i va = _mm_loadu_si128((const __m128i *)(const void *)(a + k));
        __m128i vb = b ? _mm_loadu_si128((const __m128i *)(const void *)(b + k)) : z;
        storeu(p + k, _mm256_cvtepu8_epi16(_mm_unpacklo_epi8(va, vb)));
        storeu(p + k + 8, _mm256_cvtepu8_epi16(_mm_unpackhi_epi8(va, vb)));
    }
    for (; k < wb; k++) p[k] = (uint32_t)a[k] | (b ? (uint32_t)b[k] << 16 : 0u);
    for (; k < pad; k++) p[k] = 0;
}

/* acc[0, w) += sum over i < tw of the pair products p[x + i] . tp[i] (w a
 * multiple of 8; p holds w + tw - 1 + 7 pairs). */
static void mac_pairs(const uint32_t *p, const uint32_t *tp, uint32_t tw, uint32_t w, uint32_t *acc)
{
    uint32_t x = 0;
    for (; x + 32 <= w; x += 32) {
        __m256i a0 = loadu(acc + x), a1 = loadu(acc + x + 8), a2 = loadu(acc + x + 16), a3 = loadu(acc + x + 24);
        const uint32_t *q = p + x;
        for (uint32_t i = 0; i < tw; i++) {
            __m256i t = _mm256_set1_epi32((int)tp[i]);
            a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(loadu(q + i), t));
            a1 = _mm256_add_epi32(a1, _mm256_madd_epi16(loadu(q + i + 8), t));
            a2 = _mm256_add_epi32(a2, _mm256_madd_epi16(loadu(q + i + 16), t));
            a3 = _mm256_add_epi32(a3, _mm256_madd_epi16(loadu(q + i + 24), t));
        }
        storeu(acc + x, a0);
        storeu(acc + x + 8, a1);
        storeu(acc + x + 16, a2);
        storeu(acc + x + 24, a3);
    }
    for (; x < w; x += 8) {
        __m256i a0 = loadu(acc + x);
        const uint32_t *q = p + x;
        for (uint32_t i = 0; i < tw; i++)
            a0 = _mm256_add_epi32(a0, _mm256_madd_epi16(loadu(q + i), _mm256_set1_epi32((int)tp[i])));
        storeu(acc + x, a0);
    }
}

/* acc[0, w) += the sum over one template row of |s - t| (l1) or s ^ t. */
static void row_l1(const uint8_t *s, const uint8_t *t, uint32_t tw, uint32_t w, int l1, uint32_t *acc)
{
    uint32_t x = 0;
    for (; x + 16 <= w; x += 16) {
        __m256i lo = loadu(acc + x), hi = loadu(acc + x + 8);
        for (uint32_t i0 = 0; i0 < tw; i0 += 256) { /* 256 * 255 fits 16 bits */
            uint32_t i1 = tw - i0 > 256 ? i0 + 256 : tw;
            __m256i a = _mm256_setzero_si256();
            if (l1)
                for (uint32_t i = i0; i < i1; i++) {
                    __m256i v = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(s + x + i)));
                    a = _mm256_add_epi16(a, _mm256_abs_epi16(_mm256_sub_epi16(v, _mm256_set1_epi16((short)t[i]))));
                }
            else
                for (uint32_t i = i0; i < i1; i++) {
                    __m256i v = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(s + x + i)));
                    a = _mm256_add_epi16(a, _mm256_xor_si256(v, _mm256_set1_epi16((short)t[i])));
                }
            lo = _mm256_add_epi32(lo, _mm256_cvtepu16_epi32(_mm256_castsi256_si128(a)));
            hi = _mm256_add_epi32(hi, _mm256_cvtepu16_epi32(_mm256_extracti128_si256(a, 1)));
        }
        storeu(acc + x, lo);
        storeu(acc + x + 8, hi);
    }
    for (; x < w; x++) {
        uint32_t r = 0;
        for (uint32_t i = 0; i < tw; i++)
            r += l1 ? (uint32_t)(s[x + i] > t[i] ? s[x + i] - t[i] : t[i] - s[x + i]) : (uint32_t)(s[x + i] ^ t[i]);
        acc[x] += r;
    }
}

/* col[k] += or -= s[k]^2 for k < wb (wrapping 32-bit arithmetic). */
static void col_squares(const uint8_t *s, uint32_t wb, int sub, uint32_t *col)
{
    uint32_t k = 0;
    for (; k + 8 <= wb; k += 8) {
        __m256i v = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(s + k)));
        __m256i c = loadu(col + k);
        v = _mm256_mullo_epi32(v, v);
        storeu(col + k, sub ? _mm256_sub_epi32(c, v) : _mm256_add_epi32(c, v));
    }
    for (; k < wb; k++) col[k] = sub ? col[k] - (uint32_t)s[k] * s[k] : col[k] + (uint32_t)s[k] * s[k];
}

static inline __m256d u32_to_pd(__m128i v)
{
    return _mm256_add_pd(_mm256_cvtepi32_pd(_mm_xor_si128(v, _mm_set1_epi32(INT32_MIN))),
                         _mm256_set1_pd(2147483648.0));
}

/* The S16 values of 8 outputs. */
static inline __m128i finish8(const uint32_t *num, const uint32_t *si2, int norm, uint32_t n, double sqst2)
{
    __m256i v = loadu(num);
    __m128i r[2];
    if (!norm) { /* min((num + n/2) / n, 32767), num + n/2 first capped at 32768 n (< 2^31) */
        __m256d dn = _mm256_set1_pd((double)n);
        v = _mm256_add_epi32(v, _mm256_set1_epi32((int)(n / 2)));
        v = _mm256_min_epu32(v, _mm256_set1_epi32((int)(32768u * n)));
        for (int h = 0; h < 2; h++) {
            __m128i part = h ? _mm256_extracti128_si256(v, 1) : _mm256_castsi256_si128(v);
            __m256d q = _mm256_floor_pd(_mm256_div_pd(_mm256_cvtepi32_pd(part), dn));
            r[h] = _mm_min_epi32(_mm256_cvttpd_epi32(q), _mm_set1_epi32(32767));
        }
    } else {
        __m256i s = loadu(si2);
        for (int h = 0; h < 2; h++) {
            __m128i pn = h ? _mm256_extracti128_si256(v, 1) : _mm256_castsi256_si128(v);
            __m128i ps = h ? _mm256_extracti128_si256(s, 1) : _mm256_castsi256_si128(s);
            __m256d dn = u32_to_pd(pn);
            __m256d den = _mm256_mul_pd(_mm256_set1_pd(sqst2), _mm256_sqrt_pd(u32_to_pd(ps)));
            __m256d q = _mm256_div_pd(_mm256_mul_pd(dn, _mm256_set1_pd(32768.0)), den);
            q = _mm256_floor_pd(_mm256_add_pd(q, _mm256_set1_pd(0.5)));
            q = _mm256_min_pd(q, _mm256_set1_pd(32767.0)); /* NaN (0 / 0) and inf give 32767 */
            q = _mm256_andnot_pd(_mm256_cmp_pd(dn, _mm256_setzero_pd(), _CMP_EQ_OQ), q); /* num 0: 0 */
            r[h] = _mm256_cvttpd_epi32(q);
        }
    }
    return _mm_packs_epi32(r[0], r[1]);
}

void ovxc_match_template_u8_avx2(int metric, const uint8_t *src, int32_t ss, const uint8_t *tpl, int32_t ts,
                                 uint32_t tw, uint32_t th, int16_t *dst, int32_t ds, uint32_t x0, uint32_t y0,
                                 uint32_t x1, uint32_t y1)
{
    uint32_t p[MT_COLS], tp[MT_TW_MAX], acc[MT_STRIP + 8], col[MT_COLS], si2[MT_STRIP + 8];
    uint32_t n = tw * th;
    uint64_t st2 = 0;
    double sqst2;
    int norm = metric == OVXC_MT_L2_NORM || metric == OVXC_MT_CCORR_NORM;
    int squares = norm || metric == OVXC_MT_L2;
    int pairs = squares || metric == OVXC_MT_CCORR;
    if (x1 <= x0 || y1 <= y0) return;
    if (tw == 0 || th == 0 || tw > MT_TW_MAX || (uint64_t)tw * th > 65535u || metric < OVXC_MT_HAMMING ||
        metric > OVXC_MT_CCORR_NORM) {
        ovxc_match_template_u8(metric, src, ss, tpl, ts, tw, th, dst, ds, x0, y0, x1, y1);
        return;
    }
    for (uint32_t j = 0; j < th; j++)
        for (uint32_t i = 0; i < tw; i++) {
            uint32_t t = tpl[(intptr_t)j * ts + i];
            st2 += t * t;
        }
    sqst2 = sqrt((double)st2);
    for (uint32_t xs = x0; xs < x1; xs += MT_STRIP) {
        uint32_t w = x1 - xs > MT_STRIP ? MT_STRIP : x1 - xs, wb = w + tw - 1, w8 = (w + 7) & ~7u;
        const uint8_t *base = src + xs;
        if (squares) {
            memset(col, 0, (w8 + tw) * sizeof(uint32_t)); /* zeros past wb: the lanes past w */
            for (uint32_t j = 0; j < th; j++) col_squares(base + (intptr_t)(y0 + j) * ss, wb, 0, col);
        }
        for (uint32_t y = y0; y < y1; y++) {
            int16_t *d = (int16_t *)(void *)((uint8_t *)dst + (intptr_t)y * ds) + xs;
            uint32_t x = 0;
            memset(acc, 0, w8 * sizeof(uint32_t));
            if (squares) { /* the window sums of squares: slide the column sums down, then along */
                uint32_t run = 0;
                if (y > y0) {
                    col_squares(base + (intptr_t)(y - 1) * ss, wb, 1, col);
                    col_squares(base + (intptr_t)(y + th - 1) * ss, wb, 0, col);
                }
                if (tw <= 48) /* narrow: tw vector adds per 8 outputs, no dependency chain */
                    for (x = 0; x < w8; x += 8) {
                        __m256i a = loadu(col + x), b = _mm256_setzero_si256();
                        uint32_t i = 1;
                        for (; i + 1 < tw; i += 2) { /* two chains */
                            a = _mm256_add_epi32(a, loadu(col + x + i));
                            b = _mm256_add_epi32(b, loadu(col + x + i + 1));
                        }
                        if (i < tw) a = _mm256_add_epi32(a, loadu(col + x + i));
                        storeu(si2 + x, _mm256_add_epi32(a, b));
                    }
                else {
                    for (uint32_t i = 0; i + 1 < tw; i++) run += col[i];
                    for (x = 0; x < w; x++) {
                        run += col[x + tw - 1];
                        si2[x] = run;
                        run -= col[x];
                    }
                    for (; x < w8; x++) si2[x] = 0;
                }
            }
            if (pairs) {
                for (uint32_t j = 0; j < th; j += 2) {
                    const uint8_t *ra = base + (intptr_t)(y + j) * ss, *ta = tpl + (intptr_t)j * ts;
                    const uint8_t *rb = j + 1 < th ? ra + ss : NULL, *tb = j + 1 < th ? ta + ts : NULL;
                    interleave(ra, rb, wb, w8 + tw + 8, p);
                    for (uint32_t i = 0; i < tw; i++) tp[i] = (uint32_t)ta[i] | (tb ? (uint32_t)tb[i] << 16 : 0u);
                    mac_pairs(p, tp, tw, w8, acc);
                }
                if (metric == OVXC_MT_L2 || metric == OVXC_MT_L2_NORM) /* sum (S - T)^2 */
                    for (x = 0; x < w; x++) acc[x] = si2[x] - 2u * acc[x] + (uint32_t)st2;
            } else {
                for (uint32_t j = 0; j < th; j++)
                    row_l1(base + (intptr_t)(y + j) * ss, tpl + (intptr_t)j * ts, tw, w, metric == OVXC_MT_L1, acc);
            }
            for (x = 0; x + 8 <= w; x += 8)
                _mm_storeu_si128((__m128i *)(void *)(d + x), finish8(acc + x, si2 + x, norm, n, sqst2));
            if (x < w) {
                int16_t tmp[8];
                _mm_storeu_si128((__m128i *)(void *)tmp, finish8(acc + x, si2 + x, norm, n, sqst2));
                memcpy(d + x, tmp, (w - x) * sizeof(int16_t));
            }
        }
    }
}
