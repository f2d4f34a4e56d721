/*
 * Memory planning for virtual images (made at verify time, part of the
 * graph's plan).
 *
 * A virtual root image of the graph lives from the first wave of nodes that
 * touch it (write it, or any ROI/channel of it) to the last one.  Images
 * whose lifetimes do not overlap share one buffer: the images are taken in
 * the order they come alive, and each takes the smallest free buffer that is
 * big enough (a new one when none is), so a chain of N virtual images needs
 * two buffers instead of N.  The buffers belong to the graph; images get them
 * back from the graph at re-verification and when the graph is released.
 * Pyramid levels and object-array items keep their own memory (their
 * container may be used whole).
 */
#include "../framework/graph.h"
#include "../objects/image.h"
#include "bigmem.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    vx_image image;
    vx_uint32 first, last; /* waves */
    size_t bytes;
} candidate;

static vx_bool touches(vx_node n, vx_image root)
{
    vx_uint32 i;
    for (i = 0; i < n->kernel->num_params; i++) {
        vx_reference r = n->params[i];
        if (r && r->type == VX_TYPE_IMAGE && ((vx_image)r)->root == root) return vx_true_e;
    }
    return vx_false_e;
}

static vx_bool is_candidate(vx_graph g, vx_image img)
{
    /* a fused-away image (runtime/fuse.c) gets no full-size memory */
    return !ovx_fuse_image(g, img) && img->base.is_virtual && img->root == img && img->base.scope == (vx_reference)g && !img->base.parent &&
                   !img->from_handle && img->info && img->width && img->height && !img->maps
               ? vx_true_e
               : vx_false_e;
}

static int by_first(const void *a, const void *b)
{
    const candidate *x = a, *y = b;
    return x->first < y->first ? -1 : x->first > y->first ? 1 : 0;
}

void ovx_memplan_release(vx_graph g)
{
    vx_uint32 i;
    vx_bool teardown = g->base.context->tearing_down;
    for (i = 0; !teardown && i < g->num_planned; i++)
        if (ovx_ref_is_live(g->planned[i]) && g->planned[i]->planned) ovx_image_use_block(g->planned[i], NULL);
    for (i = 0; i < g->num_buffers; i++) free(g->buffers[i].mem);
    free(g->planned);
    free(g->buffers);
    g->planned = NULL;
    g->buffers = NULL;
    g->num_planned = g->num_buffers = 0;
    g->planned_bytes = g->unplanned_bytes = 0;
}

vx_status ovx_memplan_build(vx_graph g)
{
    candidate *cand;
    vx_uint32 n = 0, i, k, b;
    ovx_memplan_release(g);
    cand = calloc((size_t)g->num_nodes * OVX_MAX_KERNEL_PARAMS + 1, sizeof(candidate));
    if (!cand) return VX_ERROR_NO_MEMORY;
    /* the candidates, each once */
    for (i = 0; i < g->num_nodes; i++) {
        vx_node node = g->nodes[i];
        for (k = 0; k < node->kernel->num_params; k++) {
            vx_reference r = node->params[k];
            vx_image img;
            vx_uint32 j;
            if (!r || r->type != VX_TYPE_IMAGE) continue;
            img = ((vx_image)r)->root;
            if (!is_candidate(g, img)) continue;
            for (j = 0; j < n && cand[j].image != img; j++) {
            }
            if (j == n) cand[n++].image = img;
        }
    }
    /* lifetimes in waves */
    for (i = 0; i < n; i++) {
        vx_bool seen = vx_false_e;
        for (k = 0; k < g->num_nodes; k++) {
            vx_uint32 lo = g->wave[k], hi = g->wave[k];
            if (!touches(g->nodes[g->order[k]], cand[i].image)) continue;
            /* a fused node runs with its group, at the group's first wave */
            ovx_fuse_span(g, g->order[k], &lo, &hi);
            if (!seen || lo < cand[i].first) cand[i].first = lo;
            if (!seen || hi > cand[i].last) cand[i].last = hi;
            seen = vx_true_e;
        }
        cand[i].bytes = ovx_image_bytes(cand[i].image);
        g->unplanned_bytes += cand[i].bytes;
    }
    qsort(cand, n, sizeof(candidate), by_first);
    g->planned = malloc((n ? n : 1) * sizeof(vx_image));
    g->buffers = calloc(n ? n : 1, sizeof(*g->buffers));
    if (!g->planned || !g->buffers) {
        free(cand);
        ovx_memplan_release(g);
        return VX_ERROR_NO_MEMORY;
    }
    for (i = 0; i < n; i++) {
        vx_int32 best = -1;
        for (b = 0; b < g->num_buffers; b++) {
            if (g->buffers[b].busy_until >= cand[i].first || g->buffers[b].size < cand[i].bytes) continue;
            if (best < 0 || g->buffers[b].size < g->buffers[best].size) best = (vx_int32)b;
        }
        if (best < 0) {
            void *mem = ovx_big_alloc(cand[i].bytes);
            if (!mem) {
                free(cand);
                ovx_memplan_release(g);
                return VX_ERROR_NO_MEMORY;
            }
            best = (vx_int32)g->num_buffers++;
            g->buffers[best].mem = mem;
            g->buffers[best].size = cand[i].bytes;
            g->planned_bytes += cand[i].bytes;
        }
        g->buffers[best].busy_until = cand[i].last;
        ovx_image_use_block(cand[i].image, g->buffers[best].mem);
        g->planned[g->num_planned++] = cand[i].image;
    }
    free(cand);
    return VX_SUCCESS;
}
