/*
 * The delay.  Spec: "Object: Delay" (vxCreateDelay, vxGetReferenceFromDelay,
 * vxAgeDelay, vxQueryDelay, vxReleaseDelay).  vxRegisterAutoAging and the
 * re-binding of graph parameters on aging belong to the graph layer, which
 * finds the slot objects through ovx_delay_slot().
 *
 * vxGetReferenceFromDelay does not add a reference: the spec forbids releasing
 * what it returns unless the application retained it first.
 */
#include "delay.h"
#include "object_array.h"

#include <stdlib.h>

/* The slot at index: read under the context lock that vxAgeDelay (and a
 * graph's auto-aging) moves `pos` under. */
vx_reference ovx_delay_slot(vx_delay d, vx_int32 index)
{
    vx_size k;
    vx_reference r;
    if (index > 0 || (vx_size)(-(vx_int64)index) >= d->slots) return NULL;
    k = (vx_size)(-(vx_int64)index);
    ovx_context_lock(d->base.context);
    r = d->refs[(d->pos + k) % d->slots];
    ovx_context_unlock(d->base.context);
    return r;
}

vx_reference ovx_delay_current(vx_delay d, vx_int32 index)
{
    vx_size k, p;
    vx_reference r;
    if (index > 0 || (vx_size)(-(vx_int64)index) >= d->slots) return NULL;
    k = (vx_size)(-(vx_int64)index);
    ovx_context_lock(d->base.context);
    p = (d->pos + k) % d->slots;
    r = d->over && d->over[p] ? d->over[p] : d->refs[p];
    ovx_context_unlock(d->base.context);
    return r;
}

vx_status ovx_delay_put(vx_delay d, vx_int32 index, vx_reference ref)
{
    vx_size k, p;
    vx_reference old;
    if (index > 0 || (vx_size)(-(vx_int64)index) >= d->slots) return VX_ERROR_INVALID_PARAMETERS;
    k = (vx_size)(-(vx_int64)index);
    ovx_context_lock(d->base.context);
    if (!d->over) d->over = calloc(d->slots, sizeof(vx_reference));
    if (!d->over) {
        ovx_context_unlock(d->base.context);
        return VX_ERROR_NO_MEMORY;
    }
    p = (d->pos + k) % d->slots;
    old = d->over[p];
    if (ref == d->refs[p]) ref = NULL; /* its own object */
    if (ref) ovx_ref_retain_internal(ref);
    d->over[p] = ref;
    ovx_context_unlock(d->base.context);
    if (old) ovx_ref_release_internal(old);
    return VX_SUCCESS;
}

static void delay_destroy(vx_reference ref)
{
    vx_delay d = (vx_delay)ref;
    vx_size i;
    if (d->over) {
        /* during context teardown the objects may be gone already */
        for (i = 0; i < d->slots && !d->base.context->tearing_down; i++)
            if (d->over[i]) ovx_ref_release_internal(d->over[i]);
        free(d->over);
        d->over = NULL;
    }
    if (!d->refs) return;
    for (i = 0; i < d->slots; i++) ovx_drop_child(d->refs[i]);
    free(d->refs);
    d->refs = NULL;
}

static vx_bool delay_type_ok(vx_enum t)
{
    switch (t) {
    case VX_TYPE_ARRAY:
    case VX_TYPE_CONVOLUTION:
    case VX_TYPE_DISTRIBUTION:
    case VX_TYPE_IMAGE:
    case VX_TYPE_LUT:
    case VX_TYPE_MATRIX:
    case VX_TYPE_OBJECT_ARRAY:
    case VX_TYPE_PYRAMID:
    case VX_TYPE_REMAP:
    case VX_TYPE_SCALAR:
    case VX_TYPE_THRESHOLD:
    case VX_TYPE_TENSOR:
    case VX_TYPE_USER_DATA_OBJECT: /* vx_khr_user_data_object adds it */
        return vx_true_e;
    default:
        return vx_false_e;
    }
}

VX_API_ENTRY vx_delay VX_API_CALL vxCreateDelay(vx_context context, vx_reference exemplar, vx_size num_slots)
{
    vx_delay d;
    vx_size i;
    vx_status s;
    if (!ovx_context_valid(context)) return NULL;
    if (!ovx_ref_valid(exemplar, VX_TYPE_REFERENCE))
        return (vx_delay)ovx_error_from(context, VX_ERROR_INVALID_REFERENCE,
                                        "vxCreateDelay: exemplar is not a valid reference");
    if (!delay_type_ok(exemplar->type))
        return (vx_delay)ovx_error_from(context, VX_ERROR_INVALID_TYPE,
                                        "vxCreateDelay: a %s cannot be a delay exemplar", ovx_type_name(exemplar->type));
    if (num_slots == 0)
        return (vx_delay)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS, "vxCreateDelay: num_slots is 0");
    d = (vx_delay)ovx_ref_create(context, VX_TYPE_DELAY, sizeof(struct _vx_delay), delay_destroy, NULL);
    if (!d) return (vx_delay)ovx_error_from(context, VX_ERROR_NO_MEMORY, "vxCreateDelay: out of memory");
    d->refs = calloc(num_slots, sizeof(vx_reference));
    if (!d->refs) {
        ovx_ref_destroy((vx_reference)d);
        return (vx_delay)ovx_error_from(context, VX_ERROR_NO_MEMORY, "vxCreateDelay: out of memory");
    }
    d->type = exemplar->type;
    for (i = 0; i < num_slots; i++) {
        vx_reference r = ovx_clone_like(context, exemplar, "vxCreateDelay", &s);
        if (!r) {
            d->slots = i;
            ovx_ref_release((vx_reference *)&d, VX_TYPE_DELAY, vx_false_e);
            return (vx_delay)ovx_error(context, s);
        }
        d->refs[i] = r;
        ovx_adopt_child((vx_reference)d, r);
    }
    d->slots = num_slots;
    return d;
}

VX_API_ENTRY vx_reference VX_API_CALL vxGetReferenceFromDelay(vx_delay delay, vx_int32 index)
{
    vx_reference r;
    if (!ovx_ref_valid((vx_reference)delay, VX_TYPE_DELAY)) return NULL;
    r = ovx_delay_slot(delay, index);
    if (!r)
        return ovx_error_from(delay, VX_ERROR_INVALID_PARAMETERS,
                              "vxGetReferenceFromDelay: index %d is outside [-%zu, 0]", index,
                              (size_t)(delay->slots - 1));
    return r;
}

VX_API_ENTRY vx_status VX_API_CALL vxAgeDelay(vx_delay delay)
{
    if (!ovx_ref_valid((vx_reference)delay, VX_TYPE_DELAY)) return VX_ERROR_INVALID_REFERENCE;
    ovx_context_lock(delay->base.context);
    /* index 0 moves to -1, ..., -(slots-1) moves to 0 */
    delay->pos = (delay->pos + delay->slots - 1) % delay->slots;
    ovx_context_unlock(delay->base.context);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryDelay(vx_delay delay, vx_enum attribute, void *ptr, vx_size size)
{
    if (!ovx_ref_valid((vx_reference)delay, VX_TYPE_DELAY)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_DELAY_TYPE:
        return ovx_query_copy(ptr, size, &delay->type, sizeof(vx_enum));
    case VX_DELAY_SLOTS:
        return ovx_query_copy(ptr, size, &delay->slots, sizeof(vx_size));
    default:
        ovx_log((vx_reference)delay, VX_ERROR_NOT_SUPPORTED, "vxQueryDelay: attribute %s is not a delay attribute",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseDelay(vx_delay *delay)
{
    return ovx_ref_release((vx_reference *)delay, VX_TYPE_DELAY, vx_false_e);
}
