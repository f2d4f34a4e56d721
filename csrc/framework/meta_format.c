/*
 * Meta formats (spec "Object: Meta Format", vxSetMetaFormatAttribute,
 * vxSetMetaFormatFromReference, vxQueryMetaFormatAttribute).
 *
 * A validator describes an output as a list of object attributes (the same
 * enums the object's query takes: VX_IMAGE_FORMAT, VX_ARRAY_ITEMTYPE, ...).
 * The verifier then compares each one with the real object's query answer
 * (non-virtual outputs) or gives the values to a virtual object whose
 * attributes are not fixed yet (ovx_meta_apply).
 */
#include "graph.h"
#include "../objects/array.h"
#include "../objects/image.h"
#include "../objects/pyramid.h"
#include "../objects/scalar.h"
#include "../objects/tensor.h"

#include <stdio.h>
#include <string.h>

#define META_MAX_ENTRIES 16
#define META_MAX_VALUE 64

typedef struct {
    vx_enum attribute;
    vx_size size;
    union {
        vx_uint8 bytes[META_MAX_VALUE];
        vx_size align;
    } value;
} meta_entry;

struct _vx_meta_format {
    struct _vx_reference base;
    vx_enum type;
    vx_uint32 count;
    meta_entry entries[META_MAX_ENTRIES];
    vx_kernel_image_valid_rectangle_f valid_rect_callback;
};
typedef struct _vx_meta_format meta_impl;

/* The object type an attribute enum belongs to (VX_ATTRIBUTE_BASE layout). */
static vx_enum attribute_type(vx_enum attribute)
{
    return (vx_enum)(((vx_uint32)attribute >> 8) & 0xFFFu);
}

/* The size of an attribute's value, 0 for attributes a meta format cannot
 * hold; for VX_TENSOR_DIMS any multiple of sizeof(vx_size) up to the max. */
static vx_size attribute_size(vx_enum a, vx_size given)
{
    switch (a) {
    case VX_IMAGE_FORMAT:
    case VX_PYRAMID_FORMAT:
    case VX_THRESHOLD_INPUT_FORMAT:
    case VX_THRESHOLD_OUTPUT_FORMAT:
        return sizeof(vx_df_image);
    case VX_IMAGE_WIDTH:
    case VX_IMAGE_HEIGHT:
    case VX_PYRAMID_WIDTH:
    case VX_PYRAMID_HEIGHT:
    case VX_REMAP_SOURCE_WIDTH:
    case VX_REMAP_SOURCE_HEIGHT:
    case VX_REMAP_DESTINATION_WIDTH:
    case VX_REMAP_DESTINATION_HEIGHT:
    case VX_DISTRIBUTION_RANGE:
        return sizeof(vx_uint32);
    case VX_IMAGE_SPACE:
    case VX_IMAGE_RANGE:
    case VX_ARRAY_ITEMTYPE:
    case VX_SCALAR_TYPE:
    case VX_MATRIX_TYPE:
    case VX_LUT_TYPE:
    case VX_THRESHOLD_TYPE:
    case VX_TENSOR_DATA_TYPE:
    case VX_OBJECT_ARRAY_ITEMTYPE:
        return sizeof(vx_enum);
    case VX_ARRAY_CAPACITY:
    case VX_PYRAMID_LEVELS:
    case VX_MATRIX_ROWS:
    case VX_MATRIX_COLUMNS:
    case VX_DISTRIBUTION_BINS:
    case VX_DISTRIBUTION_DIMENSIONS:
    case VX_LUT_COUNT:
    case VX_TENSOR_NUMBER_OF_DIMS:
    case VX_OBJECT_ARRAY_NUMITEMS:
    case VX_USER_DATA_OBJECT_SIZE:
    case VX_CONVOLUTION_ROWS:
    case VX_CONVOLUTION_COLUMNS:
        return sizeof(vx_size);
    case VX_PYRAMID_SCALE:
        return sizeof(vx_float32);
    case VX_DISTRIBUTION_OFFSET:
        return sizeof(vx_int32);
    case VX_TENSOR_FIXED_POINT_POSITION:
        return sizeof(vx_int8);
    case VX_TENSOR_DIMS:
        return (given > 0 && given % sizeof(vx_size) == 0 && given <= OVX_MAX_TENSOR_DIMS * sizeof(vx_size)) ? given
                                                                                                          : 0;
    case VX_USER_DATA_OBJECT_NAME:
        /* a string: its own length up to VX_MAX_REFERENCE_NAME */
        return given > 0 && given <= VX_MAX_REFERENCE_NAME ? given : 0;
    default:
        return 0;
    }
}

/* Every attribute of a type a meta format can hold (for FromReference). */
static const vx_enum type_attributes[][7] = {
    {VX_TYPE_IMAGE, VX_IMAGE_FORMAT, VX_IMAGE_WIDTH, VX_IMAGE_HEIGHT, 0},
    {VX_TYPE_ARRAY, VX_ARRAY_ITEMTYPE, VX_ARRAY_CAPACITY, 0},
    {VX_TYPE_SCALAR, VX_SCALAR_TYPE, 0},
    {VX_TYPE_PYRAMID, VX_PYRAMID_LEVELS, VX_PYRAMID_SCALE, VX_PYRAMID_WIDTH, VX_PYRAMID_HEIGHT, VX_PYRAMID_FORMAT, 0},
    {VX_TYPE_MATRIX, VX_MATRIX_TYPE, VX_MATRIX_ROWS, VX_MATRIX_COLUMNS, 0},
    {VX_TYPE_DISTRIBUTION, VX_DISTRIBUTION_BINS, VX_DISTRIBUTION_OFFSET, VX_DISTRIBUTION_RANGE, 0},
    {VX_TYPE_REMAP, VX_REMAP_SOURCE_WIDTH, VX_REMAP_SOURCE_HEIGHT, VX_REMAP_DESTINATION_WIDTH,
     VX_REMAP_DESTINATION_HEIGHT, 0},
    {VX_TYPE_LUT, VX_LUT_TYPE, VX_LUT_COUNT, 0},
    {VX_TYPE_THRESHOLD, VX_THRESHOLD_TYPE, VX_THRESHOLD_INPUT_FORMAT, VX_THRESHOLD_OUTPUT_FORMAT, 0},
    {VX_TYPE_TENSOR, VX_TENSOR_NUMBER_OF_DIMS, VX_TENSOR_DIMS, VX_TENSOR_DATA_TYPE, VX_TENSOR_FIXED_POINT_POSITION, 0},
    {VX_TYPE_OBJECT_ARRAY, VX_OBJECT_ARRAY_ITEMTYPE, VX_OBJECT_ARRAY_NUMITEMS, 0},
    {VX_TYPE_USER_DATA_OBJECT, VX_USER_DATA_OBJECT_NAME, VX_USER_DATA_OBJECT_SIZE, 0},
    {VX_TYPE_CONVOLUTION, VX_CONVOLUTION_ROWS, VX_CONVOLUTION_COLUMNS, 0},
};

/* Query one attribute of an object through its public query function. */
static vx_status query_attribute(vx_reference ref, vx_enum attribute, void *ptr, vx_size size)
{
    switch (ref->type) {
    case VX_TYPE_IMAGE: return vxQueryImage((vx_image)ref, attribute, ptr, size);
    case VX_TYPE_ARRAY: return vxQueryArray((vx_array)ref, attribute, ptr, size);
    case VX_TYPE_SCALAR: return vxQueryScalar((vx_scalar)ref, attribute, ptr, size);
    case VX_TYPE_PYRAMID: return vxQueryPyramid((vx_pyramid)ref, attribute, ptr, size);
    case VX_TYPE_MATRIX: return vxQueryMatrix((vx_matrix)ref, attribute, ptr, size);
    case VX_TYPE_DISTRIBUTION: return vxQueryDistribution((vx_distribution)ref, attribute, ptr, size);
    case VX_TYPE_REMAP: return vxQueryRemap((vx_remap)ref, attribute, ptr, size);
    case VX_TYPE_LUT: return vxQueryLUT((vx_lut)ref, attribute, ptr, size);
    case VX_TYPE_THRESHOLD: return vxQueryThreshold((vx_threshold)ref, attribute, ptr, size);
    case VX_TYPE_TENSOR: return vxQueryTensor((vx_tensor)ref, attribute, ptr, size);
    case VX_TYPE_OBJECT_ARRAY: return vxQueryObjectArray((vx_object_array)ref, attribute, ptr, size);
    case VX_TYPE_USER_DATA_OBJECT: return vxQueryUserDataObject((vx_user_data_object)ref, attribute, ptr, size);
    case VX_TYPE_CONVOLUTION: return vxQueryConvolution((vx_convolution)ref, attribute, ptr, size);
    default: return VX_ERROR_NOT_SUPPORTED;
    }
}

vx_meta_format ovx_meta_create(vx_context context, vx_enum type)
{
    meta_impl *m = (meta_impl *)ovx_ref_create(context, VX_TYPE_META_FORMAT, sizeof(meta_impl), NULL, NULL);
    if (!m) return NULL;
    m->type = type;
    return (vx_meta_format)m;
}

static meta_entry *find_entry(meta_impl *m, vx_enum attribute)
{
    vx_uint32 i;
    for (i = 0; i < m->count; i++)
        if (m->entries[i].attribute == attribute) return &m->entries[i];
    return NULL;
}

static vx_status store(meta_impl *m, vx_enum attribute, const void *ptr, vx_size size)
{
    meta_entry *e = find_entry(m, attribute);
    if (!e) {
        if (m->count == META_MAX_ENTRIES) return VX_ERROR_NO_RESOURCES;
        e = &m->entries[m->count++];
        e->attribute = attribute;
    }
    memset(&e->value, 0, sizeof(e->value));
    memcpy(e->value.bytes, ptr, size);
    e->size = size;
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetMetaFormatAttribute(vx_meta_format meta, vx_enum attribute, const void *ptr,
                                                            vx_size size)
{
    meta_impl *m = (meta_impl *)meta;
    vx_size want;
    if (!ovx_ref_valid((vx_reference)meta, VX_TYPE_META_FORMAT)) return VX_ERROR_INVALID_REFERENCE;
    if (attribute == VX_VALID_RECT_CALLBACK) {
        if (ptr == NULL || size != sizeof(vx_kernel_image_valid_rectangle_f)) {
            ovx_log((vx_reference)meta, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetMetaFormatAttribute: VX_VALID_RECT_CALLBACK wants a pointer to a callback and size %u, "
                    "got %s and size %zu",
                    (unsigned)sizeof(vx_kernel_image_valid_rectangle_f), ptr ? "a pointer" : "NULL", (size_t)size);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        if (m->type != VX_TYPE_IMAGE && m->type != VX_TYPE_PYRAMID) {
            ovx_log((vx_reference)meta, VX_ERROR_INVALID_TYPE,
                    "vxSetMetaFormatAttribute: VX_VALID_RECT_CALLBACK is for image and pyramid outputs, this one is "
                    "a %s",
                    ovx_type_name(m->type));
            return VX_ERROR_INVALID_TYPE;
        }
        memcpy(&m->valid_rect_callback, ptr, sizeof(m->valid_rect_callback));
        return VX_SUCCESS;
    }
    if (attribute_type(attribute) != m->type) {
        ovx_log((vx_reference)meta, VX_ERROR_INVALID_TYPE,
                "vxSetMetaFormatAttribute: attribute %s is not an attribute of a %s", OVX_ATTR(attribute),
                ovx_type_name(m->type));
        return VX_ERROR_INVALID_TYPE;
    }
    want = attribute_size(attribute, size);
    if (want == 0) {
        ovx_log((vx_reference)meta, VX_ERROR_NOT_SUPPORTED,
                "vxSetMetaFormatAttribute: attribute %s cannot be set on a meta format", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (ptr == NULL || size != want) {
        ovx_log((vx_reference)meta, VX_ERROR_INVALID_PARAMETERS,
                "vxSetMetaFormatAttribute: attribute %s: wrong size %zu (expected %zu) or NULL pointer",
                OVX_ATTR(attribute), (size_t)size, (size_t)want);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (attribute == VX_USER_DATA_OBJECT_NAME) {
        /* kept zero-padded to the full size the object's query answers with */
        vx_char name[VX_MAX_REFERENCE_NAME];
        memset(name, 0, sizeof(name));
        memcpy(name, ptr, size);
        name[VX_MAX_REFERENCE_NAME - 1] = 0;
        return store(m, attribute, name, sizeof(name));
    }
    return store(m, attribute, ptr, size);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryMetaFormatAttribute(vx_meta_format meta, vx_enum attribute, void *ptr,
                                                              vx_size size)
{
    meta_impl *m = (meta_impl *)meta;
    meta_entry *e;
    if (!ovx_ref_valid((vx_reference)meta, VX_TYPE_META_FORMAT)) return VX_ERROR_INVALID_REFERENCE;
    if (attribute == VX_VALID_RECT_CALLBACK)
        return ovx_query_copy(ptr, size, &m->valid_rect_callback, sizeof(m->valid_rect_callback));
    if (attribute_type(attribute) != m->type) {
        ovx_log((vx_reference)meta, VX_ERROR_INVALID_TYPE,
                "vxQueryMetaFormatAttribute: attribute %s is not an attribute of a %s", OVX_ATTR(attribute),
                ovx_type_name(m->type));
        return VX_ERROR_INVALID_TYPE;
    }
    e = find_entry(m, attribute);
    if (!e) {
        ovx_log((vx_reference)meta, VX_ERROR_NOT_SUPPORTED, "vxQueryMetaFormatAttribute: attribute %s is not set",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    return ovx_query_copy(ptr, size, e->value.bytes, e->size);
}

VX_API_ENTRY vx_status VX_API_CALL vxSetMetaFormatFromReference(vx_meta_format meta, vx_reference exemplar)
{
    meta_impl *m = (meta_impl *)meta;
    vx_uint32 t, a;
    if (!ovx_ref_valid((vx_reference)meta, VX_TYPE_META_FORMAT)) return VX_ERROR_INVALID_REFERENCE;
    if (!ovx_ref_valid(exemplar, VX_TYPE_REFERENCE)) {
        ovx_log((vx_reference)meta, VX_ERROR_INVALID_REFERENCE,
                "vxSetMetaFormatFromReference: exemplar is not a valid reference");
        return VX_ERROR_INVALID_REFERENCE;
    }
    if (exemplar->type != m->type) {
        ovx_log((vx_reference)meta, VX_ERROR_INVALID_TYPE,
                "vxSetMetaFormatFromReference: exemplar is a %s, the parameter a %s", ovx_type_name(exemplar->type),
                ovx_type_name(m->type));
        return VX_ERROR_INVALID_TYPE;
    }
    for (t = 0; t < sizeof(type_attributes) / sizeof(type_attributes[0]); t++) {
        if (type_attributes[t][0] != m->type) continue;
        for (a = 1; type_attributes[t][a]; a++) {
            vx_enum attr = type_attributes[t][a];
            vx_uint8 buf[META_MAX_VALUE];
            vx_size size = attr == VX_USER_DATA_OBJECT_NAME ? VX_MAX_REFERENCE_NAME
                                                            : attribute_size(attr, sizeof(vx_size));
            if (attr == VX_TENSOR_DIMS) {
                vx_size nd = 0;
                if (vxQueryTensor((vx_tensor)exemplar, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd)) != VX_SUCCESS ||
                    nd == 0)
                    continue;
                size = nd * sizeof(vx_size);
            }
            memset(buf, 0, sizeof(buf));
            if (query_attribute(exemplar, attr, buf, size) != VX_SUCCESS) continue;
            /* an exemplar's unknown attributes (virtual objects) stay unset */
            if ((attr == VX_IMAGE_FORMAT || attr == VX_PYRAMID_FORMAT) && *(vx_df_image *)buf == VX_DF_IMAGE_VIRT)
                continue;
            if ((attr == VX_IMAGE_WIDTH || attr == VX_IMAGE_HEIGHT || attr == VX_PYRAMID_WIDTH ||
                 attr == VX_PYRAMID_HEIGHT) &&
                *(vx_uint32 *)buf == 0)
                continue;
            if (store(m, attr, buf, size) != VX_SUCCESS) return VX_ERROR_NO_RESOURCES;
        }
    }
    return VX_SUCCESS;
}

vx_kernel_image_valid_rectangle_f ovx_meta_valid_rect_callback(vx_meta_format meta)
{
    return ((meta_impl *)meta)->valid_rect_callback;
}

/* Status for a mismatch of attribute a. */
static vx_status mismatch_status(vx_enum a)
{
    switch (a) {
    case VX_IMAGE_FORMAT:
    case VX_PYRAMID_FORMAT:
    case VX_THRESHOLD_INPUT_FORMAT:
    case VX_THRESHOLD_OUTPUT_FORMAT:
        return VX_ERROR_INVALID_FORMAT;
    case VX_ARRAY_ITEMTYPE:
    case VX_SCALAR_TYPE:
    case VX_MATRIX_TYPE:
    case VX_LUT_TYPE:
    case VX_TENSOR_DATA_TYPE:
    case VX_OBJECT_ARRAY_ITEMTYPE:
    case VX_THRESHOLD_TYPE:
        return VX_ERROR_INVALID_TYPE;
    case VX_PYRAMID_SCALE:
    case VX_DISTRIBUTION_OFFSET:
    case VX_DISTRIBUTION_RANGE:
    case VX_TENSOR_FIXED_POINT_POSITION:
    case VX_USER_DATA_OBJECT_NAME:
        return VX_ERROR_INVALID_VALUE;
    default:
        return VX_ERROR_INVALID_DIMENSION;
    }
}

/* Attributes not compared with a non-virtual object. */
static vx_bool not_compared(vx_enum a)
{
    /* an output array only needs to exist with the right item type: its
     * capacity is the application's choice (the kernel fills what fits) */
    return a == VX_ARRAY_CAPACITY || a == VX_IMAGE_SPACE || a == VX_IMAGE_RANGE ? vx_true_e : vx_false_e;
}

static vx_bool is_unknown(vx_reference ref, vx_enum a, const vx_uint8 *cur)
{
    if (!ref->is_virtual) return vx_false_e;
    switch (a) {
    case VX_IMAGE_FORMAT:
    case VX_PYRAMID_FORMAT:
        return *(const vx_df_image *)cur == VX_DF_IMAGE_VIRT || *(const vx_df_image *)cur == 0 ? vx_true_e
                                                                                             : vx_false_e;
    case VX_IMAGE_WIDTH:
    case VX_IMAGE_HEIGHT:
    case VX_PYRAMID_WIDTH:
    case VX_PYRAMID_HEIGHT:
        return *(const vx_uint32 *)cur == 0 ? vx_true_e : vx_false_e;
    case VX_ARRAY_ITEMTYPE:
    case VX_ARRAY_CAPACITY:
        return *(const vx_size *)cur == 0 || (a == VX_ARRAY_ITEMTYPE && *(const vx_enum *)cur == 0) ? vx_true_e
                                                                                                  : vx_false_e;
    case VX_TENSOR_DIMS:
    case VX_TENSOR_NUMBER_OF_DIMS:
    case VX_TENSOR_DATA_TYPE:
        return vx_true_e; /* checked by value below */
    case VX_TENSOR_FIXED_POINT_POSITION:
        /* a virtual tensor created without a data type has no position yet */
        return ref->type == VX_TYPE_TENSOR && ((vx_tensor)ref)->data_type == 0 ? vx_true_e : vx_false_e;
    default:
        return vx_false_e;
    }
}

vx_status ovx_meta_check(vx_meta_format meta, vx_reference ref, char *why, size_t why_size)
{
    meta_impl *m = (meta_impl *)meta;
    vx_uint32 i;
    for (i = 0; i < m->count; i++) {
        meta_entry *e = &m->entries[i];
        vx_uint8 cur[META_MAX_VALUE];
        if (not_compared(e->attribute)) continue;
        memset(cur, 0, sizeof(cur));
        if (query_attribute(ref, e->attribute, cur, e->size) != VX_SUCCESS) {
            snprintf(why, why_size, "%s of the %s cannot be read", OVX_ATTR(e->attribute),
                     ovx_type_name(ref->type));
            return mismatch_status(e->attribute);
        }
        if (memcmp(cur, e->value.bytes, e->size) != 0) {
            if (e->attribute == VX_IMAGE_FORMAT || e->attribute == VX_PYRAMID_FORMAT)
                snprintf(why, why_size, "format is %.4s, the kernel produces %.4s", (const char *)cur,
                         (const char *)e->value.bytes);
            else if (e->size == sizeof(vx_uint32))
                snprintf(why, why_size, "%s is %u, the kernel produces %u", OVX_ATTR(e->attribute),
                         *(vx_uint32 *)cur, *(vx_uint32 *)e->value.bytes);
            else if (e->size == sizeof(vx_size))
                snprintf(why, why_size, "%s is %zu, the kernel produces %zu", OVX_ATTR(e->attribute),
                         (size_t) * (vx_size *)cur, (size_t) * (vx_size *)e->value.bytes);
            else
                snprintf(why, why_size, "%s differs from what the kernel produces",
                         OVX_ATTR(e->attribute));
            return mismatch_status(e->attribute);
        }
    }
    return VX_SUCCESS;
}

static const meta_entry *get(meta_impl *m, vx_enum a)
{
    return find_entry(m, a);
}

/* Give a virtual object the meta's values where its own are unknown; the
 * values it has must agree. */
vx_status ovx_meta_apply(vx_meta_format meta, vx_reference ref, char *why, size_t why_size)
{
    meta_impl *m = (meta_impl *)meta;
    vx_uint32 i;
    /* first: everything it knows must agree */
    for (i = 0; i < m->count; i++) {
        meta_entry *e = &m->entries[i];
        vx_uint8 cur[META_MAX_VALUE];
        if (not_compared(e->attribute)) continue;
        memset(cur, 0, sizeof(cur));
        if (query_attribute(ref, e->attribute, cur, e->size) != VX_SUCCESS) continue;
        if (is_unknown(ref, e->attribute, cur)) continue;
        if (memcmp(cur, e->value.bytes, e->size) != 0) {
            snprintf(why, why_size, "the virtual %s has %s set to another value than the kernel produces",
                     ovx_type_name(ref->type), OVX_ATTR(e->attribute));
            return mismatch_status(e->attribute);
        }
    }
    switch (ref->type) {
    case VX_TYPE_IMAGE: {
        vx_image img = (vx_image)ref;
        const meta_entry *f = get(m, VX_IMAGE_FORMAT), *w = get(m, VX_IMAGE_WIDTH), *h = get(m, VX_IMAGE_HEIGHT);
        vx_df_image fmt = img->format;
        vx_uint32 width = img->width, height = img->height;
        if (f && (fmt == VX_DF_IMAGE_VIRT || fmt == 0)) fmt = *(const vx_df_image *)f->value.bytes;
        if (w && width == 0) width = *(const vx_uint32 *)w->value.bytes;
        if (h && height == 0) height = *(const vx_uint32 *)h->value.bytes;
        if (fmt == img->format && width == img->width && height == img->height) return VX_SUCCESS;
        if (fmt == VX_DF_IMAGE_VIRT || width == 0 || height == 0) {
            snprintf(why, why_size, "the kernel does not say the %s of this virtual image",
                     fmt == VX_DF_IMAGE_VIRT ? "format" : "size");
            return fmt == VX_DF_IMAGE_VIRT ? VX_ERROR_INVALID_FORMAT : VX_ERROR_INVALID_DIMENSION;
        }
        if (img->root != img) {
            snprintf(why, why_size, "a sub-image of a virtual image cannot change its format or size");
            return VX_ERROR_INVALID_FORMAT;
        }
        if (ovx_image_set_meta(img, width, height, fmt) != VX_SUCCESS) {
            snprintf(why, why_size, "a %u x %u image of format %.4s cannot be made", width, height,
                     (const char *)&fmt);
            return VX_ERROR_INVALID_FORMAT;
        }
        return VX_SUCCESS;
    }
    case VX_TYPE_ARRAY: {
        vx_array arr = (vx_array)ref;
        const meta_entry *t = get(m, VX_ARRAY_ITEMTYPE), *c = get(m, VX_ARRAY_CAPACITY);
        if (arr->item_type == 0 && t) {
            vx_enum it = *(const vx_enum *)t->value.bytes;
            vx_size isz = ovx_type_size(it);
            if (isz == 0) isz = ovx_user_struct_size(arr->base.context, it);
            if (isz == 0) {
                snprintf(why, why_size, "item type 0x%x has no size", (unsigned)it);
                return VX_ERROR_INVALID_TYPE;
            }
            arr->item_type = it;
            arr->item_size = isz;
        }
        if (arr->capacity == 0 && c) arr->capacity = *(const vx_size *)c->value.bytes;
        if (arr->item_type == 0) {
            snprintf(why, why_size, "the kernel does not say the item type of this virtual array");
            return VX_ERROR_INVALID_TYPE;
        }
        if (arr->capacity == 0) {
            snprintf(why, why_size, "the kernel does not say the capacity of this virtual array");
            return VX_ERROR_INVALID_DIMENSION;
        }
        return VX_SUCCESS;
    }
    case VX_TYPE_PYRAMID: {
        const meta_entry *w = get(m, VX_PYRAMID_WIDTH), *h = get(m, VX_PYRAMID_HEIGHT), *f = get(m, VX_PYRAMID_FORMAT);
        return ovx_pyramid_apply_meta((vx_pyramid)ref, w ? *(const vx_uint32 *)w->value.bytes : 0,
                                      h ? *(const vx_uint32 *)h->value.bytes : 0,
                                      f ? *(const vx_df_image *)f->value.bytes : 0, why, why_size);
    }
    case VX_TYPE_TENSOR: {
        vx_tensor t = (vx_tensor)ref;
        const meta_entry *nd = get(m, VX_TENSOR_NUMBER_OF_DIMS), *d = get(m, VX_TENSOR_DIMS),
                         *dt = get(m, VX_TENSOR_DATA_TYPE), *fp = get(m, VX_TENSOR_FIXED_POINT_POSITION);
        return ovx_tensor_apply_meta(t, nd ? *(const vx_size *)nd->value.bytes : 0,
                                     d ? (const vx_size *)d->value.bytes : NULL, d ? d->size / sizeof(vx_size) : 0,
                                     dt ? *(const vx_enum *)dt->value.bytes : 0,
                                     fp ? *(const vx_int8 *)fp->value.bytes : 0, fp != NULL, why, why_size);
    }
    default:
        return ovx_meta_check(meta, ref, why, why_size);
    }
}
