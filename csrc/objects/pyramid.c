/*
 * The image pyramid.  Spec: "Object: Pyramid" (vxCreatePyramid,
 * vxGetPyramidLevel, vxQueryPyramid, vxReleasePyramid).
 * vxCreateVirtualPyramid needs graphs.
 *
 * Level sizes: "fractional pixels always get rounded up": level N is
 * ceil(w0 * scale^N) (for VX_SCALE_PYRAMID_HALF the same as rounding up at
 * every level, ceil(ceil(w/2)/2) == ceil(w/4); for VX_SCALE_PYRAMID_ORB the
 * factor is computed exactly as 2^(-N/4), not from the rounded float).
 */
#include "pyramid.h"
#include "object_array.h"

#include <math.h>
#include <stdlib.h>

vx_uint32 ovx_pyramid_level_size(vx_uint32 size0, vx_float32 scale, vx_size level)
{
    double f, v;
    if (scale == VX_SCALE_PYRAMID_ORB) f = pow(2.0, -(double)level / 4.0);
    else f = pow((double)scale, (double)level);
    v = ceil((double)size0 * f);
    if (!(v >= 1.0) || v > 4294967295.0) return 0;
    return (vx_uint32)v;
}

static void pyramid_destroy(vx_reference ref)
{
    vx_pyramid p = (vx_pyramid)ref;
    vx_size i;
    if (!p->images) return;
    for (i = 0; i < p->levels; i++) ovx_drop_child((vx_reference)p->images[i]);
    free(p->images);
    p->images = NULL;
}

VX_API_ENTRY vx_pyramid VX_API_CALL vxCreatePyramid(vx_context context, vx_size levels, vx_float32 scale,
                                                    vx_uint32 width, vx_uint32 height, vx_df_image format)
{
    vx_pyramid p;
    vx_size i;
    if (!ovx_context_valid(context)) return NULL;
    if (levels == 0 || levels > OVX_MAX_PYRAMID_LEVELS)
        return (vx_pyramid)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                          "vxCreatePyramid: %zu levels (1 to %d are supported)", (size_t)levels,
                                          OVX_MAX_PYRAMID_LEVELS);
    if (!(scale > 0.0f) || isinf(scale))
        return (vx_pyramid)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                          "vxCreatePyramid: scale %g is not a positive number", (double)scale);
    if (width == 0 || height == 0)
        return (vx_pyramid)ovx_error_from(context, VX_ERROR_INVALID_DIMENSION,
                                          "vxCreatePyramid: level 0 is %u x %u", width, height);
    if (format == VX_DF_IMAGE_NV12 || format == VX_DF_IMAGE_NV21 || format == VX_DF_IMAGE_IYUV ||
        format == VX_DF_IMAGE_UYVY || format == VX_DF_IMAGE_YUYV || format == VX_DF_IMAGE_VIRT)
        return (vx_pyramid)ovx_error_from(context, VX_ERROR_INVALID_FORMAT,
                                          "vxCreatePyramid: format %s is not supported in pyramids (no NV12, "
                                          "NV21, IYUV, UYVY, YUYV; VIRT only for virtual pyramids)", OVX_DF(format));
    for (i = 0; i < levels; i++) {
        if (ovx_pyramid_level_size(width, scale, i) == 0 || ovx_pyramid_level_size(height, scale, i) == 0)
            return (vx_pyramid)ovx_error_from(context, VX_ERROR_INVALID_DIMENSION,
                                              "vxCreatePyramid: level %zu of a %u x %u pyramid with scale %g is too "
                                              "large", (size_t)i, width, height, (double)scale);
    }
    p = (vx_pyramid)ovx_ref_create(context, VX_TYPE_PYRAMID, sizeof(struct _vx_pyramid), pyramid_destroy, NULL);
    if (!p) return (vx_pyramid)ovx_error_from(context, VX_ERROR_NO_MEMORY, "vxCreatePyramid: out of memory");
    p->images = calloc(levels, sizeof(vx_image));
    if (!p->images) {
        ovx_ref_destroy((vx_reference)p);
        return (vx_pyramid)ovx_error_from(context, VX_ERROR_NO_MEMORY, "vxCreatePyramid: out of memory");
    }
    p->scale = scale;
    p->width = width;
    p->height = height;
    p->format = format;
    for (i = 0; i < levels; i++) {
        vx_uint32 w = ovx_pyramid_level_size(width, scale, i), h = ovx_pyramid_level_size(height, scale, i);
        vx_image img = vxCreateImage(context, w, h, format);
        vx_status s = vxGetStatus((vx_reference)img);
        if (s != VX_SUCCESS) {
            p->levels = i;
            ovx_ref_release((vx_reference *)&p, VX_TYPE_PYRAMID, vx_false_e);
            return (vx_pyramid)ovx_error_from(context, s,
                                              "vxCreatePyramid: creating level %zu (%u x %u, format %s) failed "
                                              "(status %d)", (size_t)i, w, h, OVX_DF(format), s);
        }
        p->images[i] = img;
        ovx_adopt_child((vx_reference)p, (vx_reference)img);
    }
    p->levels = levels;
    return p;
}

VX_API_ENTRY vx_image VX_API_CALL vxGetPyramidLevel(vx_pyramid pyr, vx_uint32 index)
{
    vx_image img;
    if (!ovx_ref_valid((vx_reference)pyr, VX_TYPE_PYRAMID)) return NULL;
    if (index >= pyr->levels)
        return (vx_image)ovx_error_from(pyr, VX_ERROR_INVALID_PARAMETERS,
                                        "vxGetPyramidLevel: index %u is not below the %zu levels", index,
                                        (size_t)pyr->levels);
    img = pyr->images[index];
    ovx_ref_retain_external((vx_reference)img);
    return img;
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryPyramid(vx_pyramid pyr, vx_enum attribute, void *ptr, vx_size size)
{
    if (!ovx_ref_valid((vx_reference)pyr, VX_TYPE_PYRAMID)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_PYRAMID_LEVELS:
        return ovx_query_copy(ptr, size, &pyr->levels, sizeof(vx_size));
    case VX_PYRAMID_SCALE:
        return ovx_query_copy(ptr, size, &pyr->scale, sizeof(vx_float32));
    case VX_PYRAMID_WIDTH:
        return ovx_query_copy(ptr, size, &pyr->width, sizeof(vx_uint32));
    case VX_PYRAMID_HEIGHT:
        return ovx_query_copy(ptr, size, &pyr->height, sizeof(vx_uint32));
    case VX_PYRAMID_FORMAT:
        return ovx_query_copy(ptr, size, &pyr->format, sizeof(vx_df_image));
    default:
        ovx_log((vx_reference)pyr, VX_ERROR_NOT_SUPPORTED, "vxQueryPyramid: attribute %s is not a pyramid attribute",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
}

VX_API_ENTRY vx_status VX_API_CALL vxReleasePyramid(vx_pyramid *pyr)
{
    return ovx_ref_release((vx_reference *)pyr, VX_TYPE_PYRAMID, vx_false_e);
}
