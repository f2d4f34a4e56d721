/*
 * NNEF model: shape inference and the float32 plan (nnef/nnef.h).
 * Every tensor the graph computes gets its own 64-byte aligned slot in a
 * run arena (allocated per node by the framework, never per run);
 * variables and constants live in the model.
 */
/* Error messages are cut at NNEF_ERR_LEN on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include "nnef.h"
#include "../compute/nn_float.h"
#include "../framework/graph.h"
#include "../kernels/nn_run.h"
#include "../runtime/dispatch.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 2-D convolution geometry in NNEF terms: in [n,c,h,w], filter
 * [o, c/groups, kh, kw] (deconv: [c, o/groups, kh, kw]), out [n,o,oh,ow];
 * pt/pl: padding before (top, left). */
typedef struct {
    size_t n, c, h, w;        /* input */
    size_t o, kh, kw;         /* filter: o maps, kh x kw */
    size_t oh, ow;            /* output */
    size_t groups;
    size_t sh, sw, dh, dw;    /* stride, dilation */
    long pt, pl;              /* padding before */
} nnef_conv_geom;

/* Tasks of a pooling step at most (its per-task rows sit in the arena). */
#define NNEF_MAX_TASKS 64

enum { S_CONV, S_DECONV, S_POOL, S_LINEAR, S_BINARY, S_UNARY, S_SOFTMAX, S_REDUCE, S_ARGMAX, S_COPY, S_SPLIT,
       S_CONCAT, S_UPLIN, S_UPNEAR };

struct nnef_step {
    int kind, op, flag, flag2;
    size_t nin, nout;
    size_t *ins, *outs;
    nnef_conv_geom conv;
    /* conv, deconv on the float core (kernels/nn_run.h): its geometry, the
     * remap of a deconv, the views' shapes of one group, the packed
     * weights of every group (packed at load from a constant filter, else
     * per run into the scratch) */
    ovxc_nn_conv_geom vg;
    ovx_nnf_remap remap;
    ovxc_tensor wv, ov;
    ovxc_nnf_packw *pw;       /* [groups], NULL: pack per run */
    float *packed;
    size_t packed_bytes;      /* per group */
    ovxc_nnf_pool_geom pool;
    int pool2d;               /* the pooling is 2-D (ovxc_nnf_pool_rows) */
    size_t scratch;           /* run scratch bytes of this step */
    float *bias_buf;          /* a scalar bias expanded per channel */
    int has_bias;
    size_t rank, da[NNEF_MAX_RANK], db[NNEF_MAX_RANK], dout[NNEF_MAX_RANK];
    size_t outer, mid, inner; /* softmax, reductions, split/concat (inner: bytes-free element counts) */
    size_t fy, fx, planes, h, w;
};

typedef struct {
    nnef_model *m;
    const nnef_doc *doc;
    const char *file;
    const char *folder;
    char *err;
    int line;
} ctx;

#define FAIL(C, ...)                                                                      \
    do {                                                                                  \
        int n_ = snprintf((C)->err, NNEF_ERR_LEN, "%s:%d: ", (C)->file, (C)->line);      \
        if (n_ > 0 && n_ < NNEF_ERR_LEN) snprintf((C)->err + n_, NNEF_ERR_LEN - (size_t)n_, __VA_ARGS__); \
        return -1;                                                                        \
    } while (0)

static long find_tensor(const nnef_model *m, const char *name)
{
    size_t i;
    for (i = 0; i < m->ntensors; i++)
        if (m->tensors[i].name && strcmp(m->tensors[i].name, name) == 0) return (long)i;
    return -1;
}

/* A new tensor; -1 on failure (err set). */
static long add_tensor(ctx *c, const char *name, size_t rank, const size_t *dims, int dtype)
{
    nnef_model *m = c->m;
    nnef_tensor *t;
    size_t i, count = 1;
    if (name && find_tensor(m, name) >= 0) {
        snprintf(c->err, NNEF_ERR_LEN, "%s:%d: tensor '%s' is defined twice", c->file, c->line, name);
        return -1;
    }
    if (rank > NNEF_MAX_RANK) {
        snprintf(c->err, NNEF_ERR_LEN, "%s:%d: rank %zu is above %d", c->file, c->line, rank, NNEF_MAX_RANK);
        return -1;
    }
    for (i = 0; i < rank; i++) {
        if (dims[i] == 0 || dims[i] > ((size_t)1 << 30) || count > ((size_t)1 << 30) / dims[i]) {
            snprintf(c->err, NNEF_ERR_LEN, "%s:%d: tensor extents zero or too large", c->file, c->line);
            return -1;
        }
        count *= dims[i];
    }
    if (m->ntensors == m->cap_tensors) {
        size_t ncap = m->cap_tensors ? m->cap_tensors * 2 : 32;
        nnef_tensor *nt = realloc(m->tensors, ncap * sizeof(*nt));
        if (!nt) {
            snprintf(c->err, NNEF_ERR_LEN, "%s:%d: out of memory", c->file, c->line);
            return -1;
        }
        m->tensors = nt;
        m->cap_tensors = ncap;
    }
    t = &m->tensors[m->ntensors];
    memset(t, 0, sizeof(*t));
    if (name) {
        t->name = malloc(strlen(name) + 1);
        if (!t->name) {
            snprintf(c->err, NNEF_ERR_LEN, "%s:%d: out of memory", c->file, c->line);
            return -1;
        }
        strcpy(t->name, name);
    }
    t->rank = rank;
    if (rank) memcpy(t->dims, dims, rank * sizeof(size_t));
    t->count = count;
    t->dtype = dtype;
    return (long)m->ntensors++;
}

/* Gives an arena slot to tensor i. */
static int place(ctx *c, size_t i)
{
    nnef_model *m = c->m;
    size_t bytes = (m->tensors[i].count * 4 + 63) & ~(size_t)63;
    if (m->arena_bytes > ((size_t)1 << 40)) FAIL(c, "the graph needs too much memory");
    m->tensors[i].offset = m->arena_bytes;
    m->arena_bytes += bytes;
    return 0;
}

static const nnef_value *arg(const nnef_invocation *inv, size_t pos, const char *name)
{
    size_t i, npos = 0;
    for (i = 0; i < inv->nargs; i++) {
        if (inv->args[i].name) {
            if (strcmp(inv->args[i].name, name) == 0) return &inv->args[i].value;
        } else if (npos++ == pos) {
            return &inv->args[i].value;
        }
    }
    return NULL;
}

/* An integer list (NV_LIST of NV_INT); returns count or -1. */
static int int_list(ctx *c, const nnef_value *v, const char *what, long *out, size_t max)
{
    size_t i;
    if (!v) return 0;
    if (v->kind != NV_LIST) FAIL(c, "'%s' must be a list of integers", what);
    if (v->count > max) FAIL(c, "'%s' has %zu items, at most %zu", what, v->count, max);
    for (i = 0; i < v->count; i++) {
        if (v->items[i].kind != NV_INT || v->items[i].num < -1e9 || v->items[i].num > 1e9)
            FAIL(c, "'%s' must be a list of integers", what);
        out[i] = (long)v->items[i].num;
    }
    return (int)v->count;
}

static int int_value(ctx *c, const nnef_value *v, const char *what, long dflt, long *out)
{
    if (!v) {
        *out = dflt;
        return 0;
    }
    if (v->kind != NV_INT || v->num < -1e9 || v->num > 1e9) FAIL(c, "'%s' must be an integer", what);
    *out = (long)v->num;
    return 0;
}

static const char *str_value(const nnef_value *v, const char *dflt)
{
    return v && v->kind == NV_STR ? v->str : dflt;
}

/* Padding list of (front, back) tuples: count, -1 on error. */
static int pad_list(ctx *c, const nnef_value *v, long *front, long *back, size_t max)
{
    size_t i;
    if (!v) return 0;
    if (v->kind != NV_LIST || v->count > max) FAIL(c, "'padding' must be a list of (front, back) pairs");
    for (i = 0; i < v->count; i++) {
        const nnef_value *p = &v->items[i];
        if (p->kind != NV_TUPLE || p->count != 2 || p->items[0].kind != NV_INT || p->items[1].kind != NV_INT ||
            p->items[0].num < 0 || p->items[1].num < 0 || p->items[0].num > 1e6 || p->items[1].num > 1e6)
            FAIL(c, "'padding' must be a list of (front, back) pairs of non-negative integers");
        front[i] = (long)p->items[0].num;
        back[i] = (long)p->items[1].num;
    }
    return (int)v->count;
}

/* A tensor argument: an identifier, or a number (a new rank-0 constant). */
static long tensor_arg(ctx *c, const nnef_value *v, const char *what)
{
    long t;
    if (!v) {
        snprintf(c->err, NNEF_ERR_LEN, "%s:%d: argument '%s' is missing", c->file, c->line, what);
        return -1;
    }
    if (v->kind == NV_ID) {
        t = find_tensor(c->m, v->str);
        if (t < 0)
            snprintf(c->err, NNEF_ERR_LEN, "%s:%d: tensor '%s' is not defined before use", c->file, c->line, v->str);
        return t;
    }
    if (v->kind == NV_INT || v->kind == NV_REAL || v->kind == NV_BOOL) {
        t = add_tensor(c, NULL, 0, NULL, NT_SCALAR);
        if (t < 0) return -1;
        c->m->tensors[t].data = malloc(sizeof(float));
        if (!c->m->tensors[t].data) {
            snprintf(c->err, NNEF_ERR_LEN, "%s:%d: out of memory", c->file, c->line);
            return -1;
        }
        c->m->tensors[t].data[0] = (float)v->num;
        return t;
    }
    snprintf(c->err, NNEF_ERR_LEN, "%s:%d: argument '%s' must be a tensor or a number", c->file, c->line, what);
    return -1;
}

static const char *lhs_name(ctx *c, const nnef_invocation *inv)
{
    if (inv->lhs.kind != NV_ID) {
        snprintf(c->err, NNEF_ERR_LEN, "%s:%d: '%s' has one result", c->file, c->line, inv->op);
        return NULL;
    }
    return inv->lhs.str;
}

static nnef_step *new_step(ctx *c, int kind, size_t nin, size_t nout)
{
    nnef_model *m = c->m;
    nnef_step *s, *ns = realloc(m->steps, (m->nsteps + 1) * sizeof(*ns));
    if (!ns) return NULL;
    m->steps = ns;
    s = &m->steps[m->nsteps];
    memset(s, 0, sizeof(*s));
    s->ins = calloc(nin ? nin : 1, sizeof(size_t));
    s->outs = calloc(nout ? nout : 1, sizeof(size_t));
    if (!s->ins || !s->outs) {
        free(s->ins);
        free(s->outs);
        return NULL;
    }
    m->nsteps++;
    s->kind = kind;
    s->nin = nin;
    s->nout = nout;
    return s;
}

/* One computed result named by the invocation's left side. */
static long result(ctx *c, const nnef_invocation *inv, size_t rank, const size_t *dims, int dtype)
{
    const char *name = lhs_name(c, inv);
    long t;
    if (!name) return -1;
    t = add_tensor(c, name, rank, dims, dtype);
    if (t < 0 || place(c, (size_t)t) < 0) return -1;
    return t;
}

static int need_float(ctx *c, long t, const char *what)
{
    if (c->m->tensors[t].dtype != NT_SCALAR) FAIL(c, "'%s' must be a scalar (float) tensor", what);
    return 0;
}

static int load_source(ctx *c, const nnef_invocation *inv)
{
    long shape[NNEF_MAX_RANK];
    size_t dims[NNEF_MAX_RANK], i;
    int n, dtype = NT_SCALAR;
    long t;
    const char *name = lhs_name(c, inv);
    if (!name) return -1;
    if (inv->dtype) {
        if (strcmp(inv->dtype, "scalar") == 0) dtype = NT_SCALAR;
        else if (strcmp(inv->dtype, "integer") == 0) dtype = NT_INTEGER;
        else if (strcmp(inv->dtype, "logical") == 0) dtype = NT_LOGICAL;
        else FAIL(c, "unknown tensor type '%s'", inv->dtype);
    }
    n = int_list(c, arg(inv, 0, "shape"), "shape", shape, NNEF_MAX_RANK);
    if (n < 0) return -1;
    if (!arg(inv, 0, "shape")) FAIL(c, "'%s' needs a shape", inv->op);
    for (i = 0; i < (size_t)n; i++) {
        if (shape[i] <= 0) FAIL(c, "shape extents must be positive");
        dims[i] = (size_t)shape[i];
    }
    if (dtype != NT_SCALAR) FAIL(c, "only scalar (float32) %s tensors are supported", inv->op);
    t = add_tensor(c, name, (size_t)n, dims, dtype);
    if (t < 0) return -1;
    if (strcmp(inv->op, "external") == 0) return place(c, (size_t)t);
    if (strcmp(inv->op, "variable") == 0) {
        const char *label = str_value(arg(inv, 1, "label"), NULL);
        char path[4096], ferr[NNEF_ERR_LEN];
        int rank = n;
        size_t fd[NNEF_MAX_RANK];
        if (!label || !label[0]) FAIL(c, "variable '%s' needs a label", name);
        if (label[0] == '/' || strstr(label, "..")) FAIL(c, "variable label '%s' must stay inside the model folder", label);
        if (snprintf(path, sizeof(path), "%s/%s.dat", c->folder, label) >= (int)sizeof(path))
            FAIL(c, "the path of variable '%s' is too long", label);
        memcpy(fd, dims, sizeof(size_t) * (size_t)n);
        if (nnef_read_tensor(path, &rank, fd, &c->m->tensors[t].data, ferr) < 0) FAIL(c, "variable '%s': %s", name, ferr);
        return 0;
    }
    /* constant */
    {
        const nnef_value *v = arg(inv, 1, "value");
        nnef_tensor *tt = &c->m->tensors[t];
        size_t k;
        if (!v || v->kind != NV_LIST || (v->count != 1 && v->count != tt->count))
            FAIL(c, "constant '%s': 'value' must list 1 or %zu numbers", name, tt->count);
        tt->data = malloc(tt->count * sizeof(float));
        if (!tt->data) FAIL(c, "out of memory");
        for (k = 0; k < v->count; k++)
            if (v->items[k].kind != NV_INT && v->items[k].kind != NV_REAL && v->items[k].kind != NV_BOOL)
                FAIL(c, "constant '%s': 'value' must list numbers", name);
        for (k = 0; k < tt->count; k++) tt->data[k] = (float)v->items[v->count == 1 ? 0 : k].num;
        return 0;
    }
}

/* The bias of a convolution / linear with `o` outputs. */
static int set_bias(ctx *c, nnef_step *s, long b, size_t o)
{
    nnef_tensor *t = &c->m->tensors[b];
    if (need_float(c, b, "bias") < 0) return -1;
    if (t->count == o) {
        s->ins[2] = (size_t)b;
        s->has_bias = 1;
        return 0;
    }
    if (t->count == 1 && t->data) {
        size_t i;
        s->bias_buf = malloc(o * sizeof(float));
        if (!s->bias_buf) FAIL(c, "out of memory");
        for (i = 0; i < o; i++) s->bias_buf[i] = t->data[0];
        return 0;
    }
    FAIL(c, "the bias has %zu values for %zu output channels", t->count, o);
}

/* A dense float view of an NNEF [n, c, h, w] tensor's group slice of
 * `ch` channels at channel 0, OpenVX order [w, h, ch, n]. */
static ovxc_tensor nchw_view(size_t n, size_t c, size_t h, size_t w, size_t ch)
{
    ovxc_tensor v;
    memset(&v, 0, sizeof(v));
    v.num_dims = 4;
    v.type = OVXC_T_F32;
    v.dims[0] = w, v.dims[1] = h, v.dims[2] = ch, v.dims[3] = n;
    v.strides[0] = 4, v.strides[1] = 4 * w, v.strides[2] = 4 * w * h, v.strides[3] = 4 * w * h * c;
    return v;
}

/* Group gi's weights in the core's [KW, KH, IFM, OFM] order (dense in
 * dst): a convolution's are the NNEF filter's own; a transposed
 * convolution runs as a convolution of the filter turned by 180 degrees
 * with input and output maps swapped. */
static void group_weights(const nnef_step *s, int deconv, const float *filt, size_t gi, float *dst)
{
    const nnef_conv_geom *g = &s->conv;
    const size_t kh = g->kh, kw = g->kw, cg = g->c / g->groups, og = g->o / g->groups, k2 = kh * kw;
    size_t oo, ci, t;
    if (!deconv) {
        memcpy(dst, filt + gi * og * cg * k2, og * cg * k2 * sizeof(float));
        return;
    }
    for (oo = 0; oo < og; oo++)
        for (ci = 0; ci < cg; ci++)
            for (t = 0; t < k2; t++) dst[(oo * cg + ci) * k2 + t] = filt[((gi * cg + ci) * og + oo) * k2 + (k2 - 1 - t)];
}

/* Pack every group's weights into s->packed (s->pw set). tmp: one group's
 * weights (og * cg * kh * kw floats). */
static void conv_pack(nnef_step *s, int deconv, const float *filt, float *tmp)
{
    size_t gi;
    for (gi = 0; gi < s->conv.groups; gi++) {
        ovxc_tensor w = s->wv;
        group_weights(s, deconv, filt, gi, tmp);
        w.ptr = (uint8_t *)tmp;
        ovxc_nnf_packw_fill(&w, (uint8_t *)s->packed + gi * s->packed_bytes, &s->pw[gi]);
    }
}

/* The float core's geometry, views and packed weights of a conv / deconv
 * step (s->conv, s->ins set). */
static int conv_prep(ctx *c, nnef_step *s, int deconv)
{
    const nnef_conv_geom *g = &s->conv;
    const size_t cg = g->c / g->groups, og = g->o / g->groups;
    const nnef_tensor *tf = &c->m->tensors[s->ins[1]];
    size_t wbytes;
    memset(&s->vg, 0, sizeof(s->vg));
    /* taps at (dil - 1) + k * dil of the padded planes (the core's dilation
     * counts the holes) */
    s->vg.dil[0] = g->dw - 1, s->vg.dil[1] = g->dh - 1;
    if (!deconv) {
        s->vg.skip[0] = g->sw, s->vg.skip[1] = g->sh;
        s->vg.pad[0] = (size_t)g->pl + g->dw - 1, s->vg.pad[1] = (size_t)g->pt + g->dh - 1;
    } else {
        /* out y = iy * s + k * d - pt: the flipped tap k' = K - 1 - k at
         * padded row y + (d - 1) + k' d reads iy = (row + off) / s */
        s->vg.skip[0] = s->vg.skip[1] = 1;
        s->remap.off[0] = g->pl - (long)((g->kw - 1) * g->dw) - (long)(g->dw - 1);
        s->remap.off[1] = g->pt - (long)((g->kh - 1) * g->dh) - (long)(g->dh - 1);
        s->remap.step[0] = g->sw, s->remap.step[1] = g->sh;
    }
    s->wv = nchw_view(og, cg, g->kh, g->kw, cg);
    s->wv.dims[0] = g->kw, s->wv.dims[1] = g->kh, s->wv.dims[2] = cg, s->wv.dims[3] = og;
    s->wv.strides[0] = 4, s->wv.strides[1] = 4 * g->kw, s->wv.strides[2] = 4 * g->kw * g->kh;
    s->wv.strides[3] = 4 * g->kw * g->kh * cg;
    s->ov = nchw_view(g->n, g->o, g->oh, g->ow, og);
    s->packed_bytes = (ovxc_nnf_packw_size(&s->wv) + 63) & ~(size_t)63;
    wbytes = (og * cg * g->kh * g->kw * sizeof(float) + 63) & ~(size_t)63;
    s->scratch = ovx_nnf_conv_scratch(&s->vg, &s->wv, &s->ov);
    if (s->packed_bytes > ((size_t)1 << 40) / g->groups) FAIL(c, "%s: the filter is too large", deconv ? "deconv" : "conv");
    if (tf->data) {
        float *tmp = malloc(wbytes);
        s->packed = malloc(s->packed_bytes * g->groups);
        s->pw = calloc(g->groups, sizeof(*s->pw));
        if (!tmp || !s->packed || !s->pw) {
            free(tmp);
            FAIL(c, "out of memory");
        }
        conv_pack(s, deconv, tf->data, tmp);
        free(tmp);
    } else {
        /* a computed filter: packed per run (scratch: the packed groups,
         * one group's weights, the core's) */
        s->scratch += s->packed_bytes * g->groups + wbytes + g->groups * ((sizeof(ovxc_nnf_packw) + 63) & ~(size_t)63);
    }
    return 0;
}

static int op_conv(ctx *c, const nnef_invocation *inv, int deconv)
{
    long in = tensor_arg(c, arg(inv, 0, "input"), "input"), f, b, groups, stride[2] = {1, 1}, dil[2] = {1, 1};
    long pf[2] = {0, 0}, pb[2] = {0, 0}, oshape[4];
    int np, ns, nd, no = 0;
    const char *border;
    nnef_tensor *ti, *tf;
    nnef_step *s;
    nnef_conv_geom g;
    size_t od[4], i;
    long t;
    if (in < 0) return -1;
    f = tensor_arg(c, arg(inv, 1, "filter"), "filter");
    if (f < 0) return -1;
    b = arg(inv, 2, "bias") ? tensor_arg(c, arg(inv, 2, "bias"), "bias") : tensor_arg(c, &(nnef_value){NV_REAL, 0.0, NULL, 0, NULL}, "bias");
    if (b < 0) return -1;
    if (need_float(c, in, "input") < 0 || need_float(c, f, "filter") < 0) return -1;
    ti = &c->m->tensors[in];
    tf = &c->m->tensors[f];
    if (ti->rank != 4 || tf->rank != 4) FAIL(c, "%s: input and filter must have rank 4 (2-D convolution)", inv->op);
    border = str_value(arg(inv, 3, "border"), "constant");
    if (strcmp(border, "constant") != 0) FAIL(c, "%s: border '%s' is not supported (constant only)", inv->op, border);
    np = pad_list(c, arg(inv, 4, "padding"), pf, pb, 2);
    ns = int_list(c, arg(inv, 5, "stride"), "stride", stride, 2);
    nd = int_list(c, arg(inv, 6, "dilation"), "dilation", dil, 2);
    if (np < 0 || ns < 0 || nd < 0) return -1;
    if ((np && np != 2) || (ns && ns != 2) || (nd && nd != 2))
        FAIL(c, "%s: padding, stride and dilation need 2 spatial entries", inv->op);
    if (ns == 0) stride[0] = stride[1] = 1;
    if (nd == 0) dil[0] = dil[1] = 1;
    if (stride[0] < 1 || stride[1] < 1 || dil[0] < 1 || dil[1] < 1 || stride[0] > 64 || stride[1] > 64 ||
        dil[0] > 64 || dil[1] > 64)
        FAIL(c, "%s: stride and dilation must be 1..64", inv->op);
    if (deconv) {
        no = int_list(c, arg(inv, 7, "output_shape"), "output_shape", oshape, 4);
        if (no < 0) return -1;
        if (no && no != 4) FAIL(c, "deconv: output_shape needs 4 entries");
    }
    if (int_value(c, arg(inv, deconv ? 8 : 7, "groups"), "groups", 1, &groups) < 0) return -1;
    memset(&g, 0, sizeof(g));
    g.n = ti->dims[0];
    g.c = ti->dims[1];
    g.h = ti->dims[2];
    g.w = ti->dims[3];
    g.kh = tf->dims[2];
    g.kw = tf->dims[3];
    g.sh = (size_t)stride[0];
    g.sw = (size_t)stride[1];
    g.dh = (size_t)dil[0];
    g.dw = (size_t)dil[1];
    if (groups < 0) FAIL(c, "%s: groups must be >= 0", inv->op);
    if (!deconv) {
        g.groups = groups == 0 ? g.c : (size_t)groups;
        g.o = tf->dims[0];
        if (tf->dims[1] * g.groups != g.c || g.o % g.groups)
            FAIL(c, "conv: filter [%zu,%zu,...] does not fit %zu input channels in %zu groups", tf->dims[0],
                 tf->dims[1], g.c, g.groups);
    } else {
        g.groups = groups == 0 ? g.c : (size_t)groups;
        g.o = tf->dims[1] * g.groups;
        if (tf->dims[0] != g.c || g.c % g.groups)
            FAIL(c, "deconv: filter [%zu,%zu,...] does not fit %zu input channels in %zu groups", tf->dims[0],
                 tf->dims[1], g.c, g.groups);
    }
    for (i = 0; i < 2; i++) {
        size_t in_e = i ? g.w : g.h, k = i ? g.kw : g.kh, st = i ? g.sw : g.sh, dl = i ? g.dw : g.dh;
        size_t fk = (k - 1) * dl + 1, out_e;
        long front;
        if (!deconv) {
            if (np == 0) {
                size_t total;
                out_e = (in_e + st - 1) / st;
                total = (out_e - 1) * st + fk > in_e ? (out_e - 1) * st + fk - in_e : 0;
                front = (long)(total / 2);
            } else {
                size_t padded = in_e + (size_t)pf[i] + (size_t)pb[i];
                if (padded < fk) FAIL(c, "conv: the filter is larger than the padded input");
                out_e = (padded - fk) / st + 1;
                front = pf[i];
            }
        } else {
            if (no) {
                out_e = oshape[2 + i] > 0 ? (size_t)oshape[2 + i] : 0;
                if (np == 0) {
                    size_t full = (in_e - 1) * st + fk;
                    front = full > out_e ? (long)((full - out_e) / 2) : 0;
                } else {
                    front = pf[i];
                }
            } else if (np == 0) {
                size_t full = (in_e - 1) * st + fk;
                out_e = in_e * st;
                front = full > out_e ? (long)((full - out_e) / 2) : 0;
            } else {
                size_t full = (in_e - 1) * st + fk;
                if (full <= (size_t)(pf[i] + pb[i])) FAIL(c, "deconv: the padding removes the whole output");
                out_e = full - (size_t)pf[i] - (size_t)pb[i];
                front = pf[i];
            }
            if (out_e == 0) FAIL(c, "deconv: empty output");
        }
        if (i) {
            g.ow = out_e;
            g.pl = front;
        } else {
            g.oh = out_e;
            g.pt = front;
        }
    }
    od[0] = g.n;
    od[1] = g.o;
    od[2] = g.oh;
    od[3] = g.ow;
    if (deconv && no && (oshape[0] != (long)g.n || oshape[1] != (long)g.o))
        FAIL(c, "deconv: output_shape does not match the batch and channels");
    t = result(c, inv, 4, od, NT_SCALAR);
    if (t < 0) return -1;
    s = new_step(c, deconv ? S_DECONV : S_CONV, 3, 1);
    if (!s) FAIL(c, "out of memory");
    s->ins[0] = (size_t)in;
    s->ins[1] = (size_t)f;
    s->outs[0] = (size_t)t;
    s->conv = g;
    if (set_bias(c, s, b, g.o) < 0) return -1;
    return conv_prep(c, s, deconv);
}

static int op_pool(ctx *c, const nnef_invocation *inv, int max)
{
    long in = tensor_arg(c, arg(inv, 0, "input"), "input"), size[NNEF_MAX_RANK], stride[NNEF_MAX_RANK],
         dil[NNEF_MAX_RANK], pf[NNEF_MAX_RANK], pb[NNEF_MAX_RANK];
    int nz, np, ns, nd, ignore;
    const char *border;
    nnef_tensor *ti;
    ovxc_nnf_pool_geom g;
    size_t r;
    long t;
    nnef_step *s;
    if (in < 0 || need_float(c, in, "input") < 0) return -1;
    ti = &c->m->tensors[in];
    nz = int_list(c, arg(inv, 1, "size"), "size", size, NNEF_MAX_RANK);
    np = pad_list(c, arg(inv, 3, "padding"), pf, pb, NNEF_MAX_RANK);
    ns = int_list(c, arg(inv, 4, "stride"), "stride", stride, NNEF_MAX_RANK);
    nd = int_list(c, arg(inv, 5, "dilation"), "dilation", dil, NNEF_MAX_RANK);
    if (nz < 0 || np < 0 || ns < 0 || nd < 0) return -1;
    if ((size_t)nz != ti->rank || (np && (size_t)np != ti->rank) || (ns && (size_t)ns != ti->rank) ||
        (nd && (size_t)nd != ti->rank))
        FAIL(c, "%s: size, padding, stride and dilation need one entry per input dimension (%zu)", inv->op, ti->rank);
    border = str_value(arg(inv, 2, "border"), "constant");
    if (strcmp(border, "constant") == 0) ignore = 0;
    else if (strcmp(border, "ignore") == 0) ignore = 1;
    else FAIL(c, "%s: border '%s' is not supported (constant, ignore)", inv->op, border);
    memset(&g, 0, sizeof(g));
    g.rank = ti->rank;
    for (r = 0; r < ti->rank; r++) {
        size_t fk, in_e = ti->dims[r];
        g.in[r] = in_e;
        g.size[r] = (size_t)size[r];
        g.stride[r] = ns ? (size_t)stride[r] : 1;
        g.dil[r] = nd ? (size_t)dil[r] : 1;
        if (size[r] < 1 || size[r] > 1024 || (ns && (stride[r] < 1 || stride[r] > 1024)) ||
            (nd && (dil[r] < 1 || dil[r] > 1024)))
            FAIL(c, "%s: size, stride and dilation must be 1..1024", inv->op);
        fk = (g.size[r] - 1) * g.dil[r] + 1;
        if (np == 0) {
            size_t out_e = (in_e + g.stride[r] - 1) / g.stride[r];
            size_t total = (out_e - 1) * g.stride[r] + fk > in_e ? (out_e - 1) * g.stride[r] + fk - in_e : 0;
            g.out[r] = out_e;
            g.pad[r] = (long)(total / 2);
        } else {
            size_t padded = in_e + (size_t)pf[r] + (size_t)pb[r];
            if (padded < fk) FAIL(c, "%s: the window is larger than the padded input", inv->op);
            g.out[r] = (padded - fk) / g.stride[r] + 1;
            g.pad[r] = pf[r];
        }
    }
    t = result(c, inv, ti->rank, g.out, NT_SCALAR);
    if (t < 0) return -1;
    s = new_step(c, S_POOL, 1, 1);
    if (!s) FAIL(c, "out of memory");
    s->ins[0] = (size_t)in;
    s->outs[0] = (size_t)t;
    s->pool = g;
    s->flag = max;
    s->flag2 = ignore;
    /* a window over the last two dimensions: the float core's rows, a
     * task's row of column maxima in the scratch */
    s->pool2d = g.rank == 4 && g.size[0] == 1 && g.size[1] == 1 && g.stride[0] == 1 && g.stride[1] == 1 &&
                g.pad[0] == 0 && g.pad[1] == 0 && g.dil[2] == 1 && g.dil[3] == 1;
    if (s->pool2d)
        s->scratch = NNEF_MAX_TASKS * ((((g.out[3] - 1) * g.stride[3] + g.size[3] + 16) * g.size[2] * sizeof(float) + 63) &
                                       ~(size_t)63);
    return 0;
}

static int op_linear(ctx *c, const nnef_invocation *inv)
{
    long in = tensor_arg(c, arg(inv, 0, "input"), "input"), f, b, t;
    size_t od[2];
    nnef_step *s;
    if (in < 0) return -1;
    f = tensor_arg(c, arg(inv, 1, "filter"), "filter");
    if (f < 0) return -1;
    b = arg(inv, 2, "bias") ? tensor_arg(c, arg(inv, 2, "bias"), "bias") : tensor_arg(c, &(nnef_value){NV_REAL, 0.0, NULL, 0, NULL}, "bias");
    if (b < 0 || need_float(c, in, "input") < 0 || need_float(c, f, "filter") < 0) return -1;
    if (c->m->tensors[in].rank != 2 || c->m->tensors[f].rank != 2 ||
        c->m->tensors[in].dims[1] != c->m->tensors[f].dims[1])
        FAIL(c, "linear: input [n,c] and filter [o,c] of rank 2 with the same c are required");
    od[0] = c->m->tensors[in].dims[0];
    od[1] = c->m->tensors[f].dims[0];
    t = result(c, inv, 2, od, NT_SCALAR);
    if (t < 0) return -1;
    s = new_step(c, S_LINEAR, 3, 1);
    if (!s) FAIL(c, "out of memory");
    s->ins[0] = (size_t)in;
    s->ins[1] = (size_t)f;
    s->outs[0] = (size_t)t;
    return set_bias(c, s, b, od[1]);
}

static int op_binary(ctx *c, const nnef_invocation *inv, int op)
{
    long a = tensor_arg(c, arg(inv, 0, "x"), "x"), b, t;
    nnef_tensor *ta, *tb;
    size_t rank, r;
    nnef_step *s;
    if (a < 0) return -1;
    b = tensor_arg(c, arg(inv, 1, "y"), "y");
    if (b < 0 || need_float(c, a, "x") < 0 || need_float(c, b, "y") < 0) return -1;
    ta = &c->m->tensors[a];
    tb = &c->m->tensors[b];
    rank = ta->rank > tb->rank ? ta->rank : tb->rank;
    s = new_step(c, S_BINARY, 2, 1);
    if (!s) FAIL(c, "out of memory");
    s->op = op;
    s->rank = rank ? rank : 1;
    for (r = 0; r < s->rank; r++) {
        s->da[r] = r < ta->rank ? ta->dims[r] : 1;
        s->db[r] = r < tb->rank ? tb->dims[r] : 1;
        if (s->da[r] != s->db[r] && s->da[r] != 1 && s->db[r] != 1)
            FAIL(c, "%s: shapes do not broadcast (extent %zu against %zu in dimension %zu)", inv->op, s->da[r],
                 s->db[r], r);
        s->dout[r] = s->da[r] > s->db[r] ? s->da[r] : s->db[r];
    }
    s->ins[0] = (size_t)a;
    s->ins[1] = (size_t)b;
    t = result(c, inv, rank, s->dout, NT_SCALAR);
    if (t < 0) return -1;
    c->m->steps[c->m->nsteps - 1].outs[0] = (size_t)t;
    return 0;
}

static int op_unary(ctx *c, const nnef_invocation *inv, int op)
{
    long in = tensor_arg(c, arg(inv, 0, "x"), "x"), t;
    nnef_step *s;
    size_t dims[NNEF_MAX_RANK];
    if (in < 0 || need_float(c, in, "x") < 0) return -1;
    memcpy(dims, c->m->tensors[in].dims, sizeof(dims)); /* result() may move the tensor table */
    t = result(c, inv, c->m->tensors[in].rank, dims, NT_SCALAR);
    if (t < 0) return -1;
    s = new_step(c, S_UNARY, 1, 1);
    if (!s) FAIL(c, "out of memory");
    s->op = op;
    s->ins[0] = (size_t)in;
    s->outs[0] = (size_t)t;
    return 0;
}

/* outer/mid/inner of contiguous ascending axes; -1 if not. */
static int axes_split(ctx *c, const nnef_tensor *ti, const nnef_value *v, const char *what, long dflt, size_t *outer,
                      size_t *mid, size_t *inner, size_t *od)
{
    long axes[NNEF_MAX_RANK];
    int n = int_list(c, v, what, axes, NNEF_MAX_RANK), i;
    size_t r;
    if (n < 0) return -1;
    if (!v) {
        if (dflt < 0) FAIL(c, "'%s' is required", what);
        axes[0] = dflt;
        n = 1;
    }
    if (n == 0) FAIL(c, "'%s' must not be empty", what);
    for (i = 0; i < n; i++) {
        if (axes[i] < 0 || (size_t)axes[i] >= ti->rank || (i && axes[i] != axes[i - 1] + 1))
            FAIL(c, "'%s' must be ascending, contiguous axes of the rank-%zu input", what, ti->rank);
    }
    *outer = *mid = *inner = 1;
    for (r = 0; r < ti->rank; r++) {
        od[r] = ti->dims[r];
        if ((long)r < axes[0]) *outer *= ti->dims[r];
        else if ((long)r <= axes[n - 1]) {
            *mid *= ti->dims[r];
            od[r] = 1;
        } else *inner *= ti->dims[r];
    }
    return 0;
}

static int op_reduce(ctx *c, const nnef_invocation *inv, int kind, int op)
{
    long in = tensor_arg(c, arg(inv, 0, "input"), "input"), t;
    size_t od[NNEF_MAX_RANK], outer, mid, inner;
    nnef_step *s;
    nnef_tensor *ti;
    if (in < 0 || need_float(c, in, "input") < 0) return -1;
    ti = &c->m->tensors[in];
    if (axes_split(c, ti, arg(inv, 1, "axes"), "axes", kind == S_SOFTMAX ? 1 : -1, &outer, &mid, &inner, od) < 0)
        return -1;
    if (kind == S_SOFTMAX) memcpy(od, ti->dims, sizeof(od));
    t = result(c, inv, c->m->tensors[in].rank, od, kind == S_ARGMAX ? NT_INTEGER : NT_SCALAR);
    if (t < 0) return -1;
    s = new_step(c, kind, 1, 1);
    if (!s) FAIL(c, "out of memory");
    s->op = op;
    s->ins[0] = (size_t)in;
    s->outs[0] = (size_t)t;
    s->outer = outer;
    s->mid = mid;
    s->inner = inner;
    return 0;
}

static int op_reshape(ctx *c, const nnef_invocation *inv, int which)
{
    long in = tensor_arg(c, arg(inv, 0, "input"), "input"), t, vals[NNEF_MAX_RANK];
    nnef_tensor *ti;
    size_t od[NNEF_MAX_RANK], rank = 0, r, count = 1;
    int n;
    nnef_step *s;
    if (in < 0) return -1;
    ti = &c->m->tensors[in];
    if (which == 0) { /* reshape(input, shape, axis_start, axis_count) */
        long as, ac, infer = -1;
        n = int_list(c, arg(inv, 1, "shape"), "shape", vals, NNEF_MAX_RANK);
        if (n < 0) return -1;
        if (!arg(inv, 1, "shape")) FAIL(c, "reshape: 'shape' is required");
        if (int_value(c, arg(inv, 2, "axis_start"), "axis_start", 0, &as) < 0 ||
            int_value(c, arg(inv, 3, "axis_count"), "axis_count", -1, &ac) < 0)
            return -1;
        if (as < 0 || (size_t)as > ti->rank) FAIL(c, "reshape: bad axis_start");
        if (ac < 0) ac = (long)ti->rank - as;
        if ((size_t)(as + ac) > ti->rank) FAIL(c, "reshape: bad axis_count");
        if ((size_t)as + (size_t)n + (ti->rank - (size_t)(as + ac)) > NNEF_MAX_RANK) FAIL(c, "reshape: rank too large");
        for (r = 0; r < (size_t)as; r++) od[rank++] = ti->dims[r];
        for (r = 0; r < (size_t)n; r++) {
            if (vals[r] == 0) {
                if ((size_t)as + r >= ti->rank) FAIL(c, "reshape: 0 refers to a missing input dimension");
                od[rank++] = ti->dims[(size_t)as + r];
            } else if (vals[r] == -1) {
                if (infer >= 0) FAIL(c, "reshape: more than one -1");
                infer = (long)rank;
                od[rank++] = 1;
            } else if (vals[r] > 0) {
                od[rank++] = (size_t)vals[r];
            } else {
                FAIL(c, "reshape: negative extent");
            }
        }
        for (r = (size_t)(as + ac); r < ti->rank; r++) od[rank++] = ti->dims[r];
        for (r = 0; r < rank; r++) {
            if (od[r] > ((size_t)1 << 30)) FAIL(c, "reshape: extent too large");
            count *= od[r];
        }
        if (infer >= 0) {
            if (count == 0 || ti->count % count) FAIL(c, "reshape: %zu elements do not fit the shape", ti->count);
            od[infer] = ti->count / count;
            count = ti->count;
        }
        if (count != ti->count) FAIL(c, "reshape: %zu elements into a shape of %zu", ti->count, count);
    } else {
        long axes[NNEF_MAX_RANK];
        int k;
        n = int_list(c, arg(inv, 1, "axes"), "axes", axes, NNEF_MAX_RANK);
        if (n < 0) return -1;
        if (which == 1) { /* squeeze */
            for (r = 0; r < ti->rank; r++) {
                int drop = 0;
                for (k = 0; k < n; k++) drop |= axes[k] == (long)r;
                if (drop && ti->dims[r] != 1) FAIL(c, "squeeze: axis %zu has extent %zu, not 1", r, ti->dims[r]);
                if (!drop) od[rank++] = ti->dims[r];
            }
            for (k = 0; k < n; k++)
                if (axes[k] < 0 || (size_t)axes[k] >= ti->rank) FAIL(c, "squeeze: axis %ld out of range", axes[k]);
        } else { /* unsqueeze */
            size_t src = 0;
            rank = ti->rank + (size_t)n;
            if (rank > NNEF_MAX_RANK) FAIL(c, "unsqueeze: rank too large");
            for (r = 0; r < rank; r++) {
                int ins = 0;
                for (k = 0; k < n; k++) ins |= axes[k] == (long)r;
                od[r] = ins ? 1 : (src < ti->rank ? ti->dims[src++] : 0);
                if (od[r] == 0) FAIL(c, "unsqueeze: bad axes");
            }
        }
    }
    t = result(c, inv, rank, od, ti->dtype);
    if (t < 0) return -1;
    s = new_step(c, S_COPY, 1, 1);
    if (!s) FAIL(c, "out of memory");
    s->ins[0] = (size_t)in;
    s->outs[0] = (size_t)t;
    return 0;
}

static int op_split_concat(ctx *c, const nnef_invocation *inv, int split)
{
    long axis;
    size_t r, k, n;
    nnef_step *s;
    if (int_value(c, arg(inv, split ? 1 : 1, "axis"), "axis", -1, &axis) < 0) return -1;
    if (split) {
        long in = tensor_arg(c, arg(inv, 0, "value"), "value"), ratios[64];
        nnef_tensor ti;
        int nr;
        size_t total = 0, unit;
        const nnef_value *lhs = &inv->lhs;
        if (in < 0) return -1;
        ti = c->m->tensors[in];
        nr = int_list(c, arg(inv, 2, "ratios"), "ratios", ratios, 64);
        if (nr <= 0) FAIL(c, "split: 'ratios' is required");
        if (axis < 0 || (size_t)axis >= ti.rank) FAIL(c, "split: axis out of range");
        if ((lhs->kind != NV_LIST && lhs->kind != NV_TUPLE) || lhs->count != (size_t)nr)
            FAIL(c, "split: the results must be a list of %d names", nr);
        for (k = 0; k < (size_t)nr; k++) {
            if (ratios[k] <= 0) FAIL(c, "split: ratios must be positive");
            total += (size_t)ratios[k];
        }
        if (ti.dims[axis] % total) FAIL(c, "split: extent %zu is not divisible by the ratio sum %zu", ti.dims[axis], total);
        unit = ti.dims[axis] / total;
        s = new_step(c, S_SPLIT, 1, (size_t)nr);
        if (!s) FAIL(c, "out of memory");
        s->ins[0] = (size_t)in;
        s->outer = 1;
        s->inner = 1;
        for (r = 0; r < ti.rank; r++) {
            if ((long)r < axis) s->outer *= ti.dims[r];
            else if ((long)r > axis) s->inner *= ti.dims[r];
        }
        for (k = 0; k < (size_t)nr; k++) {
            size_t od[NNEF_MAX_RANK];
            long t;
            if (lhs->items[k].kind != NV_ID) FAIL(c, "split: results must be names");
            memcpy(od, ti.dims, sizeof(od));
            od[axis] = unit * (size_t)ratios[k];
            t = add_tensor(c, lhs->items[k].str, ti.rank, od, ti.dtype);
            if (t < 0 || place(c, (size_t)t) < 0) return -1;
            c->m->steps[c->m->nsteps - 1].outs[k] = (size_t)t;
        }
        return 0;
    } else {
        const nnef_value *vals = arg(inv, 0, "values");
        size_t od[NNEF_MAX_RANK], rank;
        long first, t;
        if (!vals || vals->kind != NV_LIST || vals->count == 0 || vals->count > 4096)
            FAIL(c, "concat: 'values' must be a non-empty list of tensors");
        n = vals->count;
        first = tensor_arg(c, &vals->items[0], "values");
        if (first < 0) return -1;
        rank = c->m->tensors[first].rank;
        memcpy(od, c->m->tensors[first].dims, sizeof(od));
        if (axis < 0 || (size_t)axis >= rank) FAIL(c, "concat: axis out of range");
        od[axis] = 0;
        s = new_step(c, S_CONCAT, n, 1);
        if (!s) FAIL(c, "out of memory");
        for (k = 0; k < n; k++) {
            long ti = tensor_arg(c, &vals->items[k], "values");
            nnef_tensor *tt;
            if (ti < 0) return -1;
            tt = &c->m->tensors[ti];
            if (tt->rank != rank || tt->dtype != c->m->tensors[first].dtype) FAIL(c, "concat: ranks or types differ");
            for (r = 0; r < rank; r++)
                if ((long)r != axis && tt->dims[r] != od[r]) FAIL(c, "concat: extents differ off the axis");
            od[axis] += tt->dims[axis];
            c->m->steps[c->m->nsteps - 1].ins[k] = (size_t)ti;
        }
        s = &c->m->steps[c->m->nsteps - 1];
        s->outer = 1;
        s->inner = 1;
        for (r = 0; r < rank; r++) {
            if ((long)r < axis) s->outer *= od[r];
            else if ((long)r > axis) s->inner *= od[r];
        }
        t = result(c, inv, rank, od, c->m->tensors[first].dtype);
        if (t < 0) return -1;
        c->m->steps[c->m->nsteps - 1].outs[0] = (size_t)t;
        return 0;
    }
}

static int op_upsample(ctx *c, const nnef_invocation *inv, int linear)
{
    long in = tensor_arg(c, arg(inv, 0, "input"), "input"), factor[2], t;
    nnef_tensor *ti;
    size_t od[NNEF_MAX_RANK];
    int n, method = 0, replicate = 1;
    nnef_step *s;
    if (in < 0 || need_float(c, in, "input") < 0) return -1;
    ti = &c->m->tensors[in];
    n = int_list(c, arg(inv, 1, "factor"), "factor", factor, 2);
    if (n < 0) return -1;
    if (ti->rank != 4 || n != 2 || factor[0] < 1 || factor[1] < 1 || factor[0] > 64 || factor[1] > 64)
        FAIL(c, "%s: a rank-4 input and 2 factors 1..64 are required", inv->op);
    if (linear) {
        const char *m = str_value(arg(inv, 2, "method"), "symmetric");
        const char *b = str_value(arg(inv, 3, "border"), "replicate");
        if (strcmp(m, "symmetric") == 0) method = 0;
        else if (strcmp(m, "asymmetric") == 0) method = 1;
        else if (strcmp(m, "aligned") == 0) method = 2;
        else FAIL(c, "multilinear_upsample: method '%s' is not supported", m);
        if (strcmp(b, "constant") == 0) replicate = 0;
        else if (strcmp(b, "replicate") == 0) replicate = 1;
        else FAIL(c, "multilinear_upsample: border '%s' is not supported (constant, replicate)", b);
    }
    memcpy(od, ti->dims, sizeof(od));
    od[2] *= (size_t)factor[0];
    od[3] *= (size_t)factor[1];
    t = result(c, inv, 4, od, NT_SCALAR);
    if (t < 0) return -1;
    s = new_step(c, linear ? S_UPLIN : S_UPNEAR, 1, 1);
    if (!s) FAIL(c, "out of memory");
    s->ins[0] = (size_t)in;
    s->outs[0] = (size_t)t;
    s->planes = ti->dims[0] * ti->dims[1];
    s->h = ti->dims[2];
    s->w = ti->dims[3];
    s->fy = (size_t)factor[0];
    s->fx = (size_t)factor[1];
    s->flag = method;
    s->flag2 = replicate;
    return 0;
}

static int build(ctx *c)
{
    const nnef_doc *d = c->doc;
    size_t i, k;
    for (i = 0; i < d->count; i++) {
        const nnef_invocation *inv = &d->ops[i];
        const char *op = inv->op;
        int rc;
        c->line = inv->line;
        if (!strcmp(op, "external") || !strcmp(op, "variable") || !strcmp(op, "constant")) rc = load_source(c, inv);
        else if (!strcmp(op, "conv")) rc = op_conv(c, inv, 0);
        else if (!strcmp(op, "deconv")) rc = op_conv(c, inv, 1);
        else if (!strcmp(op, "max_pool")) rc = op_pool(c, inv, 1);
        else if (!strcmp(op, "avg_pool")) rc = op_pool(c, inv, 0);
        else if (!strcmp(op, "linear")) rc = op_linear(c, inv);
        else if (!strcmp(op, "add")) rc = op_binary(c, inv, OVXC_NNF_ADD);
        else if (!strcmp(op, "sub")) rc = op_binary(c, inv, OVXC_NNF_SUB);
        else if (!strcmp(op, "mul")) rc = op_binary(c, inv, OVXC_NNF_MUL);
        else if (!strcmp(op, "div")) rc = op_binary(c, inv, OVXC_NNF_DIV);
        else if (!strcmp(op, "min")) rc = op_binary(c, inv, OVXC_NNF_MIN);
        else if (!strcmp(op, "max")) rc = op_binary(c, inv, OVXC_NNF_MAX);
        else if (!strcmp(op, "relu")) rc = op_unary(c, inv, OVXC_NNF_RELU);
        else if (!strcmp(op, "sigmoid")) rc = op_unary(c, inv, OVXC_NNF_SIGMOID);
        else if (!strcmp(op, "tanh")) rc = op_unary(c, inv, OVXC_NNF_TANH);
        else if (!strcmp(op, "copy")) rc = op_unary(c, inv, OVXC_NNF_COPY);
        else if (!strcmp(op, "neg")) rc = op_unary(c, inv, OVXC_NNF_NEG);
        else if (!strcmp(op, "abs")) rc = op_unary(c, inv, OVXC_NNF_ABS);
        else if (!strcmp(op, "exp")) rc = op_unary(c, inv, OVXC_NNF_EXP);
        else if (!strcmp(op, "elu")) rc = op_unary(c, inv, OVXC_NNF_ELU);
        else if (!strcmp(op, "softplus")) rc = op_unary(c, inv, OVXC_NNF_SOFTPLUS);
        else if (!strcmp(op, "softmax")) rc = op_reduce(c, inv, S_SOFTMAX, 0);
        else if (!strcmp(op, "argmax_reduce")) rc = op_reduce(c, inv, S_ARGMAX, 0);
        else if (!strcmp(op, "max_reduce")) rc = op_reduce(c, inv, S_REDUCE, OVXC_NNF_RMAX);
        else if (!strcmp(op, "min_reduce")) rc = op_reduce(c, inv, S_REDUCE, OVXC_NNF_RMIN);
        else if (!strcmp(op, "mean_reduce")) rc = op_reduce(c, inv, S_REDUCE, OVXC_NNF_RMEAN);
        else if (!strcmp(op, "sum_reduce")) rc = op_reduce(c, inv, S_REDUCE, OVXC_NNF_RSUM);
        else if (!strcmp(op, "reshape")) rc = op_reshape(c, inv, 0);
        else if (!strcmp(op, "squeeze")) rc = op_reshape(c, inv, 1);
        else if (!strcmp(op, "unsqueeze")) rc = op_reshape(c, inv, 2);
        else if (!strcmp(op, "split")) rc = op_split_concat(c, inv, 1);
        else if (!strcmp(op, "concat")) rc = op_split_concat(c, inv, 0);
        else if (!strcmp(op, "multilinear_upsample")) rc = op_upsample(c, inv, 1);
        else if (!strcmp(op, "nearest_upsample")) rc = op_upsample(c, inv, 0);
        else FAIL(c, "operation '%s' is not supported", op);
        if (rc < 0) return -1;
    }
    c->line = 1;
    {
        /* one run scratch after the tensors, for the step that needs most */
        size_t most = 0;
        for (i = 0; i < c->m->nsteps; i++)
            if (c->m->steps[i].scratch > most) most = c->m->steps[i].scratch;
        if (most > ((size_t)1 << 40)) FAIL(c, "the graph needs too much memory");
        c->m->scratch_offset = c->m->arena_bytes;
        c->m->arena_bytes += (most + 63) & ~(size_t)63;
    }
    c->m->ninputs = d->ninputs;
    c->m->noutputs = d->noutputs;
    c->m->inputs = calloc(d->ninputs + 1, sizeof(size_t));
    c->m->outputs = calloc(d->noutputs + 1, sizeof(size_t));
    if (!c->m->inputs || !c->m->outputs) FAIL(c, "out of memory");
    if (d->noutputs == 0) FAIL(c, "the graph has no outputs");
    for (i = 0; i < d->ninputs; i++) {
        long t = find_tensor(c->m, d->inputs[i]);
        int is_ext = 0;
        for (k = 0; k < d->count; k++)
            if (d->ops[k].lhs.kind == NV_ID && !strcmp(d->ops[k].lhs.str, d->inputs[i]) &&
                !strcmp(d->ops[k].op, "external"))
                is_ext = 1;
        if (t < 0 || !is_ext) FAIL(c, "graph input '%s' is not defined by 'external'", d->inputs[i]);
        c->m->inputs[i] = (size_t)t;
    }
    for (i = 0; i < d->noutputs; i++) {
        long t = find_tensor(c->m, d->outputs[i]);
        if (t < 0) FAIL(c, "graph output '%s' is never computed", d->outputs[i]);
        if (c->m->tensors[t].rank == 0) FAIL(c, "graph output '%s' has rank 0", d->outputs[i]);
        c->m->outputs[i] = (size_t)t;
    }
    return 0;
}

nnef_model *nnef_model_load(const char *path, char *err)
{
    char folder[4096], file[4200];
    size_t len = strlen(path);
    FILE *f;
    char *text = NULL;
    long size;
    nnef_doc doc;
    nnef_model *m;
    ctx c;
    if (strncmp(path, "file://", 7) == 0) {
        path += 7;
        len -= 7;
    }
    if (len == 0 || len >= sizeof(folder)) {
        snprintf(err, NNEF_ERR_LEN, "the model path is empty or too long");
        return NULL;
    }
    memcpy(folder, path, len + 1);
    while (len > 1 && folder[len - 1] == '/') folder[--len] = 0;
    if (len >= 11 && strcmp(folder + len - 11, "/graph.nnef") == 0) {
        folder[len - 11] = 0;
    } else if (len > 5 && strcmp(folder + len - 5, ".nnef") == 0 && !strchr(folder, '/')) {
        strcpy(folder, ".");
    }
    snprintf(file, sizeof(file), "%s/graph.nnef", folder);
    f = fopen(file, "rb");
    if (!f) {
        snprintf(err, NNEF_ERR_LEN, "%s: cannot open (the URL must name an NNEF model folder)", file);
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || size > (64L << 20) || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        snprintf(err, NNEF_ERR_LEN, "%s: cannot read, or larger than 64 MiB", file);
        return NULL;
    }
    text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(text);
        snprintf(err, NNEF_ERR_LEN, "%s: cannot read", file);
        return NULL;
    }
    fclose(f);
    text[size] = 0;
    if (nnef_parse_text(text, (size_t)size, file, &doc, err) < 0) {
        free(text);
        return NULL;
    }
    free(text);
    m = calloc(1, sizeof(*m));
    if (!m) {
        nnef_doc_free(&doc);
        snprintf(err, NNEF_ERR_LEN, "out of memory");
        return NULL;
    }
    snprintf(m->graph_name, sizeof(m->graph_name), "%s", doc.name ? doc.name : "G");
    memset(&c, 0, sizeof(c));
    c.m = m;
    c.doc = &doc;
    c.file = file;
    c.folder = folder;
    c.err = err;
    c.line = 1;
    if (build(&c) < 0) {
        nnef_doc_free(&doc);
        nnef_model_free(m);
        return NULL;
    }
    nnef_doc_free(&doc);
    return m;
}

void nnef_model_free(nnef_model *m)
{
    size_t i;
    if (!m) return;
    for (i = 0; i < m->ntensors; i++) {
        free(m->tensors[i].name);
        free(m->tensors[i].data);
    }
    for (i = 0; i < m->nsteps; i++) {
        free(m->steps[i].ins);
        free(m->steps[i].outs);
        free(m->steps[i].bias_buf);
        free(m->steps[i].pw);
        free(m->steps[i].packed);
    }
    free(m->tensors);
    free(m->steps);
    free(m->inputs);
    free(m->outputs);
    free(m);
}

static float *tp(const nnef_model *m, size_t i, void *arena)
{
    const nnef_tensor *t = &m->tensors[i];
    return t->data ? t->data : (float *)((unsigned char *)arena + t->offset);
}

/* ---- running the plan ---------------------------------------------------- */

typedef struct {
    const nnef_step *s;
    ovxc_tensor in, out;
    vx_size size[2], pad[2], skip[2];
    size_t units, tmp_bytes;
    vx_uint32 tasks;
    uint8_t *scratch;
    ovxc_nnf_softmax_rows_f softmax;
    ovx_fn pool_row;
} nnef_job;

static void pool_task(void *arg, vx_uint32 i)
{
    nnef_job *j = arg;
    const size_t u0 = j->units * i / j->tasks, u1 = j->units * (i + 1) / j->tasks;
    if (u1 > u0)
        ovxc_nnf_pool_rows(&j->in, &j->out, j->s->flag, j->s->flag2, j->size, j->pad, j->skip, u0, u1,
                           (float *)(void *)(j->scratch + i * j->tmp_bytes), j->pool_row);
}

static void softmax_task(void *arg, vx_uint32 i)
{
    nnef_job *j = arg;
    const size_t u0 = j->units * i / j->tasks, u1 = j->units * (i + 1) / j->tasks;
    if (u1 > u0) j->softmax(&j->in, &j->out, 1, u0, u1);
}

static void run_job(nnef_job *j, ovx_task_f fn)
{
    if (j->tasks <= 1)
        fn(j, 0);
    else
        ovx_parallel_for(j->tasks, fn, j);
}

/* Tasks for n items of `cost` element operations in all. */
static vx_uint32 job_tasks(unsigned threads, size_t n, uint64_t cost)
{
    vx_uint32 t = cost < 65536 ? 1 : threads;
    if (t > 1) t *= 4; /* pieces taken as threads come free (kernels/nn_run.c's ovx_nn_tasks) */
    if (t > n) t = (vx_uint32)n;
    if (t > NNEF_MAX_TASKS) t = NNEF_MAX_TASKS;
    return t < 1 ? 1 : t;
}

static void run_conv(const nnef_model *m, const nnef_step *s, void *arena, unsigned threads,
                     ovxc_nnf_conv_rows_f rows)
{
    const nnef_conv_geom *g = &s->conv;
    const size_t cg = g->c / g->groups, og = g->o / g->groups;
    uint8_t *scratch = (uint8_t *)arena + m->scratch_offset;
    const ovxc_nnf_packw *pw = s->pw;
    const float *bias = s->has_bias ? tp(m, s->ins[2], arena) : s->bias_buf;
    ovxc_tensor in = nchw_view(g->n, g->c, g->h, g->w, cg), out = s->ov;
    size_t gi;
    if (!pw) {
        /* a computed filter: packed now, after the core's scratch (see
         * conv_prep): the packw array, the packed groups, one group's
         * weights */
        const size_t pwa = g->groups * ((sizeof(ovxc_nnf_packw) + 63) & ~(size_t)63);
        uint8_t *extra = scratch + ovx_nnf_conv_scratch(&s->vg, &s->wv, &s->ov);
        nnef_step ps = *s;
        ps.pw = (ovxc_nnf_packw *)(void *)extra;
        ps.packed = (float *)(void *)(extra + pwa);
        conv_pack(&ps, s->kind == S_DECONV, tp(m, s->ins[1], arena),
                  (float *)(void *)(extra + pwa + s->packed_bytes * g->groups));
        pw = ps.pw;
    }
    for (gi = 0; gi < g->groups; gi++) {
        in.ptr = (uint8_t *)tp(m, s->ins[0], arena) + gi * cg * g->h * g->w * sizeof(float);
        out.ptr = (uint8_t *)tp(m, s->outs[0], arena) + gi * og * g->oh * g->ow * sizeof(float);
        ovx_nnf_conv_exec(threads, rows, &s->vg, &in, &s->wv, &pw[gi], bias ? bias + gi * og : NULL, NULL, &out,
                          s->kind == S_DECONV ? &s->remap : NULL, scratch);
    }
}

void nnef_model_run(const nnef_model *m, void *arena, unsigned threads)
{
    const ovxc_nnf_conv_rows_f conv_rows = (ovxc_nnf_conv_rows_f)ovx_variant_pick(ovxc_nnf_conv_variants())->fn;
    const ovxc_nnf_fc_rows_f fc_rows = (ovxc_nnf_fc_rows_f)ovx_variant_pick(ovxc_nnf_fc_variants())->fn;
    const ovxc_nnf_softmax_rows_f softmax_rows =
        (ovxc_nnf_softmax_rows_f)ovx_variant_pick(ovxc_nnf_softmax_variants())->fn;
    const ovx_fn max_row = ovx_variant_pick(ovxc_nnf_pool_variants())->fn;
    const ovx_fn avg_row = ovx_variant_pick(ovxc_nnf_pool_avg_variants())->fn;
    size_t i, k;
    for (i = 0; i < m->nsteps; i++) {
        const nnef_step *s = &m->steps[i];
        float *out = tp(m, s->outs[0], arena);
        const float *in = tp(m, s->ins[0], arena);
        switch (s->kind) {
        case S_CONV:
        case S_DECONV: run_conv(m, s, arena, threads, conv_rows); break;
        case S_POOL: {
            const ovxc_nnf_pool_geom *g = &s->pool;
            nnef_job j;
            if (!s->pool2d) {
                ovxc_nnf_pool(g, s->flag, s->flag2, in, out);
                break;
            }
            memset(&j, 0, sizeof(j));
            j.s = s;
            j.in = nchw_view(g->in[0], g->in[1], g->in[2], g->in[3], g->in[1]);
            j.out = nchw_view(g->out[0], g->out[1], g->out[2], g->out[3], g->out[1]);
            j.in.ptr = (uint8_t *)(void *)in, j.out.ptr = (uint8_t *)(void *)out;
            j.size[0] = g->size[3], j.size[1] = g->size[2];
            j.pad[0] = (vx_size)g->pad[3], j.pad[1] = (vx_size)g->pad[2];
            j.skip[0] = g->stride[3], j.skip[1] = g->stride[2];
            j.units = g->out[0] * g->out[1] * g->out[2];
            j.tmp_bytes = s->scratch / NNEF_MAX_TASKS;
            j.pool_row = s->flag ? max_row : avg_row;
            j.scratch = (uint8_t *)arena + m->scratch_offset;
            j.tasks = job_tasks(threads, j.units, (uint64_t)m->tensors[s->outs[0]].count * g->size[2] * g->size[3]);
            run_job(&j, pool_task);
            break;
        }
        case S_LINEAR: {
            const nnef_tensor *ti = &m->tensors[s->ins[0]];
            const size_t c = ti->dims[1], o = m->tensors[s->outs[0]].dims[1];
            ovxc_tensor bv;
            ovxc_nnf_fc_plan plan;
            size_t b;
            memset(&bv, 0, sizeof(bv));
            memset(&plan, 0, sizeof(plan));
            bv.num_dims = 1, bv.dims[0] = o, bv.strides[0] = 4, bv.type = OVXC_T_F32;
            bv.ptr = (uint8_t *)(void *)(s->has_bias ? tp(m, s->ins[2], arena) : s->bias_buf);
            plan.w = tp(m, s->ins[1], arena);
            plan.wrow = c, plan.k = c;
            plan.bias = bv.ptr ? &bv : NULL;
            plan.out_stride = 4;
            for (b = 0; b < ti->dims[0]; b++) {
                plan.x = in + b * c;
                plan.out = (vx_uint8 *)(void *)(out + b * o);
                ovx_nnf_fc_exec(threads, fc_rows, &plan, o);
            }
            break;
        }
        case S_BINARY:
            ovxc_nnf_binary(s->op, s->rank, s->da, in, s->db, tp(m, s->ins[1], arena), s->dout, out);
            break;
        case S_UNARY: ovxc_nnf_unary(s->op, m->tensors[s->outs[0]].count, in, out); break;
        case S_SOFTMAX: {
            nnef_job j;
            memset(&j, 0, sizeof(j));
            j.in.num_dims = 3, j.in.type = OVXC_T_F32;
            j.in.dims[0] = s->inner, j.in.dims[1] = s->mid, j.in.dims[2] = s->outer;
            j.in.strides[0] = 4, j.in.strides[1] = 4 * s->inner, j.in.strides[2] = 4 * s->inner * s->mid;
            j.out = j.in;
            j.in.ptr = (uint8_t *)(void *)in, j.out.ptr = (uint8_t *)(void *)out;
            j.units = s->outer * s->inner;
            j.softmax = softmax_rows;
            j.tasks = job_tasks(threads, j.units, (uint64_t)j.units * s->mid * 8);
            run_job(&j, softmax_task);
            break;
        }
        case S_REDUCE: ovxc_nnf_reduce(s->op, s->outer, s->mid, s->inner, in, out); break;
        case S_ARGMAX: ovxc_nnf_argmax(s->outer, s->mid, s->inner, in, (int *)(void *)out); break;
        case S_COPY: memcpy(out, in, m->tensors[s->outs[0]].count * 4); break;
        case S_SPLIT: {
            size_t a, off = 0, total = m->tensors[s->ins[0]].count / (s->outer * s->inner);
            for (k = 0; k < s->nout; k++) {
                const nnef_tensor *to = &m->tensors[s->outs[k]];
                size_t part = to->count / (s->outer * s->inner);
                float *o = tp(m, s->outs[k], arena);
                for (a = 0; a < s->outer; a++)
                    memcpy(o + a * part * s->inner, in + (a * total + off) * s->inner, part * s->inner * 4);
                off += part;
            }
            break;
        }
        case S_CONCAT: {
            size_t a, off = 0, total = m->tensors[s->outs[0]].count / (s->outer * s->inner);
            for (k = 0; k < s->nin; k++) {
                const nnef_tensor *ti = &m->tensors[s->ins[k]];
                size_t part = ti->count / (s->outer * s->inner);
                const float *p = tp(m, s->ins[k], arena);
                for (a = 0; a < s->outer; a++)
                    memcpy(out + (a * total + off) * s->inner, p + a * part * s->inner, part * s->inner * 4);
                off += part;
            }
            break;
        }
        case S_UPLIN:
            ovxc_nnf_upsample_linear(s->planes, s->h, s->w, s->fy, s->fx, s->flag, s->flag2, in, out);
            break;
        case S_UPNEAR: ovxc_nnf_upsample_nearest(s->planes, s->h, s->w, s->fy, s->fx, in, out); break;
        default: break;
        }
    }
}
