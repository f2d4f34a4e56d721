/*
 * Warp Affine, Warp Perspective and Remap (compute/geometry.h): every SIMD
 * variant against the scalar reference, bit-exact, over random matrices
 * (rotations, scales, shears, translations, perspectives, matrices mapping
 * partly or wholly outside, huge and degenerate ones), random remap tables
 * (inside, outside, integer and half-integer points, huge values, NaN and
 * infinities), both interpolations, both border rules (constant with a
 * random value, replicate = what undefined computes), sizes from 1x1 up with
 * odd widths (some across the AVX2 two-pass loops' 256-pixel chunks), steps
 * at the edges of the AVX-512 variant's 16-column, 4-row windows,
 * sources that are a valid rectangle inside a larger image, and random,
 * all-0, all-255 and 0/255 pixels.  The source plane ends right
 * before an inaccessible page, or starts right after one (a read past its
 * last byte or before its first faults), and the destination rows carry
 * guard bytes no variant may touch.  A variant the
 * CPU cannot run is reported as not run, never as passed.
 */
#include "../../csrc/compute/geometry.h"
#include "../../csrc/runtime/dispatch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SIMD_TEST_SEED 2463534242u
#include "simd_test.h"

static double frand(double a, double b)
{
    return a + (b - a) * (double)(rnd() % 1000001u) / 1000000.0;
}

/* A source image whose last byte is the last byte before a PROT_NONE page
 * (at_start: whose first byte is the first after one). */
typedef struct {
    uint8_t *map;
    size_t map_len;
    uint8_t *img; /* the whole image, iw x ih, stride istride */
    int32_t iw, ih, istride;
} src_image;

static void src_alloc(src_image *s, int32_t iw, int32_t ih, int32_t istride, int at_start)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t bytes = (size_t)(ih - 1) * (size_t)istride + (size_t)iw;
    size_t data_pages = (bytes + page - 1) / page;
    s->map_len = (data_pages + 1) * page;
    s->map = mmap(NULL, s->map_len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (s->map == MAP_FAILED) {
        perror("mmap");
        exit(2);
    }
    if (at_start) {
        mprotect(s->map, page, PROT_NONE);
        s->img = s->map + page;
    } else {
        mprotect(s->map + data_pages * page, page, PROT_NONE);
        s->img = s->map + data_pages * page - bytes;
    }
    s->iw = iw;
    s->ih = ih;
    s->istride = istride;
}

static void src_free(src_image *s)
{
    munmap(s->map, s->map_len);
}

enum { GUARD = 16 };

static unsigned passed, failed, not_run;

/* The first byte where out differs from ref (dh rows of ds bytes, guard
 * bytes included): 1 and its (x, y), else 0. */
static int first_diff(const uint8_t *out, const uint8_t *ref, int32_t ds, int32_t dh, int32_t *px, int32_t *py)
{
    for (int32_t y = 0; y < dh; y++)
        for (int32_t x = 0; x < ds; x++)
            if (out[(size_t)y * ds + x] != ref[(size_t)y * ds + x]) {
                *px = x, *py = y;
                return 1;
            }
    return 0;
}

/* Remap and Warp Perspective nearest by the derived table (ovxc_remap_tab_*,
 * from bt's builders: ovxc_remap_tab_build_variants or
 * ovxc_warp_perspective_tab_build_variants, coef the map or the matrix):
 * every builder's table equal to the scalar builder's, and every sampler
 * (on the table and on its packed form) equal to the reference's output ref
 * (stride ds). */
static void check_tab(const ovxc_geo_src *src, int32_t dw, int32_t dh, const float *coef, const uint8_t *ref,
                      int32_t ds, const char *what, const ovx_variant *bt)
{
    const ovx_variant *st = ovxc_remap_tab_variants(), *v, *sb = bt;
    const int32_t ist = (dw + 63) & ~63, hst = ist / 16;
    const size_t n = (size_t)ds * (size_t)dh;
    int16_t *tab = malloc((size_t)dw * dh * 4), *tab2 = malloc((size_t)dw * dh * 4);
    uint8_t *idx = malloc((size_t)ist * dh), *out = malloc(n);
    int32_t *hdr = malloc((size_t)hst * dh * 4);
    ovxc_geo_dst dst = {out, ds, dw, dh, 0};
    if (!ovxc_remap_tab_fits(src, &dst)) goto done;
    while (sb->level != OVX_SIMD_NONE) sb++;
    ((ovxc_remap_tab_build_f)sb->fn)(src, &dst, coef, tab, 0, (uint32_t)dh);
    for (v = bt; v->level != OVX_SIMD_NONE; v++) {
        if (!cpu_has(v->level)) {
            not_run++;
            continue;
        }
        memset(tab2, 0x5A, (size_t)dw * dh * 4);
        ((ovxc_remap_tab_build_f)v->fn)(src, &dst, coef, tab2, 0, (uint32_t)dh / 2);
        ((ovxc_remap_tab_build_f)v->fn)(src, &dst, coef, tab2, (uint32_t)dh / 2, (uint32_t)dh);
        if (memcmp(tab, tab2, (size_t)dw * dh * 4)) {
            printf("FAIL %s table build %s mode %d src %dx%d dst %dx%d\n", v->name, what, src->mode, src->width,
                   src->height, dw, dh);
            failed++;
        } else {
            passed++;
        }
    }
    memset(idx, 0x5A, (size_t)ist * dh), memset(hdr, 0x5A, (size_t)hst * dh * 4); /* the bases past a row's blocks: unused, untouched */
    ovxc_remap_tab_pack_rows(src, &dst, tab, idx, hdr, ist, hst, 0, (uint32_t)dh);
    for (v = ovxc_remap_tab_pack_variants(); v->level != OVX_SIMD_NONE; v++) { /* the same packed form */
        uint8_t *idx2 = malloc((size_t)ist * dh);
        int32_t *hdr2 = malloc((size_t)hst * dh * 4);
        if (!cpu_has(v->level)) {
            not_run++;
        } else {
            memset(idx2, 0x5A, (size_t)ist * dh), memset(hdr2, 0x5A, (size_t)hst * dh * 4);
            ((ovxc_remap_tab_pack_f)v->fn)(src, &dst, tab, idx2, hdr2, ist, hst, 0, (uint32_t)dh / 2);
            ((ovxc_remap_tab_pack_f)v->fn)(src, &dst, tab, idx2, hdr2, ist, hst, (uint32_t)dh / 2, (uint32_t)dh);
            if (memcmp(idx, idx2, (size_t)ist * dh) || memcmp(hdr, hdr2, (size_t)hst * dh * 4)) {
                printf("FAIL %s table pack %s mode %d src %dx%d dst %dx%d\n", v->name, what, src->mode,
                       src->width, src->height, dw, dh);
                failed++;
            } else {
                passed++;
            }
        }
        free(idx2), free(hdr2);
    }
    for (v = st;; v++) {
        for (int packed = 0; packed < 2; packed++) {
            ovxc_remap_tab t = {tab, packed ? idx : NULL, hdr, ist, hst};
            int32_t x, y;
            if (!cpu_has(v->level)) {
                not_run++;
                continue;
            }
            memset(out, 0xA5, n);
            ((ovxc_remap_tab_f)v->fn)(src, &dst, &t, 0, (uint32_t)dh / 2);
            ((ovxc_remap_tab_f)v->fn)(src, &dst, &t, (uint32_t)dh / 2, (uint32_t)dh);
            if (first_diff(out, ref, ds, dh, &x, &y)) {
                printf("FAIL %s table%s %s mode %d src %dx%d (+%d,+%d) dst %dx%d at (%d, %d): %d, "
                       "scalar %d%s\n",
                       v->name, packed ? " packed" : "", what, src->mode, src->width, src->height, src->ox, src->oy, dw,
                       dh, x, y, out[(size_t)y * ds + x], ref[(size_t)y * ds + x], x >= dw ? " (guard byte)" : "");
                failed++;
            } else {
                passed++;
            }
        }
        if (v->level == OVX_SIMD_NONE) break;
    }
done:
    free(tab), free(tab2), free(idx), free(out), free(hdr);
}

/* Remap bilinear by the derived table (ovxc_remap_btab_*): the table built
 * in two bands, every sampler (the scalar one included) equal to the
 * reference's output ref (stride ds), guard bytes untouched; and the share
 * of blocks with a base counted (btab_based, btab_blocks: the test must
 * reach the table's fast path, not only its escapes). */
static unsigned long btab_based, btab_blocks;

static void check_btab(const ovxc_geo_src *src, int32_t dw, int32_t dh, const float *map, const uint8_t *ref,
                       int32_t ds, const char *what)
{
    const size_t rb = ovxc_remap_btab_row_bytes(dw), nb = ((size_t)dw + 7) / 8, n = (size_t)ds * (size_t)dh;
    uint8_t *tab = malloc(rb * (size_t)dh), *out = malloc(n);
    ovxc_geo_dst dst = {out, ds, dw, dh, 0};
    const ovx_variant *v;
    if (!ovxc_remap_btab_fits(src, &dst)) goto done;
    memset(tab, 0x5A, rb * (size_t)dh);
    ovxc_remap_btab_build_rows(src, &dst, map, tab, 0, (uint32_t)dh / 2);
    ovxc_remap_btab_build_rows(src, &dst, map, tab, (uint32_t)dh / 2, (uint32_t)dh);
    for (int32_t y = 0; y < dh; y++)
        for (size_t b = 0; b < nb; b++) {
            btab_blocks++;
            btab_based += ((const int32_t *)(const void *)(tab + (size_t)y * rb))[b] != OVXC_GEO_BTAB_ESC;
        }
    for (v = ovxc_remap_btab_variants();; v++) {
        int32_t x, y;
        if (!cpu_has(v->level)) {
            not_run++;
            continue;
        }
        memset(out, 0xA5, n);
        ((ovxc_remap_btab_f)v->fn)(src, &dst, map, tab, 0, (uint32_t)dh / 2);
        ((ovxc_remap_btab_f)v->fn)(src, &dst, map, tab, (uint32_t)dh / 2, (uint32_t)dh);
        if (first_diff(out, ref, ds, dh, &x, &y)) {
            printf("FAIL %s remap bilinear table %s mode %d src %dx%d (+%d,+%d) dst %dx%d at (%d, %d): %d, scalar %d%s\n",
                   v->name, what, src->mode, src->width, src->height, src->ox, src->oy, dw, dh, x, y,
                   out[(size_t)y * ds + x], ref[(size_t)y * ds + x], x >= dw ? " (guard byte)" : "");
            failed++;
        } else {
            passed++;
        }
        if (v->level == OVX_SIMD_NONE) break;
    }
done:
    free(tab), free(out);
}

/* Run kind with every variant on (src, dst size) and compare with the scalar. */
static void check(int kind, const ovxc_geo_src *src, int32_t dw, int32_t dh, const float *coef, int interp,
                  const char *what)
{
    const ovx_variant *tab = ovxc_geo_warp_variants(kind), *v;
    int32_t ds = dw + GUARD;
    size_t n = (size_t)ds * (size_t)dh;
    uint8_t *ref = malloc(n), *out = malloc(n);
    ovxc_geo_dst dst = {ref, ds, dw, dh, 0};
    ovxc_warp_rows_f scalar = NULL;
    for (v = tab;; v++)
        if (v->level == OVX_SIMD_NONE) break;
    scalar = (ovxc_warp_rows_f)v->fn;
    memset(ref, 0xA5, n);
    scalar(src, &dst, coef, interp, 0, (uint32_t)dh);
    if (kind == OVXC_GEO_REMAP && interp == OVXC_GEO_NEAREST)
        check_tab(src, dw, dh, coef, ref, ds, what, ovxc_remap_tab_build_variants());
    if (kind == OVXC_GEO_WARP_PERSPECTIVE && interp == OVXC_GEO_NEAREST)
        check_tab(src, dw, dh, coef, ref, ds, what, ovxc_warp_perspective_tab_build_variants());
    if (kind == OVXC_GEO_WARP_AFFINE && interp == OVXC_GEO_NEAREST)
        check_tab(src, dw, dh, coef, ref, ds, what, ovxc_warp_affine_tab_build_variants());
    if (kind == OVXC_GEO_REMAP && interp == OVXC_GEO_BILINEAR) check_btab(src, dw, dh, coef, ref, ds, what);
    for (v = tab; v->level != OVX_SIMD_NONE; v++) {
        int32_t x, y;
        if (!cpu_has(v->level)) {
            not_run++;
            continue;
        }
        memset(out, 0xA5, n);
        dst.ptr = out;
        /* two bands, as the thread pool cuts them */
        ((ovxc_warp_rows_f)v->fn)(src, &dst, coef, interp, 0, (uint32_t)dh / 2);
        ((ovxc_warp_rows_f)v->fn)(src, &dst, coef, interp, (uint32_t)dh / 2, (uint32_t)dh);
        if (first_diff(out, ref, ds, dh, &x, &y)) {
            printf("FAIL %s %s kind %d interp %d mode %d src %dx%d (+%d,+%d) dst %dx%d at (%d, %d): %d, scalar %d%s\n",
                   v->name, what, kind, interp, src->mode, src->width, src->height, src->ox, src->oy, dw, dh, x, y,
                   out[(size_t)y * ds + x], ref[(size_t)y * ds + x], x >= dw ? " (guard byte)" : "");
            failed++;
        } else {
            passed++;
        }
    }
    free(ref);
    free(out);
}

static void random_affine(float m[6], int32_t sw, int32_t sh, int32_t dw, int32_t dh, int type)
{
    double a = frand(-3.2, 3.2), sc = frand(0.3, 3.0), c = cos(a) * sc, s = sin(a) * sc;
    double cx = frand(-0.2, 1.2) * sw, cy = frand(-0.2, 1.2) * sh;
    switch (type) {
    case 0: /* rotation + scale about a point */
        m[0] = (float)c, m[1] = (float)s, m[2] = (float)-s, m[3] = (float)c;
        break;
    case 1: /* scale only */
        m[0] = (float)frand(0.2, 3), m[1] = 0, m[2] = 0, m[3] = (float)frand(0.2, 3);
        break;
    case 2: /* shear */
        m[0] = 1, m[1] = (float)frand(-1, 1), m[2] = (float)frand(-1, 1), m[3] = 1;
        break;
    case 3: /* integer or half-integer translation: taps on pixel centres and halves */
        m[0] = 1, m[1] = 0, m[2] = 0, m[3] = 1;
        m[4] = (float)((int)(rnd() % 9) - 4) * 0.5f, m[5] = (float)((int)(rnd() % 9) - 4) * 0.5f;
        return;
    case 4: /* everything outside */
        m[0] = (float)frand(-2, 2), m[1] = (float)frand(-2, 2), m[2] = (float)frand(-2, 2), m[3] = (float)frand(-2, 2);
        m[4] = (float)(rnd() & 1 ? 10 * (sw + dw + dh) : -10 * (sw + dw + dh));
        m[5] = (float)frand(-5, 5);
        return;
    case 5: /* huge: beyond the +-1e9 rule */
        m[0] = (float)frand(-1e12, 1e12), m[1] = (float)frand(-1e3, 1e3), m[2] = (float)frand(-1, 1),
        m[3] = (float)frand(-1e12, 1e12);
        m[4] = (float)frand(-1e9, 1e9), m[5] = (float)frand(-10, 10);
        return;
    case 7: /* steps of a tenth: near-ties of the bilinear sum */
        m[0] = (float)((int)(rnd() % 21) - 10) * 0.1f, m[1] = (float)((int)(rnd() % 21) - 10) * 0.1f;
        m[2] = (float)((int)(rnd() % 21) - 10) * 0.1f, m[3] = (float)((int)(rnd() % 21) - 10) * 0.1f;
        m[4] = (float)((int)(rnd() % 41) - 10) * 0.1f, m[5] = (float)((int)(rnd() % 41) - 10) * 0.1f;
        return;
    case 6: /* zero matrix + translation */
        m[0] = m[1] = m[2] = m[3] = 0;
        m[4] = (float)frand(-2, sw + 1), m[5] = (float)frand(-2, sh + 1);
        return;
    default: /* fully random */
        for (int i = 0; i < 4; i++) m[i] = (float)frand(-2, 2);
        break;
    }
    /* dst centre maps to (cx, cy) */
    m[4] = (float)(cx - (m[0] * dw / 2.0 + m[2] * dh / 2.0));
    m[5] = (float)(cy - (m[1] * dw / 2.0 + m[3] * dh / 2.0));
}

static void random_perspective(float m[9], int32_t sw, int32_t sh, int32_t dw, int32_t dh, int type)
{
    float a[6];
    random_affine(a, sw, sh, dw, dh, type % 9);
    m[0] = a[0], m[1] = a[1], m[3] = a[2], m[4] = a[3], m[6] = a[4], m[7] = a[5];
    m[2] = (float)frand(-1e-3, 1e-3), m[5] = (float)frand(-1e-3, 1e-3), m[8] = (float)frand(0.5, 1.5);
    if (type == 8) { /* z crosses 0 inside the destination: division by zero, signs flip */
        m[2] = (float)frand(0.5, 2.0) / (float)(dw > 1 ? dw : 1);
        m[5] = 0;
        m[8] = -(float)(rnd() % (uint32_t)(dw > 1 ? dw : 1)) * m[2];
    } else if (type == 9) { /* z exactly 0 everywhere */
        m[2] = m[5] = m[8] = 0;
    } else if (type == 10) { /* identity */
        memset(m, 0, 9 * sizeof(float));
        m[0] = m[4] = m[8] = 1;
    } else if (type == 11) { /* strong perspective */
        m[2] = (float)frand(-0.05, 0.05), m[5] = (float)frand(-0.05, 0.05);
    }
}

static void random_map(float *map, int32_t sw, int32_t sh, int32_t dw, int32_t dh, int type)
{
    for (int32_t y = 0; y < dh; y++)
        for (int32_t x = 0; x < dw; x++) {
            float *p = map + 2 * ((size_t)y * dw + x);
            unsigned r = rnd() % 100;
            if (type == 3) { /* tenths: near-ties of the bilinear sum (with small pixel values) */
                p[0] = (float)((int)(rnd() % (uint32_t)(10 * sw + 10)) - 5) * 0.1f;
                p[1] = (float)((int)(rnd() % (uint32_t)(10 * sh + 10)) - 5) * 0.1f;
            } else if (type == 0) { /* a smooth map */
                p[0] = (float)(x * 0.9 + 0.3 * sin(y * 0.1) + 1.7);
                p[1] = (float)(y * 1.1 - 0.4 * cos(x * 0.07) - 0.3);
            } else if (r < 60) {
                p[0] = (float)frand(-1.5, sw + 0.5), p[1] = (float)frand(-1.5, sh + 0.5);
            } else if (r < 75) { /* pixel centres and halves */
                p[0] = (float)((int)(rnd() % (uint32_t)(2 * sw + 6)) - 3) * 0.5f;
                p[1] = (float)((int)(rnd() % (uint32_t)(2 * sh + 6)) - 3) * 0.5f;
            } else if (r < 85) {
                p[0] = (float)frand(-1e11, 1e11), p[1] = (float)frand(-1e11, 1e11);
            } else if (r < 90) {
                static const float odd[] = {1e9f, -1e9f, 999999936.0f, -999999936.0f, 0.0f, -0.0f, 0.49999997f};
                p[0] = odd[rnd() % 7], p[1] = odd[rnd() % 7];
            } else if (r < 95) {
                p[0] = (rnd() & 1) ? NAN : INFINITY, p[1] = (float)frand(0, sh);
            } else {
                p[0] = (float)frand(0, sw), p[1] = (rnd() & 1) ? -INFINITY : NAN;
            }
        }
}

static void fill(src_image *s, int pattern)
{
    for (int32_t y = 0; y < s->ih; y++)
        for (int32_t x = 0; x < s->istride && (y < s->ih - 1 || x < s->iw); x++) {
            uint8_t v = (uint8_t)rnd();
            if (pattern == 1) v = 255;
            else if (pattern == 2) v = 0;
            else if (pattern == 3) v = ((x + y) & 1) ? 255 : 0;
            else if (pattern == 4) v = (uint8_t)(v % 12);
            s->img[(size_t)y * s->istride + x] = v;
        }
}

int main(void)
{
    static const int32_t sizes[][2] = {{1, 1}, {2, 2}, {1, 5}, {5, 1}, {3, 4}, {7, 3}, {4, 4}, {17, 13},
                                       {33, 9}, {64, 48}, {127, 61}, {200, 3}, {300, 40}};
    static const int32_t dsizes[][2] = {{1, 1}, {3, 2}, {4, 1}, {5, 5}, {7, 9}, {8, 3}, {13, 17}, {31, 7},
                                        {64, 40}, {129, 37}, {250, 3}, {257, 6}, {519, 5}, {271, 4}};
    const int ns = (int)(sizeof(sizes) / sizeof(sizes[0])), nd = (int)(sizeof(dsizes) / sizeof(dsizes[0]));
    int round;
    for (round = 0; round < 1000; round++) {
        const int32_t *ss = sizes[round % ns], *dd = dsizes[(round / ns + round) % nd];
        /* the source: a valid rectangle inside a larger image, sometimes the whole */
        int32_t sw = ss[0], sh = ss[1], dw = dd[0], dh = dd[1];
        int32_t ox = (round & 1) ? (int32_t)(rnd() % 5) : 0, oy = (round & 2) ? (int32_t)(rnd() % 4) : 0;
        int32_t iw = ox + sw + ((round & 4) ? (int32_t)(rnd() % 3) : 0);
        int32_t ih = oy + sh + ((round & 8) ? (int32_t)(rnd() % 3) : 0);
        int32_t istride = iw + ((round & 16) ? (int32_t)(rnd() % 9) : 0);
        src_image si;
        ovxc_geo_src src;
        float m[9], *map;
        int interp, mode, k;
        src_alloc(&si, iw, ih, istride, (round / 32) & 1);
        fill(&si, round % 11 == 3 ? 1 : (round % 11 == 5 ? 2 : (round % 11 == 7 ? 3 : (round % 3 == 1 ? 4 : 0))));
        src.ptr = si.img + (size_t)oy * istride + ox;
        src.stride = istride;
        src.width = sw;
        src.height = sh;
        src.u1 = 0;
        src.bit0 = 0;
        src.ox = ox;
        src.oy = oy;
        src.cval = (int)(rnd() & 255);
        map = malloc((size_t)dw * dh * 2 * sizeof(float));
        for (mode = 0; mode < 2; mode++)
            for (interp = 0; interp < 2; interp++) {
                src.mode = mode ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
                random_affine(m, sw, sh, dw, dh, (int)(rnd() % 9));
                /* the matrices are in image coordinates: shift by the origin */
                m[4] += (float)ox, m[5] += (float)oy;
                check(OVXC_GEO_WARP_AFFINE, &src, dw, dh, m, interp, "affine");
                random_perspective(m, sw, sh, dw, dh, (int)(rnd() % 12));
                check(OVXC_GEO_WARP_PERSPECTIVE, &src, dw, dh, m, interp, "perspective");
                random_map(map, sw, sh, dw, dh, (int)(rnd() % 4));
                for (k = 0; k < dw * dh; k++) map[2 * k] += (float)ox, map[2 * k + 1] += (float)oy;
                check(OVXC_GEO_REMAP, &src, dw, dh, map, interp, "remap");
            }
        free(map);
        src_free(&si);
    }
    /* a 1080p-like wide case: long rows, rotation */
    {
        src_image si;
        ovxc_geo_src src;
        float m[9], *map;
        int32_t w = 1923, h = 37;
        src_alloc(&si, w, h, w, 0);
        fill(&si, 4);
        memset(&src, 0, sizeof(src));
        src.ptr = si.img, src.stride = w, src.width = w, src.height = h;
        map = malloc((size_t)w * h * 2 * sizeof(float));
        for (int interp = 0; interp < 2; interp++)
            for (int t = 0; t < 9; t++) {
                src.mode = t & 1 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
                src.cval = 77;
                random_affine(m, w, h, w, h, t);
                check(OVXC_GEO_WARP_AFFINE, &src, w, h, m, interp, "affine wide");
                random_perspective(m, w, h, w, h, t + 4);
                check(OVXC_GEO_WARP_PERSPECTIVE, &src, w, h, m, interp, "perspective wide");
                random_map(map, w, h, w, h, t % 4);
                check(OVXC_GEO_REMAP, &src, w, h, map, interp, "remap wide");
            }
        /* the bench's mild rotation and scale (row-local taps in every
         * block but the edges' and the chunks' tails), both border rules */
        for (int interp = 0; interp < 2; interp++)
            for (int mode = 0; mode < 2; mode++) {
                const float pm[9] = {0.9f, -0.1f, 1e-5f, 0.1f, 0.9f, 2e-5f, 5.0f, 7.0f, 1.0f};
                const float am[6] = {0.9f, -0.1f, 0.1f, 0.9f, 5.0f, 7.0f};
                src.mode = mode ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
                check(OVXC_GEO_WARP_AFFINE, &src, w, h, am, interp, "affine wide, bench matrix");
                check(OVXC_GEO_WARP_PERSPECTIVE, &src, w, h, pm, interp, "perspective wide, bench matrix");
                for (int32_t k = 0; k < w * h; k++)
                    map[2 * k] = (float)(k % w) * 0.9f + 3.0f, map[2 * k + 1] = (float)(k / w) * 0.9f + 2.0f;
                check(OVXC_GEO_REMAP, &src, w, h, map, interp, "remap wide, bench table");
            }
        /* steps at the edges of the AVX-512 variant's windows (16 columns:
         * up to 15 steps of about 1 pixel across; 4 rows: of 2/15 and 3/15
         * down) and of its affine rows' no-test span, both directions */
        for (int interp = 0; interp < 2; interp++)
            for (int mode = 0; mode < 2; mode++)
                for (int t = 0; t < 24; t++) {
                    static const float ax[6] = {0.92f, 0.933f, 0.95f, 0.99f, 1.0f, 1.06f};
                    static const float ay[4] = {0.0f, 0.125f, 0.1334f, 0.2f};
                    const float sx = (t & 1) ? -1.0f : 1.0f;
                    const float am[6] = {sx * ax[t % 6], ay[(t / 6) % 4] * (t % 5 == 2 ? -1.0f : 1.0f), 0.05f, 0.97f,
                                         sx < 0 ? (float)w : 3.3f, 2.7f};
                    const float pm[9] = {am[0], am[1], 3e-6f, am[2], am[3], 1e-5f, am[4], am[5], 1.0f};
                    src.mode = mode ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
                    check(OVXC_GEO_WARP_AFFINE, &src, w, h, am, interp, "affine wide, window edges");
                    check(OVXC_GEO_WARP_PERSPECTIVE, &src, w, h, pm, interp, "perspective wide, window edges");
                }
        /* the row-local span's ends moving by 0-40 blocks from row to row
         * (the AVX2 affine rows walk from the row before's ends, and search
         * when that takes over 8 steps), both ways, from outside the plane
         * to across it */
        for (int interp = 0; interp < 2; interp++)
            for (int t = 0; t < 8; t++) {
                static const float drift[8] = {0.0f, 0.3f, 2.5f, 8.0f, 40.0f, -2.5f, -40.0f, 0.01f};
                const float ax = t & 1 ? -0.05f : 0.05f;
                const float am[6] = {ax, 0.01f, drift[t], 0.2f * (float)(t % 3), t & 1 ? (float)w * 0.5f : -30.0f,
                                     1.5f};
                src.mode = t & 2 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
                check(OVXC_GEO_WARP_AFFINE, &src, w, h, am, interp, "affine wide, span ends drifting");
            }
        /* positions a hair under a half pixel: v = 512 - 2^-15 (pixel 0;
         * the AVX-512 nearests' u = v / 1024 = 1/2 - 2^-25, whose u + 1/2
         * rounded to nearest would be 1), in x, y or both, with rows and
         * columns stepping by whole pixels to other pixels' halves */
        for (int interp = 0; interp < 2; interp++)
            for (int t = 0; t < 6; t++) {
                const float hx = (t & 1) ? 0.5f - 0x1p-11f - 0x1p-25f : 0.0f;
                const float hy = (t & 2) ? 0.5f - 0x1p-11f - 0x1p-25f : 0.25f;
                const float am[6] = {t >= 4 ? 1.0f : 0.0f, 0.0f, 0.0f, t >= 4 ? 1.0f : 0.0f, hx + (float)(t / 2), hy};
                src.mode = t & 1 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
                const float pm[9] = {am[0], am[1], 0.0f, am[2], am[3], 0.0f, am[4], am[5], 1.0f};
                check(OVXC_GEO_WARP_AFFINE, &src, w, h, am, interp, "affine wide, half-pixel ties");
                check(OVXC_GEO_WARP_PERSPECTIVE, &src, w, h, pm, interp, "perspective wide, half-pixel ties");
            }
        /* exact row ties inside blocks: y' = x / 16 + y + (c - 0.5) / 1024 puts
         * the position exactly on 1024 yb + 512 (the nearest row's threshold)
         * at x = (512 - c) / 64 + 16 k: c 256 at pixel 4 of a block, c 384 at
         * pixel 2 */
        for (int mode = 0; mode < 4; mode++) {
            const float am[6] = {1.0f, 0.0625f, 0.0f, 1.0f, 0.25f, mode & 2 ? 0.37451171875f : 0.24951171875f};
            const float pm[9] = {am[0], am[1], 0.0f, am[2], am[3], 0.0f, am[4], am[5], 1.0f};
            src.mode = mode & 1 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
            check(OVXC_GEO_WARP_AFFINE, &src, w, h, am, OVXC_GEO_NEAREST, "affine wide, exact row ties");
            check(OVXC_GEO_WARP_PERSPECTIVE, &src, w, h, pm, OVXC_GEO_NEAREST, "perspective wide, exact row ties");
        }
        free(map);
        src_free(&si);
    }
    /* rows wider than the AVX-512 warp rows' product table (2048 columns:
     * the products computed in the lanes instead) and the AVX2 nearest
     * affine rows' (4096), the bench's matrices and random ones, both
     * border rules */
    for (int wide = 0; wide < 2; wide++) {
        src_image si;
        ovxc_geo_src src;
        int32_t w = wide ? 4100 : 2100, h = wide ? 5 : 9;
        src_alloc(&si, w, h, w, 0);
        fill(&si, 4);
        memset(&src, 0, sizeof(src));
        src.ptr = si.img, src.stride = w, src.width = w, src.height = h;
        src.cval = 91;
        for (int interp = 0; interp < 2; interp++)
            for (int t = 0; t < 6; t++) {
                const float pm[9] = {0.9f, -0.1f, 1e-5f, 0.1f, 0.9f, 2e-5f, 5.0f, 7.0f, 1.0f};
                float m[9];
                src.mode = t & 1 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
                if (t < 2) memcpy(m, pm, sizeof(m));
                else random_perspective(m, w, h, w, h, t + 2);
                check(OVXC_GEO_WARP_PERSPECTIVE, &src, w, h, m, interp, "perspective wider than the table");
                if (t < 2) {
                    const float am[6] = {0.9f, -0.1f, 0.1f, 0.9f, 5.0f, 7.0f};
                    memcpy(m, am, sizeof(am));
                } else {
                    random_affine(m, w, h, w, h, t + 1);
                }
                check(OVXC_GEO_WARP_AFFINE, &src, w, h, m, interp, "affine wider than the table");
            }
        src_free(&si);
    }
    /* steep rotations about the middle, 20-85 degrees both ways, with and
     * without a perspective term: the AVX-512 rows' 4x4 tiles (bilinear,
     * w5_tile_band: bands of 4 rows and the last of 1-3, widths not a
     * multiple of 16) and 8-row windows, the AVX2 rows' gathers */
    {
        src_image si;
        ovxc_geo_src src;
        const int32_t sw = 301, sh = 203, dw = 259, dh = 41;
        src_alloc(&si, sw, sh, sw + 3, 0);
        fill(&si, 4);
        memset(&src, 0, sizeof(src));
        src.ptr = si.img, src.stride = sw + 3, src.width = sw, src.height = sh;
        src.cval = 29;
        for (int interp = 0; interp < 2; interp++)
            for (int d = 20; d <= 85; d += 5) {
                const double a = (d % 10 ? -d : d) * 3.14159265358979 / 180.0, sc = 0.8 + 0.03 * (d % 13);
                const double c = cos(a) * sc, s = sin(a) * sc, cx = dw / 2.0, cy = dh / 2.0;
                /* x' = c (x - cx) - s (y - cy) + sw / 2, y' = s (x - cx) + c (y - cy) + sh / 2 */
                const float am[6] = {(float)c, (float)s, (float)-s, (float)c, (float)(sw / 2.0 - c * cx + s * cy),
                                     (float)(sh / 2.0 - s * cx - c * cy)};
                const float pm[9] = {am[0], am[1], 2e-5f, am[2], am[3], -3e-5f, am[4], am[5], 1.0f};
                src.mode = d % 15 ? OVXC_BORDER_REPLICATE : OVXC_BORDER_CONSTANT;
                check(OVXC_GEO_WARP_AFFINE, &src, dw, dh, am, interp, "affine, steep rotation");
                check(OVXC_GEO_WARP_PERSPECTIVE, &src, dw, dh, pm, interp, "perspective, steep rotation");
                src.mode = src.mode == OVXC_BORDER_CONSTANT ? OVXC_BORDER_REPLICATE : OVXC_BORDER_CONSTANT;
                check(OVXC_GEO_WARP_AFFINE, &src, dw, dh, am, interp, "affine, steep rotation");
                check(OVXC_GEO_WARP_PERSPECTIVE, &src, dw, dh, pm, interp, "perspective, steep rotation");
            }
        src_free(&si);
    }
    /* U1 images: the variants keep the scalar rule */
    {
        static uint8_t u1src[8 * 20], ref[4 * 16], out[4 * 16];
        ovxc_geo_src src = {u1src, 8, 61, 20, 1, OVXC_BORDER_CONSTANT, 1, 3, 0, 0};
        ovxc_geo_dst dst = {ref, 4, 29, 16, 1};
        const ovx_variant *v, *tab = ovxc_geo_warp_variants(OVXC_GEO_WARP_AFFINE);
        float m[6] = {0.9f, 0.2f, -0.3f, 1.1f, 4.5f, -2.0f};
        for (size_t i = 0; i < sizeof(u1src); i++) u1src[i] = (uint8_t)rnd();
        memset(ref, 0, sizeof(ref));
        ovxc_warp_affine_rows(&src, &dst, m, OVXC_GEO_BILINEAR, 0, 16);
        for (v = tab; v->level != OVX_SIMD_NONE; v++) {
            if (!cpu_has(v->level)) {
                not_run++;
                continue;
            }
            memset(out, 0, sizeof(out));
            dst.ptr = out;
            ((ovxc_warp_rows_f)v->fn)(&src, &dst, m, OVXC_GEO_BILINEAR, 0, 16);
            if (memcmp(out, ref, sizeof(out))) {
                printf("FAIL %s U1 affine\n", v->name);
                failed++;
            } else {
                passed++;
            }
        }
    }
    /* the bilinear table's fast path reached, not only its escapes */
    printf("remap bilinear table: %lu of %lu blocks with a base\n", btab_based, btab_blocks);
    if (btab_based * 4 < btab_blocks) {
        printf("FAIL remap bilinear table: under a quarter of the blocks have a base\n");
        failed++;
    }
    printf("warp variants: %u passed, %u failed, %u not run (CPU)\n", passed, failed, not_run);
    return failed ? 1 : 0;
}
