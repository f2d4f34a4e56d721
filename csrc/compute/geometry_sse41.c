/*
 * Warp Affine, Warp Perspective and Remap: SSE4.1 variants (geometry.h).
 *
 * Two destination pixels at a time in double lanes, with the scalar
 * reference's operations in its order (as the AVX2 variant: the source
 * position, the NaN / +-1e9 rule, the clamp of the top-left tap to
 * [-2, w + 1] x [-2, h + 1], the bilinear sum
 *   ((((1-s)(1-t)) p00 + (s(1-t)) p10) + ((1-s)t) p01) + (st) p11, + 0.5, truncated;
 * -ffp-contract=off: no FMA).  The taps are read one by one with integer
 * code (no gathers before AVX2): inside, or by the border rule (the nearest
 * pixel inside for replicate, the constant for constant).
 */
#include "geometry.h"

#include <smmintrin.h>
#include <string.h>

typedef struct {
    const uint8_t *ptr;
    int32_t stride, w, h;
    int bilinear, constant, cval;
    int has_ox, has_oy;
    __m128d ox, oy, xclamp, yclamp;
} warp2_ctx;

static int warp2_init(warp2_ctx *c, const ovx_geo_src *src, const ovx_geo_dst *dst, int interp)
{
    if (src->u1 || dst->u1 || src->width < 1 || src->height < 1 || !src->ptr) return 0;
    c->ptr = src->ptr;
    c->stride = src->stride;
    c->w = src->width;
    c->h = src->height;
    c->bilinear = interp != OVX_GEO_NEAREST;
    c->constant = src->mode == OVX_GEO_CONSTANT;
    c->cval = src->cval & 255;
    c->has_ox = src->ox != 0;
    c->has_oy = src->oy != 0;
    c->ox = _mm_set1_pd((double)src->ox);
    c->oy = _mm_set1_pd((double)src->oy);
    c->xclamp = _mm_set1_pd((double)src->width + 1.0);
    c->yclamp = _mm_set1_pd((double)src->height + 1.0);
    return 1;
}

/* Source pixel (x, y) by the border rule. */
static inline int warp2_tap(const warp2_ctx *c, int32_t x, int32_t y)
{
    if ((uint32_t)x >= (uint32_t)c->w || (uint32_t)y >= (uint32_t)c->h) {
        if (c->constant) return c->cval;
        x = x < 0 ? 0 : (x >= c->w ? c->w - 1 : x);
        y = y < 0 ? 0 : (y >= c->h ? c->h - 1 : y);
    }
    return c->ptr[(intptr_t)y * c->stride + x];
}

/* The reference's NaN / +-1e9 rule on two lanes (ok: an extra condition). */
static inline void warp2_fix(__m128d *sx, __m128d *sy, __m128d ok)
{
    const __m128d big = _mm_set1_pd(1e9), nbig = _mm_set1_pd(-1e9), m10 = _mm_set1_pd(-10.0);
    ok = _mm_and_pd(ok, _mm_and_pd(_mm_cmplt_pd(*sx, big), _mm_cmpgt_pd(*sx, nbig)));
    ok = _mm_and_pd(ok, _mm_and_pd(_mm_cmplt_pd(*sy, big), _mm_cmpgt_pd(*sy, nbig)));
    *sx = _mm_blendv_pd(m10, *sx, ok);
    *sy = _mm_blendv_pd(m10, *sy, ok);
}

/* Destination pixels out[0 .. n-1] (n <= 2) from source positions sx, sy. */
static inline void warp2_px(const warp2_ctx *c, __m128d sx, __m128d sy, uint8_t *out, int n)
{
    const __m128d half = _mm_set1_pd(0.5), lo = _mm_set1_pd(-2.0);
    __m128d x = c->has_ox ? _mm_sub_pd(sx, c->ox) : sx, y = c->has_oy ? _mm_sub_pd(sy, c->oy) : sy, xl, yl;
    int32_t xi[4], yi[4];
    if (!c->bilinear) {
        x = _mm_add_pd(x, half);
        y = _mm_add_pd(y, half);
    }
    xl = _mm_floor_pd(x);
    yl = _mm_floor_pd(y);
    _mm_storeu_si128((__m128i *)xi, _mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(xl, lo), c->xclamp)));
    _mm_storeu_si128((__m128i *)yi, _mm_cvttpd_epi32(_mm_min_pd(_mm_max_pd(yl, lo), c->yclamp)));
    if (!c->bilinear) {
        out[0] = (uint8_t)warp2_tap(c, xi[0], yi[0]);
        if (n > 1) out[1] = (uint8_t)warp2_tap(c, xi[1], yi[1]);
    } else {
        const __m128d one = _mm_set1_pd(1.0);
        int32_t q[4][2], j;
        __m128d s = _mm_sub_pd(x, xl), t = _mm_sub_pd(y, yl), os = _mm_sub_pd(one, s), ot = _mm_sub_pd(one, t), v;
        __m128i r;
        for (j = 0; j < 2; j++) {
            if ((uint32_t)xi[j] < (uint32_t)(c->w - 1) && (uint32_t)yi[j] < (uint32_t)(c->h - 1)) {
                const uint8_t *p = c->ptr + (intptr_t)yi[j] * c->stride + xi[j];
                q[0][j] = p[0], q[1][j] = p[1], q[2][j] = p[c->stride], q[3][j] = p[c->stride + 1];
            } else {
                q[0][j] = warp2_tap(c, xi[j], yi[j]), q[1][j] = warp2_tap(c, xi[j] + 1, yi[j]);
                q[2][j] = warp2_tap(c, xi[j], yi[j] + 1), q[3][j] = warp2_tap(c, xi[j] + 1, yi[j] + 1);
            }
        }
        v = _mm_mul_pd(_mm_mul_pd(os, ot), _mm_setr_pd((double)q[0][0], (double)q[0][1]));
        v = _mm_add_pd(v, _mm_mul_pd(_mm_mul_pd(s, ot), _mm_setr_pd((double)q[1][0], (double)q[1][1])));
        v = _mm_add_pd(v, _mm_mul_pd(_mm_mul_pd(os, t), _mm_setr_pd((double)q[2][0], (double)q[2][1])));
        v = _mm_add_pd(v, _mm_mul_pd(_mm_mul_pd(s, t), _mm_setr_pd((double)q[3][0], (double)q[3][1])));
        r = _mm_cvttpd_epi32(_mm_add_pd(v, half));
        r = _mm_packus_epi32(r, r);
        r = _mm_packus_epi16(r, r);
        out[0] = (uint8_t)_mm_extract_epi8(r, 0);
        if (n > 1) out[1] = (uint8_t)_mm_extract_epi8(r, 1);
    }
}

void ovx_warp_affine_rows_sse41(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *m, int interp,
                                uint32_t y0, uint32_t y1)
{
    warp2_ctx c;
    const __m128d m0 = _mm_set1_pd((double)m[0]), m1 = _mm_set1_pd((double)m[1]);
    const __m128d m4 = _mm_set1_pd((double)m[4]), m5 = _mm_set1_pd((double)m[5]);
    const __m128d two = _mm_set1_pd(2.0), all = _mm_castsi128_pd(_mm_set1_epi32(-1));
    if (!warp2_init(&c, src, dst, interp)) {
        ovx_warp_affine_rows(src, dst, m, interp, y0, y1);
        return;
    }
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const __m128d bx = _mm_mul_pd(_mm_set1_pd((double)m[2]), _mm_set1_pd((double)y));
        const __m128d by = _mm_mul_pd(_mm_set1_pd((double)m[3]), _mm_set1_pd((double)y));
        __m128d xv = _mm_setr_pd(0.0, 1.0);
        for (int32_t x = 0; x < dst->width; x += 2) {
            __m128d sx = _mm_add_pd(_mm_add_pd(_mm_mul_pd(m0, xv), bx), m4);
            __m128d sy = _mm_add_pd(_mm_add_pd(_mm_mul_pd(m1, xv), by), m5);
            warp2_fix(&sx, &sy, all);
            warp2_px(&c, sx, sy, row + x, dst->width - x < 2 ? 1 : 2);
            xv = _mm_add_pd(xv, two);
        }
    }
}

void ovx_warp_perspective_rows_sse41(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *m, int interp,
                                     uint32_t y0, uint32_t y1)
{
    warp2_ctx c;
    const __m128d m0 = _mm_set1_pd((double)m[0]), m1 = _mm_set1_pd((double)m[1]), m2 = _mm_set1_pd((double)m[2]);
    const __m128d m6 = _mm_set1_pd((double)m[6]), m7 = _mm_set1_pd((double)m[7]), m8 = _mm_set1_pd((double)m[8]);
    const __m128d two = _mm_set1_pd(2.0), zero = _mm_setzero_pd();
    if (!warp2_init(&c, src, dst, interp)) {
        ovx_warp_perspective_rows(src, dst, m, interp, y0, y1);
        return;
    }
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const __m128d vy = _mm_set1_pd((double)y);
        const __m128d bx = _mm_mul_pd(_mm_set1_pd((double)m[3]), vy);
        const __m128d by = _mm_mul_pd(_mm_set1_pd((double)m[4]), vy);
        const __m128d bz = _mm_mul_pd(_mm_set1_pd((double)m[5]), vy);
        __m128d xv = _mm_setr_pd(0.0, 1.0);
        for (int32_t x = 0; x < dst->width; x += 2) {
            __m128d sx = _mm_add_pd(_mm_add_pd(_mm_mul_pd(m0, xv), bx), m6);
            __m128d sy = _mm_add_pd(_mm_add_pd(_mm_mul_pd(m1, xv), by), m7);
            __m128d sz = _mm_add_pd(_mm_add_pd(_mm_mul_pd(m2, xv), bz), m8);
            __m128d nz = _mm_cmpneq_pd(sz, zero);
            /* sz == 0: the reference does not divide and takes -10 */
            sx = _mm_div_pd(sx, sz);
            sy = _mm_div_pd(sy, sz);
            warp2_fix(&sx, &sy, nz);
            warp2_px(&c, sx, sy, row + x, dst->width - x < 2 ? 1 : 2);
            xv = _mm_add_pd(xv, two);
        }
    }
}

void ovx_remap_rows_sse41(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *map_xy, int interp,
                          uint32_t y0, uint32_t y1)
{
    warp2_ctx c;
    const __m128d all = _mm_castsi128_pd(_mm_set1_epi32(-1));
    if (!warp2_init(&c, src, dst, interp)) {
        ovx_remap_rows(src, dst, map_xy, interp, y0, y1);
        return;
    }
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const float *p = map_xy + (size_t)y * (size_t)dst->width * 2;
        for (int32_t x = 0; x < dst->width; x += 2) {
            int n = dst->width - x < 2 ? 1 : 2;
            __m128 a;
            __m128d da, db, sx, sy;
            if (n == 2) {
                a = _mm_loadu_ps(p + 2 * x);
            } else {
                float tmp[4] = {0, 0, 0, 0};
                memcpy(tmp, p + 2 * x, 2 * sizeof(float));
                a = _mm_loadu_ps(tmp);
            }
            da = _mm_cvtps_pd(a);                   /* x0 y0 */
            db = _mm_cvtps_pd(_mm_movehl_ps(a, a)); /* x1 y1 */
            sx = _mm_unpacklo_pd(da, db);
            sy = _mm_unpackhi_pd(da, db);
            warp2_fix(&sx, &sy, all);
            warp2_px(&c, sx, sy, row + x, n);
        }
    }
}
