/*
 * Events (vx_khr_pipelining "Event Handling": vxEnableEvents,
 * vxDisableEvents, vxWaitEvent, vxSendUserEvent, vxRegisterEvent).
 *
 * One queue per context, FIFO.  Events are generated only for what was
 * registered (vxRegisterEvent) and only while events are enabled (they are
 * enabled when a context is created; the spec leaves the default to the
 * implementation); events queued before vxDisableEvents stay readable.
 *
 * Memory: the queue is a ring that starts at 64 events and doubles as needed
 * up to OVX_EVENT_QUEUE_MAX events (1M events, 48 MB).  A long run whose
 * application never reads its events (the Khronos tests leave hundreds of
 * thousands behind) stays below that.  Should the ring be full, a new event
 * is refused, never an old one overwritten: a framework event is counted and
 * logged (the first one, then every 65536th, with the running count), and
 * vxSendUserEvent returns VX_ERROR_NO_RESOURCES.  Reading events makes room
 * again.
 */
#include "graph.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define OVX_EVENT_QUEUE_MAX (1u << 20)

struct ovx_events {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    vx_event_t *ring;
    vx_uint32 cap, head, count;
    vx_bool enabled;
    vx_uint64 dropped;
};

static vx_uint64 event_time_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (vx_uint64)ts.tv_sec * 1000000000u + (vx_uint64)ts.tv_nsec;
}

void ovx_events_init(vx_context c)
{
    struct ovx_events *e = calloc(1, sizeof(*e));
    if (!e) return;
    pthread_mutex_init(&e->lock, NULL);
    pthread_cond_init(&e->cond, NULL);
    e->enabled = vx_true_e;
    c->events = e;
}

void ovx_events_fini(vx_context c)
{
    struct ovx_events *e = c->events;
    if (!e) return;
    c->events = NULL;
    pthread_mutex_destroy(&e->lock);
    pthread_cond_destroy(&e->cond);
    free(e->ring);
    free(e);
}

/* Append under e->lock: VX_ERROR_NO_RESOURCES when the ring is at its cap. */
static vx_status push(struct ovx_events *e, const vx_event_t *ev)
{
    if (e->count == e->cap) {
        vx_uint32 ncap = e->cap ? e->cap * 2 : 64, i;
        vx_event_t *nr;
        if (e->cap >= OVX_EVENT_QUEUE_MAX) return VX_ERROR_NO_RESOURCES;
        nr = malloc((size_t)ncap * sizeof(*nr));
        if (!nr) return VX_ERROR_NO_RESOURCES;
        for (i = 0; i < e->count; i++) nr[i] = e->ring[(e->head + i) % e->cap];
        free(e->ring);
        e->ring = nr;
        e->cap = ncap;
        e->head = 0;
    }
    e->ring[(e->head + e->count) % e->cap] = *ev;
    e->count++;
    pthread_cond_signal(&e->cond);
    return VX_SUCCESS;
}

void ovx_event_post(vx_context c, vx_enum type, vx_uint32 app_value, const vx_event_info_t *info)
{
    struct ovx_events *e = c->events;
    vx_event_t ev;
    vx_status s;
    vx_uint64 dropped = 0;
    if (!e) return;
    memset(&ev, 0, sizeof(ev));
    ev.type = type;
    ev.timestamp = event_time_ns();
    ev.app_value = app_value;
    if (info) ev.event_info = *info;
    pthread_mutex_lock(&e->lock);
    if (!e->enabled) {
        pthread_mutex_unlock(&e->lock);
        return;
    }
    s = push(e, &ev);
    if (s != VX_SUCCESS) dropped = ++e->dropped;
    pthread_mutex_unlock(&e->lock);
    if (dropped == 1 || (dropped && dropped % 65536 == 0))
        ovx_log((vx_reference)c, VX_ERROR_NO_RESOURCES,
                "events: the queue holds %u unread events (its limit): event type %#x refused, %llu refused so far "
                "(read events with vxWaitEvent)",
                OVX_EVENT_QUEUE_MAX, (unsigned)type, (unsigned long long)dropped);
}

void ovx_event_node(vx_node n, vx_status s)
{
    vx_event_info_t info;
    memset(&info, 0, sizeof(info));
    if (s == VX_SUCCESS && n->ev_completed) {
        info.node_completed.graph = n->graph;
        info.node_completed.node = n;
        ovx_event_post(n->base.context, VX_EVENT_NODE_COMPLETED, n->ev_completed_app, &info);
    } else if (s != VX_SUCCESS && n->ev_error) {
        info.node_error.graph = n->graph;
        info.node_error.node = n;
        info.node_error.status = s;
        ovx_event_post(n->base.context, VX_EVENT_NODE_ERROR, n->ev_error_app, &info);
    }
}

void ovx_event_graph_completed(vx_graph g)
{
    vx_event_info_t info;
    if (!g->ev_completed) return;
    memset(&info, 0, sizeof(info));
    info.graph_completed.graph = g;
    ovx_event_post(g->base.context, VX_EVENT_GRAPH_COMPLETED, g->ev_completed_app, &info);
}

void ovx_event_consumed(vx_graph g, vx_uint32 index)
{
    vx_event_info_t info;
    if (index >= OVX_MAX_GRAPH_PARAMS || !g->ev_consumed[index]) return;
    memset(&info, 0, sizeof(info));
    info.graph_parameter_consumed.graph = g;
    info.graph_parameter_consumed.graph_parameter_index = index;
    ovx_event_post(g->base.context, VX_EVENT_GRAPH_PARAMETER_CONSUMED, g->ev_consumed_app[index], &info);
}

static vx_status set_enabled(vx_context context, vx_bool on)
{
    struct ovx_events *e;
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    e = context->events;
    if (!e) {
        ovx_log((vx_reference)context, VX_ERROR_NO_RESOURCES, "%s: the context has no event queue (out of memory)",
                on ? "vxEnableEvents" : "vxDisableEvents");
        return VX_ERROR_NO_RESOURCES;
    }
    pthread_mutex_lock(&e->lock);
    e->enabled = on;
    pthread_mutex_unlock(&e->lock);
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxEnableEvents(vx_context context)
{
    return set_enabled(context, vx_true_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxDisableEvents(vx_context context)
{
    return set_enabled(context, vx_false_e);
}

VX_API_ENTRY vx_status VX_API_CALL vxSendUserEvent(vx_context context, vx_uint32 app_value, void *parameter)
{
    struct ovx_events *e;
    vx_event_t ev;
    vx_status s;
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    e = context->events;
    if (!e) {
        ovx_log((vx_reference)context, VX_ERROR_NO_RESOURCES, "vxSendUserEvent: the context has no event queue");
        return VX_ERROR_NO_RESOURCES;
    }
    memset(&ev, 0, sizeof(ev));
    ev.type = VX_EVENT_USER;
    ev.timestamp = event_time_ns();
    ev.app_value = app_value;
    ev.event_info.user_event.user_event_parameter = parameter;
    pthread_mutex_lock(&e->lock);
    s = e->enabled ? push(e, &ev) : VX_FAILURE;
    pthread_mutex_unlock(&e->lock);
    if (s == VX_FAILURE)
        ovx_log((vx_reference)context, s, "vxSendUserEvent: events are disabled (vxEnableEvents)");
    else if (s != VX_SUCCESS)
        ovx_log((vx_reference)context, s, "vxSendUserEvent: the event queue is full (%u unread events)",
                OVX_EVENT_QUEUE_MAX);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxWaitEvent(vx_context context, vx_event_t *event, vx_bool do_not_block)
{
    struct ovx_events *e;
    if (!ovx_context_valid(context)) return VX_ERROR_INVALID_REFERENCE;
    if (!event) {
        ovx_log((vx_reference)context, VX_ERROR_INVALID_PARAMETERS, "vxWaitEvent: event is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    e = context->events;
    if (!e) return VX_FAILURE;
    pthread_mutex_lock(&e->lock);
    if (!do_not_block)
        while (e->count == 0) pthread_cond_wait(&e->cond, &e->lock);
    if (e->count == 0) {
        pthread_mutex_unlock(&e->lock);
        return VX_FAILURE; /* no event (not logged: polling is normal use) */
    }
    *event = e->ring[e->head];
    e->head = (e->head + 1) % e->cap;
    e->count--;
    pthread_mutex_unlock(&e->lock);
    return VX_SUCCESS;
}

/* The graph parameter of graph whose node parameter p is (or -1). */
static vx_int32 graph_param_of(vx_graph g, vx_parameter p)
{
    vx_uint32 i;
    for (i = 0; i < g->num_params; i++)
        if (g->params[i].node == p->node && g->params[i].index == p->index) return (vx_int32)i;
    return -1;
}

VX_API_ENTRY vx_status VX_API_CALL vxRegisterEvent(vx_reference ref, enum vx_event_type_e type, vx_uint32 param,
                                                   vx_uint32 app_value)
{
    vx_graph g = NULL;
    if (!ovx_ref_valid(ref, VX_TYPE_REFERENCE)) return VX_ERROR_INVALID_REFERENCE;
    if (ref->type == VX_TYPE_GRAPH) {
        g = (vx_graph)ref;
        if (type == VX_EVENT_GRAPH_COMPLETED) {
            pthread_mutex_lock(&g->lock);
            g->ev_completed = vx_true_e;
            g->ev_completed_app = app_value;
            pthread_mutex_unlock(&g->lock);
            return VX_SUCCESS;
        }
        if (type == VX_EVENT_GRAPH_PARAMETER_CONSUMED) {
            pthread_mutex_lock(&g->lock);
            if (param >= g->num_params) {
                pthread_mutex_unlock(&g->lock);
                ovx_log(ref, VX_ERROR_INVALID_PARAMETERS,
                        "vxRegisterEvent: VX_EVENT_GRAPH_PARAMETER_CONSUMED of graph parameter %u, the graph has %u",
                        param, g->num_params);
                return VX_ERROR_INVALID_PARAMETERS;
            }
            g->ev_consumed[param] = vx_true_e;
            g->ev_consumed_app[param] = app_value;
            pthread_mutex_unlock(&g->lock);
            return VX_SUCCESS;
        }
    } else if (ref->type == VX_TYPE_NODE && ((vx_node)ref)->graph && ((vx_node)ref)->kernel) {
        vx_node n = (vx_node)ref;
        if (type == VX_EVENT_NODE_COMPLETED || type == VX_EVENT_NODE_ERROR) {
            g = n->graph;
            pthread_mutex_lock(&g->lock);
            if (type == VX_EVENT_NODE_COMPLETED) {
                n->ev_completed = vx_true_e;
                n->ev_completed_app = app_value;
            } else {
                n->ev_error = vx_true_e;
                n->ev_error_app = app_value;
            }
            pthread_mutex_unlock(&g->lock);
            return VX_SUCCESS;
        }
    } else if (ref->type == VX_TYPE_PARAMETER && type == VX_EVENT_GRAPH_PARAMETER_CONSUMED) {
        /* a node parameter that is a graph parameter: its consumed event */
        vx_parameter p = (vx_parameter)ref;
        vx_int32 gi;
        if (!p->node || !p->node->graph) {
            ovx_log(ref, VX_ERROR_INVALID_PARAMETERS, "vxRegisterEvent: the parameter belongs to no graph");
            return VX_ERROR_INVALID_PARAMETERS;
        }
        g = p->node->graph;
        pthread_mutex_lock(&g->lock);
        gi = graph_param_of(g, p);
        if (gi >= 0) {
            g->ev_consumed[gi] = vx_true_e;
            g->ev_consumed_app[gi] = app_value;
        }
        pthread_mutex_unlock(&g->lock);
        if (gi < 0) {
            ovx_log(ref, VX_ERROR_INVALID_PARAMETERS, "vxRegisterEvent: the parameter is not a graph parameter");
            return VX_ERROR_INVALID_PARAMETERS;
        }
        return VX_SUCCESS;
    }
    ovx_log(ref, VX_ERROR_NOT_SUPPORTED, "vxRegisterEvent: event type %#x cannot be registered on a %s%s",
            (unsigned)type, ovx_type_name(ref->type),
            type == VX_EVENT_USER ? " (user events are sent with vxSendUserEvent, not registered)" : "");
    return VX_ERROR_NOT_SUPPORTED;
}
