/*
 * Custom Convolution and Sobel 3x3 rows (compute/conv.h): every variant,
 * the scalar one included, run through the window drivers
 * (ovxc_convolve_rows, ovxc_sobel3x3_rows) against the per-pixel
 * references of compute/filter.h (ovxc_convolve_u8, ovxc_sobel3x3_u8),
 * bit-exact over whole output buffers (pixels outside the window must stay
 * untouched); the references against a plain model of the spec's formulas.
 * Images are exact-size allocations (ASan sees an over-read).  Cases: sizes
 * from 1x1 to 1925 wide, odd widths, windows not starting at 0; matrices
 * 1x1 .. 15x15 square and not; coefficients small (16-bit lanes), at the
 * 16-bit limits (sums of +-255 * 128, a coefficient of 128) and large (32-bit
 * lanes, +-32768), nonnegative ones summing to 257 (unsigned 16-bit lanes),
 * s8 ones of every size (groups of 16-bit sums), rank-1 ones (two passes,
 * column sums in 16- or 32-bit lanes) with small and large factors;
 * scales 2^0 .. 2^31; U8 and S16 outputs; replicate and
 * constant borders; random images and images of 0 / 255 only.  The test
 * fails when any of the six paths was never exercised.  A variant the CPU
 * cannot run is reported as not run, never as passed.
 */
#include "../../csrc/compute/conv.h"
#include "../../csrc/compute/filter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 2463534242u
#include "simd_test.h"

static unsigned passed, failed, not_run;

static int px(const uint8_t *img, uint32_t ss, const ovxc_area *a, long x, long y)
{
    if (x < 0 || y < 0 || x >= (long)a->width || y >= (long)a->height) {
        if (a->border == OVXC_BORDER_CONSTANT) return (int)a->constant;
        x = x < 0 ? 0 : (x >= (long)a->width ? (long)a->width - 1 : x);
        y = y < 0 ? 0 : (y >= (long)a->height ? (long)a->height - 1 : y);
    }
    return img[(size_t)y * ss + (size_t)x];
}

/* the spec: sum = sum_{k,l} in(x + k0 - k, y + l0 - l) C[l][k]; sum / scale
 * (C division), clamped */
static int model_conv(const uint8_t *img, uint32_t ss, const ovxc_area *a, const int16_t *c, uint32_t cols,
                      uint32_t rows, uint32_t scale, int s16, uint32_t x, uint32_t y)
{
    long long sum = 0, v;
    for (uint32_t l = 0; l < rows; l++)
        for (uint32_t k = 0; k < cols; k++)
            sum += (long long)c[l * cols + k] * px(img, ss, a, (long)x + cols / 2 - k, (long)y + rows / 2 - l);
    v = sum / (long long)scale;
    if (s16) return v < -32768 ? -32768 : (v > 32767 ? 32767 : (int)v);
    return v < 0 ? 0 : (v > 255 ? 255 : (int)v);
}

/* coefficient kinds */
enum { K_SMALL, K_LIMIT16, K_128, K_LARGE, K_EXTREME, K_SPARSE, K_U16, K_S8, K_SEP, K_SEPBIG, K_COUNT };

static void make_coef(int kind, int16_t *c, uint32_t n, uint32_t cols)
{
    uint32_t i;
    for (i = 0; i < n; i++) c[i] = 0;
    switch (kind) {
    case K_SMALL: /* within 16 bits for a few taps */
        for (i = 0; i < n; i++) c[i] = (int16_t)((int)(rnd() % 7) - 3);
        break;
    case K_LIMIT16: { /* positives summing to 128 (each <= 127), negatives to -128, where there is room */
        int pos = 128, neg = 128;
        uint32_t perm[OVXC_CONV_MAX_TAPS];
        for (i = 0; i < n; i++) perm[i] = i;
        for (i = n; i > 1; i--) {
            uint32_t j = rnd() % i, tmp = perm[i - 1];
            perm[i - 1] = perm[j];
            perm[j] = tmp;
        }
        for (i = 0; i < n; i++) {
            int v;
            if (pos && (i % 2 == 0 || !neg)) {
                v = 1 + (int)(rnd() % 127);
                v = v < pos ? v : pos;
                c[perm[i]] = (int16_t)v;
                pos -= v;
            } else if (neg) {
                v = 1 + (int)(rnd() % 128);
                v = v < neg ? v : neg;
                c[perm[i]] = (int16_t)-v;
                neg -= v;
            }
        }
        break;
    }
    case K_128: /* one 128 (all the positive side allows) and small negatives */
        for (i = 0; i < n; i++) c[i] = (int16_t)-(int)(rnd() % 2);
        c[rnd() % n] = 128;
        break;
    case K_LARGE:
        for (i = 0; i < n; i++) c[i] = (int16_t)((int)(rnd() % 2001) - 1000);
        break;
    case K_EXTREME:
        for (i = 0; i < n; i++) c[i] = (int16_t)(rnd() % 2 ? 32767 : -32768);
        break;
    case K_U16: { /* nonnegative, <= 127 each, summing to 257 where there is room (unsigned 16-bit lanes) */
        int left = 257;
        for (i = 0; i < n && left; i++) {
            uint32_t j = rnd() % n;
            int v = 1 + (int)(rnd() % 127);
            if (c[j]) continue;
            v = v < left ? v : left;
            c[j] = (int16_t)v;
            left -= v;
        }
        break;
    }
    case K_S8: /* s8 extremes and random s8 values (groups of 16-bit sums) */
        for (i = 0; i < n; i++) {
            unsigned r = rnd() % 4;
            c[i] = (int16_t)(r == 0 ? 127 : r == 1 ? -128 : (int)(rnd() % 256) - 128);
        }
        break;
    case K_SEP: /* rank 1: vert x horz, small factors (zeros and signs too) */
    case K_SEPBIG: { /* rank 1 with large factors (the column sums outgrow int16) */
        int v[OVXC_CONV_MAX_DIM], h[OVXC_CONV_MAX_DIM];
        uint32_t rows = n / cols, j;
        for (j = 0; j < rows; j++) v[j] = kind == K_SEP ? (int)(rnd() % 7) - 3 : (int)(rnd() % 201) - 100;
        for (i = 0; i < cols; i++) h[i] = kind == K_SEP ? (int)(rnd() % 9) - 4 : (int)(rnd() % 201) - 100;
        if (rnd() % 3 == 0) /* nonnegative, a binomial-like shape */
            for (j = 0; j < rows; j++) v[j] = v[j] < 0 ? -v[j] : v[j];
        for (j = 0; j < rows; j++)
            for (i = 0; i < cols; i++) c[j * cols + i] = (int16_t)(v[j] * h[i] * (kind == K_SEP ? 1 : 3));
        break;
    }
    default: /* a few nonzero taps, any value */
        for (i = 0; i < n; i++)
            if (rnd() % 4 == 0) c[i] = (int16_t)(rnd() & 0xFFFF);
        break;
    }
}

static void test_conv(void)
{
    static const uint32_t sizes[][2] = {{1, 1},  {2, 3},  {3, 3},   {5, 4},  {7, 9},  {16, 5}, {17, 17},
                                        {31, 6}, {33, 7}, {48, 16}, {67, 13}, {100, 3}, {129, 11}, {1925, 9}};
    static const uint32_t dims[] = {1, 3, 5, 7, 9, 15};
    const ovx_variant *t = ovxc_conv_variants(), *v;
    unsigned paths[6] = {0, 0, 0, 0, 0, 0}, bad_model = 0, it;
    /* the reference against the model */
    for (it = 0; it < 60; it++) {
        uint32_t w = 1 + rnd() % 40, h = 1 + rnd() % 12, ss = w + rnd() % 3, cols = dims[rnd() % 6],
                 rows = dims[rnd() % 6], scale = 1u << (rnd() % 32), x, y, i;
        int s16 = (int)(rnd() % 2);
        int16_t c[OVXC_CONV_MAX_TAPS];
        uint8_t *img = malloc((size_t)ss * h), *out = malloc((size_t)w * h * 2);
        ovxc_area a = {w, h, 0, 0, w, h, (int)(rnd() % 2), rnd() % 256};
        make_coef((int)(it % K_COUNT), c, cols * rows, cols);
        if (it % 3 == 0) scale = 1u << (rnd() % 9);
        for (i = 0; i < ss * h; i++) img[i] = (uint8_t)(it % 4 == 1 ? (rnd() % 2 ? 255 : 0) : rnd());
        ovxc_convolve_u8(img, (int32_t)ss, out, (int32_t)(w * (s16 ? 2 : 1)), s16, c, cols, rows, scale, &a);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                int m = model_conv(img, ss, &a, c, cols, rows, scale, s16, x, y);
                int o = s16 ? ((int16_t *)out)[y * w + x] : out[y * w + x];
                if (m != o) bad_model++;
            }
        free(img);
        free(out);
    }
    if (bad_model) {
        printf("FAIL convolve reference: %u pixels differ from the model\n", bad_model);
        failed++;
    } else {
        passed++;
    }
    for (v = t;; v++) {
        unsigned bad = 0, runs = 0;
        if (!cpu_has(v->level)) {
            printf("not run: convolve %s (the CPU lacks it)\n", v->name);
            not_run++;
            if (v->level == OVX_SIMD_NONE) break;
            continue;
        }
        for (it = 0; it < 1400; it++) {
            const uint32_t *sz = sizes[it % (sizeof(sizes) / sizeof(sizes[0]))];
            uint32_t w = sz[0], h = sz[1], ss = w + rnd() % 5, cols = dims[rnd() % 6], rows = dims[rnd() % 6];
            uint32_t scale = 1u << (rnd() % 16), i, bpp, ds;
            int s16 = (int)(rnd() % 2), kind = (int)((it / 2) % K_COUNT), extreme = it % 5 == 0;
            int16_t c[OVXC_CONV_MAX_TAPS];
            uint8_t *img, *ref, *out;
            ovxc_area a;
            ovxc_conv_plan plan;
            if (w >= 1000 && cols * rows > 81 && v->level == OVX_SIMD_NONE) cols = 9; /* keep it quick */
            if (it % 7 == 0) scale = 1u << (16 + rnd() % 16);
            bpp = s16 ? 2 : 1;
            ds = w * bpp + (rnd() % 3) * 2;
            make_coef(kind, c, cols * rows, cols);
            img = malloc((size_t)ss * h);
            ref = malloc((size_t)ds * h);
            out = malloc((size_t)ds * h);
            for (i = 0; i < ss * h; i++) img[i] = (uint8_t)(extreme ? (rnd() % 2 ? 255 : 0) : rnd());
            for (i = 0; i < ds * h; i++) ref[i] = out[i] = (uint8_t)(0xA5 ^ i);
            a.width = w, a.height = h;
            a.x0 = it % 4 == 3 ? rnd() % w : 0;
            a.x1 = it % 4 == 3 ? a.x0 + rnd() % (w - a.x0 + 1) : w;
            a.y0 = it % 3 == 2 ? rnd() % h : 0;
            a.y1 = it % 3 == 2 ? a.y0 + rnd() % (h - a.y0 + 1) : h;
            a.border = (int)(rnd() % 2);
            a.constant = extreme ? (rnd() % 2 ? 255u : 0u) : rnd() % 256;
            if (ovxc_conv_plan_init(&plan, c, cols, rows, scale, s16) != 0) {
                printf("FAIL convolve plan refused %ux%u scale %u\n", cols, rows, scale);
                failed++;
                free(img), free(ref), free(out);
                continue;
            }
            paths[plan.mode + (plan.mode == OVXC_CONV_SEP && plan.sep32)]++;
            ovxc_convolve_u8(img, (int32_t)ss, ref, (int32_t)ds, s16, c, cols, rows, scale, &a);
            ovxc_convolve_rows(&plan, (ovxc_conv_row_f)v->fn, img, (int32_t)ss, out, (int32_t)ds, &a);
            runs++;
            if (memcmp(ref, out, (size_t)ds * h) != 0) {
                for (i = 0; ref[i] == out[i]; i++) {
                }
                if (bad++ < 5)
                    printf("FAIL convolve %s %ux%u %ux%u kind %d scale %u %s %s (%s lanes): byte %u (x %u y %u) "
                           "is %u, the reference %u\n",
                           v->name, w, h, cols, rows, kind, scale, s16 ? "S16" : "U8",
                           a.border ? "constant" : "replicate", plan.mode == OVXC_CONV_SEP ? "separable" : plan.mode == OVXC_CONV_I32 ? "32" : plan.mode == OVXC_CONV_G16 ? "grouped 16" : plan.mode == OVXC_CONV_U16 ? "u16" : "16", i, (i % ds) / bpp, i / ds,
                           out[i], ref[i]);
            }
            free(img), free(ref), free(out);
        }
        if (bad) {
            printf("FAIL convolve %s: %u of %u cases differ\n", v->name, bad, runs);
            failed++;
        } else {
            printf("ok convolve %s: %u cases\n", v->name, runs);
            passed++;
        }
        if (v->level == OVX_SIMD_NONE) break;
    }
    /* the lane choice at its limits */
    {
        int16_t c[9] = {0};
        ovxc_conv_plan p;
        int ok = 1;
        c[0] = 127, c[1] = 1, c[2] = -128; /* +-255 * 128 fit int16 */
        ok &= ovxc_conv_plan_init(&p, c, 3, 3, 1, 0) == 0 && p.mode == OVXC_CONV_I16 && p.ntaps == 4;
        ok &= ovxc_conv_plan_init(&p, c, 3, 3, 1u << 16, 0) == 0 && p.mode == OVXC_CONV_G16; /* shift 16 */
        c[3] = 1; /* 255 * 129 does not: two groups, (127, 1) then (-128, 1) */
        ok &= ovxc_conv_plan_init(&p, c, 3, 3, 1, 0) == 0 && p.mode == OVXC_CONV_G16 && p.ntaps == 4 &&
              p.ngroups == 2 && p.group[0] == 1 && p.group[1] == 2;
        c[3] = 0, c[0] = 128, c[1] = 0; /* not an s8 */
        ok &= ovxc_conv_plan_init(&p, c, 3, 3, 1, 0) == 0 && p.mode == OVXC_CONV_I32;
        c[0] = 127, c[2] = 127, c[4] = -128, c[5] = -128; /* (127, 127) would saturate: (127, 0) (127, -128) (-128, 0) */
        ok &= ovxc_conv_plan_init(&p, c, 3, 3, 1, 0) == 0 && p.mode == OVXC_CONV_G16 && p.ntaps == 6 &&
              p.coef[1] == 0 && p.coef[3] == -128 && p.coef[5] == 0 && p.ngroups == 3;
        c[4] = c[5] = 0;
        c[0] = 127, c[1] = 127, c[2] = 1, c[3] = 2; /* unsigned: 255 * 257 fits uint16, pairs of at most 128 */
        ok &= ovxc_conv_plan_init(&p, c, 3, 3, 1, 0) == 0 && p.mode == OVXC_CONV_U16 && p.ntaps == 6 &&
              p.coef[0] == 127 && p.coef[1] == 0 && p.coef[2] == 127 && p.coef[3] == 1 && p.coef[4] == 2 &&
              p.coef[5] == 0;
        c[3] = 3; /* 255 * 258 does not (groups then) */
        ok &= ovxc_conv_plan_init(&p, c, 3, 3, 1, 0) == 0 && p.mode == OVXC_CONV_G16;
        c[3] = 300;
        ok &= ovxc_conv_plan_init(&p, c, 3, 3, 1, 0) == 0 && p.mode == OVXC_CONV_I32;
        { /* separable: a 7x7 binomial in two passes, a 3x3 one directly (cheaper), column sums too large not */
            static const int16_t b7[7] = {1, 6, 15, 20, 15, 6, 1}, b3[3] = {1, 2, 1};
            int16_t m[49];
            for (int j = 0; j < 49; j++) m[j] = (int16_t)(b7[j / 7] * b7[j % 7]);
            ok &= ovxc_conv_plan_init(&p, m, 7, 7, 4096, 0) == 0 && p.mode == OVXC_CONV_SEP && p.vert[3] == 20 &&
                  p.horz[3] == 20;
            m[0] = 2; /* rank 2 */
            ok &= ovxc_conv_plan_init(&p, m, 7, 7, 4096, 0) == 0 && p.mode != OVXC_CONV_SEP;
            m[0] = 1;
            ok &= ovxc_conv_plan_init(&p, m, 7, 7, 4096, 0) == 0 && p.mode == OVXC_CONV_SEP && !p.sep32;
            for (int j = 0; j < 49; j++) m[j] = (int16_t)(-3 * b7[j / 7] * 2 * b7[j % 7]); /* column sums 255 * 384 */
            ok &= ovxc_conv_plan_init(&p, m, 7, 7, 1, 0) == 0 && p.mode == OVXC_CONV_SEP && p.sep32;
            for (int j = 0; j < 9; j++) m[j] = (int16_t)(b3[j / 3] * b3[j % 3]);
            ok &= ovxc_conv_plan_init(&p, m, 3, 3, 16, 0) == 0 && p.mode == OVXC_CONV_I16;
            for (int j = 0; j < 49; j++) m[j] = (int16_t)(j / 7 == 3 ? (j % 7 == 2 ? -32768 : 0) : 0);
            ok &= ovxc_conv_plan_init(&p, m, 7, 7, 1, 0) == 0 && p.mode == OVXC_CONV_I32; /* one tap */
        }
        c[0] = 1, c[1] = 0, c[2] = 0, c[3] = 0;
        ok &= ovxc_conv_plan_init(&p, c, 3, 3, 3, 0) != 0 && ovxc_conv_plan_init(&p, c, 2, 3, 1, 0) != 0 &&
              ovxc_conv_plan_init(&p, c, 17, 3, 1, 0) != 0;
        if (!ok || !paths[0] || !paths[1] || !paths[2] || !paths[3] || !paths[4] || !paths[5]) {
            printf("FAIL convolve lane choice (16-bit cases %u, unsigned 16-bit %u, grouped %u, 32-bit %u, "
                   "separable %u + %u)\n", paths[0], paths[1], paths[2], paths[3], paths[4], paths[5]);
            failed++;
        } else {
            printf("ok convolve lanes: 16-bit cases %u, unsigned 16-bit %u, grouped %u, 32-bit %u, separable %u "
                   "(16-bit column sums) + %u (32-bit)\n", paths[0], paths[1], paths[2], paths[3], paths[4], paths[5]);
            passed++;
        }
    }
}

static void model_sobel(const uint8_t *img, uint32_t ss, const ovxc_area *a, uint32_t x, uint32_t y, int *gx,
                        int *gy)
{
    int v[3][3];
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) v[j][i] = px(img, ss, a, (long)x + i - 1, (long)y + j - 1);
    *gx = -v[0][0] + v[0][2] - 2 * v[1][0] + 2 * v[1][2] - v[2][0] + v[2][2];
    *gy = -v[0][0] - 2 * v[0][1] - v[0][2] + v[2][0] + 2 * v[2][1] + v[2][2];
}

static void test_sobel(void)
{
    static const uint32_t sizes[][2] = {{1, 1},  {2, 2},  {3, 3},  {4, 2},   {9, 1},   {15, 4},  {16, 3},
                                        {17, 5}, {33, 6}, {34, 2}, {100, 7}, {513, 3}, {1030, 4}, {1925, 5},
                                        {3, 300}, {37, 530}, {2, 260}};
    const ovx_variant *t = ovxc_sobel_variants(), *v;
    unsigned it, bad_model = 0;
    for (v = t;; v++) {
        unsigned bad = 0, runs = 0;
        if (!cpu_has(v->level)) {
            printf("not run: sobel %s (the CPU lacks it)\n", v->name);
            not_run++;
            if (v->level == OVX_SIMD_NONE) break;
            continue;
        }
        for (it = 0; it < 400; it++) {
            const uint32_t *sz = sizes[it % (sizeof(sizes) / sizeof(sizes[0]))];
            uint32_t w = sz[0], h = sz[1], ss = w + rnd() % 5, gs = w * 2 + (rnd() % 3) * 2, i, x, y;
            int which = (int)(it / 14 % 3), extreme = it % 5 == 0; /* both, gx only, gy only */
            uint8_t *img = malloc((size_t)ss * h), *rx = malloc((size_t)gs * h), *ry = malloc((size_t)gs * h),
                    *ox = malloc((size_t)gs * h), *oy = malloc((size_t)gs * h);
            ovxc_area a;
            for (i = 0; i < ss * h; i++) img[i] = (uint8_t)(extreme ? (rnd() % 2 ? 255 : 0) : rnd());
            for (i = 0; i < gs * h; i++) rx[i] = ry[i] = ox[i] = oy[i] = (uint8_t)(0x3C ^ i);
            a.width = w, a.height = h;
            a.x0 = it % 4 == 3 ? rnd() % w : 0;
            a.x1 = it % 4 == 3 ? a.x0 + rnd() % (w - a.x0 + 1) : w;
            a.y0 = it % 3 == 2 ? rnd() % h : 0;
            a.y1 = it % 3 == 2 ? a.y0 + rnd() % (h - a.y0 + 1) : h;
            a.border = (int)(rnd() % 2);
            a.constant = extreme ? (rnd() % 2 ? 255u : 0u) : rnd() % 256;
            ovxc_sobel3x3_u8(img, (int32_t)ss, which == 2 ? NULL : (int16_t *)(void *)rx, (int32_t)gs,
                             which == 1 ? NULL : (int16_t *)(void *)ry, (int32_t)gs, &a);
            ovxc_sobel3x3_rows((ovxc_sobel_row_f)v->fn, img, (int32_t)ss, which == 2 ? NULL : (int16_t *)(void *)ox,
                               (int32_t)gs, which == 1 ? NULL : (int16_t *)(void *)oy, (int32_t)gs, &a);
            runs++;
            if (memcmp(rx, ox, (size_t)gs * h) != 0 || memcmp(ry, oy, (size_t)gs * h) != 0) {
                if (bad++ < 5)
                    printf("FAIL sobel %s %ux%u outputs %d %s window [%u,%u)x[%u,%u)\n", v->name, w, h, which,
                           a.border ? "constant" : "replicate", a.x0, a.x1, a.y0, a.y1);
            }
            if (v->level == OVX_SIMD_NONE) /* the reference against the model, once */
                for (y = a.y0; y < a.y1; y++)
                    for (x = a.x0; x < a.x1; x++) {
                        int gx, gy;
                        model_sobel(img, ss, &a, x, y, &gx, &gy);
                        if ((which != 2 && ((int16_t *)(void *)(rx + (size_t)y * gs))[x] != gx) ||
                            (which != 1 && ((int16_t *)(void *)(ry + (size_t)y * gs))[x] != gy))
                            bad_model++;
                    }
            free(img), free(rx), free(ry), free(ox), free(oy);
        }
        if (bad) {
            printf("FAIL sobel %s: %u of %u cases differ\n", v->name, bad, runs);
            failed++;
        } else {
            printf("ok sobel %s: %u cases\n", v->name, runs);
            passed++;
        }
        if (v->level == OVX_SIMD_NONE) break;
    }
    if (bad_model) {
        printf("FAIL sobel reference: %u pixels differ from the model\n", bad_model);
        failed++;
    } else {
        passed++;
    }
}

int main(void)
{
    test_conv();
    test_sobel();
    printf("%u passed, %u failed, %u not run\n", passed, failed, not_run);
    return failed ? 1 : 0;
}
