/* Compute routines of family nn (vx_khr_nn: neural-network layers). */
#ifndef OVX_COMPUTE_NN_H
#define OVX_COMPUTE_NN_H

#include <VX/vx_types.h>

#endif
