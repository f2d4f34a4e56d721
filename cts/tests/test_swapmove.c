/*
 * vx_khr_swap_move (Swap and Move of any data object) and the attribute values
 * of the official Khronos 1.3.1 headers (VX_NODE_STATE, the pipe-up depths),
 * checked against contents written and read back through the public API.
 */
#include "../runner/cts.h"

#include <VX/vx_khr_pipelining.h>
#include <VX/vx_khr_swap_move.h>
#include <VX/vx_khr_user_data_object.h>

#include <string.h>

#define CTS_EXPECT_VALID(ref) CTS_EXPECT_STATUS(vxGetStatus((vx_reference)(ref)), VX_SUCCESS)

/* The official headers' values (vx_khr_pipelining.h, vx_kernels.h), spelled
 * out so that a header regression cannot hide here. */
#define OFFICIAL_VX_NODE_STATE 0x80309
#define OFFICIAL_PIPEUP_OUTPUT_DEPTH 0x80404
#define OFFICIAL_PIPEUP_INPUT_DEPTH 0x80405

static vx_image image_filled(vx_context c, vx_uint32 w, vx_uint32 h, vx_uint8 seed)
{
    vx_image img = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {0, 0, w, h};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    vx_uint8 buf[64 * 48];
    vx_uint32 i;
    for (i = 0; i < w * h; i++) buf[i] = (vx_uint8)(seed + i * 7u + (i >> 3));
    a.dim_x = w;
    a.dim_y = h;
    a.stride_x = 1;
    a.stride_y = (vx_int32)w;
    vxCopyImagePatch(img, &r, 0, &a, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    return img;
}

/* Is every pixel of img what image_filled(seed) wrote (or its NOT when invert)? */
static int image_is(vx_image img, vx_uint32 w, vx_uint32 h, vx_uint8 seed, int invert)
{
    vx_rectangle_t r = {0, 0, w, h};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    vx_uint8 buf[64 * 48];
    vx_uint32 i;
    a.dim_x = w;
    a.dim_y = h;
    a.stride_x = 1;
    a.stride_y = (vx_int32)w;
    if (vxCopyImagePatch(img, &r, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS) return 0;
    for (i = 0; i < w * h; i++) {
        vx_uint8 want = (vx_uint8)(seed + i * 7u + (i >> 3));
        if (invert) want = (vx_uint8)~want;
        if (buf[i] != want) return 0;
    }
    return 1;
}

CTS_TEST(SwapMove, swap_images_graph_and_immediate, "REQ-SWP02 REQ-SWP05 REQ-SWP11 REQ-SWP13")
{
    vx_context c = cts_context();
    vx_image a = image_filled(c, 33, 17, 1), b = image_filled(c, 33, 17, 90);
    vx_graph g = vxCreateGraph(c);
    vx_node n = vxSwapNode(g, (vx_reference)a, (vx_reference)b);
    CTS_ASSERT_VALID(n);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT(image_is(a, 33, 17, 90, 0));
    CTS_EXPECT(image_is(b, 33, 17, 1, 0));
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS); /* and back */
    CTS_EXPECT(image_is(a, 33, 17, 1, 0));
    CTS_EXPECT(image_is(b, 33, 17, 90, 0));
    CTS_ASSERT_STATUS(vxuSwap(c, (vx_reference)a, (vx_reference)b), VX_SUCCESS);
    CTS_EXPECT(image_is(a, 33, 17, 90, 0));
    CTS_EXPECT(image_is(b, 33, 17, 1, 0));
    CTS_ASSERT_STATUS(vxuMove(c, (vx_reference)b, (vx_reference)a), VX_SUCCESS);
    CTS_EXPECT(image_is(a, 33, 17, 1, 0));
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
}

CTS_TEST(SwapMove, swap_objects, "REQ-SWP05 REQ-SWP17")
{
    vx_context c = cts_context();
    /* arrays of different lengths: items and counts are exchanged */
    vx_array x = vxCreateArray(c, VX_TYPE_UINT32, 8), y = vxCreateArray(c, VX_TYPE_UINT32, 8);
    vx_uint32 xv[3] = {1, 2, 3}, yv[5] = {10, 20, 30, 40, 50}, got[8];
    vx_size nx = 0, ny = 0;
    vx_scalar s1, s2;
    vx_int32 i1 = -5, i2 = 77;
    vx_lut l1 = vxCreateLUT(c, VX_TYPE_UINT8, 256), l2 = vxCreateLUT(c, VX_TYPE_UINT8, 256);
    vx_uint8 lut1[256], lut2[256];
    vx_tensor t1, t2;
    vx_size dims[3] = {5, 3, 2}, start[3] = {0, 0, 0}, strides[3] = {2, 10, 30};
    vx_int16 tv1[30], tv2[30], tg[30];
    vx_pyramid p1 = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 32, 16, VX_DF_IMAGE_U8);
    vx_pyramid p2 = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 32, 16, VX_DF_IMAGE_U8);
    vx_image lvl1, lvl2;
    vx_uint32 k;
    CTS_ASSERT_STATUS(vxAddArrayItems(x, 3, xv, sizeof(vx_uint32)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAddArrayItems(y, 5, yv, sizeof(vx_uint32)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxuSwap(c, (vx_reference)x, (vx_reference)y), VX_SUCCESS);
    vxQueryArray(x, VX_ARRAY_NUMITEMS, &nx, sizeof(nx));
    vxQueryArray(y, VX_ARRAY_NUMITEMS, &ny, sizeof(ny));
    CTS_EXPECT_EQ_INT(nx, 5);
    CTS_EXPECT_EQ_INT(ny, 3);
    CTS_ASSERT_STATUS(vxCopyArrayRange(x, 0, 5, sizeof(vx_uint32), got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(memcmp(got, yv, sizeof(yv)) == 0);
    CTS_ASSERT_STATUS(vxCopyArrayRange(y, 0, 3, sizeof(vx_uint32), got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(memcmp(got, xv, sizeof(xv)) == 0);

    s1 = vxCreateScalar(c, VX_TYPE_INT32, &i1);
    s2 = vxCreateScalar(c, VX_TYPE_INT32, &i2);
    CTS_ASSERT_STATUS(vxuSwap(c, (vx_reference)s1, (vx_reference)s2), VX_SUCCESS);
    vxCopyScalar(s1, &i1, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    vxCopyScalar(s2, &i2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    CTS_EXPECT_EQ_INT(i1, 77);
    CTS_EXPECT_EQ_INT(i2, -5);

    for (k = 0; k < 256; k++) {
        lut1[k] = (vx_uint8)k;
        lut2[k] = (vx_uint8)(255 - k);
    }
    vxCopyLUT(l1, lut1, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    vxCopyLUT(l2, lut2, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    CTS_ASSERT_STATUS(vxuMove(c, (vx_reference)l1, (vx_reference)l2), VX_SUCCESS);
    vxCopyLUT(l2, lut2, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    for (k = 0; k < 256; k++) CTS_EXPECT_EQ_INT(lut2[k], k);

    t1 = vxCreateTensor(c, 3, dims, VX_TYPE_INT16, 0);
    t2 = vxCreateTensor(c, 3, dims, VX_TYPE_INT16, 0);
    for (k = 0; k < 30; k++) {
        tv1[k] = (vx_int16)(k * 3 - 40);
        tv2[k] = (vx_int16)(1000 - k);
    }
    vxCopyTensorPatch(t1, 3, start, dims, strides, tv1, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    vxCopyTensorPatch(t2, 3, start, dims, strides, tv2, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    CTS_ASSERT_STATUS(vxuSwap(c, (vx_reference)t1, (vx_reference)t2), VX_SUCCESS);
    vxCopyTensorPatch(t1, 3, start, dims, strides, tg, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    CTS_EXPECT(memcmp(tg, tv2, sizeof(tg)) == 0);
    vxCopyTensorPatch(t2, 3, start, dims, strides, tg, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    CTS_EXPECT(memcmp(tg, tv1, sizeof(tg)) == 0);

    /* a level taken before the swap shows the other pyramid's data after it */
    lvl1 = vxGetPyramidLevel(p1, 0);
    lvl2 = vxGetPyramidLevel(p2, 0);
    {
        vx_image src1 = image_filled(c, 32, 16, 3), src2 = image_filled(c, 32, 16, 200);
        CTS_ASSERT_STATUS(vxuCopy(c, (vx_reference)src1, (vx_reference)lvl1), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxuCopy(c, (vx_reference)src2, (vx_reference)lvl2), VX_SUCCESS);
        vxReleaseImage(&src1);
        vxReleaseImage(&src2);
    }
    CTS_ASSERT_STATUS(vxuSwap(c, (vx_reference)p1, (vx_reference)p2), VX_SUCCESS);
    CTS_EXPECT(image_is(lvl1, 32, 16, 200, 0));
    CTS_EXPECT(image_is(lvl2, 32, 16, 3, 0));

    vxReleaseImage(&lvl1);
    vxReleaseImage(&lvl2);
    vxReleasePyramid(&p1);
    vxReleasePyramid(&p2);
    vxReleaseTensor(&t1);
    vxReleaseTensor(&t2);
    vxReleaseLUT(&l1);
    vxReleaseLUT(&l2);
    vxReleaseScalar(&s1);
    vxReleaseScalar(&s2);
    vxReleaseArray(&x);
    vxReleaseArray(&y);
}

/* N1 writes A (output), Swap modifies A and B (bidirectional), N3 reads B:
 * REQ-BP03 allows the output and the bidirectional parameter on A, and
 * REQ-BP07/BP08 order N1, Swap, N3 whatever the order of creation. */
CTS_TEST(SwapMove, bidirectional_order, "REQ-SWP03 REQ-BP03 REQ-BP07 REQ-BP08")
{
    vx_context c = cts_context();
    vx_image src = image_filled(c, 20, 10, 9), a = vxCreateImage(c, 20, 10, VX_DF_IMAGE_U8);
    vx_image b = image_filled(c, 20, 10, 50), out = vxCreateImage(c, 20, 10, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    /* created in reverse order on purpose */
    vx_node n3 = vxNotNode(g, b, out);
    vx_node sw = vxSwapNode(g, (vx_reference)a, (vx_reference)b);
    vx_node n1 = vxNotNode(g, src, a);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT(image_is(out, 20, 10, 9, 0));   /* not(not(src)) */
    CTS_EXPECT(image_is(a, 20, 10, 50, 0));    /* B's old data */
    vxReleaseNode(&n1);
    vxReleaseNode(&sw);
    vxReleaseNode(&n3);
    vxReleaseGraph(&g);
    vxReleaseImage(&src);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseImage(&out);
}

/* MOVE into a virtual image: its meta data come from `first`. */
CTS_TEST(SwapMove, move_to_virtual, "REQ-SWP06 REQ-SWP07 REQ-SWP09")
{
    vx_context c = cts_context();
    vx_image a = image_filled(c, 21, 13, 4), out = vxCreateImage(c, 21, 13, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node mv = vxMoveNode(g, (vx_reference)a, (vx_reference)v);
    vx_node nt = vxNotNode(g, v, out);
    vx_uint32 w = 0;
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    vxQueryImage(v, VX_IMAGE_WIDTH, &w, sizeof(w));
    CTS_EXPECT_EQ_INT(w, 21);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT(image_is(out, 21, 13, 4, 1));
    vxReleaseNode(&mv);
    vxReleaseNode(&nt);
    vxReleaseImage(&v);
    vxReleaseGraph(&g);
    vxReleaseImage(&a);
    vxReleaseImage(&out);
}

static vx_status verify_one(vx_context c, int kind, vx_reference x, vx_reference y)
{
    vx_graph g = vxCreateGraph(c);
    vx_node n = kind ? vxMoveNode(g, x, y) : vxSwapNode(g, x, y);
    vx_status s = vxVerifyGraph(g);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(SwapMove, refusals, "REQ-SWP04 REQ-SWP08 REQ-SWP10 REQ-SWP12 REQ-SWP15 REQ-BP05 REQ-BP06")
{
    vx_context c = cts_context();
    vx_image u8 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8), u8b = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_image s16 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_S16), big = vxCreateImage(c, 17, 8, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {0, 0, 8, 8};
    vx_image roi = vxCreateImageFromROI(u8b, &r);
    vx_pixel_value_t pv;
    vx_image uni;
    vx_array arr = vxCreateArray(c, VX_TYPE_UINT8, 4);
    int kind;
    memset(&pv, 0, sizeof(pv));
    uni = vxCreateUniformImage(c, 16, 8, VX_DF_IMAGE_U8, &pv);
    for (kind = 0; kind < 2; kind++) {
        CTS_EXPECT_STATUS(verify_one(c, kind, (vx_reference)u8, (vx_reference)s16), VX_ERROR_INVALID_FORMAT);
        CTS_EXPECT_STATUS(verify_one(c, kind, (vx_reference)u8, (vx_reference)big), VX_ERROR_INVALID_DIMENSION);
        CTS_EXPECT_STATUS(verify_one(c, kind, (vx_reference)u8, (vx_reference)arr), VX_ERROR_INVALID_TYPE);
        CTS_EXPECT_STATUS(verify_one(c, kind, (vx_reference)u8, (vx_reference)u8), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(verify_one(c, kind, (vx_reference)uni, (vx_reference)u8), VX_ERROR_INVALID_PARAMETERS);
    }
    {
        vx_image small = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
        CTS_EXPECT_STATUS(verify_one(c, 0, (vx_reference)roi, (vx_reference)small), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxuSwap(c, (vx_reference)small, (vx_reference)roi), VX_ERROR_INVALID_PARAMETERS);
        vxReleaseImage(&small);
    }
    CTS_EXPECT(vxuSwap(c, (vx_reference)u8, (vx_reference)s16) != VX_SUCCESS);
    CTS_EXPECT(vxuMove(c, (vx_reference)u8, NULL) != VX_SUCCESS);
    /* REQ-SWP10: a MOVE's first parameter read by another node */
    {
        vx_graph g = vxCreateGraph(c);
        vx_image out = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
        vx_node mv = vxMoveNode(g, (vx_reference)u8, (vx_reference)u8b);
        vx_node nt = vxNotNode(g, u8, out);
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_GRAPH);
        vxReleaseNode(&mv);
        vxReleaseNode(&nt);
        vxReleaseGraph(&g);
        vxReleaseImage(&out);
    }
    vxReleaseImage(&uni);
    vxReleaseArray(&arr);
    vxReleaseImage(&roi);
    vxReleaseImage(&u8);
    vxReleaseImage(&u8b);
    vxReleaseImage(&s16);
    vxReleaseImage(&big);
}

CTS_TEST(SwapMove, kernels_and_extension, "REQ-SWP01")
{
    vx_context c = cts_context();
    const char *names[2] = {VX_KERNEL_SWAP_NAME, VX_KERNEL_MOVE_NAME};
    vx_enum enums[2] = {VX_KERNEL_SWAP, VX_KERNEL_MOVE};
    vx_enum dir1[2] = {VX_BIDIRECTIONAL, VX_OUTPUT};
    char ext[1024] = {0};
    vx_size ext_size = 0;
    int i;
    CTS_EXPECT_EQ_INT(VX_KERNEL_SWAP, 0x41);
    CTS_EXPECT_EQ_INT(VX_KERNEL_MOVE, 0x42);
    for (i = 0; i < 2; i++) {
        vx_kernel k = vxGetKernelByName(c, names[i]), k2 = vxGetKernelByEnum(c, enums[i]);
        vx_enum e = 0, d0 = 0, d1 = 0;
        vx_uint32 n = 0;
        vx_parameter p0, p1;
        CTS_ASSERT_VALID(k);
        CTS_ASSERT_VALID(k2);
        vxQueryKernel(k, VX_KERNEL_ENUM, &e, sizeof(e));
        vxQueryKernel(k, VX_KERNEL_PARAMETERS, &n, sizeof(n));
        CTS_EXPECT_EQ_INT(e, enums[i]);
        CTS_EXPECT_EQ_INT(n, 2);
        p0 = vxGetKernelParameterByIndex(k, 0);
        p1 = vxGetKernelParameterByIndex(k, 1);
        vxQueryParameter(p0, VX_PARAMETER_DIRECTION, &d0, sizeof(d0));
        vxQueryParameter(p1, VX_PARAMETER_DIRECTION, &d1, sizeof(d1));
        CTS_EXPECT_EQ_INT(d0, VX_BIDIRECTIONAL);
        CTS_EXPECT_EQ_INT(d1, dir1[i]);
        vxReleaseParameter(&p0);
        vxReleaseParameter(&p1);
        vxReleaseKernel(&k);
        vxReleaseKernel(&k2);
    }
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_EXTENSIONS_SIZE, &ext_size, sizeof(ext_size)), VX_SUCCESS);
    CTS_ASSERT(ext_size <= sizeof(ext));
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_EXTENSIONS, ext, ext_size), VX_SUCCESS);
    CTS_EXPECT_MSG(strstr(ext, "vx_khr_swap_move") != NULL, "swap_move not listed in \"%s\"", ext);
}

static vx_status VX_CALLBACK noop_kernel(vx_node node, const vx_reference *p, vx_uint32 num)
{
    (void)node;
    (void)p;
    (void)num;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK noop_validate(vx_node node, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    (void)node;
    (void)p;
    (void)num;
    (void)m;
    return VX_SUCCESS;
}

/* A program compiled against the official headers passes these values. */
CTS_TEST(SwapMove, official_pipelining_attribute_values, "REQ-SWP01")
{
    vx_context c = cts_context();
    vx_kernel k;
    vx_uint32 d = 3, got = 0;
    vx_graph g;
    vx_node n;
    vx_enum state = -1;
    vx_enum kid = 0;
    CTS_EXPECT_EQ_INT(VX_NODE_STATE, OFFICIAL_VX_NODE_STATE);
    CTS_EXPECT_EQ_INT(VX_KERNEL_PIPEUP_OUTPUT_DEPTH, OFFICIAL_PIPEUP_OUTPUT_DEPTH);
    CTS_EXPECT_EQ_INT(VX_KERNEL_PIPEUP_INPUT_DEPTH, OFFICIAL_PIPEUP_INPUT_DEPTH);
    CTS_EXPECT_EQ_INT(VX_LIBRARY_KHR_PIPELINING_EXTENSION, 1);
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &kid), VX_SUCCESS);
    k = vxAddUserKernel(c, "ovx.test.pipeup", kid, noop_kernel, 1, noop_validate, NULL, NULL);
    CTS_ASSERT_VALID(k);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED),
                      VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryKernel(k, OFFICIAL_PIPEUP_OUTPUT_DEPTH, &got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 1);
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, OFFICIAL_PIPEUP_OUTPUT_DEPTH, &d, sizeof(d)), VX_SUCCESS);
    d = 2;
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, OFFICIAL_PIPEUP_INPUT_DEPTH, &d, sizeof(d)), VX_SUCCESS);
    d = 0;
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, OFFICIAL_PIPEUP_INPUT_DEPTH, &d, sizeof(d)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, OFFICIAL_PIPEUP_INPUT_DEPTH, &d, 2), VX_ERROR_INVALID_PARAMETERS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryKernel(k, OFFICIAL_PIPEUP_OUTPUT_DEPTH, &got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 3);
    CTS_EXPECT_STATUS(vxQueryKernel(k, OFFICIAL_PIPEUP_INPUT_DEPTH, &got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 2);
    d = 4;
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, OFFICIAL_PIPEUP_OUTPUT_DEPTH, &d, sizeof(d)), VX_ERROR_NOT_SUPPORTED);

    g = vxCreateGraph(c);
    n = vxCreateGenericNode(g, k);
    CTS_ASSERT_VALID(n);
    CTS_EXPECT_STATUS(vxQueryNode(n, OFFICIAL_VX_NODE_STATE, &state, sizeof(state)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(state, VX_NODE_STATE_STEADY);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseKernel(&k);
}

CTS_TABLE(swapmove) = {
    CTS_ENTRY(SwapMove, swap_images_graph_and_immediate),
    CTS_ENTRY(SwapMove, swap_objects),
    CTS_ENTRY(SwapMove, bidirectional_order),
    CTS_ENTRY(SwapMove, move_to_virtual),
    CTS_ENTRY(SwapMove, refusals),
    CTS_ENTRY(SwapMove, kernels_and_extension),
    CTS_ENTRY(SwapMove, official_pipelining_attribute_values),
    CTS_TABLE_END,
};
