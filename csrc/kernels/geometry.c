/*
 * Kernels: geometry (spec "Scale Image", "Warp Affine", "Warp Perspective",
 * "Remap").  Half-scale Gaussian is in the Scale Image chapter and lives here
 * too.  Every function writes row bands of its output image (window compute);
 * the arithmetic is in csrc/compute/geometry.c.
 *
 * Border modes: the spec requires UNDEFINED and CONSTANT for the warps and
 * remap, and every mode for scaling; REPLICATE is computed everywhere (it is
 * also what UNDEFINED produces), so no mode is refused.
 */
#include "kernels.h"

#include "../compute/geometry.h"
#include "../compute/multiscale.h"
#include "../runtime/dispatch.h"
#include "../objects/matrix.h"
#include "../objects/remap.h"
#include "../framework/graph.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* ---- shared helpers ---------------------------------------------------- */

static vx_status geo_image_info(vx_image img, vx_df_image *format, vx_uint32 *w, vx_uint32 *h)
{
    vx_status s = vxQueryImage(img, VX_IMAGE_FORMAT, format, sizeof(*format));
    if (s == VX_SUCCESS) s = vxQueryImage(img, VX_IMAGE_WIDTH, w, sizeof(*w));
    if (s == VX_SUCCESS) s = vxQueryImage(img, VX_IMAGE_HEIGHT, h, sizeof(*h));
    return s;
}

static const char *geo_fmt(vx_df_image f, char buf[5])
{
    buf[0] = (char)(f & 0xFF);
    buf[1] = (char)((f >> 8) & 0xFF);
    buf[2] = (char)((f >> 16) & 0xFF);
    buf[3] = (char)((f >> 24) & 0xFF);
    buf[4] = 0;
    for (int i = 0; i < 4; i++)
        if (buf[i] < 32 || buf[i] > 126) buf[i] = '?';
    return buf;
}

/* Read an enum/int32 scalar parameter in a validator. */
static vx_status geo_scalar_value(vx_node node, vx_uint32 index, vx_reference ref, vx_enum type, void *value)
{
    return ovx_scalar_param(node, ref, index, type, value);
}

/* Input image at index: format U8 (or U1 when allow_u1). */
static vx_status geo_check_input(vx_node node, vx_uint32 index, vx_reference ref, vx_bool allow_u1,
                                 vx_df_image *format, vx_uint32 *w, vx_uint32 *h)
{
    char b[5];
    if (geo_image_info((vx_image)ref, format, w, h) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "cannot query the input image");
    if (*format != VX_DF_IMAGE_U8 && !(allow_u1 && *format == VX_DF_IMAGE_U1))
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_FORMAT, "input must be U8%s, got %s",
                              allow_u1 ? " or U1" : "", geo_fmt(*format, b));
    return VX_SUCCESS;
}

/* Output image at index: same format as the input (VIRT: takes it); size
 * given (w, h) or, when w == 0, the output's own non-zero size. */
static vx_status geo_output_meta(vx_node node, vx_uint32 index, vx_reference ref, vx_meta_format meta,
                                 vx_df_image in_format, vx_uint32 w, vx_uint32 h)
{
    vx_df_image of = VX_DF_IMAGE_VIRT;
    vx_uint32 ow = 0, oh = 0;
    char b[5], c[5];
    if (geo_image_info((vx_image)ref, &of, &ow, &oh) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "cannot query the output image");
    if (of != VX_DF_IMAGE_VIRT && of != in_format)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_FORMAT, "output must have the input's format %s, got %s",
                              geo_fmt(in_format, b), geo_fmt(of, c));
    if (w == 0) {
        if (ow == 0 || oh == 0)
            return ovx_kernel_log(node, index, VX_ERROR_INVALID_DIMENSION,
                                  "the output size cannot be derived from the inputs: give the output a size");
        w = ow;
        h = oh;
    }
    vxSetMetaFormatAttribute(meta, VX_IMAGE_FORMAT, &in_format, sizeof(in_format));
    vxSetMetaFormatAttribute(meta, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxSetMetaFormatAttribute(meta, VX_IMAGE_HEIGHT, &h, sizeof(h));
    return VX_SUCCESS;
}

static vx_status geo_check_interp(vx_node node, vx_uint32 index, vx_reference ref, vx_bool allow_area)
{
    vx_enum v = 0;
    vx_status s = geo_scalar_value(node, index, ref, VX_TYPE_ENUM, &v);
    if (s != VX_SUCCESS) return s;
    if (v == VX_INTERPOLATION_NEAREST_NEIGHBOR || v == VX_INTERPOLATION_BILINEAR) return VX_SUCCESS;
    if (v == VX_INTERPOLATION_AREA && allow_area) return VX_SUCCESS;
    return ovx_kernel_log(node, index, VX_ERROR_INVALID_VALUE, "interpolation 0x%x is not supported here%s",
                          (unsigned)v, allow_area ? "" : " (AREA is not allowed)");
}

static int geo_interp(vx_reference ref)
{
    vx_enum v = VX_INTERPOLATION_NEAREST_NEIGHBOR;
    (void)ovx_scalar_get((vx_scalar)ref, VX_TYPE_ENUM, &v);
    return v == VX_INTERPOLATION_BILINEAR ? OVXC_GEO_BILINEAR
                                          : (v == VX_INTERPOLATION_AREA ? OVXC_GEO_AREA : OVXC_GEO_NEAREST);
}

static ovxc_geo_src geo_src_of(vx_node node, vx_image img)
{
    ovx_plane p = ovx_image_plane(img, 0);
    vx_border_t b = ovx_node_border(node);
    ovxc_geo_src s;
    s.ptr = p.ptr;
    s.stride = p.stride;
    s.width = (int32_t)img->width;
    s.height = (int32_t)img->height;
    s.u1 = img->format == VX_DF_IMAGE_U1;
    s.mode = b.mode == VX_BORDER_CONSTANT ? OVXC_BORDER_CONSTANT : OVXC_BORDER_REPLICATE;
    s.cval = s.u1 ? (b.constant_value.U1 ? 1 : 0) : (int)b.constant_value.U8;
    s.bit0 = 0;
    s.ox = s.oy = 0;
    return s;
}

/* The source of a warp or remap: the input's valid rectangle, pixels outside
 * it are border pixels. */
static ovxc_geo_src geo_valid_src_of(vx_node node, vx_image img)
{
    ovxc_geo_src s = geo_src_of(node, img);
    vx_rectangle_t r;
    if (vxGetValidRegionImage(img, &r) != VX_SUCCESS || r.end_x <= r.start_x || r.end_y <= r.start_y ||
        r.end_x > img->width || r.end_y > img->height)
        return s;
    s.ptr += (intptr_t)r.start_y * s.stride + (s.u1 ? r.start_x / 8 : r.start_x);
    s.bit0 = s.u1 ? (int32_t)(r.start_x % 8) : 0;
    s.width = (int32_t)(r.end_x - r.start_x);
    s.height = (int32_t)(r.end_y - r.start_y);
    s.ox = (int32_t)r.start_x;
    s.oy = (int32_t)r.start_y;
    return s;
}

static ovxc_geo_dst geo_dst_of(vx_image img)
{
    ovx_plane p = ovx_image_plane(img, 0);
    ovxc_geo_dst d;
    d.ptr = p.ptr;
    d.stride = p.stride;
    d.width = (int32_t)img->width;
    d.height = (int32_t)img->height;
    d.u1 = img->format == VX_DF_IMAGE_U1;
    return d;
}

/* ---- Scale Image: (input, output, type) -------------------------------- */

static vx_status VX_CALLBACK scale_validate(vx_node node, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    vx_df_image f;
    vx_uint32 w, h;
    vx_status s;
    (void)num;
    if ((s = geo_check_input(node, 0, p[0], vx_true_e, &f, &w, &h)) != VX_SUCCESS) return s;
    if ((s = geo_check_interp(node, 2, p[2], vx_true_e)) != VX_SUCCESS) return s;
    return geo_output_meta(node, 1, p[1], m[1], f, 0, 0);
}

/* U8 NEAREST and BILINEAR scaling at other sizes than half keeps, in the
 * node's scratch, the per-column constants of compute/geometry.h
 * (ovxc_scale_tab_*), made at verify for the sizes and interpolation
 * (select_scale) where a SIMD sampler runs them. */
typedef struct {
    vx_uint32 magic;
    vx_int32 sw, sh, dw, dh, interp;
} scale_tab_head;

#define SCALE_TAB_MAGIC 0x53544142u /* "STAB" */
#define SCALE_TAB_OFF 64            /* the table after the head */

static const void *scale_tab_of(vx_node node, const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp)
{
    const scale_tab_head *hd = (const scale_tab_head *)node->local_data_ptr;
    if (!node->local_data_ours || !hd || node->local_data_size < SCALE_TAB_OFF + ovxc_scale_tab_size(dst->width) ||
        hd->magic != SCALE_TAB_MAGIC || hd->sw != src->width || hd->sh != src->height || hd->dw != dst->width ||
        hd->dh != dst->height || hd->interp != interp)
        return NULL;
    return (const vx_uint8 *)hd + SCALE_TAB_OFF;
}

static vx_status scale_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *win)
{
    ovxc_geo_src src = geo_src_of(node, (vx_image)p[0]);
    ovxc_geo_dst dst = geo_dst_of((vx_image)p[1]);
    const ovx_variant *v = ovx_node_variant(node);
    const int interp = geo_interp(p[2]);
    const void *tab;
    (void)num;
    if (v && !ovxc_scale_is_half2(&src, &dst, interp) && ovxc_scale_tab_fits(&src, &dst, interp) &&
        (tab = scale_tab_of(node, &src, &dst, interp)) != NULL) {
        ((ovxc_scale_tab_f)v->fn)(&src, &dst, interp, tab, win->y0, win->y1);
        return VX_SUCCESS;
    }
    ovxc_scale_rows_with(&src, &dst, interp, v && ovxc_scale_is_half2(&src, &dst, interp) ? (ovxc_half2_u8_f)v->fn : NULL,
                         win->y0, win->y1);
    return VX_SUCCESS;
}

/* Exactly half-size U8 BILINEAR or AREA scaling runs the best variant of
 * the half-size row (compute/geometry.h); other U8 NEAREST and BILINEAR
 * sizes the best sampler of the per-column table, made here into the node's
 * scratch; the other cases the reference. */
static const ovx_variant *select_scale(vx_node node, const vx_reference p[])
{
    /* the sizes and formats only (no image memory at verify) */
    vx_image in = (vx_image)p[0], out = (vx_image)p[1];
    ovxc_geo_src src = {NULL, 0, (int32_t)in->width, (int32_t)in->height, in->format == VX_DF_IMAGE_U1, 0, 0, 0, 0, 0};
    ovxc_geo_dst dst = {NULL, 0, (int32_t)out->width, (int32_t)out->height, out->format == VX_DF_IMAGE_U1};
    const int interp = geo_interp(p[2]);
    if (ovxc_scale_is_half2(&src, &dst, interp)) return ovx_variant_pick(ovxc_half2_u8_variants());
    if (node->local_data_ours && node->local_data_ptr && node->local_data_size >= sizeof(scale_tab_head))
        ((scale_tab_head *)node->local_data_ptr)->magic = 0; /* no table (a scratch of an earlier verify) */
    if (ovxc_scale_tab_fits(&src, &dst, interp)) {
        const ovx_variant *tv = ovx_variant_pick(ovxc_scale_tab_variants());
        vx_uint8 *base;
        if (tv->level != OVX_SIMD_NONE &&
            (base = ovx_node_scratch(node, SCALE_TAB_OFF + ovxc_scale_tab_size(dst.width))) != NULL) {
            scale_tab_head *hd = (scale_tab_head *)(void *)base;
            ovxc_scale_tab_build(&src, &dst, interp, base + SCALE_TAB_OFF);
            hd->sw = src.width, hd->sh = src.height, hd->dw = dst.width, hd->dh = dst.height, hd->interp = interp;
            hd->magic = SCALE_TAB_MAGIC;
            return tv;
        }
    }
    return NULL;
}

/* ---- Half-scale Gaussian: (input, output, kernel_size) ----------------- */

static vx_status VX_CALLBACK halfscale_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                vx_meta_format m[])
{
    vx_df_image f;
    vx_uint32 w, h;
    vx_int32 k = 0;
    vx_status s;
    (void)num;
    if ((s = geo_check_input(node, 0, p[0], vx_true_e, &f, &w, &h)) != VX_SUCCESS) return s;
    if ((s = geo_scalar_value(node, 2, p[2], VX_TYPE_INT32, &k)) != VX_SUCCESS) return s;
    if (k != 1 && k != 3 && k != 5)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "kernel_size must be 1, 3 or 5, got %d", (int)k);
    return geo_output_meta(node, 1, p[1], m[1], f, (w + 1) / 2, (h + 1) / 2);
}

static vx_status halfscale_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *win)
{
    ovxc_geo_src src = geo_src_of(node, (vx_image)p[0]);
    ovxc_geo_dst dst = geo_dst_of((vx_image)p[1]);
    vx_int32 k = 3;
    const ovx_variant *v = ovx_node_variant(node);
    (void)num;
    (void)ovx_scalar_get((vx_scalar)p[2], VX_TYPE_INT32, &k);
    ovxc_halfscale_gaussian_rows_with(&src, &dst, (int)k, v ? (ovxc_row5_u8_f)v->fn : NULL, win->y0, win->y1);
    return VX_SUCCESS;
}

/* U8 with kernel_size 5: the interior rows by the best variant of the
 * Gaussian pyramid's row (compute/multiscale.h), the same integers. */
static const ovx_variant *select_halfscale(vx_node node, const vx_reference p[])
{
    static const int idx[] = {0, 1};
    vx_int32 k = 0;
    (void)node;
    (void)ovx_scalar_get((vx_scalar)p[2], VX_TYPE_INT32, &k);
    return k == 5 && ovx_images_fmt(p, idx, 2, VX_DF_IMAGE_U8) ? ovx_variant_pick(ovxc_row5_u8_variants()) : NULL;
}

/* ---- Warps: (input, matrix, type, output) ------------------------------ */

/* The node's warp/remap routine: the variant chosen at verify (U8 images,
 * see the select hooks below), else the scalar reference. */
static ovxc_warp_rows_f geo_warp_fn(vx_node node, int kind)
{
    const ovx_variant *v = ovx_node_variant(node);
    if (v) return (ovxc_warp_rows_f)v->fn;
    return kind == OVXC_GEO_WARP_AFFINE ? ovxc_warp_affine_rows
                                       : (kind == OVXC_GEO_WARP_PERSPECTIVE ? ovxc_warp_perspective_rows : ovxc_remap_rows);
}

/* NaN or infinity in a warp matrix or remap table: the spec defines no
 * coordinate for it (issue 11): VX_ERROR_INVALID_VALUE. */
static vx_status geo_finite(vx_node node, vx_uint32 index, const float *v, vx_size n, const char *what)
{
    vx_size i;
    for (i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return ovx_kernel_log(node, index, VX_ERROR_INVALID_VALUE, "%s element %zu is %g: not a finite number",
                                  what, (size_t)i, (double)v[i]);
    return VX_SUCCESS;
}

static vx_status warp_validate(vx_node node, const vx_reference p[], vx_meta_format m[], vx_size rows,
                               vx_bool allow_u1)
{
    vx_df_image f;
    vx_uint32 w, h;
    vx_enum mt = 0;
    vx_size r = 0, c = 0;
    vx_status s;
    if ((s = geo_check_input(node, 0, p[0], allow_u1, &f, &w, &h)) != VX_SUCCESS) return s;
    if (vxQueryMatrix((vx_matrix)p[1], VX_MATRIX_TYPE, &mt, sizeof(mt)) != VX_SUCCESS ||
        vxQueryMatrix((vx_matrix)p[1], VX_MATRIX_ROWS, &r, sizeof(r)) != VX_SUCCESS ||
        vxQueryMatrix((vx_matrix)p[1], VX_MATRIX_COLUMNS, &c, sizeof(c)) != VX_SUCCESS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "cannot query the matrix");
    if (mt != VX_TYPE_FLOAT32)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_TYPE, "matrix must be VX_TYPE_FLOAT32");
    if (r != 3 || c != rows)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "matrix must have %u columns and 3 rows, got %u x %u",
                              (unsigned)rows, (unsigned)c, (unsigned)r);
    if ((s = geo_check_interp(node, 2, p[2], vx_false_e)) != VX_SUCCESS) return s;
    if (((const struct _vx_matrix *)p[1])->data &&
        (s = geo_finite(node, 1, (const float *)((const struct _vx_matrix *)p[1])->data, 3 * rows, "the matrix's")) !=
            VX_SUCCESS)
        return s;
    return geo_output_meta(node, 3, p[3], m[3], f, 0, 0);
}

static vx_status VX_CALLBACK warp_affine_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                  vx_meta_format m[])
{
    (void)num;
    return warp_validate(node, p, m, 2, vx_true_e);
}

static vx_status VX_CALLBACK warp_perspective_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                       vx_meta_format m[])
{
    (void)num;
    return warp_validate(node, p, m, 3, vx_true_e);
}

static vx_status warp_window(vx_node node, const vx_reference p[], const ovx_window *win, int kind);

static vx_status warp_affine_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *win)
{
    (void)num;
    return warp_window(node, p, win, OVXC_GEO_WARP_AFFINE);
}

static vx_status warp_perspective_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *win)
{
    (void)num;
    return warp_window(node, p, win, OVXC_GEO_WARP_PERSPECTIVE);
}

/* ---- Remap: (input, table, policy, output) ----------------------------- */

static vx_status VX_CALLBACK remap_validate(vx_node node, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    vx_df_image f;
    vx_uint32 w, h, sw = 0, sh = 0, dw = 0, dh = 0;
    vx_status s;
    (void)num;
    if ((s = geo_check_input(node, 0, p[0], vx_false_e, &f, &w, &h)) != VX_SUCCESS) return s;
    if (vxQueryRemap((vx_remap)p[1], VX_REMAP_SOURCE_WIDTH, &sw, sizeof(sw)) != VX_SUCCESS ||
        vxQueryRemap((vx_remap)p[1], VX_REMAP_SOURCE_HEIGHT, &sh, sizeof(sh)) != VX_SUCCESS ||
        vxQueryRemap((vx_remap)p[1], VX_REMAP_DESTINATION_WIDTH, &dw, sizeof(dw)) != VX_SUCCESS ||
        vxQueryRemap((vx_remap)p[1], VX_REMAP_DESTINATION_HEIGHT, &dh, sizeof(dh)) != VX_SUCCESS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "cannot query the remap table");
    if (sw != w || sh != h)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION,
                              "the table's source is %ux%u, the input image %ux%u", sw, sh, w, h);
    if ((s = geo_check_interp(node, 2, p[2], vx_false_e)) != VX_SUCCESS) return s;
    if (((const struct _vx_remap *)p[1])->data &&
        (s = geo_finite(node, 1, (const float *)((const struct _vx_remap *)p[1])->data, (vx_size)dw * dh * 2,
                        "the remap table's")) != VX_SUCCESS)
        return s;
    return geo_output_meta(node, 3, p[3], m[3], f, dw, dh);
}

/* Remaps keep, in the node's scratch, a table derived from the remap's
 * content (compute/geometry.h; nearest, ovxc_remap_tab_*: the source pixel of
 * every destination pixel, 4 bytes instead of the map's 8; bilinear,
 * ovxc_remap_btab_*: per block of 8 a window's offset and per pixel the
 * position in it, 4.5 bytes, no conversion on each run): set up at verify
 * (select_remap) where the CPU runs one of the table's SIMD samplers, built row
 * by row in the windows (on the node's threads) once a row's key (the
 * remap's content stamp, objects/remap.h, the plane's origin, size, border
 * rule and, bilinear, stride) has been seen a few runs (tab_row_action: the
 * runs before take the map, and a remap rewritten before every run never
 * pays a build); another remap, a rewritten one, a new valid rectangle never
 * meet a stale row.  U1, planes over OVXC_GEO_TAB_MAX and bilinear ones under
 * 16 x 3 take the map itself.  Nearest warps keep the same table
 * (warp_window). */
typedef struct {
    vx_uint64 stamp;             /* warps: GEO_WARP_STAMP */
    vx_uint32 m[9];              /* warps: the matrix's floats' bits (remaps: 0) */
    vx_int32 ox, oy, w, h, mode; /* mode: the packed form's border rule */
    vx_int32 stride;             /* the bilinear table's offsets */
    vx_int32 built;              /* the row's table is built (the fields before compare by memcmp) */
    vx_uint16 runs;              /* runs that saw this key */
    vx_uint16 last;              /* runs that saw the row's previous key (0: none) */
} remap_row_key;

typedef struct {
    vx_uint32 magic, dw, dh, bil; /* bil: the bilinear table (ovxc_remap_btab_*) */
    ovxc_remap_tab_f sample;
    ovxc_remap_tab_build_f build;
    ovxc_remap_tab_pack_f pack;
    ovxc_remap_btab_f bsample;
} remap_tab_head;

#define REMAP_TAB_MAGIC 0x52544142u /* "RTAB" */
#define GEO_WARP_STAMP (~(vx_uint64)0) /* (a remap's stamps count from 1; cleared keys are 0) */

static vx_size remap_tab_keys_off(void)
{
    return (sizeof(remap_tab_head) + 63) & ~(vx_size)63;
}

static vx_size remap_tab_off(vx_uint32 dh)
{
    return (remap_tab_keys_off() + (vx_size)dh * sizeof(remap_row_key) + 63) & ~(vx_size)63;
}

/* After the table (4 bytes a pixel): the packed form's window bytes
 * (istride a row) and block bases (hstride a row). */
static vx_int32 remap_tab_istride(vx_uint32 dw)
{
    return (vx_int32)((dw + 63) & ~63u);
}

static vx_size remap_tab_size(vx_uint32 dw, vx_uint32 dh, int bil)
{
    if (bil) return remap_tab_off(dh) + ovxc_remap_btab_row_bytes((int32_t)dw) * dh;
    return remap_tab_off(dh) + (vx_size)dw * dh * 4 + (vx_size)remap_tab_istride(dw) * dh +
           (vx_size)(remap_tab_istride(dw) / 16) * dh * 4;
}

/* The node's table head, when it has one for a dw x dh destination and
 * the interpolation. */
static remap_tab_head *remap_tab_of(vx_node node, vx_int32 dw, vx_int32 dh, int bil)
{
    remap_tab_head *hd = (remap_tab_head *)node->local_data_ptr;
    if (!node->local_data_ours || !hd || node->local_data_size < sizeof(remap_tab_head) ||
        hd->magic != REMAP_TAB_MAGIC || (int)hd->bil != bil ||
        node->local_data_size < remap_tab_size((vx_uint32)dw, (vx_uint32)dh, bil) || (vx_int32)hd->dw != dw ||
        (vx_int32)hd->dh != dh)
        return NULL;
    return hd;
}

/* What a run does with row k of a node's table, by its key (remap_row_key),
 * counted on: TAB_PLAIN (the map or matrix itself), TAB_BUILD (build the
 * row, then sample it) or TAB_SAMPLE.  A build costs about two plain runs
 * and a table run a third of one (a 1920x1080 perspective warp, two
 * threads: 0.75, 0.385 and 0.13 ms), so it pays when the key then lasts
 * about 3 more runs: a row is built the second run that sees its key (a
 * remap rewritten, a matrix changed before every run keeps the plain rows
 * and never pays a build) when the row's previous key lasted 5 runs or more
 * (or there was none), else the fifth (a matrix changed every 2 runs had
 * made each pair 48% slower, every 3 runs 12%; now never built; one that
 * changes every 5 runs or more still gains).  Rows are a band's own: one
 * thread counts each. */
enum { TAB_PLAIN, TAB_BUILD, TAB_SAMPLE };

static int tab_row_action(remap_row_key *k, const remap_row_key *want)
{
    if (memcmp(k, want, offsetof(remap_row_key, built)) == 0) {
        if (k->runs < 0xFFFFu) k->runs++;
        if (k->built) return TAB_SAMPLE;
        if (k->runs < 2 || (k->last != 0 && k->last < 5 && k->runs < 5)) return TAB_PLAIN;
        k->built = 1;
        return TAB_BUILD;
    }
    {
        const vx_uint16 last = k->stamp ? k->runs : 0; /* (a cleared key: no previous content) */
        memcpy(k, want, offsetof(remap_row_key, built));
        k->built = 0;
        k->runs = 1;
        k->last = last;
    }
    return TAB_PLAIN;
}

/* The rows [y0, y1) of a node with a table (hd), each as tab_row_action
 * says (want: the key of this run's content), in runs of rows of one kind;
 * plain: the rows without the table (coef: the map or the matrix). */
static void tab_window(remap_tab_head *hd, const ovxc_geo_src *src, const ovxc_geo_dst *dst, const remap_row_key *want,
                       const float *coef, ovxc_warp_rows_f plain, int interp, vx_uint32 y0, vx_uint32 y1)
{
    vx_uint8 *base = (vx_uint8 *)hd;
    remap_row_key *keys = (remap_row_key *)(void *)(base + remap_tab_keys_off());
    int16_t *tab = (int16_t *)(void *)(base + remap_tab_off((vx_uint32)dst->height));
    const int bil = (int)hd->bil;
    /* nearest: the packed form after the table */
    uint8_t *idx = bil ? NULL : (uint8_t *)(tab + (size_t)dst->width * (size_t)dst->height * 2);
    const vx_int32 ist = remap_tab_istride((vx_uint32)dst->width), hst = ist / 16;
    int32_t *hdr = bil ? NULL : (int32_t *)(void *)(idx + (size_t)ist * (size_t)dst->height);
    ovxc_remap_tab t;
    vx_uint32 y = y0;
    int a = y0 < y1 ? tab_row_action(&keys[y0], want) : TAB_PLAIN;
    t.tab = tab, t.idx = idx, t.hdr = hdr, t.istride = ist, t.hstride = hst;
    while (y < y1) {
        vx_uint32 e = y + 1;
        int na = TAB_PLAIN;
        while (e < y1 && (na = tab_row_action(&keys[e], want)) == a) e++;
        if (a == TAB_BUILD) {
            if (bil) {
                ovxc_remap_btab_build_rows(src, dst, coef, (uint8_t *)tab, y, e);
            } else {
                hd->build(src, dst, coef, tab, y, e);
                hd->pack(src, dst, tab, idx, hdr, ist, hst, y, e);
            }
        }
        if (a == TAB_PLAIN) plain(src, dst, coef, interp, y, e);
        else if (bil) hd->bsample(src, dst, coef, (const uint8_t *)tab, y, e);
        else hd->sample(src, dst, &t, y, e);
        y = e;
        a = na;
    }
}

static vx_status remap_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *win)
{
    ovxc_geo_src src = geo_valid_src_of(node, (vx_image)p[0]);
    ovxc_geo_dst dst = geo_dst_of((vx_image)p[3]);
    const struct _vx_remap *r = (const struct _vx_remap *)p[1];
    const int interp = geo_interp(p[2]);
    remap_tab_head *hd;
    (void)num;
    if (!r->data || (int32_t)r->dst_width != dst.width || (int32_t)r->dst_height != dst.height)
        return VX_ERROR_INVALID_PARAMETERS;
    const int bil = interp == OVXC_GEO_BILINEAR;
    if ((bil ? ovxc_remap_btab_fits(&src, &dst) : interp == OVXC_GEO_NEAREST && ovxc_remap_tab_fits(&src, &dst)) &&
        (hd = remap_tab_of(node, dst.width, dst.height, bil)) != NULL) {
        remap_row_key want;
        memset(&want, 0, sizeof want);
        want.stamp = r->stamp, want.ox = src.ox, want.oy = src.oy, want.w = src.width, want.h = src.height;
        want.mode = src.mode;
        want.stride = bil ? src.stride : 0;
        tab_window(hd, &src, &dst, &want, (const float *)r->data, geo_warp_fn(node, OVXC_GEO_REMAP), interp, win->y0,
                   win->y1);
        return VX_SUCCESS;
    }
    geo_warp_fn(node, OVXC_GEO_REMAP)(&src, &dst, (const float *)r->data, interp, win->y0, win->y1);
    return VX_SUCCESS;
}

/* Nearest warps keep the same table (the reference's pixels of the
 * matrix, compute/geometry.h), keyed by the matrix's content instead of a
 * remap's stamp: a matrix changed between runs (or by a node of the graph)
 * meets no stale row, one that stays the same runs from the table (1920x1080,
 * one thread, a Zen 4: perspective about 0.25 ms a frame against 0.70 from the
 * matrix, affine 0.24 against 0.50). */
static vx_status warp_window(vx_node node, const vx_reference p[], const ovx_window *win, int kind)
{
    ovxc_geo_src src = geo_valid_src_of(node, (vx_image)p[0]);
    ovxc_geo_dst dst = geo_dst_of((vx_image)p[3]);
    const struct _vx_matrix *mat = (const struct _vx_matrix *)p[1];
    const int interp = geo_interp(p[2]);
    const vx_size nm = kind == OVXC_GEO_WARP_PERSPECTIVE ? 9 : 6;
    remap_tab_head *hd;
    if (!mat->data) return VX_ERROR_INVALID_PARAMETERS;
    if (geo_finite(node, 1, (const float *)mat->data, nm, "the matrix's") != VX_SUCCESS) return VX_ERROR_INVALID_VALUE;
    if (interp == OVXC_GEO_NEAREST && ovxc_remap_tab_fits(&src, &dst) &&
        (hd = remap_tab_of(node, dst.width, dst.height, 0)) != NULL) {
        remap_row_key want;
        memset(&want, 0, sizeof want);
        want.stamp = GEO_WARP_STAMP;
        memcpy(want.m, mat->data, nm * sizeof(float));
        want.ox = src.ox, want.oy = src.oy, want.w = src.width, want.h = src.height, want.mode = src.mode;
        tab_window(hd, &src, &dst, &want, (const float *)mat->data, geo_warp_fn(node, kind), interp, win->y0,
                   win->y1);
        return VX_SUCCESS;
    }
    geo_warp_fn(node, kind)(&src, &dst, (const float *)mat->data, interp, win->y0, win->y1);
    return VX_SUCCESS;
}

/* ---- SIMD variants (runtime/dispatch.h) --------------------------------- */

/* U8 warps and remaps run the best variant of compute/geometry.h (bit-exact
 * with the scalar reference); U1 ones keep the reference. */
static const ovx_variant *geo_select(const vx_reference p[], int kind)
{
    static const int idx[] = {0, 3};
    return ovx_images_fmt(p, idx, 2, VX_DF_IMAGE_U8) ? ovx_variant_pick(ovxc_geo_warp_variants(kind)) : NULL;
}

/* The node's table (remap_tab_head) set up in its scratch, every row's key
 * cleared, when want (a sampler variant tv with SIMD, the input's sides up
 * to OVXC_GEO_TAB_MAX, dw x dh destination pixels under 2^28); else a table
 * of an earlier verify marked gone. */
static void geo_tab_setup(vx_node node, int want, vx_image in, vx_uint32 dw, vx_uint32 dh, int bil,
                          const ovx_variant *tv, const ovx_variant *build)
{
    if (want && dw >= 1 && dh >= 1 && in->width <= OVXC_GEO_TAB_MAX && in->height <= OVXC_GEO_TAB_MAX &&
        (vx_uint64)dw * dh <= ((vx_uint64)1 << 31) / 8) {
        const vx_size off = remap_tab_off(dh);
        vx_uint8 *base = ovx_node_scratch(node, remap_tab_size(dw, dh, bil));
        if (base) {
            remap_tab_head *hd = (remap_tab_head *)(void *)base;
            memset(base, 0, off);
            hd->magic = REMAP_TAB_MAGIC;
            hd->dw = dw;
            hd->dh = dh;
            hd->bil = (vx_uint32)bil;
            if (bil) {
                hd->bsample = (ovxc_remap_btab_f)tv->fn;
            } else {
                hd->sample = (ovxc_remap_tab_f)tv->fn;
                hd->build = (ovxc_remap_tab_build_f)build->fn;
                hd->pack = (ovxc_remap_tab_pack_f)ovx_variant_pick(ovxc_remap_tab_pack_variants())->fn;
            }
            return;
        }
    }
    if (node->local_data_ours && node->local_data_ptr && node->local_data_size >= sizeof(remap_tab_head))
        ((remap_tab_head *)node->local_data_ptr)->magic = 0; /* no table (a scratch of an earlier verify) */
}

/* Nearest affine on a CPU whose AVX-512 runs at half width takes the AVX2
 * variant (on a Zen 4, 1920x1080, one thread: 0.50 ms a frame against the
 * AVX-512 rows' 0.62; see compute/geometry_avx512.c) where the AVX2 rows'
 * row-local windows hold its rows (7 |m[1]| <= 0.9: rotations up to about 8
 * degrees); steeper, those rows gather and the AVX-512 rows' windows win (one
 * thread, 1920x1080, rotations of 9, 12, 20, 30, 45, 90 degrees: 1.42, 1.65,
 * 2.06, 1.88, 1.65, 1.33 ms -> 0.66, 0.67, 1.50, 1.33, 1.36, 0.80).  (Decided
 * on the matrix at verify: one changed since runs the variant chosen then,
 * with the same results.) */
static const ovx_variant *select_warp_affine(vx_node node, const vx_reference p[])
{
    const ovx_variant *v = geo_select(p, OVXC_GEO_WARP_AFFINE);
    const struct _vx_matrix *mat = (const struct _vx_matrix *)p[1];
    const float *m = mat ? (const float *)mat->data : NULL;
    const int nearest = geo_interp(p[2]) == OVXC_GEO_NEAREST, step = nearest && !(m && 7.0 * fabs((double)m[1]) > 0.9);
    /* the table as select_warp_perspective's, its sampler the level of the rows (VX_NODE_OVX_VARIANT) */
    const ovx_variant *tv = ovx_variant_pick(ovxc_remap_tab_variants());
    vx_image out = (vx_image)p[3];
    if (step) tv = ovx_variant_halfwidth_step(tv);
    geo_tab_setup(node, v && nearest && tv->level != OVX_SIMD_NONE, (vx_image)p[0], out->width, out->height, 0, tv,
                  ovx_variant_pick(ovxc_warp_affine_tab_build_variants()));
    return step ? ovx_variant_halfwidth_step(v) : v;
}

/* Nearest perspective warps get the remap's nearest table where its
 * sampler has a SIMD variant: the best one even where AVX-512 runs at half
 * width (select_remap takes AVX2 there for a remap), since a rotation's
 * blocks span rows, which the AVX-512 sampler's 4-row windows hold (on a
 * Zen 4, bench_vision.py's 1920x1080 warp, two threads: 0.149 ms a frame
 * against the AVX2 sampler's 0.201; one thread 0.345 against 0.465) */
static const ovx_variant *select_warp_perspective(vx_node node, const vx_reference p[])
{
    const ovx_variant *v = geo_select(p, OVXC_GEO_WARP_PERSPECTIVE);
    const ovx_variant *tv = ovx_variant_pick(ovxc_remap_tab_variants());
    vx_image out = (vx_image)p[3];
    geo_tab_setup(node, v && geo_interp(p[2]) == OVXC_GEO_NEAREST && tv->level != OVX_SIMD_NONE, (vx_image)p[0],
                  out->width, out->height, 0, tv, ovx_variant_pick(ovxc_warp_perspective_tab_build_variants()));
    return v;
}

/* ... and nearest ones where the table's sampler has a SIMD variant (AVX2
 * or better: without one the map's own variants are faster), bilinear ones
 * where the bilinear table's has, get the table's room in the node scratch,
 * every row's key cleared (no stamp is 0). */
static const ovx_variant *select_remap(vx_node node, const vx_reference p[])
{
    const ovx_variant *v = geo_select(p, OVXC_GEO_REMAP);
    const int bil = geo_interp(p[2]) == OVXC_GEO_BILINEAR;
    const ovx_variant *tv = ovx_variant_pick(bil ? ovxc_remap_btab_variants() : ovxc_remap_tab_variants());
    /* nearest on a CPU whose AVX-512 runs at half width: the AVX2 table
     * sampler and map rows, the next entries of their tables (the table's
     * format is every variant's; on a Zen 4, 1920x1080, one thread: 0.158 ms
     * a frame against the AVX-512 sampler's 0.191) */
    if (!bil && geo_interp(p[2]) == OVXC_GEO_NEAREST) {
        tv = ovx_variant_halfwidth_step(tv);
        v = ovx_variant_halfwidth_step(v);
    }
    const struct _vx_remap *r = (const struct _vx_remap *)p[1];
    geo_tab_setup(node, v && (bil || geo_interp(p[2]) == OVXC_GEO_NEAREST) && tv->level != OVX_SIMD_NONE,
                  (vx_image)p[0], r->dst_width, r->dst_height, bil, tv,
                  bil ? NULL : ovx_variant_pick(ovxc_remap_tab_build_variants()));
    return v;
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_GEOMETRY
#include "kernel_descs.h"
