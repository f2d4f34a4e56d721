/*
 * vx_khr_pipelining: graph parameter queues (QUEUE_AUTO, QUEUE_MANUAL), their
 * misuses, pipelined results against unpipelined runs frame by frame (a delay
 * loop included), events and streaming with PIPEUP source/sink kernels.
 * Spec: vx_khr_pipelining.adoc (ids REQ-PIPE*: its sections, which carry no
 * REQ tags).
 */
#define _GNU_SOURCE /* SCHED_BATCH (Pipeline.lanes_batch_home_other) */
#include "../runner/cts.h"

#include <VX/vx_ext_ovx.h>
#include <VX/vx_khr_pipelining.h>

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W 40
#define H 24

/* Pixel i of the image fill() writes for seed. */
static vx_uint8 pattern(vx_uint32 seed, vx_uint32 i)
{
    return (vx_uint8)(seed * 31u + i * 7u + (i >> 4) * seed);
}

static void fill(vx_image img, vx_uint32 seed)
{
    vx_rectangle_t r = {0, 0, W, H};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    vx_uint8 buf[W * H];
    vx_uint32 i;
    for (i = 0; i < W * H; i++) buf[i] = pattern(seed, i);
    a.dim_x = W;
    a.dim_y = H;
    a.stride_x = 1;
    a.stride_y = W;
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &a, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
}

static void read_img(vx_image img, vx_uint8 *buf)
{
    vx_rectangle_t r = {0, 0, W, H};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    a.dim_x = W;
    a.dim_y = H;
    a.stride_x = 1;
    a.stride_y = W;
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
}

static void add_gp(vx_graph g, vx_node n, vx_uint32 i)
{
    vx_parameter p = vxGetParameterByIndex(n, i);
    CTS_ASSERT_STATUS(vxAddParameterToGraph(g, p), VX_SUCCESS);
    vxReleaseParameter(&p);
}

static vx_image img(vx_context c)
{
    vx_image i = vxCreateImage(c, W, H, VX_DF_IMAGE_U8);
    CTS_ASSERT_VALID(i);
    return i;
}

/* The last log entry has this status (and there is one). */
static void logged(vx_status s)
{
    CTS_EXPECT_MSG(cts_log_count() >= 1, "no log entry");
    if (cts_log_count() >= 1) CTS_EXPECT_EQ_INT(cts_log_last()->status, s);
    cts_log_clear();
}

/* in -> Not -> v1 (virtual) -> Gaussian3x3 -> v2 (virtual) -> Add(v2, shared) -> out:
 * params 0 = in, 1 = out.  `shared` is a non-queued input. */
static vx_graph chain_mid(vx_context c, vx_image in, vx_image shared, vx_image out, vx_node *mid)
{
    vx_graph g = vxCreateGraph(c);
    vx_image v1 = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8), v2 = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    vx_node a = vxNotNode(g, in, v1), b = vxGaussian3x3Node(g, v1, v2), d = vxAddNode(g, v2, shared, VX_CONVERT_POLICY_SATURATE, out);
    CTS_ASSERT_VALID(d);
    add_gp(g, a, 0);
    add_gp(g, d, 3);
    vxReleaseNode(&a);
    if (mid) *mid = b; /* (the caller releases it) */
    else vxReleaseNode(&b);
    vxReleaseNode(&d);
    vxReleaseImage(&v1);
    vxReleaseImage(&v2);
    return g;
}

static vx_graph chain(vx_context c, vx_image in, vx_image shared, vx_image out)
{
    return chain_mid(c, in, shared, out, NULL);
}

static vx_status config(vx_graph g, vx_enum mode, vx_image *ins, vx_image *outs, vx_uint32 n)
{
    vx_graph_parameter_queue_params_t q[2];
    q[0].graph_parameter_index = 0;
    q[0].refs_list_size = n;
    q[0].refs_list = (vx_reference *)ins;
    q[1].graph_parameter_index = 1;
    q[1].refs_list_size = n;
    q[1].refs_list = (vx_reference *)outs;
    return vxSetGraphScheduleConfig(g, mode, 2, q);
}

CTS_TEST(Pipeline, schedule_config_misuse, "REQ-PIPE-CONFIG")
{
    vx_context c = cts_context();
    vx_image in[2] = {img(c), img(c)}, out[2] = {img(c), img(c)}, shared = img(c);
    vx_image small = vxCreateImage(c, W / 2, H, VX_DF_IMAGE_U8);
    vx_graph g = chain(c, in[0], shared, out[0]);
    vx_graph_parameter_queue_params_t q[2];
    vx_reference bad[2];
    vx_enum mode = 0;
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_SCHEDULE_MODE, &mode, sizeof(mode)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(mode, VX_GRAPH_SCHEDULE_MODE_NORMAL);
    CTS_EXPECT_STATUS(vxSetGraphAttribute(g, VX_GRAPH_SCHEDULE_MODE, &mode, sizeof(mode)), VX_ERROR_NOT_SUPPORTED);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(NULL, VX_GRAPH_SCHEDULE_MODE_NORMAL, 0, NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig((vx_graph)in[0], VX_GRAPH_SCHEDULE_MODE_NORMAL, 0, NULL),
                      VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, 0x12345, 0, NULL), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    q[0].graph_parameter_index = 0;
    q[0].refs_list_size = 2;
    q[0].refs_list = (vx_reference *)in;
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_NORMAL, 1, q), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 0, NULL),
                      VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    q[0].graph_parameter_index = 5; /* the graph has 2 */
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, q), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    q[0].graph_parameter_index = 0;
    q[0].refs_list_size = 0;
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, q), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    /* the same index twice, the second list identifying no other parameter */
    q[0].refs_list_size = 2;
    q[1] = q[0];
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, q), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    /* an object unlike the graph parameter's, an invalid one, one twice */
    bad[0] = (vx_reference)in[1];
    bad[1] = (vx_reference)small;
    q[0].refs_list = bad;
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, q), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    bad[1] = (vx_reference)g;
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, q), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    bad[1] = NULL;
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, q), VX_ERROR_INVALID_REFERENCE);
    logged(VX_ERROR_INVALID_REFERENCE);
    bad[1] = (vx_reference)in[1];
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 1, q), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    /* nothing of that took effect */
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_SCHEDULE_MODE, &mode, sizeof(mode)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(mode, VX_GRAPH_SCHEDULE_MODE_NORMAL);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    /* the same index twice, the second list holding the object of the other
     * parameter: taken as that parameter (the Khronos CTS's testScalarOutput) */
    q[0].graph_parameter_index = 0;
    q[0].refs_list = (vx_reference *)in;
    q[1].graph_parameter_index = 0;
    q[1].refs_list_size = 2;
    q[1].refs_list = (vx_reference *)out;
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL, 2, q), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_SCHEDULE_MODE, &mode, sizeof(mode)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(mode, VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL);
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[1], 1), VX_SUCCESS);
    /* a batch runs: no new configuration */
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[1], 1), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_NORMAL, 0, NULL), VX_FAILURE);
    logged(VX_FAILURE);
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    /* references still enqueued or done go with the old configuration */
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[1], 1), VX_FAILURE); /* done, not dequeued */
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[0], 1), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_NORMAL, 0, NULL), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    vxReleaseGraph(&g);
    vxReleaseImage(&in[0]);
    vxReleaseImage(&in[1]);
    vxReleaseImage(&out[0]);
    vxReleaseImage(&out[1]);
    vxReleaseImage(&shared);
    vxReleaseImage(&small);
}

CTS_TEST(Pipeline, queue_misuse, "REQ-PIPE-QUEUE")
{
    vx_context c = cts_context();
    vx_image in[2] = {img(c), img(c)}, out[2] = {img(c), img(c)}, shared = img(c), stranger = img(c);
    vx_scalar sc = vxCreateScalar(c, VX_TYPE_UINT8, NULL);
    vx_graph g = chain(c, in[0], shared, out[0]), plain = chain(c, in[0], shared, out[0]);
    vx_reference got[2];
    vx_uint32 n = 99;
    CTS_ASSERT_STATUS(config(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, in, out, 2), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    cts_log_clear();
    /* the graph runs by itself in QUEUE_AUTO */
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_ERROR_NOT_SUPPORTED);
    logged(VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxScheduleGraph(g), VX_ERROR_NOT_SUPPORTED);
    logged(VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetGraphParameterByIndex(g, 0, (vx_reference)in[1]), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    /* bad arguments */
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(NULL, 0, (vx_reference *)in, 1), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 2, (vx_reference *)in, 1), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, NULL, 1), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)in, 0), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)in, 3), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    got[0] = (vx_reference)g;
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, got, 1), VX_ERROR_INVALID_PARAMETERS); /* a graph */
    logged(VX_ERROR_INVALID_PARAMETERS);
    got[0] = (vx_reference)sc;
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, got, 1), VX_ERROR_INVALID_PARAMETERS); /* a scalar */
    logged(VX_ERROR_INVALID_PARAMETERS);
    got[0] = NULL;
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, got, 1), VX_ERROR_INVALID_REFERENCE);
    logged(VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, &(vx_reference){(vx_reference)stranger}, 1), VX_FAILURE);
    logged(VX_FAILURE); /* not in the refs_list */
    got[0] = (vx_reference)in[1];
    got[1] = (vx_reference)in[1];
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, got, 2), VX_FAILURE); /* twice in one call */
    logged(VX_FAILURE);
    /* a graph not in a queue mode, a parameter not queued */
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(plain, 0, (vx_reference *)in, 1), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGraphParameterCheckDoneRef(plain, 0, &n), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGraphParameterDequeueDoneRef(plain, 0, got, 1, &n), VX_ERROR_INVALID_PARAMETERS);
    /* nothing enqueued: nothing to dequeue, and the call says so instead of blocking forever */
    CTS_EXPECT_STATUS(vxGraphParameterCheckDoneRef(g, 1, &n), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(n, 0);
    CTS_EXPECT_STATUS(vxGraphParameterCheckDoneRef(g, 1, NULL), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGraphParameterCheckDoneRef(g, 7, &n), VX_ERROR_INVALID_PARAMETERS);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, got, 1, &n), VX_FAILURE);
    logged(VX_FAILURE);
    CTS_EXPECT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, NULL, 1, &n), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, got, 0, &n), VX_ERROR_INVALID_PARAMETERS);
    /* an enqueued reference cannot be enqueued again before it is dequeued */
    CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[0], 1), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[0], 1), VX_FAILURE);
    logged(VX_FAILURE);
    CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[0], 1), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, got, 2, &n), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(n, 1);
    CTS_EXPECT(got[0] == (vx_reference)out[0]);
    CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, got, 2, &n), VX_SUCCESS);
    CTS_EXPECT(got[0] == (vx_reference)in[0]);
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    /* an output enqueued (no frame can start): back to NORMAL all the same,
     * the waiting QUEUE_AUTO lanes stop, then it is processed as usual */
    CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[1], 1), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_NORMAL, 0, NULL), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[0], 1), VX_ERROR_INVALID_PARAMETERS);
    vxReleaseGraph(&g);
    vxReleaseGraph(&plain);
    vxReleaseImage(&in[0]);
    vxReleaseImage(&in[1]);
    vxReleaseImage(&out[0]);
    vxReleaseImage(&out[1]);
    vxReleaseImage(&shared);
    vxReleaseImage(&stranger);
    vxReleaseScalar(&sc);
}

static int mid_calls;

static vx_action VX_CALLBACK count_mid(vx_node node)
{
    (void)node;
    __atomic_add_fetch(&mid_calls, 1, __ATOMIC_SEQ_CST);
    return VX_ACTION_CONTINUE;
}

/* QUEUE_AUTO over `frames` frames with `nbuf` buffers per queue: every output
 * equals the unpipelined graph's on the same input, in FIFO order.  The
 * chain is one fused group; with callback, its middle node gets a callback
 * after verify (the group's nodes then run one by one, each frame in turn). */
static void auto_vs_plain_cb(vx_uint32 nbuf, vx_uint32 frames, int lists_late, int callback)
{
    vx_context c = cts_context();
    vx_image in[4], out[4], shared = img(c), pin = img(c), pout = img(c);
    vx_graph g, plain;
    vx_node mid = NULL;
    vx_uint32 i, sent = 0, got_n = 0;
    vx_uint8 want[W * H], have[W * H];
    for (i = 0; i < nbuf; i++) {
        in[i] = img(c);
        out[i] = img(c);
    }
    fill(shared, 99);
    g = chain_mid(c, in[0], shared, out[0], &mid);
    plain = chain(c, pin, shared, pout);
    if (lists_late) {
        /* refs lists NULL before verify, given after */
        vx_image *none = NULL;
        vx_graph_parameter_queue_params_t q[2] = {{0, nbuf, (vx_reference *)none}, {1, nbuf, NULL}};
        CTS_ASSERT_STATUS(vxSetGraphScheduleConfig(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, q), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        if (lists_late == 2) CTS_ASSERT_STATUS(config(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, in, out, nbuf), VX_SUCCESS);
    } else {
        CTS_ASSERT_STATUS(config(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, in, out, nbuf), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    }
    mid_calls = 0;
    if (callback) CTS_ASSERT_STATUS(vxAssignNodeCallback(mid, count_mid), VX_SUCCESS);
    vxReleaseNode(&mid);
    for (i = 0; i < nbuf && i < frames; i++) {
        fill(in[i], sent++);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[i], 1), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[i], 1), VX_SUCCESS);
    }
    while (got_n < frames) {
        vx_image o, ii;
        vx_uint32 n = 0;
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, (vx_reference *)&o, 1, &n), VX_SUCCESS);
        CTS_ASSERT_EQ_INT(n, 1);
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, (vx_reference *)&ii, 1, &n), VX_SUCCESS);
        CTS_ASSERT(o == out[got_n % nbuf] && ii == in[got_n % nbuf]); /* FIFO */
        fill(pin, got_n);
        CTS_ASSERT_STATUS(vxProcessGraph(plain), VX_SUCCESS);
        read_img(pout, want);
        read_img(o, have);
        CTS_ASSERT_MSG(memcmp(want, have, sizeof(want)) == 0, "frame %u differs from the unpipelined run", got_n);
        got_n++;
        if (sent < frames) {
            fill(ii, sent++);
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&ii, 1), VX_SUCCESS);
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&o, 1), VX_SUCCESS);
        }
    }
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(mid_calls, callback ? (int)frames : 0);
    vxReleaseGraph(&g);
    vxReleaseGraph(&plain);
    for (i = 0; i < nbuf; i++) {
        vxReleaseImage(&in[i]);
        vxReleaseImage(&out[i]);
    }
    vxReleaseImage(&shared);
    vxReleaseImage(&pin);
    vxReleaseImage(&pout);
}

static void auto_vs_plain(vx_uint32 nbuf, vx_uint32 frames, int lists_late)
{
    auto_vs_plain_cb(nbuf, frames, lists_late, 0);
}

CTS_TEST(Pipeline, auto_equals_unpipelined, "REQ-PIPE-AUTO")
{
    auto_vs_plain(1, 5, 0);
    auto_vs_plain(2, 40, 0);
    auto_vs_plain(4, 40, 0);
    auto_vs_plain_cb(2, 40, 0, 1);
    auto_vs_plain_cb(4, 40, 0, 1);
}

/* A 7-node chain of vision functions (two outputs in one node, S16 images,
 * a scalar): 4 frames in flight give the unpipelined results. */
static vx_graph chain7(vx_context c, vx_image in, vx_image out)
{
    vx_graph g = vxCreateGraph(c);
    vx_image v0 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8), v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8),
             gx = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_S16), gy = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_S16),
             mag = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_S16), u8 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8),
             d = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8);
    vx_int32 zero = 0;
    vx_scalar shift = vxCreateScalar(c, VX_TYPE_INT32, &zero);
    vx_node first = vxGaussian3x3Node(g, in, v0), last, n;
    n = vxMedian3x3Node(g, v0, v1);
    vxReleaseNode(&n);
    n = vxSobel3x3Node(g, v1, gx, gy);
    vxReleaseNode(&n);
    n = vxMagnitudeNode(g, gx, gy, mag);
    vxReleaseNode(&n);
    n = vxConvertDepthNode(g, mag, u8, VX_CONVERT_POLICY_SATURATE, shift);
    vxReleaseNode(&n);
    n = vxDilate3x3Node(g, u8, d);
    vxReleaseNode(&n);
    last = vxErode3x3Node(g, d, out);
    CTS_ASSERT_VALID(last);
    add_gp(g, first, 0);
    add_gp(g, last, 1);
    vxReleaseNode(&first);
    vxReleaseNode(&last);
    vxReleaseImage(&v0);
    vxReleaseImage(&v1);
    vxReleaseImage(&gx);
    vxReleaseImage(&gy);
    vxReleaseImage(&mag);
    vxReleaseImage(&u8);
    vxReleaseImage(&d);
    vxReleaseScalar(&shift);
    return g;
}

CTS_TEST(Pipeline, overlap_chain7_equals_unpipelined, "REQ-PIPE-AUTO")
{
    vx_context c = cts_context();
    vx_image in[4], out[4], pin = img(c), pout = img(c);
    vx_graph g, plain;
    vx_uint8 want[W * H], have[W * H];
    vx_uint32 i, f, frames = 30;
    for (i = 0; i < 4; i++) {
        in[i] = img(c);
        out[i] = img(c);
    }
    g = chain7(c, in[0], out[0]);
    plain = chain7(c, pin, pout);
    CTS_ASSERT_STATUS(config(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, in, out, 4), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    {
        /* the chain runs fused in its frames too (one group: two frames may run it at once) */
        vx_uint32 fused = 0;
        CTS_ASSERT_STATUS(vxQueryGraph(g, VX_GRAPH_OVX_FUSED_NODES, &fused, sizeof(fused)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(fused, 7);
    }
    for (i = 0; i < 4; i++) {
        fill(in[i], i + 1);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[i], 1), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[i], 1), VX_SUCCESS);
    }
    for (f = 0; f < frames; f++) {
        vx_image o, ii;
        vx_uint32 n;
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, (vx_reference *)&o, 1, &n), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, (vx_reference *)&ii, 1, &n), VX_SUCCESS);
        fill(pin, f + 1);
        CTS_ASSERT_STATUS(vxProcessGraph(plain), VX_SUCCESS);
        read_img(pout, want);
        read_img(o, have);
        CTS_ASSERT_MSG(memcmp(want, have, sizeof(want)) == 0, "frame %u differs from the unpipelined run", f);
        if (f + 4 < frames) {
            fill(ii, f + 5);
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&ii, 1), VX_SUCCESS);
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&o, 1), VX_SUCCESS);
        }
    }
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    vxReleaseGraph(&g);
    vxReleaseGraph(&plain);
    for (i = 0; i < 4; i++) {
        vxReleaseImage(&in[i]);
        vxReleaseImage(&out[i]);
    }
    vxReleaseImage(&pin);
    vxReleaseImage(&pout);
}

CTS_TEST(Pipeline, refs_lists_after_verify, "REQ-PIPE-CONFIG")
{
    auto_vs_plain(3, 12, 2); /* lists given by a second call after verify */
    auto_vs_plain(3, 12, 1); /* never given: the first references enqueued fill them */
}

/* A loop through a delay: out = in + d[-1], d[0] = NOT(out); QUEUE_AUTO gives
 * what vxProcessGraph gives, frame by frame. */
static vx_graph delay_graph(vx_context c, vx_image in, vx_image out, vx_delay *dp)
{
    vx_image ex = img(c);
    vx_graph g = vxCreateGraph(c);
    vx_delay d = vxCreateDelay(c, (vx_reference)ex, 2);
    vx_node a, b;
    fill((vx_image)vxGetReferenceFromDelay(d, 0), 5);
    fill((vx_image)vxGetReferenceFromDelay(d, -1), 6);
    a = vxAddNode(g, in, (vx_image)vxGetReferenceFromDelay(d, -1), VX_CONVERT_POLICY_WRAP, out);
    b = vxNotNode(g, out, (vx_image)vxGetReferenceFromDelay(d, 0));
    CTS_ASSERT_VALID(b);
    add_gp(g, a, 0);
    add_gp(g, a, 3);
    CTS_ASSERT_STATUS(vxRegisterAutoAging(g, d), VX_SUCCESS);
    vxReleaseNode(&a);
    vxReleaseNode(&b);
    vxReleaseImage(&ex);
    *dp = d;
    return g;
}

CTS_TEST(Pipeline, delay_loop_equals_unpipelined, "REQ-PIPE-DELAY REQ-0621")
{
    vx_context c = cts_context();
    vx_image in[3] = {img(c), img(c), img(c)}, out[3] = {img(c), img(c), img(c)}, pin = img(c), pout = img(c);
    vx_delay d, pd;
    vx_graph g = delay_graph(c, in[0], out[0], &d), plain = delay_graph(c, pin, pout, &pd);
    vx_uint8 want[W * H], have[W * H];
    vx_uint32 f, i;
    CTS_ASSERT_STATUS(config(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, in, out, 3), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    for (i = 0; i < 3; i++) {
        fill(in[i], i + 1);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[i], 1), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[i], 1), VX_SUCCESS);
    }
    for (f = 0; f < 24; f++) {
        vx_image o, ii;
        vx_uint32 n;
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, (vx_reference *)&o, 1, &n), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, (vx_reference *)&ii, 1, &n), VX_SUCCESS);
        fill(pin, f + 1);
        CTS_ASSERT_STATUS(vxProcessGraph(plain), VX_SUCCESS);
        read_img(pout, want);
        read_img(o, have);
        CTS_ASSERT_MSG(memcmp(want, have, sizeof(want)) == 0, "frame %u differs from the unpipelined run", f);
        if (f + 3 < 24) {
            fill(ii, f + 4);
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&ii, 1), VX_SUCCESS);
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&o, 1), VX_SUCCESS);
        }
    }
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    vxReleaseGraph(&g);
    vxReleaseGraph(&plain);
    vxReleaseDelay(&d);
    vxReleaseDelay(&pd);
    for (i = 0; i < 3; i++) {
        vxReleaseImage(&in[i]);
        vxReleaseImage(&out[i]);
    }
    vxReleaseImage(&pin);
    vxReleaseImage(&pout);
}

CTS_TEST(Pipeline, manual_batch, "REQ-PIPE-MANUAL")
{
    vx_context c = cts_context();
    vx_image in[3] = {img(c), img(c), img(c)}, out[3] = {img(c), img(c), img(c)}, shared = img(c), pout = img(c);
    vx_graph g = chain(c, in[0], shared, out[0]), plain;
    vx_image got[3], gin[3];
    vx_uint8 want[W * H], have[W * H];
    vx_uint32 i, n = 0, round;
    fill(shared, 3);
    plain = chain(c, in[0], shared, pout);
    CTS_ASSERT_STATUS(config(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL, in, out, 3), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_ERROR_NOT_SUPPORTED);
    logged(VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_FAILURE); /* nothing scheduled */
    logged(VX_FAILURE);
    CTS_EXPECT_STATUS(vxScheduleGraph(g), VX_FAILURE); /* nothing enqueued */
    logged(VX_FAILURE);
    CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)out, 3), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxScheduleGraph(g), VX_FAILURE); /* parameter 0 has none */
    logged(VX_FAILURE);
    /* enqueued but not scheduled: dequeue does not block forever */
    CTS_EXPECT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, (vx_reference *)got, 3, &n), VX_FAILURE);
    cts_log_clear();
    for (round = 0; round < 3; round++) {
        for (i = 0; i < 3; i++) fill(in[i], 10 * round + i);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)in, 3), VX_SUCCESS);
        if (round > 0) CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)out, 3), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxWaitGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterCheckDoneRef(g, 1, &n), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(n, 3); /* the whole batch ran */
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, (vx_reference *)got, 3, &n), VX_SUCCESS);
        CTS_ASSERT_EQ_INT(n, 3);
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, (vx_reference *)gin, 3, &n), VX_SUCCESS);
        CTS_ASSERT_EQ_INT(n, 3);
        for (i = 0; i < 3; i++) {
            CTS_EXPECT(got[i] == out[i] && gin[i] == in[i]);
            CTS_ASSERT_STATUS(vxSetGraphParameterByIndex(plain, 0, (vx_reference)in[i]), VX_SUCCESS);
            CTS_ASSERT_STATUS(vxProcessGraph(plain), VX_SUCCESS);
            read_img(pout, want);
            read_img(got[i], have);
            CTS_EXPECT_MSG(memcmp(want, have, sizeof(want)) == 0, "round %u frame %u differs", round, i);
        }
    }
    /* a batch with an input left over (two inputs, one output): once the
     * batch is over, a dequeue of that input fails, as it does before any
     * batch (a QUEUE_MANUAL dequeue waits only for what runs, not for a
     * later vxScheduleGraph; it waited forever), with or without a
     * vxWaitGraph first; the next batch takes the input */
    for (round = 0; round < 2; round++) {
        vx_image o, ii;
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)in, 2), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)out, 1), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS);
        if (round) CTS_ASSERT_STATUS(vxWaitGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, (vx_reference *)&o, 1, &n), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, (vx_reference *)&ii, 1, &n), VX_SUCCESS);
        CTS_EXPECT(o == out[0] && ii == in[0]);
        cts_log_clear();
        CTS_EXPECT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, (vx_reference *)&ii, 1, &n), VX_FAILURE);
        logged(VX_FAILURE);
        if (!round) CTS_ASSERT_STATUS(vxWaitGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)out, 1), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxScheduleGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxWaitGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, (vx_reference *)&o, 1, &n), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, (vx_reference *)&ii, 1, &n), VX_SUCCESS);
        CTS_EXPECT(o == out[0] && ii == in[1]);
    }
    vxReleaseGraph(&g);
    vxReleaseGraph(&plain);
    for (i = 0; i < 3; i++) {
        vxReleaseImage(&in[i]);
        vxReleaseImage(&out[i]);
    }
    vxReleaseImage(&shared);
    vxReleaseImage(&pout);
}

/* Many frames through a 6-node chain, 3 buffers: nothing lost, order kept. */
CTS_TEST(Pipeline, stress_many_frames, "REQ-PIPE-AUTO")
{
    vx_context c = cts_context();
    vx_image in[3], out[3], v[5];
    vx_graph g = vxCreateGraph(c);
    vx_node nodes[6];
    vx_uint32 i, f, frames = 3000, n;
    vx_uint8 buf[W * H];
    for (i = 0; i < 3; i++) {
        in[i] = img(c);
        out[i] = img(c);
    }
    for (i = 0; i < 5; i++) v[i] = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    nodes[0] = vxNotNode(g, in[0], v[0]);
    for (i = 1; i < 5; i++) nodes[i] = vxNotNode(g, v[i - 1], v[i]);
    nodes[5] = vxNotNode(g, v[4], out[0]); /* six NOTs: the identity */
    add_gp(g, nodes[0], 0);
    add_gp(g, nodes[5], 1);
    CTS_ASSERT_STATUS(config(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, in, out, 3), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    for (i = 0; i < 3; i++) {
        fill(in[i], i);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[i], 1), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[i], 1), VX_SUCCESS);
    }
    for (f = 0; f < frames; f++) {
        vx_image o, ii;
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, (vx_reference *)&o, 1, &n), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, (vx_reference *)&ii, 1, &n), VX_SUCCESS);
        CTS_ASSERT(o == out[f % 3]);
        if (f % 97 == 0) {
            vx_uint8 want[W * H];
            read_img(o, buf);
            read_img(ii, want);
            CTS_ASSERT_MSG(memcmp(want, buf, sizeof(buf)) == 0, "frame %u", f);
        }
        if (f + 3 < frames) {
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&o, 1), VX_SUCCESS);
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&ii, 1), VX_SUCCESS);
        }
    }
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    for (i = 0; i < 6; i++) vxReleaseNode(&nodes[i]);
    for (i = 0; i < 5; i++) vxReleaseImage(&v[i]);
    vxReleaseGraph(&g);
    for (i = 0; i < 3; i++) {
        vxReleaseImage(&in[i]);
        vxReleaseImage(&out[i]);
    }
}

/* ---- events ------------------------------------------------------------------ */
static vx_status VX_CALLBACK failing_kernel(vx_node node, const vx_reference *p, vx_uint32 num)
{
    (void)node;
    (void)p;
    (void)num;
    return VX_ERROR_INVALID_VALUE;
}

CTS_TEST(Pipeline, events, "REQ-PIPE-EVENTS")
{
    vx_context c = cts_context();
    vx_image in = img(c), out = img(c), shared = img(c);
    vx_graph g = chain(c, in, shared, out), gf = vxCreateGraph(c);
    vx_node first = NULL, bad;
    vx_event_t ev;
    vx_uint32 nnodes = 0, seen_consumed = 0, seen_completed = 0, seen_node = 0;
    vx_uint64 last_ts = 0;
    vx_kernel k;
    vx_enum kid;
    vx_parameter gp;
    /* disabled: nothing is queued, user events are refused; enabled again: in order */
    CTS_ASSERT_STATUS(vxEnableEvents(c), VX_SUCCESS);
    while (vxWaitEvent(c, &ev, vx_true_e) == VX_SUCCESS) {
    }
    CTS_EXPECT_STATUS(vxWaitEvent(c, &ev, vx_true_e), VX_FAILURE);
    CTS_EXPECT_STATUS(vxWaitEvent(c, NULL, vx_true_e), VX_ERROR_INVALID_PARAMETERS);
    CTS_EXPECT_STATUS(vxWaitEvent(NULL, &ev, vx_true_e), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxEnableEvents(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxDisableEvents(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxSendUserEvent(NULL, 1, NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_ASSERT_STATUS(vxSendUserEvent(c, 11, &nnodes), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxDisableEvents(c), VX_SUCCESS);
    cts_log_clear();
    CTS_EXPECT(vxSendUserEvent(c, 12, NULL) != VX_SUCCESS);
    logged(VX_FAILURE);
    CTS_ASSERT_STATUS(vxEnableEvents(c), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSendUserEvent(c, 13, NULL), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxWaitEvent(c, &ev, vx_false_e), VX_SUCCESS);
    CTS_EXPECT(ev.type == VX_EVENT_USER && ev.app_value == 11 && ev.event_info.user_event.user_event_parameter == &nnodes);
    CTS_EXPECT(ev.timestamp > 0);
    last_ts = ev.timestamp;
    CTS_ASSERT_STATUS(vxWaitEvent(c, &ev, vx_true_e), VX_SUCCESS);
    CTS_EXPECT(ev.type == VX_EVENT_USER && ev.app_value == 13 && ev.timestamp >= last_ts);
    CTS_EXPECT_STATUS(vxWaitEvent(c, &ev, vx_true_e), VX_FAILURE);
    /* registration: what fits which reference */
    cts_log_clear();
    CTS_EXPECT_STATUS(vxRegisterEvent(NULL, VX_EVENT_GRAPH_COMPLETED, 0, 1), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxRegisterEvent((vx_reference)in, VX_EVENT_GRAPH_COMPLETED, 0, 1), VX_ERROR_NOT_SUPPORTED);
    logged(VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxRegisterEvent((vx_reference)g, VX_EVENT_NODE_COMPLETED, 0, 1), VX_ERROR_NOT_SUPPORTED);
    logged(VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxRegisterEvent((vx_reference)g, VX_EVENT_USER, 0, 1), VX_ERROR_NOT_SUPPORTED);
    logged(VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxRegisterEvent((vx_reference)g, VX_EVENT_GRAPH_PARAMETER_CONSUMED, 9, 1),
                      VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    CTS_ASSERT_STATUS(vxRegisterEvent((vx_reference)g, VX_EVENT_GRAPH_COMPLETED, 0, 100), VX_SUCCESS);
    gp = vxGetGraphParameterByIndex(g, 1);
    CTS_ASSERT_VALID(gp);
    CTS_ASSERT_STATUS(vxRegisterEvent((vx_reference)gp, VX_EVENT_GRAPH_PARAMETER_CONSUMED, 0, 201), VX_SUCCESS);
    vxReleaseParameter(&gp);
    CTS_ASSERT_STATUS(vxRegisterEvent((vx_reference)g, VX_EVENT_GRAPH_PARAMETER_CONSUMED, 0, 200), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    while (vxWaitEvent(c, &ev, vx_true_e) == VX_SUCCESS) {
        CTS_EXPECT(ev.timestamp >= last_ts);
        last_ts = ev.timestamp;
        if (ev.type == VX_EVENT_GRAPH_COMPLETED) {
            CTS_EXPECT(ev.app_value == 100 && ev.event_info.graph_completed.graph == g);
            seen_completed++;
        } else if (ev.type == VX_EVENT_GRAPH_PARAMETER_CONSUMED) {
            vx_uint32 gi = ev.event_info.graph_parameter_consumed.graph_parameter_index;
            CTS_EXPECT(ev.event_info.graph_parameter_consumed.graph == g);
            CTS_EXPECT((gi == 0 && ev.app_value == 200) || (gi == 1 && ev.app_value == 201));
            seen_consumed++;
        } else {
            seen_node++;
        }
    }
    CTS_EXPECT_EQ_INT(seen_completed, 2);
    CTS_EXPECT_EQ_INT(seen_consumed, 4);
    CTS_EXPECT_EQ_INT(seen_node, 0); /* none registered */
    /* node completed and node error */
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &kid), VX_SUCCESS);
    k = vxAddUserKernel(c, "org.libopenvx.cts.pipe.failing", kid, failing_kernel, 1, NULL, NULL, NULL);
    CTS_ASSERT_VALID(k);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    first = vxNotNode(gf, in, out);
    bad = vxCreateGenericNode(gf, k);
    CTS_ASSERT_STATUS(vxSetParameterByIndex(bad, 0, (vx_reference)out), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxRegisterEvent((vx_reference)first, VX_EVENT_NODE_COMPLETED, 0, 300), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxRegisterEvent((vx_reference)bad, VX_EVENT_NODE_ERROR, 0, 301), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxRegisterEvent((vx_reference)gf, VX_EVENT_GRAPH_COMPLETED, 0, 302), VX_SUCCESS);
    CTS_EXPECT(vxProcessGraph(gf) != VX_SUCCESS);
    CTS_ASSERT_STATUS(vxWaitEvent(c, &ev, vx_true_e), VX_SUCCESS);
    CTS_EXPECT(ev.type == VX_EVENT_NODE_COMPLETED && ev.app_value == 300 && ev.event_info.node_completed.node == first &&
               ev.event_info.node_completed.graph == gf);
    CTS_ASSERT_STATUS(vxWaitEvent(c, &ev, vx_true_e), VX_SUCCESS);
    CTS_EXPECT(ev.type == VX_EVENT_NODE_ERROR && ev.app_value == 301 && ev.event_info.node_error.node == bad &&
               ev.event_info.node_error.status == VX_ERROR_INVALID_VALUE);
    CTS_ASSERT_STATUS(vxWaitEvent(c, &ev, vx_true_e), VX_SUCCESS);
    CTS_EXPECT(ev.type == VX_EVENT_GRAPH_COMPLETED && ev.app_value == 302); /* abandoned: still completed */
    CTS_EXPECT_STATUS(vxWaitEvent(c, &ev, vx_true_e), VX_FAILURE);
    /* disabled: a run leaves no event */
    CTS_ASSERT_STATUS(vxDisableEvents(c), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxEnableEvents(c), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxWaitEvent(c, &ev, vx_true_e), VX_FAILURE);
    vxReleaseNode(&first);
    vxReleaseNode(&bad);
    vxReleaseGraph(&g);
    vxReleaseGraph(&gf);
    vxRemoveKernel(k);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&shared);
}

/* QUEUE_AUTO with events driving enqueue/dequeue (the spec's example loop). */
CTS_TEST(Pipeline, event_driven_loop, "REQ-PIPE-EVENTS REQ-PIPE-AUTO")
{
    vx_context c = cts_context();
    vx_image in[2] = {img(c), img(c)}, out[2] = {img(c), img(c)}, shared = img(c);
    vx_graph g = chain(c, in[0], shared, out[0]);
    vx_uint32 frames = 0, consumed = 0, i;
    vx_event_t ev;
    CTS_ASSERT_STATUS(config(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, in, out, 2), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxRegisterEvent((vx_reference)g, VX_EVENT_GRAPH_PARAMETER_CONSUMED, 0, 1), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxRegisterEvent((vx_reference)g, VX_EVENT_GRAPH_COMPLETED, 0, 2), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    for (i = 0; i < 2; i++) {
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[i], 1), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[i], 1), VX_SUCCESS);
    }
    while (frames < 50) {
        vx_reference r;
        vx_uint32 n;
        CTS_ASSERT_STATUS(vxWaitEvent(c, &ev, vx_false_e), VX_SUCCESS);
        if (ev.app_value == 1) {
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, &r, 1, &n), VX_SUCCESS);
            if (++consumed + 2 <= 50) CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, &r, 1), VX_SUCCESS);
        } else if (ev.app_value == 2) {
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, &r, 1, &n), VX_SUCCESS);
            if (++frames + 2 <= 50) CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, &r, 1), VX_SUCCESS);
        }
    }
    CTS_EXPECT_EQ_INT(consumed, 50);
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    vxReleaseGraph(&g);
    for (i = 0; i < 2; i++) {
        vxReleaseImage(&in[i]);
        vxReleaseImage(&out[i]);
    }
    vxReleaseImage(&shared);
}

/* ---- streaming ------------------------------------------------------------- */
static int src_pipeup, src_steady, sink_calls, sink_pipeup, sink_bad;
static vx_uint32 src_value;
static vx_reference src_pipeup_out[4]; /* the output each pipe-up call was given */

static vx_status VX_CALLBACK source_kernel(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_enum state = 0;
    (void)num;
    vxQueryNode(node, VX_NODE_STATE, &state, sizeof(state));
    if (state == VX_NODE_STATE_PIPEUP) {
        if (src_pipeup < 4) src_pipeup_out[src_pipeup] = p[0];
        src_pipeup++;
        return VX_SUCCESS;
    }
    __atomic_add_fetch(&src_steady, 1, __ATOMIC_SEQ_CST);
    src_value++;
    return vxCopyScalar((vx_scalar)p[0], &src_value, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

static vx_status VX_CALLBACK sink_kernel(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_enum state = 0;
    vx_uint32 v = 0;
    (void)num;
    vxQueryNode(node, VX_NODE_STATE, &state, sizeof(state));
    if (state == VX_NODE_STATE_PIPEUP) sink_pipeup++;
    vxCopyScalar((vx_scalar)p[0], &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    sink_calls++;
    if (v != (vx_uint32)sink_calls) sink_bad++; /* the source's values in order, none skipped */
    return VX_SUCCESS;
}

static vx_kernel stream_kernel(vx_context c, const char *name, vx_kernel_f f, vx_enum dir, vx_enum attr, vx_uint32 depth)
{
    vx_enum kid;
    vx_kernel k;
    vx_uint32 zero = 0;
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &kid), VX_SUCCESS);
    k = vxAddUserKernel(c, name, kid, f, 1, NULL, NULL, NULL); /* no validator */
    CTS_ASSERT_VALID(k);
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, attr, &zero, sizeof(zero)), VX_ERROR_INVALID_PARAMETERS);
    CTS_ASSERT_STATUS(vxSetKernelAttribute(k, attr, &depth, sizeof(depth)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 0, dir, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    return k;
}

CTS_TEST(Pipeline, streaming_source_sink, "REQ-PIPE-STREAM")
{
    vx_context c = cts_context();
    vx_scalar s = vxCreateScalar(c, VX_TYPE_UINT32, NULL);
    vx_kernel ks = stream_kernel(c, "org.libopenvx.cts.pipe.source", source_kernel, VX_OUTPUT,
                                 VX_KERNEL_PIPEUP_OUTPUT_DEPTH, 3);
    vx_kernel kk = stream_kernel(c, "org.libopenvx.cts.pipe.sink", sink_kernel, VX_INPUT, VX_KERNEL_PIPEUP_INPUT_DEPTH, 2);
    vx_graph g = vxCreateGraph(c), other = vxCreateGraph(c);
    vx_node src = vxCreateGenericNode(g, ks), sink = vxCreateGenericNode(g, kk), alien = vxCreateGenericNode(other, kk);
    struct timespec ts = {0, 20 * 1000 * 1000};
    vx_enum state = 0;
    int steady_at_stop, waited;
    src_pipeup = src_steady = sink_calls = sink_pipeup = sink_bad = 0;
    src_value = 0;
    memset(src_pipeup_out, 0, sizeof(src_pipeup_out));
    CTS_ASSERT_STATUS(vxSetParameterByIndex(src, 0, (vx_reference)s), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetParameterByIndex(sink, 0, (vx_reference)s), VX_SUCCESS);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxStartGraphStreaming(g), VX_FAILURE); /* not enabled */
    logged(VX_FAILURE);
    CTS_EXPECT_STATUS(vxStopGraphStreaming(g), VX_FAILURE); /* not streaming */
    logged(VX_FAILURE);
    CTS_EXPECT_STATUS(vxEnableGraphStreaming(NULL, NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxStartGraphStreaming(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxStopGraphStreaming(NULL), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxEnableGraphStreaming(g, alien), VX_ERROR_INVALID_PARAMETERS);
    logged(VX_ERROR_INVALID_PARAMETERS);
    CTS_ASSERT_STATUS(vxEnableGraphStreaming(g, src), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryNode(src, VX_NODE_STATE, &state, sizeof(state)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(state, VX_NODE_STATE_PIPEUP);
    CTS_ASSERT_STATUS(vxStartGraphStreaming(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxStartGraphStreaming(g), VX_FAILURE);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_ERROR_GRAPH_SCHEDULED);
    CTS_EXPECT_STATUS(vxScheduleGraph(g), VX_ERROR_GRAPH_SCHEDULED);
    /* let a few frames run (however loaded the machine: wait for them) */
    for (waited = 0; __atomic_load_n(&src_steady, __ATOMIC_SEQ_CST) < 3 && waited < 5000; waited++) {
        struct timespec tick = {0, 2 * 1000 * 1000};
        nanosleep(&tick, NULL);
    }
    CTS_ASSERT_STATUS(vxWaitGraph(g), VX_SUCCESS); /* a frame boundary; streaming goes on */
    CTS_ASSERT_STATUS(vxStopGraphStreaming(g), VX_SUCCESS);
    steady_at_stop = src_steady;
    CTS_EXPECT_EQ_INT(src_pipeup, 2); /* depth 3: two pipe-up calls, once */
    /* "a different set of output parameters for each call": two scalars of the
     * output's type, neither the node's own output */
    CTS_EXPECT(src_pipeup_out[0] != src_pipeup_out[1]);
    CTS_EXPECT(src_pipeup_out[0] != (vx_reference)s && src_pipeup_out[1] != (vx_reference)s);
    for (waited = 0; waited < 2; waited++) {
        vx_enum ty = 0;
        CTS_EXPECT_STATUS(vxQueryScalar((vx_scalar)src_pipeup_out[waited], VX_SCALAR_TYPE, &ty, sizeof(ty)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(ty, VX_TYPE_UINT32);
    }
    CTS_EXPECT(src_steady >= 3);
    CTS_EXPECT_EQ_INT(sink_calls, src_steady); /* stopped at a frame boundary */
    CTS_EXPECT_EQ_INT(sink_pipeup, 1);         /* depth 2: one frame in PIPEUP */
    CTS_EXPECT_EQ_INT(sink_bad, 0);
    CTS_EXPECT_STATUS(vxStopGraphStreaming(g), VX_FAILURE);
    nanosleep(&ts, NULL);
    CTS_EXPECT_EQ_INT(src_steady, steady_at_stop); /* nothing runs after the stop */
    /* restart, then a normal run */
    CTS_ASSERT_STATUS(vxStartGraphStreaming(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxStopGraphStreaming(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(src_pipeup, 2);
    CTS_EXPECT_EQ_INT(sink_calls, src_steady);
    CTS_EXPECT_EQ_INT(sink_bad, 0);
    vxReleaseNode(&src);
    vxReleaseNode(&sink);
    vxReleaseNode(&alien);
    vxReleaseGraph(&g);
    vxReleaseGraph(&other);
    vxRemoveKernel(ks);
    vxRemoveKernel(kk);
    vxReleaseScalar(&s);
}

/* A streaming graph released without vxStopGraphStreaming stops first. */
CTS_TEST(Pipeline, streaming_release_stops, "REQ-PIPE-STREAM")
{
    vx_context c = cts_context();
    vx_image in = img(c), out = img(c);
    vx_graph g = vxCreateGraph(c);
    vx_node n = vxNotNode(g, in, out);
    CTS_ASSERT_STATUS(vxEnableGraphStreaming(g, NULL), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxStartGraphStreaming(g), VX_SUCCESS); /* verifies */
    vxReleaseNode(&n);
    CTS_EXPECT_STATUS(vxReleaseGraph(&g), VX_SUCCESS);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

/* Streaming overlaps frames: node A of frame f + 1 runs while node B is on
 * frame f (each gets its frame's copy of the virtual image between them);
 * with B as the trigger node, frame f + 1 starts only after B finished frame
 * f, so A and B never run at once.  A writes its frame number into the
 * image, B checks it sees 1, 2, 3, ... */
static int ov_active, ov_max, ov_frames_a, ov_frames_b, ov_bad;

static void ov_enter(void)
{
    int now = __atomic_add_fetch(&ov_active, 1, __ATOMIC_SEQ_CST), m = __atomic_load_n(&ov_max, __ATOMIC_SEQ_CST);
    while (now > m && !__atomic_compare_exchange_n(&ov_max, &m, now, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    }
}

static void ov_leave(void)
{
    struct timespec ts = {0, 3 * 1000 * 1000};
    nanosleep(&ts, NULL);
    __atomic_sub_fetch(&ov_active, 1, __ATOMIC_SEQ_CST);
}

/* The whole W x H U8 image to or from buf. */
static vx_status ov_copy(vx_reference img, vx_uint8 *buf, vx_enum usage)
{
    vx_rectangle_t r = {0, 0, W, H};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    a.dim_x = W;
    a.dim_y = H;
    a.stride_x = 1;
    a.stride_y = W;
    return vxCopyImagePatch((vx_image)img, &r, 0, &a, buf, usage, VX_MEMORY_TYPE_HOST);
}

static vx_status VX_CALLBACK ov_a(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_uint8 buf[W * H];
    vx_status s;
    (void)node;
    (void)num;
    ov_enter();
    memset(buf, (vx_uint8)__atomic_add_fetch(&ov_frames_a, 1, __ATOMIC_SEQ_CST), sizeof(buf));
    s = ov_copy(p[0], buf, VX_WRITE_ONLY);
    ov_leave();
    return s;
}

static vx_status VX_CALLBACK ov_b(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_uint8 buf[W * H];
    vx_status s;
    (void)node;
    (void)num;
    ov_enter();
    s = ov_copy(p[0], buf, VX_READ_ONLY);
    {
        vx_uint8 want = (vx_uint8)__atomic_add_fetch(&ov_frames_b, 1, __ATOMIC_SEQ_CST);
        if (buf[0] != want || buf[W * H - 1] != want) ov_bad++;
    }
    ov_leave();
    return s;
}

static void overlap_run(vx_context c, int with_trigger)
{
    vx_enum ka, kb;
    vx_kernel ka_k, kb_k;
    vx_graph g = vxCreateGraph(c);
    vx_image v = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    vx_node na, nb;
    struct timespec ts = {0, 2 * 1000 * 1000};
    int waited = 0;
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &ka), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &kb), VX_SUCCESS);
    ka_k = vxAddUserKernel(c, with_trigger ? "org.libopenvx.cts.ov.a1" : "org.libopenvx.cts.ov.a0", ka, ov_a, 1, NULL,
                           NULL, NULL);
    kb_k = vxAddUserKernel(c, with_trigger ? "org.libopenvx.cts.ov.b1" : "org.libopenvx.cts.ov.b0", kb, ov_b, 1, NULL,
                           NULL, NULL);
    CTS_ASSERT_VALID(ka_k);
    CTS_ASSERT_VALID(kb_k);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(ka_k, 0, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(kb_k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(ka_k), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(kb_k), VX_SUCCESS);
    na = vxCreateGenericNode(g, ka_k);
    nb = vxCreateGenericNode(g, kb_k);
    CTS_ASSERT_STATUS(vxSetParameterByIndex(na, 0, (vx_reference)v), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetParameterByIndex(nb, 0, (vx_reference)v), VX_SUCCESS);
    ov_active = ov_max = ov_frames_a = ov_frames_b = ov_bad = 0;
    CTS_ASSERT_STATUS(vxEnableGraphStreaming(g, with_trigger ? nb : NULL), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxStartGraphStreaming(g), VX_SUCCESS);
    while (__atomic_load_n(&ov_frames_b, __ATOMIC_SEQ_CST) < 12 && waited++ < 5000) nanosleep(&ts, NULL);
    CTS_ASSERT_STATUS(vxStopGraphStreaming(g), VX_SUCCESS);
    CTS_EXPECT(ov_frames_b >= 12);
    CTS_EXPECT_EQ_INT(ov_frames_a, ov_frames_b); /* stopped at a frame boundary */
    CTS_EXPECT_EQ_INT(ov_bad, 0);                /* every frame's own image, in order */
    CTS_EXPECT_EQ_INT(ov_max, with_trigger ? 1 : 2);
    vxReleaseNode(&na);
    vxReleaseNode(&nb);
    vxReleaseImage(&v);
    vxReleaseGraph(&g);
    vxRemoveKernel(ka_k);
    vxRemoveKernel(kb_k);
}

CTS_TEST(Pipeline, streaming_overlaps_frames_and_trigger, "REQ-PIPE-STREAM")
{
    overlap_run(cts_context(), 0);
    overlap_run(cts_context(), 1);
}

/* in -> Not -> v1 -> Gaussian3x3 -> v2 -> ScaleImage (same size) -> v3 -> Not -> out:
 * Not and Gaussian fused (v1 fused away), v2 and v3 with a copy per frame
 * when streaming (ScaleImage is not fusable). */
static vx_graph fused_then_scale(vx_context c, vx_image in, vx_image out)
{
    vx_graph g = vxCreateGraph(c);
    vx_image v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8), v2 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8),
             v3 = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    vx_node n[4];
    int i;
    n[0] = vxNotNode(g, in, v1);
    n[1] = vxGaussian3x3Node(g, v1, v2);
    n[2] = vxScaleImageNode(g, v2, v3, VX_INTERPOLATION_NEAREST_NEIGHBOR);
    n[3] = vxNotNode(g, v3, out);
    for (i = 0; i < 4; i++) {
        CTS_ASSERT_VALID(n[i]);
        vxReleaseNode(&n[i]);
    }
    vxReleaseImage(&v1);
    vxReleaseImage(&v2);
    vxReleaseImage(&v3);
    return g;
}

/* Streaming leaves the nodes outside a fused group bound to their last
 * frame's copies of the virtual images (the group's members keep their
 * own): a vxProcessGraph after it must still join every writer to its
 * readers.  late: streaming enabled after vxVerifyGraph (the spec has it
 * before; the graph then verifies again when streaming starts). */
static void process_after_streaming(int late)
{
    vx_context c = cts_context();
    vx_image in = img(c), out = img(c), pin = img(c), pout = img(c);
    vx_graph g = fused_then_scale(c, in, out), plain = fused_then_scale(c, pin, pout);
    vx_uint8 want[W * H], have[W * H];
    vx_event_t ev;
    vx_uint32 fused = 0, done = 0, tries = 0;
    fill(in, 3);
    CTS_ASSERT_STATUS(vxEnableEvents(c), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxRegisterEvent((vx_reference)g, VX_EVENT_GRAPH_COMPLETED, 0, 77), VX_SUCCESS);
    if (!late) CTS_ASSERT_STATUS(vxEnableGraphStreaming(g, NULL), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryGraph(g, VX_GRAPH_OVX_FUSED_NODES, &fused, sizeof(fused)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(fused, 2);
    if (late) {
        CTS_ASSERT_STATUS(vxEnableGraphStreaming(g, NULL), VX_SUCCESS);
        CTS_EXPECT(vxIsGraphVerified(g) == vx_false_e);
    }
    CTS_ASSERT_STATUS(vxStartGraphStreaming(g), VX_SUCCESS);
    while (done < 5 && tries++ < 1000)
        if (vxWaitEvent(c, &ev, vx_false_e) == VX_SUCCESS && ev.type == VX_EVENT_GRAPH_COMPLETED) done++;
    CTS_ASSERT_STATUS(vxStopGraphStreaming(g), VX_SUCCESS);
    CTS_EXPECT(done == 5);
    CTS_ASSERT_STATUS(vxDisableEvents(c), VX_SUCCESS);
    fill(in, 9);
    fill(pin, 9);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(plain), VX_SUCCESS);
    read_img(out, have);
    read_img(pout, want);
    CTS_EXPECT_MSG(memcmp(want, have, sizeof(want)) == 0, "vxProcessGraph after streaming differs from a plain graph");
    vxReleaseGraph(&g);
    vxReleaseGraph(&plain);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&pin);
    vxReleaseImage(&pout);
}

CTS_TEST(Pipeline, process_after_streaming_fused, "REQ-PIPE-STREAM")
{
    process_after_streaming(0);
}

CTS_TEST(Pipeline, streaming_enabled_after_verify, "REQ-PIPE-STREAM")
{
    process_after_streaming(1);
}

/* ---- random queue operations against a model ------------------------------------------ */
/* Random enqueues (one or two references, valid or not), dequeues, checks and
 * waits on a QUEUE_AUTO graph in -> Not -> Not -> Not -> out (out = ~in),
 * against a model of where each reference is: with the application or
 * queued (ready, running or done), the frames formed by pairing the
 * parameters' FIFOs in enqueue order, and each frame's input value.  Every
 * status is the model's, every dequeued reference the model's next (FIFO per
 * parameter), every output the NOT of its frame's input; dequeues that could
 * only block forever (a queued input with no output to pair) are not made.
 * The lanes run the frames meanwhile, so the order of wake-ups varies from
 * run to run (lists of 1-4 references, lanes 1-4, nodes on one or all
 * threads).  QUEUE_MANUAL too: frames form at vxScheduleGraph (every
 * complete set enqueued), a dequeue beyond them fails (nothing else runs),
 * and the model enqueues only between batches (a running batch's lanes may
 * or may not take a set enqueued meanwhile). */
#define RQ_MAX 4
#define RQ_FRAMES 4096

typedef struct {
    vx_uint32 in, out;
    vx_uint8 val;
} rq_frame;

typedef struct {
    vx_graph g;
    vx_image in[RQ_MAX], out[RQ_MAX];
    vx_uint32 nin, nout;
    int in_q[RQ_MAX], out_q[RQ_MAX]; /* queued (ready, running or done) */
    vx_uint8 in_val[RQ_MAX];
    vx_uint32 pend_in[RQ_FRAMES], pend_out[RQ_FRAMES], npi, npo; /* enqueued, not yet in a frame */
    rq_frame fr[RQ_FRAMES];
    vx_uint32 nfr, in_taken, out_taken; /* frames formed; dequeued on each parameter */
    int manual, active; /* QUEUE_MANUAL; a batch scheduled and not yet waited for */
    unsigned rnd;
} rq_model;

static unsigned rq_rand(rq_model *m)
{
    m->rnd = m->rnd * 1103515245u + 12345u;
    return m->rnd >> 8;
}

/* Pair the pending references into frames (what the library does). */
static void rq_pair(rq_model *m)
{
    vx_uint32 k, n = m->npi < m->npo ? m->npi : m->npo;
    for (k = 0; k < n && m->nfr < RQ_FRAMES; k++) {
        rq_frame *f = &m->fr[m->nfr++];
        f->in = m->pend_in[k];
        f->out = m->pend_out[k];
        f->val = m->in_val[f->in];
    }
    memmove(m->pend_in, m->pend_in + n, (m->npi - n) * sizeof(vx_uint32));
    memmove(m->pend_out, m->pend_out + n, (m->npo - n) * sizeof(vx_uint32));
    m->npi -= n;
    m->npo -= n;
}

static int rq_any(const int *q, vx_uint32 n)
{
    vx_uint32 i;
    for (i = 0; i < n; i++)
        if (q[i]) return 1;
    return 0;
}

static void rq_step(rq_model *m, vx_image stranger)
{
    unsigned op = rq_rand(m) % (m->manual ? 15 : 13);
    vx_uint32 num = 0;
    vx_reference r[2];
    if (m->manual && m->active && op <= 6) op = 11 + rq_rand(m) % 2; /* no enqueue into a running batch */
    if (op <= 2) { /* enqueue an input (written first while the application has it) */
        vx_uint32 i = rq_rand(m) % m->nin;
        r[0] = (vx_reference)m->in[i];
        if (!m->in_q[i]) {
            m->in_val[i] = (vx_uint8)rq_rand(m);
            fill(m->in[i], m->in_val[i]);
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(m->g, 0, r, 1), VX_SUCCESS);
            m->in_q[i] = 1;
            m->pend_in[m->npi++] = i;
        } else {
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(m->g, 0, r, 1), VX_FAILURE);
        }
    } else if (op <= 5) { /* enqueue an output */
        vx_uint32 j = rq_rand(m) % m->nout;
        r[0] = (vx_reference)m->out[j];
        CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(m->g, 1, r, 1), m->out_q[j] ? VX_FAILURE : VX_SUCCESS);
        if (!m->out_q[j]) {
            m->out_q[j] = 1;
            m->pend_out[m->npo++] = j;
        }
    } else if (op == 6 && m->nout >= 2) { /* two outputs at once: both or neither */
        vx_uint32 a = rq_rand(m) % m->nout, b = (a + 1 + rq_rand(m) % (m->nout - 1)) % m->nout;
        r[0] = (vx_reference)m->out[a];
        r[1] = (vx_reference)m->out[b];
        if (!m->out_q[a] && !m->out_q[b]) {
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(m->g, 1, r, 2), VX_SUCCESS);
            m->out_q[a] = m->out_q[b] = 1;
            m->pend_out[m->npo++] = a;
            m->pend_out[m->npo++] = b;
        } else {
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(m->g, 1, r, 2), VX_FAILURE);
        }
    } else if (op <= 8) { /* dequeue an output: the oldest frame's, done as ~in */
        vx_reference o = NULL;
        if (m->out_taken < m->nfr) {
            const rq_frame *f = &m->fr[m->out_taken++];
            vx_uint8 buf[W * H];
            vx_uint32 k;
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(m->g, 1, &o, 1, &num), VX_SUCCESS);
            CTS_ASSERT_EQ_INT(num, 1);
            CTS_ASSERT_MSG(o == (vx_reference)m->out[f->out], "frame %u: output %p, the model's %u", m->out_taken - 1,
                           (void *)o, f->out);
            read_img(m->out[f->out], buf);
            for (k = 0; k < W * H; k++) {
                vx_uint8 want = (vx_uint8)~pattern(f->val, k);
                CTS_ASSERT_MSG(buf[k] == want, "frame %u pixel %u: %u, want %u", m->out_taken - 1, k, buf[k], want);
            }
            m->out_q[f->out] = 0;
        } else if (m->manual || !rq_any(m->out_q, m->nout)) { /* nothing of it can arrive */
            cts_log_clear();
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(m->g, 1, &o, 1, &num), VX_FAILURE);
            logged(VX_FAILURE);
        }
    } else if (op == 9) { /* dequeue an input */
        vx_reference ii = NULL;
        if (m->in_taken < m->nfr) {
            const rq_frame *f = &m->fr[m->in_taken++];
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(m->g, 0, &ii, 1, &num), VX_SUCCESS);
            CTS_ASSERT(ii == (vx_reference)m->in[f->in]);
            m->in_q[f->in] = 0;
        } else if (m->manual || !rq_any(m->in_q, m->nin)) {
            cts_log_clear();
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(m->g, 0, &ii, 1, &num), VX_FAILURE);
            logged(VX_FAILURE);
        }
    } else if (op == 10) { /* what is done: no more than the frames formed */
        CTS_ASSERT_STATUS(vxGraphParameterCheckDoneRef(m->g, 1, &num), VX_SUCCESS);
        CTS_ASSERT_MSG(num <= m->nfr - m->out_taken, "%u done, %u frames", num, m->nfr - m->out_taken);
    } else if (op == 11 && m->manual && !m->active) { /* nothing scheduled */
        cts_log_clear();
        CTS_ASSERT_STATUS(vxWaitGraph(m->g), VX_FAILURE);
        logged(VX_FAILURE);
    } else if (op == 11) { /* every frame formed runs; then all of them are done */
        CTS_ASSERT_STATUS(vxWaitGraph(m->g), VX_SUCCESS);
        m->active = 0;
        CTS_ASSERT_STATUS(vxGraphParameterCheckDoneRef(m->g, 1, &num), VX_SUCCESS);
        CTS_ASSERT_EQ_INT(num, m->nfr - m->out_taken);
        CTS_ASSERT_STATUS(vxGraphParameterCheckDoneRef(m->g, 0, &num), VX_SUCCESS);
        CTS_ASSERT_EQ_INT(num, m->nfr - m->in_taken);
    } else if (op >= 13) { /* QUEUE_MANUAL: a batch of every complete set */
        cts_log_clear();
        if (m->active) {
            CTS_ASSERT_STATUS(vxScheduleGraph(m->g), VX_ERROR_GRAPH_SCHEDULED);
            logged(VX_ERROR_GRAPH_SCHEDULED);
        } else if (m->npi == 0 || m->npo == 0) {
            CTS_ASSERT_STATUS(vxScheduleGraph(m->g), VX_FAILURE);
            logged(VX_FAILURE);
        } else {
            CTS_ASSERT_STATUS(vxScheduleGraph(m->g), VX_SUCCESS);
            m->active = 1;
            rq_pair(m);
        }
    } else { /* misuse: nothing changes */
        cts_log_clear();
        switch (rq_rand(m) % 4) {
        case 0:
            r[0] = (vx_reference)stranger; /* not in the list */
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(m->g, 0, r, 1), VX_FAILURE);
            break;
        case 1:
            r[0] = (vx_reference)m->in[0];
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(m->g, 0, r, 0), VX_ERROR_INVALID_PARAMETERS);
            break;
        case 2:
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(m->g, 1, r, 0, &num), VX_ERROR_INVALID_PARAMETERS);
            break;
        default:
            r[0] = (vx_reference)m->out[0];
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(m->g, 2, r, 1), VX_ERROR_INVALID_PARAMETERS);
            break;
        }
        CTS_EXPECT(cts_log_count() >= 1);
        cts_log_clear();
    }
    if (!m->manual) rq_pair(m);
}

static void random_queue_ops(vx_context c, vx_uint32 nin, vx_uint32 nout, int serial, int manual, unsigned seed,
                             vx_uint32 steps)
{
    rq_model *m = calloc(1, sizeof(*m));
    vx_image v0, v1, stranger = img(c);
    vx_node a, b, d;
    vx_graph_parameter_queue_params_t q[2];
    vx_uint32 i;
    CTS_ASSERT(m != NULL);
    m->nin = nin;
    m->nout = nout;
    m->rnd = seed;
    m->manual = manual;
    for (i = 0; i < nin; i++) m->in[i] = img(c);
    for (i = 0; i < nout; i++) m->out[i] = img(c);
    CTS_ASSERT_STATUS(vxDirective((vx_reference)c, serial ? VX_DIRECTIVE_OVX_SERIAL : VX_DIRECTIVE_OVX_PARALLEL),
                      VX_SUCCESS);
    m->g = vxCreateGraph(c);
    v0 = vxCreateVirtualImage(m->g, W, H, VX_DF_IMAGE_U8);
    v1 = vxCreateVirtualImage(m->g, W, H, VX_DF_IMAGE_U8);
    a = vxNotNode(m->g, m->in[0], v0);
    b = vxNotNode(m->g, v0, v1);
    d = vxNotNode(m->g, v1, m->out[0]);
    add_gp(m->g, a, 0);
    add_gp(m->g, d, 1);
    q[0].graph_parameter_index = 0;
    q[0].refs_list_size = nin;
    q[0].refs_list = (vx_reference *)m->in;
    q[1].graph_parameter_index = 1;
    q[1].refs_list_size = nout;
    q[1].refs_list = (vx_reference *)m->out;
    CTS_ASSERT_STATUS(vxSetGraphScheduleConfig(m->g, manual ? VX_GRAPH_SCHEDULE_MODE_QUEUE_MANUAL
                                                            : VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, 2, q), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(m->g), VX_SUCCESS);
    for (i = 0; i < steps && m->nfr < RQ_FRAMES - 2 * RQ_MAX; i++) rq_step(m, stranger);
    /* the frames formed all end, each seen where it should be */
    if (!manual || m->active) CTS_ASSERT_STATUS(vxWaitGraph(m->g), VX_SUCCESS);
    while (m->out_taken < m->nfr || m->in_taken < m->nfr) {
        vx_reference o;
        vx_uint32 num;
        if (m->out_taken < m->nfr) {
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(m->g, 1, &o, 1, &num), VX_SUCCESS);
            CTS_ASSERT(o == (vx_reference)m->out[m->fr[m->out_taken++].out]);
        }
        if (m->in_taken < m->nfr) {
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(m->g, 0, &o, 1, &num), VX_SUCCESS);
            CTS_ASSERT(o == (vx_reference)m->in[m->fr[m->in_taken++].in]);
        }
    }
    /* (AUTO 74-117 in 1500 steps, QUEUE_MANUAL 132 and more in 4000) */
    CTS_EXPECT_MSG(m->nfr > steps / 40, "only %u frames in %u steps", m->nfr, steps);
    vxReleaseNode(&a);
    vxReleaseNode(&b);
    vxReleaseNode(&d);
    vxReleaseImage(&v0);
    vxReleaseImage(&v1);
    vxReleaseGraph(&m->g); /* (references still enqueued, unpaired: released with it) */
    for (i = 0; i < nin; i++) vxReleaseImage(&m->in[i]);
    for (i = 0; i < nout; i++) vxReleaseImage(&m->out[i]);
    vxReleaseImage(&stranger);
    CTS_ASSERT_STATUS(vxDirective((vx_reference)c, VX_DIRECTIVE_OVX_PARALLEL), VX_SUCCESS);
    free(m);
}

CTS_TEST(Pipeline, random_queue_ops, "REQ-PIPE-QUEUE REQ-PIPE-AUTO REQ-PIPE-MANUAL")
{
    static const vx_uint32 lists[6][2] = {{1, 1}, {2, 3}, {4, 4}, {3, 1}, {1, 4}, {4, 2}};
    vx_context c = cts_context();
    vx_uint32 k;
    for (k = 0; k < 24; k++)
        random_queue_ops(c, lists[k % 6][0], lists[k % 6][1], (int)((k / 6) & 1), (int)(k / 12), 1000u + k, 4000);
}

/* A user kernel with state of its own across frames (a call counter, as a
 * kernel's buffers or model would be): each frame's output is its input
 * plus the number of the call, so the frames must reach it one at a time and
 * in order; each call busy for 200 us (past OVX_HOME_MIN_NS, pipeline.c) and
 * noting its thread.  Call HOME_FAIL_AT (when not 0) fails. */
#define HOME_FRAMES 40
static vx_uint32 home_calls, home_fail_at;
static pthread_t home_threads[3 * HOME_FRAMES];
static int home_policy[3 * HOME_FRAMES]; /* sched_getscheduler of each call's thread */
/* Pipeline.extra_lane_beside_homes: frames between the start of
 * busy_first's call and the end of home_kernel's (counted when busy_first
 * is set), and the most at once */
static vx_node busy_first;
static vx_uint32 busy_in, busy_max;
static long home_us = 200, busy_us = 150; /* the kernels' busy times */

static void busy_wait_us(long us)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do
        clock_gettime(CLOCK_MONOTONIC, &t);
    while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < us * 1000L);
}

/* A W x H image's bytes from or into buf (usage VX_READ_ONLY / VX_WRITE_ONLY) */
static vx_status patch_copy(vx_reference img, vx_uint8 *buf, vx_enum usage)
{
    vx_rectangle_t r = {0, 0, W, H};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    a.dim_x = W;
    a.dim_y = H;
    a.stride_x = 1;
    a.stride_y = W;
    return vxCopyImagePatch((vx_image)img, &r, 0, &a, buf, usage, VX_MEMORY_TYPE_HOST);
}

static vx_status VX_CALLBACK home_kernel(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_uint8 buf[W * H];
    vx_uint32 i, call = __atomic_add_fetch(&home_calls, 1, __ATOMIC_SEQ_CST);
    vx_status s;
    (void)node;
    (void)num;
    if (call <= 3 * HOME_FRAMES) home_threads[call - 1] = pthread_self(), home_policy[call - 1] = sched_getscheduler(0);
    busy_wait_us(home_us);
    if (call == home_fail_at) return VX_ERROR_INVALID_VALUE;
    if (patch_copy(p[0], buf, VX_READ_ONLY) != VX_SUCCESS) return VX_FAILURE;
    for (i = 0; i < W * H; i++) buf[i] = (vx_uint8)(buf[i] + call);
    s = patch_copy(p[1], buf, VX_WRITE_ONLY);
    if (busy_first) __atomic_sub_fetch(&busy_in, 1, __ATOMIC_SEQ_CST);
    return s;
}

/* An identity user kernel busy for 150 us (its node, past OVX_HOME_MIN_NS,
 * on a home thread of its own); busy_first's calls count frames in. */
static vx_status VX_CALLBACK busy_kernel(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_uint8 buf[W * H];
    (void)num;
    if (node == busy_first) {
        vx_uint32 in = __atomic_add_fetch(&busy_in, 1, __ATOMIC_SEQ_CST), m = __atomic_load_n(&busy_max, __ATOMIC_SEQ_CST);
        while (in > m && !__atomic_compare_exchange_n(&busy_max, &m, in, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
        }
    }
    busy_wait_us(busy_us);
    if (patch_copy(p[0], buf, VX_READ_ONLY) != VX_SUCCESS) return VX_FAILURE;
    return patch_copy(p[1], buf, VX_WRITE_ONLY);
}

/* frames [first, first + n) through the queues (nb buffers each); frame
 * f's input is pattern(f); its output checked against ~(~pattern(f) + f +
 * 1) (frame f is call f + 1) unless it is the failing one */
static void home_frames(vx_graph g, vx_image *in, vx_image *out, vx_uint32 first, vx_uint32 n, vx_uint32 nb)
{
    vx_uint32 f, k, num;
    vx_uint8 have[W * H];
    for (f = first; f < first + n + nb; f++) {
        vx_reference r;
        if (f >= first + nb) { /* the frame nb before: done */
            vx_uint32 d = f - nb, i, bad = 0;
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 1, &r, 1, &num), VX_SUCCESS);
            CTS_ASSERT(r == (vx_reference)out[d % nb]);
            CTS_ASSERT_STATUS(vxGraphParameterDequeueDoneRef(g, 0, &r, 1, &num), VX_SUCCESS);
            read_img(out[d % nb], have);
            for (i = 0; i < W * H; i++)
                if (have[i] != (vx_uint8)~(vx_uint8)((vx_uint8)~pattern(d, i) + d + 1)) bad++;
            if (d + 1 != home_fail_at) CTS_EXPECT_MSG(bad == 0, "frame %u: %u pixels wrong", d, bad);
        }
        if (f < first + n) {
            k = f % nb;
            fill(in[k], f);
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 0, (vx_reference *)&in[k], 1), VX_SUCCESS);
            CTS_ASSERT_STATUS(vxGraphParameterEnqueueReadyRef(g, 1, (vx_reference *)&out[k], 1), VX_SUCCESS);
        }
    }
}

/* in -> Not (a) -> v1 -> the stateful user kernel (u) -> v2 -> Not (b) ->
 * out[0], 3 buffers each side */
typedef struct {
    vx_image in[3], out[3], v1, v2;
    vx_graph g;
    vx_kernel k;
    vx_node a, u, b;
} home_graph;

static void home_graph_make(vx_context c, home_graph *h, const char *kernel_name)
{
    vx_uint32 i;
    for (i = 0; i < 3; i++) h->in[i] = img(c), h->out[i] = img(c);
    h->g = vxCreateGraph(c);
    h->v1 = vxCreateVirtualImage(h->g, W, H, VX_DF_IMAGE_U8);
    h->v2 = vxCreateVirtualImage(h->g, W, H, VX_DF_IMAGE_U8);
    h->k = cts_image_kernel(c, kernel_name, home_kernel, NULL);
    h->a = vxNotNode(h->g, h->in[0], h->v1);
    h->u = vxCreateGenericNode(h->g, h->k);
    CTS_EXPECT_STATUS(vxSetParameterByIndex(h->u, 0, (vx_reference)h->v1), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetParameterByIndex(h->u, 1, (vx_reference)h->v2), VX_SUCCESS);
    h->b = vxNotNode(h->g, h->v2, h->out[0]);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)h->a), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)h->b), VX_SUCCESS);
}

static void home_graph_release(home_graph *h)
{
    vx_uint32 i;
    vxReleaseNode(&h->a);
    vxReleaseNode(&h->u);
    vxReleaseNode(&h->b);
    vxReleaseImage(&h->v1);
    vxReleaseImage(&h->v2);
    vxReleaseGraph(&h->g);
    vxRemoveKernel(h->k);
    for (i = 0; i < 3; i++) {
        vxReleaseImage(&h->in[i]);
        vxReleaseImage(&h->out[i]);
    }
}

/* a's input 0 and b's output 1 as queued graph parameters, QUEUE_AUTO with 3
 * buffers each, verified; HOME_FRAMES frames from frame 0 (home_frames),
 * the home kernel's calls counted from 0 */
static void auto_home_frames(vx_graph g, vx_node a, vx_node b, vx_image *in, vx_image *out)
{
    add_gp(g, a, 0);
    add_gp(g, b, 1);
    CTS_EXPECT_STATUS(config(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, in, out, 3), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    home_calls = 0;
    home_fail_at = 0;
    home_frames(g, in, out, 0, HOME_FRAMES, 3);
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
}

/* in -> Not -> v1 -> the stateful user kernel -> v2 -> Not -> out, in
 * QUEUE_AUTO: the kernel's frames (once they take long enough) all run on
 * one thread (its home), neither the application's nor changing with the
 * frames' lanes; results in order; a failing call fails only its frame;
 * verified again (the home thread ended and made again) and released. */
CTS_TEST(Pipeline, user_kernel_home_thread, "REQ-PIPE-AUTO")
{
    vx_context c = cts_context();
    home_graph h;
    vx_uint32 i, same = 0;
    home_graph_make(c, &h, "pipe.home");
    auto_home_frames(h.g, h.a, h.b, h.in, h.out);
    CTS_EXPECT_EQ_INT(home_calls, HOME_FRAMES);
    /* from the 5th frame on (the first frames measure its time), one thread */
    for (i = 5; i < HOME_FRAMES; i++) same += pthread_equal(home_threads[i], home_threads[4]) ? 1 : 0;
    CTS_EXPECT_EQ_INT(same, HOME_FRAMES - 5);
    CTS_EXPECT(!pthread_equal(home_threads[4], pthread_self()));
    /* a failing call: its frame fails (vxWaitGraph says so), the others do not */
    home_fail_at = HOME_FRAMES + 7;
    cts_log_clear();
    home_frames(h.g, h.in, h.out, HOME_FRAMES, HOME_FRAMES, 3);
    CTS_EXPECT(vxWaitGraph(h.g) != VX_SUCCESS);
    CTS_EXPECT(cts_log_count() >= 1);
    cts_log_clear();
    CTS_EXPECT_EQ_INT(home_calls, 2 * HOME_FRAMES);
    /* verified again: the plan (and the home thread) made again */
    home_fail_at = 0;
    CTS_EXPECT_STATUS(vxVerifyGraph(h.g), VX_SUCCESS);
    home_frames(h.g, h.in, h.out, 2 * HOME_FRAMES, HOME_FRAMES, 3);
    CTS_EXPECT_STATUS(vxWaitGraph(h.g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(home_calls, 3 * HOME_FRAMES);
    for (same = 0, i = 2 * HOME_FRAMES + 5; i < 3 * HOME_FRAMES; i++)
        same += pthread_equal(home_threads[i], home_threads[2 * HOME_FRAMES + 4]) ? 1 : 0;
    CTS_EXPECT_EQ_INT(same, HOME_FRAMES - 5);
    home_graph_release(&h);
}

/* A node callback noting the scheduling policy of the thread that ran the
 * node (a built-in kernel's node: always on the frames' lanes; a user kernel
 * here could get a home of its own where it runs slowly, as under ASan). */
static int lane_policy;
static vx_action VX_CALLBACK policy_callback(vx_node node)
{
    (void)node;
    __atomic_store_n(&lane_policy, sched_getscheduler(0), __ATOMIC_SEQ_CST);
    return VX_ACTION_CONTINUE;
}

/* in -> Not (policy_callback) -> the stateful kernel (on its home) -> Not ->
 * out in QUEUE_AUTO, its lanes started from this thread: HOME_FRAMES frames;
 * the policy of the lanes' thread (lane_policy) and of the home's calls
 * (home_policy). */
static void policy_frames(vx_context c)
{
    home_graph h;
    home_graph_make(c, &h, "pipe.home3");
    CTS_EXPECT_STATUS(vxAssignNodeCallback(h.a, policy_callback), VX_SUCCESS);
    lane_policy = -1;
    memset(home_policy, 0xff, sizeof home_policy);
    auto_home_frames(h.g, h.a, h.b, h.in, h.out);
    CTS_EXPECT_EQ_INT(home_calls, HOME_FRAMES);
    CTS_EXPECT(!pthread_equal(home_threads[HOME_FRAMES - 1], pthread_self()));
    home_graph_release(&h);
}

/* Calls 5.. of the home's kernel (its first frames run on the lanes: they
 * measure its time) made with policy. */
static vx_uint32 home_calls_with(int policy)
{
    vx_uint32 i, n = 0;
    for (i = 5; i < HOME_FRAMES; i++) n += home_policy[i] == policy ? 1u : 0u;
    return n;
}

/* The threads' scheduling policies (pipeline.c, sched_batch): in a graph with
 * a home thread whose lanes start from a SCHED_OTHER thread, the lanes run as
 * SCHED_BATCH and the home thread as SCHED_OTHER; lanes started from a thread
 * of another policy (here SCHED_BATCH, which needs no privilege) and the home
 * they make keep the policy they were made with.  The application's thread
 * is never changed. */
CTS_TEST(Pipeline, lanes_batch_home_other, "REQ-PIPE-AUTO")
{
    vx_context c = cts_context();
    struct sched_param sp0, sp;
    int policy0 = -1;
    CTS_ASSERT(pthread_getschedparam(pthread_self(), &policy0, &sp0) == 0);
    memset(&sp, 0, sizeof sp);
    CTS_ASSERT(pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp) == 0); /* (a runner started as batch) */
    policy_frames(c);
    CTS_EXPECT_EQ_INT(lane_policy, SCHED_BATCH);
    CTS_EXPECT_EQ_INT(home_calls_with(SCHED_OTHER), HOME_FRAMES - 5);
    CTS_EXPECT_EQ_INT(sched_getscheduler(0), SCHED_OTHER);
    CTS_ASSERT(pthread_setschedparam(pthread_self(), SCHED_BATCH, &sp) == 0);
    policy_frames(c);
    CTS_EXPECT_EQ_INT(lane_policy, SCHED_BATCH);
    CTS_EXPECT_EQ_INT(home_calls_with(SCHED_BATCH), HOME_FRAMES - 5);
    CTS_EXPECT_EQ_INT(sched_getscheduler(0), SCHED_BATCH);
    CTS_ASSERT(pthread_setschedparam(pthread_self(), policy0, &sp0) == 0);
}

/* clock ticks (USER_HZ) every CPU spent on other processes than this one,
 * or in steal time (the host's), since boot (/proc/stat's cpu line less
 * /proc/self/stat's utime and stime); -1 when they cannot be read */
static long others_ticks(void)
{
    unsigned long long v[8] = {0}, ut = 0, st = 0;
    char buf[1024], *q;
    long n = 0;
    FILE *f = fopen("/proc/stat", "r");
    if (!f) return -1;
    n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
    fclose(f);
    if (n != 8) return -1;
    f = fopen("/proc/self/stat", "r");
    if (!f) return -1;
    n = (long)fread(buf, 1, sizeof(buf) - 1, f);
    fclose(f);
    buf[n > 0 ? n : 0] = 0;
    q = strrchr(buf, ')'); /* past the command name */
    if (!q || sscanf(q + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2) return -1;
    /* user nice system idle iowait irq softirq steal: all but idle and iowait */
    return (long)(v[0] + v[1] + v[2] + v[5] + v[6] + v[7] - ut - st);
}

/* in -> Not -> nb busy identity user kernels (busy_us each) -> the stateful
 * one (home_us) -> Not -> out in QUEUE_AUTO with cores + 2 buffers (cores:
 * the pool's threads, 2 at least), HOME_FRAMES frames: every user-kernel
 * node runs on a home thread, and frames pile up before the slowest; between
 * the start of the first busy node and the end of the stateful one there are
 * then as many frames at once as lanes may run (pipeline.c, lanes_now).
 * Returns that most at once; *others: the clock ticks other processes took
 * meanwhile (others_ticks; -1 unknown). */
static vx_uint32 extra_lane_run(vx_uint32 nb, long home, long busy, long *others)
{
    vx_context c = cts_context();
    vx_image in[8], out[8], v[8];
    vx_graph g = vxCreateGraph(c);
    vx_kernel kh = cts_image_kernel(c, "pipe.home2", home_kernel, NULL);
    vx_kernel kb = cts_image_kernel(c, "pipe.busy", busy_kernel, NULL);
    vx_node a, b, u, nodes[6];
    vx_uint32 pool = 0, cores, depth, i;
    long t0, t1;
    *others = -1;
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_OVX_THREADS, &pool, sizeof(pool)), VX_SUCCESS);
    cores = pool > 2 ? pool : 2;
    depth = cores + 2 < 8 ? cores + 2 : 8;
    for (i = 0; i < depth; i++) in[i] = img(c), out[i] = img(c);
    for (i = 0; i <= nb; i++) v[i] = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    a = vxNotNode(g, in[0], v[0]);
    for (i = 0; i < nb; i++) {
        nodes[i] = vxCreateGenericNode(g, kb);
        CTS_ASSERT_STATUS(vxSetParameterByIndex(nodes[i], 0, (vx_reference)v[i]), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxSetParameterByIndex(nodes[i], 1, (vx_reference)v[i + 1]), VX_SUCCESS);
    }
    u = vxCreateGenericNode(g, kh);
    CTS_ASSERT_STATUS(vxSetParameterByIndex(u, 0, (vx_reference)v[nb]), VX_SUCCESS);
    v[nb + 1] = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    CTS_ASSERT_STATUS(vxSetParameterByIndex(u, 1, (vx_reference)v[nb + 1]), VX_SUCCESS);
    b = vxNotNode(g, v[nb + 1], out[0]);
    CTS_ASSERT_VALID(a);
    CTS_ASSERT_VALID(b);
    add_gp(g, a, 0);
    add_gp(g, b, 1);
    CTS_ASSERT_STATUS(config(g, VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO, in, out, depth), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    home_calls = 0;
    home_fail_at = 0;
    busy_in = busy_max = 0;
    home_us = home;
    busy_us = busy;
    busy_first = nodes[0];
    t0 = others_ticks();
    home_frames(g, in, out, 0, HOME_FRAMES, depth);
    CTS_EXPECT_STATUS(vxWaitGraph(g), VX_SUCCESS);
    t1 = others_ticks();
    *others = t0 >= 0 && t1 >= 0 ? t1 - t0 : -1;
    busy_first = NULL;
    home_us = 200;
    busy_us = 150;
    CTS_EXPECT_EQ_INT(home_calls, HOME_FRAMES);
    vxReleaseNode(&a);
    vxReleaseNode(&b);
    vxReleaseNode(&u);
    for (i = 0; i < nb; i++) vxReleaseNode(&nodes[i]);
    for (i = 0; i <= nb + 1; i++) vxReleaseImage(&v[i]);
    vxReleaseGraph(&g);
    vxRemoveKernel(kh);
    vxRemoveKernel(kb);
    for (i = 0; i < depth; i++) {
        vxReleaseImage(&in[i]);
        vxReleaseImage(&out[i]);
    }
    return busy_max;
}

/* extra_lane_run's most frames at once is want.  The lanes follow the nodes'
 * measured times (VX_NODE_PERFORMANCE, wall clock), and a node that other
 * processes keep from its core (a loaded CI machine: its other steps run
 * beside this one) takes longer than its busy time and can tip the rule.  A
 * run that misses want while other processes took more than 3 clock ticks
 * (30 ms at USER_HZ 100; on an idle machine -2..2 in a run, with two
 * spinning processes 13-31) is run again, on a new graph (new times), up to
 * 10 times; a miss on an otherwise idle machine fails at once. */
static void extra_lane_case(vx_uint32 nb, long home, long busy, vx_uint32 want)
{
    vx_uint32 got = 0, run;
    long others = 0;
    for (run = 0; run < 10; run++) {
        got = extra_lane_run(nb, home, busy, &others);
        if (got == want || (others >= 0 && others <= 3)) break;
    }
    CTS_EXPECT_MSG(got == want,
                   "%u busy + home %ld us, busy %ld us: %u frames at most at once, not %u (run %u, others' ticks %ld)",
                   nb, home, busy, got, want, run < 10 ? run + 1 : 10, others);
}

static vx_uint32 pipe_cores(void)
{
    vx_uint32 pool = 0;
    (void)vxQueryContext(cts_context(), VX_CONTEXT_OVX_THREADS, &pool, sizeof(pool));
    return pool > 2 ? pool : 2;
}

/* the stateful node (200 us) under a core's share of a frame (cores + 1
 * busy nodes of 150 us, at most 5): the lane beyond the cores runs frames
 * too, cores + 1 at once (4 at most: OVX_PIPE_MAX_LANES) */
CTS_TEST(Pipeline, extra_lane_beside_homes, "REQ-PIPE-AUTO")
{
    vx_uint32 cores = pipe_cores();
    extra_lane_case(cores + 1 < 5 ? cores + 1 : 5, 200, 150, cores + 1 < 4 ? cores + 1 : 4);
}

/* the stateful node (320 us) takes a little more than a core's share of a
 * frame (2 (cores - 1) busy nodes of 150 us: 3-4% more on 2-4 cores): still
 * the extra lane, which absorbs the two sides' swings (lanes_now's 10%
 * margin).  (From 4 cores on, the lanes are OVX_PIPE_MAX_LANES, no extra.) */
CTS_TEST(Pipeline, extra_lane_at_a_cores_share, "REQ-PIPE-AUTO")
{
    vx_uint32 cores = pipe_cores();
    extra_lane_case(cores < 4 ? 2 * (cores - 1) : 6, 320, 150, cores + 1 < 4 ? cores + 1 : 4);
}

/* the stateful node (600 us) the bottleneck (one busy node of 150 us): a
 * further frame would only take cores from it, so no lane beyond the cores */
CTS_TEST(Pipeline, no_extra_lane_behind_a_bottleneck, "REQ-PIPE-AUTO")
{
    vx_uint32 cores = pipe_cores();
    extra_lane_case(1, 600, 150, cores < 4 ? cores : 4);
}

CTS_TABLE(pipeline) = {
    CTS_ENTRY(Pipeline, schedule_config_misuse),
    CTS_ENTRY(Pipeline, queue_misuse),
    CTS_ENTRY(Pipeline, auto_equals_unpipelined),
    CTS_ENTRY(Pipeline, overlap_chain7_equals_unpipelined),
    CTS_ENTRY(Pipeline, refs_lists_after_verify),
    CTS_ENTRY(Pipeline, delay_loop_equals_unpipelined),
    CTS_ENTRY(Pipeline, manual_batch),
    CTS_ENTRY(Pipeline, stress_many_frames),
    CTS_ENTRY(Pipeline, events),
    CTS_ENTRY(Pipeline, event_driven_loop),
    CTS_ENTRY(Pipeline, streaming_source_sink),
    CTS_ENTRY(Pipeline, streaming_release_stops),
    CTS_ENTRY(Pipeline, streaming_overlaps_frames_and_trigger),
    CTS_ENTRY(Pipeline, process_after_streaming_fused),
    CTS_ENTRY(Pipeline, streaming_enabled_after_verify),
    CTS_ENTRY(Pipeline, random_queue_ops),
    CTS_ENTRY(Pipeline, user_kernel_home_thread),
    CTS_ENTRY(Pipeline, extra_lane_beside_homes),
    CTS_ENTRY(Pipeline, extra_lane_at_a_cores_share),
    CTS_ENTRY(Pipeline, no_extra_lane_behind_a_bottleneck),
    CTS_ENTRY(Pipeline, lanes_batch_home_other),
    CTS_TABLE_END,
};
