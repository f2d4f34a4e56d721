/* Pixelwise U8 row routines, AVX-512 (F+BW) variants (compiled with
 * -mavx512f -mavx512bw alone; see pixel.h).  64 pixels a step; the tail is a
 * masked load/store, so no scalar loop. */
#include "pixel.h"

#include <immintrin.h>

#define V __m512i

#define ROW(name, expr)                                                                                        \
    void ovxc_row_##name##_avx512(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                   \
    {                                                                                                          \
        size_t i = 0;                                                                                          \
        const V ones = _mm512_set1_epi8(-1);                                                                   \
        (void)ones;                                                                                            \
        for (; i + 64 <= n; i += 64) {                                                                         \
            V x = _mm512_loadu_si512((const void *)(a + i));                                                   \
            V y = b ? _mm512_loadu_si512((const void *)(b + i)) : ones;                                        \
            (void)y;                                                                                           \
            _mm512_storeu_si512((void *)(o + i), expr);                                                        \
        }                                                                                                      \
        if (i < n) {                                                                                           \
            __mmask64 m = _cvtu64_mask64((~0ULL) >> (64 - (n - i)));                                           \
            V x = _mm512_maskz_loadu_epi8(m, a + i);                                                           \
            V y = b ? _mm512_maskz_loadu_epi8(m, b + i) : ones;                                                \
            (void)y;                                                                                           \
            _mm512_mask_storeu_epi8(o + i, m, expr);                                                           \
        }                                                                                                      \
    }

ROW(add_u8_sat, _mm512_adds_epu8(x, y))
ROW(add_u8_wrap, _mm512_add_epi8(x, y))
ROW(sub_u8_sat, _mm512_subs_epu8(x, y))
ROW(sub_u8_wrap, _mm512_sub_epi8(x, y))
ROW(absdiff_u8, _mm512_or_si512(_mm512_subs_epu8(x, y), _mm512_subs_epu8(y, x)))
ROW(and_u8, _mm512_and_si512(x, y))
ROW(or_u8, _mm512_or_si512(x, y))
ROW(xor_u8, _mm512_xor_si512(x, y))
ROW(not_u8, _mm512_xor_si512(x, ones))
ROW(min_u8, _mm512_min_epu8(x, y))
ROW(max_u8, _mm512_max_epu8(x, y))

/* S16: 32 pixels (64 bytes) a step, the tail masked per 16-bit lane. */
#define ROW16(name, expr)                                                                                      \
    void ovxc_row_##name##_avx512(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                   \
    {                                                                                                          \
        size_t i = 0;                                                                                          \
        for (; i + 32 <= n; i += 32) {                                                                         \
            V x = _mm512_loadu_si512((const void *)(a + 2 * i)), y = _mm512_loadu_si512((const void *)(b + 2 * i)); \
            _mm512_storeu_si512((void *)(o + 2 * i), expr);                                                    \
        }                                                                                                      \
        if (i < n) {                                                                                           \
            __mmask32 m = _cvtu32_mask32((~0U) >> (32 - (n - i)));                                             \
            V x = _mm512_maskz_loadu_epi16(m, a + 2 * i), y = _mm512_maskz_loadu_epi16(m, b + 2 * i);          \
            _mm512_mask_storeu_epi16(o + 2 * i, m, expr);                                                      \
        }                                                                                                      \
    }

ROW16(add_s16_sat, _mm512_adds_epi16(x, y))
ROW16(add_s16_wrap, _mm512_add_epi16(x, y))
ROW16(sub_s16_sat, _mm512_subs_epi16(x, y))
ROW16(sub_s16_wrap, _mm512_sub_epi16(x, y))
ROW16(absdiff_s16, _mm512_min_epu16(_mm512_sub_epi16(_mm512_max_epi16(x, y), _mm512_min_epi16(x, y)),
                                    _mm512_set1_epi16(0x7fff)))
ROW16(min_s16, _mm512_min_epi16(x, y))
ROW16(max_s16, _mm512_max_epi16(x, y))

/* ---- Multiply: 16 pixels a step in double precision, as the scalar
 * reference: the product times the scale (one rounding, the same in both),
 * rounded to nearest even or toward zero, clamped to the output's range
 * (saturate) or to +-2^62 (wrap: the int64 conversion then keeps the low
 * bits), converted to int64 and narrowed by truncation.  Any scale; the tail
 * is the reference. */

static inline __m512i mul8(__m256i p, __m512d s, int nearest_even, __m512d lo, __m512d hi)
{
    __m512d v = _mm512_mul_pd(_mm512_cvtepi32_pd(p), s);
    v = nearest_even ? _mm512_roundscale_pd(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
                     : _mm512_roundscale_pd(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    return _mm512_cvttpd_epi64(_mm512_min_pd(_mm512_max_pd(v, lo), hi));
}

static inline void mul_bounds(int saturate, double out_lo, double out_hi, __m512d *lo, __m512d *hi)
{
    *lo = _mm512_set1_pd(saturate ? out_lo : -4611686018427387904.0);
    *hi = _mm512_set1_pd(saturate ? out_hi : 4611686018427387904.0);
}

/* The integer paths (compute/pixel_avx2.c has the same in 256 bits, and the
 * derivations).  U8 x U8 at 2^e, -15 <= e <= 7, or at the float 1/255
 * (e = OVXC_MUL_DIV255): 64 pixels a step in 16-bit lanes (the product is
 * below 2^16); the tail masked. */

/* p (0..65535 in 16-bit lanes) times 2^-j, 1 <= j <= 15: toward zero the
 * shift; to nearest even one up when the dropped bits pass a half, or are a
 * half and the kept value is odd */
static inline __m512i shr_round16(__m512i p, int j, int nearest_even)
{
    __m512i q = _mm512_srli_epi16(p, (unsigned)j), one = _mm512_set1_epi16(1), half, r;
    __mmask32 up;
    if (!nearest_even) return q;
    r = _mm512_and_si512(p, _mm512_set1_epi16((short)((1 << j) - 1)));
    half = _mm512_set1_epi16((short)(1 << (j - 1)));
    up = _mm512_cmpgt_epu16_mask(r, half) | (_mm512_cmpeq_epi16_mask(r, half) & _mm512_test_epi16_mask(q, one));
    return _mm512_mask_add_epi16(q, up, q, one);
}

__attribute__((always_inline)) static inline __m512i mul_u8_int_half(__m512i p, int e, int saturate, int nearest_even)
{
    const __m512i low = _mm512_set1_epi16(0xFF), top = _mm512_set1_epi16(255);
    if (e == OVXC_MUL_DIV255) { /* below 256: no clamp, and wrapping keeps it */
        __m512i x = nearest_even ? _mm512_add_epi16(p, _mm512_set1_epi16(127)) : p;
        return _mm512_srli_epi16(_mm512_add_epi16(_mm512_add_epi16(x, _mm512_set1_epi16(1)), _mm512_srli_epi16(x, 8)), 8);
    }
    if (e > 0) /* saturated, p capped first so the shift stays in 16 bits */
        return saturate ? _mm512_min_epu16(_mm512_slli_epi16(_mm512_min_epu16(p, top), (unsigned)e), top)
                        : _mm512_and_si512(_mm512_slli_epi16(p, (unsigned)e), low);
    p = e == 0 ? p : shr_round16(p, -e, nearest_even);
    return saturate ? _mm512_min_epu16(p, top) : _mm512_and_si512(p, low);
}

/* both halves 0..255: the pack is exact; unpack and pack work within 128-bit
 * lanes, so the order comes back */
__attribute__((always_inline)) static inline __m512i mul_u8_int64(__m512i x, __m512i y, int e, int saturate, int nearest_even)
{
    const __m512i z = _mm512_setzero_si512();
    __m512i l = _mm512_mullo_epi16(_mm512_unpacklo_epi8(x, z), _mm512_unpacklo_epi8(y, z));
    __m512i h = _mm512_mullo_epi16(_mm512_unpackhi_epi8(x, z), _mm512_unpackhi_epi8(y, z));
    return _mm512_packus_epi16(mul_u8_int_half(l, e, saturate, nearest_even), mul_u8_int_half(h, e, saturate, nearest_even));
}

__attribute__((always_inline)) static inline void mul_u8_int(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, int e,
                                                             int saturate, int nearest_even)
{
    size_t i = 0;
    for (; i + 64 <= n; i += 64)
        _mm512_storeu_si512((void *)(o + i), mul_u8_int64(_mm512_loadu_si512((const void *)(a + i)),
                                                          _mm512_loadu_si512((const void *)(b + i)), e, saturate,
                                                          nearest_even));
    if (i < n) {
        __mmask64 m = _cvtu64_mask64((~0ULL) >> (64 - (n - i)));
        _mm512_mask_storeu_epi8(o + i, m, mul_u8_int64(_mm512_maskz_loadu_epi8(m, a + i), _mm512_maskz_loadu_epi8(m, b + i), e,
                                                      saturate, nearest_even));
    }
}

/* S16 x S16 at 2^-j, 0 <= j <= 30: the int32 product (mullo/mulhi halves
 * joined) shifted, 32 pixels a step; nearest even as (p + 2^(j-1) - 1 + bit
 * j of p) >> j, toward zero as (p + (p < 0 ? 2^j - 1 : 0)) >> j (arithmetic
 * shifts: floors); the tail masked */
__attribute__((always_inline)) static inline __m512i mul_s16_round(__m512i p, int nearest_even, __m128i cj, __m512i one,
                                                                   __m512i bias)
{
    if (nearest_even)
        return _mm512_sra_epi32(_mm512_add_epi32(_mm512_add_epi32(p, bias), _mm512_and_si512(_mm512_sra_epi32(p, cj), one)),
                                cj);
    return _mm512_sra_epi32(_mm512_add_epi32(p, _mm512_and_si512(_mm512_srai_epi32(p, 31), bias)), cj);
}

__attribute__((always_inline)) static inline __m512i mul_s16_int32(__m512i x, __m512i y, int j, int saturate,
                                                                   int nearest_even, __m128i cj, __m512i bias)
{
    const __m512i one = _mm512_set1_epi32(1), low = _mm512_set1_epi32(0xFFFF);
    __m512i lo = _mm512_mullo_epi16(x, y), hi = _mm512_mulhi_epi16(x, y);
    __m512i q0 = _mm512_unpacklo_epi16(lo, hi), q1 = _mm512_unpackhi_epi16(lo, hi);
    if (j) {
        q0 = mul_s16_round(q0, nearest_even, cj, one, bias);
        q1 = mul_s16_round(q1, nearest_even, cj, one, bias);
    }
    if (saturate) return _mm512_packs_epi32(q0, q1);
    return _mm512_packus_epi32(_mm512_and_si512(q0, low), _mm512_and_si512(q1, low));
}

__attribute__((always_inline)) static inline void mul_s16_int(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, int j,
                                                              int saturate, int nearest_even)
{
    size_t i = 0;
    const __m128i cj = _mm_cvtsi32_si128(j);
    /* nearest even: 2^(j-1) - 1; toward zero: 2^j - 1 */
    const __m512i bias =
        _mm512_set1_epi32(nearest_even ? (int)((1u << j >> 1) - (j ? 1u : 0u)) : (int)((1u << j) - 1u));
    for (; i + 32 <= n; i += 32)
        _mm512_storeu_si512((void *)(o + 2 * i),
                            mul_s16_int32(_mm512_loadu_si512((const void *)(a + 2 * i)),
                                          _mm512_loadu_si512((const void *)(b + 2 * i)), j, saturate, nearest_even, cj, bias));
    if (i < n) {
        __mmask32 m = _cvtu32_mask32((~0U) >> (32 - (n - i)));
        _mm512_mask_storeu_epi16(o + 2 * i, m,
                                 mul_s16_int32(_mm512_maskz_loadu_epi16(m, a + 2 * i), _mm512_maskz_loadu_epi16(m, b + 2 * i),
                                               j, saturate, nearest_even, cj, bias));
    }
}

void ovxc_row_mul_u8_avx512(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                            int nearest_even)
{
    size_t i = 0;
    const __m512d s = _mm512_set1_pd(scale);
    __m512d lo, hi;
    int e = ovxc_mul_pow2_exponent(scale);
    if ((e >= -15 && e <= 7) || e == OVXC_MUL_DIV255) {
        /* one loop per case: no test inside */
        if (e == OVXC_MUL_DIV255)
            nearest_even ? mul_u8_int(a, b, o, n, OVXC_MUL_DIV255, saturate, 1)
                         : mul_u8_int(a, b, o, n, OVXC_MUL_DIV255, saturate, 0);
        else if (e > 0)
            saturate ? mul_u8_int(a, b, o, n, e, 1, nearest_even) : mul_u8_int(a, b, o, n, e, 0, nearest_even);
        else if (e == 0)
            saturate ? mul_u8_int(a, b, o, n, 0, 1, 0) : mul_u8_int(a, b, o, n, 0, 0, 0);
        else if (saturate)
            nearest_even ? mul_u8_int(a, b, o, n, e, 1, 1) : mul_u8_int(a, b, o, n, e, 1, 0);
        else
            nearest_even ? mul_u8_int(a, b, o, n, e, 0, 1) : mul_u8_int(a, b, o, n, e, 0, 0);
        return;
    }
    mul_bounds(saturate, 0.0, 255.0, &lo, &hi);
    for (; i + 16 <= n; i += 16) {
        __m512i x = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(a + i)));
        __m512i y = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(b + i)));
        __m512i p = _mm512_mullo_epi32(x, y);
        __m128i l = _mm512_cvtepi64_epi8(mul8(_mm512_castsi512_si256(p), s, nearest_even, lo, hi));
        __m128i h = _mm512_cvtepi64_epi8(mul8(_mm512_extracti64x4_epi64(p, 1), s, nearest_even, lo, hi));
        _mm_storeu_si128((__m128i *)(o + i), _mm_unpacklo_epi64(l, h));
    }
    if (i < n) ovxc_row_mul_u8_scalar(a + i, b + i, o + i, n - i, scale, saturate, nearest_even);
}

void ovxc_row_mul_s16_avx512(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                             int nearest_even)
{
    size_t i = 0;
    const __m512d s = _mm512_set1_pd(scale);
    __m512d lo, hi;
    int e = ovxc_mul_pow2_exponent(scale);
    if (e >= -30 && e <= 0) {
        /* one loop per case: no test inside */
        if (e == 0)
            saturate ? mul_s16_int(a, b, o, n, 0, 1, 0) : mul_s16_int(a, b, o, n, 0, 0, 0);
        else if (saturate)
            nearest_even ? mul_s16_int(a, b, o, n, -e, 1, 1) : mul_s16_int(a, b, o, n, -e, 1, 0);
        else
            nearest_even ? mul_s16_int(a, b, o, n, -e, 0, 1) : mul_s16_int(a, b, o, n, -e, 0, 0);
        return;
    }
    mul_bounds(saturate, -32768.0, 32767.0, &lo, &hi);
    for (; i + 16 <= n; i += 16) {
        __m512i x = _mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)(a + 2 * i)));
        __m512i y = _mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)(b + 2 * i)));
        __m512i p = _mm512_mullo_epi32(x, y);
        __m128i l = _mm512_cvtepi64_epi16(mul8(_mm512_castsi512_si256(p), s, nearest_even, lo, hi));
        __m128i h = _mm512_cvtepi64_epi16(mul8(_mm512_extracti64x4_epi64(p, 1), s, nearest_even, lo, hi));
        _mm256_storeu_si256((__m256i *)(o + 2 * i), _mm256_inserti128_si256(_mm256_castsi128_si256(l), h, 1));
    }
    if (i < n) ovxc_row_mul_s16_scalar(a + 2 * i, b + 2 * i, o + 2 * i, n - i, scale, saturate, nearest_even);
}
