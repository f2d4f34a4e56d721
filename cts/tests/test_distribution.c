/* Conformance tests of the distribution object (spec "Object: Distribution"). */
#include "../runner/cts.h"

#include <string.h>

CTS_TEST(Distribution, create_and_query, "REQ-0835 REQ-0859 REQ-0860 REQ-0861 REQ-0862 REQ-0863 REQ-0864 REQ-0836 "
                                         "REQ-0838 REQ-0840 REQ-0842 REQ-0844 REQ-0846 REQ-0884 REQ-0890")
{
    vx_context c = cts_context();
    vx_distribution d = vxCreateDistribution(c, 16, -10, 256);
    vx_size dims = 0, bins = 0, size = 0;
    vx_int32 offset = 0;
    vx_uint32 range = 0, window = 0;
    CTS_ASSERT_VALID(d);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_DIMENSIONS, &dims, sizeof(dims)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(dims, 1);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_OFFSET, &offset, sizeof(offset)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(offset, -10);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_RANGE, &range, sizeof(range)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(range, 256);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_BINS, &bins, sizeof(bins)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(bins, 16);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_WINDOW, &window, sizeof(window)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(window, 16);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_SIZE, &size, sizeof(size)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(size, 16 * sizeof(vx_uint32));
    CTS_EXPECT_STATUS(vxReleaseDistribution(&d), VX_SUCCESS);
    CTS_EXPECT(d == NULL);
}

CTS_TEST(Distribution, window_rule, "REQ-0844 REQ-0845")
{
    vx_context c = cts_context();
    vx_uint32 window = 99;
    /* 100 values in 7 bins: a range that is not a multiple of the bins is
     * allowed, but its window is not valid (reported as 0) */
    vx_distribution d = vxCreateDistribution(c, 7, 0, 100);
    CTS_ASSERT_VALID(d);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_WINDOW, &window, sizeof(window)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(window, 0);
    CTS_EXPECT_STATUS(vxReleaseDistribution(&d), VX_SUCCESS);
    d = vxCreateDistribution(c, 1, 5, 1);
    CTS_ASSERT_VALID(d);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_WINDOW, &window, sizeof(window)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(window, 1);
    CTS_EXPECT_STATUS(vxReleaseDistribution(&d), VX_SUCCESS);
}

CTS_TEST(Distribution, create_errors, "REQ-0861 REQ-0863")
{
    vx_context c = cts_context();
    CTS_EXPECT_ERROR_OBJECT(vxCreateDistribution(c, 0, 0, 256), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateDistribution(c, 16, 0, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT(vxCreateDistribution(NULL, 16, 0, 256) == NULL);
}

CTS_TEST(Distribution, copy, "REQ-0848 REQ-0849 REQ-0850 REQ-0851 REQ-0852 REQ-0853 REQ-0854 REQ-0855 REQ-0856 "
                             "REQ-0858")
{
    vx_context c = cts_context();
    vx_uint32 in[10], out[10];
    vx_distribution d = vxCreateDistribution(c, 10, 0, 100);
    vx_map_id id;
    void *p = NULL;
    int i;
    CTS_ASSERT_VALID(d);
    memset(out, 0xFF, sizeof(out));
    CTS_EXPECT_STATUS(vxCopyDistribution(d, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (i = 0; i < 10; i++) CTS_EXPECT_EQ_INT(out[i], 0); /* a new distribution is empty */
    for (i = 0; i < 10; i++) in[i] = (vx_uint32)(i * i + 3);
    CTS_EXPECT_STATUS(vxCopyDistribution(d, in, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    /* read back through a map (another path) */
    CTS_ASSERT_STATUS(vxMapDistribution(d, &id, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    CTS_EXPECT(memcmp(p, in, sizeof(in)) == 0);
    CTS_EXPECT_STATUS(vxUnmapDistribution(d, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyDistribution(d, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyDistribution(d, out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyDistribution(d, out, VX_READ_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyDistribution((vx_distribution)c, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseDistribution(&d), VX_SUCCESS);
}

CTS_TEST(Distribution, map_usages, "REQ-0871 REQ-0872 REQ-0873 REQ-0874 REQ-0875 REQ-0876 REQ-0877 REQ-0878 "
                                   "REQ-0879 REQ-0880 REQ-0881 REQ-0883 REQ-0895 REQ-0896 REQ-0897 REQ-0899")
{
    vx_context c = cts_context();
    vx_uint32 in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8];
    vx_distribution d = vxCreateDistribution(c, 8, 100, 64);
    vx_map_id id;
    vx_uint32 *p = NULL;
    int i;
    CTS_ASSERT_VALID(d);
    CTS_EXPECT_STATUS(vxCopyDistribution(d, in, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxMapDistribution(d, &id, (void **)&p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    for (i = 0; i < 8; i++) {
        CTS_EXPECT_EQ_INT(p[i], i + 1);
        p[i] *= 10;
    }
    CTS_EXPECT_STATUS(vxUnmapDistribution(d, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyDistribution(d, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (i = 0; i < 8; i++) CTS_EXPECT_EQ_INT(out[i], 10 * (i + 1));
    CTS_ASSERT_STATUS(vxMapDistribution(d, &id, (void **)&p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    for (i = 0; i < 8; i++) p[i] = 1000u + (vx_uint32)i;
    CTS_EXPECT_STATUS(vxUnmapDistribution(d, id), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyDistribution(d, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out[7], 1007);
    /* errors */
    CTS_EXPECT_STATUS(vxUnmapDistribution(d, id), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapDistribution(d, NULL, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapDistribution(d, &id, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapDistribution(d, &id, (void **)&p, 0, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapDistribution(d, &id, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_NONE, 0),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxMapDistribution(NULL, &id, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxUnmapDistribution(NULL, id), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseDistribution(&d), VX_SUCCESS);
}

CTS_TEST(Distribution, compat_access_commit, "REQ-0871 REQ-0895")
{
    vx_context c = cts_context();
    vx_uint32 user[4] = {0}, out[4];
    vx_distribution d = vxCreateDistribution(c, 4, 0, 16);
    void *p = NULL;
    CTS_ASSERT_VALID(d);
    CTS_ASSERT_STATUS(vxAccessDistribution(d, &p, VX_WRITE_ONLY), VX_SUCCESS);
    CTS_ASSERT(p != NULL);
    ((vx_uint32 *)p)[2] = 77;
    CTS_EXPECT_STATUS(vxCommitDistribution(d, p), VX_SUCCESS);
    p = user;
    CTS_ASSERT_STATUS(vxAccessDistribution(d, &p, VX_READ_AND_WRITE), VX_SUCCESS);
    CTS_EXPECT(p == (void *)user);
    CTS_EXPECT_EQ_INT(user[2], 77);
    user[3] = 5;
    CTS_EXPECT_STATUS(vxCommitDistribution(d, user), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCommitDistribution(d, user), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyDistribution(d, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out[2], 77);
    CTS_EXPECT_EQ_INT(out[3], 5);
    CTS_EXPECT_STATUS(vxAccessDistribution(NULL, &p, VX_READ_ONLY), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseDistribution(&d), VX_SUCCESS);
}

CTS_TEST(Distribution, query_errors_and_release, "REQ-0885 REQ-0888 REQ-0891 REQ-0892 REQ-0894")
{
    vx_context c = cts_context();
    vx_distribution d = vxCreateDistribution(c, 4, 0, 16), stale;
    vx_uint32 small;
    vx_size big;
    CTS_ASSERT_VALID(d);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_BINS, &small, sizeof(small)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_RANGE, &big, sizeof(big)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_DISTRIBUTION_OFFSET, NULL, sizeof(vx_int32)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryDistribution(d, VX_LUT_COUNT, &big, sizeof(big)), VX_ERROR_NOT_SUPPORTED);
    stale = d;
    CTS_EXPECT_STATUS(vxReleaseDistribution(&d), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseDistribution(&stale), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseDistribution(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryDistribution(stale, VX_DISTRIBUTION_BINS, &big, sizeof(big)), VX_ERROR_INVALID_REFERENCE);
}

CTS_TABLE(distribution) = {
    CTS_ENTRY(Distribution, create_and_query),
    CTS_ENTRY(Distribution, window_rule),
    CTS_ENTRY(Distribution, create_errors),
    CTS_ENTRY(Distribution, copy),
    CTS_ENTRY(Distribution, map_usages),
    CTS_ENTRY(Distribution, compat_access_commit),
    CTS_ENTRY(Distribution, query_errors_and_release),
    CTS_TABLE_END,
};
