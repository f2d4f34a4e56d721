/* Compute routines of family control (enhanced vision: Min, Max, Copy,
 * Select, ScalarOperation): raw rows, strided blocks and scalar values; no
 * vx_ objects, no allocation, no threads. */
#ifndef OVXC_COMPUTE_CONTROL_H
#define OVXC_COMPUTE_CONTROL_H

#include <VX/vx_types.h>

/* ---- Min, Max: rows [y0, y1) x [x0, x1) of two images into a third ------ */
/* Pointers are pixel (0,0) of each image, strides in bytes. */
void ovxc_min_u8(const vx_uint8 *a, vx_int32 sa, const vx_uint8 *b, vx_int32 sb, vx_uint8 *o, vx_int32 so,
                 vx_uint32 x0, vx_uint32 y0, vx_uint32 x1, vx_uint32 y1);
void ovxc_max_u8(const vx_uint8 *a, vx_int32 sa, const vx_uint8 *b, vx_int32 sb, vx_uint8 *o, vx_int32 so,
                 vx_uint32 x0, vx_uint32 y0, vx_uint32 x1, vx_uint32 y1);
void ovxc_min_s16(const vx_uint8 *a, vx_int32 sa, const vx_uint8 *b, vx_int32 sb, vx_uint8 *o, vx_int32 so,
                  vx_uint32 x0, vx_uint32 y0, vx_uint32 x1, vx_uint32 y1);
void ovxc_max_s16(const vx_uint8 *a, vx_int32 sa, const vx_uint8 *b, vx_int32 sb, vx_uint8 *o, vx_int32 so,
                  vx_uint32 x0, vx_uint32 y0, vx_uint32 x1, vx_uint32 y1);

/* ---- Copy ----------------------------------------------------------------- */
/* rows rows of row_bytes bytes (the blocks may overlap: memmove per row, or
 * one memmove of the whole block when both have rows end to end). */
void ovxc_copy_rows(const vx_uint8 *src, vx_int32 src_stride, vx_uint8 *dst, vx_int32 dst_stride,
                    vx_size row_bytes, vx_uint32 rows);
/* rows rows of bits bit-packed pixels (pixel x: bit x % 8 of byte x / 8);
 * the bits of the destination's last byte past `bits` are kept. */
void ovxc_copy_bit_rows(const vx_uint8 *src, vx_int32 src_stride, vx_uint8 *dst, vx_int32 dst_stride,
                        vx_uint32 bits, vx_uint32 rows);
/* An n-dimensional block of dims[0] x ... x dims[ndims-1] elements of elem
 * bytes, each side with its own byte strides per dimension. */
void ovxc_copy_nd(const vx_uint8 *src, const vx_size *src_strides, vx_uint8 *dst, const vx_size *dst_strides,
                  const vx_size *dims, vx_size ndims, vx_size elem);

/* ---- ScalarOperation ------------------------------------------------------ */
#if defined(__SIZEOF_INT128__)
__extension__ typedef __int128 ovxc_wide;
#define OVXC_WIDE_BITS 128
#else
typedef vx_int64 ovxc_wide;
#define OVXC_WIDE_BITS 64
#endif

/* A scalar operand or result: an exact integer (wide enough for every
 * integer scalar type, vx_size included) or a floating-point value. */
typedef struct {
    int is_float;
    ovxc_wide i;
    vx_float64 f;
} ovxc_num;

/* Is type one of the operand types of the spec (REQ-0100)? num: the
 * arithmetic ones (bool excluded). */
int ovxc_scalar_type_ok(vx_enum type);
int ovxc_scalar_type_num(vx_enum type);
int ovxc_scalar_type_float(vx_enum type);

/* Read a value of scalar type `type` from raw memory / write one (the
 * conversion rules of REQ-0106..0108: integer results wrap, floating-point
 * results truncate toward zero and saturate, NaN gives 0). */
ovxc_num ovxc_num_load(vx_enum type, const void *ptr);
void ovxc_num_store(vx_enum type, ovxc_num v, void *ptr);

/* Status flags of ovxc_scalar_op. */
enum { OVXC_SOP_OK = 0, OVXC_SOP_DIV_ZERO = 1, OVXC_SOP_BAD_OP = 2 };

/* result = a op b (op: a vx_scalar_operation_e).  Logical operations and
 * comparisons give 0 or 1; arithmetic on two integers is exact integer
 * arithmetic (division truncates toward zero), on a float and anything in
 * double precision; mixed comparisons and min/max compare the exact values
 * (REQ-0105).  An integer division or modulus by zero gives 0 and returns
 * OVXC_SOP_DIV_ZERO. */
int ovxc_scalar_op(vx_enum op, ovxc_num a, ovxc_num b, ovxc_num *result);

#endif
