/* Compute routines of family hog (HOGCells, HOGFeatures, HoughLinesP); see hog.h. */
#include "hog.h"

#include <math.h>
#include <string.h>

/* ---- HOGCells --------------------------------------------------------------- */

vx_uint32 ovxc_hog_bin(vx_int32 gh, vx_int32 gv, vx_uint32 num_bins)
{
    /* Degrees from the float arctangent.  The constant is the conformance
     * tests' pi (3.14159265), so that orientations falling within a float
     * rounding of a bin edge land in the same bin as theirs. */
    vx_float32 deg = (vx_float32)((double)atan2f((vx_float32)gv, (vx_float32)gh) * (180.0 / 3.14159265));
    vx_float32 f;
    vx_int32 b;
    if (deg < 0) deg += 360.0f;
    f = deg * ((vx_float32)num_bins / 360.0f);
    b = (vx_int32)floorf(f);
    if (b < 0) b = 0;
    if ((vx_uint32)b >= num_bins) b = (vx_int32)num_bins - 1;
    return (vx_uint32)b;
}

void ovxc_hog_cell_row(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_uint32 height, vx_uint32 cell_w,
                      vx_uint32 cell_h, vx_uint32 num_bins, vx_uint32 cy, vx_uint32 cells_x, vx_int32 *mag,
                      vx_int32 *bins)
{
    const vx_float32 area = (vx_float32)(cell_w * cell_h);
    vx_uint32 cx, x, y, b;
    for (cx = 0; cx < cells_x; cx++) {
        vx_int32 m = 0, *hist = bins + (vx_size)cx * num_bins;
        for (b = 0; b < num_bins; b++) hist[b] = 0;
        for (y = cy * cell_h; y < (cy + 1) * cell_h; y++) {
            const vx_uint8 *row = src + (vx_size)y * (vx_size)stride;
            const vx_uint8 *up = src + (vx_size)(y > 0 ? y - 1 : 0) * (vx_size)stride;
            const vx_uint8 *down = src + (vx_size)(y + 1 < height ? y + 1 : height - 1) * (vx_size)stride;
            for (x = cx * cell_w; x < (cx + 1) * cell_w; x++) {
                vx_int32 gh = (vx_int32)row[x + 1 < width ? x + 1 : width - 1] - (vx_int32)row[x > 0 ? x - 1 : 0];
                vx_int32 gv = (vx_int32)down[x] - (vx_int32)up[x];
                vx_float32 vote = sqrtf((vx_float32)(gh * gh + gv * gv)) / area;
                vx_uint32 bin = ovxc_hog_bin(gh, gv, num_bins);
                m = (vx_int32)((vx_float32)m + vote);
                hist[bin] = (vx_int32)((vx_float32)hist[bin] + vote);
            }
        }
        mag[cx] = m;
    }
}

/* ---- HOGFeatures ---------------------------------------------------------------- */

static vx_int16 sat16(vx_float32 v)
{
    if (!(v > -32768.0f)) return v != v ? 0 : -32768; /* NaN -> 0 */
    if (v > 32767.0f) return 32767;
    return (vx_int16)v;
}

vx_float32 ovxc_hog_l2(const vx_int32 *v, vx_uint32 n)
{
    vx_float32 s = 0;
    vx_uint32 i;
    for (i = 0; i < n; i++) s += (vx_float32)((vx_int64)v[i] * v[i]);
    return sqrtf(s + 0.00000000000001f);
}

void ovxc_hog_block_normalize(const vx_int32 *v, vx_uint32 n, vx_float32 norm, vx_float32 threshold,
                             vx_float32 scale, vx_int16 *out)
{
    vx_uint32 i;
    vx_float32 s = 0;
    for (i = 0; i < n; i++) {
        vx_float32 h = (vx_float32)v[i] / norm;
        if (threshold > 0 && !(h < threshold)) h = threshold;
        out[i] = sat16(h * scale);
    }
    if (threshold <= 0) return; /* no L2-Hys: the L2 normalised vector */
    for (i = 0; i < n; i++) {
        vx_float32 f = (vx_float32)out[i] / scale;
        s += f * f;
    }
    s = sqrtf(s + 0.00000000000001f);
    for (i = 0; i < n; i++) out[i] = sat16(((vx_float32)out[i] / scale / s) * scale);
}

/* ---- HoughLinesP ---------------------------------------------------------------- */

/* Marsaglia's multiply-with-carry generator (multiplier 4164903690): the
 * pseudo-random order in which edge pixels are drawn. */
static vx_uint32 mwc_next(vx_uint64 *state)
{
    *state = (vx_uint64)(vx_uint32)*state * 4164903690u + (vx_uint32)(*state >> 32);
    return (vx_uint32)*state;
}

/* The accumulator cells' rho indices of pixel (x, y), for every angle, into
 * rr (a loop that vectorizes: with magic, lrintf's round-to-nearest-even by
 * adding and taking away 1.5 * 2^23, exact while |value| < 2^22). */
static void rho_cells(const ovxc_hough_p *h, vx_int32 x, vx_int32 y, vx_int32 *rr, int magic)
{
    const vx_float32 *tc = h->tab, *ts = h->tab + h->num_angle;
    vx_int32 half = (vx_int32)((h->num_rho - 1) / 2);
    vx_float32 fx = (vx_float32)x, fy = (vx_float32)y;
    vx_uint32 n, na = h->num_angle;
    if (magic) {
        for (n = 0; n < na; n++) {
            vx_float32 v = fx * tc[n] + fy * ts[n];
            rr[n] = (vx_int32)((v + 12582912.0f) - 12582912.0f) + half;
        }
    } else {
        for (n = 0; n < na; n++) rr[n] = (vx_int32)lrintf(fx * tc[n] + fy * ts[n]) + half;
    }
}

/* Add d to the cells rr (one per angle, rho_cells); returns the highest of
 * the cells touched, its angle in *best (the first in angle order).  Written
 * for both cell widths (h->acc16: 16-bit cells, see ovxc_hough_lines_p). */
#define OVXC_HOUGH_VOTE_CELLS(NAME, T)                                                                     \
    static inline vx_int32 NAME(ovxc_hough_p *h, const vx_int32 *rr, vx_int32 d, vx_uint32 *best)                 \
    {                                                                                                      \
        T *acc = (T *)(void *)h->acc;                                                                      \
        vx_int32 top = -1;                                                                                 \
        vx_uint32 n, na = h->num_angle, nr = h->num_rho, b = *best;                                        \
        for (n = 0; n < na; n++) {                                                                         \
            T *cell;                                                                                       \
            vx_int32 v;                                                                                    \
            if ((vx_uint32)rr[n] >= nr) continue;                                                          \
            cell = &acc[(vx_size)n * nr + (vx_uint32)rr[n]];                                               \
            v = *cell + d;                                                                                 \
            *cell = (T)v;                                                                                  \
            b = v > top ? n : b; /* no branch: which cell is highest is random */                          \
            top = v > top ? v : top;                                                                       \
        }                                                                                                  \
        *best = b;                                                                                         \
        return top;                                                                                        \
    }
OVXC_HOUGH_VOTE_CELLS(vote_cells32, vx_int32)
OVXC_HOUGH_VOTE_CELLS(vote_cells16, vx_int16)

static inline vx_int32 vote_cells(ovxc_hough_p *h, const vx_int32 *rr, vx_int32 d, vx_uint32 *best)
{
    return h->acc16 ? vote_cells16(h, rr, d, best) : vote_cells32(h, rr, d, best);
}

/* Add d to the accumulator cells of every angle for pixel (x, y); returns the
 * highest of the cells touched, its angle in *best. */
static vx_int32 vote(ovxc_hough_p *h, vx_int32 x, vx_int32 y, vx_int32 d, vx_uint32 *best, int magic)
{
    rho_cells(h, x, y, h->rbuf, magic);
    return vote_cells(h, h->rbuf, d, best);
}

static int inside(const ovxc_hough_p *h, vx_int32 x, vx_int32 y)
{
    return x >= (vx_int32)h->rx0 && y >= (vx_int32)h->ry0 && x < (vx_int32)h->rx1 && y < (vx_int32)h->ry1;
}

/* Walk from (x0, y0) along the line of angle n (direction sign dir), one
 * pixel along the major axis, 16.16 fixed point along the other.  clear == 0:
 * find the last edge pixel before a gap longer than line_gap, into (*ex,
 * *ey).  clear != 0: remove every edge pixel up to (*ex, *ey) from the image,
 * and (clear == 1) take its votes out of the accumulator. */
static void walk(ovxc_hough_p *h, vx_int32 x0, vx_int32 y0, vx_uint32 n, int dir, int clear, vx_int32 *ex,
                 vx_int32 *ey, int magic)
{
    vx_float32 c = h->tab[n], s = h->tab[h->num_angle + n];
    /* line direction: perpendicular to the normal (cos, sin) */
    vx_float32 dx = -s, dy = c;
    vx_int64 fx = ((vx_int64)x0 << 16) + (1 << 15), fy = ((vx_int64)y0 << 16) + (1 << 15), sx, sy;
    vx_int32 gap = 0;
    vx_uint32 dummy;
    if (fabsf(dx) > fabsf(dy)) {
        sx = dx > 0 ? 65536 : -65536;
        sy = (vx_int64)lrintf(dy * 65536.0f / fabsf(dx));
    } else {
        sy = dy > 0 ? 65536 : -65536;
        sx = (vx_int64)lrintf(dx * 65536.0f / fabsf(dy));
    }
    if (dir < 0) sx = -sx, sy = -sy;
    if (!clear) *ex = x0, *ey = y0;
    for (;;) {
        vx_int32 px = (vx_int32)(fx >> 16), py = (vx_int32)(fy >> 16);
        vx_uint8 *m;
        if (!inside(h, px, py)) break;
        m = &h->mask[(vx_size)py * h->width + (vx_uint32)px];
        if (clear) {
            if (clear == 1 && *m) (void)vote(h, px, py, -1, &dummy, magic);
            *m = 0;
            if (px == *ex && py == *ey) break;
        } else if (*m) {
            gap = 0;
            *ex = px, *ey = py;
        } else if (++gap > h->line_gap) {
            break;
        }
        fx += sx;
        fy += sy;
    }
}

/* The next pixel of the random order into *pt (the list's entry j taken,
 * the last not-drawn entry moved into its place), its cells' rho indices
 * into ring slot `slot` of rbuf, and the prefetches of its mask byte and
 * of the list entry of the draw OVXC_HOUGH_AHEAD later (*rng_pf runs that
 * many draws ahead of *rng). */
static void draw_ahead(ovxc_hough_p *h, vx_uint64 *rng, vx_uint64 *rng_pf, vx_size *nd, vx_uint32 *pt, int magic,
                       vx_size slot)
{
    vx_size j = mwc_next(rng) % *nd;
    vx_int32 *rr = h->rbuf + (1 + slot) * h->num_angle;
    vx_uint32 p = h->points[j];
    h->points[j] = h->points[*nd - 1];
    (*nd)--;
    *pt = p;
    { /* draw d + AHEAD picks entry r % (entries left after draw d, less AHEAD - 1) */
        vx_uint32 r = mwc_next(rng_pf);
        if (*nd + 1 > OVXC_HOUGH_AHEAD) __builtin_prefetch(&h->points[r % (*nd + 1 - OVXC_HOUGH_AHEAD)]);
    }
    __builtin_prefetch(&h->mask[p]);
    rho_cells(h, (vx_int32)(p % h->width), (vx_int32)(p / h->width), rr, magic);
}

vx_size ovxc_hough_lines_p(ovxc_hough_p *h, ovxc_hough_segment *out, vx_size max_out)
{
    vx_size count = 0, np = 0, i;
    vx_uint64 rng = h->seed;
    vx_uint32 x, y, n;
    vx_float32 bound = 0;
    int magic;
    for (n = 0; n < h->num_angle; n++) { /* the largest |x cos/rho + y sin/rho| of the image, give or take */
        vx_float32 v = fabsf(h->tab[n]) * (vx_float32)h->width + fabsf(h->tab[h->num_angle + n]) * (vx_float32)h->height;
        bound = v > bound ? v : bound;
    }
    magic = bound < 4000000.0f; /* below 2^22 with room for the float error */
    for (y = h->ry0; y < h->ry1; y++)
        for (x = h->rx0; x < h->rx1; x++)
            if (h->mask[(vx_size)y * h->width + x]) h->points[np++] = y * h->width + x;
    /* 16-bit cells when no cell can pass 32767 votes (the accumulator then
     * takes half the cache; the time goes into its misses).  A cell never
     * holds more votes than edge pixels, nor more than the pixels of the
     * rectangle whose distance rounds to it: a strip rho wide, which meets
     * each column (or each row, for the angles nearer the vertical) in at
     * most rho * sqrt(2) + 1 pixels, + 1 for the float error. */
    {
        vx_float64 c0 = h->num_angle ? h->tab[0] : 0, s0 = h->num_angle ? h->tab[h->num_angle] : 0;
        vx_float64 inv = sqrt(c0 * c0 + s0 * s0); /* 1 / rho */
        vx_uint32 span = h->rx1 - h->rx0 > h->ry1 - h->ry0 ? h->rx1 - h->rx0 : h->ry1 - h->ry0;
        vx_float64 cells = inv > 0 ? (vx_float64)span * (1.5 / inv + 2.0) : 1e300;
        h->acc16 = np <= 32767 || cells <= 32767.0;
    }
    if (h->acc16)
        memset(h->acc, 0, (vx_size)h->num_angle * h->num_rho * sizeof(vx_int16));
    else
        for (i = 0; i < (vx_size)h->num_angle * h->num_rho; i++) h->acc[i] = 0;
    /* draw the edge pixels in a pseudo-random order: each time one of those
     * not drawn yet, the last of the list taking its place.  The order does
     * not depend on the votes, so it is drawn OVXC_HOUGH_AHEAD pixels ahead
     * of the voting: the ring holds those pixels and their cells' rho
     * indices; their mask bytes and the list entry of the draw after them
     * are prefetched (random places in megabytes).  The accumulator lines
     * are not: with 16-bit cells they mostly stay in L2, and 180 prefetches
     * a pixel cost more than they saved (1080p, Xeon with 2 MB of L2: 420 ->
     * 307 ms with 32-bit cells, 280 ms with 16-bit ones).  Whether a pixel
     * is still in the image is read when its turn comes, as without the
     * ring. */
    {
        vx_uint64 rng_pf = rng;
        vx_size nd = np; /* list entries not drawn yet */
        vx_uint32 ring[OVXC_HOUGH_AHEAD];
        vx_size k, total = np;
        for (k = 0; k < OVXC_HOUGH_AHEAD; k++) (void)mwc_next(&rng_pf); /* rng_pf: OVXC_HOUGH_AHEAD draws ahead */
        for (k = 0; k < OVXC_HOUGH_AHEAD && k < total; k++) draw_ahead(h, &rng, &rng_pf, &nd, &ring[k], magic, k);
        for (k = 0; k < total; k++) {
            const vx_size slot = k % OVXC_HOUGH_AHEAD;
            vx_uint32 pt = ring[slot];
            vx_int32 px = (vx_int32)(pt % h->width), py = (vx_int32)(pt / h->width);
            vx_int32 ex[2], ey[2], ddx, ddy, good;
            vx_uint32 best = 0;
            vx_uint8 *m = &h->mask[pt];
            vx_int32 top;
            if (!*m) {
                if (k + OVXC_HOUGH_AHEAD < total) draw_ahead(h, &rng, &rng_pf, &nd, &ring[slot], magic, slot);
                continue; /* removed with an earlier segment */
            }
            top = vote_cells(h, h->rbuf + (1 + slot) * h->num_angle, 1, &best);
            if (k + OVXC_HOUGH_AHEAD < total) draw_ahead(h, &rng, &rng_pf, &nd, &ring[slot], magic, slot);
            if (top < h->threshold) continue;
            walk(h, px, py, best, 1, 0, &ex[0], &ey[0], magic);
            walk(h, px, py, best, -1, 0, &ex[1], &ey[1], magic);
            ddx = ex[1] - ex[0];
            ddy = ey[1] - ey[0];
            if (ddx < 0) ddx = -ddx;
            if (ddy < 0) ddy = -ddy;
            good = (ddx > ddy ? ddx : ddy) >= h->line_length;
            /* the segment leaves the image; a kept segment takes back the votes of
             * all its pixels (those drawn already and those still to be drawn:
             * the accumulator then holds the votes of the remaining pixels that
             * were drawn, less those of the pixels removed before being drawn,
             * as in the conformance tests' reference results) */
            walk(h, px, py, best, 1, good ? 1 : 2, &ex[0], &ey[0], magic);
            walk(h, px, py, best, -1, good ? 1 : 2, &ex[1], &ey[1], magic);
            if (!good) continue;
            if (count < max_out) {
                ovxc_hough_segment *sgm = &out[count];
                int swap = ex[1] < ex[0] || (ex[1] == ex[0] && ey[1] < ey[0]);
                sgm->x0 = ex[swap], sgm->y0 = ey[swap], sgm->x1 = ex[!swap], sgm->y1 = ey[!swap];
            }
            count++;
        }
    }
    return count;
}
