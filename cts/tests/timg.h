/*
 * Test images of the kernel tests (test_k_filter.c, test_k_imgext.c): plain
 * int arrays (w * h samples, row-major; U1 as 0/1) filled from a seeded
 * generator, written to and read back from vx_images.
 */
#ifndef CTS_TIMG_H
#define CTS_TIMG_H

#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

static vx_uint32 rng_state; /* one generator per test file */

static inline void rng_seed(vx_uint32 s)
{
    rng_state = s * 2654435761u + 12345u;
}

static inline int rng_int(int lo, int hi) /* [lo, hi] */
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return lo + (int)((rng_state >> 8) % (vx_uint32)(hi - lo + 1));
}

/* Images are plain int arrays: w * h samples, row-major; U1 as 0/1. */
typedef struct {
    int w, h;
    vx_df_image f;
    int *p;
} timg;

static inline timg timg_new(int w, int h, vx_df_image f)
{
    timg t;
    t.w = w;
    t.h = h;
    t.f = f;
    t.p = (int *)calloc((size_t)w * (size_t)h, sizeof(int));
    CTS_ASSERT(t.p != NULL);
    return t;
}

/* Random samples in [lo, hi]; lo > hi: the format's whole range. */
static inline timg timg_random_in(int w, int h, vx_df_image f, int lo, int hi)
{
    timg t = timg_new(w, h, f);
    if (lo > hi) {
        lo = f == VX_DF_IMAGE_S16 ? -32768 : 0;
        hi = f == VX_DF_IMAGE_U1 ? 1 : (f == VX_DF_IMAGE_S16 ? 32767 : 255);
    }
    for (int i = 0; i < w * h; i++) t.p[i] = rng_int(lo, hi);
    return t;
}

static inline timg timg_random(int w, int h, vx_df_image f)
{
    return timg_random_in(w, h, f, 1, 0);
}

static inline void addressing(vx_df_image f, int w, int h, vx_imagepatch_addressing_t *a)
{
    memset(a, 0, sizeof(*a));
    a->dim_x = (vx_uint32)w;
    a->dim_y = (vx_uint32)h;
    a->scale_x = a->scale_y = VX_SCALE_UNITY;
    a->step_x = a->step_y = 1;
    if (f == VX_DF_IMAGE_U1) {
        a->stride_x = 0;
        a->stride_x_bits = 1;
        a->stride_y = (w + 7) / 8;
    } else if (f == VX_DF_IMAGE_S16) {
        a->stride_x = 2;
        a->stride_y = 2 * w;
    } else {
        a->stride_x = 1;
        a->stride_y = w;
    }
}

static inline size_t row_bytes(vx_df_image f, int w)
{
    return f == VX_DF_IMAGE_U1 ? (size_t)(w + 7) / 8 : (size_t)w * (f == VX_DF_IMAGE_S16 ? 2 : 1);
}

static inline void timg_write(vx_image img, const timg *t)
{
    vx_imagepatch_addressing_t a;
    vx_rectangle_t r = {0, 0, (vx_uint32)t->w, (vx_uint32)t->h};
    size_t rowb = row_bytes(t->f, t->w);
    vx_uint8 *buf = (vx_uint8 *)calloc(rowb * (size_t)t->h, 1);
    CTS_ASSERT(buf != NULL);
    for (int y = 0; y < t->h; y++)
        for (int x = 0; x < t->w; x++) {
            int v = t->p[y * t->w + x];
            if (t->f == VX_DF_IMAGE_U1) {
                if (v) buf[y * rowb + x / 8] |= (vx_uint8)(1u << (x % 8));
            } else if (t->f == VX_DF_IMAGE_S16) {
                vx_int16 s = (vx_int16)v;
                memcpy(buf + y * rowb + 2 * x, &s, 2);
            } else {
                buf[y * rowb + x] = (vx_uint8)v;
            }
        }
    addressing(t->f, t->w, t->h, &a);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &a, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    free(buf);
}

static inline timg timg_read(vx_image img)
{
    vx_uint32 w = 0, h = 0;
    vx_df_image f = 0;
    vx_imagepatch_addressing_t a;
    timg t;
    size_t rowb;
    vx_uint8 *buf;
    vx_rectangle_t r;
    CTS_ASSERT_STATUS(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof(h)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryImage(img, VX_IMAGE_FORMAT, &f, sizeof(f)), VX_SUCCESS);
    t = timg_new((int)w, (int)h, f);
    rowb = row_bytes(f, (int)w);
    buf = (vx_uint8 *)calloc(rowb * h, 1);
    CTS_ASSERT(buf != NULL);
    r.start_x = r.start_y = 0;
    r.end_x = w;
    r.end_y = h;
    addressing(f, (int)w, (int)h, &a);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++) {
            int v;
            if (f == VX_DF_IMAGE_U1) {
                v = (buf[y * rowb + x / 8] >> (x % 8)) & 1;
            } else if (f == VX_DF_IMAGE_S16) {
                vx_int16 s;
                memcpy(&s, buf + y * rowb + 2 * x, 2);
                v = s;
            } else {
                v = buf[y * rowb + x];
            }
            t.p[y * w + x] = v;
        }
    free(buf);
    return t;
}

static inline vx_image mk_image(vx_context c, const timg *t)
{
    vx_image img = vxCreateImage(c, (vx_uint32)t->w, (vx_uint32)t->h, t->f);
    CTS_ASSERT_VALID(img);
    timg_write(img, t);
    return img;
}

#endif
