/* Custom Convolution and Sobel rows, AVX2 variants (see conv.h and
 * conv_rows.inc): convolution 32 pixels a step, Sobel 16, the rest by the
 * scalar rows. */
#include "conv.h"

#include <immintrin.h>

#define V __m256i
#define NPX 32
#define SUFFIX avx2
#define v_ld(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define v_st(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define v_zero() _mm256_setzero_si256()
#define v_set1_32(u) _mm256_set1_epi32((int)(u))
#define v_set1_16(i) _mm256_set1_epi16(i)
#define v_add16 _mm256_add_epi16
#define v_sub16 _mm256_sub_epi16
#define v_add32 _mm256_add_epi32
#define v_and _mm256_and_si256
#define v_unplo8 _mm256_unpacklo_epi8
#define v_unphi8 _mm256_unpackhi_epi8
#define v_maddubs _mm256_maddubs_epi16
#define v_madd _mm256_madd_epi16
#define v_srai16_15(v) _mm256_srai_epi16(v, 15)
#define v_srai32_31(v) _mm256_srai_epi32(v, 31)
#define v_sra16(v, n) _mm256_sra_epi16(v, _mm_cvtsi32_si128(n))
#define v_sra32(v, n) _mm256_sra_epi32(v, _mm_cvtsi32_si128(n))
#define v_srl16(v, n) _mm256_srl_epi16(v, _mm_cvtsi32_si128(n))
#define v_min_epu16 _mm256_min_epu16
#define v_unplo16 _mm256_unpacklo_epi16
#define v_unphi16 _mm256_unpackhi_epi16
#define v_srai32_16(v) _mm256_srai_epi32(v, 16)
#define v_mullo16 _mm256_mullo_epi16
#define v_packus16_seq(lo, hi) _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0xD8)
#define v_mullo32 _mm256_mullo_epi32
#define v_packs32_seq(a, b) _mm256_permute4x64_epi64(_mm256_packs_epi32(a, b), 0xD8)
/* a0: pixels 0-3 | 16-19, a1: 4-7 | 20-23, a2: 8-11 | 24-27, a3: 12-15 | 28-31 */
#define v_store_i32x4(p, a0, a1, a2, a3)                                                                       \
    do {                                                                                                       \
        v_st(p, _mm256_permute2x128_si256(a0, a1, 0x20));                                                      \
        v_st((p) + 8, _mm256_permute2x128_si256(a2, a3, 0x20));                                                \
        v_st((p) + 16, _mm256_permute2x128_si256(a0, a1, 0x31));                                               \
        v_st((p) + 24, _mm256_permute2x128_si256(a2, a3, 0x31));                                               \
    } while (0)
#define v_packs32 _mm256_packs_epi32
#define v_packus16 _mm256_packus_epi16
/* lo: pixels 0-7 | 16-23, hi: 8-15 | 24-31 */
#define v_store_s16(d, lo, hi)                                                                                 \
    do {                                                                                                       \
        v_st(d, _mm256_permute2x128_si256(lo, hi, 0x20));                                                      \
        v_st((d) + 16, _mm256_permute2x128_si256(lo, hi, 0x31));                                               \
    } while (0)
#define W16(p) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p)))

#include "conv_rows.inc"
