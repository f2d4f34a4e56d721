/* The packed matrix multiply (compute/tensorops.h), AVX2: blocks of 4 rows x
 * 16 columns, a pair of rows of b a step: each row's pair of a values
 * broadcast, one pmaddwd per 8 columns gives a[2q] b[2q][j] + a[2q+1]
 * b[2q+1][j] in int32 lanes (exact under the pack's bound), the same sums as
 * the scalar rows in another order (integers: the same values).
 *
 * S16 outputs with contiguous columns (and c absent or contiguous), full
 * blocks of 16 columns, shift in [0, 30]: the finish in the registers, the
 * same integers as ovxc_matmul_finish: with v the sum and s the shift,
 * floor((v + c 2^s + 2^(s-1)) / 2^s) = (v >> s) + bit s-1 of v + c (c 2^s is
 * a multiple of 2^s; arithmetic shifts are floors), no intermediate beyond
 * int32 (|v| < 2^31 by the pack's bound, |v >> s| + 1 + |c| < 2^31 for s > 0;
 * s = 0 with c takes the scalar finish), then
 * packssdw's saturation to int16 is sat_to's.  Other blocks: the scalar
 * finish from the stored sums. */
#include "tensorops.h"

#include <immintrin.h>
#include <string.h>

static inline __m256i fin_round(__m256i v, int shift)
{
    if (shift <= 0) return v;
    return _mm256_add_epi32(_mm256_srai_epi32(v, shift),
                            _mm256_and_si256(_mm256_srai_epi32(v, shift - 1), _mm256_set1_epi32(1)));
}

void ovxc_matmul_packed_rows_avx2(const ovxc_matmul_packed *p, size_t i0, size_t i1)
{
    size_t half = p->m2 / 2;
    const int has_c = p->c && p->c->ptr;
    const int fast = p->type == OVXC_T_S16 && p->out_col_stride == 2 && p->shift >= 0 && p->shift <= 30 &&
                     (!has_c || (p->shift > 0 && p->c->col_stride == 2));
    for (; i0 < i1; i0 += 4) {
        size_t ni = i1 - i0 < 4 ? i1 - i0 : 4, jb, q, i;
        const int16_t *ar[4];
        for (i = 0; i < 4; i++) ar[i] = p->ap + (i0 + (i < ni ? i : 0)) * p->m2; /* missing rows: row i0 again */
        for (jb = 0; jb < p->l; jb += 16) {
            const int16_t *bq = p->bp + jb / 16 * half * 32;
            __m256i s[4][2];
            int32_t sums[4 * 16];
            for (i = 0; i < 4; i++) s[i][0] = s[i][1] = _mm256_setzero_si256();
            for (q = 0; q < half; q++) {
                __m256i b0 = _mm256_loadu_si256((const __m256i *)(const void *)(bq + q * 32));
                __m256i b1 = _mm256_loadu_si256((const __m256i *)(const void *)(bq + q * 32 + 16));
                for (i = 0; i < 4; i++) {
                    int32_t pair;
                    __m256i av;
                    memcpy(&pair, ar[i] + 2 * q, 4);
                    av = _mm256_set1_epi32(pair);
                    s[i][0] = _mm256_add_epi32(s[i][0], _mm256_madd_epi16(b0, av));
                    s[i][1] = _mm256_add_epi32(s[i][1], _mm256_madd_epi16(b1, av));
                }
            }
            if (fast && p->l - jb >= 16) {
                for (i = 0; i < ni; i++) {
                    __m256i r0 = fin_round(s[i][0], p->shift), r1 = fin_round(s[i][1], p->shift), o;
                    if (has_c) {
                        const uint8_t *cp = p->c->ptr + (i0 + i) * p->c->row_stride + jb * 2;
                        r0 = _mm256_add_epi32(r0, _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)cp)));
                        r1 = _mm256_add_epi32(r1, _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(cp + 16))));
                    }
                    o = _mm256_permute4x64_epi64(_mm256_packs_epi32(r0, r1), _MM_SHUFFLE(3, 1, 2, 0));
                    _mm256_storeu_si256((__m256i *)(void *)(p->out + (i0 + i) * p->out_row_stride + jb * 2), o);
                }
                continue;
            }
            for (i = 0; i < ni; i++) {
                _mm256_storeu_si256((__m256i *)(void *)(sums + i * 16), s[i][0]);
                _mm256_storeu_si256((__m256i *)(void *)(sums + i * 16 + 8), s[i][1]);
            }
            ovxc_matmul_finish(p, i0, ni, jb, p->l - jb < 16 ? p->l - jb : 16, sums);
        }
    }
}
