/* Conformance tests of the array object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(array) = {
    CTS_TABLE_END,
};
