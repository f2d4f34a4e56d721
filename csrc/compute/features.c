/* Compute routines: feature detectors and optical flow (placeholder). */
#include "features.h"

typedef int ovx_compute_features_placeholder;
