/*
 * Conformance tests: BilateralFilter (spec "Bilateral Filter").
 *
 * The filter is checked against a plain scalar model written here from the
 * spec's formula, in double precision: each pixel becomes the mean of the
 * pixels of the disc of radius diameter/2 around it, weighted by
 * exp(-|y-x|^2 / 2 sigmaSpace^2) * exp(-|t-tau|^2 / 2 sigmaValues^2) (|t-tau|
 * the Euclidean distance of the radiometric vectors), rounded to nearest.
 * The library accumulates in float, so a sample may differ by 1 where the
 * exact mean is within float error of a .5: at most 1 of difference and at
 * most 1% of such samples are accepted.  Data are random in a narrow range so
 * that the range weights really matter; every border mode the spec allows
 * (REPLICATE, CONSTANT; UNDEFINED is the node default and only the pixels
 * whose disc lies inside the tensor are compared), both types, 2-D and
 * [radiometric, width, height] tensors, tensor views with strides that are
 * not contiguous, graph and immediate mode, a virtual intermediate tensor,
 * and the validator's refusals.
 */
#include "../runner/cts.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQS_ALL "REQ-0034 REQ-0035 REQ-0036 REQ-0037 REQ-0038 REQ-0039 REQ-0040 REQ-0041 REQ-0042 REQ-0044"

/* ---- data --------------------------------------------------------------- */

static vx_uint32 rng_state;

static void rng_seed(vx_uint32 s)
{
    rng_state = s * 2654435761u + 12345u;
}

static int rng_int(int lo, int hi) /* [lo, hi] */
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return lo + (int)((rng_state >> 8) % (vx_uint32)(hi - lo + 1));
}

/* A test tensor: c x w x h samples, element (k, x, y) at p[k + c * (x + w * y)]. */
typedef struct {
    int c, w, h;
    vx_enum type;
    int *p;
} tdata;

static tdata td_new(int c, int w, int h, vx_enum type)
{
    tdata t;
    t.c = c;
    t.w = w;
    t.h = h;
    t.type = type;
    t.p = (int *)calloc((size_t)c * (size_t)w * (size_t)h, sizeof(int));
    CTS_ASSERT(t.p != NULL);
    return t;
}

/* Random samples in [lo, hi]: a narrow range makes the range weights count. */
static tdata td_random(int c, int w, int h, vx_enum type, int lo, int hi)
{
    tdata t = td_new(c, w, h, type);
    for (int i = 0; i < c * w * h; i++) t.p[i] = rng_int(lo, hi);
    return t;
}

static int td_at(const tdata *t, int k, int x, int y)
{
    return t->p[k + t->c * (x + t->w * y)];
}

/* dims of the tensor: [w, h] when nd == 2, else [c, w, h] */
static void td_dims(const tdata *t, vx_size nd, vx_size dims[3])
{
    if (nd == 2) {
        dims[0] = (vx_size)t->w;
        dims[1] = (vx_size)t->h;
    } else {
        dims[0] = (vx_size)t->c;
        dims[1] = (vx_size)t->w;
        dims[2] = (vx_size)t->h;
    }
}

static vx_size esize(vx_enum type)
{
    return type == VX_TYPE_INT16 ? 2 : 1;
}

/* Write t into tensor (dims as td_dims) through vxCopyTensorPatch. */
static void td_write(vx_tensor tensor, const tdata *t, vx_size nd)
{
    vx_size dims[3], start[3] = {0, 0, 0}, strides[3], n = (size_t)t->c * t->w * t->h, es = esize(t->type);
    void *buf = malloc(n * es);
    CTS_ASSERT(buf != NULL);
    td_dims(t, nd, dims);
    strides[0] = es;
    for (vx_size i = 1; i < nd; i++) strides[i] = strides[i - 1] * dims[i - 1];
    for (vx_size i = 0; i < n; i++) {
        if (t->type == VX_TYPE_INT16)
            ((vx_int16 *)buf)[i] = (vx_int16)t->p[i];
        else
            ((vx_uint8 *)buf)[i] = (vx_uint8)t->p[i];
    }
    CTS_EXPECT_STATUS(vxCopyTensorPatch(tensor, nd, start, dims, strides, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    free(buf);
}

static tdata td_read(vx_tensor tensor, int c, int w, int h, vx_enum type, vx_size nd)
{
    tdata t = td_new(c, w, h, type);
    vx_size dims[3], start[3] = {0, 0, 0}, strides[3], n = (size_t)c * w * h, es = esize(type);
    void *buf = malloc(n * es);
    CTS_ASSERT(buf != NULL);
    td_dims(&t, nd, dims);
    strides[0] = es;
    for (vx_size i = 1; i < nd; i++) strides[i] = strides[i - 1] * dims[i - 1];
    CTS_EXPECT_STATUS(vxCopyTensorPatch(tensor, nd, start, dims, strides, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    for (vx_size i = 0; i < n; i++)
        t.p[i] = type == VX_TYPE_INT16 ? ((vx_int16 *)buf)[i] : ((vx_uint8 *)buf)[i];
    free(buf);
    return t;
}

static vx_tensor td_tensor(vx_context ctx, const tdata *t, vx_size nd)
{
    vx_size dims[3];
    vx_tensor tensor;
    td_dims(t, nd, dims);
    tensor = vxCreateTensor(ctx, nd, dims, t->type, t->type == VX_TYPE_INT16 ? 8 : 0);
    CTS_ASSERT_VALID(tensor);
    td_write(tensor, t, nd);
    return tensor;
}

static vx_tensor td_empty(vx_context ctx, int c, int w, int h, vx_enum type, vx_size nd)
{
    vx_size dims[3];
    vx_tensor tensor;
    if (nd == 2) {
        dims[0] = (vx_size)w;
        dims[1] = (vx_size)h;
    } else {
        dims[0] = (vx_size)c;
        dims[1] = (vx_size)w;
        dims[2] = (vx_size)h;
    }
    tensor = vxCreateTensor(ctx, nd, dims, type, type == VX_TYPE_INT16 ? 8 : 0);
    CTS_ASSERT_VALID(tensor);
    return tensor;
}

/* ---- the model ------------------------------------------------------------ */

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* The sample (k, x, y) with the border applied. */
static int sample(const tdata *t, int k, int x, int y, const vx_border_t *b)
{
    if (x < 0 || y < 0 || x >= t->w || y >= t->h) {
        if (b->mode == VX_BORDER_CONSTANT) return t->type == VX_TYPE_INT16 ? b->constant_value.S16 : b->constant_value.U8;
        x = clampi(x, 0, t->w - 1);
        y = clampi(y, 0, t->h - 1);
    }
    return td_at(t, k, x, y);
}

static tdata model(const tdata *in, int diameter, double sigma_space, double sigma_values, const vx_border_t *b)
{
    tdata out = td_new(in->c, in->w, in->h, in->type);
    int r = diameter / 2;
    double *sum = (double *)calloc((size_t)in->c, sizeof(double));
    CTS_ASSERT(sum != NULL);
    for (int y = 0; y < in->h; y++)
        for (int x = 0; x < in->w; x++) {
            double wsum = 0.0;
            for (int k = 0; k < in->c; k++) sum[k] = 0.0;
            for (int dy = -r; dy <= r; dy++)
                for (int dx = -r; dx <= r; dx++) {
                    double d2 = 0.0, w;
                    if (dx * dx + dy * dy > r * r) continue; /* the disc of radius r */
                    for (int k = 0; k < in->c; k++) {
                        double d = (double)sample(in, k, x + dx, y + dy, b) - (double)td_at(in, k, x, y);
                        d2 += d * d;
                    }
                    w = exp(-(double)(dx * dx + dy * dy) / (2.0 * sigma_space * sigma_space)) *
                        exp(-d2 / (2.0 * sigma_values * sigma_values));
                    for (int k = 0; k < in->c; k++) sum[k] += w * sample(in, k, x + dx, y + dy, b);
                    wsum += w;
                }
            for (int k = 0; k < in->c; k++) out.p[k + in->c * (x + in->w * y)] = (int)floor(sum[k] / wsum + 0.5);
        }
    free(sum);
    return out;
}

/* Compare got with want; under UNDEFINED only where the disc is inside. */
static void compare(const tdata *got, const tdata *want, int diameter, vx_enum border_mode, const char *what)
{
    int r = border_mode == VX_BORDER_UNDEFINED ? diameter / 2 : 0, off1 = 0, total = 0, worst = 0;
    for (int y = r; y < got->h - r; y++)
        for (int x = r; x < got->w - r; x++)
            for (int k = 0; k < got->c; k++) {
                int d = abs(td_at(got, k, x, y) - td_at(want, k, x, y));
                if (d > worst) worst = d;
                if (d) off1++;
                total++;
            }
    CTS_EXPECT_MSG(worst <= 1, "%s: a sample differs from the model by %d", what, worst);
    CTS_EXPECT_MSG(off1 * 100 <= total, "%s: %d of %d samples differ from the model by 1", what, off1, total);
}

static void td_free(tdata *t)
{
    free(t->p);
    t->p = NULL;
}

/* ---- one run: graph or immediate ------------------------------------------ */

typedef struct {
    int c, w, h;
    vx_size nd;
    vx_enum type;
    int lo, hi;
    int diameter;
    vx_float32 sigma_space, sigma_values;
    vx_border_t border;
} bcase;

static void run_case(const bcase *bc, int immediate, vx_uint32 seed)
{
    vx_context ctx = cts_context();
    tdata in, want, got;
    vx_tensor src, dst;
    char what[160];
    rng_seed(seed);
    in = td_random(bc->c, bc->w, bc->h, bc->type, bc->lo, bc->hi);
    src = td_tensor(ctx, &in, bc->nd);
    dst = td_empty(ctx, bc->c, bc->w, bc->h, bc->type, bc->nd);
    if (immediate) {
        CTS_ASSERT_STATUS(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &bc->border, sizeof(bc->border)),
                          VX_SUCCESS);
        CTS_ASSERT_STATUS(vxuBilateralFilter(ctx, src, bc->diameter, bc->sigma_space, bc->sigma_values, dst),
                          VX_SUCCESS);
    } else {
        vx_graph g = vxCreateGraph(ctx);
        vx_node n = vxBilateralFilterNode(g, src, bc->diameter, bc->sigma_space, bc->sigma_values, dst);
        CTS_ASSERT_VALID(n);
        CTS_ASSERT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &bc->border, sizeof(bc->border)), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
    }
    got = td_read(dst, bc->c, bc->w, bc->h, bc->type, bc->nd);
    want = model(&in, bc->diameter, bc->sigma_space, bc->sigma_values, &bc->border);
    snprintf(what, sizeof(what), "%s %dx%dx%d %s d=%d ss=%g sv=%g border=0x%x", immediate ? "vxu" : "graph", bc->c,
             bc->w, bc->h, bc->type == VX_TYPE_INT16 ? "S16" : "U8", bc->diameter, (double)bc->sigma_space,
             (double)bc->sigma_values, (unsigned)bc->border.mode);
    compare(&got, &want, bc->diameter, bc->border.mode, what);
    td_free(&in);
    td_free(&got);
    td_free(&want);
    vxReleaseTensor(&src);
    vxReleaseTensor(&dst);
}

static vx_border_t border_of(vx_enum mode, int value)
{
    vx_border_t b;
    memset(&b, 0, sizeof(b));
    b.mode = mode;
    b.constant_value.S16 = (vx_int16)value; /* the union's U8 reads the low byte */
    if (mode == VX_BORDER_CONSTANT && value >= 0 && value <= 255) b.constant_value.U8 = (vx_uint8)value;
    return b;
}

static const int sizes[][2] = {{1, 1}, {7, 5}, {33, 17}, {16, 3}};

static void run_matrix(vx_enum type, vx_size nd, int c, int immediate)
{
    static const int diameters[] = {5, 7, 9};
    int lo = type == VX_TYPE_INT16 ? -60 : 90, hi = type == VX_TYPE_INT16 ? 60 : 150;
    vx_border_t borders[3];
    borders[0] = border_of(VX_BORDER_REPLICATE, 0);
    borders[1] = border_of(VX_BORDER_CONSTANT, type == VX_TYPE_INT16 ? -25 : 120);
    borders[2] = border_of(VX_BORDER_UNDEFINED, 0);
    for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++)
        for (int b = 0; b < 3; b++) {
            bcase bc;
            bc.c = c;
            bc.w = sizes[s][0];
            bc.h = sizes[s][1];
            bc.nd = nd;
            bc.type = type;
            bc.lo = lo;
            bc.hi = hi;
            bc.diameter = diameters[(s + (size_t)b) % 3];
            bc.sigma_space = b == 1 ? 1.5f : 10.0f;
            bc.sigma_values = b == 2 ? 20.0f : 12.0f;
            bc.border = borders[b];
            run_case(&bc, immediate, (vx_uint32)(s * 7 + (size_t)b + 1));
        }
}

/* ---- tests -------------------------------------------------------------------- */

CTS_TEST(KBilateral, kernel_by_name_and_enum, "REQ-1730")
{
    vx_context ctx = cts_context();
    vx_kernel k = vxGetKernelByName(ctx, "org.khronos.openvx.bilateral_filter");
    vx_kernel k2 = vxGetKernelByEnum(ctx, VX_KERNEL_BILATERAL_FILTER);
    vx_uint32 np = 0;
    vx_enum e = 0;
    CTS_ASSERT_VALID(k);
    CTS_ASSERT_VALID(k2);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, sizeof(np)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(np, 5);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_ENUM, &e, sizeof(e)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(e, VX_KERNEL_BILATERAL_FILTER);
    vxReleaseKernel(&k);
    vxReleaseKernel(&k2);
}

CTS_TEST(KBilateral, graph_u8_2d, REQS_ALL)
{
    run_matrix(VX_TYPE_UINT8, 2, 1, 0);
}

CTS_TEST(KBilateral, graph_s16_2d, REQS_ALL)
{
    run_matrix(VX_TYPE_INT16, 2, 1, 0);
}

CTS_TEST(KBilateral, graph_u8_3ch, REQS_ALL)
{
    run_matrix(VX_TYPE_UINT8, 3, 3, 0);
}

CTS_TEST(KBilateral, graph_s16_2ch, REQS_ALL)
{
    run_matrix(VX_TYPE_INT16, 3, 2, 0);
}

CTS_TEST(KBilateral, graph_u8_1ch_3d, REQS_ALL)
{
    run_matrix(VX_TYPE_UINT8, 3, 1, 0);
}

CTS_TEST(KBilateral, immediate_u8_2d, REQS_ALL)
{
    run_matrix(VX_TYPE_UINT8, 2, 1, 1);
}

CTS_TEST(KBilateral, immediate_s16_2d, REQS_ALL)
{
    run_matrix(VX_TYPE_INT16, 2, 1, 1);
}

CTS_TEST(KBilateral, immediate_u8_3ch, REQS_ALL)
{
    run_matrix(VX_TYPE_UINT8, 3, 3, 1);
}

CTS_TEST(KBilateral, immediate_s16_2ch, REQS_ALL)
{
    run_matrix(VX_TYPE_INT16, 3, 2, 1);
}

/* A VGA image, full ranges, both types (the sizes the Khronos CTS uses). */
CTS_TEST(KBilateral, vga_full_range, REQS_ALL)
{
    bcase bc;
    memset(&bc, 0, sizeof(bc));
    bc.c = 1;
    bc.w = 640;
    bc.h = 480;
    bc.nd = 2;
    bc.type = VX_TYPE_UINT8;
    bc.lo = 0;
    bc.hi = 255;
    bc.diameter = 9;
    bc.sigma_space = 10.0f;
    bc.sigma_values = 20.0f;
    bc.border = border_of(VX_BORDER_CONSTANT, 255);
    run_case(&bc, 0, 99);
    bc.type = VX_TYPE_INT16;
    bc.w = 161;
    bc.h = 97;
    bc.lo = -32768;
    bc.hi = 32767;
    bc.diameter = 5;
    bc.border = border_of(VX_BORDER_REPLICATE, 0);
    run_case(&bc, 1, 100);
}

/* Smooth data with small noise: the filter must really average. */
CTS_TEST(KBilateral, smooths_noise_keeps_edges, "REQ-0034")
{
    vx_context ctx = cts_context();
    tdata in = td_new(1, 40, 20, VX_TYPE_UINT8), got;
    vx_tensor src, dst;
    int changed = 0, edge_ok = 1;
    rng_seed(5);
    for (int y = 0; y < in.h; y++)
        for (int x = 0; x < in.w; x++) in.p[x + in.w * y] = (x < 20 ? 50 : 200) + rng_int(-3, 3);
    src = td_tensor(ctx, &in, 2);
    dst = td_empty(ctx, 1, 40, 20, VX_TYPE_UINT8, 2);
    CTS_ASSERT_STATUS(vxuBilateralFilter(ctx, src, 7, 5.0f, 10.0f, dst), VX_SUCCESS);
    got = td_read(dst, 1, 40, 20, VX_TYPE_UINT8, 2);
    for (int y = 3; y < 17; y++)
        for (int x = 3; x < 37; x++) {
            int v = got.p[x + 40 * y];
            if (v != in.p[x + 40 * y]) changed++;
            if (x < 20 ? (v < 46 || v > 54) : (v < 196 || v > 204)) edge_ok = 0;
        }
    CTS_EXPECT_MSG(changed > 0, "the filter changed nothing");
    CTS_EXPECT_MSG(edge_ok, "the edge between 50 and 200 was blurred");
    td_free(&in);
    td_free(&got);
    vxReleaseTensor(&src);
    vxReleaseTensor(&dst);
}

/* Views: the input and output are views of bigger tensors, so their strides
 * are not those of a packed tensor. */
CTS_TEST(KBilateral, tensor_views, "REQ-0036 REQ-0038")
{
    vx_context ctx = cts_context();
    vx_size big[3] = {4, 20, 15}, start[3] = {1, 3, 2}, end[3] = {4, 15, 11};
    tdata full, in, got, want;
    vx_tensor a = vxCreateTensor(ctx, 3, big, VX_TYPE_UINT8, 0), b = vxCreateTensor(ctx, 3, big, VX_TYPE_UINT8, 0);
    vx_tensor va, vb;
    vx_border_t border = border_of(VX_BORDER_REPLICATE, 0);
    vx_graph g;
    vx_node n;
    CTS_ASSERT_VALID(a);
    CTS_ASSERT_VALID(b);
    rng_seed(11);
    full = td_random(4, 20, 15, VX_TYPE_UINT8, 80, 140);
    td_write(a, &full, 3);
    va = vxCreateTensorFromView(a, 3, start, end);
    vb = vxCreateTensorFromView(b, 3, start, end);
    CTS_ASSERT_VALID(va);
    CTS_ASSERT_VALID(vb);
    in = td_new(3, 12, 9, VX_TYPE_UINT8);
    for (int y = 0; y < 9; y++)
        for (int x = 0; x < 12; x++)
            for (int k = 0; k < 3; k++) in.p[k + 3 * (x + 12 * y)] = td_at(&full, k + 1, x + 3, y + 2);
    g = vxCreateGraph(ctx);
    n = vxBilateralFilterNode(g, va, 5, 3.0f, 15.0f, vb);
    CTS_ASSERT_VALID(n);
    CTS_ASSERT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &border, sizeof(border)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    got = td_read(vb, 3, 12, 9, VX_TYPE_UINT8, 3);
    want = model(&in, 5, 3.0, 15.0, &border);
    compare(&got, &want, 5, VX_BORDER_REPLICATE, "views");
    /* nothing outside the output view was written */
    {
        tdata whole = td_read(b, 4, 20, 15, VX_TYPE_UINT8, 3);
        int outside = 0;
        for (int y = 0; y < 15; y++)
            for (int x = 0; x < 20; x++)
                for (int k = 0; k < 4; k++)
                    if ((k < 1 || x < 3 || x >= 15 || y < 2 || y >= 11) && td_at(&whole, k, x, y) != 0) outside++;
        CTS_EXPECT_EQ_INT(outside, 0);
        td_free(&whole);
    }
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    td_free(&full);
    td_free(&in);
    td_free(&got);
    td_free(&want);
    vxReleaseTensor(&va);
    vxReleaseTensor(&vb);
    vxReleaseTensor(&a);
    vxReleaseTensor(&b);
}

/* Two filters chained through a virtual tensor whose shape and type the
 * verifier takes from the validator. */
CTS_TEST(KBilateral, virtual_intermediate, "REQ-0035 REQ-0036 REQ-0044")
{
    vx_context ctx = cts_context();
    vx_graph g = vxCreateGraph(ctx);
    tdata in, mid, want, got;
    vx_tensor src, dst, virt;
    vx_node n1, n2;
    vx_border_t border = border_of(VX_BORDER_CONSTANT, 7);
    rng_seed(21);
    in = td_random(1, 29, 13, VX_TYPE_INT16, -40, 40);
    src = td_tensor(ctx, &in, 2);
    dst = td_empty(ctx, 1, 29, 13, VX_TYPE_INT16, 2);
    /* shape and type left to the verifier; the fixed point position (Q7.8,
     * as the input's) is given: a vx_int8 has no "unknown" value */
    virt = vxCreateVirtualTensor(g, 0, NULL, 0, 8);
    CTS_ASSERT_VALID(virt);
    n1 = vxBilateralFilterNode(g, src, 5, 2.0f, 10.0f, virt);
    n2 = vxBilateralFilterNode(g, virt, 7, 4.0f, 8.0f, dst);
    CTS_ASSERT_VALID(n1);
    CTS_ASSERT_VALID(n2);
    CTS_ASSERT_STATUS(vxSetNodeAttribute(n1, VX_NODE_BORDER, &border, sizeof(border)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetNodeAttribute(n2, VX_NODE_BORDER, &border, sizeof(border)), VX_SUCCESS);
    CTS_ASSERT_MSG(vxVerifyGraph(g) == VX_SUCCESS, "vxVerifyGraph: %s", cts_log_last()->message);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    got = td_read(dst, 1, 29, 13, VX_TYPE_INT16, 2);
    mid = model(&in, 5, 2.0, 10.0, &border);
    want = model(&mid, 7, 4.0, 8.0, &border);
    compare(&got, &want, 7, VX_BORDER_CONSTANT, "virtual");
    /* processing again gives the same result */
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    {
        tdata again = td_read(dst, 1, 29, 13, VX_TYPE_INT16, 2);
        CTS_EXPECT(memcmp(again.p, got.p, sizeof(int) * 29 * 13) == 0);
        td_free(&again);
    }
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseGraph(&g);
    td_free(&in);
    td_free(&mid);
    td_free(&want);
    td_free(&got);
    vxReleaseTensor(&src);
    vxReleaseTensor(&dst);
    vxReleaseTensor(&virt);
}

/* vxVerifyGraph's status for one node with these arguments. */
static vx_status verify_one(vx_context ctx, vx_tensor src, vx_int32 diameter, vx_float32 ss, vx_float32 sv,
                            vx_tensor dst)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxBilateralFilterNode(g, src, diameter, ss, sv, dst);
    vx_status s;
    CTS_ASSERT_VALID(n);
    s = vxVerifyGraph(g);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(KBilateral, refuses_bad_scalars, "REQ-0039 REQ-0040 REQ-0041 REQ-0042")
{
    vx_context ctx = cts_context();
    vx_size dims[2] = {16, 12};
    vx_tensor a = vxCreateTensor(ctx, 2, dims, VX_TYPE_UINT8, 0), b = vxCreateTensor(ctx, 2, dims, VX_TYPE_UINT8, 0);
    static const vx_int32 bad_d[] = {-5, 0, 1, 3, 4, 6, 8, 10, 11, 15};
    static const vx_float32 bad_s[] = {0.0f, -1.0f, 20.5f, 100.0f};
    CTS_ASSERT_VALID(a);
    CTS_ASSERT_VALID(b);
    for (size_t i = 0; i < sizeof(bad_d) / sizeof(bad_d[0]); i++)
        CTS_EXPECT_STATUS(verify_one(ctx, a, bad_d[i], 5.0f, 5.0f, b), VX_ERROR_INVALID_VALUE);
    for (size_t i = 0; i < sizeof(bad_s) / sizeof(bad_s[0]); i++) {
        CTS_EXPECT_STATUS(verify_one(ctx, a, 5, bad_s[i], 5.0f, b), VX_ERROR_INVALID_VALUE);
        CTS_EXPECT_STATUS(verify_one(ctx, a, 5, 5.0f, bad_s[i], b), VX_ERROR_INVALID_VALUE);
    }
    CTS_EXPECT_STATUS(verify_one(ctx, a, 5, (vx_float32)NAN, 5.0f, b), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(verify_one(ctx, a, 5, 5.0f, (vx_float32)NAN, b), VX_ERROR_INVALID_VALUE);
    /* the limits themselves are accepted */
    CTS_EXPECT_STATUS(verify_one(ctx, a, 5, 20.0f, 20.0f, b), VX_SUCCESS);
    CTS_EXPECT_STATUS(verify_one(ctx, a, 9, 0.001f, 0.001f, b), VX_SUCCESS);
    CTS_EXPECT_STATUS(verify_one(ctx, a, 7, 1.0f, 1.0f, b), VX_SUCCESS);
    vxReleaseTensor(&a);
    vxReleaseTensor(&b);
}

CTS_TEST(KBilateral, refuses_bad_tensors, "REQ-0036 REQ-0037 REQ-0038")
{
    vx_context ctx = cts_context();
    vx_size d2[2] = {16, 12}, d3[3] = {2, 16, 12}, d1[1] = {16}, d4[4] = {1, 16, 12, 2}, d2b[2] = {16, 11};
    vx_tensor u8 = vxCreateTensor(ctx, 2, d2, VX_TYPE_UINT8, 0), s16 = vxCreateTensor(ctx, 2, d2, VX_TYPE_INT16, 8);
    vx_tensor u8b = vxCreateTensor(ctx, 2, d2, VX_TYPE_UINT8, 0);
    vx_tensor i32 = vxCreateTensor(ctx, 2, d2, VX_TYPE_INT32, 0), f32 = vxCreateTensor(ctx, 2, d2, VX_TYPE_FLOAT32, 0);
    vx_tensor s8 = vxCreateTensor(ctx, 2, d2, VX_TYPE_INT8, 0), u16 = vxCreateTensor(ctx, 2, d2, VX_TYPE_UINT16, 0);
    vx_tensor one = vxCreateTensor(ctx, 1, d1, VX_TYPE_UINT8, 0), four = vxCreateTensor(ctx, 4, d4, VX_TYPE_UINT8, 0);
    vx_tensor three = vxCreateTensor(ctx, 3, d3, VX_TYPE_UINT8, 0), small = vxCreateTensor(ctx, 2, d2b, VX_TYPE_UINT8, 0);
    CTS_ASSERT_VALID(four);
    /* input type */
    CTS_EXPECT_STATUS(verify_one(ctx, i32, 5, 5.0f, 5.0f, u8), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_STATUS(verify_one(ctx, f32, 5, 5.0f, 5.0f, u8), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_STATUS(verify_one(ctx, s8, 5, 5.0f, 5.0f, u8), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_STATUS(verify_one(ctx, u16, 5, 5.0f, 5.0f, u8), VX_ERROR_INVALID_TYPE);
    /* input dimensions */
    CTS_EXPECT_STATUS(verify_one(ctx, one, 5, 5.0f, 5.0f, u8), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_STATUS(verify_one(ctx, four, 5, 5.0f, 5.0f, u8), VX_ERROR_INVALID_DIMENSION);
    /* the output must have the input's type and shape */
    CTS_EXPECT(verify_one(ctx, u8, 5, 5.0f, 5.0f, s16) != VX_SUCCESS);
    CTS_EXPECT(verify_one(ctx, s16, 5, 5.0f, 5.0f, u8) != VX_SUCCESS);
    CTS_EXPECT(verify_one(ctx, u8, 5, 5.0f, 5.0f, small) != VX_SUCCESS);
    CTS_EXPECT(verify_one(ctx, u8, 5, 5.0f, 5.0f, three) != VX_SUCCESS);
    CTS_EXPECT(verify_one(ctx, three, 5, 5.0f, 5.0f, u8) != VX_SUCCESS);
    /* and the good ones pass */
    CTS_EXPECT_STATUS(verify_one(ctx, u8, 5, 5.0f, 5.0f, u8b), VX_SUCCESS);
    /* a missing parameter */
    CTS_EXPECT(verify_one(ctx, NULL, 5, 5.0f, 5.0f, u8) != VX_SUCCESS);
    CTS_EXPECT(verify_one(ctx, u8, 5, 5.0f, 5.0f, NULL) != VX_SUCCESS);
    vxReleaseTensor(&u8);
    vxReleaseTensor(&u8b);
    vxReleaseTensor(&s16);
    vxReleaseTensor(&i32);
    vxReleaseTensor(&f32);
    vxReleaseTensor(&s8);
    vxReleaseTensor(&u16);
    vxReleaseTensor(&one);
    vxReleaseTensor(&four);
    vxReleaseTensor(&three);
    vxReleaseTensor(&small);
}

CTS_TEST(KBilateral, refusals_in_immediate_mode, "REQ-0040 REQ-0044")
{
    vx_context ctx = cts_context();
    vx_size dims[2] = {8, 8};
    vx_tensor a = vxCreateTensor(ctx, 2, dims, VX_TYPE_UINT8, 0), b = vxCreateTensor(ctx, 2, dims, VX_TYPE_UINT8, 0);
    vx_graph g;
    vx_node n;
    CTS_EXPECT_STATUS(vxuBilateralFilter(ctx, a, 3, 5.0f, 5.0f, b), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(vxuBilateralFilter(ctx, a, 5, 5.0f, 25.0f, b), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT(vxuBilateralFilter(NULL, a, 5, 5.0f, 5.0f, b) != VX_SUCCESS);
    CTS_EXPECT(vxuBilateralFilter(ctx, (vx_tensor)ctx, 5, 5.0f, 5.0f, b) != VX_SUCCESS);
    /* a node in no graph is an error, never a crash */
    n = vxBilateralFilterNode(NULL, a, 5, 5.0f, 5.0f, b);
    CTS_EXPECT(vxGetStatus((vx_reference)n) != VX_SUCCESS);
    /* a wrong object as a tensor: refused at creation or at verify */
    g = vxCreateGraph(ctx);
    n = vxBilateralFilterNode(g, (vx_tensor)g, 5, 5.0f, 5.0f, b);
    if (vxGetStatus((vx_reference)n) == VX_SUCCESS) {
        CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
        vxReleaseNode(&n);
    }
    vxReleaseGraph(&g);
    vxReleaseTensor(&a);
    vxReleaseTensor(&b);
}

/* A wrong scalar type given through vxSetParameterByIndex is refused. */
CTS_TEST(KBilateral, refuses_wrong_scalar_type, "REQ-0039 REQ-0041")
{
    vx_context ctx = cts_context();
    vx_size dims[2] = {8, 8};
    vx_tensor a = vxCreateTensor(ctx, 2, dims, VX_TYPE_UINT8, 0), b = vxCreateTensor(ctx, 2, dims, VX_TYPE_UINT8, 0);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxBilateralFilterNode(g, a, 5, 5.0f, 5.0f, b);
    vx_float32 f = 5.0f;
    vx_int32 i = 5;
    vx_scalar sf = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &f), si = vxCreateScalar(ctx, VX_TYPE_INT32, &i);
    CTS_ASSERT_VALID(n);
    if (vxSetParameterByIndex(n, 1, (vx_reference)sf) == VX_SUCCESS)
        CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 1, (vx_reference)si), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    if (vxSetParameterByIndex(n, 3, (vx_reference)si) == VX_SUCCESS)
        CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    vxReleaseScalar(&sf);
    vxReleaseScalar(&si);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseTensor(&a);
    vxReleaseTensor(&b);
}

CTS_TABLE(k_bilateral) = {
    CTS_ENTRY(KBilateral, kernel_by_name_and_enum),
    CTS_ENTRY(KBilateral, graph_u8_2d),
    CTS_ENTRY(KBilateral, graph_s16_2d),
    CTS_ENTRY(KBilateral, graph_u8_3ch),
    CTS_ENTRY(KBilateral, graph_s16_2ch),
    CTS_ENTRY(KBilateral, graph_u8_1ch_3d),
    CTS_ENTRY(KBilateral, immediate_u8_2d),
    CTS_ENTRY(KBilateral, immediate_s16_2d),
    CTS_ENTRY(KBilateral, immediate_u8_3ch),
    CTS_ENTRY(KBilateral, immediate_s16_2ch),
    CTS_ENTRY(KBilateral, vga_full_range),
    CTS_ENTRY(KBilateral, smooths_noise_keeps_edges),
    CTS_ENTRY(KBilateral, tensor_views),
    CTS_ENTRY(KBilateral, virtual_intermediate),
    CTS_ENTRY(KBilateral, refuses_bad_scalars),
    CTS_ENTRY(KBilateral, refuses_bad_tensors),
    CTS_ENTRY(KBilateral, refusals_in_immediate_mode),
    CTS_ENTRY(KBilateral, refuses_wrong_scalar_type),
    CTS_TABLE_END,
};
