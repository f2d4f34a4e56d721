/*
 * The image pyramid (spec "Object: Pyramid").  Its levels are images created
 * with the public vxCreateImage and held as children (see object_array.h).
 */
#ifndef OVX_OBJECTS_PYRAMID_H
#define OVX_OBJECTS_PYRAMID_H

#include "../framework/ovx.h"

struct _vx_pyramid {
    struct _vx_reference base;
    vx_size levels;
    vx_float32 scale;
    vx_uint32 width, height;
    vx_df_image format;
    vx_image *images; /* levels images, each held with an internal reference */
    /* a virtual pyramid as created: a 0 size or VIRT format is deduced again at every verification */
    vx_bool has_decl;
    vx_uint32 decl_width, decl_height;
    vx_df_image decl_format;
};

/* Size of level `level` of a pyramid whose level 0 is width x height: the
 * spec's ceil rule, computed from level 0 (ceil(w0 * scale^level); the ORB
 * scale uses its exact value 2^(-level/4)).  0 on overflow. */
vx_uint32 ovx_pyramid_level_size(vx_uint32 size0, vx_float32 scale, vx_size level);

#endif
