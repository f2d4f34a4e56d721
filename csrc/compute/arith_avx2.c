/* The routines of compute/arith.h compiled for AVX2 (see arith_body.inc). */
#include "arith.h"

#define ARITH_FN(name) name##_avx2
#include "arith_body.inc"
