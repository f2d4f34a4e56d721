/* The Lucas-Kanade tracker for AVX2 (see optflow_body.inc): 8 bilinear
 * samples a step, a few points in turns, bit-exact with the reference. */
#include "optflow.h"

#include <immintrin.h>
#include <math.h>

#define LK_FN(name) name##_avx2
#include "optflow_body.inc"
