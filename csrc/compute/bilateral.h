/* Compute routines of family bilateral (enhanced vision: BilateralFilter). */
#ifndef OVX_COMPUTE_BILATERAL_H
#define OVX_COMPUTE_BILATERAL_H

#include <VX/vx_types.h>

#endif
