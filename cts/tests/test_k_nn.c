/* k_nn: tests against the spec. */
#include "../runner/cts.h"

CTS_TABLE(k_nn) = {
    CTS_TABLE_END,
};
