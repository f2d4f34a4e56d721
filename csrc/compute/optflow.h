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
int ovxc_lk_track_avx512(const ovxc_lk_level *old_levels, const ovxc_lk_level *new_levels, vx_uint32 num_levels,
                        vx_float32 scale, vx_float32 px, vx_float32 py, vx_float32 gx, vx_float32 gy,
                        const ovxc_lk_params *params, vx_float32 *ox, vx_float32 *oy);

/* n points at once: point i is (px, py, gx, gy) = pts[4i .. 4i + 3]; ok[i]
 * and (out[2i], out[2i + 1]) are ovxc_lk_track's return value and point
 * (out untouched when 0).  The reference tracks one point after the other;
 * the SIMD variants interleave the iterations of a few points (their
 * latency chains overlap), each point's operations the reference's. */
void ovxc_lk_track_points(const ovxc_lk_level *old_levels, const ovxc_lk_level *new_levels, vx_uint32 num_levels,
                          vx_float32 scale, const ovxc_lk_params *params, vx_uint32 n, const vx_float32 *pts,
                          vx_float32 *out, vx_uint8 *ok);
void ovxc_lk_track_points_avx2(const ovxc_lk_level *old_levels, const ovxc_lk_level *new_levels,
                               vx_uint32 num_levels, vx_float32 scale, const ovxc_lk_params *params, vx_uint32 n,
                               const vx_float32 *pts, vx_float32 *out, vx_uint8 *ok);
void ovxc_lk_track_points_avx512(const ovxc_lk_level *old_levels, const ovxc_lk_level *new_levels,
                                 vx_uint32 num_levels, vx_float32 scale, const ovxc_lk_params *params, vx_uint32 n,
                                 const vx_float32 *pts, vx_float32 *out, vx_uint8 *ok);
typedef void (*ovxc_lk_points_f)(const ovxc_lk_level *old_levels, const ovxc_lk_level *new_levels,
                                 vx_uint32 num_levels, vx_float32 scale, const ovxc_lk_params *params, vx_uint32 n,
                                 const vx_float32 *pts, vx_float32 *out, vx_uint8 *ok);
/* ovxc_lk_track_points' variants (runtime/dispatch.h), best first, the reference last */
const ovx_variant *ovxc_lk_variants(void);

#endif
