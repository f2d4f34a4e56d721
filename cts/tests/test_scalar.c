/* Conformance tests of the scalar object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(scalar) = {
    CTS_TABLE_END,
};
