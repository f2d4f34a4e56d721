/* Compute routines: color conversions and statistics (placeholder). */
#ifndef OVX_COMPUTE_STATS_H
#define OVX_COMPUTE_STATS_H

#include <stdint.h>

#endif
