/* Compute routines of family imgext (enhanced vision: LBP, NonMaxSuppression, MatchTemplate). */
#include "imgext.h"

typedef int ovx_imgext_compute_placeholder;
