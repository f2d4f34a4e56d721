/* Compute routines: feature detectors (Canny, Harris, FAST-9).  See detect.h. */
#include "detect.h"
#include "conv.h"

#include <stddef.h>

#include "../runtime/dispatch.h"

/* Separable factors of the spec's Sobel kernels: sobel_x[i][j] = smooth[i] * deriv[j]. */
static const vx_int32 sobel_smooth[3][7] = {{1, 2, 1}, {1, 4, 6, 4, 1}, {1, 6, 15, 20, 15, 6, 1}};
static const vx_int32 sobel_deriv[3][7] = {{-1, 0, 1}, {-1, -2, 0, 2, 1}, {-1, -4, -5, 0, 5, 4, 1}};

void ovxc_sobel_grad_rows(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_int32 gsize, vx_uint32 y0,
                         vx_uint32 y1, vx_int32 *gx, vx_int32 *gy, vx_size gstride)
{
    vx_int32 r = gsize / 2;
    const vx_int32 *ws = sobel_smooth[r - 1], *wd = sobel_deriv[r - 1];
    vx_uint32 x, y;
    vx_int32 i, j;
    if ((vx_int32)width < gsize) return;
    for (y = y0; y < y1; y++) {
        for (x = (vx_uint32)r; x < width - (vx_uint32)r; x++) {
            vx_int32 dx = 0, dy = 0;
            for (i = 0; i < gsize; i++) {
                const vx_uint8 *row = src + ((vx_int64)y - r + i) * stride + (x - (vx_uint32)r);
                vx_int32 sx = 0, sy = 0;
                for (j = 0; j < gsize; j++) {
                    sx += wd[j] * row[j];
                    sy += ws[j] * row[j];
                }
                dx += ws[i] * sx;
                dy += wd[i] * sy;
            }
            gx[y * gstride + x] = dx;
            gy[y * gstride + x] = dy;
        }
    }
}

void ovxc_canny_magnitude(const vx_int32 *gx, const vx_int32 *gy, vx_size n, int l2, vx_uint64 *mag)
{
    vx_size i;
    if (l2) {
        for (i = 0; i < n; i++)
            mag[i] = (vx_uint64)((vx_int64)gx[i] * gx[i] + (vx_int64)gy[i] * gy[i]);
    } else {
        for (i = 0; i < n; i++) {
            vx_int64 ax = gx[i] < 0 ? -(vx_int64)gx[i] : gx[i];
            vx_int64 ay = gy[i] < 0 ? -(vx_int64)gy[i] : gy[i];
            mag[i] = (vx_uint64)(ax + ay);
        }
    }
}

void ovxc_canny_nms_rows(const vx_int32 *gx, const vx_int32 *gy, const vx_uint64 *mag, vx_size gstride,
                        vx_uint32 x0, vx_uint32 x1, vx_uint32 y0, vx_uint32 y1, vx_uint64 lo, vx_uint64 hi,
                        vx_uint8 *map, vx_size mstride)
{
    vx_uint32 x, y;
    for (y = y0; y < y1; y++) {
        for (x = x0; x < x1; x++) {
            vx_size i = y * gstride + x;
            vx_uint64 m = mag[i], m1, m2;
            vx_int64 dx = gx[i], dy = gy[i];
            vx_uint64 ax = (vx_uint64)(dx < 0 ? -dx : dx), ay = (vx_uint64)(dy < 0 ? -dy : dy);
            vx_uint64 l1 = ax + ay;
            vx_uint8 e = 0;
            if (m > lo) {
                /* (|dx|+|dy|)^2 < 2 dx^2  <=>  |dy| < (sqrt(2) - 1)|dx| = tan(pi/8)|dx| */
                if (l1 * l1 < 2 * ax * ax) { /* horizontal gradient: compare left/right */
                    m1 = mag[i - 1];
                    m2 = mag[i + 1];
                } else if (l1 * l1 < 2 * ay * ay) { /* vertical gradient */
                    m1 = mag[i - gstride];
                    m2 = mag[i + gstride];
                } else if ((dx < 0) == (dy < 0)) { /* 45 degrees (y down): up-left / down-right */
                    m1 = mag[i - gstride - 1];
                    m2 = mag[i + gstride + 1];
                } else { /* 135 degrees: up-right / down-left */
                    m1 = mag[i - gstride + 1];
                    m2 = mag[i + gstride - 1];
                }
                if (m >= m1 && m >= m2) e = m > hi ? 2 : 1;
            }
            map[y * mstride + x] = e;
        }
    }
}

void ovxc_canny_hysteresis(vx_uint8 *map, vx_size mstride, vx_uint32 width, vx_uint32 height, vx_uint32 *stack)
{
    vx_size top = 0;
    vx_uint32 x, y;
    for (y = 0; y < height; y++)
        for (x = 0; x < width; x++)
            if (map[y * mstride + x] == 2) stack[top++] = y * width + x;
    while (top > 0) {
        vx_uint32 p = stack[--top];
        vx_uint32 px = p % width, py = p / width;
        vx_int32 ddx, ddy;
        for (ddy = -1; ddy <= 1; ddy++) {
            vx_int64 ny = (vx_int64)py + ddy;
            if (ny < 0 || ny >= (vx_int64)height) continue;
            for (ddx = -1; ddx <= 1; ddx++) {
                vx_int64 nx = (vx_int64)px + ddx;
                vx_uint8 *q;
                if (nx < 0 || nx >= (vx_int64)width) continue;
                q = &map[(vx_size)ny * mstride + (vx_size)nx];
                if (*q == 1) {
                    *q = 2;
                    stack[top++] = (vx_uint32)ny * width + (vx_uint32)nx;
                }
            }
        }
    }
}

/* The Bresenham circle of radius 3, clockwise from (3, 0). */
static const vx_int32 fast_circle[16][2] = {{3, 0},  {3, 1},   {2, 2},   {1, 3},  {0, 3},  {-1, 3},
                                            {-2, 2}, {-3, 1},  {-3, 0},  {-3, -1}, {-2, -2}, {-1, -3},
                                            {0, -3}, {1, -3},  {2, -2},  {3, -1}};

vx_int32 ovxc_fast9_strength(const vx_uint8 *src, vx_int32 stride, vx_uint32 x, vx_uint32 y)
{
    const vx_uint8 *p = src + (vx_size)y * (vx_size)stride + x;
    vx_int32 d[24], m2[24], m4[24], best = 0, i;
    for (i = 0; i < 16; i++) d[i] = (vx_int32)p[fast_circle[i][1] * stride + fast_circle[i][0]] - p[0];
    for (i = 16; i < 24; i++) d[i] = d[i - 16]; /* the circle, unrolled past its end */
    /* bright: max over the 16 arcs of 9 of min(Ix - Ip) (mins of 2, 4, 8, then 9 in a row);
     * dark: the same of min(Ip - Ix) = -max(Ix - Ip) */
    for (i = 0; i < 23; i++) m2[i] = d[i] < d[i + 1] ? d[i] : d[i + 1];
    for (i = 0; i < 21; i++) m4[i] = m2[i] < m2[i + 2] ? m2[i] : m2[i + 2];
    for (i = 0; i < 16; i++) {
        vx_int32 m8 = m4[i] < m4[i + 4] ? m4[i] : m4[i + 4], m9 = m8 < d[i + 8] ? m8 : d[i + 8];
        if (m9 > best) best = m9;
    }
    for (i = 0; i < 23; i++) m2[i] = d[i] > d[i + 1] ? d[i] : d[i + 1];
    for (i = 0; i < 21; i++) m4[i] = m2[i] > m2[i + 2] ? m2[i] : m2[i + 2];
    for (i = 0; i < 16; i++) {
        vx_int32 m8 = m4[i] > m4[i + 4] ? m4[i] : m4[i + 4], m9 = m8 > d[i + 8] ? m8 : d[i + 8];
        if (-m9 > best) best = -m9;
    }
    return best - 1; /* largest t with min > t; -1 when no arc qualifies even at t = 0 */
}

/* ---- fast rows (gradient size 3) ---------------------------------------------- */

void ovxc_canny_grad3_row_scalar(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, int l2, vx_int16 *gx,
                                vx_int16 *gy, vx_int32 *mag)
{
    vx_uint32 x;
    if (width > 2) ovxc_sobel_row_scalar(src - stride, src, src + stride, gx, gy, 1, width - 1);
    for (x = 1; x + 1 < width; x++) {
        vx_int32 dx = gx[x], dy = gy[x];
        mag[x] = l2 ? dx * dx + dy * dy : (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
    }
}

void ovxc_canny_nms_row_scalar(const vx_int16 *gx, const vx_int16 *gy, const vx_int32 *m0, const vx_int32 *m1,
                              const vx_int32 *m2, vx_uint32 x0, vx_uint32 x1, vx_int32 lo, vx_int32 hi,
                              vx_uint8 *map)
{
    vx_uint32 x;
    for (x = x0; x < x1; x++) {
        vx_int32 m = m1[x], n1, n2, dx = gx[x], dy = gy[x];
        vx_int32 ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy, l1 = ax + ay;
        vx_uint8 e = 0;
        if (m > lo) {
            if (l1 * l1 < 2 * ax * ax) { /* horizontal gradient (|dy| < tan(pi/8)|dx|) */
                n1 = m1[x - 1];
                n2 = m1[x + 1];
            } else if (l1 * l1 < 2 * ay * ay) { /* vertical */
                n1 = m0[x];
                n2 = m2[x];
            } else if ((dx < 0) == (dy < 0)) { /* 45 degrees (y down) */
                n1 = m0[x - 1];
                n2 = m2[x + 1];
            } else { /* 135 degrees */
                n1 = m0[x + 1];
                n2 = m2[x - 1];
            }
            if (m >= n1 && m >= n2) e = m > hi ? 2 : 1;
        }
        map[x] = e;
    }
}

/* Mc from the exact block sums (detect.h: the order of the operations is
 * part of the contract: the SIMD variants do the same in double lanes). */
static vx_float32 harris_mc(vx_float64 sxx, vx_float64 syy, vx_float64 sxy, vx_float64 scale, vx_float64 k,
                            vx_float64 thresh)
{
    vx_float64 det, tr, mc;
    sxx *= scale;
    syy *= scale;
    sxy *= scale;
    det = sxx * syy - sxy * sxy;
    tr = sxx + syy;
    mc = det - k * tr * tr;
    return mc > thresh ? (vx_float32)mc : 0.0f;
}

void ovxc_sobel3_prod_row_scalar(const vx_uint8 *src, vx_int32 stride, vx_uint32 x0, vx_uint32 x1, vx_int32 *xx,
                                vx_int32 *yy, vx_int32 *xy)
{
    const vx_uint8 *a = src - stride, *b = src, *c = src + stride;
    vx_uint32 x;
    for (x = x0; x < x1; x++) {
        vx_int32 dx = (a[x + 1] - a[x - 1]) + 2 * (b[x + 1] - b[x - 1]) + (c[x + 1] - c[x - 1]);
        vx_int32 dy = (c[x - 1] + 2 * c[x] + c[x + 1]) - (a[x - 1] + 2 * a[x] + a[x + 1]);
        xx[x] = dx * dx, yy[x] = dy * dy, xy[x] = dx * dy;
    }
}

void ovxc_harris_row_p32_scalar(const vx_int32 *const *xx, const vx_int32 *const *yy, const vx_int32 *const *xy,
                               vx_int32 bsize, vx_uint32 x0, vx_uint32 x1, vx_float64 scale, vx_float64 k,
                               vx_float64 thresh, vx_int32 *tmp, vx_float32 *out)
{
    vx_uint32 rb = (vx_uint32)bsize / 2, n = x1 - x0 + 2 * rb, c, x;
    vx_int32 *cxx = tmp, *cyy = tmp + n, *cxy = tmp + 2 * n, i;
    if (x1 <= x0) return;
    for (c = 0; c < n; c++) { /* column sums over the block's rows */
        vx_int32 sxx = 0, syy = 0, sxy = 0;
        for (i = 0; i < bsize; i++) {
            sxx += xx[i][x0 - rb + c];
            syy += yy[i][x0 - rb + c];
            sxy += xy[i][x0 - rb + c];
        }
        cxx[c] = sxx, cyy[c] = syy, cxy[c] = sxy;
    }
    for (x = 0; x < x1 - x0; x++) {
        vx_int32 sxx = 0, syy = 0, sxy = 0;
        for (c = x; c < x + 2 * rb + 1; c++) sxx += cxx[c], syy += cyy[c], sxy += cxy[c];
        out[x0 + x] = harris_mc(sxx, syy, sxy, scale, k, thresh);
    }
}

void ovxc_harris_row_s32(const vx_int32 *const *gx, const vx_int32 *const *gy, vx_int32 bsize, vx_uint32 x0,
                        vx_uint32 x1, vx_float64 scale, vx_float64 k, vx_float64 thresh, vx_float64 *tmp,
                        vx_float32 *out)
{
    /* products < 2^35 and sums of 49 of them < 2^41: exact in double, in any order */
    vx_uint32 rb = (vx_uint32)bsize / 2, n = x1 - x0 + 2 * rb, c, x;
    vx_float64 *cxx = tmp, *cyy = tmp + n, *cxy = tmp + 2 * n;
    vx_int32 i;
    if (x1 <= x0) return;
    for (c = 0; c < n; c++) {
        vx_float64 sxx = 0, syy = 0, sxy = 0;
        for (i = 0; i < bsize; i++) {
            vx_float64 dx = gx[i][x0 - rb + c], dy = gy[i][x0 - rb + c];
            sxx += dx * dx;
            syy += dy * dy;
            sxy += dx * dy;
        }
        cxx[c] = sxx, cyy[c] = syy, cxy[c] = sxy;
    }
    for (x = 0; x < x1 - x0; x++) {
        vx_float64 sxx = 0, syy = 0, sxy = 0;
        for (c = x; c < x + 2 * rb + 1; c++) sxx += cxx[c], syy += cyy[c], sxy += cxy[c];
        out[x0 + x] = harris_mc(sxx, syy, sxy, scale, k, thresh);
    }
}

void ovxc_sobel_row_s32(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_int32 gsize, vx_int32 *gx,
                   vx_int32 *gy)
{
    vx_int32 r = gsize / 2;
    const vx_int32 *ws = sobel_smooth[r - 1], *wd = sobel_deriv[r - 1];
    vx_uint32 x;
    vx_int32 i, j;
    if ((vx_int32)width < gsize) return;
    for (x = (vx_uint32)r; x < width - (vx_uint32)r; x++) {
        vx_int32 dx = 0, dy = 0;
        for (i = 0; i < gsize; i++) {
            const vx_uint8 *row = src + (i - r) * (ptrdiff_t)stride + (x - (vx_uint32)r);
            vx_int32 sx = 0, sy = 0;
            for (j = 0; j < gsize; j++) {
                sx += wd[j] * row[j];
                sy += ws[j] * row[j];
            }
            dx += ws[i] * sx;
            dy += wd[i] * sy;
        }
        gx[x] = dx;
        gy[x] = dy;
    }
}

/* Are 9 contiguous bits (cyclically) set in the 16-bit mask m? */
static int arc9(vx_uint32 m)
{
    vx_uint32 a = m | (m << 16); /* bit i + 16 = bit i: arcs that wrap become contiguous */
    vx_uint32 r = a & (a >> 1);  /* runs of 2 */
    r &= r >> 2;                 /* runs of 4 */
    r &= r >> 4;                 /* runs of 8 */
    r &= a >> 8;                 /* runs of 9 */
    return (r & 0xFFFFu) != 0;
}

void ovxc_fast9_row_u8_scalar(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_int32 t, vx_uint8 *s)
{
    vx_uint32 x;
    if (width < 7) return;
    for (x = 3; x < width - 3; x++) {
        const vx_uint8 *q = src + x;
        vx_int32 p = q[0], c0 = q[3], c4 = q[3 * (ptrdiff_t)stride], c8 = q[-3], c12 = q[-3 * (ptrdiff_t)stride];
        int b0 = c0 - p > t, b4 = c4 - p > t, b8 = c8 - p > t, b12 = c12 - p > t;
        int d0 = p - c0 > t, d4 = p - c4 > t, d8 = p - c8 > t, d12 = p - c12 > t;
        if ((b0 & b4) | (b4 & b8) | (b8 & b12) | (b12 & b0) | (d0 & d4) | (d4 & d8) | (d8 & d12) | (d12 & d0)) {
            /* then the segment test itself: 9 contiguous bits set among the circle's
             * 16 "brighter than p + t" (or "darker") bits; then the strength */
            vx_uint32 bb = 0, db = 0, k;
            vx_int32 v = -1;
            for (k = 0; k < 16; k++) {
                vx_int32 dv = q[fast_circle[k][1] * (ptrdiff_t)stride + fast_circle[k][0]] - p;
                bb |= (vx_uint32)(dv > t) << k;
                db |= (vx_uint32)(-dv > t) << k;
            }
            if (arc9(bb) || arc9(db)) v = ovxc_fast9_strength(src, stride, x, 0); /* the row as row 0 */
            if (v >= t) {
                s[x] = (vx_uint8)(v + 1);
                continue;
            }
        }
        s[x] = 0;
    }
}

vx_uint32 ovxc_nms_row_f32_scalar(const vx_float32 *s0, const vx_float32 *s1, const vx_float32 *s2, vx_uint32 x0,
                                 vx_uint32 x1, vx_float32 thr, vx_uint32 *xs)
{
    vx_uint32 x, n = 0;
    for (x = x0; x < x1; x++) {
        vx_float32 c = s1[x];
        if (c > thr && c >= s0[x - 1] && c >= s0[x] && c >= s0[x + 1] && c >= s1[x - 1] && c > s1[x + 1] &&
            c > s2[x - 1] && c > s2[x] && c > s2[x + 1])
            xs[n++] = x;
    }
    return n;
}

vx_uint32 ovxc_fast_nms_row_scalar(const vx_uint8 *s0, const vx_uint8 *s1, const vx_uint8 *s2, vx_uint32 x0,
                                  vx_uint32 x1, int nms, vx_uint32 *xs)
{
    vx_uint32 x, n = 0;
    for (x = x0; x < x1; x++) {
        vx_int32 c = s1[x] - 1;
        if (c < 0) continue;
        if (nms) {
#define NB(v) ((v) > 0 ? (vx_int32)(v) - 1 : 0)
            if (!(c >= NB(s0[x - 1]) && c >= NB(s0[x]) && c >= NB(s0[x + 1]) && c >= NB(s1[x - 1]) &&
                  c > NB(s1[x + 1]) && c > NB(s2[x - 1]) && c > NB(s2[x]) && c > NB(s2[x + 1])))
                continue;
#undef NB
        }
        xs[n++] = x;
    }
    return n;
}

static const ovxc_feat_kit feat_kit_scalar = {ovxc_fast_nms_row_scalar, ovxc_nms_row_f32_scalar, ovxc_canny_grad3_row_scalar,
                                              ovxc_canny_nms_row_scalar, ovxc_sobel3_prod_row_scalar, ovxc_harris_row_p32_scalar,
                                              ovxc_fast9_row_u8_scalar};

const ovxc_feat_kit *ovxc_feat_kit_scalar(void)
{
    return &feat_kit_scalar;
}

const ovx_variant *ovxc_feat_kit_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_feat_kit) OVX_VARIANT_SSE41(ovxc_feat_kit){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_feat_kit_scalar}};
    return table;
}
