/* Family bilateral (enhanced vision: BilateralFilter): graph and immediate tests against scalar models. */
#include "../runner/cts.h"

CTS_TABLE(k_bilateral) = {
    CTS_TABLE_END,
};
