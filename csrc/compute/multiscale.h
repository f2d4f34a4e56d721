/* Compute routines: geometry and pyramids (placeholder). */
#ifndef OVX_COMPUTE_MULTISCALE_H
#define OVX_COMPUTE_MULTISCALE_H

#include <stdint.h>

#endif
