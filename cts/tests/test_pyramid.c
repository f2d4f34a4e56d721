/* Conformance tests of the pyramid object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(pyramid) = {
    CTS_TABLE_END,
};
