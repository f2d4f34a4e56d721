/* Immediate mode: family hog (enhanced vision: HOGCells, HOGFeatures, HoughLinesP). */
#include "vxu_common.h"

typedef int ovxu_hog_placeholder;
