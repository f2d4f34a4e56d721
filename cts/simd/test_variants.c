/*
 * Every SIMD variant of every routine with variants (compute/pixel.h) against
 * its scalar reference, bit-exact, on random data: widths from 0 to past
 * several vectors (odd ones, below one vector), unaligned starts, and guard
 * bytes after the row that no variant may touch.  A variant the CPU cannot run
 * is reported as not run (it is not counted as passed).
 */
#include "../../csrc/compute/pixel.h"

#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#define SIMD_TEST_SEED 2463534242u
#include "simd_test.h"

int main(void)
{
    static const size_t widths[] = {0, 1, 2, 5, 15, 16, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 1000, 1921};
    enum { GUARD = 160, MAXW = 2 * (1921 + 8) };
    static uint8_t a[MAXW + GUARD], b[MAXW + GUARD], ref[MAXW + GUARD], out[MAXW + GUARD];
    unsigned passed = 0, failed = 0, not_run = 0;
    int op;
    for (op = 0; op < OVXC_PIX_COUNT; op++) {
        const ovx_variant *t = ovxc_pixel_variants((ovxc_pixel_op)op), *v;
        const ovx_variant *scalar = t;
        while (scalar->level != OVX_SIMD_NONE) scalar++;
        for (v = t; v != scalar; v++) {
            size_t wi, off;
            if (!cpu_has(v->level)) {
                printf("not run: op %d %s (the CPU lacks it)\n", op, v->name);
                not_run++;
                continue;
            }
            for (wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++)
                for (off = 0; off < 4; off++) {
                    size_t n = widths[wi], i;
                    int unary = op == OVXC_PIX_not_u8, px = op >= OVXC_PIX_add_s16_sat ? 2 : 1;
                    size_t o = off * (size_t)px; /* not vector-aligned; whole pixels */
                    for (i = 0; i < MAXW + GUARD; i++) {
                        a[i] = (uint8_t)rnd();
                        b[i] = (uint8_t)(rnd() & 1 ? a[i] : rnd()); /* equal pairs too */
                        if (px == 2 && (i & 1) && (rnd() & 3) == 0) a[i] = (uint8_t)(a[i] | 0x7f); /* extremes */
                        ref[i] = out[i] = (uint8_t)(0xA5 ^ i);
                    }
                    ((ovxc_row2_f)scalar->fn)(a + o, unary ? NULL : b + o, ref + o, n);
                    ((ovxc_row2_f)v->fn)(a + o, unary ? NULL : b + o, out + o, n);
                    if (memcmp(ref, out, sizeof(out)) != 0) {
                        for (i = 0; i < sizeof(out) && ref[i] == out[i]; i++) {
                        }
                        printf("FAIL op %d %s width %zu offset %zu: byte %zu is %u, the scalar reference %u\n", op,
                               v->name, n, off, i, out[i], ref[i]);
                        failed++;
                    } else {
                        passed++;
                    }
                }
        }
        /* the scalar reference itself against the spec's formula (a plain model) */
        if (op >= OVXC_PIX_add_s16_sat) {
            size_t i;
            for (i = 0; i < 4096; i++) {
                int16_t xs = (int16_t)(i < 8 ? (i & 1 ? 32767 : -32768) : (int)(rnd() & 0xffff) - 32768);
                int16_t ys = (int16_t)(i < 8 ? (i & 2 ? 32767 : -32768) : (int)(rnd() & 0xffff) - 32768), os = 0;
                long x = xs, y = ys, want;
                switch (op) {
                case OVXC_PIX_add_s16_sat: want = x + y; break;
                case OVXC_PIX_add_s16_wrap: want = (int16_t)(uint16_t)(x + y); break;
                case OVXC_PIX_sub_s16_sat: want = x - y; break;
                case OVXC_PIX_sub_s16_wrap: want = (int16_t)(uint16_t)(x - y); break;
                case OVXC_PIX_min_s16: want = x < y ? x : y; break;
                case OVXC_PIX_max_s16: want = x > y ? x : y; break;
                default: want = x > y ? x - y : y - x; break;
                }
                if (want > 32767) want = 32767;
                if (want < -32768) want = -32768;
                ((ovxc_row2_f)scalar->fn)((const uint8_t *)&xs, (const uint8_t *)&ys, (uint8_t *)&os, 1);
                if (os != want) {
                    printf("FAIL op %d scalar: %ld, %ld -> %d, want %ld\n", op, x, y, os, want);
                    failed++;
                    break;
                }
            }
            if (i == 4096) passed++;
        } else {
            size_t i;
            for (i = 0; i < 256 * 4; i++) {
                int x = (int)(rnd() & 255), y = (int)(rnd() & 255), want;
                uint8_t xa = (uint8_t)x, yb = (uint8_t)y, o = 0;
                switch (op) {
                case OVXC_PIX_add_u8_sat: want = x + y > 255 ? 255 : x + y; break;
                case OVXC_PIX_add_u8_wrap: want = (x + y) & 255; break;
                case OVXC_PIX_sub_u8_sat: want = x < y ? 0 : x - y; break;
                case OVXC_PIX_sub_u8_wrap: want = (x - y) & 255; break;
                case OVXC_PIX_absdiff_u8: want = x > y ? x - y : y - x; break;
                case OVXC_PIX_and_u8: want = x & y; break;
                case OVXC_PIX_or_u8: want = x | y; break;
                case OVXC_PIX_xor_u8: want = x ^ y; break;
                case OVXC_PIX_min_u8: want = x < y ? x : y; break;
                case OVXC_PIX_max_u8: want = x > y ? x : y; break;
                default: want = 255 - x; break;
                }
                ((ovxc_row2_f)scalar->fn)(&xa, op == OVXC_PIX_not_u8 ? NULL : &yb, &o, 1);
                if (o != want) {
                    printf("FAIL op %d scalar: %d, %d -> %u, want %d\n", op, x, y, o, want);
                    failed++;
                    break;
                }
            }
            if (i == 256 * 4) passed++;
        }
    }
    /* Multiply: every variant against the scalar reference, scales in [0, 1]
     * including 1/255 and 2^-15 as the API gives them (float), and above 1 up
     * to ones whose products pass 2^62 (wrap keeps the low bits of the clamp),
     * both overflow policies and both roundings */
    {
        static const float scales[] = {0.0f, 1.0f, 1.0f / 255.0f, 0.5f, 1.0f / 3.0f, 0.999f, 1.0f / 32768.0f,
                                       2.0f, 3.7f, 255.0f, 65537.5f, 1e9f, 3e12f, 1e30f,
                                       0.25f, 0.75f, 128.0f, 256.0f, 1.0f / 65536.0f, 1.0f / 1073741824.0f};
        int mop;
        for (mop = 0; mop < OVXC_MUL_COUNT; mop++) {
            const ovx_variant *t = ovxc_mul_variants((ovxc_mul_op)mop), *v, *scalar = t;
            /* bytes per input and per output pixel */
            int px = mop == OVXC_MUL_S16 ? 2 : 1, pxo = mop == OVXC_MUL_U8 ? 1 : 2;
            while (scalar->level != OVX_SIMD_NONE) scalar++;
            for (v = t; v != scalar; v++) {
                size_t si, wi, k;
                if (!cpu_has(v->level)) {
                    printf("not run: multiply %d %s (the CPU lacks it)\n", mop, v->name);
                    not_run++;
                    continue;
                }
                for (si = 0; si < sizeof(scales) / sizeof(scales[0]); si++)
                    for (wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi += 3)
                        for (k = 0; k < 4; k++) {
                            size_t n = widths[wi], i, o = (k & 1) * (size_t)px, oo = (k & 1) * (size_t)pxo;
                            int sat = (int)(k >> 1), ne = (int)((k + si) & 1);
                            for (i = 0; i < MAXW + GUARD; i++) {
                                a[i] = (uint8_t)rnd();
                                b[i] = (uint8_t)rnd();
                                ref[i] = out[i] = (uint8_t)(0x5A ^ i);
                            }
                            ((ovxc_mul_row_f)scalar->fn)(a + o, b + o, ref + oo, n, (double)scales[si], sat, ne);
                            ((ovxc_mul_row_f)v->fn)(a + o, b + o, out + oo, n, (double)scales[si], sat, ne);
                            if (memcmp(ref, out, sizeof(out)) != 0) {
                                printf("FAIL multiply %d %s scale %g width %zu sat %d nearest %d\n", mop, v->name,
                                       (double)scales[si], n, sat, ne);
                                failed++;
                            } else {
                                passed++;
                            }
                        }
            }
        }
    }
    /* Multiply S16 at 2^-j: products at and beside the rounding ties (x * 1
     * and x * -1 with the low j bits of x a half, a half plus or minus one),
     * both signs, every j the variants shift by */
    {
        const ovx_variant *t = ovxc_mul_variants(OVXC_MUL_S16), *v, *scalar = t;
        static int16_t xa[512], xb[512], r16[512], v16[512];
        while (scalar->level != OVX_SIMD_NONE) scalar++;
        for (v = t; v != scalar; v++) {
            unsigned bad = 0, j, k, i;
            if (!cpu_has(v->level)) continue; /* counted as not run above */
            for (j = 1; j <= 15; j++)
                for (k = 0; k < 4 * 64; k++) {
                    for (i = 0; i < 512; i++) {
                        uint32_t half = 1u << (j - 1), x = (rnd() << j) | (half + (uint32_t)(i % 3) - 1u);
                        xa[i] = (int16_t)(uint16_t)x;
                        xb[i] = (int16_t)(i & 4 ? -1 : 1);
                    }
                    ((ovxc_mul_row_f)scalar->fn)((const uint8_t *)xa, (const uint8_t *)xb, (uint8_t *)r16, 512,
                                                 ldexp(1.0, -(int)j), (int)(k & 1), (int)((k >> 1) & 1));
                    ((ovxc_mul_row_f)v->fn)((const uint8_t *)xa, (const uint8_t *)xb, (uint8_t *)v16, 512,
                                            ldexp(1.0, -(int)j), (int)(k & 1), (int)((k >> 1) & 1));
                    bad += memcmp(r16, v16, sizeof(r16)) != 0;
                }
            if (bad) {
                printf("FAIL multiply S16 2^-j ties %s: %u rows differ\n", v->name, bad);
                failed++;
            } else {
                passed++;
            }
        }
    }
    /* Multiply U8 at the float 1/255 (integer formulas in the variants): every
     * product, both roundings and policies */
    {
        const ovx_variant *t = ovxc_mul_variants(OVXC_MUL_U8), *v, *scalar = t;
        static uint8_t xa[256], xb[256], r8[256], v8[256];
        unsigned bad = 0, av, k;
        while (scalar->level != OVX_SIMD_NONE) scalar++;
        for (v = t; v != scalar; v++) {
            if (!cpu_has(v->level)) continue; /* counted above */
            for (av = 0; av < 256; av++)
                for (k = 0; k < 4; k++) {
                    size_t q;
                    for (q = 0; q < 256; q++) xa[q] = (uint8_t)av, xb[q] = (uint8_t)q;
                    ((ovxc_mul_row_f)scalar->fn)(xa, xb, r8, 256, (double)(1.0f / 255.0f), (int)(k >> 1), (int)(k & 1));
                    ((ovxc_mul_row_f)v->fn)(xa, xb, v8, 256, (double)(1.0f / 255.0f), (int)(k >> 1), (int)(k & 1));
                    bad += memcmp(r8, v8, 256) != 0;
                }
            if (bad) {
                printf("FAIL multiply U8 1/255 %s: %u rows differ\n", v->name, bad);
                failed++;
            } else {
                passed++;
            }
        }
    }
    /* Multiply U8 x U8 -> S16 at the float 1/255 and at 2^-15 .. 2^0 (the
     * integer paths of the variants): every product, both roundings and
     * policies, against the scalar reference and against the spec's
     * arithmetic done here (round(a b s): the value fits S16 but at 2^0) */
    {
        const ovx_variant *t = ovxc_mul_variants(OVXC_MUL_U8S16), *v, *scalar = t;
        static uint8_t xa[256], xb[256];
        static int16_t r16[256], v16[256];
        unsigned bad = 0, badref = 0, av, k;
        int j;
        while (scalar->level != OVX_SIMD_NONE) scalar++;
        for (j = -1; j <= 15; j++) {
            double sc = j < 0 ? (double)(1.0f / 255.0f) : ldexp(1.0, -j);
            for (av = 0; av < 256; av++)
                for (k = 0; k < 4; k++) {
                    size_t q;
                    int sat = (int)(k >> 1), ne = (int)(k & 1);
                    for (q = 0; q < 256; q++) xa[q] = (uint8_t)av, xb[q] = (uint8_t)q;
                    ((ovxc_mul_row_f)scalar->fn)(xa, xb, (uint8_t *)r16, 256, sc, sat, ne);
                    for (q = 0; q < 256; q++) {
                        double x = (double)(av * q) * sc, rv = ne ? nearbyint(x) : trunc(x);
                        long want = (long)rv;
                        if (want > 32767) want = sat ? 32767 : want - 65536;
                        badref += r16[q] != want;
                    }
                    for (v = t; v != scalar; v++) {
                        if (!cpu_has(v->level)) continue; /* counted above */
                        ((ovxc_mul_row_f)v->fn)(xa, xb, (uint8_t *)v16, 256, sc, sat, ne);
                        bad += memcmp(r16, v16, sizeof(r16)) != 0;
                    }
                }
        }
        if (bad || badref) {
            printf("FAIL multiply U8xU8->S16 1/255, 2^-j: %u variant rows differ, %u reference values wrong\n", bad,
                   badref);
            failed++;
        } else {
            passed++;
        }
    }
    printf("simd variants: %u variant runs not made (CPU)\n", not_run);
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
