/* vx_khr_ix / vx_import.h: vxImportObjectsFromMemory, vxGetImportReferenceByName, vxReleaseImport.
 *
 * The import reads the blob of ix_export.c (layout in ix_internal.h) once,
 * front to back, checking every length and index before using it, and makes
 * the objects with the public creation functions.  On any failure every
 * object it made is released again and an error object is returned.
 *
 * The vx_import object holds (internal references) every object it made and
 * every listed object, so that vxGetImportReferenceByName finds the listed
 * ones even after the application released its references. */
#include "ix_internal.h"

#include <stdlib.h>
#include <string.h>

struct _vx_import {
    struct _vx_reference base;
    vx_uint32 num_listed;
    vx_reference *listed;
    vx_uint32 num_held;
    vx_reference *held; /* each with an internal reference */
};

static void import_destroy(vx_reference ref)
{
    vx_import imp = (vx_import)ref;
    vx_uint32 i;
    if (!ref->context->tearing_down)
        for (i = imp->num_held; i-- > 0;) ovx_ref_release_internal(imp->held[i]);
    free(imp->held);
    free(imp->listed);
    imp->held = imp->listed = NULL;
}

/* ---- import state ------------------------------------------------------------ */
typedef struct {
    vx_context context;
    vx_uint32 n;
    vx_reference *obj;
    vx_bool *own;      /* we hold an external reference to obj[k] */
    vx_bool *app;      /* the application's (listed APPLICATION_CREATE or an item of one) */
    vx_bool *body;     /* graphs: body read */
    vx_int32 *listed;  /* index in refs, -1 */
    char why[256];
} ix_imp;

static vx_status bad(ix_imp *s, vx_status status, const char *msg)
{
    if (!s->why[0]) {
        strncpy(s->why, msg, sizeof(s->why) - 1);
        s->why[sizeof(s->why) - 1] = '\0';
    }
    return status;
}

static vx_bool is_graph(ix_imp *s, vx_uint32 idx)
{
    return idx < s->n && s->obj[idx] && s->obj[idx]->type == VX_TYPE_GRAPH ? vx_true_e : vx_false_e;
}

/* Containers make one object per item, and every item has its own record:
 * more items than records is a corrupt blob (and would make the import
 * create without bound). */
static vx_bool counts_ok(const ix_desc *d, vx_uint32 n)
{
    vx_uint64 items = 1;
    for (; d; d = d->exemplar) {
        if (d->type != VX_TYPE_DELAY && d->type != VX_TYPE_OBJECT_ARRAY && d->type != VX_TYPE_PYRAMID) continue;
        if (d->count > n) return vx_false_e;
        items *= d->count; /* <= n^IX_MAX_NEST: no overflow */
        if (items > n) return vx_false_e;
    }
    return vx_true_e;
}

static vx_status read_object(ix_imp *s, ix_rd *rd, vx_uint32 k, const vx_reference *refs, const vx_enum *uses)
{
    vx_uint32 tag = ix_get_u32(rd);
    vx_uint64 len = ix_get_u64(rd);
    const vx_uint8 *body;
    ix_rd r;
    ix_desc d;
    vx_reference obj = NULL;
    vx_status st = VX_SUCCESS;
    vx_int32 li = s->listed[k];
    if (rd->bad || tag != IX_TAG_OBJECT) return bad(s, VX_ERROR_INVALID_PARAMETERS, "an object record is missing");
    body = ix_get_bytes(rd, len);
    if (!body) return bad(s, VX_ERROR_INVALID_PARAMETERS, "an object record is truncated");
    r.p = body;
    r.end = body + len;
    r.bad = 0;
    ix_desc_read(&r, &d, 0);
    if (r.bad || !counts_ok(&d, s->n)) {
        ix_desc_free(&d);
        return bad(s, VX_ERROR_INVALID_PARAMETERS, "an object description is corrupt");
    }
    if (d.type == VX_TYPE_GRAPH) {
        if (d.origin != IX_O_ROOT || d.flags != 0) st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph record is corrupt");
        else obj = (vx_reference)vxCreateGraph(s->context);
        s->own[k] = vx_true_e;
    } else if (li >= 0 && uses[li] != VX_IX_USE_APPLICATION_CREATE && uses[li] != VX_IX_USE_EXPORT_VALUES &&
               uses[li] != VX_IX_USE_NO_EXPORT_VALUES) {
        st = bad(s, VX_ERROR_INVALID_PARAMETERS, "the use of a data object is unknown");
    } else if (li >= 0 && uses[li] == VX_IX_USE_APPLICATION_CREATE) {
        obj = refs[li];
        if (!ovx_ref_valid(obj, VX_TYPE_REFERENCE) || obj->context != s->context) {
            obj = NULL;
            st = bad(s, VX_ERROR_INVALID_REFERENCE,
                     "an entry of refs for VX_IX_USE_APPLICATION_CREATE is not a valid reference of this context");
        } else if (!ix_desc_matches(obj, &d, s->why, sizeof(s->why))) {
            obj = NULL;
            st = VX_ERROR_NOT_COMPATIBLE;
        }
        s->app[k] = vx_true_e;
    } else {
        vx_uint32 p = d.parent;
        switch (d.origin) {
        case IX_O_ROOT:
            if (d.flags & IX_F_VIRTUAL) {
                if (p >= k || !is_graph(s, p)) {
                    st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a virtual object's graph is wrong");
                    break;
                }
                obj = ix_create(s->context, (vx_graph)s->obj[p], &d);
            } else {
                obj = ix_create(s->context, NULL, &d);
            }
            break;
        case IX_O_CHILD: {
            vx_reference c = p < k ? s->obj[p] : NULL;
            if (!c) {
                st = bad(s, VX_ERROR_INVALID_PARAMETERS, "an item's container is wrong");
            } else if (c->type == VX_TYPE_PYRAMID) {
                obj = (vx_reference)vxGetPyramidLevel((vx_pyramid)c, d.item);
            } else if (c->type == VX_TYPE_OBJECT_ARRAY) {
                obj = (vx_reference)vxGetObjectArrayItem((vx_object_array)c, d.item);
            } else if (c->type == VX_TYPE_DELAY) {
                if (d.item <= 0x7FFFFFFFu) obj = vxGetReferenceFromDelay((vx_delay)c, -(vx_int32)d.item);
                if (vxGetStatus(obj) == VX_SUCCESS) (void)vxRetainReference(obj);
            } else {
                st = bad(s, VX_ERROR_INVALID_PARAMETERS, "an item's container is not a container");
            }
            if (st == VX_SUCCESS) s->app[k] = s->app[p];
            break;
        }
        case IX_O_ROI:
        case IX_O_CHANNEL: {
            vx_reference c = p < k ? s->obj[p] : NULL;
            if (!c || c->type != VX_TYPE_IMAGE) st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a sub-image's image is wrong");
            else if (d.origin == IX_O_ROI) obj = (vx_reference)vxCreateImageFromROI((vx_image)c, &d.roi);
            else obj = (vx_reference)vxCreateImageFromChannel((vx_image)c, (vx_enum)d.item);
            break;
        }
        default:
            st = bad(s, VX_ERROR_INVALID_PARAMETERS, "an object's origin is unknown");
        }
        if (st == VX_SUCCESS && vxGetStatus(obj) != VX_SUCCESS) {
            obj = NULL;
            st = bad(s, VX_ERROR_INVALID_PARAMETERS, "an object cannot be made from its description");
        }
        if (obj) s->own[k] = vx_true_e;
        if (st == VX_SUCCESS && !ix_desc_matches(obj, &d, s->why, sizeof(s->why)))
            st = VX_ERROR_INVALID_PARAMETERS;
    }
    if (st == VX_SUCCESS && vxGetStatus(obj) != VX_SUCCESS) {
        obj = NULL;
        st = bad(s, VX_ERROR_INVALID_PARAMETERS, "an object cannot be made from its description");
    }
    s->obj[k] = obj;
    if (st == VX_SUCCESS && !s->app[k]) {
        if (d.name[0]) (void)vxSetReferenceName(obj, d.name);
        if (d.type != VX_TYPE_GRAPH) ix_apply_extra_meta(obj, &d);
    }
    if (st == VX_SUCCESS && (d.flags & IX_F_VALUES)) {
        vx_uint64 vlen = ix_get_u64(&r);
        const vx_uint8 *v = ix_get_bytes(&r, vlen);
        if (!v) st = bad(s, VX_ERROR_INVALID_PARAMETERS, "data values are truncated");
        else if (obj->is_virtual) st = bad(s, VX_ERROR_INVALID_PARAMETERS, "data values of a virtual object");
        else if (!s->app[k] && ix_values_apply(obj, v, vlen) != VX_SUCCESS)
            st = bad(s, VX_ERROR_INVALID_PARAMETERS, "data values do not fit their object");
    }
    if (st == VX_SUCCESS && (r.bad || r.p != r.end))
        st = bad(s, VX_ERROR_INVALID_PARAMETERS, "an object record has a wrong length");
    ix_desc_free(&d);
    return st;
}

static vx_status read_graph_body(ix_imp *s, ix_rd *rd)
{
    vx_uint64 len = ix_get_u64(rd);
    const vx_uint8 *body = ix_get_bytes(rd, len);
    ix_rd r;
    vx_uint32 gi, nn, i, np, j;
    vx_graph g;
    vx_status st;
    if (!body) return bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph record is truncated");
    r.p = body;
    r.end = body + len;
    r.bad = 0;
    gi = ix_get_u32(&r);
    if (r.bad || !is_graph(s, gi) || s->body[gi] || s->app[gi])
        return bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph record names no graph");
    s->body[gi] = vx_true_e;
    g = (vx_graph)s->obj[gi];
    nn = ix_get_u32(&r);
    if (r.bad || nn > (vx_uint64)(r.end - r.p) / 24)
        return bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph record is corrupt");
    for (i = 0; i < nn; i++) {
        char kname[VX_MAX_KERNEL_NAME], nname[VX_MAX_REFERENCE_NAME];
        vx_enum kenum;
        vx_kernel k;
        vx_node node;
        vx_border_t border;
        vx_bool rep[OVX_MAX_KERNEL_PARAMS], any = vx_false_e;
        vx_uint32 replicated;
        const vx_uint8 *cv;
        ix_get_str(&r, kname, sizeof(kname));
        kenum = (vx_enum)ix_get_u32(&r);
        ix_get_str(&r, nname, sizeof(nname));
        np = ix_get_u32(&r);
        if (r.bad || np > OVX_MAX_KERNEL_PARAMS) return bad(s, VX_ERROR_INVALID_PARAMETERS, "a node record is corrupt");
        k = vxGetKernelByName(s->context, kname);
        if (vxGetStatus((vx_reference)k) != VX_SUCCESS)
            return bad(s, VX_ERROR_NOT_SUPPORTED, "a node's kernel is not available in this context");
        if (k->enumeration != kenum || k->num_params != np) {
            (void)vxReleaseKernel(&k);
            return bad(s, VX_ERROR_INVALID_PARAMETERS, "a node's kernel differs from the exported one");
        }
        node = vxCreateGenericNode(g, k);
        (void)vxReleaseKernel(&k);
        if (vxGetStatus((vx_reference)node) != VX_SUCCESS)
            return bad(s, VX_ERROR_INVALID_PARAMETERS, "a node cannot be made");
        st = VX_SUCCESS;
        if (nname[0]) (void)vxSetReferenceName((vx_reference)node, nname);
        for (j = 0; st == VX_SUCCESS && j < np; j++) {
            vx_uint32 idx = ix_get_u32(&r);
            if (r.bad) st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a node record is truncated");
            else if (idx == IX_NONE) continue;
            else if (idx >= s->n || !s->obj[idx] || s->obj[idx]->type == VX_TYPE_GRAPH)
                st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a node parameter names no object");
            else if (vxSetParameterByIndex(node, j, s->obj[idx]) != VX_SUCCESS)
                st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a node parameter cannot be set");
        }
        memset(&border, 0, sizeof(border));
        border.mode = (vx_enum)ix_get_u32(&r);
        cv = ix_get_bytes(&r, sizeof(border.constant_value));
        if (cv) memcpy(&border.constant_value, cv, sizeof(border.constant_value));
        replicated = ix_get_u32(&r);
        for (j = 0; j < np; j++) {
            rep[j] = ix_get_u32(&r) ? vx_true_e : vx_false_e;
            if (rep[j]) any = vx_true_e;
        }
        if (st == VX_SUCCESS && r.bad) st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a node record is truncated");
        if (st == VX_SUCCESS && vxSetNodeAttribute(node, VX_NODE_BORDER, &border, sizeof(border)) != VX_SUCCESS)
            st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a node's border mode is wrong");
        if (st == VX_SUCCESS && replicated && any && vxReplicateNode(g, node, rep, np) != VX_SUCCESS)
            st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a node cannot be replicated");
        (void)vxReleaseNode(&node);
        if (st != VX_SUCCESS) return st;
    }
    np = ix_get_u32(&r);
    if (r.bad || np > (vx_uint64)(r.end - r.p) / 8) return bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph record is corrupt");
    for (i = 0; i < np; i++) {
        vx_uint32 ni = ix_get_u32(&r), pi = ix_get_u32(&r);
        vx_parameter prm;
        if (ni >= g->num_nodes) return bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph parameter names no node");
        prm = vxGetParameterByIndex(g->nodes[ni], pi);
        if (vxGetStatus((vx_reference)prm) != VX_SUCCESS)
            return bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph parameter names no node parameter");
        st = vxAddParameterToGraph(g, prm);
        (void)vxReleaseParameter(&prm);
        if (st != VX_SUCCESS) return bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph parameter cannot be added");
    }
    np = ix_get_u32(&r);
    if (r.bad || np > (vx_uint64)(r.end - r.p) / 4) return bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph record is corrupt");
    for (i = 0; i < np; i++) {
        vx_uint32 di = ix_get_u32(&r);
        if (di >= s->n || !s->obj[di] || s->obj[di]->type != VX_TYPE_DELAY ||
            vxRegisterAutoAging(g, (vx_delay)s->obj[di]) != VX_SUCCESS)
            return bad(s, VX_ERROR_INVALID_PARAMETERS, "an auto-aged delay names no delay");
    }
    if (r.bad || r.p != r.end) return bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph record has a wrong length");
    st = vxVerifyGraph(g);
    if (st != VX_SUCCESS) return bad(s, st, "an imported graph does not verify");
    return VX_SUCCESS;
}

static vx_status hold(vx_import imp, vx_reference r, vx_uint32 *cap)
{
    for (; r; r = r->parent) {
        if (imp->num_held == *cap) {
            vx_uint32 ncap = *cap ? *cap * 2 : 32;
            vx_reference *nh = realloc(imp->held, ncap * sizeof(*nh));
            if (!nh) return VX_ERROR_NO_MEMORY;
            imp->held = nh;
            *cap = ncap;
        }
        ovx_ref_retain_internal(r);
        imp->held[imp->num_held++] = r;
    }
    return VX_SUCCESS;
}

static vx_status import_all(ix_imp *s, vx_size numrefs, vx_reference *refs, const vx_enum *uses, const vx_uint8 *ptr,
                            vx_size length, vx_import *out)
{
    ix_rd rd;
    vx_uint32 i, k, n, cap = 0;
    vx_status st = VX_SUCCESS;
    vx_import imp;
    if (length < IX_HEADER_BYTES) return bad(s, VX_ERROR_INVALID_PARAMETERS, "the blob is shorter than its header");
    if (ix_le32(ptr) != IX_MAGIC) return bad(s, VX_ERROR_INVALID_PARAMETERS, "the blob is not an export of libopenvx");
    if ((ptr[4] | (ptr[5] << 8)) != IX_MAJOR)
        return bad(s, VX_ERROR_NOT_COMPATIBLE, "the blob is of another format version");
    if (ix_le32(ptr + 8) != (vx_uint32)length || ix_le32(ptr + 12) != (vx_uint32)((vx_uint64)length >> 32))
        return bad(s, VX_ERROR_INVALID_PARAMETERS, "the blob's length differs from length (truncated?)");
    if (ix_le32(ptr + 16) != ix_fnv1a(ptr + IX_HEADER_BYTES, length - IX_HEADER_BYTES))
        return bad(s, VX_ERROR_INVALID_PARAMETERS, "the blob is corrupt (checksum)");
    if (ix_le32(ptr + 20) != numrefs) return bad(s, VX_ERROR_INVALID_PARAMETERS, "numrefs differs from the export's");
    rd.p = ptr + IX_HEADER_BYTES;
    rd.end = ptr + length;
    rd.bad = 0;
    if (numrefs > (vx_uint64)(rd.end - rd.p) / 8) return bad(s, VX_ERROR_INVALID_PARAMETERS, "the blob is truncated");
    {
        const vx_uint8 *lst = ix_get_bytes(&rd, (vx_uint64)numrefs * 8);
        n = ix_get_u32(&rd);
        if (rd.bad || n == 0 || n > (vx_uint64)(rd.end - rd.p) / 12)
            return bad(s, VX_ERROR_INVALID_PARAMETERS, "the blob's object count is wrong");
        s->n = n;
        s->obj = calloc(n, sizeof(*s->obj));
        s->own = calloc(n, sizeof(*s->own));
        s->app = calloc(n, sizeof(*s->app));
        s->body = calloc(n, sizeof(*s->body));
        s->listed = malloc(n * sizeof(*s->listed));
        if (!s->obj || !s->own || !s->app || !s->body || !s->listed) return VX_ERROR_NO_MEMORY;
        for (k = 0; k < n; k++) s->listed[k] = -1;
        for (i = 0; i < numrefs; i++) {
            vx_uint32 idx = ix_le32(lst + 8 * i), use = ix_le32(lst + 8 * i + 4);
            if (use != (vx_uint32)uses[i])
                return bad(s, VX_ERROR_INVALID_PARAMETERS, "uses differs from the uses given at export");
            if (idx >= n || s->listed[idx] >= 0) return bad(s, VX_ERROR_INVALID_PARAMETERS, "the list is corrupt");
            s->listed[idx] = (vx_int32)i;
        }
    }
    for (k = 0; st == VX_SUCCESS && k < n; k++) st = read_object(s, &rd, k, refs, uses);
    while (st == VX_SUCCESS) {
        vx_uint32 tag = ix_get_u32(&rd);
        if (rd.bad) {
            st = bad(s, VX_ERROR_INVALID_PARAMETERS, "the blob is truncated");
        } else if (tag == IX_TAG_END) {
            if (ix_get_u64(&rd) != 0 || rd.bad || rd.p != rd.end)
                st = bad(s, VX_ERROR_INVALID_PARAMETERS, "the blob's end is corrupt");
            break;
        } else if (tag == IX_TAG_GRAPH_BODY) {
            st = read_graph_body(s, &rd);
        } else {
            st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a record is of an unknown kind");
        }
    }
    for (k = 0; st == VX_SUCCESS && k < n; k++)
        if (is_graph(s, k) && !s->body[k]) st = bad(s, VX_ERROR_INVALID_PARAMETERS, "a graph has no body");
    /* listed graphs are always made by the import */
    for (i = 0; st == VX_SUCCESS && i < numrefs; i++) {
        vx_uint32 idx = ix_le32(ptr + IX_HEADER_BYTES + 8 * i);
        vx_uint32 j;
        const char *nm = s->obj[idx]->name;
        if (!nm[0]) continue;
        for (j = 0; j < i; j++)
            if (strncmp(s->obj[ix_le32(ptr + IX_HEADER_BYTES + 8 * j)]->name, nm, VX_MAX_REFERENCE_NAME) == 0)
                st = bad(s, VX_ERROR_INVALID_PARAMETERS, "two listed references have the same name");
    }
    if (st != VX_SUCCESS) return st;
    imp = (vx_import)ovx_ref_create(s->context, VX_TYPE_IMPORT, sizeof(struct _vx_import), import_destroy, NULL);
    if (!imp) return VX_ERROR_NO_MEMORY;
    imp->listed = malloc(numrefs * sizeof(*imp->listed));
    if (!imp->listed) st = VX_ERROR_NO_MEMORY;
    for (k = 0; st == VX_SUCCESS && k < n; k++)
        if (s->own[k] || s->listed[k] >= 0) st = hold(imp, s->obj[k], &cap);
    if (st != VX_SUCCESS) {
        ovx_ref_release_external_quiet((vx_reference)imp);
        return st;
    }
    for (i = 0; i < numrefs; i++) {
        vx_uint32 idx = ix_le32(ptr + IX_HEADER_BYTES + 8 * i);
        imp->listed[imp->num_listed++] = s->obj[idx];
        if (s->obj[idx]->type == VX_TYPE_GRAPH || uses[i] != VX_IX_USE_APPLICATION_CREATE) {
            refs[i] = s->obj[idx];
            s->own[idx] = vx_false_e; /* the application's reference now */
        }
    }
    *out = imp;
    return VX_SUCCESS;
}

VX_API_ENTRY vx_import VX_API_CALL vxImportObjectsFromMemory(vx_context context, vx_size numrefs, vx_reference *refs,
                                                             const vx_enum *uses, const vx_uint8 *ptr, vx_size length)
{
    ix_imp s;
    vx_import imp = NULL;
    vx_status st;
    vx_uint32 k;
    if (!ovx_context_valid(context)) return NULL;
    if (refs == NULL || uses == NULL || ptr == NULL || numrefs == 0 || numrefs > 0xFFFFFFu)
        return (vx_import)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxImportObjectsFromMemory: refs, uses and ptr must not be NULL, numrefs "
                                         "not 0");
    memset(&s, 0, sizeof(s));
    s.context = context;
    st = import_all(&s, numrefs, refs, uses, ptr, length, &imp);
    /* what is still ours: hidden objects (the import holds them) or, on
     * failure, everything made */
    for (k = s.n; k-- > 0;)
        if (s.own && s.own[k] && s.obj[k]) ovx_ref_release_external_quiet(s.obj[k]);
    free(s.obj);
    free(s.own);
    free(s.app);
    free(s.body);
    free(s.listed);
    if (st != VX_SUCCESS)
        return (vx_import)ovx_error_from(context, st, "vxImportObjectsFromMemory: %s",
                                         s.why[0] ? s.why : "import failed");
    return imp;
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseImport(vx_import *import)
{
    return ovx_ref_release((vx_reference *)import, VX_TYPE_IMPORT, vx_false_e);
}

VX_API_ENTRY vx_reference VX_API_CALL vxGetImportReferenceByName(vx_import import, const vx_char *name)
{
    vx_uint32 i;
    vx_reference found = NULL;
    if (!ovx_ref_valid((vx_reference)import, VX_TYPE_IMPORT)) return NULL;
    if (name == NULL || name[0] == '\0' || strnlen(name, VX_MAX_REFERENCE_NAME) >= VX_MAX_REFERENCE_NAME)
        return ovx_error_from(import, VX_ERROR_INVALID_PARAMETERS,
                              "vxGetImportReferenceByName: name must have 1 to VX_MAX_REFERENCE_NAME-1 characters");
    for (i = 0; i < import->num_listed; i++) {
        vx_reference r = import->listed[i];
        if (!ovx_ref_is_live(r) || strncmp(r->name, name, VX_MAX_REFERENCE_NAME) != 0) continue;
        if (found)
            return ovx_error_from(import, VX_FAILURE, "vxGetImportReferenceByName: two references are named '%s'",
                                  name);
        found = r;
    }
    if (!found)
        return ovx_error_from(import, VX_FAILURE, "vxGetImportReferenceByName: no listed reference is named '%s'",
                              name);
    ovx_ref_retain_external(found);
    return found;
}
