/* Nodes (in progress). */
#include "../kernels/kernels.h"

#include <stdio.h>

vx_node ovx_node_create(vx_graph graph, vx_enum kernel_enum, const vx_reference params[], vx_uint32 num)
{
    (void)kernel_enum;
    (void)params;
    (void)num;
    return (vx_node)ovx_error_from(graph, VX_ERROR_NOT_IMPLEMENTED, "nodes are not implemented yet");
}

vx_scalar ovx_node_scalar(vx_graph graph, vx_enum type, const void *value)
{
    (void)graph;
    (void)type;
    (void)value;
    return NULL;
}

void ovx_scalar_drop(vx_scalar scalar)
{
    if (scalar) (void)vxReleaseScalar(&scalar);
}
