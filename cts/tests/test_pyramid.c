/* Conformance tests of the image pyramid (spec "Object: Pyramid"). */
#include "../runner/cts.h"

/* ceil(640 * 2^(-i/4)) and ceil(481 * 2^(-i/4)), the ORB level sizes */
static const vx_uint32 orb_w[9] = {640, 539, 453, 381, 320, 270, 227, 191, 160};
static const vx_uint32 orb_h[9] = {481, 405, 341, 287, 241, 203, 171, 144, 121};

static void check_levels(vx_pyramid p, vx_size levels, vx_uint32 w, vx_uint32 h, vx_df_image f, int orb)
{
    vx_size i;
    for (i = 0; i < levels; i++) {
        vx_image img = vxGetPyramidLevel(p, (vx_uint32)i);
        vx_uint32 iw = 0, ih = 0, ew, eh;
        vx_df_image imf = 0;
        CTS_ASSERT_VALID(img);
        /* HALF: ceil(w / 2^i) */
        ew = orb ? orb_w[i] : (w + (1u << i) - 1) >> i;
        eh = orb ? orb_h[i] : (h + (1u << i) - 1) >> i;
        CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_WIDTH, &iw, sizeof(iw)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_HEIGHT, &ih, sizeof(ih)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_FORMAT, &imf, sizeof(imf)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(iw, ew);
        CTS_EXPECT_EQ_INT(ih, eh);
        CTS_EXPECT_EQ_INT(imf, f);
        CTS_EXPECT_STATUS(vxReleaseImage(&img), VX_SUCCESS);
    }
}

CTS_TEST(Pyramid, create_query_half, "REQ-1196 REQ-1197 REQ-1199 REQ-1201 REQ-1203 REQ-1205 REQ-1207 REQ-1208 REQ-1209 REQ-1210 REQ-1211 REQ-1212 REQ-1213 REQ-1214 REQ-1215 REQ-1226 REQ-1230 REQ-1231 REQ-1237")
{
    vx_context c = cts_context();
    vx_pyramid p = vxCreatePyramid(c, 4, VX_SCALE_PYRAMID_HALF, 9, 7, VX_DF_IMAGE_U8);
    vx_size levels = 0;
    vx_float32 scale = 0;
    vx_uint32 w = 0, h = 0;
    vx_df_image f = 0;
    CTS_ASSERT_VALID(p);
    CTS_EXPECT_STATUS(vxQueryPyramid(p, VX_PYRAMID_LEVELS, &levels, sizeof(levels)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryPyramid(p, VX_PYRAMID_SCALE, &scale, sizeof(scale)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryPyramid(p, VX_PYRAMID_WIDTH, &w, sizeof(w)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryPyramid(p, VX_PYRAMID_HEIGHT, &h, sizeof(h)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryPyramid(p, VX_PYRAMID_FORMAT, &f, sizeof(f)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(levels, 4);
    CTS_EXPECT(scale == VX_SCALE_PYRAMID_HALF);
    CTS_EXPECT_EQ_INT(w, 9);
    CTS_EXPECT_EQ_INT(h, 7);
    CTS_EXPECT_EQ_INT(f, VX_DF_IMAGE_U8);
    /* the spec's example: 9 -> 5 -> 3 (and 7 -> 4 -> 2 -> 1) */
    check_levels(p, 4, 9, 7, VX_DF_IMAGE_U8, 0);
    {
        vx_image l1 = vxGetPyramidLevel(p, 1), l2 = vxGetPyramidLevel(p, 2);
        vx_uint32 a = 0, b = 0;
        vxQueryImage(l1, VX_IMAGE_WIDTH, &a, sizeof(a));
        vxQueryImage(l2, VX_IMAGE_WIDTH, &b, sizeof(b));
        CTS_EXPECT_EQ_INT(a, 5);
        CTS_EXPECT_EQ_INT(b, 3);
        vxReleaseImage(&l1);
        vxReleaseImage(&l2);
    }
    /* errors */
    {
        vx_uint32 small;
        CTS_EXPECT_STATUS(vxQueryPyramid(p, VX_PYRAMID_LEVELS, &small, sizeof(small)), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryPyramid(p, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_ERROR_NOT_SUPPORTED);
        CTS_EXPECT_STATUS(vxQueryPyramid(NULL, VX_PYRAMID_WIDTH, &w, sizeof(w)), VX_ERROR_INVALID_REFERENCE);
        CTS_EXPECT_STATUS(vxQueryPyramid((vx_pyramid)c, VX_PYRAMID_WIDTH, &w, sizeof(w)), VX_ERROR_INVALID_REFERENCE);
        CTS_EXPECT_ERROR_OBJECT(vxGetPyramidLevel(p, 4), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT(vxGetPyramidLevel(NULL, 0) == NULL);
    }
    CTS_EXPECT_STATUS(vxReleasePyramid(&p), VX_SUCCESS);
    CTS_EXPECT(p == NULL);
    CTS_EXPECT_STATUS(vxReleasePyramid(&p), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleasePyramid(NULL), VX_ERROR_INVALID_REFERENCE);
}

CTS_TEST(Pyramid, orb_and_formats, "REQ-1207 REQ-1210 REQ-1211 REQ-1214")
{
    vx_context c = cts_context();
    vx_df_image fmts[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_S16, VX_DF_IMAGE_U16, VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX};
    vx_size i;
    vx_pyramid p = vxCreatePyramid(c, 9, VX_SCALE_PYRAMID_ORB, 640, 481, VX_DF_IMAGE_U8);
    CTS_ASSERT_VALID(p);
    check_levels(p, 9, 640, 481, VX_DF_IMAGE_U8, 1);
    CTS_EXPECT_STATUS(vxReleasePyramid(&p), VX_SUCCESS);
    for (i = 0; i < sizeof(fmts) / sizeof(fmts[0]); i++) {
        p = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 16, 8, fmts[i]);
        CTS_ASSERT_VALID(p);
        check_levels(p, 3, 16, 8, fmts[i], 0);
        CTS_EXPECT_STATUS(vxReleasePyramid(&p), VX_SUCCESS);
    }
    /* another scale, below and above 1 */
    p = vxCreatePyramid(c, 2, 0.25f, 10, 10, VX_DF_IMAGE_U8);
    CTS_ASSERT_VALID(p);
    {
        vx_image l = vxGetPyramidLevel(p, 1);
        vx_uint32 w = 0;
        vxQueryImage(l, VX_IMAGE_WIDTH, &w, sizeof(w));
        CTS_EXPECT_EQ_INT(w, 3);
        vxReleaseImage(&l);
    }
    CTS_EXPECT_STATUS(vxReleasePyramid(&p), VX_SUCCESS);
}

CTS_TEST(Pyramid, create_errors, "REQ-1209 REQ-1210 REQ-1214 REQ-1215")
{
    vx_context c = cts_context();
    vx_df_image bad[] = {VX_DF_IMAGE_NV12, VX_DF_IMAGE_NV21, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_UYVY, VX_DF_IMAGE_YUYV,
                         VX_DF_IMAGE_VIRT};
    vx_size i;
    CTS_EXPECT(vxCreatePyramid(NULL, 2, VX_SCALE_PYRAMID_HALF, 8, 8, VX_DF_IMAGE_U8) == NULL);
    CTS_EXPECT_ERROR_OBJECT(vxCreatePyramid(c, 0, VX_SCALE_PYRAMID_HALF, 8, 8, VX_DF_IMAGE_U8),
                            VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreatePyramid(c, 2, 0.0f, 8, 8, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreatePyramid(c, 2, -0.5f, 8, 8, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 0, 8, VX_DF_IMAGE_U8),
                            VX_ERROR_INVALID_DIMENSION);
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        CTS_EXPECT_ERROR_OBJECT(vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 8, 8, bad[i]), VX_ERROR_INVALID_FORMAT);
    /* an unknown format is refused too (by the image layer) */
    {
        vx_pyramid p = vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 8, 8, VX_DF_IMAGE('X', 'X', 'X', 'X'));
        CTS_EXPECT(vxGetStatus((vx_reference)p) != VX_SUCCESS);
    }
}

CTS_TEST(Pyramid, levels_are_children, "REQ-1226 REQ-1227 REQ-1238 REQ-1241")
{
    vx_context c = cts_context();
    int base = cts_context_refs(c);
    vx_pyramid p = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 8, 8, VX_DF_IMAGE_U8);
    vx_image l0, l0b;
    CTS_ASSERT_VALID(p);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base + 4);
    l0 = vxGetPyramidLevel(p, 0);
    l0b = vxGetPyramidLevel(p, 0);
    CTS_ASSERT_VALID(l0);
    CTS_EXPECT(l0 == l0b); /* the same image each time */
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)l0), 2);
    CTS_EXPECT_STATUS(vxReleaseImage(&l0b), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseImage(&l0), VX_SUCCESS);
    /* not below the pyramid's own hold */
    l0b = vxGetPyramidLevel(p, 0);
    l0 = l0b;
    CTS_EXPECT_STATUS(vxReleaseImage(&l0b), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseImage(&l0), VX_ERROR_INVALID_REFERENCE);
    {
        vx_image l2 = vxGetPyramidLevel(p, 2);
        vx_uint32 w = 0;
        CTS_ASSERT_VALID(l2);
        CTS_EXPECT_STATUS(vxReleasePyramid(&p), VX_SUCCESS);
        /* a level still held by the application keeps its pyramid alive */
        CTS_EXPECT_EQ_INT(cts_context_refs(c), base + 4);
        CTS_EXPECT_STATUS(vxQueryImage(l2, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(w, 2);
        CTS_EXPECT_STATUS(vxReleaseImage(&l2), VX_SUCCESS);
    }
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base);
}

CTS_TABLE(pyramid) = {
    CTS_ENTRY(Pyramid, create_query_half),
    CTS_ENTRY(Pyramid, orb_and_formats),
    CTS_ENTRY(Pyramid, create_errors),
    CTS_ENTRY(Pyramid, levels_are_children),
    CTS_TABLE_END,
};
