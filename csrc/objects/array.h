/*
 * The array object (spec "Object: Array"): a typed container of at most
 * `capacity` items, num_items of them in use, stored contiguously
 * (stride == item_size).
 */
#ifndef OVX_OBJECTS_ARRAY_H
#define OVX_OBJECTS_ARRAY_H

#include "data_map.h"

struct _vx_array {
    struct _vx_reference base;
    vx_enum item_type;   /* 0: unspecified (virtual arrays) */
    vx_size item_size;
    vx_size capacity;    /* 0: unspecified (virtual arrays) */
    vx_size num_items;
    vx_uint8 *data;      /* capacity * item_size bytes, NULL until allocated */
    vx_bool accessible;  /* virtual array: the graph lets a running node access it */
    ovx_map_table maps;
    /* a virtual array as created: 0 is deduced again at every verification */
    vx_enum decl_item_type;
    vx_size decl_capacity;
};

/* Create an array (item_type 0 / capacity 0 only with is_virtual, for the
 * graph layer).  Returns an error object on failure. */
vx_array ovx_array_create(vx_context context, vx_enum item_type, vx_size capacity, vx_reference scope,
                          vx_bool is_virtual, const char *who);
/* Give an array of known item type and capacity its storage (no-op when it
 * has some).  For virtual arrays once the graph knows their meta data. */
vx_status ovx_array_alloc(vx_array arr);
/* For kernels: append count items from ptr (contiguous), VX_FAILURE when
 * they do not fit; empty the array. */
vx_status ovx_array_push(vx_array arr, const void *ptr, vx_size count);
void ovx_array_clear(vx_array arr);
/* For kernels: address of item i. */
static inline void *ovx_array_item(vx_array arr, vx_size i)
{
    return arr->data + i * arr->item_size;
}

#endif
