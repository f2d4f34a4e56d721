/*
 * The user data object (vx_khr_user_data_object): a named blob of bytes with
 * a valid size, copied and mapped by byte ranges.
 */
#ifndef OVX_OBJECTS_USER_DATA_OBJECT_H
#define OVX_OBJECTS_USER_DATA_OBJECT_H

#include "../framework/ovx.h"

#define OVX_UDO_MAX_MAPS 16

typedef struct {
    vx_bool used;
    vx_enum usage;
    vx_size offset, size;
} ovx_udo_map;

struct _vx_user_data_object {
    struct _vx_reference base;
    char type_name[VX_MAX_REFERENCE_NAME];
    vx_size size;
    vx_size valid_size;
    vx_uint8 *data;
    ovx_udo_map maps[OVX_UDO_MAX_MAPS];
};

#endif
