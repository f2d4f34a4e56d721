/*
 * Conformance tests: geometry (Scale Image, Half-scale Gaussian, Warp Affine,
 * Warp Perspective, Remap).  Each function is checked against a plain model
 * written here from the spec's formulas, in graph mode and immediate mode,
 * on odd and even sizes, every format and border mode the spec allows, plus
 * the validators' refusals.
 */
#include "geo_util.h"


enum { MODE_GRAPH = 0, MODE_IMMEDIATE = 1 };

/* ---- the model: sample a byte buffer at (px, py) ----------------------- */

/* Check one output pixel v against the spec's sample of src at (px, py).
 * Returns 1 when it matches (or the value is undefined by the border mode). */
static int model_ok(const uint8_t *src, int sw, int sh, double px, double py, vx_enum interp, vx_border_t b, int u1,
                    int v)
{
    int cval = u1 ? (b.constant_value.U1 ? 1 : 0) : b.constant_value.U8;
    if (interp == VX_INTERPOLATION_NEAREST_NEIGHBOR) {
        double fx = geo_floor(px + 0.5), fy = geo_floor(py + 0.5);
        double ex = px + 0.5 - fx, ey = py + 0.5 - fy; /* ties: either neighbour */
        fx = geo_fmax(geo_fmin(fx, sw + 4), -4);
        fy = geo_fmax(geo_fmin(fy, sh + 4), -4);
        int xs[2] = {(int)fx, ex < 1e-4 ? (int)fx - 1 : (ex > 1 - 1e-4 ? (int)fx + 1 : (int)fx)};
        int ys[2] = {(int)fy, ey < 1e-4 ? (int)fy - 1 : (ey > 1 - 1e-4 ? (int)fy + 1 : (int)fy)};
        for (int i = 0; i < 2; i++) { /* far outside: any outside pixel has the border value */
            xs[i] = xs[i] < -4 ? -4 : (xs[i] > sw + 4 ? sw + 4 : xs[i]);
            ys[i] = ys[i] < -4 ? -4 : (ys[i] > sh + 4 ? sh + 4 : ys[i]);
        }
        for (int j = 0; j < 2; j++)
            for (int i = 0; i < 2; i++) {
                int x = xs[i], y = ys[j];
                if ((x < 0 || y < 0 || x >= sw || y >= sh) && b.mode == VX_BORDER_UNDEFINED) return 1;
                if (geo_at(src, sw, sh, x, y, b.mode, cval) == v) return 1;
            }
        return 0;
    } else {
        double xl = geo_floor(px), yl = geo_floor(py), s = px - xl, t = py - yl;
        int x = (int)geo_fmax(geo_fmin(xl, sw + 2), -4), y = (int)geo_fmax(geo_fmin(yl, sh + 2), -4);
        if (b.mode == VX_BORDER_UNDEFINED && (x < 0 || y < 0 || x + 1 >= sw || y + 1 >= sh)) return 1;
        double ref = (1 - s) * (1 - t) * geo_at(src, sw, sh, x, y, b.mode, cval) +
                     s * (1 - t) * geo_at(src, sw, sh, x + 1, y, b.mode, cval) +
                     (1 - s) * t * geo_at(src, sw, sh, x, y + 1, b.mode, cval) +
                     s * t * geo_at(src, sw, sh, x + 1, y + 1, b.mode, cval);
        if (u1) return geo_fabs(ref - 0.5) < 1e-3 || v == (ref >= 0.5 ? 1 : 0);
        return geo_fabs(ref - v) <= 1.0;
    }
}

/* Warps and Remap (compute/geometry.h): the position is rounded to 1/1024
 * pixel (error under 1/2048 plus float rounding), so a nearest or U1 output
 * near a tie is the model's at a position within 1/1024 of the real one; a
 * U8 bilinear output is within 1 of the model at the real position (0.5 of
 * rounding plus at most 255/1024). */
static int warp_model_ok(const uint8_t *src, int sw, int sh, double px, double py, vx_enum interp, vx_border_t b,
                         int u1, int v)
{
    const double d = 1.0 / 1024;
    if (model_ok(src, sw, sh, px, py, interp, b, u1, v)) return 1;
    if (interp == VX_INTERPOLATION_BILINEAR && !u1) return 0;
    for (int j = -1; j <= 1; j++)
        for (int i = -1; i <= 1; i++)
            if (model_ok(src, sw, sh, px + i * d, py + j * d, interp, b, u1, v)) return 1;
    return 0;
}

static void set_border(vx_context c, vx_node n, vx_border_t b, int mode)
{
    if (mode == MODE_GRAPH) CTS_ASSERT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
    else CTS_ASSERT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, &b, sizeof(b)), VX_SUCCESS);
}

static const vx_border_t borders[] = {
    {VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_CONSTANT, {{1}}},
    {VX_BORDER_CONSTANT, {{200}}}, {VX_BORDER_REPLICATE, {{0}}},
};
#define NBORDERS (sizeof(borders) / sizeof(borders[0]))

/* ---- Scale Image -------------------------------------------------------- */

static int area_ok(const uint8_t *src, int sw, int sh, int dw, int dh, int x, int y, int u1, int v)
{
    double rx = (double)sw / dw, ry = (double)sh / dh;
    double x0 = x * rx, x1 = (x + 1) * rx, y0 = y * ry, y1 = (y + 1) * ry, acc = 0, wsum = 0;
    for (int j = (int)geo_floor(y0); j < (int)geo_ceil(y1) && j < sh; j++)
        for (int i = (int)geo_floor(x0); i < (int)geo_ceil(x1) && i < sw; i++) {
            double w = (geo_fmin(i + 1, x1) - geo_fmax(i, x0)) * (geo_fmin(j + 1, y1) - geo_fmax(j, y0));
            if (w <= 0) continue;
            acc += w * src[(size_t)j * sw + i];
            wsum += w;
        }
    double ref = acc / wsum;
    if (u1) return geo_fabs(ref - 0.5) < 1e-3 || v == (ref >= 0.5 ? 1 : 0);
    return geo_fabs(ref - v) <= 1.0;
}

static void scale_case(vx_context c, int sw, int sh, int dw, int dh, vx_df_image f, vx_enum interp, vx_border_t b, int mode)
{
    int u1 = f == VX_DF_IMAGE_U1;
    uint8_t *src = geo_random_u8((uint32_t)sw, (uint32_t)sh, (uint32_t)(sw * 31 + dh), u1);
    vx_image in = geo_image(c, (vx_uint32)sw, (vx_uint32)sh, f, src);
    vx_image out = geo_image(c, (vx_uint32)dw, (vx_uint32)dh, f, NULL);
    if (mode == MODE_GRAPH) {
        vx_graph g = vxCreateGraph(c);
        vx_node n = vxScaleImageNode(g, in, out, interp);
        CTS_ASSERT_VALID(n);
        set_border(c, n, b, mode);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
    } else {
        set_border(c, NULL, b, mode);
        CTS_ASSERT_STATUS(vxuScaleImage(c, in, out, interp), VX_SUCCESS);
    }
    uint8_t *res = geo_read(out);
    int bad = 0;
    for (int y = 0; y < dh && bad < 5; y++)
        for (int x = 0; x < dw && bad < 5; x++) {
            int v = res[(size_t)y * dw + x], ok;
            if (interp == VX_INTERPOLATION_AREA) {
                ok = area_ok(src, sw, sh, dw, dh, x, y, u1, v);
            } else {
                double px = (x + 0.5) * sw / dw - 0.5, py = (y + 0.5) * sh / dh - 0.5;
                ok = model_ok(src, sw, sh, px, py, interp, b, u1, v);
            }
            if (!ok) {
                bad++;
                CTS_EXPECT_MSG(0, "scale %dx%d->%dx%d interp 0x%x border %d: pixel (%d,%d) = %d", sw, sh, dw, dh,
                               (unsigned)interp, (int)b.mode, x, y, v);
            }
        }
    free(res);
    free(src);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

static const int scale_sizes[][4] = {
    {7, 5, 14, 10}, {33, 17, 16, 9}, {64, 48, 63, 47}, {16, 16, 48, 48}, {1, 1, 3, 2}, {9, 9, 3, 3},
    {100, 100, 20, 20}, {31, 23, 32, 24}, {640, 480, 213, 160},
};
#define NSCALE (sizeof(scale_sizes) / sizeof(scale_sizes[0]))

static void scale_all(vx_context c, vx_df_image f, vx_enum interp, int mode)
{
    for (size_t s = 0; s < NSCALE; s++)
        for (size_t b = 0; b < NBORDERS; b++) {
            if (s == NSCALE - 1 && b > 0) continue; /* the large size once */
            scale_case(c, scale_sizes[s][0], scale_sizes[s][1], scale_sizes[s][2], scale_sizes[s][3], f, interp,
                       borders[b], mode);
        }
}

CTS_TEST(ScaleImage, nearest_u8, "REQ-0400 REQ-0403")
{
    vx_context c = cts_context();
    scale_all(c, VX_DF_IMAGE_U8, VX_INTERPOLATION_NEAREST_NEIGHBOR, MODE_GRAPH);
    scale_all(c, VX_DF_IMAGE_U8, VX_INTERPOLATION_NEAREST_NEIGHBOR, MODE_IMMEDIATE);
}

CTS_TEST(ScaleImage, bilinear_u8, "REQ-0402 REQ-0404")
{
    vx_context c = cts_context();
    scale_all(c, VX_DF_IMAGE_U8, VX_INTERPOLATION_BILINEAR, MODE_GRAPH);
    scale_all(c, VX_DF_IMAGE_U8, VX_INTERPOLATION_BILINEAR, MODE_IMMEDIATE);
}

CTS_TEST(ScaleImage, area_u8, "REQ-0401 REQ-0405")
{
    vx_context c = cts_context();
    scale_all(c, VX_DF_IMAGE_U8, VX_INTERPOLATION_AREA, MODE_GRAPH);
    scale_all(c, VX_DF_IMAGE_U8, VX_INTERPOLATION_AREA, MODE_IMMEDIATE);
}

CTS_TEST(ScaleImage, u1_all_interpolations, "REQ-0400 REQ-0401 REQ-0402")
{
    vx_context c = cts_context();
    scale_all(c, VX_DF_IMAGE_U1, VX_INTERPOLATION_NEAREST_NEIGHBOR, MODE_GRAPH);
    scale_all(c, VX_DF_IMAGE_U1, VX_INTERPOLATION_BILINEAR, MODE_IMMEDIATE);
    scale_all(c, VX_DF_IMAGE_U1, VX_INTERPOLATION_AREA, MODE_GRAPH);
}

CTS_TEST(ScaleImage, identity_is_copy, "REQ-0403 REQ-0404")
{
    vx_context c = cts_context();
    uint8_t *src = geo_random_u8(37, 21, 5, 0);
    vx_image in = geo_image(c, 37, 21, VX_DF_IMAGE_U8, src);
    vx_enum interps[] = {VX_INTERPOLATION_NEAREST_NEIGHBOR, VX_INTERPOLATION_BILINEAR, VX_INTERPOLATION_AREA};
    for (int i = 0; i < 3; i++) {
        vx_image out = geo_image(c, 37, 21, VX_DF_IMAGE_U8, NULL);
        CTS_ASSERT_STATUS(vxuScaleImage(c, in, out, interps[i]), VX_SUCCESS);
        uint8_t *res = geo_read(out);
        CTS_EXPECT(memcmp(res, src, 37 * 21) == 0);
        free(res);
        vxReleaseImage(&out);
    }
    free(src);
    vxReleaseImage(&in);
}

/* ---- Half-scale Gaussian ----------------------------------------------- */

static void halfscale_case(vx_context c, int w, int h, vx_int32 k, vx_border_t b, int mode, vx_df_image f)
{
    static const int g1[] = {1}, g3[] = {1, 2, 1}, g5[] = {1, 4, 6, 4, 1};
    const int *g = k == 5 ? g5 : (k == 3 ? g3 : g1);
    int r = k / 2, scale = k == 5 ? 256 : (k == 3 ? 16 : 1), u1 = f == VX_DF_IMAGE_U1;
    int dw = (w + 1) / 2, dh = (h + 1) / 2;
    uint8_t *src = geo_random_u8((uint32_t)w, (uint32_t)h, (uint32_t)(w + 7 * h + k), u1);
    vx_image in = geo_image(c, (vx_uint32)w, (vx_uint32)h, f, src);
    vx_image out = geo_image(c, (vx_uint32)dw, (vx_uint32)dh, f, NULL);
    if (mode == MODE_GRAPH) {
        vx_graph g = vxCreateGraph(c);
        vx_node n = vxHalfScaleGaussianNode(g, in, out, k);
        CTS_ASSERT_VALID(n);
        set_border(c, n, b, mode);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
    } else {
        set_border(c, NULL, b, mode);
        CTS_ASSERT_STATUS(vxuHalfScaleGaussian(c, in, out, k), VX_SUCCESS);
    }
    uint8_t *res = geo_read(out);
    int bad = 0;
    int cval = u1 ? (b.constant_value.U1 ? 1 : 0) : b.constant_value.U8;
    for (int y = 0; y < dh && bad < 5; y++)
        for (int x = 0; x < dw && bad < 5; x++) {
            int cx = 2 * x, cy = 2 * y, sum = 0;
            if (b.mode == VX_BORDER_UNDEFINED && (cx - r < 0 || cy - r < 0 || cx + r >= w || cy + r >= h)) continue;
            for (int j = -r; j <= r; j++)
                for (int i = -r; i <= r; i++) sum += g[i + r] * g[j + r] * geo_at(src, w, h, cx + i, cy + j, b.mode, cval);
            int v = res[(size_t)y * dw + x];
            int ok = u1 ? (2 * sum == scale || v == (2 * sum > scale)) : abs(v - sum / scale) <= 1;
            if (!ok) {
                bad++;
                CTS_EXPECT_MSG(0, "halfscale k=%d %dx%d border %d: (%d,%d) = %d, expected %d", (int)k, w, h,
                               (int)b.mode, x, y, v, sum / scale);
            }
        }
    free(res);
    free(src);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

CTS_TEST(HalfScaleGaussian, kernels_sizes_borders, "REQ-0406 REQ-0407 REQ-0408 REQ-0409 REQ-0410")
{
    vx_context c = cts_context();
    static const int sizes[][2] = {{1, 1}, {7, 5}, {33, 17}, {64, 48}, {640, 480}};
    vx_int32 ks[] = {1, 3, 5};
    for (size_t s = 0; s < 5; s++)
        for (int k = 0; k < 3; k++)
            for (size_t b = 0; b < NBORDERS; b++) {
                if (s == 4 && b > 0) continue;
                halfscale_case(c, sizes[s][0], sizes[s][1], ks[k], borders[b], (int)(b & 1), VX_DF_IMAGE_U8);
                halfscale_case(c, sizes[s][0], sizes[s][1], ks[k], borders[b], (int)((b + 1) & 1), VX_DF_IMAGE_U8);
            }
}

CTS_TEST(HalfScaleGaussian, u1, "REQ-0407 REQ-0408")
{
    vx_context c = cts_context();
    vx_border_t b = {VX_BORDER_REPLICATE, {{0}}};
    halfscale_case(c, 33, 17, 3, b, MODE_GRAPH, VX_DF_IMAGE_U1);
    halfscale_case(c, 16, 9, 5, b, MODE_IMMEDIATE, VX_DF_IMAGE_U1);
    halfscale_case(c, 15, 9, 1, b, MODE_GRAPH, VX_DF_IMAGE_U1);
}

/* ---- Warps and Remap --------------------------------------------------- */

enum { OP_AFFINE, OP_PERSPECTIVE, OP_REMAP };

static void make_matrix(float m[9], int op, int kind, int sw, int sh, int dw, int dh)
{
    /* cos and sin of 0, 0.5 and 0.7 rad */
    static const double cs[3][2] = {{1.0, 0.0}, {0.8775825618903728, 0.479425538604203}, {0.7648421872844885, 0.644217687237691}};
    double ca = cs[kind % 3][0], sa = cs[kind % 3][1];
    double sx = (double)sw / dw, sy = (double)sh / dh;
    memset(m, 0, 9 * sizeof(float));
    /* rows of the spec's matrix: column c of row r at m[r * cols + c] */
    int cols = op == OP_PERSPECTIVE ? 3 : 2;
    m[0 * cols + 0] = (float)(ca * sx);
    m[0 * cols + 1] = (float)(sa * sy);
    m[1 * cols + 0] = (float)(-sa * sx);
    m[1 * cols + 1] = (float)(ca * sy);
    m[2 * cols + 0] = (float)(kind == 0 ? 0.0 : sw * 0.2);
    m[2 * cols + 1] = (float)(kind == 0 ? 0.0 : -sh * 0.1);
    if (op == OP_PERSPECTIVE) {
        m[2] = (float)(kind == 0 ? 0.0 : 0.0007 * kind);
        m[5] = (float)(kind == 0 ? 0.0 : 0.0003);
        m[8] = 1.0f;
    }
}

static void warp_case(vx_context c, int op, int sw, int sh, int dw, int dh, int kind, vx_enum interp, vx_border_t b, int mode,
                      vx_df_image f)
{
    int u1 = f == VX_DF_IMAGE_U1;
    uint8_t *src = geo_random_u8((uint32_t)sw, (uint32_t)sh, (uint32_t)(sw * 3 + kind), u1);
    vx_image in = geo_image(c, (vx_uint32)sw, (vx_uint32)sh, f, src);
    vx_image out = geo_image(c, (vx_uint32)dw, (vx_uint32)dh, f, NULL);
    float m[9];
    vx_matrix mat = NULL;
    vx_remap map = NULL;
    vx_coordinates2df_t *pts = NULL;
    make_matrix(m, op, kind, sw, sh, dw, dh);
    if (op == OP_REMAP) {
        vx_rectangle_t r = {0, 0, (vx_uint32)dw, (vx_uint32)dh};
        pts = malloc(sizeof(*pts) * (size_t)dw * dh);
        CTS_ASSERT(pts != NULL);
        for (int y = 0; y < dh; y++)
            for (int x = 0; x < dw; x++) {
                pts[y * dw + x].x = m[0] * x + m[2] * y + m[4];
                pts[y * dw + x].y = m[1] * x + m[3] * y + m[5];
            }
        map = vxCreateRemap(c, (vx_uint32)sw, (vx_uint32)sh, (vx_uint32)dw, (vx_uint32)dh);
        CTS_ASSERT_VALID(map);
        CTS_ASSERT_STATUS(vxCopyRemapPatch(map, &r, sizeof(*pts) * (size_t)dw, pts, VX_TYPE_COORDINATES2DF,
                                           VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_SUCCESS);
    } else {
        mat = vxCreateMatrix(c, VX_TYPE_FLOAT32, op == OP_PERSPECTIVE ? 3 : 2, 3);
        CTS_ASSERT_VALID(mat);
        CTS_ASSERT_STATUS(vxCopyMatrix(mat, m, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    }
    if (mode == MODE_GRAPH) {
        vx_graph g = vxCreateGraph(c);
        vx_node n = op == OP_AFFINE ? vxWarpAffineNode(g, in, mat, interp, out)
                    : op == OP_PERSPECTIVE ? vxWarpPerspectiveNode(g, in, mat, interp, out)
                                           : vxRemapNode(g, in, map, interp, out);
        CTS_ASSERT_VALID(n);
        set_border(c, n, b, mode);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
    } else {
        set_border(c, NULL, b, mode);
        vx_status s = op == OP_AFFINE ? vxuWarpAffine(c, in, mat, interp, out)
                      : op == OP_PERSPECTIVE ? vxuWarpPerspective(c, in, mat, interp, out)
                                             : vxuRemap(c, in, map, interp, out);
        CTS_ASSERT_STATUS(s, VX_SUCCESS);
    }
    uint8_t *res = geo_read(out);
    int bad = 0;
    for (int y = 0; y < dh && bad < 5; y++)
        for (int x = 0; x < dw && bad < 5; x++) {
            double px, py;
            if (op == OP_REMAP) {
                px = pts[y * dw + x].x;
                py = pts[y * dw + x].y;
            } else if (op == OP_AFFINE) {
                px = (double)m[0] * x + (double)m[2] * y + m[4];
                py = (double)m[1] * x + (double)m[3] * y + m[5];
            } else {
                double z = (double)m[2] * x + (double)m[5] * y + m[8];
                px = ((double)m[0] * x + (double)m[3] * y + m[6]) / z;
                py = ((double)m[1] * x + (double)m[4] * y + m[7]) / z;
            }
            int v = res[(size_t)y * dw + x];
            if (!warp_model_ok(src, sw, sh, px, py, interp, b, u1, v)) {
                bad++;
                CTS_EXPECT_MSG(0, "op %d %dx%d->%dx%d kind %d interp 0x%x border %d: (%d,%d) = %d (sample %.3f,%.3f)",
                               op, sw, sh, dw, dh, kind, (unsigned)interp, (int)b.mode, x, y, v, px, py);
            }
        }
    free(res);
    free(src);
    free(pts);
    if (mat) vxReleaseMatrix(&mat);
    if (map) vxReleaseRemap(&map);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

static void warp_all(vx_context c, int op, vx_df_image f)
{
    static const int sizes[][4] = {{7, 5, 7, 5}, {33, 17, 20, 31}, {64, 48, 64, 48}, {1, 1, 5, 3}, {640, 480, 320, 240}};
    vx_enum interps[] = {VX_INTERPOLATION_NEAREST_NEIGHBOR, VX_INTERPOLATION_BILINEAR};
    for (size_t s = 0; s < 5; s++)
        for (int kind = 0; kind < 3; kind++)
            for (int i = 0; i < 2; i++)
                for (size_t b = 0; b < NBORDERS; b++) {
                    if (s == 4 && (b > 1 || kind != 1)) continue;
                    warp_case(c, op, sizes[s][0], sizes[s][1], sizes[s][2], sizes[s][3], kind, interps[i], borders[b],
                              (int)((b + (size_t)i) & 1), f);
                }
}

CTS_TEST(WarpAffine, u8_all_modes, "REQ-0498 REQ-0500 REQ-0501 REQ-0502 REQ-0504 REQ-0506")
{
    vx_context c = cts_context();
    warp_all(c, OP_AFFINE, VX_DF_IMAGE_U8);
}

CTS_TEST(WarpAffine, u1, "REQ-0500 REQ-0504")
{
    vx_context c = cts_context();
    warp_all(c, OP_AFFINE, VX_DF_IMAGE_U1);
}

CTS_TEST(WarpPerspective, u8_all_modes, "REQ-0508 REQ-0510 REQ-0511 REQ-0512 REQ-0513 REQ-0515 REQ-0516")
{
    vx_context c = cts_context();
    warp_all(c, OP_PERSPECTIVE, VX_DF_IMAGE_U8);
}

/* A nearest warp runs from a table of its matrix's pixels once the same
 * matrix has been seen a few runs (kernels/geometry.c): every run of one
 * graph, through matrix and border changes, equals the immediate
 * function's (a fresh node each call: from the matrix itself). */
static void warp_table_runs(int op)
{
    enum { SW = 203, SH = 61, DW = 190, DH = 57 };
    static const float ms[3][9] = {
        {0.9f, 0.1f, 1e-4f, -0.1f, 0.9f, -2e-4f, 5.0f, -3.0f, 1.0f},   /* partly outside the source */
        {1.1f, -0.3f, -3e-4f, 0.3f, 1.1f, 1e-4f, -8.0f, 12.5f, 1.0f},
        {0.6f, 0.5f, 0.0f, -0.5f, 0.6f, 0.0f, 30.0f, -10.0f, 1.0f},
    };
    static const float ma[3][6] = {
        {0.9f, 0.1f, -0.1f, 0.9f, 5.0f, -3.0f}, {1.1f, -0.3f, 0.3f, 1.1f, -8.0f, 12.5f}, {0.6f, 0.5f, -0.5f, 0.6f, 30.0f, -10.0f},
    };
    static const vx_border_t bs[2] = {{VX_BORDER_REPLICATE, {{0}}}, {VX_BORDER_CONSTANT, {{77}}}};
    vx_context c = cts_context();
    uint8_t *src = geo_random_u8(SW, SH, 91, 0);
    vx_image in = geo_image(c, SW, SH, VX_DF_IMAGE_U8, src);
    vx_image out = geo_image(c, DW, DH, VX_DF_IMAGE_U8, NULL), ref = geo_image(c, DW, DH, VX_DF_IMAGE_U8, NULL);
    vx_matrix mat = vxCreateMatrix(c, VX_TYPE_FLOAT32, op == OP_AFFINE ? 2 : 3, 3);
    vx_graph g = vxCreateGraph(c);
    vx_node n = op == OP_AFFINE ? vxWarpAffineNode(g, in, mat, VX_INTERPOLATION_NEAREST_NEIGHBOR, out)
                                : vxWarpPerspectiveNode(g, in, mat, VX_INTERPOLATION_NEAREST_NEIGHBOR, out);
    CTS_ASSERT_VALID(n);
    CTS_ASSERT_STATUS(vxCopyMatrix(mat, op == OP_AFFINE ? (void *)ma[0] : (void *)ms[0], VX_WRITE_ONLY,
                                   VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    for (int b = 0; b < 2; b++) {
        set_border(c, n, bs[b], MODE_GRAPH);
        set_border(c, NULL, bs[b], MODE_IMMEDIATE);
        for (int k = 0; k < 3; k++) {
            CTS_ASSERT_STATUS(vxCopyMatrix(mat, op == OP_AFFINE ? (void *)ma[k] : (void *)ms[k], VX_WRITE_ONLY,
                                           VX_MEMORY_TYPE_HOST),
                              VX_SUCCESS);
            CTS_ASSERT_STATUS(op == OP_AFFINE ? vxuWarpAffine(c, in, mat, VX_INTERPOLATION_NEAREST_NEIGHBOR, ref)
                                              : vxuWarpPerspective(c, in, mat, VX_INTERPOLATION_NEAREST_NEIGHBOR, ref),
                              VX_SUCCESS);
            uint8_t *want = geo_read(ref);
            for (int run = 0; run < 6; run++) { /* (6: built and read whatever the rule, kernels/geometry.c) */
                CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
                uint8_t *got = geo_read(out);
                CTS_EXPECT_MSG(memcmp(got, want, (size_t)DW * DH) == 0, "border %d, matrix %d, run %d", b, k, run);
                free(got);
            }
            free(want);
        }
    }
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseMatrix(&mat);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&ref);
    free(src);
}

CTS_TEST(WarpPerspective, nearest_table_across_runs, "REQ-0508 REQ-0510 REQ-0511 REQ-0515")
{
    warp_table_runs(OP_PERSPECTIVE);
}

CTS_TEST(WarpAffine, nearest_table_across_runs, "REQ-0498 REQ-0500 REQ-0501 REQ-0504")
{
    warp_table_runs(OP_AFFINE);
}

CTS_TEST(Remap, u8_all_modes, "REQ-0392 REQ-0394 REQ-0395 REQ-0396 REQ-0397")
{
    vx_context c = cts_context();
    warp_all(c, OP_REMAP, VX_DF_IMAGE_U8);
}

/* ---- virtual intermediate ---------------------------------------------- */

CTS_TEST(ScaleImage, virtual_intermediate, "REQ-0406 REQ-0400")
{
    vx_context c = cts_context();
    uint8_t *src = geo_random_u8(40, 30, 11, 0);
    vx_image in = geo_image(c, 40, 30, VX_DF_IMAGE_U8, src);
    vx_image out = geo_image(c, 20, 15, VX_DF_IMAGE_U8, NULL);
    vx_image ref = geo_image(c, 20, 15, VX_DF_IMAGE_U8, NULL);
    vx_graph g = vxCreateGraph(c);
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n1 = vxHalfScaleGaussianNode(g, in, v, 3);
    vx_node n2 = vxScaleImageNode(g, v, out, VX_INTERPOLATION_NEAREST_NEIGHBOR);
    CTS_ASSERT_VALID(n1);
    CTS_ASSERT_VALID(n2);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxuHalfScaleGaussian(c, in, ref, 3), VX_SUCCESS);
    uint8_t *a = geo_read(out), *b = geo_read(ref);
    CTS_EXPECT(memcmp(a, b, 20 * 15) == 0);
    free(a);
    free(b);
    free(src);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&v);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&ref);
}

/* ---- validator refusals ------------------------------------------------ */

static vx_status verify_one(vx_graph g, vx_node n)
{
    vx_status s;
    CTS_ASSERT_VALID(n);
    s = vxVerifyGraph(g);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(ScaleImage, refusals, "REQ-0400 REQ-0407 REQ-0409 REQ-0410")
{
    vx_context c = cts_context();
    vx_image u8 = geo_image(c, 32, 16, VX_DF_IMAGE_U8, NULL), u8b = geo_image(c, 16, 8, VX_DF_IMAGE_U8, NULL);
    vx_image s16 = geo_image(c, 32, 16, VX_DF_IMAGE_S16, NULL), u1 = geo_image(c, 16, 8, VX_DF_IMAGE_U1, NULL);
    vx_image wrong = geo_image(c, 15, 8, VX_DF_IMAGE_U8, NULL);
    vx_graph g;
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxScaleImageNode(g, s16, u8b, VX_INTERPOLATION_BILINEAR)), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxScaleImageNode(g, u8, u1, VX_INTERPOLATION_BILINEAR)), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxScaleImageNode(g, u8, u8b, VX_BORDER_CONSTANT)), VX_ERROR_INVALID_VALUE);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxHalfScaleGaussianNode(g, u8, u8b, 4)), VX_ERROR_INVALID_VALUE);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxHalfScaleGaussianNode(g, u8, wrong, 3)), VX_ERROR_INVALID_DIMENSION);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxHalfScaleGaussianNode(g, s16, u8b, 3)), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT(vxuScaleImage(c, s16, u8b, VX_INTERPOLATION_AREA) != VX_SUCCESS);
    vxReleaseImage(&u8);
    vxReleaseImage(&u8b);
    vxReleaseImage(&s16);
    vxReleaseImage(&u1);
    vxReleaseImage(&wrong);
}

CTS_TEST(WarpAffine, refusals, "REQ-0501 REQ-0503 REQ-0512 REQ-0514 REQ-0395")
{
    vx_context c = cts_context();
    vx_image in = geo_image(c, 32, 16, VX_DF_IMAGE_U8, NULL), out = geo_image(c, 32, 16, VX_DF_IMAGE_U8, NULL);
    vx_image s16 = geo_image(c, 32, 16, VX_DF_IMAGE_S16, NULL);
    vx_matrix m23 = vxCreateMatrix(c, VX_TYPE_FLOAT32, 2, 3), m33 = vxCreateMatrix(c, VX_TYPE_FLOAT32, 3, 3);
    vx_matrix mi = vxCreateMatrix(c, VX_TYPE_INT32, 2, 3);
    vx_remap bad = vxCreateRemap(c, 16, 16, 32, 16);
    vx_graph g;
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxWarpAffineNode(g, in, m33, VX_INTERPOLATION_BILINEAR, out)),
                      VX_ERROR_INVALID_DIMENSION);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxWarpAffineNode(g, in, mi, VX_INTERPOLATION_BILINEAR, out)), VX_ERROR_INVALID_TYPE);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxWarpAffineNode(g, in, m23, VX_INTERPOLATION_AREA, out)), VX_ERROR_INVALID_VALUE);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxWarpAffineNode(g, s16, m23, VX_INTERPOLATION_BILINEAR, out)),
                      VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxWarpPerspectiveNode(g, in, m23, VX_INTERPOLATION_BILINEAR, out)),
                      VX_ERROR_INVALID_DIMENSION);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxWarpPerspectiveNode(g, in, m33, VX_INTERPOLATION_AREA, out)),
                      VX_ERROR_INVALID_VALUE);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxRemapNode(g, in, bad, VX_INTERPOLATION_BILINEAR, out)), VX_ERROR_INVALID_DIMENSION);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&s16);
    vxReleaseMatrix(&m23);
    vxReleaseMatrix(&m33);
    vxReleaseMatrix(&mi);
    vxReleaseRemap(&bad);
}

CTS_TABLE(k_geometry) = {
    CTS_ENTRY(ScaleImage, nearest_u8),
    CTS_ENTRY(ScaleImage, bilinear_u8),
    CTS_ENTRY(ScaleImage, area_u8),
    CTS_ENTRY(ScaleImage, u1_all_interpolations),
    CTS_ENTRY(ScaleImage, identity_is_copy),
    CTS_ENTRY(HalfScaleGaussian, kernels_sizes_borders),
    CTS_ENTRY(HalfScaleGaussian, u1),
    CTS_ENTRY(WarpAffine, u8_all_modes),
    CTS_ENTRY(WarpAffine, u1),
    CTS_ENTRY(WarpPerspective, u8_all_modes),
    CTS_ENTRY(WarpPerspective, nearest_table_across_runs),
    CTS_ENTRY(WarpAffine, nearest_table_across_runs),
    CTS_ENTRY(Remap, u8_all_modes),
    CTS_ENTRY(ScaleImage, virtual_intermediate),
    CTS_ENTRY(ScaleImage, refusals),
    CTS_ENTRY(WarpAffine, refusals),
    CTS_TABLE_END,
};
