/*
 * Bilateral filter, AVX2 (see bilateral.h; bit-exact with the scalar
 * ovxc_bilateral_u8 / _s16).
 *
 * One pixel a float lane, 8 pixels a step, the taps in the scalar order, so
 * each lane performs the scalar's operations in the scalar's order: w =
 * space_w[t] * color_w[d2] (gathered; a tap the scalar skips, d2 >=
 * color_n, gets w = 0, and adding n * 0 and 0 leaves the sums unchanged:
 * they start at +0 and never become -0), acc += n * w, wsum += w (separate
 * multiply and add: no FMA), then roundf(acc / wsum) (half away from zero:
 * truncate, then step away from zero when the dropped part is at least 0.5)
 * and the clamp.  One radiometric channel only; more channels run the
 * scalar code.
 *
 * The source must be readable 16 elements past the last pixel's row end
 * (bilateral.h): a row's last step may read beyond it, into lanes whose
 * results are not stored.
 */
#include "bilateral.h"

#include <immintrin.h>

static inline __m256 roundf8(__m256 v)
{
    const __m256 sign = _mm256_set1_ps(-0.0f);
    __m256 t = _mm256_round_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __m256 half = _mm256_cmp_ps(_mm256_andnot_ps(sign, _mm256_sub_ps(v, t)), _mm256_set1_ps(0.5f), _CMP_GE_OQ);
    __m256 step = _mm256_or_ps(_mm256_set1_ps(1.0f), _mm256_and_ps(v, sign));
    return _mm256_add_ps(t, _mm256_and_ps(half, step));
}

static inline __m256i load8_u8(const vx_uint8 *p)
{
    return _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)p));
}

static inline __m256i load8_s16(const vx_int16 *p)
{
    return _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(const void *)p));
}

/* The rounded, clamped results of 8 pixels from c0 on (as int32). */
#define BILATERAL_STEP8(LOAD, c0, LO, HI, out)                                                              \
    do {                                                                                                    \
        const __m256i cv = LOAD(c0);                                                                        \
        __m256 acc = _mm256_setzero_ps(), ws = _mm256_setzero_ps();                                         \
        for (vx_uint32 t = 0; t < p->ntaps; t++) {                                                          \
            __m256i nv = LOAD((c0) + p->tap_off[t]);                                                        \
            __m256i a = _mm256_min_epi32(_mm256_abs_epi32(_mm256_sub_epi32(nv, cv)), lim);                  \
            __m256i d2 = _mm256_mullo_epi32(a, a);                                                          \
            __m256 cw = _mm256_mask_i32gather_ps(_mm256_setzero_ps(), p->color_w, d2,                       \
                                                 _mm256_castsi256_ps(_mm256_cmpgt_epi32(cn, d2)), 4);       \
            __m256 w = _mm256_mul_ps(_mm256_set1_ps(p->space_w[t]), cw);                                   \
            acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_cvtepi32_ps(nv), w));                             \
            ws = _mm256_add_ps(ws, w);                                                                      \
        }                                                                                                   \
        acc = roundf8(_mm256_div_ps(acc, ws));                                                              \
        acc = _mm256_min_ps(_mm256_max_ps(acc, _mm256_set1_ps(LO)), _mm256_set1_ps(HI));                    \
        out = _mm256_cvtps_epi32(acc);                                                                      \
    } while (0)

void ovxc_bilateral_u8_avx2(const ovxc_bilateral *p, const vx_uint8 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                            vx_float32 *acc_scratch)
{
    const __m256i lim = _mm256_set1_epi32(1023), cn = _mm256_set1_epi32((int)p->color_n);
    if (p->channels != 1 || p->color_n > 0x7FFFFFFFu) {
        ovxc_bilateral_u8(p, src, dst, y0, y1, acc_scratch);
        return;
    }
    for (vx_int32 y = y0; y < y1; y++) {
        const vx_uint8 *row = src + (ptrdiff_t)y * p->row;
        vx_uint8 *o = dst + (ptrdiff_t)y * p->dst_sy;
        for (vx_int32 x = 0; x < p->width; x += 8) {
            __m256i r;
            vx_int32 n = p->width - x < 8 ? p->width - x : 8;
            BILATERAL_STEP8(load8_u8, row + x, 0.0f, 255.0f, r);
            if (n == 8 && p->dst_sx == 1) {
                __m128i b = _mm_packs_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
                _mm_storel_epi64((__m128i *)(void *)(o + x), _mm_packus_epi16(b, b));
            } else {
                vx_int32 v[8];
                _mm256_storeu_si256((__m256i *)(void *)v, r);
                for (vx_int32 k = 0; k < n; k++) o[(ptrdiff_t)(x + k) * p->dst_sx] = (vx_uint8)v[k];
            }
        }
    }
}

void ovxc_bilateral_s16_avx2(const ovxc_bilateral *p, const vx_int16 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                             vx_float32 *acc_scratch)
{
    const __m256i lim = _mm256_set1_epi32(1023), cn = _mm256_set1_epi32((int)p->color_n);
    if (p->channels != 1 || p->color_n > 0x7FFFFFFFu) {
        ovxc_bilateral_s16(p, src, dst, y0, y1, acc_scratch);
        return;
    }
    for (vx_int32 y = y0; y < y1; y++) {
        const vx_int16 *row = src + (ptrdiff_t)y * p->row;
        vx_uint8 *o = dst + (ptrdiff_t)y * p->dst_sy;
        for (vx_int32 x = 0; x < p->width; x += 8) {
            __m256i r;
            vx_int32 n = p->width - x < 8 ? p->width - x : 8;
            BILATERAL_STEP8(load8_s16, row + x, -32768.0f, 32767.0f, r);
            if (n == 8 && p->dst_sx == 2) {
                __m128i b = _mm_packs_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
                _mm_storeu_si128((__m128i *)(void *)(o + (ptrdiff_t)x * 2), b);
            } else {
                vx_int32 v[8];
                _mm256_storeu_si256((__m256i *)(void *)v, r);
                for (vx_int32 k = 0; k < n; k++) *(vx_int16 *)(void *)(o + (ptrdiff_t)(x + k) * p->dst_sx) = (vx_int16)v[k];
            }
        }
    }
}
