/* Compute routines of family hog (HOGCells, HOGFeatures, HoughLinesP); see hog.h. */
#include "hog.h"

#include "../runtime/dispatch.h"

#include <math.h>
#include <sched.h>
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

/* The cells of a row; each pixel's bin from tab (ovxc_hog_bin_table_rows)
 * or, tab NULL, by ovxc_hog_bin: the same values. */
static inline void hog_cell_row(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_uint32 height,
                                vx_uint32 cell_w, vx_uint32 cell_h, vx_uint32 num_bins, vx_uint32 cy, vx_uint32 cells_x,
                                vx_int32 *mag, vx_int32 *bins, const vx_uint8 *tab)
{
    const vx_float32 area = (vx_float32)(cell_w * cell_h);
    const vx_uint8 *t0 = tab ? tab + 255 * OVXC_HOG_GSPAN + 255 : NULL; /* the entry of (0, 0) */
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
                vx_uint32 bin = t0 ? t0[gh * OVXC_HOG_GSPAN + gv] : ovxc_hog_bin(gh, gv, num_bins);
                m = (vx_int32)((vx_float32)m + vote);
                hist[bin] = (vx_int32)((vx_float32)hist[bin] + vote);
            }
        }
        mag[cx] = m;
    }
}

void ovxc_hog_cell_row(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_uint32 height, vx_uint32 cell_w,
                      vx_uint32 cell_h, vx_uint32 num_bins, vx_uint32 cy, vx_uint32 cells_x, vx_int32 *mag,
                      vx_int32 *bins)
{
    hog_cell_row(src, stride, width, height, cell_w, cell_h, num_bins, cy, cells_x, mag, bins, NULL);
}

void ovxc_hog_bin_table_rows(vx_uint32 num_bins, vx_uint8 *tab, vx_uint32 gh0, vx_uint32 gh1)
{
    for (vx_uint32 i = gh0; i < gh1; i++)
        for (vx_uint32 j = 0; j < OVXC_HOG_GSPAN; j++)
            tab[(vx_size)i * OVXC_HOG_GSPAN + j] = (vx_uint8)ovxc_hog_bin((vx_int32)i - 255, (vx_int32)j - 255, num_bins);
}

void ovxc_hog_cell_row_tab(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_uint32 height, vx_uint32 cell_w,
                           vx_uint32 cell_h, vx_uint32 num_bins, vx_uint32 cy, vx_uint32 cells_x, vx_int32 *mag,
                           vx_int32 *bins, const vx_uint8 *tab)
{
    hog_cell_row(src, stride, width, height, cell_w, cell_h, num_bins, cy, cells_x, mag, bins, tab);
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

/* One draw of the random order from the nd entries of pts not drawn yet:
 * a random entry taken, the last one moved into its place (swap: the drawn
 * one into the last's, so that the drawn pixels end up in draw order from
 * the end of pts), and the entry of the draw `look` later prefetched
 * (*rng_pf runs that many draws ahead of *rng). */
static inline vx_uint32 draw_one(vx_uint32 *pts, vx_size nd, vx_uint64 *rng, vx_uint64 *rng_pf, vx_size look, int swap)
{
    vx_size j = mwc_next(rng) % nd;
    vx_uint32 p = pts[j], r = mwc_next(rng_pf);
    pts[j] = pts[nd - 1];
    if (swap) pts[nd - 1] = p;
    if (nd > look) __builtin_prefetch(&pts[r % (nd - look)]);
    return p;
}

/* The accumulator cells' rho indices of pixel (x, y), for every angle, into
 * rr (a loop that vectorizes: with magic, lrintf's round-to-nearest-even by
 * adding and taking away 1.5 * 2^23, exact while |value| < 2^22). */
static void rho_cells_range(const ovxc_hough_p *h, vx_int32 x, vx_int32 y, vx_int32 *rr, int magic, vx_uint32 a0,
                            vx_uint32 a1)
{
    const vx_float32 *tc = h->tab, *ts = h->tab + h->num_angle;
    vx_int32 half = (vx_int32)((h->num_rho - 1) / 2);
    vx_float32 fx = (vx_float32)x, fy = (vx_float32)y;
    vx_uint32 n;
    if (magic) {
        for (n = a0; n < a1; n++) {
            vx_float32 v = fx * tc[n] + fy * ts[n];
            rr[n] = (vx_int32)((v + 12582912.0f) - 12582912.0f) + half;
        }
    } else {
        for (n = a0; n < a1; n++) rr[n] = (vx_int32)lrintf(fx * tc[n] + fy * ts[n]) + half;
    }
}

static void rho_cells(const ovxc_hough_p *h, vx_int32 x, vx_int32 y, vx_int32 *rr, int magic)
{
    rho_cells_range(h, x, y, rr, magic, 0, h->num_angle);
}

/* Add d to the cells rr[a0 .. a1) (one per angle, rho_cells); returns the
 * highest of the cells touched, its angle in *best (the first in angle
 * order; *best unchanged when no cell was touched).  Written for both cell
 * widths (h->acc16: 16-bit cells, see ovxc_hough_lines_p). */
#define OVXC_HOUGH_VOTE_CELLS(NAME, T)                                                                     \
    static inline vx_int32 NAME(ovxc_hough_p *h, const vx_int32 *rr, vx_int32 d, vx_uint32 *best, vx_uint32 a0, \
                                vx_uint32 a1)                                                              \
    {                                                                                                      \
        T *acc = (T *)(void *)h->acc;                                                                      \
        vx_int32 top = -1;                                                                                 \
        vx_uint32 n, nr = h->num_rho, b = *best;                                                           \
        for (n = a0; n < a1; n++) {                                                                        \
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

static inline vx_int32 vote_range(ovxc_hough_p *h, const vx_int32 *rr, vx_int32 d, vx_uint32 *best, vx_uint32 a0,
                                  vx_uint32 a1)
{
    return h->acc16 ? vote_cells16(h, rr, d, best, a0, a1) : vote_cells32(h, rr, d, best, a0, a1);
}

static inline vx_int32 vote_cells(ovxc_hough_p *h, const vx_int32 *rr, vx_int32 d, vx_uint32 *best)
{
    return vote_range(h, rr, d, best, 0, h->num_angle);
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

#define HOUGH_WALK_AHEAD 16

/* The 16.16 steps of a walk along the line of angle n (direction +1). */
static void walk_step(const ovxc_hough_p *h, vx_uint32 n, vx_int64 *sx, vx_int64 *sy)
{
    vx_float32 c = h->tab[n], s = h->tab[h->num_angle + n];
    /* line direction: perpendicular to the normal (cos, sin) */
    vx_float32 dx = -s, dy = c;
    if (fabsf(dx) > fabsf(dy)) {
        *sx = dx > 0 ? 65536 : -65536;
        *sy = (vx_int64)lrintf(dy * 65536.0f / fabsf(dx));
    } else {
        *sy = dy > 0 ? 65536 : -65536;
        *sx = (vx_int64)lrintf(dx * 65536.0f / fabsf(dy));
    }
}

/* The mask byte at 16.16 position (fx, fy) prefetched (an address computed
 * as an integer: past the image it is never read). */
static inline void walk_prefetch_at(const ovxc_hough_p *h, vx_int64 fx, vx_int64 fy)
{
    __builtin_prefetch((const void *)((uintptr_t)h->mask + (uintptr_t)((fy >> 16) * (vx_int64)h->width + (fx >> 16))));
}

/* The mask bytes of steps 1 .. HOUGH_WALK_AHEAD - 1 both ways from (x0, y0)
 * prefetched (the walks prefetch the rest as they go). */
static void walk_prefetch(const ovxc_hough_p *h, vx_int32 x0, vx_int32 y0, vx_int64 sx, vx_int64 sy)
{
    const vx_int64 fx = ((vx_int64)x0 << 16) + (1 << 15), fy = ((vx_int64)y0 << 16) + (1 << 15);
    vx_int64 i;
    for (i = 1; i < HOUGH_WALK_AHEAD; i++) {
        walk_prefetch_at(h, fx + i * sx, fy + i * sy);
        walk_prefetch_at(h, fx - i * sx, fy - i * sy);
    }
}

/* Walk from (x0, y0) by steps (sx, sy) (walk_step's, or their negation),
 * one pixel along the major axis, 16.16 fixed point along the other, to the
 * last edge pixel before a gap longer than line_gap, into (*ex, *ey); the
 * edge pixels passed (each at or before that end) go to rec[*nrec].
 * Whether a pixel is an edge is as good as random (a branch on it missed
 * one step in three), so the step has no branch on it, and the mask byte
 * HOUGH_WALK_AHEAD steps on is prefetched (a walk runs a hundred steps and
 * more on a dense edge map, one row apart near the vertical: most steps
 * missed the cache).  rec[*nrec] is written at every step and kept (the
 * count moved on) at an edge pixel: it has room for one entry a step. */
static void walk(const ovxc_hough_p *h, vx_int32 x0, vx_int32 y0, vx_int64 sx, vx_int64 sy, vx_int32 *ex,
                 vx_int32 *ey, vx_uint32 *rec, vx_size *nrec)
{
    vx_int64 fx = ((vx_int64)x0 << 16) + (1 << 15), fy = ((vx_int64)y0 << 16) + (1 << 15);
    vx_int64 ax = fx + HOUGH_WALK_AHEAD * sx, ay = fy + HOUGH_WALK_AHEAD * sy; /* HOUGH_WALK_AHEAD steps on */
    const vx_uint8 *mask = h->mask;
    const vx_uint32 w = h->width;
    const vx_int32 gmax = h->line_gap;
    vx_int32 gap = 0, lx = x0, ly = y0;
    vx_size nr = *nrec;
    for (;;) {
        vx_int32 px = (vx_int32)(fx >> 16), py = (vx_int32)(fy >> 16), e;
        vx_uint32 at;
        if (!inside(h, px, py)) break;
        walk_prefetch_at(h, ax, ay);
        at = (vx_uint32)py * w + (vx_uint32)px;
        e = -(vx_int32)(__atomic_load_n(&mask[at], __ATOMIC_RELAXED) != 0); /* all ones at an edge pixel */
        rec[nr] = at;
        nr += (vx_size)(e & 1);
        lx = (px & e) | (lx & ~e);
        ly = (py & e) | (ly & ~e);
        gap = (gap + 1) & ~e;
        if (gap > gmax) break;
        fx += sx, fy += sy, ax += sx, ay += sy;
    }
    *ex = lx, *ey = ly;
    *nrec = nr;
}

/* The next pixel of the random order into *pt (the list's entry j taken,
 * the last not-drawn entry moved into its place), its cells' rho indices
 * into ring slot `slot` of rbuf, and the prefetches of its mask byte and
 * of the list entry of the draw OVXC_HOUGH_AHEAD later (*rng_pf runs that
 * many draws ahead of *rng). */
static void draw_ahead(ovxc_hough_p *h, vx_uint64 *rng, vx_uint64 *rng_pf, vx_size *nd, vx_uint32 *pt, int magic,
                       vx_size slot)
{
    vx_int32 *rr = h->rbuf + (1 + slot) * h->num_angle;
    vx_uint32 p = draw_one(h->points, (*nd)--, rng, rng_pf, OVXC_HOUGH_AHEAD, 0);
    *pt = p;
    __builtin_prefetch(&h->mask[p]);
    rho_cells(h, (vx_int32)(p % h->width), (vx_int32)(p / h->width), rr, magic);
}

/* The edge pixels of the rectangle into h->points (returns their count),
 * the cell width (h->acc16), the accumulator zeroed; *magic: whether the
 * distances stay in the range of rho_cells' rounding trick. */
static vx_size hough_setup(ovxc_hough_p *h, int *magic)
{
    vx_size np = 0, i;
    vx_uint32 x, y, n;
    vx_float32 bound = 0;
    for (n = 0; n < h->num_angle; n++) { /* the largest |x cos/rho + y sin/rho| of the image, give or take */
        vx_float32 v = fabsf(h->tab[n]) * (vx_float32)h->width + fabsf(h->tab[h->num_angle + n]) * (vx_float32)h->height;
        bound = v > bound ? v : bound;
    }
    *magic = bound < 4000000.0f; /* below 2^22 with room for the float error */
    for (y = h->ry0; y < h->ry1; y++) { /* no branch: the edge pixels are as good as random */
        const vx_uint8 *m = h->mask + (vx_size)y * h->width;
        const vx_uint32 row = y * h->width;
        for (x = h->rx0; x < h->rx1; x++) {
            h->points[np] = row + x; /* (points has room for every pixel) */
            np += m[x] != 0;
        }
    }
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
    return np;
}

/* The votes of pixel (x, y) taken back, all angles (a call of its own: the
 * vote loop keeps its registers, which the caller's would take). */
static __attribute__((noinline)) void take_back(ovxc_hough_p *h, vx_int32 x, vx_int32 y, int magic)
{
    vx_uint32 dummy = 0;
    (void)vote(h, x, y, -1, &dummy, magic);
}

/* The walks both ways from (px, py) along the line of angle best: the
 * segment's ends into ex, ey (ex[0], ey[0] the walk of direction +1), the
 * edge pixels passed into rec[0 .. *nrec) (the start pixel, in both, twice). */
static void hough_walks(const ovxc_hough_p *h, vx_int32 px, vx_int32 py, vx_uint32 best, vx_uint32 *rec,
                        vx_int32 ex[2], vx_int32 ey[2], vx_size *nrec)
{
    vx_int64 sx, sy;
    *nrec = 0;
    walk_step(h, best, &sx, &sy);
    walk_prefetch(h, px, py, sx, sy);
    walk(h, px, py, sx, sy, &ex[0], &ey[0], rec, nrec);
    walk(h, px, py, -sx, -sy, &ex[1], &ey[1], rec, nrec);
}

/* The segment of a passing pixel whose walks (hough_walks) gave ex, ey and
 * rec[0 .. nrec): removed from the image; a kept segment (line_length or
 * longer) takes back the votes of all its pixels (those drawn already and
 * those still to be drawn: the accumulator then holds the votes of the
 * remaining pixels that were drawn, less those of the pixels removed before
 * being drawn, as in the conformance tests' reference results) and goes to
 * out[*count] (while *count < max_out), *count counting it.  With a list,
 * the pixels whose votes are to be taken back go to list[*nlist] instead. */
static void hough_take(ovxc_hough_p *h, const vx_int32 ex[2], const vx_int32 ey[2], const vx_uint32 *rec,
                       vx_size nrec, int magic, vx_uint32 *list, vx_size *nlist, ovxc_hough_segment *out,
                       vx_size max_out, vx_size *count)
{
    vx_int32 ddx = ex[1] - ex[0], ddy = ey[1] - ey[0], good;
    vx_size i;
    if (ddx < 0) ddx = -ddx;
    if (ddy < 0) ddy = -ddy;
    good = (ddx > ddy ? ddx : ddy) >= h->line_length;
    /* out of the image: the edge pixels from the start to both ends (the
     * walks' records; the start pixel, in both, once) */
    for (i = 0; i < nrec; i++) {
        vx_uint32 at = rec[i];
        if (!h->mask[at]) continue;
        if (good) {
            if (list)
                list[(*nlist)++] = at;
            else
                take_back(h, (vx_int32)(at % h->width), (vx_int32)(at / h->width), magic);
        }
        __atomic_store_n(&h->mask[at], 0, __ATOMIC_RELAXED); /* (the partner may read it meanwhile: ht_epoch) */
    }
    if (!good) return;
    if (*count < max_out) {
        ovxc_hough_segment *sgm = &out[*count];
        int swap = ex[1] < ex[0] || (ex[1] == ex[0] && ey[1] < ey[0]);
        sgm->x0 = ex[swap], sgm->y0 = ey[swap], sgm->x1 = ex[!swap], sgm->y1 = ey[!swap];
    }
    (*count)++;
}

/* Pixel (px, py) passed the threshold at angle best: its segment walked and
 * taken (hough_take). */
static void hough_segment(ovxc_hough_p *h, vx_int32 px, vx_int32 py, vx_uint32 best, int magic, vx_uint32 *list,
                          vx_size *nlist, ovxc_hough_segment *out, vx_size max_out, vx_size *count)
{
    vx_int32 ex[2], ey[2];
    vx_size nrec;
    hough_walks(h, px, py, best, h->rec, ex, ey, &nrec);
    hough_take(h, ex, ey, h->rec, nrec, magic, list, nlist, out, max_out, count);
}

vx_size ovxc_hough_lines_p(ovxc_hough_p *h, ovxc_hough_segment *out, vx_size max_out)
{
    vx_size count = 0, np;
    vx_uint64 rng = h->seed;
    int magic;
    np = hough_setup(h, &magic);
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
            hough_segment(h, px, py, best, magic, NULL, NULL, out, max_out, &count);
        }
    }
    return count;
}

/* ---- HoughLinesP on two threads ------------------------------------------------------
 *
 * The transform is sequential: whether pixel k of the random order passes
 * the threshold depends on the votes of pixels 0 .. k and on the segments
 * taken out before it.  But the votes of a pixel are independent adds to
 * its cells, one a angle: the two threads split the angles, [0, split) for
 * the lead (role 0), [split, num_angle) for the partner (role 1), each
 * owning its part of the accumulator.  The random order does not depend
 * on the votes: the partner first makes all of it (its own copy of the
 * edge list shuffled in place, 2-3% of the work) while the lead goes on
 * alone, then both read it.  Each votes each pixel for its own angles,
 * noting its half's highest cell; a pixel passes when either
 * half's highest does.  Between two such pixels (one in about 35 on a dense
 * edge map) there is nothing to agree on, so the threads run freely: an
 * "epoch" runs until a thread's half passes at pixel k, and the other
 * thread, which may have voted past k by then (speculation), stops as soon
 * as it sees that, or, when behind, once it has voted pixel k itself (the
 * partner then goes on voting through the lead's walk below).  The
 * first passing pixel k* of the epoch decides: the lead combines both
 * halves' highest cells (the overall first angle of the highest value:
 * the lead's angles come first), walks the segment (or takes the partner's
 * walks, made while it waited for the lead to reach k*: ht_prewalk) and
 * takes it out of the image (hough_take, the list of pixels whose votes
 * come back), and posts that to the partner (which, when its own half
 * passed first, votes on past its pixel meanwhile: ht_spec); each thread then takes back the segment's
 * votes for its own angles and, of its votes past k*, those of the pixels
 * the segment took out (the others stand: ht_take_back says why), and the
 * next epoch starts at k* + 1, each thread from where it stopped.  The
 * mask is written only by the lead, in hough_take (the partner, reading
 * it meanwhile, takes back what the walk took).  The result is
 * that of ovxc_hough_lines_p exactly: the same pixels vote, in the same
 * order, the same segments are taken (each accumulator cell sees the same
 * adds, in another order only where it does not matter).
 *
 * The partner may come late (its pool thread busy with other work) or not
 * at all before the lead is done: the lead runs alone, every angle, and
 * looks for the partner at each passing pixel and every 64 pixels; the
 * partner, once there with the order made, says so, and the lead's next
 * post hands it its half.
 * A partner that comes after the end finds the end posted and returns. */

#define HT_RING 512u   /* pixels of a thread's recent draws and results (a power of two) */
#define HT_LEAD 32u    /* a thread waits when this far ahead of the other */
#define HT_SLOW 4096u  /* spins of a wait that counts as slow (the other thread off its core) */
#define HT_LOOK 4u     /* draws ahead of the voting (their mask bytes prefetched) */
#define HT_BAL 32u     /* epochs between two looks at the threads' waits (a power of two: ht_balance) */
#define HT_BAL_MIN 256u /* spins of both threads' waits in such a window below which they say nothing */
#define HT_NONE (~(vx_uint64)0)
#define HT_VOTED ((vx_uint64)1 << 63)

typedef struct {
    vx_uint64 v;
    char pad[56];
} ht_line;

/* A thread's end of an epoch, one cache line (the partner's is what the
 * lead waits for after each epoch: one transfer between the cores where
 * three lines took three one after the other) */
typedef struct {
    vx_uint64 trig; /* epoch << 32 | k: the thread's half passed at pixel k (pixels are < 2^32) */
    vx_uint64 stop; /* epoch << 32 | next k: the thread stopped in the epoch, having done pixels < next k */
    vx_uint64 res;  /* its result (res below) at pixel k of trig, written before trig */
    vx_uint64 wait; /* the partner's: its spins waiting for the lead so far (ht_thread.waited), written before stop */
    char pad[32];
} ht_end;

typedef struct {
    ht_end end[2];
    ht_line pos[2];    /* epoch << 32 | the thread's next pixel, every 8 pixels (for HT_LEAD) */
    ht_line ready;     /* 1: the partner is there, waiting for a post */
    ht_line left;      /* the post after which the partner left or took other angles (its take-back done) */
    vx_uint64 seq;     /* the lead's posts (the epoch they start), written after the post's fields */
    vx_uint64 k0, kstar, nlist, split, done, at; /* (in seq's line: one transfer a post) */
    char pad[8];
    ht_line pw;        /* epoch << 32 | k: the partner's walks of its passing pixel k (ht_prewalk) are below */
    vx_int32 pw_ex[2], pw_ey[2];
    vx_uint64 pw_nrec;
    char pad2[40];
    /* a thread's results: HT_VOTED | the angle of its highest cell << 32 | that cell + 1 (cells may be
     * negative: -1 when none reached 0, or none was touched); 0: skipped (the pixel was out of the image) */
    vx_uint64 res[2][HT_RING];
} ht_team;

vx_size ovxc_hough_team_bytes(void)
{
    return sizeof(ht_team);
}

vx_size ovxc_hough_list_room(const ovxc_hough_p *h)
{
    return 2 * ((vx_size)h->width + h->height) + 4;
}

typedef struct {
    ovxc_hough_p *h;
    ht_team *T;
    vx_uint32 role, a0, a1;
    int magic;
    vx_uint32 *points;
    vx_size nd, drawn, total;
    vx_uint64 rng, rng_pf;
    vx_int32 *rr;
    const vx_uint32 *rev; /* the whole order, pixel k at rev[-k] (the partner's, once made), or NULL: the ring */
    vx_size resume;       /* the pixel after the last the thread voted (its votes past the epoch's start kept) */
    vx_size cand;         /* the pixel where its half passed, not yet taken (HT_NONE: none) */
    vx_size spec;         /* a pixel past cand that passed in ht_spec (HT_NONE: none) */
    vx_uint64 waited;     /* spins of its waits for the other thread so far */
    vx_uint32 ring[HT_RING];
} ht_thread;

static inline vx_uint64 ht_load(const vx_uint64 *p)
{
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}

static inline void ht_store(vx_uint64 *p, vx_uint64 v)
{
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
}

/* A spin-wait step: a pause, and now and then the core given up (the other
 * thread may share this one). */
static inline void ht_wait(unsigned *spins)
{
    ovx_cpu_relax();
    if (++*spins % HT_SLOW == 0) sched_yield();
}

/* One more pixel of the random order into the ring (draw_ahead's way:
 * rng_pf, HT_LOOK draws ahead, prefetches the list entry of that draw). */
static inline void ht_draw(ht_thread *t)
{
    vx_uint32 p = draw_one(t->points, t->nd--, &t->rng, &t->rng_pf, HT_LOOK, 0);
    t->ring[t->drawn % HT_RING] = p;
    t->drawn++;
    __builtin_prefetch(&t->h->mask[p]);
}

/* Pixel k of the order: from the whole order (its mask byte HT_LOOK pixels
 * ahead prefetched), or drawn into the ring up to HT_LOOK ahead. */
static inline vx_uint32 ht_pixel(ht_thread *t, vx_size k)
{
    if (t->rev) {
        if (k + HT_LOOK < t->total) __builtin_prefetch(&t->h->mask[t->rev[-(ptrdiff_t)(k + HT_LOOK)]]);
        return t->rev[-(ptrdiff_t)k];
    }
    while (t->drawn <= k + HT_LOOK && t->drawn < t->total) ht_draw(t);
    return t->ring[k % HT_RING];
}

/* Pixel k of the order, done already (for the take-back and the segment). */
static inline vx_uint32 ht_done(const ht_thread *t, vx_size k)
{
    return t->rev ? t->rev[-(ptrdiff_t)k] : t->ring[k % HT_RING];
}

/* The whole order in place (the partner's, into its copy of the list): the
 * draws of ovxc_hough_lines_p with the drawn pixel swapped to the end of
 * the entries left, so that pixel k ends at index total - 1 - k. */
static void ht_order(ht_thread *t)
{
    vx_uint32 *pt = t->points;
    vx_size nd;
    for (nd = t->total; nd > 0; nd--) (void)draw_one(pt, nd, &t->rng, &t->rng_pf, HT_LOOK, 1);
    t->rev = pt + t->total - 1;
}

/* Add d to pixel p's cells of the thread's angles; the highest in *best. */
static inline vx_int32 ht_vote(ht_thread *t, vx_uint32 p, vx_int32 d, vx_uint32 *best)
{
    ovxc_hough_p *h = t->h;
    rho_cells_range(h, (vx_int32)(p % h->width), (vx_int32)(p / h->width), t->rr, t->magic, t->a0, t->a1);
    return vote_range(h, t->rr, d, best, t->a0, t->a1);
}

/* Pixel k's turn on the thread: voted, its result into the thread's ring
 * (res: 0 when the pixel is out of the image, which the lead's walk may make
 * it meanwhile) and returned */
static inline vx_uint64 ht_turn(ht_thread *t, vx_size k)
{
    vx_uint32 p = ht_pixel(t, k), best = 0;
    vx_uint64 r = 0;
    if (__atomic_load_n(&t->h->mask[p], __ATOMIC_RELAXED)) {
        const vx_int32 top = ht_vote(t, p, 1, &best);
        r = HT_VOTED | ((vx_uint64)best << 32) | (vx_uint32)(top + 1);
    }
    t->T->res[t->role][k % HT_RING] = r;
    return r;
}

/* Does the result r of ht_turn pass the threshold? */
static inline int ht_passes(const ht_thread *t, vx_uint64 r)
{
    return r && (vx_int32)(vx_uint32)r - 1 >= t->h->threshold;
}

/* After the segment of pixel kstar: the thread's votes of the list (the
 * segment's pixels) taken back, and those of the pixels (kstar, next) it
 * voted past kstar (speculation), all of them (keep = 0: the thread then
 * goes on from kstar + 1) or (keep) only those the segment took out of the
 * image.  A kept vote is the vote the pixel gives in turn: it is still in
 * the image, and the cells it saw then held no fewer votes than they hold
 * at its turn in the one-thread order (the take-backs only lower cells),
 * so its highest cell, under the threshold then, is under it in that order
 * too: it does not pass.  Only the thread's own passing pixel past kstar
 * (t->cand, where it stopped, or ht_spec's) is looked at again, on the cells
 * as they are now (those of its turn: the thread voted nothing after it;
 * votes ht_spec gave past a passing pixel that turns out not to be the
 * segment's are taken back first).  The lead
 * compares the halves' highest cells only at a pixel where one passes, and
 * a kept pixel's highest cell of the other half, under the threshold, never
 * beats that one's, so a kept result serves there as the exact one would. */
static void ht_take_back(ht_thread *t, vx_size kstar, vx_size next, const vx_uint32 *list, vx_size nlist, int keep)
{
    vx_uint64 *res = t->T->res[t->role];
    vx_uint32 dummy = 0;
    vx_size k;
    if (keep && t->cand != HT_NONE && t->cand > kstar && next > t->cand + 1) {
        /* the thread voted past its passing pixel (ht_spec), which is not
         * the segment's: those votes back, all of them, so that it voted
         * nothing after its passing pixel (looked at again below) */
        for (k = t->cand + 1; k < next; k++)
            if (res[k % HT_RING]) (void)ht_vote(t, ht_done(t, k), -1, &dummy), res[k % HT_RING] = 0;
        next = t->cand + 1;
        t->spec = HT_NONE;
    }
    if (t->cand == HT_NONE || t->cand <= kstar) t->cand = t->spec; /* (ht_spec's passing pixel, if any) */
    t->spec = HT_NONE;
    for (k = kstar + 1; k < next; k++) {
        if (!res[k % HT_RING]) continue;
        if (keep) {
            vx_uint32 p = ht_done(t, k);
            if (t->h->mask[p]) continue;
            (void)ht_vote(t, p, -1, &dummy);
            res[k % HT_RING] = 0;
        } else {
            (void)ht_vote(t, ht_done(t, k), -1, &dummy);
        }
    }
    for (k = 0; k < nlist; k++) (void)ht_vote(t, list[k], -1, &dummy);
    t->resume = keep && next > kstar + 1 ? next : kstar + 1;
    if (keep && t->cand != HT_NONE && t->cand > kstar && res[t->cand % HT_RING]) {
        vx_uint32 best = 0;
        vx_int32 top = ht_vote(t, ht_done(t, t->cand), 0, &best);
        res[t->cand % HT_RING] = HT_VOTED | ((vx_uint64)best << 32) | (vx_uint32)(top + 1);
        if (top < t->h->threshold) t->cand = HT_NONE;
    } else {
        t->cand = HT_NONE;
    }
}

/* One epoch from pixel k: vote until the thread's half passes (returns that
 * pixel), or (split) the other thread's half passed at a pixel before the
 * next, or the order ends (HT_NONE); *next: the pixel after the last done.
 * The lead alone while the partner may still come (watch) also stops, with
 * HT_NONE and *next before the end, when the partner says it is there: the
 * first pixels pass late (the accumulator fills first: on the bench's
 * 1920x1080 Canny edges, threshold 50, the first passing pixel comes some
 * 10 ms in), and the partner, there after 3 ms, waited for the lead's first
 * post until then. */
static vx_size ht_epoch(ht_thread *t, vx_uint64 epoch, vx_size k, int split, int watch, vx_size *next,
                        unsigned *slow)
{
    ht_team *T = t->T;
    const vx_uint32 me = t->role, other = 1 - t->role;
    const vx_size k0 = k;
    vx_size seen = k; /* the other thread's position, as last read (pixels < seen done) */
    vx_uint64 tag = epoch << 32;
    vx_size found = HT_NONE;
    int past = 0;
    if (t->resume > k) k = t->resume; /* its votes past the epoch's start, kept (ht_take_back) */
    /* (where it starts: the other, when behind, must not wait for it) */
    if (split) __atomic_store_n(&T->pos[me].v, tag | k, __ATOMIC_RELAXED);
    if (t->cand != HT_NONE) { /* its half passed there, and still does */
        found = t->cand;
        if (split) T->end[me].res = T->res[me][found % HT_RING], ht_store(&T->end[me].trig, tag | found);
        goto out;
    }
    for (; k < t->total; k++) {
        vx_uint64 r;
        if (watch && (k & 63) == 0 && k > k0 && ht_load(&T->ready.v)) break;
        if (past) { /* (the partner past the lead's passing pixel: until the post) */
            if (ht_load(&T->seq) != epoch || k >= seen + HT_LEAD) break;
        } else if (split) {
            vx_uint64 tr = ht_load(&T->end[other].trig);
            unsigned spins = 0;
            if ((tr >> 32) == epoch && (tr & (0xffffffffull)) < k) {
                /* the lead's half passed before k: the partner, which the lead
                 * now waits for no more, goes on through the lead's segment
                 * walk (its votes are kept unless the segment takes their
                 * pixels: ht_take_back) */
                if (me == 0) break;
                T->end[me].wait = t->waited;
                ht_store(&T->end[me].stop, tag | k);
                past = 1;
                seen = (vx_size)(tr & 0xffffffffull) + 1; /* the lead stays there until its post */
                if (ht_load(&T->seq) != epoch || k >= seen + HT_LEAD) break;
                goto vote;
            }
            while (k >= seen + HT_LEAD) { /* too far ahead: wait for the other */
                vx_uint64 ps = ht_load(&T->pos[other].v);
                seen = (ps >> 32) == epoch ? (vx_size)(ps & 0xffffffffull) : k0; /* not this epoch's: at its start */
                tr = ht_load(&T->end[other].trig);
                if ((tr >> 32) == epoch && (tr & (0xffffffffull)) < k) {
                    if (spins >= HT_SLOW) ++*slow;
                    t->waited += spins;
                    goto out;
                }
                if (k >= seen + HT_LEAD) ht_wait(&spins);
            }
            if (spins >= HT_SLOW) ++*slow;
            t->waited += spins;
        }
    vote:
        r = ht_turn(t, k);
        if (ht_passes(t, r)) {
            found = t->cand = k++;
            if (split && !past) T->end[me].res = r, ht_store(&T->end[me].trig, tag | found);
            break;
        }
        /* (every 8 pixels: the other thread, when ahead, reads the line in a
         * loop, and each store would take it back from that core) */
        if (split && (k & 7) == 7) __atomic_store_n(&T->pos[me].v, tag | (k + 1), __ATOMIC_RELAXED);
    }
out:
    *next = t->resume = k;
    if (split && !past) T->end[me].wait = t->waited, ht_store(&T->end[me].stop, tag | k);
    return found;
}

/* A thread whose half passed first at pixel k - 1 (its trigger), while it
 * waits for the other (the partner for the lead's post, the lead for the
 * partner to reach k - 1 and stop): it goes on voting past k - 1 as the
 * partner does past the lead's passing pixel in ht_epoch (votes kept by
 * ht_take_back unless the segment takes their pixels, or unless the other
 * half passed earlier after all: then they are all taken back), up to
 * HT_LEAD pixels, until the other is there or a pixel passes (t->spec,
 * looked at again by ht_take_back).  Returns the pixel after the last
 * done.  Each waited there before: the partner 10 ms of 150 a run on the
 * bench's 1920x1080 image (the lead's walk and post after each of the 2
 * epochs in 3 that the partner ends), the lead 2-8 ms (the partner up to
 * HT_LEAD pixels behind when the lead's half passes). */
static vx_size ht_spec(ht_thread *t, vx_size k, const vx_uint64 *w, vx_uint64 mask, vx_uint64 v, int eq)
{
    const vx_size end = k + HT_LEAD < t->total ? k + HT_LEAD : t->total;
    for (; k < end && ((ht_load(w) & mask) == v) == eq; k++)
        if (ht_passes(t, ht_turn(t, k))) {
            t->spec = k;
            return k + 1;
        }
    return k;
}

static void ht_init(ht_thread *t, ovxc_hough_p *h, vx_uint32 role, vx_size total, int magic)
{
    t->h = h;
    t->T = (ht_team *)h->team;
    t->role = role;
    t->magic = magic;
    t->points = role ? h->points2 : h->points;
    t->nd = total;
    t->drawn = 0;
    t->total = total;
    t->rng = t->rng_pf = h->seed;
    {
        vx_uint32 i;
        for (i = 0; i < HT_LOOK; i++) (void)mwc_next(&t->rng_pf);
    }
    t->rr = role ? h->rbuf2 : h->rbuf;
    t->rev = NULL;
    t->resume = 0;
    t->cand = HT_NONE;
    t->spec = HT_NONE;
    t->waited = 0;
    t->a0 = 0;
    t->a1 = h->num_angle;
}

vx_size ovxc_hough_team_begin(ovxc_hough_p *h)
{
    ht_team *T = (ht_team *)h->team;
    int magic;
    vx_uint32 r;
    vx_size np = hough_setup(h, &magic);
    memcpy(h->points2, h->points, np * sizeof(*h->points));
    for (r = 0; r < 2; r++) {
        T->end[r].trig = HT_NONE;
        T->end[r].stop = HT_NONE;
        T->end[r].res = 0;
        T->pos[r].v = 0;
    }
    T->ready.v = 0;
    T->left.v = 0;
    T->seq = 0;
    T->pw.v = HT_NONE;
    h->count = 0;
    h->total_points = np;
    h->magic = magic;
    return np;
}

/* The partner's angles from the next epoch on (the lead's, at the post
 * after every HT_BAL epochs).  The split set by the caller is a guess: the
 * two vCPUs of a VM do not run at the same speed (a plain add loop on both
 * at once here: 3.05 and 2.16, 3.08 and 3.40, 3.24 and 2.56 G adds/s, one
 * thread alone 3.34-3.58), nor does each keep its speed from one run to
 * the next, and the one whose half is done first waits for the other
 * (timed on 1920x1080 Canny edges of noise, 180 angles, split 91: in one
 * run the lead waited 69 Mcycles of 479, the partner 13; in another the
 * lead 21 of 469, the partner 40).  Each thread counts the spins of its
 * waits for the other; one that waited over 5/3 as much as the other in
 * the window (and the two together at least HT_BAL_MIN) takes one more
 * angle, within [num_angle / 4, num_angle - num_angle / 4].  Moving
 * angles costs the votes past kstar (both threads take them back and start
 * again at kstar + 1: the moved angles' cells must hold the votes of the
 * same pixels as their new thread's other angles). */
static vx_uint32 ht_balance(const ovxc_hough_p *h, vx_uint32 at, vx_uint64 seq, vx_uint64 w0, vx_uint64 w1)
{
    const vx_uint32 na = h->num_angle, lo = na / 4 > 1 ? na / 4 : 1, hi = na - lo;
    if (h->move_every) /* tests: anywhere in (0, num_angle) */
        return 1 + (vx_uint32)((seq * 2654435761u) % (na - 1));
    if (w0 + w1 < HT_BAL_MIN) return at;
    if (w0 > w1 + (w0 + w1) / 4 && at < hi) return at + 1;
    if (w1 > w0 + (w0 + w1) / 4 && at > lo) return at - 1;
    return at;
}

/* The lead's post: epoch `seq` starts at k0 (kstar: the passing pixel the
 * epoch before, nlist pixels in list (seq & 1) to take back), the partner's
 * angles from `at` on. */
static void ht_post(ht_team *T, vx_uint64 seq, vx_size k0, vx_size kstar, vx_size nlist, int split, int done,
                    vx_uint32 at)
{
    T->k0 = k0, T->kstar = kstar, T->nlist = nlist, T->split = (vx_uint64)split, T->done = (vx_uint64)done;
    T->at = at;
    ht_store(&T->seq, seq);
}

/* The lead (role 0).  When its waits for the partner are often slow (its
 * core taken by other work: a spin-wait then costs more than the half it
 * saves), it lets the partner go after its take-back and goes on alone. */
static void ht_lead(ovxc_hough_p *h)
{
    ht_team *T = (ht_team *)h->team;
    ht_thread t;
    vx_size k = 0, lroom = ovxc_hough_list_room(h);
    vx_uint64 seq = 0;
    int split = 0, retired = 0, theirs_won;
    vx_uint64 theirs = 0; /* the partner's result at kstar */
    unsigned slow = 0;
    vx_uint32 at = h->split, nat = at; /* the partner's angles from at */
    vx_uint64 w0_mark = 0, w1_mark = 0; /* both threads' waits at the last ht_balance */
    ht_init(&t, h, 0, h->total_points, h->magic);
    for (;;) {
        vx_size next, kstar, nlist = 0;
        vx_uint32 *list = h->list + (vx_size)((seq + 1) & 1) * lroom;
        vx_uint32 best;
        vx_int32 px, py;
        if (!split && !retired && ht_load(&T->ready.v)) { /* the partner is there: its half from here */
            split = 1;
            t.a1 = at;
            if (t.total) t.rev = h->points2 + t.total - 1; /* its whole order: no more draws */
            ht_post(T, ++seq, k, k ? k - 1 : 0, 0, 1, 0, at);
            list = h->list + (vx_size)((seq + 1) & 1) * lroom;
        }
        kstar = ht_epoch(&t, seq, k, split, !split && !retired, &next, &slow);
        if (split) {
            vx_uint64 tr;
            unsigned spins = 0;
            if (kstar != HT_NONE && kstar == t.cand) /* (until the partner stopped) */
                next = t.resume = ht_spec(&t, next, &T->end[1].stop, ~(vx_uint64)0 << 32, seq << 32, 0);
            while ((ht_load(&T->end[1].stop) >> 32) != seq) ht_wait(&spins);
            if (spins >= HT_SLOW) slow++;
            t.waited += spins;
            tr = ht_load(&T->end[1].trig);
            if ((tr >> 32) == seq && (tr & (0xffffffffull)) < kstar) kstar = (vx_size)(tr & (0xffffffffull));
            theirs = tr == ((seq << 32) | kstar) ? T->end[1].res : T->res[1][kstar % HT_RING];
        }
        if (kstar == HT_NONE && next < t.total) { /* (alone) the partner is there: its half from next */
            k = next;
            continue;
        }
        if (kstar == HT_NONE) break;
        theirs_won = 0;
        {
            vx_uint64 mine = T->res[0][kstar % HT_RING];
            vx_int32 top = (vx_int32)(vx_uint32)mine - 1;
            best = (vx_uint32)(mine >> 32) & 0x7fffffffu;
            if (split) {
                vx_int32 top1 = (vx_int32)(vx_uint32)theirs - 1;
                if (top1 > top) best = (vx_uint32)(theirs >> 32) & 0x7fffffffu, theirs_won = 1;
            }
        }
        px = (vx_int32)(ht_done(&t, kstar) % h->width);
        py = (vx_int32)(ht_done(&t, kstar) / h->width);
        if (theirs_won && ht_load(&T->end[1].trig) == ((seq << 32) | kstar) && t.cand == HT_NONE) {
            /* the partner walks it (ht_prewalk): the lead votes on
             * meanwhile (it walked itself before, while the partner's
             * walk went to waste 3 times in 4: not done yet when the lead
             * came), then waits for the walk, but not for a partner whose
             * core was taken from it (it walks itself then, as before) */
            unsigned spins = 0;
            next = t.resume = ht_spec(&t, next, &T->pw.v, ~(vx_uint64)0, (seq << 32) | kstar, 0);
            while (ht_load(&T->pw.v) != ((seq << 32) | kstar) && spins < HT_SLOW) ht_wait(&spins);
            if (spins >= HT_SLOW) slow++;
            t.waited += spins;
        }
        if (theirs_won && ht_load(&T->pw.v) == ((seq << 32) | kstar)) /* the partner walked it (ht_prewalk) */
            hough_take(h, T->pw_ex, T->pw_ey, h->rec2, (vx_size)T->pw_nrec, h->magic, list, &nlist, h->out,
                       h->max_out, &h->count);
        else
            hough_segment(h, px, py, best, h->magic, list, &nlist, h->out, h->max_out, &h->count);
        if (split) {
            /* slow waits in at least 1 epoch in 64, 16 of them at least,
             * counted from the 64th post (the partner's first epochs bring its
             * half of the accumulator over from the lead's cache; a host's
             * hiccup of a few milliseconds is not a reason to go on alone; a
             * partner whose core other work keeps taking is) */
            int leave;
            if (seq == 64) slow = 0;
            leave = (seq > 64 && slow >= 16 && (vx_uint64)slow * 64 >= seq - 64) || seq + 1 == h->leave_at;
            if (!leave && (h->move_every ? seq % h->move_every == 0 : (seq & (HT_BAL - 1)) == 0)) {
                const vx_uint64 w1 = T->end[1].wait; /* (written before the stop read above) */
                nat = ht_balance(h, at, seq, t.waited - w0_mark, w1 - w1_mark);
                w0_mark = t.waited, w1_mark = w1;
            }
            const int moved = nat != at;
            if (moved) {
                /* angles move: each thread's take-back, on its old angles,
                 * done before the other votes on its new ones (the lead's
                 * before its post, the partner's before it says it is done) */
                ht_take_back(&t, kstar, next, list, nlist, 0);
                t.a1 = at = nat;
                ht_post(T, ++seq, kstar + 1, kstar, nlist, 1, 0, at);
            } else {
                ht_post(T, ++seq, kstar + 1, kstar, nlist, !leave, 0, at);
                /* (a thread's votes past kstar are kept unless it is to take all the angles) */
                ht_take_back(&t, kstar, next, list, nlist, !leave);
            }
            if (moved || leave) { /* the partner's take-back done (then, when it leaves, its half back) */
                unsigned spins = 0;
                while (ht_load(&T->left.v) != seq) ht_wait(&spins);
            }
            if (leave) {
                split = 0, retired = 1;
                t.a1 = h->num_angle;
            }
        } else {
            ht_take_back(&t, kstar, next, list, nlist, 0);
        }
        k = kstar + 1;
    }
    ht_post(T, ++seq, k, 0, 0, split, 1, at);
}

/* The partner, whose half passed first at pixel k of epoch seq, waits
 * there until the lead has voted k (the segment's angle is the higher of
 * the halves' highest cells), then for the lead's walk and post.  It walks
 * meanwhile (hough_walks, into h->rec2 and the team's pw fields), on its own
 * angle: when its half's cell is the higher, the lead takes these walks
 * instead of walking (their mask is the lead's: the lead clears it only in
 * hough_take, after this epoch's pixel; a walk that ends late, after the
 * lead walked itself and cleared, read it by relaxed loads and is not
 * used: its tag is this epoch's, and the lead looks for it only before its
 * post).  The lead walked every segment, on the critical path, while the
 * partner, which passes first in two epochs of three on the bench's image,
 * spun. */
static void ht_prewalk(ht_thread *t, vx_uint64 seq, vx_size k)
{
    ovxc_hough_p *h = t->h;
    ht_team *T = t->T;
    vx_uint32 p = ht_done(t, k), best = (vx_uint32)(T->res[1][k % HT_RING] >> 32) & 0x7fffffffu;
    vx_size nrec;
    hough_walks(h, (vx_int32)(p % h->width), (vx_int32)(p / h->width), best, h->rec2, T->pw_ex, T->pw_ey, &nrec);
    T->pw_nrec = nrec;
    ht_store(&T->pw.v, (seq << 32) | k);
}

static void ht_partner(ovxc_hough_p *h)
{
    ht_team *T = (ht_team *)h->team;
    ht_thread t;
    vx_uint64 seq = 0;
    vx_size lroom = ovxc_hough_list_room(h), next = 0;
    int first = 1, moved = 0;
    unsigned slow = 0;
    vx_size found;
    ht_init(&t, h, 1, h->total_points, h->magic);
    t.a0 = h->split;
    if (t.total) ht_order(&t); /* while the lead goes on alone */
    ht_store(&T->ready.v, 1);
    for (;;) {
        unsigned spins = 0;
        vx_size k0;
        while (ht_load(&T->seq) == seq) ht_wait(&spins);
        t.waited += spins;
        seq = ht_load(&T->seq);
        if (T->done) return;
        k0 = (vx_size)T->k0;
        if (first) {
            first = 0;
        } else {
            moved = T->split && T->at != t.a0;
            ht_take_back(&t, (vx_size)T->kstar, next, h->list + (vx_size)(seq & 1) * lroom, (vx_size)T->nlist,
                         T->split && !moved);
        }
        if (!T->split) { /* let go: the lead goes on alone */
            ht_store(&T->left.v, seq);
            return;
        }
        t.a0 = (vx_uint32)T->at;
        if (moved) ht_store(&T->left.v, seq); /* (the lead waits for it before voting on angles it took) */
        found = ht_epoch(&t, seq, k0, 1, 0, &next, &slow);
        /* its half passed first at found (its trigger of this epoch, not
         * one past the lead's): walk it while the lead catches up */
        if (found != HT_NONE && ht_load(&T->end[1].trig) == ((seq << 32) | found) && ht_load(&T->seq) == seq) {
            ht_prewalk(&t, seq, found);
            next = t.resume = ht_spec(&t, next, &T->seq, ~(vx_uint64)0, seq, 1); /* (until the post) */
        }
    }
}

void ovxc_hough_team_run(ovxc_hough_p *h, vx_uint32 role)
{
    if (role == 0)
        ht_lead(h);
    else
        ht_partner(h);
}
