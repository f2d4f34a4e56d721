/* Compute routines: pyramidal Lucas-Kanade optical flow.  See optflow.h. */
#include "optflow.h"

#include <math.h>

#define LK_FN(name) name
#include "optflow_body.inc"

const ovx_variant *ovxc_lk_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX512(ovxc_lk_track_points) OVX_VARIANT_AVX2(ovxc_lk_track_points){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_lk_track_points}};
    return table;
}
