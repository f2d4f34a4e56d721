/* Conformance tests of the LUT object (spec "Object: LUT"). */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    vx_enum type;
    vx_size count, elem;
    vx_uint32 offset;
} lut_case;

CTS_TEST(LUT, create_and_query, "REQ-1067 REQ-1087 REQ-1088 REQ-1089 REQ-1090 REQ-1091 REQ-1094 REQ-1068 REQ-1070 "
                                "REQ-1072 REQ-1074 REQ-1112 REQ-1118")
{
    static const lut_case cases[] = {
        {VX_TYPE_UINT8, 256, 1, 0},       {VX_TYPE_UINT8, 1, 1, 0},     {VX_TYPE_UINT8, 100, 1, 0},
        {VX_TYPE_INT16, 65536, 2, 32768}, {VX_TYPE_INT16, 513, 2, 256}, {VX_TYPE_INT16, 1, 2, 0},
        {VX_TYPE_INT16, 256, 2, 128},
    };
    vx_context c = cts_context();
    vx_size i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        vx_lut l = vxCreateLUT(c, cases[i].type, cases[i].count);
        vx_enum type = 0;
        vx_size count = 0, size = 0;
        vx_uint32 offset = 99;
        CTS_ASSERT_VALID(l);
        CTS_EXPECT_STATUS(vxQueryLUT(l, VX_LUT_TYPE, &type, sizeof(type)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(type, cases[i].type);
        CTS_EXPECT_STATUS(vxQueryLUT(l, VX_LUT_COUNT, &count, sizeof(count)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(count, cases[i].count);
        CTS_EXPECT_STATUS(vxQueryLUT(l, VX_LUT_SIZE, &size, sizeof(size)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(size, cases[i].count * cases[i].elem);
        CTS_EXPECT_STATUS(vxQueryLUT(l, VX_LUT_OFFSET, &offset, sizeof(offset)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(offset, cases[i].offset);
        CTS_EXPECT_STATUS(vxReleaseLUT(&l), VX_SUCCESS);
        CTS_EXPECT(l == NULL);
    }
}

CTS_TEST(LUT, create_errors, "REQ-1090 REQ-1091")
{
    vx_context c = cts_context();
    CTS_EXPECT_ERROR_OBJECT(vxCreateLUT(c, VX_TYPE_UINT8, 257), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateLUT(c, VX_TYPE_UINT8, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateLUT(c, VX_TYPE_INT16, 65537), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateLUT(c, VX_TYPE_INT32, 16), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateLUT(c, VX_TYPE_UINT16, 16), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT(vxCreateLUT(NULL, VX_TYPE_UINT8, 256) == NULL);
}

CTS_TEST(LUT, copy, "REQ-1076 REQ-1077 REQ-1078 REQ-1079 REQ-1080 REQ-1081 REQ-1082 REQ-1083 REQ-1084 REQ-1086")
{
    vx_context c = cts_context();
    vx_int16 *in = malloc(65536 * sizeof(vx_int16)), *out = malloc(65536 * sizeof(vx_int16));
    vx_lut l = vxCreateLUT(c, VX_TYPE_INT16, 65536);
    vx_map_id id;
    void *p = NULL;
    int i;
    CTS_ASSERT(in && out);
    CTS_ASSERT_VALID(l);
    for (i = 0; i < 65536; i++) in[i] = (vx_int16)(32767 - i);
    CTS_EXPECT_STATUS(vxCopyLUT(l, in, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyLUT(l, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(memcmp(in, out, 65536 * sizeof(vx_int16)) == 0);
    /* through a map too */
    CTS_ASSERT_STATUS(vxMapLUT(l, &id, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT(memcmp(in, p, 65536 * sizeof(vx_int16)) == 0);
    CTS_EXPECT_EQ_INT(((vx_int16 *)p)[32768], -1); /* input value 0 at VX_LUT_OFFSET */
    CTS_EXPECT_STATUS(vxUnmapLUT(l, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyLUT(l, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyLUT(l, out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyLUT(l, out, VX_WRITE_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyLUT((vx_lut)c, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseLUT(&l), VX_SUCCESS);
    free(in);
    free(out);
}

CTS_TEST(LUT, map_usages, "REQ-1100 REQ-1101 REQ-1102 REQ-1103 REQ-1104 REQ-1105 REQ-1106 REQ-1107 REQ-1108 "
                          "REQ-1109 REQ-1111 REQ-1123 REQ-1124 REQ-1125 REQ-1127")
{
    vx_context c = cts_context();
    vx_uint8 out[256];
    vx_lut l = vxCreateLUT(c, VX_TYPE_UINT8, 256);
    vx_map_id id, id2;
    vx_uint8 *p = NULL, *p2 = NULL;
    int i;
    CTS_ASSERT_VALID(l);
    CTS_ASSERT_STATUS(vxMapLUT(l, &id, (void **)&p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    for (i = 0; i < 256; i++) p[i] = (vx_uint8)(255 - i);
    CTS_EXPECT_STATUS(vxUnmapLUT(l, id), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxMapLUT(l, &id, (void **)&p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxMapLUT(l, &id2, (void **)&p2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT(id != id2);
    CTS_EXPECT_EQ_INT(p2[0], 255);
    p[10] = 1;
    CTS_EXPECT_STATUS(vxUnmapLUT(l, id2), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapLUT(l, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyLUT(l, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (i = 0; i < 256; i++) CTS_EXPECT_EQ_INT(out[i], i == 10 ? 1 : 255 - i);
    /* errors */
    CTS_EXPECT_STATUS(vxUnmapLUT(l, id), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxUnmapLUT(l, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapLUT(l, NULL, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapLUT(l, &id, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapLUT(l, &id, (void **)&p, 0, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapLUT(l, &id, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_NONE, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapLUT(NULL, &id, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxUnmapLUT(NULL, id), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseLUT(&l), VX_SUCCESS);
}

CTS_TEST(LUT, compat_access_commit, "REQ-1100 REQ-1123")
{
    vx_context c = cts_context();
    vx_uint8 user[256], out[256];
    vx_lut l = vxCreateLUT(c, VX_TYPE_UINT8, 256);
    void *p = NULL;
    int i;
    CTS_ASSERT_VALID(l);
    CTS_ASSERT_STATUS(vxAccessLUT(l, &p, VX_WRITE_ONLY), VX_SUCCESS);
    CTS_ASSERT(p != NULL);
    for (i = 0; i < 256; i++) ((vx_uint8 *)p)[i] = (vx_uint8)i;
    CTS_EXPECT_STATUS(vxCommitLUT(l, p), VX_SUCCESS);
    p = user;
    memset(user, 0, sizeof(user));
    CTS_ASSERT_STATUS(vxAccessLUT(l, &p, VX_READ_AND_WRITE), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(user[200], 200);
    user[0] = 42;
    CTS_EXPECT_STATUS(vxCommitLUT(l, user), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCommitLUT(l, user), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyLUT(l, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out[0], 42);
    CTS_EXPECT_EQ_INT(out[255], 255);
    CTS_EXPECT_STATUS(vxAccessLUT(NULL, &p, VX_READ_ONLY), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseLUT(&l), VX_SUCCESS);
}

CTS_TEST(LUT, query_errors_and_release, "REQ-1113 REQ-1116 REQ-1119 REQ-1120 REQ-1122")
{
    vx_context c = cts_context();
    vx_lut l = vxCreateLUT(c, VX_TYPE_UINT8, 16), stale;
    vx_uint32 small;
    vx_size big;
    CTS_ASSERT_VALID(l);
    CTS_EXPECT_STATUS(vxQueryLUT(l, VX_LUT_COUNT, &small, sizeof(small)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryLUT(l, VX_LUT_OFFSET, &big, sizeof(big)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryLUT(l, VX_LUT_TYPE, NULL, sizeof(vx_enum)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryLUT(l, VX_DISTRIBUTION_BINS, &big, sizeof(big)), VX_ERROR_NOT_SUPPORTED);
    stale = l;
    CTS_EXPECT_STATUS(vxReleaseLUT(&l), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseLUT(&stale), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseLUT(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryLUT(stale, VX_LUT_COUNT, &big, sizeof(big)), VX_ERROR_INVALID_REFERENCE);
}

CTS_TABLE(lut) = {
    CTS_ENTRY(LUT, create_and_query),
    CTS_ENTRY(LUT, create_errors),
    CTS_ENTRY(LUT, copy),
    CTS_ENTRY(LUT, map_usages),
    CTS_ENTRY(LUT, compat_access_commit),
    CTS_ENTRY(LUT, query_errors_and_release),
    CTS_TABLE_END,
};
