/* Conformance tests of the array object (spec "Object: Array"). */
#include "../runner/cts.h"

#include <string.h>

static const struct {
    vx_enum type;
    vx_size size;
} array_types[] = {
    {VX_TYPE_CHAR, sizeof(vx_char)},
    {VX_TYPE_INT8, sizeof(vx_int8)},
    {VX_TYPE_UINT8, sizeof(vx_uint8)},
    {VX_TYPE_INT16, sizeof(vx_int16)},
    {VX_TYPE_UINT16, sizeof(vx_uint16)},
    {VX_TYPE_INT32, sizeof(vx_int32)},
    {VX_TYPE_UINT32, sizeof(vx_uint32)},
    {VX_TYPE_INT64, sizeof(vx_int64)},
    {VX_TYPE_UINT64, sizeof(vx_uint64)},
    {VX_TYPE_FLOAT32, sizeof(vx_float32)},
    {VX_TYPE_FLOAT64, sizeof(vx_float64)},
    {VX_TYPE_ENUM, sizeof(vx_enum)},
    {VX_TYPE_SIZE, sizeof(vx_size)},
    {VX_TYPE_DF_IMAGE, sizeof(vx_df_image)},
    {VX_TYPE_BOOL, sizeof(vx_bool)},
    {VX_TYPE_RECTANGLE, sizeof(vx_rectangle_t)},
    {VX_TYPE_KEYPOINT, sizeof(vx_keypoint_t)},
    {VX_TYPE_COORDINATES2D, sizeof(vx_coordinates2d_t)},
    {VX_TYPE_COORDINATES3D, sizeof(vx_coordinates3d_t)},
    {VX_TYPE_COORDINATES2DF, sizeof(vx_coordinates2df_t)},
    {VX_TYPE_LINE_2D, sizeof(vx_line2d_t)},
};
#define N_TYPES (sizeof(array_types) / sizeof(array_types[0]))

static vx_size query_size(vx_array a, vx_enum attr)
{
    vx_size v = (vx_size)-1;
    if (vxQueryArray(a, attr, &v, sizeof(v)) != VX_SUCCESS) return (vx_size)-2;
    return v;
}

CTS_TEST(Array, create_every_type, "REQ-0714 REQ-0742 REQ-0743 REQ-0744 REQ-0745 REQ-0746 REQ-0715 REQ-0717 "
                                   "REQ-0719 REQ-0721 REQ-0764 REQ-0770")
{
    vx_context c = cts_context();
    vx_size i, k;
    for (i = 0; i < N_TYPES; i++) {
        vx_uint8 items[10 * 40], back[10 * 40];
        vx_size sz = array_types[i].size;
        vx_enum type = 0;
        vx_array a = vxCreateArray(c, array_types[i].type, 10);
        CTS_ASSERT_VALID(a);
        CTS_EXPECT_STATUS(vxQueryArray(a, VX_ARRAY_ITEMTYPE, &type, sizeof(type)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(type, array_types[i].type);
        CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_ITEMSIZE), sz);
        CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_CAPACITY), 10);
        CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_NUMITEMS), 0);
        for (k = 0; k < sizeof(items); k++) items[k] = (vx_uint8)(k * 13 + i);
        CTS_EXPECT_STATUS(vxAddArrayItems(a, 10, items, sz), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_NUMITEMS), 10);
        memset(back, 0, sizeof(back));
        CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 10, sz, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_MSG(memcmp(items, back, 10 * sz) == 0, "type 0x%x: items changed", (unsigned)array_types[i].type);
        CTS_EXPECT_STATUS(vxReleaseArray(&a), VX_SUCCESS);
        CTS_EXPECT(a == NULL);
    }
}

CTS_TEST(Array, user_struct_items, "REQ-0744 REQ-1590 REQ-1596")
{
    vx_context c = cts_context();
    typedef struct {
        vx_uint32 id;
        vx_float64 weight;
        vx_int8 tag[3];
    } item_t;
    item_t in[4], out[4];
    vx_enum t = vxRegisterUserStructWithName(c, sizeof(item_t), "cts_item"), type = 0;
    vx_array a;
    int i;
    CTS_ASSERT(t >= VX_TYPE_USER_STRUCT_START && t <= VX_TYPE_USER_STRUCT_END);
    a = vxCreateArray(c, t, 4);
    CTS_ASSERT_VALID(a);
    CTS_EXPECT_STATUS(vxQueryArray(a, VX_ARRAY_ITEMTYPE, &type, sizeof(type)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(type, t);
    CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_ITEMSIZE), sizeof(item_t));
    memset(in, 0, sizeof(in));
    for (i = 0; i < 4; i++) {
        in[i].id = (vx_uint32)(100 + i);
        in[i].weight = 0.5 * i;
        in[i].tag[2] = (vx_int8)-i;
    }
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 4, in, sizeof(item_t)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 4, sizeof(item_t), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(memcmp(in, out, sizeof(in)) == 0);
    CTS_EXPECT_STATUS(vxReleaseArray(&a), VX_SUCCESS);
    /* an unregistered user struct type is refused */
    CTS_EXPECT_ERROR_OBJECT(vxCreateArray(c, t + 1, 4), VX_ERROR_INVALID_TYPE);
}

CTS_TEST(Array, create_errors, "REQ-0744 REQ-0745")
{
    vx_context c = cts_context();
    CTS_EXPECT_ERROR_OBJECT(vxCreateArray(c, VX_TYPE_UINT8, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateArray(c, VX_TYPE_INVALID, 4), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateArray(c, 0x011, 4), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateArray(c, VX_TYPE_IMAGE, 4), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateArray(c, VX_TYPE_VENDOR_STRUCT_START, 4), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateArray(c, VX_TYPE_KEYPOINT, (vx_size)-1), VX_ERROR_NO_MEMORY);
    CTS_EXPECT(vxCreateArray(NULL, VX_TYPE_UINT8, 4) == NULL);
}

CTS_TEST(Array, add_items_stride_and_capacity, "REQ-0723 REQ-0724 REQ-0725 REQ-0726 REQ-0727 REQ-0729")
{
    vx_context c = cts_context();
    vx_coordinates2d_t spaced[3 * 6], out[6];
    vx_array a = vxCreateArray(c, VX_TYPE_COORDINATES2D, 6);
    int i;
    CTS_ASSERT_VALID(a);
    memset(spaced, 0xAB, sizeof(spaced));
    for (i = 0; i < 6; i++) {
        spaced[3 * i].x = (vx_uint32)i;
        spaced[3 * i].y = (vx_uint32)(10 * i);
    }
    /* strided input: every third element */
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 4, spaced, 3 * sizeof(vx_coordinates2d_t)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_NUMITEMS), 4);
    /* 3 more do not fit in a capacity of 6: VX_FAILURE, nothing added */
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 3, &spaced[12], 3 * sizeof(vx_coordinates2d_t)), VX_FAILURE);
    CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_NUMITEMS), 4);
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 2, &spaced[12], 3 * sizeof(vx_coordinates2d_t)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_NUMITEMS), 6);
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 1, spaced, sizeof(vx_coordinates2d_t)), VX_FAILURE);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 6, sizeof(out[0]), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (i = 0; i < 6; i++) {
        CTS_EXPECT_EQ_INT(out[i].x, i);
        CTS_EXPECT_EQ_INT(out[i].y, 10 * i);
    }
    /* bad arguments */
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 0, spaced, sizeof(spaced[0])), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxTruncateArray(a, 0), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 1, NULL, sizeof(spaced[0])), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 1, spaced, sizeof(spaced[0]) - 1), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_NUMITEMS), 0);
    CTS_EXPECT_STATUS(vxReleaseArray(&a), VX_SUCCESS);
}

CTS_TEST(Array, truncate, "REQ-0775 REQ-0776 REQ-0777 REQ-0779")
{
    vx_context c = cts_context();
    vx_int32 v[5] = {1, 2, 3, 4, 5}, out[5] = {0};
    vx_array a = vxCreateArray(c, VX_TYPE_INT32, 8);
    CTS_ASSERT_VALID(a);
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 5, v, sizeof(v[0])), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxTruncateArray(a, 6), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxTruncateArray(a, 5), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxTruncateArray(a, 2), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_NUMITEMS), 2);
    CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_CAPACITY), 8);
    /* the truncated items are gone: reading them is out of range */
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 3, sizeof(vx_int32), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 1, &v[4], sizeof(vx_int32)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 3, sizeof(vx_int32), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out[0], 1);
    CTS_EXPECT_EQ_INT(out[1], 2);
    CTS_EXPECT_EQ_INT(out[2], 5);
    CTS_EXPECT_STATUS(vxTruncateArray(a, 0), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(query_size(a, VX_ARRAY_NUMITEMS), 0);
    CTS_EXPECT_STATUS(vxReleaseArray(&a), VX_SUCCESS);
}

CTS_TEST(Array, copy_range_strides, "REQ-0730 REQ-0731 REQ-0732 REQ-0733 REQ-0734 REQ-0735 REQ-0736 REQ-0737 "
                                    "REQ-0738 REQ-0741")
{
    vx_context c = cts_context();
    enum { N = 50 };
    vx_uint16 init[N], spaced[3 * N], plain[N];
    vx_array a = vxCreateArray(c, VX_TYPE_UINT16, N);
    int i;
    CTS_ASSERT_VALID(a);
    for (i = 0; i < N; i++) init[i] = (vx_uint16)i;
    CTS_EXPECT_STATUS(vxAddArrayItems(a, N, init, sizeof(vx_uint16)), VX_SUCCESS);
    /* write the upper half from a strided buffer */
    for (i = 0; i < 3 * N; i++) spaced[i] = (vx_uint16)(1000 + i);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, N / 2, N, 3 * sizeof(vx_uint16), spaced, VX_WRITE_ONLY,
                                       VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    /* read everything back compactly */
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, N, sizeof(vx_uint16), plain, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    for (i = 0; i < N / 2; i++) CTS_EXPECT_EQ_INT(plain[i], i);
    for (i = N / 2; i < N; i++) CTS_EXPECT_EQ_INT(plain[i], 1000 + 3 * (i - N / 2));
    /* a strided read leaves the gaps alone */
    for (i = 0; i < 3 * N; i++) spaced[i] = 0xFFFF;
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 10, 20, 3 * sizeof(vx_uint16), spaced, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    for (i = 0; i < 10; i++) {
        CTS_EXPECT_EQ_INT(spaced[3 * i], 10 + i);
        CTS_EXPECT_EQ_INT(spaced[3 * i + 1], 0xFFFF);
        CTS_EXPECT_EQ_INT(spaced[3 * i + 2], 0xFFFF);
    }
    CTS_EXPECT_EQ_INT(spaced[30], 0xFFFF);
    CTS_EXPECT_STATUS(vxReleaseArray(&a), VX_SUCCESS);
}

CTS_TEST(Array, copy_range_errors, "REQ-0733 REQ-0734 REQ-0736 REQ-0739")
{
    vx_context c = cts_context();
    vx_float32 v[4] = {1, 2, 3, 4}, out[4];
    vx_array a = vxCreateArray(c, VX_TYPE_FLOAT32, 8), stale;
    CTS_ASSERT_VALID(a);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 1, sizeof(vx_float32), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS); /* empty array */
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 4, v, sizeof(vx_float32)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 2, 2, sizeof(vx_float32), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 3, 2, sizeof(vx_float32), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 5, sizeof(vx_float32), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 4, sizeof(vx_float32) - 1, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 4, sizeof(vx_float32), NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 4, sizeof(vx_float32), out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 4, sizeof(vx_float32), out, VX_READ_ONLY, VX_MEMORY_TYPE_NONE),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 4, sizeof(vx_float32), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    CTS_EXPECT(out[3] == 4.0f);
    CTS_EXPECT_STATUS(vxQueryArray(a, VX_ARRAY_NUMITEMS, out, sizeof(vx_uint32)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryArray(a, VX_SCALAR_TYPE, out, sizeof(vx_enum)), VX_ERROR_NOT_SUPPORTED);
    stale = a;
    CTS_EXPECT_STATUS(vxReleaseArray(&a), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyArrayRange(stale, 0, 1, 4, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxAddArrayItems(stale, 1, v, 4), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxTruncateArray(stale, 0), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryArray(stale, VX_ARRAY_NUMITEMS, out, sizeof(vx_size)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseArray(&stale), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseArray(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxAddArrayItems((vx_array)c, 1, v, 4), VX_ERROR_INVALID_REFERENCE);
}

CTS_TEST(Array, map_range_usages, "REQ-0752 REQ-0753 REQ-0754 REQ-0755 REQ-0756 REQ-0757 REQ-0758 REQ-0759 "
                                  "REQ-0760 REQ-0761 REQ-0763 REQ-0780 REQ-0781 REQ-0782 REQ-0784")
{
    vx_context c = cts_context();
    enum { N = 40 };
    vx_keypoint_t init[N], out[N];
    vx_array a = vxCreateArray(c, VX_TYPE_KEYPOINT, N);
    vx_map_id id, id2;
    vx_size stride = 0, stride2 = 0;
    void *p = NULL, *p2 = NULL;
    int i;
    CTS_ASSERT_VALID(a);
    memset(init, 0, sizeof(init));
    for (i = 0; i < N; i++) {
        init[i].x = i;
        init[i].y = -i;
        init[i].strength = (vx_float32)i / 4;
    }
    CTS_EXPECT_STATUS(vxAddArrayItems(a, N, init, sizeof(vx_keypoint_t)), VX_SUCCESS);
    /* read-only map of the upper half */
    CTS_ASSERT_STATUS(vxMapArrayRange(a, N / 2, N, &id, &stride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_SUCCESS);
    CTS_ASSERT(p != NULL && stride >= sizeof(vx_keypoint_t));
    for (i = N / 2; i < N; i++) {
        vx_keypoint_t *k = &vxArrayItem(vx_keypoint_t, p, i - N / 2, stride);
        CTS_EXPECT_EQ_INT(k->x, i);
        CTS_EXPECT_EQ_INT(k->y, -i);
    }
    /* a second, overlapping read map at the same time */
    CTS_ASSERT_STATUS(vxMapArrayRange(a, 0, N, &id2, &stride2, &p2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, VX_NOGAP_X),
                      VX_SUCCESS);
    CTS_EXPECT(id2 != id);
    CTS_EXPECT_EQ_INT(((vx_keypoint_t *)vxFormatArrayPointer(p2, 7, stride2))->x, 7);
    CTS_EXPECT_STATUS(vxUnmapArrayRange(a, id2), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapArrayRange(a, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapArrayRange(a, id), VX_ERROR_INVALID_PARAMETERS); /* twice */
    /* read-and-write map: changes land in the array */
    CTS_ASSERT_STATUS(vxMapArrayRange(a, 5, 10, &id, &stride, &p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0),
                      VX_SUCCESS);
    for (i = 0; i < 5; i++) {
        vx_keypoint_t *k = (vx_keypoint_t *)vxFormatArrayPointer(p, i, stride);
        CTS_EXPECT_EQ_INT(k->x, 5 + i);
        k->tracking_status = 100 + i;
    }
    CTS_EXPECT_STATUS(vxUnmapArrayRange(a, id), VX_SUCCESS);
    /* write-only map of every item */
    CTS_ASSERT_STATUS(vxMapArrayRange(a, 30, 32, &id, &stride, &p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_SUCCESS);
    for (i = 0; i < 2; i++) {
        vx_keypoint_t *k = (vx_keypoint_t *)vxFormatArrayPointer(p, i, stride);
        memset(k, 0, sizeof(*k));
        k->x = 9000 + i;
    }
    CTS_EXPECT_STATUS(vxUnmapArrayRange(a, id), VX_SUCCESS);
    /* check through a copy */
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, N, sizeof(vx_keypoint_t), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    for (i = 0; i < N; i++) {
        if (i >= 5 && i < 10) CTS_EXPECT_EQ_INT(out[i].tracking_status, 100 + i - 5);
        else if (i < 30 || i >= 32) CTS_EXPECT_EQ_INT(out[i].tracking_status, 0);
        CTS_EXPECT_EQ_INT(out[i].x, (i == 30 || i == 31) ? 9000 + i - 30 : i);
    }
    CTS_EXPECT_STATUS(vxReleaseArray(&a), VX_SUCCESS);
}

CTS_TEST(Array, map_range_errors, "REQ-0754 REQ-0755 REQ-0756 REQ-0757 REQ-0758 REQ-0759 REQ-0760 REQ-0762 "
                                  "REQ-0782 REQ-0783")
{
    vx_context c = cts_context();
    vx_uint8 v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    vx_array a = vxCreateArray(c, VX_TYPE_UINT8, 16), b = vxCreateArray(c, VX_TYPE_UINT8, 16);
    vx_map_id id = 0;
    vx_size stride;
    void *p;
    CTS_ASSERT_VALID(a);
    CTS_ASSERT_VALID(b);
    CTS_EXPECT_STATUS(vxMapArrayRange(a, 0, 1, &id, &stride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS); /* empty */
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 8, v, 1), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxAddArrayItems(b, 8, v, 1), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxMapArrayRange(a, 4, 4, &id, &stride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapArrayRange(a, 0, 9, &id, &stride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapArrayRange(a, 0, 8, NULL, &stride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapArrayRange(a, 0, 8, &id, NULL, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapArrayRange(a, 0, 8, &id, &stride, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapArrayRange(a, 0, 8, &id, &stride, &p, 0, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapArrayRange(a, 0, 8, &id, &stride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_NONE, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapArrayRange(NULL, 0, 8, &id, &stride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_REFERENCE);
    /* a map id belongs to its array */
    CTS_ASSERT_STATUS(vxMapArrayRange(a, 0, 8, &id, &stride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapArrayRange(b, id + 1000), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxUnmapArrayRange(NULL, id), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxUnmapArrayRange(a, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseArray(&a), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseArray(&b), VX_SUCCESS);
}

CTS_TEST(Array, compat_access_commit, "REQ-0752 REQ-0780")
{
    vx_context c = cts_context();
    vx_int32 v[6] = {10, 20, 30, 40, 50, 60}, user[12], out[6];
    vx_array a = vxCreateArray(c, VX_TYPE_INT32, 6);
    vx_size stride = 0;
    void *p = NULL;
    int i;
    CTS_ASSERT_VALID(a);
    CTS_EXPECT_STATUS(vxAddArrayItems(a, 6, v, sizeof(vx_int32)), VX_SUCCESS);
    /* implementation memory */
    CTS_ASSERT_STATUS(vxAccessArrayRange(a, 1, 4, &stride, &p, VX_READ_AND_WRITE), VX_SUCCESS);
    CTS_ASSERT(p != NULL && stride == sizeof(vx_int32));
    CTS_EXPECT_EQ_INT(vxArrayItem(vx_int32, p, 0, stride), 20);
    vxArrayItem(vx_int32, p, 2, stride) = -40;
    CTS_EXPECT_STATUS(vxCommitArrayRange(a, 1, 4, p), VX_SUCCESS);
    /* application memory with a stride of two items */
    for (i = 0; i < 12; i++) user[i] = 7;
    p = user;
    stride = 2 * sizeof(vx_int32);
    CTS_ASSERT_STATUS(vxAccessArrayRange(a, 0, 6, &stride, &p, VX_READ_AND_WRITE), VX_SUCCESS);
    CTS_EXPECT(p == (void *)user);
    CTS_EXPECT_EQ_INT(user[6], -40);
    CTS_EXPECT_EQ_INT(user[7], 7);
    user[10] = 555;
    CTS_EXPECT_STATUS(vxCommitArrayRange(a, 0, 6, user), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCommitArrayRange(a, 0, 6, user), VX_ERROR_INVALID_PARAMETERS); /* no longer live */
    CTS_EXPECT_STATUS(vxCopyArrayRange(a, 0, 6, sizeof(vx_int32), out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out[0], 10);
    CTS_EXPECT_EQ_INT(out[3], -40);
    CTS_EXPECT_EQ_INT(out[5], 555);
    CTS_EXPECT_STATUS(vxAccessArrayRange(a, 0, 7, &stride, &p, VX_READ_ONLY), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxAccessArrayRange(NULL, 0, 1, &stride, &p, VX_READ_ONLY), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseArray(&a), VX_SUCCESS);
}

CTS_TABLE(array) = {
    CTS_ENTRY(Array, create_every_type),
    CTS_ENTRY(Array, user_struct_items),
    CTS_ENTRY(Array, create_errors),
    CTS_ENTRY(Array, add_items_stride_and_capacity),
    CTS_ENTRY(Array, truncate),
    CTS_ENTRY(Array, copy_range_strides),
    CTS_ENTRY(Array, copy_range_errors),
    CTS_ENTRY(Array, map_range_usages),
    CTS_ENTRY(Array, map_range_errors),
    CTS_ENTRY(Array, compat_access_commit),
    CTS_TABLE_END,
};
