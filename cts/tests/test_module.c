/* Spec "Framework: User Kernels": vxLoadKernels, vxUnloadKernels,
 * vxRegisterKernelLibrary.  The module is cts/module (libcts_module.so);
 * meson test puts its directory on LD_LIBRARY_PATH. */
#include "../runner/cts.h"

#include <string.h>

#define MODULE_KERNEL "org.libopenvx.cts.module.kernel"

static vx_uint32 modules(vx_context c)
{
    vx_uint32 n = 0xFFFFFFFFu;
    if (vxQueryContext(c, VX_CONTEXT_MODULES, &n, sizeof(n)) != VX_SUCCESS) return 0xFFFFFFFFu;
    return n;
}

static vx_uint32 kernels(vx_context c)
{
    vx_uint32 n = 0xFFFFFFFFu;
    if (vxQueryContext(c, VX_CONTEXT_UNIQUE_KERNELS, &n, sizeof(n)) != VX_SUCCESS) return 0xFFFFFFFFu;
    return n;
}

CTS_TEST(Module, load_unload, "REQ-1922 REQ-1923 REQ-1924 REQ-1925 REQ-1926 REQ-1927 REQ-0546 REQ-1960 REQ-1961 REQ-1962 REQ-1963 REQ-1964")
{
    vx_context c = cts_context();
    vx_uint32 k0 = kernels(c);
    vx_kernel k;
    vx_uint32 np = 0;
    vx_status s;
    CTS_EXPECT_EQ_INT(modules(c), 0);
    s = vxLoadKernels(c, "cts_module");
    CTS_ASSERT_MSG(s == VX_SUCCESS, "vxLoadKernels(\"cts_module\"): %s (%s); is the module directory on "
                   "LD_LIBRARY_PATH?", cts_status_name(s), cts_log_last()->message);
    CTS_EXPECT_EQ_INT(modules(c), 1);
    CTS_EXPECT_EQ_INT(kernels(c), k0 + 1);
    k = vxGetKernelByName(c, MODULE_KERNEL);
    CTS_ASSERT_VALID(k);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, sizeof(np)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(np, 1);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnloadKernels(c, "cts_module"), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(modules(c), 0);
    CTS_EXPECT_EQ_INT(kernels(c), k0);
    CTS_EXPECT(vxGetStatus((vx_reference)vxGetKernelByName(c, MODULE_KERNEL)) != VX_SUCCESS);
    /* and again */
    CTS_EXPECT_STATUS(vxLoadKernels(c, "cts_module"), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(modules(c), 1);
    CTS_EXPECT_STATUS(vxUnloadKernels(c, "cts_module"), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxUnloadKernels(c, "cts_module"), VX_ERROR_INVALID_PARAMETERS); /* not loaded */
}

CTS_TEST(Module, released_with_context, "REQ-1922 REQ-0584")
{
    /* a module still loaded when the context goes is unpublished and closed */
    vx_context c = vxCreateContext();
    vx_kernel k;
    CTS_ASSERT_VALID(c);
    if (vxLoadKernels(c, "cts_module") != VX_SUCCESS) {
        vxReleaseContext(&c);
        cts_fail(__FILE__, __LINE__, 1, "vxLoadKernels(\"cts_module\") failed");
    }
    k = vxGetKernelByName(c, MODULE_KERNEL); /* forgotten on purpose */
    CTS_EXPECT(vxGetStatus((vx_reference)k) == VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseContext(&c), VX_SUCCESS);
}

CTS_TEST(Module, missing_module, "REQ-1926 REQ-1927")
{
    vx_context c = cts_context();
    vx_status s;
    cts_log_clear();
    s = vxLoadKernels(c, "cts_no_such_module");
    CTS_EXPECT(s != VX_SUCCESS);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT(cts_log_last()->status != VX_SUCCESS);
    CTS_EXPECT_MSG(strstr(cts_log_last()->message, "cts_no_such_module") != NULL, "log entry \"%s\"",
                   cts_log_last()->message);
    CTS_EXPECT_EQ_INT(modules(c), 0);
    CTS_EXPECT(vxLoadKernels(c, NULL) != VX_SUCCESS);
    CTS_EXPECT(vxLoadKernels(c, "") != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxLoadKernels(NULL, "cts_module"), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxUnloadKernels(NULL, "cts_module"), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(vxUnloadKernels(c, NULL) != VX_SUCCESS);
    CTS_EXPECT_EQ_INT(modules(c), 0);
}

/* ---- vxRegisterKernelLibrary: a module linked into the application ---- */
static int published, unpublished;

static vx_status VX_API_CALL lib_publish(vx_context context)
{
    vx_enum e = 0;
    vx_kernel k;
    vx_status s;
    published++;
    s = vxAllocateUserKernelId(context, &e);
    if (s != VX_SUCCESS) return s;
    k = vxAddUserKernel(context, "org.libopenvx.cts.linked.kernel", e, cts_nop_kernel, 0, cts_nop_validate, NULL, NULL);
    s = vxGetStatus((vx_reference)k);
    if (s == VX_SUCCESS) s = vxFinalizeKernel(k);
    if (s == VX_SUCCESS) s = vxReleaseKernel(&k);
    return s;
}

static vx_status VX_API_CALL lib_unpublish(vx_context context)
{
    vx_kernel k = vxGetKernelByName(context, "org.libopenvx.cts.linked.kernel");
    unpublished++;
    if (vxGetStatus((vx_reference)k) != VX_SUCCESS) return VX_FAILURE;
    return vxRemoveKernel(k);
}

CTS_TEST(Module, register_kernel_library, "REQ-1996 REQ-1997 REQ-1998 REQ-1999 REQ-2000 REQ-2001 REQ-2002")
{
    vx_context c = cts_context();
    vx_kernel k;
    vx_status s;
    published = unpublished = 0;
    CTS_ASSERT_STATUS(vxRegisterKernelLibrary(c, "cts_linked", lib_publish, lib_unpublish), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(modules(c), 0);
    /* vxLoadKernels finds the registered library by its name */
    s = vxLoadKernels(c, "cts_linked");
    CTS_EXPECT_STATUS(s, VX_SUCCESS);
    CTS_EXPECT_EQ_INT(published, 1);
    CTS_EXPECT_EQ_INT(modules(c), 1);
    k = vxGetKernelByName(c, "org.libopenvx.cts.linked.kernel");
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)k), VX_SUCCESS);
    (void)vxReleaseKernel(&k);
    CTS_EXPECT_STATUS(vxUnloadKernels(c, "cts_linked"), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(unpublished, 1);
    CTS_EXPECT_EQ_INT(modules(c), 0);
    CTS_EXPECT(vxGetStatus((vx_reference)vxGetKernelByName(c, "org.libopenvx.cts.linked.kernel")) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxRegisterKernelLibrary(NULL, "x", lib_publish, lib_unpublish), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxRegisterKernelLibrary(c, NULL, lib_publish, lib_unpublish), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxRegisterKernelLibrary(c, "x", NULL, lib_unpublish), VX_ERROR_INVALID_PARAMETERS);
}

CTS_TABLE(module) = {
    CTS_ENTRY(Module, load_unload),
    CTS_ENTRY(Module, released_with_context),
    CTS_ENTRY(Module, missing_module),
    CTS_ENTRY(Module, register_kernel_library),
    CTS_TABLE_END,
};
