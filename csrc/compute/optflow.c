/* Compute routines: feature detectors and optical flow (placeholder). */
#include "optflow.h"

typedef int ovx_compute_optflow_placeholder;
