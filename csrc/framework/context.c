/*
 * The context.  Spec: "Object: Context" (vxCreateContext, vxReleaseContext,
 * vxQueryContext, vxSetContextAttribute, vxSetImmediateModeTarget), vxHint,
 * vxDirective and the user struct registry.
 */
#include "graph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The extensions this build implements, space separated (REQ-0556).  Only
 * extensions that work in full (their Khronos CTS group passes) are listed. */
static const char ovx_extensions[] = "vx_khr_user_data_object vx_khr_tiling vx_khr_nn vx_khr_ix vx_khr_swap_move vx_khr_pipelining vx_khr_import_kernel";

void ovx_context_lock(vx_context c) { pthread_mutex_lock(&c->lock); }
void ovx_context_unlock(vx_context c) { pthread_mutex_unlock(&c->lock); }

vx_bool ovx_context_valid(vx_context c)
{
    return ovx_ref_valid((vx_reference)c, VX_TYPE_CONTEXT);
}

static void context_destruct(vx_reference ref)
{
    vx_context c = (vx_context)ref;
    ovx_events_fini(c);
    pthread_mutex_destroy(&c->lock);
    pthread_mutex_destroy(&c->log_lock);
}

VX_API_ENTRY vx_context VX_API_CALL vxCreateContext(void)
{
    pthread_mutexattr_t attr;
    vx_context c = (vx_context)ovx_ref_create(NULL, VX_TYPE_CONTEXT, sizeof(struct _vx_context),
                                              context_destruct, NULL);
    if (!c) return NULL;
    c->base.context = c;
    c->base.scope = NULL;
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&c->lock, &attr);
    /* recursive too: a (non-reentrant) log callback that calls the API, which
     * logs, must not deadlock its own thread */
    pthread_mutex_init(&c->log_lock, &attr);
    pthread_mutexattr_destroy(&attr);
    c->log_enabled = vx_true_e;
    c->perf_enabled = vx_false_e;
    c->hint = VX_HINT_PERFORMANCE_DEFAULT;
    c->immediate_border.mode = VX_BORDER_UNDEFINED;
    c->immediate_border_policy = VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED;
    c->immediate_target = VX_TARGET_ANY;
    ovx_events_init(c);
    (void)ovx_cpu_features();
    if (ovx_kernels_init(c) != VX_SUCCESS) {
        vx_context tmp = c;
        vxReleaseContext(&tmp);
        return NULL;
    }
    return c;
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseContext(vx_context *context)
{
    vx_context c;
    if (context == NULL || !ovx_context_valid(*context)) return VX_ERROR_INVALID_REFERENCE;
    c = *context;
    ovx_context_lock(c);
    if (c->base.external_count > 1) { /* retained by the application */
        c->base.external_count--;
        ovx_context_unlock(c);
        *context = NULL;
        return VX_SUCCESS;
    }
    ovx_context_unlock(c);
    /* graphs still running on their own threads finish first: teardown frees
     * what they use (vxScheduleGraph then vxReleaseContext) */
    ovx_graph_wait_all(c);
    ovx_context_lock(c);
    c->tearing_down = vx_true_e;
    ovx_context_unlock(c);
    ovx_kernels_fini(c); /* unload modules, deinitialize kernels */
    ovx_ref_free_all(c); /* everything the application forgot, too */
    ovx_ref_destroy_now((vx_reference)c);
    *context = NULL;
    return VX_SUCCESS;
}

/* Kernels a client can use: finalized and not removed (caller holds the lock). */
static vx_uint32 usable_kernels(vx_context c)
{
    vx_uint32 i, n = 0;
    for (i = 0; i < c->num_kernels; i++)
        if (c->kernels[i]->finalized && !c->kernels[i]->removed) n++;
    return n;
}

static vx_status query_string(void *ptr, vx_size size, const char *s)
{
    if (ptr == NULL || size < strlen(s) + 1) return VX_ERROR_INVALID_PARAMETERS;
    memcpy(ptr, s, strlen(s) + 1);
    return VX_SUCCESS;
}

static vx_status query_setting(vx_context c, void *ptr, vx_size size, const void *field, vx_size n)
{
    vx_status s;
    ovx_context_lock(c);
    s = ovx_query_copy(ptr, size, field, n);
    ovx_context_unlock(c);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryContext(vx_context context, vx_enum attribute, void *ptr, vx_size size)
{
    vx_status status;
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_CONTEXT_VENDOR_ID: {
        vx_uint16 v = OVX_VENDOR_ID;
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_CONTEXT_VERSION: {
        vx_uint16 v = (vx_uint16)VX_VERSION;
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_CONTEXT_UNIQUE_KERNELS: {
        vx_uint32 v;
        ovx_context_lock(context);
        v = usable_kernels(context);
        ovx_context_unlock(context);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_CONTEXT_MODULES: {
        vx_uint32 v = ovx_modules_loaded(context);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_CONTEXT_REFERENCES: {
        vx_uint32 v, i;
        ovx_context_lock(context);
        /* Error objects are the context's own, made on demand: they are not
         * references the application holds, so they do not count. */
        v = context->num_refs;
        for (i = 0; i < sizeof(context->errors) / sizeof(context->errors[0]); i++)
            if (context->errors[i]) v--;
        ovx_context_unlock(context);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_CONTEXT_IMPLEMENTATION: {
        char name[VX_MAX_IMPLEMENTATION_NAME];
        memset(name, 0, sizeof(name));
        strncpy(name, OVX_IMPLEMENTATION_NAME, sizeof(name) - 1);
        status = ovx_query_copy(ptr, size, name, sizeof(name));
        break;
    }
    case VX_CONTEXT_EXTENSIONS_SIZE: {
        vx_size v = sizeof(ovx_extensions);
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_CONTEXT_EXTENSIONS:
        status = ovx_query_copy(ptr, size, ovx_extensions, sizeof(ovx_extensions));
        break;
    case VX_CONTEXT_CONVOLUTION_MAX_DIMENSION: {
        vx_size v = OVX_CONVOLUTION_MAX_DIMENSION;
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION: {
        vx_size v = OVX_OPTICAL_FLOW_MAX_WINDOW;
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_CONTEXT_NONLINEAR_MAX_DIMENSION: {
        vx_size v = OVX_NONLINEAR_MAX_DIMENSION;
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    case VX_CONTEXT_MAX_TENSOR_DIMS: {
        vx_size v = OVX_MAX_TENSOR_DIMS;
        status = ovx_query_copy(ptr, size, &v, sizeof(v));
        break;
    }
    /* settings that vxSetContextAttribute writes under the context lock while
     * other threads (vxu calls) read them */
    case VX_CONTEXT_IMMEDIATE_BORDER:
        status = query_setting(context, ptr, size, &context->immediate_border, sizeof(vx_border_t));
        break;
    case VX_CONTEXT_IMMEDIATE_BORDER_POLICY:
        status = query_setting(context, ptr, size, &context->immediate_border_policy, sizeof(vx_enum));
        break;
    case VX_CONTEXT_UNIQUE_KERNEL_TABLE: {
        vx_uint32 i;
        ovx_context_lock(context);
        if (ptr == NULL || size != usable_kernels(context) * sizeof(vx_kernel_info_t)) {
            status = VX_ERROR_INVALID_PARAMETERS;
        } else {
            vx_kernel_info_t *table = ptr;
            vx_uint32 n = 0;
            for (i = 0; i < context->num_kernels; i++) {
                vx_kernel k = context->kernels[i];
                if (!k->finalized || k->removed) continue;
                memset(&table[n], 0, sizeof(table[n]));
                table[n].enumeration = k->enumeration;
                memcpy(table[n].name, k->name, VX_MAX_KERNEL_NAME);
                n++;
            }
            status = VX_SUCCESS;
        }
        ovx_context_unlock(context);
        break;
    }
    case VX_CONTEXT_OVX_CPU_FEATURES:
        status = query_string(ptr, size, ovx_cpu_features_string());
        break;
    case VX_CONTEXT_OVX_SIMD_LEVEL:
        status = query_string(ptr, size, ovx_simd_level_name());
        break;
    case VX_CONTEXT_OVX_TARGETS:
        status = query_string(ptr, size, OVX_TARGET_NAME);
        break;
    case VX_CONTEXT_OVX_THREADS: {
        vx_uint32 n = __atomic_load_n(&context->threads, __ATOMIC_RELAXED);
        if (!n) n = ovx_pool_threads();
        status = ovx_query_copy(ptr, size, &n, sizeof(n));
        break;
    }
    default:
        ovx_log((vx_reference)context, VX_ERROR_NOT_SUPPORTED,
                "vxQueryContext: attribute %s is not a context attribute", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (status != VX_SUCCESS)
        ovx_log((vx_reference)context, status,
                "vxQueryContext: attribute %s: wrong container size %zu or NULL pointer",
                OVX_ATTR(attribute), (size_t)size);
    return status;
}

static vx_bool border_mode_ok(vx_enum mode)
{
    return mode == VX_BORDER_UNDEFINED || mode == VX_BORDER_CONSTANT || mode == VX_BORDER_REPLICATE;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetContextAttribute(vx_context context, vx_enum attribute, const void *ptr, vx_size size)
{
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_CONTEXT_OVX_THREADS:
        if (ptr == NULL || size != sizeof(vx_uint32)) break;
        __atomic_store_n(&context->threads, *(const vx_uint32 *)ptr, __ATOMIC_RELAXED); /* (see ovx_node_threads) */
        return VX_SUCCESS;
    case VX_CONTEXT_IMMEDIATE_BORDER: {
        vx_border_t b;
        if (ptr == NULL || size != sizeof(vx_border_t)) break;
        memcpy(&b, ptr, sizeof(b));
        if (!border_mode_ok(b.mode)) { /* the spec's status for a bad ptr value */
            ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetContextAttribute: 0x%x is not a border mode", (unsigned)b.mode);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        ovx_context_lock(context);
        context->immediate_border = b;
        ovx_context_unlock(context);
        return VX_SUCCESS;
    }
    case VX_CONTEXT_IMMEDIATE_BORDER_POLICY: {
        vx_enum p;
        if (ptr == NULL || size != sizeof(vx_enum)) break;
        memcpy(&p, ptr, sizeof(p));
        if (p != VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED && p != VX_BORDER_POLICY_RETURN_ERROR) {
            ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetContextAttribute: 0x%x is not a border policy", (unsigned)p);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        ovx_context_lock(context);
        context->immediate_border_policy = p;
        ovx_context_unlock(context);
        return VX_SUCCESS;
    }
    case VX_CONTEXT_VENDOR_ID: case VX_CONTEXT_VERSION: case VX_CONTEXT_UNIQUE_KERNELS:
    case VX_CONTEXT_MODULES: case VX_CONTEXT_REFERENCES: case VX_CONTEXT_IMPLEMENTATION:
    case VX_CONTEXT_EXTENSIONS_SIZE: case VX_CONTEXT_EXTENSIONS:
    case VX_CONTEXT_CONVOLUTION_MAX_DIMENSION: case VX_CONTEXT_OPTICAL_FLOW_MAX_WINDOW_DIMENSION:
    case VX_CONTEXT_UNIQUE_KERNEL_TABLE: case VX_CONTEXT_NONLINEAR_MAX_DIMENSION:
    case VX_CONTEXT_MAX_TENSOR_DIMS:
        ovx_log((vx_reference)context, VX_ERROR_NOT_SUPPORTED,
                "vxSetContextAttribute: attribute %s is read-only", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    default:
        ovx_log((vx_reference)context, VX_ERROR_NOT_SUPPORTED,
                "vxSetContextAttribute: attribute %s is not a context attribute", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS,
            "vxSetContextAttribute: attribute %s: wrong size %zu or NULL pointer", OVX_ATTR(attribute),
            (size_t)size);
    return VX_ERROR_INVALID_PARAMETERS;
}

/* Is name one of ours?  "any" picks the best target, which is the CPU. */
vx_bool ovx_target_name_ok(const char *name)
{
    return name && (strcasecmp(name, OVX_TARGET_NAME) == 0 || strcasecmp(name, "any") == 0 ||
                    strcasecmp(name, "cpu") == 0)
               ? vx_true_e
               : vx_false_e;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetImmediateModeTarget(vx_context context, vx_enum target_enum, const char *target_string)
{
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    if (target_enum == VX_TARGET_ANY || (target_enum == VX_TARGET_STRING && ovx_target_name_ok(target_string))) {
        ovx_context_lock(context);
        context->immediate_target = target_enum;
        ovx_context_unlock(context);
        return VX_SUCCESS;
    }
    ovx_log((vx_reference)context, VX_ERROR_NOT_SUPPORTED,
            "vxSetImmediateModeTarget: target 0x%x \"%s\" is not supported (targets: %s)",
            (unsigned)target_enum, target_enum == VX_TARGET_STRING && target_string ? target_string : "",
            OVX_TARGET_NAME);
    return VX_ERROR_NOT_SUPPORTED;
}

VX_API_ENTRY vx_status VX_API_CALL vxHint(vx_reference reference, vx_enum hint, const void *data, vx_size data_size)
{
    (void)data;
    (void)data_size;
    if (!ovx_ref_valid(reference, VX_TYPE_REFERENCE)) return VX_ERROR_INVALID_REFERENCE;
    switch (hint) {
    case VX_HINT_PERFORMANCE_DEFAULT:
    case VX_HINT_PERFORMANCE_LOW_POWER:
    case VX_HINT_PERFORMANCE_HIGH_SPEED:
        /* Accepted and recorded; one CPU target has nothing to trade off yet. */
        if (reference->type == VX_TYPE_CONTEXT) {
            ovx_context_lock((vx_context)reference);
            ((vx_context)reference)->hint = hint;
            ovx_context_unlock((vx_context)reference);
        }
        return VX_SUCCESS;
    default:
        ovx_log(reference, VX_ERROR_NOT_SUPPORTED, "vxHint: hint 0x%x is not supported", (unsigned)hint);
        return VX_ERROR_NOT_SUPPORTED;
    }
}

VX_API_ENTRY vx_status VX_API_CALL vxDirective(vx_reference reference, vx_enum directive)
{
    vx_context c;
    if (!ovx_ref_valid(reference, VX_TYPE_REFERENCE)) return VX_ERROR_INVALID_REFERENCE;
    c = reference->type == VX_TYPE_CONTEXT ? (vx_context)reference : reference->context;
    switch (directive) {
    case VX_DIRECTIVE_DISABLE_LOGGING:
    case VX_DIRECTIVE_ENABLE_LOGGING:
        /* Logging is a property of the context; any of its references may say so. */
        pthread_mutex_lock(&c->log_lock);
        c->log_enabled = directive == VX_DIRECTIVE_ENABLE_LOGGING ? vx_true_e : vx_false_e;
        pthread_mutex_unlock(&c->log_lock);
        return VX_SUCCESS;
    case VX_DIRECTIVE_DISABLE_PERFORMANCE:
    case VX_DIRECTIVE_ENABLE_PERFORMANCE:
        if (reference->type != VX_TYPE_CONTEXT) {
            ovx_log(reference, VX_ERROR_NOT_SUPPORTED,
                    "vxDirective: performance directives apply to a vx_context only, not a %s",
                    ovx_type_name(reference->type));
            return VX_ERROR_NOT_SUPPORTED;
        }
        ovx_context_lock(c);
        c->perf_enabled = directive == VX_DIRECTIVE_ENABLE_PERFORMANCE ? vx_true_e : vx_false_e;
        ovx_context_unlock(c);
        return VX_SUCCESS;
    case VX_DIRECTIVE_OVX_SERIAL:
    case VX_DIRECTIVE_OVX_PARALLEL:
        if (reference->type != VX_TYPE_CONTEXT) {
            ovx_log(reference, VX_ERROR_NOT_SUPPORTED, "vxDirective: thread directives apply to a vx_context only");
            return VX_ERROR_NOT_SUPPORTED;
        }
        __atomic_store_n(&c->threads, directive == VX_DIRECTIVE_OVX_SERIAL ? 1u : 0u, __ATOMIC_RELAXED);
        return VX_SUCCESS;
    default:
        ovx_log(reference, VX_ERROR_NOT_SUPPORTED, "vxDirective: directive 0x%x is not supported",
                (unsigned)directive);
        return VX_ERROR_NOT_SUPPORTED;
    }
}

/* ---- user structs ------------------------------------------------------ */
static vx_enum register_struct(vx_context c, vx_size size, const vx_char *name)
{
    vx_enum e = VX_TYPE_INVALID;
    vx_uint32 i;
    if (!ovx_context_valid(c)) return VX_TYPE_INVALID;
    if (size == 0) {
        ovx_log((vx_reference)c, VX_ERROR_INVALID_PARAMETERS, "vxRegisterUserStruct: size is 0");
        return VX_TYPE_INVALID;
    }
    ovx_context_lock(c);
    if (name) {
        for (i = 0; i < c->num_user_structs; i++) {
            if (c->user_structs[i].name[0] && strcmp(c->user_structs[i].name, name) == 0) {
                ovx_context_unlock(c);
                ovx_log((vx_reference)c, VX_ERROR_INVALID_PARAMETERS,
                        "vxRegisterUserStructWithName: \"%s\" is registered already", name);
                return VX_TYPE_INVALID;
            }
        }
    }
    if (c->num_user_structs < OVX_MAX_USER_STRUCTS &&
        VX_TYPE_USER_STRUCT_START + (vx_enum)c->num_user_structs <= VX_TYPE_USER_STRUCT_END) {
        ovx_user_struct *u = &c->user_structs[c->num_user_structs];
        u->size = size;
        u->used = vx_true_e;
        if (name) {
            strncpy(u->name, name, sizeof(u->name) - 1);
            u->name[sizeof(u->name) - 1] = '\0';
        }
        e = VX_TYPE_USER_STRUCT_START + (vx_enum)c->num_user_structs++;
    }
    ovx_context_unlock(c);
    if (e == VX_TYPE_INVALID)
        ovx_log((vx_reference)c, VX_ERROR_NO_RESOURCES, "vxRegisterUserStruct: no user struct types left");
    return e;
}

VX_API_ENTRY vx_enum VX_API_CALL vxRegisterUserStruct(vx_context context, vx_size size)
{
    return register_struct(context, size, NULL);
}

VX_API_ENTRY vx_enum VX_API_CALL vxRegisterUserStructWithName(vx_context context, vx_size size, const vx_char *type_name)
{
    return register_struct(context, size, type_name);
}

VX_API_ENTRY vx_status VX_API_CALL vxGetUserStructNameByEnum(vx_context context, vx_enum user_struct_type, vx_char *type_name, vx_size size)
{
    vx_uint32 i;
    /* The spec lists no VX_ERROR_INVALID_REFERENCE here: a bad context is a bad parameter. */
    if (!ovx_context_valid(context) || type_name == NULL) return VX_ERROR_INVALID_PARAMETERS;
    /* An enum that is no user struct has no associated type name (VX_FAILURE,
     * as the Khronos CTS expects for VX_TYPE_ERROR); a user-struct enum that
     * was never registered is not a valid user struct enumeration. */
    if (user_struct_type < VX_TYPE_USER_STRUCT_START || user_struct_type > VX_TYPE_USER_STRUCT_END) {
        ovx_log((vx_reference)context, VX_FAILURE, "vxGetUserStructNameByEnum: 0x%x is not a user struct type",
                (unsigned)user_struct_type);
        return VX_FAILURE;
    }
    i = (vx_uint32)(user_struct_type - VX_TYPE_USER_STRUCT_START);
    if (i >= context->num_user_structs) return VX_ERROR_INVALID_PARAMETERS;
    if (context->user_structs[i].name[0] == '\0') return VX_FAILURE; /* registered without a name */
    if (size < strlen(context->user_structs[i].name) + 1) return VX_ERROR_NO_MEMORY;
    strcpy(type_name, context->user_structs[i].name);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxGetUserStructEnumByName(vx_context context, const vx_char *type_name, vx_enum *user_struct_type)
{
    vx_uint32 i;
    if (!ovx_context_valid(context) || user_struct_type == NULL) return VX_ERROR_INVALID_PARAMETERS;
    if (type_name == NULL) return VX_FAILURE; /* matches no user struct */
    for (i = 0; i < context->num_user_structs; i++) {
        if (context->user_structs[i].name[0] && strcmp(context->user_structs[i].name, type_name) == 0) {
            *user_struct_type = VX_TYPE_USER_STRUCT_START + (vx_enum)i;
            return VX_SUCCESS;
        }
    }
    return VX_FAILURE;
}

/* Size of a user struct type, 0 when unknown (used by arrays). */
vx_size ovx_user_struct_size(vx_context c, vx_enum type)
{
    vx_uint32 i = (vx_uint32)(type - VX_TYPE_USER_STRUCT_START);
    if (type < VX_TYPE_USER_STRUCT_START || i >= c->num_user_structs) return 0;
    return c->user_structs[i].size;
}
