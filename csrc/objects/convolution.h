/*
 * The convolution object (spec "Object: Convolution"): rows x columns
 * vx_int16 coefficients, row-major, and a scale (a power of two).
 */
#ifndef OVX_OBJECTS_CONVOLUTION_H
#define OVX_OBJECTS_CONVOLUTION_H

#include "data_map.h"

struct _vx_convolution {
    struct _vx_reference base;
    vx_size columns, rows;
    vx_uint32 scale;
    vx_bool accessible;   /* virtual convolution: the graph lets a running node access it */
    vx_int16 *data;       /* rows * columns coefficients, row-major */
};

/* Create a convolution (virtual ones for the graph layer).  Returns an error
 * object on failure. */
vx_convolution ovx_convolution_create(vx_context context, vx_size columns, vx_size rows, vx_reference scope,
                                      vx_bool is_virtual, const char *who);

#endif
