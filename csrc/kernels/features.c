/*
 * Kernels: feature detectors (spec "Canny Edge Detector", "Harris Corners",
 * "Fast Corners").  Whole-node kernels: Canny's hysteresis is a global
 * propagation, the corner detectors produce arrays.  They work on the input's
 * valid rectangle only (the spec guarantees pixels outside it do not take part
 * for Canny and FAST).  Only VX_BORDER_UNDEFINED is supported (the chapters
 * name no other mode): pixels whose neighbourhood leaves the image are never
 * edges / corners.
 */
#include "kernels.h"

#include "guided.h"
#include "../compute/detect.h"
#include "../runtime/dispatch.h"
#include "../framework/graph.h"
#include "../objects/threshold.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- validator helpers (public API) --------------------------------------- */

static vx_status need_undefined_border(vx_node node)
{
    vx_border_t b;
    if (vxQueryNode(node, VX_NODE_BORDER, &b, sizeof(b)) == VX_SUCCESS && b.mode != VX_BORDER_UNDEFINED)
        return ovx_kernel_log(node, 0, VX_ERROR_NOT_SUPPORTED, "only VX_BORDER_UNDEFINED is supported");
    return VX_SUCCESS;
}

static vx_status need_u8_image(vx_node node, vx_reference ref, vx_uint32 index, vx_uint32 *w, vx_uint32 *h)
{
    vx_df_image f = 0;
    if (vxQueryImage((vx_image)ref, VX_IMAGE_FORMAT, &f, sizeof(f)) != VX_SUCCESS ||
        vxQueryImage((vx_image)ref, VX_IMAGE_WIDTH, w, sizeof(*w)) != VX_SUCCESS ||
        vxQueryImage((vx_image)ref, VX_IMAGE_HEIGHT, h, sizeof(*h)) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "cannot query the input image");
    if (f != VX_DF_IMAGE_U8) return ovx_kernel_log(node, index, VX_ERROR_INVALID_FORMAT, "the input must be U8");
    return VX_SUCCESS;
}

/* The value of a scalar parameter of the given type. */
static vx_status scalar_value(vx_node node, vx_reference ref, vx_uint32 index, vx_enum type, void *value)
{
    return ovx_scalar_param(node, ref, index, type, value);
}

static vx_bool odd_3_5_7(vx_int32 v)
{
    return (v == 3 || v == 5 || v == 7) ? vx_true_e : vx_false_e;
}

/* Meta of a keypoint array output: item type KEYPOINT; capacity that of the
 * array, or (virtual array without one) one item per input pixel. */
static vx_status keypoint_array_meta(vx_node node, vx_reference ref, vx_meta_format meta, vx_uint32 index,
                                     vx_size default_capacity)
{
    vx_enum type = VX_TYPE_KEYPOINT, item = VX_TYPE_INVALID;
    vx_size cap = 0;
    (void)vxQueryArray((vx_array)ref, VX_ARRAY_ITEMTYPE, &item, sizeof(item));
    (void)vxQueryArray((vx_array)ref, VX_ARRAY_CAPACITY, &cap, sizeof(cap));
    if (item != VX_TYPE_KEYPOINT && item != VX_TYPE_INVALID && item != 0)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_TYPE, "the corners array must hold VX_TYPE_KEYPOINT");
    if (cap == 0) cap = default_capacity ? default_capacity : 1;
    if (vxSetMetaFormatAttribute(meta, VX_ARRAY_ITEMTYPE, &type, sizeof(type)) != VX_SUCCESS ||
        vxSetMetaFormatAttribute(meta, VX_ARRAY_CAPACITY, &cap, sizeof(cap)) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_FAILURE, "cannot set the array's meta format");
    return VX_SUCCESS;
}

static vx_status size_scalar_meta(vx_node node, vx_meta_format meta, vx_uint32 index)
{
    vx_enum type = VX_TYPE_SIZE;
    if (vxSetMetaFormatAttribute(meta, VX_SCALAR_TYPE, &type, sizeof(type)) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_FAILURE, "cannot set the scalar's meta format");
    return VX_SUCCESS;
}

/* ---- compute helpers -------------------------------------------------------- */

/* The input's valid rectangle as a plane of its own. */
static ovx_plane valid_plane(vx_image image)
{
    ovx_plane p = ovx_image_plane(image, 0);
    vx_rectangle_t r;
    if (vxGetValidRegionImage(image, &r) == VX_SUCCESS && r.end_x <= p.width && r.end_y <= p.height &&
        r.start_x <= r.end_x && r.start_y <= r.end_y) {
        p.ptr += (vx_size)r.start_y * (vx_size)p.stride + r.start_x;
        p.width = r.end_x - r.start_x;
        p.height = r.end_y - r.start_y;
    }
    return p;
}

static vx_uint32 valid_start(vx_image image, int y)
{
    vx_rectangle_t r;
    if (vxGetValidRegionImage(image, &r) != VX_SUCCESS) return 0;
    return y ? r.start_y : r.start_x;
}

static void count_out(vx_reference ref, vx_size count)
{
    if (ref) (void)ovx_scalar_set((vx_scalar)ref, VX_TYPE_SIZE, &count);
}

/* The node's kit of row routines (its select hook chose it at verify). */
static const ovxc_feat_kit *feat_kit(vx_node node)
{
    const struct ovx_variant *v = ovx_node_variant(node);
    return v ? ((ovxc_feat_kit_f)v->fn)() : ovxc_feat_kit_scalar();
}

static vx_size align64(vx_size n)
{
    return (n + 63) & ~(vx_size)63;
}

/* ---- Canny edge detector ------------------------------------------------------ */

static vx_status VX_CALLBACK canny_validate(vx_node node, const vx_reference params[], vx_uint32 num,
                                            vx_meta_format metas[])
{
    vx_uint32 w = 0, h = 0;
    vx_int32 gs = 0;
    vx_enum norm = 0, ttype = 0;
    vx_df_image tfmt = 0, ofmt = 0;
    vx_status s;
    (void)num;
    if ((s = need_u8_image(node, params[0], 0, &w, &h)) != VX_SUCCESS) return s;
    if (vxQueryThreshold((vx_threshold)params[1], VX_THRESHOLD_TYPE, &ttype, sizeof(ttype)) != VX_SUCCESS ||
        vxQueryThreshold((vx_threshold)params[1], VX_THRESHOLD_INPUT_FORMAT, &tfmt, sizeof(tfmt)) != VX_SUCCESS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "cannot query the threshold");
    if (ttype != VX_THRESHOLD_TYPE_RANGE)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_TYPE, "hysteresis needs a VX_THRESHOLD_TYPE_RANGE threshold");
    if (tfmt != VX_DF_IMAGE_U8 && tfmt != VX_DF_IMAGE_S16)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "the threshold's input format must be U8 or S16");
    {
        /* hysteresis thresholds compare gradient magnitudes, which are >= 0 */
        const struct _vx_threshold *th = (const struct _vx_threshold *)params[1];
        vx_int64 lo = ovx_pixel_value_get(&th->lower, th->input_format),
                 hi = ovx_pixel_value_get(&th->upper, th->input_format);
        if (lo < 0 || hi < 0)
            return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE,
                                  "hysteresis thresholds %lld and %lld: a gradient magnitude is never negative",
                                  (long long)lo, (long long)hi);
    }
    if ((s = scalar_value(node, params[2], 2, VX_TYPE_INT32, &gs)) != VX_SUCCESS) return s;
    if (!odd_3_5_7(gs)) return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "gradient size %d: 3, 5 or 7", gs);
    if ((s = scalar_value(node, params[3], 3, VX_TYPE_ENUM, &norm)) != VX_SUCCESS) return s;
    if (norm != VX_NORM_L1 && norm != VX_NORM_L2)
        return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE, "norm type must be VX_NORM_L1 or VX_NORM_L2");
    if ((s = need_undefined_border(node)) != VX_SUCCESS) return s;
    (void)vxQueryImage((vx_image)params[4], VX_IMAGE_FORMAT, &ofmt, sizeof(ofmt));
    if (ofmt == VX_DF_IMAGE_VIRT || ofmt == 0) ofmt = VX_DF_IMAGE_U8;
    if (ofmt != VX_DF_IMAGE_U8 && ofmt != VX_DF_IMAGE_U1)
        return ovx_kernel_log(node, 5, VX_ERROR_INVALID_FORMAT, "the output must be U8 or U1");
    (void)vxSetMetaFormatAttribute(metas[4], VX_IMAGE_FORMAT, &ofmt, sizeof(ofmt));
    (void)vxSetMetaFormatAttribute(metas[4], VX_IMAGE_WIDTH, &w, sizeof(w));
    (void)vxSetMetaFormatAttribute(metas[4], VX_IMAGE_HEIGHT, &h, sizeof(h));
    return VX_SUCCESS;
}

/* Canny's row passes on the node's threads: gradients and their magnitude,
 * then non-maximum suppression (reads the rows around); hysteresis follows
 * on one thread. */
typedef struct {
    const vx_uint8 *src;
    vx_int32 stride;
    vx_uint32 w;
    vx_int32 gs, r;
    int l2;
    vx_uint64 lo, hi;
    vx_int32 *gx, *gy;
    vx_uint64 *mag;
    vx_uint8 *map;
} canny_job;

static void canny_grad_task(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    canny_job *j = arg;
    vx_size at = (vx_size)y0 * j->w;
    ovxc_sobel_grad_rows(j->src, j->stride, j->w, j->gs, y0, y1, j->gx, j->gy, j->w);
    ovxc_canny_magnitude(j->gx + at, j->gy + at, (vx_size)(y1 - y0) * j->w, j->l2, j->mag + at);
}

static void canny_nms_task(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    canny_job *j = arg;
    ovxc_canny_nms_rows(j->gx, j->gy, j->mag, j->w, (vx_uint32)j->r + 1, j->w - (vx_uint32)j->r - 1, y0, y1, j->lo,
                       j->hi, j->map, j->w);
}

/* Canny with gradient size 3: row bands on the node's threads, each fused
 * (gradient and magnitude rows in a ring of 3, NMS rows into the map), then
 * hysteresis inside the band and the band's output rows; then one thread
 * carries edges across the band boundaries (a 1 next to a 2 there, flooded
 * over the whole map: the result is the same closure as one flood of the
 * whole map), writing each pixel it turns into an edge to the output too. */
typedef struct {
    const vx_uint8 *src;
    vx_int32 stride;
    vx_uint32 w, h, bands;
    int l2;
    vx_int32 lo, hi;
    const ovxc_feat_kit *kit;
    vx_uint8 *band_mem;
    vx_size band_bytes;
    vx_uint8 *map;   /* w x h, 0 outside the NMS rows and columns */
    vx_uint32 *stack; /* w x h entries: band b's from yb0 * w */
    /* output */
    vx_uint8 *dst;
    vx_int32 dstride;
    vx_uint32 dw, dh, ox, oy;
    int u1;
    vx_uint32 start[OVX_GUIDED_MAX_BANDS + 1]; /* band b: NMS rows [start[b], start[b + 1]) */
    /* band b's first and last rows: which runs of 32 columns (from column 0)
     * still hold a 1 after its hysteresis, nchunk bytes each, at
     * ones + 2 b nchunk (the pass across the band edges reads only those:
     * reading the whole rows, last written on another core, costs more) */
    vx_uint8 *ones;
    vx_uint32 nchunk;
} canny3_job;

static void canny3_band_rows(const canny3_job *j, vx_uint32 band, vx_uint32 *y0, vx_uint32 *y1)
{
    *y0 = j->start[band];
    *y1 = j->start[band + 1];
}

/* Columns [x0, xe) of run c of a map row (columns 2 .. w - 3 hold NMS). */
static void canny3_chunk(vx_uint32 w, vx_uint32 c, vx_uint32 *x0, vx_uint32 *xe)
{
    *x0 = c * 32 > 2 ? c * 32 : 2;
    *xe = c * 32 + 32 < w - 2 ? c * 32 + 32 : w - 2;
}

/* f[c]: whether run c of a map row holds a 1. */
static void canny3_ones(const vx_uint8 *m, vx_uint32 w, vx_uint32 nchunk, vx_uint8 *f)
{
    vx_uint32 c, x, x0, xe;
    for (c = 0; c < nchunk; c++) {
        unsigned any = 0;
        canny3_chunk(w, c, &x0, &xe);
        for (x = x0; x < xe; x++) any |= m[x] == 1;
        f[c] = (vx_uint8)any;
    }
}

/* Flood from the stack: every 1 8-connected to a pushed pixel becomes 2,
 * within map indices [lo, hi). */
static void canny_flood(vx_uint8 *map, vx_uint32 w, vx_uint32 *stack, vx_size top, vx_size lo, vx_size hi)
{
    const vx_int64 off[8] = {-(vx_int64)w - 1, -(vx_int64)w, -(vx_int64)w + 1, -1, 1, (vx_int64)w - 1, (vx_int64)w,
                             (vx_int64)w + 1};
    while (top > 0) {
        vx_size p = stack[--top];
        int d;
        for (d = 0; d < 8; d++) {
            vx_size q = (vx_size)((vx_int64)p + off[d]);
            if (q >= lo && q < hi && map[q] == 1) {
                map[q] = 2;
                stack[top++] = (vx_uint32)q;
            }
        }
    }
}

static void canny3_out_rows(void *arg, vx_uint32 y0, vx_uint32 y1);

static void canny3_band(void *arg, vx_uint32 band)
{
    canny3_job *j = arg;
    vx_uint32 w = j->w, yb0, yb1, y, x, g, i;
    vx_uint8 *mem = j->band_mem + band * j->band_bytes;
    vx_int16 *gxr = (vx_int16 *)mem, *gyr = gxr + 3 * (vx_size)w;
    vx_int32 *mr = (vx_int32 *)(mem + align64((vx_size)6 * w * sizeof(vx_int16)));
    vx_uint32 *stack = j->stack;
    vx_size top = 0, lo, hi;
    canny3_band_rows(j, band, &yb0, &yb1);
    if (yb1 <= yb0) return;
    /* gradient rows yb0 - 1 .. yb0 first, then one per NMS row */
    for (g = yb0 - 1; g <= yb0; g++)
        j->kit->canny_grad3_row(j->src + (vx_size)g * (vx_size)j->stride, j->stride, w, j->l2, gxr + (g % 3) * w,
                                gyr + (g % 3) * w, mr + (g % 3) * w);
    for (y = yb0; y < yb1; y++) {
        vx_uint8 *mrow = j->map + (vx_size)y * w;
        g = y + 1;
        j->kit->canny_grad3_row(j->src + (vx_size)g * (vx_size)j->stride, j->stride, w, j->l2, gxr + (g % 3) * w,
                                gyr + (g % 3) * w, mr + (g % 3) * w);
        mrow[0] = mrow[1] = mrow[w - 2] = mrow[w - 1] = 0;
        j->kit->canny_nms_row(gxr + (y % 3) * w, gyr + (y % 3) * w, mr + ((y - 1) % 3) * w, mr + (y % 3) * w,
                              mr + ((y + 1) % 3) * w, 2, w - 2, j->lo, j->hi, mrow);
    }
    /* hysteresis inside the band: each 1 next to a 2 (rows of the band) starts a flood */
    lo = (vx_size)yb0 * w, hi = (vx_size)yb1 * w;
    stack += lo;
    for (y = yb0; y < yb1; y++) {
        vx_uint8 *m = j->map + (vx_size)y * w;
        const vx_uint8 *up = y > yb0 ? m - w : NULL, *dn = y + 1 < yb1 ? m + w : NULL;
        for (x = 2; x < w - 2; x++) {
            const vx_uint8 *one = memchr(m + x, 1, w - 2 - x); /* 1s are rare next to 0s and 2s */
            if (!one) break;
            x = (vx_uint32)(one - m);
            for (i = 0; i < 3; i++)
                if ((up && up[x - 1 + i] == 2) || (dn && dn[x - 1 + i] == 2)) break;
            if (i < 3 || m[x - 1] == 2 || m[x + 1] == 2) {
                m[x] = 2;
                stack[top++] = (vx_uint32)((vx_size)y * w + x);
                canny_flood(j->map, w, stack, top, lo, hi);
                top = 0;
            }
        }
    }
    canny3_ones(j->map + (vx_size)yb0 * w, w, j->nchunk, j->ones + (vx_size)band * 2 * j->nchunk);
    canny3_ones(j->map + (vx_size)(yb1 - 1) * w, w, j->nchunk, j->ones + ((vx_size)band * 2 + 1) * j->nchunk);
    /* the band's output rows (the first band's from row 0, the last's to the
     * end: the rows outside the map's NMS rows) */
    {
        vx_uint32 ys = band == 0 ? 0 : j->oy + yb0, ye = band + 1 == j->bands ? j->dh : j->oy + yb1;
        if (ye > j->dh) ye = j->dh;
        if (ys < ye) canny3_out_rows(j, ys, ye);
    }
}

/* A map pixel turned into an edge after the output was written: its output
 * pixel too. */
static void canny3_out_pixel(const canny3_job *j, vx_size q)
{
    vx_uint32 x = j->ox + (vx_uint32)(q % j->w), y = j->oy + (vx_uint32)(q / j->w);
    vx_uint8 *row = j->dst + (vx_size)y * (vx_size)j->dstride;
    if (x >= j->dw || y >= j->dh) return;
    if (j->u1)
        row[x / 8] |= (vx_uint8)(1u << (x % 8));
    else
        row[x] = 255;
}

/* canny_flood over the whole map after the output was written: every pixel
 * it turns into an edge to the output too. */
static void canny3_flood_out(const canny3_job *j, vx_size top)
{
    vx_uint32 w = j->w;
    vx_size n = (vx_size)w * j->h;
    const vx_int64 off[8] = {-(vx_int64)w - 1, -(vx_int64)w, -(vx_int64)w + 1, -1, 1, (vx_int64)w - 1, (vx_int64)w,
                             (vx_int64)w + 1};
    while (top > 0) {
        vx_size p = j->stack[--top];
        int d;
        for (d = 0; d < 8; d++) {
            vx_size q = (vx_size)((vx_int64)p + off[d]);
            if (q < n && j->map[q] == 1) {
                j->map[q] = 2;
                canny3_out_pixel(j, q);
                j->stack[top++] = (vx_uint32)q;
            }
        }
    }
}

static void canny3_out_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    const canny3_job *j = arg;
    vx_uint32 y, x;
    for (y = y0; y < y1; y++) {
        vx_uint8 *row = j->dst + (vx_size)y * (vx_size)j->dstride;
        int inside = y >= j->oy && y - j->oy < j->h;
        const vx_uint8 *m = inside ? j->map + (vx_size)(y - j->oy) * j->w : NULL;
        if (j->u1) {
            for (x = 0; x < (j->dw + 7) / 8; x++) row[x] = 0;
            if (m)
                for (x = 0; x < j->w && j->ox + x < j->dw; x++)
                    if (m[x] == 2) row[(j->ox + x) / 8] |= (vx_uint8)(1u << ((j->ox + x) % 8));
        } else if (!m) {
            memset(row, 0, j->dw);
        } else {
            vx_uint32 xe = j->ox + j->w < j->dw ? j->ox + j->w : j->dw, cnt = xe > j->ox ? xe - j->ox : 0;
            vx_uint8 *restrict o = row + j->ox;
            const vx_uint8 *restrict mm = m;
            memset(row, 0, j->ox < j->dw ? j->ox : j->dw);
            for (x = 0; x < cnt; x++) o[x] = (vx_uint8)((mm[x] >> 1) * 255u); /* 2 -> 255, 0 and 1 -> 0 */
            if (xe < j->dw) memset(row + xe, 0, j->dw - xe);
        }
    }
}

static vx_status canny3_run(vx_node node, ovx_plane src, ovx_plane dst, vx_uint32 ox, vx_uint32 oy, int u1, int l2,
                            vx_int64 lo, vx_int64 hi)
{
    canny3_job j;
    vx_uint32 w = src.width, h = src.height, threads = ovx_node_threads(node), b, y, x;
    vx_size n = (vx_size)w * h, off_map, off_stack, off_ones, total;
    vx_uint8 *mem;
    memset(&j, 0, sizeof(j));
    j.src = src.ptr, j.stride = src.stride, j.w = w, j.h = h, j.l2 = l2;
    j.lo = lo > 0x7fffffff ? 0x7fffffff : (vx_int32)lo;
    j.hi = hi > 0x7fffffff ? 0x7fffffff : (vx_int32)hi;
    j.kit = feat_kit(node);
    /* bands of shrinking size (ovx_guided_bands: a band's output rows follow its
     * hysteresis, so the last bands decide the end), of 16 rows at least (a
     * band computes 2 gradient rows again) */
    j.bands = ovx_guided_bands(2, h - 2, n >= 65536 ? threads : 1, 16, j.start);
    j.nchunk = (w + 31) / 32;
    j.band_bytes = align64((vx_size)6 * w * sizeof(vx_int16)) + align64((vx_size)3 * w * sizeof(vx_int32));
    off_map = align64(j.bands * j.band_bytes);
    off_stack = off_map + align64(n);
    off_ones = off_stack + align64(n * sizeof(vx_uint32));
    total = off_ones + align64((vx_size)j.bands * 2 * j.nchunk);
    mem = ovx_node_scratch(node, total);
    if (!mem) return ovx_kernel_log(node, 0, VX_ERROR_NO_MEMORY, "no memory for %ux%u Canny maps", w, h);
    j.band_mem = mem, j.map = mem + off_map, j.stack = (vx_uint32 *)(mem + off_stack), j.ones = mem + off_ones;
    memset(j.map, 0, 2 * (vx_size)w);
    memset(j.map + (vx_size)(h - 2) * w, 0, 2 * (vx_size)w);
    j.dst = dst.ptr, j.dstride = dst.stride, j.dw = dst.width, j.dh = dst.height, j.ox = ox, j.oy = oy, j.u1 = u1;
    if (j.bands > 1)
        ovx_parallel_for(j.bands, canny3_band, &j);
    else
        canny3_band(&j, 0);
    /* across the band boundaries: the runs of the edge rows that held a 1
     * after the bands' hysteresis (floods only turn 1s into 2s) */
    for (b = 0; b + 1 < j.bands; b++) {
        vx_uint32 y0, y1;
        canny3_band_rows(&j, b, &y0, &y1);
        for (y = y1 - 1; y <= y1; y++) {
            vx_uint8 *m = j.map + (vx_size)y * w;
            const vx_uint8 *o = y == y1 ? m - w : m + w; /* the other band's row */
            const vx_uint8 *f = j.ones + ((vx_size)2 * b + (y == y1 ? 2 : 1)) * j.nchunk;
            vx_uint32 c, x0, xe;
            for (c = 0; c < j.nchunk; c++) {
                if (!f[c]) continue;
                canny3_chunk(w, c, &x0, &xe);
                for (x = x0; x < xe; x++)
                    if (m[x] == 1 && (o[x - 1] == 2 || o[x] == 2 || o[x + 1] == 2)) {
                        m[x] = 2;
                        canny3_out_pixel(&j, (vx_size)y * w + x);
                        j.stack[0] = (vx_uint32)((vx_size)y * w + x);
                        canny3_flood_out(&j, 1);
                    }
            }
        }
    }
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK canny_function(vx_node node, const vx_reference *params, vx_uint32 num)
{
    vx_image in = (vx_image)params[0], out = (vx_image)params[4];
    vx_threshold th = (vx_threshold)params[1];
    vx_int32 gs = 3, r;
    vx_enum norm = VX_NORM_L1;
    vx_int64 lo, hi;
    vx_df_image ofmt = 0;
    ovx_plane src = valid_plane(in), dst = ovx_image_plane(out, 0);
    vx_uint32 ox = valid_start(in, 0), oy = valid_start(in, 1), w = src.width, h = src.height, x, y;
    vx_size n = (vx_size)w * h;
    vx_int32 *gx = NULL, *gy = NULL;
    vx_uint64 *mag = NULL;
    vx_uint8 *map = NULL;
    vx_uint32 *stack = NULL;
    (void)num;
    if (ovx_scalar_get((vx_scalar)params[2], VX_TYPE_INT32, &gs) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[3], VX_TYPE_ENUM, &norm) != VX_SUCCESS || !odd_3_5_7(gs))
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_PARAMETERS, "bad gradient size or norm");
    (void)vxQueryImage(out, VX_IMAGE_FORMAT, &ofmt, sizeof(ofmt));
    r = gs / 2;
    lo = ovx_pixel_value_get(&th->lower, th->input_format);
    hi = ovx_pixel_value_get(&th->upper, th->input_format);
    if (lo < 0) lo = 0;
    if (hi < 0) hi = 0;
    if (norm == VX_NORM_L2) {
        lo *= lo;
        hi *= hi;
    }
    if (gs == 3 && w >= 5 && h >= 5)
        return canny3_run(node, src, dst, ox, oy, ofmt == VX_DF_IMAGE_U1, norm == VX_NORM_L2, lo, hi);
    if (n > 0) {
        /* the node's scratch (kept between runs: no page faults every run),
         * zeroed as the whole-image passes expect */
        vx_size o_gy = align64(n * sizeof(*gx)), o_mag = o_gy + align64(n * sizeof(*gy));
        vx_size o_map = o_mag + align64(n * sizeof(*mag)), o_stack = o_map + align64(n);
        vx_uint8 *mem = ovx_node_scratch(node, o_stack + n * sizeof(*stack));
        if (!mem) return ovx_kernel_log(node, 0, VX_ERROR_NO_MEMORY, "no memory for %ux%u gradients", w, h);
        memset(mem, 0, o_stack);
        gx = (vx_int32 *)(void *)mem, gy = (vx_int32 *)(void *)(mem + o_gy);
        mag = (vx_uint64 *)(void *)(mem + o_mag), map = mem + o_map, stack = (vx_uint32 *)(void *)(mem + o_stack);
        if (w >= (vx_uint32)(2 * r + 3) && h >= (vx_uint32)(2 * r + 3)) {
            canny_job j = {src.ptr, src.stride, w, gs, r, norm == VX_NORM_L2, (vx_uint64)lo, (vx_uint64)hi,
                           gx, gy, mag, map};
            ovx_node_parallel_rows(node, (vx_uint32)r, h - (vx_uint32)r, n * 8, canny_grad_task, &j);
            ovx_node_parallel_rows(node, (vx_uint32)r + 1, h - (vx_uint32)r - 1, n * 4, canny_nms_task, &j);
            ovxc_canny_hysteresis(map, w, w, h, stack);
        }
    }
    /* every output pixel: 255 / 1 on edges of the valid rectangle's interior, 0 elsewhere */
    for (y = 0; y < dst.height; y++) {
        vx_uint8 *row = dst.ptr + (vx_size)y * (vx_size)dst.stride;
        if (ofmt == VX_DF_IMAGE_U1) {
            for (x = 0; x < (dst.width + 7) / 8; x++) row[x] = 0;
        }
        for (x = 0; x < dst.width; x++) {
            int e = 0;
            if (y >= oy && y - oy < h && x >= ox && x - ox < w) e = map[(vx_size)(y - oy) * w + (x - ox)] == 2;
            if (ofmt == VX_DF_IMAGE_U1) {
                if (e) row[x / 8] |= (vx_uint8)(1u << (x % 8));
            } else {
                row[x] = e ? 255 : 0;
            }
        }
    }
    return VX_SUCCESS;
}

/* ---- Harris corners ------------------------------------------------------------ */

static vx_status VX_CALLBACK harris_validate(vx_node node, const vx_reference params[], vx_uint32 num,
                                             vx_meta_format metas[])
{
    vx_uint32 w = 0, h = 0;
    vx_float32 thr = 0, dist = 0, k = 0;
    vx_int32 gs = 0, bs = 0;
    vx_status s;
    (void)num;
    if ((s = need_u8_image(node, params[0], 0, &w, &h)) != VX_SUCCESS) return s;
    if ((s = scalar_value(node, params[1], 1, VX_TYPE_FLOAT32, &thr)) != VX_SUCCESS) return s;
    if ((s = scalar_value(node, params[2], 2, VX_TYPE_FLOAT32, &dist)) != VX_SUCCESS) return s;
    if (!(dist >= 0.0f)) return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "min_distance must be >= 0");
    if ((s = scalar_value(node, params[3], 3, VX_TYPE_FLOAT32, &k)) != VX_SUCCESS) return s;
    if (!(k == k)) return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE, "sensitivity is NaN");
    if ((s = scalar_value(node, params[4], 4, VX_TYPE_INT32, &gs)) != VX_SUCCESS) return s;
    if (!odd_3_5_7(gs)) return ovx_kernel_log(node, 4, VX_ERROR_INVALID_VALUE, "gradient size %d: 3, 5 or 7", gs);
    if ((s = scalar_value(node, params[5], 5, VX_TYPE_INT32, &bs)) != VX_SUCCESS) return s;
    if (!odd_3_5_7(bs)) return ovx_kernel_log(node, 5, VX_ERROR_INVALID_VALUE, "block size %d: 3, 5 or 7", bs);
    if ((s = need_undefined_border(node)) != VX_SUCCESS) return s;
    if ((s = keypoint_array_meta(node, params[6], metas[6], 6, (vx_size)w * h)) != VX_SUCCESS) return s;
    if (params[7] && (s = size_scalar_meta(node, metas[7], 7)) != VX_SUCCESS) return s;
    return VX_SUCCESS;
}

#define OVX_MAX_BANDS_HARRIS 512 /* parts of the threaded min_distance selection */

/* A candidate: its sort key (harris_key of the score, which it gives back)
 * and its place, y << xsh | x (raster order). */
typedef struct {
    vx_uint32 key, pos;
} harris_cand;

/* Harris on the node's threads, a band of rows a thread
 * (harris_rows_band).  First its score rows (harris_rows), fused: gradient
 * rows in a ring of bsize rows, score rows in a ring of 3 (a band computes
 * the score rows just above and below its own again), then the 3x3
 * non-maximum suppression of the FAST chapter and the candidates of each
 * row in a slot of its own (kept pixels are never neighbours: at most
 * (w + 1) / 2 per row).  Then, on the same thread (harris_band), the band sorts its rows' candidates (strongest first,
 * raster order among equals: a stable radix sort of its raster-ordered
 * list, in a region of A of its own) and, with min_distance, runs the greedy
 * selection (a corner kept unless an accepted one lies closer) among them on
 * its own bitmap rows (harris_band_select); the zone around an edge between
 * two bands is decided again by the second of them to finish
 * (harris_fix_edge; harris_fix_edges after them for a zone that grew too
 * wide), each band compacts its kept corners, and the bands' lists are
 * merged into the keypoints in parts of the output on the threads
 * (harris_merge).  No cache
 * line is written by two threads at once, as a radix sort of all candidates
 * on the threads would (its parts' runs of a digit interleave).  When a zone
 * would outgrow half a band (min_distance large for the bands), or on one
 * thread, the merged list goes through the greedy on one thread. */
typedef struct {
    const vx_uint8 *src;
    vx_int32 stride;
    vx_uint32 w, h;
    vx_int32 gs, bs, r, rb;
    vx_float64 scale, k, thr;
    vx_float32 thrf;
    vx_uint32 ys0, ys1, xs0, xs1; /* where scores exist */
    vx_uint32 bands;
    /* the row bands of harris_rows: the sort bands */
    vx_uint32 fstart[OVX_GUIDED_MAX_BANDS + 1];
    const ovxc_feat_kit *kit;
    vx_uint8 *band_mem;           /* bands x band_bytes (harris_rows' rings) */
    vx_size band_bytes;
    harris_cand *slots;           /* row y's candidates at y * half; then harris_merge's buffers */
    vx_size merge_room;           /* harris_merge's second buffer at slots + merge_room */
    vx_uint32 half;
    vx_uint32 *row_count;
    /* band b's candidates: sorted at A + band_off[b] (B + band_off[b] the
     * radix sort's other buffer), band_n[b] of them; merged into M */
    vx_size *band_off, *band_n;
    harris_cand *A, *B, *M;
    vx_size nc, total;          /* merged: the first nc of the total in the lists */
    vx_keypoint_t *kp;            /* the output: A's first nc */
    vx_int32 ox, oy;
    vx_uint32 xsh, xmask;         /* pos = y << xsh | x */
    /* min_distance in parts (harris_select_part): the bitmap of suppressed
     * pixels (rw words a row), the disk's half-widths span[0 .. R), and each
     * candidate's decision (1: kept) */
    vx_uint64 *bits;
    vx_uint32 rw, R;
    const vx_int32 *span;
    vx_uint8 *keep;     /* by place in A */
    int fused;          /* the bands select among their own candidates (harris_band_select); 2 once done */
    vx_uint32 edge;     /* rows each side of an edge harris_fix_edge's zones may reach */
    vx_uint32 minpart;  /* the fewest bitmap rows of a band */
    vx_uint32 edge_k[OVX_MAX_BANDS_HARRIS];   /* harris_fix_edge's outcome at edge b (above band b) */
    vx_uint32 edge_done[OVX_MAX_BANDS_HARRIS]; /* bands done (of 2) next to edge e (below band e) */
    vx_uint32 *edge_buf;                      /* edge e's zone lists at e * edge_room */
    /* the disk's rows for harris_band_select (nr = 2R - 1 rows, 0: unused):
     * byte offsets from the centre's row, spans, masks */
    vx_uint32 nr;
    ptrdiff_t roff[2 * 64];
    vx_int32 rsp[2 * 64];
    vx_uint64 rmask[2 * 64];
    vx_uint32 *edge_lists;                    /* band b's top edge list at 2 * band_off[b], bottom after band_n[b] */
    vx_size edge_n[2 * OVX_MAX_BANDS_HARRIS]; /* their lengths */
    vx_size edge_room;
} harris_job;

static vx_size harris_band_bytes(vx_uint32 w, vx_int32 bs)
{
    return align64((vx_size)3 * bs * w * sizeof(vx_int32)) + align64((vx_size)3 * (w + 8) * sizeof(vx_float64)) +
           align64((vx_size)4 * w * sizeof(vx_float32)) + align64((vx_size)(w + 8) * sizeof(vx_uint32));
}

/* Sort key: descending strength as an ascending unsigned key (-0 as +0). */
static vx_uint32 harris_key(vx_float32 v)
{
    vx_uint32 u;
    if (v == 0.0f) v = 0.0f;
    memcpy(&u, &v, sizeof(u));
    u = (u & 0x80000000u) ? ~u : (u | 0x80000000u);
    return ~u;
}

/* The score of a key (harris_key's inverse; scores are never -0). */
static vx_float32 harris_unkey(vx_uint32 key)
{
    vx_uint32 u = ~key;
    vx_float32 v;
    u = (u & 0x80000000u) ? (u & 0x7FFFFFFFu) : ~u;
    memcpy(&v, &u, sizeof(v));
    return v;
}

static void harris_band_select(harris_job *j, vx_uint32 b, const harris_cand *a, vx_size n);
static void harris_fix_edge(void *arg, vx_uint32 e);

/* The candidates of the score rows of row band fb, [fstart[fb],
 * fstart[fb + 1]), into their slots (row_count: how many a row). */
static void harris_rows(void *arg, vx_uint32 fb)
{
    harris_job *j = arg;
    vx_uint32 w = j->w, bs = (vx_uint32)j->bs, rb = (vx_uint32)j->rb;
    vx_uint32 yb0 = j->fstart[fb], yb1 = j->fstart[fb + 1];
    vx_uint8 *mem = j->band_mem + fb * j->band_bytes;
    vx_int32 *gmem = (vx_int32 *)mem;
    void *tmp = mem + align64((vx_size)3 * bs * w * sizeof(vx_int32));
    vx_float32 *smem = (vx_float32 *)((vx_uint8 *)tmp + align64((vx_size)3 * (w + 8) * sizeof(vx_float64)));
    vx_float32 *zero = smem + 3 * (vx_size)w, *srow[3];
    vx_uint32 *xs = (vx_uint32 *)((vx_uint8 *)smem + align64((vx_size)4 * w * sizeof(vx_float32)));
    const vx_int32 *r0[7], *r1[7], *r2[7]; /* the block's rows: xx, yy, xy (or gx, gy) */
    vx_uint32 sy_first = yb0 > j->ys0 ? yb0 - 1 : yb0, ns = sy_first, ng = sy_first - rb, y, i;
    if (yb1 <= yb0) return;
    memset(smem, 0, 4 * (vx_size)w * sizeof(*smem));
    for (y = yb0; y < yb1; y++) {
        vx_uint32 last = y + 1 < j->ys1 ? y + 1 : j->ys1 - 1, count;
        harris_cand *out = j->slots + (vx_size)y * j->half;
        for (; ns <= last; ns++) {
            for (; ng <= ns + rb; ng++) { /* gradient (products) row ng into slot ng % bs */
                vx_int32 *g = gmem + (vx_size)(ng % bs) * 3 * w;
                const vx_uint8 *row = j->src + (vx_size)ng * (vx_size)j->stride;
                if (j->gs == 3)
                    j->kit->sobel3_prod_row(row, j->stride, 1, w - 1, g, g + w, g + 2 * (vx_size)w);
                else
                    ovxc_sobel_row_s32(row, j->stride, w, j->gs, g, g + w);
            }
            for (i = 0; i < bs; i++) {
                vx_int32 *g = gmem + (vx_size)((ns - rb + i) % bs) * 3 * w;
                r0[i] = g, r1[i] = g + w, r2[i] = g + 2 * (vx_size)w;
            }
            if (j->gs == 3)
                j->kit->harris_row_p32(r0, r1, r2, j->bs, j->xs0, j->xs1, j->scale, j->k, j->thr, (vx_int32 *)tmp,
                                       smem + (vx_size)(ns % 3) * w);
            else
                ovxc_harris_row_s32(r0, r1, j->bs, j->xs0, j->xs1, j->scale, j->k, j->thr, (vx_float64 *)tmp,
                                   smem + (vx_size)(ns % 3) * w);
        }
        for (i = 0; i < 3; i++) {
            vx_uint32 yy = y - 1 + i;
            srow[i] = yy >= j->ys0 && yy < j->ys1 ? smem + (vx_size)(yy % 3) * w : zero;
        }
        count = j->kit->nms_row_f32(srow[0], srow[1], srow[2], j->xs0, j->xs1, j->thrf, xs);
        for (i = 0; i < count; i++) {
            out[i].key = harris_key(srow[1][xs[i]]);
            out[i].pos = y << j->xsh | xs[i];
        }
        j->row_count[y] = count;
    }
}

/* Band b's candidates (its rows' slots, harris_rows) sorted by key, stable
 * (raster order among equal keys): an LSD radix sort, 4 digits of 8 bits,
 * slots -> B -> A -> B -> A, the 4 digits' histograms in one read; then,
 * fused, its selection and the zones around its edges. */
static void harris_band(void *arg, vx_uint32 band)
{
    harris_job *j = arg;
    vx_uint32 nrows = j->ys1 - j->ys0, y, i;
    vx_uint32 yb0 = j->ys0 + (vx_uint32)((vx_uint64)nrows * band / j->bands);
    vx_uint32 yb1 = j->ys0 + (vx_uint32)((vx_uint64)nrows * (band + 1) / j->bands);
    {
        vx_uint32 hist[4][256], d, k, sum;
        harris_cand *a = j->A + j->band_off[band], *b = j->B + j->band_off[band];
        vx_size n = 0, q;
        memset(hist, 0, sizeof(hist));
        for (y = yb0; y < yb1; y++) {
            const harris_cand *c = j->slots + (vx_size)y * j->half;
            for (i = 0; i < j->row_count[y]; i++) {
                vx_uint32 key = c[i].key;
                hist[0][key & 255]++, hist[1][(key >> 8) & 255]++, hist[2][(key >> 16) & 255]++,
                    hist[3][key >> 24]++;
            }
            n += j->row_count[y];
        }
        j->band_n[band] = n;
        for (d = 0; d < 4; d++)
            for (k = 0, sum = 0; k < 256; k++) {
                vx_uint32 c = hist[d][k];
                hist[d][k] = sum;
                sum += c;
            }
        for (y = yb0; y < yb1; y++) {
            const harris_cand *c = j->slots + (vx_size)y * j->half;
            for (i = 0; i < j->row_count[y]; i++) b[hist[0][c[i].key & 255]++] = c[i];
        }
        for (q = 0; q < n; q++) a[hist[1][(b[q].key >> 8) & 255]++] = b[q];
        for (q = 0; q < n; q++) b[hist[2][(a[q].key >> 16) & 255]++] = a[q];
        for (q = 0; q < n; q++) a[hist[3][b[q].key >> 24]++] = b[q];
    }
    if (j->fused) {
        harris_band_select(j, band, j->A + j->band_off[band], j->band_n[band]);
        /* the zone around an edge decided again by the second of its two
         * bands to finish (harris_fix_edge: the zones of different edges
         * are disjoint, the bands' other rows are not read), here on the
         * threads while the other bands run, not in a pass of its own */
        if (band > 0 && __atomic_add_fetch(&j->edge_done[band - 1], 1, __ATOMIC_ACQ_REL) == 2)
            harris_fix_edge(j, band - 1);
        if (band + 1 < j->bands && __atomic_add_fetch(&j->edge_done[band], 1, __ATOMIC_ACQ_REL) == 2)
            harris_fix_edge(j, band);
    }
}

/* Band b whole: its score rows and candidates (harris_rows, the band's
 * rows as row band b), then their sort and selection (harris_band) on the
 * same thread, with no wait for the other bands between the two: the
 * band's candidates are still in this core's cache, and one pool job
 * instead of two.  (Score rows in guided bands of their own, balanced on
 * the threads, then the sort bands as a second job, took 5-8% more wall
 * time at 1080p on two threads: half of each sort band's candidates came
 * from the other core.) */
static void harris_rows_band(void *arg, vx_uint32 b)
{
    harris_rows(arg, b);
    harris_band(arg, b);
}

/* The keypoint of a candidate. */
static inline void harris_kp(const harris_job *j, vx_keypoint_t *k, const harris_cand *c)
{
    k->x = (vx_int32)(c->pos & j->xmask) + j->ox;
    k->y = (vx_int32)(c->pos >> j->xsh) + j->oy;
    k->strength = harris_unkey(c->key);
    k->scale = 0.0f;
    k->orientation = 0.0f;
    k->tracking_status = 1;
    k->error = 0.0f;
}

/* The order of the sort as one 64-bit value (unique: pos is). */
static vx_uint64 harris_rank(const harris_cand *c)
{
    return (vx_uint64)c->key << 32 | c->pos;
}

/* Where the first r candidates of the merged order end in each band's list
 * (at[p]): the largest value v with r candidates or fewer before it has
 * exactly r before it (the values are unique).  Bisection of the values;
 * each list's bounds on where v's place in it can be narrow as it goes, so
 * a step costs a few reads a list. */
static void harris_split(const harris_job *j, vx_size r, vx_size *at)
{
    vx_uint64 lo = 0, hi = ~(vx_uint64)0; /* v in [lo, hi]; list p's place of it in [at[p], top[p]] */
    vx_size top[OVX_MAX_BANDS_HARRIS], pos[OVX_MAX_BANDS_HARRIS];
    vx_uint32 p, np = j->bands;
    for (p = 0; p < np; p++) at[p] = 0, top[p] = j->band_n[p];
    while (lo < hi) {
        vx_uint64 mid = lo + (hi - lo) / 2 + 1;
        vx_size below = 0;
        for (p = 0; p < np; p++) { /* list p's candidates before mid, in [at[p], top[p]] */
            const harris_cand *a = j->A + j->band_off[p];
            vx_size l = at[p], h = top[p];
            if (l < h && harris_rank(a + h - 1) < mid) {
                l = h;
            } else {
                while (l < h) {
                    vx_size m = l + (h - l) / 2;
                    if (harris_rank(a + m) < mid)
                        l = m + 1;
                    else
                        h = m;
                }
            }
            pos[p] = l;
            below += l;
        }
        if (below <= r) {
            lo = mid;
            for (p = 0; p < np; p++) at[p] = pos[p];
        } else {
            hi = mid - 1;
            for (p = 0; p < np; p++) top[p] = pos[p];
        }
    }
}

/* A candidate as one 64-bit word (its bytes) and that word's rank (key
 * above pos, as harris_rank). */
static inline vx_uint64 cand_word(const harris_cand *c)
{
    vx_uint64 u;
    memcpy(&u, c, sizeof(u));
    return u;
}

static inline vx_uint64 word_rank(vx_uint64 u)
{
    harris_cand c;
    memcpy(&c, &u, sizeof(c));
    return harris_rank(&c);
}

/* One step of a merge: the lesser head to *out, its run advanced; no
 * branch (which run it is comes at random: GCC made `t ? y : x` a jump,
 * mispredicted half the time, ~25 cycles a candidate). */
static inline void merge_step(const harris_cand **pa, const harris_cand **pb, harris_cand **out)
{
    vx_uint64 x = cand_word(*pa), y = cand_word(*pb), t = word_rank(y) < word_rank(x), m = (vx_uint64)0 - t, u;
    u = (y & m) | (x & ~m);
    memcpy((*out)++, &u, sizeof(u));
    *pb += t;
    *pa += 1 - t;
}

/* Merge two sorted runs a[0 .. na) and b[0 .. nb) into out, one step at a time. */
static void harris_merge2_one(const harris_cand *a, vx_size na, const harris_cand *b, vx_size nb, harris_cand *out)
{
    const harris_cand *ea = a + na, *eb = b + nb;
    while (a < ea && b < eb) merge_step(&a, &b, &out);
    memcpy(out, a, (vx_size)(ea - a) * sizeof(*out));
    memcpy(out + (ea - a), b, (vx_size)(eb - b) * sizeof(*out));
}

/* How many of a's candidates come before place k of the merge of a and b
 * (ranks are unique). */
static vx_size merge_corank(const harris_cand *a, vx_size na, const harris_cand *b, vx_size nb, vx_size k)
{
    vx_size lo = k > nb ? k - nb : 0, hi = k < na ? k : na;
    while (lo < hi) {
        vx_size i = lo + (hi - lo) / 2;
        if (harris_rank(&a[i]) < harris_rank(&b[k - i - 1]))
            lo = i + 1;
        else
            hi = i;
    }
    return lo;
}

/* Merge two sorted runs into out: the output cut in HARRIS_LANES parts (each
 * part's start in a and b by bisection), the parts' merges interleaved step
 * by step, each as far as both its runs surely last: independent chains of
 * loads and compares instead of one (1080p noise, 2 x 37500 candidates: 7.5
 * -> 2.5 ns a candidate). */
#define HARRIS_LANES 4
static void harris_merge2(const harris_cand *a, vx_size na, const harris_cand *b, vx_size nb, harris_cand *out)
{
    const harris_cand *pa[HARRIS_LANES], *pb[HARRIS_LANES], *ea[HARRIS_LANES], *eb[HARRIS_LANES];
    harris_cand *po[HARRIS_LANES];
    vx_size n = na + nb, q, i0, i1, k0, k1;
    if (n < 64 * HARRIS_LANES) {
        harris_merge2_one(a, na, b, nb, out);
        return;
    }
    for (q = 0, k0 = 0, i0 = 0; q < HARRIS_LANES; q++, k0 = k1, i0 = i1) {
        k1 = n * (q + 1) / HARRIS_LANES;
        i1 = q + 1 == HARRIS_LANES ? na : merge_corank(a, na, b, nb, k1);
        pa[q] = a + i0, ea[q] = a + i1, pb[q] = b + (k0 - i0), eb[q] = b + (k1 - i1), po[q] = out + k0;
    }
    for (;;) {
        vx_size safe = ~(vx_size)0, s;
        for (q = 0; q < HARRIS_LANES; q++) {
            vx_size ra = (vx_size)(ea[q] - pa[q]), rb = (vx_size)(eb[q] - pb[q]), m = ra < rb ? ra : rb;
            if (m < safe) safe = m;
        }
        if (safe == 0) break;
        for (s = 0; s < safe; s++)
            for (q = 0; q < HARRIS_LANES; q++) merge_step(&pa[q], &pb[q], &po[q]);
    }
    for (q = 0; q < HARRIS_LANES; q++)
        harris_merge2_one(pa[q], (vx_size)(ea[q] - pa[q]), pb[q], (vx_size)(eb[q] - pb[q]), po[q]);
}

/* Part b of the merged order (M[nc * b / bands .. nc * (b + 1) / bands)),
 * merged from the bands' sorted lists (where harris_split puts the part's
 * ends in each): the lists merged two by two in rounds (log2 bands passes
 * over the part, in two buffers of the slots, part-sized regions of their
 * own), the last round into M, or into a buffer then the keypoints. */
static void harris_merge(void *arg, vx_uint32 b)
{
    harris_job *j = arg;
    vx_size i0 = (vx_size)((vx_uint64)j->nc * b / j->bands), i1 = (vx_size)((vx_uint64)j->nc * (b + 1) / j->bands);
    vx_size from[OVX_MAX_BANDS_HARRIS], to[OVX_MAX_BANDS_HARRIS], len[OVX_MAX_BANDS_HARRIS], i;
    const harris_cand *src[OVX_MAX_BANDS_HARRIS];
    harris_cand *tmp[2], *fin;
    vx_uint32 p, k = j->bands, round = 0;
    if (i1 <= i0) return;
    harris_split(j, i0, from);
    if (i1 < j->total)
        harris_split(j, i1, to);
    else
        for (p = 0; p < k; p++) to[p] = j->band_n[p];
    for (p = 0; p < k; p++) src[p] = j->A + j->band_off[p] + from[p], len[p] = to[p] - from[p];
    tmp[0] = j->slots + i0, tmp[1] = j->slots + j->merge_room + i0;
    while (k > 2) { /* a round: lists 2q and 2q + 1 merged (an odd last one copied) */
        harris_cand *o = tmp[round & 1];
        vx_uint32 q, m = 0;
        for (q = 0; q < k; q += 2, m++) {
            vx_size n = len[q] + (q + 1 < k ? len[q + 1] : 0);
            if (q + 1 < k)
                harris_merge2(src[q], len[q], src[q + 1], len[q + 1], o);
            else
                memcpy(o, src[q], len[q] * sizeof(*o));
            src[m] = o, len[m] = n;
            o += n;
        }
        k = m;
        round++;
    }
    fin = j->kp ? tmp[round & 1] : j->M + i0;
    if (k == 2)
        harris_merge2(src[0], len[0], src[1], len[1], fin);
    else
        memcpy(fin, src[0], len[0] * sizeof(*fin));
    if (j->kp)
        for (i = i0; i < i1; i++) harris_kp(j, j->kp + i, fin + (i - i0));
}

static void harris_part(const harris_job *j, vx_uint32 b, vx_size *i0, vx_size *i1)
{
    *i0 = (vx_size)((vx_uint64)j->nc * b / j->bands);
    *i1 = (vx_size)((vx_uint64)j->nc * (b + 1) / j->bands);
}

/* Part b of the keypoints, from A. */
static void harris_write(void *arg, vx_uint32 b)
{
    harris_job *j = arg;
    vx_size i, i0, i1;
    harris_part(j, b, &i0, &i1);
    for (i = i0; i < i1; i++) harris_kp(j, j->kp + i, j->A + i);
}

static void harris_run(harris_job *j, ovx_task_f fn)
{
    vx_uint32 b;
    if (j->bands > 1)
        ovx_parallel_for(j->bands, fn, j);
    else
        for (b = 0; b < j->bands; b++) fn(j, b);
}

/* Whether pixel (cx, cy) lies in the disk of an accepted corner. */
static int harris_suppressed(const harris_job *j, vx_int32 cx, vx_int32 cy)
{
    return (int)((j->bits[(vx_size)cy * j->rw + ((vx_uint32)cx >> 6)] >> (cx & 63)) & 1);
}

/* Set bits [cx - sp, cx + sp] (clipped to [0, w)) of one row of a bit map:
 * a row of the disk around an accepted corner. */
static inline void disk_row(vx_uint64 *row, vx_int32 cx, vx_int32 sp, vx_uint32 w)
{
    vx_uint32 xa = cx >= sp ? (vx_uint32)(cx - sp) : 0;
    vx_uint32 xb = (vx_uint32)cx + (vx_uint32)sp < w ? (vx_uint32)cx + (vx_uint32)sp : w - 1;
    vx_uint32 wa = xa >> 6, wb = xb >> 6, q;
    vx_uint64 ma = ~(vx_uint64)0 << (xa & 63), mb = ~(vx_uint64)0 >> (63 - (xb & 63));
    if (wa == wb) {
        row[wa] |= ma & mb;
    } else {
        row[wa] |= ma;
        for (q = wa + 1; q < wb; q++) row[q] = ~(vx_uint64)0;
        row[wb] |= mb;
    }
}

/* Mark the disk of an accepted corner at (cx, cy), rows [ya, yb) of it only. */
static inline void harris_mark(const harris_job *j, vx_int32 cx, vx_int32 cy, vx_uint32 ya, vx_uint32 yb)
{
    vx_uint32 R = j->R, yy, w = j->w;
    if ((vx_uint32)cy >= R - 1 && (vx_uint32)cy - (R - 1) > ya) ya = (vx_uint32)cy - (R - 1);
    if ((vx_uint32)cy + R < yb) yb = (vx_uint32)cy + R;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (j->span[0] <= 28 && cx >= j->span[0] && cx + j->span[0] < (vx_int32)w) {
        /* spans of at most 57 bits: one unaligned 64-bit OR a row, from the byte
         * holding the first bit (the rows' bytes in little-endian order; a row
         * has a word of padding) */
        vx_uint8 *bytes = (vx_uint8 *)j->bits;
        for (yy = ya; yy < yb; yy++) {
            vx_int32 sp = j->span[yy > (vx_uint32)cy ? yy - (vx_uint32)cy : (vx_uint32)cy - yy], lo = cx - sp;
            vx_uint8 *at = bytes + (vx_size)yy * j->rw * 8 + ((vx_uint32)lo >> 3);
            vx_uint64 m;
            memcpy(&m, at, 8);
            m |= ((((vx_uint64)1) << (2 * sp + 1)) - 1) << (lo & 7);
            memcpy(at, &m, 8);
        }
        return;
    }
#endif
    for (yy = ya; yy < yb; yy++) {
        disk_row(j->bits + (vx_size)yy * j->rw, cx, j->span[yy > (vx_uint32)cy ? yy - (vx_uint32)cy : (vx_uint32)cy - yy], w);
    }
}

/* The score rows of band b, [y0, y1). */
static void harris_band_rows(const harris_job *j, vx_uint32 b, vx_uint32 *y0, vx_uint32 *y1)
{
    vx_uint32 n = j->ys1 - j->ys0;
    *y0 = j->ys0 + (vx_uint32)((vx_uint64)n * b / j->bands);
    *y1 = j->ys0 + (vx_uint32)((vx_uint64)n * (b + 1) / j->bands);
}

/* The bitmap rows of band b's selection, [y0, y1): its score rows, the first
 * band's from row 0, the last's to row h. */
static void harris_part_rows(const harris_job *j, vx_uint32 b, vx_uint32 *y0, vx_uint32 *y1)
{
    harris_band_rows(j, b, y0, y1);
    if (b == 0) *y0 = 0;
    if (b + 1 == j->bands) *y1 = j->h;
}

/* The greedy selection (strongest first, a corner kept unless a kept one lies
 * closer than min_distance) among band b's own candidates (its sorted list,
 * a[0 .. n) = A + band_off[b]), on its own bitmap rows: exact for every
 * candidate whose decision does not hang on another band's (those near a
 * band edge are decided again by harris_select_fix).  Its candidates within
 * `edge` rows of its top and bottom (places in A, sorted) go to its edge
 * lists. */
static void harris_band_select(harris_job *j, vx_uint32 b, const harris_cand *a, vx_size n)
{
    vx_uint32 y0, y1, id0 = (vx_uint32)j->band_off[b];
    vx_uint32 *top = j->edge_lists + 2 * (vx_size)id0, *bot = top + n;
    vx_size q, nt = 0, nb = 0;
    vx_uint8 *keep = j->keep + id0;
    harris_part_rows(j, b, &y0, &y1);
    memset(j->bits + (vx_size)y0 * j->rw, 0, (vx_size)(y1 - y0) * j->rw * sizeof(*j->bits));
    for (q = 0; q < n; q++) {
        vx_uint32 pos = a[q].pos, cy = pos >> j->xsh;
        vx_int32 cx = (vx_int32)(pos & j->xmask);
        int kept = !harris_suppressed(j, cx, (vx_int32)cy);
        keep[q] = (vx_uint8)kept;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        if (kept && j->nr && cy >= y0 + j->R - 1 && cy + j->R - 1 < y1 && cx >= j->rsp[j->R - 1] &&
            cx + j->rsp[j->R - 1] < (vx_int32)j->w) {
            /* the disk inside the band's rows and the image's columns: one
             * unaligned 64-bit OR a row, offsets and masks made once (as
             * harris_mark's) */
            vx_uint8 *crow = (vx_uint8 *)j->bits + (vx_size)cy * j->rw * 8;
            vx_uint32 r;
            for (r = 0; r < j->nr; r++) {
                vx_int32 lo = cx - j->rsp[r];
                vx_uint8 *at = crow + j->roff[r] + ((vx_uint32)lo >> 3);
                vx_uint64 m;
                memcpy(&m, at, 8);
                m |= j->rmask[r] << (lo & 7);
                memcpy(at, &m, 8);
            }
        } else
#endif
        if (kept) harris_mark(j, cx, (vx_int32)cy, y0, y1);
        /* the candidates within `edge` rows of the band's top and bottom (for
         * harris_zone), without a branch */
        top[nt] = bot[nb] = id0 + (vx_uint32)q;
        nt += cy < y0 + j->edge;
        nb += cy + j->edge >= y1;
    }
    j->edge_n[2 * b] = nt;
    j->edge_n[2 * b + 1] = nb;
}

/* Band b's kept candidates to the front of its list (in order); band_n[b]
 * becomes their number. */
static void harris_compact(void *arg, vx_uint32 b)
{
    harris_job *j = arg;
    harris_cand *a = j->A + j->band_off[b];
    const vx_uint8 *keep = j->keep + j->band_off[b];
    vx_size q, m = 0, n = j->band_n[b];
    for (q = 0; q < n; q++) {
        a[m] = a[q];
        m += keep[q];
    }
    j->band_n[b] = m;
}

/* Decide again, in the global order, the candidates of rows [m - k, m + k)
 * around the edge m between two bands, with the decisions of the rows just
 * outside (R - 1 rows each side) as the bands took them; the candidates to
 * visit are list[0 .. n) (places in A, in the global order).  Returns
 * 0 when a decision changed within R - 1 rows of the zone's edge (it may
 * change decisions outside: the caller widens the zone), else keeps the new
 * decisions and returns 1.  (Every decision depends only on stronger
 * candidates closer than min_distance, fewer than R rows away: by induction
 * over the global order, the parts' decisions outside the zone stand when
 * none changed near its edge.) */
static int harris_select_fix(harris_job *j, vx_uint32 m, vx_uint32 k, const vx_uint32 *list, vx_size n)
{
    vx_uint32 R = j->R, za = m - k - (R - 1), zb = m + k + (R - 1), sa = m - k, sb = m + k;
    vx_size q, i;
    memset(j->bits + (vx_size)za * j->rw, 0, (vx_size)(zb - za) * j->rw * sizeof(*j->bits));
    for (q = 0; q < n; q++) { /* pass 1: the new decisions, keep = old | new << 1 | 4 */
        vx_uint32 pos, cy;
        vx_int32 cx;
        i = list[q];
        pos = j->A[i].pos, cy = pos >> j->xsh, cx = (vx_int32)(pos & j->xmask);
        if (cy < za || cy >= zb) continue;
        if (cy >= sa && cy < sb) {
            int kept = !harris_suppressed(j, cx, (vx_int32)cy);
            if (kept != (j->keep[i] & 1) && (cy < sa + (R - 1) || cy + (R - 1) >= sb)) {
                for (; q > 0; q--) j->keep[list[q - 1]] &= 1; /* the old decisions back */
                return 0;
            }
            j->keep[i] = (vx_uint8)((j->keep[i] & 1) | kept << 1 | 4);
            if (kept) harris_mark(j, cx, (vx_int32)cy, za, zb);
        } else if (j->keep[i]) {
            harris_mark(j, cx, (vx_int32)cy, za, zb);
        }
    }
    for (q = 0; q < n; q++) { /* pass 2: the new decisions stand */
        i = list[q];
        if (j->keep[i] & 4) j->keep[i] = (j->keep[i] >> 1) & 1;
    }
    return 1;
}

/* The first row of band b (its edge with band b - 1). */
static vx_uint32 m_edge_rows(const harris_job *j, vx_uint32 b)
{
    return j->ys0 + (vx_uint32)((vx_uint64)(j->ys1 - j->ys0) * b / j->bands);
}

/* The candidates of rows [za, zb) around the edge between bands b - 1 and
 * b, as places in A, in the sort's order, into out; returns their number.
 * The zone's rows of each band's list (of its edge list while the zone is
 * within `edge` rows of the edge) are picked into tmp, then the two merged.  tmp and out: room for the zone's
 * candidates and one. */
static vx_size harris_zone(const harris_job *j, vx_uint32 b, vx_uint32 za, vx_uint32 zb, vx_uint32 *tmp,
                           vx_uint32 *out)
{
    vx_size n[2], q, ia = 0, ib = 0, k = 0;
    vx_uint32 *l[2], s;
    l[0] = tmp;
    for (s = 0; s < 2; s++) {
        vx_uint32 p = b - 1 + s, off = (vx_uint32)j->band_off[p];
        vx_size m = 0, cnt;
        const vx_uint32 *from;
        if (s) l[1] = tmp + n[0];
        if (zb - m_edge_rows(j, b) <= j->edge && m_edge_rows(j, b) - za <= j->edge) {
            /* within the edge lists: band b - 1's bottom, band b's top */
            from = j->edge_lists + 2 * (vx_size)off + (s ? 0 : j->band_n[p]);
            cnt = j->edge_n[2 * p + (s ? 0 : 1)];
            for (q = 0; q < cnt; q++) {
                l[s][m] = from[q];
                m += (j->A[from[q]].pos >> j->xsh) - za < zb - za;
            }
        } else {
            const harris_cand *a = j->A + off;
            cnt = j->band_n[p];
            for (q = 0; q < cnt; q++) {
                l[s][m] = off + (vx_uint32)q;
                m += (a[q].pos >> j->xsh) - za < zb - za;
            }
        }
        n[s] = m;
    }
    while (ia < n[0] || ib < n[1])
        out[k++] = ib >= n[1] || (ia < n[0] && harris_rank(j->A + l[0][ia]) < harris_rank(j->A + l[1][ib]))
                       ? l[0][ia++]
                       : l[1][ib++];
    return k;
}

/* After harris_band_select, the zone around the edge between bands e and
 * e + 1 decided again (harris_select_fix), widened until no change reaches
 * the zone's edge, in buffers of the edge's own while the zone has at most
 * `edge` rows each side; edge_k[e + 1] tells how it ended: 0 done, else the
 * zone's k when it outgrew them (harris_fix_edges goes on).  The zones of
 * different edges are disjoint (each stays within half a band of its edge),
 * and a zone's decisions read only its own rows: the edges can be decided in
 * any order, on the threads. */
static void harris_fix_edge(void *arg, vx_uint32 e)
{
    harris_job *j = arg;
    vx_uint32 b = e + 1, R = j->R, m = j->ys0 + (vx_uint32)((vx_uint64)(j->ys1 - j->ys0) * b / j->bands), k = 4 * R;
    vx_uint32 *merged = j->edge_buf + (vx_size)e * j->edge_room, *tmp = merged + j->edge_room / 2;
    while (k + R - 1 <= j->edge) {
        vx_size n = harris_zone(j, b, m - k - (R - 1), m + k + (R - 1), tmp, merged);
        if (harris_select_fix(j, m, k, merged, n)) {
            j->edge_k[b] = 0;
            return;
        }
        k *= 2;
    }
    j->edge_k[b] = k;
}

/* The edges harris_fix_edge left, one at a time (merged: room for twice the
 * candidates of two bands).  Returns 0 (the decisions unfinished) when a
 * zone would grow beyond half a band's rows: the caller runs the serial
 * selection. */
static int harris_fix_edges(harris_job *j, vx_uint32 *merged)
{
    vx_uint32 b, R = j->R;
    for (b = 1; b < j->bands; b++) {
        vx_uint32 m = j->ys0 + (vx_uint32)((vx_uint64)(j->ys1 - j->ys0) * b / j->bands), k = j->edge_k[b];
        vx_uint32 *tmp = merged + j->band_n[b - 1] + j->band_n[b] + 1;
        if (k == 0) continue;
        for (;;) {
            vx_size n;
            if (k + R - 1 > j->minpart / 2) return 0;
            n = harris_zone(j, b, m - k - (R - 1), m + k + (R - 1), tmp, merged);
            if (harris_select_fix(j, m, k, merged, n)) break;
            k *= 2;
        }
    }
    return 1;
}

static vx_status VX_CALLBACK harris_function(vx_node node, const vx_reference *params, vx_uint32 num)
{
    vx_image in = (vx_image)params[0];
    vx_array arr = (vx_array)params[6];
    vx_float32 thr = 0, dist = 0, k = 0;
    vx_int32 gs = 3, bs = 3, r, rb;
    ovx_plane src = valid_plane(in);
    vx_int32 ox = (vx_int32)valid_start(in, 0), oy = (vx_int32)valid_start(in, 1);
    vx_uint32 w = src.width, h = src.height;
    vx_size n = (vx_size)w * h, nc = 0, na = 0, i;
    (void)num;
    if (ovx_scalar_get((vx_scalar)params[1], VX_TYPE_FLOAT32, &thr) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[2], VX_TYPE_FLOAT32, &dist) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[3], VX_TYPE_FLOAT32, &k) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[4], VX_TYPE_INT32, &gs) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[5], VX_TYPE_INT32, &bs) != VX_SUCCESS || !odd_3_5_7(gs) ||
        !odd_3_5_7(bs) || !(dist >= 0.0f))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "bad scalar arguments");
    r = gs / 2;
    rb = bs / 2;
    ovx_array_clear(arr);
    if (n > 0 && w > (vx_uint32)(2 * (r + rb)) && h > (vx_uint32)(2 * (r + rb))) {
        harris_job j;
        vx_size maxc, capc, off_edge, off_slots, off_rc, off_a, off_b, off_bits, off_span, off_hist, off_keep, total;
        vx_float64 norm = (vx_float64)(1 << (gs - 1)) * 255.0 * bs;
        vx_uint32 threads = ovx_node_threads(node), b, R = 0, rw = (w + 63) / 64 + 1; /* a word of padding a row */
        harris_cand *A, *B;
        vx_uint64 *bits;
        vx_int32 *span;
        vx_uint8 *mem;
        memset(&j, 0, sizeof(j));
        j.src = src.ptr, j.stride = src.stride, j.w = w, j.h = h, j.gs = gs, j.bs = bs, j.r = r, j.rb = rb;
        j.scale = 1.0 / (norm * norm), j.k = k, j.thr = thr, j.thrf = thr;
        j.ys0 = j.xs0 = (vx_uint32)(r + rb), j.ys1 = h - (vx_uint32)(r + rb), j.xs1 = w - (vx_uint32)(r + rb);
        /* a sort and selection band a thread: each more band costs an edge to
         * decide again and merge work (callgrind, 1080p noise: 2 bands 62.8M
         * instructions a run, 4 bands 65.8M, one thread 56.8M); the score
         * rows balance in their own bands (harris_rows) */
        j.bands = threads > 1 && n >= 65536 ? threads : 1;
        if (j.bands > OVX_GUIDED_MAX_BANDS) j.bands = OVX_GUIDED_MAX_BANDS; /* fstart's room */
        if (j.bands > j.ys1 - j.ys0) j.bands = j.ys1 - j.ys0;
        j.kit = feat_kit(node);
        while (j.xsh < 32 && ((vx_uint64)1 << j.xsh) < w) j.xsh++;
        if (((vx_uint64)h << j.xsh) > ((vx_uint64)1 << 32))
            return ovx_kernel_log(node, 0, VX_ERROR_NOT_SUPPORTED, "%ux%u is too large for Harris", w, h);
        j.xmask = (vx_uint32)(((vx_uint64)1 << j.xsh) - 1);
        j.half = (w + 1) / 2;
        j.band_bytes = harris_band_bytes(w, bs);
        maxc = (vx_size)((h + 1) / 2) * j.half; /* kept pixels are never neighbours */
        /* band b's region of A and B: room for ((its rows + 1) / 2) * half (of
         * two neighbouring rows at most half the columns hold a kept pixel) */
        for (b = 0, capc = 0; b < j.bands; b++) {
            vx_uint32 nr = j.ys1 - j.ys0;
            vx_uint32 rows = (vx_uint32)((vx_uint64)nr * (b + 1) / j.bands) - (vx_uint32)((vx_uint64)nr * b / j.bands);
            capc += (vx_size)((rows + 1) / 2) * j.half;
        }
        if (capc < maxc) capc = maxc;
        if (dist > 0.0f) {
            /* the disk's rows (span below), and whether each band selects among
             * its own candidates, the zones around the bands' edges decided
             * again after (harris_fix_edge), when a zone of a few R fits in half
             * a band */
            vx_uint32 dy;
            for (dy = 0; dy < h && (vx_float32)dy * (vx_float32)dy < dist * dist; dy++) R = dy + 1;
            j.minpart = h;
            for (b = 0; b < j.bands; b++) {
                vx_uint32 y0, y1;
                harris_part_rows(&j, b, &y0, &y1);
                if (y1 - y0 < j.minpart) j.minpart = y1 - y0;
            }
            j.R = R;
            j.fused = j.bands > 1 && R > 0 && 4 * (R - 1) + 4 <= j.minpart / 2;
            /* zones up to k = 8R (k + R - 1 <= edge) on the threads; the candidates of
             * 2 x edge rows: at most (edge + 1) * half (two lists: the picked, the merged) */
            j.edge = 10 * R < j.minpart / 2 ? 10 * R : j.minpart / 2;
            j.edge_room = j.fused ? (vx_size)2 * ((vx_size)(j.edge + 2) * j.half) : 0;
        }
        /* the score rows in the sort bands themselves (harris_rows_band) */
        for (b = 0; b <= j.bands; b++) j.fstart[b] = j.ys0 + (vx_uint32)((vx_uint64)(j.ys1 - j.ys0) * b / j.bands);
        off_slots = align64(j.bands * j.band_bytes);
        /* the slots, then room for harris_merge's two buffers of capc */
        j.merge_room = capc;
        off_rc = off_slots + align64(((vx_size)h * j.half > 2 * capc ? (vx_size)h * j.half : 2 * capc) *
                                     sizeof(harris_cand));
        off_a = off_rc + align64((vx_size)h * sizeof(vx_uint32));
        off_b = off_a + align64(capc * sizeof(harris_cand));
        off_bits = off_b + align64((capc + 1) * sizeof(harris_cand)); /* + 1: harris_fix_edges' room */
        off_span = off_bits + align64((vx_size)h * ((w + 63) / 64 + 1) * sizeof(vx_uint64));
        off_hist = off_span + align64((vx_size)h * sizeof(vx_int32));
        off_keep = off_hist + align64((vx_size)2 * j.bands * sizeof(vx_size));
        off_edge = off_keep + align64(capc);
        total = off_edge + align64((vx_size)(j.bands - 1) * j.edge_room * sizeof(vx_uint32));
        mem = ovx_node_scratch(node, total);
        if (!mem) return ovx_kernel_log(node, 0, VX_ERROR_NO_MEMORY, "no memory for %ux%u Harris scores", w, h);
        j.band_mem = mem;
        j.slots = (harris_cand *)(mem + off_slots);
        j.row_count = (vx_uint32 *)(mem + off_rc);
        A = (harris_cand *)(mem + off_a);
        B = (harris_cand *)(mem + off_b);
        bits = (vx_uint64 *)(mem + off_bits);
        span = (vx_int32 *)(mem + off_span);
        j.band_off = (vx_size *)(void *)(mem + off_hist);
        j.band_n = j.band_off + j.bands;
        j.keep = mem + off_keep;
        j.edge_buf = (vx_uint32 *)(void *)(mem + off_edge);
        j.edge_lists = (vx_uint32 *)(void *)B; /* band b's in its region of B, free after its sort */
        for (b = 0, j.band_off[0] = 0; b + 1 < j.bands; b++) {
            vx_uint32 nr = j.ys1 - j.ys0;
            vx_uint32 rows = (vx_uint32)((vx_uint64)nr * (b + 1) / j.bands) - (vx_uint32)((vx_uint64)nr * b / j.bands);
            j.band_off[b + 1] = j.band_off[b] + (vx_size)((rows + 1) / 2) * j.half;
        }
        j.A = A, j.B = B;
        if (dist > 0.0f) {
            /* a bitmap of the pixels closer than dist to an accepted corner (the same
             * float test as between two corners: ddx*ddx + ddy*ddy < dist*dist, which
             * for each ddy holds for |ddx| up to span[|ddy|]) */
            vx_uint32 dy;
            for (dy = 0; dy < R; dy++) {
                vx_float32 fy = (vx_float32)dy;
                vx_int32 dx = -1;
                while (dx + 1 < (vx_int32)w && (vx_float32)(dx + 1) * (vx_float32)(dx + 1) + fy * fy < dist * dist)
                    dx++;
                span[dy] = dx; /* >= 0: dx + 1 = 0 passes for dy < R */
            }
            j.bits = bits, j.rw = rw, j.span = span;
            if (R > 0 && R <= 64 && span[0] <= 28) {
                vx_uint32 q;
                j.nr = 2 * R - 1;
                for (q = 0; q < j.nr; q++) {
                    vx_int32 dd = (vx_int32)q - (vx_int32)(R - 1);
                    j.roff[q] = (ptrdiff_t)dd * (ptrdiff_t)rw * 8;
                    j.rsp[q] = span[dd < 0 ? -dd : dd];
                    j.rmask[q] = (((vx_uint64)1) << (2 * j.rsp[q] + 1)) - 1;
                }
            }
        }
        /* the candidates of each row, then each band's sorted in its region of
         * A (and selected, the zones around the edges decided again) */
        harris_run(&j, harris_rows_band);
        for (b = 0; b < j.bands; b++) nc += j.band_n[b];
        if (nc > 0 && j.fused && harris_fix_edges(&j, (vx_uint32 *)(void *)B)) {
            j.fused = 2; /* the keypoints written by the merge */
            /* each band's kept candidates, then their merge into B */
            harris_run(&j, harris_compact);
            for (b = 0; b < j.bands; b++) na += j.band_n[b];
            if (na > 0) { /* merged into the keypoints, the first of them as many as fit */
                vx_size room = arr->capacity, m = na < room ? na : room;
                if (m > 0 && (arr->data || ovx_array_alloc(arr) == VX_SUCCESS)) {
                    j.kp = (vx_keypoint_t *)arr->data, j.nc = m, j.total = na, j.ox = ox, j.oy = oy;
                    harris_run(&j, harris_merge);
                    arr->num_items = m;
                }
            }
        } else if (nc > 0) {
            /* the bands' lists merged into B (then named A), or band 0's list */
            j.nc = j.total = nc;
            if (j.bands > 1) {
                j.M = B;
                harris_run(&j, harris_merge);
                B = A, A = j.M;
            }
            j.A = A, j.B = B;
            /* strongest first; keep a corner unless an accepted one lies closer than dist
             * (accepted ones compacted to the front of A) */
            if (dist > 0.0f) {
                {
                memset(bits, 0, (vx_size)h * rw * sizeof(*bits));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
                if (R > 0 && span[0] <= 28) {
                    /* spans of at most 57 bits: one unaligned 64-bit OR per row, from the
                     * byte holding the first bit (the rows' bytes in little-endian order) */
                    vx_uint8 *bytes = (vx_uint8 *)bits;
                    vx_size rb8 = (vx_size)rw * 8;
                    /* the disk's rows, for corners whose disk lies inside the image:
                     * row offsets, spans and their masks (in rows of at most 63 -
                     * 7 bits, x - span >= 0 and x + span < w) */
                    ptrdiff_t roff[2 * 64];
                    vx_int32 rsp[2 * 64];
                    vx_uint64 rmask[2 * 64];
                    vx_uint32 nr = 2 * R - 1, q;
                    vx_int32 smax = span[0];
                    for (q = 0; q < nr && R <= 64; q++) {
                        vx_int32 dd = (vx_int32)q - (vx_int32)(R - 1);
                        roff[q] = (ptrdiff_t)dd * (ptrdiff_t)rb8;
                        rsp[q] = span[dd < 0 ? -dd : dd];
                        rmask[q] = (((vx_uint64)1) << (2 * rsp[q] + 1)) - 1;
                    }
                    for (i = 0; i < nc; i++) {
                        harris_cand c = A[i];
                        vx_int32 cx = (vx_int32)(c.pos & j.xmask), cy = (vx_int32)(c.pos >> j.xsh);
                        vx_uint32 yy, ya, yb;
                        vx_uint8 *crow = bytes + (vx_size)cy * rb8;
                        if ((crow[(vx_uint32)cx >> 3] >> (cx & 7)) & 1) continue;
                        A[na++] = c;
                        if (R <= 64 && (vx_uint32)cy >= R - 1 && (vx_uint32)cy + R - 1 < h && cx >= smax &&
                            cx + smax < (vx_int32)w) {
                            for (q = 0; q < nr; q++) {
                                vx_int32 lo = cx - rsp[q];
                                vx_uint8 *at = crow + roff[q] + ((vx_uint32)lo >> 3);
                                vx_uint64 m;
                                memcpy(&m, at, 8);
                                m |= rmask[q] << (lo & 7);
                                memcpy(at, &m, 8);
                            }
                            continue;
                        }
                        ya = (vx_uint32)cy >= R - 1 ? (vx_uint32)cy - (R - 1) : 0;
                        yb = (vx_uint32)cy + R - 1 < h ? (vx_uint32)cy + R - 1 : h - 1;
                        for (yy = ya; yy <= yb; yy++) {
                            vx_int32 sp = span[yy > (vx_uint32)cy ? yy - (vx_uint32)cy : (vx_uint32)cy - yy];
                            vx_int32 lo = cx - sp > 0 ? cx - sp : 0;
                            vx_int32 hi = cx + sp < (vx_int32)w ? cx + sp : (vx_int32)w - 1;
                            vx_uint8 *at = bytes + (vx_size)yy * rb8 + ((vx_uint32)lo >> 3);
                            vx_uint64 m;
                            memcpy(&m, at, 8);
                            m |= ((((vx_uint64)1) << (hi - lo + 1)) - 1) << (lo & 7);
                            memcpy(at, &m, 8);
                        }
                    }
                } else
#endif
                for (i = 0; i < nc; i++) {
                    harris_cand c = A[i];
                    vx_int32 cx = (vx_int32)(c.pos & j.xmask), cy = (vx_int32)(c.pos >> j.xsh);
                    vx_uint32 yy, ya, yb;
                    if ((bits[(vx_size)cy * rw + ((vx_uint32)cx >> 6)] >> (cx & 63)) & 1) continue;
                    A[na++] = c;
                    if (R == 0) continue;
                    ya = (vx_uint32)cy >= R - 1 ? (vx_uint32)cy - (R - 1) : 0;
                    yb = (vx_uint32)cy + R - 1 < h ? (vx_uint32)cy + R - 1 : h - 1;
                    for (yy = ya; yy <= yb; yy++) {
                        disk_row(bits + (vx_size)yy * rw, cx,
                                 span[yy > (vx_uint32)cy ? yy - (vx_uint32)cy : (vx_uint32)cy - yy], w);
                    }
                }
                }
            } else {
                na = nc;
            }
        }
        if (na > 0 && j.fused != 2) { /* the first na of A */
            vx_size room = arr->capacity, m = na < room ? na : room;
            if (m > 0 && (arr->data || ovx_array_alloc(arr) == VX_SUCCESS)) {
                j.A = A, j.kp = (vx_keypoint_t *)arr->data, j.nc = m, j.ox = ox, j.oy = oy;
                harris_run(&j, harris_write);
                arr->num_items = m;
            }
        }
    }
    count_out(params[7], na);
    return VX_SUCCESS;
}

/* ---- FAST corners ------------------------------------------------------------ */

static vx_status VX_CALLBACK fast_validate(vx_node node, const vx_reference params[], vx_uint32 num,
                                           vx_meta_format metas[])
{
    vx_uint32 w = 0, h = 0;
    vx_float32 t = 0;
    vx_bool nms = vx_false_e;
    vx_status s;
    (void)num;
    if ((s = need_u8_image(node, params[0], 0, &w, &h)) != VX_SUCCESS) return s;
    if ((s = scalar_value(node, params[1], 1, VX_TYPE_FLOAT32, &t)) != VX_SUCCESS) return s;
    if (!(t >= 0.0f && t < 256.0f))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "strength_thresh %g outside [0, 256)", (double)t);
    if ((s = scalar_value(node, params[2], 2, VX_TYPE_BOOL, &nms)) != VX_SUCCESS) return s;
    if ((s = need_undefined_border(node)) != VX_SUCCESS) return s;
    if ((s = keypoint_array_meta(node, params[3], metas[3], 3, (vx_size)w * h)) != VX_SUCCESS) return s;
    if (params[4] && (s = size_scalar_meta(node, metas[4], 4)) != VX_SUCCESS) return s;
    return VX_SUCCESS;
}

/* FAST in row bands on the node's threads, each fused: u8 score rows
 * (strength + 1, 0: not a corner) in a ring of 3 (a band computes the rows
 * just above and below its own again), the NMS row, the corners of each row in
 * a slot of its own; then their rows' offsets (raster order, as one thread)
 * and the keypoints written straight into the array, in bands again. */
typedef struct {
    const vx_uint8 *src;
    vx_int32 stride, t, ox, oy;
    vx_uint32 w, h, bands;
    int nms;
    const ovxc_feat_kit *kit;
    vx_uint8 *band_mem;
    vx_size band_bytes;
    vx_uint32 *slot_x;    /* row y's corners at y * w */
    vx_uint8 *slot_s;     /* their strength + 1 */
    vx_uint32 *row_count; /* corners of row y */
    vx_keypoint_t *kp;
    vx_size room;         /* keypoints the array holds */
    vx_uint32 start[OVX_GUIDED_MAX_BANDS + 1]; /* band b: rows [start[b], start[b + 1]) */
    vx_size band_n[OVX_GUIDED_MAX_BANDS];      /* band b's corners; then the index of its first */
} fast_job;

static void fast_band_rows(const fast_job *j, vx_uint32 band, vx_uint32 *y0, vx_uint32 *y1)
{
    *y0 = j->start[band];
    *y1 = j->start[band + 1];
}

static void fast_band(void *arg, vx_uint32 band)
{
    fast_job *j = arg;
    vx_uint32 w = j->w, yb0, yb1, y, ns, i;
    vx_uint8 *ring = j->band_mem + band * j->band_bytes, *zero = ring + 3 * (vx_size)w;
    const vx_uint8 *r[3];
    vx_size total = 0;
    fast_band_rows(j, band, &yb0, &yb1);
    if (yb1 <= yb0) return;
    memset(ring, 0, 4 * (vx_size)w);
    ns = yb0 > 3 ? yb0 - 1 : yb0;
    for (y = yb0; y < yb1; y++) {
        vx_uint32 last = y + 1 < j->h - 3 ? y + 1 : j->h - 4, *xs = j->slot_x + (vx_size)y * w, n;
        vx_uint8 *ss = j->slot_s + (vx_size)y * w;
        for (; ns <= last; ns++)
            j->kit->fast9_row_u8(j->src + (vx_size)ns * (vx_size)j->stride, j->stride, w, j->t,
                                 ring + (vx_size)(ns % 3) * w);
        for (i = 0; i < 3; i++) {
            vx_uint32 yy = y - 1 + i;
            r[i] = yy >= 3 && yy < j->h - 3 ? ring + (vx_size)(yy % 3) * w : zero;
        }
        n = j->kit->fast_nms_row(r[0], r[1], r[2], 3, w - 3, j->nms, xs);
        for (i = 0; i < n; i++) ss[i] = r[1][xs[i]];
        j->row_count[y] = n;
        total += n;
    }
    j->band_n[band] = total;
}

static void fast_write_band(void *arg, vx_uint32 band)
{
    fast_job *j = arg;
    vx_uint32 yb0, yb1, y, i;
    vx_size at = j->band_n[band], n;
    fast_band_rows(j, band, &yb0, &yb1);
    for (y = yb0; y < yb1; y++, at += n) {
        const vx_uint32 *xs = j->slot_x + (vx_size)y * j->w;
        const vx_uint8 *ss = j->slot_s + (vx_size)y * j->w;
        vx_keypoint_t *k = j->kp + at;
        n = j->row_count[y];
        if (at >= j->room) return;
        if (n > j->room - at) n = j->room - at;
        for (i = 0; i < n; i++) {
            k[i].x = (vx_int32)xs[i] + j->ox;
            k[i].y = (vx_int32)y + j->oy;
            k[i].strength = (vx_float32)(ss[i] - 1);
            k[i].scale = 0.0f;
            k[i].orientation = 0.0f;
            k[i].tracking_status = 1;
            k[i].error = 0.0f;
        }
    }
}

static vx_status VX_CALLBACK fast_function(vx_node node, const vx_reference *params, vx_uint32 num)
{
    vx_image in = (vx_image)params[0];
    vx_array arr = (vx_array)params[3];
    vx_float32 tf = 0;
    vx_bool nms = vx_false_e;
    ovx_plane src = valid_plane(in);
    fast_job j;
    vx_uint32 b;
    vx_size n, nc = 0;
    (void)num;
    memset(&j, 0, sizeof(j));
    if (ovx_scalar_get((vx_scalar)params[1], VX_TYPE_FLOAT32, &tf) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[2], VX_TYPE_BOOL, &nms) != VX_SUCCESS || !(tf >= 0.0f && tf < 256.0f))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "strength_thresh outside [0, 256)");
    j.t = (vx_int32)tf; /* fractions are truncated */
    j.nms = nms == vx_true_e;
    j.src = src.ptr, j.stride = src.stride, j.w = src.width, j.h = src.height;
    j.ox = (vx_int32)valid_start(in, 0), j.oy = (vx_int32)valid_start(in, 1);
    n = (vx_size)j.w * j.h;
    ovx_array_clear(arr);
    if (j.w >= 7 && j.h >= 7) {
        vx_uint32 threads = ovx_node_threads(node);
        vx_size off_sx, off_ss, off_rc, total;
        vx_uint8 *mem;
        j.kit = feat_kit(node);
        /* bands of shrinking size (ovx_guided_bands), 16 rows at least (a band
         * computes 2 score rows again) */
        j.bands = ovx_guided_bands(3, j.h - 3, n >= 65536 ? threads : 1, 16, j.start);
        j.band_bytes = align64(4 * (vx_size)j.w);
        off_sx = align64(j.bands * j.band_bytes);
        off_ss = off_sx + align64(n * sizeof(vx_uint32));
        off_rc = off_ss + align64(n);
        total = off_rc + align64(((vx_size)j.h + 1) * sizeof(vx_uint32));
        mem = ovx_node_scratch(node, total);
        if (!mem) return ovx_kernel_log(node, 0, VX_ERROR_NO_MEMORY, "no memory for %ux%u scores", j.w, j.h);
        j.band_mem = mem, j.slot_x = (vx_uint32 *)(mem + off_sx), j.slot_s = mem + off_ss;
        j.row_count = (vx_uint32 *)(mem + off_rc);
        if (j.bands > 1)
            ovx_parallel_for(j.bands, fast_band, &j);
        else
            fast_band(&j, 0);
        for (b = 0; b < j.bands; b++) { /* each band's first corner */
            vx_size c = j.band_n[b];
            j.band_n[b] = nc;
            nc += c;
        }
        j.room = arr->capacity;
        if (nc > 0 && j.room > 0 && (arr->data || ovx_array_alloc(arr) == VX_SUCCESS)) {
            j.kp = (vx_keypoint_t *)arr->data;
            if (j.bands > 1)
                ovx_parallel_for(j.bands, fast_write_band, &j);
            else
                fast_write_band(&j, 0);
            arr->num_items = nc < j.room ? nc : j.room;
        }
    }
    count_out(params[4], nc);
    return VX_SUCCESS;
}

/* The kernels of this family with SIMD variants: their select hooks (runtime/dispatch.h). */
static const ovx_variant *select_feat(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_feat_kit_variants());
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_FEATURES
#include "kernel_descs.h"
