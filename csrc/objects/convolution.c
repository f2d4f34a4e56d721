/*
 * Convolutions.  Spec: "Object: Convolution" (vxCreateConvolution,
 * vxQueryConvolution, vxSetConvolutionAttribute, vxCopyConvolutionCoefficients,
 * vxReleaseConvolution) and the 1.0 compatibility pair
 * vxReadConvolutionCoefficients / vxWriteConvolutionCoefficients.
 *
 * Dimensions: odd, >= 3 and at most VX_CONTEXT_CONVOLUTION_MAX_DIMENSION
 * (the spec says "less than" the maximum dimension; the Khronos CTS runs
 * convolutions of the maximum dimension, so the maximum is included).
 */
#include "convolution.h"

#include <stdlib.h>
#include <string.h>

#define CREF(c) ((vx_reference)(c))

static void convolution_destroy(vx_reference ref)
{
    vx_convolution c = (vx_convolution)ref;
    free(c->data);
    c->data = NULL;
}

static vx_bool dim_ok(vx_size d)
{
    return (d >= 3 && d <= OVX_CONVOLUTION_MAX_DIMENSION && (d & 1)) ? vx_true_e : vx_false_e;
}

vx_convolution ovx_convolution_create(vx_context context, vx_size columns, vx_size rows, vx_reference scope,
                                      vx_bool is_virtual, const char *who)
{
    vx_convolution c;
    if (!ovx_context_valid(context)) return NULL;
    if (!dim_ok(columns) || !dim_ok(rows))
        return (vx_convolution)ovx_error_from(context, VX_ERROR_INVALID_DIMENSION,
                                              "%s: %zu columns x %zu rows: both must be odd, >= 3 and <= %d", who,
                                              (size_t)columns, (size_t)rows, OVX_CONVOLUTION_MAX_DIMENSION);
    c = (vx_convolution)ovx_ref_create(context, VX_TYPE_CONVOLUTION, sizeof(struct _vx_convolution),
                                       convolution_destroy, scope);
    if (!c) return (vx_convolution)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    c->base.is_virtual = is_virtual;
    c->columns = columns;
    c->rows = rows;
    c->scale = 1;
    c->data = calloc(rows * columns, sizeof(vx_int16));
    if (!c->data) {
        vx_reference r = CREF(c);
        ovx_ref_release(&r, VX_TYPE_CONVOLUTION, vx_false_e);
        return (vx_convolution)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    }
    return c;
}

VX_API_ENTRY vx_convolution VX_API_CALL vxCreateConvolution(vx_context context, vx_size columns, vx_size rows)
{
    return ovx_convolution_create(context, columns, rows, NULL, vx_false_e, "vxCreateConvolution");
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseConvolution(vx_convolution *conv)
{
    return ovx_ref_release((vx_reference *)conv, VX_TYPE_CONVOLUTION, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryConvolution(vx_convolution conv, vx_enum attribute, void *ptr,
                                                      vx_size size)
{
    vx_status status;
    if (!ovx_ref_valid(CREF(conv), VX_TYPE_CONVOLUTION)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_CONVOLUTION_ROWS: status = ovx_query_copy(ptr, size, &conv->rows, sizeof(vx_size)); break;
    case VX_CONVOLUTION_COLUMNS: status = ovx_query_copy(ptr, size, &conv->columns, sizeof(vx_size)); break;
    case VX_CONVOLUTION_SCALE: status = ovx_query_copy(ptr, size, &conv->scale, sizeof(vx_uint32)); break;
    case VX_CONVOLUTION_SIZE: {
        vx_size v = conv->rows * conv->columns * sizeof(vx_int16);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    default:
        ovx_log(CREF(conv), VX_ERROR_NOT_SUPPORTED,
                "vxQueryConvolution: attribute %s is not a convolution attribute", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (status != VX_SUCCESS)
        ovx_log(CREF(conv), status, "vxQueryConvolution: attribute %s: NULL pointer or wrong size %zu",
                OVX_ATTR(attribute), (size_t)size);
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetConvolutionAttribute(vx_convolution conv, vx_enum attribute,
                                                             const void *ptr, vx_size size)
{
    vx_uint32 scale;
    if (!ovx_ref_valid(CREF(conv), VX_TYPE_CONVOLUTION)) return VX_ERROR_INVALID_REFERENCE;
    if (attribute != VX_CONVOLUTION_SCALE) {
        ovx_log(CREF(conv), VX_ERROR_NOT_SUPPORTED,
                "vxSetConvolutionAttribute: attribute %s is not settable (only VX_CONVOLUTION_SCALE is)",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (ptr == NULL || size != sizeof(vx_uint32)) {
        ovx_log(CREF(conv), VX_ERROR_INVALID_PARAMETERS,
                "vxSetConvolutionAttribute(VX_CONVOLUTION_SCALE): needs a vx_uint32 (size %zu given)", (size_t)size);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    memcpy(&scale, ptr, sizeof(scale));
    if (scale == 0 || (scale & (scale - 1)) != 0) {
        ovx_log(CREF(conv), VX_ERROR_INVALID_VALUE,
                "vxSetConvolutionAttribute(VX_CONVOLUTION_SCALE): %u is not a power of 2 (1 .. 2^31)", scale);
        return VX_ERROR_INVALID_VALUE;
    }
    conv->scale = scale;
    return VX_SUCCESS;
}

static vx_status conv_copy(vx_convolution conv, void *user_ptr, vx_enum usage, vx_enum mem_type, const char *who)
{
    vx_size bytes;
    if (!ovx_ref_valid(CREF(conv), VX_TYPE_CONVOLUTION)) return VX_ERROR_INVALID_REFERENCE;
    if (conv->base.is_virtual && !ovx_accessible_now(&conv->accessible)) {
        ovx_log(CREF(conv), VX_ERROR_OPTIMIZED_AWAY, "%s: the convolution is virtual", who);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    if (user_ptr == NULL || !ovx_copy_usage_ok(usage) || !ovx_mem_type_ok(mem_type)) {
        ovx_log(CREF(conv), VX_ERROR_INVALID_PARAMETERS,
                "%s: needs a user_ptr (%p), usage VX_READ_ONLY or VX_WRITE_ONLY (0x%x) and "
                "VX_MEMORY_TYPE_HOST (0x%x)",
                who, user_ptr, (unsigned)usage, (unsigned)mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    bytes = conv->rows * conv->columns * sizeof(vx_int16);
    if (usage == VX_READ_ONLY) memcpy(user_ptr, conv->data, bytes);
    else memcpy(conv->data, user_ptr, bytes);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyConvolutionCoefficients(vx_convolution conv, void *user_ptr,
                                                                 vx_enum usage, vx_enum user_mem_type)
{
    return conv_copy(conv, user_ptr, usage, user_mem_type, "vxCopyConvolutionCoefficients");
}

VX_API_ENTRY vx_status VX_API_CALL vxReadConvolutionCoefficients(vx_convolution conv, vx_int16 *array)
{
    return conv_copy(conv, array, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, "vxReadConvolutionCoefficients");
}

VX_API_ENTRY vx_status VX_API_CALL vxWriteConvolutionCoefficients(vx_convolution conv, const vx_int16 *array)
{
    return conv_copy(conv, (void *)(uintptr_t)array, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST,
                     "vxWriteConvolutionCoefficients");
}
