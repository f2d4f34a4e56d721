/* Compute routines of family tensorops (enhanced vision: tensor add/subtract/multiply/table lookup/transpose/convert depth/matrix multiply). */
#ifndef OVX_COMPUTE_TENSOROPS_H
#define OVX_COMPUTE_TENSOROPS_H

#include <VX/vx_types.h>

#endif
