/*
 * The feature detectors' row kit (compute/detect.h): every SIMD variant
 * against the scalar reference, bit for bit (floats compared as bits), on
 * random, blocky, extreme (0/255) and flat images and on random and extreme
 * gradients, for widths from 7 (tiny) to 255 including odd ones, with guard
 * values around every output no variant may touch.  The p32 Harris row (from
 * products) is also checked against the generic s32 one (from gradients).  A variant the CPU cannot run is
 * reported as not run, never as passed.
 */
#include "../../csrc/compute/detect.h"
#include "../../csrc/runtime/dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMD_TEST_SEED 987654321u
#include "simd_test.h"

enum { MAXW = 300, MAXH = 40, PAD = 32 };
static unsigned failed, passed, nonzero;

static void fill_image(vx_uint8 *img, int w, int h, int kind)
{
    int i;
    for (i = 0; i < w * h; i++) {
        int x = i % w, y = i / w;
        switch (kind) {
        case 0: img[i] = (vx_uint8)rnd(); break;
        case 1: img[i] = (vx_uint8)((((x / 5) ^ (y / 3)) & 1) ? 230 : 20); break;
        case 2: img[i] = (vx_uint8)((rnd() & 1) ? 255 : 0); break;
        case 3: img[i] = (vx_uint8)(rnd() % 3 ? 128 : (rnd() & 1) * 255); break;
        default: img[i] = 77; break;
        }
    }
}

static void check(int ok, const char *what, const char *variant, int w, int kind, int extra)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        if (failed < 20) printf("FAIL %s %s width %d kind %d (%d)\n", what, variant, w, kind, extra);
    }
}


static void test_rows(const ovxc_feat_kit *ref, const ovxc_feat_kit *kit, const char *name, int w, int h, int kind)
{
    static vx_uint8 img[MAXW * MAXH];
    int y;
    fill_image(img, w, h, kind);
    for (y = 1; y + 1 < h; y++) {
        static vx_int16 ax[MAXW + 2 * PAD], ay[MAXW + 2 * PAD], bx[MAXW + 2 * PAD], by[MAXW + 2 * PAD];
        static vx_int32 am[MAXW + 2 * PAD], bm[MAXW + 2 * PAD];
        int l2;
        memset(ax, 0x5a, sizeof(ax)), memset(ay, 0x5a, sizeof(ay)), memset(bx, 0x5a, sizeof(bx)),
            memset(by, 0x5a, sizeof(by));
        {
            static vx_int32 p[2][3][MAXW + 2 * PAD];
            vx_uint32 x0 = 1 + (vx_uint32)(rnd() % 2), x1 = (vx_uint32)w - 1 - (vx_uint32)(rnd() % 2);
            memset(p, 0x5a, sizeof(p));
            if (x1 > x0) {
                ref->sobel3_prod_row(img + y * w, w, x0, x1, p[0][0] + PAD, p[0][1] + PAD, p[0][2] + PAD);
                kit->sobel3_prod_row(img + y * w, w, x0, x1, p[1][0] + PAD, p[1][1] + PAD, p[1][2] + PAD);
            }
            check(!memcmp(p[0], p[1], sizeof(p[0])), "sobel3_prod_row", name, w, kind, y);
        }
        for (l2 = 0; l2 < 2; l2++) {
            memset(am, 0x5a, sizeof(am)), memset(bm, 0x5a, sizeof(bm));
            ref->canny_grad3_row(img + y * w, w, (vx_uint32)w, l2, ax + PAD, ay + PAD, am + PAD);
            kit->canny_grad3_row(img + y * w, w, (vx_uint32)w, l2, bx + PAD, by + PAD, bm + PAD);
            check(!memcmp(ax, bx, sizeof(ax)) && !memcmp(ay, by, sizeof(ay)) && !memcmp(am, bm, sizeof(am)),
                  "canny_grad3_row", name, w, kind, l2);
        }
    }
    if (w >= 7 && h >= 7)
        for (y = 3; y + 3 < h; y++) {
            static vx_uint8 as[MAXW + 2 * PAD], bs[MAXW + 2 * PAD];
            static const vx_int32 ts[] = {0, 1, 10, 40, 100, 254, 255};
            size_t ti;
            int x;
            for (ti = 0; ti < sizeof(ts) / sizeof(ts[0]); ti++) {
                memset(as, 0xa5, sizeof(as)), memset(bs, 0xa5, sizeof(bs));
                ref->fast9_row_u8(img + y * w, w, (vx_uint32)w, ts[ti], as + PAD);
                kit->fast9_row_u8(img + y * w, w, (vx_uint32)w, ts[ti], bs + PAD);
                check(!memcmp(as, bs, sizeof(as)), "fast9_row_u8", name, w, kind, ts[ti]);
                for (x = 0; x < w; x++) nonzero += as[PAD + x] != 0;
            }
        }
}

/* Canny NMS on random magnitudes / gradients (and extreme ones). */
static void test_nms(const ovxc_feat_kit *ref, const ovxc_feat_kit *kit, const char *name, int w, int mode)
{
    static vx_int16 gx[MAXW + 2 * PAD], gy[MAXW + 2 * PAD];
    static vx_int32 m[3][MAXW + 2 * PAD];
    static vx_uint8 a[MAXW + 2 * PAD], b[MAXW + 2 * PAD];
    static const vx_int32 los[] = {0, 3, 100, 1000, 2147483647}, his[] = {0, 5, 300, 2000000, 2147483647};
    int i, r, li;
    for (i = 0; i < MAXW + 2 * PAD; i++) {
        gx[i] = (vx_int16)(mode == 2 ? ((rnd() & 1) ? 1020 : -1020) : (int)(rnd() % 2041) - 1020);
        gy[i] = (vx_int16)(mode == 2 ? ((rnd() & 1) ? 1020 : -1020) : (int)(rnd() % 2041) - 1020);
        if (mode == 1 && (rnd() & 3) == 0) gx[i] = 0;
        if (mode == 1 && (rnd() & 3) == 1) gy[i] = 0;
        if (mode == 1 && (rnd() & 7) == 2) gy[i] = (vx_int16)((rnd() & 1) ? gx[i] : -gx[i]);
        for (r = 0; r < 3; r++)
            m[r][i] = mode == 0 ? (vx_int32)(rnd() % 2100000) : (vx_int32)(rnd() % 8) * (mode == 2 ? 300000 : 50);
    }
    for (li = 0; li < 5; li++) {
        vx_uint32 x0 = 1 + (vx_uint32)(rnd() % 3), x1 = (vx_uint32)w - 1 - (vx_uint32)(rnd() % 3);
        int x;
        if (x1 <= x0) continue;
        memset(a, 0xa5, sizeof(a)), memset(b, 0xa5, sizeof(b));
        ref->canny_nms_row(gx + PAD, gy + PAD, m[0] + PAD, m[1] + PAD, m[2] + PAD, x0, x1, los[li], his[li], a + PAD);
        kit->canny_nms_row(gx + PAD, gy + PAD, m[0] + PAD, m[1] + PAD, m[2] + PAD, x0, x1, los[li], his[li], b + PAD);
        check(!memcmp(a, b, sizeof(a)), "canny_nms_row", name, w, mode, li);
        for (x = (int)x0; x < (int)x1; x++) nonzero += a[PAD + x] != 0;
    }
}

/* Harris rows on random / extreme gradients. */
static void test_harris(const ovxc_feat_kit *ref, const ovxc_feat_kit *kit, const char *name, int w, int mode)
{
    static const double ks[] = {0.04, 0.15, -0.5, 0.0}, ths[] = {0.0, 1e-6, -1.0, 1e-3};
    static const int bsz[] = {3, 5, 7};
    static vx_float32 a[MAXW + 2 * PAD], b[MAXW + 2 * PAD], c[MAXW + 2 * PAD];
    static vx_int32 tmp[3 * (MAXW + 16)];
    static vx_float64 tmpd[3 * (MAXW + 16)];
    static vx_int32 g32[2][8][MAXW + 2 * PAD], prod[3][8][MAXW + 2 * PAD];
    int i, r, bi, ki;
    for (r = 0; r < 8; r++)
        for (i = 0; i < MAXW + 2 * PAD; i++) {
            int vx = mode == 2 ? ((rnd() & 1) ? 1020 : -1020) : (int)(rnd() % 2041) - 1020;
            int vy = mode == 2 ? ((rnd() & 1) ? 1020 : -1020) : (int)(rnd() % 2041) - 1020;
            if (mode == 1) vx = (int)(rnd() % 21) - 10, vy = (rnd() & 1) ? vx : (int)(rnd() % 21) - 10;
            g32[0][r][i] = vx, g32[1][r][i] = vy;
            prod[0][r][i] = vx * vx, prod[1][r][i] = vy * vy, prod[2][r][i] = vx * vy;
        }
    for (bi = 0; bi < 3; bi++)
        for (ki = 0; ki < 4; ki++) {
            int bs = bsz[bi], rb = bs / 2, x;
            const vx_int32 *pxx[7], *pyy[7], *pxy[7];
            const vx_int32 *qx[7], *qy[7];
            double norm = 4.0 * 255.0 * bs, scale = 1.0 / (norm * norm);
            vx_uint32 x0 = (vx_uint32)(rb + rnd() % 3), x1 = (vx_uint32)(w - rb) - (vx_uint32)(rnd() % 3);
            if (x1 <= x0) continue;
            for (r = 0; r < bs; r++) {
                pxx[r] = prod[0][r] + PAD, pyy[r] = prod[1][r] + PAD, pxy[r] = prod[2][r] + PAD;
                qx[r] = g32[0][r] + PAD, qy[r] = g32[1][r] + PAD;
            }
            memset(a, 0x5a, sizeof(a)), memset(b, 0x5a, sizeof(b)), memset(c, 0x5a, sizeof(c));
            ref->harris_row_p32(pxx, pyy, pxy, bs, x0, x1, scale, ks[ki], ths[ki], tmp, a + PAD);
            kit->harris_row_p32(pxx, pyy, pxy, bs, x0, x1, scale, ks[ki], ths[ki], tmp, b + PAD);
            ovxc_harris_row_s32(qx, qy, bs, x0, x1, scale, ks[ki], ths[ki], tmpd, c + PAD);
            check(!memcmp(a, b, sizeof(a)), "harris_row_p32", name, w, mode, bs * 10 + ki);
            check(!memcmp(a, c, sizeof(a)), "harris_row_p32 vs s32", name, w, mode, bs * 10 + ki);
            for (x = (int)x0; x < (int)x1; x++) nonzero += a[PAD + x] != 0.0f;
        }
}

/* Harris rows with 3x3 blocks, every x0 in 1..3 and row length 1..70: the
 * AVX2 row keeps the column sums in registers while 16 columns remain (the
 * rest through tmp), so every split between the two paths is seen. */
static void test_harris3_sweep(const ovxc_feat_kit *ref, const ovxc_feat_kit *kit, const char *name)
{
    static vx_float32 a[MAXW + 2 * PAD], b[MAXW + 2 * PAD];
    static vx_int32 tmp[3 * (MAXW + 16)], prod[3][3][MAXW + 2 * PAD];
    const double scale = 1.0 / ((4.0 * 255.0 * 3) * (4.0 * 255.0 * 3));
    const vx_int32 *pxx[3], *pyy[3], *pxy[3];
    int i, r, len, x0, x;
    for (r = 0; r < 3; r++) {
        for (i = 0; i < MAXW + 2 * PAD; i++) {
            int vx = (int)(rnd() % 2041) - 1020, vy = (int)(rnd() % 2041) - 1020;
            prod[0][r][i] = vx * vx, prod[1][r][i] = vy * vy, prod[2][r][i] = vx * vy;
        }
        pxx[r] = prod[0][r] + PAD, pyy[r] = prod[1][r] + PAD, pxy[r] = prod[2][r] + PAD;
    }
    for (x0 = 1; x0 <= 3; x0++)
        for (len = 1; len <= 70; len++) {
            vx_uint32 x1 = (vx_uint32)(x0 + len);
            memset(a, 0x5a, sizeof(a)), memset(b, 0x5a, sizeof(b));
            ref->harris_row_p32(pxx, pyy, pxy, 3, (vx_uint32)x0, x1, scale, 0.04, 1e-4, tmp, a + PAD);
            kit->harris_row_p32(pxx, pyy, pxy, 3, (vx_uint32)x0, x1, scale, 0.04, 1e-4, tmp, b + PAD);
            check(!memcmp(a, b, sizeof(a)), "harris_row_p32 3x3 sweep", name, len, x0, 3);
            for (x = x0; x < (int)x1; x++) nonzero += a[PAD + x] != 0.0f;
        }
}

/* Harris's NMS row on floats with many ties (a few distinct values), NaN-free. */
static void test_nms_f32(const ovxc_feat_kit *ref, const ovxc_feat_kit *kit, const char *name, int w, int mode)
{
    static vx_float32 s[3][MAXW + 2 * PAD];
    static vx_uint32 a[MAXW + 2 * PAD], b[MAXW + 2 * PAD];
    static const vx_float32 thr[] = {0.0f, -1.0f, 0.5f, 3.0f};
    int i, r, t;
    for (r = 0; r < 3; r++)
        for (i = 0; i < MAXW + 2 * PAD; i++)
            s[r][i] = mode == 0 ? (vx_float32)(rnd() % 4) : mode == 1 ? (vx_float32)((int)(rnd() % 1000) - 300) / 7.0f
                                                                      : ((rnd() & 3) ? 0.0f : -0.0f);
    for (t = 0; t < 4; t++) {
        vx_uint32 x0 = 1 + (vx_uint32)(rnd() % 3), x1 = (vx_uint32)w - 1 - (vx_uint32)(rnd() % 3), na, nb;
        if (x1 <= x0) continue;
        memset(a, 0, sizeof(a)), memset(b, 0, sizeof(b));
        na = ref->nms_row_f32(s[0] + PAD, s[1] + PAD, s[2] + PAD, x0, x1, thr[t], a);
        nb = kit->nms_row_f32(s[0] + PAD, s[1] + PAD, s[2] + PAD, x0, x1, thr[t], b);
        check(na == nb && !memcmp(a, b, na * sizeof(a[0])), "nms_row_f32", name, w, mode, t);
        nonzero += na;
    }
}

/* FAST's NMS row on u8 scores: mostly 0 (no corner), small values (ties), 1
 * (strength 0) and 255. */
static void test_fast_nms(const ovxc_feat_kit *ref, const ovxc_feat_kit *kit, const char *name, int w, int mode)
{
    static vx_uint8 s[3][MAXW + 2 * PAD];
    static vx_uint32 a[MAXW + 2 * PAD], b[MAXW + 2 * PAD];
    int i, r, nms;
    for (r = 0; r < 3; r++)
        for (i = 0; i < MAXW + 2 * PAD; i++) {
            unsigned v = rnd();
            s[r][i] = (vx_uint8)(mode == 0 ? (v % 3 ? 0 : 1 + (v >> 8) % 4) : mode == 1 ? v : (v & 1 ? 0 : (v & 2 ? 255 : 1)));
        }
    for (nms = 0; nms < 2; nms++) {
        vx_uint32 x0 = 1 + (vx_uint32)(rnd() % 3), x1 = (vx_uint32)w - 1 - (vx_uint32)(rnd() % 3), na, nb;
        if (x1 <= x0) continue;
        memset(a, 0, sizeof(a)), memset(b, 0, sizeof(b));
        na = ref->fast_nms_row(s[0] + PAD, s[1] + PAD, s[2] + PAD, x0, x1, nms, a);
        nb = kit->fast_nms_row(s[0] + PAD, s[1] + PAD, s[2] + PAD, x0, x1, nms, b);
        check(na == nb && !memcmp(a, b, sizeof(a)), "fast_nms_row", name, w, mode, nms);
        nonzero += na;
    }
}

int main(void)
{
    static const int ws[] = {7, 8, 9, 16, 17, 18, 19, 31, 33, 40, 64, 97, 130, 255, 300};
    const ovx_variant *v;
    const ovxc_feat_kit *ref = ovxc_feat_kit_scalar();
    unsigned variants = 0;
    for (v = ovxc_feat_kit_variants(); v->level != OVX_SIMD_NONE; v++) {
        const ovxc_feat_kit *kit = ((ovxc_feat_kit_f)v->fn)();
        size_t wi;
        if (!cpu_has(v->level)) {
            printf("variant %s: not run (the CPU lacks it)\n", v->name);
            continue;
        }
        variants++;
        test_harris3_sweep(ref, kit, v->name);
        for (wi = 0; wi < sizeof(ws) / sizeof(ws[0]); wi++) {
            int kind, mode, rep;
            for (kind = 0; kind < 5; kind++) test_rows(ref, kit, v->name, ws[wi], ws[wi] < 20 ? 7 + kind : 23, kind);
            for (rep = 0; rep < 4; rep++)
                for (mode = 0; mode < 3; mode++) {
                    test_nms(ref, kit, v->name, ws[wi], mode);
                    test_harris(ref, kit, v->name, ws[wi], mode);
                    test_nms_f32(ref, kit, v->name, ws[wi], mode);
                    test_fast_nms(ref, kit, v->name, ws[wi], mode);
                }
        }
    }
    if (variants && nonzero == 0) {
        printf("FAIL every output was zero: the test proves nothing\n");
        failed++;
    }
    printf("features kit: %u variants run, %u nonzero outputs seen\n%u passed, %u failed\n", variants, nonzero, passed,
           failed);
    return failed ? 1 : 0;
}
