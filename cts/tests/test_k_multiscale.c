/*
 * Conformance tests: image pyramids (Gaussian pyramid, Laplacian pyramid,
 * reconstruction).  Checked against plain models written here from the spec's
 * formulas, in graph and immediate mode, with virtual pyramids and the
 * validators' refusals.
 *
 * UpSample's REPLICATE border (spec "Laplacian Image Pyramid") is read as the
 * replicated border of the image being upsampled: the zero-injected image
 * continues its even/odd pattern beyond the edges.
 */
#include "geo_util.h"


static const int g5[5] = {1, 4, 6, 4, 1};

static int near_idx(int i, int in, int out, int *alt)
{
    double p = (i + 0.5) * in / out - 0.5, f = geo_floor(p + 0.5), e = p + 0.5 - f;
    int r = (int)f;
    *alt = e < 1e-4 ? r - 1 : r;
    if (r >= in) r = in - 1;
    if (*alt < 0) *alt = 0;
    return r;
}

/* The model of one Gaussian pyramid level (int samples, replicate or constant). */
static int gauss_at(const int *src, int w, int h, int cx, int cy, vx_border_t b)
{
    int sum = 0;
    for (int j = -2; j <= 2; j++)
        for (int i = -2; i <= 2; i++) {
            int x = cx + i, y = cy + j, v;
            if ((x < 0 || y < 0 || x >= w || y >= h) && b.mode == VX_BORDER_CONSTANT) v = b.constant_value.U8;
            else {
                x = x < 0 ? 0 : (x >= w ? w - 1 : x);
                y = y < 0 ? 0 : (y >= h ? h - 1 : y);
                v = src[y * w + x];
            }
            sum += g5[i + 2] * g5[j + 2] * v;
        }
    return sum >> 8;
}

static int *to_int(const void *p, int n, int s16)
{
    int *o = malloc(sizeof(int) * (size_t)(n ? n : 1));
    CTS_ASSERT(o != NULL);
    for (int i = 0; i < n; i++) o[i] = s16 ? ((const int16_t *)p)[i] : ((const uint8_t *)p)[i];
    return o;
}

static void gpyr_case(vx_context c, int w, int h, vx_float32 scale, vx_size levels, vx_border_t b, int immediate)
{
    uint8_t *src = geo_random_u8((uint32_t)w, (uint32_t)h, (uint32_t)(w * 5 + h), 0);
    vx_image in = geo_image(c, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_U8, src);
    vx_pyramid pyr = vxCreatePyramid(c, levels, scale, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_U8);
    CTS_ASSERT_VALID(pyr);
    if (!immediate) {
        vx_graph g = vxCreateGraph(c);
        vx_node n = vxGaussianPyramidNode(g, in, pyr);
        CTS_ASSERT_VALID(n);
        CTS_ASSERT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
    } else {
        CTS_ASSERT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, &b, sizeof(b)), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxuGaussianPyramid(c, in, pyr), VX_SUCCESS);
    }
    int pw = w, ph = h, *prev = NULL, bad = 0;
    for (vx_uint32 l = 0; l < levels; l++) {
        vx_image lv = vxGetPyramidLevel(pyr, l);
        vx_uint32 lw = 0, lh = 0;
        CTS_ASSERT_VALID(lv);
        vxQueryImage(lv, VX_IMAGE_WIDTH, &lw, sizeof(lw));
        vxQueryImage(lv, VX_IMAGE_HEIGHT, &lh, sizeof(lh));
        static const double orb4[4] = {1.0, 0.8408964152537145, 0.7071067811865476, 0.5946035575013605};
        double f = scale == VX_SCALE_PYRAMID_ORB ? orb4[l % 4] : 1.0;
        for (vx_uint32 k = 0; k < (scale == VX_SCALE_PYRAMID_ORB ? l / 4 : l); k++) f *= 0.5;
        CTS_EXPECT_EQ_INT(lw, (vx_uint32)geo_ceil(w * f - 1e-9));
        CTS_EXPECT_EQ_INT(lh, (vx_uint32)geo_ceil(h * f - 1e-9));
        uint8_t *res = geo_read(lv);
        if (l == 0) {
            CTS_EXPECT(memcmp(res, src, (size_t)w * h) == 0);
        } else {
            for (int y = 0; y < (int)lh && bad < 5; y++)
                for (int x = 0; x < (int)lw && bad < 5; x++) {
                    int ax, ay, sx = near_idx(x, pw, (int)lw, &ax), sy = near_idx(y, ph, (int)lh, &ay);
                    if (b.mode == VX_BORDER_UNDEFINED && (ax < 2 || ay < 2 || sx + 2 >= pw || sy + 2 >= ph)) continue;
                    int v = res[y * (int)lw + x];
                    int r1 = gauss_at(prev, pw, ph, sx, sy, b), r2 = gauss_at(prev, pw, ph, ax, ay, b);
                    if (abs(v - r1) > 1 && abs(v - r2) > 1) {
                        bad++;
                        CTS_EXPECT_MSG(0, "level %u (%d,%d) = %d, expected %d", l, x, y, v, r1);
                    }
                }
        }
        free(prev);
        prev = to_int(res, (int)(lw * lh), 0);
        pw = (int)lw;
        ph = (int)lh;
        free(res);
        vxReleaseImage(&lv);
    }
    free(prev);
    free(src);
    vxReleasePyramid(&pyr);
    vxReleaseImage(&in);
}

CTS_TEST(GaussianPyramid, half_and_orb, "REQ-0187 REQ-0188 REQ-0189 REQ-0191 REQ-0192")
{
    vx_context c = cts_context();
    static const int sizes[][2] = {{7, 5}, {33, 17}, {64, 48}, {640, 480}, {1, 1}};
    vx_border_t bs[] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}, {VX_BORDER_CONSTANT, {{77}}}};
    for (int s = 0; s < 5; s++)
        for (int b = 0; b < 3; b++) {
            gpyr_case(c, sizes[s][0], sizes[s][1], VX_SCALE_PYRAMID_HALF, s == 4 ? 1 : 4, bs[b], b & 1);
            gpyr_case(c, sizes[s][0], sizes[s][1], VX_SCALE_PYRAMID_ORB, s == 4 ? 1 : 5, bs[b], (b + 1) & 1);
        }
}

/* ---- Laplacian pyramid model ------------------------------------------- */

static int *model_level(const int *src, int w, int h, int dw, int dh)
{
    vx_border_t rep = {VX_BORDER_REPLICATE, {{0}}};
    int *o = malloc(sizeof(int) * (size_t)dw * dh), a;
    CTS_ASSERT(o != NULL);
    for (int y = 0; y < dh; y++)
        for (int x = 0; x < dw; x++)
            o[y * dw + x] = gauss_at(src, w, h, near_idx(x, w, dw, &a), near_idx(y, h, dh, &a), rep);
    return o;
}

static int floordiv2(int v)
{
    return (int)geo_floor(v / 2.0);
}

/* UpSample(small)(x, y) for an output of size w x h. */
static int model_up(const int *s, int sw, int sh, int x, int y)
{
    int sum = 0;
    for (int l = -2; l <= 2; l++)
        for (int k = -2; k <= 2; k++) {
            int xx = x + k, yy = y + l;
            if ((xx & 1) || (yy & 1)) continue;
            int sx = floordiv2(xx), sy = floordiv2(yy);
            sx = sx < 0 ? 0 : (sx >= sw ? sw - 1 : sx);
            sy = sy < 0 ? 0 : (sy >= sh ? sh - 1 : sy);
            sum += g5[k + 2] * g5[l + 2] * s[sy * sw + sx];
        }
    return (sum / 256) * 4;
}

static int sat16(int v)
{
    return v < -32768 ? -32768 : (v > 32767 ? 32767 : v);
}

static void lpyr_case(vx_context c, int w, int h, vx_size n, vx_df_image f, int immediate)
{
    int s16 = f == VX_DF_IMAGE_S16;
    uint8_t *bytes = geo_random_u8((uint32_t)w, (uint32_t)h, (uint32_t)(w + h * 3), 0);
    int16_t *wide = malloc(sizeof(int16_t) * (size_t)w * h);
    CTS_ASSERT(wide != NULL);
    for (int i = 0; i < w * h; i++) wide[i] = bytes[i];
    vx_image in = geo_image(c, (vx_uint32)w, (vx_uint32)h, f, s16 ? (void *)wide : (void *)bytes);
    int lw = w, lh = h;
    for (vx_size l = 0; l < n; l++) lw = (lw + 1) / 2, lh = (lh + 1) / 2;
    vx_image low = geo_image(c, (vx_uint32)lw, (vx_uint32)lh, f, NULL);
    vx_image back = geo_image(c, (vx_uint32)w, (vx_uint32)h, f, NULL);
    vx_pyramid lap = vxCreatePyramid(c, n, VX_SCALE_PYRAMID_HALF, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_S16);
    CTS_ASSERT_VALID(lap);
    if (immediate) {
        CTS_ASSERT_STATUS(vxuLaplacianPyramid(c, in, lap, low), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxuLaplacianReconstruct(c, lap, low, back), VX_SUCCESS);
    } else {
        vx_graph g = vxCreateGraph(c);
        vx_node n1 = vxLaplacianPyramidNode(g, in, lap, low);
        vx_node n2 = vxLaplacianReconstructNode(g, lap, low, back);
        CTS_ASSERT_VALID(n1);
        CTS_ASSERT_VALID(n2);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseNode(&n1);
        vxReleaseNode(&n2);
        vxReleaseGraph(&g);
    }
    /* model: G_0 = input, G_i+1 = level(G_i), L_i = G_i - UpSample(G_i+1) */
    int *gi = to_int(bytes, w * h, 0), gw = w, gh = h, bad = 0;
    for (vx_uint32 l = 0; l < n; l++) {
        int nw = (gw + 1) / 2, nh = (gh + 1) / 2;
        int *gn = model_level(gi, gw, gh, nw, nh);
        vx_image lv = vxGetPyramidLevel(lap, l);
        CTS_ASSERT_VALID(lv);
        int16_t *res = geo_read(lv);
        for (int y = 0; y < gh && bad < 5; y++)
            for (int x = 0; x < gw && bad < 5; x++) {
                int ref = sat16(gi[y * gw + x] - model_up(gn, nw, nh, x, y));
                if (abs(res[y * gw + x] - ref) > 1) {
                    bad++;
                    CTS_EXPECT_MSG(0, "L%u (%d,%d) = %d, expected %d", l, x, y, res[y * gw + x], ref);
                }
            }
        free(res);
        vxReleaseImage(&lv);
        free(gi);
        gi = gn;
        gw = nw;
        gh = nh;
    }
    void *lowv = geo_read(low);
    int *lowi = to_int(lowv, lw * lh, s16);
    for (int i = 0; i < lw * lh; i++)
        if (abs(lowi[i] - gi[i]) > 1) {
            CTS_EXPECT_MSG(0, "lowest level pixel %d = %d, expected %d", i, lowi[i], gi[i]);
            break;
        }
    /* reconstruction is exact */
    void *backv = geo_read(back);
    CTS_EXPECT(memcmp(backv, s16 ? (void *)wide : (void *)bytes, (size_t)w * h * (s16 ? 2 : 1)) == 0);
    free(backv);
    free(lowv);
    free(lowi);
    free(gi);
    free(bytes);
    free(wide);
    vxReleasePyramid(&lap);
    vxReleaseImage(&in);
    vxReleaseImage(&low);
    vxReleaseImage(&back);
}

CTS_TEST(LaplacianPyramid, model_and_round_trip, "REQ-0262 REQ-0263 REQ-0265 REQ-0266 REQ-0267 REQ-0268 REQ-0384")
{
    vx_context c = cts_context();
    static const int sizes[][2] = {{7, 5}, {33, 17}, {64, 48}, {640, 480}};
    for (int s = 0; s < 4; s++) {
        lpyr_case(c, sizes[s][0], sizes[s][1], s == 0 ? 2 : 4, VX_DF_IMAGE_U8, 0);
        lpyr_case(c, sizes[s][0], sizes[s][1], s == 0 ? 1 : 3, VX_DF_IMAGE_U8, 1);
        lpyr_case(c, sizes[s][0], sizes[s][1], 2, VX_DF_IMAGE_S16, s & 1);
    }
}

CTS_TEST(LaplacianReconstruct, virtual_pyramid, "REQ-0384 REQ-0386 REQ-0387 REQ-0388 REQ-0389 REQ-0390")
{
    vx_context c = cts_context();
    uint8_t *src = geo_random_u8(45, 31, 99, 0);
    vx_image in = geo_image(c, 45, 31, VX_DF_IMAGE_U8, src);
    vx_image out = geo_image(c, 45, 31, VX_DF_IMAGE_U8, NULL);
    vx_graph g = vxCreateGraph(c);
    vx_pyramid vp = vxCreateVirtualPyramid(g, 3, VX_SCALE_PYRAMID_HALF, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image vlow = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n1 = vxLaplacianPyramidNode(g, in, vp, vlow);
    vx_node n2 = vxLaplacianReconstructNode(g, vp, vlow, out);
    CTS_ASSERT_VALID(vp);
    CTS_ASSERT_VALID(n1);
    CTS_ASSERT_VALID(n2);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    uint8_t *res = geo_read(out);
    CTS_EXPECT(memcmp(res, src, 45 * 31) == 0);
    free(res);
    free(src);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleasePyramid(&vp);
    vxReleaseImage(&vlow);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

static vx_status verify_one(vx_graph g, vx_node n)
{
    vx_status s;
    CTS_ASSERT_VALID(n);
    s = vxVerifyGraph(g);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(GaussianPyramid, refusals, "REQ-0191 REQ-0192 REQ-0265 REQ-0266 REQ-0386 REQ-0387")
{
    vx_context c = cts_context();
    vx_image u8 = geo_image(c, 32, 16, VX_DF_IMAGE_U8, NULL), s16 = geo_image(c, 32, 16, VX_DF_IMAGE_S16, NULL);
    vx_image low = geo_image(c, 8, 4, VX_DF_IMAGE_U8, NULL), lowbad = geo_image(c, 9, 4, VX_DF_IMAGE_U8, NULL);
    vx_image u1 = geo_image(c, 32, 16, VX_DF_IMAGE_U1, NULL);
    vx_pyramid p8 = vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 32, 16, VX_DF_IMAGE_U8);
    vx_pyramid psize = vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 30, 16, VX_DF_IMAGE_U8);
    vx_pyramid p16 = vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 32, 16, VX_DF_IMAGE_S16);
    vx_pyramid porb = vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_ORB, 32, 16, VX_DF_IMAGE_S16);
    vx_graph g;
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxGaussianPyramidNode(g, s16, p8)), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxGaussianPyramidNode(g, u8, psize)), VX_ERROR_INVALID_DIMENSION);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxGaussianPyramidNode(g, u8, p16)), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxLaplacianPyramidNode(g, u8, porb, low)), VX_ERROR_INVALID_VALUE);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxLaplacianPyramidNode(g, u1, p16, low)), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxLaplacianPyramidNode(g, u8, p8, low)), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxLaplacianReconstructNode(g, p16, lowbad, u8)), VX_ERROR_INVALID_DIMENSION);
    g = vxCreateGraph(c);
    CTS_EXPECT_STATUS(verify_one(g, vxLaplacianReconstructNode(g, p8, low, u8)), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT(vxuGaussianPyramid(c, s16, p8) != VX_SUCCESS);
    vxReleaseImage(&u8);
    vxReleaseImage(&s16);
    vxReleaseImage(&low);
    vxReleaseImage(&lowbad);
    vxReleaseImage(&u1);
    vxReleasePyramid(&p8);
    vxReleasePyramid(&psize);
    vxReleasePyramid(&p16);
    vxReleasePyramid(&porb);
}

CTS_TABLE(k_multiscale) = {
    CTS_ENTRY(GaussianPyramid, half_and_orb),
    CTS_ENTRY(LaplacianPyramid, model_and_round_trip),
    CTS_ENTRY(LaplacianReconstruct, virtual_pyramid),
    CTS_ENTRY(GaussianPyramid, refusals),
    CTS_TABLE_END,
};
