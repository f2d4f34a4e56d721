/* Image pyramid rows, AVX2 variants (see multiscale.h): multiscale_rows.inc
 * with 16 lanes of 16 bits. */
#include "multiscale.h"

#include <immintrin.h>

#define MS_FN(name) name##_avx2
#define MS_V __m256i
#define MS_W 16
#define MS_LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define MS_ST(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))
#define MS_ADD _mm256_add_epi16
#define MS_SUB _mm256_sub_epi16
#define MS_SLLI _mm256_slli_epi16
#define MS_SRLI _mm256_srli_epi16
#define MS_SET16 _mm256_set1_epi16
#define MS_MADDUBS _mm256_maddubs_epi16
#define MS_LD_U8(p) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define MS_ST_U8(p, v)                                                                                             \
    _mm_storeu_si128((__m128i *)(void *)(p), _mm_packus_epi16(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)))
/* the unpacks work within 128-bit halves: put the halves in order */
#define MS_ZIP(a, b, lo, hi)                                                                                       \
    do {                                                                                                           \
        __m256i zl_ = _mm256_unpacklo_epi16(a, b), zh_ = _mm256_unpackhi_epi16(a, b);                              \
        (lo) = _mm256_permute2x128_si256(zl_, zh_, 0x20);                                                          \
        (hi) = _mm256_permute2x128_si256(zl_, zh_, 0x31);                                                          \
    } while (0)

#include "multiscale_rows.inc"

/* The half-size upsampling (multiscale_up.inc) in 256-bit vectors */
#define MSU_FN(name) name##_avx2
#include "multiscale_up.inc"
#undef MSU_FN
