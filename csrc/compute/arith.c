/* Compute routines: pixelwise and arithmetic functions (placeholder). */
#include "arith.h"

typedef int ovx_compute_arith_placeholder;
