/*
 * Kernel family control (enhanced vision: Min, Max, Copy, Select, ScalarOperation).
 */
#include "kernels.h"

const ovx_kernel_desc *const ovx_family_control[] = {NULL};
