/* Spec chapters "User Kernels", "Framework: User Kernels" (the node side:
 * validate, initialize, deinitialize, local data, meta formats) run in graphs. */
#include "engine_util.h"

#include <string.h>

/* A kernel "copy" (image in -> image out, meta from the input by
 * vxSetMetaFormatFromReference) that records its callbacks. */
static char un_log[64];
static int un_len;
static vx_size un_kernel_lds;      /* VX_KERNEL_LOCAL_DATA_SIZE */
static vx_size un_init_set_size;   /* size the init callback sets (kernel lds == 0) */
static vx_status un_init_set_status;
static vx_status un_deinit_set_status;
static vx_size un_seen_size;
static void *un_seen_ptr;
static int un_counter_seen;
static vx_status un_validate_result;
static vx_reference un_param0;

static void note(char ch)
{
    if (un_len < (int)sizeof(un_log) - 1) un_log[un_len++] = ch;
    un_log[un_len] = 0;
}

static vx_status VX_CALLBACK un_validate(vx_node node, const vx_reference prm[], vx_uint32 num, vx_meta_format metas[])
{
    (void)node;
    note('v');
    if (num != 2) return VX_ERROR_INVALID_PARAMETERS;
    if (un_validate_result != VX_SUCCESS) return un_validate_result;
    return vxSetMetaFormatFromReference(metas[1], prm[0]);
}

static vx_status VX_CALLBACK un_init(vx_node node, const vx_reference *prm, vx_uint32 num)
{
    (void)prm;
    (void)num;
    note('i');
    if (un_kernel_lds == 0 && un_init_set_size) {
        un_init_set_status = vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &un_init_set_size, sizeof(vx_size));
    } else if (un_kernel_lds != 0) {
        vx_size sz = 8;
        un_init_set_status = vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_SIZE, &sz, sizeof(sz));
    }
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK un_deinit(vx_node node, const vx_reference *prm, vx_uint32 num)
{
    void *p = NULL;
    (void)prm;
    (void)num;
    note('d');
    if (un_kernel_lds != 0) un_deinit_set_status = vxSetNodeAttribute(node, VX_NODE_LOCAL_DATA_PTR, &p, sizeof(p));
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK un_run(vx_node node, const vx_reference *prm, vx_uint32 num)
{
    vx_status s;
    note('r');
    (void)num;
    un_param0 = prm[0];
    vxQueryNode(node, VX_NODE_LOCAL_DATA_SIZE, &un_seen_size, sizeof(un_seen_size));
    vxQueryNode(node, VX_NODE_LOCAL_DATA_PTR, &un_seen_ptr, sizeof(un_seen_ptr));
    if (un_seen_ptr && un_seen_size >= sizeof(int)) {
        int *counter = (int *)un_seen_ptr;
        un_counter_seen = ++*counter;
    }
    {
        /* copy the pixels through a host buffer */
        vx_uint32 w = 0, h = 0;
        vx_rectangle_t r;
        vx_imagepatch_addressing_t a;
        vx_uint8 buf[64 * 64];
        vxQueryImage((vx_image)prm[0], VX_IMAGE_WIDTH, &w, sizeof(w));
        vxQueryImage((vx_image)prm[0], VX_IMAGE_HEIGHT, &h, sizeof(h));
        if (w * h > sizeof(buf)) return VX_ERROR_NO_RESOURCES;
        r.start_x = 0;
        r.start_y = 0;
        r.end_x = w;
        r.end_y = h;
        memset(&a, 0, sizeof(a));
        a.dim_x = w;
        a.dim_y = h;
        a.stride_x = 1;
        a.stride_y = (vx_int32)w;
        s = vxCopyImagePatch((vx_image)prm[0], &r, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        if (s == VX_SUCCESS) s = vxCopyImagePatch((vx_image)prm[1], &r, 0, &a, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    }
    return s;
}

static vx_kernel un_kernel(vx_context c, vx_size lds)
{
    vx_enum e = 0;
    vx_kernel k;
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    k = vxAddUserKernel(c, "org.libopenvx.cts.un.copy", e, un_run, 2, un_validate, un_init, un_deinit);
    CTS_ASSERT_VALID(k);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    if (lds) CTS_ASSERT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &lds, sizeof(lds)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    un_kernel_lds = lds;
    return k;
}

static void un_reset(void)
{
    un_len = 0;
    un_log[0] = 0;
    un_init_set_size = 0;
    un_init_set_status = 12345;
    un_deinit_set_status = 12345;
    un_seen_size = 0;
    un_seen_ptr = NULL;
    un_counter_seen = 0;
    un_validate_result = VX_SUCCESS;
    un_param0 = NULL;
}

CTS_TEST(UserNode, callback_sequence, "REQ-1847 REQ-1851 REQ-1852 REQ-1853 REQ-1870 REQ-1874 REQ-1875 REQ-1876 REQ-1877 REQ-1879")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k;
    vx_image in = et_image(c, 16, 8, 4), out = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_border_t b;
    vx_node n;
    un_reset();
    k = un_kernel(c, 0);
    n = et_node(g, k, R(in), R(out), NULL);
    CTS_EXPECT_EQ_INT(un_len, 0);
    /* verification: validate then initialize */
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_EXPECT_MSG(strcmp(un_log, "vi") == 0, "log \"%s\"", un_log);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_MSG(strcmp(un_log, "virr") == 0, "log \"%s\"", un_log);
    CTS_EXPECT(un_param0 == R(in));
    CTS_EXPECT_EQ_INT(et_check(out, 4), 0);
    /* re-verification after a border change: deinit, validate, init */
    memset(&b, 0, sizeof(b));
    b.mode = VX_BORDER_REPLICATE;
    CTS_ASSERT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
    un_len = 0;
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_MSG(strcmp(un_log, "dvir") == 0, "log \"%s\"", un_log);
    /* node destruction: deinit */
    un_len = 0;
    un_log[0] = 0;
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    CTS_EXPECT_MSG(strcmp(un_log, "d") == 0, "log \"%s\"", un_log);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxRemoveKernel(k);
}

CTS_TEST(UserNode, kernel_local_data, "REQ-0664 REQ-0665 REQ-0666 REQ-0667")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k;
    vx_image in = et_image(c, 8, 8, 4), out = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_node n;
    vx_size sz = 0;
    un_reset();
    k = un_kernel(c, 32);
    n = et_node(g, k, R(in), R(out), NULL);
    /* the node's size is the kernel's from its creation on */
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_LOCAL_DATA_SIZE, &sz, sizeof(sz)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(sz, 32);
    sz = 0;
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(un_seen_size, 32);
    CTS_EXPECT(un_seen_ptr != NULL);
    CTS_EXPECT_EQ_INT(un_counter_seen, 1);
    /* the buffer persists between runs */
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(un_counter_seen, 2);
    /* the init callback may not change it when the kernel fixed it */
    CTS_EXPECT(un_init_set_status != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_LOCAL_DATA_SIZE, &sz, sizeof(sz)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(sz, 32);
    /* nor may the application outside (de)initialization */
    sz = 64;
    CTS_EXPECT(vxSetNodeAttribute(n, VX_NODE_LOCAL_DATA_SIZE, &sz, sizeof(sz)) != VX_SUCCESS);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    /* nor the deinit callback the pointer the implementation set */
    CTS_EXPECT(un_deinit_set_status != VX_SUCCESS);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxRemoveKernel(k);
}

CTS_TEST(UserNode, local_data_requested_by_init, "REQ-0664 REQ-0666")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k;
    vx_image in = et_image(c, 8, 8, 4), out = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_node n;
    vx_size sz = 0;
    void *p = &sz;
    un_reset();
    k = un_kernel(c, 0);
    n = et_node(g, k, R(in), R(out), NULL);
    /* before verification: 0 and NULL */
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_LOCAL_DATA_SIZE, &sz, sizeof(sz)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(sz, 0);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_LOCAL_DATA_PTR, &p, sizeof(p)), VX_SUCCESS);
    CTS_EXPECT(p == NULL);
    un_init_set_size = 24;
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(un_init_set_status, VX_SUCCESS);
    /* size set without a pointer: the implementation provides the buffer */
    CTS_EXPECT_EQ_INT(un_seen_size, 24);
    CTS_EXPECT(un_seen_ptr != NULL);
    CTS_EXPECT_EQ_INT(un_counter_seen, 1);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseGraph(&g);
    vxRemoveKernel(k);
}

CTS_TEST(UserNode, validator_status_is_verify_status, "REQ-1880 REQ-0650 REQ-0605")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k;
    vx_image in = et_image(c, 8, 8, 4), out = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_node n;
    un_reset();
    k = un_kernel(c, 0);
    n = et_node(g, k, R(in), R(out), NULL);
    un_validate_result = VX_ERROR_INVALID_VALUE;
    cts_log_clear();
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_ERROR_INVALID_VALUE);
    /* the kernel never ran nor was initialized */
    CTS_EXPECT(strchr(un_log, 'r') == NULL && strchr(un_log, 'i') == NULL);
    un_validate_result = VX_SUCCESS;
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(et_check(out, 4), 0);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseGraph(&g);
    vxRemoveKernel(k);
}

CTS_TEST(UserNode, meta_from_reference_sizes_virtual_output, "REQ-1955 REQ-1958 REQ-1959 REQ-1881")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k;
    vx_image in = et_image(c, 12, 6, 4), out = vxCreateImage(c, 12, 6, VX_DF_IMAGE_U8), bad = vxCreateImage(c, 12, 7, VX_DF_IMAGE_U8);
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_uint32 w = 0, h = 0;
    vx_df_image f = 0;
    vx_node n1, n2;
    un_reset();
    k = un_kernel(c, 0);
    n1 = et_node(g, k, R(in), R(v), NULL);
    n2 = et_node(g, k, R(v), R(bad), NULL);
    /* the exemplar's height 6 does not fit the 12x7 output */
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetParameterByIndex(n2, 1, R(out)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    vxQueryImage(v, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(v, VX_IMAGE_HEIGHT, &h, sizeof(h));
    vxQueryImage(v, VX_IMAGE_FORMAT, &f, sizeof(f));
    CTS_EXPECT(w == 12 && h == 6 && f == VX_DF_IMAGE_U8);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&v);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&bad);
    vxReleaseGraph(&g);
    vxRemoveKernel(k);
}

static vx_status un_meta_status[4];
static vx_status VX_CALLBACK meta_misuse_validate(vx_node node, const vx_reference prm[], vx_uint32 num,
                                                  vx_meta_format metas[])
{
    vx_uint32 w = 4;
    vx_df_image f = VX_DF_IMAGE_U8;
    (void)node;
    (void)num;
    un_meta_status[0] = vxSetMetaFormatAttribute(metas[1], VX_IMAGE_WIDTH, &w, 1);        /* wrong size */
    un_meta_status[1] = vxSetMetaFormatAttribute(NULL, VX_IMAGE_WIDTH, &w, sizeof(w));   /* no meta */
    un_meta_status[2] = vxSetMetaFormatFromReference(metas[1], NULL);                    /* no exemplar */
    un_meta_status[3] = vxSetMetaFormatAttribute(metas[1], VX_IMAGE_FORMAT, &f, sizeof(f));
    return vxSetMetaFormatFromReference(metas[1], prm[0]);
}

CTS_TEST(UserNode, meta_format_misuse_in_validator, "REQ-1939 REQ-1958")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = cts_image_kernel(c, "un.meta", cts_nop_kernel, meta_misuse_validate);
    vx_image in = et_image(c, 8, 8, 4), out = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_node n;
    n = et_node(g, k, R(in), R(out), NULL);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(un_meta_status[0], VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(un_meta_status[1], VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(un_meta_status[2], VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(un_meta_status[3], VX_SUCCESS);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseGraph(&g);
    vxRemoveKernel(k);
}

/* A kernel whose output is a 2-D Q7.8 tensor [5, 3] (input: any image). */
static vx_status VX_CALLBACK q78_validate(vx_node node, const vx_reference prm[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    vx_size nd = 2, dims[2] = {5, 3};
    vx_enum t = VX_TYPE_INT16;
    vx_int8 fpp = 8;
    (void)node;
    (void)prm;
    (void)num;
    vxSetMetaFormatAttribute(metas[1], VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd));
    vxSetMetaFormatAttribute(metas[1], VX_TENSOR_DIMS, dims, sizeof(dims));
    vxSetMetaFormatAttribute(metas[1], VX_TENSOR_DATA_TYPE, &t, sizeof(t));
    return vxSetMetaFormatAttribute(metas[1], VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof(fpp));
}

static vx_status VX_CALLBACK q78_run(vx_node node, const vx_reference *prm, vx_uint32 num)
{
    (void)node;
    (void)prm;
    (void)num;
    return VX_SUCCESS;
}

CTS_TEST(UserNode, virtual_tensor_meta_must_agree, "REQ-1955 REQ-1958")
{
    vx_context c = cts_context();
    vx_enum e = 0;
    vx_kernel k;
    vx_image in = et_image(c, 4, 4, 1);
    vx_size d53[2] = {5, 3}, d54[2] = {5, 4}, d531[3] = {5, 3, 1};
    struct {
        vx_size nd;
        const vx_size *dims;
        vx_enum type;
        vx_int8 fpp;
        vx_status want;
    } cases[] = {
        {0, NULL, 0, 0, VX_SUCCESS},                         /* nothing known: all from the kernel */
        {2, d53, VX_TYPE_INT16, 8, VX_SUCCESS},              /* all known and equal */
        {3, d531, 0, 0, VX_ERROR_INVALID_DIMENSION},         /* another rank */
        {2, d54, 0, 0, VX_ERROR_INVALID_DIMENSION},          /* another size */
        {2, d53, VX_TYPE_UINT8, 8, VX_ERROR_INVALID_TYPE},   /* another type */
        {2, d53, VX_TYPE_INT16, 0, VX_ERROR_INVALID_VALUE},  /* another fixed-point position */
    };
    vx_uint32 i;
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    k = vxAddUserKernel(c, "org.libopenvx.cts.un.q78", e, q78_run, 2, q78_validate, NULL, NULL);
    CTS_ASSERT_VALID(k);
    vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_TENSOR, VX_PARAMETER_STATE_REQUIRED);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        vx_graph g = vxCreateGraph(c);
        vx_tensor t = vxCreateVirtualTensor(g, cases[i].nd, cases[i].dims, cases[i].type, cases[i].fpp);
        vx_node n = et_node(g, k, R(in), R(t), NULL);
        vx_status s = vxVerifyGraph(g);
        CTS_EXPECT_MSG(s == cases[i].want, "case %u: vxVerifyGraph %d, expected %d", i, s, cases[i].want);
        if (s == VX_SUCCESS) {
            vx_int8 fpp = 0;
            vx_size nd = 0;
            vxQueryTensor(t, VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof(fpp));
            vxQueryTensor(t, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd));
            CTS_EXPECT_EQ_INT(fpp, 8);
            CTS_EXPECT_EQ_INT(nd, 2);
        }
        vxReleaseNode(&n);
        vxReleaseTensor(&t);
        vxReleaseGraph(&g);
    }
    vxReleaseImage(&in);
    vxRemoveKernel(k);
}

CTS_TABLE(user_node) = {
    CTS_ENTRY(UserNode, callback_sequence),
    CTS_ENTRY(UserNode, kernel_local_data),
    CTS_ENTRY(UserNode, local_data_requested_by_init),
    CTS_ENTRY(UserNode, validator_status_is_verify_status),
    CTS_ENTRY(UserNode, meta_from_reference_sizes_virtual_output),
    CTS_ENTRY(UserNode, meta_format_misuse_in_validator),
    CTS_ENTRY(UserNode, virtual_tensor_meta_must_agree),
    CTS_TABLE_END};
