/*
 * Kernels: optical flow (spec "Optical Flow Pyramid (LK)").  A whole-node
 * kernel: it tracks each keypoint of old_points through both pyramids
 * (compute/optflow.c: up to 64 points a call, which the SIMD variants
 * interleave; bands of points on the node's threads) and writes as many
 * keypoints to new_points.  Only
 * VX_BORDER_UNDEFINED is supported; windows that reach past the image read
 * its nearest pixels.
 */
#include "kernels.h"

#include "../compute/optflow.h"
#include "../framework/graph.h"
#include "../objects/pyramid.h"

#include <stdlib.h>

static vx_status of_scalar(vx_node node, vx_reference ref, vx_uint32 index, vx_enum type, void *value)
{
    return ovx_scalar_param(node, ref, index, type, value);
}

static vx_status of_keypoints(vx_node node, vx_reference ref, vx_uint32 index, vx_size *capacity)
{
    vx_enum item = VX_TYPE_INVALID;
    if (vxQueryArray((vx_array)ref, VX_ARRAY_ITEMTYPE, &item, sizeof(item)) != VX_SUCCESS ||
        vxQueryArray((vx_array)ref, VX_ARRAY_CAPACITY, capacity, sizeof(*capacity)) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "cannot query the array");
    if (item != VX_TYPE_KEYPOINT)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_TYPE, "the array must hold VX_TYPE_KEYPOINT");
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK lk_validate(vx_node node, const vx_reference params[], vx_uint32 num,
                                         vx_meta_format metas[])
{
    vx_size lv[2] = {0, 0}, cap_old = 0, cap_est = 0, winsz = 0, cap_out = 0;
    vx_float32 sc[2] = {0, 0}, eps = 0;
    vx_uint32 w[2] = {0, 0}, h[2] = {0, 0}, iters = 0;
    vx_df_image f[2] = {0, 0};
    vx_enum term = 0, type = VX_TYPE_KEYPOINT;
    vx_bool use = vx_false_e;
    vx_border_t b;
    vx_status s;
    int i;
    (void)num;
    for (i = 0; i < 2; i++) {
        vx_pyramid p = (vx_pyramid)params[i];
        if (vxQueryPyramid(p, VX_PYRAMID_LEVELS, &lv[i], sizeof(lv[i])) != VX_SUCCESS ||
            vxQueryPyramid(p, VX_PYRAMID_SCALE, &sc[i], sizeof(sc[i])) != VX_SUCCESS ||
            vxQueryPyramid(p, VX_PYRAMID_WIDTH, &w[i], sizeof(w[i])) != VX_SUCCESS ||
            vxQueryPyramid(p, VX_PYRAMID_HEIGHT, &h[i], sizeof(h[i])) != VX_SUCCESS ||
            vxQueryPyramid(p, VX_PYRAMID_FORMAT, &f[i], sizeof(f[i])) != VX_SUCCESS)
            return ovx_kernel_log(node, (vx_uint32)i, VX_ERROR_INVALID_PARAMETERS, "cannot query the pyramid");
        if (f[i] != VX_DF_IMAGE_U8)
            return ovx_kernel_log(node, (vx_uint32)i, VX_ERROR_INVALID_FORMAT, "the pyramid must be U8");
    }
    if (lv[0] != lv[1] || sc[0] != sc[1])
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS,
                              "the pyramids differ in levels or scale (%zu/%g vs %zu/%g)", lv[0], (double)sc[0],
                              lv[1], (double)sc[1]);
    if (w[0] != w[1] || h[0] != h[1])
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "the pyramids differ in size (%ux%u vs %ux%u)",
                              w[0], h[0], w[1], h[1]);
    if ((s = of_keypoints(node, params[2], 2, &cap_old)) != VX_SUCCESS) return s;
    if ((s = of_keypoints(node, params[3], 3, &cap_est)) != VX_SUCCESS) return s;
    if ((s = of_scalar(node, params[5], 5, VX_TYPE_ENUM, &term)) != VX_SUCCESS) return s;
    if (term != VX_TERM_CRITERIA_ITERATIONS && term != VX_TERM_CRITERIA_EPSILON && term != VX_TERM_CRITERIA_BOTH)
        return ovx_kernel_log(node, 5, VX_ERROR_INVALID_VALUE, "unknown termination criteria");
    if ((s = of_scalar(node, params[6], 6, VX_TYPE_FLOAT32, &eps)) != VX_SUCCESS) return s;
    if (!(eps >= 0.0f)) return ovx_kernel_log(node, 6, VX_ERROR_INVALID_VALUE, "epsilon must be >= 0");
    if ((s = of_scalar(node, params[7], 7, VX_TYPE_UINT32, &iters)) != VX_SUCCESS) return s;
    if ((s = of_scalar(node, params[8], 8, VX_TYPE_BOOL, &use)) != VX_SUCCESS) return s;
    if ((s = of_scalar(node, params[9], 9, VX_TYPE_SIZE, &winsz)) != VX_SUCCESS) return s;
    /* an even window is centred like the next odd one (the spec does not
     * ask for odd sizes; the CTS uses 10) */
    if (winsz < 3 || winsz > OVX_OPTICAL_FLOW_MAX_WINDOW || winsz > OVXC_LK_MAX_WINDOW)
        return ovx_kernel_log(node, 9, VX_ERROR_INVALID_VALUE, "window dimension %zu: must be 3 .. %d", winsz,
                              OVX_OPTICAL_FLOW_MAX_WINDOW);
    if (vxQueryNode(node, VX_NODE_BORDER, &b, sizeof(b)) == VX_SUCCESS && b.mode != VX_BORDER_UNDEFINED)
        return ovx_kernel_log(node, 0, VX_ERROR_NOT_SUPPORTED, "only VX_BORDER_UNDEFINED is supported");
    (void)vxQueryArray((vx_array)params[4], VX_ARRAY_CAPACITY, &cap_out, sizeof(cap_out));
    if (cap_out == 0) cap_out = cap_old;
    (void)vxSetMetaFormatAttribute(metas[4], VX_ARRAY_ITEMTYPE, &type, sizeof(type));
    (void)vxSetMetaFormatAttribute(metas[4], VX_ARRAY_CAPACITY, &cap_out, sizeof(cap_out));
    return VX_SUCCESS;
}

typedef struct {
    const ovxc_lk_level *lo, *ln;
    vx_uint32 levels;
    vx_float32 scale;
    const ovxc_lk_params *prm;
    vx_array old_pts, est;
    vx_bool use;
    vx_keypoint_t *res;
    ovxc_lk_points_f track;
} lk_job;

enum { LK_CHUNK = 64 };

/* The collected points tracked together (the SIMD variants interleave them). */
static void lk_flush(const lk_job *j, vx_uint32 n, const vx_float32 *pts, const vx_uint32 *at)
{
    vx_float32 out[2 * LK_CHUNK];
    vx_uint8 ok[LK_CHUNK];
    vx_uint32 k;
    j->track(j->lo, j->ln, j->levels, j->scale, j->prm, n, pts, out, ok);
    for (k = 0; k < n; k++) {
        vx_keypoint_t *r = &j->res[at[k]];
        if (ok[k]) {
            r->x = (vx_int32)(out[2 * k] + 0.5f);
            r->y = (vx_int32)(out[2 * k + 1] + 0.5f);
            r->tracking_status = 1;
        } else {
            r->tracking_status = 0;
        }
    }
}

static void lk_points(void *arg, vx_uint32 i0, vx_uint32 i1)
{
    const lk_job *j = arg;
    vx_float32 pts[4 * LK_CHUNK];
    vx_uint32 at[LK_CHUNK], n = 0, i;
    for (i = i0; i < i1; i++) {
        const vx_keypoint_t *p = (const vx_keypoint_t *)ovx_array_item(j->old_pts, i);
        vx_float32 gx = (vx_float32)p->x, gy = (vx_float32)p->y;
        j->res[i] = *p;
        if (p->tracking_status == 0) continue; /* lost points are copied as they are */
        if (j->use && i < j->est->num_items) {
            const vx_keypoint_t *e = (const vx_keypoint_t *)ovx_array_item(j->est, i);
            gx = (vx_float32)e->x;
            gy = (vx_float32)e->y;
        }
        pts[4 * n] = (vx_float32)p->x;
        pts[4 * n + 1] = (vx_float32)p->y;
        pts[4 * n + 2] = gx;
        pts[4 * n + 3] = gy;
        at[n++] = i;
        if (n == LK_CHUNK) lk_flush(j, n, pts, at), n = 0;
    }
    if (n) lk_flush(j, n, pts, at);
}

static vx_status VX_CALLBACK lk_function(vx_node node, const vx_reference *params, vx_uint32 num)
{
    vx_pyramid po = (vx_pyramid)params[0], pn = (vx_pyramid)params[1];
    vx_array old_pts = (vx_array)params[2], est = (vx_array)params[3], out = (vx_array)params[4];
    vx_enum term = VX_TERM_CRITERIA_BOTH;
    vx_bool use = vx_false_e;
    vx_size winsz = 0, count, room;
    ovxc_lk_params prm;
    ovxc_lk_level *lo = NULL, *ln = NULL;
    vx_keypoint_t *res = NULL;
    vx_uint32 l, levels;
    (void)num;
    if (ovx_scalar_get((vx_scalar)params[5], VX_TYPE_ENUM, &term) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[6], VX_TYPE_FLOAT32, &prm.epsilon) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[7], VX_TYPE_UINT32, &prm.max_iter) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[8], VX_TYPE_BOOL, &use) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[9], VX_TYPE_SIZE, &winsz) != VX_SUCCESS || winsz < 1 ||
        winsz > OVXC_LK_MAX_WINDOW)
        return ovx_kernel_log(node, 5, VX_ERROR_INVALID_PARAMETERS, "bad scalar arguments");
    prm.window = (vx_uint32)(winsz | 1u);
    if (prm.window > OVXC_LK_MAX_WINDOW) prm.window = OVXC_LK_MAX_WINDOW;
    prm.use_iter = term != VX_TERM_CRITERIA_EPSILON;
    prm.use_eps = term != VX_TERM_CRITERIA_ITERATIONS;
    if (po->levels != pn->levels || po->levels == 0)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "the pyramids differ in levels");
    levels = (vx_uint32)po->levels;
    count = old_pts->num_items;
    {
        /* the levels' planes and the results in the node's scratch (kept between runs) */
        vx_size lvl_bytes = (levels * sizeof(*lo) + 63) & ~(vx_size)63;
        vx_uint8 *mem = ovx_node_scratch(node, 2 * lvl_bytes + (count ? count : 1) * sizeof(*res));
        if (!mem) return ovx_kernel_log(node, 4, VX_ERROR_NO_MEMORY, "no memory for %zu points", count);
        lo = (ovxc_lk_level *)(void *)mem;
        ln = (ovxc_lk_level *)(void *)(mem + lvl_bytes);
        res = (vx_keypoint_t *)(void *)(mem + 2 * lvl_bytes);
    }
    for (l = 0; l < levels; l++) {
        ovx_plane a = ovx_image_plane(po->images[l], 0), b = ovx_image_plane(pn->images[l], 0);
        lo[l].ptr = a.ptr;
        lo[l].stride = a.stride;
        lo[l].width = a.width;
        lo[l].height = a.height;
        ln[l].ptr = b.ptr;
        ln[l].stride = b.stride;
        ln[l].width = b.width;
        ln[l].height = b.height;
    }
    {
        /* the points are independent: ranges of them side by side on the node's threads */
        const ovx_variant *v = ovx_node_variant(node);
        lk_job j = {lo, ln, levels, po->scale, &prm, old_pts, est, use, res,
                    v ? (ovxc_lk_points_f)v->fn : ovxc_lk_track_points};
        /* guided bands of at least 8 points (a point is some 10 us here; the
         * SIMD variants interleave a few points, which a band's last ones
         * lack) */
        ovx_node_guided_rows(node, 0, (vx_uint32)count, 8, count >= 16 ? vx_true_e : vx_false_e, lk_points, &j);
    }
    ovx_array_clear(out);
    room = out->capacity;
    if (count > room) count = room;
    if (count) (void)ovx_array_push(out, res, count);
    return VX_SUCCESS;
}

static const ovx_variant *lk_select(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_lk_variants());
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_OPTFLOW
#include "kernel_descs.h"
