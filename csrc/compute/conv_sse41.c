/* Custom Convolution and Sobel rows, SSE4.1 variants (see conv.h and
 * conv_rows.inc): convolution 16 pixels a step, Sobel 8, the rest by the
 * scalar rows. */
#include "conv.h"

#include <smmintrin.h>

#define V __m128i
#define NPX 16
#define SUFFIX sse41
#define v_ld(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define v_st(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define v_zero() _mm_setzero_si128()
#define v_set1_32(u) _mm_set1_epi32((int)(u))
#define v_set1_16(i) _mm_set1_epi16(i)
#define v_add16 _mm_add_epi16
#define v_sub16 _mm_sub_epi16
#define v_add32 _mm_add_epi32
#define v_and _mm_and_si128
#define v_unplo8 _mm_unpacklo_epi8
#define v_unphi8 _mm_unpackhi_epi8
#define v_maddubs _mm_maddubs_epi16
#define v_madd _mm_madd_epi16
#define v_srai16_15(v) _mm_srai_epi16(v, 15)
#define v_srai32_31(v) _mm_srai_epi32(v, 31)
#define v_sra16(v, n) _mm_sra_epi16(v, _mm_cvtsi32_si128(n))
#define v_sra32(v, n) _mm_sra_epi32(v, _mm_cvtsi32_si128(n))
#define v_srl16(v, n) _mm_srl_epi16(v, _mm_cvtsi32_si128(n))
#define v_min_epu16 _mm_min_epu16
#define v_unplo16 _mm_unpacklo_epi16
#define v_unphi16 _mm_unpackhi_epi16
#define v_srai32_16(v) _mm_srai_epi32(v, 16)
#define v_mullo16 _mm_mullo_epi16
#define v_packus16_seq _mm_packus_epi16
#define v_mullo32 _mm_mullo_epi32
#define v_packs32_seq _mm_packs_epi32
#define v_store_i32x4(p, a0, a1, a2, a3)                                                                       \
    do {                                                                                                       \
        v_st(p, a0);                                                                                           \
        v_st((p) + 4, a1);                                                                                     \
        v_st((p) + 8, a2);                                                                                     \
        v_st((p) + 12, a3);                                                                                    \
    } while (0)
#define v_packs32 _mm_packs_epi32
#define v_packus16 _mm_packus_epi16
/* lo: pixels 0-7, hi: 8-15 */
#define v_store_s16(d, lo, hi)                                                                                 \
    do {                                                                                                       \
        v_st(d, lo);                                                                                           \
        v_st((d) + 8, hi);                                                                                     \
    } while (0)
#define W16(p) _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)(const void *)(p)))

#include "conv_rows.inc"
