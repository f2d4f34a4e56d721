/*
 * The object array (spec "Object: ObjectArray"), and the "create like the
 * exemplar" helper shared with delays.
 *
 * Items (and pyramid levels, delay slots) are children: the container holds
 * each with an internal reference and the child's external count starts at 0,
 * so the application can never release a child below its container's hold.
 */
#ifndef OVX_OBJECTS_OBJECT_ARRAY_H
#define OVX_OBJECTS_OBJECT_ARRAY_H

#include "../framework/ovx.h"

struct _vx_object_array {
    struct _vx_reference base;
    vx_enum item_type;
    vx_size num_items;
    vx_reference *items; /* each held with an internal reference */
    vx_reference source; /* vxCreateImageObjectArrayFromTensor: the tensor, held internally */
};

/* A new object (external count 1) of exemplar's type with exemplar's metadata,
 * made through the public vxQuery and vxCreate functions; NULL (after a log
 * entry on context naming fn, with *status set) when it cannot be made. */
vx_reference ovx_clone_like(vx_context context, vx_reference exemplar, const char *fn, vx_status *status);

/* Containers adopt their items with ovx_adopt_child / ovx_drop_child (ovx.h). */

/* An object array wrapping existing images (vxCreateImageObjectArrayFromTensor);
 * the images (external count 1 each) are adopted. */
vx_object_array ovx_object_array_wrap(vx_context context, vx_enum item_type, vx_size count, vx_reference *items);

#endif
