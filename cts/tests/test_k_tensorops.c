/* Family tensorops (enhanced vision: tensor add/subtract/multiply/table lookup/transpose/convert depth/matrix multiply): graph and immediate tests against scalar models. */
#include "../runner/cts.h"

CTS_TABLE(k_tensorops) = {
    CTS_TABLE_END,
};
