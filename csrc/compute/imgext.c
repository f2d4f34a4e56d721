/* Compute routines of family imgext (enhanced vision: LBP, NonMaxSuppression, MatchTemplate). */
#include "imgext.h"

#include <math.h>

/* ---- border reads ------------------------------------------------------------ */

static inline int32_t clampi(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

/* Is (x, y) inside the image? */
static inline int inside(const ovxc_area *a, int32_t x, int32_t y)
{
    return x >= 0 && y >= 0 && x < (int32_t)a->width && y < (int32_t)a->height;
}

static inline int px_u8(const uint8_t *src, int32_t ss, const ovxc_area *a, int32_t x, int32_t y)
{
    if (!inside(a, x, y)) {
        if (a->border == OVXC_BORDER_CONSTANT) return (int)(a->constant & 0xFFu);
        x = clampi(x, 0, (int32_t)a->width - 1);
        y = clampi(y, 0, (int32_t)a->height - 1);
    }
    return src[(intptr_t)y * ss + x];
}

static inline int px_s16(const int16_t *src, int32_t ss, const ovxc_area *a, int32_t x, int32_t y)
{
    if (!inside(a, x, y)) {
        if (a->border == OVXC_BORDER_CONSTANT) return (int16_t)(uint16_t)(a->constant & 0xFFFFu);
        x = clampi(x, 0, (int32_t)a->width - 1);
        y = clampi(y, 0, (int32_t)a->height - 1);
    }
    return *(const int16_t *)((const uint8_t *)src + (intptr_t)y * ss + (intptr_t)x * 2);
}

/* Mask sample: nonzero means "ignored"; zero outside under a constant border. */
static inline int mask_at(const uint8_t *mask, int32_t ms, int u1, const ovxc_area *a, int32_t x, int32_t y)
{
    const uint8_t *row;
    if (!mask) return 0;
    if (!inside(a, x, y)) {
        if (a->border == OVXC_BORDER_CONSTANT) return 0;
        x = clampi(x, 0, (int32_t)a->width - 1);
        y = clampi(y, 0, (int32_t)a->height - 1);
    }
    row = mask + (intptr_t)y * ms;
    return u1 ? (row[x >> 3] >> (x & 7)) & 1 : row[x] != 0;
}

/* ---- LBP ------------------------------------------------------------------------ */

/* Ring offsets g_0 .. g_7 of the spec (dx, dy). */
static const int8_t ring3[8][2] = {{-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}};
static const int8_t ring5[8][2] = {{-1, -1}, {0, -2}, {1, -1}, {2, 0}, {1, 1}, {0, 2}, {-1, 1}, {-2, 0}};
static const int8_t ringm[8][2] = {{-2, -2}, {0, -2}, {2, -2}, {2, 0}, {2, 2}, {0, 2}, {-2, 2}, {-2, 0}};

static inline uint8_t lbp_code(int format, const int g[8], int gc)
{
    unsigned v = 0;
    if (format == OVXC_LBP_MODIFIED) {
        int sum = 1;
        for (int p = 0; p < 8; p++) sum += g[p];
        sum /= 8;
        for (int p = 0; p < 8; p++) v |= (unsigned)(g[p] > sum) << p;
        return (uint8_t)v;
    }
    for (int p = 0; p < 8; p++) v |= (unsigned)(g[p] >= gc) << p;
    if (format == OVXC_LBP_UNIFORM) {
        /* transitions of the circular pattern: bits of v XOR v rotated by one */
        unsigned t = (v ^ ((v >> 1) | (v << 7))) & 0xFFu, u = 0;
        for (; t; t &= t - 1) u++;
        if (u > 2) return 9;
    }
    return (uint8_t)v;
}

void ovxc_lbp_u8(int format, uint32_t ksize, const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds,
                 const ovxc_area *a)
{
    const int8_t(*ring)[2] = format == OVXC_LBP_MODIFIED ? ringm : (ksize == 5 ? ring5 : ring3);
    int32_t r = (format == OVXC_LBP_MODIFIED || ksize == 5) ? 2 : 1;
    intptr_t off[8];
    for (int p = 0; p < 8; p++) off[p] = (intptr_t)ring[p][1] * ss + ring[p][0];
    for (uint32_t y = a->y0; y < a->y1; y++) {
        uint8_t *d = dst + (intptr_t)y * ds;
        int row_in = (int32_t)y >= r && (int32_t)y + r < (int32_t)a->height;
        for (uint32_t x = a->x0; x < a->x1; x++) {
            int g[8], gc;
            if (row_in && (int32_t)x >= r && (int32_t)x + r < (int32_t)a->width) {
                const uint8_t *c = src + (intptr_t)y * ss + x;
                for (int p = 0; p < 8; p++) g[p] = c[off[p]];
                gc = c[0];
            } else {
                for (int p = 0; p < 8; p++) g[p] = px_u8(src, ss, a, (int32_t)x + ring[p][0], (int32_t)y + ring[p][1]);
                gc = px_u8(src, ss, a, (int32_t)x, (int32_t)y);
            }
            d[x] = lbp_code(format, g, gc);
        }
    }
}

/* ---- Non-maxima suppression --------------------------------------------------------- */

/* Is P at (x, y) kept?  v(x, y) reads the input through the border rule. */
#define NMS_KEEP(P, VAL)                                                                                        \
    do {                                                                                                         \
        for (int32_t j = -r; j <= r && keep; j++)                                                                \
            for (int32_t i = -r; i <= r; i++) {                                                                  \
                int32_t xx = (int32_t)x + i, yy = (int32_t)y + j;                                                \
                int n;                                                                                           \
                if (i == 0 && j == 0) continue;                                                                  \
                if (mask && mask_at(mask, ms, mask_u1, a, xx, yy)) continue;                                     \
                n = VAL;                                                                                         \
                if ((j < 0 || (j == 0 && i < 0)) ? (P) < n : (P) <= n) {                                         \
                    keep = 0;                                                                                    \
                    break;                                                                                       \
                }                                                                                                \
            }                                                                                                    \
    } while (0)

void ovxc_nms_u8(const uint8_t *src, int32_t ss, const uint8_t *mask, int32_t ms, int mask_u1, uint32_t win,
                 uint8_t *dst, int32_t ds, const ovxc_area *a)
{
    int32_t r = (int32_t)(win / 2);
    for (uint32_t y = a->y0; y < a->y1; y++) {
        uint8_t *d = dst + (intptr_t)y * ds;
        const uint8_t *s = src + (intptr_t)y * ss;
        int row_in = (int32_t)y >= r && (int32_t)y + r < (int32_t)a->height;
        for (uint32_t x = a->x0; x < a->x1; x++) {
            int p = s[x], keep = 1;
            if (mask && mask_at(mask, ms, mask_u1, a, (int32_t)x, (int32_t)y)) {
                d[x] = (uint8_t)p;
                continue;
            }
            if (row_in && (int32_t)x >= r && (int32_t)x + r < (int32_t)a->width)
                NMS_KEEP(p, src[(intptr_t)yy * ss + xx]);
            else
                NMS_KEEP(p, px_u8(src, ss, a, xx, yy));
            d[x] = keep ? (uint8_t)p : 0;
        }
    }
}

void ovxc_nms_s16(const int16_t *src, int32_t ss, const uint8_t *mask, int32_t ms, int mask_u1, uint32_t win,
                  int16_t *dst, int32_t ds, const ovxc_area *a)
{
    int32_t r = (int32_t)(win / 2);
    for (uint32_t y = a->y0; y < a->y1; y++) {
        int16_t *d = (int16_t *)((uint8_t *)dst + (intptr_t)y * ds);
        const int16_t *s = (const int16_t *)((const uint8_t *)src + (intptr_t)y * ss);
        int row_in = (int32_t)y >= r && (int32_t)y + r < (int32_t)a->height;
        for (uint32_t x = a->x0; x < a->x1; x++) {
            int p = s[x], keep = 1;
            if (mask && mask_at(mask, ms, mask_u1, a, (int32_t)x, (int32_t)y)) {
                d[x] = (int16_t)p;
                continue;
            }
            if (row_in && (int32_t)x >= r && (int32_t)x + r < (int32_t)a->width)
                NMS_KEEP(p, *(const int16_t *)((const uint8_t *)src + (intptr_t)yy * ss + (intptr_t)xx * 2));
            else
                NMS_KEEP(p, px_s16(src, ss, a, xx, yy));
            d[x] = keep ? (int16_t)p : INT16_MIN;
        }
    }
}

#undef NMS_KEEP

/* ---- Template matching ------------------------------------------------------------------ */

static inline int16_t sat_s16_u64(uint64_t v)
{
    return v > 32767u ? (int16_t)32767 : (int16_t)v;
}

/* num * 2^15 / sqrt(st2 * si2), rounded, saturated. */
static int16_t norm_ratio(uint64_t num, uint64_t st2, uint64_t si2)
{
    double den = sqrt((double)st2) * sqrt((double)si2), v;
    if (den <= 0.0) return num ? (int16_t)32767 : (int16_t)0;
    v = floor((double)num * 32768.0 / den + 0.5);
    return v >= 32767.0 ? (int16_t)32767 : (int16_t)v;
}

void ovxc_match_template_u8(int metric, const uint8_t *src, int32_t ss, const uint8_t *tpl, int32_t ts, uint32_t tw,
                            uint32_t th, int16_t *dst, int32_t ds, uint32_t x0, uint32_t y0, uint32_t x1,
                            uint32_t y1)
{
    uint64_t n = (uint64_t)tw * th, st2 = 0;
    for (uint32_t j = 0; j < th; j++)
        for (uint32_t i = 0; i < tw; i++) {
            uint32_t t = tpl[(intptr_t)j * ts + i];
            st2 += t * t;
        }
    for (uint32_t y = y0; y < y1; y++) {
        int16_t *d = (int16_t *)((uint8_t *)dst + (intptr_t)y * ds);
        for (uint32_t x = x0; x < x1; x++) {
            uint64_t acc = 0, si2 = 0;
            for (uint32_t j = 0; j < th; j++) {
                const uint8_t *s = src + (intptr_t)(y + j) * ss + x, *t = tpl + (intptr_t)j * ts;
                uint32_t row = 0, row2 = 0;
                switch (metric) {
                case OVXC_MT_HAMMING:
                    for (uint32_t i = 0; i < tw; i++) row += (uint32_t)(s[i] ^ t[i]);
                    break;
                case OVXC_MT_L1:
                    for (uint32_t i = 0; i < tw; i++) row += (uint32_t)(s[i] > t[i] ? s[i] - t[i] : t[i] - s[i]);
                    break;
                case OVXC_MT_L2:
                case OVXC_MT_L2_NORM:
                    for (uint32_t i = 0; i < tw; i++) {
                        int32_t e = (int32_t)s[i] - (int32_t)t[i];
                        row += (uint32_t)(e * e);
                        row2 += (uint32_t)s[i] * s[i];
                    }
                    break;
                default: /* CCORR, CCORR_NORM */
                    for (uint32_t i = 0; i < tw; i++) {
                        row += (uint32_t)s[i] * t[i];
                        row2 += (uint32_t)s[i] * s[i];
                    }
                }
                /* a row has at most 65535 pixels (w * h <= 65535): 65535 * 255^2 still
                 * fits 32 bits; the whole template is summed in 64 bits */
                acc += row;
                si2 += row2;
            }
            if (metric == OVXC_MT_L2_NORM || metric == OVXC_MT_CCORR_NORM)
                d[x] = norm_ratio(acc, st2, si2);
            else
                d[x] = sat_s16_u64((acc + n / 2) / n);
        }
    }
}
