/* Immediate mode: family bilateral (spec "Bilateral Filter"). */
#include "vxu_common.h"

VX_API_ENTRY vx_status VX_API_CALL vxuBilateralFilter(vx_context context, vx_tensor src, vx_int32 diameter,
                                                      vx_float32 sigmaSpace, vx_float32 sigmaValues, vx_tensor dst)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxBilateralFilterNode(graph, src, diameter, sigmaSpace, sigmaValues, dst));
}
