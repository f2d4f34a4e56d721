/*
 * Regressions found by fuzz/api_fuzz (each minimized from a fuzzer seed):
 * the call sequence that crashed or tripped ASan/UBSan, and the status the
 * spec asks for instead.
 */
#include "../runner/cts.h"

#include <VX/vx_khr_ix.h>

/* api_fuzz seed 33 (--avoid-known): a graph registered a delay of another
 * context for auto-aging; releasing that context freed the delay under the
 * graph, and exporting (or running) the graph read it. */
CTS_TEST(FuzzRegress, auto_aging_delay_of_other_context, "REQ-0619")
{
    vx_context c1 = cts_context(), c2 = vxCreateContext();
    vx_graph g = vxCreateGraph(c1);
    vx_image ex = vxCreateImage(c2, 8, 8, VX_DF_IMAGE_U8);
    vx_delay d = vxCreateDelay(c2, (vx_reference)ex, 2);
    vx_reference refs[1];
    vx_enum uses[1] = {VX_IX_USE_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    CTS_ASSERT_EQ_INT(vxGetStatus((vx_reference)d), VX_SUCCESS);
    cts_log_clear();
    CTS_EXPECT_EQ_INT(vxRegisterAutoAging(g, d), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(cts_log_count() > 0);
    vxReleaseImage(&ex);
    vxReleaseDelay(&d);
    CTS_ASSERT_EQ_INT(vxReleaseContext(&c2), VX_SUCCESS);
    /* the graph holds nothing of the dead context: export and run are safe */
    refs[0] = (vx_reference)g;
    if (vxExportObjectsToMemory(c1, 1, refs, uses, &blob, &len) == VX_SUCCESS)
        CTS_EXPECT_EQ_INT(vxReleaseExportedMemory(c1, &blob), VX_SUCCESS);
    vxProcessGraph(g);
    CTS_EXPECT_EQ_INT(vxReleaseGraph(&g), VX_SUCCESS);
}

/* api_fuzz seed 7221 (--avoid-known, 50000 calls): a user kernel parameter of
 * type VX_TYPE_REFERENCE took a node of another graph; releasing that graph
 * destroyed the node (nodes die with their graph, whatever holds them) and
 * exporting the first graph read the freed node.  "Any reference" means any
 * data object. */
CTS_TEST(FuzzRegress, reference_parameter_takes_no_node, "REQ-1781 REQ-1786")
{
    vx_context ctx = cts_context();
    vx_enum id = 0;
    vx_kernel k;
    vx_graph g1 = vxCreateGraph(ctx), g2 = vxCreateGraph(ctx);
    vx_image a = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8), b = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    vx_node other, n;
    vx_reference refs[1];
    vx_enum uses[1] = {VX_IX_USE_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    CTS_ASSERT_EQ_INT(vxAllocateUserKernelId(ctx, &id), VX_SUCCESS);
    k = vxAddUserKernel(ctx, "fuzz.regress.anyref", id, cts_nop_kernel, 1, cts_nop_validate, NULL, NULL);
    CTS_ASSERT_EQ_INT(vxGetStatus((vx_reference)k), VX_SUCCESS);
    CTS_ASSERT_EQ_INT(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_REFERENCE, VX_PARAMETER_STATE_REQUIRED),
                      VX_SUCCESS);
    CTS_ASSERT_EQ_INT(vxFinalizeKernel(k), VX_SUCCESS);
    other = vxNotNode(g2, a, b);
    n = vxCreateGenericNode(g1, k);
    CTS_ASSERT_EQ_INT(vxGetStatus((vx_reference)n), VX_SUCCESS);
    cts_log_clear();
    CTS_EXPECT_EQ_INT(vxSetParameterByIndex(n, 0, (vx_reference)other), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT(cts_log_count() > 0);
    CTS_EXPECT_EQ_INT(vxSetParameterByIndex(n, 0, (vx_reference)g2), VX_ERROR_INVALID_TYPE);
    /* a data object is still any reference */
    CTS_EXPECT_EQ_INT(vxSetParameterByIndex(n, 0, (vx_reference)a), VX_SUCCESS);
    vxReleaseNode(&other);
    CTS_EXPECT_EQ_INT(vxReleaseGraph(&g2), VX_SUCCESS);
    refs[0] = (vx_reference)g1;
    if (vxExportObjectsToMemory(ctx, 1, refs, uses, &blob, &len) == VX_SUCCESS)
        CTS_EXPECT_EQ_INT(vxReleaseExportedMemory(ctx, &blob), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(vxProcessGraph(g1), VX_SUCCESS);
    vxReleaseNode(&n);
    vxReleaseGraph(&g1);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseKernel(&k);
}

CTS_TABLE(fuzz_regress) = {
    CTS_ENTRY(FuzzRegress, auto_aging_delay_of_other_context),
    CTS_ENTRY(FuzzRegress, reference_parameter_takes_no_node),
    CTS_TABLE_END,
};
