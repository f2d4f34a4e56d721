/* The Lucas-Kanade tracker for AVX-512 (see optflow_body.inc): a window row
 * in one 16-lane block, image rows interpolated horizontally once per
 * window, the old window's Scharr derivatives in lanes; bit-exact with the
 * reference. */
#include "optflow.h"

#include <immintrin.h>
#include <math.h>

/* the AVX-512 paths (a macro of ours, not __AVX512F__: the emulated test
 * build, cts/meson.build, compiles this file for AVX2 with SIMDe) */
#define LK_AVX512 1
#define LK_FN(name) name##_avx512
#include "optflow_body.inc"
