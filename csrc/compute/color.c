/* Compute routines: color conversions and statistics (placeholder). */
#include "color.h"

typedef int ovx_compute_color_placeholder;
