/* Compute routines: geometry and pyramids (placeholder). */
#ifndef OVX_COMPUTE_GEOMETRY_H
#define OVX_COMPUTE_GEOMETRY_H

#include <stdint.h>

#endif
