/* Compute routines: feature detectors and optical flow (placeholder). */
#ifndef OVX_COMPUTE_FEATURES_H
#define OVX_COMPUTE_FEATURES_H

#include <stdint.h>

#endif
