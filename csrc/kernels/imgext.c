/*
 * Kernel family imgext (enhanced vision: spec "LBP", "Non-Maxima
 * Suppression", "MatchTemplate").
 *
 * All three compute row bands of their output (window compute); the loops
 * are in compute/imgext.c.  LBP and NonMaxSuppression read a neighbourhood
 * and support the three border modes (the chapters name none; UNDEFINED is
 * computed as REPLICATE, any value being allowed there) with a valid region
 * shrunk by the neighbourhood's radius under VX_BORDER_UNDEFINED.
 * MatchTemplate never reads outside its source, so the border mode does not
 * matter to it.
 */
#include "kernels.h"
#include "guided.h"

#include "../compute/imgext.h"
#include "../compute/imgext_rows.h"
#include "../compute/match.h"
#include "../runtime/dispatch.h"

/* ---- validator helpers ---------------------------------------------------- */

typedef struct {
    vx_df_image format;
    vx_uint32 width, height;
} img_meta;

static vx_status query_image(vx_node node, const vx_reference params[], vx_uint32 index, img_meta *m)
{
    vx_image img = (vx_image)params[index];
    if (vxQueryImage(img, VX_IMAGE_FORMAT, &m->format, sizeof(m->format)) != VX_SUCCESS ||
        vxQueryImage(img, VX_IMAGE_WIDTH, &m->width, sizeof(m->width)) != VX_SUCCESS ||
        vxQueryImage(img, VX_IMAGE_HEIGHT, &m->height, sizeof(m->height)) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "is not a valid image");
    return VX_SUCCESS;
}

/* The value of scalar parameter index, which must be of type type. */
static vx_status scalar_value(vx_node node, const vx_reference params[], vx_uint32 index, vx_enum type, void *value)
{
    return ovx_scalar_param(node, params[index], index, type, value);
}

/* The value of a node's scalar parameter from a valid-rectangle callback. */
static vx_status node_scalar(vx_node node, vx_uint32 index, vx_enum type, void *value)
{
    vx_parameter p = vxGetParameterByIndex(node, index);
    vx_reference ref = NULL;
    vx_status s;
    if (vxGetStatus((vx_reference)p) != VX_SUCCESS) return VX_ERROR_INVALID_PARAMETERS;
    s = vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof(ref));
    (void)vxReleaseParameter(&p);
    if (s != VX_SUCCESS || !ref) return VX_ERROR_INVALID_PARAMETERS;
    s = ovx_scalar_get((vx_scalar)ref, type, value);
    (void)vxReleaseReference(&ref);
    return s;
}

/* out = in (intersected with in2 when given), shrunk by r on every side when
 * the node's border mode is VX_BORDER_UNDEFINED. */
static void shrink_rect(vx_node node, const vx_rectangle_t *in, const vx_rectangle_t *in2, vx_uint32 r,
                        vx_rectangle_t *out)
{
    vx_rectangle_t v = *in;
    if (in2) {
        if (in2->start_x > v.start_x) v.start_x = in2->start_x;
        if (in2->start_y > v.start_y) v.start_y = in2->start_y;
        if (in2->end_x < v.end_x) v.end_x = in2->end_x;
        if (in2->end_y < v.end_y) v.end_y = in2->end_y;
    }
    if (ovx_node_border(node).mode == VX_BORDER_UNDEFINED) {
        v.start_x += r;
        v.start_y += r;
        v.end_x = v.end_x >= r ? v.end_x - r : 0;
        v.end_y = v.end_y >= r ? v.end_y - r : 0;
    }
    if (v.end_x < v.start_x) v.end_x = v.start_x;
    if (v.end_y < v.start_y) v.end_y = v.start_y;
    *out = v;
}

static ovxc_area make_area(vx_node node, const ovx_plane *in, const ovx_window *win, vx_df_image fmt)
{
    ovxc_area a;
    vx_border_t b = ovx_node_border(node);
    a.width = in->width;
    a.height = in->height;
    a.x0 = win->x0;
    a.x1 = win->x1;
    a.y0 = win->y0;
    a.y1 = win->y1;
    a.border = b.mode == VX_BORDER_CONSTANT ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
    a.constant = fmt == VX_DF_IMAGE_S16 ? (vx_uint32)(vx_uint16)b.constant_value.S16 : b.constant_value.U8;
    return a;
}

/* ---- LBP ------------------------------------------------------------------------- */

/* The ring radius of a (format, kernel_size) pair. */
static vx_uint32 lbp_radius(vx_enum format, vx_int8 ksize)
{
    return (format == VX_MLBP || ksize == 5) ? 2u : 1u;
}

static vx_status VX_CALLBACK valid_rect_lbp(vx_node node, vx_uint32 index, const vx_rectangle_t *const in[],
                                            vx_rectangle_t *const out[])
{
    vx_enum format = VX_LBP;
    vx_int8 ksize = 3;
    (void)index;
    if (!in[0] || !out[0]) return VX_ERROR_INVALID_PARAMETERS;
    if (node_scalar(node, 1, VX_TYPE_ENUM, &format) != VX_SUCCESS ||
        node_scalar(node, 2, VX_TYPE_INT8, &ksize) != VX_SUCCESS)
        return VX_ERROR_INVALID_PARAMETERS;
    shrink_rect(node, in[0], NULL, lbp_radius(format, ksize), out[0]);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK validate_lbp(vx_node node, const vx_reference params[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    img_meta m;
    char b[5];
    vx_enum format = 0;
    vx_int8 ksize = 0;
    vx_status s;
    vx_kernel_image_valid_rectangle_f cb = valid_rect_lbp;
    (void)num;
    if ((s = query_image(node, params, 0, &m)) != VX_SUCCESS) return s;
    if (m.format != VX_DF_IMAGE_U8)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "must be U8, got %s", ovx_fmt_name(m.format, b));
    if ((s = scalar_value(node, params, 1, VX_TYPE_ENUM, &format)) != VX_SUCCESS) return s;
    if (format != VX_LBP && format != VX_MLBP && format != VX_ULBP)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "0x%x is not a vx_lbp_format_e", (unsigned)format);
    if ((s = scalar_value(node, params, 2, VX_TYPE_INT8, &ksize)) != VX_SUCCESS) return s;
    if (ksize != 3 && ksize != 5)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "kernel size %d is not 3 or 5", (int)ksize);
    if (format == VX_MLBP && ksize != 5)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE,
                              "VX_MLBP is defined on a 5x5 window only, kernel size %d given", (int)ksize);
    s = ovx_set_image_meta(metas[3], VX_DF_IMAGE_U8, m.width, m.height);
    if (s == VX_SUCCESS) s = vxSetMetaFormatAttribute(metas[3], VX_VALID_RECT_CALLBACK, &cb, sizeof(cb));
    return s;
}

static vx_status win_lbp(vx_node node, const vx_reference params[], vx_uint32 num, const ovx_window *win)
{
    vx_enum format = VX_LBP;
    vx_int8 ksize = 3;
    ovx_plane pi = ovx_image_plane((vx_image)params[0], 0), po = ovx_image_plane((vx_image)params[3], 0);
    ovxc_area a = make_area(node, &pi, win, VX_DF_IMAGE_U8);
    int f;
    (void)num;
    if (!pi.ptr || !po.ptr) return VX_ERROR_NO_MEMORY;
    if (ovx_scalar_get((vx_scalar)params[1], VX_TYPE_ENUM, &format) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[2], VX_TYPE_INT8, &ksize) != VX_SUCCESS)
        return VX_ERROR_INVALID_PARAMETERS;
    f = format == VX_MLBP ? OVXC_LBP_MODIFIED : (format == VX_ULBP ? OVXC_LBP_UNIFORM : OVXC_LBP_STANDARD);
    ovxc_lbp_u8_rows(f, ksize == 5 ? 5u : 3u, pi.ptr, pi.stride, po.ptr, po.stride, &a,
                     ovx_node_variant(node) ? (ovxc_lbp_row_f)ovx_node_variant(node)->fn : NULL);
    return VX_SUCCESS;
}

static const ovx_variant *select_lbp(vx_node node, const vx_reference p[])
{
    (void)node, (void)p; /* U8 -> U8 always */
    return ovx_variant_pick(ovxc_lbp_variants());
}

/* ---- Non-maxima suppression ------------------------------------------------------ */

static vx_status VX_CALLBACK valid_rect_nms(vx_node node, vx_uint32 index, const vx_rectangle_t *const in[],
                                            vx_rectangle_t *const out[])
{
    vx_int32 win = 1;
    (void)index;
    if (!in[0] || !out[0]) return VX_ERROR_INVALID_PARAMETERS;
    if (node_scalar(node, 2, VX_TYPE_INT32, &win) != VX_SUCCESS || win < 1) return VX_ERROR_INVALID_PARAMETERS;
    shrink_rect(node, in[0], in[1], (vx_uint32)win / 2, out[0]);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK validate_nms(vx_node node, const vx_reference params[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    img_meta m, mm;
    char b[5];
    vx_int32 win = 0;
    vx_status s;
    vx_kernel_image_valid_rectangle_f cb = valid_rect_nms;
    (void)num;
    if ((s = query_image(node, params, 0, &m)) != VX_SUCCESS) return s;
    if (m.format != VX_DF_IMAGE_U8 && m.format != VX_DF_IMAGE_S16)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "must be U8 or S16, got %s",
                              ovx_fmt_name(m.format, b));
    if (params[1]) {
        if ((s = query_image(node, params, 1, &mm)) != VX_SUCCESS) return s;
        if (mm.format != VX_DF_IMAGE_U8 && mm.format != VX_DF_IMAGE_U1)
            return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "mask must be U8 or U1, got %s",
                                  ovx_fmt_name(mm.format, b));
        if (mm.width != m.width || mm.height != m.height)
            return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "mask is %ux%u, input is %ux%u", mm.width,
                                  mm.height, m.width, m.height);
    }
    if ((s = scalar_value(node, params, 2, VX_TYPE_INT32, &win)) != VX_SUCCESS) return s;
    if (win < 1 || win % 2 == 0 || (vx_uint32)win > m.width || (vx_uint32)win > m.height)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE,
                              "window size %d must be odd, positive and at most the input's smaller side (%ux%u)",
                              (int)win, m.width, m.height);
    s = ovx_set_image_meta(metas[3], m.format, m.width, m.height);
    if (s == VX_SUCCESS) s = vxSetMetaFormatAttribute(metas[3], VX_VALID_RECT_CALLBACK, &cb, sizeof(cb));
    return s;
}

static vx_status win_nms(vx_node node, const vx_reference params[], vx_uint32 num, const ovx_window *win)
{
    vx_image in = (vx_image)params[0];
    vx_df_image fmt = ovx_image_format_of((vx_reference)in);
    vx_int32 wsize = 1;
    ovx_plane pi = ovx_image_plane(in, 0), po = ovx_image_plane((vx_image)params[3], 0), pm = {0};
    ovxc_area a = make_area(node, &pi, win, fmt);
    int mask_u1 = 0;
    (void)num;
    if (params[1]) {
        pm = ovx_image_plane((vx_image)params[1], 0);
        mask_u1 = ovx_image_format_of(params[1]) == VX_DF_IMAGE_U1;
        if (!pm.ptr) return VX_ERROR_NO_MEMORY;
    }
    if (!pi.ptr || !po.ptr) return VX_ERROR_NO_MEMORY;
    if (ovx_scalar_get((vx_scalar)params[2], VX_TYPE_INT32, &wsize) != VX_SUCCESS || wsize < 1)
        return VX_ERROR_INVALID_PARAMETERS;
    if (fmt == VX_DF_IMAGE_S16)
        ovxc_nms_s16_rows((const int16_t *)pi.ptr, pi.stride, pm.ptr, pm.stride, mask_u1, (uint32_t)wsize,
                          (int16_t *)po.ptr, po.stride, &a,
                          ovx_node_variant(node) ? (ovxc_nms_s16_row_f)ovx_node_variant(node)->fn : NULL);
    else
        ovxc_nms_u8_rows(pi.ptr, pi.stride, pm.ptr, pm.stride, mask_u1, (uint32_t)wsize, po.ptr, po.stride, &a,
                         ovx_node_variant(node) ? (ovxc_nms_row_f)ovx_node_variant(node)->fn : NULL);
    return VX_SUCCESS;
}

static const ovx_variant *select_nms(vx_node node, const vx_reference p[])
{
    vx_df_image f = ovx_image_format_of(p[0]);
    (void)node;
    return f == VX_DF_IMAGE_U8    ? ovx_variant_pick(ovxc_nms_variants())
           : f == VX_DF_IMAGE_S16 ? ovx_variant_pick(ovxc_nms_s16_variants())
                                  : NULL;
}

/* ---- MatchTemplate ----------------------------------------------------------------- */

/* Output pixel (x, y) is valid when the template laid at (x, y) covers only
 * valid source pixels. */
static vx_status VX_CALLBACK valid_rect_match(vx_node node, vx_uint32 index, const vx_rectangle_t *const in[],
                                              vx_rectangle_t *const out[])
{
    vx_uint32 tw = 0, th = 0;
    vx_rectangle_t v;
    (void)index;
    if (!in[0] || !in[1] || !out[0]) return VX_ERROR_INVALID_PARAMETERS;
    {
        vx_parameter p = vxGetParameterByIndex(node, 1);
        vx_reference ref = NULL;
        if (vxGetStatus((vx_reference)p) != VX_SUCCESS) return VX_ERROR_INVALID_PARAMETERS;
        (void)vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof(ref));
        (void)vxReleaseParameter(&p);
        if (!ref) return VX_ERROR_INVALID_PARAMETERS;
        ovx_image_size_of(ref, &tw, &th);
        (void)vxReleaseReference(&ref);
    }
    if (tw == 0 || th == 0) return VX_ERROR_INVALID_PARAMETERS;
    v.start_x = in[0]->start_x;
    v.start_y = in[0]->start_y;
    v.end_x = in[0]->end_x + 1 >= tw ? in[0]->end_x + 1 - tw : 0;
    v.end_y = in[0]->end_y + 1 >= th ? in[0]->end_y + 1 - th : 0;
    if (v.end_x > out[0]->end_x) v.end_x = out[0]->end_x;
    if (v.end_y > out[0]->end_y) v.end_y = out[0]->end_y;
    if (v.end_x < v.start_x) v.end_x = v.start_x;
    if (v.end_y < v.start_y) v.end_y = v.start_y;
    *out[0] = v;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK validate_match(vx_node node, const vx_reference params[], vx_uint32 num,
                                            vx_meta_format metas[])
{
    img_meta ms, mt;
    char b[5];
    vx_enum metric = 0;
    vx_status s;
    vx_kernel_image_valid_rectangle_f cb = valid_rect_match;
    (void)num;
    if ((s = query_image(node, params, 0, &ms)) != VX_SUCCESS) return s;
    if (ms.format != VX_DF_IMAGE_U8)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "must be U8, got %s", ovx_fmt_name(ms.format, b));
    if ((s = query_image(node, params, 1, &mt)) != VX_SUCCESS) return s;
    if (mt.format != VX_DF_IMAGE_U8)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "must be U8, got %s", ovx_fmt_name(mt.format, b));
    if ((vx_uint64)mt.width * mt.height > 65535u)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "template %ux%u has more than 65535 pixels",
                              mt.width, mt.height);
    if (mt.width > ms.width || mt.height > ms.height)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "template %ux%u is larger than the source %ux%u",
                              mt.width, mt.height, ms.width, ms.height);
    if ((s = scalar_value(node, params, 2, VX_TYPE_ENUM, &metric)) != VX_SUCCESS) return s;
    if (metric < VX_COMPARE_HAMMING || metric > VX_COMPARE_CCORR_NORM)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "0x%x is not a vx_comp_metric_e", (unsigned)metric);
    s = ovx_set_image_meta(metas[3], VX_DF_IMAGE_S16, ms.width - mt.width + 1, ms.height - mt.height + 1);
    if (s == VX_SUCCESS) s = vxSetMetaFormatAttribute(metas[3], VX_VALID_RECT_CALLBACK, &cb, sizeof(cb));
    return s;
}

static vx_status win_match(vx_node node, const vx_reference params[], vx_uint32 num, const ovx_window *win)
{
    vx_enum metric = VX_COMPARE_L2;
    const ovx_variant *v = ovx_node_variant(node);
    ovxc_match_f match = v ? (ovxc_match_f)v->fn : ovxc_match_template_u8;
    ovx_plane ps = ovx_image_plane((vx_image)params[0], 0), pt = ovx_image_plane((vx_image)params[1], 0),
              po = ovx_image_plane((vx_image)params[3], 0);
    (void)num;
    if (!ps.ptr || !pt.ptr || !po.ptr) return VX_ERROR_NO_MEMORY;
    if (ovx_scalar_get((vx_scalar)params[2], VX_TYPE_ENUM, &metric) != VX_SUCCESS) return VX_ERROR_INVALID_PARAMETERS;
    if (pt.width > ps.width || pt.height > ps.height || win->x1 + pt.width - 1 > ps.width ||
        win->y1 + pt.height - 1 > ps.height)
        return VX_ERROR_INVALID_DIMENSION;
    match((int)(metric - VX_COMPARE_HAMMING), ps.ptr, ps.stride, pt.ptr, pt.stride, pt.width, pt.height,
          (int16_t *)po.ptr, po.stride, win->x0, win->y0, win->x1, win->y1);
    return VX_SUCCESS;
}

/* win_match over guided row bands (guided.h) of the output: 15 ms at 1080p
 * on one thread, in 8 equal bands a core that ran slower kept the other
 * waiting up to a band (2 ms). */
static vx_status VX_CALLBACK run_match(vx_node node, const vx_reference params[], vx_uint32 num)
{
    return guided_run_window(node, params, num, 3, win_match);
}

/* The AVX-512 variant (VNNI: listed only when the CPU has it), the AVX2 one
 * (compute/match.h) or the scalar reference. */
static const ovx_variant *select_match(vx_node node, const vx_reference p[])
{
    static const ovx_variant table[] = {
        OVX_VARIANT_AVX512(ovxc_match_template_u8) OVX_VARIANT_AVX2(ovxc_match_template_u8){
            "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_match_template_u8}};
    const ovx_variant *t = table;
    (void)node;
    (void)p;
#if defined(OVX_HAVE_AVX512)
    if (!ovx_cpu_avx512vnni()) t++; /* the avx512 entry needs VNNI too */
#endif
    return ovx_variant_pick(t);
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_IMGEXT
#include "kernel_descs.h"
