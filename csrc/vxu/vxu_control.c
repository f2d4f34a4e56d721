/* Immediate mode: family control (enhanced vision: Min, Max, Copy, Select, ScalarOperation). */
#include "vxu_common.h"

typedef int ovxu_control_placeholder;
