/* The packed matrix multiply (compute/tensorops.h), AVX2: blocks of 4 rows x
 * 16 columns, a pair of rows of b a step: each row's pair of a values
 * broadcast, one pmaddwd per 8 columns gives a[2q] b[2q][j] + a[2q+1]
 * b[2q+1][j] in int32 lanes (exact under the pack's bound), the same sums as
 * the scalar rows in another order (integers: the same values). */
#include "tensorops.h"

#include <immintrin.h>
#include <string.h>

void ovxc_matmul_packed_rows_avx2(const ovxc_matmul_packed *p, size_t i0, size_t i1)
{
    size_t half = p->m2 / 2;
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
            for (i = 0; i < ni; i++) {
                _mm256_storeu_si256((__m256i *)(void *)(sums + i * 16), s[i][0]);
                _mm256_storeu_si256((__m256i *)(void *)(sums + i * 16 + 8), s[i][1]);
            }
            ovxc_matmul_finish(p, i0, ni, jb, p->l - jb < 16 ? p->l - jb : 16, sums);
        }
    }
}
