/* Kernels: filters and morphology (placeholder; filled in by its family's work). */
#include "kernels.h"

const ovx_kernel_desc *const ovx_family_filter[] = {NULL};
