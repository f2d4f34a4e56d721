/* Spec chapter "Framework: Log" and the logging directives. */
#include "../runner/cts.h"

#include <string.h>

static int entries;
static vx_context last_context;
static vx_reference last_ref;
static vx_status last_status;
static char last_msg[VX_MAX_LOG_MESSAGE_LEN + 8];
static size_t last_len;

static void VX_CALLBACK log_cb(vx_context context, vx_reference ref, vx_status status, const vx_char string[])
{
    entries++;
    last_context = context;
    last_ref = ref;
    last_status = status;
    last_len = strlen(string);
    memset(last_msg, 0, sizeof(last_msg));
    strncpy(last_msg, string, sizeof(last_msg) - 1);
}

/* A reentrant callback that logs from inside itself (once). */
static int nested;
static void VX_CALLBACK reentrant_cb(vx_context context, vx_reference ref, vx_status status, const vx_char string[])
{
    entries++;
    (void)status;
    (void)string;
    (void)context;
    if (!nested) {
        nested = 1;
        vxAddLogEntry(ref, VX_FAILURE, "nested entry");
        nested = 0;
    }
}

static void reset(void)
{
    entries = 0;
    last_context = NULL;
    last_ref = NULL;
    last_status = VX_SUCCESS;
    last_msg[0] = '\0';
    last_len = 0;
}

CTS_TEST(Log, callback_receives_entries, "REQ-1819 REQ-1820 REQ-1821 REQ-1822 REQ-1823 REQ-1824 REQ-1826 REQ-1827 REQ-1828")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "logged", 1, 1);
    reset();
    vxRegisterLogCallback(c, log_cb, vx_false_e);
    vxAddLogEntry((vx_reference)c, VX_FAILURE, "plain message");
    CTS_EXPECT_EQ_INT(entries, 1);
    CTS_EXPECT(last_context == c);
    CTS_EXPECT(last_ref == (vx_reference)c);
    CTS_EXPECT_EQ_INT(last_status, VX_FAILURE);
    CTS_EXPECT_MSG(strcmp(last_msg, "plain message") == 0, "message \"%s\"", last_msg);
    vxAddLogEntry((vx_reference)k, VX_ERROR_INVALID_VALUE, "value %d of %s", 42, "x");
    CTS_EXPECT_EQ_INT(entries, 2);
    CTS_EXPECT(last_context == c);
    CTS_EXPECT(last_ref == (vx_reference)k);
    CTS_EXPECT_EQ_INT(last_status, VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_MSG(strcmp(last_msg, "value 42 of x") == 0, "message \"%s\"", last_msg);
    /* the library logs its own errors too */
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_VERSION, NULL, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_EQ_INT(entries, 3);
    CTS_EXPECT_EQ_INT(last_status, VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Log, success_entries_ignored, "REQ-1822")
{
    vx_context c = cts_context();
    reset();
    vxRegisterLogCallback(c, log_cb, vx_false_e);
    vxAddLogEntry((vx_reference)c, VX_SUCCESS, "not an error");
    CTS_EXPECT_EQ_INT(entries, 0);
}

CTS_TEST(Log, long_message_truncated, "REQ-1825")
{
    vx_context c = cts_context();
    static char big[3 * VX_MAX_LOG_MESSAGE_LEN];
    memset(big, 'a', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    reset();
    vxRegisterLogCallback(c, log_cb, vx_false_e);
    vxAddLogEntry((vx_reference)c, VX_FAILURE, "%s", big);
    CTS_EXPECT_EQ_INT(entries, 1);
    CTS_EXPECT(last_len > 0);
    CTS_EXPECT_MSG(last_len < VX_MAX_LOG_MESSAGE_LEN, "message of %zu characters", last_len);
    vxAddLogEntry((vx_reference)c, VX_FAILURE, big); /* as a format of its own, too */
    CTS_EXPECT_EQ_INT(entries, 2);
    CTS_EXPECT(last_len < VX_MAX_LOG_MESSAGE_LEN);
}

CTS_TEST(Log, null_callback_unregisters, "REQ-1829")
{
    vx_context c = cts_context();
    reset();
    vxRegisterLogCallback(c, log_cb, vx_false_e);
    vxAddLogEntry((vx_reference)c, VX_FAILURE, "one");
    CTS_EXPECT_EQ_INT(entries, 1);
    vxRegisterLogCallback(c, NULL, vx_false_e);
    vxAddLogEntry((vx_reference)c, VX_FAILURE, "two");
    CTS_EXPECT_EQ_INT(entries, 1);
    vxRegisterLogCallback(c, log_cb, vx_false_e);
    vxAddLogEntry((vx_reference)c, VX_FAILURE, "three");
    CTS_EXPECT_EQ_INT(entries, 2);
    CTS_EXPECT(strcmp(last_msg, "three") == 0);
}

CTS_TEST(Log, disable_enable_directive, "REQ-1842 REQ-1843 REQ-1844 REQ-1845 REQ-1846")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "quiet", 1, 1);
    reset();
    vxRegisterLogCallback(c, log_cb, vx_false_e);
    CTS_EXPECT_STATUS(vxDirective((vx_reference)c, VX_DIRECTIVE_DISABLE_LOGGING), VX_SUCCESS);
    vxAddLogEntry((vx_reference)c, VX_FAILURE, "hidden");
    vxAddLogEntry((vx_reference)k, VX_FAILURE, "hidden");
    CTS_EXPECT_EQ_INT(entries, 0);
    CTS_EXPECT_STATUS(vxDirective((vx_reference)c, VX_DIRECTIVE_ENABLE_LOGGING), VX_SUCCESS);
    vxAddLogEntry((vx_reference)k, VX_FAILURE, "shown");
    CTS_EXPECT_EQ_INT(entries, 1);
    /* the logging directives take any reference */
    CTS_EXPECT_STATUS(vxDirective((vx_reference)k, VX_DIRECTIVE_DISABLE_LOGGING), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxDirective((vx_reference)k, VX_DIRECTIVE_ENABLE_LOGGING), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Log, reentrant_callback, "REQ-1830")
{
    vx_context c = cts_context();
    reset();
    nested = 0;
    vxRegisterLogCallback(c, reentrant_cb, vx_true_e);
    vxAddLogEntry((vx_reference)c, VX_FAILURE, "outer");
    CTS_EXPECT_EQ_INT(entries, 2);
    /* a non-reentrant callback is serialized, but logging from inside it (a
     * callback that calls the API) must not deadlock the thread */
    reset();
    vxRegisterLogCallback(c, reentrant_cb, vx_false_e);
    vxAddLogEntry((vx_reference)c, VX_FAILURE, "outer");
    CTS_EXPECT_EQ_INT(entries, 2);
    reset();
    vxRegisterLogCallback(c, log_cb, vx_false_e);
    vxAddLogEntry((vx_reference)c, VX_FAILURE, "outer");
    CTS_EXPECT_EQ_INT(entries, 1);
}

CTS_TEST(Log, per_context, "REQ-1826 REQ-1827")
{
    vx_context a = cts_context(), b = cts_context();
    reset();
    vxRegisterLogCallback(a, log_cb, vx_false_e);
    vxRegisterLogCallback(b, NULL, vx_false_e);
    vxAddLogEntry((vx_reference)b, VX_FAILURE, "to b");
    CTS_EXPECT_EQ_INT(entries, 0);
    vxAddLogEntry((vx_reference)a, VX_FAILURE, "to a");
    CTS_EXPECT_EQ_INT(entries, 1);
    CTS_EXPECT(last_context == a);
}

CTS_TEST(Log, bad_references, "REQ-1821")
{
    vx_context c = cts_context();
    reset();
    vxRegisterLogCallback(c, log_cb, vx_false_e);
    vxAddLogEntry(NULL, VX_FAILURE, "nowhere");
    vxAddLogEntry((vx_reference)c, VX_FAILURE, NULL);
    vxRegisterLogCallback(NULL, log_cb, vx_false_e);
    CTS_EXPECT(entries <= 1);
}

CTS_TABLE(log) = {
    CTS_ENTRY(Log, callback_receives_entries),
    CTS_ENTRY(Log, success_entries_ignored),
    CTS_ENTRY(Log, long_message_truncated),
    CTS_ENTRY(Log, null_callback_unregisters),
    CTS_ENTRY(Log, disable_enable_directive),
    CTS_ENTRY(Log, reentrant_callback),
    CTS_ENTRY(Log, per_context),
    CTS_ENTRY(Log, bad_references),
    CTS_TABLE_END,
};
