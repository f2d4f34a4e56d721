/* Immediate mode: family tensorops (Tensor Add, Subtract, Multiply,
 * TableLookUp, Transpose, Convert Bit-Depth, Matrix Multiply). */
#include "vxu_common.h"

VX_API_ENTRY vx_status VX_API_CALL vxuTensorAdd(vx_context context, vx_tensor input1, vx_tensor input2,
                                                vx_enum policy, vx_tensor output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxTensorAddNode(graph, input1, input2, policy, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuTensorSubtract(vx_context context, vx_tensor input1, vx_tensor input2,
                                                     vx_enum policy, vx_tensor output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxTensorSubtractNode(graph, input1, input2, policy, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuTensorMultiply(vx_context context, vx_tensor input1, vx_tensor input2,
                                                     vx_scalar scale, vx_enum overflow_policy,
                                                     vx_enum rounding_policy, vx_tensor output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph,
                    vxTensorMultiplyNode(graph, input1, input2, scale, overflow_policy, rounding_policy, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuTensorTableLookup(vx_context context, vx_tensor input1, vx_lut lut,
                                                        vx_tensor output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxTensorTableLookupNode(graph, input1, lut, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuTensorTranspose(vx_context context, vx_tensor input, vx_tensor output,
                                                      vx_size dimension1, vx_size dimension2)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxTensorTransposeNode(graph, input, output, dimension1, dimension2));
}

VX_API_ENTRY vx_status VX_API_CALL vxuTensorConvertDepth(vx_context context, vx_tensor input, vx_enum policy,
                                                         vx_scalar norm, vx_scalar offset, vx_tensor output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxTensorConvertDepthNode(graph, input, policy, norm, offset, output));
}

VX_API_ENTRY vx_status VX_API_CALL vxuTensorMatrixMultiply(vx_context context, vx_tensor input1, vx_tensor input2,
                                                           vx_tensor input3,
                                                           const vx_tensor_matrix_multiply_params_t *params,
                                                           vx_tensor output)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxTensorMatrixMultiplyNode(graph, input1, input2, input3, params, output));
}
