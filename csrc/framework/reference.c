/*
 * References: creation, the process-wide live set, counting, release, query.
 * Spec: "Object: Reference" (vxQueryReference, vxReleaseReference,
 * vxRetainReference, vxSetReferenceName) and "Object: Context" (vxGetContext).
 */
#include "ovx.h"

#include <VX/vx_khr_nn.h>

#include <stdlib.h>
#include <string.h>

/* ---- the live set: open addressing over pointer values ----------------- */
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static const void **live_slots;
static size_t live_cap, live_count, live_tombs;
#define TOMB ((const void *)1)

static size_t hash_ptr(const void *p, size_t cap)
{
    uint64_t x = (uint64_t)(uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)(x & (cap - 1));
}

static int live_insert_locked(const void *p);

static int live_grow_locked(void)
{
    size_t old_cap = live_cap, i;
    const void **old = live_slots;
    size_t ncap = old_cap ? old_cap * 2 : 1024;
    if (live_count * 4 < old_cap) ncap = old_cap; /* only tombstones to purge */
    live_slots = calloc(ncap, sizeof(*live_slots));
    if (!live_slots) {
        live_slots = old;
        return 0;
    }
    live_cap = ncap;
    live_count = live_tombs = 0;
    for (i = 0; i < old_cap; i++)
        if (old[i] && old[i] != TOMB) live_insert_locked(old[i]);
    free(old);
    return 1;
}

static int live_insert_locked(const void *p)
{
    size_t i;
    if ((live_count + live_tombs + 1) * 2 > live_cap && !live_grow_locked()) return 0;
    for (i = hash_ptr(p, live_cap);; i = (i + 1) & (live_cap - 1)) {
        if (live_slots[i] == NULL || live_slots[i] == TOMB) {
            if (live_slots[i] == TOMB) live_tombs--;
            live_slots[i] = p;
            live_count++;
            return 1;
        }
    }
}

static size_t live_find_locked(const void *p)
{
    size_t i;
    if (!live_cap) return (size_t)-1;
    for (i = hash_ptr(p, live_cap); live_slots[i]; i = (i + 1) & (live_cap - 1))
        if (live_slots[i] == p) return i;
    return (size_t)-1;
}

vx_bool ovx_ref_is_live(const void *ref)
{
    vx_bool ok;
    if (ref == NULL) return vx_false_e;
    pthread_mutex_lock(&live_lock);
    ok = live_find_locked(ref) != (size_t)-1 ? vx_true_e : vx_false_e;
    pthread_mutex_unlock(&live_lock);
    return ok;
}

static void live_remove(const void *p)
{
    size_t i;
    pthread_mutex_lock(&live_lock);
    i = live_find_locked(p);
    if (i != (size_t)-1) {
        live_slots[i] = TOMB;
        live_count--;
        live_tombs++;
    }
    if (live_count == 0 && live_cap) { /* last object gone: give the table back */
        free(live_slots);
        live_slots = NULL;
        live_cap = live_tombs = 0;
    }
    pthread_mutex_unlock(&live_lock);
}

vx_bool ovx_ref_valid(vx_reference ref, vx_enum type)
{
    if (!ovx_ref_is_live(ref)) return vx_false_e;
    if (ref->magic != OVX_MAGIC) return vx_false_e;
    if (type == VX_TYPE_REFERENCE) return ref->type != VX_TYPE_ERROR ? vx_true_e : vx_false_e;
    return ref->type == type ? vx_true_e : vx_false_e;
}

/* ---- creation and destruction ------------------------------------------ */
vx_reference ovx_ref_create(vx_context context, vx_enum type, size_t size,
                            ovx_destructor_f destructor, vx_reference scope)
{
    vx_reference ref = calloc(1, size);
    if (!ref) return NULL;
    ref->magic = OVX_MAGIC;
    ref->type = type;
    ref->context = context;
    ref->scope = scope ? scope : (vx_reference)context;
    ref->external_count = 1;
    ref->destructor = destructor;
    pthread_mutex_lock(&live_lock);
    if (!live_insert_locked(ref)) {
        pthread_mutex_unlock(&live_lock);
        free(ref);
        return NULL;
    }
    pthread_mutex_unlock(&live_lock);
    if (context && type != VX_TYPE_CONTEXT) {
        ovx_context_lock(context);
        ref->next = context->head;
        if (context->head) context->head->prev = ref;
        context->head = ref;
        context->num_refs++;
        ovx_context_unlock(context);
    }
    return ref;
}

/* Unlink from the context, forget, free: whatever the counts. */
void ovx_ref_destroy(vx_reference ref)
{
    vx_context c = ref->context;
    if (c && ref->type != VX_TYPE_CONTEXT) {
        ovx_context_lock(c);
        if (ref->prev) ref->prev->next = ref->next;
        else if (c->head == ref) c->head = ref->next;
        if (ref->next) ref->next->prev = ref->prev;
        c->num_refs--;
        ovx_context_unlock(c);
    }
    live_remove(ref);
    if (ref->destructor) ref->destructor(ref);
    ref->magic = OVX_DEAD;
    ref->type = VX_TYPE_INVALID;
    free(ref);
}

vx_uint32 ovx_ref_total(vx_reference ref)
{
    return ref->external_count + ref->internal_count;
}

/* An item of a container (pyramid level, object-array item, delay slot) is held
 * by its container with one internal reference.  While anybody else holds the
 * item too (the application, a node, a graph parameter, a parameter object),
 * the item holds its container, so that a level or item in use never outlives
 * the container its `parent` points to.  Without a parent: the total count. */
static vx_uint32 holders_besides_parent_locked(vx_reference ref)
{
    vx_uint32 n = ref->external_count + ref->internal_count;
    return ref->parent && n > 0 ? n - 1 : n;
}

void ovx_ref_retain_internal(vx_reference ref)
{
    vx_bool hold_parent;
    if (!ref) return;
    if (ref->context) ovx_context_lock(ref->context);
    hold_parent = ref->parent && holders_besides_parent_locked(ref) == 0 && ref->internal_count + ref->external_count > 0;
    ref->internal_count++;
    if (ref->context) ovx_context_unlock(ref->context);
    if (hold_parent) ovx_ref_retain_internal(ref->parent);
}

void ovx_ref_retain_external(vx_reference ref)
{
    vx_bool hold_parent;
    if (!ref) return;
    if (ref->context) ovx_context_lock(ref->context);
    hold_parent = ref->parent && holders_besides_parent_locked(ref) == 0 ? vx_true_e : vx_false_e;
    ref->external_count++;
    if (ref->context) ovx_context_unlock(ref->context);
    if (hold_parent) ovx_ref_retain_internal(ref->parent);
}

void ovx_adopt_child(vx_reference parent, vx_reference child)
{
    ovx_ref_retain_internal(child);
    ovx_ref_release_external_quiet(child); /* before parent is set: no parent hold to drop */
    child->parent = parent;
}

void ovx_drop_child(vx_reference child)
{
    if (child) ovx_ref_release_internal(child);
}

static vx_status ref_drop(vx_reference ref, vx_bool internal)
{
    vx_context c = ref->context;
    vx_bool destroy = vx_false_e;
    vx_reference release_parent = NULL;
    vx_uint32 before;
    if (c) ovx_context_lock(c);
    before = holders_besides_parent_locked(ref);
    if (internal) {
        if (ref->internal_count == 0) {
            if (c) ovx_context_unlock(c);
            return VX_ERROR_INVALID_REFERENCE;
        }
        ref->internal_count--;
    } else {
        if (ref->external_count == 0) {
            if (c) ovx_context_unlock(c);
            return VX_ERROR_INVALID_REFERENCE;
        }
        ref->external_count--;
    }
    /* the last holder besides the container let go: the item lets go of it */
    if (ref->parent && before > 0 && holders_besides_parent_locked(ref) == 0) release_parent = ref->parent;
    if (ref->external_count == 0 && ref->internal_count == 0) destroy = vx_true_e;
    if (c) ovx_context_unlock(c);
    if (destroy) ovx_ref_destroy(ref);
    /* Nobody but the container holds the item any more: the container may go
     * now (and take the item with it). */
    if (release_parent) ovx_ref_release_internal(release_parent);
    return VX_SUCCESS;
}

void ovx_ref_drop_all_external(vx_reference ref)
{
    vx_context c = ref->context;
    vx_bool last;
    if (c) ovx_context_lock(c);
    last = ref->external_count > 0 ? vx_true_e : vx_false_e;
    if (c) ovx_context_unlock(c);
    while (last) {
        (void)ref_drop(ref, vx_false_e);
        if (!ovx_ref_is_live(ref)) return;
        if (c) ovx_context_lock(c);
        last = ref->external_count > 0 ? vx_true_e : vx_false_e;
        if (c) ovx_context_unlock(c);
    }
}

void ovx_ref_orphan_scope(vx_context c, vx_reference scope)
{
    vx_reference r;
    if (!c) return;
    ovx_context_lock(c);
    for (r = c->head; r; r = r->next)
        if (r->scope == scope) r->scope = NULL;
    ovx_context_unlock(c);
}

void ovx_ref_release_internal(vx_reference ref)
{
    if (ref && ovx_ref_is_live(ref) && !(ref->context && ref->context->tearing_down))
        (void)ref_drop(ref, vx_true_e);
}

void ovx_ref_release_external_quiet(vx_reference ref)
{
    if (ref && ovx_ref_is_live(ref)) (void)ref_drop(ref, vx_false_e);
}

vx_status ovx_ref_release(vx_reference *ref_ptr, vx_enum type, vx_bool internal)
{
    vx_reference ref;
    vx_status status;
    if (ref_ptr == NULL) return VX_ERROR_INVALID_REFERENCE;
    ref = *ref_ptr;
    if (!ovx_ref_valid(ref, type)) return VX_ERROR_INVALID_REFERENCE;
    status = ref_drop(ref, internal);
    if (status == VX_SUCCESS) *ref_ptr = NULL;
    return status;
}

/* Destroy an object now, whatever its counts (the context itself, last). */
void ovx_ref_destroy_now(vx_reference r)
{
    live_remove(r);
    if (r->destructor) r->destructor(r);
    r->magic = OVX_DEAD;
    free(r);
}

/* Context teardown: every object the context still owns is destroyed, whatever
 * its counts; destructors see tearing_down and leave other objects alone. */
void ovx_ref_free_all(vx_context c)
{
    for (;;) {
        vx_reference r;
        ovx_context_lock(c);
        r = c->head;
        if (r) {
            c->head = r->next;
            if (c->head) c->head->prev = NULL;
            r->prev = r->next = NULL;
            c->num_refs--;
        }
        ovx_context_unlock(c);
        if (!r) break;
        ovx_ref_destroy_now(r);
    }
}

/* ---- type names and sizes ---------------------------------------------- */
const char *ovx_type_name(vx_enum type)
{
    switch (type) {
    case VX_TYPE_REFERENCE: return "vx_reference";
    case VX_TYPE_CONTEXT: return "vx_context";
    case VX_TYPE_GRAPH: return "vx_graph";
    case VX_TYPE_NODE: return "vx_node";
    case VX_TYPE_KERNEL: return "vx_kernel";
    case VX_TYPE_PARAMETER: return "vx_parameter";
    case VX_TYPE_DELAY: return "vx_delay";
    case VX_TYPE_LUT: return "vx_lut";
    case VX_TYPE_DISTRIBUTION: return "vx_distribution";
    case VX_TYPE_PYRAMID: return "vx_pyramid";
    case VX_TYPE_THRESHOLD: return "vx_threshold";
    case VX_TYPE_MATRIX: return "vx_matrix";
    case VX_TYPE_CONVOLUTION: return "vx_convolution";
    case VX_TYPE_SCALAR: return "vx_scalar";
    case VX_TYPE_ARRAY: return "vx_array";
    case VX_TYPE_IMAGE: return "vx_image";
    case VX_TYPE_REMAP: return "vx_remap";
    case VX_TYPE_ERROR: return "error object";
    case VX_TYPE_META_FORMAT: return "vx_meta_format";
    case VX_TYPE_OBJECT_ARRAY: return "vx_object_array";
    case VX_TYPE_TENSOR: return "vx_tensor";
    case VX_TYPE_IMPORT: return "vx_import";
    case VX_TYPE_USER_DATA_OBJECT: return "vx_user_data_object";
    default: return "unknown type";
    }
}

size_t ovx_type_size(vx_enum type)
{
    switch (type) {
    case VX_TYPE_CHAR: return sizeof(vx_char);
    case VX_TYPE_INT8: return sizeof(vx_int8);
    case VX_TYPE_UINT8: return sizeof(vx_uint8);
    case VX_TYPE_INT16: return sizeof(vx_int16);
    case VX_TYPE_UINT16: return sizeof(vx_uint16);
    case VX_TYPE_INT32: return sizeof(vx_int32);
    case VX_TYPE_UINT32: return sizeof(vx_uint32);
    case VX_TYPE_INT64: return sizeof(vx_int64);
    case VX_TYPE_UINT64: return sizeof(vx_uint64);
    case VX_TYPE_FLOAT16: return sizeof(vx_uint16);
    case VX_TYPE_FLOAT32: return sizeof(vx_float32);
    case VX_TYPE_FLOAT64: return sizeof(vx_float64);
    case VX_TYPE_ENUM: return sizeof(vx_enum);
    case VX_TYPE_SIZE: return sizeof(vx_size);
    case VX_TYPE_DF_IMAGE: return sizeof(vx_df_image);
    case VX_TYPE_BOOL: return sizeof(vx_bool);
    case VX_TYPE_RECTANGLE: return sizeof(vx_rectangle_t);
    case VX_TYPE_KEYPOINT: return sizeof(vx_keypoint_t);
    case VX_TYPE_COORDINATES2D: return sizeof(vx_coordinates2d_t);
    case VX_TYPE_COORDINATES3D: return sizeof(vx_coordinates3d_t);
    case VX_TYPE_COORDINATES2DF: return sizeof(vx_coordinates2df_t);
    case VX_TYPE_HOG_PARAMS: return sizeof(vx_hog_t);
    case VX_TYPE_HOUGH_LINES_PARAMS: return sizeof(vx_hough_lines_p_t);
    case VX_TYPE_LINE_2D: return sizeof(vx_line2d_t);
    case VX_TYPE_TENSOR_MATRIX_MULTIPLY_PARAMS: return sizeof(vx_tensor_matrix_multiply_params_t);
    /* vx_khr_nn's parameter structures (scalars of vxCreateGenericNode users) */
    case VX_TYPE_NN_CONVOLUTION_PARAMS: return sizeof(vx_nn_convolution_params_t);
    case VX_TYPE_NN_DECONVOLUTION_PARAMS: return sizeof(vx_nn_deconvolution_params_t);
    case VX_TYPE_NN_ROI_POOL_PARAMS: return sizeof(vx_nn_roi_pool_params_t);
    default: return 0;
    }
}

vx_status ovx_query_copy(void *ptr, vx_size size, const void *value, vx_size value_size)
{
    if (ptr == NULL || size != value_size) return VX_ERROR_INVALID_PARAMETERS;
    memcpy(ptr, value, value_size);
    return VX_SUCCESS;
}

/* ---- public API -------------------------------------------------------- */
VX_API_ENTRY vx_status VX_API_CALL vxRetainReference(vx_reference ref)
{
    if (!ovx_ref_valid(ref, VX_TYPE_REFERENCE)) return VX_ERROR_INVALID_REFERENCE;
    ovx_ref_retain_external(ref);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseReference(vx_reference *ref_ptr)
{
    vx_reference ref;
    if (ref_ptr == NULL) return VX_ERROR_INVALID_REFERENCE;
    ref = *ref_ptr;
    if (ovx_ref_valid(ref, VX_TYPE_CONTEXT)) return vxReleaseContext((vx_context *)ref_ptr);
    return ovx_ref_release(ref_ptr, VX_TYPE_REFERENCE, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryReference(vx_reference ref, vx_enum attribute, void *ptr, vx_size size)
{
    if (!ovx_ref_is_live(ref) || ref->magic != OVX_MAGIC) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_REFERENCE_COUNT: {
        vx_uint32 count = ref->external_count;
        return ovx_query_copy(ptr, size, &count, sizeof(count));
    }
    case VX_REFERENCE_TYPE:
        return ovx_query_copy(ptr, size, &ref->type, sizeof(ref->type));
    case VX_REFERENCE_NAME: {
        /* A vx_char* that points at the name held by the object. */
        const vx_char *name = ref->name[0] ? ref->name : NULL;
        if (ptr == NULL || size != sizeof(vx_char *)) return VX_ERROR_INVALID_PARAMETERS;
        memcpy(ptr, &name, sizeof(name));
        return VX_SUCCESS;
    }
    default:
        ovx_log(ref, VX_ERROR_NOT_SUPPORTED, "vxQueryReference: attribute %s is not a reference attribute",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
}

VX_API_ENTRY vx_status VX_API_CALL vxSetReferenceName(vx_reference ref, const vx_char *name)
{
    if (!ovx_ref_valid(ref, VX_TYPE_REFERENCE)) return VX_ERROR_INVALID_REFERENCE;
    if (name == NULL) {
        ref->name[0] = '\0';
        return VX_SUCCESS;
    }
    strncpy(ref->name, name, VX_MAX_REFERENCE_NAME - 1);
    ref->name[VX_MAX_REFERENCE_NAME - 1] = '\0';
    return VX_SUCCESS;
}

VX_API_ENTRY vx_context VX_API_CALL vxGetContext(vx_reference reference)
{
    if (!ovx_ref_is_live(reference) || reference->magic != OVX_MAGIC) return NULL;
    if (reference->type == VX_TYPE_CONTEXT) return (vx_context)reference;
    return reference->context;
}

VX_API_ENTRY vx_status VX_API_CALL vxGetStatus(vx_reference reference)
{
    if (reference == NULL) return VX_ERROR_NO_RESOURCES;
    if (!ovx_ref_is_live(reference) || reference->magic != OVX_MAGIC) return VX_ERROR_INVALID_REFERENCE;
    if (reference->type == VX_TYPE_ERROR) return reference->error_status;
    return VX_SUCCESS;
}
