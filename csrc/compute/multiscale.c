/* Compute routines: image pyramids (see multiscale.h). */
#include "multiscale.h"

#include <math.h>

static const int ms_g5[5] = {1, 4, 6, 4, 1};

/* Nearest sample of destination coordinate i (Scale Image's rule). */
static inline int32_t ms_nearest(int32_t i, int32_t in, int32_t out)
{
    float p = (((float)i + 0.5f) * (float)in / (float)out) - 0.5f;
    float f = floorf(p);
    int32_t r = (int32_t)f + ((p - f) >= 0.5f ? 1 : 0);
    return r < 0 ? 0 : (r >= in ? in - 1 : r);
}

static inline int32_t ms_clamp(int32_t v, int32_t n)
{
    return v < 0 ? 0 : (v >= n ? n - 1 : v);
}

/* The 5x5 Gaussian of src at (cx, cy) with the border rule, >> 8. */
static uint8_t ms_pixel(const uint8_t *src, int32_t sstride, int32_t sw, int32_t sh, int32_t cx, int32_t cy,
                        int constant, int cval)
{
    int32_t sum = 0;
    for (int j = -2; j <= 2; j++) {
        int32_t yy = cy + j, rs = 0;
        int yout = yy < 0 || yy >= sh;
        const uint8_t *row = src + (intptr_t)ms_clamp(yy, sh) * sstride;
        for (int i = -2; i <= 2; i++) {
            int32_t xx = cx + i;
            int v = (constant && (yout || xx < 0 || xx >= sw)) ? cval : row[ms_clamp(xx, sw)];
            rs += ms_g5[i + 2] * v;
        }
        sum += ms_g5[j + 2] * rs;
    }
    return (uint8_t)(sum >> 8);
}

void ovx_gaussian_level_u8(const uint8_t *src, int32_t sstride, int32_t sw, int32_t sh, uint8_t *dst,
                           int32_t dstride, int32_t dw, int32_t dh, int constant, int cval, uint32_t y0,
                           uint32_t y1)
{
    enum { CHUNK = 512 };
    int32_t cxs[CHUNK];
    uint16_t vs[4 * CHUNK + 8];
    for (uint32_t y = y0; y < y1; y++) {
        int32_t cy = ms_nearest((int32_t)y, sh, dh), x = 0;
        uint8_t *out = dst + (intptr_t)y * dstride;
        if (cy - 2 >= 0 && cy + 2 < sh) {
            /* the pixels whose 5x5 taps are all inside: the integer sum
             * separably, through exact column sums of the five rows */
            const uint8_t *rows[5];
            int j;
            for (j = 0; j < 5; j++) rows[j] = src + (intptr_t)(cy - 2 + j) * sstride;
            while (x < dw && ms_nearest(x, sw, dw) - 2 < 0) x++; /* left edge: below */
            {
                int32_t xs = x, xe = x;
                while (xe < dw) {
                    int32_t n = 0, c0, c1, c, k;
                    for (; n < CHUNK && xe + n < dw; n++) {
                        cxs[n] = ms_nearest(xe + n, sw, dw);
                        if (cxs[n] + 2 >= sw) break;
                    }
                    if (n == 0) break;
                    c0 = cxs[0] - 2, c1 = cxs[n - 1] + 3;
                    if (c1 - c0 > (int32_t)(sizeof(vs) / sizeof(vs[0]))) break; /* a ratio beyond the buffer */
                    for (c = c0; c < c1; c++)
                        vs[c - c0] = (uint16_t)(rows[0][c] + 4 * rows[1][c] + 6 * rows[2][c] + 4 * rows[3][c] + rows[4][c]);
                    for (k = 0; k < n; k++) {
                        const uint16_t *v = vs + (cxs[k] - 2 - c0);
                        out[xe + k] = (uint8_t)((v[0] + 4 * v[1] + 6 * v[2] + 4 * v[3] + v[4]) >> 8);
                    }
                    xe += n;
                    if (n < CHUNK) break;
                }
                /* the rest of the row (left edge, right edge) per pixel */
                for (x = 0; x < dw; x++) {
                    if (x == xs && xe > xs) { /* done above */
                        x = xe - 1;
                        continue;
                    }
                    out[x] = ms_pixel(src, sstride, sw, sh, ms_nearest(x, sw, dw), cy, constant, cval);
                }
            }
            continue;
        }
        for (x = 0; x < dw; x++) out[x] = ms_pixel(src, sstride, sw, sh, ms_nearest(x, sw, dw), cy, constant, cval);
    }
}

void ovx_gaussian_level_s16(const ovx_s16_plane *src, const ovx_s16_plane *dst, int constant, int cval)
{
    for (int32_t y = 0; y < dst->height; y++) {
        int32_t cy = ms_nearest(y, src->height, dst->height);
        int16_t *out = dst->ptr + (intptr_t)y * dst->stride;
        for (int32_t x = 0; x < dst->width; x++) {
            int32_t cx = ms_nearest(x, src->width, dst->width);
            int32_t sum = 0;
            for (int j = -2; j <= 2; j++) {
                int32_t yy = cy + j, rs = 0;
                int yout = yy < 0 || yy >= src->height;
                const int16_t *row = src->ptr + (intptr_t)ms_clamp(yy, src->height) * src->stride;
                for (int i = -2; i <= 2; i++) {
                    int32_t xx = cx + i;
                    int v = (constant && (yout || xx < 0 || xx >= src->width)) ? cval : row[ms_clamp(xx, src->width)];
                    rs += ms_g5[i + 2] * v;
                }
                sum += ms_g5[j + 2] * rs;
            }
            out[x] = (int16_t)(sum >> 8);
        }
    }
}

static inline int16_t ms_sat16(int32_t v)
{
    return (int16_t)(v < INT16_MIN ? INT16_MIN : (v > INT16_MAX ? INT16_MAX : v));
}

/* Floor division of a (possibly negative) integer by 2. */
static inline int32_t ms_half(int32_t v)
{
    return v >= 0 ? v / 2 : -((-v + 1) / 2);
}

void ovx_upsample_combine_s16(const ovx_s16_plane *small, const ovx_s16_plane *a, const ovx_s16_plane *dst,
                              int sign)
{
    for (int32_t y = 0; y < dst->height; y++) {
        const int16_t *arow = a->ptr + (intptr_t)y * a->stride;
        int16_t *out = dst->ptr + (intptr_t)y * dst->stride;
        for (int32_t x = 0; x < dst->width; x++) {
            int32_t sum = 0;
            /* only even (x + k, y + l) carry samples of small */
            for (int l = -2; l <= 2; l++) {
                int32_t yy = y + l;
                if (yy & 1) continue;
                const int16_t *srow = small->ptr + (intptr_t)ms_clamp(ms_half(yy), small->height) * small->stride;
                int32_t rs = 0;
                for (int k = -2; k <= 2; k++) {
                    int32_t xx = x + k;
                    if (xx & 1) continue;
                    rs += ms_g5[k + 2] * srow[ms_clamp(ms_half(xx), small->width)];
                }
                sum += ms_g5[l + 2] * rs;
            }
            int32_t up = (sum / 256) * 4;
            out[x] = ms_sat16(sign < 0 ? (int32_t)arow[x] - up : (int32_t)arow[x] + up);
        }
    }
}
