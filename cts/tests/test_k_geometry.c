/* Conformance tests: geometry and pyramids (placeholder). */
#include "../runner/cts.h"

CTS_TABLE(k_geometry) = {CTS_TABLE_END};
