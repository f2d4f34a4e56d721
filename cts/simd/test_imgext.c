/*
 * LBP and NonMaxSuppression U8 row variants (compute/imgext_rows.h) through
 * their drivers against the per-pixel references (ovxc_lbp_u8,
 * ovxc_nms_u8, ovxc_nms_s16): every format and kernel size; NMS on U8 and
 * S16, windows 1 .. 17 (above 15 the driver falls back), without a mask,
 * with a U8 mask and with a U1 mask;
 * both border rules, windows starting inside the image, widths around the
 * vector widths and the chunk size (256), images of exact size (ASan sees an
 * over-read).  Value ranges small enough to make ties common.
 */
#define SIMD_TEST_SEED 0x1b9a3u
#include "simd_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../csrc/compute/imgext_rows.h"

static const uint32_t widths[] = {1, 2, 3, 5, 15, 16, 17, 31, 32, 33, 40, 67, 100, 255, 256, 257, 300, 530};
#define NW (sizeof(widths) / sizeof(widths[0]))

static void fill(uint8_t *p, size_t n, unsigned it)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(it % 4 == 0 ? rnd() % 3 : it % 4 == 1 ? ((rnd() & 1) ? 255 : 0) : rnd() % 256);
}

static void area(ovxc_area *a, uint32_t w, uint32_t h, unsigned it)
{
    a->width = w, a->height = h, a->border = it % 2 ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
    a->constant = it % 3 == 0 ? 255 : rnd() % 256;
    a->x0 = it % 3 == 2 && w > 2 ? 2 : 0, a->x1 = w - (it % 5 == 4 && w > 3 ? 1 : 0);
    a->y0 = it % 7 == 1 && h > 1 ? 1 : 0, a->y1 = h;
}

int main(void)
{
    const ovx_variant *lt = ovxc_lbp_variants(), *nt = ovxc_nms_variants(), *v;
    unsigned runs = 0, bad = 0, not_run = 0, it;
    for (it = 0; it < 3 * NW * 3; it++) { /* LBP: (format, ksize) of 3 kinds, each width, 3 times */
        static const int fmt[3][2] = {{OVXC_LBP_STANDARD, 3}, {OVXC_LBP_UNIFORM, 5}, {OVXC_LBP_MODIFIED, 5}};
        int f = fmt[it % 3][0];
        uint32_t ks = (uint32_t)fmt[it % 3][1], w = widths[(it / 3) % NW], h = 1 + rnd() % 9, ss = w + rnd() % 3;
        uint8_t *img = malloc((size_t)ss * h), *ref = malloc((size_t)w * h), *out = malloc((size_t)w * h);
        ovxc_area a;
        if ((it / (3 * NW)) == 1 && f == OVXC_LBP_UNIFORM) f = OVXC_LBP_STANDARD, ks = 5;
        if ((it / (3 * NW)) == 2 && f == OVXC_LBP_STANDARD) f = OVXC_LBP_UNIFORM, ks = 3;
        fill(img, (size_t)ss * h, it);
        area(&a, w, h, it);
        memset(ref, 0x5A, (size_t)w * h);
        ovxc_lbp_u8(f, ks, img, (int32_t)ss, ref, (int32_t)w, &a);
        for (v = lt; v->level != OVX_SIMD_NONE; v++) {
            if (!cpu_has(v->level)) continue;
            memset(out, 0x5A, (size_t)w * h);
            ovxc_lbp_u8_rows(f, ks, img, (int32_t)ss, out, (int32_t)w, &a, (ovxc_lbp_row_f)v->fn);
            if (memcmp(ref, out, (size_t)w * h) != 0) {
                size_t i = 0;
                while (ref[i] == out[i]) i++;
                printf("FAIL lbp %s format %d ksize %u %ux%u: pixel (%zu, %zu) is %u, the reference %u\n", v->name, f,
                       ks, w, h, i % w, i / w, out[i], ref[i]);
                bad++;
            }
            runs++;
        }
        free(img), free(ref), free(out);
    }
    for (it = 0; it < 9 * NW; it++) { /* NMS: window, mask kind, width */
        static const uint32_t wins[] = {1, 3, 5, 7, 9, 15, 17};
        uint32_t win = wins[it % 7], mk = (it / 7) % 3, w = widths[it % NW], h = 1 + rnd() % 12, ss = w + rnd() % 3;
        uint32_t ms = mk == 2 ? (w + 7) / 8 + rnd() % 2 : w + rnd() % 2;
        uint8_t *img = malloc((size_t)ss * h), *ref = malloc((size_t)w * h), *out = malloc((size_t)w * h);
        uint8_t *mask = mk ? malloc((size_t)ms * h) : NULL;
        ovxc_area a;
        fill(img, (size_t)ss * h, it);
        if (mask)
            for (size_t i = 0; i < (size_t)ms * h; i++) mask[i] = (uint8_t)(mk == 2 ? rnd() : (rnd() % 4 == 0) * rnd());
        area(&a, w, h, it);
        memset(ref, 0x5A, (size_t)w * h);
        ovxc_nms_u8(img, (int32_t)ss, mask, (int32_t)ms, mk == 2, win, ref, (int32_t)w, &a);
        for (v = nt; v->level != OVX_SIMD_NONE; v++) {
            if (!cpu_has(v->level)) continue;
            memset(out, 0x5A, (size_t)w * h);
            ovxc_nms_u8_rows(img, (int32_t)ss, mask, (int32_t)ms, mk == 2, win, out, (int32_t)w, &a,
                             (ovxc_nms_row_f)v->fn);
            if (memcmp(ref, out, (size_t)w * h) != 0) {
                size_t i = 0;
                while (ref[i] == out[i]) i++;
                printf("FAIL nms %s win %u mask %u %ux%u: pixel (%zu, %zu) is %u, the reference %u\n", v->name, win, mk,
                       w, h, i % w, i / w, out[i], ref[i]);
                bad++;
            }
            runs++;
        }
        free(img), free(ref), free(out), free(mask);
    }
    for (it = 0; it < 9 * NW; it++) { /* NMS on S16: the same, values near the extremes too */
        static const uint32_t wins[] = {1, 3, 5, 7, 9, 15, 17};
        uint32_t win = wins[it % 7], mk = (it / 7) % 3, w = widths[it % NW], h = 1 + rnd() % 12;
        uint32_t ss = 2 * (w + rnd() % 3), ms = mk == 2 ? (w + 7) / 8 + rnd() % 2 : w + rnd() % 2;
        int16_t *img = malloc((size_t)ss * h), *ref = malloc((size_t)w * h * 2), *out = malloc((size_t)w * h * 2);
        uint8_t *mask = mk ? malloc((size_t)ms * h) : NULL;
        ovxc_area a;
        for (size_t i = 0; i < (size_t)ss / 2 * h; i++)
            img[i] = (int16_t)(it % 3 == 0 ? (int)(rnd() % 3) - 1
                               : it % 3 == 1 ? ((rnd() & 1) ? 32767 : -32768) + (int)(rnd() % 2) * ((rnd() & 1) ? -1 : 1)
                                             : (int)(rnd() % 65536) - 32768);
        if (mask)
            for (size_t i = 0; i < (size_t)ms * h; i++) mask[i] = (uint8_t)(mk == 2 ? rnd() : (rnd() % 4 == 0) * rnd());
        area(&a, w, h, it);
        a.constant = it % 4 == 0 ? 0x8000u : it % 4 == 1 ? 0x7FFFu : rnd() % 65536;
        memset(ref, 0x5A, (size_t)w * h * 2);
        ovxc_nms_s16(img, (int32_t)ss, mask, (int32_t)ms, mk == 2, win, ref, (int32_t)w * 2, &a);
        for (v = ovxc_nms_s16_variants(); v->level != OVX_SIMD_NONE; v++) {
            if (!cpu_has(v->level)) continue;
            memset(out, 0x5A, (size_t)w * h * 2);
            ovxc_nms_s16_rows(img, (int32_t)ss, mask, (int32_t)ms, mk == 2, win, out, (int32_t)w * 2, &a,
                              (ovxc_nms_s16_row_f)v->fn);
            if (memcmp(ref, out, (size_t)w * h * 2) != 0) {
                size_t i = 0;
                while (ref[i] == out[i]) i++;
                printf("FAIL nms s16 %s win %u mask %u %ux%u: pixel (%zu, %zu) is %d, the reference %d\n", v->name, win,
                       mk, w, h, i % w, i / w, out[i], ref[i]);
                bad++;
            }
            runs++;
        }
        free(img), free(ref), free(out), free(mask);
    }
    for (v = lt; v->level != OVX_SIMD_NONE; v++)
        if (!cpu_has(v->level)) {
            printf("not run: %s (the CPU lacks it)\n", v->name);
            not_run++;
        }
    printf("lbp/nms variants: %u runs, %u differ, %u variants not run (CPU)\n", runs, bad, not_run);
#if defined(OVX_HAVE_SSE41) || defined(OVX_HAVE_AVX2) || defined(OVX_HAVE_AVX512)
    return bad || runs == 0 ? 1 : 0; /* an x86 build: its variants must have run */
#else
    /* a build without SIMD (aarch64, -Dsimd=none): nothing to compare, and
     * the tables must list the reference alone */
    return bad || runs != 0 || not_run != 0 ? 1 : 0;
#endif
}
