/* Pixelwise U8 row routines, AVX2 variants (compiled with -mavx2 alone; see
 * pixel.h).  32 pixels a step, the rest by the scalar reference. */
#include "pixel.h"

#include <immintrin.h>
#include <math.h>

#define V __m256i
#define LOAD(p) _mm256_loadu_si256((const V *)(p))
#define STORE(p, v) _mm256_storeu_si256((V *)(p), v)

#define ROW(name, expr)                                                                                        \
    void ovxc_row_##name##_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                     \
    {                                                                                                          \
        size_t i = 0;                                                                                          \
        const V ones = _mm256_set1_epi8(-1);                                                                   \
        (void)ones;                                                                                            \
        for (; i + 32 <= n; i += 32) {                                                                         \
            V x = LOAD(a + i), y = b ? LOAD(b + i) : ones;                                                     \
            (void)y;                                                                                           \
            STORE(o + i, expr);                                                                                \
        }                                                                                                      \
        if (i < n) ovxc_row_##name##_scalar(a + i, b ? b + i : NULL, o + i, n - i);                           \
    }

ROW(add_u8_sat, _mm256_adds_epu8(x, y))
ROW(add_u8_wrap, _mm256_add_epi8(x, y))
ROW(sub_u8_sat, _mm256_subs_epu8(x, y))
ROW(sub_u8_wrap, _mm256_sub_epi8(x, y))
ROW(absdiff_u8, _mm256_or_si256(_mm256_subs_epu8(x, y), _mm256_subs_epu8(y, x)))
ROW(and_u8, _mm256_and_si256(x, y))
ROW(or_u8, _mm256_or_si256(x, y))
ROW(xor_u8, _mm256_xor_si256(x, y))
ROW(not_u8, _mm256_xor_si256(x, ones))
ROW(min_u8, _mm256_min_epu8(x, y))
ROW(max_u8, _mm256_max_epu8(x, y))

/* S16: 16 pixels (32 bytes) a step. */
#define ROW16(name, expr)                                                                                      \
    void ovxc_row_##name##_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n)                     \
    {                                                                                                          \
        size_t i = 0;                                                                                          \
        for (; i + 16 <= n; i += 16) {                                                                         \
            V x = LOAD(a + 2 * i), y = LOAD(b + 2 * i);                                                        \
            STORE(o + 2 * i, expr);                                                                            \
        }                                                                                                      \
        if (i < n) ovxc_row_##name##_scalar(a + 2 * i, b + 2 * i, o + 2 * i, n - i);                          \
    }

ROW16(add_s16_sat, _mm256_adds_epi16(x, y))
ROW16(add_s16_wrap, _mm256_add_epi16(x, y))
ROW16(sub_s16_sat, _mm256_subs_epi16(x, y))
ROW16(sub_s16_wrap, _mm256_sub_epi16(x, y))
/* max - min is |x - y| as an unsigned 16-bit number; clamp it to 32767 */
ROW16(absdiff_s16, _mm256_min_epu16(_mm256_sub_epi16(_mm256_max_epi16(x, y), _mm256_min_epi16(x, y)),
                                    _mm256_set1_epi16(0x7fff)))

ROW16(min_s16, _mm256_min_epi16(x, y))
ROW16(max_s16, _mm256_max_epi16(x, y))

/* ---- Multiply: 8 pixels a step in double precision, as the scalar
 * reference: the product (exact in int32) times the scale (one rounding, the
 * same in both), rounded to nearest even or toward zero, clamped to the
 * output's range (saturate), converted to int32 and narrowed.  Wrapping
 * takes the low bits of the int32, which are those of the reference's int64
 * while |value| < 2^31: a scale that could pass it leaves the row to the
 * reference, as does the tail. */

static inline __m128i mul4(__m128i p, __m256d s, int nearest_even, int saturate, __m256d lo, __m256d hi)
{
    __m256d v = _mm256_mul_pd(_mm256_cvtepi32_pd(p), s);
    v = nearest_even ? _mm256_round_pd(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)
                     : _mm256_round_pd(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    if (saturate) v = _mm256_min_pd(_mm256_max_pd(v, lo), hi);
    return _mm256_cvttpd_epi32(v);
}


/* p (0..65535 in 16-bit lanes) times 2^-j, 1 <= j <= 15, rounded: toward zero
 * the shift; to nearest even up when the dropped bits pass a half, or are a
 * half and the kept value is odd */
static inline __m256i shr_round16(__m256i p, int j, int nearest_even)
{
    __m256i q = _mm256_srli_epi16(p, j), r, half, up;
    if (!nearest_even) return q;
    r = _mm256_and_si256(p, _mm256_set1_epi16((short)((1 << j) - 1)));
    half = _mm256_set1_epi16((short)(1 << (j - 1)));
    up = _mm256_or_si256(_mm256_cmpgt_epi16(r, half),
                         _mm256_and_si256(_mm256_cmpeq_epi16(r, half),
                                          _mm256_cmpeq_epi16(_mm256_and_si256(q, _mm256_set1_epi16(1)),
                                                             _mm256_set1_epi16(1))));
    return _mm256_sub_epi16(q, up);
}

/* U8 x U8 at a power-of-two scale 2^e, -15 <= e <= 7, or (e = OVXC_MUL_DIV255) at the
 * float 1/255 the API passes: 32 pixels a step in 16-bit lanes (the product
 * is below 2^16).  For the float 1/255 = 1/255 (1 + 1.5e-8), p times it (exact
 * in double) is never a half-integer and lies 1.5e-5 at most above p / 255:
 * to nearest, round(p / 255) = floor((p + 127) / 255); toward zero, floor(p /
 * 255); and floor(x / 255) = (x + 1 + (x >> 8)) >> 8 for x < 65280 (every p
 * checked against the double arithmetic by the variant tests). */
static size_t mul_u8_pow2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, int e, int saturate,
                          int nearest_even)
{
    size_t i = 0;
    const __m256i low = _mm256_set1_epi16(0xFF), top = _mm256_set1_epi16(255);
    for (; i + 32 <= n; i += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(a + i));
        __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + i));
        __m256i z = _mm256_setzero_si256(), v[2];
        int h;
        for (h = 0; h < 2; h++) {
            __m256i p = _mm256_mullo_epi16(h ? _mm256_unpackhi_epi8(x, z) : _mm256_unpacklo_epi8(x, z),
                                           h ? _mm256_unpackhi_epi8(y, z) : _mm256_unpacklo_epi8(y, z));
            if (e == OVXC_MUL_DIV255) { /* below 256: no clamp, and wrapping keeps it */
                __m256i x = nearest_even ? _mm256_add_epi16(p, _mm256_set1_epi16(127)) : p;
                v[h] = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(x, _mm256_set1_epi16(1)), _mm256_srli_epi16(x, 8)), 8);
            } else if (e > 0) { /* p 2^e: saturated, p capped first so the shift stays in 16 bits */
                v[h] = saturate ? _mm256_min_epu16(_mm256_slli_epi16(_mm256_min_epu16(p, top), e), top)
                                : _mm256_and_si256(_mm256_slli_epi16(p, e), low);
            } else {
                __m256i q = e == 0 ? p : shr_round16(p, -e, nearest_even);
                v[h] = saturate ? _mm256_min_epu16(q, top) : _mm256_and_si256(q, low);
            }
        }
        /* both 0..255: the pack is exact; unpack and pack work within 128-bit
         * lanes, so the order comes back */
        _mm256_storeu_si256((__m256i *)(void *)(o + i), _mm256_packus_epi16(v[0], v[1]));
    }
    return i;
}

/* S16 x S16 at a power-of-two scale 2^-j, 0 <= j <= 30: the int32 product
 * (mullo/mulhi halves joined) shifted, 16 pixels a step; nearest even as
 * (p + 2^(j-1) - 1 + bit j of p) >> j, toward zero as (p + (p < 0 ? 2^j - 1
 * : 0)) >> j (arithmetic shifts: floors) */
__attribute__((always_inline)) static inline __m256i mul_s16_round(__m256i p, int j, int nearest_even, __m128i cj, __m256i one, __m256i bias)
{
    if (nearest_even)
        return _mm256_sra_epi32(_mm256_add_epi32(_mm256_add_epi32(p, bias), _mm256_and_si256(_mm256_sra_epi32(p, cj), one)),
                                cj);
    return _mm256_sra_epi32(_mm256_add_epi32(p, _mm256_and_si256(_mm256_srai_epi32(p, 31), bias)), cj);
    (void)j;
}

__attribute__((always_inline)) static inline size_t mul_s16_pow2_loop(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, int j, int saturate,
                                       int nearest_even)
{
    size_t i = 0;
    const __m128i cj = _mm_cvtsi32_si128(j);
    const __m256i one = _mm256_set1_epi32(1), low = _mm256_set1_epi32(0xFFFF);
    /* nearest even: 2^(j-1) - 1; toward zero: 2^j - 1 */
    const __m256i bias = _mm256_set1_epi32(nearest_even ? (int)((1u << j >> 1) - (j ? 1u : 0u)) : (int)((1u << j) - 1u));
    for (; i + 16 <= n; i += 16) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(a + 2 * i));
        __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + 2 * i));
        __m256i lo = _mm256_mullo_epi16(x, y), hi = _mm256_mulhi_epi16(x, y);
        __m256i q0 = _mm256_unpacklo_epi16(lo, hi), q1 = _mm256_unpackhi_epi16(lo, hi);
        if (j) {
            q0 = mul_s16_round(q0, j, nearest_even, cj, one, bias);
            q1 = mul_s16_round(q1, j, nearest_even, cj, one, bias);
        }
        if (!saturate) q0 = _mm256_and_si256(q0, low), q1 = _mm256_and_si256(q1, low);
        _mm256_storeu_si256((__m256i *)(void *)(o + 2 * i),
                            saturate ? _mm256_packs_epi32(q0, q1) : _mm256_packus_epi32(q0, q1));
    }
    return i;
}

static size_t mul_s16_pow2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, int j, int saturate,
                           int nearest_even)
{
    /* one loop per mode: no test inside */
    if (j == 0) return saturate ? mul_s16_pow2_loop(a, b, o, n, 0, 1, 0) : mul_s16_pow2_loop(a, b, o, n, 0, 0, 0);
    if (saturate)
        return nearest_even ? mul_s16_pow2_loop(a, b, o, n, j, 1, 1) : mul_s16_pow2_loop(a, b, o, n, j, 1, 0);
    return nearest_even ? mul_s16_pow2_loop(a, b, o, n, j, 0, 1) : mul_s16_pow2_loop(a, b, o, n, j, 0, 0);
}

/* 8 products of U8 pixels a[0..7] * b[0..7] times scale s, rounded and
 * clamped to [lo, hi] as mul4 does: lanes 0-3 in *l, 4-7 in *h (int32) */
static inline void mul8_u8(const uint8_t *a, const uint8_t *b, __m256d s, int nearest_even, int saturate, __m256d lo,
                           __m256d hi, __m128i *l, __m128i *h)
{
    __m256i x = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)a));
    __m256i y = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)b));
    __m256i p = _mm256_mullo_epi16(x, y); /* < 2^16: the 16-bit product is the 32-bit one */
    *l = mul4(_mm256_castsi256_si128(p), s, nearest_even, saturate, lo, hi);
    *h = mul4(_mm256_extracti128_si256(p, 1), s, nearest_even, saturate, lo, hi);
}

void ovxc_row_mul_u8_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                          int nearest_even)
{
    size_t i = 0;
    int e = ovxc_mul_pow2_exponent(scale);
    if ((e >= -15 && e <= 7) || e == OVXC_MUL_DIV255) {
        i = mul_u8_pow2(a, b, o, n, e, saturate, nearest_even);
        if (i < n) ovxc_row_mul_u8_scalar(a + i, b + i, o + i, n - i, scale, saturate, nearest_even);
        return;
    }
    const __m256d s = _mm256_set1_pd(scale), lo = _mm256_set1_pd(0.0), hi = _mm256_set1_pd(255.0);
    const __m128i low = _mm_set1_epi32(0xFF);
    if (saturate || fabs(scale) * 65025.0 < 2147483520.0) {
        for (; i + 8 <= n; i += 8) {
            __m128i l, h;
            mul8_u8(a + i, b + i, s, nearest_even, saturate, lo, hi, &l, &h);
            __m128i w;
            if (!saturate) l = _mm_and_si128(l, low), h = _mm_and_si128(h, low);
            w = _mm_packus_epi32(l, h); /* 0..255 either way: exact */
            _mm_storel_epi64((__m128i *)(void *)(o + i), _mm_packus_epi16(w, w));
        }
    }
    if (i < n) ovxc_row_mul_u8_scalar(a + i, b + i, o + i, n - i, scale, saturate, nearest_even);
}

void ovxc_row_mul_s16_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                           int nearest_even)
{
    size_t i = 0;
    int e = ovxc_mul_pow2_exponent(scale);
    if (e >= -30 && e <= 0) {
        i = mul_s16_pow2(a, b, o, n, -e, saturate, nearest_even);
        if (i < n) ovxc_row_mul_s16_scalar(a + 2 * i, b + 2 * i, o + 2 * i, n - i, scale, saturate, nearest_even);
        return;
    }
    const __m256d s = _mm256_set1_pd(scale), lo = _mm256_set1_pd(-32768.0), hi = _mm256_set1_pd(32767.0);
    const __m128i low = _mm_set1_epi32(0xFFFF);
    if (saturate || fabs(scale) * 1073741824.0 < 2147483520.0) {
        for (; i + 8 <= n; i += 8) {
            /* the samples zero-extended: madd's signed 16-bit halves are a and 0 */
            __m256i x = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)(a + 2 * i)));
            __m256i y = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(const void *)(b + 2 * i)));
            __m256i p = _mm256_madd_epi16(x, y);
            __m128i l = mul4(_mm256_castsi256_si128(p), s, nearest_even, saturate, lo, hi);
            __m128i h = mul4(_mm256_extracti128_si256(p, 1), s, nearest_even, saturate, lo, hi);
            if (saturate) {
                _mm_storeu_si128((__m128i *)(void *)(o + 2 * i), _mm_packs_epi32(l, h));
            } else {
                _mm_storeu_si128((__m128i *)(void *)(o + 2 * i), _mm_packus_epi32(_mm_and_si128(l, low), _mm_and_si128(h, low)));
            }
        }
    }
    if (i < n) ovxc_row_mul_s16_scalar(a + 2 * i, b + 2 * i, o + 2 * i, n - i, scale, saturate, nearest_even);
}

/* U8 x U8 -> S16.  At the float 1/255 (OVXC_MUL_DIV255 above: 0..255, no clamp, no
 * wrap) or 2^e, -15 <= e <= 0 (at most 65025: toward zero or to nearest even
 * by shr_round16; only 2^0 can pass 32767: clamped, or kept as the low 16
 * bits, which the unsigned lane already is): 16 pixels a step in 16-bit lanes,
 * bytes widened in order.  Other scales: the double arithmetic of the
 * U8 x U8 -> U8 row, packed to 16 bits (saturating: the value is already
 * clamped; wrapping: the low 16 bits of the int32, those of the reference's
 * int64 while the value stays below 2^31). */
static size_t mul_u8s16_fast(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, int e, int saturate,
                             int nearest_even)
{
    size_t i = 0;
    const __m256i top = _mm256_set1_epi16(32767), one = _mm256_set1_epi16(1), bias = _mm256_set1_epi16(127);
    for (; i + 16 <= n; i += 16) {
        __m256i x = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(a + i)));
        __m256i y = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(b + i)));
        __m256i p = _mm256_mullo_epi16(x, y), v;
        if (e == OVXC_MUL_DIV255) {
            __m256i q = nearest_even ? _mm256_add_epi16(p, bias) : p;
            v = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(q, one), _mm256_srli_epi16(q, 8)), 8);
        } else if (e == 0) {
            v = saturate ? _mm256_min_epu16(p, top) : p;
        } else {
            v = shr_round16(p, -e, nearest_even); /* at most 32513 */
        }
        _mm256_storeu_si256((__m256i *)(void *)(o + 2 * i), v);
    }
    return i;
}

void ovxc_row_mul_u8s16_avx2(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale, int saturate,
                             int nearest_even)
{
    size_t i = 0;
    int e = ovxc_mul_pow2_exponent(scale);
    if ((e >= -15 && e <= 0) || e == OVXC_MUL_DIV255) {
        /* one loop per case: no test inside */
        if (e == OVXC_MUL_DIV255)
            i = nearest_even ? mul_u8s16_fast(a, b, o, n, OVXC_MUL_DIV255, saturate, 1)
                             : mul_u8s16_fast(a, b, o, n, OVXC_MUL_DIV255, saturate, 0);
        else if (e == 0)
            i = saturate ? mul_u8s16_fast(a, b, o, n, 0, 1, nearest_even) : mul_u8s16_fast(a, b, o, n, 0, 0, nearest_even);
        else
            i = nearest_even ? mul_u8s16_fast(a, b, o, n, e, saturate, 1) : mul_u8s16_fast(a, b, o, n, e, saturate, 0);
        if (i < n) ovxc_row_mul_u8s16_scalar(a + i, b + i, o + 2 * i, n - i, scale, saturate, nearest_even);
        return;
    }
    const __m256d s = _mm256_set1_pd(scale), lo = _mm256_set1_pd(-32768.0), hi = _mm256_set1_pd(32767.0);
    const __m128i low = _mm_set1_epi32(0xFFFF);
    if (saturate || fabs(scale) * 65025.0 < 2147483520.0) {
        for (; i + 8 <= n; i += 8) {
            __m128i l, h;
            mul8_u8(a + i, b + i, s, nearest_even, saturate, lo, hi, &l, &h);
            _mm_storeu_si128((__m128i *)(void *)(o + 2 * i),
                             saturate ? _mm_packs_epi32(l, h) : _mm_packus_epi32(_mm_and_si128(l, low), _mm_and_si128(h, low)));
        }
    }
    if (i < n) ovxc_row_mul_u8s16_scalar(a + i, b + i, o + 2 * i, n - i, scale, saturate, nearest_even);
}
