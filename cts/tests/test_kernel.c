/* Spec chapters "Object: Kernel", "Object: Parameter" (kernel side) and
 * "Framework: User Kernels". */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

#define NAME(x) "org.libopenvx.cts." x

CTS_TEST(KernelRegistry, unknown_name_and_enum, "REQ-1735 REQ-1736 REQ-1737 REQ-1738")
{
    vx_context c = cts_context();
    vx_kernel k;
    cts_log_clear();
    k = vxGetKernelByName(c, "org.khronos.openvx.no_such_kernel");
    CTS_ASSERT(k != NULL);
    CTS_EXPECT(vxGetStatus((vx_reference)k) != VX_SUCCESS);
    CTS_EXPECT(cts_log_count() >= 1);
    k = vxGetKernelByEnum(c, CTS_USER_KERNEL_BASE(0) + 4095);
    CTS_ASSERT(k != NULL);
    CTS_EXPECT(vxGetStatus((vx_reference)k) != VX_SUCCESS);
    k = vxGetKernelByName(c, NULL);
    CTS_EXPECT(vxGetStatus((vx_reference)k) != VX_SUCCESS);
    k = vxGetKernelByName(c, "");
    CTS_EXPECT(vxGetStatus((vx_reference)k) != VX_SUCCESS);
}

CTS_TEST(KernelRegistry, user_kernel_by_name_and_enum,
         "REQ-1735 REQ-1738 REQ-1739 REQ-1740 REQ-1746 REQ-1664 REQ-1666 REQ-1668 REQ-1670 REQ-1672 REQ-1897 REQ-1898 REQ-1899 REQ-1900 REQ-1901 REQ-1902 REQ-1903 REQ-1906 REQ-1918 REQ-1921")
{
    vx_context c = cts_context();
    vx_enum e = 0, qe = 0;
    vx_uint32 np = 0;
    vx_size lds = 99;
    char name[VX_MAX_KERNEL_NAME];
    vx_kernel k, byname, byenum;
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    k = vxAddUserKernel(c, NAME("lookup"), e, cts_nop_kernel, 2, cts_nop_validate, NULL, NULL);
    CTS_ASSERT_VALID(k);
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_OPTIONAL), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    /* the handle stays valid after finalization */
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, sizeof(np)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(np, 2);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_ENUM, &qe, sizeof(qe)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(qe, e);
    memset(name, 0, sizeof(name));
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_NAME, name, sizeof(name)), VX_SUCCESS);
    CTS_EXPECT_MSG(strcmp(name, NAME("lookup")) == 0, "name \"%s\"", name);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_LOCAL_DATA_SIZE, &lds, sizeof(lds)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(lds, 0);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &lds, sizeof(lds)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_ENUM, NULL, sizeof(qe)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_CONTEXT_VERSION, &qe, sizeof(qe)), VX_ERROR_NOT_SUPPORTED);
    byname = vxGetKernelByName(c, NAME("lookup"));
    CTS_ASSERT_VALID(byname);
    byenum = vxGetKernelByEnum(c, e);
    CTS_ASSERT_VALID(byenum);
    CTS_EXPECT(byname == k && byenum == k);
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)k), 3);
    CTS_EXPECT_STATUS(vxReleaseKernel(&byname), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&byenum), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
    /* released by the application, still registered in the context */
    k = vxGetKernelByName(c, NAME("lookup"));
    CTS_ASSERT_VALID(k);
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)k), 1);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(KernelRegistry, add_parameter_rules, "REQ-1888 REQ-1889 REQ-1890 REQ-1891 REQ-1892 REQ-1893 REQ-1894 REQ-1895 REQ-1896")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "params", 0, 0), k2;
    vx_enum e = 0;
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    k2 = vxAddUserKernel(c, NAME("params2"), e, cts_nop_kernel, 2, cts_nop_validate, NULL, NULL);
    CTS_ASSERT_VALID(k2);
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k2, 2, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED),
                      VX_ERROR_INVALID_PARAMETERS); /* index out of range */
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k2, 0, VX_OUTPUT + 1, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED),
                      VX_ERROR_INVALID_PARAMETERS); /* only VX_INPUT or VX_OUTPUT */
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k2, 0, 0x7FFF, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k2, 0, VX_INPUT, 0x7FFFFFF, VX_PARAMETER_STATE_REQUIRED),
                      VX_ERROR_INVALID_PARAMETERS); /* not a vx_type_e */
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k2, 0, VX_INPUT, VX_TYPE_IMAGE, 12345), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k2, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k2, 1, VX_OUTPUT, VX_TYPE_UINT8, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxAddParameterToKernel(NULL, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxFinalizeKernel(k2), VX_SUCCESS);
    /* the signature is fixed once finalized */
    CTS_EXPECT(vxAddParameterToKernel(k2, 0, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k2), VX_SUCCESS);
}

CTS_TEST(KernelRegistry, finalize_needs_all_parameters, "REQ-1918 REQ-1919 REQ-1920")
{
    vx_context c = cts_context();
    vx_enum e = 0;
    vx_kernel k, found;
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    k = vxAddUserKernel(c, NAME("incomplete"), e, cts_nop_kernel, 2, cts_nop_validate, NULL, NULL);
    CTS_ASSERT_VALID(k);
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    cts_log_clear();
    CTS_EXPECT(vxFinalizeKernel(k) != VX_SUCCESS);
    CTS_EXPECT(cts_log_count() >= 1);
    /* not available to clients */
    found = vxGetKernelByName(c, NAME("incomplete"));
    CTS_EXPECT(vxGetStatus((vx_reference)found) != VX_SUCCESS);
    found = vxGetKernelByEnum(c, e);
    CTS_EXPECT(vxGetStatus((vx_reference)found) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxFinalizeKernel(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
}

CTS_TEST(KernelRegistry, kernel_parameters, "REQ-1751 REQ-1752 REQ-1754 REQ-1756 REQ-1758 REQ-1760 REQ-1762 REQ-1763 REQ-1764 REQ-1765 REQ-1770 REQ-1771 REQ-1772 REQ-1773 REQ-1774 REQ-1775 REQ-1776 REQ-1777 REQ-1778 REQ-1779 REQ-1780")
{
    vx_context c = cts_context();
    vx_enum e = 0, v = 0;
    vx_uint32 idx = 99;
    vx_uint16 small;
    vx_reference ref = (vx_reference)c;
    vx_kernel k;
    vx_parameter p0, p1, bad;
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    k = vxAddUserKernel(c, NAME("kparams"), e, cts_nop_kernel, 2, cts_nop_validate, NULL, NULL);
    CTS_ASSERT_VALID(k);
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_ARRAY, VX_PARAMETER_STATE_OPTIONAL), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    p0 = vxGetKernelParameterByIndex(k, 0);
    p1 = vxGetKernelParameterByIndex(k, 1);
    CTS_ASSERT_VALID(p0);
    CTS_ASSERT_VALID(p1);
    CTS_EXPECT_STATUS(vxQueryParameter(p1, VX_PARAMETER_INDEX, &idx, sizeof(idx)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(idx, 1);
    CTS_EXPECT_STATUS(vxQueryParameter(p0, VX_PARAMETER_DIRECTION, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(v, VX_INPUT);
    CTS_EXPECT_STATUS(vxQueryParameter(p1, VX_PARAMETER_DIRECTION, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(v, VX_OUTPUT);
    CTS_EXPECT_STATUS(vxQueryParameter(p0, VX_PARAMETER_TYPE, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(v, VX_TYPE_IMAGE);
    CTS_EXPECT_STATUS(vxQueryParameter(p1, VX_PARAMETER_TYPE, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(v, VX_TYPE_ARRAY);
    CTS_EXPECT_STATUS(vxQueryParameter(p0, VX_PARAMETER_STATE, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(v, VX_PARAMETER_STATE_REQUIRED);
    CTS_EXPECT_STATUS(vxQueryParameter(p1, VX_PARAMETER_STATE, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(v, VX_PARAMETER_STATE_OPTIONAL);
    /* a kernel's parameter holds no object */
    CTS_EXPECT_STATUS(vxQueryParameter(p0, VX_PARAMETER_REF, &ref, sizeof(ref)), VX_SUCCESS);
    CTS_EXPECT(ref == NULL);
    CTS_EXPECT_STATUS(vxQueryParameter(p0, VX_PARAMETER_INDEX, &small, sizeof(small)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryParameter(p0, VX_PARAMETER_TYPE, NULL, sizeof(v)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryParameter(p0, VX_KERNEL_ENUM, &v, sizeof(v)), VX_ERROR_NOT_SUPPORTED);
    /* out of range */
    bad = vxGetKernelParameterByIndex(k, 2);
    CTS_EXPECT(bad != NULL && vxGetStatus((vx_reference)bad) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p0), VX_SUCCESS);
    CTS_EXPECT(p0 == NULL);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p1), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p1), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(KernelRegistry, set_kernel_attribute, "REQ-1671 REQ-1665 REQ-1667 REQ-1669 REQ-1932 REQ-1933 REQ-1934 REQ-1935 REQ-1936")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "attrs", 1, 0);
    vx_size lds = 128, q = 0;
    vx_uint32 wrong = 4, np = 7;
    vx_enum e = 1;
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &lds, sizeof(lds)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &wrong, sizeof(wrong)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, NULL, sizeof(lds)),
                      VX_ERROR_INVALID_PARAMETERS);
    /* read-only attributes */
    CTS_EXPECT(vxSetKernelAttribute(k, VX_KERNEL_PARAMETERS, &np, sizeof(np)) != VX_SUCCESS);
    CTS_EXPECT(vxSetKernelAttribute(k, VX_KERNEL_ENUM, &e, sizeof(e)) != VX_SUCCESS);
    CTS_EXPECT(vxSetKernelAttribute(k, VX_KERNEL_NAME, "x", 2) != VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_LOCAL_DATA_SIZE, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q, 128);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, sizeof(np)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(np, 1);
    /* nothing changes after finalization */
    lds = 256;
    CTS_EXPECT(vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &lds, sizeof(lds)) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_LOCAL_DATA_SIZE, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q, 128);
    CTS_EXPECT_STATUS(vxSetKernelAttribute(NULL, VX_KERNEL_LOCAL_DATA_SIZE, &lds, sizeof(lds)),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(KernelRegistry, remove_rules, "REQ-1928 REQ-1929 REQ-1930 REQ-1931")
{
    vx_context c = cts_context();
    vx_kernel k = cts_user_kernel(c, "removable", 1, 1), stale;
    vx_parameter p;
    vx_uint32 n0 = 0, n1 = 0;
    vx_enum e = 0;
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_ENUM, &e, sizeof(e)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_UNIQUE_KERNELS, &n0, sizeof(n0)), VX_SUCCESS);
    /* a second application reference: VX_FAILURE */
    CTS_EXPECT_STATUS(vxRetainReference((vx_reference)k), VX_SUCCESS);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_FAILURE);
    CTS_EXPECT(cts_log_count() >= 1);
    stale = k;
    CTS_EXPECT_STATUS(vxReleaseKernel(&stale), VX_SUCCESS);
    /* a parameter object of the kernel is not in REQ-1931's failure list: the
     * kernel goes, the parameter stays usable until it is released */
    p = vxGetKernelParameterByIndex(k, 0);
    CTS_ASSERT_VALID(p);
    CTS_ASSERT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
    {
        vx_enum dir = 0;
        CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_DIRECTION, &dir, sizeof(dir)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(dir, VX_INPUT);
    }
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_UNIQUE_KERNELS, &n1, sizeof(n1)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(n1, n0 - 1);
    CTS_EXPECT(vxGetStatus((vx_reference)vxGetKernelByName(c, NAME("removable"))) != VX_SUCCESS);
    CTS_EXPECT(vxGetStatus((vx_reference)vxGetKernelByEnum(c, e)) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxRemoveKernel(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxRemoveKernel((vx_kernel)c), VX_ERROR_INVALID_REFERENCE);
    /* the name can be used again */
    k = cts_user_kernel(c, "removable", 1, 1);
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
}

CTS_TEST(KernelRegistry, remove_base_kernel, "REQ-1928 REQ-1930")
{
    vx_context c = cts_context();
    vx_uint32 n = 0;
    vx_kernel_info_t *table;
    vx_kernel k;
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_UNIQUE_KERNELS, &n, sizeof(n)), VX_SUCCESS);
    if (n == 0) CTS_SKIP("no built-in kernels yet");
    table = calloc(n, sizeof(*table));
    CTS_ASSERT(table != NULL);
    if (vxQueryContext(c, VX_CONTEXT_UNIQUE_KERNEL_TABLE, table, n * sizeof(*table)) != VX_SUCCESS) {
        free(table);
        cts_fail(__FILE__, __LINE__, 1, "VX_CONTEXT_UNIQUE_KERNEL_TABLE query failed");
    }
    k = vxGetKernelByEnum(c, table[0].enumeration);
    free(table);
    CTS_ASSERT_VALID(k);
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(KernelRegistry, add_user_kernel_refusals, "REQ-1897 REQ-1899 REQ-1901 REQ-1903 REQ-1906")
{
    vx_context c = cts_context();
    vx_enum e = 0, e2 = 0;
    char longname[VX_MAX_KERNEL_NAME + 8];
    vx_kernel k;
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e2), VX_SUCCESS);
    cts_log_clear();
    /* no validator: accepted (vx_khr_pipelining's streaming source/sink
     * kernels are added so in the Khronos tests) */
    k = vxAddUserKernel(c, NAME("novalidator"), e2, cts_nop_kernel, 1, NULL, NULL, NULL);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)k), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
    k = vxAddUserKernel(c, NAME("nofunction"), e, NULL, 1, cts_nop_validate, NULL, NULL);
    CTS_EXPECT_ERROR_OBJECT(k, VX_ERROR_INVALID_PARAMETERS);
    k = vxAddUserKernel(c, NULL, e, cts_nop_kernel, 1, cts_nop_validate, NULL, NULL);
    CTS_EXPECT_ERROR_OBJECT(k, VX_ERROR_INVALID_PARAMETERS);
    memset(longname, 'k', sizeof(longname) - 1);
    longname[sizeof(longname) - 1] = '\0';
    k = vxAddUserKernel(c, longname, e, cts_nop_kernel, 1, cts_nop_validate, NULL, NULL);
    CTS_EXPECT_ERROR_OBJECT(k, VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT(vxAddUserKernel(NULL, NAME("nocontext"), e, cts_nop_kernel, 1, cts_nop_validate, NULL, NULL) == NULL);
    /* a name or enum in use */
    k = vxAddUserKernel(c, NAME("first"), e, cts_nop_kernel, 0, cts_nop_validate, NULL, NULL);
    CTS_ASSERT_VALID(k);
    CTS_EXPECT(vxGetStatus((vx_reference)vxAddUserKernel(c, NAME("first"), e2, cts_nop_kernel, 0, cts_nop_validate,
                                                         NULL, NULL)) != VX_SUCCESS);
    CTS_EXPECT(vxGetStatus((vx_reference)vxAddUserKernel(c, NAME("second"), e, cts_nop_kernel, 0, cts_nop_validate,
                                                         NULL, NULL)) != VX_SUCCESS);
    /* zero parameters is a valid signature */
    CTS_EXPECT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
}

CTS_TEST(KernelRegistry, allocate_kernel_ids, "REQ-1907 REQ-1908 REQ-1909 REQ-1910 REQ-1911")
{
    vx_context c = cts_context();
    static unsigned char seen[4096];
    vx_enum e = 0;
    int i;
    vx_status s;
    memset(seen, 0, sizeof(seen));
    for (i = 0; i < 4096; i++) {
        vx_enum off;
        CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
        off = e - CTS_USER_KERNEL_BASE(0);
        CTS_ASSERT_MSG(off >= 0 && off < 4096, "id 0x%x outside the user kernel range [0, 4096)", (unsigned)e);
        CTS_ASSERT_MSG(!seen[off], "id 0x%x handed out twice", (unsigned)e);
        seen[off] = 1;
    }
    cts_log_clear();
    s = vxAllocateUserKernelId(c, &e);
    CTS_EXPECT_STATUS(s, VX_ERROR_NO_RESOURCES);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT_STATUS(vxAllocateUserKernelId(NULL, &e), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(vxAllocateUserKernelId(c, NULL) != VX_SUCCESS);
}

CTS_TEST(KernelRegistry, allocate_library_ids, "REQ-1912 REQ-1913 REQ-1914 REQ-1915 REQ-1916 REQ-1917")
{
    vx_context c = cts_context();
    static unsigned char seen[256];
    vx_enum id = 0;
    int i;
    memset(seen, 0, sizeof(seen));
    for (i = 1; i <= 255; i++) {
        CTS_ASSERT_STATUS(vxAllocateUserKernelLibraryId(c, &id), VX_SUCCESS);
        CTS_ASSERT_MSG(id >= 1 && id <= 255, "library id %d outside 1..255", id);
        CTS_ASSERT_MSG(!seen[id], "library id %d handed out twice", id);
        seen[id] = 1;
    }
    CTS_EXPECT_STATUS(vxAllocateUserKernelLibraryId(c, &id), VX_ERROR_NO_RESOURCES);
    CTS_EXPECT_STATUS(vxAllocateUserKernelLibraryId(NULL, &id), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT(vxAllocateUserKernelLibraryId(c, NULL) != VX_SUCCESS);
}

CTS_TEST(KernelRegistry, library_id_kernel_enums, "REQ-1914 REQ-1900")
{
    vx_context c = cts_context();
    vx_enum lib = 0, got = 0;
    vx_kernel k, found;
    CTS_ASSERT_STATUS(vxAllocateUserKernelLibraryId(c, &lib), VX_SUCCESS);
    k = vxAddUserKernel(c, NAME("libkernel"), CTS_USER_KERNEL_BASE(lib) + 2, cts_nop_kernel, 0,
                        cts_nop_validate, NULL, NULL);
    CTS_ASSERT_VALID(k);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    found = vxGetKernelByEnum(c, CTS_USER_KERNEL_BASE(lib) + 2);
    CTS_ASSERT_VALID(found);
    CTS_EXPECT_STATUS(vxQueryKernel(found, VX_KERNEL_ENUM, &got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, CTS_USER_KERNEL_BASE(lib) + 2);
    CTS_EXPECT_STATUS(vxReleaseKernel(&found), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
}

CTS_TABLE(kernel) = {
    CTS_ENTRY(KernelRegistry, unknown_name_and_enum),
    CTS_ENTRY(KernelRegistry, user_kernel_by_name_and_enum),
    CTS_ENTRY(KernelRegistry, add_parameter_rules),
    CTS_ENTRY(KernelRegistry, finalize_needs_all_parameters),
    CTS_ENTRY(KernelRegistry, kernel_parameters),
    CTS_ENTRY(KernelRegistry, set_kernel_attribute),
    CTS_ENTRY(KernelRegistry, remove_rules),
    CTS_ENTRY(KernelRegistry, remove_base_kernel),
    CTS_ENTRY(KernelRegistry, add_user_kernel_refusals),
    CTS_ENTRY(KernelRegistry, allocate_kernel_ids),
    CTS_ENTRY(KernelRegistry, allocate_library_ids),
    CTS_ENTRY(KernelRegistry, library_id_kernel_enums),
    CTS_TABLE_END,
};
