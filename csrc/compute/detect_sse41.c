/*
 * SSE4.1 variants of the feature detectors' rows (compute/detect.h): the
 * AVX2 file's algorithms on 128-bit vectors, bit-exact with the scalar
 * reference for the same reasons (exact integer lanes; Harris's doubles in the
 * same operations and order, no FMA).
 */
#include "detect.h"

#include <smmintrin.h>
#include <string.h>

/* Sobel 3x3 of 8 pixels from x (reads x-1 .. x+8 of the three rows). */
static inline void sobel3_8(const vx_uint8 *a, const vx_uint8 *b, const vx_uint8 *c, vx_uint32 x, __m128i *gx,
                            __m128i *gy)
{
#define LD(p, o) _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)((p) + x + (o))))
    __m128i a0 = LD(a, -1), a1 = LD(a, 0), a2 = LD(a, 1);
    __m128i b0 = LD(b, -1), b2 = LD(b, 1);
    __m128i c0 = LD(c, -1), c1 = LD(c, 0), c2 = LD(c, 1);
#undef LD
    __m128i db = _mm_sub_epi16(b2, b0);
    *gx = _mm_add_epi16(_mm_add_epi16(_mm_sub_epi16(a2, a0), _mm_add_epi16(db, db)), _mm_sub_epi16(c2, c0));
    *gy = _mm_sub_epi16(_mm_add_epi16(_mm_add_epi16(c0, c2), _mm_add_epi16(c1, c1)),
                        _mm_add_epi16(_mm_add_epi16(a0, a2), _mm_add_epi16(a1, a1)));
}

static void canny_grad3_row_sse41(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, int l2, vx_int16 *gx,
                                  vx_int16 *gy, vx_int32 *mag)
{
    const vx_uint8 *a = src - stride, *b = src, *c = src + stride;
    vx_uint32 x = 1;
    for (; x + 8 < width; x += 8) {
        __m128i vx, vy, m0, m1;
        sobel3_8(a, b, c, x, &vx, &vy);
        _mm_storeu_si128((__m128i *)(gx + x), vx);
        _mm_storeu_si128((__m128i *)(gy + x), vy);
        if (l2) {
            __m128i lo = _mm_unpacklo_epi16(vx, vy), hi = _mm_unpackhi_epi16(vx, vy);
            m0 = _mm_madd_epi16(lo, lo);
            m1 = _mm_madd_epi16(hi, hi);
        } else {
            __m128i s = _mm_add_epi16(_mm_abs_epi16(vx), _mm_abs_epi16(vy));
            m0 = _mm_cvtepi16_epi32(s);
            m1 = _mm_cvtepi16_epi32(_mm_srli_si128(s, 8));
        }
        _mm_storeu_si128((__m128i *)(mag + x), m0);
        _mm_storeu_si128((__m128i *)(mag + x + 4), m1);
    }
    if (x + 1 < width)
        ovxc_canny_grad3_row_scalar(src + (x - 1), stride, width - (x - 1), l2, gx + (x - 1), gy + (x - 1),
                                   mag + (x - 1));
}

static void canny_nms_row_sse41(const vx_int16 *gx, const vx_int16 *gy, const vx_int32 *m0, const vx_int32 *m1,
                                const vx_int32 *m2, vx_uint32 x0, vx_uint32 x1, vx_int32 lo, vx_int32 hi,
                                vx_uint8 *map)
{
    const __m128i vlo = _mm_set1_epi32(lo), vhi = _mm_set1_epi32(hi), one = _mm_set1_epi32(1),
                  minus1 = _mm_set1_epi32(-1);
    vx_uint32 x = x0;
    for (; x + 4 <= x1; x += 4) {
        __m128i m = _mm_loadu_si128((const __m128i *)(m1 + x));
        __m128i dx = _mm_cvtepi16_epi32(_mm_loadl_epi64((const __m128i *)(gx + x)));
        __m128i dy = _mm_cvtepi16_epi32(_mm_loadl_epi64((const __m128i *)(gy + x)));
        __m128i ax = _mm_abs_epi32(dx), ay = _mm_abs_epi32(dy), l1 = _mm_add_epi32(ax, ay);
        __m128i l1sq = _mm_mullo_epi32(l1, l1);
        __m128i hmask = _mm_cmpgt_epi32(_mm_slli_epi32(_mm_mullo_epi32(ax, ax), 1), l1sq);
        __m128i vmask = _mm_cmpgt_epi32(_mm_slli_epi32(_mm_mullo_epi32(ay, ay), 1), l1sq);
        __m128i d45 = _mm_cmpgt_epi32(_mm_xor_si128(dx, dy), minus1); /* same sign */
        __m128i up_l = _mm_loadu_si128((const __m128i *)(m0 + x - 1)), up = _mm_loadu_si128((const __m128i *)(m0 + x)),
                up_r = _mm_loadu_si128((const __m128i *)(m0 + x + 1));
        __m128i dn_l = _mm_loadu_si128((const __m128i *)(m2 + x - 1)), dn = _mm_loadu_si128((const __m128i *)(m2 + x)),
                dn_r = _mm_loadu_si128((const __m128i *)(m2 + x + 1));
        __m128i le = _mm_loadu_si128((const __m128i *)(m1 + x - 1)), ri = _mm_loadu_si128((const __m128i *)(m1 + x + 1));
        __m128i n1 = _mm_blendv_epi8(up_r, up_l, d45), n2 = _mm_blendv_epi8(dn_l, dn_r, d45), keep, e, p16;
        int v;
        n1 = _mm_blendv_epi8(n1, up, vmask);
        n2 = _mm_blendv_epi8(n2, dn, vmask);
        n1 = _mm_blendv_epi8(n1, le, hmask);
        n2 = _mm_blendv_epi8(n2, ri, hmask);
        keep = _mm_andnot_si128(_mm_or_si128(_mm_cmpgt_epi32(n1, m), _mm_cmpgt_epi32(n2, m)), _mm_cmpgt_epi32(m, vlo));
        e = _mm_and_si128(keep, _mm_sub_epi32(one, _mm_cmpgt_epi32(m, vhi)));
        p16 = _mm_packs_epi32(e, e);
        v = _mm_cvtsi128_si32(_mm_packus_epi16(p16, p16));
        memcpy(map + x, &v, 4);
    }
    if (x < x1) ovxc_canny_nms_row_scalar(gx, gy, m0, m1, m2, x, x1, lo, hi, map);
}

/* 8 products a*b of int16 lanes as int32, in order. */
static inline void mul8x8_32(__m128i a, __m128i b, vx_int32 *dst)
{
    __m128i lo = _mm_mullo_epi16(a, b), hi = _mm_mulhi_epi16(a, b);
    _mm_storeu_si128((__m128i *)dst, _mm_unpacklo_epi16(lo, hi));
    _mm_storeu_si128((__m128i *)(dst + 4), _mm_unpackhi_epi16(lo, hi));
}

static void sobel3_prod_row_sse41(const vx_uint8 *src, vx_int32 stride, vx_uint32 x0, vx_uint32 x1, vx_int32 *xx,
                                  vx_int32 *yy, vx_int32 *xy)
{
    const vx_uint8 *a = src - stride, *b = src, *c = src + stride;
    vx_uint32 x = x0;
    for (; x + 8 <= x1; x += 8) {
        __m128i vx, vy;
        sobel3_8(a, b, c, x, &vx, &vy);
        mul8x8_32(vx, vx, xx + x);
        mul8x8_32(vy, vy, yy + x);
        mul8x8_32(vx, vy, xy + x);
    }
    if (x < x1) ovxc_sobel3_prod_row_scalar(src, stride, x, x1, xx, yy, xy);
}

/* Mc of 2 pixels (int32 block sums in the low 64 bits) as 2 floats (low half). */
static inline __m128 harris_mc2(__m128i ixx, __m128i iyy, __m128i ixy, __m128d vs, __m128d vk, __m128d vt)
{
    __m128d fxx = _mm_mul_pd(_mm_cvtepi32_pd(ixx), vs);
    __m128d fyy = _mm_mul_pd(_mm_cvtepi32_pd(iyy), vs);
    __m128d fxy = _mm_mul_pd(_mm_cvtepi32_pd(ixy), vs);
    __m128d det = _mm_sub_pd(_mm_mul_pd(fxx, fyy), _mm_mul_pd(fxy, fxy));
    __m128d tr = _mm_add_pd(fxx, fyy);
    __m128d mc = _mm_sub_pd(det, _mm_mul_pd(_mm_mul_pd(vk, tr), tr));
    return _mm_cvtpd_ps(_mm_and_pd(mc, _mm_cmpgt_pd(mc, vt))); /* mc or +0 */
}

static void harris_row_p32_sse41(const vx_int32 *const *xx, const vx_int32 *const *yy, const vx_int32 *const *xy,
                                 vx_int32 bsize, vx_uint32 x0, vx_uint32 x1, vx_float64 scale, vx_float64 k,
                                 vx_float64 thresh, vx_int32 *tmp, vx_float32 *out)
{
    vx_uint32 rb = (vx_uint32)bsize / 2, n = x1 - x0 + 2 * rb, base = x0 - rb, c = 0, x = 0, m = x1 - x0;
    vx_int32 *cxx = tmp, *cyy = tmp + n, *cxy = tmp + 2 * n, i;
    const __m128d vs = _mm_set1_pd(scale), vk = _mm_set1_pd(k), vt = _mm_set1_pd(thresh);
    if (x1 <= x0) return;
    for (; c + 4 <= n; c += 4) { /* column sums over the block's rows, exact in int32 */
        __m128i sxx = _mm_loadu_si128((const __m128i *)(xx[0] + base + c)),
                syy = _mm_loadu_si128((const __m128i *)(yy[0] + base + c)),
                sxy = _mm_loadu_si128((const __m128i *)(xy[0] + base + c));
        for (i = 1; i < bsize; i++) {
            sxx = _mm_add_epi32(sxx, _mm_loadu_si128((const __m128i *)(xx[i] + base + c)));
            syy = _mm_add_epi32(syy, _mm_loadu_si128((const __m128i *)(yy[i] + base + c)));
            sxy = _mm_add_epi32(sxy, _mm_loadu_si128((const __m128i *)(xy[i] + base + c)));
        }
        _mm_storeu_si128((__m128i *)(cxx + c), sxx);
        _mm_storeu_si128((__m128i *)(cyy + c), syy);
        _mm_storeu_si128((__m128i *)(cxy + c), sxy);
    }
    for (; c < n; c++) {
        vx_int32 sxx = 0, syy = 0, sxy = 0;
        for (i = 0; i < bsize; i++) sxx += xx[i][base + c], syy += yy[i][base + c], sxy += xy[i][base + c];
        cxx[c] = sxx, cyy[c] = syy, cxy[c] = sxy;
    }
    for (; x + 4 <= m; x += 4) {
        __m128i sxx = _mm_loadu_si128((const __m128i *)(cxx + x)), syy = _mm_loadu_si128((const __m128i *)(cyy + x)),
                sxy = _mm_loadu_si128((const __m128i *)(cxy + x));
        vx_uint32 d;
        __m128 f0, f1;
        for (d = 1; d <= 2 * rb; d++) {
            sxx = _mm_add_epi32(sxx, _mm_loadu_si128((const __m128i *)(cxx + x + d)));
            syy = _mm_add_epi32(syy, _mm_loadu_si128((const __m128i *)(cyy + x + d)));
            sxy = _mm_add_epi32(sxy, _mm_loadu_si128((const __m128i *)(cxy + x + d)));
        }
        f0 = harris_mc2(sxx, syy, sxy, vs, vk, vt);
        f1 = harris_mc2(_mm_srli_si128(sxx, 8), _mm_srli_si128(syy, 8), _mm_srli_si128(sxy, 8), vs, vk, vt);
        _mm_storeu_ps(out + x0 + x, _mm_movelh_ps(f0, f1));
    }
    for (; x < m; x++) {
        vx_int32 sxx = 0, syy = 0, sxy = 0;
        vx_uint32 cc;
        vx_float64 fxx, fyy, fxy, det, tr, mc;
        for (cc = x; cc < x + 2 * rb + 1; cc++) sxx += cxx[cc], syy += cyy[cc], sxy += cxy[cc];
        fxx = sxx * scale, fyy = syy * scale, fxy = sxy * scale;
        det = fxx * fyy - fxy * fxy;
        tr = fxx + fyy;
        mc = det - k * tr * tr;
        out[x0 + x] = mc > thresh ? (vx_float32)mc : 0.0f;
    }
}

/* For each 4-bit mask, the indices of its set bits, packed as bytes. */
static const unsigned compress4[16] = {0x0,    0x0,    0x1,    0x100,  0x2,   0x200,   0x201,   0x20100,
                                       0x3,    0x300,  0x301,  0x30100, 0x302, 0x30200, 0x30201, 0x3020100};

static vx_uint32 nms_row_f32_sse41(const vx_float32 *s0, const vx_float32 *s1, const vx_float32 *s2, vx_uint32 x0,
                                   vx_uint32 x1, vx_float32 thr, vx_uint32 *xs)
{
    const __m128 vt = _mm_set1_ps(thr);
    vx_uint32 x = x0, n = 0;
    for (; x + 4 <= x1; x += 4) {
        __m128 c = _mm_loadu_ps(s1 + x);
        /* no NaN among the scores: c >= each of three <=> c >= their max (likewise >) */
        __m128 up = _mm_max_ps(_mm_max_ps(_mm_loadu_ps(s0 + x - 1), _mm_loadu_ps(s0 + x)), _mm_loadu_ps(s0 + x + 1));
        __m128 dn = _mm_max_ps(_mm_max_ps(_mm_loadu_ps(s2 + x - 1), _mm_loadu_ps(s2 + x)), _mm_loadu_ps(s2 + x + 1));
        __m128 k = _mm_cmpgt_ps(c, vt);
        unsigned m;
        k = _mm_and_ps(k, _mm_cmpge_ps(c, _mm_max_ps(up, _mm_loadu_ps(s1 + x - 1))));
        k = _mm_and_ps(k, _mm_cmpgt_ps(c, _mm_max_ps(dn, _mm_loadu_ps(s1 + x + 1))));
        m = (unsigned)_mm_movemask_ps(k);
        _mm_storeu_si128((__m128i *)(xs + n),
                         _mm_add_epi32(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)compress4[m])), _mm_set1_epi32((int)x)));
        n += (vx_uint32)__builtin_popcount(m);
    }
    if (x < x1) n += ovxc_nms_row_f32_scalar(s0, s1, s2, x, x1, thr, xs + n);
    return n;
}

#define FR_FN(name) name##_sse41
#define FR_V __m128i
#define FR_W 16
#define FR_LOAD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define FR_STORE(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define FR_ZERO() _mm_setzero_si128()
#define FR_SET1(c) _mm_set1_epi8((char)(c))
#define FR_ADDS _mm_adds_epu8
#define FR_SUBS _mm_subs_epu8
#define FR_MIN _mm_min_epu8
#define FR_MAX _mm_max_epu8
#define FR_CMPEQ _mm_cmpeq_epi8
#define FR_XOR _mm_xor_si128
#define FR_AND _mm_and_si128
#define FR_OR _mm_or_si128
#define FR_ANDNOT _mm_andnot_si128
#define FR_TESTZ(v) _mm_testz_si128(v, v)
#define FR_MOVEMASK _mm_movemask_epi8
#include "detect_rows.inc"

static const ovxc_feat_kit kit_sse41 = {fast_nms_row_sse41,    nms_row_f32_sse41,     canny_grad3_row_sse41, canny_nms_row_sse41,   sobel3_prod_row_sse41,
                                        harris_row_p32_sse41,  fast9_row_u8_sse41};

const ovxc_feat_kit *ovxc_feat_kit_sse41(void)
{
    return &kit_sse41;
}
