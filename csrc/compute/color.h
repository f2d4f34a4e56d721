/*
 * Compute routines: color conversion, channel extract and channel combine
 * (spec "Color Convert", "Channel Extract", "Channel Combine").
 *
 * Every multi-channel format is described by a table of its channels: the
 * plane a channel lives in, its byte offset and byte step between successive
 * samples in that plane, and its subsampling (1 or 2) in x and y.  Sample
 * (cx, cy) of channel c is at ptr[plane] + cy * stride[plane] + cx * step + off.
 * The routines take raw plane pointers (pixel (0,0) of each plane), strides
 * and a window in output-image pixels; a subsampled output sample is written
 * by the window that holds the first pixel of its block, so windows never
 * write the same byte.
 */
#ifndef OVXC_COMPUTE_COLOR_H
#define OVXC_COMPUTE_COLOR_H

#include <VX/vx_types.h>
#include <stddef.h>
#include <stdint.h>

#include "../runtime/dispatch.h"

typedef struct {
    uint8_t plane, off, step, sx, sy;
} ovxc_cc_chan;

/* Channels of a color format: RGB (R,G,B), RGBX (R,G,B,X), NV12, NV21, UYVY,
 * YUYV, IYUV, YUV4 (Y,U,V).  Returns the number of channels (3 or 4), 0 for
 * other formats. */
int ovxc_cc_channels(vx_df_image format, ovxc_cc_chan ch[4]);
/* Is the format one of the YUV formats above? */
int ovxc_cc_is_yuv(vx_df_image format);

/* Up to three planes of an image. */
typedef struct {
    uint8_t *ptr[3];
    int32_t stride[3];
} ovxc_cc_planes;

/* The pixel transform of a conversion, in real numbers: input samples ->
 * output samples before quantization (floor, then clamp to [0, 255]). */
enum { OVXC_CC_SPACE_NONE = -1, OVXC_CC_BT601_525 = 0, OVXC_CC_BT601_625 = 1, OVXC_CC_BT709 = 2 };
typedef struct {
    double m[3][4]; /* affine; when gamma: input samples -> nonlinear R'G'B' */
    int gamma;      /* the color spaces' primaries differ */
    double prim[3][3];
    double e[3][4]; /* gamma: nonlinear R'G'B' -> output samples */
} ovxc_cc_xform;
/* space: OVXC_CC_*; for RGB images OVXC_CC_SPACE_NONE means "the space of the
 * other side" (no change of primaries); for YUV images it means BT.709. */
void ovxc_cc_xform_init(ovxc_cc_xform *t, int in_yuv, int in_space, int in_restricted, int out_yuv, int out_space,
                       int out_restricted);

/* Color convert the window [x0, x1) x [y0, y1) of the output image (width x
 * height pixels). */
void ovxc_color_convert(vx_df_image in_format, const ovxc_cc_planes *in, vx_df_image out_format,
                       const ovxc_cc_planes *out, const ovxc_cc_xform *t, uint32_t width, uint32_t height, uint32_t x0,
                       uint32_t y0, uint32_t x1, uint32_t y1);

/* Copy channel ch of an image into a U8 plane: rows [y0, y1), columns
 * [x0, x1) of the channel's own sample grid. */
void ovxc_channel_extract(const uint8_t *base, int32_t stride, const ovxc_cc_chan *ch, uint8_t *dst,
                         int32_t dst_stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1);

/* Write channel ch of an image from a U8 plane (sample grid of the channel),
 * for the window [x0, x1) x [y0, y1) of image pixels. */
void ovxc_channel_insert(const uint8_t *src, int32_t src_stride, const ovxc_cc_chan *ch, uint8_t *base,
                        int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1);
/* Fill channel ch with value over the window (alpha of RGBX). */
void ovxc_channel_fill(uint8_t value, const ovxc_cc_chan *ch, uint8_t *base, int32_t stride, uint32_t x0,
                      uint32_t y0, uint32_t x1, uint32_t y1);

/* ---- rows with SIMD variants (runtime/dispatch.h; color_rows.inc) --------- */
/* ChannelCombine into RGB / RGBX: o[kx + c] = plane c [x] (d unused for 3);
 * ChannelExtract from RGB / RGBX: o[x] = s[kx].  Built per ISA from one
 * source; ovxc_channel_variants gives a routine's table, best first. */
typedef void (*ovxc_interleave_f)(const uint8_t *a, const uint8_t *b, const uint8_t *c, const uint8_t *d, uint8_t *o,
                                  size_t n);
typedef void (*ovxc_pick_f)(const uint8_t *s, uint8_t *o, size_t n);
/* ColorConvert RGB <-> RGBX when the transform is the identity
 * (ovxc_cc_xform_is_identity): o = the bytes, X = 255 (the pick signature). */
typedef enum {
    OVXC_CH_interleave3,
    OVXC_CH_interleave4,
    OVXC_CH_pick3,
    OVXC_CH_pick4,
    OVXC_CH_rgb_to_rgbx,
    OVXC_CH_rgbx_to_rgb,
    OVXC_CH_COUNT
} ovxc_channel_op;
#define OVXC_CH_DECLARE(sfx)                                                                                   \
    void ovxc_interleave3##sfx(const uint8_t *a, const uint8_t *b, const uint8_t *c, const uint8_t *d,        \
                               uint8_t *o, size_t n);                                                          \
    void ovxc_interleave4##sfx(const uint8_t *a, const uint8_t *b, const uint8_t *c, const uint8_t *d,        \
                               uint8_t *o, size_t n);                                                          \
    void ovxc_pick3##sfx(const uint8_t *s, uint8_t *o, size_t n);                                              \
    void ovxc_pick4##sfx(const uint8_t *s, uint8_t *o, size_t n);                                              \
    void ovxc_rgb_to_rgbx##sfx(const uint8_t *s, uint8_t *o, size_t n);                                        \
    void ovxc_rgbx_to_rgb##sfx(const uint8_t *s, uint8_t *o, size_t n);                                        \
    void ovxc_dup2##sfx(const uint8_t *s, size_t step, uint8_t *o, size_t pairs);                              \
    void ovxc_pick2##sfx(const uint8_t *s, uint8_t *o, size_t n);                                              \
    void ovxc_split3##sfx(const uint8_t *s, uint8_t *o0, uint8_t *o1, uint8_t *o2, size_t n);                  \
    void ovxc_split_uv4##sfx(const uint8_t *s, uint8_t *u, uint8_t *v, size_t n);                            \
    void ovxc_interleave2##sfx(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n);                     \
    void ovxc_split4##sfx(const uint8_t *s, uint8_t *o0, uint8_t *o1, uint8_t *o2, size_t n);
OVXC_CH_DECLARE(_scalar)
OVXC_CH_DECLARE(_sse41)
OVXC_CH_DECLARE(_avx2)
OVXC_CH_DECLARE(_avx512)
const ovx_variant *ovxc_channel_variants(ovxc_channel_op op);
/* Does the transform give every output sample its input sample (a unit
 * diagonal, no offset, no change of primaries)? */
int ovxc_cc_xform_is_identity(const ovxc_cc_xform *t);

/* ---- ColorConvert between YUV and RGB formats, row by row (variants) ------- */
/* The arithmetic of ovxc_color_convert for a transform without a change of
 * primaries, on rows of bytes; the reference (the scalar kit) does it in the
 * generic routine's order of operations:
 *   v_c = ((m[c][0] * a + m[c][1] * b) + m[c][2] * cc) + m[c][3]  (double)
 *   quantized: floor(v + 1e-4) clamped to [0, 255]
 * and a 4:2:0 output's chroma is the quantized mean (row by row, left to
 * right, over 4 or 2) of its block's converted doubles.  Variants estimate
 * the same quantities another way and prove, lane by lane, that the estimate
 * has the reference's byte (doing the reference's arithmetic where it cannot
 * tell): the same bytes. */
struct ovxc_cc_rat;
typedef struct {
    /* the three channels quantized */
    void (*apply_q)(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0, uint8_t *o1, uint8_t *o2,
                    size_t n, const double m[3][4]);
    ovxc_interleave_f interleave3, interleave4; /* the channel rows of the same ISA */
    void (*dup2)(const uint8_t *s, size_t step, uint8_t *o, size_t pairs); /* o[2i] = o[2i+1] = s[i step] */
    ovxc_pick_f pick2;                                                     /* o[i] = s[2i] */
    void (*split3)(const uint8_t *s, uint8_t *o0, uint8_t *o1, uint8_t *o2, size_t n); /* RGB: o_c[x] = s[3x+c] */
    /* 4:2:0 encode of px pixels of a block row (rows 0 and 1; r1 NULL for a
     * block row of one row): y0, y1 = channel 0 quantized, u[i], v[i] =
     * channels 1 and 2 of the block of pixels 2i, 2i+1 (of both rows), the
     * quantized mean of their converted values */
    void (*enc420)(const uint8_t *r0, const uint8_t *g0, const uint8_t *b0, const uint8_t *r1, const uint8_t *g1,
                   const uint8_t *b1, uint8_t *y0, uint8_t *y1, uint8_t *u, uint8_t *v, size_t px,
                   const double m[3][4]);
    /* u[i] = s[4i], v[i] = s[4i + 2] (the chroma of UYVY / YUYV) */
    void (*split_uv4)(const uint8_t *s, uint8_t *u, uint8_t *v, size_t n);
    /* decode of n pixels of one row (yb NULL) or two (ya, yb) sharing chroma
     * samples u[i], v[i] between pixels 2i and 2i + 1: oa[c], ob[c] =
     * channel c quantized, as apply_q of the duplicated samples gives */
    void (*dec2)(const uint8_t *ya, const uint8_t *yb, const uint8_t *u, const uint8_t *v, uint8_t *const oa[3],
                 uint8_t *const ob[3], size_t n, const double m[3][4]);
    void (*interleave2)(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n); /* o[2i] = a[i], o[2i+1] = b[i] */
    void (*split4)(const uint8_t *s, uint8_t *o0, uint8_t *o1, uint8_t *o2, size_t n); /* RGBX: o_c[x] = s[4x+c] */
    /* RGB (bpp 3) or RGBX (4) bytes straight to YUV4 planes (enc444) or to a
     * 4:2:0 block row of two rows (enc420) through the exact rational form of
     * the transform (ovxc_cc_rat below); each does a leading part of the
     * pixels (whole vectors, an even count) and returns how many, the rest is
     * the caller's; readable (>= n, px) pixels of each row may be read;
     * NULL in a kit without them */
    size_t (*enc444_rat)(const struct ovxc_cc_rat *r, const uint8_t *s, size_t bpp, size_t readable, uint8_t *y,
                         uint8_t *u, uint8_t *v, size_t n);
    size_t (*enc420_rat)(const struct ovxc_cc_rat *r, const uint8_t *s0, const uint8_t *s1, size_t bpp,
                         size_t readable, uint8_t *y0, uint8_t *y1, uint8_t *u, uint8_t *v, size_t px);
    /* decode of n pixels of a UYVY (yuyv 0) or YUYV (1) row at s (pixel
     * pairs whole) to the three channels, as dec2 of its samples gives; does
     * a leading part (whole vectors) and returns how many; NULL in a kit
     * without it.  With packed not NULL the channels go there interleaved
     * instead (bpp 3: RGB; 4: RGBX with X = 255), o unused. */
    size_t (*dec422)(const uint8_t *s, int yuyv, uint8_t *const o[3], uint8_t *packed, int bpp, size_t n,
                     const double m[3][4]);
} ovxc_cc_kit;
size_t ovxc_cc_dec422_avx2(const uint8_t *s, int yuyv, uint8_t *const o[3], uint8_t *packed, int bpp, size_t n,
                           const double m[3][4]);
/* The transform's rows as exact rationals, when they are: the reference's
 * byte floor(v + 1e-4) of v = m0 x0 + m1 x1 + m2 x2 + m3 (double) is then
 * floor((c0 x0 + c1 x1 + c2 x2 + a1) / d), with integers c (16-bit), d and
 * a1 = floor((m3 + 1e-4) d), for every input: ovxc_cc_rat_init accepts a row
 * only when each m_i is within 1e-12 of c_i / d and the exact value
 * (N + (m3 + 1e-4) d) / d stays further from every integer than the
 * coefficients' difference and the reference's double rounding can move it
 * (its fraction (m3 + 1e-4) d is not near an integer).  So for the mean of a
 * 2x2 block's converted values (4:2:0 chroma): floor((S + a4) / (4 d)) =
 * floor(floor((S + a4) / 4) / d), S the block's sum of numerators, a4 =
 * floor(4 (m3 + 1e-4) d).  For BT.709 and
 * BT.601 full range RGB -> YUV: d = 5000 or 1000 (Y), 9278 or 1772 (U),
 * 7874 or 1402 (V).  A SIMD kit divides in float: an integer numerator X
 * (N + a1, or (S + a4) >> 2), below 2^24, times fl(1/d) plus fl(1/(2d)) by a
 * fused multiply-add; the init proves that quotient floors right: its error
 * (1/d's rounding, the addend's, the result's) stays below the 1/(2d) the
 * half added to X leaves. */
typedef struct ovxc_cc_rat {
    int16_t c[3][3];
    int32_t d[3], a1[3], a4[3]; /* a4 of channels 1 and 2 (chroma) */
    float f[3], h[3];           /* fl(1 / d), fl(1 / (2 d)) */
} ovxc_cc_rat;
int ovxc_cc_rat_init(const double m[3][4], ovxc_cc_rat *r);
size_t ovxc_cc_enc444_rat_avx2(const ovxc_cc_rat *r, const uint8_t *s, size_t bpp, size_t readable, uint8_t *y,
                               uint8_t *u, uint8_t *v, size_t n);
size_t ovxc_cc_enc420_rat_avx2(const ovxc_cc_rat *r, const uint8_t *s0, const uint8_t *s1, size_t bpp, size_t readable,
                               uint8_t *y0, uint8_t *y1, uint8_t *u, uint8_t *v, size_t px);
void ovxc_cc_enc420_scalar(const uint8_t *r0, const uint8_t *g0, const uint8_t *b0, const uint8_t *r1,
                           const uint8_t *g1, const uint8_t *b1, uint8_t *y0, uint8_t *y1, uint8_t *u, uint8_t *v,
                           size_t px, const double m[3][4]);
void ovxc_cc_dec2_scalar(const uint8_t *ya, const uint8_t *yb, const uint8_t *u, const uint8_t *v,
                         uint8_t *const oa[3], uint8_t *const ob[3], size_t n, const double m[3][4]);
void ovxc_cc_dec2_avx2(const uint8_t *ya, const uint8_t *yb, const uint8_t *u, const uint8_t *v,
                       uint8_t *const oa[3], uint8_t *const ob[3], size_t n, const double m[3][4]);
void ovxc_cc_apply_q_avx2(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0, uint8_t *o1,
                          uint8_t *o2, size_t n, const double m[3][4]);
void ovxc_cc_enc420_avx2(const uint8_t *r0, const uint8_t *g0, const uint8_t *b0, const uint8_t *r1,
                         const uint8_t *g1, const uint8_t *b1, uint8_t *y0, uint8_t *y1, uint8_t *u, uint8_t *v,
                         size_t px, const double m[3][4]);
/* The float estimate of the transform, floor(v + 1e-4) for samples (or means
 * of samples) x in [0, 255]: centred on 128 and shifted by a half, v + 1e-4
 * = k + 1/2 + w, w = a (x - 128) + b, with a the coefficients rounded to
 * float, k an integer and |b| <= 1; eps[c] bounds the error of the float
 * estimate of w by three fused multiply-adds (the coefficients' rounding,
 * three roundings of 2^-24 of the terms' magnitude, the offset's, and the
 * reference's own double error), eps_uv[c] that of a1 (x1 - 128) + a2 (x2 -
 * 128) + b by two (the luma term left out: an integer added exactly), so
 * round-to-nearest(estimate) + k is the reference's byte unless the estimate
 * lies within eps of a half-integer (eps is below 5e-5 for the spaces and
 * ranges here: a value of exactly an integer, which floor(v + 1e-4) meets at
 * v + 1e-4, is told from one just below).  Returns 0 when the bound is of no
 * use. */
typedef struct {
    float a[3][3], b[3], eps[3], eps_uv[3];
    int32_t k[3];
} ovxc_cc_fast_params_t;
int ovxc_cc_fast_params(const double m[3][4], ovxc_cc_fast_params_t *p);
/* A channel c of a decode whose luma coefficient is 1 and one chroma
 * coefficient 0 (R and B): is its term floor(t), t = m[c][src] X + m[c][3] +
 * 1e-4 - the reference's byte minus Y - for every centred sample X = S - 128
 * of the other (src 1: U, 2: V), exactly the float fma(X, f, b) truncated,
 * minus 256?  (The term's coefficient a rational p/q, q <= 65535, that its
 * fraction keeps away from integers; the float quotient's error bounded
 * below 1/(2q).  Full range BT.601 and BT.709: yes for R and B.) */
int ovxc_cc_dec_exact(const double m[3][4], int c, float *f, float *b, int *src);
typedef const ovxc_cc_kit *(*ovxc_cc_kit_f)(void);
const ovxc_cc_kit *ovxc_cc_kit_scalar(void);
const ovxc_cc_kit *ovxc_cc_kit_avx2(void);
const ovxc_cc_kit *ovxc_cc_kit_avx512(void);
/* The kits, best first (entries' fn are ovxc_cc_kit_f). */
const ovx_variant *ovxc_cc_kit_variants(void);
/* Is the pair one ovxc_color_convert_rows handles (a YUV format to RGB or
 * RGBX, or RGB or RGBX to IYUV, NV12 or YUV4)? */
int ovxc_cc_rows_pair(vx_df_image in_format, vx_df_image out_format);
/* ovxc_color_convert for such a pair and a transform without gamma, by rows
 * with the kit; returns 0 (and does nothing) otherwise. */
int ovxc_color_convert_rows(const ovxc_cc_kit *kit, vx_df_image in_format, const ovxc_cc_planes *in,
                           vx_df_image out_format, const ovxc_cc_planes *out, const ovxc_cc_xform *t, uint32_t width,
                           uint32_t height, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1);

/* Is the transform the identity up to rounding (|m - I| <= 1e-9 but for
 * offsets of 0 or 0.5, half[c] = 1 for the latter; no gamma)?  Then every
 * converted value lies within 1e-6 of its input sample (plus the half). */
int ovxc_cc_xform_near_identity(const ovxc_cc_xform *t, int half[3]);
/* ovxc_color_convert between two YUV formats when the transform is near the
 * identity: samples copied, repacked or averaged over the output's blocks
 * (floor of the integer mean: what the reference's arithmetic gives); returns
 * 0 (and does nothing) otherwise. */
int ovxc_color_convert_yuv(const ovxc_cc_kit *kit, vx_df_image in_format, const ovxc_cc_planes *in,
                          vx_df_image out_format, const ovxc_cc_planes *out, const ovxc_cc_xform *t, uint32_t width,
                          uint32_t height, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1);

#endif
