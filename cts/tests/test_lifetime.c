/*
 * Lifetimes: an object that outlives the object it points to (a virtual object
 * its graph, a vx_parameter its node, a pyramid level or object-array item its
 * container), unchecked sizes and unbounded counts.  Each case was a
 * use-after-free, a wild write or a hang; each must now give the spec's status,
 * and releasing everything must leave no object behind.  (Run under ASan in
 * .ci/sanitize.sh.)
 */
#include "../runner/cts.h"

#include <VX/vx_khr_ix.h>

#include <pthread.h>
#include <string.h>

#define CTS_EXPECT_VALID(ref) CTS_EXPECT_STATUS(vxGetStatus((vx_reference)(ref)), VX_SUCCESS)

static vx_uint32 refs_of(vx_context c)
{
    vx_uint32 n = 0;
    vxQueryContext(c, VX_CONTEXT_REFERENCES, &n, sizeof(n));
    return n;
}

CTS_TEST(Lifetime, virtual_object_outlives_its_graph, "REQ-0124")
{
    vx_context c = cts_context();
    vx_uint32 before = refs_of(c);
    vx_graph g1 = vxCreateGraph(c), g2 = vxCreateGraph(c);
    vx_image v = vxCreateVirtualImage(g1, 16, 16, VX_DF_IMAGE_U8);
    vx_lut lut = vxCreateVirtualLUT(g1, VX_TYPE_UINT8, 256);
    vx_image in = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n;
    CTS_ASSERT_VALID(v);
    CTS_ASSERT_STATUS(vxReleaseGraph(&g1), VX_SUCCESS);
    /* the virtual objects of a released graph belong to no graph: a node may
     * take them (the Khronos CTS does), the graph does not verify */
    n = vxNotNode(g2, v, out);
    CTS_EXPECT_VALID(n);
    CTS_EXPECT_STATUS(vxVerifyGraph(g2), VX_ERROR_INVALID_SCOPE);
    vxReleaseNode(&n);
    n = vxTableLookupNode(g2, in, lut, out);
    CTS_EXPECT_VALID(n);
    CTS_EXPECT_STATUS(vxVerifyGraph(g2), VX_ERROR_INVALID_SCOPE);
    vxReleaseNode(&n);
    /* and still released normally */
    CTS_EXPECT_STATUS(vxReleaseImage(&v), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseLUT(&lut), VX_SUCCESS);
    vxReleaseGraph(&g2);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    CTS_EXPECT_EQ_INT(refs_of(c), before);
}

CTS_TEST(Lifetime, parameter_outlives_its_graph, "REQ-0356")
{
    vx_context c = cts_context();
    vx_uint32 before = refs_of(c);
    vx_graph g = vxCreateGraph(c), g2 = vxCreateGraph(c);
    vx_image a = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8), b = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n = vxNotNode(g, a, b);
    vx_parameter p = vxGetParameterByIndex(n, 0);
    vx_enum dir = 0;
    vx_reference r = NULL;
    CTS_ASSERT_VALID(p);
    CTS_ASSERT_STATUS(vxReleaseGraph(&g), VX_SUCCESS); /* releases n too */
    CTS_EXPECT_STATUS(vxAddParameterToGraph(g2, p), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetParameterByReference(p, (vx_reference)a), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_DIRECTION, &dir, sizeof(dir)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(dir, VX_INPUT);
    CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_REF, &r, sizeof(r)), VX_SUCCESS);
    CTS_EXPECT(r == NULL);
    CTS_EXPECT_STATUS(vxReleaseNode(&n), VX_ERROR_INVALID_REFERENCE); /* released with its graph */
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    vxReleaseGraph(&g2);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    CTS_EXPECT_EQ_INT(refs_of(c), before);
}

CTS_TEST(Lifetime, level_and_item_outlive_their_container, "REQ-0474 REQ-0491")
{
    vx_context c = cts_context();
    vx_uint32 before = refs_of(c);
    vx_graph g = vxCreateGraph(c);
    vx_pyramid py = vxCreatePyramid(c, 2, VX_SCALE_PYRAMID_HALF, 16, 16, VX_DF_IMAGE_U8);
    vx_image lvl = vxGetPyramidLevel(py, 0), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_image ex = vxCreateImage(c, 4, 4, VX_DF_IMAGE_U8), o2 = vxCreateImage(c, 4, 4, VX_DF_IMAGE_U8);
    vx_object_array oa = vxCreateObjectArray(c, (vx_reference)ex, 2);
    vx_image item = (vx_image)vxGetObjectArrayItem(oa, 1);
    vx_node n1 = vxNotNode(g, lvl, out), n2 = vxNotNode(g, item, o2);
    CTS_ASSERT_VALID(n1);
    CTS_ASSERT_VALID(n2);
    /* the application lets go of the containers first, then of the items: the
     * nodes' holds keep both alive */
    vxReleasePyramid(&py);
    vxReleaseObjectArray(&oa);
    vxReleaseImage(&lvl);
    vxReleaseImage(&item);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseGraph(&g);
    vxReleaseImage(&out);
    vxReleaseImage(&o2);
    vxReleaseImage(&ex);
    /* and then everything is gone: no container kept by a forgotten hold */
    CTS_EXPECT_EQ_INT(refs_of(c), before);
}

CTS_TEST(Lifetime, removed_nodes_parameter, "REQ-0356")
{
    vx_context c = cts_context();
    vx_uint32 before = refs_of(c);
    vx_graph g = vxCreateGraph(c);
    vx_image a = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8), b = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n = vxNotNode(g, a, b), keep = vxNotNode(g, b, a);
    vx_parameter p = vxGetParameterByIndex(n, 0), gp;
    vx_reference refs[1];
    vx_enum uses[1] = {VX_IX_USE_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    CTS_ASSERT_STATUS(vxRemoveNode(&n), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxAddParameterToGraph(g, p), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetParameterByReference(p, (vx_reference)a), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 0, (vx_reference)a), VX_ERROR_INVALID_PARAMETERS);
    gp = vxGetGraphParameterByIndex(g, 0);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)gp), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    refs[0] = (vx_reference)g;
    CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, 1, refs, uses, &blob, &len), VX_SUCCESS);
    if (blob) vxReleaseExportedMemory(c, &blob);
    vxReleaseParameter(&p);
    vxReleaseNode(&keep);
    vxReleaseGraph(&g);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    CTS_EXPECT_EQ_INT(refs_of(c), before);
}

CTS_TEST(Lifetime, copy_patch_stride_overflow, "REQ-0290")
{
    vx_context c = cts_context();
    vx_image img = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {0, 0, 16, 16};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    vx_uint8 buf[16 * 18];
    memset(buf, 0, sizeof(buf));
    a.dim_x = 16;
    a.dim_y = 16;
    a.stride_x = 0x7fffffff;
    a.stride_y = 18;
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &a, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    a.stride_x = -1;
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    a.stride_x = 1;
    a.stride_y = 18;
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    vxReleaseImage(&img);
}

CTS_TEST(Lifetime, pyramid_level_count_bounded, "REQ-0463")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_pyramid p = vxCreatePyramid(c, (vx_size)-2, 1.0f, 16, 16, VX_DF_IMAGE_U8);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)p), VX_ERROR_INVALID_PARAMETERS);
    p = vxCreateVirtualPyramid(g, (vx_size)-2, 1.0f, 16, 16, VX_DF_IMAGE_U8);
    CTS_EXPECT(vxGetStatus((vx_reference)p) != VX_SUCCESS);
    p = vxCreatePyramid(c, 100000, 1.0f, 4, 4, VX_DF_IMAGE_U8);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)p), VX_ERROR_INVALID_PARAMETERS);
    p = vxCreatePyramid(c, 5, 1.0f, 4, 4, VX_DF_IMAGE_U8); /* a scale of 1 is allowed */
    CTS_EXPECT_VALID(p);
    vxReleasePyramid(&p);
    vxReleaseGraph(&g);
}

CTS_TEST(Lifetime, release_context_while_scheduled, "REQ-0173 REQ-0347")
{
    int i;
    for (i = 0; i < 4; i++) {
        vx_context c = vxCreateContext();
        vx_image in = vxCreateImage(c, 1280, 720, VX_DF_IMAGE_U8), out = vxCreateImage(c, 1280, 720, VX_DF_IMAGE_U8);
        vx_graph g = vxCreateGraph(c);
        vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
        vx_node a = vxGaussian3x3Node(g, in, v), b = vxBox3x3Node(g, v, out);
        CTS_ASSERT_VALID(a);
        CTS_ASSERT_VALID(b);
        CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS);
        if (i & 1) CTS_EXPECT_STATUS(vxReleaseGraph(&g), VX_SUCCESS); /* waits for the run */
        CTS_EXPECT_STATUS(vxReleaseContext(&c), VX_SUCCESS);   /* waits for the run */
    }
}

typedef struct {
    vx_graph g;
    int runs, refused, bad;
} sched_arg;

static void *schedule_loop(void *p)
{
    sched_arg *a = p;
    int i;
    for (i = 0; i < 150; i++) {
        vx_status s = vxScheduleGraph(a->g);
        if (s == VX_SUCCESS) {
            if (vxWaitGraph(a->g) == VX_SUCCESS) a->runs++;
            else a->bad++;
        } else if (s == VX_ERROR_GRAPH_SCHEDULED) {
            a->refused++;
        } else {
            a->bad++;
        }
    }
    return NULL;
}

/* Two threads schedule and wait one graph: single-issue, so a schedule is
 * refused while another run is outstanding, and every wait after a successful
 * schedule reports that run's success. */
CTS_TEST(Lifetime, one_graph_scheduled_from_two_threads, "REQ-0347 REQ-0349")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8), out = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vx_node n = vxGaussian3x3Node(g, in, out);
    sched_arg a = {g, 0, 0, 0}, b = {g, 0, 0, 0};
    pthread_t t1, t2;
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    pthread_create(&t1, NULL, schedule_loop, &a);
    pthread_create(&t2, NULL, schedule_loop, &b);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    CTS_EXPECT_EQ_INT(a.bad + b.bad, 0);
    CTS_EXPECT_EQ_INT(a.runs + a.refused, 150);
    CTS_EXPECT(a.runs + b.runs > 0);
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_FAILURE); /* nothing scheduled */
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

CTS_TABLE(lifetime) = {
    CTS_ENTRY(Lifetime, virtual_object_outlives_its_graph),
    CTS_ENTRY(Lifetime, parameter_outlives_its_graph),
    CTS_ENTRY(Lifetime, level_and_item_outlive_their_container),
    CTS_ENTRY(Lifetime, removed_nodes_parameter),
    CTS_ENTRY(Lifetime, copy_patch_stride_overflow),
    CTS_ENTRY(Lifetime, pyramid_level_count_bounded),
    CTS_ENTRY(Lifetime, release_context_while_scheduled),
    CTS_ENTRY(Lifetime, one_graph_scheduled_from_two_threads),
    CTS_TABLE_END,
};
