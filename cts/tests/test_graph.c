/* Spec chapters "Graph Concepts", "Graph Formalisms", "Verification",
 * "Object: Graph", "Framework: Graph Parameters", "Object: Delay" (auto-aging)
 * and "Valid Image Region", tested on graphs made of user kernels only.
 *
 * This file also holds the test user kernels shared with test_node.c and
 * test_user_node.c (declared in engine_util.h with the et_ prefix). */
#define _POSIX_C_SOURCE 200809L
#include "engine_util.h"

#include <VX/vx_khr_user_data_object.h>

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

volatile int et_add_runs;
volatile vx_uint32 et_add_delay_us;

/* pixel (x, y) of a test image with this seed */
#define ET_PIX(x, y, seed) ((vx_uint8)(((x) + 3u * (y) + (seed)) & 0xFFu))

static vx_status map_all(vx_image img, vx_enum usage, vx_map_id *id, vx_imagepatch_addressing_t *addr, void **ptr)
{
    vx_uint32 w = 0, h = 0;
    vx_rectangle_t r;
    vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof(h));
    r.start_x = 0;
    r.start_y = 0;
    r.end_x = w;
    r.end_y = h;
    return vxMapImagePatch(img, &r, 0, id, addr, ptr, usage, VX_MEMORY_TYPE_HOST, VX_NOGAP_X);
}

void et_fill(vx_image img, vx_uint32 seed)
{
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *p = NULL;
    vx_uint32 x, y;
    CTS_ASSERT_STATUS(map_all(img, VX_WRITE_ONLY, &id, &a, &p), VX_SUCCESS);
    for (y = 0; y < a.dim_y; y++)
        for (x = 0; x < a.dim_x; x++) *((vx_uint8 *)p + y * a.stride_y + x * a.stride_x) = ET_PIX(x, y, seed);
    CTS_ASSERT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
}

vx_image et_image(vx_context c, vx_uint32 w, vx_uint32 h, vx_uint32 seed)
{
    vx_image img = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
    CTS_ASSERT_VALID(img);
    et_fill(img, seed);
    return img;
}

/* number of pixels that differ from the pattern of this seed (-1: no map) */
int et_check(vx_image img, vx_uint32 seed)
{
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *p = NULL;
    vx_uint32 x, y;
    int bad = 0;
    if (map_all(img, VX_READ_ONLY, &id, &a, &p) != VX_SUCCESS) return -1;
    for (y = 0; y < a.dim_y; y++)
        for (x = 0; x < a.dim_x; x++)
            if (*((vx_uint8 *)p + y * a.stride_y + x * a.stride_x) != ET_PIX(x, y, seed)) bad++;
    vxUnmapImagePatch(img, id);
    return bad;
}

int et_pixel(vx_image img, vx_uint32 x, vx_uint32 y)
{
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *p = NULL;
    int v;
    if (map_all(img, VX_READ_ONLY, &id, &a, &p) != VX_SUCCESS) return -1;
    v = *((vx_uint8 *)p + y * a.stride_y + x * a.stride_x);
    vxUnmapImagePatch(img, id);
    return v;
}

vx_uint32 et_scalar_u32(vx_scalar s)
{
    vx_uint32 v = 0xDEADBEEFu;
    CTS_EXPECT_STATUS(vxCopyScalar(s, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    return v;
}

/* "add": out(U8) = in(U8) + k (mod 256), k from the optional UINT8 scalar
 * parameter 2 (1 when absent).  Output meta: the input's size, U8. */
static vx_status VX_CALLBACK add_kernel(vx_node node, const vx_reference *prm, vx_uint32 num)
{
    vx_map_id ia, ib;
    vx_imagepatch_addressing_t aa, ab;
    void *pa = NULL, *pb = NULL;
    vx_uint8 k = 1;
    vx_uint32 x, y;
    (void)node;
    if (num != 3) return VX_FAILURE;
    if (prm[2] && vxCopyScalar((vx_scalar)prm[2], &k, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS)
        return VX_FAILURE;
    if (map_all((vx_image)prm[0], VX_READ_ONLY, &ia, &aa, &pa) != VX_SUCCESS) return VX_FAILURE;
    if (map_all((vx_image)prm[1], VX_WRITE_ONLY, &ib, &ab, &pb) != VX_SUCCESS) {
        vxUnmapImagePatch((vx_image)prm[0], ia);
        return VX_FAILURE;
    }
    for (y = 0; y < aa.dim_y && y < ab.dim_y; y++)
        for (x = 0; x < aa.dim_x && x < ab.dim_x; x++)
            *((vx_uint8 *)pb + y * ab.stride_y + x * ab.stride_x) =
                (vx_uint8)(*((vx_uint8 *)pa + y * aa.stride_y + x * aa.stride_x) + k);
    vxUnmapImagePatch((vx_image)prm[1], ib);
    vxUnmapImagePatch((vx_image)prm[0], ia);
    if (et_add_delay_us) {
        struct timespec ts;
        ts.tv_sec = 0;
        ts.tv_nsec = (long)et_add_delay_us * 1000L;
        nanosleep(&ts, NULL);
    }
    __atomic_fetch_add(&et_add_runs, 1, __ATOMIC_RELAXED); /* user kernels of two graphs may run at once */
    return VX_SUCCESS;
}

static vx_status add_validate_common(const vx_reference prm[], vx_uint32 num, vx_meta_format metas[])
{
    vx_df_image f = 0;
    vx_uint32 w = 0, h = 0;
    vx_df_image u8 = VX_DF_IMAGE_U8;
    if (num != 3) return VX_ERROR_INVALID_PARAMETERS;
    if (vxQueryImage((vx_image)prm[0], VX_IMAGE_FORMAT, &f, sizeof(f)) != VX_SUCCESS) return VX_ERROR_INVALID_PARAMETERS;
    if (f != VX_DF_IMAGE_U8) return VX_ERROR_INVALID_FORMAT;
    if (prm[2]) {
        vx_enum t = 0;
        vxQueryScalar((vx_scalar)prm[2], VX_SCALAR_TYPE, &t, sizeof(t));
        if (t != VX_TYPE_UINT8) return VX_ERROR_INVALID_TYPE;
    }
    vxQueryImage((vx_image)prm[0], VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage((vx_image)prm[0], VX_IMAGE_HEIGHT, &h, sizeof(h));
    if (vxSetMetaFormatAttribute(metas[1], VX_IMAGE_FORMAT, &u8, sizeof(u8)) != VX_SUCCESS) return VX_FAILURE;
    if (vxSetMetaFormatAttribute(metas[1], VX_IMAGE_WIDTH, &w, sizeof(w)) != VX_SUCCESS) return VX_FAILURE;
    if (vxSetMetaFormatAttribute(metas[1], VX_IMAGE_HEIGHT, &h, sizeof(h)) != VX_SUCCESS) return VX_FAILURE;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK add_validate(vx_node node, const vx_reference prm[], vx_uint32 num, vx_meta_format metas[])
{
    (void)node;
    return add_validate_common(prm, num, metas);
}

/* valid rectangle of "shrink": the input's, one pixel smaller on each side */
static vx_status VX_CALLBACK shrink_rect(vx_node node, vx_uint32 index, const vx_rectangle_t *const input_valid[],
                                         vx_rectangle_t *const output_valid[])
{
    const vx_rectangle_t *in = input_valid[0];
    (void)node;
    if (index != 1) return VX_FAILURE;
    output_valid[0]->start_x = in->start_x + 1;
    output_valid[0]->start_y = in->start_y + 1;
    output_valid[0]->end_x = in->end_x - 1;
    output_valid[0]->end_y = in->end_y - 1;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK shrink_validate(vx_node node, const vx_reference prm[], vx_uint32 num,
                                             vx_meta_format metas[])
{
    vx_kernel_image_valid_rectangle_f cb = shrink_rect;
    vx_status s = add_validate_common(prm, num, metas);
    (void)node;
    if (s != VX_SUCCESS) return s;
    return vxSetMetaFormatAttribute(metas[1], VX_VALID_RECT_CALLBACK, &cb, sizeof(cb));
}

static vx_kernel make_kernel(vx_context c, const char *name, vx_kernel_f f, vx_uint32 n, vx_kernel_validate_f v,
                             const vx_enum *dirs, const vx_enum *types, const vx_enum *states)
{
    char full[VX_MAX_KERNEL_NAME];
    vx_enum e = 0;
    vx_kernel k;
    vx_uint32 i;
    snprintf(full, sizeof(full), "org.libopenvx.cts.et.%s", name);
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    k = vxAddUserKernel(c, full, e, f, n, v, NULL, NULL);
    CTS_ASSERT_VALID(k);
    for (i = 0; i < n; i++) CTS_ASSERT_STATUS(vxAddParameterToKernel(k, i, dirs[i], types[i], states[i]), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    return k;
}

static const vx_enum add_dirs[3] = {VX_INPUT, VX_OUTPUT, VX_INPUT};
static const vx_enum add_types[3] = {VX_TYPE_IMAGE, VX_TYPE_IMAGE, VX_TYPE_SCALAR};
static const vx_enum add_states[3] = {VX_PARAMETER_STATE_REQUIRED, VX_PARAMETER_STATE_REQUIRED,
                                      VX_PARAMETER_STATE_OPTIONAL};

vx_kernel et_add_kernel(vx_context c)
{
    return make_kernel(c, "add", add_kernel, 3, add_validate, add_dirs, add_types, add_states);
}

vx_kernel et_shrink_kernel(vx_context c)
{
    return make_kernel(c, "shrink", add_kernel, 3, shrink_validate, add_dirs, add_types, add_states);
}

/* "sum": out UINT32 scalar = sum of the U8 input's pixels */
static vx_status VX_CALLBACK sum_kernel(vx_node node, const vx_reference *prm, vx_uint32 num)
{
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *p = NULL;
    vx_uint32 x, y, sum = 0;
    (void)node;
    (void)num;
    if (map_all((vx_image)prm[0], VX_READ_ONLY, &id, &a, &p) != VX_SUCCESS) return VX_FAILURE;
    for (y = 0; y < a.dim_y; y++)
        for (x = 0; x < a.dim_x; x++) sum += *((vx_uint8 *)p + y * a.stride_y + x * a.stride_x);
    vxUnmapImagePatch((vx_image)prm[0], id);
    return vxCopyScalar((vx_scalar)prm[1], &sum, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

static vx_status VX_CALLBACK sum_validate(vx_node node, const vx_reference prm[], vx_uint32 num, vx_meta_format metas[])
{
    vx_enum t = VX_TYPE_UINT32;
    (void)node;
    (void)prm;
    (void)num;
    return vxSetMetaFormatAttribute(metas[1], VX_SCALAR_TYPE, &t, sizeof(t));
}

vx_kernel et_sum_kernel(vx_context c)
{
    static const vx_enum d[2] = {VX_INPUT, VX_OUTPUT};
    static const vx_enum t[2] = {VX_TYPE_IMAGE, VX_TYPE_SCALAR};
    static const vx_enum s[2] = {VX_PARAMETER_STATE_REQUIRED, VX_PARAMETER_STATE_REQUIRED};
    return make_kernel(c, "sum", sum_kernel, 2, sum_validate, d, t, s);
}

/* "row": out array of UINT8 = the first row of the U8 input (capacity: width) */
static vx_status VX_CALLBACK row_kernel(vx_node node, const vx_reference *prm, vx_uint32 num)
{
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *p = NULL;
    vx_status s;
    (void)node;
    (void)num;
    if (map_all((vx_image)prm[0], VX_READ_ONLY, &id, &a, &p) != VX_SUCCESS) return VX_FAILURE;
    s = vxTruncateArray((vx_array)prm[1], 0);
    if (s == VX_SUCCESS) s = vxAddArrayItems((vx_array)prm[1], a.dim_x, p, (vx_size)a.stride_x);
    vxUnmapImagePatch((vx_image)prm[0], id);
    return s;
}

static vx_status VX_CALLBACK row_validate(vx_node node, const vx_reference prm[], vx_uint32 num, vx_meta_format metas[])
{
    vx_enum t = VX_TYPE_UINT8;
    vx_uint32 w = 0;
    vx_size cap;
    (void)node;
    (void)num;
    vxQueryImage((vx_image)prm[0], VX_IMAGE_WIDTH, &w, sizeof(w));
    cap = w;
    if (vxSetMetaFormatAttribute(metas[1], VX_ARRAY_ITEMTYPE, &t, sizeof(t)) != VX_SUCCESS) return VX_FAILURE;
    return vxSetMetaFormatAttribute(metas[1], VX_ARRAY_CAPACITY, &cap, sizeof(cap));
}

vx_kernel et_row_kernel(vx_context c)
{
    static const vx_enum d[2] = {VX_INPUT, VX_OUTPUT};
    static const vx_enum t[2] = {VX_TYPE_IMAGE, VX_TYPE_ARRAY};
    static const vx_enum s[2] = {VX_PARAMETER_STATE_REQUIRED, VX_PARAMETER_STATE_REQUIRED};
    return make_kernel(c, "row", row_kernel, 2, row_validate, d, t, s);
}

/* "asum": out UINT32 scalar = sum of the items of a UINT8 array */
static vx_status VX_CALLBACK asum_kernel(vx_node node, const vx_reference *prm, vx_uint32 num)
{
    vx_size n = 0, i, stride = 0;
    vx_map_id id;
    void *p = NULL;
    vx_uint32 sum = 0;
    (void)node;
    (void)num;
    vxQueryArray((vx_array)prm[0], VX_ARRAY_NUMITEMS, &n, sizeof(n));
    if (n > 0) {
        if (vxMapArrayRange((vx_array)prm[0], 0, n, &id, &stride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) !=
            VX_SUCCESS)
            return VX_FAILURE;
        for (i = 0; i < n; i++) sum += *((vx_uint8 *)p + i * stride);
        vxUnmapArrayRange((vx_array)prm[0], id);
    }
    return vxCopyScalar((vx_scalar)prm[1], &sum, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

static vx_status VX_CALLBACK asum_validate(vx_node node, const vx_reference prm[], vx_uint32 num, vx_meta_format metas[])
{
    vx_enum t = 0, u32 = VX_TYPE_UINT32;
    (void)node;
    (void)num;
    vxQueryArray((vx_array)prm[0], VX_ARRAY_ITEMTYPE, &t, sizeof(t));
    if (t != VX_TYPE_UINT8) return VX_ERROR_INVALID_TYPE;
    return vxSetMetaFormatAttribute(metas[1], VX_SCALAR_TYPE, &u32, sizeof(u32));
}

vx_kernel et_asum_kernel(vx_context c)
{
    static const vx_enum d[2] = {VX_INPUT, VX_OUTPUT};
    static const vx_enum t[2] = {VX_TYPE_ARRAY, VX_TYPE_SCALAR};
    static const vx_enum s[2] = {VX_PARAMETER_STATE_REQUIRED, VX_PARAMETER_STATE_REQUIRED};
    return make_kernel(c, "asum", asum_kernel, 2, asum_validate, d, t, s);
}

/* "pyr": pyramid in -> pyramid out, output meta copied from the input */
static vx_status VX_CALLBACK pyr_validate(vx_node node, const vx_reference prm[], vx_uint32 num, vx_meta_format metas[])
{
    (void)node;
    (void)num;
    return vxSetMetaFormatFromReference(metas[1], prm[0]);
}

vx_kernel et_pyr_kernel(vx_context c)
{
    static const vx_enum d[2] = {VX_INPUT, VX_OUTPUT};
    static const vx_enum t[2] = {VX_TYPE_PYRAMID, VX_TYPE_PYRAMID};
    static const vx_enum s[2] = {VX_PARAMETER_STATE_REQUIRED, VX_PARAMETER_STATE_REQUIRED};
    return make_kernel(c, "pyr", cts_nop_kernel, 2, pyr_validate, d, t, s);
}

/* a node of k with up to three parameters set (NULL ones left unset) */
vx_node et_node(vx_graph g, vx_kernel k, vx_reference p0, vx_reference p1, vx_reference p2)
{
    vx_node n = vxCreateGenericNode(g, k);
    CTS_ASSERT_VALID(n);
    if (p0) CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 0, p0), VX_SUCCESS);
    if (p1) CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 1, p1), VX_SUCCESS);
    if (p2) CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 2, p2), VX_SUCCESS);
    return n;
}

static vx_scalar u8_scalar(vx_context c, vx_uint8 v)
{
    vx_scalar s = vxCreateScalar(c, VX_TYPE_UINT8, &v);
    CTS_ASSERT_VALID(s);
    return s;
}

/* run g and abort the test on failure, quoting the last log entry */
#define ET_PROCESS(g)                                                                                    \
    do {                                                                                                 \
        vx_status et_s_;                                                                                 \
        cts_log_clear();                                                                                 \
        et_s_ = vxProcessGraph(g);                                                                       \
        CTS_ASSERT_MSG(et_s_ == VX_SUCCESS, "vxProcessGraph: %s (%d), log: %s", cts_status_name(et_s_), et_s_, \
                       cts_log_count() ? cts_log_last()->message : "(empty)");                           \
    } while (0)

/* ======================================================================== */

CTS_TEST(Graph, empty_graph, "REQ-0596 REQ-0598 REQ-0599 REQ-0603 REQ-0612 REQ-0617 REQ-0647 REQ-0650 REQ-1990 REQ-1992 REQ-1993")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_uint32 n = 99;
    vx_enum st = -1;
    CTS_ASSERT_VALID(g);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_NUMNODES, &n, sizeof(n)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(n, 0);
    n = 99;
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_NUMPARAMETERS, &n, sizeof(n)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(n, 0);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_STATE, &st, sizeof(st)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(st, VX_GRAPH_STATE_UNVERIFIED);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_GRAPH);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_ERROR_INVALID_GRAPH);
    CTS_EXPECT_STATUS(vxScheduleGraph(g), VX_ERROR_INVALID_GRAPH);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e);
    CTS_EXPECT_STATUS(vxReleaseGraph(&g), VX_SUCCESS);
    CTS_EXPECT(g == NULL);
}

CTS_TEST(Graph, query_and_set_attribute_checks, "REQ-0614 REQ-0616 REQ-0617 REQ-0640 REQ-0645 REQ-1990 REQ-1991 REQ-1992 REQ-1993")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_uint32 n = 0;
    vx_perf_t perf;
    vx_enum st = 0;
    CTS_ASSERT_VALID(g);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_NUMNODES, &n, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_NUMNODES, NULL, sizeof(n)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_PERFORMANCE, &perf, sizeof(perf) - 1), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_PERFORMANCE, &perf, sizeof(perf)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_STATE, &st, 1), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_IMAGE_WIDTH, &n, sizeof(n)), VX_ERROR_NOT_SUPPORTED);
    /* every graph attribute is read-only */
    n = 3;
    CTS_EXPECT_STATUS(vxSetGraphAttribute(g, VX_GRAPH_NUMNODES, &n, sizeof(n)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetGraphAttribute(g, VX_GRAPH_NUMPARAMETERS, &n, sizeof(n)), VX_ERROR_NOT_SUPPORTED);
    st = VX_GRAPH_STATE_VERIFIED;
    CTS_EXPECT_STATUS(vxSetGraphAttribute(g, VX_GRAPH_STATE, &st, sizeof(st)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetGraphAttribute(g, VX_GRAPH_PERFORMANCE, &perf, sizeof(perf)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetGraphAttribute(NULL, VX_GRAPH_NUMNODES, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseGraph(&g), VX_SUCCESS);
}

CTS_TEST(Graph, two_nodes_through_virtual_image, "REQ-0604 REQ-0606 REQ-0607 REQ-0608 REQ-0611 REQ-1990")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 64, 48, 10), out = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8), v;
    vx_scalar two = u8_scalar(c, 2);
    vx_node n1, n2;
    vx_uint32 nn = 0;
    CTS_ASSERT_VALID(g);
    v = vxCreateVirtualImage(g, 64, 48, VX_DF_IMAGE_U8);
    CTS_ASSERT_VALID(v);
    /* added in reverse order: the order comes from the data, not from creation */
    n2 = et_node(g, k, R(v), R(out), R(two));
    n1 = et_node(g, k, R(in), R(v), NULL);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_NUMNODES, &nn, sizeof(nn)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(nn, 2);
    ET_PROCESS(g); /* verifies first */
    CTS_EXPECT(vxIsGraphVerified(g) == vx_true_e);
    CTS_EXPECT_EQ_INT(et_check(out, 13), 0);
    /* again, with a new input */
    et_fill(in, 100);
    ET_PROCESS(g);
    CTS_EXPECT_EQ_INT(et_check(out, 103), 0);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&v);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseScalar(&two);
    vxReleaseKernel(&k);
    CTS_EXPECT_STATUS(vxReleaseGraph(&g), VX_SUCCESS);
}

CTS_TEST(Graph, nodes_released_before_graph_still_run, "REQ-0628 REQ-0683")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 1), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(in), R(out), NULL);
    CTS_EXPECT_STATUS(vxReleaseNode(&n), VX_SUCCESS);
    CTS_EXPECT(n == NULL);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
    ET_PROCESS(g);
    CTS_EXPECT_EQ_INT(et_check(out, 2), 0);
    CTS_EXPECT_STATUS(vxReleaseGraph(&g), VX_SUCCESS);
    /* the data stays the application's */
    CTS_EXPECT_EQ_INT(et_check(out, 2), 0);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

CTS_TEST(Graph, reverification_after_changes, "REQ-0599 REQ-0602 REQ-0603 REQ-0604 REQ-0648 REQ-1781")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 32, 32, 5), out = vxCreateImage(c, 32, 32, VX_DF_IMAGE_U8);
    vx_image in2 = et_image(c, 16, 8, 50), out2 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_image out3 = vxCreateImage(c, 32, 32, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(in), R(out), NULL), n2;
    CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_true_e);
    /* new objects of another size: the graph must verify again, by itself */
    CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 0, R(in2)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 1, R(out2)), VX_SUCCESS);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e);
    ET_PROCESS(g);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_true_e);
    CTS_EXPECT_EQ_INT(et_check(out2, 51), 0);
    /* a change that breaks verification is found at the next run */
    CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 1, R(out)), VX_SUCCESS); /* 32x32 output for a 16x8 input */
    cts_log_clear();
    CTS_EXPECT(vxProcessGraph(g) != VX_SUCCESS);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e);
    /* adding a node unverifies too */
    CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 1, R(out2)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    n2 = et_node(g, k, R(in), R(out3), NULL);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e);
    ET_PROCESS(g);
    CTS_EXPECT_EQ_INT(et_check(out3, 6), 0);
    vxReleaseNode(&n);
    vxReleaseNode(&n2);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&in2);
    vxReleaseImage(&out2);
    vxReleaseImage(&out3);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, process_returns_verify_status, "REQ-0604 REQ-0605 REQ-0633 REQ-0634")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = vxCreateImage(c, 16, 16, VX_DF_IMAGE_S16), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(in), R(out), NULL);
    vx_status sv, sp, ss;
    sv = vxVerifyGraph(g);
    CTS_EXPECT_STATUS(sv, VX_ERROR_INVALID_FORMAT); /* the validator's own status */
    sp = vxProcessGraph(g);
    CTS_EXPECT_STATUS(sp, sv);
    ss = vxScheduleGraph(g);
    CTS_EXPECT(ss != VX_SUCCESS);
    if (ss == VX_SUCCESS) vxWaitGraph(g);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

static vx_enum g_state_in_cb;
static vx_graph g_cb_graph;
static vx_action VX_CALLBACK abandon_cb(vx_node node)
{
    (void)node;
    vxQueryGraph(g_cb_graph, VX_GRAPH_STATE, &g_state_in_cb, sizeof(g_state_in_cb));
    return VX_ACTION_ABANDON;
}

CTS_TEST(Graph, state_machine, "REQ-1993 REQ-0604 REQ-0632 REQ-0652 REQ-1794 REQ-1801")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 0), mid = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n1, n2;
    vx_enum st = -1;
    int pass;
    n1 = et_node(g, k, R(in), R(mid), NULL);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_STATE, &st, sizeof(st)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(st, VX_GRAPH_STATE_UNVERIFIED);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    vxQueryGraph(g, VX_GRAPH_STATE, &st, sizeof(st));
    CTS_EXPECT_EQ_INT(st, VX_GRAPH_STATE_VERIFIED);
    n2 = et_node(g, k, R(mid), R(out), NULL);
    vxQueryGraph(g, VX_GRAPH_STATE, &st, sizeof(st));
    CTS_EXPECT_EQ_INT(st, VX_GRAPH_STATE_UNVERIFIED);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    for (pass = 0; pass < 2; pass++) {
        if (pass == 0) {
            ET_PROCESS(g);
        } else {
            CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS);
            CTS_ASSERT_STATUS(vxWaitGraph(g), VX_SUCCESS);
        }
        vxQueryGraph(g, VX_GRAPH_STATE, &st, sizeof(st));
        CTS_EXPECT_EQ_INT(st, VX_GRAPH_STATE_COMPLETED);
        CTS_ASSERT_STATUS(vxAssignNodeCallback(n1, abandon_cb), VX_SUCCESS);
        g_cb_graph = g;
        g_state_in_cb = -1;
        if (pass == 0) {
            CTS_EXPECT_STATUS(vxProcessGraph(g), VX_ERROR_GRAPH_ABANDONED);
        } else {
            CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS);
            CTS_EXPECT_STATUS(vxWaitGraph(g), VX_ERROR_GRAPH_ABANDONED);
        }
        CTS_EXPECT_EQ_INT(g_state_in_cb, VX_GRAPH_STATE_RUNNING);
        vxQueryGraph(g, VX_GRAPH_STATE, &st, sizeof(st));
        CTS_EXPECT_EQ_INT(st, VX_GRAPH_STATE_ABANDONED);
        CTS_ASSERT_STATUS(vxAssignNodeCallback(n1, NULL), VX_SUCCESS);
    }
    /* runs again normally after an abandon */
    ET_PROCESS(g);
    CTS_EXPECT_EQ_INT(et_check(out, 2), 0);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&in);
    vxReleaseImage(&mid);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, schedule_and_wait, "REQ-0632 REQ-0635 REQ-0636 REQ-0638 REQ-0639 REQ-0652 REQ-0655 REQ-0656")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 40, 30, 7), out = vxCreateImage(c, 40, 30, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(in), R(out), NULL);
    int i;
    /* never scheduled */
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_FAILURE);
    CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS); /* verifies first */
    CTS_ASSERT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_true_e);
    CTS_EXPECT_EQ_INT(et_check(out, 8), 0);
    for (i = 0; i < 5; i++) {
        et_fill(in, (vx_uint32)(20 * i));
        CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxWaitGraph(g), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(et_check(out, (vx_uint32)(20 * i + 1)), 0);
    }
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, performance, "REQ-1991 REQ-0660 REQ-0612")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 0), mid = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n1 = et_node(g, k, R(in), R(mid), NULL), n2 = et_node(g, k, R(mid), R(out), NULL);
    vx_perf_t gp, np1, np2;
    int i;
    CTS_ASSERT_STATUS(vxDirective(R(c), VX_DIRECTIVE_ENABLE_PERFORMANCE), VX_SUCCESS);
    et_add_delay_us = 2000;
    for (i = 0; i < 3; i++) ET_PROCESS(g);
    et_add_delay_us = 0;
    memset(&gp, 0, sizeof(gp));
    CTS_ASSERT_STATUS(vxQueryGraph(g, VX_GRAPH_PERFORMANCE, &gp, sizeof(gp)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryNode(n1, VX_NODE_PERFORMANCE, &np1, sizeof(np1)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryNode(n2, VX_NODE_PERFORMANCE, &np2, sizeof(np2)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(gp.num, 3);
    CTS_EXPECT_EQ_INT(np1.num, 3);
    CTS_EXPECT_EQ_INT(np2.num, 3);
    /* each node sleeps 2 ms per run: not a timing claim, a sanity bound */
    CTS_EXPECT_MSG(np1.tmp >= 1000000u && np1.min >= 1000000u, "node tmp %llu min %llu",
                   (unsigned long long)np1.tmp, (unsigned long long)np1.min);
    CTS_EXPECT(np1.min <= np1.avg && np1.avg <= np1.max && np1.sum >= 3 * np1.min);
    CTS_EXPECT_MSG(gp.tmp >= np1.tmp + np2.tmp && gp.min >= 2000000u, "graph tmp %llu min %llu",
                   (unsigned long long)gp.tmp, (unsigned long long)gp.min);
    CTS_EXPECT(gp.min <= gp.avg && gp.avg <= gp.max && gp.sum >= gp.max);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&in);
    vxReleaseImage(&mid);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

static int et_lenient;
static void graph_parameters_body(void);
CTS_TEST(Graph, graph_parameters, "REQ-1966 REQ-1969 REQ-1975 REQ-1979")
{
    et_lenient = 0;
    graph_parameters_body();
}

/* the same, checking only that the two calls fail */
CTS_TEST(Graph, graph_parameters_run, "REQ-1965 REQ-1966 REQ-1969 REQ-1970 REQ-1971 REQ-1974 REQ-1975 REQ-1979 REQ-1980 REQ-1992 REQ-1760")
{
    et_lenient = 1;
    graph_parameters_body();
}

static void graph_parameters_body(void)
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c), g2 = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 20, 10, 3), in2 = et_image(c, 20, 10, 90);
    vx_image out = vxCreateImage(c, 20, 10, VX_DF_IMAGE_U8), out2 = vxCreateImage(c, 20, 10, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(in), R(out), NULL), other = et_node(g2, k, R(in), R(out2), NULL);
    vx_parameter p0 = vxGetParameterByIndex(n, 0), p1 = vxGetParameterByIndex(n, 1), po = vxGetParameterByIndex(other, 0);
    vx_parameter gp;
    vx_uint32 np = 0, idx = 99;
    vx_enum dir = 0, type = 0;
    vx_reference ref = NULL;
    CTS_ASSERT_VALID(p0);
    CTS_ASSERT_VALID(p1);
    CTS_ASSERT_STATUS(vxAddParameterToGraph(g, p0), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAddParameterToGraph(g, p1), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxAddParameterToGraph(g, po), VX_ERROR_INVALID_PARAMETERS); /* node of another graph */
    CTS_EXPECT_STATUS(vxAddParameterToGraph(NULL, p0), VX_ERROR_INVALID_REFERENCE);
    if (!et_lenient) CTS_EXPECT_STATUS(vxAddParameterToGraph(g, (vx_parameter)in), VX_ERROR_INVALID_REFERENCE);
    else CTS_EXPECT(vxAddParameterToGraph(g, (vx_parameter)in) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_NUMPARAMETERS, &np, sizeof(np)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(np, 2);
    /* the graph parameter inherits the node parameter's attributes */
    gp = vxGetGraphParameterByIndex(g, 1);
    CTS_ASSERT_VALID(gp);
    CTS_EXPECT_STATUS(vxQueryParameter(gp, VX_PARAMETER_DIRECTION, &dir, sizeof(dir)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(dir, VX_OUTPUT);
    CTS_EXPECT_STATUS(vxQueryParameter(gp, VX_PARAMETER_TYPE, &type, sizeof(type)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(type, VX_TYPE_IMAGE);
    CTS_EXPECT_STATUS(vxQueryParameter(gp, VX_PARAMETER_INDEX, &idx, sizeof(idx)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(idx, 1);
    CTS_EXPECT_STATUS(vxQueryParameter(gp, VX_PARAMETER_REF, &ref, sizeof(ref)), VX_SUCCESS);
    CTS_EXPECT(ref == R(out));
    if (ref) vxReleaseReference(&ref);
    vxReleaseParameter(&gp);
    gp = vxGetGraphParameterByIndex(g, 2);
    CTS_EXPECT(vxGetStatus(R(gp)) != VX_SUCCESS);
    /* set through the graph: the node sees the new objects */
    CTS_ASSERT_STATUS(vxSetGraphParameterByIndex(g, 0, R(in2)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetGraphParameterByIndex(g, 1, R(out2)), VX_SUCCESS);
    if (!et_lenient) CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 2, R(out2)), VX_ERROR_INVALID_PARAMETERS);
    else CTS_EXPECT(vxSetGraphParameterByIndex(g, 2, R(out2)) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(NULL, 0, R(in2)), VX_ERROR_INVALID_REFERENCE);
    ET_PROCESS(g);
    CTS_EXPECT_EQ_INT(et_check(out2, 91), 0);
    ref = NULL;
    CTS_EXPECT_STATUS(vxQueryParameter(p0, VX_PARAMETER_REF, &ref, sizeof(ref)), VX_SUCCESS);
    CTS_EXPECT(ref == R(in2));
    if (ref) vxReleaseReference(&ref);
    vxReleaseParameter(&p0);
    vxReleaseParameter(&p1);
    vxReleaseParameter(&po);
    vxReleaseNode(&n);
    vxReleaseNode(&other);
    vxReleaseImage(&in);
    vxReleaseImage(&in2);
    vxReleaseImage(&out);
    vxReleaseImage(&out2);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
    vxReleaseGraph(&g2);
}

/* A node reads delay slot -1 and writes slot 0 (+1 each run); the delay is
 * aged after each run, so the value grows by one per run. */
CTS_TEST(Graph, delay_auto_aging, "REQ-0619 REQ-0620 REQ-0622 REQ-0626 REQ-0627")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image ex = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8), first;
    vx_delay d;
    vx_node n;
    int run;
    CTS_ASSERT_VALID(ex);
    d = vxCreateDelay(c, R(ex), 2);
    CTS_ASSERT_VALID(d);
    first = (vx_image)vxGetReferenceFromDelay(d, -1);
    CTS_ASSERT_VALID(first);
    et_fill(first, 0);
    n = et_node(g, k, vxGetReferenceFromDelay(d, -1), vxGetReferenceFromDelay(d, 0), NULL);
    CTS_ASSERT_STATUS(vxRegisterAutoAging(g, d), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxRegisterAutoAging(g, d), VX_SUCCESS); /* twice: still aged once per run */
    CTS_EXPECT_STATUS(vxRegisterAutoAging(NULL, d), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxRegisterAutoAging(g, (vx_delay)ex), VX_ERROR_INVALID_REFERENCE);
    for (run = 1; run <= 4; run++) {
        vx_image last;
        ET_PROCESS(g);
        /* after aging, what was written to slot 0 is slot -1 */
        last = (vx_image)vxGetReferenceFromDelay(d, -1);
        CTS_EXPECT_MSG(et_check(last, (vx_uint32)run) == 0, "run %d: slot -1 is not seed %d (pixel0 %d)", run, run,
                       et_pixel(last, 0, 0));
    }
    vxReleaseNode(&n);
    vxReleaseDelay(&d);
    vxReleaseImage(&ex);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

static vx_action VX_CALLBACK just_abandon(vx_node node)
{
    (void)node;
    return VX_ACTION_ABANDON;
}

CTS_TEST(Graph, abandoned_graph_ages_delays, "REQ-0621")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image ex = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_delay d = vxCreateDelay(c, R(ex), 2);
    vx_reference s0, sm1;
    vx_node n;
    CTS_ASSERT_VALID(d);
    s0 = vxGetReferenceFromDelay(d, 0);
    sm1 = vxGetReferenceFromDelay(d, -1);
    et_fill((vx_image)sm1, 0);
    n = et_node(g, k, sm1, s0, NULL);
    CTS_ASSERT_STATUS(vxRegisterAutoAging(g, d), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAssignNodeCallback(n, just_abandon), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_ERROR_GRAPH_ABANDONED);
    CTS_EXPECT(vxGetReferenceFromDelay(d, -1) == s0);
    CTS_EXPECT(vxGetReferenceFromDelay(d, 0) == sm1);
    vxReleaseNode(&n);
    vxReleaseDelay(&d);
    vxReleaseImage(&ex);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, virtual_image_resolved_from_meta, "REQ-0647")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 24, 12, 4), out = vxCreateImage(c, 24, 12, VX_DF_IMAGE_U8);
    vx_image v1, v2;
    vx_node n1, n2, n3;
    vx_image out3 = vxCreateImage(c, 24, 12, VX_DF_IMAGE_U8);
    vx_uint32 w = 1, h = 1;
    vx_df_image f = 1;
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *p = NULL;
    vx_rectangle_t r = {0, 0, 4, 4};
    v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    v2 = vxCreateVirtualImage(g, 24, 0, VX_DF_IMAGE_VIRT); /* partially specified */
    CTS_ASSERT_VALID(v1);
    CTS_ASSERT_VALID(v2);
    /* before verification: what the user gave */
    CTS_EXPECT_STATUS(vxQueryImage(v1, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(w, 0);
    CTS_EXPECT_STATUS(vxQueryImage(v1, VX_IMAGE_FORMAT, &f, sizeof(f)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(f, VX_DF_IMAGE_VIRT);
    n1 = et_node(g, k, R(in), R(v1), NULL);
    n2 = et_node(g, k, R(v1), R(v2), NULL);
    n3 = et_node(g, k, R(v2), R(out), NULL);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    vxQueryImage(v1, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(v1, VX_IMAGE_HEIGHT, &h, sizeof(h));
    vxQueryImage(v1, VX_IMAGE_FORMAT, &f, sizeof(f));
    CTS_EXPECT(w == 24 && h == 12 && f == VX_DF_IMAGE_U8);
    w = h = 0;
    vxQueryImage(v2, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(v2, VX_IMAGE_HEIGHT, &h, sizeof(h));
    vxQueryImage(v2, VX_IMAGE_FORMAT, &f, sizeof(f));
    CTS_EXPECT(w == 24 && h == 12 && f == VX_DF_IMAGE_U8);
    /* virtual data is not accessible from outside the graph */
    CTS_EXPECT(vxMapImagePatch(v1, &r, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, VX_NOGAP_X) != VX_SUCCESS);
    /* a virtual image with a fixed size that disagrees with the validator */
    vxReleaseNode(&n3);
    {
        vx_image bad = vxCreateVirtualImage(g, 10, 12, VX_DF_IMAGE_VIRT);
        CTS_ASSERT_VALID(bad);
        CTS_ASSERT_STATUS(vxSetParameterByIndex(n2, 1, R(bad)), VX_SUCCESS);
        n3 = et_node(g, k, R(bad), R(out3), NULL);
        cts_log_clear();
        CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
        CTS_EXPECT(cts_log_count() >= 1);
        vxReleaseImage(&bad);
    }
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseNode(&n3);
    vxReleaseImage(&v1);
    vxReleaseImage(&v2);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&out3);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, virtual_array_and_scalar, "REQ-0647")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel kr = et_row_kernel(c), ka = et_asum_kernel(c), ks = et_sum_kernel(c);
    vx_image in = et_image(c, 10, 4, 1);
    vx_array va = vxCreateVirtualArray(g, 0, 0);
    vx_scalar out;
    vx_uint32 zero = 0;
    vx_enum it = 0;
    vx_size cap = 0;
    vx_node n1, n2;
    CTS_ASSERT_VALID(va);
    out = vxCreateScalar(c, VX_TYPE_UINT32, &zero);
    n1 = et_node(g, kr, R(in), R(va), NULL);
    n2 = et_node(g, ka, R(va), R(out), NULL);
    /* sum of row 0: 1+2+...+10 */
    ET_PROCESS(g);
    CTS_EXPECT_EQ_INT(et_scalar_u32(out), 55);
    CTS_EXPECT_STATUS(vxQueryArray(va, VX_ARRAY_ITEMTYPE, &it, sizeof(it)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(it, VX_TYPE_UINT8);
    CTS_EXPECT_STATUS(vxQueryArray(va, VX_ARRAY_CAPACITY, &cap, sizeof(cap)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cap, 10);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    /* a virtual scalar typed by the validator */
    {
        vx_graph g2 = vxCreateGraph(c);
        vx_scalar vs2 = vxCreateVirtualScalar(g2, VX_TYPE_UINT32);
        vx_enum t = 0;
        vx_node m = et_node(g2, ks, R(in), R(vs2), NULL);
        CTS_ASSERT_VALID(vs2);
        CTS_ASSERT_STATUS(vxVerifyGraph(g2), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryScalar(vs2, VX_SCALAR_TYPE, &t, sizeof(t)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(t, VX_TYPE_UINT32);
        CTS_ASSERT_STATUS(vxProcessGraph(g2), VX_SUCCESS);
        vxReleaseNode(&m);
        vxReleaseScalar(&vs2);
        vxReleaseGraph(&g2);
    }
    vxReleaseScalar(&out);
    vxReleaseArray(&va);
    vxReleaseImage(&in);
    vxReleaseKernel(&kr);
    vxReleaseKernel(&ka);
    vxReleaseKernel(&ks);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, nonvirtual_output_mismatch, "REQ-0647 REQ-0650 REQ-1881")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c), ks = et_sum_kernel(c);
    vx_image in = et_image(c, 16, 16, 0), small = vxCreateImage(c, 8, 16, VX_DF_IMAGE_U8);
    vx_image s16 = vxCreateImage(c, 16, 16, VX_DF_IMAGE_S16);
    vx_float32 fz = 0;
    vx_scalar fs = vxCreateScalar(c, VX_TYPE_FLOAT32, &fz);
    vx_node n = et_node(g, k, R(in), R(small), NULL);
    cts_log_clear();
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS); /* wrong width */
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 1, R(s16)), VX_SUCCESS);
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS); /* wrong format */
    vxReleaseNode(&n);
    n = et_node(g, ks, R(in), R(fs), NULL);
    CTS_ASSERT_STATUS(vxRemoveNode(&n), VX_SUCCESS);
    n = et_node(g, ks, R(in), R(fs), NULL);
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS); /* scalar of the wrong type */
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&small);
    vxReleaseImage(&s16);
    vxReleaseScalar(&fs);
    vxReleaseKernel(&k);
    vxReleaseKernel(&ks);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, multiple_writers, "REQ-0650")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image a = et_image(c, 16, 16, 0), b = et_image(c, 16, 16, 1), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n1 = et_node(g, k, R(a), R(out), NULL), n2 = et_node(g, k, R(b), R(out), NULL);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_MULTIPLE_WRITERS);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_ASSERT_STATUS(vxRemoveNode(&n2), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    vxReleaseNode(&n1);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, multiple_writers_image_and_roi, "REQ-0650")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image a = et_image(c, 32, 32, 0), small = et_image(c, 8, 8, 0), big = vxCreateImage(c, 32, 32, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {4, 4, 12, 12};
    vx_image roi = vxCreateImageFromROI(big, &r);
    vx_node n1, n2;
    CTS_ASSERT_VALID(roi);
    n1 = et_node(g, k, R(a), R(big), NULL);
    n2 = et_node(g, k, R(small), R(roi), NULL);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_MULTIPLE_WRITERS);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&roi);
    vxReleaseImage(&a);
    vxReleaseImage(&small);
    vxReleaseImage(&big);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, disjoint_rois_have_one_writer_each, "REQ-0650")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image a = et_image(c, 8, 8, 0), big = et_image(c, 16, 8, 200);
    vx_rectangle_t r1 = {0, 0, 8, 8}, r2 = {8, 0, 16, 8};
    vx_image roi1 = vxCreateImageFromROI(big, &r1), roi2 = vxCreateImageFromROI(big, &r2);
    vx_scalar s5 = u8_scalar(c, 5);
    vx_node n1, n2;
    n1 = et_node(g, k, R(a), R(roi1), NULL);
    n2 = et_node(g, k, R(a), R(roi2), R(s5));
    ET_PROCESS(g);
    CTS_EXPECT_EQ_INT(et_pixel(big, 0, 0), 1);
    CTS_EXPECT_EQ_INT(et_pixel(big, 7, 7), ET_PIX(7, 7, 1));
    CTS_EXPECT_EQ_INT(et_pixel(big, 8, 0), 5);
    CTS_EXPECT_EQ_INT(et_pixel(big, 15, 7), ET_PIX(7, 7, 5));
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&roi1);
    vxReleaseImage(&roi2);
    vxReleaseImage(&a);
    vxReleaseImage(&big);
    vxReleaseScalar(&s5);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, multiple_writers_pyramid_and_level, "REQ-0650")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c), kp = et_pyr_kernel(c);
    vx_pyramid pin = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 32, 32, VX_DF_IMAGE_U8);
    vx_pyramid pout = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 32, 32, VX_DF_IMAGE_U8);
    vx_image src = et_image(c, 16, 16, 0), lvl;
    vx_node n1, n2;
    CTS_ASSERT_VALID(pin);
    CTS_ASSERT_VALID(pout);
    lvl = vxGetPyramidLevel(pout, 1);
    CTS_ASSERT_VALID(lvl);
    n1 = et_node(g, kp, R(pin), R(pout), NULL);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    n2 = et_node(g, k, R(src), R(lvl), NULL);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_MULTIPLE_WRITERS);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&lvl);
    vxReleaseImage(&src);
    vxReleasePyramid(&pin);
    vxReleasePyramid(&pout);
    vxReleaseKernel(&k);
    vxReleaseKernel(&kp);
    vxReleaseGraph(&g);
}

/* A node reading an ROI runs after the node writing the whole image, even
 * when it was added first (containment dependency). */
CTS_TEST(Graph, roi_reader_after_image_writer, "REQ-0606")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 0), mid = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {8, 8, 16, 16};
    vx_image roi = vxCreateImageFromROI(mid, &r);
    vx_node n1, n2;
    CTS_ASSERT_VALID(roi);
    et_fill(mid, 77);
    n2 = et_node(g, k, R(roi), R(out), NULL);
    n1 = et_node(g, k, R(in), R(mid), NULL);
    ET_PROCESS(g);
    /* mid(x,y) = ET_PIX(x,y,1); out(x,y) = mid(x+8,y+8)+1 = ET_PIX(x,y,8+24+2) */
    CTS_EXPECT_EQ_INT(et_check(out, 34), 0);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&roi);
    vxReleaseImage(&in);
    vxReleaseImage(&mid);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, cycle_refused, "REQ-0650")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image a = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8), b = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_image d = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n1 = et_node(g, k, R(a), R(b), NULL), n2 = et_node(g, k, R(b), R(d), NULL), n3;
    n3 = et_node(g, k, R(d), R(a), NULL);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_GRAPH);
    CTS_EXPECT(cts_log_count() >= 1);
    /* a node reading its own output is a cycle too */
    CTS_ASSERT_STATUS(vxRemoveNode(&n3), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxRemoveNode(&n2), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetParameterByIndex(n1, 0, R(b)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_GRAPH);
    vxReleaseNode(&n1);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseImage(&d);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

/* A loop closed through a delay is not a cycle (Broken Cycles). */
CTS_TEST(Graph, cycle_through_delay_allowed, "REQ-0619 REQ-0620")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image ex = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8), mid = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_delay d = vxCreateDelay(c, R(ex), 2);
    vx_node n1, n2;
    CTS_ASSERT_VALID(d);
    et_fill((vx_image)vxGetReferenceFromDelay(d, -1), 0);
    n1 = et_node(g, k, vxGetReferenceFromDelay(d, -1), R(mid), NULL);
    n2 = et_node(g, k, R(mid), vxGetReferenceFromDelay(d, 0), NULL);
    CTS_ASSERT_STATUS(vxRegisterAutoAging(g, d), VX_SUCCESS);
    ET_PROCESS(g);
    ET_PROCESS(g);
    CTS_EXPECT_EQ_INT(et_check((vx_image)vxGetReferenceFromDelay(d, -1), 4), 0);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseDelay(&d);
    vxReleaseImage(&ex);
    vxReleaseImage(&mid);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, uniform_image_not_an_output, "REQ-0647")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_pixel_value_t pv;
    vx_image in = et_image(c, 16, 16, 0), u;
    vx_node n;
    memset(&pv, 0, sizeof(pv));
    pv.U8 = 9;
    u = vxCreateUniformImage(c, 16, 16, VX_DF_IMAGE_U8, &pv);
    CTS_ASSERT_VALID(u);
    n = et_node(g, k, R(in), R(u), NULL);
    cts_log_clear();
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    CTS_EXPECT(cts_log_count() >= 1);
    /* as an input it is fine */
    CTS_ASSERT_STATUS(vxRemoveNode(&n), VX_SUCCESS);
    {
        vx_image out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
        n = et_node(g, k, R(u), R(out), NULL);
        ET_PROCESS(g);
        CTS_EXPECT_EQ_INT(et_pixel(out, 3, 3), 10);
        vxReleaseImage(&out);
    }
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&u);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, virtual_image_without_writer, "REQ-0647")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image v = vxCreateVirtualImage(g, 16, 16, VX_DF_IMAGE_U8), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(v), R(out), NULL);
    cts_log_clear();
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    CTS_EXPECT(cts_log_count() >= 1);
    vxReleaseNode(&n);
    vxReleaseImage(&v);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, required_parameter_missing, "REQ-1624 REQ-0647")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 0), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(in), NULL, NULL);
    cts_log_clear();
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT(vxProcessGraph(g) != VX_SUCCESS);
    /* optional parameter 2 left unset is fine */
    CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 1, R(out)), VX_SUCCESS);
    ET_PROCESS(g);
    CTS_EXPECT_EQ_INT(et_check(out, 1), 0);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, wrong_parameter_type, "REQ-0650 REQ-1781")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 0), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_array arr = vxCreateArray(c, VX_TYPE_UINT8, 4);
    vx_node n = et_node(g, k, NULL, R(out), NULL);
    vx_status s;
    vx_reference ref = NULL;
    vx_parameter p;
    /* an array where an image is declared: refused when set, or at verify */
    s = vxSetParameterByIndex(n, 0, R(arr));
    if (s == VX_SUCCESS) {
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_TYPE);
    } else {
        CTS_EXPECT_STATUS(s, VX_ERROR_INVALID_TYPE);
        p = vxGetParameterByIndex(n, 0);
        CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof(ref)), VX_SUCCESS);
        CTS_EXPECT(ref == NULL);
        vxReleaseParameter(&p);
        CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    }
    /* the validator's own type check (the scalar must be UINT8) */
    CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 0, R(in)), VX_SUCCESS);
    {
        vx_int16 v = 3;
        vx_scalar s16 = vxCreateScalar(c, VX_TYPE_INT16, &v);
        CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 2, R(s16)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_TYPE);
        vxReleaseScalar(&s16);
    }
    vxReleaseNode(&n);
    vxReleaseArray(&arr);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Graph, valid_rectangle_callback, "REQ-1855 REQ-1856 REQ-1858 REQ-1859 REQ-1863 REQ-1864 REQ-1865 REQ-1866 REQ-1886")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel ks = et_shrink_kernel(c), ka = et_add_kernel(c);
    vx_image in = et_image(c, 32, 24, 0), mid = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8), out2 = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
    vx_rectangle_t r, start = {2, 3, 30, 20};
    vx_node n1 = et_node(g, ks, R(in), R(mid), NULL), n2 = et_node(g, ks, R(mid), R(out), NULL);
    vx_node n3 = et_node(g, ka, R(out), R(out2), NULL);
    vx_bool reset = vx_true_e;
    ET_PROCESS(g);
    CTS_ASSERT_STATUS(vxGetValidRegionImage(mid, &r), VX_SUCCESS);
    CTS_EXPECT(r.start_x == 1 && r.start_y == 1 && r.end_x == 31 && r.end_y == 23);
    CTS_ASSERT_STATUS(vxGetValidRegionImage(out, &r), VX_SUCCESS);
    CTS_EXPECT_MSG(r.start_x == 2 && r.start_y == 2 && r.end_x == 30 && r.end_y == 22, "out valid %u,%u-%u,%u",
                   r.start_x, r.start_y, r.end_x, r.end_y);
    CTS_EXPECT_STATUS(vxQueryNode(n1, VX_NODE_VALID_RECT_RESET, &reset, sizeof(reset)), VX_SUCCESS);
    CTS_EXPECT(reset == vx_false_e);
    /* the input's own valid rectangle is what the callback receives */
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(in, &start), VX_SUCCESS);
    ET_PROCESS(g);
    CTS_ASSERT_STATUS(vxGetValidRegionImage(out, &r), VX_SUCCESS);
    CTS_EXPECT_MSG(r.start_x == 4 && r.start_y == 5 && r.end_x == 28 && r.end_y == 18, "out valid %u,%u-%u,%u",
                   r.start_x, r.start_y, r.end_x, r.end_y);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseNode(&n3);
    vxReleaseImage(&in);
    vxReleaseImage(&mid);
    vxReleaseImage(&out);
    vxReleaseImage(&out2);
    vxReleaseKernel(&ks);
    vxReleaseKernel(&ka);
    vxReleaseGraph(&g);
}

/* A callback's rectangle not inside the image (here inverted: the shrink
 * callback on an empty input rectangle gives (6,6)-(4,4)) is not taken: the
 * rest of the library and the next node's kernel trust a valid rectangle to
 * lie in its image, as vxSetImageValidRectangle demands.  The whole image is
 * valid instead, and the log says why. */
CTS_TEST(Graph, valid_rectangle_callback_outside_image, "REQ-1855 REQ-1858 REQ-1865")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel ks = et_shrink_kernel(c);
    vx_image in = et_image(c, 32, 24, 0), mid = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
    vx_rectangle_t r, empty = {5, 5, 5, 5};
    vx_node n = et_node(g, ks, R(in), R(mid), NULL);
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(in, &empty), VX_SUCCESS);
    cts_log_clear();
    ET_PROCESS(g);
    CTS_ASSERT_STATUS(vxGetValidRegionImage(mid, &r), VX_SUCCESS);
    CTS_EXPECT_MSG(r.start_x == 0 && r.start_y == 0 && r.end_x == 32 && r.end_y == 24, "mid valid %u,%u-%u,%u",
                   r.start_x, r.start_y, r.end_x, r.end_y);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT_MSG(strstr(cts_log_last()->message, "valid-rectangle callback") &&
                       strstr(cts_log_last()->message, "(6,6)-(4,4)"),
                   "log: %s", cts_log_last()->message);
    CTS_EXPECT(cts_log_last()->ref == (vx_reference)n);
    /* a rectangle inside the image is taken again */
    empty.end_x = 20;
    empty.end_y = 12;
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(in, &empty), VX_SUCCESS);
    ET_PROCESS(g);
    CTS_ASSERT_STATUS(vxGetValidRegionImage(mid, &r), VX_SUCCESS);
    CTS_EXPECT_MSG(r.start_x == 6 && r.start_y == 6 && r.end_x == 19 && r.end_y == 11, "mid valid %u,%u-%u,%u",
                   r.start_x, r.start_y, r.end_x, r.end_y);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&mid);
    vxReleaseKernel(&ks);
    vxReleaseGraph(&g);
}

/* A user kernel writing a pyramid (REQ-1865 to REQ-1867): its callback gets
 * one rectangle per level to set.  "vr_pyr": in U8 image, out U8 pyramid of 3
 * half-scale levels (nothing written: only the valid regions are looked at);
 * its callback halves the input's rectangle from level to level, and with
 * vrp_wild gives level 1 a rectangle outside that level's image. */
static int vrp_wild, vrp_calls;

static vx_status VX_CALLBACK vrp_kernel(vx_node node, const vx_reference *prm, vx_uint32 num)
{
    (void)node;
    (void)prm;
    (void)num;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK vrp_rect(vx_node node, vx_uint32 index, const vx_rectangle_t *const input_valid[],
                                      vx_rectangle_t *const output_valid[])
{
    const vx_rectangle_t *in = input_valid[0];
    vx_uint32 l;
    (void)node;
    vrp_calls++;
    if (index != 1) return VX_FAILURE;
    for (l = 0; l < 3; l++) {
        output_valid[l]->start_x = in->start_x >> l;
        output_valid[l]->start_y = in->start_y >> l;
        output_valid[l]->end_x = in->end_x >> l;
        output_valid[l]->end_y = in->end_y >> l;
    }
    if (vrp_wild) output_valid[1]->end_x = 1000;
    return VX_SUCCESS;
}

static vx_status vrp_validate_common(const vx_reference prm[], vx_meta_format metas[], vx_bool cb)
{
    vx_uint32 w = 0, h = 0;
    vx_df_image u8 = VX_DF_IMAGE_U8;
    vx_size levels = 3;
    vx_float32 scale = VX_SCALE_PYRAMID_HALF;
    vx_kernel_image_valid_rectangle_f f = vrp_rect;
    vxQueryImage((vx_image)prm[0], VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage((vx_image)prm[0], VX_IMAGE_HEIGHT, &h, sizeof(h));
    if (vxSetMetaFormatAttribute(metas[1], VX_PYRAMID_LEVELS, &levels, sizeof(levels)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(metas[1], VX_PYRAMID_SCALE, &scale, sizeof(scale)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(metas[1], VX_PYRAMID_WIDTH, &w, sizeof(w)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(metas[1], VX_PYRAMID_HEIGHT, &h, sizeof(h)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(metas[1], VX_PYRAMID_FORMAT, &u8, sizeof(u8)) != VX_SUCCESS)
        return VX_FAILURE;
    return cb ? vxSetMetaFormatAttribute(metas[1], VX_VALID_RECT_CALLBACK, &f, sizeof(f)) : VX_SUCCESS;
}

static vx_status VX_CALLBACK vrp_validate(vx_node node, const vx_reference prm[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    (void)node;
    (void)num;
    return vrp_validate_common(prm, metas, vx_true_e);
}

static vx_status VX_CALLBACK vrp_validate_plain(vx_node node, const vx_reference prm[], vx_uint32 num,
                                                vx_meta_format metas[])
{
    (void)node;
    (void)num;
    return vrp_validate_common(prm, metas, vx_false_e);
}

static void expect_level(vx_pyramid p, vx_uint32 l, vx_uint32 sx, vx_uint32 sy, vx_uint32 ex, vx_uint32 ey)
{
    vx_image img = vxGetPyramidLevel(p, l);
    vx_rectangle_t r;
    CTS_ASSERT_VALID(img);
    CTS_EXPECT_STATUS(vxGetValidRegionImage(img, &r), VX_SUCCESS);
    CTS_EXPECT_MSG(r.start_x == sx && r.start_y == sy && r.end_x == ex && r.end_y == ey,
                   "level %u valid %u,%u-%u,%u, expected %u,%u-%u,%u", l, r.start_x, r.start_y, r.end_x, r.end_y, sx,
                   sy, ex, ey);
    vxReleaseImage(&img);
}

CTS_TEST(Graph, valid_rectangle_callback_pyramid, "REQ-1855 REQ-1856 REQ-1860 REQ-1865 REQ-1866 REQ-1867")
{
    static const vx_enum d[2] = {VX_INPUT, VX_OUTPUT};
    static const vx_enum t[2] = {VX_TYPE_IMAGE, VX_TYPE_PYRAMID};
    static const vx_enum st[2] = {VX_PARAMETER_STATE_REQUIRED, VX_PARAMETER_STATE_REQUIRED};
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c), g2 = vxCreateGraph(c);
    vx_kernel k = make_kernel(c, "vr_pyr", vrp_kernel, 2, vrp_validate, d, t, st);
    vx_kernel k2 = make_kernel(c, "vr_pyr_plain", vrp_kernel, 2, vrp_validate_plain, d, t, st);
    vx_image in = et_image(c, 64, 48, 0);
    vx_pyramid out = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 64, 48, VX_DF_IMAGE_U8);
    vx_rectangle_t start = {8, 4, 40, 32}, odd = {1, 1, 3, 3};
    vx_node n = et_node(g, k, R(in), R(out), NULL), n2 = et_node(g2, k2, R(in), R(out), NULL);
    vx_image lv1;
    vx_bool reset = vx_true_e;
    CTS_ASSERT_VALID(out);
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(in, &start), VX_SUCCESS);
    vrp_wild = 0;
    vrp_calls = 0;
    ET_PROCESS(g);
    CTS_EXPECT(vrp_calls >= 1);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_VALID_RECT_RESET, &reset, sizeof(reset)), VX_SUCCESS);
    CTS_EXPECT(reset == vx_false_e);
    expect_level(out, 0, 8, 4, 40, 32);
    expect_level(out, 1, 4, 2, 20, 16);
    expect_level(out, 2, 2, 1, 10, 8);
    /* a level's rectangle outside its 32x24 image: that level whole, logged */
    vrp_wild = 1;
    cts_log_clear();
    ET_PROCESS(g);
    expect_level(out, 0, 8, 4, 40, 32);
    expect_level(out, 1, 0, 0, 32, 24);
    expect_level(out, 2, 2, 1, 10, 8);
    CTS_EXPECT_MSG(strstr(cts_log_last()->message, "for level 1") && strstr(cts_log_last()->message, "32x24"),
                   "log: %s", cts_log_last()->message);
    /* no callback: a user node resets every level to the whole image */
    lv1 = vxGetPyramidLevel(out, 1);
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(lv1, &odd), VX_SUCCESS);
    ET_PROCESS(g2);
    expect_level(out, 0, 0, 0, 64, 48);
    expect_level(out, 1, 0, 0, 32, 24);
    expect_level(out, 2, 0, 0, 16, 12);
    vxReleaseImage(&lv1);
    vxReleaseNode(&n);
    vxReleaseNode(&n2);
    vxReleaseImage(&in);
    vxReleasePyramid(&out);
    vxReleaseKernel(&k);
    vxReleaseKernel(&k2);
    vxReleaseGraph(&g);
    vxReleaseGraph(&g2);
}

/* ---- two graphs at once from two threads --------------------------------- */
typedef struct {
    vx_graph g;
    vx_image in, out;
    vx_uint32 seed;
    int bad;
    int async;
} et_job;

static void *run_job(void *arg)
{
    et_job *j = (et_job *)arg;
    int i;
    for (i = 0; i < 10; i++) {
        vx_status s;
        if (j->async) {
            s = vxScheduleGraph(j->g);
            if (s == VX_SUCCESS) s = vxWaitGraph(j->g);
        } else {
            s = vxProcessGraph(j->g);
        }
        if (s != VX_SUCCESS || et_check(j->out, j->seed) != 0) j->bad++;
    }
    return NULL;
}

CTS_TEST(Graph, two_graphs_two_threads, "REQ-0608 REQ-0632 REQ-0652")
{
    vx_context c = cts_context();
    vx_kernel k = et_add_kernel(c);
    et_job jobs[2];
    pthread_t th[2];
    vx_node nodes[2][2];
    vx_image mids[2];
    int i;
    for (i = 0; i < 2; i++) {
        jobs[i].g = vxCreateGraph(c);
        CTS_ASSERT_VALID(jobs[i].g);
        jobs[i].in = et_image(c, 128, 64, (vx_uint32)(40 * i));
        jobs[i].out = vxCreateImage(c, 128, 64, VX_DF_IMAGE_U8);
        mids[i] = vxCreateImage(c, 128, 64, VX_DF_IMAGE_U8);
        nodes[i][0] = et_node(jobs[i].g, k, R(jobs[i].in), R(mids[i]), NULL);
        nodes[i][1] = et_node(jobs[i].g, k, R(mids[i]), R(jobs[i].out), NULL);
        jobs[i].seed = (vx_uint32)(40 * i + 2);
        jobs[i].bad = 0;
        jobs[i].async = i;
        CTS_ASSERT_STATUS(vxVerifyGraph(jobs[i].g), VX_SUCCESS);
    }
    for (i = 0; i < 2; i++) CTS_ASSERT(pthread_create(&th[i], NULL, run_job, &jobs[i]) == 0);
    for (i = 0; i < 2; i++) pthread_join(th[i], NULL);
    CTS_EXPECT_EQ_INT(jobs[0].bad, 0);
    CTS_EXPECT_EQ_INT(jobs[1].bad, 0);
    /* both scheduled at once from this thread */
    et_fill(jobs[0].in, 9);
    et_fill(jobs[1].in, 19);
    CTS_ASSERT_STATUS(vxScheduleGraph(jobs[0].g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxScheduleGraph(jobs[1].g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxWaitGraph(jobs[1].g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxWaitGraph(jobs[0].g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(et_check(jobs[0].out, 11), 0);
    CTS_EXPECT_EQ_INT(et_check(jobs[1].out, 21), 0);
    for (i = 0; i < 2; i++) {
        vxReleaseNode(&nodes[i][0]);
        vxReleaseNode(&nodes[i][1]);
        vxReleaseImage(&mids[i]);
        vxReleaseImage(&jobs[i].in);
        vxReleaseImage(&jobs[i].out);
        vxReleaseGraph(&jobs[i].g);
    }
    vxReleaseKernel(&k);
}

CTS_TEST(Graph, bad_handles, "REQ-0598 REQ-0600 REQ-0609 REQ-0613 REQ-0629 REQ-0637 REQ-0649 REQ-0654 REQ-1972 REQ-1976")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c), dead = vxCreateGraph(c), null_g = NULL;
    vx_image img = vxCreateImage(c, 4, 4, VX_DF_IMAGE_U8);
    vx_graph as_graph = (vx_graph)img;
    vx_uint32 n = 0;
    vx_graph err;
    CTS_ASSERT_VALID(g);
    CTS_ASSERT_STATUS(vxReleaseGraph(&dead), VX_SUCCESS);
    err = vxCreateGraph(NULL);
    CTS_EXPECT(vxGetStatus(R(err)) != VX_SUCCESS);
    CTS_EXPECT(vxIsGraphVerified(NULL) == vx_false_e);
    CTS_EXPECT(vxIsGraphVerified(as_graph) == vx_false_e);
    CTS_EXPECT_STATUS(vxVerifyGraph(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxVerifyGraph(as_graph), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxProcessGraph(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxProcessGraph(as_graph), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxScheduleGraph(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxScheduleGraph(as_graph), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxWaitGraph(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxWaitGraph(as_graph), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryGraph(NULL, VX_GRAPH_NUMNODES, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryGraph(as_graph, VX_GRAPH_NUMNODES, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseGraph(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseGraph(&null_g), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseGraph(&as_graph), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(as_graph, 0, R(img)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(vxGetStatus(R(vxGetGraphParameterByIndex(NULL, 0))) != VX_SUCCESS);
    CTS_EXPECT(vxGetStatus(R(vxGetGraphParameterByIndex(g, 0))) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxRegisterAutoAging(as_graph, NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(vxGetStatus(R(vxCreateVirtualImage(NULL, 4, 4, VX_DF_IMAGE_U8))) != VX_SUCCESS);
    CTS_EXPECT(vxGetStatus(R(vxCreateVirtualImage(as_graph, 4, 4, VX_DF_IMAGE_U8))) != VX_SUCCESS);
    vxReleaseImage(&img);
    vxReleaseGraph(&g);
}

/* Virtual images whose lifetimes do not overlap share memory: a chain of
 * five Not nodes through four virtual images needs two buffers, and the
 * data still flows right (five inversions = one). */
CTS_TEST(Graph, virtual_images_share_memory, "REQ-0648")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_image in = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8), out = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8);
    vx_image v[4];
    vx_rectangle_t rect = {0, 0, 64, 48};
    vx_imagepatch_addressing_t addr = VX_IMAGEPATCH_ADDR_INIT;
    vx_uint8 src[48][64], dst[48][64];
    vx_size shared = 0, unshared = 0;
    int i, x, y, bad = 0;
    addr.dim_x = 64;
    addr.dim_y = 48;
    addr.stride_x = 1;
    addr.stride_y = 64;
    for (y = 0; y < 48; y++)
        for (x = 0; x < 64; x++) src[y][x] = (vx_uint8)(x * 7 + y * 13);
    CTS_ASSERT_STATUS(vxCopyImagePatch(in, &rect, 0, &addr, src, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    {
        /* the memory plan itself: unfused (fused, the chain needs no full-size buffer) */
        vx_bool off = vx_false_e;
        CTS_ASSERT_STATUS(vxSetGraphAttribute(g, VX_GRAPH_OVX_FUSION, &off, sizeof(off)), VX_SUCCESS);
    }
    for (i = 0; i < 4; i++) v[i] = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    for (i = 0; i < 5; i++) {
        vx_node n = vxNotNode(g, i == 0 ? in : v[i - 1], i == 4 ? out : v[i]);
        CTS_ASSERT_VALID(n);
        vxReleaseNode(&n);
    }
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryGraph(g, VX_GRAPH_OVX_VIRTUAL_BYTES, &shared, sizeof(shared)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryGraph(g, VX_GRAPH_OVX_VIRTUAL_BYTES_UNSHARED, &unshared, sizeof(unshared)),
                      VX_SUCCESS);
    CTS_EXPECT(unshared >= 4 * 64 * 48);
    CTS_EXPECT_MSG(shared * 2 == unshared, "plan takes %zu bytes, four separate images %zu", (size_t)shared,
                   (size_t)unshared);
    for (i = 0; i < 2; i++) CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyImagePatch(out, &rect, 0, &addr, dst, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (y = 0; y < 48; y++)
        for (x = 0; x < 64; x++) bad += (int)dst[y][x] + (int)src[y][x] != 255;
    CTS_EXPECT_EQ_INT(bad, 0);
    for (i = 0; i < 4; i++) vxReleaseImage(&v[i]);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseGraph(&g);
}

/* Every vxCreateVirtual* gives an object of the graph's scope that the
 * application cannot access (VX_ERROR_OPTIMIZED_AWAY), with the attributes
 * it was given; a bad graph gives no object. */
CTS_TEST(Graph, virtual_creators, "REQ-0569 REQ-0648")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_image exemplar = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_size dims[2] = {4, 3}, nd = 0, cap = 0;
    vx_reference refs[13];
    vx_enum types[13] = {VX_TYPE_IMAGE,  VX_TYPE_ARRAY,     VX_TYPE_SCALAR,       VX_TYPE_MATRIX, VX_TYPE_CONVOLUTION,
                         VX_TYPE_DISTRIBUTION, VX_TYPE_LUT, VX_TYPE_REMAP,        VX_TYPE_THRESHOLD,
                         VX_TYPE_PYRAMID, VX_TYPE_TENSOR,   VX_TYPE_OBJECT_ARRAY, VX_TYPE_USER_DATA_OBJECT};
    vx_uint8 byte = 0;
    vx_int32 i;
    refs[0] = (vx_reference)vxCreateVirtualImage(g, 8, 8, VX_DF_IMAGE_U8);
    refs[1] = (vx_reference)vxCreateVirtualArray(g, VX_TYPE_KEYPOINT, 10);
    refs[2] = (vx_reference)vxCreateVirtualScalar(g, VX_TYPE_UINT8);
    refs[3] = (vx_reference)vxCreateVirtualMatrix(g, VX_TYPE_FLOAT32, 3, 2);
    refs[4] = (vx_reference)vxCreateVirtualConvolution(g, 3, 3);
    refs[5] = (vx_reference)vxCreateVirtualDistribution(g, 16, 0, 256);
    refs[6] = (vx_reference)vxCreateVirtualLUT(g, VX_TYPE_UINT8, 256);
    refs[7] = (vx_reference)vxCreateVirtualRemap(g, 8, 8, 4, 4);
    refs[8] = (vx_reference)vxCreateVirtualThresholdForImage(g, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8,
                                                             VX_DF_IMAGE_U8);
    refs[9] = (vx_reference)vxCreateVirtualPyramid(g, 3, VX_SCALE_PYRAMID_HALF, 0, 0, VX_DF_IMAGE_VIRT);
    refs[10] = (vx_reference)vxCreateVirtualTensor(g, 2, dims, VX_TYPE_INT16, 0);
    refs[11] = (vx_reference)vxCreateVirtualObjectArray(g, (vx_reference)exemplar, 3);
    refs[12] = (vx_reference)vxCreateVirtualUserDataObject(g, "blob", 12);
    for (i = 0; i < 13; i++) {
        vx_enum t = 0;
        CTS_ASSERT_MSG(vxGetStatus(refs[i]) == VX_SUCCESS, "virtual creator %d failed", i);
        CTS_EXPECT_STATUS(vxQueryReference(refs[i], VX_REFERENCE_TYPE, &t, sizeof(t)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(t, types[i]);
    }
    CTS_EXPECT_STATUS(vxCopyScalar((vx_scalar)refs[2], &byte, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_OPTIMIZED_AWAY);
    CTS_EXPECT_STATUS(vxQueryArray((vx_array)refs[1], VX_ARRAY_CAPACITY, &cap, sizeof(cap)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cap, 10);
    CTS_EXPECT_STATUS(vxQueryTensor((vx_tensor)refs[10], VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(nd, 2);
    CTS_EXPECT(vxCreateVirtualImage(NULL, 8, 8, VX_DF_IMAGE_U8) == NULL);
    CTS_EXPECT(vxCreateVirtualArray(NULL, VX_TYPE_KEYPOINT, 10) == NULL);
    CTS_EXPECT(vxCreateVirtualTensor(NULL, 2, dims, VX_TYPE_INT16, 0) == NULL);
    CTS_EXPECT(vxGetStatus((vx_reference)vxCreateVirtualMatrix(g, VX_TYPE_FLOAT32, 0, 2)) != VX_SUCCESS);
    for (i = 0; i < 13; i++) CTS_EXPECT_STATUS(vxReleaseReference(&refs[i]), VX_SUCCESS);
    vxReleaseImage(&exemplar);
    vxReleaseGraph(&g);
}

CTS_TABLE(graph) = {
    CTS_ENTRY(Graph, virtual_creators),
    CTS_ENTRY(Graph, virtual_images_share_memory),
    CTS_ENTRY(Graph, empty_graph),
    CTS_ENTRY(Graph, query_and_set_attribute_checks),
    CTS_ENTRY(Graph, two_nodes_through_virtual_image),
    CTS_ENTRY(Graph, nodes_released_before_graph_still_run),
    CTS_ENTRY(Graph, reverification_after_changes),
    CTS_ENTRY(Graph, process_returns_verify_status),
    CTS_ENTRY(Graph, state_machine),
    CTS_ENTRY(Graph, schedule_and_wait),
    CTS_ENTRY(Graph, performance),
    CTS_ENTRY(Graph, graph_parameters),
    CTS_ENTRY(Graph, graph_parameters_run),
    CTS_ENTRY(Graph, delay_auto_aging),
    CTS_ENTRY(Graph, abandoned_graph_ages_delays),
    CTS_ENTRY(Graph, virtual_image_resolved_from_meta),
    CTS_ENTRY(Graph, virtual_array_and_scalar),
    CTS_ENTRY(Graph, nonvirtual_output_mismatch),
    CTS_ENTRY(Graph, multiple_writers),
    CTS_ENTRY(Graph, multiple_writers_image_and_roi),
    CTS_ENTRY(Graph, disjoint_rois_have_one_writer_each),
    CTS_ENTRY(Graph, multiple_writers_pyramid_and_level),
    CTS_ENTRY(Graph, roi_reader_after_image_writer),
    CTS_ENTRY(Graph, cycle_refused),
    CTS_ENTRY(Graph, cycle_through_delay_allowed),
    CTS_ENTRY(Graph, uniform_image_not_an_output),
    CTS_ENTRY(Graph, virtual_image_without_writer),
    CTS_ENTRY(Graph, required_parameter_missing),
    CTS_ENTRY(Graph, wrong_parameter_type),
    CTS_ENTRY(Graph, valid_rectangle_callback),
    CTS_ENTRY(Graph, valid_rectangle_callback_outside_image),
    CTS_ENTRY(Graph, valid_rectangle_callback_pyramid),
    CTS_ENTRY(Graph, two_graphs_two_threads),
    CTS_ENTRY(Graph, bad_handles),
    CTS_TABLE_END};

