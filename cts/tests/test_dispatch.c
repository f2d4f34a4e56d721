/*
 * The dispatcher (runtime/dispatch.h): a node's compute variant is chosen at
 * verify, follows the SIMD level (CPU and OPENVX_SIMD: run this at each forced
 * level), is queryable as VX_NODE_OVX_VARIANT, and gives the same pixels.
 */
#include "../runner/cts.h"

#include <string.h>

static void variant_of(vx_node n, char *buf)
{
    buf[0] = 0;
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_OVX_VARIANT, buf, VX_OVX_MAX_STRING), VX_SUCCESS);
}

CTS_TEST(Dispatch, variant_follows_level, "")
{
    vx_context c = cts_context();
    char level[VX_OVX_MAX_STRING] = {0}, v[VX_OVX_MAX_STRING];
    char features[VX_OVX_MAX_STRING] = {0};
    const char *want, *want_pix;
    vx_graph g = vxCreateGraph(c);
    vx_image a = vxCreateImage(c, 100, 7, VX_DF_IMAGE_U8), b = vxCreateImage(c, 100, 7, VX_DF_IMAGE_U8);
    vx_image o = vxCreateImage(c, 100, 7, VX_DF_IMAGE_U8), s16 = vxCreateImage(c, 100, 7, VX_DF_IMAGE_S16);
    vx_node add = vxAddNode(g, a, b, VX_CONVERT_POLICY_SATURATE, o);
    vx_node add16 = vxAddNode(g, a, b, VX_CONVERT_POLICY_SATURATE, s16);
    vx_image x16 = vxCreateImage(c, 100, 7, VX_DF_IMAGE_S16), y16 = vxCreateImage(c, 100, 7, VX_DF_IMAGE_S16);
    vx_image d16 = vxCreateImage(c, 100, 7, VX_DF_IMAGE_S16);
    vx_node absdiff16 = vxAbsDiffNode(g, x16, y16, d16);
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_OVX_SIMD_LEVEL, level, sizeof(level)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_OVX_CPU_FEATURES, features, sizeof(features)), VX_SUCCESS);
    /* U8 add and S16 absdiff have a variant at every level; where the CPU
     * runs AVX-512 at half width the pixelwise rows take AVX2 at avx512 */
    want = strcmp(level, "none") == 0 ? "scalar" : level;
    want_pix = strcmp(level, "avx512") == 0 && strstr(features, "avx512-halfwidth") ? "avx2" : want;
    variant_of(add, v);
    CTS_EXPECT_MSG(strcmp(v, "scalar") == 0, "before verify: %s", v);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    variant_of(add, v);
    CTS_EXPECT_MSG(strcmp(v, want_pix) == 0, "level %s: U8 add runs %s, expected %s", level, v, want_pix);
    variant_of(add16, v);
    /* a format mix runs the generic routine built for the level */
    CTS_EXPECT_MSG(strcmp(v, want) == 0, "level %s: U8 + U8 -> S16 add runs %s, expected %s", level, v, want);
    variant_of(absdiff16, v);
    CTS_EXPECT_MSG(strcmp(v, want_pix) == 0, "level %s: S16 absdiff runs %s, expected %s", level, v, want_pix);
    CTS_EXPECT_STATUS(vxQueryNode(add, VX_NODE_OVX_VARIANT, v, 3), VX_ERROR_INVALID_PARAMETERS);
    vxReleaseNode(&add);
    vxReleaseNode(&add16);
    vxReleaseNode(&absdiff16);
    vxReleaseImage(&x16);
    vxReleaseImage(&y16);
    vxReleaseImage(&d16);
    vxReleaseGraph(&g);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseImage(&o);
    vxReleaseImage(&s16);
}

CTS_TABLE(dispatch) = {
    CTS_ENTRY(Dispatch, variant_follows_level),
    CTS_TABLE_END,
};
