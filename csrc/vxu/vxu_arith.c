/* Immediate mode: pixelwise and arithmetic functions (one-node graphs). */
#include "vxu_common.h"

#define OVXU_RUN(context, node_expr)                                                                  \
    do {                                                                                            \
        vx_graph graph = ovxu_graph(context);                                                       \
        if (!graph) return VX_ERROR_INVALID_REFERENCE;                                              \
        return ovxu_run(graph, node_expr);                                                          \
    } while (0)

VX_API_ENTRY vx_status VX_API_CALL vxuAbsDiff(vx_context context, vx_image in1, vx_image in2, vx_image out)
{
    OVXU_RUN(context, vxAbsDiffNode(graph, in1, in2, out));
}

VX_API_ENTRY vx_status VX_API_CALL vxuAdd(vx_context context, vx_image in1, vx_image in2, vx_enum policy, vx_image out)
{
    OVXU_RUN(context, vxAddNode(graph, in1, in2, policy, out));
}

VX_API_ENTRY vx_status VX_API_CALL vxuSubtract(vx_context context, vx_image in1, vx_image in2, vx_enum policy,
                                               vx_image out)
{
    OVXU_RUN(context, vxSubtractNode(graph, in1, in2, policy, out));
}

VX_API_ENTRY vx_status VX_API_CALL vxuMultiply(vx_context context, vx_image in1, vx_image in2, vx_float32 scale,
                                               vx_enum overflow_policy, vx_enum rounding_policy, vx_image out)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    vx_scalar s = vxCreateScalar(context, VX_TYPE_FLOAT32, &scale);
    vx_status status = ovxu_run(graph, vxMultiplyNode(graph, in1, in2, s, overflow_policy, rounding_policy, out));
    vxReleaseScalar(&s);
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxuAnd(vx_context context, vx_image in1, vx_image in2, vx_image out)
{
    OVXU_RUN(context, vxAndNode(graph, in1, in2, out));
}

VX_API_ENTRY vx_status VX_API_CALL vxuOr(vx_context context, vx_image in1, vx_image in2, vx_image out)
{
    OVXU_RUN(context, vxOrNode(graph, in1, in2, out));
}

VX_API_ENTRY vx_status VX_API_CALL vxuXor(vx_context context, vx_image in1, vx_image in2, vx_image out)
{
    OVXU_RUN(context, vxXorNode(graph, in1, in2, out));
}

VX_API_ENTRY vx_status VX_API_CALL vxuNot(vx_context context, vx_image input, vx_image output)
{
    OVXU_RUN(context, vxNotNode(graph, input, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuWeightedAverage(vx_context context, vx_image img1, vx_scalar alpha,
                                                      vx_image img2, vx_image output)
{
    OVXU_RUN(context, vxWeightedAverageNode(graph, img1, alpha, img2, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuThreshold(vx_context context, vx_image input, vx_threshold thresh,
                                                vx_image output)
{
    OVXU_RUN(context, vxThresholdNode(graph, input, thresh, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuTableLookup(vx_context context, vx_image input, vx_lut lut, vx_image output)
{
    OVXU_RUN(context, vxTableLookupNode(graph, input, lut, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuConvertDepth(vx_context context, vx_image input, vx_image output,
                                                   vx_enum policy, vx_int32 shift)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    vx_scalar s = vxCreateScalar(context, VX_TYPE_INT32, &shift);
    vx_status status = ovxu_run(graph, vxConvertDepthNode(graph, input, output, policy, s));
    vxReleaseScalar(&s);
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxuAccumulateImage(vx_context context, vx_image input, vx_image accum)
{
    OVXU_RUN(context, vxAccumulateImageNode(graph, input, accum));
}

VX_API_ENTRY vx_status VX_API_CALL vxuAccumulateWeightedImage(vx_context context, vx_image input, vx_scalar alpha,
                                                              vx_image accum)
{
    OVXU_RUN(context, vxAccumulateWeightedImageNode(graph, input, alpha, accum));
}

VX_API_ENTRY vx_status VX_API_CALL vxuAccumulateSquareImage(vx_context context, vx_image input, vx_scalar shift,
                                                            vx_image accum)
{
    OVXU_RUN(context, vxAccumulateSquareImageNode(graph, input, shift, accum));
}
