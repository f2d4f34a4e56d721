/*
 * Nodes (spec "Object: Node", node side of "Object: Parameter", "Callbacks",
 * vxReplicateNode) and the helpers kernel families use (kernels/kernels.h).
 */
#include "graph.h"
#include "../runtime/dispatch.h"
#include "../kernels/kernels.h"
#include "../objects/delay.h"
#include "../objects/object_array.h"
#include "../objects/pyramid.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void node_destroy(vx_reference ref)
{
    vx_node n = (vx_node)ref;
    if (n->local_data_ours) free(n->local_data_ptr);
    n->local_data_ptr = NULL;
    ovx_node_detach(n);
}

void ovx_node_deinit(vx_node n)
{
    if (n->initialized && n->kernel && n->kernel->deinitialize) {
        n->in_callback = vx_true_e;
        (void)n->kernel->deinitialize(n, (const vx_reference *)n->params, n->kernel->num_params);
        n->in_callback = vx_false_e;
    }
    n->initialized = vx_false_e;
    if (n->local_data_ours) {
        free(n->local_data_ptr);
        n->local_data_ptr = NULL;
        n->local_data_ours = vx_false_e;
        n->local_data_size = n->kernel ? n->kernel->local_data_size : 0;
    }
}

/* Drop the kernel and every bound object (idempotent). */
void ovx_node_detach(vx_node n)
{
    vx_uint32 i;
    for (i = 0; i < OVX_MAX_KERNEL_PARAMS; i++) {
        if (n->params[i]) ovx_ref_release_internal(n->params[i]);
        if (n->delay[i]) ovx_ref_release_internal((vx_reference)n->delay[i]);
        n->params[i] = NULL;
        n->delay[i] = NULL;
    }
    ovx_node_pipeup_outs_free(n);
    if (n->kernel) ovx_ref_release_internal((vx_reference)n->kernel);
    n->kernel = NULL;
}

void ovx_node_pipeup_outs_free(vx_node n)
{
    vx_uint32 i;
    for (i = 0; i < n->num_pipeup_outs; i++)
        if (n->pipeup_outs[i]) ovx_ref_release_internal(n->pipeup_outs[i]);
    free(n->pipeup_outs);
    n->pipeup_outs = NULL;
    n->num_pipeup_outs = 0;
}

static vx_bool node_valid(vx_node n)
{
    return ovx_ref_valid((vx_reference)n, VX_TYPE_NODE) && n->kernel != NULL ? vx_true_e : vx_false_e;
}

const ovx_variant *ovx_node_variant(vx_node node)
{
    return node->variant;
}

vx_reference ovx_node_param(vx_node n, vx_uint32 i)
{
    if (i >= OVX_MAX_KERNEL_PARAMS) return NULL;
    return n->params[i];
}

vx_reference ovx_container_item(vx_reference container, vx_int32 item)
{
    if (item < 0 || !container) return container;
    if (container->type == VX_TYPE_PYRAMID && (vx_size)item < ((vx_pyramid)container)->levels)
        return (vx_reference)((vx_pyramid)container)->images[item];
    if (container->type == VX_TYPE_OBJECT_ARRAY && (vx_size)item < ((vx_object_array)container)->num_items)
        return ((vx_object_array)container)->items[item];
    return NULL;
}

void ovx_node_follow_delays(vx_node n)
{
    vx_uint32 i;
    for (i = 0; i < OVX_MAX_KERNEL_PARAMS; i++) {
        vx_reference now;
        if (!n->delay[i]) continue;
        now = ovx_container_item(ovx_delay_current(n->delay[i], n->delay_index[i]), n->delay_item[i]);
        if (now && now != n->params[i]) {
            ovx_ref_retain_internal(now);
            ovx_ref_release_internal(n->params[i]);
            n->params[i] = now;
        }
    }
}

/* Which delay slot is ref, or which level/item of a slot?  The delay, with
 * *index its slot and *item the level/item (-1 for the slot itself). */
static vx_delay delay_of(vx_reference ref, vx_int32 *index, vx_int32 *item)
{
    vx_delay d;
    vx_size k;
    vx_reference slot = ref;
    *item = -1;
    if (ref->parent && (ref->parent->type == VX_TYPE_PYRAMID || ref->parent->type == VX_TYPE_OBJECT_ARRAY) &&
        ref->parent->parent && ref->parent->parent->type == VX_TYPE_DELAY) {
        vx_int32 j;
        slot = ref->parent;
        for (j = 0; ovx_container_item(slot, j) != NULL; j++)
            if (ovx_container_item(slot, j) == ref) {
                *item = j;
                break;
            }
    }
    if (!slot->parent || slot->parent->type != VX_TYPE_DELAY) return NULL;
    d = (vx_delay)slot->parent;
    for (k = 0; k < d->slots; k++) {
        if (ovx_delay_slot(d, -(vx_int32)k) == slot) {
            *index = -(vx_int32)k;
            return d;
        }
    }
    return NULL;
}

static vx_bool type_matches(vx_enum want, vx_reference value)
{
    /* "any reference" still means a data object: a node, graph, kernel or
     * parameter held by a node would dangle, since those die with their graph
     * or context whatever holds them */
    if (want == VX_TYPE_REFERENCE)
        return value->type != VX_TYPE_NODE && value->type != VX_TYPE_GRAPH && value->type != VX_TYPE_KERNEL &&
                       value->type != VX_TYPE_PARAMETER && value->type != VX_TYPE_CONTEXT &&
                       value->type != VX_TYPE_META_FORMAT && value->type != VX_TYPE_IMPORT &&
                       value->type != VX_TYPE_ERROR
                   ? vx_true_e
                   : vx_false_e;
    if (want == value->type) return vx_true_e;
    /* a scalar parameter of a 1.0 kernel may declare the scalar's data type */
    if (value->type == VX_TYPE_SCALAR && want > VX_TYPE_INVALID && want < VX_TYPE_REFERENCE) return vx_true_e;
    return vx_false_e;
}

static vx_status set_param(vx_node n, vx_uint32 index, vx_reference value, const char *who)
{
    const ovx_param_info *info;
    vx_int32 slot = 0, item = -1;
    vx_delay d;
    if (index >= n->kernel->num_params) {
        ovx_log((vx_reference)n, VX_ERROR_INVALID_PARAMETERS, "%s(%s): index %u, the kernel has %u parameters", who,
                n->kernel->name, index, n->kernel->num_params);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    info = &n->kernel->params[index];
    if (value == NULL) {
        /* only an optional parameter may be unbound */
        if (info->state != VX_PARAMETER_STATE_OPTIONAL) {
            ovx_log((vx_reference)n, VX_ERROR_INVALID_REFERENCE,
                    "%s(%s): parameter %u is required, it cannot be set to NULL", who, n->kernel->name, index);
            return VX_ERROR_INVALID_REFERENCE;
        }
        if (n->params[index]) ovx_ref_release_internal(n->params[index]);
        if (n->delay[index]) ovx_ref_release_internal((vx_reference)n->delay[index]);
        n->params[index] = NULL;
        n->delay[index] = NULL;
        if (n->graph) ovx_graph_changed(n->graph);
        return VX_SUCCESS;
    }
    if (!ovx_ref_valid(value, VX_TYPE_REFERENCE)) {
        ovx_log((vx_reference)n, VX_ERROR_INVALID_REFERENCE, "%s(%s): parameter %u is not a valid reference", who,
                n->kernel->name, index);
        return VX_ERROR_INVALID_REFERENCE;
    }
    if (value->context != n->base.context) {
        ovx_log((vx_reference)n, VX_ERROR_INVALID_REFERENCE, "%s(%s): parameter %u belongs to another context", who,
                n->kernel->name, index);
        return VX_ERROR_INVALID_REFERENCE;
    }
    if (!type_matches(info->type, value)) {
        ovx_log((vx_reference)n, VX_ERROR_INVALID_TYPE, "%s(%s): parameter %u must be a %s, got a %s", who,
                n->kernel->name, index, ovx_type_name(info->type), ovx_type_name(value->type));
        return VX_ERROR_INVALID_TYPE;
    }
    /* A virtual object of a graph released already (scope NULL) may be given
     * (the Khronos CTS does, LUT.VirtualNodeCreation); vxVerifyGraph refuses it. */
    if (value->is_virtual && value->scope && value->scope != (vx_reference)n->graph &&
        value->scope->type == VX_TYPE_GRAPH) {
        ovx_log((vx_reference)n, VX_ERROR_INVALID_SCOPE, "%s(%s): parameter %u is a virtual object of another graph",
                who, n->kernel->name, index);
        return VX_ERROR_INVALID_SCOPE;
    }
    ovx_ref_retain_internal(value);
    if (n->params[index]) ovx_ref_release_internal(n->params[index]);
    n->params[index] = value;
    if (n->delay[index]) ovx_ref_release_internal((vx_reference)n->delay[index]);
    n->delay[index] = NULL;
    d = delay_of(value, &slot, &item);
    if (d) {
        ovx_ref_retain_internal((vx_reference)d);
        n->delay[index] = d;
        n->delay_index[index] = slot;
        n->delay_item[index] = item;
    }
    if (n->graph) ovx_graph_changed(n->graph);
    return VX_SUCCESS;
}

static vx_node node_new(vx_graph graph, vx_kernel kernel)
{
    vx_node n;
    vx_context c = graph->base.context;
    if (graph->num_nodes == graph->cap_nodes) {
        vx_uint32 ncap = graph->cap_nodes ? graph->cap_nodes * 2 : 16;
        vx_node *nn = realloc(graph->nodes, ncap * sizeof(*nn));
        if (!nn) return NULL;
        graph->nodes = nn;
        graph->cap_nodes = ncap;
    }
    n = (vx_node)ovx_ref_create(c, VX_TYPE_NODE, sizeof(struct _vx_node), node_destroy, (vx_reference)graph);
    if (!n) return NULL;
    ovx_ref_retain_internal((vx_reference)kernel);
    n->kernel = kernel;
    n->graph = graph;
    n->border.mode = VX_BORDER_UNDEFINED;
    n->status = VX_SUCCESS;
    n->state = VX_NODE_STATE_STEADY;
    n->index = graph->num_nodes;
    /* VX_NODE_LOCAL_DATA_SIZE starts as the kernel's VX_KERNEL_LOCAL_DATA_SIZE
     * (the memory itself is allocated when the graph is verified) */
    n->local_data_size = kernel->local_data_size;
    /* spec "Valid Image Region": user nodes, warps and remap reset their
     * outputs' valid rectangles, other standard functions compute them */
    ovx_tiling_node_init(n);
    n->valid_rect_reset = (!kernel->desc || kernel->desc->valid_rule == OVX_VALID_FULL) ? vx_true_e : vx_false_e;
    ovx_ref_retain_internal((vx_reference)n); /* the graph's reference */
    graph->nodes[graph->num_nodes++] = n;
    ovx_graph_changed(graph);
    return n;
}

static vx_bool graph_valid(vx_graph g)
{
    return ovx_ref_valid((vx_reference)g, VX_TYPE_GRAPH);
}

VX_API_ENTRY vx_node VX_API_CALL vxCreateGenericNode(vx_graph graph, vx_kernel kernel)
{
    vx_node n;
    if (!graph_valid(graph)) return NULL;
    if (!ovx_ref_valid((vx_reference)kernel, VX_TYPE_KERNEL))
        return (vx_node)ovx_error_from(graph, VX_ERROR_INVALID_REFERENCE,
                                       "vxCreateGenericNode: kernel is not a valid kernel");
    if (kernel->base.context != graph->base.context)
        return (vx_node)ovx_error_from(graph, VX_ERROR_INVALID_REFERENCE,
                                       "vxCreateGenericNode: kernel belongs to another context");
    if (!kernel->finalized || kernel->removed)
        return (vx_node)ovx_error_from(graph, VX_ERROR_INVALID_REFERENCE,
                                       "vxCreateGenericNode(%s): the kernel is %s", kernel->name,
                                       kernel->removed ? "removed" : "not finalized");
    pthread_mutex_lock(&graph->lock);
    n = node_new(graph, kernel);
    pthread_mutex_unlock(&graph->lock);
    if (!n) return (vx_node)ovx_error_from(graph, VX_ERROR_NO_MEMORY, "vxCreateGenericNode: out of memory");
    return n;
}

vx_node ovx_node_create(vx_graph graph, vx_enum kernel_enum, const vx_reference params[], vx_uint32 num)
{
    vx_kernel k;
    vx_node n;
    vx_uint32 i;
    if (!graph_valid(graph)) return NULL;
    k = vxGetKernelByEnum(graph->base.context, kernel_enum);
    if (vxGetStatus((vx_reference)k) != VX_SUCCESS)
        return (vx_node)ovx_error_from(graph, VX_ERROR_INVALID_PARAMETERS,
                                       "creating a node: kernel 0x%x is not available", (unsigned)kernel_enum);
    n = vxCreateGenericNode(graph, k);
    (void)vxReleaseKernel(&k);
    if (vxGetStatus((vx_reference)n) != VX_SUCCESS) return n;
    for (i = 0; i < num && i < n->kernel->num_params; i++) {
        vx_status s;
        if (params[i] == NULL) continue;
        s = set_param(n, i, params[i], n->kernel->name);
        if (s != VX_SUCCESS) {
            vx_context c = graph->base.context;
            (void)vxRemoveNode(&n);
            return (vx_node)ovx_error(c, s);
        }
    }
    return n;
}

vx_scalar ovx_node_scalar(vx_graph graph, vx_enum type, const void *value)
{
    vx_scalar s;
    if (!graph_valid(graph)) return NULL;
    s = vxCreateScalar(graph->base.context, type, value);
    if (vxGetStatus((vx_reference)s) != VX_SUCCESS) return NULL;
    return s;
}

void ovx_scalar_drop(vx_scalar scalar)
{
    if (scalar && ovx_ref_valid((vx_reference)scalar, VX_TYPE_SCALAR)) (void)vxReleaseScalar(&scalar);
}

/* ---- parameters ---------------------------------------------------------- */
VX_API_ENTRY vx_status VX_API_CALL vxSetParameterByIndex(vx_node node, vx_uint32 index, vx_reference value)
{
    vx_status s;
    if (!node_valid(node)) return VX_ERROR_INVALID_REFERENCE;
    pthread_mutex_lock(&node->graph->lock);
    s = set_param(node, index, value, "vxSetParameterByIndex");
    pthread_mutex_unlock(&node->graph->lock);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetParameterByReference(vx_parameter parameter, vx_reference value)
{
    vx_status s;
    if (!ovx_ref_valid((vx_reference)parameter, VX_TYPE_PARAMETER)) return VX_ERROR_INVALID_REFERENCE;
    if (!parameter->node || !node_valid(parameter->node)) {
        ovx_log((vx_reference)parameter, VX_ERROR_INVALID_PARAMETERS, "vxSetParameterByReference: %s",
                parameter->node ? "the parameter's node was removed or its graph released"
                                : "the parameter belongs to a kernel, not a node");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    pthread_mutex_lock(&parameter->node->graph->lock);
    s = set_param(parameter->node, parameter->index, value, "vxSetParameterByReference");
    pthread_mutex_unlock(&parameter->node->graph->lock);
    return s;
}

static void node_parameter_destruct(vx_reference ref)
{
    vx_parameter p = (vx_parameter)ref;
    ovx_ref_release_internal((vx_reference)p->kernel);
    if (p->node) ovx_ref_release_internal((vx_reference)p->node);
}

VX_API_ENTRY vx_parameter VX_API_CALL vxGetParameterByIndex(vx_node node, vx_uint32 index)
{
    vx_parameter p;
    if (!node_valid(node)) return NULL;
    if (index >= node->kernel->num_params)
        return (vx_parameter)ovx_error_from(node, VX_ERROR_INVALID_PARAMETERS,
                                            "vxGetParameterByIndex(%s): index %u, the kernel has %u parameters",
                                            node->kernel->name, index, node->kernel->num_params);
    p = (vx_parameter)ovx_ref_create(node->base.context, VX_TYPE_PARAMETER, sizeof(struct _vx_parameter),
                                     node_parameter_destruct, NULL);
    if (!p) return (vx_parameter)ovx_error(node->base.context, VX_ERROR_NO_MEMORY);
    ovx_ref_retain_internal((vx_reference)node->kernel);
    ovx_ref_retain_internal((vx_reference)node);
    p->kernel = node->kernel;
    p->node = node;
    p->index = index;
    return p;
}

vx_reference ovx_param_node_ref(vx_parameter p)
{
    if (!p->node || !ovx_ref_is_live(p->node)) return NULL;
    ovx_node_follow_delays(p->node);
    return p->node->params[p->index];
}

/* ---- attributes ---------------------------------------------------------- */
VX_API_ENTRY vx_status VX_API_CALL vxQueryNode(vx_node node, vx_enum attribute, void *ptr, vx_size size)
{
    vx_status s;
    if (!node_valid(node)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    case VX_NODE_STATUS:
        ovx_graph_state_lock(node->graph);
        s = ovx_query_copy(ptr, size, &node->status, sizeof(vx_status));
        ovx_graph_state_unlock(node->graph);
        break;
    case VX_NODE_PERFORMANCE:
        ovx_graph_state_lock(node->graph);
        s = ovx_query_copy(ptr, size, &node->perf, sizeof(vx_perf_t));
        ovx_graph_state_unlock(node->graph);
        break;
    case VX_NODE_BORDER: {
        vx_border_t b;
        ovx_graph_state_lock(node->graph); /* vxSetNodeAttribute writes it under this lock */
        b = node->border;
        ovx_graph_state_unlock(node->graph);
        s = ovx_query_copy(ptr, size, &b, sizeof(vx_border_t));
        break;
    }
    case VX_NODE_LOCAL_DATA_SIZE:
        s = ovx_query_copy(ptr, size, &node->local_data_size, sizeof(vx_size));
        break;
    case VX_NODE_LOCAL_DATA_PTR:
        s = ovx_query_copy(ptr, size, &node->local_data_ptr, sizeof(void *));
        break;
    case VX_NODE_PARAMETERS:
        s = ovx_query_copy(ptr, size, &node->kernel->num_params, sizeof(vx_uint32));
        break;
    case VX_NODE_IS_REPLICATED:
        s = ovx_query_copy(ptr, size, &node->replicated, sizeof(vx_bool));
        break;
    case VX_NODE_REPLICATE_FLAGS:
        if (ptr == NULL || size != node->kernel->num_params * sizeof(vx_bool) || !node->replicated) {
            s = VX_ERROR_INVALID_PARAMETERS;
        } else {
            memcpy(ptr, node->replicate, size);
            s = VX_SUCCESS;
        }
        break;
    case VX_NODE_VALID_RECT_RESET:
        s = ovx_query_copy(ptr, size, &node->valid_rect_reset, sizeof(vx_bool));
        break;
    case VX_NODE_STATE:
        s = ovx_query_copy(ptr, size, &node->state, sizeof(vx_enum));
        break;
    case VX_NODE_OVX_VARIANT: {
        const char *name = node->variant ? node->variant->name : "scalar";
        if (ptr == NULL || size < strlen(name) + 1) {
            s = VX_ERROR_INVALID_PARAMETERS;
        } else {
            memcpy(ptr, name, strlen(name) + 1);
            s = VX_SUCCESS;
        }
        break;
    }
    default:
        if (node->kernel->tiling && (s = ovx_tiling_query_node(node, attribute, ptr, size)) != VX_ERROR_NOT_SUPPORTED)
            break;
        ovx_log((vx_reference)node, VX_ERROR_NOT_SUPPORTED, "vxQueryNode: attribute %s is not supported",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (s != VX_SUCCESS)
        ovx_log((vx_reference)node, s, "vxQueryNode: attribute %s: wrong size %zu or NULL pointer",
                OVX_ATTR(attribute), (size_t)size);
    return s;
}

static vx_status set_node_attribute(vx_node node, vx_enum attribute, const void *ptr, vx_size size);

VX_API_ENTRY vx_status VX_API_CALL vxSetNodeAttribute(vx_node node, vx_enum attribute, const void *ptr, vx_size size)
{
    vx_graph g;
    vx_status s;
    if (!node_valid(node)) return VX_ERROR_INVALID_REFERENCE;
    /* the local data: only from the node's own initialize/deinitialize
     * callbacks, on the thread that verifies or releases the graph */
    if (attribute == VX_NODE_LOCAL_DATA_PTR || attribute == VX_NODE_LOCAL_DATA_SIZE)
        return set_node_attribute(node, attribute, ptr, size);
    /* The rest changes what a run reads: not while the graph is scheduled or
     * running (checked first without blocking, so that a kernel or callback
     * of the running graph is refused at once), and under the graph's lock,
     * which a run holds throughout, so that no run starts meanwhile. */
    g = node->graph;
    if (ovx_graph_busy(g)) {
        ovx_log((vx_reference)node, VX_ERROR_GRAPH_SCHEDULED, "vxSetNodeAttribute: the graph is scheduled or running");
        return VX_ERROR_GRAPH_SCHEDULED;
    }
    pthread_mutex_lock(&g->lock);
    if (ovx_graph_busy(g)) {
        s = VX_ERROR_GRAPH_SCHEDULED;
        ovx_log((vx_reference)node, s, "vxSetNodeAttribute: the graph is scheduled or running");
    } else {
        s = set_node_attribute(node, attribute, ptr, size);
    }
    pthread_mutex_unlock(&g->lock);
    return s;
}

static vx_status set_node_attribute(vx_node node, vx_enum attribute, const void *ptr, vx_size size)
{
    switch (attribute) {
    case VX_NODE_BORDER: {
        const vx_border_t *b = ptr;
        if (!ptr || size != sizeof(vx_border_t)) break;
        if (node->kernel->tiling && node->kernel->tile_border_mode == VX_BORDER_MODE_SELF) {
            /* vx_border_tiling_e: a kernel's SELF mode cannot be overridden */
            ovx_log((vx_reference)node, VX_ERROR_NOT_SUPPORTED,
                    "vxSetNodeAttribute(%s): the tiling kernel's VX_BORDER_MODE_SELF cannot be overridden",
                    node->kernel->name);
            return VX_ERROR_NOT_SUPPORTED;
        }
        if (b->mode != VX_BORDER_UNDEFINED && b->mode != VX_BORDER_CONSTANT && b->mode != VX_BORDER_REPLICATE &&
            !(node->kernel->tiling && b->mode == VX_BORDER_MODE_SELF)) {
            ovx_log((vx_reference)node, VX_ERROR_INVALID_VALUE, "vxSetNodeAttribute: border mode 0x%x is unknown",
                    (unsigned)b->mode);
            return VX_ERROR_INVALID_VALUE;
        }
        ovx_graph_state_lock(node->graph); /* vxQueryNode reads it under this lock */
        node->border = *b;
        ovx_graph_state_unlock(node->graph);
        ovx_graph_changed(node->graph);
        return VX_SUCCESS;
    }
    case VX_NODE_LOCAL_DATA_SIZE:
    case VX_NODE_LOCAL_DATA_PTR:
        if (!node->in_callback || node->kernel->local_data_size > 0) {
            ovx_log((vx_reference)node, VX_ERROR_NOT_SUPPORTED,
                    "vxSetNodeAttribute(%s): the local data of a node can be set only by its kernel's initialize "
                    "and deinitialize callbacks, and only when the kernel's VX_KERNEL_LOCAL_DATA_SIZE is 0",
                    node->kernel->name);
            return VX_ERROR_NOT_SUPPORTED;
        }
        if (attribute == VX_NODE_LOCAL_DATA_PTR) {
            if (!ptr || size != sizeof(void *)) break;
            if (node->local_data_ours) free(node->local_data_ptr);
            node->local_data_ours = vx_false_e;
            node->local_data_ptr = *(void *const *)ptr;
            return VX_SUCCESS;
        }
        if (!ptr || size != sizeof(vx_size)) break;
        if (node->local_data_ours) {
            free(node->local_data_ptr);
            node->local_data_ptr = NULL;
            node->local_data_ours = vx_false_e;
        }
        node->local_data_size = *(const vx_size *)ptr;
        return VX_SUCCESS;
    case VX_NODE_VALID_RECT_RESET:
    case VX_NODE_STATUS:
    case VX_NODE_PERFORMANCE:
    case VX_NODE_PARAMETERS:
    case VX_NODE_IS_REPLICATED:
    case VX_NODE_REPLICATE_FLAGS:
    case VX_NODE_STATE:
        ovx_log((vx_reference)node, VX_ERROR_NOT_SUPPORTED, "vxSetNodeAttribute: attribute %s is read-only",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    default: {
        vx_status ts = ovx_tiling_set_node(node, attribute, ptr, size);
        if (ts != VX_ERROR_NOT_SUPPORTED) return ts;
    }
        ovx_log((vx_reference)node, VX_ERROR_NOT_SUPPORTED, "vxSetNodeAttribute: attribute %s is not supported",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    ovx_log((vx_reference)node, VX_ERROR_INVALID_PARAMETERS,
            "vxSetNodeAttribute: attribute %s: wrong size %zu or NULL pointer", OVX_ATTR(attribute), (size_t)size);
    return VX_ERROR_INVALID_PARAMETERS;
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseNode(vx_node *node)
{
    return ovx_ref_release((vx_reference *)node, VX_TYPE_NODE, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxRemoveNode(vx_node *node)
{
    vx_node n;
    vx_graph g;
    vx_uint32 i;
    if (node == NULL || !node_valid(*node)) return VX_ERROR_INVALID_REFERENCE;
    n = *node;
    g = n->graph;
    pthread_mutex_lock(&g->lock);
    if (ovx_graph_running(g)) {
        pthread_mutex_unlock(&g->lock);
        ovx_log((vx_reference)n, VX_ERROR_GRAPH_SCHEDULED, "vxRemoveNode: the graph is running");
        return VX_ERROR_GRAPH_SCHEDULED;
    }
    for (i = 0; i < g->num_nodes; i++) {
        if (g->nodes[i] == n) {
            memmove(&g->nodes[i], &g->nodes[i + 1], (g->num_nodes - i - 1) * sizeof(vx_node));
            g->num_nodes--;
            break;
        }
    }
    for (i = 0; i < g->num_nodes; i++) g->nodes[i]->index = i;
    /* graph parameters of the removed node go away with it */
    for (i = 0; i < g->num_params;) {
        if (g->params[i].node == n) {
            ovx_ref_release_internal((vx_reference)n);
            memmove(&g->params[i], &g->params[i + 1], (g->num_params - i - 1) * sizeof(ovx_graph_param));
            g->num_params--;
        } else {
            i++;
        }
    }
    ovx_node_deinit(n);
    ovx_graph_changed(g);
    n->graph = NULL; /* a vx_parameter of it may keep it: detached from every graph */
    pthread_mutex_unlock(&g->lock);
    ovx_node_detach(n);
    ovx_ref_release_internal((vx_reference)n); /* the graph's */
    return ovx_ref_release((vx_reference *)node, VX_TYPE_NODE, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxAssignNodeCallback(vx_node node, vx_nodecomplete_f callback)
{
    vx_nodecomplete_f none = NULL;
    if (!node_valid(node)) return VX_ERROR_INVALID_REFERENCE;
    if (callback == NULL) {
        __atomic_store_n(&node->callback, NULL, __ATOMIC_RELEASE);
        return VX_SUCCESS;
    }
    /* only over no callback (two threads assigning at once: one wins); the
     * graph may be running and reads it as it is */
    if (!__atomic_compare_exchange_n(&node->callback, &none, callback, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        ovx_log((vx_reference)node, VX_ERROR_NOT_SUPPORTED,
                "vxAssignNodeCallback: the node has a callback already (assign NULL first)");
        return VX_ERROR_NOT_SUPPORTED;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_nodecomplete_f VX_API_CALL vxRetrieveNodeCallback(vx_node node)
{
    if (!node_valid(node)) return NULL;
    return ovx_node_callback(node);
}

VX_API_ENTRY vx_status VX_API_CALL vxSetNodeTarget(vx_node node, vx_enum target_enum, const char *target_string)
{
    if (!node_valid(node)) return VX_ERROR_INVALID_REFERENCE;
    switch (target_enum) {
    case VX_TARGET_ANY:
        ovx_graph_changed(node->graph); /* "a success invalidates the graph" */
        return VX_SUCCESS;
    case VX_TARGET_STRING:
        if (target_string && ovx_target_name_ok(target_string)) {
            ovx_graph_changed(node->graph);
            return VX_SUCCESS;
        }
        ovx_log((vx_reference)node, VX_ERROR_NOT_SUPPORTED, "vxSetNodeTarget: target \"%s\" is not available",
                target_string ? target_string : "(null)");
        return VX_ERROR_NOT_SUPPORTED;
    default:
        ovx_log((vx_reference)node, VX_ERROR_NOT_SUPPORTED, "vxSetNodeTarget: target enum 0x%x is not supported",
                (unsigned)target_enum);
        return VX_ERROR_NOT_SUPPORTED;
    }
}

/* The number of items of the container of a replicated parameter (item 0 of
 * an object array or level 0 of a pyramid), 0 if ref is not such an item. */
static vx_size replicate_count(vx_reference ref)
{
    vx_reference parent = ref ? ref->parent : NULL;
    if (!parent) return 0;
    if (parent->type == VX_TYPE_OBJECT_ARRAY) {
        vx_object_array oa = (vx_object_array)parent;
        return oa->num_items > 0 && oa->items[0] == ref ? oa->num_items : 0;
    }
    if (parent->type == VX_TYPE_PYRAMID) {
        vx_pyramid p = (vx_pyramid)parent;
        return p->levels > 0 && (vx_reference)p->images[0] == ref ? p->levels : 0;
    }
    return 0;
}

VX_API_ENTRY vx_status VX_API_CALL vxReplicateNode(vx_graph graph, vx_node first_node, vx_bool replicate[],
                                                   vx_uint32 number_of_parameters)
{
    vx_uint32 i;
    vx_size count = 0;
    if (!graph_valid(graph)) return VX_ERROR_INVALID_REFERENCE;
    if (!node_valid(first_node)) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_REFERENCE, "vxReplicateNode: first_node is not a valid node");
        return VX_ERROR_INVALID_REFERENCE;
    }
    if (first_node->graph != graph) {
        ovx_log((vx_reference)graph, VX_FAILURE, "vxReplicateNode: first_node is a node of another graph");
        return VX_FAILURE;
    }
    if (replicate == NULL || number_of_parameters != first_node->kernel->num_params) {
        ovx_log((vx_reference)first_node, VX_ERROR_INVALID_PARAMETERS,
                "vxReplicateNode: %u flags given, the kernel has %u parameters", number_of_parameters,
                first_node->kernel->num_params);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    for (i = 0; i < number_of_parameters; i++) {
        vx_size c;
        if (!replicate[i]) continue;
        c = replicate_count(first_node->params[i]);
        if (c == 0) {
            ovx_log((vx_reference)first_node, VX_ERROR_NOT_COMPATIBLE,
                    "vxReplicateNode(%s): parameter %u is not item 0 of an object array or level 0 of a pyramid",
                    first_node->kernel->name, i);
            return VX_ERROR_NOT_COMPATIBLE;
        }
        if (count != 0 && c != count) {
            ovx_log((vx_reference)first_node, VX_FAILURE,
                    "vxReplicateNode(%s): parameter %u has %zu items, an earlier one %zu", first_node->kernel->name, i,
                    (size_t)c, (size_t)count);
            return VX_FAILURE;
        }
        count = c;
    }
    /* (a run reads the flags: not while one may be going on) */
    if (ovx_graph_lock_idle(graph, "vxReplicateNode") != VX_SUCCESS) return VX_ERROR_GRAPH_SCHEDULED;
    for (i = 0; i < number_of_parameters; i++) first_node->replicate[i] = replicate[i] ? vx_true_e : vx_false_e;
    first_node->replicated = count > 0 ? vx_true_e : vx_false_e;
    ovx_graph_changed(graph);
    pthread_mutex_unlock(&graph->lock);
    return VX_SUCCESS;
}

/* ---- helpers for kernels (kernels.h) ------------------------------------ */
vx_status ovx_kernel_log(vx_node node, vx_uint32 index, vx_status status, const char *fmt, ...)
{
    char msg[VX_MAX_LOG_MESSAGE_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    if (ovx_ref_valid((vx_reference)node, VX_TYPE_NODE) && node->kernel)
        ovx_log((vx_reference)node, status, "%s, parameter %u: %s", node->kernel->name, index, msg);
    return status;
}

vx_border_t ovx_node_border(vx_node node)
{
    return node->border;
}

ovx_plane ovx_image_plane(vx_image image, vx_uint32 plane)
{
    ovx_plane p;
    const ovx_format_info *info = image->info;
    p.ptr = ovx_image_plane_ptr(image, plane, &p.stride);
    if (info && plane < info->planes) {
        p.width = image->width / info->plane[plane].sub_x;
        p.height = image->height / info->plane[plane].sub_y;
    } else {
        p.width = image->width;
        p.height = image->height;
    }
    return p;
}

vx_status ovx_scalar_get(vx_scalar scalar, vx_enum type, void *value)
{
    if (!ovx_ref_valid((vx_reference)scalar, VX_TYPE_SCALAR)) return VX_ERROR_INVALID_REFERENCE;
    if (scalar->data_type != type) return VX_ERROR_INVALID_TYPE;
    memcpy(value, scalar->data, scalar->size);
    return VX_SUCCESS;
}

vx_status ovx_scalar_set(vx_scalar scalar, vx_enum type, const void *value)
{
    if (!ovx_ref_valid((vx_reference)scalar, VX_TYPE_SCALAR)) return VX_ERROR_INVALID_REFERENCE;
    if (scalar->data_type != type) return VX_ERROR_INVALID_TYPE;
    memcpy(scalar->data, value, scalar->size);
    return VX_SUCCESS;
}
