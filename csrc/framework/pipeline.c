/*
 * Graph pipelining, batch processing and streaming (vx_khr_pipelining:
 * vxSetGraphScheduleConfig, vxGraphParameterEnqueueReadyRef,
 * vxGraphParameterDequeueDoneRef, vxGraphParameterCheckDoneRef,
 * vxEnableGraphStreaming, vxStartGraphStreaming, vxStopGraphStreaming, the
 * VX_GRAPH_SCHEDULE_MODE attribute and the queue/streaming side of
 * vxScheduleGraph and vxWaitGraph).
 *
 * Queues.  Each queued graph parameter has the list of references the
 * application may enqueue (its refs_list; entries it left NULL are filled by
 * the first references enqueued).  Every entry is with the application, ready
 * (in the parameter's FIFO of enqueued references), in a running frame, or
 * done (in its FIFO of references to dequeue).  An entry that is not with the
 * application cannot be enqueued again; a reference outside the list is
 * refused.  The entries are held with internal references.
 *
 * Frames.  A frame takes the oldest ready reference of every queued parameter
 * and gets the next frame number.  Its references are put where the graph
 * parameter's object is bound (every node parameter holding that object,
 * found at verify, each just before its node runs), or, when the graph
 * parameter is bound to a delay slot, into that slot (ovx_delay_put; the slot
 * ages with the delay like its own object).  The frame's references go to the
 * done FIFOs, and its events are sent, in frame order.
 *
 * Overlap.  Frames run on `lanes` threads, min(4, the smallest refs list,
 * max(2, the pool's threads)) of them, each running the nodes of its frame in
 * plan order.  Node A of frame f waits until A itself and every node touching an object A writes (by
 * identity, containment, overlapping ROIs or a shared memory-plan buffer)
 * finished frame f - 1 (plan_overlap): every object shared by the frames --
 * non-queued parameters, non-virtual intermediates, virtual objects without
 * copies -- sees exactly the single-frame order, while A works on frame f + 1
 * as soon as its readers are done with frame f.  Virtual images (whole,
 * outside containers) get one copy per lane (frame f uses copy f % lanes; at
 * most `lanes` frames are in flight, and frames finish in order, so frame
 * f + lanes never meets frame f), so they order nothing.  A fused group
 * (runtime/fuse.c) is one unit of a frame, its fused-away images in per-thread
 * buffers (they order nothing either), the frame's references handed to it
 * rather than bound into its members (frame_before_group); a group that
 * writes only what differs per frame does not wait for its own previous
 * frame, so two frames may run it at once.  Graphs
 * with delays (auto-aged or bound to nodes) run frames one after another
 * (`serial`), so a loop-carried delay gives what vxProcessGraph gives.
 *
 * Cores.  A node takes the pool's threads divided by the frames in flight
 * at its start (frame_before): two frames' nodes on two cores run one
 * thread each instead of four threads fighting for two cores.  A user
 * kernel's node whose frames take 100 us or more runs them on a thread of
 * its own (its home, see home_thread), so that state the kernel keeps across
 * frames stays with one core instead of following the frames' lanes.
 *
 * Threads.  QUEUE_AUTO: the lanes start at the first enqueue and run frames
 * as soon as every queued parameter has a ready reference, until the graph is
 * released.  QUEUE_MANUAL: vxScheduleGraph starts lanes that run every
 * complete set of enqueued references (the batch) and end; vxWaitGraph joins
 * them.  Streaming: the lanes re-run the graph, frames overlapping as above
 * (a trigger node given to vxEnableGraphStreaming: frame f + 1 starts once it
 * finished frame f), until vxStopGraphStreaming or a failed frame (in a queue
 * mode the queue's lanes run the frames as they become ready).
 *
 * Locks: g->lock (a verify; a lane only while it checks the plan and counts
 * its frame as running, so vxVerifyGraph refuses a graph with frames
 * running), then p->lock (queues, counters, the plan's progress); no lane
 * holds either while a node runs.
 */
#include "graph.h"
#include "../objects/array.h"
#include "../objects/delay.h"
#include "../objects/image.h"
#include "../objects/object_array.h"
#include "../objects/scalar.h"
#include "../runtime/dispatch.h"

#include <sched.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { AT_APP = 0, AT_READY, AT_RUN, AT_DONE };
enum { ROLE_NONE = 0, ROLE_AUTO, ROLE_BATCH, ROLE_STREAM };

typedef struct {
    vx_node node;
    vx_uint32 index;
} ovx_site;

typedef struct {
    vx_bool queued;
    vx_uint32 size;          /* refs_list_size */
    vx_reference *refs;      /* size entries, internal references (NULL: free) */
    vx_uint8 *at;            /* AT_* of each entry */
    vx_uint32 *ready, *done; /* FIFOs of entry numbers, size each */
    vx_uint32 ready_head, ready_n, done_head, done_n, running;
    vx_reference tmpl;       /* the object bound at configuration: what enqueued ones must be like */
    /* where the graph parameter's object is bound (ovx_pipe_verified) */
    vx_delay delay; /* not NULL: a delay slot, delay_index */
    vx_int32 delay_index;
    ovx_site *sites;
    vx_uint32 num_sites;
} ovx_qparam;

typedef struct {
    vx_uint32 index; /* node parameter */
    vx_int32 gi;     /* the queued graph parameter bound there, or -1: */
    vx_uint32 copy;  /* the virtual image whose per-frame copies are bound there */
} ovx_node_site;

/* A user-kernel node's home thread (frame_home, home_thread): lanes post
 * jobs (on their stacks) in `jobs` and wait for their `done`, each on its
 * job's own condition: one for all woke every waiting lane at each job's end
 * and at each post, a core taken for nothing on 2 vCPUs (the Python bench's
 * stream, one thread, 3000 frames: 6.0 -> 4.2 context switches a frame,
 * 2275-2528 -> 2660-2693 frames a second). */
typedef struct ovx_home_job ovx_home_job;
typedef struct {
    vx_bool user;    /* the node runs a user kernel (lock and cond made) */
    vx_bool local;   /* no thread could be made: the lanes run it */
    vx_bool started; /* the thread runs (made at the node's first hand-over) */
    vx_bool quit;
    vx_bool unbatch; /* the thread sets SCHED_OTHER (made by a SCHED_BATCH lane) */
    pthread_mutex_t lock;
    pthread_cond_t cond; /* the home thread waits: a job posted, quit */
    pthread_cond_t room; /* lanes wait (room_waiters of them): a place in jobs freed */
    vx_uint32 room_waiters;
    vx_bool deps_wait; /* the thread waits for the nodes its first job depends on (home_thread) */
    pthread_t thread;
    ovx_home_job *jobs[OVX_PIPE_MAX_LANES]; /* (NULL: free; a lane has one at a time) */
} ovx_home;

struct ovx_pipe {
    vx_enum mode;
    pthread_mutex_t lock;
    /* Each wait has its condition, so that a frame's end or an enqueue
     * wakes only the threads that wait for it (one condition for all woke
     * the application three times a frame and every idle lane at each
     * enqueue: 5.4 context switches a frame, 2.5x vxProcessGraph's time
     * for a small frame).  Rare changes (stop, a thread ending, a failure)
     * wake every waiter (wake_all). */
    pthread_cond_t cond;  /* the application: vxWaitGraph, vxStopGraphStreaming (frames_done, inflight) */
    pthread_cond_t dcond; /* the application in vxGraphParameterDequeueDoneRef: a reference is done */
    pthread_cond_t fcond; /* lanes: a frame to take (enqueue, inflight) */
    pthread_cond_t lcond; /* lanes: frame order, serial frames */
    pthread_cond_t ncond; /* lanes: a node finished a frame */
    vx_uint32 exec_waiters; /* lanes waiting for exec_done (serial frames, a re-verification) */
    vx_uint32 nsleep;       /* lanes asleep on ncond (atomic: frame_after locks only for them) */
    vx_uint32 home_waiters; /* home threads waiting for a dependency (atomic: see wake_homes) */
    ovx_qparam q[OVX_MAX_GRAPH_PARAMS];
    vx_uint32 num_queued;
    /* the threads that run frames: `lanes` of them, one frame each */
    pthread_t lane[OVX_PIPE_MAX_LANES];
    vx_uint32 lanes, lanes_started;
    vx_uint32 lanes_running; /* started and not yet out of their loop (a batch's end when they leave) */
    vx_int32 role;           /* of the threads (ROLE_NONE: none) */
    vx_bool stop;            /* they end at the next frame boundary */
    vx_bool batch;           /* the lanes run as SCHED_BATCH (sched_batch) */
    vx_uint32 inflight;      /* frames taken and not finished (changed under lock, atomically: frame_wait) */
    vx_uint64 next_frame;    /* number of the next frame taken */
    vx_uint64 frames_done;   /* frames finished (references done, events sent), in order */
    vx_uint64 exec_done;     /* frames whose execution returned */
    vx_status status;        /* first failure since the last vxWaitGraph */
    vx_bool streaming_enabled, streaming;
    vx_node trigger;         /* not counted: a node of the graph */
    /* the overlap plan (ovx_pipe_verified), by node index: the nodes whose
     * previous frame a node waits for, the queued references it takes, the
     * frames each node finished */
    vx_bool serial;          /* frames one after another (delays, one lane) */
    vx_uint32 num_nodes;
    vx_uint32 *deps, *ndeps; /* deps[a * num_nodes + k], k < ndeps[a] */
    ovx_node_site *sites;    /* sites[a * OVX_MAX_KERNEL_PARAMS + k], k < nsites[a] */
    vx_uint32 *nsites;
    vx_uint64 *node_done;
    /* virtual images with a copy per frame in flight: copies[v * lanes + f % lanes]
     * (internal references), for the num_virt images virt[v] */
    vx_image *virt, *copies;
    vx_uint32 num_virt, num_copies;
    /* a frame's parameters of a fused group's members: rows[(f % lanes) * num_nodes + m] */
    ovx_param_row *rows;
    /* user-kernel nodes' home threads, by node index (NULL: one lane) */
    ovx_home *homes;
    /* a lane more than the cores (plan_overlap): it runs frames only while
     * the home threads' nodes leave a core idle (lanes_now) */
    vx_bool extra;
    vx_uint32 cores;
};

static vx_bool graph_ok(vx_graph g)
{
    return ovx_ref_valid((vx_reference)g, VX_TYPE_GRAPH);
}

/* The graph's pipe, created on first use (under g->lock). */
static struct ovx_pipe *pipe_get(vx_graph g)
{
    struct ovx_pipe *p = g->pipe;
    if (p) return p;
    p = calloc(1, sizeof(*p));
    if (!p) return NULL;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->cond, NULL);
    pthread_cond_init(&p->dcond, NULL);
    pthread_cond_init(&p->fcond, NULL);
    pthread_cond_init(&p->lcond, NULL);
    pthread_cond_init(&p->ncond, NULL);
    p->mode = VX_GRAPH_SCHEDULE_MODE_NORMAL;
    p->status = VX_SUCCESS;
    g->pipe = p;
    return p;
}

vx_enum ovx_pipe_mode(vx_graph g)
{
    vx_enum m;
    if (!g->pipe) return VX_GRAPH_SCHEDULE_MODE_NORMAL;
    pthread_mutex_lock(&g->pipe->lock);
    m = g->pipe->mode;
    pthread_mutex_unlock(&g->pipe->lock);
    return m;
}

vx_bool ovx_pipe_queued(vx_graph g, vx_uint32 index)
{
    vx_bool r;
    if (!g->pipe || index >= OVX_MAX_GRAPH_PARAMS) return vx_false_e;
    pthread_mutex_lock(&g->pipe->lock);
    r = g->pipe->q[index].queued;
    pthread_mutex_unlock(&g->pipe->lock);
    return r;
}

vx_bool ovx_pipe_streaming(vx_graph g)
{
    vx_bool r;
    if (!g->pipe) return vx_false_e;
    pthread_mutex_lock(&g->pipe->lock);
    r = g->pipe->streaming;
    pthread_mutex_unlock(&g->pipe->lock);
    return r;
}

static void qparam_free(ovx_qparam *q, vx_bool release)
{
    vx_uint32 i;
    for (i = 0; i < q->size && q->refs; i++)
        if (q->refs[i] && release) ovx_ref_release_internal(q->refs[i]);
    if (q->tmpl && release) ovx_ref_release_internal(q->tmpl);
    free(q->refs);
    free(q->at);
    free(q->ready);
    free(q->done);
    free(q->sites);
    memset(q, 0, sizeof(*q));
}

/* May the configuration change: no frame running or taken, no batch or
 * streaming thread (QUEUE_AUTO lanes waiting for references are stopped)?
 * References still enqueued or done are dropped with the old configuration
 * (the application holds its own references to them). */
static vx_bool pipe_idle(struct ovx_pipe *p)
{
    return (p->role == ROLE_NONE || p->role == ROLE_AUTO) && p->inflight == 0 && !p->streaming ? vx_true_e
                                                                                                 : vx_false_e;
}

static void thread_stop(struct ovx_pipe *p, vx_bool now);

/* Wake every thread waiting on p (p->lock held): for the rare changes
 * (stop, a thread ending, a failure) that several kinds of waits see. */
static void wake_all(struct ovx_pipe *p)
{
    pthread_cond_broadcast(&p->cond);
    pthread_cond_broadcast(&p->dcond);
    pthread_cond_broadcast(&p->fcond);
    pthread_cond_broadcast(&p->lcond);
    pthread_cond_broadcast(&p->ncond);
}

/* ---- compatibility of an enqueued object with the graph parameter -------- */
static vx_bool compatible(vx_reference want, vx_reference got, char *why, size_t n)
{
    if (!want) return vx_true_e;
    if (want->type != got->type) {
        snprintf(why, n, "a %s, the graph parameter is a %s", ovx_type_name(got->type), ovx_type_name(want->type));
        return vx_false_e;
    }
    if (got->type == VX_TYPE_IMAGE) {
        vx_image a = (vx_image)want, b = (vx_image)got;
        if (a->width != b->width || a->height != b->height || a->format != b->format) {
            snprintf(why, n, "an image %ux%u of format %#x, the graph parameter is %ux%u of format %#x", b->width,
                     b->height, (unsigned)b->format, a->width, a->height, (unsigned)a->format);
            return vx_false_e;
        }
    } else if (got->type == VX_TYPE_SCALAR) {
        if (((vx_scalar)want)->data_type != ((vx_scalar)got)->data_type) {
            snprintf(why, n, "a scalar of type %s, the graph parameter's is %s",
                     ovx_type_name(((vx_scalar)got)->data_type), ovx_type_name(((vx_scalar)want)->data_type));
            return vx_false_e;
        }
    } else if (got->type == VX_TYPE_ARRAY) {
        vx_array a = (vx_array)want, b = (vx_array)got;
        if (a->item_type && (a->item_type != b->item_type || a->capacity > b->capacity)) {
            snprintf(why, n, "an array of %s (capacity %zu), the graph parameter's is of %s (capacity %zu)",
                     ovx_type_name(b->item_type), (size_t)b->capacity, ovx_type_name(a->item_type),
                     (size_t)a->capacity);
            return vx_false_e;
        }
    }
    return vx_true_e;
}

static vx_reference param_object(vx_graph g, vx_uint32 index)
{
    return g->params[index].node->params[g->params[index].index];
}

/* ---- where a queued parameter's object is bound -------------------------- */
static vx_status find_sites(vx_graph g, vx_uint32 gi, ovx_qparam *q)
{
    vx_node pn = g->params[gi].node;
    vx_uint32 pi = g->params[gi].index, i, k, n = 0;
    vx_reference obj = pn->params[pi];
    free(q->sites);
    q->sites = NULL;
    q->num_sites = 0;
    q->delay = NULL;
    if (pn->delay[pi]) {
        if (pn->delay_item[pi] >= 0) {
            ovx_log((vx_reference)g, VX_ERROR_NOT_SUPPORTED,
                    "vxVerifyGraph: queued graph parameter %u is bound to a level or item of a delay slot (only a "
                    "whole slot can be queued)", gi);
            return VX_ERROR_NOT_SUPPORTED;
        }
        q->delay = pn->delay[pi];
        q->delay_index = pn->delay_index[pi];
        return VX_SUCCESS;
    }
    for (i = 0; i < g->num_nodes; i++)
        for (k = 0; k < OVX_MAX_KERNEL_PARAMS; k++)
            if (g->nodes[i]->params[k] == obj && !g->nodes[i]->delay[k]) n++;
    q->sites = malloc((n ? n : 1) * sizeof(ovx_site));
    if (!q->sites) return VX_ERROR_NO_MEMORY;
    for (i = 0; i < g->num_nodes; i++)
        for (k = 0; k < OVX_MAX_KERNEL_PARAMS; k++)
            if (g->nodes[i]->params[k] == obj && !g->nodes[i]->delay[k]) {
                q->sites[q->num_sites].node = g->nodes[i];
                q->sites[q->num_sites].index = k;
                q->num_sites++;
            }
    return VX_SUCCESS;
}

/* Do a and b share memory (the same object, containment, overlapping ROIs,
 * one buffer of the memory plan)? */
static vx_bool conflict(vx_reference a, vx_reference b)
{
    if (a == b || ovx_objects_overlap(a, b)) return vx_true_e;
    if (a->type == VX_TYPE_IMAGE && b->type == VX_TYPE_IMAGE) {
        vx_image ra = ((vx_image)a)->root, rb = ((vx_image)b)->root;
        if (ra && rb && ra->planned && rb->planned && ra->alloc == rb->alloc) return vx_true_e;
    }
    return vx_false_e;
}

static vx_bool is_site(struct ovx_pipe *p, vx_uint32 node, vx_uint32 index)
{
    vx_uint32 k;
    for (k = 0; k < p->nsites[node]; k++)
        if (p->sites[node * OVX_MAX_KERNEL_PARAMS + k].index == index) return vx_true_e;
    return vx_false_e;
}

/* The object node parameter i really touches (a replicated one: the whole container). */
static vx_reference touched(vx_node n, vx_uint32 i)
{
    vx_reference r = n->params[i];
    if (r && n->replicated && n->replicate[i] && r->parent) return r->parent;
    return r;
}

/* ---- home threads ------------------------------------------------------------
 * A user kernel may keep state of its own across frames (buffers, a model)
 * that the library cannot see.  Lanes run whole frames and consecutive
 * frames alternate between them, so such state would change core at every
 * frame: when the cores share no cache (another core complex or socket),
 * every frame then pulls it across (a NumPy box keeping 2.4 MB of buffers
 * took 0.5-1.0 ms a frame instead of 0.19 that way, the stream 0.4-0.65x
 * vxProcessGraph).  So a lane hands a user-kernel node's frames to that
 * node's home thread, which runs them in frame order (a node runs one frame
 * at a time anyway: plan_overlap), and sleeps until its frame is done: the
 * state stays with one thread, and the lane's core is free meanwhile.  The
 * lane hands the frame over as soon as it reaches the node, without waiting
 * for the node's frame before (the home thread waits for the dependencies),
 * so a node that is the slowest of its graph goes from one frame to the next
 * without a wake-up between them.  Still, a hand-over costs the lane a
 * wake-up (10-40 us on a VM), so a node takes its home only once its frames
 * take OVX_HOME_MIN_NS on average (VX_NODE_PERFORMANCE); a node that cannot
 * have its thread made runs on the lanes. */
#define OVX_HOME_MIN_NS 100000u

/* End the home threads (none runs a frame: the lanes are stopped or idle). */
static void homes_drop(struct ovx_pipe *p)
{
    vx_uint32 a;
    if (!p->homes) return;
    for (a = 0; a < p->num_nodes; a++) {
        ovx_home *h = &p->homes[a];
        if (!h->user) continue;
        if (h->started) {
            pthread_mutex_lock(&h->lock);
            h->quit = vx_true_e;
            pthread_cond_broadcast(&h->cond);
            pthread_mutex_unlock(&h->lock);
            pthread_join(h->thread, NULL);
        }
        pthread_mutex_destroy(&h->lock);
        pthread_cond_destroy(&h->cond);
        pthread_cond_destroy(&h->room);
    }
    free(p->homes);
    p->homes = NULL;
}

/* The homes of the graph's user-kernel nodes (frames on several lanes). */
static vx_status homes_plan(vx_graph g, struct ovx_pipe *p)
{
    vx_uint32 a;
    for (a = 0; a < g->num_nodes; a++) {
        ovx_home *h;
        if (!g->nodes[a]->kernel->user_kernel) continue;
        if (!p->homes && !(p->homes = calloc(g->num_nodes, sizeof(ovx_home)))) return VX_ERROR_NO_MEMORY;
        h = &p->homes[a];
        h->user = vx_true_e;
        pthread_mutex_init(&h->lock, NULL);
        pthread_cond_init(&h->cond, NULL);
        pthread_cond_init(&h->room, NULL);
    }
    return VX_SUCCESS;
}

static void drop_copies(struct ovx_pipe *p, vx_bool release)
{
    vx_uint32 i;
    for (i = 0; i < p->num_copies && release; i++)
        if (p->copies[i]) ovx_ref_release_internal((vx_reference)p->copies[i]);
    free(p->copies);
    free(p->virt);
    p->copies = p->virt = NULL;
    p->num_copies = p->num_virt = 0;
}

/* May virtual image v have a copy per frame: a root of known format, not in
 * a container, written by a node, every use a whole-image node parameter? */
static vx_bool copyable(vx_graph g, struct ovx_pipe *p, vx_image v)
{
    vx_uint32 a, i;
    vx_bool written = vx_false_e;
    if (!v->base.is_virtual || v->root != v || v->parent || v->base.parent || v->format == VX_DF_IMAGE_VIRT ||
        v->width == 0 || v->height == 0 || ovx_fuse_image(g, v))
        return vx_false_e; /* (a fused-away image lives in its group's per-thread buffers) */
    for (a = 0; a < g->num_nodes; a++) {
        vx_node n = g->nodes[a];
        for (i = 0; i < n->kernel->num_params; i++) {
            vx_reference r = n->params[i];
            if (!r || r->type != VX_TYPE_IMAGE || ((vx_image)r)->root != v) continue;
            if (r != (vx_reference)v || n->delay[i] || is_site(p, a, i)) return vx_false_e; /* an ROI or channel of it */
            if (n->kernel->params[i].direction != VX_INPUT) written = vx_true_e;
        }
    }
    return written;
}

/* Per-frame copies of the copyable virtual images, bound at their sites. */
static vx_status plan_copies(vx_graph g, struct ovx_pipe *p)
{
    vx_uint32 a, i, k, cap = 0, c;
    for (a = 0; a < g->num_nodes; a++) cap += g->nodes[a]->kernel->num_params;
    p->virt = calloc(cap ? cap : 1, sizeof(vx_image));
    if (!p->virt) return VX_ERROR_NO_MEMORY;
    for (a = 0; a < g->num_nodes; a++) {
        vx_node n = g->nodes[a];
        for (i = 0; i < n->kernel->num_params; i++) {
            vx_image v = (vx_image)n->params[i];
            if (!v || v->base.type != VX_TYPE_IMAGE) continue;
            for (k = 0; k < p->num_virt && p->virt[k] != v; k++) {
            }
            if (k == p->num_virt && copyable(g, p, v)) p->virt[p->num_virt++] = v;
        }
    }
    if (p->num_virt == 0) return VX_SUCCESS;
    p->copies = calloc((size_t)p->num_virt * p->lanes, sizeof(vx_image));
    if (!p->copies) return VX_ERROR_NO_MEMORY;
    p->num_copies = p->num_virt * p->lanes;
    for (c = 0; c < p->num_copies; c++) {
        vx_image v = p->virt[c / p->lanes];
        vx_image cp = ovx_image_create(g->base.context, (vx_reference)g, v->width, v->height, v->format, vx_true_e);
        if (!cp) return VX_ERROR_NO_MEMORY;
        ovx_ref_retain_internal((vx_reference)cp);
        ovx_ref_release_external_quiet((vx_reference)cp);
        p->copies[c] = cp;
    }
    /* their sites */
    for (a = 0; a < g->num_nodes; a++) {
        vx_node n = g->nodes[a];
        for (i = 0; i < n->kernel->num_params; i++)
            for (k = 0; k < p->num_virt; k++)
                if (n->params[i] == (vx_reference)p->virt[k]) {
                    ovx_node_site *st = &p->sites[a * OVX_MAX_KERNEL_PARAMS + p->nsites[a]++];
                    st->index = i;
                    st->gi = -1;
                    st->copy = k;
                }
    }
    return VX_SUCCESS;
}

/* Is x a fused-away image (in its group's per-thread buffers: shared by nothing)? */
static vx_bool fused_away(vx_graph g, vx_reference x)
{
    return x->type == VX_TYPE_IMAGE && ((vx_image)x)->root && ovx_fuse_image(g, ((vx_image)x)->root) ? vx_true_e
                                                                                                  : vx_false_e;
}

/* Does every member of node a's fused group write only what differs per
 * frame (queued references, per-frame copies, fused-away images)?  Then two
 * frames may run the group at once: the members' window routines already
 * run on many bands at once, and the frame's references come with the run
 * (ovx_fuse_run's params). */
static vx_bool group_per_frame(vx_graph g, struct ovx_pipe *p, vx_uint32 a)
{
    ovx_fuse_group *G = ovx_fuse_group_of(g, a);
    const vx_uint32 *members;
    vx_uint32 num, m, i;
    if (!G || (p->trigger && p->trigger->graph == g && p->trigger->index == a)) return vx_false_e;
    num = ovx_fuse_members(G, &members);
    for (m = 0; m < num; m++) {
        vx_node n = g->nodes[members[m]];
        for (i = 0; i < n->kernel->num_params; i++) {
            vx_enum dir = n->kernel->params[i].direction;
            vx_reference x = n->params[i];
            if (!x || dir == VX_INPUT) continue;
            if (!is_site(p, members[m], i) && !fused_away(g, x)) return vx_false_e;
        }
    }
    return vx_true_e;
}

/* The overlap plan: node a of frame f + 1 waits for frame f of a itself and
 * of every node touching what a writes (the single-frame order on every
 * shared object: non-queued parameters, non-virtual and virtual
 * intermediates, memory-plan buffers); queued references differ per frame.
 * Fused-away images order nothing (each run of their group has its own
 * buffers), and a group writing only per-frame objects does not wait for
 * its own previous frame (group_per_frame). */
static vx_status plan_overlap(vx_graph g, struct ovx_pipe *p)
{
    vx_uint32 nn = g->num_nodes, a, b, i, j, k, gi, lanes = OVX_PIPE_MAX_LANES;
    homes_drop(p); /* (by the old plan's node count) */
    drop_copies(p, vx_true_e);
    free(p->deps);
    free(p->ndeps);
    free(p->sites);
    free(p->nsites);
    free(p->node_done);
    free(p->rows);
    p->rows = NULL;
    p->num_nodes = nn;
    p->deps = malloc((size_t)nn * nn * sizeof(vx_uint32));
    p->ndeps = calloc(nn, sizeof(vx_uint32));
    p->sites = malloc((size_t)nn * OVX_MAX_KERNEL_PARAMS * sizeof(ovx_node_site));
    p->nsites = calloc(nn, sizeof(vx_uint32));
    p->node_done = calloc(nn, sizeof(vx_uint64));
    if (!p->deps || !p->ndeps || !p->sites || !p->nsites || !p->node_done) {
        ovx_log((vx_reference)g, VX_ERROR_NO_MEMORY, "vxVerifyGraph: out of memory (pipelining plan)");
        return VX_ERROR_NO_MEMORY;
    }
    /* frames overlap with queued parameters, or when streaming re-runs the
     * graph (vxEnableGraphStreaming before vxVerifyGraph) */
    p->serial = g->num_delays > 0 || (p->num_queued == 0 && !p->streaming_enabled) ? vx_true_e : vx_false_e;
    for (gi = 0; gi < OVX_MAX_GRAPH_PARAMS; gi++) {
        ovx_qparam *q = &p->q[gi];
        if (!q->queued) continue;
        if (q->size < lanes) lanes = q->size;
        if (q->delay) p->serial = vx_true_e;
        for (k = 0; k < q->num_sites; k++) {
            a = q->sites[k].node->index;
            p->sites[a * OVX_MAX_KERNEL_PARAMS + p->nsites[a]].index = q->sites[k].index;
            p->sites[a * OVX_MAX_KERNEL_PARAMS + p->nsites[a]].gi = (vx_int32)gi;
            p->nsites[a]++;
        }
    }
    /* no more frames in flight than cores (but 2: a single-threaded node
     * still overlaps with the next frame): more lanes only fight for them.
     * One more when a user kernel's node may run on a home thread (see
     * there), which its lane sleeps through: see lanes_now. */
    p->cores = ovx_pool_threads() > 2 ? ovx_pool_threads() : 2;
    p->extra = vx_false_e;
    if (lanes > p->cores) {
        lanes = p->cores;
        for (a = 0; a < nn; a++) /* (the queues hold a frame more than the cores) */
            if (g->nodes[a]->kernel->user_kernel) {
                lanes++;
                p->extra = vx_true_e;
                break;
            }
    }
    if (lanes < 2) p->serial = vx_true_e;
    for (a = 0; a < nn; a++)
        for (i = 0; i < OVX_MAX_KERNEL_PARAMS; i++)
            if (g->nodes[a]->delay[i]) p->serial = vx_true_e;
    p->lanes = p->serial ? 1 : lanes;
    if (p->serial) p->extra = vx_false_e;
    if (!p->serial && plan_copies(g, p) != VX_SUCCESS) return VX_ERROR_NO_MEMORY;
    if (!p->serial && homes_plan(g, p) != VX_SUCCESS) {
        ovx_log((vx_reference)g, VX_ERROR_NO_MEMORY, "vxVerifyGraph: out of memory (pipelining plan)");
        return VX_ERROR_NO_MEMORY;
    }
    if (g->fuse && !(p->rows = malloc((size_t)p->lanes * nn * sizeof(ovx_param_row)))) {
        ovx_log((vx_reference)g, VX_ERROR_NO_MEMORY, "vxVerifyGraph: out of memory (pipelining plan)");
        return VX_ERROR_NO_MEMORY;
    }
    for (a = 0; a < nn; a++) {
        vx_node n = g->nodes[a];
        p->node_done[a] = p->exec_done;
        if (!group_per_frame(g, p, a)) p->deps[a * nn + p->ndeps[a]++] = a;
        for (b = 0; b < nn; b++) {
            vx_node m = g->nodes[b];
            vx_bool dep = vx_false_e;
            if (b == a) continue;
            for (i = 0; i < n->kernel->num_params && !dep; i++) {
                vx_enum dir = n->kernel->params[i].direction;
                vx_reference x = touched(n, i);
                if (!x || (dir != VX_OUTPUT && dir != OVX_BIDIRECTIONAL) || is_site(p, a, i) || fused_away(g, x))
                    continue;
                for (j = 0; j < m->kernel->num_params && !dep; j++) {
                    vx_reference y = touched(m, j);
                    if (y && !is_site(p, b, j) && !fused_away(g, y) && conflict(x, y)) dep = vx_true_e;
                }
            }
            if (dep) p->deps[a * nn + p->ndeps[a]++] = b;
        }
    }
    /* the trigger node (vxEnableGraphStreaming): its completion of frame f
     * lets frame f + 1 start, so every node of frame f + 1 waits for it */
    if (p->trigger && !p->serial && ovx_ref_is_live((vx_reference)p->trigger) && p->trigger->graph == g) {
        vx_uint32 t = p->trigger->index;
        for (a = 0; a < nn; a++) {
            for (k = 0; k < p->ndeps[a] && p->deps[a * nn + k] != t; k++) {
            }
            if (k == p->ndeps[a]) p->deps[a * nn + p->ndeps[a]++] = t;
        }
    }
    return VX_SUCCESS;
}

/* A source kernel's pipe-up calls get a different set of outputs each (the
 * spec's PIPEUP state): made here, like the node's own outputs, once per
 * verify; its steady calls get the node's own. */
static vx_status pipeup_outputs(vx_graph g, vx_node n)
{
    vx_uint32 calls = n->kernel->pipeup_output_depth > 1 ? n->kernel->pipeup_output_depth - 1 : 0;
    vx_uint32 np = n->kernel->num_params, j, i;
    vx_status s = VX_SUCCESS;
    ovx_node_pipeup_outs_free(n);
    if (calls == 0) return VX_SUCCESS;
    n->pipeup_outs = calloc((size_t)calls * np, sizeof(vx_reference));
    if (!n->pipeup_outs) return VX_ERROR_NO_MEMORY;
    n->num_pipeup_outs = calls * np;
    for (j = 0; j < calls; j++)
        for (i = 0; i < np; i++) {
            vx_reference r;
            if (n->kernel->params[i].direction != VX_OUTPUT || !n->params[i]) continue;
            r = ovx_clone_like(g->base.context, n->params[i], "vxVerifyGraph (pipe-up outputs)", &s);
            if (!r) return s != VX_SUCCESS ? s : VX_ERROR_NO_MEMORY;
            ovx_ref_retain_internal(r);
            ovx_ref_release_external_quiet(r);
            n->pipeup_outs[j * np + i] = r;
        }
    return VX_SUCCESS;
}

/* Bind r at node n's parameter index (an internal reference each). */
static void bind_param(vx_node n, vx_uint32 index, vx_reference r)
{
    if (!r || n->params[index] == r) return;
    ovx_ref_retain_internal(r);
    if (n->params[index]) ovx_ref_release_internal(n->params[index]);
    n->params[index] = r;
}

void ovx_pipe_process_params(vx_graph g)
{
    struct ovx_pipe *p = g->pipe;
    vx_uint32 a, k;
    if (!p || !p->num_copies) return;
    pthread_mutex_lock(&p->lock);
    for (a = 0; a < p->num_nodes && a < g->num_nodes; a++) {
        vx_node n = g->nodes[a];
        for (k = 0; k < p->nsites[a]; k++) {
            const ovx_node_site *st = &p->sites[a * OVX_MAX_KERNEL_PARAMS + k];
            if (st->gi < 0) bind_param(n, st->index, (vx_reference)p->copies[st->copy * p->lanes]);
        }
    }
    pthread_mutex_unlock(&p->lock);
}

vx_status ovx_pipe_verified(vx_graph g)
{
    struct ovx_pipe *p = g->pipe;
    vx_uint32 i;
    vx_status s = VX_SUCCESS;
    for (i = 0; i < g->num_nodes; i++) {
        vx_node n = g->nodes[i];
        if ((s = pipeup_outputs(g, n)) != VX_SUCCESS) {
            ovx_log((vx_reference)g, s, "vxVerifyGraph: node %u's pipe-up outputs could not be made", i);
            return s;
        }
        n->pipeup_out_left = n->kernel->pipeup_output_depth > 1 ? n->kernel->pipeup_output_depth - 1 : 0;
        n->pipeup_in_left = n->kernel->pipeup_input_depth > 1 ? n->kernel->pipeup_input_depth - 1 : 0;
        ovx_graph_state_lock(g);
        n->state = n->pipeup_out_left || n->pipeup_in_left ? VX_NODE_STATE_PIPEUP : VX_NODE_STATE_STEADY;
        ovx_graph_state_unlock(g);
    }
    if (!p) return VX_SUCCESS;
    pthread_mutex_lock(&p->lock);
    for (i = 0; i < g->num_params && i < OVX_MAX_GRAPH_PARAMS && s == VX_SUCCESS; i++)
        if (p->q[i].queued) s = find_sites(g, i, &p->q[i]);
    if (s == VX_SUCCESS) s = plan_overlap(g, p);
    pthread_mutex_unlock(&p->lock);
    return s;
}

/* Put a frame's references into the delay slots of the queued parameters
 * bound to one (serial frames only). */
static void put_delays(struct ovx_pipe *p, const vx_reference *frame)
{
    vx_uint32 i;
    for (i = 0; i < OVX_MAX_GRAPH_PARAMS; i++)
        if (p->q[i].queued && p->q[i].delay && frame[i]) (void)ovx_delay_put(p->q[i].delay, p->q[i].delay_index, frame[i]);
}

/* ---- vxSetGraphScheduleConfig ---------------------------------------------- */
/* Which graph parameter does list entry e stand for?  Its index, unless an
 * earlier entry named that index already: then the graph parameter whose
 * bound object is in the entry's refs_list, when exactly one unlisted one is
 * (the entry's references identify it; logged), else -1. */
static vx_int32 entry_param(vx_graph g, const vx_graph_parameter_queue_params_t *list, vx_uint32 e,
                            const vx_bool *taken)
{
    vx_uint32 gi = list[e].graph_parameter_index, i, k;
    vx_int32 found = -1;
    if (!taken[gi]) return (vx_int32)gi;
    if (!list[e].refs_list) return -1;
    for (i = 0; i < g->num_params; i++) {
        vx_reference obj = param_object(g, i);
        if (taken[i] || !obj) continue;
        for (k = 0; k < list[e].refs_list_size; k++)
            if (list[e].refs_list[k] == obj) break;
        if (k == list[e].refs_list_size) continue;
        if (found >= 0) return -1;
        found = (vx_int32)i;
    }
    if (found >= 0)
        ovx_log((vx_reference)g, VX_SUCCESS,
                "vxSetGraphScheduleConfig: entry %u names graph parameter %u again; its refs_list holds the object of "
                "graph parameter %d: taken as graph parameter %d", e, gi, found, found);
    return found;
}

VX_API_ENTRY vx_status VX_API_CALL vxSetGraphScheduleConfig(vx_graph graph, vx_enum graph_schedule_mode,
                                                            vx_uint32 graph_parameters_list_size,
                                                            const vx_graph_parameter_queue_params_t list[])
{
    struct ovx_pipe *p;
    ovx_qparam nq[OVX_MAX_GRAPH_PARAMS];
    vx_bool taken[OVX_MAX_GRAPH_PARAMS];
    vx_uint32 e, i, k, num_queued = 0;
    vx_status s = VX_SUCCESS;
    char why[256];
    if (!graph_ok(graph)) return VX_ERROR_INVALID_REFERENCE;
    if (graph_schedule_mode != VX_GRAPH_SCHEDULE_MODE_NORMAL && graph_schedule_mode != VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO &&
        graph_schedule_mode != VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                "vxSetGraphScheduleConfig: %#x is not a graph schedule mode", (unsigned)graph_schedule_mode);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (graph_schedule_mode == VX_GRAPH_SCHEDULE_MODE_NORMAL && (graph_parameters_list_size != 0 || list != NULL)) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                "vxSetGraphScheduleConfig: VX_GRAPH_SCHEDULE_MODE_NORMAL takes no queue parameters (size 0, list NULL)");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (graph_schedule_mode != VX_GRAPH_SCHEDULE_MODE_NORMAL && (graph_parameters_list_size == 0 || list == NULL)) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                "vxSetGraphScheduleConfig: a queue mode needs at least one queued graph parameter (size %u, list %s)",
                graph_parameters_list_size, list ? "given" : "NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    memset(nq, 0, sizeof(nq));
    memset(taken, 0, sizeof(taken));
    pthread_mutex_lock(&graph->lock);
    /* first: idle (no frame can start while we hold the graph's lock then) */
    if (graph->pipe) {
        pthread_mutex_lock(&graph->pipe->lock);
        if (!pipe_idle(graph->pipe)) s = VX_FAILURE;
        else graph->pipe->stop = vx_true_e; /* no lane takes a frame from now on */
        pthread_mutex_unlock(&graph->pipe->lock);
        if (s == VX_SUCCESS) thread_stop(graph->pipe, vx_true_e); /* idle QUEUE_AUTO lanes */
        if (s != VX_SUCCESS) {
            pthread_mutex_unlock(&graph->lock);
            ovx_log((vx_reference)graph, s,
                    "vxSetGraphScheduleConfig: the graph %s (vxWaitGraph, vxStopGraphStreaming first)",
                    graph->pipe->streaming ? "is streaming" : "runs frames");
            return s;
        }
    }
    for (e = 0; e < graph_parameters_list_size && s == VX_SUCCESS; e++) {
        vx_int32 gi;
        ovx_qparam *q;
        vx_reference obj;
        if (list[e].graph_parameter_index >= graph->num_params) {
            ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetGraphScheduleConfig: entry %u: graph parameter %u, the graph has %u", e,
                    list[e].graph_parameter_index, graph->num_params);
            s = VX_ERROR_INVALID_PARAMETERS;
            break;
        }
        if (list[e].refs_list_size == 0) {
            ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetGraphScheduleConfig: entry %u: refs_list_size is 0", e);
            s = VX_ERROR_INVALID_PARAMETERS;
            break;
        }
        gi = entry_param(graph, list, e, taken);
        if (gi < 0) {
            ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                    "vxSetGraphScheduleConfig: entry %u names graph parameter %u a second time", e,
                    list[e].graph_parameter_index);
            s = VX_ERROR_INVALID_PARAMETERS;
            break;
        }
        taken[gi] = vx_true_e;
        q = &nq[gi];
        q->queued = vx_true_e;
        q->size = list[e].refs_list_size;
        q->refs = calloc(q->size, sizeof(vx_reference));
        q->at = calloc(q->size, 1);
        q->ready = calloc(q->size, sizeof(vx_uint32));
        q->done = calloc(q->size, sizeof(vx_uint32));
        if (!q->refs || !q->at || !q->ready || !q->done) {
            s = VX_ERROR_NO_MEMORY;
            ovx_log((vx_reference)graph, s, "vxSetGraphScheduleConfig: out of memory");
            break;
        }
        num_queued++;
        obj = param_object(graph, (vx_uint32)gi);
        if (obj) {
            ovx_ref_retain_internal(obj);
            q->tmpl = obj;
        }
        for (k = 0; list[e].refs_list && k < q->size; k++) {
            vx_reference r = list[e].refs_list[k];
            if (!ovx_ref_valid(r, VX_TYPE_REFERENCE) || r->context != graph->base.context) {
                ovx_log((vx_reference)graph, VX_ERROR_INVALID_REFERENCE,
                        "vxSetGraphScheduleConfig: entry %u (graph parameter %d): refs_list[%u] is not a valid "
                        "reference of this context", e, gi, k);
                s = VX_ERROR_INVALID_REFERENCE;
                break;
            }
            why[0] = 0;
            if (!compatible(obj, r, why, sizeof(why))) {
                ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                        "vxSetGraphScheduleConfig: entry %u (graph parameter %d): refs_list[%u] is %s", e, gi, k, why);
                s = VX_ERROR_INVALID_PARAMETERS;
                break;
            }
            for (i = 0; i < k; i++)
                if (q->refs[i] == r) break;
            if (i < k) {
                ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                        "vxSetGraphScheduleConfig: entry %u (graph parameter %d): refs_list[%u] repeats refs_list[%u]",
                        e, gi, k, i);
                s = VX_ERROR_INVALID_PARAMETERS;
                break;
            }
            ovx_ref_retain_internal(r);
            q->refs[k] = r;
        }
    }
    p = s == VX_SUCCESS ? pipe_get(graph) : NULL;
    if (s == VX_SUCCESS && !p) {
        s = VX_ERROR_NO_MEMORY;
        ovx_log((vx_reference)graph, s, "vxSetGraphScheduleConfig: out of memory");
    }
    if (s == VX_SUCCESS) {
        pthread_mutex_lock(&p->lock);
        if (!pipe_idle(p)) {
            s = VX_FAILURE;
            ovx_log((vx_reference)graph, s, "vxSetGraphScheduleConfig: the graph %s (vxWaitGraph first)",
                    p->streaming ? "is streaming" : "runs frames");
        } else {
            for (i = 0; i < OVX_MAX_GRAPH_PARAMS; i++) {
                qparam_free(&p->q[i], vx_true_e);
                p->q[i] = nq[i];
            }
            memset(nq, 0, sizeof(nq));
            p->mode = graph_schedule_mode;
            p->num_queued = num_queued;
            p->status = VX_SUCCESS;
        }
        pthread_mutex_unlock(&p->lock);
    }
    /* configured after verify (the refs lists given late): plan now */
    if (s == VX_SUCCESS && vxIsGraphVerified(graph)) {
        pthread_mutex_lock(&p->lock);
        for (i = 0; i < graph->num_params && s == VX_SUCCESS; i++)
            if (p->q[i].queued) s = find_sites(graph, i, &p->q[i]);
        if (s == VX_SUCCESS) s = plan_overlap(graph, p);
        pthread_mutex_unlock(&p->lock);
    }
    pthread_mutex_unlock(&graph->lock);
    for (i = 0; i < OVX_MAX_GRAPH_PARAMS; i++) qparam_free(&nq[i], vx_true_e);
    return s;
}

/* ---- the thread that runs frames ------------------------------------------ */
static vx_bool frame_ready(struct ovx_pipe *p)
{
    vx_uint32 i;
    if (p->num_queued == 0) return vx_false_e;
    for (i = 0; i < OVX_MAX_GRAPH_PARAMS; i++)
        if (p->q[i].queued && p->q[i].ready_n == 0) return vx_false_e;
    return vx_true_e;
}

/* Take the oldest ready reference of every queued parameter (p->lock held):
 * entry numbers in slot[]. */
static void frame_take(struct ovx_pipe *p, vx_reference *frame, vx_uint32 *slot)
{
    vx_uint32 i;
    for (i = 0; i < OVX_MAX_GRAPH_PARAMS; i++) {
        ovx_qparam *q = &p->q[i];
        frame[i] = NULL;
        if (!q->queued) continue;
        slot[i] = q->ready[q->ready_head];
        q->ready_head = (q->ready_head + 1) % q->size;
        q->ready_n--;
        q->at[slot[i]] = AT_RUN;
        q->running++;
        frame[i] = q->refs[slot[i]];
    }
}

static void frame_done(struct ovx_pipe *p, const vx_reference *frame, const vx_uint32 *slot)
{
    vx_uint32 i;
    for (i = 0; i < OVX_MAX_GRAPH_PARAMS; i++) {
        ovx_qparam *q = &p->q[i];
        if (!q->queued || !frame[i]) continue;
        q->done[(q->done_head + q->done_n) % q->size] = slot[i];
        q->done_n++;
        q->at[slot[i]] = AT_DONE;
        q->running--;
    }
}

typedef struct {
    vx_graph g;
    struct ovx_pipe *p;
    vx_uint64 f;                               /* the frame's number */
    vx_reference refs[OVX_MAX_GRAPH_PARAMS];   /* its queued references */
    vx_uint32 slot[OVX_MAX_GRAPH_PARAMS];
} lane_frame;

/* Spin rounds (of a pause each, ~40 ns to ~140 ns depending on the CPU)
 * of a lane waiting for the nodes of the frame before. */
#define OVX_PIPE_SPIN 1000

/* Whether the nodes each of nodes[0..num) depends on (and, with self, the
 * nodes themselves) finished frame f - 1 (read without p->lock: a stale
 * value only means one more round). */
static int deps_done(struct ovx_pipe *p, const vx_uint32 *nodes, vx_uint32 num, vx_bool self, vx_uint64 f)
{
    vx_uint32 k, i;
    for (i = 0; i < num; i++) {
        vx_uint32 a = nodes[i];
        if (self && __atomic_load_n(&p->node_done[a], __ATOMIC_SEQ_CST) < f) return 0;
        for (k = 0; k < p->ndeps[a]; k++)
            if (__atomic_load_n(&p->node_done[p->deps[a * p->num_nodes + k]], __ATOMIC_SEQ_CST) < f) return 0;
    }
    return 1;
}

/* Before nodes[0..num) of frame f run: wait until the nodes they depend on
 * (with self, they too) finished frame f - 1, and give them their share of
 * the pool. */
static void frame_wait(lane_frame *fr, const vx_uint32 *nodes, vx_uint32 num, vx_bool self)
{
    struct ovx_pipe *p = fr->p;
    vx_uint32 pool = ovx_pool_threads(), frames, spin;
    if (p->serial) return;
    /* spin a little before sleeping on the condition: the node before
     * this one on the other lane usually ends within microseconds, and a
     * futex wake-up costs 10-20 us (a frame's critical path pays it at
     * every node handed between lanes).  node_done only grows (a CAS
     * max, node_done_at_least); the plan stays while the frame runs. */
    for (spin = 0; spin < OVX_PIPE_SPIN && !deps_done(p, nodes, num, self, fr->f); spin++) ovx_cpu_relax();
    /* (the lock only to sleep: a lane took it at every node before, and
     * enqueues, dequeues and frame ends take it too; in the Python bench's
     * stream lanes slept on it one frame in twenty) */
    if (!deps_done(p, nodes, num, self, fr->f)) {
        pthread_mutex_lock(&p->lock);
        /* counted before the check (both sequentially consistent): a node that
         * ends after the check sees the sleeper and wakes it (frame_after) */
        __atomic_add_fetch(&p->nsleep, 1, __ATOMIC_SEQ_CST);
        while (!deps_done(p, nodes, num, self, fr->f)) pthread_cond_wait(&p->ncond, &p->lock);
        __atomic_sub_fetch(&p->nsleep, 1, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&p->lock);
    }
    frames = __atomic_load_n(&p->inflight, __ATOMIC_RELAXED); /* (written under p->lock, atomically) */
    /* the cores are shared by the frames in flight: this node takes
     * its share of the pool.  (Counting only the lanes running a node
     * at this instant, as before, gave a node the whole pool whenever
     * the other lane waited a moment for a dependency; its pool worker
     * then fought that lane's next node for the core: 2 frames in
     * flight on all threads ran at 0.75x of vxProcessGraph.) */
    ovx_lane_threads(frames > 1 ? (pool / frames ? pool / frames : 1) : 0);
}

/* Frame fr's object at node site st: its queued reference or its copy. */
static vx_reference site_ref(const lane_frame *fr, const ovx_node_site *st)
{
    const struct ovx_pipe *p = fr->p;
    return st->gi >= 0 ? fr->refs[st->gi]
                       : (vx_reference)p->copies[st->copy * p->lanes + (vx_uint32)(fr->f % p->lanes)];
}

/* Before node n of frame f: wait until the nodes it depends on finished
 * frame f - 1, then bind the frame's references at its queued sites. */
static void frame_before(void *arg, vx_node n)
{
    lane_frame *fr = arg;
    struct ovx_pipe *p = fr->p;
    vx_uint32 a = n->index, k;
    frame_wait(fr, &a, 1, vx_false_e);
    for (k = 0; k < p->nsites[a]; k++) {
        const ovx_node_site *st = &p->sites[a * OVX_MAX_KERNEL_PARAMS + k];
        bind_param(n, st->index, site_ref(fr, st));
    }
}

/* Before a fused group's members of frame f (execute.c): wait as for each
 * member, then each member's parameters with the frame's references at its
 * sites, in the lane's rows (frames f and f + lanes never run at once).  Not
 * fused (or no rows planned): NULL, having waited for the members' frame
 * f - 1 too. */
static ovx_param_row *frame_before_group(void *arg, const vx_uint32 *members, vx_uint32 num, vx_bool fused)
{
    lane_frame *fr = arg;
    struct ovx_pipe *p = fr->p;
    ovx_param_row *rows;
    vx_uint32 m, k;
    vx_bool alone = !fused || !p->rows ? vx_true_e : vx_false_e;
    frame_wait(fr, members, num, alone);
    if (alone) return NULL;
    rows = p->rows + (size_t)(fr->f % p->lanes) * p->num_nodes;
    for (m = 0; m < num; m++) {
        vx_uint32 a = members[m];
        memcpy(rows[m], fr->g->nodes[a]->params, sizeof(ovx_param_row));
        for (k = 0; k < p->nsites[a]; k++) {
            const ovx_node_site *st = &p->sites[a * OVX_MAX_KERNEL_PARAMS + k];
            vx_reference r = site_ref(fr, st);
            if (r) rows[m][st->index] = r;
        }
    }
    return rows;
}

/* node_done[a] = max(node_done[a], v): lanes and frame_skip may both write it */
static void node_done_at_least(struct ovx_pipe *p, vx_uint32 a, vx_uint64 v)
{
    vx_uint64 cur = __atomic_load_n(&p->node_done[a], __ATOMIC_SEQ_CST);
    while (cur < v && !__atomic_compare_exchange_n(&p->node_done[a], &cur, v, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    }
}

/* After node_done grew: the home threads waiting for a dependency woken
 * (home_thread; none waits as a rule: no lock then).  home_waiters is
 * counted (sequentially consistent, as node_done) before the home thread
 * checks again and sleeps holding its lock, and the signal is sent under
 * that lock: a home thread either sees the new node_done or is woken. */
static void wake_homes(struct ovx_pipe *p)
{
    vx_uint32 a;
    if (!p->homes || !__atomic_load_n(&p->home_waiters, __ATOMIC_SEQ_CST)) return;
    for (a = 0; a < p->num_nodes; a++) {
        ovx_home *h = &p->homes[a];
        if (!h->user) continue;
        pthread_mutex_lock(&h->lock);
        if (h->deps_wait) pthread_cond_signal(&h->cond);
        pthread_mutex_unlock(&h->lock);
    }
}

/* After node n of frame f: done, and the lanes asleep waiting for it woken
 * (no lock when none sleeps: a lane usually finds its dependency done while
 * it spins, and the lock cost a node as much as a small node's work). */
static void frame_after(void *arg, vx_node n)
{
    lane_frame *fr = arg;
    struct ovx_pipe *p = fr->p;
    node_done_at_least(p, n->index, fr->f + 1);
    if (p->lanes > 1 && __atomic_load_n(&p->nsleep, __ATOMIC_SEQ_CST)) {
        pthread_mutex_lock(&p->lock);
        pthread_cond_broadcast(&p->ncond);
        pthread_mutex_unlock(&p->lock);
    }
    wake_homes(p);
}

struct ovx_home_job {
    lane_frame *frame;
    vx_node node;
#if defined(__linux__) && defined(CPU_ISSET)
    pid_t tid;           /* the posting lane (home_away's placement hint) */
    cpu_set_t allowed;   /* its affinity when it posted */
#endif
    vx_bool has_allowed; /* allowed was read (sched_getaffinity succeeded) */
    vx_bool moved;       /* its affinity was narrowed by the home thread: it widens it back */
    vx_status status;
    vx_bool done;
    pthread_cond_t cond; /* the posting lane waits for done */
};

/* Of the jobs posted, the one of the lowest frame; NULL: none. */
static ovx_home_job *home_first(ovx_home *h, vx_uint32 *slot)
{
    ovx_home_job *j = NULL;
    vx_uint32 i;
    for (i = 0; i < OVX_PIPE_MAX_LANES; i++)
        if (h->jobs[i] && (!j || h->jobs[i]->frame->f < j->frame->f)) j = h->jobs[i], *slot = i;
    return j;
}

/* The calling thread's scheduling policy: SCHED_BATCH (batch) or back to
 * SCHED_OTHER.  Lanes of a graph with user-kernel nodes (those that may get
 * a home thread) are SCHED_BATCH, which Linux never lets preempt a running
 * thread when it wakes up; the home threads stay SCHED_OTHER.  A home's node is the slowest of its graph as a
 * rule (it has a thread of its own for that), so whenever it waits the whole
 * stream does; as SCHED_OTHER threads, lanes woken (by the home itself, at
 * each frame it finishes, or by the node before theirs) took its core from it
 * in the middle of a frame: in the Python bench's stream (a NumPy box, 640x480,
 * 2 vCPUs) 0.7 times a frame, 0.03-0.4 as batch; its frames a second over
 * vxProcessGraph's, 4 frames in flight, best / median of 5 rounds averaged
 * over five alternated pairs: one thread 1.47 / 1.36 -> 1.57 / 1.46, all
 * threads 1.28 / 1.24 -> 1.32 / 1.29.  Only when the application's thread that
 * starts the lanes is SCHED_OTHER itself (thread_start): a real-time
 * application keeps its policy. */
static void sched_batch(vx_bool batch)
{
#ifdef SCHED_BATCH
    struct sched_param sp;
    memset(&sp, 0, sizeof sp);
    (void)pthread_setschedparam(pthread_self(), batch ? SCHED_BATCH : SCHED_OTHER, &sp);
#else
    (void)batch;
#endif
}

/* Before the home thread wakes the lane of job j and goes on with its next
 * job: the lane's affinity narrowed to the CPUs it may use but this one,
 * for its wake-up (it widens it back at once, frame_home).  Linux puts a
 * woken thread on the waker's CPU when its search for an idle one is cut
 * short on a busy LLC (kernel 6.x: SIS_UTIL) and its last CPU is busy; a
 * batch lane then waited behind the home thread's next frame, 200-400 us,
 * while the other CPU idled: in the Python bench's stream (2 vCPUs, traced)
 * half of the 17% idle time was that, and the idle time fell to 5% with
 * this hint (frames a second +3-8%, alternated runs).  Linux only; the
 * lane's own mask is respected (a CPU outside it is not taken away). */
static void home_away(ovx_home_job *j)
{
#if defined(__linux__) && defined(CPU_ISSET)
    int cpu = sched_getcpu();
    cpu_set_t m = j->allowed;
    if (!j->has_allowed || cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &m)) return;
    CPU_CLR(cpu, &m);
    if (CPU_COUNT(&m) > 0 && sched_setaffinity(j->tid, sizeof(m), &m) == 0) j->moved = vx_true_e;
#else
    (void)j;
#endif
}

/* The home thread: the jobs in frame order, each as a lane would run it
 * (frame_before, the node, frame_after), the node's next frame taken as soon
 * as it is done with this one (posted by then when the node is the slowest
 * of the graph: its lane posted it on reaching the node, without waiting).
 * A job runs once the node and the nodes it depends on have finished the
 * frame before; until then (the node's frame before not posted yet, or run
 * on a lane, or a node touching what it writes not done) the thread sleeps
 * until a post or such an end (frame_after, frame_skip: wake_homes).  It
 * looked again every 50 us before: in the Python bench's stream 0.3-0.5
 * wake-ups a frame for nothing, each taking the core from a lane. */
static void *home_thread(void *arg)
{
    ovx_home *h = arg;
    if (h->unbatch) sched_batch(vx_false_e);
    pthread_mutex_lock(&h->lock);
    for (;;) {
        vx_uint32 slot = 0, a;
        ovx_home_job *j = home_first(h, &slot);
        if (j && (a = j->node->index, deps_done(j->frame->p, &a, 1, vx_true_e, j->frame->f))) {
            h->jobs[slot] = NULL;
            if (h->room_waiters) pthread_cond_signal(&h->room);
            pthread_mutex_unlock(&h->lock);
            frame_before(j->frame, j->node);
            j->status = ovx_frame_node_run(j->frame->g, j->node);
            frame_after(j->frame, j->node);
            pthread_mutex_lock(&h->lock);
            j->done = vx_true_e;
            if (home_first(h, &slot)) home_away(j);
            pthread_cond_signal(&j->cond); /* (under the lock: the lane, which ends j, sees done only after it) */
            continue;
        }
        if (h->quit) break;
        if (j) { /* woken by a post (of the frame before, as a rule) or by the dependency's end (wake_homes) */
            h->deps_wait = vx_true_e;
            __atomic_add_fetch(&j->frame->p->home_waiters, 1, __ATOMIC_SEQ_CST);
            if (!deps_done(j->frame->p, &a, 1, vx_true_e, j->frame->f)) pthread_cond_wait(&h->cond, &h->lock);
            __atomic_sub_fetch(&j->frame->p->home_waiters, 1, __ATOMIC_SEQ_CST);
            h->deps_wait = vx_false_e;
        } else {
            pthread_cond_wait(&h->cond, &h->lock);
        }
    }
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

/* The run hook: node n of the frame (before, the node, after) on the node's
 * home thread (home_thread), when it has one and its frames are long
 * enough; the lane sleeps meanwhile. */
static vx_bool frame_home(void *arg, vx_node n, vx_status *s)
{
    lane_frame *fr = arg;
    struct ovx_pipe *p = fr->p;
    ovx_home *h = p->homes ? &p->homes[n->index] : NULL;
    ovx_home_job job;
    vx_uint64 avg;
    vx_uint32 i;
    if (!h || !h->user || h->local) return vx_false_e;
    ovx_graph_state_lock(fr->g);
    avg = n->perf.avg;
    ovx_graph_state_unlock(fr->g);
    if (avg < OVX_HOME_MIN_NS) return vx_false_e;
    job.frame = fr;
    job.node = n;
    job.moved = job.has_allowed = vx_false_e;
#if defined(__linux__) && defined(CPU_ISSET)
    job.tid = (pid_t)syscall(SYS_gettid);
    if (sched_getaffinity(0, sizeof(job.allowed), &job.allowed) == 0) job.has_allowed = vx_true_e;
#endif
    job.status = VX_SUCCESS;
    job.done = vx_false_e;
    pthread_cond_init(&job.cond, NULL);
    pthread_mutex_lock(&h->lock);
    if (!h->started) {
        h->unbatch = p->batch;
        if (pthread_create(&h->thread, NULL, home_thread, h) != 0) {
            h->local = vx_true_e; /* (the lanes run it, as before its frames were long) */
            pthread_mutex_unlock(&h->lock);
            pthread_cond_destroy(&job.cond);
            return vx_false_e;
        }
        ovx_thread_name(h->thread, "home", n->index);
        h->started = vx_true_e;
    }
    for (;;) { /* (a free place: each lane has one job at most, and lanes <= OVX_PIPE_MAX_LANES) */
        for (i = 0; i < OVX_PIPE_MAX_LANES && h->jobs[i]; i++) {
        }
        if (i < OVX_PIPE_MAX_LANES) break;
        h->room_waiters++;
        pthread_cond_wait(&h->room, &h->lock);
        h->room_waiters--;
    }
    h->jobs[i] = &job;
    pthread_cond_signal(&h->cond);
    while (!job.done) pthread_cond_wait(&job.cond, &h->lock);
    pthread_mutex_unlock(&h->lock);
#if defined(__linux__) && defined(CPU_ISSET)
    if (job.moved) (void)sched_setaffinity(0, sizeof(job.allowed), &job.allowed); /* (see home_away) */
#endif
    pthread_cond_destroy(&job.cond);
    *s = job.status;
    return vx_true_e;
}

/* Frame f does not run: its nodes count as done for the frames after it. */
static void frame_skip(struct ovx_pipe *p, vx_uint64 f)
{
    vx_uint32 a;
    for (a = 0; a < p->num_nodes; a++) node_done_at_least(p, a, f + 1);
    pthread_cond_broadcast(&p->ncond);
    wake_homes(p);
}

/* Run frame fr (references taken, p->lock not held). */
static vx_status frame_run(lane_frame *fr)
{
    vx_graph g = fr->g;
    struct ovx_pipe *p = fr->p;
    ovx_frame_hooks h;
    vx_status s = VX_SUCCESS;
    vx_bool serial;
    pthread_mutex_lock(&p->lock);
    serial = p->serial;
    /* serial frames (and a re-verification) wait for the frames before */
    while ((serial || !vxIsGraphVerified(g)) && p->exec_done < fr->f) {
        p->exec_waiters++;
        pthread_cond_wait(&p->lcond, &p->lock);
        p->exec_waiters--;
    }
    pthread_mutex_unlock(&p->lock);
    pthread_mutex_lock(&g->lock);
    if (!vxIsGraphVerified(g)) {
        pthread_mutex_lock(&g->state_lock);
        s = g->frames_running == 0 ? VX_SUCCESS : VX_ERROR_GRAPH_SCHEDULED;
        pthread_mutex_unlock(&g->state_lock);
        if (s == VX_SUCCESS) s = ovx_graph_verify(g);
        else ovx_log((vx_reference)g, s, "pipelined frame: the graph changed while frames run");
    }
    pthread_mutex_lock(&p->lock);
    if (s != VX_SUCCESS) frame_skip(p, fr->f);
    serial = p->serial;
    pthread_mutex_unlock(&p->lock);
    if (s == VX_SUCCESS) {
        ovx_graph_state_lock(g);
        g->frames_running++; /* now the plan stays (vxVerifyGraph refuses a running graph) */
        g->running = vx_true_e;
        ovx_graph_state_unlock(g);
    }
    pthread_mutex_unlock(&g->lock);
    if (s != VX_SUCCESS) return s;
    if (serial) put_delays(p, fr->refs);
    h.before = frame_before;
    h.after = frame_after;
    h.before_group = frame_before_group;
    h.run = frame_home;
    h.arg = fr;
    h.serial = serial;
    return ovx_graph_execute_frame(g, &h);
}

/* Frames that may be in flight now (p->lock held): the lanes, but the extra
 * one (plan_overlap) only while the nodes that run on home threads take at
 * most about a core's share of a frame's work (VX_NODE_PERFORMANCE: the
 * slowest such node's time times the cores under 1.1 times the sum of every
 * node's), so that their threads idle part of the time or just keep up.  Its
 * lane sleeps through a home's node, and with a lane a core the other core
 * then idled whenever the lanes waited for the home thread or it for them
 * (the Python bench's stream, a NumPy box 40% of a frame, one thread, 3000
 * frames, 2 vCPUs: 2600-2690 -> 2830-2890 frames a second); where the home's
 * node is the bottleneck (the C bench's box, 60-70%), a further frame only
 * takes cores from it (2026-11-29, four alternated pairs: 1765 -> 1667
 * frames a second on average, 4 in flight, with the extra lane always on).
 * The margin: once the vision nodes got faster, the Python bench's box took
 * 0.497 of the sum (2 cores), right at the line, and the strict test left
 * the extra lane off nine frames in ten; with the margin, 2500-frame streams
 * in ten alternated rounds of two: medians 3113 (strict) -> 3408 frames a
 * second (3242 always on), the C bench's box rows unchanged (off in both). */
static vx_uint32 lanes_now(vx_graph g, const struct ovx_pipe *p)
{
    vx_uint64 total = 0, most = 0;
    vx_uint32 a;
    if (!p->extra) return p->lanes ? p->lanes : 1;
    ovx_graph_state_lock(g);
    for (a = 0; a < p->num_nodes && a < g->num_nodes; a++) {
        const vx_uint64 t = g->nodes[a]->perf.avg;
        total += t;
        if (p->homes && p->homes[a].user && t >= OVX_HOME_MIN_NS && t > most) most = t;
    }
    ovx_graph_state_unlock(g);
    return most && most * p->cores * 10u < total * 11u ? p->lanes : p->lanes - 1;
}

/* A complete frame is queued and a lane may take it (p->lock held): what a
 * lane waits for, and so what wakes one. */
static vx_bool frame_may_start(vx_graph g, struct ovx_pipe *p)
{
    return frame_ready(p) && p->inflight < lanes_now(g, p) ? vx_true_e : vx_false_e;
}

static void *lane_thread(void *arg)
{
    vx_graph g = arg;
    struct ovx_pipe *p = g->pipe;
    lane_frame fr;
    fr.g = g;
    fr.p = p;
    if (p->batch) sched_batch(vx_true_e);
    pthread_mutex_lock(&p->lock);
    for (;;) {
        vx_status s;
        vx_bool queued;
        vx_uint32 i;
        while (!p->stop) {
            /* streaming, nothing queued */
            if (p->role == ROLE_STREAM && p->num_queued == 0 && (!p->extra || p->inflight < lanes_now(g, p))) break;
            /* at most `lanes` frames in flight: the per-frame copies are that many */
            if (frame_may_start(g, p)) break;
            if (p->role == ROLE_BATCH && !frame_ready(p)) break;
            pthread_cond_wait(&p->fcond, &p->lock);
        }
        if (p->stop) break;
        queued = p->num_queued > 0;
        if (queued && !frame_ready(p)) break; /* the batch is done */
        if (queued) frame_take(p, fr.refs, fr.slot);
        else memset(fr.refs, 0, sizeof(fr.refs));
        fr.f = p->next_frame++;
        __atomic_add_fetch(&p->inflight, 1, __ATOMIC_RELAXED); /* (frame_wait reads it without the lock) */
        /* another frame ready too: the next lane (an enqueue wakes one) */
        if (queued && frame_may_start(g, p)) pthread_cond_signal(&p->fcond);
        pthread_mutex_unlock(&p->lock);

        s = frame_run(&fr);
        ovx_lane_threads(0);

        pthread_mutex_lock(&p->lock);
        p->exec_done++;
        if (p->exec_waiters) pthread_cond_broadcast(&p->lcond);
        /* frames end in their order: done references FIFO, events in order */
        while (p->frames_done != fr.f) pthread_cond_wait(&p->lcond, &p->lock);
        if (queued) frame_done(p, fr.refs, fr.slot);
        if (s != VX_SUCCESS && p->status == VX_SUCCESS) p->status = s;
        if (queued) pthread_cond_broadcast(&p->dcond);
        pthread_mutex_unlock(&p->lock);
        for (i = 0; queued && i < OVX_MAX_GRAPH_PARAMS; i++)
            if (fr.refs[i]) ovx_event_consumed(g, i);
        ovx_event_graph_completed(g);
        pthread_mutex_lock(&p->lock);
        p->frames_done++;
        __atomic_sub_fetch(&p->inflight, 1, __ATOMIC_RELAXED);
        pthread_cond_broadcast(&p->lcond); /* the next frame may end */
        /* or start: one lane, when one may (the lane that takes it wakes the
         * next if more are ready); a batch's lanes all end once none is
         * ready.  (A broadcast woke every idle lane at every frame's end on
         * the way to finding nothing to take: two context switches each, on
         * a VM ~10 us of a core apiece.) */
        if (p->role == ROLE_BATCH)
            pthread_cond_broadcast(&p->fcond);
        else if ((p->role == ROLE_STREAM && p->num_queued == 0) || frame_may_start(g, p))
            pthread_cond_signal(&p->fcond);
        pthread_cond_broadcast(&p->cond);  /* vxWaitGraph, vxStopGraphStreaming */
        /* a streaming graph stops at a failure (spec vxStartGraphStreaming):
         * every lane (the others end the frames they run) */
        if (s != VX_SUCCESS && p->role == ROLE_STREAM) {
            p->stop = vx_true_e;
            wake_all(p);
            break;
        }
    }
    /* the last lane out: nothing takes the references still ready (a
     * QUEUE_MANUAL batch is over): a dequeue waiting for them fails now */
    if (--p->lanes_running == 0) wake_all(p);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Start the threads in role (p->lock held): VX_SUCCESS or a logged error. */
static vx_status thread_start(vx_graph g, struct ovx_pipe *p, vx_int32 role, const char *who)
{
    /* streaming without queues: a lane per frame in flight (1 when serial);
     * streaming of a queue mode's graph: its queue lanes run the frames */
    vx_uint32 i, want = p->lanes == 0 || (role == ROLE_STREAM && p->num_queued > 0) ? 1 : p->lanes;
    p->role = role;
    p->stop = vx_false_e;
    p->batch = vx_false_e;
#ifdef SCHED_BATCH
    if (p->homes && want > 1) { /* (see sched_batch) */
        int policy;
        struct sched_param sp;
        if (pthread_getschedparam(pthread_self(), &policy, &sp) == 0 && policy == SCHED_OTHER) p->batch = vx_true_e;
    }
#endif
    for (i = 0; i < want; i++)
        if (pthread_create(&p->lane[i], NULL, lane_thread, g) != 0) break;
        else ovx_thread_name(p->lane[i], "lane", i);
    p->lanes_started = i;
    p->lanes_running = i;
    if (i == 0) {
        p->role = ROLE_NONE;
        ovx_log((vx_reference)g, VX_ERROR_NO_RESOURCES, "%s: cannot start a thread", who);
        return VX_ERROR_NO_RESOURCES;
    }
    return VX_SUCCESS;
}

/* Stop the threads at a frame boundary (now) or when they end, and join
 * them (p->lock not held). */
static void thread_stop(struct ovx_pipe *p, vx_bool now)
{
    vx_uint32 i, n;
    pthread_mutex_lock(&p->lock);
    if (p->role == ROLE_NONE) {
        pthread_mutex_unlock(&p->lock);
        return;
    }
    if (now) p->stop = vx_true_e;
    n = p->lanes_started;
    wake_all(p);
    pthread_mutex_unlock(&p->lock);
    for (i = 0; i < n; i++) (void)pthread_join(p->lane[i], NULL);
    pthread_mutex_lock(&p->lock);
    p->role = ROLE_NONE;
    p->stop = vx_false_e;
    p->lanes_started = 0;
    wake_all(p); /* (a dequeue waiting for references no thread will run now) */
    pthread_mutex_unlock(&p->lock);
}

void ovx_pipe_shutdown(vx_graph g)
{
    struct ovx_pipe *p = g->pipe;
    if (!p) return;
    pthread_mutex_lock(&p->lock);
    p->streaming = vx_false_e;
    pthread_mutex_unlock(&p->lock);
    thread_stop(p, vx_true_e);
}

void ovx_pipe_destroy(vx_graph g)
{
    struct ovx_pipe *p = g->pipe;
    vx_uint32 i;
    if (!p) return;
    ovx_pipe_shutdown(g);
    homes_drop(p);
    for (i = 0; i < OVX_MAX_GRAPH_PARAMS; i++) qparam_free(&p->q[i], !g->base.context->tearing_down);
    free(p->deps);
    free(p->ndeps);
    free(p->sites);
    free(p->nsites);
    free(p->node_done);
    free(p->rows);
    drop_copies(p, !g->base.context->tearing_down);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->cond);
    pthread_cond_destroy(&p->dcond);
    pthread_cond_destroy(&p->fcond);
    pthread_cond_destroy(&p->lcond);
    pthread_cond_destroy(&p->ncond);
    free(p);
    g->pipe = NULL;
}

/* ---- enqueue / dequeue ------------------------------------------------------ */
/* Common checks: VX_SUCCESS with the queued parameter, or a logged error. */
static vx_status queue_of(vx_graph graph, vx_uint32 index, const char *who, ovx_qparam **out)
{
    if (!graph_ok(graph)) return VX_ERROR_INVALID_REFERENCE;
    if (index >= graph->num_params) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS, "%s: graph parameter %u, the graph has %u", who,
                index, graph->num_params);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (!graph->pipe || graph->pipe->mode == VX_GRAPH_SCHEDULE_MODE_NORMAL || !graph->pipe->q[index].queued) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                "%s: graph parameter %u is not queued (list it in vxSetGraphScheduleConfig with a queue mode)", who,
                index);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    *out = &graph->pipe->q[index];
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxGraphParameterEnqueueReadyRef(vx_graph graph, vx_uint32 graph_parameter_index,
                                                                   vx_reference *refs, vx_uint32 num_refs)
{
    static const char who[] = "vxGraphParameterEnqueueReadyRef";
    struct ovx_pipe *p;
    ovx_qparam *q;
    vx_uint32 i, k, *entry;
    vx_reference obj;
    vx_status s;
    char why[256];
    if (!graph_ok(graph)) return VX_ERROR_INVALID_REFERENCE;
    pthread_mutex_lock(&graph->lock);
    s = queue_of(graph, graph_parameter_index, who, &q);
    if (s != VX_SUCCESS) {
        pthread_mutex_unlock(&graph->lock);
        return s;
    }
    p = graph->pipe;
    obj = q->tmpl; /* (the bound object changes with every frame) */
    if (!refs || num_refs == 0 || num_refs > q->size) {
        pthread_mutex_unlock(&graph->lock);
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                "%s: graph parameter %u: %s (num_refs %u, the queue holds %u)", who, graph_parameter_index,
                !refs ? "refs is NULL" : "bad num_refs", num_refs, q->size);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (p->mode == VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO && !vxIsGraphVerified(graph)) {
        s = ovx_graph_verify(graph);
        if (s != VX_SUCCESS) {
            pthread_mutex_unlock(&graph->lock);
            ovx_log((vx_reference)graph, s, "%s: the graph does not verify (QUEUE_AUTO runs verified graphs)", who);
            return s;
        }
    }
    for (i = 0; i < num_refs; i++) {
        if (!ovx_ref_valid(refs[i], VX_TYPE_REFERENCE) || refs[i]->context != graph->base.context) {
            pthread_mutex_unlock(&graph->lock);
            ovx_log((vx_reference)graph, VX_ERROR_INVALID_REFERENCE,
                    "%s: graph parameter %u: refs[%u] is not a valid reference of this context", who,
                    graph_parameter_index, i);
            return VX_ERROR_INVALID_REFERENCE;
        }
        why[0] = 0;
        if (!compatible(obj, refs[i], why, sizeof(why))) {
            pthread_mutex_unlock(&graph->lock);
            ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS, "%s: graph parameter %u: refs[%u] is %s", who,
                    graph_parameter_index, i, why);
            return VX_ERROR_INVALID_PARAMETERS;
        }
    }
    entry = malloc(num_refs * sizeof(vx_uint32));
    if (!entry) {
        pthread_mutex_unlock(&graph->lock);
        ovx_log((vx_reference)graph, VX_ERROR_NO_MEMORY, "%s: out of memory", who);
        return VX_ERROR_NO_MEMORY;
    }
    pthread_mutex_lock(&p->lock);
    /* each reference: its entry of the list (or a free one), with the
     * application, and not twice in refs; nothing changes unless all pass */
    for (i = 0; i < num_refs && s == VX_SUCCESS; i++) {
        vx_uint32 free_k = q->size, j;
        for (k = 0; k < q->size; k++) {
            if (q->refs[k] == refs[i]) break;
            if (!q->refs[k] && free_k == q->size) {
                for (j = 0; j < i && entry[j] != k; j++) {
                }
                if (j == i) free_k = k; /* not taken by an earlier new reference */
            }
        }
        if (k == q->size) k = free_k;
        for (j = 0; j < i; j++)
            if (refs[j] == refs[i] || (k < q->size && entry[j] == k)) break;
        if (k == q->size) {
            s = VX_FAILURE;
            ovx_log((vx_reference)graph, s, "%s: graph parameter %u: refs[%u] is not in its refs_list", who,
                    graph_parameter_index, i);
        } else if (q->at[k] != AT_APP || j < i) {
            s = VX_FAILURE;
            ovx_log((vx_reference)graph, s, "%s: graph parameter %u: refs[%u] is enqueued already (dequeue it first)",
                    who, graph_parameter_index, i);
        }
        entry[i] = k;
    }
    if (s != VX_SUCCESS) {
        pthread_mutex_unlock(&p->lock);
        pthread_mutex_unlock(&graph->lock);
        free(entry);
        return s;
    }
    for (i = 0; i < num_refs; i++) {
        if (!q->refs[entry[i]]) { /* a free entry: the list was not given */
            ovx_ref_retain_internal(refs[i]);
            q->refs[entry[i]] = refs[i];
        }
        q->at[entry[i]] = AT_READY;
    }
    for (i = 0; i < num_refs; i++) {
        q->ready[(q->ready_head + q->ready_n) % q->size] = entry[i];
        q->ready_n++;
    }
    /* a lane waiting for a frame, once one is complete (an incomplete set
     * wakes nobody) and a lane may take it (the test a lane makes: with the
     * frames in flight at the lanes' limit, the lane that ends one takes the
     * next itself or wakes one); one lane: it wakes the next when more are
     * ready.  (Signalled whenever a set was complete, the Python bench's
     * stream, which enqueues an input and an output a frame, woke an idle
     * lane for nothing 1.4 times a frame.) */
    if (frame_may_start(graph, p)) pthread_cond_signal(&p->fcond);
    if (p->mode == VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO && p->role == ROLE_NONE)
        s = thread_start(graph, p, ROLE_AUTO, who);
    pthread_mutex_unlock(&p->lock);
    pthread_mutex_unlock(&graph->lock);
    free(entry);
    return s;
}

/* Can a reference still reach the done FIFO of q without the application?
 * Running, or ready while lanes run that may take it (a QUEUE_MANUAL batch's
 * lanes end once no complete set is left: a reference left over then waits
 * for the next vxScheduleGraph, and a dequeue waiting for it would wait
 * forever). */
static vx_bool can_arrive(struct ovx_pipe *p, ovx_qparam *q)
{
    if (q->running > 0) return vx_true_e;
    return q->ready_n > 0 && p->role != ROLE_NONE && p->lanes_running > 0 ? vx_true_e : vx_false_e;
}

VX_API_ENTRY vx_status VX_API_CALL vxGraphParameterDequeueDoneRef(vx_graph graph, vx_uint32 graph_parameter_index,
                                                                  vx_reference *refs, vx_uint32 max_refs,
                                                                  vx_uint32 *num_refs)
{
    static const char who[] = "vxGraphParameterDequeueDoneRef";
    struct ovx_pipe *p;
    ovx_qparam *q;
    vx_uint32 n = 0;
    vx_status s;
    if (!graph_ok(graph)) return VX_ERROR_INVALID_REFERENCE;
    pthread_mutex_lock(&graph->lock);
    s = queue_of(graph, graph_parameter_index, who, &q);
    pthread_mutex_unlock(&graph->lock);
    if (s != VX_SUCCESS) return s;
    if (!refs || max_refs == 0) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS, "%s: graph parameter %u: %s", who,
                graph_parameter_index, !refs ? "refs is NULL" : "max_refs is 0");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    p = graph->pipe;
    pthread_mutex_lock(&p->lock);
    while (q->done_n == 0 && can_arrive(p, q)) pthread_cond_wait(&p->dcond, &p->lock);
    while (q->done_n > 0 && n < max_refs) {
        vx_uint32 k = q->done[q->done_head];
        q->done_head = (q->done_head + 1) % q->size;
        q->done_n--;
        q->at[k] = AT_APP;
        refs[n++] = q->refs[k];
    }
    pthread_mutex_unlock(&p->lock);
    if (num_refs) *num_refs = n;
    if (n == 0) {
        ovx_log((vx_reference)graph, VX_FAILURE,
                "%s: graph parameter %u: no reference is done and none can be (nothing of it runs or is scheduled)",
                who, graph_parameter_index);
        return VX_FAILURE;
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxGraphParameterCheckDoneRef(vx_graph graph, vx_uint32 graph_parameter_index,
                                                                vx_uint32 *num_refs)
{
    ovx_qparam *q;
    vx_status s;
    if (!graph_ok(graph)) return VX_ERROR_INVALID_REFERENCE;
    pthread_mutex_lock(&graph->lock);
    s = queue_of(graph, graph_parameter_index, "vxGraphParameterCheckDoneRef", &q);
    pthread_mutex_unlock(&graph->lock);
    if (s != VX_SUCCESS) return s;
    if (!num_refs) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS, "vxGraphParameterCheckDoneRef: num_refs is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    pthread_mutex_lock(&graph->pipe->lock);
    *num_refs = q->done_n;
    pthread_mutex_unlock(&graph->pipe->lock);
    return VX_SUCCESS;
}

/* ---- vxScheduleGraph / vxWaitGraph in a queue or streaming mode ----------- */
vx_status ovx_pipe_schedule(vx_graph g, vx_bool *handled)
{
    struct ovx_pipe *p = g->pipe;
    vx_status s = VX_SUCCESS;
    vx_uint32 i;
    *handled = vx_false_e;
    if (!p) return VX_SUCCESS;
    pthread_mutex_lock(&g->lock);
    pthread_mutex_lock(&p->lock);
    if (p->streaming) {
        *handled = vx_true_e;
        s = VX_ERROR_GRAPH_SCHEDULED;
        ovx_log((vx_reference)g, s, "vxScheduleGraph: the graph is streaming (vxStopGraphStreaming first)");
    } else if (p->mode == VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO) {
        *handled = vx_true_e;
        s = VX_ERROR_NOT_SUPPORTED;
        ovx_log((vx_reference)g, s,
                "vxScheduleGraph: the graph is in VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO: it runs by itself as "
                "references are enqueued");
    } else if (p->mode == VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL) {
        *handled = vx_true_e;
        if (p->role != ROLE_NONE) {
            s = VX_ERROR_GRAPH_SCHEDULED;
            ovx_log((vx_reference)g, s, "vxScheduleGraph: a batch runs already (vxWaitGraph first)");
        }
        for (i = 0; s == VX_SUCCESS && i < OVX_MAX_GRAPH_PARAMS; i++)
            if (p->q[i].queued && p->q[i].ready_n == 0) {
                s = VX_FAILURE;
                ovx_log((vx_reference)g, s,
                        "vxScheduleGraph: queued graph parameter %u has no enqueued reference (QUEUE_MANUAL needs "
                        "references at every queued parameter)", i);
            }
        if (s == VX_SUCCESS && !vxIsGraphVerified(g)) {
            pthread_mutex_unlock(&p->lock);
            s = ovx_graph_verify(g);
            pthread_mutex_lock(&p->lock);
        }
        if (s == VX_SUCCESS) {
            p->status = VX_SUCCESS;
            s = thread_start(g, p, ROLE_BATCH, "vxScheduleGraph");
        }
    }
    pthread_mutex_unlock(&p->lock);
    pthread_mutex_unlock(&g->lock);
    return s;
}

vx_status ovx_pipe_wait(vx_graph g, vx_bool *handled)
{
    struct ovx_pipe *p = g->pipe;
    vx_status s;
    *handled = vx_false_e;
    if (!p) return VX_SUCCESS;
    pthread_mutex_lock(&p->lock);
    if (p->mode == VX_GRAPH_SCHEDULE_MODE_NORMAL && !p->streaming) {
        pthread_mutex_unlock(&p->lock);
        return VX_SUCCESS;
    }
    *handled = vx_true_e;
    if (p->role == ROLE_BATCH) {
        pthread_mutex_unlock(&p->lock);
        thread_stop(p, vx_false_e); /* the batch ends by itself */
        pthread_mutex_lock(&p->lock);
    } else if (p->streaming) {
        /* streaming goes on: wait for the frames in flight */
        vx_uint64 target = p->next_frame;
        while (p->frames_done < target && p->role != ROLE_NONE) pthread_cond_wait(&p->cond, &p->lock);
    } else if (p->mode == VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO) {
        /* every frame that can start has run */
        while (p->inflight || (p->role != ROLE_NONE && frame_ready(p))) pthread_cond_wait(&p->cond, &p->lock);
    } else {
        pthread_mutex_unlock(&p->lock);
        ovx_log((vx_reference)g, VX_FAILURE, "vxWaitGraph: the graph was not scheduled");
        return VX_FAILURE;
    }
    s = p->status;
    p->status = VX_SUCCESS;
    pthread_mutex_unlock(&p->lock);
    return s;
}

/* ---- streaming ---------------------------------------------------------------- */
VX_API_ENTRY vx_status VX_API_CALL vxEnableGraphStreaming(vx_graph graph, vx_node trigger_node)
{
    struct ovx_pipe *p;
    vx_status s = VX_SUCCESS;
    if (!graph_ok(graph)) return VX_ERROR_INVALID_REFERENCE;
    if (trigger_node && (!ovx_ref_valid((vx_reference)trigger_node, VX_TYPE_NODE) || trigger_node->graph != graph)) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS,
                "vxEnableGraphStreaming: trigger_node is not a node of this graph");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    pthread_mutex_lock(&graph->lock);
    p = pipe_get(graph);
    if (!p) {
        s = VX_ERROR_NO_MEMORY;
        ovx_log((vx_reference)graph, s, "vxEnableGraphStreaming: out of memory");
    } else {
        pthread_mutex_lock(&p->lock);
        if (p->streaming) {
            s = VX_FAILURE;
            ovx_log((vx_reference)graph, s, "vxEnableGraphStreaming: the graph is streaming");
        } else {
            p->streaming_enabled = vx_true_e;
            p->trigger = trigger_node; /* plan_overlap: frame f + 1 waits for its frame f */
        }
        pthread_mutex_unlock(&p->lock);
    }
    /* the spec has this before vxVerifyGraph; called after it, the frames'
     * plan (made at verify) is missing or made for other settings: the graph
     * verifies again (vxStartGraphStreaming does it) */
    if (s == VX_SUCCESS && vxIsGraphVerified(graph)) ovx_graph_changed(graph);
    pthread_mutex_unlock(&graph->lock);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxStartGraphStreaming(vx_graph graph)
{
    struct ovx_pipe *p;
    vx_status s = VX_SUCCESS;
    if (!graph_ok(graph)) return VX_ERROR_INVALID_REFERENCE;
    pthread_mutex_lock(&graph->lock);
    p = graph->pipe;
    if (!p || !p->streaming_enabled) {
        pthread_mutex_unlock(&graph->lock);
        ovx_log((vx_reference)graph, VX_FAILURE, "vxStartGraphStreaming: streaming is not enabled (vxEnableGraphStreaming)");
        return VX_FAILURE;
    }
    if (ovx_pipe_streaming(graph)) {
        pthread_mutex_unlock(&graph->lock);
        ovx_log((vx_reference)graph, VX_FAILURE, "vxStartGraphStreaming: the graph is streaming already");
        return VX_FAILURE;
    }
    if (ovx_graph_busy(graph)) {
        pthread_mutex_unlock(&graph->lock);
        ovx_log((vx_reference)graph, VX_ERROR_GRAPH_SCHEDULED,
                "vxStartGraphStreaming: the graph is scheduled (vxWaitGraph first)");
        return VX_ERROR_GRAPH_SCHEDULED;
    }
    if (!vxIsGraphVerified(graph)) s = ovx_graph_verify(graph);
    if (s != VX_SUCCESS) {
        pthread_mutex_unlock(&graph->lock);
        return s;
    }
    pthread_mutex_lock(&p->lock);
    if (p->streaming) {
        s = VX_FAILURE;
        ovx_log((vx_reference)graph, s, "vxStartGraphStreaming: the graph is streaming already");
    } else if (p->role == ROLE_BATCH) {
        s = VX_ERROR_GRAPH_SCHEDULED;
        ovx_log((vx_reference)graph, s, "vxStartGraphStreaming: a batch runs (vxWaitGraph first)");
    } else {
        p->streaming = vx_true_e;
        p->status = VX_SUCCESS;
        /* QUEUE_AUTO: its worker runs the frames as they come */
        if (p->role == ROLE_NONE)
            s = thread_start(graph, p, p->mode == VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO ? ROLE_AUTO : ROLE_STREAM,
                             "vxStartGraphStreaming");
        if (s != VX_SUCCESS) p->streaming = vx_false_e;
    }
    pthread_mutex_unlock(&p->lock);
    pthread_mutex_unlock(&graph->lock);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxStopGraphStreaming(vx_graph graph)
{
    struct ovx_pipe *p;
    vx_bool was;
    vx_int32 role;
    if (!graph_ok(graph)) return VX_ERROR_INVALID_REFERENCE;
    p = graph->pipe;
    if (!p) {
        ovx_log((vx_reference)graph, VX_FAILURE, "vxStopGraphStreaming: the graph is not streaming");
        return VX_FAILURE;
    }
    pthread_mutex_lock(&p->lock);
    was = p->streaming;
    p->streaming = vx_false_e;
    role = p->role;
    if (was && role == ROLE_AUTO) { /* the frames in flight end; the queue workers stay */
        vx_uint64 target = p->next_frame;
        while (p->frames_done < target) pthread_cond_wait(&p->cond, &p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    if (!was) {
        ovx_log((vx_reference)graph, VX_FAILURE, "vxStopGraphStreaming: the graph is not streaming");
        return VX_FAILURE;
    }
    if (role == ROLE_STREAM) thread_stop(p, vx_true_e);
    return VX_SUCCESS;
}
