/*
 * Kernels of family control (enhanced vision): Min and Max (spec "Min",
 * "Max": pixelwise, window compute), Copy (spec "Data Object Copy"), Select
 * and ScalarOperation (spec "Control Flow").
 *
 * Copy and Select take any data object: their validators require the same
 * object type and meta data of input(s) and output and describe the output
 * with vxSetMetaFormatFromReference (so virtual outputs take the input's
 * meta); the compute copies the object's content through raw access, deep
 * for pyramids and object arrays (REQ-0151), including what is content
 * without being meta data (array num_items, convolution scale, threshold
 * values, image valid regions, user data object valid size).
 */
#include "kernels.h"

#include <stdio.h>
#include <string.h>

#include "../compute/control.h"
#include "../compute/pixel.h"
#include "../framework/graph.h"
#include "../objects/convolution.h"
#include "../objects/distribution.h"
#include "../objects/lut.h"
#include "../objects/matrix.h"
#include "../objects/object_array.h"
#include "../objects/pyramid.h"
#include "../objects/remap.h"
#include "../objects/tensor.h"
#include "../objects/threshold.h"
#include "../objects/user_data_object.h"

/* ---- Min, Max ------------------------------------------------------------- */

/* in1, in2: U8 or S16 of one format and size (REQ-0287); out: the same. */
static vx_status VX_CALLBACK minmax_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                             vx_meta_format metas[])
{
    char b1[5], b2[5];
    vx_df_image f0, f1, fo;
    vx_uint32 w0, h0, w1, h1, wo, ho;
    (void)num;
    f0 = ovx_image_format_of(p[0]);
    f1 = ovx_image_format_of(p[1]);
    fo = ovx_image_format_of(p[2]);
    ovx_image_size_of(p[0], &w0, &h0);
    ovx_image_size_of(p[1], &w1, &h1);
    ovx_image_size_of(p[2], &wo, &ho);
    if (f0 != VX_DF_IMAGE_U8 && f0 != VX_DF_IMAGE_S16)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_FORMAT, "format %s: must be U8 or S16", ovx_fmt_name(f0, b1));
    if (f1 != f0)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "format %s differs from in1's %s",
                              ovx_fmt_name(f1, b1), ovx_fmt_name(f0, b2));
    if (w1 != w0 || h1 != h0)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "is %ux%u, in1 is %ux%u", w1, h1, w0, h0);
    if (fo != VX_DF_IMAGE_VIRT && fo != f0)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_FORMAT, "format %s differs from the inputs' %s",
                              ovx_fmt_name(fo, b1), ovx_fmt_name(f0, b2));
    if ((wo != 0 || ho != 0) && (wo != w0 || ho != h0))
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_DIMENSION, "is %ux%u, the inputs are %ux%u", wo, ho, w0, h0);
    return ovx_set_image_meta(metas[2], f0, w0, h0);
}

static vx_status minmax_run(vx_node node, const vx_reference p[], const ovx_window *w, int is_max)
{
    vx_image a = (vx_image)p[0];
    ovx_plane pa = ovx_image_plane(a, 0), pb = ovx_image_plane((vx_image)p[1], 0);
    ovx_plane po = ovx_image_plane((vx_image)p[2], 0);
    if (!pa.ptr || !pb.ptr || !po.ptr) return VX_ERROR_NO_MEMORY;
    if (ovx_node_variant(node)) return ovx_rows2_run(node, p, 0, 1, 2, w);
    if (a->format == VX_DF_IMAGE_U8)
        (is_max ? ovxc_max_u8 : ovxc_min_u8)(pa.ptr, pa.stride, pb.ptr, pb.stride, po.ptr, po.stride, w->x0, w->y0,
                                             w->x1, w->y1);
    else
        (is_max ? ovxc_max_s16 : ovxc_min_s16)(pa.ptr, pa.stride, pb.ptr, pb.stride, po.ptr, po.stride, w->x0,
                                               w->y0, w->x1, w->y1);
    return VX_SUCCESS;
}

static vx_status min_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)num;
    return minmax_run(node, p, w, 0);
}

static vx_status max_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)num;
    return minmax_run(node, p, w, 1);
}

/* The SIMD rows (compute/pixel.h) when the three images share U8 or S16. */
static const ovx_variant *minmax_select(const vx_reference p[], ovxc_pixel_op u8, ovxc_pixel_op s16)
{
    static const int idx[] = {0, 1, 2};
    if (ovx_images_fmt(p, idx, 3, VX_DF_IMAGE_U8)) return OVX_PIXEL_PICK(u8);
    if (ovx_images_fmt(p, idx, 3, VX_DF_IMAGE_S16)) return OVX_PIXEL_PICK(s16);
    return NULL;
}

static const ovx_variant *min_select(vx_node node, const vx_reference p[])
{
    (void)node;
    return minmax_select(p, OVXC_PIX_min_u8, OVXC_PIX_min_s16);
}

static const ovx_variant *max_select(vx_node node, const vx_reference p[])
{
    (void)node;
    return minmax_select(p, OVXC_PIX_max_u8, OVXC_PIX_max_s16);
}

/* ---- objects: same meta data, deep copy ----------------------------------- */

vx_bool ovx_copyable_type(vx_enum type)
{
    switch (type) {
    case VX_TYPE_IMAGE:
    case VX_TYPE_ARRAY:
    case VX_TYPE_SCALAR:
    case VX_TYPE_MATRIX:
    case VX_TYPE_CONVOLUTION:
    case VX_TYPE_DISTRIBUTION:
    case VX_TYPE_LUT:
    case VX_TYPE_THRESHOLD:
    case VX_TYPE_REMAP:
    case VX_TYPE_PYRAMID:
    case VX_TYPE_OBJECT_ARRAY:
    case VX_TYPE_TENSOR:
    case VX_TYPE_USER_DATA_OBJECT: return vx_true_e;
    default: return vx_false_e;
    }
}

/* Do a and b have the same meta data (what vxSetMetaFormatFromReference
 * describes, plus the items of object arrays)?  An output's attributes that
 * are still unknown (virtual: 0 / VX_DF_IMAGE_VIRT) match anything.  why
 * gets a reason on mismatch. */
vx_status ovx_same_meta(vx_reference a, vx_reference b, char *why, size_t n)
{
#define DIFF(cond, status, ...)                                                                                \
    do {                                                                                                   \
        if (cond) {                                                                                        \
            snprintf(why, n, __VA_ARGS__);                                                                 \
            return status;                                                                                 \
        }                                                                                                  \
    } while (0)
#define UNK_DIFF(x, y) ((y) != 0 && (x) != (y))
    DIFF(a->type != b->type, VX_ERROR_INVALID_TYPE, "is a %s, the input a %s", ovx_type_name(b->type),
         ovx_type_name(a->type));
    switch (a->type) {
    case VX_TYPE_IMAGE: {
        vx_image x = (vx_image)a, y = (vx_image)b;
        char f1[5], f2[5];
        DIFF(y->format != VX_DF_IMAGE_VIRT && x->format != y->format, VX_ERROR_INVALID_FORMAT,
             "image format %s, the input's is %s", ovx_fmt_name(y->format, f1), ovx_fmt_name(x->format, f2));
        DIFF(UNK_DIFF(x->width, y->width) || UNK_DIFF(x->height, y->height), VX_ERROR_INVALID_DIMENSION,
             "image of %ux%u, the input is %ux%u", y->width, y->height, x->width, x->height);
        return VX_SUCCESS;
    }
    case VX_TYPE_ARRAY: {
        vx_array x = (vx_array)a, y = (vx_array)b;
        DIFF(UNK_DIFF(x->item_type, y->item_type), VX_ERROR_INVALID_TYPE, "array item type 0x%x, the input's 0x%x",
             (unsigned)y->item_type, (unsigned)x->item_type);
        DIFF(UNK_DIFF(x->capacity, y->capacity), VX_ERROR_INVALID_DIMENSION,
             "array capacity %zu, the input's %zu", (size_t)y->capacity, (size_t)x->capacity);
        return VX_SUCCESS;
    }
    case VX_TYPE_SCALAR:
        DIFF(((vx_scalar)a)->data_type != ((vx_scalar)b)->data_type, VX_ERROR_INVALID_TYPE,
             "scalar of type %s, the input's is %s", ovx_type_name(((vx_scalar)b)->data_type),
             ovx_type_name(((vx_scalar)a)->data_type));
        return VX_SUCCESS;
    case VX_TYPE_MATRIX: {
        vx_matrix x = (vx_matrix)a, y = (vx_matrix)b;
        DIFF(x->data_type != y->data_type, VX_ERROR_INVALID_TYPE, "matrix of another data type");
        DIFF(x->rows != y->rows || x->columns != y->columns, VX_ERROR_INVALID_DIMENSION,
             "matrix of %zux%zu, the input's is %zux%zu", (size_t)y->columns, (size_t)y->rows, (size_t)x->columns,
             (size_t)x->rows);
        return VX_SUCCESS;
    }
    case VX_TYPE_CONVOLUTION: {
        vx_convolution x = (vx_convolution)a, y = (vx_convolution)b;
        DIFF(x->rows != y->rows || x->columns != y->columns, VX_ERROR_INVALID_DIMENSION,
             "convolution of %zux%zu, the input's is %zux%zu", (size_t)y->columns, (size_t)y->rows,
             (size_t)x->columns, (size_t)x->rows);
        return VX_SUCCESS;
    }
    case VX_TYPE_DISTRIBUTION: {
        vx_distribution x = (vx_distribution)a, y = (vx_distribution)b;
        DIFF(x->bins != y->bins, VX_ERROR_INVALID_DIMENSION, "distribution of %zu bins, the input's has %zu",
             (size_t)y->bins, (size_t)x->bins);
        DIFF(x->offset != y->offset || x->range != y->range, VX_ERROR_INVALID_VALUE,
             "distribution offset/range differ from the input's");
        return VX_SUCCESS;
    }
    case VX_TYPE_LUT: {
        vx_lut x = (vx_lut)a, y = (vx_lut)b;
        DIFF(x->data_type != y->data_type, VX_ERROR_INVALID_TYPE, "LUT of another data type");
        DIFF(x->count != y->count, VX_ERROR_INVALID_DIMENSION, "LUT of %zu entries, the input's has %zu",
             (size_t)y->count, (size_t)x->count);
        return VX_SUCCESS;
    }
    case VX_TYPE_THRESHOLD: {
        vx_threshold x = (vx_threshold)a, y = (vx_threshold)b;
        DIFF(x->thresh_type != y->thresh_type, VX_ERROR_INVALID_TYPE, "threshold of another type");
        DIFF(x->input_format != y->input_format || x->output_format != y->output_format, VX_ERROR_INVALID_FORMAT,
             "threshold of other input/output formats");
        return VX_SUCCESS;
    }
    case VX_TYPE_REMAP: {
        vx_remap x = (vx_remap)a, y = (vx_remap)b;
        DIFF(x->src_width != y->src_width || x->src_height != y->src_height || x->dst_width != y->dst_width ||
                 x->dst_height != y->dst_height,
             VX_ERROR_INVALID_DIMENSION, "remap of other source/destination sizes");
        return VX_SUCCESS;
    }
    case VX_TYPE_PYRAMID: {
        vx_pyramid x = (vx_pyramid)a, y = (vx_pyramid)b;
        char f1[5], f2[5];
        DIFF(x->levels != y->levels, VX_ERROR_INVALID_DIMENSION, "pyramid of %zu levels, the input's has %zu",
             (size_t)y->levels, (size_t)x->levels);
        DIFF(x->scale != y->scale, VX_ERROR_INVALID_VALUE, "pyramid scale %g, the input's %g", (double)y->scale,
             (double)x->scale);
        DIFF(y->format != VX_DF_IMAGE_VIRT && y->format != 0 && x->format != y->format, VX_ERROR_INVALID_FORMAT,
             "pyramid format %s, the input's %s", ovx_fmt_name(y->format, f1), ovx_fmt_name(x->format, f2));
        DIFF(UNK_DIFF(x->width, y->width) || UNK_DIFF(x->height, y->height), VX_ERROR_INVALID_DIMENSION,
             "pyramid of %ux%u, the input's is %ux%u", y->width, y->height, x->width, x->height);
        return VX_SUCCESS;
    }
    case VX_TYPE_OBJECT_ARRAY: {
        vx_object_array x = (vx_object_array)a, y = (vx_object_array)b;
        vx_size i;
        DIFF(x->item_type != y->item_type, VX_ERROR_INVALID_TYPE, "object array of %ss, the input's of %ss",
             ovx_type_name(y->item_type), ovx_type_name(x->item_type));
        DIFF(x->num_items != y->num_items, VX_ERROR_INVALID_DIMENSION,
             "object array of %zu items, the input's has %zu", (size_t)y->num_items, (size_t)x->num_items);
        for (i = 0; i < x->num_items; i++) {
            char sub[160];
            vx_status s = ovx_same_meta(x->items[i], y->items[i], sub, sizeof(sub));
            DIFF(s != VX_SUCCESS, s, "object array item %zu: %s", (size_t)i, sub);
        }
        return VX_SUCCESS;
    }
    case VX_TYPE_TENSOR: {
        vx_tensor x = (vx_tensor)a, y = (vx_tensor)b;
        vx_size i;
        if (y->num_dims == 0) return VX_SUCCESS; /* virtual, shape not known yet */
        DIFF(x->data_type != y->data_type, VX_ERROR_INVALID_TYPE, "tensor of another data type");
        DIFF(x->fixed_point_position != y->fixed_point_position, VX_ERROR_INVALID_VALUE,
             "tensor fixed point position %d, the input's %d", y->fixed_point_position, x->fixed_point_position);
        DIFF(x->num_dims != y->num_dims, VX_ERROR_INVALID_DIMENSION, "tensor of %zu dimensions, the input's has %zu",
             (size_t)y->num_dims, (size_t)x->num_dims);
        for (i = 0; i < x->num_dims; i++)
            DIFF(x->dims[i] != y->dims[i], VX_ERROR_INVALID_DIMENSION, "tensor dimension %zu is %zu, the input's %zu",
                 (size_t)i, (size_t)y->dims[i], (size_t)x->dims[i]);
        return VX_SUCCESS;
    }
    case VX_TYPE_USER_DATA_OBJECT: {
        struct _vx_user_data_object *x = (struct _vx_user_data_object *)a, *y = (struct _vx_user_data_object *)b;
        DIFF(strncmp(x->type_name, y->type_name, VX_MAX_REFERENCE_NAME) != 0, VX_ERROR_INVALID_VALUE,
             "user data object type name '%s', the input's '%s'", y->type_name, x->type_name);
        DIFF(x->size != y->size, VX_ERROR_INVALID_DIMENSION, "user data object of %zu bytes, the input's %zu",
             (size_t)y->size, (size_t)x->size);
        return VX_SUCCESS;
    }
    default:
        DIFF(1, VX_ERROR_INVALID_TYPE, "a %s is not a data object that can be copied", ovx_type_name(a->type));
    }
#undef UNK_DIFF
#undef DIFF
}

/* Is the object (or a part of it) read-only, so that it cannot be written? */
vx_bool ovx_read_only(vx_reference r)
{
    vx_size i;
    switch (r->type) {
    case VX_TYPE_IMAGE: return ((vx_image)r)->is_uniform;
    case VX_TYPE_MATRIX: return ((vx_matrix)r)->read_only;
    case VX_TYPE_PYRAMID:
        for (i = 0; i < ((vx_pyramid)r)->levels; i++)
            if (ovx_read_only((vx_reference)((vx_pyramid)r)->images[i])) return vx_true_e;
        return vx_false_e;
    case VX_TYPE_OBJECT_ARRAY:
        for (i = 0; i < ((vx_object_array)r)->num_items; i++)
            if (ovx_read_only(((vx_object_array)r)->items[i])) return vx_true_e;
        return vx_false_e;
    default: return vx_false_e;
    }
}

/* Check that output `out` can receive a copy of `in` (same object type and
 * meta data) and describe it. */
static vx_status copy_check(vx_node node, vx_uint32 out_index, vx_reference in, vx_reference out,
                            vx_meta_format meta)
{
    char why[256];
    vx_status s;
    if (!ovx_copyable_type(in->type))
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_TYPE, "a %s is not a data object that can be copied",
                              ovx_type_name(in->type));
    s = ovx_same_meta(in, out, why, sizeof(why));
    if (s != VX_SUCCESS) return ovx_kernel_log(node, out_index, s, "%s", why);
    if (ovx_read_only(out))
        return ovx_kernel_log(node, out_index, VX_ERROR_INVALID_PARAMETERS, "the %s is read-only",
                              ovx_type_name(out->type));
    s = vxSetMetaFormatFromReference(meta, in);
    if (s != VX_SUCCESS) return ovx_kernel_log(node, out_index, s, "its meta data cannot be described");
    return VX_SUCCESS;
}

/* One plane's rows on the node's threads (a large image is copied faster
 * by both cores than by one). */
typedef struct {
    ovx_plane ps, pd;
    vx_uint32 w;
    int bits1;
    vx_size row_bytes;
} copy_job;

static void copy_rows_task(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    const copy_job *j = arg;
    const vx_uint8 *s = j->ps.ptr + (vx_size)y0 * j->ps.stride;
    vx_uint8 *d = j->pd.ptr + (vx_size)y0 * j->pd.stride;
    if (j->bits1)
        ovxc_copy_bit_rows(s, j->ps.stride, d, j->pd.stride, j->w, y1 - y0);
    else
        ovxc_copy_rows(s, j->ps.stride, d, j->pd.stride, j->row_bytes, y1 - y0);
}

static vx_status copy_image(vx_node node, vx_image dst, vx_image src)
{
    vx_uint32 p;
    if (ovx_image_alloc(src) != VX_SUCCESS || ovx_image_alloc(dst) != VX_SUCCESS) return VX_ERROR_NO_MEMORY;
    if (!src->info || src->format != dst->format) return VX_ERROR_INVALID_FORMAT;
    for (p = 0; p < src->planes; p++) {
        copy_job j;
        vx_uint32 h;
        j.ps = ovx_image_plane(src, p), j.pd = ovx_image_plane(dst, p);
        j.w = j.ps.width < j.pd.width ? j.ps.width : j.pd.width;
        h = j.ps.height < j.pd.height ? j.ps.height : j.pd.height;
        if (!j.ps.ptr || !j.pd.ptr) return VX_ERROR_NO_MEMORY;
        j.bits1 = src->info->plane[p].bits == 1;
        j.row_bytes = (vx_size)j.w * src->info->plane[p].bytes;
        if (node)
            ovx_node_parallel_rows(node, 0, h, (vx_uint64)(j.bits1 ? (j.w + 7) / 8 : j.row_bytes) * h / 4,
                                   copy_rows_task, &j);
        else
            copy_rows_task(&j, 0, h);
    }
    {
        vx_rectangle_t v;
        ovx_image_get_valid(src, &v);
        if (v.end_x > dst->width) v.end_x = dst->width;
        if (v.end_y > dst->height) v.end_y = dst->height;
        if (v.start_x > v.end_x) v.start_x = v.end_x;
        if (v.start_y > v.end_y) v.start_y = v.end_y;
        ovx_image_set_valid(dst, &v);
    }
    return VX_SUCCESS;
}

#define MIN_SIZE(a, b) ((a) < (b) ? (a) : (b))

/* Copy the content of src into dst (same type and meta data). */
static vx_status copy_object(vx_node node, vx_reference dst, vx_reference src)
{
    vx_size i;
    vx_status s = VX_SUCCESS;
    if (dst == src) return VX_SUCCESS;
    if (dst->type != src->type) return VX_ERROR_INVALID_TYPE;
    switch (src->type) {
    case VX_TYPE_IMAGE: return copy_image(node, (vx_image)dst, (vx_image)src);
    case VX_TYPE_ARRAY: {
        vx_array d = (vx_array)dst, sa = (vx_array)src;
        vx_size nitems;
        if (d->item_size != sa->item_size) return VX_ERROR_INVALID_TYPE;
        if (!d->data && ovx_array_alloc(d) != VX_SUCCESS) return VX_ERROR_NO_MEMORY;
        nitems = MIN_SIZE(sa->num_items, d->capacity);
        if (nitems && sa->data) memmove(d->data, sa->data, nitems * sa->item_size);
        d->num_items = sa->data ? nitems : 0;
        return VX_SUCCESS;
    }
    case VX_TYPE_SCALAR: {
        vx_scalar d = (vx_scalar)dst, ss = (vx_scalar)src;
        if (d->data_type != ss->data_type || d->size != ss->size) return VX_ERROR_INVALID_TYPE;
        memmove(d->data, ss->data, ss->size);
        return VX_SUCCESS;
    }
    case VX_TYPE_MATRIX: {
        vx_matrix d = (vx_matrix)dst, sm = (vx_matrix)src;
        if (d->elem_size != sm->elem_size) return VX_ERROR_INVALID_TYPE;
        memmove(d->data, sm->data, MIN_SIZE(d->rows * d->columns, sm->rows * sm->columns) * sm->elem_size);
        return VX_SUCCESS;
    }
    case VX_TYPE_CONVOLUTION: {
        vx_convolution d = (vx_convolution)dst, sc = (vx_convolution)src;
        memmove(d->data, sc->data, MIN_SIZE(d->rows * d->columns, sc->rows * sc->columns) * sizeof(vx_int16));
        d->scale = sc->scale;
        return VX_SUCCESS;
    }
    case VX_TYPE_DISTRIBUTION: {
        vx_distribution d = (vx_distribution)dst, sd = (vx_distribution)src;
        memmove(d->data, sd->data, MIN_SIZE(d->bins, sd->bins) * sizeof(vx_uint32));
        return VX_SUCCESS;
    }
    case VX_TYPE_LUT: {
        vx_lut d = (vx_lut)dst, sl = (vx_lut)src;
        if (d->elem_size != sl->elem_size) return VX_ERROR_INVALID_TYPE;
        memmove(d->data, sl->data, MIN_SIZE(d->count, sl->count) * sl->elem_size);
        return VX_SUCCESS;
    }
    case VX_TYPE_THRESHOLD: {
        vx_threshold d = (vx_threshold)dst, st = (vx_threshold)src;
        d->value = st->value;
        d->lower = st->lower;
        d->upper = st->upper;
        d->true_value = st->true_value;
        d->false_value = st->false_value;
        return VX_SUCCESS;
    }
    case VX_TYPE_REMAP: {
        vx_remap d = (vx_remap)dst, sr = (vx_remap)src;
        vx_size nd = (vx_size)d->dst_width * d->dst_height, ns = (vx_size)sr->dst_width * sr->dst_height;
        memmove(d->data, sr->data, MIN_SIZE(nd, ns) * sizeof(vx_coordinates2df_t));
        ovx_remap_touch(d);
        return VX_SUCCESS;
    }
    case VX_TYPE_PYRAMID: {
        vx_pyramid d = (vx_pyramid)dst, sp = (vx_pyramid)src;
        for (i = 0; i < d->levels && i < sp->levels && s == VX_SUCCESS; i++)
            s = copy_image(node, d->images[i], sp->images[i]);
        return s;
    }
    case VX_TYPE_OBJECT_ARRAY: {
        vx_object_array d = (vx_object_array)dst, so = (vx_object_array)src;
        for (i = 0; i < d->num_items && i < so->num_items && s == VX_SUCCESS; i++)
            s = copy_object(node, d->items[i], so->items[i]);
        return s;
    }
    case VX_TYPE_TENSOR: {
        vx_tensor d = (vx_tensor)dst, st = (vx_tensor)src;
        vx_uint8 *pd = ovx_tensor_data(d), *ps = ovx_tensor_data(st);
        if (!pd || !ps) return VX_ERROR_NO_MEMORY;
        if (d->num_dims != st->num_dims || d->elem_size != st->elem_size) return VX_ERROR_INVALID_DIMENSION;
        for (i = 0; i < d->num_dims; i++)
            if (d->dims[i] != st->dims[i]) return VX_ERROR_INVALID_DIMENSION;
        ovxc_copy_nd(ps, st->strides, pd, d->strides, st->dims, st->num_dims, st->elem_size);
        return VX_SUCCESS;
    }
    case VX_TYPE_USER_DATA_OBJECT: {
        struct _vx_user_data_object *d = (struct _vx_user_data_object *)dst,
                                    *su = (struct _vx_user_data_object *)src;
        if (!d->data || !su->data) return VX_ERROR_NO_MEMORY;
        memmove(d->data, su->data, MIN_SIZE(d->size, su->size));
        d->valid_size = MIN_SIZE(su->valid_size, d->size);
        return VX_SUCCESS;
    }
    default: return VX_ERROR_INVALID_TYPE;
    }
}

/* ---- Copy ------------------------------------------------------------------- */

static vx_status VX_CALLBACK copy_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                           vx_meta_format metas[])
{
    (void)num;
    return copy_check(node, 1, p[0], p[1], metas[1]);
}

static vx_status VX_CALLBACK copy_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_status s;
    (void)num;
    s = copy_object(node, p[1], p[0]);
    if (s != VX_SUCCESS) return ovx_kernel_log(node, 1, s, "the %s cannot be copied", ovx_type_name(p[0]->type));
    return VX_SUCCESS;
}

/* ---- Select ------------------------------------------------------------------- */

static vx_status VX_CALLBACK select_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                             vx_meta_format metas[])
{
    vx_enum t = VX_TYPE_INVALID;
    char why[256];
    vx_status s;
    (void)num;
    if (vxQueryScalar((vx_scalar)p[0], VX_SCALAR_TYPE, &t, sizeof(t)) != VX_SUCCESS)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_PARAMETERS, "is not a valid scalar");
    if (t != VX_TYPE_BOOL)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_TYPE, "condition of type %s, must be vx_bool (REQ-0118)",
                              ovx_type_name(t));
    if (!ovx_copyable_type(p[1]->type))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_TYPE, "a %s is not a data object that can be selected",
                              ovx_type_name(p[1]->type));
    s = ovx_same_meta(p[1], p[2], why, sizeof(why));
    if (s != VX_SUCCESS) return ovx_kernel_log(node, 2, s, "%s (true_value)", why);
    return copy_check(node, 3, p[1], p[3], metas[3]);
}

static vx_status VX_CALLBACK select_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_bool cond = vx_false_e;
    vx_status s;
    vx_uint32 from;
    (void)num;
    if (ovx_scalar_get((vx_scalar)p[0], VX_TYPE_BOOL, &cond) != VX_SUCCESS)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_TYPE, "condition is not a vx_bool");
    from = cond != vx_false_e ? 1 : 2;
    s = copy_object(node, p[3], p[from]);
    if (s != VX_SUCCESS) return ovx_kernel_log(node, 3, s, "the %s cannot be copied", ovx_type_name(p[from]->type));
    return VX_SUCCESS;
}

/* ---- ScalarOperation ------------------------------------------------------------ */

static int op_kind(vx_enum op) /* 0 logical, 1 comparison, 2 arithmetic, -1 unknown */
{
    if (op >= VX_SCALAR_OP_AND && op <= VX_SCALAR_OP_NAND) return 0;
    if (op >= VX_SCALAR_OP_EQUAL && op <= VX_SCALAR_OP_GREATEREQ) return 1;
    if (op >= VX_SCALAR_OP_ADD && op <= VX_SCALAR_OP_MAX) return 2;
    return -1;
}

static vx_status scalar_type_of(vx_node node, const vx_reference p[], vx_uint32 i, vx_enum *t)
{
    *t = VX_TYPE_INVALID;
    if (vxQueryScalar((vx_scalar)p[i], VX_SCALAR_TYPE, t, sizeof(*t)) != VX_SUCCESS)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_PARAMETERS, "is not a valid scalar");
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK scalar_op_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                vx_meta_format metas[])
{
    vx_enum op = 0, top = 0, ta, tb, to, out;
    vx_status s;
    int kind;
    (void)num;
    if ((s = scalar_type_of(node, p, 0, &top)) != VX_SUCCESS) return s;
    if (top != VX_TYPE_ENUM)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_TYPE, "scalar of type %s, must be a vx_enum",
                              ovx_type_name(top));
    ovx_scalar_get((vx_scalar)p[0], VX_TYPE_ENUM, &op);
    kind = op_kind(op);
    if (kind < 0)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_VALUE, "0x%x is not a vx_scalar_operation_e", (unsigned)op);
    if ((s = scalar_type_of(node, p, 1, &ta)) != VX_SUCCESS) return s;
    if ((s = scalar_type_of(node, p, 2, &tb)) != VX_SUCCESS) return s;
    if ((s = scalar_type_of(node, p, 3, &to)) != VX_SUCCESS) return s;
    if (kind == 0) {
        if (ta != VX_TYPE_BOOL)
            return ovx_kernel_log(node, 1, VX_ERROR_INVALID_TYPE, "a logical operation takes vx_bool, not %s",
                                  ovx_type_name(ta));
        if (tb != VX_TYPE_BOOL)
            return ovx_kernel_log(node, 2, VX_ERROR_INVALID_TYPE, "a logical operation takes vx_bool, not %s",
                                  ovx_type_name(tb));
    } else {
        if (!ovxc_scalar_type_num(ta))
            return ovx_kernel_log(node, 1, VX_ERROR_INVALID_TYPE, "type %s is not a numeric operand type (REQ-0100)",
                                  ovx_type_name(ta));
        if (!ovxc_scalar_type_num(tb))
            return ovx_kernel_log(node, 2, VX_ERROR_INVALID_TYPE, "type %s is not a numeric operand type (REQ-0100)",
                                  ovx_type_name(tb));
        if (op == VX_SCALAR_OP_MODULUS && (ovxc_scalar_type_float(ta) || ovxc_scalar_type_float(tb)))
            return ovx_kernel_log(node, ovxc_scalar_type_float(ta) ? 1 : 2, VX_ERROR_INVALID_TYPE,
                                  "modulus takes integer operands only (REQ-0104)");
    }
    if (kind == 2) {
        out = to;
        if (!ovxc_scalar_type_num(to)) {
            if (to != VX_TYPE_INVALID && to != 0)
                return ovx_kernel_log(node, 3, VX_ERROR_INVALID_TYPE,
                                      "an arithmetic result cannot be a %s (numeric types only)", ovx_type_name(to));
            out = (ovxc_scalar_type_float(ta) || ovxc_scalar_type_float(tb)) ? VX_TYPE_FLOAT32 : ta;
        }
    } else {
        out = VX_TYPE_BOOL;
        if (to != VX_TYPE_BOOL && to != VX_TYPE_INVALID && to != 0)
            return ovx_kernel_log(node, 3, VX_ERROR_INVALID_TYPE, "a %s result is a vx_bool, not %s",
                                  kind == 0 ? "logical" : "comparison", ovx_type_name(to));
    }
    return vxSetMetaFormatAttribute(metas[3], VX_SCALAR_TYPE, &out, sizeof(out));
}

static vx_status VX_CALLBACK scalar_op_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_scalar a = (vx_scalar)p[1], b = (vx_scalar)p[2], o = (vx_scalar)p[3];
    vx_enum op = 0;
    ovxc_num r;
    int st;
    (void)num;
    ovx_scalar_get((vx_scalar)p[0], VX_TYPE_ENUM, &op);
    st = ovxc_scalar_op(op, ovxc_num_load(a->data_type, a->data), ovxc_num_load(b->data_type, b->data), &r);
    if (st == OVXC_SOP_BAD_OP)
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_VALUE, "0x%x is not a vx_scalar_operation_e", (unsigned)op);
    if (st == OVXC_SOP_DIV_ZERO)
        /* implementation-defined result (spec: Control Flow): 0, reported */
        ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE,
                       "integer %s by zero: the result is 0 (warning; the node succeeds)",
                       op == VX_SCALAR_OP_DIVIDE ? "division" : "modulus");
    ovxc_num_store(o->data_type, r, o->data);
    return VX_SUCCESS;
}

/* ---- node creation --------------------------------------------------------------- */

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_CONTROL
#include "kernel_descs.h"
