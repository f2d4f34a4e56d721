/* The channel rows of compute/color.h built for this ISA (see color_rows.inc). */
#include "color.h"

#include <immintrin.h>

#define COLOR_FN(name) name##_sse41
#include "color_rows.inc"
