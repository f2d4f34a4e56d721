/* ix: vx_khr_ix (export and import of objects and graphs) against
 * vx_khr_export_and_import.adoc.  Tags name the extension's requirement
 * numbers (IX-2.x.y) since the extension has no REQ ids. */
#include "../runner/cts.h"

#include <VX/vx_khr_ix.h>
#include <VX/vx_khr_user_data_object.h>
#include <stdlib.h>
#include <string.h>

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

static vx_uint32 rng_state = 12345;
static vx_uint32 rnd(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

static void fill_bytes(void *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) ((vx_uint8 *)p)[i] = (vx_uint8)rnd();
}

/* FNV-1a of the blob's body, as the format description says (ix_internal.h):
 * lets the fuzz test reach the parser behind the checksum. */
static void fix_checksum(vx_uint8 *b, size_t len)
{
    vx_uint32 h = 2166136261u;
    size_t i;
    if (len < 24) return;
    for (i = 24; i < len; i++) {
        h ^= b[i];
        h *= 16777619u;
    }
    b[16] = (vx_uint8)h;
    b[17] = (vx_uint8)(h >> 8);
    b[18] = (vx_uint8)(h >> 16);
    b[19] = (vx_uint8)(h >> 24);
}

static void fill_image(vx_image im)
{
    vx_uint32 p, planes = 0, w = 0, h = 0;
    vx_rectangle_t rect;
    vxQueryImage(im, VX_IMAGE_PLANES, &planes, sizeof(planes));
    vxQueryImage(im, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(im, VX_IMAGE_HEIGHT, &h, sizeof(h));
    rect.start_x = rect.start_y = 0;
    rect.end_x = w;
    rect.end_y = h;
    for (p = 0; p < planes; p++) {
        vx_map_id id;
        vx_imagepatch_addressing_t a;
        void *ptr;
        vx_uint32 y;
        if (vxMapImagePatch(im, &rect, p, &id, &a, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS) return;
        for (y = 0; y < a.dim_y / a.step_y; y++)
            fill_bytes((vx_uint8 *)ptr + (size_t)y * a.stride_y,
                       a.stride_x ? (a.dim_x / a.step_x) * a.stride_x : (a.dim_x + 7) / 8);
        vxUnmapImagePatch(im, id);
    }
}

/* 1 when both images have the same size, format and pixels. */
static int same_image(vx_image a, vx_image b)
{
    vx_uint32 wa = 0, ha = 0, wb = 1, hb = 1, p, planes = 0;
    vx_df_image fa = 0, fb = 1;
    vx_rectangle_t rect;
    int same = 1;
    vxQueryImage(a, VX_IMAGE_WIDTH, &wa, sizeof(wa));
    vxQueryImage(a, VX_IMAGE_HEIGHT, &ha, sizeof(ha));
    vxQueryImage(a, VX_IMAGE_FORMAT, &fa, sizeof(fa));
    vxQueryImage(b, VX_IMAGE_WIDTH, &wb, sizeof(wb));
    vxQueryImage(b, VX_IMAGE_HEIGHT, &hb, sizeof(hb));
    vxQueryImage(b, VX_IMAGE_FORMAT, &fb, sizeof(fb));
    vxQueryImage(a, VX_IMAGE_PLANES, &planes, sizeof(planes));
    if (wa != wb || ha != hb || fa != fb) return 0;
    rect.start_x = rect.start_y = 0;
    rect.end_x = wa;
    rect.end_y = ha;
    for (p = 0; p < planes && same; p++) {
        vx_map_id ia, ib;
        vx_imagepatch_addressing_t aa, ab;
        void *pa, *pb;
        vx_uint32 y;
        if (vxMapImagePatch(a, &rect, p, &ia, &aa, &pa, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS) return 0;
        if (vxMapImagePatch(b, &rect, p, &ib, &ab, &pb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS) {
            vxUnmapImagePatch(a, ia);
            return 0;
        }
        for (y = 0; y < aa.dim_y / aa.step_y && same; y++)
            same = memcmp((vx_uint8 *)pa + (size_t)y * aa.stride_y, (vx_uint8 *)pb + (size_t)y * ab.stride_y,
                          aa.stride_x ? (aa.dim_x / aa.step_x) * aa.stride_x : (aa.dim_x + 7) / 8) == 0;
        vxUnmapImagePatch(a, ia);
        vxUnmapImagePatch(b, ib);
    }
    return same;
}

static int image_is_zero(vx_image im)
{
    vx_context c = vxGetContext((vx_reference)im);
    vx_uint32 w = 0, h = 0;
    vx_df_image f = 0;
    vx_image z;
    int r;
    vxQueryImage(im, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(im, VX_IMAGE_HEIGHT, &h, sizeof(h));
    vxQueryImage(im, VX_IMAGE_FORMAT, &f, sizeof(f));
    z = vxCreateImage(c, w, h, f);
    r = same_image(im, z);
    vxReleaseImage(&z);
    return r;
}

static const char *ref_name(vx_reference r)
{
    const vx_char *n = NULL;
    vxQueryReference(r, VX_REFERENCE_NAME, &n, sizeof(n));
    return n ? n : "";
}

enum { O_IMG, O_LUT, O_DIST, O_THR, O_MAT, O_CONV, O_SCAL, O_ARR, O_REMAP, O_PYR, O_DELAY, O_OARR, O_TENS, O_UDO, O_NUM };

typedef struct {
    vx_reference r[O_NUM];
} objset;

static const vx_size tensor_dims[3] = {4, 3, 2};

/* One object of every exportable type, named, with values. */
static void make_objects(vx_context c, objset *o, int with_values)
{
    static const char *names[O_NUM] = {"img", "lut", "dist", "thr", "mat", "conv", "scal", "arr", "remap", "pyr",
                                       "delay", "oarr", "tens", "udo"};
    vx_image ex = vxCreateImage(c, 8, 6, VX_DF_IMAGE_U8);
    vx_int32 i;
    o->r[O_IMG] = (vx_reference)vxCreateImage(c, 33, 17, VX_DF_IMAGE_RGB);
    o->r[O_LUT] = (vx_reference)vxCreateLUT(c, VX_TYPE_INT16, 300);
    o->r[O_DIST] = (vx_reference)vxCreateDistribution(c, 16, 10, 200);
    o->r[O_THR] = (vx_reference)vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_S16, VX_DF_IMAGE_U8);
    o->r[O_MAT] = (vx_reference)vxCreateMatrix(c, VX_TYPE_FLOAT32, 3, 2);
    o->r[O_CONV] = (vx_reference)vxCreateConvolution(c, 5, 3);
    {
        vx_int64 v = -123456789012LL;
        o->r[O_SCAL] = (vx_reference)vxCreateScalar(c, VX_TYPE_INT64, &v);
    }
    o->r[O_ARR] = (vx_reference)vxCreateArray(c, VX_TYPE_KEYPOINT, 20);
    o->r[O_REMAP] = (vx_reference)vxCreateRemap(c, 16, 12, 7, 5);
    o->r[O_PYR] = (vx_reference)vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 20, 14, VX_DF_IMAGE_U8);
    o->r[O_DELAY] = (vx_reference)vxCreateDelay(c, (vx_reference)ex, 3);
    o->r[O_OARR] = (vx_reference)vxCreateObjectArray(c, (vx_reference)ex, 2);
    o->r[O_TENS] = (vx_reference)vxCreateTensor(c, 3, tensor_dims, VX_TYPE_INT16, 8);
    o->r[O_UDO] = (vx_reference)vxCreateUserDataObject(c, "my_struct", 40, NULL);
    vxReleaseImage(&ex);
    for (i = 0; i < O_NUM; i++) {
        CTS_ASSERT_VALID(o->r[i]);
        CTS_ASSERT_STATUS(vxSetReferenceName(o->r[i], names[i]), VX_SUCCESS);
    }
    if (!with_values) return;
    fill_image((vx_image)o->r[O_IMG]);
    {
        vx_int16 l[300];
        vx_uint32 d[16];
        vx_pixel_value_t lo, up, t, f;
        vx_float32 m[6] = {1.5f, -2.f, 3.25f, 4.f, 5.f, -6.5f};
        vx_int16 cv[15];
        vx_keypoint_t kp[7];
        vx_coordinates2df_t pts[35];
        vx_int16 td[24];
        vx_uint8 u[40];
        vx_uint32 sc = 8;
        vx_size k;
        vx_rectangle_t rr = {0, 0, 7, 5};
        vx_size start[3] = {0, 0, 0}, stride[3] = {2, 8, 24};
        fill_bytes(l, sizeof(l));
        fill_bytes(d, sizeof(d));
        fill_bytes(cv, sizeof(cv));
        fill_bytes(kp, sizeof(kp));
        fill_bytes(td, sizeof(td));
        fill_bytes(u, sizeof(u));
        for (k = 0; k < 35; k++) {
            pts[k].x = (vx_float32)(rnd() % 1000) / 10.f;
            pts[k].y = (vx_float32)(rnd() % 1000) / 10.f;
        }
        memset(&lo, 0, sizeof(lo));
        memset(&up, 0, sizeof(up));
        memset(&t, 0, sizeof(t));
        memset(&f, 0, sizeof(f));
        lo.S16 = -100;
        up.S16 = 250;
        t.U8 = 77;
        f.U8 = 11;
        CTS_ASSERT_STATUS(vxCopyLUT((vx_lut)o->r[O_LUT], l, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxCopyDistribution((vx_distribution)o->r[O_DIST], d, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_SUCCESS);
        CTS_ASSERT_STATUS(vxCopyThresholdRange((vx_threshold)o->r[O_THR], &lo, &up, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_SUCCESS);
        CTS_ASSERT_STATUS(vxCopyThresholdOutput((vx_threshold)o->r[O_THR], &t, &f, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_SUCCESS);
        CTS_ASSERT_STATUS(vxCopyMatrix((vx_matrix)o->r[O_MAT], m, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxCopyConvolutionCoefficients((vx_convolution)o->r[O_CONV], cv, VX_WRITE_ONLY,
                                                        VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxSetConvolutionAttribute((vx_convolution)o->r[O_CONV], VX_CONVOLUTION_SCALE, &sc, sizeof(sc)),
                          VX_SUCCESS);
        CTS_ASSERT_STATUS(vxAddArrayItems((vx_array)o->r[O_ARR], 7, kp, sizeof(vx_keypoint_t)), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxCopyRemapPatch((vx_remap)o->r[O_REMAP], &rr, 7 * sizeof(vx_coordinates2df_t), pts,
                                           VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        for (k = 0; k < 3; k++) {
            vx_image lv = vxGetPyramidLevel((vx_pyramid)o->r[O_PYR], (vx_uint32)k);
            fill_image(lv);
            vxReleaseImage(&lv);
        }
        for (k = 0; k < 3; k++) fill_image((vx_image)vxGetReferenceFromDelay((vx_delay)o->r[O_DELAY], -(vx_int32)k));
        for (k = 0; k < 2; k++) {
            vx_image it = (vx_image)vxGetObjectArrayItem((vx_object_array)o->r[O_OARR], (vx_uint32)k);
            fill_image(it);
            vxReleaseImage(&it);
        }
        CTS_ASSERT_STATUS(vxCopyTensorPatch((vx_tensor)o->r[O_TENS], 3, start, tensor_dims, stride, td, VX_WRITE_ONLY,
                                            VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxCopyUserDataObject((vx_user_data_object)o->r[O_UDO], 0, 40, u, VX_WRITE_ONLY,
                                               VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    }
}

static void release_objects(objset *o)
{
    int i;
    for (i = 0; i < O_NUM; i++)
        if (o->r[i]) CTS_EXPECT_STATUS(vxReleaseReference(&o->r[i]), VX_SUCCESS);
}

/* Compare the objects of a and b: meta data always, contents when values is
 * 1, contents zero in b when values is 0 (-1: the application's objects, no
 * contents compared). */
static void compare_objects(const objset *a, const objset *b, int values)
{
    int i;
    for (i = 0; i < O_NUM; i++) {
        vx_enum ta = 0, tb = 1;
        vxQueryReference(a->r[i], VX_REFERENCE_TYPE, &ta, sizeof(ta));
        vxQueryReference(b->r[i], VX_REFERENCE_TYPE, &tb, sizeof(tb));
        CTS_EXPECT_EQ_INT(ta, tb);
        CTS_EXPECT_MSG(strcmp(ref_name(a->r[i]), ref_name(b->r[i])) == 0, "name of object %d", i);
    }
    /* image */
    if (values < 0) return;
    if (values) CTS_EXPECT(same_image((vx_image)a->r[O_IMG], (vx_image)b->r[O_IMG]));
    else CTS_EXPECT(image_is_zero((vx_image)b->r[O_IMG]));
    {
        vx_int16 la[300], lb[300];
        vx_uint32 da[16], db[16];
        vx_float32 ma[6], mb[6];
        vx_int16 ca[15], cb[15];
        vx_uint32 sa = 0, sb = 0;
        vx_int64 va = 0, vb = 0;
        vx_size na = 0, nb = 0;
        vx_keypoint_t ka[7], kb[7];
        vx_coordinates2df_t pa[35], pb[35];
        vx_int16 ta[24], tb[24];
        vx_uint8 ua[40], ub[40];
        vx_pixel_value_t lo_a, up_a, lo_b, up_b, t_a, f_a, t_b, f_b;
        vx_rectangle_t rr = {0, 0, 7, 5};
        vx_size start[3] = {0, 0, 0}, stride[3] = {2, 8, 24};
        vx_coordinates2d_t oa, ob;
        int k;
        vxCopyLUT((vx_lut)a->r[O_LUT], la, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyLUT((vx_lut)b->r[O_LUT], lb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyDistribution((vx_distribution)a->r[O_DIST], da, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyDistribution((vx_distribution)b->r[O_DIST], db, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyMatrix((vx_matrix)a->r[O_MAT], ma, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyMatrix((vx_matrix)b->r[O_MAT], mb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxQueryMatrix((vx_matrix)a->r[O_MAT], VX_MATRIX_ORIGIN, &oa, sizeof(oa));
        vxQueryMatrix((vx_matrix)b->r[O_MAT], VX_MATRIX_ORIGIN, &ob, sizeof(ob));
        vxCopyConvolutionCoefficients((vx_convolution)a->r[O_CONV], ca, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyConvolutionCoefficients((vx_convolution)b->r[O_CONV], cb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxQueryConvolution((vx_convolution)a->r[O_CONV], VX_CONVOLUTION_SCALE, &sa, sizeof(sa));
        vxQueryConvolution((vx_convolution)b->r[O_CONV], VX_CONVOLUTION_SCALE, &sb, sizeof(sb));
        vxCopyScalar((vx_scalar)a->r[O_SCAL], &va, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyScalar((vx_scalar)b->r[O_SCAL], &vb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxQueryArray((vx_array)a->r[O_ARR], VX_ARRAY_NUMITEMS, &na, sizeof(na));
        vxQueryArray((vx_array)b->r[O_ARR], VX_ARRAY_NUMITEMS, &nb, sizeof(nb));
        vxCopyArrayRange((vx_array)a->r[O_ARR], 0, 7, sizeof(vx_keypoint_t), ka, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        if (nb == 7)
            vxCopyArrayRange((vx_array)b->r[O_ARR], 0, 7, sizeof(vx_keypoint_t), kb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyRemapPatch((vx_remap)a->r[O_REMAP], &rr, 7 * sizeof(vx_coordinates2df_t), pa, VX_TYPE_COORDINATES2DF,
                         VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyRemapPatch((vx_remap)b->r[O_REMAP], &rr, 7 * sizeof(vx_coordinates2df_t), pb, VX_TYPE_COORDINATES2DF,
                         VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyTensorPatch((vx_tensor)a->r[O_TENS], 3, start, tensor_dims, stride, ta, VX_READ_ONLY,
                          VX_MEMORY_TYPE_HOST);
        vxCopyTensorPatch((vx_tensor)b->r[O_TENS], 3, start, tensor_dims, stride, tb, VX_READ_ONLY,
                          VX_MEMORY_TYPE_HOST);
        vxCopyUserDataObject((vx_user_data_object)a->r[O_UDO], 0, 40, ua, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyUserDataObject((vx_user_data_object)b->r[O_UDO], 0, 40, ub, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyThresholdRange((vx_threshold)a->r[O_THR], &lo_a, &up_a, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyThresholdRange((vx_threshold)b->r[O_THR], &lo_b, &up_b, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyThresholdOutput((vx_threshold)a->r[O_THR], &t_a, &f_a, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyThresholdOutput((vx_threshold)b->r[O_THR], &t_b, &f_b, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        /* meta data */
        CTS_EXPECT_EQ_INT(sa, sb);
        CTS_EXPECT(oa.x == ob.x && oa.y == ob.y);
        if (values) {
            CTS_EXPECT(memcmp(la, lb, sizeof(la)) == 0);
            CTS_EXPECT(memcmp(da, db, sizeof(da)) == 0);
            CTS_EXPECT(memcmp(ma, mb, sizeof(ma)) == 0);
            CTS_EXPECT(memcmp(ca, cb, sizeof(ca)) == 0);
            CTS_EXPECT(va == vb);
            CTS_EXPECT_EQ_INT((int)nb, 7);
            if (nb == 7) CTS_EXPECT(memcmp(ka, kb, sizeof(ka)) == 0);
            CTS_EXPECT(memcmp(pa, pb, sizeof(pa)) == 0);
            CTS_EXPECT(memcmp(ta, tb, sizeof(ta)) == 0);
            CTS_EXPECT(memcmp(ua, ub, sizeof(ua)) == 0);
            CTS_EXPECT(lo_a.S16 == lo_b.S16 && up_a.S16 == up_b.S16 && t_a.U8 == t_b.U8 && f_a.U8 == f_b.U8);
        } else {
            for (k = 0; k < 300; k++) CTS_EXPECT(lb[k] == 0);
            for (k = 0; k < 16; k++) CTS_EXPECT(db[k] == 0);
            CTS_EXPECT(vb == 0);
            CTS_EXPECT_EQ_INT((int)nb, 0);
            for (k = 0; k < 24; k++) CTS_EXPECT(tb[k] == 0);
            for (k = 0; k < 40; k++) CTS_EXPECT(ub[k] == 0);
        }
    }
    for (int k = 0; k < 3; k++) {
        vx_image la = vxGetPyramidLevel((vx_pyramid)a->r[O_PYR], (vx_uint32)k);
        vx_image lb = vxGetPyramidLevel((vx_pyramid)b->r[O_PYR], (vx_uint32)k);
        vx_image sa = (vx_image)vxGetReferenceFromDelay((vx_delay)a->r[O_DELAY], -k);
        vx_image sb = (vx_image)vxGetReferenceFromDelay((vx_delay)b->r[O_DELAY], -k);
        CTS_EXPECT(values ? same_image(la, lb) : image_is_zero(lb));
        CTS_EXPECT(values ? same_image(sa, sb) : image_is_zero(sb));
        vxReleaseImage(&la);
        vxReleaseImage(&lb);
        if (k < 2) {
            vx_image ia = (vx_image)vxGetObjectArrayItem((vx_object_array)a->r[O_OARR], (vx_uint32)k);
            vx_image ib = (vx_image)vxGetObjectArrayItem((vx_object_array)b->r[O_OARR], (vx_uint32)k);
            CTS_EXPECT(values ? same_image(ia, ib) : image_is_zero(ib));
            vxReleaseImage(&ia);
            vxReleaseImage(&ib);
        }
    }
}

static void roundtrip(vx_enum use)
{
    vx_context c = cts_context();
    vx_context c2 = vxCreateContext();
    objset a, b;
    vx_enum uses[O_NUM];
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    vx_import imp;
    vx_uint8 *copy;
    int i;
    int base = cts_context_refs(c2);
    memset(&b, 0, sizeof(b));
    make_objects(c, &a, 1);
    for (i = 0; i < O_NUM; i++) uses[i] = use;
    CTS_ASSERT_STATUS(vxExportObjectsToMemory(c, O_NUM, a.r, uses, &blob, &len), VX_SUCCESS);
    CTS_ASSERT(blob != NULL && len > 24);
    copy = malloc(len);
    memcpy(copy, blob, len);
    CTS_EXPECT_STATUS(vxReleaseExportedMemory(c, &blob), VX_SUCCESS);
    CTS_EXPECT(blob == NULL);
    if (use == VX_IX_USE_APPLICATION_CREATE) make_objects(c2, &b, 0);
    imp = vxImportObjectsFromMemory(c2, O_NUM, b.r, uses, copy, len);
    free(copy);
    CTS_ASSERT_VALID(imp);
    for (i = 0; i < O_NUM; i++) CTS_ASSERT_VALID(b.r[i]);
    compare_objects(&a, &b, use == VX_IX_USE_EXPORT_VALUES ? 1 : use == VX_IX_USE_NO_EXPORT_VALUES ? 0 : -1);
    {
        vx_reference r = vxGetImportReferenceByName(imp, "tens");
        CTS_EXPECT(r == b.r[O_TENS]);
        if (vxGetStatus(r) == VX_SUCCESS) vxReleaseReference(&r);
        r = vxGetImportReferenceByName(imp, "nothing");
        CTS_EXPECT(vxGetStatus(r) != VX_SUCCESS);
        r = vxGetImportReferenceByName(imp, NULL);
        CTS_EXPECT(vxGetStatus(r) != VX_SUCCESS);
    }
    release_objects(&a);
    release_objects(&b);
    /* the import still holds the listed objects: names are found */
    {
        vx_reference r = vxGetImportReferenceByName(imp, "udo");
        vx_enum t = 0;
        CTS_ASSERT_VALID(r);
        vxQueryReference(r, VX_REFERENCE_TYPE, &t, sizeof(t));
        CTS_EXPECT_EQ_INT(t, VX_TYPE_USER_DATA_OBJECT);
        vxReleaseReference(&r);
    }
    CTS_EXPECT_STATUS(vxReleaseImport(&imp), VX_SUCCESS);
    CTS_EXPECT(imp == NULL);
    CTS_EXPECT_EQ_INT(cts_context_refs(c2), base);
    vxReleaseContext(&c2);
}

CTS_TEST(IX, roundtrip_export_values, "IX-2.1.1 IX-2.3.3.1 IX-2.5.1 IX-2.7.1 IX-2.7.2")
{
    roundtrip(VX_IX_USE_EXPORT_VALUES);
}

CTS_TEST(IX, roundtrip_no_export_values, "IX-2.3.3.2 IX-2.3.3.4 IX-2.5.1")
{
    roundtrip(VX_IX_USE_NO_EXPORT_VALUES);
}

CTS_TEST(IX, roundtrip_application_create, "IX-2.2.1 IX-2.4.1 IX-2.5.2")
{
    roundtrip(VX_IX_USE_APPLICATION_CREATE);
}

CTS_TEST(IX, application_create_mismatch, "IX-2.5.2 IX-2.5.3")
{
    vx_context c = cts_context();
    vx_image im = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_reference refs[1] = {(vx_reference)im};
    vx_enum uses[1] = {VX_IX_USE_APPLICATION_CREATE};
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    vx_reference in[1];
    vx_import imp;
    vx_lut lut;
    vx_image other;
    CTS_ASSERT_STATUS(vxExportObjectsToMemory(c, 1, refs, uses, &blob, &len), VX_SUCCESS);
    other = vxCreateImage(c, 16, 9, VX_DF_IMAGE_U8);
    in[0] = (vx_reference)other;
    imp = vxImportObjectsFromMemory(c, 1, in, uses, blob, len);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)imp), VX_ERROR_NOT_COMPATIBLE);
    lut = vxCreateLUT(c, VX_TYPE_UINT8, 256);
    in[0] = (vx_reference)lut;
    imp = vxImportObjectsFromMemory(c, 1, in, uses, blob, len);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)imp), VX_ERROR_NOT_COMPATIBLE);
    in[0] = NULL;
    imp = vxImportObjectsFromMemory(c, 1, in, uses, blob, len);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)imp), VX_ERROR_INVALID_REFERENCE);
    in[0] = (vx_reference)im;
    imp = vxImportObjectsFromMemory(c, 1, in, uses, blob, len);
    CTS_ASSERT_VALID(imp);
    CTS_EXPECT(in[0] == (vx_reference)im);
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)im), 1);
    vxReleaseImport(&imp);
    vxReleaseExportedMemory(c, &blob);
    vxReleaseImage(&other);
    vxReleaseImage(&im);
    vxReleaseLUT(&lut);
}

CTS_TEST(IX, sub_objects, "IX-2.1.2 IX-2.1.3 IX-2.3.2.3 IX-2.5.1")
{
    vx_context c = cts_context();
    vx_context c2 = vxCreateContext();
    vx_image root = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
    vx_rectangle_t rect = {8, 4, 24, 20};
    vx_image roi, yuv, chan, uni, lvl;
    vx_pixel_value_t pv;
    vx_pyramid pyr = vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 16, 16, VX_DF_IMAGE_U8);
    vx_matrix pat = vxCreateMatrixFromPatternAndOrigin(c, VX_PATTERN_CROSS, 5, 3, 1, 2);
    vx_reference refs[5], in[5] = {0};
    vx_enum uses[5] = {VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES,
                       VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    vx_import imp;
    vx_bool isu = vx_false_e;
    vx_rectangle_t valid;
    fill_image(root);
    roi = vxCreateImageFromROI(root, &rect);
    yuv = vxCreateImage(c, 16, 8, VX_DF_IMAGE_IYUV);
    fill_image(yuv);
    chan = vxCreateImageFromChannel(yuv, VX_CHANNEL_U);
    memset(&pv, 0, sizeof(pv));
    pv.U16 = 999;
    uni = vxCreateUniformImage(c, 9, 7, VX_DF_IMAGE_U16, &pv);
    lvl = vxGetPyramidLevel(pyr, 1);
    fill_image(lvl);
    {
        vx_rectangle_t v = {1, 1, 5, 6};
        CTS_ASSERT_STATUS(vxSetImageValidRectangle(roi, &v), VX_SUCCESS);
    }
    refs[0] = (vx_reference)roi;
    refs[1] = (vx_reference)chan;
    refs[2] = (vx_reference)uni;
    refs[3] = (vx_reference)lvl;
    refs[4] = (vx_reference)pat;
    CTS_ASSERT_STATUS(vxExportObjectsToMemory(c, 5, refs, uses, &blob, &len), VX_SUCCESS);
    imp = vxImportObjectsFromMemory(c2, 5, in, uses, blob, len);
    CTS_ASSERT_VALID(imp);
    CTS_EXPECT(same_image(roi, (vx_image)in[0]));
    CTS_EXPECT(same_image(chan, (vx_image)in[1]));
    CTS_EXPECT(same_image(uni, (vx_image)in[2]));
    CTS_EXPECT(same_image(lvl, (vx_image)in[3]));
    vxQueryImage((vx_image)in[2], VX_IMAGE_IS_UNIFORM, &isu, sizeof(isu));
    CTS_EXPECT(isu == vx_true_e);
    vxGetValidRegionImage((vx_image)in[0], &valid);
    CTS_EXPECT(valid.start_x == 1 && valid.start_y == 1 && valid.end_x == 5 && valid.end_y == 6);
    {
        vx_uint8 ma[15], mb[15];
        vx_coordinates2d_t o;
        vx_enum p = 0;
        vxCopyMatrix(pat, ma, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyMatrix((vx_matrix)in[4], mb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT(memcmp(ma, mb, 15) == 0);
        vxQueryMatrix((vx_matrix)in[4], VX_MATRIX_ORIGIN, &o, sizeof(o));
        vxQueryMatrix((vx_matrix)in[4], VX_MATRIX_PATTERN, &p, sizeof(p));
        CTS_EXPECT(o.x == 1 && o.y == 2 && p == VX_PATTERN_CROSS);
    }
    vxReleaseImport(&imp);
    for (int i = 0; i < 5; i++) vxReleaseReference(&in[i]);
    vxReleaseExportedMemory(c, &blob);
    vxReleaseImage(&roi);
    vxReleaseImage(&chan);
    vxReleaseImage(&yuv);
    vxReleaseImage(&uni);
    vxReleaseImage(&lvl);
    vxReleaseImage(&root);
    vxReleasePyramid(&pyr);
    vxReleaseMatrix(&pat);
    vxReleaseContext(&c2);
}

/* src -> Gaussian3x3 (replicate) -> virtual -> Box3x3 -> mid (hidden) ->
 * Add(saturate) with a hidden constant image -> dst; src and dst are graph
 * parameters. */
static vx_graph build_graph(vx_context c, vx_image src, vx_image dst, vx_image konst)
{
    vx_graph g = vxCreateGraph(c);
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image mid = vxCreateImage(c, 40, 30, VX_DF_IMAGE_U8);
    vx_node n0 = vxGaussian3x3Node(g, src, v);
    vx_node n1 = vxBox3x3Node(g, v, mid);
    vx_node n2 = vxAddNode(g, mid, konst, VX_CONVERT_POLICY_SATURATE, dst);
    vx_border_t b;
    vx_parameter p;
    memset(&b, 0, sizeof(b));
    b.mode = VX_BORDER_REPLICATE;
    vxSetNodeAttribute(n0, VX_NODE_BORDER, &b, sizeof(b));
    vxSetReferenceName((vx_reference)n1, "box");
    p = vxGetParameterByIndex(n0, 0);
    vxAddParameterToGraph(g, p);
    vxReleaseParameter(&p);
    p = vxGetParameterByIndex(n2, 3);
    vxAddParameterToGraph(g, p);
    vxReleaseParameter(&p);
    vxReleaseNode(&n0);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&v);
    vxReleaseImage(&mid);
    return g;
}

CTS_TEST(IX, graph_roundtrip_runs, "IX-2.1.2 IX-2.3.2.1 IX-2.5.4 IX-2.7.1")
{
    vx_context c = cts_context();
    vx_context c2 = vxCreateContext();
    int base = cts_context_refs(c2);
    vx_image src = vxCreateImage(c, 40, 30, VX_DF_IMAGE_U8);
    vx_image dst = vxCreateImage(c, 40, 30, VX_DF_IMAGE_U8);
    vx_image konst = vxCreateImage(c, 40, 30, VX_DF_IMAGE_U8);
    vx_graph g;
    vx_reference refs[3], in[3] = {0};
    vx_enum uses[3] = {VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES, VX_IX_USE_NO_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    vx_import imp;
    vx_uint32 nn = 0, np = 0;
    vx_image src2;
    fill_image(src);
    fill_image(konst);
    vxSetReferenceName((vx_reference)src, "input");
    vxSetReferenceName((vx_reference)dst, "output");
    g = build_graph(c, src, dst, konst);
    vxSetReferenceName((vx_reference)g, "pipeline");
    refs[0] = (vx_reference)g;
    refs[1] = (vx_reference)src;
    refs[2] = (vx_reference)dst;
    /* export verifies the graph */
    CTS_ASSERT_STATUS(vxExportObjectsToMemory(c, 3, refs, uses, &blob, &len), VX_SUCCESS);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_true_e);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    imp = vxImportObjectsFromMemory(c2, 3, in, uses, blob, len);
    CTS_ASSERT_VALID(imp);
    CTS_EXPECT(vxIsGraphVerified((vx_graph)in[0]) == vx_true_e);
    vxQueryGraph((vx_graph)in[0], VX_GRAPH_NUMNODES, &nn, sizeof(nn));
    vxQueryGraph((vx_graph)in[0], VX_GRAPH_NUMPARAMETERS, &np, sizeof(np));
    CTS_EXPECT_EQ_INT(nn, 3);
    CTS_EXPECT_EQ_INT(np, 2);
    CTS_EXPECT(strcmp(ref_name(in[0]), "pipeline") == 0);
    CTS_EXPECT(image_is_zero((vx_image)in[2]));
    CTS_ASSERT_STATUS(vxProcessGraph((vx_graph)in[0]), VX_SUCCESS);
    CTS_EXPECT(same_image(dst, (vx_image)in[2]));
    /* a new input through the graph parameter */
    src2 = vxCreateImage(c2, 40, 30, VX_DF_IMAGE_U8);
    fill_image(src2);
    CTS_ASSERT_STATUS(vxSetGraphParameterByIndex((vx_graph)in[0], 0, (vx_reference)src2), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph((vx_graph)in[0]), VX_SUCCESS);
    {
        vx_image s2 = vxCreateImage(c, 40, 30, VX_DF_IMAGE_U8);
        vx_rectangle_t rect = {0, 0, 40, 30};
        vx_imagepatch_addressing_t a = {0};
        vx_map_id id;
        void *p;
        vxMapImagePatch(src2, &rect, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
        vxCopyImagePatch(s2, &rect, 0, &a, p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        vxUnmapImagePatch(src2, id);
        vxSetGraphParameterByIndex(g, 0, (vx_reference)s2);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        CTS_EXPECT(same_image(dst, (vx_image)in[2]));
        vxReleaseImage(&s2);
    }
    {
        vx_reference r = vxGetImportReferenceByName(imp, "output");
        CTS_EXPECT(r == in[2]);
        vxReleaseReference(&r);
    }
    vxReleaseImage(&src2);
    vxReleaseImport(&imp);
    for (int i = 0; i < 3; i++) vxReleaseReference(&in[i]);
    CTS_EXPECT_EQ_INT(cts_context_refs(c2), base);
    vxReleaseExportedMemory(c, &blob);
    vxReleaseGraph(&g);
    vxReleaseImage(&src);
    vxReleaseImage(&dst);
    vxReleaseImage(&konst);
    vxReleaseContext(&c2);
}

CTS_TEST(IX, graph_delay_auto_aging, "IX-2.5.4")
{
    vx_context c = cts_context();
    vx_context c2 = vxCreateContext();
    vx_image ex = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_delay d = vxCreateDelay(c, (vx_reference)ex, 2);
    vx_image src = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vx_node n0 = vxNotNode(g, src, (vx_image)vxGetReferenceFromDelay(d, 0));
    vx_node n1 = vxNotNode(g, (vx_image)vxGetReferenceFromDelay(d, -1), out);
    vx_reference refs[3] = {(vx_reference)g, (vx_reference)src, (vx_reference)out}, in[3] = {0};
    vx_enum uses[3] = {0, VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    vx_import imp;
    int i;
    fill_image(src);
    vxRegisterAutoAging(g, d);
    /* one run before export: the delay has aged once */
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxExportObjectsToMemory(c, 3, refs, uses, &blob, &len), VX_SUCCESS);
    cts_capture_log(c2);
    imp = vxImportObjectsFromMemory(c2, 3, in, uses, blob, len);
    CTS_ASSERT_MSG(vxGetStatus((vx_reference)imp) == VX_SUCCESS, "import: %s", cts_log_last() ? cts_log_last()->message : "");
    for (i = 0; i < 3; i++) {
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph((vx_graph)in[0]), VX_SUCCESS);
        CTS_EXPECT(same_image(out, (vx_image)in[2]));
        fill_image(src);
        fill_image((vx_image)in[1]);
        {
            vx_rectangle_t rect = {0, 0, 16, 16};
            vx_imagepatch_addressing_t a = {0};
            vx_map_id id;
            void *p;
            vxMapImagePatch(src, &rect, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
            vxCopyImagePatch((vx_image)in[1], &rect, 0, &a, p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
            vxUnmapImagePatch(src, id);
        }
    }
    vxReleaseImport(&imp);
    for (i = 0; i < 3; i++) vxReleaseReference(&in[i]);
    vxReleaseExportedMemory(c, &blob);
    vxReleaseNode(&n0);
    vxReleaseNode(&n1);
    vxReleaseGraph(&g);
    vxReleaseDelay(&d);
    vxReleaseImage(&ex);
    vxReleaseImage(&src);
    vxReleaseImage(&out);
    vxReleaseContext(&c2);
}

/* Node parameters bound to a pyramid level and a replicated node over object
 * arrays: the import binds the same items and replicates the same way. */
CTS_TEST(IX, graph_containers, "IX-2.1.2 IX-2.3.2.2")
{
    vx_context c = cts_context();
    vx_context c2 = vxCreateContext();
    vx_image src = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
    vx_image dst = vxCreateImage(c, 16, 12, VX_DF_IMAGE_U8);
    vx_image ex = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_pyramid pyr = vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 32, 24, VX_DF_IMAGE_U8);
    vx_object_array oin = vxCreateObjectArray(c, (vx_reference)ex, 3);
    vx_object_array oout = vxCreateObjectArray(c, (vx_reference)ex, 3);
    vx_graph g = vxCreateGraph(c);
    vx_image lvl = vxGetPyramidLevel(pyr, 1);
    vx_image i0 = (vx_image)vxGetObjectArrayItem(oin, 0);
    vx_image o0 = (vx_image)vxGetObjectArrayItem(oout, 0);
    vx_node n0 = vxGaussianPyramidNode(g, src, pyr);
    vx_node n1 = vxBox3x3Node(g, lvl, dst);
    vx_node n2 = vxNotNode(g, i0, o0);
    vx_bool rep[2] = {vx_true_e, vx_true_e};
    vx_reference r[4] = {(vx_reference)g, (vx_reference)dst, (vx_reference)oin, (vx_reference)oout}, in[4] = {0};
    vx_enum uses[4] = {0, VX_IX_USE_NO_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES, VX_IX_USE_NO_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0, k;
    vx_import imp;
    fill_image(src);
    for (k = 0; k < 3; k++) {
        vx_image it = (vx_image)vxGetObjectArrayItem(oin, (vx_uint32)k);
        fill_image(it);
        vxReleaseImage(&it);
    }
    CTS_ASSERT_STATUS(vxReplicateNode(g, n2, rep, 2), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxExportObjectsToMemory(c, 4, r, uses, &blob, &len), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    imp = vxImportObjectsFromMemory(c2, 4, in, uses, blob, len);
    CTS_ASSERT_VALID(imp);
    CTS_ASSERT_STATUS(vxProcessGraph((vx_graph)in[0]), VX_SUCCESS);
    CTS_EXPECT(same_image(dst, (vx_image)in[1]));
    for (k = 0; k < 3; k++) {
        vx_image a = (vx_image)vxGetObjectArrayItem(oout, (vx_uint32)k);
        vx_image b = (vx_image)vxGetObjectArrayItem((vx_object_array)in[3], (vx_uint32)k);
        CTS_EXPECT(same_image(a, b));
        vxReleaseImage(&a);
        vxReleaseImage(&b);
    }
    {
        /* items 1 and 2 were computed: the node is replicated */
        vx_uint32 nn = 0;
        vxQueryGraph((vx_graph)in[0], VX_GRAPH_NUMNODES, &nn, sizeof(nn));
        CTS_EXPECT_EQ_INT(nn, 3);
    }
    vxReleaseImport(&imp);
    for (k = 0; k < 4; k++) vxReleaseReference(&in[k]);
    vxReleaseExportedMemory(c, &blob);
    vxReleaseNode(&n0);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&lvl);
    vxReleaseImage(&i0);
    vxReleaseImage(&o0);
    vxReleaseGraph(&g);
    vxReleasePyramid(&pyr);
    vxReleaseObjectArray(&oin);
    vxReleaseObjectArray(&oout);
    vxReleaseImage(&ex);
    vxReleaseImage(&src);
    vxReleaseImage(&dst);
    vxReleaseContext(&c2);
}

CTS_TEST(IX, export_refusals, "IX-2.6.1 IX-2.6.2 IX-2.6.3 IX-2.6.4 IX-2.7.4 IX-2.4.2")
{
    vx_context c = cts_context();
    vx_image a = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_image b = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vx_image virt = vxCreateVirtualImage(g, 8, 8, VX_DF_IMAGE_U8);
    vx_node n = vxAddNode(g, a, b, VX_CONVERT_POLICY_WRAP, out);
    vx_kernel k = vxGetKernelByEnum(c, VX_KERNEL_ADD);
    vx_parameter prm = vxGetParameterByIndex(n, 0);
    vx_enum uses[3] = {VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES};
    vx_reference r[3];
    const vx_uint8 *blob = (const vx_uint8 *)1;
    vx_size len = 5;
    vx_uint8 mem[64];
    vx_imagepatch_addressing_t addr;
    void *ptrs[1] = {mem};
    vx_image h;
    vx_import imp;
    memset(&addr, 0, sizeof(addr));
    addr.dim_x = 8;
    addr.dim_y = 8;
    addr.stride_x = 1;
    addr.stride_y = 8;
    addr.scale_x = addr.scale_y = VX_SCALE_UNITY;
    addr.step_x = addr.step_y = 1;
    h = vxCreateImageFromHandle(c, VX_DF_IMAGE_U8, &addr, ptrs, VX_MEMORY_TYPE_HOST);
#define EXPECT_EXPORT(n, st)                                                                \
    do {                                                                                    \
        blob = (const vx_uint8 *)1;                                                         \
        len = 5;                                                                            \
        CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, n, r, uses, &blob, &len), st);         \
        CTS_EXPECT(blob == NULL && len == 0);                                               \
    } while (0)
    r[0] = (vx_reference)c;
    EXPECT_EXPORT(1, VX_ERROR_INVALID_PARAMETERS);
    r[0] = (vx_reference)n;
    EXPECT_EXPORT(1, VX_ERROR_INVALID_PARAMETERS);
    r[0] = (vx_reference)k;
    EXPECT_EXPORT(1, VX_ERROR_INVALID_PARAMETERS);
    r[0] = (vx_reference)prm;
    EXPECT_EXPORT(1, VX_ERROR_INVALID_PARAMETERS);
    r[0] = (vx_reference)virt;
    EXPECT_EXPORT(1, VX_ERROR_INVALID_PARAMETERS);
    r[0] = NULL;
    EXPECT_EXPORT(1, VX_ERROR_INVALID_REFERENCE);
    r[0] = (vx_reference)a;
    r[1] = (vx_reference)a;
    EXPECT_EXPORT(2, VX_ERROR_INVALID_PARAMETERS); /* listed twice */
    vxSetReferenceName((vx_reference)a, "same");
    vxSetReferenceName((vx_reference)b, "same");
    r[1] = (vx_reference)b;
    EXPECT_EXPORT(2, VX_ERROR_INVALID_PARAMETERS); /* same names */
    vxSetReferenceName((vx_reference)b, "other");
    uses[1] = 0x12345;
    EXPECT_EXPORT(2, VX_ERROR_INVALID_PARAMETERS); /* unknown use */
    uses[1] = VX_IX_USE_EXPORT_VALUES;
    r[0] = (vx_reference)h;
    EXPECT_EXPORT(1, VX_ERROR_INVALID_PARAMETERS); /* handle image, not APPLICATION_CREATE */
    uses[0] = VX_IX_USE_APPLICATION_CREATE;
    blob = NULL;
    CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, 1, r, uses, &blob, &len), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseExportedMemory(c, &blob), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseExportedMemory(c, &blob), VX_ERROR_INVALID_PARAMETERS);
    blob = mem;
    CTS_EXPECT_STATUS(vxReleaseExportedMemory(c, &blob), VX_ERROR_INVALID_PARAMETERS);
    uses[0] = VX_IX_USE_EXPORT_VALUES;
    /* graph: its graph parameter not listed */
    {
        vx_parameter p0 = vxGetParameterByIndex(n, 0);
        vxAddParameterToGraph(g, p0);
        vxReleaseParameter(&p0);
    }
    r[0] = (vx_reference)g;
    EXPECT_EXPORT(1, VX_ERROR_INVALID_PARAMETERS);
    r[1] = (vx_reference)a;
    CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, 2, r, uses, &blob, &len), VX_SUCCESS);
    vxReleaseExportedMemory(c, &blob);
    /* the policy scalar of Add is fixed at node creation */
    {
        vx_reference pol = NULL;
        vx_parameter p2 = vxGetParameterByIndex(n, 2);
        vxQueryParameter(p2, VX_PARAMETER_REF, &pol, sizeof(pol));
        r[2] = pol;
        EXPECT_EXPORT(3, VX_ERROR_INVALID_PARAMETERS);
        vxAddParameterToGraph(g, p2);
        EXPECT_EXPORT(3, VX_ERROR_INVALID_PARAMETERS);
        vxReleaseReference(&pol);
        vxReleaseParameter(&p2);
    }
    /* NULL arguments */
    r[0] = (vx_reference)a;
    CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, 1, NULL, uses, &blob, &len), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, 1, r, NULL, &blob, &len), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, 1, r, uses, NULL, &len), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, 1, r, uses, &blob, NULL), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxExportObjectsToMemory(NULL, 1, r, uses, &blob, &len), VX_ERROR_INVALID_REFERENCE);
    /* an import object cannot be exported */
    CTS_ASSERT_STATUS(vxExportObjectsToMemory(c, 1, r, uses, &blob, &len), VX_SUCCESS);
    imp = vxImportObjectsFromMemory(c, 1, r, uses, blob, len);
    CTS_ASSERT_VALID(imp);
    {
        vx_reference r2[1] = {(vx_reference)imp};
        const vx_uint8 *b2 = NULL;
        vx_size l2 = 0;
        CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, 1, r2, uses, &b2, &l2), VX_ERROR_INVALID_PARAMETERS);
    }
    vxReleaseReference(&r[0]);
    CTS_EXPECT_STATUS(vxReleaseReference((vx_reference *)&imp), VX_SUCCESS);
    vxReleaseExportedMemory(c, &blob);
    vxReleaseParameter(&prm);
    vxReleaseKernel(&k);
    vxReleaseNode(&n);
    vxReleaseImage(&virt);
    vxReleaseGraph(&g);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseImage(&out);
    vxReleaseImage(&h);
#undef EXPECT_EXPORT
}

CTS_TEST(IX, import_refusals, "IX-2.7.5")
{
    vx_context c = cts_context();
    vx_image a = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_lut l = vxCreateLUT(c, VX_TYPE_UINT8, 256);
    vx_reference r[2] = {(vx_reference)a, (vx_reference)l}, in[2] = {0};
    vx_enum uses[2] = {VX_IX_USE_EXPORT_VALUES, VX_IX_USE_NO_EXPORT_VALUES};
    vx_enum other[2] = {VX_IX_USE_NO_EXPORT_VALUES, VX_IX_USE_NO_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    vx_import imp;
    int base;
    vxSetReferenceName(r[0], "a");
    vxSetReferenceName(r[1], "b");
    CTS_ASSERT_STATUS(vxExportObjectsToMemory(c, 2, r, uses, &blob, &len), VX_SUCCESS);
    base = cts_context_refs(c);
    CTS_EXPECT(vxImportObjectsFromMemory(NULL, 2, in, uses, blob, len) == NULL);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)vxImportObjectsFromMemory(c, 2, NULL, uses, blob, len)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)vxImportObjectsFromMemory(c, 2, in, NULL, blob, len)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)vxImportObjectsFromMemory(c, 2, in, uses, NULL, len)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)vxImportObjectsFromMemory(c, 1, in, uses, blob, len)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)vxImportObjectsFromMemory(c, 2, in, other, blob, len)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)vxImportObjectsFromMemory(c, 2, in, uses, blob, len - 1)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT(in[0] == NULL && in[1] == NULL);
    {
        /* another format version */
        vx_uint8 *copy = malloc(len);
        memcpy(copy, blob, len);
        copy[4] = 2;
        CTS_EXPECT_STATUS(vxGetStatus((vx_reference)vxImportObjectsFromMemory(c, 2, in, uses, copy, len)),
                          VX_ERROR_NOT_COMPATIBLE);
        free(copy);
    }
    CTS_EXPECT_EQ_INT(cts_context_refs(c), base);
    /* renamed after import: the duplicate is found by name lookup */
    imp = vxImportObjectsFromMemory(c, 2, in, uses, blob, len);
    CTS_ASSERT_VALID(imp);
    vxSetReferenceName(in[1], "a");
    {
        vx_reference x = vxGetImportReferenceByName(imp, "a");
        CTS_EXPECT(vxGetStatus(x) != VX_SUCCESS);
    }
    CTS_EXPECT(vxGetImportReferenceByName(NULL, "a") == NULL);
    CTS_EXPECT_STATUS(vxReleaseImport(NULL), VX_ERROR_INVALID_REFERENCE);
    vxReleaseImport(&imp);
    CTS_EXPECT_STATUS(vxReleaseImport(&imp), VX_ERROR_INVALID_REFERENCE);
    vxReleaseReference(&in[0]);
    vxReleaseReference(&in[1]);
    vxReleaseExportedMemory(c, &blob);
    vxReleaseImage(&a);
    vxReleaseLUT(&l);
}

/* Every truncation and every single-byte change of a small blob with a graph:
 * refused (or, with a fixed checksum, imported or refused), never a crash or
 * a leak. */
CTS_TEST(IX, corrupt_blobs, "IX-2.7.1")
{
    vx_context c = cts_context();
    vx_context c2 = vxCreateContext();
    vx_image src = vxCreateImage(c, 4, 4, VX_DF_IMAGE_U8);
    vx_image dst = vxCreateImage(c, 4, 4, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_pyramid pyr = vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 4, 4, VX_DF_IMAGE_U8);
    vx_node n0 = vxNotNode(g, src, v);
    vx_node n1 = vxBox3x3Node(g, v, dst);
    vx_reference r[3] = {(vx_reference)g, (vx_reference)dst, (vx_reference)pyr};
    vx_enum uses[3] = {VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0, i;
    vx_uint8 *m;
    int base = cts_context_refs(c2), accepted = 0;
    vxSetReferenceName((vx_reference)dst, "dst");
    CTS_ASSERT_STATUS(vxExportObjectsToMemory(c, 3, r, uses, &blob, &len), VX_SUCCESS);
    m = malloc(len);
    for (i = 0; i < len; i++) {
        vx_reference in[3] = {0};
        vx_import imp = vxImportObjectsFromMemory(c2, 3, in, uses, blob, i);
        CTS_EXPECT(vxGetStatus((vx_reference)imp) != VX_SUCCESS);
    }
    for (i = 0; i < len; i++) {
        int pass;
        for (pass = 0; pass < 2; pass++) {
            vx_reference in[3] = {0};
            vx_import imp;
            memcpy(m, blob, len);
            m[i] ^= (vx_uint8)(pass ? 0x01 : 0xA5);
            if (pass) fix_checksum(m, len);
            imp = vxImportObjectsFromMemory(c2, 3, in, uses, m, len);
            if (vxGetStatus((vx_reference)imp) == VX_SUCCESS) {
                int k;
                accepted++;
                (void)vxProcessGraph((vx_graph)in[0]);
                vxReleaseImport(&imp);
                for (k = 0; k < 3; k++) vxReleaseReference(&in[k]);
            } else {
                CTS_EXPECT(in[0] == NULL && in[1] == NULL && in[2] == NULL);
            }
        }
    }
    CTS_EXPECT(accepted > 0); /* pixel values and names may change harmlessly */
    CTS_EXPECT_EQ_INT(cts_context_refs(c2), base);
    free(m);
    vxReleaseExportedMemory(c, &blob);
    vxReleaseNode(&n0);
    vxReleaseNode(&n1);
    vxReleaseImage(&v);
    vxReleaseGraph(&g);
    vxReleaseImage(&src);
    vxReleaseImage(&dst);
    vxReleasePyramid(&pyr);
    vxReleaseContext(&c2);
}

CTS_TEST(IX, user_kernel_nodes, "IX-2.1.2")
{
    vx_context c = cts_context();
    vx_context c2 = vxCreateContext();
    vx_kernel k = cts_user_kernel(c, "ix_user", 1, 1);
    vx_image im = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vx_node n = vxCreateGenericNode(g, k);
    vx_reference r[2] = {(vx_reference)g, (vx_reference)im}, in[2] = {0};
    vx_enum uses[2] = {VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    vx_import imp;
    vx_kernel k2;
    vxSetParameterByIndex(n, 0, (vx_reference)im);
    CTS_ASSERT_STATUS(vxExportObjectsToMemory(c, 2, r, uses, &blob, &len), VX_SUCCESS);
    /* the kernel is not in the importing context */
    imp = vxImportObjectsFromMemory(c2, 2, in, uses, blob, len);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)imp), VX_ERROR_NOT_SUPPORTED);
    /* the same kernel there: it imports */
    imp = vxImportObjectsFromMemory(c, 2, in, uses, blob, len);
    CTS_ASSERT_VALID(imp);
    CTS_EXPECT_STATUS(vxProcessGraph((vx_graph)in[0]), VX_SUCCESS);
    vxReleaseImport(&imp);
    vxReleaseReference(&in[0]);
    vxReleaseReference(&in[1]);
    (void)k2;
    vxReleaseExportedMemory(c, &blob);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseImage(&im);
    vxReleaseKernel(&k);
    vxReleaseContext(&c2);
}

CTS_TABLE(ix) = {
    CTS_ENTRY(IX, roundtrip_export_values),
    CTS_ENTRY(IX, roundtrip_no_export_values),
    CTS_ENTRY(IX, roundtrip_application_create),
    CTS_ENTRY(IX, application_create_mismatch),
    CTS_ENTRY(IX, sub_objects),
    CTS_ENTRY(IX, graph_roundtrip_runs),
    CTS_ENTRY(IX, graph_delay_auto_aging),
    CTS_ENTRY(IX, graph_containers),
    CTS_ENTRY(IX, export_refusals),
    CTS_ENTRY(IX, import_refusals),
    CTS_ENTRY(IX, corrupt_blobs),
    CTS_ENTRY(IX, user_kernel_nodes),
    CTS_TABLE_END,
};
