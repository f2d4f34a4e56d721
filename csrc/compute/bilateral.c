/* Compute routines of family bilateral (spec "Bilateral Filter"). */
#include "bilateral.h"

#include <math.h>

vx_uint32 ovxc_bilateral_taps(vx_int32 radius, vx_float32 sigma_space, ptrdiff_t row, vx_int32 channels,
                              ptrdiff_t *tap_off, vx_float32 *space_w)
{
    vx_uint32 n = 0;
    double coeff = -0.5 / ((double)sigma_space * sigma_space);
    for (vx_int32 dy = -radius; dy <= radius; dy++)
        for (vx_int32 dx = -radius; dx <= radius; dx++) {
            vx_int32 r2 = dx * dx + dy * dy;
            if (r2 > radius * radius) continue;
            tap_off[n] = (ptrdiff_t)dy * row + (ptrdiff_t)dx * channels;
            space_w[n] = (vx_float32)exp((double)r2 * coeff);
            n++;
        }
    return n;
}

size_t ovxc_bilateral_strip_floats(vx_uint32 ntaps, vx_int32 radius, vx_int32 channels, vx_int32 width)
{
    size_t nf = ntaps > 0 ? (ntaps - 1) / 2 : 0;
    return (nf * (size_t)(radius + 1) + (size_t)channels * (size_t)(2 * radius + 1) + 1) *
           ((size_t)width + 2 * (size_t)radius + 48);
}

vx_uint32 ovxc_bilateral_colors(vx_float32 sigma_values, vx_float32 *color_w, vx_uint32 n)
{
    double coeff = -0.5 / ((double)sigma_values * sigma_values);
    for (vx_uint32 i = 0; i < n; i++) {
        color_w[i] = (vx_float32)exp((double)i * coeff);
        if (color_w[i] == 0.0f) return i;
    }
    return n;
}

/* |a - b| clamped to 1023: beyond ~300 every weight is 0, and the clamp
 * keeps the squared distance of many channels within 32 bits. */
static inline vx_uint32 absdiff(vx_int32 a, vx_int32 b)
{
    vx_int32 d = a > b ? a - b : b - a;
    return (vx_uint32)(d > 1023 ? 1023 : d);
}

#define BILATERAL_BODY(T, LO, HI)                                                                   \
    for (vx_int32 y = y0; y < y1; y++) {                                                            \
        for (vx_int32 x = 0; x < p->width; x++) {                                                   \
            const T *c0 = src + (ptrdiff_t)y * p->row + (ptrdiff_t)x * C;                           \
            vx_uint8 *o = dst + (ptrdiff_t)y * p->dst_sy + (ptrdiff_t)x * p->dst_sx;                \
            vx_float32 wsum = 0.0f;                                                                 \
            for (vx_int32 c = 0; c < C; c++) acc[c] = 0.0f;                                         \
            for (vx_uint32 t = 0; t < p->ntaps; t++) {                                              \
                const T *n = c0 + p->tap_off[t];                                                    \
                vx_uint32 d2 = 0;                                                                   \
                vx_float32 w;                                                                       \
                for (vx_int32 c = 0; c < C; c++) {                                                  \
                    vx_uint32 a = absdiff(n[c], c0[c]);                                             \
                    d2 += a * a;                                                                    \
                }                                                                                   \
                if (d2 >= p->color_n) continue;                                                     \
                w = p->space_w[t] * p->color_w[d2];                                                 \
                for (vx_int32 c = 0; c < C; c++) acc[c] += (vx_float32)n[c] * w;                    \
                wsum += w;                                                                          \
            }                                                                                       \
            for (vx_int32 c = 0; c < C; c++) {                                                      \
                vx_float32 v = roundf(acc[c] / wsum);                                               \
                *(T *)(o + (ptrdiff_t)c * p->dst_sc) = (T)(v < (LO) ? (LO) : v > (HI) ? (HI) : v);  \
            }                                                                                       \
        }                                                                                           \
    }

void ovxc_bilateral_u8(const ovxc_bilateral *p, const vx_uint8 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                       vx_float32 *acc)
{
    const vx_int32 C = p->channels;
    BILATERAL_BODY(vx_uint8, 0.0f, 255.0f)
}

void ovxc_bilateral_s16(const ovxc_bilateral *p, const vx_int16 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                        vx_float32 *acc)
{
    const vx_int32 C = p->channels;
    BILATERAL_BODY(vx_int16, -32768.0f, 32767.0f)
}
