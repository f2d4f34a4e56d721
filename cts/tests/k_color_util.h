/*
 * Helpers shared by the color and statistics kernel tests: host images (each
 * plane packed, in its own samples), random data, copies to and from
 * vx_images through vxMapImagePatch, and a tiny seeded generator.
 */
#ifndef CTS_K_COLOR_UTIL_H
#define CTS_K_COLOR_UTIL_H

#include "../runner/cts.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    vx_df_image format;
    vx_uint32 width, height, planes;
    vx_uint32 pw[4], ph[4], bpp[4]; /* plane samples and bytes per sample */
    vx_uint8 *p[4];
} tk_image;

static inline vx_uint32 tk_rand(vx_uint64 *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (vx_uint32)(*s >> 33);
}

static inline void tk_layout(tk_image *t)
{
    vx_uint32 w = t->width, h = t->height, i;
    t->planes = 1;
    t->pw[0] = w, t->ph[0] = h, t->bpp[0] = 1;
    switch (t->format) {
    case VX_DF_IMAGE_U1: t->bpp[0] = 0; break; /* bit-packed: (w + 7) / 8 bytes per row */
    case VX_DF_IMAGE_U16:
    case VX_DF_IMAGE_S16: t->bpp[0] = 2; break;
    case VX_DF_IMAGE_U32:
    case VX_DF_IMAGE_S32: t->bpp[0] = 4; break;
    case VX_DF_IMAGE_RGB: t->bpp[0] = 3; break;
    case VX_DF_IMAGE_RGBX: t->bpp[0] = 4; break;
    case VX_DF_IMAGE_UYVY:
    case VX_DF_IMAGE_YUYV: t->bpp[0] = 2; break;
    case VX_DF_IMAGE_NV12:
    case VX_DF_IMAGE_NV21:
        t->planes = 2;
        t->pw[1] = w / 2, t->ph[1] = h / 2, t->bpp[1] = 2;
        break;
    case VX_DF_IMAGE_IYUV:
        t->planes = 3;
        for (i = 1; i < 3; i++) t->pw[i] = w / 2, t->ph[i] = h / 2, t->bpp[i] = 1;
        break;
    case VX_DF_IMAGE_YUV4:
        t->planes = 3;
        for (i = 1; i < 3; i++) t->pw[i] = w, t->ph[i] = h, t->bpp[i] = 1;
        break;
    default: break;
    }
}

static inline vx_size tk_row_bytes(const tk_image *t, vx_uint32 p)
{
    return t->bpp[p] ? (vx_size)t->pw[p] * t->bpp[p] : (t->pw[p] + 7) / 8;
}

static inline tk_image *tk_new(vx_df_image f, vx_uint32 w, vx_uint32 h)
{
    tk_image *t = (tk_image *)calloc(1, sizeof(*t));
    vx_uint32 p;
    t->format = f, t->width = w, t->height = h;
    tk_layout(t);
    for (p = 0; p < t->planes; p++) t->p[p] = (vx_uint8 *)calloc(tk_row_bytes(t, p) * t->ph[p] + 1, 1);
    return t;
}

static inline void tk_free(tk_image *t)
{
    vx_uint32 p;
    if (!t) return;
    for (p = 0; p < t->planes; p++) free(t->p[p]);
    free(t);
}

static inline void tk_random(tk_image *t, vx_uint64 *seed)
{
    vx_uint32 p;
    vx_size i;
    for (p = 0; p < t->planes; p++)
        for (i = 0; i < tk_row_bytes(t, p) * t->ph[p]; i++) t->p[p][i] = (vx_uint8)(tk_rand(seed) >> 7);
}

static inline vx_uint8 *tk_at(const tk_image *t, vx_uint32 p, vx_uint32 x, vx_uint32 y)
{
    return t->p[p] + (vx_size)y * tk_row_bytes(t, p) + (vx_size)x * t->bpp[p];
}

/* Copy between a host image and a vx_image of the same format and size. */
static inline vx_status tk_copy(tk_image *t, vx_image img, vx_enum usage)
{
    vx_uint32 p, y;
    for (p = 0; p < t->planes; p++) {
        vx_rectangle_t r = {0, 0, t->width, t->height};
        vx_imagepatch_addressing_t a;
        vx_map_id id;
        void *ptr = NULL;
        vx_status s = vxMapImagePatch(img, &r, p, &id, &a, &ptr, usage, VX_MEMORY_TYPE_HOST, 0);
        if (s != VX_SUCCESS) return s;
        for (y = 0; y < t->ph[p]; y++) {
            vx_uint8 *row = (vx_uint8 *)ptr + (vx_size)y * (vx_size)a.stride_y;
            if (usage == VX_WRITE_ONLY)
                memcpy(row, t->p[p] + y * tk_row_bytes(t, p), tk_row_bytes(t, p));
            else
                memcpy(t->p[p] + y * tk_row_bytes(t, p), row, tk_row_bytes(t, p));
        }
        s = vxUnmapImagePatch(img, id);
        if (s != VX_SUCCESS) return s;
    }
    return VX_SUCCESS;
}

static inline vx_image tk_to_vx(vx_context c, tk_image *t)
{
    vx_image img = vxCreateImage(c, t->width, t->height, t->format);
    if (vxGetStatus((vx_reference)img) == VX_SUCCESS) (void)tk_copy(t, img, VX_WRITE_ONLY);
    return img;
}

static inline tk_image *tk_from_vx(vx_image img)
{
    vx_uint32 w = 0, h = 0;
    vx_df_image f = 0;
    tk_image *t;
    vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof(h));
    vxQueryImage(img, VX_IMAGE_FORMAT, &f, sizeof(f));
    t = tk_new(f, w, h);
    if (tk_copy(t, img, VX_READ_ONLY) != VX_SUCCESS) {
        tk_free(t);
        return NULL;
    }
    return t;
}

/* Largest absolute difference of two host images of the same layout. */
static inline int tk_max_diff(const tk_image *a, const tk_image *b)
{
    vx_uint32 p;
    vx_size i;
    int m = 0;
    if (a->format != b->format || a->width != b->width || a->height != b->height) return 1 << 30;
    for (p = 0; p < a->planes; p++)
        for (i = 0; i < tk_row_bytes(a, p) * a->ph[p]; i++) {
            int d = abs((int)a->p[p][i] - (int)b->p[p][i]);
            if (d > m) m = d;
        }
    return m;
}

/* Small math without libm (the runner does not link it). */
static inline double tk_floor(double v)
{
    double t = (double)(long long)v;
    return t > v ? t - 1 : t;
}

static inline double tk_fabs(double v)
{
    return v < 0 ? -v : v;
}

static inline double tk_sqrt(double v)
{
    double r = v > 1 ? v : 1;
    int i;
    if (v <= 0) return 0;
    for (i = 0; i < 200; i++) r = 0.5 * (r + v / r);
    return r;
}

static inline double tk_exp(double z)
{
    double r = 1, term = 1, scale = 1;
    int i, n = 0;
    while (z > 0.5) z /= 2, n++;
    while (z < -0.5) z /= 2, n++;
    for (i = 1; i < 30; i++) term *= z / i, r += term;
    for (i = 0; i < n; i++) r *= r;
    (void)scale;
    return r;
}

static inline double tk_log(double x) /* x > 0 */
{
    const double ln2 = 0.69314718055994530942;
    double k = 0, y, y2, s = 0, term;
    int i;
    while (x < 0.5) x *= 2, k -= 1;
    while (x > 1.5) x /= 2, k += 1;
    y = (x - 1) / (x + 1), y2 = y * y, term = y;
    for (i = 1; i < 80; i += 2) s += term / i, term *= y2;
    return 2 * s + k * ln2;
}

static inline double tk_pow(double x, double y)
{
    return x <= 0 ? 0 : tk_exp(y * tk_log(x));
}

/* One-node graph helper: verify and process, returning the first failure. */
static inline vx_status tk_run(vx_graph g)
{
    vx_status s = vxVerifyGraph(g);
    if (s == VX_SUCCESS) s = vxProcessGraph(g);
    return s;
}

#endif
