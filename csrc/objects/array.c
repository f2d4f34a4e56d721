/*
 * Arrays.  Spec: "Object: Array" (vxCreateArray, vxQueryArray,
 * vxAddArrayItems, vxTruncateArray, vxCopyArrayRange, vxMapArrayRange,
 * vxUnmapArrayRange, vxReleaseArray) and the 1.0 compatibility pair
 * vxAccessArrayRange / vxCommitArrayRange.
 */
#include "array.h"

#include <stdlib.h>
#include <string.h>

#define AREF(a) ((vx_reference)(a))

static void array_destroy(vx_reference ref)
{
    vx_array a = (vx_array)ref;
    free(a->data);
    a->data = NULL;
}

vx_status ovx_array_alloc(vx_array a)
{
    if (a->data) return VX_SUCCESS;
    if (a->item_size == 0 || a->capacity == 0) return VX_ERROR_INVALID_PARAMETERS;
    if (a->capacity > ((vx_size)-1) / a->item_size) return VX_ERROR_NO_MEMORY;
    a->data = calloc(a->capacity, a->item_size);
    return a->data ? VX_SUCCESS : VX_ERROR_NO_MEMORY;
}

vx_array ovx_array_create(vx_context context, vx_enum item_type, vx_size capacity, vx_reference scope,
                          vx_bool is_virtual, const char *who)
{
    vx_size item_size = 0;
    vx_array a;
    if (!ovx_context_valid(context)) return NULL;
    if (item_type != VX_TYPE_INVALID || !is_virtual) {
        if (item_type > VX_TYPE_INVALID && item_type <= VX_TYPE_VENDOR_STRUCT_END)
            item_size = ovx_item_type_size(context, item_type);
        if (item_size == 0)
            return (vx_array)ovx_error_from(context, VX_ERROR_INVALID_TYPE,
                                            "%s: 0x%x is not an array item type (a vx_type_e value "
                                            "with a known size, or a registered user struct)",
                                            who, (unsigned)item_type);
    }
    if (capacity == 0 && !is_virtual)
        return (vx_array)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS, "%s: capacity must be > 0", who);
    if (item_size && capacity > ((vx_size)-1) / item_size)
        return (vx_array)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: capacity %zu is too large", who,
                                        (size_t)capacity);
    a = (vx_array)ovx_ref_create(context, VX_TYPE_ARRAY, sizeof(struct _vx_array), array_destroy, scope);
    if (!a) return (vx_array)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    a->base.is_virtual = is_virtual;
    a->item_type = item_type;
    a->item_size = item_size;
    a->capacity = capacity;
    a->decl_item_type = item_type;
    a->decl_capacity = capacity;
    if (!is_virtual && ovx_array_alloc(a) != VX_SUCCESS) {
        vx_reference r = AREF(a);
        ovx_ref_release(&r, VX_TYPE_ARRAY, vx_false_e);
        return (vx_array)ovx_error_from(context, VX_ERROR_NO_MEMORY,
                                        "%s: cannot allocate %zu items of %zu bytes", who, (size_t)capacity,
                                        (size_t)item_size);
    }
    return a;
}

VX_API_ENTRY vx_array VX_API_CALL vxCreateArray(vx_context context, vx_enum item_type, vx_size capacity)
{
    return ovx_array_create(context, item_type, capacity, NULL, vx_false_e, "vxCreateArray");
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseArray(vx_array *arr)
{
    return ovx_ref_release((vx_reference *)arr, VX_TYPE_ARRAY, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryArray(vx_array arr, vx_enum attribute, void *ptr, vx_size size)
{
    vx_status status;
    if (!ovx_ref_valid(AREF(arr), VX_TYPE_ARRAY)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_ARRAY_ITEMTYPE: status = ovx_query_copy(ptr, size, &arr->item_type, sizeof(vx_enum)); break;
    case VX_ARRAY_NUMITEMS: status = ovx_query_copy(ptr, size, &arr->num_items, sizeof(vx_size)); break;
    case VX_ARRAY_CAPACITY: status = ovx_query_copy(ptr, size, &arr->capacity, sizeof(vx_size)); break;
    case VX_ARRAY_ITEMSIZE: status = ovx_query_copy(ptr, size, &arr->item_size, sizeof(vx_size)); break;
    default:
        ovx_log(AREF(arr), VX_ERROR_NOT_SUPPORTED, "vxQueryArray: attribute %s is not an array attribute",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (status != VX_SUCCESS)
        ovx_log(AREF(arr), status, "vxQueryArray: attribute %s: NULL pointer or wrong size %zu",
                OVX_ATTR(attribute), (size_t)size);
    return status;
}

/* Refuse application access to a virtual array outside graph execution. */
static vx_status array_accessible(vx_array arr, const char *who)
{
    if (arr->base.is_virtual && !ovx_accessible_now(&arr->accessible)) {
        ovx_log(AREF(arr), VX_ERROR_OPTIMIZED_AWAY, "%s: the array is virtual", who);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    if (!arr->data && ovx_array_alloc(arr) != VX_SUCCESS) {
        ovx_log(AREF(arr), VX_ERROR_NO_MEMORY, "%s: the array has no storage", who);
        return VX_ERROR_NO_MEMORY;
    }
    return VX_SUCCESS;
}

static void copy_strided(void *dst, vx_size dst_stride, const void *src, vx_size src_stride, vx_size n,
                         vx_size item_size)
{
    vx_size i;
    if (dst_stride == item_size && src_stride == item_size) {
        memmove(dst, src, n * item_size);
        return;
    }
    for (i = 0; i < n; i++)
        memmove((vx_uint8 *)dst + i * dst_stride, (const vx_uint8 *)src + i * src_stride, item_size);
}

vx_status ovx_array_push(vx_array arr, const void *ptr, vx_size count)
{
    if (count > arr->capacity - arr->num_items) return VX_FAILURE;
    if (count == 0) return VX_SUCCESS;
    if (!arr->data && ovx_array_alloc(arr) != VX_SUCCESS) return VX_ERROR_NO_MEMORY;
    memcpy(arr->data + arr->num_items * arr->item_size, ptr, count * arr->item_size);
    arr->num_items += count;
    return VX_SUCCESS;
}

void ovx_array_clear(vx_array arr)
{
    arr->num_items = 0;
}

VX_API_ENTRY vx_status VX_API_CALL vxAddArrayItems(vx_array arr, vx_size count, const void *ptr, vx_size stride)
{
    vx_status status;
    if (!ovx_ref_valid(AREF(arr), VX_TYPE_ARRAY)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = array_accessible(arr, "vxAddArrayItems")) != VX_SUCCESS) return status;
    if (count == 0) return VX_SUCCESS;
    if (ptr == NULL) {
        ovx_log(AREF(arr), VX_ERROR_INVALID_PARAMETERS, "vxAddArrayItems: ptr is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (stride < arr->item_size) {
        ovx_log(AREF(arr), VX_ERROR_INVALID_PARAMETERS,
                "vxAddArrayItems: stride %zu is smaller than the item size %zu", (size_t)stride,
                (size_t)arr->item_size);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (count > arr->capacity - arr->num_items) {
        ovx_log(AREF(arr), VX_FAILURE, "vxAddArrayItems: %zu items do not fit (%zu of %zu used)",
                (size_t)count, (size_t)arr->num_items, (size_t)arr->capacity);
        return VX_FAILURE;
    }
    copy_strided(arr->data + arr->num_items * arr->item_size, arr->item_size, ptr, stride, count, arr->item_size);
    arr->num_items += count;
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxTruncateArray(vx_array arr, vx_size new_num_items)
{
    if (!ovx_ref_valid(AREF(arr), VX_TYPE_ARRAY)) return VX_ERROR_INVALID_REFERENCE;
    if (arr->base.is_virtual && !ovx_accessible_now(&arr->accessible)) {
        ovx_log(AREF(arr), VX_ERROR_OPTIMIZED_AWAY, "vxTruncateArray: the array is virtual");
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    if (new_num_items > arr->num_items) {
        ovx_log(AREF(arr), VX_ERROR_INVALID_PARAMETERS,
                "vxTruncateArray: %zu items requested but the array has only %zu", (size_t)new_num_items,
                (size_t)arr->num_items);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    arr->num_items = new_num_items;
    return VX_SUCCESS;
}

static vx_status check_range(vx_array arr, vx_size start, vx_size end, const char *who)
{
    if (start >= end || end > arr->num_items) {
        ovx_log(AREF(arr), VX_ERROR_INVALID_PARAMETERS,
                "%s: range [%zu, %zu) is not within the %zu items of the array (0 <= start < end <= items)", who,
                (size_t)start, (size_t)end, (size_t)arr->num_items);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyArrayRange(vx_array array, vx_size range_start, vx_size range_end,
                                                    vx_size user_stride, void *user_ptr, vx_enum usage,
                                                    vx_enum user_mem_type)
{
    static const char who[] = "vxCopyArrayRange";
    vx_status status;
    if (!ovx_ref_valid(AREF(array), VX_TYPE_ARRAY)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = array_accessible(array, who)) != VX_SUCCESS) return status;
    if ((status = check_range(array, range_start, range_end, who)) != VX_SUCCESS) return status;
    if (user_ptr == NULL || user_stride < array->item_size || !ovx_copy_usage_ok(usage) ||
        !ovx_mem_type_ok(user_mem_type)) {
        ovx_log(AREF(array), VX_ERROR_INVALID_PARAMETERS,
                "%s: needs a user_ptr (%p), a user_stride >= item size %zu (%zu), usage VX_READ_ONLY or "
                "VX_WRITE_ONLY (0x%x) and VX_MEMORY_TYPE_HOST (0x%x)",
                who, user_ptr, (size_t)array->item_size, (size_t)user_stride, (unsigned)usage,
                (unsigned)user_mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (usage == VX_READ_ONLY)
        copy_strided(user_ptr, user_stride, array->data + range_start * array->item_size, array->item_size,
                     range_end - range_start, array->item_size);
    else
        copy_strided(array->data + range_start * array->item_size, array->item_size, user_ptr, user_stride,
                     range_end - range_start, array->item_size);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxMapArrayRange(vx_array array, vx_size range_start, vx_size range_end,
                                                   vx_map_id *map_id, vx_size *stride, void **ptr,
                                                   vx_enum usage, vx_enum mem_type, vx_uint32 flags)
{
    static const char who[] = "vxMapArrayRange";
    ovx_map_entry *e;
    vx_status status;
    if (!ovx_ref_valid(AREF(array), VX_TYPE_ARRAY)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = array_accessible(array, who)) != VX_SUCCESS) return status;
    if ((status = check_range(array, range_start, range_end, who)) != VX_SUCCESS) return status;
    if (map_id == NULL || stride == NULL || ptr == NULL || !ovx_map_usage_ok(usage) || !ovx_mem_type_ok(mem_type) ||
        !ovx_map_flags_ok(flags)) {
        ovx_log(AREF(array), VX_ERROR_INVALID_PARAMETERS,
                "%s: needs map_id, stride and ptr, a vx_accessor_e usage (0x%x), VX_MEMORY_TYPE_HOST (0x%x) "
                "and flags 0 or VX_NOGAP_X (0x%x)",
                who, (unsigned)usage, (unsigned)mem_type, (unsigned)flags);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(array->base.context);
    e = ovx_map_add(&array->maps);
    if (e) {
        e->usage = usage;
        e->start = range_start;
        e->end = range_end;
        e->ptr = array->data + range_start * array->item_size;
        *map_id = e->id;
        *stride = array->item_size;
        *ptr = e->ptr;
    }
    ovx_context_unlock(array->base.context);
    if (!e) {
        ovx_log(AREF(array), VX_ERROR_NO_RESOURCES, "%s: %d mappings are live already", who, OVX_MAX_MAPS);
        return VX_ERROR_NO_RESOURCES;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnmapArrayRange(vx_array array, vx_map_id map_id)
{
    ovx_map_entry *e;
    if (!ovx_ref_valid(AREF(array), VX_TYPE_ARRAY)) return VX_ERROR_INVALID_REFERENCE;
    ovx_context_lock(array->base.context);
    e = ovx_map_find(&array->maps, map_id);
    if (e && !e->user_buffer) ovx_map_remove(&array->maps, e);
    ovx_context_unlock(array->base.context);
    if (!e || e->user_buffer) {
        ovx_log(AREF(array), VX_ERROR_INVALID_PARAMETERS, "vxUnmapArrayRange: %lu is not a live map id of the array",
                (unsigned long)map_id);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

/* ---- 1.0 compatibility ----------------------------------------------------
 * vxAccessArrayRange with *ptr == NULL gives the array's own memory (and its
 * stride); with *ptr set it uses the application's buffer of stride *stride,
 * filled for read usages and copied back by vxCommitArrayRange for write
 * usages. */
VX_API_ENTRY vx_status VX_API_CALL vxAccessArrayRange(vx_array arr, vx_size start, vx_size end, vx_size *stride,
                                                      void **ptr, vx_enum usage)
{
    static const char who[] = "vxAccessArrayRange";
    ovx_map_entry *e;
    vx_status status;
    if (!ovx_ref_valid(AREF(arr), VX_TYPE_ARRAY)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = array_accessible(arr, who)) != VX_SUCCESS) return status;
    if ((status = check_range(arr, start, end, who)) != VX_SUCCESS) return status;
    if (stride == NULL || ptr == NULL || !ovx_map_usage_ok(usage) || (*ptr && *stride < arr->item_size)) {
        ovx_log(AREF(arr), VX_ERROR_INVALID_PARAMETERS,
                "%s: needs stride and ptr, a vx_accessor_e usage (0x%x), and a stride >= the item size "
                "for an application buffer",
                who, (unsigned)usage);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(arr->base.context);
    e = ovx_map_add(&arr->maps);
    if (e) {
        e->usage = usage;
        e->start = start;
        e->end = end;
        if (*ptr) {
            e->user_buffer = vx_true_e;
            e->ptr = *ptr;
            e->stride = *stride;
            if (usage != VX_WRITE_ONLY)
                copy_strided(*ptr, *stride, arr->data + start * arr->item_size, arr->item_size, end - start,
                             arr->item_size);
        } else {
            e->ptr = arr->data + start * arr->item_size;
            e->stride = arr->item_size;
            *ptr = e->ptr;
            *stride = arr->item_size;
        }
    }
    ovx_context_unlock(arr->base.context);
    if (!e) {
        ovx_log(AREF(arr), VX_ERROR_NO_RESOURCES, "%s: %d accesses are live already", who, OVX_MAX_MAPS);
        return VX_ERROR_NO_RESOURCES;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCommitArrayRange(vx_array arr, vx_size start, vx_size end, const void *ptr)
{
    ovx_map_entry *e;
    vx_status status = VX_SUCCESS;
    if (!ovx_ref_valid(AREF(arr), VX_TYPE_ARRAY)) return VX_ERROR_INVALID_REFERENCE;
    ovx_context_lock(arr->base.context);
    e = ovx_map_find_ptr(&arr->maps, ptr);
    if (!e) {
        status = VX_ERROR_INVALID_PARAMETERS;
    } else if (start < e->start || end > e->end || start > end) {
        status = VX_ERROR_INVALID_PARAMETERS;
    } else {
        if (e->user_buffer && e->usage != VX_READ_ONLY)
            copy_strided(arr->data + start * arr->item_size, arr->item_size,
                         (const vx_uint8 *)e->ptr + (start - e->start) * e->stride, e->stride, end - start,
                         arr->item_size);
        ovx_map_remove(&arr->maps, e);
    }
    ovx_context_unlock(arr->base.context);
    if (status != VX_SUCCESS)
        ovx_log(AREF(arr), status,
                "vxCommitArrayRange: %p is not a live access of the array, or [%zu, %zu) is not within it", ptr,
                (size_t)start, (size_t)end);
    return status;
}
