/* Compute routines: color conversions and statistics (placeholder). */
#include "stats.h"

typedef int ovx_compute_stats_placeholder;
