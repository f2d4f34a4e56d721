/* Compute routines: statistics. */
#include "stats.h"

#include <string.h>

void ovxc_count_u8(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                  uint32_t counts[256])
{
    /* four tables, one per pixel of a group of four: a run of one value does
     * not chain every increment on the last one's store; the pixels read 8
     * at a time into a register (every byte counted once, in any byte
     * order): ~5% less CPU time than a load per pixel */
    uint32_t c4[4][256], y, v;
    size_t x, w = x1 - x0;
    memset(c4, 0, sizeof(c4));
    if (stride == (int32_t)w && y1 > y0) { /* contiguous rows: one run */
        w *= y1 - y0;
        y1 = y0 + 1;
    }
    for (y = y0; y < y1; y++) {
        const uint8_t *row = ptr + (intptr_t)y * stride + x0;
        for (x = 0; x + 8 <= w; x += 8) {
            uint64_t q;
            memcpy(&q, row + x, 8);
            c4[0][q & 255]++;
            c4[1][(q >> 8) & 255]++;
            c4[2][(q >> 16) & 255]++;
            c4[3][(q >> 24) & 255]++;
            c4[0][(q >> 32) & 255]++;
            c4[1][(q >> 40) & 255]++;
            c4[2][(q >> 48) & 255]++;
            c4[3][q >> 56]++;
        }
        for (; x < w; x++) c4[0][row[x]]++;
    }
    for (v = 0; v < 256; v++) counts[v] = c4[0][v] + c4[1][v] + c4[2][v] + c4[3][v];
}

void ovxc_histogram_from_counts(const uint32_t counts[256], int32_t offset, uint32_t range, size_t bins,
                               uint32_t *hist)
{
    int64_t v;
    memset(hist, 0, bins * sizeof(uint32_t));
    if (range == 0 || bins == 0) return;
    for (v = 0; v < 256; v++) {
        int64_t rel = v - (int64_t)offset;
        if (rel < 0 || rel >= (int64_t)range) continue;
        hist[(uint64_t)rel * bins / range] += counts[v];
    }
}

void ovxc_equalize_lut(const uint32_t counts[256], uint8_t lut[256])
{
    uint64_t total = 0, cdf = 0, cmin = 0, scale;
    int v, first = -1;
    for (v = 0; v < 256; v++) {
        total += counts[v];
        if (first < 0 && counts[v]) first = v;
    }
    if (first < 0 || counts[first] == total) {
        for (v = 0; v < 256; v++) lut[v] = (uint8_t)v;
        return;
    }
    cmin = counts[first];
    scale = total - cmin;
    for (v = 0; v < 256; v++) {
        cdf += counts[v];
        lut[v] = v < first ? 0 : (uint8_t)(((cdf - cmin) * 255 + scale / 2) / scale);
    }
}

void ovxc_sums_u8(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                 uint64_t *sum, uint64_t *sqsum)
{
    uint64_t s = 0, s2 = 0;
    uint32_t x, y;
    for (y = y0; y < y1; y++) {
        const uint8_t *row = ptr + (intptr_t)y * stride;
        for (x = x0; x < x1;) { /* runs of up to 2^16 pixels: their sums fit 32 bits */
            uint32_t e = x1 - x < 65536 ? x1 : x + 65536, rs = 0, rs2 = 0, xx;
            for (xx = x; xx < e; xx++) { /* branch-free: the compiler vectorizes it */
                uint32_t v = row[xx];
                rs += v;
                rs2 += v * v;
            }
            s += rs;
            s2 += rs2;
            x = e;
        }
    }
    *sum = s;
    *sqsum = s2;
}

void ovxc_sums_u1(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,
                 uint64_t *sum, uint64_t *sqsum)
{
    uint64_t s = 0;
    uint32_t x, y;
    for (y = y0; y < y1; y++) {
        const uint8_t *row = ptr + (intptr_t)y * stride;
        for (x = x0; x < x1; x++) s += (row[x >> 3] >> (x & 7)) & 1u;
    }
    *sum = s;
    *sqsum = s;
}

/* Branch-free row reductions (the compiler vectorizes them): the extremes,
 * then, only when asked, how many pixels hold a value. */
#define OVXC_MINMAX(name, cname, type)                                                                      \
    void name(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,      \
              int32_t *minv, int32_t *maxv)                                                                \
    {                                                                                                      \
        type mn, mx;                                                                                       \
        uint32_t x, y;                                                                                     \
        if (x1 <= x0 || y1 <= y0) {                                                                        \
            *minv = *maxv = 0;                                                                             \
            return;                                                                                        \
        }                                                                                                  \
        mn = mx = ((const type *)(const void *)(ptr + (intptr_t)y0 * stride))[x0];                         \
        for (y = y0; y < y1; y++) {                                                                        \
            const type *row = (const type *)(const void *)(ptr + (intptr_t)y * stride);                   \
            type rmn = mn, rmx = mx;                                                                       \
            for (x = x0; x < x1; x++) {                                                                    \
                type v = row[x];                                                                           \
                rmn = v < rmn ? v : rmn;                                                                   \
                rmx = v > rmx ? v : rmx;                                                                   \
            }                                                                                              \
            mn = rmn, mx = rmx;                                                                            \
        }                                                                                                  \
        *minv = mn, *maxv = mx;                                                                            \
    }                                                                                                      \
    size_t cname(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,   \
                 int32_t value)                                                                            \
    {                                                                                                      \
        size_t n = 0;                                                                                      \
        uint32_t x, y;                                                                                     \
        for (y = y0; y < y1; y++) {                                                                        \
            const type *row = (const type *)(const void *)(ptr + (intptr_t)y * stride);                   \
            uint32_t c = 0;                                                                                \
            for (x = x0; x < x1; x++) c += row[x] == value;                                                \
            n += c;                                                                                        \
        }                                                                                                  \
        return n;                                                                                          \
    }

OVXC_MINMAX(ovxc_minmax_u8, ovxc_count_value_u8, uint8_t)
OVXC_MINMAX(ovxc_minmax_s16, ovxc_count_value_s16, int16_t)

#define OVXC_LOCATE(name, type)                                                                             \
    size_t name(const uint8_t *ptr, int32_t stride, uint32_t x0, uint32_t y0, uint32_t x1, uint32_t y1,    \
                int32_t v, uint32_t *xy, size_t cap)                                                       \
    {                                                                                                      \
        size_t n = 0;                                                                                      \
        uint32_t x, y;                                                                                     \
        for (y = y0; y < y1 && n < cap; y++) {                                                             \
            const type *row = (const type *)(const void *)(ptr + (intptr_t)y * stride);                   \
            for (x = x0; x < x1 && n < cap; x++) {                                                         \
                if (row[x] == v) {                                                                         \
                    xy[2 * n] = x;                                                                         \
                    xy[2 * n + 1] = y;                                                                     \
                    n++;                                                                                   \
                }                                                                                          \
            }                                                                                              \
        }                                                                                                  \
        return n;                                                                                          \
    }

OVXC_LOCATE(ovxc_locate_u8, uint8_t)
OVXC_LOCATE(ovxc_locate_s16, int16_t)

void ovxc_integral_rows_scalar(const uint8_t *src, int32_t src_stride, uint8_t *dst, int32_t dst_stride, uint32_t width,
                              uint32_t y0, uint32_t y1, const uint32_t *top)
{
    uint32_t x, y;
    for (y = y0; y < y1; y++) {
        const uint8_t *s = src + (intptr_t)y * src_stride;
        uint32_t *d = (uint32_t *)(void *)(dst + (intptr_t)y * dst_stride);
        const uint32_t *up = y > y0 ? (const uint32_t *)(const void *)(dst + (intptr_t)(y - 1) * dst_stride) : top;
        uint32_t row = 0;
        for (x = 0; x < width; x++) {
            row += s[x];
            d[x] = up ? up[x] + row : row;
        }
    }
}

void ovxc_integral_u8(const uint8_t *src, int32_t src_stride, uint8_t *dst, int32_t dst_stride, uint32_t width,
                     uint32_t height)
{
    ovxc_integral_rows_scalar(src, src_stride, dst, dst_stride, width, 0, height, NULL);
}

const ovx_variant *ovxc_minmax_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_minmax_u8){"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_minmax_u8}};
    return table;
}

const ovx_variant *ovxc_sums_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_sums_u8){"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_sums_u8}};
    return table;
}

const ovx_variant *ovxc_integral_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_integral_rows){"scalar", OVX_SIMD_NONE,
                                                                            (ovx_fn)ovxc_integral_rows_scalar}};
    return table;
}

void ovxc_colsum_u8(const uint8_t *src, int32_t src_stride, uint32_t width, uint32_t y0, uint32_t y1, uint32_t *acc)
{
    uint32_t x, y;
    for (y = y0; y < y1; y++) {
        const uint8_t *s = src + (intptr_t)y * src_stride;
        for (x = 0; x < width; x++) acc[x] += s[x]; /* the compiler vectorizes it */
    }
}
