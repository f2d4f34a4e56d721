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
    /* vx_khr_pipelining: a queued graph parameter bound to a slot puts each
     * frame's enqueued object in that slot; over[p] (internal reference,
     * NULL: none) stands for refs[p] and ages with it */
    vx_reference *over;
};

/* The object at delay index (0, -1, ..., -(slots-1)); NULL outside. */
vx_reference ovx_delay_slot(vx_delay delay, vx_int32 index);

/* The object a graph sees at index: the enqueued object put there
 * (ovx_delay_put), else the slot's own. */
vx_reference ovx_delay_current(vx_delay delay, vx_int32 index);
/* Put ref (NULL: none) at index for the graphs (pipelining). */
vx_status ovx_delay_put(vx_delay delay, vx_int32 index, vx_reference ref);

#endif
