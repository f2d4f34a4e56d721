/* Helpers the kernel families share (declared in kernels.h). */
#include "kernels.h"

vx_df_image ovx_image_format_of(vx_reference ref)
{
    vx_df_image f = VX_DF_IMAGE_VIRT;
    if (ref == NULL || vxQueryImage((vx_image)ref, VX_IMAGE_FORMAT, &f, sizeof(f)) != VX_SUCCESS) return 0;
    return f;
}

void ovx_image_size_of(vx_reference ref, vx_uint32 *width, vx_uint32 *height)
{
    *width = *height = 0;
    (void)vxQueryImage((vx_image)ref, VX_IMAGE_WIDTH, width, sizeof(*width));
    (void)vxQueryImage((vx_image)ref, VX_IMAGE_HEIGHT, height, sizeof(*height));
}

const char *ovx_fmt_name(vx_df_image format, char buf[5])
{
    int i;
    const char *n = ovx_df_name(format);
    if (n) return n; /* "U8", "RGB" rather than the FourCC bytes */
    for (i = 0; i < 4; i++) {
        char c = (char)((format >> (8 * i)) & 0xFF);
        buf[i] = (c >= 32 && c < 127) ? c : '?';
    }
    buf[4] = 0;
    return buf;
}

vx_status ovx_scalar_param(vx_node node, vx_reference ref, vx_uint32 index, vx_enum type, void *value)
{
    vx_enum t = VX_TYPE_INVALID;
    if (vxQueryScalar((vx_scalar)ref, VX_SCALAR_TYPE, &t, sizeof(t)) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "is not a valid scalar");
    if (t != type)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_TYPE, "scalar of type %s, expected %s", ovx_type_name(t),
                              ovx_type_name(type));
    if (vxCopyScalar((vx_scalar)ref, value, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "cannot read the scalar");
    return VX_SUCCESS;
}

vx_status ovx_set_image_meta(vx_meta_format meta, vx_df_image format, vx_uint32 width, vx_uint32 height)
{
    vx_status s = vxSetMetaFormatAttribute(meta, VX_IMAGE_FORMAT, &format, sizeof(format));
    if (s == VX_SUCCESS) s = vxSetMetaFormatAttribute(meta, VX_IMAGE_WIDTH, &width, sizeof(width));
    if (s == VX_SUCCESS) s = vxSetMetaFormatAttribute(meta, VX_IMAGE_HEIGHT, &height, sizeof(height));
    return s;
}
