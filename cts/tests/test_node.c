/* Spec chapters "Object: Node", "Object: Node (Advanced)", "Object:
 * Parameter" (node side), "Node: Border Modes", "Framework: Node Callbacks"
 * and vxReplicateNode, on nodes of the user kernels of test_graph.c. */
#include "engine_util.h"

#include <string.h>

CTS_TEST(Node, generic_node_parameters_start_null, "REQ-1620 REQ-1623 REQ-1624 REQ-0668 REQ-0669 REQ-1766 REQ-1769 REQ-1760")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_node n = vxCreateGenericNode(g, k);
    vx_uint32 np = 0, i;
    CTS_ASSERT_VALID(n);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_PARAMETERS, &np, sizeof(np)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(np, 3);
    for (i = 0; i < 3; i++) {
        vx_parameter p = vxGetParameterByIndex(n, i);
        vx_reference ref = R(c);
        CTS_ASSERT_VALID(p);
        CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof(ref)), VX_SUCCESS);
        CTS_EXPECT(ref == NULL);
        vxReleaseParameter(&p);
    }
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    vxReleaseNode(&n);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Node, generic_node_bad_arguments, "REQ-1621 REQ-1622 REQ-1623")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c), unfinished;
    vx_image img = vxCreateImage(c, 4, 4, VX_DF_IMAGE_U8);
    vx_node n;
    vx_enum e = 0;
    n = vxCreateGenericNode(NULL, k);
    CTS_EXPECT(vxGetStatus(R(n)) != VX_SUCCESS);
    n = vxCreateGenericNode(g, NULL);
    CTS_EXPECT_ERROR_OBJECT(n, VX_ERROR_INVALID_REFERENCE);
    n = vxCreateGenericNode(g, (vx_kernel)img);
    CTS_EXPECT_ERROR_OBJECT(n, VX_ERROR_INVALID_REFERENCE);
    n = vxCreateGenericNode((vx_graph)img, k);
    CTS_EXPECT(vxGetStatus(R(n)) != VX_SUCCESS);
    /* a kernel that is not finalized is not usable */
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    unfinished = vxAddUserKernel(c, "org.libopenvx.cts.et.unfinished", e, cts_nop_kernel, 1, cts_nop_validate, NULL, NULL);
    CTS_ASSERT_VALID(unfinished);
    n = vxCreateGenericNode(g, unfinished);
    CTS_EXPECT(vxGetStatus(R(n)) != VX_SUCCESS);
    {
        vx_uint32 nn = 9;
        vxQueryGraph(g, VX_GRAPH_NUMNODES, &nn, sizeof(nn));
        CTS_EXPECT_EQ_INT(nn, 0);
    }
    vxRemoveKernel(unfinished);
    vxReleaseImage(&img);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Node, set_parameter_by_index_and_reference, "REQ-1781 REQ-1785 REQ-1786 REQ-1787 REQ-1790 REQ-1791 REQ-1752 REQ-1754 REQ-1756 REQ-1758 REQ-1760 REQ-1770 REQ-1775 REQ-1776")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 2), in2 = et_image(c, 16, 16, 60), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(in), NULL, NULL);
    vx_parameter p;
    vx_reference ref = NULL;
    vx_uint32 idx = 9;
    vx_enum dir = 0, type = 0, state = 0;
    int rc;
    /* parameter 1 by reference */
    p = vxGetParameterByIndex(n, 1);
    CTS_ASSERT_VALID(p);
    CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_INDEX, &idx, sizeof(idx)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(idx, 1);
    CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_DIRECTION, &dir, sizeof(dir)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(dir, VX_OUTPUT);
    CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_TYPE, &type, sizeof(type)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(type, VX_TYPE_IMAGE);
    CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_STATE, &state, sizeof(state)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(state, VX_PARAMETER_STATE_REQUIRED);
    CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_INDEX, &idx, 1), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetParameterByReference(p, R(out)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetParameterByReference(p, NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetParameterByReference(NULL, R(out)), VX_ERROR_INVALID_REFERENCE);
    rc = cts_ref_count(R(out));
    CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof(ref)), VX_SUCCESS);
    CTS_EXPECT(ref == R(out));
    /* the returned reference must be released once more */
    CTS_EXPECT_EQ_INT(cts_ref_count(R(out)), rc + 1);
    if (ref) vxReleaseReference(&ref);
    vxReleaseParameter(&p);
    p = vxGetParameterByIndex(n, 2);
    CTS_ASSERT_VALID(p);
    vxQueryParameter(p, VX_PARAMETER_STATE, &state, sizeof(state));
    CTS_EXPECT_EQ_INT(state, VX_PARAMETER_STATE_OPTIONAL);
    vxQueryParameter(p, VX_PARAMETER_TYPE, &type, sizeof(type));
    CTS_EXPECT_EQ_INT(type, VX_TYPE_SCALAR);
    vxReleaseParameter(&p);
    /* index out of range */
    p = vxGetParameterByIndex(n, 3);
    CTS_EXPECT(vxGetStatus(R(p)) != VX_SUCCESS);
    CTS_EXPECT(vxSetParameterByIndex(n, 3, R(in)) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetParameterByIndex(NULL, 0, R(in)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 0, (vx_reference)g), VX_ERROR_INVALID_TYPE);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(et_check(out, 3), 0);
    /* replace the input: the next run reads the new one */
    CTS_ASSERT_STATUS(vxSetParameterByIndex(n, 0, R(in2)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(et_check(out, 61), 0);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&in2);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Node, query_every_attribute, "REQ-0658 REQ-0660 REQ-0662 REQ-0664 REQ-0666 REQ-0668 REQ-0670 REQ-0672 REQ-0674 REQ-0676 REQ-0681 REQ-0682")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 2), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(in), R(out), NULL);
    vx_status st = 12345;
    vx_perf_t perf;
    vx_border_t b;
    vx_size lds = 99;
    void *ldp = &lds;
    vx_uint32 np = 0;
    vx_bool rep = vx_true_e, flags[3] = {vx_true_e, vx_true_e, vx_true_e}, reset = vx_true_e;
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_STATUS, &st, sizeof(st)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(st, VX_SUCCESS);
    memset(&perf, 0, sizeof(perf));
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_PERFORMANCE, &perf, sizeof(perf)), VX_SUCCESS);
    memset(&b, 0xFF, sizeof(b));
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(b.mode, VX_BORDER_UNDEFINED);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_LOCAL_DATA_SIZE, &lds, sizeof(lds)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(lds, 0);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_LOCAL_DATA_PTR, &ldp, sizeof(ldp)), VX_SUCCESS);
    CTS_EXPECT(ldp == NULL);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_PARAMETERS, &np, sizeof(np)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(np, 3);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_IS_REPLICATED, &rep, sizeof(rep)), VX_SUCCESS);
    CTS_EXPECT(rep == vx_false_e);
    /* VX_NODE_REPLICATE_FLAGS of a node that is not replicated: the spec
     * does not say (see replicate_over_object_arrays); VX_NODE_VALID_RECT_RESET
     * of a user node without a valid-rectangle callback is not specified either. */
    (void)flags;
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_VALID_RECT_RESET, &reset, sizeof(reset)), VX_SUCCESS);
    /* wrong sizes, unknown attribute, bad handle */
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_STATUS, &st, 1), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_PERFORMANCE, &perf, sizeof(perf) - 1), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_BORDER, &b, 1), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_PARAMETERS, &np, 1), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_PARAMETERS, NULL, sizeof(np)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_GRAPH_NUMNODES, &np, sizeof(np)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxQueryNode(NULL, VX_NODE_PARAMETERS, &np, sizeof(np)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryNode((vx_node)in, VX_NODE_PARAMETERS, &np, sizeof(np)), VX_ERROR_INVALID_REFERENCE);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

static vx_status VX_CALLBACK failing_kernel(vx_node node, const vx_reference *p, vx_uint32 num)
{
    (void)node;
    (void)p;
    (void)num;
    return VX_ERROR_INVALID_VALUE;
}

CTS_TEST(Node, status_of_failing_node, "REQ-0658 REQ-0611")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_enum e = 0;
    vx_kernel k;
    vx_image img = vxCreateImage(c, 4, 4, VX_DF_IMAGE_U8);
    vx_node n;
    vx_status st = VX_SUCCESS;
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    k = vxAddUserKernel(c, "org.libopenvx.cts.et.fails", e, failing_kernel, 1, cts_nop_validate, NULL, NULL);
    CTS_ASSERT_VALID(k);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    n = et_node(g, k, R(img), NULL, NULL);
    CTS_EXPECT(vxProcessGraph(g) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_STATUS, &st, sizeof(st)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(st, VX_ERROR_INVALID_VALUE);
    vxReleaseNode(&n);
    vxReleaseImage(&img);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Node, set_attribute, "REQ-0662 REQ-0663 REQ-0659 REQ-0661 REQ-0665 REQ-0669 REQ-0671 REQ-0673 REQ-0675 REQ-0701 REQ-0706 REQ-0707")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 2), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(in), R(out), NULL);
    vx_border_t b, q;
    vx_status st = VX_SUCCESS;
    vx_uint32 np = 7;
    vx_bool t = vx_true_e;
    vx_perf_t perf;
    memset(&b, 0, sizeof(b));
    b.mode = VX_BORDER_CONSTANT;
    b.constant_value.U8 = 42;
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
    memset(&q, 0, sizeof(q));
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_BORDER, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q.mode, VX_BORDER_CONSTANT);
    CTS_EXPECT_EQ_INT(q.constant_value.U8, 42);
    /* a border change requires re-verification (User Kernels chapter) */
    CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, 1), VX_ERROR_INVALID_PARAMETERS);
    /* read-only attributes */
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_STATUS, &st, sizeof(st)), VX_ERROR_NOT_SUPPORTED);
    memset(&perf, 0, sizeof(perf));
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_PERFORMANCE, &perf, sizeof(perf)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_PARAMETERS, &np, sizeof(np)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_IS_REPLICATED, &t, sizeof(t)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_VALID_RECT_RESET, &t, sizeof(t)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(NULL, VX_NODE_BORDER, &b, sizeof(b)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetNodeAttribute((vx_node)in, VX_NODE_BORDER, &b, sizeof(b)), VX_ERROR_INVALID_REFERENCE);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(et_check(out, 3), 0);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Node, remove_node, "REQ-0687 REQ-0688 REQ-0689 REQ-0690 REQ-1990")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 2), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n1 = et_node(g, k, R(in), R(out), NULL), n2 = et_node(g, k, R(in), R(out), NULL), keep;
    vx_uint32 nn = 0;
    vx_node null_node = NULL;
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_MULTIPLE_WRITERS);
    keep = n2;
    CTS_EXPECT_STATUS(vxRetainReference(R(keep)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxRemoveNode(&n2), VX_SUCCESS);
    CTS_EXPECT(n2 == NULL);
    vxQueryGraph(g, VX_GRAPH_NUMNODES, &nn, sizeof(nn));
    CTS_EXPECT_EQ_INT(nn, 1);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(et_check(out, 3), 0);
    /* the removed node is no longer in any graph */
    CTS_EXPECT(vxRemoveNode(&keep) != VX_SUCCESS || keep == NULL);
    if (keep) vxReleaseNode(&keep);
    CTS_EXPECT_STATUS(vxRemoveNode(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxRemoveNode(&null_node), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseNode(&null_node), VX_ERROR_INVALID_REFERENCE);
    vxReleaseNode(&n1);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

/* ---- replication ---------------------------------------------------------- */
CTS_TEST(Node, replicate_over_object_arrays, "REQ-0691 REQ-0695 REQ-0696 REQ-0697 REQ-0698 REQ-0699 REQ-0700 REQ-0670 REQ-0672")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image ex = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8), i0, o0;
    vx_object_array ain = vxCreateObjectArray(c, R(ex), 3), aout = vxCreateObjectArray(c, R(ex), 3);
    vx_uint8 kv = 10;
    vx_scalar s = vxCreateScalar(c, VX_TYPE_UINT8, &kv);
    vx_bool rep[3] = {vx_true_e, vx_true_e, vx_false_e}, flags[3] = {vx_false_e, vx_false_e, vx_true_e}, isrep = 0;
    vx_node n;
    vx_uint32 i;
    CTS_ASSERT_VALID(ain);
    CTS_ASSERT_VALID(aout);
    for (i = 0; i < 3; i++) {
        vx_image it = (vx_image)vxGetObjectArrayItem(ain, i);
        et_fill(it, 50 * i);
        vxReleaseImage(&it);
    }
    i0 = (vx_image)vxGetObjectArrayItem(ain, 0);
    o0 = (vx_image)vxGetObjectArrayItem(aout, 0);
    n = et_node(g, k, R(i0), R(o0), R(s));
    CTS_ASSERT_STATUS(vxReplicateNode(g, n, rep, 3), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_IS_REPLICATED, &isrep, sizeof(isrep)), VX_SUCCESS);
    CTS_EXPECT(isrep == vx_true_e);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_REPLICATE_FLAGS, flags, sizeof(flags)), VX_SUCCESS);
    CTS_EXPECT(flags[0] == vx_true_e && flags[1] == vx_true_e && flags[2] == vx_false_e);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    for (i = 0; i < 3; i++) {
        vx_image it = (vx_image)vxGetObjectArrayItem(aout, i);
        CTS_EXPECT_MSG(et_check(it, 50 * i + 10) == 0, "item %u", i);
        vxReleaseImage(&it);
    }
    /* a change of first_node's parameter propagates to the replicas */
    kv = 20;
    CTS_ASSERT_STATUS(vxCopyScalar(s, &kv, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    for (i = 0; i < 3; i++) {
        vx_image it = (vx_image)vxGetObjectArrayItem(aout, i);
        CTS_EXPECT_MSG(et_check(it, 50 * i + 20) == 0, "item %u", i);
        vxReleaseImage(&it);
    }
    vxReleaseNode(&n);
    vxReleaseImage(&i0);
    vxReleaseImage(&o0);
    vxReleaseObjectArray(&ain);
    vxReleaseObjectArray(&aout);
    vxReleaseImage(&ex);
    vxReleaseScalar(&s);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Node, replicate_over_pyramids, "REQ-0691 REQ-0699 REQ-0700")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_pyramid pin = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 32, 16, VX_DF_IMAGE_U8);
    vx_pyramid pout = vxCreatePyramid(c, 3, VX_SCALE_PYRAMID_HALF, 32, 16, VX_DF_IMAGE_U8);
    vx_bool rep[3] = {vx_true_e, vx_true_e, vx_false_e};
    vx_image l0, o0;
    vx_node n;
    vx_uint32 i;
    CTS_ASSERT_VALID(pin);
    CTS_ASSERT_VALID(pout);
    for (i = 0; i < 3; i++) {
        vx_image l = vxGetPyramidLevel(pin, i);
        et_fill(l, 7 * i);
        vxReleaseImage(&l);
    }
    l0 = vxGetPyramidLevel(pin, 0);
    o0 = vxGetPyramidLevel(pout, 0);
    n = et_node(g, k, R(l0), R(o0), NULL);
    CTS_ASSERT_STATUS(vxReplicateNode(g, n, rep, 3), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    for (i = 0; i < 3; i++) {
        vx_image l = vxGetPyramidLevel(pout, i);
        CTS_EXPECT_MSG(et_check(l, 7 * i + 1) == 0, "level %u", i);
        vxReleaseImage(&l);
    }
    vxReleaseNode(&n);
    vxReleaseImage(&l0);
    vxReleaseImage(&o0);
    vxReleasePyramid(&pin);
    vxReleasePyramid(&pout);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

/* exact status when et_lenient is 0, any failure when it is 1 */
static int et_lenient;
#define ET_STATUS(expr, expected)                                                                      \
    do {                                                                                               \
        if (et_lenient) {                                                                              \
            CTS_EXPECT((expr) != VX_SUCCESS);                                                          \
        } else {                                                                                       \
            CTS_EXPECT_STATUS(expr, expected);                                                         \
        }                                                                                              \
    } while (0)

static void replicate_errors_body(void);
CTS_TEST(Node, replicate_errors, "REQ-0691 REQ-0699")
{
    et_lenient = 0;
    replicate_errors_body();
}

CTS_TEST(Node, replicate_errors_refused, "REQ-0691 REQ-0699")
{
    et_lenient = 1;
    replicate_errors_body();
}

static void replicate_errors_body(void)
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c), g2 = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image ex = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_object_array a3 = vxCreateObjectArray(c, R(ex), 3), a2 = vxCreateObjectArray(c, R(ex), 2);
    vx_image a3_0 = (vx_image)vxGetObjectArrayItem(a3, 0), a3_1 = (vx_image)vxGetObjectArrayItem(a3, 1);
    vx_image a2_0 = (vx_image)vxGetObjectArrayItem(a2, 0), plain = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_bool rep[3] = {vx_true_e, vx_true_e, vx_false_e};
    vx_node n1 = et_node(g, k, R(a3_1), R(a2_0), NULL);
    vx_node n2 = et_node(g, k, R(a3_0), R(a2_0), NULL);
    vx_node n3 = et_node(g, k, R(plain), R(a2_0), NULL);
    /* item 1 is not item 0 */
    ET_STATUS(vxReplicateNode(g, n1, rep, 3), VX_ERROR_NOT_COMPATIBLE);
    /* a plain image is not in a container */
    ET_STATUS(vxReplicateNode(g, n3, rep, 3), VX_ERROR_NOT_COMPATIBLE);
    /* 3 items in, 2 out */
    ET_STATUS(vxReplicateNode(g, n2, rep, 3), VX_FAILURE);
    /* node of another graph */
    ET_STATUS(vxReplicateNode(g2, n2, rep, 3), VX_FAILURE);
    CTS_EXPECT_STATUS(vxReplicateNode(NULL, n2, rep, 3), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReplicateNode(g, NULL, rep, 3), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReplicateNode(g, (vx_node)ex, rep, 3), VX_ERROR_INVALID_REFERENCE);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseNode(&n3);
    vxReleaseImage(&a3_0);
    vxReleaseImage(&a3_1);
    vxReleaseImage(&a2_0);
    vxReleaseImage(&plain);
    vxReleaseObjectArray(&a3);
    vxReleaseObjectArray(&a2);
    vxReleaseImage(&ex);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
    vxReleaseGraph(&g2);
}

/* ---- callbacks -------------------------------------------------------------- */
static vx_node cb_nodes[3];
static int cb_order[8];
static int cb_count;
static int cb_out_value;
static vx_image cb_out_image;
static int cb_abandon_at = -1;

static vx_action VX_CALLBACK record_cb(vx_node node)
{
    int i;
    for (i = 0; i < 3; i++)
        if (cb_nodes[i] == node && cb_count < 8) cb_order[cb_count++] = i;
    if (cb_out_image && cb_nodes[0] == node) cb_out_value = et_pixel(cb_out_image, 0, 0);
    return cb_nodes[cb_abandon_at >= 0 ? cb_abandon_at : 0] == node && cb_abandon_at >= 0 ? VX_ACTION_ABANDON
                                                                                           : VX_ACTION_CONTINUE;
}

static vx_action VX_CALLBACK other_cb(vx_node node)
{
    (void)node;
    return VX_ACTION_CONTINUE;
}

CTS_TEST(Node, callbacks_in_order_and_abandon, "REQ-1792 REQ-1793 REQ-1794 REQ-1795 REQ-1797 REQ-1798 REQ-1800 REQ-1801 REQ-1802 REQ-1805 REQ-1806 REQ-1807 REQ-1809 REQ-1810")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 0), a = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_image b = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8), d = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    int i, runs_before;
    /* created out of order; data makes the chain 0 -> 1 -> 2 */
    cb_nodes[2] = et_node(g, k, R(b), R(d), NULL);
    cb_nodes[0] = et_node(g, k, R(in), R(a), NULL);
    cb_nodes[1] = et_node(g, k, R(a), R(b), NULL);
    CTS_EXPECT(vxRetrieveNodeCallback(cb_nodes[0]) == NULL);
    for (i = 0; i < 3; i++) CTS_ASSERT_STATUS(vxAssignNodeCallback(cb_nodes[i], record_cb), VX_SUCCESS);
    CTS_EXPECT(vxRetrieveNodeCallback(cb_nodes[1]) == record_cb);
    /* a second callback is an error; NULL clears */
    CTS_EXPECT(vxAssignNodeCallback(cb_nodes[1], other_cb) != VX_SUCCESS);
    CTS_EXPECT(vxRetrieveNodeCallback(cb_nodes[1]) == record_cb);
    CTS_EXPECT_STATUS(vxAssignNodeCallback(NULL, record_cb), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(vxRetrieveNodeCallback(NULL) == NULL);
    cb_count = 0;
    cb_abandon_at = -1;
    cb_out_image = a;
    cb_out_value = -1;
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_EQ_INT(cb_count, 3);
    CTS_EXPECT(cb_order[0] == 0 && cb_order[1] == 1 && cb_order[2] == 2);
    /* the node's output is readable in its callback */
    CTS_EXPECT_EQ_INT(cb_out_value, 1);
    CTS_EXPECT_EQ_INT(et_check(d, 3), 0);
    /* abandon at the middle node: its dominator ran, the graph reports it */
    cb_count = 0;
    cb_abandon_at = 1;
    et_fill(in, 100);
    runs_before = __atomic_load_n(&et_add_runs, __ATOMIC_RELAXED);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_ERROR_GRAPH_ABANDONED);
    CTS_EXPECT(cb_count >= 2 && cb_order[0] == 0 && cb_order[1] == 1);
    CTS_EXPECT(__atomic_load_n(&et_add_runs, __ATOMIC_RELAXED) - runs_before >= 2);
    CTS_EXPECT_EQ_INT(et_check(b, 102), 0);
    /* cleared callbacks are not called */
    cb_abandon_at = -1;
    for (i = 0; i < 3; i++) CTS_ASSERT_STATUS(vxAssignNodeCallback(cb_nodes[i], NULL), VX_SUCCESS);
    CTS_EXPECT(vxRetrieveNodeCallback(cb_nodes[2]) == NULL);
    cb_count = 0;
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cb_count, 0);
    CTS_EXPECT_EQ_INT(et_check(d, 103), 0);
    cb_out_image = NULL;
    for (i = 0; i < 3; i++) vxReleaseNode(&cb_nodes[i]);
    vxReleaseImage(&in);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseImage(&d);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

static void set_target_body(void);
CTS_TEST(Node, set_target_invalidates_graph, "REQ-0708")
{
    et_lenient = 0;
    set_target_body();
}

CTS_TEST(Node, set_target, "REQ-0708 REQ-0709 REQ-0710 REQ-0711 REQ-0712 REQ-0713")
{
    et_lenient = 1;
    set_target_body();
}

static void set_target_body(void)
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 0), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
    vx_node n = et_node(g, k, R(in), R(out), NULL);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetNodeTarget(n, VX_TARGET_ANY, NULL), VX_SUCCESS);
    /* a success invalidates the graph */
    if (!et_lenient) CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e);
    CTS_EXPECT_STATUS(vxSetNodeTarget(n, VX_TARGET_STRING, "no.such.target"), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetNodeTarget(NULL, VX_TARGET_ANY, NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetNodeTarget((vx_node)in, VX_TARGET_ANY, NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(et_check(out, 1), 0);
    vxReleaseNode(&n);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TEST(Node, released_node_handle, "REQ-0677 REQ-0684 REQ-0685 REQ-0702 REQ-1767 REQ-1782")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_kernel k = et_add_kernel(c);
    vx_image in = et_image(c, 16, 16, 0);
    vx_node n = et_node(g, k, R(in), NULL, NULL), stale = n;
    vx_uint32 np = 0;
    vx_border_t b;
    memset(&b, 0, sizeof(b));
    CTS_ASSERT_STATUS(vxRemoveNode(&n), VX_SUCCESS);
    /* stale handle (the graph held the only other reference) */
    CTS_EXPECT_STATUS(vxQueryNode(stale, VX_NODE_PARAMETERS, &np, sizeof(np)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(stale, VX_NODE_BORDER, &b, sizeof(b)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetParameterByIndex(stale, 0, R(in)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(vxGetStatus(R(vxGetParameterByIndex(stale, 0))) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxAssignNodeCallback(stale, other_cb), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseNode(&stale), VX_ERROR_INVALID_REFERENCE);
    vxReleaseImage(&in);
    vxReleaseKernel(&k);
    vxReleaseGraph(&g);
}

CTS_TABLE(node) = {
    CTS_ENTRY(Node, generic_node_parameters_start_null),
    CTS_ENTRY(Node, generic_node_bad_arguments),
    CTS_ENTRY(Node, set_parameter_by_index_and_reference),
    CTS_ENTRY(Node, query_every_attribute),
    CTS_ENTRY(Node, status_of_failing_node),
    CTS_ENTRY(Node, set_attribute),
    CTS_ENTRY(Node, remove_node),
    CTS_ENTRY(Node, replicate_over_object_arrays),
    CTS_ENTRY(Node, replicate_over_pyramids),
    CTS_ENTRY(Node, replicate_errors),
    CTS_ENTRY(Node, replicate_errors_refused),
    CTS_ENTRY(Node, callbacks_in_order_and_abandon),
    CTS_ENTRY(Node, set_target_invalidates_graph),
    CTS_ENTRY(Node, set_target),
    CTS_ENTRY(Node, released_node_handle),
    CTS_TABLE_END};

