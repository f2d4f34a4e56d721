/* Compute routines: pyramidal Lucas-Kanade optical flow.  See optflow.h. */
#include "optflow.h"

#include <math.h>

/* Iteration cap when only the epsilon criterion is asked for. */
#define OVX_LK_EPS_ONLY_MAX_ITER 100u

/* Bilinear sample at (x, y); coordinates clamped to the plane (replicate). */
static vx_float32 lk_sample(const ovx_lk_level *l, vx_float32 x, vx_float32 y)
{
    vx_float32 mx = (vx_float32)(l->width - 1), my = (vx_float32)(l->height - 1), fx, fy;
    vx_int32 x0, y0, x1, y1;
    const vx_uint8 *r0, *r1;
    if (x < 0.0f) x = 0.0f;
    if (y < 0.0f) y = 0.0f;
    if (x > mx) x = mx;
    if (y > my) y = my;
    x0 = (vx_int32)x;
    y0 = (vx_int32)y;
    fx = x - (vx_float32)x0;
    fy = y - (vx_float32)y0;
    x1 = x0 + 1 < (vx_int32)l->width ? x0 + 1 : x0;
    y1 = y0 + 1 < (vx_int32)l->height ? y0 + 1 : y0;
    r0 = l->ptr + (vx_size)y0 * (vx_size)l->stride;
    r1 = l->ptr + (vx_size)y1 * (vx_size)l->stride;
    return (1.0f - fy) * ((1.0f - fx) * r0[x0] + fx * r0[x1]) + fy * ((1.0f - fx) * r1[x0] + fx * r1[x1]);
}

static int lk_inside(const ovx_lk_level *l, vx_float32 x, vx_float32 y)
{
    return x >= 0.0f && y >= 0.0f && x <= (vx_float32)(l->width - 1) && y <= (vx_float32)(l->height - 1);
}

int ovx_lk_track(const ovx_lk_level *old_levels, const ovx_lk_level *new_levels, vx_uint32 num_levels,
                 vx_float32 scale, vx_float32 px, vx_float32 py, vx_float32 gx, vx_float32 gy,
                 const ovx_lk_params *params, vx_float32 *ox, vx_float32 *oy)
{
    enum { P = OVX_LK_MAX_WINDOW + 2 };
    vx_float32 patch[P][P], ix[OVX_LK_MAX_WINDOW][OVX_LK_MAX_WINDOW], iy[OVX_LK_MAX_WINDOW][OVX_LK_MAX_WINDOW];
    vx_int32 m = (vx_int32)params->window, r = m / 2, i, j;
    vx_uint32 max_iter = params->use_iter ? params->max_iter : OVX_LK_EPS_ONLY_MAX_ITER;
    vx_float32 eps2 = params->epsilon * params->epsilon;
    vx_float32 nx, ny, s = 1.0f;
    vx_uint32 level, it;
    if (m < 1 || m > OVX_LK_MAX_WINDOW || num_levels == 0) return 0;
    for (level = 1; level < num_levels; level++) s *= scale;
    nx = gx * s;
    ny = gy * s;
    for (level = num_levels; level-- > 0;) {
        const ovx_lk_level *lo = &old_levels[level], *ln = &new_levels[level];
        vx_float32 qx = px * s, qy = py * s;
        vx_float64 a11 = 0, a12 = 0, a22 = 0, det, n = (vx_float64)m * m, mineig;
        if (lo->width == 0 || lo->height == 0 || !lk_inside(lo, qx, qy)) return 0;
        for (i = 0; i < m + 2; i++)
            for (j = 0; j < m + 2; j++)
                patch[i][j] = lk_sample(lo, qx + (vx_float32)(j - r - 1), qy + (vx_float32)(i - r - 1));
        /* Scharr derivatives of the old window, in intensity units per pixel */
        for (i = 0; i < m; i++) {
            for (j = 0; j < m; j++) {
                vx_float32 dx = 3.0f * (patch[i][j + 2] - patch[i][j]) + 10.0f * (patch[i + 1][j + 2] - patch[i + 1][j]) +
                                3.0f * (patch[i + 2][j + 2] - patch[i + 2][j]);
                vx_float32 dy = 3.0f * (patch[i + 2][j] - patch[i][j]) + 10.0f * (patch[i + 2][j + 1] - patch[i][j + 1]) +
                                3.0f * (patch[i + 2][j + 2] - patch[i][j + 2]);
                ix[i][j] = dx / 32.0f;
                iy[i][j] = dy / 32.0f;
                a11 += (vx_float64)ix[i][j] * ix[i][j];
                a12 += (vx_float64)ix[i][j] * iy[i][j];
                a22 += (vx_float64)iy[i][j] * iy[i][j];
            }
        }
        det = a11 * a22 - a12 * a12;
        mineig = (a11 + a22 - sqrt((a11 - a22) * (a11 - a22) + 4.0 * a12 * a12)) / (2.0 * n);
        if (det / (n * n) < 1e-7 || mineig < 1e-4) return 0;
        for (it = 0; it < max_iter; it++) {
            vx_float64 b1 = 0, b2 = 0, dx, dy;
            if (!lk_inside(ln, nx, ny)) return 0;
            for (i = 0; i < m; i++) {
                for (j = 0; j < m; j++) {
                    vx_float32 d = patch[i + 1][j + 1] -
                                   lk_sample(ln, nx + (vx_float32)(j - r), ny + (vx_float32)(i - r));
                    b1 += (vx_float64)d * ix[i][j];
                    b2 += (vx_float64)d * iy[i][j];
                }
            }
            dx = (a22 * b1 - a12 * b2) / det;
            dy = (a11 * b2 - a12 * b1) / det;
            nx += (vx_float32)dx;
            ny += (vx_float32)dy;
            if (params->use_eps && (vx_float32)(dx * dx + dy * dy) <= eps2) break;
        }
        if (level > 0) {
            nx /= scale;
            ny /= scale;
            s /= scale;
        }
    }
    if (!lk_inside(&new_levels[0], nx, ny)) return 0;
    *ox = nx;
    *oy = ny;
    return 1;
}
