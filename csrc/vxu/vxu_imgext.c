/* Immediate mode: family imgext (enhanced vision: LBP, NonMaxSuppression, MatchTemplate). */
#include "vxu_common.h"

typedef int ovxu_imgext_placeholder;
