/* Conformance tests: graph (placeholder). */
#include "../runner/cts.h"

CTS_TABLE(graph) = {CTS_TABLE_END};
