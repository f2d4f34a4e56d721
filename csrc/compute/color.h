/* Compute routines: color conversions and statistics (placeholder). */
#ifndef OVX_COMPUTE_COLOR_H
#define OVX_COMPUTE_COLOR_H

#include <stdint.h>

#endif
