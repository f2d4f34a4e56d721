/*
 * The float32 core of the convolution-like NN layers (convolution,
 * deconvolution) and the fully connected dot products, on OpenVX tensor
 * views (compute/nn.h): packed weights, an implicit GEMM over output rows,
 * SIMD variants beside a scalar reference of the same summation order.
 *
 * Convolution.  The input of one batch item is copied once per run into
 * zero-padded float planes with the integer core's geometry
 * (compute/nn_gemm.h, ovxc_nn_conv_layout / ovxc_nn_conv_maps: rows
 * outermost, then channels, skip_x phases, columns), one float per element
 * where the integer core keeps an int16 pair: output (x, y) of tap (kx, ky)
 * of channel c reads element y * skip_y * row_stride + c * plane +
 * tap_off[tap] + x, so OVXC_NNF_NR consecutive x are consecutive floats.
 * Weights are packed once ([block of OVXC_NNF_MR output channels][channel]
 * [tap][channel in block]) and kept with a copy of the raw ones (the
 * driver, kernels/nn_run.c, repacks only when the application wrote new
 * weights).
 *
 * Summation order (every variant, bit-identical): the sum of output
 * (x, y, o) starts at +0.0f and adds w * x with one fused multiply-add
 * (fmaf: one rounding) per (channel c ascending, tap ascending), skipping
 * the taps whose padded row is a zero row (padding above / below the
 * input, deconvolution up-scaling holes); zero columns are added (their
 * products are +-0).  Then one float add of the bias (per map or per
 * location).  The AVX2 variant does exactly these operations per lane
 * (vfmadd231ps, vaddps); the scalar reference calls fmaf.  So results are
 * float sums of float products (ONNX Runtime's precision class), not the
 * double sums of the tests' reference (cts/simd/nn_float_ref.inc).
 *
 * Fully connected, per output o over k inputs: 16 partial sums p[j] start
 * at +0.0f and take fmaf(w[16 i + j], x[16 i + j], p[j]) for i ascending
 * over the whole 16-element groups; then p[j] += p[j + 8] (j < 8),
 * p[j] += p[j + 4] (j < 4), p[j] += p[j + 2] (j < 2), s = p[0] + p[1];
 * the tail t starts at +0.0f and takes fmaf over the remaining k in order;
 * out = (s + t) + bias.
 */
#ifndef OVXC_COMPUTE_NN_FLOAT_GEMM_H
#define OVXC_COMPUTE_NN_FLOAT_GEMM_H

#include <stddef.h>
#include <stdint.h>

#include "nn.h"
#include "nn_gemm.h"

#define OVXC_NNF_MR 6  /* output channels per packed weight block */
#define OVXC_NNF_NR 16 /* output columns per register tile (2 AVX2 vectors) */

/* The packed weights: blocks of OVXC_NNF_MR output channels, and after
 * them (cv_off floats from wp, a multiple of 16) groups of 16 output
 * channels, [ceil(ofm / 16)][ifm][taps][16] with zeros past ofm: the
 * avx512 variant's vectors of 16 output channels. */
typedef struct {
    size_t ofm, ifm, taps, blocks;
    float *wp; /* [blocks][ifm][taps][OVXC_NNF_MR] */
    size_t cv_off;
} ovxc_nnf_packw;

/* Bytes of the packed weights of w ([KW, KH, IFM, OFM]). */
size_t ovxc_nnf_packw_size(const ovxc_tensor *w);
/* Pack float32 w into mem (ovxc_nnf_packw_size bytes, 4-aligned). */
void ovxc_nnf_packw_fill(const ovxc_tensor *w, void *mem, ovxc_nnf_packw *pw);

/* The float planes' shape (ip unused: planes hold floats, pl->total of
 * them): ovxc_nn_conv_layout with one channel per "pair" and rows of
 * OVXC_NNF_NR-column tiles. */
void ovxc_nnf_conv_layout(const ovxc_nn_conv_geom *g, const ovxc_tensor *w, const ovxc_tensor *out,
                         ovxc_nn_planes *pl);
/* Fill channels [c0, c1) of the planes ip from batch item base ib. */
void ovxc_nnf_planes_fill(const ovxc_nn_planes *pl, const ovxc_nn_srcmap *map, const ovxc_tensor *in,
                         const vx_uint8 *ib, float *ip, size_t c0, size_t c1);

/* One convolution run's constants (shared by every variant). */
typedef struct {
    const ovxc_nnf_packw *w;
    const ovxc_nn_planes *pl;
    const float *ip;          /* the planes of this batch item */
    const size_t *tap_off;    /* [taps] float offset of each tap from the output's (x, y * skip_y) */
    const size_t *row_ntaps;  /* [oh] taps of output row y that read a nonzero row */
    const size_t *row_taps;   /* [oh][taps] those taps, ascending (first row_ntaps[y]) */
    const size_t *koff;       /* [ifm * taps] c * plane + tap_off[tap], or NULL (rows of every tap) */
    size_t skip_y;
    size_t ow, oh;
    const float *bias;             /* [ofm] per-map bias (dense copy), or NULL */
    const ovxc_tensor *bias_loc; /* [OW, OH, OFM] bias, or NULL */
    ovxc_tensor out;             /* the output; ptr = this batch item's */
} ovxc_nnf_conv_plan;

/* Output rows [y0, y1) of blocks [b0, b1) of output channels. */
typedef void (*ovxc_nnf_conv_rows_f)(const ovxc_nnf_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1);
void ovxc_nnf_conv_rows(const ovxc_nnf_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1);
void ovxc_nnf_conv_rows_avx2(const ovxc_nnf_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1);
void ovxc_nnf_conv_rows_avx512(const ovxc_nnf_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1);
const struct ovx_variant *ovxc_nnf_conv_variants(void);

/* The taps of every output row that read a nonzero row (row_src: the
 * planes' source rows, -1 for zero rows; tap_row: the taps' padded row
 * offsets), ascending: ntaps[oh], list[oh * taps]. */
void ovxc_nnf_conv_row_taps(size_t oh, size_t skip_y, size_t taps, const ptrdiff_t *row_src, const size_t *tap_row,
                           size_t *ntaps, size_t *list);
/* Store n sums of output channel o, row y, columns x0.. (+ bias). */
void ovxc_nnf_conv_store(const ovxc_nnf_conv_plan *p, const float *sums, size_t n, size_t o, size_t y, size_t x0);

/* Fully connected: out[o] for o in [o0, o1) of one batch item; weight row o
 * at w + o * wrow (k contiguous floats), x k contiguous floats. */
typedef struct {
    const float *w;
    size_t wrow, k;
    const float *x;
    const ovxc_tensor *bias; /* [OFM] or NULL */
    vx_uint8 *out;
    size_t out_stride;
} ovxc_nnf_fc_plan;
typedef void (*ovxc_nnf_fc_rows_f)(const ovxc_nnf_fc_plan *p, size_t o0, size_t o1);
void ovxc_nnf_fc_rows(const ovxc_nnf_fc_plan *p, size_t o0, size_t o1);
void ovxc_nnf_fc_rows_avx2(const ovxc_nnf_fc_plan *p, size_t o0, size_t o1);
void ovxc_nnf_fc_rows_avx512(const ovxc_nnf_fc_plan *p, size_t o0, size_t o1);
const struct ovx_variant *ovxc_nnf_fc_variants(void);
/* The last step of output o: (s + t) + bias, stored. */
void ovxc_nnf_fc_store(const ovxc_nnf_fc_plan *p, size_t o, float s, float t);

/* One float32 max-pooling output row of dense input columns: column
 * maxima of nrows input rows (ip + r * rs, `inside` floats each) starting
 * from init, into tmp[pad, pad + inside) (`outside` elsewhere in [0, len)),
 * then out[x] = the largest of tmp[x * skip + kx] for kx < size_x, stored
 * at orow + x * os.  Every maximum is the step v = a > v ? a : v in
 * ascending row / kx order (vmaxps(a, v) per lane: the variants are
 * bit-identical; NaN never wins).  tmp: len + 16 floats. */
typedef struct {
    const vx_uint8 *ip;
    size_t rs, nrows, inside;
    float init, outside;
    size_t len, pad, size_x, skip, ow;
    vx_uint8 *orow;
    size_t os;
} ovxc_nnf_pool_row;
typedef void (*ovxc_nnf_pool_max_row_f)(const ovxc_nnf_pool_row *r, float *tmp);
void ovxc_nnf_pool_max_row(const ovxc_nnf_pool_row *r, float *tmp);
void ovxc_nnf_pool_max_row_avx2(const ovxc_nnf_pool_row *r, float *tmp);
const struct ovx_variant *ovxc_nnf_pool_variants(void);
/* One float32 average-pooling output row of dense input columns (the
 * fields as above; init, outside unused; area: size_x * size_y, ignore:
 * divide by the count inside, 0 when none): out[x] = (float)(acc / div)
 * with acc the double sum, from +0, of the window's inside samples, rows
 * then columns ascending.  The variant adds the padded zeros too (+0
 * never changes a sum that starts at +0), bit-identical.  tmp: nrows *
 * (len + 16) floats. */
typedef void (*ovxc_nnf_pool_avg_row_f)(const ovxc_nnf_pool_row *r, size_t area, int ignore, float *tmp);
void ovxc_nnf_pool_avg_row_avx2(const ovxc_nnf_pool_row *r, size_t area, int ignore, float *tmp);
/* The average row's variants (NULL when only the scalar loops exist). */
const struct ovx_variant *ovxc_nnf_pool_avg_variants(void);

/* Float32 pooling of units [u0, u1) (unit = plane * OH + output row) with
 * the integer layer's geometry (ignore 0: outside positions are zeros, the
 * average divides by the whole window; ignore 1, NNEF's border 'ignore':
 * outside positions take no part, the average divides by the count inside,
 * a window wholly outside gives 0); max: maxima of columns then of
 * neighbours (ovxc_nnf_pool_max_row, or the variant `row`; the same value
 * as the reference of cts/simd/nn_float_ref.inc; NaN never wins, ties of
 * -0/+0 may pick either); average: double sums.  tmp:
 * ovxc_nnf_pool_tmp_floats floats. */
size_t ovxc_nnf_pool_tmp_floats(const ovxc_tensor *out, const vx_size size[2], const vx_size skip[2]);
/* row: the max rows' variant (is_max), else the average rows' one
 * (ovxc_nnf_pool_avg_row_f), as the variant tables hold it (the type of
 * runtime/dispatch.h's ovx_fn); NULL: the scalar loops. */
typedef void (*ovxc_nnf_row_fn)(void);
void ovxc_nnf_pool_rows(const ovxc_tensor *in, const ovxc_tensor *out, int is_max, int ignore, const vx_size size[2],
                       const vx_size pad[2], const vx_size skip[2], size_t u0, size_t u1, float *tmp,
                       ovxc_nnf_row_fn row);

/* Softmax of batch items [i0, i1) (every dimension but the axis, the first fastest) in
 * float: m = the largest value (NaN never wins), e_i = ovxc_nnf_exp(x_i - m)
 * (written to the output), their sum in 8 lanes (lane j: i = j mod 8 for i
 * below the last multiple of 8, ascending) reduced j + (j + 4), j + (j + 2),
 * 0 + 1, then + the tail's sequential sum; out_i = e_i / sum. */
#define OVXC_NNF_EXP_LO (-87.33654f) /* below: exp gives 0 (n = -126 keeps 2^n normal) */
/* exp(x) for x <= 0 (x > 0 is taken as 0): Cody-Waite reduction by ln 2,
 * a degree-6 polynomial in fmaf, scaled by 2^n; NaN stays NaN; within 2
 * ulp of exp except near the underflow (flushed to 0 below OVXC_NNF_EXP_LO). */
float ovxc_nnf_exp(float x);
typedef void (*ovxc_nnf_softmax_rows_f)(const ovxc_tensor *in, const ovxc_tensor *out, size_t axis, size_t i0,
                                       size_t i1);
void ovxc_nnf_softmax_rows(const ovxc_tensor *in, const ovxc_tensor *out, size_t axis, size_t i0, size_t i1);
void ovxc_nnf_softmax_rows_avx2(const ovxc_tensor *in, const ovxc_tensor *out, size_t axis, size_t i0, size_t i1);
void ovxc_nnf_softmax_rows_avx512(const ovxc_tensor *in, const ovxc_tensor *out, size_t axis, size_t i0, size_t i1);
/* o[i] = o[i] / sum for i < n, o[i] >= 0 or NaN, sum >= 1: the avx512 rows'
 * quotients (correctly rounded by fused multiply-adds, nn_float_avx512.c). */
void ovxc_nnf_softmax_div_avx512(float *o, size_t n, float sum);
const struct ovx_variant *ovxc_nnf_softmax_variants(void);

#endif
