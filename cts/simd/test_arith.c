/*
 * The routines of compute/arith.h built per instruction set (arith_body.inc)
 * against the portable reference, bit-exact: every format mix each routine
 * takes (U1, U8, S16), both policies, roundings, shifts, thresholds, alphas
 * and LUT offsets, on random planes and rectangles with odd widths and
 * unaligned, non-byte starts (U1 bits outside the rectangle must stay).  A
 * variant the CPU lacks is reported as not run, never as passed.
 */
#include "../../csrc/compute/arith.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 2891336453u
#include "simd_test.h"

enum { W = 600, H = 4, STRIDE = 2 * W + 64, PLANE = STRIDE * H };
static uint8_t in_a[PLANE], in_b[PLANE], out_r[PLANE], out_v[PLANE], lut[65536 * 2];
static unsigned passed, failed, not_run;

static ovxc_buf buf(uint8_t *p, ovxc_fmt f)
{
    ovxc_buf b;
    b.ptr = p;
    b.stride = STRIDE;
    b.fmt = f;
    return b;
}

static void randomize(void)
{
    size_t i;
    for (i = 0; i < PLANE; i++) {
        unsigned v = rnd();
        in_a[i] = (uint8_t)((v & 7) == 0 ? 0 : (v & 7) == 1 ? 255 : v >> 8); /* extremes too */
        in_b[i] = (uint8_t)((v & 0x70) == 0 ? in_a[i] : v >> 16);
        out_r[i] = out_v[i] = (uint8_t)(v >> 24);
    }
}

/* Run `call` with the reference and with every variant of `routine` on the
 * same inputs and starting outputs; compare the whole output plane. */
typedef void (*caller_f)(ovx_fn fn, uint8_t *out, const ovxc_rect *r, const void *ctx);

static void check(ovxc_arith_routine routine, caller_f call, const void *ctx, const char *what)
{
    static const uint32_t widths[] = {1, 2, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 100, 129, 257, 599};
    static const uint32_t starts[] = {0, 1, 3, 8, 13};
    const ovx_variant *t = ovxc_arith_variants(routine), *v, *ref = t;
    size_t wi, si;
    while (ref->level != OVX_SIMD_NONE) ref++;
    for (v = t; v != ref; v++) {
        unsigned bad = 0;
        if (!cpu_has(v->level)) {
            not_run++;
            continue;
        }
        for (wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++)
            for (si = 0; si < sizeof(starts) / sizeof(starts[0]); si++) {
                ovxc_rect r;
                r.x0 = starts[si];
                r.x1 = starts[si] + widths[wi] < W ? starts[si] + widths[wi] : W;
                r.y0 = 1;
                r.y1 = H;
                randomize();
                call(ref->fn, out_r, &r, ctx);
                call(v->fn, out_v, &r, ctx);
                if (memcmp(out_r, out_v, PLANE) != 0) bad++;
            }
        if (bad) {
            printf("FAIL %s %s: %u rectangles differ from the reference\n", what, v->name, bad);
            failed++;
        } else {
            passed++;
        }
    }
}

typedef struct {
    ovxc_fmt fa, fb, fo;
    int i0, i1, i2;
    int32_t j0, j1, j2, j3;
    float f;
    double d;
} args;

static void call_absdiff(ovx_fn fn, uint8_t *out, const ovxc_rect *r, const void *c)
{
    const args *g = c;
    ovxc_buf a = buf(in_a, g->fa), b = buf(in_b, g->fb), o = buf(out, g->fo);
    ((void (*)(const ovxc_buf *, const ovxc_buf *, const ovxc_buf *, const ovxc_rect *))fn)(&a, &b, &o, r);
}
static void call_addsub(ovx_fn fn, uint8_t *out, const ovxc_rect *r, const void *c)
{
    const args *g = c;
    ovxc_buf a = buf(in_a, g->fa), b = buf(in_b, g->fb), o = buf(out, g->fo);
    ((void (*)(const ovxc_buf *, const ovxc_buf *, const ovxc_buf *, const ovxc_rect *, int, int))fn)(&a, &b, &o, r,
                                                                                                     g->i0, g->i1);
}
static void call_multiply(ovx_fn fn, uint8_t *out, const ovxc_rect *r, const void *c)
{
    const args *g = c;
    ovxc_buf a = buf(in_a, g->fa), b = buf(in_b, g->fb), o = buf(out, g->fo);
    ((ovxc_multiply_f)fn)(&a, &b, &o, r, g->d, g->i0, g->i1);
}
static void call_bitwise(ovx_fn fn, uint8_t *out, const ovxc_rect *r, const void *c)
{
    const args *g = c;
    ovxc_buf a = buf(in_a, g->fa), b = buf(in_b, g->fb), o = buf(out, g->fo);
    ((void (*)(ovxc_bitop, const ovxc_buf *, const ovxc_buf *, const ovxc_buf *, const ovxc_rect *))fn)(
        (ovxc_bitop)g->i0, &a, &b, &o, r);
}
static void call_weighted(ovx_fn fn, uint8_t *out, const ovxc_rect *r, const void *c)
{
    const args *g = c;
    ovxc_buf a = buf(in_a, OVXC_U8), b = buf(in_b, OVXC_U8), o = buf(out, OVXC_U8);
    ((ovxc_weighted_average_f)fn)(&a, &b, &o, r, g->f);
}
static void call_threshold(ovx_fn fn, uint8_t *out, const ovxc_rect *r, const void *c)
{
    const args *g = c;
    ovxc_buf a = buf(in_a, g->fa), o = buf(out, g->fo);
    ((ovxc_threshold_f)fn)(&a, &o, r, g->j0, g->j1, g->j2, g->j3);
}
static void call_lut(ovx_fn fn, uint8_t *out, const ovxc_rect *r, const void *c)
{
    const args *g = c;
    ovxc_buf a = buf(in_a, g->fa), o = buf(out, g->fa);
    ((ovxc_table_lookup_f)fn)(&a, &o, r, lut, (uint32_t)g->j0, (uint32_t)g->j1);
}
static void call_convert(ovx_fn fn, uint8_t *out, const ovxc_rect *r, const void *c)
{
    const args *g = c;
    ovxc_buf a = buf(in_a, g->fa), o = buf(out, g->fo);
    ((ovxc_convert_depth_f)fn)(&a, &o, r, g->i0, g->j0);
}
static void call_acc(ovx_fn fn, uint8_t *out, const ovxc_rect *r, const void *c)
{
    const args *g = c;
    ovxc_buf a = buf(in_a, OVXC_U8), acc = buf(out, g->fo);
    if (g->i0 == 0) ((ovxc_accumulate_f)fn)(&a, &acc, r);
    if (g->i0 == 1) ((ovxc_accumulate_weighted_f)fn)(&a, &acc, r, g->f);
    if (g->i0 == 2) ((ovxc_accumulate_square_f)fn)(&a, &acc, r, (uint32_t)g->j0);
}

int main(void)
{
    static const ovxc_fmt mixes[5][3] = {{OVXC_U8, OVXC_U8, OVXC_U8}, {OVXC_U8, OVXC_U8, OVXC_S16},
                                         {OVXC_U8, OVXC_S16, OVXC_S16}, {OVXC_S16, OVXC_U8, OVXC_S16},
                                         {OVXC_S16, OVXC_S16, OVXC_S16}};
    static const double scales[] = {0.0, 1.0, 1.0 / 255, 0.5, 2.0, 3.7, 1.0 / 32768, 255.0};
    static const float alphas[] = {0.0f, 1.0f, 0.3f, 0.5f, 0.99f, 1.0f / 3, 0.7f, 0.001f, 0.9999999f};
    char what[96];
    args g;
    int m, i, k;
    size_t q;
    for (q = 0; q < sizeof(lut); q++) lut[q] = (uint8_t)rnd();
    for (m = 0; m < 5; m++) {
        memset(&g, 0, sizeof(g));
        g.fa = mixes[m][0], g.fb = mixes[m][1], g.fo = mixes[m][2];
        snprintf(what, sizeof(what), "absdiff mix %d", m);
        check(OVXC_ARITH_absdiff, call_absdiff, &g, what);
        for (i = 0; i < 4; i++) {
            g.i0 = i & 1, g.i1 = i >> 1;
            snprintf(what, sizeof(what), "addsub mix %d sub %d sat %d", m, g.i0, g.i1);
            check(OVXC_ARITH_addsub, call_addsub, &g, what);
            for (k = 0; k < (int)(sizeof(scales) / sizeof(scales[0])); k++) {
                g.d = scales[k];
                snprintf(what, sizeof(what), "multiply mix %d scale %g sat %d even %d", m, g.d, g.i0, g.i1);
                check(OVXC_ARITH_multiply, call_multiply, &g, what);
            }
        }
    }
    for (i = 0; i < 4; i++) {
        for (k = 0; k < 2; k++) {
            memset(&g, 0, sizeof(g));
            g.fa = g.fb = g.fo = k ? OVXC_U1 : OVXC_U8;
            g.i0 = i;
            snprintf(what, sizeof(what), "bitwise op %d %s", i, k ? "U1" : "U8");
            check(OVXC_ARITH_bitwise, call_bitwise, &g, what);
        }
    }
    for (k = 0; k < (int)(sizeof(alphas) / sizeof(alphas[0])); k++) {
        g.f = alphas[k];
        snprintf(what, sizeof(what), "weighted alpha %g", (double)g.f);
        check(OVXC_ARITH_weighted_average, call_weighted, &g, what);
        g.i0 = 1, g.fo = OVXC_U8;
        snprintf(what, sizeof(what), "accumulate weighted alpha %g", (double)g.f);
        check(OVXC_ARITH_accumulate_weighted, call_acc, &g, what);
    }
    {
        static const int32_t bounds[][2] = {{128, INT32_MAX}, {0, INT32_MAX}, {256, INT32_MAX}, {40, 200},
                                            {200, 40},        {-100, 100},    {-32768, 32767}, {INT32_MIN, -5}};
        static const ovxc_fmt io[4][2] = {{OVXC_U8, OVXC_U8}, {OVXC_S16, OVXC_U8}, {OVXC_U8, OVXC_U1},
                                          {OVXC_S16, OVXC_U1}};
        for (m = 0; m < 4; m++)
            for (k = 0; k < 8; k++) {
                g.fa = io[m][0], g.fo = io[m][1];
                g.j0 = bounds[k][0], g.j1 = bounds[k][1], g.j2 = k & 1 ? 255 : 7, g.j3 = k & 1 ? 0 : 250;
                snprintf(what, sizeof(what), "threshold io %d bounds %d", m, k);
                check(OVXC_ARITH_threshold, call_threshold, &g, what);
            }
    }
    {
        static const int32_t luts[][2] = {{256, 0}, {200, 0}, {65536, 32768}, {1000, 500}, {3, 1}};
        for (k = 0; k < 5; k++) {
            g.fa = k < 2 ? OVXC_U8 : OVXC_S16;
            g.j0 = luts[k][0], g.j1 = luts[k][1];
            snprintf(what, sizeof(what), "table lookup %d", k);
            check(OVXC_ARITH_table_lookup, call_lut, &g, what);
        }
    }
    {
        static const ovxc_fmt io[6][2] = {{OVXC_U8, OVXC_S16}, {OVXC_S16, OVXC_U8}, {OVXC_U8, OVXC_U1},
                                          {OVXC_S16, OVXC_U1}, {OVXC_U1, OVXC_U8}, {OVXC_U1, OVXC_S16}};
        static const int32_t shifts[] = {0, 1, 3, 7, 8, 15, -2};
        for (m = 0; m < 6; m++)
            for (k = 0; k < 7; k++)
                for (i = 0; i < 2; i++) {
                    g.fa = io[m][0], g.fo = io[m][1], g.j0 = shifts[k], g.i0 = i;
                    snprintf(what, sizeof(what), "convert depth io %d shift %d sat %d", m, g.j0, i);
                    check(OVXC_ARITH_convert_depth, call_convert, &g, what);
                }
    }
    g.fo = OVXC_S16;
    g.i0 = 0;
    check(OVXC_ARITH_accumulate, call_acc, &g, "accumulate");
    g.i0 = 2;
    for (k = 0; k < 16; k += 3) {
        g.j0 = k;
        snprintf(what, sizeof(what), "accumulate square shift %d", k);
        check(OVXC_ARITH_accumulate_square, call_acc, &g, what);
    }
    /* U1 bitwise on rows stored back to back (stride = the row's bytes): the
     * whole-byte windows run over the rectangle at once */
    {
        const ovx_variant *t = ovxc_arith_variants(OVXC_ARITH_bitwise), *v, *ref = t;
        static const uint32_t wb[] = {1, 3, 4, 31, 32, 33, 240};
        unsigned bad = 0, op, wi;
        while (ref->level != OVX_SIMD_NONE) ref++;
        for (v = t; v != ref; v++) {
            if (!cpu_has(v->level)) continue; /* counted above */
            for (op = 0; op < 4; op++)
                for (wi = 0; wi < sizeof(wb) / sizeof(wb[0]); wi++) {
                    ovxc_buf a, b, o;
                    ovxc_rect r;
                    size_t q, len = (size_t)wb[wi] * H;
                    randomize();
                    a.ptr = in_a, b.ptr = in_b, a.stride = b.stride = (int32_t)wb[wi], a.fmt = b.fmt = OVXC_U1;
                    o = a;
                    r.x0 = 0, r.x1 = wb[wi] * 8, r.y0 = 1, r.y1 = H;
                    o.ptr = out_r;
                    ((ovxc_bitwise_f)ref->fn)((ovxc_bitop)op, &a, &b, &o, &r);
                    o.ptr = out_v;
                    ((ovxc_bitwise_f)v->fn)((ovxc_bitop)op, &a, &b, &o, &r);
                    for (q = 0; q < len; q++) {
                        /* row 0 is outside the rectangle; the others are op of the bytes */
                        uint8_t e = q < wb[wi] ? out_r[q]
                                    : (uint8_t)(op == 0 ? in_a[q] & in_b[q]
                                                : op == 1 ? in_a[q] | in_b[q]
                                                : op == 2 ? in_a[q] ^ in_b[q] : ~in_a[q]);
                        bad += out_r[q] != out_v[q] || out_r[q] != e;
                    }
                }
            if (bad) {
                printf("FAIL bitwise U1 back-to-back rows %s: %u bytes differ\n", v->name, bad);
                failed++;
            } else {
                passed++;
            }
        }
    }
    printf("arith variants: %u variant runs not made (CPU)\n%u passed, %u failed\n", not_run, passed, failed);
    return failed ? 1 : 0;
}
