/* Conformance tests of the tensor object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(tensor) = {
    CTS_TABLE_END,
};
