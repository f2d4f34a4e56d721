/*
 * Matrices.  Spec: "Object: Matrix" (vxCreateMatrix, vxCreateMatrixFromPattern,
 * vxCreateMatrixFromPatternAndOrigin, vxQueryMatrix, vxCopyMatrix,
 * vxReleaseMatrix) and the 1.0 compatibility pair vxReadMatrix / vxWriteMatrix.
 */
#include "matrix.h"

#include <stdlib.h>
#include <string.h>

#define MREF(m) ((vx_reference)(m))

static void matrix_destroy(vx_reference ref)
{
    vx_matrix m = (vx_matrix)ref;
    free(m->data);
    m->data = NULL;
}

static vx_size matrix_elem_size(vx_enum type)
{
    switch (type) {
    case VX_TYPE_UINT8: return sizeof(vx_uint8);
    case VX_TYPE_INT32: return sizeof(vx_int32);
    case VX_TYPE_FLOAT32: return sizeof(vx_float32);
    default: return 0;
    }
}

vx_matrix ovx_matrix_create(vx_context context, vx_enum data_type, vx_size columns, vx_size rows,
                            vx_reference scope, vx_bool is_virtual, const char *who)
{
    vx_size elem = matrix_elem_size(data_type);
    vx_matrix m;
    if (!ovx_context_valid(context)) return NULL;
    if (elem == 0)
        return (vx_matrix)ovx_error_from(context, VX_ERROR_INVALID_TYPE,
                                         "%s: type 0x%x is not VX_TYPE_UINT8, VX_TYPE_INT32 or VX_TYPE_FLOAT32", who,
                                         (unsigned)data_type);
    if (columns == 0 || rows == 0 || columns > (vx_size)UINT32_MAX || rows > (vx_size)UINT32_MAX ||
        rows > ((vx_size)-1) / columns / elem)
        return (vx_matrix)ovx_error_from(context, VX_ERROR_INVALID_DIMENSION,
                                         "%s: %zu columns x %zu rows is not a valid matrix size", who,
                                         (size_t)columns, (size_t)rows);
    m = (vx_matrix)ovx_ref_create(context, VX_TYPE_MATRIX, sizeof(struct _vx_matrix), matrix_destroy, scope);
    if (!m) return (vx_matrix)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    m->base.is_virtual = is_virtual;
    m->data_type = data_type;
    m->columns = columns;
    m->rows = rows;
    m->elem_size = elem;
    m->origin.x = (vx_uint32)(columns / 2);
    m->origin.y = (vx_uint32)(rows / 2);
    m->pattern = VX_PATTERN_OTHER;
    m->data = calloc(rows * columns, elem);
    if (!m->data) {
        vx_reference r = MREF(m);
        ovx_ref_release(&r, VX_TYPE_MATRIX, vx_false_e);
        return (vx_matrix)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    }
    return m;
}

VX_API_ENTRY vx_matrix VX_API_CALL vxCreateMatrix(vx_context c, vx_enum data_type, vx_size columns, vx_size rows)
{
    return ovx_matrix_create(c, data_type, columns, rows, NULL, vx_false_e, "vxCreateMatrix");
}

static vx_matrix matrix_from_pattern(vx_context context, vx_enum pattern, vx_size columns, vx_size rows,
                                     vx_size origin_col, vx_size origin_row, const char *who)
{
    vx_matrix m;
    vx_uint8 *d;
    vx_size r, c;
    if (!ovx_context_valid(context)) return NULL;
    switch (pattern) {
    case VX_PATTERN_BOX: break;
    case VX_PATTERN_CROSS:
    case VX_PATTERN_DISK:
        if (columns % 2 == 0 || rows % 2 == 0)
            return (vx_matrix)ovx_error_from(context, VX_ERROR_INVALID_DIMENSION,
                                             "%s: a %s pattern needs odd dimensions, not %zu x %zu", who,
                                             pattern == VX_PATTERN_CROSS ? "cross" : "disk", (size_t)columns,
                                             (size_t)rows);
        break;
    default:
        return (vx_matrix)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "%s: pattern 0x%x is not VX_PATTERN_BOX, VX_PATTERN_CROSS or "
                                         "VX_PATTERN_DISK (use vxCreateMatrix for other contents)",
                                         who, (unsigned)pattern);
    }
    if (columns != 0 && rows != 0 && (origin_col >= columns || origin_row >= rows))
        return (vx_matrix)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "%s: origin (%zu, %zu) is outside the %zu x %zu matrix", who,
                                         (size_t)origin_col, (size_t)origin_row, (size_t)columns, (size_t)rows);
    m = ovx_matrix_create(context, VX_TYPE_UINT8, columns, rows, NULL, vx_false_e, who);
    if (vxGetStatus(MREF(m)) != VX_SUCCESS) return m;
    d = m->data;
    for (r = 0; r < rows; r++) {
        for (c = 0; c < columns; c++) {
            vx_bool on = vx_false_e;
            if (pattern == VX_PATTERN_BOX) {
                on = vx_true_e;
            } else if (pattern == VX_PATTERN_CROSS) {
                on = (r == rows / 2 || c == columns / 2) ? vx_true_e : vx_false_e;
            } else {
                double R2 = rows / 2.0, C2 = columns / 2.0;
                double dr = (double)r - R2 + 0.5, dc = (double)c - C2 + 0.5;
                on = (dr * dr / (R2 * R2) + dc * dc / (C2 * C2) <= 1.0) ? vx_true_e : vx_false_e;
            }
            d[r * columns + c] = on ? 255 : 0;
        }
    }
    m->origin.x = (vx_uint32)origin_col;
    m->origin.y = (vx_uint32)origin_row;
    m->pattern = pattern;
    m->read_only = vx_true_e;
    return m;
}

VX_API_ENTRY vx_matrix VX_API_CALL vxCreateMatrixFromPattern(vx_context context, vx_enum pattern, vx_size columns,
                                                             vx_size rows)
{
    return matrix_from_pattern(context, pattern, columns, rows, columns / 2, rows / 2, "vxCreateMatrixFromPattern");
}

VX_API_ENTRY vx_matrix VX_API_CALL vxCreateMatrixFromPatternAndOrigin(vx_context context, vx_enum pattern,
                                                                      vx_size columns, vx_size rows,
                                                                      vx_size origin_col, vx_size origin_row)
{
    return matrix_from_pattern(context, pattern, columns, rows, origin_col, origin_row,
                               "vxCreateMatrixFromPatternAndOrigin");
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseMatrix(vx_matrix *mat)
{
    return ovx_ref_release((vx_reference *)mat, VX_TYPE_MATRIX, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryMatrix(vx_matrix mat, vx_enum attribute, void *ptr, vx_size size)
{
    vx_status status;
    if (!ovx_ref_valid(MREF(mat), VX_TYPE_MATRIX)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_MATRIX_TYPE: status = ovx_query_copy(ptr, size, &mat->data_type, sizeof(vx_enum)); break;
    case VX_MATRIX_ROWS: status = ovx_query_copy(ptr, size, &mat->rows, sizeof(vx_size)); break;
    case VX_MATRIX_COLUMNS: status = ovx_query_copy(ptr, size, &mat->columns, sizeof(vx_size)); break;
    case VX_MATRIX_SIZE: {
        vx_size v = mat->rows * mat->columns * mat->elem_size;
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_MATRIX_ORIGIN: status = ovx_query_copy(ptr, size, &mat->origin, sizeof(vx_coordinates2d_t)); break;
    case VX_MATRIX_PATTERN: status = ovx_query_copy(ptr, size, &mat->pattern, sizeof(vx_enum)); break;
    default:
        ovx_log(MREF(mat), VX_ERROR_NOT_SUPPORTED, "vxQueryMatrix: attribute %s is not a matrix attribute",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (status != VX_SUCCESS)
        ovx_log(MREF(mat), status, "vxQueryMatrix: attribute %s: NULL pointer or wrong size %zu",
                OVX_ATTR(attribute), (size_t)size);
    return status;
}

static vx_status matrix_copy(vx_matrix matrix, void *user_ptr, vx_enum usage, vx_enum mem_type, const char *who)
{
    if (!ovx_ref_valid(MREF(matrix), VX_TYPE_MATRIX)) return VX_ERROR_INVALID_REFERENCE;
    if (matrix->base.is_virtual && !ovx_accessible_now(&matrix->accessible)) {
        ovx_log(MREF(matrix), VX_ERROR_OPTIMIZED_AWAY, "%s: the matrix is virtual", who);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    if (user_ptr == NULL || !ovx_copy_usage_ok(usage) || !ovx_mem_type_ok(mem_type)) {
        ovx_log(MREF(matrix), VX_ERROR_INVALID_PARAMETERS,
                "%s: needs a user_ptr (%p), usage VX_READ_ONLY or VX_WRITE_ONLY (0x%x) and "
                "VX_MEMORY_TYPE_HOST (0x%x)",
                who, user_ptr, (unsigned)usage, (unsigned)mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (usage == VX_WRITE_ONLY && matrix->read_only) {
        ovx_log(MREF(matrix), VX_ERROR_NOT_SUPPORTED, "%s: a matrix created from a pattern is read-only", who);
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (usage == VX_READ_ONLY) memcpy(user_ptr, matrix->data, matrix->rows * matrix->columns * matrix->elem_size);
    else memcpy(matrix->data, user_ptr, matrix->rows * matrix->columns * matrix->elem_size);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyMatrix(vx_matrix matrix, void *user_ptr, vx_enum usage,
                                                vx_enum user_mem_type)
{
    return matrix_copy(matrix, user_ptr, usage, user_mem_type, "vxCopyMatrix");
}

VX_API_ENTRY vx_status VX_API_CALL vxReadMatrix(vx_matrix mat, void *array)
{
    return matrix_copy(mat, array, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, "vxReadMatrix");
}

VX_API_ENTRY vx_status VX_API_CALL vxWriteMatrix(vx_matrix mat, const void *array)
{
    return matrix_copy(mat, (void *)(uintptr_t)array, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, "vxWriteMatrix");
}
