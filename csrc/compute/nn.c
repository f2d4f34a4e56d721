/* Compute routines of family nn (vx_khr_nn: neural-network layers). */
#include "nn.h"

typedef int ovx_nn_compute_placeholder;
