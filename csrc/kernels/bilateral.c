/*
 * Kernel family bilateral (enhanced vision: BilateralFilter).
 */
#include "kernels.h"

const ovx_kernel_desc *const ovx_family_bilateral[] = {NULL};
