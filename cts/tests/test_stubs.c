/*
 * Entry points not implemented yet must fail cleanly: VX_ERROR_NOT_IMPLEMENTED
 * (or an error object with that status) and a log entry.  Once a function is
 * implemented its test is skipped (counted as passed), so these tests keep
 * passing as the library grows.
 */
#include "../runner/cts.h"

#include <VX/vx_khr_nn.h>

static void check_creator(vx_reference r, const char *what)
{
    vx_status s;
    vx_enum type = 0;
    if (r == NULL) cts_fail(__FILE__, __LINE__, 1, "%s returned NULL, expected an error object", what);
    s = vxGetStatus(r);
    if (s != VX_ERROR_NOT_IMPLEMENTED) {
        if (s == VX_SUCCESS) (void)vxReleaseReference(&r);
        CTS_SKIP("implemented now");
    }
    CTS_EXPECT_STATUS(vxQueryReference(r, VX_REFERENCE_TYPE, &type, sizeof(type)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(type, VX_TYPE_ERROR);
    CTS_EXPECT_MSG(cts_log_count() >= 1, "%s left no log entry", what);
    CTS_EXPECT_EQ_INT(cts_log_last()->status, VX_ERROR_NOT_IMPLEMENTED);
}

static void check_status(vx_status s, const char *what)
{
    if (s != VX_ERROR_NOT_IMPLEMENTED) CTS_SKIP("implemented now");
    CTS_EXPECT_MSG(cts_log_count() >= 1, "%s left no log entry", what);
    CTS_EXPECT_EQ_INT(cts_log_last()->status, VX_ERROR_NOT_IMPLEMENTED);
}

#define STUB_CREATOR(name, expr)                                                                   \
    CTS_TEST(Stubs, name, "REQ-0535 REQ-0536 REQ-0537")                                            \
    {                                                                                              \
        vx_context c = cts_context();                                                              \
        cts_log_clear();                                                                           \
        check_creator((vx_reference)(expr), #expr);                                                \
    }

#define STUB_STATUS(name, expr)                                                                    \
    CTS_TEST(Stubs, name, "")                                                                      \
    {                                                                                              \
        vx_context c = cts_context();                                                              \
        cts_log_clear();                                                                           \
        check_status((expr), #expr);                                                               \
    }

static vx_uint8 u8 = 7;
static const vx_size tensor_dims[2] = {4, 4};

STUB_CREATOR(vxCreateGraph, vxCreateGraph(c))
STUB_CREATOR(vxCreateImage, vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8))
STUB_CREATOR(vxCreateScalar, vxCreateScalar(c, VX_TYPE_UINT8, &u8))
STUB_CREATOR(vxCreateArray, vxCreateArray(c, VX_TYPE_UINT8, 16))
STUB_CREATOR(vxCreateLUT, vxCreateLUT(c, VX_TYPE_UINT8, 256))
STUB_CREATOR(vxCreateDistribution, vxCreateDistribution(c, 16, 0, 256))
STUB_CREATOR(vxCreateMatrix, vxCreateMatrix(c, VX_TYPE_FLOAT32, 3, 3))
STUB_CREATOR(vxCreateConvolution, vxCreateConvolution(c, 3, 3))
STUB_CREATOR(vxCreatePyramid, vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 64, 48, VX_DF_IMAGE_U8))
STUB_CREATOR(vxCreateRemap, vxCreateRemap(c, 16, 16, 16, 16))
STUB_CREATOR(vxCreateThresholdForImage,
             vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8))
STUB_CREATOR(vxCreateTensor, vxCreateTensor(c, 2, tensor_dims, VX_TYPE_UINT8, 0))
STUB_STATUS(vxuAdd, vxuAdd(c, NULL, NULL, VX_CONVERT_POLICY_WRAP, NULL))
STUB_STATUS(vxuNot, vxuNot(c, NULL, NULL))
STUB_STATUS(vxuBox3x3, vxuBox3x3(c, NULL, NULL))

CTS_TABLE(stubs) = {
    CTS_ENTRY(Stubs, vxCreateGraph),
    CTS_ENTRY(Stubs, vxCreateImage),
    CTS_ENTRY(Stubs, vxCreateScalar),
    CTS_ENTRY(Stubs, vxCreateArray),
    CTS_ENTRY(Stubs, vxCreateLUT),
    CTS_ENTRY(Stubs, vxCreateDistribution),
    CTS_ENTRY(Stubs, vxCreateMatrix),
    CTS_ENTRY(Stubs, vxCreateConvolution),
    CTS_ENTRY(Stubs, vxCreatePyramid),
    CTS_ENTRY(Stubs, vxCreateRemap),
    CTS_ENTRY(Stubs, vxCreateThresholdForImage),
    CTS_ENTRY(Stubs, vxCreateTensor),
    CTS_ENTRY(Stubs, vxuAdd),
    CTS_ENTRY(Stubs, vxuNot),
    CTS_ENTRY(Stubs, vxuBox3x3),
    CTS_TABLE_END,
};
