/* Compute routines: pixelwise and arithmetic functions (placeholder). */
#ifndef OVX_COMPUTE_ARITH_H
#define OVX_COMPUTE_ARITH_H

#include <stdint.h>

#endif
