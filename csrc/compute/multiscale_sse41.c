/* Image pyramid rows, SSE4.1 variants (see multiscale.h): multiscale_rows.inc
 * with 8 lanes of 16 bits. */
#include "multiscale.h"

#include <smmintrin.h>

#define MS_FN(name) name##_sse41
#define MS_V __m128i
#define MS_W 8
#define MS_LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define MS_ST(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define MS_ADD _mm_add_epi16
#define MS_SUB _mm_sub_epi16
#define MS_SLLI _mm_slli_epi16
#define MS_SRLI _mm_srli_epi16
#define MS_SET16 _mm_set1_epi16
#define MS_MADDUBS _mm_maddubs_epi16
#define MS_LD_U8(p) _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)(const void *)(p)))
#define MS_ST_U8(p, v) _mm_storel_epi64((__m128i *)(void *)(p), _mm_packus_epi16((v), (v)))
#define MS_ZIP(a, b, lo, hi)                                                                                       \
    do {                                                                                                           \
        (lo) = _mm_unpacklo_epi16(a, b);                                                                           \
        (hi) = _mm_unpackhi_epi16(a, b);                                                                           \
    } while (0)

#include "multiscale_rows.inc"
