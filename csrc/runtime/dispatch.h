/*
 * Run-time dispatch of compute routines to SIMD variants.
 *
 * A routine that has SIMD variants lists them in a table, best first and the
 * portable C reference last (level OVX_SIMD_NONE, always present):
 *
 *     static const ovx_variant add_u8_sat[] = {
 *         OVX_VARIANT_AVX512(ovxc_row_add_u8_sat),   // only when built
 *         OVX_VARIANT_AVX2(ovxc_row_add_u8_sat),
 *         {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_row_add_u8_sat_scalar},
 *     };
 *
 * ovx_variant_pick() returns the first entry whose level the CPU has and
 * OPENVX_SIMD allows (runtime/cpu.c reads both once).  Kernels pick when a
 * graph is verified (their ovx_kernel_desc.select hook); the node keeps the
 * choice (node->variant, queryable as VX_NODE_OVX_VARIANT) and its window
 * function calls it per row: never a choice per pixel or per row.
 *
 * Each ISA's variants live in compute/<family>_<isa>.c (isa: sse41, avx2,
 * avx512), compiled with that ISA's flags in a static library of their own
 * (csrc/meson.build: sse4.1+4.2; avx2+fma; avx512 f+bw+vl+dq); the rest of
 * the library is built for the baseline target.  -Dsimd=none (or a non-x86
 * host) builds no variant: the tables then hold the scalar entry alone.
 */
#ifndef OVX_RUNTIME_DISPATCH_H
#define OVX_RUNTIME_DISPATCH_H

enum { OVX_SIMD_NONE = 0, OVX_SIMD_SSE4 = 1, OVX_SIMD_AVX2 = 2, OVX_SIMD_AVX512 = 3 };

typedef void (*ovx_fn)(void);

typedef struct ovx_variant {
    const char *name;   /* "scalar", "avx2", "avx512" */
    int level;          /* OVX_SIMD_* the variant needs */
    ovx_fn fn;          /* cast to the routine's own type by its caller */
} ovx_variant;

/* The level variants may use: what the CPU has, capped by OPENVX_SIMD. */
int ovx_simd_level_num(void);
/* Has the CPU AVX512_VNNI (runtime/cpu.c; the VNNI variants, compute/nn_avx512.c,
 * are listed in their tables only then, on top of the avx512 level)? */
int ovx_cpu_avx512vnni(void);
/* Has the CPU AVX512_VBMI (the byte-permute rows: bilateral U8)? */
int ovx_cpu_avx512vbmi(void);
/* Does the CPU run 512-bit operations on 256-bit units (AMD Zen 4: family 19h
 * with AVX-512), where some AVX-512 rows measured slower than the AVX2 ones
 * (a kernel's variant choice may step down to its AVX2 entry)?
 * OPENVX_AVX512_HALFWIDTH=0 or 1 overrides the detection (tests). */
int ovx_cpu_avx512_halfwidth(void);
/* Has the CPU AMX-TILE and AMX-INT8, VNNI, and has the kernel let this
 * process use the tiles (runtime/cpu.c asks once; OPENVX_AMX=0: no)?  The
 * amx variants (compute/nn_avx512.c) are listed only then. */
int ovx_cpu_amx_int8(void);
/* The pause of a spin-wait loop (x86 pause, Arm yield). */
static inline void ovx_cpu_relax(void)
{
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) && defined(__GNUC__)
    __asm__ __volatile__("yield");
#endif
}
/* The best variant of `table` (the last entry, level OVX_SIMD_NONE, ends it). */
const ovx_variant *ovx_variant_pick(const ovx_variant *table);
/* v, or the AVX2 entry after it where v is an avx512 entry and the CPU runs
 * AVX-512 at half width (ovx_cpu_avx512_halfwidth): for the kernels whose
 * AVX-512 rows measured slower than their AVX2 rows there. */
const ovx_variant *ovx_variant_halfwidth_step(const ovx_variant *v);

#if defined(OVX_HAVE_SSE41)
#define OVX_VARIANT_SSE41(base) {"sse4", OVX_SIMD_SSE4, (ovx_fn)base##_sse41},
#else
#define OVX_VARIANT_SSE41(base)
#endif
#if defined(OVX_HAVE_AVX2)
#define OVX_VARIANT_AVX2(base) {"avx2", OVX_SIMD_AVX2, (ovx_fn)base##_avx2},
#else
#define OVX_VARIANT_AVX2(base)
#endif
#if defined(OVX_HAVE_AVX512)
#define OVX_VARIANT_AVX512(base) {"avx512", OVX_SIMD_AVX512, (ovx_fn)base##_avx512},
#else
#define OVX_VARIANT_AVX512(base)
#endif

#endif
