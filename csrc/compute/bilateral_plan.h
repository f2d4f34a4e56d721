/*
 * The tap plan of the bilateral variants (bilateral_avx2.c,
 * bilateral_avx512.c): plain C, included by each ISA's file.
 *
 * A disc of taps is run as pairs: each forward tap f (dy > 0, or dy == 0
 * and dx > 0) and its mirror -f have the same spatial weight and the same
 * colour weight for a pixel pair, so one weight G_f(q) serves pixel q (tap
 * f) and pixel q + f (tap -f).  tap_plan finds the pairs; strip_width the
 * widest strip whose rows fit a scratch.
 */
#ifndef OVXC_COMPUTE_BILATERAL_PLAN_H
#define OVXC_COMPUTE_BILATERAL_PLAN_H

#include "bilateral.h"

#define MAXF 40 /* forward taps of a radius-4 disc: (81 - 1) / 2 at most */

/* How a one-channel tap set is run (tap_plan). */
typedef struct {
    vx_int32 r, bs, gw; /* radius, strip width, G row length */
    vx_uint32 nf;       /* forward taps */
    ptrdiff_t foff[MAXF];
    vx_int32 fdx[MAXF], fdy[MAXF];
    vx_float32 fsw[MAXF];            /* their spatial weights (= their mirrors') */
    vx_int32 dxs[81], dys[81], fwd[81]; /* each tap's offset and its forward tap */
    vx_float32 wc;                      /* the centre tap's weight */
} plan;

/* The plan of a one-channel tap set: each tap's (dx, dy) and forward tap
 * (fwd[t]: 0 the centre, f + 1 for forward tap f, -(f + 1) for its
 * mirror).  0 when the taps are not a symmetric one-channel set of radius
 * <= 4 with mirrored taps of equal spatial weight (then the scalar code
 * runs). */
static inline int tap_plan(const ovxc_bilateral *p, plan *pl)
{
    vx_int32 r = 0, centre = -1;
    vx_uint32 nf = 0;
    const ptrdiff_t C = p->channels;
    if (C < 1 || C > 4 || p->ntaps == 0 || p->ntaps > 81 || p->color_n > 0x7FFFFFFFu || p->row < 9 * C) return 0;
    for (vx_uint32 t = 0; t < p->ntaps; t++) { /* off = dy row + dx C, |dx C| < row / 2 */
        ptrdiff_t off = p->tap_off[t], dy = (off + p->row / 2 + 8 * p->row) / p->row - 8;
        ptrdiff_t dxc = off - dy * p->row, dx = dxc / C;
        if (dx * C != dxc || dx < -4 || dx > 4 || dy < -4 || dy > 4) return 0;
        pl->dxs[t] = (vx_int32)dx;
        pl->dys[t] = (vx_int32)dy;
        if (dx > r) r = (vx_int32)dx;
        if (dy > r) r = (vx_int32)dy;
        if (-dx > r) r = (vx_int32)-dx;
        if (-dy > r) r = (vx_int32)-dy;
    }
    for (vx_uint32 t = 0; t < p->ntaps; t++) {
        if (pl->dxs[t] == 0 && pl->dys[t] == 0) {
            if (centre >= 0) return 0;
            centre = (vx_int32)t;
            pl->fwd[t] = 0;
        } else if (pl->dys[t] > 0 || (pl->dys[t] == 0 && pl->dxs[t] > 0)) {
            if (nf == MAXF) return 0;
            pl->foff[nf] = p->tap_off[t];
            pl->fdx[nf] = pl->dxs[t];
            pl->fdy[nf] = pl->dys[t];
            pl->fsw[nf] = p->space_w[t];
            pl->fwd[t] = (vx_int32)++nf;
        } else
            pl->fwd[t] = 0x7FFFFFFF; /* matched below */
    }
    for (vx_uint32 t = 0; t < p->ntaps; t++) {
        if (pl->fwd[t] != 0x7FFFFFFF) continue;
        for (vx_uint32 f = 0; f < nf; f++)
            if (pl->foff[f] == -p->tap_off[t] && pl->fsw[f] == p->space_w[t]) pl->fwd[t] = -(vx_int32)(f + 1);
        if (pl->fwd[t] == 0x7FFFFFFF) return 0; /* no mirror of the same weight */
    }
    if (centre < 0) return 0;
    pl->wc = p->space_w[centre] * (p->color_n > 0 ? p->color_w[0] : 0.0f);
    pl->r = r;
    pl->nf = nf;
    return 1;
}

/* The strip width for `floats` floats of rows (G rings, float rows, centre
 * row, each of bs + 2r + 16 floats): as wide as they hold, a multiple of
 * `unit` (at most the width rounded up; 0 when not even `unit` columns
 * fit). */
static inline vx_int32 strip_width(const ovxc_bilateral *p, const plan *pl, size_t floats, vx_int32 unit)
{
    size_t rows = (size_t)(pl->nf ? pl->nf : 1) * (size_t)(pl->r + 1) + (size_t)p->channels * (size_t)(2 * pl->r + 1) + 1;
    size_t u = (size_t)unit, cols = floats / rows, most = ((size_t)p->width + u - 1) / u * u;
    if (cols < u + (size_t)(2 * pl->r + 16)) return 0;
    cols = (cols - (size_t)(2 * pl->r + 16)) / u * u;
    return (vx_int32)(cols < most ? cols : most);
}

/* Row sy of the padded source as floats, channel c into rows[c][k] for
 * columns col = col0 + k, k in [0, n): 0 outside [lo, hi) (lanes not used). */
static inline void float_row(float *const *rows, int C, const void *src, int s16, const ovxc_bilateral *p, vx_int32 sy,
                             vx_int32 col0, vx_int32 n, vx_int32 lo, vx_int32 hi)
{
    for (vx_int32 k = 0; k < n; k++) {
        vx_int32 col = col0 + k;
        ptrdiff_t e = (ptrdiff_t)sy * p->row + (ptrdiff_t)col * C;
        int in = col >= lo && col < hi;
        for (int c = 0; c < C; c++)
            rows[c][k] = !in ? 0.0f : s16 ? (float)((const vx_int16 *)src)[e + c] : (float)((const vx_uint8 *)src)[e + c];
    }
}

/* A strip of 2 to 4 channels by the including file's strip_cn, its channel
 * count and type constants (the channel loops unrolled). */
#define BILATERAL_STRIP_CN(p, pl, src, s16, dst, y0, y1, xs, xe, mem)                                      \
    switch ((p)->channels * 2 + (s16)) {                                                                    \
    case 4: strip_cn(p, pl, src, 0, 2, dst, y0, y1, xs, xe, mem); break;                                   \
    case 5: strip_cn(p, pl, src, 1, 2, dst, y0, y1, xs, xe, mem); break;                                   \
    case 6: strip_cn(p, pl, src, 0, 3, dst, y0, y1, xs, xe, mem); break;                                   \
    case 7: strip_cn(p, pl, src, 1, 3, dst, y0, y1, xs, xe, mem); break;                                   \
    case 8: strip_cn(p, pl, src, 0, 4, dst, y0, y1, xs, xe, mem); break;                                   \
    default: strip_cn(p, pl, src, 1, 4, dst, y0, y1, xs, xe, mem); break;                                  \
    }

#endif
