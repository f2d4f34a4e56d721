/*
 * Values the spec cannot mean (issue 11): NaN or infinity in a warp matrix or
 * a remap table, negative Canny hysteresis thresholds, a Gaussian or
 * Laplacian pyramid with levels below one pixel.  Each is refused with
 * VX_ERROR_INVALID_VALUE, at verification and (the matrix, written after
 * verification) at run time.
 */
#include "../runner/cts.h"

#include <math.h>
#include <string.h>

static vx_status verify_warp(vx_context c, vx_matrix m, int perspective)
{
    vx_graph g = vxCreateGraph(c);
    vx_image in = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8), out = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
    vx_node n = perspective ? vxWarpPerspectiveNode(g, in, m, VX_INTERPOLATION_BILINEAR, out)
                            : vxWarpAffineNode(g, in, m, VX_INTERPOLATION_BILINEAR, out);
    vx_status s = vxVerifyGraph(g);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    return s;
}

CTS_TEST(BadValues, warp_matrix_not_finite, "REQ-0329 REQ-0337")
{
    vx_context c = cts_context();
    vx_matrix a = vxCreateMatrix(c, VX_TYPE_FLOAT32, 2, 3), p = vxCreateMatrix(c, VX_TYPE_FLOAT32, 3, 3);
    vx_float32 ma[6] = {1, 0, 0, 1, 0, 0}, mp[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    vx_graph g;
    vx_image in, out;
    vx_node n;
    CTS_ASSERT_STATUS(vxCopyMatrix(a, ma, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyMatrix(p, mp, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(verify_warp(c, a, 0), VX_SUCCESS);
    CTS_EXPECT_STATUS(verify_warp(c, p, 1), VX_SUCCESS);
    ma[4] = NAN;
    mp[8] = INFINITY;
    CTS_ASSERT_STATUS(vxCopyMatrix(a, ma, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyMatrix(p, mp, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(verify_warp(c, a, 0), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(verify_warp(c, p, 1), VX_ERROR_INVALID_VALUE);
    /* written after verification: the run refuses it */
    ma[4] = 0;
    CTS_ASSERT_STATUS(vxCopyMatrix(a, ma, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    g = vxCreateGraph(c);
    in = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
    out = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
    n = vxWarpAffineNode(g, in, a, VX_INTERPOLATION_NEAREST_NEIGHBOR, out);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    ma[0] = -INFINITY;
    CTS_ASSERT_STATUS(vxCopyMatrix(a, ma, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_ERROR_INVALID_VALUE);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseMatrix(&a);
    vxReleaseMatrix(&p);
}

CTS_TEST(BadValues, remap_table_not_finite, "REQ-0312")
{
    vx_context c = cts_context();
    vx_remap r = vxCreateRemap(c, 16, 8, 16, 8);
    vx_image in = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8), out = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_coordinates2df_t pts[16 * 8];
    vx_rectangle_t rect = {0, 0, 16, 8};
    vx_uint32 i;
    for (i = 0; i < 16 * 8; i++) {
        pts[i].x = (vx_float32)(i % 16);
        pts[i].y = (vx_float32)(i / 16);
    }
    CTS_ASSERT_STATUS(vxCopyRemapPatch(r, &rect, 16 * sizeof(vx_coordinates2df_t), pts, VX_TYPE_COORDINATES2DF,
                                       VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxuRemap(c, in, r, VX_INTERPOLATION_BILINEAR, out), VX_SUCCESS);
    pts[77].y = NAN;
    CTS_ASSERT_STATUS(vxCopyRemapPatch(r, &rect, 16 * sizeof(vx_coordinates2df_t), pts, VX_TYPE_COORDINATES2DF,
                                       VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxuRemap(c, in, r, VX_INTERPOLATION_BILINEAR, out), VX_ERROR_INVALID_VALUE);
    vxReleaseRemap(&r);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

CTS_TEST(BadValues, canny_negative_thresholds, "REQ-0254")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8), out = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
    vx_threshold t = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_S16, VX_DF_IMAGE_U8);
    vx_pixel_value_t lo, hi;
    memset(&lo, 0, sizeof(lo));
    memset(&hi, 0, sizeof(hi));
    lo.S16 = 40;
    hi.S16 = 100;
    CTS_ASSERT_STATUS(vxCopyThresholdRange(t, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxuCannyEdgeDetector(c, in, t, 3, VX_NORM_L1, out), VX_SUCCESS);
    lo.S16 = -5;
    CTS_ASSERT_STATUS(vxCopyThresholdRange(t, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxuCannyEdgeDetector(c, in, t, 3, VX_NORM_L1, out), VX_ERROR_INVALID_VALUE);
    vxReleaseThreshold(&t);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

CTS_TEST(BadValues, pyramid_levels_below_one_pixel, "REQ-0305")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 64, 80, VX_DF_IMAGE_U8);
    vx_pyramid ok = vxCreatePyramid(c, 7, VX_SCALE_PYRAMID_HALF, 64, 80, VX_DF_IMAGE_U8); /* 64 .. 1 */
    vx_pyramid bad = vxCreatePyramid(c, 100, VX_SCALE_PYRAMID_HALF, 64, 80, VX_DF_IMAGE_U8);
    vx_pyramid lap = vxCreatePyramid(c, 100, VX_SCALE_PYRAMID_HALF, 64, 80, VX_DF_IMAGE_S16);
    vx_image low = vxCreateImage(c, 1, 1, VX_DF_IMAGE_U8);
    CTS_ASSERT_VALID(bad);
    CTS_EXPECT_STATUS(vxuGaussianPyramid(c, in, ok), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxuGaussianPyramid(c, in, bad), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(vxuLaplacianPyramid(c, in, lap, low), VX_ERROR_INVALID_VALUE);
    vxReleasePyramid(&ok);
    vxReleasePyramid(&bad);
    vxReleasePyramid(&lap);
    vxReleaseImage(&in);
    vxReleaseImage(&low);
}

CTS_TABLE(bad_values) = {
    CTS_ENTRY(BadValues, warp_matrix_not_finite),
    CTS_ENTRY(BadValues, remap_table_not_finite),
    CTS_ENTRY(BadValues, canny_negative_thresholds),
    CTS_ENTRY(BadValues, pyramid_levels_below_one_pixel),
    CTS_TABLE_END,
};
