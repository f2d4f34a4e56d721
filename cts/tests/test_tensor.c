/* Conformance tests of the tensor object (spec "Object: Tensor"). */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

static vx_size ctx_max_dims(vx_context c)
{
    vx_size n = 0;
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_MAX_TENSOR_DIMS, &n, sizeof(n)), VX_SUCCESS);
    return n;
}

CTS_TEST(Tensor, create_query, "REQ-1485 REQ-1486 REQ-1487 REQ-1491 REQ-1492 REQ-1493 REQ-1494 REQ-1518 REQ-1524 REQ-1579 REQ-1586")
{
    vx_context c = cts_context();
    vx_size maxd = ctx_max_dims(c), n, d, i;
    vx_size dims[16], got[16];
    vx_enum types[] = {VX_TYPE_INT16, VX_TYPE_UINT8, VX_TYPE_INT8, VX_TYPE_FLOAT32, VX_TYPE_UINT16,
                       VX_TYPE_INT32, VX_TYPE_UINT32, VX_TYPE_INT64, VX_TYPE_UINT64, VX_TYPE_FLOAT16, VX_TYPE_FLOAT64};
    CTS_ASSERT(maxd >= 4 && maxd <= 16);
    for (d = 1; d <= maxd; d++) {
        for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
            vx_tensor t;
            vx_enum type = 0;
            vx_int8 fpp = 0;
            vx_size k;
            for (k = 0; k < d; k++) dims[k] = 2 + k;
            t = vxCreateTensor(c, d, dims, types[i], types[i] == VX_TYPE_INT16 ? 8 : 0);
            CTS_ASSERT_VALID(t);
            CTS_EXPECT_STATUS(vxQueryTensor(t, VX_TENSOR_NUMBER_OF_DIMS, &n, sizeof(n)), VX_SUCCESS);
            CTS_EXPECT_EQ_INT(n, d);
            memset(got, 0, sizeof(got));
            CTS_EXPECT_STATUS(vxQueryTensor(t, VX_TENSOR_DIMS, got, d * sizeof(vx_size)), VX_SUCCESS);
            for (k = 0; k < d; k++) CTS_EXPECT_EQ_INT(got[k], dims[k]);
            CTS_EXPECT_STATUS(vxQueryTensor(t, VX_TENSOR_DATA_TYPE, &type, sizeof(type)), VX_SUCCESS);
            CTS_EXPECT_EQ_INT(type, types[i]);
            CTS_EXPECT_STATUS(vxQueryTensor(t, VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof(fpp)), VX_SUCCESS);
            CTS_EXPECT_EQ_INT(fpp, types[i] == VX_TYPE_INT16 ? 8 : 0);
            CTS_EXPECT_STATUS(vxReleaseTensor(&t), VX_SUCCESS);
            CTS_EXPECT(t == NULL);
        }
    }
}

CTS_TEST(Tensor, create_errors, "REQ-1487 REQ-1520 REQ-1522 REQ-1524")
{
    vx_context c = cts_context();
    vx_size dims[8] = {2, 2, 2, 2, 2, 2, 2, 2}, maxd = ctx_max_dims(c), zero[2] = {3, 0};
    vx_tensor t;
    CTS_EXPECT(vxCreateTensor(NULL, 2, dims, VX_TYPE_UINT8, 0) == NULL);
    CTS_EXPECT_ERROR_OBJECT(vxCreateTensor(c, 0, dims, VX_TYPE_UINT8, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateTensor(c, maxd + 1, dims, VX_TYPE_UINT8, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateTensor(c, 2, NULL, VX_TYPE_UINT8, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateTensor(c, 2, zero, VX_TYPE_UINT8, 0), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateTensor(c, 2, dims, VX_TYPE_IMAGE, 0), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateTensor(c, 2, dims, VX_TYPE_BOOL, 0), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateTensor(c, 2, dims, VX_TYPE_RECTANGLE, 0), VX_ERROR_INVALID_TYPE);
    t = vxCreateTensor(c, 2, dims, VX_TYPE_UINT8, 0);
    CTS_ASSERT_VALID(t);
    /* queries: wrong sizes, wrong attribute, wrong handles */
    {
        vx_size n;
        vx_uint32 small;
        vx_size one;
        CTS_EXPECT_STATUS(vxQueryTensor(t, VX_TENSOR_NUMBER_OF_DIMS, &small, sizeof(small)), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryTensor(t, VX_TENSOR_DIMS, &one, sizeof(one)), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryTensor(t, VX_TENSOR_DATA_TYPE, NULL, sizeof(vx_enum)), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryTensor(t, VX_IMAGE_WIDTH, &n, sizeof(n)), VX_ERROR_NOT_SUPPORTED);
        CTS_EXPECT_STATUS(vxQueryTensor(NULL, VX_TENSOR_NUMBER_OF_DIMS, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
        CTS_EXPECT_STATUS(vxQueryTensor((vx_tensor)c, VX_TENSOR_NUMBER_OF_DIMS, &n, sizeof(n)),
                          VX_ERROR_INVALID_REFERENCE);
    }
    {
        vx_tensor copy = t;
        vx_size n;
        CTS_EXPECT_STATUS(vxReleaseTensor(&t), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxReleaseTensor(&copy), VX_ERROR_INVALID_REFERENCE);
        CTS_EXPECT_STATUS(vxQueryTensor(copy, VX_TENSOR_NUMBER_OF_DIMS, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
        CTS_EXPECT_STATUS(vxReleaseTensor(NULL), VX_ERROR_INVALID_REFERENCE);
        CTS_EXPECT_STATUS(vxReleaseTensor((vx_tensor *)&c), VX_ERROR_INVALID_REFERENCE);
    }
}

/* 3-d INT16 tensor, value at (x,y,z) = x + 10y + 100z. */
static vx_tensor make_pattern(vx_context c, const vx_size dims[3])
{
    vx_size n = dims[0] * dims[1] * dims[2], x, y, z, st[3];
    vx_int16 *buf = malloc(n * sizeof(vx_int16));
    vx_size start[3] = {0, 0, 0};
    vx_tensor t = vxCreateTensor(c, 3, dims, VX_TYPE_INT16, 8);
    CTS_ASSERT(buf != NULL);
    CTS_ASSERT_VALID(t);
    for (z = 0; z < dims[2]; z++)
        for (y = 0; y < dims[1]; y++)
            for (x = 0; x < dims[0]; x++) buf[(z * dims[1] + y) * dims[0] + x] = (vx_int16)(x + 10 * y + 100 * z);
    st[0] = 2;
    st[1] = 2 * dims[0];
    st[2] = 2 * dims[0] * dims[1];
    CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 3, start, dims, st, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    free(buf);
    return t;
}

CTS_TEST(Tensor, copy_patch, "REQ-1495 REQ-1496 REQ-1497 REQ-1498 REQ-1499 REQ-1500 REQ-1501 REQ-1502 REQ-1503 REQ-1504 REQ-1505 REQ-1506 REQ-1507 REQ-1508 REQ-1510")
{
    vx_context c = cts_context();
    vx_size dims[3] = {5, 4, 3};
    vx_tensor t = make_pattern(c, dims);
    vx_size start[3] = {1, 1, 1}, end[3] = {4, 3, 3}, x, y, z;
    /* a padded user layout: rows of 8 elements, planes of 3 rows */
    vx_size ust[3] = {2, 16, 48};
    vx_int16 out[2 * 24];
    memset(out, 0x55, sizeof(out));
    CTS_ASSERT_STATUS(vxCopyTensorPatch(t, 3, start, end, ust, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (z = 0; z < 2; z++)
        for (y = 0; y < 2; y++)
            for (x = 0; x < 8; x++) {
                vx_int16 v = out[z * 24 + y * 8 + x];
                if (x < 3) CTS_EXPECT_EQ_INT(v, (x + 1) + 10 * (y + 1) + 100 * (z + 1));
                else CTS_EXPECT_EQ_INT((vx_uint16)v, 0x5555); /* gap untouched */
            }
    /* read back through a map: the whole tensor */
    {
        vx_map_id id;
        vx_size st[3];
        void *p = NULL;
        CTS_ASSERT_STATUS(vxMapTensorPatch(t, 3, NULL, NULL, &id, st, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_SUCCESS);
        CTS_EXPECT_EQ_INT(st[0], 2);
        for (z = 0; z < 3; z++)
            for (y = 0; y < 4; y++)
                for (x = 0; x < 5; x++)
                    CTS_EXPECT_EQ_INT(*(vx_int16 *)((vx_uint8 *)p + x * st[0] + y * st[1] + z * st[2]),
                                      x + 10 * y + 100 * z);
        CTS_EXPECT_STATUS(vxUnmapTensorPatch(t, id), VX_SUCCESS);
    }
    /* fewer dims: the lower dimensions, index 0 of the higher ones */
    {
        vx_size s1[1] = {2}, e1[1] = {5}, st1[1] = {2};
        vx_int16 row[3] = {0, 0, 0};
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 1, s1, e1, st1, row, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(row[0], 2);
        CTS_EXPECT_EQ_INT(row[2], 4);
        row[1] = 777;
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 1, s1, e1, st1, row, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    }
    {
        vx_size s3[3] = {3, 0, 0}, e3[3] = {4, 1, 1}, st[3] = {2, 2, 2};
        vx_int16 v = 0;
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 3, s3, e3, st, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(v, 777);
    }
    /* errors */
    {
        vx_size bad_end[3] = {6, 3, 3}, empty_end[3] = {1, 3, 3}, bad_st[3] = {1, 16, 48};
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 0, start, end, ust, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 4, start, end, ust, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 3, start, bad_end, ust, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 3, start, empty_end, ust, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 3, start, end, bad_st, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 3, start, end, NULL, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 3, start, end, ust, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 3, start, end, ust, out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 3, start, end, ust, out, VX_READ_ONLY, VX_MEMORY_TYPE_NONE),
                          VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyTensorPatch(NULL, 3, start, end, ust, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_REFERENCE);
    }
    CTS_EXPECT_STATUS(vxReleaseTensor(&t), VX_SUCCESS);
}

CTS_TEST(Tensor, map_patch, "REQ-1552 REQ-1553 REQ-1554 REQ-1555 REQ-1556 REQ-1557 REQ-1558 REQ-1559 REQ-1560 REQ-1561 REQ-1562 REQ-1563 REQ-1564 REQ-1566 REQ-1574 REQ-1575 REQ-1576 REQ-1578")
{
    vx_context c = cts_context();
    vx_size dims[3] = {6, 5, 2};
    vx_tensor t = make_pattern(c, dims);
    vx_size start[3] = {2, 1, 1}, end[3] = {5, 4, 2}, st[3], x, y;
    vx_map_id id = 0, id2 = 0;
    void *p = NULL, *p2 = NULL;
    CTS_ASSERT_STATUS(vxMapTensorPatch(t, 3, start, end, &id, st, &p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    CTS_EXPECT_EQ_INT(st[0], sizeof(vx_int16));
    CTS_EXPECT(st[1] >= 3 * st[0]);
    for (y = 0; y < 3; y++)
        for (x = 0; x < 3; x++) {
            vx_int16 *e = (vx_int16 *)((vx_uint8 *)p + x * st[0] + y * st[1]);
            CTS_EXPECT_EQ_INT(*e, (x + 2) + 10 * (y + 1) + 100);
            *e = (vx_int16)-(vx_int16)(x + 3 * y);
        }
    /* a second, read-only map at the same time */
    CTS_ASSERT_STATUS(vxMapTensorPatch(t, 3, NULL, NULL, &id2, st, &p2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    CTS_EXPECT(id2 != id);
    CTS_EXPECT_STATUS(vxUnmapTensorPatch(t, id2), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapTensorPatch(t, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapTensorPatch(t, id), VX_ERROR_INVALID_PARAMETERS); /* already unmapped */
    CTS_EXPECT_STATUS(vxUnmapTensorPatch(t, 0), VX_ERROR_INVALID_PARAMETERS);
    /* the writes are seen by a copy */
    {
        vx_int16 buf[6 * 5 * 2];
        vx_size ust[3] = {2, 12, 60}, s0[3] = {0, 0, 0};
        CTS_ASSERT_STATUS(vxCopyTensorPatch(t, 3, s0, dims, ust, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        for (y = 0; y < 5; y++)
            for (x = 0; x < 6; x++) {
                vx_int16 v = buf[30 + y * 6 + x];
                if (x >= 2 && x < 5 && y >= 1 && y < 4) CTS_EXPECT_EQ_INT(v, -(vx_int32)((x - 2) + 3 * (y - 1)));
                else CTS_EXPECT_EQ_INT(v, x + 10 * y + 100);
            }
        CTS_EXPECT_EQ_INT(buf[7], 1 + 10);
    }
    /* errors */
    CTS_EXPECT_STATUS(vxMapTensorPatch(t, 0, NULL, NULL, &id, st, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapTensorPatch(t, 4, NULL, NULL, &id, st, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    {
        vx_size bad[3] = {7, 5, 2};
        CTS_EXPECT_STATUS(vxMapTensorPatch(t, 3, NULL, bad, &id, st, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_ERROR_INVALID_PARAMETERS);
    }
    CTS_EXPECT_STATUS(vxMapTensorPatch(t, 3, NULL, NULL, NULL, st, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapTensorPatch(t, 3, NULL, NULL, &id, NULL, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapTensorPatch(t, 3, NULL, NULL, &id, st, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapTensorPatch(t, 3, NULL, NULL, &id, st, &p, 0, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapTensorPatch(t, 3, NULL, NULL, &id, st, &p, VX_READ_ONLY, VX_MEMORY_TYPE_NONE),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapTensorPatch(NULL, 3, NULL, NULL, &id, st, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxUnmapTensorPatch(NULL, 1), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseTensor(&t), VX_SUCCESS);
}

CTS_TEST(Tensor, from_handle_and_swap, "REQ-1525 REQ-1526 REQ-1531 REQ-1532 REQ-1533 REQ-1534 REQ-1535 REQ-1537 REQ-1567 REQ-1568 REQ-1569 REQ-1570 REQ-1571 REQ-1573")
{
    vx_context c = cts_context();
    vx_size dims[2] = {3, 4}, st[2] = {4, 16}; /* padded rows: 4 floats per row */
    vx_float32 a[16], b[16], out[12];
    vx_size ust[2] = {4, 12}, s0[2] = {0, 0};
    vx_tensor t, v;
    void *prev = NULL;
    int i;
    for (i = 0; i < 16; i++) {
        a[i] = (vx_float32)i;
        b[i] = (vx_float32)(100 + i);
    }
    t = vxCreateTensorFromHandle(c, 2, dims, VX_TYPE_FLOAT32, 0, st, a, VX_MEMORY_TYPE_HOST);
    CTS_ASSERT_VALID(t);
    CTS_ASSERT_STATUS(vxCopyTensorPatch(t, 2, s0, dims, ust, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(out[0] == 0.0f && out[2] == 2.0f && out[3] == 4.0f && out[11] == 14.0f);
    /* a view follows the swap */
    {
        vx_size vs[2] = {1, 1}, ve[2] = {3, 3};
        v = vxCreateTensorFromView(t, 2, vs, ve);
        CTS_ASSERT_VALID(v);
    }
    CTS_EXPECT_STATUS(vxSwapTensorHandle(v, b, &prev), VX_ERROR_INVALID_PARAMETERS); /* a view is not from handle */
    CTS_ASSERT_STATUS(vxSwapTensorHandle(t, b, &prev), VX_SUCCESS);
    CTS_EXPECT(prev == a);
    {
        vx_size vst[2] = {4, 8}, vd[2] = {2, 2};
        vx_float32 vo[4];
        CTS_ASSERT_STATUS(vxCopyTensorPatch(v, 2, s0, vd, vst, vo, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT(vo[0] == 105.0f && vo[1] == 106.0f && vo[2] == 109.0f && vo[3] == 110.0f);
    }
    /* writes land in the application's memory */
    {
        vx_float32 w = -1.0f;
        vx_size ws[2] = {2, 3}, we[2] = {3, 4}, wst[2] = {4, 4};
        CTS_EXPECT_STATUS(vxCopyTensorPatch(t, 2, ws, we, wst, &w, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT(b[14] == -1.0f);
    }
    /* swap refused while mapped, even through a view */
    {
        vx_map_id id;
        vx_size mst[2];
        void *p;
        CTS_ASSERT_STATUS(vxMapTensorPatch(v, 2, NULL, NULL, &id, mst, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_SUCCESS);
        CTS_EXPECT(p == (void *)&b[5]);
        CTS_EXPECT_STATUS(vxSwapTensorHandle(t, a, NULL), VX_FAILURE);
        CTS_EXPECT_STATUS(vxUnmapTensorPatch(v, id), VX_SUCCESS);
    }
    /* NULL: the memory goes back, no new one: access fails until a new handle */
    CTS_EXPECT_STATUS(vxSwapTensorHandle(t, NULL, &prev), VX_SUCCESS);
    CTS_EXPECT(prev == b);
    CTS_EXPECT(vxCopyTensorPatch(t, 2, s0, dims, ust, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSwapTensorHandle(t, a, &prev), VX_SUCCESS);
    CTS_EXPECT(prev == NULL);
    CTS_EXPECT_STATUS(vxReleaseTensor(&v), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseTensor(&t), VX_SUCCESS);
    /* errors */
    CTS_EXPECT(vxCreateTensorFromHandle(NULL, 2, dims, VX_TYPE_FLOAT32, 0, st, a, VX_MEMORY_TYPE_HOST) == NULL);
    {
        vx_size bad0[2] = {2, 16}, overlap[2] = {4, 8};
        CTS_EXPECT_ERROR_OBJECT(vxCreateTensorFromHandle(c, 2, dims, VX_TYPE_FLOAT32, 0, bad0, a, VX_MEMORY_TYPE_HOST),
                                VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateTensorFromHandle(c, 2, dims, VX_TYPE_FLOAT32, 0, overlap, a, VX_MEMORY_TYPE_HOST),
                                VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateTensorFromHandle(c, 2, dims, VX_TYPE_FLOAT32, 0, NULL, a, VX_MEMORY_TYPE_HOST),
                                VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateTensorFromHandle(c, 2, dims, VX_TYPE_FLOAT32, 0, st, a, VX_MEMORY_TYPE_NONE),
                                VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateTensorFromHandle(c, 0, dims, VX_TYPE_FLOAT32, 0, st, a, VX_MEMORY_TYPE_HOST),
                                VX_ERROR_INVALID_PARAMETERS);
    }
    /* A tensor made by vxCreateTensor can be swapped too (the conformance suite
     * does it): its memory passes to the application with the data in it. */
    t = vxCreateTensor(c, 2, dims, VX_TYPE_FLOAT32, 0);
    CTS_ASSERT_VALID(t);
    {
        vx_size start[2] = {0, 0}, st2[2] = {sizeof(vx_float32), dims[0] * sizeof(vx_float32)};
        vx_float32 in[64], out[64];
        vx_size i, n = dims[0] * dims[1];
        void *own = NULL;
        for (i = 0; i < n; i++) in[i] = (vx_float32)i * 0.5f;
        CTS_ASSERT_STATUS(vxCopyTensorPatch(t, 2, start, dims, st2, in, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxSwapTensorHandle(t, a, &own), VX_SUCCESS);
        CTS_ASSERT(own != NULL);
        CTS_EXPECT(memcmp(own, in, n * sizeof(vx_float32)) == 0); /* the old data, now ours */
        for (i = 0; i < n; i++) ((vx_float32 *)a)[i] = 7.0f;
        CTS_ASSERT_STATUS(vxCopyTensorPatch(t, 2, start, dims, st2, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT(out[0] == 7.0f && out[n - 1] == 7.0f); /* the tensor reads the new memory */
        free(own);
    }
    CTS_EXPECT_STATUS(vxSwapTensorHandle(NULL, a, &prev), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseTensor(&t), VX_SUCCESS);
}

CTS_TEST(Tensor, from_view, "REQ-1538 REQ-1539 REQ-1540 REQ-1541 REQ-1542 REQ-1543 REQ-1544")
{
    vx_context c = cts_context();
    vx_size dims[3] = {6, 5, 4};
    vx_tensor t = make_pattern(c, dims), v, vv;
    vx_size vs[3] = {1, 2, 1}, ve[3] = {5, 5, 3}, got[3], n;
    int base = cts_context_refs(c);
    v = vxCreateTensorFromView(t, 3, vs, ve);
    CTS_ASSERT_VALID(v);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base + 1);
    CTS_EXPECT_STATUS(vxQueryTensor(v, VX_TENSOR_NUMBER_OF_DIMS, &n, sizeof(n)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(n, 3);
    CTS_EXPECT_STATUS(vxQueryTensor(v, VX_TENSOR_DIMS, got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got[0], 4);
    CTS_EXPECT_EQ_INT(got[1], 3);
    CTS_EXPECT_EQ_INT(got[2], 2);
    {
        vx_enum type;
        vx_int8 fpp;
        CTS_EXPECT_STATUS(vxQueryTensor(v, VX_TENSOR_DATA_TYPE, &type, sizeof(type)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(type, VX_TYPE_INT16);
        CTS_EXPECT_STATUS(vxQueryTensor(v, VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof(fpp)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(fpp, 8);
    }
    /* a view of a view, over the lower 1 dimension only: the higher ones are whole */
    {
        vx_size s1[1] = {2}, e1[1] = {3};
        vv = vxCreateTensorFromView(v, 1, s1, e1);
        CTS_ASSERT_VALID(vv);
        CTS_EXPECT_STATUS(vxQueryTensor(vv, VX_TENSOR_DIMS, got, sizeof(got)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(got[0], 1);
        CTS_EXPECT_EQ_INT(got[1], 3);
        CTS_EXPECT_EQ_INT(got[2], 2);
    }
    /* the parent dies last: release it first, the views still work */
    CTS_EXPECT_STATUS(vxReleaseTensor(&t), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseTensor(&v), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base + 2); /* t and v held by vv */
    {
        vx_int16 buf[6];
        vx_size s0[3] = {0, 0, 0}, d[3] = {1, 3, 2}, ust[3] = {2, 2, 6}, i, k;
        CTS_ASSERT_STATUS(vxCopyTensorPatch(vv, 3, s0, d, ust, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        for (k = 0; k < 2; k++)
            for (i = 0; i < 3; i++) CTS_EXPECT_EQ_INT(buf[k * 3 + i], 3 + 10 * (2 + i) + 100 * (1 + k));
        /* writes through the view reach the shared memory */
        buf[0] = 4242;
        CTS_EXPECT_STATUS(vxCopyTensorPatch(vv, 1, s0, d, ust, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        {
            vx_map_id id;
            vx_size st[3];
            void *p;
            CTS_ASSERT_STATUS(vxMapTensorPatch(vv, 3, NULL, NULL, &id, st, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                              VX_SUCCESS);
            CTS_EXPECT_EQ_INT(*(vx_int16 *)p, 4242);
            CTS_EXPECT_EQ_INT(*(vx_int16 *)((vx_uint8 *)p + st[2]), 3 + 20 + 200);
            CTS_EXPECT_STATUS(vxUnmapTensorPatch(vv, id), VX_SUCCESS);
        }
    }
    CTS_EXPECT_STATUS(vxReleaseTensor(&vv), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base - 1);
    /* errors */
    t = make_pattern(c, dims);
    {
        vx_size bad_e[3] = {7, 5, 4}, empty_e[3] = {1, 5, 4};
        CTS_EXPECT(vxCreateTensorFromView(NULL, 3, vs, ve) == NULL);
        CTS_EXPECT_ERROR_OBJECT(vxCreateTensorFromView(t, 0, vs, ve), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateTensorFromView(t, 4, vs, ve), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateTensorFromView(t, 3, vs, bad_e), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateTensorFromView(t, 3, vs, empty_e), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateTensorFromView(t, 3, NULL, ve), VX_ERROR_INVALID_PARAMETERS);
    }
    CTS_EXPECT_STATUS(vxReleaseTensor(&t), VX_SUCCESS);
}

CTS_TABLE(tensor) = {
    CTS_ENTRY(Tensor, create_query),
    CTS_ENTRY(Tensor, create_errors),
    CTS_ENTRY(Tensor, copy_patch),
    CTS_ENTRY(Tensor, map_patch),
    CTS_ENTRY(Tensor, from_handle_and_swap),
    CTS_ENTRY(Tensor, from_view),
    CTS_TABLE_END,
};
