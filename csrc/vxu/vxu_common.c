/* Immediate mode: the one-node graph every vxu call runs (see vxu_common.h). */
#include "vxu_common.h"

vx_graph ovxu_graph(vx_context context)
{
    vx_graph graph;
    if (vxGetStatus((vx_reference)context) != VX_SUCCESS) return NULL;
    graph = vxCreateGraph(context);
    if (vxGetStatus((vx_reference)graph) != VX_SUCCESS) return NULL;
    return graph;
}

vx_status ovxu_run(vx_graph graph, vx_node node)
{
    vx_context context = vxGetContext((vx_reference)graph);
    vx_status status = vxGetStatus((vx_reference)node);
    if (node == NULL) status = VX_ERROR_INVALID_PARAMETERS;
    if (status == VX_SUCCESS) {
        vx_border_t border;
        vx_enum policy = VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED;
        status = vxQueryContext(context, VX_CONTEXT_IMMEDIATE_BORDER, &border, sizeof(border));
        if (status == VX_SUCCESS)
            (void)vxQueryContext(context, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &policy, sizeof(policy));
        if (status == VX_SUCCESS) {
            status = vxSetNodeAttribute(node, VX_NODE_BORDER, &border, sizeof(border));
            if (status == VX_ERROR_NOT_SUPPORTED && policy == VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED) {
                border.mode = VX_BORDER_UNDEFINED;
                status = vxSetNodeAttribute(node, VX_NODE_BORDER, &border, sizeof(border));
            }
        }
        if (status == VX_SUCCESS) status = vxVerifyGraph(graph);
        if (status == VX_SUCCESS) status = vxProcessGraph(graph);
    }
    if (node != NULL && vxGetStatus((vx_reference)node) == VX_SUCCESS) (void)vxReleaseNode(&node);
    (void)vxReleaseGraph(&graph);
    return status;
}

vx_status ovxu_border_undefined_ok(vx_context context)
{
    vx_border_t border;
    vx_enum policy = VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED;
    if (vxQueryContext(context, VX_CONTEXT_IMMEDIATE_BORDER, &border, sizeof(border)) != VX_SUCCESS)
        return VX_SUCCESS;
    (void)vxQueryContext(context, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &policy, sizeof(policy));
    if (border.mode != VX_BORDER_UNDEFINED && policy == VX_BORDER_POLICY_RETURN_ERROR) return VX_ERROR_NOT_SUPPORTED;
    return VX_SUCCESS;
}

vx_status ovxu_run_undefined(vx_graph graph, vx_node node)
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
