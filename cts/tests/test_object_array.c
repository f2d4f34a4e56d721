/* Conformance tests of the object_array object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(object_array) = {
    CTS_TABLE_END,
};
