/* Conformance tests: user_node (placeholder). */
#include "../runner/cts.h"

CTS_TABLE(user_node) = {CTS_TABLE_END};
