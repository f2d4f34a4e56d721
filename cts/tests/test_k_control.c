/*
 * Family control (enhanced vision: Min, Max, Copy, Select, ScalarOperation):
 * graph and immediate tests against scalar models written here from the
 * spec's formulas, virtual intermediates, and the validators' refusals.
 */
#include "../runner/cts.h"

#include <VX/vx_khr_user_data_object.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTS_EXPECT_VALID(ref) CTS_EXPECT_STATUS(vxGetStatus((vx_reference)(ref)), VX_SUCCESS)

static vx_uint32 rng_state = 12345u;
static vx_uint32 rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

/* ---- images as host buffers (one plane, U8/S16) ---------------------------- */

typedef struct {
    vx_df_image fmt;
    vx_uint32 w, h;
    vx_int32 *v; /* pixel values */
} himg;

static himg h_random(vx_df_image fmt, vx_uint32 w, vx_uint32 h)
{
    himg m;
    m.fmt = fmt;
    m.w = w;
    m.h = h;
    m.v = (vx_int32 *)malloc(sizeof(vx_int32) * w * h);
    for (vx_uint32 i = 0; i < w * h; i++) {
        vx_uint32 r = rnd();
        /* many ties too: equal pixels must give that value */
        if ((r & 7) == 0) r = 100;
        m.v[i] = fmt == VX_DF_IMAGE_U8 ? (vx_int32)(r & 0xFF) : (vx_int32)(vx_int16)(vx_uint16)(r & 0xFFFF);
    }
    return m;
}

static void h_write(const himg *m, vx_image img)
{
    vx_rectangle_t r = {0, 0, m->w, m->h};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    void *p = NULL;
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    for (vx_uint32 y = 0; y < m->h; y++)
        for (vx_uint32 x = 0; x < m->w; x++) {
            void *px = vxFormatImagePatchAddress2d(p, x, y, &a);
            if (m->fmt == VX_DF_IMAGE_U8) *(vx_uint8 *)px = (vx_uint8)m->v[y * m->w + x];
            else *(vx_int16 *)px = (vx_int16)m->v[y * m->w + x];
        }
    CTS_ASSERT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
}

static vx_image h_image(vx_context c, const himg *m)
{
    vx_image img = vxCreateImage(c, m->w, m->h, m->fmt);
    CTS_ASSERT_VALID(img);
    h_write(m, img);
    return img;
}

/* Compare img with the model values want; report the first difference. */
static int h_check(vx_image img, const himg *want, const char *what)
{
    vx_rectangle_t r = {0, 0, want->w, want->h};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    void *p = NULL;
    int ok = 1;
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    for (vx_uint32 y = 0; y < want->h && ok; y++)
        for (vx_uint32 x = 0; x < want->w && ok; x++) {
            void *px = vxFormatImagePatchAddress2d(p, x, y, &a);
            vx_int32 got = want->fmt == VX_DF_IMAGE_U8 ? *(vx_uint8 *)px : *(vx_int16 *)px;
            if (got != want->v[y * want->w + x]) {
                CTS_EXPECT_MSG(0, "%s %ux%u: pixel (%u,%u) is %d, expected %d", what, want->w, want->h, x, y, got,
                               want->v[y * want->w + x]);
                ok = 0;
            }
        }
    CTS_ASSERT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    return ok;
}

/* Model of Min/Max: out[i,j] = in1 > in2 ? in1 : in2 (Max), < for Min. */
static himg h_minmax(const himg *a, const himg *b, int is_max)
{
    himg o = *a;
    o.v = (vx_int32 *)malloc(sizeof(vx_int32) * a->w * a->h);
    for (vx_uint32 i = 0; i < a->w * a->h; i++)
        o.v[i] = is_max ? (a->v[i] > b->v[i] ? a->v[i] : b->v[i]) : (a->v[i] < b->v[i] ? a->v[i] : b->v[i]);
    return o;
}

static const vx_uint32 sizes[][2] = {{1, 1}, {7, 5}, {33, 17}, {640, 480}};

CTS_TEST(KControl, min_max, "REQ-0287 REQ-0288 REQ-0289 REQ-0290 REQ-0291 REQ-0292")
{
    vx_context ctx = cts_context();
    static const vx_df_image fmts[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_S16};
    for (int is_max = 0; is_max < 2; is_max++)
        for (size_t f = 0; f < 2; f++)
            for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
                for (int mode = 0; mode < 2; mode++) {
                    vx_uint32 w = sizes[s][0], h = sizes[s][1];
                    char what[64];
                    himg a = h_random(fmts[f], w, h), b = h_random(fmts[f], w, h), want = h_minmax(&a, &b, is_max);
                    vx_image ia = h_image(ctx, &a), ib = h_image(ctx, &b);
                    vx_image io = vxCreateImage(ctx, w, h, fmts[f]);
                    snprintf(what, sizeof(what), "%s %s %s", is_max ? "Max" : "Min", f ? "S16" : "U8",
                             mode ? "immediate" : "graph");
                    if (mode) {
                        CTS_EXPECT_STATUS(is_max ? vxuMax(ctx, ia, ib, io) : vxuMin(ctx, ia, ib, io), VX_SUCCESS);
                    } else {
                        vx_graph g = vxCreateGraph(ctx);
                        vx_node n = is_max ? vxMaxNode(g, ia, ib, io) : vxMinNode(g, ia, ib, io);
                        CTS_EXPECT_VALID(n);
                        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
                        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
                        vxReleaseNode(&n);
                        vxReleaseGraph(&g);
                    }
                    h_check(io, &want, what);
                    vxReleaseImage(&ia);
                    vxReleaseImage(&ib);
                    vxReleaseImage(&io);
                    free(a.v);
                    free(b.v);
                    free(want.v);
                }
}

/* max(min(a, b), c) through a virtual image whose format and size the Min
 * validator gives; then a copy of the result through a second virtual. */
CTS_TEST(KControl, virtual_chain, "REQ-0287 REQ-0150 REQ-0154")
{
    vx_context ctx = cts_context();
    for (size_t f = 0; f < 2; f++) {
        vx_df_image fmt = f ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8;
        himg a = h_random(fmt, 33, 17), b = h_random(fmt, 33, 17), c = h_random(fmt, 33, 17);
        himg m = h_minmax(&a, &b, 0), want = h_minmax(&m, &c, 1);
        vx_image ia = h_image(ctx, &a), ib = h_image(ctx, &b), ic = h_image(ctx, &c);
        vx_image out = vxCreateImage(ctx, 33, 17, fmt);
        vx_graph g = vxCreateGraph(ctx);
        vx_image v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
        vx_image v2 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
        vx_node n1 = vxMinNode(g, ia, ib, v1), n2 = vxMaxNode(g, v1, ic, v2), n3 = vxCopyNode(g, (vx_reference)v2,
                                                                                            (vx_reference)out);
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        h_check(out, &want, "min -> virtual -> max -> virtual -> copy");
        /* a second run on new data */
        free(a.v);
        a = h_random(fmt, 33, 17);
        h_write(&a, ia);
        free(m.v);
        free(want.v);
        m = h_minmax(&a, &b, 0);
        want = h_minmax(&m, &c, 1);
        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        h_check(out, &want, "second run");
        vxReleaseNode(&n1);
        vxReleaseNode(&n2);
        vxReleaseNode(&n3);
        vxReleaseImage(&v1);
        vxReleaseImage(&v2);
        vxReleaseGraph(&g);
        vxReleaseImage(&ia);
        vxReleaseImage(&ib);
        vxReleaseImage(&ic);
        vxReleaseImage(&out);
        free(a.v);
        free(b.v);
        free(c.v);
        free(m.v);
        free(want.v);
    }
}

/* vxVerifyGraph of a one-node graph made by make(): the expected status. */
typedef vx_node (*node_maker)(vx_graph g, void *args);

static void expect_verify(vx_context ctx, node_maker make, void *args, vx_status want, const char *what)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = make(g, args);
    vx_status s;
    CTS_EXPECT_MSG(vxGetStatus((vx_reference)n) == VX_SUCCESS, "%s: node creation failed", what);
    cts_log_clear();
    s = vxVerifyGraph(g);
    CTS_EXPECT_MSG(s == want, "%s: vxVerifyGraph gave %s, expected %s", what, cts_status_name(s),
                   cts_status_name(want));
    if (want != VX_SUCCESS) CTS_EXPECT_MSG(cts_log_count() > 0, "%s: no log entry", what);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
}

typedef struct {
    vx_reference r[4];
    int max;
    vx_enum op;
} margs;

static vx_node make_minmax(vx_graph g, void *p)
{
    margs *a = (margs *)p;
    return a->max ? vxMaxNode(g, (vx_image)a->r[0], (vx_image)a->r[1], (vx_image)a->r[2])
                  : vxMinNode(g, (vx_image)a->r[0], (vx_image)a->r[1], (vx_image)a->r[2]);
}

static vx_node make_copy(vx_graph g, void *p)
{
    margs *a = (margs *)p;
    return vxCopyNode(g, a->r[0], a->r[1]);
}

static vx_node make_select(vx_graph g, void *p)
{
    margs *a = (margs *)p;
    return vxSelectNode(g, (vx_scalar)a->r[0], a->r[1], a->r[2], a->r[3]);
}

static vx_node make_scalar_op(vx_graph g, void *p)
{
    margs *a = (margs *)p;
    return vxScalarOperationNode(g, a->op, (vx_scalar)a->r[0], (vx_scalar)a->r[1], (vx_scalar)a->r[2]);
}

CTS_TEST(KControl, min_max_refusals, "REQ-0287 REQ-0289 REQ-0290 REQ-0291")
{
    vx_context ctx = cts_context();
    vx_image u8 = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U8), s16 = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_S16);
    vx_image u8s = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8), u1 = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U1);
    vx_image u16 = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U16), o8 = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U8);
    for (int mx = 0; mx < 2; mx++) {
        margs a1 = {{(vx_reference)u8, (vx_reference)s16, (vx_reference)o8, NULL}, mx, 0};
        expect_verify(ctx, make_minmax, &a1, VX_ERROR_INVALID_FORMAT, "U8 with S16");
        margs a2 = {{(vx_reference)u1, (vx_reference)u1, (vx_reference)u1, NULL}, mx, 0};
        expect_verify(ctx, make_minmax, &a2, VX_ERROR_INVALID_FORMAT, "U1");
        margs a3 = {{(vx_reference)u16, (vx_reference)u16, (vx_reference)u16, NULL}, mx, 0};
        expect_verify(ctx, make_minmax, &a3, VX_ERROR_INVALID_FORMAT, "U16");
        margs a4 = {{(vx_reference)u8, (vx_reference)u8s, (vx_reference)o8, NULL}, mx, 0};
        expect_verify(ctx, make_minmax, &a4, VX_ERROR_INVALID_DIMENSION, "sizes differ");
        margs a5 = {{(vx_reference)u8, (vx_reference)u8, (vx_reference)u8s, NULL}, mx, 0};
        expect_verify(ctx, make_minmax, &a5, VX_ERROR_INVALID_DIMENSION, "output size");
        margs a6 = {{(vx_reference)u8, (vx_reference)u8, (vx_reference)s16, NULL}, mx, 0};
        expect_verify(ctx, make_minmax, &a6, VX_ERROR_INVALID_FORMAT, "output format");
        margs a7 = {{(vx_reference)u8, NULL, (vx_reference)o8, NULL}, mx, 0};
        expect_verify(ctx, make_minmax, &a7, VX_ERROR_NOT_SUFFICIENT, "missing input");
    }
    /* immediate mode reports the same; bad references never crash */
    CTS_EXPECT_STATUS(vxuMin(ctx, u8, s16, o8), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(vxuMax(ctx, u8, u8, u8s), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT(vxuMin(NULL, u8, u8, o8) != VX_SUCCESS);
    CTS_EXPECT(vxuMax(ctx, NULL, u8, o8) != VX_SUCCESS);
    CTS_EXPECT(vxGetStatus((vx_reference)vxMinNode(NULL, u8, u8, o8)) != VX_SUCCESS);
    vxReleaseImage(&u8);
    vxReleaseImage(&s16);
    vxReleaseImage(&u8s);
    vxReleaseImage(&u1);
    vxReleaseImage(&u16);
    vxReleaseImage(&o8);
}

/* ---- Copy: images of every format ------------------------------------------- */

/* Fill every plane of img with random bytes (through maps). */
static void fill_image(vx_image img)
{
    vx_size planes = 0;
    vx_uint32 w = 0, h = 0;
    vxQueryImage(img, VX_IMAGE_PLANES, &planes, sizeof(planes));
    vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof(h));
    for (vx_uint32 p = 0; p < planes; p++) {
        vx_rectangle_t r = {0, 0, w, h};
        vx_imagepatch_addressing_t a;
        vx_map_id id;
        void *ptr = NULL;
        CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, p, &id, &a, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0),
                          VX_SUCCESS);
        for (vx_uint32 y = 0; y < a.dim_y; y += a.step_y)
            for (vx_uint32 x = 0; x < a.dim_x; x += a.step_x) {
                vx_uint8 *px = (vx_uint8 *)vxFormatImagePatchAddress2d(ptr, x, y, &a);
                if (a.stride_x_bits == 1) {
                    vx_uint32 bit = x % 8;
                    *px = (vx_uint8)((*px & ~(1u << bit)) | ((rnd() & 1u) << bit));
                } else {
                    for (vx_int32 k = 0; k < a.stride_x; k++) px[k] = (vx_uint8)rnd();
                }
            }
        CTS_ASSERT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    }
}

/* Are the pixels of a and b (same format and size) identical? */
static int same_pixels(vx_image a, vx_image b, const char *what)
{
    vx_size planes = 0;
    vx_uint32 w = 0, h = 0;
    vxQueryImage(a, VX_IMAGE_PLANES, &planes, sizeof(planes));
    vxQueryImage(a, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(a, VX_IMAGE_HEIGHT, &h, sizeof(h));
    for (vx_uint32 p = 0; p < planes; p++) {
        vx_rectangle_t r = {0, 0, w, h};
        vx_imagepatch_addressing_t aa, ab;
        vx_map_id ia, ib;
        void *pa = NULL, *pb = NULL;
        int ok = 1;
        CTS_ASSERT_STATUS(vxMapImagePatch(a, &r, p, &ia, &aa, &pa, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxMapImagePatch(b, &r, p, &ib, &ab, &pb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
        for (vx_uint32 y = 0; y < aa.dim_y && ok; y += aa.step_y)
            for (vx_uint32 x = 0; x < aa.dim_x && ok; x += aa.step_x) {
                vx_uint8 *qa = (vx_uint8 *)vxFormatImagePatchAddress2d(pa, x, y, &aa);
                vx_uint8 *qb = (vx_uint8 *)vxFormatImagePatchAddress2d(pb, x, y, &ab);
                if (aa.stride_x_bits == 1) {
                    int va = (*qa >> (x % 8)) & 1, vb = (*qb >> (x % 8)) & 1;
                    if (va != vb) ok = 0;
                } else if (memcmp(qa, qb, (size_t)aa.stride_x) != 0) {
                    ok = 0;
                }
                if (!ok) CTS_EXPECT_MSG(0, "%s: plane %u pixel (%u,%u) differs", what, p, x, y);
            }
        vxUnmapImagePatch(a, ia);
        vxUnmapImagePatch(b, ib);
        if (!ok) return 0;
    }
    return 1;
}

static vx_status run_copy(vx_context ctx, vx_reference in, vx_reference out, int immediate)
{
    vx_status s;
    vx_graph g;
    vx_node n;
    if (immediate) return vxuCopy(ctx, in, out);
    g = vxCreateGraph(ctx);
    n = vxCopyNode(g, in, out);
    s = vxVerifyGraph(g);
    if (s == VX_SUCCESS) s = vxProcessGraph(g);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(KControl, copy_images, "REQ-0150 REQ-0152 REQ-0153 REQ-0154 REQ-0155")
{
    vx_context ctx = cts_context();
    static const vx_df_image fmts[] = {VX_DF_IMAGE_U8,   VX_DF_IMAGE_U1,   VX_DF_IMAGE_S16,  VX_DF_IMAGE_U16,
                                       VX_DF_IMAGE_U32,  VX_DF_IMAGE_S32,  VX_DF_IMAGE_RGB,  VX_DF_IMAGE_RGBX,
                                       VX_DF_IMAGE_NV12, VX_DF_IMAGE_NV21, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4,
                                       VX_DF_IMAGE_UYVY, VX_DF_IMAGE_YUYV};
    static const vx_uint32 isz[][2] = {{1, 1}, {7, 5}, {33, 17}, {640, 480}};
    for (size_t f = 0; f < sizeof(fmts) / sizeof(fmts[0]); f++)
        for (size_t s = 0; s < 4; s++)
            for (int mode = 0; mode < 2; mode++) {
                vx_uint32 w = isz[s][0], h = isz[s][1];
                char what[64];
                vx_image in, out;
                vx_rectangle_t valid = {0, 0, 0, 0}, rin;
                /* 4:2:0 and 4:2:2 formats need even sizes */
                if (fmts[f] == VX_DF_IMAGE_NV12 || fmts[f] == VX_DF_IMAGE_NV21 || fmts[f] == VX_DF_IMAGE_IYUV ||
                    fmts[f] == VX_DF_IMAGE_UYVY || fmts[f] == VX_DF_IMAGE_YUYV) {
                    w = (w + 1) & ~1u;
                    h = (h + 1) & ~1u;
                }
                in = vxCreateImage(ctx, w, h, fmts[f]);
                out = vxCreateImage(ctx, w, h, fmts[f]);
                CTS_ASSERT_VALID(in);
                fill_image(in);
                fill_image(out);
                if (w > 2 && h > 2) {
                    /* the valid region travels with the content */
                    vx_rectangle_t r = {1, 1, w - 1, h - 1};
                    CTS_EXPECT_STATUS(vxSetImageValidRectangle(in, &r), VX_SUCCESS);
                }
                snprintf(what, sizeof(what), "copy %.4s %ux%u %s", (const char *)&fmts[f], w, h,
                         mode ? "immediate" : "graph");
                CTS_EXPECT_STATUS(run_copy(ctx, (vx_reference)in, (vx_reference)out, mode), VX_SUCCESS);
                same_pixels(in, out, what);
                vxGetValidRegionImage(in, &rin);
                vxGetValidRegionImage(out, &valid);
                CTS_EXPECT_MSG(memcmp(&rin, &valid, sizeof(valid)) == 0, "%s: valid region not copied", what);
                vxReleaseImage(&in);
                vxReleaseImage(&out);
            }
}

/* Copies into and out of ROIs: U1 ROI writes keep the bits of the root
 * outside the ROI. */
CTS_TEST(KControl, copy_roi, "REQ-0150")
{
    vx_context ctx = cts_context();
    static const vx_df_image fmts[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U1, VX_DF_IMAGE_S16};
    for (size_t f = 0; f < 3; f++) {
        vx_image root = vxCreateImage(ctx, 37, 11, fmts[f]), before = vxCreateImage(ctx, 37, 11, fmts[f]);
        vx_image src = vxCreateImage(ctx, 13, 5, fmts[f]);
        vx_rectangle_t r = {8, 3, 21, 8};
        vx_image roi;
        fill_image(root);
        fill_image(src);
        CTS_EXPECT_STATUS(vxuCopy(ctx, (vx_reference)root, (vx_reference)before), VX_SUCCESS);
        roi = vxCreateImageFromROI(root, &r);
        CTS_ASSERT_VALID(roi);
        CTS_EXPECT_STATUS(run_copy(ctx, (vx_reference)src, (vx_reference)roi, (int)f & 1), VX_SUCCESS);
        same_pixels(src, roi, "into an ROI");
        /* outside the ROI nothing changed: compare every pixel with the model */
        {
            vx_rectangle_t all = {0, 0, 37, 11};
            vx_imagepatch_addressing_t a1, a2, a3;
            vx_map_id m1, m2, m3;
            void *p1 = NULL, *p2 = NULL, *p3 = NULL;
            vx_rectangle_t rs = {0, 0, 13, 5};
            int bad = 0;
            vxMapImagePatch(root, &all, 0, &m1, &a1, &p1, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
            vxMapImagePatch(before, &all, 0, &m2, &a2, &p2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
            vxMapImagePatch(src, &rs, 0, &m3, &a3, &p3, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
            for (vx_uint32 y = 0; y < 11 && !bad; y++)
                for (vx_uint32 x = 0; x < 37 && !bad; x++) {
                    int inside = x >= 8 && x < 21 && y >= 3 && y < 8;
                    const vx_uint8 *got = (const vx_uint8 *)vxFormatImagePatchAddress2d(p1, x, y, &a1);
                    const vx_uint8 *exp = inside ? (const vx_uint8 *)vxFormatImagePatchAddress2d(p3, x - 8, y - 3, &a3)
                                                 : (const vx_uint8 *)vxFormatImagePatchAddress2d(p2, x, y, &a2);
                    if (fmts[f] == VX_DF_IMAGE_U1) {
                        vx_uint32 xe = inside ? x - 8 : x;
                        bad = ((*got >> (x % 8)) & 1) != ((*exp >> (xe % 8)) & 1);
                    } else {
                        bad = memcmp(got, exp, (size_t)a1.stride_x) != 0;
                    }
                    if (bad) CTS_EXPECT_MSG(0, "%.4s root pixel (%u,%u) wrong after an ROI copy",
                                            (const char *)&fmts[f], x, y);
                }
            vxUnmapImagePatch(root, m1);
            vxUnmapImagePatch(before, m2);
            vxUnmapImagePatch(src, m3);
        }
        /* and out of an ROI */
        {
            vx_image back = vxCreateImage(ctx, 13, 5, fmts[f]);
            CTS_EXPECT_STATUS(run_copy(ctx, (vx_reference)roi, (vx_reference)back, 0), VX_SUCCESS);
            same_pixels(roi, back, "out of an ROI");
            vxReleaseImage(&back);
        }
        vxReleaseImage(&roi);
        vxReleaseImage(&root);
        vxReleaseImage(&before);
        vxReleaseImage(&src);
    }
}

/* ---- Copy: every other object type ---------------------------------------- */

static vx_reference make_object(vx_context ctx, vx_enum type, int variant)
{
    vx_size dims[3] = {5, 4, 3};
    switch (type) {
    case VX_TYPE_ARRAY: return (vx_reference)vxCreateArray(ctx, VX_TYPE_COORDINATES2D, 50);
    case VX_TYPE_SCALAR: {
        vx_int32 v = variant;
        return (vx_reference)vxCreateScalar(ctx, VX_TYPE_INT32, &v);
    }
    case VX_TYPE_MATRIX: return (vx_reference)vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 3, 4);
    case VX_TYPE_CONVOLUTION: return (vx_reference)vxCreateConvolution(ctx, 3, 5);
    case VX_TYPE_DISTRIBUTION: return (vx_reference)vxCreateDistribution(ctx, 16, 10, 200);
    case VX_TYPE_LUT: return (vx_reference)vxCreateLUT(ctx, VX_TYPE_INT16, 65536);
    case VX_TYPE_THRESHOLD:
        return (vx_reference)vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_S16,
                                                       VX_DF_IMAGE_U8);
    case VX_TYPE_REMAP: return (vx_reference)vxCreateRemap(ctx, 16, 12, 9, 7);
    case VX_TYPE_PYRAMID: return (vx_reference)vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 21, 13, VX_DF_IMAGE_U8);
    case VX_TYPE_OBJECT_ARRAY: {
        vx_image ex = vxCreateImage(ctx, 9, 7, VX_DF_IMAGE_S16);
        vx_reference oa = (vx_reference)vxCreateObjectArray(ctx, (vx_reference)ex, 3);
        vxReleaseImage(&ex);
        return oa;
    }
    case VX_TYPE_TENSOR: return (vx_reference)vxCreateTensor(ctx, 3, dims, VX_TYPE_INT16, 8);
    case VX_TYPE_USER_DATA_OBJECT: return (vx_reference)vxCreateUserDataObject(ctx, "ctl_blob", 37, NULL);
    default: return NULL;
    }
}

/* Fill o with random content (returns nothing; content checked by equal()). */
static void fill_object(vx_reference o)
{
    vx_enum type = 0;
    vxQueryReference(o, VX_REFERENCE_TYPE, &type, sizeof(type));
    switch (type) {
    case VX_TYPE_ARRAY: {
        vx_coordinates2d_t pts[23];
        for (int i = 0; i < 23; i++) pts[i].x = rnd(), pts[i].y = rnd();
        vxTruncateArray((vx_array)o, 0);
        CTS_EXPECT_STATUS(vxAddArrayItems((vx_array)o, 11 + rnd() % 12, pts, sizeof(pts[0])), VX_SUCCESS);
        break;
    }
    case VX_TYPE_SCALAR: {
        vx_int32 v = (vx_int32)rnd();
        vxCopyScalar((vx_scalar)o, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        break;
    }
    case VX_TYPE_MATRIX: {
        vx_float32 m[12];
        for (int i = 0; i < 12; i++) m[i] = (vx_float32)(rnd() % 1000) / 7.0f;
        vxCopyMatrix((vx_matrix)o, m, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        break;
    }
    case VX_TYPE_CONVOLUTION: {
        vx_int16 c[15];
        vx_uint32 scale = 1u << (rnd() % 8);
        for (int i = 0; i < 15; i++) c[i] = (vx_int16)rnd();
        vxCopyConvolutionCoefficients((vx_convolution)o, c, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        vxSetConvolutionAttribute((vx_convolution)o, VX_CONVOLUTION_SCALE, &scale, sizeof(scale));
        break;
    }
    case VX_TYPE_DISTRIBUTION: {
        vx_uint32 d[16];
        for (int i = 0; i < 16; i++) d[i] = rnd();
        vxCopyDistribution((vx_distribution)o, d, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        break;
    }
    case VX_TYPE_LUT: {
        vx_int16 *l = (vx_int16 *)malloc(65536 * sizeof(vx_int16));
        for (int i = 0; i < 65536; i++) l[i] = (vx_int16)rnd();
        vxCopyLUT((vx_lut)o, l, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        free(l);
        break;
    }
    case VX_TYPE_THRESHOLD: {
        vx_pixel_value_t lo, hi, t, f;
        memset(&lo, 0, sizeof(lo)), memset(&hi, 0, sizeof(hi)), memset(&t, 0, sizeof(t)), memset(&f, 0, sizeof(f));
        lo.S16 = (vx_int16)(rnd() % 1000 - 500);
        hi.S16 = (vx_int16)(lo.S16 + (vx_int16)(rnd() % 500));
        t.U8 = (vx_uint8)rnd();
        f.U8 = (vx_uint8)rnd();
        vxCopyThresholdRange((vx_threshold)o, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyThresholdOutput((vx_threshold)o, &t, &f, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        break;
    }
    case VX_TYPE_REMAP: {
        vx_coordinates2df_t pts[63];
        vx_rectangle_t r = {0, 0, 9, 7};
        for (int i = 0; i < 63; i++) pts[i].x = (vx_float32)(rnd() % 160) / 10.0f, pts[i].y = (vx_float32)(rnd() % 120) / 10.0f;
        vxCopyRemapPatch((vx_remap)o, &r, 9 * sizeof(vx_coordinates2df_t), pts, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY,
                         VX_MEMORY_TYPE_HOST);
        break;
    }
    case VX_TYPE_PYRAMID:
        for (vx_uint32 l = 0; l < 3; l++) {
            vx_image img = vxGetPyramidLevel((vx_pyramid)o, l);
            fill_image(img);
            vxReleaseImage(&img);
        }
        break;
    case VX_TYPE_OBJECT_ARRAY:
        for (vx_uint32 i = 0; i < 3; i++) {
            vx_image img = (vx_image)vxGetObjectArrayItem((vx_object_array)o, i);
            fill_image(img);
            vxReleaseImage(&img);
        }
        break;
    case VX_TYPE_TENSOR: {
        vx_int16 t[60];
        vx_size start[3] = {0, 0, 0}, dims[3] = {5, 4, 3}, st[3] = {2, 10, 40};
        for (int i = 0; i < 60; i++) t[i] = (vx_int16)rnd();
        vxCopyTensorPatch((vx_tensor)o, 3, start, dims, st, t, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        break;
    }
    case VX_TYPE_USER_DATA_OBJECT: {
        vx_uint8 b[37];
        for (int i = 0; i < 37; i++) b[i] = (vx_uint8)rnd();
        vxCopyUserDataObject((vx_user_data_object)o, 0, 37, b, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        break;
    }
    default: break;
    }
}

/* Is the content of a and b (same type and meta) the same? */
static int equal_objects(vx_reference a, vx_reference b, const char *what)
{
    vx_enum type = 0;
    vxQueryReference(a, VX_REFERENCE_TYPE, &type, sizeof(type));
    switch (type) {
    case VX_TYPE_ARRAY: {
        vx_size na = 0, nb = 0;
        vx_coordinates2d_t pa[50], pb[50];
        vxQueryArray((vx_array)a, VX_ARRAY_NUMITEMS, &na, sizeof(na));
        vxQueryArray((vx_array)b, VX_ARRAY_NUMITEMS, &nb, sizeof(nb));
        CTS_EXPECT_MSG(na == nb, "%s: num_items %zu, expected %zu", what, (size_t)nb, (size_t)na);
        if (na != nb || na == 0) return na == nb;
        vxCopyArrayRange((vx_array)a, 0, na, sizeof(pa[0]), pa, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyArrayRange((vx_array)b, 0, nb, sizeof(pb[0]), pb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_MSG(memcmp(pa, pb, na * sizeof(pa[0])) == 0, "%s: array items differ", what);
        return 1;
    }
    case VX_TYPE_SCALAR: {
        vx_int32 va = 0, vb = 1;
        vxCopyScalar((vx_scalar)a, &va, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyScalar((vx_scalar)b, &vb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_MSG(va == vb, "%s: scalar %d, expected %d", what, vb, va);
        return va == vb;
    }
    case VX_TYPE_MATRIX: {
        vx_float32 ma[12], mb[12];
        vxCopyMatrix((vx_matrix)a, ma, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyMatrix((vx_matrix)b, mb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_MSG(memcmp(ma, mb, sizeof(ma)) == 0, "%s: matrix differs", what);
        return 1;
    }
    case VX_TYPE_CONVOLUTION: {
        vx_int16 ca[15], cb[15];
        vx_uint32 sa = 0, sb = 0;
        vxCopyConvolutionCoefficients((vx_convolution)a, ca, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyConvolutionCoefficients((vx_convolution)b, cb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxQueryConvolution((vx_convolution)a, VX_CONVOLUTION_SCALE, &sa, sizeof(sa));
        vxQueryConvolution((vx_convolution)b, VX_CONVOLUTION_SCALE, &sb, sizeof(sb));
        CTS_EXPECT_MSG(memcmp(ca, cb, sizeof(ca)) == 0 && sa == sb, "%s: convolution differs", what);
        return 1;
    }
    case VX_TYPE_DISTRIBUTION: {
        vx_uint32 da[16], db[16];
        vxCopyDistribution((vx_distribution)a, da, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyDistribution((vx_distribution)b, db, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_MSG(memcmp(da, db, sizeof(da)) == 0, "%s: distribution differs", what);
        return 1;
    }
    case VX_TYPE_LUT: {
        vx_int16 *la = (vx_int16 *)malloc(2 * 65536), *lb = (vx_int16 *)malloc(2 * 65536);
        vxCopyLUT((vx_lut)a, la, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyLUT((vx_lut)b, lb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_MSG(memcmp(la, lb, 2 * 65536) == 0, "%s: LUT differs", what);
        free(la);
        free(lb);
        return 1;
    }
    case VX_TYPE_THRESHOLD: {
        vx_pixel_value_t l1, h1, t1, f1, l2, h2, t2, f2;
        vxCopyThresholdRange((vx_threshold)a, &l1, &h1, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyThresholdRange((vx_threshold)b, &l2, &h2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyThresholdOutput((vx_threshold)a, &t1, &f1, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyThresholdOutput((vx_threshold)b, &t2, &f2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_MSG(l1.S16 == l2.S16 && h1.S16 == h2.S16 && t1.U8 == t2.U8 && f1.U8 == f2.U8,
                       "%s: threshold differs", what);
        return 1;
    }
    case VX_TYPE_REMAP: {
        vx_coordinates2df_t ra[63], rb[63];
        vx_rectangle_t r = {0, 0, 9, 7};
        vxCopyRemapPatch((vx_remap)a, &r, 9 * sizeof(ra[0]), ra, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                         VX_MEMORY_TYPE_HOST);
        vxCopyRemapPatch((vx_remap)b, &r, 9 * sizeof(rb[0]), rb, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                         VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_MSG(memcmp(ra, rb, sizeof(ra)) == 0, "%s: remap differs", what);
        return 1;
    }
    case VX_TYPE_PYRAMID:
        for (vx_uint32 l = 0; l < 3; l++) {
            vx_image ia = vxGetPyramidLevel((vx_pyramid)a, l), ib = vxGetPyramidLevel((vx_pyramid)b, l);
            same_pixels(ia, ib, what);
            vxReleaseImage(&ia);
            vxReleaseImage(&ib);
        }
        return 1;
    case VX_TYPE_OBJECT_ARRAY:
        for (vx_uint32 i = 0; i < 3; i++) {
            vx_image ia = (vx_image)vxGetObjectArrayItem((vx_object_array)a, i);
            vx_image ib = (vx_image)vxGetObjectArrayItem((vx_object_array)b, i);
            same_pixels(ia, ib, what);
            vxReleaseImage(&ia);
            vxReleaseImage(&ib);
        }
        return 1;
    case VX_TYPE_TENSOR: {
        vx_int16 ta[60], tb[60];
        vx_size start[3] = {0, 0, 0}, dims[3] = {5, 4, 3}, st[3] = {2, 10, 40};
        vxCopyTensorPatch((vx_tensor)a, 3, start, dims, st, ta, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyTensorPatch((vx_tensor)b, 3, start, dims, st, tb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_MSG(memcmp(ta, tb, sizeof(ta)) == 0, "%s: tensor differs", what);
        return 1;
    }
    case VX_TYPE_USER_DATA_OBJECT: {
        vx_uint8 ua[37], ub[37];
        vxCopyUserDataObject((vx_user_data_object)a, 0, 37, ua, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyUserDataObject((vx_user_data_object)b, 0, 37, ub, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_MSG(memcmp(ua, ub, sizeof(ua)) == 0, "%s: user data object differs", what);
        return 1;
    }
    default: return 0;
    }
}

static const vx_enum object_types[] = {VX_TYPE_ARRAY,     VX_TYPE_SCALAR,       VX_TYPE_MATRIX, VX_TYPE_CONVOLUTION,
                                       VX_TYPE_DISTRIBUTION, VX_TYPE_LUT,       VX_TYPE_THRESHOLD, VX_TYPE_REMAP,
                                       VX_TYPE_PYRAMID,   VX_TYPE_OBJECT_ARRAY, VX_TYPE_TENSOR,
                                       VX_TYPE_USER_DATA_OBJECT};
#define NUM_OBJECT_TYPES (sizeof(object_types) / sizeof(object_types[0]))

CTS_TEST(KControl, copy_objects, "REQ-0150 REQ-0151 REQ-0152 REQ-0153 REQ-0154 REQ-0155")
{
    vx_context ctx = cts_context();
    for (size_t t = 0; t < NUM_OBJECT_TYPES; t++)
        for (int mode = 0; mode < 2; mode++) {
            char what[64];
            vx_reference in = make_object(ctx, object_types[t], 1), out = make_object(ctx, object_types[t], 2);
            CTS_ASSERT_VALID(in);
            CTS_ASSERT_VALID(out);
            fill_object(in);
            fill_object(out);
            snprintf(what, sizeof(what), "copy %s %s", cts_type_name(object_types[t]), mode ? "immediate" : "graph");
            CTS_EXPECT_MSG(run_copy(ctx, in, out, mode) == VX_SUCCESS, "%s failed", what);
            equal_objects(in, out, what);
            /* an empty array copies as empty (num_items follows the input) */
            if (object_types[t] == VX_TYPE_ARRAY) {
                vxTruncateArray((vx_array)in, 0);
                CTS_EXPECT_STATUS(run_copy(ctx, in, out, mode), VX_SUCCESS);
                equal_objects(in, out, "copy of an empty array");
            }
            vxReleaseReference(&in);
            vxReleaseReference(&out);
        }
}

/* Copies into virtual objects of every type (meta from the input) and out of
 * them again in the same graph. */
CTS_TEST(KControl, copy_virtual, "REQ-0150 REQ-0154")
{
    vx_context ctx = cts_context();
    for (size_t t = 0; t < NUM_OBJECT_TYPES; t++) {
        vx_reference in = make_object(ctx, object_types[t], 1), out = make_object(ctx, object_types[t], 2), v = NULL;
        vx_graph g = vxCreateGraph(ctx);
        vx_size dims[3] = {5, 4, 3};
        vx_node n1, n2;
        fill_object(in);
        switch (object_types[t]) {
        case VX_TYPE_ARRAY: v = (vx_reference)vxCreateVirtualArray(g, 0, 0); break;
        case VX_TYPE_SCALAR: v = (vx_reference)vxCreateVirtualScalar(g, VX_TYPE_INT32); break;
        case VX_TYPE_MATRIX: v = (vx_reference)vxCreateVirtualMatrix(g, VX_TYPE_FLOAT32, 3, 4); break;
        case VX_TYPE_CONVOLUTION: v = (vx_reference)vxCreateVirtualConvolution(g, 3, 5); break;
        case VX_TYPE_DISTRIBUTION: v = (vx_reference)vxCreateVirtualDistribution(g, 16, 10, 200); break;
        case VX_TYPE_LUT: v = (vx_reference)vxCreateVirtualLUT(g, VX_TYPE_INT16, 65536); break;
        case VX_TYPE_THRESHOLD:
            v = (vx_reference)vxCreateVirtualThresholdForImage(g, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_S16,
                                                               VX_DF_IMAGE_U8);
            break;
        case VX_TYPE_REMAP: v = (vx_reference)vxCreateVirtualRemap(g, 16, 12, 9, 7); break;
        case VX_TYPE_PYRAMID:
            v = (vx_reference)vxCreateVirtualPyramid(g, 3, VX_SCALE_PYRAMID_HALF, 0, 0, VX_DF_IMAGE_VIRT);
            break;
        case VX_TYPE_OBJECT_ARRAY: {
            vx_image ex = vxCreateImage(ctx, 9, 7, VX_DF_IMAGE_S16);
            v = (vx_reference)vxCreateVirtualObjectArray(g, (vx_reference)ex, 3);
            vxReleaseImage(&ex);
            break;
        }
        case VX_TYPE_TENSOR: v = (vx_reference)vxCreateVirtualTensor(g, 3, dims, VX_TYPE_INT16, 8); break;
        case VX_TYPE_USER_DATA_OBJECT: v = (vx_reference)vxCreateVirtualUserDataObject(g, "ctl_blob", 37); break;
        default: break;
        }
        CTS_ASSERT_VALID(v);
        n1 = vxCopyNode(g, in, v);
        n2 = vxCopyNode(g, v, out);
        CTS_EXPECT_MSG(vxVerifyGraph(g) == VX_SUCCESS, "virtual %s: verify failed", cts_type_name(object_types[t]));
        CTS_EXPECT_MSG(vxProcessGraph(g) == VX_SUCCESS, "virtual %s: process failed", cts_type_name(object_types[t]));
        equal_objects(in, out, cts_type_name(object_types[t]));
        vxReleaseNode(&n1);
        vxReleaseNode(&n2);
        vxReleaseReference(&v);
        vxReleaseGraph(&g);
        vxReleaseReference(&in);
        vxReleaseReference(&out);
    }
}

CTS_TEST(KControl, copy_refusals, "REQ-0150 REQ-0154")
{
    vx_context ctx = cts_context();
    vx_image u8 = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U8), s16 = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_S16);
    vx_image u8s = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_pixel_value_t pv;
    vx_image uni;
    vx_array a50 = vxCreateArray(ctx, VX_TYPE_KEYPOINT, 50), a40 = vxCreateArray(ctx, VX_TYPE_KEYPOINT, 40);
    vx_array ac = vxCreateArray(ctx, VX_TYPE_COORDINATES2D, 50);
    vx_int32 i32 = 0;
    vx_float32 f32 = 0;
    vx_scalar si = vxCreateScalar(ctx, VX_TYPE_INT32, &i32), sf = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &f32);
    vx_image e1 = vxCreateImage(ctx, 9, 7, VX_DF_IMAGE_U8), e2 = vxCreateImage(ctx, 9, 8, VX_DF_IMAGE_U8);
    vx_object_array o1 = vxCreateObjectArray(ctx, (vx_reference)e1, 2), o2 = vxCreateObjectArray(ctx, (vx_reference)e2, 2);
    vx_object_array o3 = vxCreateObjectArray(ctx, (vx_reference)e1, 3);
    vx_size d1[2] = {4, 4}, d2[2] = {4, 5};
    vx_tensor t1 = vxCreateTensor(ctx, 2, d1, VX_TYPE_INT16, 0), t2 = vxCreateTensor(ctx, 2, d2, VX_TYPE_INT16, 0);
    vx_tensor t3 = vxCreateTensor(ctx, 2, d1, VX_TYPE_UINT8, 0);
    vx_graph other = vxCreateGraph(ctx);
    memset(&pv, 0, sizeof(pv));
    uni = vxCreateUniformImage(ctx, 16, 8, VX_DF_IMAGE_U8, &pv);
    struct {
        vx_reference in, out;
        vx_status want;
        const char *what;
    } cases[] = {
        {(vx_reference)u8, (vx_reference)s16, VX_ERROR_INVALID_FORMAT, "image formats differ"},
        {(vx_reference)u8, (vx_reference)u8s, VX_ERROR_INVALID_DIMENSION, "image sizes differ"},
        {(vx_reference)u8, (vx_reference)a50, VX_ERROR_INVALID_TYPE, "image into array"},
        {(vx_reference)a50, (vx_reference)a40, VX_ERROR_INVALID_DIMENSION, "array capacities differ"},
        {(vx_reference)a50, (vx_reference)ac, VX_ERROR_INVALID_TYPE, "array item types differ"},
        {(vx_reference)si, (vx_reference)sf, VX_ERROR_INVALID_TYPE, "scalar types differ"},
        {(vx_reference)o1, (vx_reference)o2, VX_ERROR_INVALID_DIMENSION, "object array items differ"},
        {(vx_reference)o1, (vx_reference)o3, VX_ERROR_INVALID_DIMENSION, "object array counts differ"},
        {(vx_reference)t1, (vx_reference)t2, VX_ERROR_INVALID_DIMENSION, "tensor dims differ"},
        {(vx_reference)t1, (vx_reference)t3, VX_ERROR_INVALID_TYPE, "tensor types differ"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        margs a = {{cases[i].in, cases[i].out, NULL, NULL}, 0, 0};
        expect_verify(ctx, make_copy, &a, cases[i].want, cases[i].what);
    }
    {
        /* a graph is not a data object: refused when the node is made (a node
         * could not hold it: graphs and nodes die whatever holds them) */
        vx_graph g = vxCreateGraph(ctx);
        vx_node n;
        cts_log_clear();
        n = vxCopyNode(g, (vx_reference)other, (vx_reference)other);
        CTS_EXPECT_STATUS(vxGetStatus((vx_reference)n), VX_ERROR_INVALID_TYPE);
        CTS_EXPECT(cts_log_count() > 0);
        vxReleaseGraph(&g);
    }
    {
        /* a uniform image is read-only */
        margs a = {{(vx_reference)u8, (vx_reference)uni, NULL, NULL}, 0, 0};
        vx_graph g = vxCreateGraph(ctx);
        vx_node n = make_copy(g, &a);
        CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
    }
    CTS_EXPECT_STATUS(vxuCopy(ctx, (vx_reference)u8, (vx_reference)s16), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT(vxuCopy(ctx, NULL, (vx_reference)u8) != VX_SUCCESS);
    CTS_EXPECT(vxuCopy(NULL, (vx_reference)u8, (vx_reference)u8) != VX_SUCCESS);
    vxReleaseImage(&u8);
    vxReleaseImage(&s16);
    vxReleaseImage(&u8s);
    vxReleaseImage(&uni);
    vxReleaseArray(&a50);
    vxReleaseArray(&a40);
    vxReleaseArray(&ac);
    vxReleaseScalar(&si);
    vxReleaseScalar(&sf);
    vxReleaseImage(&e1);
    vxReleaseImage(&e2);
    vxReleaseObjectArray(&o1);
    vxReleaseObjectArray(&o2);
    vxReleaseObjectArray(&o3);
    vxReleaseTensor(&t1);
    vxReleaseTensor(&t2);
    vxReleaseTensor(&t3);
    vxReleaseGraph(&other);
}

/* ---- Select ------------------------------------------------------------------- */

CTS_TEST(KControl, select, "REQ-0115 REQ-0117 REQ-0118 REQ-0119 REQ-0120 REQ-0121 REQ-0122")
{
    vx_context ctx = cts_context();
    for (size_t t = 0; t < NUM_OBJECT_TYPES + 1; t++)
        for (int cond = 0; cond < 2; cond++) {
            vx_enum type = t < NUM_OBJECT_TYPES ? object_types[t] : VX_TYPE_IMAGE;
            vx_reference tv, fv, out;
            vx_bool b = cond ? vx_true_e : vx_false_e;
            vx_scalar c = vxCreateScalar(ctx, VX_TYPE_BOOL, &b);
            vx_graph g = vxCreateGraph(ctx);
            vx_node n;
            char what[64];
            if (type == VX_TYPE_IMAGE) {
                tv = (vx_reference)vxCreateImage(ctx, 33, 17, VX_DF_IMAGE_U8);
                fv = (vx_reference)vxCreateImage(ctx, 33, 17, VX_DF_IMAGE_U8);
                out = (vx_reference)vxCreateImage(ctx, 33, 17, VX_DF_IMAGE_U8);
                fill_image((vx_image)tv), fill_image((vx_image)fv), fill_image((vx_image)out);
            } else {
                tv = make_object(ctx, type, 1), fv = make_object(ctx, type, 2), out = make_object(ctx, type, 3);
                fill_object(tv), fill_object(fv), fill_object(out);
            }
            snprintf(what, sizeof(what), "select %s %s", cts_type_name(type), cond ? "true" : "false");
            n = vxSelectNode(g, c, tv, fv, out);
            CTS_EXPECT_VALID(n);
            CTS_EXPECT_MSG(vxVerifyGraph(g) == VX_SUCCESS, "%s: verify failed", what);
            CTS_EXPECT_MSG(vxProcessGraph(g) == VX_SUCCESS, "%s: process failed", what);
            if (type == VX_TYPE_IMAGE) same_pixels((vx_image)(cond ? tv : fv), (vx_image)out, what);
            else equal_objects(cond ? tv : fv, out, what);
            /* flip the condition and run again */
            b = cond ? vx_false_e : vx_true_e;
            vxCopyScalar(c, &b, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
            CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
            if (type == VX_TYPE_IMAGE) same_pixels((vx_image)(cond ? fv : tv), (vx_image)out, what);
            else equal_objects(cond ? fv : tv, out, what);
            vxReleaseNode(&n);
            vxReleaseGraph(&g);
            vxReleaseScalar(&c);
            vxReleaseReference(&tv);
            vxReleaseReference(&fv);
            vxReleaseReference(&out);
        }
}

/* cond ? min(a, b) : max(a, b) with both branches and the result virtual. */
CTS_TEST(KControl, select_virtual, "REQ-0115 REQ-0116")
{
    vx_context ctx = cts_context();
    himg a = h_random(VX_DF_IMAGE_S16, 7, 5), b = h_random(VX_DF_IMAGE_S16, 7, 5);
    himg mn = h_minmax(&a, &b, 0), mx = h_minmax(&a, &b, 1);
    vx_image ia = h_image(ctx, &a), ib = h_image(ctx, &b), out = vxCreateImage(ctx, 7, 5, VX_DF_IMAGE_S16);
    vx_bool t = vx_true_e;
    vx_scalar c = vxCreateScalar(ctx, VX_TYPE_BOOL, &t);
    vx_graph g = vxCreateGraph(ctx);
    vx_image v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT), v2 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image v3 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n[4];
    n[0] = vxMinNode(g, ia, ib, v1);
    n[1] = vxMaxNode(g, ia, ib, v2);
    n[2] = vxSelectNode(g, c, (vx_reference)v1, (vx_reference)v2, (vx_reference)v3);
    n[3] = vxCopyNode(g, (vx_reference)v3, (vx_reference)out);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    h_check(out, &mn, "select true -> min");
    t = vx_false_e;
    vxCopyScalar(c, &t, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    h_check(out, &mx, "select false -> max");
    for (int i = 0; i < 4; i++) vxReleaseNode(&n[i]);
    vxReleaseImage(&v1);
    vxReleaseImage(&v2);
    vxReleaseImage(&v3);
    vxReleaseGraph(&g);
    vxReleaseScalar(&c);
    vxReleaseImage(&ia);
    vxReleaseImage(&ib);
    vxReleaseImage(&out);
    free(a.v), free(b.v), free(mn.v), free(mx.v);
}

CTS_TEST(KControl, select_refusals, "REQ-0115 REQ-0118")
{
    vx_context ctx = cts_context();
    vx_bool t = vx_true_e;
    vx_int32 i = 1;
    vx_scalar cb = vxCreateScalar(ctx, VX_TYPE_BOOL, &t), ci = vxCreateScalar(ctx, VX_TYPE_INT32, &i);
    vx_image u8 = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U8), u8b = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U8);
    vx_image s16 = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_S16), u8s = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_array arr = vxCreateArray(ctx, VX_TYPE_UINT8, 4);
    margs a1 = {{(vx_reference)ci, (vx_reference)u8, (vx_reference)u8b, (vx_reference)u8b}, 0, 0};
    expect_verify(ctx, make_select, &a1, VX_ERROR_INVALID_TYPE, "int32 condition");
    margs a2 = {{(vx_reference)cb, (vx_reference)u8, (vx_reference)s16, (vx_reference)u8b}, 0, 0};
    expect_verify(ctx, make_select, &a2, VX_ERROR_INVALID_FORMAT, "true/false formats differ");
    margs a3 = {{(vx_reference)cb, (vx_reference)u8, (vx_reference)u8s, (vx_reference)u8b}, 0, 0};
    expect_verify(ctx, make_select, &a3, VX_ERROR_INVALID_DIMENSION, "true/false sizes differ");
    margs a4 = {{(vx_reference)cb, (vx_reference)u8, (vx_reference)arr, (vx_reference)u8b}, 0, 0};
    expect_verify(ctx, make_select, &a4, VX_ERROR_INVALID_TYPE, "true/false types differ");
    margs a5 = {{(vx_reference)cb, (vx_reference)u8, (vx_reference)u8b, (vx_reference)s16}, 0, 0};
    expect_verify(ctx, make_select, &a5, VX_ERROR_INVALID_FORMAT, "output format");
    margs a6 = {{(vx_reference)cb, (vx_reference)u8, NULL, (vx_reference)u8b}, 0, 0};
    expect_verify(ctx, make_select, &a6, VX_ERROR_NOT_SUFFICIENT, "missing false_value");
    CTS_EXPECT(vxGetStatus((vx_reference)vxSelectNode(NULL, cb, (vx_reference)u8, (vx_reference)u8,
                                                      (vx_reference)u8b)) != VX_SUCCESS);
    vxReleaseScalar(&cb);
    vxReleaseScalar(&ci);
    vxReleaseImage(&u8);
    vxReleaseImage(&u8b);
    vxReleaseImage(&s16);
    vxReleaseImage(&u8s);
    vxReleaseArray(&arr);
}

/* ---- ScalarOperation ---------------------------------------------------------- */

/* The model: values as long double (exact for every operand value used
 * here, all below 2^53) or int64; the rules of the Control Flow chapter. */
typedef struct {
    int is_float;
    long long i;
    long double f;
} mval;

static const vx_enum num_types[] = {VX_TYPE_INT8,  VX_TYPE_UINT8,  VX_TYPE_INT16, VX_TYPE_UINT16,
                                    VX_TYPE_INT32, VX_TYPE_UINT32, VX_TYPE_SIZE,  VX_TYPE_FLOAT32};

static const char *tname(vx_enum t)
{
    switch (t) {
    case VX_TYPE_INT8: return "int8";
    case VX_TYPE_UINT8: return "uint8";
    case VX_TYPE_INT16: return "int16";
    case VX_TYPE_UINT16: return "uint16";
    case VX_TYPE_INT32: return "int32";
    case VX_TYPE_UINT32: return "uint32";
    case VX_TYPE_SIZE: return "size";
    case VX_TYPE_FLOAT32: return "float32";
    case VX_TYPE_BOOL: return "bool";
    default: return cts_type_name(t);
    }
}

static mval random_value(vx_enum type)
{
    mval v;
    vx_uint32 r = rnd();
    v.is_float = 0;
    v.f = 0;
    switch (type) {
    case VX_TYPE_INT8: v.i = (vx_int8)r; break;
    case VX_TYPE_UINT8: v.i = (vx_uint8)r; break;
    case VX_TYPE_INT16: v.i = (vx_int16)r; break;
    case VX_TYPE_UINT16: v.i = (vx_uint16)r; break;
    case VX_TYPE_INT32: v.i = (vx_int32)r; break;
    case VX_TYPE_UINT32: v.i = r; break;
    case VX_TYPE_SIZE: v.i = r % 100000; break;
    case VX_TYPE_BOOL: v.i = r & 1; break;
    default:
        v.is_float = 1;
        v.f = (vx_float32)((vx_int32)(r % 200001) - 100000) / 64.0f;
        break;
    }
    if ((rnd() & 3) == 0) { /* small values and zeros: ties, division by zero */
        if (v.is_float) v.f = (long double)(rnd() % 3);
        else v.i = rnd() % 3;
    }
    if (!v.is_float) v.f = (long double)v.i;
    return v;
}

static vx_scalar make_scalar(vx_context ctx, vx_enum type, mval v)
{
    union {
        vx_int8 s8;
        vx_uint8 u8;
        vx_int16 s16;
        vx_uint16 u16;
        vx_int32 s32;
        vx_uint32 u32;
        vx_size sz;
        vx_float32 f32;
        vx_bool b;
    } u;
    memset(&u, 0, sizeof(u));
    switch (type) {
    case VX_TYPE_INT8: u.s8 = (vx_int8)v.i; break;
    case VX_TYPE_UINT8: u.u8 = (vx_uint8)v.i; break;
    case VX_TYPE_INT16: u.s16 = (vx_int16)v.i; break;
    case VX_TYPE_UINT16: u.u16 = (vx_uint16)v.i; break;
    case VX_TYPE_INT32: u.s32 = (vx_int32)v.i; break;
    case VX_TYPE_UINT32: u.u32 = (vx_uint32)v.i; break;
    case VX_TYPE_SIZE: u.sz = (vx_size)v.i; break;
    case VX_TYPE_BOOL: u.b = v.i ? vx_true_e : vx_false_e; break;
    default: u.f32 = (vx_float32)v.f; break;
    }
    return vxCreateScalar(ctx, type, &u);
}

/* Read a scalar as long double (bool: 0/1). */
static long double read_scalar(vx_scalar s, vx_enum type)
{
    union {
        vx_int8 s8;
        vx_uint8 u8;
        vx_int16 s16;
        vx_uint16 u16;
        vx_int32 s32;
        vx_uint32 u32;
        vx_size sz;
        vx_float32 f32;
        vx_bool b;
    } u;
    memset(&u, 0, sizeof(u));
    vxCopyScalar(s, &u, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    switch (type) {
    case VX_TYPE_INT8: return u.s8;
    case VX_TYPE_UINT8: return u.u8;
    case VX_TYPE_INT16: return u.s16;
    case VX_TYPE_UINT16: return u.u16;
    case VX_TYPE_INT32: return u.s32;
    case VX_TYPE_UINT32: return u.u32;
    case VX_TYPE_SIZE: return (long double)u.sz;
    case VX_TYPE_BOOL: return u.b == vx_true_e ? 1 : 0;
    default: return u.f32;
    }
}

/* Convert the model result to the output type: integers wrap (REQ-0108),
 * floats truncate and saturate into integers (REQ-0107), ints promote to
 * float (REQ-0106). */
static long double to_output(mval r, vx_enum type)
{
    long double lo = 0, hi = 0;
    unsigned bits = 0;
    int is_signed = 0;
    switch (type) {
    case VX_TYPE_BOOL: return (r.is_float ? r.f != 0 : r.i != 0) ? 1 : 0;
    case VX_TYPE_FLOAT32: return (vx_float32)(r.is_float ? r.f : (long double)r.i);
    case VX_TYPE_INT8: bits = 8, is_signed = 1; break;
    case VX_TYPE_UINT8: bits = 8; break;
    case VX_TYPE_INT16: bits = 16, is_signed = 1; break;
    case VX_TYPE_UINT16: bits = 16; break;
    case VX_TYPE_INT32: bits = 32, is_signed = 1; break;
    case VX_TYPE_UINT32: bits = 32; break;
    default: bits = 8 * sizeof(vx_size); break;
    }
    if (r.is_float) {
        long double t = truncl(r.f);
        lo = is_signed ? -ldexpl(1, (int)bits - 1) : 0;
        hi = is_signed ? ldexpl(1, (int)bits - 1) - 1 : ldexpl(1, (int)bits) - 1;
        if (t != t) return 0;
        return t < lo ? lo : (t > hi ? hi : t);
    }
    {
        unsigned long long u = (unsigned long long)r.i;
        if (bits < 64) u &= (1ull << bits) - 1;
        if (is_signed && bits < 64 && (u >> (bits - 1))) return (long double)(long long)(u - (1ull << bits));
        return (long double)u;
    }
}

static mval model(vx_enum op, mval a, mval b, int *div0)
{
    mval r;
    int fl = a.is_float || b.is_float;
    long double x = a.is_float ? a.f : (long double)a.i, y = b.is_float ? b.f : (long double)b.i;
    r.is_float = 0;
    r.i = 0;
    r.f = 0;
    *div0 = 0;
    switch (op) {
    case VX_SCALAR_OP_AND: r.i = a.i && b.i; return r;
    case VX_SCALAR_OP_OR: r.i = a.i || b.i; return r;
    case VX_SCALAR_OP_XOR: r.i = !a.i != !b.i; return r;
    case VX_SCALAR_OP_NAND: r.i = !(a.i && b.i); return r;
    case VX_SCALAR_OP_EQUAL: r.i = x == y; return r;
    case VX_SCALAR_OP_NOTEQUAL: r.i = x != y; return r;
    case VX_SCALAR_OP_LESS: r.i = x < y; return r;
    case VX_SCALAR_OP_LESSEQ: r.i = x <= y; return r;
    case VX_SCALAR_OP_GREATER: r.i = x > y; return r;
    case VX_SCALAR_OP_GREATEREQ: r.i = x >= y; return r;
    case VX_SCALAR_OP_MIN: return y < x ? b : a;
    case VX_SCALAR_OP_MAX: return y > x ? b : a;
    default: break;
    }
    if (fl) {
        r.is_float = 1;
        /* double arithmetic on the operands */
        switch (op) {
        case VX_SCALAR_OP_ADD: r.f = (double)x + (double)y; break;
        case VX_SCALAR_OP_SUBTRACT: r.f = (double)x - (double)y; break;
        case VX_SCALAR_OP_MULTIPLY: r.f = (double)x * (double)y; break;
        default: r.f = (double)x / (double)y; break;
        }
        return r;
    }
    switch (op) {
    case VX_SCALAR_OP_ADD: r.i = a.i + b.i; break;
    case VX_SCALAR_OP_SUBTRACT: r.i = a.i - b.i; break;
    case VX_SCALAR_OP_MULTIPLY: r.i = (long long)((unsigned long long)a.i * (unsigned long long)b.i); break;
    case VX_SCALAR_OP_DIVIDE:
        if (b.i == 0) *div0 = 1;
        else r.i = a.i / b.i;
        break;
    default:
        if (b.i == 0) *div0 = 1;
        else r.i = a.i % b.i;
        break;
    }
    return r;
}

static const vx_enum all_ops[] = {VX_SCALAR_OP_AND,     VX_SCALAR_OP_OR,        VX_SCALAR_OP_XOR,
                                  VX_SCALAR_OP_NAND,    VX_SCALAR_OP_EQUAL,     VX_SCALAR_OP_NOTEQUAL,
                                  VX_SCALAR_OP_LESS,    VX_SCALAR_OP_LESSEQ,    VX_SCALAR_OP_GREATER,
                                  VX_SCALAR_OP_GREATEREQ, VX_SCALAR_OP_ADD,     VX_SCALAR_OP_SUBTRACT,
                                  VX_SCALAR_OP_MULTIPLY, VX_SCALAR_OP_DIVIDE,   VX_SCALAR_OP_MODULUS,
                                  VX_SCALAR_OP_MIN,     VX_SCALAR_OP_MAX};

CTS_TEST(KControl, scalar_operation, "REQ-0100 REQ-0101 REQ-0102 REQ-0103 REQ-0104 REQ-0105 REQ-0106 REQ-0107 "
                                     "REQ-0108 REQ-0109 REQ-0110 REQ-0111 REQ-0112 REQ-0113 REQ-0114 REQ-1316 "
                                     "REQ-1317 REQ-1318 REQ-1319 REQ-1320 REQ-1321 REQ-1322 REQ-1323 REQ-1324 "
                                     "REQ-1325 REQ-1326 REQ-1327 REQ-1328 REQ-1329 REQ-1330 REQ-1331 REQ-1332")
{
    vx_context ctx = cts_context();
    int failures = 0;
    for (size_t o = 0; o < sizeof(all_ops) / sizeof(all_ops[0]); o++) {
        vx_enum op = all_ops[o];
        int logical = op <= VX_SCALAR_OP_NAND, cmp = op >= VX_SCALAR_OP_EQUAL && op <= VX_SCALAR_OP_GREATEREQ;
        size_t nt = logical ? 1 : 8;
        for (size_t ta = 0; ta < nt; ta++)
            for (size_t tb = 0; tb < nt; tb++)
                for (size_t to = 0; to < ((logical || cmp) ? 1 : 8); to++)
                    for (int rep = 0; rep < 3; rep++) {
                        vx_enum tya = logical ? VX_TYPE_BOOL : num_types[ta], tyb = logical ? VX_TYPE_BOOL : num_types[tb];
                        vx_enum tyo = (logical || cmp) ? VX_TYPE_BOOL : num_types[to];
                        mval a, b, r;
                        int div0 = 0;
                        vx_scalar sa, sb, so;
                        vx_graph g;
                        vx_node n;
                        long double want, got;
                        if (op == VX_SCALAR_OP_MODULUS && (tya == VX_TYPE_FLOAT32 || tyb == VX_TYPE_FLOAT32)) continue;
                        a = random_value(tya);
                        b = random_value(tyb);
                        r = model(op, a, b, &div0);
                        sa = make_scalar(ctx, tya, a);
                        sb = make_scalar(ctx, tyb, b);
                        {
                            mval z = {0, 7, 7};
                            so = make_scalar(ctx, tyo, z);
                        }
                        g = vxCreateGraph(ctx);
                        n = vxScalarOperationNode(g, op, sa, sb, so);
                        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
                        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
                        got = read_scalar(so, tyo);
                        /* division by zero: an integer 0 (implementation-defined); float: IEEE */
                        want = div0 ? 0 : to_output(r, tyo);
                        if (!(got == want || (want != want && got != got) ||
                              (tyo == VX_TYPE_FLOAT32 && fabsl(got - want) <= fabsl(want) * 1e-6L)) &&
                            failures++ < 10)
                            CTS_EXPECT_MSG(0, "op 0x%x %s(%Lg) %s(%Lg) -> %s: got %Lg, expected %Lg", (unsigned)op,
                                           tname(tya), a.is_float ? a.f : (long double)a.i, tname(tyb),
                                           b.is_float ? b.f : (long double)b.i, tname(tyo), got, want);
                        vxReleaseNode(&n);
                        vxReleaseGraph(&g);
                        vxReleaseScalar(&sa);
                        vxReleaseScalar(&sb);
                        vxReleaseScalar(&so);
                    }
    }
}

/* Exact mixed-type cases picked by hand (REQ-0105..0108). */
CTS_TEST(KControl, scalar_operation_cases, "REQ-0105 REQ-0106 REQ-0107 REQ-0108 REQ-0104")
{
    vx_context ctx = cts_context();
    struct {
        vx_enum op, ta, tb, to;
        long double a, b, want;
    } cs[] = {
        {VX_SCALAR_OP_DIVIDE, VX_TYPE_SIZE, VX_TYPE_SIZE, VX_TYPE_FLOAT32, 7, 2, 3},         /* integer division */
        {VX_SCALAR_OP_DIVIDE, VX_TYPE_INT32, VX_TYPE_INT32, VX_TYPE_INT32, -7, 2, -3},       /* toward zero */
        {VX_SCALAR_OP_MODULUS, VX_TYPE_INT32, VX_TYPE_INT32, VX_TYPE_INT32, -7, 3, -1},
        {VX_SCALAR_OP_DIVIDE, VX_TYPE_FLOAT32, VX_TYPE_INT32, VX_TYPE_INT32, 7.5, 2, 3},     /* truncation */
        {VX_SCALAR_OP_MULTIPLY, VX_TYPE_FLOAT32, VX_TYPE_INT32, VX_TYPE_UINT8, 100, 3, 255}, /* saturation */
        {VX_SCALAR_OP_SUBTRACT, VX_TYPE_FLOAT32, VX_TYPE_INT32, VX_TYPE_UINT8, 1, 3, 0},
        {VX_SCALAR_OP_ADD, VX_TYPE_UINT8, VX_TYPE_UINT8, VX_TYPE_UINT8, 200, 100, 44},       /* wrap */
        {VX_SCALAR_OP_SUBTRACT, VX_TYPE_UINT8, VX_TYPE_UINT8, VX_TYPE_INT8, 0, 129, 127},
        {VX_SCALAR_OP_ADD, VX_TYPE_UINT32, VX_TYPE_UINT32, VX_TYPE_FLOAT32, 4294967295.0L, 1, 4294967296.0L},
        {VX_SCALAR_OP_LESS, VX_TYPE_INT8, VX_TYPE_UINT32, VX_TYPE_BOOL, -1, 4294967295.0L, 1}, /* no C promotion */
        {VX_SCALAR_OP_GREATER, VX_TYPE_FLOAT32, VX_TYPE_UINT32, VX_TYPE_BOOL, 16777216, 16777217, 0},
        {VX_SCALAR_OP_LESS, VX_TYPE_FLOAT32, VX_TYPE_UINT32, VX_TYPE_BOOL, 16777216, 16777217, 1},
        {VX_SCALAR_OP_EQUAL, VX_TYPE_FLOAT32, VX_TYPE_INT32, VX_TYPE_BOOL, 7.25, 7, 0},
        {VX_SCALAR_OP_MIN, VX_TYPE_FLOAT32, VX_TYPE_INT32, VX_TYPE_INT32, 7.1, 7, 7},
        {VX_SCALAR_OP_MIN, VX_TYPE_FLOAT32, VX_TYPE_UINT32, VX_TYPE_UINT32, 0.5, 1, 0},
        {VX_SCALAR_OP_MAX, VX_TYPE_FLOAT32, VX_TYPE_INT32, VX_TYPE_FLOAT32, 2.5, -3, 2.5},
        {VX_SCALAR_OP_DIVIDE, VX_TYPE_INT32, VX_TYPE_INT32, VX_TYPE_INT32, 5, 0, 0},          /* defined: 0 */
        {VX_SCALAR_OP_MODULUS, VX_TYPE_UINT8, VX_TYPE_UINT8, VX_TYPE_UINT8, 5, 0, 0},
        {VX_SCALAR_OP_DIVIDE, VX_TYPE_FLOAT32, VX_TYPE_INT32, VX_TYPE_INT16, 5, 0, 32767},    /* +inf saturates */
        {VX_SCALAR_OP_DIVIDE, VX_TYPE_FLOAT32, VX_TYPE_FLOAT32, VX_TYPE_INT32, 0, 0, 0},      /* NaN -> 0 */
    };
    for (size_t i = 0; i < sizeof(cs) / sizeof(cs[0]); i++) {
        mval a = {cs[i].ta == VX_TYPE_FLOAT32, (long long)cs[i].a, cs[i].a};
        mval b = {cs[i].tb == VX_TYPE_FLOAT32, (long long)cs[i].b, cs[i].b};
        mval z = {0, 0, 0};
        vx_scalar sa = make_scalar(ctx, cs[i].ta, a), sb = make_scalar(ctx, cs[i].tb, b), so = make_scalar(ctx, cs[i].to, z);
        vx_graph g = vxCreateGraph(ctx);
        vx_node n = vxScalarOperationNode(g, cs[i].op, sa, sb, so);
        long double got;
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        got = read_scalar(so, cs[i].to);
        CTS_EXPECT_MSG(got == cs[i].want, "case %zu: got %Lg, expected %Lg", i, got, cs[i].want);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
        vxReleaseScalar(&sa);
        vxReleaseScalar(&sb);
        vxReleaseScalar(&so);
    }
}

/* A chain through virtual scalars: (a + b) > c selects between two images. */
CTS_TEST(KControl, scalar_operation_virtual, "REQ-0110 REQ-0113 REQ-0115")
{
    vx_context ctx = cts_context();
    vx_int32 va = 5, vb = 7, vc = 10;
    vx_scalar a = vxCreateScalar(ctx, VX_TYPE_INT32, &va), b = vxCreateScalar(ctx, VX_TYPE_INT32, &vb);
    vx_scalar c = vxCreateScalar(ctx, VX_TYPE_INT32, &vc);
    vx_image i1 = vxCreateImage(ctx, 7, 5, VX_DF_IMAGE_U8), i2 = vxCreateImage(ctx, 7, 5, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(ctx, 7, 5, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_scalar sum = vxCreateVirtualScalar(g, VX_TYPE_INT32), cond = vxCreateVirtualScalar(g, VX_TYPE_BOOL);
    vx_node n1 = vxScalarOperationNode(g, VX_SCALAR_OP_ADD, a, b, sum);
    vx_node n2 = vxScalarOperationNode(g, VX_SCALAR_OP_GREATER, sum, c, cond);
    vx_node n3 = vxSelectNode(g, cond, (vx_reference)i1, (vx_reference)i2, (vx_reference)out);
    fill_image(i1);
    fill_image(i2);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    same_pixels(i1, out, "12 > 10 selects true_value");
    vc = 20;
    vxCopyScalar(c, &vc, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    same_pixels(i2, out, "12 > 20 selects false_value");
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseNode(&n3);
    vxReleaseScalar(&sum);
    vxReleaseScalar(&cond);
    vxReleaseGraph(&g);
    vxReleaseScalar(&a);
    vxReleaseScalar(&b);
    vxReleaseScalar(&c);
    vxReleaseImage(&i1);
    vxReleaseImage(&i2);
    vxReleaseImage(&out);
}

CTS_TEST(KControl, scalar_operation_refusals, "REQ-0100 REQ-0101 REQ-0102 REQ-0104 REQ-0110")
{
    vx_context ctx = cts_context();
    vx_bool t = vx_true_e;
    vx_int32 i = 3;
    vx_float32 f = 1.5f;
    vx_int64 i64 = 1;
    vx_scalar sb = vxCreateScalar(ctx, VX_TYPE_BOOL, &t), si = vxCreateScalar(ctx, VX_TYPE_INT32, &i);
    vx_scalar sf = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &f), s64 = vxCreateScalar(ctx, VX_TYPE_INT64, &i64);
    vx_scalar ob = vxCreateScalar(ctx, VX_TYPE_BOOL, &t), oi = vxCreateScalar(ctx, VX_TYPE_INT32, &i);
    vx_image img = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8);
    struct {
        vx_enum op;
        vx_scalar a, b, o;
        vx_status want;
        const char *what;
    } cs[] = {
        {VX_SCALAR_OP_AND, si, sb, ob, VX_ERROR_INVALID_TYPE, "AND of an int32"},
        {VX_SCALAR_OP_OR, sb, sb, oi, VX_ERROR_INVALID_TYPE, "OR into an int32"},
        {VX_SCALAR_OP_ADD, sb, si, oi, VX_ERROR_INVALID_TYPE, "ADD of a bool"},
        {VX_SCALAR_OP_ADD, si, si, ob, VX_ERROR_INVALID_TYPE, "ADD into a bool"},
        {VX_SCALAR_OP_LESS, si, si, oi, VX_ERROR_INVALID_TYPE, "LESS into an int32"},
        {VX_SCALAR_OP_MODULUS, sf, si, oi, VX_ERROR_INVALID_TYPE, "MODULUS of a float"},
        {VX_SCALAR_OP_MODULUS, si, sf, oi, VX_ERROR_INVALID_TYPE, "MODULUS by a float"},
        {VX_SCALAR_OP_ADD, s64, si, oi, VX_ERROR_INVALID_TYPE, "ADD of an int64 (not in REQ-0100)"},
        {VX_SCALAR_OP_MAX + 1, si, si, oi, VX_ERROR_INVALID_VALUE, "unknown operation"},
        {VX_SCALAR_OP_AND, sb, sb, NULL, VX_ERROR_NOT_SUFFICIENT, "missing output"},
        {VX_SCALAR_OP_ADD, si, (vx_scalar)img, oi, VX_ERROR_INVALID_PARAMETERS, "image operand"},
    };
    for (size_t k = 0; k < sizeof(cs) / sizeof(cs[0]); k++) {
        margs a = {{(vx_reference)cs[k].a, (vx_reference)cs[k].b, (vx_reference)cs[k].o, NULL}, 0, cs[k].op};
        if (k == sizeof(cs) / sizeof(cs[0]) - 1) {
            /* a wrong object type is refused when the node is made or verified */
            vx_graph g = vxCreateGraph(ctx);
            vx_node n = make_scalar_op(g, &a);
            CTS_EXPECT(vxGetStatus((vx_reference)n) != VX_SUCCESS || vxVerifyGraph(g) != VX_SUCCESS);
            if (vxGetStatus((vx_reference)n) == VX_SUCCESS) vxReleaseNode(&n);
            vxReleaseGraph(&g);
            continue;
        }
        expect_verify(ctx, make_scalar_op, &a, cs[k].want, cs[k].what);
    }
    {
        /* division by zero: defined result 0 and a log entry, the graph succeeds */
        vx_int32 zero = 0;
        vx_scalar sz = vxCreateScalar(ctx, VX_TYPE_INT32, &zero);
        vx_graph g = vxCreateGraph(ctx);
        vx_node n = vxScalarOperationNode(g, VX_SCALAR_OP_DIVIDE, si, sz, oi);
        vx_int32 got = -1;
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        cts_log_clear();
        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        CTS_EXPECT(cts_log_count() > 0);
        vxCopyScalar(oi, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_EQ_INT(got, 0);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
        vxReleaseScalar(&sz);
    }
    CTS_EXPECT(vxGetStatus((vx_reference)vxScalarOperationNode(NULL, VX_SCALAR_OP_ADD, si, si, oi)) != VX_SUCCESS);
    vxReleaseScalar(&sb);
    vxReleaseScalar(&si);
    vxReleaseScalar(&sf);
    vxReleaseScalar(&s64);
    vxReleaseScalar(&ob);
    vxReleaseScalar(&oi);
    vxReleaseImage(&img);
}

CTS_TEST(KControl, kernels_registered, "REQ-0009")
{
    vx_context ctx = cts_context();
    static const struct {
        const char *name;
        vx_enum e;
        vx_uint32 n;
    } ks[] = {
        {"org.khronos.openvx.min", VX_KERNEL_MIN, 3},
        {"org.khronos.openvx.max", VX_KERNEL_MAX, 3},
        {"org.khronos.openvx.copy", VX_KERNEL_COPY, 2},
        {"org.khronos.openvx.select", VX_KERNEL_SELECT, 4},
        {"org.khronos.openvx.scalar_operation", VX_KERNEL_SCALAR_OPERATION, 4},
    };
    for (size_t i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
        vx_kernel k = vxGetKernelByName(ctx, ks[i].name), k2 = vxGetKernelByEnum(ctx, ks[i].e);
        vx_enum e = 0;
        vx_uint32 n = 0;
        CTS_ASSERT_VALID(k);
        CTS_ASSERT_VALID(k2);
        vxQueryKernel(k, VX_KERNEL_ENUM, &e, sizeof(e));
        vxQueryKernel(k, VX_KERNEL_PARAMETERS, &n, sizeof(n));
        CTS_EXPECT_EQ_INT(e, ks[i].e);
        CTS_EXPECT_EQ_INT(n, ks[i].n);
        vxReleaseKernel(&k);
        vxReleaseKernel(&k2);
    }
}

CTS_TABLE(k_control) = {
    CTS_ENTRY(KControl, min_max),
    CTS_ENTRY(KControl, virtual_chain),
    CTS_ENTRY(KControl, min_max_refusals),
    CTS_ENTRY(KControl, copy_images),
    CTS_ENTRY(KControl, copy_roi),
    CTS_ENTRY(KControl, copy_objects),
    CTS_ENTRY(KControl, copy_virtual),
    CTS_ENTRY(KControl, copy_refusals),
    CTS_ENTRY(KControl, select),
    CTS_ENTRY(KControl, select_virtual),
    CTS_ENTRY(KControl, select_refusals),
    CTS_ENTRY(KControl, scalar_operation),
    CTS_ENTRY(KControl, scalar_operation_cases),
    CTS_ENTRY(KControl, scalar_operation_virtual),
    CTS_ENTRY(KControl, scalar_operation_refusals),
    CTS_ENTRY(KControl, kernels_registered),
    CTS_TABLE_END,
};
