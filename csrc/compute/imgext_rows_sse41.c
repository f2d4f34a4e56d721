/* LBP and NonMaxSuppression U8 rows (compute/imgext_rows.h), SSE4.1: 16 pixels a step. */
#include <smmintrin.h>

#define SFX sse41
#define V __m128i
#define W 16
#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define ST(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define SET1(b) _mm_set1_epi8((char)(b))
#define ZERO _mm_setzero_si128()
#define MAXU _mm_max_epu8
#define EQ8 _mm_cmpeq_epi8
#define GT8 _mm_cmpgt_epi8
#define AND _mm_and_si128
#define OR _mm_or_si128
#define XOR _mm_xor_si128
#define ANDNOT _mm_andnot_si128
#define SUB8 _mm_sub_epi8
#define SLL16 _mm_slli_epi16
#define SRL16 _mm_srli_epi16
#define ADD16 _mm_add_epi16
#define UNLO8 _mm_unpacklo_epi8
#define UNHI8 _mm_unpackhi_epi8
#define PACKUS16 _mm_packus_epi16
#define BLENDV _mm_blendv_epi8
#define SET1_16(v) _mm_set1_epi16((short)(v))
#define MAX16 _mm_max_epi16
#define GT16 _mm_cmpgt_epi16
#define EQ16 _mm_cmpeq_epi16
#define WIDEN8(p) _mm_cvtepu8_epi16(_mm_loadl_epi64((const __m128i *)(const void *)(p))) /* W / 2 mask bytes to 16-bit lanes */
#include "imgext_rows.inc"
