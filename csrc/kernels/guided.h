/*
 * Guided row bands (ovx_guided_bands, framework/graph.h) for the kernels
 * that split their own work: the feature detectors, the bilateral filter,
 * MatchTemplate and the non-linear filter.
 */
#ifndef OVX_KERNELS_GUIDED_H
#define OVX_KERNELS_GUIDED_H

#include "kernels.h"
#include "../framework/graph.h"

/* fn over rows [y0, y1) in guided bands on the node's threads (one call on
 * one thread, or when `big` is false: too little work to share). */
static inline void guided_parallel_rows(vx_node node, vx_uint32 y0, vx_uint32 y1, vx_uint32 min_rows, int big,
                                        ovx_rows_f fn, void *arg)
{
    ovx_node_guided_rows(node, y0, y1, min_rows, big ? vx_true_e : vx_false_e, fn, arg);
}

/* A window routine (ovx_window_f) run over guided row bands of the whole
 * image parameter `split`, as the executor runs a window kernel (bands of
 * 16K pixels at least, one band under 32K pixels); returns the
 * first failing band's status, or VX_SUCCESS. */
typedef struct {
    vx_node node;
    const vx_reference *params;
    vx_uint32 num, width;
    ovx_window_f fn;
    vx_status status;
} guided_window_job;

static inline void guided_window_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    guided_window_job *g = arg;
    ovx_window w;
    vx_status s, ok = VX_SUCCESS;
    w.x0 = 0, w.x1 = g->width, w.y0 = y0, w.y1 = y1;
    s = g->fn(g->node, g->params, g->num, &w);
    if (s != VX_SUCCESS) __atomic_compare_exchange_n(&g->status, &ok, s, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

static inline vx_status guided_run_window(vx_node node, const vx_reference *params, vx_uint32 num, vx_uint32 split,
                                          ovx_window_f fn)
{
    guided_window_job g;
    vx_uint32 h = 0, min_rows;
    vx_uint64 pixels;
    if (split >= num || !params[split] || params[split]->type != VX_TYPE_IMAGE) return VX_ERROR_INVALID_PARAMETERS;
    g.node = node, g.params = params, g.num = num, g.fn = fn, g.status = VX_SUCCESS, g.width = 0;
    ovx_image_size_of(params[split], &g.width, &h);
    if (g.width == 0 || h == 0) return VX_SUCCESS;
    pixels = (vx_uint64)g.width * h;
    min_rows = (vx_uint32)((16384 + g.width - 1) / g.width);
    guided_parallel_rows(node, 0, h, min_rows, pixels >= 32768, guided_window_rows, &g);
    return g.status;
}

#endif
