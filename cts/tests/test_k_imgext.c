/* Family imgext (enhanced vision: LBP, NonMaxSuppression, MatchTemplate): graph and immediate tests against scalar models. */
#include "../runner/cts.h"

CTS_TABLE(k_imgext) = {
    CTS_TABLE_END,
};
