/* Family control (enhanced vision: Min, Max, Copy, Select, ScalarOperation): graph and immediate tests against scalar models. */
#include "../runner/cts.h"

CTS_TABLE(k_control) = {
    CTS_TABLE_END,
};
