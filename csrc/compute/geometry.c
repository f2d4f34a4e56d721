/* Compute routines: geometry (see geometry.h). */
#include "geometry.h"

#include "multiscale.h"

#include "../runtime/dispatch.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* ---- pixel access ------------------------------------------------------- */

static inline int geo_in(const ovxc_geo_src *s, int32_t x, int32_t y)
{
    const uint8_t *row = s->ptr + (intptr_t)y * s->stride;
    if (s->u1) {
        x += s->bit0;
        return (row[x >> 3] >> (x & 7)) & 1;
    }
    return row[x];
}

/* Source pixel (x, y) with the border rule for outside pixels. */
static inline int geo_px(const ovxc_geo_src *s, int32_t x, int32_t y)
{
    if (x < 0 || y < 0 || x >= s->width || y >= s->height) {
        if (s->mode == OVXC_BORDER_CONSTANT) return s->cval;
        x = x < 0 ? 0 : (x >= s->width ? s->width - 1 : x);
        y = y < 0 ? 0 : (y >= s->height ? s->height - 1 : y);
    }
    return geo_in(s, x, y);
}

static inline void geo_out(const ovxc_geo_dst *d, int32_t x, uint8_t *row, int v)
{
    if (d->u1) {
        uint8_t bit = (uint8_t)(1u << (x & 7));
        if (v) row[x >> 3] |= bit;
        else row[x >> 3] &= (uint8_t)~bit;
    } else {
        row[x] = (uint8_t)v;
    }
}

static inline int geo_clamp(int v, int maxv)
{
    return v < 0 ? 0 : (v > maxv ? maxv : v);
}

/* ---- Scale Image -------------------------------------------------------- */

/* The sample position of destination coordinate i: ((i + 0.5) * in / out) - 0.5. */
static inline float geo_scale_pos(int32_t i, int32_t in, int32_t out)
{
    return (((float)i + 0.5f) * (float)in / (float)out) - 0.5f;
}

/* Nearest pixel centre to a sample position (halves round up). */
static inline int32_t geo_nearest(float p, int32_t size)
{
    float f = floorf(p);
    int32_t i = (int32_t)f + ((p - f) >= 0.5f ? 1 : 0);
    return i < 0 ? 0 : (i >= size ? size - 1 : i);
}

static int geo_area(const ovxc_geo_src *s, float x0, float x1, float y0, float y1)
{
    int32_t ia = (int32_t)floorf(x0), ib = (int32_t)ceilf(x1);
    int32_t ja = (int32_t)floorf(y0), jb = (int32_t)ceilf(y1);
    float acc = 0.0f, wsum = 0.0f;
    if (ia < 0) ia = 0;
    if (ja < 0) ja = 0;
    if (ib > s->width) ib = s->width;
    if (jb > s->height) jb = s->height;
    for (int32_t j = ja; j < jb; j++) {
        float wy = fminf((float)(j + 1), y1) - fmaxf((float)j, y0);
        if (wy <= 0.0f) continue;
        for (int32_t i = ia; i < ib; i++) {
            float wx = fminf((float)(i + 1), x1) - fmaxf((float)i, x0);
            if (wx <= 0.0f) continue;
            acc += wx * wy * (float)geo_in(s, i, j);
            wsum += wx * wy;
        }
    }
    if (wsum <= 0.0f) return geo_px(s, (int32_t)x0, (int32_t)y0);
    return (int)(acc / wsum + 0.5f);
}

void ovxc_half2_u8(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n)
{
    for (int32_t x = 0; x < n; x++)
        out[x] = (uint8_t)((r0[2 * x] + r0[2 * x + 1] + r1[2 * x] + r1[2 * x + 1] + 2) >> 2);
}

static const ovx_variant half2_u8_variants[] = {
    OVX_VARIANT_AVX2(ovxc_half2_u8)
    OVX_VARIANT_SSE41(ovxc_half2_u8)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_half2_u8},
};

const struct ovx_variant *ovxc_half2_u8_variants(void)
{
    return half2_u8_variants;
}

/* Exactly half size, U8, BILINEAR or AREA, where the float rules are exact:
 * AREA's bounds x * 2.0f below 2^22; BILINEAR's position ((i + 0.5) * 2n) / n
 * - 0.5 = 2i + 0.5 needs the product (2i + 1) n exact in a float, true for
 * n <= 2896 ((2 * 2896 - 1) * 2896 < 2^24; at n = 2897 the position of i =
 * 2896 rounds to 5792.4995, not 5792.5). */
int ovxc_scale_is_half2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp)
{
    const int32_t lim = interp == OVXC_GEO_BILINEAR ? 2896 : (1 << 21);
    return !src->u1 && !dst->u1 && (interp == OVXC_GEO_BILINEAR || interp == OVXC_GEO_AREA) &&
           src->width == 2 * dst->width && src->height == 2 * dst->height && dst->width <= lim && dst->height <= lim;
}

void ovxc_scale_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, uint32_t y0, uint32_t y1)
{
    ovxc_scale_rows_with(src, dst, interp, NULL, y0, y1);
}

void ovxc_scale_rows_with(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, ovxc_half2_u8_f half2,
                         uint32_t y0, uint32_t y1)
{
    const int maxv = src->u1 ? 1 : 255;
    const float rx = (float)src->width / (float)dst->width;
    const float ry = (float)src->height / (float)dst->height;
    if (ovxc_scale_is_half2(src, dst, interp)) {
        /* exactly half in both directions, U8: the area of output pixel (x, y)
         * is input block (2x, 2y)-(2x+1, 2y+1), weights 1 each, and bilinear
         * samples sit at (2x + 0.5, 2y + 0.5), weights 1/4 each; in both the
         * float sums are exact, so the rounded value is (block sum + 2) / 4,
         * floored (ovxc_half2_u8) */
        if (!half2) half2 = ovxc_half2_u8;
        for (uint32_t y = y0; y < y1; y++) {
            const uint8_t *r0 = src->ptr + (intptr_t)(2 * y) * src->stride;
            half2(r0, r0 + src->stride, dst->ptr + (intptr_t)y * dst->stride, dst->width);
        }
        return;
    }
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        float fy = geo_scale_pos((int32_t)y, src->height, dst->height);
        if (interp == OVXC_GEO_NEAREST) {
            int32_t sy = geo_nearest(fy, src->height);
            for (int32_t x = 0; x < dst->width; x++) {
                int32_t sx = geo_nearest(geo_scale_pos(x, src->width, dst->width), src->width);
                geo_out(dst, x, row, geo_in(src, sx, sy));
            }
        } else if (interp == OVXC_GEO_BILINEAR) {
            float fyl = floorf(fy);
            float t = fy - fyl;
            int32_t sy = (int32_t)fyl;
            for (int32_t x = 0; x < dst->width; x++) {
                float fx = geo_scale_pos(x, src->width, dst->width);
                float fxl = floorf(fx);
                float s = fx - fxl;
                int32_t sx = (int32_t)fxl;
                float p00 = (float)geo_px(src, sx, sy), p10 = (float)geo_px(src, sx + 1, sy);
                float p01 = (float)geo_px(src, sx, sy + 1), p11 = (float)geo_px(src, sx + 1, sy + 1);
                float v = (1 - s) * (1 - t) * p00 + (s) * (1 - t) * p10 + (1 - s) * (t)*p01 + (s) * (t)*p11;
                geo_out(dst, x, row, geo_clamp((int)(v + 0.5f), maxv));
            }
        } else {
            float ya = (float)y * ry, yb = (float)(y + 1) * ry;
            for (int32_t x = 0; x < dst->width; x++) {
                float xa = (float)x * rx, xb = (float)(x + 1) * rx;
                geo_out(dst, x, row, geo_clamp(geo_area(src, xa, xb, ya, yb), maxv));
            }
        }
    }
}

/* ---- Scale Image from per-column constants (geometry.h) ---------------- */

int ovxc_scale_tab_fits(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp)
{
    return !src->u1 && !dst->u1 &&
           (interp == OVXC_GEO_NEAREST || interp == OVXC_GEO_BILINEAR || interp == OVXC_GEO_AREA) &&
           !ovxc_scale_is_half2(src, dst, interp) && src->width >= 1 && src->height >= 1 && dst->width >= 1 &&
           dst->height >= 1 && src->width < (1 << 24) && dst->width < (1 << 24);
}

int ovxc_scale_is_double2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp)
{
    const int64_t w = src->width, h = src->height;
    return !src->u1 && !dst->u1 && interp == OVXC_GEO_BILINEAR && dst->width == 2 * src->width &&
           dst->height == 2 * src->height && (4 * w - 1) * w < ((int64_t)1 << 24) &&
           (4 * h - 1) * h < ((int64_t)1 << 24);
}

static size_t scale_tab_cols(int32_t dw)
{
    return ((size_t)dw + 7) & ~(size_t)7;
}

size_t ovxc_scale_tab_size(int32_t dw)
{
    const size_t n = scale_tab_cols(dw);
    return n * 20 + (n / 8) * 68;
}

ovxc_scale_tab_parts ovxc_scale_tab_at(const void *tab, int32_t dw)
{
    const size_t n = scale_tab_cols(dw);
    const uint8_t *b = (const uint8_t *)tab;
    ovxc_scale_tab_parts t;
    t.sx = (const int32_t *)(const void *)b;
    for (int k = 0; k < 4; k++) t.w[k] = (const float *)(const void *)(b + 4 * n * (size_t)(k + 1));
    t.base = (const int32_t *)(const void *)(b + 20 * n);
    t.idx = b + 20 * n + 4 * (n / 8);
    return t;
}

/* The area of destination column x (the reference's geo_area bounds): the
 * first column and the weights of columns ia .. ia + 3 (0: skipped or none);
 * returns the count of columns the reference visits (ib - ia). */
static int32_t scale_area_col(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int32_t x, int32_t *ia_out, float w[4])
{
    const float rx = (float)src->width / (float)dst->width;
    const float x0 = (float)x * rx, x1 = (float)(x + 1) * rx;
    int32_t ia = (int32_t)floorf(x0), ib = (int32_t)ceilf(x1);
    if (ia < 0) ia = 0;
    if (ib > src->width) ib = src->width;
    for (int32_t k = 0; k < 4; k++) {
        const int32_t i = ia + k;
        const float wx = i < ib ? fminf((float)(i + 1), x1) - fmaxf((float)i, x0) : 0.0f;
        w[k] = wx > 0.0f ? wx : 0.0f;
    }
    *ia_out = ia;
    return ib - ia;
}

void ovxc_scale_tab_build(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, void *tab)
{
    const size_t n = scale_tab_cols(dst->width);
    const int bil = interp == OVXC_GEO_BILINEAR, area = interp == OVXC_GEO_AREA;
    const int32_t W = src->width;
    ovxc_scale_tab_parts t = ovxc_scale_tab_at(tab, dst->width);
    int32_t *sx = (int32_t *)(void *)(uintptr_t)t.sx, *base = (int32_t *)(void *)(uintptr_t)t.base;
    float *w[4];
    uint8_t *idx = (uint8_t *)(void *)(uintptr_t)t.idx;
    for (int k = 0; k < 4; k++) w[k] = (float *)(void *)(uintptr_t)t.w[k];
    for (size_t x = 0; x < n; x++) {
        const int32_t xc = x < (size_t)dst->width ? (int32_t)x : dst->width - 1; /* the padding repeats the last */
        const float fx = geo_scale_pos(xc, src->width, dst->width);
        w[0][x] = w[1][x] = w[2][x] = w[3][x] = 0.0f;
        if (area) {
            float ww[4];
            int32_t c = scale_area_col(src, dst, xc, &sx[x], ww);
            for (int k = 0; k < 4; k++) w[k][x] = ww[k];
            if (c > 4) sx[x] = -1 - c; /* wider than the table holds: marks its block */
        } else if (bil) {
            const float fxl = floorf(fx);
            sx[x] = (int32_t)fxl;
            w[1][x] = fx - fxl;
            w[0][x] = 1 - w[1][x];
        } else {
            sx[x] = geo_nearest(fx, src->width);
        }
    }
    for (size_t b = 0; b < n / 8; b++) {
        int32_t lo = INT32_MAX, hi = INT32_MIN, ok = W >= 16;
        uint8_t *ib = idx + 64 * b;
        for (size_t k = 0; k < 8; k++) {
            const int32_t v = sx[8 * b + k];
            if (area && v < 0) ok = 0; /* a marked column: no window */
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
        if (bil) ok = ok && lo >= 0 && hi + 1 <= W - 1;
        if (area && ok) { /* the last column with a weight */
            hi = INT32_MIN;
            for (size_t k = 0; k < 8; k++)
                for (int32_t c = 0; c < 4; c++)
                    if (w[c][8 * b + k] > 0.0f && sx[8 * b + k] + c > hi) hi = sx[8 * b + k] + c;
            ok = hi >= lo && hi <= W - 1;
        }
        lo = lo > W - 16 ? W - 16 : lo;
        ok = ok && hi + bil - lo <= 15;
        base[b] = ok ? lo : OVXC_SCALE_ESC;
        memset(ib, 0x80, 64);
        if (!ok) continue;
        for (size_t k = 0; k < 8; k++) {
            const int32_t v = sx[8 * b + k];
            if (area) {
                for (int32_t c = 0; c < 4; c++)
                    if (w[c][8 * b + k] > 0.0f) {
                        ib[16 * c + k] = (uint8_t)(v + c - lo);
                        if (c + 1 > ib[15] || ib[15] == 0x80) ib[15] = (uint8_t)(c + 1); /* the columns used */
                    }
            } else {
                ib[k] = (uint8_t)(v - lo);
                if (bil) ib[8 + k] = (uint8_t)(v + 1 - lo);
            }
        }
    }
}

int32_t ovxc_scale_nearest_row(const ovxc_geo_src *src, const ovxc_geo_dst *dst, uint32_t y)
{
    return geo_nearest(geo_scale_pos((int32_t)y, src->height, dst->height), src->height);
}

int32_t ovxc_scale_bilinear_row(const ovxc_geo_src *src, const ovxc_geo_dst *dst, uint32_t y, float *t)
{
    const float fy = geo_scale_pos((int32_t)y, src->height, dst->height), fyl = floorf(fy);
    *t = fy - fyl;
    return (int32_t)fyl;
}

void ovxc_scale_tab_span(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, const void *tab, uint32_t y,
                         int32_t x0, int32_t x1)
{
    const ovxc_scale_tab_parts t = ovxc_scale_tab_at(tab, dst->width);
    uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
    if (interp == OVXC_GEO_NEAREST) {
        const uint8_t *sr = src->ptr + (intptr_t)ovxc_scale_nearest_row(src, dst, y) * src->stride;
        for (int32_t x = x0; x < x1; x++) row[x] = sr[t.sx[x]];
        return;
    }
    if (interp == OVXC_GEO_AREA) {
        const float rx = (float)src->width / (float)dst->width, ry = (float)src->height / (float)dst->height;
        const float ya = (float)y * ry, yb = (float)(y + 1) * ry;
        for (int32_t x = x0; x < x1; x++) {
            const float xa = (float)x * rx, xb = (float)(x + 1) * rx;
            row[x] = (uint8_t)geo_clamp(geo_area(src, xa, xb, ya, yb), 255);
        }
        return;
    }
    {
        float tt;
        const int32_t sy = ovxc_scale_bilinear_row(src, dst, y, &tt);
        const int rows_in = sy >= 0 && sy + 1 < src->height;
        const uint8_t *r0 = src->ptr + (intptr_t)(rows_in ? sy : 0) * src->stride, *r1 = r0 + (rows_in ? src->stride : 0);
        for (int32_t x = x0; x < x1; x++) {
            const float s = t.w[1][x];
            const int32_t sx = t.sx[x];
            float p00, p10, p01, p11;
            if (rows_in && sx >= 0 && sx + 1 < src->width) { /* every tap inside: no border rule */
                p00 = (float)r0[sx], p10 = (float)r0[sx + 1], p01 = (float)r1[sx], p11 = (float)r1[sx + 1];
            } else {
                p00 = (float)geo_px(src, sx, sy), p10 = (float)geo_px(src, sx + 1, sy);
                p01 = (float)geo_px(src, sx, sy + 1), p11 = (float)geo_px(src, sx + 1, sy + 1);
            }
            float v = (1 - s) * (1 - tt) * p00 + (s) * (1 - tt) * p10 + (1 - s) * (tt)*p01 + (s) * (tt)*p11;
            row[x] = (uint8_t)geo_clamp((int)(v + 0.5f), 255);
        }
    }
}

void ovxc_scale_tab_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, const void *tab, uint32_t y0,
                         uint32_t y1)
{
    for (uint32_t y = y0; y < y1; y++) ovxc_scale_tab_span(src, dst, interp, tab, y, 0, dst->width);
}

static const ovx_variant scale_tab_variants[] = {
    OVX_VARIANT_AVX2(ovxc_scale_tab_rows)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_scale_tab_rows},
};

const struct ovx_variant *ovxc_scale_tab_variants(void)
{
    return scale_tab_variants;
}

/* ---- Half-scale Gaussian ------------------------------------------------ */

static inline int hsg_px(const ovxc_geo_src *src, const int *g, int r, int32_t cx, int32_t cy)
{
    int sum = 0;
    for (int j = -r; j <= r; j++) {
        int rs = 0;
        for (int i = -r; i <= r; i++) rs += g[i + r] * geo_px(src, cx + i, cy + j);
        sum += g[j + r] * rs;
    }
    return sum;
}

void ovxc_halfscale_gaussian_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int ksize, uint32_t y0,
                                 uint32_t y1)
{
    ovxc_halfscale_gaussian_rows_with(src, dst, ksize, NULL, y0, y1);
}

void ovxc_halfscale_gaussian_rows_with(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int ksize, ovxc_row5_u8_f row5,
                                      uint32_t y0, uint32_t y1)
{
    static const int g1[1] = {1}, g3[3] = {1, 2, 1}, g5[5] = {1, 4, 6, 4, 1};
    const int *g = ksize == 5 ? g5 : (ksize == 3 ? g3 : g1);
    const int r = ksize == 5 ? 2 : (ksize == 3 ? 1 : 0);
    const int scale = ksize == 5 ? 256 : (ksize == 3 ? 16 : 1);
    /* U8 outputs whose taps are all inside: the integer sum separably, a
     * row of column sums (exact: the same integer in any order) */
    const int32_t xa = (r + 1) / 2, xb = src->width - 1 - r >= 0 ? (src->width - 1 - r) / 2 + 1 : 0;
    if (row5 && r == 2 && !src->u1 && !dst->u1) { /* every row by row5, edges through padding */
        if (y1 > y0)
            ovxc_rows5_u8_border(src->ptr, src->stride, src->width, src->height, 0, 2 * (int32_t)y0, (int32_t)(y1 - y0),
                                dst->width, src->mode == OVXC_BORDER_CONSTANT, src->cval, row5,
                                dst->ptr + (intptr_t)y0 * dst->stride, dst->stride);
        return;
    }
    enum { CHUNK = 1024 };
    uint16_t vs[2 * CHUNK + 4];
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        int32_t cy = 2 * (int32_t)y, x = 0;
        if (!src->u1 && !dst->u1 && cy - r >= 0 && cy + r < src->height && xb > xa) {
            int32_t hi = xb < dst->width ? xb : dst->width;
            for (; x < xa; x++) row[x] = (uint8_t)(hsg_px(src, g, r, 2 * x, cy) / scale);
            while (x < hi) {
                int32_t n = hi - x < CHUNK ? hi - x : CHUNK, c0 = 2 * x - r, nc = 2 * n - 1 + 2 * r, c, k;
                const uint8_t *s0 = src->ptr + (intptr_t)(cy - r) * src->stride + c0;
                if (r == 2 && row5) { /* the row primitive (compute/multiscale.h) */
                    row5(s0, src->stride, row + x, 0, hi - x, 1);
                    n = hi - x;
                } else if (r == 2) { /* the taps as constants: plain loops the compiler vectorizes */
                    const uint8_t *s1 = s0 + src->stride, *s2 = s1 + src->stride, *s3 = s2 + src->stride;
                    const uint8_t *s4 = s3 + src->stride;
                    for (c = 0; c < nc; c++) vs[c] = (uint16_t)(s0[c] + 4 * s1[c] + 6 * s2[c] + 4 * s3[c] + s4[c]);
                    for (k = 0; k < n; k++)
                        row[x + k] = (uint8_t)((vs[2 * k] + 4 * vs[2 * k + 1] + 6 * vs[2 * k + 2] + 4 * vs[2 * k + 3] +
                                                vs[2 * k + 4]) >> 8);
                } else if (r == 1) {
                    const uint8_t *s1 = s0 + src->stride, *s2 = s1 + src->stride;
                    for (c = 0; c < nc; c++) vs[c] = (uint16_t)(s0[c] + 2 * s1[c] + s2[c]);
                    for (k = 0; k < n; k++)
                        row[x + k] = (uint8_t)((vs[2 * k] + 2 * vs[2 * k + 1] + vs[2 * k + 2]) >> 4);
                } else {
                    for (c = 0; c < nc; c++) {
                        int v = 0;
                        for (k = 0; k <= 2 * r; k++)
                            v += g[k] * src->ptr[(intptr_t)(cy - r + k) * src->stride + c0 + c];
                        vs[c] = (uint16_t)v;
                    }
                    for (k = 0; k < n; k++) {
                        int sum = 0, i;
                        for (i = 0; i <= 2 * r; i++) sum += g[i] * vs[2 * k + i];
                        row[x + k] = (uint8_t)(sum / scale);
                    }
                }
                x += n;
            }
        }
        for (; x < dst->width; x++) {
            int sum = hsg_px(src, g, r, 2 * x, cy);
            geo_out(dst, x, row, src->u1 ? (2 * sum >= scale) : sum / scale);
        }
    }
}

/* ---- Warps and remap ---------------------------------------------------- */

/* The source position of a destination pixel in fixed point (geometry.h):
 * X = floor(1024 x + 0.5) of the plane coordinate x, from a float v = 1024 x
 * + 0.5 computed by the formulas below, clamped to [-2^30, 2^30] (NaN: the
 * low end) and floored. */
static inline int32_t geo_fix(float v)
{
    v = v > -OVXC_GEO_FIX_LIM ? v : -OVXC_GEO_FIX_LIM;
    v = v < OVXC_GEO_FIX_LIM ? v : OVXC_GEO_FIX_LIM;
    return (int32_t)floorf(v);
}

/* Sample src at fixed-point position (X, Y) (geometry.h). */
static inline int geo_sample_fix(const ovxc_geo_src *src, int32_t X, int32_t Y, int interp)
{
    enum { B = OVXC_GEO_FIX_BITS, ONE = 1 << OVXC_GEO_FIX_BITS };
    if (interp == OVXC_GEO_NEAREST) return geo_px(src, (X + ONE / 2) >> B, (Y + ONE / 2) >> B);
    {
        const int32_t xi = X >> B, yi = Y >> B, s = X & (ONE - 1), t = Y & (ONE - 1);
        const int32_t r0 = geo_px(src, xi, yi) * (ONE - s) + geo_px(src, xi + 1, yi) * s;
        const int32_t r1 = geo_px(src, xi, yi + 1) * (ONE - s) + geo_px(src, xi + 1, yi + 1) * s;
        return (int)((r0 * (ONE - t) + r1 * t + (1 << (2 * B - 1))) >> (2 * B));
    }
}

int ovxc_geo_sample_fix(const ovxc_geo_src *src, int32_t X, int32_t Y, int interp)
{
    return geo_sample_fix(src, X, Y, interp);
}

void ovxc_geo_affine_row(const ovxc_geo_src *src, const float m[6], uint32_t y, ovxc_geo_row *r)
{
    const double yd = (double)y;
    r->ax = (float)((double)m[0] * OVXC_GEO_FIX_SCALE);
    r->ay = (float)((double)m[1] * OVXC_GEO_FIX_SCALE);
    r->bx = (float)(((double)m[2] * yd + (double)m[4] - (double)src->ox) * OVXC_GEO_FIX_SCALE + 0.5);
    r->by = (float)(((double)m[3] * yd + (double)m[5] - (double)src->oy) * OVXC_GEO_FIX_SCALE + 0.5);
    r->az = 0.0f;
    r->bz = 1.0f;
}

void ovxc_geo_perspective_row(const ovxc_geo_src *src, const float m[9], uint32_t y, ovxc_geo_row *r)
{
    /* x - ox = (X - ox Z) / Z: the origin folded into the numerators */
    const double yd = (double)y, ox = (double)src->ox, oy = (double)src->oy;
    const double m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7], m8 = m[8];
    r->ax = (float)((m0 - ox * m2) * OVXC_GEO_FIX_SCALE);
    r->ay = (float)((m1 - oy * m2) * OVXC_GEO_FIX_SCALE);
    r->bx = (float)(((m3 - ox * m5) * yd + (m6 - ox * m8)) * OVXC_GEO_FIX_SCALE);
    r->by = (float)(((m4 - oy * m5) * yd + (m7 - oy * m8)) * OVXC_GEO_FIX_SCALE);
    r->az = (float)m2;
    r->bz = (float)(m5 * yd + m8);
}

void ovxc_warp_affine_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float m[6], int interp,
                          uint32_t y0, uint32_t y1)
{
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        ovxc_geo_row r;
        ovxc_geo_affine_row(src, m, y, &r);
        for (int32_t x = 0; x < dst->width; x++) {
            const float xf = (float)x;
            geo_out(dst, x, row, geo_sample_fix(src, geo_fix(r.ax * xf + r.bx), geo_fix(r.ay * xf + r.by), interp));
        }
    }
}

void ovxc_warp_perspective_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float m[9], int interp,
                               uint32_t y0, uint32_t y1)
{
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        ovxc_geo_row r;
        ovxc_geo_perspective_row(src, m, y, &r);
        for (int32_t x = 0; x < dst->width; x++) {
            const float xf = (float)x, q = 1.0f / (r.az * xf + r.bz);
            const float vx = (r.ax * xf + r.bx) * q + 0.5f, vy = (r.ay * xf + r.by) * q + 0.5f;
            geo_out(dst, x, row, geo_sample_fix(src, geo_fix(vx), geo_fix(vy), interp));
        }
    }
}

void ovxc_remap_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, int interp,
                    uint32_t y0, uint32_t y1)
{
    const float cx = (float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->ox);
    const float cy = (float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->oy);
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const float *p = map_xy + (size_t)y * (size_t)dst->width * 2;
        for (int32_t x = 0; x < dst->width; x++) {
            const float vx = p[2 * x] * (float)OVXC_GEO_FIX_SCALE + cx, vy = p[2 * x + 1] * (float)OVXC_GEO_FIX_SCALE + cy;
            geo_out(dst, x, row, geo_sample_fix(src, geo_fix(vx), geo_fix(vy), interp));
        }
    }
}

int ovxc_remap_tab_fits(const ovxc_geo_src *src, const ovxc_geo_dst *dst)
{
    return !src->u1 && !dst->u1 && src->width >= 1 && src->height >= 1 && src->width <= OVXC_GEO_TAB_MAX &&
           src->height <= OVXC_GEO_TAB_MAX;
}

/* The table's clamp of a pixel to [-1, size] (geometry.h) */
static inline int32_t geo_tab_clamp(int32_t v, int32_t size)
{
    return v < -1 ? -1 : (v > size ? size : v);
}

void ovxc_remap_tab_build_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, int16_t *tab,
                               uint32_t y0, uint32_t y1)
{
    enum { B = OVXC_GEO_FIX_BITS, ONE = 1 << OVXC_GEO_FIX_BITS };
    const float cx = (float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->ox);
    const float cy = (float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->oy);
    for (uint32_t y = y0; y < y1; y++) {
        const float *p = map_xy + (size_t)y * (size_t)dst->width * 2;
        int16_t *t = tab + (size_t)y * (size_t)dst->width * 2;
        for (int32_t x = 0; x < dst->width; x++) {
            const float vx = p[2 * x] * (float)OVXC_GEO_FIX_SCALE + cx, vy = p[2 * x + 1] * (float)OVXC_GEO_FIX_SCALE + cy;
            t[2 * x] = (int16_t)geo_tab_clamp((geo_fix(vx) + ONE / 2) >> B, src->width);
            t[2 * x + 1] = (int16_t)geo_tab_clamp((geo_fix(vy) + ONE / 2) >> B, src->height);
        }
    }
}

void ovxc_warp_perspective_tab_build_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m,
                                          int16_t *tab, uint32_t y0, uint32_t y1)
{
    enum { B = OVXC_GEO_FIX_BITS, ONE = 1 << OVXC_GEO_FIX_BITS };
    for (uint32_t y = y0; y < y1; y++) {
        int16_t *t = tab + (size_t)y * (size_t)dst->width * 2;
        ovxc_geo_row r;
        ovxc_geo_perspective_row(src, m, y, &r);
        for (int32_t x = 0; x < dst->width; x++) {
            const float xf = (float)x, q = 1.0f / (r.az * xf + r.bz);
            const float vx = (r.ax * xf + r.bx) * q + 0.5f, vy = (r.ay * xf + r.by) * q + 0.5f;
            t[2 * x] = (int16_t)geo_tab_clamp((geo_fix(vx) + ONE / 2) >> B, src->width);
            t[2 * x + 1] = (int16_t)geo_tab_clamp((geo_fix(vy) + ONE / 2) >> B, src->height);
        }
    }
}

void ovxc_warp_affine_tab_build_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int16_t *tab,
                                     uint32_t y0, uint32_t y1)
{
    enum { B = OVXC_GEO_FIX_BITS, ONE = 1 << OVXC_GEO_FIX_BITS };
    for (uint32_t y = y0; y < y1; y++) {
        int16_t *t = tab + (size_t)y * (size_t)dst->width * 2;
        ovxc_geo_row r;
        ovxc_geo_affine_row(src, m, y, &r);
        for (int32_t x = 0; x < dst->width; x++) {
            const float xf = (float)x;
            t[2 * x] = (int16_t)geo_tab_clamp((geo_fix(r.ax * xf + r.bx) + ONE / 2) >> B, src->width);
            t[2 * x + 1] = (int16_t)geo_tab_clamp((geo_fix(r.ay * xf + r.by) + ONE / 2) >> B, src->height);
        }
    }
}

void ovxc_remap_tab_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const ovxc_remap_tab *t, uint32_t y0,
                         uint32_t y1)
{
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const int16_t *q = t->tab + (size_t)y * (size_t)dst->width * 2;
        for (int32_t x = 0; x < dst->width; x++) row[x] = (uint8_t)geo_px(src, q[2 * x], q[2 * x + 1]);
    }
}

void ovxc_remap_tab_pack_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const int16_t *tab, uint8_t *idx,
                              int32_t *hdr, int32_t istride, int32_t hstride, uint32_t y0, uint32_t y1)
{
    const int rep = src->mode != OVXC_BORDER_CONSTANT;
    const int32_t W = src->width, H = src->height;
    for (uint32_t y = y0; y < y1; y++) {
        const int16_t *q = tab + (size_t)y * (size_t)dst->width * 2;
        uint8_t *ir = idx + (size_t)y * (size_t)istride;
        int32_t *hr = hdr + (size_t)y * (size_t)hstride;
        for (int32_t x = 0; x < istride; x++) ir[x] = 0;
        for (int32_t b = 0; 16 * b < dst->width; b++) {
            const int32_t x0 = 16 * b, m = dst->width - x0 < 16 ? dst->width - x0 : 16;
            int32_t px[16], py[16], bx = INT32_MAX, by = INT32_MAX, ok = W >= 16 && H >= 4, k;
            for (k = 0; k < m; k++) {
                int32_t sx = q[2 * (x0 + k)], sy = q[2 * (x0 + k) + 1];
                if (rep) {
                    sx = sx < 0 ? 0 : (sx >= W ? W - 1 : sx);
                    sy = sy < 0 ? 0 : (sy >= H ? H - 1 : sy);
                } else if (sx < 0 || sy < 0 || sx >= W || sy >= H) {
                    ok = 0;
                }
                px[k] = sx, py[k] = sy;
                bx = sx < bx ? sx : bx;
                by = sy < by ? sy : by;
            }
            if (ok) {
                bx = bx > W - 16 ? W - 16 : bx;
                by = by > H - 4 ? H - 4 : by;
                for (k = 0; k < m && ok; k++) ok = px[k] - bx <= 15 && py[k] - by <= 3;
            }
            if (!ok) {
                hr[b] = OVXC_GEO_TAB_ESC;
                continue;
            }
            hr[b] = (int32_t)(((uint32_t)by << 16) | (uint32_t)bx);
            for (k = 0; k < m; k++) ir[x0 + k] = (uint8_t)(px[k] - bx + 16 * (py[k] - by));
        }
    }
}

/* ---- Remap bilinear from a derived table (geometry.h) ----------------- */

int ovxc_remap_btab_fits(const ovxc_geo_src *src, const ovxc_geo_dst *dst)
{
    return !src->u1 && !dst->u1 && src->ptr && src->width >= 16 && src->height >= 3 &&
           src->width <= OVXC_GEO_TAB_MAX && src->height <= OVXC_GEO_TAB_MAX && src->stride >= src->width &&
           (int64_t)src->height * src->stride < ((int64_t)1 << 31) && dst->width >= 1;
}

size_t ovxc_remap_btab_row_bytes(int32_t width)
{
    const size_t nb = ((size_t)width + 7) / 8;
    return ((nb + 7) & ~(size_t)7) * 4 + nb * 32;
}

void ovxc_remap_btab_build_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, uint8_t *tab,
                                uint32_t y0, uint32_t y1)
{
    enum { B = OVXC_GEO_FIX_BITS, ONE = 1 << OVXC_GEO_FIX_BITS };
    const float cx = (float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->ox);
    const float cy = (float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->oy);
    const size_t rb = ovxc_remap_btab_row_bytes(dst->width), nb = ((size_t)dst->width + 7) / 8;
    const int rep = src->mode != OVXC_BORDER_CONSTANT;
    for (uint32_t y = y0; y < y1; y++) {
        const float *p = map_xy + (size_t)y * (size_t)dst->width * 2;
        int32_t *hdr = (int32_t *)(void *)(tab + (size_t)y * rb);
        uint32_t *pix = (uint32_t *)(void *)((uint8_t *)hdr + ((nb + 7) & ~(size_t)7) * 4);
        for (size_t b = 0; b < nb; b++) {
            const int32_t x0 = (int32_t)(8 * b), m = dst->width - x0 < 8 ? dst->width - x0 : 8;
            int32_t X[8], Y[8], xb = INT32_MAX, yb = INT32_MAX, ok = 1, k;
            for (k = 0; k < m; k++) {
                const float vx = p[2 * (x0 + k)] * (float)OVXC_GEO_FIX_SCALE + cx;
                const float vy = p[2 * (x0 + k) + 1] * (float)OVXC_GEO_FIX_SCALE + cy;
                X[k] = geo_fix(vx), Y[k] = geo_fix(vy);
                if (rep) { /* replicate: the same value from the position clamped into the plane */
                    X[k] = X[k] < 0 ? 0 : (X[k] > (src->width - 1) << B ? (src->width - 1) << B : X[k]);
                    Y[k] = Y[k] < 0 ? 0 : (Y[k] > (src->height - 1) << B ? (src->height - 1) << B : Y[k]);
                }
                if (X[k] >> B < xb) xb = X[k] >> B;
                if (Y[k] >> B < yb) yb = Y[k] >> B;
            }
            /* the window inside the plane */
            if (xb > src->width - 16) xb = src->width - 16;
            if (yb > src->height - 3) yb = src->height - 3;
            if (xb < 0 || yb < 0) ok = 0;
            for (k = 0; k < m && ok; k++) {
                const int32_t dx = (X[k] >> B) - xb, dy = (Y[k] >> B) - yb, sf = X[k] & (ONE - 1), tf = Y[k] & (ONE - 1);
                ok = dx >= 0 && dy >= 0 && (dx < 15 || (dx == 15 && sf == 0)) && (dy < 2 || (dy == 2 && tf == 0));
                pix[8 * b + (size_t)k] = ((uint32_t)(dy * ONE + tf) << 16) | (uint32_t)(dx * ONE + sf);
            }
            for (; k < 8; k++) pix[8 * b + (size_t)k] = 0;
            hdr[b] = ok ? yb * src->stride + xb : OVXC_GEO_BTAB_ESC;
        }
        for (size_t b = nb; b < ((nb + 7) & ~(size_t)7); b++) hdr[b] = OVXC_GEO_BTAB_ESC;
    }
}

/* The scalar sampler: the table's taps where a block has a base, the
 * reference on the map's positions where not. */
void ovxc_remap_btab_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, const uint8_t *tab,
                          uint32_t y0, uint32_t y1)
{
    enum { B = OVXC_GEO_FIX_BITS, ONE = 1 << OVXC_GEO_FIX_BITS };
    const size_t rb = ovxc_remap_btab_row_bytes(dst->width), nb = ((size_t)dst->width + 7) / 8;
    for (uint32_t y = y0; y < y1; y++) {
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        const int32_t *hdr = (const int32_t *)(const void *)(tab + (size_t)y * rb);
        const uint32_t *pix = (const uint32_t *)(const void *)((const uint8_t *)hdr + ((nb + 7) & ~(size_t)7) * 4);
        for (size_t b = 0; b < nb; b++) {
            const int32_t x0 = (int32_t)(8 * b), m = dst->width - x0 < 8 ? dst->width - x0 : 8;
            if (hdr[b] == OVXC_GEO_BTAB_ESC) {
                ovxc_geo_dst d = *dst;
                d.ptr = row + x0, d.width = m; /* the block's points: map row y from pixel x0 */
                ovxc_remap_rows(src, &d, map_xy + ((size_t)y * (size_t)dst->width + (size_t)x0) * 2, OVXC_GEO_BILINEAR, 0, 1);
                continue;
            }
            const uint8_t *w = src->ptr + hdr[b];
            for (int32_t k = 0; k < m; k++) {
                const uint32_t v = pix[8 * b + (size_t)k];
                const int32_t dx = (int32_t)(v & 0xFFFF) >> B, sf = (int32_t)(v & (ONE - 1));
                const int32_t dy = (int32_t)(v >> 16) >> B, tf = (int32_t)((v >> 16) & (ONE - 1));
                const uint8_t *r0 = w + (intptr_t)dy * src->stride, *r1 = w + (intptr_t)(dy < 2 ? dy + 1 : 2) * src->stride;
                const int32_t a0 = r0[dx] * (ONE - sf) + r0[(dx + 1) & 15] * sf;
                const int32_t a1 = r1[dx] * (ONE - sf) + r1[(dx + 1) & 15] * sf;
                row[x0 + k] = (uint8_t)((a0 * (ONE - tf) + a1 * tf + (1 << (2 * B - 1))) >> (2 * B));
            }
        }
    }
}

static const ovx_variant remap_btab_variants[] = {
    OVX_VARIANT_AVX2(ovxc_remap_btab_rows)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_remap_btab_rows},
};

const ovx_variant *ovxc_remap_btab_variants(void)
{
    return remap_btab_variants;
}

static const ovx_variant remap_tab_variants[] = {
    OVX_VARIANT_AVX512(ovxc_remap_tab_rows)
    OVX_VARIANT_AVX2(ovxc_remap_tab_rows)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_remap_tab_rows},
};
static const ovx_variant remap_tab_build_variants[] = {
    OVX_VARIANT_AVX512(ovxc_remap_tab_build_rows)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_remap_tab_build_rows},
};

static const ovx_variant warp_perspective_tab_build_variants[] = {
    OVX_VARIANT_AVX512(ovxc_warp_perspective_tab_build_rows)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_warp_perspective_tab_build_rows},
};

const ovx_variant *ovxc_warp_perspective_tab_build_variants(void)
{
    return warp_perspective_tab_build_variants;
}

static const ovx_variant warp_affine_tab_build_variants[] = {
    OVX_VARIANT_AVX512(ovxc_warp_affine_tab_build_rows)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_warp_affine_tab_build_rows},
};

const ovx_variant *ovxc_warp_affine_tab_build_variants(void)
{
    return warp_affine_tab_build_variants;
}

static const ovx_variant remap_tab_pack_variants[] = {
    OVX_VARIANT_AVX512(ovxc_remap_tab_pack_rows)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_remap_tab_pack_rows},
};

const ovx_variant *ovxc_remap_tab_pack_variants(void)
{
    return remap_tab_pack_variants;
}

const ovx_variant *ovxc_remap_tab_variants(void)
{
    return remap_tab_variants;
}

const ovx_variant *ovxc_remap_tab_build_variants(void)
{
    return remap_tab_build_variants;
}

static const ovx_variant warp_affine_variants[] = {
    OVX_VARIANT_AVX512(ovxc_warp_affine_rows)
    OVX_VARIANT_AVX2(ovxc_warp_affine_rows)
    OVX_VARIANT_SSE41(ovxc_warp_affine_rows)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_warp_affine_rows},
};
static const ovx_variant warp_perspective_variants[] = {
    OVX_VARIANT_AVX512(ovxc_warp_perspective_rows)
    OVX_VARIANT_AVX2(ovxc_warp_perspective_rows)
    OVX_VARIANT_SSE41(ovxc_warp_perspective_rows)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_warp_perspective_rows},
};
static const ovx_variant remap_variants[] = {
    OVX_VARIANT_AVX512(ovxc_remap_rows)
    OVX_VARIANT_AVX2(ovxc_remap_rows)
    OVX_VARIANT_SSE41(ovxc_remap_rows)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_remap_rows},
};

const ovx_variant *ovxc_geo_warp_variants(int kind)
{
    return kind == OVXC_GEO_WARP_AFFINE ? warp_affine_variants
                                       : (kind == OVXC_GEO_WARP_PERSPECTIVE ? warp_perspective_variants : remap_variants);
}
