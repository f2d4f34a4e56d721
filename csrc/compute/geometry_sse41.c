/*
 * Warp Affine, Warp Perspective and Remap: SSE4.1 variants (geometry.h).
 *
 * Bit-exact with the fixed-point references: 4 destination pixels at a
 * time, the positions v in float lanes with the reference's operations in
 * its order (per-row constants from ovxc_geo_*_row), the clamp to +-2^30
 * (maxps returns its second operand for NaN, as the reference's rule), floor
 * and int32 conversion; the taps are read one by one with integer code (no
 * gathers before AVX2), the bilinear sum in integer lanes (pmaddwd of the
 * tap pairs with (1024 - s, s), then r0 * 1024 + (r1 - r0) * t).  Lanes with a
 * tap outside the plane take the reference's rule (ovxc_geo_sample_fix).
 */
#include "geometry.h"

#include <smmintrin.h>
#include <string.h>

typedef struct {
    const ovxc_geo_src *src;
    const uint8_t *ptr;
    int32_t stride, w, h;
    int bilinear, interp;
} warp4_ctx;

static int warp4_init(warp4_ctx *c, const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp)
{
    if (src->u1 || dst->u1 || src->width < 1 || src->height < 1 || !src->ptr) return 0;
    c->src = src;
    c->ptr = src->ptr;
    c->stride = src->stride;
    c->w = src->width;
    c->h = src->height;
    c->bilinear = interp != OVXC_GEO_NEAREST;
    c->interp = interp;
    return 1;
}

static inline __m128i warp4_fix(__m128 v)
{
    v = _mm_max_ps(v, _mm_set1_ps(-OVXC_GEO_FIX_LIM));
    v = _mm_min_ps(v, _mm_set1_ps(OVXC_GEO_FIX_LIM));
    return _mm_cvttps_epi32(_mm_floor_ps(v));
}

/* 4 outputs at fixed-point positions X, Y into out[0 .. n-1]. */
static inline void warp4_px(const warp4_ctx *c, __m128i X, __m128i Y, uint8_t *out, int n)
{
    enum { B = OVXC_GEO_FIX_BITS };
    int32_t xs[4], ys[4], j;
    if (!c->bilinear) {
        const __m128i h = _mm_set1_epi32(1 << (B - 1));
        int32_t Xs[4], Ys[4];
        _mm_storeu_si128((__m128i *)Xs, X);
        _mm_storeu_si128((__m128i *)Ys, Y);
        _mm_storeu_si128((__m128i *)xs, _mm_srai_epi32(_mm_add_epi32(X, h), B));
        _mm_storeu_si128((__m128i *)ys, _mm_srai_epi32(_mm_add_epi32(Y, h), B));
        for (j = 0; j < n; j++) {
            if ((uint32_t)xs[j] < (uint32_t)c->w && (uint32_t)ys[j] < (uint32_t)c->h)
                out[j] = c->ptr[(intptr_t)ys[j] * c->stride + xs[j]];
            else
                out[j] = (uint8_t)ovxc_geo_sample_fix(c->src, Xs[j], Ys[j], OVXC_GEO_NEAREST);
        }
        return;
    }
    {
        const __m128i fm = _mm_set1_epi32((1 << B) - 1);
        int32_t q0[4] = {0, 0, 0, 0}, q1[4] = {0, 0, 0, 0}, Xs[4], Ys[4], res[4];
        int inside = 0;
        _mm_storeu_si128((__m128i *)xs, _mm_srai_epi32(X, B));
        _mm_storeu_si128((__m128i *)ys, _mm_srai_epi32(Y, B));
        for (j = 0; j < n; j++)
            if ((uint32_t)xs[j] < (uint32_t)(c->w - 1) && (uint32_t)ys[j] < (uint32_t)(c->h - 1)) {
                const uint8_t *p = c->ptr + (intptr_t)ys[j] * c->stride + xs[j];
                q0[j] = p[0] | (p[1] << 16);
                q1[j] = p[c->stride] | (p[c->stride + 1] << 16);
                inside |= 1 << j;
            }
        __m128i a0 = _mm_loadu_si128((const __m128i *)q0), a1 = _mm_loadu_si128((const __m128i *)q1);
        __m128i s = _mm_and_si128(X, fm), t = _mm_and_si128(Y, fm);
        __m128i ws = _mm_add_epi32(_mm_set1_epi32(1 << B), _mm_sub_epi32(_mm_slli_epi32(s, 16), s));
        __m128i r0 = _mm_madd_epi16(a0, ws), r1 = _mm_madd_epi16(a1, ws);
        __m128i v = _mm_add_epi32(_mm_slli_epi32(r0, B), _mm_mullo_epi32(_mm_sub_epi32(r1, r0), t));
        _mm_storeu_si128((__m128i *)res, _mm_srli_epi32(_mm_add_epi32(v, _mm_set1_epi32(1 << (2 * B - 1))), 2 * B));
        if (inside == (1 << n) - 1) {
            for (j = 0; j < n; j++) out[j] = (uint8_t)res[j];
            return;
        }
        _mm_storeu_si128((__m128i *)Xs, X);
        _mm_storeu_si128((__m128i *)Ys, Y);
        for (j = 0; j < n; j++)
            out[j] = (uint8_t)((inside >> j) & 1 ? res[j] : ovxc_geo_sample_fix(c->src, Xs[j], Ys[j], OVXC_GEO_BILINEAR));
    }
}

void ovxc_warp_affine_rows_sse41(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                                uint32_t y0, uint32_t y1)
{
    warp4_ctx c;
    if (!warp4_init(&c, src, dst, interp)) {
        ovxc_warp_affine_rows(src, dst, m, interp, y0, y1);
        return;
    }
    const __m128 four = _mm_set1_ps(4.0f), lane = _mm_setr_ps(0, 1, 2, 3);
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        ovxc_geo_row r;
        ovxc_geo_affine_row(src, m, y, &r);
        const __m128 ax = _mm_set1_ps(r.ax), bx = _mm_set1_ps(r.bx), ay = _mm_set1_ps(r.ay), by = _mm_set1_ps(r.by);
        __m128 xf = lane;
        for (int32_t x = 0; x < dst->width; x += 4) {
            __m128i X = warp4_fix(_mm_add_ps(_mm_mul_ps(ax, xf), bx)), Y = warp4_fix(_mm_add_ps(_mm_mul_ps(ay, xf), by));
            warp4_px(&c, X, Y, row + x, dst->width - x < 4 ? dst->width - x : 4);
            xf = _mm_add_ps(xf, four);
        }
    }
}

void ovxc_warp_perspective_rows_sse41(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                                     uint32_t y0, uint32_t y1)
{
    warp4_ctx c;
    if (!warp4_init(&c, src, dst, interp)) {
        ovxc_warp_perspective_rows(src, dst, m, interp, y0, y1);
        return;
    }
    const __m128 four = _mm_set1_ps(4.0f), lane = _mm_setr_ps(0, 1, 2, 3), one = _mm_set1_ps(1.0f);
    const __m128 half = _mm_set1_ps(0.5f);
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        ovxc_geo_row r;
        ovxc_geo_perspective_row(src, m, y, &r);
        const __m128 ax = _mm_set1_ps(r.ax), bx = _mm_set1_ps(r.bx), ay = _mm_set1_ps(r.ay), by = _mm_set1_ps(r.by);
        const __m128 az = _mm_set1_ps(r.az), bz = _mm_set1_ps(r.bz);
        __m128 xf = lane;
        for (int32_t x = 0; x < dst->width; x += 4) {
            __m128 q = _mm_div_ps(one, _mm_add_ps(_mm_mul_ps(az, xf), bz));
            __m128 vx = _mm_add_ps(_mm_mul_ps(_mm_add_ps(_mm_mul_ps(ax, xf), bx), q), half);
            __m128 vy = _mm_add_ps(_mm_mul_ps(_mm_add_ps(_mm_mul_ps(ay, xf), by), q), half);
            warp4_px(&c, warp4_fix(vx), warp4_fix(vy), row + x, dst->width - x < 4 ? dst->width - x : 4);
            xf = _mm_add_ps(xf, four);
        }
    }
}

void ovxc_remap_rows_sse41(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, int interp,
                          uint32_t y0, uint32_t y1)
{
    warp4_ctx c;
    if (!warp4_init(&c, src, dst, interp)) {
        ovxc_remap_rows(src, dst, map_xy, interp, y0, y1);
        return;
    }
    const __m128 kfix = _mm_set1_ps((float)OVXC_GEO_FIX_SCALE);
    const __m128 cx = _mm_set1_ps((float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->ox));
    const __m128 cy = _mm_set1_ps((float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->oy));
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const float *p = map_xy + (size_t)y * (size_t)dst->width * 2;
        for (int32_t x = 0; x < dst->width; x += 4) {
            const int n = dst->width - x < 4 ? dst->width - x : 4;
            float tmp[8];
            const float *q = p + 2 * x;
            if (n < 4) {
                memset(tmp, 0, sizeof(tmp));
                memcpy(tmp, q, (size_t)n * 2 * sizeof(float));
                q = tmp;
            }
            __m128 a = _mm_loadu_ps(q), b = _mm_loadu_ps(q + 4);
            __m128 mx = _mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)), my = _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
            __m128i X = warp4_fix(_mm_add_ps(_mm_mul_ps(mx, kfix), cx));
            __m128i Y = warp4_fix(_mm_add_ps(_mm_mul_ps(my, kfix), cy));
            warp4_px(&c, X, Y, row + x, n);
        }
    }
}
