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
#ifndef OVXC_COMPUTE_FILTER_H
#define OVXC_COMPUTE_FILTER_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ovxc.h"

typedef struct {
    uint32_t width, height;  /* image size */
    uint32_t x0, y0, x1, y1; /* window to compute */
    int border;              /* OVXC_BORDER_* */
    uint32_t constant;       /* CONSTANT border value (0/1 for U1) */
} ovxc_area;

/* buf[t] = pixel (sx + t, sy) of a U8 plane by the area's border rule, t in
 * [0, len) (cv: the constant under a constant border; replicate otherwise) */
static inline void ovxc_pad_row_u8(uint8_t *buf, const uint8_t *src, int32_t ss, const ovxc_area *a, int64_t sy,
                                   int64_t sx, uint32_t len, uint8_t cv)
{
    const int cst = a->border == OVXC_BORDER_CONSTANT;
    const int64_t w = a->width;
    const uint8_t *s;
    uint32_t t = 0;
    if (sy < 0 || sy >= (int64_t)a->height) {
        if (cst) {
            memset(buf, cv, len);
            return;
        }
        sy = sy < 0 ? 0 : (int64_t)a->height - 1;
    }
    s = src + (ptrdiff_t)sy * ss;
    if (sx < 0) { /* left of the image */
        t = -sx < (int64_t)len ? (uint32_t)-sx : len;
        memset(buf, cst ? cv : s[0], t);
    }
    if (t < len && sx + t < w) {
        uint32_t n = (uint32_t)(w - (sx + t) < (int64_t)(len - t) ? w - (sx + t) : (int64_t)(len - t));
        memcpy(buf + t, s + sx + t, n);
        t += n;
    }
    if (t < len) memset(buf + t, cst ? cv : s[w - 1], len - t); /* right of it */
}

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

/* The rows of its U8 variants (runtime/dispatch.h): the n taps' samples of
 * many pixels at once, in vector lanes, reduced by min / max, or the median
 * (sorted index n / 2) picked by a sorting network.  The network (Batcher's
 * odd-even merge sort of 32, 64 or 128 wires: the n samples between constant pads
 * of 0 and 255 that leave the median's index in place) is pruned to what the
 * output depends on: comparators with a constant side become nothing or a
 * move, a comparator with one output used keeps only its min or its max.
 * Full rectangles have their own code: the 5x5, 7x7 and 9x9 medians by
 * sorted columns shared between neighbours, the 3x3 median by the Median3x3
 * row, min / max separably (the rows' reduction, then the columns'); the
 * median of up to 25 taps runs the network above as straight-line code
 * (nl_nets.inc, written by nl_gen.py). */
#define OVXC_NL_NET_TAPS 81  /* a full 9x9 mask */
#define OVXC_NL_DIM_MAX 9     /* rows and columns of a mask the variants take */
#define OVXC_NL_WIRES 128
#define OVXC_NL_MAX_OPS 1472 /* Batcher's network on 128 wires has 1471 comparators */
enum { OVXC_NL_OP_MIN, OVXC_NL_OP_MAX, OVXC_NL_OP_BOTH, OVXC_NL_OP_MOVE };
typedef struct {
    uint8_t kind, i, j; /* MIN: w[i] = min(w[i], w[j]); MAX: w[j] = max; BOTH: both; MOVE: w[i] = w[j] */
} ovxc_nl_op;
typedef struct {
    int function, n;   /* OVXC_NL_*, taps (1 .. OVXC_NL_NET_TAPS) */
    int first, out;    /* the wire of tap 0 (taps on consecutive wires), of the result */
    int nops;
    int boxmed;     /* K of the median of a full K x K box (5, 7, 9): rows' own code; else 0 */
    int rows, cols; /* the taps fill a rows x cols rectangle (in row order), else 0 */
    ovxc_nl_op ops[OVXC_NL_MAX_OPS];
    ptrdiff_t off[OVXC_NL_NET_TAPS]; /* tap k at pixel pointer + off[k] */
} ovxc_nl_prog;
/* Pixels [0, n) of a row from c (the first output pixel's centre in the
 * source) into d; returns how many it did (whole vectors; the rest is the
 * caller's). */
typedef size_t (*ovxc_nl_row_f)(const ovxc_nl_prog *p, const uint8_t *c, uint8_t *d, size_t n);
size_t ovxc_nl_row_scalar(const ovxc_nl_prog *p, const uint8_t *c, uint8_t *d, size_t n); /* does none */
size_t ovxc_nl_row_sse41(const ovxc_nl_prog *p, const uint8_t *c, uint8_t *d, size_t n);
size_t ovxc_nl_row_avx2(const ovxc_nl_prog *p, const uint8_t *c, uint8_t *d, size_t n);
size_t ovxc_nl_row_avx512(const ovxc_nl_prog *p, const uint8_t *c, uint8_t *d, size_t n);
/* The variants, best first, the scalar one (which leaves every pixel to the
 * per-pixel reference) last. */
#include "../runtime/dispatch.h"
const ovx_variant *ovxc_nl_variants(void);

/* row: a variant's row function for the pixels with every tap inside the
 * image, or NULL (the per-pixel reference everywhere). */
void ovxc_nonlinear_u8(int function, const uint8_t *mask, uint32_t cols, uint32_t rows, uint32_t ox, uint32_t oy,
                       const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a,
                       ovxc_nl_row_f row);
void ovxc_nonlinear_u1(int function, const uint8_t *mask, uint32_t cols, uint32_t rows, uint32_t ox, uint32_t oy,
                       const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);

#endif
