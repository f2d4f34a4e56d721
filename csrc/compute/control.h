/* Compute routines of family control (enhanced vision: Min, Max, Copy, Select, ScalarOperation). */
#ifndef OVX_COMPUTE_CONTROL_H
#define OVX_COMPUTE_CONTROL_H

#include <VX/vx_types.h>

#endif
