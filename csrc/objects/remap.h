/*
 * The remap object (spec "Object: Remap"): for each destination pixel
 * (x, y) of a dst_width x dst_height image, the source coordinates
 * (vx_coordinates2df_t) it maps to, stored row-major.
 */
#ifndef OVX_OBJECTS_REMAP_H
#define OVX_OBJECTS_REMAP_H

#include "data_map.h"

struct _vx_remap {
    struct _vx_reference base;
    vx_uint32 src_width, src_height;
    vx_uint32 dst_width, dst_height;
    vx_bool accessible;          /* virtual remap: the graph lets a running node access it */
    vx_coordinates2df_t *data;   /* dst_width * dst_height points */
    ovx_map_table maps;
    vx_uint64 stamp;             /* the content's version: a value of a process-wide counter taken at creation
                                  * and at every write of data (ovx_remap_touch); never 0, never reused, so
                                  * a table derived from data (kernels/geometry.c's nearest table) tagged with
                                  * it matches only this remap's current content */
};

/* A new stamp for r after (or before) a write of its data: every writer of
 * r->data calls it (remap.c's API, the Copy and Swap kernels). */
void ovx_remap_touch(vx_remap r);

/* Create a remap (virtual ones for the graph layer).  Returns an error object
 * on failure. */
vx_remap ovx_remap_create(vx_context context, vx_uint32 src_width, vx_uint32 src_height, vx_uint32 dst_width,
                          vx_uint32 dst_height, vx_reference scope, vx_bool is_virtual, const char *who);

/* For kernels: the source point of destination pixel (x, y). */
static inline const vx_coordinates2df_t *ovx_remap_at(const struct _vx_remap *r, vx_uint32 x, vx_uint32 y)
{
    return &r->data[(vx_size)y * r->dst_width + x];
}

#endif
