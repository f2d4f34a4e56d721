/* Threads and the state they share (issue 11 item 8 and the audit that
 * followed it): a change that a run reads is refused while the graph is
 * scheduled, and a log callback that re-registers itself leaves the log lock
 * as it found it.  The races themselves are ThreadSanitizer's to find
 * (cts/stress/stress.c, .ci/tsan.sh); these are the observable parts. */
#define _POSIX_C_SOURCE 200809L /* nanosleep under -std=c99 */
#include "../runner/cts.h"

#include <VX/vx_khr_ix.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* vxSetNodeAttribute(VX_NODE_BORDER) while the graph is scheduled: refused
 * with VX_ERROR_GRAPH_SCHEDULED (a run reads the border), accepted once
 * vxWaitGraph has returned; the query reads back what was set. */
CTS_TEST(Threads, node_border_refused_while_scheduled, "REQ-0347 REQ-0701 REQ-0707")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 640, 480, VX_DF_IMAGE_U8), out = vxCreateImage(c, 640, 480, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vx_node n = vxBox3x3Node(g, in, out);
    vx_border_t b, q;
    CTS_ASSERT_VALID(n);
    memset(&b, 0, sizeof(b));
    b.mode = VX_BORDER_REPLICATE;
    CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS);
    /* scheduled until vxWaitGraph, whether or not the run has ended */
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b)), VX_ERROR_GRAPH_SCHEDULED);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_BORDER, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q.mode, VX_BORDER_UNDEFINED);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_ERROR_GRAPH_SCHEDULED);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_GRAPH_SCHEDULED);
    CTS_EXPECT_STATUS(vxScheduleGraph(g), VX_ERROR_GRAPH_SCHEDULED);
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_BORDER, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q.mode, VX_BORDER_REPLICATE);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e); /* the border change asks for a new verification */
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

/* The other changes a run reads, while the graph is scheduled: adding a graph
 * parameter (a run reads the list: its events, the queues), registering a
 * delay for auto-aging (a run ages the list's delays at its end) and
 * replicating a node, and exporting the graph (its run may verify it): each
 * refused with VX_ERROR_GRAPH_SCHEDULED and a log entry, accepted once
 * vxWaitGraph has returned (api_fuzz under ThreadSanitizer found the first
 * and the export racing with a scheduled run). */
CTS_TEST(Threads, graph_changes_refused_while_scheduled, "REQ-1970 REQ-0619")
{
    vx_context c = cts_context();
    vx_image ex = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8);
    vx_object_array ia = vxCreateObjectArray(c, (vx_reference)ex, 2), oa = vxCreateObjectArray(c, (vx_reference)ex, 2);
    vx_delay d = vxCreateDelay(c, (vx_reference)ex, 2);
    vx_image i0 = (vx_image)vxGetObjectArrayItem(ia, 0), o0 = (vx_image)vxGetObjectArrayItem(oa, 0);
    vx_graph g = vxCreateGraph(c);
    vx_node n = vxNotNode(g, i0, o0);
    vx_parameter prm = vxGetParameterByIndex(n, 0);
    vx_bool rep[2] = {vx_true_e, vx_true_e};
    vx_uint32 np = 0;
    vx_reference refs[1];
    vx_enum uses[1] = {VX_IX_USE_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    refs[0] = (vx_reference)g;
    CTS_ASSERT_VALID(n);
    CTS_ASSERT_VALID(prm);
    CTS_ASSERT_VALID(d);
    CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxAddParameterToGraph(g, prm), VX_ERROR_GRAPH_SCHEDULED);
    CTS_EXPECT_STATUS(vxRegisterAutoAging(g, d), VX_ERROR_GRAPH_SCHEDULED);
    CTS_EXPECT_STATUS(vxReplicateNode(g, n, rep, 2), VX_ERROR_GRAPH_SCHEDULED);
    /* exporting it: its run may be verifying it meanwhile */
    CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, 1, refs, uses, &blob, &len), VX_ERROR_GRAPH_SCHEDULED);
    CTS_EXPECT(blob == NULL);
    CTS_EXPECT(cts_log_count() >= 4);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_NUMPARAMETERS, &np, sizeof(np)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(np, 0);
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxExportObjectsToMemory(c, 1, refs, uses, &blob, &len), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseExportedMemory(c, &blob), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxAddParameterToGraph(g, prm), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_NUMPARAMETERS, &np, sizeof(np)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(np, 1);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_true_e);
    CTS_EXPECT_STATUS(vxRegisterAutoAging(g, d), VX_SUCCESS);
    CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e); /* a new delay to age: the plan made again */
    CTS_EXPECT_STATUS(vxReplicateNode(g, n, rep, 2), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    vxReleaseParameter(&prm);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseImage(&i0);
    vxReleaseImage(&o0);
    vxReleaseDelay(&d);
    vxReleaseObjectArray(&ia);
    vxReleaseObjectArray(&oa);
    vxReleaseImage(&ex);
}

/* A log callback registered as non-reentrant runs under the log lock; when it
 * registers itself again as reentrant, the lock must still be released once:
 * before, the flag was read again after the callback, so the lock stayed held
 * and every other thread that logged blocked for good. */
static int calls;
static int next_registration = -1; /* -1: none; else register as reentrant (1) or not (0), once */
static void VX_CALLBACK reregistering_cb(vx_context context, vx_reference ref, vx_status status,
                                         const vx_char string[])
{
    (void)ref;
    (void)status;
    (void)string;
    calls++;
    if (next_registration >= 0) {
        vx_bool reentrant = next_registration ? vx_true_e : vx_false_e;
        next_registration = -1;
        vxRegisterLogCallback(context, reregistering_cb, reentrant);
    }
}

static int logged_elsewhere;
static void *log_from_thread(void *arg)
{
    vxAddLogEntry((vx_reference)arg, VX_FAILURE, "from another thread");
    __atomic_store_n(&logged_elsewhere, 1, __ATOMIC_RELEASE);
    return NULL;
}

CTS_TEST(Threads, log_callback_reregistered_from_inside, "REQ-1829 REQ-1830")
{
    vx_context c = cts_context();
    pthread_t t;
    int waited, ok;
    calls = 0;
    logged_elsewhere = 0;
    vxRegisterLogCallback(c, reregistering_cb, vx_false_e);
    next_registration = 1;
    vxAddLogEntry((vx_reference)c, VX_FAILURE, "the callback makes itself reentrant");
    CTS_EXPECT_EQ_INT(calls, 1);
    /* another thread can log now: the lock is free */
    CTS_ASSERT(pthread_create(&t, NULL, log_from_thread, c) == 0);
    for (waited = 0; waited < 200 && !__atomic_load_n(&logged_elsewhere, __ATOMIC_ACQUIRE); waited++) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    ok = __atomic_load_n(&logged_elsewhere, __ATOMIC_ACQUIRE);
    if (!ok) {
        /* the lock is still ours: one more entry that makes the callback
         * non-reentrant again releases it, so that the thread ends */
        next_registration = 0;
        vxAddLogEntry((vx_reference)c, VX_FAILURE, "release");
    }
    pthread_join(t, NULL);
    CTS_EXPECT_MSG(ok, "%s", "a thread that logs blocked after the callback re-registered itself as reentrant");
    vxRegisterLogCallback(c, NULL, vx_false_e);
    cts_capture_log(c);
}

/* vxCopyImagePatch moves the bytes without the context's lock (objects/
 * image_access.c); a handle swap waits for the copies of its image all the
 * same, and copies of one image take turns.  Here the main thread swaps a
 * handle image between buffers, each filled with one value before it goes
 * in and scribbled over (0xEE) as soon as it comes back, while one thread
 * copies the image out and another copies a value in: every copy out must
 * hold one value throughout and never the scribble.  (Without the wait, a
 * plain run fails one time in two to five, ThreadSanitizer every time.) */
#define SWAP_W 512
#define SWAP_H 256
#define SWAP_ROUNDS 4000
typedef struct {
    vx_image img;
    int write;          /* 1: copies in, 0: copies out */
    int bad, done;      /* copies out not of one value or scribbled; copies made */
    vx_status status;   /* the first failing status */
} copy_job;

static void *copy_loop(void *arg)
{
    copy_job *j = arg;
    vx_uint8 *buf = malloc(SWAP_W * SWAP_H);
    vx_rectangle_t r = {0, 0, SWAP_W, SWAP_H};
    vx_imagepatch_addressing_t a;
    int i;
    memset(&a, 0, sizeof(a));
    a.dim_x = SWAP_W;
    a.dim_y = SWAP_H;
    a.stride_x = 1;
    a.stride_y = SWAP_W;
    j->status = VX_SUCCESS;
    for (i = 0; buf && i < SWAP_ROUNDS; i++) {
        vx_status s;
        if (j->write) memset(buf, 0x40 + i % 64, SWAP_W * SWAP_H);
        s = vxCopyImagePatch(j->img, &r, 0, &a, buf, j->write ? VX_WRITE_ONLY : VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        if (s != VX_SUCCESS) {
            if (j->status == VX_SUCCESS) j->status = s;
            continue;
        }
        j->done++;
        if (!j->write && (buf[0] == 0xEE || memcmp(buf, buf + 1, SWAP_W * SWAP_H - 1) != 0)) j->bad++; /* (one value) */
    }
    free(buf);
    return NULL;
}

CTS_TEST(Threads, handle_swap_waits_for_copies, "REQ-1051 REQ-1057")
{
    vx_context c = cts_context();
    vx_uint8 *mem[3];
    vx_imagepatch_addressing_t a;
    vx_image img;
    copy_job jr, jw;
    pthread_t tr, tw;
    int i, cur = 0, swaps = 0;
    for (i = 0; i < 3; i++) {
        mem[i] = malloc(SWAP_W * SWAP_H);
        CTS_ASSERT(mem[i] != NULL);
        memset(mem[i], 1 + i, SWAP_W * SWAP_H);
    }
    memset(&a, 0, sizeof(a));
    a.dim_x = SWAP_W;
    a.dim_y = SWAP_H;
    a.stride_x = 1;
    a.stride_y = SWAP_W;
    img = vxCreateImageFromHandle(c, VX_DF_IMAGE_U8, &a, (void **)&mem[0], VX_MEMORY_TYPE_HOST);
    CTS_ASSERT_VALID(img);
    memset(&jr, 0, sizeof(jr));
    jr.img = img;
    jw = jr;
    jw.write = 1;
    CTS_ASSERT(pthread_create(&tr, NULL, copy_loop, &jr) == 0);
    CTS_ASSERT(pthread_create(&tw, NULL, copy_loop, &jw) == 0);
    for (i = 0; i < SWAP_ROUNDS; i++) {
        int next = (cur + 1) % 3;
        void *in[1], *out[1];
        memset(mem[next], 1 + i % 50, SWAP_W * SWAP_H); /* (the buffer is ours: it is not in the image) */
        in[0] = mem[next];
        if (vxSwapImageHandle(img, in, out, 1) != VX_SUCCESS) continue;
        swaps++;
        CTS_EXPECT(out[0] == mem[cur]);
        memset(out[0], 0xEE, SWAP_W * SWAP_H); /* ours again: no copy may still be reading or writing it */
        cur = next;
    }
    pthread_join(tr, NULL);
    pthread_join(tw, NULL);
    CTS_EXPECT_EQ_INT(swaps, SWAP_ROUNDS);
    CTS_EXPECT_STATUS(jr.status, VX_SUCCESS);
    CTS_EXPECT_STATUS(jw.status, VX_SUCCESS);
    CTS_EXPECT_EQ_INT(jr.done, SWAP_ROUNDS);
    CTS_EXPECT_EQ_INT(jw.done, SWAP_ROUNDS);
    CTS_EXPECT_MSG(jr.bad == 0, "%d of %d copies out were not of one value, or read a buffer swapped out", jr.bad,
                   jr.done);
    vxReleaseImage(&img);
    for (i = 0; i < 3; i++) free(mem[i]);
}

CTS_TABLE(threads) = {
    CTS_ENTRY(Threads, node_border_refused_while_scheduled),
    CTS_ENTRY(Threads, graph_changes_refused_while_scheduled),
    CTS_ENTRY(Threads, log_callback_reregistered_from_inside),
    CTS_ENTRY(Threads, handle_swap_waits_for_copies),
    CTS_TABLE_END,
};
