/*
 * Bilateral filter (compute/bilateral.h): every variant against the scalar
 * reference, U8 and S16, diameters 5, 7 and 9, small and large sigmas (few
 * or all colour weights non-zero), random, low-contrast and extreme data
 * (S16 differences beyond the 1023 clamp), widths below, at and above the
 * 8- and 32-pixel steps and the variants' strips (544 columns at radius
 * 2), dense and strided outputs, bands of rows, 1 to 5 channels (5: the
 * variants' scalar path); the AVX-512 U8 one with and without VBMI (its
 * byte-permute lookups of the colour weights, or gathers).  The padded source
 * is filled at random: the routines do not care what the margins hold.
 */
#include "../../csrc/compute/bilateral.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 20261125u
#include "simd_test.h"

typedef void (*bil_f)(const ovxc_bilateral *p, const void *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                      vx_float32 *acc);

typedef struct {
    const char *name;
    int level;
    ovx_fn u8, s16;
    int vbmi; /* needs AVX512_VBMI too */
} variant;

static const variant variants[] = {
#if defined(OVX_HAVE_AVX512)
    {"avx512vbmi", OVX_SIMD_AVX512, (ovx_fn)ovxc_bilateral_u8_avx512vbmi, (ovx_fn)ovxc_bilateral_s16_avx512, 1},
    {"avx512", OVX_SIMD_AVX512, (ovx_fn)ovxc_bilateral_u8_avx512, (ovx_fn)ovxc_bilateral_s16_avx512, 0},
#endif
#if defined(OVX_HAVE_AVX2)
    {"avx2", OVX_SIMD_AVX2, (ovx_fn)ovxc_bilateral_u8_avx2, (ovx_fn)ovxc_bilateral_s16_avx2, 0},
#endif
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_bilateral_u8, (ovx_fn)ovxc_bilateral_s16, 0}};

/* Has this CPU AVX512_VBMI (the emulated build: its code is portable, it runs anyway)? */
static int cpu_vbmi(void)
{
#if defined(OVX_SIMD_TEST_EMU512)
    return 1;
#elif (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512vbmi") != 0;
#else
    return 0;
#endif
}

static vx_int16 sample(int s16, int mode)
{
    switch (mode) {
    case 1: return (vx_int16)(100 + rnd() % 5); /* low contrast */
    case 2: return (vx_int16)(s16 ? (rnd() & 1 ? 32767 : -32768) : (rnd() & 1 ? 255 : 0)); /* extremes */
    default: return (vx_int16)(s16 ? (rnd() % 4 ? (int)(rnd() % 601) - 300 : (int)(vx_int16)rnd()) : (int)(rnd() & 255));
    }
}

int main(void)
{
    static const vx_int32 widths[] = {1, 2, 3, 7, 8, 9, 16, 17, 31, 32, 33, 64, 100, 129, 200, 300, 600, 1201};
    static const float sigmas[][2] = {{10.0f, 20.0f}, {1.0f, 1.0f}, {20.0f, 0.3f}, {0.5f, 20.0f}, {3.0f, 7.5f}};
    unsigned passed = 0, failed = 0, not_run = 0;
    const variant *scalar = variants;
    while (scalar->level != OVX_SIMD_NONE) scalar++;
    /* reps 0 to 5: every width; rep 6: one large image (1920 x 300, random
     * data, sigmas 10 and 20) a type for 1 and 3 channels, pixels enough
     * that sums in another order or rounding (an FMA for a multiply and an
     * add) change some outputs */
    for (int rep = 0; rep < 7; rep++)
    for (size_t wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++)
        for (int s16 = 0; s16 < 2; s16++)
            for (int chans = 1; chans <= 5; chans++) {
                const int large = rep == 6;
                if (large && (wi != 0 || (chans != 1 && chans != 3))) continue;
                vx_int32 w = large ? 1920 : widths[wi], h = large ? 300 : 1 + (vx_int32)(rnd() % 9);
                vx_int32 r = 2 + (vx_int32)(rnd() % 3), c = chans;
                int mode = large ? 0 : (int)(rnd() % 3), sg = large ? 0 : (int)(rnd() % 5), strided = rnd() % 3 == 0;
                size_t elem = s16 ? 2 : 1, pw = (size_t)(w + 2 * r), ph = (size_t)(h + 2 * r);
                size_t n = pw * ph * (size_t)c + OVXC_BILATERAL_SLACK, osx = (size_t)c * elem * (strided ? 2 : 1);
                size_t osy = (size_t)w * osx + (strided ? 6 : 0), obytes = osy * (size_t)h;
                void *pad = malloc(n * elem);
                vx_uint8 *ref = malloc(obytes), *out = malloc(obytes);
                ptrdiff_t taps[81];
                vx_float32 space_w[81], *acc, *color_w = malloc(83202 * sizeof(vx_float32));
                vx_uint32 cap = (vx_uint32)(208.0 * (double)sigmas[sg][1] * sigmas[sg][1]) + 2u;
                ovxc_bilateral p;
                if (cap > 83202) cap = 83202;
                for (size_t k = 0; k < n; k++) {
                    vx_int16 v = sample(s16, mode);
                    if (s16)
                        ((vx_int16 *)pad)[k] = v;
                    else
                        ((vx_uint8 *)pad)[k] = (vx_uint8)v;
                }
                p.width = w;
                p.channels = c;
                p.row = (ptrdiff_t)pw * c;
                p.ntaps = ovxc_bilateral_taps(r, sigmas[sg][0], p.row, c, taps, space_w);
                p.tap_off = taps;
                p.space_w = space_w;
                p.color_n = ovxc_bilateral_colors(sigmas[sg][1], color_w, cap);
                p.color_w = color_w;
                p.dst_sc = (ptrdiff_t)elem;
                p.dst_sx = (ptrdiff_t)osx;
                p.dst_sy = (ptrdiff_t)osy;
                /* the scratch: room for strips of the whole width (the kernel's
                 * slots), or 8 floats, or room for 32 to 96 columns (both: the
                 * variants' stack strips, several of them from width 545 at
                 * diameter 5, 65 at diameter 9) */
                switch (rep % 3) {
                case 0: p.scratch_floats = ovxc_bilateral_strip_floats(p.ntaps, r, c, w); break;
                case 1: p.scratch_floats = 8; break;
                default: p.scratch_floats = ovxc_bilateral_strip_floats(p.ntaps, r, c, 40 + (vx_int32)(rnd() % 60));
                }
                if (p.scratch_floats < 8) p.scratch_floats = 8;
                acc = malloc(p.scratch_floats * sizeof(vx_float32));
                {
                    const void *origin = (const vx_uint8 *)pad + ((size_t)r * pw + (size_t)r) * (size_t)c * elem;
                    memset(ref, 0xA5, obytes);
                    ((bil_f)(s16 ? scalar->s16 : scalar->u8))(&p, origin, ref, 0, h, acc);
                    for (const variant *v = variants; v != scalar; v++) {
                        vx_int32 y0 = h > 2 ? 1 + (vx_int32)(rnd() % (unsigned)(h - 1)) : h;
                        unsigned bad = 0;
                        if ((v->vbmi && !cpu_vbmi()) || !cpu_has(v->level)) {
                            not_run++;
                            continue;
                        }
                        memset(out, 0xA5, obytes);
                        /* two bands, as the kernel's threads run them */
                        ((bil_f)(s16 ? v->s16 : v->u8))(&p, origin, out, 0, y0, acc);
                        ((bil_f)(s16 ? v->s16 : v->u8))(&p, origin, out, y0, h, acc);
                        for (size_t k = 0; k < obytes; k++)
                            if (out[k] != ref[k] && bad++ < 3)
                                printf("FAIL %s %s w %d h %d c %d r %d sigmas %g %g mode %d strided %d: byte %zu %u != "
                                       "%u\n",
                                       v->name, s16 ? "S16" : "U8", w, h, c, r, (double)sigmas[sg][0],
                                       (double)sigmas[sg][1], mode, strided, k, out[k], ref[k]);
                        if (bad)
                            failed++;
                        else
                            passed++;
                    }
                }
                free(pad);
                free(ref);
                free(out);
                free(color_w);
                free(acc);
            }
    /* the reference on a hand-computed case: a flat image stays flat */
    {
        vx_uint8 flat[9 * 5 + OVXC_BILATERAL_SLACK], o[5];
        ptrdiff_t taps[81];
        vx_float32 space_w[81], acc[1], color_w[16];
        ovxc_bilateral p;
        memset(flat, 77, sizeof(flat));
        p.width = 5, p.channels = 1, p.row = 9;
        p.ntaps = ovxc_bilateral_taps(2, 3.0f, 9, 1, taps, space_w);
        p.tap_off = taps, p.space_w = space_w;
        p.color_n = ovxc_bilateral_colors(5.0f, color_w, 16);
        p.color_w = color_w, p.dst_sc = 1, p.dst_sx = 1, p.dst_sy = 5, p.scratch_floats = 1;
        ovxc_bilateral_u8(&p, flat + 2 * 9 + 2, o, 0, 1, acc);
        if (p.ntaps == 13 && o[0] == 77 && o[4] == 77)
            passed++;
        else {
            printf("FAIL reference: %u taps, %u %u\n", p.ntaps, o[0], o[4]);
            failed++;
        }
    }
    printf("%u passed, %u failed, %u not run\n", passed, failed, not_run);
    return failed != 0 || passed == 0;
}
