/*
 * AVX2 variants of the feature detectors' rows (compute/features.h), each
 * bit-exact with its scalar reference: integer arithmetic is exact in the
 * lanes used (|g| <= 1020, products and block sums < 2^31), the doubles of
 * Harris see the same operations in the same order (no FMA: the library is
 * built with -ffp-contract=off and the intrinsics are explicit).
 */
#include "features.h"

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

static void sobel3_row_avx2(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_int16 *gx, vx_int16 *gy)
{
    const vx_uint8 *a = src - stride, *b = src, *c = src + stride;
    vx_uint32 x = 1;
    for (; x + 16 < width; x += 16) {
        __m256i vx, vy;
        sobel3_16(a, b, c, x, &vx, &vy);
        _mm256_storeu_si256((__m256i *)(gx + x), vx);
        _mm256_storeu_si256((__m256i *)(gy + x), vy);
    }
    if (x + 1 < width) ovx_sobel3_row_scalar(src + (x - 1), stride, width - (x - 1), gx + (x - 1), gy + (x - 1));
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
        ovx_canny_grad3_row_scalar(src + (x - 1), stride, width - (x - 1), l2, gx + (x - 1), gy + (x - 1),
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
    if (x < x1) ovx_canny_nms_row_scalar(gx, gy, m0, m1, m2, x, x1, lo, hi, map);
}

static void harris_row_s16_avx2(const vx_int16 *const *gx, const vx_int16 *const *gy, vx_int32 bsize, vx_uint32 x0,
                                vx_uint32 x1, vx_float64 scale, vx_float64 k, vx_float64 thresh, vx_int32 *tmp,
                                vx_float32 *out)
{
    vx_uint32 rb = (vx_uint32)bsize / 2, n = x1 - x0 + 2 * rb, base = x0 - rb, c = 0, x = 0, m = x1 - x0;
    vx_int32 *cxx = tmp, *cyy = tmp + n, *cxy = tmp + 2 * n, i;
    const __m256d vs = _mm256_set1_pd(scale), vk = _mm256_set1_pd(k), vt = _mm256_set1_pd(thresh);
    const __m256i pick = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    if (x1 <= x0) return;
    for (; c + 8 <= n; c += 8) { /* column sums over the block's rows, exact in int32 */
        __m256i sxx = _mm256_setzero_si256(), syy = sxx, sxy = sxx;
        for (i = 0; i < bsize; i++) {
            __m256i dx = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(gx[i] + base + c)));
            __m256i dy = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(gy[i] + base + c)));
            sxx = _mm256_add_epi32(sxx, _mm256_mullo_epi32(dx, dx));
            syy = _mm256_add_epi32(syy, _mm256_mullo_epi32(dy, dy));
            sxy = _mm256_add_epi32(sxy, _mm256_mullo_epi32(dx, dy));
        }
        _mm256_storeu_si256((__m256i *)(cxx + c), sxx);
        _mm256_storeu_si256((__m256i *)(cyy + c), syy);
        _mm256_storeu_si256((__m256i *)(cxy + c), sxy);
    }
    for (; c < n; c++) {
        vx_int32 sxx = 0, syy = 0, sxy = 0;
        for (i = 0; i < bsize; i++) {
            vx_int32 dx = gx[i][base + c], dy = gy[i][base + c];
            sxx += dx * dx;
            syy += dy * dy;
            sxy += dx * dy;
        }
        cxx[c] = sxx, cyy[c] = syy, cxy[c] = sxy;
    }
    for (; x + 8 <= m; x += 8) {
        __m256i sxx = _mm256_loadu_si256((const __m256i *)(cxx + x)), syy = _mm256_loadu_si256((const __m256i *)(cyy + x)),
                sxy = _mm256_loadu_si256((const __m256i *)(cxy + x));
        vx_uint32 d;
        int half;
        for (d = 1; d <= 2 * rb; d++) {
            sxx = _mm256_add_epi32(sxx, _mm256_loadu_si256((const __m256i *)(cxx + x + d)));
            syy = _mm256_add_epi32(syy, _mm256_loadu_si256((const __m256i *)(cyy + x + d)));
            sxy = _mm256_add_epi32(sxy, _mm256_loadu_si256((const __m256i *)(cxy + x + d)));
        }
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
            __m256i gt = _mm256_castpd_si256(_mm256_cmp_pd(mc, vt, _CMP_GT_OQ));
            __m128i gt32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(gt, pick));
            __m128 f = _mm_and_ps(_mm256_cvtpd_ps(mc), _mm_castsi128_ps(gt32));
            _mm_storeu_ps(out + x0 + x + 4 * half, f);
        }
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

static vx_uint32 nms_row_f32_avx2(const vx_float32 *s0, const vx_float32 *s1, const vx_float32 *s2, vx_uint32 x0,
                                  vx_uint32 x1, vx_float32 thr, vx_uint32 *xs)
{
    const __m256 vt = _mm256_set1_ps(thr);
    vx_uint32 x = x0, n = 0;
    for (; x + 8 <= x1; x += 8) {
        __m256 c = _mm256_loadu_ps(s1 + x);
        __m256 k = _mm256_cmp_ps(c, vt, _CMP_GT_OQ);
        unsigned m;
        if (!_mm256_movemask_ps(k)) continue;
        k = _mm256_and_ps(k, _mm256_cmp_ps(c, _mm256_loadu_ps(s0 + x - 1), _CMP_GE_OQ));
        k = _mm256_and_ps(k, _mm256_cmp_ps(c, _mm256_loadu_ps(s0 + x), _CMP_GE_OQ));
        k = _mm256_and_ps(k, _mm256_cmp_ps(c, _mm256_loadu_ps(s0 + x + 1), _CMP_GE_OQ));
        k = _mm256_and_ps(k, _mm256_cmp_ps(c, _mm256_loadu_ps(s1 + x - 1), _CMP_GE_OQ));
        k = _mm256_and_ps(k, _mm256_cmp_ps(c, _mm256_loadu_ps(s1 + x + 1), _CMP_GT_OQ));
        k = _mm256_and_ps(k, _mm256_cmp_ps(c, _mm256_loadu_ps(s2 + x - 1), _CMP_GT_OQ));
        k = _mm256_and_ps(k, _mm256_cmp_ps(c, _mm256_loadu_ps(s2 + x), _CMP_GT_OQ));
        k = _mm256_and_ps(k, _mm256_cmp_ps(c, _mm256_loadu_ps(s2 + x + 1), _CMP_GT_OQ));
        for (m = (unsigned)_mm256_movemask_ps(k); m; m &= m - 1) xs[n++] = x + (vx_uint32)__builtin_ctz(m);
    }
    if (x < x1) n += ovx_nms_row_f32_scalar(s0, s1, s2, x, x1, thr, xs + n);
    return n;
}

/* The largest of the 16 cyclic arcs of 9 of the minimum of a[0..15]. */
static inline __m256i best_arc9(const __m256i a[16])
{
    __m256i m2[16], m4[16], best = _mm256_setzero_si256();
    int i;
    for (i = 0; i < 16; i++) m2[i] = _mm256_min_epu8(a[i], a[(i + 1) & 15]);
    for (i = 0; i < 16; i++) m4[i] = _mm256_min_epu8(m2[i], m2[(i + 2) & 15]);
    for (i = 0; i < 16; i++)
        best = _mm256_max_epu8(best, _mm256_min_epu8(_mm256_min_epu8(m4[i], m4[(i + 4) & 15]), a[(i + 8) & 15]));
    return best;
}

/* FAST-9 of 32 pixels at once: with bright differences b = sat(ring - p) and
 * dark ones d = sat(p - ring) (0 when not brighter / darker), strength + 1 =
 * the largest arc minimum of b or d (>= 0: the scalar's best), a corner when
 * it exceeds t.  Blocks where no two neighbouring compass points pass are
 * skipped (the scalar's exact rejection). */
static void fast9_row_u8_avx2(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_int32 t, vx_uint8 *s)
{
    static const int circle[16][2] = {{3, 0},  {3, 1},   {2, 2},   {1, 3},   {0, 3},  {-1, 3}, {-2, 2}, {-3, 1},
                                      {-3, 0}, {-3, -1}, {-2, -2}, {-1, -3}, {0, -3}, {1, -3}, {2, -2}, {3, -1}};
    ptrdiff_t off[16];
    const __m256i vt = _mm256_set1_epi8((char)t), zero = _mm256_setzero_si256();
    vx_uint32 x = 3;
    int k;
    if (width < 7) {
        ovx_fast9_row_u8_scalar(src, stride, width, t, s);
        return;
    }
    for (k = 0; k < 16; k++) off[k] = circle[k][1] * (ptrdiff_t)stride + circle[k][0];
    for (; x + 32 + 3 <= width; x += 32) {
        const vx_uint8 *q = src + x;
        __m256i p = _mm256_loadu_si256((const __m256i *)q), a[16], hi, lo, cand, sb, sd;
        hi = _mm256_adds_epu8(p, vt), lo = _mm256_subs_epu8(p, vt);
        {
            /* compass points 0, 4, 8, 12: brighter than p + t / darker than p - t */
            __m256i c0 = _mm256_loadu_si256((const __m256i *)(q + off[0])),
                    c4 = _mm256_loadu_si256((const __m256i *)(q + off[4])),
                    c8 = _mm256_loadu_si256((const __m256i *)(q + off[8])),
                    c12 = _mm256_loadu_si256((const __m256i *)(q + off[12]));
#define BR(c) _mm256_xor_si256(_mm256_cmpeq_epi8(_mm256_subs_epu8(c, hi), zero), _mm256_set1_epi8(-1))
#define DK(c) _mm256_xor_si256(_mm256_cmpeq_epi8(_mm256_subs_epu8(lo, c), zero), _mm256_set1_epi8(-1))
            __m256i b0 = BR(c0), b4 = BR(c4), b8 = BR(c8), b12 = BR(c12);
            __m256i d0 = DK(c0), d4 = DK(c4), d8 = DK(c8), d12 = DK(c12);
#undef BR
#undef DK
            cand = _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(b0, b4), _mm256_and_si256(b4, b8)),
                                   _mm256_or_si256(_mm256_and_si256(b8, b12), _mm256_and_si256(b12, b0)));
            cand = _mm256_or_si256(cand, _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(d0, d4), _mm256_and_si256(d4, d8)),
                                                         _mm256_or_si256(_mm256_and_si256(d8, d12), _mm256_and_si256(d12, d0))));
        }
        if (_mm256_testz_si256(cand, cand)) {
            _mm256_storeu_si256((__m256i *)(s + x), zero);
            continue;
        }
        for (k = 0; k < 16; k++) a[k] = _mm256_subs_epu8(_mm256_loadu_si256((const __m256i *)(q + off[k])), p);
        sb = best_arc9(a);
        for (k = 0; k < 16; k++) a[k] = _mm256_subs_epu8(p, _mm256_loadu_si256((const __m256i *)(q + off[k])));
        sd = best_arc9(a);
        sb = _mm256_max_epu8(sb, sd);
        /* a corner when strength + 1 > t: sat(sb - t) != 0 */
        sd = _mm256_cmpeq_epi8(_mm256_subs_epu8(sb, vt), zero);
        _mm256_storeu_si256((__m256i *)(s + x), _mm256_andnot_si256(sd, sb));
    }
    /* the last pixels by the scalar rule on the row's tail */
    if (x < width - 3) ovx_fast9_row_u8_scalar(src + (x - 3), stride, width - (x - 3), t, s + (x - 3));
}

/* FAST's NMS on u8 scores, 32 pixels at once: strengths c = sat(s - 1). */
static vx_uint32 fast_nms_row_avx2(const vx_uint8 *s0, const vx_uint8 *s1, const vx_uint8 *s2, vx_uint32 x0,
                                   vx_uint32 x1, int nms, vx_uint32 *xs)
{
    const __m256i one = _mm256_set1_epi8(1), zero = _mm256_setzero_si256();
    vx_uint32 x = x0, n = 0;
    for (; x + 32 <= x1; x += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(s1 + x));
        __m256i keep = _mm256_xor_si256(_mm256_cmpeq_epi8(v, zero), _mm256_set1_epi8(-1));
        vx_uint32 m;
        if (_mm256_testz_si256(keep, keep)) continue;
        if (nms) {
            __m256i c = _mm256_subs_epu8(v, one), nb, ge, gt = _mm256_setzero_si256();
#define N(p, o) _mm256_subs_epu8(_mm256_loadu_si256((const __m256i *)((p) + x + (o))), one)
            /* c >= n: max(c, n) == c; c > n: not (max(c, n) == n) */
            nb = N(s0, -1);
            ge = _mm256_cmpeq_epi8(_mm256_max_epu8(c, nb), c);
            nb = N(s0, 0);
            ge = _mm256_and_si256(ge, _mm256_cmpeq_epi8(_mm256_max_epu8(c, nb), c));
            nb = N(s0, 1);
            ge = _mm256_and_si256(ge, _mm256_cmpeq_epi8(_mm256_max_epu8(c, nb), c));
            nb = N(s1, -1);
            ge = _mm256_and_si256(ge, _mm256_cmpeq_epi8(_mm256_max_epu8(c, nb), c));
            nb = N(s1, 1);
            gt = _mm256_or_si256(gt, _mm256_cmpeq_epi8(_mm256_max_epu8(c, nb), nb));
            nb = N(s2, -1);
            gt = _mm256_or_si256(gt, _mm256_cmpeq_epi8(_mm256_max_epu8(c, nb), nb));
            nb = N(s2, 0);
            gt = _mm256_or_si256(gt, _mm256_cmpeq_epi8(_mm256_max_epu8(c, nb), nb));
            nb = N(s2, 1);
            gt = _mm256_or_si256(gt, _mm256_cmpeq_epi8(_mm256_max_epu8(c, nb), nb));
#undef N
            keep = _mm256_andnot_si256(gt, _mm256_and_si256(keep, ge));
        }
        for (m = (vx_uint32)_mm256_movemask_epi8(keep); m; m &= m - 1) xs[n++] = x + (vx_uint32)__builtin_ctz(m);
    }
    if (x < x1) n += ovx_fast_nms_row_scalar(s0, s1, s2, x, x1, nms, xs + n);
    return n;
}

static const ovxc_feat_kit kit_avx2 = {fast_nms_row_avx2, nms_row_f32_avx2, sobel3_row_avx2, canny_grad3_row_avx2, canny_nms_row_avx2, harris_row_s16_avx2,
                                       fast9_row_u8_avx2};

const ovxc_feat_kit *ovxc_feat_kit_avx2(void)
{
    return &kit_avx2;
}
