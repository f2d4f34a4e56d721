/* Conformance tests of the object array (spec "Object: ObjectArray"), and
 * vxCreateImageObjectArrayFromTensor ("Object: Tensor"). */
#include "../runner/cts.h"
#include <VX/vx_khr_user_data_object.h>

#include <string.h>

/* One exemplar of every type an object array may hold. */
static vx_reference make_exemplar(vx_context c, vx_enum type)
{
    vx_size dims[3] = {4, 3, 2};
    vx_int32 zero = 0;
    switch (type) {
    case VX_TYPE_IMAGE: return (vx_reference)vxCreateImage(c, 17, 9, VX_DF_IMAGE_S16);
    case VX_TYPE_ARRAY: return (vx_reference)vxCreateArray(c, VX_TYPE_KEYPOINT, 33);
    case VX_TYPE_PYRAMID: return (vx_reference)vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 16, 12, VX_DF_IMAGE_U8);
    case VX_TYPE_SCALAR: return (vx_reference)vxCreateScalar(c, VX_TYPE_INT32, &zero);
    case VX_TYPE_MATRIX: return (vx_reference)vxCreateMatrix(c, VX_TYPE_FLOAT32, 3, 2);
    case VX_TYPE_CONVOLUTION: return (vx_reference)vxCreateConvolution(c, 5, 3);
    case VX_TYPE_DISTRIBUTION: return (vx_reference)vxCreateDistribution(c, 16, 10, 200);
    case VX_TYPE_LUT: return (vx_reference)vxCreateLUT(c, VX_TYPE_INT16, 100);
    case VX_TYPE_REMAP: return (vx_reference)vxCreateRemap(c, 32, 24, 16, 12);
    case VX_TYPE_THRESHOLD:
        return (vx_reference)vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16);
    case VX_TYPE_TENSOR: return (vx_reference)vxCreateTensor(c, 3, dims, VX_TYPE_INT8, 0);
    case VX_TYPE_USER_DATA_OBJECT: return (vx_reference)vxCreateUserDataObject(c, "blob_t", 24, NULL);
    default: return NULL;
    }
}

#define SAME(query, obj_t, attr, var_t)                                                                       \
    do {                                                                                                      \
        var_t a_, b_;                                                                                         \
        memset(&a_, 0, sizeof(a_));                                                                           \
        memset(&b_, 0xff, sizeof(b_));                                                                        \
        CTS_EXPECT_STATUS(query((obj_t)ex, attr, &a_, sizeof(a_)), VX_SUCCESS);                               \
        CTS_EXPECT_STATUS(query((obj_t)item, attr, &b_, sizeof(b_)), VX_SUCCESS);                             \
        CTS_EXPECT_MSG(memcmp(&a_, &b_, sizeof(a_)) == 0, "%s differs between exemplar and item", #attr);    \
    } while (0)

/* The item has the exemplar's metadata. */
static void check_like(vx_reference ex, vx_reference item)
{
    vx_enum te = 0, ti = 0;
    CTS_ASSERT_STATUS(vxQueryReference(ex, VX_REFERENCE_TYPE, &te, sizeof(te)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryReference(item, VX_REFERENCE_TYPE, &ti, sizeof(ti)), VX_SUCCESS);
    CTS_ASSERT_EQ_INT(ti, te);
    CTS_EXPECT(ex != item);
    switch (te) {
    case VX_TYPE_IMAGE:
        SAME(vxQueryImage, vx_image, VX_IMAGE_WIDTH, vx_uint32);
        SAME(vxQueryImage, vx_image, VX_IMAGE_HEIGHT, vx_uint32);
        SAME(vxQueryImage, vx_image, VX_IMAGE_FORMAT, vx_df_image);
        break;
    case VX_TYPE_ARRAY:
        SAME(vxQueryArray, vx_array, VX_ARRAY_ITEMTYPE, vx_enum);
        SAME(vxQueryArray, vx_array, VX_ARRAY_CAPACITY, vx_size);
        break;
    case VX_TYPE_PYRAMID:
        SAME(vxQueryPyramid, vx_pyramid, VX_PYRAMID_LEVELS, vx_size);
        SAME(vxQueryPyramid, vx_pyramid, VX_PYRAMID_SCALE, vx_float32);
        SAME(vxQueryPyramid, vx_pyramid, VX_PYRAMID_WIDTH, vx_uint32);
        SAME(vxQueryPyramid, vx_pyramid, VX_PYRAMID_HEIGHT, vx_uint32);
        SAME(vxQueryPyramid, vx_pyramid, VX_PYRAMID_FORMAT, vx_df_image);
        break;
    case VX_TYPE_SCALAR: SAME(vxQueryScalar, vx_scalar, VX_SCALAR_TYPE, vx_enum); break;
    case VX_TYPE_MATRIX:
        SAME(vxQueryMatrix, vx_matrix, VX_MATRIX_TYPE, vx_enum);
        SAME(vxQueryMatrix, vx_matrix, VX_MATRIX_ROWS, vx_size);
        SAME(vxQueryMatrix, vx_matrix, VX_MATRIX_COLUMNS, vx_size);
        break;
    case VX_TYPE_CONVOLUTION:
        SAME(vxQueryConvolution, vx_convolution, VX_CONVOLUTION_ROWS, vx_size);
        SAME(vxQueryConvolution, vx_convolution, VX_CONVOLUTION_COLUMNS, vx_size);
        break;
    case VX_TYPE_DISTRIBUTION:
        SAME(vxQueryDistribution, vx_distribution, VX_DISTRIBUTION_BINS, vx_size);
        SAME(vxQueryDistribution, vx_distribution, VX_DISTRIBUTION_OFFSET, vx_int32);
        SAME(vxQueryDistribution, vx_distribution, VX_DISTRIBUTION_RANGE, vx_uint32);
        break;
    case VX_TYPE_LUT:
        SAME(vxQueryLUT, vx_lut, VX_LUT_TYPE, vx_enum);
        SAME(vxQueryLUT, vx_lut, VX_LUT_COUNT, vx_size);
        break;
    case VX_TYPE_REMAP:
        SAME(vxQueryRemap, vx_remap, VX_REMAP_SOURCE_WIDTH, vx_uint32);
        SAME(vxQueryRemap, vx_remap, VX_REMAP_SOURCE_HEIGHT, vx_uint32);
        SAME(vxQueryRemap, vx_remap, VX_REMAP_DESTINATION_WIDTH, vx_uint32);
        SAME(vxQueryRemap, vx_remap, VX_REMAP_DESTINATION_HEIGHT, vx_uint32);
        break;
    case VX_TYPE_THRESHOLD:
        SAME(vxQueryThreshold, vx_threshold, VX_THRESHOLD_TYPE, vx_enum);
        SAME(vxQueryThreshold, vx_threshold, VX_THRESHOLD_INPUT_FORMAT, vx_df_image);
        SAME(vxQueryThreshold, vx_threshold, VX_THRESHOLD_OUTPUT_FORMAT, vx_df_image);
        break;
    case VX_TYPE_TENSOR: {
        vx_size d1[4] = {0}, d2[4] = {0};
        SAME(vxQueryTensor, vx_tensor, VX_TENSOR_NUMBER_OF_DIMS, vx_size);
        SAME(vxQueryTensor, vx_tensor, VX_TENSOR_DATA_TYPE, vx_enum);
        SAME(vxQueryTensor, vx_tensor, VX_TENSOR_FIXED_POINT_POSITION, vx_int8);
        CTS_EXPECT_STATUS(vxQueryTensor((vx_tensor)ex, VX_TENSOR_DIMS, d1, 3 * sizeof(vx_size)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryTensor((vx_tensor)item, VX_TENSOR_DIMS, d2, 3 * sizeof(vx_size)), VX_SUCCESS);
        CTS_EXPECT(memcmp(d1, d2, sizeof(d1)) == 0);
        break;
    }
    case VX_TYPE_USER_DATA_OBJECT: {
        vx_char n1[VX_MAX_REFERENCE_NAME], n2[VX_MAX_REFERENCE_NAME];
        SAME(vxQueryUserDataObject, vx_user_data_object, VX_USER_DATA_OBJECT_SIZE, vx_size);
        CTS_EXPECT_STATUS(vxQueryUserDataObject((vx_user_data_object)ex, VX_USER_DATA_OBJECT_NAME, n1, sizeof(n1)),
                          VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryUserDataObject((vx_user_data_object)item, VX_USER_DATA_OBJECT_NAME, n2, sizeof(n2)),
                          VX_SUCCESS);
        CTS_EXPECT(strcmp(n1, n2) == 0);
        break;
    }
    case VX_TYPE_OBJECT_ARRAY: {
        vx_reference e0, i0;
        SAME(vxQueryObjectArray, vx_object_array, VX_OBJECT_ARRAY_ITEMTYPE, vx_enum);
        SAME(vxQueryObjectArray, vx_object_array, VX_OBJECT_ARRAY_NUMITEMS, vx_size);
        e0 = vxGetObjectArrayItem((vx_object_array)ex, 0);
        i0 = vxGetObjectArrayItem((vx_object_array)item, 0);
        check_like(e0, i0);
        vxReleaseReference(&e0);
        vxReleaseReference(&i0);
        break;
    }
    default: CTS_EXPECT_MSG(0, "unexpected type 0x%x", (unsigned)te);
    }
}

static const vx_enum item_types[] = {VX_TYPE_IMAGE, VX_TYPE_ARRAY, VX_TYPE_PYRAMID, VX_TYPE_SCALAR, VX_TYPE_MATRIX,
                                     VX_TYPE_CONVOLUTION, VX_TYPE_DISTRIBUTION, VX_TYPE_LUT, VX_TYPE_REMAP,
                                     VX_TYPE_THRESHOLD, VX_TYPE_TENSOR, VX_TYPE_USER_DATA_OBJECT};

CTS_TEST(ObjectArray, create_every_type, "REQ-1449 REQ-1450 REQ-1452 REQ-1454 REQ-1455 REQ-1456 REQ-1458 REQ-1459 REQ-1460 REQ-1462 REQ-1469 REQ-1470 REQ-1471 REQ-1472 REQ-1473 REQ-1474 REQ-1480 REQ-1481 REQ-1484")
{
    vx_context c = cts_context();
    vx_size t;
    for (t = 0; t < sizeof(item_types) / sizeof(item_types[0]); t++) {
        vx_reference ex = make_exemplar(c, item_types[t]), item, items[4];
        vx_object_array a;
        vx_enum type = 0;
        vx_size n = 0;
        vx_uint32 i;
        int ex_count;
        if (vxGetStatus(ex) == VX_ERROR_NOT_IMPLEMENTED) continue; /* that object type is not there yet */
        CTS_ASSERT_VALID(ex);
        ex_count = cts_ref_count(ex);
        a = vxCreateObjectArray(c, ex, 4);
        CTS_ASSERT_VALID(a);
        CTS_EXPECT_EQ_INT(cts_ref_count(ex), ex_count); /* the exemplar is not kept */
        CTS_EXPECT_STATUS(vxQueryObjectArray(a, VX_OBJECT_ARRAY_ITEMTYPE, &type, sizeof(type)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(type, item_types[t]);
        CTS_EXPECT_STATUS(vxQueryObjectArray(a, VX_OBJECT_ARRAY_NUMITEMS, &n, sizeof(n)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(n, 4);
        for (i = 0; i < 4; i++) {
            items[i] = vxGetObjectArrayItem(a, i);
            CTS_ASSERT_VALID(items[i]);
            check_like(ex, items[i]);
            if (i) CTS_EXPECT(items[i] != items[i - 1]);
        }
        item = vxGetObjectArrayItem(a, 4);
        CTS_EXPECT(vxGetStatus(item) != VX_SUCCESS);
        for (i = 0; i < 4; i++) {
            CTS_EXPECT_STATUS(vxReleaseReference(&items[i]), VX_SUCCESS);
            CTS_EXPECT(items[i] == NULL);
        }
        CTS_EXPECT_STATUS(vxReleaseObjectArray(&a), VX_SUCCESS);
        CTS_EXPECT(a == NULL);
        CTS_EXPECT_STATUS(vxReleaseReference(&ex), VX_SUCCESS);
    }
}

CTS_TEST(ObjectArray, items_are_distinct_objects, "REQ-1454 REQ-1455 REQ-1469")
{
    vx_context c = cts_context();
    vx_user_data_object ex = vxCreateUserDataObject(c, "u", 8, "abcdefg");
    vx_object_array a = vxCreateObjectArray(c, (vx_reference)ex, 3);
    vx_user_data_object i0, i1, i0b;
    vx_uint8 v = 77, out = 0;
    CTS_ASSERT_VALID(a);
    i0 = (vx_user_data_object)vxGetObjectArrayItem(a, 0);
    i1 = (vx_user_data_object)vxGetObjectArrayItem(a, 1);
    /* metadata only: the exemplar's data is not copied (items are zero here) */
    CTS_EXPECT_STATUS(vxCopyUserDataObject(i0, 0, 1, &out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(out != 'a');
    CTS_EXPECT_STATUS(vxCopyUserDataObject(i0, 3, 1, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(i1, 3, 1, &out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(out != 77);
    /* the same item again: the same object, with the data written */
    i0b = (vx_user_data_object)vxGetObjectArrayItem(a, 0);
    CTS_EXPECT(i0b == i0);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(i0b, 3, 1, &out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out, 77);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(ex, 3, 1, &out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out, 'd'); /* the exemplar is not altered */
    vxReleaseUserDataObject(&i0b);
    vxReleaseUserDataObject(&i0);
    vxReleaseUserDataObject(&i1);
    vxReleaseObjectArray(&a);
    vxReleaseUserDataObject(&ex);
}

CTS_TEST(ObjectArray, item_references, "REQ-1470 REQ-1481")
{
    vx_context c = cts_context();
    int base = cts_context_refs(c);
    vx_image ex = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_object_array a = vxCreateObjectArray(c, (vx_reference)ex, 2);
    vx_reference it, copy;
    CTS_ASSERT_VALID(a);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base + 4);
    it = vxGetObjectArrayItem(a, 1);
    CTS_EXPECT_EQ_INT(cts_ref_count(it), 1);
    copy = it;
    CTS_EXPECT_STATUS(vxReleaseReference(&it), VX_SUCCESS);
    /* the array's own hold cannot be released by the application */
    CTS_EXPECT_STATUS(vxReleaseReference(&copy), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base + 4);
    /* an item held by the application outlives the release of the array */
    it = vxGetObjectArrayItem(a, 0);
    CTS_EXPECT_STATUS(vxReleaseObjectArray(&a), VX_SUCCESS);
    {
        vx_uint32 w = 0;
        CTS_EXPECT_STATUS(vxQueryImage((vx_image)it, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(w, 8);
    }
    CTS_EXPECT_STATUS(vxReleaseReference(&it), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseImage(&ex), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base);
}

CTS_TEST(ObjectArray, errors, "REQ-1461 REQ-1462 REQ-1475 REQ-1478 REQ-1480 REQ-1484")
{
    vx_context c = cts_context();
    vx_image ex = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_object_array a = vxCreateObjectArray(c, (vx_reference)ex, 2), copy;
    vx_delay d;
    vx_size n;
    vx_uint32 small;
    CTS_ASSERT_VALID(a);
    CTS_EXPECT(vxCreateObjectArray(NULL, (vx_reference)ex, 2) == NULL);
    CTS_EXPECT_ERROR_OBJECT(vxCreateObjectArray(c, (vx_reference)ex, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateObjectArray(c, NULL, 2), VX_ERROR_INVALID_REFERENCE);
    /* no object arrays of object arrays, delays or non-data objects */
    CTS_EXPECT_ERROR_OBJECT(vxCreateObjectArray(c, (vx_reference)a, 2), VX_ERROR_INVALID_TYPE);
    d = vxCreateDelay(c, (vx_reference)ex, 2);
    CTS_ASSERT_VALID(d);
    CTS_EXPECT_ERROR_OBJECT(vxCreateObjectArray(c, (vx_reference)d, 2), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateObjectArray(c, (vx_reference)c, 2), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_STATUS(vxReleaseDelay(&d), VX_SUCCESS);
    CTS_EXPECT(vxGetObjectArrayItem(NULL, 0) == NULL);
    CTS_EXPECT_STATUS(vxQueryObjectArray(a, VX_OBJECT_ARRAY_NUMITEMS, &small, sizeof(small)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryObjectArray(a, VX_OBJECT_ARRAY_NUMITEMS, NULL, sizeof(n)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryObjectArray(a, VX_DELAY_SLOTS, &n, sizeof(n)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxQueryObjectArray((vx_object_array)ex, VX_OBJECT_ARRAY_NUMITEMS, &n, sizeof(n)),
                      VX_ERROR_INVALID_REFERENCE);
    copy = a;
    CTS_EXPECT_STATUS(vxReleaseObjectArray(&a), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseObjectArray(&copy), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryObjectArray(copy, VX_OBJECT_ARRAY_NUMITEMS, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseObjectArray(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseImage(&ex), VX_SUCCESS);
}

CTS_TEST(ObjectArray, images_from_tensor, "REQ-1511 REQ-1512 REQ-1513 REQ-1514 REQ-1515 REQ-1516 REQ-1517")
{
    vx_context c = cts_context();
    vx_size dims[3] = {6, 5, 3}, st[3] = {2, 12, 60}, s0[3] = {0, 0, 0}, n = 0;
    vx_int16 data[90];
    vx_tensor t = vxCreateTensor(c, 3, dims, VX_TYPE_INT16, 8);
    vx_rectangle_t rect = {1, 2, 5, 4}; /* 4 x 2 */
    vx_object_array a;
    vx_uint32 i, x, y;
    for (i = 0; i < 90; i++) data[i] = (vx_int16)i;
    CTS_ASSERT_VALID(t);
    CTS_ASSERT_STATUS(vxCopyTensorPatch(t, 3, s0, dims, st, data, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    a = vxCreateImageObjectArrayFromTensor(t, &rect, 3, st[2], VX_DF_IMAGE_S16);
    CTS_ASSERT_VALID(a);
    CTS_EXPECT_STATUS(vxQueryObjectArray(a, VX_OBJECT_ARRAY_NUMITEMS, &n, sizeof(n)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(n, 3);
    /* the tensor may go: the array keeps its data */
    CTS_EXPECT_STATUS(vxReleaseTensor(&t), VX_SUCCESS);
    for (i = 0; i < 3; i++) {
        vx_image img = (vx_image)vxGetObjectArrayItem(a, i);
        vx_uint32 w = 0, h = 0;
        vx_df_image f = 0;
        vx_int16 out[8];
        vx_rectangle_t all = {0, 0, 4, 2};
        vx_imagepatch_addressing_t addr;
        CTS_ASSERT_VALID(img);
        vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w));
        vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof(h));
        vxQueryImage(img, VX_IMAGE_FORMAT, &f, sizeof(f));
        CTS_EXPECT_EQ_INT(w, 4);
        CTS_EXPECT_EQ_INT(h, 2);
        CTS_EXPECT_EQ_INT(f, VX_DF_IMAGE_S16);
        memset(&addr, 0, sizeof(addr));
        addr.dim_x = 4;
        addr.dim_y = 2;
        addr.stride_x = 2;
        addr.stride_y = 8;
        CTS_EXPECT_STATUS(vxCopyImagePatch(img, &all, 0, &addr, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        for (y = 0; y < 2; y++)
            for (x = 0; x < 4; x++) CTS_EXPECT_EQ_INT(out[y * 4 + x], i * 30 + (y + 2) * 6 + (x + 1));
        vxReleaseImage(&img);
    }
    CTS_EXPECT_STATUS(vxReleaseObjectArray(&a), VX_SUCCESS);
    /* errors */
    t = vxCreateTensor(c, 3, dims, VX_TYPE_INT16, 8);
    CTS_EXPECT(vxCreateImageObjectArrayFromTensor(NULL, &rect, 3, st[2], VX_DF_IMAGE_S16) == NULL);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageObjectArrayFromTensor(t, &rect, 3, st[2], VX_DF_IMAGE_U8),
                            VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageObjectArrayFromTensor(t, NULL, 3, st[2], VX_DF_IMAGE_S16),
                            VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageObjectArrayFromTensor(t, &rect, 4, st[2], VX_DF_IMAGE_S16),
                            VX_ERROR_INVALID_PARAMETERS); /* past the tensor */
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageObjectArrayFromTensor(t, &rect, 0, st[2], VX_DF_IMAGE_S16),
                            VX_ERROR_INVALID_PARAMETERS);
    {
        vx_rectangle_t outside = {0, 0, 7, 2};
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageObjectArrayFromTensor(t, &outside, 1, st[2], VX_DF_IMAGE_S16),
                                VX_ERROR_INVALID_PARAMETERS);
    }
    CTS_EXPECT_STATUS(vxReleaseTensor(&t), VX_SUCCESS);
    {
        vx_size d2[2] = {4, 4};
        vx_tensor t2 = vxCreateTensor(c, 2, d2, VX_TYPE_UINT8, 0);
        vx_rectangle_t r2 = {0, 0, 4, 4};
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageObjectArrayFromTensor(t2, &r2, 1, 16, VX_DF_IMAGE_U8),
                                VX_ERROR_INVALID_DIMENSION);
        vxReleaseTensor(&t2);
    }
}

CTS_TABLE(object_array) = {
    CTS_ENTRY(ObjectArray, create_every_type),
    CTS_ENTRY(ObjectArray, items_are_distinct_objects),
    CTS_ENTRY(ObjectArray, item_references),
    CTS_ENTRY(ObjectArray, errors),
    CTS_ENTRY(ObjectArray, images_from_tensor),
    CTS_TABLE_END,
};
