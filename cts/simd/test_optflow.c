/*
 * The Lucas-Kanade tracker (compute/optflow.h): every variant against the
 * reference on random pyramids (smooth images shifted by a known motion,
 * and plain noise, where tracking runs every iteration), every window size,
 * iteration and epsilon criteria (and no iteration), batches of points all
 * over the image, at its edges and outside (ovxc_lk_track_points, whose
 * SIMD variants interleave points, and its scalar version, each against
 * ovxc_lk_track point by point); the status and the exact bits of the
 * tracked point must agree.
 */
#include "../../csrc/compute/optflow.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 424242u
#include "simd_test.h"

enum { W = 97, H = 71, LEVELS = 3 };

static void pyramid(uint8_t *mem, ovxc_lk_level *lv, int noise, float dx, float dy)
{
    uint32_t w = W, h = H, l, x, y;
    uint8_t *p = mem;
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            float fx = (float)x - dx, fy = (float)y - dy;
            float v = noise ? (float)(rnd() & 255)
                            : 128.0f + 60.0f * sinf(fx * 0.21f) * cosf(fy * 0.17f) + 30.0f * sinf((fx + fy) * 0.09f);
            p[y * W + x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
        }
    for (l = 0; l < LEVELS; l++) {
        lv[l].ptr = p, lv[l].stride = W, lv[l].width = w, lv[l].height = h;
        if (l + 1 < LEVELS) { /* the next level: 2x2 means */
            uint8_t *q = p + (size_t)W * H;
            uint32_t nw = (w + 1) / 2, nh = (h + 1) / 2;
            for (y = 0; y < nh; y++)
                for (x = 0; x < nw; x++) {
                    uint32_t x1 = 2 * x + 1 < w ? 2 * x + 1 : 2 * x, y1 = 2 * y + 1 < h ? 2 * y + 1 : 2 * y;
                    q[y * W + x] = (uint8_t)((p[2 * y * W + 2 * x] + p[2 * y * W + x1] + p[y1 * W + 2 * x] + p[y1 * W + x1] + 2) / 4);
                }
            p = q, w = nw, h = nh;
        }
    }
}

int main(void)
{
    enum { BATCH = 24 };
    static uint8_t old_mem[W * H * LEVELS], new_mem[W * H * LEVELS];
    ovxc_lk_level lo[LEVELS], ln[LEVELS];
    unsigned passed = 0, failed = 0, not_run = 0, tracked = 0;
    const ovx_variant *t = ovxc_lk_variants(), *v;
    int img, b, k;
    for (img = 0; img < 4; img++) {
        int noise = img == 3;
        float mdx = (float)(rnd() % 7) - 3.0f + 0.37f, mdy = (float)(rnd() % 5) - 2.0f + 0.61f;
        pyramid(old_mem, lo, noise, 0.0f, 0.0f);
        pyramid(new_mem, ln, noise, mdx, mdy);
        /* batches of points under one set of parameters: sizes around the
         * variants' number of interleaved points, and beyond */
        for (b = 0; b < 48; b++) {
            ovxc_lk_params prm;
            float pts[4 * BATCH], rout[2 * BATCH], out[2 * BATCH];
            uint8_t rok[BATCH], ok[BATCH];
            int n = b < 8 ? b + 1 : 1 + (int)(rnd() % BATCH);
            prm.window = 3 + 2 * (unsigned)(b % 7);
            prm.max_iter = b % 13 == 12 ? 0 : 1 + rnd() % 30;
            prm.epsilon = b % 3 == 0 ? 0.0f : 0.01f;
            prm.use_iter = b % 4 != 1;
            prm.use_eps = b % 4 != 2;
            for (k = 0; k < n; k++) {
                float px, py;
                if (rnd() % 10 == 0) { /* at or past the edges */
                    px = (rnd() & 1) ? (float)(W - 1 - rnd() % 3) : (float)(rnd() % 3);
                    py = (float)(rnd() % (H + 4)) - 2.0f;
                } else {
                    px = (float)(rnd() % W), py = (float)(rnd() % H);
                }
                pts[4 * k] = px, pts[4 * k + 1] = py;
                pts[4 * k + 2] = px + (k & 1 ? mdx : 0.0f), pts[4 * k + 3] = py + (k & 1 ? mdy : 0.0f);
                rout[2 * k] = rout[2 * k + 1] = 0.0f;
                rok[k] = (uint8_t)ovxc_lk_track(lo, ln, LEVELS, 0.5f, px, py, pts[4 * k + 2], pts[4 * k + 3], &prm,
                                                &rout[2 * k], &rout[2 * k + 1]);
                tracked += rok[k] != 0;
            }
            for (v = t;; v++) {
                if (!cpu_has(v->level)) {
                    not_run++;
                    continue;
                }
                for (k = 0; k < 2 * n; k++) out[k] = -1.0f;
                memset(ok, 7, sizeof(ok));
                ((ovxc_lk_points_f)v->fn)(lo, ln, LEVELS, 0.5f, &prm, (vx_uint32)n, pts, out, ok);
                for (k = 0; k < n; k++) {
                    if (ok[k] != rok[k] || (ok[k] && memcmp(&out[2 * k], &rout[2 * k], 8) != 0)) {
                        printf("FAIL lk %s image %d batch %d point %d of %d (%g, %g) window %u: %d (%.9g, %.9g), "
                               "want %d (%.9g, %.9g)\n",
                               v->name, img, b, k, n, (double)pts[4 * k], (double)pts[4 * k + 1], prm.window, ok[k],
                               (double)out[2 * k], (double)out[2 * k + 1], rok[k], (double)rout[2 * k],
                               (double)rout[2 * k + 1]);
                        failed++;
                    } else {
                        passed++;
                    }
                }
                if (v->level == OVX_SIMD_NONE) break;
            }
        }
    }
    if (tracked < 400) { /* the cases must exercise tracking, not only losses */
        printf("FAIL only %u points tracked by the reference\n", tracked);
        failed++;
    }
    printf("simd-optflow: %u passed, %u failed, %u not run (%u tracked)\n", passed, failed, not_run, tracked);
    return failed ? 1 : 0;
}
