/* Immediate mode: family hog (HOGCells, HOGFeatures, HoughLinesP), one-node graphs. */
#include "vxu_common.h"

VX_API_ENTRY vx_status VX_API_CALL vxuHOGCells(vx_context context, vx_image input, vx_int32 cell_width,
                                               vx_int32 cell_height, vx_int32 num_bins, vx_tensor magnitudes,
                                               vx_tensor bins)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxHOGCellsNode(graph, input, cell_width, cell_height, num_bins, magnitudes, bins));
}

VX_API_ENTRY vx_status VX_API_CALL vxuHOGFeatures(vx_context context, vx_image input, vx_tensor magnitudes,
                                                  vx_tensor bins, const vx_hog_t *params, vx_size hog_param_size,
                                                  vx_tensor features)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxHOGFeaturesNode(graph, input, magnitudes, bins, params, hog_param_size, features));
}

VX_API_ENTRY vx_status VX_API_CALL vxuHoughLinesP(vx_context context, vx_image input,
                                                  const vx_hough_lines_p_t *params, vx_array lines_array,
                                                  vx_scalar num_lines)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxHoughLinesPNode(graph, input, params, lines_array, num_lines));
}
