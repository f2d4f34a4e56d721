/* Conformance tests of the convolution object (spec "Object: Convolution"). */
#include "../runner/cts.h"

#include <string.h>

static vx_size csize(vx_convolution cv, vx_enum attr)
{
    vx_size v = (vx_size)-1;
    if (vxQueryConvolution(cv, attr, &v, sizeof(v)) != VX_SUCCESS) return (vx_size)-2;
    return v;
}

CTS_TEST(Convolution, create_and_query, "REQ-0785 REQ-0803 REQ-0804 REQ-0805 REQ-0807 REQ-0809 REQ-0786 REQ-0788 "
                                        "REQ-0790 REQ-1994 REQ-0817 REQ-0823")
{
    vx_context c = cts_context();
    vx_convolution cv = vxCreateConvolution(c, 5, 3); /* 5 columns, 3 rows */
    vx_uint32 scale = 0;
    CTS_ASSERT_VALID(cv);
    CTS_EXPECT_EQ_INT(csize(cv, VX_CONVOLUTION_COLUMNS), 5);
    CTS_EXPECT_EQ_INT(csize(cv, VX_CONVOLUTION_ROWS), 3);
    CTS_EXPECT_EQ_INT(csize(cv, VX_CONVOLUTION_SIZE), 15 * sizeof(vx_int16));
    CTS_EXPECT_STATUS(vxQueryConvolution(cv, VX_CONVOLUTION_SCALE, &scale, sizeof(scale)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(scale, 1);
    CTS_EXPECT_STATUS(vxReleaseConvolution(&cv), VX_SUCCESS);
    CTS_EXPECT(cv == NULL);
}

CTS_TEST(Convolution, dimensions, "REQ-0806 REQ-0808")
{
    vx_context c = cts_context();
    vx_size max = 0, d;
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_CONVOLUTION_MAX_DIMENSION, &max, sizeof(max)), VX_SUCCESS);
    CTS_ASSERT(max >= 9);
    for (d = 3; d <= max; d += 2) {
        vx_convolution cv = vxCreateConvolution(c, d, 3), cv2 = vxCreateConvolution(c, 3, d);
        CTS_EXPECT_STATUS(vxGetStatus((vx_reference)cv), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxGetStatus((vx_reference)cv2), VX_SUCCESS);
        vxReleaseConvolution(&cv);
        vxReleaseConvolution(&cv2);
    }
    /* even, too small and too large sizes are refused */
    CTS_EXPECT_ERROR_OBJECT(vxCreateConvolution(c, 4, 3), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateConvolution(c, 3, 4), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateConvolution(c, 1, 3), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateConvolution(c, 3, 1), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateConvolution(c, 0, 0), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateConvolution(c, max + 2, 3), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateConvolution(c, 3, max + 2), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT(vxCreateConvolution(NULL, 3, 3) == NULL);
}

CTS_TEST(Convolution, copy_coefficients, "REQ-0792 REQ-0793 REQ-0794 REQ-0795 REQ-0796 REQ-0797 REQ-0798 REQ-0799 "
                                         "REQ-0800 REQ-0802")
{
    vx_context c = cts_context();
    vx_int16 gx[3][5] = {{3, 0, -3, 1, 2}, {10, 0, -10, -32768, 32767}, {3, 0, -3, 7, -7}}, out[3][5];
    vx_convolution cv = vxCreateConvolution(c, 5, 3);
    CTS_ASSERT_VALID(cv);
    memset(out, 0x55, sizeof(out));
    CTS_EXPECT_STATUS(vxCopyConvolutionCoefficients(cv, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out[2][4], 0); /* a new convolution holds zeros */
    CTS_EXPECT_STATUS(vxCopyConvolutionCoefficients(cv, gx, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReadConvolutionCoefficients(cv, &out[0][0]), VX_SUCCESS); /* the other path */
    CTS_EXPECT(memcmp(gx, out, sizeof(gx)) == 0);
    gx[1][1] = 99;
    CTS_EXPECT_STATUS(vxWriteConvolutionCoefficients(cv, &gx[0][0]), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyConvolutionCoefficients(cv, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(out[1][1], 99);
    CTS_EXPECT_EQ_INT(out[1][3], -32768);
    /* bad arguments */
    CTS_EXPECT_STATUS(vxCopyConvolutionCoefficients(cv, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyConvolutionCoefficients(cv, out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyConvolutionCoefficients(cv, out, VX_WRITE_ONLY, VX_MEMORY_TYPE_NONE),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyConvolutionCoefficients((vx_convolution)c, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReadConvolutionCoefficients(NULL, &out[0][0]), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseConvolution(&cv), VX_SUCCESS);
}

CTS_TEST(Convolution, scale, "REQ-0790 REQ-0791 REQ-0828 REQ-0829 REQ-0830 REQ-0831 REQ-0832 REQ-0834")
{
    vx_context c = cts_context();
    vx_convolution cv = vxCreateConvolution(c, 3, 3);
    vx_uint32 s, got = 0;
    vx_size rows = 7;
    int k;
    CTS_ASSERT_VALID(cv);
    for (k = 0; k < 32; k++) {
        s = 1u << k;
        CTS_EXPECT_STATUS(vxSetConvolutionAttribute(cv, VX_CONVOLUTION_SCALE, &s, sizeof(s)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryConvolution(cv, VX_CONVOLUTION_SCALE, &got, sizeof(got)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(got, s);
    }
    s = 16;
    CTS_EXPECT_STATUS(vxSetConvolutionAttribute(cv, VX_CONVOLUTION_SCALE, &s, sizeof(s)), VX_SUCCESS);
    /* not powers of two: refused, the scale stays */
    s = 0;
    CTS_EXPECT(vxSetConvolutionAttribute(cv, VX_CONVOLUTION_SCALE, &s, sizeof(s)) != VX_SUCCESS);
    s = 3;
    CTS_EXPECT(vxSetConvolutionAttribute(cv, VX_CONVOLUTION_SCALE, &s, sizeof(s)) != VX_SUCCESS);
    s = 0x80000001u;
    CTS_EXPECT(vxSetConvolutionAttribute(cv, VX_CONVOLUTION_SCALE, &s, sizeof(s)) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetConvolutionAttribute(cv, VX_CONVOLUTION_SCALE, &s, sizeof(vx_size)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetConvolutionAttribute(cv, VX_CONVOLUTION_SCALE, NULL, sizeof(s)),
                      VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryConvolution(cv, VX_CONVOLUTION_SCALE, &got, sizeof(got)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(got, 16);
    /* read-only attributes are not settable */
    CTS_EXPECT_STATUS(vxSetConvolutionAttribute(cv, VX_CONVOLUTION_ROWS, &rows, sizeof(rows)),
                      VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetConvolutionAttribute(cv, VX_CONVOLUTION_SIZE, &rows, sizeof(rows)),
                      VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_EQ_INT(csize(cv, VX_CONVOLUTION_ROWS), 3);
    CTS_EXPECT_STATUS(vxSetConvolutionAttribute(NULL, VX_CONVOLUTION_SCALE, &s, sizeof(s)),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseConvolution(&cv), VX_SUCCESS);
}

CTS_TEST(Convolution, query_errors_and_release, "REQ-0818 REQ-0821 REQ-0824 REQ-0825 REQ-0827")
{
    vx_context c = cts_context();
    vx_convolution cv = vxCreateConvolution(c, 3, 3), stale;
    vx_uint32 small;
    CTS_ASSERT_VALID(cv);
    CTS_EXPECT_STATUS(vxQueryConvolution(cv, VX_CONVOLUTION_ROWS, &small, sizeof(small)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryConvolution(cv, VX_CONVOLUTION_SCALE, NULL, sizeof(small)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryConvolution(cv, VX_MATRIX_ROWS, &small, sizeof(small)), VX_ERROR_NOT_SUPPORTED);
    stale = cv;
    CTS_EXPECT_STATUS(vxReleaseConvolution(&cv), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseConvolution(&stale), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseConvolution(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryConvolution(stale, VX_CONVOLUTION_SCALE, &small, sizeof(small)),
                      VX_ERROR_INVALID_REFERENCE);
}

CTS_TABLE(convolution) = {
    CTS_ENTRY(Convolution, create_and_query),
    CTS_ENTRY(Convolution, dimensions),
    CTS_ENTRY(Convolution, copy_coefficients),
    CTS_ENTRY(Convolution, scale),
    CTS_ENTRY(Convolution, query_errors_and_release),
    CTS_TABLE_END,
};
