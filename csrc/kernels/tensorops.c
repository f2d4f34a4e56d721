/*
 * Kernels of family tensorops (spec: Tensor Add, Tensor Subtract, Tensor
 * Multiply, Tensor TableLookUp, Tensor Transpose, Tensor Convert Bit-Depth,
 * Tensor Matrix Multiply).
 *
 * Every kernel runs as one whole-node function on the tensors' raw memory
 * (csrc/compute/tensorops.c), addressed through the tensors' byte strides so
 * that views (vxCreateTensorFromView) and handles with gaps work.
 *
 * Element types: VX_TYPE_UINT8, VX_TYPE_INT8 and VX_TYPE_INT16 (any fixed
 * point position, Q7.8 being the spec's case) for the arithmetic kernels;
 * Convert Bit-Depth also takes and makes VX_TYPE_FLOAT32 (fixed point 0);
 * Transpose copies any numeric type.
 *
 * Broadcasting (Add, Subtract, Multiply): in every dimension the inputs have
 * the same size or one of them has size 1 (read at index 0 there); the
 * output has the larger size.  An input with fewer dimensions than the other
 * is taken as having size 1 in the missing (higher) ones.
 *
 * Outputs: a virtual output tensor gets its dims, type and fixed point
 * position from the validator; a non-virtual (or already known) one must
 * have exactly those.
 */
#include "kernels.h"

#include "../compute/pixel.h"
#include "../compute/arith.h"
#include "../compute/tensorops.h"
#include "../framework/graph.h"
#include "../objects/lut.h"
#include "../objects/tensor.h"

#include <math.h>
#include <string.h>

/* ---- validator helpers ---------------------------------------------------------- */

typedef struct {
    vx_size num_dims;
    vx_size dims[OVX_MAX_TENSOR_DIMS];
    vx_enum type;
    vx_int8 fpp;
} tinfo;

static const char *type_name(vx_enum t)
{
    switch (t) {
    case VX_TYPE_UINT8: return "UINT8";
    case VX_TYPE_INT8: return "INT8";
    case VX_TYPE_INT16: return "INT16";
    case VX_TYPE_FLOAT32: return "FLOAT32";
    case 0: return "unset";
    default: return ovx_type_name(t);
    }
}

static vx_status query_tensor(vx_node node, const vx_reference p[], vx_uint32 i, tinfo *t)
{
    vx_tensor x = (vx_tensor)p[i];
    memset(t, 0, sizeof(*t));
    if (vxQueryTensor(x, VX_TENSOR_NUMBER_OF_DIMS, &t->num_dims, sizeof(t->num_dims)) != VX_SUCCESS ||
        t->num_dims > OVX_MAX_TENSOR_DIMS ||
        vxQueryTensor(x, VX_TENSOR_DIMS, t->dims, sizeof(t->dims)) != VX_SUCCESS ||
        vxQueryTensor(x, VX_TENSOR_DATA_TYPE, &t->type, sizeof(t->type)) != VX_SUCCESS ||
        vxQueryTensor(x, VX_TENSOR_FIXED_POINT_POSITION, &t->fpp, sizeof(t->fpp)) != VX_SUCCESS)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_PARAMETERS, "is not a valid tensor");
    return VX_SUCCESS;
}

static vx_bool is_int_type(vx_enum t)
{
    return t == VX_TYPE_UINT8 || t == VX_TYPE_INT8 || t == VX_TYPE_INT16 ? vx_true_e : vx_false_e;
}

/* An input tensor of one of the integer types (or FLOAT32 when allow_f32). */
static vx_status input_tensor(vx_node node, const vx_reference p[], vx_uint32 i, vx_bool allow_f32, tinfo *t)
{
    vx_status s = query_tensor(node, p, i, t);
    if (s != VX_SUCCESS) return s;
    if (!is_int_type(t->type) && !(allow_f32 && t->type == VX_TYPE_FLOAT32))
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_TYPE, "data type %s is not supported (UINT8, INT8, INT16%s)",
                              type_name(t->type), allow_f32 ? ", FLOAT32" : "");
    if (t->num_dims == 0) return ovx_kernel_log(node, i, VX_ERROR_INVALID_DIMENSION, "has no dimensions");
    return VX_SUCCESS;
}

/* The output tensor i: what it already knows must be what the kernel makes
 * (checked here for virtual tensors too: the verifier does not compare the
 * dims of a virtual tensor that already has all of them).  Then describe it
 * in meta. */
static vx_status output_tensor(vx_node node, const vx_reference p[], vx_uint32 i, vx_meta_format meta,
                               vx_size nd, const vx_size *dims, vx_enum type, vx_int8 fpp)
{
    tinfo o;
    vx_size d;
    vx_status s = query_tensor(node, p, i, &o);
    if (s != VX_SUCCESS) return s;
    if (o.type != 0 && o.type != type)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_TYPE, "data type %s, the kernel makes %s", type_name(o.type),
                              type_name(type));
    if (o.num_dims != 0 && o.num_dims != nd)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_DIMENSION, "has %zu dimensions, the kernel makes %zu",
                              (size_t)o.num_dims, (size_t)nd);
    for (d = 0; d < o.num_dims; d++)
        if (o.dims[d] != 0 && o.dims[d] != dims[d])
            return ovx_kernel_log(node, i, VX_ERROR_INVALID_DIMENSION, "dimension %zu is %zu, the kernel makes %zu",
                                  (size_t)d, (size_t)o.dims[d], (size_t)dims[d]);
    if (o.type != 0 && o.fpp != fpp)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_VALUE, "fixed point position %d, the kernel makes %d",
                              (int)o.fpp, (int)fpp);
    if (vxSetMetaFormatAttribute(meta, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(meta, VX_TENSOR_DIMS, dims, nd * sizeof(vx_size)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(meta, VX_TENSOR_DATA_TYPE, &type, sizeof(type)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(meta, VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof(fpp)) != VX_SUCCESS)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_PARAMETERS, "cannot describe the output");
    return VX_SUCCESS;
}

/* The value of scalar parameter i, of the given type. */
static vx_status scalar_param(vx_node node, const vx_reference p[], vx_uint32 i, vx_enum type, void *value)
{
    return ovx_scalar_param(node, p[i], i, type, value);
}

static vx_status policy_param(vx_node node, const vx_reference p[], vx_uint32 i, vx_enum a, vx_enum b)
{
    vx_enum v = 0;
    vx_status s = scalar_param(node, p, i, VX_TYPE_ENUM, &v);
    if (s != VX_SUCCESS) return s;
    if (v != a && v != b) return ovx_kernel_log(node, i, VX_ERROR_INVALID_VALUE, "policy 0x%x is not supported", v);
    return VX_SUCCESS;
}

/* Two inputs of one type and fixed point position that broadcast to dims. */
static vx_status broadcast_pair(vx_node node, const vx_reference p[], tinfo *a, tinfo *b, vx_size *nd,
                                vx_size dims[])
{
    vx_size d;
    vx_status s = input_tensor(node, p, 0, vx_false_e, a);
    if (s == VX_SUCCESS) s = input_tensor(node, p, 1, vx_false_e, b);
    if (s != VX_SUCCESS) return s;
    if (b->type != a->type)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_TYPE, "data type %s differs from input1's %s",
                              type_name(b->type), type_name(a->type));
    if (b->fpp != a->fpp)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "fixed point position %d differs from input1's %d",
                              (int)b->fpp, (int)a->fpp);
    *nd = a->num_dims > b->num_dims ? a->num_dims : b->num_dims;
    for (d = 0; d < *nd; d++) {
        vx_size x = d < a->num_dims ? a->dims[d] : 1, y = d < b->num_dims ? b->dims[d] : 1;
        if (x != y && x != 1 && y != 1)
            return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION,
                                  "dimension %zu is %zu, input1's is %zu (they must match or one be 1)", (size_t)d,
                                  (size_t)y, (size_t)x);
        dims[d] = x > y ? x : y;
    }
    return VX_SUCCESS;
}

/* ---- compute helpers ----------------------------------------------------------- */

static ovxc_ttype ctype(vx_enum t)
{
    switch (t) {
    case VX_TYPE_UINT8: return OVXC_T_U8;
    case VX_TYPE_INT8: return OVXC_T_S8;
    case VX_TYPE_INT16: return OVXC_T_S16;
    default: return OVXC_T_F32;
    }
}

/* t seen with out's dims (stride 0 where t has size 1 and out more); false
 * when t has no memory or does not broadcast to out. */
static vx_bool view_as(vx_tensor t, vx_tensor out, ovxc_tensor *v)
{
    vx_size d;
    memset(v, 0, sizeof(*v));
    v->ptr = ovx_tensor_data(t);
    if (!v->ptr || out->num_dims > OVXC_TENSOR_MAX_DIMS) return vx_false_e;
    v->num_dims = out->num_dims;
    v->type = ctype(t->data_type);
    for (d = 0; d < out->num_dims; d++) {
        vx_size td = d < t->num_dims ? t->dims[d] : 1;
        v->dims[d] = out->dims[d];
        if (td == out->dims[d])
            v->strides[d] = d < t->num_dims ? t->strides[d] : 0;
        else if (td == 1)
            v->strides[d] = 0;
        else
            return vx_false_e;
    }
    for (d = out->num_dims; d < t->num_dims; d++)
        if (t->dims[d] != 1) return vx_false_e;
    return vx_true_e;
}

static vx_status no_memory(vx_node node)
{
    return ovx_kernel_log(node, 0, VX_ERROR_INVALID_PARAMETERS,
                          "a tensor has no memory or its shape changed since verification");
}

static vx_enum enum_of(vx_reference r)
{
    vx_enum v = 0;
    ovx_scalar_get((vx_scalar)r, VX_TYPE_ENUM, &v);
    return v;
}

/* ---- Tensor Add / Subtract ------------------------------------------------------- */

static vx_status VX_CALLBACK addsub_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                             vx_meta_format metas[])
{
    tinfo a, b;
    vx_size nd = 0, dims[OVX_MAX_TENSOR_DIMS];
    vx_status s = broadcast_pair(node, p, &a, &b, &nd, dims);
    (void)num;
    if (s == VX_SUCCESS) s = policy_param(node, p, 2, VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE);
    if (s == VX_SUCCESS) s = output_tensor(node, p, 3, metas[3], nd, dims, a.type, a.fpp);
    return s;
}

/* The elementwise routines' rows in bands on the node's threads. */
typedef struct {
    ovxc_tensor a, b, o;
    int op, saturate, nearest_even;
    double scale;
    ovxc_tensor_mul_row_f row; /* multiply: the node's image Multiply row variant, or NULL */
    ovxc_tensor_row2_f row2;   /* add / subtract: the node's image Add / Subtract row variant, or NULL */
} tens_job;

static void addsub_rows(void *arg, vx_uint32 r0, vx_uint32 r1)
{
    tens_job *j = arg;
    ovxc_tensor_addsub_rows(&j->a, &j->b, &j->o, j->op, j->saturate, r0, r1, j->row2);
}

static void multiply_rows(void *arg, vx_uint32 r0, vx_uint32 r1)
{
    tens_job *j = arg;
    ovxc_tensor_multiply_rows(&j->a, &j->b, &j->o, j->scale, j->saturate, j->nearest_even, r0, r1, j->row);
}

static void tens_parallel(vx_node node, tens_job *j, ovx_rows_f fn, vx_uint32 per_elem)
{
    size_t rows = ovxc_tensor_rows(&j->o);
    ovx_node_parallel_rows(node, 0, (vx_uint32)rows, (vx_uint64)rows * j->o.dims[0] * per_elem, fn, j);
}

static vx_status addsub_run(vx_node node, const vx_reference p[], int subtract)
{
    tens_job j;
    vx_tensor out = (vx_tensor)p[3];
    if (!view_as((vx_tensor)p[0], out, &j.a) || !view_as((vx_tensor)p[1], out, &j.b) || !view_as(out, out, &j.o))
        return no_memory(node);
    j.op = subtract, j.saturate = enum_of(p[2]) == VX_CONVERT_POLICY_SATURATE;
    j.row2 = ovx_node_variant(node) ? (ovxc_tensor_row2_f)ovx_node_variant(node)->fn : NULL;
    tens_parallel(node, &j, addsub_rows, 1);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK add_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    (void)num;
    return addsub_run(node, p, 0);
}

static vx_status VX_CALLBACK subtract_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    (void)num;
    return addsub_run(node, p, 1);
}

/* ---- Tensor Multiply ------------------------------------------------------------------ */

static vx_status VX_CALLBACK multiply_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                               vx_meta_format metas[])
{
    tinfo a, b;
    vx_size nd = 0, dims[OVX_MAX_TENSOR_DIMS];
    vx_float32 scale = 0.0f;
    vx_status s = broadcast_pair(node, p, &a, &b, &nd, dims);
    (void)num;
    if (s == VX_SUCCESS) s = scalar_param(node, p, 2, VX_TYPE_FLOAT32, &scale);
    if (s == VX_SUCCESS && !(scale >= 0.0f && scale <= 3.4e38f))
        s = ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "scale %g is not a non-negative number", (double)scale);
    if (s == VX_SUCCESS) s = policy_param(node, p, 3, VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE);
    if (s == VX_SUCCESS) s = policy_param(node, p, 4, VX_ROUND_POLICY_TO_ZERO, VX_ROUND_POLICY_TO_NEAREST_EVEN);
    if (s == VX_SUCCESS) s = output_tensor(node, p, 5, metas[5], nd, dims, a.type, a.fpp);
    return s;
}

static vx_status VX_CALLBACK multiply_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    tens_job j;
    vx_tensor ta = (vx_tensor)p[0], tb = (vx_tensor)p[1], out = (vx_tensor)p[5];
    vx_float32 scale = 0.0f;
    (void)num;
    if (!view_as(ta, out, &j.a) || !view_as(tb, out, &j.b) || !view_as(out, out, &j.o)) return no_memory(node);
    ovx_scalar_get((vx_scalar)p[2], VX_TYPE_FLOAT32, &scale);
    /* raw product has fa + fb fraction bits; the output fo */
    j.scale = ldexp((double)scale, (int)out->fixed_point_position - (int)ta->fixed_point_position -
                                       (int)tb->fixed_point_position);
    j.saturate = enum_of(p[3]) == VX_CONVERT_POLICY_SATURATE;
    j.nearest_even = enum_of(p[4]) == VX_ROUND_POLICY_TO_NEAREST_EVEN;
    j.row = ovx_node_variant(node) ? (ovxc_tensor_mul_row_f)ovx_node_variant(node)->fn : NULL;
    tens_parallel(node, &j, multiply_rows, 8);
    return VX_SUCCESS;
}

/* U8 and S16 tensors of one type: the image Multiply rows (compute/pixel.h)
 * for their contiguous rows */
static const ovx_variant *select_multiply(vx_node node, const vx_reference p[])
{
    vx_tensor a = (vx_tensor)p[0], b = (vx_tensor)p[1], o = (vx_tensor)p[5];
    (void)node;
    if (!a || !b || !o || a->data_type != o->data_type || b->data_type != o->data_type) return NULL;
    if (o->data_type == VX_TYPE_INT16) return ovx_variant_pick(ovxc_mul_variants(OVXC_MUL_S16));
    if (o->data_type == VX_TYPE_UINT8) return ovx_variant_pick(ovxc_mul_variants(OVXC_MUL_U8));
    return NULL;
}

/* U8 and S16 tensors of one type: the image Add / Subtract rows
 * (compute/pixel.h) of the node's policy for their contiguous rows */
static const ovx_variant *select_addsub(const vx_reference p[], int subtract)
{
    vx_tensor a = (vx_tensor)p[0], b = (vx_tensor)p[1], o = (vx_tensor)p[3];
    int sat = enum_of(p[2]) == VX_CONVERT_POLICY_SATURATE;
    if (!a || !b || !o || a->data_type != o->data_type || b->data_type != o->data_type) return NULL;
    if (o->data_type == VX_TYPE_INT16)
        return OVX_PIXEL_PICK(subtract ? (sat ? OVXC_PIX_sub_s16_sat : OVXC_PIX_sub_s16_wrap)
                                       : (sat ? OVXC_PIX_add_s16_sat : OVXC_PIX_add_s16_wrap));
    if (o->data_type == VX_TYPE_UINT8)
        return OVX_PIXEL_PICK(subtract ? (sat ? OVXC_PIX_sub_u8_sat : OVXC_PIX_sub_u8_wrap)
                                       : (sat ? OVXC_PIX_add_u8_sat : OVXC_PIX_add_u8_wrap));
    return NULL;
}

static const ovx_variant *select_add(vx_node node, const vx_reference p[])
{
    (void)node;
    return select_addsub(p, 0);
}

static const ovx_variant *select_subtract(vx_node node, const vx_reference p[])
{
    (void)node;
    return select_addsub(p, 1);
}

/* The packed int16 x int16 -> int32 rows (used when exact, see matmul_function) */
static const ovx_variant *select_matmul(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_matmul_packed_variants());
}

/* ---- Tensor TableLookUp ------------------------------------------------------------------ */

static vx_status VX_CALLBACK lut_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    tinfo a;
    vx_enum lt = 0;
    vx_size count = 0;
    vx_status s = input_tensor(node, p, 0, vx_false_e, &a);
    (void)num;
    if (s != VX_SUCCESS) return s;
    if (a.type != VX_TYPE_UINT8 && a.type != VX_TYPE_INT16)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_TYPE, "data type %s is not supported (UINT8, INT16)",
                              type_name(a.type));
    if (vxQueryLUT((vx_lut)p[1], VX_LUT_TYPE, &lt, sizeof(lt)) != VX_SUCCESS ||
        vxQueryLUT((vx_lut)p[1], VX_LUT_COUNT, &count, sizeof(count)) != VX_SUCCESS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "is not a valid LUT");
    if (lt != a.type)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_TYPE, "LUT of %s entries for a %s tensor", type_name(lt),
                              type_name(a.type));
    if (count == 0) return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "the LUT is empty");
    return output_tensor(node, p, 2, metas[2], a.num_dims, a.dims, lt, a.fpp);
}

typedef struct {
    ovxc_tensor a, o;
    const void *lut;
    size_t count;
    uint32_t offset;
    ovxc_table_lookup_f img; /* Table Lookup's image row (compute/arith.h: the same rule), or NULL */
} lut_job;

/* Rows whose elements lie side by side (U8 or S16, the output's type) by
 * the image routine as one-row planes; the others by ovxc_tensor_lut_rows. */
static void lut_rows(void *arg, vx_uint32 r0, vx_uint32 r1)
{
    const lut_job *j = arg;
    const size_t es = j->o.type == OVXC_T_S16 ? 2 : 1, n = j->o.dims[0];
    if (j->img && j->a.strides[0] == es && j->o.strides[0] == es && n < ((size_t)1 << 30) && j->count <= UINT32_MAX) {
        const ovxc_fmt f = es == 2 ? OVXC_S16 : OVXC_U8;
        const ovxc_rect r = {0, 0, (uint32_t)n, 1};
        for (vx_uint32 k = r0; k < r1; k++) {
            ovxc_buf in, out;
            in.ptr = j->a.ptr + ovxc_tensor_row_offset(&j->o, &j->a, k), in.stride = (int32_t)(n * es), in.fmt = f;
            out.ptr = j->o.ptr + ovxc_tensor_row_offset(&j->o, &j->o, k), out.stride = (int32_t)(n * es), out.fmt = f;
            j->img(&in, &out, &r, j->lut, (uint32_t)j->count, j->offset);
        }
        return;
    }
    ovxc_tensor_lut_rows(&j->a, &j->o, j->lut, j->count, j->offset, r0, r1);
}

static vx_status VX_CALLBACK lut_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    lut_job j;
    vx_lut lut = (vx_lut)p[1];
    vx_tensor out = (vx_tensor)p[2];
    size_t rows;
    (void)num;
    if (!view_as((vx_tensor)p[0], out, &j.a) || !view_as(out, out, &j.o) || !lut->data) return no_memory(node);
    j.lut = lut->data, j.count = lut->count, j.offset = lut->offset;
    j.img = ovx_node_variant(node) && j.a.type == j.o.type ? (ovxc_table_lookup_f)ovx_node_variant(node)->fn : NULL;
    rows = ovxc_tensor_rows(&j.o);
    ovx_node_parallel_rows(node, 0, (vx_uint32)rows, (vx_uint64)rows * j.o.dims[0], lut_rows, &j);
    return VX_SUCCESS;
}

/* ---- Tensor Transpose ------------------------------------------------------------------ */

static vx_status VX_CALLBACK transpose_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                vx_meta_format metas[])
{
    tinfo a;
    vx_size d1 = 0, d2 = 0, dims[OVX_MAX_TENSOR_DIMS], t;
    vx_status s = query_tensor(node, p, 0, &a);
    (void)num;
    if (s != VX_SUCCESS) return s;
    if (ovx_tensor_type_size(a.type) == 0)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_TYPE, "data type %s is not a numeric type",
                              type_name(a.type));
    if (a.num_dims == 0) return ovx_kernel_log(node, 0, VX_ERROR_INVALID_DIMENSION, "has no dimensions");
    s = scalar_param(node, p, 2, VX_TYPE_SIZE, &d1);
    if (s == VX_SUCCESS) s = scalar_param(node, p, 3, VX_TYPE_SIZE, &d2);
    if (s != VX_SUCCESS) return s;
    if (d1 >= a.num_dims)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "dimension %zu of a %zu-dimensional tensor",
                              (size_t)d1, (size_t)a.num_dims);
    if (d2 >= a.num_dims)
        return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE, "dimension %zu of a %zu-dimensional tensor",
                              (size_t)d2, (size_t)a.num_dims);
    memcpy(dims, a.dims, sizeof(dims));
    t = dims[d1];
    dims[d1] = dims[d2];
    dims[d2] = t;
    return output_tensor(node, p, 1, metas[1], a.num_dims, dims, a.type, a.fpp);
}

typedef struct {
    ovxc_tensor a, o;
    size_t elem_size;
    ovxc_tensor_copy_f copy; /* the node's variant */
} copy_job;

static void copy_rows(void *arg, vx_uint32 r0, vx_uint32 r1)
{
    copy_job *j = arg;
    j->copy(&j->a, &j->o, j->elem_size, r0, r1);
}

static vx_status VX_CALLBACK transpose_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    ovxc_tensor a, o;
    vx_tensor in = (vx_tensor)p[0], out = (vx_tensor)p[1];
    vx_size d1 = 0, d2 = 0, d, t;
    (void)num;
    ovx_scalar_get((vx_scalar)p[2], VX_TYPE_SIZE, &d1);
    ovx_scalar_get((vx_scalar)p[3], VX_TYPE_SIZE, &d2);
    if (!view_as(out, out, &o) || d1 >= in->num_dims || d2 >= in->num_dims || in->num_dims != out->num_dims ||
        in->elem_size != out->elem_size || !ovx_tensor_data(in))
        return no_memory(node);
    /* output index (.., i_d1, .., i_d2, ..) reads input (.., i_d2, .., i_d1, ..) */
    a = o;
    a.ptr = ovx_tensor_data(in);
    for (d = 0; d < in->num_dims; d++) a.strides[d] = in->strides[d];
    t = a.strides[d1];
    a.strides[d1] = a.strides[d2];
    a.strides[d2] = t;
    for (d = 0; d < in->num_dims; d++) {
        vx_size src = d == d1 ? d2 : (d == d2 ? d1 : d);
        if (in->dims[src] != out->dims[d]) return no_memory(node);
    }
    {
        copy_job j = {a, o, in->elem_size,
                      ovx_node_variant(node) ? (ovxc_tensor_copy_f)ovx_node_variant(node)->fn : ovxc_tensor_copy};
        size_t rows = ovxc_tensor_rows(&o);
        ovx_node_parallel_rows(node, 0, (vx_uint32)rows, (vx_uint64)rows * o.dims[0], copy_rows, &j);
    }
    return VX_SUCCESS;
}

/* ---- Tensor Convert Bit-Depth ---------------------------------------------------------------- */

static vx_status VX_CALLBACK convert_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                              vx_meta_format metas[])
{
    tinfo a, o;
    vx_float32 norm = 0.0f, offset = 0.0f;
    vx_enum type;
    vx_int8 fpp;
    vx_status s = input_tensor(node, p, 0, vx_true_e, &a);
    (void)num;
    if (s == VX_SUCCESS) s = policy_param(node, p, 1, VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE);
    if (s == VX_SUCCESS) s = scalar_param(node, p, 2, VX_TYPE_FLOAT32, &norm);
    if (s == VX_SUCCESS && (norm == 0.0f || norm != norm))
        s = ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "norm must be a nonzero number");
    if (s == VX_SUCCESS) s = scalar_param(node, p, 3, VX_TYPE_FLOAT32, &offset);
    if (s == VX_SUCCESS) s = query_tensor(node, p, 4, &o);
    if (s != VX_SUCCESS) return s;
    /* the output's own type and position; a virtual one left open copies the input */
    type = o.type ? o.type : a.type;
    fpp = o.type ? o.fpp : a.fpp;
    if (!is_int_type(type) && type != VX_TYPE_FLOAT32)
        return ovx_kernel_log(node, 4, VX_ERROR_INVALID_TYPE, "data type %s is not supported (UINT8, INT8, INT16, "
                              "FLOAT32)", type_name(type));
    return output_tensor(node, p, 4, metas[4], a.num_dims, a.dims, type, fpp);
}

typedef struct {
    ovxc_tensor a, o;
    int saturate;
    float in_scale, offset, inv_norm, out_scale;
    ovxc_tensor_cvt_row_f row;
} convert_job;

static void convert_rows(void *arg, vx_uint32 r0, vx_uint32 r1)
{
    const convert_job *j = arg;
    ovxc_tensor_convert_rows(&j->a, &j->o, j->saturate, j->in_scale, j->offset, j->inv_norm, j->out_scale, r0, r1,
                             j->row);
}

static vx_status VX_CALLBACK convert_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    convert_job j;
    vx_tensor in = (vx_tensor)p[0], out = (vx_tensor)p[4];
    vx_float32 norm = 1.0f, offset = 0.0f;
    int fin = in->data_type == VX_TYPE_FLOAT32 ? 0 : in->fixed_point_position;
    int fout = out->data_type == VX_TYPE_FLOAT32 ? 0 : out->fixed_point_position;
    size_t rows;
    (void)num;
    if (!view_as(in, out, &j.a) || !view_as(out, out, &j.o)) return no_memory(node);
    ovx_scalar_get((vx_scalar)p[2], VX_TYPE_FLOAT32, &norm);
    ovx_scalar_get((vx_scalar)p[3], VX_TYPE_FLOAT32, &offset);
    j.saturate = enum_of(p[1]) == VX_CONVERT_POLICY_SATURATE;
    j.in_scale = ldexpf(1.0f, -fin), j.offset = offset, j.inv_norm = 1.0f / norm, j.out_scale = ldexpf(1.0f, fout);
    j.row = ovx_node_variant(node) ? (ovxc_tensor_cvt_row_f)ovx_node_variant(node)->fn : NULL;
    rows = ovxc_tensor_rows(&j.o);
    ovx_node_parallel_rows(node, 0, (vx_uint32)rows, (vx_uint64)rows * j.o.dims[0] * 4, convert_rows, &j);
    return VX_SUCCESS;
}

/* Tensor TableLookup's contiguous rows by the best variant of the image
 * Table Lookup (the same rule: the index offset + value clamped to the
 * LUT). */
static const ovx_variant *select_lut(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_arith_variants(OVXC_ARITH_table_lookup));
}

/* Tensor Transpose by the best variant of the tensor copy (compute/tensorops.h). */
static const ovx_variant *select_transpose(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_tensor_copy_variants());
}

/* Tensor Convert Bit-Depth's contiguous rows by the best row variant. */
static const ovx_variant *select_convert(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_tensor_convert_variants());
}

/* ---- Tensor Matrix Multiply ---------------------------------------------------------------- */

/* A 2-D tensor as a matrix of rows x cols: dims {cols, rows}, or {rows, cols}
 * when transposed. */
static void matrix_shape(const tinfo *t, vx_bool transposed, vx_size *rows, vx_size *cols)
{
    *rows = transposed ? t->dims[0] : t->dims[1];
    *cols = transposed ? t->dims[1] : t->dims[0];
}

static vx_status matrix_input(vx_node node, const vx_reference p[], vx_uint32 i, const tinfo *first, tinfo *t)
{
    vx_status s = input_tensor(node, p, i, vx_false_e, t);
    if (s != VX_SUCCESS) return s;
    if (t->num_dims != 2)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_DIMENSION, "has %zu dimensions, a matrix has 2",
                              (size_t)t->num_dims);
    if (first && t->type != first->type)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_TYPE, "data type %s differs from input1's %s",
                              type_name(t->type), type_name(first->type));
    if (first && t->fpp != first->fpp)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_VALUE, "fixed point position %d differs from input1's %d",
                              (int)t->fpp, (int)first->fpp);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK matmul_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                             vx_meta_format metas[])
{
    tinfo a, b, c;
    vx_tensor_matrix_multiply_params_t mp;
    vx_size n, m, m2, l, cn, cl, dims[2];
    vx_status s = matrix_input(node, p, 0, NULL, &a);
    (void)num;
    if (s == VX_SUCCESS) s = matrix_input(node, p, 1, &a, &b);
    if (s == VX_SUCCESS && p[2]) s = matrix_input(node, p, 2, &a, &c);
    if (s == VX_SUCCESS) s = scalar_param(node, p, 3, VX_TYPE_TENSOR_MATRIX_MULTIPLY_PARAMS, &mp);
    if (s != VX_SUCCESS) return s;
    if (a.fpp < 0 || a.fpp > 30)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_VALUE, "fixed point position %d is not supported",
                              (int)a.fpp);
    matrix_shape(&a, mp.transpose_input1, &n, &m);
    matrix_shape(&b, mp.transpose_input2, &m2, &l);
    if (m2 != m)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION,
                              "is a %zu x %zu matrix, input1 is %zu x %zu: the inner sizes differ", (size_t)m2,
                              (size_t)l, (size_t)n, (size_t)m);
    if (p[2]) {
        matrix_shape(&c, mp.transpose_input3, &cn, &cl);
        if (cn != n || cl != l)
            return ovx_kernel_log(node, 2, VX_ERROR_INVALID_DIMENSION, "is a %zu x %zu matrix, the product is %zu x %zu",
                                  (size_t)cn, (size_t)cl, (size_t)n, (size_t)l);
    }
    dims[0] = l;
    dims[1] = n;
    return output_tensor(node, p, 4, metas[4], 2, dims, a.type, a.fpp);
}

static ovxc_matrix matrix_of(vx_tensor t, vx_bool transposed)
{
    ovxc_matrix m;
    m.ptr = t ? ovx_tensor_data(t) : NULL;
    m.row_stride = t ? (transposed ? t->strides[0] : t->strides[1]) : 0;
    m.col_stride = t ? (transposed ? t->strides[1] : t->strides[0]) : 0;
    return m;
}

typedef struct {
    ovxc_matrix a, b, c;
    int has_c;
    uint8_t *out;
    size_t ors, ocs;
    ovxc_ttype type;
    size_t n, m, l;
    int shift;
} matmul_job;

static void matmul_rows(void *arg, vx_uint32 i0, vx_uint32 i1)
{
    matmul_job *j = arg;
    ovxc_tensor_matmul(&j->a, &j->b, j->has_c ? &j->c : NULL, j->out, j->ors, j->ocs, j->type, j->n, j->m, j->l,
                       j->shift, i0, i1);
}

typedef struct {
    ovxc_matmul_packed p;
    ovxc_matmul_packed_f rows;
    size_t n;
} packed_job;

static void packed_rows(void *arg, vx_uint32 b0, vx_uint32 b1)
{
    packed_job *j = arg;
    size_t i1 = (size_t)b1 * 4;
    j->rows(&j->p, (size_t)b0 * 4, i1 < j->n ? i1 : j->n);
}

/* The pack on the node's threads: units [u0, u1) of ovxc_matmul_pack_part,
 * the maxima merged (a max: the same in any order). */
typedef struct {
    const ovxc_matrix *a, *b;
    ovxc_ttype type;
    size_t n, m;
    const ovxc_matmul_packed *p;
    uint32_t ma, mb;
} pack_job;

static void atomic_max_u32(uint32_t *dst, uint32_t v)
{
    uint32_t cur = __atomic_load_n(dst, __ATOMIC_RELAXED);
    while (v > cur && !__atomic_compare_exchange_n(dst, &cur, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
}

static void pack_units(void *arg, vx_uint32 u0, vx_uint32 u1)
{
    pack_job *j = arg;
    uint32_t ma, mb;
    ovxc_matmul_pack_part(j->a, j->b, j->type, j->n, j->m, j->p, u0, u1, &ma, &mb);
    atomic_max_u32(&j->ma, ma);
    atomic_max_u32(&j->mb, mb);
}

static vx_status VX_CALLBACK matmul_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_tensor ta = (vx_tensor)p[0], tb = (vx_tensor)p[1], tc = (vx_tensor)p[2], out = (vx_tensor)p[4];
    vx_tensor_matrix_multiply_params_t mp;
    ovxc_matrix a, b, c;
    vx_size n, m, l;
    (void)num;
    memset(&mp, 0, sizeof(mp));
    ovx_scalar_get((vx_scalar)p[3], VX_TYPE_TENSOR_MATRIX_MULTIPLY_PARAMS, &mp);
    a = matrix_of(ta, mp.transpose_input1);
    b = matrix_of(tb, mp.transpose_input2);
    c = matrix_of(tc, mp.transpose_input3);
    n = mp.transpose_input1 ? ta->dims[0] : ta->dims[1];
    m = mp.transpose_input1 ? ta->dims[1] : ta->dims[0];
    l = mp.transpose_input2 ? tb->dims[1] : tb->dims[0];
    if (!a.ptr || !b.ptr || (tc && !c.ptr) || !ovx_tensor_data(out) || out->num_dims != 2 || out->dims[0] != l ||
        out->dims[1] != n || (mp.transpose_input2 ? tb->dims[0] : tb->dims[1]) != m)
        return no_memory(node);
    if (ovx_node_variant(node) && (vx_uint64)n * m * l >= 4096) {
        /* int16 operands and int32 sums where the pack's bound shows them exact */
        void *mem = ovx_node_scratch(node, ovxc_matmul_pack_size(n, m, l));
        packed_job j;
        if (mem) {
            pack_job pj;
            vx_uint64 prod;
            ovxc_matmul_pack_layout(n, m, l, mem, &j.p);
            pj.a = &a, pj.b = &b, pj.type = ctype(out->data_type), pj.n = n, pj.m = m, pj.p = &j.p;
            pj.ma = pj.mb = 0;
            /* (the pool's join orders the parts' writes before the rows) */
            ovx_node_parallel_rows(node, 0, (vx_uint32)ovxc_matmul_pack_units(n, m), (vx_uint64)(n + l) * m,
                                   pack_units, &pj);
            prod = (vx_uint64)pj.ma * pj.mb;
            if ((vx_uint64)j.p.m2 * prod < ((vx_uint64)1 << 31)) {
                j.p.c = tc ? &c : NULL;
                j.p.out = ovx_tensor_data(out);
                j.p.out_row_stride = out->strides[1], j.p.out_col_stride = out->strides[0];
                j.p.type = ctype(out->data_type);
                j.p.shift = ta->fixed_point_position;
                j.rows = (ovxc_matmul_packed_f)ovx_node_variant(node)->fn;
                j.n = n;
                /* bands of whole 4-row blocks */
                ovx_node_parallel_rows(node, 0, (vx_uint32)((n + 3) / 4), (vx_uint64)n * m * l, packed_rows, &j);
                return VX_SUCCESS;
            }
        }
    }
    {
        matmul_job j = {a, b, c, tc != NULL, ovx_tensor_data(out), out->strides[1], out->strides[0],
                        ctype(out->data_type), n, m, l, ta->fixed_point_position};
        ovx_node_parallel_rows(node, 0, (vx_uint32)n, (vx_uint64)n * m * l, matmul_rows, &j);
    }
    return VX_SUCCESS;
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_TENSOROPS
#include "kernel_descs.h"
