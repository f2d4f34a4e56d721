/*
 * Entry points not implemented yet must fail cleanly: VX_ERROR_NOT_IMPLEMENTED
 * (or an error object with that status) and a log entry.  The list names the
 * functions that are stubs today (tools/gen_stubs.py --list); the work that
 * implements one replaces its test here by real ones.
 */
#include "../runner/cts.h"

#include <VX/vx_khr_import_kernel.h>

/* not static: kept for the next stub while no test uses it */
void cts_stub_check_creator(vx_reference r, const char *what);
void cts_stub_check_creator(vx_reference r, const char *what)
{
    vx_status s;
    vx_enum type = 0;
    if (r == NULL) cts_fail(__FILE__, __LINE__, 1, "%s returned NULL, expected an error object", what);
    s = vxGetStatus(r);
    CTS_ASSERT_STATUS(s, VX_ERROR_NOT_IMPLEMENTED);
    CTS_EXPECT_STATUS(vxQueryReference(r, VX_REFERENCE_TYPE, &type, sizeof(type)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(type, VX_TYPE_ERROR);
    CTS_EXPECT_MSG(cts_log_count() >= 1, "%s left no log entry", what);
    CTS_EXPECT_EQ_INT(cts_log_last()->status, VX_ERROR_NOT_IMPLEMENTED);
}

#define STUB_CREATOR(name, expr)                                                                   \
    CTS_TEST(Stubs, name, "REQ-0535 REQ-0536 REQ-0537")                                            \
    {                                                                                              \
        vx_context c = cts_context();                                                              \
        cts_log_clear();                                                                           \
        cts_stub_check_creator((vx_reference)(expr), #expr);                                                \
    }

/* vxImportKernelFromURL is implemented (csrc/nnef/, tested in test_nnef.c):
 * no API entry point is a stub today. */
CTS_TABLE(stubs) = {
    CTS_TABLE_END,
};
