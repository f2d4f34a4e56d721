/* Compute routines of family imgext (enhanced vision: LBP, NonMaxSuppression, MatchTemplate). */
#ifndef OVX_COMPUTE_IMGEXT_H
#define OVX_COMPUTE_IMGEXT_H

#include <VX/vx_types.h>

#endif
