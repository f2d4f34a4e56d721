/*
 * Threaded stress test of one context shared by several threads (issue 11):
 *  - two threads run graphs of their own (vxProcessGraph);
 *  - two threads schedule and wait one shared graph: the graph is single-issue,
 *    so vxScheduleGraph gives VX_SUCCESS or VX_ERROR_GRAPH_SCHEDULED, and the
 *    vxWaitGraph after a successful schedule gives the run's VX_SUCCESS;
 *  - one thread creates and releases objects of many kinds (a seeded choice)
 *    and makes immediate-mode calls;
 *  - one thread runs a graph that ages a delay (vxRegisterAutoAging) and ages
 *    it by hand too, while the query thread reads the delay's slots;
 *  - one thread changes and reads the context's settings (immediate-mode
 *    border, policy and target, directives, the log callback, hints), logs,
 *    looks kernels up and adds and removes a user kernel;
 *  - one thread queries the shared graph and its nodes while they run, and
 *    changes a node's border and completion callback, and reads the output's
 *    valid region;
 *  - one thread pipelines a 4-node graph in QUEUE_AUTO (3 buffers, frames
 *    overlapping on lanes) with events registered, checking FIFO order, and
 *    drains the context's event queue;
 *  - one thread starts and stops streaming of a graph of its own;
 * then, a few times, a graph is scheduled and its context released at once,
 * and a pipelined graph with frames queued is released with its context.
 * Bounded in time, deterministic work per thread; exits non-zero on any
 * unexpected status.  Built for ThreadSanitizer in .ci/tsan.sh.
 */
#include <VX/vx.h>
#include <VX/vx_ext_ovx.h>
#include <VX/vxu.h>
#include <VX/vx_khr_pipelining.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W 64
#define H 48

static vx_context ctx;
static vx_graph shared;
static vx_node shared_node;
static vx_image shared_out; /* the shared graph's output (its valid region read during runs) */
static vx_delay aging_delay;
static volatile int stop_flag;
static unsigned log_calls;
static int failures;
static pthread_mutex_t fail_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *what, vx_status s)
{
    pthread_mutex_lock(&fail_lock);
    if (failures++ < 20) fprintf(stderr, "stress: %s: unexpected status %d\n", what, s);
    pthread_mutex_unlock(&fail_lock);
}

/* deterministic pseudo-random choices: one seed per thread */
static unsigned next_rand(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (*state >> 16) & 0x7fff;
}

static int stopped(void)
{
    return __atomic_load_n(&stop_flag, __ATOMIC_ACQUIRE);
}

static vx_graph chain(vx_context c, vx_image in, vx_image out, vx_node *last)
{
    vx_graph g = vxCreateGraph(c);
    vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node a = vxGaussian3x3Node(g, in, v);
    vx_node b = vxNotNode(g, v, out);
    vxReleaseNode(&a);
    if (last) *last = b;
    else vxReleaseNode(&b);
    vxReleaseImage(&v);
    return g;
}

static void *own_graphs(void *arg)
{
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_graph g = chain(ctx, in, out, NULL);
    vx_status s;
    (void)arg;
    while (!stopped()) {
        if ((s = vxProcessGraph(g)) != VX_SUCCESS) fail("vxProcessGraph (own graph)", s);
    }
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    return NULL;
}

static void *schedule_shared(void *arg)
{
    vx_status s;
    (void)arg;
    while (!stopped()) {
        s = vxScheduleGraph(shared);
        if (s == VX_SUCCESS) {
            if ((s = vxWaitGraph(shared)) != VX_SUCCESS) fail("vxWaitGraph after a successful schedule", s);
        } else if (s != VX_ERROR_GRAPH_SCHEDULED) {
            fail("vxScheduleGraph (shared)", s);
        }
        s = vxProcessGraph(shared);
        if (s != VX_SUCCESS && s != VX_ERROR_GRAPH_SCHEDULED) fail("vxProcessGraph (shared)", s);
    }
    return NULL;
}

static vx_reference make_object(unsigned kind)
{
    vx_int32 v = 3;
    switch (kind % 10) {
    case 0: return (vx_reference)vxCreateScalar(ctx, VX_TYPE_INT32, &v);
    case 1: return (vx_reference)vxCreateArray(ctx, VX_TYPE_KEYPOINT, 16);
    case 2: return (vx_reference)vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 3, 3);
    case 3: return (vx_reference)vxCreateLUT(ctx, VX_TYPE_UINT8, 256);
    case 4: return (vx_reference)vxCreateDistribution(ctx, 16, 0, 256);
    case 5: return (vx_reference)vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    case 6: return (vx_reference)vxCreatePyramid(ctx, 3, VX_SCALE_PYRAMID_HALF, 32, 16, VX_DF_IMAGE_U8);
    case 7: return (vx_reference)vxCreateRemap(ctx, 32, 16, 32, 16);
    case 8: {
        vx_size dims[2] = {8, 4};
        return (vx_reference)vxCreateTensor(ctx, 2, dims, VX_TYPE_INT16, 8);
    }
    default: {
        vx_image ex = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
        vx_reference r = (vx_reference)vxCreateObjectArray(ctx, (vx_reference)ex, 3);
        vxReleaseImage(&ex);
        return r;
    }
    }
}

static void *churn(void *arg)
{
    unsigned seed = 1234;
    vx_status s;
    (void)arg;
    while (!stopped()) {
        vx_image a = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_U8), b = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_U8);
        vx_reference objs[4];
        vx_uint32 count = 0;
        int i;
        for (i = 0; i < 4; i++) {
            objs[i] = make_object(next_rand(&seed));
            if ((s = vxGetStatus(objs[i])) != VX_SUCCESS) fail("object creation", s);
        }
        if ((s = vxuNot(ctx, a, b)) != VX_SUCCESS) fail("vxuNot", s);
        if ((s = vxuGaussian3x3(ctx, b, a)) != VX_SUCCESS) fail("vxuGaussian3x3", s);
        if ((s = vxQueryReference(objs[0], VX_REFERENCE_COUNT, &count, sizeof(count))) != VX_SUCCESS || count != 1)
            fail("reference count", s);
        for (i = 0; i < 4; i++)
            if ((s = vxReleaseReference(&objs[i])) != VX_SUCCESS) fail("vxReleaseReference", s);
        vxReleaseImage(&a);
        vxReleaseImage(&b);
    }
    return NULL;
}

/* A graph that ages its delay each run, and ages it by hand now and then. */
static void *delays(void *arg)
{
    unsigned seed = 99;
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxNotNode(g, (vx_image)vxGetReferenceFromDelay(aging_delay, -1),
                          (vx_image)vxGetReferenceFromDelay(aging_delay, 0));
    vx_status s;
    (void)arg;
    if ((s = vxRegisterAutoAging(g, aging_delay)) != VX_SUCCESS) fail("vxRegisterAutoAging", s);
    while (!stopped()) {
        if ((s = vxProcessGraph(g)) != VX_SUCCESS) fail("vxProcessGraph (aging)", s);
        if (next_rand(&seed) % 4 == 0 && (s = vxAgeDelay(aging_delay)) != VX_SUCCESS) fail("vxAgeDelay", s);
    }
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    return NULL;
}

static void VX_CALLBACK count_log(vx_context c, vx_reference r, vx_status s, const vx_char string[])
{
    (void)c;
    (void)r;
    (void)s;
    (void)string;
    __atomic_add_fetch(&log_calls, 1, __ATOMIC_RELAXED);
}

static vx_status VX_CALLBACK nop_kernel(vx_node node, const vx_reference *params, vx_uint32 num)
{
    (void)node;
    (void)params;
    (void)num;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK nop_validate(vx_node node, const vx_reference params[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    (void)node;
    (void)params;
    (void)num;
    (void)metas;
    return VX_SUCCESS;
}

/* The context's settings, log, kernels: written here while the other
 * threads read them (vxu calls, graph runs, logging). */
static void *settings(void *arg)
{
    static const vx_enum modes[3] = {VX_BORDER_UNDEFINED, VX_BORDER_REPLICATE, VX_BORDER_CONSTANT};
    static const vx_enum directives[6] = {VX_DIRECTIVE_ENABLE_PERFORMANCE, VX_DIRECTIVE_DISABLE_PERFORMANCE,
                                          VX_DIRECTIVE_ENABLE_LOGGING,     VX_DIRECTIVE_DISABLE_LOGGING,
                                          VX_DIRECTIVE_OVX_SERIAL,         VX_DIRECTIVE_OVX_PARALLEL};
    unsigned seed = 7;
    vx_enum user_enum = 0;
    vx_status s;
    (void)arg;
    if ((s = vxAllocateUserKernelId(ctx, &user_enum)) != VX_SUCCESS) fail("vxAllocateUserKernelId", s);
    while (!stopped()) {
        unsigned r = next_rand(&seed);
        switch (r % 8) {
        case 0: {
            vx_border_t b;
            memset(&b, 0, sizeof(b));
            b.mode = modes[(r >> 3) % 3];
            b.constant_value.U8 = (vx_uint8)r;
            if ((s = vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &b, sizeof(b))) != VX_SUCCESS)
                fail("set immediate border", s);
            if ((s = vxQueryContext(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &b, sizeof(b))) != VX_SUCCESS)
                fail("query immediate border", s);
            break;
        }
        case 1: {
            vx_enum policy = VX_BORDER_POLICY_DEFAULT_TO_UNDEFINED;
            if ((s = vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER_POLICY, &policy, sizeof(policy))) !=
                VX_SUCCESS)
                fail("set border policy", s);
            if ((s = vxSetImmediateModeTarget(ctx, (r >> 3) % 2 ? VX_TARGET_ANY : VX_TARGET_STRING, "cpu")) !=
                VX_SUCCESS)
                fail("vxSetImmediateModeTarget", s);
            if ((s = vxHint((vx_reference)ctx, VX_HINT_PERFORMANCE_HIGH_SPEED, NULL, 0)) != VX_SUCCESS)
                fail("vxHint", s);
            break;
        }
        case 2:
            if ((s = vxDirective((vx_reference)ctx, directives[(r >> 3) % 6])) != VX_SUCCESS) fail("vxDirective", s);
            break;
        case 3:
            vxRegisterLogCallback(ctx, (r >> 3) % 3 ? count_log : NULL, (r >> 5) % 2 ? vx_true_e : vx_false_e);
            vxAddLogEntry((vx_reference)ctx, VX_FAILURE, "stress: a log entry %u", r);
            break;
        case 4: {
            vx_uint32 refs = 0, nk = 0, threads = 0;
            if ((s = vxQueryContext(ctx, VX_CONTEXT_REFERENCES, &refs, sizeof(refs))) != VX_SUCCESS)
                fail("query references", s);
            if ((s = vxQueryContext(ctx, VX_CONTEXT_UNIQUE_KERNELS, &nk, sizeof(nk))) != VX_SUCCESS)
                fail("query kernels", s);
            if ((s = vxQueryContext(ctx, VX_CONTEXT_OVX_THREADS, &threads, sizeof(threads))) != VX_SUCCESS)
                fail("query threads", s);
            break;
        }
        case 5: {
            vx_kernel k = vxGetKernelByName(ctx, "org.khronos.openvx.gaussian_3x3");
            vx_uint32 np = 0;
            if ((s = vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, sizeof(np))) != VX_SUCCESS || np != 2)
                fail("query kernel", s);
            vxReleaseKernel(&k);
            break;
        }
        case 6: {
            vx_kernel k = vxAddUserKernel(ctx, "org.libopenvx.stress.nop", user_enum, nop_kernel, 1, nop_validate,
                                          NULL, NULL);
            if ((s = vxGetStatus((vx_reference)k)) != VX_SUCCESS) {
                fail("vxAddUserKernel", s);
                break;
            }
            if ((s = vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED)) !=
                VX_SUCCESS)
                fail("vxAddParameterToKernel", s);
            if ((s = vxFinalizeKernel(k)) != VX_SUCCESS) fail("vxFinalizeKernel", s);
            if ((s = vxRemoveKernel(k)) != VX_SUCCESS) fail("vxRemoveKernel", s);
            break;
        }
        default: {
            vx_uint8 buf[VX_MAX_KERNEL_NAME];
            vx_size sz = 0;
            (void)buf;
            if ((s = vxQueryContext(ctx, VX_CONTEXT_EXTENSIONS_SIZE, &sz, sizeof(sz))) != VX_SUCCESS)
                fail("query extensions size", s);
            break;
        }
        }
    }
    vxRegisterLogCallback(ctx, NULL, vx_false_e);
    return NULL;
}

static vx_action VX_CALLBACK keep_going(vx_node node)
{
    (void)node;
    return VX_ACTION_CONTINUE;
}

static void *query(void *arg)
{
    unsigned flip = 0;
    (void)arg;
    while (!stopped()) {
        vx_enum state = 0;
        vx_perf_t perf;
        vx_status ns = VX_SUCCESS, s;
        vx_uint32 n = 0;
        if ((s = vxQueryGraph(shared, VX_GRAPH_STATE, &state, sizeof(state))) != VX_SUCCESS) fail("state", s);
        if ((s = vxQueryGraph(shared, VX_GRAPH_PERFORMANCE, &perf, sizeof(perf))) != VX_SUCCESS) fail("perf", s);
        if ((s = vxQueryGraph(shared, VX_GRAPH_NUMNODES, &n, sizeof(n))) != VX_SUCCESS || n != 2) fail("numnodes", s);
        if ((s = vxQueryNode(shared_node, VX_NODE_STATUS, &ns, sizeof(ns))) != VX_SUCCESS) fail("node status", s);
        if ((s = vxQueryNode(shared_node, VX_NODE_PERFORMANCE, &perf, sizeof(perf))) != VX_SUCCESS)
            fail("node perf", s);
        (void)vxIsGraphVerified(shared);
        {
            /* a node attribute changed while its graph runs: applied or refused, never torn */
            vx_border_t b;
            memset(&b, 0, sizeof(b));
            b.mode = (flip++ & 1) ? VX_BORDER_REPLICATE : VX_BORDER_UNDEFINED;
            s = vxSetNodeAttribute(shared_node, VX_NODE_BORDER, &b, sizeof(b));
            if (s != VX_SUCCESS && s != VX_ERROR_GRAPH_SCHEDULED) fail("set node border", s);
            if ((s = vxQueryNode(shared_node, VX_NODE_BORDER, &b, sizeof(b))) != VX_SUCCESS) fail("node border", s);
        }
        {
            /* the output's valid region, which each run sets as its node ends */
            vx_rectangle_t r;
            if ((s = vxGetValidRegionImage(shared_out, &r)) != VX_SUCCESS || r.end_x > W || r.end_y > H ||
                r.start_x > r.end_x || r.start_y > r.end_y)
                fail("valid region of the shared output", s);
        }
        {
            /* a completion callback assigned and cleared while the graph runs
             * (the run reads it after the node): over none it is taken, over
             * one it is refused, and what was assigned reads back */
            if ((s = vxAssignNodeCallback(shared_node, NULL)) != VX_SUCCESS) fail("vxAssignNodeCallback NULL", s);
            if ((flip & 2) && (s = vxAssignNodeCallback(shared_node, keep_going)) != VX_SUCCESS)
                fail("vxAssignNodeCallback", s);
            if (vxRetrieveNodeCallback(shared_node) != ((flip & 2) ? keep_going : NULL)) fail("callback read back", 0);
            if ((flip & 2) && (s = vxAssignNodeCallback(shared_node, keep_going)) != VX_ERROR_NOT_SUPPORTED)
                fail("vxAssignNodeCallback over a callback", s);
        }
        {
            vx_image old = (vx_image)vxGetReferenceFromDelay(aging_delay, -1);
            vx_uint32 w = 0;
            if ((s = vxQueryImage(old, VX_IMAGE_WIDTH, &w, sizeof(w))) != VX_SUCCESS || w != 16)
                fail("delay slot query", s);
        }
    }
    return NULL;
}

/* vxScheduleGraph and, at once, vxReleaseContext: the release waits for the run. */
/* in -> Gaussian3x3 -> v0 -> Not -> v1 -> Not -> v2 -> Or(v2, in) -> out,
 * graph parameters 0 (in) and 1 (out) queued with nbuf buffers each. */
static vx_graph queued_graph(vx_context c, vx_image *in, vx_image *out, vx_uint32 nbuf)
{
    vx_graph g = vxCreateGraph(c);
    vx_image v[3];
    vx_node n[4];
    vx_parameter p;
    vx_graph_parameter_queue_params_t q[2];
    int i;
    for (i = 0; i < 3; i++) v[i] = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    n[0] = vxGaussian3x3Node(g, in[0], v[0]);
    n[1] = vxNotNode(g, v[0], v[1]);
    n[2] = vxNotNode(g, v[1], v[2]);
    n[3] = vxOrNode(g, v[2], in[0], out[0]);
    p = vxGetParameterByIndex(n[0], 0);
    vxAddParameterToGraph(g, p);
    vxReleaseParameter(&p);
    p = vxGetParameterByIndex(n[3], 2);
    vxAddParameterToGraph(g, p);
    vxReleaseParameter(&p);
    q[0].graph_parameter_index = 0;
    q[0].refs_list_size = nbuf;
    q[0].refs_list = (vx_reference *)in;
    q[1].graph_parameter_index = 1;
    q[1].refs_list_size = nbuf;
    q[1].refs_list = (vx_reference *)out;
    if (vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, q) != VX_SUCCESS)
        fail("vxSetGraphScheduleConfig", VX_FAILURE);
    for (i = 0; i < 4; i++) vxReleaseNode(&n[i]);
    for (i = 0; i < 3; i++) vxReleaseImage(&v[i]);
    return g;
}

static void *pipelined(void *arg)
{
    enum { NB = 3 };
    vx_image in[NB], out[NB];
    vx_graph g;
    vx_status s;
    vx_event_t ev;
    unsigned frame = 0;
    int i;
    (void)arg;
    for (i = 0; i < NB; i++) {
        in[i] = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
        out[i] = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    }
    g = queued_graph(ctx, in, out, NB);
    if ((s = vxRegisterEvent((vx_reference)g, VX_EVENT_GRAPH_COMPLETED, 0, 7)) != VX_SUCCESS) fail("vxRegisterEvent", s);
    if ((s = vxVerifyGraph(g)) != VX_SUCCESS) fail("vxVerifyGraph (pipelined)", s);
    for (i = 0; i < NB; i++) {
        if ((s = vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[i], 1)) != VX_SUCCESS) fail("enqueue in", s);
        if ((s = vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[i], 1)) != VX_SUCCESS) fail("enqueue out", s);
    }
    while (!stopped()) {
        vx_reference o, ii;
        vx_uint32 n = 0;
        if ((s = vxGraphParameterDequeueDoneRef(g, 1, &o, 1, &n)) != VX_SUCCESS) fail("dequeue out", s);
        if ((s = vxGraphParameterDequeueDoneRef(g, 0, &ii, 1, &n)) != VX_SUCCESS) fail("dequeue in", s);
        if (s != VX_SUCCESS) break;
        if (o != (vx_reference)out[frame % NB] || ii != (vx_reference)in[frame % NB]) fail("FIFO order", VX_FAILURE);
        frame++;
        if ((s = vxGraphParameterEnqueueReadyRef(g, 0, &ii, 1)) != VX_SUCCESS) fail("re-enqueue in", s);
        if ((s = vxGraphParameterEnqueueReadyRef(g, 1, &o, 1)) != VX_SUCCESS) fail("re-enqueue out", s);
        while (vxWaitEvent(ctx, &ev, vx_true_e) == VX_SUCCESS) {
        }
    }
    if ((s = vxWaitGraph(g)) != VX_SUCCESS) fail("vxWaitGraph (pipelined)", s);
    vxReleaseGraph(&g); /* with frames done but not dequeued */
    for (i = 0; i < NB; i++) {
        vxReleaseImage(&in[i]);
        vxReleaseImage(&out[i]);
    }
    return NULL;
}

static void *streaming(void *arg)
{
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_graph g = chain(ctx, in, out, NULL);
    vx_status s;
    struct timespec ts = {0, 2 * 1000 * 1000};
    (void)arg;
    if ((s = vxEnableGraphStreaming(g, NULL)) != VX_SUCCESS) fail("vxEnableGraphStreaming", s);
    while (!stopped()) {
        if ((s = vxStartGraphStreaming(g)) != VX_SUCCESS) fail("vxStartGraphStreaming", s);
        nanosleep(&ts, NULL);
        if ((s = vxStopGraphStreaming(g)) != VX_SUCCESS) fail("vxStopGraphStreaming", s);
    }
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    return NULL;
}

static void release_while_running(void)
{
    int i;
    for (i = 0; i < 8; i++) {
        vx_context c = vxCreateContext();
        vx_image in = vxCreateImage(c, 640, 480, VX_DF_IMAGE_U8), out = vxCreateImage(c, 640, 480, VX_DF_IMAGE_U8);
        vx_graph g = chain(c, in, out, NULL);
        vx_status s = vxScheduleGraph(g);
        if (s != VX_SUCCESS) fail("vxScheduleGraph before vxReleaseContext", s);
        if (i % 2) vxReleaseGraph(&g); /* releasing the scheduled graph first waits too */
        if ((s = vxReleaseContext(&c)) != VX_SUCCESS) fail("vxReleaseContext while running", s);
    }
    for (i = 0; i < 4; i++) {
        /* a pipelined graph with frames queued, then its context released */
        vx_context c = vxCreateContext();
        vx_image in[2], out[2];
        vx_graph g;
        int k;
        vx_status s;
        for (k = 0; k < 2; k++) {
            in[k] = vxCreateImage(c, W, H, VX_DF_IMAGE_U8);
            out[k] = vxCreateImage(c, W, H, VX_DF_IMAGE_U8);
        }
        g = queued_graph(c, in, out, 2);
        if ((s = vxVerifyGraph(g)) != VX_SUCCESS) fail("vxVerifyGraph (queued, release)", s);
        for (k = 0; k < 2; k++) {
            vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[k], 1);
            vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[k], 1);
        }
        if (i % 2) vxReleaseGraph(&g);
        if ((s = vxReleaseContext(&c)) != VX_SUCCESS) fail("vxReleaseContext while pipelining", s);
    }
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 2.0;
    enum { NT = 10 };
    pthread_t t[NT];
    void *(*fn[NT])(void *) = {own_graphs, own_graphs, schedule_shared, schedule_shared,
                               churn,      delays,     settings,        query,
                               pipelined,  streaming};
    vx_image in, out, ex;
    struct timespec ts;
    int i;
    ctx = vxCreateContext();
    in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    shared = chain(ctx, in, out, &shared_node);
    shared_out = out;
    if (vxVerifyGraph(shared) != VX_SUCCESS) fail("vxVerifyGraph (shared)", VX_FAILURE);
    ex = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_U8);
    aging_delay = vxCreateDelay(ctx, (vx_reference)ex, 3);
    vxReleaseImage(&ex);
    if (vxGetStatus((vx_reference)aging_delay) != VX_SUCCESS) fail("vxCreateDelay", VX_FAILURE);
    for (i = 0; i < NT; i++) pthread_create(&t[i], NULL, fn[i], NULL);
    ts.tv_sec = (time_t)seconds;
    ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
    __atomic_store_n(&stop_flag, 1, __ATOMIC_RELEASE);
    for (i = 0; i < NT; i++) pthread_join(t[i], NULL);
    vxReleaseDelay(&aging_delay);
    vxReleaseNode(&shared_node);
    vxReleaseGraph(&shared);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    if (vxReleaseContext(&ctx) != VX_SUCCESS) fail("vxReleaseContext", VX_FAILURE);
    release_while_running();
    printf("stress: %s (%d unexpected statuses)\n", failures ? "FAILED" : "ok", failures);
    return failures ? 1 : 0;
}
