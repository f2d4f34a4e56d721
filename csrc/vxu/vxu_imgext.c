/* Immediate mode: family imgext (enhanced vision: LBP, NonMaxSuppression, MatchTemplate). */
#include "vxu_common.h"

VX_API_ENTRY vx_status VX_API_CALL vxuLBP(vx_context context, vx_image src, vx_enum format, vx_int8 kernel_size,
                                          vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxLBPNode(graph, src, format, kernel_size, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuNonMaxSuppression(vx_context context, vx_image input, vx_image mask,
                                                        vx_int32 win_size, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxNonMaxSuppressionNode(graph, input, mask, win_size, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuMatchTemplate(vx_context context, vx_image src, vx_image templateImage,
                                                    vx_enum matchingMethod, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxMatchTemplateNode(graph, src, templateImage, matchingMethod, output));
}
