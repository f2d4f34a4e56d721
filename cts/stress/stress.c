/*
 * Threaded stress test of one context shared by several threads (issue 11):
 *  - two threads run graphs of their own (vxProcessGraph);
 *  - two threads schedule and wait one shared graph: the graph is single-issue,
 *    so vxScheduleGraph gives VX_SUCCESS or VX_ERROR_GRAPH_SCHEDULED, and the
 *    vxWaitGraph after a successful schedule gives the run's VX_SUCCESS;
 *  - one thread creates and releases objects and makes immediate-mode calls;
 *  - one thread queries the shared graph and its nodes while they run;
 * then, a few times, a graph is scheduled and its context released at once.
 * Bounded in time, deterministic work per thread; exits non-zero on any
 * unexpected status.  Built for ThreadSanitizer in .ci/tsan.sh.
 */
#include <VX/vx.h>
#include <VX/vxu.h>

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
static volatile int stop_flag;
static int failures;
static pthread_mutex_t fail_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *what, vx_status s)
{
    pthread_mutex_lock(&fail_lock);
    if (failures++ < 20) fprintf(stderr, "stress: %s: unexpected status %d\n", what, s);
    pthread_mutex_unlock(&fail_lock);
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

static void *churn(void *arg)
{
    vx_status s;
    (void)arg;
    while (!stopped()) {
        vx_image a = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_U8), b = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_U8);
        vx_int32 v = 3;
        vx_scalar sc = vxCreateScalar(ctx, VX_TYPE_INT32, &v);
        vx_array arr = vxCreateArray(ctx, VX_TYPE_KEYPOINT, 16);
        if ((s = vxuNot(ctx, a, b)) != VX_SUCCESS) fail("vxuNot", s);
        if ((s = vxuGaussian3x3(ctx, b, a)) != VX_SUCCESS) fail("vxuGaussian3x3", s);
        vxReleaseArray(&arr);
        vxReleaseScalar(&sc);
        vxReleaseImage(&a);
        vxReleaseImage(&b);
    }
    return NULL;
}

static void *query(void *arg)
{
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
    }
    return NULL;
}

/* vxScheduleGraph and, at once, vxReleaseContext: the release waits for the run. */
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
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 2.0;
    pthread_t t[6];
    void *(*fn[6])(void *) = {own_graphs, own_graphs, schedule_shared, schedule_shared, churn, query};
    vx_image in, out;
    struct timespec ts;
    int i;
    ctx = vxCreateContext();
    in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    shared = chain(ctx, in, out, &shared_node);
    if (vxVerifyGraph(shared) != VX_SUCCESS) fail("vxVerifyGraph (shared)", VX_FAILURE);
    for (i = 0; i < 6; i++) pthread_create(&t[i], NULL, fn[i], NULL);
    ts.tv_sec = (time_t)seconds;
    ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
    __atomic_store_n(&stop_flag, 1, __ATOMIC_RELEASE);
    for (i = 0; i < 6; i++) pthread_join(t[i], NULL);
    vxReleaseNode(&shared_node);
    vxReleaseGraph(&shared);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    if (vxReleaseContext(&ctx) != VX_SUCCESS) fail("vxReleaseContext", VX_FAILURE);
    release_while_running();
    printf("stress: %s (%d unexpected statuses)\n", failures ? "FAILED" : "ok", failures);
    return failures ? 1 : 0;
}
