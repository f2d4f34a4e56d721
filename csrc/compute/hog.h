/*
 * Compute routines of family hog (spec "HOG": HOGCells, HOGFeatures;
 * "HoughLinesP").
 *
 * Raw planes and plain arrays, caller-provided scratch; no vx_ objects, no
 * allocation, no threads.
 *
 * Numerics of HOG (the spec leaves rounding and the gradient border to the
 * implementation; these choices are the ones the Khronos conformance tests
 * compare against, see csrc/kernels/hog.c):
 *   - gradients Gh = I(x+1,y) - I(x-1,y), Gv = I(x,y+1) - I(x,y-1) with the
 *     image's edge pixels replicated;
 *   - G = sqrtf(Gh^2 + Gv^2) (float), orientation
 *     theta = atan2f(Gv, Gh) in degrees, in [0, 360) (float), bin
 *     floor(theta * (num_bins / 360));
 *   - each pixel adds G / (cell_width * cell_height) to its cell's magnitude
 *     and to its cell's bin, the sum being truncated to an integer after each
 *     pixel (pixels of a cell taken in row-major order).
 */
#ifndef OVXC_COMPUTE_HOG_H
#define OVXC_COMPUTE_HOG_H

#include <VX/vx_types.h>

/* ---- HOGCells --------------------------------------------------------------- */
/* The histogram bin of gradient (gh, gv) among num_bins (see above). */
vx_uint32 ovxc_hog_bin(vx_int32 gh, vx_int32 gv, vx_uint32 num_bins);

/* Cells (0 .. cells_x-1, cy) of a width x height U8 plane: mag[cx] (the
 * average magnitude) and bins[cx * num_bins + b] (the votes of bin b). */
void ovxc_hog_cell_row(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_uint32 height, vx_uint32 cell_w,
                      vx_uint32 cell_h, vx_uint32 num_bins, vx_uint32 cy, vx_uint32 cells_x, vx_int32 *mag,
                      vx_int32 *bins);

/* The bin of every gradient a U8 plane can have ((gh, gv) in [-255, 255]^2):
 * tab[(gh + 255) * OVXC_HOG_GSPAN + gv + 255] = ovxc_hog_bin(gh, gv,
 * num_bins), num_bins <= 256; rows [gh0, gh1) of gh + 255 (the table in
 * bands). */
#define OVXC_HOG_GSPAN 511
void ovxc_hog_bin_table_rows(vx_uint32 num_bins, vx_uint8 *tab, vx_uint32 gh0, vx_uint32 gh1);
/* ovxc_hog_cell_row with the bins from that table: the same values, without
 * an arctangent per pixel. */
void ovxc_hog_cell_row_tab(const vx_uint8 *src, vx_int32 stride, vx_uint32 width, vx_uint32 height, vx_uint32 cell_w,
                           vx_uint32 cell_h, vx_uint32 num_bins, vx_uint32 cy, vx_uint32 cells_x, vx_int32 *mag,
                           vx_int32 *bins, const vx_uint8 *tab);

/* ---- HOGFeatures ---------------------------------------------------------------- */
/* Normalise one block: v[0..n) the block's cell histograms (cells in
 * row-major order, bins fastest), norm the block's L2 norm.  out[i] =
 * trunc(min(v[i] / norm, threshold) * scale); then, when threshold > 0
 * (L2-Hys), the clipped vector is renormalised by its own L2 norm (computed
 * from the stored values): out[i] = trunc(out[i] / |out|) (in units of
 * 1/scale).  Results are saturated to int16. */
void ovxc_hog_block_normalize(const vx_int32 *v, vx_uint32 n, vx_float32 norm, vx_float32 threshold,
                             vx_float32 scale, vx_int16 *out);

/* sqrtf(sum of squares + 1e-14): the block norm from n values. */
vx_float32 ovxc_hog_l2(const vx_int32 *v, vx_uint32 n);

/* ---- HoughLinesP ---------------------------------------------------------------- */
typedef struct {
    vx_int32 x0, y0, x1, y1;
} ovxc_hough_segment;

/* Pixels of the random order drawn ahead of the voting (their mask bytes
 * prefetched meanwhile). */
#define OVXC_HOUGH_AHEAD 2

/* Scratch and geometry of a progressive probabilistic Hough transform. */
typedef struct {
    vx_uint8 *mask;       /* width x height, 1 = edge pixel still in the image */
    vx_uint32 width, height;
    vx_uint32 rx0, ry0, rx1, ry1; /* the rectangle pixels are taken from */
    vx_int32 *acc;        /* room for num_angle * num_rho int32 cells, zeroed by the routine */
    int acc16;            /* set by the routine: 1 when it kept the cells in 16 bits (acc read as
                           * vx_int16[num_angle * num_rho]: no cell could pass 32767), else 0 */
    vx_float32 *tab;      /* 2 * num_angle: cos/rho of every angle, then sin/rho of every angle */
    vx_int32 *rbuf;       /* (1 + OVXC_HOUGH_AHEAD) * num_angle: scratch of the votes, then the
                           * rho indices of the pixels drawn ahead */
    vx_uint32 num_angle, num_rho;
    vx_uint32 *points;    /* room for every pixel of the rectangle */
    vx_uint32 *rec;       /* ovxc_hough_list_room() entries: the edge pixels a segment's walks passed */
    vx_int32 threshold, line_length, line_gap;
    vx_uint64 seed;       /* state of the generator of the pixels' random order */
    /* two threads (ovxc_hough_team_run), set by the caller: */
    vx_uint32 split;      /* the second thread's angles: [split, num_angle) (0 < split < num_angle) */
    vx_uint32 *points2;   /* room for every pixel of the rectangle (the second thread's list) */
    vx_int32 *rbuf2;      /* num_angle: the second thread's scratch */
    vx_uint32 *list;      /* 2 * ovxc_hough_list_room(): the pixels of a kept segment */
    vx_uint32 *rec2;      /* ovxc_hough_list_room() entries: the second thread's walks */
    void *team;           /* ovxc_hough_team_bytes(), 64-byte aligned: the threads' shared state */
    ovxc_hough_segment *out;
    vx_size max_out;
    vx_uint32 move_every; /* tests: the partner's angles move every move_every epochs, anywhere (0: when
                           * the threads' waits say so, every 32 epochs at most) */
    vx_uint64 leave_at;   /* tests: the first thread goes on alone after its post leave_at (0: only when
                           * its waits for the second are slow, the second's core taken by other work) */
    /* set by ovxc_hough_team_begin and the run: */
    vx_size count;        /* segments found */
    vx_size total_points;
    int magic;
} ovxc_hough_p;

/* Run the transform; segments found (at most max_out of them) go to out;
 * returns how many were found in all. tab must be filled by the caller. */
vx_size ovxc_hough_lines_p(ovxc_hough_p *h, ovxc_hough_segment *out, vx_size max_out);

/* The same on two threads at once, with the same result: ovxc_hough_team_begin
 * (one thread), then ovxc_hough_team_run(h, 0) and ovxc_hough_team_run(h, 1)
 * on two threads (role 1 may start late, or after role 0 has returned: role
 * 0 then does the work alone); the segments in h->out, h->count found. */
vx_size ovxc_hough_team_bytes(void);
vx_size ovxc_hough_list_room(const ovxc_hough_p *h);
vx_size ovxc_hough_team_begin(ovxc_hough_p *h);
void ovxc_hough_team_run(ovxc_hough_p *h, vx_uint32 role);

#endif
