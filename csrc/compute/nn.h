/*
 * Compute routines of family nn (vx_khr_nn: neural-network layers).
 *
 * Tensors are given as raw memory: the address of element 0, the dimensions
 * and the byte strides of every dimension (views have arbitrary strides).
 * Elements are fixed-point integers: OVXC_T_U8 / OVXC_T_S8 (8-bit extension,
 * fixed_point_position 0) or OVXC_T_S16 (16-bit extension, Q7.8 or any other
 * fixed_point_position q): the real value of a raw element v is v / 2^q.
 *
 * Sums of products are accumulated exactly in 64 bits (products of two
 * Qq values carry 2q fraction bits; a bias is aligned to them), then the
 * layer's rounding policy takes the sum back to q fraction bits and its
 * overflow policy (wrap or saturate) to the element type, once per output
 * element: outputs = saturate(round(sum + bias)) as the extension says.
 */
#ifndef OVXC_COMPUTE_NN_H
#define OVXC_COMPUTE_NN_H

#include <VX/vx_types.h>

#include "ovxc.h"


/* Policies of the convolution-like layers. */
typedef struct {
    int type;  /* OVXC_T_U8 / S8 / S16 */
    int q;     /* fixed_point_position */
    int wrap;  /* VX_CONVERT_POLICY_WRAP, else saturate */
    int to_ne; /* VX_ROUND_POLICY_TO_NEAREST_EVEN, else to zero */
} ovxc_nn_fixed;

/* Number of "batch" items: the product of the dimensions from `first` on. */
vx_size ovxc_nn_count_from(const ovxc_tensor *t, vx_size first);
/* Byte offset of batch item `index` counted over the dimensions from `first`. */
vx_size ovxc_nn_batch_offset(const ovxc_tensor *t, vx_size first, vx_size index);

/* Raw element access (v already in range for the store). */
static inline vx_int32 ovxc_nn_load(const vx_uint8 *p, int type)
{
    switch (type) {
    case OVXC_T_U8: return *p;
    case OVXC_T_S8: return *(const vx_int8 *)p;
    default: return *(const vx_int16 *)(const void *)p;
    }
}

static inline void ovxc_nn_store(vx_uint8 *p, int type, vx_int64 v)
{
    switch (type) {
    case OVXC_T_U8: *p = (vx_uint8)v; break;
    case OVXC_T_S8: *(vx_int8 *)p = (vx_int8)v; break;
    default: *(vx_int16 *)(void *)p = (vx_int16)v; break;
    }
}

/* The final conversion of a wide value. */
vx_int64 ovxc_nn_convert(vx_int64 v, int type, int wrap);
/* acc carries `shift` extra fraction bits: round them away by policy. */
vx_int64 ovxc_nn_round_shift(vx_int64 acc, int shift, int to_ne);
/* Real value -> raw element: rounded to nearest (ties to even), saturated;
 * NaN gives 0. */
vx_int64 ovxc_nn_quantize(double v, int type, int q);
/* f(x) of activation function func (vx_nn_activation_function_e) with its
 * parameters a and b, in double (the integer and float32 layers share it). */
double ovxc_nn_activation_value(vx_enum func, double x, double a, double b);

/* Convolution layer on [W, H, IFM, batch...] with weights [KW, KH, IFM, OFM],
 * optional bias [OFM] or [OW, OH, OFM].  Output element (x, y) reads input
 * columns x*skip_x - pad_x + dil_x + kx*(dil_x+1) (the placement the Khronos
 * CTS checks), zeros outside the input.  acc: scratch of OW*OH int64. */
void ovxc_nn_convolution(const ovxc_tensor *in, const ovxc_tensor *w, const ovxc_tensor *bias,
                        const ovxc_tensor *out, const ovxc_nn_fixed *f, vx_size pad_x, vx_size pad_y,
                        vx_size skip_x, vx_size skip_y, vx_size dil_x, vx_size dil_y, vx_int64 *acc);

/* Deconvolution layer: input up-scaled by inserting upscale-1 zeros between
 * elements, padded with kernel-1-pad zeros, correlated with the weights.
 * ext_x/ext_y: columns/rows of the up-scaled input that hold samples
 * (inputs at multiples of upscale below ext).  acc: scratch of OW*OH int64. */
void ovxc_nn_deconvolution(const ovxc_tensor *in, const ovxc_tensor *w, const ovxc_tensor *bias,
                          const ovxc_tensor *out, const ovxc_nn_fixed *f, vx_size pad_x, vx_size pad_y,
                          vx_size up_x, vx_size up_y, vx_size ext_x, vx_size ext_y, vx_int64 *acc);

/* Fully connected: input core dims `core` (1: [IFM], 3: [W, H, IFM]) then
 * batch dims; weights [core elements, OFM] (2-d, flattened x fastest) or
 * [W, H, IFM, OFM]; output [OFM, batch...]. */
void ovxc_nn_fully_connected(const ovxc_tensor *in, vx_size core, const ovxc_tensor *w,
                            const ovxc_tensor *bias, const ovxc_tensor *out, const ovxc_nn_fixed *f);

/* Pooling over [W, H, C, batch...]: windows of size_x x size_y starting at
 * (x*skip - pad); positions outside the input count as zeros.  avg divides
 * the window sum by size_x*size_y, truncating toward zero. */
void ovxc_nn_pooling(const ovxc_tensor *in, const ovxc_tensor *out, int type, int is_max, vx_size size_x,
                    vx_size size_y, vx_size pad_x, vx_size pad_y, vx_size skip_x, vx_size skip_y);

/* Softmax along dimension `axis`, every other dimension a batch. */
void ovxc_nn_softmax(const ovxc_tensor *in, const ovxc_tensor *out, int type, int q, vx_size axis);

/* Element-wise activation (vx_nn_activation_function_e value in func). */
void ovxc_nn_activation(const ovxc_tensor *in, const ovxc_tensor *out, int type, int q, vx_enum func,
                       double a, double b);

/* Local response normalization: x / (bias + alpha/n * sum x^2)^beta over
 * `size` neighbouring maps (across) or a size x size window (same map,
 * n = size*size); zeros outside. */
void ovxc_nn_lrn(const ovxc_tensor *in, const ovxc_tensor *out, int type, int q, int across, vx_size size,
                double alpha, double beta, double bias);

/* ROI max pooling: data [W, H, C, (B)], rois [4, R, (B)] (x0, y0, x1, y1 as
 * raw integers; float32 ROIs as pixel coordinates rounded to the nearest),
 * out [OW, OH, C, R, (B)]; any type including OVXC_T_F32. */
void ovxc_nn_roi_pooling(const ovxc_tensor *data, const ovxc_tensor *rois, const ovxc_tensor *out, int type);

/* ---- float32 (OVXC_T_F32) layers (nn_float_vx.c), scalar ---------------- */
/* Activation on rows [r0, r1) (dims 1.. flattened: the threads' ranges) and
 * (local response) normalization, in the integer layers' geometry; the other
 * float layers are compute/nn_float_gemm.h's. */
void ovxc_nnf_vx_activation_range(const ovxc_tensor *in, const ovxc_tensor *out, vx_enum func, double a, double b,
                                 vx_size r0, vx_size r1);
void ovxc_nnf_vx_lrn(const ovxc_tensor *in, const ovxc_tensor *out, int across, vx_size size, double alpha,
                    double beta, double bias);

/* ---- ranges of the layers' outer loops (nn_layers.c), for the threads ---- */

/* Pooling of units [u0, u1) (unit = map * OH + output row), the reference's
 * results; tmp: ovxc_nn_pool_tmp_size bytes. */
size_t ovxc_nn_pool_tmp_size(const ovxc_tensor *in, const ovxc_tensor *out, const vx_size size[2],
                            const vx_size pad[2], const vx_size skip[2]);
/* One max-pooling output row of contiguous elements: column maxima of
 * input rows [ys, ye) (init 0 when cut, else the type's lowest) into a
 * padded row of len elements (zeros outside [pad, pad + inside)), maxima of
 * size_x neighbours, every skip-th to orow (element stride os). */
typedef struct {
    const vx_uint8 *ip;
    size_t rs, inside, ys, ye;
    int cut;
    size_t len, pad, size_x, skip, ow;
    vx_uint8 *orow;
    size_t os;
} ovxc_nn_pool_row;
typedef void (*ovxc_nn_pool_max_row_f)(const ovxc_nn_pool_row *r, int type, void *tmp);
void ovxc_nn_pool_max_row(const ovxc_nn_pool_row *r, int type, void *tmp);
void ovxc_nn_pool_max_row_avx2(const ovxc_nn_pool_row *r, int type, void *tmp);
const struct ovx_variant *ovxc_nn_pool_variants(void);
/* row: the max rows' variant (NULL: the scalar one). */
void ovxc_nn_pool_rows(const ovxc_tensor *in, const ovxc_tensor *out, int type, int is_max, const vx_size size[2],
                      const vx_size pad[2], const vx_size skip[2], size_t u0, size_t u1, void *tmp,
                      ovxc_nn_pool_max_row_f row);
/* One softmax item of n contiguous elements by the table et: the
 * reference's exponentials et[max - x], their sum4 order (4 partial sums
 * k mod 4, then (s0 + s1) + (s2 + s3)), out = min(rint(e / sum * up), hi)
 * (every variant bit-identical); e: n doubles of scratch. */
typedef void (*ovxc_nn_softmax_row_f)(const vx_uint8 *ip, vx_uint8 *op, size_t n, int type, const double *et,
                                      double up, double hi, double *e);
void ovxc_nn_softmax_row(const vx_uint8 *ip, vx_uint8 *op, size_t n, int type, const double *et, double up,
                         double hi, double *e);
void ovxc_nn_softmax_row_avx2(const vx_uint8 *ip, vx_uint8 *op, size_t n, int type, const double *et, double up,
                              double hi, double *e);
void ovxc_nn_softmax_row_avx512(const vx_uint8 *ip, vx_uint8 *op, size_t n, int type, const double *et, double up,
                                double hi, double *e); /* nn_float_avx512.c */
const struct ovx_variant *ovxc_nn_softmax_variants(void);
/* Softmax of batch items [i0, i1) (ovxc_nn_softmax's order); e: dims[axis]
 * doubles; et: NULL or the table of ovxc_nn_softmax_table; row: the
 * contiguous rows' variant (NULL: the scalar one). */
void ovxc_nn_softmax_range(const ovxc_tensor *in, const ovxc_tensor *out, int type, int q, vx_size axis,
                          size_t i0, size_t i1, double *e, const double *et, ovxc_nn_softmax_row_f row);
/* exp(-d 2^-q) for d in [0, 256) (8-bit) or [0, 65536) (16-bit): the
 * reference's exponentials of x - max. */
void ovxc_nn_softmax_table(int type, int q, double *et);
/* The activation of every raw value of the type (256 or 65536 entries, from
 * the lowest value up) as ovxc_nn_activation computes it. */
void ovxc_nn_activation_lut(int type, int q, vx_enum func, double a, double b, int16_t *lut);
/* Activation of rows [r0, r1) (dims 1.. flattened), by lut when not NULL. */
void ovxc_nn_activation_range(const ovxc_tensor *in, const ovxc_tensor *out, int type, int q, vx_enum func,
                             double a, double b, const int16_t *lut, size_t r0, size_t r1);

#endif
