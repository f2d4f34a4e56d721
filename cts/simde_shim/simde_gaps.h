/*
 * Test-only: the AVX-512 intrinsics the library's compute/<family>_avx512.c
 * files use that SIMDe 0.7.4 (Debian bookworm's libsimde-dev) does not
 * provide, written here lane by lane from Intel's definitions (Intel
 * Intrinsics Guide).  Each is defined only when SIMDe has no alias of its
 * own, so a newer SIMDe's version wins.  Included by this directory's
 * immintrin.h after SIMDe.
 */
#ifndef OVX_CTS_SIMDE_GAPS_H
#define OVX_CTS_SIMDE_GAPS_H

#include <math.h>
#include <stdint.h>
#include <string.h>

/* mask registers are plain integers in SIMDe */
#if !defined(_cvtu32_mask32)
#define _cvtu32_mask32(a) ((simde__mmask32)(uint32_t)(a))
#endif
#if !defined(_cvtu64_mask64)
#define _cvtu64_mask64(a) ((simde__mmask64)(uint64_t)(a))
#endif

#define OVX_EMU_CVT(name, tin, pin, fin, tout, pout, fout, lanes, expr)                                        \
    static inline simde__##tout ovx_emu_##name(simde__##tin a)                                                 \
    {                                                                                                          \
        simde__##tin##_private a_ = simde__##tin##_to_private(a);                                              \
        simde__##tout##_private r_;                                                                            \
        int i;                                                                                                 \
        memset(&r_, 0, sizeof(r_));                                                                            \
        for (i = 0; i < (lanes); i++) {                                                                        \
            r_.fout[i] = expr(a_.fin[i]);                                                                      \
        }                                                                                                      \
        return simde__##tout##_from_private(r_);                                                               \
    }

#define OVX_EMU_ID(v) (v)

static inline int32_t ovx_emu_f32_i32t(float v)
{
    /* truncation; NaN and out of range give the "integer indefinite" 0x80000000 */
    return (v >= -2147483648.0f && v < 2147483648.0f) ? (int32_t)v : INT32_MIN;
}
static inline int64_t ovx_emu_f64_i64t(double v)
{
    return (v >= -9223372036854775808.0 && v < 9223372036854775808.0) ? (int64_t)v : INT64_MIN;
}

/* widening: sign / zero extension; narrowing: truncation (upper lanes of
 * the result zero); int to float: rounded to nearest even, as MXCSR's
 * default and C's conversion */
OVX_EMU_CVT(mm512_cvtepi16_epi32, m256i, , i16, m512i, , i32, 16, OVX_EMU_ID)
OVX_EMU_CVT(mm512_cvtepu8_epi16, m256i, , u8, m512i, , i16, 32, OVX_EMU_ID)
OVX_EMU_CVT(mm512_cvtepu8_epi32, m128i, , u8, m512i, , i32, 16, OVX_EMU_ID)
OVX_EMU_CVT(mm512_cvtepi8_epi32, m128i, , i8, m512i, , i32, 16, OVX_EMU_ID)
OVX_EMU_CVT(mm512_cvtepi32_epi8, m512i, , i32, m128i, , i8, 16, (int8_t))
OVX_EMU_CVT(mm512_cvtepi64_epi16, m512i, , i64, m128i, , i16, 8, (int16_t))
OVX_EMU_CVT(mm512_cvtepi64_epi8, m512i, , i64, m128i, , i8, 8, (int8_t))
OVX_EMU_CVT(mm512_cvtepi32_epi16, m512i, , i32, m256i, , i16, 16, (int16_t))
OVX_EMU_CVT(mm512_cvtepi32_epi64, m256i, , i32, m512i, , i64, 8, OVX_EMU_ID)
OVX_EMU_CVT(mm512_cvtepi32_pd, m256i, , i32, m512d, , f64, 8, (double))
OVX_EMU_CVT(mm512_cvtepi32_ps, m512i, , i32, m512, , f32, 16, (float))
OVX_EMU_CVT(mm512_cvttps_epi32, m512, , f32, m512i, , i32, 16, ovx_emu_f32_i32t)
OVX_EMU_CVT(mm512_cvttpd_epi64, m512d, , f64, m512i, , i64, 8, ovx_emu_f64_i64t)
OVX_EMU_CVT(mm512_cvtps_pd, m256, , f32, m512d, , f64, 8, (double))

#if !defined(_mm512_cvtps_pd)
#define _mm512_cvtps_pd(a) ovx_emu_mm512_cvtps_pd(a)
#endif
#if !defined(_mm512_cvtepi16_epi32)
#define _mm512_cvtepi16_epi32(a) ovx_emu_mm512_cvtepi16_epi32(a)
#endif
#if !defined(_mm512_cvtepu8_epi16)
#define _mm512_cvtepu8_epi16(a) ovx_emu_mm512_cvtepu8_epi16(a)
#endif
#if !defined(_mm512_cvtepu8_epi32)
#define _mm512_cvtepu8_epi32(a) ovx_emu_mm512_cvtepu8_epi32(a)
#endif
#if !defined(_mm512_cvtepi8_epi32)
#define _mm512_cvtepi8_epi32(a) ovx_emu_mm512_cvtepi8_epi32(a)
#endif
#if !defined(_mm512_cvtepi32_epi8)
#define _mm512_cvtepi32_epi8(a) ovx_emu_mm512_cvtepi32_epi8(a)
#endif
#if !defined(_mm512_cvtepi64_epi16)
#define _mm512_cvtepi64_epi16(a) ovx_emu_mm512_cvtepi64_epi16(a)
#endif
#if !defined(_mm512_cvtepi64_epi8)
#define _mm512_cvtepi64_epi8(a) ovx_emu_mm512_cvtepi64_epi8(a)
#endif
#if !defined(_mm512_cvtepi32_epi16)
#define _mm512_cvtepi32_epi16(a) ovx_emu_mm512_cvtepi32_epi16(a)
#endif
#if !defined(_mm512_cvtepi32_epi64)
#define _mm512_cvtepi32_epi64(a) ovx_emu_mm512_cvtepi32_epi64(a)
#endif
#if !defined(_mm512_cvtepi32_pd)
#define _mm512_cvtepi32_pd(a) ovx_emu_mm512_cvtepi32_pd(a)
#endif
#if !defined(_mm512_cvtepi32_ps)
#define _mm512_cvtepi32_ps(a) ovx_emu_mm512_cvtepi32_ps(a)
#endif
#if !defined(_mm512_cvttps_epi32)
#define _mm512_cvttps_epi32(a) ovx_emu_mm512_cvttps_epi32(a)
#endif
#if !defined(_mm512_cvttpd_epi64)
#define _mm512_cvttpd_epi64(a) ovx_emu_mm512_cvttpd_epi64(a)
#endif

/* the high 16 bits of the unsigned 16 x 16-bit products */
static inline simde__m512i ovx_emu_mm512_mulhi_epu16(simde__m512i a, simde__m512i b)
{
    simde__m512i_private a_ = simde__m512i_to_private(a), b_ = simde__m512i_to_private(b), r_;
    int i;
    for (i = 0; i < 32; i++) r_.u16[i] = (uint16_t)(((uint32_t)a_.u16[i] * b_.u16[i]) >> 16);
    return simde__m512i_from_private(r_);
}
#if !defined(_mm512_mulhi_epu16)
#define _mm512_mulhi_epu16(a, b) ovx_emu_mm512_mulhi_epu16(a, b)
#endif

/* vpmaddwd: SIMDe 0.7.4's alias of _mm512_madd_epi16 takes four arguments
 * (a slip in its madd.h) and its sum is a signed int32 addition, undefined
 * in C at 2 (-32768)^2; the instruction wraps that pair to INT32_MIN */
static inline simde__m512i ovx_emu_mm512_madd_epi16(simde__m512i a, simde__m512i b)
{
    simde__m512i_private a_ = simde__m512i_to_private(a), b_ = simde__m512i_to_private(b), r_;
    int i;
    for (i = 0; i < 16; i++)
        r_.u32[i] = (uint32_t)((int32_t)a_.i16[2 * i] * b_.i16[2 * i]) +
                    (uint32_t)((int32_t)a_.i16[2 * i + 1] * b_.i16[2 * i + 1]);
    return simde__m512i_from_private(r_);
}
#undef _mm512_madd_epi16
#define _mm512_madd_epi16(a, b) ovx_emu_mm512_madd_epi16(a, b)

/* vpcmpeqw / vpcmpuw (greater than) into a mask: bit i for 16-bit lane i */
static inline simde__mmask32 ovx_emu_mm512_cmpeq_epi16_mask(simde__m512i a, simde__m512i b)
{
    simde__m512i_private a_ = simde__m512i_to_private(a), b_ = simde__m512i_to_private(b);
    uint32_t m = 0;
    int i;
    for (i = 0; i < 32; i++) m |= (uint32_t)(a_.i16[i] == b_.i16[i]) << i;
    return (simde__mmask32)m;
}
#if !defined(_mm512_cmpeq_epi16_mask)
#define _mm512_cmpeq_epi16_mask(a, b) ovx_emu_mm512_cmpeq_epi16_mask(a, b)
#endif
static inline simde__mmask32 ovx_emu_mm512_cmpgt_epu16_mask(simde__m512i a, simde__m512i b)
{
    simde__m512i_private a_ = simde__m512i_to_private(a), b_ = simde__m512i_to_private(b);
    uint32_t m = 0;
    int i;
    for (i = 0; i < 32; i++) m |= (uint32_t)(a_.u16[i] > b_.u16[i]) << i;
    return (simde__mmask32)m;
}
#if !defined(_mm512_cmpgt_epu16_mask)
#define _mm512_cmpgt_epu16_mask(a, b) ovx_emu_mm512_cmpgt_epu16_mask(a, b)
#endif

/* vpsrad by an immediate (> 31: the sign) */
static inline simde__m512i ovx_emu_mm512_srai_epi32(simde__m512i a, unsigned int imm)
{
    simde__m512i_private a_ = simde__m512i_to_private(a), r_;
    const unsigned c = imm > 31 ? 31 : imm;
    int i;
    for (i = 0; i < 16; i++) r_.i32[i] = a_.i32[i] < 0 ? ~(~a_.i32[i] >> c) : a_.i32[i] >> c;
    return simde__m512i_from_private(r_);
}
#if !defined(_mm512_srai_epi32)
#define _mm512_srai_epi32(a, imm) ovx_emu_mm512_srai_epi32(a, imm)
#endif

/* vpsrad by the low 64 bits of count (>= 32: the sign) */
static inline simde__m512i ovx_emu_mm512_sra_epi32(simde__m512i a, simde__m128i count)
{
    simde__m512i_private a_ = simde__m512i_to_private(a), r_;
    simde__m128i_private c_ = simde__m128i_to_private(count);
    const uint64_t c = c_.u64[0] > 31 ? 31 : c_.u64[0];
    int i;
    for (i = 0; i < 16; i++) r_.i32[i] = a_.i32[i] < 0 ? ~(~a_.i32[i] >> c) : a_.i32[i] >> c;
    return simde__m512i_from_private(r_);
}
#if !defined(_mm512_sra_epi32)
#define _mm512_sra_epi32(a, c) ovx_emu_mm512_sra_epi32(a, c)
#endif

/* masked loads and stores: lanes whose mask bit is clear are neither read
 * (loads give 0 there) nor written, as the instructions' fault suppression */
static inline simde__m512i ovx_emu_mm512_maskz_loadu_epi8(simde__mmask64 k, const void *p)
{
    simde__m512i_private r_;
    const uint8_t *s = (const uint8_t *)p;
    int i;
    for (i = 0; i < 64; i++) r_.u8[i] = ((k >> i) & 1) ? s[i] : 0;
    return simde__m512i_from_private(r_);
}
static inline simde__m512i ovx_emu_mm512_maskz_loadu_epi16(simde__mmask32 k, const void *p)
{
    simde__m512i_private r_;
    const uint8_t *s = (const uint8_t *)p;
    int i;
    for (i = 0; i < 32; i++) {
        uint16_t v = 0;
        if ((k >> i) & 1) memcpy(&v, s + 2 * i, 2);
        r_.u16[i] = v;
    }
    return simde__m512i_from_private(r_);
}
static inline void ovx_emu_mm512_mask_storeu_epi8(void *p, simde__mmask64 k, simde__m512i a)
{
    simde__m512i_private a_ = simde__m512i_to_private(a);
    uint8_t *d = (uint8_t *)p;
    int i;
    for (i = 0; i < 64; i++)
        if ((k >> i) & 1) d[i] = a_.u8[i];
}
static inline void ovx_emu_mm512_mask_storeu_epi16(void *p, simde__mmask32 k, simde__m512i a)
{
    simde__m512i_private a_ = simde__m512i_to_private(a);
    uint8_t *d = (uint8_t *)p;
    int i;
    for (i = 0; i < 32; i++)
        if ((k >> i) & 1) memcpy(d + 2 * i, &a_.u16[i], 2);
}
static inline simde__m512i ovx_emu_mm512_maskz_loadu_epi32(simde__mmask16 k, const void *p)
{
    simde__m512i_private r_;
    const uint8_t *s = (const uint8_t *)p;
    int i;
    for (i = 0; i < 16; i++) {
        uint32_t v = 0;
        if ((k >> i) & 1) memcpy(&v, s + 4 * i, 4);
        r_.u32[i] = v;
    }
    return simde__m512i_from_private(r_);
}
#if !defined(_mm512_maskz_loadu_epi32)
#define _mm512_maskz_loadu_epi32(k, p) ovx_emu_mm512_maskz_loadu_epi32(k, p)
#endif
#if !defined(_mm512_maskz_loadu_epi8)
#define _mm512_maskz_loadu_epi8(k, p) ovx_emu_mm512_maskz_loadu_epi8(k, p)
#endif
#if !defined(_mm512_maskz_loadu_epi16)
#define _mm512_maskz_loadu_epi16(k, p) ovx_emu_mm512_maskz_loadu_epi16(k, p)
#endif
#if !defined(_mm512_mask_storeu_epi8)
#define _mm512_mask_storeu_epi8(p, k, a) ovx_emu_mm512_mask_storeu_epi8(p, k, a)
#endif
#if !defined(_mm512_mask_storeu_epi16)
#define _mm512_mask_storeu_epi16(p, k, a) ovx_emu_mm512_mask_storeu_epi16(p, k, a)
#endif

/* the bilateral variant's (compute/bilateral_avx512.c): narrow masked
 * loads (lanes whose mask bit is clear are not read, and are 0), gathers
 * of 16 floats (lanes whose mask bit is clear are not read, and keep src),
 * and masked narrowing stores (truncation; lanes whose mask bit is clear
 * are not written) */
static inline simde__m128i ovx_emu_mm_maskz_loadu_epi8(simde__mmask16 k, const void *p)
{
    simde__m128i_private r_;
    const uint8_t *s = (const uint8_t *)p;
    int i;
    for (i = 0; i < 16; i++) r_.u8[i] = ((k >> i) & 1) ? s[i] : 0;
    return simde__m128i_from_private(r_);
}
static inline simde__m256i ovx_emu_mm256_maskz_loadu_epi16(simde__mmask16 k, const void *p)
{
    simde__m256i_private r_;
    const uint8_t *s = (const uint8_t *)p;
    int i;
    for (i = 0; i < 16; i++) {
        uint16_t v = 0;
        if ((k >> i) & 1) memcpy(&v, s + 2 * i, 2);
        r_.u16[i] = v;
    }
    return simde__m256i_from_private(r_);
}
static inline simde__m512 ovx_emu_mm512_mask_i32gather_ps(simde__m512 src, simde__mmask16 k, simde__m512i idx,
                                                          const void *base, int scale)
{
    simde__m512_private r_ = simde__m512_to_private(src);
    simde__m512i_private i_ = simde__m512i_to_private(idx);
    int i;
    for (i = 0; i < 16; i++)
        if ((k >> i) & 1) memcpy(&r_.f32[i], (const uint8_t *)base + (ptrdiff_t)i_.i32[i] * scale, 4);
    return simde__m512_from_private(r_);
}
static inline void ovx_emu_mm512_mask_cvtepi32_storeu_epi8(void *p, simde__mmask16 k, simde__m512i a)
{
    simde__m512i_private a_ = simde__m512i_to_private(a);
    int i;
    for (i = 0; i < 16; i++)
        if ((k >> i) & 1) ((uint8_t *)p)[i] = (uint8_t)a_.u32[i];
}
static inline void ovx_emu_mm512_mask_cvtepi32_storeu_epi16(void *p, simde__mmask16 k, simde__m512i a)
{
    simde__m512i_private a_ = simde__m512i_to_private(a);
    int i;
    for (i = 0; i < 16; i++)
        if ((k >> i) & 1) {
            uint16_t v = (uint16_t)a_.u32[i];
            memcpy((uint8_t *)p + 2 * i, &v, 2);
        }
}
#if !defined(_mm_maskz_loadu_epi8)
#define _mm_maskz_loadu_epi8(k, p) ovx_emu_mm_maskz_loadu_epi8(k, p)
#endif
#if !defined(_mm256_maskz_loadu_epi16)
#define _mm256_maskz_loadu_epi16(k, p) ovx_emu_mm256_maskz_loadu_epi16(k, p)
#endif
#if !defined(_mm512_mask_i32gather_ps)
#define _mm512_mask_i32gather_ps(src, k, idx, base, scale) ovx_emu_mm512_mask_i32gather_ps(src, k, idx, base, scale)
#endif
#if !defined(_mm512_i32gather_ps)
#define _mm512_i32gather_ps(idx, base, scale) \
    ovx_emu_mm512_mask_i32gather_ps(simde_mm512_setzero_ps(), (simde__mmask16)0xFFFF, idx, base, scale)
#endif
#if !defined(_mm512_mask_cvtepi32_storeu_epi8)
#define _mm512_mask_cvtepi32_storeu_epi8(p, k, a) ovx_emu_mm512_mask_cvtepi32_storeu_epi8(p, k, a)
#endif
#if !defined(_mm512_mask_cvtepi32_storeu_epi16)
#define _mm512_mask_cvtepi32_storeu_epi16(p, k, a) ovx_emu_mm512_mask_cvtepi32_storeu_epi16(p, k, a)
#endif


/* double to int32 with truncation (8 lanes into 256 bits; NaN and out of
 * range: 0x80000000), float to int32 rounded to nearest even (MXCSR's
 * default; the same for NaN and out of range), and the reciprocal square
 * root estimates of doubles and floats (Intel: a relative error below 2^-14;
 * here the correctly rounded 1 / sqrt(x), within that bound) */
static inline int32_t ovx_emu_f64_i32t(double v)
{
    return (v > -2147483649.0 && v < 2147483648.0) ? (int32_t)v : INT32_MIN;
}
static inline int32_t ovx_emu_f32_i32r(float v)
{
    return (v >= -2147483648.0f && v < 2147483648.0f) ? (int32_t)nearbyintf(v) : INT32_MIN;
}
static inline double ovx_emu_rsqrt(double v)
{
    return 1.0 / sqrt(v);
}
static inline float ovx_emu_rsqrtf(float v)
{
    return (float)(1.0 / sqrt((double)v));
}
OVX_EMU_CVT(mm512_cvttpd_epi32, m512d, , f64, m256i, , i32, 8, ovx_emu_f64_i32t)
OVX_EMU_CVT(mm512_cvtps_epi32, m512, , f32, m512i, , i32, 16, ovx_emu_f32_i32r)
OVX_EMU_CVT(mm512_rsqrt14_pd, m512d, , f64, m512d, , f64, 8, ovx_emu_rsqrt)
OVX_EMU_CVT(mm512_rsqrt14_ps, m512, , f32, m512, , f32, 16, ovx_emu_rsqrtf)
#if !defined(_mm512_cvttpd_epi32)
#define _mm512_cvttpd_epi32(a) ovx_emu_mm512_cvttpd_epi32(a)
#endif
#if !defined(_mm512_cvtps_epi32)
#define _mm512_cvtps_epi32(a) ovx_emu_mm512_cvtps_epi32(a)
#endif
#if !defined(_mm512_rsqrt14_pd)
#define _mm512_rsqrt14_pd(a) ovx_emu_mm512_rsqrt14_pd(a)
#endif
#if !defined(_mm512_rsqrt14_ps)
#define _mm512_rsqrt14_ps(a) ovx_emu_mm512_rsqrt14_ps(a)
#endif

/* masked store of 16-bit lanes from 256 bits */
static inline void ovx_emu_mm256_mask_storeu_epi16(void *p, simde__mmask16 k, simde__m256i a)
{
    simde__m256i_private a_ = simde__m256i_to_private(a);
    int i;
    for (i = 0; i < 16; i++)
        if ((k >> i) & 1) memcpy((uint8_t *)p + 2 * i, &a_.i16[i], 2);
}
#if !defined(_mm256_mask_storeu_epi16)
#define _mm256_mask_storeu_epi16(p, k, a) ovx_emu_mm256_mask_storeu_epi16(p, k, a)
#endif

#endif
