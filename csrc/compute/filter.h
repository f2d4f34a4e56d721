/*
 * Compute routines: filters and morphology (spec "Box Filter", "Gaussian
 * Filter", "Median Filter", "Dilate Image", "Erode Image", "Sobel 3x3",
 * "Custom Convolution", "Non Linear Filter"; Magnitude and Phase are
 * compute/gradient.h).
 *
 * Every routine computes the window [a->x0, a->x1) x [a->y0, a->y1) of an
 * image of a->width x a->height pixels from raw planes (pointer to pixel
 * (0,0), row stride in bytes).  Neighbourhood filters read pixels outside the
 * image through the border rule a->border: OVXC_BORDER_REPLICATE (the nearest
 * edge pixel; the kernels also use it for VX_BORDER_UNDEFINED) or
 * OVXC_BORDER_CONSTANT (a->constant).  U1 planes are bit-packed: pixel x of a
 * row is bit x % 8 of byte x / 8; U1 routines only touch the bits of their
 * window.  No allocation, no threads, no vx_ objects.
 */
#ifndef OVX_COMPUTE_FILTER_H
#define OVX_COMPUTE_FILTER_H

#include <stdint.h>

enum { OVXC_BORDER_REPLICATE = 0, OVXC_BORDER_CONSTANT = 1 };

typedef struct {
    uint32_t width, height;  /* image size */
    uint32_t x0, y0, x1, y1; /* window to compute */
    int border;              /* OVXC_BORDER_* */
    uint32_t constant;       /* CONSTANT border value (0/1 for U1) */
} ovxc_area;

/* 3x3 filters on U8 -> U8. */
void ovxc_box3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);
void ovxc_gaussian3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);
void ovxc_median3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);
void ovxc_dilate3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);
void ovxc_erode3x3_u8(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);

/* 3x3 morphology and median on U1 -> U1. */
void ovxc_median3x3_u1(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);
void ovxc_dilate3x3_u1(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);
void ovxc_erode3x3_u1(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);

/* Sobel 3x3: U8 -> S16 gradients; gx or gy may be NULL. */
void ovxc_sobel3x3_u8(const uint8_t *src, int32_t ss, int16_t *gx, int32_t gxs, int16_t *gy, int32_t gys,
                      const ovxc_area *a);

/* Custom convolution with the spec's (rotated) coefficient order:
 * sum = sum_{j,i} in(x + cols/2 - i, y + rows/2 - j) * coef[j * cols + i],
 * out = sum / scale (C division), saturated to U8 (dst_s16 == 0) or S16. */
void ovxc_convolve_u8(const uint8_t *src, int32_t ss, void *dst, int32_t ds, int dst_s16, const int16_t *coef,
                      uint32_t cols, uint32_t rows, uint32_t scale, const ovxc_area *a);

/* Non-linear filter over the nonzero entries of a rows x cols U8 mask whose
 * element (oy, ox) sits on the output pixel. */
enum { OVXC_NL_MEDIAN = 0, OVXC_NL_MIN = 1, OVXC_NL_MAX = 2 };
void ovxc_nonlinear_u8(int function, const uint8_t *mask, uint32_t cols, uint32_t rows, uint32_t ox, uint32_t oy,
                       const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);
void ovxc_nonlinear_u1(int function, const uint8_t *mask, uint32_t cols, uint32_t rows, uint32_t ox, uint32_t oy,
                       const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);

#endif
