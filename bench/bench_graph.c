/*
 * Graph engine benchmark.
 *
 *   1. Does a graph use every core?  Wall time of one branch of Gaussian3x3
 *      nodes against four independent branches, with the pool limited to one
 *      thread (VX_DIRECTIVE_OVX_SERIAL) and with every thread: on N cores the
 *      four branches should take about 4/N of the serial time.
 *   2. The fixed cost of immediate mode: a vxuNot on a tiny image (a whole
 *      one-node graph per call: create, verify, run, release) against
 *      re-running an already verified one-node graph.
 *
 * Usage: bench_graph [width height [runs]]   (default 1920 1080 10)
 */
#define _POSIX_C_SOURCE 199309L
#include <VX/vx.h>
#include <VX/vx_ext_ovx.h>
#include <VX/vxu.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CHAIN 4

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void check(vx_status s, const char *what)
{
    if (s != VX_SUCCESS) {
        fprintf(stderr, "bench_graph: %s failed (%d)\n", what, s);
        exit(1);
    }
}

/* A graph of `branches` independent chains of CHAIN Gaussian3x3 nodes. */
static vx_graph make_graph(vx_context c, int branches, vx_uint32 w, vx_uint32 h, vx_image *keep)
{
    vx_graph g = vxCreateGraph(c);
    int b, k;
    for (b = 0; b < branches; b++) {
        vx_image in = vxCreateImage(c, w, h, VX_DF_IMAGE_U8), prev = in;
        keep[2 * b] = in;
        for (k = 0; k < CHAIN; k++) {
            vx_image next = k == CHAIN - 1 ? vxCreateImage(c, w, h, VX_DF_IMAGE_U8)
                                           : vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
            vx_node n = vxGaussian3x3Node(g, prev, next);
            check(vxGetStatus((vx_reference)n), "vxGaussian3x3Node");
            vxReleaseNode(&n);
            if (prev != in) vxReleaseImage(&prev);
            prev = next;
        }
        keep[2 * b + 1] = prev;
    }
    check(vxVerifyGraph(g), "vxVerifyGraph");
    return g;
}

static double time_graph(vx_graph g, int runs)
{
    double best = 1e30;
    int r;
    check(vxProcessGraph(g), "vxProcessGraph"); /* warm up */
    for (r = 0; r < runs; r++) {
        double t = now_s();
        check(vxProcessGraph(g), "vxProcessGraph");
        t = now_s() - t;
        if (t < best) best = t;
    }
    return best;
}

int main(int argc, char **argv)
{
    vx_uint32 w = argc > 2 ? (vx_uint32)atoi(argv[1]) : 1920, h = argc > 2 ? (vx_uint32)atoi(argv[2]) : 1080;
    int runs = argc > 3 ? atoi(argv[3]) : 10, i, mode;
    vx_context c = vxCreateContext();
    vx_uint32 threads = 0;
    double t1[2], t4[2];
    check(vxGetStatus((vx_reference)c), "vxCreateContext");
    check(vxQueryContext(c, VX_CONTEXT_OVX_THREADS, &threads, sizeof(threads)), "VX_CONTEXT_OVX_THREADS");
    printf("graph of Gaussian3x3 chains (%d nodes each), %ux%u U8, best of %d runs, pool of %u threads\n", CHAIN, w,
           h, runs, threads);
    for (mode = 0; mode < 2; mode++) {
        vx_image keep[8];
        vx_graph g;
        check(vxDirective((vx_reference)c, mode == 0 ? VX_DIRECTIVE_OVX_SERIAL : VX_DIRECTIVE_OVX_PARALLEL),
              "vxDirective");
        g = make_graph(c, 1, w, h, keep);
        t1[mode] = time_graph(g, runs);
        vxReleaseGraph(&g);
        for (i = 0; i < 2; i++) vxReleaseImage(&keep[i]);
        g = make_graph(c, 4, w, h, keep);
        t4[mode] = time_graph(g, runs);
        vxReleaseGraph(&g);
        for (i = 0; i < 8; i++) vxReleaseImage(&keep[i]);
    }
    printf("  %-28s %10s %10s %8s\n", "", "1 branch", "4 branches", "4/1");
    printf("  %-28s %8.2f ms %8.2f ms %8.2f\n", "one thread (serial)", t1[0] * 1e3, t4[0] * 1e3, t4[0] / t1[0]);
    printf("  %-28s %8.2f ms %8.2f ms %8.2f\n", "every thread", t1[1] * 1e3, t4[1] * 1e3, t4[1] / t1[1]);
    printf("  speed-up from threads: 1 branch x%.2f, 4 branches x%.2f (ideal x%u)\n", t1[0] / t1[1], t4[0] / t4[1],
           threads);

    /* immediate-mode overhead */
    {
        vx_image a = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8), b = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
        vx_graph g = vxCreateGraph(c);
        vx_node n = vxNotNode(g, a, b);
        int calls = 2000;
        double t, tu, tg;
        check(vxGetStatus((vx_reference)n), "vxNotNode");
        check(vxVerifyGraph(g), "vxVerifyGraph");
        check(vxuNot(c, a, b), "vxuNot");
        t = now_s();
        for (i = 0; i < calls; i++) check(vxuNot(c, a, b), "vxuNot");
        tu = (now_s() - t) / calls;
        t = now_s();
        for (i = 0; i < calls; i++) check(vxProcessGraph(g), "vxProcessGraph");
        tg = (now_s() - t) / calls;
        printf("immediate mode, 16x16 Not: vxuNot %.1f us per call, verified graph %.1f us per run, overhead %.1f us\n",
               tu * 1e6, tg * 1e6, (tu - tg) * 1e6);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
        vxReleaseImage(&a);
        vxReleaseImage(&b);
    }
    vxReleaseContext(&c);
    return 0;
}
