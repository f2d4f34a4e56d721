/*
 * Float32 neural-network routines (scalar C) on dense row-major tensors in
 * NCHW order (the last dimension varies fastest), the layout of NNEF
 * tensors: the NNEF importer's (csrc/nnef/) elementwise, reduction and
 * upsampling steps and its pooling windows that are not 2-D.  Its
 * convolution, deconvolution, linear, 2-D pooling and softmax steps run on
 * the vx_khr_nn float32 core (compute/nn_float_gemm.h).
 */
#ifndef OVXC_COMPUTE_NN_FLOAT_H
#define OVXC_COMPUTE_NN_FLOAT_H

#include <stddef.h>

/* Pooling over a window of size[r] with stride, dilation, padding before
 * pad[r] on every one of `rank` dimensions. max: 1 max, 0 average.
 * ignore_border: samples outside the input are left out (average divides by
 * the count inside), otherwise they count as 0. */
typedef struct {
    size_t rank;
    size_t in[8], out[8], size[8], stride[8], dil[8];
    long pad[8];
} ovxc_nnf_pool_geom;
void ovxc_nnf_pool(const ovxc_nnf_pool_geom *g, int max, int ignore_border, const float *in, float *out);

/* Elementwise binary op with NNEF broadcast (a dimension of extent 1 is
 * repeated); shapes are given at the same rank (pad with 1s). */
enum { OVXC_NNF_ADD, OVXC_NNF_SUB, OVXC_NNF_MUL, OVXC_NNF_DIV, OVXC_NNF_MIN, OVXC_NNF_MAX };
void ovxc_nnf_binary(int op, size_t rank, const size_t *da, const float *a, const size_t *db, const float *b,
                    const size_t *dout, float *out);
enum { OVXC_NNF_RELU, OVXC_NNF_SIGMOID, OVXC_NNF_TANH, OVXC_NNF_COPY, OVXC_NNF_NEG, OVXC_NNF_ABS, OVXC_NNF_EXP,
       OVXC_NNF_ELU, OVXC_NNF_SOFTPLUS };
void ovxc_nnf_unary(int op, size_t count, const float *in, float *out);

/* Over a tensor seen as [outer, mid, inner] (the reduced axes contiguous):
 * reductions to [outer, inner]; argmax gives the index within mid (int32). */
enum { OVXC_NNF_RSUM, OVXC_NNF_RMEAN, OVXC_NNF_RMAX, OVXC_NNF_RMIN };
void ovxc_nnf_reduce(int op, size_t outer, size_t mid, size_t inner, const float *in, float *out);
void ovxc_nnf_argmax(size_t outer, size_t mid, size_t inner, const float *in, int *out);

/* Upsampling of the last two dimensions of [planes, h, w] by fy x fx with
 * linear interpolation. method: 0 symmetric, 1 asymmetric, 2 aligned;
 * replicate: 1 edge samples repeat, 0 outside samples are 0. */
void ovxc_nnf_upsample_linear(size_t planes, size_t h, size_t w, size_t fy, size_t fx, int method, int replicate,
                             const float *in, float *out);
void ovxc_nnf_upsample_nearest(size_t planes, size_t h, size_t w, size_t fy, size_t fx, const float *in, float *out);

#endif
