/*
 * Conformance tests: family imgext (enhanced vision: LBP, NonMaxSuppression,
 * MatchTemplate).
 *
 * Each function is checked against a plain scalar model written here from
 * the spec's formulas, on seeded random data of several sizes (odd ones
 * included), in every format and border mode, in graph mode and in
 * immediate mode.  Under VX_BORDER_UNDEFINED only the pixels whose whole
 * neighbourhood lies inside the image are compared.  Then a graph of virtual
 * intermediates, valid regions, and the validators' refusals.
 */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

#include "timg.h"

/* Compare got with ref on [e, w - e) x [e, h - e); report the first mismatch. */
static void compare(const timg *ref, const timg *got, int e, int tol, const char *what)
{
    CTS_ASSERT_EQ_INT(got->w, ref->w);
    CTS_ASSERT_EQ_INT(got->h, ref->h);
    for (int y = e; y < ref->h - e; y++)
        for (int x = e; x < ref->w - e; x++) {
            int r = ref->p[y * ref->w + x], g = got->p[y * ref->w + x];
            if (abs(r - g) > tol) {
                cts_fail(__FILE__, __LINE__, 1, "%s %dx%d: pixel (%d,%d) is %d, expected %d", what, ref->w, ref->h, x,
                         y, g, r);
                return;
            }
        }
}

static const int sizes[][2] = {{1, 1}, {2, 3}, {7, 5}, {33, 17}, {640, 480}};
#define NSIZES ((int)(sizeof(sizes) / sizeof(sizes[0])))

static vx_border_t border_of(int i, vx_df_image f)
{
    vx_border_t b;
    memset(&b, 0, sizeof(b));
    switch (i) {
    case 0: b.mode = VX_BORDER_UNDEFINED; break;
    case 1: b.mode = VX_BORDER_REPLICATE; break;
    case 2:
        b.mode = VX_BORDER_CONSTANT;
        if (f == VX_DF_IMAGE_S16)
            b.constant_value.S16 = -1234;
        else
            b.constant_value.U8 = 200;
        break;
    default:
        b.mode = VX_BORDER_CONSTANT;
        b.constant_value.U8 = 0;
    }
    return b;
}
#define NBORDERS 4

/* Reading a test image through a border mode (UNDEFINED read as REPLICATE:
 * those pixels are never compared). */
static int ref_px(const timg *s, int x, int y, const vx_border_t *b)
{
    if (x < 0 || y < 0 || x >= s->w || y >= s->h) {
        if (b->mode == VX_BORDER_CONSTANT) return s->f == VX_DF_IMAGE_S16 ? b->constant_value.S16 : b->constant_value.U8;
        x = x < 0 ? 0 : (x >= s->w ? s->w - 1 : x);
        y = y < 0 ? 0 : (y >= s->h ? s->h - 1 : y);
    }
    return s->p[y * s->w + x];
}

static void run_graph(vx_graph g, vx_node node, const vx_border_t *b)
{
    CTS_ASSERT_VALID(node);
    CTS_ASSERT_STATUS(vxSetNodeAttribute(node, VX_NODE_BORDER, b, sizeof(*b)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseNode(&node), VX_SUCCESS);
}

static void set_immediate_border(vx_context c, const vx_border_t *b)
{
    CTS_ASSERT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, b, sizeof(*b)), VX_SUCCESS);
}

/* ---- reference models ------------------------------------------------------- */

/* spec "LBP": the ring g_0 .. g_7 (dx, dy) of each variant */
static const int ring3[8][2] = {{-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}};
static const int ring5[8][2] = {{-1, -1}, {0, -2}, {1, -1}, {2, 0}, {1, 1}, {0, 2}, {-1, 1}, {-2, 0}};
static const int ringm[8][2] = {{-2, -2}, {0, -2}, {2, -2}, {2, 0}, {2, 2}, {0, 2}, {-2, 2}, {-2, 0}};

static timg ref_lbp(vx_enum format, int ksize, const timg *s, const vx_border_t *b)
{
    timg d = timg_new(s->w, s->h, VX_DF_IMAGE_U8);
    const int(*ring)[2] = format == VX_MLBP ? ringm : (ksize == 5 ? ring5 : ring3);
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            int g[8], gc = ref_px(s, x, y, b), v = 0;
            for (int p = 0; p < 8; p++) g[p] = ref_px(s, x + ring[p][0], y + ring[p][1], b);
            if (format == VX_MLBP) {
                int avg = (g[0] + g[1] + g[2] + g[3] + g[4] + g[5] + g[6] + g[7] + 1) / 8;
                for (int p = 0; p < 8; p++) v |= (g[p] > avg) << p;
            } else {
                int sp[8], u;
                for (int p = 0; p < 8; p++) {
                    sp[p] = g[p] - gc >= 0;
                    v += sp[p] << p;
                }
                u = abs(sp[7] - sp[0]);
                for (int p = 1; p < 8; p++) u += abs(sp[p] - sp[p - 1]);
                if (format == VX_ULBP && u > 2) v = 9;
            }
            d.p[y * s->w + x] = v;
        }
    return d;
}

/* spec "Non-Maxima Suppression": kept iff >= the neighbours above / left and
 * > those below / right; masked pixels are copied and take no part. */
static timg ref_nms(const timg *s, const timg *mask, int win, const vx_border_t *b)
{
    timg d = timg_new(s->w, s->h, s->f);
    int r = win / 2, low = s->f == VX_DF_IMAGE_S16 ? -32768 : 0;
    vx_border_t mb = *b;
    mb.constant_value.U8 = 0; /* outside the image the mask is 0 under a constant border */
    mb.constant_value.S16 = 0;
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            int p = s->p[y * s->w + x], keep = 1;
            if (mask && mask->p[y * s->w + x]) {
                d.p[y * s->w + x] = p;
                continue;
            }
            for (int j = -r; j <= r; j++)
                for (int i = -r; i <= r; i++) {
                    int n;
                    if (i == 0 && j == 0) continue;
                    if (mask && ref_px(mask, x + i, y + j, &mb)) continue;
                    n = ref_px(s, x + i, y + j, b);
                    if (j < 0 || (j == 0 && i < 0)) {
                        if (p < n) keep = 0;
                    } else if (p <= n) {
                        keep = 0;
                    }
                }
            d.p[y * s->w + x] = keep ? p : low;
        }
    return d;
}

/* The tests link without libm: Newton's square root. */
static double sqrt_d(double v)
{
    double r = v > 1.0 ? v : 1.0;
    if (v <= 0.0) return 0.0;
    for (int i = 0; i < 200; i++) {
        double n = 0.5 * (r + v / r);
        if (n == r) break;
        r = n;
    }
    return r;
}

static int sat16(double v)
{
    return v > 32767.0 ? 32767 : (v < -32768.0 ? -32768 : (int)v);
}

/* spec vx_comp_metric_e; means rounded to nearest, the normalised metrics
 * scaled by 2^15, everything saturated to S16. */
static timg ref_match(vx_enum metric, const timg *s, const timg *t)
{
    int ow = s->w - t->w + 1, oh = s->h - t->h + 1;
    double n = (double)t->w * t->h, st2 = 0;
    timg d = timg_new(ow, oh, VX_DF_IMAGE_S16);
    for (int i = 0; i < t->w * t->h; i++) st2 += (double)t->p[i] * t->p[i];
    for (int y = 0; y < oh; y++)
        for (int x = 0; x < ow; x++) {
            double sum = 0, si2 = 0, den, v;
            for (int j = 0; j < t->h; j++)
                for (int i = 0; i < t->w; i++) {
                    int tv = t->p[j * t->w + i], iv = s->p[(y + j) * s->w + x + i];
                    si2 += (double)iv * iv;
                    switch (metric) {
                    case VX_COMPARE_HAMMING: sum += tv ^ iv; break;
                    case VX_COMPARE_L1: sum += abs(tv - iv); break;
                    case VX_COMPARE_L2:
                    case VX_COMPARE_L2_NORM: sum += (double)(tv - iv) * (tv - iv); break;
                    default: sum += (double)tv * iv;
                    }
                }
            if (metric == VX_COMPARE_L2_NORM || metric == VX_COMPARE_CCORR_NORM) {
                den = sqrt_d(st2 * si2);
                v = den > 0 ? sum * 32768.0 / den + 0.5 : (sum > 0 ? 32767.0 : 0.0);
            } else {
                v = sum / n + 0.5;
            }
            d.p[y * ow + x] = sat16(v);
        }
    return d;
}

/* ---- LBP ---------------------------------------------------------------------------- */

static void check_lbp(vx_enum format, int ksize)
{
    vx_context c = cts_context();
    rng_seed(200 + (vx_uint32)format * 7 + (vx_uint32)ksize);
    for (int si = 0; si < NSIZES; si++)
        for (int bi = 0; bi < NBORDERS; bi++)
            for (int mode = 0; mode < 2; mode++) {
                int w = sizes[si][0], h = sizes[si][1];
                int e = bi == 0 ? (format == VX_MLBP || ksize == 5 ? 2 : 1) : 0;
                vx_border_t b = border_of(bi, VX_DF_IMAGE_U8);
                /* few levels: many ties, so s(0) = 1 and the ">" of MLBP matter */
                timg src = (si % 2) ? timg_random_in(w, h, VX_DF_IMAGE_U8, 100, 104) : timg_random(w, h, VX_DF_IMAGE_U8);
                timg ref = ref_lbp(format, ksize, &src, &b), got;
                vx_image in = mk_image(c, &src), out = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_U8);
                CTS_ASSERT_VALID(out);
                if (mode == 0) {
                    vx_graph g = vxCreateGraph(c);
                    CTS_ASSERT_VALID(g);
                    run_graph(g, vxLBPNode(g, in, format, (vx_int8)ksize, out), &b);
                    CTS_EXPECT_STATUS(vxReleaseGraph(&g), VX_SUCCESS);
                } else {
                    set_immediate_border(c, &b);
                    CTS_ASSERT_STATUS(vxuLBP(c, in, format, (vx_int8)ksize, out), VX_SUCCESS);
                }
                got = timg_read(out);
                compare(&ref, &got, e, 0, format == VX_LBP ? "lbp" : (format == VX_MLBP ? "mlbp" : "ulbp"));
                free(src.p);
                free(ref.p);
                free(got.p);
                vxReleaseImage(&in);
                vxReleaseImage(&out);
            }
}

CTS_TEST(KImgext, lbp_3x3, "REQ-0251 REQ-0252 REQ-0255 REQ-0256 REQ-0257 REQ-0258 REQ-0259 REQ-0261")
{
    check_lbp(VX_LBP, 3);
}

CTS_TEST(KImgext, lbp_5x5, "REQ-0251 REQ-0252 REQ-0256 REQ-0257 REQ-0258 REQ-0259")
{
    check_lbp(VX_LBP, 5);
}

CTS_TEST(KImgext, mlbp_5x5, "REQ-0251 REQ-0253 REQ-0257 REQ-0258 REQ-0259")
{
    check_lbp(VX_MLBP, 5);
}

CTS_TEST(KImgext, ulbp_3x3, "REQ-0251 REQ-0254 REQ-0257 REQ-0258 REQ-0259")
{
    check_lbp(VX_ULBP, 3);
}

CTS_TEST(KImgext, ulbp_5x5, "REQ-0251 REQ-0254 REQ-0257 REQ-0258 REQ-0259")
{
    check_lbp(VX_ULBP, 5);
}

/* ---- NonMaxSuppression ------------------------------------------------------------------ */

/* mask_kind: 0 none, 1 U8, 2 U1 */
static void check_nms(vx_df_image f, int mask_kind)
{
    static const int wins[] = {1, 3, 5, 7};
    vx_context c = cts_context();
    rng_seed(300 + (vx_uint32)mask_kind + (f == VX_DF_IMAGE_S16 ? 10u : 0u));
    for (int si = 0; si < NSIZES; si++)
        for (int wi = 0; wi < 4; wi++)
            for (int bi = 0; bi < NBORDERS; bi++)
                for (int mode = 0; mode < 2; mode++) {
                    int w = sizes[si][0], h = sizes[si][1], win = wins[wi], e = bi == 0 ? win / 2 : 0;
                    vx_border_t b = border_of(bi, f);
                    timg src, mask = {0, 0, 0, NULL}, ref, got;
                    vx_image in, out, vmask = NULL;
                    if (win > w || win > h) continue;
                    if (si == NSIZES - 1 && (win == 7 || bi == 3)) continue; /* keep the big image cheap */
                    /* a narrow range makes ties (the >= / > rule) frequent */
                    src = (si + wi) % 2 ? timg_random_in(w, h, f, f == VX_DF_IMAGE_S16 ? -3 : 0, 3) : timg_random(w, h, f);
                    if (mask_kind) {
                        mask = timg_random_in(w, h, mask_kind == 2 ? VX_DF_IMAGE_U1 : VX_DF_IMAGE_U8, 0, 1);
                        if (mask_kind == 1)
                            for (int i = 0; i < w * h; i++) mask.p[i] *= rng_int(1, 255);
                        vmask = mk_image(c, &mask);
                    }
                    ref = ref_nms(&src, mask_kind ? &mask : NULL, win, &b);
                    in = mk_image(c, &src);
                    out = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, f);
                    CTS_ASSERT_VALID(out);
                    if (mode == 0) {
                        vx_graph g = vxCreateGraph(c);
                        CTS_ASSERT_VALID(g);
                        run_graph(g, vxNonMaxSuppressionNode(g, in, vmask, win, out), &b);
                        CTS_EXPECT_STATUS(vxReleaseGraph(&g), VX_SUCCESS);
                    } else {
                        set_immediate_border(c, &b);
                        CTS_ASSERT_STATUS(vxuNonMaxSuppression(c, in, vmask, win, out), VX_SUCCESS);
                    }
                    got = timg_read(out);
                    compare(&ref, &got, e, 0, "nms");
                    free(src.p);
                    free(mask.p);
                    free(ref.p);
                    free(got.p);
                    vxReleaseImage(&in);
                    vxReleaseImage(&out);
                    if (vmask) vxReleaseImage(&vmask);
                }
}

CTS_TEST(KImgext, nms_u8, "REQ-0334 REQ-0337 REQ-0338 REQ-0339 REQ-0341 REQ-0342 REQ-0343")
{
    check_nms(VX_DF_IMAGE_U8, 0);
}

CTS_TEST(KImgext, nms_s16, "REQ-0334 REQ-0335 REQ-0337 REQ-0339 REQ-0341 REQ-0342")
{
    check_nms(VX_DF_IMAGE_S16, 0);
}

CTS_TEST(KImgext, nms_u8_mask_u8, "REQ-0336 REQ-0337 REQ-0340")
{
    check_nms(VX_DF_IMAGE_U8, 1);
}

CTS_TEST(KImgext, nms_s16_mask_u8, "REQ-0335 REQ-0336 REQ-0340")
{
    check_nms(VX_DF_IMAGE_S16, 1);
}

CTS_TEST(KImgext, nms_u8_mask_u1, "REQ-0336 REQ-0340")
{
    check_nms(VX_DF_IMAGE_U8, 2);
}

CTS_TEST(KImgext, nms_s16_mask_u1, "REQ-0335 REQ-0336 REQ-0340")
{
    check_nms(VX_DF_IMAGE_S16, 2);
}

/* ---- MatchTemplate ---------------------------------------------------------------------------- */

static const vx_enum metrics[] = {VX_COMPARE_HAMMING, VX_COMPARE_L1,      VX_COMPARE_L2,
                                  VX_COMPARE_CCORR,   VX_COMPARE_L2_NORM, VX_COMPARE_CCORR_NORM};

static void run_match(vx_context c, vx_enum metric, const timg *src, const timg *tpl, int mode, const char *what)
{
    timg ref = ref_match(metric, src, tpl), got;
    vx_image in = mk_image(c, src), ti = mk_image(c, tpl);
    vx_image out = vxCreateImage(c, (vx_uint32)ref.w, (vx_uint32)ref.h, VX_DF_IMAGE_S16);
    vx_border_t b = border_of(mode == 0 ? 1 : 0, VX_DF_IMAGE_U8);
    int tol = (metric == VX_COMPARE_L2_NORM || metric == VX_COMPARE_CCORR_NORM) ? 1 : 0;
    CTS_ASSERT_VALID(out);
    if (mode == 0) {
        vx_graph g = vxCreateGraph(c);
        CTS_ASSERT_VALID(g);
        run_graph(g, vxMatchTemplateNode(g, in, ti, metric, out), &b);
        CTS_EXPECT_STATUS(vxReleaseGraph(&g), VX_SUCCESS);
    } else {
        CTS_ASSERT_STATUS(vxuMatchTemplate(c, in, ti, metric, out), VX_SUCCESS);
    }
    got = timg_read(out);
    compare(&ref, &got, 0, tol, what);
    free(ref.p);
    free(got.p);
    vxReleaseImage(&in);
    vxReleaseImage(&ti);
    vxReleaseImage(&out);
}

CTS_TEST(KImgext, match_template, "REQ-0277 REQ-0278 REQ-0279 REQ-0280 REQ-0281 REQ-0282 REQ-0283 REQ-0284 "
                                  "REQ-0285 REQ-0286")
{
    static const int pairs[][4] = {{1, 1, 1, 1}, {7, 5, 3, 2}, {33, 17, 5, 7}, {64, 48, 16, 16}, {40, 30, 40, 30},
                                   {300, 9, 255, 1}};
    vx_context c = cts_context();
    rng_seed(400);
    for (int pi = 0; pi < 6; pi++)
        for (int mi = 0; mi < 6; mi++)
            for (int mode = 0; mode < 2; mode++) {
                timg src = timg_random(pairs[pi][0], pairs[pi][1], VX_DF_IMAGE_U8);
                timg tpl = timg_random(pairs[pi][2], pairs[pi][3], VX_DF_IMAGE_U8);
                run_match(c, metrics[mi], &src, &tpl, mode, "match_template");
                free(src.p);
                free(tpl.p);
            }
}

/* Saturation, zero normalisation and an exact match. */
CTS_TEST(KImgext, match_template_extremes, "REQ-0277 REQ-0283")
{
    vx_context c = cts_context();
    timg s255 = timg_new(9, 7, VX_DF_IMAGE_U8), s0 = timg_new(9, 7, VX_DF_IMAGE_U8);
    timg t255 = timg_new(3, 3, VX_DF_IMAGE_U8), t0 = timg_new(3, 3, VX_DF_IMAGE_U8), src, tpl, got;
    vx_image in, ti, out;
    for (int i = 0; i < 63; i++) s255.p[i] = 255;
    for (int i = 0; i < 9; i++) t255.p[i] = 255;
    for (int mi = 0; mi < 6; mi++) {
        run_match(c, metrics[mi], &s255, &t255, 0, "255/255");
        run_match(c, metrics[mi], &s255, &t0, 1, "255/0");
        run_match(c, metrics[mi], &s0, &t0, 0, "0/0");
        run_match(c, metrics[mi], &s0, &t255, 1, "0/255");
    }
    /* the template cut out of the source at (11, 6): L2 is 0 there, CCORR_NORM 2^15 saturated */
    rng_seed(401);
    src = timg_random_in(40, 20, VX_DF_IMAGE_U8, 1, 255);
    tpl = timg_new(8, 8, VX_DF_IMAGE_U8);
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++) tpl.p[j * 8 + i] = src.p[(6 + j) * 40 + 11 + i];
    in = mk_image(c, &src);
    ti = mk_image(c, &tpl);
    out = vxCreateImage(c, 33, 13, VX_DF_IMAGE_S16);
    CTS_ASSERT_STATUS(vxuMatchTemplate(c, in, ti, VX_COMPARE_L2, out), VX_SUCCESS);
    got = timg_read(out);
    CTS_EXPECT_EQ_INT(got.p[6 * 33 + 11], 0);
    free(got.p);
    CTS_ASSERT_STATUS(vxuMatchTemplate(c, in, ti, VX_COMPARE_CCORR_NORM, out), VX_SUCCESS);
    got = timg_read(out);
    CTS_EXPECT_EQ_INT(got.p[6 * 33 + 11], 32767);
    free(got.p);
    vxReleaseImage(&in);
    vxReleaseImage(&ti);
    vxReleaseImage(&out);
    free(src.p);
    free(tpl.p);
    free(s255.p);
    free(s0.p);
    free(t255.p);
    free(t0.p);
}

/* ---- graphs, valid regions, refusals ------------------------------------------------------------ */

/* LBP -> (virtual) -> NMS, and MatchTemplate -> (virtual S16) -> NMS with a U1 mask. */
CTS_TEST(KImgext, virtual_chain, "REQ-0255 REQ-0278 REQ-0338 REQ-0342")
{
    vx_context c = cts_context();
    const int w = 71, h = 43;
    vx_border_t b = border_of(1, VX_DF_IMAGE_U8);
    timg src, tpl, mask, lbp, r1, mt, r2, got;
    vx_image in, ti, mi, v1, v2, o1, o2;
    vx_graph g;
    vx_node n[4];
    rng_seed(500);
    src = timg_random(w, h, VX_DF_IMAGE_U8);
    tpl = timg_random(6, 5, VX_DF_IMAGE_U8);
    mask = timg_random_in(w - 5, h - 4, VX_DF_IMAGE_U1, 0, 1);
    lbp = ref_lbp(VX_ULBP, 5, &src, &b);
    r1 = ref_nms(&lbp, NULL, 3, &b);
    mt = ref_match(VX_COMPARE_L1, &src, &tpl);
    r2 = ref_nms(&mt, &mask, 5, &b);
    in = mk_image(c, &src);
    ti = mk_image(c, &tpl);
    mi = mk_image(c, &mask);
    g = vxCreateGraph(c);
    CTS_ASSERT_VALID(g);
    v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    v2 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    o1 = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_U8);
    o2 = vxCreateImage(c, (vx_uint32)(w - 5), (vx_uint32)(h - 4), VX_DF_IMAGE_S16);
    n[0] = vxLBPNode(g, in, VX_ULBP, 5, v1);
    n[1] = vxNonMaxSuppressionNode(g, v1, NULL, 3, o1);
    n[2] = vxMatchTemplateNode(g, in, ti, VX_COMPARE_L1, v2);
    n[3] = vxNonMaxSuppressionNode(g, v2, mi, 5, o2);
    for (int i = 0; i < 4; i++) {
        CTS_ASSERT_VALID(n[i]);
        CTS_ASSERT_STATUS(vxSetNodeAttribute(n[i], VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
    }
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    for (int run = 0; run < 2; run++) {
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        got = timg_read(o1);
        compare(&r1, &got, 0, 0, "lbp->nms");
        free(got.p);
        got = timg_read(o2);
        compare(&r2, &got, 0, 0, "match->nms");
        free(got.p);
    }
    for (int i = 0; i < 4; i++) vxReleaseNode(&n[i]);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&ti);
    vxReleaseImage(&mi);
    vxReleaseImage(&v1);
    vxReleaseImage(&v2);
    vxReleaseImage(&o1);
    vxReleaseImage(&o2);
    free(src.p);
    free(tpl.p);
    free(mask.p);
    free(lbp.p);
    free(r1.p);
    free(mt.p);
    free(r2.p);
}

static void expect_rect(vx_image img, vx_uint32 sx, vx_uint32 sy, vx_uint32 ex, vx_uint32 ey)
{
    vx_rectangle_t r;
    CTS_ASSERT_STATUS(vxGetValidRegionImage(img, &r), VX_SUCCESS);
    CTS_EXPECT_MSG(r.start_x == sx && r.start_y == sy && r.end_x == ex && r.end_y == ey,
                   "valid region {%u,%u,%u,%u}, expected {%u,%u,%u,%u}", r.start_x, r.start_y, r.end_x, r.end_y, sx,
                   sy, ex, ey);
}

CTS_TEST(KImgext, valid_regions, "REQ-0259 REQ-0284 REQ-0342")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 33, 17, VX_DF_IMAGE_U8), out = vxCreateImage(c, 33, 17, VX_DF_IMAGE_U8);
    vx_image mask = vxCreateImage(c, 33, 17, VX_DF_IMAGE_U1), tpl = vxCreateImage(c, 5, 4, VX_DF_IMAGE_U8);
    vx_image mout = vxCreateImage(c, 29, 14, VX_DF_IMAGE_S16);
    vx_border_t und = border_of(0, VX_DF_IMAGE_U8), rep = border_of(1, VX_DF_IMAGE_U8);
    vx_rectangle_t full = {0, 0, 33, 17}, shr = {3, 1, 30, 17}, mrect = {0, 2, 33, 16};
    vx_graph g;
    vx_pixel_value_t zero;
    memset(&zero, 0, sizeof(zero));
    CTS_ASSERT_VALID(mout);
    CTS_ASSERT_STATUS(vxSetImagePixelValues(in, &zero), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetImagePixelValues(mask, &zero), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetImagePixelValues(tpl, &zero), VX_SUCCESS);
    /* LBP under UNDEFINED loses the ring's radius: 1 (3x3), 2 (5x5, MLBP) */
    set_immediate_border(c, &und);
    CTS_ASSERT_STATUS(vxuLBP(c, in, VX_LBP, 3, out), VX_SUCCESS);
    expect_rect(out, 1, 1, 32, 16);
    CTS_ASSERT_STATUS(vxuLBP(c, in, VX_MLBP, 5, out), VX_SUCCESS);
    expect_rect(out, 2, 2, 31, 15);
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(in, &shr), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxuLBP(c, in, VX_ULBP, 5, out), VX_SUCCESS);
    expect_rect(out, 5, 3, 28, 15);
    /* NMS: input and mask valid regions met, then shrunk by win / 2 */
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(mask, &mrect), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxuNonMaxSuppression(c, in, mask, 5, out), VX_SUCCESS);
    expect_rect(out, 5, 4, 28, 14);
    CTS_ASSERT_STATUS(vxuNonMaxSuppression(c, in, NULL, 3, out), VX_SUCCESS);
    expect_rect(out, 4, 2, 29, 16);
    /* ... and kept whole under a defined border */
    set_immediate_border(c, &rep);
    CTS_ASSERT_STATUS(vxuLBP(c, in, VX_LBP, 5, out), VX_SUCCESS);
    expect_rect(out, 3, 1, 30, 17);
    CTS_ASSERT_STATUS(vxuNonMaxSuppression(c, in, mask, 5, out), VX_SUCCESS);
    expect_rect(out, 3, 2, 30, 16);
    /* MatchTemplate: the positions where the template covers valid source pixels */
    CTS_ASSERT_STATUS(vxuMatchTemplate(c, in, tpl, VX_COMPARE_L2, mout), VX_SUCCESS);
    expect_rect(mout, 3, 1, 26, 14);
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(in, &full), VX_SUCCESS);
    g = vxCreateGraph(c);
    CTS_ASSERT_VALID(g);
    run_graph(g, vxMatchTemplateNode(g, in, tpl, VX_COMPARE_HAMMING, mout), &und);
    expect_rect(mout, 0, 0, 29, 14);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&mask);
    vxReleaseImage(&tpl);
    vxReleaseImage(&mout);
}

static void expect_verify(vx_graph g, vx_node n, vx_status expected)
{
    if (vxGetStatus((vx_reference)n) == VX_SUCCESS) {
        CTS_EXPECT_STATUS(vxVerifyGraph(g), expected);
        vxReleaseNode(&n);
    } else {
        CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    }
    vxReleaseGraph(&g);
}

CTS_TEST(KImgext, refusals, "REQ-0256 REQ-0257 REQ-0258 REQ-0259 REQ-0279 REQ-0280 REQ-0281 REQ-0283 REQ-0284 "
                            "REQ-0339 REQ-0340 REQ-0341 REQ-0342")
{
    vx_context c = cts_context();
    vx_image u8 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8), u8b = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_image u8s = vxCreateImage(c, 15, 8, VX_DF_IMAGE_U8), s16 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_S16);
    vx_image u1 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U1), rgb = vxCreateImage(c, 16, 8, VX_DF_IMAGE_RGB);
    vx_image t4 = vxCreateImage(c, 4, 3, VX_DF_IMAGE_U8), big = vxCreateImage(c, 300, 300, VX_DF_IMAGE_U8);
    vx_image m13 = vxCreateImage(c, 13, 6, VX_DF_IMAGE_S16), m13u8 = vxCreateImage(c, 13, 6, VX_DF_IMAGE_U8);
    vx_image m12 = vxCreateImage(c, 12, 6, VX_DF_IMAGE_S16), bigout = vxCreateImage(c, 1, 1, VX_DF_IMAGE_S16);
    vx_image m21 = vxCreateImage(c, 2, 1, VX_DF_IMAGE_S16);
    vx_graph g;
#define EXPECT_VERIFY(call, st)        \
    do {                               \
        g = vxCreateGraph(c);          \
        expect_verify(g, call, st);    \
    } while (0)
    /* LBP */
    EXPECT_VERIFY(vxLBPNode(g, s16, VX_LBP, 3, u8), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxLBPNode(g, u1, VX_LBP, 3, u8), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxLBPNode(g, u8, VX_LBP, 3, s16), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxLBPNode(g, u8, VX_LBP, 3, u8s), VX_ERROR_INVALID_DIMENSION);
    EXPECT_VERIFY(vxLBPNode(g, u8, VX_COMPARE_L1, 3, u8b), VX_ERROR_INVALID_VALUE);
    EXPECT_VERIFY(vxLBPNode(g, u8, VX_LBP, 4, u8b), VX_ERROR_INVALID_VALUE);
    EXPECT_VERIFY(vxLBPNode(g, u8, VX_ULBP, 7, u8b), VX_ERROR_INVALID_VALUE);
    EXPECT_VERIFY(vxLBPNode(g, u8, VX_MLBP, 3, u8b), VX_ERROR_INVALID_VALUE);
    EXPECT_VERIFY(vxLBPNode(g, u8, VX_LBP, 3, NULL), VX_ERROR_NOT_SUFFICIENT);
    /* NonMaxSuppression */
    EXPECT_VERIFY(vxNonMaxSuppressionNode(g, rgb, NULL, 3, u8), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxNonMaxSuppressionNode(g, u8, NULL, 3, s16), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxNonMaxSuppressionNode(g, u8, s16, 3, u8b), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxNonMaxSuppressionNode(g, u8, u8s, 3, u8b), VX_ERROR_INVALID_DIMENSION);
    EXPECT_VERIFY(vxNonMaxSuppressionNode(g, u8, NULL, 3, u8s), VX_ERROR_INVALID_DIMENSION);
    EXPECT_VERIFY(vxNonMaxSuppressionNode(g, u8, NULL, 4, u8b), VX_ERROR_INVALID_VALUE);
    EXPECT_VERIFY(vxNonMaxSuppressionNode(g, u8, NULL, 0, u8b), VX_ERROR_INVALID_VALUE);
    EXPECT_VERIFY(vxNonMaxSuppressionNode(g, u8, NULL, -3, u8b), VX_ERROR_INVALID_VALUE);
    EXPECT_VERIFY(vxNonMaxSuppressionNode(g, u8, NULL, 9, u8b), VX_ERROR_INVALID_VALUE); /* > height 8 */
    EXPECT_VERIFY(vxNonMaxSuppressionNode(g, u8, u1, 7, u8b), VX_SUCCESS);
    /* MatchTemplate */
    EXPECT_VERIFY(vxMatchTemplateNode(g, s16, t4, VX_COMPARE_L2, m13), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxMatchTemplateNode(g, u8, u1, VX_COMPARE_L2, m13), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxMatchTemplateNode(g, u8, t4, VX_COMPARE_L2, m13u8), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxMatchTemplateNode(g, u8, t4, VX_COMPARE_L2, m12), VX_ERROR_INVALID_DIMENSION);
    EXPECT_VERIFY(vxMatchTemplateNode(g, u8, u8s, VX_COMPARE_L2, m21), VX_SUCCESS); /* 2 x 1 output */
    EXPECT_VERIFY(vxMatchTemplateNode(g, u8s, u8, VX_COMPARE_L2, m13), VX_ERROR_INVALID_DIMENSION);
    EXPECT_VERIFY(vxMatchTemplateNode(g, big, big, VX_COMPARE_L2, bigout), VX_ERROR_INVALID_DIMENSION);
    EXPECT_VERIFY(vxMatchTemplateNode(g, u8, t4, VX_LBP, m13), VX_ERROR_INVALID_VALUE);
    EXPECT_VERIFY(vxMatchTemplateNode(g, u8, t4, VX_COMPARE_CCORR, m13), VX_SUCCESS);
#undef EXPECT_VERIFY
    /* immediate mode reports the same refusals */
    CTS_EXPECT_STATUS(vxuLBP(c, u8, VX_LBP, 4, u8b), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(vxuNonMaxSuppression(c, s16, NULL, 3, u8), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(vxuMatchTemplate(c, u8, t4, VX_COMPARE_L2, m12), VX_ERROR_INVALID_DIMENSION);
    vxReleaseImage(&u8);
    vxReleaseImage(&u8b);
    vxReleaseImage(&u8s);
    vxReleaseImage(&s16);
    vxReleaseImage(&u1);
    vxReleaseImage(&rgb);
    vxReleaseImage(&t4);
    vxReleaseImage(&big);
    vxReleaseImage(&m13);
    vxReleaseImage(&m13u8);
    vxReleaseImage(&m12);
    vxReleaseImage(&bigout);
    vxReleaseImage(&m21);
}

/* A scalar of the wrong type set through the generic node API. */
CTS_TEST(KImgext, refuse_scalar_types, "REQ-0258 REQ-0281 REQ-0341")
{
    static const vx_enum kernels[] = {VX_KERNEL_LBP, VX_KERNEL_NON_MAX_SUPPRESSION, VX_KERNEL_MATCH_TEMPLATE};
    vx_context c = cts_context();
    vx_image u8 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8), out = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_image tpl = vxCreateImage(c, 3, 3, VX_DF_IMAGE_U8), mout = vxCreateImage(c, 14, 6, VX_DF_IMAGE_S16);
    vx_float32 fv = 3.0f;
    vx_enum lbp = VX_LBP;
    vx_scalar sf = vxCreateScalar(c, VX_TYPE_FLOAT32, &fv), se = vxCreateScalar(c, VX_TYPE_ENUM, &lbp);
    for (int k = 0; k < 3; k++) {
        vx_graph g = vxCreateGraph(c);
        vx_kernel kern = vxGetKernelByEnum(c, kernels[k]);
        vx_node n;
        vx_uint32 np = 0;
        CTS_ASSERT_VALID(kern);
        CTS_ASSERT_STATUS(vxQueryKernel(kern, VX_KERNEL_PARAMETERS, &np, sizeof(np)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(np, 4);
        n = vxCreateGenericNode(g, kern);
        CTS_ASSERT_VALID(n);
        CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 0, (vx_reference)u8), VX_SUCCESS);
        if (k == 0) {
            CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 1, (vx_reference)se), VX_SUCCESS);
            CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 2, (vx_reference)sf), VX_SUCCESS);
            CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 3, (vx_reference)out), VX_SUCCESS);
        } else if (k == 1) {
            CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 2, (vx_reference)sf), VX_SUCCESS);
            CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 3, (vx_reference)out), VX_SUCCESS);
        } else {
            CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 1, (vx_reference)tpl), VX_SUCCESS);
            CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 2, (vx_reference)sf), VX_SUCCESS);
            CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 3, (vx_reference)mout), VX_SUCCESS);
        }
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_TYPE);
        vxReleaseNode(&n);
        vxReleaseKernel(&kern);
        vxReleaseGraph(&g);
    }
    vxReleaseScalar(&sf);
    vxReleaseScalar(&se);
    vxReleaseImage(&u8);
    vxReleaseImage(&out);
    vxReleaseImage(&tpl);
    vxReleaseImage(&mout);
}

CTS_TEST(KImgext, kernels_and_bad_references, "REQ-0261 REQ-0285 REQ-0343 REQ-1715 REQ-1716 REQ-1726")
{
    static const char *names[] = {"org.khronos.openvx.lbp", "org.khronos.openvx.non_max_suppression",
                                  "org.khronos.openvx.match_template"};
    static const vx_enum enums[] = {VX_KERNEL_LBP, VX_KERNEL_NON_MAX_SUPPRESSION, VX_KERNEL_MATCH_TEMPLATE};
    vx_context c = cts_context();
    vx_image u8 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    for (int k = 0; k < 3; k++) {
        vx_kernel kern = vxGetKernelByName(c, names[k]);
        vx_enum e = 0;
        CTS_ASSERT_VALID(kern);
        CTS_EXPECT_STATUS(vxQueryKernel(kern, VX_KERNEL_ENUM, &e, sizeof(e)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(e, enums[k]);
        vxReleaseKernel(&kern);
    }
    /* no crash on NULL graph / context / images */
    {
        vx_node n = vxLBPNode(NULL, u8, VX_LBP, 3, u8);
        CTS_EXPECT(vxGetStatus((vx_reference)n) != VX_SUCCESS);
        n = vxNonMaxSuppressionNode(NULL, u8, NULL, 3, u8);
        CTS_EXPECT(vxGetStatus((vx_reference)n) != VX_SUCCESS);
        n = vxMatchTemplateNode(NULL, u8, u8, VX_COMPARE_L2, u8);
        CTS_EXPECT(vxGetStatus((vx_reference)n) != VX_SUCCESS);
    }
    CTS_EXPECT_STATUS(vxuLBP(NULL, u8, VX_LBP, 3, u8), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxuNonMaxSuppression(NULL, u8, NULL, 3, u8), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxuMatchTemplate(NULL, u8, u8, VX_COMPARE_L2, u8), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(vxuLBP(c, NULL, VX_LBP, 3, u8) != VX_SUCCESS);
    CTS_EXPECT(vxuNonMaxSuppression(c, u8, NULL, 3, NULL) != VX_SUCCESS);
    CTS_EXPECT(vxuMatchTemplate(c, u8, NULL, VX_COMPARE_L2, u8) != VX_SUCCESS);
    CTS_EXPECT(vxuLBP(c, (vx_image)c, VX_LBP, 3, u8) != VX_SUCCESS);
    vxReleaseImage(&u8);
}

CTS_TABLE(k_imgext) = {
    CTS_ENTRY(KImgext, lbp_3x3),
    CTS_ENTRY(KImgext, lbp_5x5),
    CTS_ENTRY(KImgext, mlbp_5x5),
    CTS_ENTRY(KImgext, ulbp_3x3),
    CTS_ENTRY(KImgext, ulbp_5x5),
    CTS_ENTRY(KImgext, nms_u8),
    CTS_ENTRY(KImgext, nms_s16),
    CTS_ENTRY(KImgext, nms_u8_mask_u8),
    CTS_ENTRY(KImgext, nms_s16_mask_u8),
    CTS_ENTRY(KImgext, nms_u8_mask_u1),
    CTS_ENTRY(KImgext, nms_s16_mask_u1),
    CTS_ENTRY(KImgext, match_template),
    CTS_ENTRY(KImgext, match_template_extremes),
    CTS_ENTRY(KImgext, virtual_chain),
    CTS_ENTRY(KImgext, valid_regions),
    CTS_ENTRY(KImgext, refusals),
    CTS_ENTRY(KImgext, refuse_scalar_types),
    CTS_ENTRY(KImgext, kernels_and_bad_references),
    CTS_TABLE_END,
};
