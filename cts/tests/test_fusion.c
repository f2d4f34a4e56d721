/*
 * Fusion of virtual-image chains (runtime/fuse.c): a graph run fused gives
 * bit for bit what it gives unfused (VX_GRAPH_OVX_FUSION = vx_false_e), valid
 * regions included, over random chains and DAGs of fusable kernels, sizes from
 * 1x1 up, every border mode, ROI inputs, with the bands cut small
 * (OPENVX_FUSION_BAND) so that band edges meet every halo; and the cases the
 * fuser must leave alone still run right.
 */
#define _POSIX_C_SOURCE 200112L
#include "../runner/cts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- helpers -------------------------------------------------------------- */
static unsigned rnd(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fffu;
}

static void fill_random(vx_image img, unsigned seed)
{
    vx_uint32 w = 0, h = 0, planes = 0, p, x, y;
    vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof(h));
    vxQueryImage(img, VX_IMAGE_PLANES, &planes, sizeof(planes));
    for (p = 0; p < planes; p++) {
        vx_rectangle_t r = {0, 0, w, h};
        vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
        void *base = NULL;
        vx_map_id id;
        CTS_ASSERT_STATUS(vxMapImagePatch(img, &r, p, &id, &a, &base, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0),
                          VX_SUCCESS);
        for (y = 0; y < a.dim_y; y++) {
            vx_uint8 *row = (vx_uint8 *)base + (size_t)y * (size_t)a.stride_y;
            for (x = 0; x < a.dim_x * (vx_uint32)a.stride_x; x++) row[x] = (vx_uint8)rnd(&seed);
        }
        vxUnmapImagePatch(img, id);
    }
}

/* Same valid region, and the same pixels inside it (plane 0). */
static int same_image(vx_image a, vx_image b, char *why, size_t n)
{
    vx_rectangle_t va, vb;
    vx_imagepatch_addressing_t aa = VX_IMAGEPATCH_ADDR_INIT, ab = VX_IMAGEPATCH_ADDR_INIT;
    void *pa = NULL, *pb = NULL;
    vx_map_id ia, ib;
    vx_uint32 y;
    int same = 1;
    vxGetValidRegionImage(a, &va);
    vxGetValidRegionImage(b, &vb);
    if (memcmp(&va, &vb, sizeof(va)) != 0) {
        snprintf(why, n, "valid regions (%u,%u)-(%u,%u) and (%u,%u)-(%u,%u)", va.start_x, va.start_y, va.end_x,
                 va.end_y, vb.start_x, vb.start_y, vb.end_x, vb.end_y);
        return 0;
    }
    if (va.end_x <= va.start_x || va.end_y <= va.start_y) return 1;
    if (vxMapImagePatch(a, &va, 0, &ia, &aa, &pa, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS) return 0;
    if (vxMapImagePatch(b, &va, 0, &ib, &ab, &pb, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS) {
        vxUnmapImagePatch(a, ia);
        return 0;
    }
    for (y = 0; y < aa.dim_y && same; y++) {
        const vx_uint8 *ra = (const vx_uint8 *)pa + (size_t)y * (size_t)aa.stride_y;
        const vx_uint8 *rb = (const vx_uint8 *)pb + (size_t)y * (size_t)ab.stride_y;
        if (memcmp(ra, rb, (size_t)aa.dim_x * (size_t)aa.stride_x) != 0) {
            snprintf(why, n, "pixels differ in row %u of the valid region", y);
            same = 0;
        }
    }
    vxUnmapImagePatch(a, ia);
    vxUnmapImagePatch(b, ib);
    return same;
}

/* ---- random graphs ---------------------------------------------------------- */
#define MAX_IMG 96

typedef struct {
    vx_context c;
    vx_graph g;
    unsigned seed;
    vx_uint32 w, h;
    vx_image pool[MAX_IMG]; /* U8 images a node may read */
    int npool;
    vx_image outs[MAX_IMG]; /* non-virtual outputs, compared */
    int nouts;
    vx_image owned[MAX_IMG * 4]; /* released at the end */
    int nowned;
    int virt_pct;
    vx_lut lut;
} rgraph;

static vx_image own(rgraph *r, vx_image img)
{
    CTS_ASSERT_VALID(img);
    r->owned[r->nowned++] = img;
    return img;
}

/* An intermediate image: virtual (mostly) or real (then compared). */
static vx_image mid_image(rgraph *r, vx_df_image f)
{
    if ((int)(rnd(&r->seed) % 100) < r->virt_pct) return own(r, vxCreateVirtualImage(r->g, r->w, r->h, f));
    {
        vx_image img = own(r, vxCreateImage(r->c, r->w, r->h, f));
        if (f == VX_DF_IMAGE_U8 || f == VX_DF_IMAGE_S16) r->outs[r->nouts++] = img;
        return img;
    }
}

static vx_image pick(rgraph *r)
{
    /* mostly the newest images: chains; sometimes older ones: DAGs */
    int k = rnd(&r->seed) % 3 ? r->npool - 1 - (int)(rnd(&r->seed) % 2) : (int)(rnd(&r->seed) % r->npool);
    if (k < 0) k = 0;
    return r->pool[k];
}

static void set_border(rgraph *r, vx_node n)
{
    vx_border_t b;
    memset(&b, 0, sizeof(b));
    switch (rnd(&r->seed) % 3) {
    case 0: b.mode = VX_BORDER_UNDEFINED; break;
    case 1: b.mode = VX_BORDER_REPLICATE; break;
    default:
        b.mode = VX_BORDER_CONSTANT;
        b.constant_value.U8 = (vx_uint8)rnd(&r->seed);
        break;
    }
    CTS_ASSERT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
}

static void done(rgraph *r, vx_node n)
{
    CTS_ASSERT_VALID(n);
    set_border(r, n);
    vxReleaseNode(&n);
}

static void add_op(rgraph *r, int last)
{
    vx_image a = pick(r), b = pick(r), out;
    vx_graph g = r->g;
    int op = (int)(rnd(&r->seed) % 19);
    out = last ? own(r, vxCreateImage(r->c, r->w, r->h, VX_DF_IMAGE_U8)) : mid_image(r, VX_DF_IMAGE_U8);
    if (last) r->outs[r->nouts++] = out;
    switch (op) {
    case 0: done(r, vxBox3x3Node(g, a, out)); break;
    case 1: done(r, vxGaussian3x3Node(g, a, out)); break;
    case 2: done(r, vxMedian3x3Node(g, a, out)); break;
    case 3: done(r, vxDilate3x3Node(g, a, out)); break;
    case 4: done(r, vxErode3x3Node(g, a, out)); break;
    case 5: done(r, vxNotNode(g, a, out)); break;
    case 6: done(r, vxTableLookupNode(g, a, r->lut, out)); break;
    case 7: done(r, vxAndNode(g, a, b, out)); break;
    case 8: done(r, vxXorNode(g, a, b, out)); break;
    case 9: done(r, vxAbsDiffNode(g, a, b, out)); break;
    case 10: done(r, vxAddNode(g, a, b, rnd(&r->seed) % 2 ? VX_CONVERT_POLICY_WRAP : VX_CONVERT_POLICY_SATURATE, out)); break;
    case 11: done(r, vxSubtractNode(g, a, b, VX_CONVERT_POLICY_SATURATE, out)); break;
    case 12: {
        vx_float32 alpha = (vx_float32)(rnd(&r->seed) % 100) / 100.0f;
        vx_scalar s = vxCreateScalar(r->c, VX_TYPE_FLOAT32, &alpha);
        done(r, vxWeightedAverageNode(g, a, s, b, out));
        vxReleaseScalar(&s);
        break;
    }
    case 13: {
        vx_float32 scale = 1.0f / (vx_float32)(1 << (rnd(&r->seed) % 9));
        vx_scalar s = vxCreateScalar(r->c, VX_TYPE_FLOAT32, &scale);
        done(r, vxMultiplyNode(g, a, b, s, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_ZERO, out));
        vxReleaseScalar(&s);
        break;
    }
    case 14: case 15: case 18: {
        /* Sobel -> Magnitude / Phase / one gradient -> ConvertDepth */
        vx_image gx = mid_image(r, VX_DF_IMAGE_S16), gy = op == 18 ? NULL : mid_image(r, VX_DF_IMAGE_S16);
        vx_int32 shift = (vx_int32)(rnd(&r->seed) % 4);
        vx_scalar sh = vxCreateScalar(r->c, VX_TYPE_INT32, &shift);
        done(r, vxSobel3x3Node(g, a, gx, gy));
        if (op == 14) {
            vx_image m = mid_image(r, VX_DF_IMAGE_S16);
            done(r, vxMagnitudeNode(g, gx, gy, m));
            done(r, vxConvertDepthNode(g, m, out, VX_CONVERT_POLICY_SATURATE, sh));
        } else if (op == 15) {
            done(r, vxPhaseNode(g, gx, gy, out));
        } else {
            done(r, vxConvertDepthNode(g, gx, out, VX_CONVERT_POLICY_WRAP, sh));
        }
        vxReleaseScalar(&sh);
        break;
    }
    case 16: {
        /* U8 -> S16 -> U8 */
        vx_image s16 = mid_image(r, VX_DF_IMAGE_S16);
        vx_int32 shift = (vx_int32)(rnd(&r->seed) % 3);
        vx_scalar sh = vxCreateScalar(r->c, VX_TYPE_INT32, &shift);
        done(r, vxConvertDepthNode(g, a, s16, VX_CONVERT_POLICY_SATURATE, sh));
        done(r, vxConvertDepthNode(g, s16, out, VX_CONVERT_POLICY_SATURATE, sh));
        vxReleaseScalar(&sh);
        break;
    }
    default: {
        /* ChannelCombine -> RGB -> ColorConvert YUV4 -> ChannelExtract */
        vx_image rgb = mid_image(r, VX_DF_IMAGE_RGB), yuv = mid_image(r, VX_DF_IMAGE_YUV4);
        vx_enum ch = rnd(&r->seed) % 2 ? VX_CHANNEL_U : VX_CHANNEL_Y;
        done(r, vxChannelCombineNode(g, a, b, pick(r), NULL, rgb));
        done(r, vxColorConvertNode(g, rgb, yuv));
        done(r, vxChannelExtractNode(g, yuv, ch, out));
        break;
    }
    }
    r->pool[r->npool++] = out;
}

/* Graph number `seed` over inputs in0, in1 (same structure for the same seed). */
static void build(rgraph *r, vx_context c, vx_image in0, vx_image in1, vx_uint32 w, vx_uint32 h, unsigned seed,
                  int nodes, vx_bool fusion)
{
    int k;
    vx_uint8 table[256];
    memset(r, 0, sizeof(*r));
    r->c = c;
    r->g = vxCreateGraph(c);
    CTS_ASSERT_VALID(r->g);
    CTS_ASSERT_STATUS(vxSetGraphAttribute(r->g, VX_GRAPH_OVX_FUSION, &fusion, sizeof(fusion)), VX_SUCCESS);
    r->seed = seed;
    r->w = w;
    r->h = h;
    r->virt_pct = 70 + (int)(rnd(&r->seed) % 31);
    r->lut = vxCreateLUT(c, VX_TYPE_UINT8, 256);
    for (k = 0; k < 256; k++) table[k] = (vx_uint8)(k * 7 + 13);
    vxCopyLUT(r->lut, table, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    r->pool[r->npool++] = in0;
    r->pool[r->npool++] = in1;
    for (k = 0; k < nodes; k++) add_op(r, k == nodes - 1);
}

static void release(rgraph *r)
{
    int k;
    for (k = 0; k < r->nowned; k++) vxReleaseImage(&r->owned[k]);
    vxReleaseLUT(&r->lut);
    vxReleaseGraph(&r->g);
}

/* One random graph fused and unfused; the fused nodes counted in *fused. */
static void compare_one(vx_context c, vx_uint32 w, vx_uint32 h, unsigned seed, int nodes, int roi, int *fused)
{
    rgraph a, b;
    vx_image big = NULL, in0, in1;
    vx_uint32 nf = 0;
    int k;
    char why[128];
    if (roi) {
        vx_rectangle_t rect = {3, 2, 3 + w, 2 + h};
        big = vxCreateImage(c, w + 7, h + 5, VX_DF_IMAGE_U8);
        fill_random(big, seed ^ 0x55u);
        in0 = vxCreateImageFromROI(big, &rect);
    } else {
        in0 = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
        fill_random(in0, seed ^ 0x55u);
    }
    in1 = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
    fill_random(in1, seed ^ 0xaau);
    if (rnd(&seed) % 2) {
        /* a smaller valid region on an input */
        vx_rectangle_t v = {w > 2 ? 1u : 0u, h > 3 ? 2u : 0u, w, h};
        vxSetImageValidRectangle(in1, &v);
    }
    build(&a, c, in0, in1, w, h, seed, nodes, vx_true_e);
    build(&b, c, in0, in1, w, h, seed, nodes, vx_false_e);
    CTS_ASSERT_STATUS(vxVerifyGraph(a.g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(b.g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryGraph(a.g, VX_GRAPH_OVX_FUSED_NODES, &nf, sizeof(nf)), VX_SUCCESS);
    *fused += (int)nf;
    CTS_ASSERT_STATUS(vxProcessGraph(a.g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(b.g), VX_SUCCESS);
    CTS_ASSERT_EQ_INT(a.nouts, b.nouts);
    for (k = 0; k < a.nouts; k++)
        CTS_EXPECT_MSG(same_image(a.outs[k], b.outs[k], why, sizeof(why)),
                       "%ux%u graph %u (%d nodes, %u fused%s): output %d: %s", w, h, seed, nodes, nf,
                       roi ? ", ROI input" : "", k, why);
    /* a second run (buffers reused) gives the same */
    CTS_ASSERT_STATUS(vxProcessGraph(a.g), VX_SUCCESS);
    for (k = 0; k < a.nouts; k++)
        CTS_EXPECT_MSG(same_image(a.outs[k], b.outs[k], why, sizeof(why)), "%ux%u graph %u, second run: output %d: %s",
                       w, h, seed, k, why);
    release(&a);
    release(&b);
    vxReleaseImage(&in0);
    vxReleaseImage(&in1);
    if (big) vxReleaseImage(&big);
}

static void random_graphs(const char *band)
{
    static const vx_uint32 sizes[][2] = {{1, 1}, {3, 2}, {2, 5}, {17, 9}, {33, 20}, {64, 47}, {640, 480}};
    vx_context c = cts_context();
    unsigned seed;
    int fused = 0, s;
    if (band) setenv("OPENVX_FUSION_BAND", band, 1);
    for (s = 0; s < (int)(sizeof(sizes) / sizeof(sizes[0])); s++) {
        int count = sizes[s][0] >= 640 ? 6 : 30;
        for (seed = 1; seed <= (unsigned)count; seed++) {
            unsigned sd = seed * 7919u + (unsigned)s * 104729u;
            compare_one(c, sizes[s][0], sizes[s][1], sd, 2 + (int)(sd % 7), (int)(sd % 4 == 0), &fused);
        }
    }
    if (band) unsetenv("OPENVX_FUSION_BAND");
    /* the random graphs did exercise fusion (unless OPENVX_FUSION=0) */
    if (!getenv("OPENVX_FUSION") || strcmp(getenv("OPENVX_FUSION"), "0") != 0)
        CTS_EXPECT_MSG(fused > 100, "only %d nodes ran fused over all random graphs", fused);
}

CTS_TEST(Fusion, random_graphs_match_unfused, "issue 16: fused output bit-identical")
{
    random_graphs(NULL);
}

CTS_TEST(Fusion, random_graphs_small_bands_match_unfused, "issue 16: fused output bit-identical at band edges")
{
    random_graphs("1");
    random_graphs("2");
    random_graphs("5");
}

/* on one thread a group runs the image as one chunk, sub-band by sub-band
 * (no chunk edges): the same bits */
CTS_TEST(Fusion, random_graphs_one_thread_match_unfused, "issue 16: fused output bit-identical on one thread")
{
    vx_context c = cts_context();
    CTS_ASSERT_STATUS(vxDirective((vx_reference)c, VX_DIRECTIVE_OVX_SERIAL), VX_SUCCESS);
    random_graphs(NULL);
    random_graphs("2");
    CTS_ASSERT_STATUS(vxDirective((vx_reference)c, VX_DIRECTIVE_OVX_PARALLEL), VX_SUCCESS);
}

/* ---- fusion planned where it should be, and the fallbacks ------------------ */
static vx_graph box_chain(vx_context c, vx_image in, vx_image out, int n)
{
    vx_graph g = vxCreateGraph(c);
    vx_image prev = in;
    int k;
    for (k = 0; k < n; k++) {
        vx_image next = k == n - 1 ? out : vxCreateVirtualImage(g, 64, 48, VX_DF_IMAGE_U8);
        vx_node nd = vxBox3x3Node(g, prev, next);
        CTS_ASSERT_VALID(nd);
        vxReleaseNode(&nd);
        if (prev != in) vxReleaseImage(&prev);
        prev = next;
    }
    return g;
}

static vx_uint32 fused_nodes(vx_graph g)
{
    vx_uint32 n = 0;
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_OVX_FUSED_NODES, &n, sizeof(n)), VX_SUCCESS);
    return n;
}

static vx_action VX_CALLBACK count_cb(vx_node node)
{
    (void)node;
    return VX_ACTION_CONTINUE;
}

CTS_TEST(Fusion, chain_fused_and_switch, "issue 16: VX_GRAPH_OVX_FUSION")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8), out = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8),
             ref = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8);
    vx_graph g = box_chain(c, in, out, 4), r = box_chain(c, in, ref, 4);
    vx_bool off = vx_false_e, on = vx_true_e, q = vx_true_e;
    vx_size bytes = 1;
    vx_perf_t perf;
    char why[128];
    fill_random(in, 5);
    CTS_ASSERT_STATUS(vxSetGraphAttribute(r, VX_GRAPH_OVX_FUSION, &off, sizeof(off)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(r), VX_SUCCESS);
    if (getenv("OPENVX_FUSION") && strcmp(getenv("OPENVX_FUSION"), "0") == 0) {
        CTS_EXPECT_EQ_INT(fused_nodes(g), 0);
    } else {
        CTS_EXPECT_EQ_INT(fused_nodes(g), 4);
        /* the fused intermediates got no full-size memory */
        CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_OVX_VIRTUAL_BYTES, &bytes, sizeof(bytes)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(bytes, 0);
    }
    CTS_EXPECT_EQ_INT(fused_nodes(r), 0);
    CTS_EXPECT_STATUS(vxQueryGraph(r, VX_GRAPH_OVX_FUSION, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q, vx_false_e);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(r), VX_SUCCESS);
    CTS_EXPECT_MSG(same_image(out, ref, why, sizeof(why)), "fused 4 x Box3x3: %s", why);
    CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_PERFORMANCE, &perf, sizeof(perf)), VX_SUCCESS);
    CTS_EXPECT(perf.num == 1);
    /* switching fusion makes the graph verify again */
    CTS_ASSERT_STATUS(vxSetGraphAttribute(g, VX_GRAPH_OVX_FUSION, &off, sizeof(off)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(vxIsGraphVerified(g), vx_false_e);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(fused_nodes(g), 0);
    CTS_EXPECT_MSG(same_image(out, ref, why, sizeof(why)), "unfused again: %s", why);
    CTS_ASSERT_STATUS(vxSetGraphAttribute(g, VX_GRAPH_OVX_FUSION, &on, sizeof(on)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_MSG(same_image(out, ref, why, sizeof(why)), "fused again: %s", why);
    CTS_EXPECT_STATUS(vxSetGraphAttribute(g, VX_GRAPH_OVX_FUSION, &on, 1), VX_ERROR_INVALID_PARAMETERS);
    vxReleaseGraph(&g);
    vxReleaseGraph(&r);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&ref);
}

CTS_TEST(Fusion, node_performance_of_fused_nodes, "issue 16: VX_NODE_PERFORMANCE stays meaningful")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 640, 480, VX_DF_IMAGE_U8), out = vxCreateImage(c, 640, 480, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vx_image a = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT), b = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n[3];
    vx_perf_t gp, np[3];
    int k;
    vx_uint64 sum = 0;
    n[0] = vxGaussian3x3Node(g, in, a);
    n[1] = vxNotNode(g, a, b);
    n[2] = vxBox3x3Node(g, b, out);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryGraph(g, VX_GRAPH_PERFORMANCE, &gp, sizeof(gp)), VX_SUCCESS);
    for (k = 0; k < 3; k++) {
        vx_status st = VX_FAILURE;
        CTS_ASSERT_STATUS(vxQueryNode(n[k], VX_NODE_PERFORMANCE, &np[k], sizeof(np[k])), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryNode(n[k], VX_NODE_STATUS, &st, sizeof(st)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(st, VX_SUCCESS);
        CTS_EXPECT_EQ_INT(np[k].num, 1);
        CTS_EXPECT_MSG(np[k].tmp > 0, "node %d: no time", k);
        sum += np[k].tmp;
        vxReleaseNode(&n[k]);
    }
    CTS_EXPECT_MSG(sum <= gp.tmp, "nodes %llu ns > graph %llu ns", (unsigned long long)sum, (unsigned long long)gp.tmp);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

/* Cases left unfused (or fused only in part), each against the unfused graph. */
CTS_TEST(Fusion, fallbacks_run_right, "issue 16: graphs the fuser cannot handle run as today")
{
    vx_context c = cts_context();
    int variant;
    for (variant = 0; variant < 5; variant++) {
        vx_image in = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8), out[2], side[2], side2[2];
        vx_graph gs[2];
        vx_uint32 nf[2];
        int k;
        char why[128];
        fill_random(in, 11u + (unsigned)variant);
        for (k = 0; k < 2; k++) {
            vx_graph g = vxCreateGraph(c);
            vx_bool f = k == 0 ? vx_true_e : vx_false_e;
            vx_image a = vxCreateVirtualImage(g, 64, 48, VX_DF_IMAGE_U8),
                     b = vxCreateVirtualImage(g, 64, 48, VX_DF_IMAGE_U8);
            vx_node n1, n2, n3;
            out[k] = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8);
            side[k] = vxCreateImage(c, 64, 48, VX_DF_IMAGE_S16);
            side2[k] = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8);
            CTS_ASSERT_STATUS(vxSetGraphAttribute(g, VX_GRAPH_OVX_FUSION, &f, sizeof(f)), VX_SUCCESS);
            n1 = vxGaussian3x3Node(g, in, a);
            n2 = vxBox3x3Node(g, a, b);
            n3 = vxErode3x3Node(g, b, out[k]);
            CTS_ASSERT_VALID(n3);
            if (variant == 1) {
                /* a ROI of an intermediate read by another node: a is not fused */
                vx_rectangle_t rect = {4, 4, 36, 28};
                vx_image roi = vxCreateImageFromROI(a, &rect), small = vxCreateImage(c, 32, 24, VX_DF_IMAGE_U8);
                vx_node nn = vxNotNode(g, roi, small);
                CTS_ASSERT_VALID(nn);
                vxReleaseNode(&nn);
                vxReleaseImage(&roi);
                vxReleaseImage(&small);
            } else if (variant == 2) {
                /* an intermediate that is a graph parameter */
                vx_parameter p = vxGetParameterByIndex(n2, 1);
                CTS_EXPECT_STATUS(vxAddParameterToGraph(g, p), VX_SUCCESS);
                vxReleaseParameter(&p);
            } else if (variant == 3) {
                /* a member writes an external image (gx) while its fused output
                 * (gy) is needed with a halo downstream: that group is not fused */
                vx_image gy = vxCreateVirtualImage(g, 64, 48, VX_DF_IMAGE_S16),
                         cv = vxCreateVirtualImage(g, 64, 48, VX_DF_IMAGE_U8);
                vx_int32 sh = 1;
                vx_scalar shift = vxCreateScalar(c, VX_TYPE_INT32, &sh);
                vx_node s1 = vxSobel3x3Node(g, in, side[k], gy);
                vx_node s2 = vxConvertDepthNode(g, gy, cv, VX_CONVERT_POLICY_SATURATE, shift);
                vx_node s3 = vxBox3x3Node(g, cv, side2[k]);
                CTS_ASSERT_VALID(s3);
                vxReleaseNode(&s1);
                vxReleaseNode(&s2);
                vxReleaseNode(&s3);
                vxReleaseScalar(&shift);
                vxReleaseImage(&gy);
                vxReleaseImage(&cv);
            }
            gs[k] = g;
            CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
            nf[k] = fused_nodes(g);
            /* variant 4: a node callback assigned after verification */
            if (variant == 4) CTS_ASSERT_STATUS(vxAssignNodeCallback(n2, count_cb), VX_SUCCESS);
            vxReleaseNode(&n1);
            vxReleaseNode(&n2);
            vxReleaseNode(&n3);
            vxReleaseImage(&a);
            vxReleaseImage(&b);
        }
        CTS_EXPECT_EQ_INT(nf[1], 0);
        if (!getenv("OPENVX_FUSION") || strcmp(getenv("OPENVX_FUSION"), "0") != 0) {
            static const vx_uint32 expect[5] = {3, 2, 2, 3, 3};
            CTS_EXPECT_MSG(nf[0] == expect[variant], "variant %d: %u nodes fused, expected %u", variant, nf[0],
                           expect[variant]);
        }
        CTS_ASSERT_STATUS(vxProcessGraph(gs[0]), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(gs[1]), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(gs[0]), VX_SUCCESS);
        CTS_EXPECT_MSG(same_image(out[0], out[1], why, sizeof(why)), "variant %d: %s", variant, why);
        if (variant == 3) {
            CTS_EXPECT_MSG(same_image(side[0], side[1], why, sizeof(why)), "variant 3, gx: %s", why);
            CTS_EXPECT_MSG(same_image(side2[0], side2[1], why, sizeof(why)), "variant 3, box: %s", why);
        }
        for (k = 0; k < 2; k++) {
            vxReleaseGraph(&gs[k]);
            vxReleaseImage(&out[k]);
            vxReleaseImage(&side[k]);
            vxReleaseImage(&side2[k]);
        }
        vxReleaseImage(&in);
    }
}

/* vxScheduleGraph's worker thread (graph.c): runs without a vxWaitGraph,
 * the waiter may run a schedule itself, two graphs at once, release while
 * scheduled. */
CTS_TEST(Fusion, scheduled_runs, "issue 16: schedule+wait costs what process does")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8), o1 = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8),
             o2 = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8), ref = vxCreateImage(c, 64, 48, VX_DF_IMAGE_U8);
    vx_graph g1 = box_chain(c, in, o1, 3), g2 = box_chain(c, in, o2, 3), gr = box_chain(c, in, ref, 3), g3;
    vx_enum state = 0;
    int k, spins = 0;
    char why[128];
    fill_random(in, 77);
    CTS_ASSERT_STATUS(vxProcessGraph(gr), VX_SUCCESS);
    for (k = 0; k < 20; k++) {
        CTS_ASSERT_STATUS(vxScheduleGraph(g1), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxScheduleGraph(g2), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxScheduleGraph(g1), VX_ERROR_GRAPH_SCHEDULED);
        CTS_ASSERT_STATUS(vxWaitGraph(g2), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxWaitGraph(g1), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxWaitGraph(g1), VX_FAILURE);
    }
    CTS_EXPECT_MSG(same_image(o1, ref, why, sizeof(why)), "scheduled g1: %s", why);
    CTS_EXPECT_MSG(same_image(o2, ref, why, sizeof(why)), "scheduled g2: %s", why);
    /* the worker runs it without a waiter */
    CTS_ASSERT_STATUS(vxScheduleGraph(g1), VX_SUCCESS);
    do {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
        CTS_ASSERT_STATUS(vxQueryGraph(g1, VX_GRAPH_STATE, &state, sizeof(state)), VX_SUCCESS);
    } while (state != VX_GRAPH_STATE_COMPLETED && ++spins < 10000);
    CTS_EXPECT_EQ_INT(state, VX_GRAPH_STATE_COMPLETED);
    CTS_ASSERT_STATUS(vxWaitGraph(g1), VX_SUCCESS);
    /* released while scheduled: the release waits for the run */
    g3 = box_chain(c, in, o2, 2);
    CTS_ASSERT_STATUS(vxScheduleGraph(g3), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseGraph(&g3), VX_SUCCESS);
    g3 = box_chain(c, in, o2, 2);
    CTS_ASSERT_STATUS(vxScheduleGraph(g3), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxWaitGraph(g3), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxScheduleGraph(g3), VX_SUCCESS); /* left scheduled: the context release waits */
    vxReleaseGraph(&g1);
    vxReleaseGraph(&g2);
    vxReleaseGraph(&gr);
    vxReleaseImage(&in);
    vxReleaseImage(&o1);
    vxReleaseImage(&o2);
    vxReleaseImage(&ref);
}

CTS_TABLE(fusion) = {
    CTS_ENTRY(Fusion, random_graphs_match_unfused),
    CTS_ENTRY(Fusion, random_graphs_small_bands_match_unfused),
    CTS_ENTRY(Fusion, random_graphs_one_thread_match_unfused),
    CTS_ENTRY(Fusion, chain_fused_and_switch),
    CTS_ENTRY(Fusion, node_performance_of_fused_nodes),
    CTS_ENTRY(Fusion, fallbacks_run_right),
    CTS_ENTRY(Fusion, scheduled_runs),
    CTS_TABLE_END,
};
