/* Kernels: color conversions and statistics (placeholder; filled in by its family's work). */
#include "kernels.h"

const ovx_kernel_desc *const ovx_family_color[] = {NULL};
