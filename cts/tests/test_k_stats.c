/* Conformance tests: color conversions and statistics (placeholder). */
#include "../runner/cts.h"

CTS_TABLE(k_stats) = {CTS_TABLE_END};
