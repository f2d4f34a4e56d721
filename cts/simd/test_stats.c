/*
 * Statistics rows (compute/stats.h): every variant of the integral image rows
 * against the scalar reference (random tops, bands of any height, odd and
 * tiny widths), and the scalar rows against a plain model written here (the
 * double sum over the rectangle), including bands composed through the
 * column sums as the kernel does; the value counts against a plain count.
 */
#include "../../csrc/compute/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 1234567u
#include "simd_test.h"

int main(void)
{
    static const uint32_t widths[] = {1, 2, 7, 15, 16, 17, 31, 32, 33, 100, 255, 1920, 1921};
    unsigned passed = 0, failed = 0, not_run = 0;
    const ovx_variant *t = ovxc_integral_variants(), *v, *scalar = t;
    size_t wi;
    while (scalar->level != OVX_SIMD_NONE) scalar++;
    for (wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++) {
        uint32_t w = widths[wi], h = 9, x, y, k;
        uint8_t *src = malloc((size_t)w * h);
        uint32_t *ref = malloc(sizeof(uint32_t) * w * h), *out = malloc(sizeof(uint32_t) * w * h);
        uint32_t *top = malloc(sizeof(uint32_t) * w), *cum = calloc(w, sizeof(uint32_t));
        unsigned bad = 0;
        for (x = 0; x < w * h; x++) src[x] = (uint8_t)(wi % 3 == 2 ? 255 : rnd());
        for (x = 0; x < w; x++) top[x] = rnd(); /* wrapping included */
        /* the model: top + the sum over the rectangle, modulo 2^32 */
        ovxc_integral_rows_scalar(src, (int32_t)w, (uint8_t *)ref, (int32_t)(4 * w), w, 0, h, top);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                uint32_t m = top[x], yy, xx;
                for (yy = 0; yy <= y; yy++)
                    for (xx = 0; xx <= x; xx++) m += src[yy * w + xx];
                bad += ref[y * w + x] != m;
            }
        /* bands through column sums, as the kernel composes them */
        for (k = 0; k < 3; k++) {
            uint32_t y0 = k * h / 3, y1 = (k + 1) * h / 3, run = 0;
            uint32_t *tk = malloc(sizeof(uint32_t) * w);
            for (x = 0; x < w; x++) tk[x] = (run += cum[x]);
            ovxc_integral_rows_scalar(src, (int32_t)w, (uint8_t *)out, (int32_t)(4 * w), w, y0, y1, k ? tk : NULL);
            ovxc_colsum_u8(src, (int32_t)w, w, y0, y1, cum);
            free(tk);
        }
        ovxc_integral_rows_scalar(src, (int32_t)w, (uint8_t *)ref, (int32_t)(4 * w), w, 0, h, NULL);
        bad += memcmp(ref, out, sizeof(uint32_t) * w * h) != 0;
        if (bad) {
            printf("FAIL integral scalar rows width %u: %u values differ from the model\n", w, bad);
            failed++;
        } else {
            passed++;
        }
        for (v = t; v != scalar; v++) {
            uint32_t y0;
            if (!cpu_has(v->level)) {
                printf("not run: integral %s (the CPU lacks it)\n", v->name);
                not_run++;
                continue;
            }
            for (y0 = 0; y0 < h; y0 += 4) {
                uint32_t y1 = y0 + 4 < h ? y0 + 4 : h;
                const uint32_t *tp = y0 ? ref + (y0 - 1) * w : (wi & 1 ? top : NULL);
                if (y0 == 0) ovxc_integral_rows_scalar(src, (int32_t)w, (uint8_t *)ref, (int32_t)(4 * w), w, 0, h, tp);
                ((ovxc_integral_rows_f)v->fn)(src, (int32_t)w, (uint8_t *)out, (int32_t)(4 * w), w, y0, y1, tp);
            }
            if (memcmp(ref, out, sizeof(uint32_t) * w * h) != 0) {
                printf("FAIL integral %s width %u\n", v->name, w);
                failed++;
            } else {
                passed++;
            }
        }
        free(src), free(ref), free(out), free(top), free(cum);
    }
    /* sums of U8 rectangles: every variant against the reference, random and
     * all-255 pixels, rows past the variants' 4096-pixel flush, odd corners */
    {
        const ovx_variant *st = ovxc_sums_variants(), *sv, *sref = st;
        static const uint32_t sw[] = {1, 31, 32, 33, 1000, 4095, 4096, 4097, 10001, 600001}; /* 600001: past 2^32 in 32-bit lanes */
        while (sref->level != OVX_SIMD_NONE) sref++;
        for (sv = st; sv != sref; sv++) {
            unsigned bad = 0;
            if (!cpu_has(sv->level)) {
                printf("not run: sums %s (the CPU lacks it)\n", sv->name);
                not_run++;
                continue;
            }
            for (wi = 0; wi < sizeof(sw) / sizeof(sw[0]); wi++)
                for (unsigned full = 0; full < 2; full++) {
                    uint32_t w = sw[wi] + 3, h = 5, x;
                    uint8_t *img = malloc((size_t)w * h);
                    uint64_t s0, q0, s1, q1;
                    for (x = 0; x < w * h; x++) img[x] = full ? 255 : (uint8_t)rnd();
                    ovxc_sums_u8(img, (int32_t)w, 1, 1, sw[wi] + 1, h, &s0, &q0);
                    ((ovxc_sums_f)sv->fn)(img, (int32_t)w, 1, 1, sw[wi] + 1, h, &s1, &q1);
                    bad += s0 != s1 || q0 != q1;
                    free(img);
                }
            if (bad) {
                printf("FAIL sums %s: %u rectangles differ\n", sv->name, bad);
                failed++;
            } else {
                passed++;
            }
        }
    }
    /* min and max of U8 rectangles: every variant against the reference
     * (random, one value, the extremes at the last pixel, empty, odd corners) */
    {
        const ovx_variant *mt = ovxc_minmax_variants(), *mv, *mref = mt;
        static const uint32_t mw[] = {0, 1, 31, 32, 33, 100, 127, 128, 129, 256, 257, 1921}; /* (128 a step, then 32) */
        while (mref->level != OVX_SIMD_NONE) mref++;
        for (mv = mt; mv != mref; mv++) {
            unsigned bad = 0, kind;
            if (!cpu_has(mv->level)) {
                printf("not run: minmax %s (the CPU lacks it)\n", mv->name);
                not_run++;
                continue;
            }
            for (wi = 0; wi < sizeof(mw) / sizeof(mw[0]); wi++)
                for (kind = 0; kind < 4; kind++) {
                    uint32_t w = mw[wi] + 3, h = 6, x;
                    uint8_t *img = malloc((size_t)w * h);
                    int32_t a0, b0, a1, b1;
                    for (x = 0; x < w * h; x++) img[x] = kind == 1 ? 77 : (uint8_t)(kind == 3 ? 100 + rnd() % 50 : rnd());
                    for (uint32_t pos = 0; pos < (kind == 3 ? (mw[wi] < 260 ? mw[wi] : 260) : 1); pos++) {
                        if (kind == 3) { /* the extremes once each, at every lane */
                            for (x = 0; x < w * h; x++) img[x] = (uint8_t)(100 + x % 50);
                            img[2 * w + 1 + pos] = 250, img[3 * w + 1 + (mw[wi] - 1 - pos)] = 3;
                        }
                        ovxc_minmax_u8(img, (int32_t)w, 1, 1, mw[wi] + 1, h - 1, &a0, &b0);
                        ((ovxc_minmax_f)mv->fn)(img, (int32_t)w, 1, 1, mw[wi] + 1, h - 1, &a1, &b1);
                        bad += a0 != a1 || b0 != b1;
                    }
                    free(img);
                }
            if (bad) {
                printf("FAIL minmax %s: %u rectangles differ\n", mv->name, bad);
                failed++;
            } else {
                passed++;
            }
        }
    }
    /* the value counts (Histogram, EqualizeHist) against a plain count:
     * rectangles of odd and tiny widths at odd offsets (the 8-byte reads'
     * tails), random, constant and two-valued pixels */
    {
        static const uint32_t cw[] = {1, 3, 7, 8, 9, 15, 16, 17, 63, 101, 1921};
        for (size_t ci = 0; ci < sizeof(cw) / sizeof(cw[0]); ci++)
            for (int kind = 0; kind < 3; kind++) {
                const uint32_t w = cw[ci] + 5, h = 7, x0 = 3, y0 = 1, x1 = 3 + cw[ci], y1 = 6;
                uint8_t *img = malloc((size_t)w * h);
                uint32_t got[256], want[256], x, y;
                for (x = 0; x < w * h; x++)
                    img[x] = (uint8_t)(kind == 0 ? rnd() : (kind == 1 ? 200 : (rnd() & 1 ? 255 : 0)));
                memset(want, 0, sizeof(want));
                for (y = y0; y < y1; y++)
                    for (x = x0; x < x1; x++) want[img[y * w + x]]++;
                ovxc_count_u8(img, (int32_t)w, x0, y0, x1, y1, got);
                if (memcmp(got, want, sizeof(got))) {
                    printf("FAIL counts width %u kind %d\n", cw[ci], kind);
                    failed++;
                } else {
                    passed++;
                }
                free(img);
            }
    }
    printf("%u passed, %u failed, %u not run\n", passed, failed, not_run);
    return failed != 0;
}
