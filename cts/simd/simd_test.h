/*
 * Helpers of the variant tests (cts/simd/test_*.c): a xorshift generator,
 * seeded by each test (define SIMD_TEST_SEED before including), and whether
 * this CPU runs a dispatch level (runtime/dispatch.h's OVX_SIMD_*; the AVX2
 * variants are built with FMA too).
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

static inline int cpu_has(int level)
{
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
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
