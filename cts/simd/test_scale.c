/*
 * Scale Image's half-size rows and Half-scale Gaussian (compute/geometry.h):
 *  - the float positions of the general rules at exactly half size are the
 *    block's (2x + 0.5 and 2x, exhaustively for output sizes below 4096),
 *    and the reference's half-size path equals the general bilinear and area
 *    formulas (written here in float as the spec states them) on random
 *    images;
 *  - each SIMD variant of the half-size row and of the 5x5 half-size
 *    Gaussian row against the scalar reference: rows of every length 0..260
 *    and a few long ones, read and written right up to a PROT_NONE page (an
 *    overread or overwrite faults), and whole images through
 *    ovxc_scale_rows_with / ovxc_halfscale_gaussian_rows_with in random bands,
 *    both border modes and odd and tiny sizes.
 */
#include "../../csrc/compute/geometry.h"
#include "../../csrc/compute/multiscale.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SIMD_TEST_SEED 88172645u
#include "simd_test.h"

/* n bytes ending where a PROT_NONE page starts */
typedef struct {
    uint8_t *base, *p;
    size_t len;
} guarded;

static guarded guard_alloc(size_t n)
{
    guarded g;
    size_t ps = (size_t)sysconf(_SC_PAGESIZE), data = (n + ps - 1) / ps * ps;
    g.len = data + ps;
    g.base = mmap(NULL, g.len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (g.base == MAP_FAILED) {
        printf("FAIL mmap\n");
        exit(1);
    }
    mprotect(g.base + data, ps, PROT_NONE);
    g.p = g.base + data - n;
    return g;
}

static void guard_free(guarded g)
{
    munmap(g.base, g.len);
}

static const ovx_variant half2_variants[] = {
    OVX_VARIANT_AVX2(ovxc_half2_u8)
    OVX_VARIANT_SSE41(ovxc_half2_u8)
    {"scalar", OVX_SIMD_NONE, NULL},
};
static const ovx_variant row5_variants[] = {
    OVX_VARIANT_AVX2(ovxc_row5_u8)
    OVX_VARIANT_SSE41(ovxc_row5_u8)
    {"scalar", OVX_SIMD_NONE, NULL},
};

static unsigned passed, failed, not_run;

static void check(int ok, const char *what, const char *name, int a, int b)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s %s (%d, %d)\n", what, name, a, b);
    }
}

/* the spec's bilinear and area at exactly half size, in float as stated */
static int model_bilinear(const uint8_t *s, int sw, int sh, int dw, int dh, int x, int y)
{
    float fx = ((float)x + 0.5f) * (float)sw / (float)dw - 0.5f, fy = ((float)y + 0.5f) * (float)sh / (float)dh - 0.5f;
    int ix = (int)floorf(fx), iy = (int)floorf(fy);
    float a = fx - (float)ix, b = fy - (float)iy, v;
#define P(xx, yy) (float)s[((yy) < sh ? (yy) : sh - 1) * sw + ((xx) < sw ? (xx) : sw - 1)]
    v = (1 - a) * (1 - b) * P(ix, iy) + a * (1 - b) * P(ix + 1, iy) + (1 - a) * b * P(ix, iy + 1) + a * b * P(ix + 1, iy + 1);
#undef P
    return (int)(v + 0.5f);
}

static int model_area(const uint8_t *s, int sw, int x, int y)
{
    float acc = 0, wsum = 0;
    for (int j = 2 * y; j < 2 * y + 2; j++)
        for (int i = 2 * x; i < 2 * x + 2; i++) acc += (float)s[j * sw + i], wsum += 1.0f;
    return (int)(acc / wsum + 0.5f);
}

/* where the half-size path applies, the general rules' float positions are
 * the block's; where they are not (bilinear from n = 2897 on), it does not */
static void test_positions(void)
{
    int bad = 0, inexact = 0;
    for (int n = 1; n < 4096; n++) {
        float r = (float)(2 * n) / (float)n;
        int exact = 1;
        uint8_t px = 0;
        ovxc_geo_src src = {&px, 2 * n, 2 * n, 2, 0, OVXC_BORDER_REPLICATE, 0, 0, 0, 0};
        ovxc_geo_dst dst = {&px, n, n, 1, 0};
        bad += r != 2.0f;
        for (int i = 0; i < n; i++) {
            float p = (((float)i + 0.5f) * (float)(2 * n) / (float)n) - 0.5f;
            exact &= p == (float)(2 * i) + 0.5f;
            bad += (float)i * r != (float)(2 * i);
        }
        inexact += !exact;
        bad += ovxc_scale_is_half2(&src, &dst, OVXC_GEO_BILINEAR) && !exact;
        bad += !ovxc_scale_is_half2(&src, &dst, OVXC_GEO_AREA) || ovxc_scale_is_half2(&src, &dst, OVXC_GEO_NEAREST);
    }
    check(bad == 0 && inexact > 0, "half-size positions", "float", bad, inexact);
}

static void test_half2_rows(void)
{
    const ovx_variant *v;
    for (v = half2_variants; v->level != OVX_SIMD_NONE; v++) {
        int bad = 0;
        if (!cpu_has(v->level)) {
            printf("not run: half2 %s\n", v->name);
            not_run++;
            continue;
        }
        for (int n = 0; n < 300; n++) {
            int len = n < 261 ? n : 960 + (n - 261) * 7;
            guarded r0 = guard_alloc((size_t)2 * len + 1), r1 = guard_alloc((size_t)2 * len + 1);
            guarded o = guard_alloc((size_t)len + 1), e = guard_alloc((size_t)len + 1);
            for (int i = 0; i < 2 * len + 1; i++) r0.p[i] = (uint8_t)rnd(), r1.p[i] = (uint8_t)(n % 3 ? rnd() : 255);
            o.p[0] = e.p[0] = 77;
            ovxc_half2_u8(r0.p + 1, r1.p + 1, e.p + 1, len);
            ((ovxc_half2_u8_f)v->fn)(r0.p + 1, r1.p + 1, o.p + 1, len);
            bad += memcmp(o.p, e.p, (size_t)len + 1) != 0;
            guard_free(r0), guard_free(r1), guard_free(o), guard_free(e);
        }
        check(bad == 0, "half2 rows", v->name, bad, 0);
    }
}

static void test_row5(void)
{
    const ovx_variant *v;
    for (v = row5_variants; v->level != OVX_SIMD_NONE; v++) {
        int bad = 0;
        if (!cpu_has(v->level)) {
            printf("not run: row5 %s\n", v->name);
            not_run++;
            continue;
        }
        for (int n = 0; n < 300; n++) {
            int len = n < 261 ? n : 1020 + (n - 261) * 3, st = 2 * len + 3 + (int)(rnd() % 5);
            int nrows = 1 + (int)(rnd() % 4), ost = len + (int)(rnd() % 3);
            size_t total = (size_t)(2 * nrows + 2) * st + 2 * len + 3, otot = (size_t)(nrows - 1) * ost + len;
            guarded s = guard_alloc(total), o = guard_alloc(otot), e = guard_alloc(otot);
            for (size_t i = 0; i < total; i++) s.p[i] = (uint8_t)(n % 4 == 1 ? 255 : rnd());
            memset(o.p, 0, otot), memset(e.p, 0, otot);
            /* the model: the 25 taps of each output */
            for (int r = 0; r < nrows; r++)
                for (int k = 0; k < len; k++) {
                    int sum = 0;
                    static const int g[5] = {1, 4, 6, 4, 1};
                    for (int j = 0; j < 5; j++)
                        for (int i = 0; i < 5; i++) sum += g[j] * g[i] * s.p[(size_t)(2 * r + j) * st + 2 * k + i];
                    e.p[(size_t)r * ost + k] = (uint8_t)(sum >> 8);
                }
            ((ovxc_row5_u8_f)v->fn)(s.p, st, o.p, ost, len, nrows);
            bad += otot && memcmp(o.p, e.p, otot) != 0;
            guard_free(s), guard_free(o), guard_free(e);
        }
        check(bad == 0, "row5", v->name, bad, 0);
    }
}

static void bands(int h, int *cut)
{
    int y = 0, k = 0;
    while (y < h) {
        cut[k++] = y;
        y += 1 + (int)(rnd() % 7);
    }
    cut[k] = h;
    cut[k + 1] = -1;
}

static void test_images(void)
{
    for (int it = 0; it < 160; it++) {
        int dw = 1 + (int)(rnd() % 70), dh = 1 + (int)(rnd() % 12), bad = 0, cut[200];
        if (it % 16 == 0) dw = 960 + it % 3, dh = 5;
        int sw = 2 * dw, sh = 2 * dh, interp = it % 2 ? OVXC_GEO_BILINEAR : OVXC_GEO_AREA;
        uint8_t *s = malloc((size_t)sw * sh + 64), *ref = malloc((size_t)dw * dh), *out = malloc((size_t)dw * dh);
        for (int i = 0; i < sw * sh; i++) s[i] = (uint8_t)rnd();
        ovxc_geo_src src = {s, sw, sw, sh, 0, it % 3 == 0 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE, 9, 0, 0, 0};
        ovxc_geo_dst dst = {ref, dw, dw, dh, 0};
        check(ovxc_scale_is_half2(&src, &dst, interp), "half-size rule applies", "", dw, dh);
        ovxc_scale_rows(&src, &dst, interp, 0, (uint32_t)dh);
        for (int y = 0; y < dh; y++)
            for (int x = 0; x < dw; x++)
                bad += ref[y * dw + x] !=
                       (interp == OVXC_GEO_BILINEAR ? model_bilinear(s, sw, sh, dw, dh, x, y) : model_area(s, sw, x, y));
        check(bad == 0, "scale half reference vs the spec's formula", interp == OVXC_GEO_BILINEAR ? "bilinear" : "area",
              dw, dh);
        for (const ovx_variant *v = half2_variants; v->level != OVX_SIMD_NONE; v++) {
            if (!cpu_has(v->level)) continue;
            ovxc_geo_dst d2 = {out, dw, dw, dh, 0};
            memset(out, 0xA5, (size_t)dw * dh);
            bands(dh, cut);
            for (int k = 0; cut[k + 1] >= 0; k++)
                ovxc_scale_rows_with(&src, &d2, interp, (ovxc_half2_u8_f)v->fn, (uint32_t)cut[k], (uint32_t)cut[k + 1]);
            check(memcmp(out, ref, (size_t)dw * dh) == 0, "scale half image", v->name, dw, dh);
        }
        free(s), free(ref), free(out);
    }
    /* Half-scale Gaussian: any size (odd too), k = 1, 3, 5, both borders */
    for (int it = 0; it < 240; it++) {
        int sw = 1 + (int)(rnd() % 90), sh = 1 + (int)(rnd() % 14), k = it % 3 == 0 ? 3 : (it % 7 == 1 ? 1 : 5), cut[200];
        if (it % 20 == 0) sw = 1920 + it % 3, sh = 9;
        int dw = (sw + 1) / 2, dh = (sh + 1) / 2;
        uint8_t *s = malloc((size_t)sw * sh), *ref = malloc((size_t)dw * dh), *out = malloc((size_t)dw * dh);
        for (int i = 0; i < sw * sh; i++) s[i] = (uint8_t)(it % 5 == 4 ? 255 : rnd());
        ovxc_geo_src src = {s, sw, sw, sh, 0, it % 2 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE, (int)(rnd() & 255), 0, 0, 0};
        ovxc_geo_dst dst = {ref, dw, dw, dh, 0};
        ovxc_halfscale_gaussian_rows(&src, &dst, k, 0, (uint32_t)dh);
        for (const ovx_variant *v = row5_variants; v->level != OVX_SIMD_NONE; v++) {
            if (!cpu_has(v->level)) continue;
            ovxc_geo_dst d2 = {out, dw, dw, dh, 0};
            memset(out, 0xA5, (size_t)dw * dh);
            bands(dh, cut);
            for (int b = 0; cut[b + 1] >= 0; b++)
                ovxc_halfscale_gaussian_rows_with(&src, &d2, k, (ovxc_row5_u8_f)v->fn, (uint32_t)cut[b],
                                                 (uint32_t)cut[b + 1]);
            check(memcmp(out, ref, (size_t)dw * dh) == 0, "halfscale gaussian image", v->name, sw, sh);
        }
        free(s), free(ref), free(out);
    }
}

/* Scale Image at any ratio from the per-column table (ovxc_scale_tab_*):
 * every sampler (the scalar one included) against ovxc_scale_rows, NEAREST,
 * BILINEAR and AREA, both border rules, ratios up and down (exactly double,
 * 1.5, over 3, 2/3, under 1/2 where blocks spread past a window, 1/4 where
 * an area is wider than the table's 4 columns), widths around
 * the 16-column window and tiny planes, strides past the width, random row
 * bands; the source's last row ends at a PROT_NONE page (an overread
 * faults), the destination is checked past its width (guard bytes). */
static void test_tab(void)
{
    static const int ratios[][2] = {{2, 1}, {3, 2}, {10, 3}, {2, 3}, {9, 10}, {5, 11}, {1, 1}, {7, 8}, {1, 4}};
    for (int it = 0; it < 960; it++) {
        const int *r = ratios[it % 9];
        int sw = 1 + (int)(rnd() % 80), sh = 1 + (int)(rnd() % 14), cut[400];
        if (it % 25 == 0) sw = 1920 / r[0] + it % 3, sh = 6;
        if (it % 25 == 1) sw = 15 + it % 3;
        int dw = sw * r[0] / r[1], dh = sh * r[0] / r[1] + (int)(rnd() % 2);
        if (dw < 1) dw = 1;
        if (dh < 1) dh = 1;
        const int interp = (it / 8) % 3 == 2 ? OVXC_GEO_AREA : ((it / 8) % 3 ? OVXC_GEO_BILINEAR : OVXC_GEO_NEAREST);
        const int ss = sw + (int)(rnd() % 9), ds = dw + 3;
        const size_t stotal = (size_t)(sh - 1) * ss + sw, dtotal = (size_t)dh * ds;
        guarded g = guard_alloc(stotal);
        uint8_t *ref = malloc(dtotal), *out = malloc(dtotal);
        void *tab = malloc(ovxc_scale_tab_size(dw));
        for (size_t i = 0; i < stotal; i++) g.p[i] = (uint8_t)(it % 9 == 4 ? 255 * (rnd() & 1) : rnd());
        ovxc_geo_src src = {g.p, ss, sw, sh, 0, it % 3 == 0 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE,
                            (int)(rnd() & 255), 0, 0, 0};
        ovxc_geo_dst dst = {ref, ds, dw, dh, 0};
        if (!ovxc_scale_tab_fits(&src, &dst, interp)) { /* only the half-size rule's sizes */
            check(ovxc_scale_is_half2(&src, &dst, interp), "scale table fits all but half size", "", dw, dh);
            guard_free(g), free(ref), free(out), free(tab);
            continue;
        }
        memset(ref, 0x5A, dtotal);
        ovxc_scale_rows(&src, &dst, interp, 0, (uint32_t)dh);
        ovxc_scale_tab_build(&src, &dst, interp, tab);
        for (const ovx_variant *v = ovxc_scale_tab_variants();; v++) {
            if (cpu_has(v->level)) {
                ovxc_geo_dst d2 = {out, ds, dw, dh, 0};
                memset(out, 0x5A, dtotal);
                bands(dh, cut);
                for (int k = 0; cut[k + 1] >= 0; k++)
                    ((ovxc_scale_tab_f)v->fn)(&src, &d2, interp, tab, (uint32_t)cut[k], (uint32_t)cut[k + 1]);
                check(memcmp(out, ref, dtotal) == 0,
                      interp == OVXC_GEO_NEAREST ? "scale table nearest"
                                                 : (interp == OVXC_GEO_AREA ? "scale table area" : "scale table bilinear"),
                      v->name, sw * 1000 + dw, sh * 1000 + dh);
            } else {
                not_run++;
            }
            if (v->level == OVX_SIMD_NONE) break;
        }
        guard_free(g), free(ref), free(out), free(tab);
    }
}

int main(void)
{
    test_positions();
    test_half2_rows();
    test_row5();
    test_images();
    test_tab();
    printf("%u passed, %u failed, %u not run\n", passed, failed, not_run);
    return failed != 0 || passed < 10;
}
