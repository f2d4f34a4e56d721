/* Compute routines: filters and morphology (placeholder). */
#ifndef OVX_COMPUTE_FILTER_H
#define OVX_COMPUTE_FILTER_H

#include <stdint.h>

#endif
