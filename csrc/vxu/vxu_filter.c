/* Immediate mode: filters and morphology (placeholder). */
#include "vxu_common.h"

typedef int ovxu_filter_placeholder;
