/*
 * Compute routines: geometry (Scale Image, Half-Scale Gaussian, Warp Affine,
 * Warp Perspective, Remap).  Raw planes, a row range [y0, y1) of the
 * destination, no vx_ objects, no allocation.
 *
 * Images are U8 (one byte per pixel) or U1 (bit x % 8 of byte x / 8 of a
 * row; see csrc/objects/image.h).  Out-of-image source pixels follow `mode`:
 * OVXC_BORDER_CONSTANT gives `cval`, anything else replicates the nearest edge
 * pixel (also used for VX_BORDER_UNDEFINED, where any value is allowed).
 */
#ifndef OVXC_COMPUTE_GEOMETRY_H
#define OVXC_COMPUTE_GEOMETRY_H

#include <stddef.h>
#include <stdint.h>

struct ovx_variant;

#include "ovxc.h" /* OVXC_BORDER_REPLICATE, OVXC_BORDER_CONSTANT: the plane's mode */
enum { OVXC_GEO_NEAREST = 0, OVXC_GEO_BILINEAR = 1, OVXC_GEO_AREA = 2 };

/* A source plane (read-only) with its border rule. */
typedef struct {
    const uint8_t *ptr;
    int32_t stride;
    int32_t width, height;
    int u1;         /* 1: bit-packed U1 plane */
    int mode;       /* OVXC_BORDER_REPLICATE or OVXC_BORDER_CONSTANT */
    int cval;       /* constant border value (0/1 for U1) */
    int32_t bit0;   /* U1: bit of ptr[0] holding pixel 0 of a row (0 for U8) */
    int32_t ox, oy; /* image coordinates of pixel (0, 0) of this plane (warps and remap
                     * sample the input's valid rectangle; 0 for scaling) */
} ovxc_geo_src;

/* A destination plane. */
typedef struct {
    uint8_t *ptr;
    int32_t stride;
    int32_t width, height;
    int u1;
} ovxc_geo_dst;

/* Scale Image rows [y0, y1) of dst with the spec's pixel-centre rule. */
void ovxc_scale_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, uint32_t y0, uint32_t y1);

/* Exactly half size, U8, BILINEAR or AREA (ovxc_scale_is_half2): both give
 * out(x, y) = (the 2x2 block sum at (2x, 2y) + 2) >> 2 (the float sums of
 * the general rules are exact there: sample (2x + 0.5, 2y + 0.5) with
 * weights 1/4, or the block's area with weights 1).  half2 computes a row:
 * out[k] from columns 2k, 2k + 1 of rows r0 and r1, k < n; the scalar
 * reference and its SIMD variants (bit-exact integer sums). */
typedef void (*ovxc_half2_u8_f)(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n);
void ovxc_half2_u8(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n);
void ovxc_half2_u8_sse41(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n);
void ovxc_half2_u8_avx2(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n);
const struct ovx_variant *ovxc_half2_u8_variants(void);
int ovxc_scale_is_half2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp);
/* ovxc_scale_rows with the half-size rows by half2 (NULL: the reference). */
void ovxc_scale_rows_with(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, ovxc_half2_u8_f half2,
                         uint32_t y0, uint32_t y1);

/* ---- Scale Image at any ratio from per-column constants ----------------
 *
 * U8 NEAREST, BILINEAR and AREA (other than ovxc_scale_is_half2's sizes)
 * give ovxc_scale_rows' values from a table of the reference's per-column
 * constants, made once per size pair by ovxc_scale_tab_build (the kernel
 * keeps it in the node), all by the reference's float operations: each
 * column's tap (nearest: the pixel; bilinear: floor of the position; area:
 * the first column ia), bilinear's 1 - s and s, area's weights of columns
 * ia .. ia + 3 (0 where the reference skips a column or has none; areas
 * over 4 columns wide have none); and per block of 8 columns a base column
 * (OVXC_SCALE_ESC: none) with index bytes: the block's taps (bilinear:
 * bytes 0-7 the left taps, 8-15 the right ones; area: 16 bytes per column
 * k = 0..3, bytes 0-7 column ia + k, 0x80 for a zero weight; byte 15 the
 * count of k with a weight in the block) as offsets
 * from the base, each under 16, the base at most width - 16 (planes under
 * 16 wide: no bases).  Per row the samplers compute the reference's row
 * constants themselves.  Blocks without a base, and bilinear rows with a
 * tap row outside the plane (the border rule), take the reference's
 * arithmetic pixel by pixel (ovxc_scale_tab_span). */
#define OVXC_SCALE_ESC (-1)
int ovxc_scale_tab_fits(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp);
size_t ovxc_scale_tab_size(int32_t dw);
void ovxc_scale_tab_build(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, void *tab);
/* The reference's constants of destination row y: the source row (nearest),
 * or floor of the position with its fraction in *t (bilinear). */
int32_t ovxc_scale_nearest_row(const ovxc_geo_src *src, const ovxc_geo_dst *dst, uint32_t y);
int32_t ovxc_scale_bilinear_row(const ovxc_geo_src *src, const ovxc_geo_dst *dst, uint32_t y, float *t);
/* Row y's columns [x0, x1) by the reference's arithmetic from the table. */
void ovxc_scale_tab_span(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, const void *tab, uint32_t y,
                         int32_t x0, int32_t x1);
/* Exactly double size, U8 BILINEAR, where every float operation of the
 * reference is exact (positions (2x - 1) / 4 need (4w - 1) w < 2^24 for the
 * product (x + 1/2) w; the weights are multiples of 1/16 and the sums stay
 * under 2^12): out = (9 a + 3 b + 3 c + d + 8) >> 4 of the nearest pixel a,
 * its row and column neighbours b, c and the diagonal d, in integers (the
 * AVX2 sampler's dedicated path). */
int ovxc_scale_is_double2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp);
typedef void (*ovxc_scale_tab_f)(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, const void *tab,
                                 uint32_t y0, uint32_t y1);
void ovxc_scale_tab_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, const void *tab, uint32_t y0,
                         uint32_t y1);
void ovxc_scale_tab_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp, const void *tab,
                              uint32_t y0, uint32_t y1);
const struct ovx_variant *ovxc_scale_tab_variants(void);
/* The table's parts (for the samplers): per column (dw rounded up to 8
 * entries each) the tap and four floats w[0..3] (bilinear: 1 - s, s; area:
 * the weights), then per block the base and 64 index bytes (idx + 64 b). */
typedef struct {
    const int32_t *sx;
    const float *w[4];
    const int32_t *base;
    const uint8_t *idx;
} ovxc_scale_tab_parts;
ovxc_scale_tab_parts ovxc_scale_tab_at(const void *tab, int32_t dw);

/* Half-scale Gaussian: dst(x, y) = gaussian_k(src)(2x, 2y), k = 1, 3 or 5. */
void ovxc_halfscale_gaussian_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int ksize, uint32_t y0,
                                 uint32_t y1);
/* The same with k = 5's interior rows by row5 (compute/multiscale.h's
 * primitive, a row of a half-size Gaussian level; NULL: the reference's
 * loops). */
#ifndef OVXC_ROW5_U8_F
#define OVXC_ROW5_U8_F
typedef void (*ovxc_row5_u8_f)(const uint8_t *s, int32_t stride, uint8_t *out, int32_t ostride, int32_t n,
                              int32_t nrows);
#endif
void ovxc_halfscale_gaussian_rows_with(const ovxc_geo_src *src, const ovxc_geo_dst *dst, int ksize, ovxc_row5_u8_f row5,
                                      uint32_t y0, uint32_t y1);

/* ---- Warp Affine, Warp Perspective, Remap ------------------------------
 *
 * The spec gives the source position of output (x, y) in real arithmetic
 * (Warp Affine: x0 = M11 x + M12 y + M13, ...; Warp Perspective: x0 / z0,
 * y0 / z0; Remap: the table's point) and the bilinear weights (1-s)(1-t),
 * s(1-t), (1-s)t, st; it sets no precision for either, and leaves results
 * "within the precision bounds defined by the OpenVX conformance tests"
 * (Portability).  Those accept a bilinear output within 1 of the exact
 * value and a nearest output from any pixel within 1.5 of the position.
 * Our results are defined by this fixed-point formulation (the scalar
 * references below; every variant is bit-exact with it):
 *
 *  - The position in the source plane (the input's valid rectangle, origin
 *    (ox, oy) subtracted) is carried as v = 1024 x + 0.5 in float32, from
 *    per-row constants r (ovxc_geo_affine_row / ovxc_geo_perspective_row, in
 *    double rounded once to float) and float products and sums in this
 *    order (no FMA: -ffp-contract=off):
 *      affine:      vx = r.ax * x + r.bx                  (0.5 is in r.bx)
 *      perspective: q = 1 / (r.az * x + r.bz), vx = (r.ax * x + r.bx) * q + 0.5
 *      remap:       vx = mapx * 1024 + (0.5 - 1024 ox)
 *    (the same for y), then X = floor(v) after clamping v to [-2^30, 2^30]
 *    (NaN: -2^30): X is the position rounded to 1/1024 pixel, 10 fractional
 *    bits, in int32.  Error against the real position: at most 1/2048 pixel
 *    plus float rounding (2^-24 relative: 1/4096 pixel at 2000); positions
 *    beyond +-2^20 pixels become +-2^20 (outside any plane under 2^20 - 1
 *    pixels a side).
 *  - Nearest: the pixel ((X + 512) >> 10, (Y + 512) >> 10) (halves round up).
 *  - Bilinear: top-left tap (X >> 10, Y >> 10), s = X & 1023, t = Y & 1023:
 *      r0 = p00 (1024 - s) + p10 s,  r1 = p01 (1024 - s) + p11 s,
 *      out = (r0 (1024 - t) + r1 t + 2^19) >> 20
 *    (exact in int32: the bilinear value at (X / 1024, Y / 1024) rounded to
 *    nearest; within 0.5 + 255 / 1024 + float error of the value at the real
 *    position, under the tests' 1).
 *  - Taps outside the plane: the constant (OVXC_BORDER_CONSTANT) or the nearest
 *    pixel inside (replicate; also what UNDEFINED computes).
 *
 * m is the spec's row-major float matrix, 3 rows of 2 columns (affine) or
 * 3 rows of 3 columns (perspective); map holds dst->width points (x, y) per
 * row, row-major. */
#define OVXC_GEO_FIX_BITS 10
#define OVXC_GEO_FIX_SCALE 1024.0      /* 2^OVXC_GEO_FIX_BITS */
#define OVXC_GEO_FIX_LIM 1073741824.0f /* 2^30: v is clamped to +-this (+-2^20 pixels) */

/* Per-row constants of a warp: vx = ax * x + bx (affine), or the numerators
 * ax * x + bx, ay * x + by over the denominator az * x + bz (perspective). */
typedef struct {
    float ax, bx, ay, by, az, bz;
} ovxc_geo_row;
void ovxc_geo_affine_row(const ovxc_geo_src *src, const float m[6], uint32_t y, ovxc_geo_row *r);

/* How the AVX-512 rows take a bilinear warp whose source positions move
 * (dxdx, dydx) pixels a destination pixel along a row and (dxdy, dydy) down
 * a column: 0, by 16-pixel row blocks; 4, by tiles of 4x4 pixels; 2, by
 * tiles 2 wide and 8 high (w5_tile_band).  Tiles where a row block spans
 * over ~5.5 source rows (its taps gathered): the shape whose taps span the
 * fewest source rows (2x8 near 90 degrees, where a 4-row window then holds
 * them) while a row block's positions move over along2x8 pixels along the
 * row (a negative along2x8: whatever they do), 4x4 only while they move over
 * 3.5 (at 80-90 degrees 4x4 tiles were slower than the rows); nearest's rows
 * were as fast as tiles.  Only the speed depends on it. */
static inline int ovxc_geo_tile_shape(double dxdx, double dydx, double dxdy, double dydy, double along2x8)
{
    const double ax = dxdx < 0 ? -dxdx : dxdx, ay = dydx < 0 ? -dydx : dydx;
    const double bx = dxdy < 0 ? -dxdy : dxdy, by = dydy < 0 ? -dydy : dydy;
    if (!(15.0 * ay > 5.5)) return 0;
    if (ay + 7.0 * by < 3.0 * (ay + by) && ax + 7.0 * bx <= 13.0 && 15.0 * ax > along2x8) return 2;
    return 15.0 * ax > 3.5 ? 4 : 0;
}

void ovxc_geo_perspective_row(const ovxc_geo_src *src, const float m[9], uint32_t y, ovxc_geo_row *r);

/* Bounds of a perspective coordinate over the columns [xa, xb] (lanes of
 * a chunk), in the lanes' own operations: u = (a x + b) q + h with q = 1 /
 * (az x + bz), each operation rounded to nearest.  Each of a x + b and az x
 * + bz is monotonic in x (a rounded product of a fixed factor, then a
 * rounded sum with a constant), so over the columns they lie between their
 * values at xa and xb; where the denominator has one sign at both ends it
 * has that sign throughout and q is monotonic too; the product n q of a
 * numerator and a quotient from those ranges lies between the extreme
 * products of the ends' values (a bilinear function on a box), and the
 * rounding to nearest is monotonic: so every lane's RN(n q) lies in [pmin,
 * pmax] (the rounded extreme corner products) and its u in [RN(pmin + h),
 * RN(pmax + h)].  Returns 0 where the denominators may change sign or
 * vanish (or anything is NaN). */
static inline int ovxc_geo_persp_span(float a, float b, float az, float bz, float xa, float xb, float h,
                                      float *pmin, float *pmax, float *umin, float *umax)
{
    const float n1 = a * xa + b, n2 = a * xb + b, d1 = az * xa + bz, d2 = az * xb + bz;
    if (!((d1 > 0.0f && d2 > 0.0f) || (d1 < 0.0f && d2 < 0.0f))) return 0;
    {
        const float q1 = 1.0f / d1, q2 = 1.0f / d2;
        const float c1 = n1 * q1, c2 = n1 * q2, c3 = n2 * q1, c4 = n2 * q2;
        float lo = c1, hi = c1;
        if (!(c1 == c1 && c2 == c2 && c3 == c3 && c4 == c4)) return 0;
        lo = c2 < lo ? c2 : lo, hi = c2 > hi ? c2 : hi;
        lo = c3 < lo ? c3 : lo, hi = c3 > hi ? c3 : hi;
        lo = c4 < lo ? c4 : lo, hi = c4 > hi ? c4 : hi;
        *pmin = lo, *pmax = hi, *umin = lo + h, *umax = hi + h;
    }
    return 1;
}

void ovxc_warp_affine_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float m[6], int interp,
                          uint32_t y0, uint32_t y1);
void ovxc_warp_perspective_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float m[9], int interp,
                               uint32_t y0, uint32_t y1);
void ovxc_remap_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, int interp,
                    uint32_t y0, uint32_t y1);

/* ---- Warp and Remap variants (runtime/dispatch.h) ----------------------
 *
 * The three functions above are the scalar references.  Their variants have
 * the same signature (coef: the warp matrix or the remap table) and give
 * bit-identical outputs (the float operations above in the same order, the
 * same integer sums).  U1 images take the scalar reference. */
typedef void (*ovxc_warp_rows_f)(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *coef, int interp,
                                uint32_t y0, uint32_t y1);

enum { OVXC_GEO_WARP_AFFINE = 0, OVXC_GEO_WARP_PERSPECTIVE = 1, OVXC_GEO_REMAP = 2 };

/* The variants of kind (OVXC_GEO_WARP_*, OVXC_GEO_REMAP), best first, the
 * scalar reference last. */
const struct ovx_variant *ovxc_geo_warp_variants(int kind);

/* ---- Remap nearest from a derived table --------------------------------
 *
 * The nearest pixel of a remap point depends only on the point, the plane's
 * origin (ox, oy) and size: ovxc_remap_tab_build_rows stores, per
 * destination pixel, the reference's pixel ((X + 512) >> 10, (Y + 512) >> 10)
 * clamped to [-1, width] x [-1, height] as two int16 (x then y; 2 *
 * dst->width int16 a row, row y at tab + 2 y dst->width): every border
 * decision of the reference is the same for the clamped pixel (outside
 * stays outside, replicate's nearest edge pixel is the same), so
 * ovxc_remap_tab_rows gives the reference's output bit for bit, reading 4
 * bytes a pixel instead of 8.  U8 planes of width and height up to
 * OVXC_GEO_TAB_MAX (the kernel keeps the table per map content, see
 * kernels/geometry.c). */
#define OVXC_GEO_TAB_MAX 32766
int ovxc_remap_tab_fits(const ovxc_geo_src *src, const ovxc_geo_dst *dst);
void ovxc_remap_tab_build_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, int16_t *tab,
                               uint32_t y0, uint32_t y1);
/* The table packed for the AVX-512 sampler (built from the table by
 * ovxc_remap_tab_pack_rows for the plane's border mode): per block of 16
 * destination pixels of a row (row y's blocks at hdr + y hstride) a base
 * pixel (bx, by) (int16 x in the low half, y in the high; OVXC_GEO_TAB_ESC:
 * none) such that every pixel of the block, after replicate's clamp into
 * the plane, lies in the in-plane window of columns bx .. bx + 15 and rows
 * by .. by + 3, and per pixel its byte dx + 16 dy in that window (row y's at
 * idx + y istride, istride a multiple of 64, the bytes past the row 0).
 * Blocks with no such window (some pixel outside the plane under a constant
 * border, spread too wide, planes under 16 x 4) read the table. */
#define OVXC_GEO_TAB_ESC ((int32_t)0x80008000u)
typedef struct {
    const int16_t *tab;
    const uint8_t *idx; /* NULL: not packed */
    const int32_t *hdr;
    int32_t istride, hstride;
} ovxc_remap_tab;
void ovxc_remap_tab_pack_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const int16_t *tab, uint8_t *idx,
                              int32_t *hdr, int32_t istride, int32_t hstride, uint32_t y0, uint32_t y1);
void ovxc_remap_tab_pack_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const int16_t *tab,
                                     uint8_t *idx, int32_t *hdr, int32_t istride, int32_t hstride, uint32_t y0,
                                     uint32_t y1);
typedef void (*ovxc_remap_tab_pack_f)(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const int16_t *tab,
                                      uint8_t *idx, int32_t *hdr, int32_t istride, int32_t hstride, uint32_t y0,
                                      uint32_t y1);
const struct ovx_variant *ovxc_remap_tab_pack_variants(void);
typedef void (*ovxc_remap_tab_f)(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const ovxc_remap_tab *t,
                                 uint32_t y0, uint32_t y1);
void ovxc_remap_tab_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const ovxc_remap_tab *t, uint32_t y0,
                         uint32_t y1);
/* AVX2 (pshufb on the packed form's windows where t->idx is set, blocks
 * without one and the plain table by scalar loads from vector offsets) and
 * AVX-512 with VBMI (without VBMI: the AVX2 routine) */
void ovxc_remap_tab_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const ovxc_remap_tab *t, uint32_t y0,
                              uint32_t y1);
void ovxc_remap_tab_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const ovxc_remap_tab *t,
                                uint32_t y0, uint32_t y1);
void ovxc_remap_tab_build_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy,
                                      int16_t *tab, uint32_t y0, uint32_t y1);
/* The table's sampler variants, best first, the scalar reference last; and
 * its builders (the same table from every one). */
const struct ovx_variant *ovxc_remap_tab_variants(void);
const struct ovx_variant *ovxc_remap_tab_build_variants(void);
/* A table builder (the remap's, coef the map; the warps' below, coef the matrix) */
typedef void (*ovxc_remap_tab_build_f)(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *coef,
                                       int16_t *tab, uint32_t y0, uint32_t y1);

/* ---- Warp Perspective and Warp Affine nearest from the same table -------
 *
 * The nearest pixel of a perspective warp's destination pixel depends only
 * on the matrix and the plane's origin and size: the builders below store
 * the reference's pixel (ovxc_warp_perspective_rows' float operations, then
 * ((X + 512) >> 10, (Y + 512) >> 10)) clamped as ovxc_remap_tab_build_rows
 * does, in its format, so the remap table's packer and samplers serve (the
 * kernel keeps the table while the matrix's content stays the same, see
 * kernels/geometry.c).  The builders have the remap builders' signature
 * (coef: the matrix); every one gives the same table. */
void ovxc_warp_perspective_tab_build_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m,
                                          int16_t *tab, uint32_t y0, uint32_t y1);
void ovxc_warp_perspective_tab_build_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m,
                                                 int16_t *tab, uint32_t y0, uint32_t y1);
const struct ovx_variant *ovxc_warp_perspective_tab_build_variants(void);
/* ... and Warp Affine nearest's (ovxc_warp_affine_rows' operations) */
void ovxc_warp_affine_tab_build_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int16_t *tab,
                                     uint32_t y0, uint32_t y1);
void ovxc_warp_affine_tab_build_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m,
                                            int16_t *tab, uint32_t y0, uint32_t y1);
const struct ovx_variant *ovxc_warp_affine_tab_build_variants(void);

/* ---- Remap bilinear from a derived table -------------------------------
 *
 * A bilinear remap reads 8 bytes of map a pixel and converts them to
 * fixed-point positions on every run.  The derived table holds, per block of
 * 8 destination pixels, a base (the byte offset of pixel (xb, yb) of the
 * plane; OVXC_GEO_BTAB_ESC: none) and per pixel its position relative to
 * the base, dx 1024 + s in the low 16 bits and dy 1024 + t in the high (s,
 * t: the reference's fractions; under replicate the position clamped into
 * the plane first, which gives the reference's value): 4.5 bytes a pixel.
 * A block has a base when every pixel has dx in 0..15 and dy in 0..2, with
 * dx 15 only where s is 0 and dy 2 only where t is 0 (the taps they leave
 * out have weight 0), and the window of columns xb .. xb + 15 and rows
 * yb .. yb + 2 lies in the plane (under a constant border, then, every tap
 * with a weight is inside); other blocks are sampled from the map.  The
 * sampler reads taps (dx, dy), ((dx + 1) mod 16, dy), (dx, dy + 1) and
 * ((dx + 1) mod 16, dy + 1) (row yb + 2 for dy 2) of the window and sums
 * them as the reference.  Row y at tab + y ovxc_remap_btab_row_bytes(width):
 * int32 bases (the blocks rounded up to 8), then uint32 positions (8 per
 * block; past the row's width 0).  U8 planes of 16 x 3 pixels or more up to
 * OVXC_GEO_TAB_MAX a side. */
#define OVXC_GEO_BTAB_ESC INT32_MIN
int ovxc_remap_btab_fits(const ovxc_geo_src *src, const ovxc_geo_dst *dst);
size_t ovxc_remap_btab_row_bytes(int32_t width);
void ovxc_remap_btab_build_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, uint8_t *tab,
                                uint32_t y0, uint32_t y1);
typedef void (*ovxc_remap_btab_f)(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy,
                                  const uint8_t *tab, uint32_t y0, uint32_t y1);
void ovxc_remap_btab_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, const uint8_t *tab,
                          uint32_t y0, uint32_t y1);
void ovxc_remap_btab_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy,
                               const uint8_t *tab, uint32_t y0, uint32_t y1);
/* The sampler's variants, best first, the scalar reference last. */
const struct ovx_variant *ovxc_remap_btab_variants(void);

/* The reference's value at fixed-point position (X, Y) (X, Y in
 * [-2^30, 2^30]), for lanes a variant leaves to it. */
int ovxc_geo_sample_fix(const ovxc_geo_src *src, int32_t X, int32_t Y, int interp);

void ovxc_warp_affine_rows_sse41(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                                uint32_t y0, uint32_t y1);
void ovxc_warp_perspective_rows_sse41(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                                     uint32_t y0, uint32_t y1);
void ovxc_remap_rows_sse41(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, int interp,
                          uint32_t y0, uint32_t y1);
void ovxc_warp_affine_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                               uint32_t y0, uint32_t y1);
void ovxc_warp_perspective_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                                    uint32_t y0, uint32_t y1);
void ovxc_remap_rows_avx2(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, int interp,
                         uint32_t y0, uint32_t y1);
/* AVX-512 (with VBMI, checked at run time: without it they run the AVX2
 * variants) */
void ovxc_warp_affine_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                                 uint32_t y0, uint32_t y1);
void ovxc_warp_perspective_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                                      uint32_t y0, uint32_t y1);
void ovxc_remap_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, int interp,
                           uint32_t y0, uint32_t y1);

#endif
