/*
 * vx_khr_ix: the blob's byte helpers and the descriptions of data objects
 * (meta data, creation, data values) shared by export and import.
 */
#include "ix_internal.h"

#include "../objects/array.h"
#include "../objects/convolution.h"
#include "../objects/delay.h"
#include "../objects/distribution.h"
#include "../objects/image.h"
#include "../objects/lut.h"
#include "../objects/matrix.h"
#include "../objects/object_array.h"
#include "../objects/pyramid.h"
#include "../objects/remap.h"
#include "../objects/scalar.h"
#include "../objects/tensor.h"
#include "../objects/threshold.h"
#include "../objects/user_data_object.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- buffer ----------------------------------------------------------------- */
static int buf_grow(ix_buf *b, size_t n)
{
    size_t ncap;
    vx_uint8 *nd;
    if (b->failed) return 0;
    if (n > (size_t)-1 - b->len) {
        b->failed = 1;
        return 0;
    }
    if (b->len + n <= b->cap) return 1;
    ncap = b->cap ? b->cap : 256;
    while (ncap < b->len + n) {
        if (ncap > ((size_t)-1) / 2) {
            b->failed = 1;
            return 0;
        }
        ncap *= 2;
    }
    nd = realloc(b->data, ncap);
    if (!nd) {
        b->failed = 1;
        return 0;
    }
    b->data = nd;
    b->cap = ncap;
    return 1;
}

void ix_put(ix_buf *b, const void *p, size_t n)
{
    if (n == 0 || !buf_grow(b, n)) return;
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

size_t ix_reserve(ix_buf *b, size_t n)
{
    size_t off = b->len;
    if (!buf_grow(b, n)) return 0;
    memset(b->data + b->len, 0, n);
    b->len += n;
    return off;
}

void ix_patch_u32(ix_buf *b, size_t off, vx_uint32 v)
{
    int i;
    if (b->failed || off + 4 > b->len) return;
    for (i = 0; i < 4; i++) b->data[off + (size_t)i] = (vx_uint8)(v >> (8 * i));
}

void ix_patch_u64(ix_buf *b, size_t off, vx_uint64 v)
{
    int i;
    if (b->failed || off + 8 > b->len) return;
    for (i = 0; i < 8; i++) b->data[off + (size_t)i] = (vx_uint8)(v >> (8 * i));
}

void ix_put_u32(ix_buf *b, vx_uint32 v)
{
    size_t off = ix_reserve(b, 4);
    ix_patch_u32(b, off, v);
}

void ix_put_u64(ix_buf *b, vx_uint64 v)
{
    size_t off = ix_reserve(b, 8);
    ix_patch_u64(b, off, v);
}

void ix_put_str(ix_buf *b, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    ix_put_u32(b, (vx_uint32)n);
    ix_put(b, s, n);
}

/* ---- reader ----------------------------------------------------------------- */
const vx_uint8 *ix_get_bytes(ix_rd *r, vx_uint64 n)
{
    const vx_uint8 *p = r->p;
    if (r->bad || n > (vx_uint64)(r->end - r->p)) {
        r->bad = 1;
        return NULL;
    }
    r->p += n;
    return p;
}

vx_uint32 ix_get_u32(ix_rd *r)
{
    const vx_uint8 *p = ix_get_bytes(r, 4);
    return p ? ix_le32(p) : 0;
}

vx_uint64 ix_get_u64(ix_rd *r)
{
    const vx_uint8 *p = ix_get_bytes(r, 8);
    return p ? ((vx_uint64)ix_le32(p) | ((vx_uint64)ix_le32(p + 4) << 32)) : 0;
}

void ix_get_str(ix_rd *r, char *out, size_t max)
{
    vx_uint32 n = ix_get_u32(r);
    const vx_uint8 *p;
    out[0] = '\0';
    if (r->bad) return;
    if (n >= max) {
        r->bad = 1;
        return;
    }
    p = ix_get_bytes(r, n);
    if (!p) return;
    if (memchr(p, 0, n)) { /* names hold no NUL */
        r->bad = 1;
        return;
    }
    memcpy(out, p, n);
    out[n] = '\0';
}

vx_uint32 ix_fnv1a(const vx_uint8 *p, size_t n)
{
    vx_uint32 h = 2166136261u;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}

/* ---- one serializer for both directions ------------------------------------ */
typedef struct {
    ix_buf *b; /* writing */
    ix_rd *r;  /* reading */
} ix_io;

static void io_u32(ix_io *io, vx_uint32 *v)
{
    if (io->b) ix_put_u32(io->b, *v);
    else *v = ix_get_u32(io->r);
}

static void io_enum(ix_io *io, vx_enum *v)
{
    vx_uint32 u = (vx_uint32)*v;
    io_u32(io, &u);
    *v = (vx_enum)u;
}

static void io_i32(ix_io *io, vx_int32 *v)
{
    vx_uint32 u = (vx_uint32)*v;
    io_u32(io, &u);
    *v = (vx_int32)u;
}

static void io_size(ix_io *io, vx_size *v)
{
    vx_uint64 u = (vx_uint64)*v;
    if (io->b) {
        ix_put_u64(io->b, u);
    } else {
        u = ix_get_u64(io->r);
        if (u > (vx_uint64)SIZE_MAX) io->r->bad = 1;
        *v = (vx_size)u;
    }
}

static void io_bytes(ix_io *io, void *p, size_t n)
{
    if (io->b) {
        ix_put(io->b, p, n);
    } else {
        const vx_uint8 *q = ix_get_bytes(io->r, n);
        if (q) memcpy(p, q, n);
    }
}

static void io_str(ix_io *io, char *s, size_t max)
{
    if (io->b) ix_put_str(io->b, s);
    else ix_get_str(io->r, s, max);
}

static void io_rect(ix_io *io, vx_rectangle_t *rc)
{
    io_u32(io, &rc->start_x);
    io_u32(io, &rc->start_y);
    io_u32(io, &rc->end_x);
    io_u32(io, &rc->end_y);
}

static void desc_io(ix_io *io, ix_desc *d, int depth)
{
    vx_uint32 has_ex;
    io_enum(io, &d->type);
    io_u32(io, &d->flags);
    io_u32(io, &d->origin);
    io_u32(io, &d->parent);
    io_u32(io, &d->item);
    io_str(io, d->name, sizeof(d->name));
    switch (d->type) {
    case VX_TYPE_GRAPH:
        break;
    case VX_TYPE_IMAGE:
        io_u32(io, &d->width);
        io_u32(io, &d->height);
        io_u32(io, &d->format);
        io_enum(io, &d->space);
        io_rect(io, &d->valid);
        io_rect(io, &d->roi);
        io_bytes(io, &d->uniform, sizeof(d->uniform));
        break;
    case VX_TYPE_LUT:
        io_enum(io, &d->data_type);
        io_size(io, &d->count);
        break;
    case VX_TYPE_DISTRIBUTION:
        io_size(io, &d->count);
        io_i32(io, &d->offset);
        io_u32(io, &d->range);
        break;
    case VX_TYPE_THRESHOLD:
        io_enum(io, &d->data_type);
        io_u32(io, &d->in_format);
        io_u32(io, &d->out_format);
        break;
    case VX_TYPE_MATRIX:
        io_enum(io, &d->data_type);
        io_size(io, &d->columns);
        io_size(io, &d->rows);
        io_u32(io, &d->origin_xy.x);
        io_u32(io, &d->origin_xy.y);
        io_enum(io, &d->pattern);
        break;
    case VX_TYPE_CONVOLUTION:
        io_size(io, &d->columns);
        io_size(io, &d->rows);
        io_u32(io, &d->scale_u);
        break;
    case VX_TYPE_SCALAR:
        io_enum(io, &d->data_type);
        io_size(io, &d->count);
        break;
    case VX_TYPE_ARRAY:
        io_enum(io, &d->data_type);
        io_size(io, &d->item_size);
        io_size(io, &d->count);
        break;
    case VX_TYPE_REMAP:
        io_u32(io, &d->src_w);
        io_u32(io, &d->src_h);
        io_u32(io, &d->dst_w);
        io_u32(io, &d->dst_h);
        break;
    case VX_TYPE_PYRAMID:
        io_size(io, &d->count);
        io_bytes(io, &d->scale_f, sizeof(d->scale_f));
        io_u32(io, &d->width);
        io_u32(io, &d->height);
        io_u32(io, &d->format);
        break;
    case VX_TYPE_TENSOR: {
        vx_size i;
        vx_uint32 fpp = (vx_uint32)(vx_int32)d->fpp;
        io_size(io, &d->num_dims);
        if (d->num_dims > OVX_MAX_TENSOR_DIMS) {
            if (io->r) io->r->bad = 1;
            return;
        }
        for (i = 0; i < d->num_dims; i++) io_size(io, &d->dims[i]);
        io_enum(io, &d->data_type);
        io_u32(io, &fpp);
        d->fpp = (vx_int8)(vx_int32)fpp;
        break;
    }
    case VX_TYPE_USER_DATA_OBJECT:
        io_str(io, d->type_name, sizeof(d->type_name));
        io_size(io, &d->count);
        break;
    case VX_TYPE_DELAY:
    case VX_TYPE_OBJECT_ARRAY:
        io_size(io, &d->count);
        has_ex = d->exemplar ? 1u : 0u;
        io_u32(io, &has_ex);
        if (io->r) {
            if (has_ex != 1 || depth >= IX_MAX_NEST) {
                io->r->bad = 1;
                return;
            }
            d->exemplar = calloc(1, sizeof(ix_desc));
            if (!d->exemplar) {
                io->r->bad = 1;
                return;
            }
        }
        if (d->exemplar) desc_io(io, d->exemplar, depth + 1);
        break;
    default:
        if (io->r) io->r->bad = 1;
        break;
    }
}

void ix_desc_write(ix_buf *b, const ix_desc *d)
{
    ix_io io = {b, NULL};
    desc_io(&io, (ix_desc *)d, 0);
}

void ix_desc_read(ix_rd *r, ix_desc *d, int depth)
{
    ix_io io = {NULL, r};
    memset(d, 0, sizeof(*d));
    desc_io(&io, d, depth);
    if ((d->flags & ~(vx_uint32)IX_F_ALL) || d->origin > IX_O_LAST) r->bad = 1;
}

void ix_desc_free(ix_desc *d)
{
    if (!d) return;
    if (d->exemplar) {
        ix_desc_free(d->exemplar);
        free(d->exemplar);
        d->exemplar = NULL;
    }
}

vx_bool ix_exportable_type(vx_enum type)
{
    switch (type) {
    case VX_TYPE_IMAGE: case VX_TYPE_LUT: case VX_TYPE_DISTRIBUTION: case VX_TYPE_THRESHOLD:
    case VX_TYPE_MATRIX: case VX_TYPE_CONVOLUTION: case VX_TYPE_SCALAR: case VX_TYPE_ARRAY:
    case VX_TYPE_REMAP: case VX_TYPE_PYRAMID: case VX_TYPE_DELAY: case VX_TYPE_OBJECT_ARRAY:
    case VX_TYPE_TENSOR: case VX_TYPE_USER_DATA_OBJECT:
        return vx_true_e;
    default:
        return vx_false_e;
    }
}

/* ---- describing an object ---------------------------------------------------- */
vx_status ix_describe(vx_reference ref, ix_desc *d)
{
    vx_status s = VX_SUCCESS;
    memset(d, 0, sizeof(*d));
    d->type = ref->type;
    d->parent = IX_NONE;
    d->item = IX_NONE;
    memcpy(d->name, ref->name, sizeof(d->name));
    d->name[sizeof(d->name) - 1] = '\0';
    if (ref->is_virtual) d->flags |= IX_F_VIRTUAL;
    switch (ref->type) {
    case VX_TYPE_GRAPH:
        break;
    case VX_TYPE_IMAGE: {
        vx_image im = (vx_image)ref;
        d->width = im->width;
        d->height = im->height;
        d->format = im->format;
        if (im->has_decl) { /* a virtual image travels as created: the importer's graph deduces the rest */
            d->width = im->decl_width;
            d->height = im->decl_height;
            d->format = im->decl_format;
        }
        d->space = im->space;
        ovx_image_get_valid(im, &d->valid);
        if (im->is_uniform) {
            d->flags |= IX_F_UNIFORM;
            d->uniform = im->uniform_value;
        }
        break;
    }
    case VX_TYPE_LUT:
        d->data_type = ((vx_lut)ref)->data_type;
        d->count = ((vx_lut)ref)->count;
        break;
    case VX_TYPE_DISTRIBUTION:
        d->count = ((vx_distribution)ref)->bins;
        d->offset = ((vx_distribution)ref)->offset;
        d->range = ((vx_distribution)ref)->range;
        break;
    case VX_TYPE_THRESHOLD:
        d->data_type = ((vx_threshold)ref)->thresh_type;
        d->in_format = ((vx_threshold)ref)->input_format;
        d->out_format = ((vx_threshold)ref)->output_format;
        break;
    case VX_TYPE_MATRIX: {
        vx_matrix m = (vx_matrix)ref;
        d->data_type = m->data_type;
        d->columns = m->columns;
        d->rows = m->rows;
        d->origin_xy = m->origin;
        d->pattern = m->pattern;
        if (m->read_only) d->flags |= IX_F_PATTERN;
        break;
    }
    case VX_TYPE_CONVOLUTION:
        d->columns = ((vx_convolution)ref)->columns;
        d->rows = ((vx_convolution)ref)->rows;
        d->scale_u = ((vx_convolution)ref)->scale;
        break;
    case VX_TYPE_SCALAR:
        d->data_type = ((vx_scalar)ref)->data_type;
        d->count = ((vx_scalar)ref)->size;
        break;
    case VX_TYPE_ARRAY:
        d->data_type = ((vx_array)ref)->item_type;
        d->item_size = ((vx_array)ref)->item_size;
        d->count = ((vx_array)ref)->capacity;
        if (ref->is_virtual) { /* as created (see images) */
            d->data_type = ((vx_array)ref)->decl_item_type;
            if (d->data_type == 0) d->item_size = 0;
            d->count = ((vx_array)ref)->decl_capacity;
        }
        break;
    case VX_TYPE_REMAP: {
        vx_remap rm = (vx_remap)ref;
        d->src_w = rm->src_width;
        d->src_h = rm->src_height;
        d->dst_w = rm->dst_width;
        d->dst_h = rm->dst_height;
        break;
    }
    case VX_TYPE_PYRAMID: {
        vx_pyramid p = (vx_pyramid)ref;
        d->count = p->levels;
        d->scale_f = p->scale;
        d->width = p->has_decl ? p->decl_width : p->width;
        d->height = p->has_decl ? p->decl_height : p->height;
        d->format = p->has_decl ? p->decl_format : p->format;
        break;
    }
    case VX_TYPE_TENSOR: {
        vx_tensor t = (vx_tensor)ref;
        vx_size i;
        d->num_dims = t->has_decl ? t->decl_num_dims : t->num_dims;
        for (i = 0; i < d->num_dims && i < OVX_MAX_TENSOR_DIMS; i++) d->dims[i] = t->has_decl ? t->decl_dims[i] : t->dims[i];
        d->data_type = t->has_decl ? t->decl_data_type : t->data_type;
        d->fpp = t->fixed_point_position;
        break;
    }
    case VX_TYPE_USER_DATA_OBJECT: {
        vx_user_data_object u = (vx_user_data_object)ref;
        memcpy(d->type_name, u->type_name, sizeof(d->type_name));
        d->type_name[sizeof(d->type_name) - 1] = '\0';
        d->count = u->size;
        break;
    }
    case VX_TYPE_DELAY:
    case VX_TYPE_OBJECT_ARRAY: {
        vx_reference first;
        if (ref->type == VX_TYPE_DELAY) {
            d->count = ((vx_delay)ref)->slots;
            first = ovx_delay_slot((vx_delay)ref, 0);
        } else {
            d->count = ((vx_object_array)ref)->num_items;
            first = d->count ? ((vx_object_array)ref)->items[0] : NULL;
        }
        if (!first) return VX_ERROR_INVALID_PARAMETERS;
        d->exemplar = calloc(1, sizeof(ix_desc));
        if (!d->exemplar) return VX_ERROR_NO_MEMORY;
        s = ix_describe(first, d->exemplar);
        /* the exemplar is meta data only */
        d->exemplar->flags &= ~(vx_uint32)(IX_F_VIRTUAL | IX_F_VALUES);
        d->exemplar->name[0] = '\0';
        d->exemplar->origin = IX_O_ROOT;
        break;
    }
    default:
        return VX_ERROR_NOT_SUPPORTED;
    }
    return s;
}

/* ---- matching an existing object ------------------------------------------- */
#define MISMATCH(...)                                            \
    do {                                                         \
        if (why && why_size) snprintf(why, why_size, __VA_ARGS__); \
        return vx_false_e;                                       \
    } while (0)

vx_bool ix_desc_matches(vx_reference ref, const ix_desc *d, char *why, size_t why_size)
{
    ix_desc e;
    vx_bool ok = vx_true_e;
    if (!ovx_ref_valid(ref, VX_TYPE_REFERENCE)) MISMATCH("not a valid reference");
    if (ref->type != d->type)
        MISMATCH("a %s where a %s was exported", ovx_type_name(ref->type), ovx_type_name(d->type));
    if (ix_describe(ref, &e) != VX_SUCCESS) {
        ix_desc_free(&e);
        MISMATCH("its meta data cannot be read");
    }
    switch (d->type) {
    case VX_TYPE_IMAGE:
        if (e.width != d->width || e.height != d->height || e.format != d->format) ok = vx_false_e;
        break;
    case VX_TYPE_LUT:
        ok = e.data_type == d->data_type && e.count == d->count;
        break;
    case VX_TYPE_DISTRIBUTION:
        ok = e.count == d->count && e.offset == d->offset && e.range == d->range;
        break;
    case VX_TYPE_THRESHOLD:
        ok = e.data_type == d->data_type && e.in_format == d->in_format && e.out_format == d->out_format;
        break;
    case VX_TYPE_MATRIX:
        ok = e.data_type == d->data_type && e.columns == d->columns && e.rows == d->rows;
        break;
    case VX_TYPE_CONVOLUTION:
        ok = e.columns == d->columns && e.rows == d->rows;
        break;
    case VX_TYPE_SCALAR:
        ok = e.data_type == d->data_type && e.count == d->count;
        break;
    case VX_TYPE_ARRAY:
        ok = e.data_type == d->data_type && e.item_size == d->item_size && e.count == d->count;
        break;
    case VX_TYPE_REMAP:
        ok = e.src_w == d->src_w && e.src_h == d->src_h && e.dst_w == d->dst_w && e.dst_h == d->dst_h;
        break;
    case VX_TYPE_PYRAMID:
        ok = e.count == d->count && e.scale_f == d->scale_f && e.width == d->width && e.height == d->height &&
             e.format == d->format;
        break;
    case VX_TYPE_TENSOR: {
        vx_size i;
        ok = e.num_dims == d->num_dims && e.data_type == d->data_type && e.fpp == d->fpp;
        for (i = 0; ok && i < e.num_dims; i++) ok = e.dims[i] == d->dims[i];
        break;
    }
    case VX_TYPE_USER_DATA_OBJECT:
        ok = e.count == d->count && strcmp(e.type_name, d->type_name) == 0;
        break;
    case VX_TYPE_DELAY:
    case VX_TYPE_OBJECT_ARRAY:
        ok = e.count == d->count && e.exemplar && d->exemplar && e.exemplar->type == d->exemplar->type;
        break;
    default:
        ok = vx_false_e;
    }
    ix_desc_free(&e);
    if (!ok) MISMATCH("a %s whose meta data differ from the exported one", ovx_type_name(d->type));
    return vx_true_e;
}

/* ---- creating ------------------------------------------------------------------ */
vx_reference ix_create(vx_context c, vx_graph g, const ix_desc *d)
{
    vx_bool virt = (d->flags & IX_F_VIRTUAL) ? vx_true_e : vx_false_e;
    if (virt && !g) return NULL;
    switch (d->type) {
    case VX_TYPE_GRAPH:
        return (vx_reference)vxCreateGraph(c);
    case VX_TYPE_IMAGE:
        if (virt) return (vx_reference)vxCreateVirtualImage(g, d->width, d->height, d->format);
        if (d->flags & IX_F_UNIFORM)
            return (vx_reference)vxCreateUniformImage(c, d->width, d->height, d->format, &d->uniform);
        return (vx_reference)vxCreateImage(c, d->width, d->height, d->format);
    case VX_TYPE_LUT:
        return virt ? (vx_reference)vxCreateVirtualLUT(g, d->data_type, d->count)
                    : (vx_reference)vxCreateLUT(c, d->data_type, d->count);
    case VX_TYPE_DISTRIBUTION:
        return virt ? (vx_reference)vxCreateVirtualDistribution(g, d->count, d->offset, d->range)
                    : (vx_reference)vxCreateDistribution(c, d->count, d->offset, d->range);
    case VX_TYPE_THRESHOLD:
        return virt ? (vx_reference)vxCreateVirtualThresholdForImage(g, d->data_type, d->in_format, d->out_format)
                    : (vx_reference)vxCreateThresholdForImage(c, d->data_type, d->in_format, d->out_format);
    case VX_TYPE_MATRIX:
        if (virt) return (vx_reference)vxCreateVirtualMatrix(g, d->data_type, d->columns, d->rows);
        if (d->flags & IX_F_PATTERN)
            return (vx_reference)vxCreateMatrixFromPatternAndOrigin(c, d->pattern, d->columns, d->rows, d->origin_xy.x,
                                                                    d->origin_xy.y);
        return (vx_reference)vxCreateMatrix(c, d->data_type, d->columns, d->rows);
    case VX_TYPE_CONVOLUTION:
        return virt ? (vx_reference)vxCreateVirtualConvolution(g, d->columns, d->rows)
                    : (vx_reference)vxCreateConvolution(c, d->columns, d->rows);
    case VX_TYPE_SCALAR: {
        vx_reference r;
        void *zero;
        if (virt) return (vx_reference)vxCreateVirtualScalar(g, d->data_type);
        if (d->count == 0 || d->count > (1u << 20)) return NULL;
        zero = calloc(1, d->count);
        if (!zero) return NULL;
        r = (vx_reference)vxCreateScalarWithSize(c, d->data_type, zero, d->count);
        free(zero);
        return r;
    }
    case VX_TYPE_ARRAY:
        return virt ? (vx_reference)vxCreateVirtualArray(g, d->data_type, d->count)
                    : (vx_reference)vxCreateArray(c, d->data_type, d->count);
    case VX_TYPE_REMAP:
        return virt ? (vx_reference)vxCreateVirtualRemap(g, d->src_w, d->src_h, d->dst_w, d->dst_h)
                    : (vx_reference)vxCreateRemap(c, d->src_w, d->src_h, d->dst_w, d->dst_h);
    case VX_TYPE_PYRAMID:
        return virt ? (vx_reference)vxCreateVirtualPyramid(g, d->count, d->scale_f, d->width, d->height, d->format)
                    : (vx_reference)vxCreatePyramid(c, d->count, d->scale_f, d->width, d->height, d->format);
    case VX_TYPE_TENSOR:
        return virt ? (vx_reference)vxCreateVirtualTensor(g, d->num_dims, d->dims, d->data_type, d->fpp)
                    : (vx_reference)vxCreateTensor(c, d->num_dims, d->dims, d->data_type, d->fpp);
    case VX_TYPE_USER_DATA_OBJECT:
        return virt ? (vx_reference)vxCreateVirtualUserDataObject(g, d->type_name, d->count)
                    : (vx_reference)vxCreateUserDataObject(c, d->type_name, d->count, NULL);
    case VX_TYPE_DELAY:
    case VX_TYPE_OBJECT_ARRAY: {
        vx_reference ex, r;
        if (!d->exemplar || (d->exemplar->flags & IX_F_VIRTUAL) || d->exemplar->type == VX_TYPE_GRAPH) return NULL;
        ex = ix_create(c, NULL, d->exemplar);
        if (vxGetStatus(ex) != VX_SUCCESS) return NULL;
        if (d->type == VX_TYPE_DELAY) r = (vx_reference)vxCreateDelay(c, ex, d->count);
        else if (virt) r = (vx_reference)vxCreateVirtualObjectArray(g, ex, d->count);
        else r = (vx_reference)vxCreateObjectArray(c, ex, d->count);
        (void)vxReleaseReference(&ex);
        return r;
    }
    default:
        return NULL;
    }
}

void ix_apply_extra_meta(vx_reference ref, const ix_desc *d)
{
    switch (ref->type) {
    case VX_TYPE_IMAGE: {
        vx_image im = (vx_image)ref;
        if (d->space != im->space) (void)vxSetImageAttribute(im, VX_IMAGE_SPACE, &d->space, sizeof(d->space));
        vx_rectangle_t cur;
        ovx_image_get_valid(im, &cur);
        if (!ref->is_virtual && ovx_image_rect_fits(im, &d->valid) && memcmp(&d->valid, &cur, sizeof(d->valid)) != 0)
            (void)vxSetImageValidRectangle(im, &d->valid);
        break;
    }
    case VX_TYPE_CONVOLUTION:
        if (!ref->is_virtual && d->scale_u != ((vx_convolution)ref)->scale)
            (void)vxSetConvolutionAttribute((vx_convolution)ref, VX_CONVOLUTION_SCALE, &d->scale_u,
                                            sizeof(d->scale_u));
        break;
    case VX_TYPE_MATRIX: {
        /* vxCreateMatrix has no origin argument: give the exported one (it
         * must lie inside the matrix) */
        vx_matrix m = (vx_matrix)ref;
        if (!(d->flags & IX_F_PATTERN) && d->origin_xy.x < m->columns && d->origin_xy.y < m->rows)
            m->origin = d->origin_xy;
        break;
    }
    default:
        break;
    }
}

/* ---- data values ---------------------------------------------------------------- */
/* Bytes of plane p of an image: rows x row bytes, packed. */
static vx_bool image_plane_size(vx_image im, vx_uint32 p, vx_size *rows, vx_size *row_bytes)
{
    const ovx_format_info *fi = ovx_image_format_info(im->format);
    vx_size samples;
    if (!fi || p >= fi->planes) return vx_false_e;
    samples = im->width / fi->plane[p].sub_x;
    *rows = im->height / fi->plane[p].sub_y;
    *row_bytes = fi->plane[p].bits == 1 ? (samples + 7) / 8 : samples * fi->plane[p].bytes;
    return vx_true_e;
}

static vx_status image_values(vx_image im, vx_uint8 *data, vx_uint64 len, vx_enum usage)
{
    vx_uint32 p;
    vx_uint64 total = 0, off = 0;
    vx_rectangle_t rect = {0, 0, im->width, im->height};
    for (p = 0; p < im->planes; p++) {
        vx_size rows = 0, rb = 0;
        if (!image_plane_size(im, p, &rows, &rb)) return VX_ERROR_INVALID_FORMAT;
        total += (vx_uint64)rows * rb;
    }
    if (data == NULL) return total == len ? VX_SUCCESS : VX_ERROR_INVALID_PARAMETERS;
    if (total != len) return VX_ERROR_INVALID_PARAMETERS;
    for (p = 0; p < im->planes; p++) {
        vx_size rows = 0, rb = 0, y;
        vx_map_id id;
        vx_imagepatch_addressing_t addr;
        void *ptr = NULL;
        vx_status s;
        (void)image_plane_size(im, p, &rows, &rb);
        s = vxMapImagePatch(im, &rect, p, &id, &addr, &ptr, usage, VX_MEMORY_TYPE_HOST, VX_NOGAP_X);
        if (s != VX_SUCCESS) return s;
        for (y = 0; y < rows; y++) {
            vx_uint8 *row = (vx_uint8 *)ptr + (vx_int64)y * addr.stride_y;
            if (usage == VX_READ_ONLY) memcpy(data + off, row, rb);
            else memcpy(row, data + off, rb);
            off += rb;
        }
        (void)vxUnmapImagePatch(im, id);
    }
    return VX_SUCCESS;
}

static vx_size tensor_bytes(vx_tensor t, vx_size *stride)
{
    vx_size i, n = t->elem_size;
    for (i = 0; i < t->num_dims; i++) {
        stride[i] = n;
        if (t->dims[i] && n > SIZE_MAX / t->dims[i]) return 0;
        n *= t->dims[i];
    }
    return n;
}

/* Copy the values of ref to (usage VX_READ_ONLY) or from (VX_WRITE_ONLY)
 * data; with data NULL, just check that len is the right length. */
static vx_status values_copy(vx_reference ref, vx_uint8 *data, vx_uint64 len, vx_enum usage)
{
    const vx_enum mem = VX_MEMORY_TYPE_HOST;
    switch (ref->type) {
    case VX_TYPE_IMAGE:
        return image_values((vx_image)ref, data, len, usage);
    case VX_TYPE_LUT: {
        vx_lut l = (vx_lut)ref;
        if (len != (vx_uint64)l->count * l->elem_size) return VX_ERROR_INVALID_PARAMETERS;
        return data ? vxCopyLUT(l, data, usage, mem) : VX_SUCCESS;
    }
    case VX_TYPE_DISTRIBUTION: {
        vx_distribution d = (vx_distribution)ref;
        if (len != (vx_uint64)d->bins * sizeof(vx_uint32)) return VX_ERROR_INVALID_PARAMETERS;
        return data ? vxCopyDistribution(d, data, usage, mem) : VX_SUCCESS;
    }
    case VX_TYPE_THRESHOLD: {
        vx_threshold t = (vx_threshold)ref;
        vx_pixel_value_t v[5];
        vx_status s = VX_SUCCESS;
        if (len != sizeof(v)) return VX_ERROR_INVALID_PARAMETERS;
        if (!data) return VX_SUCCESS;
        memset(v, 0, sizeof(v));
        if (usage == VX_WRITE_ONLY) memcpy(v, data, sizeof(v));
        if (t->thresh_type == VX_THRESHOLD_TYPE_BINARY) s = vxCopyThresholdValue(t, &v[0], usage, mem);
        else s = vxCopyThresholdRange(t, &v[1], &v[2], usage, mem);
        if (s == VX_SUCCESS) s = vxCopyThresholdOutput(t, &v[3], &v[4], usage, mem);
        if (usage == VX_READ_ONLY) memcpy(data, v, sizeof(v));
        return s;
    }
    case VX_TYPE_MATRIX: {
        vx_matrix m = (vx_matrix)ref;
        if (len != (vx_uint64)m->rows * m->columns * m->elem_size) return VX_ERROR_INVALID_PARAMETERS;
        return data ? vxCopyMatrix(m, data, usage, mem) : VX_SUCCESS;
    }
    case VX_TYPE_CONVOLUTION: {
        vx_convolution cv = (vx_convolution)ref;
        if (len != (vx_uint64)cv->rows * cv->columns * sizeof(vx_int16)) return VX_ERROR_INVALID_PARAMETERS;
        return data ? vxCopyConvolutionCoefficients(cv, data, usage, mem) : VX_SUCCESS;
    }
    case VX_TYPE_SCALAR: {
        vx_scalar sc = (vx_scalar)ref;
        if (len != sc->size) return VX_ERROR_INVALID_PARAMETERS;
        return data ? vxCopyScalarWithSize(sc, sc->size, data, usage, mem) : VX_SUCCESS;
    }
    case VX_TYPE_ARRAY: {
        vx_array a = (vx_array)ref;
        vx_size n;
        if (a->item_size == 0) return VX_ERROR_INVALID_PARAMETERS;
        if (usage == VX_READ_ONLY) {
            if (len != (vx_uint64)a->num_items * a->item_size) return VX_ERROR_INVALID_PARAMETERS;
            if (!data || a->num_items == 0) return VX_SUCCESS;
            return vxCopyArrayRange(a, 0, a->num_items, a->item_size, data, usage, mem);
        }
        if (len % a->item_size != 0 || len / a->item_size > a->capacity) return VX_ERROR_INVALID_PARAMETERS;
        n = (vx_size)(len / a->item_size);
        if (!data) return VX_SUCCESS;
        (void)vxTruncateArray(a, 0);
        return n ? vxAddArrayItems(a, n, data, a->item_size) : VX_SUCCESS;
    }
    case VX_TYPE_REMAP: {
        vx_remap rm = (vx_remap)ref;
        vx_rectangle_t rect = {0, 0, rm->dst_width, rm->dst_height};
        if (len != (vx_uint64)rm->dst_width * rm->dst_height * sizeof(vx_coordinates2df_t))
            return VX_ERROR_INVALID_PARAMETERS;
        if (!data) return VX_SUCCESS;
        return vxCopyRemapPatch(rm, &rect, rm->dst_width * sizeof(vx_coordinates2df_t), data,
                                VX_TYPE_COORDINATES2DF, usage, mem);
    }
    case VX_TYPE_TENSOR: {
        vx_tensor t = (vx_tensor)ref;
        vx_size stride[OVX_MAX_TENSOR_DIMS], start[OVX_MAX_TENSOR_DIMS] = {0};
        vx_size n = tensor_bytes(t, stride);
        if (n == 0 || len != n) return VX_ERROR_INVALID_PARAMETERS;
        if (!data) return VX_SUCCESS;
        return vxCopyTensorPatch(t, t->num_dims, start, t->dims, stride, data, usage, mem);
    }
    case VX_TYPE_USER_DATA_OBJECT: {
        vx_user_data_object u = (vx_user_data_object)ref;
        if (len != u->size) return VX_ERROR_INVALID_PARAMETERS;
        return data ? vxCopyUserDataObject(u, 0, u->size, data, usage, mem) : VX_SUCCESS;
    }
    default:
        return VX_ERROR_NOT_SUPPORTED;
    }
}

static vx_uint64 values_length(vx_reference ref)
{
    switch (ref->type) {
    case VX_TYPE_IMAGE: {
        vx_image im = (vx_image)ref;
        vx_uint64 total = 0;
        vx_uint32 p;
        for (p = 0; p < im->planes; p++) {
            vx_size rows = 0, rb = 0;
            if (image_plane_size(im, p, &rows, &rb)) total += (vx_uint64)rows * rb;
        }
        return total;
    }
    case VX_TYPE_LUT: return (vx_uint64)((vx_lut)ref)->count * ((vx_lut)ref)->elem_size;
    case VX_TYPE_DISTRIBUTION: return (vx_uint64)((vx_distribution)ref)->bins * sizeof(vx_uint32);
    case VX_TYPE_THRESHOLD: return 5 * sizeof(vx_pixel_value_t);
    case VX_TYPE_MATRIX: {
        vx_matrix m = (vx_matrix)ref;
        return (vx_uint64)m->rows * m->columns * m->elem_size;
    }
    case VX_TYPE_CONVOLUTION:
        return (vx_uint64)((vx_convolution)ref)->rows * ((vx_convolution)ref)->columns * sizeof(vx_int16);
    case VX_TYPE_SCALAR: return ((vx_scalar)ref)->size;
    case VX_TYPE_ARRAY: return (vx_uint64)((vx_array)ref)->num_items * ((vx_array)ref)->item_size;
    case VX_TYPE_REMAP: {
        vx_remap rm = (vx_remap)ref;
        return (vx_uint64)rm->dst_width * rm->dst_height * sizeof(vx_coordinates2df_t);
    }
    case VX_TYPE_TENSOR: {
        vx_size stride[OVX_MAX_TENSOR_DIMS];
        return tensor_bytes((vx_tensor)ref, stride);
    }
    case VX_TYPE_USER_DATA_OBJECT: return ((vx_user_data_object)ref)->size;
    default: return 0;
    }
}

vx_status ix_values_write(ix_buf *b, vx_reference ref)
{
    vx_uint64 len = values_length(ref);
    size_t off;
    vx_status s;
    if (len > (vx_uint64)SIZE_MAX / 2) return VX_ERROR_NO_MEMORY;
    ix_put_u64(b, len);
    off = ix_reserve(b, (size_t)len);
    if (b->failed) return VX_ERROR_NO_MEMORY;
    if (len == 0) return VX_SUCCESS;
    s = values_copy(ref, b->data + off, len, VX_READ_ONLY);
    return s;
}

vx_status ix_values_apply(vx_reference ref, const vx_uint8 *data, vx_uint64 len)
{
    vx_status s = values_copy(ref, NULL, len, VX_WRITE_ONLY);
    vx_uint8 *copy;
    if (s != VX_SUCCESS || len == 0) return s;
    /* the copy functions take non-const pointers */
    copy = malloc((size_t)len);
    if (!copy) return VX_ERROR_NO_MEMORY;
    memcpy(copy, data, (size_t)len);
    s = values_copy(ref, copy, len, VX_WRITE_ONLY);
    free(copy);
    return s;
}
