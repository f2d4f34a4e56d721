/*
 * Kernels: filters and morphology (spec "Box Filter", "Gaussian Filter",
 * "Median Filter", "Dilate Image", "Erode Image", "Sobel 3x3", "Custom
 * Convolution", "Non Linear Filter", "Magnitude", "Phase").
 *
 * Every kernel computes row bands of its output (window compute); the pure
 * loops are in compute/filter.c.  The neighbourhood filters support the three
 * border modes: VX_BORDER_UNDEFINED computes the border pixels as
 * VX_BORDER_REPLICATE would (any value is allowed there) and the valid region
 * shrinks by the filter's radius.
 */
#include "kernels.h"
#include "guided.h"

#include "../compute/filter.h"
#include "../compute/filter3.h"
#include "../compute/conv.h"
#include "../compute/gradient.h"
#include "../objects/convolution.h"
#include "../objects/matrix.h"

#define IN_REQ(t) {VX_INPUT, t, VX_PARAMETER_STATE_REQUIRED, vx_false_e}
#define OUT_REQ(t) {VX_OUTPUT, t, VX_PARAMETER_STATE_REQUIRED, vx_false_e}

/* ---- validator helpers -------------------------------------------------- */

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

/* An output image's format: the one it has, or dflt for a virtual image
 * whose format is not fixed. */
static vx_df_image out_format(const vx_reference params[], vx_uint32 index, vx_df_image dflt)
{
    vx_df_image f = VX_DF_IMAGE_VIRT;
    if (params[index] == NULL ||
        vxQueryImage((vx_image)params[index], VX_IMAGE_FORMAT, &f, sizeof(f)) != VX_SUCCESS ||
        f == VX_DF_IMAGE_VIRT)
        return dflt;
    return f;
}

/* Input index 0 of the given format(s); the output (index 1) gets the input's
 * format and size. */
static vx_status validate_same(vx_node node, const vx_reference params[], vx_uint32 in, vx_uint32 out,
                               vx_meta_format metas[], vx_bool allow_u1)
{
    img_meta m;
    char b[5];
    vx_status s = query_image(node, params, in, &m);
    if (s != VX_SUCCESS) return s;
    if (m.format != VX_DF_IMAGE_U8 && !(allow_u1 && m.format == VX_DF_IMAGE_U1))
        return ovx_kernel_log(node, in, VX_ERROR_INVALID_FORMAT, "must be U8%s, got %s", allow_u1 ? " or U1" : "",
                              ovx_fmt_name(m.format, b));
    return ovx_set_image_meta(metas[out], m.format, m.width, m.height);
}

static vx_status VX_CALLBACK validate_u8(vx_node node, const vx_reference params[], vx_uint32 num,
                                         vx_meta_format metas[])
{
    (void)num;
    return validate_same(node, params, 0, 1, metas, vx_false_e);
}

static vx_status VX_CALLBACK validate_u8_u1(vx_node node, const vx_reference params[], vx_uint32 num,
                                            vx_meta_format metas[])
{
    (void)num;
    return validate_same(node, params, 0, 1, metas, vx_true_e);
}

/* ---- window helpers ------------------------------------------------------ */

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
    a.constant = fmt == VX_DF_IMAGE_U1 ? (b.constant_value.U1 ? 1u : 0u) : b.constant_value.U8;
    return a;
}

typedef void (*filt_f)(const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds, const ovxc_area *a);

static vx_status run_filter(vx_node node, const vx_reference params[], const ovx_window *win, filt_f f_u8,
                            filt_f f_u1)
{
    vx_image in = (vx_image)params[0], out = (vx_image)params[1];
    vx_df_image fmt = ovx_image_format_of((vx_reference)in);
    ovx_plane pi = ovx_image_plane(in, 0), po = ovx_image_plane(out, 0);
    ovxc_area a = make_area(node, &pi, win, fmt);
    if (!pi.ptr || !po.ptr) return VX_ERROR_NO_MEMORY;
    if (fmt == VX_DF_IMAGE_U1) {
        if (!f_u1) return VX_ERROR_INVALID_FORMAT;
        f_u1(pi.ptr, pi.stride, po.ptr, po.stride, &a);
    } else {
        f_u8(pi.ptr, pi.stride, po.ptr, po.stride, &a);
    }
    return VX_SUCCESS;
}

/* ---- Box, Gaussian, Median, Dilate, Erode -------------------------------- */

/* U8 -> U8: the node's row variant (compute/filter3.h) inside the image, the
 * scalar rule on the border pixels; U1 and other cases: the generic code. */
static vx_status run_filter3(vx_node node, const vx_reference params[], const ovx_window *win, ovxc_filter3_op op,
                             filt_f f_u8, filt_f f_u1)
{
    const ovx_variant *v = ovx_node_variant(node);
    if (v && ovx_image_format_of(params[0]) == VX_DF_IMAGE_U8) {
        ovx_plane pi = ovx_image_plane((vx_image)params[0], 0), po = ovx_image_plane((vx_image)params[1], 0);
        ovxc_area a = make_area(node, &pi, win, VX_DF_IMAGE_U8);
        if (!pi.ptr || !po.ptr) return VX_ERROR_NO_MEMORY;
        ovxc_filter3x3_u8(op, (ovxc_row3_f)v->fn, pi.ptr, pi.stride, po.ptr, po.stride, &a);
        return VX_SUCCESS;
    }
    return run_filter(node, params, win, f_u8, f_u1);
}

static const ovx_variant *select3(const vx_reference p[], ovxc_filter3_op op)
{
    static const int idx[] = {0, 1};
    return ovx_images_fmt(p, idx, 2, VX_DF_IMAGE_U8) ? ovx_variant_pick(ovxc_filter3_variants(op)) : NULL;
}

#define FILTER3_KERNEL(name, op, f_u8, f_u1)                                                                 \
    static vx_status win_##name(vx_node node, const vx_reference params[], vx_uint32 num, const ovx_window *win) \
    {                                                                                                        \
        (void)num;                                                                                           \
        return run_filter3(node, params, win, op, f_u8, f_u1);                                               \
    }                                                                                                        \
    static const ovx_variant *select_##name(vx_node node, const vx_reference p[])                            \
    {                                                                                                        \
        (void)node;                                                                                          \
        return select3(p, op);                                                                               \
    }

FILTER3_KERNEL(box, OVXC_F3_box, ovxc_box3x3_u8, NULL)
FILTER3_KERNEL(gaussian, OVXC_F3_gauss, ovxc_gaussian3x3_u8, NULL)
FILTER3_KERNEL(median, OVXC_F3_median, ovxc_median3x3_u8, ovxc_median3x3_u1)
FILTER3_KERNEL(dilate, OVXC_F3_dilate, ovxc_dilate3x3_u8, ovxc_dilate3x3_u1)
FILTER3_KERNEL(erode, OVXC_F3_erode, ovxc_erode3x3_u8, ovxc_erode3x3_u1)

/* ---- Sobel 3x3 ------------------------------------------------------------ */

static vx_status VX_CALLBACK validate_sobel(vx_node node, const vx_reference params[], vx_uint32 num,
                                            vx_meta_format metas[])
{
    img_meta m;
    char b[5];
    vx_status s = query_image(node, params, 0, &m);
    (void)num;
    if (s != VX_SUCCESS) return s;
    if (m.format != VX_DF_IMAGE_U8)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "must be U8, got %s", ovx_fmt_name(m.format, b));
    if (!params[1] && !params[2])
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "output_x and output_y are both missing");
    for (vx_uint32 i = 1; i <= 2; i++)
        if (params[i] && (s = ovx_set_image_meta(metas[i], VX_DF_IMAGE_S16, m.width, m.height)) != VX_SUCCESS) return s;
    return VX_SUCCESS;
}

static vx_status win_sobel(vx_node node, const vx_reference params[], vx_uint32 num, const ovx_window *win)
{
    ovx_plane pi = ovx_image_plane((vx_image)params[0], 0), px = {0}, py = {0};
    ovxc_area a = make_area(node, &pi, win, VX_DF_IMAGE_U8);
    const ovx_variant *v = ovx_node_variant(node);
    (void)num;
    if (params[1]) px = ovx_image_plane((vx_image)params[1], 0);
    if (params[2]) py = ovx_image_plane((vx_image)params[2], 0);
    if (!pi.ptr || (params[1] && !px.ptr) || (params[2] && !py.ptr)) return VX_ERROR_NO_MEMORY;
    /* the node's row variant (compute/conv.h) for the rows, both outputs in one pass */
    ovxc_sobel3x3_rows(v ? (ovxc_sobel_row_f)v->fn : ovxc_sobel_row_scalar, pi.ptr, pi.stride, (int16_t *)px.ptr,
                       px.stride, (int16_t *)py.ptr, py.stride, &a);
    return VX_SUCCESS;
}

static const ovx_variant *select_sobel(vx_node node, const vx_reference p[])
{
    static const int idx[] = {0};
    (void)node;
    return ovx_images_fmt(p, idx, 1, VX_DF_IMAGE_U8) ? ovx_variant_pick(ovxc_sobel_variants()) : NULL;
}

/* ---- valid regions of filters larger than 3x3 ---------------------------- */

/* The output's valid rectangle: the input's (parameter in_index), shrunk
 * under VX_BORDER_UNDEFINED by the neighbourhood of the convolution or mask
 * at parameter obj_index (left/right/top/bottom extents). */
static vx_status valid_rect_shrunk(vx_node node, vx_uint32 in_index, vx_uint32 obj_index,
                                   const vx_rectangle_t *const in[], vx_rectangle_t *const out[])
{
    vx_border_t b = ovx_node_border(node);
    vx_parameter p = vxGetParameterByIndex(node, obj_index);
    vx_reference ref = NULL;
    vx_size cols = 1, rows = 1;
    vx_uint32 l, r, t, bo;
    vx_rectangle_t v;
    vx_coordinates2d_t org = {0, 0};
    if (!in[in_index] || !out[0]) return VX_ERROR_INVALID_PARAMETERS;
    if (vxGetStatus((vx_reference)p) != VX_SUCCESS) return VX_ERROR_INVALID_PARAMETERS;
    (void)vxQueryParameter(p, VX_PARAMETER_REF, &ref, sizeof(ref));
    (void)vxReleaseParameter(&p);
    if (!ref) return VX_ERROR_INVALID_PARAMETERS;
    if (vxQueryConvolution((vx_convolution)ref, VX_CONVOLUTION_COLUMNS, &cols, sizeof(cols)) == VX_SUCCESS) {
        (void)vxQueryConvolution((vx_convolution)ref, VX_CONVOLUTION_ROWS, &rows, sizeof(rows));
        org.x = (vx_uint32)(cols / 2);
        org.y = (vx_uint32)(rows / 2);
    } else {
        (void)vxQueryMatrix((vx_matrix)ref, VX_MATRIX_COLUMNS, &cols, sizeof(cols));
        (void)vxQueryMatrix((vx_matrix)ref, VX_MATRIX_ROWS, &rows, sizeof(rows));
        (void)vxQueryMatrix((vx_matrix)ref, VX_MATRIX_ORIGIN, &org, sizeof(org));
    }
    (void)vxReleaseReference(&ref);
    v = *in[in_index];
    if (b.mode == VX_BORDER_UNDEFINED) {
        l = org.x;
        t = org.y;
        r = cols > org.x ? (vx_uint32)(cols - 1 - org.x) : 0;
        bo = rows > org.y ? (vx_uint32)(rows - 1 - org.y) : 0;
        v.start_x += l;
        v.start_y += t;
        v.end_x = v.end_x >= r ? v.end_x - r : 0;
        v.end_y = v.end_y >= bo ? v.end_y - bo : 0;
        if (v.end_x < v.start_x) v.end_x = v.start_x;
        if (v.end_y < v.start_y) v.end_y = v.start_y;
    }
    *out[0] = v;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK valid_rect_convolve(vx_node node, vx_uint32 index, const vx_rectangle_t *const in[],
                                                 vx_rectangle_t *const out[])
{
    (void)index;
    return valid_rect_shrunk(node, 0, 1, in, out);
}

static vx_status VX_CALLBACK valid_rect_nonlinear(vx_node node, vx_uint32 index, const vx_rectangle_t *const in[],
                                                  vx_rectangle_t *const out[])
{
    (void)index;
    return valid_rect_shrunk(node, 1, 2, in, out);
}

/* ---- Custom convolution ---------------------------------------------------- */

static vx_status VX_CALLBACK validate_convolve(vx_node node, const vx_reference params[], vx_uint32 num,
                                               vx_meta_format metas[])
{
    img_meta m;
    char b[5];
    vx_size cols = 0, rows = 0, maxdim = OVX_CONVOLUTION_MAX_DIMENSION;
    vx_df_image of;
    vx_status s = query_image(node, params, 0, &m);
    (void)num;
    if (s != VX_SUCCESS) return s;
    if (m.format != VX_DF_IMAGE_U8)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "must be U8, got %s", ovx_fmt_name(m.format, b));
    if (vxQueryConvolution((vx_convolution)params[1], VX_CONVOLUTION_COLUMNS, &cols, sizeof(cols)) != VX_SUCCESS ||
        vxQueryConvolution((vx_convolution)params[1], VX_CONVOLUTION_ROWS, &rows, sizeof(rows)) != VX_SUCCESS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "is not a valid convolution");
    (void)vxQueryContext(vxGetContext((vx_reference)node), VX_CONTEXT_CONVOLUTION_MAX_DIMENSION, &maxdim,
                         sizeof(maxdim));
    if (cols % 2 == 0 || rows % 2 == 0 || cols > maxdim || rows > maxdim)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "%zux%zu is not odd or exceeds %zu", cols, rows,
                              maxdim);
    of = out_format(params, 2, VX_DF_IMAGE_S16);
    if (of != VX_DF_IMAGE_U8 && of != VX_DF_IMAGE_S16)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_FORMAT, "must be U8 or S16, got %s", ovx_fmt_name(of, b));
    s = ovx_set_image_meta(metas[2], of, m.width, m.height);
    if (s == VX_SUCCESS) {
        vx_kernel_image_valid_rectangle_f cb = valid_rect_convolve;
        s = vxSetMetaFormatAttribute(metas[2], VX_VALID_RECT_CALLBACK, &cb, sizeof(cb));
    }
    return s;
}

static vx_status win_convolve(vx_node node, const vx_reference params[], vx_uint32 num, const ovx_window *win)
{
    vx_convolution conv = (vx_convolution)params[1];
    vx_image out = (vx_image)params[2];
    ovx_plane pi = ovx_image_plane((vx_image)params[0], 0), po = ovx_image_plane(out, 0);
    ovxc_area a = make_area(node, &pi, win, VX_DF_IMAGE_U8);
    const int s16 = ovx_image_format_of((vx_reference)out) == VX_DF_IMAGE_S16;
    const ovx_variant *v = ovx_node_variant(node);
    ovxc_conv_plan plan;
    (void)num;
    if (!pi.ptr || !po.ptr || !conv->data) return VX_ERROR_NO_MEMORY;
    /* the plan from the coefficients of this run (they may have changed
     * since verification): the lanes or the two passes (compute/conv.h);
     * the node's row variant runs it */
    if (ovxc_conv_plan_init(&plan, conv->data, (uint32_t)conv->columns, (uint32_t)conv->rows, conv->scale, s16) == 0)
        ovxc_convolve_rows(&plan, v ? (ovxc_conv_row_f)v->fn : ovxc_conv_row_scalar, pi.ptr, pi.stride, po.ptr,
                           po.stride, &a);
    else
        ovxc_convolve_u8(pi.ptr, pi.stride, po.ptr, po.stride, s16, conv->data, (uint32_t)conv->columns,
                         (uint32_t)conv->rows, conv->scale, &a);
    return VX_SUCCESS;
}

static const ovx_variant *select_convolve(vx_node node, const vx_reference p[])
{
    static const int idx[] = {0};
    (void)node;
    return ovx_images_fmt(p, idx, 1, VX_DF_IMAGE_U8) ? ovx_variant_pick(ovxc_conv_variants()) : NULL;
}

/* ---- Non-linear filter ------------------------------------------------------ */

static vx_status VX_CALLBACK validate_nonlinear(vx_node node, const vx_reference params[], vx_uint32 num,
                                                vx_meta_format metas[])
{
    img_meta m;
    char b[5];
    vx_enum fn = 0, stype = VX_TYPE_INVALID, mtype = VX_TYPE_INVALID;
    vx_size cols = 0, rows = 0, maxdim = OVX_NONLINEAR_MAX_DIMENSION;
    vx_status s;
    (void)num;
    if (vxQueryScalar((vx_scalar)params[0], VX_SCALAR_TYPE, &stype, sizeof(stype)) != VX_SUCCESS ||
        stype != VX_TYPE_ENUM)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_TYPE, "must be a VX_TYPE_ENUM scalar");
    if (vxCopyScalar((vx_scalar)params[0], &fn, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS ||
        (fn != VX_NONLINEAR_FILTER_MEDIAN && fn != VX_NONLINEAR_FILTER_MIN && fn != VX_NONLINEAR_FILTER_MAX))
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_VALUE, "0x%x is not a vx_non_linear_filter_e", (unsigned)fn);
    if ((s = query_image(node, params, 1, &m)) != VX_SUCCESS) return s;
    if (m.format != VX_DF_IMAGE_U8 && m.format != VX_DF_IMAGE_U1)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "must be U8 or U1, got %s", ovx_fmt_name(m.format, b));
    if (vxQueryMatrix((vx_matrix)params[2], VX_MATRIX_TYPE, &mtype, sizeof(mtype)) != VX_SUCCESS ||
        vxQueryMatrix((vx_matrix)params[2], VX_MATRIX_COLUMNS, &cols, sizeof(cols)) != VX_SUCCESS ||
        vxQueryMatrix((vx_matrix)params[2], VX_MATRIX_ROWS, &rows, sizeof(rows)) != VX_SUCCESS)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_PARAMETERS, "is not a valid matrix");
    if (mtype != VX_TYPE_UINT8)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_TYPE, "must be a VX_TYPE_UINT8 matrix, got %s",
                              ovx_type_name(mtype));
    (void)vxQueryContext(vxGetContext((vx_reference)node), VX_CONTEXT_NONLINEAR_MAX_DIMENSION, &maxdim,
                         sizeof(maxdim));
    if (cols < 1 || rows < 1 || cols > maxdim || rows > maxdim)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_DIMENSION, "%zux%zu exceeds %zux%zu", cols, rows, maxdim,
                              maxdim);
    s = ovx_set_image_meta(metas[3], m.format, m.width, m.height);
    if (s == VX_SUCCESS) {
        vx_kernel_image_valid_rectangle_f cb = valid_rect_nonlinear;
        s = vxSetMetaFormatAttribute(metas[3], VX_VALID_RECT_CALLBACK, &cb, sizeof(cb));
    }
    return s;
}

static vx_status win_nonlinear(vx_node node, const vx_reference params[], vx_uint32 num, const ovx_window *win)
{
    vx_enum fn = VX_NONLINEAR_FILTER_MEDIAN;
    vx_image in = (vx_image)params[1];
    vx_matrix mask = (vx_matrix)params[2];
    vx_df_image fmt = ovx_image_format_of((vx_reference)in);
    ovx_plane pi = ovx_image_plane(in, 0), po = ovx_image_plane((vx_image)params[3], 0);
    ovxc_area a = make_area(node, &pi, win, fmt);
    int f;
    (void)num;
    if (!pi.ptr || !po.ptr || !mask->data) return VX_ERROR_NO_MEMORY;
    if (ovx_scalar_get((vx_scalar)params[0], VX_TYPE_ENUM, &fn) != VX_SUCCESS) return VX_ERROR_INVALID_PARAMETERS;
    f = fn == VX_NONLINEAR_FILTER_MIN ? OVXC_NL_MIN : (fn == VX_NONLINEAR_FILTER_MAX ? OVXC_NL_MAX : OVXC_NL_MEDIAN);
    if (mask->origin.x >= mask->columns || mask->origin.y >= mask->rows) return VX_ERROR_INVALID_VALUE;
    if (fmt == VX_DF_IMAGE_U1) {
        ovxc_nonlinear_u1(f, (const uint8_t *)mask->data, (uint32_t)mask->columns, (uint32_t)mask->rows,
                          mask->origin.x, mask->origin.y, pi.ptr, pi.stride, po.ptr, po.stride, &a);
    } else {
        /* the node's row variant for the pixels with every tap inside */
        const ovx_variant *v = ovx_node_variant(node);
        ovxc_nonlinear_u8(f, (const uint8_t *)mask->data, (uint32_t)mask->columns, (uint32_t)mask->rows,
                          mask->origin.x, mask->origin.y, pi.ptr, pi.stride, po.ptr, po.stride, &a,
                          v ? (ovxc_nl_row_f)v->fn : NULL);
    }
    return VX_SUCCESS;
}

/* win_nonlinear over guided row bands (guided.h) of the output. */
static vx_status VX_CALLBACK run_nonlinear(vx_node node, const vx_reference params[], vx_uint32 num)
{
    return guided_run_window(node, params, num, 3, win_nonlinear);
}

static const ovx_variant *select_nonlinear(vx_node node, const vx_reference p[])
{
    static const int idx[] = {1, 3};
    (void)node;
    return ovx_images_fmt(p, idx, 2, VX_DF_IMAGE_U8) ? ovx_variant_pick(ovxc_nl_variants()) : NULL;
}

/* ---- Magnitude and Phase ------------------------------------------------------ */

static vx_status validate_gradients(vx_node node, const vx_reference params[], vx_meta_format metas[],
                                    vx_df_image out)
{
    img_meta mx, my;
    char b[5];
    vx_status s;
    if ((s = query_image(node, params, 0, &mx)) != VX_SUCCESS) return s;
    if ((s = query_image(node, params, 1, &my)) != VX_SUCCESS) return s;
    if (mx.format != VX_DF_IMAGE_S16)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "must be S16, got %s", ovx_fmt_name(mx.format, b));
    if (my.format != VX_DF_IMAGE_S16)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "must be S16, got %s", ovx_fmt_name(my.format, b));
    if (mx.width != my.width || mx.height != my.height)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "is %ux%u, grad_x is %ux%u", my.width, my.height,
                              mx.width, mx.height);
    return ovx_set_image_meta(metas[2], out, mx.width, mx.height);
}

static vx_status VX_CALLBACK validate_magnitude(vx_node node, const vx_reference params[], vx_uint32 num,
                                                vx_meta_format metas[])
{
    (void)num;
    return validate_gradients(node, params, metas, VX_DF_IMAGE_S16);
}

static vx_status VX_CALLBACK validate_phase(vx_node node, const vx_reference params[], vx_uint32 num,
                                            vx_meta_format metas[])
{
    (void)num;
    return validate_gradients(node, params, metas, VX_DF_IMAGE_U8);
}

/* Magnitude and Phase: the node's row variant (compute/gradient.h) per row. */
static vx_status win_gradients(vx_node node, const vx_reference params[], const ovx_window *win, int phase)
{
    ovx_plane px = ovx_image_plane((vx_image)params[0], 0), py = ovx_image_plane((vx_image)params[1], 0),
              po = ovx_image_plane((vx_image)params[2], 0);
    const ovx_variant *v = ovx_node_variant(node);
    ovxc_grad_row_f row;
    vx_uint32 y;
    size_t obpp = phase ? 1 : 2;
    if (!px.ptr || !py.ptr || !po.ptr) return VX_ERROR_NO_MEMORY;
    if (!v) { /* no choice recorded: the scalar reference, the last entry */
        v = ovxc_grad_variants(phase ? OVXC_GRAD_phase : OVXC_GRAD_magnitude);
        while (v->level != OVX_SIMD_NONE) v++;
    }
    row = (ovxc_grad_row_f)v->fn;
    for (y = win->y0; y < win->y1; y++)
        row((const int16_t *)(const void *)(px.ptr + (size_t)y * px.stride) + win->x0,
            (const int16_t *)(const void *)(py.ptr + (size_t)y * py.stride) + win->x0,
            po.ptr + (size_t)y * po.stride + win->x0 * obpp, win->x1 - win->x0);
    return VX_SUCCESS;
}

static const ovx_variant *select_magnitude(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_grad_variants(OVXC_GRAD_magnitude));
}

static const ovx_variant *select_phase(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_grad_variants(OVXC_GRAD_phase));
}

static vx_status win_magnitude(vx_node node, const vx_reference params[], vx_uint32 num, const ovx_window *win)
{
    (void)num;
    return win_gradients(node, params, win, 0);
}

static vx_status win_phase(vx_node node, const vx_reference params[], vx_uint32 num, const ovx_window *win)
{
    (void)num;
    return win_gradients(node, params, win, 1);
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_FILTER
#include "kernel_descs.h"
