/* Compute routines of family hog (enhanced vision: HOGCells, HOGFeatures, HoughLinesP). */
#ifndef OVX_COMPUTE_HOG_H
#define OVX_COMPUTE_HOG_H

#include <VX/vx_types.h>

#endif
