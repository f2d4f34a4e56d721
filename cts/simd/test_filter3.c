/*
 * The 3x3 U8 filter rows (compute/filter3.h): every SIMD variant against the
 * scalar reference, bit-exact, on random rows (and rows of extremes) of many
 * widths and unaligned starts, with guard bytes no variant may touch; the
 * scalar reference against a plain model of the spec's definitions; and the
 * Box division (s * 7282) >> 16 against s / 9 for every reachable sum.  A
 * variant the CPU cannot run is reported as not run, never as passed.
 */
#include "../../csrc/compute/filter3.h"
#include "../../csrc/compute/filter.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 88172645u
#include "simd_test.h"

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* the spec's definition of op at x of rows r0..r2 */
static int model(int op, const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint32_t x)
{
    int v[9] = {r0[x - 1], r0[x], r0[x + 1], r1[x - 1], r1[x], r1[x + 1], r2[x - 1], r2[x], r2[x + 1]}, k, s = 0;
    switch (op) {
    case OVXC_F3_box:
        for (k = 0; k < 9; k++) s += v[k];
        return s / 9;
    case OVXC_F3_gauss:
        return (v[0] + 2 * v[1] + v[2] + 2 * v[3] + 4 * v[4] + 2 * v[5] + v[6] + 2 * v[7] + v[8]) / 16;
    case OVXC_F3_median:
        qsort(v, 9, sizeof(int), cmp_int);
        return v[4];
    case OVXC_F3_dilate:
        for (k = 0; k < 9; k++) s = v[k] > s ? v[k] : s;
        return s;
    default:
        s = 255;
        for (k = 0; k < 9; k++) s = v[k] < s ? v[k] : s;
        return s;
    }
}

int main(void)
{
    static const uint32_t widths[] = {3, 4, 5, 17, 18, 19, 33, 34, 35, 48, 49, 50, 51, 63, 65, 66, 67, 80, 81, 82, 83, 100, 129, 130, 131, 1000, 1922};
    enum { GUARD = 200, MAXW = 1922 + 8 };
    static uint8_t rows[3][MAXW + GUARD], ref[MAXW + GUARD], out[MAXW + GUARD];
    unsigned passed = 0, failed = 0, not_run = 0, s;
    int op;
    /* the Box division for every sum of nine bytes */
    for (s = 0; s <= 9 * 255; s++)
        if (((s * 7282u) >> 16) != s / 9) break;
    if (s <= 9 * 255) {
        printf("FAIL box division at sum %u\n", s);
        failed++;
    } else {
        passed++;
    }
    for (op = 0; op < OVXC_F3_COUNT; op++) {
        const ovx_variant *t = ovxc_filter3_variants((ovxc_filter3_op)op), *v, *scalar = t;
        size_t wi, off, i;
        int extreme;
        while (scalar->level != OVX_SIMD_NONE) scalar++;
        /* the scalar reference against the model */
        for (extreme = 0; extreme < 2; extreme++) {
            uint32_t x, bad = 0;
            for (i = 0; i < MAXW; i++)
                for (int r = 0; r < 3; r++)
                    rows[r][i] = (uint8_t)(extreme ? ((rnd() & 1) ? 255 : 0) : rnd());
            ((ovxc_row3_f)scalar->fn)(rows[0], rows[1], rows[2], ref, 1, MAXW - 1);
            for (x = 1; x < MAXW - 1; x++)
                if (ref[x] != model(op, rows[0], rows[1], rows[2], x)) bad++;
            if (bad) {
                printf("FAIL op %d scalar: %u pixels differ from the model\n", op, bad);
                failed++;
            } else {
                passed++;
            }
        }
        for (v = t; v != scalar; v++) {
            if (!cpu_has(v->level)) {
                printf("not run: op %d %s (the CPU lacks it)\n", op, v->name);
                not_run++;
                continue;
            }
            for (wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++)
                for (off = 0; off < 4; off++)
                    for (extreme = 0; extreme < 2; extreme++) {
                        uint32_t n = widths[wi];
                        for (i = 0; i < MAXW + GUARD; i++) {
                            for (int r = 0; r < 3; r++)
                                rows[r][i] = (uint8_t)(extreme ? ((rnd() & 1) ? 255 : 0) : rnd());
                            ref[i] = out[i] = (uint8_t)(0x5A ^ i);
                        }
                        /* the window [1, n - 1) of a row of n pixels starting at byte off;
                         * the variant reads rows of exactly off + n bytes (ASan sees an over-read) */
                        uint8_t *e[3];
                        for (int r = 0; r < 3; r++) {
                            e[r] = malloc(off + n);
                            memcpy(e[r], rows[r], off + n);
                        }
                        ((ovxc_row3_f)scalar->fn)(rows[0] + off, rows[1] + off, rows[2] + off, ref + off, 1, n - 1);
                        ((ovxc_row3_f)v->fn)(e[0] + off, e[1] + off, e[2] + off, out + off, 1, n - 1);
                        for (int r = 0; r < 3; r++) free(e[r]);
                        if (memcmp(ref, out, sizeof(out)) != 0) {
                            for (i = 0; i < sizeof(out) && ref[i] == out[i]; i++) {
                            }
                            printf("FAIL op %d %s width %u offset %zu: byte %zu is %u, the scalar reference %u\n", op,
                                   v->name, n, off, i, out[i], ref[i]);
                            failed++;
                        } else {
                            passed++;
                        }
                    }
        }
    }
    /* NonLinearFilter: every row variant (the network it builds) against the
     * per-pixel reference, and the reference against a sorting model: masks
     * of 1 to 64 taps (boxes, crosses, random patterns up to 9x9), median /
     * min / max, both border rules, windows of odd sizes and offsets; the
     * image is an exact-size allocation (ASan sees an over-read) */
    {
        const ovx_variant *t = ovxc_nl_variants(), *v, *scalar = t;
        static const uint32_t sizes[][2] = {{1, 1}, {5, 3}, {37, 9}, {70, 12}, {131, 7}};
        unsigned bad = 0, bad_model = 0, runs = 0;
        int it;
        while (scalar->level != OVX_SIMD_NONE) scalar++;
        for (it = 0; it < 240; it++) {
            uint8_t mask[81];
            uint32_t cols = 1 + rnd() % 9, rows_ = 1 + rnd() % 9, ox = rnd() % cols, oy = rnd() % rows_, k, taps = 0;
            uint32_t w = sizes[it % 5][0], h = sizes[it % 5][1], ss = w + (uint32_t)(it % 3), i, x, y;
            int fn = it % 3, kind = (it / 3) % 4, extreme = it % 7 == 0;
            uint8_t *img, *ref, *out;
            ovxc_area a;
            for (k = 0; k < cols * rows_; k++) /* full box, cross, sparse, dense random */
                mask[k] = kind == 0 ? 1
                        : kind == 1 ? (uint8_t)(k % cols == ox || k / cols == oy)
                        : kind == 2 ? (uint8_t)(rnd() % 4 == 0)
                                    : (uint8_t)(rnd() % 4 != 0);
            for (k = 0; k < cols * rows_; k++) taps += mask[k] != 0;
            if (taps == 0) mask[oy * cols + ox] = 1;
            img = malloc((size_t)ss * h);
            ref = malloc((size_t)w * h);
            out = malloc((size_t)w * h);
            for (i = 0; i < ss * h; i++) img[i] = (uint8_t)(extreme ? ((rnd() & 1) ? 255 : 0) : rnd() % (it % 2 ? 256 : 7));
            a.width = w, a.height = h, a.border = it % 2 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
            a.constant = rnd() % 256;
            a.x0 = it % 4 == 3 && w > 2 ? 1 : 0, a.x1 = w, a.y0 = 0, a.y1 = h;
            memset(ref, 0x3C, (size_t)w * h);
            ovxc_nonlinear_u8(fn, mask, cols, rows_, ox, oy, img, (int32_t)ss, ref, (int32_t)w, &a, NULL);
            /* the model: sort the taps' samples (borders by the rule) */
            for (y = a.y0; y < a.y1; y++)
                for (x = a.x0; x < a.x1; x++) {
                    uint8_t vals[81];
                    uint32_t nv = 0, p, q;
                    for (q = 0; q < rows_; q++)
                        for (p = 0; p < cols; p++) {
                            int sx = (int)x + (int)p - (int)ox, sy = (int)y + (int)q - (int)oy;
                            uint8_t val;
                            if (!mask[q * cols + p]) continue;
                            if (sx < 0 || sy < 0 || sx >= (int)w || sy >= (int)h) {
                                if (a.border == OVXC_BORDER_CONSTANT) {
                                    val = (uint8_t)a.constant;
                                } else {
                                    sx = sx < 0 ? 0 : (sx >= (int)w ? (int)w - 1 : sx);
                                    sy = sy < 0 ? 0 : (sy >= (int)h ? (int)h - 1 : sy);
                                    val = img[sy * ss + sx];
                                }
                            } else {
                                val = img[sy * ss + sx];
                            }
                            vals[nv++] = val;
                        }
                    for (p = 1; p < nv; p++) /* insertion sort */
                        for (q = p; q > 0 && vals[q - 1] > vals[q]; q--) {
                            uint8_t tmp = vals[q];
                            vals[q] = vals[q - 1];
                            vals[q - 1] = tmp;
                        }
                    bad_model += ref[y * w + x] != (fn == OVXC_NL_MIN ? vals[0] : fn == OVXC_NL_MAX ? vals[nv - 1] : vals[nv / 2]);
                }
            for (v = t; v != scalar; v++) {
                if (!cpu_has(v->level)) continue;
                memset(out, 0x3C, (size_t)w * h);
                ovxc_nonlinear_u8(fn, mask, cols, rows_, ox, oy, img, (int32_t)ss, out, (int32_t)w, &a,
                                  (ovxc_nl_row_f)v->fn);
                bad += memcmp(ref, out, (size_t)w * h) != 0;
                runs++;
            }
            free(img);
            free(ref);
            free(out);
        }
        for (v = t; v != scalar; v++)
            if (!cpu_has(v->level)) {
                printf("not run: nonlinear %s (the CPU lacks it)\n", v->name);
                not_run++;
            }
        if (bad || bad_model) {
            printf("FAIL nonlinear: %u variant runs differ, %u pixels of the reference differ from the model\n", bad,
                   bad_model);
            failed++;
        } else {
            printf("nonlinear: %u variant runs, the reference matches the model\n", runs);
            passed++;
        }
    }
    /* Whole windows (ovxc_filter3x3_u8: the row routine inside, the border
     * rule on the first and last rows and columns) of every op and variant
     * against the model with the border rule, pixel by pixel: widths 1 to 5
     * and wider, heights past a column band (256 rows), random windows, both
     * rules; exact-size images (ASan sees an over-read). */
    for (op = 0; op < OVXC_F3_COUNT; op++) {
        static const uint32_t sizes[][2] = {{1, 1}, {2, 3}, {3, 1}, {3, 4}, {4, 2}, {5, 5}, {17, 9},
                                            {66, 7}, {3, 300}, {41, 530}, {130, 257}};
        const ovx_variant *t = ovxc_filter3_variants((ovxc_filter3_op)op), *v;
        unsigned it, bad = 0, runs = 0;
        for (it = 0; it < 120; it++) {
            const uint32_t *sz = sizes[it % (sizeof(sizes) / sizeof(sizes[0]))];
            uint32_t w = sz[0], h = sz[1], ss = w + rnd() % 4, ds = w + rnd() % 4, i, x, y;
            int extreme = it % 5 == 0;
            uint8_t *img = malloc((size_t)ss * h), *dst = malloc((size_t)ds * h);
            ovxc_area a;
            for (i = 0; i < ss * h; i++) img[i] = (uint8_t)(extreme ? (rnd() % 2 ? 255 : 0) : rnd());
            a.width = w, a.height = h;
            a.x0 = it % 4 == 3 ? rnd() % w : 0;
            a.x1 = it % 4 == 3 ? a.x0 + rnd() % (w - a.x0 + 1) : w;
            a.y0 = it % 3 == 2 ? rnd() % h : 0;
            a.y1 = it % 3 == 2 ? a.y0 + rnd() % (h - a.y0 + 1) : h;
            a.border = it % 2 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
            a.constant = extreme ? (rnd() % 2 ? 255u : 0u) : rnd() % 256;
            for (v = t;; v++) {
                if (cpu_has(v->level)) {
                    uint32_t wrong = 0;
                    memset(dst, 0x3C, (size_t)ds * h);
                    ovxc_filter3x3_u8((ovxc_filter3_op)op, (ovxc_row3_f)v->fn, img, (int32_t)ss, dst, (int32_t)ds,
                                      &a);
                    for (y = 0; y < h; y++)
                        for (x = 0; x < w; x++) {
                            uint8_t nb[3][3], want;
                            if (x < a.x0 || x >= a.x1 || y < a.y0 || y >= a.y1) { /* outside: untouched */
                                wrong += dst[(size_t)y * ds + x] != 0x3C;
                                continue;
                            }
                            for (int j = 0; j < 3; j++)
                                for (int k = 0; k < 3; k++) {
                                    long sx = (long)x + k - 1, sy = (long)y + j - 1;
                                    if (sx < 0 || sy < 0 || sx >= (long)w || sy >= (long)h) {
                                        if (a.border == OVXC_BORDER_CONSTANT) {
                                            nb[j][k] = (uint8_t)a.constant;
                                            continue;
                                        }
                                        sx = sx < 0 ? 0 : (sx >= (long)w ? (long)w - 1 : sx);
                                        sy = sy < 0 ? 0 : (sy >= (long)h ? (long)h - 1 : sy);
                                    }
                                    nb[j][k] = img[(size_t)sy * ss + (size_t)sx];
                                }
                            want = (uint8_t)model(op, nb[0] + 0, nb[1] + 0, nb[2] + 0, 1);
                            wrong += dst[(size_t)y * ds + x] != want;
                        }
                    if (wrong && bad++ < 5)
                        printf("FAIL op %d %s %ux%u %s window [%u,%u)x[%u,%u): %u pixels\n", op, v->name, w, h,
                               a.border == OVXC_BORDER_CONSTANT ? "constant" : "replicate", a.x0, a.x1, a.y0, a.y1,
                               wrong);
                    runs++;
                }
                if (v->level == OVX_SIMD_NONE) break;
            }
            free(img), free(dst);
        }
        if (bad) {
            printf("FAIL op %d windows: %u of %u runs differ from the model\n", op, bad, runs);
            failed++;
        } else {
            printf("op %d windows: %u runs (every variant the CPU has) match the model\n", op, runs);
            passed++;
        }
    }
    printf("filter3 variants: %u variant runs not made (CPU)\n%u passed, %u failed\n", not_run, passed, failed);
    return failed ? 1 : 0;
}
