/*
 * Graphs (spec "Object: Graph", "Graph Concepts", graph parameters,
 * vxRegisterAutoAging).  Verification is in verify.c, execution in
 * execute.c.
 *
 * State machine: UNVERIFIED -> (vxVerifyGraph) VERIFIED -> (process or
 * schedule) RUNNING -> COMPLETED or ABANDONED; any change to the graph (a node
 * added, removed, a parameter or border changed) makes it UNVERIFIED again and
 * the next vxProcessGraph / vxScheduleGraph verifies it first.
 */
#include "graph.h"
#include "../objects/delay.h"

#include <stdlib.h>
#include <string.h>

static void graph_destroy(vx_reference ref)
{
    vx_graph g = (vx_graph)ref;
    vx_uint32 i;
    vx_bool teardown = g->base.context->tearing_down;
    /* queue and streaming threads stop at a frame boundary first */
    ovx_pipe_destroy(g);
    /* vxReleaseGraph and vxReleaseContext wait for a scheduled run first,
     * then the graph's worker thread stops */
    if (g->worker_alive) {
        pthread_mutex_lock(&g->state_lock);
        while (g->scheduled && !g->run_done) pthread_cond_wait(&g->state_cond, &g->state_lock);
        g->scheduled = vx_false_e;
        g->worker_stop = vx_true_e;
        pthread_cond_signal(&g->run_cond);
        pthread_mutex_unlock(&g->state_lock);
        (void)pthread_join(g->thread, NULL);
        g->worker_alive = vx_false_e;
    }
    /* During context teardown the other objects may be gone already: touch
     * none of them (the context frees them all). */
    for (i = 0; !teardown && i < g->num_params; i++) ovx_ref_release_internal((vx_reference)g->params[i].node);
    for (i = 0; !teardown && i < g->num_nodes; i++) {
        vx_node n = g->nodes[i];
        ovx_node_deinit(n);
        ovx_node_detach(n);
        n->graph = NULL;
        /* spec vxReleaseGraph: "all node references in the graph are
         * automatically released as well" (the application's included).  A
         * vx_parameter object of the node still holds it: it stays a detached
         * node (no kernel, no graph) that every API call refuses, until then. */
        ovx_ref_drop_all_external((vx_reference)n);
        ovx_ref_release_internal((vx_reference)n); /* the graph's */
    }
    /* The graph's virtual objects outlive it while the application holds them:
     * they lose their scope, so that no graph can take them (VX_ERROR_INVALID_SCOPE). */
    if (!teardown) ovx_ref_orphan_scope(g->base.context, (vx_reference)g);
    for (i = 0; !teardown && i < g->num_delays; i++) ovx_ref_release_internal((vx_reference)g->delays[i]);
    ovx_memplan_release(g);
    ovx_fuse_release(g);
    free(g->nodes);
    free(g->delays);
    free(g->order);
    free(g->wave);
    g->wave = NULL;
    g->nodes = NULL;
    g->delays = NULL;
    g->order = NULL;
    pthread_mutex_destroy(&g->lock);
    pthread_mutex_destroy(&g->state_lock);
    pthread_cond_destroy(&g->state_cond);
    pthread_cond_destroy(&g->run_cond);
}

VX_API_ENTRY vx_graph VX_API_CALL vxCreateGraph(vx_context context)
{
    vx_graph g;
    pthread_mutexattr_t attr;
    if (!ovx_context_valid(context)) return NULL;
    g = (vx_graph)ovx_ref_create(context, VX_TYPE_GRAPH, sizeof(struct _vx_graph), graph_destroy, NULL);
    if (!g) return (vx_graph)ovx_error_from(context, VX_ERROR_NO_MEMORY, "vxCreateGraph: out of memory");
    pthread_mutexattr_init(&attr);
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&g->lock, &attr);
    pthread_mutexattr_destroy(&attr);
    pthread_mutex_init(&g->state_lock, NULL);
    pthread_cond_init(&g->state_cond, NULL);
    pthread_cond_init(&g->run_cond, NULL);
    g->state = VX_GRAPH_STATE_UNVERIFIED;
    return g;
}

static vx_bool graph_valid(vx_graph g)
{
    return ovx_ref_valid((vx_reference)g, VX_TYPE_GRAPH);
}

void ovx_graph_state_lock(vx_graph g)
{
    if (g) pthread_mutex_lock(&g->state_lock);
}

void ovx_graph_state_unlock(vx_graph g)
{
    if (g) pthread_mutex_unlock(&g->state_lock);
}

void ovx_graph_changed(vx_graph g)
{
    pthread_mutex_lock(&g->state_lock);
    g->reverify = vx_true_e;
    g->verified = vx_false_e;
    if (!g->running) g->state = VX_GRAPH_STATE_UNVERIFIED;
    pthread_mutex_unlock(&g->state_lock);
}

vx_bool ovx_graph_running(vx_graph g)
{
    vx_bool r;
    if (!g) return vx_false_e;
    pthread_mutex_lock(&g->state_lock);
    r = g->running;
    pthread_mutex_unlock(&g->state_lock);
    return r;
}

/* Scheduled (until joined) or running: what makes a graph refuse a new run or
 * a change (VX_ERROR_GRAPH_SCHEDULED). */
vx_bool ovx_graph_busy(vx_graph g)
{
    vx_bool busy;
    pthread_mutex_lock(&g->state_lock);
    busy = g->scheduled || g->running ? vx_true_e : vx_false_e;
    pthread_mutex_unlock(&g->state_lock);
    return busy;
}

/* The graph's lock for a change that a run reads (no run starts while it is
 * held): VX_SUCCESS, held; or, the graph scheduled or running,
 * VX_ERROR_GRAPH_SCHEDULED logged ("who: the graph is scheduled or
 * running"), not held. */
vx_status ovx_graph_lock_idle(vx_graph g, const char *who)
{
    pthread_mutex_lock(&g->lock);
    if (!ovx_graph_busy(g)) return VX_SUCCESS;
    pthread_mutex_unlock(&g->lock);
    ovx_log((vx_reference)g, VX_ERROR_GRAPH_SCHEDULED, "%s: the graph is scheduled or running", who);
    return VX_ERROR_GRAPH_SCHEDULED;
}

static vx_status graph_run(vx_graph g);

/* Take the scheduled run and do it (g->state_lock held on entry and on
 * return; released while the graph runs): its status and run_done set. */
static void run_requested(vx_graph g)
{
    vx_status s;
    g->run_request = vx_false_e;
    pthread_mutex_unlock(&g->state_lock);
    pthread_mutex_lock(&g->lock);
    s = graph_run(g);
    pthread_mutex_unlock(&g->lock);
    pthread_mutex_lock(&g->state_lock);
    g->async_status = s;
    g->run_done = vx_true_e;
}

/* Wait for an outstanding vxScheduleGraph (the graph is single-issue): the
 * first waiter waits for the worker's run_done; the graph stays `scheduled`
 * until then, so no new run starts while the old one still runs, and other
 * waiters wait for that first one and get the same status.  VX_FAILURE when
 * nothing was scheduled. */
static vx_status graph_join(vx_graph g, vx_bool *was_scheduled)
{
    vx_status s;
    pthread_mutex_lock(&g->state_lock);
    if (was_scheduled) *was_scheduled = g->scheduled;
    if (!g->scheduled) {
        pthread_mutex_unlock(&g->state_lock);
        return VX_FAILURE;
    }
    if (g->joining) {
        while (g->joining) pthread_cond_wait(&g->state_cond, &g->state_lock);
        s = g->async_status;
        pthread_mutex_unlock(&g->state_lock);
        return s;
    }
    g->joining = vx_true_e;
    if (g->run_request) {
        /* the worker has not taken the run yet: the waiter runs it (a
         * vxScheduleGraph followed by vxWaitGraph then costs what a
         * vxProcessGraph does, on the caller's warm core) */
        run_requested(g);
    }
    while (!g->run_done) pthread_cond_wait(&g->state_cond, &g->state_lock);
    s = g->async_status;
    g->scheduled = vx_false_e;
    g->joining = vx_false_e;
    pthread_cond_broadcast(&g->state_cond);
    pthread_mutex_unlock(&g->state_lock);
    return s;
}

void ovx_graph_wait_all(vx_context c)
{
    /* queue workers and streaming stop at a frame boundary */
    for (;;) {
        vx_reference r;
        vx_graph found = NULL;
        ovx_context_lock(c);
        for (r = c->head; r && !found; r = r->next)
            if (r->type == VX_TYPE_GRAPH && ((vx_graph)r)->pipe) found = (vx_graph)r;
        ovx_context_unlock(c);
        if (!found) break;
        ovx_pipe_destroy(found);
    }
    for (;;) {
        vx_reference r;
        vx_graph found = NULL;
        ovx_context_lock(c);
        for (r = c->head; r && !found; r = r->next) {
            if (r->type != VX_TYPE_GRAPH) continue;
            pthread_mutex_lock(&((vx_graph)r)->state_lock);
            if (((vx_graph)r)->scheduled && !((vx_graph)r)->joining) found = (vx_graph)r;
            pthread_mutex_unlock(&((vx_graph)r)->state_lock);
        }
        ovx_context_unlock(c);
        if (!found) return;
        (void)graph_join(found, NULL);
    }
}

VX_API_ENTRY vx_status VX_API_CALL vxReleaseGraph(vx_graph *graph)
{
    if (graph && graph_valid(*graph)) (void)graph_join(*graph, NULL);
    return ovx_ref_release((vx_reference *)graph, VX_TYPE_GRAPH, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxQueryGraph(vx_graph graph, vx_enum attribute, void *ptr, vx_size size)
{
    vx_status s;
    if (!graph_valid(graph)) return VX_ERROR_INVALID_REFERENCE;
    switch (attribute) {
    /* what a run changes: under the state lock (a query does not wait for a run) */
    case VX_GRAPH_SCHEDULE_MODE: {
        vx_enum m = ovx_pipe_mode(graph);
        s = ovx_query_copy(ptr, size, &m, sizeof(m));
        break;
    }
    case VX_GRAPH_PERFORMANCE:
    case VX_GRAPH_STATE:
        pthread_mutex_lock(&graph->state_lock);
        s = attribute == VX_GRAPH_STATE ? ovx_query_copy(ptr, size, &graph->state, sizeof(vx_enum))
                                        : ovx_query_copy(ptr, size, &graph->perf, sizeof(vx_perf_t));
        pthread_mutex_unlock(&graph->state_lock);
        break;
    /* what building and verifying change: under the graph's lock */
    case VX_GRAPH_NUMNODES:
    case VX_GRAPH_NUMPARAMETERS:
    case VX_GRAPH_OVX_VIRTUAL_BYTES:
    case VX_GRAPH_OVX_VIRTUAL_BYTES_UNSHARED:
    case VX_GRAPH_OVX_FUSION:
    case VX_GRAPH_OVX_FUSED_NODES:
        pthread_mutex_lock(&graph->lock);
        if (attribute == VX_GRAPH_NUMNODES)
            s = ovx_query_copy(ptr, size, &graph->num_nodes, sizeof(vx_uint32));
        else if (attribute == VX_GRAPH_NUMPARAMETERS)
            s = ovx_query_copy(ptr, size, &graph->num_params, sizeof(vx_uint32));
        else if (attribute == VX_GRAPH_OVX_VIRTUAL_BYTES)
            s = ovx_query_copy(ptr, size, &graph->planned_bytes, sizeof(vx_size));
        else if (attribute == VX_GRAPH_OVX_FUSION) {
            vx_bool on = graph->fusion_off ? vx_false_e : vx_true_e;
            s = ovx_query_copy(ptr, size, &on, sizeof(vx_bool));
        } else if (attribute == VX_GRAPH_OVX_FUSED_NODES)
            s = ovx_query_copy(ptr, size, &graph->fused_nodes, sizeof(vx_uint32));
        else
            s = ovx_query_copy(ptr, size, &graph->unplanned_bytes, sizeof(vx_size));
        pthread_mutex_unlock(&graph->lock);
        break;
    default:
        ovx_log((vx_reference)graph, VX_ERROR_NOT_SUPPORTED, "vxQueryGraph: attribute %s is not supported",
                OVX_ATTR(attribute));
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (s != VX_SUCCESS)
        ovx_log((vx_reference)graph, s, "vxQueryGraph: attribute %s: wrong size %zu or NULL pointer",
                OVX_ATTR(attribute), (size_t)size);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetGraphAttribute(vx_graph graph, vx_enum attribute, const void *ptr,
                                                       vx_size size)
{
    if (!graph_valid(graph)) return VX_ERROR_INVALID_REFERENCE;
    if (attribute == VX_GRAPH_OVX_FUSION) {
        vx_bool on;
        if (!ptr || size != sizeof(vx_bool)) {
            ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetGraphAttribute: VX_GRAPH_OVX_FUSION takes a vx_bool (size %zu given)", (size_t)size);
            return VX_ERROR_INVALID_PARAMETERS;
        }
        on = *(const vx_bool *)ptr;
        pthread_mutex_lock(&graph->lock);
        if (ovx_graph_busy(graph)) {
            pthread_mutex_unlock(&graph->lock);
            ovx_log((vx_reference)graph, VX_ERROR_GRAPH_SCHEDULED, "vxSetGraphAttribute: the graph is running");
            return VX_ERROR_GRAPH_SCHEDULED;
        }
        if ((graph->fusion_off ? vx_false_e : vx_true_e) != (on ? vx_true_e : vx_false_e)) {
            graph->fusion_off = on ? vx_false_e : vx_true_e;
            ovx_graph_changed(graph);
        }
        pthread_mutex_unlock(&graph->lock);
        return VX_SUCCESS;
    }
    /* every graph attribute of 1.3.1 is read-only */
    ovx_log((vx_reference)graph, VX_ERROR_NOT_SUPPORTED, "vxSetGraphAttribute: attribute %s is %s",
            OVX_ATTR(attribute),
            (attribute == VX_GRAPH_NUMNODES || attribute == VX_GRAPH_PERFORMANCE ||
             attribute == VX_GRAPH_NUMPARAMETERS || attribute == VX_GRAPH_STATE || attribute == VX_GRAPH_SCHEDULE_MODE)
                ? "read-only"
                : "not supported");
    return VX_ERROR_NOT_SUPPORTED;
}

VX_API_ENTRY vx_bool VX_API_CALL vxIsGraphVerified(vx_graph graph)
{
    vx_bool v;
    if (!graph_valid(graph)) return vx_false_e;
    pthread_mutex_lock(&graph->state_lock);
    v = graph->verified && !graph->reverify ? vx_true_e : vx_false_e;
    pthread_mutex_unlock(&graph->state_lock);
    return v;
}

VX_API_ENTRY vx_status VX_API_CALL vxVerifyGraph(vx_graph graph)
{
    vx_status s;
    if (!graph_valid(graph)) return VX_ERROR_INVALID_REFERENCE;
    if ((s = ovx_graph_lock_idle(graph, "vxVerifyGraph")) != VX_SUCCESS) return s;
    s = ovx_graph_verify(graph);
    pthread_mutex_unlock(&graph->lock);
    return s;
}

/* Verify when needed, then run: the body of process and schedule. */
static vx_status graph_run(vx_graph g)
{
    vx_status s = VX_SUCCESS;
    if (!vxIsGraphVerified(g)) s = ovx_graph_verify(g);
    if (s == VX_SUCCESS) s = ovx_graph_execute(g);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxProcessGraph(vx_graph graph)
{
    vx_status s;
    if (!graph_valid(graph)) return VX_ERROR_INVALID_REFERENCE;
    if (ovx_pipe_mode(graph) != VX_GRAPH_SCHEDULE_MODE_NORMAL) {
        ovx_log((vx_reference)graph, VX_ERROR_NOT_SUPPORTED,
                "vxProcessGraph: the graph is in a queue schedule mode (enqueue references; QUEUE_MANUAL: "
                "vxScheduleGraph)");
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (ovx_pipe_streaming(graph)) {
        ovx_log((vx_reference)graph, VX_ERROR_GRAPH_SCHEDULED,
                "vxProcessGraph: the graph is streaming (vxStopGraphStreaming first)");
        return VX_ERROR_GRAPH_SCHEDULED;
    }
    pthread_mutex_lock(&graph->lock);
    if (ovx_graph_busy(graph)) {
        pthread_mutex_unlock(&graph->lock);
        ovx_log((vx_reference)graph, VX_ERROR_GRAPH_SCHEDULED,
                "vxProcessGraph: the graph is scheduled (call vxWaitGraph first)");
        return VX_ERROR_GRAPH_SCHEDULED;
    }
    s = graph_run(graph);
    pthread_mutex_unlock(&graph->lock);
    return s;
}

/* The graph's worker: one thread for all its scheduled runs (no thread
 * start per vxScheduleGraph: that cost tens of microseconds, and a fresh
 * stack's page faults more). */
static void *graph_worker(void *arg)
{
    vx_graph g = arg;
    pthread_mutex_lock(&g->state_lock);
    for (;;) {
        while (!g->run_request && !g->worker_stop) pthread_cond_wait(&g->run_cond, &g->state_lock);
        if (!g->run_request) break; /* stop */
        run_requested(g);
        pthread_cond_broadcast(&g->state_cond);
    }
    pthread_mutex_unlock(&g->state_lock);
    return NULL;
}

VX_API_ENTRY vx_status VX_API_CALL vxScheduleGraph(vx_graph graph)
{
    vx_status s = VX_SUCCESS;
    vx_bool handled;
    if (!graph_valid(graph)) return VX_ERROR_INVALID_REFERENCE;
    s = ovx_pipe_schedule(graph, &handled);
    if (handled) return s;
    pthread_mutex_lock(&graph->lock);
    if (ovx_graph_busy(graph)) {
        pthread_mutex_unlock(&graph->lock);
        ovx_log((vx_reference)graph, VX_ERROR_GRAPH_SCHEDULED,
                "vxScheduleGraph: the graph is scheduled already (single-issue; call vxWaitGraph)");
        return VX_ERROR_GRAPH_SCHEDULED;
    }
    /* verify now so that verification errors are reported by this call */
    if (!vxIsGraphVerified(graph)) s = ovx_graph_verify(graph);
    if (s == VX_SUCCESS) {
        pthread_mutex_lock(&graph->state_lock);
        graph->async_status = VX_FAILURE;
        if (!graph->worker_alive) {
            graph->worker_stop = vx_false_e;
            if (pthread_create(&graph->thread, NULL, graph_worker, graph) == 0) {
                graph->worker_alive = vx_true_e;
                ovx_thread_name(graph->thread, "graph", 0);
            }
        }
        if (!graph->worker_alive) {
            s = VX_ERROR_NO_RESOURCES;
        } else {
            graph->run_done = vx_false_e;
            graph->run_request = vx_true_e;
            graph->scheduled = vx_true_e;
            pthread_cond_signal(&graph->run_cond);
        }
        pthread_mutex_unlock(&graph->state_lock);
        if (s != VX_SUCCESS) ovx_log((vx_reference)graph, s, "vxScheduleGraph: cannot start a thread");
    }
    pthread_mutex_unlock(&graph->lock);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxWaitGraph(vx_graph graph)
{
    vx_status s;
    vx_bool was_scheduled = vx_false_e, handled;
    if (!graph_valid(graph)) return VX_ERROR_INVALID_REFERENCE;
    s = ovx_pipe_wait(graph, &handled);
    if (handled) return s;
    s = graph_join(graph, &was_scheduled);
    if (!was_scheduled) ovx_log((vx_reference)graph, VX_FAILURE, "vxWaitGraph: the graph was not scheduled");
    return s;
}

/* ---- graph parameters ---------------------------------------------------- */
VX_API_ENTRY vx_status VX_API_CALL vxAddParameterToGraph(vx_graph graph, vx_parameter parameter)
{
    if (!graph_valid(graph)) return VX_ERROR_INVALID_REFERENCE;
    if (!ovx_ref_valid((vx_reference)parameter, VX_TYPE_PARAMETER)) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_REFERENCE,
                "vxAddParameterToGraph: parameter is not a valid vx_parameter");
        return VX_ERROR_INVALID_REFERENCE;
    }
    if (!parameter->node || !parameter->node->kernel) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                "vxAddParameterToGraph: %s", parameter->node ? "the parameter's node was removed or its graph released"
                                                             : "a kernel parameter is no node parameter");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (parameter->node->graph != graph) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                "vxAddParameterToGraph: parameter is not a parameter of a node of this graph");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    /* a run reads the list (its events, the queues): not while one may be
     * going on (api_fuzz under ThreadSanitizer: an add beside a scheduled
     * run's read); the graph's lock keeps a run from starting meanwhile */
    if (ovx_graph_lock_idle(graph, "vxAddParameterToGraph") != VX_SUCCESS) return VX_ERROR_GRAPH_SCHEDULED;
    if (graph->num_params == OVX_MAX_GRAPH_PARAMS) {
        pthread_mutex_unlock(&graph->lock);
        ovx_log((vx_reference)graph, VX_ERROR_NO_RESOURCES, "vxAddParameterToGraph: at most %d graph parameters",
                OVX_MAX_GRAPH_PARAMS);
        return VX_ERROR_NO_RESOURCES;
    }
    ovx_ref_retain_internal((vx_reference)parameter->node);
    graph->params[graph->num_params].node = parameter->node;
    graph->params[graph->num_params].index = parameter->index;
    graph->num_params++;
    pthread_mutex_unlock(&graph->lock);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetGraphParameterByIndex(vx_graph graph, vx_uint32 index, vx_reference value)
{
    if (!graph_valid(graph)) return VX_ERROR_INVALID_REFERENCE;
    if (index >= graph->num_params) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                "vxSetGraphParameterByIndex: index %u, the graph has %u parameters", index, graph->num_params);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (ovx_pipe_queued(graph, index)) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                "vxSetGraphParameterByIndex: graph parameter %u is queued (vxGraphParameterEnqueueReadyRef sets it)",
                index);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    return vxSetParameterByIndex(graph->params[index].node, graph->params[index].index, value);
}

VX_API_ENTRY vx_parameter VX_API_CALL vxGetGraphParameterByIndex(vx_graph graph, vx_uint32 index)
{
    if (!graph_valid(graph)) return NULL;
    if (index >= graph->num_params)
        return (vx_parameter)ovx_error_from(graph, VX_ERROR_INVALID_PARAMETERS,
                                            "vxGetGraphParameterByIndex: index %u, the graph has %u parameters",
                                            index, graph->num_params);
    return vxGetParameterByIndex(graph->params[index].node, graph->params[index].index);
}

/* ---- delays ---------------------------------------------------------------- */
VX_API_ENTRY vx_status VX_API_CALL vxRegisterAutoAging(vx_graph graph, vx_delay delay)
{
    vx_uint32 i;
    if (!graph_valid(graph)) return VX_ERROR_INVALID_REFERENCE;
    if (!ovx_ref_valid((vx_reference)delay, VX_TYPE_DELAY)) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_REFERENCE, "vxRegisterAutoAging: delay is not a valid delay");
        return VX_ERROR_INVALID_REFERENCE;
    }
    if (delay->base.context != graph->base.context) {
        /* the graph would keep a delay its context does not own: releasing that
         * other context frees it under the graph */
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_REFERENCE, "vxRegisterAutoAging: the delay belongs to another context");
        return VX_ERROR_INVALID_REFERENCE;
    }
    /* a run ages the list's delays at its end (the list may move here) and
     * the pipelining plan runs frames of a graph with delays one at a time:
     * not while a run may be going on, and a new delay makes the graph
     * verify again */
    if (ovx_graph_lock_idle(graph, "vxRegisterAutoAging") != VX_SUCCESS) return VX_ERROR_GRAPH_SCHEDULED;
    for (i = 0; i < graph->num_delays; i++)
        if (graph->delays[i] == delay) {
            pthread_mutex_unlock(&graph->lock);
            return VX_SUCCESS;
        }
    if (graph->num_delays == graph->cap_delays) {
        vx_uint32 ncap = graph->cap_delays ? graph->cap_delays * 2 : 4;
        vx_delay *nd = realloc(graph->delays, ncap * sizeof(*nd));
        if (!nd) {
            pthread_mutex_unlock(&graph->lock);
            ovx_log((vx_reference)graph, VX_ERROR_NO_MEMORY, "vxRegisterAutoAging: out of memory");
            return VX_ERROR_NO_MEMORY;
        }
        graph->delays = nd;
        graph->cap_delays = ncap;
    }
    ovx_ref_retain_internal((vx_reference)delay);
    graph->delays[graph->num_delays++] = delay;
    ovx_graph_changed(graph);
    pthread_mutex_unlock(&graph->lock);
    return VX_SUCCESS;
}
