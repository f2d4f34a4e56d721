/*
 * Shared bookkeeping of the simple data objects (scalar, array, LUT,
 * distribution, matrix, convolution, threshold, remap): argument checks of
 * the copy and map functions, and the table of an object's live mappings.
 *
 * Mappings are zero-copy: vxMap* hands out a pointer into the object's own
 * storage (host memory), so a map records only what unmap must check and
 * what the compatibility Access/Commit pairs must copy back.
 *
 * Virtual objects: a copy or map of an object with base.is_virtual set is
 * refused with VX_ERROR_OPTIMIZED_AWAY unless the object's `accessible` flag
 * is set (the graph executor sets it while a node that uses the object runs,
 * so user kernels can map it).
 */
#ifndef OVX_OBJECTS_DATA_MAP_H
#define OVX_OBJECTS_DATA_MAP_H

#include "../framework/ovx.h"

#include <string.h>

#define OVX_MAX_MAPS 16

typedef struct {
    vx_map_id id;        /* 0: free slot */
    vx_enum usage;
    vx_size start, end;  /* item range (arrays) or 0..count */
    vx_rectangle_t rect; /* remap patches */
    void *ptr;           /* what the application got */
    vx_size stride;      /* the application's stride (compat Access) */
    vx_bool user_buffer; /* compat Access into the application's buffer */
} ovx_map_entry;

typedef struct {
    ovx_map_entry e[OVX_MAX_MAPS];
    vx_uint32 count;
    vx_map_id next_id;
} ovx_map_table;

/* A new entry with a fresh id, or NULL when OVX_MAX_MAPS are live. */
static inline ovx_map_entry *ovx_map_add(ovx_map_table *t)
{
    vx_uint32 i;
    for (i = 0; i < OVX_MAX_MAPS; i++) {
        if (t->e[i].id == 0) {
            memset(&t->e[i], 0, sizeof(t->e[i]));
            t->e[i].id = ++t->next_id;
            if (t->e[i].id == 0) t->e[i].id = ++t->next_id;
            t->count++;
            return &t->e[i];
        }
    }
    return NULL;
}

static inline ovx_map_entry *ovx_map_find(ovx_map_table *t, vx_map_id id)
{
    vx_uint32 i;
    if (id == 0) return NULL;
    for (i = 0; i < OVX_MAX_MAPS; i++)
        if (t->e[i].id == id) return &t->e[i];
    return NULL;
}

static inline ovx_map_entry *ovx_map_find_ptr(ovx_map_table *t, const void *ptr)
{
    vx_uint32 i;
    if (ptr == NULL) return NULL;
    for (i = 0; i < OVX_MAX_MAPS; i++)
        if (t->e[i].id != 0 && t->e[i].ptr == ptr) return &t->e[i];
    return NULL;
}

static inline void ovx_map_remove(ovx_map_table *t, ovx_map_entry *e)
{
    e->id = 0;
    t->count--;
}

/* Argument checks of copy/map (usage, memory type, flags) are in ovx.h. */

/* Size in bytes of a scalar / array item type: a standard type, or a user
 * struct registered in c; 0 when unknown. */
static inline vx_size ovx_item_type_size(vx_context c, vx_enum type)
{
    if (type >= VX_TYPE_USER_STRUCT_START && type <= VX_TYPE_USER_STRUCT_END)
        return ovx_user_struct_size(c, type);
    return (vx_size)ovx_type_size(type);
}

#endif
