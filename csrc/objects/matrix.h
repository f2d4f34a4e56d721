/*
 * The matrix object (spec "Object: Matrix"): rows x columns elements of
 * VX_TYPE_UINT8, VX_TYPE_INT32 or VX_TYPE_FLOAT32, row-major, with an origin
 * and the pattern it was made from (VX_PATTERN_OTHER for vxCreateMatrix).
 */
#ifndef OVX_OBJECTS_MATRIX_H
#define OVX_OBJECTS_MATRIX_H

#include "data_map.h"

struct _vx_matrix {
    struct _vx_reference base;
    vx_enum data_type;
    vx_size columns, rows;
    vx_size elem_size;
    vx_coordinates2d_t origin;  /* x: column, y: row */
    vx_enum pattern;
    vx_bool read_only;          /* made from a pattern */
    vx_bool accessible;         /* virtual matrix: the graph lets a running node access it */
    void *data;                 /* rows * columns elements, row-major */
};

/* Create a matrix (virtual ones for the graph layer).  Returns an error
 * object on failure. */
vx_matrix ovx_matrix_create(vx_context context, vx_enum data_type, vx_size columns, vx_size rows,
                            vx_reference scope, vx_bool is_virtual, const char *who);

/* For kernels: element (row, col) of an UINT8 / INT32 / FLOAT32 matrix. */
#define OVX_MATRIX_AT(m, type, row, col) (((type *)(m)->data)[(row) * (m)->columns + (col)])

#endif
