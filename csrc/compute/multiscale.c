/* Compute routines: image pyramids (see multiscale.h). */
#include "multiscale.h"

#include "../runtime/dispatch.h"

#include <math.h>
#include <stddef.h>

static const int ms_g5[5] = {1, 4, 6, 4, 1};

/* Nearest sample of destination coordinate i (Scale Image's rule). */
static inline int32_t ms_nearest(int32_t i, int32_t in, int32_t out)
{
    float p = (((float)i + 0.5f) * (float)in / (float)out) - 0.5f;
    float f = floorf(p);
    int32_t r = (int32_t)f + ((p - f) >= 0.5f ? 1 : 0);
    return r < 0 ? 0 : (r >= in ? in - 1 : r);
}

static inline int32_t ms_clamp(int32_t v, int32_t n)
{
    return v < 0 ? 0 : (v >= n ? n - 1 : v);
}

/* The 5x5 Gaussian of src at (cx, cy) with the border rule, >> 8. */
static uint8_t ms_pixel(const uint8_t *src, int32_t sstride, int32_t sw, int32_t sh, int32_t cx, int32_t cy,
                        int constant, int cval)
{
    int32_t sum = 0;
    for (int j = -2; j <= 2; j++) {
        int32_t yy = cy + j, rs = 0;
        int yout = yy < 0 || yy >= sh;
        const uint8_t *row = src + (intptr_t)ms_clamp(yy, sh) * sstride;
        for (int i = -2; i <= 2; i++) {
            int32_t xx = cx + i;
            int v = (constant && (yout || xx < 0 || xx >= sw)) ? cval : row[ms_clamp(xx, sw)];
            rs += ms_g5[i + 2] * v;
        }
        sum += ms_g5[j + 2] * rs;
    }
    return (uint8_t)(sum >> 8);
}

/* The 5x5 Gaussian of an S16 plane at (cx, cy) with the border rule, >> 8. */
static int16_t ms_pixel_s16(const ovxc_s16_plane *src, int32_t cx, int32_t cy, int constant, int cval)
{
    int32_t sum = 0;
    for (int j = -2; j <= 2; j++) {
        int32_t yy = cy + j, rs = 0;
        int yout = yy < 0 || yy >= src->height;
        const int16_t *row = src->ptr + (intptr_t)ms_clamp(yy, src->height) * src->stride;
        for (int i = -2; i <= 2; i++) {
            int32_t xx = cx + i;
            int v = (constant && (yout || xx < 0 || xx >= src->width)) ? cval : row[ms_clamp(xx, src->width)];
            rs += ms_g5[i + 2] * v;
        }
        sum += ms_g5[j + 2] * rs;
    }
    return (int16_t)(sum >> 8);
}

/* A half-size level's rows [y0, y1): by chunks of columns (their sample
 * columns computed once), and in each row the pixels whose 5x5 taps are all
 * inside through exact integer column sums of the five rows (the same
 * integer as the per-pixel order); the others by the per-pixel rule.  T the
 * sample type, V the column sums' type, PIX the per-pixel rule. */
#define MS_LEVEL_BODY(T, V, PIX, ROW5)                                                                               \
    enum { CHUNK = 512 };                                                                                       \
    int32_t cxs[CHUNK];                                                                                         \
    V vs[4 * CHUNK + 8], hs[4 * CHUNK + 8];                                                                     \
    for (int32_t xc = 0; xc < dw; xc += CHUNK) {                                                                \
        int32_t n = dw - xc < CHUNK ? dw - xc : CHUNK, ia = 0, ib, k, step2;                                     \
        for (k = 0; k < n; k++) cxs[k] = ms_nearest(xc + k, sw, dw);                                              \
        while (ia < n && cxs[ia] - 2 < 0) ia++;                                                                   \
        ib = ia;                                                                                                  \
        while (ib < n && cxs[ib] + 2 < sw) ib++;                                                                  \
        if (ib > ia && cxs[ib - 1] + 3 - (cxs[ia] - 2) > (int32_t)(sizeof(vs) / sizeof(vs[0]))) ib = ia;          \
        for (step2 = 1, k = ia; k < ib; k++) step2 &= cxs[k] == cxs[ia] + 2 * (k - ia);                          \
        for (int32_t y = y0; y < y1; y++) {                                                                       \
            int32_t cy = ms_nearest(y, sh, dh), a = ia, b = ib;                                                   \
            T *out = dst + (intptr_t)y * dstride + xc;                                                            \
            if (cy - 2 >= 0 && cy + 2 < sh && b > a) {                                                            \
                const T *r0 = src + (intptr_t)(cy - 2) * sstride, *r1 = r0 + sstride, *r2 = r1 + sstride;         \
                const T *r3 = r2 + sstride, *r4 = r3 + sstride;                                                   \
                int32_t c0 = cxs[a] - 2, c1 = cxs[b - 1] + 3, c;                                                  \
                if (step2 && ROW5) { /* a half-size level's interior: the row primitive */                     \
                    ROW5(r0 + c0, sstride, out + a, 0, b - a, 1);                                                 \
                } else {                                                                                          \
                for (c = c0; c < c1; c++) vs[c - c0] = (V)(r0[c] + 4 * r1[c] + 6 * r2[c] + 4 * r3[c] + r4[c]);    \
                if (step2) { /* sample columns 2 apart (a half-size level): plain strides */                   \
                    const V *v = vs - 2 * a;                                                                      \
                    for (k = a; k < b; k++)                                                                       \
                        out[k] = (T)((v[2 * k] + 4 * v[2 * k + 1] + 6 * v[2 * k + 2] + 4 * v[2 * k + 3] +        \
                                      v[2 * k + 4]) >> 8);                                                        \
                } else { /* other steps (ORB): every column's sum across (one vectorisable loop; U8: */    \
                    /* at most 16 x 4080, a uint16), then the samples' */                                        \
                    for (c = c0 + 2; c < c1 - 2; c++) {                                                           \
                        const V *v = vs + (c - 2 - c0);                                                           \
                        hs[c - c0] = (V)(v[0] + 4 * v[1] + 6 * v[2] + 4 * v[3] + v[4]);                           \
                    }                                                                                             \
                    for (k = a; k < b; k++) out[k] = (T)(hs[cxs[k] - c0] >> 8);                                   \
                }                                                                                                 \
                }                                                                                                 \
            } else {                                                                                              \
                a = b = n;                                                                                        \
            }                                                                                                     \
            for (k = 0; k < a; k++) out[k] = PIX(cxs[k], cy); /* the rest: edges, or rows whose taps leave */     \
            for (k = b; k < n; k++) out[k] = PIX(cxs[k], cy); /* the image */                                     \
        }                                                                                                         \
    }

void ovxc_row5_u8(const uint8_t *s0, int32_t stride, uint8_t *out0, int32_t ostride, int32_t n0, int32_t nrows)
{
    enum { CH = 512 };
    uint16_t vs[2 * CH + 4];
    for (int32_t r = 0; r < nrows; r++) {
        const uint8_t *s = s0 + (intptr_t)(2 * r) * stride;
        uint8_t *out = out0 + (intptr_t)r * ostride;
        int32_t n = n0;
        while (n > 0) {
            const int32_t m = n < CH ? n : CH, nc = 2 * m + 3;
            const uint8_t *s1 = s + stride, *s2 = s1 + stride, *s3 = s2 + stride, *s4 = s3 + stride;
            int32_t c, k;
            for (c = 0; c < nc; c++) vs[c] = (uint16_t)(s[c] + 4 * s1[c] + 6 * s2[c] + 4 * s3[c] + s4[c]);
            for (k = 0; k < m; k++)
                out[k] = (uint8_t)((vs[2 * k] + 4 * vs[2 * k + 1] + 6 * vs[2 * k + 2] + 4 * vs[2 * k + 3] +
                                    vs[2 * k + 4]) >> 8);
            s += 2 * m, out += m, n -= m;
        }
    }
}

static const ovx_variant row5_u8_variants[] = {
    OVX_VARIANT_AVX512(ovxc_row5_u8)
    OVX_VARIANT_AVX2(ovxc_row5_u8)
    OVX_VARIANT_SSE41(ovxc_row5_u8)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_row5_u8},
};

const struct ovx_variant *ovxc_row5_u8_variants(void)
{
    return row5_u8_variants;
}

int32_t ovxc_gaussian_level_cx0(int32_t sw, int32_t dw)
{
    int32_t cx0, x = 1;
    if (dw < 1 || sw < 1) return -1;
    cx0 = ms_nearest(0, sw, dw);
    while (x < dw && ms_nearest(x, sw, dw) == cx0 + 2 * x) x++;
    return x == dw ? cx0 : -1;
}

void ovxc_gaussian_level_u8_rows(const uint8_t *src, int32_t sstride, int32_t sw, int32_t sh, uint8_t *dst,
                                int32_t dstride, int32_t dw, int32_t dh, int constant, int cval, ovxc_row5_u8_f row5,
                                int32_t cx0, uint32_t y0_, uint32_t y1_)
{
    const int32_t y0 = (int32_t)y0_, y1 = (int32_t)y1_;
    if (row5 && cx0 >= 0) {
        /* sample columns 2 apart across the row (a half-size level, even or
         * odd widths mostly): every row by row5, edges through padding */
        for (int32_t y = y0; y < y1;) {
            /* runs of rows whose sample rows are 2 apart */
            const int32_t cy0 = ms_nearest(y, sh, dh);
            int32_t e = y + 1;
            while (e < y1 && ms_nearest(e, sh, dh) == cy0 + 2 * (e - y)) e++;
            ovxc_rows5_u8_border(src, sstride, sw, sh, cx0, cy0, e - y, dw, constant, cval, row5,
                                dst + (intptr_t)y * dstride, dstride);
            y = e;
        }
        return;
    }
#define MS_PIX_U8(cx, cy) ms_pixel(src, sstride, sw, sh, cx, cy, constant, cval)
    MS_LEVEL_BODY(uint8_t, uint16_t, MS_PIX_U8, row5)
#undef MS_PIX_U8
}

void ovxc_gaussian_level_u8(const uint8_t *src, int32_t sstride, int32_t sw, int32_t sh, uint8_t *dst,
                           int32_t dstride, int32_t dw, int32_t dh, int constant, int cval, uint32_t y0, uint32_t y1)
{
    ovxc_gaussian_level_u8_rows(src, sstride, sw, sh, dst, dstride, dw, dh, constant, cval, NULL, -1, y0, y1);
}

void ovxc_gaussian_level_s16(const ovxc_s16_plane *s16, const ovxc_s16_plane *d16, int constant, int cval, int32_t y0,
                            int32_t y1)
{
    const int16_t *src = s16->ptr;
    int16_t *dst = d16->ptr;
    const int32_t sstride = s16->stride, dstride = d16->stride, sw = s16->width, sh = s16->height;
    const int32_t dw = d16->width, dh = d16->height;
#define MS_PIX_S16(cx, cy) ms_pixel_s16(s16, cx, cy, constant, cval)
#define MS_NO_ROW5 ((void (*)(const int16_t *, int32_t, int16_t *, int32_t, int32_t, int32_t))0)
    MS_LEVEL_BODY(int16_t, int32_t, MS_PIX_S16, MS_NO_ROW5)
#undef MS_PIX_S16
#undef MS_NO_ROW5
}

static inline int16_t ms_sat16(int32_t v)
{
    return (int16_t)(v < INT16_MIN ? INT16_MIN : (v > INT16_MAX ? INT16_MAX : v));
}

/* Floor division of a (possibly negative) integer by 2. */
static inline int32_t ms_half(int32_t v)
{
    return v >= 0 ? v / 2 : -((-v + 1) / 2);
}

/* dst(x, y) by the definition: every tap with its clamps */
static int16_t upsample_pixel(const ovxc_s16_plane *small, const ovxc_s16_plane *a, int32_t x, int32_t y, int sign)
{
    int32_t sum = 0;
    /* only even (x + k, y + l) carry samples of small */
    for (int l = -2; l <= 2; l++) {
        int32_t yy = y + l;
        if (yy & 1) continue;
        const int16_t *srow = small->ptr + (intptr_t)ms_clamp(ms_half(yy), small->height) * small->stride;
        int32_t rs = 0;
        for (int k = -2; k <= 2; k++) {
            int32_t xx = x + k;
            if (xx & 1) continue;
            rs += ms_g5[k + 2] * srow[ms_clamp(ms_half(xx), small->width)];
        }
        sum += ms_g5[l + 2] * rs;
    }
    int32_t up = (sum / 256) * 4, av = a->ptr[(intptr_t)y * a->stride + x];
    return ms_sat16(sign < 0 ? av - up : av + up);
}

void ovxc_upsample_combine_s16(const ovxc_s16_plane *small, const ovxc_s16_plane *a, const ovxc_s16_plane *dst, int sign,
                              int32_t y0, int32_t y1)
{
    const int32_t sw = small->width, sh = small->height;
    if (sw < 1 || sh < 1 || dst->width > 2 * sw || dst->height > 2 * sh) { /* not a half-size level */
        for (int32_t y = y0; y < y1; y++)
            for (int32_t x = 0; x < dst->width; x++)
                dst->ptr[(intptr_t)y * dst->stride + x] = upsample_pixel(small, a, x, y, sign);
        return;
    }
    ovxc_upsample_half_s16(small, a, dst, sign, y0, y1);
}

#define MSU_FN(name) name
#include "multiscale_up.inc"
#undef MSU_FN

static const ovx_variant upsample_half_variants[] = {
    OVX_VARIANT_AVX2(ovxc_upsample_half_s16)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_upsample_half_s16},
};

const ovx_variant *ovxc_upsample_half_variants(void)
{
    return upsample_half_variants;
}

static const ovx_variant upsample_half_u8_variants[] = {
    OVX_VARIANT_AVX2(ovxc_upsample_half_u8)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_upsample_half_u8},
};

const ovx_variant *ovxc_upsample_half_u8_variants(void)
{
    return upsample_half_u8_variants;
}

void ovxc_upsample_combine_s16_with(const ovxc_s16_plane *small, const ovxc_s16_plane *a, const ovxc_s16_plane *dst,
                                   int sign, int32_t y0, int32_t y1, ovxc_upsample_half_f half)
{
    const int32_t sw = small->width, sh = small->height;
    if (!half || sw < 1 || sh < 1 || dst->width > 2 * sw || dst->height > 2 * sh) {
        ovxc_upsample_combine_s16(small, a, dst, sign, y0, y1);
        return;
    }
    half(small, a, dst, sign, y0, y1);
}

void ovxc_up_sub_u8(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int odd, int32_t sw, const uint8_t *a,
                   int16_t *out, int32_t dw)
{
    enum { CH = 1024 };
    uint16_t vp[CH + 4];
    for (int32_t xc = 0; xc < dw; xc += 2 * CH) {
        /* vp[i]: the column sum of small column c0 - 1 + i (clamped) */
        const int32_t xe = xc + 2 * CH < dw ? xc + 2 * CH : dw, c0 = xc >> 1, nv = ((xe - 1) >> 1) - c0 + 3;
        for (int32_t i = 0; i < nv; i++) {
            const int32_t c = ms_clamp(c0 - 1 + i, sw);
            vp[i] = (uint16_t)(odd ? 4 * r0[c] + 4 * r1[c] : r0[c] + 6 * r1[c] + r2[c]);
        }
        for (int32_t x = xc; x < xe; x++) {
            const int32_t i = (x >> 1) - c0;
            const int32_t u = x & 1 ? ((4 * vp[i + 1] + 4 * vp[i + 2]) >> 8) << 2
                                    : ((vp[i] + 6 * vp[i + 1] + vp[i + 2]) >> 8) << 2;
            out[x] = (int16_t)(a[x] - u);
        }
    }
}

static const ovx_variant up_sub_u8_variants[] = {
    OVX_VARIANT_AVX512(ovxc_up_sub_u8)
    OVX_VARIANT_AVX2(ovxc_up_sub_u8)
    OVX_VARIANT_SSE41(ovxc_up_sub_u8)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_up_sub_u8},
};

const struct ovx_variant *ovxc_up_sub_u8_variants(void)
{
    return up_sub_u8_variants;
}

void ovxc_laplacian_level_u8_rows(const uint8_t *small, int32_t sstride, int32_t sw, int32_t sh, const uint8_t *a,
                                 int32_t astride, int16_t *dst, int32_t dstride, int32_t dw, ovxc_up_sub_u8_f up,
                                 int32_t y0, int32_t y1)
{
    if (!up) up = ovxc_up_sub_u8;
    for (int32_t y = y0; y < y1; y++) {
        const int32_t m = y >> 1;
        const uint8_t *a_row = a + (intptr_t)y * astride;
        int16_t *o = dst + (intptr_t)y * dstride;
        if (y & 1)
            up(small + (intptr_t)ms_clamp(m, sh) * sstride, small + (intptr_t)ms_clamp(m + 1, sh) * sstride, NULL, 1,
               sw, a_row, o, dw);
        else
            up(small + (intptr_t)ms_clamp(m - 1, sh) * sstride, small + (intptr_t)ms_clamp(m, sh) * sstride,
               small + (intptr_t)ms_clamp(m + 1, sh) * sstride, 0, sw, a_row, o, dw);
    }
}
