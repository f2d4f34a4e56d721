/*
 * Immediate mode: feature detectors and optical flow.  These kernels support
 * VX_BORDER_UNDEFINED only; under VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED
 * another immediate border mode runs them with UNDEFINED, under
 * VX_BORDER_POLICY_RETURN_ERROR it is refused with VX_ERROR_NOT_SUPPORTED.
 */
#include "vxu_common.h"

/* The immediate border is acceptable for an UNDEFINED-only kernel? */
static vx_status border_ok(vx_context context)
{
    vx_border_t border;
    vx_enum policy = VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED;
    if (vxQueryContext(context, VX_CONTEXT_IMMEDIATE_BORDER, &border, sizeof(border)) != VX_SUCCESS)
        return VX_SUCCESS;
    (void)vxQueryContext(context, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &policy, sizeof(policy));
    if (border.mode != VX_BORDER_UNDEFINED && policy == VX_BORDER_POLICY_RETURN_ERROR) return VX_ERROR_NOT_SUPPORTED;
    return VX_SUCCESS;
}

/* Run node with VX_BORDER_UNDEFINED (see above). */
static vx_status run_undefined(vx_graph graph, vx_node node)
{
    vx_status status = vxGetStatus((vx_reference)node);
    if (node == NULL) status = VX_ERROR_INVALID_PARAMETERS;
    if (status == VX_SUCCESS) {
        vx_border_t border = {VX_BORDER_UNDEFINED, {{0}}};
        status = vxSetNodeAttribute(node, VX_NODE_BORDER, &border, sizeof(border));
        if (status == VX_SUCCESS) status = vxVerifyGraph(graph);
        if (status == VX_SUCCESS) status = vxProcessGraph(graph);
    }
    if (node != NULL && vxGetStatus((vx_reference)node) == VX_SUCCESS) (void)vxReleaseNode(&node);
    (void)vxReleaseGraph(&graph);
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxuCannyEdgeDetector(vx_context context, vx_image input, vx_threshold hyst,
                                                        vx_int32 gradient_size, vx_enum norm_type, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    vx_status s;
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    if ((s = border_ok(context)) != VX_SUCCESS) {
        (void)vxReleaseGraph(&graph);
        return s;
    }
    return run_undefined(graph, vxCannyEdgeDetectorNode(graph, input, hyst, gradient_size, norm_type, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuHarrisCorners(vx_context context, vx_image input, vx_scalar strength_thresh,
                                                    vx_scalar min_distance, vx_scalar sensitivity,
                                                    vx_int32 gradient_size, vx_int32 block_size, vx_array corners,
                                                    vx_scalar num_corners)
{
    vx_graph graph = ovxu_graph(context);
    vx_status s;
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    if ((s = border_ok(context)) != VX_SUCCESS) {
        (void)vxReleaseGraph(&graph);
        return s;
    }
    return run_undefined(graph, vxHarrisCornersNode(graph, input, strength_thresh, min_distance, sensitivity,
                                                    gradient_size, block_size, corners, num_corners));
}

VX_API_ENTRY vx_status VX_API_CALL vxuFastCorners(vx_context context, vx_image input, vx_scalar strength_thresh,
                                                  vx_bool nonmax_suppression, vx_array corners, vx_scalar num_corners)
{
    vx_graph graph = ovxu_graph(context);
    vx_status s;
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    if ((s = border_ok(context)) != VX_SUCCESS) {
        (void)vxReleaseGraph(&graph);
        return s;
    }
    return run_undefined(graph,
                         vxFastCornersNode(graph, input, strength_thresh, nonmax_suppression, corners, num_corners));
}

VX_API_ENTRY vx_status VX_API_CALL vxuOpticalFlowPyrLK(vx_context context, vx_pyramid old_images,
                                                       vx_pyramid new_images, vx_array old_points,
                                                       vx_array new_points_estimates, vx_array new_points,
                                                       vx_enum termination, vx_scalar epsilon,
                                                       vx_scalar num_iterations, vx_scalar use_initial_estimate,
                                                       vx_size window_dimension)
{
    vx_graph graph = ovxu_graph(context);
    vx_status s;
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    if ((s = border_ok(context)) != VX_SUCCESS) {
        (void)vxReleaseGraph(&graph);
        return s;
    }
    return run_undefined(graph, vxOpticalFlowPyrLKNode(graph, old_images, new_images, old_points,
                                                       new_points_estimates, new_points, termination, epsilon,
                                                       num_iterations, use_initial_estimate, window_dimension));
}
