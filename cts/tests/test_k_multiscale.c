/* Conformance tests: geometry and pyramids (placeholder). */
#include "../runner/cts.h"

CTS_TABLE(k_multiscale) = {CTS_TABLE_END};
