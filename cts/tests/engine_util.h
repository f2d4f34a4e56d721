/* Helpers of the graph-engine tests (defined in test_graph.c, used by
 * test_node.c and test_user_node.c too): seeded U8 test images and the user
 * kernels the engine tests build their graphs from. */
#ifndef CTS_ENGINE_UTIL_H
#define CTS_ENGINE_UTIL_H

#include "../runner/cts.h"

void et_fill(vx_image img, vx_uint32 seed);
vx_image et_image(vx_context c, vx_uint32 w, vx_uint32 h, vx_uint32 seed);
int et_check(vx_image img, vx_uint32 seed);
int et_pixel(vx_image img, vx_uint32 x, vx_uint32 y);
vx_kernel et_add_kernel(vx_context c);
vx_kernel et_shrink_kernel(vx_context c);
vx_kernel et_sum_kernel(vx_context c);
vx_kernel et_row_kernel(vx_context c);
vx_kernel et_asum_kernel(vx_context c);
vx_kernel et_pyr_kernel(vx_context c);
vx_node et_node(vx_graph g, vx_kernel k, vx_reference p0, vx_reference p1, vx_reference p2);
vx_uint32 et_scalar_u32(vx_scalar s);
extern volatile int et_add_runs;
extern volatile vx_uint32 et_add_delay_us;

#define R(x) ((vx_reference)(x))

#endif
