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
            memset(out, 0x5A, total);
            ovxc_tensor_copy(&a, &o, es, 0, rows / 3);
            ovxc_tensor_copy(&a, &o, es, rows / 3, rows);
            if (memcmp(out, want, total) != 0) {
                printf("FAIL transpose %zux%zux%zu of %zu-byte elements\n", d0, d1, d2, es);
                failed++;
            } else {
                passed++;
            }
            free(in), free(out), free(want);
        }
    }
    printf("simd-tensor: %u passed, %u failed, %u not run\n", passed, failed, not_run);
    return failed ? 1 : 0;
}
