/*
 * The channel rows of compute/color.h (ChannelCombine into RGB/RGBX,
 * ChannelExtract from them, ColorConvert RGB <-> RGBX) and the ColorConvert
 * row kits (YUV <-> RGB) against the generic reference: every variant against the scalar reference,
 * bit-exact, on random rows of many widths with unaligned starts and guard
 * bytes; the reference itself against the definition (byte k*x + c is
 * channel c of pixel x).  A variant the CPU lacks is reported as not run.
 */
#include "../../csrc/compute/color.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 521288629u
#include "simd_test.h"

enum { MAXW = 2000, G = 256 };
static uint8_t pl[4][MAXW + G], packed[4 * MAXW + G], ref[4 * MAXW + G], out[4 * MAXW + G];

/* The exhaustive loops over every value pair below take every pair, or with
 * OVX_SIMD_TEST_SAMPLE=k in the environment every k-th first value (the
 * sanitizer builds, .ci/sanitize.sh: the same code paths for memory errors,
 * at a fraction of the time; the bit-exactness of every pair is the native
 * runs' job). */
static unsigned sample_step(void)
{
    const char *e = getenv("OVX_SIMD_TEST_SAMPLE");
    long k = e && *e ? strtol(e, NULL, 10) : 1;
    return k >= 1 && k <= 255 ? (unsigned)k : 1;
}

int main(void)
{
    static const size_t widths[] = {0, 1, 2, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 255, 1001, 1920};
    unsigned passed = 0, failed = 0, not_run = 0, bad = 0;
    int op;
    size_t i, x;
    for (i = 0; i < sizeof(packed); i++) packed[i] = (uint8_t)rnd();
    for (i = 0; i < MAXW + G; i++)
        for (int c = 0; c < 4; c++) pl[c][i] = (uint8_t)rnd();
    /* the reference against the definition */
    ovxc_interleave3_scalar(pl[0], pl[1], pl[2], NULL, ref, MAXW);
    for (x = 0; x < MAXW; x++)
        for (int c = 0; c < 3; c++) bad += ref[3 * x + c] != pl[c][x];
    ovxc_interleave4_scalar(pl[0], pl[1], pl[2], pl[3], ref, MAXW);
    for (x = 0; x < MAXW; x++)
        for (int c = 0; c < 4; c++) bad += ref[4 * x + c] != pl[c][x];
    ovxc_pick3_scalar(packed + 2, ref, MAXW);
    for (x = 0; x < MAXW; x++) bad += ref[x] != packed[3 * x + 2];
    ovxc_pick4_scalar(packed + 1, ref, MAXW);
    for (x = 0; x < MAXW; x++) bad += ref[x] != packed[4 * x + 1];
    ovxc_rgb_to_rgbx_scalar(packed, ref, MAXW);
    for (x = 0; x < MAXW; x++)
        for (int c = 0; c < 4; c++) bad += ref[4 * x + c] != (c < 3 ? packed[3 * x + c] : 255);
    ovxc_rgbx_to_rgb_scalar(packed, ref, MAXW);
    for (x = 0; x < MAXW; x++)
        for (int c = 0; c < 3; c++) bad += ref[3 * x + c] != packed[4 * x + c];
    /* the RGB <-> RGBX transform of images without a space or range is the identity */
    {
        ovxc_cc_xform t;
        ovxc_cc_xform_init(&t, 0, OVXC_CC_SPACE_NONE, 0, 0, OVXC_CC_SPACE_NONE, 0);
        bad += !ovxc_cc_xform_is_identity(&t);
        ovxc_cc_xform_init(&t, 0, OVXC_CC_SPACE_NONE, 0, 0, OVXC_CC_SPACE_NONE, 1); /* to restricted range: not */
        bad += ovxc_cc_xform_is_identity(&t);
    }
    if (bad) {
        printf("FAIL the reference rows differ from the definition in %u bytes\n", bad);
        failed++;
    } else {
        passed++;
    }
    for (op = 0; op < OVXC_CH_COUNT; op++) {
        const ovx_variant *t = ovxc_channel_variants((ovxc_channel_op)op), *v, *scalar = t;
        while (scalar->level != OVX_SIMD_NONE) scalar++;
        for (v = t; v != scalar; v++) {
            size_t wi, off;
            if (!cpu_has(v->level)) {
                printf("not run: op %d %s (the CPU lacks it)\n", op, v->name);
                not_run++;
                continue;
            }
            for (wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++)
                for (off = 0; off < 3; off++) {
                    size_t n = widths[wi];
                    memset(ref, 0xA5, sizeof(ref));
                    memset(out, 0xA5, sizeof(out));
                    if (op == OVXC_CH_interleave3 || op == OVXC_CH_interleave4) {
                        ((ovxc_interleave_f)scalar->fn)(pl[0] + off, pl[1] + off, pl[2] + off, pl[3] + off, ref + off,
                                                        n);
                        ((ovxc_interleave_f)v->fn)(pl[0] + off, pl[1] + off, pl[2] + off, pl[3] + off, out + off, n);
                    } else {
                        ((ovxc_pick_f)scalar->fn)(packed + off, ref + off, n);
                        ((ovxc_pick_f)v->fn)(packed + off, out + off, n);
                    }
                    if (memcmp(ref, out, sizeof(out)) != 0) {
                        printf("FAIL op %d %s width %zu offset %zu\n", op, v->name, n, off);
                        failed++;
                    } else {
                        passed++;
                    }
                }
        }
    }
    /* ColorConvert by rows (every kit, the scalar one included) against the
     * generic per-pixel reference, byte for byte: every pair it takes, every
     * space and range without a change of primaries, odd sizes, windows
     * starting on odd rows and columns */
    {
        static const vx_df_image yuv[] = {VX_DF_IMAGE_NV12, VX_DF_IMAGE_NV21, VX_DF_IMAGE_UYVY,
                                          VX_DF_IMAGE_YUYV, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4};
        static const vx_df_image rgb[] = {VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX};
        static const vx_df_image yuvout[] = {VX_DF_IMAGE_IYUV, VX_DF_IMAGE_NV12, VX_DF_IMAGE_YUV4};
        static const uint32_t sizes[][2] = {{37, 11}, {64, 8}, {2, 2}, {1, 1}, {301, 5}};
        static const int spaces[] = {OVXC_CC_BT601_525, OVXC_CC_BT601_625, OVXC_CC_BT709};
        static uint8_t in_mem[3][320 * 4 * 12], ref_mem[3][320 * 4 * 12], out_mem[3][320 * 4 * 12];
        const ovx_variant *kits = ovxc_cc_kit_variants(), *kv;
        int dir, fi_i, fo_i, sz, sp, rg, cut;
        for (kv = kits;; kv++) {
            unsigned bad_pairs = 0, runs = 0;
            const ovxc_cc_kit *kit;
            if (!cpu_has(kv->level)) {
                printf("not run: color convert kit %s (the CPU lacks it)\n", kv->name);
                not_run++;
                if (kv->level == OVX_SIMD_NONE) break;
                continue;
            }
            kit = ((ovxc_cc_kit_f)kv->fn)();
            for (dir = 0; dir < 3; dir++) /* YUV -> RGB, RGB -> YUV, YUV -> YUV */
                for (fi_i = 0; fi_i < (dir == 1 ? 2 : 6); fi_i++)
                    for (fo_i = 0; fo_i < (dir == 0 ? 2 : 3); fo_i++)
                        for (sz = 0; sz < 5; sz++)
                            for (sp = 0; sp < 3; sp++)
                                for (rg = 0; rg < 2; rg++) {
                                    vx_df_image fi = dir == 1 ? rgb[fi_i] : yuv[fi_i];
                                    vx_df_image fo = dir == 0 ? rgb[fo_i] : yuvout[fo_i];
                                    uint32_t w = sizes[sz][0], h = sizes[sz][1], y0, x0;
                                    ovxc_cc_planes pi, pr, pv;
                                    ovxc_cc_xform t;
                                    int pl_i;
                                    for (pl_i = 0; pl_i < 3; pl_i++) {
                                        pi.ptr[pl_i] = in_mem[pl_i];
                                        pr.ptr[pl_i] = ref_mem[pl_i];
                                        pv.ptr[pl_i] = out_mem[pl_i];
                                        pi.stride[pl_i] = pr.stride[pl_i] = pv.stride[pl_i] = 320 * 4;
                                        for (i = 0; i < sizeof(in_mem[0]); i++) in_mem[pl_i][i] = (uint8_t)rnd();
                                    }
                                    if (fi == fo) continue;
                                    ovxc_cc_xform_init(&t, dir != 1, dir == 1 ? OVXC_CC_SPACE_NONE : spaces[sp], rg,
                                                      dir != 0, dir == 0 ? OVXC_CC_SPACE_NONE : spaces[sp], rg);
                                    for (y0 = 0; y0 < 2 && y0 < h; y0++)
                                        for (x0 = 0; x0 < 2 && x0 < w; x0++)
                                            for (cut = 0; cut < 2; cut++) {
                                                uint32_t y1 = cut && h > y0 + 1 ? h - 1 : h; /* bands end anywhere */
                                                uint32_t x1 = cut && w > x0 + 3 ? w - 1 : w;
                                                for (pl_i = 0; pl_i < 3; pl_i++) {
                                                    memset(ref_mem[pl_i], 0x3C, sizeof(ref_mem[0]));
                                                    memset(out_mem[pl_i], 0x3C, sizeof(out_mem[0]));
                                                }
                                                ovxc_color_convert(fi, &pi, fo, &pr, &t, w, h, x0, y0, x1, y1);
                                                if (!(dir == 2 ? ovxc_color_convert_yuv(kit, fi, &pi, fo, &pv, &t, w, h, x0,
                                                                                       y0, x1, y1)
                                                               : ovxc_color_convert_rows(kit, fi, &pi, fo, &pv, &t, w, h,
                                                                                        x0, y0, x1, y1)) ||
                                                    memcmp(ref_mem, out_mem, sizeof(ref_mem)) != 0) {
                                                    if (bad_pairs++ < 5)
                                                        printf("FAIL color convert %s: %.4s -> %.4s %ux%u space %d "
                                                               "range %d window (%u, %u)-(%u, %u)\n",
                                                               kv->name, (const char *)&fi, (const char *)&fo, w, h,
                                                               spaces[sp], rg, x0, y0, x1, y1);
                                                }
                                                runs++;
                                            }
                                }
            if (bad_pairs) {
                failed++;
            } else if (runs) {
                passed++;
            }
            if (kv->level == OVX_SIMD_NONE) break;
        }
    }
    /* the chroma and luma gathers of every ISA build on rows of exactly the
     * bytes they may read (an over-read is an ASan error) */
    {
        static const size_t steps[] = {1, 2, 4};
        const ovx_variant *kv;
        unsigned bad = 0;
        for (kv = ovxc_cc_kit_variants();; kv++) {
            const ovxc_cc_kit *kit;
            size_t si, np, q;
            if (cpu_has(kv->level)) {
                kit = ((ovxc_cc_kit_f)kv->fn)();
                for (si = 0; si < 3; si++)
                    for (np = 1; np < 80; np += np < 20 ? 1 : 7) {
                        size_t len = (np - 1) * steps[si] + 1;
                        uint8_t *src = malloc(len), *dst = malloc(2 * np);
                        for (q = 0; q < len; q++) src[q] = (uint8_t)rnd();
                        kit->dup2(src, steps[si], dst, np);
                        for (q = 0; q < np; q++)
                            bad += dst[2 * q] != src[q * steps[si]] || dst[2 * q + 1] != src[q * steps[si]];
                        free(src);
                        free(dst);
                    }
                for (np = 1; np < 80; np++) { /* split3: rows of exactly 3 np bytes */
                    uint8_t *src = malloc(3 * np), *d0 = malloc(np), *d1 = malloc(np), *d2 = malloc(np);
                    for (q = 0; q < 3 * np; q++) src[q] = (uint8_t)rnd();
                    kit->split3(src, d0, d1, d2, np);
                    for (q = 0; q < np; q++)
                        bad += d0[q] != src[3 * q] || d1[q] != src[3 * q + 1] || d2[q] != src[3 * q + 2];
                    free(src);
                    free(d0);
                    free(d1);
                    free(d2);
                }
                for (np = 1; np < 80; np++) { /* split4 and interleave2: rows of exactly their bytes */
                    uint8_t *src = malloc(4 * np), *d0 = malloc(np), *d1 = malloc(np), *d2 = malloc(np);
                    uint8_t *il = malloc(2 * np);
                    for (q = 0; q < 4 * np; q++) src[q] = (uint8_t)rnd();
                    kit->split4(src, d0, d1, d2, np);
                    for (q = 0; q < np; q++)
                        bad += d0[q] != src[4 * q] || d1[q] != src[4 * q + 1] || d2[q] != src[4 * q + 2];
                    kit->interleave2(d0, d1, il, np);
                    for (q = 0; q < np; q++) bad += il[2 * q] != d0[q] || il[2 * q + 1] != d1[q];
                    free(src);
                    free(d0);
                    free(d1);
                    free(d2);
                    free(il);
                }
                for (np = 1; np < 80; np++) { /* split_uv4: rows ending at the last V */
                    size_t len = 4 * (np - 1) + 3;
                    uint8_t *src = malloc(len), *d0 = malloc(np), *d1 = malloc(np);
                    for (q = 0; q < len; q++) src[q] = (uint8_t)rnd();
                    kit->split_uv4(src, d0, d1, np);
                    for (q = 0; q < np; q++) bad += d0[q] != src[4 * q] || d1[q] != src[4 * q + 2];
                    free(src);
                    free(d0);
                    free(d1);
                }
                for (np = 1; np < 80; np++) {
                    size_t len = 2 * (np - 1) + 1;
                    uint8_t *src = malloc(len), *dst = malloc(np);
                    for (q = 0; q < len; q++) src[q] = (uint8_t)rnd();
                    kit->pick2(src, dst, np);
                    for (q = 0; q < np; q++) bad += dst[q] != src[2 * q];
                    free(src);
                    free(dst);
                }
            }
            if (kv->level == OVX_SIMD_NONE) break;
        }
        if (bad) {
            printf("FAIL the gather rows differ from their definition in %u bytes\n", bad);
            failed++;
        } else {
            passed++;
        }
    }
    /* every kit's apply_q against the scalar one on every input triple (all
     * 2^24), for each space and range both ways: the float estimate with its
     * exactness check must never pick another byte */
    {
        static const int spaces[] = {OVXC_CC_BT601_525, OVXC_CC_BT601_625, OVXC_CC_BT709};
        static uint8_t ta[256], tb[256], tc[256], r0[3][256], r1[3][256];
        const ovx_variant *kits = ovxc_cc_kit_variants(), *kv;
        const ovxc_cc_kit *ref = ovxc_cc_kit_scalar();
        int dir, sp, rg;
        unsigned ai, bi;
        for (i = 0; i < 256; i++) tc[i] = (uint8_t)i;
        for (kv = kits; kv->level != OVX_SIMD_NONE; kv++) {
            const ovxc_cc_kit *kit;
            unsigned bad_t = 0;
            if (!cpu_has(kv->level)) continue; /* counted as not run above */
            kit = ((ovxc_cc_kit_f)kv->fn)();
            for (dir = 0; dir < 2; dir++)
                for (sp = 0; sp < 3; sp++)
                    for (rg = 0; rg < 2; rg++) {
                        ovxc_cc_xform t;
                        unsigned bad = 0;
                        ovxc_cc_xform_init(&t, !dir, dir ? OVXC_CC_SPACE_NONE : spaces[sp], rg, dir,
                                          dir ? spaces[sp] : OVXC_CC_SPACE_NONE, rg);
                        for (ai = 0; ai < 256; ai += sample_step())
                            for (bi = 0; bi < 256; bi++) {
                                memset(ta, (int)ai, sizeof(ta));
                                memset(tb, (int)bi, sizeof(tb));
                                ref->apply_q(ta, tb, tc, r0[0], r0[1], r0[2], 256, t.m);
                                kit->apply_q(ta, tb, tc, r1[0], r1[1], r1[2], 256, t.m);
                                bad += memcmp(r0, r1, sizeof(r0)) != 0;
                            }
                        if (bad) {
                            printf("FAIL color convert kit %s apply_q, direction %d space %d range %d: %u rows differ\n",
                                   kv->name, dir, spaces[sp], rg, bad);
                            bad_t++;
                        }
                    }
            if (bad_t)
                failed++;
            else
                passed++;
        }
    }
    /* every kit's enc420 against the scalar one: blocks of one color for every
     * RGB triple (the means on the integer lattice), then random blocks (the
     * quarter lattice), each space and range, block rows of two rows and of
     * one, odd pixel counts */
    {
        static const int spaces[] = {OVXC_CC_BT601_525, OVXC_CC_BT601_625, OVXC_CC_BT709};
        static uint8_t in[6][256], yr[2][256], yk[2][256], ur[128], uk[128], vr[128], vk[128];
        const ovx_variant *kv;
        const ovxc_cc_kit *ref = ovxc_cc_kit_scalar();
        for (kv = ovxc_cc_kit_variants(); kv->level != OVX_SIMD_NONE; kv++) {
            const ovxc_cc_kit *kit;
            unsigned bad = 0, sp, rg, r, g, k, iter;
            if (!cpu_has(kv->level)) continue; /* counted as not run above */
            kit = ((ovxc_cc_kit_f)kv->fn)();
            for (sp = 0; sp < 3; sp++)
                for (rg = 0; rg < 2; rg++) {
                    ovxc_cc_xform t;
                    ovxc_cc_xform_init(&t, 0, OVXC_CC_SPACE_NONE, (int)rg, 1, spaces[sp], (int)rg);
#define ENC420_CHECK(rows, px)                                                                                 \
    do {                                                                                                       \
        ref->enc420(in[0], in[1], in[2], (rows) == 2 ? in[3] : NULL, in[4], in[5], yr[0], yr[1], ur, vr, px, t.m); \
        kit->enc420(in[0], in[1], in[2], (rows) == 2 ? in[3] : NULL, in[4], in[5], yk[0], yk[1], uk, vk, px, t.m); \
        bad += memcmp(yr[0], yk[0], px) != 0 || memcmp(ur, uk, ((px) + 1) / 2) != 0 ||                         \
               memcmp(vr, vk, ((px) + 1) / 2) != 0 || ((rows) == 2 && memcmp(yr[1], yk[1], px) != 0);         \
    } while (0)
                    for (r = 0; r < 256; r += sample_step())
                        for (g = 0; g < 256; g++) {
                            for (k = 0; k < 128; k++) { /* blue k and 128 + k */
                                in[0][2 * k] = in[0][2 * k + 1] = in[3][2 * k] = in[3][2 * k + 1] = (uint8_t)r;
                                in[1][2 * k] = in[1][2 * k + 1] = in[4][2 * k] = in[4][2 * k + 1] = (uint8_t)g;
                                in[2][2 * k] = in[2][2 * k + 1] = in[5][2 * k] = in[5][2 * k + 1] = (uint8_t)k;
                            }
                            ENC420_CHECK(2, 256);
                            for (k = 0; k < 256; k++) in[2][k] = in[5][k] = (uint8_t)(in[2][k] + 128);
                            ENC420_CHECK(2, 256);
                        }
                    for (iter = 0; iter < 4096; iter++) {
                        size_t px = iter % 8 == 7 ? 1 + rnd() % 256 : 256;
                        for (k = 0; k < 6; k++)
                            for (r = 0; r < 256; r++) in[k][r] = (uint8_t)rnd();
                        ENC420_CHECK(iter % 16 == 15 ? 1 : 2, px);
                    }
#undef ENC420_CHECK
                }
            if (bad) {
                printf("FAIL color convert kit %s enc420: %u rows differ\n", kv->name, bad);
                failed++;
            } else {
                passed++;
            }
        }
    }
    /* the rational form (color.h ovxc_cc_rat): the full range RGB -> YUV
     * transforms of every space must have it; each kit's straight rows
     * against the scalar reference on every RGB triple (YUV4, RGB and RGBX
     * bytes), and on 4:2:0 block rows of uniform blocks of every RGB triple
     * and of random blocks */
    {
        static const int spaces[] = {OVXC_CC_BT601_525, OVXC_CC_BT601_625, OVXC_CC_BT709};
        static uint8_t pl[6][288], px3[2][288 * 4], yr[2][288], yk[2][288], ur[288], uk[288], vr[288], vk[288];
        const ovxc_cc_kit *ref = ovxc_cc_kit_scalar();
        const ovx_variant *kv;
        unsigned sp, rg, bad = 0, missing = 0, exact = 0;
        for (sp = 0; sp < 3; sp++) {
            ovxc_cc_xform t;
            ovxc_cc_rat rat;
            ovxc_cc_xform_init(&t, 0, OVXC_CC_SPACE_NONE, 0, 1, spaces[sp], 0);
            if (!ovxc_cc_rat_init(t.m, &rat)) missing++;
        }
        if (missing) {
            printf("FAIL color convert: %u full range RGB -> YUV transforms without their rational form\n", missing);
            failed++;
        } else {
            passed++;
        }
        for (kv = ovxc_cc_kit_variants(); kv->level != OVX_SIMD_NONE; kv++) {
            const ovxc_cc_kit *kit;
            if (!cpu_has(kv->level)) continue; /* counted as not run above */
            kit = ((ovxc_cc_kit_f)kv->fn)();
            if (!kit->enc444_rat) continue;
            for (sp = 0; sp < 3; sp++)
                for (rg = 0; rg < 2; rg++) {
                    ovxc_cc_xform t;
                    ovxc_cc_rat rat;
                    unsigned r, g, k, bpp, iter;
                    ovxc_cc_xform_init(&t, 0, OVXC_CC_SPACE_NONE, (int)rg, 1, spaces[sp], (int)rg);
                    if (!ovxc_cc_rat_init(t.m, &rat)) continue;
                    exact++;
                    for (bpp = 3; bpp <= 4; bpp++)
                        for (r = 0; r < 256; r += sample_step())
                            for (g = 0; g < 256; g++) {
                                size_t done;
                                for (k = 0; k < 288; k++) {
                                    pl[0][k] = (uint8_t)r, pl[1][k] = (uint8_t)g, pl[2][k] = (uint8_t)k;
                                    px3[0][k * bpp] = (uint8_t)r, px3[0][k * bpp + 1] = (uint8_t)g;
                                    px3[0][k * bpp + 2] = (uint8_t)k;
                                    if (bpp == 4) px3[0][k * 4 + 3] = (uint8_t)(k * 7);
                                }
                                ref->apply_q(pl[0], pl[1], pl[2], yr[0], ur, vr, 288, t.m);
                                memset(yk[0], 0x3C, 288), memset(uk, 0x3C, 288), memset(vk, 0x3C, 288);
                                done = kit->enc444_rat(&rat, px3[0], bpp, 288, yk[0], uk, vk, 288);
                                bad += done != 288 || memcmp(yr[0], yk[0], done) != 0 ||
                                       memcmp(ur, uk, done) != 0 || memcmp(vr, vk, done) != 0 ||
                                       (done < 288 && (yk[0][done] != 0x3C || uk[done] != 0x3C || vk[done] != 0x3C));
                            }
                    /* 4:2:0: uniform blocks (blue k and 128 + k), then random */
                    for (bpp = 3; bpp <= 4; bpp++)
                        for (iter = 0; iter < 2 * 65536 + 4096; iter++) {
                            size_t n = 288, done;
                            unsigned rr, c;
                            if (iter < 2 * 65536) {
                                r = (iter / 2) >> 8, g = (iter / 2) & 255;
                                if (r % sample_step()) continue;
                                for (k = 0; k < 288; k++) {
                                    unsigned bl = (k / 2) % 128 + (iter & 1) * 128;
                                    for (rr = 0; rr < 2; rr++) {
                                        pl[3 * rr][k] = (uint8_t)r, pl[3 * rr + 1][k] = (uint8_t)g;
                                        pl[3 * rr + 2][k] = (uint8_t)bl;
                                    }
                                }
                            } else {
                                n = 1 + rnd() % 288;
                                for (c = 0; c < 6; c++)
                                    for (k = 0; k < 288; k++) pl[c][k] = (uint8_t)rnd();
                            }
                            for (rr = 0; rr < 2; rr++)
                                for (k = 0; k < 288; k++)
                                    for (c = 0; c < bpp; c++) px3[rr][k * bpp + c] = c < 3 ? pl[3 * rr + c][k] : 9;
                            ref->enc420(pl[0], pl[1], pl[2], pl[3], pl[4], pl[5], yr[0], yr[1], ur, vr, n, t.m);
                            memset(yk, 0x3C, sizeof(yk)), memset(uk, 0x3C, 288), memset(vk, 0x3C, 288);
                            done = kit->enc420_rat(&rat, px3[0], px3[1], bpp, iter & 1 ? 288 : n, yk[0], yk[1], uk, vk, n);
                            bad += done != (n & ~(size_t)1) ||
                                   memcmp(yr[0], yk[0], done) != 0 || memcmp(yr[1], yk[1], done) != 0 ||
                                   memcmp(ur, uk, done / 2) != 0 || memcmp(vr, vk, done / 2) != 0 ||
                                   (done < 288 && (yk[0][done] != 0x3C || yk[1][done] != 0x3C || uk[done / 2] != 0x3C ||
                                                   vk[done / 2] != 0x3C));
                        }
                }
        }
        if (bad) {
            printf("FAIL color convert: the rational rows differ from the reference in %u rows\n", bad);
            failed++;
        } else if (exact) {
            passed++;
        }
    }
    /* every kit's dec422 (UYVY / YUYV rows) against the scalar dec2 of the
     * same samples: every (U, V) pair with Y spread over all values, each
     * space and range, both layouts, rows of odd length */
    {
        static const int spaces[] = {OVXC_CC_BT601_525, OVXC_CC_BT601_625, OVXC_CC_BT709};
        static uint8_t row[2 * 520], ys[520], us[260], vs[260], r0[3][520], r1[3][520], pk[4 * 520 + 4];
        const ovx_variant *kv;
        const ovxc_cc_kit *ref = ovxc_cc_kit_scalar();
        for (kv = ovxc_cc_kit_variants(); kv->level != OVX_SIMD_NONE; kv++) {
            const ovxc_cc_kit *kit;
            unsigned bad = 0, sp, rg, yuyv, uu, j, runs = 0, packed_runs = 0, bpp;
            if (!cpu_has(kv->level)) continue; /* counted as not run above */
            kit = ((ovxc_cc_kit_f)kv->fn)();
            if (!kit->dec422) continue;
            for (sp = 0; sp < 3; sp++)
                for (rg = 0; rg < 2; rg++)
                    for (yuyv = 0; yuyv < 2; yuyv++) {
                        ovxc_cc_xform t;
                        ovxc_cc_xform_init(&t, 1, spaces[sp], (int)rg, 0, OVXC_CC_SPACE_NONE, (int)rg);
                        for (uu = 0; uu < 256; uu++) {
                            size_t n = uu % 5 == 4 ? 2 * (uu + 3) : 512, done;
                            uint8_t *const o1[3] = {r1[0], r1[1], r1[2]};
                            for (j = 0; j < 520; j++) ys[j] = (uint8_t)(uu * 7 + j * 13 + 1);
                            for (j = 0; j < 260; j++) us[j] = (uint8_t)uu, vs[j] = (uint8_t)j;
                            for (j = 0; j < 260; j++) {
                                row[4 * j + (yuyv ? 0 : 1)] = ys[2 * j];
                                row[4 * j + (yuyv ? 2 : 3)] = ys[2 * j + 1];
                                row[4 * j + (yuyv ? 1 : 0)] = us[j];
                                row[4 * j + (yuyv ? 3 : 2)] = vs[j];
                            }
                            ref->dec2(ys, NULL, us, vs, (uint8_t *const[3]){r0[0], r0[1], r0[2]},
                                      (uint8_t *const[3]){r0[0], r0[1], r0[2]}, n, t.m);
                            memset(r1, 0x3C, sizeof(r1));
                            done = kit->dec422(row, (int)yuyv, o1, NULL, 3, n, t.m);
                            bad += done > n || done % 2 || memcmp(r0[0], r1[0], done) != 0 ||
                                   memcmp(r0[1], r1[1], done) != 0 || memcmp(r0[2], r1[2], done) != 0 ||
                                   r1[0][done] != 0x3C;
                            runs += done + 16 > n;
                            /* straight to RGB and RGBX: the same channels interleaved (X = 255), no byte past */
                            for (bpp = 3; bpp <= 4; bpp++) {
                                size_t dp, q;
                                memset(pk, 0x3C, sizeof(pk));
                                dp = kit->dec422(row, (int)yuyv, o1, pk, (int)bpp, n, t.m);
                                bad += dp > n || dp % 2 || pk[dp * bpp] != 0x3C;
                                for (q = 0; q < dp && q < n; q++)
                                    bad += pk[q * bpp] != r0[0][q] || pk[q * bpp + 1] != r0[1][q] ||
                                           pk[q * bpp + 2] != r0[2][q] || (bpp == 4 && pk[q * bpp + 3] != 255);
                                packed_runs += dp + 32 > n;
                            }
                        }
                    }
            if (bad || runs != 3 * 2 * 2 * 256 || packed_runs != 2 * 3 * 2 * 2 * 256) {
                printf("FAIL color convert kit %s dec422: %u rows differ, %u of %u did all but < 16, %u of %u packed "
                       "all but < 32\n", kv->name, bad, runs, 3 * 2 * 2 * 256, packed_runs, 2 * 3 * 2 * 2 * 256);
                failed++;
            } else {
                passed++;
            }
        }
    }
    /* every kit's dec2 against the scalar one: every (Y, U, V) for each space
     * and each pair of ranges (one range: the luma coefficient is 1; two: it
     * is not), then random rows, one row and two, odd pixel counts */
    {
        static const int spaces[] = {OVXC_CC_BT601_525, OVXC_CC_BT601_625, OVXC_CC_BT709};
        static uint8_t ya[256], yb[256], cu[128], cv[128], ra[3][256], rb[3][256], ka[3][256], kb[3][256];
        uint8_t *const pra[3] = {ra[0], ra[1], ra[2]}, *const prb[3] = {rb[0], rb[1], rb[2]};
        uint8_t *const pka[3] = {ka[0], ka[1], ka[2]}, *const pkb[3] = {kb[0], kb[1], kb[2]};
        const ovx_variant *kv;
        const ovxc_cc_kit *ref = ovxc_cc_kit_scalar();
        for (i = 0; i < 256; i++) ya[i] = (uint8_t)i, yb[i] = (uint8_t)(255 - i);
        for (kv = ovxc_cc_kit_variants(); kv->level != OVX_SIMD_NONE; kv++) {
            const ovxc_cc_kit *kit;
            unsigned bad = 0, sp, ri, ro, uu, vv, iter, k;
            if (!cpu_has(kv->level)) continue; /* counted as not run above */
            kit = ((ovxc_cc_kit_f)kv->fn)();
            for (sp = 0; sp < 3; sp++)
                for (ri = 0; ri < 2; ri++)
                    for (ro = 0; ro < 2; ro++) {
                        ovxc_cc_xform t;
                        ovxc_cc_xform_init(&t, 1, spaces[sp], (int)ri, 0, OVXC_CC_SPACE_NONE, (int)ro);
#define DEC2_CHECK(two, px)                                                                                    \
    do {                                                                                                       \
        ref->dec2(ya, (two) ? yb : NULL, cu, cv, pra, prb, px, t.m);                                           \
        kit->dec2(ya, (two) ? yb : NULL, cu, cv, pka, pkb, px, t.m);                                           \
        for (k = 0; k < 3; k++)                                                                                \
            bad += memcmp(ra[k], ka[k], px) != 0 || ((two) && memcmp(rb[k], kb[k], px) != 0);                  \
    } while (0)
                        for (uu = 0; uu < 256; uu++)
                            for (vv = 0; vv < 256; vv++) {
                                memset(cu, (int)uu, sizeof(cu));
                                memset(cv, (int)vv, sizeof(cv));
                                DEC2_CHECK(1, 256);
                            }
                        for (iter = 0; iter < 1024; iter++) {
                            size_t px = iter % 8 == 7 ? 1 + rnd() % 256 : 256;
                            for (k = 0; k < 256; k++) ya[k] = (uint8_t)rnd(), yb[k] = (uint8_t)rnd();
                            for (k = 0; k < 128; k++) cu[k] = (uint8_t)rnd(), cv[k] = (uint8_t)rnd();
                            DEC2_CHECK(iter % 4 != 3, px);
                        }
                        for (k = 0; k < 256; k++) ya[k] = (uint8_t)k, yb[k] = (uint8_t)(255 - k);
#undef DEC2_CHECK
                    }
            if (bad) {
                printf("FAIL color convert kit %s dec2: %u rows differ\n", kv->name, bad);
                failed++;
            } else {
                passed++;
            }
        }
    }
    printf("channel variants: %u variant runs not made (CPU)\n%u passed, %u failed\n", not_run, passed, failed);
    return failed ? 1 : 0;
}
