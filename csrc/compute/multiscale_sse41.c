/* Image pyramid rows, SSE4.1 variants (see multiscale.h). */
#include "multiscale.h"

#include <smmintrin.h>

/* a + 4b + 6c + 4d + e in 16-bit lanes (exact: at most 16 * 4080) */
static inline __m128i g5_sse41(__m128i a, __m128i b, __m128i c, __m128i d, __m128i e)
{
    __m128i ae = _mm_add_epi16(a, e), bcd = _mm_add_epi16(_mm_add_epi16(b, d), c);
    return _mm_add_epi16(_mm_add_epi16(ae, _mm_slli_epi16(bcd, 2)), _mm_slli_epi16(c, 1));
}

/* The column sums of 8 column pairs (2i, 2i + 1) of the five rows, even
 * columns to ev[i], odd ones to od[i]: a 16-bit lane of two bytes holds the
 * even column in its low byte. */
static inline void row5_pairs_sse41(const uint8_t *s, int32_t st, int32_t i, uint16_t *ev, uint16_t *od)
{
    const __m128i lo = _mm_set1_epi16(0xFF);
    __m128i r[5], e[5], o[5];
    for (int j = 0; j < 5; j++) {
        r[j] = _mm_loadu_si128((const __m128i *)(const void *)(s + (intptr_t)j * st + 2 * i));
        e[j] = _mm_and_si128(r[j], lo);
        o[j] = _mm_srli_epi16(r[j], 8);
    }
    _mm_storeu_si128((__m128i *)(void *)(ev + i), g5_sse41(e[0], e[1], e[2], e[3], e[4]));
    _mm_storeu_si128((__m128i *)(void *)(od + i), g5_sse41(o[0], o[1], o[2], o[3], o[4]));
}

/* outputs k .. k + 7: ev[k] + 4 od[k] + 6 ev[k + 1] + 4 od[k + 1] + ev[k + 2], >> 8 */
static inline void row5_out_sse41(const uint16_t *ev, const uint16_t *od, int32_t k, uint8_t *out)
{
#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
    __m128i v = g5_sse41(LD(ev + k), LD(od + k), LD(ev + k + 1), LD(od + k + 1), LD(ev + k + 2));
#undef LD
    v = _mm_srli_epi16(v, 8);
    _mm_storel_epi64((__m128i *)(void *)(out + k), _mm_packus_epi16(v, v));
}

void ovx_row5_u8_sse41(const uint8_t *s, int32_t st, uint8_t *out, int32_t n)
{
    enum { CH = 1024 };
    uint16_t ev[CH + 8], od[CH + 8];
    while (n > 0) {
        /* pairs 0 .. m (both columns read), then column 2m + 2 alone */
        const int32_t m = n < CH ? n : CH, np = m + 1;
        int32_t i, k;
        if (np >= 8) {
            for (i = 0; i + 8 <= np; i += 8) row5_pairs_sse41(s, st, i, ev, od);
            if (i < np) row5_pairs_sse41(s, st, np - 8, ev, od); /* the last 8, again in part */
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
        if (m >= 8) {
            for (k = 0; k + 8 <= m; k += 8) row5_out_sse41(ev, od, k, out);
            if (k < m) row5_out_sse41(ev, od, m - 8, out);
        } else {
            for (k = 0; k < m; k++)
                out[k] = (uint8_t)((ev[k] + 4 * od[k] + 6 * ev[k + 1] + 4 * od[k + 1] + ev[k + 2]) >> 8);
        }
        s += 2 * m, out += m, n -= m;
    }
}
