/*
 * Distributions.  Spec: "Object: Distribution" (vxCreateDistribution,
 * vxQueryDistribution, vxCopyDistribution, vxMapDistribution,
 * vxUnmapDistribution, vxReleaseDistribution) and the 1.0 compatibility pair
 * vxAccessDistribution / vxCommitDistribution.
 */
#include "distribution.h"

#include <stdlib.h>
#include <string.h>

#define DREF(d) ((vx_reference)(d))

static void distribution_destroy(vx_reference ref)
{
    vx_distribution d = (vx_distribution)ref;
    free(d->data);
    d->data = NULL;
}

vx_distribution ovx_distribution_create(vx_context context, vx_size bins, vx_int32 offset, vx_uint32 range,
                                        vx_reference scope, vx_bool is_virtual, const char *who)
{
    vx_distribution d;
    if (!ovx_context_valid(context)) return NULL;
    if (bins == 0 || range == 0 || bins > (vx_size)UINT32_MAX)
        return (vx_distribution)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                               "%s: %zu bins over a range of %u: both must be > 0", who,
                                               (size_t)bins, range);
    d = (vx_distribution)ovx_ref_create(context, VX_TYPE_DISTRIBUTION, sizeof(struct _vx_distribution),
                                        distribution_destroy, scope);
    if (!d) return (vx_distribution)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    d->base.is_virtual = is_virtual;
    d->bins = bins;
    d->offset = offset;
    d->range = range;
    d->window = (range % bins == 0) ? (vx_uint32)(range / bins) : 0;
    d->data = calloc(bins, sizeof(vx_uint32));
    if (!d->data) {
        vx_reference r = DREF(d);
        ovx_ref_release(&r, VX_TYPE_DISTRIBUTION, vx_false_e);
        return (vx_distribution)ovx_error_from(context, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
    }
    return d;
}

VX_API_ENTRY vx_distribution VX_API_CALL vxCreateDistribution(vx_context context, vx_size numBins, vx_int32 offset,
                                                              vx_uint32 range)
{
    return ovx_distribution_create(context, numBins, offset, range, NULL, vx_false_e, "vxCreateDistribution");
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseDistribution(vx_distribution *distribution)
{
    return ovx_ref_release((vx_reference *)distribution, VX_TYPE_DISTRIBUTION, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryDistribution(vx_distribution distribution, vx_enum attribute, void *ptr,
                                                       vx_size size)
{
    vx_distribution d = distribution;
    vx_status status;
    if (!ovx_ref_valid(DREF(d), VX_TYPE_DISTRIBUTION)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_DISTRIBUTION_DIMENSIONS: {
        vx_size v = 1;
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_DISTRIBUTION_OFFSET: status = ovx_query_copy(ptr, size, &d->offset, sizeof(vx_int32)); break;
    case VX_DISTRIBUTION_RANGE: status = ovx_query_copy(ptr, size, &d->range, sizeof(vx_uint32)); break;
    case VX_DISTRIBUTION_BINS: status = ovx_query_copy(ptr, size, &d->bins, sizeof(vx_size)); break;
    case VX_DISTRIBUTION_WINDOW: status = ovx_query_copy(ptr, size, &d->window, sizeof(vx_uint32)); break;
    case VX_DISTRIBUTION_SIZE: {
        vx_size v = d->bins * sizeof(vx_uint32);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    default:
        ovx_log(DREF(d), VX_ERROR_NOT_SUPPORTED,
                "vxQueryDistribution: attribute %s is not a distribution attribute", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (status != VX_SUCCESS)
        ovx_log(DREF(d), status, "vxQueryDistribution: attribute %s: NULL pointer or wrong size %zu",
                OVX_ATTR(attribute), (size_t)size);
    return status;
}

static vx_status dist_accessible(vx_distribution d, const char *who)
{
    if (d->base.is_virtual && !ovx_accessible_now(&d->accessible)) {
        ovx_log(DREF(d), VX_ERROR_OPTIMIZED_AWAY, "%s: the distribution is virtual", who);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyDistribution(vx_distribution distribution, void *user_ptr, vx_enum usage,
                                                      vx_enum user_mem_type)
{
    vx_distribution d = distribution;
    vx_status status;
    if (!ovx_ref_valid(DREF(d), VX_TYPE_DISTRIBUTION)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = dist_accessible(d, "vxCopyDistribution")) != VX_SUCCESS) return status;
    if (user_ptr == NULL || !ovx_copy_usage_ok(usage) || !ovx_mem_type_ok(user_mem_type)) {
        ovx_log(DREF(d), VX_ERROR_INVALID_PARAMETERS,
                "vxCopyDistribution: needs a user_ptr (%p), usage VX_READ_ONLY or VX_WRITE_ONLY (0x%x) and "
                "VX_MEMORY_TYPE_HOST (0x%x)",
                user_ptr, (unsigned)usage, (unsigned)user_mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (usage == VX_READ_ONLY) memcpy(user_ptr, d->data, d->bins * sizeof(vx_uint32));
    else memcpy(d->data, user_ptr, d->bins * sizeof(vx_uint32));
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxMapDistribution(vx_distribution distribution, vx_map_id *map_id, void **ptr,
                                                     vx_enum usage, vx_enum mem_type, vx_bitfield flags)
{
    vx_distribution d = distribution;
    ovx_map_entry *e;
    vx_status status;
    if (!ovx_ref_valid(DREF(d), VX_TYPE_DISTRIBUTION)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = dist_accessible(d, "vxMapDistribution")) != VX_SUCCESS) return status;
    if (map_id == NULL || ptr == NULL || !ovx_map_usage_ok(usage) || !ovx_mem_type_ok(mem_type) ||
        !ovx_map_flags_ok(flags)) {
        ovx_log(DREF(d), VX_ERROR_INVALID_PARAMETERS,
                "vxMapDistribution: needs map_id and ptr, a vx_accessor_e usage (0x%x), VX_MEMORY_TYPE_HOST "
                "(0x%x) and flags 0 (0x%x)",
                (unsigned)usage, (unsigned)mem_type, (unsigned)flags);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(d->base.context);
    e = ovx_map_add(&d->maps);
    if (e) {
        e->usage = usage;
        e->end = d->bins;
        e->ptr = d->data;
        *map_id = e->id;
        *ptr = d->data;
    }
    ovx_context_unlock(d->base.context);
    if (!e) {
        ovx_log(DREF(d), VX_ERROR_NO_RESOURCES, "vxMapDistribution: %d mappings are live already", OVX_MAX_MAPS);
        return VX_ERROR_NO_RESOURCES;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnmapDistribution(vx_distribution distribution, vx_map_id map_id)
{
    vx_distribution d = distribution;
    ovx_map_entry *e;
    if (!ovx_ref_valid(DREF(d), VX_TYPE_DISTRIBUTION)) return VX_ERROR_INVALID_REFERENCE;
    ovx_context_lock(d->base.context);
    e = ovx_map_find(&d->maps, map_id);
    if (e && !e->user_buffer) ovx_map_remove(&d->maps, e);
    ovx_context_unlock(d->base.context);
    if (!e || e->user_buffer) {
        ovx_log(DREF(d), VX_ERROR_INVALID_PARAMETERS,
                "vxUnmapDistribution: %lu is not a live map id of the distribution", (unsigned long)map_id);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

/* ---- 1.0 compatibility: *ptr NULL gives the distribution's own memory;
 * otherwise the application's buffer is filled (read usages) and copied back
 * by the commit (write usages). */
VX_API_ENTRY vx_status VX_API_CALL vxAccessDistribution(vx_distribution distribution, void **ptr, vx_enum usage)
{
    vx_distribution d = distribution;
    ovx_map_entry *e;
    vx_status status;
    if (!ovx_ref_valid(DREF(d), VX_TYPE_DISTRIBUTION)) return VX_ERROR_INVALID_REFERENCE;
    if ((status = dist_accessible(d, "vxAccessDistribution")) != VX_SUCCESS) return status;
    if (ptr == NULL || !ovx_map_usage_ok(usage)) {
        ovx_log(DREF(d), VX_ERROR_INVALID_PARAMETERS, "vxAccessDistribution: needs ptr and a vx_accessor_e usage");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(d->base.context);
    e = ovx_map_add(&d->maps);
    if (e) {
        e->usage = usage;
        e->end = d->bins;
        if (*ptr) {
            e->user_buffer = vx_true_e;
            e->ptr = *ptr;
            if (usage != VX_WRITE_ONLY) memcpy(*ptr, d->data, d->bins * sizeof(vx_uint32));
        } else {
            e->ptr = d->data;
            *ptr = d->data;
        }
    }
    ovx_context_unlock(d->base.context);
    if (!e) {
        ovx_log(DREF(d), VX_ERROR_NO_RESOURCES, "vxAccessDistribution: %d accesses are live already", OVX_MAX_MAPS);
        return VX_ERROR_NO_RESOURCES;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCommitDistribution(vx_distribution distribution, const void *ptr)
{
    vx_distribution d = distribution;
    ovx_map_entry *e;
    if (!ovx_ref_valid(DREF(d), VX_TYPE_DISTRIBUTION)) return VX_ERROR_INVALID_REFERENCE;
    ovx_context_lock(d->base.context);
    e = ovx_map_find_ptr(&d->maps, ptr);
    if (e) {
        if (e->user_buffer && e->usage != VX_READ_ONLY) memcpy(d->data, ptr, d->bins * sizeof(vx_uint32));
        ovx_map_remove(&d->maps, e);
    }
    ovx_context_unlock(d->base.context);
    if (!e) {
        ovx_log(DREF(d), VX_ERROR_INVALID_PARAMETERS,
                "vxCommitDistribution: %p is not a live access of the distribution", ptr);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}
