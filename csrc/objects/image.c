/*
 * The image object.  Spec: "Object: Image" (creation from scratch, ROI,
 * channel, handle, uniform value; query/set attributes; map/unmap, copy,
 * valid rectangle; swap handle; pixel values), the Binary Image (U1) feature
 * set and "Valid Image Region".  Map/unmap, copy, patch addressing and the 1.0
 * access functions are in image_access.c.  The memory model is described in
 * image.h.
 */
#include "image.h"
#include "../runtime/bigmem.h"

#include <stdlib.h>
#include <stddef.h>
#include <string.h>

/* ---- formats ----------------------------------------------------------- */
#define P1(b) {(b), (vx_uint8)((b) * 8), 1, 1}
#define P2(b) {(b), (vx_uint8)((b) * 8), 2, 2}
static const ovx_format_info formats[] = {
    {VX_DF_IMAGE_U1, 1, 1, 1, VX_COLOR_SPACE_NONE, {{0, 1, 1, 1}}},
    {VX_DF_IMAGE_U8, 1, 1, 1, VX_COLOR_SPACE_NONE, {P1(1)}},
    {VX_DF_IMAGE_U16, 1, 1, 1, VX_COLOR_SPACE_NONE, {P1(2)}},
    {VX_DF_IMAGE_S16, 1, 1, 1, VX_COLOR_SPACE_NONE, {P1(2)}},
    {VX_DF_IMAGE_U32, 1, 1, 1, VX_COLOR_SPACE_NONE, {P1(4)}},
    {VX_DF_IMAGE_S32, 1, 1, 1, VX_COLOR_SPACE_NONE, {P1(4)}},
    {VX_DF_IMAGE_RGB, 1, 1, 1, VX_COLOR_SPACE_NONE, {P1(3)}},
    {VX_DF_IMAGE_RGBX, 1, 1, 1, VX_COLOR_SPACE_NONE, {P1(4)}},
    {VX_DF_IMAGE_NV12, 2, 2, 2, VX_COLOR_SPACE_DEFAULT, {P1(1), P2(2)}},
    {VX_DF_IMAGE_NV21, 2, 2, 2, VX_COLOR_SPACE_DEFAULT, {P1(1), P2(2)}},
    {VX_DF_IMAGE_UYVY, 1, 2, 1, VX_COLOR_SPACE_DEFAULT, {P1(2)}},
    {VX_DF_IMAGE_YUYV, 1, 2, 1, VX_COLOR_SPACE_DEFAULT, {P1(2)}},
    {VX_DF_IMAGE_IYUV, 3, 2, 2, VX_COLOR_SPACE_DEFAULT, {P1(1), P2(1), P2(1)}},
    {VX_DF_IMAGE_YUV4, 3, 1, 1, VX_COLOR_SPACE_DEFAULT, {P1(1), P1(1), P1(1)}},
};

const ovx_format_info *ovx_image_format_info(vx_df_image format)
{
    size_t i;
    for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
        if (formats[i].format == format) return &formats[i];
    return NULL;
}

static const char *fourcc(vx_df_image f, char buf[8])
{
    int i;
    for (i = 0; i < 4; i++) {
        char ch = (char)((f >> (8 * i)) & 0xFF);
        buf[i] = (ch >= 32 && ch < 127) ? ch : '?';
    }
    buf[4] = '\0';
    return buf;
}

vx_bool ovx_image_valid(vx_image image)
{
    return ovx_ref_valid((vx_reference)image, VX_TYPE_IMAGE);
}

/* ---- creation and destruction ------------------------------------------ */
static void image_destruct(vx_reference ref)
{
    vx_image img = (vx_image)ref;
    vx_bool teardown = ref->context && ref->context->tearing_down;
    if (img->root == img) {
        ovx_image_map *m = img->maps, *next;
        for (; m; m = next) {
            next = m->next;
            free(m);
        }
        img->maps = NULL;
        if (!img->planned) free(img->alloc);
        img->alloc = NULL;
    } else if (!teardown) {
        /* forget the maps made through this sub-image (the root is alive: we hold it) */
        vx_image root = img->root;
        ovx_image_map **pp = &root->maps;
        ovx_context_lock(ref->context);
        while (*pp) {
            if ((*pp)->owner == img) {
                ovx_image_map *dead = *pp;
                *pp = dead->next;
                free(dead);
            } else {
                pp = &(*pp)->next;
            }
        }
        ovx_context_unlock(ref->context);
    }
    if (img->parent && !teardown) ovx_ref_release_internal((vx_reference)img->parent);
    img->parent = NULL;
}

static void full_rect(vx_image img, vx_rectangle_t *r)
{
    r->start_x = 0;
    r->start_y = 0;
    r->end_x = img->width;
    r->end_y = img->height;
}

static void set_geometry(vx_image img, vx_uint32 width, vx_uint32 height, vx_df_image format)
{
    vx_uint32 p;
    img->width = width;
    img->height = height;
    img->format = format;
    img->info = ovx_image_format_info(format);
    img->planes = img->info ? img->info->planes : 0;
    img->space = img->info ? img->info->space : VX_COLOR_SPACE_NONE;
    full_rect(img, &img->valid);
    for (p = 0; p < OVX_IMAGE_MAX_PLANES; p++) {
        img->root_plane[p] = p;
        img->off_x[p] = img->off_y[p] = 0;
        memset(&img->mem[p], 0, sizeof(img->mem[p]));
        if (img->info && p < img->planes) {
            const ovx_plane_format *pf = &img->info->plane[p];
            img->mem[p].dim_x = width / pf->sub_x;
            img->mem[p].dim_y = height / pf->sub_y;
            img->mem[p].stride_y = pf->bits == 1 ? (vx_int32)((img->mem[p].dim_x + 7) / 8)
                                                 : (vx_int32)(img->mem[p].dim_x * pf->bytes);
        }
    }
}

/* Check a format and a size for creation; logs against ref. */
static vx_status check_format_size(vx_reference ref, const char *fn, vx_uint32 width, vx_uint32 height,
                                   vx_df_image format, vx_bool is_virtual)
{
    char b[8];
    const ovx_format_info *info = ovx_image_format_info(format);
    if (!info && !(is_virtual && format == VX_DF_IMAGE_VIRT)) {
        ovx_log(ref, VX_ERROR_INVALID_FORMAT, "%s: 0x%08x ('%s') is not an image format%s", fn,
                (unsigned)format, fourcc(format, b), format == VX_DF_IMAGE_VIRT ? " for a non-virtual image" : "");
        return VX_ERROR_INVALID_FORMAT;
    }
    if (!is_virtual && (width == 0 || height == 0)) {
        ovx_log(ref, VX_ERROR_INVALID_DIMENSION, "%s: size %ux%u: width and height must be nonzero", fn,
                width, height);
        return VX_ERROR_INVALID_DIMENSION;
    }
    if (info && (width % info->align_x || height % info->align_y)) {
        ovx_log(ref, VX_ERROR_INVALID_DIMENSION, "%s: size %ux%u: format '%s' needs a width multiple of %u and a height multiple of %u",
                fn, width, height, fourcc(format, b), info->align_x, info->align_y);
        return VX_ERROR_INVALID_DIMENSION;
    }
    if ((vx_uint64)width * height > ((vx_uint64)1 << 40) || width > 0x7FFFFFF || height > 0x7FFFFFF) {
        ovx_log(ref, VX_ERROR_INVALID_DIMENSION, "%s: size %ux%u is too large", fn, width, height);
        return VX_ERROR_INVALID_DIMENSION;
    }
    return VX_SUCCESS;
}

static vx_image image_new(vx_context context, vx_reference scope)
{
    vx_image img = (vx_image)ovx_ref_create(context, VX_TYPE_IMAGE, sizeof(struct _vx_image), image_destruct,
                                            scope);
    if (!img) return NULL;
    img->root = img;
    img->range = VX_CHANNEL_RANGE_FULL;
    img->memory_type = VX_MEMORY_TYPE_NONE;
    return img;
}

vx_image ovx_image_create(vx_context context, vx_reference scope, vx_uint32 width, vx_uint32 height,
                          vx_df_image format, vx_bool is_virtual)
{
    vx_image img;
    if (check_format_size((vx_reference)context, "vxCreateImage", width, height, format, is_virtual) != VX_SUCCESS)
        return NULL;
    img = image_new(context, scope);
    if (!img) return NULL;
    img->base.is_virtual = is_virtual;
    set_geometry(img, width, height, format);
    if (is_virtual) {
        img->has_decl = vx_true_e;
        img->decl_width = width, img->decl_height = height, img->decl_format = format;
    }
    return img;
}

void ovx_image_forget(vx_image image)
{
    if (!image->has_decl || image->root != image || image->from_handle) return;
    if (image->width == image->decl_width && image->height == image->decl_height && image->format == image->decl_format)
        return;
    if (!image->planned) free(image->alloc);
    image->alloc = NULL;
    image->planned = vx_false_e;
    set_geometry(image, image->decl_width, image->decl_height, image->decl_format);
}

vx_status ovx_image_set_meta(vx_image image, vx_uint32 width, vx_uint32 height, vx_df_image format)
{
    vx_status s;
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    if (image->root != image || image->from_handle) return VX_ERROR_INVALID_PARAMETERS;
    s = check_format_size((vx_reference)image, "ovx_image_set_meta", width, height, format, vx_false_e);
    if (s != VX_SUCCESS) return s;
    if (!image->planned) free(image->alloc);
    image->alloc = NULL;
    image->planned = vx_false_e;
    set_geometry(image, width, height, format);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_image VX_API_CALL vxCreateImage(vx_context context, vx_uint32 width, vx_uint32 height,
                                                vx_df_image color)
{
    vx_status s;
    vx_image img;
    if (!ovx_context_valid(context)) return NULL;
    s = check_format_size((vx_reference)context, "vxCreateImage", width, height, color, vx_false_e);
    if (s != VX_SUCCESS) return (vx_image)ovx_error(context, s);
    img = ovx_image_create(context, NULL, width, height, color, vx_false_e);
    if (!img) return (vx_image)ovx_error_from(context, VX_ERROR_NO_RESOURCES, "vxCreateImage: out of memory");
    return img;
}

VX_API_ENTRY vx_image VX_API_CALL vxCreateUniformImage(vx_context context, vx_uint32 width, vx_uint32 height,
                                                       vx_df_image color, const vx_pixel_value_t *value)
{
    vx_image img;
    vx_status s;
    if (!ovx_context_valid(context)) return NULL;
    if (value == NULL)
        return (vx_image)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                        "vxCreateUniformImage: value is NULL");
    s = check_format_size((vx_reference)context, "vxCreateUniformImage", width, height, color, vx_false_e);
    if (s != VX_SUCCESS) return (vx_image)ovx_error(context, s);
    img = ovx_image_create(context, NULL, width, height, color, vx_false_e);
    if (!img) return (vx_image)ovx_error_from(context, VX_ERROR_NO_RESOURCES, "vxCreateUniformImage: out of memory");
    img->is_uniform = vx_true_e;
    img->uniform_value = *value;
    if (color == VX_DF_IMAGE_U1) {
        vx_bool bit = value->U1 ? vx_true_e : vx_false_e;
        memset(&img->uniform_value, 0, sizeof(img->uniform_value));
        img->uniform_value.U1 = bit;
    }
    /* filled when its memory is first needed (ovx_image_alloc) */
    return img;
}

/* Validate the application's addressing of one plane of a handle image. */
static vx_status check_handle_plane(vx_context c, const ovx_format_info *info, vx_uint32 p,
                                    const vx_imagepatch_addressing_t *a, vx_uint32 width, vx_uint32 height)
{
    const ovx_plane_format *pf = &info->plane[p];
    vx_uint32 pw = width / pf->sub_x, ph = height / pf->sub_y;
    if (!((a->dim_x == pw && a->dim_y == ph) || (a->dim_x == width && a->dim_y == height))) {
        ovx_log((vx_reference)c, VX_ERROR_INVALID_PARAMETERS,
                "vxCreateImageFromHandle: plane %u is %ux%u, expected %ux%u", p, a->dim_x, a->dim_y, pw, ph);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (pf->bits == 1) {
        if (a->stride_x != 0 || (a->stride_x_bits != 1 && a->stride_x_bits != 0) ||
            a->stride_y < (vx_int32)((pw + 7) / 8)) {
            ovx_log((vx_reference)c, VX_ERROR_INVALID_PARAMETERS,
                    "vxCreateImageFromHandle: U1 plane needs stride_x 0, stride_x_bits 1 and stride_y >= %u (got %d, %u, %d)",
                    (pw + 7) / 8, a->stride_x, (unsigned)a->stride_x_bits, a->stride_y);
            return VX_ERROR_INVALID_PARAMETERS;
        }
    } else if (a->stride_x != (vx_int32)pf->bytes || a->stride_y < (vx_int32)(pf->bytes * pw)) {
        ovx_log((vx_reference)c, VX_ERROR_INVALID_PARAMETERS,
                "vxCreateImageFromHandle: plane %u needs stride_x %u and stride_y >= %u (got %d, %d)", p,
                pf->bytes, pf->bytes * pw, a->stride_x, a->stride_y);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_image VX_API_CALL vxCreateImageFromHandle(vx_context context, vx_df_image color,
                                                          const vx_imagepatch_addressing_t addrs[],
                                                          void *const ptrs[], vx_enum memory_type)
{
    const ovx_format_info *info;
    vx_image img;
    vx_uint32 p, width, height;
    vx_status s;
    if (!ovx_context_valid(context)) return NULL;
    if (addrs == NULL || ptrs == NULL)
        return (vx_image)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                        "vxCreateImageFromHandle: addrs or ptrs is NULL");
    if (memory_type != VX_MEMORY_TYPE_HOST && memory_type != VX_MEMORY_TYPE_NONE)
        return (vx_image)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                        "vxCreateImageFromHandle: memory type 0x%x is not supported",
                                        (unsigned)memory_type);
    width = addrs[0].dim_x;
    height = addrs[0].dim_y;
    s = check_format_size((vx_reference)context, "vxCreateImageFromHandle", width, height, color, vx_false_e);
    if (s != VX_SUCCESS) return (vx_image)ovx_error(context, s);
    info = ovx_image_format_info(color);
    for (p = 0; p < info->planes; p++) {
        if (ptrs[p] == NULL)
            return (vx_image)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                            "vxCreateImageFromHandle: ptrs[%u] is NULL", p);
        s = check_handle_plane(context, info, p, &addrs[p], width, height);
        if (s != VX_SUCCESS) return (vx_image)ovx_error(context, s);
    }
    img = ovx_image_create(context, NULL, width, height, color, vx_false_e);
    if (!img) return (vx_image)ovx_error_from(context, VX_ERROR_NO_RESOURCES, "vxCreateImageFromHandle: out of memory");
    img->from_handle = vx_true_e;
    img->memory_type = memory_type;
    for (p = 0; p < info->planes; p++) {
        img->mem[p].ptr = (vx_uint8 *)ptrs[p];
        img->mem[p].stride_y = addrs[p].stride_y;
    }
    return img;
}

/* A sub-image of parent: same root, planes mapped to the root's. */
static vx_image sub_image(vx_image parent, vx_uint32 width, vx_uint32 height, vx_df_image format)
{
    vx_image img = image_new(parent->base.context, parent->base.scope);
    if (!img) return NULL;
    set_geometry(img, width, height, format);
    memset(img->mem, 0, sizeof(img->mem));
    img->root = parent->root;
    img->parent = parent;
    img->memory_type = parent->memory_type;
    img->is_uniform = parent->is_uniform;
    img->uniform_value = parent->uniform_value;
    img->range = parent->range;
    img->space = parent->space;
    img->base.is_virtual = parent->base.is_virtual;
    ovx_ref_retain_internal((vx_reference)parent);
    return img;
}

VX_API_ENTRY vx_image VX_API_CALL vxCreateImageFromROI(vx_image img, const vx_rectangle_t *rect)
{
    vx_image roi;
    vx_uint32 p;
    if (!ovx_image_valid(img)) return NULL;
    if (rect == NULL)
        return (vx_image)ovx_error_from(img, VX_ERROR_INVALID_PARAMETERS, "vxCreateImageFromROI: rect is NULL");
    if (!img->info)
        return (vx_image)ovx_error_from(img, VX_ERROR_INVALID_FORMAT,
                                        "vxCreateImageFromROI: the parent's format is not known yet");
    if (rect->start_x >= rect->end_x || rect->start_y >= rect->end_y || rect->end_x > img->width ||
        rect->end_y > img->height)
        return (vx_image)ovx_error_from(img, VX_ERROR_INVALID_PARAMETERS,
                                        "vxCreateImageFromROI: rectangle (%u,%u)-(%u,%u) is empty or outside the %ux%u image",
                                        rect->start_x, rect->start_y, rect->end_x, rect->end_y, img->width,
                                        img->height);
    if (img->format == VX_DF_IMAGE_U1 && rect->start_x % 8 != 0)
        return (vx_image)ovx_error_from(img, VX_ERROR_INVALID_PARAMETERS,
                                        "vxCreateImageFromROI: a U1 ROI must start at a multiple of 8 (start_x %u)",
                                        rect->start_x);
    roi = sub_image(img, rect->end_x - rect->start_x, rect->end_y - rect->start_y, img->format);
    if (!roi) return (vx_image)ovx_error_from(img, VX_ERROR_NO_RESOURCES, "vxCreateImageFromROI: out of memory");
    for (p = 0; p < img->planes; p++) {
        const ovx_plane_format *pf = &img->info->plane[p];
        roi->root_plane[p] = img->root_plane[p];
        roi->off_x[p] = img->off_x[p] + rect->start_x / pf->sub_x;
        roi->off_y[p] = img->off_y[p] + rect->start_y / pf->sub_y;
    }
    /* the valid region is the parent's, within the ROI */
    {
        vx_rectangle_t pv;
        vx_uint32 sx, sy, ex, ey;
        ovx_image_get_valid(img, &pv);
        sx = rect->start_x > pv.start_x ? rect->start_x : pv.start_x;
        sy = rect->start_y > pv.start_y ? rect->start_y : pv.start_y;
        ex = rect->end_x < pv.end_x ? rect->end_x : pv.end_x;
        ey = rect->end_y < pv.end_y ? rect->end_y : pv.end_y;
        if (ex < sx) ex = sx;
        if (ey < sy) ey = sy;
        roi->valid.start_x = sx - rect->start_x;
        roi->valid.start_y = sy - rect->start_y;
        roi->valid.end_x = ex - rect->start_x;
        roi->valid.end_y = ey - rect->start_y;
        if (roi->valid.end_x < roi->valid.start_x) roi->valid.end_x = roi->valid.start_x;
        if (roi->valid.end_y < roi->valid.start_y) roi->valid.end_y = roi->valid.start_y;
    }
    return roi;
}

VX_API_ENTRY vx_image VX_API_CALL vxCreateImageFromChannel(vx_image img, vx_enum channel)
{
    vx_image ch;
    vx_uint32 p;
    const ovx_plane_format *pf;
    if (!ovx_image_valid(img)) return NULL;
    switch (img->format) {
    case VX_DF_IMAGE_YUV4:
    case VX_DF_IMAGE_IYUV:
        if (channel == VX_CHANNEL_Y) p = 0;
        else if (channel == VX_CHANNEL_U) p = 1;
        else if (channel == VX_CHANNEL_V) p = 2;
        else goto bad;
        break;
    case VX_DF_IMAGE_NV12:
    case VX_DF_IMAGE_NV21:
        if (channel == VX_CHANNEL_Y) p = 0;
        else goto bad;
        break;
    default:
        goto bad;
    }
    pf = &img->info->plane[p];
    ch = sub_image(img, img->width / pf->sub_x, img->height / pf->sub_y, VX_DF_IMAGE_U8);
    if (!ch) return (vx_image)ovx_error_from(img, VX_ERROR_NO_RESOURCES, "vxCreateImageFromChannel: out of memory");
    ch->root_plane[0] = img->root_plane[p];
    ch->off_x[0] = img->off_x[p];
    ch->off_y[0] = img->off_y[p];
    ch->space = VX_COLOR_SPACE_NONE;
    if (img->is_uniform) {
        vx_uint8 v = img->uniform_value.YUV[p];
        memset(&ch->uniform_value, 0, sizeof(ch->uniform_value));
        ch->uniform_value.U8 = v;
    }
    {
        vx_rectangle_t pv;
        ovx_image_get_valid(img, &pv);
        ch->valid.start_x = pv.start_x / pf->sub_x;
        ch->valid.start_y = pv.start_y / pf->sub_y;
        ch->valid.end_x = pv.end_x / pf->sub_x;
        ch->valid.end_y = pv.end_y / pf->sub_y;
    }
    return ch;
bad: {
    char b[8];
    return (vx_image)ovx_error_from(img, VX_ERROR_INVALID_PARAMETERS,
                                    "vxCreateImageFromChannel: channel 0x%x of a '%s' image does not occupy a whole plane "
                                    "(supported: Y of YUV4/IYUV/NV12/NV21, U and V of YUV4/IYUV)",
                                    (unsigned)channel, fourcc(img->format, b));
}
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseImage(vx_image *image)
{
    return ovx_ref_release((vx_reference *)image, VX_TYPE_IMAGE, vx_false_e);
}

/* ---- memory ------------------------------------------------------------ */
/* Pattern of one pixel (even and odd x, absolute in the root plane) of plane p. */
static void pixel_pattern(vx_df_image format, vx_uint32 p, const vx_pixel_value_t *v, vx_uint8 pat[2][4])
{
    memset(pat, 0, 8);
    switch (format) {
    case VX_DF_IMAGE_U1: pat[0][0] = pat[1][0] = v->U1 ? 1 : 0; break;
    case VX_DF_IMAGE_U8: pat[0][0] = pat[1][0] = v->U8; break;
    case VX_DF_IMAGE_U16: memcpy(pat[0], &v->U16, 2); memcpy(pat[1], &v->U16, 2); break;
    case VX_DF_IMAGE_S16: memcpy(pat[0], &v->S16, 2); memcpy(pat[1], &v->S16, 2); break;
    case VX_DF_IMAGE_U32: memcpy(pat[0], &v->U32, 4); memcpy(pat[1], &v->U32, 4); break;
    case VX_DF_IMAGE_S32: memcpy(pat[0], &v->S32, 4); memcpy(pat[1], &v->S32, 4); break;
    case VX_DF_IMAGE_RGB: memcpy(pat[0], v->RGB, 3); memcpy(pat[1], v->RGB, 3); break;
    case VX_DF_IMAGE_RGBX: memcpy(pat[0], v->RGBX, 4); memcpy(pat[1], v->RGBX, 4); break;
    case VX_DF_IMAGE_NV12:
    case VX_DF_IMAGE_NV21:
        if (p == 0) {
            pat[0][0] = pat[1][0] = v->YUV[0];
        } else {
            vx_uint8 a = format == VX_DF_IMAGE_NV12 ? v->YUV[1] : v->YUV[2];
            vx_uint8 b = format == VX_DF_IMAGE_NV12 ? v->YUV[2] : v->YUV[1];
            pat[0][0] = pat[1][0] = a;
            pat[0][1] = pat[1][1] = b;
        }
        break;
    case VX_DF_IMAGE_YUYV:
        pat[0][0] = pat[1][0] = v->YUV[0];
        pat[0][1] = v->YUV[1];
        pat[1][1] = v->YUV[2];
        break;
    case VX_DF_IMAGE_UYVY:
        pat[0][1] = pat[1][1] = v->YUV[0];
        pat[0][0] = v->YUV[1];
        pat[1][0] = v->YUV[2];
        break;
    case VX_DF_IMAGE_IYUV:
    case VX_DF_IMAGE_YUV4: pat[0][0] = pat[1][0] = v->YUV[p < 3 ? p : 0]; break;
    default: break;
    }
}

/* Fill plane p of img (all of it) with the value. */
static void fill_plane(vx_image img, vx_uint32 p, const vx_pixel_value_t *v)
{
    vx_image root = img->root;
    vx_uint32 rp = img->root_plane[p];
    const ovx_plane_format *pf = &img->info->plane[p];
    ovx_plane_mem *m = &root->mem[rp];
    vx_uint32 w = img->width / pf->sub_x, h = img->height / pf->sub_y, x, y;
    vx_uint8 pat[2][4];
    pixel_pattern(img->format, p, v, pat);
    for (y = 0; y < h; y++) {
        vx_uint8 *row = m->ptr + (size_t)(img->off_y[p] + y) * (size_t)m->stride_y;
        if (pf->bits == 1) {
            vx_uint32 x0 = img->off_x[p];
            for (x = 0; x < w; x++) {
                vx_uint32 bx = x0 + x;
                if (pat[0][0]) row[bx / 8] = (vx_uint8)(row[bx / 8] | (1u << (bx % 8)));
                else row[bx / 8] = (vx_uint8)(row[bx / 8] & ~(1u << (bx % 8)));
            }
        } else if (pf->bytes == 1) {
            memset(row + img->off_x[p], pat[0][0], w);
        } else {
            for (x = 0; x < w; x++) {
                vx_uint32 bx = img->off_x[p] + x;
                memcpy(row + (size_t)bx * pf->bytes, pat[bx & 1], pf->bytes);
            }
        }
    }
}

vx_status ovx_image_alloc(vx_image image)
{
    vx_image root = image->root;
    vx_status status = VX_SUCCESS;
    vx_uint32 p;
    size_t total = 0, off[OVX_IMAGE_MAX_PLANES], shift = 0;
    void *block;
    if (!root->info) return VX_ERROR_INVALID_FORMAT;
    /* Without the context's lock when there is memory already: every node
     * run of every frame comes here for each image it touches, and that lock
     * is everybody's (maps, copies, handle swaps, references).  In the Python
     * bench's stream the lanes slept on it here once in two frames, the
     * application's thread on it in vxSwapImageHandle one frame in ten.  A
     * handle image's pointers change only by vxSwapImageHandle, which the
     * application orders before the run that reads them (an image being
     * swapped is not in use); a block, once set (release: after its planes'
     * pointers and its fill), stays until verify or release. */
    if (root->from_handle) {
        for (p = 0; p < root->planes; p++)
            if (__atomic_load_n(&root->mem[p].ptr, __ATOMIC_ACQUIRE) == NULL) status = VX_ERROR_NO_MEMORY;
        return status;
    }
    if (__atomic_load_n(&root->alloc, __ATOMIC_ACQUIRE)) return VX_SUCCESS;
    ovx_context_lock(root->base.context);
    if (root->alloc) {
        ovx_context_unlock(root->base.context);
        return VX_SUCCESS;
    }
    for (p = 0; p < root->planes; p++) {
        off[p] = total;
        total += ((size_t)root->mem[p].stride_y * root->mem[p].dim_y + 63) & ~(size_t)63;
    }
    /* Large blocks are 2 MiB aligned (bigmem.c): the images a pixelwise
     * kernel reads and writes would all start at the same offset in a 4 KiB
     * page, so a store and the next loads of the other images share their
     * low 12 address bits (4K aliasing: the loads wait for the store).  Each
     * large image starts at one of 64 cache-line offsets instead, in turn. */
    if (total >= ((size_t)1 << 20)) {
        static unsigned colour;
        unsigned k = __atomic_fetch_add(&colour, 1u, __ATOMIC_RELAXED);
        shift = (size_t)((k * 17u) % 64u) * 64u;
    }
    block = ovx_big_alloc(total + shift);
    if (!block) {
        ovx_context_unlock(root->base.context);
        ovx_log((vx_reference)image, VX_ERROR_NO_MEMORY, "image: cannot allocate %zu bytes", total + shift);
        return VX_ERROR_NO_MEMORY;
    }
    for (p = 0; p < root->planes; p++) root->mem[p].ptr = (vx_uint8 *)block + shift + off[p];
    if (root->is_uniform)
        for (p = 0; p < root->planes; p++) fill_plane(root, p, &root->uniform_value);
    __atomic_store_n(&root->alloc, block, __ATOMIC_RELEASE); /* (last: see above) */
    ovx_context_unlock(root->base.context);
    return VX_SUCCESS;
}

size_t ovx_image_bytes(vx_image image)
{
    size_t total = 0;
    vx_uint32 p;
    for (p = 0; p < image->planes; p++)
        total += ((size_t)image->mem[p].stride_y * image->mem[p].dim_y + 63) & ~(size_t)63;
    return total;
}

void ovx_image_use_block(vx_image image, void *mem)
{
    vx_uint32 p;
    size_t off = 0;
    ovx_context_lock(image->base.context);
    ovx_image_wait_copies(image);
    if (!image->planned) free(image->alloc);
    image->alloc = NULL;
    image->planned = mem ? vx_true_e : vx_false_e;
    for (p = 0; p < image->planes; p++) {
        image->mem[p].ptr = mem ? (vx_uint8 *)mem + off : NULL;
        off += ((size_t)image->mem[p].stride_y * image->mem[p].dim_y + 63) & ~(size_t)63;
    }
    __atomic_store_n(&image->alloc, mem, __ATOMIC_RELEASE); /* (after the pointers: ovx_image_alloc) */
    ovx_context_unlock(image->base.context);
}

/* the calling thread's views (runtime/fuse.c runs fused bands with them) */
static __thread const ovx_plane_view *tls_views;
static __thread vx_uint32 tls_num_views;

void ovx_image_set_views(const ovx_plane_view *views, vx_uint32 num)
{
    tls_views = views;
    tls_num_views = views ? num : 0;
}

vx_uint8 *ovx_image_plane_ptr(vx_image image, vx_uint32 plane, vx_int32 *stride_y)
{
    vx_image root = image->root;
    ovx_plane_mem *m;
    vx_uint8 *base;
    vx_int32 stride;
    if (plane >= image->planes) return NULL;
    m = &root->mem[image->root_plane[plane]];
    base = m->ptr;
    stride = m->stride_y;
    if (tls_num_views) {
        vx_uint32 i;
        for (i = 0; i < tls_num_views; i++)
            if (tls_views[i].root == root) {
                base = tls_views[i].ptr[image->root_plane[plane]];
                stride = tls_views[i].stride[image->root_plane[plane]];
                break;
            }
    }
    if (stride_y) *stride_y = stride;
    if (!base) return NULL;
    if (image->info->plane[plane].bits == 1)
        return base + (ptrdiff_t)image->off_y[plane] * stride + image->off_x[plane] / 8;
    return base + (ptrdiff_t)image->off_y[plane] * stride + (size_t)image->off_x[plane] * image->info->plane[plane].bytes;
}

vx_bool ovx_image_is_mapped(vx_image image)
{
    return image->root->maps ? vx_true_e : vx_false_e;
}

/* rect checks shared by map, copy and the 1.0 functions */
vx_status ovx_image_check_rect(vx_image img, const char *fn, const vx_rectangle_t *rect, vx_uint32 plane)
{
    if (img->base.is_virtual && !ovx_accessible_now(&img->accessible) && !ovx_accessible_now(&img->root->accessible)) {
        ovx_log((vx_reference)img, VX_ERROR_OPTIMIZED_AWAY,
                "%s: a virtual image can be accessed only by the nodes of its graph", fn);
        return VX_ERROR_OPTIMIZED_AWAY;
    }
    if (!img->info) {
        ovx_log((vx_reference)img, VX_ERROR_INVALID_FORMAT, "%s: the image has no format", fn);
        return VX_ERROR_INVALID_FORMAT;
    }
    if (rect == NULL) {
        ovx_log((vx_reference)img, VX_ERROR_INVALID_PARAMETERS, "%s: rect is NULL", fn);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (rect->start_x >= rect->end_x || rect->start_y >= rect->end_y || rect->end_x > img->width ||
        rect->end_y > img->height) {
        ovx_log((vx_reference)img, VX_ERROR_INVALID_PARAMETERS,
                "%s: rectangle (%u,%u)-(%u,%u) is empty or outside the %ux%u image", fn, rect->start_x,
                rect->start_y, rect->end_x, rect->end_y, img->width, img->height);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (plane >= img->planes) {
        ovx_log((vx_reference)img, VX_ERROR_INVALID_PARAMETERS, "%s: plane %u of an image with %u plane(s)", fn,
                plane, img->planes);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return VX_SUCCESS;
}

/* Addressing and pointer of a rectangle of a plane (memory must exist). */
void ovx_image_patch_of(vx_image img, vx_uint32 plane, const vx_rectangle_t *rect, vx_imagepatch_addressing_t *addr,
                     void **ptr)
{
    const ovx_plane_format *pf = &img->info->plane[plane];
    vx_int32 stride_y = 0;
    vx_uint8 *base = ovx_image_plane_ptr(img, plane, &stride_y);
    memset(addr, 0, sizeof(*addr));
    addr->stride_y = stride_y;
    addr->step_y = pf->sub_y;
    addr->scale_y = VX_SCALE_UNITY / pf->sub_y;
    addr->dim_y = rect->end_y - rect->start_y;
    base += (size_t)(rect->start_y / pf->sub_y) * (size_t)stride_y;
    if (pf->bits == 1) {
        vx_uint32 sx = rect->start_x & ~7u;
        addr->dim_x = rect->end_x - sx;
        addr->stride_x = 0;
        addr->stride_x_bits = 1;
        addr->step_x = 1;
        addr->scale_x = VX_SCALE_UNITY;
        base += sx / 8;
    } else {
        addr->dim_x = rect->end_x - rect->start_x;
        addr->stride_x = pf->bytes;
        addr->stride_x_bits = (vx_uint16)(pf->bytes * 8);
        addr->step_x = pf->sub_x;
        addr->scale_x = VX_SCALE_UNITY / pf->sub_x;
        base += (size_t)(rect->start_x / pf->sub_x) * pf->bytes;
    }
    *ptr = base;
}

vx_status ovx_image_patch(vx_image image, vx_uint32 plane, const vx_rectangle_t *rect,
                          vx_imagepatch_addressing_t *addr, void **ptr)
{
    vx_rectangle_t full;
    vx_status s;
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    if (!rect) {
        full_rect(image, &full);
        rect = &full;
    }
    if (!image->info || plane >= image->planes || rect->start_x >= rect->end_x ||
        rect->start_y >= rect->end_y || rect->end_x > image->width || rect->end_y > image->height)
        return VX_ERROR_INVALID_PARAMETERS;
    s = ovx_image_alloc(image);
    if (s != VX_SUCCESS) return s;
    ovx_image_patch_of(image, plane, rect, addr, ptr);
    return VX_SUCCESS;
}

/* ---- attributes --------------------------------------------------------- */
VX_API_ENTRY vx_status VX_API_CALL vxQueryImage(vx_image image, vx_enum attribute, void *ptr, vx_size size)
{
    vx_status s;
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_IMAGE_WIDTH: s = ovx_query_copy(ptr, size, &image->width, sizeof(vx_uint32)); break;
    case VX_IMAGE_HEIGHT: s = ovx_query_copy(ptr, size, &image->height, sizeof(vx_uint32)); break;
    case VX_IMAGE_FORMAT: s = ovx_query_copy(ptr, size, &image->format, sizeof(vx_df_image)); break;
    case VX_IMAGE_PLANES: {
        vx_size planes = image->planes;
        s = ovx_query_copy(ptr, size, &planes, sizeof(planes));
        break;
    }
    case VX_IMAGE_SPACE: s = ovx_query_copy(ptr, size, &image->space, sizeof(vx_enum)); break;
    case VX_IMAGE_RANGE: s = ovx_query_copy(ptr, size, &image->range, sizeof(vx_enum)); break;
    case VX_IMAGE_MEMORY_TYPE: s = ovx_query_copy(ptr, size, &image->memory_type, sizeof(vx_enum)); break;
    case VX_IMAGE_IS_UNIFORM: s = ovx_query_copy(ptr, size, &image->is_uniform, sizeof(vx_bool)); break;
    case VX_IMAGE_UNIFORM_VALUE:
        if (!image->is_uniform) {
            ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                    "vxQueryImage: VX_IMAGE_UNIFORM_VALUE of an image that is not uniform");
            return VX_ERROR_INVALID_PARAMETERS;
        }
        s = ovx_query_copy(ptr, size, &image->uniform_value, sizeof(vx_pixel_value_t));
        break;
    default:
        ovx_log((vx_reference)image, VX_ERROR_NOT_SUPPORTED, "vxQueryImage: attribute %s is not an image attribute",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (s != VX_SUCCESS)
        ovx_log((vx_reference)image, s, "vxQueryImage: attribute %s: NULL pointer or size %zu is wrong",
                OVX_ATTR(attribute), (size_t)size);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetImageAttribute(vx_image image, vx_enum attribute, const void *ptr,
                                                       vx_size size)
{
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_IMAGE_SPACE: {
        vx_enum space;
        if (ptr == NULL || size != sizeof(vx_enum)) {
            ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetImageAttribute: VX_IMAGE_SPACE needs a vx_enum (size %zu given)", (size_t)size);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        memcpy(&space, ptr, sizeof(space));
        if (space != VX_COLOR_SPACE_NONE && space != VX_COLOR_SPACE_BT601_525 &&
            space != VX_COLOR_SPACE_BT601_625 && space != VX_COLOR_SPACE_BT709) {
            ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetImageAttribute: 0x%x is not a vx_color_space_e", (unsigned)space);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        image->space = space;
        return VX_SUCCESS;
    }
    case VX_IMAGE_WIDTH:
    case VX_IMAGE_HEIGHT:
    case VX_IMAGE_FORMAT:
    case VX_IMAGE_PLANES:
    case VX_IMAGE_RANGE:
    case VX_IMAGE_MEMORY_TYPE:
    case VX_IMAGE_IS_UNIFORM:
    case VX_IMAGE_UNIFORM_VALUE:
        ovx_log((vx_reference)image, VX_ERROR_NOT_SUPPORTED, "vxSetImageAttribute: attribute %s is read-only",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    default:
        ovx_log((vx_reference)image, VX_ERROR_NOT_SUPPORTED,
                "vxSetImageAttribute: attribute %s is not an image attribute", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
}

/* ---- valid region ------------------------------------------------------- */
static pthread_mutex_t valid_lock = PTHREAD_MUTEX_INITIALIZER;

void ovx_image_get_valid(vx_image image, vx_rectangle_t *rect)
{
    pthread_mutex_lock(&valid_lock);
    *rect = image->valid;
    pthread_mutex_unlock(&valid_lock);
}

void ovx_image_set_valid(vx_image image, const vx_rectangle_t *rect)
{
    pthread_mutex_lock(&valid_lock);
    image->valid = *rect;
    pthread_mutex_unlock(&valid_lock);
}

vx_bool ovx_image_rect_fits(vx_image image, const vx_rectangle_t *rect)
{
    return rect->start_x <= rect->end_x && rect->start_y <= rect->end_y && rect->end_x <= image->width &&
                   rect->end_y <= image->height
               ? vx_true_e
               : vx_false_e;
}

VX_API_ENTRY vx_status VX_API_CALL vxGetValidRegionImage(vx_image image, vx_rectangle_t *rect)
{
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    if (rect == NULL) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "vxGetValidRegionImage: rect is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_image_get_valid(image, rect);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetImageValidRectangle(vx_image image, const vx_rectangle_t *rect)
{
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    if (rect == NULL) {
        vx_rectangle_t whole;
        full_rect(image, &whole);
        ovx_image_set_valid(image, &whole);
        return VX_SUCCESS;
    }
    if (!ovx_image_rect_fits(image, rect)) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                "vxSetImageValidRectangle: rectangle (%u,%u)-(%u,%u) is not inside the %ux%u image", rect->start_x,
                rect->start_y, rect->end_x, rect->end_y, image->width, image->height);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_image_set_valid(image, rect);
    return VX_SUCCESS;
}

/* ---- pixel values and handles -------------------------------------------- */
vx_status ovx_image_fill(vx_image image, const vx_pixel_value_t *value)
{
    vx_uint32 p;
    vx_status s = ovx_image_alloc(image);
    if (s != VX_SUCCESS) return s;
    ovx_context_lock(image->base.context);
    ovx_image_wait_copies(image);
    for (p = 0; p < image->planes; p++) fill_plane(image, p, value);
    ovx_context_unlock(image->base.context);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetImagePixelValues(vx_image image, const vx_pixel_value_t *pixel_value)
{
    vx_status s;
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    if (image->is_uniform || image->base.is_virtual) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_REFERENCE,
                "vxSetImagePixelValues: the image is %s", image->is_uniform ? "uniform (read-only)" : "virtual");
        return VX_ERROR_INVALID_REFERENCE;
    }
    if (pixel_value == NULL || !image->info) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                "vxSetImagePixelValues: pixel_value is NULL or the image has no format");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    s = ovx_image_fill(image, pixel_value);
    if (s != VX_SUCCESS) ovx_log((vx_reference)image, s, "vxSetImagePixelValues: the image has no memory");
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxSwapImageHandle(vx_image image, void *const new_ptrs[], void *prev_ptrs[],
                                                     vx_size num_planes)
{
    vx_uint32 p;
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    if (!image->from_handle || image->root != image) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                "vxSwapImageHandle: the image was not created by vxCreateImageFromHandle%s",
                image->root != image ? " (it is a ROI or channel of one: swap its root)" : "");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (num_planes != image->planes) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                "vxSwapImageHandle: num_planes %zu, the image has %u plane(s)", (size_t)num_planes, image->planes);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (new_ptrs)
        for (p = 0; p < image->planes; p++)
            if (new_ptrs[p] == NULL) {
                ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "vxSwapImageHandle: new_ptrs[%u] is NULL",
                        p);
                return VX_ERROR_INVALID_PARAMETERS;
            }
    ovx_context_lock(image->base.context);
    ovx_image_wait_copies(image);
    if (image->maps) {
        ovx_context_unlock(image->base.context);
        ovx_log((vx_reference)image, VX_FAILURE, "vxSwapImageHandle: the image (or a ROI/channel of it) is mapped");
        return VX_FAILURE;
    }
    for (p = 0; p < image->planes; p++) {
        if (prev_ptrs) prev_ptrs[p] = image->mem[p].ptr;
        image->mem[p].ptr = new_ptrs ? (vx_uint8 *)new_ptrs[p] : NULL;
    }
    ovx_context_unlock(image->base.context);
    return VX_SUCCESS;
}
