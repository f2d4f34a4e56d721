/*
 * AVX2 variants of the feature detectors' rows (compute/detect.h), each
 * bit-exact with its scalar reference: integer arithmetic is exact in the
 * lanes used (|g| <= 1020, products and block sums < 2^31), the doubles of
 * Harris see the same operations in the same order (no FMA: the library is
 * built with -ffp-contract=off and the intrinsics are explicit).
 */
#include "detect.h"

#include <immintrin.h>

/* Sobel 3x3 of 16 pixels from x (reads x-1 .. x+16 of the three rows). */
static inline void sobel3_16(const vx_uint8 *a, const vx_uint8 *b, const vx_uint8 *c, vx_uint32 x, __m256i *gx,
                             __m256i *gy)
{
#define LD(p, o) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)((p) + x + (o))))
    __m256i a0 = LD(a, -1), a1 = LD(a, 0), a2 = LD(a, 1);
    __m256i b0 = LD(b, -1), b2 = LD(b, 1);
    __m256i c0 = LD(c, -1), c1 = LD(c, 0), c2 = LD(c, 1);
#undef LD
    __m256i db = _mm256_sub_epi16(b2, b0);
    *gx = _mm256_add_epi16(_mm256_add_epi16(_mm256_sub_epi16(a2, a0), _mm256_add_epi16(db, db)),
                           _mm256_sub_epi16(c2, c0));
    *gy = _mm256_sub_epi16(_mm256_add_epi16(_mm256_add_epi16(c0, c2), _mm256_add_epi16(c1, c1)),
                           _mm256_add_epi16(_mm256_add_epi16(a0, a2), _mm256_add_epi16(a1, a1)));
}

static void canny_grad3_row_avx2(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, int l2, vx_int16 *gx,
                                 vx_int16 *gy, vx_int32 *mag)
{
    const vx_uint8 *a = src - stride, *b = src, *c = src + stride;
    vx_uint32 x = 1;
    for (; x + 16 < width; x += 16) {
        __m256i vx, vy, m0, m1;
        sobel3_16(a, b, c, x, &vx, &vy);
        _mm256_storeu_si256((__m256i *)(gx + x), vx);
        _mm256_storeu_si256((__m256i *)(gy + x), vy);
        if (l2) {
            __m256i lo = _mm256_unpacklo_epi16(vx, vy), hi = _mm256_unpackhi_epi16(vx, vy);
            __m256i sl = _mm256_madd_epi16(lo, lo), sh = _mm256_madd_epi16(hi, hi); /* 0-3,8-11 | 4-7,12-15 */
            m0 = _mm256_permute2x128_si256(sl, sh, 0x20);
            m1 = _mm256_permute2x128_si256(sl, sh, 0x31);
        } else {
            __m256i s = _mm256_add_epi16(_mm256_abs_epi16(vx), _mm256_abs_epi16(vy));
            m0 = _mm256_cvtepi16_epi32(_mm256_castsi256_si128(s));
            m1 = _mm256_cvtepi16_epi32(_mm256_extracti128_si256(s, 1));
        }
        _mm256_storeu_si256((__m256i *)(mag + x), m0);
        _mm256_storeu_si256((__m256i *)(mag + x + 8), m1);
    }
    if (x + 1 < width)
        ovxc_canny_grad3_row_scalar(src + (x - 1), stride, width - (x - 1), l2, gx + (x - 1), gy + (x - 1),
                                   mag + (x - 1));
}

static void canny_nms_row_avx2(const vx_int16 *gx, const vx_int16 *gy, const vx_int32 *m0, const vx_int32 *m1,
                               const vx_int32 *m2, vx_uint32 x0, vx_uint32 x1, vx_int32 lo, vx_int32 hi,
                               vx_uint8 *map)
{
    const __m256i vlo = _mm256_set1_epi32(lo), vhi = _mm256_set1_epi32(hi), one = _mm256_set1_epi32(1),
                  minus1 = _mm256_set1_epi32(-1);
    vx_uint32 x = x0;
    for (; x + 8 <= x1; x += 8) {
        __m256i m = _mm256_loadu_si256((const __m256i *)(m1 + x));
        __m256i dx = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(gx + x)));
        __m256i dy = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(gy + x)));
        __m256i ax = _mm256_abs_epi32(dx), ay = _mm256_abs_epi32(dy), l1 = _mm256_add_epi32(ax, ay);
        __m256i l1sq = _mm256_mullo_epi32(l1, l1);
        __m256i hmask = _mm256_cmpgt_epi32(_mm256_slli_epi32(_mm256_mullo_epi32(ax, ax), 1), l1sq);
        __m256i vmask = _mm256_cmpgt_epi32(_mm256_slli_epi32(_mm256_mullo_epi32(ay, ay), 1), l1sq);
        __m256i d45 = _mm256_cmpgt_epi32(_mm256_xor_si256(dx, dy), minus1); /* same sign */
        __m256i up_l = _mm256_loadu_si256((const __m256i *)(m0 + x - 1)),
                up = _mm256_loadu_si256((const __m256i *)(m0 + x)),
                up_r = _mm256_loadu_si256((const __m256i *)(m0 + x + 1));
        __m256i dn_l = _mm256_loadu_si256((const __m256i *)(m2 + x - 1)),
                dn = _mm256_loadu_si256((const __m256i *)(m2 + x)),
                dn_r = _mm256_loadu_si256((const __m256i *)(m2 + x + 1));
        __m256i le = _mm256_loadu_si256((const __m256i *)(m1 + x - 1)),
                ri = _mm256_loadu_si256((const __m256i *)(m1 + x + 1));
        __m256i n1 = _mm256_blendv_epi8(up_r, up_l, d45), n2 = _mm256_blendv_epi8(dn_l, dn_r, d45);
        __m256i keep, e;
        __m128i p16;
        n1 = _mm256_blendv_epi8(n1, up, vmask);
        n2 = _mm256_blendv_epi8(n2, dn, vmask);
        n1 = _mm256_blendv_epi8(n1, le, hmask);
        n2 = _mm256_blendv_epi8(n2, ri, hmask);
        keep = _mm256_andnot_si256(_mm256_or_si256(_mm256_cmpgt_epi32(n1, m), _mm256_cmpgt_epi32(n2, m)),
                                   _mm256_cmpgt_epi32(m, vlo));
        e = _mm256_and_si256(keep, _mm256_sub_epi32(one, _mm256_cmpgt_epi32(m, vhi)));
        p16 = _mm_packs_epi32(_mm256_castsi256_si128(e), _mm256_extracti128_si256(e, 1));
        _mm_storel_epi64((__m128i *)(map + x), _mm_packus_epi16(p16, p16));
    }
    if (x < x1) ovxc_canny_nms_row_scalar(gx, gy, m0, m1, m2, x, x1, lo, hi, map);
}

/* 16 products a*b of int16 lanes as int32, in order: lo/hi halves of the
 * 32-bit results, put back in lane order. */
static inline void mul16x16_32(__m256i a, __m256i b, vx_int32 *dst)
{
    __m256i lo = _mm256_mullo_epi16(a, b), hi = _mm256_mulhi_epi16(a, b);
    __m256i p0 = _mm256_unpacklo_epi16(lo, hi), p1 = _mm256_unpackhi_epi16(lo, hi); /* 0-3,8-11 | 4-7,12-15 */
    _mm256_storeu_si256((__m256i *)dst, _mm256_permute2x128_si256(p0, p1, 0x20));
    _mm256_storeu_si256((__m256i *)(dst + 8), _mm256_permute2x128_si256(p0, p1, 0x31));
}

static void sobel3_prod_row_avx2(const vx_uint8 *src, vx_int32 stride, vx_uint32 x0, vx_uint32 x1, vx_int32 *xx,
                                 vx_int32 *yy, vx_int32 *xy)
{
    const vx_uint8 *a = src - stride, *b = src, *c = src + stride;
    vx_uint32 x = x0;
    for (; x + 16 <= x1; x += 16) {
        __m256i vx, vy;
        sobel3_16(a, b, c, x, &vx, &vy);
        mul16x16_32(vx, vx, xx + x);
        mul16x16_32(vy, vy, yy + x);
        mul16x16_32(vx, vy, xy + x);
    }
    if (x < x1) ovxc_sobel3_prod_row_scalar(src, stride, x, x1, xx, yy, xy);
}

/* Mc of 8 pixels from their int32 block sums (the scalar's operations in
 * double, in its order), stored as 8 floats: mc when mc > thresh, else +0. */
static inline void harris_mc8(__m256i sxx, __m256i syy, __m256i sxy, __m256d vs, __m256d vk, __m256d vt,
                              vx_float32 *out)
{
    __m128 f[2];
    int half;
    for (half = 0; half < 2; half++) {
        __m128i ixx = half ? _mm256_extracti128_si256(sxx, 1) : _mm256_castsi256_si128(sxx);
        __m128i iyy = half ? _mm256_extracti128_si256(syy, 1) : _mm256_castsi256_si128(syy);
        __m128i ixy = half ? _mm256_extracti128_si256(sxy, 1) : _mm256_castsi256_si128(sxy);
        __m256d fxx = _mm256_mul_pd(_mm256_cvtepi32_pd(ixx), vs);
        __m256d fyy = _mm256_mul_pd(_mm256_cvtepi32_pd(iyy), vs);
        __m256d fxy = _mm256_mul_pd(_mm256_cvtepi32_pd(ixy), vs);
        __m256d det = _mm256_sub_pd(_mm256_mul_pd(fxx, fyy), _mm256_mul_pd(fxy, fxy));
        __m256d tr = _mm256_add_pd(fxx, fyy);
        __m256d mc = _mm256_sub_pd(det, _mm256_mul_pd(_mm256_mul_pd(vk, tr), tr));
        /* mc or +0 (whose float is +0) */
        f[half] = _mm256_cvtpd_ps(_mm256_and_pd(mc, _mm256_cmp_pd(mc, vt, _CMP_GT_OQ)));
    }
    _mm256_storeu_ps(out, _mm256_set_m128(f[1], f[0]));
}

/* Lanes 0..7 of q + (q, n shifted by one) + (shifted by two): the sums of 3
 * consecutive columns from q's 8 and the next 8 (n). */
static inline __m256i hsum3(__m256i q, __m256i n)
{
    __m256i t = _mm256_permute2x128_si256(q, n, 0x21); /* q4..q7 n0..n3 */
    return _mm256_add_epi32(_mm256_add_epi32(q, _mm256_alignr_epi8(t, q, 4)), _mm256_alignr_epi8(t, q, 8));
}

static void harris_row_p32_avx2(const vx_int32 *const *xx, const vx_int32 *const *yy, const vx_int32 *const *xy,
                                vx_int32 bsize, vx_uint32 x0, vx_uint32 x1, vx_float64 scale, vx_float64 k,
                                vx_float64 thresh, vx_int32 *tmp, vx_float32 *out)
{
    vx_uint32 rb = (vx_uint32)bsize / 2, n = x1 - x0 + 2 * rb, base = x0 - rb, c = 0, x = 0, m = x1 - x0;
    vx_int32 *cxx = tmp, *cyy = tmp + n, *cxy = tmp + 2 * n, i;
    const __m256d vs = _mm256_set1_pd(scale), vk = _mm256_set1_pd(k), vt = _mm256_set1_pd(thresh);
    if (x1 <= x0) return;
    if (bsize == 3 && n >= 16) {
        /* 3x3: the column sums in registers, 8 outputs from the columns x .. x + 9 */
        const vx_int32 *a0 = xx[0] + base, *a1 = xx[1] + base, *a2 = xx[2] + base;
        const vx_int32 *b0 = yy[0] + base, *b1 = yy[1] + base, *b2 = yy[2] + base;
        const vx_int32 *c0 = xy[0] + base, *c1 = xy[1] + base, *c2 = xy[2] + base;
#define L(p, o) _mm256_loadu_si256((const __m256i *)((p) + (o)))
#define COL(p0, p1, p2, o) _mm256_add_epi32(_mm256_add_epi32(L(p0, o), L(p1, o)), L(p2, o))
        __m256i qxx = COL(a0, a1, a2, 0), qyy = COL(b0, b1, b2, 0), qxy = COL(c0, c1, c2, 0);
        for (; x + 16 <= n; x += 8) {
            __m256i nxx = COL(a0, a1, a2, x + 8), nyy = COL(b0, b1, b2, x + 8), nxy = COL(c0, c1, c2, x + 8);
            harris_mc8(hsum3(qxx, nxx), hsum3(qyy, nyy), hsum3(qxy, nxy), vs, vk, vt, out + x0 + x);
            qxx = nxx, qyy = nyy, qxy = nxy;
        }
#undef COL
#undef L
        c = x; /* the rest below, from column x */
    }
    for (; c + 8 <= n; c += 8) { /* column sums over the block's rows, exact in int32 */
        __m256i sxx = _mm256_loadu_si256((const __m256i *)(xx[0] + base + c)),
                syy = _mm256_loadu_si256((const __m256i *)(yy[0] + base + c)),
                sxy = _mm256_loadu_si256((const __m256i *)(xy[0] + base + c));
        for (i = 1; i < bsize; i++) {
            sxx = _mm256_add_epi32(sxx, _mm256_loadu_si256((const __m256i *)(xx[i] + base + c)));
            syy = _mm256_add_epi32(syy, _mm256_loadu_si256((const __m256i *)(yy[i] + base + c)));
            sxy = _mm256_add_epi32(sxy, _mm256_loadu_si256((const __m256i *)(xy[i] + base + c)));
        }
        _mm256_storeu_si256((__m256i *)(cxx + c), sxx);
        _mm256_storeu_si256((__m256i *)(cyy + c), syy);
        _mm256_storeu_si256((__m256i *)(cxy + c), sxy);
    }
    for (; c < n; c++) {
        vx_int32 sxx = 0, syy = 0, sxy = 0;
        for (i = 0; i < bsize; i++) sxx += xx[i][base + c], syy += yy[i][base + c], sxy += xy[i][base + c];
        cxx[c] = sxx, cyy[c] = syy, cxy[c] = sxy;
    }
    for (; x + 8 <= m; x += 8) {
        __m256i sxx = _mm256_loadu_si256((const __m256i *)(cxx + x)), syy = _mm256_loadu_si256((const __m256i *)(cyy + x)),
                sxy = _mm256_loadu_si256((const __m256i *)(cxy + x));
        vx_uint32 d;
        for (d = 1; d <= 2 * rb; d++) {
            sxx = _mm256_add_epi32(sxx, _mm256_loadu_si256((const __m256i *)(cxx + x + d)));
            syy = _mm256_add_epi32(syy, _mm256_loadu_si256((const __m256i *)(cyy + x + d)));
            sxy = _mm256_add_epi32(sxy, _mm256_loadu_si256((const __m256i *)(cxy + x + d)));
        }
        harris_mc8(sxx, syy, sxy, vs, vk, vt, out + x0 + x);
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

/* For each 8-bit mask, the indices of its set bits, packed as bytes (first
 * set bit lowest). */
static const unsigned long long compress_lut[256] = {
    0x0ull, 0x0ull, 0x1ull, 0x100ull, 0x2ull, 0x200ull,
    0x201ull, 0x20100ull, 0x3ull, 0x300ull, 0x301ull, 0x30100ull,
    0x302ull, 0x30200ull, 0x30201ull, 0x3020100ull, 0x4ull, 0x400ull,
    0x401ull, 0x40100ull, 0x402ull, 0x40200ull, 0x40201ull, 0x4020100ull,
    0x403ull, 0x40300ull, 0x40301ull, 0x4030100ull, 0x40302ull, 0x4030200ull,
    0x4030201ull, 0x403020100ull, 0x5ull, 0x500ull, 0x501ull, 0x50100ull,
    0x502ull, 0x50200ull, 0x50201ull, 0x5020100ull, 0x503ull, 0x50300ull,
    0x50301ull, 0x5030100ull, 0x50302ull, 0x5030200ull, 0x5030201ull, 0x503020100ull,
    0x504ull, 0x50400ull, 0x50401ull, 0x5040100ull, 0x50402ull, 0x5040200ull,
    0x5040201ull, 0x504020100ull, 0x50403ull, 0x5040300ull, 0x5040301ull, 0x504030100ull,
    0x5040302ull, 0x504030200ull, 0x504030201ull, 0x50403020100ull, 0x6ull, 0x600ull,
    0x601ull, 0x60100ull, 0x602ull, 0x60200ull, 0x60201ull, 0x6020100ull,
    0x603ull, 0x60300ull, 0x60301ull, 0x6030100ull, 0x60302ull, 0x6030200ull,
    0x6030201ull, 0x603020100ull, 0x604ull, 0x60400ull, 0x60401ull, 0x6040100ull,
    0x60402ull, 0x6040200ull, 0x6040201ull, 0x604020100ull, 0x60403ull, 0x6040300ull,
    0x6040301ull, 0x604030100ull, 0x6040302ull, 0x604030200ull, 0x604030201ull, 0x60403020100ull,
    0x605ull, 0x60500ull, 0x60501ull, 0x6050100ull, 0x60502ull, 0x6050200ull,
    0x6050201ull, 0x605020100ull, 0x60503ull, 0x6050300ull, 0x6050301ull, 0x605030100ull,
    0x6050302ull, 0x605030200ull, 0x605030201ull, 0x60503020100ull, 0x60504ull, 0x6050400ull,
    0x6050401ull, 0x605040100ull, 0x6050402ull, 0x605040200ull, 0x605040201ull, 0x60504020100ull,
    0x6050403ull, 0x605040300ull, 0x605040301ull, 0x60504030100ull, 0x605040302ull, 0x60504030200ull,
    0x60504030201ull, 0x6050403020100ull, 0x7ull, 0x700ull, 0x701ull, 0x70100ull,
    0x702ull, 0x70200ull, 0x70201ull, 0x7020100ull, 0x703ull, 0x70300ull,
    0x70301ull, 0x7030100ull, 0x70302ull, 0x7030200ull, 0x7030201ull, 0x703020100ull,
    0x704ull, 0x70400ull, 0x70401ull, 0x7040100ull, 0x70402ull, 0x7040200ull,
    0x7040201ull, 0x704020100ull, 0x70403ull, 0x7040300ull, 0x7040301ull, 0x704030100ull,
    0x7040302ull, 0x704030200ull, 0x704030201ull, 0x70403020100ull, 0x705ull, 0x70500ull,
    0x70501ull, 0x7050100ull, 0x70502ull, 0x7050200ull, 0x7050201ull, 0x705020100ull,
    0x70503ull, 0x7050300ull, 0x7050301ull, 0x705030100ull, 0x7050302ull, 0x705030200ull,
    0x705030201ull, 0x70503020100ull, 0x70504ull, 0x7050400ull, 0x7050401ull, 0x705040100ull,
    0x7050402ull, 0x705040200ull, 0x705040201ull, 0x70504020100ull, 0x7050403ull, 0x705040300ull,
    0x705040301ull, 0x70504030100ull, 0x705040302ull, 0x70504030200ull, 0x70504030201ull, 0x7050403020100ull,
    0x706ull, 0x70600ull, 0x70601ull, 0x7060100ull, 0x70602ull, 0x7060200ull,
    0x7060201ull, 0x706020100ull, 0x70603ull, 0x7060300ull, 0x7060301ull, 0x706030100ull,
    0x7060302ull, 0x706030200ull, 0x706030201ull, 0x70603020100ull, 0x70604ull, 0x7060400ull,
    0x7060401ull, 0x706040100ull, 0x7060402ull, 0x706040200ull, 0x706040201ull, 0x70604020100ull,
    0x7060403ull, 0x706040300ull, 0x706040301ull, 0x70604030100ull, 0x706040302ull, 0x70604030200ull,
    0x70604030201ull, 0x7060403020100ull, 0x70605ull, 0x7060500ull, 0x7060501ull, 0x706050100ull,
    0x7060502ull, 0x706050200ull, 0x706050201ull, 0x70605020100ull, 0x7060503ull, 0x706050300ull,
    0x706050301ull, 0x70605030100ull, 0x706050302ull, 0x70605030200ull, 0x70605030201ull, 0x7060503020100ull,
    0x7060504ull, 0x706050400ull, 0x706050401ull, 0x70605040100ull, 0x706050402ull, 0x70605040200ull,
    0x70605040201ull, 0x7060504020100ull, 0x706050403ull, 0x70605040300ull, 0x70605040301ull, 0x7060504030100ull,
    0x70605040302ull, 0x7060504030200ull, 0x7060504030201ull, 0x706050403020100ull,
};

static vx_uint32 nms_row_f32_avx2(const vx_float32 *s0, const vx_float32 *s1, const vx_float32 *s2, vx_uint32 x0,
                                  vx_uint32 x1, vx_float32 thr, vx_uint32 *xs)
{
    const __m256 vt = _mm256_set1_ps(thr);
    vx_uint32 x = x0, n = 0;
    for (; x + 8 <= x1; x += 8) {
        __m256 c = _mm256_loadu_ps(s1 + x);
        /* no NaN among the scores: c >= each of three <=> c >= their max (likewise >) */
        __m256 up = _mm256_max_ps(_mm256_max_ps(_mm256_loadu_ps(s0 + x - 1), _mm256_loadu_ps(s0 + x)),
                                  _mm256_loadu_ps(s0 + x + 1));
        __m256 dn = _mm256_max_ps(_mm256_max_ps(_mm256_loadu_ps(s2 + x - 1), _mm256_loadu_ps(s2 + x)),
                                  _mm256_loadu_ps(s2 + x + 1));
        __m256 k = _mm256_cmp_ps(c, vt, _CMP_GT_OQ);
        unsigned m;
        __m256i idx;
        k = _mm256_and_ps(k, _mm256_cmp_ps(c, _mm256_max_ps(up, _mm256_loadu_ps(s1 + x - 1)), _CMP_GE_OQ));
        k = _mm256_and_ps(k, _mm256_cmp_ps(c, _mm256_max_ps(dn, _mm256_loadu_ps(s1 + x + 1)), _CMP_GT_OQ));
        m = (unsigned)_mm256_movemask_ps(k);
        /* the kept x, packed to the front: xs has room for x1 - x0 + 8 entries */
        idx = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)compress_lut[m]));
        _mm256_storeu_si256((__m256i *)(xs + n), _mm256_add_epi32(idx, _mm256_set1_epi32((int)x)));
        n += (vx_uint32)__builtin_popcount(m);
    }
    if (x < x1) n += ovxc_nms_row_f32_scalar(s0, s1, s2, x, x1, thr, xs + n);
    return n;
}

#define FR_FN(name) name##_avx2
#define FR_V __m256i
#define FR_W 32
#define FR_LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define FR_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define FR_ZERO() _mm256_setzero_si256()
#define FR_SET1(c) _mm256_set1_epi8((char)(c))
#define FR_ADDS _mm256_adds_epu8
#define FR_SUBS _mm256_subs_epu8
#define FR_MIN _mm256_min_epu8
#define FR_MAX _mm256_max_epu8
#define FR_CMPEQ _mm256_cmpeq_epi8
#define FR_XOR _mm256_xor_si256
#define FR_AND _mm256_and_si256
#define FR_OR _mm256_or_si256
#define FR_ANDNOT _mm256_andnot_si256
#define FR_TESTZ(v) _mm256_testz_si256(v, v)
#define FR_MOVEMASK _mm256_movemask_epi8
#include "detect_rows.inc"

static const ovxc_feat_kit kit_avx2 = {fast_nms_row_avx2, nms_row_f32_avx2, canny_grad3_row_avx2, canny_nms_row_avx2, sobel3_prod_row_avx2, harris_row_p32_avx2,
                                       fast9_row_u8_avx2};

const ovxc_feat_kit *ovxc_feat_kit_avx2(void)
{
    return &kit_avx2;
}
