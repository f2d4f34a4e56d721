/*
 * Float32 neural-network routines (scalar C reference) on dense row-major
 * tensors in NCHW order (the last dimension varies fastest), the layout of
 * NNEF tensors.  Used by the NNEF importer (csrc/nnef/); plain loops with
 * double-free float accumulation in the natural order.
 */
#ifndef OVX_COMPUTE_NN_FLOAT_H
#define OVX_COMPUTE_NN_FLOAT_H

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
} ovx_nnf_conv_geom;

void ovx_nnf_conv(const ovx_nnf_conv_geom *g, const float *in, const float *filt, const float *bias, float *out);
/* Transposed convolution: in [n,c,h,w] (c = filter maps), filt
 * [c, o/groups, kh, kw], out [n,o,oh,ow]; the adjoint of ovx_nnf_conv with
 * the roles of c and o swapped (g->c: input channels, g->o: output channels). */
void ovx_nnf_deconv(const ovx_nnf_conv_geom *g, const float *in, const float *filt, const float *bias, float *out);

/* Pooling over a window of size[r] with stride, dilation, padding before
 * pad[r] on every one of `rank` dimensions. max: 1 max, 0 average.
 * ignore_border: samples outside the input are left out (average divides by
 * the count inside), otherwise they count as 0. */
typedef struct {
    size_t rank;
    size_t in[8], out[8], size[8], stride[8], dil[8];
    long pad[8];
} ovx_nnf_pool_geom;
void ovx_nnf_pool(const ovx_nnf_pool_geom *g, int max, int ignore_border, const float *in, float *out);

/* out[n][o] = sum_c in[n][c] * filt[o][c] + bias[o] (bias NULL: 0). */
void ovx_nnf_linear(size_t n, size_t c, size_t o, const float *in, const float *filt, const float *bias, float *out);

/* Elementwise binary op with NNEF broadcast (a dimension of extent 1 is
 * repeated); shapes are given at the same rank (pad with 1s). */
enum { OVX_NNF_ADD, OVX_NNF_SUB, OVX_NNF_MUL, OVX_NNF_DIV, OVX_NNF_MIN, OVX_NNF_MAX };
void ovx_nnf_binary(int op, size_t rank, const size_t *da, const float *a, const size_t *db, const float *b,
                    const size_t *dout, float *out);
enum { OVX_NNF_RELU, OVX_NNF_SIGMOID, OVX_NNF_TANH, OVX_NNF_COPY, OVX_NNF_NEG, OVX_NNF_ABS, OVX_NNF_EXP,
       OVX_NNF_ELU, OVX_NNF_SOFTPLUS };
void ovx_nnf_unary(int op, size_t count, const float *in, float *out);

/* Over a tensor seen as [outer, mid, inner] (the reduced axes contiguous):
 * softmax along mid; reductions to [outer, inner]; argmax gives the index
 * within mid (int32). */
void ovx_nnf_softmax(size_t outer, size_t mid, size_t inner, const float *in, float *out);
enum { OVX_NNF_RSUM, OVX_NNF_RMEAN, OVX_NNF_RMAX, OVX_NNF_RMIN };
void ovx_nnf_reduce(int op, size_t outer, size_t mid, size_t inner, const float *in, float *out);
void ovx_nnf_argmax(size_t outer, size_t mid, size_t inner, const float *in, int *out);

/* Upsampling of the last two dimensions of [planes, h, w] by fy x fx with
 * linear interpolation. method: 0 symmetric, 1 asymmetric, 2 aligned;
 * replicate: 1 edge samples repeat, 0 outside samples are 0. */
void ovx_nnf_upsample_linear(size_t planes, size_t h, size_t w, size_t fy, size_t fx, int method, int replicate,
                             const float *in, float *out);
void ovx_nnf_upsample_nearest(size_t planes, size_t h, size_t w, size_t fy, size_t fx, const float *in, float *out);

#endif
