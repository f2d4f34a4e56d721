/* Conformance tests: pixelwise and arithmetic functions (placeholder). */
#include "../runner/cts.h"

CTS_TABLE(k_arith) = {CTS_TABLE_END};
