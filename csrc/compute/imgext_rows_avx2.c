/* LBP and NonMaxSuppression U8 rows (compute/imgext_rows.h), AVX2: 32 pixels a step. */
#include <immintrin.h>

#define SFX avx2
#define V __m256i
#define W 32
#define LD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define ST(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define SET1(b) _mm256_set1_epi8((char)(b))
#define ZERO _mm256_setzero_si256()
#define MAXU _mm256_max_epu8
#define EQ8 _mm256_cmpeq_epi8
#define GT8 _mm256_cmpgt_epi8
#define AND _mm256_and_si256
#define OR _mm256_or_si256
#define XOR _mm256_xor_si256
#define ANDNOT _mm256_andnot_si256
#define SUB8 _mm256_sub_epi8
#define SLL16 _mm256_slli_epi16
#define SRL16 _mm256_srli_epi16
#define ADD16 _mm256_add_epi16
#define UNLO8 _mm256_unpacklo_epi8
#define UNHI8 _mm256_unpackhi_epi8
#define PACKUS16 _mm256_packus_epi16
#define BLENDV _mm256_blendv_epi8
#define SET1_16(v) _mm256_set1_epi16((short)(v))
#define MAX16 _mm256_max_epi16
#define GT16 _mm256_cmpgt_epi16
#define EQ16 _mm256_cmpeq_epi16
#define WIDEN8(p) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p))) /* W / 2 mask bytes to 16-bit lanes */
#include "imgext_rows.inc"
