/*
 * Compute routines of family bilateral (spec "Bilateral Filter").
 *
 * The source is a padded copy of the input tensor: element (c, x, y) of the
 * input, x in [-r, width + r), y in [-r, height + r), is at
 * src[y * row + x * channels + c] (src points at element (0, 0, 0); the
 * caller filled the margins with the border mode's values).  Each output
 * pixel is the weighted mean of its neighbours over the taps of a disc of
 * radius r: w = space_w[tap] * color_w[d2], d2 the squared Euclidean
 * radiometric distance to the centre pixel (color_w[d2] = 0 when
 * d2 >= color_n), rounded half away from zero.
 */
#ifndef OVXC_COMPUTE_BILATERAL_H
#define OVXC_COMPUTE_BILATERAL_H

#include <VX/vx_types.h>
#include <stddef.h>

typedef struct {
    vx_int32 width, channels;
    ptrdiff_t row;              /* elements between padded rows */
    vx_uint32 ntaps;
    const ptrdiff_t *tap_off;   /* element offset of each tap from the centre */
    const vx_float32 *space_w;  /* spatial weight of each tap */
    const vx_float32 *color_w;  /* weight of each squared radiometric distance */
    vx_uint32 color_n;
    /* output addressing, bytes */
    ptrdiff_t dst_sc, dst_sx, dst_sy;
    /* floats of the acc scratch of each call (at least `channels`); the
     * variants run strips as wide as it holds (else a stack budget allows) */
    size_t scratch_floats;
} ovxc_bilateral;

/* Rows [y0, y1) of the output; acc is scratch for p->scratch_floats floats. */
void ovxc_bilateral_u8(const ovxc_bilateral *p, const vx_uint8 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                       vx_float32 *acc);
void ovxc_bilateral_s16(const ovxc_bilateral *p, const vx_int16 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                        vx_float32 *acc);
typedef void (*ovxc_bilateral_u8_f)(const ovxc_bilateral *p, const vx_uint8 *src, vx_uint8 *dst, vx_int32 y0,
                                    vx_int32 y1, vx_float32 *acc);
typedef void (*ovxc_bilateral_s16_f)(const ovxc_bilateral *p, const vx_int16 *src, vx_uint8 *dst, vx_int32 y0,
                                     vx_int32 y1, vx_float32 *acc);

/* AVX2 variants, the same results (bilateral_avx2.c): 8 pixels a step when
 * there are 1 to 4 channels and the taps are a symmetric disc (else the
 * scalar code), in strips as wide as acc (p->scratch_floats) or a stack
 * budget holds.  They may read up to OVXC_BILATERAL_SLACK elements past the
 * end of the padded source's last row, which must be readable. */
#define OVXC_BILATERAL_SLACK 32
void ovxc_bilateral_u8_avx2(const ovxc_bilateral *p, const vx_uint8 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                            vx_float32 *acc);
void ovxc_bilateral_s16_avx2(const ovxc_bilateral *p, const vx_int16 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                             vx_float32 *acc);
/* AVX-512 variants (F, BW, VL, DQ), the same results and conditions
 * (bilateral_avx512.c): 16 pixels a step; they read no further past the
 * padded source's end than the AVX2 variants. */
void ovxc_bilateral_u8_avx512(const ovxc_bilateral *p, const vx_uint8 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                              vx_float32 *acc);
void ovxc_bilateral_s16_avx512(const ovxc_bilateral *p, const vx_int16 *src, vx_uint8 *dst, vx_int32 y0,
                               vx_int32 y1, vx_float32 *acc);
/* The U8 one with AVX512_VBMI too (byte permutes in place of the colour
 * weights' gathers): only when the CPU has VBMI (kernels/bilateral.c asks). */
void ovxc_bilateral_u8_avx512vbmi(const ovxc_bilateral *p, const vx_uint8 *src, vx_uint8 *dst, vx_int32 y0,
                                  vx_int32 y1, vx_float32 *acc);
/* Scratch floats for strips of the whole width: (forward taps x (r + 1) +
 * channels x (2r + 1) + 1) x (width + 2r + 48), ntaps the disc's taps. */
size_t ovxc_bilateral_strip_floats(vx_uint32 ntaps, vx_int32 radius, vx_int32 channels, vx_int32 width);

/* Fill space_w / tap_off for a disc of the given radius; returns the number
 * of taps (at most (2r+1)^2). */
vx_uint32 ovxc_bilateral_taps(vx_int32 radius, vx_float32 sigma_space, ptrdiff_t row, vx_int32 channels,
                              ptrdiff_t *tap_off, vx_float32 *space_w);

/* Fill color_w[0..n) with exp(-d2 / (2 sigma^2)) and return the number of
 * entries before the weight underflows to 0 (at most n). */
vx_uint32 ovxc_bilateral_colors(vx_float32 sigma_values, vx_float32 *color_w, vx_uint32 n);

#endif
