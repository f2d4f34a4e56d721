/*
 * The 3x3 U8 filter rows (compute/filter3.h): every SIMD variant against the
 * scalar reference, bit-exact, on random rows (and rows of extremes) of many
 * widths and unaligned starts, with guard bytes no variant may touch; the
 * scalar reference against a plain model of the spec's definitions; and the
 * Box division (s * 7282) >> 16 against s / 9 for every reachable sum.  A
 * variant the CPU cannot run is reported as not run, never as passed.
 */
#include "../../csrc/compute/filter3.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned rng = 88172645u;
static unsigned rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static int cpu_has(int level)
{
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    __builtin_cpu_init();
    if (level == OVX_SIMD_AVX2) return __builtin_cpu_supports("avx2");
    if (level == OVX_SIMD_AVX512)
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
    if (level == OVX_SIMD_SSE4) return __builtin_cpu_supports("sse4.2");
#endif
    return level == OVX_SIMD_NONE;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* the spec's definition of op at x of rows r0..r2 */
static int model(int op, const uint8_t *r0, const uint8_t *r1, const uint8_t *r2, uint32_t x)
{
    int v[9] = {r0[x - 1], r0[x], r0[x + 1], r1[x - 1], r1[x], r1[x + 1], r2[x - 1], r2[x], r2[x + 1]}, k, s = 0;
    switch (op) {
    case OVXC_F3_box:
        for (k = 0; k < 9; k++) s += v[k];
        return s / 9;
    case OVXC_F3_gauss:
        return (v[0] + 2 * v[1] + v[2] + 2 * v[3] + 4 * v[4] + 2 * v[5] + v[6] + 2 * v[7] + v[8]) / 16;
    case OVXC_F3_median:
        qsort(v, 9, sizeof(int), cmp_int);
        return v[4];
    case OVXC_F3_dilate:
        for (k = 0; k < 9; k++) s = v[k] > s ? v[k] : s;
        return s;
    default:
        s = 255;
        for (k = 0; k < 9; k++) s = v[k] < s ? v[k] : s;
        return s;
    }
}

int main(void)
{
    static const uint32_t widths[] = {3, 4, 5, 17, 18, 19, 33, 34, 35, 63, 65, 66, 67, 100, 129, 130, 131, 1000, 1922};
    enum { GUARD = 200, MAXW = 1922 + 8 };
    static uint8_t rows[3][MAXW + GUARD], ref[MAXW + GUARD], out[MAXW + GUARD];
    unsigned passed = 0, failed = 0, not_run = 0, s;
    int op;
    /* the Box division for every sum of nine bytes */
    for (s = 0; s <= 9 * 255; s++)
        if (((s * 7282u) >> 16) != s / 9) break;
    if (s <= 9 * 255) {
        printf("FAIL box division at sum %u\n", s);
        failed++;
    } else {
        passed++;
    }
    for (op = 0; op < OVXC_F3_COUNT; op++) {
        const ovx_variant *t = ovxc_filter3_variants((ovxc_filter3_op)op), *v, *scalar = t;
        size_t wi, off, i;
        int extreme;
        while (scalar->level != OVX_SIMD_NONE) scalar++;
        /* the scalar reference against the model */
        for (extreme = 0; extreme < 2; extreme++) {
            uint32_t x, bad = 0;
            for (i = 0; i < MAXW; i++)
                for (int r = 0; r < 3; r++)
                    rows[r][i] = (uint8_t)(extreme ? ((rnd() & 1) ? 255 : 0) : rnd());
            ((ovxc_row3_f)scalar->fn)(rows[0], rows[1], rows[2], ref, 1, MAXW - 1);
            for (x = 1; x < MAXW - 1; x++)
                if (ref[x] != model(op, rows[0], rows[1], rows[2], x)) bad++;
            if (bad) {
                printf("FAIL op %d scalar: %u pixels differ from the model\n", op, bad);
                failed++;
            } else {
                passed++;
            }
        }
        for (v = t; v != scalar; v++) {
            if (!cpu_has(v->level)) {
                printf("not run: op %d %s (the CPU lacks it)\n", op, v->name);
                not_run++;
                continue;
            }
            for (wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++)
                for (off = 0; off < 4; off++)
                    for (extreme = 0; extreme < 2; extreme++) {
                        uint32_t n = widths[wi];
                        for (i = 0; i < MAXW + GUARD; i++) {
                            for (int r = 0; r < 3; r++)
                                rows[r][i] = (uint8_t)(extreme ? ((rnd() & 1) ? 255 : 0) : rnd());
                            ref[i] = out[i] = (uint8_t)(0x5A ^ i);
                        }
                        /* the window [1, n - 1) of a row of n pixels starting at byte off;
                         * the variant reads rows of exactly off + n bytes (ASan sees an over-read) */
                        uint8_t *e[3];
                        for (int r = 0; r < 3; r++) {
                            e[r] = malloc(off + n);
                            memcpy(e[r], rows[r], off + n);
                        }
                        ((ovxc_row3_f)scalar->fn)(rows[0] + off, rows[1] + off, rows[2] + off, ref + off, 1, n - 1);
                        ((ovxc_row3_f)v->fn)(e[0] + off, e[1] + off, e[2] + off, out + off, 1, n - 1);
                        for (int r = 0; r < 3; r++) free(e[r]);
                        if (memcmp(ref, out, sizeof(out)) != 0) {
                            for (i = 0; i < sizeof(out) && ref[i] == out[i]; i++) {
                            }
                            printf("FAIL op %d %s width %u offset %zu: byte %zu is %u, the scalar reference %u\n", op,
                                   v->name, n, off, i, out[i], ref[i]);
                            failed++;
                        } else {
                            passed++;
                        }
                    }
        }
    }
    printf("filter3 variants: %u variant runs not made (CPU)\n%u passed, %u failed\n", not_run, passed, failed);
    return failed ? 1 : 0;
}
