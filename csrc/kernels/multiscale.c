/*
 * Kernels: image pyramids (spec "Gaussian Image Pyramid", "Laplacian Image
 * Pyramid", "Reconstruction from a Laplacian Image Pyramid").  Whole-node
 * compute: each level depends on the previous one.  The arithmetic is in
 * csrc/compute/multiscale.c.
 */
#include "kernels.h"

#include "../compute/multiscale.h"
#include "../framework/graph.h"
#include "../objects/pyramid.h"
#include "../runtime/dispatch.h"

#include <stdlib.h>
#include <string.h>

static vx_status ms_image_info(vx_image img, vx_df_image *format, vx_uint32 *w, vx_uint32 *h)
{
    vx_status s = vxQueryImage(img, VX_IMAGE_FORMAT, format, sizeof(*format));
    if (s == VX_SUCCESS) s = vxQueryImage(img, VX_IMAGE_WIDTH, w, sizeof(*w));
    if (s == VX_SUCCESS) s = vxQueryImage(img, VX_IMAGE_HEIGHT, h, sizeof(*h));
    return s;
}

typedef struct {
    vx_size levels;
    vx_float32 scale;
    vx_uint32 width, height;
    vx_df_image format;
} ms_pyr_info;

static vx_status ms_pyramid_info(vx_pyramid pyr, ms_pyr_info *i)
{
    vx_status s = vxQueryPyramid(pyr, VX_PYRAMID_LEVELS, &i->levels, sizeof(i->levels));
    if (s == VX_SUCCESS) s = vxQueryPyramid(pyr, VX_PYRAMID_SCALE, &i->scale, sizeof(i->scale));
    if (s == VX_SUCCESS) s = vxQueryPyramid(pyr, VX_PYRAMID_WIDTH, &i->width, sizeof(i->width));
    if (s == VX_SUCCESS) s = vxQueryPyramid(pyr, VX_PYRAMID_HEIGHT, &i->height, sizeof(i->height));
    if (s == VX_SUCCESS) s = vxQueryPyramid(pyr, VX_PYRAMID_FORMAT, &i->format, sizeof(i->format));
    return s;
}

static void ms_pyramid_meta(vx_meta_format m, vx_size levels, vx_float32 scale, vx_uint32 w, vx_uint32 h,
                            vx_df_image f)
{
    vxSetMetaFormatAttribute(m, VX_PYRAMID_LEVELS, &levels, sizeof(levels));
    vxSetMetaFormatAttribute(m, VX_PYRAMID_SCALE, &scale, sizeof(scale));
    vxSetMetaFormatAttribute(m, VX_PYRAMID_WIDTH, &w, sizeof(w));
    vxSetMetaFormatAttribute(m, VX_PYRAMID_HEIGHT, &h, sizeof(h));
    vxSetMetaFormatAttribute(m, VX_PYRAMID_FORMAT, &f, sizeof(f));
}

/* Output pyramid (index) checks common to Gaussian and Laplacian pyramids. */
static vx_status ms_check_out_pyramid(vx_node node, vx_uint32 index, vx_reference ref, vx_df_image want,
                                      vx_uint32 w, vx_uint32 h, ms_pyr_info *pi)
{
    char b[5];
    if (ms_pyramid_info((vx_pyramid)ref, pi) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "cannot query the pyramid");
    if (pi->format != VX_DF_IMAGE_VIRT && pi->format != want)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_FORMAT, "pyramid format must be %s, got %s",
                              want == VX_DF_IMAGE_U8 ? "U8" : "S16", ovx_fmt_name(pi->format, b));
    if ((pi->width != 0 && pi->width != w) || (pi->height != 0 && pi->height != h))
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_DIMENSION,
                              "pyramid level 0 is %ux%u, the input image %ux%u", pi->width, pi->height, w, h);
    if (pi->levels < 1)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_DIMENSION, "pyramid has no level");
    /* Level sizes are rounded up, so past the first 1x1 level every level is
     * 1x1 again: those levels sample nothing the spec defines (a pyramid of 100
     * levels from 64x80). */
    {
        vx_size l;
        for (l = 1; l < pi->levels; l++)
            if (ovx_pyramid_level_size(w, pi->scale, l - 1) == 1 && ovx_pyramid_level_size(h, pi->scale, l - 1) == 1)
                return ovx_kernel_log(node, index, VX_ERROR_INVALID_VALUE,
                                      "%zu levels of scale %g from %ux%u: level %zu is 1x1 already, the levels after "
                                      "it would repeat it", (size_t)pi->levels, (double)pi->scale, w, h,
                                      (size_t)(l - 1));
    }
    return VX_SUCCESS;
}

static vx_status ms_plane_s16(vx_image img, ovxc_s16_plane *out)
{
    vx_status s = ovx_image_alloc(img);
    if (s != VX_SUCCESS) return s;
    ovx_plane p = ovx_image_plane(img, 0);
    out->ptr = (int16_t *)p.ptr;
    out->stride = p.stride / (vx_int32)sizeof(int16_t);
    out->width = (int32_t)img->width;
    out->height = (int32_t)img->height;
    return p.ptr ? VX_SUCCESS : VX_ERROR_NO_MEMORY;
}

/* Widen a U8 or S16 image into an int16 plane of its size. */
static void ms_load(vx_image img, const ovxc_s16_plane *dst)
{
    ovx_plane p = ovx_image_plane(img, 0);
    for (int32_t y = 0; y < dst->height; y++) {
        const vx_uint8 *row = p.ptr + (intptr_t)y * p.stride;
        int16_t *out = dst->ptr + (intptr_t)y * dst->stride;
        if (img->format == VX_DF_IMAGE_U8)
            for (int32_t x = 0; x < dst->width; x++) out[x] = row[x];
        else
            memcpy(out, row, (size_t)dst->width * sizeof(int16_t));
    }
}

/* Store an int16 plane into a U8 (saturating) or S16 image of its size,
 * in row bands on the node's threads (a full-size level: no serial pass). */
typedef struct {
    const ovxc_s16_plane *src;
    ovx_plane p;
    int u8;
} ms_store_job;

static void ms_store_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    const ms_store_job *j = arg;
    for (vx_uint32 y = y0; y < y1; y++) {
        vx_uint8 *row = j->p.ptr + (intptr_t)y * j->p.stride;
        const int16_t *in = j->src->ptr + (intptr_t)y * j->src->stride;
        if (j->u8)
            for (int32_t x = 0; x < j->src->width; x++) row[x] = (vx_uint8)(in[x] < 0 ? 0 : (in[x] > 255 ? 255 : in[x]));
        else
            memcpy(row, in, (size_t)j->src->width * sizeof(int16_t));
    }
}

static void ms_store(vx_node node, const ovxc_s16_plane *src, vx_image img)
{
    ms_store_job j = {src, ovx_image_plane(img, 0), img->format == VX_DF_IMAGE_U8};
    ovx_node_parallel_rows(node, 0, (vx_uint32)src->height, (vx_uint64)src->width * src->height, ms_store_rows, &j);
}

/* ---- Gaussian pyramid: (input, gaussian) -------------------------------- */

static vx_status VX_CALLBACK gpyr_validate(vx_node node, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    vx_df_image f;
    vx_uint32 w, h;
    ms_pyr_info pi;
    vx_status s;
    char b[5];
    (void)num;
    if (ms_image_info((vx_image)p[0], &f, &w, &h) != VX_SUCCESS)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_PARAMETERS, "cannot query the input image");
    if (f != VX_DF_IMAGE_U8)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "input must be U8, got %s", ovx_fmt_name(f, b));
    if ((s = ms_check_out_pyramid(node, 1, p[1], VX_DF_IMAGE_U8, w, h, &pi)) != VX_SUCCESS) return s;
    if (pi.scale != VX_SCALE_PYRAMID_HALF && pi.scale != VX_SCALE_PYRAMID_ORB)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "pyramid scale must be HALF or ORB, got %g",
                              (double)pi.scale);
    ms_pyramid_meta(m[1], pi.levels, pi.scale, w, h, VX_DF_IMAGE_U8);
    return VX_SUCCESS;
}

/* One Gaussian level's rows, a band at a time on the pool; the first level
 * reads the input and its bands also copy their share of the input's rows to
 * level 0 (copy: rows [y0 * ah / ch, y1 * ah / ch) of band [y0, y1)). */
typedef struct {
    ovx_plane pa, pc, copy;
    vx_int32 aw, ah, cw, ch;
    int constant, cval;
    ovxc_row5_u8_f row5;
    int32_t cx0;
} gpyr_level_job;

static void gpyr_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    gpyr_level_job *j = arg;
    if (j->copy.ptr) {
        vx_uint64 ah = (vx_uint64)j->ah, ch = (vx_uint64)j->ch;
        vx_uint32 r0 = (vx_uint32)(y0 * ah / ch), r1 = (vx_uint32)(y1 * ah / ch);
        for (vx_uint32 y = r0; y < r1; y++)
            memcpy(j->copy.ptr + (intptr_t)y * j->copy.stride, j->pa.ptr + (intptr_t)y * j->pa.stride,
                   (size_t)j->aw);
    }
    ovxc_gaussian_level_u8_rows(j->pa.ptr, j->pa.stride, j->aw, j->ah, j->pc.ptr, j->pc.stride, j->cw, j->ch,
                               j->constant, j->cval, j->row5, j->cx0, y0, y1);
}

static vx_status VX_CALLBACK gpyr_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_image in = (vx_image)p[0];
    struct _vx_pyramid *pyr = (struct _vx_pyramid *)p[1];
    vx_border_t b = ovx_node_border(node);
    int constant = b.mode == VX_BORDER_CONSTANT;
    (void)num;
    for (vx_size l = 0; l < pyr->levels; l++) {
        vx_status s = ovx_image_alloc(pyr->images[l]);
        if (s != VX_SUCCESS) return s;
    }
    const ovx_variant *v = ovx_node_variant(node);
    ovx_plane src = ovx_image_plane(in, 0);
    ovx_plane dst = ovx_image_plane(pyr->images[0], 0);
    if (in->width != pyr->images[0]->width || in->height != pyr->images[0]->height) return VX_ERROR_INVALID_DIMENSION;
    if (pyr->levels < 2) {
        for (vx_uint32 y = 0; y < in->height; y++)
            memcpy(dst.ptr + (intptr_t)y * dst.stride, src.ptr + (intptr_t)y * src.stride, in->width);
        return VX_SUCCESS;
    }
    for (vx_size l = 1; l < pyr->levels; l++) {
        vx_image a = l == 1 ? in : pyr->images[l - 1], c = pyr->images[l];
        gpyr_level_job j;
        j.pa = ovx_image_plane(a, 0), j.pc = ovx_image_plane(c, 0);
        j.copy = dst;
        if (l > 1) j.copy.ptr = NULL;
        j.aw = (vx_int32)a->width, j.ah = (vx_int32)a->height, j.cw = (vx_int32)c->width, j.ch = (vx_int32)c->height;
        j.constant = constant, j.cval = b.constant_value.U8;
        j.row5 = v ? (ovxc_row5_u8_f)v->fn : NULL;
        j.cx0 = ovxc_gaussian_level_cx0(j.aw, j.cw);
        /* each level's rows in bands (a level reads only the one before it;
         * the first one the input, while its bands copy it to level 0) */
        ovx_node_parallel_rows(node, 0, c->height, (vx_uint64)c->width * c->height * 25, gpyr_rows, &j);
    }
    return VX_SUCCESS;
}

/* ---- SIMD variants (runtime/dispatch.h) --------------------------------- */

/* The Gaussian pyramid's U8 levels: the best variant of the half-size row
 * (compute/multiscale.h, bit-exact with the reference). */
static const ovx_variant *select_gpyr(vx_node node, const vx_reference p[])
{
    (void)node;
    (void)p;
    return ovx_variant_pick(ovxc_row5_u8_variants());
}

/* The Laplacian pyramid of a U8 image: the best variant of its U8 level row
 * (and the half-size row of the same level). */
static const ovx_variant *select_lpyr(vx_node node, const vx_reference p[])
{
    static const int idx[] = {0, 2};
    (void)node;
    return ovx_images_fmt(p, idx, 2, VX_DF_IMAGE_U8) ? ovx_variant_pick(ovxc_up_sub_u8_variants()) : NULL;
}

/* ---- Laplacian pyramid: (input, laplacian, output) ---------------------- */

static vx_status ms_output_meta(vx_node node, vx_uint32 index, vx_reference ref, vx_meta_format m, vx_df_image f,
                                vx_uint32 w, vx_uint32 h)
{
    vx_df_image of;
    vx_uint32 ow, oh;
    char b[5], c[5];
    if (ms_image_info((vx_image)ref, &of, &ow, &oh) != VX_SUCCESS)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_PARAMETERS, "cannot query the output image");
    if (of != VX_DF_IMAGE_VIRT && of != f)
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_FORMAT, "output must have the input's format %s, got %s",
                              ovx_fmt_name(f, b), ovx_fmt_name(of, c));
    vxSetMetaFormatAttribute(m, VX_IMAGE_FORMAT, &f, sizeof(f));
    vxSetMetaFormatAttribute(m, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxSetMetaFormatAttribute(m, VX_IMAGE_HEIGHT, &h, sizeof(h));
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK lpyr_validate(vx_node node, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    vx_df_image f;
    vx_uint32 w, h, lw, lh;
    ms_pyr_info pi;
    vx_status s;
    char b[5];
    (void)num;
    if (ms_image_info((vx_image)p[0], &f, &w, &h) != VX_SUCCESS)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_PARAMETERS, "cannot query the input image");
    if (f != VX_DF_IMAGE_U8 && f != VX_DF_IMAGE_S16)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "input must be U8 or S16, got %s", ovx_fmt_name(f, b));
    if ((s = ms_check_out_pyramid(node, 1, p[1], VX_DF_IMAGE_S16, w, h, &pi)) != VX_SUCCESS) return s;
    if (pi.scale != VX_SCALE_PYRAMID_HALF)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "Laplacian pyramid scale must be HALF, got %g",
                              (double)pi.scale);
    ms_pyramid_meta(m[1], pi.levels, pi.scale, w, h, VX_DF_IMAGE_S16);
    lw = w;
    lh = h;
    for (vx_size l = 0; l < pi.levels; l++) {
        lw = (lw + 1) / 2;
        lh = (lh + 1) / 2;
    }
    return ms_output_meta(node, 2, p[2], m[2], f, lw, lh);
}

/* The S16 levels' rows in bands on the pool. */
typedef struct {
    const ovxc_s16_plane *src, *a, *dst;
    int sign;
    ovxc_upsample_half_f half; /* upsampling: the half-size level's build, picked once a level */
} ms_s16_job;

static void gauss_s16_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    const ms_s16_job *j = arg;
    ovxc_gaussian_level_s16(j->src, j->dst, 0, 0, (int32_t)y0, (int32_t)y1);
}

static void upsample_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    const ms_s16_job *j = arg;
    ovxc_upsample_combine_s16_with(j->src, j->a, j->dst, j->sign, (int32_t)y0, (int32_t)y1, j->half);
}

static void ms_gauss_s16(vx_node node, const ovxc_s16_plane *src, const ovxc_s16_plane *dst)
{
    ms_s16_job j = {src, NULL, dst, 0, NULL};
    ovx_node_parallel_rows(node, 0, (vx_uint32)dst->height, (vx_uint64)dst->width * dst->height * 12, gauss_s16_rows,
                           &j);
}

static void ms_upsample(vx_node node, const ovxc_s16_plane *small, const ovxc_s16_plane *a, const ovxc_s16_plane *dst,
                        int sign)
{
    ms_s16_job j = {small, a, dst, sign,
                    (ovxc_upsample_half_f)ovx_variant_pick(ovxc_upsample_half_variants())->fn};
    ovx_node_parallel_rows(node, 0, (vx_uint32)dst->height, (vx_uint64)dst->width * dst->height * 8, upsample_rows, &j);
}

/* The last level of a reconstruction into a U8 output: the half-size
 * upsampling saturated to 0..255 straight into the image, in row bands (no
 * int16 plane, no store pass); 0 (nothing done) where the level is not half
 * size or the output not of its size. */
typedef struct {
    const ovxc_s16_plane *small, *a;
    ovx_plane out;
    ovxc_upsample_half_u8_f fn;
} ms_up_u8_job;

static void upsample_u8_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    const ms_up_u8_job *j = arg;
    j->fn(j->small, j->a, j->out.ptr, j->out.stride, j->a->width, +1, (int32_t)y0, (int32_t)y1);
}

static int ms_upsample_u8(vx_node node, const ovxc_s16_plane *small, const ovxc_s16_plane *lap, vx_image out)
{
    ms_up_u8_job j = {small, lap, ovx_image_plane(out, 0),
                      (ovxc_upsample_half_u8_f)ovx_variant_pick(ovxc_upsample_half_u8_variants())->fn};
    if (small->width < 1 || small->height < 1 || lap->width > 2 * small->width || lap->height > 2 * small->height ||
        (vx_uint32)lap->width != out->width || (vx_uint32)lap->height != out->height)
        return 0;
    ovx_node_parallel_rows(node, 0, (vx_uint32)lap->height, (vx_uint64)lap->width * lap->height * 8, upsample_u8_rows, &j);
    return 1;
}

/* A Laplacian level of U8 Gaussian levels, in row bands. */
typedef struct {
    ovx_plane small, a, dst;
    vx_int32 sw, sh, dw;
    ovxc_up_sub_u8_f up;
} lap_u8_job;

static void lap_u8_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    const lap_u8_job *j = arg;
    ovxc_laplacian_level_u8_rows(j->small.ptr, j->small.stride, j->sw, j->sh, j->a.ptr, j->a.stride,
                                (int16_t *)(void *)j->dst.ptr, j->dst.stride / (vx_int32)sizeof(int16_t), j->dw, j->up,
                                (int32_t)y0, (int32_t)y1);
}

/* A U8 input and output: every Gaussian level holds 0..255, so the levels
 * stay U8 (the input is level 0, the output the last one, the others in
 * node scratch), computed by the half-size row primitive, and each
 * Laplacian level is a - UpSample(small) from the U8 levels straight into
 * the pyramid (compute/multiscale.h; the same integers as the S16 path).
 * Returns VX_FAILURE, touching nothing, when a level is not about half the
 * one before (the S16 path does it). */
static vx_status lpyr_u8(vx_node node, vx_image in, struct _vx_pyramid *pyr, vx_image out)
{
    const vx_size n = pyr->levels;
    const ovx_variant *v = ovx_node_variant(node), *r5 = ovxc_row5_u8_variants();
    ovx_plane *P;
    vx_int32 W[64], H[64];
    size_t total = 0, head;
    vx_uint8 *buf;
    if (n < 1 || n + 1 > 64 || in->format != VX_DF_IMAGE_U8 || out->format != VX_DF_IMAGE_U8) return VX_FAILURE;
    for (vx_size l = 0; l <= n; l++) {
        vx_image ref = l == 0 ? in : (l < n ? pyr->images[l] : out);
        W[l] = (vx_int32)ref->width, H[l] = (vx_int32)ref->height;
        if (W[l] < 1 || H[l] < 1) return VX_FAILURE;
        if (l > 0 && (W[l - 1] > 2 * W[l] || H[l - 1] > 2 * H[l])) return VX_FAILURE;
        if (l > 0 && l < n) total += (size_t)W[l] * (size_t)H[l];
    }
    if (pyr->images[0]->width != in->width || pyr->images[0]->height != in->height) return VX_FAILURE;
    for (vx_size l = 0; l < n; l++)
        if (ovx_image_alloc(pyr->images[l]) != VX_SUCCESS) return VX_ERROR_NO_MEMORY;
    head = ((n + 1) * sizeof(ovx_plane) + 63) & ~(size_t)63;
    P = ovx_node_scratch(node, head + total);
    if (!P) return VX_ERROR_NO_MEMORY;
    buf = (vx_uint8 *)P + head;
    while (r5->level != OVX_SIMD_NONE && (!v || r5->level != v->level)) r5++;
    P[0] = ovx_image_plane(in, 0);
    P[n] = ovx_image_plane(out, 0);
    total = 0;
    for (vx_size l = 1; l < n; l++) {
        P[l].ptr = buf + total, P[l].stride = W[l], P[l].width = (vx_uint32)W[l], P[l].height = (vx_uint32)H[l];
        total += (size_t)W[l] * (size_t)H[l];
    }
    for (vx_size l = 1; l <= n; l++) {
        gpyr_level_job j;
        j.pa = P[l - 1], j.pc = P[l];
        j.copy.ptr = NULL;
        j.aw = W[l - 1], j.ah = H[l - 1], j.cw = W[l], j.ch = H[l];
        j.constant = 0, j.cval = 0;
        j.row5 = (ovxc_row5_u8_f)r5->fn;
        j.cx0 = ovxc_gaussian_level_cx0(j.aw, j.cw);
        ovx_node_parallel_rows(node, 0, (vx_uint32)H[l], (vx_uint64)W[l] * (vx_uint64)H[l] * 25, gpyr_rows, &j);
    }
    for (vx_size l = 0; l < n; l++) {
        lap_u8_job j;
        j.small = P[l + 1], j.a = P[l], j.dst = ovx_image_plane(pyr->images[l], 0);
        j.sw = W[l + 1], j.sh = H[l + 1], j.dw = W[l];
        j.up = v ? (ovxc_up_sub_u8_f)v->fn : NULL;
        ovx_node_parallel_rows(node, 0, (vx_uint32)H[l], (vx_uint64)W[l] * (vx_uint64)H[l] * 8, lap_u8_rows, &j);
    }
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK lpyr_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_image in = (vx_image)p[0], out = (vx_image)p[2];
    struct _vx_pyramid *pyr = (struct _vx_pyramid *)p[1];
    vx_size n = pyr->levels;
    {
        vx_status su = lpyr_u8(node, in, pyr, out);
        if (su != VX_FAILURE) return su;
    }
    ovxc_s16_plane *g;
    size_t total = 0, head = ((n + 1) * sizeof(*g) + 63) & ~(size_t)63;
    vx_status s = VX_SUCCESS;
    int16_t *buf;
    (void)num;
    for (vx_size l = 0; l <= n; l++) {
        vx_image ref = l < n ? pyr->images[l] : out;
        total += (size_t)ref->width * (size_t)ref->height;
    }
    g = ovx_node_scratch(node, head + total * sizeof(int16_t));
    if (!g) return VX_ERROR_NO_MEMORY;
    buf = (int16_t *)(void *)((char *)g + head);
    total = 0;
    for (vx_size l = 0; l <= n; l++) {
        vx_image ref = l < n ? pyr->images[l] : out;
        g[l].width = (int32_t)ref->width;
        g[l].height = (int32_t)ref->height;
        g[l].stride = g[l].width;
        g[l].ptr = buf + total;
        total += (size_t)g[l].width * (size_t)g[l].height;
    }
    /* G_0 = input, G_{i+1} = next level with the REPLICATE border */
    ms_load(in, &g[0]);
    for (vx_size l = 1; l <= n; l++) ms_gauss_s16(node, &g[l - 1], &g[l]);
    for (vx_size l = 0; l < n && s == VX_SUCCESS; l++) {
        ovxc_s16_plane lap;
        s = ms_plane_s16(pyr->images[l], &lap);
        if (s == VX_SUCCESS) ms_upsample(node, &g[l + 1], &g[l], &lap, -1);
    }
    if (s == VX_SUCCESS) ms_store(node, &g[n], out);
    return s;
}

/* ---- Laplacian reconstruct: (laplacian, input, output) ------------------ */

static vx_status VX_CALLBACK lrec_validate(vx_node node, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    vx_df_image f;
    vx_uint32 w, h, lw, lh;
    ms_pyr_info pi;
    char b[5];
    (void)num;
    if (ms_pyramid_info((vx_pyramid)p[0], &pi) != VX_SUCCESS)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_PARAMETERS, "cannot query the pyramid");
    if (pi.format != VX_DF_IMAGE_S16)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "pyramid format must be S16, got %s",
                              ovx_fmt_name(pi.format, b));
    if (pi.scale != VX_SCALE_PYRAMID_HALF)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_VALUE, "Laplacian pyramid scale must be HALF, got %g",
                              (double)pi.scale);
    if (pi.levels < 1) return ovx_kernel_log(node, 0, VX_ERROR_INVALID_DIMENSION, "pyramid has no level");
    if (ms_image_info((vx_image)p[1], &f, &w, &h) != VX_SUCCESS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "cannot query the input image");
    if (f != VX_DF_IMAGE_U8 && f != VX_DF_IMAGE_S16)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "input must be U8 or S16, got %s", ovx_fmt_name(f, b));
    lw = pi.width;
    lh = pi.height;
    for (vx_size l = 0; l < pi.levels; l++) {
        lw = (lw + 1) / 2;
        lh = (lh + 1) / 2;
    }
    if (w != lw || h != lh)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION,
                              "input must be %ux%u (half the last pyramid level), got %ux%u", lw, lh, w, h);
    return ms_output_meta(node, 2, p[2], m[2], f, pi.width, pi.height);
}

static vx_status VX_CALLBACK lrec_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    struct _vx_pyramid *pyr = (struct _vx_pyramid *)p[0];
    vx_image in = (vx_image)p[1], out = (vx_image)p[2];
    vx_size n = pyr->levels;
    ovxc_s16_plane cur, next;
    size_t big = (size_t)pyr->images[0]->width * pyr->images[0]->height;
    size_t small = (size_t)in->width * in->height;
    int16_t *a, *b;
    vx_status s = VX_SUCCESS;
    (void)num;
    if (small > big) big = small;
    a = ovx_node_scratch(node, 2 * (big + 32) * sizeof(int16_t));
    if (!a) return VX_ERROR_NO_MEMORY;
    b = a + big + 32;
    cur.ptr = a;
    cur.width = (int32_t)in->width;
    cur.height = (int32_t)in->height;
    cur.stride = cur.width;
    ms_load(in, &cur);
    for (vx_size i = n; i-- > 0 && s == VX_SUCCESS;) {
        ovxc_s16_plane lap;
        s = ms_plane_s16(pyr->images[i], &lap);
        if (s != VX_SUCCESS) break;
        if (i == 0 && out->format == VX_DF_IMAGE_U8 && ms_upsample_u8(node, &cur, &lap, out)) return VX_SUCCESS;
        next.ptr = cur.ptr == a ? b : a;
        next.width = lap.width;
        next.height = lap.height;
        next.stride = lap.width;
        ms_upsample(node, &cur, &lap, &next, +1);
        cur = next;
    }
    if (s == VX_SUCCESS) ms_store(node, &cur, out);
    return s;
}

/* LaplacianReconstruct's levels: the best build of the half-size upsampling
 * (which ms_upsample picks in any case: the node's variant says which). */
static const ovx_variant *select_lrec(vx_node node, const vx_reference p[])
{
    (void)node, (void)p;
    return ovx_variant_pick(ovxc_upsample_half_variants());
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_MULTISCALE
#include "kernel_descs.h"
