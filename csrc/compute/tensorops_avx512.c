/* Tensor Convert Bit-Depth rows (ovxc_tensor_convert_row), AVX-512 (F, BW,
 * VL, DQ).
 *
 * Where the float rule is an exact shift (ovxc_tensor_convert_shift: integer
 * types, offset 0, power-of-two scales), the integer path: 16 elements a
 * step in int32 lanes, a << e or a shifted right by -e rounding toward zero
 * (a + (2^s - 1 where a < 0), arithmetic shift: |a| < 2^16, no overflow),
 * then clamped to the output's range (saturate) or its low bits kept (wrap),
 * narrowed by vpmovdb / vpmovdw; the row's last elements by masked loads and
 * stores.  Else the float path: the AVX2 variant's steps on 16 lanes (the
 * reference's operations in its order, NaN to 0 and the clamp under
 * saturate; under wrap a step with a value beyond +-2^31 or NaN, and the
 * row's last elements, by the scalar row). */
#include "tensorops.h"

#include <immintrin.h>

static inline __attribute__((always_inline)) __m512i int_load16(const uint8_t *p, ovxc_ttype t, __mmask16 m)
{
    switch (t) {
    case OVXC_T_U8: return _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(m, p));
    case OVXC_T_S8: return _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(m, p));
    default: return _mm512_cvtepi16_epi32(_mm256_maskz_loadu_epi16(m, p));
    }
}

static inline __attribute__((always_inline)) void int_run(const uint8_t *a, const ovxc_ttype ta, uint8_t *o,
                                                          const ovxc_ttype to, size_t n, const int saturate, int e,
                                                          const float *scales)
{
    const size_t ea = ovxc_ttype_size(ta), eo = ovxc_ttype_size(to);
    const __m512i lo = _mm512_set1_epi32(ovxc_ttype_min(to)), hi = _mm512_set1_epi32(ovxc_ttype_max(to));
    const __m128i cnt = _mm_cvtsi32_si128(e < 0 ? -e : e);
    const __m512i bias = _mm512_set1_epi32(e < 0 ? (1 << -e) - 1 : 0);
    (void)scales; /* the last elements too by masks: no scalar tail */
    for (size_t i = 0; i < n; i += 16) {
        const __mmask16 m = n - i >= 16 ? (__mmask16)0xFFFF : (__mmask16)((1u << (n - i)) - 1);
        __m512i q = int_load16(a + i * ea, ta, m);
        if (e >= 0) {
            q = _mm512_sll_epi32(q, cnt);
        } else if (ta != OVXC_T_U8) {
            q = _mm512_sra_epi32(_mm512_add_epi32(q, _mm512_and_si512(_mm512_srai_epi32(q, 31), bias)), cnt);
        } else {
            q = _mm512_srl_epi32(q, cnt);
        }
        if (saturate) q = _mm512_min_epi32(_mm512_max_epi32(q, lo), hi);
        if (eo == 2) _mm512_mask_cvtepi32_storeu_epi16(o + i * eo, m, q);
        else _mm512_mask_cvtepi32_storeu_epi8(o + i * eo, m, q);
    }
}

static inline __attribute__((always_inline)) __m512 cvt_load16(const uint8_t *p, ovxc_ttype t)
{
    switch (t) {
    case OVXC_T_U8: return _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)p)));
    case OVXC_T_S8: return _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128((const __m128i *)(const void *)p)));
    case OVXC_T_S16:
        return _mm512_cvtepi32_ps(_mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)(const void *)p)));
    default: return _mm512_loadu_ps((const float *)(const void *)p);
    }
}

/* 16 int32 lanes holding values of t's range, or (wrap) any: their low bits */
static inline __attribute__((always_inline)) void cvt_store16(uint8_t *p, ovxc_ttype t, __m512i q)
{
    if (t == OVXC_T_S16) _mm256_storeu_si256((__m256i *)(void *)p, _mm512_cvtepi32_epi16(q));
    else _mm_storeu_si128((__m128i *)(void *)p, _mm512_cvtepi32_epi8(q));
}

static inline __attribute__((always_inline)) void cvt_run(const uint8_t *a, const ovxc_ttype ta, uint8_t *o,
                                                          const ovxc_ttype to, size_t n, const int saturate,
                                                          float in_scale, float offset, float inv_norm,
                                                          float out_scale)
{
    const size_t ea = ovxc_ttype_size(ta), eo = ovxc_ttype_size(to);
    const __m512 isc = _mm512_set1_ps(in_scale), off = _mm512_set1_ps(offset), inv = _mm512_set1_ps(inv_norm);
    const __m512 osc = _mm512_set1_ps(out_scale);
    const __m512 lo = _mm512_set1_ps((float)ovxc_ttype_min(to)), hi = _mm512_set1_ps((float)ovxc_ttype_max(to));
    const __m512 lim = _mm512_set1_ps(2147483648.0f);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512 v = _mm512_mul_ps(cvt_load16(a + i * ea, ta), isc);
        v = _mm512_mul_ps(_mm512_sub_ps(v, off), inv);
        v = _mm512_mul_ps(v, osc);
        if (to == OVXC_T_F32) {
            _mm512_storeu_ps((float *)(void *)(o + i * eo), v);
        } else if (saturate) {
            const __mmask16 num = _mm512_cmp_ps_mask(v, v, _CMP_ORD_Q);
            const __m512 c = _mm512_min_ps(_mm512_max_ps(v, lo), hi);
            cvt_store16(o + i * eo, to, _mm512_maskz_mov_epi32(num, _mm512_cvttps_epi32(c)));
        } else {
            /* |v| < 2^31 (false for NaN) in every lane, else the scalar row */
            if (_mm512_cmp_ps_mask(_mm512_abs_ps(v), lim, _CMP_NLT_UQ)) {
                ovxc_tensor_convert_row(a + i * ea, ta, o + i * eo, to, 16, saturate, in_scale, offset, inv_norm,
                                        out_scale);
                continue;
            }
            cvt_store16(o + i * eo, to, _mm512_cvttps_epi32(v));
        }
    }
    if (i < n)
        ovxc_tensor_convert_row(a + i * ea, ta, o + i * eo, to, n - i, saturate, in_scale, offset, inv_norm, out_scale);
}

#define TCVT_FN ovxc_tensor_convert_row_avx512
#include "tensorops_cvt.inc"
#undef TCVT_FN
