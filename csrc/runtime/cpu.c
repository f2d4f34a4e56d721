/*
 * CPU feature detection, read once, and the SIMD level the CPU allows.
 * OPENVX_SIMD=none|sse4|avx2|avx512 forces a (lower) level; a level the CPU
 * lacks is never chosen.  runtime/dispatch.c picks variants up to this level.
 */
#include "../framework/ovx.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#if defined(__x86_64__) && defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;
static vx_uint32 cpu_bits;
static char cpu_string[VX_OVX_MAX_STRING];
static const char *simd_name = "none";
static vx_enum simd_level;
static int log_variants;
static int cpu_vnni; /* AVX512_VNNI: not a level of its own (runtime/dispatch.h) */
static int cpu_vbmi; /* AVX512_VBMI: neither */
static int cpu_half512; /* AVX-512 executed at half width (ovx_cpu_avx512_halfwidth) */
static int cpu_amx_hw; /* AMX-TILE + AMX-INT8 (and VNNI) */
static pthread_once_t amx_once = PTHREAD_ONCE_INIT;
static int cpu_amx;    /* ... with the kernel's permission (ovx_cpu_amx_int8) */

enum { LEVEL_NONE = 0, LEVEL_SSE4 = 1, LEVEL_AVX2 = 2, LEVEL_AVX512 = 3 };
static const char *const level_names[] = {"none", "sse4", "avx2", "avx512"};

static void append(const char *s)
{
    size_t n = strlen(cpu_string);
    if (n + strlen(s) + 2 >= sizeof(cpu_string)) return;
    if (n) cpu_string[n++] = ' ';
    strcpy(cpu_string + n, s);
}

static void detect(void)
{
    int best = LEVEL_NONE, i;
    const char *env;
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("sse2")) cpu_bits |= OVX_CPU_SSE2;
    if (__builtin_cpu_supports("sse4.1")) cpu_bits |= OVX_CPU_SSE41;
    if (__builtin_cpu_supports("sse4.2")) cpu_bits |= OVX_CPU_SSE42;
    if (__builtin_cpu_supports("avx")) cpu_bits |= OVX_CPU_AVX;
    if (__builtin_cpu_supports("avx2")) cpu_bits |= OVX_CPU_AVX2;
    if (__builtin_cpu_supports("fma")) cpu_bits |= OVX_CPU_FMA;
    if (__builtin_cpu_supports("avx512f")) cpu_bits |= OVX_CPU_AVX512F;
    if (__builtin_cpu_supports("avx512bw")) cpu_bits |= OVX_CPU_AVX512BW;
    if (__builtin_cpu_supports("avx512vl")) cpu_bits |= OVX_CPU_AVX512VL;
    if (__builtin_cpu_supports("avx512dq")) cpu_bits |= OVX_CPU_AVX512DQ;
    cpu_vnni = __builtin_cpu_supports("avx512vnni") != 0;
    cpu_vbmi = __builtin_cpu_supports("avx512vbmi") != 0;
    /* AMD family 19h with AVX-512 is a Zen 4: 512-bit operations on 256-bit units */
    cpu_half512 = __builtin_cpu_is("amd") && __builtin_cpu_is("amdfam19h") && __builtin_cpu_supports("avx512f");
#if defined(__x86_64__) && defined(__linux__)
    cpu_amx_hw = cpu_vnni && __builtin_cpu_supports("amx-tile") && __builtin_cpu_supports("amx-int8");
#endif
#elif defined(__aarch64__)
    cpu_bits |= OVX_CPU_NEON;
#endif
    env = getenv("OPENVX_AVX512_HALFWIDTH"); /* 0 or 1: the choices it steers, on any CPU (tests) */
    if (env && (strcmp(env, "0") == 0 || strcmp(env, "1") == 0)) cpu_half512 = env[0] == '1';
    if (cpu_bits & OVX_CPU_SSE2) append("sse2");
    if (cpu_bits & OVX_CPU_SSE41) append("sse4.1");
    if (cpu_bits & OVX_CPU_SSE42) append("sse4.2");
    if (cpu_bits & OVX_CPU_AVX) append("avx");
    if (cpu_bits & OVX_CPU_AVX2) append("avx2");
    if (cpu_bits & OVX_CPU_FMA) append("fma");
    if (cpu_bits & OVX_CPU_AVX512F) append("avx512f");
    if (cpu_bits & OVX_CPU_AVX512BW) append("avx512bw");
    if (cpu_bits & OVX_CPU_AVX512VL) append("avx512vl");
    if (cpu_bits & OVX_CPU_AVX512DQ) append("avx512dq");
    if (cpu_vnni) append("avx512vnni");
    if (cpu_vbmi) append("avx512vbmi");
    if (cpu_amx_hw) append("amx-int8");
    if (cpu_bits & OVX_CPU_NEON) append("neon");
    if (cpu_half512) append("avx512-halfwidth"); /* not an ISA extension: how its 512-bit operations run */
#ifndef OVX_BUILD_SCALAR_ONLY
    if ((cpu_bits & OVX_CPU_SSE41) && (cpu_bits & OVX_CPU_SSE42)) best = LEVEL_SSE4;
    if ((cpu_bits & OVX_CPU_AVX2) && (cpu_bits & OVX_CPU_FMA)) best = LEVEL_AVX2;
    /* the avx512 level: F, BW, VL and DQ (variants are built with all four;
     * a build without them, meson option simd_avx512=false, stops at avx2) */
#if defined(OVX_HAVE_AVX512)
    if ((cpu_bits & OVX_CPU_AVX512F) && (cpu_bits & OVX_CPU_AVX512BW) && (cpu_bits & OVX_CPU_AVX512VL) &&
        (cpu_bits & OVX_CPU_AVX512DQ) && best == LEVEL_AVX2)
        best = LEVEL_AVX512;
#endif
#endif
    env = getenv("OPENVX_SIMD");
    if (env && env[0]) {
        int lv = -1;
        for (i = LEVEL_NONE; i <= LEVEL_AVX512; i++)
            if (strcasecmp(env, level_names[i]) == 0) lv = i;
        if (strcasecmp(env, "sse41") == 0 || strcasecmp(env, "sse4.1") == 0) lv = LEVEL_SSE4; /* the ISA's names */
        if (lv < 0) /* no context to log to yet: say it where the user sees it */
            fprintf(stderr, "libopenvx: OPENVX_SIMD=%s is not one of none, sse4, avx2, avx512: ignored\n", env);
        else if (lv < best)
            best = lv;
    }
    simd_level = best;
    simd_name = level_names[best];
    env = getenv("OPENVX_LOG_VARIANTS");
    log_variants = env && env[0] && strcmp(env, "0") != 0;
}

int ovx_cpu_avx512vnni(void)
{
    pthread_once(&cpu_once, detect);
    return cpu_vnni;
}

int ovx_cpu_avx512vbmi(void)
{
    pthread_once(&cpu_once, detect);
    return cpu_vbmi;
}

int ovx_cpu_avx512_halfwidth(void)
{
    pthread_once(&cpu_once, detect);
    return cpu_half512;
}

/* AMX tiles need the process's permission for the tile data state (Linux:
 * arch_prctl(ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA)) before the first
 * tile instruction; refused (old kernel, seccomp, a sigaltstack too small
 * for the larger signal frames), no AMX.  Asked on the first call (a
 * convolution node's variant choice), not at detection: processes that
 * never run one keep their signal frames.  OPENVX_AMX=0: never asked. */
static void amx_permit(void)
{
    pthread_once(&cpu_once, detect);
#if defined(__x86_64__) && defined(__linux__)
    if (cpu_amx_hw) {
        const char *env = getenv("OPENVX_AMX");
        if (!(env && strcmp(env, "0") == 0)) cpu_amx = syscall(SYS_arch_prctl, 0x1023, 18) == 0;
    }
#endif
}

int ovx_cpu_amx_int8(void)
{
    pthread_once(&amx_once, amx_permit);
    return cpu_amx;
}

int ovx_log_variants(void)
{
    pthread_once(&cpu_once, detect);
    return log_variants;
}

vx_uint32 ovx_cpu_features(void)
{
    pthread_once(&cpu_once, detect);
    return cpu_bits;
}

const char *ovx_cpu_features_string(void)
{
    pthread_once(&cpu_once, detect);
    return cpu_string;
}

vx_enum ovx_simd_level(void)
{
    pthread_once(&cpu_once, detect);
    return simd_level;
}

const char *ovx_simd_level_name(void)
{
    pthread_once(&cpu_once, detect);
    return simd_name;
}
