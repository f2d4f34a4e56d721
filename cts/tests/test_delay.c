/* Conformance tests of the delay object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(delay) = {
    CTS_TABLE_END,
};
