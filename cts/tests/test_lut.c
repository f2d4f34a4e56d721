/* Conformance tests of the lut object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(lut) = {
    CTS_TABLE_END,
};
