/* Spec chapter "Object: Reference" (and vxGetContext, vxGetStatus). */
#include "../runner/cts.h"

#include <string.h>

CTS_TEST(Reference, retain_release_count, "REQ-0529 REQ-0531 REQ-0532 REQ-1983")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "counted", 1, 1);
    vx_reference r = (vx_reference)k, r2;
    CTS_EXPECT_EQ_INT(cts_ref_count(r), 1);
    CTS_EXPECT_STATUS(vxRetainReference(r), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_ref_count(r), 2);
    CTS_EXPECT_STATUS(vxRetainReference(r), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_ref_count(r), 3);
    r2 = r;
    CTS_EXPECT_STATUS(vxReleaseReference(&r2), VX_SUCCESS);
    CTS_EXPECT(r2 == NULL);
    CTS_EXPECT_EQ_INT(cts_ref_count(r), 2);
    r2 = r;
    CTS_EXPECT_STATUS(vxReleaseReference(&r2), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_ref_count(r), 1);
    /* read-only */
    {
        vx_uint32 n = 7;
        CTS_EXPECT_STATUS(vxQueryReference(r, VX_REFERENCE_COUNT, &n, sizeof(vx_uint16)), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryReference(r, VX_REFERENCE_COUNT, NULL, sizeof(n)), VX_ERROR_INVALID_PARAMETERS);
    }
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Reference, query_type, "REQ-0533 REQ-1984")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "typed", 1, 1);
    vx_parameter p = vxGetKernelParameterByIndex(k, 0);
    vx_enum t = 0;
    vx_uint16 small;
    CTS_ASSERT_VALID(p);
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)c, VX_REFERENCE_TYPE, &t, sizeof(t)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(t, VX_TYPE_CONTEXT);
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)k, VX_REFERENCE_TYPE, &t, sizeof(t)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(t, VX_TYPE_KERNEL);
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)p, VX_REFERENCE_TYPE, &t, sizeof(t)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(t, VX_TYPE_PARAMETER);
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)k, VX_REFERENCE_TYPE, &small, sizeof(small)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)k, VX_KERNEL_ENUM, &t, sizeof(t)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Reference, name_set_unset, "REQ-0534 REQ-1985")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "named", 1, 1);
    vx_reference r = (vx_reference)k;
    vx_char *name = (vx_char *)"sentinel";
    char src[32], longname[VX_MAX_REFERENCE_NAME + 20];
    /* unnamed at first */
    CTS_ASSERT_STATUS(vxQueryReference(r, VX_REFERENCE_NAME, &name, sizeof(name)), VX_SUCCESS);
    CTS_EXPECT(name == NULL || name[0] == '\0');
    strcpy(src, "my_kernel");
    CTS_EXPECT_STATUS(vxSetReferenceName(r, src), VX_SUCCESS);
    strcpy(src, "changed"); /* the name was copied */
    CTS_ASSERT_STATUS(vxQueryReference(r, VX_REFERENCE_NAME, &name, sizeof(name)), VX_SUCCESS);
    CTS_ASSERT(name != NULL);
    CTS_EXPECT_MSG(strcmp(name, "my_kernel") == 0, "name is \"%s\"", name);
    /* the context itself can be named too */
    CTS_EXPECT_STATUS(vxSetReferenceName((vx_reference)c, "ctx"), VX_SUCCESS);
    /* NULL means not named */
    CTS_EXPECT_STATUS(vxSetReferenceName(r, NULL), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryReference(r, VX_REFERENCE_NAME, &name, sizeof(name)), VX_SUCCESS);
    CTS_EXPECT(name == NULL || name[0] == '\0');
    /* too long: kept to VX_MAX_REFERENCE_NAME - 1 characters at most, never overflows */
    memset(longname, 'n', sizeof(longname) - 1);
    longname[sizeof(longname) - 1] = '\0';
    (void)vxSetReferenceName(r, longname);
    CTS_ASSERT_STATUS(vxQueryReference(r, VX_REFERENCE_NAME, &name, sizeof(name)), VX_SUCCESS);
    if (name) CTS_EXPECT(strlen(name) < VX_MAX_REFERENCE_NAME);
    /* wrong container */
    CTS_EXPECT_STATUS(vxQueryReference(r, VX_REFERENCE_NAME, &name, 4), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Reference, release_zeroes_and_double_release, "REQ-1747 REQ-1748 REQ-1749 REQ-1750")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "twice", 1, 1), stale = k;
    vx_reference r;
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
    CTS_EXPECT(k == NULL);
    /* the app holds no reference any more: a second release is refused */
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_ERROR_INVALID_REFERENCE);
    r = (vx_reference)stale;
    CTS_EXPECT_STATUS(vxReleaseReference(&r), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseReference(NULL), VX_ERROR_INVALID_REFERENCE);
    r = NULL;
    CTS_EXPECT_STATUS(vxReleaseReference(&r), VX_ERROR_INVALID_REFERENCE);
}

CTS_TEST(Reference, stale_handles, "REQ-1777 REQ-1780")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "stale", 1, 1);
    vx_parameter p = vxGetKernelParameterByIndex(k, 0), stale;
    vx_uint32 n;
    CTS_ASSERT_VALID(p);
    stale = p;
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    CTS_EXPECT(p == NULL);
    CTS_EXPECT_STATUS(vxQueryParameter(stale, VX_PARAMETER_INDEX, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)stale, VX_REFERENCE_COUNT, &n, sizeof(n)),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxRetainReference((vx_reference)stale), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetReferenceName((vx_reference)stale, "x"), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(vxGetContext((vx_reference)stale) == NULL);
    CTS_EXPECT_STATUS(vxReleaseParameter(&stale), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Reference, wrong_type, "REQ-1741 REQ-1748 REQ-1771 REQ-1778")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "wrongtype", 1, 1);
    vx_parameter p = vxGetKernelParameterByIndex(k, 0);
    vx_uint32 n;
    vx_kernel as_kernel = (vx_kernel)c;
    vx_parameter as_param = (vx_parameter)k;
    CTS_ASSERT_VALID(p);
    /* a context where a kernel is expected, a kernel where a parameter is */
    CTS_EXPECT_STATUS(vxQueryKernel(as_kernel, VX_KERNEL_PARAMETERS, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseKernel(&as_kernel), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(as_kernel == (vx_kernel)c); /* not zeroed on failure */
    CTS_EXPECT_STATUS(vxQueryParameter(as_param, VX_PARAMETER_INDEX, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseParameter(&as_param), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryContext((vx_context)k, VX_CONTEXT_REFERENCES, &n, sizeof(n)), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseContext((vx_context *)&p), VX_ERROR_INVALID_REFERENCE);
    /* all still alive */
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)k), 1);
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)p), 1);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Reference, get_context, "REQ-0529")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "ctxof", 1, 1);
    vx_parameter p = vxGetKernelParameterByIndex(k, 0);
    CTS_ASSERT_VALID(p);
    CTS_EXPECT(vxGetContext((vx_reference)c) == c);
    CTS_EXPECT(vxGetContext((vx_reference)k) == c);
    CTS_EXPECT(vxGetContext((vx_reference)p) == c);
    CTS_EXPECT(vxGetContext(NULL) == NULL);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Reference, get_status, "REQ-0535 REQ-0536 REQ-0537 REQ-1738 REQ-1765")
{
    vx_context c = cts_context();
    vx_kernel bad = vxGetKernelByName(c, "org.libopenvx.cts.no_such_kernel");
    vx_kernel k = cts_user_kernel(c, "status", 1, 1);
    vx_parameter badp = vxGetKernelParameterByIndex(k, 5);
    vx_enum t = 0;
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)c), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)k), VX_SUCCESS);
    CTS_EXPECT(vxGetStatus(NULL) != VX_SUCCESS);
    CTS_ASSERT(bad != NULL);
    CTS_EXPECT(vxGetStatus((vx_reference)bad) != VX_SUCCESS);
    CTS_EXPECT(vxGetStatus((vx_reference)badp) != VX_SUCCESS);
    /* an error object is a reference of type VX_TYPE_ERROR ... */
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)bad, VX_REFERENCE_TYPE, &t, sizeof(t)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(t, VX_TYPE_ERROR);
    /* ... that belongs to the context, but is never a kernel */
    CTS_EXPECT(vxGetContext((vx_reference)bad) == c);
    CTS_EXPECT_STATUS(vxQueryKernel(bad, VX_KERNEL_ENUM, &t, sizeof(t)), VX_ERROR_INVALID_REFERENCE);
    /* releasing it is harmless */
    (void)vxReleaseKernel(&bad);
    (void)vxReleaseParameter(&badp);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TABLE(reference) = {
    CTS_ENTRY(Reference, retain_release_count),
    CTS_ENTRY(Reference, query_type),
    CTS_ENTRY(Reference, name_set_unset),
    CTS_ENTRY(Reference, release_zeroes_and_double_release),
    CTS_ENTRY(Reference, stale_handles),
    CTS_ENTRY(Reference, wrong_type),
    CTS_ENTRY(Reference, get_context),
    CTS_ENTRY(Reference, get_status),
    CTS_TABLE_END,
};
