/*
 * The Laplacian pyramid's S16 routines (compute/multiscale.h) against a plain
 * model of their definitions written here: the 5x5 Gaussian (1 4 6 4 1)^2 at
 * every tap with the REPLICATE rule, >> 8, at the nearest sample of each
 * output pixel of a half-size level; UpSample as zero-injection and 4 x that
 * Gaussian ((sum / 256) * 4, C division), subtracted from or added to a and
 * saturated.  Random planes (bytes and full S16 range), odd and tiny sizes,
 * rows computed in bands of any height.
 */
#include "../../csrc/compute/multiscale.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 2463534242u
#include "simd_test.h"
#include "../../csrc/runtime/dispatch.h"

static const int g5[5] = {1, 4, 6, 4, 1};

static int clampi(int v, int n)
{
    return v < 0 ? 0 : v >= n ? n - 1 : v;
}

/* the sample of a half-size level's pixel i: Scale Image's nearest rule */
static int nearest(int i, int in, int out)
{
    double p = (i + 0.5) * in / out - 0.5;
    int r = (int)floor(p + 0.5);
    return clampi(r, in);
}

static int16_t model_gauss(const int16_t *s, int w, int h, int cx, int cy)
{
    int sum = 0;
    for (int j = -2; j <= 2; j++)
        for (int i = -2; i <= 2; i++) sum += g5[i + 2] * g5[j + 2] * s[clampi(cy + j, h) * w + clampi(cx + i, w)];
    return (int16_t)(sum >> 8);
}

static int16_t model_up(const int16_t *s, int sw, int sh, const int16_t *a, int w, int x, int y, int sign)
{
    int sum = 0, up, v;
    for (int l = -2; l <= 2; l++)
        for (int k = -2; k <= 2; k++) {
            int xx = x + k, yy = y + l;
            if ((xx & 1) || (yy & 1)) continue; /* the injected zeros */
            sum += g5[k + 2] * g5[l + 2] * s[clampi((int)floor(yy / 2.0), sh) * sw + clampi((int)floor(xx / 2.0), sw)];
        }
    up = (sum / 256) * 4;
    v = sign < 0 ? a[y * w + x] - up : a[y * w + x] + up;
    return (int16_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v);
}

int main(void)
{
    unsigned passed = 0, failed = 0, it;
    for (it = 0; it < 300; it++) {
        int w = 1 + (int)(rnd() % 200), h = 1 + (int)(rnd() % 30), dw, dh, x, y, y0, bad = 0, sign;
        if (it % 10 == 0) w = 1920 + (int)(it % 3), h = 7;
        dw = (w + 1) / 2, dh = (h + 1) / 2;
        int16_t *s = malloc(sizeof(int16_t) * (size_t)w * h), *d = malloc(sizeof(int16_t) * (size_t)dw * dh);
        int16_t *o = malloc(sizeof(int16_t) * (size_t)w * h);
        ovxc_s16_plane ps = {s, w, w, h}, pd = {d, dw, dw, dh}, po = {o, w, w, h};
        for (int i = 0; i < w * h; i++) s[i] = (int16_t)(it % 2 ? (int)(rnd() & 255) : (int)(int16_t)rnd());
        /* the level in bands of random heights */
        for (y0 = 0; y0 < dh;) {
            int y1 = y0 + 1 + (int)(rnd() % 4);
            if (y1 > dh) y1 = dh;
            ovxc_gaussian_level_s16(&ps, &pd, 0, 0, y0, y1);
            y0 = y1;
        }
        for (y = 0; y < dh; y++)
            for (x = 0; x < dw; x++)
                bad += d[y * dw + x] != model_gauss(s, w, h, nearest(x, w, dw), nearest(y, h, dh));
        for (sign = -1; sign <= 1; sign += 2) {
            for (y0 = 0; y0 < h;) {
                int y1 = y0 + 1 + (int)(rnd() % 5);
                if (y1 > h) y1 = h;
                ovxc_upsample_combine_s16(&pd, &ps, &po, sign, y0, y1);
                y0 = y1;
            }
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++) bad += o[y * w + x] != model_up(d, dw, dh, s, w, x, y, sign);
            /* each build of the level into U8 (the baseline last) against the
             * model saturated to 0..255 */
            {
                uint8_t *o8 = malloc((size_t)(w + 3) * h);
                for (const ovx_variant *v = ovxc_upsample_half_u8_variants();; v++) {
                    if (cpu_has(v->level)) {
                        memset(o8, 0xA5, (size_t)(w + 3) * h);
                        for (y0 = 0; y0 < h;) {
                            int y1 = y0 + 1 + (int)(rnd() % 5);
                            if (y1 > h) y1 = h;
                            ((ovxc_upsample_half_u8_f)v->fn)(&pd, &ps, o8, w + 3, w, sign, y0, y1);
                            y0 = y1;
                        }
                        for (y = 0; y < h; y++) {
                            for (x = 0; x < w; x++) {
                                int m = model_up(d, dw, dh, s, w, x, y, sign);
                                bad += o8[y * (w + 3) + x] != (m < 0 ? 0 : m > 255 ? 255 : m);
                            }
                            bad += o8[y * (w + 3) + w] != 0xA5; /* past the row: untouched */
                        }
                    }
                    if (v->level == OVX_SIMD_NONE) break;
                }
                free(o8);
            }
            /* each build of the half-size level (the baseline last) against the model */
            for (const ovx_variant *v = ovxc_upsample_half_variants();; v++) {
                if (cpu_has(v->level)) {
                    memset(o, 0xA5, sizeof(int16_t) * (size_t)w * h);
                    for (y0 = 0; y0 < h;) {
                        int y1 = y0 + 1 + (int)(rnd() % 5);
                        if (y1 > h) y1 = h;
                        ovxc_upsample_combine_s16_with(&pd, &ps, &po, sign, y0, y1, (ovxc_upsample_half_f)v->fn);
                        y0 = y1;
                    }
                    for (y = 0; y < h; y++)
                        for (x = 0; x < w; x++) bad += o[y * w + x] != model_up(d, dw, dh, s, w, x, y, sign);
                }
                if (v->level == OVX_SIMD_NONE) break;
            }
        }
        if (bad) {
            printf("FAIL multiscale %dx%d: %d pixels differ from the model\n", w, h, bad);
            failed++;
        } else {
            passed++;
        }
        free(s), free(d), free(o);
    }
    /* U8 levels: the reference against the model (REPLICATE) and each
     * variant of the half-size row through ovxc_gaussian_level_u8_rows against
     * the reference, both borders, in bands (ORB-like 0.84 sizes too) */
    for (it = 0; it < 200; it++) {
        int w = 1 + (int)(rnd() % 150), h = 1 + (int)(rnd() % 24), dw, dh, x, y, y0, bad = 0;
        int constant = it % 3 == 1, cval = (int)(rnd() & 255);
        const ovx_variant *t = ovxc_row5_u8_variants(), *v;
        if (it % 10 == 0) w = 1920 + (int)(it % 3), h = 9;
        if (it % 4 == 3) {
            dw = (int)ceil(w * 0.8408964), dh = (int)ceil(h * 0.8408964);
        } else {
            dw = (w + 1) / 2, dh = (h + 1) / 2;
        }
        uint8_t *s = malloc((size_t)w * h), *ref = malloc((size_t)dw * dh), *o = malloc((size_t)dw * dh);
        for (x = 0; x < w * h; x++) s[x] = (uint8_t)(it % 5 == 2 ? 255 : rnd());
        ovxc_gaussian_level_u8(s, w, w, h, ref, dw, dw, dh, constant, cval, 0, (uint32_t)dh);
        if (!constant) {
            int16_t *s16 = malloc(sizeof(int16_t) * (size_t)w * h);
            for (x = 0; x < w * h; x++) s16[x] = s[x];
            for (y = 0; y < dh; y++)
                for (x = 0; x < dw; x++)
                    bad += ref[y * dw + x] != model_gauss(s16, w, h, nearest(x, w, dw), nearest(y, h, dh));
            free(s16);
        }
        for (v = t;; v++) { /* the variants and the scalar row (last) */
            if (!cpu_has(v->level)) continue;
            memset(o, 0xA5, (size_t)dw * dh);
            for (y0 = 0; y0 < dh;) {
                int y1 = y0 + 1 + (int)(rnd() % 4);
                if (y1 > dh) y1 = dh;
                ovxc_gaussian_level_u8_rows(s, w, w, h, o, dw, dw, dh, constant, cval, (ovxc_row5_u8_f)v->fn,
                                           it & 1 ? ovxc_gaussian_level_cx0(w, dw) : -1, (uint32_t)y0, (uint32_t)y1);
                y0 = y1;
            }
            if (memcmp(o, ref, (size_t)dw * dh) != 0) {
                printf("FAIL gaussian level u8 %s %dx%d -> %dx%d constant %d\n", v->name, w, h, dw, dh, constant);
                bad++;
            }
            if (v->level == OVX_SIMD_NONE) break;
        }
        if (bad) {
            printf("FAIL gaussian level u8 %dx%d: %d differences\n", w, h, bad);
            failed++;
        } else {
            passed++;
        }
        free(s), free(ref), free(o);
    }
    /* U8 Laplacian levels: the reference row and each variant against the
     * model (a - UpSample(small)), sizes up to twice small's (odd ones too),
     * rows past the variants' chunk, in bands */
    for (it = 0; it < 200; it++) {
        int sw = 1 + (int)(rnd() % 90), sh = 1 + (int)(rnd() % 12), w, h, x, y, y0, bad = 0;
        const ovx_variant *t = ovxc_up_sub_u8_variants(), *v;
        if (it % 10 == 0) sw = 1100 + (int)(it % 7), sh = 4;
        w = 2 * sw - (int)(rnd() % 2), h = 2 * sh - (int)(rnd() % 2);
        if (it % 9 == 4) w = sw, h = sh; /* smaller than twice */
        uint8_t *sm = malloc((size_t)sw * sh), *a = malloc((size_t)w * h);
        int16_t *s16 = malloc(sizeof(int16_t) * (size_t)sw * sh), *a16 = malloc(sizeof(int16_t) * (size_t)w * h);
        int16_t *o = malloc(sizeof(int16_t) * (size_t)w * h);
        for (x = 0; x < sw * sh; x++) s16[x] = sm[x] = (uint8_t)(it % 4 == 1 ? 255 : rnd());
        for (x = 0; x < w * h; x++) a16[x] = a[x] = (uint8_t)(it % 4 == 2 ? 0 : rnd());
        for (v = t;; v++) {
            if (!cpu_has(v->level)) {
                if (v->level == OVX_SIMD_NONE) break;
                continue;
            }
            memset(o, 0x5A, sizeof(int16_t) * (size_t)w * h);
            for (y0 = 0; y0 < h;) {
                int y1 = y0 + 1 + (int)(rnd() % 4);
                if (y1 > h) y1 = h;
                ovxc_laplacian_level_u8_rows(sm, sw, sw, sh, a, w, o, w, w, (ovxc_up_sub_u8_f)v->fn, y0, y1);
                y0 = y1;
            }
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++) bad += o[y * w + x] != model_up(s16, sw, sh, a16, w, x, y, -1);
            if (bad) printf("FAIL laplacian level u8 %s %dx%d from %dx%d: %d differences\n", v->name, w, h, sw, sh, bad);
            if (v->level == OVX_SIMD_NONE) break;
        }
        if (bad) failed++;
        else passed++;
        free(sm), free(a), free(s16), free(a16), free(o);
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
