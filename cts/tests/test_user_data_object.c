/* Conformance tests of the user_data_object object (spec "Object: ..." chapter); filled in with the object. */
#include "../runner/cts.h"

CTS_TABLE(user_data_object) = {
    CTS_TABLE_END,
};
