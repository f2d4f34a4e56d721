/*
 * Virtual objects (spec "Virtual Objects" and each vxCreateVirtual* call):
 * objects whose scope is a graph, whose unspecified attributes the verifier
 * fixes from the validators' meta formats (framework/meta_format.c), and
 * which the application cannot access (VX_ERROR_OPTIMIZED_AWAY) while only
 * the running nodes of their graph can (ovx_set_accessible).
 */
#include "../framework/graph.h"
#include "array.h"
#include "convolution.h"
#include "distribution.h"
#include "image.h"
#include "lut.h"
#include "matrix.h"
#include "object_array.h"
#include "pyramid.h"
#include "remap.h"
#include "scalar.h"
#include "tensor.h"
#include "threshold.h"
#include "user_data_object.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static vx_bool graph_ok(vx_graph g)
{
    return ovx_ref_valid((vx_reference)g, VX_TYPE_GRAPH);
}

/* Make a freshly created object (and its children) virtual in graph. */
static void make_virtual(vx_reference r, vx_graph g)
{
    r->is_virtual = vx_true_e;
    r->scope = (vx_reference)g;
    if (r->type == VX_TYPE_PYRAMID) {
        vx_pyramid p = (vx_pyramid)r;
        vx_size i;
        for (i = 0; i < p->levels; i++) make_virtual((vx_reference)p->images[i], g);
    } else if (r->type == VX_TYPE_OBJECT_ARRAY) {
        vx_object_array oa = (vx_object_array)r;
        vx_size i;
        for (i = 0; i < oa->num_items; i++) make_virtual(oa->items[i], g);
    }
}

void ovx_set_accessible(vx_reference r, vx_bool on)
{
    vx_bool *flag = NULL; /* stored atomically: other threads' map and copy checks read it meanwhile */
    switch (r->type) {
    case VX_TYPE_ARRAY: flag = &((vx_array)r)->accessible; break;
    case VX_TYPE_IMAGE: flag = &((vx_image)r)->accessible; break;
    case VX_TYPE_PYRAMID: {
        vx_pyramid p = (vx_pyramid)r;
        vx_size i;
        for (i = 0; i < p->levels; i++) ovx_set_accessible((vx_reference)p->images[i], on);
        break;
    }
    case VX_TYPE_CONVOLUTION: flag = &((vx_convolution)r)->accessible; break;
    case VX_TYPE_DISTRIBUTION: flag = &((vx_distribution)r)->accessible; break;
    case VX_TYPE_LUT: flag = &((vx_lut)r)->accessible; break;
    case VX_TYPE_MATRIX: flag = &((vx_matrix)r)->accessible; break;
    case VX_TYPE_REMAP: flag = &((vx_remap)r)->accessible; break;
    case VX_TYPE_SCALAR: flag = &((vx_scalar)r)->accessible; break;
    case VX_TYPE_THRESHOLD: flag = &((vx_threshold)r)->accessible; break;
    case VX_TYPE_OBJECT_ARRAY: {
        vx_object_array oa = (vx_object_array)r;
        vx_size i;
        for (i = 0; i < oa->num_items; i++) ovx_set_accessible(oa->items[i], on);
        break;
    }
    default: break;
    }
    if (flag) __atomic_store_n(flag, on, __ATOMIC_RELEASE);
}

VX_API_ENTRY vx_image VX_API_CALL vxCreateVirtualImage(vx_graph graph, vx_uint32 width, vx_uint32 height,
                                                       vx_df_image color)
{
    vx_image img;
    if (!graph_ok(graph)) return NULL;
    img = ovx_image_create(graph->base.context, (vx_reference)graph, width, height, color, vx_true_e);
    if (!img)
        return (vx_image)ovx_error_from(graph, VX_ERROR_INVALID_PARAMETERS,
                                        "vxCreateVirtualImage: a %u x %u image of format %s cannot be made",
                                        width, height, OVX_DF(color));
    return img;
}

VX_API_ENTRY vx_array VX_API_CALL vxCreateVirtualArray(vx_graph graph, vx_enum item_type, vx_size capacity)
{
    if (!graph_ok(graph)) return NULL;
    return ovx_array_create(graph->base.context, item_type, capacity, (vx_reference)graph, vx_true_e,
                            "vxCreateVirtualArray");
}

VX_API_ENTRY vx_scalar VX_API_CALL vxCreateVirtualScalar(vx_graph graph, vx_enum data_type)
{
    if (!graph_ok(graph)) return NULL;
    return ovx_scalar_create(graph->base.context, data_type, NULL, 0, (vx_reference)graph, vx_true_e,
                             "vxCreateVirtualScalar");
}

VX_API_ENTRY vx_matrix VX_API_CALL vxCreateVirtualMatrix(vx_graph graph, vx_enum data_type, vx_size columns,
                                                         vx_size rows)
{
    if (!graph_ok(graph)) return NULL;
    return ovx_matrix_create(graph->base.context, data_type, columns, rows, (vx_reference)graph, vx_true_e,
                             "vxCreateVirtualMatrix");
}

VX_API_ENTRY vx_convolution VX_API_CALL vxCreateVirtualConvolution(vx_graph graph, vx_size columns, vx_size rows)
{
    if (!graph_ok(graph)) return NULL;
    return ovx_convolution_create(graph->base.context, columns, rows, (vx_reference)graph, vx_true_e,
                                  "vxCreateVirtualConvolution");
}

VX_API_ENTRY vx_distribution VX_API_CALL vxCreateVirtualDistribution(vx_graph graph, vx_size num_bins,
                                                                     vx_int32 offset, vx_uint32 range)
{
    if (!graph_ok(graph)) return NULL;
    return ovx_distribution_create(graph->base.context, num_bins, offset, range, (vx_reference)graph, vx_true_e,
                                   "vxCreateVirtualDistribution");
}

VX_API_ENTRY vx_lut VX_API_CALL vxCreateVirtualLUT(vx_graph graph, vx_enum data_type, vx_size count)
{
    if (!graph_ok(graph)) return NULL;
    return ovx_lut_create(graph->base.context, data_type, count, (vx_reference)graph, vx_true_e,
                          "vxCreateVirtualLUT");
}

VX_API_ENTRY vx_remap VX_API_CALL vxCreateVirtualRemap(vx_graph graph, vx_uint32 src_width, vx_uint32 src_height,
                                                       vx_uint32 dst_width, vx_uint32 dst_height)
{
    if (!graph_ok(graph)) return NULL;
    return ovx_remap_create(graph->base.context, src_width, src_height, dst_width, dst_height, (vx_reference)graph,
                            vx_true_e, "vxCreateVirtualRemap");
}

VX_API_ENTRY vx_threshold VX_API_CALL vxCreateVirtualThresholdForImage(vx_graph graph, vx_enum thresh_type,
                                                                       vx_df_image input_format,
                                                                       vx_df_image output_format)
{
    if (!graph_ok(graph)) return NULL;
    return ovx_threshold_create(graph->base.context, thresh_type, input_format, output_format, (vx_reference)graph,
                                vx_true_e, "vxCreateVirtualThresholdForImage");
}

VX_API_ENTRY vx_pyramid VX_API_CALL vxCreateVirtualPyramid(vx_graph graph, vx_size levels, vx_float32 scale,
                                                           vx_uint32 width, vx_uint32 height, vx_df_image format)
{
    vx_pyramid p;
    if (!graph_ok(graph)) return NULL;
    /* made with placeholders where the size or format is left to the graph */
    p = vxCreatePyramid(graph->base.context, levels, scale, width ? width : 1, height ? height : 1,
                        format == VX_DF_IMAGE_VIRT ? VX_DF_IMAGE_U8 : format);
    if (vxGetStatus((vx_reference)p) != VX_SUCCESS) return p;
    make_virtual((vx_reference)p, graph);
    p->has_decl = vx_true_e;
    p->decl_width = width, p->decl_height = height, p->decl_format = format;
    if (width == 0 || height == 0 || format == VX_DF_IMAGE_VIRT) {
        vx_size i;
        p->width = width;
        p->height = height;
        p->format = format;
        for (i = 0; i < p->levels; i++) {
            vx_image img = p->images[i];
            img->width = width ? img->width : 0;
            img->height = height ? img->height : 0;
            if (format == VX_DF_IMAGE_VIRT) {
                img->format = VX_DF_IMAGE_VIRT;
                img->info = NULL;
            }
        }
    }
    return p;
}

vx_status ovx_pyramid_apply_meta(vx_pyramid p, vx_uint32 width, vx_uint32 height, vx_df_image format, char *why,
                                 size_t why_size)
{
    vx_size i;
    /* ovx_virtual_forget put back what the application left open */
    if (p->width == 0) p->width = width;
    if (p->height == 0) p->height = height;
    if (p->format == VX_DF_IMAGE_VIRT || p->format == 0) p->format = format;
    if (p->width == 0 || p->height == 0 || p->format == VX_DF_IMAGE_VIRT || p->format == 0) {
        snprintf(why, why_size, "the kernel does not say the size and format of this virtual pyramid");
        return VX_ERROR_INVALID_DIMENSION;
    }
    for (i = 0; i < p->levels; i++) {
        vx_image img = p->images[i];
        vx_uint32 w = ovx_pyramid_level_size(p->width, p->scale, i), h = ovx_pyramid_level_size(p->height, p->scale, i);
        if (img->width == w && img->height == h && img->format == p->format) continue;
        if (ovx_image_set_meta(img, w, h, p->format) != VX_SUCCESS) {
            snprintf(why, why_size, "level %zu (%u x %u) of the virtual pyramid cannot be made", (size_t)i, w, h);
            return VX_ERROR_INVALID_DIMENSION;
        }
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_object_array VX_API_CALL vxCreateVirtualObjectArray(vx_graph graph, vx_reference exemplar,
                                                                    vx_size count)
{
    vx_object_array oa;
    if (!graph_ok(graph)) return NULL;
    oa = vxCreateObjectArray(graph->base.context, exemplar, count);
    if (vxGetStatus((vx_reference)oa) == VX_SUCCESS) make_virtual((vx_reference)oa, graph);
    return oa;
}

VX_API_ENTRY vx_user_data_object VX_API_CALL vxCreateVirtualUserDataObject(vx_graph graph, const vx_char *type_name,
                                                                           vx_size size)
{
    vx_user_data_object u;
    if (!graph_ok(graph)) return NULL;
    u = vxCreateUserDataObject(graph->base.context, type_name, size, NULL);
    if (vxGetStatus((vx_reference)u) == VX_SUCCESS) make_virtual((vx_reference)u, graph);
    return u;
}

VX_API_ENTRY vx_tensor VX_API_CALL vxCreateVirtualTensor(vx_graph graph, vx_size number_of_dims, const vx_size *dims,
                                                         vx_enum data_type, vx_int8 fixed_point_position)
{
    vx_tensor t;
    vx_size ones[OVX_MAX_TENSOR_DIMS], i, nd = number_of_dims;
    vx_bool partial = vx_false_e;
    if (!graph_ok(graph)) return NULL;
    if (nd > OVX_MAX_TENSOR_DIMS)
        return (vx_tensor)ovx_error_from(graph, VX_ERROR_INVALID_PARAMETERS,
                                         "vxCreateVirtualTensor: %zu dimensions, at most %d", (size_t)nd,
                                         OVX_MAX_TENSOR_DIMS);
    for (i = 0; i < OVX_MAX_TENSOR_DIMS; i++) {
        ones[i] = (dims && i < nd && dims[i]) ? dims[i] : 1;
        if (i < nd && (!dims || !dims[i])) partial = vx_true_e;
    }
    if (nd == 0) partial = vx_true_e;
    t = vxCreateTensor(graph->base.context, nd ? nd : 1, ones,
                       data_type ? data_type : VX_TYPE_UINT8, fixed_point_position);
    if (vxGetStatus((vx_reference)t) != VX_SUCCESS) return t;
    make_virtual((vx_reference)t, graph);
    t->has_decl = vx_true_e;
    t->decl_num_dims = nd;
    for (i = 0; i < OVX_MAX_TENSOR_DIMS; i++) t->decl_dims[i] = (dims && i < nd) ? dims[i] : 0;
    t->decl_data_type = data_type;
    if (partial || data_type == 0) {
        t->num_dims = nd;
        for (i = 0; i < OVX_MAX_TENSOR_DIMS; i++) t->dims[i] = (dims && i < nd) ? dims[i] : 0;
        if (data_type == 0) t->data_type = 0;
    }
    return t;
}

vx_status ovx_tensor_apply_meta(vx_tensor t, vx_size num_dims, const vx_size *dims, vx_size dims_given,
                                vx_enum data_type, vx_int8 fpp, vx_bool fpp_given, char *why, size_t why_size)
{
    vx_size i, es, total;
    vx_uint8 *mem;
    vx_bool known = t->num_dims > 0 && t->data_type != 0 ? vx_true_e : vx_false_e;
    for (i = 0; i < t->num_dims; i++)
        if (t->dims[i] == 0) known = vx_false_e;
    if (t->parent) return VX_SUCCESS;
    /* what the tensor was created with must agree with the kernel */
    if (t->num_dims && (num_dims || dims_given) && t->num_dims != (num_dims ? num_dims : dims_given)) {
        snprintf(why, why_size, "the virtual tensor has %zu dimensions, the kernel produces %zu", (size_t)t->num_dims,
                 (size_t)(num_dims ? num_dims : dims_given));
        return VX_ERROR_INVALID_DIMENSION;
    }
    for (i = 0; i < t->num_dims && i < dims_given; i++) {
        if (t->dims[i] && t->dims[i] != dims[i]) {
            snprintf(why, why_size, "dimension %zu of the virtual tensor is %zu, the kernel produces %zu", (size_t)i,
                     (size_t)t->dims[i], (size_t)dims[i]);
            return VX_ERROR_INVALID_DIMENSION;
        }
    }
    if (t->data_type && data_type && t->data_type != data_type) {
        snprintf(why, why_size, "the virtual tensor's data type is 0x%x, the kernel produces 0x%x",
                 (unsigned)t->data_type, (unsigned)data_type);
        return VX_ERROR_INVALID_TYPE;
    }
    if (known) return VX_SUCCESS;
    if (t->num_dims == 0) t->num_dims = num_dims ? num_dims : dims_given;
    for (i = 0; i < t->num_dims && i < dims_given; i++)
        if (t->dims[i] == 0) t->dims[i] = dims[i];
    if (t->data_type == 0) t->data_type = data_type;
    if (fpp_given) t->fixed_point_position = fpp;
    es = ovx_tensor_type_size(t->data_type);
    if (t->num_dims == 0 || es == 0) {
        snprintf(why, why_size, "the kernel does not say the dimensions and type of this virtual tensor");
        return VX_ERROR_INVALID_DIMENSION;
    }
    total = es;
    for (i = 0; i < t->num_dims; i++) {
        if (t->dims[i] == 0) {
            snprintf(why, why_size, "dimension %zu of this virtual tensor is not known", (size_t)i);
            return VX_ERROR_INVALID_DIMENSION;
        }
        t->strides[i] = total;
        if (t->dims[i] > ((vx_size)-1 >> 1) / total) {
            snprintf(why, why_size, "this virtual tensor's dimensions make more bytes than memory can hold");
            return VX_ERROR_INVALID_DIMENSION;
        }
        total *= t->dims[i];
    }
    t->elem_size = es;
    mem = calloc(1, total);
    if (!mem) return VX_ERROR_NO_MEMORY;
    free(t->owned);
    t->owned = mem;
    t->handle = mem;
    return VX_SUCCESS;
}

/* Graph verification deduces a virtual object's unspecified attributes again
 * (spec "Virtual Data Objects": "automatically adjusted at each graph
 * verification"): before the validators run, every virtual output goes back
 * to what it was created with, so that validators and metas see the new
 * inputs, not the last verification's deductions.  Its storage is dropped
 * when its attributes change (the graph's plan or the first run gives it new
 * memory). */
void ovx_virtual_forget(vx_reference r)
{
    vx_size i;
    if (!r || !r->is_virtual) return;
    switch (r->type) {
    case VX_TYPE_IMAGE: ovx_image_forget((vx_image)r); break;
    case VX_TYPE_PYRAMID: {
        vx_pyramid p = (vx_pyramid)r;
        if (!p->has_decl) break;
        p->width = p->decl_width;
        p->height = p->decl_height;
        p->format = p->decl_format;
        break;
    }
    case VX_TYPE_ARRAY: {
        vx_array a = (vx_array)r;
        if (a->item_type == a->decl_item_type && a->capacity == a->decl_capacity) break;
        if (a->decl_item_type == 0) a->item_type = 0, a->item_size = 0;
        if (a->decl_capacity == 0) a->capacity = 0;
        free(a->data);
        a->data = NULL;
        a->num_items = 0;
        break;
    }
    case VX_TYPE_TENSOR: {
        vx_tensor t = (vx_tensor)r;
        if (!t->has_decl || t->parent || t->from_handle || t->active_maps) break;
        t->num_dims = t->decl_num_dims;
        for (i = 0; i < OVX_MAX_TENSOR_DIMS; i++) t->dims[i] = t->decl_dims[i];
        t->data_type = t->decl_data_type;
        break;
    }
    default: break;
    }
}
