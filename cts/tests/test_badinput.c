/*
 * Every implemented entry point given NULL, a released handle, a handle of
 * the wrong type, an error object, or a pointer that is no reference at all:
 * VX_ERROR_INVALID_REFERENCE (or NULL / an error for creators), never a crash.
 */
#include "../runner/cts.h"

#include <string.h>

typedef struct {
    const char *what;
    vx_context ctx;     /* something that is not a live vx_context */
    vx_kernel kernel;   /* ... not a live vx_kernel */
    vx_parameter param; /* ... not a live vx_parameter */
    vx_reference ref;   /* ... not a live reference of any type (or NULL) */
} bad_set;

/* Creators given a bad parent: NULL or an error object. */
#define EXPECT_NO_OBJECT(expr, what)                                                               \
    do {                                                                                           \
        vx_reference r_ = (vx_reference)(expr);                                                    \
        CTS_EXPECT_MSG(r_ == NULL || vxGetStatus(r_) != VX_SUCCESS, "%s with %s: got a valid object", \
                       #expr, what);                                                               \
    } while (0)

#define EXPECT_INVALID(expr, what)                                                                 \
    do {                                                                                           \
        vx_status s_ = (expr);                                                                     \
        CTS_EXPECT_MSG(s_ == VX_ERROR_INVALID_REFERENCE, "%s with %s: got %s", #expr, what,        \
                       cts_status_name(s_));                                                       \
    } while (0)

static void check_context_functions(vx_context bad, const char *what)
{
    vx_uint32 n = 0;
    vx_enum e = 0;
    char buf[64];
    vx_context tmp = bad;
    vx_border_t border;
    memset(&border, 0, sizeof(border));
    EXPECT_INVALID(vxReleaseContext(&tmp), what);
    CTS_EXPECT(tmp == bad);
    EXPECT_INVALID(vxQueryContext(bad, VX_CONTEXT_REFERENCES, &n, sizeof(n)), what);
    EXPECT_INVALID(vxSetContextAttribute(bad, VX_CONTEXT_IMMEDIATE_BORDER, &border, sizeof(border)), what);
    EXPECT_INVALID(vxSetImmediateModeTarget(bad, VX_TARGET_ANY, NULL), what);
    vxRegisterLogCallback(bad, NULL, vx_false_e);
    CTS_EXPECT_EQ_INT(vxRegisterUserStruct(bad, 4), VX_TYPE_INVALID);
    CTS_EXPECT_EQ_INT(vxRegisterUserStructWithName(bad, 4, "bad"), VX_TYPE_INVALID);
    /* no VX_ERROR_INVALID_REFERENCE in the spec for these two: a bad context is a bad parameter */
    CTS_EXPECT_MSG(vxGetUserStructNameByEnum(bad, VX_TYPE_USER_STRUCT_START, buf, sizeof(buf)) ==
                       VX_ERROR_INVALID_PARAMETERS,
                   "vxGetUserStructNameByEnum with %s", what);
    CTS_EXPECT_MSG(vxGetUserStructEnumByName(bad, "bad", &e) == VX_ERROR_INVALID_PARAMETERS,
                   "vxGetUserStructEnumByName with %s", what);
    EXPECT_NO_OBJECT(vxGetKernelByName(bad, "org.khronos.openvx.add"), what);
    EXPECT_NO_OBJECT(vxGetKernelByEnum(bad, VX_KERNEL_ADD), what);
    EXPECT_INVALID(vxAllocateUserKernelId(bad, &e), what);
    EXPECT_INVALID(vxAllocateUserKernelLibraryId(bad, &e), what);
    EXPECT_NO_OBJECT(vxAddUserKernel(bad, "org.libopenvx.cts.bad", CTS_USER_KERNEL_BASE(0), cts_nop_kernel, 0,
                                     cts_nop_validate, NULL, NULL),
                     what);
    EXPECT_INVALID(vxLoadKernels(bad, "cts_module"), what);
    EXPECT_INVALID(vxUnloadKernels(bad, "cts_module"), what);
}

static void check_kernel_functions(vx_kernel bad, const char *what)
{
    vx_uint32 n = 0;
    vx_size lds = 0;
    vx_kernel tmp = bad;
    EXPECT_INVALID(vxQueryKernel(bad, VX_KERNEL_PARAMETERS, &n, sizeof(n)), what);
    EXPECT_INVALID(vxReleaseKernel(&tmp), what);
    CTS_EXPECT(tmp == bad);
    EXPECT_INVALID(vxAddParameterToKernel(bad, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), what);
    EXPECT_INVALID(vxFinalizeKernel(bad), what);
    EXPECT_INVALID(vxSetKernelAttribute(bad, VX_KERNEL_LOCAL_DATA_SIZE, &lds, sizeof(lds)), what);
    EXPECT_INVALID(vxRemoveKernel(bad), what);
    EXPECT_NO_OBJECT(vxGetKernelParameterByIndex(bad, 0), what);
}

static void check_parameter_functions(vx_parameter bad, const char *what)
{
    vx_uint32 n = 0;
    vx_parameter tmp = bad;
    EXPECT_INVALID(vxQueryParameter(bad, VX_PARAMETER_INDEX, &n, sizeof(n)), what);
    EXPECT_INVALID(vxReleaseParameter(&tmp), what);
    CTS_EXPECT(tmp == bad);
}

static void check_reference_functions(vx_reference bad, const char *what)
{
    vx_uint32 n = 0;
    vx_reference tmp = bad;
    EXPECT_INVALID(vxRetainReference(bad), what);
    EXPECT_INVALID(vxReleaseReference(&tmp), what);
    EXPECT_INVALID(vxQueryReference(bad, VX_REFERENCE_COUNT, &n, sizeof(n)), what);
    EXPECT_INVALID(vxSetReferenceName(bad, "x"), what);
    CTS_EXPECT(vxGetContext(bad) == NULL);
    CTS_EXPECT(vxGetStatus(bad) != VX_SUCCESS);
    EXPECT_INVALID(vxHint(bad, VX_HINT_PERFORMANCE_DEFAULT, NULL, 0), what);
    EXPECT_INVALID(vxDirective(bad, VX_DIRECTIVE_ENABLE_LOGGING), what);
    vxAddLogEntry(bad, VX_FAILURE, "to %s", what);
}

CTS_TEST(BadInput, null_handles, "REQ-0578 REQ-0585 REQ-0589 REQ-1741 REQ-1748 REQ-1771 REQ-1778")
{
    (void)cts_context();
    check_context_functions(NULL, "NULL");
    check_kernel_functions(NULL, "NULL");
    check_parameter_functions(NULL, "NULL");
    check_reference_functions(NULL, "NULL");
    EXPECT_INVALID(vxReleaseContext(NULL), "NULL pointer");
    EXPECT_INVALID(vxReleaseKernel(NULL), "NULL pointer");
    EXPECT_INVALID(vxReleaseParameter(NULL), "NULL pointer");
    EXPECT_INVALID(vxReleaseReference(NULL), "NULL pointer");
}

CTS_TEST(BadInput, released_handles, "REQ-0578 REQ-0589 REQ-1741 REQ-1771")
{
    vx_context live = cts_context();
    vx_context dead = vxCreateContext(), dead_copy;
    vx_kernel k = cts_user_kernel(live, "released", 1, 1), dead_kernel;
    vx_parameter p = vxGetKernelParameterByIndex(k, 0), dead_param;
    CTS_ASSERT_VALID(dead);
    CTS_ASSERT_VALID(p);
    dead_copy = dead;
    CTS_ASSERT_STATUS(vxReleaseContext(&dead_copy), VX_SUCCESS);
    dead_param = p;
    CTS_ASSERT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    dead_kernel = k;
    CTS_ASSERT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
    check_context_functions(dead, "a released context");
    check_kernel_functions(dead_kernel, "a removed kernel");
    check_parameter_functions(dead_param, "a released parameter");
    check_reference_functions((vx_reference)dead, "a released context");
    check_reference_functions((vx_reference)dead_kernel, "a removed kernel");
    check_reference_functions((vx_reference)dead_param, "a released parameter");
}

CTS_TEST(BadInput, wrong_type_handles, "REQ-0578 REQ-0589 REQ-1741 REQ-1771")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "wrongtype", 1, 1);
    vx_parameter p = vxGetKernelParameterByIndex(k, 0);
    vx_reference err = (vx_reference)vxGetKernelByName(c, "org.libopenvx.cts.no_such");
    CTS_ASSERT_VALID(p);
    CTS_ASSERT(err != NULL && vxGetStatus(err) != VX_SUCCESS);
    check_context_functions((vx_context)k, "a kernel as context");
    check_context_functions((vx_context)p, "a parameter as context");
    check_context_functions((vx_context)err, "an error object as context");
    check_kernel_functions((vx_kernel)c, "a context as kernel");
    check_kernel_functions((vx_kernel)p, "a parameter as kernel");
    check_kernel_functions((vx_kernel)err, "an error object as kernel");
    check_parameter_functions((vx_parameter)c, "a context as parameter");
    check_parameter_functions((vx_parameter)k, "a kernel as parameter");
    check_parameter_functions((vx_parameter)err, "an error object as parameter");
    /* nothing was harmed */
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)c), 1);
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)k), 1);
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)p), 1);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(BadInput, foreign_pointers, "REQ-0578 REQ-1741 REQ-1771")
{
    /* memory that never was a reference (zeroed, and filled with a pattern) */
    static union {
        long long align;
        unsigned char bytes[512];
    } zero, junk;
    (void)cts_context();
    memset(&zero, 0, sizeof(zero));
    memset(&junk, 0x5A, sizeof(junk));
    check_context_functions((vx_context)(void *)&zero, "zeroed memory");
    check_kernel_functions((vx_kernel)(void *)&zero, "zeroed memory");
    check_parameter_functions((vx_parameter)(void *)&zero, "zeroed memory");
    check_reference_functions((vx_reference)(void *)&zero, "zeroed memory");
    check_context_functions((vx_context)(void *)&junk, "junk memory");
    check_kernel_functions((vx_kernel)(void *)&junk, "junk memory");
    check_parameter_functions((vx_parameter)(void *)&junk, "junk memory");
    check_reference_functions((vx_reference)(void *)&junk, "junk memory");
}

CTS_TEST(BadInput, error_object_as_reference, "REQ-0535")
{
    vx_context c = cts_context();
    vx_reference err = (vx_reference)vxGetKernelByEnum(c, CTS_USER_KERNEL_BASE(0) + 77);
    vx_enum t = 0;
    CTS_ASSERT(err != NULL && vxGetStatus(err) != VX_SUCCESS);
    /* an error object is not something the application can retain or name */
    EXPECT_INVALID(vxRetainReference(err), "an error object");
    EXPECT_INVALID(vxSetReferenceName(err, "e"), "an error object");
    EXPECT_INVALID(vxHint(err, VX_HINT_PERFORMANCE_DEFAULT, NULL, 0), "an error object");
    EXPECT_INVALID(vxDirective(err, VX_DIRECTIVE_ENABLE_LOGGING), "an error object");
    /* but it can be asked what it is */
    CTS_EXPECT_STATUS(vxQueryReference(err, VX_REFERENCE_TYPE, &t, sizeof(t)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(t, VX_TYPE_ERROR);
}

CTS_TEST(BadInput, bad_pointers_and_sizes, "REQ-0580 REQ-0581 REQ-1743 REQ-1744 REQ-1773 REQ-1774")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "sizes", 1, 1);
    vx_parameter p = vxGetKernelParameterByIndex(k, 0);
    static const vx_enum ctx_attrs[] = {
        VX_CONTEXT_VENDOR_ID, VX_CONTEXT_VERSION, VX_CONTEXT_UNIQUE_KERNELS, VX_CONTEXT_MODULES,
        VX_CONTEXT_REFERENCES, VX_CONTEXT_IMPLEMENTATION, VX_CONTEXT_EXTENSIONS_SIZE, VX_CONTEXT_EXTENSIONS,
        VX_CONTEXT_CONVOLUTION_MAX_DIMENSION, VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION,
        VX_CONTEXT_IMMEDIATE_BORDER, VX_CONTEXT_UNIQUE_KERNEL_TABLE, VX_CONTEXT_IMMEDIATE_BORDER_POLICY,
        VX_CONTEXT_NONLINEAR_MAX_DIMENSION, VX_CONTEXT_MAX_TENSOR_DIMS, VX_CONTEXT_OVX_CPU_FEATURES,
        VX_CONTEXT_OVX_SIMD_LEVEL, VX_CONTEXT_OVX_TARGETS};
    static const vx_enum kernel_attrs[] = {VX_KERNEL_PARAMETERS, VX_KERNEL_NAME, VX_KERNEL_ENUM,
                                           VX_KERNEL_LOCAL_DATA_SIZE};
    static const vx_enum param_attrs[] = {VX_PARAMETER_INDEX, VX_PARAMETER_DIRECTION, VX_PARAMETER_TYPE,
                                          VX_PARAMETER_STATE, VX_PARAMETER_REF};
    static const vx_enum ref_attrs[] = {VX_REFERENCE_COUNT, VX_REFERENCE_TYPE, VX_REFERENCE_NAME};
    static const vx_size sizes[] = {0, 1, 3, 1 << 20};
    static char buf[1 << 20];
    size_t i, j;
    CTS_ASSERT_VALID(p);
    for (i = 0; i < sizeof(ctx_attrs) / sizeof(ctx_attrs[0]); i++) {
        for (j = 0; j < sizeof(sizes) / sizeof(sizes[0]); j++) {
            vx_status s = vxQueryContext(c, ctx_attrs[i], NULL, sizes[j]);
            CTS_EXPECT_MSG(s == VX_ERROR_INVALID_PARAMETERS, "vxQueryContext(0x%x, NULL, %zu): %s",
                           (unsigned)ctx_attrs[i], (size_t)sizes[j], cts_status_name(s));
            (void)vxQueryContext(c, ctx_attrs[i], buf, sizes[j]); /* must not crash */
        }
    }
    for (i = 0; i < sizeof(kernel_attrs) / sizeof(kernel_attrs[0]); i++) {
        CTS_EXPECT_STATUS(vxQueryKernel(k, kernel_attrs[i], NULL, 4), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryKernel(k, kernel_attrs[i], buf, 0), VX_ERROR_INVALID_PARAMETERS);
    }
    for (i = 0; i < sizeof(param_attrs) / sizeof(param_attrs[0]); i++) {
        CTS_EXPECT_STATUS(vxQueryParameter(p, param_attrs[i], NULL, 4), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryParameter(p, param_attrs[i], buf, 0), VX_ERROR_INVALID_PARAMETERS);
    }
    for (i = 0; i < sizeof(ref_attrs) / sizeof(ref_attrs[0]); i++) {
        CTS_EXPECT_STATUS(vxQueryReference((vx_reference)k, ref_attrs[i], NULL, 4), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryReference((vx_reference)k, ref_attrs[i], buf, 0), VX_ERROR_INVALID_PARAMETERS);
    }
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, NULL, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TABLE(badinput) = {
    CTS_ENTRY(BadInput, null_handles),
    CTS_ENTRY(BadInput, released_handles),
    CTS_ENTRY(BadInput, wrong_type_handles),
    CTS_ENTRY(BadInput, foreign_pointers),
    CTS_ENTRY(BadInput, error_object_as_reference),
    CTS_ENTRY(BadInput, bad_pointers_and_sizes),
    CTS_TABLE_END,
};
