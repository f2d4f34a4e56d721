/*
 * Warp Affine, Warp Perspective and Remap: AVX2 variants (geometry.h).
 *
 * Bit-exact with the fixed-point references: 8 destination pixels per step,
 * the positions v in 8 float lanes with the reference's operations in its
 * order (the per-row constants are the reference's own, ovxc_geo_*_row), the
 * clamp to +-2^30 (max/min with the reference's NaN rule: maxps returns its
 * second operand for NaN), floor and conversion to int32 fixed point; then
 * the integer bilinear sum (pmaddwd of the tap pairs with the weight pairs
 * (1024 - s, s), then r0 * 1024 + (r1 - r0) * t, the same integer as the
 * reference's r0 (1024 - t) + r1 t) or the nearest tap.
 *
 * Taps, in order of preference:
 *  - row-local (no gathers): the block's taps lie within 16 columns and 2
 *    (nearest) or 3 (bilinear) rows of a base tap (the smaller of lanes 0
 *    and 7): 16-byte reads of those rows, pshufb per row, a blend by row.
 *    Affine rows find once, by binary search with the lanes' own float
 *    operations (the positions are monotonic in x), the span of blocks
 *    where this holds inside the plane, and run it with no per-block test
 *    (the bases of 8 blocks at a time, warp_aff_local_run); other blocks
 *    test it.  Nearest affine rows up to WARP_NN_TAB pixels take two blocks
 *    per pshufb (warp_aff_local_nn_run: packed indices and row masks, the
 *    products of x from a per-call table), and under replicate the blocks
 *    past the span take the same row-local code with their positions
 *    clamped into the plane (bilinear too).
 *  - Prefetch: warps and remaps whose destination rows cross the source
 *    diagonally (2 source rows or more a row) prefetch each block's taps 8
 *    destination rows ahead (warp_pf, warp_remap_pf): the hardware
 *    prefetchers follow no such stream.
 *  - one gather per tap row (4 bytes from the top-left tap; bytes 0 and 1
 *    are the row's two taps) when every top-left tap lies in [0, w - 4] x
 *    [0, h - 1 - bilinear];
 *  - else each tap by the border rule per lane, one gather per tap.
 * Replicate clamps the position into the plane first ([0, (w - 1) 1024]:
 * the same value, see warp_px8), so edge blocks mostly stay row-local;
 * under constant, a block with every tap outside is the constant.  Affine
 * rows whose positions stay inside +-2^30 at both ends skip the clamp.
 * Planes too large for 32-bit offsets (or 2^20 pixels a side), under 7
 * bytes, and U1 images take the scalar reference.
 *
 * Warp Perspective (bilinear; nearest under replicate) and bilinear Remap
 * run each row in two passes per chunk of 256 pixels, in loops specialised
 * on the interpolation and border rule: the positions (division, clamp,
 * fix; perspective: the products of x from a per-call table, no clamp in
 * chunks proven inside its bounds) into arrays, then the taps.  Bilinear:
 * the row-local path tested per block (remap: warp_blk8, its base from the
 * block's end lanes in scalar registers; perspective: warp_bil_blk8, the
 * bases computed ahead, 8 blocks a vector), else warp_px8 out of line.
 * Nearest perspective: 16-pixel groups within 16 columns and 3 rows of a
 * base take one pshufb per row, two groups a vector (warp_nn_win32),
 * others scalar byte loads from offsets.  In one pass the chain from a
 * block's position to its loads was long enough to leave the core waiting
 * (~30% slower, CPU time).
 * Bilinear remaps with a derived table (geometry.h, ovxc_remap_btab_*) read
 * it instead of the map: a block's window offset and each pixel's position
 * in it, sampled by warp_local_bil.
 */
#include "geometry.h"

#include <immintrin.h>
#include <math.h>
#include <string.h>

#define WARP_ALIGN __attribute__((aligned(32)))

typedef struct {
    const uint8_t *ptr;
    int32_t stride;
    int bilinear;
    int constant;    /* OVXC_BORDER_CONSTANT border */
    int can_fast;    /* the gather path's bounds are not empty */
    int can_local;   /* the row-local path's bounds are not empty */
    int nn_win;      /* nearest windows of 16 columns and 3 rows fit the plane (warp_nn_win32) */
    int32_t ywin;    /* their largest base row: h - 3 */
    uint32_t xloc, yloc; /* the largest base tap of the row-local path: w - 16, h - 2 - bilinear */
    intptr_t pf;     /* affine: the byte offset of the same pixel 8 rows further down (prefetch) */
    __m256i xoutfix, youtfix; /* positions above these have every tap outside */
    __m256 flo, fxhi, fyhi;   /* warp_fix_c's bounds */
    __m256i xfast, yfast; /* the largest top-left tap of the gather path: w - 4, h - 1 - bilinear */
    __m256i vstride; /* stride in each lane */
    __m256i cval;    /* the constant */
    __m256i cval8;   /* the constant in each byte */
    __m256i wm1, hm1;
    __m256i lastm3;  /* offset of the plane's last byte - 3 */
} warp_ctx;

static int warp_ctx_init(warp_ctx *c, const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp)
{
    int64_t last;
    if (src->u1 || dst->u1 || src->width < 1 || src->height < 1 || src->stride < src->width || !src->ptr)
        return 0;
    /* positions in 1/1024 pixel of the plane's far edge must fit an int32 */
    if (src->width >= (1 << 20) || src->height >= (1 << 20)) return 0;
    last = (int64_t)(src->height - 1) * src->stride + src->width - 1;
    /* every offset below (h + 1) * stride fits an int32, and the plane has 7
     * bytes or more, so that a 4-byte read ending at a tap past last - 3
     * starts inside it (warp_tap) */
    if (last < 6 || (int64_t)(src->height + 1) * src->stride >= ((int64_t)1 << 31)) return 0;
    c->ptr = src->ptr;
    c->stride = src->stride;
    c->bilinear = interp != OVXC_GEO_NEAREST;
    c->constant = src->mode == OVXC_BORDER_CONSTANT;
    c->can_fast = src->width >= 4 && src->height - 1 - c->bilinear >= 0;
    c->can_local = src->width >= 16 && src->height - 2 - c->bilinear >= 0;
    c->nn_win = src->width >= 16 && src->height >= 3;
    c->ywin = src->height - 3;
    c->xloc = (uint32_t)(src->width - 16);
    c->yloc = (uint32_t)(src->height - 2 - c->bilinear);
    c->xfast = _mm256_set1_epi32(src->width - 4);
    c->yfast = _mm256_set1_epi32(src->height - 1 - c->bilinear);
    c->vstride = _mm256_set1_epi32(src->stride);
    c->cval = _mm256_set1_epi32(src->cval & 255);
    c->cval8 = _mm256_set1_epi8((char)(src->cval & 255));
    c->wm1 = _mm256_set1_epi32(src->width - 1);
    c->hm1 = _mm256_set1_epi32(src->height - 1);
    c->lastm3 = _mm256_set1_epi32((int32_t)(last - 3));
    c->pf = 0;
    /* nearest: (X + 512) >> 10 > w - 1 iff X >= (w - 1) 1024 + 512; bilinear:
     * X >> 10 > w - 1 iff X >= w 1024 */
    c->flo = _mm256_set1_ps(c->constant ? -OVXC_GEO_FIX_LIM : 0.0f);
    c->fxhi = _mm256_set1_ps(c->constant ? OVXC_GEO_FIX_LIM : (float)((src->width - 1) << OVXC_GEO_FIX_BITS));
    c->fyhi = _mm256_set1_ps(c->constant ? OVXC_GEO_FIX_LIM : (float)((src->height - 1) << OVXC_GEO_FIX_BITS));
    c->xoutfix = _mm256_set1_epi32(c->bilinear ? (src->width << OVXC_GEO_FIX_BITS) - 1
                                               : ((src->width - 1) << OVXC_GEO_FIX_BITS) + 511);
    c->youtfix = _mm256_set1_epi32(c->bilinear ? (src->height << OVXC_GEO_FIX_BITS) - 1
                                               : ((src->height - 1) << OVXC_GEO_FIX_BITS) + 511);
    return 1;
}

/* The reference's geo_fix, then (replicate) the clamp into the plane that
 * warp_px8 applies, both in float: bounds [0, (w - 1) 1024] (exact floats,
 * integers) commute with floor, and maxps takes NaN to 0 as the reference
 * takes it to -2^30, then 0.  Constant: the reference's +-2^30. */
static inline __m256i warp_fix_c(__m256 v, __m256 lo, __m256 hi)
{
    v = _mm256_max_ps(v, lo);
    v = _mm256_min_ps(v, hi);
    return _mm256_cvttps_epi32(_mm256_floor_ps(v));
}

/* Replicate's warp_fix_c: after the clamp to [0, hi] (NaN: 0) the position
 * is >= 0, where floor is truncation. */
static inline __m256i warp_fix_rep(__m256 v, __m256 hi)
{
    return _mm256_cvttps_epi32(_mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), hi));
}

/* Positions known >= 0 and under 2^30 (the affine row-local span, whose taps
 * are inside the plane: floor(v) >= 0 means v >= 0): truncation is floor. */
static inline __m256i warp_fix_pos(__m256 v)
{
    return _mm256_cvttps_epi32(v);
}

/* The same without the clamp, for positions known inside +-2^30. */
static inline __m256i warp_fix_in(__m256 v)
{
    return _mm256_cvttps_epi32(_mm256_floor_ps(v));
}

/* All lanes' top-left taps in [0, w - 4] x [0, h - 1 - bilinear]: a 4-byte
 * read of either tap row stays in its row. */
static inline int warp_in_fast(const warp_ctx *c, __m256i xi, __m256i yi)
{
    /* unsigned xi <= w - 4 is 0 <= xi <= w - 4 */
    __m256i okx = _mm256_cmpeq_epi32(_mm256_min_epu32(xi, c->xfast), xi);
    __m256i oky = _mm256_cmpeq_epi32(_mm256_min_epu32(yi, c->yfast), yi);
    return c->can_fast && _mm256_movemask_epi8(_mm256_and_si256(okx, oky)) == -1;
}

/* Tap (a, b) of 8 lanes (any int32 coordinates) by the border rule: the
 * nearest pixel inside (replicate) or cval (constant) for outside taps.  The
 * 4-byte read starts at the tap, or ends at it near the end of the plane. */
static inline __m256i warp_tap(const warp_ctx *c, __m256i a, __m256i b)
{
    const __m256i zero = _mm256_setzero_si256(), ff = _mm256_set1_epi32(255);
    __m256i ac = _mm256_min_epi32(_mm256_max_epi32(a, zero), c->wm1);
    __m256i bc = _mm256_min_epi32(_mm256_max_epi32(b, zero), c->hm1);
    __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(bc, c->vstride), ac);
    __m256i end = _mm256_cmpgt_epi32(off, c->lastm3);
    __m256i g = _mm256_i32gather_epi32((const int *)c->ptr,
                                       _mm256_sub_epi32(off, _mm256_and_si256(end, _mm256_set1_epi32(3))), 1);
    g = _mm256_and_si256(_mm256_srlv_epi32(g, _mm256_and_si256(end, _mm256_set1_epi32(24))), ff);
    if (c->constant) {
        __m256i in = _mm256_and_si256(_mm256_cmpeq_epi32(a, ac), _mm256_cmpeq_epi32(b, bc));
        g = _mm256_blendv_epi8(c->cval, g, in);
    }
    return g;
}

/* Row-local taps: the base (xb, yb) is the smaller of lanes 0 and 7 (the
 * lanes' ends: positions along a row are mostly monotonic); when every
 * lane's tap lies in [xb, xb + 15 - bilinear] x [yb, yb + 1] and the rows
 * yb .. yb + 1 + bilinear from column xb hold 16 bytes inside the plane,
 * *p points at (xb, yb) and *dx, *dy are the lanes' offsets from it. */
static inline int warp_local(const warp_ctx *c, __m256i xi, __m256i yi, const uint8_t **p, __m256i *dx, __m256i *dy)
{
    const __m256i l0 = _mm256_setzero_si256(), l7 = _mm256_set1_epi32(7);
    __m256i xb = _mm256_min_epi32(_mm256_permutevar8x32_epi32(xi, l0), _mm256_permutevar8x32_epi32(xi, l7));
    __m256i yb = _mm256_min_epi32(_mm256_permutevar8x32_epi32(yi, l0), _mm256_permutevar8x32_epi32(yi, l7));
    int32_t x = _mm256_cvtsi256_si32(xb), y = _mm256_cvtsi256_si32(yb);
    if (!c->can_local || (uint32_t)x > c->xloc || (uint32_t)y > c->yloc) return 0;
    *dx = _mm256_sub_epi32(xi, xb);
    *dy = _mm256_sub_epi32(yi, yb);
    __m256i okx = _mm256_cmpeq_epi32(_mm256_min_epu32(*dx, _mm256_set1_epi32(15 - c->bilinear)), *dx);
    __m256i oky = _mm256_cmpeq_epi32(_mm256_min_epu32(*dy, _mm256_set1_epi32(1)), *dy);
    if (_mm256_movemask_epi8(_mm256_and_si256(okx, oky)) != -1) return 0;
    *p = c->ptr + (intptr_t)y * c->stride + x;
    return 1;
}

static inline __m256i warp_row16(const uint8_t *p)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)p));
}

/* The bilinear sum of 8 lanes: a0, a1 hold each lane's tap rows as words
 * (left, right); the weights from X, Y. */
static inline __m256i warp_bil_sum(__m256i a0, __m256i a1, __m256i X, __m256i Y)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i fm = _mm256_set1_epi32((1 << B) - 1);
    __m256i s = _mm256_and_si256(X, fm), t = _mm256_and_si256(Y, fm);
    /* words (1024 - s, s) */
    __m256i ws = _mm256_add_epi32(_mm256_set1_epi32(1 << B), _mm256_sub_epi32(_mm256_slli_epi32(s, 16), s));
    __m256i r0 = _mm256_madd_epi16(a0, ws), r1 = _mm256_madd_epi16(a1, ws);
    __m256i v = _mm256_add_epi32(_mm256_slli_epi32(r0, B), _mm256_mullo_epi32(_mm256_sub_epi32(r1, r0), t));
    return _mm256_srli_epi32(_mm256_add_epi32(v, _mm256_set1_epi32(1 << (2 * B - 1))), 2 * B);
}

/* Row-local nearest: byte dx of row yb (dy 0) or yb + 1 (dy 1) from p. */
static inline __m256i warp_local_nn(const warp_ctx *c, const uint8_t *p, __m256i dx, __m256i dy)
{
    __m256i idx = _mm256_or_si256(dx, _mm256_set1_epi32((int)0x80808000u));
    __m256i q0 = _mm256_shuffle_epi8(warp_row16(p), idx);
    __m256i q1 = _mm256_shuffle_epi8(warp_row16(p + c->stride), idx);
    return _mm256_blendv_epi8(q1, q0, _mm256_cmpeq_epi32(dy, _mm256_setzero_si256()));
}

/* Row-local bilinear: bytes dx, dx + 1 of rows yb .. yb + 2 from p as
 * words; each lane's two tap rows by dy. */
static inline __m256i warp_local_bil(const warp_ctx *c, const uint8_t *p, __m256i dx, __m256i dy, __m256i X, __m256i Y,
                                     const int cl)
{
    __m256i idx = _mm256_add_epi32(_mm256_or_si256(dx, _mm256_slli_epi32(dx, 16)), _mm256_set1_epi32((int)0x80018000u));
    __m256i q0 = _mm256_shuffle_epi8(warp_row16(p), idx);
    __m256i q1 = _mm256_shuffle_epi8(warp_row16(p + c->stride), idx);
    __m256i q2 = _mm256_shuffle_epi8(warp_row16(p + 2 * (intptr_t)c->stride), idx);
    __m256i top = _mm256_cmpeq_epi32(dy, _mm256_setzero_si256());
    __m256i a0 = _mm256_blendv_epi8(q1, q0, top), a1 = _mm256_blendv_epi8(q2, q1, top);
    /* clamped positions (warp_aff_local_run's cl): a tap on the last row
     * h - 1 with the window's rows h - 3 .. h - 1 has dy 2 and t 0 (the
     * row below has weight 0) */
    if (cl) a0 = _mm256_blendv_epi8(a0, q2, _mm256_cmpgt_epi32(dy, _mm256_set1_epi32(1)));
    return warp_bil_sum(a0, a1, X, Y);
}

/* 8 outputs (int32 lanes, 0..255) at fixed-point positions X, Y. */
static inline __m256i warp_px8(const warp_ctx *c, __m256i X, __m256i Y)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const uint8_t *p;
    __m256i dx, dy;
    /* replicate: X, Y come clamped into the plane (warp_fix_c), which gives
     * the reference's value exactly (outside, the clamped taps are equal and
     * their weights sum to 1024; at the clamp, s or t is 0 and the tap past
     * the edge has weight 0) and lets blocks at and past the edges take the
     * row-local path */
    if (c->constant) {
        /* constant: a block whose every tap is outside is the constant
         * (bilinear: 4 equal taps sum to it exactly) */
        const __m256i lo = _mm256_set1_epi32(-(1 << B) * c->bilinear - (1 << (B - 1)) * !c->bilinear);
        __m256i out = _mm256_or_si256(_mm256_or_si256(_mm256_cmpgt_epi32(lo, X), _mm256_cmpgt_epi32(X, c->xoutfix)),
                                      _mm256_or_si256(_mm256_cmpgt_epi32(lo, Y), _mm256_cmpgt_epi32(Y, c->youtfix)));
        if (_mm256_movemask_epi8(out) == -1) return c->cval;
    }
    if (!c->bilinear) {
        const __m256i h = _mm256_set1_epi32(1 << (B - 1));
        __m256i xi = _mm256_srai_epi32(_mm256_add_epi32(X, h), B), yi = _mm256_srai_epi32(_mm256_add_epi32(Y, h), B);
        if (warp_local(c, xi, yi, &p, &dx, &dy)) return warp_local_nn(c, p, dx, dy);
        if (warp_in_fast(c, xi, yi)) {
            __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(yi, c->vstride), xi);
            return _mm256_and_si256(_mm256_i32gather_epi32((const int *)c->ptr, off, 1), _mm256_set1_epi32(255));
        }
        return warp_tap(c, xi, yi);
    }
    const __m256i xi = _mm256_srai_epi32(X, B), yi = _mm256_srai_epi32(Y, B);
    __m256i a0, a1;
    if (warp_local(c, xi, yi, &p, &dx, &dy)) return warp_local_bil(c, p, dx, dy, X, Y, 0);
    if (warp_in_fast(c, xi, yi)) {
        /* bytes 0, 1 of each dword -> words 0, 1 */
        const __m256i k = _mm256_setr_epi8(0, -1, 1, -1, 4, -1, 5, -1, 8, -1, 9, -1, 12, -1, 13, -1, 0, -1, 1, -1, 4,
                                           -1, 5, -1, 8, -1, 9, -1, 12, -1, 13, -1);
        __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(yi, c->vstride), xi);
        a0 = _mm256_shuffle_epi8(_mm256_i32gather_epi32((const int *)c->ptr, off, 1), k);
        a1 = _mm256_shuffle_epi8(_mm256_i32gather_epi32((const int *)(c->ptr + c->stride), off, 1), k);
    } else {
        const __m256i one = _mm256_set1_epi32(1);
        __m256i xj = _mm256_add_epi32(xi, one), yj = _mm256_add_epi32(yi, one);
        a0 = _mm256_or_si256(warp_tap(c, xi, yi), _mm256_slli_epi32(warp_tap(c, xj, yi), 16));
        a1 = _mm256_or_si256(warp_tap(c, xi, yj), _mm256_slli_epi32(warp_tap(c, xj, yj), 16));
    }
    return warp_bil_sum(a0, a1, X, Y);
}

/* warp_px8 out of line: the general path of the specialised loops below
 * (blocks near the plane's edges or with taps spread wider than the
 * row-local window), which keeps their registers for the common case. */
static __attribute__((noinline)) __m256i warp_px8_call(const warp_ctx *c, __m256i X, __m256i Y)
{
    return warp_px8(c, X, Y);
}

/* One bilinear block of 8 at the fixed-point positions Xp[0..7],
 * Yp[0..7] (clamped as warp_px8 wants them), for the two-pass loops:
 * warp_local's row-local path inline when it applies (c->can_local known
 * true; its taps lie inside the plane, where both border rules give the
 * reference's value), else warp_px8.  The same value as warp_px8. */
static inline __m256i warp_blk8(const warp_ctx *c, const int32_t *Xp, const int32_t *Yp)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i X = _mm256_load_si256((const __m256i *)Xp), Y = _mm256_load_si256((const __m256i *)Yp);
    const __m256i xi = _mm256_srai_epi32(X, B), yi = _mm256_srai_epi32(Y, B);
    /* the base (warp_local's: the smaller tap of lanes 0 and 7) in scalar
     * registers, read from memory: a short chain to the row loads'
     * addresses (positions are in [-2^30, 2^30]; >> of a negative int32 is
     * arithmetic on the compilers this file builds with, as in the lanes) */
    const int32_t x0 = Xp[0] >> B, x7 = Xp[7] >> B, y0 = Yp[0] >> B, y7 = Yp[7] >> B;
    const int32_t x = x0 < x7 ? x0 : x7, y = y0 < y7 ? y0 : y7;
    __m256i dx = _mm256_sub_epi32(xi, _mm256_set1_epi32(x)), dy = _mm256_sub_epi32(yi, _mm256_set1_epi32(y));
    /* dx <= 14 and dy <= 1 (unsigned: negative fails), in one test:
     * max(dx, 8 dy) <= 14 (|dy| < 2^22: 8 dy does not wrap) */
    __m256i u = _mm256_max_epu32(dx, _mm256_slli_epi32(dy, 3));
    __m256i ok = _mm256_cmpeq_epi32(_mm256_min_epu32(u, _mm256_set1_epi32(14)), u);
    if (c->pf) _mm_prefetch((const char *)((uintptr_t)(c->ptr + (intptr_t)y * c->stride + x) + (uintptr_t)c->pf), _MM_HINT_T0);
    if ((uint32_t)x <= c->xloc && (uint32_t)y <= c->yloc && _mm256_movemask_epi8(ok) == -1)
        return warp_local_bil(c, c->ptr + (intptr_t)y * c->stride + x, dx, dy, X, Y, 0);
    return warp_px8_call(c, X, Y);
}

/* Store 16 outputs (two blocks of int32 lanes), or the first n. */
static inline void warp_store16(uint8_t *out, __m256i a, __m256i b, int n)
{
    __m256i p = _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), _MM_SHUFFLE(3, 1, 2, 0));
    __m128i q = _mm_packus_epi16(_mm256_castsi256_si128(p), _mm256_extracti128_si256(p, 1));
    if (n >= 16) {
        _mm_storeu_si128((__m128i *)out, q);
    } else {
        uint8_t tmp[16];
        _mm_storeu_si128((__m128i *)tmp, q);
        memcpy(out, tmp, (size_t)n);
    }
}

/* The bytes p[off[0]] .. p[off[7]] in one register (little-endian: byte k
 * of the result is p[off[k]]), for one 8-byte store: no loop overhead per
 * pixel, and byte stores do not wait on the store port. */
static inline uint64_t warp_bytes8(const uint8_t *p, const int32_t *off)
{
    return (uint64_t)p[off[0]] | (uint64_t)p[off[1]] << 8 | (uint64_t)p[off[2]] << 16 | (uint64_t)p[off[3]] << 24 |
           (uint64_t)p[off[4]] << 32 | (uint64_t)p[off[5]] << 40 | (uint64_t)p[off[6]] << 48 |
           (uint64_t)p[off[7]] << 56;
}

/* Nearest, 16 outputs from fixed-point positions X0, Y0 (outputs 0-7) and
 * X1, Y1 (8-15), each block's lanes in the order perm gives (output k of a
 * block is lane perm[k]; NULL: in order), as the reference: the pixel
 * ((X + 512) >> 10, (Y + 512) >> 10), under replicate inside the plane (the
 * positions come clamped into it, warp_fix_rep), under constant cval where
 * outside.  The offsets by vector, the taps by scalar byte loads: under the
 * gathers' and the row-local path's cost at 1 to 2 cycles a pixel. */
static inline void warp_nn16(const warp_ctx *c, __m256i X0, __m256i Y0, __m256i X1, __m256i Y1, const int32_t *perm,
                             uint8_t *out, int32_t n)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i h = _mm256_set1_epi32(1 << (B - 1));
    __m256i xi0 = _mm256_srai_epi32(_mm256_add_epi32(X0, h), B), yi0 = _mm256_srai_epi32(_mm256_add_epi32(Y0, h), B);
    __m256i xi1 = _mm256_srai_epi32(_mm256_add_epi32(X1, h), B), yi1 = _mm256_srai_epi32(_mm256_add_epi32(Y1, h), B);
    __m256i off0 = _mm256_add_epi32(_mm256_mullo_epi32(yi0, c->vstride), xi0);
    __m256i off1 = _mm256_add_epi32(_mm256_mullo_epi32(yi1, c->vstride), xi1);
    __m256i in0 = _mm256_setzero_si256(), in1 = _mm256_setzero_si256();
    int32_t off[16];
    const uint8_t *p = c->ptr;
    int k;
    if (c->constant) { /* outside lanes read pixel 0, replaced by cval below */
        in0 = _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_min_epu32(xi0, c->wm1), xi0),
                               _mm256_cmpeq_epi32(_mm256_min_epu32(yi0, c->hm1), yi0));
        in1 = _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_min_epu32(xi1, c->wm1), xi1),
                               _mm256_cmpeq_epi32(_mm256_min_epu32(yi1, c->hm1), yi1));
        off0 = _mm256_and_si256(off0, in0);
        off1 = _mm256_and_si256(off1, in1);
    }
    if (perm) {
        const __m256i pv = _mm256_loadu_si256((const __m256i *)perm);
        off0 = _mm256_permutevar8x32_epi32(off0, pv);
        off1 = _mm256_permutevar8x32_epi32(off1, pv);
        in0 = _mm256_permutevar8x32_epi32(in0, pv);
        in1 = _mm256_permutevar8x32_epi32(in1, pv);
    }
    _mm256_storeu_si256((__m256i *)off, off0);
    _mm256_storeu_si256((__m256i *)(off + 8), off1);
    if (!c->constant && n >= 16) {
        for (k = 0; k < 16; k++) out[k] = p[off[k]];
        return;
    }
    {
        uint8_t tmp[16];
        __m128i v;
        for (k = 0; k < 16; k++) tmp[k] = p[off[k]];
        v = _mm_loadu_si128((const __m128i *)tmp);
        if (c->constant) {
            /* the lanes' masks as bytes, in order */
            __m256i m16 = _mm256_permute4x64_epi64(_mm256_packs_epi32(in0, in1), _MM_SHUFFLE(3, 1, 2, 0));
            __m128i m8 = _mm_packs_epi16(_mm256_castsi256_si128(m16), _mm256_extracti128_si256(m16, 1));
            v = _mm_blendv_epi8(_mm256_castsi256_si128(c->cval8), v, m8);
        }
        if (n >= 16) {
            _mm_storeu_si128((__m128i *)out, v);
        } else {
            _mm_storeu_si128((__m128i *)tmp, v);
            memcpy(out, tmp, (size_t)n);
        }
    }
}

static inline int warp_fits(float v)
{
    return v > -OVXC_GEO_FIX_LIM && v < OVXC_GEO_FIX_LIM;
}

/* ---- Warp Affine -------------------------------------------------------- */

/* The tap (bilinear: top-left; nearest: the pixel) along one axis of pixel x
 * of an affine row whose positions need no clamp, with the lanes' float
 * operations: the lanes hold exactly this value. */
static inline int32_t warp_aff_tap(float a, float b, int32_t x, int bilinear)
{
    int32_t v = (int32_t)floorf(a * (float)x + b);
    return bilinear ? v >> OVXC_GEO_FIX_BITS : (v + (1 << (OVXC_GEO_FIX_BITS - 1))) >> OVXC_GEO_FIX_BITS;
}

/* The base of 8-pixel block k along one axis: the smaller tap of its end
 * lanes.  The position a x + b (a rounded product of a fixed factor, plus a
 * constant, each rounding monotonic) is monotonic in x, so the base is
 * monotonic in k (non-decreasing for a >= 0). */
static inline int32_t warp_aff_base(float a, float b, int32_t k, int bilinear)
{
    int32_t t0 = warp_aff_tap(a, b, 8 * k, bilinear), t7 = warp_aff_tap(a, b, 8 * k + 7, bilinear);
    return t0 < t7 ? t0 : t7;
}

static inline int warp_aff_past(float a, float b, int bilinear, int up, int32_t lim, int32_t k)
{
    const int32_t v = warp_aff_base(a, b, k, bilinear);
    return up ? v >= lim : v <= lim;
}

/* The first block k in [0, nb) whose base is >= lim (up) or <= lim (down),
 * nb if none: the base's monotonicity makes this a binary search, or a walk
 * from *hint, the answer of the row before (the same a, b one row's step
 * further: at a mild rotation the answer moves by a block or so, 2-3
 * evaluations instead of the search's 16, which took 12% of a nearest
 * warp's time on a Zen 3); past 8 steps, the search.  Either way the exact
 * first block; *hint gets it. */
static int32_t warp_aff_first(float a, float b, int bilinear, int32_t nb, int up, int32_t lim, int32_t *hint)
{
    int32_t lo = 0, hi = nb, k = *hint;
    if (k >= 0 && k <= nb) {
        for (int steps = 0; steps < 8; steps++) {
            if (k > 0 && warp_aff_past(a, b, bilinear, up, lim, k - 1)) k--;
            else if (k < nb && !warp_aff_past(a, b, bilinear, up, lim, k)) k++;
            else return *hint = k;
        }
    }
    while (lo < hi) {
        const int32_t mid = lo + (hi - lo) / 2;
        if (warp_aff_past(a, b, bilinear, up, lim, mid)) hi = mid;
        else lo = mid + 1;
    }
    return *hint = lo;
}

/* The blocks [*ka, *kb) whose base lies in [lo, hi] (an interval); hint:
 * the two searches' answers of the row before (-1: none). */
static void warp_aff_span(float a, float b, int bilinear, int32_t nb, int32_t lo, int32_t hi, int32_t *ka, int32_t *kb,
                          int32_t hint[2])
{
    if (a >= 0.0f) {
        *ka = warp_aff_first(a, b, bilinear, nb, 1, lo, &hint[0]);
        *kb = warp_aff_first(a, b, bilinear, nb, 1, hi + 1, &hint[1]);
    } else {
        *ka = warp_aff_first(a, b, bilinear, nb, 0, hi, &hint[0]);
        *kb = warp_aff_first(a, b, bilinear, nb, 0, lo - 1, &hint[1]);
    }
}

/* Pixels [x0, x1) of an affine row (x0 a multiple of 16) outside its
 * row-local span, 16 at a time by warp_px8. */
static inline void warp_aff_run(const warp_ctx *c, const ovxc_geo_row *r, uint8_t *row, int32_t x0, int32_t x1,
                                int n, int clamp)
{
    const __m256 eight = _mm256_set1_ps(8.0f);
    const __m256 ax = _mm256_set1_ps(r->ax), bx = _mm256_set1_ps(r->bx);
    const __m256 ay = _mm256_set1_ps(r->ay), by = _mm256_set1_ps(r->by);
    __m256 xf = _mm256_add_ps(_mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_ps((float)x0));
    for (int32_t x = x0; x < x1; x += 16) {
        __m256i res[2];
        for (int h = 0; h < 2; h++) {
            __m256 vx = _mm256_add_ps(_mm256_mul_ps(ax, xf), bx), vy = _mm256_add_ps(_mm256_mul_ps(ay, xf), by);
            if (!c->constant)
                res[h] = warp_px8(c, warp_fix_rep(vx, c->fxhi), warp_fix_rep(vy, c->fyhi));
            else if (clamp)
                res[h] = warp_px8(c, warp_fix_c(vx, c->flo, c->fxhi), warp_fix_c(vy, c->flo, c->fyhi));
            else
                res[h] = warp_px8(c, warp_fix_in(vx), warp_fix_in(vy));
            xf = _mm256_add_ps(xf, eight);
        }
        warp_store16(row + x, res[0], res[1], n - x);
    }
}

/* The prefetch distance (warp_ctx.pf) of a warp whose source point moves
 * by (dx, dy) pixels over 8 destination rows and by span rows along a
 * destination row: 0 (none) where a row stays within 2 source rows (a
 * stream the hardware prefetchers follow) or the steps are not finite or
 * beyond 2^20 pixels. */
static intptr_t warp_pf(const ovxc_geo_src *src, double dx, double dy, double span)
{
    if (!(fabs(dx) < 1048576.0 && fabs(dy) < 1048576.0 && fabs(span) >= 2.0 && fabs(span) < 1e30)) return 0;
    return (intptr_t)floor(dy + 0.5) * src->stride + (intptr_t)floor(dx + 0.5);
}

/* An affine row-local position: clamped into the plane (replicate's rule,
 * warp_fix_rep) or known inside it (warp_fix_pos). */
static inline __m256i warp_nn_fix(__m256 v, __m256 hi, const int cl)
{
    return cl ? warp_fix_rep(v, hi) : warp_fix_pos(v);
}

/* The row-local span of an affine row [x0, x1) (multiples of 16), 64
 * pixels a step (outputs past n, the row's width, not stored): the bases of the step's 8 blocks first, in one vector (lane
 * j at the pixel 8 j + xl, 8 j + yl of the step: the lanes' own float
 * operations, so the same tap as the block's lane), kept as offsets and
 * coordinates in memory; then each block's taps from its base (a scalar load
 * for the rows' address, broadcast loads for dx, dy).  Against a base
 * extracted from each block's own lanes (a cross-lane permute and a move to
 * a general register per axis, then a multiply): bilinear 6% faster on a
 * Zen 3, nearest the same. */
static inline void warp_aff_local_run(const warp_ctx *c, const ovxc_geo_row *r, uint8_t *row, int32_t x0, int32_t x1,
                                      int32_t n, const int xl, const int yl, const int bil, const float *tx,
                                      const float *ty, const int tab, const int cl)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256 ax = _mm256_set1_ps(r->ax), bx = _mm256_set1_ps(r->bx);
    const __m256 ay = _mm256_set1_ps(r->ay), by = _mm256_set1_ps(r->by);
    const __m256 lane = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256 bstep = _mm256_setr_ps(0, 8, 16, 24, 32, 40, 48, 56), eight = _mm256_set1_ps(8.0f);
    const __m256i h = _mm256_set1_epi32(bil ? 0 : 1 << (B - 1));
    int32_t BUF[2][3][8] WARP_ALIGN; /* per step: offsets, x, y of the bases */
    for (int32_t x = x0, s = 0; x < x1; x += 64, s ^= 1) {
        const int32_t nb = x1 - x < 64 ? (x1 - x) / 8 : 8;
        const int32_t *OFF = BUF[s][0], *XB = BUF[s][1], *YB = BUF[s][2];
        /* this step's bases (the first) and the next step's: the loads below
         * read stores made a step earlier, not still in flight (a store of
         * 32 bytes does not forward to a load of 4 of them at an offset) */
        for (int32_t q = x == x0 ? 0 : 1; q < 2; q++) {
            const int32_t xs = x + 64 * q;
            const __m256 fx = _mm256_add_ps(bstep, _mm256_set1_ps((float)(xs + xl)));
            const __m256 fy = _mm256_add_ps(bstep, _mm256_set1_ps((float)(xs + yl)));
            __m256i xb = _mm256_srai_epi32(_mm256_add_epi32(warp_nn_fix(_mm256_add_ps(_mm256_mul_ps(ax, fx), bx), c->fxhi, cl), h), B);
            __m256i yb = _mm256_srai_epi32(_mm256_add_epi32(warp_nn_fix(_mm256_add_ps(_mm256_mul_ps(ay, fy), by), c->fyhi, cl), h), B);
            if (xs >= x1) break;
            if (cl) { /* clamped taps: the window inside the plane */
                xb = _mm256_min_epi32(xb, _mm256_set1_epi32((int32_t)c->xloc));
                yb = _mm256_min_epi32(yb, _mm256_set1_epi32((int32_t)c->yloc));
            }
            _mm256_store_si256((__m256i *)(void *)BUF[s ^ q][1], xb);
            _mm256_store_si256((__m256i *)(void *)BUF[s ^ q][2], yb);
            _mm256_store_si256((__m256i *)(void *)BUF[s ^ q][0], _mm256_add_epi32(_mm256_mullo_epi32(yb, c->vstride), xb));
        }
        __m256 xf = _mm256_add_ps(lane, _mm256_set1_ps((float)x)); /* exact: integers under 2^24 */
        for (int32_t j = 0; j < nb; j += 2) {
            __m256i res[2];
            for (int k = 0; k < 2; k++, xf = _mm256_add_ps(xf, eight)) {
                const int32_t xp = x + 8 * (j + k);
                const __m256 vx = tab ? _mm256_add_ps(_mm256_loadu_ps(tx + xp), bx) : _mm256_add_ps(_mm256_mul_ps(ax, xf), bx);
                const __m256 vy = tab ? _mm256_add_ps(_mm256_loadu_ps(ty + xp), by) : _mm256_add_ps(_mm256_mul_ps(ay, xf), by);
                __m256i X = warp_nn_fix(vx, c->fxhi, cl), Y = warp_nn_fix(vy, c->fyhi, cl);
                const uint8_t *p = c->ptr + OFF[j + k];
                __m256i dx = _mm256_sub_epi32(_mm256_srai_epi32(_mm256_add_epi32(X, h), B),
                                              _mm256_set1_epi32(XB[j + k]));
                __m256i dy = _mm256_sub_epi32(_mm256_srai_epi32(_mm256_add_epi32(Y, h), B),
                                              _mm256_set1_epi32(YB[j + k]));
                /* unconditional (pf 0: the tap itself): 2-3% over a test */
                _mm_prefetch((const char *)((uintptr_t)p + (uintptr_t)c->pf), _MM_HINT_T0);
                res[k] = bil ? warp_local_bil(c, p, dx, dy, X, Y, cl) : warp_local_nn(c, p, dx, dy);
            }
            warp_store16(row + x + 8 * j, res[0], res[1], n - x - 8 * j);
        }
    }
}

/* Affine rows' position tables: fl(a x) of the row's pixels for the x and
 * the y axis (a row-independent factor: the row adds its own constant,
 * fl(fl(a x) + b) as in the reference); bilinear in the pixels' order,
 * nearest (pairs) in the lane order of warp_aff_local_nn_run: per 64-pixel
 * step, per pair j (blocks j and j + 4), the pixels
 * 8 j + (0, 1, 2, 3, 32, 33, 34, 35) then 8 j + (4, 5, 6, 7, 36, 37, 38, 39).
 * WARP_NN_TAB pixels at most (wider rows: the products in the lanes). */
enum { WARP_NN_TAB = 4096 };

static void warp_nn_tab(float ax, float ay, int32_t n, int pairs, float *tx, float *ty)
{
    for (int32_t s = 0; s < n; s += 64)
        for (int j = 0; j < 4; j++)
            for (int l = 0; l < 16; l++) {
                const int32_t q = 16 * j + l;
                const int32_t p = s + (pairs ? 8 * j + (l & 3) + 4 * ((l >> 3) & 1) + 32 * ((l >> 2) & 1) : q);
                tx[s + q] = ax * (float)p;
                ty[s + q] = ay * (float)p;
            }
}

/* Two blocks of 8 nearest pixels of the row-local span in one pass: lane
 * half 0 holds block a, half 1 block b; tx, ty (warp_nn_tab) give the
 * pixels' products (a's 0-3 and b's 0-3, then a's 4-7 and b's 4-7), so that
 * one packs of the two vectors gives a's 8 words in half 0 and b's in half
 * 1.  Each half then indexes its block's 16 source bytes of rows yb,
 * yb + 1 (one pshufb per row for both blocks) and the row mask picks the
 * row: the column index is (X + 512 - 1024 xb) >> 10 = tap - xb (0..15,
 * words after the pack), the mask Y > 1024 yb + 511 (the tap row is
 * yb + 1), compared in float before the floor.  kx, kty: 1024 xb - 512 and
 * (float bits) 1024 yb + 512 of a in the low half, b in the high; pa, pb:
 * the blocks' bytes at (xb, yb).  Each half's bytes 0-7 are the block's
 * outputs. */
static inline __m256i warp_nn_pair(const warp_ctx *c, const float *tx, const float *ty, __m256 bx, __m256 by,
                                   __m256i kx, __m256i kty, const uint8_t *pa, const uint8_t *pb, const int cl)
{
    enum { B = OVXC_GEO_FIX_BITS };
    __m256i dx0 = _mm256_sub_epi32(warp_nn_fix(_mm256_add_ps(_mm256_load_ps(tx), bx), c->fxhi, cl), kx);
    __m256i dx1 = _mm256_sub_epi32(warp_nn_fix(_mm256_add_ps(_mm256_load_ps(tx + 8), bx), c->fxhi, cl), kx);
    /* the row mask in float: floor(v) > 1024 yb + 511 iff v >= 1024 yb + 512 (an exact float) */
    __m256 vy0 = _mm256_add_ps(_mm256_load_ps(ty), by), vy1 = _mm256_add_ps(_mm256_load_ps(ty + 8), by);
    if (cl) {
        vy0 = _mm256_min_ps(_mm256_max_ps(vy0, _mm256_setzero_ps()), c->fyhi);
        vy1 = _mm256_min_ps(_mm256_max_ps(vy1, _mm256_setzero_ps()), c->fyhi);
    }
    const __m256 tyf = _mm256_castsi256_ps(kty);
    __m256i m0 = _mm256_castps_si256(_mm256_cmp_ps(vy0, tyf, _CMP_GE_OQ));
    __m256i m1 = _mm256_castps_si256(_mm256_cmp_ps(vy1, tyf, _CMP_GE_OQ));
    /* words: column indices (dx < 16 1024 fits), masks (0, -1); bytes: per
     * half 8 indices, then their 8 masks */
    __m256i ix = _mm256_srli_epi16(_mm256_packs_epi32(dx0, dx1), B);
    __m256i v = _mm256_packs_epi16(ix, _mm256_packs_epi32(m0, m1));
    /* broadcast loads and a dword blend: the shuffle ports (vinserti128)
     * are this loop's bottleneck on a Zen 3 */
    __m256i d0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)pa)),
                                    _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)pb)), 0xF0);
    __m256i d1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(pa + c->stride))),
                                    _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(pb + c->stride))),
                                    0xF0);
    _mm_prefetch((const char *)((uintptr_t)pa + (uintptr_t)c->pf), _MM_HINT_T0);
    _mm_prefetch((const char *)((uintptr_t)pb + (uintptr_t)c->pf), _MM_HINT_T0);
    return _mm256_blendv_epi8(_mm256_shuffle_epi8(d0, v), _mm256_shuffle_epi8(d1, v), _mm256_bsrli_epi128(v, 8));
}

/* The bases of the 64-pixel step at xs (lane j: block j, clamped into the
 * live blocks [b0, b1) so that every pointer stays in the plane): offsets
 * stored to off, kx and ty (warp_nn_pair's) returned. */
static inline void warp_nn_bases(const warp_ctx *c, const ovxc_geo_row *r, int32_t xs, int32_t b0, int32_t b1,
                                 const int xl, const int yl, int32_t *off, __m256i *kx, __m256i *ty, const int cl)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i h = _mm256_set1_epi32(1 << (B - 1));
    const __m256i blk = _mm256_min_epi32(_mm256_max_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(b0)),
                                         _mm256_set1_epi32(b1 - 1));
    const __m256 bl = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_slli_epi32(blk, 3), _mm256_set1_epi32(xs)));
    const __m256 fx = _mm256_add_ps(bl, _mm256_set1_ps((float)xl)), fy = _mm256_add_ps(bl, _mm256_set1_ps((float)yl));
    __m256i xb = _mm256_srai_epi32(_mm256_add_epi32(warp_nn_fix(_mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(r->ax), fx),
                                                                              _mm256_set1_ps(r->bx)), c->fxhi, cl), h), B);
    __m256i yb = _mm256_srai_epi32(_mm256_add_epi32(warp_nn_fix(_mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(r->ay), fy),
                                                                              _mm256_set1_ps(r->by)), c->fyhi, cl), h), B);
    if (cl) { /* clamped taps: the window's 16 columns and 2 rows inside */
        xb = _mm256_min_epi32(xb, _mm256_set1_epi32((int32_t)c->xloc));
        yb = _mm256_min_epi32(yb, _mm256_set1_epi32((int32_t)c->yloc));
    }
    _mm256_store_si256((__m256i *)(void *)off, _mm256_add_epi32(_mm256_mullo_epi32(yb, c->vstride), xb));
    *kx = _mm256_sub_epi32(_mm256_slli_epi32(xb, B), h);
    *ty = _mm256_castps_si256(_mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_slli_epi32(yb, B), h)));
}

/* The nearest row-local span [x0, x1) of an affine row (multiples of 16) in
 * 64-pixel steps aligned to the row (the tables' order), 8 blocks a step:
 * warp_nn_pair on blocks (j, j + 4), whose results interleave by 64-bit
 * halves and 128-bit halves into the 64 bytes in order.  The bases of a
 * step's blocks come from one vector (lane j at pixel 8 j + xl, 8 j + yl of
 * the step: the lanes' own float operations, so the same tap as the
 * block's lane; blocks outside the span take its nearest block's base, and
 * their outputs are not stored), a step ahead of their offsets' scalar
 * loads (a 32-byte store does not forward to a 4-byte load); the constants
 * per pair by an in-half broadcast (pshufd of element j).  Outputs past n,
 * the row's width, are not stored.  Against warp_aff_local_run's int32
 * lanes (two pshufb and a blend per 8 pixels, then a 3-step pack): half
 * the operations on the shuffle ports, no multiplies (the tables), the same
 * bytes: 0.6-0.7x the time on a Zen 3 (with the clamped edge blocks). */
static inline void warp_aff_local_nn_run(const warp_ctx *restrict c, const ovxc_geo_row *r, uint8_t *row, int32_t x0,
                                         int32_t x1, int32_t n, const int xl, const int yl, const float *tx,
                                         const float *ty, const int cl)
{
    const __m256 bx = _mm256_set1_ps(r->bx), by = _mm256_set1_ps(r->by);
    const int32_t xe = x1 < n ? x1 : n; /* the stored end */
    int32_t OFF[2][8] WARP_ALIGN;
    __m256i kx, kty;
    int32_t xs = x0 & ~63, s = 0;
    warp_nn_bases(c, r, xs, (x0 - xs) / 8, x1 - xs < 64 ? (x1 - xs) / 8 : 8, xl, yl, OFF[0], &kx, &kty, cl);
    for (; xs < xe; xs += 64, s ^= 1) {
        const int32_t *off = OFF[s];
        const float *px = tx + xs, *py = ty + xs;
        __m256i kxn = kx, ktyn = kty;
        if (xs + 64 < x1) {
            const int32_t xn = xs + 64;
            warp_nn_bases(c, r, xn, 0, x1 - xn < 64 ? (x1 - xn) / 8 : 8, xl, yl, OFF[s ^ 1], &kxn, &ktyn, cl);
        }
        /* the offsets from memory, not extracted from the vector */
        __asm__ volatile("" ::: "memory");
        __m256i t[4];
#define WARP_NN_PAIR(j)                                                                                               \
        t[j] = warp_nn_pair(c, px + 16 * j, py + 16 * j, bx, by, _mm256_shuffle_epi32(kx, 0x55 * j),                 \
                            _mm256_shuffle_epi32(kty, 0x55 * j), c->ptr + off[j], c->ptr + off[j + 4], cl)
        WARP_NN_PAIR(0);
        WARP_NN_PAIR(1);
        WARP_NN_PAIR(2);
        WARP_NN_PAIR(3);
#undef WARP_NN_PAIR
        const __m256i o01 = _mm256_unpacklo_epi64(t[0], t[1]), o23 = _mm256_unpacklo_epi64(t[2], t[3]);
        const __m256i lo = _mm256_permute2x128_si256(o01, o23, 0x20), hi = _mm256_permute2x128_si256(o01, o23, 0x31);
        const int32_t a = x0 > xs ? x0 - xs : 0, m = xe - xs < 64 ? xe - xs : 64;
        if (a == 0 && m == 64) {
            _mm256_storeu_si256((__m256i *)(row + xs), lo);
            _mm256_storeu_si256((__m256i *)(row + xs + 32), hi);
        } else {
            uint8_t tmp[64];
            _mm256_storeu_si256((__m256i *)tmp, lo);
            _mm256_storeu_si256((__m256i *)(tmp + 32), hi);
            memcpy(row + xs + a, tmp + a, (size_t)(m - a));
        }
        kx = kxn;
        kty = ktyn;
    }
}

/* warp_aff_local_run (bilinear, tables) specialised on the base lanes (sel:
 * bit 0 ax < 0, bit 1 ay < 0) and the clamp. */
static inline void warp_aff_bil_run(const warp_ctx *c, const ovxc_geo_row *r, uint8_t *row, int32_t x0, int32_t x1,
                             int32_t n, int sel, const float *tx, const float *ty, int cl)
{
    /* a local copy: the row's byte stores may alias *c, not it (its fields
     * stay in registers; restrict instead measured 15% slower here) */
    const warp_ctx cc = *c;
    switch (sel + 4 * cl) {
    case 0: warp_aff_local_run(&cc, r, row, x0, x1, n, 0, 0, 1, tx, ty, 1, 0); break;
    case 1: warp_aff_local_run(&cc, r, row, x0, x1, n, 7, 0, 1, tx, ty, 1, 0); break;
    case 2: warp_aff_local_run(&cc, r, row, x0, x1, n, 0, 7, 1, tx, ty, 1, 0); break;
    case 3: warp_aff_local_run(&cc, r, row, x0, x1, n, 7, 7, 1, tx, ty, 1, 0); break;
    case 4: warp_aff_local_run(&cc, r, row, x0, x1, n, 0, 0, 1, tx, ty, 1, 1); break;
    case 5: warp_aff_local_run(&cc, r, row, x0, x1, n, 7, 0, 1, tx, ty, 1, 1); break;
    case 6: warp_aff_local_run(&cc, r, row, x0, x1, n, 0, 7, 1, tx, ty, 1, 1); break;
    default: warp_aff_local_run(&cc, r, row, x0, x1, n, 7, 7, 1, tx, ty, 1, 1); break;
    }
}

/* warp_aff_local_nn_run specialised on the base lanes (sel: bit 0 ax < 0,
 * bit 1 ay < 0) and the clamp. */
static void warp_aff_nn_run(const warp_ctx *restrict c, const ovxc_geo_row *r, uint8_t *row, int32_t x0, int32_t x1,
                            int32_t n, int sel, const float *tx, const float *ty, int cl)
{
    switch (sel + 4 * cl) {
    case 0: warp_aff_local_nn_run(c, r, row, x0, x1, n, 0, 0, tx, ty, 0); break;
    case 1: warp_aff_local_nn_run(c, r, row, x0, x1, n, 7, 0, tx, ty, 0); break;
    case 2: warp_aff_local_nn_run(c, r, row, x0, x1, n, 0, 7, tx, ty, 0); break;
    case 3: warp_aff_local_nn_run(c, r, row, x0, x1, n, 7, 7, tx, ty, 0); break;
    case 4: warp_aff_local_nn_run(c, r, row, x0, x1, n, 0, 0, tx, ty, 1); break;
    case 5: warp_aff_local_nn_run(c, r, row, x0, x1, n, 7, 0, tx, ty, 1); break;
    case 6: warp_aff_local_nn_run(c, r, row, x0, x1, n, 0, 7, tx, ty, 1); break;
    default: warp_aff_local_nn_run(c, r, row, x0, x1, n, 7, 7, tx, ty, 1); break;
    }
}

void ovxc_warp_affine_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                               uint32_t y0, uint32_t y1)
{
    warp_ctx c;
    if (!warp_ctx_init(&c, src, dst, interp)) {
        ovxc_warp_affine_rows(src, dst, m, interp, y0, y1);
        return;
    }
    const int32_t n = dst->width, nlast = ((n + 15) & ~15) - 1, ng = (n + 15) / 16;
    const int bil = c.bilinear;
    /* the position tables (rows up to WARP_NN_TAB pixels, their 64-pixel
     * steps whole) */
    float TX[WARP_NN_TAB] WARP_ALIGN, TY[WARP_NN_TAB] WARP_ALIGN;
    const int tab = n <= WARP_NN_TAB;
    if (tab) {
        ovxc_geo_row r0; /* ax, ay: the same in every row */
        ovxc_geo_affine_row(src, m, y0, &r0);
        warp_nn_tab(r0.ax, r0.ay, (n + 63) & ~63, !bil, TX, TY);
    }
    /* prefetch: the base tap of the same pixel 8 rows further down (the
     * rows of a rotated warp cross the source diagonally, where the
     * hardware prefetchers see no stream); 3-5% at the bench's matrix on a
     * Sapphire Rapids, 20% on a Zen 3 */
    c.pf = warp_pf(src, 8.0 * (double)m[2], 8.0 * (double)m[3], (double)m[1] * (double)n);
    int32_t hint[4] = {-1, -1, -1, -1}; /* the spans' block searches, row to row */
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        ovxc_geo_row r;
        ovxc_geo_affine_row(src, m, y, &r);
        /* the positions are monotonic in x (a rounded product of a fixed
         * factor, plus a constant): inside +-2^30 at both ends of the row
         * (its last 16-lane block included), the clamp is the identity */
        const float xl = (float)nlast;
        const int clamp = !(warp_fits(r.ax * 0.0f + r.bx) && warp_fits(r.ax * xl + r.bx) &&
                            warp_fits(r.ay * 0.0f + r.by) && warp_fits(r.ay * xl + r.by));
        /* Row-local span: with 7 steps of the row under 13.9 - bilinear
         * pixels across and 0.9 down (plus float rounding: under 1/64 pixel
         * for planes under 2^17 pixels), every block's taps lie within
         * 15 - bilinear columns and 2 rows of its base; the blocks whose base
         * keeps the 16-byte reads inside the plane form an interval (the
         * base is monotonic), found with the lanes' own operations. */
        const int spread = c.can_local && src->width < (1 << 17) && src->height < (1 << 17) &&
                           fabsf(r.ax) * 7.0f <= (13.9f - (float)bil) * (float)OVXC_GEO_FIX_SCALE &&
                           fabsf(r.ay) * 7.0f <= 0.9f * (float)OVXC_GEO_FIX_SCALE;
        int32_t ga = 0, gb = 0;
        if (!clamp && spread) {
            int32_t xa, xb, ya, yb;
            warp_aff_span(r.ax, r.bx, bil, 2 * ng, 0, (int32_t)c.xloc, &xa, &xb, hint);
            warp_aff_span(r.ay, r.by, bil, 2 * ng, 0, (int32_t)c.yloc, &ya, &yb, hint + 2);
            /* whole 16-pixel groups */
            ga = ((xa > ya ? xa : ya) + 1) / 2;
            gb = (xb < yb ? xb : yb) / 2;
            if (gb < ga) gb = ga;
        }
        /* the row-local blocks in code specialised on the base lanes and
         * the interpolation (constants for the compiler) */
        const int sel = (r.ax >= 0.0f ? 0 : 1) + (r.ay >= 0.0f ? 0 : 2);
        const int32_t xa0 = 16 * ga, xb0 = 16 * gb;
        if (tab && spread && !c.constant) {
            /* under replicate the blocks outside the span too, with the
             * positions clamped into the plane (the same taps: see
             * warp_px8) and the window moved inside it */
            if (bil) {
                if (ga > 0) warp_aff_bil_run(&c, &r, row, 0, xa0, n, sel, TX, TY, 1);
                if (gb > ga) warp_aff_bil_run(&c, &r, row, xa0, xb0, n, sel, TX, TY, 0);
                if (xb0 < n) warp_aff_bil_run(&c, &r, row, xb0, 16 * ng, n, sel, TX, TY, 1);
            } else {
                if (ga > 0) warp_aff_nn_run(&c, &r, row, 0, xa0, n, sel, TX, TY, 1);
                if (gb > ga) warp_aff_nn_run(&c, &r, row, xa0, xb0, n, sel, TX, TY, 0);
                if (xb0 < n) warp_aff_nn_run(&c, &r, row, xb0, 16 * ng, n, sel, TX, TY, 1);
            }
            continue;
        }
        if (ga > 0) warp_aff_run(&c, &r, row, 0, xa0, n, clamp);
        if (gb > ga) {
            if (tab && bil) {
                warp_aff_bil_run(&c, &r, row, xa0, xb0, n, sel, TX, TY, 0);
            } else if (tab && !bil) {
                warp_aff_nn_run(&c, &r, row, xa0, xb0, n, sel, TX, TY, 0);
            } else {
                switch (sel + 4 * bil) {
                case 0: warp_aff_local_run(&c, &r, row, xa0, xb0, n, 0, 0, 0, NULL, NULL, 0, 0); break;
                case 1: warp_aff_local_run(&c, &r, row, xa0, xb0, n, 7, 0, 0, NULL, NULL, 0, 0); break;
                case 2: warp_aff_local_run(&c, &r, row, xa0, xb0, n, 0, 7, 0, NULL, NULL, 0, 0); break;
                case 3: warp_aff_local_run(&c, &r, row, xa0, xb0, n, 7, 7, 0, NULL, NULL, 0, 0); break;
                case 4: warp_aff_local_run(&c, &r, row, xa0, xb0, n, 0, 0, 1, NULL, NULL, 0, 0); break;
                case 5: warp_aff_local_run(&c, &r, row, xa0, xb0, n, 7, 0, 1, NULL, NULL, 0, 0); break;
                case 6: warp_aff_local_run(&c, &r, row, xa0, xb0, n, 0, 7, 1, NULL, NULL, 0, 0); break;
                default: warp_aff_local_run(&c, &r, row, xa0, xb0, n, 7, 7, 1, NULL, NULL, 0, 0); break;
                }
            }
        }
        if (xb0 < n) warp_aff_run(&c, &r, row, xb0, n, n, clamp);
    }
}

enum { WARP_CHUNK = 256 }; /* pixels per pass of the two-pass loops (a multiple of 16) */

/* The bilinear taps of the n pixels of a chunk from their fixed-point
 * positions X[], Y[] (held up to n rounded up to 16), 16 at a time by
 * warp_blk8.  Apart from the positions' pass, the loads' address chains
 * are short and the out-of-order core overlaps many blocks. */
static inline void warp_taps_run(const warp_ctx *c, const int32_t *X, const int32_t *Y, uint8_t *out, int32_t n)
{
    for (int32_t x = 0; x < n; x += 16) {
        __m256i r0 = warp_blk8(c, X + x, Y + x);
        __m256i r1 = warp_blk8(c, X + x + 8, Y + x + 8);
        warp_store16(out + x, r0, r1, n - x);
    }
}

/* Nearest under replicate (positions clamped into the plane): the byte
 * offsets of 16 pixels into off[], then the taps of a chunk of m pixels by
 * scalar byte loads, which the core issues at about one a cycle with no
 * address chain but the offsets'. */
static inline void warp_nn_off16(const warp_ctx *c, __m256i X0, __m256i Y0, __m256i X1, __m256i Y1, int32_t *off)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i h = _mm256_set1_epi32(1 << (B - 1));
    __m256i xi0 = _mm256_srai_epi32(_mm256_add_epi32(X0, h), B), yi0 = _mm256_srai_epi32(_mm256_add_epi32(Y0, h), B);
    __m256i xi1 = _mm256_srai_epi32(_mm256_add_epi32(X1, h), B), yi1 = _mm256_srai_epi32(_mm256_add_epi32(Y1, h), B);
    _mm256_store_si256((__m256i *)off, _mm256_add_epi32(_mm256_mullo_epi32(yi0, c->vstride), xi0));
    _mm256_store_si256((__m256i *)(off + 8), _mm256_add_epi32(_mm256_mullo_epi32(yi1, c->vstride), xi1));
}

static inline void warp_nn_taps(const warp_ctx *c, const int32_t *off, uint8_t *out, int32_t m)
{
    const uint8_t *p = c->ptr;
    int32_t k = 0;
    for (; k + 8 <= m; k += 8) {
        if (c->pf) _mm_prefetch((const char *)((uintptr_t)(p + off[k]) + (uintptr_t)c->pf), _MM_HINT_T0);
        const uint64_t v = warp_bytes8(p, off + k);
        memcpy(out + k, &v, 8);
    }
    for (; k < m; k++) out[k] = p[off[k]];
}

/* Row-independent products of a perspective warp (ax, ay and az are the
 * same floats in every row): tab[x], tab[WARP_TABW + x], tab[2 WARP_TABW +
 * x] hold ax x, ay x and az x, the lanes' own products, for rows up to
 * WARP_TABW pixels (whole 32-pixel steps). */
enum { WARP_TABW = 4096 };

/* A perspective row's constants in lanes, and the reference's v of 8
 * lanes from the products of x (px = ax x, py = ay x, pz = az x, each
 * rounded: from a table or computed): v = (p + b) q + 0.5 with q = 1 / (pz
 * + bz), each operation in the reference's order (ovxc_warp_perspective_rows). */
typedef struct {
    __m256 ax, bx, ay, by, az, bz;
} warp_pk;

static inline warp_pk warp_pk_of(const ovxc_geo_row *r)
{
    warp_pk k;
    k.ax = _mm256_set1_ps(r->ax), k.bx = _mm256_set1_ps(r->bx);
    k.ay = _mm256_set1_ps(r->ay), k.by = _mm256_set1_ps(r->by);
    k.az = _mm256_set1_ps(r->az), k.bz = _mm256_set1_ps(r->bz);
    return k;
}

static inline void warp_persp_v(const warp_pk *k, __m256 px, __m256 py, __m256 pz, __m256 *vx, __m256 *vy)
{
    const __m256 half = _mm256_set1_ps(0.5f);
    const __m256 q = _mm256_div_ps(_mm256_set1_ps(1.0f), _mm256_add_ps(pz, k->bz));
    *vx = _mm256_add_ps(_mm256_mul_ps(_mm256_add_ps(px, k->bx), q), half);
    *vy = _mm256_add_ps(_mm256_mul_ps(_mm256_add_ps(py, k->by), q), half);
}

/* The same from x itself (xf: the lanes' x as floats). */
static inline void warp_persp_vx(const warp_pk *k, __m256 xf, __m256 *vx, __m256 *vy)
{
    warp_persp_v(k, _mm256_mul_ps(k->ax, xf), _mm256_mul_ps(k->ay, xf), _mm256_mul_ps(k->az, xf), vx, vy);
}

/* The positions of a perspective chunk's lanes [x0, x0 + cnt) (cnt a
 * multiple of 8) into X, Y: the reference's float operations, the products
 * of x from tab when there is one; then the clamp of the border rule (cst:
 * warp_fix_c, else warp_fix_rep), or none where the chunk is proven inside
 * its bounds (in: every lane's v in [0, hi], where the clamp is the
 * identity and floor is truncation). */
static inline void warp_persp_pos(const warp_ctx *c, const ovxc_geo_row *r, const float *tab, int32_t x0, int32_t cnt,
                                  int32_t *X, int32_t *Y, const int cst, const int in)
{
    const __m256 eight = _mm256_set1_ps(8.0f);
    const warp_pk k = warp_pk_of(r);
    __m256 xf = _mm256_add_ps(_mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_ps((float)x0));
    for (int32_t x = 0; x < cnt; x += 8) {
        __m256 vx, vy;
        if (tab) {
            warp_persp_v(&k, _mm256_load_ps(tab + x0 + x), _mm256_load_ps(tab + WARP_TABW + x0 + x),
                         _mm256_load_ps(tab + 2 * WARP_TABW + x0 + x), &vx, &vy);
        } else {
            warp_persp_vx(&k, xf, &vx, &vy);
            xf = _mm256_add_ps(xf, eight);
        }
        if (in) {
            _mm256_store_si256((__m256i *)(X + x), warp_fix_pos(vx));
            _mm256_store_si256((__m256i *)(Y + x), warp_fix_pos(vy));
        } else {
            _mm256_store_si256((__m256i *)(X + x), cst ? warp_fix_c(vx, c->flo, c->fxhi) : warp_fix_rep(vx, c->fxhi));
            _mm256_store_si256((__m256i *)(Y + x), cst ? warp_fix_c(vy, c->flo, c->fyhi) : warp_fix_rep(vy, c->fyhi));
        }
    }
}

/* Whether every lane of [x0, x0 + cnt) of a perspective row has v = 1024 x
 * + 0.5 (the reference's, before its clamp) in [0, (w - 1) 1024] and [0,
 * (h - 1) 1024] (replicate) or [0, 2^30] (constant): bounds by
 * ovxc_geo_persp_span. */
static inline int warp_persp_in(const warp_ctx *c, const ovxc_geo_row *r, int32_t x0, int32_t cnt)
{
    const float xa = (float)x0, xb = (float)(x0 + cnt - 1);
    float pl[2], ph[2], ul[2], uh[2];
    const float hx = c->constant ? OVXC_GEO_FIX_LIM : _mm256_cvtss_f32(c->fxhi);
    const float hy = c->constant ? OVXC_GEO_FIX_LIM : _mm256_cvtss_f32(c->fyhi);
    return ovxc_geo_persp_span(r->ax, r->bx, r->az, r->bz, xa, xb, 0.5f, pl, ph, ul, uh) &&
           ovxc_geo_persp_span(r->ay, r->by, r->az, r->bz, xa, xb, 0.5f, pl + 1, ph + 1, ul + 1, uh + 1) &&
           ul[0] >= 0.0f && uh[0] <= hx && ul[1] >= 0.0f && uh[1] <= hy;
}

/* The fixed-point positions of the end lanes of 8 blocks of bs pixels
 * (block k: pixels x0 + bs k and x0 + bs k + bs - 1) in X[0], X[1], Y[0],
 * Y[1]: the lanes' own operations (the same floats: the tables hold the
 * same products) and the border rule's clamp (cst: warp_fix_c, else
 * warp_fix_rep; chunks that skip it are inside, where it is the identity),
 * so the same values as those lanes. */
static inline void warp_persp_ends(const warp_ctx *c, const ovxc_geo_row *r, int32_t x0, int32_t bs, const int cst,
                                   __m256i X[2], __m256i Y[2])
{
    const warp_pk k = warp_pk_of(r);
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i e0 = _mm256_add_epi32(_mm256_mullo_epi32(lane, _mm256_set1_epi32(bs)), _mm256_set1_epi32(x0));
    for (int e = 0; e < 2; e++) {
        __m256 vx, vy;
        warp_persp_vx(&k, _mm256_cvtepi32_ps(_mm256_add_epi32(e0, _mm256_set1_epi32((bs - 1) * e))), &vx, &vy);
        X[e] = cst ? warp_fix_c(vx, c->flo, c->fxhi) : warp_fix_rep(vx, c->fxhi);
        Y[e] = cst ? warp_fix_c(vy, c->flo, c->fyhi) : warp_fix_rep(vy, c->fyhi);
    }
}

/* Nearest perspective taps by row-local windows, 32 pixels a step: groups
 * of 16 pixels whose taps lie within 16 columns and 3 rows of a base tap
 * (the smaller of the group's lanes 0 and 15 per axis, moved inside the
 * plane so that the window is; a tap outside the plane, under constant,
 * is outside the window too) take one pshufb per window row for the group,
 * half 0 of a vector holding group a, half 1 group b.  The bases of a chunk's groups from
 * their end lanes (warp_persp_ends), 8 groups a vector: off[] the window's
 * byte offset, kx[], ky[] 1024 xb - 512 and 1024 yb - 512, so that
 * (X - kx) >> 10 = ((X + 512) >> 10) - xb. */
static inline void warp_nn_bases16(const warp_ctx *c, const ovxc_geo_row *r, int32_t x0, int32_t ng, int32_t *off,
                                   int32_t *kx, int32_t *ky)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i h = _mm256_set1_epi32(1 << (B - 1));
    for (int32_t g = 0; g < ng; g += 8) {
        __m256i X[2], Y[2];
        warp_persp_ends(c, r, x0 + 16 * g, 16, c->constant, X, Y);
        __m256i xb = _mm256_min_epi32(_mm256_srai_epi32(_mm256_add_epi32(X[0], h), B),
                                      _mm256_srai_epi32(_mm256_add_epi32(X[1], h), B));
        __m256i yb = _mm256_min_epi32(_mm256_srai_epi32(_mm256_add_epi32(Y[0], h), B),
                                      _mm256_srai_epi32(_mm256_add_epi32(Y[1], h), B));
        xb = _mm256_max_epi32(_mm256_min_epi32(xb, _mm256_set1_epi32((int32_t)c->xloc)), _mm256_setzero_si256());
        yb = _mm256_max_epi32(_mm256_min_epi32(yb, _mm256_set1_epi32(c->ywin)), _mm256_setzero_si256());
        _mm256_storeu_si256((__m256i *)(off + g), _mm256_add_epi32(_mm256_mullo_epi32(yb, c->vstride), xb));
        _mm256_storeu_si256((__m256i *)(kx + g), _mm256_sub_epi32(_mm256_slli_epi32(xb, B), h));
        _mm256_storeu_si256((__m256i *)(ky + g), _mm256_sub_epi32(_mm256_slli_epi32(yb, B), h));
    }
}

/* Bilinear perspective taps by warp_local's row-local windows, the bases
 * of a chunk's blocks of 8 computed ahead from their end lanes
 * (warp_persp_ends; the smaller tap per axis), 8 blocks a vector: off[]
 * the window's byte offset, or -1 where its 16 columns and 3 rows leave
 * the plane; kx[], ky[] 1024 xb and 1024 yb.  Against warp_blk8's scalar
 * base per block, a short chain to the window's loads and no scalar work. */
static inline void warp_bil_bases8(const warp_ctx *c, const ovxc_geo_row *r, int32_t x0, int32_t nb, const int cst,
                                   int32_t *off, int32_t *kx, int32_t *ky)
{
    enum { B = OVXC_GEO_FIX_BITS };
    for (int32_t g = 0; g < nb; g += 8) {
        __m256i X[2], Y[2];
        warp_persp_ends(c, r, x0 + 8 * g, 8, cst, X, Y);
        const __m256i xb = _mm256_min_epi32(_mm256_srai_epi32(X[0], B), _mm256_srai_epi32(X[1], B));
        const __m256i yb = _mm256_min_epi32(_mm256_srai_epi32(Y[0], B), _mm256_srai_epi32(Y[1], B));
        /* unsigned: 0 <= xb <= w - 16 and 0 <= yb <= h - 3 */
        const __m256i ok = _mm256_and_si256(
            _mm256_cmpeq_epi32(_mm256_min_epu32(xb, _mm256_set1_epi32((int32_t)c->xloc)), xb),
            _mm256_cmpeq_epi32(_mm256_min_epu32(yb, _mm256_set1_epi32((int32_t)c->yloc)), yb));
        const __m256i o = _mm256_add_epi32(_mm256_mullo_epi32(yb, c->vstride), xb);
        _mm256_storeu_si256((__m256i *)(off + g), _mm256_blendv_epi8(_mm256_set1_epi32(-1), o, ok));
        _mm256_storeu_si256((__m256i *)(kx + g), _mm256_slli_epi32(xb, B));
        _mm256_storeu_si256((__m256i *)(ky + g), _mm256_slli_epi32(yb, B));
    }
}

/* One bilinear block of 8 from its positions and warp_bil_bases8's base:
 * the same value as warp_px8 (the row-local path where every tap lies in
 * the window, as warp_blk8 tests it). */
static inline __m256i warp_bil_blk8(const warp_ctx *c, const int32_t *Xp, const int32_t *Yp, int32_t o, int32_t kx,
                                    int32_t ky)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i X = _mm256_load_si256((const __m256i *)Xp), Y = _mm256_load_si256((const __m256i *)Yp);
    const __m256i dx = _mm256_srai_epi32(_mm256_sub_epi32(X, _mm256_set1_epi32(kx)), B);
    const __m256i dy = _mm256_srai_epi32(_mm256_sub_epi32(Y, _mm256_set1_epi32(ky)), B);
    /* dx <= 14 and dy <= 1, unsigned (warp_blk8's test) */
    const __m256i u = _mm256_max_epu32(dx, _mm256_slli_epi32(dy, 3));
    const __m256i ok = _mm256_cmpeq_epi32(_mm256_min_epu32(u, _mm256_set1_epi32(14)), u);
    if (o >= 0) {
        if (c->pf) _mm_prefetch((const char *)((uintptr_t)(c->ptr + o) + (uintptr_t)c->pf), _MM_HINT_T0);
        if (_mm256_movemask_epi8(ok) == -1) return warp_local_bil(c, c->ptr + o, dx, dy, X, Y, 0);
    }
    return warp_px8_call(c, X, Y);
}

/* The column (or row) offsets of groups a (X[0..15]) and b (X[16..31])
 * from their bases ka, kb as bytes: half 0 group a's 16, half 1 group b's
 * (saturated: an offset outside -128..127 stays outside 0..15). */
static inline __m256i warp_nn_win_idx(const int32_t *X, __m256i ka, __m256i kb)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i a0 = _mm256_sub_epi32(_mm256_load_si256((const __m256i *)X), ka);
    const __m256i a1 = _mm256_sub_epi32(_mm256_load_si256((const __m256i *)(X + 8)), ka);
    const __m256i b0 = _mm256_sub_epi32(_mm256_load_si256((const __m256i *)(X + 16)), kb);
    const __m256i b1 = _mm256_sub_epi32(_mm256_load_si256((const __m256i *)(X + 24)), kb);
    /* words a0-3 a8-11 | a4-7 a12-15 (an offset in [0, 16 1024) fits) */
    const __m256i wa = _mm256_srai_epi16(_mm256_packs_epi32(a0, a1), B);
    const __m256i wb = _mm256_srai_epi16(_mm256_packs_epi32(b0, b1), B);
    /* dwords a0-3 a8-11 b0-3 b8-11 | a4-7 a12-15 b4-7 b12-15, in order */
    return _mm256_permutevar8x32_epi32(_mm256_packs_epi16(wa, wb), _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

/* 32 nearest outputs by windows (above) into out; 0 where a tap lies
 * outside its group's window (nothing stored). */
static inline int warp_nn_win32(const warp_ctx *c, const int32_t *X, const int32_t *Y, const int32_t *off,
                                const int32_t *kx, const int32_t *ky, uint8_t *out)
{
    const __m256i dx = warp_nn_win_idx(X, _mm256_set1_epi32(kx[0]), _mm256_set1_epi32(kx[1]));
    const __m256i dy = warp_nn_win_idx(Y, _mm256_set1_epi32(ky[0]), _mm256_set1_epi32(ky[1]));
    /* dx in 0..15 and dy in 0..2 (unsigned bytes: negative ones fail) */
    const __m256i t = _mm256_max_epu8(dx, _mm256_adds_epu8(dy, _mm256_set1_epi8(13)));
    if (!_mm256_testz_si256(t, _mm256_set1_epi8((char)0xF0))) return 0;
    const uint8_t *pa = c->ptr + off[0], *pb = c->ptr + off[1];
    const intptr_t st = c->stride;
    _mm_prefetch((const char *)((uintptr_t)pa + (uintptr_t)c->pf), _MM_HINT_T0);
    _mm_prefetch((const char *)((uintptr_t)pb + (uintptr_t)c->pf), _MM_HINT_T0);
    const __m256i w0 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)pa)),
                                          _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)pb)), 0xF0);
    const __m256i w1 = _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(pa + st))),
                                          _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(pb + st))),
                                          0xF0);
    const __m256i w2 =
        _mm256_blend_epi32(_mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(pa + 2 * st))),
                           _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(pb + 2 * st))), 0xF0);
    const __m256i zero = _mm256_setzero_si256();
    __m256i v = _mm256_shuffle_epi8(w0, dx);
    v = _mm256_blendv_epi8(v, _mm256_shuffle_epi8(w1, dx), _mm256_cmpgt_epi8(dy, zero));
    v = _mm256_blendv_epi8(v, _mm256_shuffle_epi8(w2, dx), _mm256_cmpgt_epi8(dy, _mm256_set1_epi8(1)));
    _mm256_storeu_si256((__m256i *)out, v);
    return 1;
}

/* 32 nearest outputs by scalar byte loads, cval for taps outside under
 * constant (warp_nn_win32's fallback; warp_nn16). */
static __attribute__((noinline)) void warp_nn_loads32(const warp_ctx *c, const int32_t *X, const int32_t *Y,
                                                      uint8_t *out)
{
    for (int k = 0; k < 32; k += 16)
        warp_nn16(c, _mm256_load_si256((const __m256i *)(X + k)), _mm256_load_si256((const __m256i *)(Y + k)),
                  _mm256_load_si256((const __m256i *)(X + k + 8)), _mm256_load_si256((const __m256i *)(Y + k + 8)),
                  NULL, out + k, 16);
}

/* One perspective row in two passes per chunk, specialised on the
 * interpolation and the border rule (constants for the compiler; nearest
 * under constant: planes that hold the windows only): the positions into X[], Y[] (warp_persp_pos, without
 * the clamp in chunks proven inside), then the bases of the chunk's blocks
 * and its taps: bilinear warp_bil_blk8, nearest warp_nn_win32 where the
 * plane holds its windows, else the byte offsets into X[] and
 * warp_nn_taps. */
static inline void warp_persp_run(const warp_ctx *c, const ovxc_geo_row *r, const float *tab, uint8_t *row,
                                  int32_t n, const int bil, const int cst)
{
    int32_t X[WARP_CHUNK] WARP_ALIGN, Y[WARP_CHUNK] WARP_ALIGN;
    for (int32_t x0 = 0; x0 < n; x0 += WARP_CHUNK) {
        const int32_t m = n - x0 < WARP_CHUNK ? n - x0 : WARP_CHUNK;
        /* the lanes computed: whole 32-pixel steps (nearest: two groups of
         * 16), blocks of 8 (bilinear: the last 16-pixel group's second
         * block is zeros, below) */
        const int32_t me = bil ? (m + 7) & ~7 : (m + 31) & ~31;
        if (warp_persp_in(c, r, x0, me)) warp_persp_pos(c, r, tab, x0, me, X, Y, cst, 1);
        else warp_persp_pos(c, r, tab, x0, me, X, Y, cst, 0);
        if (!bil && c->nn_win) {
            int32_t OFF[WARP_CHUNK / 16], KX[WARP_CHUNK / 16], KY[WARP_CHUNK / 16];
            warp_nn_bases16(c, r, x0, me / 16, OFF, KX, KY);
            for (int32_t x = 0; x < m; x += 32) {
                uint8_t tmp[32];
                uint8_t *o = m - x >= 32 ? row + x0 + x : tmp;
                if (!warp_nn_win32(c, X + x, Y + x, OFF + x / 16, KX + x / 16, KY + x / 16, o))
                    warp_nn_loads32(c, X + x, Y + x, o);
                if (o == tmp) memcpy(row + x0 + x, tmp, (size_t)(m - x));
            }
            continue;
        }
        if (!bil) {
            for (int32_t x = 0; x < m; x += 16) {
                const __m256i X0 = _mm256_load_si256((const __m256i *)(X + x));
                const __m256i Y0 = _mm256_load_si256((const __m256i *)(Y + x));
                const __m256i X1 = _mm256_load_si256((const __m256i *)(X + x + 8));
                const __m256i Y1 = _mm256_load_si256((const __m256i *)(Y + x + 8));
                warp_nn_off16(c, X0, Y0, X1, Y1, X + x);
            }
            warp_nn_taps(c, X, row + x0, m);
            continue;
        }
        if ((m + 7) & 8) { /* the last 16-pixel group's second block: computed, not stored */
            _mm256_store_si256((__m256i *)(X + ((m + 7) & ~7)), _mm256_setzero_si256());
            _mm256_store_si256((__m256i *)(Y + ((m + 7) & ~7)), _mm256_setzero_si256());
        }
        int32_t OFF[WARP_CHUNK / 8], KX[WARP_CHUNK / 8], KY[WARP_CHUNK / 8];
        warp_bil_bases8(c, r, x0, ((m + 15) & ~15) / 8, cst, OFF, KX, KY);
        for (int32_t x = 0; x < m; x += 16) {
            const int32_t j = x / 8;
            __m256i r0 = warp_bil_blk8(c, X + x, Y + x, OFF[j], KX[j], KY[j]);
            __m256i r1 = warp_bil_blk8(c, X + x + 8, Y + x + 8, OFF[j + 1], KX[j + 1], KY[j + 1]);
            warp_store16(row + x0 + x, r0, r1, m - x);
        }
    }
}

void ovxc_warp_perspective_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                                    uint32_t y0, uint32_t y1)
{
    warp_ctx c;
    if (!warp_ctx_init(&c, src, dst, interp)) {
        ovxc_warp_perspective_rows(src, dst, m, interp, y0, y1);
        return;
    }
    const __m256 eight = _mm256_set1_ps(8.0f), lane = _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7);
    const int32_t n = dst->width;
    {
        /* prefetch as the affine rows, the steps taken at the denominator
         * of the plane's origin (a hint: any value is safe): 12% (bilinear)
         * and 25-40% (nearest) at the bench's matrix on a Zen 3 */
        const double z = (double)m[8] != 0.0 ? (double)m[8] : 1.0;
        c.pf = warp_pf(src, 8.0 * (double)m[3] / z, 8.0 * (double)m[4] / z, (double)m[1] * (double)n / z);
    }
    /* two passes: bilinear where the row-local path applies, nearest where
     * the plane holds its windows or under replicate (under constant, on
     * planes under 16 x 3, warp_nn16 in one pass below measured ~10% faster
     * than the two passes by byte loads) */
    const int sel = c.bilinear ? (c.can_local ? 1 + 2 * c.constant : -1)
                               : (c.nn_win ? 2 * c.constant : (!c.constant ? 0 : -1));
    /* the row-independent products, once for all rows (two-pass rows up to
     * WARP_TABW pixels) */
    float *tab = NULL;
    float tabm[3 * WARP_TABW] WARP_ALIGN;
    if (sel >= 0 && n <= WARP_TABW && y1 > y0) {
        ovxc_geo_row r0;
        ovxc_geo_perspective_row(src, m, y0, &r0);
        const __m256 fx = _mm256_set1_ps(r0.ax), fy = _mm256_set1_ps(r0.ay), fz = _mm256_set1_ps(r0.az);
        __m256 xf = lane;
        for (int32_t x = 0; x < ((n + 31) & ~31); x += 8) {
            _mm256_store_ps(tabm + x, _mm256_mul_ps(fx, xf));
            _mm256_store_ps(tabm + WARP_TABW + x, _mm256_mul_ps(fy, xf));
            _mm256_store_ps(tabm + 2 * WARP_TABW + x, _mm256_mul_ps(fz, xf));
            xf = _mm256_add_ps(xf, eight);
        }
        tab = tabm;
    }
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        ovxc_geo_row r;
        ovxc_geo_perspective_row(src, m, y, &r);
        switch (sel) {
        case 0: warp_persp_run(&c, &r, tab, row, n, 0, 0); continue;
        case 2: warp_persp_run(&c, &r, tab, row, n, 0, 1); continue;
        case 1: warp_persp_run(&c, &r, tab, row, n, 1, 0); continue;
        case 3: warp_persp_run(&c, &r, tab, row, n, 1, 1); continue;
        default: break;
        }
        /* nearest under constant, and bilinear on planes under 16 pixels
         * wide or 3 rows high (no row-local path): one pass */
        const warp_pk k = warp_pk_of(&r);
        __m256 xf = lane;
        for (int32_t x = 0; x < n; x += 16) {
            __m256i res[2], X[2], Y[2];
            for (int h = 0; h < 2; h++) {
                __m256 vx, vy;
                warp_persp_vx(&k, xf, &vx, &vy);
                X[h] = c.constant ? warp_fix_c(vx, c.flo, c.fxhi) : warp_fix_rep(vx, c.fxhi);
                Y[h] = c.constant ? warp_fix_c(vy, c.flo, c.fyhi) : warp_fix_rep(vy, c.fyhi);
                if (c.bilinear) res[h] = warp_px8(&c, X[h], Y[h]);
                xf = _mm256_add_ps(xf, eight);
            }
            if (c.bilinear) warp_store16(row + x, res[0], res[1], n - x);
            else warp_nn16(&c, X[0], Y[0], X[1], Y[1], NULL, row + x, n - x);
        }
    }
}

/* The positions of 8 remap points from q (x0 y0 x1 y1 ...), in order:
 * the reference's float operations (map * 1024 + c). */
static inline void warp_remap_pos8(const warp_ctx *c, const float *q, __m256 kfix, __m256 cx, __m256 cy, __m256i *X,
                                   __m256i *Y, const int cst)
{
    __m256 a = _mm256_loadu_ps(q), b = _mm256_loadu_ps(q + 8);
    /* x0 y0 x1 y1 x2 y2 x3 y3 | x4 ... -> x0 x1 x4 x5 x2 x3 x6 x7 -> in order */
    __m256 mx = _mm256_castpd_ps(_mm256_permute4x64_pd(
        _mm256_castps_pd(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0))), _MM_SHUFFLE(3, 1, 2, 0)));
    __m256 my = _mm256_castpd_ps(_mm256_permute4x64_pd(
        _mm256_castps_pd(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1))), _MM_SHUFFLE(3, 1, 2, 0)));
    __m256 vx = _mm256_add_ps(_mm256_mul_ps(mx, kfix), cx);
    __m256 vy = _mm256_add_ps(_mm256_mul_ps(my, kfix), cy);
    *X = cst ? warp_fix_c(vx, c->flo, c->fxhi) : warp_fix_rep(vx, c->fxhi);
    *Y = cst ? warp_fix_c(vy, c->flo, c->fyhi) : warp_fix_rep(vy, c->fyhi);
}

/* How far ahead of the positions' pass remap prefetches its map (bytes) */
#define WARP_MAPPF 8192

/* One remap row in two passes per chunk, as warp_persp_run: bilinear
 * (c->can_local) the positions into X[], Y[], then warp_taps_run; nearest
 * (replicate) the byte offsets into X[], then warp_nn_taps. */
static inline void warp_remap_run(const warp_ctx *c, const float *p, uint8_t *row, int32_t n, __m256 kfix, __m256 cx,
                                  __m256 cy, const int bil, const int cst)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i h = _mm256_set1_epi32(1 << (B - 1));
    int32_t X[WARP_CHUNK] WARP_ALIGN, Y[WARP_CHUNK] WARP_ALIGN;
    for (int32_t x0 = 0; x0 < n; x0 += WARP_CHUNK) {
        const int32_t m = n - x0 < WARP_CHUNK ? n - x0 : WARP_CHUNK;
        int32_t x = 0;
        for (; x + 8 <= m + (bil ? 0 : 7); x += 8) {
            __m256i Xv, Yv;
            if (x + 8 > m) { /* nearest: the row's last points, the rest of the block at 0 (not stored) */
                float tmp[16];
                memset(tmp, 0, sizeof(tmp));
                memcpy(tmp, p + 2 * (x0 + x), (size_t)(m - x) * 2 * sizeof(float));
                warp_remap_pos8(c, tmp, kfix, cx, cy, &Xv, &Yv, cst);
            } else {
                /* the map 8 KB ahead: the positions' pass otherwise waits on
                 * the map's stream (a hint: past the map's end is safe) */
                _mm_prefetch((const char *)((uintptr_t)(p + 2 * (x0 + x)) + WARP_MAPPF), _MM_HINT_T0);
                warp_remap_pos8(c, p + 2 * (x0 + x), kfix, cx, cy, &Xv, &Yv, cst);
            }
            if (bil) {
                _mm256_store_si256((__m256i *)(X + x), Xv);
                _mm256_store_si256((__m256i *)(Y + x), Yv);
            } else { /* the pixel's byte offset (warp_nn_off16) */
                __m256i xi = _mm256_srai_epi32(_mm256_add_epi32(Xv, h), B);
                __m256i yi = _mm256_srai_epi32(_mm256_add_epi32(Yv, h), B);
                _mm256_store_si256((__m256i *)(X + x), _mm256_add_epi32(_mm256_mullo_epi32(yi, c->vstride), xi));
            }
        }
        if (!bil) {
            warp_nn_taps(c, X, row + x0, m);
            continue;
        }
        if (x < m || (x & 8)) { /* the row's tail: the rest of its 16-pixel group at 0 (computed, not stored) */
            float tmp[32];
            __m256i Xv, Yv;
            memset(tmp, 0, sizeof(tmp));
            memcpy(tmp, p + 2 * (x0 + x), (size_t)(m - x) * 2 * sizeof(float));
            for (int32_t k = 0; k < 2 && x + 8 * k < ((m + 15) & ~15); k++) {
                warp_remap_pos8(c, tmp + 16 * k, kfix, cx, cy, &Xv, &Yv, cst);
                _mm256_store_si256((__m256i *)(X + x + 8 * k), Xv);
                _mm256_store_si256((__m256i *)(Y + x + 8 * k), Yv);
            }
        }
        warp_taps_run(c, X, Y, row + x0, m);
    }
}

/* The prefetch distance of a remap row (warp_ctx.pf): the byte offset
 * between the source points of the row's middle pixel and of the pixel 8
 * rows further down, where the row's ends lie 2 source rows apart or more
 * (a row along a source row is a stream the hardware prefetchers follow:
 * the prefetches cost 3% there, and save 5% (bilinear) to 30% (nearest) on
 * a rotation); 0 (none) past the table's end and for points beyond +-2^20
 * pixels or not finite. */
static intptr_t warp_remap_pf(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, uint32_t y)
{
    const size_t xm = (size_t)dst->width / 2, w = (size_t)dst->width;
    if (y + 8 >= (uint32_t)dst->height) return 0;
    const float *a = map_xy + 2 * ((size_t)y * w + xm), *b = map_xy + 2 * ((size_t)(y + 8) * w + xm);
    const float *e0 = map_xy + 2 * (size_t)y * w, *e1 = e0 + 2 * (w - 1);
    const float dx = b[0] - a[0], dy = b[1] - a[1], span = e1[1] - e0[1];
    if (!(fabsf(dx) < 1048576.0f && fabsf(dy) < 1048576.0f && fabsf(span) >= 2.0f)) return 0;
    return (intptr_t)floorf(dy + 0.5f) * src->stride + (intptr_t)floorf(dx + 0.5f);
}

void ovxc_remap_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, int interp,
                         uint32_t y0, uint32_t y1)
{
    warp_ctx c;
    if (!warp_ctx_init(&c, src, dst, interp)) {
        ovxc_remap_rows(src, dst, map_xy, interp, y0, y1);
        return;
    }
    const __m256 kfix = _mm256_set1_ps((float)OVXC_GEO_FIX_SCALE);
    const __m256 cx = _mm256_set1_ps((float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->ox));
    const __m256 cy = _mm256_set1_ps((float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->oy));
    const int32_t n = dst->width;
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const float *p = map_xy + (size_t)y * (size_t)n * 2;
        c.pf = warp_remap_pf(src, dst, map_xy, y);
        if (c.bilinear && c.can_local) {
            if (c.constant) warp_remap_run(&c, p, row, n, kfix, cx, cy, 1, 1);
            else warp_remap_run(&c, p, row, n, kfix, cx, cy, 1, 0);
            continue;
        }
        if (!c.bilinear && !c.constant) { /* nearest under replicate: offsets, then warp_nn_taps */
            warp_remap_run(&c, p, row, n, kfix, cx, cy, 0, 0);
            continue;
        }
        for (int32_t x = 0; x < n; x += 16) {
            __m256i res[2];
            float tmp[32];
            const float *q = p + 2 * x;
            if (n - x < 16) { /* the row's tail: the rest of the lanes are 0 (computed, not stored) */
                memset(tmp, 0, sizeof(tmp));
                memcpy(tmp, q, (size_t)(n - x) * 2 * sizeof(float));
                q = tmp;
            }
            if (!c.bilinear) {
                /* nearest: the lanes in the order of the in-lane shuffles (0 1 4 5 2 3 6 7),
                 * put in order with the offsets (warp_nn16) */
                static const int32_t order[8] = {0, 1, 4, 5, 2, 3, 6, 7};
                __m256i X[2], Y[2];
                for (int h = 0; h < 2; h++) {
                    __m256 a = _mm256_loadu_ps(q + 16 * h), b = _mm256_loadu_ps(q + 16 * h + 8);
                    __m256 mx = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
                    __m256 my = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
                    __m256 vx = _mm256_add_ps(_mm256_mul_ps(mx, kfix), cx);
                    __m256 vy = _mm256_add_ps(_mm256_mul_ps(my, kfix), cy);
                    X[h] = c.constant ? warp_fix_c(vx, c.flo, c.fxhi) : warp_fix_rep(vx, c.fxhi);
                    Y[h] = c.constant ? warp_fix_c(vy, c.flo, c.fyhi) : warp_fix_rep(vy, c.fyhi);
                }
                warp_nn16(&c, X[0], Y[0], X[1], Y[1], order, row + x, n - x);
                continue;
            }
            for (int h = 0; h < 2; h++) {
                __m256i X8, Y8;
                warp_remap_pos8(&c, q + 16 * h, kfix, cx, cy, &X8, &Y8, c.constant);
                res[h] = warp_px8(&c, X8, Y8);
            }
            warp_store16(row + x, res[0], res[1], n - x);
        }
    }
}

/* ---- Remap nearest from the derived table (geometry.h) ------------------
 *
 * The table's dwords are the pixels (x in the low int16, y in the high),
 * clamped to [-1, w] x [-1, h]: replicate clamps them into the plane (the
 * pixel the reference's geo_px reads), constant keeps them (outside stays
 * outside), then warp_nn16 as for positions X = 1024 x (its pixel is x).
 * The packed form: two blocks of 16 pixels (32 outputs) a step, each block
 * in one 128-bit lane, its window's rows (16 bytes at the base, rows by ..
 * by + 3) the lane's pshufb tables: row r's indices are the window bytes
 * b = dx + 16 dy with dy = r mapped to dx + 0x70 (bit 7 clear: selects dx)
 * and every other dy to bit 7 set (zero): adds_epu8(b - 16 r, 0x70) (dy < r
 * wraps to 0xF0 and up and saturates, dy > r reaches 0x80).  Rows no pixel
 * of the pair uses (dy >= 1, dy >= 2: two movemasks) are skipped; a block
 * without a window (OVXC_GEO_TAB_ESC) reads the table. */
static inline void warp_tab_esc16(const warp_ctx *c, const int32_t *q, int32_t m, uint8_t *out)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i zero = _mm256_setzero_si256();
    __m256i v0, v1, X0, Y0, X1, Y1;
    if (m >= 16) {
        v0 = _mm256_loadu_si256((const __m256i *)(const void *)q);
        v1 = _mm256_loadu_si256((const __m256i *)(const void *)(q + 8));
    } else { /* the row's last pixels, the rest of the lanes at pixel 0 (computed, not stored) */
        int32_t tail[16] WARP_ALIGN;
        memset(tail, 0, sizeof(tail));
        memcpy(tail, q, (size_t)m * 4);
        v0 = _mm256_load_si256((const __m256i *)(const void *)tail);
        v1 = _mm256_load_si256((const __m256i *)(const void *)(tail + 8));
    }
    X0 = _mm256_srai_epi32(_mm256_slli_epi32(v0, 16), 16), Y0 = _mm256_srai_epi32(v0, 16);
    X1 = _mm256_srai_epi32(_mm256_slli_epi32(v1, 16), 16), Y1 = _mm256_srai_epi32(v1, 16);
    if (!c->constant) {
        X0 = _mm256_min_epi32(_mm256_max_epi32(X0, zero), c->wm1);
        Y0 = _mm256_min_epi32(_mm256_max_epi32(Y0, zero), c->hm1);
        X1 = _mm256_min_epi32(_mm256_max_epi32(X1, zero), c->wm1);
        Y1 = _mm256_min_epi32(_mm256_max_epi32(Y1, zero), c->hm1);
    }
    warp_nn16(c, _mm256_slli_epi32(X0, B), _mm256_slli_epi32(Y0, B), _mm256_slli_epi32(X1, B),
              _mm256_slli_epi32(Y1, B), NULL, out, m);
}

/* One packed block (its 16 window bytes iv, base h) by 128-bit steps. */
static inline __m128i warp_tab_blk16(const warp_ctx *c, int32_t h, __m128i iv)
{
    const uint8_t *p = c->ptr + (intptr_t)(h >> 16) * c->stride + (h & 0xFFFF);
    const __m128i k70 = _mm_set1_epi8(0x70);
    __m128i acc = _mm_setzero_si128();
    for (int r = 0; r < 4; r++) {
        __m128i ix = _mm_adds_epu8(_mm_sub_epi8(iv, _mm_set1_epi8((char)(16 * r))), k70);
        acc = _mm_or_si128(acc, _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + r * (intptr_t)c->stride)), ix));
    }
    return acc;
}

/* Row r of two windows (bases pa, pb) as the two lanes' tables. */
static inline __m256i warp_tab_rows2(const uint8_t *pa, const uint8_t *pb, intptr_t off)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(pa + off))),
                                   _mm_loadu_si128((const __m128i *)(const void *)(pb + off)), 1);
}

static void warp_tab_packed_rows(const warp_ctx *c, const ovxc_geo_dst *dst, const ovxc_remap_tab *tt, uint32_t y0,
                                 uint32_t y1)
{
    const int32_t n = dst->width;
    const uint8_t *const p0 = c->ptr;
    const intptr_t st = c->stride;
    const __m256i k70 = _mm256_set1_epi8(0x70), k60 = _mm256_set1_epi8(0x60);
    for (uint32_t y = y0; y < y1; y++) {
        const int32_t *t = (const int32_t *)(const void *)(tt->tab + (size_t)y * (size_t)n * 2);
        const uint8_t *ir = tt->idx + (size_t)y * (size_t)tt->istride;
        const int32_t *hr = tt->hdr + (size_t)y * (size_t)tt->hstride;
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        for (int32_t g = 0; g < n; g += 32) {
            /* the window bytes of the pair (istride is a multiple of 64:
             * the bytes past the row are there, 0) */
            const __m256i iv = _mm256_loadu_si256((const __m256i *)(const void *)(ir + g));
            const int two = n - g > 16;
            const int32_t h0 = hr[g >> 4], h1 = two ? hr[(g >> 4) + 1] : h0;
            __m256i acc;
            if (h0 != OVXC_GEO_TAB_ESC && h1 != OVXC_GEO_TAB_ESC) {
                const uint8_t *pa = p0 + (intptr_t)(h0 >> 16) * st + (h0 & 0xFFFF);
                const uint8_t *pb = p0 + (intptr_t)(h1 >> 16) * st + (h1 & 0xFFFF);
                const __m256i i0 = _mm256_adds_epu8(iv, k70); /* row 0's indices; bit 7: dy >= 1 */
                acc = _mm256_shuffle_epi8(warp_tab_rows2(pa, pb, 0), i0);
                if (_mm256_movemask_epi8(i0)) {
                    const __m256i i1 = _mm256_adds_epu8(_mm256_sub_epi8(iv, _mm256_set1_epi8(0x10)), k70);
                    acc = _mm256_or_si256(acc, _mm256_shuffle_epi8(warp_tab_rows2(pa, pb, st), i1));
                    if (_mm256_movemask_epi8(_mm256_adds_epu8(iv, k60))) { /* dy >= 2 */
                        const __m256i i2 = _mm256_adds_epu8(_mm256_sub_epi8(iv, _mm256_set1_epi8(0x20)), k70);
                        const __m256i i3 = _mm256_adds_epu8(_mm256_sub_epi8(iv, _mm256_set1_epi8(0x30)), k70);
                        acc = _mm256_or_si256(acc, _mm256_shuffle_epi8(warp_tab_rows2(pa, pb, 2 * st), i2));
                        acc = _mm256_or_si256(acc, _mm256_shuffle_epi8(warp_tab_rows2(pa, pb, 3 * st), i3));
                    }
                }
            } else { /* a block without a window: by the table (written straight to the row) */
                __m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128();
                if (h0 != OVXC_GEO_TAB_ESC) lo = warp_tab_blk16(c, h0, _mm256_castsi256_si128(iv));
                else warp_tab_esc16(c, t + g, n - g < 16 ? n - g : 16, row + g);
                if (two) {
                    if (h1 != OVXC_GEO_TAB_ESC) hi = warp_tab_blk16(c, h1, _mm256_extracti128_si256(iv, 1));
                    else warp_tab_esc16(c, t + g + 16, n - g - 16 < 16 ? n - g - 16 : 16, row + g + 16);
                }
                if (h0 != OVXC_GEO_TAB_ESC) {
                    if (n - g >= 16) _mm_storeu_si128((__m128i *)(void *)(row + g), lo);
                    else {
                        uint8_t tmp[16];
                        _mm_storeu_si128((__m128i *)(void *)tmp, lo);
                        memcpy(row + g, tmp, (size_t)(n - g));
                    }
                }
                if (two && h1 != OVXC_GEO_TAB_ESC) {
                    if (n - g >= 32) _mm_storeu_si128((__m128i *)(void *)(row + g + 16), hi);
                    else {
                        uint8_t tmp[16];
                        _mm_storeu_si128((__m128i *)(void *)tmp, hi);
                        memcpy(row + g + 16, tmp, (size_t)(n - g - 16));
                    }
                }
                continue;
            }
            if (n - g >= 32) {
                _mm256_storeu_si256((__m256i *)(void *)(row + g), acc);
            } else { /* the row's last pixels */
                uint8_t tmp[32];
                _mm256_storeu_si256((__m256i *)(void *)tmp, acc);
                memcpy(row + g, tmp, (size_t)(n - g));
            }
        }
    }
}

void ovxc_remap_tab_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const ovxc_remap_tab *t, uint32_t y0,
                              uint32_t y1)
{
    warp_ctx c;
    if (!warp_ctx_init(&c, src, dst, OVXC_GEO_NEAREST)) {
        ovxc_remap_tab_rows(src, dst, t, y0, y1);
        return;
    }
    if (t->idx) {
        warp_tab_packed_rows(&c, dst, t, y0, y1);
        return;
    }
    for (uint32_t y = y0; y < y1; y++) {
        const int32_t *q = (const int32_t *)(const void *)(t->tab + (size_t)y * (size_t)dst->width * 2);
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        for (int32_t x = 0; x < dst->width; x += 16)
            warp_tab_esc16(&c, q + x, dst->width - x < 16 ? dst->width - x : 16, row + x);
    }
}

/* ---- Remap bilinear from the derived table (geometry.h) --------------- */

/* A block of 8 from its base's window: warp_local_bil on the positions
 * relative to it (the low 10 bits are the fractions, the rest dx, dy), the
 * three-row select for dy 2. */
static inline __m256i warp_btab_blk8(const warp_ctx *c, const uint8_t *w, __m256i v)
{
    enum { B = OVXC_GEO_FIX_BITS };
    const __m256i X = _mm256_and_si256(v, _mm256_set1_epi32(0xFFFF)), Y = _mm256_srli_epi32(v, 16);
    return warp_local_bil(c, w, _mm256_srli_epi32(X, B), _mm256_srli_epi32(Y, B), X, Y, 1);
}

/* A block of 8 without a base: the map's positions (row q from the block's
 * first point, m of them; cx, cy the map's constants) through warp_px8. */
static __attribute__((noinline)) __m256i warp_btab_esc8(const warp_ctx *c, const float *q, int32_t m, float bcx,
                                                        float bcy)
{
    const __m256 kfix = _mm256_set1_ps((float)OVXC_GEO_FIX_SCALE);
    const __m256 cx = _mm256_set1_ps(bcx), cy = _mm256_set1_ps(bcy);
    float tmp[16];
    __m256i X, Y;
    if (m < 8) { /* the row's tail: the rest of the lanes 0 (computed, not stored) */
        memset(tmp, 0, sizeof(tmp));
        memcpy(tmp, q, (size_t)m * 2 * sizeof(float));
        q = tmp;
    }
    warp_remap_pos8(c, q, kfix, cx, cy, &X, &Y, c->constant);
    return warp_px8(c, X, Y);
}

void ovxc_remap_btab_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy,
                               const uint8_t *tab, uint32_t y0, uint32_t y1)
{
    warp_ctx c;
    if (!ovxc_remap_btab_fits(src, dst) || !warp_ctx_init(&c, src, dst, OVXC_GEO_BILINEAR)) {
        ovxc_remap_btab_rows(src, dst, map_xy, tab, y0, y1);
        return;
    }
    const float bcx = (float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->ox);
    const float bcy = (float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->oy);
    const int32_t n = dst->width, nb = (n + 7) / 8;
    const size_t rb = ovxc_remap_btab_row_bytes(n), hb = (size_t)((nb + 7) & ~7) * 4;
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const float *p = map_xy + (size_t)y * (size_t)n * 2;
        const int32_t *hdr = (const int32_t *)(const void *)(tab + (size_t)y * rb);
        const uint32_t *pix = (const uint32_t *)(const void *)(tab + (size_t)y * rb + hb);
        c.pf = warp_remap_pf(src, dst, map_xy, y);
        for (int32_t b = 0; b < nb; b += 2) {
            __m256i res[2];
            for (int k = 0; k < 2; k++) {
                const int32_t bk = b + k;
                if (bk >= nb) { /* past the row: not stored */
                    res[k] = _mm256_setzero_si256();
                    continue;
                }
                const int32_t off = hdr[bk];
                if (off == OVXC_GEO_BTAB_ESC) {
                    res[k] = warp_btab_esc8(&c, p + 16 * bk, n - 8 * bk < 8 ? n - 8 * bk : 8, bcx, bcy);
                    continue;
                }
                const uint8_t *w = c.ptr + off;
                if (c.pf) _mm_prefetch((const char *)((uintptr_t)w + (uintptr_t)c.pf), _MM_HINT_T0);
                res[k] = warp_btab_blk8(&c, w, _mm256_loadu_si256((const __m256i *)(const void *)(pix + 8 * bk)));
            }
            warp_store16(row + 8 * b, res[0], res[1], n - 8 * b);
        }
    }
}

/* ---- Scale Image from per-column constants (geometry.h) -----------------
 *
 * Nearest: two blocks of 8 a step, each block's 16 source bytes at its base
 * in one 128-bit lane, one pshufb by the blocks' index bytes, the lanes'
 * low halves joined; a row whose source row is the previous row's is a copy
 * of that row (upscaling).  Bilinear: one block a step, rows sy and sy + 1
 * at the base in the two lanes, one pshufb giving the 32 taps (lane 0: the
 * left and right taps of row sy, lane 1 of row sy + 1), then the reference's
 * float sum in its order: ((1 - s)(1 - t) p00 + s (1 - t) p10) + (1 - s) t
 * p01 + s t p11, + 0.5, truncated.  Blocks without a base and rows with a
 * tap row outside the plane: ovxc_scale_tab_span. */
static void scale_nn_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const void *tab, uint32_t y0, uint32_t y1)
{
    const ovxc_scale_tab_parts t = ovxc_scale_tab_at(tab, dst->width);
    const int32_t n = dst->width;
    int32_t prev = -1;
    for (uint32_t y = y0; y < y1; y++) {
        const int32_t sy = ovxc_scale_nearest_row(src, dst, y);
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const uint8_t *sr = src->ptr + (intptr_t)sy * src->stride;
        if (sy == prev) {
            memcpy(row, row - dst->stride, (size_t)n);
            continue;
        }
        prev = sy;
        for (int32_t x = 0; x < n; x += 16) {
            const int32_t b = x >> 3, b1 = n - x > 8 ? b + 1 : b;
            const int32_t h0 = t.base[b], h1 = t.base[b1];
            if (h0 == OVXC_SCALE_ESC || h1 == OVXC_SCALE_ESC) {
                ovxc_scale_tab_span(src, dst, OVXC_GEO_NEAREST, tab, y, x, n - x < 16 ? n : x + 16);
                continue;
            }
            {
                const __m256i T = _mm256_inserti128_si256(
                    _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(sr + h0))),
                    _mm_loadu_si128((const __m128i *)(const void *)(sr + h1)), 1);
                const __m128i i0 = _mm_loadu_si128((const __m128i *)(const void *)(t.idx + 64 * b));
                const __m128i i1 = _mm_loadu_si128((const __m128i *)(const void *)(t.idx + 64 * b1));
                const __m256i q = _mm256_shuffle_epi8(T, _mm256_inserti128_si256(_mm256_castsi128_si256(i0), i1, 1));
                const __m128i o = _mm256_castsi256_si128(_mm256_permute4x64_epi64(q, _MM_SHUFFLE(3, 1, 2, 0)));
                if (n - x >= 16) {
                    _mm_storeu_si128((__m128i *)(void *)(row + x), o);
                } else {
                    uint8_t tmp[16];
                    _mm_storeu_si128((__m128i *)(void *)tmp, o);
                    memcpy(row + x, tmp, (size_t)(n - x));
                }
            }
        }
    }
}

/* 8 outputs: v truncated to int32 and packed with unsigned saturation
 * (the first m when m < 8). */
static inline void scale_store8(uint8_t *out, __m256 v, int32_t m)
{
    const __m256i r = _mm256_cvttps_epi32(v);
    const __m128i w16 = _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
    const __m128i o = _mm_packus_epi16(w16, w16);
    if (m >= 8) {
        _mm_storel_epi64((__m128i *)(void *)out, o);
    } else {
        uint8_t tmp[16];
        _mm_storeu_si128((__m128i *)(void *)tmp, o);
        memcpy(out, tmp, (size_t)m);
    }
}

static void scale_bil_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const void *tab, uint32_t y0,
                           uint32_t y1)
{
    const ovxc_scale_tab_parts t = ovxc_scale_tab_at(tab, dst->width);
    const int32_t n = dst->width;
    const __m256 half = _mm256_set1_ps(0.5f);
    for (uint32_t y = y0; y < y1; y++) {
        float tt;
        const int32_t sy = ovxc_scale_bilinear_row(src, dst, y, &tt);
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        if (sy < 0 || sy + 1 > src->height - 1) { /* a tap row outside: the border rule */
            ovxc_scale_tab_span(src, dst, OVXC_GEO_BILINEAR, tab, y, 0, n);
            continue;
        }
        {
            const uint8_t *r0 = src->ptr + (intptr_t)sy * src->stride, *r1 = r0 + src->stride;
            const __m256 u = _mm256_set1_ps(1 - tt), tv = _mm256_set1_ps(tt);
            for (int32_t x = 0; x < n; x += 8) {
                const int32_t b = x >> 3, h = t.base[b];
                if (h == OVXC_SCALE_ESC) {
                    ovxc_scale_tab_span(src, dst, OVXC_GEO_BILINEAR, tab, y, x, n - x < 8 ? n : x + 8);
                    continue;
                }
                {
                    const __m256i T = _mm256_inserti128_si256(
                        _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(r0 + h))),
                        _mm_loadu_si128((const __m128i *)(const void *)(r1 + h)), 1);
                    const __m256i q = _mm256_shuffle_epi8(
                        T, _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(t.idx + 64 * b))));
                    const __m128i lo = _mm256_castsi256_si128(q), hi = _mm256_extracti128_si256(q, 1);
                    const __m256 p00 = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(lo));
                    const __m256 p10 = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_srli_si128(lo, 8)));
                    const __m256 p01 = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(hi));
                    const __m256 p11 = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_srli_si128(hi, 8)));
                    const __m256 a = _mm256_loadu_ps(t.w[0] + x), s = _mm256_loadu_ps(t.w[1] + x);
                    __m256 v = _mm256_add_ps(_mm256_mul_ps(_mm256_mul_ps(a, u), p00), _mm256_mul_ps(_mm256_mul_ps(s, u), p10));
                    v = _mm256_add_ps(v, _mm256_mul_ps(_mm256_mul_ps(a, tv), p01));
                    v = _mm256_add_ps(v, _mm256_mul_ps(_mm256_mul_ps(s, tv), p11));
                    /* in [0, 255.5): truncation is the reference's (int), its clamp the packs' */
                    scale_store8(row + x, _mm256_add_ps(v, half), n - x);
                }
            }
        }
    }
}

/* 3 n + f of 16 columns (words) from p + off of rows n and f. */
static inline __m256i scale2_v16(const uint8_t *n, const uint8_t *f, intptr_t off)
{
    const __m256i a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(n + off)));
    const __m256i b = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(f + off)));
    return _mm256_add_epi16(_mm256_add_epi16(_mm256_slli_epi16(a, 1), a), b);
}

/* Exactly double size (ovxc_scale_is_double2): output row y weighs source
 * row y >> 1 by 3/4 and its neighbour towards y by 1/4, column x likewise;
 * with V = 3 near + far per source column, outputs 2k and 2k + 1 are
 * (V[k - 1] + 3 V[k] + 8) >> 4 and (3 V[k] + V[k + 1] + 8) >> 4, 32 a step
 * from 16 source columns, as byte pairs, the last step at the row's end.
 * The first and last row, columns 0, 1 and the last two (planes under 18
 * wide: all but the first two): ovxc_scale_tab_span. */
static void scale2_bil_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const void *tab, uint32_t y0,
                            uint32_t y1)
{
    const int32_t n = dst->width, sw = src->width;
    const __m256i k8 = _mm256_set1_epi16(8);
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        int32_t k;
        if (y == 0 || (int32_t)y == dst->height - 1) {
            ovxc_scale_tab_span(src, dst, OVXC_GEO_BILINEAR, tab, y, 0, n);
            continue;
        }
        {
            const uint8_t *rn = src->ptr + (intptr_t)(y >> 1) * src->stride;
            const uint8_t *rf = src->ptr + (intptr_t)(y & 1 ? (y >> 1) + 1 : (y >> 1) - 1) * src->stride;
            ovxc_scale_tab_span(src, dst, OVXC_GEO_BILINEAR, tab, y, 0, 2);
            for (k = 1; sw >= 18; k += 16) {
                if (k > sw - 17) k = sw - 17; /* the last step ends at column sw - 1 (a step may repeat outputs) */
                const __m256i vm = scale2_v16(rn, rf, k - 1), v0 = scale2_v16(rn, rf, k), vp = scale2_v16(rn, rf, k + 1);
                const __m256i v3 = _mm256_add_epi16(_mm256_slli_epi16(v0, 1), v0);
                const __m256i ev = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(vm, v3), k8), 4);
                const __m256i od = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(vp, v3), k8), 4);
                _mm256_storeu_si256((__m256i *)(void *)(row + 2 * k), _mm256_or_si256(ev, _mm256_slli_epi16(od, 8)));
                if (k == sw - 17) break;
            }
        }
        ovxc_scale_tab_span(src, dst, OVXC_GEO_BILINEAR, tab, y, sw > 17 ? n - 2 : 2, n);
    }
}

/* Area: per block of 8 the reference's sums in its order, lanes the block's
 * pixels: for each source row with a weight (the row's, the same for every
 * lane), the window's 16 bytes at the base, then for each column k of the
 * block (0 .. the count in index byte 15) the taps by one pshufb (0 and a
 * zero weight where a pixel has no such column: the reference skips it, and
 * acc + 0 * p is acc), acc += (wx wy) p, wsum += wx wy; then acc / wsum +
 * 0.5 truncated.  A block with a lane whose wsum is not positive takes the
 * reference (its fallback pixel). */
enum { SCALE_AREA_ROWS = 64 };
static void scale_area_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const void *tab, uint32_t y0,
                            uint32_t y1)
{
    const ovxc_scale_tab_parts t = ovxc_scale_tab_at(tab, dst->width);
    const int32_t n = dst->width;
    const float ry = (float)src->height / (float)dst->height;
    const __m256 half = _mm256_set1_ps(0.5f), zero = _mm256_setzero_ps();
    const uint8_t *rp[SCALE_AREA_ROWS];
    float wy[SCALE_AREA_ROWS];
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const float ya = (float)y * ry, yb = (float)(y + 1) * ry;
        int32_t ja = (int32_t)floorf(ya), jb = (int32_t)ceilf(yb), nj = 0;
        if (ja < 0) ja = 0;
        if (jb > src->height) jb = src->height;
        for (int32_t j = ja; j < jb && nj <= SCALE_AREA_ROWS; j++) {
            const float w = fminf((float)(j + 1), yb) - fmaxf((float)j, ya);
            if (w <= 0.0f) continue;
            if (nj == SCALE_AREA_ROWS) { nj++; break; }
            rp[nj] = src->ptr + (intptr_t)j * src->stride;
            wy[nj++] = w;
        }
        if (nj > SCALE_AREA_ROWS) { /* a taller area than the arrays hold: the reference */
            ovxc_scale_tab_span(src, dst, OVXC_GEO_AREA, tab, y, 0, n);
            continue;
        }
        for (int32_t x = 0; x < n; x += 8) {
            const int32_t b = x >> 3, h = t.base[b], xe = n - x < 8 ? n : x + 8;
            const uint8_t *ib = t.idx + 64 * b;
            int32_t kc = ib[15] & 7;
            __m256 acc = zero, wsum = zero;
            if (h == OVXC_SCALE_ESC) {
                ovxc_scale_tab_span(src, dst, OVXC_GEO_AREA, tab, y, x, xe);
                continue;
            }
            if (kc > 4) kc = 4;
            for (int32_t j = 0; j < nj; j++) {
                const __m128i T = _mm_loadu_si128((const __m128i *)(const void *)(rp[j] + h));
                const __m256 wyv = _mm256_set1_ps(wy[j]);
                for (int32_t k = 0; k < kc; k++) {
                    const __m128i q = _mm_shuffle_epi8(T, _mm_loadu_si128((const __m128i *)(const void *)(ib + 16 * k)));
                    const __m256 p = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(q));
                    const __m256 w = _mm256_mul_ps(_mm256_loadu_ps(t.w[k] + x), wyv);
                    acc = _mm256_add_ps(acc, _mm256_mul_ps(w, p));
                    wsum = _mm256_add_ps(wsum, w);
                }
            }
            if (_mm256_movemask_ps(_mm256_cmp_ps(wsum, zero, _CMP_LE_OQ))) {
                ovxc_scale_tab_span(src, dst, OVXC_GEO_AREA, tab, y, x, xe);
                continue;
            }
            /* acc / wsum in [0, 255]: truncation is the reference's (int), its clamp the packs' */
            scale_store8(row + x, _mm256_add_ps(_mm256_div_ps(acc, wsum), half), n - x);
        }
    }
}

void ovxc_scale_tab_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, const void *tab,
                              uint32_t y0, uint32_t y1)
{
    if (interp == OVXC_GEO_AREA) {
        scale_area_rows(src, dst, tab, y0, y1);
        return;
    }
    if (interp == OVXC_GEO_NEAREST) scale_nn_rows(src, dst, tab, y0, y1);
    else if (ovxc_scale_is_double2(src, dst, interp)) scale2_bil_rows(src, dst, tab, y0, y1);
    else scale_bil_rows(src, dst, tab, y0, y1);
}
