/*
 * k_nn: the vx_khr_nn layers against plain scalar models written here from
 * the extension's formulas: outputs = saturate(round(sum + bias)) with the
 * layer's overflow and rounding policies for the convolution-like layers,
 * real-valued functions re-quantized (to nearest) for the others.  Data
 * types: UINT8 / INT8 with fixed_point_position 0 and INT16 Q7.8; shapes
 * include odd sizes and batches; inputs and outputs are also views.
 *
 * The extension has no REQ ids: tests are tagged with the layer they check.
 */
#include "../runner/cts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <VX/vx_khr_nn.h>

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

/* ---- formats and tensors as int arrays ------------------------------------- */

typedef struct {
    vx_enum dt;
    vx_int8 q;
    const char *name;
} fmt_t;

static const fmt_t F_U8 = {VX_TYPE_UINT8, 0, "U8"};
static const fmt_t F_S8 = {VX_TYPE_INT8, 0, "S8"};
static const fmt_t F_Q78 = {VX_TYPE_INT16, 8, "Q78"};

static size_t esz(fmt_t f)
{
    return f.dt == VX_TYPE_INT16 ? 2 : 1;
}

static long lo_of(fmt_t f)
{
    return f.dt == VX_TYPE_UINT8 ? 0 : f.dt == VX_TYPE_INT8 ? -128 : -32768;
}

static long hi_of(fmt_t f)
{
    return f.dt == VX_TYPE_UINT8 ? 255 : f.dt == VX_TYPE_INT8 ? 127 : 32767;
}

static size_t count_of(size_t nd, const vx_size *dims)
{
    size_t n = 1;
    for (size_t i = 0; i < nd; i++) n *= dims[i];
    return n;
}

static int *random_vals(size_t n, long lo, long hi)
{
    int *v = (int *)malloc((n ? n : 1) * sizeof(int));
    CTS_ASSERT(v != NULL);
    for (size_t i = 0; i < n; i++) v[i] = rng_int((int)lo, (int)hi);
    return v;
}

static void write_vals(vx_tensor t, size_t nd, const vx_size *dims, fmt_t f, const int *v)
{
    size_t n = count_of(nd, dims), i;
    vx_size start[8] = {0}, stride[8];
    void *buf = malloc(n * esz(f));
    CTS_ASSERT(buf != NULL);
    for (i = 0; i < n; i++) {
        if (f.dt == VX_TYPE_UINT8) ((vx_uint8 *)buf)[i] = (vx_uint8)v[i];
        else if (f.dt == VX_TYPE_INT8) ((vx_int8 *)buf)[i] = (vx_int8)v[i];
        else ((vx_int16 *)buf)[i] = (vx_int16)v[i];
    }
    for (i = 0; i < nd; i++) stride[i] = i ? stride[i - 1] * dims[i - 1] : esz(f);
    CTS_EXPECT_STATUS(vxCopyTensorPatch(t, nd, start, dims, stride, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    free(buf);
}

static int *read_vals(vx_tensor t, size_t nd, const vx_size *dims, fmt_t f)
{
    size_t n = count_of(nd, dims), i;
    vx_size start[8] = {0}, stride[8];
    void *buf = malloc(n * esz(f));
    int *v = (int *)malloc(n * sizeof(int));
    CTS_ASSERT(buf != NULL && v != NULL);
    for (i = 0; i < nd; i++) stride[i] = i ? stride[i - 1] * dims[i - 1] : esz(f);
    CTS_EXPECT_STATUS(vxCopyTensorPatch(t, nd, start, dims, stride, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    for (i = 0; i < n; i++)
        v[i] = f.dt == VX_TYPE_UINT8 ? ((vx_uint8 *)buf)[i]
             : f.dt == VX_TYPE_INT8  ? ((vx_int8 *)buf)[i]
                                     : ((vx_int16 *)buf)[i];
    free(buf);
    return v;
}

static vx_tensor new_tensor(vx_context c, size_t nd, const vx_size *dims, fmt_t f, const int *v)
{
    vx_tensor t = vxCreateTensor(c, nd, dims, f.dt, f.q);
    CTS_ASSERT_VALID(t);
    if (v) write_vals(t, nd, dims, f, v);
    return t;
}

/* A view [1 .. dims+1) on a parent one larger on each side (odd strides). */
static vx_tensor new_view(vx_context c, size_t nd, const vx_size *dims, fmt_t f, vx_tensor *parent)
{
    vx_size pd[8], s[8], e[8];
    vx_tensor v;
    for (size_t i = 0; i < nd; i++) pd[i] = dims[i] + 2, s[i] = 1, e[i] = dims[i] + 1;
    *parent = vxCreateTensor(c, nd, pd, f.dt, f.q);
    CTS_ASSERT_VALID(*parent);
    v = vxCreateTensorFromView(*parent, nd, s, e);
    CTS_ASSERT_VALID(v);
    return v;
}

/* Compare within tol raw units (0: exact). */
static void expect_same(const int *got, const int *want, size_t n, int tol, const char *what)
{
    for (size_t i = 0; i < n; i++)
        if (abs(got[i] - want[i]) > tol) {
            CTS_EXPECT_MSG(0, "%s: element %zu is %d, the model gives %d", what, i, got[i], want[i]);
            return;
        }
}

/* ---- fixed-point model ------------------------------------------------------ */

static long long m_round(long long acc, int q, int ne)
{
    long long one = 1LL << q, fl, rem;
    if (q == 0) return acc;
    if (!ne) return acc / one; /* toward zero */
    fl = (long long)floor((double)acc / (double)one);
    rem = acc - fl * one;
    if (2 * rem > one || (2 * rem == one && (fl & 1))) fl++;
    return fl;
}

static long long m_conv(long long v, fmt_t f, int wrap)
{
    if (!wrap) return v < lo_of(f) ? lo_of(f) : v > hi_of(f) ? hi_of(f) : v;
    {
        long long m = hi_of(f) - lo_of(f) + 1; /* 256 or 65536 */
        long long r = ((v - lo_of(f)) % m + m) % m;
        return r + lo_of(f);
    }
}

static long m_quant(double v, fmt_t f)
{
    double r;
    if (v != v) return 0;
    r = nearbyint(v * (double)(1 << f.q));
    return r < lo_of(f) ? lo_of(f) : r > hi_of(f) ? hi_of(f) : (long)r;
}

static double m_real(int v, fmt_t f)
{
    return (double)v / (double)(1 << f.q);
}

/* The smallest skip giving n outputs over span with floor/ceil rounding. */
static size_t m_skip(size_t span, size_t n, int ceil_round)
{
    for (size_t t = 1;; t++) {
        size_t o = (ceil_round ? (span + t - 1) / t : span / t) + 1;
        if (o == n) return t;
        if (o < n) return 0;
    }
}

/* ---- convolution ------------------------------------------------------------ */

typedef struct {
    fmt_t f;
    size_t iw, ih, ifm, ofm, batch, kw, kh, px, py, dx, dy, skip;
    int wrap, ne, ceil_round, bias_kind; /* 0 none, 1 shared, 2 per location */
    int views;
} conv_case;

static void run_conv(vx_context c, const conv_case *k)
{
    size_t ext_x = k->kw + (k->kw - 1) * k->dx, ext_y = k->kh + (k->kh - 1) * k->dy;
    size_t span_x = k->iw + 2 * k->px - ext_x, span_y = k->ih + 2 * k->py - ext_y;
    size_t ow = (k->ceil_round ? (span_x + k->skip - 1) / k->skip : span_x / k->skip) + 1;
    size_t oh = (k->ceil_round ? (span_y + k->skip - 1) / k->skip : span_y / k->skip) + 1;
    size_t sx = m_skip(span_x, ow, k->ceil_round), sy = m_skip(span_y, oh, k->ceil_round);
    size_t nd = k->batch ? 4 : 3, nb = k->batch ? k->batch : 1;
    vx_size idims[4] = {k->iw, k->ih, k->ifm, nb}, wdims[4] = {k->kw, k->kh, k->ifm, k->ofm};
    vx_size odims[4] = {ow, oh, k->ofm, nb}, bdims[3];
    size_t bnd = k->bias_kind == 1 ? 1 : 3;
    long vlo = k->f.dt == VX_TYPE_INT16 ? -1024 : lo_of(k->f), vhi = k->f.dt == VX_TYPE_INT16 ? 1024 : hi_of(k->f);
    int *in = random_vals(count_of(nd, idims), vlo, vhi), *w = random_vals(count_of(4, wdims), vlo, vhi);
    int *b = NULL, *got, *want;
    vx_tensor tin, tw, tb = NULL, tout, pin = NULL, pout = NULL;
    vx_graph g;
    vx_node n;
    vx_nn_convolution_params_t cp;
    if (k->bias_kind == 1) bdims[0] = k->ofm;
    else bdims[0] = ow, bdims[1] = oh, bdims[2] = k->ofm;
    if (k->bias_kind) b = random_vals(count_of(bnd, bdims), lo_of(k->f), hi_of(k->f));
    if (k->views) {
        tin = new_view(c, nd, idims, k->f, &pin);
        write_vals(tin, nd, idims, k->f, in);
        tout = new_view(c, nd, odims, k->f, &pout);
    } else {
        tin = new_tensor(c, nd, idims, k->f, in);
        tout = new_tensor(c, nd, odims, k->f, NULL);
    }
    tw = new_tensor(c, 4, wdims, k->f, w);
    if (b) tb = new_tensor(c, bnd, bdims, k->f, b);
    cp.padding_x = k->px, cp.padding_y = k->py;
    cp.overflow_policy = k->wrap ? VX_CONVERT_POLICY_WRAP : VX_CONVERT_POLICY_SATURATE;
    cp.rounding_policy = k->ne ? VX_ROUND_POLICY_TO_NEAREST_EVEN : VX_ROUND_POLICY_TO_ZERO;
    cp.down_scale_size_rounding = k->ceil_round ? VX_NN_DS_SIZE_ROUNDING_CEILING : VX_NN_DS_SIZE_ROUNDING_FLOOR;
    cp.dilation_x = k->dx, cp.dilation_y = k->dy;
    g = vxCreateGraph(c);
    n = vxConvolutionLayer(g, tin, tw, tb, &cp, sizeof(cp), tout);
    CTS_ASSERT_VALID(n);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    got = read_vals(tout, nd, odims, k->f);
    want = (int *)malloc(count_of(nd, odims) * sizeof(int));
    CTS_ASSERT(want != NULL);
    /* out[x,y,o] = conv(round(sum in[x*skip - pad + d + kx*(d+1), ...] * w[kx,ky,c,o] + bias)) */
    for (size_t bb = 0; bb < nb; bb++)
        for (size_t o = 0; o < k->ofm; o++)
            for (size_t y = 0; y < oh; y++)
                for (size_t x = 0; x < ow; x++) {
                    long long acc = 0;
                    if (b) {
                        long bv = k->bias_kind == 1 ? b[o] : b[x + ow * (y + oh * o)];
                        acc = (long long)bv * (1LL << k->f.q);
                    }
                    for (size_t ci = 0; ci < k->ifm; ci++)
                        for (size_t ky = 0; ky < k->kh; ky++)
                            for (size_t kx = 0; kx < k->kw; kx++) {
                                long ix = (long)(x * sx + k->dx + kx * (k->dx + 1)) - (long)k->px;
                                long iy = (long)(y * sy + k->dy + ky * (k->dy + 1)) - (long)k->py;
                                if (ix < 0 || iy < 0 || ix >= (long)k->iw || iy >= (long)k->ih) continue;
                                acc += (long long)in[ix + k->iw * (iy + k->ih * (ci + k->ifm * bb))] *
                                       w[kx + k->kw * (ky + k->kh * (ci + k->ifm * o))];
                            }
                    want[x + ow * (y + oh * (o + k->ofm * bb))] =
                        (int)m_conv(m_round(acc, k->f.q, k->ne), k->f, k->wrap);
                }
    expect_same(got, want, count_of(nd, odims), 0, "convolution");
    free(got), free(want), free(in), free(w), free(b);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseTensor(&tin), vxReleaseTensor(&tw), vxReleaseTensor(&tout);
    if (tb) vxReleaseTensor(&tb);
    if (pin) vxReleaseTensor(&pin);
    if (pout) vxReleaseTensor(&pout);
}

CTS_TEST(KNN, convolution_layer, "vxConvolutionLayer: formula, policies, padding, dilation, skip, biases, batches")
{
    static const fmt_t *fmts[3] = {&F_U8, &F_S8, &F_Q78};
    vx_context c = cts_context();
    rng_seed(11);
    for (int fi = 0; fi < 3; fi++)
        for (int pol = 0; pol < 4; pol++) {
            conv_case k;
            memset(&k, 0, sizeof(k));
            k.f = *fmts[fi];
            k.wrap = pol & 1, k.ne = (pol >> 1) & 1;
            k.iw = 7, k.ih = 5, k.ifm = 3, k.ofm = 2, k.kw = 3, k.kh = 2, k.px = 1, k.py = 0, k.skip = 1;
            k.bias_kind = pol % 3;
            run_conv(c, &k);
            k.iw = 13, k.ih = 9, k.kw = 3, k.kh = 3, k.dx = 1, k.dy = 0, k.skip = 2, k.ceil_round = 1, k.batch = 2;
            run_conv(c, &k);
            k.iw = 8, k.ih = 11, k.kw = 2, k.kh = 3, k.px = 2, k.py = 1, k.dx = 0, k.dy = 2, k.skip = 3;
            k.ceil_round = 0, k.views = 1, k.bias_kind = 2;
            run_conv(c, &k);
            k.iw = 1, k.ih = 1, k.ifm = 1, k.ofm = 1, k.kw = 1, k.kh = 1, k.px = 0, k.py = 0, k.dy = 0, k.skip = 1;
            k.views = 0, k.batch = 0;
            run_conv(c, &k);
        }
}

/* The convolution model for [iw, ih, ifm] -> [ow, oh, ofm], skip 1, padding
 * p, shared bias b (or none). */
static int *model_conv(fmt_t f, const int *in, const int *w, const int *b, size_t iw, size_t ih, size_t ifm,
                       size_t ofm, size_t k, size_t p, int wrap, int ne)
{
    size_t ow = iw + 2 * p - k + 1, oh = ih + 2 * p - k + 1;
    int *want = (int *)malloc(ow * oh * ofm * sizeof(int));
    CTS_ASSERT(want != NULL);
    for (size_t o = 0; o < ofm; o++)
        for (size_t y = 0; y < oh; y++)
            for (size_t x = 0; x < ow; x++) {
                long long acc = b ? (long long)b[o] * (1LL << f.q) : 0;
                for (size_t ci = 0; ci < ifm; ci++)
                    for (size_t ky = 0; ky < k; ky++)
                        for (size_t kx = 0; kx < k; kx++) {
                            long ix = (long)(x + kx) - (long)p, iy = (long)(y + ky) - (long)p;
                            if (ix < 0 || iy < 0 || ix >= (long)iw || iy >= (long)ih) continue;
                            acc += (long long)in[ix + iw * (iy + ih * ci)] * w[kx + k * (ky + k * (ci + ifm * o))];
                        }
                want[x + ow * (y + oh * o)] = (int)m_conv(m_round(acc, f.q, ne), f, wrap);
            }
    return want;
}

CTS_TEST(KNN, convolution_packed_weights,
         "vxConvolutionLayer: weights written between runs are used (the packed copy is refreshed); the same "
         "results on 1 and 2 threads; sums past int32 exact (the 64-bit path)")
{
    static const fmt_t *fmts[2] = {&F_U8, &F_Q78};
    vx_context c = cts_context();
    rng_seed(29);
    for (int fi = 0; fi < 2; fi++) {
        const fmt_t f = *fmts[fi];
        const size_t iw = 24, ih = 16, ifm = 9, ofm = 13, k = 3, p = 1, ow = iw, oh = ih;
        vx_size idims[3] = {iw, ih, ifm}, wdims[4] = {k, k, ifm, ofm}, bdims[1] = {ofm}, odims[3] = {ow, oh, ofm};
        long lo = f.dt == VX_TYPE_INT16 ? -2000 : 0, hi = f.dt == VX_TYPE_INT16 ? 2000 : 255;
        int *in = random_vals(iw * ih * ifm, lo, hi), *w1 = random_vals(k * k * ifm * ofm, lo / 8, hi / 8);
        int *w2 = random_vals(k * k * ifm * ofm, lo / 8, hi / 8), *b = random_vals(ofm, lo, hi);
        int *w3 = random_vals(k * k * ifm * ofm, lo_of(f), hi_of(f)), *in3 = random_vals(iw * ih * ifm, lo_of(f), hi_of(f));
        vx_tensor tin = new_tensor(c, 3, idims, f, in), tw = new_tensor(c, 4, wdims, f, w1);
        vx_tensor tb = new_tensor(c, 1, bdims, f, b), tout = new_tensor(c, 3, odims, f, NULL);
        vx_nn_convolution_params_t cp = {p, p, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_NEAREST_EVEN,
                                         VX_NN_DS_SIZE_ROUNDING_FLOOR, 0, 0};
        vx_graph g = vxCreateGraph(c);
        vx_node n = vxConvolutionLayer(g, tin, tw, tb, &cp, sizeof(cp), tout);
        vx_uint32 threads;
        int *got, *want;
        CTS_ASSERT_VALID(n);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        for (int step = 0; step < 4; step++) {
            const int *ws = step == 0 ? w1 : step == 1 ? w2 : w3, *ins = step == 3 ? in3 : in;
            /* step 1: new weights; 2: one thread; 3: values whose sums pass int32 (Q7.8) */
            if (step == 1) write_vals(tw, 4, wdims, f, w2);
            threads = step >= 2 ? 1 : 2;
            CTS_ASSERT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_OVX_THREADS, &threads, sizeof(threads)), VX_SUCCESS);
            if (step == 2) write_vals(tw, 4, wdims, f, w3);
            if (step == 3) write_vals(tin, 3, idims, f, in3);
            CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
            got = read_vals(tout, 3, odims, f);
            want = model_conv(f, ins, step >= 2 ? w3 : ws, b, iw, ih, ifm, ofm, k, p, 1, 1);
            expect_same(got, want, ow * oh * ofm, 0, step == 1 ? "convolution after new weights" : "convolution");
            free(got), free(want);
        }
        threads = 0;
        vxSetContextAttribute(c, VX_CONTEXT_OVX_THREADS, &threads, sizeof(threads));
        free(in), free(w1), free(w2), free(w3), free(in3), free(b);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
        vxReleaseTensor(&tin), vxReleaseTensor(&tw), vxReleaseTensor(&tb), vxReleaseTensor(&tout);
    }
}

/* ---- deconvolution ---------------------------------------------------------- */

static void run_deconv(vx_context c, fmt_t f, size_t iw, size_t ih, size_t ifm, size_t ofm, size_t kw, size_t kh, size_t px,
                       size_t py, size_t ax, size_t ay, size_t up, int wrap, int ne, int bias_kind)
{
        size_t ow = (iw - 1) * up + kw + ax - 2 * px, oh = (ih - 1) * up + kh + ay - 2 * py;
    vx_size idims[3] = {iw, ih, ifm}, wdims[4] = {kw, kh, ifm, ofm}, odims[3] = {ow, oh, ofm}, bdims[3];
    size_t bnd = bias_kind == 1 ? 1 : 3, sx = kw - px - 1, sy = kh - py - 1;
    long vlo = f.dt == VX_TYPE_INT16 ? -1024 : lo_of(f), vhi = f.dt == VX_TYPE_INT16 ? 1024 : hi_of(f);
    int *in = random_vals(count_of(3, idims), vlo, vhi), *w = random_vals(count_of(4, wdims), vlo, vhi);
    int *b = NULL, *got, *want;
    vx_tensor tin, tw, tb = NULL, tout;
    vx_nn_deconvolution_params_t dp;
    vx_graph g = vxCreateGraph(c);
    vx_node n;
    if (bias_kind == 1) bdims[0] = ofm;
    else bdims[0] = ow, bdims[1] = oh, bdims[2] = ofm;
    if (bias_kind) b = random_vals(count_of(bnd, bdims), lo_of(f), hi_of(f));
    tin = new_tensor(c, 3, idims, f, in), tw = new_tensor(c, 4, wdims, f, w), tout = new_tensor(c, 3, odims, f, NULL);
    if (b) tb = new_tensor(c, bnd, bdims, f, b);
    dp.padding_x = px, dp.padding_y = py, dp.a_x = ax, dp.a_y = ay;
    dp.overflow_policy = wrap ? VX_CONVERT_POLICY_WRAP : VX_CONVERT_POLICY_SATURATE;
    dp.rounding_policy = ne ? VX_ROUND_POLICY_TO_NEAREST_EVEN : VX_ROUND_POLICY_TO_ZERO;
    n = vxDeconvolutionLayer(g, tin, tw, tb, &dp, sizeof(dp), tout);
    CTS_ASSERT_VALID(n);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    got = read_vals(tout, 3, odims, f);
    want = (int *)malloc(count_of(3, odims) * sizeof(int));
    CTS_ASSERT(want != NULL);
    /* correlation of the zero-upscaled, (kernel-pad-1)-padded input; samples
     * read below in_w / in_h of the up-scaled grid (see kernels/nn.c) */
    for (size_t o = 0; o < ofm; o++)
        for (size_t y = 0; y < oh; y++)
            for (size_t x = 0; x < ow; x++) {
                long long acc = b ? (long long)(bias_kind == 1 ? b[o] : b[x + ow * (y + oh * o)]) * (1LL << f.q) : 0;
                for (size_t ci = 0; ci < ifm; ci++)
                    for (size_t ky = 0; ky < kh; ky++)
                        for (size_t kx = 0; kx < kw; kx++) {
                            long ux = (long)(x + kx) - (long)sx, uy = (long)(y + ky) - (long)sy;
                            if (ux < 0 || uy < 0 || ux >= (long)iw || uy >= (long)ih) continue;
                            if (ux % (long)up || uy % (long)up) continue;
                            acc += (long long)in[ux / (long)up + iw * (uy / (long)up + ih * ci)] *
                                   w[kx + kw * (ky + kh * (ci + ifm * o))];
                        }
                want[x + ow * (y + oh * o)] = (int)m_conv(m_round(acc, f.q, ne), f, wrap);
            }
    expect_same(got, want, count_of(3, odims), 0, "deconvolution");
    free(got), free(want), free(in), free(w), free(b);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseTensor(&tin), vxReleaseTensor(&tw), vxReleaseTensor(&tout);
    if (tb) vxReleaseTensor(&tb);
}

CTS_TEST(KNN, deconvolution_layer, "vxDeconvolutionLayer: upscale from the output size, a, padding, policies")
{
    vx_context c = cts_context();
    rng_seed(12);
    run_deconv(c, F_U8, 5, 4, 2, 3, 3, 3, 1, 0, 0, 0, 1, 0, 0, 1);
    run_deconv(c, F_S8, 6, 3, 2, 2, 3, 4, 1, 2, 1, 0, 2, 1, 1, 2);
    run_deconv(c, F_Q78, 4, 5, 3, 2, 3, 3, 0, 1, 1, 1, 3, 0, 1, 1);
    run_deconv(c, F_Q78, 7, 2, 1, 1, 2, 2, 1, 1, 0, 0, 2, 1, 0, 0);
}

/* ---- fully connected ---------------------------------------------------------- */

static void run_fc(vx_context c, fmt_t f, size_t core, size_t wnd, size_t nbatch_dims, int wrap, int ne, int bias)
{
        vx_size idims[6], wdims[4], odims[4], bdims[1];
    size_t ind = core + nbatch_dims, ond = 1 + nbatch_dims, ofm = (size_t)rng_int(1, 9), nel, nb;
    long vlo = f.dt == VX_TYPE_INT16 ? -1024 : lo_of(f), vhi = f.dt == VX_TYPE_INT16 ? 1024 : hi_of(f);
    int *in, *w, *b = NULL, *got, *want;
    vx_tensor tin, tw, tb = NULL, tout;
    vx_graph g = vxCreateGraph(c);
    vx_node n;
    for (size_t i = 0; i < ind; i++) idims[i] = (size_t)rng_int(1, 5);
    nel = count_of(core, idims);
    nb = count_of(ind, idims) / nel;
    odims[0] = ofm;
    for (size_t i = 0; i < nbatch_dims; i++) odims[1 + i] = idims[core + i];
    if (wnd == 2) wdims[0] = nel, wdims[1] = ofm;
    else wdims[0] = idims[0], wdims[1] = idims[1], wdims[2] = idims[2], wdims[3] = ofm;
    bdims[0] = ofm;
    in = random_vals(count_of(ind, idims), vlo, vhi);
    w = random_vals(nel * ofm, vlo, vhi);
    if (bias) b = random_vals(ofm, lo_of(f), hi_of(f));
    tin = new_tensor(c, ind, idims, f, in), tw = new_tensor(c, wnd, wdims, f, w);
    tout = new_tensor(c, ond, odims, f, NULL);
    if (b) tb = new_tensor(c, 1, bdims, f, b);
    n = vxFullyConnectedLayer(g, tin, tw, tb, wrap ? VX_CONVERT_POLICY_WRAP : VX_CONVERT_POLICY_SATURATE,
                              ne ? VX_ROUND_POLICY_TO_NEAREST_EVEN : VX_ROUND_POLICY_TO_ZERO, tout);
    CTS_ASSERT_VALID(n);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    got = read_vals(tout, ond, odims, f);
    want = (int *)malloc(ofm * nb * sizeof(int));
    CTS_ASSERT(want != NULL);
    /* out[o, batch] = conv(round(sum_j in[j, batch] * w[j, o] + bias[o])) */
    for (size_t bb = 0; bb < nb; bb++)
        for (size_t o = 0; o < ofm; o++) {
            long long acc = b ? (long long)b[o] * (1LL << f.q) : 0;
            for (size_t j = 0; j < nel; j++) acc += (long long)in[j + nel * bb] * w[j + nel * o];
            want[o + ofm * bb] = (int)m_conv(m_round(acc, f.q, ne), f, wrap);
        }
    expect_same(got, want, ofm * nb, 0, "fully connected");
    free(got), free(want), free(in), free(w), free(b);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseTensor(&tin), vxReleaseTensor(&tw), vxReleaseTensor(&tout);
    if (tb) vxReleaseTensor(&tb);
}

CTS_TEST(KNN, fully_connected_layer, "vxFullyConnectedLayer: [IFM] and [W,H,IFM] inputs, 2-d and 4-d weights, batches")
{
    static const fmt_t *fmts[3] = {&F_U8, &F_S8, &F_Q78};
    vx_context c = cts_context();
    rng_seed(13);
    for (int fi = 0; fi < 3; fi++)
        for (int pol = 0; pol < 4; pol++) {
            run_fc(c, *fmts[fi], 1, 2, (size_t)(pol % 3), pol & 1, pol >> 1, pol != 2);
            run_fc(c, *fmts[fi], 3, 2, (size_t)(pol % 2), pol & 1, pol >> 1, pol != 1);
            run_fc(c, *fmts[fi], 3, 4, (size_t)(pol % 2), pol & 1, pol >> 1, 1);
        }
}

/* ---- pooling ---------------------------------------------------------------------- */

static void run_pool(vx_context c, fmt_t f, int is_max, size_t iw, size_t ih, size_t ch, size_t batch, size_t szx, size_t szy,
                     size_t px, size_t py, size_t skip, int ceil_round, int views)
{
        size_t spx = iw + 2 * px - szx, spy = ih + 2 * py - szy;
    size_t ow = (ceil_round ? (spx + skip - 1) / skip : spx / skip) + 1;
    size_t oh = (ceil_round ? (spy + skip - 1) / skip : spy / skip) + 1;
    size_t sx = m_skip(spx, ow, ceil_round), sy = m_skip(spy, oh, ceil_round), nd = batch ? 4 : 3;
    size_t nb = batch ? batch : 1;
    vx_size idims[4] = {iw, ih, ch, nb}, odims[4] = {ow, oh, ch, nb};
    int *in = random_vals(count_of(nd, idims), lo_of(f), hi_of(f)), *got, *want;
    vx_tensor tin, tout, pin = NULL, pout = NULL;
    vx_graph g = vxCreateGraph(c);
    vx_node n;
    if (views) {
        tin = new_view(c, nd, idims, f, &pin);
        write_vals(tin, nd, idims, f, in);
        tout = new_view(c, nd, odims, f, &pout);
    } else {
        tin = new_tensor(c, nd, idims, f, in);
        tout = new_tensor(c, nd, odims, f, NULL);
    }
    n = vxPoolingLayer(g, tin, is_max ? VX_NN_POOLING_MAX : VX_NN_POOLING_AVG, szx, szy, px, py,
                       ceil_round ? VX_NN_DS_SIZE_ROUNDING_CEILING : VX_NN_DS_SIZE_ROUNDING_FLOOR, tout);
    CTS_ASSERT_VALID(n);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    got = read_vals(tout, nd, odims, f);
    want = (int *)malloc(count_of(nd, odims) * sizeof(int));
    CTS_ASSERT(want != NULL);
    /* the input padded with zeros, then max / average (sum / area, toward zero) */
    for (size_t p = 0; p < ch * nb; p++)
        for (size_t y = 0; y < oh; y++)
            for (size_t x = 0; x < ow; x++) {
                long acc = is_max ? -100000 : 0;
                for (size_t j = 0; j < szy; j++)
                    for (size_t i = 0; i < szx; i++) {
                        long ix = (long)(x * sx + i) - (long)px, iy = (long)(y * sy + j) - (long)py;
                        long v = (ix < 0 || iy < 0 || ix >= (long)iw || iy >= (long)ih) ? 0 : in[ix + iw * (iy + ih * p)];
                        if (is_max) acc = v > acc ? v : acc;
                        else acc += v;
                    }
                if (!is_max) acc /= (long)(szx * szy);
                want[x + ow * (y + oh * p)] = (int)acc;
            }
    expect_same(got, want, count_of(nd, odims), 0, is_max ? "max pooling" : "average pooling");
    free(got), free(want), free(in);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseTensor(&tin), vxReleaseTensor(&tout);
    if (pin) vxReleaseTensor(&pin);
    if (pout) vxReleaseTensor(&pout);
}

CTS_TEST(KNN, pooling_layer, "vxPoolingLayer: max and average, zero padding, floor/ceiling sizes, views")
{
    static const fmt_t *fmts[3] = {&F_U8, &F_S8, &F_Q78};
    vx_context c = cts_context();
    rng_seed(14);
    for (int fi = 0; fi < 3; fi++)
        for (int m = 0; m < 2; m++) {
            run_pool(c, *fmts[fi], m, 7, 5, 3, 0, 3, 3, 1, 1, 2, 0, 0);
            run_pool(c, *fmts[fi], m, 10, 9, 2, 2, 3, 4, 1, 2, 3, 1, 0);
            run_pool(c, *fmts[fi], m, 6, 6, 4, 0, 2, 2, 0, 0, 2, 0, 1);
            run_pool(c, *fmts[fi], m, 1, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0);
        }
}

/* ---- softmax and activation ---------------------------------------------------------- */

static void run_softmax(vx_context c, fmt_t f, size_t nd, int views)
{
        vx_size dims[4];
    size_t axis = nd > 2 ? 2 : 0, n, len;
    int *in, *got, *want;
    vx_tensor tin, tout, pin = NULL, pout = NULL;
    vx_graph g = vxCreateGraph(c);
    vx_node node;
    for (size_t i = 0; i < nd; i++) dims[i] = (size_t)rng_int(1, 6);
    n = count_of(nd, dims);
    len = dims[axis];
    in = random_vals(n, f.dt == VX_TYPE_INT16 ? -1024 : lo_of(f), f.dt == VX_TYPE_INT16 ? 1024 : (f.dt == VX_TYPE_UINT8 ? 4 : 3));
    if (views) {
        tin = new_view(c, nd, dims, f, &pin);
        write_vals(tin, nd, dims, f, in);
        tout = new_view(c, nd, dims, f, &pout);
    } else {
        tin = new_tensor(c, nd, dims, f, in);
        tout = new_tensor(c, nd, dims, f, NULL);
    }
    node = vxSoftmaxLayer(g, tin, tout);
    CTS_ASSERT_VALID(node);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    got = read_vals(tout, nd, dims, f);
    want = (int *)malloc(n * sizeof(int));
    CTS_ASSERT(want != NULL);
    {
        size_t stride = 1;
        for (size_t i = 0; i < axis; i++) stride *= dims[i];
        for (size_t e = 0; e < n; e++) {
            size_t k = (e / stride) % len, base = e - k * stride;
            double sum = 0.0;
            for (size_t j = 0; j < len; j++) sum += exp(m_real(in[base + j * stride], f));
            want[e] = (int)m_quant(exp(m_real(in[e], f)) / sum, f);
        }
    }
    expect_same(got, want, n, 1, "softmax");
    free(got), free(want), free(in);
    vxReleaseNode(&node);
    vxReleaseGraph(&g);
    vxReleaseTensor(&tin), vxReleaseTensor(&tout);
    if (pin) vxReleaseTensor(&pin);
    if (pout) vxReleaseTensor(&pout);
}

CTS_TEST(KNN, softmax_layer, "vxSoftmaxLayer: 1 to 4 dimensions (axis 0, or 2 from 3 dims on)")
{
    vx_context c = cts_context();
    rng_seed(15);
    for (size_t nd = 1; nd <= 4; nd++) {
        run_softmax(c, F_Q78, nd, 0);
        run_softmax(c, F_U8, nd, 1);
        run_softmax(c, F_S8, nd, 0);
    }
}

static double m_act(vx_enum fn, double x, double a, double b)
{
    switch (fn) {
    case VX_NN_ACTIVATION_LOGISTIC: return 1.0 / (1.0 + exp(-x));
    case VX_NN_ACTIVATION_HYPERBOLIC_TAN: return a * tanh(b * x);
    case VX_NN_ACTIVATION_RELU: return x > 0 ? x : 0;
    case VX_NN_ACTIVATION_BRELU: return fmin(a, fmax(0.0, x));
    case VX_NN_ACTIVATION_SOFTRELU: return log(1.0 + exp(x));
    case VX_NN_ACTIVATION_ABS: return fabs(x);
    case VX_NN_ACTIVATION_SQUARE: return x * x;
    case VX_NN_ACTIVATION_SQRT: return x < 0 ? 0.0 : sqrt(x);
    default: return a * x + b;
    }
}

CTS_TEST(KNN, activation_layer, "vxActivationLayer: every vx_nn_activation_function_e, 8- and 16-bit")
{
    static const fmt_t *fmts[3] = {&F_U8, &F_S8, &F_Q78};
    vx_context c = cts_context();
    rng_seed(16);
    for (int fi = 0; fi < 3; fi++)
        for (vx_enum fn = VX_NN_ACTIVATION_LOGISTIC; fn <= VX_NN_ACTIVATION_LINEAR; fn++) {
            fmt_t f = *fmts[fi];
            size_t nd = (size_t)(1 + (fn - VX_NN_ACTIVATION_LOGISTIC) % 4);
            vx_size dims[4];
            float a = fn == VX_NN_ACTIVATION_BRELU ? 3.5f : 1.5f, b = 0.5f;
            size_t n;
            int *in, *got, *want;
            vx_tensor tin, tout;
            vx_graph g = vxCreateGraph(c);
            vx_node node;
            for (size_t i = 0; i < nd; i++) dims[i] = (size_t)rng_int(1, 7);
            n = count_of(nd, dims);
            in = random_vals(n, lo_of(f), hi_of(f));
            tin = new_tensor(c, nd, dims, f, in), tout = new_tensor(c, nd, dims, f, NULL);
            node = vxActivationLayer(g, tin, fn, a, b, tout);
            CTS_ASSERT_VALID(node);
            CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
            CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
            got = read_vals(tout, nd, dims, f);
            want = (int *)malloc(n * sizeof(int));
            CTS_ASSERT(want != NULL);
            for (size_t i = 0; i < n; i++) want[i] = (int)m_quant(m_act(fn, m_real(in[i], f), a, b), f);
            expect_same(got, want, n, 1, "activation");
            free(got), free(want), free(in);
            vxReleaseNode(&node);
            vxReleaseGraph(&g);
            vxReleaseTensor(&tin), vxReleaseTensor(&tout);
        }
}

/* ---- normalization --------------------------------------------------------------------- */

static void run_lrn(vx_context c, fmt_t f, int across, size_t size, float alpha, float beta, float bias, int lrn)
{
        vx_size dims[4] = {(size_t)rng_int(1, 7), (size_t)rng_int(1, 6), (size_t)rng_int(1, 8), 2};
    size_t n = count_of(4, dims), half = size / 2;
    int *in = random_vals(n, f.dt == VX_TYPE_INT16 ? -1024 : lo_of(f), f.dt == VX_TYPE_INT16 ? 1024 : hi_of(f));
    int *got, *want;
    vx_tensor tin = new_tensor(c, 4, dims, f, in), tout = new_tensor(c, 4, dims, f, NULL);
    vx_graph g = vxCreateGraph(c);
    vx_enum type = across ? VX_NN_NORMALIZATION_ACROSS_MAPS : VX_NN_NORMALIZATION_SAME_MAP;
    vx_node node = lrn ? vxLocalResponseNormalizationLayer(g, tin, type, size, alpha, beta, bias, tout)
                       : vxNormalizationLayer(g, tin, type, size, alpha, beta, tout);
    CTS_ASSERT_VALID(node);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    got = read_vals(tout, 4, dims, f);
    want = (int *)malloc(n * sizeof(int));
    CTS_ASSERT(want != NULL);
    if (!lrn) bias = 1.0f;
    for (size_t b = 0; b < dims[3]; b++)
        for (size_t k = 0; k < dims[2]; k++)
            for (size_t y = 0; y < dims[1]; y++)
                for (size_t x = 0; x < dims[0]; x++) {
                    double sum = 0.0, cnt = across ? (double)size : (double)(size * size);
                    size_t e = x + dims[0] * (y + dims[1] * (k + dims[2] * b));
                    for (long dk = -(long)half; dk <= (long)half; dk++)
                        for (long dy = -(long)half; dy <= (long)half; dy++)
                            for (long dx = -(long)half; dx <= (long)half; dx++) {
                                long xx = (long)x + (across ? 0 : dx), yy = (long)y + (across ? 0 : dy);
                                long kk = (long)k + (across ? dk : 0);
                                double v;
                                if ((across && (dx || dy)) || (!across && dk)) continue;
                                if (xx < 0 || yy < 0 || kk < 0 || xx >= (long)dims[0] || yy >= (long)dims[1] ||
                                    kk >= (long)dims[2])
                                    continue;
                                v = m_real(in[xx + dims[0] * (yy + dims[1] * (kk + dims[2] * b))], f);
                                sum += v * v;
                            }
                    want[e] = (int)m_quant(m_real(in[e], f) / pow(bias + alpha / cnt * sum, beta), f);
                }
    expect_same(got, want, n, 1, "normalization");
    free(got), free(want), free(in);
    vxReleaseNode(&node);
    vxReleaseGraph(&g);
    vxReleaseTensor(&tin), vxReleaseTensor(&tout);
}

CTS_TEST(KNN, normalization_layer, "vxLocalResponseNormalizationLayer / vxNormalizationLayer: same map, across maps")
{
    vx_context c = cts_context();
    rng_seed(17);
    run_lrn(c, F_Q78, 1, 5, 0.0001f, 0.75f, 1.0f, 1);
    run_lrn(c, F_Q78, 0, 3, 0.5f, 0.75f, 2.0f, 1);
    run_lrn(c, F_Q78, 1, 7, 1.0f, 0.5f, 1.0f, 0);
    run_lrn(c, F_U8, 1, 3, 0.01f, 0.75f, 1.0f, 1);
    run_lrn(c, F_S8, 0, 5, 0.02f, 1.0f, 1.5f, 1);
    run_lrn(c, F_S8, 0, 3, 0.1f, 0.5f, 1.0f, 0);
}

/* ---- ROI pooling -------------------------------------------------------------------------- */

CTS_TEST(KNN, roi_pooling_layer, "vxROIPoolingLayer: max over ROI bins, batches")
{
    static const fmt_t *fmts[3] = {&F_U8, &F_S8, &F_Q78};
    vx_context c = cts_context();
    rng_seed(18);
    for (int fi = 0; fi < 3; fi++)
        for (int batch = 0; batch < 2; batch++) {
            fmt_t f = *fmts[fi];
            size_t dw = 9, dh = 7, dc = 2, nr = 3, nb = batch ? 2 : 1, pw = 3, ph = 2;
            size_t dnd = batch ? 4 : 3, rnd = batch ? 3 : 2, ond = batch ? 5 : 4;
            vx_size ddims[4] = {dw, dh, dc, nb}, rdims[3] = {4, nr, nb}, odims[5] = {pw, ph, dc, nr, nb};
            int *data = random_vals(count_of(dnd, ddims), lo_of(f), hi_of(f));
            int *rois = (int *)malloc(4 * nr * nb * sizeof(int)), *got, *want;
            vx_nn_roi_pool_params_t rp = {VX_NN_POOLING_MAX};
            vx_tensor td, tr, to;
            vx_graph g = vxCreateGraph(c);
            vx_node node;
            CTS_ASSERT(rois != NULL);
            for (size_t i = 0; i < nr * nb; i++) {
                rois[4 * i + 0] = rng_int(0, 4), rois[4 * i + 1] = rng_int(0, 3);
                rois[4 * i + 2] = rois[4 * i] + rng_int(0, 5), rois[4 * i + 3] = rois[4 * i + 1] + rng_int(0, 4);
            }
            td = new_tensor(c, dnd, ddims, f, data), tr = new_tensor(c, rnd, rdims, f, rois);
            to = new_tensor(c, ond, odims, f, NULL);
            node = vxROIPoolingLayer(g, td, tr, &rp, sizeof(rp), to);
            CTS_ASSERT_VALID(node);
            CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
            CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
            got = read_vals(to, ond, odims, f);
            want = (int *)malloc(count_of(ond, odims) * sizeof(int));
            CTS_ASSERT(want != NULL);
            /* bin (x, y) of ROI [x0, x1] x [y0, y1] (inclusive), clipped to the data */
            for (size_t b = 0; b < nb; b++)
                for (size_t r = 0; r < nr; r++)
                    for (size_t ch = 0; ch < dc; ch++)
                        for (size_t y = 0; y < ph; y++)
                            for (size_t x = 0; x < pw; x++) {
                                const int *R = rois + 4 * (r + nr * b);
                                size_t rw = (size_t)(R[2] - R[0] + 1), rh = (size_t)(R[3] - R[1] + 1);
                                size_t xs = R[0] + x * rw / pw, xe = R[0] + ((x + 1) * rw + pw - 1) / pw;
                                size_t ys = R[1] + y * rh / ph, ye = R[1] + ((y + 1) * rh + ph - 1) / ph;
                                int m = (int)lo_of(f), any = 0;
                                if (xe > dw) xe = dw;
                                if (ye > dh) ye = dh;
                                for (size_t yy = ys; yy < ye; yy++)
                                    for (size_t xx = xs; xx < xe; xx++) {
                                        int v = data[xx + dw * (yy + dh * (ch + dc * b))];
                                        if (v > m) m = v;
                                        any = 1;
                                    }
                                want[x + pw * (y + ph * (ch + dc * (r + nr * b)))] = any ? m : 0;
                            }
            expect_same(got, want, count_of(ond, odims), 0, "ROI pooling");
            free(got), free(want), free(data), free(rois);
            vxReleaseNode(&node);
            vxReleaseGraph(&g);
            vxReleaseTensor(&td), vxReleaseTensor(&tr), vxReleaseTensor(&to);
        }
}

/* ---- graphs with virtual tensors ------------------------------------------------------------- */

CTS_TEST(KNN, virtual_chain, "virtual tensors between layers: convolution -> activation -> pooling -> fully connected")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_size idims[3] = {9, 8, 2}, wdims[4] = {3, 3, 2, 4}, fdims[2] = {4 * 3 * 3, 5}, odims[1] = {5};
    int *in, *w, *fw, *got;
    vx_tensor tin, tw, tfw, tout, v1, v2, v3;
    vx_nn_convolution_params_t cp = {0, 0, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_NEAREST_EVEN,
                                     VX_NN_DS_SIZE_ROUNDING_FLOOR, 0, 0};
    vx_size vq[3];
    int want[5];
    rng_seed(19);
    in = random_vals(9 * 8 * 2, -512, 512), w = random_vals(3 * 3 * 2 * 4, -128, 128);
    fw = random_vals(36 * 5, -256, 256);
    tin = new_tensor(c, 3, idims, F_Q78, in), tw = new_tensor(c, 4, wdims, F_Q78, w);
    tfw = new_tensor(c, 2, fdims, F_Q78, fw), tout = new_tensor(c, 1, odims, F_Q78, NULL);
    v1 = vxCreateVirtualTensor(g, 0, NULL, VX_TYPE_INT16, 8);
    v2 = vxCreateVirtualTensor(g, 3, NULL, VX_TYPE_INT16, 8);
    v3 = vxCreateVirtualTensor(g, 0, NULL, VX_TYPE_INT16, 8);
    CTS_ASSERT_VALID(vxConvolutionLayer(g, tin, tw, NULL, &cp, sizeof(cp), v1));
    CTS_ASSERT_VALID(vxActivationLayer(g, v1, VX_NN_ACTIVATION_RELU, 0, 0, v2));
    CTS_ASSERT_VALID(vxPoolingLayer(g, v2, VX_NN_POOLING_MAX, 2, 2, 0, 0, VX_NN_DS_SIZE_ROUNDING_FLOOR, v3));
    CTS_ASSERT_VALID(vxFullyConnectedLayer(g, v3, tfw, NULL, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_ZERO,
                                           tout));
    /* skip 1 on virtual outputs: conv 7x6x4, pool (skip 1) 6x5x4 -> does not match 36 weights */
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_DIMENSION);
    vxReleaseGraph(&g);
    vxReleaseTensor(&v1), vxReleaseTensor(&v2), vxReleaseTensor(&v3);

    /* pooling output with its size given: skip 2 */
    g = vxCreateGraph(c);
    v1 = vxCreateVirtualTensor(g, 0, NULL, 0, 0); /* type and fixed point from the layer */
    v2 = vxCreateVirtualTensor(g, 3, NULL, VX_TYPE_INT16, 8);
    vq[0] = 3, vq[1] = 3, vq[2] = 4;
    v3 = vxCreateVirtualTensor(g, 3, vq, VX_TYPE_INT16, 8);
    CTS_ASSERT_VALID(vxConvolutionLayer(g, tin, tw, NULL, &cp, sizeof(cp), v1));
    CTS_ASSERT_VALID(vxActivationLayer(g, v1, VX_NN_ACTIVATION_RELU, 0, 0, v2));
    CTS_ASSERT_VALID(vxPoolingLayer(g, v2, VX_NN_POOLING_MAX, 2, 2, 0, 0, VX_NN_DS_SIZE_ROUNDING_FLOOR, v3));
    CTS_ASSERT_VALID(vxFullyConnectedLayer(g, v3, tfw, NULL, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_ZERO,
                                           tout));
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    {
        vx_size nd = 0, d[3] = {0};
        vxQueryTensor(v1, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd));
        vxQueryTensor(v1, VX_TENSOR_DIMS, d, sizeof(d));
        CTS_EXPECT_EQ_INT(nd, 3);
        CTS_EXPECT(d[0] == 7 && d[1] == 6 && d[2] == 4);
    }
    /* model: conv (skip 1, Q7.8, nearest even, saturate), relu, 2x2 max skip 2 (floor: 3x3), fc */
    {
        int conv[7 * 6 * 4], pool[36];
        for (int o = 0; o < 4; o++)
            for (int y = 0; y < 6; y++)
                for (int x = 0; x < 7; x++) {
                    long long acc = 0;
                    for (int ci = 0; ci < 2; ci++)
                        for (int ky = 0; ky < 3; ky++)
                            for (int kx = 0; kx < 3; kx++)
                                acc += (long long)in[(x + kx) + 9 * ((y + ky) + 8 * ci)] *
                                       w[kx + 3 * (ky + 3 * (ci + 2 * o))];
                    conv[x + 7 * (y + 6 * o)] = (int)m_conv(m_round(acc, 8, 1), F_Q78, 0);
                    if (conv[x + 7 * (y + 6 * o)] < 0) conv[x + 7 * (y + 6 * o)] = 0;
                }
        for (int o = 0; o < 4; o++)
            for (int y = 0; y < 3; y++)
                for (int x = 0; x < 3; x++) {
                    int m = -100000;
                    for (int j = 0; j < 2; j++)
                        for (int i = 0; i < 2; i++) {
                            int v = conv[(2 * x + i) + 7 * ((2 * y + j) + 6 * o)];
                            m = v > m ? v : m;
                        }
                    pool[x + 3 * (y + 3 * o)] = m;
                }
        for (int o = 0; o < 5; o++) {
            long long acc = 0;
            for (int j = 0; j < 36; j++) acc += (long long)pool[j] * fw[j + 36 * o];
            want[o] = (int)m_conv(m_round(acc, 8, 0), F_Q78, 0);
        }
    }
    got = read_vals(tout, 1, odims, F_Q78);
    expect_same(got, want, 5, 0, "virtual chain");
    free(got), free(in), free(w), free(fw);
    vxReleaseGraph(&g);
    vxReleaseTensor(&v1), vxReleaseTensor(&v2), vxReleaseTensor(&v3);
    vxReleaseTensor(&tin), vxReleaseTensor(&tw), vxReleaseTensor(&tfw), vxReleaseTensor(&tout);
}

/* ---- kernels, parameters and refusals ------------------------------------------------------------ */

CTS_TEST(KNN, kernels_by_name, "vx_khr_nn kernel names and enums, parameter counts")
{
    static const struct {
        const char *name;
        vx_enum e;
        vx_uint32 n;
    } ks[] = {
        {"org.khronos.nn_extension.convolution_layer", VX_KERNEL_CONVOLUTION_LAYER, 5},
        {"org.khronos.nn_extension.fully_connected_layer", VX_KERNEL_FULLY_CONNECTED_LAYER, 6},
        {"org.khronos.nn_extension.pooling_layer", VX_KERNEL_POOLING_LAYER, 8},
        {"org.khronos.nn_extension.softmax_layer", VX_KERNEL_SOFTMAX_LAYER, 2},
        {"org.khronos.nn_extension.local_response_normalization_layer", VX_KERNEL_LOCAL_RESPONSE_NORMALIZATION_LAYER, 7},
        {"org.khronos.nn_extension.activation_layer", VX_KERNEL_ACTIVATION_LAYER, 5},
        {"org.khronos.nn_extension.roi_pooling_layer", VX_KERNEL_ROI_POOLING_LAYER, 4},
        {"org.khronos.nn_extension.deconvolution_layer", VX_KERNEL_DECONVOLUTION_LAYER, 5},
    };
    vx_context c = cts_context();
    for (size_t i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
        vx_kernel k = vxGetKernelByName(c, ks[i].name), k2 = vxGetKernelByEnum(c, ks[i].e);
        vx_enum e = 0;
        vx_uint32 n = 0;
        CTS_ASSERT_VALID(k);
        CTS_ASSERT_VALID(k2);
        vxQueryKernel(k, VX_KERNEL_ENUM, &e, sizeof(e));
        vxQueryKernel(k, VX_KERNEL_PARAMETERS, &n, sizeof(n));
        CTS_EXPECT_EQ_INT(e, ks[i].e);
        CTS_EXPECT_EQ_INT(n, ks[i].n);
        vxReleaseKernel(&k);
        vxReleaseKernel(&k2);
    }
    /* the parameter structures are scalar types an application can create */
    {
        static const vx_enum types[] = {VX_TYPE_NN_CONVOLUTION_PARAMS, VX_TYPE_NN_DECONVOLUTION_PARAMS,
                                        VX_TYPE_NN_ROI_POOL_PARAMS};
        vx_nn_convolution_params_t cp;
        vx_nn_deconvolution_params_t dp;
        vx_nn_roi_pool_params_t rp;
        const void *vals[3];
        char ext[1024];
        vals[0] = &cp;
        vals[1] = &dp;
        vals[2] = &rp;
        memset(&cp, 0, sizeof(cp));
        memset(&dp, 0, sizeof(dp));
        memset(&rp, 0, sizeof(rp));
        cp.padding_x = 3;
        for (size_t i = 0; i < 3; i++) {
            vx_scalar s = vxCreateScalar(c, types[i], vals[i]);
            vx_enum t = 0;
            CTS_ASSERT_VALID(s);
            CTS_EXPECT_STATUS(vxQueryScalar(s, VX_SCALAR_TYPE, &t, sizeof(t)), VX_SUCCESS);
            CTS_EXPECT_EQ_INT(t, types[i]);
            if (i == 0) {
                vx_nn_convolution_params_t back;
                memset(&back, 0, sizeof(back));
                CTS_EXPECT_STATUS(vxCopyScalarWithSize(s, sizeof(back), &back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                                  VX_SUCCESS);
                CTS_EXPECT_EQ_INT(back.padding_x, 3);
            }
            vxReleaseScalar(&s);
        }
        /* and the context says it has the extension */
        vx_size ext_size = 0;
        CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_EXTENSIONS_SIZE, &ext_size, sizeof(ext_size)), VX_SUCCESS);
        CTS_ASSERT(ext_size <= sizeof(ext));
        CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_EXTENSIONS, ext, ext_size), VX_SUCCESS);
        CTS_EXPECT(strstr(ext, OPENVX_KHR_NN) != NULL);
    }
}

static vx_status verify_one(vx_graph g)
{
    return vxVerifyGraph(g);
}

CTS_TEST(KNN, validator_refusals, "vx_khr_nn validators: types, dimensions, params sizes, enums, ranges")
{
    vx_context c = cts_context();
    vx_size idims[3] = {8, 8, 2}, wdims[4] = {3, 3, 2, 4}, wbad[4] = {3, 3, 3, 4}, odims[3] = {6, 6, 4};
    vx_size obad[3] = {5, 6, 4}, pdims[3] = {4, 4, 2};
    vx_tensor in = new_tensor(c, 3, idims, F_Q78, NULL), w = new_tensor(c, 4, wdims, F_Q78, NULL);
    vx_tensor wb = new_tensor(c, 4, wbad, F_Q78, NULL), out = new_tensor(c, 3, odims, F_Q78, NULL);
    vx_tensor ob = new_tensor(c, 3, obad, F_Q78, NULL), w8 = new_tensor(c, 4, wdims, F_U8, NULL);
    vx_tensor pout = new_tensor(c, 3, pdims, F_Q78, NULL), inf, in2 = new_tensor(c, 3, idims, F_Q78, NULL);
    vx_size fd[3] = {8, 8, 2};
    vx_nn_convolution_params_t cp = {0, 0, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_ZERO,
                                     VX_NN_DS_SIZE_ROUNDING_FLOOR, 0, 0};
    vx_nn_convolution_params_t cbad = cp;
    vx_graph g;
    inf = vxCreateTensor(c, 3, fd, VX_TYPE_FLOAT32, 0);
#define EXPECT_VERIFY(status, make)                                                                   \
    do {                                                                                              \
        g = vxCreateGraph(c);                                                                         \
        CTS_ASSERT_VALID(make);                                                                       \
        CTS_EXPECT_STATUS(verify_one(g), status);                                                     \
        vxReleaseGraph(&g);                                                                           \
    } while (0)
    EXPECT_VERIFY(VX_SUCCESS, vxConvolutionLayer(g, in, w, NULL, &cp, sizeof(cp), out));
    EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxConvolutionLayer(g, in, wb, NULL, &cp, sizeof(cp), out));
    EXPECT_VERIFY(VX_ERROR_INVALID_TYPE, vxConvolutionLayer(g, in, w8, NULL, &cp, sizeof(cp), out));
    EXPECT_VERIFY(VX_ERROR_INVALID_TYPE, vxConvolutionLayer(g, inf, w, NULL, &cp, sizeof(cp), out));
    EXPECT_VERIFY(VX_ERROR_INVALID_PARAMETERS, vxConvolutionLayer(g, in, w, NULL, &cp, sizeof(cp) - 8, out));
    cbad.overflow_policy = VX_ROUND_POLICY_TO_ZERO;
    EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxConvolutionLayer(g, in, w, NULL, &cbad, sizeof(cbad), out));
    cbad = cp, cbad.down_scale_size_rounding = VX_NN_POOLING_MAX;
    EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxConvolutionLayer(g, in, w, NULL, &cbad, sizeof(cbad), out));
    cbad = cp, cbad.dilation_x = 4; /* a 11-wide kernel on 8 columns */
    EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxConvolutionLayer(g, in, w, NULL, &cbad, sizeof(cbad), out));
    EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxConvolutionLayer(g, in, w, w, &cp, sizeof(cp), out));
    /* floor((8 - 3) / s) + 1 = 5 has no solution */
    EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxConvolutionLayer(g, in, w, NULL, &cp, sizeof(cp), ob));
    g = vxCreateGraph(c);
    CTS_EXPECT(vxGetStatus((vx_reference)vxConvolutionLayer(g, in, w, NULL, NULL, 0, out)) == VX_SUCCESS);
    CTS_EXPECT(verify_one(g) != VX_SUCCESS); /* parameter #3 missing */
    vxReleaseGraph(&g);
    EXPECT_VERIFY(VX_SUCCESS, vxPoolingLayer(g, in, VX_NN_POOLING_AVG, 2, 2, 0, 0, VX_NN_DS_SIZE_ROUNDING_FLOOR, pout));
    EXPECT_VERIFY(VX_ERROR_INVALID_VALUE,
                  vxPoolingLayer(g, in, VX_NN_DS_SIZE_ROUNDING_FLOOR, 2, 2, 0, 0, VX_NN_DS_SIZE_ROUNDING_FLOOR, pout));
    EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxPoolingLayer(g, in, VX_NN_POOLING_MAX, 2, 2, 2, 0,
                                                         VX_NN_DS_SIZE_ROUNDING_FLOOR, pout));
    EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION,
                  vxPoolingLayer(g, in, VX_NN_POOLING_MAX, 2, 2, 0, 0, VX_NN_DS_SIZE_ROUNDING_FLOOR, out));
    EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxActivationLayer(g, in, VX_NN_ACTIVATION_LINEAR + 1, 0, 0, in2));
    EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxActivationLayer(g, in, VX_NN_ACTIVATION_LINEAR, -1.0f, 0, in2));
    EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxActivationLayer(g, in, VX_NN_ACTIVATION_RELU, 0, 0, out));
    EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxSoftmaxLayer(g, in, pout));
    EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxLocalResponseNormalizationLayer(g, in, VX_NN_NORMALIZATION_SAME_MAP, 4,
                                                                            1, 1, 1, out));
    EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxLocalResponseNormalizationLayer(g, in, VX_NN_NORMALIZATION_SAME_MAP, 3,
                                                                            0, 1, 1, out));
    EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxNormalizationLayer(g, in, VX_NN_POOLING_MAX, 3, 1, 1, out));
    {
        vx_size rd[2] = {4, 2}, od[4] = {2, 2, 2, 2};
        vx_tensor rois = new_tensor(c, 2, rd, F_Q78, NULL), ro = new_tensor(c, 4, od, F_Q78, NULL);
        vx_nn_roi_pool_params_t rp = {VX_NN_POOLING_AVG}, rm = {VX_NN_POOLING_MAX};
        EXPECT_VERIFY(VX_SUCCESS, vxROIPoolingLayer(g, in, rois, &rm, sizeof(rm), ro));
        EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxROIPoolingLayer(g, in, rois, &rp, sizeof(rp), ro));
        EXPECT_VERIFY(VX_ERROR_INVALID_PARAMETERS, vxROIPoolingLayer(g, in, rois, &rm, 2, ro));
        EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxROIPoolingLayer(g, in, in, &rm, sizeof(rm), ro));
        vxReleaseTensor(&rois), vxReleaseTensor(&ro);
    }
    {
        vx_size fdm[2] = {128, 3}, fo[1] = {3}, fob[1] = {4};
        vx_tensor fw = new_tensor(c, 2, fdm, F_Q78, NULL), fout = new_tensor(c, 1, fo, F_Q78, NULL);
        vx_tensor fbad = new_tensor(c, 1, fob, F_Q78, NULL);
        EXPECT_VERIFY(VX_SUCCESS, vxFullyConnectedLayer(g, in, fw, NULL, VX_CONVERT_POLICY_WRAP,
                                                        VX_ROUND_POLICY_TO_ZERO, fout));
        EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxFullyConnectedLayer(g, in, fw, NULL, VX_CONVERT_POLICY_WRAP,
                                                                        VX_ROUND_POLICY_TO_ZERO, fbad));
        EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxFullyConnectedLayer(g, in, fw, fbad, VX_CONVERT_POLICY_WRAP,
                                                                        VX_ROUND_POLICY_TO_ZERO, fout));
        EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxFullyConnectedLayer(g, in, fw, NULL, VX_NN_POOLING_MAX,
                                                                    VX_ROUND_POLICY_TO_ZERO, fout));
        vxReleaseTensor(&fw), vxReleaseTensor(&fout), vxReleaseTensor(&fbad);
    }
    {
        vx_nn_deconvolution_params_t dp = {0, 0, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, 0, 0};
        vx_size dod[3] = {17, 17, 4}, dob[3] = {18, 17, 4};
        vx_tensor dout = new_tensor(c, 3, dod, F_Q78, NULL), dbad = new_tensor(c, 3, dob, F_Q78, NULL);
        EXPECT_VERIFY(VX_SUCCESS, vxDeconvolutionLayer(g, in, w, NULL, &dp, sizeof(dp), dout)); /* upscale 2 */
        EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxDeconvolutionLayer(g, in, w, NULL, &dp, sizeof(dp), dbad));
        dp.a_x = 2; /* a must be below the upscale */
        EXPECT_VERIFY(VX_ERROR_INVALID_DIMENSION, vxDeconvolutionLayer(g, in, w, NULL, &dp, sizeof(dp), dout));
        dp.a_x = 0, dp.padding_x = 3; /* padding must be below the kernel size */
        EXPECT_VERIFY(VX_ERROR_INVALID_VALUE, vxDeconvolutionLayer(g, in, w, NULL, &dp, sizeof(dp), dout));
        vxReleaseTensor(&dout), vxReleaseTensor(&dbad);
    }
#undef EXPECT_VERIFY
    vxReleaseTensor(&in), vxReleaseTensor(&w), vxReleaseTensor(&wb), vxReleaseTensor(&out), vxReleaseTensor(&ob);
    vxReleaseTensor(&w8), vxReleaseTensor(&pout), vxReleaseTensor(&inf), vxReleaseTensor(&in2);
}

CTS_TABLE(k_nn) = {
    CTS_ENTRY(KNN, convolution_layer),
    CTS_ENTRY(KNN, convolution_packed_weights),
    CTS_ENTRY(KNN, deconvolution_layer),
    CTS_ENTRY(KNN, fully_connected_layer),
    CTS_ENTRY(KNN, pooling_layer),
    CTS_ENTRY(KNN, softmax_layer),
    CTS_ENTRY(KNN, activation_layer),
    CTS_ENTRY(KNN, normalization_layer),
    CTS_ENTRY(KNN, roi_pooling_layer),
    CTS_ENTRY(KNN, virtual_chain),
    CTS_ENTRY(KNN, kernels_by_name),
    CTS_ENTRY(KNN, validator_refusals),
    CTS_TABLE_END,
};
