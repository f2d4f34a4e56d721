/*
 * Compute routines: image pyramids (Gaussian pyramid levels, the Laplacian
 * pyramid's UpSample, its levels and the reconstruction).  Planes of int16_t
 * samples (the pyramid kernels widen U8 to S16 in scratch memory) or U8.
 * No vx_ objects, no allocation.
 */
#ifndef OVXC_COMPUTE_MULTISCALE_H
#define OVXC_COMPUTE_MULTISCALE_H

#include <stdint.h>

struct ovx_variant;

/* A plane of int16_t samples; stride in elements. */
typedef struct {
    int16_t *ptr;
    int32_t stride;
    int32_t width, height;
} ovxc_s16_plane;

/* The next level of a Gaussian pyramid: dst(x, y) is the spec's 5x5 Gaussian
 * of src at the nearest-neighbour sample position of (x, y) (pixel-centre
 * rule of Scale Image).  Outside pixels: cval when constant is nonzero, else
 * the nearest edge pixel.  Rows [y0, y1) of dst. */
void ovxc_gaussian_level_u8(const uint8_t *src, int32_t sstride, int32_t sw, int32_t sh, uint8_t *dst,
                           int32_t dstride, int32_t dw, int32_t dh, int constant, int cval, uint32_t y0,
                           uint32_t y1);
/* The interior of half-size level rows: out[r * ostride + k] = the 5x5
 * Gaussian (1 4 6 4 1)^2 >> 8 of the five rows s + 2r * stride, ...,
 * s + (2r + 4) * stride at columns 2k .. 2k + 4, for k < n and r < nrows
 * (reads rows 0 .. 2 nrows + 2, columns 0 .. 2n + 2).  The scalar reference
 * and its SIMD variants (bit-exact: the same integers, 16-bit lanes hold them
 * exactly, at most 16 * 16 * 255 = 65280; the variants sum each source row
 * across first, once for the rows that share it). */
#ifndef OVXC_ROW5_U8_F
#define OVXC_ROW5_U8_F
typedef void (*ovxc_row5_u8_f)(const uint8_t *s, int32_t stride, uint8_t *out, int32_t ostride, int32_t n,
                              int32_t nrows);
#endif
void ovxc_row5_u8(const uint8_t *s, int32_t stride, uint8_t *out, int32_t ostride, int32_t n, int32_t nrows);
void ovxc_row5_u8_sse41(const uint8_t *s, int32_t stride, uint8_t *out, int32_t ostride, int32_t n, int32_t nrows);
void ovxc_row5_u8_avx2(const uint8_t *s, int32_t stride, uint8_t *out, int32_t ostride, int32_t n, int32_t nrows);
void ovxc_row5_u8_avx512(const uint8_t *s, int32_t stride, uint8_t *out, int32_t ostride, int32_t n, int32_t nrows);
/* Its variants, best first, the scalar reference last (runtime/dispatch.h). */
const struct ovx_variant *ovxc_row5_u8_variants(void);

/* Outputs [ka, kb) of a row of 5x5 Gaussians (1 4 6 4 1)^2 >> 8 of a U8
 * plane at centres (cx0 + 2k, cy), any of them near or past the edges:
 * outside pixels are cval (constant) or the nearest edge pixel.  By row5 on
 * five rows gathered with the border rule in a small buffer (PCH outputs at
 * a time): the same integers as the per-pixel rule. */
static inline void ovxc_row5_u8_border1(const uint8_t *src, int32_t stride, int32_t sw, int32_t sh, int32_t cx0,
                                       int32_t cy, int32_t ka, int32_t kb, int constant, int cval, ovxc_row5_u8_f row5,
                                       uint8_t *out)
{
    enum { PCH = 256, PW = 2 * PCH + 3 };
    uint8_t pad[5 * PW];
    for (int32_t k = ka; k < kb;) {
        const int32_t m = kb - k < PCH ? kb - k : PCH;
        for (int j = 0; j < 5; j++) {
            int32_t yy = cy - 2 + j, c0 = cx0 + 2 * k - 2, nc = 2 * m + 3, c;
            uint8_t *d = pad + j * PW;
            const uint8_t *row;
            if (yy < 0 || yy >= sh) {
                if (constant) {
                    for (c = 0; c < nc; c++) d[c] = (uint8_t)cval;
                    continue;
                }
                yy = yy < 0 ? 0 : sh - 1;
            }
            row = src + (intptr_t)yy * stride;
            {
                /* columns left of the plane, inside it (copied), right of it */
                int32_t ca = c0 < 0 ? (-c0 < nc ? -c0 : nc) : 0, cb = sw - c0 < nc ? sw - c0 : nc;
                const uint8_t lv = constant ? (uint8_t)cval : row[0], rv = constant ? (uint8_t)cval : row[sw - 1];
                if (cb < ca) cb = ca;
                for (c = 0; c < ca; c++) d[c] = lv;
                for (c = ca; c < cb; c++) d[c] = row[c0 + c];
                for (c = cb; c < nc; c++) d[c] = rv;
            }
        }
        row5(pad, PW, out + k, 0, m, 1);
        k += m;
    }
}

/* Rows r < nrows of those Gaussians at centres (cx0 + 2k, cy0 + 2r), k < n,
 * into dst + r * dstride: the interior (all taps inside) by row5 on the plane
 * itself, rows at a time; the edge rows and the few edge columns of the
 * others by ovxc_row5_u8_border1. */
static inline void ovxc_rows5_u8_border(const uint8_t *src, int32_t stride, int32_t sw, int32_t sh, int32_t cx0,
                                       int32_t cy0, int32_t nrows, int32_t n, int constant, int cval,
                                       ovxc_row5_u8_f row5, uint8_t *dst, int32_t dstride)
{
    /* columns [kl, kr) and rows [ra, rb) have every tap inside */
    int32_t kl = 2 - cx0 <= 0 ? 0 : (3 - cx0) / 2, kr = sw - 3 - cx0 < 0 ? 0 : (sw - 3 - cx0) / 2 + 1;
    int32_t ra = 2 - cy0 <= 0 ? 0 : (3 - cy0) / 2, rb = sh - 3 - cy0 < 0 ? 0 : (sh - 3 - cy0) / 2 + 1, r;
    if (kl > n) kl = n;
    if (kr > n) kr = n;
    if (kr < kl) kr = kl;
    if (ra > nrows) ra = nrows;
    if (rb > nrows) rb = nrows;
    if (rb < ra) rb = ra;
    if (kr > kl && rb > ra)
        row5(src + (intptr_t)(cy0 + 2 * ra - 2) * stride + cx0 + 2 * kl - 2, stride, dst + (intptr_t)ra * dstride + kl,
             dstride, kr - kl, rb - ra);
    for (r = 0; r < nrows; r++) {
        uint8_t *out = dst + (intptr_t)r * dstride;
        if (r < ra || r >= rb || kr == kl) {
            ovxc_row5_u8_border1(src, stride, sw, sh, cx0, cy0 + 2 * r, 0, n, constant, cval, row5, out);
        } else {
            ovxc_row5_u8_border1(src, stride, sw, sh, cx0, cy0 + 2 * r, 0, kl, constant, cval, row5, out);
            ovxc_row5_u8_border1(src, stride, sw, sh, cx0, cy0 + 2 * r, kr, n, constant, cval, row5, out);
        }
    }
}

/* The first sample column of a level of width dw from width sw when all its
 * sample columns are 2 apart (half-size levels), else -1. */
int32_t ovxc_gaussian_level_cx0(int32_t sw, int32_t dw);
/* ovxc_gaussian_level_u8 with half-size rows by row5 (NULL: the reference's
 * own loops): with cx0 = ovxc_gaussian_level_cx0(sw, dw) >= 0 every row by
 * ovxc_rows5_u8_border; else the interior of rows whose sample columns are 2
 * apart. */
void ovxc_gaussian_level_u8_rows(const uint8_t *src, int32_t sstride, int32_t sw, int32_t sh, uint8_t *dst,
                                int32_t dstride, int32_t dw, int32_t dh, int constant, int cval, ovxc_row5_u8_f row5,
                                int32_t cx0, uint32_t y0, uint32_t y1);

void ovxc_gaussian_level_s16(const ovxc_s16_plane *src, const ovxc_s16_plane *dst, int constant, int cval, int32_t y0,
                            int32_t y1);

/* dst = saturate_s16(a - UpSample(small)) (sign = -1) or
 * saturate_s16(a + UpSample(small)) (sign = +1), where UpSample injects zero
 * rows and columns between the samples of small (replicated beyond its
 * edges) and convolves with 4 x the 5x5 Gaussian.  a and dst have dst's size
 * (they may be the same plane only if not aliasing small).  Rows [y0, y1)
 * of dst; a half-size small (dst at most twice its size each way) sums
 * separably through the column sums of the two or three rows a row reaches,
 * the same integers as the definition. */
void ovxc_upsample_combine_s16(const ovxc_s16_plane *small, const ovxc_s16_plane *a, const ovxc_s16_plane *dst, int sign,
                              int32_t y0, int32_t y1);
/* Its half-size level (small at least half of dst each way, not empty),
 * compiled per instruction set from multiscale_up.inc (the compiler's
 * vectors of that set, the same integers), and ovxc_upsample_combine_s16
 * with the half-size levels by half (NULL: the baseline). */
typedef void (*ovxc_upsample_half_f)(const ovxc_s16_plane *small, const ovxc_s16_plane *a, const ovxc_s16_plane *dst,
                                     int sign, int32_t y0, int32_t y1);
void ovxc_upsample_half_s16(const ovxc_s16_plane *small, const ovxc_s16_plane *a, const ovxc_s16_plane *dst, int sign,
                            int32_t y0, int32_t y1);
void ovxc_upsample_half_s16_avx2(const ovxc_s16_plane *small, const ovxc_s16_plane *a, const ovxc_s16_plane *dst,
                                 int sign, int32_t y0, int32_t y1);
const struct ovx_variant *ovxc_upsample_half_variants(void);
/* The same level saturated to 0..255 into a U8 plane (dst: dw x small's
 * double height at most, row y at dst + y dstride): what storing the int16
 * result into a U8 image gives, without the int16 plane. */
typedef void (*ovxc_upsample_half_u8_f)(const ovxc_s16_plane *small, const ovxc_s16_plane *a, uint8_t *dst,
                                        int32_t dstride, int32_t dw, int sign, int32_t y0, int32_t y1);
void ovxc_upsample_half_u8(const ovxc_s16_plane *small, const ovxc_s16_plane *a, uint8_t *dst, int32_t dstride,
                           int32_t dw, int sign, int32_t y0, int32_t y1);
void ovxc_upsample_half_u8_avx2(const ovxc_s16_plane *small, const ovxc_s16_plane *a, uint8_t *dst, int32_t dstride,
                                int32_t dw, int sign, int32_t y0, int32_t y1);
const struct ovx_variant *ovxc_upsample_half_u8_variants(void);
void ovxc_upsample_combine_s16_with(const ovxc_s16_plane *small, const ovxc_s16_plane *a, const ovxc_s16_plane *dst,
                                   int sign, int32_t y0, int32_t y1, ovxc_upsample_half_f half);

/* The Laplacian level of U8 Gaussian levels (a U8 input: every Gaussian
 * level holds 0..255): dst = a - UpSample(small) as ovxc_upsample_combine_s16
 * with sign -1 computes it (no saturation needed: -252 .. 255), for dst at
 * most twice small's size each way (dw <= 2 sw, dh <= 2 sh).  A row: r0, r1,
 * r2 the clamped rows m - 1, m, m + 1 of small for an even row 2m (weights 1,
 * 6, 1), or r0, r1 the rows m, m + 1 for an odd row 2m + 1 (weights 4, 4; r2
 * unused); a and out rows of dw pixels.  Column sums in 16 bits (at most
 * 2040), up to 16320 before >> 8: the variants use 16-bit lanes. */
typedef void (*ovxc_up_sub_u8_f)(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int odd, int32_t sw,
                                const uint8_t *a, int16_t *out, int32_t dw);
void ovxc_up_sub_u8(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int odd, int32_t sw, const uint8_t *a,
                   int16_t *out, int32_t dw);
void ovxc_up_sub_u8_sse41(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int odd, int32_t sw,
                         const uint8_t *a, int16_t *out, int32_t dw);
void ovxc_up_sub_u8_avx2(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int odd, int32_t sw,
                        const uint8_t *a, int16_t *out, int32_t dw);
void ovxc_up_sub_u8_avx512(const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, int odd, int32_t sw,
                          const uint8_t *a, int16_t *out, int32_t dw);
const struct ovx_variant *ovxc_up_sub_u8_variants(void);
/* Rows [y0, y1) of that Laplacian level, each by up (NULL: the reference). */
void ovxc_laplacian_level_u8_rows(const uint8_t *small, int32_t sstride, int32_t sw, int32_t sh, const uint8_t *a,
                                 int32_t astride, int16_t *dst, int32_t dstride, int32_t dw, ovxc_up_sub_u8_f up,
                                 int32_t y0, int32_t y1);

#endif
