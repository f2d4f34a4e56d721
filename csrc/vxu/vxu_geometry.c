/* Immediate mode: geometry and pyramids (placeholder). */
#include "vxu_common.h"

typedef int ovxu_geometry_placeholder;
