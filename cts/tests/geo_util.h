/*
 * Helpers of the geometry-family tests (test_k_geometry.c, test_k_multiscale.c):
 * images from / to plain byte buffers (one byte per pixel, 0/1 for U1; two
 * bytes for S16), a seeded generator, and the one-node "graph or immediate"
 * switch.
 */
#ifndef CTS_GEO_UTIL_H
#define CTS_GEO_UTIL_H

#include "../runner/cts.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* libm-free helpers (the runner is not linked with libm). */
static inline double geo_floor(double v)
{
    double t = (double)(long long)v;
    return t > v ? t - 1.0 : t;
}
static inline double geo_ceil(double v)
{
    return -geo_floor(-v);
}
static inline double geo_fabs(double v)
{
    return v < 0 ? -v : v;
}
static inline double geo_fmin(double a, double b)
{
    return a < b ? a : b;
}
static inline double geo_fmax(double a, double b)
{
    return a > b ? a : b;
}

static inline uint32_t geo_rand(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static inline uint8_t *geo_random_u8(uint32_t w, uint32_t h, uint32_t seed, int u1)
{
    uint8_t *p = malloc((size_t)w * h + 1);
    CTS_ASSERT(p != NULL);
    for (size_t i = 0; i < (size_t)w * h; i++) p[i] = (uint8_t)(u1 ? (geo_rand(&seed) & 1) : (geo_rand(&seed) & 0xFF));
    return p;
}

/* Write data (w*h samples, 1 byte each, or int16 for S16) into img. */
static inline void geo_write(vx_image img, const void *data)
{
    vx_uint32 w = 0, h = 0;
    vx_df_image f = 0;
    vx_rectangle_t r;
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *base = NULL;
    vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof(h));
    vxQueryImage(img, VX_IMAGE_FORMAT, &f, sizeof(f));
    r.start_x = r.start_y = 0;
    r.end_x = w;
    r.end_y = h;
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &base, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    for (vx_uint32 y = 0; y < h; y++) {
        uint8_t *row = (uint8_t *)base + (size_t)y * a.stride_y;
        for (vx_uint32 x = 0; x < w; x++) {
            if (f == VX_DF_IMAGE_U1) {
                uint8_t bit = (uint8_t)(1u << (x % 8));
                if (((const uint8_t *)data)[(size_t)y * w + x]) row[x / 8] |= bit;
                else row[x / 8] &= (uint8_t)~bit;
            } else if (f == VX_DF_IMAGE_S16) {
                memcpy(row + 2 * x, (const int16_t *)data + (size_t)y * w + x, 2);
            } else {
                row[x] = ((const uint8_t *)data)[(size_t)y * w + x];
            }
        }
    }
    CTS_ASSERT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
}

/* Read img into a new buffer (1 byte per pixel, int16 for S16). */
static inline void *geo_read(vx_image img)
{
    vx_uint32 w = 0, h = 0;
    vx_df_image f = 0;
    vx_rectangle_t r;
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *base = NULL;
    uint8_t *out;
    vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof(h));
    vxQueryImage(img, VX_IMAGE_FORMAT, &f, sizeof(f));
    out = malloc((size_t)w * h * 2 + 2);
    CTS_ASSERT(out != NULL);
    r.start_x = r.start_y = 0;
    r.end_x = w;
    r.end_y = h;
    CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, 0, &id, &a, &base, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    for (vx_uint32 y = 0; y < h; y++) {
        const uint8_t *row = (const uint8_t *)base + (size_t)y * a.stride_y;
        for (vx_uint32 x = 0; x < w; x++) {
            if (f == VX_DF_IMAGE_U1) out[(size_t)y * w + x] = (row[x / 8] >> (x % 8)) & 1;
            else if (f == VX_DF_IMAGE_S16) memcpy((int16_t *)(void *)out + (size_t)y * w + x, row + 2 * x, 2);
            else out[(size_t)y * w + x] = row[x];
        }
    }
    CTS_ASSERT_STATUS(vxUnmapImagePatch(img, id), VX_SUCCESS);
    return out;
}

static inline vx_image geo_image(vx_context c, vx_uint32 w, vx_uint32 h, vx_df_image f, const void *data)
{
    vx_image img = vxCreateImage(c, w, h, f);
    CTS_ASSERT_VALID(img);
    if (data) geo_write(img, data);
    return img;
}

/* Pixel of a w x h byte buffer with a border: mode CONSTANT gives cval,
 * otherwise the nearest edge pixel. */
static inline int geo_at(const uint8_t *p, int w, int h, int x, int y, vx_enum mode, int cval)
{
    if (x < 0 || y < 0 || x >= w || y >= h) {
        if (mode == VX_BORDER_CONSTANT) return cval;
        x = x < 0 ? 0 : (x >= w ? w - 1 : x);
        y = y < 0 ? 0 : (y >= h ? h - 1 : y);
    }
    return p[(size_t)y * w + x];
}

#endif
