/*
 * Kernels: color conversion, channel extract, channel combine (spec "Color
 * Convert", "Channel Extract", "Channel Combine").  The compute is in
 * compute/color.c; these are the validators and windows (the node functions are
 * generated from the kernel table).
 */
#include "kernels.h"

#include "../compute/color.h"

/* The planes of an image as the compute routines see them. */
static void image_planes(vx_image img, vx_df_image format, ovxc_cc_planes *p)
{
    ovxc_cc_chan ch[4];
    int n = ovxc_cc_channels(format, ch), i;
    vx_uint32 planes = 1;
    for (i = 0; i < n; i++)
        if ((vx_uint32)ch[i].plane + 1 > planes) planes = ch[i].plane + 1u;
    for (i = 0; i < 3; i++) {
        p->ptr[i] = NULL;
        p->stride[i] = 0;
        if ((vx_uint32)i < planes) {
            ovx_plane pl = ovx_image_plane(img, (vx_uint32)i);
            p->ptr[i] = pl.ptr;
            p->stride[i] = pl.stride;
        }
    }
}

/* Do images of this format need even widths / heights? */
static void format_align(vx_df_image f, vx_uint32 *ax, vx_uint32 *ay)
{
    ovxc_cc_chan ch[4];
    int n = ovxc_cc_channels(f, ch), i;
    *ax = *ay = 1;
    for (i = 0; i < n; i++) {
        if (ch[i].sx > *ax) *ax = ch[i].sx;
        if (ch[i].sy > *ay) *ay = ch[i].sy;
    }
}

/* ---- Color Convert ------------------------------------------------------- */

/* The spec's table of supported conversions (rows: input, columns: output). */
static vx_bool cc_supported(vx_df_image in, vx_df_image out)
{
    switch (in) {
    case VX_DF_IMAGE_RGB:
        return out == VX_DF_IMAGE_RGBX || out == VX_DF_IMAGE_NV12 || out == VX_DF_IMAGE_IYUV || out == VX_DF_IMAGE_YUV4;
    case VX_DF_IMAGE_RGBX:
        return out == VX_DF_IMAGE_RGB || out == VX_DF_IMAGE_NV12 || out == VX_DF_IMAGE_IYUV || out == VX_DF_IMAGE_YUV4;
    case VX_DF_IMAGE_NV12:
    case VX_DF_IMAGE_NV21:
        return out == VX_DF_IMAGE_RGB || out == VX_DF_IMAGE_RGBX || out == VX_DF_IMAGE_IYUV || out == VX_DF_IMAGE_YUV4;
    case VX_DF_IMAGE_UYVY:
    case VX_DF_IMAGE_YUYV:
        return out == VX_DF_IMAGE_RGB || out == VX_DF_IMAGE_RGBX || out == VX_DF_IMAGE_NV12 || out == VX_DF_IMAGE_IYUV;
    case VX_DF_IMAGE_IYUV:
        return out == VX_DF_IMAGE_RGB || out == VX_DF_IMAGE_RGBX || out == VX_DF_IMAGE_NV12 || out == VX_DF_IMAGE_YUV4;
    default: return vx_false_e;
    }
}

static vx_status VX_CALLBACK color_convert_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                    vx_meta_format metas[])
{
    vx_df_image in, out;
    vx_uint32 w, h, ax, ay;
    char b1[5], b2[5];
    if (num != 2) return VX_ERROR_INVALID_PARAMETERS;
    in = ovx_image_format_of(p[0]);
    out = ovx_image_format_of(p[1]);
    if (!ovxc_cc_channels(in, (ovxc_cc_chan[4]){{0}}))
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "input format %s is not a color format",
                              ovx_fmt_name(in, b1));
    if (out == VX_DF_IMAGE_VIRT)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT,
                              "the output format must be defined (also for a virtual image)");
    if (!cc_supported(in, out))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "conversion %s -> %s is not supported",
                              ovx_fmt_name(in, b1), ovx_fmt_name(out, b2));
    ovx_image_size_of(p[0], &w, &h);
    format_align(out, &ax, &ay);
    if (w % ax || h % ay)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "a %ux%u image cannot be converted to %s",
                              w, h, ovx_fmt_name(out, b2));
    return ovx_set_image_meta(metas[1], out, w, h);
}

static int space_code(vx_image img)
{
    vx_enum s = VX_COLOR_SPACE_NONE;
    (void)vxQueryImage(img, VX_IMAGE_SPACE, &s, sizeof(s));
    switch (s) {
    case VX_COLOR_SPACE_BT601_525: return OVXC_CC_BT601_525;
    case VX_COLOR_SPACE_BT601_625: return OVXC_CC_BT601_625;
    case VX_COLOR_SPACE_BT709: return OVXC_CC_BT709;
    default: return OVXC_CC_SPACE_NONE;
    }
}

static int restricted(vx_image img)
{
    vx_enum r = VX_CHANNEL_RANGE_FULL;
    (void)vxQueryImage(img, VX_IMAGE_RANGE, &r, sizeof(r));
    return r == VX_CHANNEL_RANGE_RESTRICTED;
}

static vx_status color_convert_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *win)
{
    vx_image in = (vx_image)p[0], out = (vx_image)p[1];
    vx_df_image fi = ovx_image_format_of(p[0]), fo = ovx_image_format_of(p[1]);
    ovxc_cc_planes pi, po;
    ovxc_cc_xform t;
    vx_uint32 w, h;
    (void)num;
    ovx_image_size_of(p[1], &w, &h);
    image_planes(in, fi, &pi);
    image_planes(out, fo, &po);
    ovxc_cc_xform_init(&t, ovxc_cc_is_yuv(fi), space_code(in), restricted(in), ovxc_cc_is_yuv(fo), space_code(out),
                      restricted(out));
    if (ovx_node_variant(node) && ovxc_cc_rows_pair(fi, fo)) { /* YUV <-> RGB: by rows with the node's kit */
        const ovxc_cc_kit *kit = ((ovxc_cc_kit_f)ovx_node_variant(node)->fn)();
        if (ovxc_color_convert_rows(kit, fi, &pi, fo, &po, &t, w, h, win->x0, win->y0, win->x1, win->y1))
            return VX_SUCCESS;
    } else if (ovx_node_variant(node) && ovxc_cc_is_yuv(fi) && ovxc_cc_is_yuv(fo)) { /* YUV -> YUV */
        const ovxc_cc_kit *kit = ((ovxc_cc_kit_f)ovx_node_variant(node)->fn)();
        if (ovxc_color_convert_yuv(kit, fi, &pi, fo, &po, &t, w, h, win->x0, win->y0, win->x1, win->y1))
            return VX_SUCCESS;
    } else if (ovx_node_variant(node) && ovxc_cc_xform_is_identity(&t)) { /* RGB <-> RGBX: the bytes */
        ovxc_pick_f row = (ovxc_pick_f)ovx_node_variant(node)->fn;
        size_t bi = fi == VX_DF_IMAGE_RGB ? 3 : 4, bo = fo == VX_DF_IMAGE_RGB ? 3 : 4;
        vx_uint32 y;
        for (y = win->y0; y < win->y1; y++)
            row(pi.ptr[0] + (size_t)y * pi.stride[0] + win->x0 * bi, po.ptr[0] + (size_t)y * po.stride[0] + win->x0 * bo,
                win->x1 - win->x0);
        return VX_SUCCESS;
    }
    ovxc_color_convert(fi, &pi, fo, &po, &t, w, h, win->x0, win->y0, win->x1, win->y1);
    return VX_SUCCESS;
}

/* ---- Channel Extract ----------------------------------------------------- */

/* Index of channel in format's channel table, or -1. */
static int channel_index(vx_df_image f, vx_enum channel)
{
    switch (f) {
    case VX_DF_IMAGE_RGB:
    case VX_DF_IMAGE_RGBX:
        switch (channel) {
        case VX_CHANNEL_0: case VX_CHANNEL_R: return 0;
        case VX_CHANNEL_1: case VX_CHANNEL_G: return 1;
        case VX_CHANNEL_2: case VX_CHANNEL_B: return 2;
        case VX_CHANNEL_3: case VX_CHANNEL_A: return f == VX_DF_IMAGE_RGBX ? 3 : -1;
        default: return -1;
        }
    case VX_DF_IMAGE_NV12:
    case VX_DF_IMAGE_NV21:
    case VX_DF_IMAGE_UYVY:
    case VX_DF_IMAGE_YUYV:
    case VX_DF_IMAGE_IYUV:
    case VX_DF_IMAGE_YUV4:
        switch (channel) {
        case VX_CHANNEL_0: case VX_CHANNEL_Y: return 0;
        case VX_CHANNEL_1: case VX_CHANNEL_U: return 1;
        case VX_CHANNEL_2: case VX_CHANNEL_V: return 2;
        default: return -1;
        }
    default: return -1;
    }
}

static vx_status VX_CALLBACK channel_extract_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                      vx_meta_format metas[])
{
    vx_df_image in;
    vx_enum type = VX_TYPE_INVALID, channel = 0;
    vx_uint32 w, h;
    ovxc_cc_chan ch[4];
    int idx;
    char b[5];
    if (num != 3) return VX_ERROR_INVALID_PARAMETERS;
    in = ovx_image_format_of(p[0]);
    if (!ovxc_cc_channels(in, ch))
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "input format %s is not a multi-channel format",
                              ovx_fmt_name(in, b));
    if (vxQueryScalar((vx_scalar)p[1], VX_SCALAR_TYPE, &type, sizeof(type)) != VX_SUCCESS || type != VX_TYPE_ENUM)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_TYPE, "channel must be a VX_TYPE_ENUM scalar");
    if (vxCopyScalar((vx_scalar)p[1], &channel, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "channel cannot be read");
    idx = channel_index(in, channel);
    if (idx < 0)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "channel 0x%x is not a channel of %s",
                              (unsigned)channel, ovx_fmt_name(in, b));
    ovx_image_size_of(p[0], &w, &h);
    return ovx_set_image_meta(metas[2], VX_DF_IMAGE_U8, w / ch[idx].sx, h / ch[idx].sy);
}

static vx_status channel_extract_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *win)
{
    vx_df_image in = ovx_image_format_of(p[0]);
    vx_enum channel = 0;
    ovxc_cc_chan ch[4];
    ovx_plane src, dst;
    int idx;
    (void)node;
    (void)num;
    if (ovx_scalar_get((vx_scalar)p[1], VX_TYPE_ENUM, &channel) != VX_SUCCESS) return VX_ERROR_INVALID_PARAMETERS;
    idx = channel_index(in, channel);
    if (idx < 0 || !ovxc_cc_channels(in, ch)) return VX_ERROR_INVALID_PARAMETERS;
    src = ovx_image_plane((vx_image)p[0], ch[idx].plane);
    dst = ovx_image_plane((vx_image)p[2], 0);
    if (ovx_node_variant(node) && (in == VX_DF_IMAGE_RGB || in == VX_DF_IMAGE_RGBX)) {
        ovxc_pick_f pick = (ovxc_pick_f)ovx_node_variant(node)->fn;
        vx_uint32 y;
        for (y = win->y0; y < win->y1; y++)
            pick(src.ptr + (size_t)y * src.stride + ch[idx].off + (size_t)win->x0 * ch[idx].step,
                 dst.ptr + (size_t)y * dst.stride + win->x0, win->x1 - win->x0);
        return VX_SUCCESS;
    }
    ovxc_channel_extract(src.ptr, src.stride, &ch[idx], dst.ptr, dst.stride, win->x0, win->y0, win->x1, win->y1);
    return VX_SUCCESS;
}

/* ---- Channel Combine ----------------------------------------------------- */

static vx_status VX_CALLBACK channel_combine_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                      vx_meta_format metas[])
{
    vx_df_image out;
    vx_uint32 w = 0, h = 0, i;
    ovxc_cc_chan ch[4];
    int n;
    char b[5];
    if (num != 5) return VX_ERROR_INVALID_PARAMETERS;
    out = ovx_image_format_of(p[4]);
    if (out == VX_DF_IMAGE_VIRT)
        return ovx_kernel_log(node, 4, VX_ERROR_INVALID_FORMAT,
                              "the output format must be defined (also for a virtual image)");
    n = ovxc_cc_channels(out, ch);
    if (!n)
        return ovx_kernel_log(node, 4, VX_ERROR_INVALID_FORMAT, "output format %s is not a multi-channel format",
                              ovx_fmt_name(out, b));
    for (i = 0; i < 4; i++) {
        if ((int)i < n && p[i] == NULL)
            return ovx_kernel_log(node, i, VX_ERROR_INVALID_PARAMETERS, "%s needs plane%u", ovx_fmt_name(out, b), i);
        if ((int)i >= n && p[i] != NULL)
            return ovx_kernel_log(node, i, VX_ERROR_INVALID_PARAMETERS, "%s has only %d channels: plane%u is too many",
                                  ovx_fmt_name(out, b), n, i);
        if (p[i] != NULL && ovx_image_format_of(p[i]) != VX_DF_IMAGE_U8)
            return ovx_kernel_log(node, i, VX_ERROR_INVALID_FORMAT, "plane%u must be U8, got %s", i,
                                  ovx_fmt_name(ovx_image_format_of(p[i]), b));
    }
    ovx_image_size_of(p[0], &w, &h);
    for (i = 0; (int)i < n; i++) {
        vx_uint32 pw, ph;
        ovx_image_size_of(p[i], &pw, &ph);
        if (pw != w / ch[i].sx || ph != h / ch[i].sy || w % ch[i].sx || h % ch[i].sy)
            return ovx_kernel_log(node, i, VX_ERROR_INVALID_DIMENSION,
                                  "plane%u is %ux%u, expected %ux%u for a %ux%u %s image", i, pw, ph, w / ch[i].sx,
                                  h / ch[i].sy, w, h, ovx_fmt_name(out, b));
    }
    return ovx_set_image_meta(metas[4], out, w, h);
}

static vx_status channel_combine_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *win)
{
    vx_df_image out = ovx_image_format_of(p[4]);
    ovxc_cc_chan ch[4];
    int n = ovxc_cc_channels(out, ch), i;
    (void)num;
    if (ovx_node_variant(node) && (out == VX_DF_IMAGE_RGB || out == VX_DF_IMAGE_RGBX)) {
        ovxc_interleave_f row = (ovxc_interleave_f)ovx_node_variant(node)->fn;
        ovx_plane pl[4], dst = ovx_image_plane((vx_image)p[4], 0);
        vx_uint32 y;
        for (i = 0; i < n; i++) pl[i] = ovx_image_plane((vx_image)p[i], 0);
        if (n == 3) pl[3] = pl[2];
        for (y = win->y0; y < win->y1; y++)
            row(pl[0].ptr + (size_t)y * pl[0].stride + win->x0, pl[1].ptr + (size_t)y * pl[1].stride + win->x0,
                pl[2].ptr + (size_t)y * pl[2].stride + win->x0, pl[3].ptr + (size_t)y * pl[3].stride + win->x0,
                dst.ptr + (size_t)y * dst.stride + (size_t)win->x0 * (size_t)n, win->x1 - win->x0);
        return VX_SUCCESS;
    }
    for (i = 0; i < n; i++) {
        ovx_plane src = ovx_image_plane((vx_image)p[i], 0);
        ovx_plane dst = ovx_image_plane((vx_image)p[4], ch[i].plane);
        ovxc_channel_insert(src.ptr, src.stride, &ch[i], dst.ptr, dst.stride, win->x0, win->y0, win->x1, win->y1);
    }
    return VX_SUCCESS;
}

/* The kernels of this family with SIMD variants: their select hooks (runtime/dispatch.h). */
/* ChannelExtract from and ChannelCombine into RGB / RGBX: the rows of
 * compute/color.h built per ISA; the other formats keep the generic code. */
static const ovx_variant *channel_extract_select(vx_node node, const vx_reference p[])
{
    vx_df_image in = ovx_image_format_of(p[0]);
    (void)node;
    if (in == VX_DF_IMAGE_RGB) {
        /* on a CPU whose AVX-512 runs at half width the AVX2 row, next in
         * the table (a Zen 4, 1920x1080, one thread: 0.099 ms a frame
         * against the AVX-512 build's 0.127; a VBMI row of two vpermt2b
         * per 64 pixels took 0.111) */
        return ovx_variant_halfwidth_step(ovx_variant_pick(ovxc_channel_variants(OVXC_CH_pick3)));
    }
    if (in == VX_DF_IMAGE_RGBX) return ovx_variant_pick(ovxc_channel_variants(OVXC_CH_pick4));
    return NULL;
}

static const ovx_variant *channel_combine_select(vx_node node, const vx_reference p[])
{
    vx_df_image out = ovx_image_format_of(p[4]);
    (void)node;
    if (out == VX_DF_IMAGE_RGB) return ovx_variant_pick(ovxc_channel_variants(OVXC_CH_interleave3));
    if (out == VX_DF_IMAGE_RGBX) return ovx_variant_pick(ovxc_channel_variants(OVXC_CH_interleave4));
    return NULL;
}

/* ColorConvert between RGB and RGBX: byte rows built per ISA (used when the
 * images' spaces and ranges make the transform the identity); between YUV
 * and RGB formats: the row kit of compute/color.h (when no change of
 * primaries is involved; the generic code otherwise). */
static const ovx_variant *color_convert_select(vx_node node, const vx_reference p[])
{
    vx_df_image fi = ovx_image_format_of(p[0]), fo = ovx_image_format_of(p[1]);
    (void)node;
    if (fi == VX_DF_IMAGE_RGB && fo == VX_DF_IMAGE_RGBX) return ovx_variant_pick(ovxc_channel_variants(OVXC_CH_rgb_to_rgbx));
    if (fi == VX_DF_IMAGE_RGBX && fo == VX_DF_IMAGE_RGB) return ovx_variant_pick(ovxc_channel_variants(OVXC_CH_rgbx_to_rgb));
    if (ovxc_cc_rows_pair(fi, fo) || (ovxc_cc_is_yuv(fi) && ovxc_cc_is_yuv(fo)))
        return ovx_variant_pick(ovxc_cc_kit_variants());
    return NULL;
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_COLOR
#include "kernel_descs.h"
