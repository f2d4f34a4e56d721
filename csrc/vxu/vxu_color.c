/* Immediate mode: color conversions and statistics (one-node graphs). */
#include "vxu_common.h"

VX_API_ENTRY vx_status VX_API_CALL vxuColorConvert(vx_context context, vx_image input, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxColorConvertNode(graph, input, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuChannelExtract(vx_context context, vx_image input, vx_enum channel,
                                                     vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxChannelExtractNode(graph, input, channel, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuChannelCombine(vx_context context, vx_image plane0, vx_image plane1,
                                                     vx_image plane2, vx_image plane3, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxChannelCombineNode(graph, plane0, plane1, plane2, plane3, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuHistogram(vx_context context, vx_image input, vx_distribution distribution)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxHistogramNode(graph, input, distribution));
}

VX_API_ENTRY vx_status VX_API_CALL vxuEqualizeHist(vx_context context, vx_image input, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxEqualizeHistNode(graph, input, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuMeanStdDev(vx_context context, vx_image input, vx_float32 *mean,
                                                 vx_float32 *stddev)
{
    vx_float32 zero = 0.0f;
    vx_scalar sm = NULL, ss = NULL;
    vx_graph graph;
    vx_status status;
    if (mean == NULL) return VX_ERROR_INVALID_PARAMETERS; /* stddev is optional */
    graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    sm = vxCreateScalar(context, VX_TYPE_FLOAT32, &zero);
    if (stddev != NULL) ss = vxCreateScalar(context, VX_TYPE_FLOAT32, &zero);
    if (vxGetStatus((vx_reference)sm) != VX_SUCCESS || (stddev != NULL && vxGetStatus((vx_reference)ss) != VX_SUCCESS)) {
        status = VX_ERROR_NO_RESOURCES;
        (void)vxReleaseGraph(&graph);
    } else {
        status = ovxu_run(graph, vxMeanStdDevNode(graph, input, sm, ss));
        if (status == VX_SUCCESS) status = vxCopyScalar(sm, mean, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        if (status == VX_SUCCESS && ss != NULL) status = vxCopyScalar(ss, stddev, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    }
    if (sm != NULL && vxGetStatus((vx_reference)sm) == VX_SUCCESS) (void)vxReleaseScalar(&sm);
    if (ss != NULL && vxGetStatus((vx_reference)ss) == VX_SUCCESS) (void)vxReleaseScalar(&ss);
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxuMinMaxLoc(vx_context context, vx_image input, vx_scalar minVal,
                                                vx_scalar maxVal, vx_array minLoc, vx_array maxLoc,
                                                vx_scalar minCount, vx_scalar maxCount)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxMinMaxLocNode(graph, input, minVal, maxVal, minLoc, maxLoc, minCount, maxCount));
}

VX_API_ENTRY vx_status VX_API_CALL vxuIntegralImage(vx_context context, vx_image input, vx_image output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxIntegralImageNode(graph, input, output));
}
