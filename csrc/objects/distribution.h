/*
 * The distribution object (spec "Object: Distribution"): a 1D histogram of
 * `bins` vx_uint32 counters over the values [offset, offset + range).
 * A value v falls in bin (v - offset) * bins / range.
 */
#ifndef OVX_OBJECTS_DISTRIBUTION_H
#define OVX_OBJECTS_DISTRIBUTION_H

#include "data_map.h"

struct _vx_distribution {
    struct _vx_reference base;
    vx_size bins;
    vx_int32 offset;
    vx_uint32 range;
    vx_uint32 window;     /* range / bins when range is a multiple of bins, else 0 */
    vx_bool accessible;   /* virtual distribution: the graph lets a running node access it */
    vx_uint32 *data;      /* bins counters */
    ovx_map_table maps;
};

/* Create a distribution (virtual ones for the graph layer).  Returns an error
 * object on failure. */
vx_distribution ovx_distribution_create(vx_context context, vx_size bins, vx_int32 offset, vx_uint32 range,
                                        vx_reference scope, vx_bool is_virtual, const char *who);

/* For kernels: the bin of value v, or -1 when v is outside [offset, offset + range). */
static inline vx_int64 ovx_distribution_bin(const struct _vx_distribution *d, vx_int64 v)
{
    vx_int64 rel = v - (vx_int64)d->offset;
    if (rel < 0 || rel >= (vx_int64)d->range) return -1;
    return (vx_int64)(((vx_uint64)rel * (vx_uint64)d->bins) / (vx_uint64)d->range);
}

#endif
