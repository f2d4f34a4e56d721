/* Compute routines: feature detectors and optical flow (placeholder). */
#ifndef OVX_COMPUTE_OPTFLOW_H
#define OVX_COMPUTE_OPTFLOW_H

#include <stdint.h>

#endif
