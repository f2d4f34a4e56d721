/* Image pyramid rows, AVX2 variants (see multiscale.h). */
#include "multiscale.h"

#include <immintrin.h>

/* a + 4b + 6c + 4d + e in 16-bit lanes (exact: at most 16 * 4080) */
static inline __m256i g5_avx2(__m256i a, __m256i b, __m256i c, __m256i d, __m256i e)
{
    __m256i ae = _mm256_add_epi16(a, e), bcd = _mm256_add_epi16(_mm256_add_epi16(b, d), c);
    return _mm256_add_epi16(_mm256_add_epi16(ae, _mm256_slli_epi16(bcd, 2)), _mm256_slli_epi16(c, 1));
}

#define LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))

/* h[k] = p[2k] + 4 p[2k + 1] + 6 p[2k + 2] + 4 p[2k + 3] + p[2k + 4], k < m
 * (m >= 16; at most 4080): byte pairs times (1, 4), (6, 4) and, one byte
 * on, (0, 1) by maddubs, 16 a step, the last step again in part. */
static inline void row5_h_avx2(const uint8_t *p, uint16_t *h, int32_t m)
{
    const __m256i w14 = _mm256_set1_epi16(0x0401), w64 = _mm256_set1_epi16(0x0406), w01 = _mm256_set1_epi16(0x0100);
    for (int32_t k = 0;;) {
        if (k + 16 > m) k = m - 16;
        const uint8_t *q = p + 2 * k;
        __m256i a = _mm256_maddubs_epi16(LD(q), w14), b = _mm256_maddubs_epi16(LD(q + 2), w64);
        __m256i c = _mm256_maddubs_epi16(LD(q + 3), w01);
        _mm256_storeu_si256((__m256i *)(void *)(h + k), _mm256_add_epi16(_mm256_add_epi16(a, b), c));
        k += 16;
        if (k >= m) break;
    }
}

/* Rows of 5x5 Gaussians: each source row summed across once (a ring of the
 * five rows an output row needs; the next output row needs two new ones),
 * then the five sums down, >> 8; columns in chunks of CH (the last one up to
 * CH + 15, so every chunk has 16 or more); fewer than 16 columns: the taps
 * one by one. */
void ovx_row5_u8_avx2(const uint8_t *s, int32_t st, uint8_t *out, int32_t ost, int32_t n, int32_t nrows)
{
    enum { CH = 1024 };
    uint16_t hb[5][CH + 16];
    if (n < 16) {
        for (int32_t r = 0; r < nrows; r++)
            for (int32_t k = 0; k < n; k++) {
                static const int g[5] = {1, 4, 6, 4, 1};
                int32_t sum = 0;
                for (int j = 0; j < 5; j++)
                    for (int i = 0; i < 5; i++) sum += g[j] * g[i] * s[(intptr_t)(2 * r + j) * st + 2 * k + i];
                out[(intptr_t)r * ost + k] = (uint8_t)(sum >> 8);
            }
        return;
    }
    for (int32_t k0 = 0; k0 < n;) {
        const int32_t m = n - k0 <= CH + 15 ? n - k0 : CH;
        const uint8_t *p = s + 2 * k0;
        for (int j = 0; j < 5; j++) row5_h_avx2(p + (intptr_t)j * st, hb[j], m);
        for (int32_t r = 0; r < nrows; r++) {
            const uint16_t *h0 = hb[(2 * r) % 5], *h1 = hb[(2 * r + 1) % 5], *h2 = hb[(2 * r + 2) % 5];
            const uint16_t *h3 = hb[(2 * r + 3) % 5], *h4 = hb[(2 * r + 4) % 5];
            uint8_t *o = out + (intptr_t)r * ost + k0;
            for (int32_t k = 0;;) {
                if (k + 16 > m) k = m - 16;
                __m256i v = _mm256_srli_epi16(g5_avx2(LD(h0 + k), LD(h1 + k), LD(h2 + k), LD(h3 + k), LD(h4 + k)), 8);
                _mm_storeu_si128((__m128i *)(void *)(o + k),
                                 _mm_packus_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
                k += 16;
                if (k >= m) break;
            }
            if (r + 1 < nrows) {
                row5_h_avx2(p + (intptr_t)(2 * r + 5) * st, hb[(2 * r + 5) % 5], m);
                row5_h_avx2(p + (intptr_t)(2 * r + 6) * st, hb[(2 * r + 6) % 5], m);
            }
        }
        k0 += m;
    }
}

#undef LD

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
