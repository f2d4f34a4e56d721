/*
 * Kernel family tensorops (enhanced vision: tensor add/subtract/multiply/table lookup/transpose/convert depth/matrix multiply).
 */
#include "kernels.h"

const ovx_kernel_desc *const ovx_family_tensorops[] = {NULL};
