/*
 * Kernel family imgext (enhanced vision: LBP, NonMaxSuppression, MatchTemplate).
 */
#include "kernels.h"

const ovx_kernel_desc *const ovx_family_imgext[] = {NULL};
