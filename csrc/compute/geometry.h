/*
 * Compute routines: geometry (Scale Image, Half-Scale Gaussian, Warp Affine,
 * Warp Perspective, Remap).  Raw planes, a row range [y0, y1) of the
 * destination, no vx_ objects, no allocation.
 *
 * Images are U8 (one byte per pixel) or U1 (bit x % 8 of byte x / 8 of a
 * row; see csrc/objects/image.h).  Out-of-image source pixels follow `mode`:
 * OVX_GEO_CONSTANT gives `cval`, anything else replicates the nearest edge
 * pixel (also used for VX_BORDER_UNDEFINED, where any value is allowed).
 */
#ifndef OVX_COMPUTE_GEOMETRY_H
#define OVX_COMPUTE_GEOMETRY_H

#include <stdint.h>

struct ovx_variant;

enum { OVX_GEO_REPLICATE = 0, OVX_GEO_CONSTANT = 1 };
enum { OVX_GEO_NEAREST = 0, OVX_GEO_BILINEAR = 1, OVX_GEO_AREA = 2 };

/* A source plane (read-only) with its border rule. */
typedef struct {
    const uint8_t *ptr;
    int32_t stride;
    int32_t width, height;
    int u1;         /* 1: bit-packed U1 plane */
    int mode;       /* OVX_GEO_REPLICATE or OVX_GEO_CONSTANT */
    int cval;       /* constant border value (0/1 for U1) */
    int32_t bit0;   /* U1: bit of ptr[0] holding pixel 0 of a row (0 for U8) */
    int32_t ox, oy; /* image coordinates of pixel (0, 0) of this plane (warps and remap
                     * sample the input's valid rectangle; 0 for scaling) */
} ovx_geo_src;

/* A destination plane. */
typedef struct {
    uint8_t *ptr;
    int32_t stride;
    int32_t width, height;
    int u1;
} ovx_geo_dst;

/* Scale Image rows [y0, y1) of dst with the spec's pixel-centre rule. */
void ovx_scale_rows(const ovx_geo_src *src, const ovx_geo_dst *dst, int interp, uint32_t y0, uint32_t y1);

/* Exactly half size, U8, BILINEAR or AREA (ovx_scale_is_half2): both give
 * out(x, y) = (the 2x2 block sum at (2x, 2y) + 2) >> 2 (the float sums of
 * the general rules are exact there: sample (2x + 0.5, 2y + 0.5) with
 * weights 1/4, or the block's area with weights 1).  half2 computes a row:
 * out[k] from columns 2k, 2k + 1 of rows r0 and r1, k < n; the scalar
 * reference and its SIMD variants (bit-exact integer sums). */
typedef void (*ovx_half2_u8_f)(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n);
void ovx_half2_u8(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n);
void ovx_half2_u8_sse41(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n);
void ovx_half2_u8_avx2(const uint8_t *r0, const uint8_t *r1, uint8_t *out, int32_t n);
const struct ovx_variant *ovx_half2_u8_variants(void);
int ovx_scale_is_half2(const ovx_geo_src *src, const ovx_geo_dst *dst, int interp);
/* ovx_scale_rows with the half-size rows by half2 (NULL: the reference). */
void ovx_scale_rows_with(const ovx_geo_src *src, const ovx_geo_dst *dst, int interp, ovx_half2_u8_f half2,
                         uint32_t y0, uint32_t y1);

/* Half-scale Gaussian: dst(x, y) = gaussian_k(src)(2x, 2y), k = 1, 3 or 5. */
void ovx_halfscale_gaussian_rows(const ovx_geo_src *src, const ovx_geo_dst *dst, int ksize, uint32_t y0,
                                 uint32_t y1);
/* The same with k = 5's interior rows by row5 (compute/multiscale.h's
 * primitive, a row of a half-size Gaussian level; NULL: the reference's
 * loops). */
#ifndef OVX_ROW5_U8_F
#define OVX_ROW5_U8_F
typedef void (*ovx_row5_u8_f)(const uint8_t *s, int32_t stride, uint8_t *out, int32_t ostride, int32_t n,
                              int32_t nrows);
#endif
void ovx_halfscale_gaussian_rows_with(const ovx_geo_src *src, const ovx_geo_dst *dst, int ksize, ovx_row5_u8_f row5,
                                      uint32_t y0, uint32_t y1);

/* Warp: m is the spec's row-major float matrix, 3 rows of 2 columns (affine)
 * or 3 rows of 3 columns (perspective). */
void ovx_warp_affine_rows(const ovx_geo_src *src, const ovx_geo_dst *dst, const float m[6], int interp,
                          uint32_t y0, uint32_t y1);
void ovx_warp_perspective_rows(const ovx_geo_src *src, const ovx_geo_dst *dst, const float m[9], int interp,
                               uint32_t y0, uint32_t y1);

/* Remap: map holds dst->width points (x, y) per row, row-major. */
void ovx_remap_rows(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *map_xy, int interp,
                    uint32_t y0, uint32_t y1);

/* ---- Warp and Remap variants (runtime/dispatch.h) ----------------------
 *
 * The three functions above are the scalar references.  Their variants have
 * the same signature (coef: the warp matrix or the remap table) and give
 * bit-identical outputs: they compute each pixel's source position with the
 * same double operations in the same order (4 doubles per AVX2 vector, 2 per
 * SSE4.1 one; the build has -ffp-contract=off, so no FMA), clamp the
 * top-left tap as the reference does, read the taps inside the source plane
 * or by the border rule (replicate: the nearest pixel inside; constant: the
 * constant) and sum them with the same double bilinear arithmetic.  U1
 * images take the scalar reference (ovx_geo_sample_at is the reference's
 * per-pixel rule, for positions a variant leaves to it). */
typedef void (*ovx_warp_rows_f)(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *coef, int interp,
                                uint32_t y0, uint32_t y1);

enum { OVX_GEO_WARP_AFFINE = 0, OVX_GEO_WARP_PERSPECTIVE = 1, OVX_GEO_REMAP = 2 };

/* The variants of kind (OVX_GEO_WARP_*, OVX_GEO_REMAP), best first, the
 * scalar reference last. */
const struct ovx_variant *ovx_geo_warp_variants(int kind);

/* The value of the scalar reference at source position (x, y) (image
 * coordinates, finite and within +-1e9 or replaced by -10 as the references
 * do). */
int ovx_geo_sample_at(const ovx_geo_src *src, double x, double y, int interp);

void ovx_warp_affine_rows_sse41(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *m, int interp,
                                uint32_t y0, uint32_t y1);
void ovx_warp_perspective_rows_sse41(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *m, int interp,
                                     uint32_t y0, uint32_t y1);
void ovx_remap_rows_sse41(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *map_xy, int interp,
                          uint32_t y0, uint32_t y1);
void ovx_warp_affine_rows_avx2(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *m, int interp,
                               uint32_t y0, uint32_t y1);
void ovx_warp_perspective_rows_avx2(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *m, int interp,
                                    uint32_t y0, uint32_t y1);
void ovx_remap_rows_avx2(const ovx_geo_src *src, const ovx_geo_dst *dst, const float *map_xy, int interp,
                         uint32_t y0, uint32_t y1);

#endif
