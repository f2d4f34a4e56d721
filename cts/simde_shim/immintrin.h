/*
 * Test-only stand-in for <immintrin.h> (cts/meson.build, the simd-emu512-*
 * tests): the compiler's own header, then SIMD Everywhere's portable AVX-512
 * (F, BW, VL, DQ, VNNI) with its native aliases, so that the library's
 * unchanged compute/<family>_avx512.c files build with -mavx2 -mfma and run on a
 * CPU without AVX-512.  __AVX512F__ and friends stay undefined: SIMDe (and
 * any other header) sees the target as it is.  SIMDe is a third-party
 * header library (Debian/Ubuntu: libsimde-dev), used by these tests only.
 */
#ifndef OVX_CTS_SIMDE_SHIM_IMMINTRIN_H
#define OVX_CTS_SIMDE_SHIM_IMMINTRIN_H

#include_next <immintrin.h>

#if defined(__AVX512F__)
#error "the SIMDe shim is for builds without AVX-512 flags"
#endif

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
/* what SIMDe 0.7.4 lacks of the intrinsics our files use */
#include "simde_gaps.h"

#endif
