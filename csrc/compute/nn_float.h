/*
 * Float32 neural-network routines (scalar C reference) on dense row-major
 * tensors in NCHW order (the last dimension varies fastest), the layout of
 * NNEF tensors.  Used by the NNEF importer (csrc/nnef/); plain loops with
 * double-free float accumulation in the natural order.
 */
#ifndef OVXC_COMPUTE_NN_FLOAT_H
#define OVXC_COMPUTE_NN_FLOAT_H

#include <stddef.h>

/* 2-D convolution: in [n,c,h,w], filt [o, c/groups, kh, kw], bias per output
 * channel (NULL: 0), out [n,o,oh,ow]; pt/pl: padding before (top, left),
 * samples outside the input read 0.  groups divides c and o. */
typedef struct {
    size_t n, c, h, w;        /* input */
    size_t o, kh, kw;         /* filter: o maps, kh x kw */
    size_t oh, ow;            /* output */
    size_t groups;
    size_t sh, sw, dh, dw;    /* stride, dilation */
    long pt, pl;              /* padding before */
} ovxc_nnf_conv_geom;

void ovxc_nnf_conv(const ovxc_nnf_conv_geom *g, const float *in, const float *filt, const float *bias, float *out);
/* Transposed convolution: in [n,c,h,w] (c = filter maps), filt
 * [c, o/groups, kh, kw], out [n,o,oh,ow]; the adjoint of ovxc_nnf_conv with
 * the roles of c and o swapped (g->c: input channels, g->o: output channels). */
void ovxc_nnf_deconv(const ovxc_nnf_conv_geom *g, const float *in, const float *filt, const float *bias, float *out);

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

/* out[n][o] = sum_c in[n][c] * filt[o][c] + bias[o] (bias NULL: 0). */
void ovxc_nnf_linear(size_t n, size_t c, size_t o, const float *in, const float *filt, const float *bias, float *out);

/* Elementwise binary op with NNEF broadcast (a dimension of extent 1 is
 * repeated); shapes are given at the same rank (pad with 1s). */
enum { OVXC_NNF_ADD, OVXC_NNF_SUB, OVXC_NNF_MUL, OVXC_NNF_DIV, OVXC_NNF_MIN, OVXC_NNF_MAX };
void ovxc_nnf_binary(int op, size_t rank, const size_t *da, const float *a, const size_t *db, const float *b,
                    const size_t *dout, float *out);
enum { OVXC_NNF_RELU, OVXC_NNF_SIGMOID, OVXC_NNF_TANH, OVXC_NNF_COPY, OVXC_NNF_NEG, OVXC_NNF_ABS, OVXC_NNF_EXP,
       OVXC_NNF_ELU, OVXC_NNF_SOFTPLUS };
void ovxc_nnf_unary(int op, size_t count, const float *in, float *out);

/* Over a tensor seen as [outer, mid, inner] (the reduced axes contiguous):
 * softmax along mid; reductions to [outer, inner]; argmax gives the index
 * within mid (int32). */
void ovxc_nnf_softmax(size_t outer, size_t mid, size_t inner, const float *in, float *out);
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
