/* Compute routines: geometry and pyramids (placeholder). */
#include "multiscale.h"

typedef int ovx_compute_multiscale_placeholder;
