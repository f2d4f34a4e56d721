/* The channel rows of compute/color.h built for this ISA (see color_rows.inc). */
#include "color.h"

#define COLOR_FN(name) name##_avx2
#include "color_rows.inc"
