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

/* ---- Tensor Convert Bit-Depth (ovxc_tensor_convert_row) ------------------
 *
 * 8 elements a step: the input as float (integers exactly), then the
 * reference's ((v in_scale - offset) inv_norm) out_scale.  Saturate: NaN to
 * 0, the rest clamped to the output's range (the reference's v <= lo, v >= hi
 * tests), truncated, packed.  Wrap: a step whose values all lie within
 * +-2^31 truncates in int32 (the reference's int64 has the same low bits);
 * other steps, NaN included, and the row's last elements take the scalar
 * row. */
static inline __m256 cvt_load8(const uint8_t *p, ovxc_ttype t)
{
    switch (t) {
    case OVXC_T_U8: return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)p)));
    case OVXC_T_S8: return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)p)));
    case OVXC_T_S16: return _mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(const void *)p)));
    default: return _mm256_loadu_ps((const float *)(const void *)p);
    }
}

/* Store 8 int32 lanes holding values of type t's range (or, wrapped, their
 * low bits in 0 .. 2^bits - 1 as unsigned). */
static inline void cvt_store8(uint8_t *p, ovxc_ttype t, __m256i q, int wrapped)
{
    const __m128i lo = _mm256_castsi256_si128(q), hi = _mm256_extracti128_si256(q, 1);
    if (t == OVXC_T_S16) {
        _mm_storeu_si128((__m128i *)(void *)p, wrapped ? _mm_packus_epi32(lo, hi) : _mm_packs_epi32(lo, hi));
    } else if (t == OVXC_T_U8 || wrapped) {
        const __m128i w = _mm_packus_epi32(lo, hi);
        _mm_storel_epi64((__m128i *)(void *)p, _mm_packus_epi16(w, w));
    } else {
        const __m128i w = _mm_packs_epi32(lo, hi);
        _mm_storel_epi64((__m128i *)(void *)p, _mm_packs_epi16(w, w));
    }
}

static inline __attribute__((always_inline)) void cvt_run(const uint8_t *a, const ovxc_ttype ta, uint8_t *o,
                                                          const ovxc_ttype to, size_t n, const int saturate,
                                                          float in_scale, float offset, float inv_norm,
                                                          float out_scale)
{
    const size_t ea = ovxc_ttype_size(ta), eo = ovxc_ttype_size(to);
    const __m256 isc = _mm256_set1_ps(in_scale), off = _mm256_set1_ps(offset), inv = _mm256_set1_ps(inv_norm);
    const __m256 osc = _mm256_set1_ps(out_scale);
    const __m256 lo = _mm256_set1_ps((float)ovxc_ttype_min(to)), hi = _mm256_set1_ps((float)ovxc_ttype_max(to));
    const __m256 lim = _mm256_set1_ps(2147483648.0f), sign = _mm256_set1_ps(-0.0f);
    const __m256i lowbits = _mm256_set1_epi32(to == OVXC_T_S16 ? 0xFFFF : 0xFF);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256 v = _mm256_mul_ps(cvt_load8(a + i * ea, ta), isc);
        v = _mm256_mul_ps(_mm256_sub_ps(v, off), inv);
        v = _mm256_mul_ps(v, osc);
        if (to == OVXC_T_F32) {
            _mm256_storeu_ps((float *)(void *)(o + i * eo), v);
        } else if (saturate) {
            const __m256 nan = _mm256_cmp_ps(v, v, _CMP_UNORD_Q);
            const __m256 c = _mm256_min_ps(_mm256_max_ps(v, lo), hi);
            cvt_store8(o + i * eo, to, _mm256_andnot_si256(_mm256_castps_si256(nan), _mm256_cvttps_epi32(c)), 0);
        } else {
            /* |v| < 2^31 (false for NaN) in every lane, else the scalar row */
            if (_mm256_movemask_ps(_mm256_cmp_ps(_mm256_andnot_ps(sign, v), lim, _CMP_NLT_UQ))) {
                ovxc_tensor_convert_row(a + i * ea, ta, o + i * eo, to, 8, saturate, in_scale, offset, inv_norm,
                                        out_scale);
                continue;
            }
            cvt_store8(o + i * eo, to, _mm256_and_si256(_mm256_cvttps_epi32(v), lowbits), 1);
        }
    }
    if (i < n)
        ovxc_tensor_convert_row(a + i * ea, ta, o + i * eo, to, n - i, saturate, in_scale, offset, inv_norm, out_scale);
}

/* Where the float rule is an exact shift (ovxc_tensor_convert_shift), 8
 * elements a step in int32 lanes: a << e, or a shifted right by -e rounding
 * toward zero (a + (2^s - 1 where a < 0), arithmetic shift: |a| < 2^16),
 * clamped to the output's range (saturate) or its low bits kept (wrap),
 * packed; the row's last elements by the scalar row. */
static inline __attribute__((always_inline)) void int_run(const uint8_t *a, const ovxc_ttype ta, uint8_t *o,
                                                          const ovxc_ttype to, size_t n, const int saturate, int e,
                                                          const float *scales)
{
    const size_t ea = ovxc_ttype_size(ta), eo = ovxc_ttype_size(to);
    const __m256i lo = _mm256_set1_epi32(ovxc_ttype_min(to)), hi = _mm256_set1_epi32(ovxc_ttype_max(to));
    const __m256i lowbits = _mm256_set1_epi32(to == OVXC_T_S16 ? 0xFFFF : 0xFF);
    const __m128i cnt = _mm_cvtsi32_si128(e < 0 ? -e : e);
    const __m256i bias = _mm256_set1_epi32(e < 0 ? (1 << -e) - 1 : 0);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        const __m128i raw = ta == OVXC_T_S16 ? _mm_loadu_si128((const __m128i *)(const void *)(a + i * ea))
                                             : _mm_loadl_epi64((const __m128i *)(const void *)(a + i * ea));
        __m256i q = ta == OVXC_T_U8 ? _mm256_cvtepu8_epi32(raw)
                                    : (ta == OVXC_T_S8 ? _mm256_cvtepi8_epi32(raw) : _mm256_cvtepi16_epi32(raw));
        if (e >= 0) q = _mm256_sll_epi32(q, cnt);
        else if (ta != OVXC_T_U8)
            q = _mm256_sra_epi32(_mm256_add_epi32(q, _mm256_and_si256(_mm256_srai_epi32(q, 31), bias)), cnt);
        else q = _mm256_srl_epi32(q, cnt);
        if (saturate) cvt_store8(o + i * eo, to, _mm256_min_epi32(_mm256_max_epi32(q, lo), hi), 0);
        else cvt_store8(o + i * eo, to, _mm256_and_si256(q, lowbits), 1);
    }
    if (i < n)
        ovxc_tensor_convert_row(a + i * ea, ta, o + i * eo, to, n - i, saturate, scales[0], scales[1], scales[2],
                                scales[3]);
}

#define TCVT_FN ovxc_tensor_convert_row_avx2
#include "tensorops_cvt.inc"
#undef TCVT_FN

/* ---- copy (transpose), 2-byte elements -------------------------------- */

/* 16 x 16 of 16 bits: row k (k < 16) of a at pa + k sa, 32 bytes, to row j of
 * o at po + j os, 32 bytes: o row j = element j of a's rows 0..15.  Rows k
 * and k + 8 share a register (one per lane), so one 8 x 8 transpose per lane
 * (three rounds of unpacks) serves both halves. */
static inline void copy_t16(const uint8_t *pa, size_t sa, uint8_t *po, size_t os)
{
    __m256i r[16], t[16];
    int k;
    for (k = 0; k < 8; k++) {
        r[k] = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(pa + k * sa))),
                                       _mm_loadu_si128((const __m128i *)(const void *)(pa + (k + 8) * sa)), 1);
        r[k + 8] = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(pa + k * sa + 16))),
            _mm_loadu_si128((const __m128i *)(const void *)(pa + (k + 8) * sa + 16)), 1);
    }
    for (int h = 0; h < 2; h++) { /* h: o rows 8 h .. 8 h + 7 */
        const __m256i *q = r + 8 * h;
        __m256i u[8], v[8];
        for (k = 0; k < 4; k++) {
            u[2 * k] = _mm256_unpacklo_epi16(q[2 * k], q[2 * k + 1]);
            u[2 * k + 1] = _mm256_unpackhi_epi16(q[2 * k], q[2 * k + 1]);
        }
        for (k = 0; k < 2; k++) {
            v[4 * k] = _mm256_unpacklo_epi32(u[4 * k], u[4 * k + 2]);
            v[4 * k + 1] = _mm256_unpackhi_epi32(u[4 * k], u[4 * k + 2]);
            v[4 * k + 2] = _mm256_unpacklo_epi32(u[4 * k + 1], u[4 * k + 3]);
            v[4 * k + 3] = _mm256_unpackhi_epi32(u[4 * k + 1], u[4 * k + 3]);
        }
        for (k = 0; k < 4; k++) {
            t[8 * h + 2 * k] = _mm256_unpacklo_epi64(v[k], v[4 + k]);
            t[8 * h + 2 * k + 1] = _mm256_unpackhi_epi64(v[k], v[4 + k]);
        }
    }
    for (k = 0; k < 16; k++) _mm256_storeu_si256((__m256i *)(void *)(po + k * os), t[k]);
}

void ovxc_tensor_copy_avx2(const ovxc_tensor *a, const ovxc_tensor *o, size_t elem_size, size_t r0, size_t r1)
{
    const size_t n = o->dims[0], d1 = o->num_dims > 1 ? o->dims[1] : 1, sa = a->strides[0];
    const size_t os1 = o->num_dims > 1 ? o->strides[1] : 0;
    size_t r = r0;
    /* the scalar's tiled case, 2-byte elements */
    if (!(elem_size == 2 && o->num_dims > 1 && o->strides[0] == 2 && sa != 2 && a->strides[1] == 2 && n >= 16)) {
        ovxc_tensor_copy(a, o, elem_size, r0, r1);
        return;
    }
    while (r < r1) {
        /* 16 or 32 rows of o along its dimension 1 (one run of a's columns):
         * 64 of a's rows a pass, each 64-byte line of them used whole */
        if (r % d1 + 16 <= d1 && r + 16 <= r1) {
            const size_t nt = r % d1 + 32 <= d1 && r + 32 <= r1 ? 2 : 1, n16 = n & ~(size_t)15;
            const uint8_t *pa = a->ptr + ovxc_tensor_row_offset(o, a, r);
            uint8_t *po = o->ptr + ovxc_tensor_row_offset(o, o, r);
            for (size_t i = 0; i < n16; i += 64)
                for (size_t t = 0; t < nt; t++)
                    for (size_t c = i; c < i + 64 && c < n16; c += 16)
                        copy_t16(pa + c * sa + 32 * t, sa, po + 16 * t * os1 + 2 * c, os1);
            for (size_t c = n16; c < n; c++) /* the last columns of o */
                for (size_t k = 0; k < 16 * nt; k++) memcpy(po + k * os1 + 2 * c, pa + c * sa + 2 * k, 2);
            r += 16 * nt;
            continue;
        }
        ovxc_tensor_copy(a, o, elem_size, r, r + 1);
        r++;
    }
}
