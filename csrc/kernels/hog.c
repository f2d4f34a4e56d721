/*
 * Kernel family hog (spec "HOG": HOGCells, HOGFeatures; "HoughLinesP").
 *
 * Whole-node kernels: their outputs are tensors and arrays.
 *
 * HOG numerics (the spec gives the formulas, not the rounding): see
 * csrc/compute/hog.h.  Two choices follow what the Khronos conformance tests
 * read, where the spec says nothing:
 *   - the gradient border is implementation-defined (REQ-0197): edge pixels
 *     are replicated, the node's border mode is not used;
 *   - magnitudes and bins hold plain integers (their tensors' fixed-point
 *     position is not used); a pixel's vote in its bin, like its share of the
 *     cell's average magnitude, is G / (cell_width * cell_height);
 *   - layout: the bins tensor of dims [cells_x, cells_y, num_bins] and the
 *     features tensor of dims [windows_x, windows_y, n] are filled as flat
 *     arrays, the bin (feature) index fastest: the value of cell (cx, cy) bin b
 *     is flat element (cy * cells_x + cx) * num_bins + b, where flat element
 *     i of a tensor is the one at coordinates (i % d0, i / d0 % d1, ...).
 *     Features of window (wx, wy): flat elements (wy * windows_x + wx) * n +
 *     j, j running over the window's blocks (row-major), their cells
 *     (row-major) and the bins;
 *   - HOGFeatures divides a block's cell histograms by the L2 norm of the
 *     block's cell magnitudes (the magnitudes tensor; without it, by the L2
 *     norm of the block's histograms), clips at the threshold and renormalises
 *     (L2-Hys, REQ-0207); features are in the fixed-point format of the
 *     features tensor (Q7.8 for position 8).  A threshold of 0 skips the
 *     clipping and renormalisation.
 * The HOG parameters (vx_hog_t) and the Hough parameters (vx_hough_lines_p_t)
 * are kernel parameters as vx_arrays of one VX_TYPE_HOG_PARAMS /
 * VX_TYPE_HOUGH_LINES_PARAMS item; vxHOGFeaturesNode and vxHoughLinesPNode
 * make that array from the struct given.
 *
 * HoughLinesP: the progressive probabilistic Hough transform of the spec's
 * outline (REQ-0236), over the edge pixels (non-zero U8 / set U1) of the
 * input's valid rectangle.  Pixels are drawn in a pseudo-random order from
 * a fixed seed (a multiply-with-carry generator), so the result is
 * deterministic.  Angles theta_min + k * theta, k < round((theta_max -
 * theta_min) / theta); distances quantised by rho over +-(width + height).
 * A segment is the longest run of edge pixels along the peak's line through
 * the drawn pixel with gaps of at most line_gap pixels; its pixels leave the
 * image; it is kept when max(|dx|, |dy|) between its ends is at least
 * line_length, and then the votes of all its pixels are taken back (the
 * conformance data are reproduced exactly with these choices).  Lines have
 * start_x <= end_x; num_lines counts every line found, the array receives
 * as many as its capacity holds.
 */
#include "kernels.h"

#include "../compute/hog.h"
#include "../framework/graph.h"
#include "../objects/tensor.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- validator helpers ------------------------------------------------------------ */

static vx_status need_u8_image(vx_node node, vx_reference ref, vx_uint32 index, vx_uint32 *w, vx_uint32 *h)
{
    vx_df_image f = ovx_image_format_of(ref);
    ovx_image_size_of(ref, w, h);
    if (f != VX_DF_IMAGE_U8) {
        char buf[5];
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_FORMAT, "the input must be U8, got %s",
                              ovx_fmt_name(f, buf));
    }
    if (*w == 0 || *h == 0) return ovx_kernel_log(node, index, VX_ERROR_INVALID_DIMENSION, "empty input image");
    return VX_SUCCESS;
}

static vx_status int32_scalar(vx_node node, vx_reference ref, vx_uint32 index, vx_int32 *value)
{
    return ovx_scalar_param(node, ref, index, VX_TYPE_INT32, value);
}

/* The single struct item of a parameter array (item type `type`). */
static vx_status struct_item(vx_node node, vx_reference ref, vx_uint32 index, vx_enum type, void *value,
                             vx_size size)
{
    vx_enum item = VX_TYPE_INVALID;
    vx_size n = 0;
    if (vxQueryArray((vx_array)ref, VX_ARRAY_ITEMTYPE, &item, sizeof(item)) != VX_SUCCESS ||
        vxQueryArray((vx_array)ref, VX_ARRAY_NUMITEMS, &n, sizeof(n)) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "cannot query the parameter array");
    if (item != type)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_TYPE, "the parameter array must hold %s, holds %s",
                              ovx_type_name(type), ovx_type_name(item));
    if (n < 1) return ovx_kernel_log(node, index, VX_ERROR_INVALID_VALUE, "the parameter array is empty");
    if (vxCopyArrayRange((vx_array)ref, 0, 1, size, value, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "cannot read the parameter array");
    return VX_SUCCESS;
}

/* A tensor's dims, type, fixed-point position (num_dims 0 when unknown). */
typedef struct {
    vx_size nd, dims[OVX_MAX_TENSOR_DIMS];
    vx_enum type;
    vx_int8 fpp;
} tensor_info;

static void tensor_query(vx_reference ref, tensor_info *t)
{
    memset(t, 0, sizeof(*t));
    if (vxQueryTensor((vx_tensor)ref, VX_TENSOR_NUMBER_OF_DIMS, &t->nd, sizeof(t->nd)) != VX_SUCCESS ||
        t->nd > OVX_MAX_TENSOR_DIMS) {
        t->nd = 0;
        return;
    }
    if (t->nd) (void)vxQueryTensor((vx_tensor)ref, VX_TENSOR_DIMS, t->dims, t->nd * sizeof(vx_size));
    (void)vxQueryTensor((vx_tensor)ref, VX_TENSOR_DATA_TYPE, &t->type, sizeof(t->type));
    (void)vxQueryTensor((vx_tensor)ref, VX_TENSOR_FIXED_POINT_POSITION, &t->fpp, sizeof(t->fpp));
}

/* An INT16 input tensor of exactly nd dims `dims`. */
static vx_status need_tensor(vx_node node, vx_reference ref, vx_uint32 index, vx_size nd, const vx_size *dims,
                             const char *what)
{
    tensor_info t;
    vx_size i;
    tensor_query(ref, &t);
    if (t.type != VX_TYPE_INT16)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_TYPE, "%s must be a VX_TYPE_INT16 tensor", what);
    if (t.nd != nd)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_DIMENSION, "%s must have %zu dimensions, has %zu", what,
                              (size_t)nd, (size_t)t.nd);
    for (i = 0; i < nd; i++)
        if (t.dims[i] != dims[i])
            return ovx_kernel_log(node, index, VX_ERROR_INVALID_DIMENSION,
                                  "%s: dimension %zu is %zu, expected %zu", what, (size_t)i, (size_t)t.dims[i],
                                  (size_t)dims[i]);
    return VX_SUCCESS;
}

/* Describe an INT16 output tensor (its own fixed-point position, `fpp` when
 * it has none yet). */
static vx_status tensor_meta(vx_node node, vx_reference ref, vx_meta_format meta, vx_uint32 index, vx_size nd,
                             const vx_size *dims, vx_int8 fpp)
{
    vx_enum type = VX_TYPE_INT16;
    tensor_info t;
    tensor_query(ref, &t);
    if (t.type != 0 && t.type != VX_TYPE_INT16)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_TYPE, "the output must be a VX_TYPE_INT16 tensor, is %s",
                              ovx_type_name(t.type));
    if (t.nd != 0 && t.nd != nd)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_DIMENSION, "the output must have %zu dimensions, has %zu",
                              (size_t)nd, (size_t)t.nd);
    if (t.type != 0 || t.fpp != 0) fpp = t.fpp; /* the tensor's own, else the default */
    if (vxSetMetaFormatAttribute(meta, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(meta, VX_TENSOR_DIMS, dims, nd * sizeof(vx_size)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(meta, VX_TENSOR_DATA_TYPE, &type, sizeof(type)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(meta, VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof(fpp)) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_FAILURE, "cannot set the tensor's meta format");
    return VX_SUCCESS;
}

/* Address of flat element i of an INT16 tensor (see the file comment). */
static vx_int16 *flat16(vx_tensor t, vx_size i)
{
    vx_uint8 *p = ovx_tensor_data(t);
    vx_size d;
    for (d = 0; d < t->num_dims; d++) {
        p += (i % t->dims[d]) * t->strides[d];
        i /= t->dims[d];
    }
    return (vx_int16 *)p;
}

static vx_bool contiguous16(vx_tensor t)
{
    vx_size d, s = sizeof(vx_int16);
    for (d = 0; d < t->num_dims; d++) {
        if (t->strides[d] != s) return vx_false_e;
        s *= t->dims[d];
    }
    return vx_true_e;
}

static void put16(vx_tensor t, vx_bool contiguous, vx_size i, vx_int32 v)
{
    vx_int16 *p = contiguous ? (vx_int16 *)ovx_tensor_data(t) + i : flat16(t, i);
    *p = (vx_int16)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
}

static vx_int32 get16(vx_tensor t, vx_bool contiguous, vx_size i)
{
    return contiguous ? ((const vx_int16 *)ovx_tensor_data(t))[i] : *flat16(t, i);
}

/* ---- HOGCells ----------------------------------------------------------------------- */

static vx_status VX_CALLBACK hog_cells_validate(vx_node node, const vx_reference params[], vx_uint32 num,
                                                vx_meta_format metas[])
{
    vx_uint32 w = 0, h = 0;
    vx_int32 cw = 0, ch = 0, nb = 0;
    vx_size dims[3];
    vx_status s;
    (void)num;
    if ((s = need_u8_image(node, params[0], 0, &w, &h)) != VX_SUCCESS) return s;
    if ((s = int32_scalar(node, params[1], 1, &cw)) != VX_SUCCESS) return s;
    if ((s = int32_scalar(node, params[2], 2, &ch)) != VX_SUCCESS) return s;
    if ((s = int32_scalar(node, params[3], 3, &nb)) != VX_SUCCESS) return s;
    if (cw <= 0) return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "cell width %d must be positive", cw);
    if (ch <= 0) return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "cell height %d must be positive", ch);
    if (nb <= 0) return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE, "number of bins %d must be positive", nb);
    if ((vx_uint32)cw > w || (vx_uint32)ch > h)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_DIMENSION, "a %dx%d cell does not fit the %ux%u image", cw,
                              ch, w, h);
    dims[0] = w / (vx_uint32)cw;
    dims[1] = h / (vx_uint32)ch;
    dims[2] = (vx_size)nb;
    if (params[4] && (s = tensor_meta(node, params[4], metas[4], 4, 2, dims, 0)) != VX_SUCCESS) return s;
    return tensor_meta(node, params[5], metas[5], 5, 3, dims, 0);
}

/* The node's scratch: a head, the bin table of every gradient for the
 * head's number of bins (made on the first run with that number, in bands
 * on the pool, and kept), then the magnitudes and histograms of every cell
 * (each cell row written by the band that computes it). */
typedef struct {
    vx_uint32 magic, num_bins;
} hog_tab_head;

#define HOG_TAB_MAGIC 0x484F4754u /* "HOGT" */
#define HOG_TAB_OFF 64

typedef struct {
    vx_uint8 *tab;
    vx_uint32 num_bins;
} hog_tab_job;

static void hog_tab_rows(void *arg, vx_uint32 r0, vx_uint32 r1)
{
    const hog_tab_job *j = arg;
    ovxc_hog_bin_table_rows(j->num_bins, j->tab, r0, r1);
}

typedef struct {
    ovx_plane src;
    vx_uint32 cw, ch, nb, cells_x;
    vx_int32 *cells; /* (cells_x + cells_x nb) per cell row */
    const vx_uint8 *tab;
    vx_tensor mag, bins;
    vx_bool mc, bc;
} hog_cells_job;

/* Cell rows [cy0, cy1): the cells, then their outputs. */
static void hog_cells_rows(void *arg, vx_uint32 cy0, vx_uint32 cy1)
{
    const hog_cells_job *j = arg;
    const vx_size per = (vx_size)j->cells_x * (1 + j->nb);
    for (vx_uint32 cy = cy0; cy < cy1; cy++) {
        vx_int32 *m = j->cells + per * cy, *hist = m + j->cells_x;
        if (j->tab)
            ovxc_hog_cell_row_tab(j->src.ptr, j->src.stride, j->src.width, j->src.height, j->cw, j->ch, j->nb, cy,
                                  j->cells_x, m, hist, j->tab);
        else
            ovxc_hog_cell_row(j->src.ptr, j->src.stride, j->src.width, j->src.height, j->cw, j->ch, j->nb, cy,
                              j->cells_x, m, hist);
        for (vx_uint32 cx = 0; cx < j->cells_x; cx++) {
            vx_size cell = (vx_size)cy * j->cells_x + cx;
            if (j->mag) put16(j->mag, j->mc, cell, m[cx]);
            for (vx_uint32 b = 0; b < j->nb; b++)
                put16(j->bins, j->bc, cell * j->nb + b, hist[(vx_size)cx * j->nb + b]);
        }
    }
}

static vx_status VX_CALLBACK hog_cells_function(vx_node node, const vx_reference *params, vx_uint32 num)
{
    vx_image in = (vx_image)params[0];
    vx_tensor mag = (vx_tensor)params[4], bins = (vx_tensor)params[5];
    vx_int32 cw = 0, ch = 0, nb = 0;
    hog_cells_job j;
    vx_uint32 cells_y;
    vx_size cell_bytes, tab_bytes;
    vx_uint8 *mem;
    hog_tab_head *hd;
    (void)num;
    if (ovx_scalar_get((vx_scalar)params[1], VX_TYPE_INT32, &cw) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[2], VX_TYPE_INT32, &ch) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[3], VX_TYPE_INT32, &nb) != VX_SUCCESS || cw <= 0 || ch <= 0 || nb <= 0)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "bad cell size or number of bins");
    if (!ovx_tensor_data(bins) || (mag && !ovx_tensor_data(mag)))
        return ovx_kernel_log(node, 5, VX_ERROR_NO_MEMORY, "an output tensor has no memory");
    j.src = ovx_image_plane(in, 0);
    j.cw = (vx_uint32)cw, j.ch = (vx_uint32)ch, j.nb = (vx_uint32)nb;
    j.cells_x = j.src.width / j.cw;
    cells_y = j.src.height / j.ch;
    /* the table (up to 256 bins) and every cell row's results in the node's
     * scratch (kept between runs: no allocation per run) */
    tab_bytes = nb <= 256 ? ((vx_size)OVXC_HOG_GSPAN * OVXC_HOG_GSPAN + 63) & ~(vx_size)63 : 0;
    cell_bytes = ((vx_size)j.cells_x * (1 + (vx_size)nb) * (cells_y ? cells_y : 1)) * sizeof(vx_int32);
    {
        const void *before = node->local_data_ours ? node->local_data_ptr : NULL;
        mem = ovx_node_scratch(node, HOG_TAB_OFF + tab_bytes + cell_bytes);
        if (!mem) return ovx_kernel_log(node, 5, VX_ERROR_NO_MEMORY, "no memory for %u x %u cells", j.cells_x, cells_y);
        hd = (hog_tab_head *)(void *)mem;
        if (mem != before) hd->magic = 0; /* new memory: no table yet */
    }
    j.cells = (vx_int32 *)(void *)(mem + HOG_TAB_OFF + tab_bytes);
    j.tab = NULL;
    if (tab_bytes) {
        if (hd->magic != HOG_TAB_MAGIC || hd->num_bins != (vx_uint32)nb) {
            hog_tab_job t = {mem + HOG_TAB_OFF, (vx_uint32)nb};
            hd->magic = 0;
            ovx_node_parallel_rows(node, 0, OVXC_HOG_GSPAN, (vx_uint64)OVXC_HOG_GSPAN * OVXC_HOG_GSPAN * 64, hog_tab_rows,
                                   &t);
            hd->num_bins = (vx_uint32)nb;
            hd->magic = HOG_TAB_MAGIC;
        }
        j.tab = mem + HOG_TAB_OFF;
    }
    j.mag = mag, j.bins = bins;
    j.mc = mag ? contiguous16(mag) : vx_false_e;
    j.bc = contiguous16(bins);
    ovx_node_parallel_rows(node, 0, cells_y, (vx_uint64)j.src.width * j.ch * cells_y * 16, hog_cells_rows, &j);
    return VX_SUCCESS;
}

/* ---- HOGFeatures --------------------------------------------------------------------- */

/* Geometry of HOGFeatures from the image size and the parameters. */
typedef struct {
    vx_uint32 cells_x, cells_y;        /* cells of the image */
    vx_uint32 win_x, win_y;            /* windows */
    vx_uint32 blk_x, blk_y;            /* blocks per window */
    vx_uint32 cpb_x, cpb_y;            /* cells per block */
    vx_uint32 per_window;              /* features per window */
} hog_geometry;

static vx_status hog_check(vx_node node, vx_uint32 w, vx_uint32 h, const vx_hog_t *p, hog_geometry *g)
{
#define HOG_REFUSE(...) return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE, __VA_ARGS__)
    if (p->cell_width <= 0 || p->cell_height <= 0) HOG_REFUSE("cell size %dx%d", p->cell_width, p->cell_height);
    if (p->num_bins <= 0) HOG_REFUSE("number of bins %d", p->num_bins);
    if (p->block_width <= 0 || p->block_height <= 0 || p->block_width % p->cell_width ||
        p->block_height % p->cell_height)
        HOG_REFUSE("block %dx%d: a positive whole number of %dx%d cells", p->block_width, p->block_height,
                   p->cell_width, p->cell_height);
    if (p->window_width <= 0 || p->window_height <= 0 || p->window_width % p->cell_width ||
        p->window_height % p->cell_height)
        HOG_REFUSE("window %dx%d: a positive whole number of %dx%d cells (REQ-0196)", p->window_width,
                   p->window_height, p->cell_width, p->cell_height);
    if (p->block_width > p->window_width || p->block_height > p->window_height)
        HOG_REFUSE("block %dx%d larger than the window %dx%d", p->block_width, p->block_height, p->window_width,
                   p->window_height);
    if (p->block_stride <= 0 || p->block_stride % p->cell_width || p->block_stride % p->cell_height)
        HOG_REFUSE("block stride %d: a positive multiple of the cell size", p->block_stride);
    if (p->window_stride <= 0 || p->window_stride % p->cell_width || p->window_stride % p->cell_height)
        HOG_REFUSE("window stride %d: a positive multiple of the cell size", p->window_stride);
    if (!(p->threshold >= 0)) HOG_REFUSE("threshold %g must be >= 0", (double)p->threshold);
    if ((vx_uint32)p->window_width > w || (vx_uint32)p->window_height > h)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_DIMENSION, "the %dx%d window does not fit the %ux%u image",
                              p->window_width, p->window_height, w, h);
#undef HOG_REFUSE
    g->cells_x = w / (vx_uint32)p->cell_width;
    g->cells_y = h / (vx_uint32)p->cell_height;
    g->win_x = (w - (vx_uint32)p->window_width) / (vx_uint32)p->window_stride + 1;
    g->win_y = (h - (vx_uint32)p->window_height) / (vx_uint32)p->window_stride + 1;
    g->blk_x = (vx_uint32)((p->window_width - p->block_width) / p->block_stride + 1);
    g->blk_y = (vx_uint32)((p->window_height - p->block_height) / p->block_stride + 1);
    g->cpb_x = (vx_uint32)(p->block_width / p->cell_width);
    g->cpb_y = (vx_uint32)(p->block_height / p->cell_height);
    g->per_window = g->blk_x * g->blk_y * g->cpb_x * g->cpb_y * (vx_uint32)p->num_bins;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK hog_features_validate(vx_node node, const vx_reference params[], vx_uint32 num,
                                                   vx_meta_format metas[])
{
    vx_uint32 w = 0, h = 0;
    vx_hog_t p;
    hog_geometry g;
    vx_size cdims[3], fdims[3];
    vx_status s;
    (void)num;
    if ((s = need_u8_image(node, params[0], 0, &w, &h)) != VX_SUCCESS) return s;
    if ((s = struct_item(node, params[3], 3, VX_TYPE_HOG_PARAMS, &p, sizeof(p))) != VX_SUCCESS) return s;
    if ((s = hog_check(node, w, h, &p, &g)) != VX_SUCCESS) return s;
    cdims[0] = g.cells_x;
    cdims[1] = g.cells_y;
    cdims[2] = (vx_size)p.num_bins;
    if (params[1] && (s = need_tensor(node, params[1], 1, 2, cdims, "magnitudes")) != VX_SUCCESS) return s;
    if ((s = need_tensor(node, params[2], 2, 3, cdims, "bins")) != VX_SUCCESS) return s;
    fdims[0] = g.win_x;
    fdims[1] = g.win_y;
    fdims[2] = g.per_window;
    return tensor_meta(node, params[4], metas[4], 4, 3, fdims, 8);
}

/* A block's normalised values depend only on its first cell (c0x, c0y), so
 * every block position any window has is normalised once, in rows of
 * positions on the pool, into a grid in the node's scratch; then the
 * windows, in rows on the pool, copy their blocks from the grid in the
 * spec's order.  The same values as normalising each window's blocks in
 * turn. */
typedef struct {
    vx_tensor mag, bins, feat;
    vx_bool mc, bc, fc;
    const vx_hog_t *p;
    const hog_geometry *g;
    vx_uint32 nb, per_block, gx, gy; /* gx x gy block positions in the grid */
    vx_float32 scale;
    vx_int16 *grid;                  /* per_block values per position, row-major */
    vx_int32 *tmp;                   /* per grid row: per_block + cells a block values */
} hog_feat_job;

static void hog_grid_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    const hog_feat_job *j = arg;
    const hog_geometry *g = j->g;
    const vx_uint32 ncell = g->cpb_x * g->cpb_y;
    for (vx_uint32 c0y = y0; c0y < y1; c0y++) {
        vx_int32 *v = j->tmp + (vx_size)c0y * (j->per_block + ncell), *mv = v + j->per_block;
        for (vx_uint32 c0x = 0; c0x < j->gx; c0x++) {
            vx_uint32 i = 0, n = 0;
            vx_float32 norm;
            for (vx_uint32 cy = c0y; cy < c0y + g->cpb_y; cy++)
                for (vx_uint32 cx = c0x; cx < c0x + g->cpb_x; cx++, n++) {
                    /* cells past the image's last whole cell: zeros (REQ-0208) */
                    int in_image = cx < g->cells_x && cy < g->cells_y;
                    vx_size cell = (vx_size)cy * g->cells_x + cx;
                    mv[n] = in_image && j->mag ? get16(j->mag, j->mc, cell) : 0;
                    for (vx_uint32 k = 0; k < j->nb; k++, i++) v[i] = in_image ? get16(j->bins, j->bc, cell * j->nb + k) : 0;
                }
            norm = j->mag ? ovxc_hog_l2(mv, ncell) : ovxc_hog_l2(v, j->per_block);
            ovxc_hog_block_normalize(v, j->per_block, norm, j->p->threshold, j->scale,
                                     j->grid + ((vx_size)c0y * j->gx + c0x) * j->per_block);
        }
    }
}

static void hog_window_rows(void *arg, vx_uint32 wy0, vx_uint32 wy1)
{
    const hog_feat_job *j = arg;
    const hog_geometry *g = j->g;
    const vx_hog_t *p = j->p;
    for (vx_uint32 wy = wy0; wy < wy1; wy++)
        for (vx_uint32 wx = 0; wx < g->win_x; wx++) {
            vx_size base = ((vx_size)wy * g->win_x + wx) * g->blk_y * g->blk_x * j->per_block;
            for (vx_uint32 by = 0; by < g->blk_y; by++)
                for (vx_uint32 bx = 0; bx < g->blk_x; bx++, base += j->per_block) {
                    vx_uint32 c0x = (wx * (vx_uint32)p->window_stride + bx * (vx_uint32)p->block_stride) /
                                    (vx_uint32)p->cell_width;
                    vx_uint32 c0y = (wy * (vx_uint32)p->window_stride + by * (vx_uint32)p->block_stride) /
                                    (vx_uint32)p->cell_height;
                    const vx_int16 *src = j->grid + ((vx_size)c0y * j->gx + c0x) * j->per_block;
                    if (j->fc) {
                        memcpy((vx_int16 *)ovx_tensor_data(j->feat) + base, src, (vx_size)j->per_block * sizeof(*src));
                    } else {
                        for (vx_uint32 i = 0; i < j->per_block; i++) put16(j->feat, j->fc, base + i, src[i]);
                    }
                }
        }
}

static vx_status VX_CALLBACK hog_features_function(vx_node node, const vx_reference *params, vx_uint32 num)
{
    vx_image in = (vx_image)params[0];
    vx_tensor mag = (vx_tensor)params[1], bins = (vx_tensor)params[2], feat = (vx_tensor)params[4];
    vx_array arr = (vx_array)params[3];
    vx_hog_t p;
    hog_geometry g;
    hog_feat_job j;
    vx_uint32 w = 0, h = 0;
    vx_size grid_bytes, tmp_bytes;
    vx_uint8 *mem;
    (void)num;
    ovx_image_size_of((vx_reference)in, &w, &h);
    if (arr->num_items < 1 || !arr->data) return ovx_kernel_log(node, 3, VX_ERROR_INVALID_PARAMETERS, "no parameters");
    memcpy(&p, ovx_array_item(arr, 0), sizeof(p));
    if (hog_check(node, w, h, &p, &g) != VX_SUCCESS) return VX_ERROR_INVALID_PARAMETERS;
    if (!ovx_tensor_data(bins) || !ovx_tensor_data(feat) || (mag && !ovx_tensor_data(mag)))
        return ovx_kernel_log(node, 4, VX_ERROR_NO_MEMORY, "a tensor has no memory");
    j.mag = mag, j.bins = bins, j.feat = feat, j.p = &p, j.g = &g;
    j.nb = (vx_uint32)p.num_bins;
    j.per_block = g.cpb_x * g.cpb_y * j.nb;
    /* the block positions the windows reach: the last window's last block */
    j.gx = ((g.win_x - 1) * (vx_uint32)p.window_stride + (g.blk_x - 1) * (vx_uint32)p.block_stride) /
               (vx_uint32)p.cell_width + 1;
    j.gy = ((g.win_y - 1) * (vx_uint32)p.window_stride + (g.blk_y - 1) * (vx_uint32)p.block_stride) /
               (vx_uint32)p.cell_height + 1;
    grid_bytes = (((vx_size)j.gx * j.gy * j.per_block * sizeof(vx_int16)) + 63) & ~(vx_size)63;
    tmp_bytes = (vx_size)j.gy * (j.per_block + g.cpb_x * g.cpb_y) * sizeof(vx_int32);
    mem = ovx_node_scratch(node, grid_bytes + tmp_bytes);
    if (!mem) return ovx_kernel_log(node, 4, VX_ERROR_NO_MEMORY, "no memory for %u x %u blocks", j.gx, j.gy);
    j.grid = (vx_int16 *)(void *)mem;
    j.tmp = (vx_int32 *)(void *)(mem + grid_bytes);
    j.scale = ldexpf(1.0f, feat->fixed_point_position);
    j.mc = mag ? contiguous16(mag) : vx_false_e;
    j.bc = contiguous16(bins);
    j.fc = contiguous16(feat);
    ovx_node_parallel_rows(node, 0, j.gy, (vx_uint64)j.gx * j.gy * j.per_block * 8, hog_grid_rows, &j);
    ovx_node_parallel_rows(node, 0, g.win_y, (vx_uint64)g.win_x * g.win_y * g.blk_x * g.blk_y * j.per_block,
                           hog_window_rows, &j);
    return VX_SUCCESS;
}

/* ---- HoughLinesP ----------------------------------------------------------------------- */

static vx_status hough_check(vx_node node, const vx_hough_lines_p_t *p, vx_uint32 w, vx_uint32 h,
                             vx_uint32 *num_angle, vx_uint32 *num_rho)
{
    vx_float64 na, nr;
    if (!(p->rho > 0)) return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "rho %g must be > 0", (double)p->rho);
    if (!(p->theta > 0))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "theta %g must be > 0", (double)p->theta);
    if (!(p->theta_max > p->theta_min))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "theta_max %g must exceed theta_min %g",
                              (double)p->theta_max, (double)p->theta_min);
    if (p->threshold <= 0)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "threshold %d must be > 0", p->threshold);
    if (p->line_length < 0 || p->line_gap < 0)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "line_length %d and line_gap %d must be >= 0",
                              p->line_length, p->line_gap);
    na = floor(((vx_float64)p->theta_max - p->theta_min) / p->theta + 0.5);
    nr = floor(((vx_float64)(w + h) * 2 + 1) / p->rho + 0.5);
    if (na < 1) na = 1;
    if (nr < 1) nr = 1;
    if (na * nr > (vx_float64)(1u << 28))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "rho %g / theta %g: accumulator too large",
                              (double)p->rho, (double)p->theta);
    *num_angle = (vx_uint32)na;
    *num_rho = (vx_uint32)nr;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK hough_validate(vx_node node, const vx_reference params[], vx_uint32 num,
                                            vx_meta_format metas[])
{
    vx_df_image f = ovx_image_format_of(params[0]);
    vx_uint32 w = 0, h = 0, na, nr;
    vx_hough_lines_p_t p;
    vx_enum item = VX_TYPE_INVALID, line = VX_TYPE_LINE_2D, size_type = VX_TYPE_SIZE;
    vx_size cap = 0;
    vx_status s;
    (void)num;
    ovx_image_size_of(params[0], &w, &h);
    if (f != VX_DF_IMAGE_U8 && f != VX_DF_IMAGE_U1) {
        char buf[5];
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "the input must be U8 or U1, got %s",
                              ovx_fmt_name(f, buf));
    }
    if ((s = struct_item(node, params[1], 1, VX_TYPE_HOUGH_LINES_PARAMS, &p, sizeof(p))) != VX_SUCCESS) return s;
    if ((s = hough_check(node, &p, w, h, &na, &nr)) != VX_SUCCESS) return s;
    (void)vxQueryArray((vx_array)params[2], VX_ARRAY_ITEMTYPE, &item, sizeof(item));
    (void)vxQueryArray((vx_array)params[2], VX_ARRAY_CAPACITY, &cap, sizeof(cap));
    if (item != VX_TYPE_LINE_2D && item != VX_TYPE_INVALID && item != 0)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_TYPE, "the lines array must hold VX_TYPE_LINE_2D, holds %s",
                              ovx_type_name(item));
    if (cap == 0) cap = (vx_size)w * h / (vx_size)(p.line_length > 0 ? p.line_length : 1) + 1;
    if (vxSetMetaFormatAttribute(metas[2], VX_ARRAY_ITEMTYPE, &line, sizeof(line)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(metas[2], VX_ARRAY_CAPACITY, &cap, sizeof(cap)) != VX_SUCCESS)
        return ovx_kernel_log(node, 2, VX_FAILURE, "cannot set the array's meta format");
    if (params[3] && vxSetMetaFormatAttribute(metas[3], VX_SCALAR_TYPE, &size_type, sizeof(size_type)) != VX_SUCCESS)
        return ovx_kernel_log(node, 3, VX_FAILURE, "cannot set the scalar's meta format");
    return VX_SUCCESS;
}

/* Role index of the two-thread transform (the second may start late, or on
 * the first's thread after it: compute/hog.h). */
static void hough_team_task(void *arg, vx_uint32 index)
{
    ovxc_hough_team_run((ovxc_hough_p *)arg, index);
}

static vx_status VX_CALLBACK hough_function(vx_node node, const vx_reference *params, vx_uint32 num)
{
    vx_image in = (vx_image)params[0];
    vx_array lines = (vx_array)params[2], parr = (vx_array)params[1];
    vx_hough_lines_p_t p;
    ovx_plane src = ovx_image_plane(in, 0);
    vx_df_image f = ovx_image_format_of((vx_reference)in);
    vx_rectangle_t r = {0, 0, src.width, src.height};
    ovxc_hough_p hp;
    ovxc_hough_segment *seg = NULL;
    vx_size room, found, i, area;
    vx_uint32 x, y, n;
    int team;
    (void)num;
    if (parr->num_items < 1 || !parr->data)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "no parameters");
    memcpy(&p, ovx_array_item(parr, 0), sizeof(p));
    memset(&hp, 0, sizeof(hp));
    if (hough_check(node, &p, src.width, src.height, &hp.num_angle, &hp.num_rho) != VX_SUCCESS)
        return VX_ERROR_INVALID_PARAMETERS;
    if (vxGetValidRegionImage(in, &r) != VX_SUCCESS || r.end_x > src.width || r.end_y > src.height ||
        r.start_x > r.end_x || r.start_y > r.end_y) {
        r.start_x = r.start_y = 0;
        r.end_x = src.width;
        r.end_y = src.height;
    }
    ovx_array_clear(lines);
    room = lines->capacity > lines->num_items ? lines->capacity - lines->num_items : 0;
    area = (vx_size)(r.end_x - r.start_x) * (r.end_y - r.start_y);
    hp.width = src.width;
    hp.height = src.height;
    hp.rx0 = r.start_x, hp.ry0 = r.start_y, hp.rx1 = r.end_x, hp.ry1 = r.end_y;
    hp.threshold = p.threshold;
    hp.line_length = p.line_length;
    hp.line_gap = p.line_gap;
    hp.seed = ~(vx_uint64)0;
    /* two threads when the node has them and the image is large enough
     * (compute/hog.h: the angles split between them, the result the same) */
    team = ovx_node_threads(node) >= 2 && hp.num_angle >= 8 && area >= 65536;
    {
        /* every buffer in the node's scratch (kept between runs) */
        vx_size pts_bytes = (((area + 1) * sizeof(*hp.points) + 63) & ~(vx_size)63);
        vx_size o_mask = 0, o_pts = o_mask + (((vx_size)src.width * src.height + 1 + 63) & ~(vx_size)63);
        vx_size o_acc = o_pts + pts_bytes;
        vx_size o_tab = o_acc + ((((vx_size)hp.num_angle * hp.num_rho) * sizeof(*hp.acc) + 63) & ~(vx_size)63);
        vx_size o_r = o_tab + (((vx_size)hp.num_angle * 2 * sizeof(*hp.tab) + 63) & ~(vx_size)63);
        vx_size o_seg = o_r + (((vx_size)hp.num_angle * (1 + OVXC_HOUGH_AHEAD) * sizeof(*hp.rbuf) + 63) & ~(vx_size)63);
        vx_size o_rec = o_seg + (((room + 1) * sizeof(*seg) + 63) & ~(vx_size)63);
        /* the team's: the second list, scratch, the segment lists, the shared state */
        vx_size o_pts2 = o_rec + ((ovxc_hough_list_room(&hp) * sizeof(*hp.rec) + 63) & ~(vx_size)63);
        vx_size o_r2 = o_pts2 + (team ? pts_bytes : 0);
        vx_size o_list = o_r2 + (team ? (((vx_size)hp.num_angle * sizeof(*hp.rbuf2) + 63) & ~(vx_size)63) : 0);
        vx_size o_rec2 = o_list + (team ? ((2 * ovxc_hough_list_room(&hp) * sizeof(*hp.list) + 63) & ~(vx_size)63) : 0);
        vx_size o_team = o_rec2 + (team ? ((ovxc_hough_list_room(&hp) * sizeof(*hp.rec2) + 63) & ~(vx_size)63) : 0);
        vx_size total = o_team + (team ? ovxc_hough_team_bytes() + 64 : 0); /* + 64: aligned below */
        vx_uint8 *mem = ovx_node_scratch(node, total);
        if (!mem) return ovx_kernel_log(node, 0, VX_ERROR_NO_MEMORY, "no memory for the Hough accumulator");
        hp.mask = mem + o_mask;
        hp.points = (vx_uint32 *)(void *)(mem + o_pts);
        hp.acc = (vx_int32 *)(void *)(mem + o_acc);
        hp.tab = (vx_float32 *)(void *)(mem + o_tab);
        hp.rbuf = (vx_int32 *)(void *)(mem + o_r);
        seg = (ovxc_hough_segment *)(void *)(mem + o_seg);
        hp.rec = (vx_uint32 *)(void *)(mem + o_rec);
        if (team) {
            hp.points2 = (vx_uint32 *)(void *)(mem + o_pts2);
            hp.rbuf2 = (vx_int32 *)(void *)(mem + o_r2);
            hp.list = (vx_uint32 *)(void *)(mem + o_list);
            hp.rec2 = (vx_uint32 *)(void *)(mem + o_rec2);
            hp.team = mem + o_team + ((64u - (vx_uint32)((uintptr_t)(mem + o_team) & 63u)) & 63u); /* own lines */
            hp.out = seg;
            hp.max_out = room;
            /* the lead (hough_team_task's role 0) starts with 51% of the
             * angles, not half, though it alone walks the segments (or takes
             * the partner's walks): on 1920x1080 Canny edges of noise, 180
             * angles, two threads, a Zen 4, the time the threads wait for
             * each other (compute/hog.c's spin-waits, timed) balanced
             * between 90 and 93.  The threads then move it as their waits
             * say (ht_balance: the two vCPUs' speeds differ and change). */
            hp.split = hp.num_angle * 51 / 100;
        }
        memset(hp.mask, 0, (vx_size)src.width * src.height + 1);
    }
    for (n = 0; n < hp.num_angle; n++) {
        vx_float64 a = (vx_float64)p.theta_min + (vx_float64)n * p.theta;
        hp.tab[n] = (vx_float32)(cos(a) / p.rho);
        hp.tab[hp.num_angle + n] = (vx_float32)(sin(a) / p.rho);
    }
    for (y = r.start_y; y < r.end_y; y++) {
        const vx_uint8 *row = src.ptr + (vx_size)y * (vx_size)src.stride;
        vx_uint8 *m = hp.mask + (vx_size)y * src.width;
        for (x = r.start_x; x < r.end_x; x++)
            m[x] = f == VX_DF_IMAGE_U1 ? (vx_uint8)((row[x / 8] >> (x % 8)) & 1) : (vx_uint8)(row[x] != 0);
    }
    if (team) {
        (void)ovxc_hough_team_begin(&hp);
        ovx_parallel_for(2, hough_team_task, &hp);
        found = hp.count;
    } else {
        found = ovxc_hough_lines_p(&hp, seg, room);
    }
    for (i = 0; i < found && i < room; i++) {
        vx_line2d_t l;
        l.start_x = (vx_float32)seg[i].x0;
        l.start_y = (vx_float32)seg[i].y0;
        l.end_x = (vx_float32)seg[i].x1;
        l.end_y = (vx_float32)seg[i].y1;
        (void)ovx_array_push(lines, &l, 1);
    }
    if (params[3]) (void)ovx_scalar_set((vx_scalar)params[3], VX_TYPE_SIZE, &found);
    return VX_SUCCESS;
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_HOG
#include "kernel_descs.h"
