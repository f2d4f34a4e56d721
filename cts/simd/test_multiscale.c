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
        ovx_s16_plane ps = {s, w, w, h}, pd = {d, dw, dw, dh}, po = {o, w, w, h};
        for (int i = 0; i < w * h; i++) s[i] = (int16_t)(it % 2 ? (int)(rnd() & 255) : (int)(int16_t)rnd());
        /* the level in bands of random heights */
        for (y0 = 0; y0 < dh;) {
            int y1 = y0 + 1 + (int)(rnd() % 4);
            if (y1 > dh) y1 = dh;
            ovx_gaussian_level_s16(&ps, &pd, 0, 0, y0, y1);
            y0 = y1;
        }
        for (y = 0; y < dh; y++)
            for (x = 0; x < dw; x++)
                bad += d[y * dw + x] != model_gauss(s, w, h, nearest(x, w, dw), nearest(y, h, dh));
        for (sign = -1; sign <= 1; sign += 2) {
            for (y0 = 0; y0 < h;) {
                int y1 = y0 + 1 + (int)(rnd() % 5);
                if (y1 > h) y1 = h;
                ovx_upsample_combine_s16(&pd, &ps, &po, sign, y0, y1);
                y0 = y1;
            }
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++) bad += o[y * w + x] != model_up(d, dw, dh, s, w, x, y, sign);
        }
        if (bad) {
            printf("FAIL multiscale %dx%d: %d pixels differ from the model\n", w, h, bad);
            failed++;
        } else {
            passed++;
        }
        free(s), free(d), free(o);
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
