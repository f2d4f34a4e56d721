/* Conformance tests of the remap object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(remap) = {
    CTS_TABLE_END,
};
