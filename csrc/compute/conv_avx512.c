/* Custom Convolution rows, AVX-512 (F+BW) variant (see conv.h and
 * conv_rows.inc): 64 pixels a step, the rest by the scalar row.  (Sobel's
 * row stays AVX2 at this level: 32 pixels a step measured slower, 1080p
 * 0.46 -> 0.51 ms, its two S16 outputs bound by memory and the widening
 * loads by port 5.)  The per-128-bit-lane instructions (unpacks, packs) work as
 * conv_rows.inc expects of them; the macros that put lanes in pixel order
 * permute qwords across the four lanes. */
#include "conv.h"

#include <immintrin.h>

#define V __m512i
#define NPX 64
#define SUFFIX avx512
#define v_ld(p) _mm512_loadu_si512((const void *)(p))
#define v_st(p, v) _mm512_storeu_si512((void *)(p), v)
#define v_zero() _mm512_setzero_si512()
#define v_set1_32(u) _mm512_set1_epi32((int)(u))
#define v_set1_16(i) _mm512_set1_epi16(i)
#define v_add16 _mm512_add_epi16
#define v_sub16 _mm512_sub_epi16
#define v_add32 _mm512_add_epi32
#define v_and _mm512_and_si512
#define v_unplo8 _mm512_unpacklo_epi8
#define v_unphi8 _mm512_unpackhi_epi8
#define v_maddubs _mm512_maddubs_epi16
#define v_madd _mm512_madd_epi16
#define v_srai16_15(v) _mm512_srai_epi16(v, 15)
#define v_srai32_31(v) _mm512_srai_epi32(v, 31)
#define v_sra16(v, n) _mm512_sra_epi16(v, _mm_cvtsi32_si128(n))
#define v_sra32(v, n) _mm512_sra_epi32(v, _mm_cvtsi32_si128(n))
#define v_srl16(v, n) _mm512_srl_epi16(v, _mm_cvtsi32_si128(n))
#define v_min_epu16 _mm512_min_epu16
#define v_unplo16 _mm512_unpacklo_epi16
#define v_unphi16 _mm512_unpackhi_epi16
#define v_srai32_16(v) _mm512_srai_epi32(v, 16)
#define v_mullo16 _mm512_mullo_epi16
#define v_mullo32 _mm512_mullo_epi32
#define v_packs32 _mm512_packs_epi32
#define v_packus16 _mm512_packus_epi16
/* the packs leave lane k = (first operand's lane k, second's lane k): the
 * first operand's four halves-of-lanes, then the second's */
#define V_SEQ_IDX _mm512_set_epi64(7, 5, 3, 1, 6, 4, 2, 0)
#define v_packus16_seq(lo, hi) _mm512_permutexvar_epi64(V_SEQ_IDX, _mm512_packus_epi16(lo, hi))
#define v_packs32_seq(a, b) _mm512_permutexvar_epi64(V_SEQ_IDX, _mm512_packs_epi32(a, b))
/* a0: pixels 16k .. 16k + 3 in lane k, a1: 16k + 4 .., a2: 16k + 8 .., a3: 16k + 12 .. */
#define v_store_i32x4(p, a0, a1, a2, a3)                                                                       \
    do {                                                                                                       \
        const __m512i l01_ = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0);                                       \
        const __m512i l23_ = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);                                     \
        const __m512i lo_ = _mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0);                                        \
        const __m512i hi_ = _mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4);                                      \
        __m512i t0_ = _mm512_permutex2var_epi64(a0, l01_, a1), t1_ = _mm512_permutex2var_epi64(a2, l01_, a3);  \
        __m512i t2_ = _mm512_permutex2var_epi64(a0, l23_, a1), t3_ = _mm512_permutex2var_epi64(a2, l23_, a3);  \
        v_st(p, _mm512_permutex2var_epi64(t0_, lo_, t1_));                                                     \
        v_st((p) + 16, _mm512_permutex2var_epi64(t0_, hi_, t1_));                                              \
        v_st((p) + 32, _mm512_permutex2var_epi64(t2_, lo_, t3_));                                              \
        v_st((p) + 48, _mm512_permutex2var_epi64(t2_, hi_, t3_));                                              \
    } while (0)
/* lo: pixels 16k .. 16k + 7 in lane k, hi: 16k + 8 .. 16k + 15 */
#define v_store_s16(d, lo, hi)                                                                                 \
    do {                                                                                                       \
        v_st(d, _mm512_permutex2var_epi64(lo, _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0), hi));                 \
        v_st((d) + 32, _mm512_permutex2var_epi64(lo, _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4), hi));        \
    } while (0)
#define W16(p) _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p)))
#define CONV_ROWS_NO_SOBEL

#include "conv_rows.inc"
