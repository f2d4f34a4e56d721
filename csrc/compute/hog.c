/* Compute routines of family hog (enhanced vision: HOGCells, HOGFeatures, HoughLinesP). */
#include "hog.h"

typedef int ovx_hog_compute_placeholder;
