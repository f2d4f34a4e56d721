/* Compute routines of family bilateral (enhanced vision: BilateralFilter). */
#include "bilateral.h"

typedef int ovx_bilateral_compute_placeholder;
