/* Run-time dispatch of compute routines (see dispatch.h). */
#include "dispatch.h"

#include "../framework/ovx.h"

int ovx_simd_level_num(void)
{
    return (int)ovx_simd_level();
}

const ovx_variant *ovx_variant_pick(const ovx_variant *table)
{
    int level = ovx_simd_level_num();
    const ovx_variant *v = table;
    while (v->level > level) v++; /* the scalar entry (level 0) ends every table */
    return v;
}

const ovx_variant *ovx_variant_halfwidth_step(const ovx_variant *v)
{
    /* an avx512 entry is never the last (the scalar one is) */
    return v && v->level == OVX_SIMD_AVX512 && v[1].level == OVX_SIMD_AVX2 && ovx_cpu_avx512_halfwidth() ? v + 1 : v;
}
