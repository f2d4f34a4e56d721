/* Immediate mode of vx_khr_swap_move (REQ-SWP11..14): vxuSwap, vxuMove. */
#include "vxu_common.h"

#include <VX/vx_khr_swap_move.h>

VX_API_ENTRY vx_status VX_API_CALL vxuSwap(vx_context context, vx_reference first, vx_reference second)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxSwapNode(graph, first, second));
}

VX_API_ENTRY vx_status VX_API_CALL vxuMove(vx_context context, vx_reference first, vx_reference second)
{
    vx_graph graph = ovxu_graph(context);
    if (!graph) return VX_ERROR_INVALID_REFERENCE;
    return ovxu_run(graph, vxMoveNode(graph, first, second));
}
