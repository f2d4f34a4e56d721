/*
 * The object array.  Spec: "Object: ObjectArray" (vxCreateObjectArray,
 * vxGetObjectArrayItem, vxQueryObjectArray, vxReleaseObjectArray), and
 * vxCreateImageObjectArrayFromTensor ("Object: Tensor").
 * vxCreateVirtualObjectArray needs graphs.
 *
 * Items are created like the exemplar with the public API only (vxQuery* the
 * exemplar, vxCreate* the clone), so this file does not depend on the
 * internals of the item types.
 */
#include "object_array.h"
#include "tensor.h"

#include <VX/vx_khr_user_data_object.h>
#include <stdlib.h>
#include <string.h>

#define Q(call)                                                                                                \
    do {                                                                                                       \
        if ((s = (call)) != VX_SUCCESS) goto query_failed;                                                     \
    } while (0)

vx_reference ovx_clone_like(vx_context c, vx_reference ex, const char *fn, vx_status *status)
{
    vx_reference r = NULL;
    vx_status s = VX_SUCCESS;
    *status = VX_SUCCESS;
    switch (ex->type) {
    case VX_TYPE_IMAGE: {
        vx_uint32 w, h;
        vx_df_image f;
        Q(vxQueryImage((vx_image)ex, VX_IMAGE_WIDTH, &w, sizeof(w)));
        Q(vxQueryImage((vx_image)ex, VX_IMAGE_HEIGHT, &h, sizeof(h)));
        Q(vxQueryImage((vx_image)ex, VX_IMAGE_FORMAT, &f, sizeof(f)));
        r = (vx_reference)vxCreateImage(c, w, h, f);
        break;
    }
    case VX_TYPE_ARRAY: {
        vx_enum t;
        vx_size cap;
        Q(vxQueryArray((vx_array)ex, VX_ARRAY_ITEMTYPE, &t, sizeof(t)));
        Q(vxQueryArray((vx_array)ex, VX_ARRAY_CAPACITY, &cap, sizeof(cap)));
        r = (vx_reference)vxCreateArray(c, t, cap);
        break;
    }
    case VX_TYPE_PYRAMID: {
        vx_size levels;
        vx_float32 scale;
        vx_uint32 w, h;
        vx_df_image f;
        Q(vxQueryPyramid((vx_pyramid)ex, VX_PYRAMID_LEVELS, &levels, sizeof(levels)));
        Q(vxQueryPyramid((vx_pyramid)ex, VX_PYRAMID_SCALE, &scale, sizeof(scale)));
        Q(vxQueryPyramid((vx_pyramid)ex, VX_PYRAMID_WIDTH, &w, sizeof(w)));
        Q(vxQueryPyramid((vx_pyramid)ex, VX_PYRAMID_HEIGHT, &h, sizeof(h)));
        Q(vxQueryPyramid((vx_pyramid)ex, VX_PYRAMID_FORMAT, &f, sizeof(f)));
        r = (vx_reference)vxCreatePyramid(c, levels, scale, w, h, f);
        break;
    }
    case VX_TYPE_SCALAR: {
        vx_enum t;
        vx_size sz;
        void *zero;
        Q(vxQueryScalar((vx_scalar)ex, VX_SCALAR_TYPE, &t, sizeof(t)));
        sz = ovx_type_size(t);
        if (sz == 0) sz = ovx_user_struct_size(c, t);
        zero = calloc(1, sz > 64 ? sz : 64);
        if (!zero) {
            s = VX_ERROR_NO_MEMORY;
            goto query_failed;
        }
        r = (vx_reference)vxCreateScalar(c, t, zero);
        free(zero);
        break;
    }
    case VX_TYPE_MATRIX: {
        vx_enum t;
        vx_size rows, cols;
        Q(vxQueryMatrix((vx_matrix)ex, VX_MATRIX_TYPE, &t, sizeof(t)));
        Q(vxQueryMatrix((vx_matrix)ex, VX_MATRIX_ROWS, &rows, sizeof(rows)));
        Q(vxQueryMatrix((vx_matrix)ex, VX_MATRIX_COLUMNS, &cols, sizeof(cols)));
        r = (vx_reference)vxCreateMatrix(c, t, cols, rows);
        break;
    }
    case VX_TYPE_CONVOLUTION: {
        vx_size rows, cols;
        Q(vxQueryConvolution((vx_convolution)ex, VX_CONVOLUTION_ROWS, &rows, sizeof(rows)));
        Q(vxQueryConvolution((vx_convolution)ex, VX_CONVOLUTION_COLUMNS, &cols, sizeof(cols)));
        r = (vx_reference)vxCreateConvolution(c, cols, rows);
        break;
    }
    case VX_TYPE_DISTRIBUTION: {
        vx_size bins;
        vx_int32 offset;
        vx_uint32 range;
        Q(vxQueryDistribution((vx_distribution)ex, VX_DISTRIBUTION_BINS, &bins, sizeof(bins)));
        Q(vxQueryDistribution((vx_distribution)ex, VX_DISTRIBUTION_OFFSET, &offset, sizeof(offset)));
        Q(vxQueryDistribution((vx_distribution)ex, VX_DISTRIBUTION_RANGE, &range, sizeof(range)));
        r = (vx_reference)vxCreateDistribution(c, bins, offset, range);
        break;
    }
    case VX_TYPE_LUT: {
        vx_enum t;
        vx_size count;
        Q(vxQueryLUT((vx_lut)ex, VX_LUT_TYPE, &t, sizeof(t)));
        Q(vxQueryLUT((vx_lut)ex, VX_LUT_COUNT, &count, sizeof(count)));
        r = (vx_reference)vxCreateLUT(c, t, count);
        break;
    }
    case VX_TYPE_REMAP: {
        vx_uint32 sw, sh, dw, dh;
        Q(vxQueryRemap((vx_remap)ex, VX_REMAP_SOURCE_WIDTH, &sw, sizeof(sw)));
        Q(vxQueryRemap((vx_remap)ex, VX_REMAP_SOURCE_HEIGHT, &sh, sizeof(sh)));
        Q(vxQueryRemap((vx_remap)ex, VX_REMAP_DESTINATION_WIDTH, &dw, sizeof(dw)));
        Q(vxQueryRemap((vx_remap)ex, VX_REMAP_DESTINATION_HEIGHT, &dh, sizeof(dh)));
        r = (vx_reference)vxCreateRemap(c, sw, sh, dw, dh);
        break;
    }
    case VX_TYPE_THRESHOLD: {
        vx_enum t;
        vx_df_image in, out;
        Q(vxQueryThreshold((vx_threshold)ex, VX_THRESHOLD_TYPE, &t, sizeof(t)));
        Q(vxQueryThreshold((vx_threshold)ex, VX_THRESHOLD_INPUT_FORMAT, &in, sizeof(in)));
        Q(vxQueryThreshold((vx_threshold)ex, VX_THRESHOLD_OUTPUT_FORMAT, &out, sizeof(out)));
        r = (vx_reference)vxCreateThresholdForImage(c, t, in, out);
        break;
    }
    case VX_TYPE_TENSOR: {
        vx_tensor t = (vx_tensor)ex;
        r = (vx_reference)vxCreateTensor(c, t->num_dims, t->dims, t->data_type, t->fixed_point_position);
        break;
    }
    case VX_TYPE_USER_DATA_OBJECT: {
        vx_char name[VX_MAX_REFERENCE_NAME];
        vx_size size;
        Q(vxQueryUserDataObject((vx_user_data_object)ex, VX_USER_DATA_OBJECT_NAME, name, sizeof(name)));
        Q(vxQueryUserDataObject((vx_user_data_object)ex, VX_USER_DATA_OBJECT_SIZE, &size, sizeof(size)));
        r = (vx_reference)vxCreateUserDataObject(c, name, size, NULL);
        break;
    }
    case VX_TYPE_OBJECT_ARRAY: {
        vx_object_array a = (vx_object_array)ex;
        r = (vx_reference)vxCreateObjectArray(c, a->items[0], a->num_items);
        break;
    }
    default:
        *status = VX_ERROR_INVALID_TYPE;
        ovx_log((vx_reference)c, VX_ERROR_INVALID_TYPE, "%s: objects of type %s (0x%x) cannot be made like an exemplar",
                fn, ovx_type_name(ex->type), (unsigned)ex->type);
        return NULL;
    }
    s = vxGetStatus(r);
    if (s != VX_SUCCESS) {
        *status = s;
        ovx_log((vx_reference)c, s, "%s: creating a %s like the exemplar failed (status %d)", fn,
                ovx_type_name(ex->type), s);
        return NULL;
    }
    return r;
query_failed:
    *status = s;
    ovx_log((vx_reference)c, s, "%s: querying the %s exemplar failed (status %d)", fn, ovx_type_name(ex->type), s);
    return NULL;
}

static void object_array_destroy(vx_reference ref)
{
    vx_object_array a = (vx_object_array)ref;
    vx_size i;
    if (!a->items) return;
    for (i = 0; i < a->num_items; i++) ovx_drop_child(a->items[i]);
    free(a->items);
    a->items = NULL;
    if (a->source) ovx_ref_release_internal(a->source);
    a->source = NULL;
}

static vx_object_array object_array_new(vx_context c, vx_enum item_type, vx_size count)
{
    vx_object_array a = (vx_object_array)ovx_ref_create(c, VX_TYPE_OBJECT_ARRAY, sizeof(struct _vx_object_array),
                                                        object_array_destroy, NULL);
    if (!a) return NULL;
    a->items = calloc(count, sizeof(vx_reference));
    if (!a->items) {
        ovx_ref_destroy((vx_reference)a);
        return NULL;
    }
    a->item_type = item_type;
    a->num_items = count;
    return a;
}

vx_object_array ovx_object_array_wrap(vx_context c, vx_enum item_type, vx_size count, vx_reference *items)
{
    vx_size i;
    vx_object_array a = object_array_new(c, item_type, count);
    if (!a) return NULL;
    for (i = 0; i < count; i++) {
        a->items[i] = items[i];
        ovx_adopt_child((vx_reference)a, items[i]);
    }
    return a;
}

VX_API_ENTRY vx_object_array VX_API_CALL vxCreateObjectArray(vx_context context, vx_reference exemplar, vx_size count)
{
    vx_object_array a;
    vx_size i;
    vx_status s;
    if (!ovx_context_valid(context)) return NULL;
    if (!ovx_ref_valid(exemplar, VX_TYPE_REFERENCE))
        return (vx_object_array)ovx_error_from(context, VX_ERROR_INVALID_REFERENCE,
                                               "vxCreateObjectArray: exemplar is not a valid reference");
    if (exemplar->type == VX_TYPE_DELAY || exemplar->type == VX_TYPE_OBJECT_ARRAY ||
        exemplar->type == VX_TYPE_CONTEXT || exemplar->type == VX_TYPE_GRAPH || exemplar->type == VX_TYPE_NODE ||
        exemplar->type == VX_TYPE_KERNEL || exemplar->type == VX_TYPE_PARAMETER ||
        exemplar->type == VX_TYPE_META_FORMAT || exemplar->type == VX_TYPE_IMPORT)
        return (vx_object_array)ovx_error_from(context, VX_ERROR_INVALID_TYPE,
                                               "vxCreateObjectArray: a %s cannot be an object array item (only data "
                                               "objects other than delays and object arrays)",
                                               ovx_type_name(exemplar->type));
    if (count == 0)
        return (vx_object_array)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                               "vxCreateObjectArray: count must be greater than zero");
    a = object_array_new(context, exemplar->type, count);
    if (!a) return (vx_object_array)ovx_error_from(context, VX_ERROR_NO_MEMORY, "vxCreateObjectArray: out of memory");
    for (i = 0; i < count; i++) {
        vx_reference item = ovx_clone_like(context, exemplar, "vxCreateObjectArray", &s);
        if (!item) {
            a->num_items = i; /* the items made so far */
            ovx_ref_release((vx_reference *)&a, VX_TYPE_OBJECT_ARRAY, vx_false_e);
            return (vx_object_array)ovx_error(context, s);
        }
        a->items[i] = item;
        ovx_adopt_child((vx_reference)a, item);
    }
    return a;
}

VX_API_ENTRY vx_reference VX_API_CALL vxGetObjectArrayItem(vx_object_array arr, vx_uint32 index)
{
    vx_reference item;
    if (!ovx_ref_valid((vx_reference)arr, VX_TYPE_OBJECT_ARRAY)) return NULL;
    if (index >= arr->num_items)
        return ovx_error_from(arr, VX_ERROR_INVALID_PARAMETERS,
                              "vxGetObjectArrayItem: index %u is outside the %zu items", index, (size_t)arr->num_items);
    item = arr->items[index];
    ovx_ref_retain_external(item);
    return item;
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryObjectArray(vx_object_array arr, vx_enum attribute, void *ptr, vx_size size)
{
    if (!ovx_ref_valid((vx_reference)arr, VX_TYPE_OBJECT_ARRAY)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_OBJECT_ARRAY_ITEMTYPE:
        return ovx_query_copy(ptr, size, &arr->item_type, sizeof(vx_enum));
    case VX_OBJECT_ARRAY_NUMITEMS:
        return ovx_query_copy(ptr, size, &arr->num_items, sizeof(vx_size));
    default:
        ovx_log((vx_reference)arr, VX_ERROR_NOT_SUPPORTED,
                "vxQueryObjectArray: attribute %s is not an object array attribute", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseObjectArray(vx_object_array *arr)
{
    return ovx_ref_release((vx_reference *)arr, VX_TYPE_OBJECT_ARRAY, vx_false_e);
}

static vx_enum image_format_tensor_type(vx_df_image f)
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

VX_API_ENTRY vx_object_array VX_API_CALL vxCreateImageObjectArrayFromTensor(vx_tensor tensor, const vx_rectangle_t *rect,
                                                                            vx_size array_size, vx_size jump,
                                                                            vx_df_image image_format)
{
    vx_context c;
    vx_enum want = image_format_tensor_type(image_format);
    vx_uint8 *base;
    vx_size w, h, i, first, last_end, tensor_end;
    vx_reference *imgs;
    vx_object_array a;
    if (!ovx_ref_valid((vx_reference)tensor, VX_TYPE_TENSOR)) return NULL;
    c = tensor->base.context;
    if (tensor->num_dims != 3)
        return (vx_object_array)ovx_error_from(tensor, VX_ERROR_INVALID_DIMENSION,
                                               "vxCreateImageObjectArrayFromTensor: the tensor has %zu dimensions, "
                                               "must have 3", (size_t)tensor->num_dims);
    if (want == VX_TYPE_INVALID || want != tensor->data_type)
        return (vx_object_array)ovx_error_from(tensor, VX_ERROR_INVALID_FORMAT,
                                               "vxCreateImageObjectArrayFromTensor: image format %s does not match "
                                               "the tensor's data type %s", OVX_DF(image_format),
                                               ovx_type_name(tensor->data_type));
    if (rect == NULL || rect->start_x >= rect->end_x || rect->start_y >= rect->end_y ||
        rect->end_x > tensor->dims[0] || rect->end_y > tensor->dims[1])
        return (vx_object_array)ovx_error_from(tensor, VX_ERROR_INVALID_PARAMETERS,
                                               "vxCreateImageObjectArrayFromTensor: rect is NULL, empty or outside the "
                                               "tensor's %zu x %zu planes", (size_t)tensor->dims[0],
                                               (size_t)tensor->dims[1]);
    if (array_size == 0)
        return (vx_object_array)ovx_error_from(tensor, VX_ERROR_INVALID_PARAMETERS,
                                               "vxCreateImageObjectArrayFromTensor: array_size is 0");
    base = ovx_tensor_data(tensor);
    if (base == NULL)
        return (vx_object_array)ovx_error_from(tensor, VX_ERROR_INVALID_PARAMETERS,
                                               "vxCreateImageObjectArrayFromTensor: the tensor has no memory");
    w = rect->end_x - rect->start_x;
    h = rect->end_y - rect->start_y;
    first = rect->start_x * tensor->strides[0] + rect->start_y * tensor->strides[1];
    tensor_end = (tensor->dims[2] - 1) * tensor->strides[2] + (tensor->dims[1] - 1) * tensor->strides[1] +
                 tensor->dims[0] * tensor->strides[0];
    if (jump != 0 && array_size - 1 > (SIZE_MAX - first) / jump)
        return (vx_object_array)ovx_error_from(tensor, VX_ERROR_INVALID_PARAMETERS,
                                               "vxCreateImageObjectArrayFromTensor: array_size * jump overflows");
    last_end = first + (array_size - 1) * jump + (h - 1) * tensor->strides[1] + w * tensor->strides[0];
    if (last_end > tensor_end)
        return (vx_object_array)ovx_error_from(tensor, VX_ERROR_INVALID_PARAMETERS,
                                               "vxCreateImageObjectArrayFromTensor: %zu images %zu bytes apart reach "
                                               "past the tensor's data", (size_t)array_size, (size_t)jump);
    imgs = calloc(array_size, sizeof(vx_reference));
    if (!imgs)
        return (vx_object_array)ovx_error_from(tensor, VX_ERROR_NO_MEMORY,
                                               "vxCreateImageObjectArrayFromTensor: out of memory");
    for (i = 0; i < array_size; i++) {
        vx_imagepatch_addressing_t addr;
        void *ptrs[1];
        vx_status s;
        memset(&addr, 0, sizeof(addr));
        addr.dim_x = (vx_uint32)w;
        addr.dim_y = (vx_uint32)h;
        addr.stride_x = (vx_int32)tensor->strides[0];
        addr.stride_y = (vx_int32)tensor->strides[1];
        addr.scale_x = VX_SCALE_UNITY;
        addr.scale_y = VX_SCALE_UNITY;
        addr.step_x = 1;
        addr.step_y = 1;
        ptrs[0] = base + first + i * jump;
        imgs[i] = (vx_reference)vxCreateImageFromHandle(c, image_format, &addr, ptrs, VX_MEMORY_TYPE_HOST);
        s = vxGetStatus(imgs[i]);
        if (s != VX_SUCCESS) {
            vx_size k;
            for (k = 0; k < i; k++) ovx_ref_release_external_quiet(imgs[k]);
            free(imgs);
            return (vx_object_array)ovx_error_from(tensor, s,
                                                   "vxCreateImageObjectArrayFromTensor: creating image %zu failed "
                                                   "(status %d)", (size_t)i, s);
        }
    }
    a = ovx_object_array_wrap(c, VX_TYPE_IMAGE, array_size, imgs);
    if (!a) {
        for (i = 0; i < array_size; i++) ovx_ref_release_external_quiet(imgs[i]);
        free(imgs);
        return (vx_object_array)ovx_error_from(tensor, VX_ERROR_NO_MEMORY,
                                               "vxCreateImageObjectArrayFromTensor: out of memory");
    }
    free(imgs);
    a->source = (vx_reference)tensor;
    ovx_ref_retain_internal((vx_reference)tensor);
    return a;
}
