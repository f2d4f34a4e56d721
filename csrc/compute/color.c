/* Compute routines: color conversion, channel extract and channel combine. */
#include "color.h"

#include <math.h>
#include <string.h>
#if defined(__SSSE3__)
#include <immintrin.h>
#endif

int ovxc_cc_channels(vx_df_image format, ovxc_cc_chan ch[4])
{
    static const ovxc_cc_chan rgb[3] = {{0, 0, 3, 1, 1}, {0, 1, 3, 1, 1}, {0, 2, 3, 1, 1}};
    static const ovxc_cc_chan rgbx[4] = {{0, 0, 4, 1, 1}, {0, 1, 4, 1, 1}, {0, 2, 4, 1, 1}, {0, 3, 4, 1, 1}};
    static const ovxc_cc_chan nv12[3] = {{0, 0, 1, 1, 1}, {1, 0, 2, 2, 2}, {1, 1, 2, 2, 2}};
    static const ovxc_cc_chan nv21[3] = {{0, 0, 1, 1, 1}, {1, 1, 2, 2, 2}, {1, 0, 2, 2, 2}};
    static const ovxc_cc_chan uyvy[3] = {{0, 1, 2, 1, 1}, {0, 0, 4, 2, 1}, {0, 2, 4, 2, 1}};
    static const ovxc_cc_chan yuyv[3] = {{0, 0, 2, 1, 1}, {0, 1, 4, 2, 1}, {0, 3, 4, 2, 1}};
    static const ovxc_cc_chan iyuv[3] = {{0, 0, 1, 1, 1}, {1, 0, 1, 2, 2}, {2, 0, 1, 2, 2}};
    static const ovxc_cc_chan yuv4[3] = {{0, 0, 1, 1, 1}, {1, 0, 1, 1, 1}, {2, 0, 1, 1, 1}};
    const ovxc_cc_chan *t;
    int n = 3, i;
    switch (format) {
    case VX_DF_IMAGE_RGB: t = rgb; break;
    case VX_DF_IMAGE_RGBX: t = rgbx; n = 4; break;
    case VX_DF_IMAGE_NV12: t = nv12; break;
    case VX_DF_IMAGE_NV21: t = nv21; break;
    case VX_DF_IMAGE_UYVY: t = uyvy; break;
    case VX_DF_IMAGE_YUYV: t = yuyv; break;
    case VX_DF_IMAGE_IYUV: t = iyuv; break;
    case VX_DF_IMAGE_YUV4: t = yuv4; break;
    default: return 0;
    }
    for (i = 0; i < n; i++) ch[i] = t[i];
    return n;
}

int ovxc_cc_is_yuv(vx_df_image format)
{
    return format == VX_DF_IMAGE_NV12 || format == VX_DF_IMAGE_NV21 || format == VX_DF_IMAGE_UYVY ||
           format == VX_DF_IMAGE_YUYV || format == VX_DF_IMAGE_IYUV || format == VX_DF_IMAGE_YUV4;
}

/* ---- the pixel transform ------------------------------------------------ */

static void kr_kb(int space, double *kr, double *kb)
{
    if (space == OVXC_CC_BT601_525 || space == OVXC_CC_BT601_625) {
        *kr = 0.299;
        *kb = 0.114;
    } else {
        *kr = 0.2126;
        *kb = 0.0722;
    }
}

/* Linear RGB of primaries `from` -> linear RGB of primaries `to` (spec table). */
static const double prim_tab[3][3][3][3] = {
    /* from BT601_525 */
    {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
     {{0.900657, 0.088807, 0.010536}, {0.017772, 0.965793, 0.016435}, {-0.001853, -0.015948, 1.017801}},
     {{0.939542, 0.050181, 0.010277}, {0.017772, 0.965793, 0.016435}, {-0.001622, -0.004370, 1.005991}}},
    /* from BT601_625 */
    {{{1.112302, -0.102441, -0.009860}, {-0.020497, 1.037030, -0.016533}, {0.001704, 0.016063, 0.982233}},
     {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
     {{1.044043, -0.044043, 0}, {0, 1, 0}, {0, 0.011793, 0.988207}}},
    /* from BT709 */
    {{{1.065379, -0.055401, -0.009978}, {-0.019633, 1.036363, -0.016731}, {0.001632, 0.004412, 0.993956}},
     {{0.957815, 0.042185, 0}, {0, 1, 0}, {0, -0.011934, 1.011934}},
     {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
};

/* a (3x4 affine) = b (3x3) * c (3x4 affine) */
static void mul33_34(double a[3][4], const double b[3][3], const double c[3][4])
{
    int i, j, k;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 4; j++) {
            double s = 0;
            for (k = 0; k < 3; k++) s += b[i][k] * c[k][j];
            a[i][j] = s;
        }
}

/* a = b (3x4 affine) after c (3x4 affine) */
static void compose(double a[3][4], const double b[3][4], const double c[3][4])
{
    int i, j, k;
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 4; j++) {
            double s = j == 3 ? b[i][3] : 0;
            for (k = 0; k < 3; k++) s += b[i][k] * c[k][j];
            a[i][j] = s;
        }
    }
}

void ovxc_cc_xform_init(ovxc_cc_xform *t, int in_yuv, int in_space, int in_restricted, int out_yuv, int out_space,
                       int out_restricted)
{
    double d[3][4] = {{0}}, e[3][4] = {{0}};
    int i, pin, pout;
    /* primaries: a YUV image without a space is BT.709; an RGB image without
     * one takes the other side's */
    pin = in_space, pout = out_space;
    if (in_yuv && pin == OVXC_CC_SPACE_NONE) pin = OVXC_CC_BT709;
    if (out_yuv && pout == OVXC_CC_SPACE_NONE) pout = OVXC_CC_BT709;
    if (pin == OVXC_CC_SPACE_NONE) pin = pout;
    if (pout == OVXC_CC_SPACE_NONE) pout = pin;
    t->gamma = pin != pout;

    /* decode: input samples -> nonlinear R'G'B' */
    if (!in_yuv) {
        double s = in_restricted ? 219.0 : 256.0, o = in_restricted ? 16.0 : 0.0;
        for (i = 0; i < 3; i++) {
            d[i][i] = 1.0 / s;
            d[i][3] = -o / s;
        }
    } else {
        double kr, kb, sy = in_restricted ? 219.0 : 256.0, oy = in_restricted ? 16.0 : 0.0;
        double sc = in_restricted ? 224.0 : 256.0;
        double ypbpr[3][4] = {{1.0 / sy, 0, 0, -oy / sy}, {0, 1.0 / sc, 0, -128.0 / sc}, {0, 0, 1.0 / sc, -128.0 / sc}};
        double k[3][3];
        kr_kb(pin, &kr, &kb);
        /* R' = Y' + 2(1-Kr)Pr, G' = Y' - 2(Kr(1-Kr)Pr + Kb(1-Kb)Pb)/(1-Kr-Kb), B' = Y' + 2(1-Kb)Pb */
        k[0][0] = 1, k[0][1] = 0, k[0][2] = 2 * (1 - kr);
        k[1][0] = 1, k[1][1] = -2 * kb * (1 - kb) / (1 - kr - kb), k[1][2] = -2 * kr * (1 - kr) / (1 - kr - kb);
        k[2][0] = 1, k[2][1] = 2 * (1 - kb), k[2][2] = 0;
        mul33_34(d, k, ypbpr);
    }

    /* encode: nonlinear R'G'B' -> output samples (before floor) */
    if (!out_yuv) {
        double s = out_restricted ? 219.0 : 256.0, o = out_restricted ? 16.5 : 0.0;
        for (i = 0; i < 3; i++) {
            e[i][i] = s;
            e[i][3] = o;
        }
    } else {
        double kr, kb, sy = out_restricted ? 219.0 : 256.0, oy = out_restricted ? 16.5 : 0.0;
        double sc = out_restricted ? 224.0 : 256.0, oc = out_restricted ? 128.5 : 128.0;
        double kg;
        kr_kb(pout, &kr, &kb);
        kg = 1 - kr - kb;
        /* Y' = Kr R' + Kg G' + Kb B'; Pb = (B' - Y') / (2(1-Kb)); Pr = (R' - Y') / (2(1-Kr)) */
        e[0][0] = kr * sy, e[0][1] = kg * sy, e[0][2] = kb * sy, e[0][3] = oy;
        e[1][0] = -kr / (2 * (1 - kb)) * sc, e[1][1] = -kg / (2 * (1 - kb)) * sc, e[1][2] = 0.5 * sc, e[1][3] = oc;
        e[2][0] = 0.5 * sc, e[2][1] = -kg / (2 * (1 - kr)) * sc, e[2][2] = -kb / (2 * (1 - kr)) * sc, e[2][3] = oc;
    }

    if (t->gamma) {
        int j;
        for (i = 0; i < 3; i++)
            for (j = 0; j < 4; j++) {
                t->m[i][j] = d[i][j];
                t->e[i][j] = e[i][j];
            }
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) t->prim[i][j] = prim_tab[pin][pout][i][j];
    } else {
        compose(t->m, e, d);
    }
}

static double clamp01(double v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

static double to_linear(double v)
{
    v = clamp01(v);
    return v > 0.081 ? pow((v + 0.099) / 1.099, 1.0 / 0.45) : v / 4.5;
}

static double to_nonlinear(double v)
{
    v = clamp01(v);
    return v >= 0.018 ? 1.099 * pow(v, 0.45) - 0.099 : 4.5 * v;
}

static void xform(const ovxc_cc_xform *t, const double in[3], double out[3])
{
    int i;
    for (i = 0; i < 3; i++) out[i] = t->m[i][0] * in[0] + t->m[i][1] * in[1] + t->m[i][2] * in[2] + t->m[i][3];
    if (t->gamma) {
        double lin[3], nl[3];
        for (i = 0; i < 3; i++) lin[i] = to_linear(out[i]);
        for (i = 0; i < 3; i++)
            nl[i] = to_nonlinear(t->prim[i][0] * lin[0] + t->prim[i][1] * lin[1] + t->prim[i][2] * lin[2]);
        for (i = 0; i < 3; i++) out[i] = t->e[i][0] * nl[0] + t->e[i][1] * nl[1] + t->e[i][2] * nl[2] + t->e[i][3];
    }
}

/* floor (with a margin for the rounding error of exact values), then clamp */
static uint8_t quantize(double v)
{
    double f = floor(v + 1e-4);
    return (uint8_t)(f < 0 ? 0 : f > 255 ? 255 : f);
}

static inline uint8_t *sample_at(const ovxc_cc_planes *p, const ovxc_cc_chan *c, uint32_t cx, uint32_t cy)
{
    return p->ptr[c->plane] + (intptr_t)cy * p->stride[c->plane] + (intptr_t)cx * c->step + c->off;
}

static void fetch(const ovxc_cc_planes *in, const ovxc_cc_chan ic[3], uint32_t x, uint32_t y, double v[3])
{
    int c;
    for (c = 0; c < 3; c++) v[c] = *sample_at(in, &ic[c], x / ic[c].sx, y / ic[c].sy);
}

/* first sample index whose block starts in [x0, ...) */
static uint32_t first_sample(uint32_t x, uint32_t s)
{
    return (x + s - 1) / s;
}

void ovxc_color_convert(vx_df_image in_format, const ovxc_cc_planes *in, vx_df_image out_format,
                       const ovxc_cc_planes *out, const ovxc_cc_xform *t, uint32_t width, uint32_t height, uint32_t x0,
                       uint32_t y0, uint32_t x1, uint32_t y1)
{
    ovxc_cc_chan ic[4], oc[4];
    int no, c;
    uint32_t x, y, sx, sy, cx, cy;
    if (!ovxc_cc_channels(in_format, ic)) return;
    no = ovxc_cc_channels(out_format, oc);
    if (!no) return;

    /* full-resolution channels */
    for (y = y0; y < y1; y++) {
        for (x = x0; x < x1; x++) {
            double v[3], o[3];
            fetch(in, ic, x, y, v);
            xform(t, v, o);
            for (c = 0; c < 3; c++)
                if (oc[c].sx == 1 && oc[c].sy == 1) *sample_at(out, &oc[c], x, y) = quantize(o[c]);
            if (no == 4) *sample_at(out, &oc[3], x, y) = 255;
        }
    }

    /* subsampled chroma (channels 1 and 2 share their subsampling): the mean
     * of the converted values of the block, then quantized */
    sx = oc[1].sx, sy = oc[1].sy;
    if (sx == 1 && sy == 1) return;
    for (cy = first_sample(y0, sy); cy * sy < y1; cy++) {
        for (cx = first_sample(x0, sx); cx * sx < x1; cx++) {
            double su = 0, sv = 0;
            int n = 0;
            uint32_t i, j;
            for (j = 0; j < sy; j++) {
                for (i = 0; i < sx; i++) {
                    double v[3], o[3];
                    x = cx * sx + i, y = cy * sy + j;
                    if (x >= width || y >= height) continue;
                    fetch(in, ic, x, y, v);
                    xform(t, v, o);
                    su += o[1];
                    sv += o[2];
                    n++;
                }
            }
            if (n == 0) continue;
            *sample_at(out, &oc[1], cx, cy) = quantize(su / n);
            *sample_at(out, &oc[2], cx, cy) = quantize(sv / n);
        }
    }
}

void ovxc_channel_extract(const uint8_t *base, int32_t stride, const ovxc_cc_chan *ch, uint8_t *dst,
                         int32_t dst_stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
    uint32_t x, y;
    if (ch->step == 1 && x0 == 0 && y1 > y0 + 1 && stride > 0 && stride == dst_stride && (uint32_t)stride == x1) {
        /* a plane of its own, rows end to end in both: one block */
        memcpy(dst + (intptr_t)y0 * dst_stride, base + (intptr_t)y0 * stride + ch->off, (size_t)stride * (y1 - y0));
        return;
    }
    for (y = y0; y < y1; y++) {
        const uint8_t *s = base + (intptr_t)y * stride + ch->off;
        uint8_t *d = dst + (intptr_t)y * dst_stride;
        if (ch->step == 1) { /* a plane of its own (IYUV, YUV4, NV12's Y): a copy */
            memcpy(d + x0, s + x0, x1 - x0);
            continue;
        }
        for (x = x0; x < x1; x++) d[x] = s[(intptr_t)x * ch->step];
    }
}

void ovxc_channel_insert(const uint8_t *src, int32_t src_stride, const ovxc_cc_chan *ch, uint8_t *base,
                        int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
    uint32_t cx, cy, cx0 = first_sample(x0, ch->sx), cx1 = first_sample(x1, ch->sx);
    for (cy = first_sample(y0, ch->sy); cy * ch->sy < y1; cy++) {
        const uint8_t *s = src + (intptr_t)cy * src_stride;
        uint8_t *d = base + (intptr_t)cy * stride + ch->off;
        if (ch->step == 1) {
            memcpy(d + cx0, s + cx0, cx1 - cx0);
            continue;
        }
        for (cx = cx0; cx < cx1; cx++) d[(intptr_t)cx * ch->step] = s[cx];
    }
}

void ovxc_channel_fill(uint8_t value, const ovxc_cc_chan *ch, uint8_t *base, int32_t stride, uint32_t x0,
                      uint32_t y0, uint32_t x1, uint32_t y1)
{
    uint32_t cx, cy, cx0 = first_sample(x0, ch->sx), cx1 = first_sample(x1, ch->sx);
    for (cy = first_sample(y0, ch->sy); cy * ch->sy < y1; cy++) {
        uint8_t *d = base + (intptr_t)cy * stride + ch->off;
        for (cx = cx0; cx < cx1; cx++) d[(intptr_t)cx * ch->step] = value;
    }
}

/* ---- the channel rows: reference and variant tables ---------------------- */

#define COLOR_FN(name) name##_scalar
#include "color_rows.inc"

#define TABLE(name)                                                                                            \
    static const ovx_variant table_##name[] = {OVX_VARIANT_AVX512(ovxc_##name) OVX_VARIANT_AVX2(ovxc_##name)    \
                                                   OVX_VARIANT_SSE41(ovxc_##name){                             \
                                                       "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_##name##_scalar}};
TABLE(interleave3)
TABLE(interleave4)
TABLE(pick3)
TABLE(pick4)
TABLE(rgb_to_rgbx)
TABLE(rgbx_to_rgb)
#undef TABLE

const ovx_variant *ovxc_channel_variants(ovxc_channel_op op)
{
    static const ovx_variant *const tables[OVXC_CH_COUNT] = {table_interleave3, table_interleave4, table_pick3,
                                                             table_pick4,       table_rgb_to_rgbx, table_rgbx_to_rgb};
    return (unsigned)op < OVXC_CH_COUNT ? tables[op] : NULL;
}

int ovxc_cc_xform_is_identity(const ovxc_cc_xform *t)
{
    int i, j;
    if (t->gamma) return 0;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 4; j++)
            if (t->m[i][j] != (i == j ? 1.0 : 0.0)) return 0;
    return 1; /* floor(v + 1e-4) of an integer v is v: the reference copies */
}

/* ---- ColorConvert by rows (see color.h) ------------------------------------ */

static void apply_q_scalar(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0, uint8_t *o1,
                           uint8_t *o2, size_t n, const double m[3][4])
{
    size_t x;
    for (x = 0; x < n; x++) {
        double v0 = a[x], v1 = b[x], v2 = c[x];
        o0[x] = quantize(m[0][0] * v0 + m[0][1] * v1 + m[0][2] * v2 + m[0][3]);
        o1[x] = quantize(m[1][0] * v0 + m[1][1] * v1 + m[1][2] * v2 + m[1][3]);
        o2[x] = quantize(m[2][0] * v0 + m[2][1] * v1 + m[2][2] * v2 + m[2][3]);
    }
}

static void apply_d_scalar(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0, double *d1,
                           double *d2, size_t n, const double m[3][4])
{
    size_t x;
    for (x = 0; x < n; x++) {
        double v0 = a[x], v1 = b[x], v2 = c[x];
        o0[x] = quantize(m[0][0] * v0 + m[0][1] * v1 + m[0][2] * v2 + m[0][3]);
        d1[x] = m[1][0] * v0 + m[1][1] * v1 + m[1][2] * v2 + m[1][3];
        d2[x] = m[2][0] * v0 + m[2][1] * v1 + m[2][2] * v2 + m[2][3];
    }
}

static void mean_scalar(const double *r0, const double *r1, double *o, size_t m, size_t px)
{
    size_t i;
    for (i = 0; i < m; i++) {
        int two = 2 * i + 1 < px;
        double s = r0[2 * i];
        if (two) s += r0[2 * i + 1];
        if (r1) {
            s += r1[2 * i];
            if (two) s += r1[2 * i + 1];
        }
        o[i] = s / (double)((two ? 2 : 1) * (r1 ? 2 : 1));
    }
}

static void quant_scalar(const double *d, uint8_t *o, size_t n)
{
    size_t x;
    for (x = 0; x < n; x++) o[x] = quantize(d[x]);
}

void ovxc_cc_enc420_scalar(const uint8_t *r0, const uint8_t *g0, const uint8_t *b0, const uint8_t *r1,
                           const uint8_t *g1, const uint8_t *b1, uint8_t *y0, uint8_t *y1, uint8_t *u, uint8_t *v,
                           size_t px, const double m[3][4])
{
    double du[2][64], dv[2][64], su[32], sv[32];
    size_t x, n, nb;
    for (x = 0; x < px; x += n) { /* chunks of whole blocks: x stays even */
        n = px - x < 64 ? px - x : 64;
        nb = (n + 1) / 2;
        apply_d_scalar(r0 + x, g0 + x, b0 + x, y0 + x, du[0], dv[0], n, m);
        if (r1) apply_d_scalar(r1 + x, g1 + x, b1 + x, y1 + x, du[1], dv[1], n, m);
        mean_scalar(du[0], r1 ? du[1] : NULL, su, nb, n);
        mean_scalar(dv[0], r1 ? dv[1] : NULL, sv, nb, n);
        quant_scalar(su, u + x / 2, nb);
        quant_scalar(sv, v + x / 2, nb);
    }
}

void ovxc_cc_dec2_scalar(const uint8_t *ya, const uint8_t *yb, const uint8_t *u, const uint8_t *v,
                        uint8_t *const oa[3], uint8_t *const ob[3], size_t n, const double m[3][4])
{
    uint8_t du[64], dv[64];
    size_t x, nn;
    for (x = 0; x < n; x += nn) { /* chunks of whole pairs: x stays even */
        nn = n - x < 64 ? n - x : 64;
        ovxc_dup2_scalar(u + x / 2, 1, du, (nn + 1) / 2);
        ovxc_dup2_scalar(v + x / 2, 1, dv, (nn + 1) / 2);
        apply_q_scalar(ya + x, du, dv, oa[0] + x, oa[1] + x, oa[2] + x, nn, m);
        if (yb) apply_q_scalar(yb + x, du, dv, ob[0] + x, ob[1] + x, ob[2] + x, nn, m);
    }
}

int ovxc_cc_fast_params(const double m[3][4], ovxc_cc_fast_params_t *p)
{
    const double u = 1.0 / 16777216.0; /* float's unit roundoff, 2^-24 */
    int c, i;
    for (c = 0; c < 3; c++) {
        double sum = 0, off = m[c][3] + 1e-4, rest;
        for (i = 0; i < 3; i++) {
            p->a[c][i] = (float)m[c][i];
            sum += fabs(m[c][i]);
            off += 128.0 * m[c][i]; /* the samples are centred: x - 128 */
        }
        if (!(fabs(off) < 16384.0)) return 0; /* k fits the 16-bit lanes it is added in */
        p->k[c] = (int32_t)floor(off + 0.5);
        rest = off - p->k[c] - 0.5;
        p->b[c] = (float)rest;
        /* w = fma(a2, x2, fma(a1, x1, fma(a0, x0, b))): the coefficients'
         * rounding (u 128 sum), three roundings of at most u (128 sum + |b|),
         * the offset's own (u |b|), and the reference's double error (far
         * below 1e-9); without the first term (x0 a luma added exactly
         * elsewhere), two roundings over the other two terms */
        p->eps[c] = (float)(u * (4.0 * 128.0 * sum + 4.0 * fabs(rest)) * 1.001 + 1e-9);
        p->eps_uv[c] = (float)(u * (3.0 * 128.0 * (fabs(m[c][1]) + fabs(m[c][2])) + 3.0 * fabs(rest)) * 1.001 + 1e-9);
        if (!(p->eps[c] < 0.01)) return 0;
    }
    return 1;
}

/* p / q nearest v among the convergents of its continued fraction with q <=
 * qmax, if one is within 1e-12 */
static int rational_of(double v, int64_t qmax, int64_t *p, int64_t *q)
{
    double x = fabs(v);
    int64_t h1 = 1, h2 = 0, k1 = 0, k2 = 1;
    int i;
    for (i = 0; i < 64; i++) {
        double a = floor(x);
        int64_t h, k;
        if (a > 1e9) return 0;
        h = (int64_t)a * h1 + h2, k = (int64_t)a * k1 + k2;
        if (k > qmax) return 0;
        if (fabs(fabs(v) - (double)h / (double)k) <= 1e-12) {
            *p = v < 0 ? -h : h, *q = k;
            return 1;
        }
        h2 = h1, h1 = h, k2 = k1, k1 = k;
        if (x - a <= 0) return 0;
        x = 1.0 / (x - a);
    }
    return 0;
}

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b, b = t;
    }
    return a;
}

int ovxc_cc_rat_init(const double m[3][4], ovxc_cc_rat *r)
{
    const double u = 1.0 / 16777216.0, noise = 1e-11; /* float's unit roundoff; the reference's rounding */
    int c, i;
    for (c = 0; c < 3; c++) {
        int64_t p[3], q[3], d = 1, nmax = 0, nmin = 0;
        double diff = 0, a, fa, fr, qmax;
        for (i = 0; i < 3; i++) {
            if (!rational_of(m[c][i], 65535, &p[i], &q[i])) return 0;
            d = d / gcd64(d, q[i]) * q[i];
            if (d > 65535) return 0;
        }
        for (i = 0; i < 3; i++) {
            int64_t ci = p[i] * (d / q[i]);
            if (ci < -32767 || ci > 32767) return 0;
            r->c[c][i] = (int16_t)ci;
            diff += fabs(m[c][i] - (double)ci / (double)d) * 255.0;
            if (ci > 0) nmax += ci * 255;
            else nmin += ci * 255;
        }
        r->d[c] = (int32_t)d;
        /* one value (n = 1) and the mean of four (n = 4): the fraction of n (m3
         * + 1e-4) d keeps the exact value at least min(fr, 1 - fr) / (n d)
         * from an integer, which must beat diff and the reference's rounding */
        r->a4[c] = 0;
        for (i = 1; i <= (c ? 4 : 1); i *= 4) { /* block means of chroma only */
            a = (double)i * (m[c][3] + 1e-4) * (double)d;
            if (!(fabs(a) < 1e12)) return 0;
            fa = floor(a), fr = a - fa;
            if (!((fr < 1 - fr ? fr : 1 - fr) - 1e-6 > (diff + noise) * i * (double)d)) return 0;
            if (i == 1) r->a1[c] = (int32_t)fa;
            else r->a4[c] = (int32_t)fa;
            if (!(fabs(fa) + (double)(nmax - nmin) * i < 2147483647.0 / 2)) return 0;
        }
        /* X = N + a1 per pixel, (S + a4) >> 2 per block: the float quotient
         * (X + 1/2) / d, every X exact (below 2^24) */
        r->f[c] = (float)(1.0 / (double)d);
        r->h[c] = (float)(0.5 / (double)d);
        {
            double xmax = 0, e;
            int n;
            for (n = 1; n <= (c ? 4 : 1); n *= 4) { /* the largest |X| */
                double off = n == 1 ? r->a1[c] : r->a4[c];
                double hi = floor(((double)nmax * n + off) / n), lo = floor(((double)nmin * n + off) / n);
                if (hi > xmax) xmax = hi;
                if (-lo > xmax) xmax = -lo;
            }
            qmax = xmax / (double)d + 1;
            e = xmax * fabs((double)r->f[c] - 1.0 / (double)d) + fabs((double)r->h[c] - 0.5 / (double)d) + qmax * u;
            if (!(xmax < 16777216.0 && e < 0.999 * 0.5 / (double)d)) return 0;
        }
    }
    return 1;
}

int ovxc_cc_dec_exact(const double m[3][4], int c, float *f, float *b, int *src)
{
    const double u = 1.0 / 16777216.0, noise = 1e-11;
    int64_t p, q, a;
    double coef, off, diff, fr, e;
    if (m[c][0] != 1.0 || (m[c][1] != 0.0 && m[c][2] != 0.0)) return 0;
    *src = m[c][1] != 0.0 ? 1 : 2;
    coef = m[c][*src];
    if (!rational_of(coef, 65535, &p, &q)) return 0;
    diff = fabs(coef - (double)p / (double)q) * 255.0;
    /* the term t = coef X + m3 + 1e-4, X = S - 128 the centred sample: (p X +
     * (m3 + 128 coef + 1e-4) q) / q, whose numerator's fraction fr keeps t at
     * least min(fr, 1 - fr) / q from an integer */
    off = (m[c][3] + 128.0 * coef + 1e-4) * (double)q;
    if (!(fabs(off) < 1e9)) return 0;
    a = (int64_t)floor(off), fr = off - (double)a;
    if (!((fr < 1 - fr ? fr : 1 - fr) - 1e-6 > (diff + noise) * (double)q)) return 0;
    /* floor((p X + a) / q) + 256 as the float fma(X, fl(p/q), fl((a + 1/2)/q
     * + 256)) truncated: the quotient's error (the coefficient's rounding
     * times |X| <= 128, the addend's, the result's) below 1/(2q), the value
     * positive (the term above -256) */
    *f = (float)((double)p / (double)q);
    *b = (float)(((double)a + 0.5) / (double)q + 256.0);
    e = 128.0 * fabs((double)*f - (double)p / (double)q) + fabs((double)*b - (((double)a + 0.5) / (double)q + 256.0)) +
        (fabs((double)p / (double)q) * 128.0 + fabs(((double)a + 0.5) / (double)q) + 257.0) * u;
    if (!(e < 0.999 * 0.5 / (double)q)) return 0;
    if (!(fabs((double)p / (double)q) * 128.0 + fabs(((double)a + 0.5) / (double)q) < 255.0)) return 0;
    return 1;
}

const ovxc_cc_kit *ovxc_cc_kit_scalar(void)
{
    static const ovxc_cc_kit kit = {apply_q_scalar,          ovxc_interleave3_scalar, ovxc_interleave4_scalar,
                                    ovxc_dup2_scalar,
                                    ovxc_pick2_scalar,       ovxc_split3_scalar,      ovxc_cc_enc420_scalar,
                                    ovxc_split_uv4_scalar,   ovxc_cc_dec2_scalar,
                                    ovxc_interleave2_scalar, ovxc_split4_scalar,  NULL,
                                    NULL,                    NULL};
    return &kit;
}

const ovx_variant *ovxc_cc_kit_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX512(ovxc_cc_kit) OVX_VARIANT_AVX2(ovxc_cc_kit){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_cc_kit_scalar}};
    return table;
}

int ovxc_cc_rows_pair(vx_df_image fi, vx_df_image fo)
{
    if (ovxc_cc_is_yuv(fi)) return fo == VX_DF_IMAGE_RGB || fo == VX_DF_IMAGE_RGBX;
    if (fi == VX_DF_IMAGE_RGB || fi == VX_DF_IMAGE_RGBX)
        return fo == VX_DF_IMAGE_IYUV || fo == VX_DF_IMAGE_NV12 || fo == VX_DF_IMAGE_YUV4;
    return 0;
}

#define CC_CHUNK 1024

/* n samples of channel c for pixels x0.. of row y (chroma repeated) */
static void gather(const ovxc_cc_kit *k, const ovxc_cc_planes *p, const ovxc_cc_chan *c, uint32_t x0, uint32_t n,
                   uint32_t y, uint8_t *dst)
{
    const uint8_t *row = p->ptr[c->plane] + (intptr_t)(y / c->sy) * p->stride[c->plane] + c->off;
    uint32_t i;
    if (c->sx == 1 && c->step == 1) {
        memcpy(dst, row + x0, n);
    } else if (c->sx == 1 && c->step == 2) { /* the luma of UYVY / YUYV */
        k->pick2(row + (size_t)x0 * 2, dst, n);
    } else if (c->sx == 1) {
        for (i = 0; i < n; i++) dst[i] = row[(size_t)(x0 + i) * c->step];
    } else {
        /* chroma shared by pixel pairs: each sample written twice */
        const uint8_t *src = row + (size_t)(x0 >> 1) * c->step;
        i = 0;
        if (x0 & 1) dst[i++] = *src, src += c->step; /* a pair's second pixel first */
        k->dup2(src, c->step, dst + i, (n - i) / 2);
        src += (size_t)((n - i) / 2) * c->step;
        i += (n - i) / 2 * 2;
        if (i < n) dst[i] = *src;
    }
}

/* An RGB (bpp 3) or RGBX (4) row into its R, G, B channels. */
static void split(const ovxc_cc_kit *k, size_t bpp, const uint8_t *s, uint8_t *r, uint8_t *g, uint8_t *b, size_t n)
{
    if (bpp == 3)
        k->split3(s, r, g, b, n);
    else
        k->split4(s, r, g, b, n);
}

int ovxc_color_convert_rows(const ovxc_cc_kit *k, vx_df_image fi, const ovxc_cc_planes *in, vx_df_image fo,
                           const ovxc_cc_planes *out, const ovxc_cc_xform *t, uint32_t width, uint32_t height,
                           uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
    uint8_t opaque[CC_CHUNK], a[CC_CHUNK], b[CC_CHUNK], c[CC_CHUNK], o0[CC_CHUNK], o1[CC_CHUNK], o2[CC_CHUNK];
    ovxc_cc_chan ic[4], oc[4];
    uint32_t x, y, n;
    if (t->gamma || !ovxc_cc_rows_pair(fi, fo) || !ovxc_cc_channels(fi, ic) || !ovxc_cc_channels(fo, oc)) return 0;
    if (ovxc_cc_is_yuv(fi) && ic[1].sx == 2 && x0 % 2 == 0) { /* chroma shared by pixel pairs -> RGB / RGBX */
        int four = fo == VX_DF_IMAGE_RGBX;
        uint8_t ya[CC_CHUNK], yb[CC_CHUNK], cu[CC_CHUNK / 2], cv[CC_CHUNK / 2], pb[3][CC_CHUNK];
        uint8_t *const oa[3] = {o0, o1, o2}, *const ob[3] = {pb[0], pb[1], pb[2]};
        uint32_t rows;
        memset(opaque, 255, sizeof(opaque));
        for (y = y0; y < y1; y += rows) {
            /* 4:2:0: the two rows of a chroma row together */
            const uint8_t *urow = in->ptr[ic[1].plane] + (intptr_t)(y / ic[1].sy) * in->stride[ic[1].plane];
            const uint8_t *vrow = in->ptr[ic[2].plane] + (intptr_t)(y / ic[2].sy) * in->stride[ic[2].plane];
            const uint8_t *lrow[2];
            uint32_t r;
            rows = ic[1].sy == 2 && y % 2 == 0 && y + 1 < y1 ? 2 : 1;
            for (r = 0; r < rows; r++) lrow[r] = in->ptr[0] + (intptr_t)(y + r) * in->stride[0] + ic[0].off;
            for (x = x0; x < x1; x += n) {
                size_t done = 0, packed = 0;
                n = x1 - x < CC_CHUNK ? x1 - x : CC_CHUNK;
                if (ic[1].step == 4 && k->dec422) /* UYVY / YUYV straight from the packed row to the output's */
                    done = packed = k->dec422(in->ptr[0] + (intptr_t)y * in->stride[0] + (size_t)x * 2,
                                              fi == VX_DF_IMAGE_YUYV, oa,
                                              out->ptr[0] + (intptr_t)y * out->stride[0] + (size_t)x * (four ? 4 : 3),
                                              four ? 4 : 3, n, t->m);
                if (done < n) {
                    uint32_t xd = x + (uint32_t)done, nd = n - (uint32_t)done; /* xd stays even */
                    const uint8_t *u = urow + ic[1].off + (size_t)(xd / 2) * ic[1].step, *l[2];
                    const uint8_t *v = vrow + ic[2].off + (size_t)(xd / 2) * ic[2].step;
                    uint8_t *const od[3] = {o0 + done, o1 + done, o2 + done};
                    uint8_t *const obd[3] = {pb[0] + done, pb[1] + done, pb[2] + done};
                    if (ic[1].step == 2) { /* NV12 / NV21 */
                        k->pick2(u, cu, (nd + 1) / 2);
                        k->pick2(v, cv, (nd + 1) / 2);
                        u = cu, v = cv;
                    } else if (ic[1].step == 4) { /* UYVY / YUYV: U, then V two bytes on */
                        k->split_uv4(u, cu, cv, (nd + 1) / 2);
                        u = cu, v = cv;
                    }
                    for (r = 0; r < rows; r++) {
                        if (ic[0].step == 1) {
                            l[r] = lrow[r] + xd;
                        } else {
                            k->pick2(lrow[r] + (size_t)xd * 2, r ? yb : ya, nd);
                            l[r] = r ? yb : ya;
                        }
                    }
                    k->dec2(l[0], rows == 2 ? l[1] : NULL, u, v, od, obd, nd, t->m);
                }
                for (r = 0; r < rows; r++) {
                    uint8_t *orow = out->ptr[0] + (intptr_t)(y + r) * out->stride[0];
                    uint8_t *const *p = r ? ob : oa;
                    if (four)
                        k->interleave4(p[0] + packed, p[1] + packed, p[2] + packed, opaque,
                                       orow + ((size_t)x + packed) * 4, n - packed);
                    else
                        k->interleave3(p[0] + packed, p[1] + packed, p[2] + packed, NULL,
                                       orow + ((size_t)x + packed) * 3, n - packed);
                }
            }
        }
        return 1;
    }
    if (ovxc_cc_is_yuv(fi)) { /* YUV -> RGB / RGBX */
        int four = fo == VX_DF_IMAGE_RGBX;
        memset(opaque, 255, sizeof(opaque));
        for (y = y0; y < y1; y++) {
            uint8_t *orow = out->ptr[0] + (intptr_t)y * out->stride[0];
            for (x = x0; x < x1; x += n) {
                n = x1 - x < CC_CHUNK ? x1 - x : CC_CHUNK;
                gather(k, in, &ic[0], x, n, y, a);
                gather(k, in, &ic[1], x, n, y, b);
                gather(k, in, &ic[2], x, n, y, c);
                k->apply_q(a, b, c, o0, o1, o2, n, t->m);
                if (four)
                    k->interleave4(o0, o1, o2, opaque, orow + (size_t)x * 4, n);
                else
                    k->interleave3(o0, o1, o2, NULL, orow + (size_t)x * 3, n);
            }
        }
        return 1;
    }
    /* RGB / RGBX -> YUV: the full-resolution channels */
    {
        size_t bpp = fi == VX_DF_IMAGE_RGBX ? 4 : 3;
        int yuv4 = fo == VX_DF_IMAGE_YUV4;
        /* 4:2:0 with a window of whole blocks across: the chroma pass below
         * converts every pixel of the block rows anyway and writes Y too;
         * only a first odd row (its block starts above the window) is here */
        int fused = !yuv4 && x0 % 2 == 0 && (x1 % 2 == 0 || x1 == width);
        /* the kit's straight rows where the transform is exactly rational */
        ovxc_cc_rat rat;
        int exact = k->enc444_rat && k->enc420_rat && ovxc_cc_rat_init(t->m, &rat);
        for (y = y0; y < y1; y++) {
            const uint8_t *irow = in->ptr[0] + (intptr_t)y * in->stride[0];
            if (fused && !(y == y0 && (y0 & 1))) continue;
            uint8_t *yrow = out->ptr[0] + (intptr_t)y * out->stride[0];
            for (x = x0; x < x1; x += n) {
                size_t done = 0;
                uint8_t *urow = yuv4 ? out->ptr[1] + (intptr_t)y * out->stride[1] + x : o1;
                uint8_t *vrow = yuv4 ? out->ptr[2] + (intptr_t)y * out->stride[2] + x : o2;
                n = x1 - x < CC_CHUNK ? x1 - x : CC_CHUNK;
                if (exact) done = k->enc444_rat(&rat, irow + (size_t)x * bpp, bpp, width - x, yrow + x, urow, vrow, n);
                if (done == n) continue;
                split(k, bpp, irow + (x + done) * bpp, a, b, c, n - done);
                k->apply_q(a, b, c, yrow + x + done, urow + done, vrow + done, n - done, t->m);
            }
        }
        if (yuv4) return 1;
        /* 4:2:0: a block row at a time, Y of its rows and the means of the
         * blocks' converted chroma (the kit's enc420); a block is written by
         * the window holding its first pixel */
        {
            uint8_t a1[CC_CHUNK], b1[CC_CHUNK], c1[CC_CHUNK], qu[CC_CHUNK / 2], qv[CC_CHUNK / 2];
            uint32_t cy, cx0 = first_sample(x0, 2), cx1 = first_sample(x1, 2), cx, m;
            for (cy = first_sample(y0, 2); cy * 2 < y1; cy++) {
                uint32_t rows = cy * 2 + 1 < height ? 2 : 1, r0 = cy * 2, r1 = r0 + 1;
                uint8_t *yo0 = fused && r0 >= y0 && r0 < y1 ? out->ptr[0] + (intptr_t)r0 * out->stride[0] : NULL;
                uint8_t *yo1 = fused && rows == 2 && r1 >= y0 && r1 < y1 ? out->ptr[0] + (intptr_t)r1 * out->stride[0]
                                                                       : NULL;
                const uint8_t *ir0 = in->ptr[0] + (intptr_t)r0 * in->stride[0];
                const uint8_t *ir1 = in->ptr[0] + (intptr_t)(rows == 2 ? r1 : r0) * in->stride[0];
                for (cx = cx0; cx < cx1; cx += m) {
                    uint32_t xs = cx * 2, xe;
                    m = cx1 - cx < CC_CHUNK / 2 ? cx1 - cx : CC_CHUNK / 2;
                    xe = xs + 2 * m < width ? xs + 2 * m : width;
                    {
                        uint8_t *ya = yo0 ? yo0 + xs : o0, *yb = yo1 ? yo1 + xs : o1;
                        uint8_t *du = sample_at(out, &oc[1], cx, cy), *dv = sample_at(out, &oc[2], cx, cy);
                        int planes = oc[1].step == 1; /* IYUV: planes of their own; NV12: U, V interleaved */
                        uint8_t *pu = planes ? du : qu, *pv = planes ? dv : qv;
                        size_t done = 0, rest;
                        if (exact && rows == 2)
                            done = k->enc420_rat(&rat, ir0 + (size_t)xs * bpp, ir1 + (size_t)xs * bpp, bpp, width - xs,
                                                 ya, yb, pu, pv, xe - xs);
                        rest = xe - xs - done;
                        if (rest) {
                            split(k, bpp, ir0 + (xs + done) * bpp, a, b, c, rest);
                            if (rows == 2) split(k, bpp, ir1 + (xs + done) * bpp, a1, b1, c1, rest);
                            k->enc420(a, b, c, rows == 2 ? a1 : NULL, b1, c1, ya + done, yb + done, pu + done / 2,
                                      pv + done / 2, rest, t->m);
                        }
                        if (!planes) k->interleave2(qu, qv, du, m);
                    }
                }
            }
        }
        return 1;
    }
}

/* ---- ColorConvert between YUV formats of one space and range --------------- */

int ovxc_cc_xform_near_identity(const ovxc_cc_xform *t, int half[3])
{
    int i, j;
    if (t->gamma) return 0;
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++)
            if (fabs(t->m[i][j] - (i == j ? 1.0 : 0.0)) > 1e-9) return 0;
        if (fabs(t->m[i][3]) <= 1e-9)
            half[i] = 0;
        else if (fabs(t->m[i][3] - 0.5) <= 1e-9) /* a restricted range's rounding half */
            half[i] = 1;
        else
            return 0;
    }
    return 1;
}

int ovxc_color_convert_yuv(const ovxc_cc_kit *k, vx_df_image fi, const ovxc_cc_planes *in, vx_df_image fo,
                          const ovxc_cc_planes *out, const ovxc_cc_xform *t, uint32_t width, uint32_t height,
                          uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1)
{
    ovxc_cc_chan ic[4], oc[4];
    uint32_t c, y, cx, cy;
    int half[3];
    if (!ovxc_cc_is_yuv(fi) || !ovxc_cc_is_yuv(fo) || !ovxc_cc_xform_near_identity(t, half)) return 0;
    if (!ovxc_cc_channels(fi, ic) || !ovxc_cc_channels(fo, oc)) return 0;
    /* Y: the samples themselves (v is Y, or Y + 0.5, within 1e-6: floor(v +
     * 1e-4) = Y) */
    for (y = y0; y < y1; y++) {
        uint8_t *d = out->ptr[oc[0].plane] + (intptr_t)y * out->stride[oc[0].plane] + oc[0].off;
        if (oc[0].step == 1) {
            gather(k, in, &ic[0], x0, x1 - x0, y, d + x0);
        } else {
            uint8_t tmp[CC_CHUNK];
            uint32_t x, n, i;
            for (x = x0; x < x1; x += n) {
                n = x1 - x < CC_CHUNK ? x1 - x : CC_CHUNK;
                gather(k, in, &ic[0], x, n, y, tmp);
                for (i = 0; i < n; i++) d[(size_t)(x + i) * oc[0].step] = tmp[i];
            }
        }
    }
    /* U, V: the mean of the input samples over the output sample's block
     * (plus the half), floored: floor((2 sum + half 2 count) / (2 count)),
     * exactly what the reference's floor(mean + 1e-4) of values within 1e-6
     * of those gives (the means are multiples of 1/8); a block is written by
     * the window holding its first pixel */
    for (c = 1; c < 3; c++) {
        const ovxc_cc_chan *o = &oc[c], *i = &ic[c];
        for (cy = first_sample(y0, o->sy); cy * o->sy < y1; cy++) {
            uint32_t ys = cy * o->sy, ye = ys + o->sy < height ? ys + o->sy : height;
            if (i->sx == o->sx && i->sy == o->sy) { /* the same grid: the samples, a row at a time */
                const uint8_t *ir = sample_at(in, i, 0, cy);
                uint8_t *orow = sample_at(out, o, 0, cy);
                uint32_t c0 = first_sample(x0, o->sx), c1 = first_sample(x1, o->sx);
                if (i->step == 1 && o->step == 1)
                    memcpy(orow + c0, ir + c0, c1 - c0);
                else if (i->step == 2 && o->step == 1) /* NV12 / NV21 chroma to a plane */
                    k->pick2(ir + (size_t)c0 * 2, orow + c0, c1 - c0);
                else
                    for (cx = c0; cx < c1; cx++) orow[(size_t)cx * o->step] = ir[(size_t)cx * i->step];
                continue;
            }
            for (cx = first_sample(x0, o->sx); cx * o->sx < x1; cx++) {
                uint32_t xs = cx * o->sx, xe = xs + o->sx < width ? xs + o->sx : width, xx, yy, sum = 0, cnt = 0;
                for (yy = ys; yy < ye; yy++)
                    for (xx = xs; xx < xe; xx++, cnt++) sum += *sample_at(in, i, xx / i->sx, yy / i->sy);
                *sample_at(out, o, cx, cy) = (uint8_t)((2 * sum + (uint32_t)half[c] * cnt) / (2 * cnt));
            }
        }
    }
    return 1;
}
