/*
 * Warp Affine, Warp Perspective and Remap: AVX2 variants (geometry.h).
 *
 * Blocks of 8 destination pixels, each source position in double lanes (4
 * per vector) with the scalar reference's operations in its order
 * ((m0 x + m2 y) + m4, the perspective division, the +-1e9 / NaN rule, the
 * origin shift, floor), then the reference's double bilinear sum
 *   ((((1-s)(1-t)) p00 + (s(1-t)) p10) + ((1-s)t) p01) + (st) p11, + 0.5, truncated
 * (or the nearest pixel).  The build has -ffp-contract=off, so every product
 * and sum is rounded as the reference rounds it: the outputs are the
 * reference's, bit for bit.
 *
 * Taps: a block whose taps are all inside (and whose 4-byte reads stay in
 * their rows) takes one gather per tap row (4 bytes from the top-left tap:
 * bytes 0 and 1 are the row's two taps); any other block takes each tap by
 * the border rule per lane (the reference's clamp of the top-left tap, then
 * the nearest pixel inside for replicate or the constant), one gather per
 * tap.  Bilinear blocks run in two stages over runs of blocks (taps and
 * fractions, then sums) so that the gathers' latency overlaps arithmetic.
 *
 * Per row shortcuts, each exact: affine coordinates are monotonic in x, so
 * the +-1e9 rule is decided from the row's ends and the pixels with every
 * tap inside form one span found by binary search (no per-lane test there);
 * a perspective row whose z keeps one sign and whose quotients are bounded
 * from its ends skips the rule; a remap block tests the rule on its floats.
 * Planes too large for 32-bit offsets (or under 7 bytes) take a 4-lane path
 * with 64-bit offsets, masked gathers and the scalar rule
 * (ovx_geo_sample_at) for lanes with a tap outside.
 */
#include "geometry.h"

#include <immintrin.h>
#include <math.h>
#include <string.h>

typedef struct {
    const uint8_t *ptr;
    int32_t stride;
    int bilinear;
    __m256d ox, oy;     /* the plane's origin in image coordinates */
    __m256d xmax, ymax; /* the largest top-left tap with every tap inside */
    __m256i vstride;    /* stride in each 64-bit lane */
    __m256i lim;        /* offsets of the top-left tap below this read inside the plane */
    int fast;           /* 32-bit offsets fit: the 8-pixel path may run */
    __m256i xfast_i, ymax_i; /* the largest top-left tap of the 8-pixel path: w - 4 (a
                              * 4-byte read) and h - 1 - bilinear */
    int can_fast;       /* both are >= 0 */
    __m256i vstride32;  /* stride in each 32-bit lane */
    int has_ox, has_oy; /* the origin is not (0, 0) */
    int constant;       /* OVX_GEO_CONSTANT border */
    __m256i cval;       /* its value */
    __m256i wm1, hm1;   /* w - 1, h - 1 */
    __m256i lastm3;     /* offset of the plane's last byte - 3 */
    __m256d xclamp, yclamp; /* w + 1, h + 1 */
} warp_ctx;

/* Can the plane be read with 64-bit offsets of a positive stride?  (U1
 * planes and odd layouts take the scalar reference.) */
static int warp_ctx_init(warp_ctx *c, const ovx_geo_src *src, const ovx_geo_dst *dst, int interp)
{
    int64_t last;
    if (src->u1 || dst->u1 || src->width < 1 || src->height < 1 || src->stride < src->width || !src->ptr)
        return 0;
    c->ptr = src->ptr;
    c->stride = src->stride;
    c->bilinear = interp != OVX_GEO_NEAREST;
    c->ox = _mm256_set1_pd((double)src->ox);
    c->oy = _mm256_set1_pd((double)src->oy);
    c->xmax = _mm256_set1_pd((double)(src->width - 1 - c->bilinear));
    c->ymax = _mm256_set1_pd((double)(src->height - 1 - c->bilinear));
    c->vstride = _mm256_set1_epi64x((long long)src->stride);
    /* the last byte of the plane is at (h - 1) * stride + w - 1; a 4-byte read
     * of the last tap row at offset o + (bilinear ? stride : 0) must end there */
    last = (int64_t)(src->height - 1) * src->stride + src->width - 1;
    c->lim = _mm256_set1_epi64x((long long)(last - 3 - (c->bilinear ? src->stride : 0) + 1));
    /* 8-pixel path: every offset below (h + 1) * stride fits an int32, and
     * the plane has 7 bytes or more, so that a 4-byte read ending at a tap
     * past last - 3 starts inside it (warp_tap) */
    c->fast = last >= 6 && (int64_t)(src->height + 1) * src->stride < ((int64_t)1 << 31);
    c->has_ox = src->ox != 0;
    c->has_oy = src->oy != 0;
    c->constant = src->mode == OVX_GEO_CONSTANT;
    c->cval = _mm256_set1_epi32(src->cval & 255);
    c->wm1 = _mm256_set1_epi32(src->width - 1);
    c->hm1 = _mm256_set1_epi32(src->height - 1);
    c->lastm3 = _mm256_set1_epi32((int32_t)(c->fast ? last - 3 : 0));
    c->xclamp = _mm256_set1_pd((double)src->width + 1.0);
    c->yclamp = _mm256_set1_pd((double)src->height + 1.0);
    c->xfast_i = _mm256_set1_epi32(src->width - 4);
    c->ymax_i = _mm256_set1_epi32(src->height - 1 - c->bilinear);
    c->can_fast = src->width >= 4 && src->height - 1 - c->bilinear >= 0;
    c->vstride32 = _mm256_set1_epi32(src->stride);
    return 1;
}

/* The reference's NaN / +-1e9 rule: both coordinates -10 unless both are
 * finite and within +-1e9 (ok: an extra condition, all ones when none). */
static inline void warp_fix(__m256d *sx, __m256d *sy, __m256d ok)
{
    const __m256d big = _mm256_set1_pd(1e9), nbig = _mm256_set1_pd(-1e9), m10 = _mm256_set1_pd(-10.0);
    ok = _mm256_and_pd(ok, _mm256_and_pd(_mm256_cmp_pd(*sx, big, _CMP_LT_OQ), _mm256_cmp_pd(*sx, nbig, _CMP_GT_OQ)));
    ok = _mm256_and_pd(ok, _mm256_and_pd(_mm256_cmp_pd(*sy, big, _CMP_LT_OQ), _mm256_cmp_pd(*sy, nbig, _CMP_GT_OQ)));
    *sx = _mm256_blendv_pd(m10, *sx, ok);
    *sy = _mm256_blendv_pd(m10, *sy, ok);
}

/* Destination pixels out[0 .. n-1] (n <= 4) from source positions sx, sy. */
static inline void warp_px4(const warp_ctx *c, const ovx_geo_src *src, __m256d sx, __m256d sy, uint8_t *out, int n)
{
    const __m256d zero = _mm256_setzero_pd(), half = _mm256_set1_pd(0.5);
    __m256d x = _mm256_sub_pd(sx, c->ox), y = _mm256_sub_pd(sy, c->oy), xl, yl, in;
    __m256i off, m;
    __m128i xi, yi;
    int bits, j;
    uint32_t res = 0;
    if (!c->bilinear) {
        x = _mm256_add_pd(x, half);
        y = _mm256_add_pd(y, half);
    }
    xl = _mm256_floor_pd(x);
    yl = _mm256_floor_pd(y);
    in = _mm256_and_pd(_mm256_and_pd(_mm256_cmp_pd(xl, zero, _CMP_GE_OQ), _mm256_cmp_pd(xl, c->xmax, _CMP_LE_OQ)),
                       _mm256_and_pd(_mm256_cmp_pd(yl, zero, _CMP_GE_OQ), _mm256_cmp_pd(yl, c->ymax, _CMP_LE_OQ)));
    xi = _mm256_cvttpd_epi32(xl);
    yi = _mm256_cvttpd_epi32(yl);
    off = _mm256_add_epi64(_mm256_mul_epi32(_mm256_cvtepi32_epi64(yi), c->vstride), _mm256_cvtepi32_epi64(xi));
    m = _mm256_and_si256(_mm256_castpd_si256(in), _mm256_cmpgt_epi64(c->lim, off));
    bits = _mm256_movemask_pd(_mm256_castsi256_pd(m));
    if (bits) {
        const __m128i ff = _mm_set1_epi32(255);
        __m128i m32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(m, _mm256_setr_epi32(1, 3, 5, 7, 1, 3, 5, 7)));
        __m128i g0 = _mm256_mask_i64gather_epi32(_mm_setzero_si128(), (const int *)c->ptr, off, m32, 1), r;
        if (c->bilinear) {
            __m128i g1 =
                _mm256_mask_i64gather_epi32(_mm_setzero_si128(), (const int *)(c->ptr + c->stride), off, m32, 1);
            const __m256d one = _mm256_set1_pd(1.0);
            __m256d p00 = _mm256_cvtepi32_pd(_mm_and_si128(g0, ff));
            __m256d p10 = _mm256_cvtepi32_pd(_mm_and_si128(_mm_srli_epi32(g0, 8), ff));
            __m256d p01 = _mm256_cvtepi32_pd(_mm_and_si128(g1, ff));
            __m256d p11 = _mm256_cvtepi32_pd(_mm_and_si128(_mm_srli_epi32(g1, 8), ff));
            __m256d s = _mm256_sub_pd(x, xl), t = _mm256_sub_pd(y, yl);
            __m256d os = _mm256_sub_pd(one, s), ot = _mm256_sub_pd(one, t), v;
            v = _mm256_mul_pd(_mm256_mul_pd(os, ot), p00);
            v = _mm256_add_pd(v, _mm256_mul_pd(_mm256_mul_pd(s, ot), p10));
            v = _mm256_add_pd(v, _mm256_mul_pd(_mm256_mul_pd(os, t), p01));
            v = _mm256_add_pd(v, _mm256_mul_pd(_mm256_mul_pd(s, t), p11));
            r = _mm256_cvttpd_epi32(_mm256_add_pd(v, half));
            r = _mm_packus_epi32(r, r);
            r = _mm_packus_epi16(r, r);
        } else {
            r = _mm_shuffle_epi8(g0, _mm_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1));
        }
        res = (uint32_t)_mm_cvtsi128_si32(r);
    }
    if (n == 4) {
        memcpy(out, &res, 4);
    } else {
        for (j = 0; j < n; j++) out[j] = (uint8_t)(res >> (8 * j));
    }
    if ((bits & 15) != 15) {
        double ax[4], ay[4];
        _mm256_storeu_pd(ax, sx);
        _mm256_storeu_pd(ay, sy);
        for (j = 0; j < n; j++)
            if (!((bits >> j) & 1))
                out[j] = (uint8_t)ovx_geo_sample_at(src, ax[j], ay[j], c->bilinear ? OVX_GEO_BILINEAR : OVX_GEO_NEAREST);
    }
}

/* The source position of 8 lanes after the origin shift (and the +0.5 of the
 * nearest rule), and its floor. */
static inline void warp_pos(const warp_ctx *c, __m256d sx, __m256d sy, __m256d *x, __m256d *y, __m256d *xl,
                            __m256d *yl)
{
    /* x - 0 is x exactly: a plane at the image's origin skips the subtraction */
    *x = c->has_ox ? _mm256_sub_pd(sx, c->ox) : sx;
    *y = c->has_oy ? _mm256_sub_pd(sy, c->oy) : sy;
    if (!c->bilinear) {
        const __m256d half = _mm256_set1_pd(0.5);
        *x = _mm256_add_pd(*x, half);
        *y = _mm256_add_pd(*y, half);
    }
    *xl = _mm256_floor_pd(*x);
    *yl = _mm256_floor_pd(*y);
}

/* All ones when the 8-pixel path may read the taps of every lane: the
 * top-left tap in [0, w - 4] x [0, h - 1 - bilinear] (a 4-byte read of
 * either tap row stays in its row). */
static inline int warp_in_fast(const warp_ctx *c, __m256i xi, __m256i yi)
{
    /* xi, yi: the floors converted (out of int32 range: INT_MIN, outside);
     * unsigned xi <= w - 4 is 0 <= xi <= w - 4 */
    __m256i okx = _mm256_cmpeq_epi32(_mm256_min_epu32(xi, c->xfast_i), xi);
    __m256i oky = _mm256_cmpeq_epi32(_mm256_min_epu32(yi, c->ymax_i), yi);
    return c->can_fast && _mm256_movemask_epi8(_mm256_and_si256(okx, oky)) == -1;
}

/* The reference's double bilinear sum of 8 lanes from their taps (8 x int32
 * each), rounded: 8 bytes in the low half. */
static inline __m128i warp_bil8_st(__m256i q00, __m256i q10, __m256i q01, __m256i q11, __m256d s0, __m256d t0,
                                   __m256d s1, __m256d t1)
{
    const __m256d one = _mm256_set1_pd(1.0), half = _mm256_set1_pd(0.5);
    __m128i r0, r1, r;
#define WARP_BIL4(s, t, h, res)                                                                                    \
    do {                                                                                                           \
        __m256d p00 = _mm256_cvtepi32_pd(_mm256_extracti128_si256(q00, h));                                        \
        __m256d p10 = _mm256_cvtepi32_pd(_mm256_extracti128_si256(q10, h));                                        \
        __m256d p01 = _mm256_cvtepi32_pd(_mm256_extracti128_si256(q01, h));                                        \
        __m256d p11 = _mm256_cvtepi32_pd(_mm256_extracti128_si256(q11, h));                                        \
        __m256d os = _mm256_sub_pd(one, s), ot = _mm256_sub_pd(one, t), v;                                         \
        v = _mm256_mul_pd(_mm256_mul_pd(os, ot), p00);                                                             \
        v = _mm256_add_pd(v, _mm256_mul_pd(_mm256_mul_pd(s, ot), p10));                                            \
        v = _mm256_add_pd(v, _mm256_mul_pd(_mm256_mul_pd(os, t), p01));                                            \
        v = _mm256_add_pd(v, _mm256_mul_pd(_mm256_mul_pd(s, t), p11));                                             \
        res = _mm256_cvttpd_epi32(_mm256_add_pd(v, half));                                                         \
    } while (0)
    WARP_BIL4(s0, t0, 0, r0);
    WARP_BIL4(s1, t1, 1, r1);
#undef WARP_BIL4
    r = _mm_packus_epi32(r0, r1);
    return _mm_packus_epi16(r, r);
}

/* Tap (a, b) of 8 lanes (any int32 coordinates) by the border rule: the
 * nearest pixel inside (replicate) or cval (constant) for outside taps.  The
 * 4-byte read starts at the tap, or ends at it near the end of the plane. */
static inline __m256i warp_tap(const warp_ctx *c, __m256i a, __m256i b)
{
    const __m256i zero = _mm256_setzero_si256(), ff = _mm256_set1_epi32(255);
    __m256i ac = _mm256_min_epi32(_mm256_max_epi32(a, zero), c->wm1);
    __m256i bc = _mm256_min_epi32(_mm256_max_epi32(b, zero), c->hm1);
    __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(bc, c->vstride32), ac);
    __m256i end = _mm256_cmpgt_epi32(off, c->lastm3);
    __m256i g = _mm256_i32gather_epi32((const int *)c->ptr, _mm256_sub_epi32(off, _mm256_and_si256(end, _mm256_set1_epi32(3))), 1);
    g = _mm256_and_si256(_mm256_srlv_epi32(g, _mm256_and_si256(end, _mm256_set1_epi32(24))), ff);
    if (c->constant) {
        __m256i in = _mm256_and_si256(_mm256_cmpeq_epi32(a, ac), _mm256_cmpeq_epi32(b, bc));
        g = _mm256_blendv_epi8(c->cval, g, in);
    }
    return g;
}

/* The reference's clamp of the top-left tap to [-2, w + 1] x [-2, h + 1]
 * (far outside: any outside pixel gives the border value), as int32. */
static inline __m256i warp_clampi(__m256d a0, __m256d a1, __m256d hi)
{
    const __m256d lo = _mm256_set1_pd(-2.0);
    a0 = _mm256_min_pd(_mm256_max_pd(a0, lo), hi);
    a1 = _mm256_min_pd(_mm256_max_pd(a1, lo), hi);
    return _mm256_setr_m128i(_mm256_cvttpd_epi32(a0), _mm256_cvttpd_epi32(a1));
}

static inline void warp_store(uint8_t *out, __m128i r, int n)
{
    if (n == 8) {
        _mm_storel_epi64((__m128i *)out, r);
    } else {
        uint8_t tmp[16];
        _mm_storeu_si128((__m128i *)tmp, r);
        memcpy(out, tmp, (size_t)n);
    }
}

/* Bilinear, in two stages over a run of blocks (c->fast), so that the
 * gathers' latency overlaps the arithmetic of other blocks: first each
 * block's taps, packed per tap row (byte 0 the left tap, byte 1 the right
 * one), and its fractions; then each block's sums. */
typedef struct {
    __m256i g0, g1;
    __m256d s0, t0, s1, t1;
} warp_blk;

static inline void warp_bil_taps(const warp_ctx *c, __m256d sx0, __m256d sy0, __m256d sx1, __m256d sy1, int known_in,
                                 warp_blk *b)
{
    __m256d x0, y0, xl0, yl0, x1, y1, xl1, yl1;
    warp_pos(c, sx0, sy0, &x0, &y0, &xl0, &yl0);
    warp_pos(c, sx1, sy1, &x1, &y1, &xl1, &yl1);
    b->s0 = _mm256_sub_pd(x0, xl0);
    b->t0 = _mm256_sub_pd(y0, yl0);
    b->s1 = _mm256_sub_pd(x1, xl1);
    b->t1 = _mm256_sub_pd(y1, yl1);
    __m256i xi = _mm256_setr_m128i(_mm256_cvttpd_epi32(xl0), _mm256_cvttpd_epi32(xl1));
    __m256i yi = _mm256_setr_m128i(_mm256_cvttpd_epi32(yl0), _mm256_cvttpd_epi32(yl1));
    if (known_in || warp_in_fast(c, xi, yi)) {
        /* every tap inside, 4-byte reads inside the rows: one gather per tap row */
        __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(yi, c->vstride32), xi);
        b->g0 = _mm256_i32gather_epi32((const int *)c->ptr, off, 1);
        b->g1 = _mm256_i32gather_epi32((const int *)(c->ptr + c->stride), off, 1);
    } else {
        /* some tap outside: each tap by the border rule */
        const __m256i one = _mm256_set1_epi32(1);
        xi = warp_clampi(xl0, xl1, c->xclamp), yi = warp_clampi(yl0, yl1, c->yclamp);
        __m256i xj = _mm256_add_epi32(xi, one), yj = _mm256_add_epi32(yi, one);
        b->g0 = _mm256_or_si256(warp_tap(c, xi, yi), _mm256_slli_epi32(warp_tap(c, xj, yi), 8));
        b->g1 = _mm256_or_si256(warp_tap(c, xi, yj), _mm256_slli_epi32(warp_tap(c, xj, yj), 8));
    }
}

static inline __m128i warp_bil_sum(const warp_blk *b)
{
    const __m256i ff = _mm256_set1_epi32(255);
    return warp_bil8_st(_mm256_and_si256(b->g0, ff), _mm256_and_si256(_mm256_srli_epi32(b->g0, 8), ff),
                        _mm256_and_si256(b->g1, ff), _mm256_and_si256(_mm256_srli_epi32(b->g1, 8), ff), b->s0, b->t0,
                        b->s1, b->t1);
}

/* Destination pixels out[0 .. n-1] (n <= 8) from source positions (sx0, sy0)
 * (lanes 0-3) and (sx1, sy1) (lanes 4-7); lanes past n are computed (their
 * taps are clamped into the plane) but not stored. */
static inline void warp_px8(const warp_ctx *c, const ovx_geo_src *src, __m256d sx0, __m256d sy0, __m256d sx1,
                            __m256d sy1, uint8_t *out, int n, int known_in)
{
    __m256d x0, y0, xl0, yl0, x1, y1, xl1, yl1;
    __m128i r;
    if (!c->fast) {
        warp_px4(c, src, sx0, sy0, out, n < 4 ? n : 4);
        if (n > 4) warp_px4(c, src, sx1, sy1, out + 4, n - 4);
        return;
    }
    if (c->bilinear) {
        warp_blk b;
        warp_bil_taps(c, sx0, sy0, sx1, sy1, known_in, &b);
        warp_store(out, warp_bil_sum(&b), n);
        return;
    }
    warp_pos(c, sx0, sy0, &x0, &y0, &xl0, &yl0);
    warp_pos(c, sx1, sy1, &x1, &y1, &xl1, &yl1);
    __m256i xi = _mm256_setr_m128i(_mm256_cvttpd_epi32(xl0), _mm256_cvttpd_epi32(xl1));
    __m256i yi = _mm256_setr_m128i(_mm256_cvttpd_epi32(yl0), _mm256_cvttpd_epi32(yl1));
    if (known_in || warp_in_fast(c, xi, yi)) {
        __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(yi, c->vstride32), xi);
        __m256i g0 = _mm256_i32gather_epi32((const int *)c->ptr, off, 1);
        __m256i b = _mm256_shuffle_epi8(g0, _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                             -1, 0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                                             -1, -1));
        r = _mm_unpacklo_epi32(_mm256_castsi256_si128(b), _mm256_extracti128_si256(b, 1));
    } else {
        __m256i q = warp_tap(c, warp_clampi(xl0, xl1, c->xclamp), warp_clampi(yl0, yl1, c->yclamp));
        q = _mm256_packus_epi32(q, q); /* 0 1 2 3 0 1 2 3 | 4 5 6 7 4 5 6 7 (u16) */
        q = _mm256_packus_epi16(q, q);
        r = _mm_unpacklo_epi32(_mm256_castsi256_si128(q), _mm256_extracti128_si256(q, 1));
    }
    warp_store(out, r, n);
}

/* Up to CH blocks of 8 pixels per run of the two bilinear stages. */
enum { WARP_CH = 16 };

/* Affine rows: the floor of one coordinate of pixel x of a row (the top-left
 * tap, or the nearest pixel), with the vector lanes' operations. */
static inline double warp_aff_floor(double mc, double b, double cst, double o, int bilinear, int32_t x)
{
    double v = mc * (double)x + b + cst;
    v = v - o;
    if (!bilinear) v = v + 0.5;
    return floor(v);
}

/* The first x in [0, n] where (f(x) >= lo if up, else f(x) <= hi) holds for
 * the monotone f = warp_aff_floor (non-decreasing when mc >= 0): n if none. */
static int32_t warp_aff_first(double mc, double b, double cst, double o, int bilinear, int32_t n, int up, double lim)
{
    int32_t a = 0, z = n;
    while (a < z) {
        int32_t mid = a + (z - a) / 2;
        double f = warp_aff_floor(mc, b, cst, o, bilinear, mid);
        if (up ? f >= lim : f <= lim) z = mid;
        else a = mid + 1;
    }
    return a;
}

/* The pixels [*xa, *xb) of a row whose coordinate's floor lies in [lo, hi]:
 * an interval, as the floor is monotone in x (m x rounded, then sums and
 * floor, each monotone). */
static void warp_aff_span(double mc, double b, double cst, double o, int bilinear, int32_t n, double lo, double hi,
                          int32_t *xa, int32_t *xb)
{
    if (mc >= 0) {
        *xa = warp_aff_first(mc, b, cst, o, bilinear, n, 1, lo);
        *xb = warp_aff_first(mc, b, cst, o, bilinear, n, 1, hi + 1.0);
    } else {
        *xa = warp_aff_first(mc, b, cst, o, bilinear, n, 0, hi);
        *xb = warp_aff_first(mc, b, cst, o, bilinear, n, 0, lo - 1.0);
    }
}

void ovx_warp_affine_rows_avx2(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *m, int interp,
                               uint32_t y0, uint32_t y1)
{
    warp_ctx c;
    const __m256d m0 = _mm256_set1_pd((double)m[0]), m1 = _mm256_set1_pd((double)m[1]);
    const __m256d m4 = _mm256_set1_pd((double)m[4]), m5 = _mm256_set1_pd((double)m[5]);
    const __m256d four = _mm256_set1_pd(4.0), all = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
    if (!warp_ctx_init(&c, src, dst, interp)) {
        ovx_warp_affine_rows(src, dst, m, interp, y0, y1);
        return;
    }
    const int two = c.bilinear && c.fast;
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        /* (double)m[2] * y and (double)m[3] * y: exact (24 by 32 bits) */
        const __m256d by = _mm256_mul_pd(_mm256_set1_pd((double)m[3]), _mm256_set1_pd((double)y));
        const __m256d bx = _mm256_mul_pd(_mm256_set1_pd((double)m[2]), _mm256_set1_pd((double)y));
        __m256d xv = _mm256_setr_pd(0.0, 1.0, 2.0, 3.0);
        /* the rounded sums are monotonic in x (m0 x is exact, rounding is
         * monotonic): when both ends of the row (the last 8-lane block
         * included) pass the +-1e9 rule, every pixel between does */
        int check = 1;
        {
            __m256d ends = _mm256_setr_pd(0.0, (double)(((dst->width + 7) & ~7) - 1), 0.0, 0.0);
            __m256d ex = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m0, ends), bx), m4);
            __m256d ey = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m1, ends), by), m5);
            __m256d fx = ex, fy = ey;
            warp_fix(&fx, &fy, all);
            check = (_mm256_movemask_pd(_mm256_cmp_pd(fx, ex, _CMP_EQ_OQ)) & 3) != 3 ||
                    (_mm256_movemask_pd(_mm256_cmp_pd(fy, ey, _CMP_EQ_OQ)) & 3) != 3;
        }
        /* the pixels whose 8-pixel path needs no inside test: both
         * coordinates' spans (warp_in_fast's bounds) */
        int32_t ka = 0, kb = 0;
        if (!check && c.fast) {
            int32_t ax, bx_, ay, by_;
            const double yd = (double)y, bil = c.bilinear;
            warp_aff_span((double)m[0], (double)m[2] * yd, (double)m[4], (double)src->ox, c.bilinear, dst->width, 0.0,
                          (double)(src->width - 4), &ax, &bx_);
            warp_aff_span((double)m[1], (double)m[3] * yd, (double)m[5], (double)src->oy, c.bilinear, dst->width, 0.0,
                          (double)src->height - 1.0 - bil, &ay, &by_);
            ka = ax > ay ? ax : ay;
            kb = bx_ < by_ ? bx_ : by_;
        }
        for (int32_t x = 0; x < dst->width; x += 8 * WARP_CH) {
            warp_blk blk[WARP_CH];
            int nb = (dst->width - x + 7) / 8, k;
            if (nb > WARP_CH) nb = WARP_CH;
            for (k = 0; k < nb; k++) {
                int32_t xb = x + 8 * k;
                __m256d xw = _mm256_add_pd(xv, four);
                __m256d sx0 = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m0, xv), bx), m4);
                __m256d sy0 = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m1, xv), by), m5);
                __m256d sx1 = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m0, xw), bx), m4);
                __m256d sy1 = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m1, xw), by), m5);
                if (check) {
                    warp_fix(&sx0, &sy0, all);
                    warp_fix(&sx1, &sy1, all);
                }
                if (two)
                    warp_bil_taps(&c, sx0, sy0, sx1, sy1, xb >= ka && xb + 8 <= kb, &blk[k]);
                else
                    warp_px8(&c, src, sx0, sy0, sx1, sy1, row + xb, dst->width - xb < 8 ? dst->width - xb : 8,
                             xb >= ka && xb + 8 <= kb);
                xv = _mm256_add_pd(xw, four);
            }
            if (two)
                for (k = 0; k < nb; k++) {
                    int32_t xb = x + 8 * k;
                    warp_store(row + xb, warp_bil_sum(&blk[k]), dst->width - xb < 8 ? dst->width - xb : 8);
                }
        }
    }
}

void ovx_warp_perspective_rows_avx2(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *m, int interp,
                                    uint32_t y0, uint32_t y1)
{
    warp_ctx c;
    const __m256d m0 = _mm256_set1_pd((double)m[0]), m1 = _mm256_set1_pd((double)m[1]);
    const __m256d m2 = _mm256_set1_pd((double)m[2]), m6 = _mm256_set1_pd((double)m[6]);
    const __m256d m7 = _mm256_set1_pd((double)m[7]), m8 = _mm256_set1_pd((double)m[8]);
    const __m256d four = _mm256_set1_pd(4.0), zero = _mm256_setzero_pd();
    if (!warp_ctx_init(&c, src, dst, interp)) {
        ovx_warp_perspective_rows(src, dst, m, interp, y0, y1);
        return;
    }
    const int two = c.bilinear && c.fast;
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const __m256d vy = _mm256_set1_pd((double)y);
        const __m256d bx = _mm256_mul_pd(_mm256_set1_pd((double)m[3]), vy);
        const __m256d by = _mm256_mul_pd(_mm256_set1_pd((double)m[4]), vy);
        const __m256d bz = _mm256_mul_pd(_mm256_set1_pd((double)m[5]), vy);
        __m256d xv = _mm256_setr_pd(0.0, 1.0, 2.0, 3.0);
        /* x, y and z are each monotonic in x (rounded sums of an exact m x):
         * when z has one strict sign at both ends of the row (the last
         * 8-lane block included), no z between is 0 and every quotient is at
         * most max |x|, |y| over min |z| (+ rounding): under 5e8, the +-1e9
         * rule cannot apply anywhere in the row */
        int check = 1;
        {
            const __m256d ends = _mm256_setr_pd(0.0, (double)(((dst->width + 7) & ~7) - 1), 0.0, 0.0);
            double e[2][4], zz[4], nmax, zmin;
            _mm256_storeu_pd(e[0], _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m0, ends), bx), m6));
            _mm256_storeu_pd(e[1], _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m1, ends), by), m7));
            _mm256_storeu_pd(zz, _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m2, ends), bz), m8));
            if ((zz[0] > 0.0 && zz[1] > 0.0) || (zz[0] < 0.0 && zz[1] < 0.0)) {
                zmin = fmin(fabs(zz[0]), fabs(zz[1]));
                nmax = fmax(fmax(fabs(e[0][0]), fabs(e[0][1])), fmax(fabs(e[1][0]), fabs(e[1][1])));
                check = !(nmax < 5e8 * zmin);
            }
        }
        for (int32_t x = 0; x < dst->width; x += 8 * WARP_CH) {
            warp_blk blk[WARP_CH];
            int nb = (dst->width - x + 7) / 8, k;
            if (nb > WARP_CH) nb = WARP_CH;
            for (k = 0; k < nb; k++) {
                int32_t xb = x + 8 * k;
                __m256d sx[2], sy[2];
                for (int h = 0; h < 2; h++) {
                    __m256d px = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m0, xv), bx), m6);
                    __m256d py = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m1, xv), by), m7);
                    __m256d pz = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(m2, xv), bz), m8);
                    sx[h] = _mm256_div_pd(px, pz);
                    sy[h] = _mm256_div_pd(py, pz);
                    /* sz == 0: the reference does not divide and takes -10 */
                    if (check) warp_fix(&sx[h], &sy[h], _mm256_cmp_pd(pz, zero, _CMP_NEQ_OQ));
                    xv = _mm256_add_pd(xv, four);
                }
                if (two)
                    warp_bil_taps(&c, sx[0], sy[0], sx[1], sy[1], 0, &blk[k]);
                else
                    warp_px8(&c, src, sx[0], sy[0], sx[1], sy[1], row + xb, dst->width - xb < 8 ? dst->width - xb : 8, 0);
            }
            if (two)
                for (k = 0; k < nb; k++) {
                    int32_t xb = x + 8 * k;
                    warp_store(row + xb, warp_bil_sum(&blk[k]), dst->width - xb < 8 ? dst->width - xb : 8);
                }
        }
    }
}

void ovx_remap_rows_avx2(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *map_xy, int interp,
                         uint32_t y0, uint32_t y1)
{
    warp_ctx c;
    const __m256d all = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
    if (!warp_ctx_init(&c, src, dst, interp)) {
        ovx_remap_rows(src, dst, map_xy, interp, y0, y1);
        return;
    }
    const int two = c.bilinear && c.fast;
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const float *p = map_xy + (size_t)y * (size_t)dst->width * 2;
        warp_blk blk[WARP_CH];
        int k = 0;
        for (int32_t x = 0; x < dst->width; x += 8) {
            int n = dst->width - x < 8 ? dst->width - x : 8;
            const float *q = p + 2 * x;
            float tmp[16];
            __m256d sx[2], sy[2];
            if (n < 8) {
                memset(tmp, 0, sizeof(tmp));
                memcpy(tmp, q, (size_t)n * 2 * sizeof(float));
                q = tmp;
            }
            __m256 a[2];
            a[0] = _mm256_loadu_ps(q);
            a[1] = _mm256_loadu_ps(q + 8);
            /* the +-1e9 rule in float lanes first: 1e9 is a float, and
             * |v| < 1e9 of a float v is the same test as of (double)v (NaN:
             * false) */
            const __m256 absm = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff)), big = _mm256_set1_ps(1e9f);
            int ok = _mm256_movemask_ps(_mm256_and_ps(_mm256_cmp_ps(_mm256_and_ps(a[0], absm), big, _CMP_LT_OQ),
                                                      _mm256_cmp_ps(_mm256_and_ps(a[1], absm), big, _CMP_LT_OQ))) == 255;
            for (int h = 0; h < 2; h++) {
                __m256d da = _mm256_cvtps_pd(_mm256_castps256_ps128(a[h]));   /* x0 y0 x1 y1 */
                __m256d db = _mm256_cvtps_pd(_mm256_extractf128_ps(a[h], 1)); /* x2 y2 x3 y3 */
                sx[h] = _mm256_permute4x64_pd(_mm256_unpacklo_pd(da, db), _MM_SHUFFLE(3, 1, 2, 0));
                sy[h] = _mm256_permute4x64_pd(_mm256_unpackhi_pd(da, db), _MM_SHUFFLE(3, 1, 2, 0));
                if (!ok) warp_fix(&sx[h], &sy[h], all);
            }
            if (!two) {
                warp_px8(&c, src, sx[0], sy[0], sx[1], sy[1], row + x, n, 0);
                continue;
            }
            warp_bil_taps(&c, sx[0], sy[0], sx[1], sy[1], 0, &blk[k++]);
            if (k == WARP_CH || x + 8 >= dst->width) {
                int32_t xa = x - 8 * (k - 1);
                for (int j = 0; j < k; j++) {
                    int32_t xb = xa + 8 * j;
                    warp_store(row + xb, warp_bil_sum(&blk[j]), dst->width - xb < 8 ? dst->width - xb : 8);
                }
                k = 0;
            }
        }
    }
}
