/* Compute routines of family control (enhanced vision: Min, Max, Copy, Select, ScalarOperation). */
#include "control.h"

typedef int ovx_control_compute_placeholder;
