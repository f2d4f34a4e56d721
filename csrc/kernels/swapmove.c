/*
 * Kernels of the vx_khr_swap_move extension: Swap and Move.
 *
 *  - Swap (REQ-SWP02..05): two bidirectional parameters of one object type and
 *    the same meta data; after the node, each holds what the other held.
 *  - Move (REQ-SWP06..10): a bidirectional `first` and an output `second`;
 *    after the node `second` holds what `first` held, and `first` is
 *    undefined (here: it holds what `second` held, a swap being the cheapest
 *    move that allocates nothing).
 *
 * The data are exchanged in place, member by member (REQ-SWP17: the items of
 * pyramids and object arrays are swapped, not the references the containers
 * hold), so sub-objects of either see the new data (REQ-SWP16).  Images or
 * tensors that are themselves a region, channel or view of another object are
 * refused (REQ-SWP15), as are read-only objects (bidirectional parameters,
 * REQ-BP06) and an object given twice (REQ-BP05).  `second` may be virtual:
 * its meta data come from `first` (REQ-SWP03, REQ-SWP07).
 */
#include "kernels.h"

#include <stdio.h>
#include <string.h>

#include <VX/vx_khr_swap_move.h>

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

/* ---- exchanging data ---------------------------------------------------------- */

static void swap_bytes(void *a, void *b, vx_size n)
{
    vx_uint8 *x = a, *y = b, t[256];
    while (n) {
        vx_size k = n < sizeof(t) ? n : sizeof(t);
        memcpy(t, x, k);
        memcpy(x, y, k);
        memcpy(y, t, k);
        x += k;
        y += k;
        n -= k;
    }
}

#define SWAP_FIELD(x, y, T)                                                                                    \
    do {                                                                                                       \
        T tmp_ = (x);                                                                                          \
        (x) = (y);                                                                                             \
        (y) = tmp_;                                                                                            \
    } while (0)

static vx_status swap_image(vx_image a, vx_image b)
{
    vx_uint32 p, y;
    if (ovx_image_alloc(a) != VX_SUCCESS || ovx_image_alloc(b) != VX_SUCCESS) return VX_ERROR_NO_MEMORY;
    if (!a->info || a->format != b->format || a->width != b->width || a->height != b->height)
        return VX_ERROR_INVALID_FORMAT;
    for (p = 0; p < a->planes; p++) {
        ovx_plane pa = ovx_image_plane(a, p), pb = ovx_image_plane(b, p);
        vx_size row = a->info->plane[p].bits == 1 ? ((vx_size)pa.width + 7) / 8
                                                   : (vx_size)pa.width * a->info->plane[p].bytes;
        if (!pa.ptr || !pb.ptr) return VX_ERROR_NO_MEMORY;
        for (y = 0; y < pa.height; y++)
            swap_bytes(pa.ptr + (vx_size)y * pa.stride, pb.ptr + (vx_size)y * pb.stride, row);
    }
    {
        vx_rectangle_t va, vb;
        ovx_image_get_valid(a, &va);
        ovx_image_get_valid(b, &vb);
        ovx_image_set_valid(a, &vb);
        ovx_image_set_valid(b, &va);
    }
    return VX_SUCCESS;
}

/* Swap the elements of two tensors of the same shape, whatever their strides. */
static void swap_nd(vx_uint8 *a, const vx_size *sa, vx_uint8 *b, const vx_size *sb, const vx_size *dims,
                    vx_size nd, vx_size elem)
{
    vx_size i;
    if (nd == 1) {
        if (sa[0] == elem && sb[0] == elem) {
            swap_bytes(a, b, dims[0] * elem);
            return;
        }
        for (i = 0; i < dims[0]; i++) swap_bytes(a + i * sa[0], b + i * sb[0], elem);
        return;
    }
    for (i = 0; i < dims[nd - 1]; i++)
        swap_nd(a + i * sa[nd - 1], sa, b + i * sb[nd - 1], sb, dims, nd - 1, elem);
}

static vx_status swap_object(vx_reference x, vx_reference y)
{
    vx_size i;
    vx_status s = VX_SUCCESS;
    if (x == y) return VX_SUCCESS;
    if (x->type != y->type) return VX_ERROR_INVALID_TYPE;
    switch (x->type) {
    case VX_TYPE_IMAGE: return swap_image((vx_image)x, (vx_image)y);
    case VX_TYPE_ARRAY: {
        vx_array a = (vx_array)x, b = (vx_array)y;
        vx_size n;
        if (a->item_size != b->item_size || a->capacity != b->capacity) return VX_ERROR_INVALID_TYPE;
        if (!a->data && ovx_array_alloc(a) != VX_SUCCESS) return VX_ERROR_NO_MEMORY;
        if (!b->data && ovx_array_alloc(b) != VX_SUCCESS) return VX_ERROR_NO_MEMORY;
        n = a->num_items > b->num_items ? a->num_items : b->num_items;
        swap_bytes(a->data, b->data, n * a->item_size);
        SWAP_FIELD(a->num_items, b->num_items, vx_size);
        return VX_SUCCESS;
    }
    case VX_TYPE_SCALAR: {
        vx_scalar a = (vx_scalar)x, b = (vx_scalar)y;
        if (a->data_type != b->data_type || a->size != b->size) return VX_ERROR_INVALID_TYPE;
        swap_bytes(a->data, b->data, a->size);
        return VX_SUCCESS;
    }
    case VX_TYPE_MATRIX: {
        vx_matrix a = (vx_matrix)x, b = (vx_matrix)y;
        if (a->elem_size != b->elem_size || a->rows != b->rows || a->columns != b->columns)
            return VX_ERROR_INVALID_TYPE;
        swap_bytes(a->data, b->data, a->rows * a->columns * a->elem_size);
        return VX_SUCCESS;
    }
    case VX_TYPE_CONVOLUTION: {
        vx_convolution a = (vx_convolution)x, b = (vx_convolution)y;
        if (a->rows != b->rows || a->columns != b->columns) return VX_ERROR_INVALID_DIMENSION;
        swap_bytes(a->data, b->data, a->rows * a->columns * sizeof(vx_int16));
        SWAP_FIELD(a->scale, b->scale, vx_uint32);
        return VX_SUCCESS;
    }
    case VX_TYPE_DISTRIBUTION: {
        vx_distribution a = (vx_distribution)x, b = (vx_distribution)y;
        if (a->bins != b->bins) return VX_ERROR_INVALID_DIMENSION;
        swap_bytes(a->data, b->data, a->bins * sizeof(vx_uint32));
        return VX_SUCCESS;
    }
    case VX_TYPE_LUT: {
        vx_lut a = (vx_lut)x, b = (vx_lut)y;
        if (a->elem_size != b->elem_size || a->count != b->count) return VX_ERROR_INVALID_TYPE;
        swap_bytes(a->data, b->data, a->count * a->elem_size);
        return VX_SUCCESS;
    }
    case VX_TYPE_THRESHOLD: {
        vx_threshold a = (vx_threshold)x, b = (vx_threshold)y;
        swap_bytes(&a->value, &b->value, sizeof(a->value));
        swap_bytes(&a->lower, &b->lower, sizeof(a->lower));
        swap_bytes(&a->upper, &b->upper, sizeof(a->upper));
        swap_bytes(&a->true_value, &b->true_value, sizeof(a->true_value));
        swap_bytes(&a->false_value, &b->false_value, sizeof(a->false_value));
        return VX_SUCCESS;
    }
    case VX_TYPE_REMAP: {
        vx_remap a = (vx_remap)x, b = (vx_remap)y;
        if (a->dst_width != b->dst_width || a->dst_height != b->dst_height) return VX_ERROR_INVALID_DIMENSION;
        swap_bytes(a->data, b->data, (vx_size)a->dst_width * a->dst_height * sizeof(vx_coordinates2df_t));
        ovx_remap_touch(a), ovx_remap_touch(b);
        return VX_SUCCESS;
    }
    case VX_TYPE_PYRAMID: {
        vx_pyramid a = (vx_pyramid)x, b = (vx_pyramid)y;
        if (a->levels != b->levels) return VX_ERROR_INVALID_DIMENSION;
        for (i = 0; i < a->levels && s == VX_SUCCESS; i++) s = swap_image(a->images[i], b->images[i]);
        return s;
    }
    case VX_TYPE_OBJECT_ARRAY: {
        vx_object_array a = (vx_object_array)x, b = (vx_object_array)y;
        if (a->num_items != b->num_items) return VX_ERROR_INVALID_DIMENSION;
        for (i = 0; i < a->num_items && s == VX_SUCCESS; i++) s = swap_object(a->items[i], b->items[i]);
        return s;
    }
    case VX_TYPE_TENSOR: {
        vx_tensor a = (vx_tensor)x, b = (vx_tensor)y;
        vx_uint8 *pa = ovx_tensor_data(a), *pb = ovx_tensor_data(b);
        if (!pa || !pb) return VX_ERROR_NO_MEMORY;
        if (a->num_dims != b->num_dims || a->elem_size != b->elem_size || a->num_dims == 0)
            return VX_ERROR_INVALID_DIMENSION;
        for (i = 0; i < a->num_dims; i++)
            if (a->dims[i] != b->dims[i]) return VX_ERROR_INVALID_DIMENSION;
        swap_nd(pa, a->strides, pb, b->strides, a->dims, a->num_dims, a->elem_size);
        return VX_SUCCESS;
    }
    case VX_TYPE_USER_DATA_OBJECT: {
        struct _vx_user_data_object *a = (struct _vx_user_data_object *)x, *b = (struct _vx_user_data_object *)y;
        if (a->size != b->size) return VX_ERROR_INVALID_DIMENSION;
        if (!a->data || !b->data) return VX_ERROR_NO_MEMORY;
        swap_bytes(a->data, b->data, a->size);
        SWAP_FIELD(a->valid_size, b->valid_size, vx_size);
        return VX_SUCCESS;
    }
    default: return VX_ERROR_INVALID_TYPE;
    }
}

/* ---- checks --------------------------------------------------------------------- */

/* Is r (or a member of it) an image or tensor made from part of another object? */
static vx_bool is_sub_object(vx_reference r)
{
    vx_size i;
    switch (r->type) {
    case VX_TYPE_IMAGE: return ((vx_image)r)->parent ? vx_true_e : vx_false_e;
    case VX_TYPE_TENSOR: return ((vx_tensor)r)->parent ? vx_true_e : vx_false_e;
    case VX_TYPE_OBJECT_ARRAY:
        for (i = 0; i < ((vx_object_array)r)->num_items; i++)
            if (is_sub_object(((vx_object_array)r)->items[i])) return vx_true_e;
        return vx_false_e;
    default: return vx_false_e;
    }
}

/* Can a and b exchange their data (same type and meta data, no sub-objects,
 * writable)?  Logs against the node and returns the status.  b may be a virtual object whose meta data are still unknown. */
static vx_status exchange_check(vx_node node, vx_reference a, vx_reference b)
{
    char why[256];
    vx_status s;
    vx_reference r[2] = {a, b};
    vx_uint32 i;
    if (a == b || ovx_objects_overlap(a, b))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS,
                              "the same data are given as both parameters (a node would read what it writes)");
    if (!ovx_copyable_type(a->type))
        return ovx_kernel_log(node, 0, VX_ERROR_INVALID_TYPE, "a %s is not a data object that can be swapped",
                              ovx_type_name(a->type));
    s = ovx_same_meta(a, b, why, sizeof(why));
    if (s != VX_SUCCESS) return ovx_kernel_log(node, 1, s, "%s", why);
    for (i = 0; i < 2; i++) {
        if (is_sub_object(r[i]))
            return ovx_kernel_log(node, i, VX_ERROR_INVALID_PARAMETERS,
                                  "a region, channel or view of another object cannot be swapped or moved");
        if (ovx_read_only(r[i]))
            return ovx_kernel_log(node, i, VX_ERROR_INVALID_PARAMETERS, "the %s is read-only",
                                  ovx_type_name(r[i]->type));
    }
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK swap_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                           vx_meta_format metas[])
{
    vx_status s = exchange_check(node, p[0], p[1]);
    (void)num;
    if (s != VX_SUCCESS) return s;
    /* only outputs get a meta format: Move's `second`.  A virtual bidirectional
     * object has an output writer (REQ-BP04) whose validator ran first. */
    if (metas[1]) s = vxSetMetaFormatFromReference(metas[1], p[0]);
    if (s != VX_SUCCESS) return ovx_kernel_log(node, 1, s, "its meta data cannot be described");
    return VX_SUCCESS;
}

/* REQ-SWP10: the data of a MOVE node's `first` are undefined afterwards, so
 * no other node of the graph may read it. */
static vx_status VX_CALLBACK move_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                           vx_meta_format metas[])
{
    vx_graph g = node->graph;
    vx_uint32 i, j;
    vx_status s = swap_validate(node, p, num, metas);
    if (s != VX_SUCCESS) return s;
    for (i = 0; g && i < g->num_nodes; i++) {
        vx_node other = g->nodes[i];
        if (other == node) continue;
        for (j = 0; j < other->kernel->num_params; j++) {
            vx_enum dir = other->kernel->params[j].direction;
            if (!other->params[j] || (dir != VX_INPUT && dir != OVX_BIDIRECTIONAL)) continue;
            if (ovx_objects_overlap(other->params[j], p[0]))
                return ovx_kernel_log(node, 0, VX_ERROR_INVALID_GRAPH,
                                      "node %u (%s) reads it, but a move leaves it undefined", other->index,
                                      other->kernel->name);
        }
    }
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK swap_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_status s = swap_object(p[0], p[1]);
    (void)num;
    if (s != VX_SUCCESS) return ovx_kernel_log(node, 1, s, "the %s data cannot be exchanged", ovx_type_name(p[0]->type));
    return VX_SUCCESS;
}

/* ---- node creation ---------------------------------------------------------------- */

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_SWAPMOVE
#include "kernel_descs.h"
