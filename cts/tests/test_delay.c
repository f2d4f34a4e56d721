/* Conformance tests of the delay (spec "Object: Delay"). */
#include "../runner/cts.h"
#include <VX/vx_khr_user_data_object.h>

CTS_TEST(Delay, create_query_age, "REQ-1625 REQ-1626 REQ-1628 REQ-1630 REQ-1631 REQ-1632 REQ-1633 REQ-1636 REQ-1637 REQ-1638 REQ-1639 REQ-1640 REQ-1642 REQ-1643 REQ-1644 REQ-1645 REQ-1646 REQ-1647 REQ-1648 REQ-1649 REQ-1651 REQ-1657 REQ-1658 REQ-1661")
{
    vx_context c = cts_context();
    vx_image ex = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_delay d = vxCreateDelay(c, (vx_reference)ex, 3);
    vx_reference r0, r1, r2;
    vx_enum type = 0;
    vx_size slots = 0;
    CTS_ASSERT_VALID(d);
    CTS_EXPECT_STATUS(vxQueryDelay(d, VX_DELAY_TYPE, &type, sizeof(type)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(type, VX_TYPE_IMAGE);
    CTS_EXPECT_STATUS(vxQueryDelay(d, VX_DELAY_SLOTS, &slots, sizeof(slots)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(slots, 3);
    r0 = vxGetReferenceFromDelay(d, 0);
    r1 = vxGetReferenceFromDelay(d, -1);
    r2 = vxGetReferenceFromDelay(d, -2);
    CTS_ASSERT_VALID(r0);
    CTS_ASSERT_VALID(r1);
    CTS_ASSERT_VALID(r2);
    CTS_EXPECT(r0 != r1 && r1 != r2 && r0 != r2 && r0 != (vx_reference)ex);
    {
        vx_uint32 w = 0, h = 0;
        vx_df_image f = 0;
        CTS_EXPECT_STATUS(vxQueryImage((vx_image)r2, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryImage((vx_image)r2, VX_IMAGE_HEIGHT, &h, sizeof(h)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryImage((vx_image)r2, VX_IMAGE_FORMAT, &f, sizeof(f)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(w, 16);
        CTS_EXPECT_EQ_INT(h, 8);
        CTS_EXPECT_EQ_INT(f, VX_DF_IMAGE_U8);
    }
    /* index 0 -> -1 -> -2 -> 0 */
    CTS_ASSERT_STATUS(vxAgeDelay(d), VX_SUCCESS);
    CTS_EXPECT(vxGetReferenceFromDelay(d, -1) == r0);
    CTS_EXPECT(vxGetReferenceFromDelay(d, -2) == r1);
    CTS_EXPECT(vxGetReferenceFromDelay(d, 0) == r2);
    CTS_ASSERT_STATUS(vxAgeDelay(d), VX_SUCCESS);
    CTS_EXPECT(vxGetReferenceFromDelay(d, -2) == r0);
    CTS_EXPECT(vxGetReferenceFromDelay(d, 0) == r1);
    CTS_ASSERT_STATUS(vxAgeDelay(d), VX_SUCCESS);
    CTS_EXPECT(vxGetReferenceFromDelay(d, 0) == r0);
    /* out of range */
    CTS_EXPECT_ERROR_OBJECT(vxGetReferenceFromDelay(d, 1), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxGetReferenceFromDelay(d, -3), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT(vxGetReferenceFromDelay(NULL, 0) == NULL);
    CTS_EXPECT_STATUS(vxReleaseDelay(&d), VX_SUCCESS);
    CTS_EXPECT(d == NULL);
    CTS_EXPECT_STATUS(vxReleaseImage(&ex), VX_SUCCESS);
}

CTS_TEST(Delay, slot_references, "REQ-1647 REQ-1650 REQ-1658")
{
    vx_context c = cts_context();
    int base = cts_context_refs(c);
    vx_size dims[2] = {2, 3};
    vx_tensor ex;
    vx_delay d;
    vx_reference r, copy;
    ex = vxCreateTensor(c, 2, dims, VX_TYPE_INT32, 0);
    d = vxCreateDelay(c, (vx_reference)ex, 2);
    CTS_ASSERT_VALID(d);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base + 4);
    /* the reference is not counted for the application: releasing it fails... */
    r = vxGetReferenceFromDelay(d, 0);
    copy = r;
    CTS_EXPECT_STATUS(vxReleaseReference(&copy), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxGetStatus(r), VX_SUCCESS);
    /* ...unless it was retained first */
    CTS_EXPECT_STATUS(vxRetainReference(r), VX_SUCCESS);
    copy = r;
    CTS_EXPECT_STATUS(vxReleaseReference(&copy), VX_SUCCESS);
    CTS_ASSERT_VALID(r);
    /* a retained slot object outlives the delay */
    CTS_EXPECT_STATUS(vxRetainReference(r), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseDelay(&d), VX_SUCCESS);
    CTS_ASSERT_VALID(r);
    {
        vx_enum t = 0;
        CTS_EXPECT_STATUS(vxQueryTensor((vx_tensor)r, VX_TENSOR_DATA_TYPE, &t, sizeof(t)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(t, VX_TYPE_INT32);
    }
    CTS_EXPECT_STATUS(vxReleaseReference(&r), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseTensor(&ex), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base);
}

CTS_TEST(Delay, every_exemplar_type, "REQ-1638 REQ-1640 REQ-1641")
{
    vx_context c = cts_context();
    vx_size dims[2] = {3, 3};
    vx_int32 zero = 0;
    vx_image img = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_reference ex[13];
    vx_enum types[13] = {VX_TYPE_ARRAY, VX_TYPE_CONVOLUTION, VX_TYPE_DISTRIBUTION, VX_TYPE_IMAGE, VX_TYPE_LUT,
                         VX_TYPE_MATRIX, VX_TYPE_OBJECT_ARRAY, VX_TYPE_PYRAMID, VX_TYPE_REMAP, VX_TYPE_SCALAR,
                         VX_TYPE_THRESHOLD, VX_TYPE_TENSOR, VX_TYPE_USER_DATA_OBJECT};
    int i;
    ex[0] = (vx_reference)vxCreateArray(c, VX_TYPE_COORDINATES2D, 10);
    ex[1] = (vx_reference)vxCreateConvolution(c, 3, 3);
    ex[2] = (vx_reference)vxCreateDistribution(c, 8, 0, 256);
    ex[3] = (vx_reference)img;
    ex[4] = (vx_reference)vxCreateLUT(c, VX_TYPE_UINT8, 256);
    ex[5] = (vx_reference)vxCreateMatrix(c, VX_TYPE_INT32, 2, 2);
    ex[6] = (vx_reference)vxCreateObjectArray(c, (vx_reference)img, 3);
    ex[7] = (vx_reference)vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 8, 8, VX_DF_IMAGE_U8);
    ex[8] = (vx_reference)vxCreateRemap(c, 8, 8, 4, 4);
    ex[9] = (vx_reference)vxCreateScalar(c, VX_TYPE_INT32, &zero);
    ex[10] = (vx_reference)vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    ex[11] = (vx_reference)vxCreateTensor(c, 2, dims, VX_TYPE_UINT8, 0);
    ex[12] = (vx_reference)vxCreateUserDataObject(c, "u", 4, NULL);
    for (i = 0; i < 13; i++) {
        vx_delay d;
        vx_enum t = 0;
        vx_reference s0, s1;
        if (vxGetStatus(ex[i]) == VX_ERROR_NOT_IMPLEMENTED) continue; /* that object type is not there yet */
        CTS_ASSERT_VALID(ex[i]);
        d = vxCreateDelay(c, ex[i], 2);
        CTS_ASSERT_VALID(d);
        CTS_EXPECT_STATUS(vxQueryDelay(d, VX_DELAY_TYPE, &t, sizeof(t)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(t, types[i]);
        s0 = vxGetReferenceFromDelay(d, 0);
        s1 = vxGetReferenceFromDelay(d, -1);
        CTS_ASSERT_VALID(s0);
        CTS_ASSERT_VALID(s1);
        CTS_EXPECT(s0 != s1 && s0 != ex[i]);
        t = 0;
        CTS_EXPECT_STATUS(vxQueryReference(s1, VX_REFERENCE_TYPE, &t, sizeof(t)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(t, types[i]);
        if (types[i] == VX_TYPE_PYRAMID) {
            vx_size levels = 0;
            CTS_EXPECT_STATUS(vxQueryPyramid((vx_pyramid)s0, VX_PYRAMID_LEVELS, &levels, sizeof(levels)), VX_SUCCESS);
            CTS_EXPECT_EQ_INT(levels, 2);
        }
        if (types[i] == VX_TYPE_OBJECT_ARRAY) {
            vx_size n = 0;
            CTS_EXPECT_STATUS(vxQueryObjectArray((vx_object_array)s0, VX_OBJECT_ARRAY_NUMITEMS, &n, sizeof(n)),
                              VX_SUCCESS);
            CTS_EXPECT_EQ_INT(n, 3);
        }
        CTS_EXPECT_STATUS(vxReleaseDelay(&d), VX_SUCCESS);
    }
    for (i = 0; i < 13; i++)
        if (vxGetStatus(ex[i]) == VX_SUCCESS) CTS_EXPECT_STATUS(vxReleaseReference(&ex[i]), VX_SUCCESS);
}

CTS_TEST(Delay, errors, "REQ-1641 REQ-1642 REQ-1643 REQ-1652 REQ-1655 REQ-1657 REQ-1661")
{
    vx_context c = cts_context();
    vx_image ex = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_delay d = vxCreateDelay(c, (vx_reference)ex, 2), copy;
    vx_size n;
    vx_uint32 small;
    CTS_ASSERT_VALID(d);
    CTS_EXPECT(vxCreateDelay(NULL, (vx_reference)ex, 2) == NULL);
    CTS_EXPECT_ERROR_OBJECT(vxCreateDelay(c, (vx_reference)ex, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateDelay(c, NULL, 2), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateDelay(c, (vx_reference)d, 2), VX_ERROR_INVALID_TYPE); /* no delay of delays */
    CTS_EXPECT_ERROR_OBJECT(vxCreateDelay(c, (vx_reference)c, 2), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_STATUS(vxQueryDelay(d, VX_DELAY_SLOTS, &small, sizeof(small)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryDelay(d, VX_OBJECT_ARRAY_NUMITEMS, &n, sizeof(n)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxQueryDelay(NULL, VX_DELAY_SLOTS, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryDelay((vx_delay)ex, VX_DELAY_SLOTS, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxAgeDelay(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxAgeDelay((vx_delay)ex), VX_ERROR_INVALID_REFERENCE);
    copy = d;
    CTS_EXPECT_STATUS(vxReleaseDelay(&d), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseDelay(&copy), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxAgeDelay(copy), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseDelay(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseImage(&ex), VX_SUCCESS);
}

CTS_TABLE(delay) = {
    CTS_ENTRY(Delay, create_query_age),
    CTS_ENTRY(Delay, slot_references),
    CTS_ENTRY(Delay, every_exemplar_type),
    CTS_ENTRY(Delay, errors),
    CTS_TABLE_END,
};
