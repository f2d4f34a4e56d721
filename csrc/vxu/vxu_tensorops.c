/* Immediate mode: family tensorops (enhanced vision: tensor add/subtract/multiply/table lookup/transpose/convert depth/matrix multiply). */
#include "vxu_common.h"

typedef int ovxu_tensorops_placeholder;
