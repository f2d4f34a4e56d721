/* Conformance tests of the threshold object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(threshold) = {
    CTS_TABLE_END,
};
