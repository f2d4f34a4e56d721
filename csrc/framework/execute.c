/*
 * Graph execution (spec "Graph Concepts" execution rules, "Callbacks",
 * "Valid Image Region", VX_NODE_PERFORMANCE / VX_GRAPH_PERFORMANCE, delay
 * auto-aging).
 *
 * The plan made by verify.c lists the nodes in a topological order.  Each
 * node runs either its whole-node function, or, for built-in kernels with a
 * window routine, as row bands of its split image run on the thread pool
 * (runtime/threadpool.c).  A replicated node runs once per item of its
 * replicated containers.
 */
#include "graph.h"
#include "../objects/array.h"
#include "../objects/image.h"
#include "../objects/object_array.h"
#include "../objects/pyramid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static vx_uint64 now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (vx_uint64)ts.tv_sec * 1000000000u + (vx_uint64)ts.tv_nsec;
}

static void perf_add(vx_perf_t *p, vx_uint64 beg, vx_uint64 end)
{
    vx_uint64 d = end - beg;
    p->beg = beg;
    p->end = end;
    p->tmp = d;
    p->sum += d;
    p->num++;
    p->avg = p->sum / p->num;
    if (p->num == 1 || d < p->min) p->min = d;
    if (d > p->max) p->max = d;
}

/* Memory for every image and virtual array a node touches (for a fused node,
 * not its fused-away images: runtime/fuse.c). */
vx_status ovx_node_prepare_memory(vx_node n, vx_reference *params, vx_bool fused)
{
    vx_uint32 i;
    for (i = 0; i < n->kernel->num_params; i++) {
        vx_reference r = params[i];
        vx_status s = VX_SUCCESS;
        if (!r) continue;
        if (r->type == VX_TYPE_IMAGE) {
            if (fused && n->graph && ovx_fuse_image(n->graph, ((vx_image)r)->root)) continue;
            s = ovx_image_alloc((vx_image)r);
        } else if (r->type == VX_TYPE_ARRAY) {
            vx_array a = (vx_array)r;
            if (a->item_type != 0 && a->capacity != 0) s = ovx_array_alloc(a);
        } else if (r->type == VX_TYPE_PYRAMID) {
            vx_pyramid p = (vx_pyramid)r;
            vx_size l;
            for (l = 0; l < p->levels && s == VX_SUCCESS; l++)
                if (p->images && p->images[l]) s = ovx_image_alloc(p->images[l]);
        }
        if (s != VX_SUCCESS) {
            ovx_log((vx_reference)n, s, "%s, parameter %u: no memory for the object", n->kernel->name, i);
            return s;
        }
    }
    return VX_SUCCESS;
}

typedef struct {
    vx_node node;
    const vx_reference *params;
    ovx_window_f fn;
    vx_uint32 width, height, bands;
    vx_uint32 start[OVX_GUIDED_MAX_BANDS + 1]; /* band b: rows [start[b], start[b + 1]) */
    vx_status status;
    pthread_mutex_t lock;
} band_job;

static void band_task(void *arg, vx_uint32 index)
{
    band_job *j = arg;
    ovx_window w;
    vx_status s;
    w.x0 = 0;
    w.x1 = j->width;
    w.y0 = j->start[index];
    w.y1 = j->start[index + 1];
    if (w.y0 == w.y1) return;
    s = j->fn(j->node, j->params, j->node->kernel->num_params, &w);
    if (s != VX_SUCCESS) {
        pthread_mutex_lock(&j->lock);
        if (j->status == VX_SUCCESS) j->status = s;
        pthread_mutex_unlock(&j->lock);
    }
}

/* Threads a node may use: the pool, or fewer if the context says so (an
 * atomic word, as vxSetContextAttribute and vxDirective write it: each
 * group of every frame reads it, and under the context's lock, which is
 * everybody's, lanes of the Python bench's stream slept on it a third of
 * their frames). */
static __thread vx_uint32 lane_cap; /* ovx_lane_threads */

void ovx_lane_threads(vx_uint32 cap)
{
    lane_cap = cap;
}

vx_uint32 ovx_node_threads(vx_node n)
{
    vx_uint32 pool = ovx_pool_threads(), want = __atomic_load_n(&n->base.context->threads, __ATOMIC_RELAXED);
    if (want == 0 || want > pool) want = pool;
    return lane_cap && lane_cap < want ? lane_cap : want;
}

typedef struct {
    ovx_rows_f fn;
    void *arg;
    vx_uint32 start[OVX_GUIDED_MAX_BANDS + 1];
} rows_job;

static void rows_task(void *arg, vx_uint32 index)
{
    rows_job *j = arg;
    j->fn(j->arg, j->start[index], j->start[index + 1]);
}

void ovx_node_guided_rows(vx_node n, vx_uint32 y0, vx_uint32 y1, vx_uint32 min_rows, vx_bool big, ovx_rows_f fn,
                          void *arg)
{
    rows_job j;
    vx_uint32 bands;
    if (y1 <= y0) return;
    j.fn = fn, j.arg = arg;
    bands = ovx_guided_bands(y0, y1, big ? ovx_node_threads(n) : 1, min_rows, j.start);
    if (bands <= 1) {
        fn(arg, y0, y1);
        return;
    }
    ovx_parallel_for(bands, rows_task, &j);
}

void ovx_node_parallel_rows(vx_node n, vx_uint32 y0, vx_uint32 y1, vx_uint64 cost, ovx_rows_f fn, void *arg)
{
    vx_uint32 rows = y1 > y0 ? y1 - y0 : 0;
    if (rows == 0) return;
    /* guided bands of at least ~16K pixel-equivalents */
    ovx_node_guided_rows(n, y0, y1, (vx_uint32)(((vx_uint64)16384 * rows + cost - 1) / (cost ? cost : 1)),
                         cost >= 32768 ? vx_true_e : vx_false_e, fn, arg);
}

static vx_status run_windows(vx_node n, const vx_reference *params)
{
    const ovx_kernel_desc *d = n->kernel->desc;
    vx_reference split = d->split_param < n->kernel->num_params ? params[d->split_param] : NULL;
    band_job j;
    vx_uint32 threads = ovx_node_threads(n);
    vx_uint64 pixels;
    if (!split || split->type != VX_TYPE_IMAGE) {
        ovx_log((vx_reference)n, VX_FAILURE, "%s: the split parameter %u is not an image", n->kernel->name,
                d->split_param);
        return VX_FAILURE;
    }
    j.node = n;
    j.params = params;
    j.fn = d->window;
    j.width = ((vx_image)split)->width;
    j.height = ((vx_image)split)->height;
    j.status = VX_SUCCESS;
    pixels = (vx_uint64)j.width * j.height;
    /* guided bands (ovx_guided_bands) of at least ~16K pixels */
    j.bands = threads <= 1 || pixels < 32768 || j.height < 2 ? 1 : threads;
    /* a node whose fastest run took under 20 us (a 1080p U1 image, a small
     * pixelwise one) gains nothing from a second thread and waits for it
     * when its core is busy elsewhere: one band (the result is the same) */
    if (j.bands > 1 && n->graph) {
        vx_uint64 fastest;
        ovx_graph_state_lock(n->graph);
        fastest = n->fastest_ns;
        ovx_graph_state_unlock(n->graph);
        if (fastest && fastest < 20000) j.bands = 1;
    }
    if (j.bands > 1)
        j.bands = ovx_guided_bands(0, j.height, j.bands, (vx_uint32)((16384 + j.width - 1) / j.width), j.start);
    if (j.bands == 1) {
        ovx_window w = {0, 0, j.width, j.height};
        return j.fn(n, params, n->kernel->num_params, &w);
    }
    pthread_mutex_init(&j.lock, NULL);
    ovx_parallel_for(j.bands, band_task, &j);
    pthread_mutex_destroy(&j.lock);
    return j.status;
}

static vx_status run_once(vx_node n, vx_reference *params)
{
    vx_status s = ovx_node_prepare_memory(n, params, vx_false_e);
    if (s != VX_SUCCESS) return s;
    if (n->kernel->desc && n->kernel->desc->window) return run_windows(n, params);
    if (n->kernel->tiling) return ovx_tiling_run(n, params, ovx_node_threads(n));
    if (!n->kernel->function) {
        ovx_log((vx_reference)n, VX_ERROR_NOT_IMPLEMENTED, "%s: the kernel has no function", n->kernel->name);
        return VX_ERROR_NOT_IMPLEMENTED;
    }
    return n->kernel->function(n, (const vx_reference *)params, n->kernel->num_params);
}

static vx_size replica_count(vx_node n)
{
    vx_uint32 i;
    for (i = 0; i < n->kernel->num_params; i++) {
        vx_reference c;
        if (!n->replicate[i] || !n->params[i]) continue;
        c = n->params[i]->parent;
        if (c && c->type == VX_TYPE_OBJECT_ARRAY) return ((vx_object_array)c)->num_items;
        if (c && c->type == VX_TYPE_PYRAMID) return ((vx_pyramid)c)->levels;
    }
    return 1;
}

/* ---- valid rectangles ----------------------------------------------------- */
static void full_rect(vx_image img, vx_rectangle_t *r)
{
    r->start_x = 0;
    r->start_y = 0;
    r->end_x = img->width;
    r->end_y = img->height;
}

/* The log entry of a callback's rectangle not inside its image (level: of a
 * pyramid output, or -1 for an image output). */
static void callback_rect_refused(vx_node n, vx_uint32 i, vx_size level, const vx_rectangle_t *r, vx_image img)
{
    char lv[40] = "";
    if (level != (vx_size)-1) snprintf(lv, sizeof(lv), " for level %zu", (size_t)level);
    ovx_log((vx_reference)n, VX_ERROR_INVALID_PARAMETERS,
            "%s: the valid-rectangle callback of parameter %u gave (%u,%u)-(%u,%u)%s, not inside the %ux%u image: "
            "the whole image is valid instead",
            n->kernel->name, i, r->start_x, r->start_y, r->end_x, r->end_y, lv, img->width, img->height);
}

/* A user node's pyramid output (REQ-1865 to REQ-1867): the callback's
 * rectangle for each level (an array of one per level), or, with no callback
 * (or one that fails), every level whole. */
static void update_valid_pyramid(vx_node n, vx_uint32 i, vx_pyramid pyr, const vx_rectangle_t *const in_ptr[])
{
    vx_rectangle_t rect[OVX_MAX_PYRAMID_LEVELS];
    vx_rectangle_t *outs[OVX_MAX_PYRAMID_LEVELS];
    vx_size l, levels = pyr->levels;
    if (levels == 0 || levels > OVX_MAX_PYRAMID_LEVELS) return;
    for (l = 0; l < levels; l++) {
        full_rect(pyr->images[l], &rect[l]);
        outs[l] = &rect[l];
    }
    if (n->valid_rect_cb[i] && n->valid_rect_cb[i](n, i, in_ptr, outs) != VX_SUCCESS)
        for (l = 0; l < levels; l++) full_rect(pyr->images[l], &rect[l]);
    for (l = 0; l < levels; l++) {
        vx_image img = pyr->images[l];
        if (!ovx_image_rect_fits(img, &rect[l])) {
            callback_rect_refused(n, i, l, &rect[l], img);
            full_rect(img, &rect[l]);
        }
        ovx_image_set_valid(img, &rect[l]);
    }
}

static void update_valid(vx_node n, vx_reference *params)
{
    vx_uint32 i, num = n->kernel->num_params;
    const ovx_kernel_desc *d = n->kernel->desc;
    vx_rectangle_t in_rect[OVX_MAX_KERNEL_PARAMS];
    const vx_rectangle_t *in_ptr[OVX_MAX_KERNEL_PARAMS];
    vx_image first_in = NULL;
    vx_rectangle_t meet;
    vx_bool have_meet = vx_false_e;
    memset(in_ptr, 0, sizeof(in_ptr));
    for (i = 0; i < num; i++) {
        vx_image img;
        if (!params[i] || params[i]->type != VX_TYPE_IMAGE || n->kernel->params[i].direction == VX_OUTPUT) continue;
        img = (vx_image)params[i];
        ovx_image_get_valid(img, &in_rect[i]);
        in_ptr[i] = &in_rect[i];
        if (!first_in) first_in = img;
        if (img->width != first_in->width || img->height != first_in->height) continue;
        if (!have_meet) {
            meet = in_rect[i];
            have_meet = vx_true_e;
        } else {
            if (in_rect[i].start_x > meet.start_x) meet.start_x = in_rect[i].start_x;
            if (in_rect[i].start_y > meet.start_y) meet.start_y = in_rect[i].start_y;
            if (in_rect[i].end_x < meet.end_x) meet.end_x = in_rect[i].end_x;
            if (in_rect[i].end_y < meet.end_y) meet.end_y = in_rect[i].end_y;
        }
    }
    for (i = 0; i < num; i++) {
        vx_image out;
        vx_rectangle_t r;
        if (!params[i] || n->kernel->params[i].direction == VX_INPUT) continue;
        if (params[i]->type == VX_TYPE_PYRAMID && !d && !n->kernel->tiling) {
            update_valid_pyramid(n, i, (vx_pyramid)params[i], in_ptr);
            continue;
        }
        if (params[i]->type != VX_TYPE_IMAGE) continue;
        out = (vx_image)params[i];
        full_rect(out, &r);
        if (n->kernel->tiling) {
            ovx_tiling_region(n, out->width, out->height, &r);
        } else if (n->valid_rect_cb[i]) {
            vx_rectangle_t *outs[1];
            outs[0] = &r;
            if (n->valid_rect_cb[i](n, i, in_ptr, outs) != VX_SUCCESS) {
                full_rect(out, &r);
            } else if (!ovx_image_rect_fits(out, &r)) {
                callback_rect_refused(n, i, (vx_size)-1, &r, out);
                full_rect(out, &r);
            }
        } else if (n->valid_rect_reset || !d || d->valid_rule == OVX_VALID_FULL) {
            /* full */
        } else if (d->valid_rule == OVX_VALID_KERNEL) {
            continue;
        } else if (have_meet && first_in && out->width == first_in->width && out->height == first_in->height) {
            vx_uint32 sh = n->border.mode == VX_BORDER_UNDEFINED ? d->valid_shrink : 0;
            r = meet;
            r.start_x += sh;
            r.start_y += sh;
            r.end_x = r.end_x >= sh ? r.end_x - sh : 0;
            r.end_y = r.end_y >= sh ? r.end_y - sh : 0;
            if (r.end_x < r.start_x) r.end_x = r.start_x;
            if (r.end_y < r.start_y) r.end_y = r.start_y;
        }
        ovx_image_set_valid(out, &r);
    }
}

/* Set the virtual objects among params accessible to a running node, or not;
 * skip_fused: leave fused-away images alone (no memory, and two frames of a
 * pipelined graph may run their group at once). */
static void set_accessible_in(vx_node n, vx_reference *params, vx_bool skip_fused, vx_bool on)
{
    vx_uint32 i;
    for (i = 0; i < n->kernel->num_params; i++) {
        vx_reference r = params[i];
        if (!r || !r->is_virtual) continue;
        if (skip_fused && r->type == VX_TYPE_IMAGE && n->graph && ovx_fuse_image(n->graph, ((vx_image)r)->root))
            continue;
        ovx_set_accessible(r, on);
    }
}

static void set_accessible_all(vx_node n, vx_bool on)
{
    set_accessible_in(n, n->params, vx_false_e, on);
}

static vx_status node_done(vx_graph g, vx_node n, vx_status s)
{
    if (s != VX_SUCCESS) {
        ovx_log((vx_reference)g, s, "vxProcessGraph: node %u (%s) failed (%d)", n->index, n->kernel->name, s);
        return s;
    }
    vx_nodecomplete_f cb = ovx_node_callback(n);
    if (cb && cb(n) == VX_ACTION_ABANDON) {
        ovx_log((vx_reference)g, VX_ERROR_GRAPH_ABANDONED,
                "vxProcessGraph: node %u (%s): its callback abandoned the graph", n->index, n->kernel->name);
        return VX_ERROR_GRAPH_ABANDONED;
    }
    return VX_SUCCESS;
}

/* A fused group (runtime/fuse.c) as one unit: every member's bookkeeping as
 * run_node does it, the group's time split over the members by their share of
 * the rows computed.  params: each member's parameters for this run (a frame
 * of a pipelined graph), or NULL for the nodes' own.  Two frames may run a
 * group at once: the valid rectangles (the fused images' are shared) are
 * worked out under the graph's state lock. */
static vx_status run_group(vx_graph g, ovx_fuse_group *G, ovx_param_row *params)
{
    const vx_uint32 *members;
    vx_uint32 num = ovx_fuse_members(G, &members), m;
    vx_uint64 t0, t1, at;
    vx_status s = VX_SUCCESS;
    vx_bool whole = vx_false_e;
    for (m = 0; m < num; m++) {
        vx_node n = g->nodes[members[m]];
        vx_reference *pm = params ? params[m] : n->params;
        if (s == VX_SUCCESS) s = ovx_node_prepare_memory(n, pm, vx_true_e);
        set_accessible_in(n, pm, vx_true_e, vx_true_e);
        if (n->state != VX_NODE_STATE_STEADY) {
            ovx_graph_state_lock(g);
            n->state = VX_NODE_STATE_STEADY;
            ovx_graph_state_unlock(g);
        }
    }
    t0 = now_ns();
    if (s == VX_SUCCESS) s = ovx_fuse_run(g, G, params, &whole);
    t1 = now_ns();
    at = t0;
    ovx_graph_state_lock(g);
    for (m = 0; m < num; m++) {
        vx_node n = g->nodes[members[m]];
        vx_uint64 d = ovx_fuse_share(G, m, t1 - t0, whole);
        if (s == VX_SUCCESS) update_valid(n, params ? params[m] : n->params);
        perf_add(&n->perf, at, at + d);
        n->status = s;
        n->executed = vx_true_e;
        at += d;
    }
    ovx_graph_state_unlock(g);
    for (m = 0; m < num; m++) {
        vx_node n = g->nodes[members[m]];
        set_accessible_in(n, params ? params[m] : n->params, vx_true_e, vx_false_e);
        ovx_event_node(n, s);
    }
    return s;
}

/* After a group ran: its members' callbacks (node_done), or the log of its
 * failure. */
static vx_status group_done(vx_graph g, ovx_fuse_group *G, vx_status s)
{
    const vx_uint32 *members;
    vx_uint32 num = ovx_fuse_members(G, &members), m;
    if (s != VX_SUCCESS) {
        ovx_log((vx_reference)g, s, "vxProcessGraph: fused node %u (%s) failed (%d)", members[0],
                g->nodes[members[0]]->kernel->name, s);
        return s;
    }
    for (m = 0; m < num && s == VX_SUCCESS; m++) s = node_done(g, g->nodes[members[m]], VX_SUCCESS);
    return s;
}

/* May the group run fused now?  (Callbacks may have come after verify: then
 * its members run one by one, their images allocated on the way.) */
static vx_bool group_ready(vx_graph g, ovx_fuse_group *G)
{
    const vx_uint32 *members;
    vx_uint32 num = ovx_fuse_members(G, &members), m;
    for (m = 0; m < num; m++)
        if (ovx_node_callback(g->nodes[members[m]])) return vx_false_e;
    return vx_true_e;
}

static vx_status run_node(vx_node n)
{
    vx_reference params[OVX_MAX_KERNEL_PARAMS];
    vx_size count = n->replicated ? replica_count(n) : 1, k;
    vx_status s = VX_SUCCESS;
    vx_uint64 t0 = now_ns();
    vx_uint32 i;
    /* vx_khr_pipelining PIPEUP: a source kernel (VX_KERNEL_PIPEUP_OUTPUT_DEPTH
     * d > 1) is called d - 1 times with the same parameters before its first
     * steady call, whose outputs alone go downstream; a sink
     * (VX_KERNEL_PIPEUP_INPUT_DEPTH d > 1) runs its first d - 1 frames in the
     * PIPEUP state */
    if (n->pipeup_out_left || n->pipeup_in_left) {
        ovx_graph_state_lock(n->graph);
        n->state = VX_NODE_STATE_PIPEUP;
        ovx_graph_state_unlock(n->graph);
        for (k = 0; n->pipeup_out_left && s == VX_SUCCESS; n->pipeup_out_left--, k++) {
            vx_uint32 np = n->kernel->num_params;
            for (i = 0; i < OVX_MAX_KERNEL_PARAMS; i++) {
                params[i] = n->params[i];
                if (i < np && (k + 1) * np <= n->num_pipeup_outs && n->pipeup_outs[k * np + i])
                    params[i] = n->pipeup_outs[k * np + i]; /* a different output set per call */
            }
            s = run_once(n, params);
        }
        if (n->pipeup_in_left) n->pipeup_in_left--;
        else {
            ovx_graph_state_lock(n->graph);
            n->state = VX_NODE_STATE_STEADY;
            ovx_graph_state_unlock(n->graph);
        }
    } else if (n->state != VX_NODE_STATE_STEADY) {
        ovx_graph_state_lock(n->graph);
        n->state = VX_NODE_STATE_STEADY;
        ovx_graph_state_unlock(n->graph);
    }
    for (k = 0; k < count && s == VX_SUCCESS; k++) {
        for (i = 0; i < OVX_MAX_KERNEL_PARAMS; i++) {
            params[i] = n->params[i];
            if (n->replicated && n->replicate[i] && params[i])
                params[i] = ovx_container_item(n->params[i]->parent, (vx_int32)k);
        }
        s = run_once(n, params);
        if (s == VX_SUCCESS) update_valid(n, params);
    }
    ovx_graph_state_lock(n->graph);
    perf_add(&n->perf, t0, now_ns());
    if (s == VX_SUCCESS && (n->fastest_ns == 0 || n->perf.tmp < n->fastest_ns)) n->fastest_ns = n->perf.tmp ? n->perf.tmp : 1;
    n->status = s;
    n->executed = vx_true_e;
    ovx_graph_state_unlock(n->graph);
    ovx_event_node(n, s);
    return s;
}

/* The nodes of one wave run together on the pool when they are all
 * built-in kernels (whose compute touches no shared bookkeeping) without
 * callbacks (so callbacks keep the graph's order) and the context allows
 * more than one thread. */
typedef struct {
    vx_graph graph;
    vx_uint32 first;
    vx_status status[]; /* one per node of the wave */
} wave_job;

static void wave_task(void *arg, vx_uint32 index)
{
    wave_job *w = arg;
    w->status[index] = run_node(w->graph->nodes[w->graph->order[w->first + index]]);
}

static vx_bool wave_parallel(vx_graph g, vx_uint32 first, vx_uint32 end)
{
    vx_uint32 i;
    if (end - first < 2 || ovx_node_threads(g->nodes[g->order[first]]) < 2) return vx_false_e;
    for (i = first; i < end; i++) {
        vx_node n = g->nodes[g->order[i]];
        if (!n->kernel->desc || ovx_node_callback(n)) return vx_false_e;
    }
    return vx_true_e;
}

static vx_status run_wave(vx_graph g, vx_uint32 first, vx_uint32 end)
{
    vx_uint32 i;
    vx_status s = VX_SUCCESS;
    if (g->fuse) {
        /* fused groups run at their first member's wave, the rest of the wave
         * one node after another (each group and node uses the whole pool) */
        vx_bool any = vx_false_e;
        for (i = first; i < end && !any; i++)
            if (ovx_fuse_group_of(g, g->order[i])) any = vx_true_e;
        if (any) {
            for (i = first; i < end && s == VX_SUCCESS; i++) {
                vx_node n = g->nodes[g->order[i]];
                ovx_fuse_group *G = ovx_fuse_group_of(g, g->order[i]);
                const vx_uint32 *members;
                if (!G || !group_ready(g, G)) {
                    set_accessible_all(n, vx_true_e);
                    s = node_done(g, n, run_node(n));
                    set_accessible_all(n, vx_false_e);
                    continue;
                }
                (void)ovx_fuse_members(G, &members);
                if (members[0] != g->order[i]) continue; /* ran with its group */
                s = group_done(g, G, run_group(g, G, NULL));
            }
            return s;
        }
    }
    for (i = first; i < end; i++) set_accessible_all(g->nodes[g->order[i]], vx_true_e);
    if (wave_parallel(g, first, end)) {
        wave_job *w = malloc(sizeof(wave_job) + (end - first) * sizeof(vx_status));
        if (w) {
            w->graph = g;
            w->first = first;
            ovx_parallel_for(end - first, wave_task, w);
            for (i = first; i < end && s == VX_SUCCESS; i++)
                s = node_done(g, g->nodes[g->order[i]], w->status[i - first]);
            free(w);
            goto done;
        }
    }
    for (i = first; i < end && s == VX_SUCCESS; i++) {
        vx_node n = g->nodes[g->order[i]];
        s = node_done(g, n, run_node(n));
    }
done:
    for (i = first; i < end; i++) set_accessible_all(g->nodes[g->order[i]], vx_false_e);
    return s;
}

vx_status ovx_frame_node_run(vx_graph g, vx_node n)
{
    vx_status s;
    set_accessible_all(n, vx_true_e);
    s = node_done(g, n, run_node(n));
    set_accessible_all(n, vx_false_e);
    return s;
}

/* Node n of a pipelined frame between its hooks (run unless s, the frame's
 * status so far, is a failure), or all of that by the run hook: the frame's
 * status after it. */
static vx_status hooked_node(vx_graph g, const ovx_frame_hooks *hooks, vx_node n, vx_status s)
{
    if (s == VX_SUCCESS && hooks->run && hooks->run(hooks->arg, n, &s)) return s;
    hooks->before(hooks->arg, n);
    if (s == VX_SUCCESS) s = ovx_frame_node_run(g, n);
    hooks->after(hooks->arg, n);
    return s;
}

/* One execution of the graph: every node in the plan's order (waves run on
 * the pool), delays aged.  With hooks (a frame of a pipelined graph,
 * pipeline.c): nodes one after another, hooks->before / ->after around each
 * (after also for the nodes a failure skips), no events (the caller sends
 * them once the frame's references are done). */
vx_status ovx_graph_execute_frame(vx_graph g, const ovx_frame_hooks *hooks)
{
    vx_uint32 i, end;
    vx_status s = VX_SUCCESS;
    vx_uint64 t0 = now_ns();
    ovx_graph_state_lock(g);
    if (!hooks) g->frames_running++; /* a pipelined frame's caller counted it */
    g->running = vx_true_e;
    g->state = VX_GRAPH_STATE_RUNNING;
    if (!hooks)
        for (i = 0; i < g->num_nodes; i++) g->nodes[i]->executed = vx_false_e;
    ovx_graph_state_unlock(g);
    if (!hooks || hooks->serial)
        for (i = 0; i < g->num_nodes; i++) ovx_node_follow_delays(g->nodes[i]);
    if (hooks) {
        for (i = 0; i < g->num_nodes; i++) {
            vx_node n = g->nodes[g->order[i]];
            ovx_fuse_group *G = g->fuse ? ovx_fuse_group_of(g, g->order[i]) : NULL;
            if (G) {
                /* a fused group as one unit of the frame, at its first member */
                const vx_uint32 *members;
                vx_uint32 num = ovx_fuse_members(G, &members), m;
                ovx_param_row *rows;
                if (members[0] != g->order[i]) continue; /* ran with its group */
                rows = hooks->before_group(hooks->arg, members, num, group_ready(g, G));
                if (rows) {
                    if (s == VX_SUCCESS) s = group_done(g, G, run_group(g, G, rows));
                    for (m = 0; m < num; m++) hooks->after(hooks->arg, g->nodes[members[m]]);
                    continue;
                }
                /* (callbacks came after verify) the members one by one, the
                 * fused-away images given memory on the way, shared by the
                 * frames (before_group waited for the group's previous frame) */
                for (m = 0; m < num; m++) s = hooked_node(g, hooks, g->nodes[members[m]], s);
                continue;
            }
            s = hooked_node(g, hooks, n, s);
        }
    } else {
        for (i = 0; i < g->num_nodes && s == VX_SUCCESS; i = end) {
            for (end = i + 1; end < g->num_nodes && g->wave[end] == g->wave[i]; end++) {
            }
            s = run_wave(g, i, end);
        }
    }
    /* delays age after a successful run and after an abandon (REQ-0621) */
    if (s == VX_SUCCESS || s == VX_ERROR_GRAPH_ABANDONED) {
        for (i = 0; i < g->num_delays; i++)
            if (ovx_ref_is_live(g->delays[i])) (void)vxAgeDelay(g->delays[i]);
    }
    ovx_graph_state_lock(g);
    perf_add(&g->perf, t0, now_ns());
    g->frames_running--;
    if (g->frames_running == 0) {
        g->state = s == VX_SUCCESS ? VX_GRAPH_STATE_COMPLETED : VX_GRAPH_STATE_ABANDONED;
        g->running = vx_false_e;
    }
    ovx_graph_state_unlock(g);
    return s;
}

vx_status ovx_graph_execute(vx_graph g)
{
    vx_uint32 i;
    vx_status s;
    ovx_pipe_process_params(g);
    s = ovx_graph_execute_frame(g, NULL);
    /* events: graph parameters consumed, then the graph completed (success
     * or abandon) */
    for (i = 0; i < g->num_params; i++) ovx_event_consumed(g, i);
    ovx_event_graph_completed(g);
    return s;
}
