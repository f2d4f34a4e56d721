/* Conformance tests: node (placeholder). */
#include "../runner/cts.h"

CTS_TABLE(node) = {CTS_TABLE_END};
