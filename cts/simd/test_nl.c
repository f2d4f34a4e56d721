/*
 * NonLinearFilter U8 row variants (compute/filter.h) against the per-pixel
 * reference (row = NULL): the full-box medians with their own code (5x5 at
 * every origin, 3x3, 7x7, 9x9), min / max over full boxes (separable), over widths
 * around the vector widths and the chunk sizes (256, 512), and min / max /
 * median over other masks (up to 9x9), the median of every tap count 1 .. 81; both border rules, windows
 * starting inside the image, exact-size images (ASan sees an over-read).
 * (cts/simd/test_filter3.c also checks the reference against a sorting model.)
 */
#define SIMD_TEST_SEED 0x5eed7u
#include "simd_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../csrc/compute/filter.h"

static const uint32_t widths[] = {1, 4, 5, 17, 31, 32, 33, 36, 63, 64, 68, 100, 259, 260, 261, 300, 517, 700};
#define NW (sizeof(widths) / sizeof(widths[0]))

int main(void)
{
    const ovx_variant *t = ovxc_nl_variants(), *v, *scalar = t;
    unsigned runs = 0, bad = 0, not_run = 0, it;
    while (scalar->level != OVX_SIMD_NONE) scalar++;
    for (it = 0; it < 8 * NW * 4 + 81; it++) {
        uint8_t mask[81];
        uint32_t w = widths[it % NW], h = 1 + rnd() % 10, ss = w + rnd() % 3;
        uint32_t kind = it % 4, cols, rows, ox, oy, k, i;
        int fn;
        uint8_t *img, *ref, *out;
        ovxc_area a;
        if (it >= 8 * NW * 4) { /* the median of every tap count 1 .. 81, random positions in up to 9x9 */
            uint32_t want = it - 8 * NW * 4 + 1, got = 0;
            cols = want > 72 ? 9 : 1 + (want - 1) / 9 + rnd() % (9 - (want - 1) / 9), rows = 9;
            while (cols * rows < want) cols++;
            ox = rnd() % cols, oy = rnd() % rows, fn = OVXC_NL_MEDIAN;
            memset(mask, 0, sizeof(mask));
            while (got < want) {
                k = rnd() % (cols * rows);
                if (!mask[k]) mask[k] = 1, got++;
            }
        } else if (kind <= 1) { /* the 5x5 box median, centred or not */
            cols = rows = 5, fn = OVXC_NL_MEDIAN;
            ox = kind == 0 ? 2 : rnd() % 5, oy = kind == 0 ? 2 : rnd() % 5;
            for (k = 0; k < 25; k++) mask[k] = 1;
        } else if (kind == 2 && (it / 4) % 2) { /* full boxes: 3x3 median, 5x5 / 7x7 / 9x9 medians, any */
            uint32_t sub = (it / 8) % 3, kk = 5 + 2 * ((it / 24) % 3);
            cols = sub == 0 ? 3 : sub == 1 ? kk : 1 + rnd() % 9, rows = sub == 0 ? 3 : sub == 1 ? kk : 1 + rnd() % 9;
            ox = rnd() % cols, oy = rnd() % rows, fn = sub < 2 ? OVXC_NL_MEDIAN : (int)(rnd() % 3);
            for (k = 0; k < cols * rows; k++) mask[k] = 1;
        } else if (kind == 2) { /* a 5x5 box inside a larger mask (still a 5x5 box of taps) */
            cols = 7, rows = 6, fn = OVXC_NL_MEDIAN, ox = rnd() % 7, oy = rnd() % 6;
            memset(mask, 0, sizeof(mask));
            for (k = 0; k < 25; k++) mask[(k / 5 + 1) * 7 + k % 5 + (it / 8) % 3] = (uint8_t)(1 + rnd() % 255);
        } else { /* anything else up to 9x9 */
            cols = 1 + rnd() % 9, rows = 1 + rnd() % 9, ox = rnd() % cols, oy = rnd() % rows, fn = (int)(rnd() % 3);
            for (k = 0; k < cols * rows; k++) mask[k] = (uint8_t)(rnd() % 3 != 0);
            mask[oy * cols + ox] = 1;
            if (it % 8 == 3) /* 24 taps: the box less one */
                for (k = 0; k < cols * rows; k++) mask[k] = k != 0;
        }
        img = malloc((size_t)ss * h);
        ref = malloc((size_t)w * h);
        out = malloc((size_t)w * h);
        for (i = 0; i < ss * h; i++)
            img[i] = (uint8_t)(it % 5 == 0 ? ((rnd() & 1) ? 255 : 0) : it % 5 == 1 ? rnd() % 4 : rnd() % 256);
        a.width = w, a.height = h, a.border = it % 2 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
        a.constant = rnd() % 256;
        a.x0 = it % 3 == 2 && w > 2 ? 1 : 0, a.x1 = w, a.y0 = it % 7 == 1 ? 1 : 0, a.y1 = h;
        memset(ref, 0x3C, (size_t)w * h);
        ovxc_nonlinear_u8(fn, mask, cols, rows, ox, oy, img, (int32_t)ss, ref, (int32_t)w, &a, NULL);
        for (v = t; v != scalar; v++) {
            if (!cpu_has(v->level)) continue;
            memset(out, 0x3C, (size_t)w * h);
            ovxc_nonlinear_u8(fn, mask, cols, rows, ox, oy, img, (int32_t)ss, out, (int32_t)w, &a,
                              (ovxc_nl_row_f)v->fn);
            if (memcmp(ref, out, (size_t)w * h) != 0) {
                for (i = 0; ref[i] == out[i]; i++) {
                }
                printf("FAIL %s fn %d mask %ux%u at (%u, %u) kind %u, %ux%u: pixel (%u, %u) is %u, the reference %u\n",
                       v->name, fn, cols, rows, ox, oy, kind, w, h, i % w, i / w, out[i], ref[i]);
                bad++;
            }
            runs++;
        }
        free(img);
        free(ref);
        free(out);
    }
    for (v = t; v != scalar; v++)
        if (!cpu_has(v->level)) {
            printf("not run: %s (the CPU lacks it)\n", v->name);
            not_run++;
        }
    printf("nonlinear variants: %u runs, %u differ, %u variants not run (CPU)\n", runs, bad, not_run);
#if defined(OVX_HAVE_SSE41) || defined(OVX_HAVE_AVX2) || defined(OVX_HAVE_AVX512)
    return bad || runs == 0 ? 1 : 0; /* an x86 build: its variants must have run */
#else
    /* a build without SIMD (aarch64, -Dsimd=none): nothing to compare, and
     * the tables must list the reference alone */
    return bad || runs != 0 || not_run != 0 ? 1 : 0;
#endif
}
