/* Conformance tests of the matrix object (spec "Object: Matrix"). */
#include "../runner/cts.h"

#include <string.h>

static vx_size msize(vx_matrix m, vx_enum attr)
{
    vx_size v = (vx_size)-1;
    if (vxQueryMatrix(m, attr, &v, sizeof(v)) != VX_SUCCESS) return (vx_size)-2;
    return v;
}

CTS_TEST(Matrix, create_and_query, "REQ-1128 REQ-1150 REQ-1151 REQ-1152 REQ-1153 REQ-1154 REQ-1155 REQ-1156 "
                                   "REQ-1129 REQ-1131 REQ-1133 REQ-1135 REQ-1137 REQ-1185 REQ-1191 REQ-1995")
{
    vx_context c = cts_context();
    static const struct {
        vx_enum type;
        vx_size elem;
    } types[] = {{VX_TYPE_UINT8, 1}, {VX_TYPE_INT32, 4}, {VX_TYPE_FLOAT32, 4}};
    vx_size i;
    for (i = 0; i < 3; i++) {
        vx_matrix m = vxCreateMatrix(c, types[i].type, 3, 5); /* 3 columns, 5 rows */
        vx_enum t = 0, pattern = 0;
        vx_coordinates2d_t origin = {99, 99};
        CTS_ASSERT_VALID(m);
        CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_MATRIX_TYPE, &t, sizeof(t)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(t, types[i].type);
        CTS_EXPECT_EQ_INT(msize(m, VX_MATRIX_COLUMNS), 3);
        CTS_EXPECT_EQ_INT(msize(m, VX_MATRIX_ROWS), 5);
        CTS_EXPECT_EQ_INT(msize(m, VX_MATRIX_SIZE), 15 * types[i].elem);
        CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_MATRIX_ORIGIN, &origin, sizeof(origin)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(origin.x, 1);
        CTS_EXPECT_EQ_INT(origin.y, 2);
        CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_MATRIX_PATTERN, &pattern, sizeof(pattern)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(pattern, VX_PATTERN_OTHER);
        CTS_EXPECT_STATUS(vxReleaseMatrix(&m), VX_SUCCESS);
        CTS_EXPECT(m == NULL);
    }
}

CTS_TEST(Matrix, create_errors, "REQ-1153")
{
    vx_context c = cts_context();
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrix(c, VX_TYPE_INT16, 3, 3), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrix(c, VX_TYPE_FLOAT64, 3, 3), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrix(c, VX_TYPE_INT32, 0, 3), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrix(c, VX_TYPE_INT32, 3, 0), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrix(c, VX_TYPE_INT32, (vx_size)1 << 40, (vx_size)1 << 40),
                            VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT(vxCreateMatrix(NULL, VX_TYPE_INT32, 3, 3) == NULL);
}

CTS_TEST(Matrix, copy, "REQ-1139 REQ-1140 REQ-1141 REQ-1142 REQ-1143 REQ-1144 REQ-1145 REQ-1146 REQ-1147 REQ-1149")
{
    vx_context c = cts_context();
    vx_float32 in[4][3], out[4][3];
    vx_int32 iin[6] = {-1, 2, -3, 4, -5, 6}, iout[6] = {0};
    vx_matrix m = vxCreateMatrix(c, VX_TYPE_FLOAT32, 3, 4), mi = vxCreateMatrix(c, VX_TYPE_INT32, 2, 3);
    int r, k;
    CTS_ASSERT_VALID(m);
    CTS_ASSERT_VALID(mi);
    /* a new matrix reads zero */
    CTS_EXPECT_STATUS(vxCopyMatrix(m, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(out[3][2] == 0.0f);
    for (r = 0; r < 4; r++)
        for (k = 0; k < 3; k++) in[r][k] = (vx_float32)(r * 10 + k) + 0.5f;
    CTS_EXPECT_STATUS(vxCopyMatrix(m, in, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    memset(out, 0, sizeof(out));
    CTS_EXPECT_STATUS(vxReadMatrix(m, out), VX_SUCCESS); /* the other path */
    CTS_EXPECT(memcmp(in, out, sizeof(in)) == 0);
    CTS_EXPECT_STATUS(vxWriteMatrix(mi, iin), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyMatrix(mi, iout, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(memcmp(iin, iout, sizeof(iin)) == 0);
    /* bad arguments */
    CTS_EXPECT_STATUS(vxCopyMatrix(m, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyMatrix(m, out, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyMatrix(m, out, VX_READ_ONLY, VX_MEMORY_TYPE_NONE), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxCopyMatrix((vx_matrix)c, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReadMatrix(NULL, out), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseMatrix(&m), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseMatrix(&mi), VX_SUCCESS);
}

CTS_TEST(Matrix, query_errors_and_release, "REQ-1186 REQ-1189 REQ-1192 REQ-1195")
{
    vx_context c = cts_context();
    vx_matrix m = vxCreateMatrix(c, VX_TYPE_UINT8, 2, 2), stale;
    vx_uint32 small;
    vx_coordinates2d_t origin;
    CTS_ASSERT_VALID(m);
    CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_MATRIX_ROWS, &small, sizeof(small)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_MATRIX_ORIGIN, &origin, sizeof(vx_uint32)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_MATRIX_ROWS, NULL, sizeof(vx_size)), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_CONVOLUTION_ROWS, &small, sizeof(vx_size)), VX_ERROR_NOT_SUPPORTED);
    stale = m;
    CTS_EXPECT_STATUS(vxReleaseMatrix(&m), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseMatrix(&stale), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxReleaseMatrix(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxQueryMatrix(stale, VX_MATRIX_ROWS, &origin, sizeof(vx_size)), VX_ERROR_INVALID_REFERENCE);
}

/* Independent check of a pattern cell, from the spec's definitions. */
static vx_uint8 pattern_ref(vx_enum pattern, vx_size c, vx_size r, vx_size C, vx_size R)
{
    switch (pattern) {
    case VX_PATTERN_BOX: return 255;
    case VX_PATTERN_CROSS: return (r == R / 2 || c == C / 2) ? 255 : 0;
    default: {
        double y = (double)r - R / 2.0 + 0.5, x = (double)c - C / 2.0 + 0.5;
        return (y * y / ((R / 2.0) * (R / 2.0)) + x * x / ((C / 2.0) * (C / 2.0)) <= 1.0) ? 255 : 0;
    }
    }
}

CTS_TEST(Matrix, from_pattern, "REQ-1157 REQ-1158 REQ-1159 REQ-1160 REQ-1161 REQ-1162 REQ-1164 REQ-1165 REQ-1166 "
                               "REQ-1167 REQ-1168 REQ-1169 REQ-1170 REQ-1995")
{
    vx_context c = cts_context();
    static const vx_enum patterns[] = {VX_PATTERN_BOX, VX_PATTERN_CROSS, VX_PATTERN_DISK};
    static const vx_size dims[][2] = {{3, 3}, {5, 5}, {7, 5}, {9, 9}, {3, 7}};
    vx_size p, d, r, k;
    for (p = 0; p < 3; p++) {
        for (d = 0; d < 5; d++) {
            vx_size C = dims[d][0], R = dims[d][1];
            vx_uint8 data[81];
            vx_enum t = 0, pat = 0;
            vx_coordinates2d_t origin;
            vx_matrix m = vxCreateMatrixFromPattern(c, patterns[p], C, R);
            CTS_ASSERT_VALID(m);
            CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_MATRIX_TYPE, &t, sizeof(t)), VX_SUCCESS);
            CTS_EXPECT_EQ_INT(t, VX_TYPE_UINT8);
            CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_MATRIX_PATTERN, &pat, sizeof(pat)), VX_SUCCESS);
            CTS_EXPECT_EQ_INT(pat, patterns[p]);
            CTS_EXPECT_EQ_INT(msize(m, VX_MATRIX_COLUMNS), C);
            CTS_EXPECT_EQ_INT(msize(m, VX_MATRIX_ROWS), R);
            CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_MATRIX_ORIGIN, &origin, sizeof(origin)), VX_SUCCESS);
            CTS_EXPECT_EQ_INT(origin.x, C / 2);
            CTS_EXPECT_EQ_INT(origin.y, R / 2);
            CTS_EXPECT_STATUS(vxCopyMatrix(m, data, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
            for (r = 0; r < R; r++)
                for (k = 0; k < C; k++)
                    CTS_EXPECT_MSG(data[r * C + k] == pattern_ref(patterns[p], k, r, C, R),
                                   "pattern %d %zux%zu cell (%zu, %zu) = %d", (int)p, (size_t)C, (size_t)R, (size_t)k,
                                   (size_t)r, data[r * C + k]);
            /* read-only */
            CTS_EXPECT_STATUS(vxCopyMatrix(m, data, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_NOT_SUPPORTED);
            CTS_EXPECT_STATUS(vxReleaseMatrix(&m), VX_SUCCESS);
        }
    }
}

CTS_TEST(Matrix, disk_5x5_values, "REQ-1170")
{
    /* The 5x5 disk written out by hand from the spec's formula. */
    static const vx_uint8 expect[25] = {0,   255, 255, 255, 0,   255, 255, 255, 255, 255, 255, 255, 255,
                                        255, 255, 255, 255, 255, 255, 255, 0,   255, 255, 255, 0};
    vx_context c = cts_context();
    vx_uint8 data[25];
    vx_matrix m = vxCreateMatrixFromPattern(c, VX_PATTERN_DISK, 5, 5);
    CTS_ASSERT_VALID(m);
    CTS_EXPECT_STATUS(vxCopyMatrix(m, data, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(memcmp(data, expect, sizeof(data)) == 0);
    CTS_EXPECT_STATUS(vxReleaseMatrix(&m), VX_SUCCESS);
}

CTS_TEST(Matrix, pattern_and_origin, "REQ-1163 REQ-1171 REQ-1172 REQ-1173 REQ-1174 REQ-1175 REQ-1176 REQ-1177 "
                                     "REQ-1137")
{
    vx_context c = cts_context();
    vx_coordinates2d_t origin;
    vx_matrix m = vxCreateMatrixFromPatternAndOrigin(c, VX_PATTERN_BOX, 3, 5, 2, 1);
    CTS_ASSERT_VALID(m);
    CTS_EXPECT_EQ_INT(msize(m, VX_MATRIX_COLUMNS), 3);
    CTS_EXPECT_EQ_INT(msize(m, VX_MATRIX_ROWS), 5);
    CTS_EXPECT_STATUS(vxQueryMatrix(m, VX_MATRIX_ORIGIN, &origin, sizeof(origin)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(origin.x, 2);
    CTS_EXPECT_EQ_INT(origin.y, 1);
    CTS_EXPECT_STATUS(vxReleaseMatrix(&m), VX_SUCCESS);
    m = vxCreateMatrixFromPatternAndOrigin(c, VX_PATTERN_CROSS, 5, 5, 0, 4);
    CTS_ASSERT_VALID(m);
    CTS_EXPECT_STATUS(vxReleaseMatrix(&m), VX_SUCCESS);
    /* the origin must lie in the matrix */
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrixFromPatternAndOrigin(c, VX_PATTERN_BOX, 3, 5, 3, 1),
                            VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrixFromPatternAndOrigin(c, VX_PATTERN_BOX, 3, 5, 0, 5),
                            VX_ERROR_INVALID_PARAMETERS);
}

CTS_TEST(Matrix, pattern_errors, "REQ-1167 REQ-1170")
{
    vx_context c = cts_context();
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrixFromPattern(c, VX_PATTERN_CROSS, 4, 3), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrixFromPattern(c, VX_PATTERN_DISK, 5, 6), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrixFromPattern(c, VX_PATTERN_OTHER, 3, 3), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrixFromPattern(c, 0, 3, 3), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_ERROR_OBJECT(vxCreateMatrixFromPattern(c, VX_PATTERN_BOX, 0, 3), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT(vxCreateMatrixFromPattern(NULL, VX_PATTERN_BOX, 3, 3) == NULL);
    CTS_EXPECT(vxCreateMatrixFromPatternAndOrigin(NULL, VX_PATTERN_BOX, 3, 3, 1, 1) == NULL);
    /* a 4x2 box is fine: only the box pattern allows even sizes */
    {
        vx_matrix m = vxCreateMatrixFromPattern(c, VX_PATTERN_BOX, 4, 2);
        CTS_ASSERT_VALID(m);
        CTS_EXPECT_STATUS(vxReleaseMatrix(&m), VX_SUCCESS);
    }
}

CTS_TABLE(matrix) = {
    CTS_ENTRY(Matrix, create_and_query),
    CTS_ENTRY(Matrix, create_errors),
    CTS_ENTRY(Matrix, copy),
    CTS_ENTRY(Matrix, query_errors_and_release),
    CTS_ENTRY(Matrix, from_pattern),
    CTS_ENTRY(Matrix, disk_5x5_values),
    CTS_ENTRY(Matrix, pattern_and_origin),
    CTS_ENTRY(Matrix, pattern_errors),
    CTS_TABLE_END,
};
