/*
 * The table of built-in kernels.  Each kernel family (one file per spec chapter
 * family in this folder) defines a static ovx_kernel_desc per kernel and lists
 * it here; registration, vxGetKernelByName/Enum and VX_CONTEXT_UNIQUE_KERNEL_TABLE
 * all come from this one table.  A kernel is listed only once it works.
 */
#include "../framework/ovx.h"

const ovx_kernel_desc *const ovx_builtin_kernels[] = {
    NULL /* keeps the array non-empty in C99 */
};

const vx_uint32 ovx_num_builtin_kernels = (vx_uint32)(sizeof(ovx_builtin_kernels) / sizeof(ovx_builtin_kernels[0])) - 1;
