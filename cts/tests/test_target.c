/* Spec "Object: Context": vxSetImmediateModeTarget. */
#include "../runner/cts.h"

CTS_TEST(Target, immediate_target_any, "")
{
    vx_context c = cts_context();
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(c, VX_TARGET_ANY, NULL), VX_SUCCESS);
    /* the string is ignored unless the enum is VX_TARGET_STRING */
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(c, VX_TARGET_ANY, "no.such.target"), VX_SUCCESS);
}

CTS_TEST(Target, immediate_target_string, "")
{
    vx_context c = cts_context();
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(c, VX_TARGET_STRING, VX_OVX_TARGET_CPU), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(c, VX_TARGET_STRING, "OVX.CPU"), VX_SUCCESS); /* case-insensitive */
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(c, VX_TARGET_STRING, "any"), VX_SUCCESS);
}

CTS_TEST(Target, immediate_target_unknown, "")
{
    vx_context c = cts_context();
    cts_log_clear();
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(c, VX_TARGET_STRING, "no.such.target"), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(c, VX_TARGET_STRING, NULL), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(c, VX_TARGET_STRING, ""), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(c, VX_ENUM_BASE(VX_ID_KHRONOS, VX_ENUM_TARGET) + 0x7F, NULL),
                      VX_ERROR_NOT_SUPPORTED);
    /* a failed call leaves a usable context */
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(c, VX_TARGET_ANY, NULL), VX_SUCCESS);
}

CTS_TEST(Target, bad_context, "")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "notctx", 1, 1);
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget(NULL, VX_TARGET_ANY, NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetImmediateModeTarget((vx_context)k, VX_TARGET_ANY, NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TABLE(target) = {
    CTS_ENTRY(Target, immediate_target_any),
    CTS_ENTRY(Target, immediate_target_string),
    CTS_ENTRY(Target, immediate_target_unknown),
    CTS_ENTRY(Target, bad_context),
    CTS_TABLE_END,
};
