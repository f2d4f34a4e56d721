/* Image pyramid rows, AVX2 variants (see multiscale.h). */
#include "multiscale.h"

#include <immintrin.h>

/* a + 4b + 6c + 4d + e in 16-bit lanes (exact: at most 16 * 4080) */
static inline __m256i g5_avx2(__m256i a, __m256i b, __m256i c, __m256i d, __m256i e)
{
    __m256i ae = _mm256_add_epi16(a, e), bcd = _mm256_add_epi16(_mm256_add_epi16(b, d), c);
    return _mm256_add_epi16(_mm256_add_epi16(ae, _mm256_slli_epi16(bcd, 2)), _mm256_slli_epi16(c, 1));
}

/* The column sums of 16 column pairs (2i, 2i + 1) of the five rows, even
 * columns to ev[i], odd ones to od[i]: a 16-bit lane of two bytes holds the
 * even column in its low byte. */
static inline void row5_pairs_avx2(const uint8_t *s, int32_t st, int32_t i, uint16_t *ev, uint16_t *od)
{
    const __m256i lo = _mm256_set1_epi16(0xFF);
    __m256i r[5], e[5], o[5];
    for (int j = 0; j < 5; j++) {
        r[j] = _mm256_loadu_si256((const __m256i *)(const void *)(s + (intptr_t)j * st + 2 * i));
        e[j] = _mm256_and_si256(r[j], lo);
        o[j] = _mm256_srli_epi16(r[j], 8);
    }
    _mm256_storeu_si256((__m256i *)(void *)(ev + i), g5_avx2(e[0], e[1], e[2], e[3], e[4]));
    _mm256_storeu_si256((__m256i *)(void *)(od + i), g5_avx2(o[0], o[1], o[2], o[3], o[4]));
}

/* outputs k .. k + 15: ev[k] + 4 od[k] + 6 ev[k + 1] + 4 od[k + 1] + ev[k + 2], >> 8 */
static inline void row5_out_avx2(const uint16_t *ev, const uint16_t *od, int32_t k, uint8_t *out)
{
#define LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
    __m256i v = g5_avx2(LD(ev + k), LD(od + k), LD(ev + k + 1), LD(od + k + 1), LD(ev + k + 2));
#undef LD
    v = _mm256_srli_epi16(v, 8);
    _mm_storeu_si128((__m128i *)(void *)(out + k),
                     _mm_packus_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
}

void ovx_row5_u8_avx2(const uint8_t *s, int32_t st, uint8_t *out, int32_t n)
{
    enum { CH = 1024 };
    uint16_t ev[CH + 8], od[CH + 8];
    while (n > 0) {
        /* pairs 0 .. m (both columns read), then column 2m + 2 alone */
        const int32_t m = n < CH ? n : CH, np = m + 1;
        int32_t i, k;
        if (np >= 16) {
            for (i = 0; i + 16 <= np; i += 16) row5_pairs_avx2(s, st, i, ev, od);
            if (i < np) row5_pairs_avx2(s, st, np - 16, ev, od); /* the last 16, again in part */
        } else {
            for (i = 0; i < np; i++) {
                const uint8_t *c = s + 2 * i;
                ev[i] = (uint16_t)(c[0] + 4 * c[st] + 6 * c[2 * st] + 4 * c[3 * st] + c[4 * st]);
                c++;
                od[i] = (uint16_t)(c[0] + 4 * c[st] + 6 * c[2 * st] + 4 * c[3 * st] + c[4 * st]);
            }
        }
        {
            const uint8_t *c = s + 2 * np;
            ev[np] = (uint16_t)(c[0] + 4 * c[st] + 6 * c[2 * st] + 4 * c[3 * st] + c[4 * st]);
        }
        if (m >= 16) {
            for (k = 0; k + 16 <= m; k += 16) row5_out_avx2(ev, od, k, out);
            if (k < m) row5_out_avx2(ev, od, m - 16, out);
        } else {
            for (k = 0; k < m; k++)
                out[k] = (uint8_t)((ev[k] + 4 * od[k] + 6 * ev[k + 1] + 4 * od[k + 1] + ev[k + 2]) >> 8);
        }
        s += 2 * m, out += m, n -= m;
    }
}

/* The Laplacian level's row (see multiscale.h): the column sums of the small
 * rows 16 columns a step (clamped ones at the edges one at a time), then 16
 * pairs of outputs a step: even x = 2j from columns j - 1, j, j + 1 (1, 6,
 * 1), odd x = 2j + 1 from j, j + 1 (4, 4: (4s >> 8) = s >> 6), interleaved
 * (unpack, then the 128-bit halves put in order) and subtracted from a. */
void ovx_up_sub_u8_avx2(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int odd, int32_t sw,
                        const uint8_t *a, int16_t *out, int32_t dw)
{
    enum { CH = 1024 };
    uint16_t vp[CH + 4];
    for (int32_t xc = 0; xc < dw; xc += 2 * CH) {
        const int32_t xe = xc + 2 * CH < dw ? xc + 2 * CH : dw, c0 = xc >> 1, nv = ((xe - 1) >> 1) - c0 + 3;
        const int32_t np = (xe - xc) >> 1;
        int32_t i = 0, j;
#define VP1(c) (uint16_t)(odd ? 4 * r0[c] + 4 * r1[c] : r0[c] + 6 * r1[c] + r2[c])
        for (; i < nv && c0 - 1 + i < 0; i++) vp[i] = VP1(0);
        for (; i + 16 <= nv && c0 - 1 + i + 16 <= sw; i += 16) {
            const int32_t c = c0 - 1 + i;
#define LD8(r) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)((r) + c)))
            __m256i v;
            if (odd) {
                v = _mm256_slli_epi16(_mm256_add_epi16(LD8(r0), LD8(r1)), 2);
            } else {
                __m256i m = LD8(r1);
                v = _mm256_add_epi16(_mm256_add_epi16(LD8(r0), LD8(r2)),
                                     _mm256_add_epi16(_mm256_slli_epi16(m, 2), _mm256_slli_epi16(m, 1)));
            }
#undef LD8
            _mm256_storeu_si256((__m256i *)(void *)(vp + i), v);
        }
        for (; i < nv; i++) {
            const int32_t c = c0 - 1 + i < sw ? c0 - 1 + i : sw - 1;
            vp[i] = VP1(c);
        }
#undef VP1
        j = 0;
        if (np >= 16) {
            const uint8_t *ar = a + xc;
            int16_t *o = out + xc;
            for (;;) {
                if (j + 16 > np) j = np - 16;
#define LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
                __m256i v0 = LD(vp + j), v1 = LD(vp + j + 1), v2 = LD(vp + j + 2);
#undef LD
                __m256i ue = _mm256_add_epi16(_mm256_add_epi16(v0, v2),
                                              _mm256_add_epi16(_mm256_slli_epi16(v1, 2), _mm256_slli_epi16(v1, 1)));
                __m256i uo = _mm256_srli_epi16(_mm256_add_epi16(v1, v2), 6);
                ue = _mm256_slli_epi16(_mm256_srli_epi16(ue, 8), 2);
                uo = _mm256_slli_epi16(uo, 2);
                __m256i lo = _mm256_unpacklo_epi16(ue, uo), hi = _mm256_unpackhi_epi16(ue, uo);
                __m256i u0 = _mm256_permute2x128_si256(lo, hi, 0x20), u1 = _mm256_permute2x128_si256(lo, hi, 0x31);
                __m128i a0 = _mm_loadu_si128((const __m128i *)(const void *)(ar + 2 * j));
                __m128i a1 = _mm_loadu_si128((const __m128i *)(const void *)(ar + 2 * j + 16));
                _mm256_storeu_si256((__m256i *)(void *)(o + 2 * j), _mm256_sub_epi16(_mm256_cvtepu8_epi16(a0), u0));
                _mm256_storeu_si256((__m256i *)(void *)(o + 2 * j + 16),
                                    _mm256_sub_epi16(_mm256_cvtepu8_epi16(a1), u1));
                j += 16;
                if (j >= np) break;
            }
        }
        for (int32_t x = xc + 2 * j; x < xe; x++) {
            const int32_t k = (x >> 1) - c0;
            const int32_t u = x & 1 ? ((4 * vp[k + 1] + 4 * vp[k + 2]) >> 8) << 2
                                    : ((vp[k] + 6 * vp[k + 1] + vp[k + 2]) >> 8) << 2;
            out[x] = (int16_t)(a[x] - u);
        }
    }
}
