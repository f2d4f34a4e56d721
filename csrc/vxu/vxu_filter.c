/* Immediate mode: filters and morphology (one-node graphs, see vxu_common.h). */
#include "vxu_common.h"

VX_API_ENTRY vx_status VX_API_CALL vxuBox3x3(vx_context context, vx_image input, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxBox3x3Node(graph, input, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuGaussian3x3(vx_context context, vx_image input, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxGaussian3x3Node(graph, input, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuMedian3x3(vx_context context, vx_image input, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxMedian3x3Node(graph, input, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuDilate3x3(vx_context context, vx_image input, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxDilate3x3Node(graph, input, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuErode3x3(vx_context context, vx_image input, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxErode3x3Node(graph, input, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuSobel3x3(vx_context context, vx_image input, vx_image output_x,
                                               vx_image output_y)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxSobel3x3Node(graph, input, output_x, output_y));
}

VX_API_ENTRY vx_status VX_API_CALL vxuConvolve(vx_context context, vx_image input, vx_convolution conv,
                                               vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxConvolveNode(graph, input, conv, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuNonLinearFilter(vx_context context, vx_enum function, vx_image input,
                                                      vx_matrix mask, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxNonLinearFilterNode(graph, function, input, mask, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuMagnitude(vx_context context, vx_image grad_x, vx_image grad_y,
                                                vx_image mag)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxMagnitudeNode(graph, grad_x, grad_y, mag));
}

VX_API_ENTRY vx_status VX_API_CALL vxuPhase(vx_context context, vx_image grad_x, vx_image grad_y,
                                            vx_image orientation)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxPhaseNode(graph, grad_x, grad_y, orientation));
}
