/* The routines of compute/arith.h compiled for AVX-512 (see arith_body.inc). */
#include "arith.h"

#define ARITH_FN(name) name##_avx512
#include "arith_body.inc"
