/* vx_khr_ix: vxExportObjectsToMemory, vxReleaseExportedMemory.
 *
 * The export walks the listed references and every graph among them (its
 * nodes' parameters, the delays registered for auto-aging), gathering every
 * object needed to make them again: containers before their items, ROI
 * parents before their regions, graphs before their virtual objects.  The
 * blob layout is described in ix_internal.h. */
#include "ix_internal.h"

#include "../kernels/kernels.h"
#include "../objects/delay.h"
#include "../objects/image.h"
#include "../objects/matrix.h"
#include "../objects/object_array.h"
#include "../objects/pyramid.h"

#include <stdlib.h>
#include <string.h>

/* ---- the blobs handed out (vxReleaseExportedMemory checks them) ---------- */
typedef struct ix_blob {
    const vx_uint8 *ptr;
    vx_context context;
    struct ix_blob *next;
} ix_blob;

static pthread_mutex_t blobs_lock = PTHREAD_MUTEX_INITIALIZER;
static ix_blob *blobs;

/* ---- parameters fixed at node creation (C arguments of vx<Function>Node) --
 * The table is generated from the kernel table with the node functions
 * (tools/gen_kernels.py: ovx_kernel_fixed_params). */
static vx_uint32 fixed_mask(vx_kernel k)
{
    if (k->user_kernel) return 0;
    return ovx_kernel_fixed_params(k->enumeration);
}

/* ---- the gathered objects --------------------------------------------------- */
typedef struct {
    vx_reference ref;
    vx_uint32 origin, parent, item;
    vx_int32 listed;  /* index in refs, -1 when hidden */
    vx_bool written;  /* an output of a node of an exported graph */
    vx_bool values;
} ix_ent;

typedef struct {
    vx_context context;
    ix_ent *e;
    vx_uint32 n, cap;
    vx_status status;
} ix_exp;

static vx_int64 find(const ix_exp *x, vx_reference ref)
{
    vx_uint32 i;
    for (i = 0; i < x->n; i++)
        if (x->e[i].ref == ref) return i;
    return -1;
}

static vx_int64 append(ix_exp *x, vx_reference ref, vx_uint32 origin, vx_uint32 parent, vx_uint32 item)
{
    if (x->n == x->cap) {
        vx_uint32 ncap = x->cap ? x->cap * 2 : 64;
        ix_ent *ne = realloc(x->e, ncap * sizeof(*ne));
        if (!ne) {
            x->status = VX_ERROR_NO_MEMORY;
            return -1;
        }
        x->e = ne;
        x->cap = ncap;
    }
    memset(&x->e[x->n], 0, sizeof(x->e[x->n]));
    x->e[x->n].ref = ref;
    x->e[x->n].origin = origin;
    x->e[x->n].parent = parent;
    x->e[x->n].item = item;
    x->e[x->n].listed = -1;
    return x->n++;
}

static vx_bool is_container(vx_reference r)
{
    return r && (r->type == VX_TYPE_PYRAMID || r->type == VX_TYPE_OBJECT_ARRAY || r->type == VX_TYPE_DELAY)
               ? vx_true_e
               : vx_false_e;
}

/* Item k of a container (a delay's slot -k). */
static vx_reference item_of(vx_reference c, vx_size k)
{
    if (c->type == VX_TYPE_DELAY) return ovx_delay_slot((vx_delay)c, -(vx_int32)k);
    return ovx_container_item(c, (vx_int32)k);
}

static vx_size items_of(vx_reference c)
{
    if (c->type == VX_TYPE_DELAY) return ((vx_delay)c)->slots;
    if (c->type == VX_TYPE_PYRAMID) return ((vx_pyramid)c)->levels;
    return ((vx_object_array)c)->num_items;
}

/* Append ref and, for containers, its items (recursively). */
static vx_int64 append_tree(ix_exp *x, vx_reference ref, vx_uint32 origin, vx_uint32 parent, vx_uint32 item)
{
    vx_int64 idx = append(x, ref, origin, parent, item);
    vx_size k, n;
    if (idx < 0 || !is_container(ref)) return idx;
    n = items_of(ref);
    for (k = 0; k < n; k++) {
        vx_reference it = item_of(ref, k);
        if (!it || append_tree(x, it, IX_O_CHILD, (vx_uint32)idx, (vx_uint32)k) < 0) {
            if (x->status == VX_SUCCESS) x->status = VX_ERROR_INVALID_PARAMETERS;
            return -1;
        }
    }
    return idx;
}

static vx_uint32 channel_of_plane(vx_uint32 p)
{
    return p == 0 ? (vx_uint32)VX_CHANNEL_Y : p == 1 ? (vx_uint32)VX_CHANNEL_U : (vx_uint32)VX_CHANNEL_V;
}

static vx_int64 add(ix_exp *x, vx_reference ref, int depth)
{
    vx_int64 idx = find(x, ref);
    if (idx >= 0) return idx;
    if (depth > 64) {
        x->status = VX_ERROR_INVALID_PARAMETERS;
        return -1;
    }
    if (!ix_exportable_type(ref->type)) {
        ovx_log(ref, VX_ERROR_NOT_SUPPORTED, "vxExportObjectsToMemory: a %s cannot be exported",
                ovx_type_name(ref->type));
        x->status = VX_ERROR_NOT_SUPPORTED;
        return -1;
    }
    if (is_container(ref->parent)) {
        if (add(x, ref->parent, depth + 1) < 0) return -1;
        idx = find(x, ref);
        if (idx < 0) x->status = VX_ERROR_INVALID_PARAMETERS;
        return idx;
    }
    if (ref->type == VX_TYPE_IMAGE && ((vx_image)ref)->parent) {
        vx_image im = (vx_image)ref, pi = im->parent;
        vx_int64 pidx = add(x, (vx_reference)pi, depth + 1);
        if (pidx < 0) return -1;
        if (pi->format == im->format) {
            idx = append(x, ref, IX_O_ROI, (vx_uint32)pidx, 0);
        } else {
            vx_uint32 p;
            for (p = 0; p < pi->planes; p++)
                if (pi->root_plane[p] == im->root_plane[0] && pi->off_x[p] == im->off_x[0] &&
                    pi->off_y[p] == im->off_y[0])
                    break;
            if (p == pi->planes) {
                x->status = VX_ERROR_NOT_SUPPORTED;
                return -1;
            }
            idx = append(x, ref, IX_O_CHANNEL, (vx_uint32)pidx, channel_of_plane(p));
        }
        return idx;
    }
    return append_tree(x, ref, IX_O_ROOT, IX_NONE, IX_NONE);
}

/* The object bound to parameter i of node n (a delay slot's current object). */
static vx_reference node_param(vx_node n, vx_uint32 i)
{
    if (n->delay[i]) {
        vx_reference r = ovx_container_item(ovx_delay_slot(n->delay[i], n->delay_index[i]), n->delay_item[i]);
        if (r) return r;
    }
    return n->params[i];
}

static vx_status fail(vx_reference where, vx_status s, const char *msg, vx_uint32 i)
{
    ovx_log(where, s, "vxExportObjectsToMemory: refs[%u]: %s", i, msg);
    return s;
}

/* The checks of the spec on the list (before anything is gathered). */
static vx_status check_list(vx_context context, vx_size numrefs, const vx_reference *refs, const vx_enum *uses)
{
    vx_size i, j;
    for (i = 0; i < numrefs; i++) {
        vx_reference r = refs[i];
        if (!ovx_ref_valid(r, VX_TYPE_REFERENCE) || r->context != context)
            return fail((vx_reference)context, VX_ERROR_INVALID_REFERENCE,
                        "not a valid reference of this context", (vx_uint32)i);
        if (r->type != VX_TYPE_GRAPH && !ix_exportable_type(r->type))
            return fail((vx_reference)context, VX_ERROR_INVALID_PARAMETERS,
                        "a context, import, node, kernel, parameter or meta format cannot be exported", (vx_uint32)i);
        if (r->type != VX_TYPE_GRAPH) {
            if (r->is_virtual)
                return fail(r, VX_ERROR_INVALID_PARAMETERS, "a virtual object cannot be exported", (vx_uint32)i);
            if (uses[i] != VX_IX_USE_APPLICATION_CREATE && uses[i] != VX_IX_USE_EXPORT_VALUES &&
                uses[i] != VX_IX_USE_NO_EXPORT_VALUES)
                return fail(r, VX_ERROR_INVALID_PARAMETERS, "unknown use", (vx_uint32)i);
            if (r->type == VX_TYPE_IMAGE && ((vx_image)r)->parent == NULL && ((vx_image)r)->from_handle &&
                uses[i] != VX_IX_USE_APPLICATION_CREATE)
                return fail(r, VX_ERROR_INVALID_PARAMETERS,
                            "an image created from a handle must be exported with VX_IX_USE_APPLICATION_CREATE",
                            (vx_uint32)i);
        }
        for (j = 0; j < i; j++) {
            if (refs[j] == r)
                return fail(r, VX_ERROR_INVALID_PARAMETERS, "the reference is listed twice", (vx_uint32)i);
            if (r->name[0] && strncmp(refs[j]->name, r->name, VX_MAX_REFERENCE_NAME) == 0)
                return fail(r, VX_ERROR_INVALID_PARAMETERS, "another listed reference has the same name",
                            (vx_uint32)i);
        }
    }
    return VX_SUCCESS;
}

static vx_int64 listed_index(vx_size numrefs, const vx_reference *refs, vx_reference r)
{
    vx_size i;
    for (i = 0; r && i < numrefs; i++)
        if (refs[i] == r) return (vx_int64)i;
    return -1;
}

static vx_status check_graph(vx_graph g, vx_size numrefs, const vx_reference *refs, vx_uint32 gi)
{
    vx_uint32 i, p;
    vx_status s = VX_SUCCESS;
    /* a scheduled run may be verifying it meanwhile (api_fuzz under
     * ThreadSanitizer: this read of the flag beside the run's verify) */
    if (ovx_graph_busy(g)) return fail((vx_reference)g, VX_ERROR_GRAPH_SCHEDULED, "the graph is scheduled or running", gi);
    if (!vxIsGraphVerified(g)) s = vxVerifyGraph(g);
    if (s != VX_SUCCESS) return fail((vx_reference)g, s, "the graph does not verify", gi);
    for (i = 0; i < g->num_params; i++) {
        vx_node n = g->params[i].node;
        vx_reference r = node_param(n, g->params[i].index);
        if (r && listed_index(numrefs, refs, r) < 0)
            return fail((vx_reference)g, VX_ERROR_INVALID_PARAMETERS,
                        "a graph parameter of the graph is not in the list", gi);
        if (fixed_mask(n->kernel) & (1u << g->params[i].index))
            return fail((vx_reference)g, VX_ERROR_INVALID_PARAMETERS,
                        "a graph parameter is a node parameter fixed at node creation", gi);
    }
    for (i = 0; i < g->num_nodes; i++) {
        vx_node n = g->nodes[i];
        vx_uint32 mask = fixed_mask(n->kernel);
        for (p = 0; p < n->kernel->num_params; p++)
            if ((mask & (1u << p)) && listed_index(numrefs, refs, node_param(n, p)) >= 0)
                return fail((vx_reference)g, VX_ERROR_INVALID_PARAMETERS,
                            "a listed object is bound to a node parameter fixed at node creation", gi);
    }
    return VX_SUCCESS;
}

static vx_status gather(ix_exp *x, vx_size numrefs, const vx_reference *refs, const vx_enum *uses)
{
    vx_size i;
    vx_uint32 k, gi;
    (void)uses;
    for (i = 0; i < numrefs; i++)
        if (refs[i]->type == VX_TYPE_GRAPH && append(x, refs[i], IX_O_ROOT, IX_NONE, IX_NONE) < 0) return x->status;
    for (i = 0; i < numrefs; i++)
        if (refs[i]->type != VX_TYPE_GRAPH && add(x, refs[i], 0) < 0) return x->status;
    for (gi = 0; gi < x->n && x->e[gi].ref->type == VX_TYPE_GRAPH; gi++) {
        vx_graph g = (vx_graph)x->e[gi].ref;
        for (k = 0; k < g->num_nodes; k++) {
            vx_node n = g->nodes[k];
            vx_uint32 p;
            for (p = 0; p < n->kernel->num_params; p++) {
                vx_reference r = node_param(n, p);
                if (r && add(x, r, 0) < 0) return x->status;
            }
        }
        for (k = 0; k < g->num_delays; k++)
            if (add(x, (vx_reference)g->delays[k], 0) < 0) return x->status;
    }
    /* listed, written, virtual scope */
    for (i = 0; i < numrefs; i++) x->e[find(x, refs[i])].listed = (vx_int32)i;
    for (gi = 0; gi < x->n && x->e[gi].ref->type == VX_TYPE_GRAPH; gi++) {
        vx_graph g = (vx_graph)x->e[gi].ref;
        for (k = 0; k < g->num_nodes; k++) {
            vx_node n = g->nodes[k];
            vx_uint32 p;
            for (p = 0; p < n->kernel->num_params; p++) {
                vx_reference r = node_param(n, p);
                if (r && n->kernel->params[p].direction != VX_INPUT) x->e[find(x, r)].written = vx_true_e;
            }
        }
    }
    for (k = 0; k < x->n; k++) {
        ix_ent *e = &x->e[k];
        if (e->origin == IX_O_ROOT && e->ref->is_virtual) {
            vx_int64 g = find(x, e->ref->scope);
            if (g < 0 || e->ref->scope->type != VX_TYPE_GRAPH) {
                ovx_log(e->ref, VX_ERROR_INVALID_PARAMETERS,
                        "vxExportObjectsToMemory: a virtual object of a graph that is not exported");
                return VX_ERROR_INVALID_PARAMETERS;
            }
            e->parent = (vx_uint32)g;
        }
    }
    return VX_SUCCESS;
}

/* Spec rules on data values (vxExportObjectsToMemory). */
static void decide_values(ix_exp *x, const vx_enum *uses)
{
    vx_uint32 k;
    for (k = 0; k < x->n; k++) {
        ix_ent *e = &x->e[k];
        vx_reference r = e->ref;
        vx_uint32 a;
        vx_bool written = e->written, decided = vx_false_e, v = vx_true_e;
        e->values = vx_false_e;
        if (r->type == VX_TYPE_GRAPH || r->is_virtual || is_container(r)) continue;
        if (r->type == VX_TYPE_IMAGE && ((vx_image)r)->is_uniform) continue;
        if (r->type == VX_TYPE_MATRIX && ((vx_matrix)r)->read_only) continue;
        if (e->listed >= 0) {
            e->values = uses[e->listed] == VX_IX_USE_EXPORT_VALUES ? vx_true_e : vx_false_e;
            continue;
        }
        /* hidden: the nearest listed ancestor decides whether values may be
         * exported at all; an output (itself or through an ancestor) has none */
        for (a = e->origin == IX_O_ROOT ? IX_NONE : e->parent; a != IX_NONE; a = x->e[a].origin == IX_O_ROOT ? IX_NONE : x->e[a].parent) {
            if (x->e[a].written) written = vx_true_e;
            if (!decided && x->e[a].listed >= 0) {
                decided = vx_true_e;
                v = uses[x->e[a].listed] == VX_IX_USE_EXPORT_VALUES ? vx_true_e : vx_false_e;
            }
        }
        e->values = v && !written ? vx_true_e : vx_false_e;
    }
}

static vx_status write_object(ix_buf *b, const ix_ent *e)
{
    ix_desc d;
    size_t len_off;
    vx_status s = ix_describe(e->ref, &d);
    if (s != VX_SUCCESS) {
        ix_desc_free(&d);
        return s;
    }
    d.origin = e->origin;
    d.parent = e->parent;
    d.item = e->item;
    if (e->values) d.flags |= IX_F_VALUES;
    if (e->origin == IX_O_ROI) {
        vx_image im = (vx_image)e->ref, pi = im->parent;
        d.roi.start_x = im->off_x[0] - pi->off_x[0];
        d.roi.start_y = im->off_y[0] - pi->off_y[0];
        d.roi.end_x = d.roi.start_x + im->width;
        d.roi.end_y = d.roi.start_y + im->height;
    }
    ix_put_u32(b, IX_TAG_OBJECT);
    len_off = ix_reserve(b, 8);
    ix_desc_write(b, &d);
    ix_desc_free(&d);
    if (e->values) s = ix_values_write(b, e->ref);
    ix_patch_u64(b, len_off, (vx_uint64)(b->len - len_off - 8));
    return b->failed ? VX_ERROR_NO_MEMORY : s;
}

static vx_status write_graph_body(ix_buf *b, const ix_exp *x, vx_uint32 gi)
{
    vx_graph g = (vx_graph)x->e[gi].ref;
    vx_uint32 k, p, j;
    size_t len_off;
    ix_put_u32(b, IX_TAG_GRAPH_BODY);
    len_off = ix_reserve(b, 8);
    ix_put_u32(b, gi);
    ix_put_u32(b, g->num_nodes);
    for (k = 0; k < g->num_nodes; k++) {
        vx_node n = g->nodes[k];
        ix_put_str(b, n->kernel->name);
        ix_put_u32(b, (vx_uint32)n->kernel->enumeration);
        ix_put_str(b, n->base.name);
        ix_put_u32(b, n->kernel->num_params);
        for (p = 0; p < n->kernel->num_params; p++) {
            vx_reference r = node_param(n, p);
            ix_put_u32(b, r ? (vx_uint32)find(x, r) : IX_NONE);
        }
        ix_put_u32(b, (vx_uint32)n->border.mode);
        ix_put(b, &n->border.constant_value, sizeof(n->border.constant_value));
        ix_put_u32(b, n->replicated ? 1u : 0u);
        for (p = 0; p < n->kernel->num_params; p++) ix_put_u32(b, n->replicate[p] ? 1u : 0u);
    }
    ix_put_u32(b, g->num_params);
    for (j = 0; j < g->num_params; j++) {
        for (k = 0; k < g->num_nodes && g->nodes[k] != g->params[j].node; k++) {
        }
        ix_put_u32(b, k);
        ix_put_u32(b, g->params[j].index);
    }
    ix_put_u32(b, g->num_delays);
    for (j = 0; j < g->num_delays; j++) ix_put_u32(b, (vx_uint32)find(x, (vx_reference)g->delays[j]));
    ix_patch_u64(b, len_off, (vx_uint64)(b->len - len_off - 8));
    return b->failed ? VX_ERROR_NO_MEMORY : VX_SUCCESS;
}

static vx_status export_all(vx_context context, vx_size numrefs, const vx_reference *refs, const vx_enum *uses,
                            ix_buf *b)
{
    ix_exp x;
    vx_status s;
    vx_size i;
    vx_uint32 k;
    memset(&x, 0, sizeof(x));
    x.context = context;
    x.status = VX_SUCCESS;
    s = check_list(context, numrefs, refs, uses);
    for (i = 0; s == VX_SUCCESS && i < numrefs; i++)
        if (refs[i]->type == VX_TYPE_GRAPH) s = check_graph((vx_graph)refs[i], numrefs, refs, (vx_uint32)i);
    if (s == VX_SUCCESS) s = gather(&x, numrefs, refs, uses);
    if (s == VX_SUCCESS) {
        decide_values(&x, uses);
        /* header, completed at the end */
        ix_reserve(b, IX_HEADER_BYTES);
        for (i = 0; i < numrefs; i++) {
            ix_put_u32(b, (vx_uint32)find(&x, refs[i]));
            ix_put_u32(b, (vx_uint32)uses[i]);
        }
        ix_put_u32(b, x.n);
        for (k = 0; s == VX_SUCCESS && k < x.n; k++) s = write_object(b, &x.e[k]);
        for (k = 0; s == VX_SUCCESS && k < x.n && x.e[k].ref->type == VX_TYPE_GRAPH; k++)
            s = write_graph_body(b, &x, k);
        ix_put_u32(b, IX_TAG_END);
        ix_put_u64(b, 0);
        if (s == VX_SUCCESS && b->failed) s = VX_ERROR_NO_MEMORY;
    }
    if (s == VX_SUCCESS) {
        ix_patch_u32(b, 0, IX_MAGIC);
        b->data[4] = (vx_uint8)IX_MAJOR;
        b->data[5] = 0;
        b->data[6] = (vx_uint8)IX_MINOR;
        b->data[7] = 0;
        ix_patch_u64(b, 8, (vx_uint64)b->len);
        ix_patch_u32(b, 20, (vx_uint32)numrefs);
        ix_patch_u32(b, 16, ix_fnv1a(b->data + IX_HEADER_BYTES, b->len - IX_HEADER_BYTES));
    } else if (s != VX_ERROR_INVALID_REFERENCE) {
        ovx_log((vx_reference)context, s, "vxExportObjectsToMemory: export failed");
    }
    free(x.e);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxExportObjectsToMemory(vx_context context, vx_size numrefs,
                                                           const vx_reference *refs, const vx_enum *uses,
                                                           const vx_uint8 **ptr, vx_size *length)
{
    ix_buf b;
    ix_blob *bl;
    vx_status s;
    if (ptr) *ptr = NULL;
    if (length) *length = 0;
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    if (refs == NULL || uses == NULL || ptr == NULL || length == NULL || numrefs == 0 || numrefs > 0xFFFFFFu) {
        ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS,
                "vxExportObjectsToMemory: refs, uses, ptr and length must not be NULL, numrefs not 0");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    memset(&b, 0, sizeof(b));
    s = export_all(context, numrefs, refs, uses, &b);
    if (s != VX_SUCCESS) {
        free(b.data);
        return s;
    }
    bl = malloc(sizeof(*bl));
    if (!bl) {
        free(b.data);
        return VX_ERROR_NO_MEMORY;
    }
    bl->ptr = b.data;
    bl->context = context;
    pthread_mutex_lock(&blobs_lock);
    bl->next = blobs;
    blobs = bl;
    pthread_mutex_unlock(&blobs_lock);
    *ptr = b.data;
    *length = b.len;
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseExportedMemory(vx_context context, const vx_uint8 **ptr)
{
    ix_blob **pp, *found = NULL;
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    if (ptr == NULL || *ptr == NULL) {
        ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS, "vxReleaseExportedMemory: ptr is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    pthread_mutex_lock(&blobs_lock);
    for (pp = &blobs; *pp; pp = &(*pp)->next) {
        if ((*pp)->ptr == *ptr && (*pp)->context == context) {
            found = *pp;
            *pp = found->next;
            break;
        }
    }
    pthread_mutex_unlock(&blobs_lock);
    if (!found) {
        ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS,
                "vxReleaseExportedMemory: *ptr was not given by vxExportObjectsToMemory for this context");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    free((void *)found->ptr);
    free(found);
    *ptr = NULL;
    return VX_SUCCESS;
}
