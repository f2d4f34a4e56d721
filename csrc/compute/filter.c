/* Compute routines: filters and morphology (see filter.h). */
#include "filter.h"
#include "filter3.h"
#include "conv.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* ---- pixel access with the border rule --------------------------------- */

static inline int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

/* Pixel (x, y) of a U8 plane, outside pixels through the border rule. */
static inline int px_u8(const uint8_t *src, int32_t ss, const ovxc_area *a, int x, int y)
{
    if (x < 0 || y < 0 || x >= (int)a->width || y >= (int)a->height) {
        if (a->border == OVXC_BORDER_CONSTANT) return (int)(a->constant & 0xFFu);
        x = clampi(x, 0, (int)a->width - 1);
        y = clampi(y, 0, (int)a->height - 1);
    }
    return src[(ptrdiff_t)y * ss + x];
}

static inline int px_u1(const uint8_t *src, int32_t ss, const ovxc_area *a, int x, int y)
{
    if (x < 0 || y < 0 || x >= (int)a->width || y >= (int)a->height) {
        if (a->border == OVXC_BORDER_CONSTANT) return a->constant ? 1 : 0;
        x = clampi(x, 0, (int)a->width - 1);
        y = clampi(y, 0, (int)a->height - 1);
    }
    return (src[(ptrdiff_t)y * ss + x / 8] >> (x % 8)) & 1;
}

static inline void put_u1(uint8_t *row, uint32_t x, int v)
{
    uint8_t bit = (uint8_t)(1u << (x % 8));
    if (v)
        row[x / 8] |= bit;
    else
        row[x / 8] &= (uint8_t)~bit;
}

/* The part [*fa, *fb) of row y of the window whose neighbourhood (l pixels
 * left, r right, t rows above, b below) lies inside the image; the rest of
 * the window's row takes the border path. */
static void fast_range(const ovxc_area *a, uint32_t y, uint32_t l, uint32_t r, uint32_t t, uint32_t b, uint32_t *fa,
                       uint32_t *fb)
{
    uint32_t lo = a->x0, hi = a->x0;
    if (y >= t && (uint64_t)y + b < a->height && (uint64_t)a->width > (uint64_t)l + r) {
        lo = a->x0 > l ? a->x0 : l;
        hi = a->x1 < a->width - r ? a->x1 : a->width - r;
        if (lo > a->x1) lo = a->x1;
        if (hi < lo) hi = lo;
    }
    *fa = lo;
    *fb = hi;
}

/* ---- 3x3 filters -------------------------------------------------------- */

typedef void (*row3_f)(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                       uint32_t xb);
typedef int (*op9_f)(int v[9]);

/* The 3x3 neighbourhood of (x, y) by the border rule: px_u8's result for
 * each, with the rule applied once per row and per column instead of nine
 * times (the border columns of every row of a 3x3 filter come here: at
 * 1080p, nine full tests a pixel were a tenth of a Box3x3). */
static inline void gather9_u8(const uint8_t *src, int32_t ss, const ovxc_area *a, uint32_t x, uint32_t y, int v[9])
{
    const int w = (int)a->width, h = (int)a->height, c = (int)(a->constant & 0xFFu);
    const int constant = a->border == OVXC_BORDER_CONSTANT;
    int cx[3], in_x[3], k = 0;
    for (int i = 0; i < 3; i++) {
        int xx = (int)x + i - 1;
        in_x[i] = xx >= 0 && xx < w;
        cx[i] = clampi(xx, 0, w - 1);
    }
    for (int j = 0; j < 3; j++) {
        int yy = (int)y + j - 1, in_y = yy >= 0 && yy < h;
        const uint8_t *row = src + (ptrdiff_t)clampi(yy, 0, h - 1) * ss;
        for (int i = 0; i < 3; i++, k++) v[k] = constant && !(in_y && in_x[i]) ? c : row[cx[i]];
    }
}

/* Rows a column's windows are taken in at a time (edge_columns). */
#define EDGE_ROWS 256

/* The windows of column x, rows [ya, ya + n) (n <= EDGE_ROWS), transposed:
 * t[k][i] is pixel (x + k - 1, ya + i - 1) by the border rule, i in
 * [0, n + 2).  A row routine over t[0], t[1], t[2] at [1, n + 1) then sees
 * each of the column's windows transposed: the same result for a filter
 * whose 3x3 weights or order do not change under transposition (box,
 * Gaussian, median, dilate, erode), and gx and gy swapped for Sobel.  The
 * image's first and last columns go through here, two short strided
 * gathers and one row call a band, instead of a nine-pixel gather and an
 * op call a pixel (at 640x480 those two columns took a third of a Dilate3x3). */
static void edge_columns(const uint8_t *src, int32_t ss, const ovxc_area *a, uint32_t x, uint32_t ya, uint32_t n,
                         uint8_t t[3][EDGE_ROWS + 2])
{
    const int w = (int)a->width, h = (int)a->height, c = (int)(a->constant & 0xFFu);
    const int constant = a->border == OVXC_BORDER_CONSTANT;
    int cx[3], in_x[3];
    for (int k = 0; k < 3; k++) {
        int xx = (int)x + k - 1;
        in_x[k] = xx >= 0 && xx < w;
        cx[k] = clampi(xx, 0, w - 1);
    }
    for (uint32_t i = 0; i < n + 2; i++) {
        int j = (int)ya + (int)i - 1, in_y = j >= 0 && j < h;
        const uint8_t *row = src + (ptrdiff_t)clampi(j, 0, h - 1) * ss;
        for (int k = 0; k < 3; k++) t[k][i] = (uint8_t)(constant && !(in_y && in_x[k]) ? c : row[cx[k]]);
    }
}

/* The image columns of the window (a->width >= 3) that the row routines do
 * not reach: 0 when x0 is 0, width - 1 when x1 is the width. */
static uint32_t edge_xs(const ovxc_area *a, uint32_t xs[2])
{
    uint32_t m = 0;
    if (a->x0 >= a->x1) return 0;
    if (a->x0 == 0) xs[m++] = 0;
    if (a->x1 == a->width) xs[m++] = a->width - 1;
    return m;
}

static void run3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a, row3_f row,
                      op9_f op)
{
    for (uint32_t y = a->y0; y < a->y1; y++) {
        uint8_t *d = dst + (ptrdiff_t)y * ds;
        uint32_t fa, fb, x;
        int v[9];
        fast_range(a, y, 1, 1, 1, 1, &fa, &fb);
        if (fb > fa) {
            const uint8_t *r1 = src + (ptrdiff_t)y * ss;
            row(r1 - ss, r1, r1 + ss, d, fa, fb);
        } else if (a->width >= 3) {
            /* the first or last row (or both): the row routine with the rows
             * outside the image given by the border rule (the row itself
             * when replicating, a row of the constant otherwise) */
            const uint8_t *r1 = src + (ptrdiff_t)y * ss;
            const uint8_t *r0 = y > 0 ? r1 - ss : NULL, *r2 = y + 1 < a->height ? r1 + ss : NULL;
            fa = a->x0 > 1 ? a->x0 : 1;
            fb = a->x1 < a->width - 1 ? a->x1 : a->width - 1;
            if (fa > a->x1) fa = a->x1;
            if (fb < fa) fb = fa;
            if (a->border == OVXC_BORDER_REPLICATE) {
                row(r0 ? r0 : r1, r1, r2 ? r2 : r1, d, fa, fb);
            } else {
                uint8_t c[514];
                uint32_t at;
                memset(c, (int)a->constant, sizeof(c));
                for (at = fa; at < fb; at += 512) { /* x = at - 1 + k, k in [1, n] */
                    uint32_t n = fb - at < 512 ? fb - at : 512;
                    row(r0 ? r0 + at - 1 : c, r1 + at - 1, r2 ? r2 + at - 1 : c, d + at - 1, 1, n + 1);
                }
            }
        }
        if (a->width >= 3) continue; /* (the edge columns below) */
        for (x = a->x0; x < fa; x++) {
            gather9_u8(src, ss, a, x, y, v);
            d[x] = (uint8_t)op(v);
        }
        for (x = fb; x < a->x1; x++) {
            gather9_u8(src, ss, a, x, y, v);
            d[x] = (uint8_t)op(v);
        }
    }
    if (a->width >= 3) {
        uint8_t t[3][EDGE_ROWS + 2], o[EDGE_ROWS + 2];
        uint32_t xs[2], m = edge_xs(a, xs), e, ya, n, i;
        for (e = 0; e < m; e++)
            for (ya = a->y0; ya < a->y1; ya += n) {
                n = a->y1 - ya < EDGE_ROWS ? a->y1 - ya : EDGE_ROWS;
                edge_columns(src, ss, a, xs[e], ya, n, t);
                row(t[0], t[1], t[2], o, 1, n + 1);
                for (i = 0; i < n; i++) dst[(ptrdiff_t)(ya + i) * ds + xs[e]] = o[i + 1];
            }
    }
}

static void run3x3_u1(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a, op9_f op)
{
    for (uint32_t y = a->y0; y < a->y1; y++) {
        uint8_t *d = dst + (ptrdiff_t)y * ds;
        for (uint32_t x = a->x0; x < a->x1; x++) {
            int v[9], k = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) v[k++] = px_u1(src, ss, a, (int)x + dx, (int)y + dy);
            put_u1(d, x, op(v));
        }
    }
}

/* Box: sum / 9 (integer division). */
void ovxc_row3_box_scalar(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa, uint32_t xb)
{
    for (uint32_t x = xa; x < xb; x++) {
        uint32_t s = (uint32_t)r0[x - 1] + r0[x] + r0[x + 1] + r1[x - 1] + r1[x] + r1[x + 1] + r2[x - 1] + r2[x] +
                     r2[x + 1];
        d[x] = (uint8_t)(s / 9u);
    }
}

static int box_op(int v[9])
{
    int s = 0;
    for (int k = 0; k < 9; k++) s += v[k];
    return s / 9;
}

/* Gaussian: [1 2 1; 2 4 2; 1 2 1] / 16. */
void ovxc_row3_gauss_scalar(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                      uint32_t xb)
{
    for (uint32_t x = xa; x < xb; x++) {
        uint32_t s = (uint32_t)r0[x - 1] + 2u * r0[x] + r0[x + 1] + 2u * r1[x - 1] + 4u * r1[x] + 2u * r1[x + 1] +
                     r2[x - 1] + 2u * r2[x] + r2[x + 1];
        d[x] = (uint8_t)(s >> 4);
    }
}

static int gauss_op(int v[9])
{
    return (v[0] + 2 * v[1] + v[2] + 2 * v[3] + 4 * v[4] + 2 * v[5] + v[6] + 2 * v[7] + v[8]) >> 4;
}

/* Median of 9 by a fixed exchange network (min/max only: vectorizable). */
#define OVXC_SORT2(p, q)                                                                                       \
    do {                                                                                                       \
        int lo_ = (p) < (q) ? (p) : (q), hi_ = (p) < (q) ? (q) : (p);                                          \
        (p) = lo_;                                                                                             \
        (q) = hi_;                                                                                             \
    } while (0)

static int median_op(int p[9])
{
    OVXC_SORT2(p[1], p[2]); OVXC_SORT2(p[4], p[5]); OVXC_SORT2(p[7], p[8]);
    OVXC_SORT2(p[0], p[1]); OVXC_SORT2(p[3], p[4]); OVXC_SORT2(p[6], p[7]);
    OVXC_SORT2(p[1], p[2]); OVXC_SORT2(p[4], p[5]); OVXC_SORT2(p[7], p[8]);
    OVXC_SORT2(p[0], p[3]); OVXC_SORT2(p[5], p[8]); OVXC_SORT2(p[4], p[7]);
    OVXC_SORT2(p[3], p[6]); OVXC_SORT2(p[1], p[4]); OVXC_SORT2(p[2], p[5]);
    OVXC_SORT2(p[4], p[7]); OVXC_SORT2(p[4], p[2]); OVXC_SORT2(p[6], p[4]);
    OVXC_SORT2(p[4], p[2]);
    return p[4];
}

void ovxc_row3_median_scalar(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                       uint32_t xb)
{
    for (uint32_t x = xa; x < xb; x++) {
        int p[9] = {r0[x - 1], r0[x], r0[x + 1], r1[x - 1], r1[x], r1[x + 1], r2[x - 1], r2[x], r2[x + 1]};
        d[x] = (uint8_t)median_op(p);
    }
}

static inline uint8_t max8(uint8_t a, uint8_t b)
{
    return a > b ? a : b;
}

static inline uint8_t min8(uint8_t a, uint8_t b)
{
    return a < b ? a : b;
}

void ovxc_row3_dilate_scalar(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa,
                       uint32_t xb)
{
    for (uint32_t x = xa; x < xb; x++) {
        uint8_t m = max8(max8(r0[x - 1], r0[x]), r0[x + 1]);
        m = max8(m, max8(max8(r1[x - 1], r1[x]), r1[x + 1]));
        d[x] = max8(m, max8(max8(r2[x - 1], r2[x]), r2[x + 1]));
    }
}

void ovxc_row3_erode_scalar(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint8_t *d, uint32_t xa, uint32_t xb)
{
    for (uint32_t x = xa; x < xb; x++) {
        uint8_t m = min8(min8(r0[x - 1], r0[x]), r0[x + 1]);
        m = min8(m, min8(min8(r1[x - 1], r1[x]), r1[x + 1]));
        d[x] = min8(m, min8(min8(r2[x - 1], r2[x]), r2[x + 1]));
    }
}

static int max_op(int v[9])
{
    int m = v[0];
    for (int k = 1; k < 9; k++) m = v[k] > m ? v[k] : m;
    return m;
}

static int min_op(int v[9])
{
    int m = v[0];
    for (int k = 1; k < 9; k++) m = v[k] < m ? v[k] : m;
    return m;
}

/* ---- the 3x3 filters' variant tables (compute/filter3.h) -------------------- */

/* Median, Dilate and Erode have no AVX-512 variant: their 64-byte unaligned
 * loads at x - 1 and x + 1 split cache lines every time, and they measured
 * slower than the AVX2 rows (which the avx512 level then runs). */
#define F3_TABLE(name, wide)                                                                                  \
    static const ovx_variant f3_table_##name[] = {wide(ovxc_row3_##name) OVX_VARIANT_AVX2(ovxc_row3_##name)  \
                                                      OVX_VARIANT_SSE41(ovxc_row3_##name){                   \
                                                          "scalar", OVX_SIMD_NONE,                           \
                                                          (ovx_fn)ovxc_row3_##name##_scalar}};
#define F3_NONE(base)
F3_TABLE(box, OVX_VARIANT_AVX512)
F3_TABLE(gauss, OVX_VARIANT_AVX512)
F3_TABLE(median, F3_NONE)
F3_TABLE(dilate, F3_NONE)
F3_TABLE(erode, F3_NONE)
#undef F3_TABLE
#undef F3_NONE

const ovx_variant *ovxc_filter3_variants(ovxc_filter3_op op)
{
    static const ovx_variant *const tables[OVXC_F3_COUNT] = {
#define F3_ENTRY(name) f3_table_##name,
        OVXC_FILTER3_OPS(F3_ENTRY)
#undef F3_ENTRY
    };
    return (unsigned)op < OVXC_F3_COUNT ? tables[op] : NULL;
}

void ovxc_filter3x3_u8(ovxc_filter3_op op, ovxc_row3_f row, const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds,
                       const ovxc_area *a)
{
    static const op9_f border_ops[OVXC_F3_COUNT] = {box_op, gauss_op, median_op, max_op, min_op};
    if ((unsigned)op >= OVXC_F3_COUNT) return;
    run3x3_u8(src, ss, dst, ds, a, (row3_f)row, border_ops[op]);
}

void ovxc_box3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a)
{
    run3x3_u8(src, ss, dst, ds, a, ovxc_row3_box_scalar, box_op);
}

void ovxc_gaussian3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a)
{
    run3x3_u8(src, ss, dst, ds, a, ovxc_row3_gauss_scalar, gauss_op);
}

void ovxc_median3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a)
{
    run3x3_u8(src, ss, dst, ds, a, ovxc_row3_median_scalar, median_op);
}

void ovxc_dilate3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a)
{
    run3x3_u8(src, ss, dst, ds, a, ovxc_row3_dilate_scalar, max_op);
}

void ovxc_erode3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a)
{
    run3x3_u8(src, ss, dst, ds, a, ovxc_row3_erode_scalar, min_op);
}

void ovxc_median3x3_u1(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a)
{
    run3x3_u1(src, ss, dst, ds, a, median_op);
}

void ovxc_dilate3x3_u1(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a)
{
    run3x3_u1(src, ss, dst, ds, a, max_op);
}

void ovxc_erode3x3_u1(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a)
{
    run3x3_u1(src, ss, dst, ds, a, min_op);
}

/* ---- Sobel -------------------------------------------------------------- */

/* gx and gy of n pixels (a, b, c: the rows above, at and below them);
 * restrict and a size_t index let the compiler vectorize */
static void sobel_gx(const uint8_t *restrict a, const uint8_t *restrict b, const uint8_t *restrict c,
                     int16_t *restrict g, size_t n)
{
    for (size_t i = 0; i < n; i++)
        g[i] = (int16_t)((a[i + 1] - a[i - 1]) + 2 * (b[i + 1] - b[i - 1]) + (c[i + 1] - c[i - 1]));
}

static void sobel_gy(const uint8_t *restrict a, const uint8_t *restrict c, int16_t *restrict g, size_t n)
{
    for (size_t i = 0; i < n; i++)
        g[i] = (int16_t)((c[i - 1] - a[i - 1]) + 2 * (c[i] - a[i]) + (c[i + 1] - a[i + 1]));
}

void ovxc_sobel_row_scalar(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int16_t *gx, int16_t *gy,
                           uint32_t xa, uint32_t xb)
{
    if (xb <= xa) return;
    if (gx) sobel_gx(r0 + xa, r1 + xa, r2 + xa, gx + xa, xb - xa);
    if (gy) sobel_gy(r0 + xa, r2 + xa, gy + xa, xb - xa);
}

static void sobel_px(const int v[9], int16_t *gx, int16_t *gy, uint32_t x)
{
    if (gx) gx[x] = (int16_t)((v[2] - v[0]) + 2 * (v[5] - v[3]) + (v[8] - v[6]));
    if (gy) gy[x] = (int16_t)((v[6] - v[0]) + 2 * (v[7] - v[1]) + (v[8] - v[2]));
}

/* Row y's pixels outside [fa, fb) of the window, per pixel by the border
 * rule (images narrower than 3: wider ones take sobel_edge_columns). */
static void sobel_edges(const uint8_t *src, int32_t ss, const ovxc_area *a, uint32_t y, int16_t *dx, int16_t *dy,
                        uint32_t fa, uint32_t fb)
{
    int v[9];
    uint32_t x;
    if (a->width >= 3) return;
    for (x = a->x0; x < fa; x++) {
        gather9_u8(src, ss, a, x, y, v);
        sobel_px(v, dx, dy, x);
    }
    for (x = fb; x < a->x1; x++) {
        gather9_u8(src, ss, a, x, y, v);
        sobel_px(v, dx, dy, x);
    }
}

/* The window's first and last image columns (a->width >= 3) through the row
 * routine, transposed (edge_columns): its gx of the transposed windows is
 * their gy, and its gy their gx. */
static void sobel_edge_columns(ovxc_sobel_row_f row, const uint8_t *src, int32_t ss, int16_t *gx, int32_t gxs,
                               int16_t *gy, int32_t gys, const ovxc_area *a)
{
    uint8_t t[3][EDGE_ROWS + 2];
    int16_t ox[EDGE_ROWS + 2], oy[EDGE_ROWS + 2];
    uint32_t xs[2], m, e, ya, n, i;
    if (a->width < 3) return;
    m = edge_xs(a, xs);
    for (e = 0; e < m; e++)
        for (ya = a->y0; ya < a->y1; ya += n) {
            n = a->y1 - ya < EDGE_ROWS ? a->y1 - ya : EDGE_ROWS;
            edge_columns(src, ss, a, xs[e], ya, n, t);
            row(t[0], t[1], t[2], gy ? oy : NULL, gx ? ox : NULL, 1, n + 1);
            for (i = 0; i < n; i++) {
                if (gx) *(int16_t *)((uint8_t *)gx + (ptrdiff_t)(ya + i) * gxs + 2 * (ptrdiff_t)xs[e]) = ox[i + 1];
                if (gy) *(int16_t *)((uint8_t *)gy + (ptrdiff_t)(ya + i) * gys + 2 * (ptrdiff_t)xs[e]) = oy[i + 1];
            }
        }
}

void ovxc_sobel3x3_u8(const uint8_t *src, int32_t ss, int16_t *gx, int32_t gxs, int16_t *gy, int32_t gys,
                      const ovxc_area *a)
{
    ovxc_sobel3x3_rows(ovxc_sobel_row_scalar, src, ss, gx, gxs, gy, gys, a);
}

const ovx_variant *ovxc_sobel_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_sobel_row) OVX_VARIANT_SSE41(ovxc_sobel_row){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_sobel_row_scalar}};
    return table;
}

void ovxc_sobel3x3_rows(ovxc_sobel_row_f row, const uint8_t *src, int32_t ss, int16_t *gx, int32_t gxs, int16_t *gy,
                        int32_t gys, const ovxc_area *a)
{
    for (uint32_t y = a->y0; y < a->y1; y++) {
        int16_t *dx = gx ? (int16_t *)((uint8_t *)gx + (ptrdiff_t)y * gxs) : NULL;
        int16_t *dy = gy ? (int16_t *)((uint8_t *)gy + (ptrdiff_t)y * gys) : NULL;
        const uint8_t *r1 = src + (ptrdiff_t)y * ss;
        uint32_t fa, fb;
        fast_range(a, y, 1, 1, 1, 1, &fa, &fb);
        if (fb > fa) {
            row(r1 - ss, r1, r1 + ss, dx, dy, fa, fb);
        } else if (a->width >= 3) {
            /* the first or last row (or both): the rows outside the image by
             * the border rule (the row itself when replicating, a row of the
             * constant otherwise) */
            const uint8_t *r0 = y > 0 ? r1 - ss : NULL, *r2 = y + 1 < a->height ? r1 + ss : NULL;
            fa = a->x0 > 1 ? a->x0 : 1;
            fb = a->x1 < a->width - 1 ? a->x1 : a->width - 1;
            if (fa > a->x1) fa = a->x1;
            if (fb < fa) fb = fa;
            if (a->border == OVXC_BORDER_REPLICATE) {
                row(r0 ? r0 : r1, r1, r2 ? r2 : r1, dx, dy, fa, fb);
            } else {
                uint8_t c[514];
                uint32_t at;
                memset(c, (int)(a->constant & 0xFFu), sizeof(c));
                for (at = fa; at < fb; at += 512) { /* x = at - 1 + k, k in [1, n] */
                    uint32_t n = fb - at < 512 ? fb - at : 512;
                    row(r0 ? r0 + at - 1 : c, r1 + at - 1, r2 ? r2 + at - 1 : c, dx ? dx + at - 1 : NULL,
                        dy ? dy + at - 1 : NULL, 1, n + 1);
                }
            }
        }
        sobel_edges(src, ss, a, y, dx, dy, fa, fb);
    }
    sobel_edge_columns(row, src, ss, gx, gxs, gy, gys, a);
}

/* ---- custom convolution ------------------------------------------------- */

static inline void conv_store(void *dst, int dst_s16, uint32_t x, int32_t sum, int32_t scale)
{
    int32_t v = sum / scale;
    if (dst_s16)
        ((int16_t *)dst)[x] = (int16_t)(v < -32768 ? -32768 : (v > 32767 ? 32767 : v));
    else
        ((uint8_t *)dst)[x] = (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
}

#define OVXC_CONV_CHUNK 256

void ovxc_convolve_u8(const uint8_t *src, int32_t ss, void *dst, int32_t ds, int dst_s16, const int16_t *coef,
                      uint32_t cols, uint32_t rows, uint32_t scale, const ovxc_area *a)
{
    const uint32_t rx = cols / 2, ry = rows / 2;
    const int32_t sc = scale ? (int32_t)scale : 1;
    for (uint32_t y = a->y0; y < a->y1; y++) {
        uint8_t *drow = (uint8_t *)dst + (ptrdiff_t)y * ds;
        uint32_t fa, fb, x;
        fast_range(a, y, rx, rx, ry, ry, &fa, &fb);
        for (x = fa; x < fb; x += OVXC_CONV_CHUNK) {
            int32_t acc[OVXC_CONV_CHUNK];
            uint32_t n = fb - x < OVXC_CONV_CHUNK ? fb - x : OVXC_CONV_CHUNK;
            for (uint32_t k = 0; k < n; k++) acc[k] = 0;
            for (uint32_t j = 0; j < rows; j++) {
                /* coefficient row j multiplies image row y + ry - j */
                const uint8_t *s = src + ((ptrdiff_t)y + ry - j) * ss + x + rx;
                for (uint32_t i = 0; i < cols; i++) {
                    const int32_t c = coef[j * cols + i];
                    const uint8_t *si = s - i;
                    for (uint32_t k = 0; k < n; k++) acc[k] += c * si[k];
                }
            }
            for (uint32_t k = 0; k < n; k++) conv_store(drow, dst_s16, x + k, acc[k], sc);
        }
        for (x = a->x0; x < a->x1; x++) {
            if (x == fa) {
                x = fb;
                if (x >= a->x1) break;
            }
            int32_t sum = 0;
            for (uint32_t j = 0; j < rows; j++)
                for (uint32_t i = 0; i < cols; i++)
                    sum += coef[j * cols + i] * px_u8(src, ss, a, (int)(x + rx - i), (int)(y + ry - j));
            conv_store(drow, dst_s16, x, sum, sc);
        }
    }
}

/* ---- custom convolution rows (compute/conv.h) ------------------------------ */

/* Switch p to OVXC_CONV_SEP when coef is vert x horz in integers and the
 * two passes cost fewer vector operations than the direct pairs. */
static void conv_plan_separable(ovxc_conv_plan *p, const int16_t *coef, uint32_t cols, uint32_t rows)
{
    uint32_t j0 = rows, i0 = cols, i, j;
    int32_t g = 0, vp = 0, vn = 0, cost_sep, cost_direct;
    for (j = 0; j < rows && j0 == rows; j++) /* the first nonzero row */
        for (i = 0; i < cols; i++)
            if (coef[j * cols + i]) {
                j0 = j;
                break;
            }
    if (j0 == rows) return; /* all zero: the direct sum has no taps */
    for (i = 0; i < cols; i++) { /* horz: that row over the gcd of its entries, the first nonzero positive */
        int32_t a = coef[j0 * cols + i] < 0 ? -coef[j0 * cols + i] : coef[j0 * cols + i];
        while (a) {
            int32_t t = g % a;
            g = a;
            a = t;
        }
        if (i0 == cols && coef[j0 * cols + i]) i0 = i;
    }
    if (coef[j0 * cols + i0] < 0) g = -g;
    for (i = 0; i < cols; i++) {
        int32_t h = coef[j0 * cols + i] / g;
        if (h > 32767) return; /* -32768 / -1 */
        p->horz[i] = (int16_t)h;
    }
    for (j = 0; j < rows; j++) { /* vert[j] = coef[j][i0] / horz[i0], exact for every i */
        int32_t v = coef[j * cols + i0] / p->horz[i0];
        if (v > 32767 || v < -32768) return;
        for (i = 0; i < cols; i++)
            if (v * p->horz[i] != coef[j * cols + i]) return;
        p->vert[j] = (int16_t)v;
        if (v > 0) vp += v;
        else vn -= v;
    }
    p->sep32 = 255 * vp > 32767 || 255 * vn > 32768;
    /* relative costs measured at 1080p (AVX2): a direct pair 10 (16-bit
     * lanes), 11 (groups), 20 (32-bit lanes); two passes 20 and a row 10
     * (16-bit column sums) or a pair of rows 20 (32-bit ones), a horizontal
     * pair 18 (of 16-bit sums) or tap 18 (of 32-bit ones) */
    cost_sep = 20 + (p->sep32 ? 20 * (int32_t)((rows + 1) / 2) + 18 * (int32_t)cols
                              : 10 * (int32_t)rows + 18 * (int32_t)((cols + 1) / 2));
    cost_direct = (p->mode == OVXC_CONV_I16 || p->mode == OVXC_CONV_U16 ? 10 : p->mode == OVXC_CONV_G16 ? 11 : 20) *
                  (p->ntaps / 2);
    if (cost_sep >= cost_direct) return;
    p->horz[cols] = 0;
    p->vert[rows] = 0;
    for (i = 0; i < (cols + 1) / 2; i++)
        p->hpair[i] = (uint32_t)(uint16_t)p->horz[2 * i] | ((uint32_t)(uint16_t)p->horz[2 * i + 1] << 16);
    for (j = 0; j < (rows + 1) / 2; j++)
        p->vpair[j] = (uint32_t)(uint16_t)p->vert[2 * j] | ((uint32_t)(uint16_t)p->vert[2 * j + 1] << 16);
    p->mode = OVXC_CONV_SEP;
}

int ovxc_conv_plan_init(ovxc_conv_plan *p, const int16_t *coef, uint32_t cols, uint32_t rows, uint32_t scale,
                        int dst_s16)
{
    int32_t pos = 0, neg = 0, cmax = 0, cmin = 0, gp = 0, gn = 0;
    int n = 0, k, pend = -1;
    uint8_t trow[OVXC_CONV_MAX_TAPS], toff[OVXC_CONV_MAX_TAPS];
    int16_t tc[OVXC_CONV_MAX_TAPS];
    if (!p || !coef || cols % 2 == 0 || rows % 2 == 0 || cols > OVXC_CONV_MAX_DIM || rows > OVXC_CONV_MAX_DIM)
        return -1;
    if (scale == 0) scale = 1; /* as the reference */
    if (scale & (scale - 1)) return -1;
    p->cols = cols;
    p->rows = rows;
    p->dst_s16 = dst_s16 ? 1 : 0;
    p->scale = scale;
    p->sep32 = 0;
    for (p->shift = 0; (1u << p->shift) != scale; p->shift++) {
    }
    for (uint32_t j = 0; j < rows; j++)
        for (uint32_t i = 0; i < cols; i++) {
            int16_t c = coef[j * cols + i];
            if (c == 0) continue;
            trow[n] = (uint8_t)j;
            toff[n] = (uint8_t)(cols - 1 - i);
            tc[n] = c;
            n++;
            if (c > 0) pos += c;
            else neg -= c;
            cmax = c > cmax ? c : cmax;
            cmin = c < cmin ? c : cmin;
        }
    /* 16-bit lanes: every partial sum in [-255 * neg, 255 * pos] fits int16,
     * and so does every pair's u8 x s8 sum (pmaddubsw never saturates);
     * the shift of a 16-bit lane stays below 16.  Unsigned 16-bit lanes: no
     * negative coefficient, every partial sum <= 255 * pos fits uint16, and
     * the pairs are formed so that c1 + c2 <= 128 (255 * 128 <= 32767).
     * Groups: s8 coefficients, pairs whose positive and negative parts each
     * sum to at most 128, groups of pairs likewise. */
    if (255 * pos <= 32767 && 255 * neg <= 32768 && cmax <= 127 && p->shift <= 15)
        p->mode = OVXC_CONV_I16;
    else if (neg == 0 && 255 * pos <= 65535 && cmax <= 127)
        p->mode = OVXC_CONV_U16;
    else if (cmax <= 127 && cmin >= -128)
        p->mode = OVXC_CONV_G16;
    else
        p->mode = OVXC_CONV_I32;
    p->ntaps = 0;
#define OVXC_CONV_PUT(r, o, c) (p->row[p->ntaps] = (r), p->off[p->ntaps] = (o), p->coef[p->ntaps] = (c), p->ntaps++)
    for (k = 0; k < n; k++) {
        if (pend < 0) {
            pend = k;
        } else if (p->mode == OVXC_CONV_I16 || p->mode == OVXC_CONV_I32 ||
                   ((tc[pend] > 0 ? tc[pend] : 0) + (tc[k] > 0 ? tc[k] : 0) <= 128 &&
                    (tc[pend] < 0 ? -tc[pend] : 0) + (tc[k] < 0 ? -tc[k] : 0) <= 128)) {
            OVXC_CONV_PUT(trow[pend], toff[pend], tc[pend]);
            OVXC_CONV_PUT(trow[k], toff[k], tc[k]);
            pend = -1;
        } else { /* the pending tap with a zero partner */
            OVXC_CONV_PUT(trow[pend], toff[pend], tc[pend]);
            OVXC_CONV_PUT(trow[pend], toff[pend], 0);
            pend = k;
        }
    }
    if (pend >= 0) {
        OVXC_CONV_PUT(trow[pend], toff[pend], tc[pend]);
        OVXC_CONV_PUT(trow[pend], toff[pend], 0);
    }
#undef OVXC_CONV_PUT
    p->ngroups = 0;
    for (k = 0; k < p->ntaps / 2; k++) { /* groups of pairs (all the pairs as one outside G16) */
        int32_t c1 = p->coef[2 * k], c2 = p->coef[2 * k + 1];
        int32_t pp = (c1 > 0 ? c1 : 0) + (c2 > 0 ? c2 : 0), pn = (c1 < 0 ? -c1 : 0) + (c2 < 0 ? -c2 : 0);
        if (p->mode == OVXC_CONV_G16 && k > 0 && (gp + pp > 128 || gn + pn > 128)) {
            p->group[p->ngroups++] = (uint16_t)k;
            gp = gn = 0;
        }
        gp += pp;
        gn += pn;
    }
    p->group[p->ngroups++] = (uint16_t)(p->ntaps / 2);
    conv_plan_separable(p, coef, cols, rows);
    for (k = 0; k < p->ntaps / 2; k++) {
        uint16_t c1 = (uint16_t)p->coef[2 * k], c2 = (uint16_t)p->coef[2 * k + 1];
        if (p->mode == OVXC_CONV_I32) {
            p->pair[k] = (uint32_t)c1 | ((uint32_t)c2 << 16);
        } else {
            uint32_t w = (c1 & 0xFFu) | ((c2 & 0xFFu) << 8);
            p->pair[k] = w | (w << 16);
        }
    }
    return 0;
}

static void conv_acc(int32_t *restrict acc, const uint8_t *restrict s, int32_t c, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++) acc[k] += c * s[k];
}

void ovxc_conv_row_scalar(const ovxc_conv_plan *p, const uint8_t *const *r, void *d, uint32_t xa, uint32_t xb)
{
    /* sum / 2^k truncated toward zero (as the C division of the reference) */
    const int k = p->shift;
    const int32_t m = (int32_t)((1u << k) - 1u);
    for (uint32_t x = xa; x < xb; x += OVXC_CONV_CHUNK) {
        int32_t acc[OVXC_CONV_CHUNK];
        uint32_t n = xb - x < OVXC_CONV_CHUNK ? xb - x : OVXC_CONV_CHUNK;
        for (uint32_t q = 0; q < n; q++) acc[q] = 0;
        for (int t = 0; t < p->ntaps; t++)
            if (p->coef[t]) conv_acc(acc, r[p->row[t]] + p->off[t] + x, p->coef[t], n);
        if (p->dst_s16) {
            int16_t *o = (int16_t *)d + x;
            for (uint32_t q = 0; q < n; q++) {
                int32_t v = (acc[q] + ((acc[q] >> 31) & m)) >> k;
                o[q] = (int16_t)(v < -32768 ? -32768 : (v > 32767 ? 32767 : v));
            }
        } else {
            uint8_t *o = (uint8_t *)d + x;
            for (uint32_t q = 0; q < n; q++) {
                int32_t v = (acc[q] + ((acc[q] >> 31) & m)) >> k;
                o[q] = (uint8_t)(v < 0 ? 0 : (v > 255 ? 255 : v));
            }
        }
    }
}

const ovx_variant *ovxc_conv_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX512(ovxc_conv_row) OVX_VARIANT_AVX2(ovxc_conv_row)
                                            OVX_VARIANT_SSE41(ovxc_conv_row){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_conv_row_scalar}};
    return table;
}

/* Padded segments are computed OVXC_CONV_MIN_RUN pixels wide at least (the
 * widest variant's step) into a scratch row: whole vectors, not the scalar
 * row, for the few pixels at the left and right edges. */
#define OVXC_CONV_MIN_RUN 64

void ovxc_convolve_rows(const ovxc_conv_plan *p, ovxc_conv_row_f row, const uint8_t *src, int32_t ss, void *dst,
                        int32_t ds, const ovxc_area *a)
{
    const uint32_t rx = p->cols / 2, ry = p->rows / 2, bpp = p->dst_s16 ? 2 : 1;
    uint8_t pad[OVXC_CONV_MAX_DIM][OVXC_CONV_CHUNK + OVXC_CONV_MAX_DIM - 1];
    int16_t few[OVXC_CONV_MIN_RUN];
    const uint8_t *rp[OVXC_CONV_MAX_DIM];
    if (a->width == 0 || a->height == 0) return;
    for (uint32_t y = a->y0; y < a->y1; y++) {
        uint8_t *drow = (uint8_t *)dst + (ptrdiff_t)y * ds;
        uint32_t fa, fb, part;
        fast_range(a, y, rx, rx, ry, ry, &fa, &fb);
        if (fb > fa) { /* every tap inside: the image rows themselves */
            for (uint32_t j = 0; j < p->rows; j++) rp[j] = src + ((ptrdiff_t)y + ry - j) * ss + (fa - rx);
            row(p, rp, drow + (size_t)fa * bpp, 0, fb - fa);
        }
        for (part = 0; part < 2; part++) { /* [x0, fa) and [fb, x1): rows padded by the border rule */
            uint32_t xs = part ? fb : a->x0, xe = part ? a->x1 : fa, x, n, m;
            for (x = xs; x < xe; x += n) {
                n = xe - x < OVXC_CONV_CHUNK ? xe - x : OVXC_CONV_CHUNK;
                m = n < OVXC_CONV_MIN_RUN ? OVXC_CONV_MIN_RUN : n; /* a whole vector for the few pixels */
                for (uint32_t j = 0; j < p->rows; j++) {
                    ovxc_pad_row_u8(pad[j], src, ss, a, (int64_t)y + ry - j, (int64_t)x - rx, m + p->cols - 1,
                                    (uint8_t)(a->constant & 0xFFu));
                    rp[j] = pad[j];
                }
                if (m == n) {
                    row(p, rp, drow + (size_t)x * bpp, 0, n);
                } else {
                    row(p, rp, few, 0, m);
                    memcpy(drow + (size_t)x * bpp, few, (size_t)n * bpp);
                }
            }
        }
    }
}

/* ---- non-linear filter -------------------------------------------------- */

#define OVXC_NL_MAX_TAPS 1024

/* k-th smallest of v[0..n-1] (reorders v). */
static uint8_t select_k(uint8_t *v, int n, int k)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        uint8_t p = v[(lo + hi) / 2];
        int i = lo, j = hi;
        while (i <= j) {
            while (v[i] < p) i++;
            while (v[j] > p) j--;
            if (i <= j) {
                uint8_t t = v[i];
                v[i] = v[j];
                v[j] = t;
                i++;
                j--;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            break;
    }
    return v[k];
}

static uint8_t nl_reduce(int function, uint8_t *v, int n)
{
    uint8_t m;
    if (n <= 0) return 0;
    switch (function) {
    case OVXC_NL_MIN:
        m = v[0];
        for (int k = 1; k < n; k++) m = v[k] < m ? v[k] : m;
        return m;
    case OVXC_NL_MAX:
        m = v[0];
        for (int k = 1; k < n; k++) m = v[k] > m ? v[k] : m;
        return m;
    default:
        return select_k(v, n, n / 2);
    }
}

/* Offsets (dx, dy) of the mask's nonzero taps relative to the output pixel. */
static int nl_taps(const uint8_t *mask, uint32_t cols, uint32_t rows, uint32_t ox, uint32_t oy, int *tx, int *ty)
{
    int n = 0;
    for (uint32_t j = 0; j < rows; j++)
        for (uint32_t i = 0; i < cols; i++)
            if (mask[j * cols + i] && n < OVXC_NL_MAX_TAPS) {
                tx[n] = (int)i - (int)ox;
                ty[n] = (int)j - (int)oy;
                n++;
            }
    return n;
}

/* The pruned network of ovxc_nl_prog for n taps (see filter.h). */
static void nl_build(ovxc_nl_prog *p, int function, int n)
{
    enum { C0, C255, VAR };
    struct {
        uint8_t kind, i, j;
    } act[OVXC_NL_MAX_OPS];
    uint8_t state[OVXC_NL_WIRES], live[OVXC_NL_WIRES];
    ovxc_nl_op rev[OVXC_NL_MAX_OPS];
    int wires = n <= 32 ? 32 : (n <= 64 ? 64 : 128), na = 0, nr = 0, w, q, k, j, i;
    p->function = function;
    p->n = n;
    p->nops = 0;
    p->first = (wires - n) / 2;
    p->out = p->first + n / 2;
    if (function != OVXC_NL_MEDIAN) return;
    for (w = 0; w < wires; w++) state[w] = w < p->first ? C0 : (w < p->first + n ? VAR : C255);
    /* Batcher's odd-even merge sort, comparator (lo, hi): min to lo, max to
     * hi; constants folded forward */
    for (q = 1; q < wires; q <<= 1)
        for (k = q; k >= 1; k >>= 1)
            for (j = k % q; j + k < wires; j += 2 * k)
                for (i = 0; i < k && i + j + k < wires; i++) {
                    int lo = i + j, hi = i + j + k;
                    if ((i + j) / (2 * q) != (i + j + k) / (2 * q)) continue;
                    if (state[lo] == C0 || state[hi] == C255) continue; /* in order already */
                    if (state[hi] == C0 || state[lo] == C255) {     /* swapped: a move (or two constants) */
                        uint8_t t = state[lo];
                        if (state[lo] == VAR) act[na].kind = OVXC_NL_OP_MOVE, act[na].i = (uint8_t)hi, act[na].j = (uint8_t)lo, na++;
                        if (state[hi] == VAR) act[na].kind = OVXC_NL_OP_MOVE, act[na].i = (uint8_t)lo, act[na].j = (uint8_t)hi, na++;
                        /* a pair of moves swapping two variables cannot happen: one side is constant */
                        state[lo] = state[hi];
                        state[hi] = t;
                        continue;
                    }
                    act[na].kind = OVXC_NL_OP_BOTH, act[na].i = (uint8_t)lo, act[na].j = (uint8_t)hi, na++;
                }
    /* backward: keep what the output wire depends on */
    memset(live, 0, sizeof(live));
    live[p->out] = 1;
    for (q = na - 1; q >= 0; q--) {
        int lo = act[q].i, hi = act[q].j;
        if (act[q].kind == OVXC_NL_OP_MOVE) { /* w[lo] = w[hi] (i = dst, j = src) */
            if (!live[lo]) continue;
            live[lo] = 0;
            live[hi] = 1;
            rev[nr].kind = OVXC_NL_OP_MOVE, rev[nr].i = (uint8_t)lo, rev[nr].j = (uint8_t)hi, nr++;
            continue;
        }
        if (!live[lo] && !live[hi]) continue;
        rev[nr].kind = live[lo] && live[hi] ? OVXC_NL_OP_BOTH : (live[lo] ? OVXC_NL_OP_MIN : OVXC_NL_OP_MAX);
        rev[nr].i = (uint8_t)lo, rev[nr].j = (uint8_t)hi, nr++;
        live[lo] = live[hi] = 1;
    }
    for (q = 0; q < nr; q++) p->ops[q] = rev[nr - 1 - q];
    p->nops = nr;
}

size_t ovxc_nl_row_scalar(const ovxc_nl_prog *p, const uint8_t *c, uint8_t *d, size_t n)
{
    (void)p, (void)c, (void)d, (void)n;
    return 0;
}

const ovx_variant *ovxc_nl_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX512(ovxc_nl_row) OVX_VARIANT_AVX2(ovxc_nl_row)
                                            OVX_VARIANT_SSE41(ovxc_nl_row){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_nl_row_scalar}};
    return table;
}

/* Pixels [x, x + n) of output row y by a row variant on a block of padded
 * rows (the border rule applied once per sample): whole chunks, each at least
 * OVXC_NL_RUN pixels (those beyond n are computed from the padding and
 * dropped), the few the variant leaves by the per-pixel rule on the block. */
#define OVXC_NL_DIM OVXC_NL_DIM_MAX
#define OVXC_NL_CHUNK 256
#define OVXC_NL_RUN 64
#define OVXC_NL_BS (OVXC_NL_CHUNK + OVXC_NL_DIM + 7)
static void nl_padded(const ovxc_nl_prog *bp, ovxc_nl_row_f row, uint32_t cols, uint32_t rows, uint32_t ox,
                      uint32_t oy, const uint8_t *src, int32_t ss, const ovxc_area *a, uint32_t y, uint32_t x,
                      uint32_t n, uint8_t *d)
{
    uint8_t blk[OVXC_NL_DIM][OVXC_NL_BS], tmp[OVXC_NL_CHUNK], v[OVXC_NL_NET_TAPS];
    while (n > 0) {
        uint32_t cn = n < OVXC_NL_CHUNK ? n : OVXC_NL_CHUNK, m = (cn + OVXC_NL_RUN - 1) / OVXC_NL_RUN * OVXC_NL_RUN;
        const uint8_t *c = &blk[oy][ox];
        uint32_t k;
        if (m > OVXC_NL_CHUNK) m = OVXC_NL_CHUNK;
        for (uint32_t j = 0; j < rows; j++)
            ovxc_pad_row_u8(blk[j], src, ss, a, (int64_t)y + j - oy, (int64_t)x - ox, m + cols - 1,
                            (uint8_t)(a->constant & 0xFFu));
        for (k = (uint32_t)row(bp, c, tmp, m); k < cn; k++) {
            for (int q = 0; q < bp->n; q++) v[q] = c[k + bp->off[q]];
            tmp[k] = nl_reduce(bp->function, v, bp->n);
        }
        memcpy(d + x, tmp, cn);
        x += cn, n -= cn;
    }
}

void ovxc_nonlinear_u8(int function, const uint8_t *mask, uint32_t cols, uint32_t rows, uint32_t ox, uint32_t oy,
                       const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a,
                       ovxc_nl_row_f row)
{
    int tx[OVXC_NL_MAX_TAPS], ty[OVXC_NL_MAX_TAPS];
    ptrdiff_t off[OVXC_NL_MAX_TAPS];
    uint8_t v[OVXC_NL_MAX_TAPS];
    ovxc_nl_prog prog, bprog;
    int n = nl_taps(mask, cols, rows, ox, oy, tx, ty);
    for (int k = 0; k < n; k++) off[k] = (ptrdiff_t)ty[k] * ss + tx[k];
    if (row == ovxc_nl_row_scalar) row = NULL; /* it does none: the reference is faster */
    if (row && n >= 1 && n <= OVXC_NL_NET_TAPS && cols <= OVXC_NL_DIM && rows <= OVXC_NL_DIM) {
        /* the variant: on the image where every tap is inside, on padded
         * rows elsewhere */
        nl_build(&prog, function, n);
        for (int k = 0; k < n; k++) prog.off[k] = off[k];
        /* a full rectangle: the first row's length times the rows, each tap in place */
        prog.cols = 1;
        while (prog.cols < n && ty[prog.cols] == ty[0]) prog.cols++;
        prog.rows = n / prog.cols;
        for (int k = 0; k < n && prog.rows; k++)
            if (prog.rows * prog.cols != n || tx[k] != tx[0] + k % prog.cols || ty[k] != ty[0] + k / prog.cols)
                prog.rows = prog.cols = 0;
        prog.boxmed = function == OVXC_NL_MEDIAN && prog.rows == prog.cols &&
                              (prog.rows == 5 || prog.rows == 7 || prog.rows == 9)
                          ? prog.rows
                          : 0;
        bprog = prog;
        for (int k = 0; k < n; k++) bprog.off[k] = (ptrdiff_t)ty[k] * OVXC_NL_BS + tx[k];
        for (uint32_t y = a->y0; y < a->y1; y++) {
            uint8_t *d = dst + (ptrdiff_t)y * ds;
            uint32_t fa, fb, done = 0;
            fast_range(a, y, ox, cols - 1 - ox, oy, rows - 1 - oy, &fa, &fb);
            if (fb > fa) {
                done = (uint32_t)row(&prog, src + (ptrdiff_t)y * ss + fa, d + fa, fb - fa);
                nl_padded(&bprog, row, cols, rows, ox, oy, src, ss, a, y, a->x0, fa - a->x0, d);
                nl_padded(&bprog, row, cols, rows, ox, oy, src, ss, a, y, fa + done, a->x1 - fa - done, d);
            } else {
                nl_padded(&bprog, row, cols, rows, ox, oy, src, ss, a, y, a->x0, a->x1 - a->x0, d);
            }
        }
        return;
    }
    /* the reference: per pixel, the border rule on each sample outside */
    for (uint32_t y = a->y0; y < a->y1; y++) {
        uint8_t *d = dst + (ptrdiff_t)y * ds;
        uint32_t fa, fb, x;
        fast_range(a, y, ox, cols - 1 - ox, oy, rows - 1 - oy, &fa, &fb);
        for (x = fa; x < fb; x++) {
            const uint8_t *c = src + (ptrdiff_t)y * ss + x;
            for (int k = 0; k < n; k++) v[k] = c[off[k]];
            d[x] = nl_reduce(function, v, n);
        }
        for (x = a->x0; x < a->x1; x++) {
            if (x == fa) {
                x = fb;
                if (x >= a->x1) break;
            }
            for (int k = 0; k < n; k++) v[k] = (uint8_t)px_u8(src, ss, a, (int)x + tx[k], (int)y + ty[k]);
            d[x] = nl_reduce(function, v, n);
        }
    }
}

void ovxc_nonlinear_u1(int function, const uint8_t *mask, uint32_t cols, uint32_t rows, uint32_t ox, uint32_t oy,
                       const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a)
{
    int tx[OVXC_NL_MAX_TAPS], ty[OVXC_NL_MAX_TAPS];
    int n = nl_taps(mask, cols, rows, ox, oy, tx, ty);
    for (uint32_t y = a->y0; y < a->y1; y++) {
        uint8_t *d = dst + (ptrdiff_t)y * ds;
        for (uint32_t x = a->x0; x < a->x1; x++) {
            int ones = 0, r;
            for (int k = 0; k < n; k++) ones += px_u1(src, ss, a, (int)x + tx[k], (int)y + ty[k]);
            /* sorted ascending: n - ones zeros, then ones */
            if (n == 0)
                r = 0;
            else if (function == OVXC_NL_MIN)
                r = ones == n;
            else if (function == OVXC_NL_MAX)
                r = ones > 0;
            else
                r = n / 2 >= n - ones;
            put_u1(d, x, r);
        }
    }
}

/* ---- magnitude and phase ------------------------------------------------ */
