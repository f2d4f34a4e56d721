/* The routines of compute/arith.h compiled for AVX-512 (see arith_body.inc). */
#include "arith.h"

#define ARITH_FN(name) name##_avx512
#define ARITH_AVX512 1 /* the body's AVX-512 paths (the U8 table lookup by byte permutes) */
#include "arith_body.inc"
