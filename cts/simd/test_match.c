/*
 * Template matching (compute/match.h): every variant against the scalar
 * reference ovxc_match_template_u8, all six metrics, on random, constant
 * (0 and 255: zero normalisations, the largest sums) and low-contrast data,
 * templates from 1x1 to 65535 pixels (odd heights, widths below and above
 * the vector widths, wider than the variants' strips, at the limit of the
 * AVX-512 variant's ring of rows and past it), output windows of any origin
 * and size, and columns across a strip boundary.
 */
#include "../../csrc/compute/imgext.h"
#include "../../csrc/compute/match.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 424242u
#include "simd_test.h"

static const ovx_variant variants[] = {
    OVX_VARIANT_AVX512(ovxc_match_template_u8) OVX_VARIANT_AVX2(ovxc_match_template_u8){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_match_template_u8}};

/* Whether variant v runs here: its level, and VNNI for the avx512 one (as
 * kernels/imgext.c's select hook lists it; always under the emulation,
 * simd-emu512-match, whose build emulates VNNI too). */
static int runs(const ovx_variant *v)
{
#if !defined(OVX_SIMD_TEST_EMU512) && (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    if (v->level == OVX_SIMD_AVX512) {
        __builtin_cpu_init();
        if (!__builtin_cpu_supports("avx512vnni")) return 0;
    }
#endif
    return cpu_has(v->level);
}

typedef struct {
    uint32_t w, h, tw, th;
    int fill; /* 0 random, 1 zeros, 2 all 255, 3 values 100..103, 4 source random and template zeros */
} shape;

static void fill(uint8_t *p, size_t n, int mode, int is_tpl)
{
    for (size_t i = 0; i < n; i++)
        switch (mode) {
        case 1: p[i] = 0; break;
        case 2: p[i] = 255; break;
        case 3: p[i] = (uint8_t)(100 + rnd() % 4); break;
        case 4: p[i] = is_tpl ? 0 : (uint8_t)rnd(); break;
        default: p[i] = (uint8_t)rnd();
        }
}

int main(void)
{
    static const shape shapes[] = {
        {1, 1, 1, 1, 0},       {3, 2, 1, 1, 0},      {3, 2, 2, 1, 0},      {2, 3, 2, 3, 0},     {9, 5, 3, 3, 0},
        {40, 20, 16, 16, 0},   {41, 23, 5, 7, 0},    {64, 30, 7, 4, 3},    {70, 21, 17, 9, 0},  {100, 40, 33, 1, 0},
        {100, 40, 1, 33, 0},   {77, 33, 16, 16, 1},  {77, 33, 16, 16, 2},  {77, 33, 15, 15, 4}, {60, 19, 31, 2, 2},
        {2100, 6, 3, 3, 0},    {2100, 4, 5, 2, 2},   {2200, 3, 2049, 1, 0}, {300, 300, 255, 257, 2},
        {290, 280, 257, 255, 0}, {1300, 60, 1200, 54, 3},
        /* the AVX-512 variant's strips (1024 output columns, or fewer for tall templates: the ring of
         * quad rows; 64 at its limit, 64x80) and widths past a multiple of 4 */
        {1100, 20, 16, 16, 2}, {1500, 50, 60, 40, 0}, {700, 70, 45, 45, 0}, {300, 140, 64, 80, 0},
        {300, 100, 64, 81, 0}, {1090, 24, 18, 9, 4}, {37, 530, 5, 3, 0}};
    unsigned passed = 0, failed = 0, not_run = 0;
    const ovx_variant *v, *scalar = variants;
    while (scalar->level != OVX_SIMD_NONE) scalar++;
    for (size_t si = 0; si < sizeof(shapes) / sizeof(shapes[0]); si++) {
        const shape *sh = &shapes[si];
        uint32_t ss = sh->w + (uint32_t)(rnd() % 5), ts = sh->tw + (uint32_t)(rnd() % 3);
        uint32_t ow = sh->w - sh->tw + 1, oh = sh->h - sh->th + 1;
        int32_t ds = (int32_t)(ow * 2 + 2 * (rnd() % 3));
        uint8_t *src = malloc((size_t)ss * sh->h), *tpl = malloc((size_t)ts * sh->th);
        int16_t *ref = malloc((size_t)ds * oh), *out = malloc((size_t)ds * oh);
        int big = (uint64_t)sh->tw * sh->th * ow * oh > 20000000u;
        fill(src, (size_t)ss * sh->h, sh->fill, 0);
        fill(tpl, (size_t)ts * sh->th, sh->fill, 1);
        for (int metric = OVXC_MT_HAMMING; metric <= OVXC_MT_CCORR_NORM; metric++) {
            /* the whole output, then a random window of it */
            for (int win = 0; win < 2; win++) {
                uint32_t x0 = 0, y0 = 0, x1 = ow, y1 = oh;
                if (big && (win || (metric != OVXC_MT_CCORR_NORM && metric != OVXC_MT_L2 && metric != OVXC_MT_L1)))
                    continue; /* the scalar reference is slow on these: three metrics, whole output */
                if (win) {
                    x0 = rnd() % ow, y0 = rnd() % oh;
                    x1 = x0 + 1 + rnd() % (ow - x0), y1 = y0 + 1 + rnd() % (oh - y0);
                }
                memset(ref, 0x5A, (size_t)ds * oh);
                ovxc_match_template_u8(metric, src, (int32_t)ss, tpl, (int32_t)ts, sh->tw, sh->th, ref, ds, x0, y0,
                                       x1, y1);
                for (v = variants; v != scalar; v++) {
                    unsigned bad = 0;
                    if (!runs(v)) {
                        not_run++;
                        continue;
                    }
                    memset(out, 0x5A, (size_t)ds * oh);
                    ((ovxc_match_f)v->fn)(metric, src, (int32_t)ss, tpl, (int32_t)ts, sh->tw, sh->th, out, ds, x0, y0,
                                          x1, y1);
                    for (uint32_t y = 0; y < oh; y++)
                        for (uint32_t x = 0; x < ow; x++) {
                            int16_t a = *(int16_t *)((uint8_t *)ref + (size_t)y * ds + 2 * x);
                            int16_t b = *(int16_t *)((uint8_t *)out + (size_t)y * ds + 2 * x);
                            if (a != b && bad++ < 3)
                                printf("FAIL %s metric %d src %ux%u tpl %ux%u fill %d window %u,%u-%u,%u at (%u,%u): "
                                       "%d != %d\n",
                                       v->name, metric, sh->w, sh->h, sh->tw, sh->th, sh->fill, x0, y0, x1, y1, x, y, b,
                                       a);
                        }
                    if (bad)
                        failed++;
                    else
                        passed++;
                }
            }
        }
        free(src);
        free(tpl);
        free(ref);
        free(out);
    }
    /* the reference itself on a hand-computed case: CCORR of a 2x1 template */
    {
        const uint8_t s[4] = {10, 20, 30, 40}, t[2] = {1, 2};
        int16_t r[3];
        ovxc_match_template_u8(OVXC_MT_CCORR, s, 4, t, 2, 2, 1, r, 6, 0, 0, 3, 1);
        /* (10 + 40 + 1) / 2 = 25, (20 + 60 + 1) / 2 = 40, (30 + 80 + 1) / 2 = 55 */
        if (r[0] == 25 && r[1] == 40 && r[2] == 55)
            passed++;
        else {
            printf("FAIL reference CCORR: %d %d %d\n", r[0], r[1], r[2]);
            failed++;
        }
    }
    printf("%u passed, %u failed, %u not run\n", passed, failed, not_run);
    return failed != 0 || passed == 0;
}
