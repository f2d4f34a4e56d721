/* Compute routines: geometry and pyramids (placeholder). */
#include "geometry.h"

typedef int ovx_compute_geometry_placeholder;
