/*
 * The kernel registry: built-in kernels, user kernels, kernel parameters and
 * kernel modules.  Spec: "Object: Kernel", "Object: Parameter" (kernel side),
 * "User Kernels" (vxAddUserKernel ... vxRemoveKernel), vxLoadKernels.
 */
#include "ovx.h"

#include <VX/vx_khr_pipelining.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void kernel_destruct(vx_reference ref)
{
    vx_kernel k = (vx_kernel)ref;
    /* kernels own no memory besides themselves, except an imported model */
    if (k->import_free && k->import_data) k->import_free(k->import_data);
    k->import_data = NULL;
}

static vx_status table_add(vx_context c, vx_kernel k)
{
    ovx_context_lock(c);
    if (c->num_kernels == c->cap_kernels) {
        vx_uint32 ncap = c->cap_kernels ? c->cap_kernels * 2 : 64;
        vx_kernel *nk = realloc(c->kernels, ncap * sizeof(*nk));
        if (!nk) {
            ovx_context_unlock(c);
            return VX_ERROR_NO_MEMORY;
        }
        c->kernels = nk;
        c->cap_kernels = ncap;
    }
    c->kernels[c->num_kernels++] = k;
    ovx_context_unlock(c);
    return VX_SUCCESS;
}

static void table_remove(vx_context c, vx_kernel k)
{
    vx_uint32 i;
    ovx_context_lock(c);
    for (i = 0; i < c->num_kernels; i++) {
        if (c->kernels[i] == k) {
            memmove(&c->kernels[i], &c->kernels[i + 1], (c->num_kernels - i - 1) * sizeof(vx_kernel));
            c->num_kernels--;
            break;
        }
    }
    ovx_context_unlock(c);
}

static vx_status add_builtin(vx_context c, const ovx_kernel_desc *d)
{
    vx_kernel k = (vx_kernel)ovx_ref_create(c, VX_TYPE_KERNEL, sizeof(struct _vx_kernel), kernel_destruct, NULL);
    if (!k) return VX_ERROR_NO_MEMORY;
    k->base.external_count = 0;
    k->base.internal_count = 1; /* held by the context's table */
    strncpy(k->name, d->name, VX_MAX_KERNEL_NAME - 1);
    k->enumeration = d->enumeration;
    k->num_params = d->num_params;
    memcpy(k->params, d->params, sizeof(k->params));
    k->function = d->function;
    k->validate = d->validate;
    k->initialize = d->initialize;
    k->deinitialize = d->deinitialize;
    k->finalized = vx_true_e;
    k->desc = d;
    return table_add(c, k);
}

vx_status ovx_kernels_init(vx_context c)
{
    vx_uint32 f, i;
    for (f = 0; ovx_kernel_families[f]; f++) {
        for (i = 0; ovx_kernel_families[f][i]; i++) {
            if (add_builtin(c, ovx_kernel_families[f][i]) != VX_SUCCESS) return VX_ERROR_NO_MEMORY;
        }
    }
    c->next_user_library_id = 1;
    return VX_SUCCESS;
}

void ovx_kernels_fini(vx_context c)
{
    vx_uint32 i;
    for (i = c->num_modules; i > 0; i--) {
        ovx_module *m = &c->modules[i - 1];
        if (m->loaded && m->unpublish) (void)m->unpublish(c);
        if (m->handle) dlclose(m->handle);
    }
    c->num_modules = 0;
    free(c->kernels);
    c->kernels = NULL;
    c->num_kernels = c->cap_kernels = 0;
}

static vx_kernel find_kernel(vx_context c, const char *name, vx_enum e, vx_bool by_name)
{
    vx_uint32 i;
    vx_kernel found = NULL;
    ovx_context_lock(c);
    for (i = 0; i < c->num_kernels; i++) {
        vx_kernel k = c->kernels[i];
        if (!k->finalized || k->removed) continue;
        if (by_name ? strncmp(k->name, name, VX_MAX_KERNEL_NAME) == 0 : k->enumeration == e) {
            found = k;
            break;
        }
    }
    if (found) found->base.external_count++;
    ovx_context_unlock(c);
    return found;
}

VX_API_ENTRY vx_kernel VX_API_CALL vxGetKernelByName(vx_context context, const vx_char *name)
{
    vx_kernel k;
    if (!ovx_context_valid(context)) return NULL;
    if (name == NULL)
        return (vx_kernel)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS, "vxGetKernelByName: name is NULL");
    k = find_kernel(context, name, 0, vx_true_e);
    if (!k)
        return (vx_kernel)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxGetKernelByName: no kernel is named \"%.256s\"", name);
    return k;
}

VX_API_ENTRY vx_kernel VX_API_CALL vxGetKernelByEnum(vx_context context, vx_enum kernel)
{
    vx_kernel k;
    if (!ovx_context_valid(context)) return NULL;
    k = find_kernel(context, NULL, kernel, vx_false_e);
    if (!k)
        return (vx_kernel)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxGetKernelByEnum: no kernel has the enum 0x%x", (unsigned)kernel);
    return k;
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseKernel(vx_kernel *kernel)
{
    return ovx_ref_release((vx_reference *)kernel, VX_TYPE_KERNEL, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryKernel(vx_kernel kernel, vx_enum attribute, void *ptr, vx_size size)
{
    vx_status status;
    if (!ovx_ref_valid((vx_reference)kernel, VX_TYPE_KERNEL)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_KERNEL_PARAMETERS:
        status = ovx_query_copy(ptr, size, &kernel->num_params, sizeof(vx_uint32));
        break;
    case VX_KERNEL_NAME:
        /* A vx_char array of up to VX_MAX_KERNEL_NAME bytes. */
        if (ptr == NULL || size == 0 || size > VX_MAX_KERNEL_NAME || size < strlen(kernel->name) + 1) {
            status = VX_ERROR_INVALID_PARAMETERS;
        } else {
            memcpy(ptr, kernel->name, strlen(kernel->name) + 1);
            status = VX_SUCCESS;
        }
        break;
    case VX_KERNEL_ENUM:
        status = ovx_query_copy(ptr, size, &kernel->enumeration, sizeof(vx_enum));
        break;
    case VX_KERNEL_LOCAL_DATA_SIZE:
        status = ovx_query_copy(ptr, size, &kernel->local_data_size, sizeof(vx_size));
        break;
    case VX_KERNEL_PIPEUP_OUTPUT_DEPTH:
    case VX_KERNEL_PIPEUP_INPUT_DEPTH: {
        vx_uint32 d = attribute == VX_KERNEL_PIPEUP_OUTPUT_DEPTH ? kernel->pipeup_output_depth
                                                                  : kernel->pipeup_input_depth;
        if (d == 0) d = 1;
        status = ovx_query_copy(ptr, size, &d, sizeof(d));
        break;
    }
    default:
        if (kernel->tiling && (status = ovx_tiling_query_kernel(kernel, attribute, ptr, size)) != VX_ERROR_NOT_SUPPORTED)
            break;
        ovx_log((vx_reference)kernel, VX_ERROR_NOT_SUPPORTED, "vxQueryKernel: attribute %s is not supported",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (status != VX_SUCCESS)
        ovx_log((vx_reference)kernel, status, "vxQueryKernel(%s): attribute %s: wrong size %zu or NULL pointer",
                kernel->name, OVX_ATTR(attribute), (size_t)size);
    return status;
}

/* ---- user kernels ------------------------------------------------------ */
VX_API_ENTRY vx_status VX_API_CALL vxAllocateUserKernelId(vx_context context, vx_enum *pKernelEnumId)
{
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    if (pKernelEnumId == NULL) return VX_ERROR_INVALID_PARAMETERS;
    ovx_context_lock(context);
    if (context->next_user_kernel_id >= OVX_USER_KERNEL_IDS) {
        ovx_context_unlock(context);
        ovx_log((vx_reference)context, VX_ERROR_NO_RESOURCES, "vxAllocateUserKernelId: all 4096 ids are taken");
        return VX_ERROR_NO_RESOURCES;
    }
    /* VX_KERNEL_BASE(VX_ID_USER, 0) + id, computed unsigned: the header's macro
     * shifts 0xFFE by 20 in int, which overflows */
    *pKernelEnumId = (vx_enum)(((vx_uint32)VX_ID_USER << 20) + context->next_user_kernel_id++);
    ovx_context_unlock(context);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxAllocateUserKernelLibraryId(vx_context context, vx_enum *pLibraryId)
{
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    if (pLibraryId == NULL) return VX_ERROR_INVALID_PARAMETERS;
    ovx_context_lock(context);
    if (context->next_user_library_id >= OVX_USER_LIBRARY_IDS) {
        ovx_context_unlock(context);
        ovx_log((vx_reference)context, VX_ERROR_NO_RESOURCES,
                "vxAllocateUserKernelLibraryId: all library ids 1..255 are taken");
        return VX_ERROR_NO_RESOURCES;
    }
    *pLibraryId = (vx_enum)context->next_user_library_id++;
    ovx_context_unlock(context);
    return VX_SUCCESS;
}

/* A user kernel in the table (vxAddUserKernel, vxAddKernel, vxAddTilingKernel);
 * func may be NULL only for tiling kernels (who == "vxAddTilingKernel"). */
vx_kernel ovx_kernel_add(vx_context c, const vx_char *name, vx_enum enumeration, vx_kernel_f func,
                         vx_uint32 num_params, const char *who)
{
    vx_kernel k;
    vx_uint32 i;
    if (name == NULL || name[0] == '\0' || strlen(name) >= VX_MAX_KERNEL_NAME)
        return (vx_kernel)ovx_error_from(c, VX_ERROR_INVALID_PARAMETERS,
                                         "%s: the name must be 1..%d characters", who, VX_MAX_KERNEL_NAME - 1);
    if (func == NULL && strcmp(who, "vxAddTilingKernel") != 0)
        return (vx_kernel)ovx_error_from(c, VX_ERROR_INVALID_PARAMETERS, "%s(%s): the function is NULL", who, name);
    if (num_params > OVX_MAX_KERNEL_PARAMS)
        return (vx_kernel)ovx_error_from(c, VX_ERROR_INVALID_PARAMETERS, "%s(%s): %u parameters, at most %d",
                                         who, name, num_params, OVX_MAX_KERNEL_PARAMS);
    ovx_context_lock(c);
    for (i = 0; i < c->num_kernels; i++) {
        if (c->kernels[i]->removed) continue;
        if (strcmp(c->kernels[i]->name, name) == 0 || c->kernels[i]->enumeration == enumeration) {
            ovx_context_unlock(c);
            return (vx_kernel)ovx_error_from(c, VX_ERROR_INVALID_PARAMETERS,
                                             "%s(%s): a kernel with this name or enum 0x%x exists already", who,
                                             name, (unsigned)enumeration);
        }
    }
    ovx_context_unlock(c);
    k = (vx_kernel)ovx_ref_create(c, VX_TYPE_KERNEL, sizeof(struct _vx_kernel), kernel_destruct, NULL);
    if (!k) return (vx_kernel)ovx_error(c, VX_ERROR_NO_MEMORY);
    k->base.internal_count = 1; /* the table's hold */
    strcpy(k->name, name);
    k->enumeration = enumeration;
    k->function = func;
    k->num_params = num_params;
    k->user_kernel = vx_true_e;
    if (table_add(c, k) != VX_SUCCESS) {
        ovx_ref_destroy((vx_reference)k);
        return (vx_kernel)ovx_error(c, VX_ERROR_NO_MEMORY);
    }
    return k;
}

VX_API_ENTRY vx_kernel VX_API_CALL vxAddUserKernel(vx_context context, const vx_char name[],
                                                   vx_enum enumeration, vx_kernel_f func_ptr, vx_uint32 numParams,
                                                   vx_kernel_validate_f validate, vx_kernel_initialize_f init,
                                                   vx_kernel_deinitialize_f deinit)
{
    vx_kernel k;
    if (!ovx_context_valid(context)) return NULL;
    /* A NULL validator is accepted (the Khronos streaming tests add source and
     * sink kernels without one): vxVerifyGraph then checks only presence and
     * types, outputs keep the metadata of the objects bound to them. */
    k = ovx_kernel_add(context, name, enumeration, func_ptr, numParams, "vxAddUserKernel");
    if (vxGetStatus((vx_reference)k) != VX_SUCCESS) return k;
    k->validate = validate;
    k->initialize = init;
    k->deinitialize = deinit;
    return k;
}

VX_API_ENTRY vx_kernel VX_API_CALL vxAddKernel(vx_context context, const vx_char name[VX_MAX_KERNEL_NAME],
                                               vx_enum enumeration, vx_kernel_f func_ptr, vx_uint32 numParams,
                                               vx_kernel_input_validate_f input, vx_kernel_output_validate_f output,
                                               vx_kernel_initialize_f init, vx_kernel_deinitialize_f deinit)
{
    vx_kernel k;
    if (!ovx_context_valid(context)) return NULL;
    if (input == NULL || output == NULL)
        return (vx_kernel)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxAddKernel(%.64s): input and output validators are required",
                                         name ? name : "");
    k = ovx_kernel_add(context, name, enumeration, func_ptr, numParams, "vxAddKernel");
    if (vxGetStatus((vx_reference)k) != VX_SUCCESS) return k;
    k->input_validate = input;
    k->output_validate = output;
    k->initialize = init;
    k->deinitialize = deinit;
    return k;
}

static vx_bool param_type_ok(vx_context c, vx_enum t)
{
    switch (t) {
    case VX_TYPE_REFERENCE: case VX_TYPE_DELAY: case VX_TYPE_LUT: case VX_TYPE_DISTRIBUTION:
    case VX_TYPE_PYRAMID: case VX_TYPE_THRESHOLD: case VX_TYPE_MATRIX: case VX_TYPE_CONVOLUTION:
    case VX_TYPE_SCALAR: case VX_TYPE_ARRAY: case VX_TYPE_IMAGE: case VX_TYPE_REMAP:
    case VX_TYPE_OBJECT_ARRAY: case VX_TYPE_TENSOR: case VX_TYPE_USER_DATA_OBJECT:
        return vx_true_e;
    default:
        /* scalar and struct types (as scalars), and registered user structs */
        return ovx_type_size(t) != 0 || ovx_user_struct_size(c, t) != 0 ? vx_true_e : vx_false_e;
    }
}

VX_API_ENTRY vx_status VX_API_CALL vxAddParameterToKernel(vx_kernel kernel, vx_uint32 index, vx_enum dir,
                                                          vx_enum data_type, vx_enum state)
{
    if (!ovx_ref_valid((vx_reference)kernel, VX_TYPE_KERNEL)) return VX_ERROR_INVALID_REFERENCE;
    if (!kernel->user_kernel || kernel->finalized) {
        ovx_log((vx_reference)kernel, VX_ERROR_INVALID_PARAMETERS,
                "vxAddParameterToKernel(%s): only a user kernel that is not finalized takes parameters",
                kernel->name);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (index >= kernel->num_params || (dir != VX_INPUT && dir != VX_OUTPUT) ||
        (state != VX_PARAMETER_STATE_REQUIRED && state != VX_PARAMETER_STATE_OPTIONAL) ||
        !param_type_ok(kernel->base.context, data_type) ||
        /* a delay is aged by the graph, never written by a node */
        (data_type == VX_TYPE_DELAY && dir == VX_OUTPUT)) {
        ovx_log((vx_reference)kernel, VX_ERROR_INVALID_PARAMETERS,
                "vxAddParameterToKernel(%s): index %u (of %u), direction 0x%x, type 0x%x or state 0x%x is invalid",
                kernel->name, index, kernel->num_params, (unsigned)dir, (unsigned)data_type, (unsigned)state);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    kernel->params[index].direction = dir;
    kernel->params[index].type = data_type;
    kernel->params[index].state = state;
    kernel->params[index].set = vx_true_e;
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxFinalizeKernel(vx_kernel kernel)
{
    vx_uint32 i;
    if (!ovx_ref_valid((vx_reference)kernel, VX_TYPE_KERNEL)) return VX_ERROR_INVALID_REFERENCE;
    if (!kernel->user_kernel) return VX_ERROR_INVALID_PARAMETERS;
    for (i = 0; i < kernel->num_params; i++) {
        if (!kernel->params[i].set) {
            ovx_log((vx_reference)kernel, VX_ERROR_INVALID_PARAMETERS,
                    "vxFinalizeKernel(%s): parameter %u was never added", kernel->name, i);
            return VX_ERROR_INVALID_PARAMETERS;
        }
    }
    kernel->finalized = vx_true_e;
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetKernelAttribute(vx_kernel kernel, vx_enum attribute, const void *ptr, vx_size size)
{
    if (!ovx_ref_valid((vx_reference)kernel, VX_TYPE_KERNEL)) return VX_ERROR_INVALID_REFERENCE;
    if (kernel->finalized || !kernel->user_kernel) {
        ovx_log((vx_reference)kernel, VX_ERROR_NOT_SUPPORTED,
                "vxSetKernelAttribute(%s): attributes of a finalized or built-in kernel cannot change", kernel->name);
        return VX_ERROR_NOT_SUPPORTED;
    }
    switch (attribute) {
    case VX_KERNEL_LOCAL_DATA_SIZE:
        if (ptr == NULL || size != sizeof(vx_size)) return VX_ERROR_INVALID_PARAMETERS;
        memcpy(&kernel->local_data_size, ptr, sizeof(vx_size));
        return VX_SUCCESS;
    case VX_KERNEL_PIPEUP_OUTPUT_DEPTH:
    case VX_KERNEL_PIPEUP_INPUT_DEPTH: {
        vx_uint32 d;
        if (ptr == NULL || size != sizeof(vx_uint32)) {
            ovx_log((vx_reference)kernel, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetKernelAttribute(%s): a pipe-up depth is a vx_uint32 (size %zu given)", kernel->name,
                    (size_t)size);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        memcpy(&d, ptr, sizeof(d));
        if (d == 0) { /* vx_khr_pipelining: "less than 1 shall return VX_ERROR_INVALID_PARAMETERS" */
            ovx_log((vx_reference)kernel, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetKernelAttribute(%s): a pipe-up depth is at least 1", kernel->name);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        if (attribute == VX_KERNEL_PIPEUP_OUTPUT_DEPTH)
            kernel->pipeup_output_depth = d;
        else
            kernel->pipeup_input_depth = d;
        return VX_SUCCESS;
    }
    default: {
        vx_status s = ovx_tiling_set_kernel(kernel, attribute, ptr, size);
        if (s != VX_ERROR_NOT_SUPPORTED) return s;
    }
        ovx_log((vx_reference)kernel, VX_ERROR_NOT_SUPPORTED,
                "vxSetKernelAttribute(%s): attribute %s is not settable", kernel->name, OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
}

VX_API_ENTRY vx_status VX_API_CALL vxRemoveKernel(vx_kernel kernel)
{
    vx_context c;
    if (!ovx_ref_valid((vx_reference)kernel, VX_TYPE_KERNEL)) return VX_ERROR_INVALID_REFERENCE;
    c = kernel->base.context;
    if (!kernel->user_kernel) {
        ovx_log((vx_reference)kernel, VX_ERROR_INVALID_PARAMETERS,
                "vxRemoveKernel(%s): built-in kernels cannot be removed", kernel->name);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (kernel->removed) {
        ovx_log((vx_reference)kernel, VX_ERROR_INVALID_REFERENCE, "vxRemoveKernel(%s): removed already", kernel->name);
        return VX_ERROR_INVALID_REFERENCE;
    }
    ovx_context_lock(c);
    /* REQ-1931 and its failure list: the application's references to the
     * kernel, to nodes using it and to their graphs block the removal.  The
     * kernel's own vx_parameter objects do not: they keep the (removed)
     * kernel's memory alive until they are released. */
    if (kernel->base.external_count > 1 ||
        kernel->base.internal_count > 1 + kernel->param_holds) {
        ovx_context_unlock(c);
        ovx_log((vx_reference)kernel, VX_FAILURE,
                "vxRemoveKernel(%s): the kernel is still referenced (application or nodes)", kernel->name);
        return VX_FAILURE;
    }
    kernel->removed = vx_true_e;
    ovx_context_unlock(c);
    table_remove(c, kernel);
    if (kernel->param_holds == 0) {
        ovx_ref_destroy((vx_reference)kernel);
    } else {
        /* give back the application's and the table's holds; the last
         * parameter released destroys the kernel */
        ovx_context_lock(c);
        kernel->base.external_count = 0;
        kernel->base.internal_count--;
        ovx_context_unlock(c);
    }
    return VX_SUCCESS;
}

/* ---- parameters of kernels ---------------------------------------------- */
static void parameter_destruct(vx_reference ref)
{
    vx_parameter p = (vx_parameter)ref;
    if (p->meta && ovx_ref_is_live((vx_reference)p->meta)) ovx_ref_destroy((vx_reference)p->meta);
    p->meta = NULL;
    if (!p->node && p->kernel && ovx_ref_is_live(p->kernel)) p->kernel->param_holds--;
    ovx_ref_release_internal((vx_reference)p->kernel);
    if (p->node) ovx_ref_release_internal((vx_reference)p->node);
}

VX_API_ENTRY vx_parameter VX_API_CALL vxGetKernelParameterByIndex(vx_kernel kernel, vx_uint32 index)
{
    vx_parameter p;
    if (!ovx_ref_valid((vx_reference)kernel, VX_TYPE_KERNEL)) return NULL;
    if (index >= kernel->num_params)
        return (vx_parameter)ovx_error_from(kernel, VX_ERROR_INVALID_PARAMETERS,
                                            "vxGetKernelParameterByIndex(%s): index %u, the kernel has %u",
                                            kernel->name, index, kernel->num_params);
    p = (vx_parameter)ovx_ref_create(kernel->base.context, VX_TYPE_PARAMETER, sizeof(struct _vx_parameter),
                                     parameter_destruct, NULL);
    if (!p) return (vx_parameter)ovx_error(kernel->base.context, VX_ERROR_NO_MEMORY);
    ovx_ref_retain_internal((vx_reference)kernel);
    ovx_context_lock(kernel->base.context);
    kernel->param_holds++;
    ovx_context_unlock(kernel->base.context);
    p->kernel = kernel;
    p->index = index;
    return p;
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryParameter(vx_parameter parameter, vx_enum attribute, void *ptr, vx_size size)
{
    const ovx_param_info *info;
    vx_status status;
    if (!ovx_ref_valid((vx_reference)parameter, VX_TYPE_PARAMETER)) return VX_ERROR_INVALID_REFERENCE;
    info = &parameter->kernel->params[parameter->index];
    switch (attribute) {
    case VX_PARAMETER_INDEX:
        status = ovx_query_copy(ptr, size, &parameter->index, sizeof(vx_uint32));
        break;
    case VX_PARAMETER_DIRECTION:
        status = ovx_query_copy(ptr, size, &info->direction, sizeof(vx_enum));
        break;
    case VX_PARAMETER_TYPE:
        status = ovx_query_copy(ptr, size, &info->type, sizeof(vx_enum));
        break;
    case VX_PARAMETER_STATE:
        status = ovx_query_copy(ptr, size, &info->state, sizeof(vx_enum));
        break;
    case VX_PARAMETER_REF: {
        /* A kernel's parameter is bound to no object; node parameters are
         * answered by the graph layer. */
        vx_reference r = ovx_param_node_ref(parameter);
        if (r) ovx_ref_retain_external(r);
        status = ovx_query_copy(ptr, size, &r, sizeof(vx_reference));
        if (status != VX_SUCCESS && r) ovx_ref_release_external_quiet(r);
        break;
    }
    case VX_PARAMETER_META_FORMAT:
        /* vx_khr_import_kernel: imported kernels describe their parameters */
        if (parameter->kernel->import_meta != NULL) {
            if (parameter->meta == NULL)
                parameter->meta = parameter->kernel->import_meta(parameter->kernel, parameter->index);
            if (parameter->meta == NULL) return VX_ERROR_NO_MEMORY;
            status = ovx_query_copy(ptr, size, &parameter->meta, sizeof(vx_meta_format));
            break;
        }
        /* fall through */
    default:
        ovx_log((vx_reference)parameter, VX_ERROR_NOT_SUPPORTED,
                "vxQueryParameter: attribute %s is not supported", OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (status != VX_SUCCESS)
        ovx_log((vx_reference)parameter, status, "vxQueryParameter: attribute %s: wrong size %zu or NULL pointer",
                OVX_ATTR(attribute), (size_t)size);
    return status;
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseParameter(vx_parameter *param)
{
    return ovx_ref_release((vx_reference *)param, VX_TYPE_PARAMETER, vx_false_e);
}

/* ---- modules ------------------------------------------------------------ */
/* The module table holds dlopen()ed modules (handle set, always loaded) and
 * libraries registered by vxRegisterKernelLibrary (handle NULL), which are
 * published by vxLoadKernels and unpublished by vxUnloadKernels like any
 * module.  VX_CONTEXT_MODULES counts the loaded entries. */
static ovx_module *find_module(vx_context c, const char *name, vx_bool registered)
{
    vx_uint32 i;
    for (i = 0; i < c->num_modules; i++)
        if (strncmp(c->modules[i].name, name, VX_MAX_KERNEL_NAME) == 0 &&
            (c->modules[i].handle == NULL) == (registered == vx_true_e))
            return &c->modules[i];
    return NULL;
}

vx_uint32 ovx_modules_loaded(vx_context c)
{
    vx_uint32 i, n = 0;
    ovx_context_lock(c);
    for (i = 0; i < c->num_modules; i++)
        if (c->modules[i].loaded) n++;
    ovx_context_unlock(c);
    return n;
}

VX_API_ENTRY vx_status VX_API_CALL vxLoadKernels(vx_context context, const vx_char *module)
{
    char path[VX_MAX_KERNEL_NAME + 16];
    void *h;
    vx_publish_kernels_f publish;
    vx_status status;
    ovx_module *m;
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    if (module == NULL || module[0] == '\0' || strlen(module) >= VX_MAX_KERNEL_NAME) {
        ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS, "vxLoadKernels: the module name is invalid");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    m = find_module(context, module, vx_true_e);
    if (m) { /* registered by vxRegisterKernelLibrary */
        if (m->loaded) return VX_SUCCESS;
        status = m->publish(context);
        if (status != VX_SUCCESS) {
            ovx_log((vx_reference)context, status, "vxLoadKernels: vxPublishKernels of %s failed (%d)", module,
                    status);
            return status;
        }
        m->loaded = vx_true_e;
        return VX_SUCCESS;
    }
    if (context->num_modules >= OVX_MAX_MODULES) {
        ovx_log((vx_reference)context, VX_ERROR_NO_RESOURCES, "vxLoadKernels: too many modules loaded");
        return VX_ERROR_NO_RESOURCES;
    }
    snprintf(path, sizeof(path), "lib%s.so", module);
    h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) h = dlopen(module, RTLD_NOW | RTLD_LOCAL); /* a path given by the caller */
    if (!h) {
        const char *e = dlerror();
        ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS, "vxLoadKernels: cannot load %s: %s", path,
                e ? e : "not found");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    publish = (vx_publish_kernels_f)(uintptr_t)dlsym(h, "vxPublishKernels");
    if (!publish) {
        ovx_log((vx_reference)context, VX_ERROR_INVALID_MODULE, "vxLoadKernels: %s has no vxPublishKernels", path);
        dlclose(h);
        return VX_ERROR_INVALID_MODULE;
    }
    status = publish(context);
    if (status != VX_SUCCESS) {
        ovx_log((vx_reference)context, status, "vxLoadKernels: vxPublishKernels of %s failed (%d)", path, status);
        dlclose(h);
        return status;
    }
    ovx_context_lock(context);
    m = &context->modules[context->num_modules++];
    memset(m, 0, sizeof(*m));
    strncpy(m->name, module, VX_MAX_KERNEL_NAME - 1);
    m->handle = h;
    m->publish = publish;
    m->unpublish = (vx_unpublish_kernels_f)(uintptr_t)dlsym(h, "vxUnpublishKernels");
    m->loaded = vx_true_e;
    ovx_context_unlock(context);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnloadKernels(vx_context context, const vx_char *module)
{
    vx_uint32 i;
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    if (module == NULL) return VX_ERROR_INVALID_PARAMETERS;
    for (i = 0; i < context->num_modules; i++) {
        if (context->modules[i].loaded && strncmp(context->modules[i].name, module, VX_MAX_KERNEL_NAME) == 0) {
            ovx_module m = context->modules[i];
            vx_status status = VX_SUCCESS;
            ovx_context_lock(context);
            if (m.handle) {
                memmove(&context->modules[i], &context->modules[i + 1],
                        (context->num_modules - i - 1) * sizeof(ovx_module));
                context->num_modules--;
            } else {
                context->modules[i].loaded = vx_false_e; /* stays registered */
            }
            ovx_context_unlock(context);
            if (m.unpublish) status = m.unpublish(context);
            if (m.handle) dlclose(m.handle);
            return status;
        }
    }
    ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS, "vxUnloadKernels: module \"%.64s\" is not loaded",
            module);
    return VX_ERROR_INVALID_PARAMETERS;
}

VX_API_ENTRY vx_status VX_API_CALL vxRegisterKernelLibrary(vx_context context, const vx_char *module,
                                                           vx_publish_kernels_f publish,
                                                           vx_unpublish_kernels_f unpublish)
{
    ovx_module *m;
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    if (module == NULL || module[0] == '\0' || strlen(module) >= VX_MAX_KERNEL_NAME || publish == NULL) {
        ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS,
                "vxRegisterKernelLibrary: the module name and the publish function are required");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_context_lock(context);
    if (find_module(context, module, vx_true_e)) {
        ovx_context_unlock(context);
        ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS,
                "vxRegisterKernelLibrary: \"%.64s\" is registered already", module);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (context->num_modules >= OVX_MAX_MODULES) {
        ovx_context_unlock(context);
        ovx_log((vx_reference)context, VX_ERROR_NO_RESOURCES, "vxRegisterKernelLibrary: too many modules");
        return VX_ERROR_NO_RESOURCES;
    }
    /* A library linked into the application: vxLoadKernels(module) publishes it. */
    m = &context->modules[context->num_modules++];
    memset(m, 0, sizeof(*m));
    strncpy(m->name, module, VX_MAX_KERNEL_NAME - 1);
    m->publish = publish;
    m->unpublish = unpublish;
    ovx_context_unlock(context);
    return VX_SUCCESS;
}
