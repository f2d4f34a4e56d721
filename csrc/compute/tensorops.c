/* Compute routines of family tensorops (enhanced vision: tensor add/subtract/multiply/table lookup/transpose/convert depth/matrix multiply). */
#include "tensorops.h"

typedef int ovx_tensorops_compute_placeholder;
