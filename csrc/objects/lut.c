/*
 * LUTs.  Spec: "Object: LUT" (vxCreateLUT, vxQueryLUT, vxCopyLUT, vxMapLUT,
 * vxUnmapLUT, vxReleaseLUT) and the 1.0 compatibility pair vxAccessLUT /
 * vxCommitLUT.
 *
 * Types: VX_TYPE_UINT8 (1 .. 256 entries, offset 0) and VX_TYPE_INT16
 * (1 .. 65536 entries, offset count/2), the two the spec defines an offset for.
 */
#include "lut.h"

#include <stdlib.h>
#include <string.h>

#define LREF(l) ((vx_reference)(l))

static void lut_destroy(vx_reference ref)
{
    vx_lut l = (vx_lut)ref;
    free(l->data);
    l->data = NULL;
}

vx_lut ovx_lut_create(vx_context context, vx_enum data_type, vx_size count, vx_reference scope, vx_bool is_virtual,
                      const char *who)
{
    vx_size max, elem;
    vx_lut l;
    if (!ovx_context_valid(context)) return NULL;
    if (data_type == VX_TYPE_UINT8) {
        max = 256;
        elem = sizeof(vx_uint8);
    } else if (data_type == VX_TYPE_INT16) {
        max = 65536;
        elem = sizeof(vx_int16);
    } else {
        return (vx_lut)ovx_error_from(context, VX_ERROR_INVALID_TYPE,
                                      "%s: type 0x%x is not VX_TYPE_UINT8 or VX_TYPE_INT16", who, (unsigned)data_type);
    }
    if (count == 0 || count > max)
        return (vx_lut)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                      "%s: count %zu is not within 1 .. %zu for this type", who, (size_t)count,
                                      (size_t)max);
    l = (vx_lut)ovx_ref_create(context, VX_TYPE_LUT, sizeof(struct _vx_lut), lut_destroy, scope);
    if (!l) return (vx_lut)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    l->base.is_virtual = is_virtual;
    l->data_type = data_type;
    l->count = count;
    l->elem_size = elem;
    l->offset = data_type == VX_TYPE_INT16 ? (vx_uint32)(count / 2) : 0;
    l->data = calloc(count, elem);
    if (!l->data) {
        vx_reference r = LREF(l);
        ovx_ref_release(&r, VX_TYPE_LUT, vx_false_e);
        return (vx_lut)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    }
    return l;
}

VX_API_ENTRY vx_lut VX_API_CALL vxCreateLUT(vx_context context, vx_enum data_type, vx_size count)
{
    return ovx_lut_create(context, data_type, count, NULL, vx_false_e, "vxCreateLUT");
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseLUT(vx_lut *lut)
{
    return ovx_ref_release((vx_reference *)lut, VX_TYPE_LUT, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryLUT(vx_lut lut, vx_enum attribute, void *ptr, vx_size size)
{
    vx_status status;
    if (!ovx_ref_valid(LREF(lut), VX_TYPE_LUT)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_LUT_TYPE: status = ovx_query_copy(ptr, size, &lut->data_type, sizeof(vx_enum)); break;
    case VX_LUT_COUNT: status = ovx_query_copy(ptr, size, &lut->count, sizeof(vx_size)); break;
    case VX_LUT_SIZE: {
        vx_size v = lut->count * lut->elem_size;
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_LUT_OFFSET: status = ovx_query_copy(ptr, size, &lut->offset, sizeof(vx_uint32)); break;
    default:
        ovx_log(LREF(lut), VX_ERROR_NOT_SUPPORTED, "vxQueryLUT: attribute %s is not a LUT attribute",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (status != VX_SUCCESS)
        ovx_log(LREF(lut), status, "vxQueryLUT: attribute %s: NULL pointer or wrong size %zu", OVX_ATTR(attribute),
                (size_t)size);
    return status;
}

static vx_status lut_accessible(vx_lut l, const char *who)
{
    if (l->base.is_virtual && !ovx_accessible_now(&l->accessible)) {
        ovx_log(LREF(l), VX_ERROR_OPTIMIZED_AWAY, "%s: the LUT is virtual", who);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyLUT(vx_lut lut, void *user_ptr, vx_enum usage, vx_enum user_mem_type)
{
    vx_status status;
    if (!ovx_ref_valid(LREF(lut), VX_TYPE_LUT)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = lut_accessible(lut, "vxCopyLUT")) != VX_SUCCESS) return status;
    if (user_ptr == NULL || !ovx_copy_usage_ok(usage) || !ovx_mem_type_ok(user_mem_type)) {
        ovx_log(LREF(lut), VX_ERROR_INVALID_PARAMETERS,
                "vxCopyLUT: needs a user_ptr (%p), usage VX_READ_ONLY or VX_WRITE_ONLY (0x%x) and "
                "VX_MEMORY_TYPE_HOST (0x%x)",
                user_ptr, (unsigned)usage, (unsigned)user_mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (usage == VX_READ_ONLY) memcpy(user_ptr, lut->data, lut->count * lut->elem_size);
    else memcpy(lut->data, user_ptr, lut->count * lut->elem_size);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxMapLUT(vx_lut lut, vx_map_id *map_id, void **ptr, vx_enum usage,
                                            vx_enum mem_type, vx_bitfield flags)
{
    ovx_map_entry *e;
    vx_status status;
    if (!ovx_ref_valid(LREF(lut), VX_TYPE_LUT)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = lut_accessible(lut, "vxMapLUT")) != VX_SUCCESS) return status;
    if (map_id == NULL || ptr == NULL || !ovx_map_usage_ok(usage) || !ovx_mem_type_ok(mem_type) ||
        !ovx_map_flags_ok(flags)) {
        ovx_log(LREF(lut), VX_ERROR_INVALID_PARAMETERS,
                "vxMapLUT: needs map_id and ptr, a vx_accessor_e usage (0x%x), VX_MEMORY_TYPE_HOST (0x%x) and "
                "flags 0 (0x%x)",
                (unsigned)usage, (unsigned)mem_type, (unsigned)flags);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(lut->base.context);
    e = ovx_map_add(&lut->maps);
    if (e) {
        e->usage = usage;
        e->end = lut->count;
        e->ptr = lut->data;
        *map_id = e->id;
        *ptr = lut->data;
    }
    ovx_context_unlock(lut->base.context);
    if (!e) {
        ovx_log(LREF(lut), VX_ERROR_NO_RESOURCES, "vxMapLUT: %d mappings are live already", OVX_MAX_MAPS);
        return VX_ERROR_NO_RESOURCES;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnmapLUT(vx_lut lut, vx_map_id map_id)
{
    ovx_map_entry *e;
    if (!ovx_ref_valid(LREF(lut), VX_TYPE_LUT)) return VX_ERROR_INVALID_REFERENCE;
    ovx_context_lock(lut->base.context);
    e = ovx_map_find(&lut->maps, map_id);
    if (e && !e->user_buffer) ovx_map_remove(&lut->maps, e);
    ovx_context_unlock(lut->base.context);
    if (!e || e->user_buffer) {
        ovx_log(LREF(lut), VX_ERROR_INVALID_PARAMETERS, "vxUnmapLUT: %lu is not a live map id of the LUT",
                (unsigned long)map_id);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

/* ---- 1.0 compatibility: *ptr NULL gives the LUT's own memory; otherwise the
 * application's buffer is filled (read usages) and copied back by the commit
 * (write usages). */
VX_API_ENTRY vx_status VX_API_CALL vxAccessLUT(vx_lut lut, void **ptr, vx_enum usage)
{
    ovx_map_entry *e;
    vx_status status;
    if (!ovx_ref_valid(LREF(lut), VX_TYPE_LUT)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = lut_accessible(lut, "vxAccessLUT")) != VX_SUCCESS) return status;
    if (ptr == NULL || !ovx_map_usage_ok(usage)) {
        ovx_log(LREF(lut), VX_ERROR_INVALID_PARAMETERS, "vxAccessLUT: needs ptr and a vx_accessor_e usage");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(lut->base.context);
    e = ovx_map_add(&lut->maps);
    if (e) {
        e->usage = usage;
        e->end = lut->count;
        if (*ptr) {
            e->user_buffer = vx_true_e;
            e->ptr = *ptr;
            if (usage != VX_WRITE_ONLY) memcpy(*ptr, lut->data, lut->count * lut->elem_size);
        } else {
            e->ptr = lut->data;
            *ptr = lut->data;
        }
    }
    ovx_context_unlock(lut->base.context);
    if (!e) {
        ovx_log(LREF(lut), VX_ERROR_NO_RESOURCES, "vxAccessLUT: %d accesses are live already", OVX_MAX_MAPS);
        return VX_ERROR_NO_RESOURCES;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCommitLUT(vx_lut lut, const void *ptr)
{
    ovx_map_entry *e;
    if (!ovx_ref_valid(LREF(lut), VX_TYPE_LUT)) return VX_ERROR_INVALID_REFERENCE;
    ovx_context_lock(lut->base.context);
    e = ovx_map_find_ptr(&lut->maps, ptr);
    if (e) {
        if (e->user_buffer && e->usage != VX_READ_ONLY) memcpy(lut->data, ptr, lut->count * lut->elem_size);
        ovx_map_remove(&lut->maps, e);
    }
    ovx_context_unlock(lut->base.context);
    if (!e) {
        ovx_log(LREF(lut), VX_ERROR_INVALID_PARAMETERS, "vxCommitLUT: %p is not a live access of the LUT", ptr);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}
