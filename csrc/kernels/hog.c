/*
 * Kernel family hog (enhanced vision: HOGCells, HOGFeatures, HoughLinesP).
 */
#include "kernels.h"

const ovx_kernel_desc *const ovx_family_hog[] = {NULL};
