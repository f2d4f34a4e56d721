/* Immediate mode: pixelwise and arithmetic functions (placeholder). */
#include "vxu_common.h"

typedef int ovxu_arith_placeholder;
