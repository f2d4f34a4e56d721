/* Conformance tests of the user data object (vx_khr_user_data_object.adoc).
 * The extension document carries no REQ ids: tests are tagged with the
 * extension name. */
#include "../runner/cts.h"
#include <VX/vx_khr_user_data_object.h>

#include <string.h>

CTS_TEST(UserDataObject, create_query, "vx_khr_user_data_object")
{
    vx_context c = cts_context();
    vx_uint8 init[40];
    vx_char name[VX_MAX_REFERENCE_NAME];
    vx_size size = 0, i;
    vx_user_data_object u, z, n;
    vx_enum type = 0;
    for (i = 0; i < sizeof(init); i++) init[i] = (vx_uint8)(3 * i + 1);
    u = vxCreateUserDataObject(c, "my_struct_t", sizeof(init), init);
    CTS_ASSERT_VALID(u);
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)u, VX_REFERENCE_TYPE, &type, sizeof(type)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(type, VX_TYPE_USER_DATA_OBJECT);
    CTS_EXPECT_STATUS(vxQueryUserDataObject(u, VX_USER_DATA_OBJECT_NAME, name, sizeof(name)), VX_SUCCESS);
    CTS_EXPECT(strcmp(name, "my_struct_t") == 0);
    CTS_EXPECT_STATUS(vxQueryUserDataObject(u, VX_USER_DATA_OBJECT_SIZE, &size, sizeof(size)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(size, sizeof(init));
    CTS_EXPECT_STATUS(vxQueryUserDataObject(u, VX_USER_DATA_OBJECT_VALID_SIZE, &size, sizeof(size)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(size, sizeof(init));
    /* initial contents copied; the caller's buffer is not kept */
    {
        vx_uint8 out[40];
        memset(init, 0, sizeof(init));
        CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 0, 0, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        for (i = 0; i < sizeof(out); i++) CTS_EXPECT_EQ_INT(out[i], (vx_uint8)(3 * i + 1));
    }
    /* NULL ptr: zeros; NULL name: "" */
    z = vxCreateUserDataObject(c, NULL, 16, NULL);
    CTS_ASSERT_VALID(z);
    memset(name, 'x', sizeof(name));
    CTS_EXPECT_STATUS(vxQueryUserDataObject(z, VX_USER_DATA_OBJECT_NAME, name, sizeof(name)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(name[0], '\0');
    {
        vx_uint8 out[16];
        memset(out, 0xff, sizeof(out));
        CTS_EXPECT_STATUS(vxCopyUserDataObject(z, 0, 16, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        for (i = 0; i < 16; i++) CTS_EXPECT_EQ_INT(out[i], 0);
    }
    /* errors */
    {
        char longname[VX_MAX_REFERENCE_NAME + 4];
        vx_uint32 small;
        memset(longname, 'a', sizeof(longname) - 1);
        longname[sizeof(longname) - 1] = '\0';
        CTS_EXPECT(vxCreateUserDataObject(NULL, "t", 4, NULL) == NULL);
        CTS_EXPECT_ERROR_OBJECT(vxCreateUserDataObject(c, "t", 0, NULL), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateUserDataObject(c, longname, 4, NULL), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryUserDataObject(u, VX_USER_DATA_OBJECT_SIZE, &small, sizeof(small)),
                          VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryUserDataObject(u, VX_USER_DATA_OBJECT_NAME, name, 8), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryUserDataObject(u, VX_TENSOR_DIMS, &size, sizeof(size)), VX_ERROR_NOT_SUPPORTED);
        CTS_EXPECT_STATUS(vxQueryUserDataObject(NULL, VX_USER_DATA_OBJECT_SIZE, &size, sizeof(size)),
                          VX_ERROR_INVALID_REFERENCE);
        CTS_EXPECT_STATUS(vxQueryUserDataObject((vx_user_data_object)c, VX_USER_DATA_OBJECT_SIZE, &size, sizeof(size)),
                          VX_ERROR_INVALID_REFERENCE);
    }
    n = u;
    CTS_EXPECT_STATUS(vxReleaseUserDataObject(&u), VX_SUCCESS);
    CTS_EXPECT(u == NULL);
    CTS_EXPECT_STATUS(vxReleaseUserDataObject(&n), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryUserDataObject(n, VX_USER_DATA_OBJECT_SIZE, &size, sizeof(size)),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseUserDataObject(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseUserDataObject(&z), VX_SUCCESS);
}

CTS_TEST(UserDataObject, valid_size, "vx_khr_user_data_object")
{
    vx_context c = cts_context();
    vx_user_data_object u = vxCreateUserDataObject(c, "blob", 100, NULL);
    vx_size v = 10, got = 0;
    vx_uint32 small = 3;
    CTS_ASSERT_VALID(u);
    CTS_EXPECT_STATUS(vxSetUserDataObjectAttribute(u, VX_USER_DATA_OBJECT_VALID_SIZE, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryUserDataObject(u, VX_USER_DATA_OBJECT_VALID_SIZE, &got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 10);
    CTS_EXPECT_STATUS(vxQueryUserDataObject(u, VX_USER_DATA_OBJECT_SIZE, &got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 100);
    v = 100;
    CTS_EXPECT_STATUS(vxSetUserDataObjectAttribute(u, VX_USER_DATA_OBJECT_VALID_SIZE, &v, sizeof(v)), VX_SUCCESS);
    v = 101; /* must be <= size */
    CTS_EXPECT_STATUS(vxSetUserDataObjectAttribute(u, VX_USER_DATA_OBJECT_VALID_SIZE, &v, sizeof(v)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetUserDataObjectAttribute(u, VX_USER_DATA_OBJECT_VALID_SIZE, &small, sizeof(small)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetUserDataObjectAttribute(u, VX_USER_DATA_OBJECT_VALID_SIZE, NULL, sizeof(v)),
                      VX_ERROR_INVALID_PARAMETERS);
    /* read-only attributes */
    v = 50;
    CTS_EXPECT(vxSetUserDataObjectAttribute(u, VX_USER_DATA_OBJECT_SIZE, &v, sizeof(v)) != VX_SUCCESS);
    CTS_EXPECT(vxSetUserDataObjectAttribute(u, VX_USER_DATA_OBJECT_NAME, "x", 2) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryUserDataObject(u, VX_USER_DATA_OBJECT_SIZE, &got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 100);
    CTS_EXPECT_STATUS(vxQueryUserDataObject(u, VX_USER_DATA_OBJECT_VALID_SIZE, &got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 100);
    CTS_EXPECT_STATUS(vxSetUserDataObjectAttribute(NULL, VX_USER_DATA_OBJECT_VALID_SIZE, &v, sizeof(v)),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseUserDataObject(&u), VX_SUCCESS);
}

CTS_TEST(UserDataObject, copy_ranges, "vx_khr_user_data_object")
{
    vx_context c = cts_context();
    vx_user_data_object u = vxCreateUserDataObject(c, "blob", 32, NULL);
    vx_uint8 in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[32];
    int i;
    CTS_ASSERT_VALID(u);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 20, 8, in, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 0, 0, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (i = 0; i < 32; i++) CTS_EXPECT_EQ_INT(out[i], (i >= 20 && i < 28) ? i - 19 : 0);
    /* size 0: to the end */
    memset(out, 0, sizeof(out));
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 24, 0, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out[0], 5);
    CTS_EXPECT_EQ_INT(out[3], 8);
    CTS_EXPECT_EQ_INT(out[7], 0);
    /* out of bounds, bad usage/memory/pointer */
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 30, 4, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 32, 0, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 0, 33, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 0, 4, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 0, 4, out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 0, 4, out, VX_READ_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(NULL, 0, 4, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseUserDataObject(&u), VX_SUCCESS);
}

CTS_TEST(UserDataObject, map_unmap, "vx_khr_user_data_object")
{
    vx_context c = cts_context();
    vx_uint8 init[16], out[16];
    vx_user_data_object u;
    vx_map_id id = 0, id2 = 0;
    vx_uint8 *p = NULL, *p2 = NULL;
    int i;
    for (i = 0; i < 16; i++) init[i] = (vx_uint8)(i * 2);
    u = vxCreateUserDataObject(c, "blob", 16, init);
    CTS_ASSERT_VALID(u);
    CTS_ASSERT_STATUS(vxMapUserDataObject(u, 4, 4, &id, (void **)&p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0),
                      VX_SUCCESS);
    CTS_EXPECT_EQ_INT(p[0], 8);
    CTS_EXPECT_EQ_INT(p[3], 14);
    p[1] = 99;
    /* a second map, read-only, to the end */
    CTS_ASSERT_STATUS(vxMapUserDataObject(u, 12, 0, &id2, (void **)&p2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_SUCCESS);
    CTS_EXPECT(id2 != id);
    CTS_EXPECT_EQ_INT(p2[3], 30);
    CTS_EXPECT_STATUS(vxUnmapUserDataObject(u, id2), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapUserDataObject(u, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapUserDataObject(u, id), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 0, 0, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (i = 0; i < 16; i++) CTS_EXPECT_EQ_INT(out[i], i == 5 ? 99 : i * 2);
    /* write-only map: written bytes land */
    CTS_ASSERT_STATUS(vxMapUserDataObject(u, 0, 2, &id, (void **)&p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    p[0] = 200;
    p[1] = 201;
    CTS_EXPECT_STATUS(vxUnmapUserDataObject(u, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyUserDataObject(u, 0, 2, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out[0], 200);
    CTS_EXPECT_EQ_INT(out[1], 201);
    /* errors */
    CTS_EXPECT_STATUS(vxMapUserDataObject(u, 16, 0, &id, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapUserDataObject(u, 8, 9, &id, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapUserDataObject(u, 0, 4, NULL, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapUserDataObject(u, 0, 4, &id, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapUserDataObject(u, 0, 4, &id, (void **)&p, 0, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapUserDataObject(u, 0, 4, &id, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_NONE, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapUserDataObject(NULL, 0, 4, &id, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxUnmapUserDataObject(NULL, 1), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxUnmapUserDataObject(u, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxReleaseUserDataObject(&u), VX_SUCCESS);
}

CTS_TABLE(user_data_object) = {
    CTS_ENTRY(UserDataObject, create_query),
    CTS_ENTRY(UserDataObject, valid_size),
    CTS_ENTRY(UserDataObject, copy_ranges),
    CTS_ENTRY(UserDataObject, map_unmap),
    CTS_TABLE_END,
};
