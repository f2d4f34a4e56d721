/* Immediate mode: color conversions and statistics (placeholder). */
#include "vxu_common.h"

typedef int ovxu_color_placeholder;
