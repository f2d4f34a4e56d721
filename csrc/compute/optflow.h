/*
 * Compute routines: pyramidal Lucas-Kanade optical flow (Bouguet), one point
 * at a time on raw U8 level planes.  No vx_ objects, no allocation.
 */
#ifndef OVXC_COMPUTE_OPTFLOW_H
#define OVXC_COMPUTE_OPTFLOW_H

#include <VX/vx_types.h>
#include <stdint.h>

#include "../runtime/dispatch.h"

/* Largest window the routines accept (stack buffers). */
#define OVXC_LK_MAX_WINDOW 15

/* One U8 plane of a pyramid level. */
typedef struct {
    const vx_uint8 *ptr;
    vx_int32 stride;
    vx_uint32 width, height;
} ovxc_lk_level;

/* Termination: stop after max_iter iterations (use_iter), and/or when the
 * step's length is <= epsilon (use_eps). */
typedef struct {
    vx_uint32 max_iter;
    vx_float32 epsilon;
    int use_iter, use_eps;
    vx_uint32 window; /* odd, 3 .. OVXC_LK_MAX_WINDOW */
} ovxc_lk_params;

/* Track the point (px, py) of level 0 of old_levels into new_levels, both of
 * num_levels levels, level l scaled by scale^l; (gx, gy) is the start guess
 * at level 0 (the old point itself, or an initial estimate).  Returns 1 and
 * the tracked point in *ox, *oy, or 0 when tracking is lost (spatial
 * gradient matrix not invertible / minimum eigenvalue too small, or the point
 * leaves the image). */
int ovxc_lk_track(const ovxc_lk_level *old_levels, const ovxc_lk_level *new_levels, vx_uint32 num_levels,
                 vx_float32 scale, vx_float32 px, vx_float32 py, vx_float32 gx, vx_float32 gy,
                 const ovxc_lk_params *params, vx_float32 *ox, vx_float32 *oy);
int ovxc_lk_track_avx2(const ovxc_lk_level *old_levels, const ovxc_lk_level *new_levels, vx_uint32 num_levels,
                      vx_float32 scale, vx_float32 px, vx_float32 py, vx_float32 gx, vx_float32 gy,
                      const ovxc_lk_params *params, vx_float32 *ox, vx_float32 *oy);
typedef int (*ovxc_lk_track_f)(const ovxc_lk_level *old_levels, const ovxc_lk_level *new_levels, vx_uint32 num_levels,
                              vx_float32 scale, vx_float32 px, vx_float32 py, vx_float32 gx, vx_float32 gy,
                              const ovxc_lk_params *params, vx_float32 *ox, vx_float32 *oy);
/* ovxc_lk_track's variants (runtime/dispatch.h), best first, the reference last */
const ovx_variant *ovxc_lk_variants(void);

#endif
