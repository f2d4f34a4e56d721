/* Spec chapter "Object: Context". */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

CTS_TEST(Context, create_release, "REQ-0575 REQ-0576 REQ-0584 REQ-0585 REQ-0586 REQ-0587")
{
    vx_context c = vxCreateContext(), copy;
    vx_enum type = VX_TYPE_INVALID;
    CTS_ASSERT_VALID(c);
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)c, VX_REFERENCE_TYPE, &type, sizeof(type)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(type, VX_TYPE_CONTEXT);
    copy = c;
    CTS_ASSERT_STATUS(vxReleaseContext(&c), VX_SUCCESS);
    CTS_EXPECT(c == NULL); /* zeroed */
    /* released: every further use is refused */
    CTS_EXPECT_STATUS(vxReleaseContext(&copy), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseContext(&c), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseContext(NULL), VX_ERROR_INVALID_REFERENCE);
}

CTS_TEST(Context, two_contexts, "REQ-0575 REQ-0576 REQ-0584")
{
    vx_context a = cts_context(), b = cts_context();
    vx_kernel k;
    CTS_ASSERT(a != b);
    k = cts_user_kernel(a, "only_in_a", 1, 1);
    CTS_EXPECT(vxGetContext((vx_reference)k) == a);
    /* a kernel of context a is unknown to context b */
    CTS_EXPECT_ERROR_OBJECT(vxGetKernelByName(b, "org.libopenvx.cts.only_in_a"), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Context, retained_context, "REQ-0532 REQ-0584")
{
    vx_context c = vxCreateContext(), extra;
    CTS_ASSERT_VALID(c);
    CTS_EXPECT_STATUS(vxRetainReference((vx_reference)c), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)c), 2);
    extra = c;
    CTS_EXPECT_STATUS(vxReleaseContext(&extra), VX_SUCCESS);
    CTS_EXPECT(extra == NULL);
    /* still alive through the other reference */
    CTS_EXPECT_EQ_INT(cts_ref_count((vx_reference)c), 1);
    CTS_EXPECT(cts_context_refs(c) >= 0);
    CTS_ASSERT_STATUS(vxReleaseReference((vx_reference *)&c), VX_SUCCESS);
    CTS_EXPECT(c == NULL);
}

CTS_TEST(Context, release_frees_forgotten_objects, "REQ-0548 REQ-0584 REQ-1747 REQ-1777")
{
    vx_context c = vxCreateContext();
    vx_kernel k, k2;
    vx_parameter p;
    int n0, n1, n2;
    CTS_ASSERT_VALID(c);
    n0 = cts_context_refs(c);
    CTS_ASSERT(n0 >= 0);
    k = cts_user_kernel(c, "forgotten", 2, 1);
    n1 = cts_context_refs(c);
    CTS_EXPECT_EQ_INT(n1, n0 + 1);
    p = vxGetKernelParameterByIndex(k, 1);
    CTS_ASSERT_VALID(p);
    n2 = cts_context_refs(c);
    CTS_EXPECT_EQ_INT(n2, n1 + 1);
    /* a second handle to the same kernel is not a new object */
    k2 = vxGetKernelByName(c, "org.libopenvx.cts.forgotten");
    CTS_ASSERT_VALID(k2);
    CTS_EXPECT(k2 == k);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), n2);
    CTS_EXPECT_STATUS(vxRetainReference((vx_reference)p), VX_SUCCESS);
    /* forget k, k2 and p (twice retained): the context frees them */
    CTS_ASSERT_STATUS(vxReleaseContext(&c), VX_SUCCESS);
    CTS_EXPECT(c == NULL);
    CTS_EXPECT_STATUS(vxQueryReference((vx_reference)k, VX_REFERENCE_COUNT, &n0, sizeof(vx_uint32)),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k2), VX_ERROR_INVALID_REFERENCE);
}

CTS_TEST(Context, references_count_follows_objects, "REQ-0548 REQ-0549")
{
    vx_context c = cts_context();
    vx_kernel k;
    vx_parameter p;
    int n0 = cts_context_refs(c);
    CTS_ASSERT(n0 >= 0);
    k = cts_user_kernel(c, "counted", 1, 1);
    p = vxGetKernelParameterByIndex(k, 0);
    CTS_ASSERT_VALID(p);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), n0 + 2);
    CTS_EXPECT_STATUS(vxReleaseParameter(&p), VX_SUCCESS);
    CTS_EXPECT(p == NULL);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), n0 + 1);
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(cts_context_refs(c), n0);
}

CTS_TEST(Context, query_vendor_and_version, "REQ-0540 REQ-0542 REQ-0577 REQ-0578 REQ-0579 REQ-0580 REQ-0581 REQ-0582 REQ-0583")
{
    vx_context c = cts_context();
    vx_uint16 vendor = 0xFFFF, version = 0;
    vx_uint32 wrong = 0;
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_VENDOR_ID, &vendor, sizeof(vendor)), VX_SUCCESS);
    CTS_EXPECT(vendor <= VX_ID_MAX);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_VERSION, &version, sizeof(version)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(version, VX_VERSION);
    CTS_EXPECT_EQ_INT(version >> 8, 1); /* VX_VERSION_1_3: major in the high byte */
    CTS_EXPECT_EQ_INT(version & 0xFF, 3);
    /* vx_uint16 attributes: any other container size is refused */
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_VENDOR_ID, &wrong, sizeof(wrong)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_VERSION, &wrong, sizeof(wrong)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_VERSION, NULL, sizeof(version)), VX_ERROR_INVALID_PARAMETERS);
}

CTS_TEST(Context, query_counts, "REQ-0544 REQ-0546 REQ-0548 REQ-0581")
{
    vx_context c = cts_context();
    vx_uint32 n = 0xFFFFFFFFu;
    vx_uint16 small = 0;
    vx_size big = 0;
    static const vx_enum attrs[] = {VX_CONTEXT_UNIQUE_KERNELS, VX_CONTEXT_MODULES, VX_CONTEXT_REFERENCES};
    size_t i;
    for (i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++) {
        n = 0xFFFFFFFFu;
        CTS_EXPECT_STATUS(vxQueryContext(c, attrs[i], &n, sizeof(n)), VX_SUCCESS);
        CTS_EXPECT(n != 0xFFFFFFFFu);
        CTS_EXPECT_STATUS(vxQueryContext(c, attrs[i], &small, sizeof(small)), VX_ERROR_INVALID_PARAMETERS);
        CTS_EXPECT_STATUS(vxQueryContext(c, attrs[i], &big, sizeof(big)), VX_ERROR_INVALID_PARAMETERS);
    }
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_MODULES, &n, sizeof(n)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(n, 0);
}

CTS_TEST(Context, query_implementation, "REQ-0550 REQ-0581")
{
    vx_context c = cts_context();
    vx_char name[VX_MAX_IMPLEMENTATION_NAME];
    vx_char tiny[1];
    memset(name, 'x', sizeof(name));
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_IMPLEMENTATION, name, sizeof(name)), VX_SUCCESS);
    CTS_EXPECT(memchr(name, '\0', sizeof(name)) != NULL);
    CTS_EXPECT(name[0] != '\0');
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_IMPLEMENTATION, tiny, sizeof(tiny)), VX_ERROR_INVALID_PARAMETERS);
}

static int ext_char_ok(char ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
}

CTS_TEST(Context, query_extensions, "REQ-0552 REQ-0554 REQ-0556 REQ-0557")
{
    vx_context c = cts_context();
    vx_size size = 0;
    vx_uint32 wrong;
    char buf[4096];
    size_t i;
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_EXTENSIONS_SIZE, &size, sizeof(size)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_EXTENSIONS_SIZE, &wrong, sizeof(wrong)), VX_ERROR_INVALID_PARAMETERS);
    CTS_ASSERT(size >= 1 && size <= sizeof(buf));
    memset(buf, 'x', sizeof(buf));
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_EXTENSIONS, buf, size), VX_SUCCESS);
    CTS_EXPECT_MSG(strlen(buf) + 1 == size, "VX_CONTEXT_EXTENSIONS_SIZE %zu, string of %zu bytes",
                   (size_t)size, strlen(buf) + 1);
    /* space separated names of [A-Za-z0-9_]; official ones are KHR_ */
    for (i = 0; buf[i]; i++)
        CTS_EXPECT_MSG(buf[i] == ' ' || ext_char_ok(buf[i]), "bad character 0x%02x in \"%s\"",
                       (unsigned char)buf[i], buf);
    CTS_EXPECT_MSG(strstr(buf, "  ") == NULL && buf[0] != ' ', "empty extension name in \"%s\"", buf);
    if (size > 1) {
        CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_EXTENSIONS, buf, size - 1), VX_ERROR_INVALID_PARAMETERS);
    }
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_EXTENSIONS, NULL, size), VX_ERROR_INVALID_PARAMETERS);
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_EXTENSIONS, buf, size), VX_SUCCESS);
    CTS_EXPECT_MSG(strstr(buf, "vx_khr_user_data_object") != NULL, "user data objects not listed in \"%s\"", buf);
    /* the other extensions implemented in full */
    CTS_EXPECT_MSG(strstr(buf, "vx_khr_tiling") != NULL, "tiling not listed in \"%s\"", buf);
    CTS_EXPECT_MSG(strstr(buf, "vx_khr_nn") != NULL, "nn not listed in \"%s\"", buf);
    CTS_EXPECT_MSG(strstr(buf, "vx_khr_ix") != NULL, "ix not listed in \"%s\"", buf);
    CTS_EXPECT_MSG(strstr(buf, "vx_khr_pipelining") != NULL, "pipelining not listed in \"%s\"", buf);
}

CTS_TEST(Context, query_limits, "REQ-0558 REQ-0560 REQ-0561 REQ-0562 REQ-0565 REQ-0566")
{
    vx_context c = cts_context();
    vx_size v = 0;
    vx_uint32 wrong;
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_CONVOLUTION_MAX_DIMENSION, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT(v >= 9 && (v & 1) == 1);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT(v >= 9);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_NONLINEAR_MAX_DIMENSION, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT(v >= 9);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_MAX_TENSOR_DIMS, &v, sizeof(v)), VX_SUCCESS);
    CTS_EXPECT(v >= 1);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_CONVOLUTION_MAX_DIMENSION, &wrong, sizeof(wrong)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_MAX_TENSOR_DIMS, &wrong, sizeof(wrong)),
                      VX_ERROR_INVALID_PARAMETERS);
}

CTS_TEST(Context, immediate_border, "REQ-1987 REQ-0588 REQ-0589 REQ-0590 REQ-0591 REQ-0592 REQ-0593 REQ-0594")
{
    vx_context c = cts_context();
    vx_border_t b, q;
    memset(&q, 0xAB, sizeof(q));
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_IMMEDIATE_BORDER, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q.mode, VX_BORDER_UNDEFINED); /* the default */
    memset(&b, 0, sizeof(b));
    b.mode = VX_BORDER_CONSTANT;
    b.constant_value.U8 = 42;
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, &b, sizeof(b)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_IMMEDIATE_BORDER, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q.mode, VX_BORDER_CONSTANT);
    CTS_EXPECT_EQ_INT(q.constant_value.U8, 42);
    b.mode = VX_BORDER_REPLICATE;
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, &b, sizeof(b)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_IMMEDIATE_BORDER, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q.mode, VX_BORDER_REPLICATE);
    /* invalid mode, wrong size, NULL: refused, value unchanged */
    b.mode = VX_BORDER_POLICY_RETURN_ERROR; /* not a border mode */
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, &b, sizeof(b)), VX_ERROR_INVALID_PARAMETERS);
    b.mode = VX_BORDER_UNDEFINED;
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, &b, sizeof(b) - 1),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, NULL, sizeof(b)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_IMMEDIATE_BORDER, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q.mode, VX_BORDER_REPLICATE);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_IMMEDIATE_BORDER, &q, sizeof(vx_enum)),
                      VX_ERROR_INVALID_PARAMETERS);
}

CTS_TEST(Context, immediate_border_policy, "REQ-1988 REQ-0588 REQ-0593")
{
    vx_context c = cts_context();
    vx_enum p = 0;
    vx_size wrong = 0;
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &p, sizeof(p)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(p, VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED); /* the default */
    p = VX_BORDER_POLICY_RETURN_ERROR;
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &p, sizeof(p)), VX_SUCCESS);
    p = 0;
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &p, sizeof(p)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(p, VX_BORDER_POLICY_RETURN_ERROR);
    p = VX_BORDER_CONSTANT; /* not a policy */
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &p, sizeof(p)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &wrong, sizeof(wrong)),
                      VX_ERROR_INVALID_PARAMETERS);
    p = VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED;
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &p, sizeof(p)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &p, sizeof(p)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(p, VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED);
}

CTS_TEST(Context, read_only_attributes_refuse_set,
         "REQ-0541 REQ-0543 REQ-0545 REQ-0547 REQ-0549 REQ-0551 REQ-0553 REQ-0555 REQ-0559 REQ-1986 REQ-0564 REQ-1989")
{
    vx_context c = cts_context();
    static const struct { vx_enum attr; vx_size size; } ro[] = {
        {VX_CONTEXT_VENDOR_ID, sizeof(vx_uint16)},
        {VX_CONTEXT_VERSION, sizeof(vx_uint16)},
        {VX_CONTEXT_UNIQUE_KERNELS, sizeof(vx_uint32)},
        {VX_CONTEXT_MODULES, sizeof(vx_uint32)},
        {VX_CONTEXT_REFERENCES, sizeof(vx_uint32)},
        {VX_CONTEXT_IMPLEMENTATION, VX_MAX_IMPLEMENTATION_NAME},
        {VX_CONTEXT_EXTENSIONS_SIZE, sizeof(vx_size)},
        {VX_CONTEXT_EXTENSIONS, 1},
        {VX_CONTEXT_CONVOLUTION_MAX_DIMENSION, sizeof(vx_size)},
        {VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION, sizeof(vx_size)},
        {VX_CONTEXT_UNIQUE_KERNEL_TABLE, sizeof(vx_kernel_info_t)},
        {VX_CONTEXT_NONLINEAR_MAX_DIMENSION, sizeof(vx_size)},
        {VX_CONTEXT_MAX_TENSOR_DIMS, sizeof(vx_size)},
        {VX_CONTEXT_OVX_CPU_FEATURES, VX_OVX_MAX_STRING},
        {VX_CONTEXT_OVX_SIMD_LEVEL, VX_OVX_MAX_STRING},
        {VX_CONTEXT_OVX_TARGETS, VX_OVX_MAX_STRING},
    };
    static vx_char buf[sizeof(vx_kernel_info_t) + VX_OVX_MAX_STRING];
    size_t i;
    vx_uint16 version = 0;
    for (i = 0; i < sizeof(ro) / sizeof(ro[0]); i++) {
        vx_status s;
        memset(buf, 0, sizeof(buf));
        cts_log_clear();
        s = vxSetContextAttribute(c, ro[i].attr, buf, ro[i].size);
        CTS_EXPECT_MSG(s == VX_ERROR_NOT_SUPPORTED, "set of read-only attribute 0x%x: got %s", (unsigned)ro[i].attr,
                       cts_status_name(s));
        CTS_EXPECT_MSG(cts_log_count() >= 1, "no log entry for attribute 0x%x", (unsigned)ro[i].attr);
    }
    /* the version is still what it was */
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_VERSION, &version, sizeof(version)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(version, VX_VERSION);
}

CTS_TEST(Context, unknown_attribute, "REQ-0579 REQ-0590")
{
    vx_context c = cts_context();
    vx_uint32 v = 0;
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_CONTEXT) + 0xFF, &v, sizeof(v)),
                      VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_GRAPH_NUMNODES, &v, sizeof(v)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetContextAttribute(c, VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_CONTEXT) + 0xFF, &v, sizeof(v)),
                      VX_ERROR_NOT_SUPPORTED);
}

CTS_TEST(Context, unique_kernel_table, "REQ-0544 REQ-0563")
{
    vx_context c = cts_context();
    vx_uint32 n0 = 0, n1 = 0, i;
    vx_kernel k;
    vx_kernel_info_t *table;
    vx_enum e = 0;
    int found = 0;
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_UNIQUE_KERNELS, &n0, sizeof(n0)), VX_SUCCESS);
    k = cts_user_kernel(c, "in_table", 1, 1);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_ENUM, &e, sizeof(e)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_UNIQUE_KERNELS, &n1, sizeof(n1)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(n1, n0 + 1);
    table = calloc(n1 + 1, sizeof(*table));
    CTS_ASSERT(table != NULL);
    /* a container of any other size is refused */
    if (vxQueryContext(c, VX_CONTEXT_UNIQUE_KERNEL_TABLE, table, (n1 + 1) * sizeof(*table)) !=
        VX_ERROR_INVALID_PARAMETERS)
        cts_fail(__FILE__, __LINE__, 0, "table of n+1 entries accepted");
    if (vxQueryContext(c, VX_CONTEXT_UNIQUE_KERNEL_TABLE, table, (n1 - 1) * sizeof(*table)) !=
        VX_ERROR_INVALID_PARAMETERS)
        cts_fail(__FILE__, __LINE__, 0, "table of n-1 entries accepted");
    if (vxQueryContext(c, VX_CONTEXT_UNIQUE_KERNEL_TABLE, table, n1 * sizeof(*table)) != VX_SUCCESS) {
        free(table);
        cts_fail(__FILE__, __LINE__, 1, "VX_CONTEXT_UNIQUE_KERNEL_TABLE query failed");
    }
    for (i = 0; i < n1; i++) {
        if (strcmp(table[i].name, "org.libopenvx.cts.in_table") == 0) {
            found++;
            CTS_EXPECT_EQ_INT(table[i].enumeration, e);
        }
    }
    free(table);
    CTS_EXPECT_EQ_INT(found, 1);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(Context, vendor_attributes, "REQ-0577 REQ-0581")
{
    vx_context c = cts_context();
    char buf[VX_OVX_MAX_STRING], tiny[1];
    memset(buf, 'x', sizeof(buf));
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_OVX_CPU_FEATURES, buf, sizeof(buf)), VX_SUCCESS);
    CTS_EXPECT(memchr(buf, '\0', sizeof(buf)) != NULL);
    memset(buf, 'x', sizeof(buf));
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_OVX_SIMD_LEVEL, buf, sizeof(buf)), VX_SUCCESS);
    CTS_EXPECT_MSG(strcmp(buf, "none") == 0 || strcmp(buf, "sse4") == 0 || strcmp(buf, "avx2") == 0 ||
                       strcmp(buf, "avx512") == 0 || strcmp(buf, "neon") == 0,
                   "unexpected SIMD level \"%.64s\"", buf);
    memset(buf, 'x', sizeof(buf));
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_OVX_TARGETS, buf, sizeof(buf)), VX_SUCCESS);
    CTS_EXPECT_MSG(strstr(buf, VX_OVX_TARGET_CPU) != NULL, "targets \"%.64s\" lack " VX_OVX_TARGET_CPU, buf);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_OVX_TARGETS, tiny, sizeof(tiny)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryContext(c, VX_CONTEXT_OVX_SIMD_LEVEL, NULL, sizeof(buf)), VX_ERROR_INVALID_PARAMETERS);
}

CTS_TEST(Context, references_exclude_error_objects, "REQ-0548")
{
    vx_context c = cts_context();
    int before = cts_context_refs(c);
    vx_kernel k = vxGetKernelByName(c, "org.example.missing");
    CTS_ASSERT(vxGetStatus((vx_reference)k) != VX_SUCCESS);
    /* an error object is the context's own, not an active reference of the application */
    CTS_EXPECT_EQ_INT(cts_context_refs(c), before);
}

CTS_TABLE(context) = {
    CTS_ENTRY(Context, references_exclude_error_objects),
    CTS_ENTRY(Context, create_release),
    CTS_ENTRY(Context, two_contexts),
    CTS_ENTRY(Context, retained_context),
    CTS_ENTRY(Context, release_frees_forgotten_objects),
    CTS_ENTRY(Context, references_count_follows_objects),
    CTS_ENTRY(Context, query_vendor_and_version),
    CTS_ENTRY(Context, query_counts),
    CTS_ENTRY(Context, query_implementation),
    CTS_ENTRY(Context, query_extensions),
    CTS_ENTRY(Context, query_limits),
    CTS_ENTRY(Context, immediate_border),
    CTS_ENTRY(Context, immediate_border_policy),
    CTS_ENTRY(Context, read_only_attributes_refuse_set),
    CTS_ENTRY(Context, unknown_attribute),
    CTS_ENTRY(Context, unique_kernel_table),
    CTS_ENTRY(Context, vendor_attributes),
    CTS_TABLE_END,
};
