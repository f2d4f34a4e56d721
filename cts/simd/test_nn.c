/*
 * The packed convolution core and the fully connected dot products
 * (compute/nn_gemm.h): every variant (the scalar one included) against the
 * scalar references of compute/nn.c (ovxc_nn_convolution,
 * ovxc_nn_deconvolution, ovxc_nn_fully_connected), bit-exact, on random U8,
 * S8 and Q7.8 / Q0 / Q15 data: odd and tiny sizes, 1x1 to 5x3 kernels,
 * paddings, skips (strides) 1 to 3, dilations, deconvolution upscales,
 * both rounding and both overflow policies, no bias / per-map / per-location
 * biases, batches, strided outputs, row and output-map ranges split the way
 * the threads split them, values at the int32 bound; the bound itself
 * (ovxc_nn_conv_exact32); fully connected lengths that end mid-vector and
 * that cross the 8-bit int32 chunk, and 16-bit sums of (-32768)^2 pairs.
 * The avx512 (VNNI) entries run where the CPU has AVX512_VNNI, and always in
 * the simd-emu512-nn build (SIMDe emulation, cts/meson.build): wide tiles,
 * lengths around 32 and 64, worst-case vpdpbusd operands over long k.
 * The other layers' range functions (compute/nn_layers.c) against their
 * references too: pooling (max, avg; windows cut by paddings and by
 * ceiling-rounded output sizes; strided inputs), softmax with and without
 * the table of exponentials, activations by table and ReLU's direct path.
 */
#include "../../csrc/compute/nn_gemm.c"
#include "../../csrc/compute/nn_layers.c"
#include "../../csrc/compute/nn_float_gemm.c"
#include "../../csrc/compute/nn_float_vx.c"
#include "nn_float_ref.inc"

#include <math.h>
#if defined(__x86_64__) && defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SIMD_TEST_SEED 424242u
#include "simd_test.h"

/* runtime/cpu.c's predicate of the VNNI variants (the tables of nn_gemm.c
 * list the avx512 entries only when it holds): the CPU's, or always under
 * the SIMDe emulation (simd-emu512-nn), whose build has no real VNNI. */
int ovx_cpu_avx512vnni(void)
{
#if defined(OVX_SIMD_TEST_EMU512)
    return 1;
#elif (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512vnni") != 0;
#else
    return 0;
#endif
}

/* runtime/cpu.c's AMX predicate: the CPU's AMX-TILE and AMX-INT8 with the
 * kernel's permission for the tile data (asked here as cpu.c asks it);
 * never under the emulation (SIMDe has no AMX). */
int ovx_cpu_amx_int8(void)
{
#if defined(OVX_SIMD_TEST_EMU512)
    return 0;
#elif defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
    static int done, ok;
    if (!done) {
        __builtin_cpu_init();
        ok = ovx_cpu_avx512vnni() && __builtin_cpu_supports("amx-tile") && __builtin_cpu_supports("amx-int8") &&
             syscall(SYS_arch_prctl, 0x1023, 18) == 0;
        done = 1;
    }
    return ok;
#else
    return 0;
#endif
}

static unsigned passed, failed, not_run;

static int32_t value(int type, int32_t lo, int32_t hi)
{
    int32_t v = lo + (int32_t)(rnd() % (unsigned)(hi - lo + 1));
    if (type == OVXC_T_U8 && v < 0) v = -v;
    if (type == OVXC_T_U8 && v > 255) v = 255;
    if (type == OVXC_T_S8) v = v < -128 ? -128 : v > 127 ? 127 : v;
    return v;
}

/* A dense tensor of dims (x fastest) with element stride es * xs. */
static ovxc_tensor make(size_t nd, const size_t *dims, size_t es, size_t xs)
{
    ovxc_tensor t;
    size_t d, s = es * xs, total;
    memset(&t, 0, sizeof(t));
    t.num_dims = nd;
    for (d = 0; d < OVXC_TENSOR_MAX_DIMS; d++) t.dims[d] = d < nd ? dims[d] : 1;
    for (d = 0; d < nd; d++) {
        t.strides[d] = s;
        s *= dims[d];
    }
    total = s;
    t.ptr = calloc(total ? total : 1, 1);
    return t;
}

static size_t nbytes(const ovxc_tensor *t)
{
    return t->strides[t->num_dims - 1] * t->dims[t->num_dims - 1];
}

static void fill(ovxc_tensor *t, int type, int32_t lo, int32_t hi)
{
    size_t n = ovxc_nn_count_from(t, 0), i, k;
    for (i = 0; i < n; i++) {
        size_t off = 0, rem = i;
        for (k = 0; k < t->num_dims; k++) {
            off += (rem % t->dims[k]) * t->strides[k];
            rem /= t->dims[k];
        }
        ovxc_nn_store(t->ptr + off, type, value(type, lo, hi));
    }
}

typedef struct {
    size_t iw, ih, ifm, ofm, kw, kh, pad, skip, dil, up, a, batch;
    int bias; /* 0 none, 1 per map, 2 per location */
    int strided_out;
} conv_case;

static int fill_const; /* conv_check: constant data (xlim) and weights (wlim) */

/* One case of one type and policy set: the reference, then each variant. */
static void conv_check(const conv_case *cc, int type, int q, int wrap, int to_ne, int32_t xlim, int32_t wlim)
{
    const size_t es = type == OVXC_T_S16 ? 2 : 1;
    const int deconv = cc->up > 0;
    ovxc_nn_conv_geom g;
    ovxc_nn_fixed f = {type, q, wrap, to_ne};
    size_t idims[4] = {cc->iw, cc->ih, cc->ifm, cc->batch}, wdims[4] = {cc->kw, cc->kh, cc->ifm, cc->ofm};
    size_t odims[4], bdims[3], ow, oh, i, bi;
    ovxc_tensor in, w, b, ref, out;
    const ovx_variant *v;
    int64_t *acc;
    memset(&g, 0, sizeof(g));
    g.deconv = deconv;
    g.pad[0] = g.pad[1] = cc->pad;
    g.skip[0] = g.skip[1] = deconv ? 1 : cc->skip;
    g.dil[0] = g.dil[1] = deconv ? 0 : cc->dil;
    g.up[0] = g.up[1] = cc->up;
    if (deconv) {
        ow = (cc->iw - 1) * cc->up + cc->kw + cc->a - 2 * cc->pad;
        oh = (cc->ih - 1) * cc->up + cc->kh + cc->a - 2 * cc->pad;
    } else {
        ow = (cc->iw + 2 * cc->pad - (cc->kw + (cc->kw - 1) * cc->dil)) / cc->skip + 1;
        oh = (cc->ih + 2 * cc->pad - (cc->kh + (cc->kh - 1) * cc->dil)) / cc->skip + 1;
    }
    odims[0] = ow, odims[1] = oh, odims[2] = cc->ofm, odims[3] = cc->batch;
    bdims[0] = cc->bias == 2 ? ow : cc->ofm, bdims[1] = oh, bdims[2] = cc->ofm;
    in = make(cc->batch > 1 ? 4 : 3, idims, es, 1);
    w = make(4, wdims, es, 1);
    b = make(cc->bias == 2 ? 3 : 1, bdims, es, 1);
    ref = make(cc->batch > 1 ? 4 : 3, odims, es, 1);
    out = make(cc->batch > 1 ? 4 : 3, odims, es, cc->strided_out ? 3 : 1);
    if (wlim == 32768) { /* the bound's extreme: -32768 weights, -32767 data */
        fill(&in, type, -xlim, -xlim);
        fill(&w, type, -wlim, -wlim);
    } else if (fill_const) { /* every input xlim, every weight wlim (8-bit extremes) */
        fill(&in, type, xlim, xlim);
        fill(&w, type, wlim, wlim);
    } else {
        fill(&in, type, -xlim, xlim);
        fill(&w, type, -wlim, wlim);
    }
    fill(&b, type, -xlim, xlim);
    acc = malloc(ow * oh * sizeof(*acc));
    if (deconv)
        ovxc_nn_deconvolution(&in, &w, cc->bias ? &b : NULL, &ref, &f, cc->pad, cc->pad, cc->up, cc->up, cc->iw, cc->ih,
                             acc);
    else
        ovxc_nn_convolution(&in, &w, cc->bias ? &b : NULL, &ref, &f, cc->pad, cc->pad, cc->skip, cc->skip, cc->dil,
                           cc->dil, acc);
    for (v = ovxc_nn_conv_variants();; v++) {
        ovxc_nn_packw pw;
        ovxc_nn_planes pl;
        ovxc_nn_srcmap map;
        ovxc_nn_conv_plan p;
        size_t *taps = malloc(cc->kw * cc->kh * sizeof(size_t));
        size_t *trows = malloc(cc->kw * cc->kh * sizeof(size_t));
        void *wmem = malloc(ovxc_nn_packw_size(&w));
        int32_t *bias32 = malloc(cc->ofm * sizeof(int32_t));
        int64_t bmax = 0;
        int bad = 0;
        if (!cpu_has(v->level)) {
            not_run++;
            free(taps), free(trows), free(wmem), free(bias32);
            if (v->level == OVX_SIMD_NONE) break;
            continue;
        }
        ovxc_nn_packw_fill(&w, type, wmem, &pw);
        ovxc_nn_conv_layout(&g, &w, &out, &pl);
        if (ovxc_nn_conv_wants_q8(v, type, &w)) /* the driver's choice */
            ovxc_nn_conv_layout_q8(&pl, cc->ifm, ovxc_nn_conv_wants_q8(v, type, &w));
        pl.ip = malloc(ovxc_nn_planes_bytes(&pl));
        map.col = malloc(pl.phases * pl.pw * sizeof(ptrdiff_t));
        map.row = malloc(pl.rows * sizeof(ptrdiff_t));
        ovxc_nn_conv_maps(&g, &in, &w, &pl, &map, taps, trows);
        for (i = 0; i < cc->ofm && cc->bias == 1; i++) {
            int64_t bv = ovxc_nn_load(b.ptr + i * b.strides[0], type);
            bias32[i] = (int32_t)(bv * ((int64_t)1 << q));
            if ((bv < 0 ? -bv : bv) > bmax) bmax = bv < 0 ? -bv : bv;
        }
        if (cc->bias == 2) bmax = 32768;
        if (!ovxc_nn_conv_exact32(pw.abs_max, xlim < 0 ? -xlim : xlim, bmax, q)) {
            fprintf(stderr, "test_nn: case %zux%zu k%zu: values beyond the bound\n", cc->iw, cc->ih, cc->kw);
            failed++;
        }
        memset(&p, 0, sizeof(p));
        p.w = &pw, p.pl = &pl, p.tap_off = taps, p.skip_y = g.skip[1];
        /* zero rows skipped (as the driver does) on even policies, read on odd ones */
        p.tap_row = (wrap ^ to_ne) ? NULL : trows, p.row_src = map.row;
        p.ow = ow, p.oh = oh, p.ofm = cc->ofm, p.f = f;
        p.bias = cc->bias == 1 ? bias32 : NULL;
        p.bias_loc = cc->bias == 2 ? &b : NULL;
        memset(out.ptr, 0x5A, nbytes(&out));
        for (bi = 0; bi < cc->batch; bi++) {
            const uint8_t *ib = in.ptr + ovxc_nn_batch_offset(&in, 3, bi);
            size_t ym = oh / 2, bm = (pw.blocks + 1) / 2, np = pl.q8 ? pw.cq : pw.cp;
            /* the planes in two pair (quad) ranges, the rows and blocks in
             * four rectangles (the threads' split) */
            ovxc_nn_planes_fill(&pl, &map, &in, ib, type, 0, np / 2);
            ovxc_nn_planes_fill(&pl, &map, &in, ib, type, np / 2, np);
            p.out = out;
            p.out.ptr = out.ptr + ovxc_nn_batch_offset(&out, 3, bi);
            ((ovxc_nn_conv_rows_f)v->fn)(&p, 0, ym, 0, bm);
            ((ovxc_nn_conv_rows_f)v->fn)(&p, 0, ym, bm, pw.blocks);
            ((ovxc_nn_conv_rows_f)v->fn)(&p, ym, oh, 0, bm);
            ((ovxc_nn_conv_rows_f)v->fn)(&p, ym, oh, bm, pw.blocks);
        }
        for (i = 0; i < ow * oh * cc->ofm * cc->batch && !bad; i++) {
            size_t x = i % ow, y = i / ow % oh, o = i / ow / oh % cc->ofm, n = i / ow / oh / cc->ofm;
            int32_t r = ovxc_nn_load(ref.ptr + x * ref.strides[0] + y * ref.strides[1] + o * ref.strides[2] +
                                        n * ref.strides[3],
                                    type);
            int32_t g2 = ovxc_nn_load(out.ptr + x * out.strides[0] + y * out.strides[1] + o * out.strides[2] +
                                         n * out.strides[3],
                                     type);
            if (r != g2) {
                fprintf(stderr,
                        "test_nn: conv %s type %d q %d wrap %d ne %d in %zux%zux%zu k %zux%zu ofm %zu pad %zu skip "
                        "%zu dil %zu up %zu bias %d: (%zu,%zu,%zu,%zu) %d, reference %d\n",
                        v->name, type, q, wrap, to_ne, cc->iw, cc->ih, cc->ifm, cc->kw, cc->kh, cc->ofm, cc->pad,
                        cc->skip, cc->dil, cc->up, cc->bias, x, y, o, n, g2, r);
                bad = 1;
            }
        }
        if (bad)
            failed++;
        else
            passed++;
        free(pl.ip), free(map.col), free(map.row), free(taps), free(trows), free(wmem), free(bias32);
        if (v->level == OVX_SIMD_NONE) break;
    }
    free(acc), free(in.ptr), free(w.ptr), free(b.ptr), free(ref.ptr), free(out.ptr);
}

static void fc_check(size_t k, size_t ofm, size_t batch, int type, int q, int wrap, int to_ne, int32_t xlo,
                     int32_t xhi, int32_t wlo, int32_t whi, int bias)
{
    const size_t es = type == OVXC_T_S16 ? 2 : 1;
    size_t idims[2] = {k, batch}, wdims[2] = {k, ofm}, odims[2] = {ofm, batch}, bdims[1] = {ofm}, bi;
    ovxc_tensor in = make(2, idims, es, 1), w = make(2, wdims, es, 1), b = make(1, bdims, es, 1);
    ovxc_tensor ref = make(2, odims, es, 1), out = make(2, odims, es, 1);
    ovxc_nn_fixed f = {type, q, wrap, to_ne};
    const ovx_variant *v;
    fill(&in, type, xlo, xhi);
    fill(&w, type, wlo, whi);
    fill(&b, type, -300, 300);
    ovxc_nn_fully_connected(&in, 1, &w, bias ? &b : NULL, &ref, &f);
    for (v = ovxc_nn_fc_variants();; v++) {
        if (!cpu_has(v->level)) {
            not_run++;
        } else {
            ovxc_nn_fc_plan p;
            memset(out.ptr, 0x5A, nbytes(&out));
            memset(&p, 0, sizeof(p));
            p.w = w.ptr, p.wrow = w.strides[1], p.k = k, p.bias = bias ? &b : NULL;
            p.out_stride = out.strides[0], p.f = f;
            for (bi = 0; bi < batch; bi++) {
                p.x = in.ptr + bi * in.strides[1];
                p.out = out.ptr + bi * out.strides[1];
                ((ovxc_nn_fc_rows_f)v->fn)(&p, 0, ofm / 3);
                ((ovxc_nn_fc_rows_f)v->fn)(&p, ofm / 3, ofm);
            }
            if (memcmp(out.ptr, ref.ptr, nbytes(&out)) != 0) {
                fprintf(stderr, "test_nn: fc %s type %d q %d k %zu ofm %zu batch %zu differs\n", v->name, type, q, k,
                        ofm, batch);
                failed++;
            } else {
                passed++;
            }
        }
        if (v->level == OVX_SIMD_NONE) break;
    }
    free(in.ptr), free(w.ptr), free(b.ptr), free(ref.ptr), free(out.ptr);
}

static int same(const ovxc_tensor *a, const ovxc_tensor *b, int type)
{
    size_t n = ovxc_nn_count_from(a, 0), i, k;
    for (i = 0; i < n; i++) {
        size_t oa = 0, ob = 0, rem = i;
        for (k = 0; k < a->num_dims; k++) {
            oa += (rem % a->dims[k]) * a->strides[k];
            ob += (rem % a->dims[k]) * b->strides[k];
            rem /= a->dims[k];
        }
        if (ovxc_nn_load(a->ptr + oa, type) != ovxc_nn_load(b->ptr + ob, type)) return 0;
    }
    return 1;
}

static void count(int ok, const char *what, int type, size_t a, size_t b)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "test_nn: %s type %d (%zu, %zu) differs from the reference\n", what, type, a, b);
    }
}

/* Pooling over [iw, ih, c] with the given window; ow/oh as the layer's
 * rounding gives them (ceil: windows may pass the padded input). */
static void pool_check(int type, int is_max, size_t iw, size_t ih, size_t c, size_t sz, size_t pad, size_t skip,
                       int ceil_round, size_t xs)
{
    const size_t es = type == OVXC_T_S16 ? 2 : 1;
    const size_t span = iw + 2 * pad - sz, spany = ih + 2 * pad - sz;
    size_t idims[3] = {iw, ih, c}, odims[3], size[2] = {sz, sz}, pads[2] = {pad, pad}, skips[2] = {skip, skip};
    ovxc_tensor in, ref, out;
    const ovx_variant *v;
    void *tmp;
    odims[0] = (ceil_round ? (span + skip - 1) / skip : span / skip) + 1;
    odims[1] = (ceil_round ? (spany + skip - 1) / skip : spany / skip) + 1;
    odims[2] = c;
    in = make(3, idims, es, xs), ref = make(3, odims, es, 1), out = make(3, odims, es, 1);
    fill(&in, type, -32768, 32767);
    ovxc_nn_pooling(&in, &ref, type, is_max, sz, sz, pad, pad, skip, skip);
    tmp = malloc(ovxc_nn_pool_tmp_size(&in, &out, size, pads, skips));
    for (v = ovxc_nn_pool_variants();; v++) {
        if (!cpu_has(v->level)) {
            not_run++;
        } else {
            memset(out.ptr, 0x5A, nbytes(&out));
            ovxc_nn_pool_rows(&in, &out, type, is_max, size, pads, skips, 0, 3, tmp, (ovxc_nn_pool_max_row_f)v->fn);
            ovxc_nn_pool_rows(&in, &out, type, is_max, size, pads, skips, 3, odims[1] * c, tmp,
                             (ovxc_nn_pool_max_row_f)v->fn);
            count(same(&ref, &out, type), is_max ? "max pooling" : "avg pooling", type, iw, sz * 10 + pad);
        }
        if (v->level == OVX_SIMD_NONE) break;
    }
    free(tmp), free(in.ptr), free(ref.ptr), free(out.ptr);
}

static void softmax_check(int type, int q, size_t nd, size_t d0, size_t d1, size_t d2, int table)
{
    const size_t es = type == OVXC_T_S16 ? 2 : 1;
    size_t dims[3] = {d0, d1, d2}, axis = nd > 2 ? 2 : 0, items;
    ovxc_tensor in = make(nd, dims, es, 1), ref = make(nd, dims, es, 1), out = make(nd, dims, es, 1);
    double *e = malloc(dims[axis] * sizeof(double)), *et = table ? malloc(65536 * sizeof(double)) : NULL;
    const ovx_variant *v;
    fill(&in, type, type == OVXC_T_S16 ? -3000 : -128, type == OVXC_T_S16 ? 3000 : 255);
    ovxc_nn_softmax(&in, &ref, type, q, axis);
    if (et) ovxc_nn_softmax_table(type, q, et);
    items = ovxc_nn_count_from(&in, 0) / dims[axis];
    for (v = ovxc_nn_softmax_variants();; v++) {
        if (!cpu_has(v->level)) {
            not_run++;
        } else {
            memset(out.ptr, 0x5A, nbytes(&out));
            ovxc_nn_softmax_range(&in, &out, type, q, axis, 0, items / 2, e, et, (ovxc_nn_softmax_row_f)v->fn);
            ovxc_nn_softmax_range(&in, &out, type, q, axis, items / 2, items, e, et, (ovxc_nn_softmax_row_f)v->fn);
            count(same(&ref, &out, type), table ? "softmax (table)" : "softmax", type, d0, q);
        }
        if (v->level == OVX_SIMD_NONE) break;
    }
    free(e), free(et), free(in.ptr), free(ref.ptr), free(out.ptr);
}

static void act_check(int type, int q, vx_enum func, double a, double b, int table)
{
    const size_t es = type == OVXC_T_S16 ? 2 : 1;
    size_t dims[2] = {37, 5};
    ovxc_tensor in = make(2, dims, es, 1), ref = make(2, dims, es, 1), out = make(2, dims, es, 1);
    int16_t *lut = table ? malloc(65536 * sizeof(int16_t)) : NULL;
    fill(&in, type, -32768, 32767);
    ovxc_nn_activation(&in, &ref, type, q, func, a, b);
    if (lut) ovxc_nn_activation_lut(type, q, func, a, b, lut);
    ovxc_nn_activation_range(&in, &out, type, q, func, a, b, lut, 0, 2);
    ovxc_nn_activation_range(&in, &out, type, q, func, a, b, lut, 2, 5);
    count(same(&ref, &out, type), table ? "activation (table)" : "activation", type, (size_t)func, q);
    free(lut), free(in.ptr), free(ref.ptr), free(out.ptr);
}

/* ---- float32 (compute/nn_float_gemm.h) ----------------------------------------------- */

static float frnd(void)
{
    return (float)((int)(rnd() % 2001u) - 1000) / 1000.0f;
}

static void ffill(ovxc_tensor *t, int absval)
{
    size_t n = ovxc_nn_count_from(t, 0), i, k;
    for (i = 0; i < n; i++) {
        size_t off = 0, rem = i;
        float v = frnd();
        for (k = 0; k < t->num_dims; k++) {
            off += (rem % t->dims[k]) * t->strides[k];
            rem /= t->dims[k];
        }
        if (absval) memcpy(&v, t->ptr + off, sizeof(v)), v = fabsf(v);
        memcpy(t->ptr + off, &v, sizeof(v));
    }
}

static float fat(const ovxc_tensor *t, size_t x, size_t y, size_t o, size_t n)
{
    float v;
    memcpy(&v, t->ptr + x * t->strides[0] + y * t->strides[1] + o * t->strides[2] + n * t->strides[3], sizeof(v));
    return v;
}

/* Run variant fn of the float core on one case the way the driver and its
 * threads do: planes in two channel ranges, rows and blocks in four
 * rectangles; results into out (filled with a marker first). */
static void fconv_run(ovxc_nnf_conv_rows_f fn, const ovxc_nn_conv_geom *g, const ovxc_tensor *in,
                      const ovxc_tensor *w, const ovxc_tensor *b, int bias, ovxc_tensor *out)
{
    ovxc_nnf_packw pw;
    ovxc_nn_planes pl;
    ovxc_nn_srcmap map;
    ovxc_nnf_conv_plan p;
    const size_t taps = w->dims[0] * w->dims[1], ofm = w->dims[3], ifm = w->dims[2];
    const size_t ow = out->dims[0], oh = out->dims[1], nb = ovxc_nn_count_from(out, 3);
    size_t *toff = malloc(taps * sizeof(size_t)), *trows = malloc(taps * sizeof(size_t));
    size_t *ntaps = malloc(oh * sizeof(size_t)), *list = malloc(oh * taps * sizeof(size_t)), i, bi;
    void *wmem = malloc(ovxc_nnf_packw_size(w));
    float *biasd = malloc(ofm * sizeof(float)), *ip;
    size_t *koff = malloc(ifm * taps * sizeof(size_t) + 1);
    ovxc_nnf_packw_fill(w, wmem, &pw);
    ovxc_nnf_conv_layout(g, w, out, &pl);
    ip = malloc(pl.total * sizeof(float));
    map.col = malloc(pl.phases * pl.pw * sizeof(ptrdiff_t));
    map.row = malloc(pl.rows * sizeof(ptrdiff_t));
    ovxc_nn_conv_maps(g, in, w, &pl, &map, toff, trows);
    ovxc_nnf_conv_row_taps(oh, g->deconv ? 1 : g->skip[1], taps, map.row, trows, ntaps, list);
    for (i = 0; i < ofm; i++) memcpy(biasd + i, b->ptr + i * b->strides[0], 4);
    memset(&p, 0, sizeof(p));
    p.w = &pw, p.pl = &pl, p.ip = ip, p.tap_off = toff, p.row_ntaps = ntaps, p.row_taps = list;
    p.skip_y = g->deconv ? 1 : g->skip[1], p.ow = ow, p.oh = oh;
    /* the flat (channel, tap) offsets on odd output-map counts only: both
     * paths of the SIMD variants run */
    if (ofm % 2) {
        for (i = 0; i < ifm * taps; i++) koff[i] = i / taps * pl.plane + toff[i % taps];
        p.koff = koff;
    }
    p.bias = bias == 1 ? biasd : NULL;
    p.bias_loc = bias == 2 ? b : NULL;
    memset(out->ptr, 0x5A, nbytes(out));
    for (bi = 0; bi < nb; bi++) {
        const uint8_t *ib = in->ptr + ovxc_nn_batch_offset(in, 3, bi);
        size_t ym = oh / 2, bm = (pw.blocks + 1) / 2;
        ovxc_nnf_planes_fill(&pl, &map, in, ib, ip, 0, ifm / 2);
        ovxc_nnf_planes_fill(&pl, &map, in, ib, ip, ifm / 2, ifm);
        p.out = *out;
        p.out.ptr = out->ptr + ovxc_nn_batch_offset(out, 3, bi);
        fn(&p, 0, ym, 0, bm);
        fn(&p, 0, ym, bm, pw.blocks);
        fn(&p, ym, oh, 0, bm);
        fn(&p, ym, oh, bm, pw.blocks);
    }
    free(ip), free(map.col), free(map.row), free(toff), free(trows), free(ntaps), free(list), free(wmem), free(biasd);
    free(koff);
}

/* One float case: the scalar variant against the double reference
 * (ovxc_nnf_vx_convolution / deconvolution) within the float error bound
 * (k + 2) 2^-24 sum |w x| (+ |b|), the sums of magnitudes from the same
 * reference on |in|, |w|, |b|; every variant bit-identical to the scalar
 * one, run in the threads' split (planes in two channel ranges, rows and
 * blocks in four rectangles). */
static void fconv_check(const conv_case *cc)
{
    const size_t es = 4;
    const int deconv = cc->up > 0;
    ovxc_nn_conv_geom g;
    size_t idims[4] = {cc->iw, cc->ih, cc->ifm, cc->batch}, wdims[4] = {cc->kw, cc->kh, cc->ifm, cc->ofm};
    size_t odims[4], bdims[3], ow, oh, i, nd = cc->batch > 1 ? 4 : 3;
    const size_t k = cc->ifm * cc->kw * cc->kh;
    ovxc_tensor in, w, b, ref, mag, out, first;
    const ovx_variant *v;
    memset(&g, 0, sizeof(g));
    g.deconv = deconv;
    g.pad[0] = g.pad[1] = cc->pad;
    g.skip[0] = g.skip[1] = deconv ? 1 : cc->skip;
    g.dil[0] = g.dil[1] = deconv ? 0 : cc->dil;
    g.up[0] = g.up[1] = cc->up;
    if (deconv) {
        ow = (cc->iw - 1) * cc->up + cc->kw + cc->a - 2 * cc->pad;
        oh = (cc->ih - 1) * cc->up + cc->kh + cc->a - 2 * cc->pad;
    } else {
        ow = (cc->iw + 2 * cc->pad - (cc->kw + (cc->kw - 1) * cc->dil)) / cc->skip + 1;
        oh = (cc->ih + 2 * cc->pad - (cc->kh + (cc->kh - 1) * cc->dil)) / cc->skip + 1;
    }
    odims[0] = ow, odims[1] = oh, odims[2] = cc->ofm, odims[3] = cc->batch;
    bdims[0] = cc->bias == 2 ? ow : cc->ofm, bdims[1] = oh, bdims[2] = cc->ofm;
    /* strided cases read a strided input too */
    in = make(nd, idims, es, cc->strided_out ? 2 : 1);
    w = make(4, wdims, es, 1);
    b = make(cc->bias == 2 ? 3 : 1, bdims, es, 1);
    ref = make(nd, odims, es, 1);
    mag = make(nd, odims, es, 1);
    out = make(nd, odims, es, cc->strided_out ? 3 : 1);
    first = make(nd, odims, es, 1);
    ffill(&in, 0), ffill(&w, 0), ffill(&b, 0);
    if (deconv)
        ovxc_nnf_vx_deconvolution(&in, &w, cc->bias ? &b : NULL, &ref, cc->pad, cc->pad, cc->up, cc->up);
    else
        ovxc_nnf_vx_convolution(&in, &w, cc->bias ? &b : NULL, &ref, cc->pad, cc->pad, cc->skip, cc->skip, cc->dil,
                               cc->dil);
    {
        ovxc_tensor ai = make(nd, idims, es, 1), aw = make(4, wdims, es, 1), ab = make(b.num_dims, bdims, es, 1);
        size_t ii;
        for (ii = 0; ii < ovxc_nn_count_from(&ai, 0); ii++) {
            size_t off = 0, rem = ii, d;
            float vv;
            for (d = 0; d < nd; d++) off += (rem % in.dims[d]) * in.strides[d], rem /= in.dims[d];
            memcpy(&vv, in.ptr + off, 4), vv = fabsf(vv);
            memcpy(ai.ptr + ii * 4, &vv, 4);
        }
        memcpy(aw.ptr, w.ptr, nbytes(&w)), memcpy(ab.ptr, b.ptr, nbytes(&b));
        ffill(&aw, 1), ffill(&ab, 1);
        if (deconv)
            ovxc_nnf_vx_deconvolution(&ai, &aw, cc->bias ? &ab : NULL, &mag, cc->pad, cc->pad, cc->up, cc->up);
        else
            ovxc_nnf_vx_convolution(&ai, &aw, cc->bias ? &ab : NULL, &mag, cc->pad, cc->pad, cc->skip, cc->skip,
                                   cc->dil, cc->dil);
        free(ai.ptr), free(aw.ptr), free(ab.ptr);
    }
    for (v = ovxc_nnf_conv_variants(); v->level != OVX_SIMD_NONE; v++) {}
    /* the scalar reference against the double sums */
    fconv_run((ovxc_nnf_conv_rows_f)v->fn, &g, &in, &w, &b, cc->bias, &out);
    {
        int bad = 0;
        for (i = 0; i < ow * oh * cc->ofm * cc->batch && !bad; i++) {
            size_t x = i % ow, y = i / ow % oh, o = i / ow / oh % cc->ofm, n = i / ow / oh / cc->ofm;
            const float r = fat(&ref, x, y, o, n), m = fat(&mag, x, y, o, n), got = fat(&out, x, y, o, n);
            const double tol = (double)(k + 2) * (1.0 / 16777216.0) * m;
            memcpy(first.ptr + 4 * i, &got, 4);
            if (!(fabs((double)got - r) <= tol)) {
                fprintf(stderr,
                        "test_nn: fconv scalar in %zux%zux%zu k %zux%zu ofm %zu pad %zu skip %zu dil %zu up %zu bias "
                        "%d: (%zu,%zu,%zu,%zu) %.9g, double reference %.9g (tol %.3g)\n",
                        cc->iw, cc->ih, cc->ifm, cc->kw, cc->kh, cc->ofm, cc->pad, cc->skip, cc->dil, cc->up,
                        cc->bias, x, y, o, n, got, r, tol);
                bad = 1;
            }
        }
        if (bad) failed++; else passed++;
    }
    /* every other variant bit-identical to it */
    for (v = ovxc_nnf_conv_variants(); v->level != OVX_SIMD_NONE; v++) {
        int bad = 0;
        if (!cpu_has(v->level)) {
            not_run++;
            continue;
        }
        fconv_run((ovxc_nnf_conv_rows_f)v->fn, &g, &in, &w, &b, cc->bias, &out);
        for (i = 0; i < ow * oh * cc->ofm * cc->batch && !bad; i++) {
            size_t x = i % ow, y = i / ow % oh, o = i / ow / oh % cc->ofm, n = i / ow / oh / cc->ofm;
            const float got = fat(&out, x, y, o, n);
            if (memcmp(&got, first.ptr + 4 * i, 4) != 0) {
                float want;
                memcpy(&want, first.ptr + 4 * i, 4);
                fprintf(stderr,
                        "test_nn: fconv %s in %zux%zux%zu k %zux%zu ofm %zu pad %zu skip %zu dil %zu up %zu bias %d: "
                        "(%zu,%zu,%zu,%zu) %.9g, scalar %.9g\n",
                        v->name, cc->iw, cc->ih, cc->ifm, cc->kw, cc->kh, cc->ofm, cc->pad, cc->skip, cc->dil,
                        cc->up, cc->bias, x, y, o, n, got, want);
                bad = 1;
            }
        }
        if (bad) failed++; else passed++;
    }
    free(in.ptr), free(w.ptr), free(b.ptr), free(ref.ptr), free(mag.ptr), free(out.ptr), free(first.ptr);
}

/* The driver's direct 1x1 path (kernels/nn_run.c: skip 1, no padding, a
 * dense input whose rows are whole 8-column vectors, read in place as the
 * planes: plane ow * oh, row stride ow): every variant bit-identical to the
 * scalar one on it, with the input's last byte just before an unreadable
 * page (a load past the tensor faults). */
static void fconv_direct_check(size_t ow, size_t oh, size_t ifm, size_t ofm, int bias)
{
    const long pg = sysconf(_SC_PAGESIZE);
    const size_t ibytes = ow * oh * ifm * sizeof(float), span = (ibytes + (size_t)pg - 1) / (size_t)pg * (size_t)pg;
    uint8_t *map = mmap(NULL, span + (size_t)pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    size_t idims[3] = {ow, oh, ifm}, wdims[4] = {1, 1, ifm, ofm}, odims[3] = {ow, oh, ofm}, bdims[1] = {ofm};
    ovxc_tensor in, w = make(4, wdims, 4, 1), b = make(1, bdims, 4, 1), out = make(3, odims, 4, 1);
    ovxc_tensor first = make(3, odims, 4, 1);
    const ovx_variant *v, *scalar;
    ovx_variant order[8];
    size_t nv = 0, vi, i, y, x0;
    ovxc_nn_conv_geom g;
    if (map == MAP_FAILED) {
        fprintf(stderr, "test_nn: mmap failed\n");
        failed++;
        return;
    }
    mprotect(map + span, (size_t)pg, PROT_NONE);
    in = make(3, idims, 4, 1);
    free(in.ptr);
    in.ptr = map + span - ibytes;
    ffill(&in, 0), ffill(&w, 0), ffill(&b, 0);
    memset(&g, 0, sizeof(g));
    g.skip[0] = g.skip[1] = 1;
    for (scalar = ovxc_nnf_conv_variants(); scalar->level != OVX_SIMD_NONE; scalar++) {}
    order[nv++] = *scalar;
    for (v = ovxc_nnf_conv_variants(); v != scalar && nv < 8; v++) order[nv++] = *v;
    for (vi = 0; vi < nv; vi++) {
        ovxc_nnf_packw pw;
        ovxc_nn_planes pl;
        ovxc_nnf_conv_plan p;
        size_t toff = 0, ntaps[1024], list[1024], koff[1024];
        void *wmem = malloc(ovxc_nnf_packw_size(&w));
        float *biasd = malloc(ofm * sizeof(float));
        int bad = 0;
        v = &order[vi];
        if (!cpu_has(v->level)) {
            not_run++;
            free(wmem), free(biasd);
            continue;
        }
        ovxc_nnf_packw_fill(&w, wmem, &pw);
        ovxc_nnf_conv_layout(&g, &w, &out, &pl);
        pl.plane = ow * oh, pl.row_stride = ow;
        for (y = 0; y < oh; y++) ntaps[y] = 1, list[y] = 0;
        for (i = 0; i < ifm; i++) koff[i] = i * pl.plane;
        for (i = 0; i < ofm; i++) memcpy(biasd + i, b.ptr + i * 4, 4);
        memset(&p, 0, sizeof(p));
        p.w = &pw, p.pl = &pl, p.ip = (const float *)(const void *)in.ptr, p.tap_off = &toff;
        p.row_ntaps = ntaps, p.row_taps = list, p.koff = koff, p.skip_y = 1, p.ow = ow, p.oh = oh;
        p.bias = bias ? biasd : NULL;
        p.out = out;
        memset(out.ptr, 0x5A, nbytes(&out));
        /* the last rows alone too (the tile that ends at the tensor's end) */
        x0 = oh / 2;
        ((ovxc_nnf_conv_rows_f)v->fn)(&p, 0, x0, 0, pw.blocks);
        ((ovxc_nnf_conv_rows_f)v->fn)(&p, x0, oh, 0, pw.blocks);
        if (vi == 0)
            memcpy(first.ptr, out.ptr, nbytes(&out));
        else
            bad = memcmp(first.ptr, out.ptr, nbytes(&out)) != 0;
        if (bad) fprintf(stderr, "test_nn: fconv direct %s %zux%zu ifm %zu ofm %zu: differs from scalar\n", v->name, ow,
                         oh, ifm, ofm);
        if (bad) failed++; else passed++;
        free(wmem), free(biasd);
    }
    munmap(map, span + (size_t)pg);
    free(w.ptr), free(b.ptr), free(out.ptr), free(first.ptr);
}

/* Fully connected: the scalar variant against the double reference within
 * (k + 2) 2^-24 sum |w x| (+ |b|); every variant bit-identical to it, the
 * outputs split in two ranges (threads). */
static void ffc_check(size_t k, size_t ofm, size_t batch, int bias)
{
    size_t idims[2] = {k, batch}, wdims[2] = {k, ofm}, odims[2] = {ofm, batch}, bdims[1] = {ofm}, bi, i;
    ovxc_tensor in = make(2, idims, 4, 1), w = make(2, wdims, 4, 1), b = make(1, bdims, 4, 1);
    ovxc_tensor ref = make(2, odims, 4, 1), mag = make(2, odims, 4, 1), out = make(2, odims, 4, 1);
    ovxc_tensor ai = make(2, idims, 4, 1), aw = make(2, wdims, 4, 1), ab = make(1, bdims, 4, 1);
    float *first = malloc(ofm * batch * sizeof(float));
    const ovx_variant *v, *scalar, *order[8];
    size_t nv = 0, vi;
    ffill(&in, 0), ffill(&w, 0), ffill(&b, 0);
    memcpy(ai.ptr, in.ptr, nbytes(&in)), memcpy(aw.ptr, w.ptr, nbytes(&w)), memcpy(ab.ptr, b.ptr, nbytes(&b));
    ffill(&ai, 1), ffill(&aw, 1), ffill(&ab, 1);
    ovxc_nnf_vx_fully_connected(&in, 1, &w, bias ? &b : NULL, &ref);
    ovxc_nnf_vx_fully_connected(&ai, 1, &aw, bias ? &ab : NULL, &mag);
    for (scalar = ovxc_nnf_fc_variants(); scalar->level != OVX_SIMD_NONE; scalar++) {}
    /* the scalar variant first (its results are the others' reference),
     * then the SIMD ones listed before it */
    order[nv++] = scalar;
    for (v = ovxc_nnf_fc_variants(); v != scalar && nv < 8; v++) order[nv++] = v;
    for (vi = 0; vi < nv; vi++) {
        ovxc_nnf_fc_plan p;
        int bad = 0;
        v = order[vi];
        if (!cpu_has(v->level)) {
            not_run++;
            continue;
        }
        memset(out.ptr, 0x5A, nbytes(&out));
        memset(&p, 0, sizeof(p));
        p.w = (const float *)(const void *)w.ptr, p.wrow = k, p.k = k, p.bias = bias ? &b : NULL;
        p.out_stride = out.strides[0];
        for (bi = 0; bi < batch; bi++) {
            p.x = (const float *)(const void *)(in.ptr + bi * in.strides[1]);
            p.out = out.ptr + bi * out.strides[1];
            ((ovxc_nnf_fc_rows_f)v->fn)(&p, 0, ofm / 3);
            ((ovxc_nnf_fc_rows_f)v->fn)(&p, ofm / 3, ofm);
        }
        for (i = 0; i < ofm * batch && !bad; i++) {
            float got, r, m;
            memcpy(&got, out.ptr + 4 * i, 4), memcpy(&r, ref.ptr + 4 * i, 4), memcpy(&m, mag.ptr + 4 * i, 4);
            if (v == scalar) {
                first[i] = got;
                bad = !(fabs((double)got - r) <= (double)(k + 2) * (1.0 / 16777216.0) * m);
            } else {
                bad = memcmp(&got, first + i, 4) != 0;
            }
            if (bad)
                fprintf(stderr, "test_nn: ffc %s k %zu ofm %zu batch %zu: output %zu %.9g, reference %.9g%s\n",
                        v->name, k, ofm, batch, i, got, v == scalar ? r : first[i], v == scalar ? "" : " (scalar)");
        }
        if (bad) failed++; else passed++;
    }
    free(first), free(in.ptr), free(w.ptr), free(b.ptr), free(ref.ptr), free(mag.ptr), free(out.ptr);
    free(ai.ptr), free(aw.ptr), free(ab.ptr);
}

/* Float pooling rows (ovxc_nnf_pool_rows) against ovxc_nnf_vx_pooling:
 * equal values (max: the same maximum; average: the same double sums),
 * units in three ranges (the threads' split).  Then, on an input with -0
 * and NaN among its values, every max-row variant bit-identical to the
 * scalar one, with both borders (0 and NNEF's 'ignore'). */
static void fpool_check(int is_max, size_t iw, size_t ih, size_t c, size_t size, size_t pad, size_t skip, int ceil_,
                        size_t xs)
{
    const size_t span = iw + 2 * pad - size, spanh = ih + 2 * pad - size;
    const size_t ow = (span + (ceil_ ? skip - 1 : 0)) / skip + 1, oh = (spanh + (ceil_ ? skip - 1 : 0)) / skip + 1;
    size_t idims[3] = {iw, ih, c}, odims[3] = {ow, oh, c}, sz[2] = {size, size}, pd[2] = {pad, pad};
    size_t sk[2] = {skip, skip}, i, units = oh * c;
    ovxc_tensor in = make(3, idims, 4, xs), ref = make(3, odims, 4, 1), out = make(3, odims, 4, 1);
    ovxc_tensor out2 = make(3, odims, 4, 1);
    float *tmp = malloc(ovxc_nnf_pool_tmp_floats(&out, sz, sk) * sizeof(float));
    const ovx_variant *v;
    int bad = 0, ignore;
    ffill(&in, 0);
    ovxc_nnf_vx_pooling(&in, &ref, is_max, size, size, pad, pad, skip, skip);
    memset(out.ptr, 0x5A, nbytes(&out));
    ovxc_nnf_pool_rows(&in, &out, is_max, 0, sz, pd, sk, 0, units / 3, tmp, NULL);
    ovxc_nnf_pool_rows(&in, &out, is_max, 0, sz, pd, sk, units / 3, units / 2, tmp, NULL);
    ovxc_nnf_pool_rows(&in, &out, is_max, 0, sz, pd, sk, units / 2, units, tmp, NULL);
    for (i = 0; i < ow * oh * c && !bad; i++) {
        float r, g2;
        memcpy(&r, ref.ptr + 4 * i, 4), memcpy(&g2, out.ptr + 4 * i, 4);
        if (r != g2) {
            fprintf(stderr, "test_nn: fpool max %d %zux%zux%zu size %zu pad %zu skip %zu ceil %d: output %zu %.9g, "
                            "reference %.9g\n", is_max, iw, ih, c, size, pad, skip, ceil_, i, g2, r);
            bad = 1;
        }
    }
    if (!is_max) {
        /* the average rows' variants against the scalar loops, both
         * borders, -0 and NaN among the values */
        const size_t n = iw * ih * c;
        for (i = 0; i < n; i += 2) { /* +-2^60 among the values: the order of the double sums shows */
            float f;
            const size_t x = i % iw, y = (i / iw) % ih, ch = i / (iw * ih);
            memcpy(&f, in.ptr + x * in.strides[0] + y * in.strides[1] + ch * in.strides[2], 4);
            f = (i / 2) % 3 == 0 ? 0x1p60f : (i / 2) % 3 == 1 ? -0x1p60f : f; /* (2^60 - 2^60) + f != (f - 2^60) + 2^60 */
            memcpy(in.ptr + x * in.strides[0] + y * in.strides[1] + ch * in.strides[2], &f, 4);
        }
        for (i = 0; i < n; i += 7) {
            const float z = (i / 7) % 4 == 0 ? NAN : -0.0f;
            const size_t x = i % iw, y = (i / iw) % ih, ch = i / (iw * ih);
            memcpy(in.ptr + x * in.strides[0] + y * in.strides[1] + ch * in.strides[2], &z, 4);
        }
        for (ignore = 0; ignore < 2; ignore++) {
            memset(out.ptr, 0x5A, nbytes(&out));
            ovxc_nnf_pool_rows(&in, &out, 0, ignore, sz, pd, sk, 0, units, tmp, NULL);
            for (v = ovxc_nnf_pool_avg_variants(); v->level != OVX_SIMD_NONE && !bad; v++) {
                if (!cpu_has(v->level)) continue;
                memset(out2.ptr, 0x33, nbytes(&out2));
                ovxc_nnf_pool_rows(&in, &out2, 0, ignore, sz, pd, sk, 0, units / 3, tmp, v->fn);
                ovxc_nnf_pool_rows(&in, &out2, 0, ignore, sz, pd, sk, units / 3, units, tmp, v->fn);
                if (memcmp(out.ptr, out2.ptr, nbytes(&out)) != 0) {
                    fprintf(stderr, "test_nn: fpool avg row %s %zux%zux%zu size %zu pad %zu skip %zu ignore %d differs "
                                    "from the scalar loops\n", v->name, iw, ih, c, size, pad, skip, ignore);
                    bad = 1;
                }
            }
        }
    }
    if (is_max) {
        /* -0 and NaN in the input: the variants' order of steps shows */
        const size_t n = iw * ih * c;
        for (i = 0; i < n; i += 5) {
            const float z = (i / 5) % 3 == 0 ? NAN : -0.0f;
            const size_t x = i % iw, y = (i / iw) % ih, ch = i / (iw * ih);
            memcpy(in.ptr + x * in.strides[0] + y * in.strides[1] + ch * in.strides[2], &z, 4);
        }
        for (ignore = 0; ignore < 2; ignore++) {
            memset(out.ptr, 0x5A, nbytes(&out));
            ovxc_nnf_pool_rows(&in, &out, 1, ignore, sz, pd, sk, 0, units, tmp, NULL);
            for (v = ovxc_nnf_pool_variants(); v->level != OVX_SIMD_NONE && !bad; v++) {
                if (!cpu_has(v->level)) continue;
                memset(out2.ptr, 0x33, nbytes(&out2));
                ovxc_nnf_pool_rows(&in, &out2, 1, ignore, sz, pd, sk, 0, units / 2, tmp, v->fn);
                ovxc_nnf_pool_rows(&in, &out2, 1, ignore, sz, pd, sk, units / 2, units, tmp, v->fn);
                if (memcmp(out.ptr, out2.ptr, nbytes(&out)) != 0) {
                    fprintf(stderr, "test_nn: fpool max row %s %zux%zux%zu size %zu pad %zu skip %zu ignore %d differs "
                                    "from the scalar row\n", v->name, iw, ih, c, size, pad, skip, ignore);
                    bad = 1;
                }
            }
        }
    }
    if (bad) failed++; else passed++;
    free(tmp), free(in.ptr), free(ref.ptr), free(out.ptr), free(out2.ptr);
}

/* Float softmax: the scalar variant within 1e-6 relative (+ 1e-30) of the
 * double reference (ovxc_nnf_vx_softmax), every variant bit-identical to
 * it; values spread wide enough to reach exp's underflow, item ranges split
 * in two. */
static void fsoftmax_check(size_t nd, size_t d0, size_t d1, size_t d2, float spread, size_t xs, size_t at, float special)
{
    size_t dims[3] = {d0, d1, d2}, axis = nd > 2 ? 2 : 0, i, cnt, items;
    ovxc_tensor in = make(nd, dims, 4, xs), ref = make(nd, dims, 4, 1), out = make(nd, dims, 4, 1);
    ovxc_tensor first = make(nd, dims, 4, 1);
    const ovx_variant *v, *scalar, *order[8];
    size_t nv = 0, vi;
    ffill(&in, 0);
    cnt = ovxc_nn_count_from(&in, 0);
    items = cnt / dims[axis];
    for (i = 0; i < cnt; i++) { /* scale by spread (strided input: by flat index) */
        size_t off = 0, rem = i, k;
        float f;
        for (k = 0; k < nd; k++) off += (rem % in.dims[k]) * in.strides[k], rem /= in.dims[k];
        memcpy(&f, in.ptr + off, 4), f *= spread;
        if (i == 3) f = -INFINITY;
        if (i == at) f = special;
        memcpy(in.ptr + off, &f, 4);
    }
    ovxc_nnf_vx_softmax(&in, &ref, axis);
    for (scalar = ovxc_nnf_softmax_variants(); scalar->level != OVX_SIMD_NONE; scalar++) {}
    order[nv++] = scalar;
    for (v = ovxc_nnf_softmax_variants(); v != scalar && nv < 8; v++) order[nv++] = v;
    for (vi = 0; vi < nv; vi++) {
        int bad = 0;
        v = order[vi];
        if (!cpu_has(v->level)) {
            not_run++;
            continue;
        }
        memset(out.ptr, 0x5A, nbytes(&out));
        ((ovxc_nnf_softmax_rows_f)v->fn)(&in, &out, axis, 0, items / 2);
        ((ovxc_nnf_softmax_rows_f)v->fn)(&in, &out, axis, items / 2, items);
        for (i = 0; i < cnt; i++) {
            float got, r;
            int b1;
            memcpy(&got, out.ptr + 4 * i, 4), memcpy(&r, ref.ptr + 4 * i, 4);
            if (v == scalar) {
                /* float x - max carries |x - max| 2^-24: exp's relative
                 * error grows with -ln r ~ max - x */
                memcpy(first.ptr + 4 * i, &got, 4);
                b1 = !(fabs((double)got - r) <= (1e-6 + 1.2e-7 * fabs(log((double)r + 1e-45))) * fabs(r) + 1e-37) &&
                     !(isnan(got) && isnan(r));
            } else {
                b1 = memcmp(&got, first.ptr + 4 * i, 4) != 0;
                if (b1) memcpy(&r, first.ptr + 4 * i, 4);
            }
            if (b1 && !bad)
                fprintf(stderr, "test_nn: fsoftmax %s %zux%zux%zu spread %g: element %zu %.9g, %s %.9g\n", v->name, d0,
                        d1, d2, spread, i, got, v == scalar ? "reference" : "scalar", r);
            bad |= b1;
        }
        if (bad) failed++; else passed++;
    }
    free(in.ptr), free(ref.ptr), free(out.ptr), free(first.ptr);
}

#if defined(OVX_HAVE_AVX512)
/* The avx512 softmax rows' quotients (ovxc_nnf_softmax_div_avx512, fused
 * multiply-add corrections of e * (1 / sum)) equal to the float division:
 * every significand of e (e in [0.5, 1), and 1), sums with special
 * significands (1, 1 + 2^-23, all ones, 1.5) and random ones up to 2^20; e
 * around its vdivps fallback (quotients near 2^-100) and below, 0, a NaN;
 * lengths that end mid-vector. */
static void fdiv_check(void)
{
    const size_t n = (size_t)1 << 23, extra = 2 * 4096 + 19;
    float *e = malloc((n + extra) * sizeof(float)), *o = malloc((n + extra) * sizeof(float));
    float sums[40] = {1.0f, 1.00000012f, 1.99999988f, 1.5f, 3.0f, 999.999939f, 1048575.94f, 7.0f};
    size_t si, i, nsums = 40;
    int bad = 0;
    if (!cpu_has(OVX_SIMD_AVX512)) {
        not_run++;
        free(e), free(o);
        return;
    }
#if defined(OVX_SIMD_TEST_EMU512)
    nsums = 3; /* the emulation is slower */
#endif
    for (si = 8; si < 40; si++) sums[si] = ldexpf(1.0f + (float)(rnd() % 8388608u) / 8388608.0f, (int)(rnd() % 21));
    for (si = 0; si < nsums && !bad; si++) {
        const float sum = sums[si];
        size_t len;
        for (i = 0; i < n; i++) {
            const uint32_t bits = 0x3F000000u + (uint32_t)i;
            memcpy(e + i, &bits, 4);
        }
        for (i = 0; i < 4096; i++) { /* quotients near 2^-100, then 2^-126 .. 2^-100 */
            e[n + i] = ldexpf(sum, -100) * (1.0f + ((float)i - 2048.0f) * 1.2e-7f);
            e[n + 4096 + i] = ldexpf(1.0f + (float)(rnd() % 8388608u) / 8388608.0f, -126 + (int)(rnd() % 40));
        }
        e[n + 8192] = 1.0f, e[n + 8193] = 0.0f, e[n + 8194] = NAN;
        for (i = n + 8195; i < n + extra; i++) e[i] = frnd() * frnd() + 0.5f;
        len = n + extra - si; /* tails of 16 - 3 .. 16 elements */
        memcpy(o, e, len * sizeof(float));
        ovxc_nnf_softmax_div_avx512(o, len, sum);
        for (i = 0; i < len && !bad; i++) {
            const float want = e[i] / sum;
            if (memcmp(&want, o + i, 4) != 0) {
                fprintf(stderr, "test_nn: softmax_div avx512 %.9g / %.9g: %.9g, division %.9g\n", e[i], sum, o[i], want);
                bad = 1;
            }
        }
    }
    if (bad) failed++; else passed++;
    free(e), free(o);
}
#endif

int main(void)
{
    static const conv_case cases[] = {
        /* iw ih ifm ofm kw kh pad skip dil up a batch bias strided */
        {1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 0, 0},
        {5, 4, 3, 5, 3, 3, 1, 1, 0, 0, 0, 1, 1, 0},
        {13, 9, 4, 6, 3, 3, 0, 1, 0, 0, 0, 2, 1, 0},
        {30, 7, 7, 9, 3, 3, 1, 2, 0, 0, 0, 1, 1, 1},
        {17, 17, 5, 4, 5, 3, 2, 3, 0, 0, 0, 1, 2, 0},
        {19, 11, 6, 7, 3, 3, 2, 1, 1, 0, 0, 1, 1, 0},
        {26, 26, 16, 17, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1},
        {40, 3, 2, 3, 3, 1, 1, 1, 2, 0, 0, 1, 0, 0},
        {33, 5, 3, 4, 2, 2, 0, 2, 0, 0, 0, 1, 2, 1},
        {9, 6, 3, 5, 3, 3, 1, 1, 0, 2, 0, 1, 1, 0}, /* deconvolutions */
        {7, 5, 4, 3, 4, 4, 1, 1, 0, 2, 1, 2, 2, 0},
        {11, 4, 2, 6, 3, 3, 0, 1, 0, 1, 0, 1, 1, 1},
        {6, 6, 5, 2, 3, 3, 2, 1, 0, 3, 2, 1, 0, 0},
    };
    size_t ci;
    int pol;
    for (ci = 0; ci < sizeof(cases) / sizeof(cases[0]); ci++)
        for (pol = 0; pol < 4; pol++) {
            const conv_case *c = &cases[ci];
            const size_t k = c->ifm * c->kw * c->kh;
            /* the largest weights whose sums stay in the bound with data
             * of the type's whole range (bias below 2^30) */
            int32_t w16 = (int32_t)((((int64_t)1 << 30) / 32768) / (int64_t)((k + 1) / 2 * 2));
            conv_case big = *c;
            conv_check(c, OVXC_T_U8, 0, pol & 1, pol >> 1, 255, 255);
            conv_check(c, OVXC_T_S8, 0, pol & 1, pol >> 1, 128, 128);
            conv_check(c, OVXC_T_S16, 8, pol & 1, pol >> 1, 32767, w16 > 32767 ? 32767 : w16);
            conv_check(c, OVXC_T_S16, pol == 3 ? 15 : 0, pol & 1, pol >> 1, 600, 40);
            big.bias = 0;
            if (ci == 0) /* at the bound: 2 * 32768 * 32767 < 2^31 */
                big.ifm = 2, conv_check(&big, OVXC_T_S16, 0, pol & 1, pol >> 1, 32767, 32768);
        }
    /* wide outputs: tiles of 64 columns (the avx512 variant's 4 vectors of
     * 16), a last tile of 1, 2 or 3 vectors whose last vector ends past
     * ceil8(ow) (masked loads), 65 = 64 + 1 */
    {
        static const conv_case wide[] = {
            /* iw ih ifm ofm kw kh pad skip dil up a batch bias strided */
            {100, 3, 3, 7, 3, 3, 0, 1, 0, 0, 0, 1, 1, 0},
            {67, 2, 2, 5, 3, 1, 0, 1, 0, 0, 0, 1, 0, 1},
            {50, 4, 5, 6, 3, 3, 1, 1, 0, 0, 0, 1, 2, 0},
            {48, 2, 3, 6, 1, 1, 0, 1, 0, 0, 0, 2, 1, 0},
            {140, 3, 2, 4, 3, 3, 1, 2, 1, 0, 0, 1, 1, 0},
            {40, 3, 3, 4, 3, 3, 1, 1, 0, 2, 0, 1, 1, 1},
        };
        for (ci = 0; ci < sizeof(wide) / sizeof(wide[0]); ci++)
            for (pol = 0; pol < 4; pol++) {
                const conv_case *c = &wide[ci];
                const size_t k = c->ifm * c->kw * c->kh;
                int32_t w16 = (int32_t)((((int64_t)1 << 30) / 32768) / (int64_t)((k + 1) / 2 * 2));
                conv_check(c, OVXC_T_U8, 0, pol & 1, pol >> 1, 255, 255);
                conv_check(c, OVXC_T_S8, 0, pol & 1, pol >> 1, 128, 128);
                conv_check(c, OVXC_T_S16, 8, pol & 1, pol >> 1, 32767, w16 > 32767 ? 32767 : w16);
                conv_check(c, OVXC_T_S16, pol == 3 ? 15 : 0, pol & 1, pol >> 1, 600, 40);
            }
    }
    /* the bound */
    if (!ovxc_nn_conv_exact32(65536, 32767, 0, 0) || ovxc_nn_conv_exact32(65536, 32768, 0, 0) ||
        ovxc_nn_conv_exact32(65536, 32767, 1, 16) || !ovxc_nn_conv_exact32(0, 0, 32768, 15)) {
        fprintf(stderr, "test_nn: ovxc_nn_conv_exact32 is wrong at 2^31\n");
        failed++;
    } else {
        passed++;
    }
    /* the amx variant's tiles: 32 output channels (2 A tiles) and 32 columns
     * (2 B tiles) a step, 64 channels a K step: output maps past 32 and
     * ending mid-tile, rows of 33..50 columns, channel counts past 64 that
     * end mid-tile (kb 2), skips and paddings */
    {
        static const conv_case amx[] = {
            /* iw ih ifm ofm kw kh pad skip dil up a batch bias strided */
            {50, 4, 70, 40, 3, 3, 1, 1, 0, 0, 0, 1, 1, 0},
            {33, 3, 64, 33, 1, 1, 0, 1, 0, 0, 0, 2, 2, 0},
            {71, 7, 9, 48, 3, 3, 1, 2, 0, 0, 0, 1, 1, 1},
            {20, 5, 130, 20, 3, 2, 2, 1, 1, 0, 0, 1, 0, 0},
            {17, 4, 5, 35, 3, 3, 1, 1, 0, 2, 0, 1, 1, 0},
        };
        for (ci = 0; ci < sizeof(amx) / sizeof(amx[0]); ci++)
            for (pol = 0; pol < 4; pol++) {
                conv_check(&amx[ci], OVXC_T_U8, 0, pol & 1, pol >> 1, 255, 255);
                conv_check(&amx[ci], OVXC_T_S8, 0, pol & 1, pol >> 1, 128, 128);
            }
    }
    /* 8-bit sums at the int32 bound (the avx512 variant's vpdpbusd quads:
     * U8 255 * 255 over k = 32400, 2.107e9; S8 (-128)^2 over k = 131067,
     * 2^31 - 65536; S8 127 * -128; U8 weights 255 against zeros and 128),
     * channel counts that end mid-quad, a 5x5 kernel with padding (the
     * padding's 0x80 bytes) */
    fill_const = 1;
    for (pol = 0; pol < 4; pol++) {
        static const conv_case q8c[] = {
            /* iw ih ifm ofm kw kh pad skip dil up a batch bias strided */
            {3, 3, 3600, 2, 3, 3, 0, 1, 0, 0, 0, 1, 0, 0},
            {3, 3, 14563, 1, 3, 3, 0, 1, 0, 0, 0, 1, 0, 0},
            {20, 3, 7, 5, 5, 3, 2, 1, 0, 0, 0, 1, 0, 1},
        };
        conv_check(&q8c[0], OVXC_T_U8, 0, pol & 1, pol >> 1, 255, 255);
        conv_check(&q8c[1], OVXC_T_S8, 0, pol & 1, pol >> 1, -128, -128);
        conv_check(&q8c[1], OVXC_T_S8, 0, pol & 1, pol >> 1, 127, -128);
        conv_check(&q8c[2], OVXC_T_U8, 0, pol & 1, pol >> 1, 0, 255);
        conv_check(&q8c[2], OVXC_T_U8, 0, pol & 1, pol >> 1, 128, 255);
        conv_check(&q8c[2], OVXC_T_S8, 0, pol & 1, pol >> 1, -128, 127);
        /* 16-bit at the bound through 3x3 taps (the amx variant's byte
         * split: -32768 = high byte -128, low 0): 18 * 32768 * 3640 < 2^31 */
        {
            static const conv_case q16c = {5, 4, 2, 3, 3, 3, 0, 1, 0, 0, 0, 1, 0, 0};
            conv_check(&q16c, OVXC_T_S16, 0, pol & 1, pol >> 1, -3640, -32768);
            conv_check(&q16c, OVXC_T_S16, 8, pol & 1, pol >> 1, 3640, -32768);
            conv_check(&q16c, OVXC_T_S16, 0, pol & 1, pol >> 1, -32768, 3640);
            conv_check(&q16c, OVXC_T_S16, 0, pol & 1, pol >> 1, 32767, 3640);
        }
    }
    fill_const = 0;
    /* fully connected */
    for (pol = 0; pol < 4; pol++) {
        fc_check(1, 1, 1, OVXC_T_U8, 0, pol & 1, pol >> 1, 0, 255, 0, 255, 1);
        fc_check(37, 9, 2, OVXC_T_S8, 0, pol & 1, pol >> 1, -128, 127, -128, 127, pol & 1);
        fc_check(100, 13, 1, OVXC_T_S16, 8, pol & 1, pol >> 1, -32768, 32767, -32768, 32767, 1);
        fc_check(64, 5, 3, OVXC_T_S16, 0, pol & 1, pol >> 1, -32768, -32768, -32768, -32768, 0);
        fc_check(256, 7, 1, OVXC_T_S16, 15, pol & 1, pol >> 1, -300, 300, -300, 300, 1);
    }
    fc_check(70003, 5, 1, OVXC_T_U8, 0, 0, 1, 255, 255, 255, 255, 1);  /* past the int32 chunk */
    fc_check(70003, 5, 1, OVXC_T_S8, 0, 1, 0, -128, -128, -128, -128, 0);
    /* lengths around the avx512 variant's 64-byte (8-bit) and 32-element
     * (16-bit) steps */
    {
        static const size_t ks[] = {31, 32, 33, 63, 64, 65, 127, 128, 129, 192, 200};
        size_t i;
        for (i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
            fc_check(ks[i], 6, 1, OVXC_T_U8, 0, (int)(i & 1), 1, 0, 255, 0, 255, 1);
            fc_check(ks[i], 5, 2, OVXC_T_S8, 0, 0, (int)(i & 1), -128, 127, -128, 127, 1);
            fc_check(ks[i], 5, 1, OVXC_T_S16, 8, (int)(i & 1), 1, -32768, 32767, -32768, 32767, 1);
        }
    }
    /* the worst magnitudes of each vpdpbusd operand form (U8: x 255, w 0 or
     * 255; S8: x 127 or -128, w -128) over more than one 4096-step int32
     * chunk of 64 bytes (4096 * 64 = 262144), and 16-bit (-32768)^2 pairs
     * over a long k (the int64 sum passes 2^31 many times) */
    fc_check(262144 + 229, 3, 1, OVXC_T_U8, 0, 0, 1, 255, 255, 0, 0, 0);
    fc_check(262144 + 229, 3, 1, OVXC_T_U8, 0, 1, 1, 255, 255, 255, 255, 1);
    fc_check(262144 + 229, 3, 1, OVXC_T_S8, 0, 0, 1, 127, 127, -128, -128, 0);
    fc_check(262144 + 229, 3, 1, OVXC_T_S8, 0, 1, 0, -128, -128, -128, -128, 1);
    fc_check(2 * 262144 + 64, 2, 1, OVXC_T_S8, 0, 1, 1, -128, 127, -128, 127, 0);
    /* 17000 steps of 64 bytes at -130560 per int32 lane each: past 2^31
     * (-2.2e9) unless the lanes are spilled */
    fc_check(17000 * 64 + 5, 2, 1, OVXC_T_U8, 0, 0, 1, 255, 255, 0, 0, 0);
    fc_check(17000 * 64 + 5, 2, 1, OVXC_T_S8, 0, 0, 1, 127, 127, -128, -128, 0);
    fc_check(70003, 3, 1, OVXC_T_S16, 0, 0, 1, -32768, -32768, -32768, -32768, 0);
    fc_check(70003, 3, 1, OVXC_T_S16, 0, 1, 0, -32768, -32768, -32768, -32768, 0);
    /* float32: every convolution case (and an edge tile of 1..31 columns,
     * channels 1..13 that no block size divides), fully connected lengths
     * around the 16-element groups */
    for (ci = 0; ci < sizeof(cases) / sizeof(cases[0]); ci++) fconv_check(&cases[ci]);
    {
        static const conv_case fcases[] = {
            /* iw ih ifm ofm kw kh pad skip dil up a batch bias strided */
            {31, 3, 13, 7, 3, 3, 1, 1, 0, 0, 0, 1, 1, 0},
            {24, 5, 1, 13, 5, 5, 2, 1, 0, 0, 0, 1, 2, 0},
            {9, 9, 8, 12, 1, 1, 0, 1, 0, 0, 0, 2, 1, 1},
            {17, 2, 3, 6, 1, 3, 0, 1, 0, 0, 0, 1, 0, 0},
            {58, 4, 5, 11, 3, 3, 1, 2, 1, 0, 0, 1, 1, 0},
            {40, 6, 9, 6, 3, 3, 0, 1, 0, 0, 0, 1, 1, 0},
            {8, 8, 3, 5, 2, 2, 0, 1, 0, 2, 1, 1, 2, 1},
        };
        /* the avx512 tiles: 12 or 6 channels (blocks in pairs and a last
         * one) x 32 columns, a last tile of 1..31 columns (masked loads) */
        static const conv_case f512[] = {
            /* iw ih ifm ofm kw kh pad skip dil up a batch bias strided */
            {16, 3, 3, 12, 3, 3, 1, 1, 0, 0, 0, 1, 1, 0},
            {32, 2, 2, 13, 3, 3, 1, 1, 0, 0, 0, 1, 0, 0},
            {33, 3, 4, 18, 3, 3, 1, 1, 0, 0, 0, 1, 1, 0},
            {56, 3, 5, 19, 3, 3, 1, 1, 0, 0, 0, 1, 1, 0},
            {47, 2, 3, 25, 1, 1, 0, 1, 0, 0, 0, 1, 2, 0},
            {70, 4, 2, 7, 3, 3, 0, 2, 0, 0, 0, 1, 1, 1},
            {24, 4, 3, 30, 3, 3, 1, 1, 0, 2, 0, 1, 1, 0},
        };
        for (ci = 0; ci < sizeof(f512) / sizeof(f512[0]); ci++) fconv_check(&f512[ci]);
        for (ci = 0; ci < sizeof(fcases) / sizeof(fcases[0]); ci++) fconv_check(&fcases[ci]);
    }
    {
        /* the direct 1x1 path: widths of 8 .. 64 columns (whole vectors
         * of 8: the last tile's reads past the row end in the next row or
         * at the tensor's end) */
        static const size_t dc[][4] = {{8, 3, 5, 7}, {16, 2, 3, 13}, {24, 3, 4, 12}, {40, 2, 3, 6},
                                       {56, 3, 6, 19}, {64, 2, 2, 25}, {8, 1, 1, 1}};
        for (ci = 0; ci < sizeof(dc) / sizeof(dc[0]); ci++)
            fconv_direct_check(dc[ci][0], dc[ci][1], dc[ci][2], dc[ci][3], (int)(ci & 1));
    }
    ffc_check(1, 1, 1, 1);
    ffc_check(15, 5, 2, 0);
    ffc_check(16, 9, 1, 1);
    ffc_check(37, 4, 3, 1);
    ffc_check(1000, 13, 1, 1);
    ffc_check(4099, 7, 2, 0);
#if defined(OVX_HAVE_AVX512)
    fdiv_check();
#endif
    fsoftmax_check(1, 1, 1, 1, 1.0f, 1, 0, -INFINITY);
    fsoftmax_check(2, 1000, 5, 1, 4.0f, 1, 0, -INFINITY);
    fsoftmax_check(2, 13, 7, 1, 60.0f, 1, 0, -INFINITY);
    fsoftmax_check(2, 37, 3, 1, 1.0f, 2, 0, -INFINITY);
    fsoftmax_check(3, 3, 4, 17, 30.0f, 1, 0, -INFINITY);
    /* the avx512 rows: lengths around its 16-element groups, rows whose x -
     * max all lie in exp's range (the unclamped pass) with a NaN (that pass
     * again with the clamps), a +inf (max +inf), a -0 maximum */
    {
        static const size_t lens[] = {8, 15, 16, 17, 24, 31, 32, 33, 47, 64, 65, 200};
        size_t li;
        for (li = 0; li < sizeof(lens) / sizeof(lens[0]); li++) {
            fsoftmax_check(2, lens[li], 3, 1, 2.0f, 1, 0, -INFINITY);
            fsoftmax_check(2, lens[li], 3, 1, 40.0f, 1, lens[li] + 1, -INFINITY);
            fsoftmax_check(2, lens[li], 3, 1, 2.0f, 1, lens[li] + 5, NAN);
            fsoftmax_check(2, lens[li], 2, 1, 2.0f, 1, lens[li] - 1, INFINITY);
            fsoftmax_check(2, lens[li], 2, 1, 1e-39f, 1, lens[li] + 2, -0.0f);
        }
    }
    {
        static const size_t fp[][7] = {
            /* iw ih c size pad skip, element stride */
            {7, 5, 2, 2, 0, 2, 1},  {9, 9, 3, 3, 1, 2, 2}, {13, 6, 1, 3, 2, 3, 1}, {5, 5, 2, 5, 4, 1, 2},
            {1, 1, 1, 1, 0, 1, 1},  {112, 9, 2, 3, 0, 2, 1}, {71, 3, 1, 3, 1, 2, 3}, {20, 11, 2, 4, 3, 3, 1},
            {41, 4, 2, 3, 1, 1, 1}, {58, 3, 1, 2, 1, 2, 1}, {35, 5, 2, 1, 0, 2, 1}, {113, 7, 2, 3, 1, 2, 1},
        };
        size_t pi;
        int mx, cr;
        for (pi = 0; pi < sizeof(fp) / sizeof(fp[0]); pi++)
            for (mx = 0; mx < 2; mx++)
                for (cr = 0; cr < 2; cr++) fpool_check(mx, fp[pi][0], fp[pi][1], fp[pi][2], fp[pi][3], fp[pi][4],
                                                       fp[pi][5], cr, fp[pi][6]);
    }
    /* the other layers */
    {
        static const int types[3] = {OVXC_T_U8, OVXC_T_S8, OVXC_T_S16};
        static const size_t pool_cases[][7] = {
            /* iw ih c size pad skip, element stride */
            {7, 5, 2, 2, 0, 2, 1},   {9, 9, 3, 3, 1, 2, 2},  {13, 6, 1, 3, 2, 3, 1}, {5, 5, 2, 5, 4, 1, 2},
            {31, 4, 2, 2, 1, 1, 1},  {1, 1, 1, 1, 0, 1, 2},  {20, 11, 2, 4, 3, 3, 1}, {112, 9, 2, 3, 0, 2, 1},
            {70, 5, 2, 3, 1, 2, 1},  {67, 4, 2, 2, 0, 1, 1}, {90, 3, 1, 4, 2, 1, 1},  {71, 3, 1, 3, 1, 2, 2},
        };
        size_t ti, pi;
        vx_enum fn;
        for (ti = 0; ti < 3; ti++) {
            for (pi = 0; pi < sizeof(pool_cases) / sizeof(pool_cases[0]); pi++) {
                const size_t *pc = pool_cases[pi];
                int mx, cr;
                for (mx = 0; mx < 2; mx++)
                    for (cr = 0; cr < 2; cr++)
                        pool_check(types[ti], mx, pc[0], pc[1], pc[2], pc[3], pc[4], pc[5], cr, pc[6]);
            }
            softmax_check(types[ti], types[ti] == OVXC_T_S16 ? 8 : 0, 1, 1000, 1, 1, 1);
            softmax_check(types[ti], types[ti] == OVXC_T_S16 ? 8 : 0, 2, 10, 7, 1, 0);
            softmax_check(types[ti], types[ti] == OVXC_T_S16 ? 5 : 0, 3, 3, 4, 9, 1);
            softmax_check(types[ti], types[ti] == OVXC_T_S16 ? 12 : 0, 2, 33, 3, 1, 1);
            /* the rounding of larger outputs, odd lengths (the variants' tails) */
            softmax_check(types[ti], types[ti] == OVXC_T_S16 ? 14 : 6, 2, 35, 6, 1, 1);
            softmax_check(types[ti], types[ti] == OVXC_T_S16 ? 10 : 7, 2, 1001, 3, 1, 1);
            softmax_check(types[ti], types[ti] == OVXC_T_S16 ? 3 : 5, 2, 3, 9, 1, 1);
            for (fn = VX_NN_ACTIVATION_LOGISTIC; fn <= VX_NN_ACTIVATION_LINEAR; fn++) {
                act_check(types[ti], types[ti] == OVXC_T_S16 ? 8 : 0, fn, 1.5, 0.5, 1);
                act_check(types[ti], types[ti] == OVXC_T_S16 ? 8 : 0, fn, 1.5, 0.5, 0);
            }
        }
    }
    printf("test_nn: %u passed, %u failed, %u variant runs not run on this CPU\n", passed, failed, not_run);
    if (passed == 0) {
        fprintf(stderr, "test_nn: nothing compared\n");
        return 1;
    }
    return failed ? 1 : 0;
}
