/* Immediate mode: feature detectors and optical flow (placeholder). */
#include "vxu_common.h"

typedef int ovxu_features_placeholder;
