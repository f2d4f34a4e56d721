/*
 * Graph verification (spec "Verification", "Graph Formalisms",
 * vxVerifyGraph).
 *
 *  1. every node's parameters: required ones present, types as the kernel
 *     declares (directions are fixed by the kernel);
 *  2. no two nodes write the same data (single writer), counting containment
 *     and overlap: an image and its ROIs/channels, a pyramid and its levels,
 *     an object array and its items, a delay and its slots; two ROIs of one
 *     image overlap when their rectangles intersect;
 *  3. an order in which every node runs after the writers of what it reads
 *     (a cycle is VX_ERROR_INVALID_GRAPH; delays break cycles because their
 *     slots are different objects);
 *  4. in that order, each kernel's validator: outputs described by meta
 *     formats are checked against real objects or fixed on virtual ones;
 *     uniform images are never written;
 *  5. kernels' initialize callbacks (with the local data the kernel asked
 *     for) and the plan (graph->order).
 * Each failure writes a log entry naming the node and the parameter.
 */
#include "graph.h"
#include "../objects/image.h"
#include "../objects/tensor.h"
#include "../runtime/dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The object an object is part of: a sub-image's parent image, a tensor
 * view's parent, or the container (pyramid, object array, delay). */
static vx_reference container_of(vx_reference r)
{
    if (r->type == VX_TYPE_IMAGE && ((vx_image)r)->parent) return (vx_reference)((vx_image)r)->parent;
    if (r->type == VX_TYPE_TENSOR && ((vx_tensor)r)->parent) return (vx_reference)((vx_tensor)r)->parent;
    return r->parent;
}

static vx_bool contains(vx_reference outer, vx_reference inner)
{
    vx_reference r;
    for (r = inner; r; r = container_of(r))
        if (r == outer) return vx_true_e;
    return vx_false_e;
}

/* Do a and b share data? */
static vx_bool overlaps(vx_reference a, vx_reference b)
{
    if (a == b) return vx_true_e;
    if (a->type == VX_TYPE_IMAGE && b->type == VX_TYPE_IMAGE) {
        vx_image ia = (vx_image)a, ib = (vx_image)b;
        if (ia->root == ib->root && (ia->parent || ib->parent)) {
            vx_uint32 ax0 = ia->off_x[0], ay0 = ia->off_y[0], bx0 = ib->off_x[0], by0 = ib->off_y[0];
            vx_uint32 ax1 = ax0 + ia->width, ay1 = ay0 + ia->height, bx1 = bx0 + ib->width, by1 = by0 + ib->height;
            return ax0 < bx1 && bx0 < ax1 && ay0 < by1 && by0 < ay1 ? vx_true_e : vx_false_e;
        }
    }
    return contains(a, b) || contains(b, a) ? vx_true_e : vx_false_e;
}

vx_bool ovx_objects_overlap(vx_reference a, vx_reference b)
{
    return overlaps(a, b);
}

/* An output is written, an input read; the built-in 1.1 accumulate kernels
 * have a parameter that is both (OVX_BIDIRECTIONAL, gone from 1.3.1). */
static vx_bool writes(vx_enum dir)
{
    return dir == VX_OUTPUT || dir == OVX_BIDIRECTIONAL ? vx_true_e : vx_false_e;
}

static vx_bool reads(vx_enum dir)
{
    return dir == VX_INPUT || dir == OVX_BIDIRECTIONAL ? vx_true_e : vx_false_e;
}

/* Does node b depend on node a (a writes what b reads or also writes)? */
static vx_bool depends(vx_node a, vx_node b)
{
    vx_uint32 i, j;
    for (i = 0; i < a->kernel->num_params; i++) {
        vx_reference w = a->params[i];
        if (!w || !writes(a->kernel->params[i].direction)) continue;
        for (j = 0; j < b->kernel->num_params; j++) {
            vx_reference r = b->params[j];
            if (!r || !reads(b->kernel->params[j].direction)) continue;
            if (overlaps(w, r)) return vx_true_e;
        }
    }
    return vx_false_e;
}

/* Do two distinct images made from application memory (vxCreateImageFromHandle)
 * share bytes?  (Two images over one ndarray given as input and output of a
 * node: the node would read what it writes.) */
static void plane_span(const ovx_plane_mem *m, uintptr_t *lo, uintptr_t *hi)
{
    intptr_t last = (intptr_t)m->stride_y * (intptr_t)(m->dim_y ? m->dim_y - 1 : 0);
    uintptr_t p = (uintptr_t)m->ptr;
    size_t row = m->stride_y < 0 ? (size_t)-(intptr_t)m->stride_y : (size_t)m->stride_y;
    *lo = last < 0 ? p - (uintptr_t)(-last) : p;
    *hi = (last < 0 ? p : p + (uintptr_t)last) + row;
}

static vx_bool handle_memory_overlap(vx_image a, vx_image b)
{
    vx_uint32 p, q;
    vx_image ra = a->root, rb = b->root;
    if (ra == rb || !ra->from_handle || !rb->from_handle) return vx_false_e;
    for (p = 0; p < ra->planes; p++)
        for (q = 0; q < rb->planes; q++) {
            uintptr_t a0, a1, b0, b1;
            if (!ra->mem[p].ptr || !rb->mem[q].ptr) continue;
            plane_span(&ra->mem[p], &a0, &a1);
            plane_span(&rb->mem[q], &b0, &b1);
            if (!(a0 < b1 && b0 < a1)) continue;
            /* spans meet; with one positive stride, rows are disjoint when the
             * byte columns of one never meet those of the other (side-by-side
             * images over one buffer) */
            if (ra->mem[p].stride_y > 0 && ra->mem[p].stride_y == rb->mem[q].stride_y && ra->info && rb->info) {
                uintptr_t s = (uintptr_t)ra->mem[p].stride_y;
                uintptr_t wa = ra->info->plane[p].bits == 1 ? (ra->mem[p].dim_x + 7u) / 8u
                                                              : (uintptr_t)ra->mem[p].dim_x * ra->info->plane[p].bytes;
                uintptr_t wb = rb->info->plane[q].bits == 1 ? (rb->mem[q].dim_x + 7u) / 8u
                                                              : (uintptr_t)rb->mem[q].dim_x * rb->info->plane[q].bytes;
                uintptr_t d = (b0 >= a0 ? b0 - a0 : s - (a0 - b0) % s) % s;
                if (d >= wa && s - d >= wb) continue;
            }
            return vx_true_e;
        }
    return vx_false_e;
}

static vx_status check_params(vx_graph g, vx_node n)
{
    vx_uint32 i;
    for (i = 0; i < n->kernel->num_params; i++) {
        const ovx_param_info *p = &n->kernel->params[i];
        vx_reference r = n->params[i];
        if (!r) {
            if (p->state == VX_PARAMETER_STATE_OPTIONAL) continue;
            ovx_log((vx_reference)g, VX_ERROR_NOT_SUFFICIENT,
                    "vxVerifyGraph: node %u (%s), parameter %u: required parameter is not set", n->index,
                    n->kernel->name, i);
            return VX_ERROR_NOT_SUFFICIENT;
        }
        if (!ovx_ref_is_live(r)) {
            ovx_log((vx_reference)g, VX_ERROR_INVALID_REFERENCE,
                    "vxVerifyGraph: node %u (%s), parameter %u: the object is no longer valid", n->index,
                    n->kernel->name, i);
            return VX_ERROR_INVALID_REFERENCE;
        }
        if (r->is_virtual && r->scope != (vx_reference)g) {
            ovx_log((vx_reference)g, VX_ERROR_INVALID_SCOPE,
                    "vxVerifyGraph: node %u (%s), parameter %u: a virtual object of %s", n->index, n->kernel->name, i,
                    r->scope ? "another graph" : "a graph released already");
            return VX_ERROR_INVALID_SCOPE;
        }
        if (writes(p->direction) && r->type == VX_TYPE_IMAGE && ((vx_image)r)->is_uniform) {
            ovx_log((vx_reference)g, VX_ERROR_INVALID_PARAMETERS,
                    "vxVerifyGraph: node %u (%s), parameter %u: a uniform image is read-only", n->index,
                    n->kernel->name, i);
            return VX_ERROR_INVALID_PARAMETERS;
        }
    }
    {
        vx_uint32 i, j;
        for (i = 0; i < n->kernel->num_params; i++) {
            vx_reference w = n->params[i];
            if (!w || w->type != VX_TYPE_IMAGE || n->kernel->params[i].direction == VX_INPUT) continue;
            for (j = 0; j < n->kernel->num_params; j++) {
                vx_reference r = n->params[j];
                if (j == i || !r || r->type != VX_TYPE_IMAGE) continue;
                if (handle_memory_overlap((vx_image)w, (vx_image)r)) {
                    ovx_log((vx_reference)g, VX_ERROR_INVALID_PARAMETERS,
                            "vxVerifyGraph: node %u (%s): parameters %u and %u are images over the same application "
                            "memory: the node would read what it writes", n->index, n->kernel->name, j, i);
                    return VX_ERROR_INVALID_PARAMETERS;
                }
            }
        }
    }
    return VX_SUCCESS;
}

static vx_status check_writers(vx_graph g)
{
    vx_uint32 a, b, i, j;
    for (a = 0; a < g->num_nodes; a++) {
        vx_node na = g->nodes[a];
        for (b = a + 1; b < g->num_nodes; b++) {
            vx_node nb = g->nodes[b];
            for (i = 0; i < na->kernel->num_params; i++) {
                if (!na->params[i] || !writes(na->kernel->params[i].direction)) continue;
                for (j = 0; j < nb->kernel->num_params; j++) {
                    if (!nb->params[j] || !writes(nb->kernel->params[j].direction)) continue;
                    /* one output and one bidirectional parameter may share an
                     * object: the output writes it first (vx_khr_bidirectional_
                     * parameters REQ-BP03, REQ-BP07) */
                    if ((na->kernel->params[i].direction == OVX_BIDIRECTIONAL) !=
                        (nb->kernel->params[j].direction == OVX_BIDIRECTIONAL))
                        continue;
                    if (overlaps(na->params[i], nb->params[j])) {
                        ovx_log((vx_reference)g, VX_ERROR_MULTIPLE_WRITERS,
                                "vxVerifyGraph: node %u (%s) parameter %u and node %u (%s) parameter %u write the "
                                "same data",
                                a, na->kernel->name, i, b, nb->kernel->name, j);
                        return VX_ERROR_MULTIPLE_WRITERS;
                    }
                }
            }
        }
    }
    return VX_SUCCESS;
}

/* Kahn's algorithm over the dependency relation. */
static vx_status order_nodes(vx_graph g)
{
    vx_uint32 n = g->num_nodes, i, j, done = 0;
    vx_uint32 *indeg = calloc(n, sizeof(vx_uint32));
    vx_uint8 *dep = calloc((size_t)n * n, 1), *placed = calloc(n, 1);
    vx_uint32 *order = malloc(n * sizeof(vx_uint32));
    vx_status s = VX_SUCCESS;
    if (!indeg || !dep || !placed || !order) {
        s = VX_ERROR_NO_MEMORY;
        goto out;
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (i != j && depends(g->nodes[i], g->nodes[j])) {
                dep[(size_t)i * n + j] = 1;
                indeg[j]++;
            }
    while (done < n) {
        vx_bool progress = vx_false_e;
        for (i = 0; i < n; i++) {
            if (placed[i] || indeg[i] != 0) continue;
            placed[i] = 1;
            order[done++] = i;
            for (j = 0; j < n; j++)
                if (dep[(size_t)i * n + j]) indeg[j]--;
            progress = vx_true_e;
        }
        if (!progress) {
            for (i = 0; i < n && placed[i]; i++) {
            }
            ovx_log((vx_reference)g, VX_ERROR_INVALID_GRAPH,
                    "vxVerifyGraph: the graph has a cycle (through node %u, %s); only delays may close a loop", i,
                    g->nodes[i]->kernel->name);
            s = VX_ERROR_INVALID_GRAPH;
            goto out;
        }
    }
    /* waves: the depth of each node in the dependency relation; the order
     * is regrouped by wave (stable), so a wave's nodes can run together */
    {
        vx_uint32 *depth = calloc(n, sizeof(vx_uint32)), *sorted = malloc(n * sizeof(vx_uint32)),
                  *wave = malloc(n * sizeof(vx_uint32));
        vx_uint32 k, w, maxw = 0, pos = 0;
        if (!depth || !sorted || !wave) {
            free(depth);
            free(sorted);
            free(wave);
            s = VX_ERROR_NO_MEMORY;
            goto out;
        }
        for (k = 0; k < n; k++) {
            j = order[k];
            for (i = 0; i < n; i++)
                if (dep[(size_t)i * n + j] && depth[i] + 1 > depth[j]) depth[j] = depth[i] + 1;
            if (depth[j] > maxw) maxw = depth[j];
        }
        for (w = 0; w <= maxw; w++)
            for (k = 0; k < n; k++)
                if (depth[order[k]] == w) {
                    sorted[pos] = order[k];
                    wave[pos++] = w;
                }
        free(depth);
        free(order);
        order = sorted;
        free(g->wave);
        g->wave = wave;
    }
    free(g->order);
    g->order = order;
    order = NULL;
out:
    free(indeg);
    free(dep);
    free(placed);
    free(order);
    return s;
}

/* The meta format type of a parameter: the kernel's type, or the object's
 * when the kernel takes any reference. */
static vx_enum meta_type(vx_node n, vx_uint32 i)
{
    vx_enum t = n->kernel->params[i].type;
    if (t == VX_TYPE_REFERENCE || (n->params[i] && t != n->params[i]->type)) t = n->params[i]->type;
    return t;
}

static vx_status run_validator(vx_graph g, vx_node n)
{
    vx_kernel k = n->kernel;
    vx_meta_format metas[OVX_MAX_KERNEL_PARAMS];
    vx_uint32 i;
    vx_status s = VX_SUCCESS;
    char why[VX_MAX_LOG_MESSAGE_LEN];
    memset(metas, 0, sizeof(metas));
    for (i = 0; i < k->num_params; i++) {
        if (!n->params[i] || k->params[i].direction != VX_OUTPUT) continue;
        metas[i] = ovx_meta_create(g->base.context, meta_type(n, i));
        if (!metas[i]) {
            s = VX_ERROR_NO_MEMORY;
            goto out;
        }
    }
    if (k->validate) {
        s = k->validate(n, (const vx_reference *)n->params, k->num_params, metas);
    } else if (k->input_validate || k->output_validate) {
        for (i = 0; i < k->num_params && s == VX_SUCCESS; i++) {
            if (!n->params[i]) continue;
            if (k->params[i].direction == VX_OUTPUT) {
                if (k->output_validate) s = k->output_validate(n, i, metas[i]);
            } else if (k->input_validate) {
                s = k->input_validate(n, i);
            }
        }
    }
    if (s != VX_SUCCESS) {
        ovx_log((vx_reference)g, s, "vxVerifyGraph: node %u (%s): the kernel's validator refused its parameters (%d)",
                n->index, k->name, s);
        if (s > 0) s = VX_FAILURE;
        goto out;
    }
    for (i = 0; i < k->num_params; i++) {
        vx_reference r = n->params[i];
        if (!metas[i]) continue;
        why[0] = 0;
        s = r->is_virtual || (r->type == VX_TYPE_IMAGE && ((vx_image)r)->root->base.is_virtual)
                ? ovx_meta_apply(metas[i], r, why, sizeof(why))
                : ovx_meta_check(metas[i], r, why, sizeof(why));
        if (s != VX_SUCCESS) {
            ovx_log((vx_reference)g, s, "vxVerifyGraph: node %u (%s), parameter %u: %s", n->index, k->name, i, why);
            goto out;
        }
        if (r->type == VX_TYPE_IMAGE || r->type == VX_TYPE_PYRAMID) {
            n->valid_rect_cb[i] = ovx_meta_valid_rect_callback(metas[i]);
            if (n->valid_rect_cb[i]) n->valid_rect_reset = vx_false_e;
        }
    }
    /* the compute variant, chosen once here (after the metas gave virtual
     * images their formats), never per row or pixel */
    n->variant = k->desc ? ovx_kernel_select(k->enumeration, n, (const vx_reference *)n->params) : NULL;
    if (ovx_log_variants())
        ovx_log_info((vx_reference)n, "vxVerifyGraph: node %u (%s) runs the %s variant (SIMD level %s)", n->index,
                     k->name, n->variant ? n->variant->name : "scalar", ovx_simd_level_name());
out:
    for (i = 0; i < OVX_MAX_KERNEL_PARAMS; i++)
        if (metas[i]) ovx_ref_destroy((vx_reference)metas[i]);
    return s;
}

/* A node reading what it writes is a cycle of one node (checked after the
 * validators, whose errors say more). */
static vx_status check_self_loop(vx_graph g, vx_node n)
{
    vx_uint32 i, j;
    for (i = 0; i < n->kernel->num_params; i++) {
        if (!n->params[i] || n->kernel->params[i].direction != VX_INPUT) continue;
        for (j = 0; j < n->kernel->num_params; j++) {
            if (n->params[j] && n->kernel->params[j].direction == VX_OUTPUT && overlaps(n->params[i], n->params[j])) {
                ovx_log((vx_reference)g, VX_ERROR_INVALID_GRAPH,
                        "vxVerifyGraph: node %u (%s) reads (parameter %u) what it writes (parameter %u): a cycle "
                        "not broken by a delay",
                        n->index, n->kernel->name, i, j);
                return VX_ERROR_INVALID_GRAPH;
            }
        }
    }
    return VX_SUCCESS;
}

/* Is r written by some node of g? */
static vx_bool has_writer(vx_graph g, vx_reference r)
{
    vx_uint32 a, i;
    for (a = 0; a < g->num_nodes; a++) {
        vx_node w = g->nodes[a];
        for (i = 0; i < w->kernel->num_params; i++)
            if (w->params[i] && writes(w->kernel->params[i].direction) && overlaps(w->params[i], r)) return vx_true_e;
    }
    return vx_false_e;
}

/* Every virtual object a node reads has a writer in the graph (Graph
 * Formalisms: virtual data must have a source) and is known by now. */
static vx_status check_inputs_known(vx_graph g, vx_node n)
{
    vx_uint32 i;
    for (i = 0; i < n->kernel->num_params; i++) {
        vx_reference r = n->params[i];
        if (!r || n->kernel->params[i].direction == VX_OUTPUT) continue;
        if (r->is_virtual && !has_writer(g, r)) {
            ovx_log((vx_reference)g, VX_ERROR_INVALID_GRAPH,
                    "vxVerifyGraph: node %u (%s), parameter %u: a virtual %s that no node of the graph writes",
                    n->index, n->kernel->name, i, ovx_type_name(r->type));
            return VX_ERROR_INVALID_GRAPH;
        }
        if (r->type == VX_TYPE_IMAGE) {
            vx_image img = (vx_image)r;
            if (img->format == VX_DF_IMAGE_VIRT || img->width == 0 || img->height == 0) {
                ovx_log((vx_reference)g, VX_ERROR_INVALID_FORMAT,
                        "vxVerifyGraph: node %u (%s), parameter %u: a virtual image nobody writes has no format/size",
                        n->index, n->kernel->name, i);
                return VX_ERROR_INVALID_FORMAT;
            }
        }
    }
    return VX_SUCCESS;
}

static void deinit_nodes(vx_graph g)
{
    vx_uint32 i;
    for (i = 0; i < g->num_nodes; i++) ovx_node_deinit(g->nodes[i]);
}

static vx_status init_nodes(vx_graph g)
{
    vx_uint32 i;
    for (i = 0; i < g->num_nodes; i++) {
        vx_node n = g->nodes[g->order[i]];
        vx_status s;
        n->fastest_ns = 0; /* images may have changed size */
        if (n->kernel->local_data_size > 0 && n->local_data_ptr == NULL) {
            n->local_data_ptr = calloc(1, n->kernel->local_data_size);
            if (!n->local_data_ptr) return VX_ERROR_NO_MEMORY;
            n->local_data_size = n->kernel->local_data_size;
            n->local_data_ours = vx_true_e;
        }
        if (n->kernel->initialize) {
            n->in_callback = vx_true_e;
            s = n->kernel->initialize(n, (const vx_reference *)n->params, n->kernel->num_params);
            n->in_callback = vx_false_e;
            if (s != VX_SUCCESS) {
                ovx_log((vx_reference)g, s, "vxVerifyGraph: node %u (%s): the kernel's initialize failed (%d)",
                        n->index, n->kernel->name, s);
                return s;
            }
        }
        /* local data the initialize callback asked for without a pointer */
        if (n->local_data_size > 0 && n->local_data_ptr == NULL) {
            n->local_data_ptr = calloc(1, n->local_data_size);
            if (!n->local_data_ptr) return VX_ERROR_NO_MEMORY;
            n->local_data_ours = vx_true_e;
        }
        n->initialized = vx_true_e;
    }
    return VX_SUCCESS;
}

vx_status ovx_graph_verify(vx_graph g)
{
    vx_uint32 i;
    vx_status s;
    ovx_graph_state_lock(g);
    g->verified = vx_false_e;
    g->state = VX_GRAPH_STATE_UNVERIFIED;
    ovx_graph_state_unlock(g);
    deinit_nodes(g);
    ovx_fuse_release(g); /* a plan of the graph as it was: built again below */
    if (g->num_nodes == 0) {
        ovx_log((vx_reference)g, VX_ERROR_INVALID_GRAPH, "vxVerifyGraph: the graph has no nodes");
        return VX_ERROR_INVALID_GRAPH;
    }
    for (i = 0; i < g->num_nodes; i++) {
        vx_node n = g->nodes[i];
        n->index = i;
        ovx_node_follow_delays(n);
        if ((s = check_params(g, n)) != VX_SUCCESS) return s;
    }
    if ((s = check_writers(g)) != VX_SUCCESS) return s;
    if ((s = order_nodes(g)) != VX_SUCCESS) return s;
    for (i = 0; i < g->num_nodes; i++) { /* virtual outputs: deduced again from this verification's inputs */
        vx_node n = g->nodes[i];
        vx_uint32 p;
        for (p = 0; p < n->kernel->num_params; p++)
            if (n->params[p] && n->kernel->params[p].direction == VX_OUTPUT) ovx_virtual_forget(n->params[p]);
    }
    for (i = 0; i < g->num_nodes; i++) {
        vx_node n = g->nodes[g->order[i]];
        if ((s = check_inputs_known(g, n)) != VX_SUCCESS) return s;
        if ((s = run_validator(g, n)) != VX_SUCCESS) return s;
        if (n->kernel->tiling && (s = ovx_tiling_verify(n)) != VX_SUCCESS) return s;
    }
    for (i = 0; i < g->num_nodes; i++)
        if ((s = check_self_loop(g, g->nodes[i])) != VX_SUCCESS) return s;
    if ((s = ovx_fuse_build(g)) != VX_SUCCESS) {
        ovx_log((vx_reference)g, s, "vxVerifyGraph: no memory for the fusion plan");
        return s;
    }
    if ((s = ovx_memplan_build(g)) != VX_SUCCESS) {
        ovx_log((vx_reference)g, s, "vxVerifyGraph: no memory for the graph's virtual images");
        return s;
    }
    /* every object's memory now, not on the first run */
    for (i = 0; i < g->num_nodes; i++)
        if ((s = ovx_node_prepare_memory(g->nodes[i], g->nodes[i]->params, ovx_fuse_group_of(g, i) != NULL)) !=
            VX_SUCCESS)
            return s;
    if ((s = init_nodes(g)) != VX_SUCCESS || (s = ovx_pipe_verified(g)) != VX_SUCCESS) {
        deinit_nodes(g);
        return s;
    }
    ovx_graph_state_lock(g);
    g->verified = vx_true_e;
    g->reverify = vx_false_e;
    g->state = VX_GRAPH_STATE_VERIFIED;
    ovx_graph_state_unlock(g);
    return VX_SUCCESS;
}
