/*
 * The user data object.  Spec: vx_khr_user_data_object.adoc
 * (vxCreateUserDataObject, vxQueryUserDataObject, vxSetUserDataObjectAttribute,
 * vxCopyUserDataObject, vxMapUserDataObject, vxUnmapUserDataObject,
 * vxReleaseUserDataObject).  vxCreateVirtualUserDataObject needs graphs.
 *
 * Map is direct: the returned pointer addresses the object's own bytes.
 */
#include "user_data_object.h"

#include <stdlib.h>
#include <string.h>

static void udo_destroy(vx_reference ref)
{
    vx_user_data_object u = (vx_user_data_object)ref;
    free(u->data);
    u->data = NULL;
}

VX_API_ENTRY vx_user_data_object VX_API_CALL vxCreateUserDataObject(vx_context context, const vx_char *type_name,
                                                                    vx_size size, const void *ptr)
{
    vx_user_data_object u;
    if (!ovx_context_valid(context)) return NULL;
    if (size == 0)
        return (vx_user_data_object)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                                   "vxCreateUserDataObject: size is 0");
    if (type_name && strlen(type_name) >= VX_MAX_REFERENCE_NAME)
        return (vx_user_data_object)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                                   "vxCreateUserDataObject: type_name has %zu characters, must be "
                                                   "less than VX_MAX_REFERENCE_NAME (%d)",
                                                   strlen(type_name), VX_MAX_REFERENCE_NAME);
    u = (vx_user_data_object)ovx_ref_create(context, VX_TYPE_USER_DATA_OBJECT, sizeof(struct _vx_user_data_object),
                                            udo_destroy, NULL);
    if (!u) return (vx_user_data_object)ovx_error_from(context, VX_ERROR_NO_MEMORY, "vxCreateUserDataObject: out of memory");
    u->data = ptr ? malloc(size) : calloc(1, size);
    if (!u->data) {
        ovx_ref_destroy((vx_reference)u);
        return (vx_user_data_object)ovx_error_from(context, VX_ERROR_NO_MEMORY,
                                                   "vxCreateUserDataObject: cannot allocate %zu bytes", (size_t)size);
    }
    if (ptr) memcpy(u->data, ptr, size);
    if (type_name) strcpy(u->type_name, type_name);
    u->size = size;
    u->valid_size = size;
    return u;
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseUserDataObject(vx_user_data_object *user_data_object)
{
    return ovx_ref_release((vx_reference *)user_data_object, VX_TYPE_USER_DATA_OBJECT, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryUserDataObject(vx_user_data_object user_data_object, vx_enum attribute,
                                                         void *ptr, vx_size size)
{
    vx_user_data_object u = user_data_object;
    if (!ovx_ref_valid((vx_reference)u, VX_TYPE_USER_DATA_OBJECT)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_USER_DATA_OBJECT_NAME:
        /* a vx_char[VX_MAX_REFERENCE_NAME] array */
        if (ptr == NULL || size < VX_MAX_REFERENCE_NAME) {
            ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS,
                    "vxQueryUserDataObject: VX_USER_DATA_OBJECT_NAME needs a vx_char[VX_MAX_REFERENCE_NAME] array");
            return VX_ERROR_INVALID_PARAMETERS;
        }
        memcpy(ptr, u->type_name, VX_MAX_REFERENCE_NAME);
        return VX_SUCCESS;
    case VX_USER_DATA_OBJECT_SIZE:
        return ovx_query_copy(ptr, size, &u->size, sizeof(vx_size));
    case VX_USER_DATA_OBJECT_VALID_SIZE:
        return ovx_query_copy(ptr, size, &u->valid_size, sizeof(vx_size));
    default:
        ovx_log((vx_reference)u, VX_ERROR_NOT_SUPPORTED,
                "vxQueryUserDataObject: attribute %s is not a user data object attribute", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
}

VX_API_ENTRY vx_status VX_API_CALL vxSetUserDataObjectAttribute(vx_user_data_object user_data_object,
                                                                vx_enum attribute, void *ptr, vx_size size)
{
    vx_user_data_object u = user_data_object;
    vx_size v;
    if (!ovx_ref_valid((vx_reference)u, VX_TYPE_USER_DATA_OBJECT)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_USER_DATA_OBJECT_VALID_SIZE:
        if (ptr == NULL || size != sizeof(vx_size)) {
            ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetUserDataObjectAttribute: VX_USER_DATA_OBJECT_VALID_SIZE needs a vx_size");
            return VX_ERROR_INVALID_PARAMETERS;
        }
        memcpy(&v, ptr, sizeof(v));
        if (v > u->size) {
            ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetUserDataObjectAttribute: valid size %zu is larger than the object's size %zu", (size_t)v,
                    (size_t)u->size);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        u->valid_size = v;
        return VX_SUCCESS;
    case VX_USER_DATA_OBJECT_NAME:
    case VX_USER_DATA_OBJECT_SIZE:
        ovx_log((vx_reference)u, VX_ERROR_NOT_SUPPORTED,
                "vxSetUserDataObjectAttribute: attribute %s is read-only", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    default:
        ovx_log((vx_reference)u, VX_ERROR_NOT_SUPPORTED,
                "vxSetUserDataObjectAttribute: attribute %s is not a user data object attribute", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
}

/* [offset, offset + size) within the object; size 0 means "to the end". */
static vx_status check_range(vx_user_data_object u, const char *fn, vx_size offset, vx_size *size)
{
    if (u->base.is_virtual) {
        ovx_log((vx_reference)u, VX_ERROR_OPTIMIZED_AWAY, "%s: the user data object is virtual", fn);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    if (offset >= u->size || (*size != 0 && *size > u->size - offset)) {
        ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS,
                "%s: range offset %zu size %zu is outside the object's %zu bytes", fn, (size_t)offset, (size_t)*size,
                (size_t)u->size);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (*size == 0) *size = u->size - offset;
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyUserDataObject(vx_user_data_object user_data_object, vx_size offset,
                                                        vx_size size, void *user_ptr, vx_enum usage,
                                                        vx_enum user_mem_type)
{
    vx_user_data_object u = user_data_object;
    vx_status s;
    if (!ovx_ref_valid((vx_reference)u, VX_TYPE_USER_DATA_OBJECT)) return VX_ERROR_INVALID_REFERENCE;
    s = check_range(u, "vxCopyUserDataObject", offset, &size);
    if (s != VX_SUCCESS) return s;
    if (user_ptr == NULL) {
        ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS, "vxCopyUserDataObject: user_ptr is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (user_mem_type != VX_MEMORY_TYPE_HOST) {
        ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS,
                "vxCopyUserDataObject: user_mem_type 0x%x is not VX_MEMORY_TYPE_HOST", (unsigned)user_mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (usage == VX_READ_ONLY) memcpy(user_ptr, u->data + offset, size);
    else if (usage == VX_WRITE_ONLY) memcpy(u->data + offset, user_ptr, size);
    else {
        ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS,
                "vxCopyUserDataObject: usage 0x%x is not VX_READ_ONLY or VX_WRITE_ONLY", (unsigned)usage);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxMapUserDataObject(vx_user_data_object user_data_object, vx_size offset,
                                                       vx_size size, vx_map_id *map_id, void **ptr, vx_enum usage,
                                                       vx_enum mem_type, vx_uint32 flags)
{
    vx_user_data_object u = user_data_object;
    vx_status s;
    vx_uint32 slot;
    (void)flags; /* VX_NOGAP_X has no meaning for a byte range */
    if (!ovx_ref_valid((vx_reference)u, VX_TYPE_USER_DATA_OBJECT)) return VX_ERROR_INVALID_REFERENCE;
    s = check_range(u, "vxMapUserDataObject", offset, &size);
    if (s != VX_SUCCESS) return s;
    if (map_id == NULL || ptr == NULL) {
        ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS, "vxMapUserDataObject: map_id or ptr is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (!ovx_map_usage_ok(usage)) {
        ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS, "vxMapUserDataObject: usage 0x%x is not a vx_accessor_e",
                (unsigned)usage);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (mem_type != VX_MEMORY_TYPE_HOST) {
        ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS,
                "vxMapUserDataObject: mem_type 0x%x is not VX_MEMORY_TYPE_HOST", (unsigned)mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(u->base.context);
    for (slot = 0; slot < OVX_UDO_MAX_MAPS && u->maps[slot].used; slot++) {}
    if (slot == OVX_UDO_MAX_MAPS) {
        ovx_context_unlock(u->base.context);
        ovx_log((vx_reference)u, VX_ERROR_NO_RESOURCES, "vxMapUserDataObject: %d maps are already open",
                OVX_UDO_MAX_MAPS);
        return VX_ERROR_NO_RESOURCES;
    }
    u->maps[slot].used = vx_true_e;
    u->maps[slot].usage = usage;
    u->maps[slot].offset = offset;
    u->maps[slot].size = size;
    ovx_context_unlock(u->base.context);
    *ptr = u->data + offset;
    *map_id = (vx_map_id)(slot + 1);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnmapUserDataObject(vx_user_data_object user_data_object, vx_map_id map_id)
{
    vx_user_data_object u = user_data_object;
    if (!ovx_ref_valid((vx_reference)u, VX_TYPE_USER_DATA_OBJECT)) return VX_ERROR_INVALID_REFERENCE;
    ovx_context_lock(u->base.context);
    if (map_id == 0 || map_id > OVX_UDO_MAX_MAPS || !u->maps[map_id - 1].used) {
        ovx_context_unlock(u->base.context);
        ovx_log((vx_reference)u, VX_ERROR_INVALID_PARAMETERS,
                "vxUnmapUserDataObject: map_id %zu is not an open map of this object", (size_t)map_id);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    u->maps[map_id - 1].used = vx_false_e;
    ovx_context_unlock(u->base.context);
    return VX_SUCCESS;
}
