/*
 * Remaps.  Spec: "Object: Remap" (vxCreateRemap, vxQueryRemap,
 * vxMapRemapPatch, vxUnmapRemapPatch, vxCopyRemapPatch, vxReleaseRemap) and
 * the 1.0 compatibility pair vxSetRemapPoint / vxGetRemapPoint.
 * Every point starts at (0, 0).
 */
#include "remap.h"
#include "../runtime/bigmem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define RREF(r) ((vx_reference)(r))

void ovx_remap_touch(vx_remap r)
{
    static vx_uint64 counter; /* stamps 1, 2, ...: 0 is never a stamp */
    r->stamp = __atomic_add_fetch(&counter, 1u, __ATOMIC_RELAXED);
}

static void remap_destroy(vx_reference ref)
{
    vx_remap r = (vx_remap)ref;
    free(r->data);
    r->data = NULL;
}

vx_remap ovx_remap_create(vx_context context, vx_uint32 src_width, vx_uint32 src_height, vx_uint32 dst_width,
                          vx_uint32 dst_height, vx_reference scope, vx_bool is_virtual, const char *who)
{
    vx_remap r;
    if (!ovx_context_valid(context)) return NULL;
    if (src_width == 0 || src_height == 0 || dst_width == 0 || dst_height == 0)
        return (vx_remap)ovx_error_from(context, VX_ERROR_INVALID_DIMENSION,
                                        "%s: source %ux%u and destination %ux%u must all be non-zero", who, src_width,
                                        src_height, dst_width, dst_height);
    r = (vx_remap)ovx_ref_create(context, VX_TYPE_REMAP, sizeof(struct _vx_remap), remap_destroy, scope);
    if (!r) return (vx_remap)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    r->base.is_virtual = is_virtual;
    r->src_width = src_width;
    r->src_height = src_height;
    r->dst_width = dst_width;
    r->dst_height = dst_height;
    ovx_remap_touch(r);
    r->data = (vx_uint64)dst_width * dst_height <= SIZE_MAX / sizeof(vx_coordinates2df_t)
                  ? ovx_big_alloc((size_t)dst_width * dst_height * sizeof(vx_coordinates2df_t))
                  : NULL;
    if (!r->data) {
        vx_reference ref = RREF(r);
        ovx_ref_release(&ref, VX_TYPE_REMAP, vx_false_e);
        return (vx_remap)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    }
    return r;
}

VX_API_ENTRY vx_remap VX_API_CALL vxCreateRemap(vx_context context, vx_uint32 src_width, vx_uint32 src_height,
                                                vx_uint32 dst_width, vx_uint32 dst_height)
{
    return ovx_remap_create(context, src_width, src_height, dst_width, dst_height, NULL, vx_false_e, "vxCreateRemap");
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseRemap(vx_remap *table)
{
    return ovx_ref_release((vx_reference *)table, VX_TYPE_REMAP, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryRemap(vx_remap table, vx_enum attribute, void *ptr, vx_size size)
{
    vx_status status;
    if (!ovx_ref_valid(RREF(table), VX_TYPE_REMAP)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_REMAP_SOURCE_WIDTH: status = ovx_query_copy(ptr, size, &table->src_width, sizeof(vx_uint32)); break;
    case VX_REMAP_SOURCE_HEIGHT: status = ovx_query_copy(ptr, size, &table->src_height, sizeof(vx_uint32)); break;
    case VX_REMAP_DESTINATION_WIDTH: status = ovx_query_copy(ptr, size, &table->dst_width, sizeof(vx_uint32)); break;
    case VX_REMAP_DESTINATION_HEIGHT:
        status = ovx_query_copy(ptr, size, &table->dst_height, sizeof(vx_uint32));
        break;
    default:
        ovx_log(RREF(table), VX_ERROR_NOT_SUPPORTED, "vxQueryRemap: attribute %s is not a remap attribute",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (status != VX_SUCCESS)
        ovx_log(RREF(table), status, "vxQueryRemap: attribute %s: NULL pointer or wrong size %zu",
                OVX_ATTR(attribute), (size_t)size);
    return status;
}

static vx_status remap_accessible(vx_remap r, const char *who)
{
    if (r->base.is_virtual && !ovx_accessible_now(&r->accessible)) {
        ovx_log(RREF(r), VX_ERROR_OPTIMIZED_AWAY, "%s: the remap is virtual", who);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    return VX_SUCCESS;
}

static vx_status check_rect(vx_remap r, const vx_rectangle_t *rect, vx_enum coordinate_type, const char *who)
{
    if (rect == NULL || rect->start_x >= rect->end_x || rect->start_y >= rect->end_y || rect->end_x > r->dst_width ||
        rect->end_y > r->dst_height) {
        if (rect)
            ovx_log(RREF(r), VX_ERROR_INVALID_PARAMETERS,
                    "%s: patch (%u, %u)-(%u, %u) is empty or not within the %ux%u destination", who, rect->start_x,
                    rect->start_y, rect->end_x, rect->end_y, r->dst_width, r->dst_height);
        else
            ovx_log(RREF(r), VX_ERROR_INVALID_PARAMETERS, "%s: rect is NULL", who);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (coordinate_type != VX_TYPE_COORDINATES2DF) {
        ovx_log(RREF(r), VX_ERROR_INVALID_PARAMETERS, "%s: coordinate type 0x%x is not VX_TYPE_COORDINATES2DF", who,
                (unsigned)coordinate_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxMapRemapPatch(vx_remap remap, const vx_rectangle_t *rect, vx_map_id *map_id,
                                                   vx_size *stride_y, void **ptr, vx_enum coordinate_type,
                                                   vx_enum usage, vx_enum mem_type)
{
    static const char who[] = "vxMapRemapPatch";
    ovx_map_entry *e;
    vx_status status;
    if (!ovx_ref_valid(RREF(remap), VX_TYPE_REMAP)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = remap_accessible(remap, who)) != VX_SUCCESS) return status;
    if ((status = check_rect(remap, rect, coordinate_type, who)) != VX_SUCCESS) return status;
    if (map_id == NULL || stride_y == NULL || ptr == NULL || !ovx_map_usage_ok(usage) || !ovx_mem_type_ok(mem_type)) {
        ovx_log(RREF(remap), VX_ERROR_INVALID_PARAMETERS,
                "%s: needs map_id, stride_y and ptr, a vx_accessor_e usage (0x%x) and VX_MEMORY_TYPE_HOST (0x%x)",
                who, (unsigned)usage, (unsigned)mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(remap->base.context);
    e = ovx_map_add(&remap->maps);
    if (e) {
        e->usage = usage;
        e->rect = *rect;
        e->ptr = remap->data + (vx_size)rect->start_y * remap->dst_width + rect->start_x;
        *map_id = e->id;
        *stride_y = (vx_size)remap->dst_width * sizeof(vx_coordinates2df_t);
        *ptr = e->ptr;
        if (usage != VX_READ_ONLY) ovx_remap_touch(remap);
    }
    ovx_context_unlock(remap->base.context);
    if (!e) {
        ovx_log(RREF(remap), VX_ERROR_NO_RESOURCES, "%s: %d mappings are live already", who, OVX_MAX_MAPS);
        return VX_ERROR_NO_RESOURCES;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnmapRemapPatch(vx_remap remap, vx_map_id map_id)
{
    ovx_map_entry *e;
    if (!ovx_ref_valid(RREF(remap), VX_TYPE_REMAP)) return VX_ERROR_INVALID_REFERENCE;
    ovx_context_lock(remap->base.context);
    e = ovx_map_find(&remap->maps, map_id);
    if (e && e->usage != VX_READ_ONLY) ovx_remap_touch(remap); /* the content the mapping wrote */
    if (e) ovx_map_remove(&remap->maps, e);
    ovx_context_unlock(remap->base.context);
    if (!e) {
        ovx_log(RREF(remap), VX_ERROR_INVALID_PARAMETERS, "vxUnmapRemapPatch: %lu is not a live map id of the remap",
                (unsigned long)map_id);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyRemapPatch(vx_remap remap, const vx_rectangle_t *rect, vx_size user_stride_y,
                                                    void *user_ptr, vx_enum user_coordinate_type, vx_enum usage,
                                                    vx_enum user_mem_type)
{
    static const char who[] = "vxCopyRemapPatch";
    vx_size row_bytes;
    vx_uint32 y;
    vx_status status;
    if (!ovx_ref_valid(RREF(remap), VX_TYPE_REMAP)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = remap_accessible(remap, who)) != VX_SUCCESS) return status;
    if ((status = check_rect(remap, rect, user_coordinate_type, who)) != VX_SUCCESS) return status;
    row_bytes = (vx_size)(rect->end_x - rect->start_x) * sizeof(vx_coordinates2df_t);
    if (user_ptr == NULL || user_stride_y < row_bytes || !ovx_copy_usage_ok(usage) ||
        !ovx_mem_type_ok(user_mem_type)) {
        ovx_log(RREF(remap), VX_ERROR_INVALID_PARAMETERS,
                "%s: needs a user_ptr (%p), user_stride_y >= %zu (%zu), usage VX_READ_ONLY or VX_WRITE_ONLY (0x%x) "
                "and VX_MEMORY_TYPE_HOST (0x%x)",
                who, user_ptr, (size_t)row_bytes, (size_t)user_stride_y, (unsigned)usage, (unsigned)user_mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    for (y = rect->start_y; y < rect->end_y; y++) {
        vx_coordinates2df_t *row = remap->data + (vx_size)y * remap->dst_width + rect->start_x;
        vx_uint8 *user = (vx_uint8 *)user_ptr + (vx_size)(y - rect->start_y) * user_stride_y;
        if (usage == VX_READ_ONLY) memcpy(user, row, row_bytes);
        else memcpy(row, user, row_bytes);
    }
    if (usage != VX_READ_ONLY) ovx_remap_touch(remap);
    return VX_SUCCESS;
}

/* ---- 1.0 compatibility ---------------------------------------------------- */
VX_API_ENTRY vx_status VX_API_CALL vxSetRemapPoint(vx_remap table, vx_uint32 dst_x, vx_uint32 dst_y, vx_float32 src_x,
                                                   vx_float32 src_y)
{
    vx_status status;
    if (!ovx_ref_valid(RREF(table), VX_TYPE_REMAP)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = remap_accessible(table, "vxSetRemapPoint")) != VX_SUCCESS) return status;
    if (dst_x >= table->dst_width || dst_y >= table->dst_height) {
        ovx_log(RREF(table), VX_ERROR_INVALID_VALUE, "vxSetRemapPoint: (%u, %u) is outside the %ux%u destination",
                dst_x, dst_y, table->dst_width, table->dst_height);
        return VX_ERROR_INVALID_VALUE;
    }
    table->data[(vx_size)dst_y * table->dst_width + dst_x].x = src_x;
    table->data[(vx_size)dst_y * table->dst_width + dst_x].y = src_y;
    ovx_remap_touch(table);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxGetRemapPoint(vx_remap table, vx_uint32 dst_x, vx_uint32 dst_y,
                                                   vx_float32 *src_x, vx_float32 *src_y)
{
    vx_status status;
    if (!ovx_ref_valid(RREF(table), VX_TYPE_REMAP)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = remap_accessible(table, "vxGetRemapPoint")) != VX_SUCCESS) return status;
    if (dst_x >= table->dst_width || dst_y >= table->dst_height || src_x == NULL || src_y == NULL) {
        ovx_log(RREF(table), VX_ERROR_INVALID_PARAMETERS,
                "vxGetRemapPoint: (%u, %u) is outside the %ux%u destination, or an output pointer is NULL", dst_x,
                dst_y, table->dst_width, table->dst_height);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    *src_x = table->data[(vx_size)dst_y * table->dst_width + dst_x].x;
    *src_y = table->data[(vx_size)dst_y * table->dst_width + dst_x].y;
    return VX_SUCCESS;
}
