/*
 * Fusion of built-in nodes joined by virtual images (issue 16), planned at
 * verify time, run by execute.c.
 *
 * A group is a set of nodes, each a built-in kernel with a window routine
 * whose output rows [y0, y1) need only input rows [y0 - r, y1 + r) (r: the
 * kernel's vertical radius, fuse_radius(): "fuse" in the kernel table), all of whose
 * images have one size, joined by "fused" virtual images: images written by
 * one member and read only by members.  Such an image never gets full-size
 * memory: each thread runs a band of output rows [y0, y1) through every
 * member in the plan's order, computing member m's rows [y0 - h, y1 + h)
 * (clipped to the image; h = the rows its downstream members need, its
 * "halo"), and the fused images' rows live in that thread's small buffer,
 * sized so the band's rows of every fused image stay in L2.
 *
 * The window routines are the unfused ones, unchanged: they read planes with
 * ovx_image_plane(), and ovx_image_plane_ptr() (objects/image.c) consults a
 * per-thread list of views (ovx_image_set_views) that map a fused image's
 * rows onto the thread's buffer (pointer to row 0 such that rows
 * [lo, lo + rows) land in the buffer; other rows are never read).  Since each
 * band computes every needed row of every stage with the node's own border
 * handling against the whole image size, the result is bit-identical to the
 * unfused run, borders included.
 *
 * Pipelined and streaming graphs (pipeline.c) run a group as one unit of a
 * frame, with that frame's references passed in (ovx_fuse_run's params: the
 * members' own parameters are not changed), so two frames may run one group
 * at once, each thread in its own slot.
 *
 * Not fused (they run as before): replicated nodes, nodes with delay-bound parameters or callbacks,
 * user kernels, kernels outside the table, images bound to graph parameters,
 * images with ROIs/sub-images used in the graph, images in delays or
 * containers, images of subsampled formats (in any member), and groups a
 * member of which reads a non-fused image written inside the group, or whose
 * external inputs come from a node not run before the group's first wave, or
 * a member of which writes an external image while its rows are needed with a
 * halo (that would make bands overlap in the external image).
 *
 * VX_NODE_PERFORMANCE: the group's time is split over its members by their
 * share of the rows the group computes (halo rows included; run on one
 * thread, the image is one chunk and the shares are equal).
 */
#include "../framework/graph.h"
#include "../objects/image.h"
#include "../kernels/kernels.h"

#include <stdlib.h>
#include <string.h>

/* ---- the table: vertical input radius of fusable built-in kernels -------- */
/* -1: not fusable.  The radii are the kernel table's ("fuse" in pyopenvx/_kernel_table.py),
 * generated into kernel_registry.c (ovx_kernel_fuse_radius, kernels/kernels.h). */
#define fuse_radius ovx_kernel_fuse_radius

/* Per-thread budget for the band rows of a group's fused images (Zen 3: 512
 * KiB L2 per core; the rest is for the band's external input/output rows). */
#define FUSE_L2_BUDGET (256u * 1024u)

typedef struct {
    vx_image image;    /* the fused root image */
    vx_uint32 halo;    /* its producer's halo: rows computed beyond the band */
    size_t offset[OVX_IMAGE_MAX_PLANES]; /* in a slot's buffer */
    vx_int32 stride[OVX_IMAGE_MAX_PLANES];
} fused_image;

struct ovx_fuse_group {
    vx_uint32 num;          /* members */
    vx_uint32 *members;     /* node indices, in the plan's order */
    vx_uint32 *halo;        /* per member */
    vx_uint32 wave_lo, wave_hi;
    vx_uint32 width, height;
    vx_uint32 band;         /* rows of a sub-band (what the buffers hold beyond the halos) */
    vx_uint32 chunk;        /* rows of a task: a thread walks its chunk sub-band by sub-band */
    vx_uint32 chunks;
    vx_uint32 *state;       /* slots x (num + num_fused): per member the rows computed so
                             * far, per fused image the first row its buffer holds */
    vx_uint32 num_fused;
    fused_image *fused;
    vx_uint32 slots;        /* per-thread buffers */
    size_t slot_bytes;
    vx_uint8 *mem;
    int *slot_busy;
    ovx_plane_view *views;  /* slots x num_fused */
    vx_uint64 *rows;        /* per member: rows computed by one run (perf share) */
    vx_uint64 total_rows;
};

struct ovx_fuse_plan {
    vx_uint32 num_groups;
    ovx_fuse_group *groups;
    vx_int32 *group_of;     /* per node index: group, or -1 */
    vx_uint32 num_fused;
    vx_image *fused;        /* every fused-away root */
};

static vx_bool env_off(void)
{
    const char *e = getenv("OPENVX_FUSION");
    return e && e[0] == '0' && e[1] == 0 ? vx_true_e : vx_false_e;
}

static void free_group(ovx_fuse_group *G)
{
    free(G->members);
    free(G->halo);
    free(G->fused);
    free(G->mem);
    free(G->slot_busy);
    free(G->views);
    free(G->state);
    free(G->rows);
}

void ovx_fuse_release(vx_graph g)
{
    ovx_fuse_plan *p = g->fuse;
    vx_uint32 i;
    g->fused_nodes = 0;
    if (!p) return;
    for (i = 0; i < p->num_groups; i++) free_group(&p->groups[i]);
    free(p->groups);
    free(p->group_of);
    free(p->fused);
    free(p);
    g->fuse = NULL;
}

/* ---- helpers --------------------------------------------------------------- */
static vx_bool is_out(vx_node n, vx_uint32 i)
{
    return n->kernel->params[i].direction != VX_INPUT ? vx_true_e : vx_false_e;
}

static vx_bool plain_format(vx_image img)
{
    vx_uint32 p;
    if (!img->info) return vx_false_e;
    for (p = 0; p < img->info->planes; p++)
        if (img->info->plane[p].sub_x != 1 || img->info->plane[p].sub_y != 1) return vx_false_e;
    return vx_true_e;
}

/* Can node n be a member (its own properties)? */
static vx_bool node_fusable(vx_node n)
{
    const ovx_kernel_desc *d = n->kernel->desc;
    vx_uint32 i, w = 0, h = 0;
    vx_reference split;
    if (!d || !d->window || n->kernel->tiling || n->replicated || ovx_node_callback(n) || fuse_radius(d->enumeration) < 0 ||
        d->split_param >= n->kernel->num_params || n->pipeup_out_left || n->pipeup_in_left)
        return vx_false_e;
    split = n->params[d->split_param];
    if (!split || split->type != VX_TYPE_IMAGE) return vx_false_e;
    w = ((vx_image)split)->width;
    h = ((vx_image)split)->height;
    if (!w || !h) return vx_false_e;
    for (i = 0; i < n->kernel->num_params; i++) {
        vx_reference r = n->params[i];
        if (n->delay[i]) return vx_false_e;
        if (!r) continue;
        if (r->type == VX_TYPE_IMAGE) {
            vx_image img = (vx_image)r;
            if (img->width != w || img->height != h || !plain_format(img)) return vx_false_e;
        } else if (is_out(n, i)) {
            return vx_false_e; /* only image outputs */
        }
    }
    return vx_true_e;
}

static vx_bool is_graph_param(vx_graph g, vx_reference r)
{
    vx_uint32 k;
    for (k = 0; k < g->num_params; k++) {
        vx_node pn = g->params[k].node;
        if (pn && pn->params[g->params[k].index] == r) return vx_true_e;
    }
    return vx_false_e;
}

/* May virtual image img be fused away?  *producer: its one writer. */
static vx_bool fusable_image(vx_graph g, vx_image img, const vx_bool *ok, vx_uint32 *producer)
{
    vx_uint32 a, i, writers = 0, readers = 0;
    if (!img->base.is_virtual || img->root != img || img->parent || img->base.parent ||
        img->base.scope != (vx_reference)g || img->from_handle || img->maps || !img->info || !plain_format(img) ||
        is_graph_param(g, (vx_reference)img))
        return vx_false_e;
    for (a = 0; a < g->num_nodes; a++) {
        vx_node n = g->nodes[a];
        for (i = 0; i < n->kernel->num_params; i++) {
            vx_reference r = n->params[i];
            if (!r || r->type != VX_TYPE_IMAGE || ((vx_image)r)->root != img) continue;
            if (r != (vx_reference)img || !ok[a]) return vx_false_e; /* a ROI/channel, or a node not fusable */
            if (is_out(n, i)) {
                writers++;
                *producer = a;
            } else {
                readers++;
            }
        }
    }
    return writers == 1 && readers >= 1 ? vx_true_e : vx_false_e;
}

static vx_uint32 find(vx_uint32 *up, vx_uint32 x)
{
    while (up[x] != x) x = up[x] = up[up[x]];
    return x;
}

static vx_bool in_list(const vx_image *list, vx_uint32 n, vx_image img)
{
    vx_uint32 i;
    for (i = 0; i < n; i++)
        if (list[i] == img) return vx_true_e;
    return vx_false_e;
}

static size_t row_bytes(vx_image img, vx_uint32 p)
{
    size_t b = img->info->plane[p].bits == 1 ? (img->width + 7u) / 8u : (size_t)img->width * img->info->plane[p].bytes;
    return (b + 63u) & ~(size_t)63u;
}

/* Build group G from the members (node indices in plan order); vx_false_e:
 * the group cannot be fused (the caller drops it). */
static vx_bool make_group(vx_graph g, ovx_fuse_group *G, const vx_image *fused, vx_uint32 num_fused,
                          const vx_uint32 *pos_of)
{
    vx_uint32 m, i, k, a, threads;
    size_t per_row = 0, fixed = 0, off;
    vx_int32 mi;
    G->halo = calloc(G->num, sizeof(vx_uint32));
    G->rows = calloc(G->num, sizeof(vx_uint64));
    if (!G->halo || !G->rows) return vx_false_e;
    {
        vx_node n0 = g->nodes[G->members[0]];
        vx_image split = (vx_image)n0->params[n0->kernel->desc->split_param];
        G->width = split->width;
        G->height = split->height;
    }
    G->wave_lo = g->wave[pos_of[G->members[0]]];
    G->wave_hi = g->wave[pos_of[G->members[G->num - 1]]];
    /* the group's fused images */
    G->fused = calloc(num_fused ? num_fused : 1, sizeof(fused_image));
    if (!G->fused) return vx_false_e;
    for (m = 0; m < G->num; m++) {
        vx_node n = g->nodes[G->members[m]];
        if (n->params[n->kernel->desc->split_param] &&
            (((vx_image)n->params[n->kernel->desc->split_param])->width != G->width ||
             ((vx_image)n->params[n->kernel->desc->split_param])->height != G->height))
            return vx_false_e;
        for (i = 0; i < n->kernel->num_params; i++) {
            vx_reference r = n->params[i];
            if (r && r->type == VX_TYPE_IMAGE && is_out(n, i) && in_list(fused, num_fused, (vx_image)r))
                G->fused[G->num_fused++].image = (vx_image)r;
        }
    }
    /* inputs: a fused image, or written before the group's first wave (or by nobody) */
    for (m = 0; m < G->num; m++) {
        vx_node n = g->nodes[G->members[m]];
        for (i = 0; i < n->kernel->num_params; i++) {
            vx_reference r = n->params[i];
            if (!r || is_out(n, i)) continue;
            if (r->type == VX_TYPE_IMAGE && in_list(fused, num_fused, (vx_image)r)) continue;
            for (a = 0; a < g->num_nodes; a++) {
                vx_node w = g->nodes[a];
                for (k = 0; k < w->kernel->num_params; k++) {
                    if (!w->params[k] || !is_out(w, k) || !ovx_objects_overlap(w->params[k], r)) continue;
                    if (g->wave[pos_of[a]] >= G->wave_lo) return vx_false_e;
                }
            }
        }
    }
    /* halos, last member first: rows member m computes beyond the band */
    for (mi = (vx_int32)G->num - 1; mi >= 0; mi--) {
        vx_node n = g->nodes[G->members[mi]];
        vx_uint32 h = 0;
        vx_bool external = vx_false_e;
        for (i = 0; i < n->kernel->num_params; i++) {
            vx_reference r = n->params[i];
            if (!r || !is_out(n, i)) continue;
            if (!in_list(fused, num_fused, (vx_image)r)) {
                external = vx_true_e;
                continue;
            }
            for (m = (vx_uint32)mi + 1; m < G->num; m++) {
                vx_node c = g->nodes[G->members[m]];
                for (k = 0; k < c->kernel->num_params; k++)
                    if (c->params[k] == r && !is_out(c, k)) {
                        vx_uint32 need = G->halo[m] + (vx_uint32)fuse_radius(c->kernel->desc->enumeration);
                        if (need > h) h = need;
                    }
            }
        }
        if (external && h > 0) return vx_false_e;
        if (h > G->height) h = G->height;
        G->halo[mi] = h;
        for (k = 0; k < G->num_fused; k++)
            for (i = 0; i < n->kernel->num_params; i++)
                if (n->params[i] == (vx_reference)G->fused[k].image) G->fused[k].halo = h;
    }
    /* band height: the band's rows of every fused image in the L2 budget */
    for (k = 0; k < G->num_fused; k++) {
        vx_image img = G->fused[k].image;
        vx_uint32 p;
        for (p = 0; p < img->info->planes; p++) {
            per_row += row_bytes(img, p);
            fixed += row_bytes(img, p) * 2u * G->fused[k].halo;
        }
    }
    if (!per_row) return vx_false_e;
    G->band = fixed < FUSE_L2_BUDGET ? (vx_uint32)((FUSE_L2_BUDGET - fixed) / per_row) : 0;
    {
        vx_uint32 maxh = 0;
        for (m = 0; m < G->num; m++)
            if (G->halo[m] > maxh) maxh = G->halo[m];
        if (G->band < 8) G->band = 8;
        if (G->band < 4 * maxh) G->band = 4 * maxh;
    }
    threads = ovx_pool_threads();
    if (G->band > G->height) G->band = G->height;
    /* chunks: a few per thread for balance, each at least a sub-band (16 rows) */
    G->chunk = (G->height + 4 * threads - 1) / (4 * threads);
    if (G->chunk < G->band) G->chunk = G->band;
    if (G->chunk < 16) G->chunk = 16;
    {
        /* OPENVX_FUSION_BAND=n: sub-bands of n rows, chunks of 3n (tests: many
         * band and chunk edges on small images) */
        const char *e = getenv("OPENVX_FUSION_BAND");
        long v = e && *e ? strtol(e, NULL, 10) : 0;
        if (v >= 1 && v <= 65536) {
            G->band = (vx_uint32)v;
            G->chunk = 3 * G->band;
        }
    }
    if (G->band > G->height) G->band = G->height;
    if (G->chunk > G->height) G->chunk = G->height;
    G->chunks = (G->height + G->chunk - 1) / G->chunk;
    /* slot layout */
    off = 0;
    for (k = 0; k < G->num_fused; k++) {
        vx_image img = G->fused[k].image;
        vx_uint32 p, rows = G->band + 2 * G->fused[k].halo;
        if (rows > G->height) rows = G->height;
        for (p = 0; p < img->info->planes; p++) {
            G->fused[k].offset[p] = off;
            G->fused[k].stride[p] = (vx_int32)row_bytes(img, p);
            off += row_bytes(img, p) * rows;
        }
    }
    G->slot_bytes = (off + 63u) & ~(size_t)63u;
    /* helping callers of other graphs may join (threadpool.c), and the lanes
     * of a pipelined graph run frames of the group at once (pipeline.c) */
    G->slots = ovx_pool_threads() + 4 + OVX_PIPE_MAX_LANES;
    G->mem = malloc(G->slot_bytes * G->slots + 64);
    G->slot_busy = calloc(G->slots, sizeof(int));
    G->views = calloc((size_t)G->slots * G->num_fused, sizeof(ovx_plane_view));
    G->state = calloc((size_t)G->slots * (G->num + G->num_fused), sizeof(vx_uint32));
    if (!G->mem || !G->slot_busy || !G->views || !G->state) return vx_false_e;
    {
        /* touch the buffers the pool's threads take first (the lowest slots),
         * so the first run pays no page faults for them (up to 2 MiB: longer
         * chains' buffers would cost verify more than they save) */
        size_t touch = G->slot_bytes * (threads ? threads : 1);
        if (touch <= ((size_t)2 << 20)) memset(G->mem, 0, touch + 64);
    }
    for (i = 0; i < G->slots; i++)
        for (k = 0; k < G->num_fused; k++) G->views[i * G->num_fused + k].root = G->fused[k].image;
    /* rows one run computes per member, for VX_NODE_PERFORMANCE: each chunk
     * computes [c0 - halo, c1 + halo) clipped */
    for (m = 0; m < G->num; m++) {
        vx_uint32 b;
        for (b = 0; b < G->chunks; b++) {
            vx_uint32 c0 = b * G->chunk, c1 = c0 + G->chunk > G->height ? G->height : c0 + G->chunk;
            vx_uint32 lo = c0 > G->halo[m] ? c0 - G->halo[m] : 0,
                      hi = c1 + G->halo[m] > G->height ? G->height : c1 + G->halo[m];
            G->rows[m] += hi - lo;
        }
        G->total_rows += G->rows[m];
    }
    return vx_true_e;
}

vx_status ovx_fuse_build(vx_graph g)
{
    vx_uint32 n = g->num_nodes, i, k, a;
    vx_bool *ok = NULL;
    vx_uint32 *up = NULL, *pos_of = NULL, *size = NULL;
    ovx_fuse_plan *p = NULL;
    vx_status s = VX_ERROR_NO_MEMORY;
    ovx_fuse_release(g);
    if (g->fusion_off || env_off() || n < 2) return VX_SUCCESS;
    ok = calloc(n, sizeof(vx_bool));
    up = malloc(n * sizeof(vx_uint32));
    pos_of = malloc(n * sizeof(vx_uint32));
    size = calloc(n, sizeof(vx_uint32));
    p = calloc(1, sizeof(*p));
    if (!ok || !up || !pos_of || !size || !p) goto out;
    p->group_of = malloc(n * sizeof(vx_int32));
    p->fused = malloc((size_t)n * OVX_MAX_KERNEL_PARAMS * sizeof(vx_image));
    if (!p->group_of || !p->fused) goto out;
    for (i = 0; i < n; i++) {
        ok[i] = node_fusable(g->nodes[i]);
        up[i] = i;
        pos_of[g->order[i]] = i;
        p->group_of[i] = -1;
    }
    /* fused images: join their writer and readers */
    for (a = 0; a < n; a++) {
        vx_node nd = g->nodes[a];
        if (!ok[a]) continue;
        for (k = 0; k < nd->kernel->num_params; k++) {
            vx_reference r = nd->params[k];
            vx_uint32 prod = 0, b, j;
            if (!r || r->type != VX_TYPE_IMAGE || !is_out(nd, k) || in_list(p->fused, p->num_fused, (vx_image)r))
                continue;
            if (!fusable_image(g, (vx_image)r, ok, &prod)) continue;
            p->fused[p->num_fused++] = (vx_image)r;
            for (b = 0; b < n; b++) {
                vx_node c = g->nodes[b];
                for (j = 0; j < c->kernel->num_params; j++)
                    if (c->params[j] == r && !is_out(c, j)) up[find(up, b)] = find(up, prod);
            }
        }
    }
    for (i = 0; i < n; i++) size[find(up, i)]++;
    /* the groups, members in plan order */
    {
        vx_uint32 ng = 0;
        vx_int32 *gi = malloc(n * sizeof(vx_int32));
        if (!gi) goto out;
        for (i = 0; i < n; i++) gi[i] = -1;
        for (i = 0; i < n; i++)
            if (size[i] >= 2 && find(up, i) == i) gi[i] = (vx_int32)ng++;
        p->groups = calloc(ng ? ng : 1, sizeof(ovx_fuse_group));
        if (!p->groups) {
            free(gi);
            goto out;
        }
        p->num_groups = ng;
        for (i = 0; i < n; i++) {
            vx_uint32 node = g->order[i], r = find(up, node);
            ovx_fuse_group *G;
            if (gi[r] < 0) continue;
            G = &p->groups[gi[r]];
            if (!G->members) G->members = malloc(size[r] * sizeof(vx_uint32));
            if (!G->members) {
                free(gi);
                goto out;
            }
            G->members[G->num++] = node;
        }
        free(gi);
    }
    /* keep the groups that can be fused; the fused images of dropped ones are not fused */
    {
        vx_uint32 kept = 0, nf = 0;
        vx_image *keep_img = p->fused;
        for (i = 0; i < p->num_groups; i++) {
            ovx_fuse_group *G = &p->groups[i];
            if (!make_group(g, G, p->fused, p->num_fused, pos_of)) {
                free_group(G);
                continue;
            }
            p->groups[kept] = *G;
            for (k = 0; k < G->num; k++) p->group_of[G->members[k]] = (vx_int32)kept;
            g->fused_nodes += G->num;
            kept++;
        }
        p->num_groups = kept;
        /* the fused images that belong to kept groups */
        for (i = 0; i < p->num_fused; i++) {
            vx_uint32 j;
            vx_bool found = vx_false_e;
            for (j = 0; j < kept && !found; j++)
                for (k = 0; k < p->groups[j].num_fused; k++)
                    if (p->groups[j].fused[k].image == p->fused[i]) found = vx_true_e;
            if (found) keep_img[nf++] = p->fused[i];
        }
        p->num_fused = nf;
    }
    if (p->num_groups == 0) {
        s = VX_SUCCESS;
        goto out;
    }
    g->fuse = p;
    p = NULL;
    s = VX_SUCCESS;
out:
    if (p) {
        for (i = 0; i < p->num_groups; i++) free_group(&p->groups[i]);
        free(p->groups);
        free(p->group_of);
        free(p->fused);
        free(p);
    }
    if (s != VX_SUCCESS) g->fused_nodes = 0;
    free(ok);
    free(up);
    free(pos_of);
    free(size);
    return s;
}

/* ---- queries for memplan, verify, execute ----------------------------------- */
vx_bool ovx_fuse_image(vx_graph g, vx_image root)
{
    return g->fuse && in_list(g->fuse->fused, g->fuse->num_fused, root) ? vx_true_e : vx_false_e;
}

ovx_fuse_group *ovx_fuse_group_of(vx_graph g, vx_uint32 node_index)
{
    vx_int32 gi;
    if (!g->fuse) return NULL;
    gi = g->fuse->group_of[node_index];
    return gi < 0 ? NULL : &g->fuse->groups[gi];
}

void ovx_fuse_span(vx_graph g, vx_uint32 node_index, vx_uint32 *lo, vx_uint32 *hi)
{
    ovx_fuse_group *G = ovx_fuse_group_of(g, node_index);
    if (!G) return;
    *lo = G->wave_lo;
    *hi = G->wave_hi;
}

vx_uint32 ovx_fuse_members(const ovx_fuse_group *G, const vx_uint32 **members)
{
    *members = G->members;
    return G->num;
}

vx_uint64 ovx_fuse_share(const ovx_fuse_group *G, vx_uint32 m, vx_uint64 total_ns, vx_bool whole)
{
    if (whole) return total_ns / G->num; /* every member computed every row once */
    return G->total_rows ? total_ns * G->rows[m] / G->total_rows : 0;
}

/* ---- running a group -------------------------------------------------------- */
typedef struct {
    vx_graph graph;
    ovx_fuse_group *G;
    ovx_param_row *params; /* per member (NULL: the nodes' own) */
    pthread_mutex_t lock;
    vx_status status;
} band_run;

static vx_uint32 claim(ovx_fuse_group *G)
{
    for (;;) {
        vx_uint32 i;
        for (i = 0; i < G->slots; i++)
            if (!__atomic_exchange_n(&G->slot_busy[i], 1, __ATOMIC_ACQUIRE)) return i;
    }
}

/* One chunk of output rows [c0, c1), sub-band by sub-band [y0, y1).  Member
 * m has computed its rows up to done[m]; in a sub-band it computes
 * [max(done[m], y0 - halo), y1 + halo) (clipped), so inside a chunk no row is
 * computed twice.  Fused image k produced with halo h lives in the slot's
 * buffer from row base[k]: before a sub-band its rows from max(0, y0 - h) on
 * move to the buffer's top (at most 2h rows), so the buffer (band + 2h rows)
 * always holds [max(0, y0 - h), y1 + h), all a consumer may read. */
static void run_rows(band_run *r, vx_uint32 c0, vx_uint32 c1)
{
    ovx_fuse_group *G = r->G;
    vx_uint32 slot = claim(G), k, m;
    vx_uint8 *buf = (vx_uint8 *)(((uintptr_t)G->mem + 63u) & ~(uintptr_t)63u) + G->slot_bytes * slot;
    ovx_plane_view *views = &G->views[(size_t)slot * G->num_fused];
    vx_uint32 *done = &G->state[(size_t)slot * (G->num + G->num_fused)], *base = done + G->num;
    /* sub-bands of equal height (at most G->band rows): no short last one */
    vx_uint32 nb = (c1 - c0 + G->band - 1) / G->band, step = (c1 - c0 + nb - 1) / nb, y0, y1;
    vx_status s = VX_SUCCESS;
    for (m = 0; m < G->num; m++) done[m] = c0 > G->halo[m] ? c0 - G->halo[m] : 0;
    for (k = 0; k < G->num_fused; k++) {
        vx_uint32 p;
        base[k] = c0 > G->fused[k].halo ? c0 - G->fused[k].halo : 0;
        for (p = 0; p < G->fused[k].image->info->planes; p++) views[k].stride[p] = G->fused[k].stride[p];
    }
    ovx_image_set_views(views, G->num_fused);
    for (y0 = c0; y0 < c1 && s == VX_SUCCESS; y0 = y1) {
        y1 = y0 + step > c1 ? c1 : y0 + step;
        for (k = 0; k < G->num_fused; k++) {
            fused_image *f = &G->fused[k];
            vx_uint32 lo = y0 > f->halo ? y0 - f->halo : 0, p;
            if (lo > base[k]) {
                /* keep rows [lo, rows computed) at the buffer's top; done[] of
                 * the producer tells how far they go */
                vx_uint32 have = 0, j;
                for (j = 0; j < G->num; j++) {
                    vx_node n = r->graph->nodes[G->members[j]];
                    vx_uint32 i;
                    for (i = 0; i < n->kernel->num_params; i++)
                        if (n->params[i] == (vx_reference)f->image && n->kernel->params[i].direction != VX_INPUT)
                            have = done[j];
                }
                for (p = 0; p < f->image->info->planes; p++) {
                    vx_uint8 *b0 = buf + f->offset[p];
                    if (have > lo)
                        memmove(b0, b0 + (size_t)(lo - base[k]) * (size_t)f->stride[p],
                                (size_t)(have - lo) * (size_t)f->stride[p]);
                }
                base[k] = lo;
            }
            for (p = 0; p < f->image->info->planes; p++)
                /* row y of the image at buf + offset + (y - base) * stride */
                views[k].ptr[p] =
                    (vx_uint8 *)((uintptr_t)(buf + f->offset[p]) - (uintptr_t)base[k] * (uintptr_t)f->stride[p]);
        }
        for (m = 0; m < G->num && s == VX_SUCCESS; m++) {
            vx_node n = r->graph->nodes[G->members[m]];
            ovx_window w;
            vx_uint32 lo = y0 > G->halo[m] ? y0 - G->halo[m] : 0,
                      hi = y1 + G->halo[m] > G->height ? G->height : y1 + G->halo[m];
            if (lo < done[m]) lo = done[m];
            if (lo >= hi) continue;
            w.x0 = 0;
            w.x1 = G->width;
            w.y0 = lo;
            w.y1 = hi;
            s = n->kernel->desc->window(n, (const vx_reference *)(r->params ? r->params[m] : n->params),
                                        n->kernel->num_params, &w);
            done[m] = hi;
        }
    }
    ovx_image_set_views(NULL, 0);
    __atomic_store_n(&G->slot_busy[slot], 0, __ATOMIC_RELEASE);
    if (s != VX_SUCCESS) {
        pthread_mutex_lock(&r->lock);
        if (r->status == VX_SUCCESS) r->status = s;
        pthread_mutex_unlock(&r->lock);
    }
}

static void chunk_task(void *arg, vx_uint32 index)
{
    band_run *r = arg;
    vx_uint32 c0 = index * r->G->chunk;
    run_rows(r, c0, c0 + r->G->chunk > r->G->height ? r->G->height : c0 + r->G->chunk);
}

vx_status ovx_fuse_run(vx_graph g, ovx_fuse_group *G, ovx_param_row *params, vx_bool *whole)
{
    band_run r;
    vx_uint32 threads = ovx_node_threads(g->nodes[G->members[0]]);
    r.graph = g;
    r.G = G;
    r.params = params;
    r.status = VX_SUCCESS;
    pthread_mutex_init(&r.lock, NULL);
    /* on one thread the image is one chunk: chunks exist to share the rows
     * among threads, and each chunk edge computes the members' halo rows twice */
    *whole = threads <= 1 || G->chunks <= 1 ? vx_true_e : vx_false_e;
    if (*whole)
        run_rows(&r, 0, G->height);
    else
        ovx_parallel_for(G->chunks, chunk_task, &r);
    pthread_mutex_destroy(&r.lock);
    return r.status;
}
