/* Conformance tests of the remap object (spec "Object: Remap"). */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

static vx_uint32 rq(vx_remap r, vx_enum attr)
{
    vx_uint32 v = 0xFFFFFFFFu;
    if (vxQueryRemap(r, attr, &v, sizeof(v)) != VX_SUCCESS) return 0xFFFFFFFEu;
    return v;
}

CTS_TEST(Remap, create_and_query, "REQ-1242 REQ-1268 REQ-1269 REQ-1270 REQ-1271 REQ-1272 REQ-1273 REQ-1274 REQ-1243 "
                                  "REQ-1245 REQ-1247 REQ-1249 REQ-1296 REQ-1302")
{
    vx_context c = cts_context();
    vx_remap r = vxCreateRemap(c, 640, 480, 320, 200);
    CTS_ASSERT_VALID(r);
    CTS_EXPECT_EQ_INT(rq(r, VX_REMAP_SOURCE_WIDTH), 640);
    CTS_EXPECT_EQ_INT(rq(r, VX_REMAP_SOURCE_HEIGHT), 480);
    CTS_EXPECT_EQ_INT(rq(r, VX_REMAP_DESTINATION_WIDTH), 320);
    CTS_EXPECT_EQ_INT(rq(r, VX_REMAP_DESTINATION_HEIGHT), 200);
    CTS_EXPECT_STATUS(vxReleaseRemap(&r), VX_SUCCESS);
    CTS_EXPECT(r == NULL);
}

CTS_TEST(Remap, create_errors, "REQ-1270 REQ-1271 REQ-1272 REQ-1273")
{
    vx_context c = cts_context();
    CTS_EXPECT_ERROR_OBJECT(vxCreateRemap(c, 0, 10, 10, 10), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateRemap(c, 10, 0, 10, 10), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateRemap(c, 10, 10, 0, 10), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateRemap(c, 10, 10, 10, 0), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT(vxCreateRemap(NULL, 10, 10, 10, 10) == NULL);
}

CTS_TEST(Remap, copy_patch, "REQ-1251 REQ-1252 REQ-1253 REQ-1254 REQ-1255 REQ-1256 REQ-1257 REQ-1258 REQ-1259 "
                            "REQ-1260 REQ-1261 REQ-1262 REQ-1263 REQ-1264 REQ-1265 REQ-1267")
{
    enum { W = 16, H = 12 };
    vx_context c = cts_context();
    vx_remap r = vxCreateRemap(c, 64, 64, W, H);
    vx_coordinates2df_t full[H][W], back[H][W + 2];
    vx_rectangle_t all = {0, 0, W, H}, part = {3, 2, 9, 7};
    vx_float32 sx = 0, sy = 0;
    int x, y;
    CTS_ASSERT_VALID(r);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            full[y][x].x = x * 2.0f + 0.25f;
            full[y][x].y = y * 3.0f + 0.5f;
        }
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &all, sizeof(full[0]), full, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY,
                                       VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    /* point by point through the 1.0 getter (another path) */
    CTS_EXPECT_STATUS(vxGetRemapPoint(r, 5, 7, &sx, &sy), VX_SUCCESS);
    CTS_EXPECT(sx == 10.25f && sy == 21.5f);
    /* a patch read into a wider buffer: the padding stays untouched */
    memset(back, 0x5A, sizeof(back));
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &part, sizeof(back[0]), back, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                       VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    for (y = 0; y < 5; y++) {
        for (x = 0; x < 6; x++) {
            CTS_EXPECT(back[y][x].x == full[y + 2][x + 3].x);
            CTS_EXPECT(back[y][x].y == full[y + 2][x + 3].y);
        }
        CTS_EXPECT(((vx_uint8 *)&back[y][6])[0] == 0x5A);
    }
    /* a patch write changes only the patch */
    for (y = 0; y < 5; y++)
        for (x = 0; x < 6; x++) back[y][x].x = back[y][x].y = -1.0f;
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &part, sizeof(back[0]), back, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY,
                                       VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGetRemapPoint(r, 3, 2, &sx, &sy), VX_SUCCESS);
    CTS_EXPECT(sx == -1.0f && sy == -1.0f);
    CTS_EXPECT_STATUS(vxGetRemapPoint(r, 9, 2, &sx, &sy), VX_SUCCESS);
    CTS_EXPECT(sx == full[2][9].x && sy == full[2][9].y);
    CTS_EXPECT_STATUS(vxGetRemapPoint(r, 8, 6, &sx, &sy), VX_SUCCESS);
    CTS_EXPECT(sx == -1.0f);
    CTS_EXPECT_STATUS(vxGetRemapPoint(r, 8, 7, &sx, &sy), VX_SUCCESS);
    CTS_EXPECT(sx == full[7][8].x);
    CTS_EXPECT_STATUS(vxReleaseRemap(&r), VX_SUCCESS);
}

CTS_TEST(Remap, copy_patch_errors, "REQ-1255 REQ-1258 REQ-1261 REQ-1262 REQ-1265")
{
    vx_context c = cts_context();
    vx_remap r = vxCreateRemap(c, 8, 8, 8, 8);
    vx_coordinates2df_t buf[64];
    vx_rectangle_t ok = {0, 0, 4, 4}, empty = {2, 2, 2, 4}, out_x = {0, 0, 9, 4}, out_y = {0, 5, 4, 9},
                   inverted = {4, 0, 2, 4};
    vx_size st = 4 * sizeof(vx_coordinates2df_t);
    CTS_ASSERT_VALID(r);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, NULL, st, buf, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &empty, st, buf, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &out_x, 16 * 8, buf, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                       VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &out_y, st, buf, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &inverted, st, buf, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                       VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &ok, st - 1, buf, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &ok, st, NULL, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &ok, st, buf, VX_TYPE_COORDINATES2D, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &ok, st, buf, VX_TYPE_COORDINATES2DF, VX_READ_AND_WRITE,
                                       VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &ok, st, buf, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_NONE),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &ok, st, buf, VX_TYPE_COORDINATES2DF, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch((vx_remap)c, &ok, st, buf, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                       VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseRemap(&r), VX_SUCCESS);
}

CTS_TEST(Remap, map_patch, "REQ-1282 REQ-1283 REQ-1284 REQ-1285 REQ-1286 REQ-1287 REQ-1288 REQ-1289 REQ-1290 "
                           "REQ-1291 REQ-1292 REQ-1293 REQ-1295 REQ-1307 REQ-1308 REQ-1309 REQ-1311")
{
    enum { W = 10, H = 6 };
    vx_context c = cts_context();
    vx_remap r = vxCreateRemap(c, 20, 20, W, H);
    vx_rectangle_t all = {0, 0, W, H}, part = {2, 1, 5, 4};
    vx_map_id id;
    vx_size stride = 0;
    void *p = NULL;
    vx_float32 sx, sy;
    vx_uint32 x, y;
    CTS_ASSERT_VALID(r);
    /* write every point through a write-only map */
    CTS_ASSERT_STATUS(vxMapRemapPatch(r, &all, &id, &stride, &p, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY,
                                      VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    CTS_ASSERT(p != NULL && stride >= W * sizeof(vx_coordinates2df_t));
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++) {
            vx_coordinates2df_t *pt = (vx_coordinates2df_t *)((vx_uint8 *)p + y * stride) + x;
            pt->x = (vx_float32)x + 100.0f;
            pt->y = (vx_float32)y + 200.0f;
        }
    CTS_EXPECT_STATUS(vxUnmapRemapPatch(r, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGetRemapPoint(r, 7, 3, &sx, &sy), VX_SUCCESS);
    CTS_EXPECT(sx == 107.0f && sy == 203.0f);
    /* read-and-write map of a patch: the pointer is its top-left element */
    CTS_ASSERT_STATUS(vxMapRemapPatch(r, &part, &id, &stride, &p, VX_TYPE_COORDINATES2DF, VX_READ_AND_WRITE,
                                      VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    CTS_EXPECT(((vx_coordinates2df_t *)p)->x == 102.0f && ((vx_coordinates2df_t *)p)->y == 201.0f);
    {
        vx_coordinates2df_t *last = (vx_coordinates2df_t *)((vx_uint8 *)p + 2 * stride) + 2;
        CTS_EXPECT(last->x == 104.0f && last->y == 203.0f);
        last->x = -5.0f;
    }
    CTS_EXPECT_STATUS(vxUnmapRemapPatch(r, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGetRemapPoint(r, 4, 3, &sx, &sy), VX_SUCCESS);
    CTS_EXPECT(sx == -5.0f && sy == 203.0f);
    /* errors */
    CTS_EXPECT_STATUS(vxUnmapRemapPatch(r, id), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapRemapPatch(r, NULL, &id, &stride, &p, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                      VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapRemapPatch(r, &part, NULL, &stride, &p, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                      VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapRemapPatch(r, &part, &id, NULL, &p, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                      VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapRemapPatch(r, &part, &id, &stride, NULL, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                      VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapRemapPatch(r, &part, &id, &stride, &p, VX_TYPE_FLOAT32, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapRemapPatch(r, &part, &id, &stride, &p, VX_TYPE_COORDINATES2DF, 0, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    {
        vx_rectangle_t outside = {0, 0, W + 1, H};
        CTS_EXPECT_STATUS(vxMapRemapPatch(r, &outside, &id, &stride, &p, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                          VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_PARAMETERS);
    }
    CTS_EXPECT_STATUS(vxMapRemapPatch(NULL, &part, &id, &stride, &p, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                      VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxUnmapRemapPatch(NULL, id), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseRemap(&r), VX_SUCCESS);
}

CTS_TEST(Remap, compat_points, "REQ-1242")
{
    vx_context c = cts_context();
    vx_remap r = vxCreateRemap(c, 4, 4, 3, 2);
    vx_coordinates2df_t buf[2][3];
    vx_rectangle_t all = {0, 0, 3, 2};
    vx_float32 sx = 1, sy = 1;
    CTS_ASSERT_VALID(r);
    CTS_EXPECT_STATUS(vxGetRemapPoint(r, 2, 1, &sx, &sy), VX_SUCCESS);
    CTS_EXPECT(sx == 0.0f && sy == 0.0f); /* new tables start at (0, 0) */
    CTS_EXPECT_STATUS(vxSetRemapPoint(r, 2, 1, 3.5f, -0.5f), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyRemapPatch(r, &all, sizeof(buf[0]), buf, VX_TYPE_COORDINATES2DF, VX_READ_ONLY,
                                       VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    CTS_EXPECT(buf[1][2].x == 3.5f && buf[1][2].y == -0.5f);
    CTS_EXPECT(vxSetRemapPoint(r, 3, 1, 0, 0) != VX_SUCCESS);
    CTS_EXPECT(vxSetRemapPoint(r, 0, 2, 0, 0) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGetRemapPoint(r, 3, 0, &sx, &sy), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGetRemapPoint(r, 0, 0, NULL, &sy), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetRemapPoint(NULL, 0, 0, 0, 0), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxGetRemapPoint(NULL, 0, 0, &sx, &sy), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseRemap(&r), VX_SUCCESS);
}

CTS_TEST(Remap, query_errors_and_release, "REQ-1297 REQ-1300 REQ-1303 REQ-1304 REQ-1306")
{
    vx_context c = cts_context();
    vx_remap r = vxCreateRemap(c, 4, 4, 4, 4), stale;
    vx_size big;
    CTS_ASSERT_VALID(r);
    CTS_EXPECT_STATUS(vxQueryRemap(r, VX_REMAP_SOURCE_WIDTH, &big, sizeof(big)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryRemap(r, VX_REMAP_SOURCE_WIDTH, NULL, sizeof(vx_uint32)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryRemap(r, VX_LUT_COUNT, &big, sizeof(vx_uint32)), VX_ERROR_NOT_SUPPORTED);
    stale = r;
    CTS_EXPECT_STATUS(vxReleaseRemap(&r), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseRemap(&stale), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseRemap(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryRemap(stale, VX_REMAP_SOURCE_WIDTH, &big, sizeof(vx_uint32)), VX_ERROR_INVALID_REFERENCE);
}

CTS_TABLE(remap) = {
    CTS_ENTRY(Remap, create_and_query),
    CTS_ENTRY(Remap, create_errors),
    CTS_ENTRY(Remap, copy_patch),
    CTS_ENTRY(Remap, copy_patch_errors),
    CTS_ENTRY(Remap, map_patch),
    CTS_ENTRY(Remap, compat_points),
    CTS_ENTRY(Remap, query_errors_and_release),
    CTS_TABLE_END,
};
