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

CTS_TABLE(fuzz_regress) = {
    CTS_ENTRY(FuzzRegress, auto_aging_delay_of_other_context),
    CTS_TABLE_END,
};
