/* Image pyramid rows, AVX-512 (F+BW) variants (see multiscale.h):
 * multiscale_rows.inc with 32 lanes of 16 bits. */
#include "multiscale.h"

#include <immintrin.h>

#define MS_FN(name) name##_avx512
#define MS_V __m512i
#define MS_W 32
#define MS_LD(p) _mm512_loadu_si512((const void *)(p))
#define MS_ST(p, v) _mm512_storeu_si512((void *)(p), (v))
#define MS_ADD _mm512_add_epi16
#define MS_SUB _mm512_sub_epi16
#define MS_SLLI _mm512_slli_epi16
#define MS_SRLI _mm512_srli_epi16
#define MS_SET16 _mm512_set1_epi16
#define MS_MADDUBS _mm512_maddubs_epi16
#define MS_LD_U8(p) _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p)))
#define MS_ST_U8(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), _mm512_cvtepi16_epi8(v)) /* lanes <= 255 */
/* a and b interleaved by one two-source word permute per half */
#define MS_ZIP(a, b, lo, hi)                                                                                       \
    do {                                                                                                           \
        const __m512i il_ = _mm512_set_epi16(47, 15, 46, 14, 45, 13, 44, 12, 43, 11, 42, 10, 41, 9, 40, 8, 39, 7, \
                                             38, 6, 37, 5, 36, 4, 35, 3, 34, 2, 33, 1, 32, 0);                   \
        const __m512i ih_ = _mm512_add_epi16(il_, _mm512_set1_epi16(16));                                          \
        (lo) = _mm512_permutex2var_epi16(a, il_, b);                                                               \
        (hi) = _mm512_permutex2var_epi16(a, ih_, b);                                                               \
    } while (0)

#include "multiscale_rows.inc"
