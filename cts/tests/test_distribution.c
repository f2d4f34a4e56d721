/* Conformance tests of the distribution object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(distribution) = {
    CTS_TABLE_END,
};
