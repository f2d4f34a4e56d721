/* Compute routines: pixelwise and arithmetic functions (see arith.h): the
 * portable reference (arith_body.inc) and the variant tables. */
#include "arith.h"

#define ARITH_FN(name) name
#include "arith_body.inc"

#define TABLE(name)                                                                                            \
    static const ovx_variant table_##name[] = {OVX_VARIANT_AVX512(ovxc_##name)                                 \
                                                   OVX_VARIANT_AVX2(ovxc_##name)                               \
                                                       OVX_VARIANT_SSE41(ovxc_##name){                         \
                                                           "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_##name}};
OVXC_ARITH_ROUTINES(TABLE)
#undef TABLE

const ovx_variant *ovxc_arith_variants(ovxc_arith_routine routine)
{
    static const ovx_variant *const tables[OVXC_ARITH_COUNT] = {
#define ENTRY(name) table_##name,
        OVXC_ARITH_ROUTINES(ENTRY)
#undef ENTRY
    };
    return (unsigned)routine < OVXC_ARITH_COUNT ? tables[routine] : NULL;
}

