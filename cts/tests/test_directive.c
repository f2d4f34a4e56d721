/* Spec chapters "Framework: Directives" and "Framework: Hints". */
#include "../runner/cts.h"

CTS_TEST(Directive, performance_on_context, "REQ-1842 REQ-1843 REQ-1844 REQ-1845 REQ-1846")
{
    vx_context c = cts_context();
    CTS_EXPECT_STATUS(vxDirective((vx_reference)c, VX_DIRECTIVE_ENABLE_PERFORMANCE), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxDirective((vx_reference)c, VX_DIRECTIVE_DISABLE_PERFORMANCE), VX_SUCCESS);
}

CTS_TEST(Directive, performance_only_on_context, "REQ-1843 REQ-1845")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "perf", 1, 1);
    vx_parameter p = vxGetKernelParameterByIndex(k, 0);
    CTS_ASSERT_VALID(p);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxDirective((vx_reference)k, VX_DIRECTIVE_ENABLE_PERFORMANCE), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT_STATUS(vxDirective((vx_reference)k, VX_DIRECTIVE_DISABLE_PERFORMANCE), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxDirective((vx_reference)p, VX_DIRECTIVE_ENABLE_PERFORMANCE), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Directive, unknown_directive, "REQ-1844 REQ-1845")
{
    vx_context c = cts_context();
    cts_log_clear();
    CTS_EXPECT_STATUS(vxDirective((vx_reference)c, VX_ENUM_BASE(VX_ID_KHRONOS, VX_ENUM_DIRECTIVE) + 0x7F),
                      VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT_STATUS(vxDirective((vx_reference)c, 0), VX_ERROR_NOT_SUPPORTED);
}

CTS_TEST(Directive, bad_reference, "REQ-1843")
{
    vx_context c = cts_context();
    vx_kernel bad = vxGetKernelByName(c, "org.libopenvx.cts.none");
    CTS_EXPECT_STATUS(vxDirective(NULL, VX_DIRECTIVE_ENABLE_LOGGING), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxDirective((vx_reference)bad, VX_DIRECTIVE_ENABLE_LOGGING), VX_ERROR_INVALID_REFERENCE);
}

CTS_TEST(Hint, performance_hints, "REQ-1831 REQ-1832 REQ-1833 REQ-1834 REQ-1835 REQ-1836 REQ-1837 REQ-1840 REQ-1841")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "hinted", 1, 1);
    static const vx_enum hints[] = {VX_HINT_PERFORMANCE_DEFAULT, VX_HINT_PERFORMANCE_LOW_POWER,
                                    VX_HINT_PERFORMANCE_HIGH_SPEED};
    size_t i;
    for (i = 0; i < sizeof(hints) / sizeof(hints[0]); i++) {
        vx_status s = vxHint((vx_reference)c, hints[i], NULL, 0);
        /* hints are optional: accepted or politely refused */
        CTS_EXPECT_MSG(s == VX_SUCCESS || s == VX_ERROR_NOT_SUPPORTED, "hint 0x%x on the context: %s",
                       (unsigned)hints[i], cts_status_name(s));
        s = vxHint((vx_reference)k, hints[i], NULL, 0);
        CTS_EXPECT_MSG(s == VX_SUCCESS || s == VX_ERROR_NOT_SUPPORTED, "hint 0x%x on a kernel: %s",
                       (unsigned)hints[i], cts_status_name(s));
    }
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Hint, unknown_hint_and_bad_reference, "REQ-1835 REQ-1840")
{
    vx_context c = cts_context();
    int data = 1;
    CTS_EXPECT_STATUS(vxHint((vx_reference)c, VX_ENUM_BASE(VX_ID_KHRONOS, VX_ENUM_HINT) + 0x7F, &data, sizeof(data)),
                      VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxHint(NULL, VX_HINT_PERFORMANCE_DEFAULT, NULL, 0), VX_ERROR_INVALID_REFERENCE);
}

CTS_TABLE(directive) = {
    CTS_ENTRY(Directive, performance_on_context),
    CTS_ENTRY(Directive, performance_only_on_context),
    CTS_ENTRY(Directive, unknown_directive),
    CTS_ENTRY(Directive, bad_reference),
    CTS_ENTRY(Hint, performance_hints),
    CTS_ENTRY(Hint, unknown_hint_and_bad_reference),
    CTS_TABLE_END,
};
