/* Helpers the kernel families share (declared in kernels.h). */
#include "kernels.h"

#include "../compute/pixel.h"
#include "../framework/graph.h"

#include <stdlib.h>
#include <string.h>

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

/* ---- SIMD row runners ------------------------------------------------------ */

vx_bool ovx_images_fmt(const vx_reference p[], const int idx[], int n, vx_df_image f)
{
    int i;
    for (i = 0; i < n; i++)
        if (!p[idx[i]] || p[idx[i]]->type != VX_TYPE_IMAGE || ((vx_image)p[idx[i]])->format != f)
            return vx_false_e;
    return vx_true_e;
}

vx_status ovx_rows2_run(vx_node node, const vx_reference p[], int in0, int in1, int out, const ovx_window *w)
{
    ovxc_row2_f row = (ovxc_row2_f)ovx_node_variant(node)->fn;
    ovx_plane a = ovx_image_plane((vx_image)p[in0], 0), o = ovx_image_plane((vx_image)p[out], 0), b = a;
    vx_uint32 y, n = w->x1 - w->x0;
    size_t x0 = (size_t)w->x0 * (((vx_image)p[out])->format == VX_DF_IMAGE_S16 ? 2 : 1);
    if (!a.ptr || !o.ptr) return VX_ERROR_NO_MEMORY;
    if (in1 >= 0) b = ovx_image_plane((vx_image)p[in1], 0);
    if (!b.ptr) return VX_ERROR_NO_MEMORY;
    for (y = w->y0; y < w->y1; y++)
        row(a.ptr + (size_t)y * a.stride + x0, in1 >= 0 ? b.ptr + (size_t)y * b.stride + x0 : NULL,
            o.ptr + (size_t)y * o.stride + x0, n);
    return VX_SUCCESS;
}

/* Node-kept scratch of at least size bytes (freed with the node). */
void *ovx_node_scratch(vx_node node, vx_size size)
{
    if (!node->local_data_ours || !node->local_data_ptr || node->local_data_size < size) {
        void *p = malloc(size ? size : 1);
        if (!p) return NULL;
        if (node->local_data_ours) free(node->local_data_ptr);
        node->local_data_ptr = p;
        node->local_data_size = size;
        node->local_data_ours = vx_true_e;
    }
    return node->local_data_ptr;
}

/* ---- packing parameter structures (the generated node functions) ---------- */

vx_array ovx_param_array(vx_graph graph, vx_enum type, const void *value, vx_size size)
{
    vx_context ctx;
    vx_array arr;
    if (!value || !ovx_ref_valid((vx_reference)graph, VX_TYPE_GRAPH)) return NULL;
    ctx = vxGetContext((vx_reference)graph);
    arr = vxCreateArray(ctx, type, 1);
    if (vxGetStatus((vx_reference)arr) != VX_SUCCESS) return NULL;
    if (vxAddArrayItems(arr, 1, value, size) != VX_SUCCESS) {
        (void)vxReleaseArray(&arr);
        return NULL;
    }
    return arr;
}

vx_scalar ovx_struct_scalar(vx_graph graph, vx_enum type, const void *ptr, vx_size size, vx_size full)
{
    vx_uint8 zero = 0;
    vx_scalar s;
    void *mem;
    if (ptr == NULL) return NULL; /* the parameter stays unset: vxVerifyGraph says so */
    s = ovx_node_scalar(graph, VX_TYPE_UINT8, &zero);
    if (!s) return NULL;
    mem = calloc(1, full > size ? full : size);
    if (!mem) {
        ovx_scalar_drop(s);
        return NULL;
    }
    memcpy(mem, ptr, size < full ? size : full);
    s->data = mem; /* not the inline value: the scalar's destructor frees it */
    s->data_type = type;
    s->size = size;
    return s;
}
