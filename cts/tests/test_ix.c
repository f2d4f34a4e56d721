/* ix: tests against the spec. */
#include "../runner/cts.h"

CTS_TABLE(ix) = {
    CTS_TABLE_END,
};
