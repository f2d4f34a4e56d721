/*
 * The scalar object (spec "Object: Scalar").  A scalar holds one value of a
 * standard type (vx_type_e up to the struct types), of a vendor struct type
 * (created with its size) or of a user struct registered in the context.
 */
#ifndef OVX_OBJECTS_SCALAR_H
#define OVX_OBJECTS_SCALAR_H

#include "data_map.h"

struct _vx_scalar {
    struct _vx_reference base;
    vx_enum data_type;
    vx_size size;        /* bytes of the value */
    vx_bool accessible;  /* virtual scalar: the graph lets a running node access it */
    union {              /* values up to 16 bytes live inline */
        vx_uint8 bytes[16];
        vx_uint64 u64;
        vx_float64 f64;
    } inline_value;
    void *data;          /* the value: &inline_value or a heap block */
};

/* Create a scalar of data_type holding the bytes at ptr (zeros when ptr is
 * NULL); size 0 means the type's own size.  scope/is_virtual serve
 * vxCreateVirtualScalar (graph layer).  Returns an error object on failure. */
vx_scalar ovx_scalar_create(vx_context context, vx_enum data_type, const void *ptr, vx_size size,
                            vx_reference scope, vx_bool is_virtual, const char *who);

/* For kernels: the value converted to a wider type.  vx_false_e when the
 * scalar's type is not numeric (CHAR, ints, floats, ENUM, SIZE, DF_IMAGE,
 * BOOL, FLOAT16 are). */
vx_bool ovx_scalar_to_f64(vx_scalar s, vx_float64 *out);
vx_bool ovx_scalar_to_i64(vx_scalar s, vx_int64 *out);
/* Store v converted to the scalar's numeric type (saturated for integers). */
vx_bool ovx_scalar_from_f64(vx_scalar s, vx_float64 v);
vx_bool ovx_scalar_from_i64(vx_scalar s, vx_int64 v);

#endif
