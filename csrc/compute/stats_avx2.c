/* Statistics rows, AVX2 variants (see stats.h). */
#include "stats.h"

#include <immintrin.h>

/* Integral rows: 16 pixels a step, each 8 summed in place (two shifted adds
 * in each lane, lane 0's total added to lane 1), the second 8 plus the first
 * 8's total, both plus the row's running total (one dependent add and
 * broadcast per 16 pixels), plus the row above.  Wrapping 32-bit adds: the
 * same values as the scalar row. */
void ovxc_integral_rows_avx2(const uint8_t *src, int32_t src_stride, uint8_t *dst, int32_t dst_stride, uint32_t width,
                            uint32_t y0, uint32_t y1, const uint32_t *top)
{
    const __m256i last = _mm256_set1_epi32(7);
    for (uint32_t y = y0; y < y1; y++) {
        const uint8_t *s = src + (intptr_t)y * src_stride;
        uint32_t *d = (uint32_t *)(void *)(dst + (intptr_t)y * dst_stride);
        const uint32_t *up = y > y0 ? (const uint32_t *)(const void *)(dst + (intptr_t)(y - 1) * dst_stride) : top;
        __m256i carry = _mm256_setzero_si256();
        uint32_t x = 0, row;
        for (; x + 16 <= width; x += 16) {
            __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + x));
            __m256i v[2];
            for (int h = 0; h < 2; h++) {
                __m256i t = _mm256_cvtepu8_epi32(h ? _mm_srli_si128(b, 8) : b);
                t = _mm256_add_epi32(t, _mm256_slli_si256(t, 4));
                t = _mm256_add_epi32(t, _mm256_slli_si256(t, 8));
                /* [0 | lane 0] with lane 0's last element everywhere */
                v[h] = _mm256_add_epi32(t, _mm256_shuffle_epi32(_mm256_permute2x128_si256(t, t, 0x08), 0xFF));
            }
            v[1] = _mm256_add_epi32(v[1], _mm256_permutevar8x32_epi32(v[0], last));
            v[0] = _mm256_add_epi32(v[0], carry);
            v[1] = _mm256_add_epi32(v[1], carry);
            carry = _mm256_permutevar8x32_epi32(v[1], last);
            if (up) {
                v[0] = _mm256_add_epi32(v[0], _mm256_loadu_si256((const __m256i *)(const void *)(up + x)));
                v[1] = _mm256_add_epi32(v[1], _mm256_loadu_si256((const __m256i *)(const void *)(up + x + 8)));
            }
            _mm256_storeu_si256((__m256i *)(void *)(d + x), v[0]);
            _mm256_storeu_si256((__m256i *)(void *)(d + x + 8), v[1]);
        }
        row = (uint32_t)_mm256_cvtsi256_si32(carry);
        for (; x < width; x++) {
            row += s[x];
            d[x] = up ? up[x] + row : row;
        }
    }
}

/* Sum and sum of squares of U8 pixels: 32 a step, the sum by sums of
 * absolute differences from zero (64-bit lanes), the squares by pmaddwd of
 * the widened pixels with themselves (32-bit lanes of at most 2 * 255^2 a
 * step, flushed to 64 bits every 4096 pixels); exact integers. */
void ovxc_sums_u8_avx2(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                      uint64_t *sum, uint64_t *sqsum)
{
    __m256i s64 = _mm256_setzero_si256(), q64 = _mm256_setzero_si256();
    const __m256i zero = _mm256_setzero_si256();
    uint64_t s = 0, q = 0, lanes[4];
    for (uint32_t y = y0; y < y1; y++) {
        const uint8_t *row = ptr + (intptr_t)y * stride;
        uint32_t x = x0;
        while (x + 32 <= x1) {
            uint32_t e = x1 - x < 4096 ? x1 : x + 4096;
            __m256i q32 = _mm256_setzero_si256();
            for (; x + 32 <= e; x += 32) {
                __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(row + x));
                __m256i lo = _mm256_unpacklo_epi8(v, zero), hi = _mm256_unpackhi_epi8(v, zero);
                s64 = _mm256_add_epi64(s64, _mm256_sad_epu8(v, zero));
                q32 = _mm256_add_epi32(q32, _mm256_add_epi32(_mm256_madd_epi16(lo, lo), _mm256_madd_epi16(hi, hi)));
            }
            q64 = _mm256_add_epi64(q64, _mm256_add_epi64(_mm256_unpacklo_epi32(q32, zero), _mm256_unpackhi_epi32(q32, zero)));
        }
        for (; x < x1; x++) {
            uint32_t v = row[x];
            s += v;
            q += v * v;
        }
    }
    _mm256_storeu_si256((__m256i *)(void *)lanes, s64);
    s += lanes[0] + lanes[1] + lanes[2] + lanes[3];
    _mm256_storeu_si256((__m256i *)(void *)lanes, q64);
    q += lanes[0] + lanes[1] + lanes[2] + lanes[3];
    *sum = s;
    *sqsum = q;
}

/* Minimum and maximum of a U8 rectangle: 128 pixels a step in byte lanes
 * (four loads folded before the running min and max; one load a step, the
 * loop's speed depended on where the linker put it: 1.5x apart at 1080p on
 * a Zen 4 between two builds differing elsewhere), then 32 a step, the rest
 * (and the lanes' reduction) by scalar compares; the reference's values (0
 * and 0 for an empty rectangle). */
void ovxc_minmax_u8_avx2(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                        int32_t *minv, int32_t *maxv)
{
    __m256i vmn = _mm256_set1_epi8((char)0xFF), vmx = _mm256_setzero_si256();
    uint8_t mn = 255, mx = 0, lanes[32];
    if (x1 <= x0 || y1 <= y0) {
        *minv = *maxv = 0;
        return;
    }
    for (uint32_t y = y0; y < y1; y++) {
        const uint8_t *row = ptr + (intptr_t)y * stride;
        uint32_t x = x0;
        for (; x + 128 <= x1; x += 128) {
            const __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(row + x));
            const __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(row + x + 32));
            const __m256i c = _mm256_loadu_si256((const __m256i *)(const void *)(row + x + 64));
            const __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)(row + x + 96));
            vmn = _mm256_min_epu8(vmn, _mm256_min_epu8(_mm256_min_epu8(a, b), _mm256_min_epu8(c, d)));
            vmx = _mm256_max_epu8(vmx, _mm256_max_epu8(_mm256_max_epu8(a, b), _mm256_max_epu8(c, d)));
        }
        for (; x + 32 <= x1; x += 32) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(row + x));
            vmn = _mm256_min_epu8(vmn, v);
            vmx = _mm256_max_epu8(vmx, v);
        }
        for (; x < x1; x++) {
            mn = row[x] < mn ? row[x] : mn;
            mx = row[x] > mx ? row[x] : mx;
        }
    }
    _mm256_storeu_si256((__m256i *)(void *)lanes, vmn);
    for (int i = 0; i < 32; i++) mn = lanes[i] < mn ? lanes[i] : mn;
    _mm256_storeu_si256((__m256i *)(void *)lanes, vmx);
    for (int i = 0; i < 32; i++) mx = lanes[i] > mx ? lanes[i] : mx;
    *minv = mn, *maxv = mx;
}
