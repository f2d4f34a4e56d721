/* Immediate mode: family bilateral (enhanced vision: BilateralFilter). */
#include "vxu_common.h"

typedef int ovxu_bilateral_placeholder;
