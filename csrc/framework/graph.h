/*
 * The graph engine's objects: nodes, graphs, meta formats (spec "Graph
 * Concepts", "Graph Formalisms", "Verification", "Callbacks", "User Kernels",
 * and the Node, Graph, Parameter and Meta Format API chapters).
 *
 * Ownership.  A graph holds its nodes with internal references (the
 * application's reference from vx<F>Node is external); a node holds its
 * kernel and every object bound to its parameters with internal references.
 * Virtual objects have the graph as their scope.
 *
 * Verification (verify.c) builds the graph's plan: the nodes in a
 * topological order and, per node, whether its compute runs as row-band
 * windows (ovx_kernel_desc.window) on the thread pool.  Execution
 * (execute.c) runs the plan; vxScheduleGraph runs it on a thread of its own.
 * vx_khr_pipelining (pipeline.c): queued graph parameters, frames of one
 * graph overlapping on lane threads, batches and streaming; events.c: the
 * context's event queue.
 */
#ifndef OVX_GRAPH_H
#define OVX_GRAPH_H

#include "ovx.h"
#include <VX/vx_khr_pipelining.h>

#define OVX_MAX_GRAPH_PARAMS 64

struct _vx_node {
    struct _vx_reference base;
    /* the compute variant chosen at verify (kernel desc `select`; NULL: the
     * kernel's own code), read by its window function; VX_NODE_OVX_VARIANT */
    const struct ovx_variant *variant;
    vx_graph graph;                                /* the owner (not counted) */
    vx_kernel kernel;                              /* internal reference */
    vx_reference params[OVX_MAX_KERNEL_PARAMS];    /* internal references */
    /* a parameter bound to a delay slot follows the slot when the delay ages */
    vx_delay delay[OVX_MAX_KERNEL_PARAMS];         /* internal references */
    vx_int32 delay_index[OVX_MAX_KERNEL_PARAMS];
    vx_int32 delay_item[OVX_MAX_KERNEL_PARAMS];     /* -1: the slot itself; else its level/item */
    vx_border_t border;
    /* vxAssignNodeCallback may change it while the graph runs (scheduled):
     * read it with ovx_node_callback, written atomically */
    vx_nodecomplete_f callback;
    vx_perf_t perf;
    vx_uint64 fastest_ns;       /* its fastest run since verification (0: none yet) */
    vx_status status;
    vx_enum state;
    vx_size local_data_size;
    void *local_data_ptr;
    vx_bool local_data_ours;                       /* allocated by us: free it */
    vx_bool initialized;
    vx_bool in_callback;                           /* in initialize/deinitialize: local data settable */
    vx_bool replicated;
    vx_bool replicate[OVX_MAX_KERNEL_PARAMS];
    vx_bool valid_rect_reset;                      /* read-only: outputs get the full rectangle */
    vx_kernel_image_valid_rectangle_f valid_rect_cb[OVX_MAX_KERNEL_PARAMS]; /* user kernels */
    vx_bool executed;
    vx_uint32 index;                               /* position in graph->nodes */
    /* vx_khr_tiling nodes: the kernel's values, settable per node */
    vx_neighborhood_size_t tile_neighborhood;
    vx_tile_block_size_t tile_block;
    vx_size tile_memory_size;
    /* vx_khr_pipelining: pipe-up calls / frames left before VX_NODE_STATE is
     * STEADY (set at verify from the kernel's PIPEUP depths), events */
    vx_uint32 pipeup_out_left, pipeup_in_left;
    /* the outputs of the pipe-up calls: call j (0-based) gets
     * pipeup_outs[j * num_params + i] for output i (made like the node's own
     * output at verify, so every call has a different set; NULL elsewhere) */
    vx_reference *pipeup_outs;
    vx_uint32 num_pipeup_outs;
    vx_bool ev_completed, ev_error;
    vx_uint32 ev_completed_app, ev_error_app;
};

/* The node's completion callback as last assigned (an atomic read: the
 * application may assign one from another thread while the graph runs). */
static inline vx_nodecomplete_f ovx_node_callback(vx_node n)
{
    return __atomic_load_n(&n->callback, __ATOMIC_ACQUIRE);
}

typedef struct {
    vx_node node;    /* internal reference */
    vx_uint32 index;
} ovx_graph_param;

struct _vx_graph {
    struct _vx_reference base;
    pthread_mutex_t lock;          /* serializes verify/process/schedule */
    vx_node *nodes;                /* internal references */
    vx_uint32 num_nodes, cap_nodes;
    ovx_graph_param params[OVX_MAX_GRAPH_PARAMS];
    vx_uint32 num_params;
    vx_delay *delays;              /* auto-aged delays, internal references */
    vx_uint32 num_delays, cap_delays;
    vx_bool verified;
    vx_bool reverify;              /* changed since the last verification */
    vx_enum state;
    vx_perf_t perf;
    /* the plan */
    vx_uint32 *order;              /* node indices, topological, grouped by wave */
    vx_uint32 *wave;               /* wave[i]: dependency depth of order[i]; nodes
                                    * of one wave are independent of each other */
    /* memory plan of virtual images (runtime/memplan.c) */
    vx_image *planned;
    vx_uint32 num_planned;
    struct {
        void *mem;
        size_t size;
        vx_uint32 busy_until;      /* last wave of its current image */
    } *buffers;
    vx_uint32 num_buffers;
    vx_size planned_bytes;         /* what the plan allocated */
    vx_size unplanned_bytes;       /* what one buffer per image would take */
    /* fusion plan (runtime/fuse.c); NULL: nothing fused */
    struct ovx_fuse_plan *fuse;
    vx_bool fusion_off;            /* VX_GRAPH_OVX_FUSION = vx_false_e */
    vx_uint32 fused_nodes;         /* VX_GRAPH_OVX_FUSED_NODES */
    /* asynchronous execution: a worker thread of the graph, started by its
     * first vxScheduleGraph and stopped when the graph is destroyed, runs each
     * scheduled execution (run_request -> run_done) */
    pthread_t thread;
    vx_bool worker_alive, worker_stop, run_request, run_done;
    pthread_cond_t run_cond;       /* run_request or worker_stop was set */
    vx_bool scheduled;             /* a vxScheduleGraph awaits its vxWaitGraph */
    vx_bool joining;               /* a vxWaitGraph is joining that thread */
    vx_bool running;
    vx_uint32 frames_running;      /* executions in progress (pipelining: several) */
    vx_status async_status;
    /* state_lock guards what a query may read while the graph runs on another
     * thread (lock holds the whole verify/run): scheduled, joining, running,
     * async_status, verified, reverify, state, perf, and each node's status,
     * perf and executed.  state_cond: a joined schedule (joining -> 0). */
    pthread_mutex_t state_lock;
    pthread_cond_t state_cond;
    /* vx_khr_pipelining (pipeline.c): schedule mode, queues, streaming;
     * NULL until vxSetGraphScheduleConfig / vxEnableGraphStreaming */
    struct ovx_pipe *pipe;
    /* events registered on the graph (events.c) */
    vx_bool ev_completed;
    vx_uint32 ev_completed_app;
    vx_bool ev_consumed[OVX_MAX_GRAPH_PARAMS];
    vx_uint32 ev_consumed_app[OVX_MAX_GRAPH_PARAMS];
};

/* Lock/unlock g->state_lock (NULL g: nothing). */
void ovx_graph_state_lock(vx_graph g);
void ovx_graph_state_unlock(vx_graph g);
/* Is g running (read under its state lock)? */
vx_bool ovx_graph_running(vx_graph g);
vx_bool ovx_graph_busy(vx_graph g);
vx_status ovx_graph_lock_idle(vx_graph g, const char *who);
/* Wait for every scheduled graph of c (vxReleaseContext). */
void ovx_graph_wait_all(vx_context c);

/* ---- pipeline.c (vx_khr_pipelining queues, batches, streaming) --------- */
/* The graph's schedule mode (VX_GRAPH_SCHEDULE_MODE_NORMAL without a pipe). */
vx_enum ovx_pipe_mode(vx_graph g);
/* Is graph parameter index queued (vxSetGraphScheduleConfig)? */
vx_bool ovx_pipe_queued(vx_graph g, vx_uint32 index);
/* Is the graph streaming (vxStartGraphStreaming until vxStopGraphStreaming)? */
vx_bool ovx_pipe_streaming(vx_graph g);
/* End of a successful vxVerifyGraph: find where queued references are bound,
 * arm the PIPEUP states of the nodes (an error fails the verification). */
vx_status ovx_pipe_verified(vx_graph g);
/* Before a vxProcessGraph of a graph with per-frame copies of its virtual
 * images: every node bound to the copies a frame of the first lane uses (the
 * lanes leave each node bound to its last frame's copies, but a fused
 * group's members to their own images: pipeline.c), so that writers and
 * readers of each image meet. */
void ovx_pipe_process_params(vx_graph g);
/* vxScheduleGraph / vxWaitGraph in a queue or streaming mode: handled here
 * (*handled = vx_true_e) or left to graph.c. */
vx_status ovx_pipe_schedule(vx_graph g, vx_bool *handled);
vx_status ovx_pipe_wait(vx_graph g, vx_bool *handled);
/* Stop every thread of the pipe and drop what it holds (graph release,
 * context release). */
void ovx_pipe_shutdown(vx_graph g);
void ovx_pipe_destroy(vx_graph g);

/* ---- events.c ------------------------------------------------------------ */
void ovx_events_init(vx_context c);
void ovx_events_fini(vx_context c);
/* Queue an event (when events are enabled); app_value and info as the
 * registration said. */
void ovx_event_post(vx_context c, vx_enum type, vx_uint32 app_value, const vx_event_info_t *info);
void ovx_event_node(vx_node n, vx_status s);
void ovx_event_graph_completed(vx_graph g);
void ovx_event_consumed(vx_graph g, vx_uint32 index);

/* ---- node.c ------------------------------------------------------------- */
/* The object bound to parameter i of node (following its delay slot). */
vx_reference ovx_node_param(vx_node node, vx_uint32 i);
/* Release what a node holds (graph release, vxRemoveNode). */
void ovx_node_detach(vx_node node);
/* Releases the outputs of the node's pipe-up calls (vx_khr_pipelining). */
void ovx_node_pipeup_outs_free(vx_node node);
/* Call the kernel's deinitialize (if the node was initialized) and free the
 * local data the framework allocated. */
void ovx_node_deinit(vx_node node);
/* Level / item `item` of a pyramid or object array (the container itself
 * when item is -1; NULL when there is no such item). */
vx_reference ovx_container_item(vx_reference container, vx_int32 item);
/* Re-bind parameters bound to delay slots to the slots' current objects. */
void ovx_node_follow_delays(vx_node node);

/* ---- graph.c ------------------------------------------------------------ */
void ovx_graph_changed(vx_graph graph);

/* ---- meta_format.c ------------------------------------------------------ */
vx_meta_format ovx_meta_create(vx_context context, vx_enum type);
/* Check a meta format against an object: VX_SUCCESS when every attribute the
 * validator set matches (virtual objects take unset/unknown values from it;
 * ovx_meta_apply gives them).  why receives a message on mismatch. */
vx_status ovx_meta_check(vx_meta_format meta, vx_reference ref, char *why, size_t why_size);
vx_status ovx_meta_apply(vx_meta_format meta, vx_reference ref, char *why, size_t why_size);
vx_kernel_image_valid_rectangle_f ovx_meta_valid_rect_callback(vx_meta_format meta);

/* ---- verify.c / execute.c ------------------------------------------------ */
vx_status ovx_graph_verify(vx_graph graph);
vx_status ovx_graph_execute(vx_graph graph);
/* Memory for every image, array and pyramid level node n's params touch
 * (verification gives it, so the first run costs what later ones do; a
 * run checks again, for objects given after verification). */
vx_status ovx_node_prepare_memory(vx_node n, vx_reference *params, vx_bool fused);
/* A node's parameters for one run (a frame of a pipelined graph). */
typedef vx_reference ovx_param_row[OVX_MAX_KERNEL_PARAMS];
/* A frame of a pipelined graph (pipeline.c): before/after run around every
 * node in plan order (after also for nodes skipped by a failure); serial: the
 * frame runs alone (delays followed, as in ovx_graph_execute).  A fused group
 * (runtime/fuse.c) runs as one unit at its first member: before_group waits
 * for what its members wait for and returns each member's parameters for the
 * frame (the nodes' own are left as they are); given fused false (or when it
 * cannot fuse) it returns NULL: the members run one by one through
 * before/after instead, sharing the fused-away images with the other frames,
 * so it has waited for the group's previous frame too.  run (may be NULL),
 * for a node of a frame that has not failed: true when it had the node run
 * between before and after (on another thread: ovx_frame_node_run), its
 * status in *s; false: the lane does that. */
typedef struct {
    void (*before)(void *arg, vx_node n);
    void (*after)(void *arg, vx_node n);
    ovx_param_row *(*before_group)(void *arg, const vx_uint32 *members, vx_uint32 num, vx_bool fused);
    vx_bool (*run)(void *arg, vx_node n, vx_status *s);
    void *arg;
    vx_bool serial;
} ovx_frame_hooks;
vx_status ovx_graph_execute_frame(vx_graph graph, const ovx_frame_hooks *hooks);
/* Node n of a pipelined frame on the calling thread: run, its callback, its
 * status. */
vx_status ovx_frame_node_run(vx_graph graph, vx_node n);

/* ---- runtime/memplan.c -------------------------------------------------- */
/* Give the graph's virtual images buffers shared where lifetimes allow
 * (needs graph->order and graph->wave), or give everything back. */
vx_status ovx_memplan_build(vx_graph graph);
void ovx_memplan_release(vx_graph graph);

/* ---- objects/virtual.c --------------------------------------------------- */
/* Let running nodes access virtual objects (vx_true_e) or forbid it. */
void ovx_set_accessible(vx_reference ref, vx_bool accessible);
/* Fix the unknown size/format of a virtual pyramid (and make its levels). */
/* objects/virtual.c: a virtual output back to its creation attributes before
 * a verification deduces them again. */
void ovx_virtual_forget(vx_reference r);
vx_status ovx_pyramid_apply_meta(vx_pyramid p, vx_uint32 width, vx_uint32 height, vx_df_image format, char *why,
                                 size_t why_size);
/* Fix the unknown dims/type of a virtual tensor. */
vx_status ovx_tensor_apply_meta(vx_tensor t, vx_size num_dims, const vx_size *dims, vx_size dims_given,
                                vx_enum data_type, vx_int8 fpp, vx_bool fpp_given, char *why, size_t why_size);

/* ---- framework/tiling.c (vx_khr_tiling) -------------------------------- */
/* Node creation: copy the kernel's tiling attributes (and SELF border). */
void ovx_tiling_node_init(vx_node n);
/* vxQueryNode / vxSetNodeAttribute of the tiling node attributes:
 * VX_ERROR_NOT_SUPPORTED when attribute is not one of them. */
vx_status ovx_tiling_query_node(vx_node n, vx_enum attribute, void *ptr, vx_size size);
vx_status ovx_tiling_set_node(vx_node n, vx_enum attribute, const void *ptr, vx_size size);
/* vxVerifyGraph: what a tiling node needs of its parameters and border. */
vx_status ovx_tiling_verify(vx_node n);
/* The rectangle of an output of w x h pixels the node computes. */
void ovx_tiling_region(vx_node n, vx_uint32 w, vx_uint32 h, vx_rectangle_t *r);
/* Run the node's user functions over its tiles on up to `threads` threads. */
vx_status ovx_tiling_run(vx_node n, const vx_reference *params, vx_uint32 threads);

/* ---- runtime/fuse.c (fusion of virtual-image chains) --------------------- */
typedef struct ovx_fuse_plan ovx_fuse_plan;
typedef struct ovx_fuse_group ovx_fuse_group;
/* At verify, after the validators and before the memory plan: the groups. */
vx_status ovx_fuse_build(vx_graph graph);
void ovx_fuse_release(vx_graph graph);
/* Is root a fused-away image (no full-size memory)? */
vx_bool ovx_fuse_image(vx_graph graph, vx_image root);
/* The group of node graph->nodes[node_index] (NULL: not fused). */
ovx_fuse_group *ovx_fuse_group_of(vx_graph graph, vx_uint32 node_index);
/* Waves a fused node's data lives in: its group's first to last wave (the
 * group runs at its first); unchanged for others. */
void ovx_fuse_span(vx_graph graph, vx_uint32 node_index, vx_uint32 *lo, vx_uint32 *hi);
/* Members (node indices, plan order) of a group. */
vx_uint32 ovx_fuse_members(const ovx_fuse_group *group, const vx_uint32 **members);
/* Member m's share of a group run of total_ns (by rows computed; whole: the
 * run was one chunk, as ovx_fuse_run said). */
vx_uint64 ovx_fuse_share(const ovx_fuse_group *group, vx_uint32 m, vx_uint64 total_ns, vx_bool whole);
/* Run the group's bands on the pool; params: member m's parameters in
 * params[m] (a frame of a pipelined graph), or NULL for the nodes' own;
 * *whole: whether it ran as one chunk (on one thread). */
vx_status ovx_fuse_run(vx_graph graph, ovx_fuse_group *group, ovx_param_row *params, vx_bool *whole);
/* Frames of a pipelined graph in flight at most (pipeline.c's lanes): each
 * may run a group at once. */
#define OVX_PIPE_MAX_LANES 4

/* ---- runtime/threadpool.c ---------------------------------------------- */
typedef void (*ovx_task_f)(void *arg, vx_uint32 index);
/* Run fn(arg, i) for i in [0, count) on the pool (the caller takes part);
 * returns when all are done. */
void ovx_parallel_for(vx_uint32 count, ovx_task_f fn, void *arg);
void ovx_pool_set_threads(vx_uint32 n);
/* Name a thread of the library ("ovx-<role><n>", as top -H, perf and gdb
 * show it); nothing where the C library cannot. */
void ovx_thread_name(pthread_t thread, const char *role, vx_uint32 n);
/* Threads a node may use (the pool, or fewer as its context says, or as
 * the calling thread's cap says). */
vx_uint32 ovx_node_threads(vx_node n);
/* Cap the threads of the nodes the calling thread runs (0: no cap): a lane
 * of a pipelined graph sharing the cores with other lanes' nodes. */
void ovx_lane_threads(vx_uint32 cap);
/* For a node whose kernel runs as one function: run fn(arg, y0, y1) over
 * row bands covering [y0, y1) on the node's threads (one band when the work
 * is small: `cost` is the work in pixel-equivalents). */
typedef void (*ovx_rows_f)(void *arg, vx_uint32 y0, vx_uint32 y1);
void ovx_node_parallel_rows(vx_node n, vx_uint32 y0, vx_uint32 y1, vx_uint64 cost, ovx_rows_f fn, void *arg);
/* The same with the bands' least height given: guided bands (below) of at
 * least min_rows rows on the node's threads, or one call when `big` is false
 * (too little work to share). */
void ovx_node_guided_rows(vx_node n, vx_uint32 y0, vx_uint32 y1, vx_uint32 min_rows, vx_bool big, ovx_rows_f fn,
                          void *arg);

/* Guided row bands (execute.c and the kernels' own splits): band b is rows
 * [start[b], start[b + 1]) and takes 1 / (2 threads) of the rows still left
 * (at least min_rows), so the first bands are large and the last ones
 * small.  A thread that ran slower (its core shared, woken late) then
 * leaves little for the others to wait on at the end, with fewer bands than
 * equal ones that small (a band costs its start, and for a neighbourhood a
 * few rows again at its edges).  The pool takes the items in order, the
 * large ones first.  start has room for OVX_GUIDED_MAX_BANDS + 1; returns
 * the count (1 on one thread). */
#define OVX_GUIDED_MAX_BANDS 64
static inline vx_uint32 ovx_guided_bands(vx_uint32 y0, vx_uint32 y1, vx_uint32 threads, vx_uint32 min_rows,
                                         vx_uint32 *start)
{
    vx_uint32 b = 0, y = y0;
    if (min_rows < 1) min_rows = 1;
    if (threads > 1)
        while (y1 - y > min_rows && b + 2 < OVX_GUIDED_MAX_BANDS) {
            vx_uint32 take = (y1 - y) / (2 * threads);
            if (take < min_rows) take = min_rows;
            if (y1 - y - take < min_rows / 2 + 1) break; /* no sliver at the end */
            start[b++] = y;
            y += take;
        }
    start[b++] = y;
    start[b] = y1;
    return b;
}

/* Do a and b share data (the same object, containment, overlapping ROIs)?  verify.c */
vx_bool ovx_objects_overlap(vx_reference a, vx_reference b);

#endif
