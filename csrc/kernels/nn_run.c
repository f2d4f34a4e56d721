/* The vx_khr_nn layers' execution on the node's threads (kernels/nn_run.h). */
#include "nn_run.h"

#include <stdlib.h>
#include <string.h>

#include "../framework/graph.h"
#include "../objects/tensor.h"
#include "../runtime/dispatch.h"

ovxc_tensor ovx_nn_view(vx_tensor t)
{
    ovxc_tensor v;
    vx_size i;
    memset(&v, 0, sizeof(v));
    if (!t) return v;
    v.ptr = ovx_tensor_data(t);
    v.num_dims = t->num_dims;
    for (i = 0; i < OVXC_TENSOR_MAX_DIMS; i++) {
        v.dims[i] = i < t->num_dims ? t->dims[i] : 1;
        v.strides[i] = i < t->num_dims ? t->strides[i] : 0;
    }
    return v;
}

vx_uint8 *ovx_nn_keyed_scratch(vx_node node, vx_size size)
{
    const vx_bool fresh = node->local_data_size < size || !node->local_data_ours || !node->local_data_ptr;
    vx_uint8 *mem = ovx_node_scratch(node, size < 64 ? 64 : size);
    if (mem && fresh) memset(mem, 0, 64);
    return mem;
}


/* ---- the packed convolution core's driver (compute/nn_gemm.h) ------------------ */

/* Kept in the node's scratch from run to run: the packed weights and a copy
 * of the raw ones they were packed from (the weights-changed check). */
typedef struct {
    vx_uint32 magic;
    int type;
    vx_size wdims[4], raw_size, packed_size;
    ovxc_nn_packw pw;
} conv_cache;

#define CONV_CACHE_MAGIC 0x4E4E5057u /* "NNPW" */

/* The layout of the node scratch (byte offsets). */
typedef struct {
    vx_size raw, packed, dense, ip, col, row, taps, tap_rows, bias, acc, total;
} conv_layout;

/* How a convolution (integer or float) is cut for the pool: input planes
 * filled in ptasks pieces, then `units` pieces of output (a row, and a block
 * range of output maps when rows are few: nsplit ranges a row) taken by
 * rtasks tasks; one task for small layers, a few pieces per thread otherwise
 * (taken as threads come free: a busy core does not hold back the others). */
typedef struct {
    vx_uint32 tasks, ptasks, rtasks;
    vx_size nsplit, units;
} conv_split;

static conv_split conv_split_of(vx_uint64 work, vx_uint32 threads, vx_size oh, vx_size blocks, vx_size planes)
{
    conv_split c;
    c.tasks = work < 200000 ? 1 : threads;
    if (c.tasks < 1) c.tasks = 1;
    c.nsplit = oh >= 4 * (vx_size)c.tasks ? 1 : (4 * (vx_size)c.tasks + oh - 1) / oh;
    if (c.nsplit > blocks) c.nsplit = blocks;
    if (c.nsplit < 1) c.nsplit = 1;
    c.units = oh * c.nsplit;
    c.ptasks = c.tasks > 1 ? (vx_uint32)(planes < 4 * (vx_size)c.tasks ? planes : 4 * (vx_size)c.tasks) : 1;
    c.rtasks = c.tasks > 1 ? (vx_uint32)(c.units < 4 * (vx_size)c.tasks ? c.units : 4 * (vx_size)c.tasks) : 1;
    if (c.ptasks < 1) c.ptasks = 1;
    if (c.rtasks < 1) c.rtasks = 1;
    return c;
}

/* Unit u of the split: output row *y, output-map blocks [*b0, *b1). */
static void conv_unit(const conv_split *c, vx_size u, vx_size blocks, vx_size *y, vx_size *b0, vx_size *b1)
{
    vx_size sp = u % c->nsplit;
    *y = u / c->nsplit;
    *b0 = blocks * sp / c->nsplit;
    *b1 = blocks * (sp + 1) / c->nsplit;
}

/* Task i of `tasks` of a fully connected layer: output blocks of 4 maps,
 * [*o0, *o1) (empty when o0 >= o1). */
static void fc_range(vx_size ofm, vx_uint32 i, vx_uint32 tasks, vx_size *o0, vx_size *o1)
{
    const vx_size blocks = (ofm + 3) / 4, b0 = blocks * i / tasks, b1 = blocks * (i + 1) / tasks;
    *o0 = b0 * 4;
    *o1 = b1 * 4 < ofm ? b1 * 4 : ofm;
}

typedef struct {
    vx_node node;
    ovxc_nn_conv_plan plan;
    ovxc_nn_conv_rows_f rows;
    const ovxc_nn_srcmap *map;
    const ovxc_tensor *in;
    const vx_uint8 *ib;
    vx_uint32 tasks; /* the fallback's (one acc each) */
    conv_split sp;
    /* the exact fallback */
    const ovxc_tensor *w, *bias;
    ovxc_tensor out_all;
    const ovxc_nn_conv_geom *g;
    const ovxc_nn_fixed *f;
    vx_int64 *acc;
} conv_job;

static void planes_task(void *arg, vx_uint32 i)
{
    conv_job *j = arg;
    const vx_size cp = j->plan.pl->q8 ? j->plan.w->cq : j->plan.w->cp; /* pairs or quads */
    ovxc_nn_planes_fill(j->plan.pl, j->map, j->in, j->ib, j->plan.f.type, cp * i / j->sp.ptasks,
                       cp * (i + 1) / j->sp.ptasks);
}

static void rows_task(void *arg, vx_uint32 i)
{
    conv_job *j = arg;
    const vx_size u0 = j->sp.units * i / j->sp.rtasks, u1 = j->sp.units * (i + 1) / j->sp.rtasks;
    vx_size u, y, b0, b1;
    for (u = u0; u < u1; u++) {
        conv_unit(&j->sp, u, j->plan.w->blocks, &y, &b0, &b1);
        j->rows(&j->plan, y, y + 1, b0, b1);
    }
}

/* The scalar reference on output maps [o0, o1): sub-views of weights,
 * biases and outputs. */
static void fallback_task(void *arg, vx_uint32 i)
{
    conv_job *j = arg;
    const vx_size ofm = j->out_all.dims[2], o0 = ofm * i / j->tasks, o1 = ofm * (i + 1) / j->tasks;
    const ovxc_nn_conv_geom *g = j->g;
    ovxc_tensor w = *j->w, out = j->out_all, b;
    vx_int64 *acc = j->acc + (vx_size)i * out.dims[0] * out.dims[1];
    if (o1 <= o0) return;
    w.ptr += o0 * w.strides[3], w.dims[3] = o1 - o0;
    out.ptr += o0 * out.strides[2], out.dims[2] = o1 - o0;
    if (j->bias) {
        b = *j->bias;
        if (b.num_dims == 1)
            b.ptr += o0 * b.strides[0], b.dims[0] = o1 - o0;
        else
            b.ptr += o0 * b.strides[2], b.dims[2] = o1 - o0;
    }
    if (g->deconv)
        ovxc_nn_deconvolution(j->in, &w, j->bias ? &b : NULL, &out, j->f, g->pad[0], g->pad[1], g->up[0], g->up[1],
                             j->in->dims[0], j->in->dims[1], acc);
    else
        ovxc_nn_convolution(j->in, &w, j->bias ? &b : NULL, &out, j->f, g->pad[0], g->pad[1], g->skip[0], g->skip[1],
                           g->dil[0], g->dil[1], acc);
}

static void run_tasks(conv_job *j, vx_uint32 count, ovx_task_f fn)
{
    if (count <= 1)
        fn(j, 0);
    else
        ovx_parallel_for(count, fn, j);
}

/* Is t dense in the canonical order (strides the products of the dims)? */
static vx_bool nn_dense(const ovxc_tensor *t, vx_size es)
{
    vx_size d, s = es;
    for (d = 0; d < t->num_dims; d++) {
        if (t->dims[d] > 1 && t->strides[d] != s) return vx_false_e;
        s *= t->dims[d];
    }
    return vx_true_e;
}

/* Copy a 4-d tensor into dense canonical order. */
static void nn_gather4(const ovxc_tensor *t, vx_size es, vx_uint8 *dst)
{
    vx_size a, b, c, d;
    for (d = 0; d < t->dims[3]; d++)
        for (c = 0; c < t->dims[2]; c++)
            for (b = 0; b < t->dims[1]; b++)
                for (a = 0; a < t->dims[0]; a++, dst += es)
                    memcpy(dst, t->ptr + a * t->strides[0] + b * t->strides[1] + c * t->strides[2] +
                                    d * t->strides[3], es);
}

/* Largest |x| of the input (16-bit data, when the type's bound is too
 * coarse to prove int32 sums exact). */
static vx_int64 input_abs_max(const ovxc_tensor *in, int type)
{
    const vx_size w = in->dims[0], rows = ovxc_nn_count_from(in, 1);
    vx_int64 m = 0;
    vx_size r, x;
    for (r = 0; r < rows; r++) {
        const vx_uint8 *p = in->ptr + ovxc_nn_batch_offset(in, 1, r);
        vx_int32 lo = 0, hi = 0;
        if (type == OVXC_T_S16 && in->strides[0] == 2) {
            const vx_int16 *q = (const vx_int16 *)(const void *)p;
            for (x = 0; x < w; x++) {
                lo = q[x] < lo ? q[x] : lo;
                hi = q[x] > hi ? q[x] : hi;
            }
        } else {
            for (x = 0; x < w; x++) {
                vx_int32 v = ovxc_nn_load(p + x * in->strides[0], type);
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
            }
        }
        if (-(vx_int64)lo > m) m = -(vx_int64)lo;
        if (hi > m) m = hi;
    }
    return m;
}

vx_status ovx_nn_conv_run(vx_node node, const vx_reference *p, const ovxc_nn_conv_geom *g, const ovxc_nn_fixed *f)
{
    const vx_tensor tin = (vx_tensor)p[0], tw = (vx_tensor)p[1], tb = (vx_tensor)p[2], tout = (vx_tensor)p[4];
    ovxc_tensor in = ovx_nn_view(tin), w = ovx_nn_view(tw), b = ovx_nn_view(tb), out = ovx_nn_view(tout);
    const int type = f->type, q = f->q;
    const vx_size es = type == OVXC_T_S16 ? 2 : 1;
    const vx_size kw = w.dims[0], kh = w.dims[1], ifm = w.dims[2], ofm = w.dims[3];
    const vx_size ow = out.dims[0], oh = out.dims[1], nb = ovxc_nn_count_from(&out, 3);
    const vx_size cp = (ifm + 1) / 2, taps = kw * kh;
    vx_size i, bi;
    vx_size raw_size = kw * kh * ifm * ofm * es, packed_size = ovxc_nn_packw_size(&w);
    conv_layout L;
    conv_cache *cache;
    vx_uint8 *mem;
    ovxc_nn_planes pl;
    ovxc_nn_srcmap map;
    vx_size *tap_off;
    vx_int32 *bias32 = NULL;
    vx_int64 bmax = 0, xmax;
    const vx_uint8 *wraw;
    vx_bool dense = nn_dense(&w, es);
    conv_job j;
    vx_uint32 threads = ovx_node_threads(node);
    if (!in.ptr || !w.ptr || !out.ptr || (tb && !b.ptr)) return VX_ERROR_NO_MEMORY;
    ovxc_nn_conv_layout(g, &w, &out, &pl);
    i = (vx_size)ovxc_nn_conv_wants_q8(ovx_node_variant(node), type, &w);
    if (i) ovxc_nn_conv_layout_q8(&pl, ifm, (int)i); /* byte quads */
    /* the scratch */
    memset(&L, 0, sizeof(L));
    L.raw = ALIGN64(sizeof(conv_cache));
    L.packed = L.raw + ALIGN64(raw_size);
    L.dense = L.packed + ALIGN64(packed_size);
    L.ip = L.dense + (dense ? 0 : ALIGN64(raw_size));
    L.col = L.ip + ALIGN64(ovxc_nn_planes_bytes(&pl));
    L.row = L.col + ALIGN64(pl.phases * pl.pw * sizeof(ptrdiff_t));
    L.taps = L.row + ALIGN64(pl.rows * sizeof(ptrdiff_t));
    L.tap_rows = L.taps + ALIGN64(taps * sizeof(vx_size));
    L.bias = L.tap_rows + ALIGN64(taps * sizeof(vx_size));
    L.acc = L.bias + ALIGN64(ofm * sizeof(vx_int32));
    L.total = L.acc + (vx_size)(threads ? threads : 1) * ow * oh * sizeof(vx_int64);
    mem = ovx_nn_keyed_scratch(node, L.total);
    if (!mem) return VX_ERROR_NO_MEMORY;
    cache = (conv_cache *)(void *)mem;
    /* the weights, and the packed ones when they are new */
    if (!dense) nn_gather4(&w, es, mem + L.dense);
    wraw = dense ? w.ptr : mem + L.dense;
    if (cache->magic != CONV_CACHE_MAGIC || cache->type != type || cache->raw_size != raw_size ||
        cache->packed_size != packed_size || memcmp(cache->wdims, w.dims, sizeof(cache->wdims)) != 0 ||
        memcmp(mem + L.raw, wraw, raw_size) != 0) {
        ovxc_nn_packw_fill(&w, type, mem + L.packed, &cache->pw);
        memcpy(mem + L.raw, wraw, raw_size);
        cache->magic = CONV_CACHE_MAGIC, cache->type = type, cache->raw_size = raw_size;
        cache->packed_size = packed_size;
        memcpy(cache->wdims, w.dims, sizeof(cache->wdims));
    }
    ovxc_nn_packw_rebase(&cache->pw, mem + L.packed); /* the scratch may have moved */
    /* biases: per map as int32 << q; per location read by the finish */
    if (tb && b.num_dims == 1) {
        bias32 = (vx_int32 *)(void *)(mem + L.bias);
        for (i = 0; i < ofm; i++) {
            vx_int64 v = ovxc_nn_load(b.ptr + i * b.strides[0], type);
            bias32[i] = (vx_int32)(v * ((vx_int64)1 << q));
            if ((v < 0 ? -v : v) > bmax) bmax = v < 0 ? -v : v;
        }
    } else if (tb) {
        bmax = type == OVXC_T_U8 ? 255 : type == OVXC_T_S8 ? 128 : 32768;
    }
    /* int32 sums where the bound shows them exact: the type's range, else
     * (16-bit data) the input's actual one */
    xmax = type == OVXC_T_U8 ? 255 : type == OVXC_T_S8 ? 128 : 32768;
    if (!ovxc_nn_conv_exact32(cache->pw.abs_max, xmax, bmax, q) && type == OVXC_T_S16)
        xmax = input_abs_max(&in, type);
    memset(&j, 0, sizeof(j));
    j.node = node;
    j.in = &in;
    if (!ovxc_nn_conv_exact32(cache->pw.abs_max, xmax, bmax, q)) {
        /* the exact 64-bit reference, output maps over the threads */
        j.w = &w, j.bias = tb ? &b : NULL, j.out_all = out, j.g = g, j.f = f;
        j.acc = (vx_int64 *)(void *)(mem + L.acc);
        j.tasks = threads < ofm ? threads : (vx_uint32)ofm;
        if (j.tasks < 1) j.tasks = 1;
        run_tasks(&j, j.tasks, fallback_task);
        return VX_SUCCESS;
    }
    map.col = (ptrdiff_t *)(void *)(mem + L.col);
    map.row = (ptrdiff_t *)(void *)(mem + L.row);
    tap_off = (vx_size *)(void *)(mem + L.taps);
    ovxc_nn_conv_maps(g, &in, &w, &pl, &map, tap_off, (vx_size *)(void *)(mem + L.tap_rows));
    pl.ip = (int16_t *)(void *)(mem + L.ip);
    j.plan.w = &cache->pw;
    j.plan.pl = &pl;
    j.plan.tap_off = tap_off;
    j.plan.tap_row = (const vx_size *)(const void *)(mem + L.tap_rows);
    j.plan.row_src = map.row;
    j.plan.skip_y = g->deconv ? 1 : g->skip[1];
    j.plan.ow = ow, j.plan.oh = oh, j.plan.ofm = ofm;
    j.plan.f = *f;
    j.plan.bias = bias32;
    j.plan.bias_loc = tb && b.num_dims == 3 ? &b : NULL;
    j.rows = ovx_node_variant(node) ? (ovxc_nn_conv_rows_f)ovx_node_variant(node)->fn : ovxc_nn_conv_rows;
    j.map = &map;
    j.sp = conv_split_of((vx_uint64)ow * oh * ofm * ifm * taps, threads, oh, cache->pw.blocks,
                         pl.q8 ? cache->pw.cq : cp);
    for (bi = 0; bi < nb; bi++) {
        j.ib = in.ptr + ovxc_nn_batch_offset(&in, 3, bi);
        j.plan.out = out;
        j.plan.out.ptr = out.ptr + ovxc_nn_batch_offset(&out, 3, bi);
        run_tasks(&j, j.sp.ptasks, planes_task);
        run_tasks(&j, j.sp.rtasks, rows_task);
    }
    return VX_SUCCESS;
}

/* ---- fully connected -------------------------------------------------------------- */

typedef struct {
    ovxc_nn_fc_plan plan;
    ovxc_nn_fc_rows_f rows;
    vx_uint32 tasks;
    vx_size ofm;
} fc_job;

static void fc_task(void *arg, vx_uint32 i)
{
    fc_job *j = arg;
    vx_size o0, o1;
    fc_range(j->ofm, i, j->tasks, &o0, &o1);
    if (o0 < o1) j->rows(&j->plan, o0, o1);
}

vx_status ovx_nn_fc_run(vx_node node, const vx_reference *p, vx_size core, const ovxc_nn_fixed *fp)
{
    vx_size k, ofm, nb, es, bi, need;
    const ovxc_nn_fixed f = *fp;
    ovxc_tensor in, w, b, out, core_view;
    vx_uint8 *mem, *wdense = NULL, *xdense;
    fc_job j;
    vx_uint32 threads = ovx_node_threads(node);
    in = ovx_nn_view((vx_tensor)p[0]), w = ovx_nn_view((vx_tensor)p[1]), b = ovx_nn_view((vx_tensor)p[2]);
    out = ovx_nn_view((vx_tensor)p[5]);
    if (!in.ptr || !w.ptr || !out.ptr || (p[2] && !b.ptr)) return VX_ERROR_NO_MEMORY;
    es = f.type == OVXC_T_S16 ? 2 : 1;
    ofm = out.dims[0], nb = ovxc_nn_count_from(&out, 1);
    k = ovxc_nn_count_from(&w, 0) / ofm;
    core_view = in;
    core_view.num_dims = core;
    /* weight rows and the input as contiguous runs of k elements: the
     * tensors' own memory when dense, else a copy in the node scratch */
    need = (nn_dense(&w, es) ? 0 : k * ofm * es) + k * es + 64;
    mem = ovx_node_scratch(node, need);
    if (!mem) return VX_ERROR_NO_MEMORY;
    if (!nn_dense(&w, es)) {
        ovxc_tensor w4 = w;
        wdense = mem + k * es + 64;
        if (w4.num_dims == 2) { /* [k, ofm] as [k, 1, 1, ofm] */
            w4.dims[3] = w.dims[1], w4.strides[3] = w.strides[1];
            w4.dims[1] = w4.dims[2] = 1, w4.strides[1] = w4.strides[2] = 0;
        }
        nn_gather4(&w4, es, wdense);
    }
    xdense = mem;
    memset(&j, 0, sizeof(j));
    j.plan.w = wdense ? wdense : w.ptr;
    j.plan.wrow = wdense ? k * es : w.strides[w.num_dims - 1];
    j.plan.k = k;
    j.ofm = ofm;
    j.plan.bias = p[2] ? &b : NULL;
    j.plan.out_stride = out.strides[0];
    j.plan.f = f;
    j.rows = ovx_node_variant(node) ? (ovxc_nn_fc_rows_f)ovx_node_variant(node)->fn : ovxc_nn_fc_rows;
    j.tasks = (vx_uint64)k * ofm < 65536 ? 1 : threads;
    if (j.tasks < 1) j.tasks = 1;
    for (bi = 0; bi < nb; bi++) {
        const vx_uint8 *ib = in.ptr + ovxc_nn_batch_offset(&in, core, bi);
        if (nn_dense(&core_view, es)) {
            j.plan.x = ib;
        } else {
            vx_size e;
            for (e = 0; e < k; e++) {
                vx_size rem = e, off = 0, d;
                for (d = 0; d < core; d++) {
                    off += (rem % in.dims[d]) * in.strides[d];
                    rem /= in.dims[d];
                }
                memcpy(xdense + e * es, ib + off, es);
            }
            j.plan.x = xdense;
        }
        j.plan.out = out.ptr + ovxc_nn_batch_offset(&out, 1, bi);
        if (j.tasks <= 1)
            fc_task(&j, 0);
        else
            ovx_parallel_for(j.tasks, fc_task, &j);
    }
    return VX_SUCCESS;
}

/* ---- the float32 core's driver (compute/nn_float_gemm.h) ---------------------------- */

typedef struct {
    vx_uint32 magic;
    vx_size wdims[4], raw_size, packed_size;
    ovxc_nnf_packw pw;
} convf_cache;

#define CONVF_CACHE_MAGIC 0x4E4E4657u /* "NNFW" */

typedef struct {
    ovxc_nnf_conv_plan plan;
    ovxc_nnf_conv_rows_f rows;
    const ovxc_nn_srcmap *map;
    const ovxc_tensor *in;
    const vx_uint8 *ib;
    float *ip;
    conv_split sp;
} convf_job;

static void convf_planes_task(void *arg, vx_uint32 i)
{
    convf_job *j = arg;
    const vx_size ifm = j->plan.w->ifm;
    ovxc_nnf_planes_fill(j->plan.pl, j->map, j->in, j->ib, j->ip, ifm * i / j->sp.ptasks,
                         ifm * (i + 1) / j->sp.ptasks);
}

static void convf_rows_task(void *arg, vx_uint32 i)
{
    convf_job *j = arg;
    const vx_size u0 = j->sp.units * i / j->sp.rtasks, u1 = j->sp.units * (i + 1) / j->sp.rtasks;
    vx_size u, y, b0, b1;
    for (u = u0; u < u1; u++) {
        conv_unit(&j->sp, u, j->plan.w->blocks, &y, &b0, &b1);
        j->rows(&j->plan, y, y + 1, b0, b1);
    }
}

static void convf_run_tasks(convf_job *j, vx_uint32 count, ovx_task_f fn)
{
    if (count <= 1)
        fn(j, 0);
    else
        ovx_parallel_for(count, fn, j);
}

/* The layout of the float core's run scratch (byte offsets from its start). */
typedef struct {
    vx_size ip, col, row, taps, tap_rows, ntaps, list, koff, total;
} convf_layout;

static void convf_layout_of(const ovxc_nn_planes *pl, vx_size ifm, vx_size taps, vx_size oh, convf_layout *L)
{
    L->ip = 0;
    L->col = L->ip + ALIGN64(pl->total * sizeof(float));
    L->row = L->col + ALIGN64(pl->phases * pl->pw * sizeof(ptrdiff_t));
    L->taps = L->row + ALIGN64(pl->rows * sizeof(ptrdiff_t));
    L->tap_rows = L->taps + ALIGN64(taps * sizeof(vx_size));
    L->ntaps = L->tap_rows + ALIGN64(taps * sizeof(vx_size));
    L->list = L->ntaps + ALIGN64(oh * sizeof(vx_size));
    L->koff = L->list + ALIGN64(oh * taps * sizeof(vx_size));
    L->total = L->koff + ALIGN64(ifm * taps * sizeof(vx_size));
}

vx_size ovx_nnf_conv_scratch(const ovxc_nn_conv_geom *g, const ovxc_tensor *w, const ovxc_tensor *out)
{
    ovxc_nn_planes pl;
    convf_layout L;
    ovxc_nnf_conv_layout(g, w, out, &pl);
    convf_layout_of(&pl, w->dims[2], w->dims[0] * w->dims[1], out->dims[1], &L);
    return L.total;
}

/* The source of padded coordinate pc of a remapped dimension (-1: zero). */
static ptrdiff_t remap_src(long pc, long off, vx_size step, vx_size n)
{
    const long t = pc + off;
    if (t < 0 || t % (long)step) return -1;
    return (vx_size)(t / (long)step) < n ? (ptrdiff_t)(t / (long)step) : -1;
}

void ovx_nnf_conv_exec(vx_uint32 threads, ovxc_nnf_conv_rows_f rows, const ovxc_nn_conv_geom *g,
                       const ovxc_tensor *in, const ovxc_tensor *w, const ovxc_nnf_packw *pw, const float *bias,
                       const ovxc_tensor *bias_loc, const ovxc_tensor *out, const ovx_nnf_remap *remap,
                       vx_uint8 *mem)
{
    const vx_size kw = w->dims[0], kh = w->dims[1], ifm = w->dims[2], ofm = w->dims[3];
    const vx_size ow = out->dims[0], oh = out->dims[1], nb = ovxc_nn_count_from(out, 3);
    const vx_size taps = kw * kh;
    vx_size i, bi;
    convf_layout L;
    ovxc_nn_planes pl;
    ovxc_nn_srcmap map;
    convf_job j;
    /* a 1x1 convolution at skip 1 without padding of a dense input reads
     * the input in place (a plain GEMM: no planes to fill); whole 8-column
     * vectors per row, so no tile reads past the tensor's last row */
    const int direct = !g->deconv && !remap && kw == 1 && kh == 1 && g->skip[0] == 1 && g->skip[1] == 1 &&
                       g->pad[0] == 0 && g->pad[1] == 0 && g->dil[0] == 0 && g->dil[1] == 0 && in->dims[0] == ow &&
                       in->dims[1] == oh && ow % 8 == 0 && in->strides[0] == sizeof(float) &&
                       in->strides[1] == ow * sizeof(float) && in->strides[2] == ow * oh * sizeof(float);
    ovxc_nnf_conv_layout(g, w, out, &pl);
    convf_layout_of(&pl, ifm, taps, oh, &L);
    if (direct) pl.plane = ow * oh, pl.row_stride = ow;
    memset(&j, 0, sizeof(j));
    map.col = (ptrdiff_t *)(void *)(mem + L.col);
    map.row = (ptrdiff_t *)(void *)(mem + L.row);
    ovxc_nn_conv_maps(g, in, w, &pl, &map, (vx_size *)(void *)(mem + L.taps), (vx_size *)(void *)(mem + L.tap_rows));
    if (remap) {
        const vx_size ncol = pl.phases * pl.pw;
        for (i = 0; i < ncol; i++) map.col[i] = remap_src((long)i, remap->off[0], remap->step[0], in->dims[0]);
        for (i = 0; i < pl.rows; i++) map.row[i] = remap_src((long)i, remap->off[1], remap->step[1], in->dims[1]);
    }
    ovxc_nnf_conv_row_taps(oh, g->deconv ? 1 : g->skip[1], taps, map.row,
                          (const vx_size *)(const void *)(mem + L.tap_rows), (vx_size *)(void *)(mem + L.ntaps),
                          (vx_size *)(void *)(mem + L.list));
    j.plan.bias = bias;
    j.plan.bias_loc = bias_loc;
    j.ip = (float *)(void *)(mem + L.ip);
    j.plan.w = pw;
    j.plan.pl = &pl;
    j.plan.ip = j.ip;
    j.plan.tap_off = (const vx_size *)(const void *)(mem + L.taps);
    j.plan.row_ntaps = (const vx_size *)(const void *)(mem + L.ntaps);
    j.plan.row_taps = (const vx_size *)(const void *)(mem + L.list);
    {
        vx_size *ko = (vx_size *)(void *)(mem + L.koff), c, t;
        const vx_size *to = (const vx_size *)(const void *)(mem + L.taps);
        for (c = 0; c < ifm; c++)
            for (t = 0; t < taps; t++) ko[c * taps + t] = c * pl.plane + to[t];
        j.plan.koff = ko;
    }
    j.plan.skip_y = g->deconv ? 1 : g->skip[1];
    j.plan.ow = ow, j.plan.oh = oh;
    j.rows = rows ? rows : ovxc_nnf_conv_rows;
    j.map = &map;
    j.in = in;
    j.sp = conv_split_of((vx_uint64)ow * oh * ofm * ifm * taps, threads, oh, pw->blocks, ifm);
    for (bi = 0; bi < nb; bi++) {
        j.ib = in->ptr + ovxc_nn_batch_offset(in, 3, bi);
        j.plan.out = *out;
        j.plan.out.ptr = out->ptr + ovxc_nn_batch_offset(out, 3, bi);
        if (direct)
            j.plan.ip = (const float *)(const void *)j.ib;
        else
            convf_run_tasks(&j, j.sp.ptasks, convf_planes_task);
        convf_run_tasks(&j, j.sp.rtasks, convf_rows_task);
    }
}

vx_status ovx_nnf_conv_run(vx_node node, const vx_reference *p, const ovxc_nn_conv_geom *g)
{
    const vx_tensor tin = (vx_tensor)p[0], tw = (vx_tensor)p[1], tb = (vx_tensor)p[2], tout = (vx_tensor)p[4];
    ovxc_tensor in = ovx_nn_view(tin), w = ovx_nn_view(tw), b = ovx_nn_view(tb), out = ovx_nn_view(tout);
    const vx_size es = sizeof(float);
    const vx_size kw = w.dims[0], kh = w.dims[1], ifm = w.dims[2], ofm = w.dims[3];
    const vx_size raw_size = kw * kh * ifm * ofm * es, packed_size = ovxc_nnf_packw_size(&w);
    vx_size i, L_raw, L_packed, L_dense, L_run, L_bias, total;
    convf_cache *cache;
    vx_uint8 *mem;
    const vx_uint8 *wraw;
    const vx_bool dense = nn_dense(&w, es);
    float *bd = NULL;
    if (!in.ptr || !w.ptr || !out.ptr || (tb && !b.ptr)) return VX_ERROR_NO_MEMORY;
    L_raw = ALIGN64(sizeof(convf_cache));
    L_packed = L_raw + ALIGN64(raw_size);
    L_dense = L_packed + ALIGN64(packed_size);
    L_bias = L_dense + (dense ? 0 : ALIGN64(raw_size));
    L_run = L_bias + ALIGN64(ofm * sizeof(float));
    total = L_run + ovx_nnf_conv_scratch(g, &w, &out);
    mem = ovx_nn_keyed_scratch(node, total);
    if (!mem) return VX_ERROR_NO_MEMORY;
    cache = (convf_cache *)(void *)mem;
    /* the weights, and the packed ones when they are new */
    if (!dense) nn_gather4(&w, es, mem + L_dense);
    wraw = dense ? w.ptr : mem + L_dense;
    if (cache->magic != CONVF_CACHE_MAGIC || cache->raw_size != raw_size || cache->packed_size != packed_size ||
        memcmp(cache->wdims, w.dims, sizeof(cache->wdims)) != 0 || memcmp(mem + L_raw, wraw, raw_size) != 0) {
        ovxc_nnf_packw_fill(&w, mem + L_packed, &cache->pw);
        memcpy(mem + L_raw, wraw, raw_size);
        cache->magic = CONVF_CACHE_MAGIC, cache->raw_size = raw_size, cache->packed_size = packed_size;
        memcpy(cache->wdims, w.dims, sizeof(cache->wdims));
    }
    cache->pw.wp = (float *)(void *)(mem + L_packed); /* the scratch may have moved */
    if (tb && b.num_dims == 1) {
        bd = (float *)(void *)(mem + L_bias);
        for (i = 0; i < ofm; i++) memcpy(bd + i, b.ptr + i * b.strides[0], sizeof(float));
    }
    ovx_nnf_conv_exec(ovx_node_threads(node),
                      ovx_node_variant(node) ? (ovxc_nnf_conv_rows_f)ovx_node_variant(node)->fn : ovxc_nnf_conv_rows,
                      g, &in, &w, &cache->pw, bd, tb && b.num_dims == 3 ? &b : NULL, &out, NULL, mem + L_run);
    return VX_SUCCESS;
}

typedef struct {
    ovxc_nnf_fc_plan plan;
    ovxc_nnf_fc_rows_f rows;
    vx_uint32 tasks;
    vx_size ofm;
} fcf_job;

static void fcf_task(void *arg, vx_uint32 i)
{
    fcf_job *j = arg;
    vx_size o0, o1;
    fc_range(j->ofm, i, j->tasks, &o0, &o1);
    if (o0 < o1) j->rows(&j->plan, o0, o1);
}

vx_status ovx_nnf_fc_run(vx_node node, const vx_reference *p, vx_size core)
{
    const vx_size es = sizeof(float);
    vx_size k, ofm, nb, bi, need;
    ovxc_tensor in, w, b, out, core_view;
    vx_uint8 *mem, *wdense = NULL, *xdense;
    fcf_job j;
    vx_uint32 threads = ovx_node_threads(node);
    in = ovx_nn_view((vx_tensor)p[0]), w = ovx_nn_view((vx_tensor)p[1]), b = ovx_nn_view((vx_tensor)p[2]);
    out = ovx_nn_view((vx_tensor)p[5]);
    if (!in.ptr || !w.ptr || !out.ptr || (p[2] && !b.ptr)) return VX_ERROR_NO_MEMORY;
    ofm = out.dims[0], nb = ovxc_nn_count_from(&out, 1);
    k = ovxc_nn_count_from(&w, 0) / ofm;
    core_view = in;
    core_view.num_dims = core;
    /* weight rows and the input as contiguous runs of k floats: the
     * tensors' own memory when dense, else a copy in the node scratch */
    need = (nn_dense(&w, es) ? 0 : k * ofm * es) + ALIGN64(k * es) + 64;
    mem = ovx_node_scratch(node, need);
    if (!mem) return VX_ERROR_NO_MEMORY;
    if (!nn_dense(&w, es)) {
        ovxc_tensor w4 = w;
        wdense = mem + ALIGN64(k * es) + 64;
        if (w4.num_dims == 2) { /* [k, ofm] as [k, 1, 1, ofm] */
            w4.dims[3] = w.dims[1], w4.strides[3] = w.strides[1];
            w4.dims[1] = w4.dims[2] = 1, w4.strides[1] = w4.strides[2] = 0;
        }
        nn_gather4(&w4, es, wdense);
    }
    xdense = mem;
    memset(&j, 0, sizeof(j));
    j.plan.w = (const float *)(const void *)(wdense ? wdense : w.ptr);
    j.plan.wrow = wdense ? k : w.strides[w.num_dims - 1] / es;
    j.plan.k = k;
    j.ofm = ofm;
    j.plan.bias = p[2] ? &b : NULL;
    j.plan.out_stride = out.strides[0];
    j.rows = ovx_node_variant(node) ? (ovxc_nnf_fc_rows_f)ovx_node_variant(node)->fn : ovxc_nnf_fc_rows;
    j.tasks = (vx_uint64)k * ofm < 65536 ? 1 : threads;
    if (j.tasks < 1) j.tasks = 1;
    for (bi = 0; bi < nb; bi++) {
        const vx_uint8 *ib = in.ptr + ovxc_nn_batch_offset(&in, core, bi);
        if (nn_dense(&core_view, es)) {
            j.plan.x = (const float *)(const void *)ib;
        } else {
            vx_size e;
            for (e = 0; e < k; e++) {
                vx_size rem = e, off = 0, d;
                for (d = 0; d < core; d++) {
                    off += (rem % in.dims[d]) * in.strides[d];
                    rem /= in.dims[d];
                }
                memcpy(xdense + e * es, ib + off, es);
            }
            j.plan.x = (const float *)(const void *)xdense;
        }
        j.plan.out = out.ptr + ovxc_nn_batch_offset(&out, 1, bi);
        if (j.tasks <= 1)
            fcf_task(&j, 0);
        else
            ovx_parallel_for(j.tasks, fcf_task, &j);
    }
    return VX_SUCCESS;
}

void ovx_nnf_fc_exec(vx_uint32 threads, ovxc_nnf_fc_rows_f rows, const ovxc_nnf_fc_plan *plan, vx_size ofm)
{
    fcf_job j;
    j.plan = *plan;
    j.rows = rows ? rows : ovxc_nnf_fc_rows;
    j.ofm = ofm;
    j.tasks = (vx_uint64)plan->k * ofm < 65536 ? 1 : threads;
    if (j.tasks < 1) j.tasks = 1;
    if (j.tasks <= 1)
        fcf_task(&j, 0);
    else
        ovx_parallel_for(j.tasks, fcf_task, &j);
}

/* ---- the other layers over the node's threads (compute/nn_layers.c) ------------ */

typedef struct {
    ovx_nn_range_f fn;
    void *arg;
    vx_size n;
    vx_uint32 tasks;
} nn_range_job;

static void nn_range_task(void *arg, vx_uint32 i)
{
    nn_range_job *j = arg;
    vx_size a = j->n * i / j->tasks, b = j->n * (i + 1) / j->tasks;
    if (b > a) j->fn(j->arg, a, b, i);
}

vx_uint32 ovx_nn_tasks(vx_node node, vx_size n, vx_uint64 cost)
{
    /* a few pieces per thread, taken as threads come free (the pool's
     * queue): the caller starts at once and a thread that wakes late or
     * shares its core takes fewer, instead of one half the caller waits for */
    vx_uint32 t = cost < 65536 ? 1 : ovx_node_threads(node);
    if (t > 1) t *= 4;
    if (t > n) t = (vx_uint32)n;
    return t < 1 ? 1 : t;
}

void ovx_nn_parallel(vx_uint32 tasks, vx_size n, ovx_nn_range_f fn, void *arg)
{
    nn_range_job j;
    j.fn = fn, j.arg = arg, j.n = n, j.tasks = tasks;
    if (tasks <= 1)
        fn(arg, 0, n, 0);
    else
        ovx_parallel_for(tasks, nn_range_task, &j);
}

