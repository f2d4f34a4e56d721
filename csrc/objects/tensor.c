/*
 * The tensor object.  Spec: "Object: Tensor" (vxCreateTensor,
 * vxCreateTensorFromHandle, vxCreateTensorFromView, vxSwapTensorHandle,
 * vxCopyTensorPatch, vxMapTensorPatch, vxUnmapTensorPatch, vxQueryTensor,
 * vxReleaseTensor).  vxCreateImageObjectArrayFromTensor lives in
 * object_array.c (it builds an object array of images).
 *
 * Patches: when a patch names fewer dimensions than the tensor has, the
 * patch covers the given lower dimensions and index 0 of every higher one
 * (the spec's "the lower dimensions are assumed"; its memory-size rule,
 * (end[last] - start[last]) * stride[last], only fits that reading).
 */
#include "tensor.h"
#include "../runtime/bigmem.h"

#include <stdlib.h>
#include <string.h>

vx_size ovx_tensor_type_size(vx_enum data_type)
{
    switch (data_type) {
    case VX_TYPE_INT8:
    case VX_TYPE_UINT8:
    case VX_TYPE_INT16:
    case VX_TYPE_UINT16:
    case VX_TYPE_INT32:
    case VX_TYPE_UINT32:
    case VX_TYPE_INT64:
    case VX_TYPE_UINT64:
    case VX_TYPE_FLOAT16:
    case VX_TYPE_FLOAT32:
    case VX_TYPE_FLOAT64:
        return ovx_type_size(data_type);
    default:
        return 0;
    }
}

vx_uint8 *ovx_tensor_data(vx_tensor t)
{
    vx_tensor r = t->root;
    if (r->handle == NULL) return NULL;
    return r->handle + t->offset;
}

static void tensor_destroy(vx_reference ref)
{
    vx_tensor t = (vx_tensor)ref;
    free(t->owned);
    t->owned = NULL;
    if (t->parent) ovx_ref_release_internal((vx_reference)t->parent);
    t->parent = NULL;
}

/* Checks shared by the creators; returns VX_SUCCESS or logs on ctx. */
static vx_status check_shape(vx_context ctx, const char *fn, vx_size number_of_dims, const vx_size *dims,
                             vx_enum data_type, vx_size *elem_size, vx_size *bytes)
{
    vx_size i, total;
    if (number_of_dims == 0 || number_of_dims > OVX_MAX_TENSOR_DIMS) {
        ovx_log((vx_reference)ctx, VX_ERROR_INVALID_PARAMETERS,
                "%s: number_of_dims %zu is outside 1..%d (VX_CONTEXT_MAX_TENSOR_DIMS)", fn,
                (size_t)number_of_dims, OVX_MAX_TENSOR_DIMS);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (dims == NULL) {
        ovx_log((vx_reference)ctx, VX_ERROR_INVALID_PARAMETERS, "%s: dims is NULL", fn);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    *elem_size = ovx_tensor_type_size(data_type);
    if (*elem_size == 0) {
        ovx_log((vx_reference)ctx, VX_ERROR_INVALID_TYPE,
                "%s: data_type 0x%x is not a numeric vx_type_e (INT8..UINT64, FLOAT16/32/64)", fn,
                (unsigned)data_type);
        return VX_ERROR_INVALID_TYPE;
    }
    total = *elem_size;
    for (i = 0; i < number_of_dims; i++) {
        if (dims[i] == 0) {
            ovx_log((vx_reference)ctx, VX_ERROR_INVALID_DIMENSION, "%s: dims[%zu] is 0", fn, (size_t)i);
            return VX_ERROR_INVALID_DIMENSION;
        }
        if (total > SIZE_MAX / dims[i]) {
            ovx_log((vx_reference)ctx, VX_ERROR_NO_MEMORY, "%s: the tensor size overflows", fn);
            return VX_ERROR_NO_MEMORY;
        }
        total *= dims[i];
    }
    *bytes = total;
    return VX_SUCCESS;
}

static vx_tensor tensor_new(vx_context ctx, vx_size number_of_dims, const vx_size *dims, vx_enum data_type,
                            vx_int8 fixed_point_position, vx_size elem_size)
{
    vx_size i;
    vx_tensor t = (vx_tensor)ovx_ref_create(ctx, VX_TYPE_TENSOR, sizeof(struct _vx_tensor_t), tensor_destroy, NULL);
    if (!t) return NULL;
    t->num_dims = number_of_dims;
    for (i = 0; i < number_of_dims; i++) t->dims[i] = dims[i];
    t->data_type = data_type;
    t->fixed_point_position = fixed_point_position;
    t->elem_size = elem_size;
    t->memory_type = VX_MEMORY_TYPE_HOST;
    t->root = t;
    return t;
}

VX_API_ENTRY vx_tensor VX_API_CALL vxCreateTensor(vx_context context, vx_size number_of_dims, const vx_size *dims,
                                                  vx_enum data_type, vx_int8 fixed_point_position)
{
    vx_size elem, bytes, i;
    vx_status s;
    vx_tensor t;
    if (!ovx_context_valid(context)) return NULL;
    s = check_shape(context, "vxCreateTensor", number_of_dims, dims, data_type, &elem, &bytes);
    if (s != VX_SUCCESS) return (vx_tensor)ovx_error(context, s);
    t = tensor_new(context, number_of_dims, dims, data_type, fixed_point_position, elem);
    if (!t) return (vx_tensor)ovx_error_from(context, VX_ERROR_NO_MEMORY, "vxCreateTensor: out of memory");
    t->owned = ovx_big_alloc(bytes);
    if (!t->owned) {
        ovx_ref_destroy((vx_reference)t);
        return (vx_tensor)ovx_error_from(context, VX_ERROR_NO_MEMORY,
                                         "vxCreateTensor: cannot allocate %zu bytes", (size_t)bytes);
    }
    t->handle = t->owned;
    t->strides[0] = elem;
    for (i = 1; i < number_of_dims; i++) t->strides[i] = t->strides[i - 1] * dims[i - 1];
    return t;
}

VX_API_ENTRY vx_tensor VX_API_CALL vxCreateTensorFromHandle(vx_context context, vx_size number_of_dims,
                                                            const vx_size *dims, vx_enum data_type,
                                                            vx_int8 fixed_point_position, const vx_size *stride,
                                                            void *ptr, vx_enum memory_type)
{
    vx_size elem, bytes, i;
    vx_status s;
    vx_tensor t;
    if (!ovx_context_valid(context)) return NULL;
    s = check_shape(context, "vxCreateTensorFromHandle", number_of_dims, dims, data_type, &elem, &bytes);
    if (s != VX_SUCCESS) return (vx_tensor)ovx_error(context, s);
    if (memory_type != VX_MEMORY_TYPE_HOST)
        return (vx_tensor)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxCreateTensorFromHandle: memory_type 0x%x is not VX_MEMORY_TYPE_HOST",
                                         (unsigned)memory_type);
    if (stride == NULL)
        return (vx_tensor)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxCreateTensorFromHandle: stride is NULL");
    if (stride[0] != elem)
        return (vx_tensor)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxCreateTensorFromHandle: stride[0] is %zu, must be the element size %zu",
                                         (size_t)stride[0], (size_t)elem);
    for (i = 1; i < number_of_dims; i++) {
        if (stride[i] / dims[i - 1] < stride[i - 1]) {
            return (vx_tensor)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                             "vxCreateTensorFromHandle: stride[%zu] = %zu is smaller than "
                                             "stride[%zu] * dims[%zu] = %zu (items would overlap)",
                                             (size_t)i, (size_t)stride[i], (size_t)(i - 1), (size_t)(i - 1),
                                             (size_t)(stride[i - 1] * dims[i - 1]));
        }
    }
    t = tensor_new(context, number_of_dims, dims, data_type, fixed_point_position, elem);
    if (!t) return (vx_tensor)ovx_error_from(context, VX_ERROR_NO_MEMORY, "vxCreateTensorFromHandle: out of memory");
    for (i = 0; i < number_of_dims; i++) t->strides[i] = stride[i];
    t->handle = ptr;
    t->from_handle = vx_true_e;
    t->memory_type = memory_type;
    return t;
}

VX_API_ENTRY vx_tensor VX_API_CALL vxCreateTensorFromView(vx_tensor tensor, vx_size number_of_dims,
                                                          const vx_size *view_start, const vx_size *view_end)
{
    vx_size i, dims[OVX_MAX_TENSOR_DIMS], offset = 0;
    vx_tensor t;
    if (!ovx_ref_valid((vx_reference)tensor, VX_TYPE_TENSOR)) return NULL;
    if (number_of_dims == 0 || number_of_dims > tensor->num_dims)
        return (vx_tensor)ovx_error_from(tensor, VX_ERROR_INVALID_PARAMETERS,
                                         "vxCreateTensorFromView: number_of_dims %zu is outside 1..%zu", 
                                         (size_t)number_of_dims, (size_t)tensor->num_dims);
    if (view_start == NULL || view_end == NULL)
        return (vx_tensor)ovx_error_from(tensor, VX_ERROR_INVALID_PARAMETERS,
                                         "vxCreateTensorFromView: view_start or view_end is NULL");
    for (i = 0; i < tensor->num_dims; i++) {
        if (i < number_of_dims) {
            if (view_start[i] >= view_end[i] || view_end[i] > tensor->dims[i])
                return (vx_tensor)ovx_error_from(tensor, VX_ERROR_INVALID_PARAMETERS,
                                                 "vxCreateTensorFromView: view [%zu, %zu) of dimension %zu is empty "
                                                 "or outside the parent's 0..%zu",
                                                 (size_t)view_start[i], (size_t)view_end[i], (size_t)i,
                                                 (size_t)tensor->dims[i]);
            dims[i] = view_end[i] - view_start[i];
            offset += view_start[i] * tensor->strides[i];
        } else {
            dims[i] = tensor->dims[i];
        }
    }
    t = tensor_new(tensor->base.context, tensor->num_dims, dims, tensor->data_type, tensor->fixed_point_position,
                   tensor->elem_size);
    if (!t) return (vx_tensor)ovx_error_from(tensor, VX_ERROR_NO_MEMORY, "vxCreateTensorFromView: out of memory");
    for (i = 0; i < tensor->num_dims; i++) t->strides[i] = tensor->strides[i];
    t->parent = tensor;
    t->root = tensor->root;
    t->offset = tensor->offset + offset;
    t->from_handle = vx_false_e;
    t->memory_type = tensor->root->memory_type;
    ovx_ref_retain_internal((vx_reference)tensor);
    return t;
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryTensor(vx_tensor tensor, vx_enum attribute, void *ptr, vx_size size)
{
    if (!ovx_ref_valid((vx_reference)tensor, VX_TYPE_TENSOR)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_TENSOR_NUMBER_OF_DIMS:
        return ovx_query_copy(ptr, size, &tensor->num_dims, sizeof(vx_size));
    case VX_TENSOR_DIMS:
        /* an array of at least number_of_dims vx_size */
        if (ptr == NULL || size < tensor->num_dims * sizeof(vx_size) || size % sizeof(vx_size) != 0) {
            ovx_log((vx_reference)tensor, VX_ERROR_INVALID_PARAMETERS,
                    "vxQueryTensor: VX_TENSOR_DIMS needs a vx_size array of at least %zu items",
                    (size_t)tensor->num_dims);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        memcpy(ptr, tensor->dims, tensor->num_dims * sizeof(vx_size));
        return VX_SUCCESS;
    case VX_TENSOR_DATA_TYPE:
        return ovx_query_copy(ptr, size, &tensor->data_type, sizeof(vx_enum));
    case VX_TENSOR_FIXED_POINT_POSITION:
        return ovx_query_copy(ptr, size, &tensor->fixed_point_position, sizeof(vx_int8));
    default:
        ovx_log((vx_reference)tensor, VX_ERROR_NOT_SUPPORTED, "vxQueryTensor: attribute %s is not a tensor attribute",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseTensor(vx_tensor *tensor)
{
    return ovx_ref_release((vx_reference *)tensor, VX_TYPE_TENSOR, vx_false_e);
}

/* The patch [start, end) in every dimension; NULL start/end mean 0/dims. */
static vx_status check_patch(vx_tensor t, const char *fn, vx_size number_of_dims, const vx_size *view_start,
                             const vx_size *view_end, vx_size start[], vx_size end[])
{
    vx_size i;
    if (t->base.is_virtual) {
        ovx_log((vx_reference)t, VX_ERROR_OPTIMIZED_AWAY, "%s: the tensor is virtual", fn);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    if (number_of_dims == 0 || number_of_dims > t->num_dims) {
        ovx_log((vx_reference)t, VX_ERROR_INVALID_PARAMETERS, "%s: number_of_dims %zu is outside 1..%zu", fn,
                (size_t)number_of_dims, (size_t)t->num_dims);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    for (i = 0; i < t->num_dims; i++) {
        if (i < number_of_dims) {
            start[i] = view_start ? view_start[i] : 0;
            end[i] = view_end ? view_end[i] : t->dims[i];
        } else {
            start[i] = 0;
            end[i] = 1;
        }
        if (start[i] >= end[i] || end[i] > t->dims[i]) {
            ovx_log((vx_reference)t, VX_ERROR_INVALID_PARAMETERS,
                    "%s: patch [%zu, %zu) of dimension %zu is empty or outside 0..%zu", fn, (size_t)start[i],
                    (size_t)end[i], (size_t)i, (size_t)t->dims[i]);
            return VX_ERROR_INVALID_PARAMETERS;
        }
    }
    if (ovx_tensor_data(t) == NULL) {
        ovx_log((vx_reference)t, VX_ERROR_INVALID_PARAMETERS,
                "%s: the tensor has no memory (created from a NULL handle or swapped to NULL)", fn);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

/* Copy the patch between the tensor (strides ts) and user memory (strides us). */
static void copy_dim(vx_size d, vx_uint8 *tp, const vx_size *ts, vx_uint8 *up, const vx_size *us,
                     const vx_size *start, const vx_size *end, vx_size elem, vx_bool to_user)
{
    vx_size i, n = end[d] - start[d];
    if (d == 0) {
        if (to_user) memcpy(up, tp, n * elem);
        else memcpy(tp, up, n * elem);
        return;
    }
    for (i = 0; i < n; i++)
        copy_dim(d - 1, tp + i * ts[d], ts, up + i * us[d], us, start, end, elem, to_user);
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyTensorPatch(vx_tensor tensor, vx_size number_of_dims,
                                                     const vx_size *view_start, const vx_size *view_end,
                                                     const vx_size *user_stride, void *user_ptr, vx_enum usage,
                                                     vx_enum user_memory_type)
{
    vx_size start[OVX_MAX_TENSOR_DIMS], end[OVX_MAX_TENSOR_DIMS], us[OVX_MAX_TENSOR_DIMS], i;
    vx_uint8 *tp;
    vx_status s;
    if (!ovx_ref_valid((vx_reference)tensor, VX_TYPE_TENSOR)) return VX_ERROR_INVALID_REFERENCE;
    s = check_patch(tensor, "vxCopyTensorPatch", number_of_dims, view_start, view_end, start, end);
    if (s != VX_SUCCESS) return s;
    if (user_stride == NULL || user_ptr == NULL) {
        ovx_log((vx_reference)tensor, VX_ERROR_INVALID_PARAMETERS, "vxCopyTensorPatch: user_stride or user_ptr is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (user_stride[0] != tensor->elem_size) {
        ovx_log((vx_reference)tensor, VX_ERROR_INVALID_PARAMETERS,
                "vxCopyTensorPatch: user_stride[0] is %zu, must be the element size %zu", (size_t)user_stride[0],
                (size_t)tensor->elem_size);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (usage != VX_READ_ONLY && usage != VX_WRITE_ONLY) {
        ovx_log((vx_reference)tensor, VX_ERROR_INVALID_PARAMETERS,
                "vxCopyTensorPatch: usage 0x%x is not VX_READ_ONLY or VX_WRITE_ONLY", (unsigned)usage);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (user_memory_type != VX_MEMORY_TYPE_HOST) {
        ovx_log((vx_reference)tensor, VX_ERROR_INVALID_PARAMETERS,
                "vxCopyTensorPatch: user_memory_type 0x%x is not VX_MEMORY_TYPE_HOST", (unsigned)user_memory_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    for (i = 0; i < tensor->num_dims; i++) us[i] = i < number_of_dims ? user_stride[i] : 0;
    tp = ovx_tensor_data(tensor);
    for (i = 0; i < tensor->num_dims; i++) tp += start[i] * tensor->strides[i];
    copy_dim(tensor->num_dims - 1, tp, tensor->strides, (vx_uint8 *)user_ptr, us, start, end, tensor->elem_size,
             usage == VX_READ_ONLY ? vx_true_e : vx_false_e);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxMapTensorPatch(vx_tensor tensor, vx_size number_of_dims,
                                                    const vx_size *view_start, const vx_size *view_end,
                                                    vx_map_id *map_id, vx_size *stride, void **ptr, vx_enum usage,
                                                    vx_enum mem_type)
{
    vx_size start[OVX_MAX_TENSOR_DIMS], end[OVX_MAX_TENSOR_DIMS], i;
    vx_uint8 *tp;
    vx_status s;
    vx_uint32 slot;
    if (!ovx_ref_valid((vx_reference)tensor, VX_TYPE_TENSOR)) return VX_ERROR_INVALID_REFERENCE;
    s = check_patch(tensor, "vxMapTensorPatch", number_of_dims, view_start, view_end, start, end);
    if (s != VX_SUCCESS) return s;
    if (map_id == NULL || stride == NULL || ptr == NULL) {
        ovx_log((vx_reference)tensor, VX_ERROR_INVALID_PARAMETERS, "vxMapTensorPatch: map_id, stride or ptr is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (!ovx_map_usage_ok(usage)) {
        ovx_log((vx_reference)tensor, VX_ERROR_INVALID_PARAMETERS, "vxMapTensorPatch: usage 0x%x is not a vx_accessor_e",
                (unsigned)usage);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (mem_type != VX_MEMORY_TYPE_HOST) {
        ovx_log((vx_reference)tensor, VX_ERROR_INVALID_PARAMETERS,
                "vxMapTensorPatch: mem_type 0x%x is not VX_MEMORY_TYPE_HOST", (unsigned)mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(tensor->base.context);
    for (slot = 0; slot < OVX_TENSOR_MAX_MAPS && tensor->maps[slot].used; slot++) {}
    if (slot == OVX_TENSOR_MAX_MAPS) {
        ovx_context_unlock(tensor->base.context);
        ovx_log((vx_reference)tensor, VX_ERROR_NO_RESOURCES, "vxMapTensorPatch: %d maps are already open on the tensor",
                OVX_TENSOR_MAX_MAPS);
        return VX_ERROR_NO_RESOURCES;
    }
    tensor->maps[slot].used = vx_true_e;
    tensor->maps[slot].usage = usage;
    tensor->root->active_maps++;
    ovx_context_unlock(tensor->base.context);
    /* direct access: the patch is addressed in place with the tensor's strides */
    tp = ovx_tensor_data(tensor);
    for (i = 0; i < tensor->num_dims; i++) tp += start[i] * tensor->strides[i];
    for (i = 0; i < number_of_dims; i++) stride[i] = tensor->strides[i];
    *ptr = tp;
    *map_id = (vx_map_id)(slot + 1);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnmapTensorPatch(vx_tensor tensor, const vx_map_id map_id)
{
    if (!ovx_ref_valid((vx_reference)tensor, VX_TYPE_TENSOR)) return VX_ERROR_INVALID_REFERENCE;
    ovx_context_lock(tensor->base.context);
    if (map_id == 0 || map_id > OVX_TENSOR_MAX_MAPS || !tensor->maps[map_id - 1].used) {
        ovx_context_unlock(tensor->base.context);
        ovx_log((vx_reference)tensor, VX_ERROR_INVALID_PARAMETERS,
                "vxUnmapTensorPatch: map_id %zu is not an open map of this tensor", (size_t)map_id);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    tensor->maps[map_id - 1].used = vx_false_e;
    tensor->root->active_maps--;
    ovx_context_unlock(tensor->base.context);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxSwapTensorHandle(vx_tensor tensor, void *new_ptr, void **prev_ptr)
{
    if (!ovx_ref_valid((vx_reference)tensor, VX_TYPE_TENSOR)) return VX_ERROR_INVALID_REFERENCE;
    if (tensor->parent != NULL) {
        ovx_log((vx_reference)tensor, VX_ERROR_INVALID_PARAMETERS,
                "vxSwapTensorHandle: a tensor created from a view has no handle of its own; swap its root");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(tensor->base.context);
    if (tensor->active_maps) {
        ovx_context_unlock(tensor->base.context);
        ovx_log((vx_reference)tensor, VX_FAILURE, "vxSwapTensorHandle: the tensor (or a view of it) is mapped");
        return VX_FAILURE;
    }
    if (!tensor->from_handle) {
        /* REQ-1568 speaks of tensors created from handle, but the conformance
         * suite swaps the memory of tensors made by vxCreateTensor too.  We
         * allow it: the tensor becomes a handle tensor, and the memory we
         * allocated passes to the application (release it with free()), or is
         * freed here when the application does not ask for it. */
        if (prev_ptr) *prev_ptr = tensor->owned;
        else free(tensor->owned);
        tensor->owned = NULL;
        tensor->from_handle = vx_true_e;
        tensor->memory_type = VX_MEMORY_TYPE_HOST;
    } else if (prev_ptr) {
        *prev_ptr = tensor->handle;
    }
    tensor->handle = new_ptr;
    ovx_context_unlock(tensor->base.context);
    return VX_SUCCESS;
}
