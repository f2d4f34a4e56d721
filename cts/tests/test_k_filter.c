/* Conformance tests: filters and morphology (placeholder). */
#include "../runner/cts.h"

CTS_TABLE(k_filter) = {CTS_TABLE_END};
