/*
 * Thresholds.  Spec: "Object: Threshold" (vxCreateThresholdForImage,
 * vxQueryThreshold, vxSetThresholdAttribute, vxCopyThresholdValue,
 * vxCopyThresholdRange, vxCopyThresholdOutput, vxReleaseThreshold) and the
 * 1.0 compatibility creator vxCreateThreshold.
 *
 * Input formats: the single-channel integer formats U8, S16 (required), U16,
 * S32, U32.  Output formats: every format the spec lists default true/false
 * values for.  The 1.0/1.1 attributes (threshold value, lower, upper, true,
 * false values as vx_int32, and the data type), which the 1.3.1 headers no
 * longer name, keep their numbers and work in query and set.
 */
#include "threshold.h"

#include <string.h>

#define TREF(t) ((vx_reference)(t))

/* vx_threshold_attribute_e values of OpenVX 1.0/1.1 (gone from 1.3 headers). */
#define OVX_THRESHOLD_THRESHOLD_VALUE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x1)
#define OVX_THRESHOLD_THRESHOLD_LOWER (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x2)
#define OVX_THRESHOLD_THRESHOLD_UPPER (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x3)
#define OVX_THRESHOLD_TRUE_VALUE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x4)
#define OVX_THRESHOLD_FALSE_VALUE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x5)
#define OVX_THRESHOLD_DATA_TYPE (VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, VX_TYPE_THRESHOLD) + 0x6)

static vx_enum input_data_type(vx_df_image f)
{
    switch (f) {
    case VX_DF_IMAGE_U8: return VX_TYPE_UINT8;
    case VX_DF_IMAGE_S16: return VX_TYPE_INT16;
    case VX_DF_IMAGE_U16: return VX_TYPE_UINT16;
    case VX_DF_IMAGE_S32: return VX_TYPE_INT32;
    case VX_DF_IMAGE_U32: return VX_TYPE_UINT32;
    default: return VX_TYPE_INVALID;
    }
}

/* Default true value of an output format; vx_false_e when the format is not one. */
static vx_bool output_default(vx_df_image f, vx_pixel_value_t *t)
{
    memset(t, 0, sizeof(*t));
    switch (f) {
    case VX_DF_IMAGE_RGB: memset(t->RGB, 255, sizeof(t->RGB)); return vx_true_e;
    case VX_DF_IMAGE_RGBX: memset(t->RGBX, 255, sizeof(t->RGBX)); return vx_true_e;
    case VX_DF_IMAGE_NV12:
    case VX_DF_IMAGE_NV21:
    case VX_DF_IMAGE_UYVY:
    case VX_DF_IMAGE_YUYV:
    case VX_DF_IMAGE_IYUV:
    case VX_DF_IMAGE_YUV4: memset(t->YUV, 255, sizeof(t->YUV)); return vx_true_e;
    case VX_DF_IMAGE_U1: t->U1 = vx_true_e; return vx_true_e;
    case VX_DF_IMAGE_U8: t->U8 = 0xFF; return vx_true_e;
    case VX_DF_IMAGE_S16: t->S16 = -1; return vx_true_e;
    case VX_DF_IMAGE_U16: t->U16 = 0xFFFF; return vx_true_e;
    case VX_DF_IMAGE_S32: t->S32 = -1; return vx_true_e;
    case VX_DF_IMAGE_U32: t->U32 = 0xFFFFFFFFu; return vx_true_e;
    default: return vx_false_e;
    }
}

vx_int64 ovx_pixel_value_get(const vx_pixel_value_t *v, vx_df_image format)
{
    switch (format) {
    case VX_DF_IMAGE_U1: return v->U1 ? 1 : 0;
    case VX_DF_IMAGE_U8: return v->U8;
    case VX_DF_IMAGE_S16: return v->S16;
    case VX_DF_IMAGE_U16: return v->U16;
    case VX_DF_IMAGE_S32: return v->S32;
    case VX_DF_IMAGE_U32: return v->U32;
    default: return 0;
    }
}

void ovx_pixel_value_set(vx_pixel_value_t *v, vx_df_image format, vx_int64 x)
{
    switch (format) {
    case VX_DF_IMAGE_U1: v->U1 = x ? vx_true_e : vx_false_e; break;
    case VX_DF_IMAGE_U8: v->U8 = (vx_uint8)x; break;
    case VX_DF_IMAGE_S16: v->S16 = (vx_int16)x; break;
    case VX_DF_IMAGE_U16: v->U16 = (vx_uint16)x; break;
    case VX_DF_IMAGE_S32: v->S32 = (vx_int32)x; break;
    case VX_DF_IMAGE_U32: v->U32 = (vx_uint32)x; break;
    default: break;
    }
}

/* Keep only the field of `format` of *src (the rest zero). */
static void pixel_value_store(vx_pixel_value_t *dst, const vx_pixel_value_t *src, vx_df_image format)
{
    memset(dst, 0, sizeof(*dst));
    switch (format) {
    case VX_DF_IMAGE_RGB: memcpy(dst->RGB, src->RGB, sizeof(dst->RGB)); break;
    case VX_DF_IMAGE_RGBX: memcpy(dst->RGBX, src->RGBX, sizeof(dst->RGBX)); break;
    case VX_DF_IMAGE_NV12:
    case VX_DF_IMAGE_NV21:
    case VX_DF_IMAGE_UYVY:
    case VX_DF_IMAGE_YUYV:
    case VX_DF_IMAGE_IYUV:
    case VX_DF_IMAGE_YUV4: memcpy(dst->YUV, src->YUV, sizeof(dst->YUV)); break;
    case VX_DF_IMAGE_U1: dst->U1 = src->U1; break;
    case VX_DF_IMAGE_U8: dst->U8 = src->U8; break;
    case VX_DF_IMAGE_S16: dst->S16 = src->S16; break;
    case VX_DF_IMAGE_U16: dst->U16 = src->U16; break;
    case VX_DF_IMAGE_S32: dst->S32 = src->S32; break;
    case VX_DF_IMAGE_U32: dst->U32 = src->U32; break;
    default: break;
    }
}

vx_threshold ovx_threshold_create(vx_context context, vx_enum thresh_type, vx_df_image input_format,
                                  vx_df_image output_format, vx_reference scope, vx_bool is_virtual,
                                  const char *who)
{
    vx_pixel_value_t true_value;
    vx_threshold t;
    if (!ovx_context_valid(context)) return NULL;
    if (thresh_type != VX_THRESHOLD_TYPE_BINARY && thresh_type != VX_THRESHOLD_TYPE_RANGE)
        return (vx_threshold)ovx_error_from(context, VX_ERROR_INVALID_TYPE,
                                            "%s: 0x%x is not VX_THRESHOLD_TYPE_BINARY or VX_THRESHOLD_TYPE_RANGE",
                                            who, (unsigned)thresh_type);
    if (input_data_type(input_format) == VX_TYPE_INVALID)
        return (vx_threshold)ovx_error_from(context, VX_ERROR_INVALID_FORMAT,
                                            "%s: input format %s is not U8, S16, U16, S32 or U32", who,
                                            OVX_DF(input_format));
    if (!output_default(output_format, &true_value))
        return (vx_threshold)ovx_error_from(context, VX_ERROR_INVALID_FORMAT,
                                            "%s: output format %s is not an image format", who,
                                            OVX_DF(output_format));
    t = (vx_threshold)ovx_ref_create(context, VX_TYPE_THRESHOLD, sizeof(struct _vx_threshold), NULL, scope);
    if (!t) return (vx_threshold)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    t->base.is_virtual = is_virtual;
    t->thresh_type = thresh_type;
    t->input_format = input_format;
    t->output_format = output_format;
    t->data_type = input_data_type(input_format);
    t->true_value = true_value; /* false value, thresholds: all zero (calloc) */
    return t;
}

VX_API_ENTRY vx_threshold VX_API_CALL vxCreateThresholdForImage(vx_context context, vx_enum thresh_type,
                                                                vx_df_image input_format, vx_df_image output_format)
{
    return ovx_threshold_create(context, thresh_type, input_format, output_format, NULL, vx_false_e,
                                "vxCreateThresholdForImage");
}

VX_API_ENTRY vx_threshold VX_API_CALL vxCreateThreshold(vx_context c, vx_enum thresh_type, vx_enum data_type)
{
    vx_df_image in;
    if (!ovx_context_valid(c)) return NULL;
    switch (data_type) {
    case VX_TYPE_UINT8: in = VX_DF_IMAGE_U8; break;
    case VX_TYPE_INT16: in = VX_DF_IMAGE_S16; break;
    case VX_TYPE_UINT16: in = VX_DF_IMAGE_U16; break;
    case VX_TYPE_INT32: in = VX_DF_IMAGE_S32; break;
    case VX_TYPE_UINT32: in = VX_DF_IMAGE_U32; break;
    default:
        return (vx_threshold)ovx_error_from(c, VX_ERROR_INVALID_TYPE,
                                            "vxCreateThreshold: data type 0x%x is not VX_TYPE_UINT8, INT16, UINT16, "
                                            "INT32 or UINT32",
                                            (unsigned)data_type);
    }
    return ovx_threshold_create(c, thresh_type, in, VX_DF_IMAGE_U8, NULL, vx_false_e, "vxCreateThreshold");
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseThreshold(vx_threshold *thresh)
{
    return ovx_ref_release((vx_reference *)thresh, VX_TYPE_THRESHOLD, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryThreshold(vx_threshold thresh, vx_enum attribute, void *ptr, vx_size size)
{
    vx_status status;
    vx_int32 v;
    if (!ovx_ref_valid(TREF(thresh), VX_TYPE_THRESHOLD)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_THRESHOLD_TYPE: status = ovx_query_copy(ptr, size, &thresh->thresh_type, sizeof(vx_enum)); break;
    case VX_THRESHOLD_INPUT_FORMAT:
        status = ovx_query_copy(ptr, size, &thresh->input_format, sizeof(vx_df_image));
        break;
    case VX_THRESHOLD_OUTPUT_FORMAT:
        status = ovx_query_copy(ptr, size, &thresh->output_format, sizeof(vx_df_image));
        break;
    case OVX_THRESHOLD_DATA_TYPE: status = ovx_query_copy(ptr, size, &thresh->data_type, sizeof(vx_enum)); break;
    case OVX_THRESHOLD_THRESHOLD_VALUE:
        v = (vx_int32)ovx_pixel_value_get(&thresh->value, thresh->input_format);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    case OVX_THRESHOLD_THRESHOLD_LOWER:
        v = (vx_int32)ovx_pixel_value_get(&thresh->lower, thresh->input_format);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    case OVX_THRESHOLD_THRESHOLD_UPPER:
        v = (vx_int32)ovx_pixel_value_get(&thresh->upper, thresh->input_format);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    case OVX_THRESHOLD_TRUE_VALUE:
        v = (vx_int32)ovx_pixel_value_get(&thresh->true_value, thresh->output_format);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    case OVX_THRESHOLD_FALSE_VALUE:
        v = (vx_int32)ovx_pixel_value_get(&thresh->false_value, thresh->output_format);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    default:
        ovx_log(TREF(thresh), VX_ERROR_NOT_SUPPORTED,
                "vxQueryThreshold: attribute %s is not a threshold attribute", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (status != VX_SUCCESS)
        ovx_log(TREF(thresh), status, "vxQueryThreshold: attribute %s: NULL pointer or wrong size %zu",
                OVX_ATTR(attribute), (size_t)size);
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetThresholdAttribute(vx_threshold thresh, vx_enum attribute, const void *ptr,
                                                           vx_size size)
{
    vx_pixel_value_t *target;
    vx_df_image format;
    vx_int32 v;
    if (!ovx_ref_valid(TREF(thresh), VX_TYPE_THRESHOLD)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case OVX_THRESHOLD_THRESHOLD_VALUE: target = &thresh->value; format = thresh->input_format; break;
    case OVX_THRESHOLD_THRESHOLD_LOWER: target = &thresh->lower; format = thresh->input_format; break;
    case OVX_THRESHOLD_THRESHOLD_UPPER: target = &thresh->upper; format = thresh->input_format; break;
    case OVX_THRESHOLD_TRUE_VALUE: target = &thresh->true_value; format = thresh->output_format; break;
    case OVX_THRESHOLD_FALSE_VALUE: target = &thresh->false_value; format = thresh->output_format; break;
    default:
        ovx_log(TREF(thresh), VX_ERROR_NOT_SUPPORTED,
                "vxSetThresholdAttribute: attribute %s is not settable (the threshold type and formats are "
                "read-only; values are set with vxCopyThreshold*)",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if ((attribute == OVX_THRESHOLD_THRESHOLD_VALUE && thresh->thresh_type != VX_THRESHOLD_TYPE_BINARY) ||
        ((attribute == OVX_THRESHOLD_THRESHOLD_LOWER || attribute == OVX_THRESHOLD_THRESHOLD_UPPER) &&
         thresh->thresh_type != VX_THRESHOLD_TYPE_RANGE)) {
        ovx_log(TREF(thresh), VX_ERROR_NOT_COMPATIBLE,
                "vxSetThresholdAttribute: attribute %s does not apply to this threshold type",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_COMPATIBLE;
    }
    if (ptr == NULL || size != sizeof(vx_int32)) {
        ovx_log(TREF(thresh), VX_ERROR_INVALID_PARAMETERS,
                "vxSetThresholdAttribute: attribute %s needs a vx_int32 (size %zu given)", OVX_ATTR(attribute),
                (size_t)size);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    memcpy(&v, ptr, sizeof(v));
    if (format == VX_DF_IMAGE_U8 || format == VX_DF_IMAGE_U1 || format == VX_DF_IMAGE_S16 ||
        format == VX_DF_IMAGE_U16 || format == VX_DF_IMAGE_S32 || format == VX_DF_IMAGE_U32) {
        memset(target, 0, sizeof(*target));
        ovx_pixel_value_set(target, format, v);
    } else { /* multi-channel output: every channel */
        vx_pixel_value_t all;
        memset(&all, (vx_uint8)v, sizeof(all));
        pixel_value_store(target, &all, format);
    }
    return VX_SUCCESS;
}

static vx_status thresh_copy_check(vx_threshold t, const void *p1, const void *p2, vx_enum usage, vx_enum mem_type,
                                   vx_enum need_type, const char *who)
{
    if (!ovx_ref_valid(TREF(t), VX_TYPE_THRESHOLD)) return VX_ERROR_INVALID_REFERENCE;
    if (t->base.is_virtual && !ovx_accessible_now(&t->accessible)) {
        ovx_log(TREF(t), VX_ERROR_OPTIMIZED_AWAY, "%s: the threshold is virtual", who);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    if (need_type != 0 && t->thresh_type != need_type) {
        ovx_log(TREF(t), VX_ERROR_NOT_COMPATIBLE, "%s: the threshold is of type %s", who,
                t->thresh_type == VX_THRESHOLD_TYPE_BINARY ? "VX_THRESHOLD_TYPE_BINARY" : "VX_THRESHOLD_TYPE_RANGE");
        return VX_ERROR_NOT_COMPATIBLE;
    }
    if (p1 == NULL || p2 == NULL || !ovx_copy_usage_ok(usage) || !ovx_mem_type_ok(mem_type)) {
        ovx_log(TREF(t), VX_ERROR_INVALID_PARAMETERS,
                "%s: needs the value pointer(s), usage VX_READ_ONLY or VX_WRITE_ONLY (0x%x) and "
                "VX_MEMORY_TYPE_HOST (0x%x)",
                who, (unsigned)usage, (unsigned)mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

static void copy_value(vx_pixel_value_t *stored, vx_pixel_value_t *user, vx_enum usage, vx_df_image format)
{
    if (usage == VX_READ_ONLY) *user = *stored;
    else pixel_value_store(stored, user, format);
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyThresholdValue(vx_threshold thresh, vx_pixel_value_t *value_ptr,
                                                        vx_enum usage, vx_enum user_mem_type)
{
    vx_status s = thresh_copy_check(thresh, value_ptr, value_ptr, usage, user_mem_type, VX_THRESHOLD_TYPE_BINARY,
                                    "vxCopyThresholdValue");
    if (s != VX_SUCCESS) return s;
    copy_value(&thresh->value, value_ptr, usage, thresh->input_format);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyThresholdRange(vx_threshold thresh, vx_pixel_value_t *lower_value_ptr,
                                                        vx_pixel_value_t *upper_value_ptr, vx_enum usage,
                                                        vx_enum user_mem_type)
{
    vx_status s = thresh_copy_check(thresh, lower_value_ptr, upper_value_ptr, usage, user_mem_type,
                                    VX_THRESHOLD_TYPE_RANGE, "vxCopyThresholdRange");
    if (s != VX_SUCCESS) return s;
    copy_value(&thresh->lower, lower_value_ptr, usage, thresh->input_format);
    copy_value(&thresh->upper, upper_value_ptr, usage, thresh->input_format);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyThresholdOutput(vx_threshold thresh, vx_pixel_value_t *true_value_ptr,
                                                         vx_pixel_value_t *false_value_ptr, vx_enum usage,
                                                         vx_enum user_mem_type)
{
    vx_status s = thresh_copy_check(thresh, true_value_ptr, false_value_ptr, usage, user_mem_type, 0,
                                    "vxCopyThresholdOutput");
    if (s != VX_SUCCESS) return s;
    copy_value(&thresh->true_value, true_value_ptr, usage, thresh->output_format);
    copy_value(&thresh->false_value, false_value_ptr, usage, thresh->output_format);
    return VX_SUCCESS;
}
