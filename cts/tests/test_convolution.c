/* Conformance tests of the convolution object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(convolution) = {
    CTS_TABLE_END,
};
