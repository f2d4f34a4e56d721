/* Conformance tests of the matrix object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(matrix) = {
    CTS_TABLE_END,
};
