/*
 * The vx_khr_nn layers' execution on the node's threads (kernels/nn_run.c):
 * the packed convolution core's driver (weights packed once and repacked
 * only when their bytes change, the int32 bound, the 64-bit fallback, rows
 * x output-map blocks over the threads), the fully connected dot products,
 * and ranges of the other layers over the threads with per-task scratch
 * from the node.  kernels/nn.c (validators, node functions) calls these.
 */
#ifndef OVX_KERNELS_NN_RUN_H
#define OVX_KERNELS_NN_RUN_H

#include "kernels.h"

#include "../compute/nn.h"
#include "../compute/nn_gemm.h"
#include "../compute/nn_float_gemm.h"

#define ALIGN64(n) (((n) + 63) & ~(vx_size)63)

/* A tensor as compute/nn.h sees it (element 0's address, dims, strides). */
ovxc_tensor ovx_nn_view(vx_tensor t);
/* The node scratch (ovx_node_scratch) whose first 64 bytes hold a cache
 * key: zeroed when the scratch is new, so a stale key never matches. */
vx_uint8 *ovx_nn_keyed_scratch(vx_node node, vx_size size);

/* Convolution (g->deconv 0) or deconvolution of parameters p = {inputs,
 * weights, biases or NULL, params, outputs}, already validated. */
vx_status ovx_nn_conv_run(vx_node node, const vx_reference *p, const ovxc_nn_conv_geom *g, const ovxc_nn_fixed *f);
/* Fully connected of p = {inputs, weights, biases or NULL, -, -, outputs}
 * with `core` input dimensions (1 or 3), already validated. */
vx_status ovx_nn_fc_run(vx_node node, const vx_reference *p, vx_size core, const ovxc_nn_fixed *f);

/* The float32 core (compute/nn_float_gemm.h): convolution (g->deconv 0)
 * or deconvolution of p = {inputs, weights, biases or NULL, params,
 * outputs}; fully connected of p = {inputs, weights, biases or NULL, -, -,
 * outputs}; already validated. */
vx_status ovx_nnf_conv_run(vx_node node, const vx_reference *p, const ovxc_nn_conv_geom *g);
vx_status ovx_nnf_fc_run(vx_node node, const vx_reference *p, vx_size core);

/* The float32 convolution core on tensor views, for callers that keep
 * their own packed weights (the NNEF importer): in, w (its dims: [KW, KH,
 * IFM, OFM]; its data is not read), pw packed from it, a dense per-map bias
 * or NULL, a per-location bias view or NULL, out.  remap NULL: the padded
 * planes' sources follow g (ovxc_nn_conv_maps); else padded coordinate pc
 * of dimension d (0: x, 1: y) reads input index (pc + off[d]) / step[d]
 * when that divides and is inside, zero otherwise (a transposed
 * convolution run as a convolution of flipped weights).  scratch:
 * ovx_nnf_conv_scratch(g, w, out) bytes, 64-aligned. */
typedef struct {
    long off[2];
    vx_size step[2];
} ovx_nnf_remap;
vx_size ovx_nnf_conv_scratch(const ovxc_nn_conv_geom *g, const ovxc_tensor *w, const ovxc_tensor *out);
void ovx_nnf_conv_exec(vx_uint32 threads, ovxc_nnf_conv_rows_f rows, const ovxc_nn_conv_geom *g,
                       const ovxc_tensor *in, const ovxc_tensor *w, const ovxc_nnf_packw *pw, const float *bias,
                       const ovxc_tensor *bias_loc, const ovxc_tensor *out, const ovx_nnf_remap *remap,
                       vx_uint8 *scratch);
/* The fully connected dot products of plan (one batch item) for outputs
 * [0, ofm) over `threads` (rows NULL: the scalar reference). */
void ovx_nnf_fc_exec(vx_uint32 threads, ovxc_nnf_fc_rows_f rows, const ovxc_nnf_fc_plan *plan, vx_size ofm);

/* fn over [0, n) in `tasks` contiguous ranges (task: the scratch slot). */
typedef void (*ovx_nn_range_f)(void *arg, vx_size i0, vx_size i1, vx_uint32 task);
/* Tasks for n items of `cost` element operations: one for small work, else
 * up to 4 per thread (each its own scratch slot). */
vx_uint32 ovx_nn_tasks(vx_node node, vx_size n, vx_uint64 cost);
void ovx_nn_parallel(vx_uint32 tasks, vx_size n, ovx_nn_range_f fn, void *arg);

#endif
