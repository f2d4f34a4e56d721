/* The channel rows of compute/color.h built for this ISA (see color_rows.inc). */
#include "color.h"

#include <immintrin.h>
#include <string.h>

#define COLOR_FN(name) name##_avx512
#include "color_rows.inc"

/* The ColorConvert kit: this ISA's channel rows; the arithmetic is the AVX2
 * build's (8-lane float and 4-lane double work, no gain in wider lanes that
 * would pay for a second copy). */
const ovxc_cc_kit *ovxc_cc_kit_avx512(void)
{
    static const ovxc_cc_kit kit = {ovxc_cc_apply_q_avx2,    ovxc_interleave3_avx512, ovxc_interleave4_avx512,
                                    ovxc_dup2_avx512,
                                    ovxc_pick2_avx512,       ovxc_split3_avx512,      ovxc_cc_enc420_avx2,
                                    ovxc_split_uv4_avx512,   ovxc_cc_dec2_avx2,
                                    ovxc_interleave2_avx512, ovxc_split4_avx512,
                                    ovxc_cc_enc444_rat_avx2, ovxc_cc_enc420_rat_avx2, ovxc_cc_dec422_avx2};
    return &kit;
}
