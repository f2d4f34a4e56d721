/* Compute routines: filters and morphology (placeholder). */
#include "filter.h"

typedef int ovx_compute_filter_placeholder;
