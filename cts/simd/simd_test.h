/*
 * Helpers of the variant tests (cts/simd/test_*.c): a xorshift generator,
 * seeded by each test (define SIMD_TEST_SEED before including), and whether
 * this CPU runs a dispatch level (runtime/dispatch.h's OVX_SIMD_*; the AVX2
 * variants are built with FMA too).
 *
 * Built with OVX_SIMD_TEST_EMU512 (cts/meson.build's simd-emu512-* tests),
 * the AVX-512 entries of the tables are the SIMDe-emulated builds of the
 * compute/<family>_avx512.c files, compiled for AVX2 + FMA: they run whenever the
 * CPU has those, whatever its AVX-512, and the other SIMD levels are left to
 * the native tests (reported as not run).  Such a test fails when it ran no
 * AVX-512 variant at all (a test that checks nothing must not pass).
 */
#ifndef OVX_CTS_SIMD_TEST_H
#define OVX_CTS_SIMD_TEST_H

#ifndef SIMD_TEST_SEED
#error "define SIMD_TEST_SEED before including simd_test.h"
#endif

#include "../../csrc/runtime/dispatch.h"

static unsigned rng = SIMD_TEST_SEED;

static inline unsigned rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

#if defined(OVX_SIMD_TEST_EMU512)
#include <stdio.h>
#include <stdlib.h>
static unsigned emu512_runs;
static void emu512_check_ran(void)
{
    if (emu512_runs == 0) {
        printf("FAIL: no emulated AVX-512 variant ran\n");
        fflush(stdout);
        _Exit(1);
    }
    printf("emulated AVX-512 (SIMDe): %u variant checks; the other levels (\"not run\" above) are the native tests' job\n",
           emu512_runs);
}
#endif

static inline int cpu_has(int level)
{
#if defined(OVX_SIMD_TEST_EMU512)
    static int registered;
    if (!registered) {
        registered = 1;
        atexit(emu512_check_ran);
    }
    if (level != OVX_SIMD_AVX512) return level == OVX_SIMD_NONE;
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return 0;
    emu512_runs++;
    return 1;
#elif (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    __builtin_cpu_init();
    if (level == OVX_SIMD_AVX2) return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    if (level == OVX_SIMD_AVX512)
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
    if (level == OVX_SIMD_SSE4) return __builtin_cpu_supports("sse4.2");
#endif
    return level == OVX_SIMD_NONE;
}

#endif
