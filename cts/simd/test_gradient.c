/*
 * Magnitude and Phase rows (compute/gradient.h): every SIMD variant against
 * the scalar reference, bit-exact, on structured inputs (every gx with gy 0,
 * +-1, +-gx, gx + 1, the extremes: perfect squares, the half-way sums
 * z^2 + z, saturation; pairs whose sums stay under 2^22, the rows' fast
 * path; and every sum under 2^22 exhaustively) and random ones, many
 * widths, unaligned starts and
 * guard bytes; the scalar Magnitude against floor(sqrt + 0.5) in long double
 * and the scalar Phase against atan2 in double within one step (wrapping),
 * exactly on the axes and diagonals.  A variant the CPU lacks is reported as
 * not run, never as passed.
 */
#include "../../csrc/compute/gradient.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 362436069u
#include "simd_test.h"

enum { N = 65536 * 10 + 4096 };
static int16_t gx[N], gy[N];
static uint8_t ref[2 * N + 64], out[2 * N + 64];

/* structured pairs, then random ones */
static void fill(void)
{
    size_t i = 0;
    int x, k;
    for (k = 0; k < 9; k++)
        for (x = -32768; x <= 32767; x++, i++) {
            int y = k == 0 ? 0 : k == 1 ? 1 : k == 2 ? -1 : k == 3 ? x : k == 4 ? -x : k == 5 ? x + 1
                  : k == 6 ? 32767 : k == 7 ? -32768 : (x >> 1);
            gx[i] = (int16_t)x;
            gy[i] = (int16_t)(y > 32767 ? 32767 : y < -32768 ? -32768 : y);
        }
    /* pairs whose sums all stay under 2^22 (|x|, |y| <= 1448), where the
     * variants take their float estimate without a correction */
    for (x = -32768; x <= 32767; x++, i++) {
        gx[i] = (int16_t)(x % 1449);
        gy[i] = (int16_t)((x * 7919) % 1449);
    }
    for (; i < N; i++) {
        gx[i] = (int16_t)(rnd() & 0xffff);
        gy[i] = (int16_t)((rnd() & 3) ? (int)(rnd() % 601) - 300 : (int)(rnd() & 0xffff) - 32768);
    }
}

/* Magnitude over every pair 0 <= y <= x <= 1448 (every sum of two squares
 * under 2^22, the rows' fast path), each variant against the scalar
 * reference; returns the failures */
static unsigned every_small_sum(unsigned *passed, unsigned *not_run)
{
    static int16_t ax[1449 * 1450 / 2], ay[1449 * 1450 / 2], m0[1449 * 1450 / 2], m1[1449 * 1450 / 2];
    const ovx_variant *t = ovxc_grad_variants(OVXC_GRAD_magnitude), *v, *scalar = t;
    size_t n = 0, i;
    unsigned failed = 0;
    int x, y;
    for (x = 0; x <= 1448; x++)
        for (y = 0; y <= x; y++, n++) {
            ax[n] = (int16_t)(n & 1 ? x : -x);
            ay[n] = (int16_t)(n & 2 ? y : -y);
        }
    while (scalar->level != OVX_SIMD_NONE) scalar++;
    ((ovxc_grad_row_f)scalar->fn)(ax, ay, m0, n);
    for (v = t; v != scalar; v++) {
        if (!cpu_has(v->level)) {
            (*not_run)++;
            continue;
        }
        ((ovxc_grad_row_f)v->fn)(ax, ay, m1, n);
        if (memcmp(m0, m1, n * sizeof(int16_t)) != 0) {
            for (i = 0; m0[i] == m1[i]; i++) {
            }
            printf("FAIL magnitude %s on the sums under 2^22: gx %d gy %d gives %d, not %d\n", v->name, ax[i],
                   ay[i], m1[i], m0[i]);
            failed++;
        } else {
            (*passed)++;
        }
    }
    return failed;
}

int main(void)
{
    static const size_t widths[] = {0, 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 1000, 1921};
    unsigned passed = 0, failed = 0, not_run = 0;
    int op;
    size_t i;
    fill();
    /* the scalar references against plain models */
    {
        unsigned bad_m = 0, bad_p = 0, bad_axis = 0;
        int16_t m;
        uint8_t p;
        for (i = 0; i < N; i++) {
            long double s = (long double)gx[i] * gx[i] + (long double)gy[i] * gy[i];
            long z = (long)floorl(sqrtl(s) + 0.5L);
            double v = atan2((double)gy[i], (double)gx[i]) * 256.0 / (2.0 * 3.14159265358979323846);
            int want, d;
            ovxc_row_magnitude_scalar(gx + i, gy + i, &m, 1);
            if (m != (z > 32767 ? 32767 : z)) bad_m++;
            if (v < 0) v += 256.0;
            want = (int)(v + 0.5) & 255;
            ovxc_row_phase_scalar(gx + i, gy + i, &p, 1);
            d = abs((int)p - want);
            if (d > 1 && d != 255) bad_p++;
            if (gy[i] == 0 || gx[i] == 0 || gy[i] == gx[i] || gy[i] == -gx[i])
                if (p != want) bad_axis++;
        }
        if (bad_m || bad_p || bad_axis) {
            printf("FAIL scalar: %u magnitudes wrong, %u phases more than one step off, %u axis/diagonal phases "
                   "not exact\n",
                   bad_m, bad_p, bad_axis);
            failed++;
        } else {
            passed++;
        }
    }
    failed += every_small_sum(&passed, &not_run);
    for (op = 0; op < OVXC_GRAD_COUNT; op++) {
        const ovx_variant *t = ovxc_grad_variants((ovxc_grad_op)op), *v, *scalar = t;
        size_t px = op == OVXC_GRAD_magnitude ? 2 : 1;
        while (scalar->level != OVX_SIMD_NONE) scalar++;
        for (v = t; v != scalar; v++) {
            size_t wi, off;
            if (!cpu_has(v->level)) {
                printf("not run: op %d %s (the CPU lacks it)\n", op, v->name);
                not_run++;
                continue;
            }
            /* every input at once */
            memset(ref, 0xA5, sizeof(ref));
            memset(out, 0xA5, sizeof(out));
            ((ovxc_grad_row_f)scalar->fn)(gx, gy, ref, N);
            ((ovxc_grad_row_f)v->fn)(gx, gy, out, N);
            if (memcmp(ref, out, sizeof(out)) != 0) {
                for (i = 0; ref[i] == out[i]; i++) {
                }
                printf("FAIL op %d %s on the whole set: pixel %zu (gx %d gy %d)\n", op, v->name, i / px, gx[i / px],
                       gy[i / px]);
                failed++;
            } else {
                passed++;
            }
            /* widths, unaligned starts, guards */
            for (wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++)
                for (off = 0; off < 3; off++) {
                    size_t n = widths[wi], start = (rnd() % (N - 2000));
                    memset(ref, 0x5A, 4096);
                    memset(out, 0x5A, 4096);
                    ((ovxc_grad_row_f)scalar->fn)(gx + start + off, gy + start + off, ref + off * px, n);
                    ((ovxc_grad_row_f)v->fn)(gx + start + off, gy + start + off, out + off * px, n);
                    if (memcmp(ref, out, 4096) != 0) {
                        printf("FAIL op %d %s width %zu offset %zu\n", op, v->name, n, off);
                        failed++;
                    } else {
                        passed++;
                    }
                }
        }
    }
    printf("gradient variants: %u variant runs not made (CPU)\n%u passed, %u failed\n", not_run, passed, failed);
    return failed ? 1 : 0;
}
