/*
 * Virtual objects are deduced again at every verification (spec "Virtual
 * Data Objects": unspecified attributes are "automatically adjusted at each
 * graph verification, deduced from the node that outputs the virtual
 * object"): one graph re-verified with inputs of other sizes and formats
 * gives what the same functions give in immediate mode, for virtual images,
 * pyramids and tensors.
 */
#include "../runner/cts.h"

#include <VX/vxu.h>

#include <stdlib.h>
#include <string.h>

static vx_image image_random(vx_context c, vx_uint32 w, vx_uint32 h, vx_df_image f, unsigned seed)
{
    vx_image img = vxCreateImage(c, w, h, f);
    vx_rectangle_t r = {0, 0, w, h};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    void *base = NULL;
    vx_map_id id;
    vx_uint32 x, y;
    if (vxMapImagePatch(img, &r, 0, &id, &a, &base, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS) return img;
    for (y = 0; y < h; y++) {
        vx_uint8 *row = (vx_uint8 *)base + (size_t)y * (size_t)a.stride_y;
        size_t bytes = f == VX_DF_IMAGE_U1 ? (w + 7) / 8 : (size_t)w * (size_t)a.stride_x;
        for (x = 0; x < bytes; x++) {
            seed = seed * 1103515245u + 12345u;
            row[x] = (vx_uint8)(seed >> 16);
        }
    }
    vxUnmapImagePatch(img, id);
    return img;
}

/* Do two images hold the same pixels (their valid width and height)? */
static int images_equal(vx_image a, vx_image b, vx_uint32 w, vx_uint32 h, vx_df_image f)
{
    vx_rectangle_t r = {0, 0, w, h};
    vx_imagepatch_addressing_t aa = VX_IMAGEPATCH_ADDR_INIT, ab = VX_IMAGEPATCH_ADDR_INIT;
    void *pa = NULL, *pb = NULL;
    vx_map_id ia, ib;
    vx_uint32 y;
    int same = 1;
    if (vxMapImagePatch(a, &r, 0, &ia, &aa, &pa, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS) return 0;
    if (vxMapImagePatch(b, &r, 0, &ib, &ab, &pb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS) {
        vxUnmapImagePatch(a, ia);
        return 0;
    }
    for (y = 0; y < h && same; y++) {
        const vx_uint8 *ra = (const vx_uint8 *)pa + (size_t)y * (size_t)aa.stride_y;
        const vx_uint8 *rb = (const vx_uint8 *)pb + (size_t)y * (size_t)ab.stride_y;
        if (f == VX_DF_IMAGE_U1) {
            vx_uint32 x;
            for (x = 0; x < w; x++)
                if (((ra[x / 8] >> (x % 8)) & 1) != ((rb[x / 8] >> (x % 8)) & 1)) same = 0;
        } else if (memcmp(ra, rb, (size_t)w * (size_t)aa.stride_x) != 0) {
            same = 0;
        }
    }
    vxUnmapImagePatch(a, ia);
    vxUnmapImagePatch(b, ib);
    return same;
}

static vx_uint32 width_of(vx_image img)
{
    vx_uint32 w = 0;
    vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w));
    return w;
}

static void add_param(vx_graph g, vx_node n, vx_uint32 index)
{
    vx_parameter p = vxGetParameterByIndex(n, index);
    CTS_EXPECT_STATUS(vxAddParameterToGraph(g, p), VX_SUCCESS);
    vxReleaseParameter(&p);
}

/* in -> Gaussian3x3 -> v0 (0 x 0, VIRT) -> Not -> v1 (0 x 0, VIRT) -> Box3x3 -> out, run at three sizes */
CTS_TEST(Reverify, virtual_images_follow_new_sizes, "spec: Virtual Data Objects")
{
    static const vx_uint32 sizes[][2] = {{64, 48}, {320, 256}, {33, 17}, {64, 48}};
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_image in = image_random(c, 64, 48, VX_DF_IMAGE_U8, 1), out = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8);
    vx_image v0 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT), v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n0 = vxGaussian3x3Node(g, in, v0), n1 = vxNotNode(g, v0, v1), n2 = vxBox3x3Node(g, v1, out);
    vx_size i;
    CTS_ASSERT_VALID(n2);
    add_param(g, n0, 0);
    add_param(g, n2, 1);
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        vx_uint32 w = sizes[i][0], h = sizes[i][1];
        vx_image a = image_random(c, w, h, VX_DF_IMAGE_U8, 7 + (unsigned)i), o = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
        vx_image t0 = vxCreateImage(c, w, h, VX_DF_IMAGE_U8), t1 = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
        vx_image want = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
        CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 0, (vx_reference)a), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 1, (vx_reference)o), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(width_of(v0), w);
        CTS_EXPECT_EQ_INT(width_of(v1), w);
        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxuGaussian3x3(c, a, t0), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxuNot(c, t0, t1), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxuBox3x3(c, t1, want), VX_SUCCESS);
        CTS_EXPECT_MSG(images_equal(o, want, w, h, VX_DF_IMAGE_U8), "%ux%u: the graph differs from immediate mode", w,
                       h);
        vxReleaseImage(&a);
        vxReleaseImage(&o);
        vxReleaseImage(&t0);
        vxReleaseImage(&t1);
        vxReleaseImage(&want);
    }
    /* a virtual image whose size the application gave keeps it: a new size is refused */
    {
        vx_graph g2 = vxCreateGraph(c);
        vx_image fixed = vxCreateVirtualImage(g2, 64, 48, VX_DF_IMAGE_VIRT);
        vx_image a = image_random(c, 32, 24, VX_DF_IMAGE_U8, 3), o = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
        vxNotNode(g2, a, fixed);
        vxNotNode(g2, fixed, o);
        CTS_EXPECT(vxVerifyGraph(g2) != VX_SUCCESS);
        vxReleaseImage(&a);
        vxReleaseImage(&o);
        vxReleaseImage(&fixed);
        vxReleaseGraph(&g2);
    }
    vxReleaseNode(&n0);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&v0);
    vxReleaseImage(&v1);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseGraph(&g);
}

/* in -> Not -> v (VIRT) -> Not -> out: U8, then U1, then U8 again */
CTS_TEST(Reverify, virtual_image_follows_new_format, "spec: Virtual Data Objects")
{
    static const vx_df_image formats[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U1, VX_DF_IMAGE_U8};
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_image in = image_random(c, 40, 30, VX_DF_IMAGE_U8, 1), out = vxCreateImage(c, 40, 30, VX_DF_IMAGE_U8);
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n0 = vxNotNode(g, in, v), n1 = vxNotNode(g, v, out);
    vx_size i;
    add_param(g, n0, 0);
    add_param(g, n1, 1);
    for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        vx_df_image f = formats[i], got = 0;
        vx_image a = image_random(c, 40, 30, f, 11 + (unsigned)i), o = vxCreateImage(c, 40, 30, f);
        CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 0, (vx_reference)a), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 1, (vx_reference)o), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxQueryImage(v, VX_IMAGE_FORMAT, &got, sizeof(got));
        CTS_EXPECT_EQ_INT(got, f);
        CTS_EXPECT_MSG(images_equal(o, a, 40, 30, f), "format %.4s: NOT(NOT(x)) is not x", (const char *)&f);
        vxReleaseImage(&a);
        vxReleaseImage(&o);
    }
    vxReleaseNode(&n0);
    vxReleaseNode(&n1);
    vxReleaseImage(&v);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseGraph(&g);
}

/* in -> GaussianPyramid -> virtual pyramid (0 x 0, VIRT) -> level 1 -> Not -> out */
CTS_TEST(Reverify, virtual_pyramid_follows_new_sizes, "spec: Virtual Data Objects")
{
    static const vx_uint32 sizes[][2] = {{64, 48}, {160, 120}, {31, 23}};
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_image in = image_random(c, 64, 48, VX_DF_IMAGE_U8, 1), out = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
    vx_pyramid vp = vxCreateVirtualPyramid(g, 3, VX_SCALE_PYRAMID_HALF, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image l1 = vxGetPyramidLevel(vp, 1);
    vx_node n0 = vxGaussianPyramidNode(g, in, vp), n1 = vxNotNode(g, l1, out);
    vx_size i;
    CTS_ASSERT_VALID(n1);
    add_param(g, n0, 0);
    add_param(g, n1, 1);
    for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        vx_uint32 w = sizes[i][0], h = sizes[i][1], w1 = (w + 1) / 2, h1 = (h + 1) / 2, pw = 0;
        vx_image a = image_random(c, w, h, VX_DF_IMAGE_U8, 5 + (unsigned)i), o = vxCreateImage(c, w1, h1, VX_DF_IMAGE_U8);
        vx_pyramid ref = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, w, h, VX_DF_IMAGE_U8);
        vx_image rl1 = vxGetPyramidLevel(ref, 1), want = vxCreateImage(c, w1, h1, VX_DF_IMAGE_U8);
        CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 0, (vx_reference)a), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 1, (vx_reference)o), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxQueryPyramid(vp, VX_PYRAMID_WIDTH, &pw, sizeof(pw));
        CTS_EXPECT_EQ_INT(pw, w);
        CTS_EXPECT_EQ_INT(width_of(l1), w1);
        CTS_EXPECT_STATUS(vxuGaussianPyramid(c, a, ref), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxuNot(c, rl1, want), VX_SUCCESS);
        CTS_EXPECT_MSG(images_equal(o, want, w1, h1, VX_DF_IMAGE_U8), "%ux%u: level 1 differs from immediate mode", w,
                       h);
        vxReleaseImage(&rl1);
        vxReleaseImage(&want);
        vxReleasePyramid(&ref);
        vxReleaseImage(&a);
        vxReleaseImage(&o);
    }
    vxReleaseNode(&n0);
    vxReleaseNode(&n1);
    vxReleaseImage(&l1);
    vxReleasePyramid(&vp);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseGraph(&g);
}

static vx_tensor tensor_random(vx_context c, vx_size d0, vx_size d1, unsigned seed)
{
    vx_size dims[2] = {d0, d1}, start[2] = {0, 0}, stride[2] = {2, 2 * d0}, i;
    vx_tensor t = vxCreateTensor(c, 2, dims, VX_TYPE_INT16, 8);
    vx_int16 *buf = malloc(d0 * d1 * sizeof(vx_int16));
    if (!buf) return t;
    for (i = 0; i < d0 * d1; i++) {
        seed = seed * 1103515245u + 12345u;
        buf[i] = (vx_int16)((seed >> 16) % 2001) - 1000;
    }
    vxCopyTensorPatch(t, 2, start, dims, stride, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    free(buf);
    return t;
}

static int tensor_is_sum3(vx_tensor out, vx_tensor a, vx_tensor b, vx_size d0, vx_size d1)
{
    vx_size dims[2] = {d0, d1}, start[2] = {0, 0}, stride[2] = {2, 2 * d0}, i, n = d0 * d1;
    vx_int16 *o = malloc(n * 2), *x = malloc(n * 2), *y = malloc(n * 2);
    int ok = o && x && y;
    if (ok) {
        vxCopyTensorPatch(out, 2, start, dims, stride, o, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyTensorPatch(a, 2, start, dims, stride, x, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyTensorPatch(b, 2, start, dims, stride, y, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        for (i = 0; i < n; i++) { /* (a + b) + b, saturating, values far from the limits */
            long want = (long)x[i] + 2L * y[i];
            if (o[i] != want) ok = 0;
        }
    }
    free(o);
    free(x);
    free(y);
    return ok;
}

/* a, b -> TensorAdd -> vt (no dims, no type) -> TensorAdd(vt, b) -> out, at two shapes */
CTS_TEST(Reverify, virtual_tensor_follows_new_shape, "spec: Virtual Data Objects")
{
    static const vx_size shapes[][2] = {{4, 5}, {9, 7}, {4, 5}};
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_tensor a = tensor_random(c, 4, 5, 1), b = tensor_random(c, 4, 5, 2), out = tensor_random(c, 4, 5, 3);
    vx_tensor vt = vxCreateVirtualTensor(g, 0, NULL, 0, 0);
    vx_node n0 = vxTensorAddNode(g, a, b, VX_CONVERT_POLICY_SATURATE, vt);
    vx_node n1 = vxTensorAddNode(g, vt, b, VX_CONVERT_POLICY_SATURATE, out);
    vx_size i;
    CTS_ASSERT_VALID(n1);
    add_param(g, n0, 0);
    add_param(g, n0, 1);
    add_param(g, n1, 3);
    for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        vx_size d0 = shapes[i][0], d1 = shapes[i][1], got[2] = {0, 0};
        vx_tensor x = tensor_random(c, d0, d1, 21 + (unsigned)i), y = tensor_random(c, d0, d1, 31 + (unsigned)i);
        vx_tensor o = tensor_random(c, d0, d1, 41);
        CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 0, (vx_reference)x), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 1, (vx_reference)y), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetParameterByIndex(n1, 1, (vx_reference)y), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 2, (vx_reference)o), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxQueryTensor(vt, VX_TENSOR_DIMS, got, sizeof(got));
        CTS_EXPECT_EQ_INT(got[0], d0);
        CTS_EXPECT_EQ_INT(got[1], d1);
        CTS_EXPECT_MSG(tensor_is_sum3(o, x, y, d0, d1), "%zux%zu: the graph's sums are wrong", (size_t)d0,
                       (size_t)d1);
        vxReleaseTensor(&x);
        vxReleaseTensor(&y);
        vxReleaseTensor(&o);
    }
    vxReleaseNode(&n0);
    vxReleaseNode(&n1);
    vxReleaseTensor(&vt);
    vxReleaseTensor(&a);
    vxReleaseTensor(&b);
    vxReleaseTensor(&out);
    vxReleaseGraph(&g);
}

CTS_TABLE(reverify) = {
    CTS_ENTRY(Reverify, virtual_images_follow_new_sizes),
    CTS_ENTRY(Reverify, virtual_image_follows_new_format),
    CTS_ENTRY(Reverify, virtual_pyramid_follows_new_sizes),
    CTS_ENTRY(Reverify, virtual_tensor_follows_new_shape),
    CTS_TABLE_END,
};
