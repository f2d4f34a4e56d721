/* Conformance tests of the image object: spec "Object: Image", the Binary
 * Image (U1) feature set, and the image parts of "Valid Image Region". */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

static const vx_df_image all_formats[] = {
    VX_DF_IMAGE_U1, VX_DF_IMAGE_U8, VX_DF_IMAGE_U16, VX_DF_IMAGE_S16, VX_DF_IMAGE_U32,
    VX_DF_IMAGE_S32, VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX, VX_DF_IMAGE_NV12, VX_DF_IMAGE_NV21,
    VX_DF_IMAGE_UYVY, VX_DF_IMAGE_YUYV, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4,
};
#define NFORMATS (sizeof(all_formats) / sizeof(all_formats[0]))

/* Independent model of each format: planes, bytes per pixel, subsampling. */
static int fmt_planes(vx_df_image f)
{
    switch (f) {
    case VX_DF_IMAGE_NV12: case VX_DF_IMAGE_NV21: return 2;
    case VX_DF_IMAGE_IYUV: case VX_DF_IMAGE_YUV4: return 3;
    default: return 1;
    }
}
static int fmt_bytes(vx_df_image f, int p)
{
    switch (f) {
    case VX_DF_IMAGE_U1: return 0;
    case VX_DF_IMAGE_U16: case VX_DF_IMAGE_S16: case VX_DF_IMAGE_UYVY: case VX_DF_IMAGE_YUYV: return 2;
    case VX_DF_IMAGE_U32: case VX_DF_IMAGE_S32: case VX_DF_IMAGE_RGBX: return 4;
    case VX_DF_IMAGE_RGB: return 3;
    case VX_DF_IMAGE_NV12: case VX_DF_IMAGE_NV21: return p ? 2 : 1;
    default: return 1;
    }
}
static int fmt_sub(vx_df_image f, int p)
{
    return (p > 0 && (f == VX_DF_IMAGE_NV12 || f == VX_DF_IMAGE_NV21 || f == VX_DF_IMAGE_IYUV)) ? 2 : 1;
}

/* Read a whole plane into a packed buffer through vxCopyImagePatch. */
static vx_uint8 *read_plane(vx_image img, vx_uint32 w, vx_uint32 h, vx_df_image f, int p, vx_imagepatch_addressing_t *ua)
{
    vx_rectangle_t r = {0, 0, w, h};
    vx_uint8 *buf;
    int s = fmt_sub(f, p), b = fmt_bytes(f, p);
    memset(ua, 0, sizeof(*ua));
    ua->dim_x = w / s;
    ua->dim_y = h / s;
    ua->stride_x = b;
    ua->stride_x_bits = b ? (vx_uint16)(8 * b) : 1;
    ua->stride_y = b ? (vx_int32)(ua->dim_x * b) : (vx_int32)((ua->dim_x + 7) / 8);
    buf = calloc((size_t)ua->stride_y * ua->dim_y + 1, 1);
    if (vxCopyImagePatch(img, &r, (vx_uint32)p, ua, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS) {
        free(buf);
        return NULL;
    }
    return buf;
}

CTS_TEST(Image, create_every_format, "REQ-0900 REQ-0939 REQ-0940 REQ-0941 REQ-0943 REQ-0945 REQ-0946 REQ-0902 REQ-0904 REQ-0906 REQ-0908 REQ-1030 REQ-1031 REQ-1032 REQ-1033")
{
    vx_context c = cts_context();
    size_t i;
    for (i = 0; i < NFORMATS; i++) {
        vx_image img = vxCreateImage(c, 16, 8, all_formats[i]);
        vx_uint32 w = 0, h = 0;
        vx_df_image f = 0;
        vx_size planes = 0;
        vx_enum type = 0;
        CTS_ASSERT_VALID(img);
        CTS_EXPECT_STATUS(vxQueryReference((vx_reference)img, VX_REFERENCE_TYPE, &type, sizeof(type)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(type, VX_TYPE_IMAGE);
        CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof(h)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_FORMAT, &f, sizeof(f)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_PLANES, &planes, sizeof(planes)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(w, 16);
        CTS_EXPECT_EQ_INT(h, 8);
        CTS_EXPECT_EQ_INT(f, all_formats[i]);
        CTS_EXPECT_EQ_INT(planes, fmt_planes(all_formats[i]));
        CTS_EXPECT_STATUS(vxReleaseImage(&img), VX_SUCCESS);
        CTS_EXPECT(img == NULL);
    }
}

CTS_TEST(Image, create_refused, "REQ-0942 REQ-0944 REQ-0945 REQ-0946")
{
    vx_context c = cts_context();
    CTS_EXPECT_ERROR_OBJECT(vxCreateImage(c, 16, 16, VX_DF_IMAGE_VIRT), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImage(c, 16, 16, VX_DF_IMAGE('X', 'Y', 'Z', 'W')), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImage(c, 0, 16, VX_DF_IMAGE_U8), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImage(c, 16, 0, VX_DF_IMAGE_U8), VX_ERROR_INVALID_DIMENSION);
    /* odd widths of 4:2:x formats; odd heights of 4:2:0 formats */
    CTS_EXPECT_ERROR_OBJECT(vxCreateImage(c, 15, 16, VX_DF_IMAGE_NV12), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImage(c, 16, 15, VX_DF_IMAGE_NV21), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImage(c, 15, 16, VX_DF_IMAGE_IYUV), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImage(c, 16, 15, VX_DF_IMAGE_IYUV), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImage(c, 15, 16, VX_DF_IMAGE_UYVY), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImage(c, 15, 16, VX_DF_IMAGE_YUYV), VX_ERROR_INVALID_DIMENSION);
    {   /* odd heights are fine for 4:2:2, odd anything for the others */
        vx_image a = vxCreateImage(c, 16, 15, VX_DF_IMAGE_YUYV), b = vxCreateImage(c, 15, 15, VX_DF_IMAGE_YUV4);
        vx_image u1 = vxCreateImage(c, 13, 3, VX_DF_IMAGE_U1);
        CTS_EXPECT_STATUS(vxGetStatus((vx_reference)a), VX_SUCCESS);
        CTS_ASSERT_VALID(b);
        CTS_ASSERT_VALID(u1);
        vxReleaseImage(&a);
        vxReleaseImage(&b);
        vxReleaseImage(&u1);
    }
    CTS_EXPECT(vxCreateImage(NULL, 16, 16, VX_DF_IMAGE_U8) == NULL);
    CTS_EXPECT(vxGetStatus((vx_reference)vxCreateImage(NULL, 16, 16, VX_DF_IMAGE_U8)) != VX_SUCCESS);
}

CTS_TEST(Image, query_attributes, "REQ-0902 REQ-0904 REQ-0906 REQ-0908 REQ-0910 REQ-0912 REQ-0914 REQ-0915 REQ-0916 REQ-0918 REQ-1023 REQ-1024 REQ-1025 REQ-1026 REQ-1027 REQ-1028 REQ-1029")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 640, 480, VX_DF_IMAGE_U8), yuv = vxCreateImage(c, 64, 48, VX_DF_IMAGE_NV12);
    vx_enum e = 0;
    vx_bool b = vx_true_e;
    vx_pixel_value_t pv;
    vx_uint32 w;
    CTS_ASSERT_VALID(img);
    CTS_ASSERT_VALID(yuv);
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_SPACE, &e, sizeof(e)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(e, VX_COLOR_SPACE_NONE);
    CTS_EXPECT_STATUS(vxQueryImage(yuv, VX_IMAGE_SPACE, &e, sizeof(e)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(e, VX_COLOR_SPACE_DEFAULT);
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_RANGE, &e, sizeof(e)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(e, VX_CHANNEL_RANGE_FULL);
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_MEMORY_TYPE, &e, sizeof(e)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(e, VX_MEMORY_TYPE_NONE);
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_IS_UNIFORM, &b, sizeof(b)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(b, vx_false_e);
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_UNIFORM_VALUE, &pv, sizeof(pv)), VX_ERROR_INVALID_PARAMETERS);
    /* wrong sizes, NULL, unknown attributes, bad handles */
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(vx_uint64)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_PLANES, &w, sizeof(w)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_WIDTH, NULL, sizeof(w)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_CONTEXT_VENDOR_ID, &w, sizeof(w)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxQueryImage(NULL, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryImage((vx_image)c, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseImage(&yuv), VX_SUCCESS);
    {
        vx_image stale = img;
        CTS_EXPECT_STATUS(vxReleaseImage(&img), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryImage(stale, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_ERROR_INVALID_REFERENCE);
        CTS_EXPECT_STATUS(vxReleaseImage(&stale), VX_ERROR_INVALID_REFERENCE);
    }
    CTS_EXPECT_STATUS(vxReleaseImage(NULL), VX_ERROR_INVALID_REFERENCE);
}

CTS_TEST(Image, set_attribute, "REQ-0903 REQ-0905 REQ-0907 REQ-0909 REQ-0911 REQ-0913 REQ-0917 REQ-0919 REQ-1034 REQ-1035 REQ-1036 REQ-1037 REQ-1038 REQ-1039 REQ-1040")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 32, 32, VX_DF_IMAGE_IYUV);
    vx_enum space = VX_COLOR_SPACE_BT601_625, got = 0, range = VX_CHANNEL_RANGE_RESTRICTED;
    vx_uint32 w = 7;
    CTS_ASSERT_VALID(img);
    CTS_EXPECT_STATUS(vxSetImageAttribute(img, VX_IMAGE_SPACE, &space, sizeof(space)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_SPACE, &got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, VX_COLOR_SPACE_BT601_625);
    CTS_EXPECT_STATUS(vxSetImageAttribute(img, VX_IMAGE_SPACE, &space, 2), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetImageAttribute(img, VX_IMAGE_SPACE, NULL, sizeof(space)), VX_ERROR_INVALID_PARAMETERS);
    space = 12345;
    CTS_EXPECT_STATUS(vxSetImageAttribute(img, VX_IMAGE_SPACE, &space, sizeof(space)), VX_ERROR_INVALID_PARAMETERS);
    /* read-only attributes */
    CTS_EXPECT_STATUS(vxSetImageAttribute(img, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetImageAttribute(img, VX_IMAGE_HEIGHT, &w, sizeof(w)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetImageAttribute(img, VX_IMAGE_RANGE, &range, sizeof(range)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(w, 32);
    CTS_EXPECT_STATUS(vxSetImageAttribute(NULL, VX_IMAGE_SPACE, &space, sizeof(space)), VX_ERROR_INVALID_REFERENCE);
    vxReleaseImage(&img);
}

/* Map WRITE_ONLY every plane of every format, fill with a pattern through
 * vxFormatImagePatchAddress2d, read back through vxCopyImagePatch into a
 * packed buffer and compare with the model. */
CTS_TEST(Image, map_write_copy_read_every_format, "REQ-1004 REQ-1005 REQ-1006 REQ-1007 REQ-1008 REQ-1009 REQ-1010 REQ-1011 REQ-1012 REQ-1013 REQ-1015 REQ-1016 REQ-1019 REQ-1020 REQ-1022 REQ-0920 REQ-0921 REQ-0922 REQ-0923 REQ-0925 REQ-0926 REQ-0929 REQ-0932 REQ-0936 REQ-0993 REQ-0998 REQ-1062 REQ-1066")
{
    vx_context c = cts_context();
    const vx_uint32 W = 24, H = 10;
    size_t i;
    for (i = 0; i < NFORMATS; i++) {
        vx_df_image f = all_formats[i];
        vx_image img = vxCreateImage(c, W, H, f);
        int p;
        CTS_ASSERT_VALID(img);
        for (p = 0; p < fmt_planes(f); p++) {
            vx_rectangle_t r = {0, 0, W, H};
            vx_imagepatch_addressing_t a;
            vx_map_id id = 0;
            void *base = NULL;
            vx_uint32 x, y;
            int b = fmt_bytes(f, p), s = fmt_sub(f, p), k;
            vx_uint8 *buf;
            CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, (vx_uint32)p, &id, &a, &base, VX_WRITE_ONLY,
                                              VX_MEMORY_TYPE_HOST, VX_NOGAP_X), VX_SUCCESS);
            CTS_EXPECT_EQ_INT(a.dim_x, W);
            CTS_EXPECT_EQ_INT(a.dim_y, H);
            CTS_EXPECT_EQ_INT(a.step_x, s);
            CTS_EXPECT_EQ_INT(a.step_y, s);
            CTS_EXPECT_EQ_INT(a.scale_x, VX_SCALE_UNITY / s);
            CTS_EXPECT_EQ_INT(a.scale_y, VX_SCALE_UNITY / s);
            CTS_EXPECT_EQ_INT(a.stride_x, b);
            if (b) CTS_EXPECT(a.stride_y >= (vx_int32)(b * W / s));
            else {
                CTS_EXPECT_EQ_INT(a.stride_x_bits, 1);
                CTS_EXPECT(a.stride_y >= (vx_int32)((W + 7) / 8));
            }
            for (y = 0; y < a.dim_y; y += a.step_y)
                for (x = 0; x < a.dim_x; x += a.step_x) {
                    vx_uint8 *q = vxFormatImagePatchAddress2d(base, x, y, &a);
                    vx_uint32 px = x / s, py = y / s;
                    CTS_ASSERT(q != NULL);
                    if (!b) {
                        vx_uint8 bit = (vx_uint8)(1u << (x % 8));
                        q[0] = (vx_uint8)(((px * 7 + py) % 3 == 0) ? (q[0] | bit) : (q[0] & ~bit));
                    } else {
                        for (k = 0; k < b; k++) q[k] = (vx_uint8)(px * 3 + py * 17 + k * 101 + p * 5);
                    }
                }
            CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
            /* independent read-back */
            {
                vx_imagepatch_addressing_t ua;
                buf = read_plane(img, W, H, f, p, &ua);
                CTS_ASSERT(buf != NULL);
                for (y = 0; y < ua.dim_y; y++)
                    for (x = 0; x < ua.dim_x; x++) {
                        if (!b) {
                            int bit = (buf[y * ua.stride_y + x / 8] >> (x % 8)) & 1;
                            CTS_EXPECT_EQ_INT(bit, (x * 7 + y) % 3 == 0);
                        } else {
                            for (k = 0; k < b; k++)
                                CTS_EXPECT_EQ_INT(buf[y * ua.stride_y + x * b + k],
                                                  (vx_uint8)(x * 3 + y * 17 + k * 101 + p * 5));
                        }
                    }
                free(buf);
            }
        }
        vxReleaseImage(&img);
    }
}

CTS_TEST(Image, map_read_of_fresh_image, "REQ-1017 REQ-1018 REQ-0932")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U16);
    vx_rectangle_t r = {2, 3, 6, 7};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    void *base = NULL;
    vx_uint16 out[16];
    vx_imagepatch_addressing_t ua = {4, 4, 2, 8, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 16};
    CTS_ASSERT_VALID(img);
    /* never written: map and copy still work */
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &base, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(a.dim_x, 4);
    CTS_EXPECT_EQ_INT(a.dim_y, 4);
    *(vx_uint16 *)vxFormatImagePatchAddress2d(base, 1, 2, &a) = 4242;
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &ua, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out[2 * 4 + 1], 4242);
    vxReleaseImage(&img);
}

CTS_TEST(Image, map_errors, "REQ-1006 REQ-1021 REQ-1022 REQ-1064 REQ-1065 REQ-1066")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {0, 0, 16, 16}, bad = {4, 4, 4, 8}, out = {0, 0, 17, 16};
    vx_imagepatch_addressing_t a;
    vx_map_id id, id2;
    void *p = NULL;
    CTS_ASSERT_VALID(img);
    CTS_EXPECT_STATUS(vxMapImagePatch(NULL, &r, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxMapImagePatch(img, NULL, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapImagePatch(img, &bad, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapImagePatch(img, &out, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapImagePatch(img, &r, 1, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapImagePatch(img, &r, 0, NULL, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapImagePatch(img, &r, 0, &id, NULL, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &p, 0x7777, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_NONE, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0x10), VX_ERROR_INVALID_PARAMETERS);
    /* overlapping maps: reads may overlap, a writer may not overlap anything */
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id2, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT(id != id2);
    {
        vx_rectangle_t part = {8, 8, 12, 12};
        vx_map_id id3;
        vx_uint8 buf[16];
        vx_imagepatch_addressing_t ua = {4, 4, 1, 4, 0, 0, 0, 0, 0};
        CTS_EXPECT_STATUS(vxMapImagePatch(img, &part, 0, &id3, &a, &p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_FAILURE);
        CTS_EXPECT_STATUS(vxCopyImagePatch(img, &part, 0, &ua, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_FAILURE);
        CTS_EXPECT_STATUS(vxCopyImagePatch(img, &part, 0, &ua, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    }
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_ERROR_INVALID_PARAMETERS); /* already unmapped */
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id2), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, 987654), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxUnmapImagePatch(NULL, id), VX_ERROR_INVALID_REFERENCE);
    {   /* an id belongs to the image it was mapped from */
        vx_image other = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
        CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxUnmapImagePatch(other, id), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
        vxReleaseImage(&other);
    }
    /* an image released while mapped is freed with its maps */
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    vxReleaseImage(&img);
}

CTS_TEST(Image, copy_write_read, "REQ-0921 REQ-0923 REQ-0924 REQ-0926 REQ-0927 REQ-0928 REQ-0929 REQ-0930 REQ-0931 REQ-0932 REQ-0933 REQ-0934 REQ-0935 REQ-0936")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 40, 20, VX_DF_IMAGE_U8);
    vx_uint8 dense[6 * 5], sparse[3 * 6 * 2 * 5], back[6 * 5];
    vx_rectangle_t r = {7, 3, 13, 8};
    vx_imagepatch_addressing_t ad = {6, 5, 1, 6, 0, 0, 0, 0, 0}, as = {6, 5, 3, 36, 0, 0, 0, 0, 0};
    vx_rectangle_t full = {0, 0, 40, 20};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    vx_uint8 *base = NULL;
    int x, y;
    CTS_ASSERT_VALID(img);
    for (y = 0; y < 5; y++)
        for (x = 0; x < 6; x++) {
            dense[y * 6 + x] = (vx_uint8)(10 * y + x + 1);
            sparse[y * 36 + x * 3] = (vx_uint8)(100 + 10 * y + x);
        }
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &ad, dense, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    /* check through a map of the whole image */
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &full, 0, &id, &a, (void **)&base, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    for (y = 0; y < 20; y++)
        for (x = 0; x < 40; x++) {
            int in = x >= 7 && x < 13 && y >= 3 && y < 8;
            CTS_EXPECT_EQ_INT(base[y * a.stride_y + x], in ? 10 * (y - 3) + (x - 7) + 1 : 0);
        }
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    /* a user layout with gaps */
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &as, sparse, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &ad, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (y = 0; y < 5; y++)
        for (x = 0; x < 6; x++) CTS_EXPECT_EQ_INT(back[y * 6 + x], 100 + 10 * y + x);
    /* errors */
    CTS_EXPECT_STATUS(vxCopyImagePatch(NULL, &r, 0, &ad, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, NULL, 0, &ad, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, NULL, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &ad, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 1, &ad, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &ad, back, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &ad, back, VX_READ_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);
    {
        vx_imagepatch_addressing_t small = {3, 5, 1, 3, 0, 0, 0, 0, 0}, badstride = {6, 5, 1, 4, 0, 0, 0, 0, 0};
        vx_rectangle_t outside = {30, 0, 41, 5};
        CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &small, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &badstride, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxCopyImagePatch(img, &outside, 0, &ad, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    }
    vxReleaseImage(&img);
}

/* Copy every plane of a multi-planar image in, read it back via a map. */
CTS_TEST(Image, copy_subsampled_planes, "REQ-0925 REQ-0930 REQ-0933 REQ-1011")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 8, 6, VX_DF_IMAGE_NV21);
    vx_uint8 uv[4 * 3 * 2];
    vx_imagepatch_addressing_t ua = {4, 3, 2, 8, 0, 0, 0, 0, 0}, a;
    vx_rectangle_t r = {0, 0, 8, 6};
    vx_map_id id;
    void *base;
    vx_uint32 x, y;
    CTS_ASSERT_VALID(img);
    for (x = 0; x < sizeof(uv); x++) uv[x] = (vx_uint8)(x * 7 + 1);
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 1, &ua, uv, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 1, &id, &a, &base, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    for (y = 0; y < 6; y += a.step_y)
        for (x = 0; x < 8; x += a.step_x) {
            vx_uint8 *q = vxFormatImagePatchAddress2d(base, x, y, &a);
            CTS_EXPECT_EQ_INT(q[0], uv[(y / 2) * 8 + (x / 2) * 2]);
            CTS_EXPECT_EQ_INT(q[1], uv[(y / 2) * 8 + (x / 2) * 2 + 1]);
        }
    /* odd coordinates alias the same chroma sample */
    CTS_EXPECT(vxFormatImagePatchAddress2d(base, 3, 3, &a) == vxFormatImagePatchAddress2d(base, 2, 2, &a));
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    vxReleaseImage(&img);
}

CTS_TEST(Image, format_patch_address, "REQ-0988 REQ-0989 REQ-0990 REQ-0991 REQ-0992 REQ-0993 REQ-0994 REQ-0995 REQ-0996 REQ-0997 REQ-0998")
{
    vx_uint8 mem[100];
    vx_imagepatch_addressing_t a = {10, 5, 2, 20, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 16};
    vx_imagepatch_addressing_t half = {10, 6, 1, 5, VX_SCALE_UNITY / 2, VX_SCALE_UNITY / 2, 2, 2, 8};
    vx_imagepatch_addressing_t bits = {16, 2, 0, 2, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 1};
    CTS_EXPECT(vxFormatImagePatchAddress2d(mem, 3, 2, &a) == mem + 2 * 20 + 3 * 2);
    CTS_EXPECT(vxFormatImagePatchAddress1d(mem, 23, &a) == mem + 2 * 20 + 3 * 2);
    CTS_EXPECT(vxFormatImagePatchAddress1d(mem, 0, &a) == mem);
    CTS_EXPECT(vxFormatImagePatchAddress2d(mem, 10, 0, &a) == NULL);
    CTS_EXPECT(vxFormatImagePatchAddress2d(mem, 0, 5, &a) == NULL);
    CTS_EXPECT(vxFormatImagePatchAddress1d(mem, 50, &a) == NULL);
    CTS_EXPECT(vxFormatImagePatchAddress2d(NULL, 0, 0, &a) == NULL);
    CTS_EXPECT(vxFormatImagePatchAddress2d(mem, 0, 0, NULL) == NULL);
    CTS_EXPECT(vxFormatImagePatchAddress1d(NULL, 0, &a) == NULL);
    CTS_EXPECT(vxFormatImagePatchAddress2d(mem, 7, 5, &half) == mem + 2 * 5 + 3);
    /* U1: the byte holding the pixel */
    CTS_EXPECT(vxFormatImagePatchAddress2d(mem, 9, 1, &bits) == mem + 2 + 1);
    CTS_EXPECT(vxFormatImagePatchAddress2d(mem, 7, 1, &bits) == mem + 2);
    CTS_EXPECT(vxFormatImagePatchAddress1d(mem, 16 + 15, &bits) == mem + 3);
}

CTS_TEST(Image, roi_shares_memory, "REQ-0965 REQ-0966 REQ-0967 REQ-0968")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 32, 16, VX_DF_IMAGE_S16), roi, roi2;
    vx_rectangle_t r = {4, 2, 20, 12}, r2 = {3, 1, 9, 5}, full = {0, 0, 32, 16};
    vx_int16 v = -1234, buf[32 * 16];
    vx_imagepatch_addressing_t ua = {1, 1, 2, 2, 0, 0, 0, 0, 0}, fa = {32, 16, 2, 64, 0, 0, 0, 0, 0};
    vx_rectangle_t px = {2, 3, 3, 4};
    vx_uint32 w = 0, h = 0;
    CTS_ASSERT_VALID(img);
    roi = vxCreateImageFromROI(img, &r);
    CTS_ASSERT_VALID(roi);
    CTS_EXPECT_STATUS(vxQueryImage(roi, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryImage(roi, VX_IMAGE_HEIGHT, &h, sizeof(h)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(w, 16);
    CTS_EXPECT_EQ_INT(h, 10);
    roi2 = vxCreateImageFromROI(roi, &r2); /* ROI of ROI: at (7,3) of the root */
    CTS_ASSERT_VALID(roi2);
    /* write one pixel through roi2, find it in the root */
    CTS_ASSERT_STATUS(vxCopyImagePatch(roi2, &px, 0, &ua, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &full, 0, &fa, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(buf[(2 + 1 + 3) * 32 + (4 + 3 + 2)], -1234);
    /* the other way: root -> roi */
    buf[5 * 32 + 6] = 777;
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &full, 0, &fa, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    {
        vx_rectangle_t q = {2, 3, 3, 4};
        vx_int16 got = 0;
        CTS_ASSERT_STATUS(vxCopyImagePatch(roi, &q, 0, &ua, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(got, 777);
    }
    /* the ROIs keep their parents alive */
    CTS_EXPECT_STATUS(vxReleaseImage(&img), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseImage(&roi), VX_SUCCESS);
    {
        vx_rectangle_t q = {2, 3, 3, 4};
        vx_int16 got = 0;
        CTS_ASSERT_STATUS(vxCopyImagePatch(roi2, &q, 0, &ua, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(got, -1234);
    }
    CTS_EXPECT_STATUS(vxReleaseImage(&roi2), VX_SUCCESS);
}

CTS_TEST(Image, roi_errors_and_valid_region, "REQ-0967 REQ-0968 REQ-0969 REQ-0999 REQ-1000 REQ-1001 REQ-1002 REQ-1003")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 32, 16, VX_DF_IMAGE_U8), u1 = vxCreateImage(c, 64, 8, VX_DF_IMAGE_U1), roi;
    vx_rectangle_t outside = {0, 0, 33, 4}, empty = {4, 4, 4, 8}, inverted = {8, 0, 4, 4};
    vx_rectangle_t valid = {2, 2, 30, 14}, r = {0, 0, 16, 8}, got;
    CTS_ASSERT_VALID(img);
    CTS_ASSERT_VALID(u1);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromROI(img, &outside), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromROI(img, &empty), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromROI(img, &inverted), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromROI(img, NULL), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT(vxCreateImageFromROI(NULL, &r) == NULL);
    {   /* U1 ROIs start on a byte boundary */
        vx_rectangle_t odd = {3, 0, 20, 4}, ok = {8, 0, 20, 4};
        vx_image good;
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromROI(u1, &odd), VX_ERROR_INVALID_PARAMETERS);
        good = vxCreateImageFromROI(u1, &ok);
        CTS_EXPECT_STATUS(vxGetStatus((vx_reference)good), VX_SUCCESS);
        vxReleaseImage(&good);
    }
    /* valid region: whole image at creation; ROI sees the parent's within it */
    CTS_EXPECT_STATUS(vxGetValidRegionImage(img, &got), VX_SUCCESS);
    CTS_EXPECT(got.start_x == 0 && got.start_y == 0 && got.end_x == 32 && got.end_y == 16);
    CTS_EXPECT_STATUS(vxSetImageValidRectangle(img, &valid), VX_SUCCESS);
    roi = vxCreateImageFromROI(img, &r);
    CTS_ASSERT_VALID(roi);
    CTS_EXPECT_STATUS(vxGetValidRegionImage(roi, &got), VX_SUCCESS);
    CTS_EXPECT(got.start_x == 2 && got.start_y == 2 && got.end_x == 16 && got.end_y == 8);
    CTS_EXPECT_STATUS(vxGetValidRegionImage(roi, NULL), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGetValidRegionImage(NULL, &got), VX_ERROR_INVALID_REFERENCE);
    vxReleaseImage(&roi);
    vxReleaseImage(&img);
    vxReleaseImage(&u1);
}

CTS_TEST(Image, valid_rectangle, "REQ-1046 REQ-1047 REQ-1048 REQ-1049 REQ-1050 REQ-0999 REQ-1003")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 20, 10, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {1, 2, 19, 9}, got, bad = {0, 0, 21, 10}, inv = {5, 0, 4, 10};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    void *p;
    CTS_ASSERT_VALID(img);
    CTS_EXPECT_STATUS(vxSetImageValidRectangle(img, &r), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGetValidRegionImage(img, &got), VX_SUCCESS);
    CTS_EXPECT(memcmp(&got, &r, sizeof(r)) == 0);
    /* map/unmap do not change it */
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &got, 0, &id, &a, &p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGetValidRegionImage(img, &got), VX_SUCCESS);
    CTS_EXPECT(memcmp(&got, &r, sizeof(r)) == 0);
    CTS_EXPECT_STATUS(vxSetImageValidRectangle(img, &bad), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetImageValidRectangle(img, &inv), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetImageValidRectangle(NULL, &r), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetImageValidRectangle(img, NULL), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGetValidRegionImage(img, &got), VX_SUCCESS);
    CTS_EXPECT(got.start_x == 0 && got.start_y == 0 && got.end_x == 20 && got.end_y == 10);
    vxReleaseImage(&img);
}

CTS_TEST(Image, channel_images, "REQ-0947 REQ-0948 REQ-0949 REQ-0950 REQ-0951")
{
    vx_context c = cts_context();
    vx_image nv = vxCreateImage(c, 16, 8, VX_DF_IMAGE_NV12), iyuv = vxCreateImage(c, 16, 8, VX_DF_IMAGE_IYUV);
    vx_image rgb = vxCreateImage(c, 16, 8, VX_DF_IMAGE_RGB), y, u;
    vx_uint32 w = 0, h = 0;
    vx_df_image f = 0;
    vx_rectangle_t px = {3, 1, 4, 2};
    vx_imagepatch_addressing_t ua = {1, 1, 1, 1, 0, 0, 0, 0, 0};
    vx_uint8 v = 99, got = 0;
    CTS_ASSERT_VALID(nv);
    CTS_ASSERT_VALID(iyuv);
    y = vxCreateImageFromChannel(nv, VX_CHANNEL_Y);
    CTS_ASSERT_VALID(y);
    CTS_EXPECT_STATUS(vxQueryImage(y, VX_IMAGE_FORMAT, &f, sizeof(f)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(f, VX_DF_IMAGE_U8);
    /* shares memory both ways */
    CTS_ASSERT_STATUS(vxCopyImagePatch(y, &px, 0, &ua, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyImagePatch(nv, &px, 0, &ua, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 99);
    u = vxCreateImageFromChannel(iyuv, VX_CHANNEL_U);
    CTS_ASSERT_VALID(u);
    CTS_EXPECT_STATUS(vxQueryImage(u, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryImage(u, VX_IMAGE_HEIGHT, &h, sizeof(h)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(w, 8);
    CTS_EXPECT_EQ_INT(h, 4);
    v = 55;
    CTS_ASSERT_STATUS(vxCopyImagePatch(u, &px, 0, &ua, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    {   /* U sample (3,1) is image pixel (6,2) of plane 1 */
        vx_rectangle_t ipx = {6, 2, 8, 4};
        CTS_ASSERT_STATUS(vxCopyImagePatch(iyuv, &ipx, 1, &ua, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(got, 55);
    }
    /* channels that do not fill a plane, wrong channels */
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromChannel(nv, VX_CHANNEL_U), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromChannel(rgb, VX_CHANNEL_R), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromChannel(iyuv, VX_CHANNEL_R), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT(vxCreateImageFromChannel(NULL, VX_CHANNEL_Y) == NULL);
    /* the channel keeps the parent alive */
    vxReleaseImage(&iyuv);
    CTS_ASSERT_STATUS(vxCopyImagePatch(u, &px, 0, &ua, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 55);
    vxReleaseImage(&u);
    vxReleaseImage(&y);
    vxReleaseImage(&nv);
    vxReleaseImage(&rgb);
}

/* Expected bytes of pixel x (plane p) of a format filled with value v. */
static void expected_pixel(vx_df_image f, int p, int x, const vx_pixel_value_t *v, vx_uint8 out[4])
{
    memset(out, 0, 4);
    switch (f) {
    case VX_DF_IMAGE_U8: out[0] = v->U8; break;
    case VX_DF_IMAGE_U16: memcpy(out, &v->U16, 2); break;
    case VX_DF_IMAGE_S16: memcpy(out, &v->S16, 2); break;
    case VX_DF_IMAGE_U32: memcpy(out, &v->U32, 4); break;
    case VX_DF_IMAGE_S32: memcpy(out, &v->S32, 4); break;
    case VX_DF_IMAGE_RGB: memcpy(out, v->RGB, 3); break;
    case VX_DF_IMAGE_RGBX: memcpy(out, v->RGBX, 4); break;
    case VX_DF_IMAGE_NV12: if (p) { out[0] = v->YUV[1]; out[1] = v->YUV[2]; } else out[0] = v->YUV[0]; break;
    case VX_DF_IMAGE_NV21: if (p) { out[0] = v->YUV[2]; out[1] = v->YUV[1]; } else out[0] = v->YUV[0]; break;
    case VX_DF_IMAGE_YUYV: out[0] = v->YUV[0]; out[1] = (x & 1) ? v->YUV[2] : v->YUV[1]; break;
    case VX_DF_IMAGE_UYVY: out[1] = v->YUV[0]; out[0] = (x & 1) ? v->YUV[2] : v->YUV[1]; break;
    default: out[0] = v->YUV[p]; break;
    }
}

static void check_filled(vx_image img, vx_df_image f, vx_uint32 W, vx_uint32 H, const vx_pixel_value_t *v)
{
    int p;
    for (p = 0; p < fmt_planes(f); p++) {
        vx_imagepatch_addressing_t ua;
        vx_uint8 *buf = read_plane(img, W, H, f, p, &ua);
        vx_uint32 x, y;
        int b = fmt_bytes(f, p);
        CTS_ASSERT(buf != NULL);
        for (y = 0; y < ua.dim_y; y++)
            for (x = 0; x < ua.dim_x; x++) {
                if (!b) {
                    CTS_EXPECT_EQ_INT((buf[y * ua.stride_y + x / 8] >> (x % 8)) & 1, v->U1 ? 1 : 0);
                } else {
                    vx_uint8 e[4];
                    expected_pixel(f, p, (int)x, v, e);
                    CTS_EXPECT_MSG(memcmp(buf + y * ua.stride_y + x * b, e, (size_t)b) == 0,
                                   "format %.4s plane %d pixel (%u,%u) differs", (const char *)&f, p, x, y);
                }
            }
        free(buf);
    }
}

CTS_TEST(Image, set_pixel_values_every_format, "REQ-1041 REQ-1042 REQ-1043 REQ-1044 REQ-1045")
{
    vx_context c = cts_context();
    size_t i;
    vx_pixel_value_t v;
    memset(&v, 0, sizeof(v));
    v.reserved[0] = 0x11;
    v.reserved[1] = 0x22;
    v.reserved[2] = 0x33;
    v.reserved[3] = 0x44;
    for (i = 0; i < NFORMATS; i++) {
        vx_image img = vxCreateImage(c, 22, 6, all_formats[i]);
        vx_rectangle_t vr = {1, 1, 5, 5}, got;
        CTS_ASSERT_VALID(img);
        CTS_EXPECT_STATUS(vxSetImageValidRectangle(img, &vr), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxSetImagePixelValues(img, &v), VX_SUCCESS);
        check_filled(img, all_formats[i], 22, 6, &v);
        /* the valid region is unaffected */
        CTS_EXPECT_STATUS(vxGetValidRegionImage(img, &got), VX_SUCCESS);
        CTS_EXPECT(memcmp(&got, &vr, sizeof(vr)) == 0);
        vxReleaseImage(&img);
    }
    {
        vx_image img = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
        CTS_EXPECT_STATUS(vxSetImagePixelValues(img, NULL), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxSetImagePixelValues(NULL, &v), VX_ERROR_INVALID_REFERENCE);
        vxReleaseImage(&img);
    }
}

CTS_TEST(Image, set_pixel_values_roi_only, "REQ-1041 REQ-0965")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 32, 4, VX_DF_IMAGE_U1), roi;
    vx_rectangle_t r = {8, 1, 19, 3};
    vx_pixel_value_t v;
    vx_imagepatch_addressing_t ua;
    vx_uint8 *buf;
    vx_uint32 x, y;
    CTS_ASSERT_VALID(img);
    roi = vxCreateImageFromROI(img, &r);
    CTS_ASSERT_VALID(roi);
    memset(&v, 0, sizeof(v));
    v.U1 = vx_true_e;
    CTS_ASSERT_STATUS(vxSetImagePixelValues(roi, &v), VX_SUCCESS);
    buf = read_plane(img, 32, 4, VX_DF_IMAGE_U1, 0, &ua);
    CTS_ASSERT(buf != NULL);
    for (y = 0; y < 4; y++)
        for (x = 0; x < 32; x++)
            CTS_EXPECT_EQ_INT((buf[y * ua.stride_y + x / 8] >> (x % 8)) & 1, x >= 8 && x < 19 && y >= 1 && y < 3);
    free(buf);
    vxReleaseImage(&roi);
    vxReleaseImage(&img);
}

CTS_TEST(Image, uniform_images, "REQ-0970 REQ-0971 REQ-0972 REQ-0973 REQ-0974 REQ-0975 REQ-0976 REQ-0977 REQ-0978 REQ-0916 REQ-0918 REQ-1016 REQ-0931")
{
    vx_context c = cts_context();
    size_t i;
    vx_pixel_value_t v;
    memset(&v, 0, sizeof(v));
    v.reserved[0] = 0x55;
    v.reserved[1] = 0xAA;
    v.reserved[2] = 0x33;
    v.reserved[3] = 0x77;
    for (i = 0; i < NFORMATS; i++) {
        vx_df_image f = all_formats[i];
        vx_image img = vxCreateUniformImage(c, 16, 4, f, &v), roi;
        vx_bool b = vx_false_e;
        vx_pixel_value_t got;
        vx_rectangle_t r = {0, 0, 16, 4}, rr = {0, 0, 8, 2};
        vx_imagepatch_addressing_t a;
        vx_map_id id;
        void *p;
        CTS_ASSERT_VALID(img);
        CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_IS_UNIFORM, &b, sizeof(b)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(b, vx_true_e);
        CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_UNIFORM_VALUE, &got, sizeof(got)), VX_SUCCESS);
        if (f != VX_DF_IMAGE_U1) CTS_EXPECT(memcmp(&got, &v, sizeof(v)) == 0);
        else CTS_EXPECT(got.U1 == vx_true_e);
        check_filled(img, f, 16, 4, &v);
        /* read-only: writes and write maps fail, also through a ROI */
        CTS_EXPECT(vxMapImagePatch(img, &r, 0, &id, &a, &p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS);
        CTS_EXPECT(vxMapImagePatch(img, &r, 0, &id, &a, &p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetImagePixelValues(img, &v), VX_ERROR_INVALID_REFERENCE);
        roi = vxCreateImageFromROI(img, &rr);
        CTS_ASSERT_VALID(roi);
        CTS_EXPECT(vxMapImagePatch(roi, &rr, 0, &id, &a, &p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS);
        CTS_EXPECT_STATUS(vxMapImagePatch(roi, &rr, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxUnmapImagePatch(roi, id), VX_SUCCESS);
        {
            vx_uint8 buf[64];
            vx_imagepatch_addressing_t ua = {8, 2, fmt_bytes(f, 0), 32, 0, 0, 0, 0, 1};
            CTS_EXPECT(vxCopyImagePatch(roi, &rr, 0, &ua, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS);
            CTS_EXPECT_STATUS(vxCopyImagePatch(roi, &rr, 0, &ua, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        }
        vxReleaseImage(&roi);
        vxReleaseImage(&img);
    }
    CTS_EXPECT_ERROR_OBJECT(vxCreateUniformImage(c, 16, 4, VX_DF_IMAGE_U8, NULL), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateUniformImage(c, 15, 4, VX_DF_IMAGE_IYUV, &v), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateUniformImage(c, 16, 4, VX_DF_IMAGE_VIRT, &v), VX_ERROR_INVALID_FORMAT);
    {   /* a channel of a uniform image is uniform with that component */
        vx_image yuv = vxCreateUniformImage(c, 8, 8, VX_DF_IMAGE_YUV4, &v), ch;
        vx_pixel_value_t got;
        CTS_ASSERT_VALID(yuv);
        ch = vxCreateImageFromChannel(yuv, VX_CHANNEL_V);
        CTS_ASSERT_VALID(ch);
        CTS_EXPECT_STATUS(vxQueryImage(ch, VX_IMAGE_UNIFORM_VALUE, &got, sizeof(got)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(got.U8, 0x33);
        vxReleaseImage(&ch);
        vxReleaseImage(&yuv);
    }
}

CTS_TEST(Image, from_handle, "REQ-0952 REQ-0953 REQ-0954 REQ-0955 REQ-0956 REQ-0957 REQ-0958 REQ-0959 REQ-0960 REQ-0961 REQ-0962 REQ-0963 REQ-0964 REQ-1014 REQ-0914")
{
    vx_context c = cts_context();
    vx_uint8 *y = calloc(20 * 8, 1), *uv = calloc(20 * 4, 1);
    vx_imagepatch_addressing_t addrs[2] = {{16, 8, 1, 20, 0, 0, 0, 0, 0}, {8, 4, 2, 20, 0, 0, 0, 0, 0}};
    void *ptrs[2];
    vx_image img;
    vx_enum mt = 0;
    vx_rectangle_t r = {2, 2, 10, 6};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    vx_uint8 *p;
    CTS_ASSERT(y && uv);
    y[3 * 20 + 5] = 200;
    uv[1 * 20 + 2 * 2 + 1] = 77; /* V of chroma sample (2,1) */
    ptrs[0] = y;
    ptrs[1] = uv;
    img = vxCreateImageFromHandle(c, VX_DF_IMAGE_NV12, addrs, ptrs, VX_MEMORY_TYPE_HOST);
    CTS_ASSERT_VALID(img);
    ptrs[0] = ptrs[1] = NULL; /* the implementation keeps its own copy */
    addrs[0].stride_y = 1;
    CTS_EXPECT_STATUS(vxQueryImage(img, VX_IMAGE_MEMORY_TYPE, &mt, sizeof(mt)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(mt, VX_MEMORY_TYPE_HOST);
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, (void **)&p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT(p == y + 2 * 20 + 2); /* the application's memory, its layout */
    CTS_EXPECT_EQ_INT(a.stride_y, 20);
    CTS_EXPECT_EQ_INT(*(vx_uint8 *)vxFormatImagePatchAddress2d(p, 3, 1, &a), 200);
    *(vx_uint8 *)vxFormatImagePatchAddress2d(p, 0, 0, &a) = 9;
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(y[2 * 20 + 2], 9);
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 1, &id, &a, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT(p == uv + 1 * 20 + 1 * 2);
    CTS_EXPECT_EQ_INT(((vx_uint8 *)vxFormatImagePatchAddress2d(p, 2, 0, &a))[1], 77);
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSwapImageHandle(img, NULL, NULL, 2), VX_SUCCESS);
    vxReleaseImage(&img);
    /* addressing validation */
    {
        vx_imagepatch_addressing_t b1 = {16, 8, 2, 32, 0, 0, 0, 0, 0}; /* U8 with stride_x 2 */
        vx_imagepatch_addressing_t b2 = {16, 8, 1, 8, 0, 0, 0, 0, 0};  /* stride_y too small */
        vx_imagepatch_addressing_t u1 = {20, 2, 0, 3, 0, 0, 0, 0, 1};  /* U1: 3 bytes a row */
        vx_imagepatch_addressing_t u1bad = {20, 2, 0, 2, 0, 0, 0, 0, 1};
        void *one[1] = {y}, *none[1] = {NULL};
        vx_image ok;
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromHandle(c, VX_DF_IMAGE_U8, &b1, one, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromHandle(c, VX_DF_IMAGE_U8, &b2, one, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromHandle(c, VX_DF_IMAGE_U1, &u1bad, one, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromHandle(c, VX_DF_IMAGE_U1, &u1, none, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromHandle(c, VX_DF_IMAGE_VIRT, &u1, one, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_FORMAT);
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromHandle(c, VX_DF_IMAGE_U8, NULL, one, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromHandle(c, VX_DF_IMAGE_U8, &b2, NULL, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_ERROR_OBJECT(vxCreateImageFromHandle(c, VX_DF_IMAGE_U8, &b2, one, 0x1234), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT(vxCreateImageFromHandle(NULL, VX_DF_IMAGE_U8, &b2, one, VX_MEMORY_TYPE_HOST) == NULL);
        ok = vxCreateImageFromHandle(c, VX_DF_IMAGE_U1, &u1, one, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_STATUS(vxGetStatus((vx_reference)ok), VX_SUCCESS);
        vxSwapImageHandle(ok, NULL, NULL, 1);
        vxReleaseImage(&ok);
    }
    free(y);
    free(uv);
}

CTS_TEST(Image, swap_handle, "REQ-1051 REQ-1052 REQ-1053 REQ-1054 REQ-1055 REQ-1056 REQ-1057 REQ-1058 REQ-1059 REQ-1060 REQ-1061")
{
    vx_context c = cts_context();
    vx_uint8 m1[3][64], m2[3][64];
    vx_imagepatch_addressing_t addrs[3] = {{8, 8, 1, 8, 0, 0, 0, 0, 0}, {8, 8, 1, 8, 0, 0, 0, 0, 0}, {8, 8, 1, 8, 0, 0, 0, 0, 0}};
    void *p1[3] = {m1[0], m1[1], m1[2]}, *p2[3] = {m2[0], m2[1], m2[2]}, *prev[3] = {0, 0, 0};
    vx_image img, roi, roi2, ch, plain;
    vx_rectangle_t r = {2, 2, 8, 8}, r2 = {1, 1, 4, 4}, px = {0, 0, 1, 1};
    vx_imagepatch_addressing_t ua = {1, 1, 1, 1, 0, 0, 0, 0, 0}, a;
    vx_uint8 got = 0, v = 0xEE;
    vx_map_id id;
    void *p;
    memset(m1, 1, sizeof(m1));
    memset(m2, 2, sizeof(m2));
    m1[2][3 * 8 + 3] = 0x13;
    m2[2][3 * 8 + 3] = 0x23;
    img = vxCreateImageFromHandle(c, VX_DF_IMAGE_YUV4, addrs, p1, VX_MEMORY_TYPE_HOST);
    CTS_ASSERT_VALID(img);
    roi = vxCreateImageFromROI(img, &r);
    CTS_ASSERT_VALID(roi);
    roi2 = vxCreateImageFromROI(roi, &r2); /* at (3,3) of the root */
    CTS_ASSERT_VALID(roi2);
    ch = vxCreateImageFromChannel(roi2, VX_CHANNEL_V);
    CTS_ASSERT_VALID(ch);
    CTS_ASSERT_STATUS(vxCopyImagePatch(ch, &px, 0, &ua, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 0x13);
    /* sub-images cannot swap; wrong plane counts and NULL new pointers are refused */
    CTS_EXPECT_STATUS(vxSwapImageHandle(roi2, p2, prev, 3), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSwapImageHandle(roi2, NULL, prev, 3), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSwapImageHandle(img, p2, prev, 2), VX_ERROR_INVALID_PARAMETERS);
    {
        void *holes[3] = {m2[0], NULL, m2[2]};
        CTS_EXPECT_STATUS(vxSwapImageHandle(img, holes, prev, 3), VX_ERROR_INVALID_PARAMETERS);
    }
    CTS_EXPECT_STATUS(vxSwapImageHandle(NULL, p2, prev, 3), VX_ERROR_INVALID_REFERENCE);
    plain = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    CTS_EXPECT_STATUS(vxSwapImageHandle(plain, p2, prev, 1), VX_ERROR_INVALID_PARAMETERS);
    vxReleaseImage(&plain);
    /* mapped (through a sub-image): the swap fails */
    CTS_ASSERT_STATUS(vxMapImagePatch(roi2, &px, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSwapImageHandle(img, p2, prev, 3), VX_FAILURE);
    CTS_EXPECT_STATUS(vxUnmapImagePatch(roi2, id), VX_SUCCESS);
    /* swap: the sub-images follow the new memory */
    CTS_ASSERT_STATUS(vxSwapImageHandle(img, p2, prev, 3), VX_SUCCESS);
    CTS_EXPECT(prev[0] == m1[0] && prev[1] == m1[1] && prev[2] == m1[2]);
    CTS_ASSERT_STATUS(vxCopyImagePatch(ch, &px, 0, &ua, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 0x23);
    CTS_ASSERT_STATUS(vxCopyImagePatch(roi2, &px, 1, &ua, &v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(m2[1][3 * 8 + 3], 0xEE);
    CTS_EXPECT_EQ_INT(m1[1][3 * 8 + 3], 1);
    /* take the memory back: no memory any more */
    CTS_ASSERT_STATUS(vxSwapImageHandle(img, NULL, prev, 3), VX_SUCCESS);
    CTS_EXPECT(prev[0] == m2[0] && prev[1] == m2[1] && prev[2] == m2[2]);
    CTS_EXPECT_STATUS(vxMapImagePatch(roi2, &px, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_NO_MEMORY);
    CTS_EXPECT_STATUS(vxCopyImagePatch(ch, &px, 0, &ua, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_NO_MEMORY);
    /* and a new handle again, without asking for the previous one */
    CTS_ASSERT_STATUS(vxSwapImageHandle(img, p1, NULL, 3), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyImagePatch(ch, &px, 0, &ua, &got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 0x13);
    CTS_EXPECT_STATUS(vxSwapImageHandle(img, NULL, NULL, 3), VX_SUCCESS);
    vxReleaseImage(&ch);
    vxReleaseImage(&roi2);
    vxReleaseImage(&roi);
    vxReleaseImage(&img);
}

CTS_TEST(Image, u1_addressing, "REQ-0937 REQ-0938 REQ-1013 REQ-0969")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 30, 3, VX_DF_IMAGE_U1);
    vx_rectangle_t r = {5, 1, 21, 3};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    vx_uint8 *p;
    vx_uint32 x;
    CTS_ASSERT_VALID(img);
    /* the patch is widened to the preceding byte boundary */
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, (void **)&p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(a.dim_x, 21);
    CTS_EXPECT_EQ_INT(a.dim_y, 2);
    CTS_EXPECT_EQ_INT(a.stride_x, 0);
    CTS_EXPECT_EQ_INT(a.stride_x_bits, 1);
    CTS_EXPECT(a.stride_y >= 4);
    for (x = 5; x < 21; x++) { /* set pixels 5..20 of row 1 */
        vx_uint8 *q = vxFormatImagePatchAddress2d(p, x, 0, &a);
        q[0] = (vx_uint8)(q[0] | (1u << (x % 8)));
    }
    CTS_EXPECT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    {   /* bit-packed, LSB first: row 1 is bits 5..20 */
        vx_uint8 row[4] = {0, 0, 0, 0};
        vx_rectangle_t rr = {0, 1, 30, 2};
        vx_imagepatch_addressing_t ua = {30, 1, 0, 4, 0, 0, 0, 0, 1};
        CTS_ASSERT_STATUS(vxCopyImagePatch(img, &rr, 0, &ua, row, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(row[0], 0xE0);
        CTS_EXPECT_EQ_INT(row[1], 0xFF);
        CTS_EXPECT_EQ_INT(row[2] & 0x1F, 0x1F);
        CTS_EXPECT_EQ_INT(row[2] & 0xE0, 0);
    }
    {   /* copy into an unaligned patch: only the patch's pixels change */
        vx_uint8 ones[2] = {0xFF, 0xFF};
        vx_rectangle_t pr = {3, 0, 11, 1};
        vx_imagepatch_addressing_t ua = {8, 1, 0, 2, 0, 0, 0, 0, 1};
        vx_uint8 row[4];
        vx_rectangle_t rr = {0, 0, 30, 1};
        vx_imagepatch_addressing_t fa = {30, 1, 0, 4, 0, 0, 0, 0, 1};
        CTS_ASSERT_STATUS(vxCopyImagePatch(img, &pr, 0, &ua, ones, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxCopyImagePatch(img, &rr, 0, &fa, row, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(row[0], 0xF8);
        CTS_EXPECT_EQ_INT(row[1] & 0x0F, 0x07);
        /* U1 user addressing needs stride_x 0 */
        ua.stride_x = 1;
        CTS_EXPECT_STATUS(vxCopyImagePatch(img, &pr, 0, &ua, ones, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    }
    {   /* a U1 ROI at x=8: its pixel 0 is bit 0 of its own first byte */
        vx_rectangle_t rr = {8, 1, 24, 2}, pr = {0, 0, 16, 1};
        vx_image roi = vxCreateImageFromROI(img, &rr);
        CTS_ASSERT_VALID(roi);
        CTS_ASSERT_STATUS(vxMapImagePatch(roi, &pr, 0, &id, &a, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(p[0], 0xFF);         /* pixels 8..15 of the root */
        CTS_EXPECT_EQ_INT(p[1] & 0x1F, 0x1F);  /* 16..20 */
        CTS_EXPECT_STATUS(vxUnmapImagePatch(roi, id), VX_SUCCESS);
        vxReleaseImage(&roi);
    }
    vxReleaseImage(&img);
}

CTS_TEST(Image, compat_access_commit, "REQ-1004 REQ-0921")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {4, 2, 12, 6}, empty = {0, 0, 0, 0};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    vx_uint8 *p = NULL, user[32], back[32];
    vx_uint32 x;
    CTS_ASSERT_VALID(img);
    CTS_EXPECT_EQ_INT(vxComputeImagePatchSize(img, &r, 0), 8 * 4);
    CTS_EXPECT_EQ_INT(vxComputeImagePatchSize(img, &r, 1), 0);
    CTS_EXPECT_EQ_INT(vxComputeImagePatchSize(NULL, &r, 0), 0);
    /* implementation memory */
    CTS_ASSERT_STATUS(vxAccessImagePatch(img, &r, 0, &a, (void **)&p, VX_WRITE_ONLY), VX_SUCCESS);
    CTS_ASSERT(p != NULL);
    for (x = 0; x < 8; x++) *(vx_uint8 *)vxFormatImagePatchAddress2d(p, x, 1, &a) = (vx_uint8)(x + 1);
    CTS_EXPECT_STATUS(vxCommitImagePatch(img, &r, 0, &a, p), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCommitImagePatch(img, &r, 0, &a, p), VX_ERROR_INVALID_PARAMETERS); /* already committed */
    /* application memory, packed layout asked with a zero addressing */
    memset(&a, 0, sizeof(a));
    p = user;
    CTS_ASSERT_STATUS(vxAccessImagePatch(img, &r, 0, &a, (void **)&p, VX_READ_AND_WRITE), VX_SUCCESS);
    CTS_EXPECT(p == user);
    CTS_EXPECT_EQ_INT(a.stride_x, 1);
    CTS_EXPECT_EQ_INT(a.stride_y, 8);
    for (x = 0; x < 8; x++) CTS_EXPECT_EQ_INT(user[8 + x], x + 1);
    for (x = 0; x < 32; x++) user[x] = (vx_uint8)(200 + x);
    CTS_EXPECT_STATUS(vxCommitImagePatch(img, &r, 0, &a, user), VX_SUCCESS);
    {
        vx_imagepatch_addressing_t ua = {8, 4, 1, 8, 0, 0, 0, 0, 0};
        CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &ua, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        for (x = 0; x < 32; x++) CTS_EXPECT_EQ_INT(back[x], 200 + x);
    }
    /* a zero-area commit writes nothing */
    p = user;
    CTS_ASSERT_STATUS(vxAccessImagePatch(img, &r, 0, &a, (void **)&p, VX_WRITE_ONLY), VX_SUCCESS);
    memset(user, 0, sizeof(user));
    CTS_EXPECT_STATUS(vxCommitImagePatch(img, &empty, 0, &a, user), VX_SUCCESS);
    {
        vx_imagepatch_addressing_t ua = {8, 4, 1, 8, 0, 0, 0, 0, 0};
        CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &ua, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(back[0], 200);
    }
    CTS_EXPECT_STATUS(vxAccessImagePatch(NULL, &r, 0, &a, (void **)&p, VX_READ_ONLY), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxAccessImagePatch(img, &r, 0, NULL, (void **)&p, VX_READ_ONLY), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCommitImagePatch(img, &r, 0, &a, back), VX_ERROR_INVALID_PARAMETERS);
    vxReleaseImage(&img);
}

CTS_TABLE(image) = {
    CTS_ENTRY(Image, create_every_format),
    CTS_ENTRY(Image, create_refused),
    CTS_ENTRY(Image, query_attributes),
    CTS_ENTRY(Image, set_attribute),
    CTS_ENTRY(Image, map_write_copy_read_every_format),
    CTS_ENTRY(Image, map_read_of_fresh_image),
    CTS_ENTRY(Image, map_errors),
    CTS_ENTRY(Image, copy_write_read),
    CTS_ENTRY(Image, copy_subsampled_planes),
    CTS_ENTRY(Image, format_patch_address),
    CTS_ENTRY(Image, roi_shares_memory),
    CTS_ENTRY(Image, roi_errors_and_valid_region),
    CTS_ENTRY(Image, valid_rectangle),
    CTS_ENTRY(Image, channel_images),
    CTS_ENTRY(Image, set_pixel_values_every_format),
    CTS_ENTRY(Image, set_pixel_values_roi_only),
    CTS_ENTRY(Image, uniform_images),
    CTS_ENTRY(Image, from_handle),
    CTS_ENTRY(Image, swap_handle),
    CTS_ENTRY(Image, u1_addressing),
    CTS_ENTRY(Image, compat_access_commit),
    CTS_TABLE_END,
};
