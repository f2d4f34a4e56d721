/*
 * The border rule of every compute/ routine that reads outside its image
 * (one enum for the whole directory): OVXC_BORDER_REPLICATE takes the nearest
 * edge pixel (the kernels also use it for VX_BORDER_UNDEFINED, where any value
 * is allowed), OVXC_BORDER_CONSTANT a given constant.
 */
#ifndef OVX_COMPUTE_BORDER_H
#define OVX_COMPUTE_BORDER_H

enum { OVXC_BORDER_REPLICATE = 0, OVXC_BORDER_CONSTANT = 1 };

#endif
