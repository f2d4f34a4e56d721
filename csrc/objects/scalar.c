/*
 * Scalars.  Spec: "Object: Scalar" (vxCreateScalar, vxCreateScalarWithSize,
 * vxQueryScalar, vxCopyScalar, vxCopyScalarWithSize, vxReleaseScalar) and the
 * 1.0 compatibility pair vxReadScalarValue / vxWriteScalarValue.
 */
#include "scalar.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void scalar_destroy(vx_reference ref)
{
    vx_scalar s = (vx_scalar)ref;
    if (s->data && s->data != (void *)&s->inline_value) free(s->data);
    s->data = NULL;
}

/* Size of a scalar of data_type, 0 when the type cannot be a scalar.
 * Vendor struct types have no size we know: `size` must give it. */
static vx_size scalar_type_size(vx_context c, vx_enum data_type, vx_size size)
{
    if (data_type <= VX_TYPE_INVALID || data_type > VX_TYPE_VENDOR_STRUCT_END) return 0;
    if (data_type >= VX_TYPE_VENDOR_STRUCT_START) return size;
    return ovx_item_type_size(c, data_type);
}

vx_scalar ovx_scalar_create(vx_context context, vx_enum data_type, const void *ptr, vx_size size,
                            vx_reference scope, vx_bool is_virtual, const char *who)
{
    vx_size type_size;
    vx_scalar s;
    if (!ovx_context_valid(context)) return NULL;
    type_size = scalar_type_size(context, data_type, size);
    if (type_size == 0)
        return (vx_scalar)ovx_error_from(context, VX_ERROR_INVALID_TYPE,
                                         "%s: 0x%x is not a scalar type (a vx_type_e value up to "
                                         "VX_TYPE_VENDOR_STRUCT_END, or a registered user struct)",
                                         who, (unsigned)data_type);
    if (size != 0 && size != type_size)
        return (vx_scalar)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "%s: size %zu does not match the size %zu of type 0x%x", who,
                                         (size_t)size, (size_t)type_size, (unsigned)data_type);
    s = (vx_scalar)ovx_ref_create(context, VX_TYPE_SCALAR, sizeof(struct _vx_scalar), scalar_destroy, scope);
    if (!s) return (vx_scalar)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    s->base.is_virtual = is_virtual;
    s->data_type = data_type;
    s->size = type_size;
    if (type_size <= sizeof(s->inline_value)) {
        s->data = &s->inline_value;
    } else {
        s->data = calloc(1, type_size);
        if (!s->data) {
            vx_reference r = (vx_reference)s;
            ovx_ref_release(&r, VX_TYPE_SCALAR, vx_false_e);
            return (vx_scalar)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
        }
    }
    if (ptr) memcpy(s->data, ptr, type_size);
    return s;
}

VX_API_ENTRY vx_scalar VX_API_CALL vxCreateScalar(vx_context context, vx_enum data_type, const void *ptr)
{
    return ovx_scalar_create(context, data_type, ptr, 0, NULL, vx_false_e, "vxCreateScalar");
}

VX_API_ENTRY vx_scalar VX_API_CALL vxCreateScalarWithSize(vx_context context, vx_enum data_type,
                                                          const void *ptr, vx_size size)
{
    if (ovx_context_valid(context) && size == 0)
        return (vx_scalar)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxCreateScalarWithSize: size is 0");
    return ovx_scalar_create(context, data_type, ptr, size, NULL, vx_false_e, "vxCreateScalarWithSize");
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseScalar(vx_scalar *scalar)
{
    return ovx_ref_release((vx_reference *)scalar, VX_TYPE_SCALAR, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryScalar(vx_scalar scalar, vx_enum attribute, void *ptr, vx_size size)
{
    if (!ovx_ref_valid((vx_reference)scalar, VX_TYPE_SCALAR)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_SCALAR_TYPE:
        if (ovx_query_copy(ptr, size, &scalar->data_type, sizeof(vx_enum)) != VX_SUCCESS) {
            ovx_log((vx_reference)scalar, VX_ERROR_INVALID_PARAMETERS,
                    "vxQueryScalar(VX_SCALAR_TYPE): needs a vx_enum (size %zu given)", (size_t)size);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        return VX_SUCCESS;
    default:
        ovx_log((vx_reference)scalar, VX_ERROR_NOT_SUPPORTED,
                "vxQueryScalar: attribute %s is not a scalar attribute", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
}

static vx_status scalar_copy(vx_scalar scalar, vx_size size, void *user_ptr, vx_enum usage,
                             vx_enum mem_type, const char *who)
{
    if (!ovx_ref_valid((vx_reference)scalar, VX_TYPE_SCALAR)) return VX_ERROR_INVALID_REFERENCE;
    if (scalar->base.is_virtual && !ovx_accessible_now(&scalar->accessible)) {
        ovx_log((vx_reference)scalar, VX_ERROR_OPTIMIZED_AWAY, "%s: the scalar is virtual", who);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    if (user_ptr == NULL) {
        ovx_log((vx_reference)scalar, VX_ERROR_INVALID_PARAMETERS, "%s: user_ptr is NULL", who);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (size != scalar->size) {
        ovx_log((vx_reference)scalar, VX_ERROR_INVALID_PARAMETERS,
                "%s: size %zu does not match the scalar's size %zu", who, (size_t)size, (size_t)scalar->size);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (!ovx_copy_usage_ok(usage)) {
        ovx_log((vx_reference)scalar, VX_ERROR_INVALID_PARAMETERS,
                "%s: usage 0x%x is not VX_READ_ONLY or VX_WRITE_ONLY", who, (unsigned)usage);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (!ovx_mem_type_ok(mem_type)) {
        ovx_log((vx_reference)scalar, VX_ERROR_INVALID_PARAMETERS,
                "%s: memory type 0x%x is not VX_MEMORY_TYPE_HOST", who, (unsigned)mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (usage == VX_READ_ONLY) memcpy(user_ptr, scalar->data, scalar->size);
    else memcpy(scalar->data, user_ptr, scalar->size);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyScalar(vx_scalar scalar, void *user_ptr, vx_enum usage,
                                                vx_enum user_mem_type)
{
    if (!ovx_ref_valid((vx_reference)scalar, VX_TYPE_SCALAR)) return VX_ERROR_INVALID_REFERENCE;
    return scalar_copy(scalar, scalar->size, user_ptr, usage, user_mem_type, "vxCopyScalar");
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyScalarWithSize(vx_scalar scalar, vx_size size, void *user_ptr,
                                                        vx_enum usage, vx_enum user_mem_type)
{
    return scalar_copy(scalar, size, user_ptr, usage, user_mem_type, "vxCopyScalarWithSize");
}

/* ---- 1.0 compatibility --------------------------------------------------- */
VX_API_ENTRY vx_status VX_API_CALL vxReadScalarValue(vx_scalar ref, void *ptr)
{
    if (!ovx_ref_valid((vx_reference)ref, VX_TYPE_SCALAR)) return VX_ERROR_INVALID_REFERENCE;
    return scalar_copy(ref, ref->size, ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, "vxReadScalarValue");
}

VX_API_ENTRY vx_status VX_API_CALL vxWriteScalarValue(vx_scalar ref, const void *ptr)
{
    if (!ovx_ref_valid((vx_reference)ref, VX_TYPE_SCALAR)) return VX_ERROR_INVALID_REFERENCE;
    return scalar_copy(ref, ref->size, (void *)(uintptr_t)ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST,
                       "vxWriteScalarValue");
}

/* ---- helpers for kernels ------------------------------------------------- */
static vx_float64 half_to_f64(vx_uint16 h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    vx_float64 v;
    if (e == 0) v = ldexp((double)m, -24);
    else if (e == 31) v = m ? NAN : INFINITY;
    else v = ldexp((double)(m | 0x400), e - 25);
    return (h & 0x8000) ? -v : v;
}

static vx_uint16 f64_to_half(vx_float64 v)
{
    vx_uint16 sign = 0;
    int e;
    double m;
    if (isnan(v)) return 0x7e00;
    if (signbit(v)) {
        sign = 0x8000;
        v = -v;
    }
    if (v >= 65520.0) return (vx_uint16)(sign | 0x7c00);
    if (v < ldexp(1.0, -25)) return sign;
    m = frexp(v, &e); /* v = m * 2^e, m in [0.5, 1) */
    if (e < -13) {    /* subnormal: units of 2^-24 */
        long q = lrint(ldexp(v, 24));
        return (vx_uint16)(sign | (vx_uint16)q);
    } else {
        long q = lrint(ldexp(m, 11)); /* 1024..2048 */
        int be = e - 1 + 15;
        if (q == 2048) {
            q = 1024;
            be++;
        }
        if (be >= 31) return (vx_uint16)(sign | 0x7c00);
        return (vx_uint16)(sign | (vx_uint16)(be << 10) | (vx_uint16)(q & 0x3ff));
    }
}

vx_bool ovx_scalar_to_f64(vx_scalar s, vx_float64 *out)
{
    const void *p = s->data;
    switch (s->data_type) {
    case VX_TYPE_FLOAT32: *out = *(const vx_float32 *)p; return vx_true_e;
    case VX_TYPE_FLOAT64: *out = *(const vx_float64 *)p; return vx_true_e;
    case VX_TYPE_FLOAT16: *out = half_to_f64(*(const vx_uint16 *)p); return vx_true_e;
    default: {
        vx_int64 i;
        if (!ovx_scalar_to_i64(s, &i)) return vx_false_e;
        *out = (s->data_type == VX_TYPE_UINT64 || s->data_type == VX_TYPE_SIZE)
                   ? (vx_float64)(vx_uint64)i
                   : (vx_float64)i;
        return vx_true_e;
    }
    }
}

vx_bool ovx_scalar_to_i64(vx_scalar s, vx_int64 *out)
{
    const void *p = s->data;
    switch (s->data_type) {
    case VX_TYPE_CHAR: *out = *(const vx_char *)p; break;
    case VX_TYPE_INT8: *out = *(const vx_int8 *)p; break;
    case VX_TYPE_UINT8: *out = *(const vx_uint8 *)p; break;
    case VX_TYPE_INT16: *out = *(const vx_int16 *)p; break;
    case VX_TYPE_UINT16: *out = *(const vx_uint16 *)p; break;
    case VX_TYPE_INT32: *out = *(const vx_int32 *)p; break;
    case VX_TYPE_UINT32: *out = *(const vx_uint32 *)p; break;
    case VX_TYPE_INT64: *out = *(const vx_int64 *)p; break;
    case VX_TYPE_UINT64: *out = (vx_int64)*(const vx_uint64 *)p; break;
    case VX_TYPE_ENUM: *out = *(const vx_enum *)p; break;
    case VX_TYPE_SIZE: *out = (vx_int64)*(const vx_size *)p; break;
    case VX_TYPE_DF_IMAGE: *out = *(const vx_df_image *)p; break;
    case VX_TYPE_BOOL: *out = *(const vx_bool *)p; break;
    case VX_TYPE_FLOAT32: *out = (vx_int64)*(const vx_float32 *)p; break;
    case VX_TYPE_FLOAT64: *out = (vx_int64)*(const vx_float64 *)p; break;
    case VX_TYPE_FLOAT16: *out = (vx_int64)half_to_f64(*(const vx_uint16 *)p); break;
    default: return vx_false_e;
    }
    return vx_true_e;
}

#define SAT(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))

vx_bool ovx_scalar_from_i64(vx_scalar s, vx_int64 v)
{
    void *p = s->data;
    switch (s->data_type) {
    case VX_TYPE_CHAR: *(vx_char *)p = (vx_char)SAT(v, -128, 127); break;
    case VX_TYPE_INT8: *(vx_int8 *)p = (vx_int8)SAT(v, INT8_MIN, INT8_MAX); break;
    case VX_TYPE_UINT8: *(vx_uint8 *)p = (vx_uint8)SAT(v, 0, UINT8_MAX); break;
    case VX_TYPE_INT16: *(vx_int16 *)p = (vx_int16)SAT(v, INT16_MIN, INT16_MAX); break;
    case VX_TYPE_UINT16: *(vx_uint16 *)p = (vx_uint16)SAT(v, 0, UINT16_MAX); break;
    case VX_TYPE_INT32: *(vx_int32 *)p = (vx_int32)SAT(v, INT32_MIN, INT32_MAX); break;
    case VX_TYPE_UINT32: *(vx_uint32 *)p = (vx_uint32)SAT(v, 0, (vx_int64)UINT32_MAX); break;
    case VX_TYPE_INT64: *(vx_int64 *)p = v; break;
    case VX_TYPE_UINT64: *(vx_uint64 *)p = v < 0 ? 0 : (vx_uint64)v; break;
    case VX_TYPE_ENUM: *(vx_enum *)p = (vx_enum)SAT(v, INT32_MIN, INT32_MAX); break;
    case VX_TYPE_SIZE: *(vx_size *)p = v < 0 ? 0 : (vx_size)v; break;
    case VX_TYPE_DF_IMAGE: *(vx_df_image *)p = (vx_df_image)SAT(v, 0, (vx_int64)UINT32_MAX); break;
    case VX_TYPE_BOOL: *(vx_bool *)p = v ? vx_true_e : vx_false_e; break;
    case VX_TYPE_FLOAT32: *(vx_float32 *)p = (vx_float32)v; break;
    case VX_TYPE_FLOAT64: *(vx_float64 *)p = (vx_float64)v; break;
    case VX_TYPE_FLOAT16: *(vx_uint16 *)p = f64_to_half((vx_float64)v); break;
    default: return vx_false_e;
    }
    return vx_true_e;
}

vx_bool ovx_scalar_from_f64(vx_scalar s, vx_float64 v)
{
    switch (s->data_type) {
    case VX_TYPE_FLOAT32: *(vx_float32 *)s->data = (vx_float32)v; return vx_true_e;
    case VX_TYPE_FLOAT64: *(vx_float64 *)s->data = v; return vx_true_e;
    case VX_TYPE_FLOAT16: *(vx_uint16 *)s->data = f64_to_half(v); return vx_true_e;
    default:
        if (isnan(v)) v = 0;
        if (v > 9.2e18) v = 9.2e18;
        if (v < -9.2e18) v = -9.2e18;
        return ovx_scalar_from_i64(s, (vx_int64)llrint(v));
    }
}
