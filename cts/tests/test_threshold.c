/* Conformance tests of the threshold object (spec "Object: Threshold"). */
#include "../runner/cts.h"

#include <string.h>

/* vx_threshold_attribute_e values of OpenVX 1.0/1.1 (not in the 1.3.1 headers). */
#define OLD_THRESHOLD_VALUE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x1)
#define OLD_THRESHOLD_LOWER (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x2)
#define OLD_THRESHOLD_UPPER (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x3)
#define OLD_TRUE_VALUE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x4)
#define OLD_FALSE_VALUE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x5)
#define OLD_DATA_TYPE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x6)

CTS_TEST(Threshold, create_and_query, "REQ-1376 REQ-1417 REQ-1420 REQ-1421 REQ-1422 REQ-1423 REQ-1424 REQ-1377 "
                                      "REQ-1379 REQ-1381 REQ-1431 REQ-1437")
{
    static const vx_df_image ins[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_S16};
    static const vx_df_image outs[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U1, VX_DF_IMAGE_S16};
    static const vx_enum types[] = {VX_THRESHOLD_TYPE_BINARY, VX_THRESHOLD_TYPE_RANGE};
    vx_context c = cts_context();
    int i, o, t;
    for (t = 0; t < 2; t++)
        for (i = 0; i < 2; i++)
            for (o = 0; o < 3; o++) {
                vx_threshold th = vxCreateThresholdForImage(c, types[t], ins[i], outs[o]);
                vx_enum type = 0;
                vx_df_image in = 0, out = 0;
                CTS_ASSERT_VALID(th);
                CTS_EXPECT_STATUS(vxQueryThreshold(th, VX_THRESHOLD_TYPE, &type, sizeof(type)), VX_SUCCESS);
                CTS_EXPECT_EQ_INT(type, types[t]);
                CTS_EXPECT_STATUS(vxQueryThreshold(th, VX_THRESHOLD_INPUT_FORMAT, &in, sizeof(in)), VX_SUCCESS);
                CTS_EXPECT_EQ_INT(in, ins[i]);
                CTS_EXPECT_STATUS(vxQueryThreshold(th, VX_THRESHOLD_OUTPUT_FORMAT, &out, sizeof(out)), VX_SUCCESS);
                CTS_EXPECT_EQ_INT(out, outs[o]);
                CTS_EXPECT_STATUS(vxReleaseThreshold(&th), VX_SUCCESS);
                CTS_EXPECT(th == NULL);
            }
}

CTS_TEST(Threshold, create_errors, "REQ-1421 REQ-1422 REQ-1423")
{
    vx_context c = cts_context();
    CTS_EXPECT_ERROR_OBJECT(vxCreateThresholdForImage(c, 0, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_RGB, VX_DF_IMAGE_U8),
                            VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_ERROR_OBJECT(vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_VIRT),
                            VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_ERROR_OBJECT(vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_RANGE, 0, VX_DF_IMAGE_U8),
                            VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT(vxCreateThresholdForImage(NULL, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8) == NULL);
}

CTS_TEST(Threshold, default_outputs, "REQ-1418 REQ-1419 REQ-1383 REQ-1385 REQ-1387 REQ-1390 REQ-1394")
{
    static const struct {
        vx_df_image format;
        vx_uint8 true_bytes[4];
        vx_size n;
    } cases[] = {
        {VX_DF_IMAGE_RGB, {255, 255, 255, 0}, 3},   {VX_DF_IMAGE_RGBX, {255, 255, 255, 255}, 4},
        {VX_DF_IMAGE_NV12, {255, 255, 255, 0}, 3},  {VX_DF_IMAGE_NV21, {255, 255, 255, 0}, 3},
        {VX_DF_IMAGE_UYVY, {255, 255, 255, 0}, 3},  {VX_DF_IMAGE_YUYV, {255, 255, 255, 0}, 3},
        {VX_DF_IMAGE_IYUV, {255, 255, 255, 0}, 3},  {VX_DF_IMAGE_YUV4, {255, 255, 255, 0}, 3},
    };
    vx_context c = cts_context();
    vx_pixel_value_t t, f;
    vx_threshold th;
    vx_size i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        th = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, cases[i].format);
        CTS_ASSERT_VALID(th);
        memset(&t, 0x11, sizeof(t));
        memset(&f, 0x11, sizeof(f));
        CTS_EXPECT_STATUS(vxCopyThresholdOutput(th, &t, &f, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_MSG(memcmp(t.reserved, cases[i].true_bytes, cases[i].n) == 0, "format 0x%08x: true value",
                       (unsigned)cases[i].format);
        CTS_EXPECT_EQ_INT(f.reserved[0] | f.reserved[1] | f.reserved[2], 0);
        CTS_EXPECT_STATUS(vxReleaseThreshold(&th), VX_SUCCESS);
    }
#define SINGLE(fmt, field, tv)                                                                                   \
    do {                                                                                                         \
        th = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_S16, fmt);                        \
        CTS_ASSERT_VALID(th);                                                                                    \
        memset(&t, 0x11, sizeof(t));                                                                             \
        memset(&f, 0x11, sizeof(f));                                                                             \
        CTS_EXPECT_STATUS(vxCopyThresholdOutput(th, &t, &f, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);     \
        CTS_EXPECT_EQ_INT(t.field, tv);                                                                          \
        CTS_EXPECT_EQ_INT(f.field, 0);                                                                           \
        CTS_EXPECT_STATUS(vxReleaseThreshold(&th), VX_SUCCESS);                                                  \
    } while (0)
    SINGLE(VX_DF_IMAGE_U1, U1, vx_true_e);
    SINGLE(VX_DF_IMAGE_U8, U8, 0xFF);
    SINGLE(VX_DF_IMAGE_S16, S16, -1);
    SINGLE(VX_DF_IMAGE_U16, U16, 0xFFFF);
    SINGLE(VX_DF_IMAGE_S32, S32, -1);
    SINGLE(VX_DF_IMAGE_U32, U32, 0xFFFFFFFFu);
#undef SINGLE
}

CTS_TEST(Threshold, copy_value, "REQ-1407 REQ-1408 REQ-1409 REQ-1410 REQ-1411 REQ-1412 REQ-1413 REQ-1414 REQ-1416")
{
    vx_context c = cts_context();
    vx_threshold th = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_S16, VX_DF_IMAGE_U8);
    vx_pixel_value_t v, lo, hi;
    vx_int32 old = 0;
    CTS_ASSERT_VALID(th);
    memset(&v, 0, sizeof(v));
    v.S16 = -1234;
    CTS_EXPECT_STATUS(vxCopyThresholdValue(th, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    memset(&v, 0x33, sizeof(v));
    CTS_EXPECT_STATUS(vxCopyThresholdValue(th, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(v.S16, -1234);
    /* the 1.0 attribute reads the same value (another path) */
    CTS_EXPECT_STATUS(vxQueryThreshold(th, OLD_THRESHOLD_VALUE, &old, sizeof(old)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(old, -1234);
    /* range copies do not apply to a binary threshold */
    CTS_EXPECT_STATUS(vxCopyThresholdRange(th, &lo, &hi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_NOT_COMPATIBLE);
    CTS_EXPECT_STATUS(vxCopyThresholdValue(th, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyThresholdValue(th, &v, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyThresholdValue(th, &v, VX_READ_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyThresholdValue((vx_threshold)c, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseThreshold(&th), VX_SUCCESS);
}

CTS_TEST(Threshold, copy_range, "REQ-1395 REQ-1396 REQ-1397 REQ-1398 REQ-1399 REQ-1400 REQ-1401 REQ-1402 REQ-1403 "
                                "REQ-1404 REQ-1406")
{
    vx_context c = cts_context();
    vx_threshold th = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_pixel_value_t lo, hi, v;
    vx_int32 old = 0;
    CTS_ASSERT_VALID(th);
    memset(&lo, 0, sizeof(lo));
    memset(&hi, 0, sizeof(hi));
    lo.U8 = 40;
    hi.U8 = 200;
    CTS_EXPECT_STATUS(vxCopyThresholdRange(th, &lo, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    memset(&lo, 0x77, sizeof(lo));
    memset(&hi, 0x77, sizeof(hi));
    CTS_EXPECT_STATUS(vxCopyThresholdRange(th, &lo, &hi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(lo.U8, 40);
    CTS_EXPECT_EQ_INT(hi.U8, 200);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, OLD_THRESHOLD_LOWER, &old, sizeof(old)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(old, 40);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, OLD_THRESHOLD_UPPER, &old, sizeof(old)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(old, 200);
    CTS_EXPECT_STATUS(vxCopyThresholdValue(th, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_NOT_COMPATIBLE);
    CTS_EXPECT_STATUS(vxCopyThresholdRange(th, &lo, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyThresholdRange(th, NULL, &hi, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyThresholdRange(NULL, &lo, &hi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseThreshold(&th), VX_SUCCESS);
}

CTS_TEST(Threshold, copy_output, "REQ-1383 REQ-1384 REQ-1386 REQ-1388 REQ-1389 REQ-1391 REQ-1392 REQ-1394")
{
    vx_context c = cts_context();
    vx_threshold th = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_RGB);
    vx_threshold th8 = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_pixel_value_t t, f;
    vx_int32 old = 0;
    CTS_ASSERT_VALID(th);
    CTS_ASSERT_VALID(th8);
    memset(&t, 0, sizeof(t));
    memset(&f, 0, sizeof(f));
    t.RGB[0] = 10;
    t.RGB[1] = 20;
    t.RGB[2] = 30;
    f.RGB[2] = 5;
    CTS_EXPECT_STATUS(vxCopyThresholdOutput(th, &t, &f, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    memset(&t, 0, sizeof(t));
    memset(&f, 0, sizeof(f));
    CTS_EXPECT_STATUS(vxCopyThresholdOutput(th, &t, &f, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(t.RGB[0], 10);
    CTS_EXPECT_EQ_INT(t.RGB[1], 20);
    CTS_EXPECT_EQ_INT(t.RGB[2], 30);
    CTS_EXPECT_EQ_INT(f.RGB[2], 5);
    /* U8 output: the U8 field, checked through the 1.0 attributes */
    t.U8 = 128;
    f.U8 = 7;
    CTS_EXPECT_STATUS(vxCopyThresholdOutput(th8, &t, &f, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryThreshold(th8, OLD_TRUE_VALUE, &old, sizeof(old)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(old, 128);
    CTS_EXPECT_STATUS(vxQueryThreshold(th8, OLD_FALSE_VALUE, &old, sizeof(old)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(old, 7);
    CTS_EXPECT_STATUS(vxCopyThresholdOutput(th8, NULL, &f, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyThresholdOutput(th8, &t, &f, 0, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyThresholdOutput(NULL, &t, &f, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseThreshold(&th), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseThreshold(&th8), VX_SUCCESS);
}

CTS_TEST(Threshold, set_attribute, "REQ-1378 REQ-1380 REQ-1382 REQ-1442 REQ-1443 REQ-1444 REQ-1445 REQ-1446 "
                                   "REQ-1448")
{
    vx_context c = cts_context();
    vx_threshold th = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_enum type = VX_THRESHOLD_TYPE_RANGE;
    vx_df_image fmt = VX_DF_IMAGE_S16;
    vx_int32 v = 99;
    vx_pixel_value_t pv;
    CTS_ASSERT_VALID(th);
    /* the 1.3 attributes are read-only */
    CTS_EXPECT_STATUS(vxSetThresholdAttribute(th, VX_THRESHOLD_TYPE, &type, sizeof(type)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetThresholdAttribute(th, VX_THRESHOLD_INPUT_FORMAT, &fmt, sizeof(fmt)),
                      VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetThresholdAttribute(th, VX_THRESHOLD_OUTPUT_FORMAT, &fmt, sizeof(fmt)),
                      VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, VX_THRESHOLD_TYPE, &type, sizeof(type)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(type, VX_THRESHOLD_TYPE_BINARY);
    /* the 1.0 value attribute is settable, and read back by the copy */
    CTS_EXPECT_STATUS(vxSetThresholdAttribute(th, OLD_THRESHOLD_VALUE, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyThresholdValue(th, &pv, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(pv.U8, 99);
    CTS_EXPECT_STATUS(vxSetThresholdAttribute(th, OLD_THRESHOLD_VALUE, &v, sizeof(vx_int16)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetThresholdAttribute(th, OLD_THRESHOLD_LOWER, &v, sizeof(v)), VX_ERROR_NOT_COMPATIBLE);
    CTS_EXPECT_STATUS(vxSetThresholdAttribute(NULL, OLD_THRESHOLD_VALUE, &v, sizeof(v)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseThreshold(&th), VX_SUCCESS);
}

CTS_TEST(Threshold, compat_create, "REQ-1417")
{
    vx_context c = cts_context();
    vx_threshold th = vxCreateThreshold(c, VX_THRESHOLD_TYPE_RANGE, VX_TYPE_UINT8);
    vx_df_image in = 0, out = 0;
    vx_enum dt = 0;
    vx_int32 tv = 0;
    CTS_ASSERT_VALID(th);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, VX_THRESHOLD_INPUT_FORMAT, &in, sizeof(in)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(in, VX_DF_IMAGE_U8);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, VX_THRESHOLD_OUTPUT_FORMAT, &out, sizeof(out)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out, VX_DF_IMAGE_U8);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, OLD_DATA_TYPE, &dt, sizeof(dt)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(dt, VX_TYPE_UINT8);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, OLD_TRUE_VALUE, &tv, sizeof(tv)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(tv, 255);
    CTS_EXPECT_STATUS(vxReleaseThreshold(&th), VX_SUCCESS);
    th = vxCreateThreshold(c, VX_THRESHOLD_TYPE_BINARY, VX_TYPE_INT16);
    CTS_ASSERT_VALID(th);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, VX_THRESHOLD_INPUT_FORMAT, &in, sizeof(in)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(in, VX_DF_IMAGE_S16);
    CTS_EXPECT_STATUS(vxReleaseThreshold(&th), VX_SUCCESS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateThreshold(c, VX_THRESHOLD_TYPE_BINARY, VX_TYPE_FLOAT32), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateThreshold(c, 0, VX_TYPE_UINT8), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT(vxCreateThreshold(NULL, VX_THRESHOLD_TYPE_BINARY, VX_TYPE_UINT8) == NULL);
}

CTS_TEST(Threshold, query_errors_and_release, "REQ-1432 REQ-1435 REQ-1438 REQ-1439 REQ-1441")
{
    vx_context c = cts_context();
    vx_threshold th = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8), stale;
    vx_size big;
    CTS_ASSERT_VALID(th);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, VX_THRESHOLD_TYPE, &big, sizeof(big)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, VX_THRESHOLD_INPUT_FORMAT, NULL, sizeof(vx_df_image)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryThreshold(th, VX_MATRIX_TYPE, &big, sizeof(vx_enum)), VX_ERROR_NOT_SUPPORTED);
    stale = th;
    CTS_EXPECT_STATUS(vxReleaseThreshold(&th), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseThreshold(&stale), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseThreshold(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryThreshold(stale, VX_THRESHOLD_TYPE, &big, sizeof(vx_enum)), VX_ERROR_INVALID_REFERENCE);
}

CTS_TABLE(threshold) = {
    CTS_ENTRY(Threshold, create_and_query),
    CTS_ENTRY(Threshold, create_errors),
    CTS_ENTRY(Threshold, default_outputs),
    CTS_ENTRY(Threshold, copy_value),
    CTS_ENTRY(Threshold, copy_range),
    CTS_ENTRY(Threshold, copy_output),
    CTS_ENTRY(Threshold, set_attribute),
    CTS_ENTRY(Threshold, compat_create),
    CTS_ENTRY(Threshold, query_errors_and_release),
    CTS_TABLE_END,
};
