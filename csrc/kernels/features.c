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

#include "../compute/features.h"
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

/* Write count keypoints to arr (as many as its capacity holds). */
static void keypoints_out(vx_array arr, const vx_keypoint_t *kp, vx_size count)
{
    vx_size room;
    ovx_array_clear(arr);
    room = arr->capacity > arr->num_items ? arr->capacity - arr->num_items : 0;
    if (count > room) count = room;
    if (count) (void)ovx_array_push(arr, kp, count);
}

static void count_out(vx_reference ref, vx_size count)
{
    if (ref) (void)ovx_scalar_set((vx_scalar)ref, VX_TYPE_SIZE, &count);
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
    ovx_sobel_grad_rows(j->src, j->stride, j->w, j->gs, y0, y1, j->gx, j->gy, j->w);
    ovx_canny_magnitude(j->gx + at, j->gy + at, (vx_size)(y1 - y0) * j->w, j->l2, j->mag + at);
}

static void canny_nms_task(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    canny_job *j = arg;
    ovx_canny_nms_rows(j->gx, j->gy, j->mag, j->w, (vx_uint32)j->r + 1, j->w - (vx_uint32)j->r - 1, y0, y1, j->lo,
                       j->hi, j->map, j->w);
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
    if (n > 0) {
        gx = calloc(n, sizeof(*gx));
        gy = calloc(n, sizeof(*gy));
        mag = calloc(n, sizeof(*mag));
        map = calloc(n, sizeof(*map));
        stack = malloc(n * sizeof(*stack));
        if (!gx || !gy || !mag || !map || !stack) {
            free(gx), free(gy), free(mag), free(map), free(stack);
            return ovx_kernel_log(node, 0, VX_ERROR_NO_MEMORY, "no memory for %ux%u gradients", w, h);
        }
        if (w >= (vx_uint32)(2 * r + 3) && h >= (vx_uint32)(2 * r + 3)) {
            canny_job j = {src.ptr, src.stride, w, gs, r, norm == VX_NORM_L2, (vx_uint64)lo, (vx_uint64)hi,
                           gx, gy, mag, map};
            ovx_node_parallel_rows(node, (vx_uint32)r, h - (vx_uint32)r, n * 8, canny_grad_task, &j);
            ovx_node_parallel_rows(node, (vx_uint32)r + 1, h - (vx_uint32)r - 1, n * 4, canny_nms_task, &j);
            ovx_canny_hysteresis(map, w, w, h, stack);
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
    free(gx), free(gy), free(mag), free(map), free(stack);
    return VX_SUCCESS;
}

static const ovx_kernel_desc canny_desc = {
    .enumeration = VX_KERNEL_CANNY_EDGE_DETECTOR,
    .name = "org.khronos.openvx.canny_edge_detector",
    .num_params = 5,
    .params = {{VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_INPUT, VX_TYPE_THRESHOLD, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED, vx_false_e}},
    .function = canny_function,
    .validate = canny_validate,
    .valid_rule = OVX_VALID_FULL,
};

VX_API_ENTRY vx_node VX_API_CALL vxCannyEdgeDetectorNode(vx_graph graph, vx_image input, vx_threshold hyst,
                                                         vx_int32 gradient_size, vx_enum norm_type, vx_image output)
{
    vx_scalar gs = ovx_node_scalar(graph, VX_TYPE_INT32, &gradient_size);
    vx_scalar nt = ovx_node_scalar(graph, VX_TYPE_ENUM, &norm_type);
    vx_reference p[] = {(vx_reference)input, (vx_reference)hyst, (vx_reference)gs, (vx_reference)nt,
                        (vx_reference)output};
    vx_node node = ovx_node_create(graph, VX_KERNEL_CANNY_EDGE_DETECTOR, p, 5);
    ovx_scalar_drop(gs);
    ovx_scalar_drop(nt);
    return node;
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

typedef struct {
    vx_int32 x, y;
    vx_float32 v;
} harris_cand;

static int harris_cmp(const void *a, const void *b)
{
    const harris_cand *p = a, *q = b;
    if (p->v != q->v) return p->v > q->v ? -1 : 1;
    if (p->y != q->y) return p->y < q->y ? -1 : 1;
    return p->x < q->x ? -1 : (p->x > q->x);
}

/* Harris's two row passes on the node's threads (each reads what the one
 * before wrote, in rows other bands may own). */
typedef struct {
    const vx_uint8 *src;
    vx_int32 stride;
    vx_uint32 w;
    vx_int32 gs, bs;
    vx_float64 norm, k, thr;
    vx_int32 *gx, *gy;
    vx_float32 *score;
    vx_int32 r;
} harris_job;

static void harris_grad_task(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    harris_job *j = arg;
    ovx_sobel_grad_rows(j->src, j->stride, j->w, j->gs, y0, y1, j->gx, j->gy, j->w);
}

static void harris_score_task(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    harris_job *j = arg;
    ovx_harris_score_rows(j->gx + j->r, j->gy + j->r, j->w, j->w - 2 * (vx_uint32)j->r, j->bs, j->norm, j->k, j->thr,
                          y0, y1, j->score + j->r, j->w);
}

static vx_status VX_CALLBACK harris_function(vx_node node, const vx_reference *params, vx_uint32 num)
{
    vx_image in = (vx_image)params[0];
    vx_float32 thr = 0, dist = 0, k = 0;
    vx_int32 gs = 3, bs = 3, r, rb;
    ovx_plane src = valid_plane(in);
    vx_int32 ox = (vx_int32)valid_start(in, 0), oy = (vx_int32)valid_start(in, 1);
    vx_uint32 w = src.width, h = src.height, x, y;
    vx_size n = (vx_size)w * h, nc = 0, na = 0, i;
    vx_int32 *gx = NULL, *gy = NULL, *head = NULL, *next = NULL;
    vx_float32 *score = NULL;
    harris_cand *cand = NULL;
    vx_keypoint_t *kp = NULL;
    vx_status status = VX_SUCCESS;
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
    if (n > 0 && w > (vx_uint32)(2 * (r + rb)) && h > (vx_uint32)(2 * (r + rb))) {
        gx = calloc(n, sizeof(*gx));
        gy = calloc(n, sizeof(*gy));
        score = calloc(n, sizeof(*score));
        cand = malloc(n * sizeof(*cand));
        if (!gx || !gy || !score || !cand) {
            status = ovx_kernel_log(node, 0, VX_ERROR_NO_MEMORY, "no memory for %ux%u gradients", w, h);
            goto done;
        }
        {
            harris_job j = {src.ptr, src.stride, w, gs, bs, (vx_float64)(1 << (gs - 1)) * 255.0 * bs, k, thr,
                            gx, gy, score, r};
            ovx_node_parallel_rows(node, (vx_uint32)r, h - (vx_uint32)r, n * 8, harris_grad_task, &j);
            /* scores where the whole block has gradients: x, y in [r + rb, size - r - rb) */
            ovx_node_parallel_rows(node, (vx_uint32)(r + rb), h - (vx_uint32)(r + rb), n * 8, harris_score_task, &j);
        }
        for (y = (vx_uint32)(r + rb); y < h - (vx_uint32)(r + rb); y++) {
            for (x = (vx_uint32)(r + rb); x < w - (vx_uint32)(r + rb); x++) {
                vx_float32 v = score[(vx_size)y * w + x];
                if (v > thr && ovx_nms_keep_f32(score, w, w, h, x, y)) {
                    cand[nc].x = (vx_int32)x;
                    cand[nc].y = (vx_int32)y;
                    cand[nc].v = v;
                    nc++;
                }
            }
        }
    }
    if (nc > 0) {
        /* strongest first; keep a corner unless an accepted one lies closer than dist */
        vx_float32 cell = dist > 1.0f ? dist : 1.0f;
        vx_int32 cw = (vx_int32)((vx_float32)w / cell) + 1, ch = (vx_int32)((vx_float32)h / cell) + 1;
        qsort(cand, nc, sizeof(*cand), harris_cmp);
        kp = malloc(nc * sizeof(*kp));
        head = malloc((vx_size)cw * (vx_size)ch * sizeof(*head));
        next = malloc(nc * sizeof(*next));
        if (!kp || !head || !next) {
            status = ovx_kernel_log(node, 0, VX_ERROR_NO_MEMORY, "no memory for %zu corners", nc);
            goto done;
        }
        for (i = 0; i < (vx_size)cw * (vx_size)ch; i++) head[i] = -1;
        for (i = 0; i < nc; i++) {
            vx_int32 cx = (vx_int32)((vx_float32)cand[i].x / cell), cy = (vx_int32)((vx_float32)cand[i].y / cell);
            vx_int32 ix, iy, ok = 1;
            if (dist > 0.0f) {
                for (iy = cy - 1; iy <= cy + 1 && ok; iy++) {
                    for (ix = cx - 1; ix <= cx + 1 && ok; ix++) {
                        vx_int32 a;
                        if (ix < 0 || iy < 0 || ix >= cw || iy >= ch) continue;
                        for (a = head[iy * cw + ix]; a >= 0; a = next[a]) {
                            vx_float32 ddx = (vx_float32)(kp[a].x - ox - cand[i].x);
                            vx_float32 ddy = (vx_float32)(kp[a].y - oy - cand[i].y);
                            if (ddx * ddx + ddy * ddy < dist * dist) {
                                ok = 0;
                                break;
                            }
                        }
                    }
                }
            }
            if (!ok) continue;
            kp[na].x = cand[i].x + ox;
            kp[na].y = cand[i].y + oy;
            kp[na].strength = cand[i].v;
            kp[na].scale = 0.0f;
            kp[na].orientation = 0.0f;
            kp[na].tracking_status = 1;
            kp[na].error = 0.0f;
            next[na] = head[cy * cw + cx];
            head[cy * cw + cx] = (vx_int32)na;
            na++;
        }
    }
    keypoints_out((vx_array)params[6], kp, na);
    count_out(params[7], na);
done:
    free(gx), free(gy), free(score), free(cand), free(kp), free(head), free(next);
    return status;
}

static const ovx_kernel_desc harris_desc = {
    .enumeration = VX_KERNEL_HARRIS_CORNERS,
    .name = "org.khronos.openvx.harris_corners",
    .num_params = 8,
    .params = {{VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_OUTPUT, VX_TYPE_ARRAY, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_OUTPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_OPTIONAL, vx_false_e}},
    .function = harris_function,
    .validate = harris_validate,
    .valid_rule = OVX_VALID_FULL,
};

VX_API_ENTRY vx_node VX_API_CALL vxHarrisCornersNode(vx_graph graph, vx_image input, vx_scalar strength_thresh,
                                                     vx_scalar min_distance, vx_scalar sensitivity,
                                                     vx_int32 gradient_size, vx_int32 block_size, vx_array corners,
                                                     vx_scalar num_corners)
{
    vx_scalar gs = ovx_node_scalar(graph, VX_TYPE_INT32, &gradient_size);
    vx_scalar bs = ovx_node_scalar(graph, VX_TYPE_INT32, &block_size);
    vx_reference p[] = {(vx_reference)input,     (vx_reference)strength_thresh, (vx_reference)min_distance,
                        (vx_reference)sensitivity, (vx_reference)gs,            (vx_reference)bs,
                        (vx_reference)corners,   (vx_reference)num_corners};
    vx_node node = ovx_node_create(graph, VX_KERNEL_HARRIS_CORNERS, p, 8);
    ovx_scalar_drop(gs);
    ovx_scalar_drop(bs);
    return node;
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

/* FAST on the node's threads: scores by row bands, then corners counted per
 * row, then written at their rows' offsets (raster order, as one thread). */
typedef struct {
    const vx_uint8 *src;
    vx_int32 stride, t, ox, oy;
    vx_uint32 w, h;
    vx_bool nms;
    vx_int16 *score;
    vx_uint32 *row_count; /* corners of row y; then the index of its first */
    vx_keypoint_t *kp;
} fast_job;

static void fast_score_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    fast_job *j = arg;
    vx_size i;
    for (i = (vx_size)y0 * j->w; i < (vx_size)y1 * j->w; i++) j->score[i] = -1;
    if (y0 < 3) y0 = 3;
    if (y1 > j->h - 3) y1 = j->h - 3;
    if (y1 > y0) ovx_fast9_rows(j->src, j->stride, j->w, j->t, y0, y1, j->score, j->w);
}

static vx_bool fast_keep(const fast_job *j, vx_uint32 x, vx_uint32 y)
{
    return j->score[(vx_size)y * j->w + x] >= 0 && (!j->nms || ovx_nms_keep_i16(j->score, j->w, j->w, j->h, x, y));
}

static void fast_count_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    fast_job *j = arg;
    vx_uint32 x, y;
    for (y = y0; y < y1; y++) {
        vx_uint32 n = 0;
        for (x = 3; x < j->w - 3; x++) n += fast_keep(j, x, y);
        j->row_count[y] = n;
    }
}

static void fast_write_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    fast_job *j = arg;
    vx_uint32 x, y;
    for (y = y0; y < y1; y++) {
        vx_keypoint_t *k = j->kp + j->row_count[y];
        for (x = 3; x < j->w - 3; x++) {
            if (!fast_keep(j, x, y)) continue;
            k->x = (vx_int32)x + j->ox;
            k->y = (vx_int32)y + j->oy;
            k->strength = (vx_float32)j->score[(vx_size)y * j->w + x];
            k->scale = 0.0f;
            k->orientation = 0.0f;
            k->tracking_status = 1;
            k->error = 0.0f;
            k++;
        }
    }
}

static vx_status VX_CALLBACK fast_function(vx_node node, const vx_reference *params, vx_uint32 num)
{
    vx_image in = (vx_image)params[0];
    vx_float32 tf = 0;
    ovx_plane src = valid_plane(in);
    fast_job j;
    vx_uint32 y;
    vx_size n, nc = 0;
    (void)num;
    memset(&j, 0, sizeof(j));
    if (ovx_scalar_get((vx_scalar)params[1], VX_TYPE_FLOAT32, &tf) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[2], VX_TYPE_BOOL, &j.nms) != VX_SUCCESS || !(tf >= 0.0f && tf < 256.0f))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "strength_thresh outside [0, 256)");
    j.t = (vx_int32)tf; /* fractions are truncated */
    j.src = src.ptr, j.stride = src.stride, j.w = src.width, j.h = src.height;
    j.ox = (vx_int32)valid_start(in, 0), j.oy = (vx_int32)valid_start(in, 1);
    n = (vx_size)j.w * j.h;
    if (j.w >= 7 && j.h >= 7) {
        j.score = malloc(n * sizeof(*j.score));
        j.row_count = malloc(j.h * sizeof(*j.row_count));
        if (!j.score || !j.row_count) {
            free(j.score);
            free(j.row_count);
            return ovx_kernel_log(node, 0, VX_ERROR_NO_MEMORY, "no memory for %ux%u scores", j.w, j.h);
        }
        ovx_node_parallel_rows(node, 0, j.h, n * 4, fast_score_rows, &j);
        for (y = 0; y < j.h; y++) j.row_count[y] = 0;
        ovx_node_parallel_rows(node, 3, j.h - 3, n, fast_count_rows, &j);
        for (y = 0; y < j.h; y++) {
            vx_uint32 c = j.row_count[y];
            j.row_count[y] = (vx_uint32)nc;
            nc += c;
        }
        j.kp = malloc((nc ? nc : 1) * sizeof(*j.kp));
        if (!j.kp) {
            free(j.score);
            free(j.row_count);
            return ovx_kernel_log(node, 0, VX_ERROR_NO_MEMORY, "no memory for %zu corners", nc);
        }
        ovx_node_parallel_rows(node, 3, j.h - 3, n, fast_write_rows, &j);
    }
    keypoints_out((vx_array)params[3], j.kp, nc);
    count_out(params[4], nc);
    free(j.score);
    free(j.row_count);
    free(j.kp);
    return VX_SUCCESS;
}

static const ovx_kernel_desc fast_desc = {
    .enumeration = VX_KERNEL_FAST_CORNERS,
    .name = "org.khronos.openvx.fast_corners",
    .num_params = 5,
    .params = {{VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_OUTPUT, VX_TYPE_ARRAY, VX_PARAMETER_STATE_REQUIRED, vx_false_e},
               {VX_OUTPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_OPTIONAL, vx_false_e}},
    .function = fast_function,
    .validate = fast_validate,
    .valid_rule = OVX_VALID_FULL,
};

VX_API_ENTRY vx_node VX_API_CALL vxFastCornersNode(vx_graph graph, vx_image input, vx_scalar strength_thresh,
                                                   vx_bool nonmax_suppression, vx_array corners,
                                                   vx_scalar num_corners)
{
    vx_scalar nms = ovx_node_scalar(graph, VX_TYPE_BOOL, &nonmax_suppression);
    vx_reference p[] = {(vx_reference)input, (vx_reference)strength_thresh, (vx_reference)nms,
                        (vx_reference)corners, (vx_reference)num_corners};
    vx_node node = ovx_node_create(graph, VX_KERNEL_FAST_CORNERS, p, 5);
    ovx_scalar_drop(nms);
    return node;
}

const ovx_kernel_desc *const ovx_family_features[] = {&canny_desc, &harris_desc, &fast_desc, NULL};
