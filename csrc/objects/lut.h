/*
 * The LUT object (spec "Object: LUT"): `count` entries of VX_TYPE_UINT8
 * (count <= 256, offset 0) or VX_TYPE_INT16 (count <= 65536, offset count/2).
 * Input value v reads entry offset + v.
 */
#ifndef OVX_OBJECTS_LUT_H
#define OVX_OBJECTS_LUT_H

#include "data_map.h"

struct _vx_lut {
    struct _vx_reference base;
    vx_enum data_type;
    vx_size count;
    vx_size elem_size;
    vx_uint32 offset;
    vx_bool accessible;   /* virtual LUT: the graph lets a running node access it */
    void *data;           /* count entries */
    ovx_map_table maps;
};

/* Create a LUT (virtual ones for the graph layer).  Returns an error object
 * on failure. */
vx_lut ovx_lut_create(vx_context context, vx_enum data_type, vx_size count, vx_reference scope,
                      vx_bool is_virtual, const char *who);

#endif
