/*
 * FAST-9 rows (compute/detect.h): the scalar reference's u8 scores (the
 * compass-point rejection test, then the strength by running minima; strength
 * + 1 for a corner, 0 otherwise) against the plain definition (the strength of
 * every pixel, a corner when >= t), on random, blocky and flat images for
 * thresholds from 0 to 255: the rejection must never drop a corner.  The
 * SIMD variants are checked against this reference in test_features.c.
 */
#include "../../csrc/compute/detect.h"

#include <stdio.h>
#include <stdlib.h>

/* the plain definition: for each of the 16 arcs of 9 on the radius-3
 * Bresenham circle, the smallest brightness difference (bright: Ix - Ip,
 * dark: Ip - Ix); the strength is the largest such minimum, less one */
static const int circle[16][2] = {{3, 0},  {3, 1},   {2, 2},   {1, 3},   {0, 3},  {-1, 3}, {-2, 2}, {-3, 1},
                                  {-3, 0}, {-3, -1}, {-2, -2}, {-1, -3}, {0, -3}, {1, -3}, {2, -2}, {3, -1}};
static int model_strength(const vx_uint8 *img, int w, int x, int y)
{
    int best = 0, s, k;
    for (s = 0; s < 16; s++) {
        int bmin = 1000, dmin = 1000;
        for (k = 0; k < 9; k++) {
            const int *c = circle[(s + k) % 16];
            int v = img[(y + c[1]) * w + x + c[0]] - img[y * w + x];
            bmin = v < bmin ? v : bmin;
            dmin = -v < dmin ? -v : dmin;
        }
        best = bmin > best ? bmin : best;
        best = dmin > best ? dmin : best;
    }
    return best - 1;
}

#define SIMD_TEST_SEED 1234567u
#include "simd_test.h"

int main(void)
{
    enum { W = 97, H = 61 };
    static vx_uint8 img[W * H];
    static vx_uint8 got[W * H];
    static const vx_int32 ts[] = {0, 1, 5, 10, 40, 100, 200, 254, 255};
    unsigned passed = 0, failed = 0, corners = 0;
    int kind;
    for (kind = 0; kind < 4; kind++) {
        size_t ti, i;
        for (i = 0; i < W * H; i++) {
            unsigned x = (unsigned)(i % W), y = (unsigned)(i / W);
            switch (kind) {
            case 0: img[i] = (vx_uint8)rnd(); break;                                        /* noise */
            case 1: img[i] = (vx_uint8)((((x / 5) ^ (y / 7)) & 1) ? 220 : 30); break;       /* blocks */
            case 2: img[i] = (vx_uint8)((((x / 4) + (y / 4)) % 3) * 120 + (rnd() & 3)); break; /* steps */
            default: img[i] = (vx_uint8)(rnd() % 3 ? 128 : (rnd() & 1) * 255); break;       /* spikes */
            }
        }
        for (ti = 0; ti < sizeof(ts) / sizeof(ts[0]); ti++) {
            vx_int32 t = ts[ti];
            unsigned bad = 0, x, y;
            for (i = 0; i < W * H; i++) got[i] = 77;
            for (y = 3; y < H - 3; y++) ovxc_fast9_row_u8_scalar(img + y * W, W, W, t, got + y * W);
            for (y = 3; y < H - 3; y++)
                for (x = 3; x < W - 3; x++) {
                    vx_int32 s = model_strength(img, W, (int)x, (int)y), want = s >= t ? s : -1;
                    corners += want >= 0;
                    if (got[y * W + x] != (want >= 0 ? want + 1 : 0)) bad++;
                }
            for (x = 0; x < W; x++) /* columns outside [3, W-3) untouched */
                if ((x < 3 || x >= W - 3) && got[10 * W + x] != 77) bad++;
            if (bad) {
                printf("FAIL image kind %d t %d: %u scores differ from the definition\n", kind, t, bad);
                failed++;
            } else {
                passed++;
            }
        }
    }
    if (corners == 0) {
        printf("FAIL the images had no corners at all: the test proves nothing\n");
        failed++;
    }
    printf("fast9 rows: %u corners checked\n%u passed, %u failed\n", corners, passed, failed);
    return failed ? 1 : 0;
}
