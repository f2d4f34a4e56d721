/* Conformance tests of the image object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(image) = {
    CTS_TABLE_END,
};
