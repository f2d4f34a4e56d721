/*
 * The packed matrix multiply (compute/tensorops.h): every variant of the
 * packed rows (the scalar one included) against ovxc_tensor_matmul, the
 * reference of Tensor Matrix Multiply, on random matrices of U8, S8 and S16
 * with and without the addend (also stored transposed), fixed point shifts
 * 0, 1, 8 and 15, transposed operands, padded output rows, odd and tiny
 * sizes, bands of rows that split the 4-row blocks, and values at the
 * pack's exactness bound; and the bound itself (max|a| * max|b|).
 */
#include "../../csrc/compute/tensorops.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 97531u
#include "simd_test.h"

static int32_t value(ovxc_ttype t, int32_t lim)
{
    int32_t span = 2 * lim + 1, v = (int32_t)(rnd() % (unsigned)span) - lim;
    if (t == OVXC_T_U8) return v < 0 ? -v : v;
    return v;
}

static void put(ovxc_ttype t, uint8_t *p, int32_t v)
{
    if (t == OVXC_T_S16) {
        int16_t s = (int16_t)v;
        memcpy(p, &s, 2);
    } else {
        *p = (uint8_t)v;
    }
}

int main(void)
{
    static const size_t sizes[][3] = {{1, 1, 1}, {3, 5, 7}, {4, 16, 16}, {5, 33, 17}, {9, 64, 40}, {13, 7, 100},
                                      {2, 2, 3}, {8, 129, 31}};
    static const ovxc_ttype types[] = {OVXC_T_U8, OVXC_T_S8, OVXC_T_S16};
    unsigned passed = 0, failed = 0, not_run = 0;
    const ovx_variant *t = ovxc_matmul_packed_variants(), *v;
    size_t si, ti, k;
    for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++)
        for (ti = 0; ti < 3; ti++)
            for (k = 0; k < 16; k++) {
                size_t n = sizes[si][0], m = sizes[si][1], l = sizes[si][2], i, j;
                if (k == 7 && ti == 2) m = 2; /* S16 at the bound: 2 * 32767^2 < 2^31 (before the allocations) */
                ovxc_ttype ty = types[ti];
                size_t es = ty == OVXC_T_S16 ? 2 : 1;
                /* k >= 8: shifts 1 and 15 (the AVX2 finish rounds by shifts), the
                 * addend stored transposed (the scalar finish), output rows
                 * padded (the padding must stay untouched) */
                int with_c = k & 1, shift = k < 8 ? (k & 2 ? 8 : 0) : (k & 2 ? 1 : 15), ta = (k >> 2) & 1,
                    tb = (int)(si & 1), tc = k >= 8 && (k & 4);
                size_t ors = (l + (k >= 8 ? 3 : 0)) * es;
                /* the largest values whose sums the pack's bound allows */
                int32_t lim = ty == OVXC_T_S16 ? (k == 7 ? 32767 : 181) : 127;
                uint8_t *A = malloc(n * m * es), *B = malloc(m * l * es), *C = malloc(n * l * es);
                uint8_t *ref = malloc(n * ors), *out = malloc(n * ors);
                void *mem = malloc(ovxc_matmul_pack_size(n, m, l));
                ovxc_matrix a, b, c;
                ovxc_matmul_packed p;
                uint64_t prod, want = 0;
                int32_t ma = 0, mb = 0;
                for (i = 0; i < n * m; i++) {
                    int32_t x = value(ty, lim);
                    put(ty, A + i * es, x);
                    if ((x < 0 ? -x : x) > ma) ma = x < 0 ? -x : x;
                }
                for (i = 0; i < m * l; i++) {
                    int32_t x = value(ty, lim);
                    put(ty, B + i * es, x);
                    if ((x < 0 ? -x : x) > mb) mb = x < 0 ? -x : x;
                }
                for (i = 0; i < n * l; i++) put(ty, C + i * es, value(ty, 100));
                /* a: n x m, stored row-major or transposed (column-major) */
                a.ptr = A, a.row_stride = ta ? es : m * es, a.col_stride = ta ? n * es : es;
                b.ptr = B, b.row_stride = tb ? es : l * es, b.col_stride = tb ? m * es : es;
                c.ptr = C, c.row_stride = tc ? es : l * es, c.col_stride = tc ? n * es : es;
                memset(ref, 0xA5, n * ors);
                ovxc_tensor_matmul(&a, &b, with_c ? &c : NULL, ref, ors, es, ty, n, m, l, shift, 0, n);
                prod = ovxc_matmul_pack(&a, &b, ty, n, m, l, mem, &p);
                want = (uint64_t)ma * (uint64_t)mb;
                if (prod != want) {
                    printf("FAIL pack bound %zux%zux%zu type %d: %llu, want %llu\n", n, m, l, (int)ty,
                           (unsigned long long)prod, (unsigned long long)want);
                    failed++;
                }
                if ((uint64_t)p.m2 * prod >= ((uint64_t)1 << 31)) {
                    printf("FAIL case %zux%zux%zu type %d is outside the bound it was made for\n", n, m, l, (int)ty);
                    failed++;
                }
                p.c = with_c ? &c : NULL, p.out = out, p.out_row_stride = ors, p.out_col_stride = es;
                p.type = ty, p.shift = shift;
                for (v = t;; v++) {
                    if (!cpu_has(v->level)) {
                        printf("not run: matmul %s (the CPU lacks it)\n", v->name);
                        not_run++;
                    } else {
                        size_t cut = n / 2 + (k & 1); /* two bands, split inside a 4-row block */
                        memset(out, 0xA5, n * ors);
                        ((ovxc_matmul_packed_f)v->fn)(&p, 0, cut);
                        ((ovxc_matmul_packed_f)v->fn)(&p, cut, n);
                        if (memcmp(ref, out, n * ors) != 0) {
                            printf("FAIL matmul %s %zux%zux%zu type %d case %zu\n", v->name, n, m, l, (int)ty, k);
                            failed++;
                        } else {
                            passed++;
                        }
                    }
                    if (v->level == OVX_SIMD_NONE) break;
                }
                free(A), free(B), free(C), free(ref), free(out), free(mem);
                (void)j;
            }
    /* transposes of dimensions 0 and 1 (the 8 x 8 tiles), 1, 2 and 4-byte
     * elements, against the plain index model; rows in two bands */
    for (si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
        static const size_t ess[] = {1, 2, 4};
        for (ti = 0; ti < 3; ti++) {
            size_t d0 = sizes[si][1] + 3, d1 = sizes[si][2] + 5, d2 = si % 3 + 1, es = ess[ti], i, x, y, z;
            size_t total = d0 * d1 * d2 * es, rows;
            uint8_t *in = malloc(total), *out = malloc(total), *want = malloc(total);
            ovxc_tensor a, o;
            for (i = 0; i < total; i++) in[i] = (uint8_t)rnd();
            /* in: dims {d0, d1, d2}; out: dims {d1, d0, d2}, out(x, y, z) = in(y, x, z) */
            for (z = 0; z < d2; z++)
                for (y = 0; y < d0; y++)
                    for (x = 0; x < d1; x++)
                        memcpy(want + ((z * d0 + y) * d1 + x) * es, in + ((z * d1 + x) * d0 + y) * es, es);
            memset(&o, 0, sizeof(o));
            o.ptr = out, o.num_dims = 3, o.type = OVXC_T_U8;
            o.dims[0] = d1, o.dims[1] = d0, o.dims[2] = d2;
            o.strides[0] = es, o.strides[1] = d1 * es, o.strides[2] = d0 * d1 * es;
            a = o;
            a.ptr = in, a.strides[0] = d0 * es, a.strides[1] = es;
            rows = d0 * d2;
            for (v = ovxc_tensor_copy_variants();; v++) {
                if (!cpu_has(v->level)) {
                    not_run++;
                    continue;
                }
                size_t b1 = (rows / 3) * d1 * es, k;
                int spill = 0;
                memset(out, 0x5A, total);
                ((ovxc_tensor_copy_f)v->fn)(&a, &o, es, 0, rows / 3);
                for (k = b1; k < total; k++) spill |= out[k] != 0x5A; /* the first band's rows only */
                ((ovxc_tensor_copy_f)v->fn)(&a, &o, es, rows / 3, rows);
                if (spill || memcmp(out, want, total) != 0) {
                    printf("FAIL %s transpose %zux%zux%zu of %zu-byte elements\n", v->name, d0, d1, d2, es);
                    failed++;
                } else {
                    passed++;
                }
                if (v->level == OVX_SIMD_NONE) break;
            }
            free(in), free(out), free(want);
        }
    }
    /* Tensor Convert Bit-Depth: every row variant (the scalar one included)
     * against a model of the spec's rule written here (float, the reference's
     * order; saturate or the low bits of the truncation), every input and
     * output type, both policies, scales that overflow every type, NaN and
     * infinities, lengths 0..70 (steps and tails) */
    {
        static const ovxc_ttype all[] = {OVXC_T_U8, OVXC_T_S8, OVXC_T_S16, OVXC_T_F32};
        /* in_scale, offset, norm (0: 1 / 0), out_scale; the powers of two
         * with offset 0 the variants' integer path (shifts by -15 .. 15),
         * 2^-16 and 2^25 beyond it */
        static const float scales[][4] = {
            {1.0f / 256, 0.0f, 1.0f, 1.0f}, {1.0f, 3.5f, 1.0f / 3, 1.0f}, {256.0f, -1.0f, 300.0f, 1.0f},
            {1.0f, 0.0f, 1e30f, 1.0f}, {1.0f / 65536, 0.25f, 7.0f, 1.0f}, {1.0f, 0.0f, 0.0f, 1.0f},
            {256.0f, 0.0f, 1.0f, 1.0f}, {0.5f, -0.0f, 0.25f, 1.0f}, {1.0f / 32768, 0.0f, 1.0f, 1.0f},
            {1.0f / 65536, 0.0f, 1.0f, 1.0f}, {1.0f, 0.0f, 32768.0f, 1.0f}, {4.0f, 0.0f, 0.5f, 0.125f},
            {1.0f / 256, 0.0f, 1.0f, 16.0f}, {0x1p25f, 0.0f, 0x1p-20f, 1.0f}, {0.5f, 0.0f, 1.0f, 0.5f}};
        enum { NSC = sizeof(scales) / sizeof(scales[0]) };
        for (int it = 0; it < 4 * 4 * 2 * NSC * 3; it++) {
            const ovxc_ttype ta = all[it % 4], to = all[(it / 4) % 4];
            const int sat = (it / 16) % 2;
            const float *sc = scales[(it / 32) % NSC];
            const size_t n = (size_t)(rnd() % 71), ea = ta == OVXC_T_S16 ? 2 : (ta == OVXC_T_F32 ? 4 : 1),
                         eo = to == OVXC_T_S16 ? 2 : (to == OVXC_T_F32 ? 4 : 1);
            uint8_t *in = malloc(n * ea + 1), *want = malloc(n * eo + 1), *got = malloc(n * eo + 1);
            const float inv_norm = sc[2] == 0.0f ? 1.0f / sc[2] : sc[2]; /* 1 / 0: infinity (NaN from 0 * inf) */
            for (size_t i = 0; i < n; i++) {
                if (ta == OVXC_T_F32) {
                    static const float specials[] = {0.0f, -0.0f, 1e9f, -3e9f, 2147483648.0f, -2147483648.0f, 255.5f, -128.5f};
                    float f = rnd() % 5 == 0 ? specials[rnd() % 8] : (float)((int32_t)rnd()) / (float)(1 + rnd() % 1000);
                    if (rnd() % 37 == 0) f = (rnd() & 1) ? NAN : -INFINITY;
                    memcpy(in + 4 * i, &f, 4);
                } else {
                    put(ta, in + ea * i, (int32_t)rnd());
                }
            }
            for (size_t i = 0; i < n; i++) { /* the model */
                float v;
                if (ta == OVXC_T_F32) memcpy(&v, in + 4 * i, 4);
                else v = (float)(ta == OVXC_T_U8 ? in[i] : (ta == OVXC_T_S8 ? (int8_t)in[i] : (int16_t)(in[2 * i] | in[2 * i + 1] << 8)));
                v = v * sc[0];
                v = (v - sc[1]) * inv_norm;
                v = v * sc[3];
                if (to == OVXC_T_F32) {
                    memcpy(want + 4 * i, &v, 4);
                } else {
                    double lo = to == OVXC_T_U8 ? 0 : (to == OVXC_T_S8 ? -128 : -32768), hi = to == OVXC_T_U8 ? 255 : (to == OVXC_T_S8 ? 127 : 32767);
                    long long q;
                    if (v != v) q = 0;
                    else if (sat) q = v <= lo ? (long long)lo : (v >= hi ? (long long)hi : (long long)v);
                    else q = v <= -9.2e18f ? INT64_MIN : (v >= 9.2e18f ? INT64_MAX : (long long)v);
                    if (to == OVXC_T_S16) {
                        want[2 * i] = (uint8_t)q, want[2 * i + 1] = (uint8_t)((unsigned long long)q >> 8);
                    } else {
                        want[i] = (uint8_t)q;
                    }
                }
            }
            for (v = ovxc_tensor_convert_variants();; v++) {
                if (!cpu_has(v->level)) {
                    not_run++;
                } else {
                    memset(got, 0xA5, n * eo + 1);
                    ((ovxc_tensor_cvt_row_f)v->fn)(in, ta, got, to, n, sat, sc[0], sc[1], inv_norm, sc[3]);
                    if (memcmp(got, want, n * eo) != 0 || got[n * eo] != 0xA5) {
                        printf("FAIL convert %s type %d -> %d %s scale %d n %zu\n", v->name, ta, to, sat ? "sat" : "wrap",
                               (it / 32) % NSC, n);
                        failed++;
                    } else {
                        passed++;
                    }
                }
                if (v->level == OVX_SIMD_NONE) break;
            }
            free(in), free(want), free(got);
        }
    }
    /* Tensor TableLookup's rows (the 256-entry table of U8 rows, S16 rows)
     * against the spec's rule (an index offset + value outside [0, count)
     * reads the nearest entry), counts and offsets that clamp, in two bands */
    for (int it = 0; it < 60; it++) {
        const int s16 = it % 2;
        const size_t d0 = 1 + rnd() % 90, d1 = 1 + rnd() % 9, es = s16 ? 2 : 1, count = 1 + rnd() % (s16 ? 70000 : 300);
        const uint32_t offset = (uint32_t)(rnd() % (s16 ? 65536 : 300));
        uint8_t *in = malloc(d0 * d1 * es), *out = malloc(d0 * d1 * es), *want = malloc(d0 * d1 * es), *lut = malloc(count * es);
        ovxc_tensor a = {in, 2, {d0, d1}, {es, d0 * es}, s16 ? OVXC_T_S16 : OVXC_T_U8};
        ovxc_tensor o = {out, 2, {d0, d1}, {es, d0 * es}, a.type};
        for (size_t i = 0; i < count * es; i++) lut[i] = (uint8_t)rnd();
        for (size_t i = 0; i < d0 * d1 * es; i++) in[i] = (uint8_t)rnd();
        for (size_t i = 0; i < d0 * d1; i++) {
            long long x = s16 ? (int16_t)(in[2 * i] | in[2 * i + 1] << 8) : in[i], idx = (long long)offset + x;
            idx = idx < 0 ? 0 : (idx >= (long long)count ? (long long)count - 1 : idx);
            memcpy(want + es * i, lut + es * (size_t)idx, es);
        }
        ovxc_tensor_lut_rows(&a, &o, lut, count, offset, 0, d1 / 2);
        ovxc_tensor_lut_rows(&a, &o, lut, count, offset, d1 / 2, d1);
        if (memcmp(out, want, d0 * d1 * es) != 0) {
            printf("FAIL table lookup %s %zux%zu count %zu offset %u\n", s16 ? "S16" : "U8", d0, d1, count, offset);
            failed++;
        } else {
            passed++;
        }
        free(in), free(out), free(want), free(lut);
    }
    printf("simd-tensor: %u passed, %u failed, %u not run\n", passed, failed, not_run);
    return failed ? 1 : 0;
}
