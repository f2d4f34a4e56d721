/*
 * Immediate mode (vxu*): each call is a one-node graph built with the public
 * API, run with the context's immediate border mode and target
 * (VX_CONTEXT_IMMEDIATE_BORDER, vxSetImmediateModeTarget).  The vxu functions
 * are generated from the kernel table (tools/gen_kernels.py); one is
 *
 *     vx_status vxuBox3x3(vx_context context, vx_image input, vx_image output)
 *     {
 *         vx_graph graph = ovxu_graph(context);
 *         if (!graph) return VX_ERROR_INVALID_REFERENCE;
 *         return ovxu_run(graph, vxBox3x3Node(graph, input, output));
 *     }
 */
#ifndef OVXU_COMMON_H
#define OVXU_COMMON_H

#include <VX/vx.h>
#include <VX/vx_compatibility.h>
#include <VX/vxu.h>

/* A new graph in context, or NULL when context is not a valid context. */
vx_graph ovxu_graph(vx_context context);

/* Give node the immediate border mode (following the immediate border policy
 * when the kernel does not support it), verify and process graph, release
 * node and graph.  node may be an error object or NULL (its status is
 * returned). */
vx_status ovxu_run(vx_graph graph, vx_node node);

/* For kernels that support VX_BORDER_UNDEFINED only (the kernel table's
 * vxu_border "undefined"): VX_ERROR_NOT_SUPPORTED when the immediate border
 * is another mode and the policy is VX_BORDER_POLICY_RETURN_ERROR; and
 * ovxu_run with the node's border VX_BORDER_UNDEFINED whatever the context's. */
vx_status ovxu_border_undefined_ok(vx_context context);
vx_status ovxu_run_undefined(vx_graph graph, vx_node node);

#endif
