/* The routines of compute/arith.h compiled for SSE4.1 (see arith_body.inc). */
#include "arith.h"

#define ARITH_FN(name) name##_sse41
#include "arith_body.inc"
