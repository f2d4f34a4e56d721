/*
 * Kernel family nn (vx_khr_nn: neural-network layers).
 */
#include "kernels.h"

const ovx_kernel_desc *const ovx_family_nn[] = {NULL};
