/*
 * Conformance tests: optical flow (spec "Optical Flow Pyramid (LK)").  The
 * pyramids are filled level by level with the public API from an analytic
 * smooth pattern (so no other kernel is involved), the new one shifted by a
 * known sub-pixel motion: the known motion is the reference.
 */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

/* (no libm: the runner does not link it) */
static double ko_abs(double v)
{
    return v < 0 ? -v : v;
}

static double ko_sin(double x)
{
    const double pi = 3.14159265358979323846;
    double t, r = 0, x2;
    int k;
    x -= 2 * pi * (double)(long)(x / (2 * pi));
    if (x > pi) x -= 2 * pi;
    if (x < -pi) x += 2 * pi;
    t = x;
    x2 = x * x;
    for (k = 1; k < 30; k += 2) {
        r += t;
        t = -t * x2 / ((k + 1) * (k + 2));
    }
    return r;
}

static double ko_cos(double x)
{
    return ko_sin(x + 1.57079632679489661923);
}

/* A smooth textured pattern, in level-0 coordinates. */
static double ko_pattern(double x, double y)
{
    return 128.0 + 50.0 * ko_sin(x * 0.21 + 0.7 * ko_sin(y * 0.05)) * ko_cos(y * 0.17) + 40.0 * ko_cos((x + y) * 0.09) +
           25.0 * ko_sin(x * 0.043 - y * 0.061);
}

/* A pyramid of levels x scale over w x h whose level l samples the pattern
 * moved by (dx, dy) at level-0 coordinates x / scale^l. */
static vx_pyramid ko_pyramid(vx_context c, vx_size levels, vx_float32 scale, vx_uint32 w, vx_uint32 h, double dx,
                             double dy, int flat)
{
    vx_pyramid p = vxCreatePyramid(c, levels, scale, w, h, VX_DF_IMAGE_U8);
    vx_size l;
    double s = 1.0;
    CTS_ASSERT_VALID(p);
    for (l = 0; l < levels; l++) {
        vx_image img = vxGetPyramidLevel(p, (vx_uint32)l);
        vx_uint32 lw = 0, lh = 0, x, y;
        vx_uint8 *buf;
        vx_rectangle_t r;
        vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
        CTS_ASSERT_VALID(img);
        vxQueryImage(img, VX_IMAGE_WIDTH, &lw, sizeof(lw));
        vxQueryImage(img, VX_IMAGE_HEIGHT, &lh, sizeof(lh));
        buf = malloc((size_t)lw * lh);
        for (y = 0; y < lh; y++)
            for (x = 0; x < lw; x++) {
                double v = flat ? 100.0 : ko_pattern(x / s - dx, y / s - dy);
                buf[y * lw + x] = (vx_uint8)(v < 0 ? 0 : v > 255 ? 255 : v + 0.5);
            }
        r.start_x = r.start_y = 0;
        r.end_x = lw;
        r.end_y = lh;
        a.dim_x = lw;
        a.dim_y = lh;
        a.stride_x = 1;
        a.stride_y = (vx_int32)lw;
        CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &a, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        free(buf);
        vxReleaseImage(&img);
        s *= scale;
    }
    return p;
}

static vx_array ko_points(vx_context c, const vx_keypoint_t *kp, vx_size n, vx_size cap)
{
    vx_array a = vxCreateArray(c, VX_TYPE_KEYPOINT, cap);
    CTS_ASSERT_VALID(a);
    if (n) CTS_ASSERT_STATUS(vxAddArrayItems(a, n, kp, sizeof(*kp)), VX_SUCCESS);
    return a;
}

static vx_keypoint_t ko_kp(vx_int32 x, vx_int32 y, vx_int32 status)
{
    vx_keypoint_t k;
    k.x = x;
    k.y = y;
    k.strength = 7.5f;
    k.scale = 1.25f;
    k.orientation = 33.0f;
    k.tracking_status = status;
    k.error = 0.5f;
    return k;
}

typedef struct {
    vx_enum term;
    vx_float32 eps;
    vx_uint32 iters;
    vx_bool use_est;
    vx_size win;
} ko_args;

static vx_status ko_run(vx_context c, vx_pyramid a, vx_pyramid b, vx_array oldp, vx_array est, vx_array out,
                        const ko_args *args, int graph_mode)
{
    vx_scalar eps = vxCreateScalar(c, VX_TYPE_FLOAT32, &args->eps);
    vx_scalar it = vxCreateScalar(c, VX_TYPE_UINT32, &args->iters);
    vx_scalar ue = vxCreateScalar(c, VX_TYPE_BOOL, &args->use_est);
    vx_status s;
    if (graph_mode) {
        vx_graph g = vxCreateGraph(c);
        vx_node n = vxOpticalFlowPyrLKNode(g, a, b, oldp, est, out, args->term, eps, it, ue, args->win);
        s = vxGetStatus((vx_reference)n);
        if (s == VX_SUCCESS) s = vxVerifyGraph(g);
        if (s == VX_SUCCESS) s = vxProcessGraph(g);
        if (s == VX_SUCCESS) s = vxProcessGraph(g); /* twice: same result */
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
    } else {
        s = vxuOpticalFlowPyrLK(c, a, b, oldp, est, out, args->term, eps, it, ue, args->win);
    }
    vxReleaseScalar(&eps), vxReleaseScalar(&it), vxReleaseScalar(&ue);
    return s;
}

/* Track a grid of points under motion (dx, dy); every point must be found
 * within 1 pixel of old + motion. */
static void ko_motion_case(vx_context c, vx_uint32 w, vx_uint32 h, vx_size levels, vx_float32 scale, double dx,
                           double dy, const ko_args *args, int graph_mode)
{
    vx_pyramid a = ko_pyramid(c, levels, scale, w, h, 0, 0, 0), b = ko_pyramid(c, levels, scale, w, h, dx, dy, 0);
    vx_keypoint_t pts[64], got[64];
    vx_size n = 0, m = 0, i;
    vx_array oldp, out;
    int bad = 0, x, y;
    for (y = 20; y < (int)h - 20 && n < 64; y += 13)
        for (x = 20; x < (int)w - 20 && n < 64; x += 17) pts[n++] = ko_kp(x, y, 1);
    oldp = ko_points(c, pts, n, n);
    out = vxCreateArray(c, VX_TYPE_KEYPOINT, n);
    CTS_ASSERT_STATUS(ko_run(c, a, b, oldp, oldp, out, args, graph_mode), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryArray(out, VX_ARRAY_NUMITEMS, &m, sizeof(m)), VX_SUCCESS);
    CTS_ASSERT_EQ_INT(m, n);
    CTS_ASSERT_STATUS(vxCopyArrayRange(out, 0, m, sizeof(got[0]), got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (i = 0; i < n; i++) {
        double ex = pts[i].x + dx, ey = pts[i].y + dy;
        if (got[i].tracking_status != 1 || ko_abs(got[i].x - ex) > 1.0 || ko_abs(got[i].y - ey) > 1.0) bad++;
        /* everything but x, y, tracking_status is copied from the old point */
        if (got[i].strength != pts[i].strength || got[i].scale != pts[i].scale ||
            got[i].orientation != pts[i].orientation || got[i].error != pts[i].error)
            bad++;
    }
    CTS_EXPECT_MSG(bad == 0, "LK %ux%u levels=%zu motion (%g, %g) win=%zu term=%d %s: %d of %zu points wrong", w, h,
                   (size_t)levels, dx, dy, (size_t)args->win, args->term, graph_mode ? "graph" : "vxu", bad, (size_t)n);
    vxReleasePyramid(&a), vxReleasePyramid(&b), vxReleaseArray(&oldp), vxReleaseArray(&out);
}

CTS_TEST(OptFlow, known_motion, "REQ-0344 REQ-0345 REQ-0346 REQ-0347 REQ-0348 REQ-0351 REQ-0352 REQ-0353 REQ-0354 "
                                "REQ-0355 REQ-0357 REQ-0358 REQ-0359 REQ-0360 REQ-0362 REQ-0363")
{
    static const ko_args both5 = {VX_TERM_CRITERIA_BOTH, 0.01f, 30, vx_false_e, 5};
    static const ko_args iter9 = {VX_TERM_CRITERIA_ITERATIONS, 0.0f, 20, vx_false_e, 9};
    static const ko_args eps15 = {VX_TERM_CRITERIA_EPSILON, 0.001f, 0, vx_false_e, 15};
    static const ko_args both3 = {VX_TERM_CRITERIA_BOTH, 0.01f, 50, vx_false_e, 3};
    vx_context c = cts_context();
    ko_motion_case(c, 160, 120, 3, VX_SCALE_PYRAMID_HALF, 1.6, -0.8, &both5, 1);
    ko_motion_case(c, 160, 120, 3, VX_SCALE_PYRAMID_HALF, 1.6, -0.8, &both5, 0);
    ko_motion_case(c, 161, 97, 4, VX_SCALE_PYRAMID_HALF, 5.3, 3.7, &iter9, 1);
    ko_motion_case(c, 161, 97, 4, VX_SCALE_PYRAMID_HALF, -4.2, 2.5, &eps15, 0);
    ko_motion_case(c, 128, 128, 1, VX_SCALE_PYRAMID_HALF, 0.7, 0.4, &both3, 1);
    ko_motion_case(c, 200, 150, 4, VX_SCALE_PYRAMID_ORB, 3.0, -2.0, &both5, 0);
}

CTS_TEST(OptFlow, initial_estimate_and_lost, "REQ-0348 REQ-0349 REQ-0350 REQ-0351 REQ-0356 REQ-0361")
{
    vx_context c = cts_context();
    vx_uint32 w = 160, h = 120;
    double dx = 9.0, dy = -6.0; /* too far for a 1-level pyramid without the estimate */
    vx_pyramid a = ko_pyramid(c, 1, VX_SCALE_PYRAMID_HALF, w, h, 0, 0, 0);
    vx_pyramid b = ko_pyramid(c, 1, VX_SCALE_PYRAMID_HALF, w, h, dx, dy, 0);
    vx_pyramid fa = ko_pyramid(c, 2, VX_SCALE_PYRAMID_HALF, w, h, 0, 0, 1);
    vx_pyramid fb = ko_pyramid(c, 2, VX_SCALE_PYRAMID_HALF, w, h, 0, 0, 1);
    vx_keypoint_t pts[3] = {ko_kp(60, 50, 1), ko_kp(80, 70, 0), ko_kp(100, 40, 1)};
    vx_keypoint_t est[3], got[3];
    vx_array oldp = ko_points(c, pts, 3, 3), estp, out = vxCreateArray(c, VX_TYPE_KEYPOINT, 3);
    ko_args args = {VX_TERM_CRITERIA_BOTH, 0.01f, 30, vx_true_e, 7};
    vx_size n = 0, i;
    for (i = 0; i < 3; i++) est[i] = ko_kp(pts[i].x + 9, pts[i].y - 6, 1);
    estp = ko_points(c, est, 3, 3);
    CTS_ASSERT_STATUS(ko_run(c, a, b, oldp, estp, out, &args, 1), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryArray(out, VX_ARRAY_NUMITEMS, &n, sizeof(n)), VX_SUCCESS);
    CTS_ASSERT_EQ_INT(n, 3);
    CTS_ASSERT_STATUS(vxCopyArrayRange(out, 0, 3, sizeof(got[0]), got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (i = 0; i < 3; i += 2) {
        CTS_EXPECT_EQ_INT(got[i].tracking_status, 1);
        CTS_EXPECT(ko_abs(got[i].x - (pts[i].x + dx)) <= 1.0 && ko_abs(got[i].y - (pts[i].y + dy)) <= 1.0);
    }
    /* the lost input point is copied as it is */
    CTS_EXPECT(memcmp(&got[1], &pts[1], sizeof(got[1])) == 0);
    /* flat images: the gradient matrix is not invertible, every point is lost */
    args.use_est = vx_false_e;
    CTS_ASSERT_STATUS(ko_run(c, fa, fb, oldp, oldp, out, &args, 0), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyArrayRange(out, 0, 3, sizeof(got[0]), got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (i = 0; i < 3; i++) CTS_EXPECT_EQ_INT(got[i].tracking_status, 0);
    /* a point pushed out of the image by its estimate is lost */
    est[0] = ko_kp(-50, -50, 1);
    vxReleaseArray(&estp);
    estp = ko_points(c, est, 3, 3);
    args.use_est = vx_true_e;
    CTS_ASSERT_STATUS(ko_run(c, a, b, oldp, estp, out, &args, 0), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyArrayRange(out, 0, 1, sizeof(got[0]), got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got[0].tracking_status, 0);
    vxReleasePyramid(&a), vxReleasePyramid(&b), vxReleasePyramid(&fa), vxReleasePyramid(&fb);
    vxReleaseArray(&oldp), vxReleaseArray(&estp), vxReleaseArray(&out);
}

CTS_TEST(OptFlow, validator_refusals, "REQ-0345 REQ-0353 REQ-0355 REQ-0358 REQ-0360 REQ-0362")
{
    vx_context c = cts_context();
    vx_pyramid a = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 64, 64, VX_DF_IMAGE_U8);
    vx_pyramid b = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 64, 64, VX_DF_IMAGE_U8);
    vx_pyramid l2 = vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 64, 64, VX_DF_IMAGE_U8);
    vx_pyramid s16 = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 64, 64, VX_DF_IMAGE_S16);
    vx_pyramid big = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 80, 64, VX_DF_IMAGE_U8);
    vx_keypoint_t kp = ko_kp(10, 10, 1);
    vx_array pts = ko_points(c, &kp, 1, 4), out = vxCreateArray(c, VX_TYPE_KEYPOINT, 4);
    vx_array wrong = vxCreateArray(c, VX_TYPE_COORDINATES2D, 4);
    ko_args ok = {VX_TERM_CRITERIA_BOTH, 0.01f, 10, vx_false_e, 5};
    ko_args badwin = ok, badterm = ok, evenwin = ok;
    vx_size mw = 0;
    badwin.win = 17;
    evenwin.win = 4;
    badterm.term = VX_TERM_CRITERIA_BOTH + 10;
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION, &mw, sizeof(mw)), VX_SUCCESS);
    CTS_EXPECT(mw >= 9);
    CTS_EXPECT_STATUS(ko_run(c, a, b, pts, pts, out, &ok, 1), VX_SUCCESS);
    CTS_EXPECT(ko_run(c, a, l2, pts, pts, out, &ok, 1) != VX_SUCCESS);
    CTS_EXPECT_STATUS(ko_run(c, a, big, pts, pts, out, &ok, 1), VX_ERROR_INVALID_DIMENSION);
    if (vxGetStatus((vx_reference)s16) == VX_SUCCESS)
        CTS_EXPECT_STATUS(ko_run(c, s16, s16, pts, pts, out, &ok, 1), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(ko_run(c, a, b, wrong, pts, out, &ok, 1), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_STATUS(ko_run(c, a, b, pts, pts, out, &badwin, 1), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(ko_run(c, a, b, pts, pts, out, &evenwin, 0), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(ko_run(c, a, b, pts, pts, out, &badterm, 1), VX_ERROR_INVALID_VALUE);
    vxReleasePyramid(&a), vxReleasePyramid(&b), vxReleasePyramid(&l2), vxReleasePyramid(&big);
    if (vxGetStatus((vx_reference)s16) == VX_SUCCESS) vxReleasePyramid(&s16);
    vxReleaseArray(&pts), vxReleaseArray(&out), vxReleaseArray(&wrong);
}

CTS_TEST(OptFlow, virtual_points_from_fast, "REQ-0347 REQ-0348 REQ-0355 REQ-0178")
{
    /* FAST corners of the old level 0 -> virtual keypoint array -> LK */
    vx_context c = cts_context();
    vx_uint32 w = 160, h = 120;
    double dx = 2.0, dy = 1.0;
    vx_pyramid a = ko_pyramid(c, 3, VX_SCALE_PYRAMID_HALF, w, h, 0, 0, 0);
    vx_pyramid b = ko_pyramid(c, 3, VX_SCALE_PYRAMID_HALF, w, h, dx, dy, 0);
    vx_image l0 = vxGetPyramidLevel(a, 0);
    vx_float32 t = 4.0f, eps = 0.01f;
    vx_uint32 iters = 30;
    vx_bool no = vx_false_e;
    vx_scalar ts = vxCreateScalar(c, VX_TYPE_FLOAT32, &t), se = vxCreateScalar(c, VX_TYPE_FLOAT32, &eps),
              si = vxCreateScalar(c, VX_TYPE_UINT32, &iters), su = vxCreateScalar(c, VX_TYPE_BOOL, &no);
    vx_size zero = 0, nfast = 0, n = 0, i;
    vx_scalar cnt = vxCreateScalar(c, VX_TYPE_SIZE, &zero);
    vx_graph g = vxCreateGraph(c);
    vx_array pts = vxCreateVirtualArray(g, 0, 0), out = vxCreateArray(c, VX_TYPE_KEYPOINT, 20000);
    vx_keypoint_t *got;
    int tracked = 0;
    CTS_ASSERT_VALID(vxFastCornersNode(g, l0, ts, vx_true_e, pts, cnt));
    CTS_ASSERT_VALID(vxOpticalFlowPyrLKNode(g, a, b, pts, pts, out, VX_TERM_CRITERIA_BOTH, se, si, su, 7));
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyScalar(cnt, &nfast, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryArray(out, VX_ARRAY_NUMITEMS, &n, sizeof(n)), VX_SUCCESS);
    CTS_EXPECT_MSG(nfast > 0, "no FAST corners");
    CTS_EXPECT_EQ_INT(n, nfast);
    got = malloc((n ? n : 1) * sizeof(*got));
    if (n) CTS_EXPECT_STATUS(vxCopyArrayRange(out, 0, n, sizeof(*got), got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (i = 0; i < n; i++) tracked += got[i].tracking_status == 1;
    CTS_EXPECT(n == 0 || tracked * 10 >= (int)n * 8);
    free(got);
    vxReleaseGraph(&g);
    vxReleaseImage(&l0);
    vxReleasePyramid(&a), vxReleasePyramid(&b), vxReleaseArray(&pts), vxReleaseArray(&out);
    vxReleaseScalar(&ts), vxReleaseScalar(&se), vxReleaseScalar(&si), vxReleaseScalar(&su), vxReleaseScalar(&cnt);
}

CTS_TEST(OptFlow, immediate_border_policy, "REQ-0348")
{
    /* UNDEFINED-only kernels: another immediate border falls back to UNDEFINED,
     * or is refused under VX_BORDER_POLICY_RETURN_ERROR */
    vx_context c = cts_context();
    vx_pyramid a = ko_pyramid(c, 2, VX_SCALE_PYRAMID_HALF, 64, 64, 0, 0, 0);
    vx_keypoint_t kp = ko_kp(30, 30, 1);
    vx_array pts = ko_points(c, &kp, 1, 1), out = vxCreateArray(c, VX_TYPE_KEYPOINT, 1);
    ko_args args = {VX_TERM_CRITERIA_BOTH, 0.01f, 10, vx_false_e, 5};
    vx_border_t rep = {VX_BORDER_REPLICATE, {{0}}};
    vx_enum policy = VX_BORDER_POLICY_RETURN_ERROR;
    CTS_ASSERT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, &rep, sizeof(rep)), VX_SUCCESS);
    CTS_EXPECT_STATUS(ko_run(c, a, a, pts, pts, out, &args, 0), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &policy, sizeof(policy)), VX_SUCCESS);
    CTS_EXPECT_STATUS(ko_run(c, a, a, pts, pts, out, &args, 0), VX_ERROR_NOT_SUPPORTED);
    vxReleasePyramid(&a), vxReleaseArray(&pts), vxReleaseArray(&out);
}

CTS_TABLE(k_optflow) = {
    CTS_ENTRY(OptFlow, virtual_points_from_fast),
    CTS_ENTRY(OptFlow, immediate_border_policy),
    CTS_ENTRY(OptFlow, known_motion),
    CTS_ENTRY(OptFlow, initial_estimate_and_lost),
    CTS_ENTRY(OptFlow, validator_refusals),
    CTS_TABLE_END,
};
