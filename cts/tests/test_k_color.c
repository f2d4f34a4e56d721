/* Conformance tests: color conversions and statistics (placeholder). */
#include "../runner/cts.h"

CTS_TABLE(k_color) = {CTS_TABLE_END};
