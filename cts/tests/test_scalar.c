/* Conformance tests of the scalar object (spec "Object: Scalar"). */
#include "../runner/cts.h"

#include <string.h>

typedef struct {
    vx_enum type;
    vx_size size;
} scalar_type_case;

static const scalar_type_case scalar_types[] = {
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
    {VX_TYPE_FLOAT16, sizeof(vx_uint16)},
    {VX_TYPE_BOOL, sizeof(vx_bool)},
    {VX_TYPE_RECTANGLE, sizeof(vx_rectangle_t)},
    {VX_TYPE_KEYPOINT, sizeof(vx_keypoint_t)},
    {VX_TYPE_COORDINATES2D, sizeof(vx_coordinates2d_t)},
    {VX_TYPE_COORDINATES3D, sizeof(vx_coordinates3d_t)},
    {VX_TYPE_COORDINATES2DF, sizeof(vx_coordinates2df_t)},
    {VX_TYPE_HOG_PARAMS, sizeof(vx_hog_t)},
    {VX_TYPE_HOUGH_LINES_PARAMS, sizeof(vx_hough_lines_p_t)},
    {VX_TYPE_LINE_2D, sizeof(vx_line2d_t)},
    {VX_TYPE_TENSOR_MATRIX_MULTIPLY_PARAMS, sizeof(vx_tensor_matrix_multiply_params_t)},
};
#define N_SCALAR_TYPES (sizeof(scalar_types) / sizeof(scalar_types[0]))

static void fill(vx_uint8 *p, vx_size n, vx_uint8 seed)
{
    vx_size i;
    for (i = 0; i < n; i++) p[i] = (vx_uint8)(seed + 7 * i + 1);
}

CTS_TEST(Scalar, create_every_type, "REQ-1356 REQ-1357 REQ-1358 REQ-1359 REQ-1360 REQ-1314 REQ-1365 REQ-1371")
{
    vx_context c = cts_context();
    vx_size i;
    for (i = 0; i < N_SCALAR_TYPES; i++) {
        vx_uint8 in[64], out[64];
        vx_enum type = VX_TYPE_INVALID;
        vx_scalar s;
        fill(in, sizeof(in), (vx_uint8)i);
        memset(out, 0xEE, sizeof(out));
        s = vxCreateScalar(c, scalar_types[i].type, in);
        CTS_ASSERT_VALID(s);
        CTS_EXPECT_STATUS(vxQueryScalar(s, VX_SCALAR_TYPE, &type, sizeof(type)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(type, scalar_types[i].type);
        /* the initial value is kept, exactly type-size bytes are written back */
        CTS_EXPECT_STATUS(vxCopyScalar(s, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_MSG(memcmp(in, out, scalar_types[i].size) == 0, "type 0x%x: value changed",
                       (unsigned)scalar_types[i].type);
        CTS_EXPECT_EQ_INT(out[scalar_types[i].size], 0xEE);
        CTS_EXPECT_STATUS(vxReleaseScalar(&s), VX_SUCCESS);
        CTS_EXPECT(s == NULL);
    }
}

CTS_TEST(Scalar, copy_read_write, "REQ-1333 REQ-1334 REQ-1335 REQ-1336 REQ-1337 REQ-1338 REQ-1339 REQ-1340 REQ-1343")
{
    vx_context c = cts_context();
    vx_int32 v = -12345, r = 0;
    vx_float64 f = 2.5, g = 0;
    vx_scalar s = vxCreateScalar(c, VX_TYPE_INT32, &v), d;
    CTS_ASSERT_VALID(s);
    CTS_EXPECT_STATUS(vxCopyScalar(s, &r, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(r, -12345);
    v = 987654;
    CTS_EXPECT_STATUS(vxCopyScalar(s, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    /* read back through the compatibility reader (another path) */
    CTS_EXPECT_STATUS(vxReadScalarValue(s, &r), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(r, 987654);
    v = 42;
    CTS_EXPECT_STATUS(vxWriteScalarValue(s, &v), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyScalarWithSize(s, sizeof(r), &r, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(r, 42);
    d = vxCreateScalar(c, VX_TYPE_FLOAT64, &f);
    CTS_ASSERT_VALID(d);
    CTS_EXPECT_STATUS(vxCopyScalar(d, &g, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(g == 2.5);
    CTS_EXPECT_STATUS(vxReleaseScalar(&s), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseScalar(&d), VX_SUCCESS);
}

CTS_TEST(Scalar, null_initial_value, "REQ-1356 REQ-1359")
{
    vx_context c = cts_context();
    vx_uint64 r = 77;
    vx_scalar s = vxCreateScalar(c, VX_TYPE_UINT64, NULL);
    CTS_ASSERT_VALID(s);
    CTS_EXPECT_STATUS(vxCopyScalar(s, &r, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(r, 0);
    CTS_EXPECT_STATUS(vxReleaseScalar(&s), VX_SUCCESS);
}

CTS_TEST(Scalar, with_size, "REQ-1344 REQ-1345 REQ-1346 REQ-1347 REQ-1348 REQ-1349 REQ-1350 REQ-1351 REQ-1352 REQ-1355")
{
    vx_context c = cts_context();
    vx_keypoint_t kp = {10, 20, 0.5f, 1.5f, 0.25f, 1, 0.125f}, out;
    vx_rectangle_t rect = {1, 2, 3, 4};
    vx_scalar s = vxCreateScalarWithSize(c, VX_TYPE_KEYPOINT, &kp, sizeof(kp));
    CTS_ASSERT_VALID(s);
    memset(&out, 0, sizeof(out));
    CTS_EXPECT_STATUS(vxCopyScalarWithSize(s, sizeof(out), &out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(memcmp(&kp, &out, sizeof(kp)) == 0);
    kp.x = -5;
    kp.error = 3.0f;
    CTS_EXPECT_STATUS(vxCopyScalarWithSize(s, sizeof(kp), &kp, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyScalar(s, &out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out.x, -5);
    CTS_EXPECT(out.error == 3.0f);
    /* the size must match the type's size, both at creation and in copies */
    CTS_EXPECT_STATUS(vxCopyScalarWithSize(s, sizeof(kp) - 1, &kp, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyScalarWithSize(s, sizeof(kp) + 4, &kp, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateScalarWithSize(c, VX_TYPE_RECTANGLE, &rect, sizeof(rect) - 1),
                            VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateScalarWithSize(c, VX_TYPE_UINT8, &rect, 4), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateScalarWithSize(c, VX_TYPE_UINT8, &rect, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxReleaseScalar(&s), VX_SUCCESS);
}

CTS_TEST(Scalar, user_and_vendor_structs, "REQ-1358 REQ-1590 REQ-1593")
{
    vx_context c = cts_context();
    struct {
        vx_uint32 a;
        vx_float64 b;
        vx_uint8 tail[20];
    } in, out;
    vx_enum t = vxRegisterUserStruct(c, sizeof(in)), type = 0;
    vx_uint8 vendor[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, vout[12];
    vx_scalar s, v;
    CTS_ASSERT(t >= VX_TYPE_USER_STRUCT_START && t <= VX_TYPE_USER_STRUCT_END);
    memset(&in, 0, sizeof(in));
    in.a = 7;
    in.b = -1.25;
    in.tail[19] = 99;
    s = vxCreateScalar(c, t, &in);
    CTS_ASSERT_VALID(s);
    CTS_EXPECT_STATUS(vxQueryScalar(s, VX_SCALAR_TYPE, &type, sizeof(type)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(type, t);
    CTS_EXPECT_STATUS(vxCopyScalarWithSize(s, sizeof(out), &out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(memcmp(&in, &out, sizeof(in)) == 0);
    CTS_EXPECT_STATUS(vxReleaseScalar(&s), VX_SUCCESS);
    /* an unregistered user struct type has no size: refused */
    CTS_EXPECT_ERROR_OBJECT(vxCreateScalar(c, t + 1, &in), VX_ERROR_INVALID_TYPE);
    /* a vendor struct type needs its size */
    CTS_EXPECT_ERROR_OBJECT(vxCreateScalar(c, VX_TYPE_VENDOR_STRUCT_START, vendor), VX_ERROR_INVALID_TYPE);
    v = vxCreateScalarWithSize(c, VX_TYPE_VENDOR_STRUCT_START, vendor, sizeof(vendor));
    CTS_ASSERT_VALID(v);
    CTS_EXPECT_STATUS(vxCopyScalarWithSize(v, sizeof(vout), vout, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(memcmp(vendor, vout, sizeof(vout)) == 0);
    CTS_EXPECT_STATUS(vxReleaseScalar(&v), VX_SUCCESS);
}

CTS_TEST(Scalar, bad_types, "REQ-1358")
{
    vx_context c = cts_context();
    vx_uint32 x = 0;
    CTS_EXPECT_ERROR_OBJECT(vxCreateScalar(c, VX_TYPE_INVALID, &x), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateScalar(c, 0x011, &x), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateScalar(c, VX_TYPE_KHRONOS_OBJECT_START, &x), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateScalar(c, VX_TYPE_IMAGE, &x), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateScalar(c, -1, &x), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT(vxCreateScalar(NULL, VX_TYPE_UINT32, &x) == NULL);
    CTS_EXPECT(vxCreateScalarWithSize(NULL, VX_TYPE_UINT32, &x, sizeof(x)) == NULL);
}

CTS_TEST(Scalar, bad_arguments, "REQ-1338 REQ-1341 REQ-1367 REQ-1369 REQ-1371 REQ-1375")
{
    vx_context c = cts_context();
    vx_uint8 x = 5;
    vx_enum type;
    vx_scalar s = vxCreateScalar(c, VX_TYPE_UINT8, &x), stale;
    CTS_ASSERT_VALID(s);
    CTS_EXPECT_STATUS(vxCopyScalar(s, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyScalar(s, &x, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyScalar(s, &x, 0, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyScalar(s, &x, VX_READ_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryScalar(s, VX_SCALAR_TYPE, &type, sizeof(type) + 1), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryScalar(s, VX_SCALAR_TYPE, NULL, sizeof(type)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryScalar(s, VX_ARRAY_ITEMTYPE, &type, sizeof(type)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT(cts_log_count() > 0);
    /* the failed calls left the value alone */
    CTS_EXPECT_STATUS(vxCopyScalar(s, &x, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(x, 5);
    stale = s;
    CTS_EXPECT_STATUS(vxReleaseScalar(&s), VX_SUCCESS);
    /* released, NULL and wrong-typed handles */
    CTS_EXPECT_STATUS(vxReleaseScalar(&stale), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseScalar(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryScalar(stale, VX_SCALAR_TYPE, &type, sizeof(type)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxCopyScalar(stale, &x, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxCopyScalarWithSize(NULL, 1, &x, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryScalar((vx_scalar)c, VX_SCALAR_TYPE, &type, sizeof(type)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReadScalarValue(NULL, &x), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxWriteScalarValue(stale, &x), VX_ERROR_INVALID_REFERENCE);
}

CTS_TEST(Scalar, reference_count_and_context, "REQ-1372 REQ-1374")
{
    vx_context c = cts_context();
    int before = cts_context_refs(c);
    vx_int16 v = -3;
    vx_scalar s = vxCreateScalar(c, VX_TYPE_INT16, &v), extra;
    vx_enum t = 0;
    CTS_ASSERT_VALID(s);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), before + 1);
    CTS_EXPECT(vxGetContext((vx_reference)s) == c);
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)s, VX_REFERENCE_TYPE, &t, sizeof(t)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(t, VX_TYPE_SCALAR);
    CTS_EXPECT_STATUS(vxRetainReference((vx_reference)s), VX_SUCCESS);
    extra = s;
    CTS_EXPECT_STATUS(vxReleaseScalar(&extra), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)s), 1);
    CTS_EXPECT_STATUS(vxReleaseScalar(&s), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), before);
}

CTS_TABLE(scalar) = {
    CTS_ENTRY(Scalar, create_every_type),
    CTS_ENTRY(Scalar, copy_read_write),
    CTS_ENTRY(Scalar, null_initial_value),
    CTS_ENTRY(Scalar, with_size),
    CTS_ENTRY(Scalar, user_and_vendor_structs),
    CTS_ENTRY(Scalar, bad_types),
    CTS_ENTRY(Scalar, bad_arguments),
    CTS_ENTRY(Scalar, reference_count_and_context),
    CTS_TABLE_END,
};
