/* Conformance tests: feature detectors and optical flow (placeholder). */
#include "../runner/cts.h"

CTS_TABLE(k_optflow) = {CTS_TABLE_END};
