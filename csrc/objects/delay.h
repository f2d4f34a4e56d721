/*
 * The delay (spec "Object: Delay"): a ring of slot objects made like an
 * exemplar, held as children (see object_array.h).
 */
#ifndef OVX_OBJECTS_DELAY_H
#define OVX_OBJECTS_DELAY_H

#include "../framework/ovx.h"

struct _vx_delay {
    struct _vx_reference base;
    vx_enum type;
    vx_size slots;
    vx_size pos;         /* refs[pos] is index 0; index -k is refs[(pos + k) % slots] */
    vx_reference *refs;  /* each held with an internal reference */
};

/* The object at delay index (0, -1, ..., -(slots-1)); NULL outside. */
vx_reference ovx_delay_slot(vx_delay delay, vx_int32 index);

#endif
