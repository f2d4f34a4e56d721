/*
 * Conformance tests: pixelwise and arithmetic functions (AbsDiff, Add,
 * Subtract, Multiply, And, Or, Xor, Not, WeightedAverage, Threshold,
 * TableLookup, ConvertDepth, and the 1.1 Accumulate functions).
 *
 * Every function runs on random images in graph mode and immediate mode and
 * is compared with a scalar model written here straight from the spec's
 * formulas.
 */
#include "../runner/cts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTS_EXPECT_VALID(ref) CTS_EXPECT_STATUS(vxGetStatus((vx_reference)(ref)), VX_SUCCESS)

/* ---- host images ------------------------------------------------------- */

typedef struct {
    vx_df_image fmt;
    vx_uint32 w, h;
    vx_int32 stride;
    vx_uint8 *d;
} himg;

static vx_uint32 rng_state = 1;
static vx_uint32 rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}

static himg h_alloc(vx_df_image fmt, vx_uint32 w, vx_uint32 h)
{
    himg m;
    m.fmt = fmt;
    m.w = w;
    m.h = h;
    m.stride = (vx_int32)(fmt == VX_DF_IMAGE_U1 ? (w + 7) / 8 : (fmt == VX_DF_IMAGE_S16 ? 2 * w : w));
    m.d = (vx_uint8 *)calloc((size_t)m.stride * h + 1, 1);
    return m;
}

static void h_free(himg *m)
{
    free(m->d);
    m->d = NULL;
}

static vx_int32 h_get(const himg *m, vx_uint32 x, vx_uint32 y)
{
    const vx_uint8 *row = m->d + (size_t)y * (size_t)m->stride;
    switch (m->fmt) {
    case VX_DF_IMAGE_U1: return (row[x / 8] >> (x % 8)) & 1;
    case VX_DF_IMAGE_S16: {
        vx_int16 v;
        memcpy(&v, row + 2 * x, 2);
        return v;
    }
    default: return row[x];
    }
}

static void h_set(himg *m, vx_uint32 x, vx_uint32 y, vx_int32 v)
{
    vx_uint8 *row = m->d + (size_t)y * (size_t)m->stride;
    switch (m->fmt) {
    case VX_DF_IMAGE_U1:
        row[x / 8] = (vx_uint8)((row[x / 8] & ~(1u << (x % 8))) | ((v & 1u) << (x % 8)));
        break;
    case VX_DF_IMAGE_S16: {
        vx_int16 s = (vx_int16)v;
        memcpy(row + 2 * x, &s, 2);
        break;
    }
    default: row[x] = (vx_uint8)v;
    }
}

static void h_random(himg *m)
{
    for (vx_uint32 y = 0; y < m->h; y++)
        for (vx_uint32 x = 0; x < m->w; x++) h_set(m, x, y, (vx_int32)rnd());
}

static vx_imagepatch_addressing_t h_addr(const himg *m)
{
    vx_imagepatch_addressing_t a;
    memset(&a, 0, sizeof(a));
    a.dim_x = m->w;
    a.dim_y = m->h;
    a.stride_x = m->fmt == VX_DF_IMAGE_U1 ? 0 : (m->fmt == VX_DF_IMAGE_S16 ? 2 : 1);
    a.stride_y = m->stride;
    a.stride_x_bits = (vx_uint16)(m->fmt == VX_DF_IMAGE_U1 ? 1 : 8 * a.stride_x);
    a.scale_x = a.scale_y = VX_SCALE_UNITY;
    a.step_x = a.step_y = 1;
    return a;
}

static void h_to_vx(const himg *m, vx_image img)
{
    vx_rectangle_t r = {0, 0, m->w, m->h};
    vx_imagepatch_addressing_t a = h_addr(m);
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &a, m->d, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
}

static vx_image vx_from_h(vx_context c, const himg *m)
{
    vx_image img = vxCreateImage(c, m->w, m->h, m->fmt);
    CTS_ASSERT_VALID(img);
    h_to_vx(m, img);
    return img;
}

static himg h_from_vx(vx_image img, vx_df_image fmt, vx_uint32 w, vx_uint32 h)
{
    himg m = h_alloc(fmt, w, h);
    vx_rectangle_t r = {0, 0, w, h};
    vx_imagepatch_addressing_t a = h_addr(&m);
    CTS_EXPECT_STATUS(vxCopyImagePatch(img, &r, 0, &a, m.d, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    return m;
}

/* Compare every pixel; report the first difference. */
static int h_compare(const himg *got, const himg *want, const char *what)
{
    for (vx_uint32 y = 0; y < want->h; y++)
        for (vx_uint32 x = 0; x < want->w; x++)
            if (h_get(got, x, y) != h_get(want, x, y)) {
                CTS_EXPECT_MSG(0, "%s %ux%u: pixel (%u,%u) is %d, expected %d", what, want->w, want->h, x, y,
                               h_get(got, x, y), h_get(want, x, y));
                return 0;
            }
    return 1;
}

static vx_int32 sat(vx_int64 v, vx_df_image f)
{
    vx_int64 lo = f == VX_DF_IMAGE_U8 ? 0 : -32768, hi = f == VX_DF_IMAGE_U8 ? 255 : 32767;
    return (vx_int32)(v < lo ? lo : (v > hi ? hi : v));
}

static vx_int32 wrap(vx_int64 v, vx_df_image f)
{
    return f == VX_DF_IMAGE_U8 ? (vx_int32)(vx_uint8)(v & 0xFF) : (vx_int32)(vx_int16)(vx_uint16)(v & 0xFFFF);
}

/* ---- the functions under test ------------------------------------------- */

typedef enum {
    OP_ABSDIFF, OP_ADD, OP_SUB, OP_MUL, OP_AND, OP_OR, OP_XOR, OP_NOT, OP_WAVG, OP_THRESH, OP_LUT, OP_CONV
} op_t;

static const char *const op_names[] = {"AbsDiff", "Add", "Subtract", "Multiply", "And", "Or",
                                       "Xor", "Not", "WeightedAverage", "Threshold", "TableLookup", "ConvertDepth"};

typedef struct {
    op_t op;
    vx_enum policy;   /* overflow / convert policy */
    vx_enum rounding; /* Multiply */
    vx_float32 scale; /* Multiply scale, WeightedAverage alpha */
    vx_int32 shift;   /* ConvertDepth */
    vx_threshold thresh;
    vx_lut lut;
} opcase;

/* The node of c in graph (a and b inputs, o output). */
static vx_node op_node(vx_graph g, const opcase *c, vx_image a, vx_image b, vx_image o, vx_scalar *tmp)
{
    vx_context ctx = vxGetContext((vx_reference)g);
    *tmp = NULL;
    switch (c->op) {
    case OP_ABSDIFF: return vxAbsDiffNode(g, a, b, o);
    case OP_ADD: return vxAddNode(g, a, b, c->policy, o);
    case OP_SUB: return vxSubtractNode(g, a, b, c->policy, o);
    case OP_MUL:
        *tmp = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &c->scale);
        return vxMultiplyNode(g, a, b, *tmp, c->policy, c->rounding, o);
    case OP_AND: return vxAndNode(g, a, b, o);
    case OP_OR: return vxOrNode(g, a, b, o);
    case OP_XOR: return vxXorNode(g, a, b, o);
    case OP_NOT: return vxNotNode(g, a, o);
    case OP_WAVG:
        *tmp = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &c->scale);
        return vxWeightedAverageNode(g, a, *tmp, b, o);
    case OP_THRESH: return vxThresholdNode(g, a, c->thresh, o);
    case OP_LUT: return vxTableLookupNode(g, a, c->lut, o);
    default:
        *tmp = vxCreateScalar(ctx, VX_TYPE_INT32, &c->shift);
        return vxConvertDepthNode(g, a, o, c->policy, *tmp);
    }
}

static vx_status op_vxu(vx_context ctx, const opcase *c, vx_image a, vx_image b, vx_image o)
{
    vx_status s;
    vx_scalar sc;
    switch (c->op) {
    case OP_ABSDIFF: return vxuAbsDiff(ctx, a, b, o);
    case OP_ADD: return vxuAdd(ctx, a, b, c->policy, o);
    case OP_SUB: return vxuSubtract(ctx, a, b, c->policy, o);
    case OP_MUL: return vxuMultiply(ctx, a, b, c->scale, c->policy, c->rounding, o);
    case OP_AND: return vxuAnd(ctx, a, b, o);
    case OP_OR: return vxuOr(ctx, a, b, o);
    case OP_XOR: return vxuXor(ctx, a, b, o);
    case OP_NOT: return vxuNot(ctx, a, o);
    case OP_WAVG:
        sc = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &c->scale);
        s = vxuWeightedAverage(ctx, a, sc, b, o);
        vxReleaseScalar(&sc);
        return s;
    case OP_THRESH: return vxuThreshold(ctx, a, c->thresh, o);
    case OP_LUT: return vxuTableLookup(ctx, a, c->lut, o);
    default: return vxuConvertDepth(ctx, a, o, c->policy, c->shift);
    }
}

/* floor, ceil and round half to even written out (no libm in the runner;
 * independent of the library's nearbyint); |v| < 2^62. */
static double floor_d(double v)
{
    double t = (double)(long long)v;
    return t > v ? t - 1 : t;
}

static double ceil_d(double v)
{
    double t = (double)(long long)v;
    return t < v ? t + 1 : t;
}

static double round_half_even(double v)
{
    double f = floor_d(v), d = v - f;
    if (d > 0.5) return f + 1;
    if (d < 0.5) return f;
    return ((long long)f % 2 == 0) ? f : f + 1;
}

/* The scalar model of c for one pixel. */
static vx_int32 op_ref(const opcase *c, vx_int32 va, vx_int32 vb, vx_df_image fa, vx_df_image fo)
{
    vx_int64 v;
    switch (c->op) {
    case OP_ABSDIFF: return sat(va > vb ? va - vb : vb - va, fo);                       /* REQ-0001/0002 */
    case OP_ADD: v = (vx_int64)va + vb; return c->policy == VX_CONVERT_POLICY_SATURATE ? sat(v, fo) : wrap(v, fo);
    case OP_SUB: v = (vx_int64)va - vb; return c->policy == VX_CONVERT_POLICY_SATURATE ? sat(v, fo) : wrap(v, fo);
    case OP_MUL: {
        double p = (double)va * (double)vb * (double)c->scale;
        double r = c->rounding == VX_ROUND_POLICY_TO_ZERO ? (p < 0 ? ceil_d(p) : floor_d(p)) : round_half_even(p);
        v = (vx_int64)r;
        return c->policy == VX_CONVERT_POLICY_SATURATE ? sat(v, fo) : wrap(v, fo);
    }
    case OP_AND: return va & vb;
    case OP_OR: return va | vb;
    case OP_XOR: return va ^ vb;
    case OP_NOT: return fo == VX_DF_IMAGE_U1 ? 1 - va : 255 - va;
    case OP_WAVG: {
        /* REQ-0519: uint8((1 - alpha) * float32(img2) + alpha * float32(img1)) */
        float alpha = c->scale;
        float r = (1.0f - alpha) * (float)vb + alpha * (float)va;
        return (vx_uint8)(vx_int32)r;
    }
    case OP_THRESH: {
        vx_enum type;
        vx_pixel_value_t t, lo, hi, tv, fv;
        vxQueryThreshold(c->thresh, VX_THRESHOLD_TYPE, &type, sizeof(type));
        vxCopyThresholdOutput(c->thresh, &tv, &fv, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vx_int32 tval = fo == VX_DF_IMAGE_U1 ? (tv.U1 ? 1 : 0) : tv.U8;
        vx_int32 fval = fo == VX_DF_IMAGE_U1 ? (fv.U1 ? 1 : 0) : fv.U8;
        if (type == VX_THRESHOLD_TYPE_BINARY) {
            vxCopyThresholdValue(c->thresh, &t, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
            vx_int32 tt = fa == VX_DF_IMAGE_U8 ? t.U8 : t.S16;
            return va > tt ? tval : fval; /* REQ-0490 */
        }
        vxCopyThresholdRange(c->thresh, &lo, &hi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vx_int32 l = fa == VX_DF_IMAGE_U8 ? lo.U8 : lo.S16, u = fa == VX_DF_IMAGE_U8 ? hi.U8 : hi.S16;
        return (va > u || va < l) ? fval : tval; /* REQ-0491 */
    }
    case OP_CONV:
        if (fa == VX_DF_IMAGE_U1) return va ? (fo == VX_DF_IMAGE_U8 ? 255 : -1) : 0; /* REQ-0131/0132 */
        if (fo == VX_DF_IMAGE_U1) return va != 0;                                    /* REQ-0130 */
        if (fa == VX_DF_IMAGE_U8) return (vx_int16)(va << c->shift);                 /* REQ-0128 */
        v = va >> c->shift;                                                          /* REQ-0126/0127 */
        return c->policy == VX_CONVERT_POLICY_SATURATE ? sat(v, VX_DF_IMAGE_U8) : (vx_uint8)v;
    default: return 0;
    }
}

static int op_binary(op_t op)
{
    return op == OP_ABSDIFF || op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_AND || op == OP_OR ||
           op == OP_XOR || op == OP_WAVG;
}

/* Run c on random a (fa), b (fb) of w x h into an output of fo, in graph
 * mode (graph != 0) or immediate mode; compare with the model. */
static void check_case(vx_context ctx, const opcase *c, vx_df_image fa, vx_df_image fb, vx_df_image fo, vx_uint32 w,
                       vx_uint32 h, int graph)
{
    himg ha = h_alloc(fa, w, h), hb = h_alloc(fb, w, h), want = h_alloc(fo, w, h);
    h_random(&ha);
    h_random(&hb);
    if (c->op == OP_LUT && fa == VX_DF_IMAGE_S16) {
        /* keep S16 inputs inside a partial LUT too: values in [-count/2, count/2) */
        vx_size count = 0;
        vxQueryLUT(c->lut, VX_LUT_COUNT, &count, sizeof(count));
        for (vx_uint32 y = 0; y < h; y++)
            for (vx_uint32 x = 0; x < w; x++)
                h_set(&ha, x, y, (vx_int32)(rnd() % count) - (vx_int32)(count / 2));
    }
    vx_image a = vx_from_h(ctx, &ha), b = op_binary(c->op) ? vx_from_h(ctx, &hb) : NULL;
    vx_image o = vxCreateImage(ctx, w, h, fo);
    CTS_ASSERT_VALID(o);

    if (c->op == OP_LUT) {
        vx_size count = 0;
        vx_uint32 offset = 0;
        vxQueryLUT(c->lut, VX_LUT_COUNT, &count, sizeof(count));
        vxQueryLUT(c->lut, VX_LUT_OFFSET, &offset, sizeof(offset));
        void *tab = malloc(count * (fa == VX_DF_IMAGE_U8 ? 1 : 2));
        vxCopyLUT(c->lut, tab, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        for (vx_uint32 y = 0; y < h; y++)
            for (vx_uint32 x = 0; x < w; x++) {
                vx_int32 i = (vx_int32)offset + h_get(&ha, x, y); /* REQ-0421 */
                h_set(&want, x, y, fa == VX_DF_IMAGE_U8 ? ((vx_uint8 *)tab)[i] : ((vx_int16 *)tab)[i]);
            }
        free(tab);
    } else {
        for (vx_uint32 y = 0; y < h; y++)
            for (vx_uint32 x = 0; x < w; x++)
                h_set(&want, x, y, op_ref(c, h_get(&ha, x, y), h_get(&hb, x, y), fa, fo));
    }

    if (graph) {
        vx_graph g = vxCreateGraph(ctx);
        vx_scalar tmp;
        vx_node n = op_node(g, c, a, b, o, &tmp);
        CTS_EXPECT_VALID(n);
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseNode(&n);
        if (tmp) vxReleaseScalar(&tmp);
        vxReleaseGraph(&g);
    } else {
        CTS_EXPECT_STATUS(op_vxu(ctx, c, a, b, o), VX_SUCCESS);
    }
    himg got = h_from_vx(o, fo, w, h);
    char what[96];
    snprintf(what, sizeof(what), "%s %s", op_names[c->op], graph ? "graph" : "vxu");
    h_compare(&got, &want, what);
    h_free(&got);
    h_free(&ha);
    h_free(&hb);
    h_free(&want);
    vxReleaseImage(&a);
    if (b) vxReleaseImage(&b);
    vxReleaseImage(&o);
}


static const vx_uint32 sizes[][2] = {{1, 1}, {7, 5}, {33, 17}, {640, 480}};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

static void check_all_sizes(vx_context ctx, const opcase *c, vx_df_image fa, vx_df_image fb, vx_df_image fo)
{
    rng_state = 0x12345u + (vx_uint32)c->op * 977u + (vx_uint32)fa + (vx_uint32)fo;
    for (size_t s = 0; s < NSIZES; s++)
        for (int g = 0; g < 2; g++) check_case(ctx, c, fa, fb, fo, sizes[s][0], sizes[s][1], g);
}

/* The allowed U8/S16 mixes of AbsDiff, Add, Subtract, Multiply. */
static const vx_df_image mixes[][3] = {
    {VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8},    {VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16},
    {VX_DF_IMAGE_U8, VX_DF_IMAGE_S16, VX_DF_IMAGE_S16},  {VX_DF_IMAGE_S16, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16},
    {VX_DF_IMAGE_S16, VX_DF_IMAGE_S16, VX_DF_IMAGE_S16},
};

/* ---- tests ----------------------------------------------------------------- */

CTS_TEST(KArith, absdiff, "REQ-0001 REQ-0002 REQ-0003 REQ-0004 REQ-0006 REQ-0007 REQ-0008 REQ-0009")
{
    vx_context ctx = cts_context();
    opcase c = {OP_ABSDIFF, 0, 0, 0, 0, NULL, NULL};
    for (int m = 0; m < 5; m++) check_all_sizes(ctx, &c, mixes[m][0], mixes[m][1], mixes[m][2]);
}

CTS_TEST(KArith, add_subtract, "REQ-0010 REQ-0011 REQ-0012 REQ-0013 REQ-0014 REQ-0015 REQ-0017 REQ-0018 REQ-0019 "
                               "REQ-0020 REQ-0022 REQ-0023 REQ-0024 REQ-0025 REQ-0026 REQ-0027 REQ-0029 REQ-0030 "
                               "REQ-0031 REQ-0032")
{
    vx_context ctx = cts_context();
    static const vx_enum policies[] = {VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE};
    for (int op = OP_ADD; op <= OP_SUB; op++)
        for (int p = 0; p < 2; p++)
            for (int m = 0; m < 5; m++) {
                opcase c = {(op_t)op, policies[p], 0, 0, 0, NULL, NULL};
                check_all_sizes(ctx, &c, mixes[m][0], mixes[m][1], mixes[m][2]);
            }
}

CTS_TEST(KArith, multiply, "REQ-0371 REQ-0372 REQ-0373 REQ-0374 REQ-0376 REQ-0377 REQ-0378 REQ-0379 REQ-0380 "
                           "REQ-0381")
{
    vx_context ctx = cts_context();
    static const vx_enum policies[] = {VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE};
    static const vx_enum roundings[] = {VX_ROUND_POLICY_TO_ZERO, VX_ROUND_POLICY_TO_NEAREST_EVEN};
    static const vx_float32 scales[] = {1.0f, 0.5f, 1.0f / 8, 1.0f / 32768, 0x1.010102p-8f, 0.3f, 2.5f};
    for (int p = 0; p < 2; p++)
        for (int r = 0; r < 2; r++)
            for (int m = 0; m < 5; m++)
                for (size_t s = 0; s < sizeof(scales) / sizeof(scales[0]); s++) {
                    opcase c = {OP_MUL, policies[p], roundings[r], scales[s], 0, NULL, NULL};
                    rng_state = 777u + (vx_uint32)(p * 100 + r * 10 + m) + (vx_uint32)s * 1000u;
                    for (int g = 0; g < 2; g++) {
                        check_case(ctx, &c, mixes[m][0], mixes[m][1], mixes[m][2], 33, 17, g);
                        check_case(ctx, &c, mixes[m][0], mixes[m][1], mixes[m][2], 1, 1, g);
                    }
                }
    opcase big = {OP_MUL, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_NEAREST_EVEN, 0x1.010102p-8f, 0, NULL, NULL};
    check_all_sizes(ctx, &big, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
}

CTS_TEST(KArith, bitwise, "REQ-0045 REQ-0047 REQ-0048 REQ-0049 REQ-0051 REQ-0053 REQ-0054 REQ-0055 REQ-0057 "
                          "REQ-0059 REQ-0060 REQ-0061 REQ-0063 REQ-0065 REQ-0066")
{
    vx_context ctx = cts_context();
    static const vx_df_image fmts[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U1};
    for (int op = OP_AND; op <= OP_NOT; op++)
        for (int f = 0; f < 2; f++) {
            opcase c = {(op_t)op, 0, 0, 0, 0, NULL, NULL};
            check_all_sizes(ctx, &c, fmts[f], fmts[f], fmts[f]);
        }
}

CTS_TEST(KArith, weighted_average, "REQ-0518 REQ-0519 REQ-0521 REQ-0522 REQ-0523 REQ-0524 REQ-0525")
{
    vx_context ctx = cts_context();
    static const vx_float32 alphas[] = {0.0f, 0.25f, 0.5f, 0.7f, 1.0f / 3, 1.0f};
    for (size_t i = 0; i < sizeof(alphas) / sizeof(alphas[0]); i++) {
        opcase c = {OP_WAVG, 0, 0, alphas[i], 0, NULL, NULL};
        check_all_sizes(ctx, &c, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    }
}

CTS_TEST(KArith, threshold, "REQ-0490 REQ-0491 REQ-0493 REQ-0494 REQ-0495")
{
    vx_context ctx = cts_context();
    static const vx_df_image ins[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_S16};
    static const vx_df_image outs[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U1};
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < 2; i++)
            for (int o = 0; o < 2; o++)
                for (int custom = 0; custom < 2; custom++) {
                    vx_enum type = t ? VX_THRESHOLD_TYPE_RANGE : VX_THRESHOLD_TYPE_BINARY;
                    vx_threshold th = vxCreateThresholdForImage(ctx, type, ins[i], outs[o]);
                    CTS_ASSERT_VALID(th);
                    vx_pixel_value_t a, b;
                    memset(&a, 0, sizeof(a));
                    memset(&b, 0, sizeof(b));
                    if (ins[i] == VX_DF_IMAGE_U8) {
                        a.U8 = 90;
                        b.U8 = 170;
                    } else {
                        a.S16 = -1000;
                        b.S16 = 12000;
                    }
                    if (t)
                        CTS_ASSERT_STATUS(vxCopyThresholdRange(th, &a, &b, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                                          VX_SUCCESS);
                    else
                        CTS_ASSERT_STATUS(vxCopyThresholdValue(th, &a, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                                          VX_SUCCESS);
                    if (custom && outs[o] == VX_DF_IMAGE_U8) {
                        vx_pixel_value_t tv, fv;
                        memset(&tv, 0, sizeof(tv));
                        memset(&fv, 0, sizeof(fv));
                        tv.U8 = 7;
                        fv.U8 = 200;
                        CTS_ASSERT_STATUS(vxCopyThresholdOutput(th, &tv, &fv, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                                          VX_SUCCESS);
                    }
                    opcase c = {OP_THRESH, 0, 0, 0, 0, th, NULL};
                    check_all_sizes(ctx, &c, ins[i], ins[i], outs[o]);
                    vxReleaseThreshold(&th);
                }
}

CTS_TEST(KArith, table_lookup, "REQ-0421 REQ-0422 REQ-0424 REQ-0425 REQ-0426")
{
    vx_context ctx = cts_context();
    static const struct {
        vx_enum type;
        vx_size count;
    } luts[] = {{VX_TYPE_UINT8, 256}, {VX_TYPE_INT16, 65536}, {VX_TYPE_INT16, 1000}};
    for (size_t i = 0; i < sizeof(luts) / sizeof(luts[0]); i++) {
        vx_lut lut = vxCreateLUT(ctx, luts[i].type, luts[i].count);
        CTS_ASSERT_VALID(lut);
        size_t esz = luts[i].type == VX_TYPE_UINT8 ? 1 : 2;
        vx_uint8 *tab = (vx_uint8 *)malloc(luts[i].count * esz);
        rng_state = 99u + (vx_uint32)i;
        for (size_t k = 0; k < luts[i].count * esz; k++) tab[k] = (vx_uint8)rnd();
        CTS_ASSERT_STATUS(vxCopyLUT(lut, tab, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        free(tab);
        opcase c = {OP_LUT, 0, 0, 0, 0, NULL, lut};
        vx_df_image f = luts[i].type == VX_TYPE_UINT8 ? VX_DF_IMAGE_U8 : VX_DF_IMAGE_S16;
        check_all_sizes(ctx, &c, f, f, f);
        vxReleaseLUT(&lut);
    }
}

CTS_TEST(KArith, convert_depth, "REQ-0123 REQ-0124 REQ-0125 REQ-0126 REQ-0127 REQ-0128 REQ-0129 REQ-0130 REQ-0131 "
                                "REQ-0132")
{
    vx_context ctx = cts_context();
    static const vx_df_image pairs[][2] = {
        {VX_DF_IMAGE_U8, VX_DF_IMAGE_S16}, {VX_DF_IMAGE_S16, VX_DF_IMAGE_U8}, {VX_DF_IMAGE_U1, VX_DF_IMAGE_U8},
        {VX_DF_IMAGE_U8, VX_DF_IMAGE_U1},  {VX_DF_IMAGE_U1, VX_DF_IMAGE_S16}, {VX_DF_IMAGE_S16, VX_DF_IMAGE_U1},
    };
    static const vx_enum policies[] = {VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE};
    for (int p = 0; p < 6; p++)
        for (int pol = 0; pol < 2; pol++)
            for (vx_int32 shift = 0; shift < 8; shift += (shift == 0 ? 1 : 3)) {
                opcase c = {OP_CONV, policies[pol], 0, 0, shift, NULL, NULL};
                rng_state = 4242u + (vx_uint32)(p * 31 + pol * 7 + shift);
                for (int g = 0; g < 2; g++) {
                    check_case(ctx, &c, pairs[p][0], pairs[p][0], pairs[p][1], 33, 17, g);
                    check_case(ctx, &c, pairs[p][0], pairs[p][0], pairs[p][1], 7, 5, g);
                }
            }
    opcase big = {OP_CONV, VX_CONVERT_POLICY_SATURATE, 0, 0, 2, NULL, NULL};
    check_all_sizes(ctx, &big, VX_DF_IMAGE_S16, VX_DF_IMAGE_S16, VX_DF_IMAGE_U8);
}

/* The 1.1 accumulate functions (vx_compatibility.h): the accum image is read
 * and written. */
CTS_TEST(KArith, accumulate_compat, "REQ-0001")
{
    vx_context ctx = cts_context();
    for (int kind = 0; kind < 3; kind++)
        for (size_t s = 0; s < NSIZES; s++)
            for (int g = 0; g < 2; g++) {
                vx_uint32 w = sizes[s][0], h = sizes[s][1];
                vx_df_image af = kind == 1 ? VX_DF_IMAGE_U8 : VX_DF_IMAGE_S16;
                himg hi = h_alloc(VX_DF_IMAGE_U8, w, h), ha = h_alloc(af, w, h), want = h_alloc(af, w, h);
                rng_state = 31u + (vx_uint32)(kind * 10 + (int)s);
                h_random(&hi);
                h_random(&ha);
                vx_float32 alpha = 0.375f;
                vx_uint32 shift = 3;
                for (vx_uint32 y = 0; y < h; y++)
                    for (vx_uint32 x = 0; x < w; x++) {
                        vx_int32 in = h_get(&hi, x, y), acc = h_get(&ha, x, y), r;
                        if (kind == 0)
                            r = sat((vx_int64)acc + in, VX_DF_IMAGE_S16);
                        else if (kind == 1)
                            r = (vx_uint8)(vx_int32)((1.0f - alpha) * (float)acc + alpha * (float)in);
                        else
                            r = sat((vx_int64)acc + (vx_int64)((vx_uint32)(in * in) >> shift), VX_DF_IMAGE_S16);
                        h_set(&want, x, y, r);
                    }
                vx_image in = vx_from_h(ctx, &hi), acc = vx_from_h(ctx, &ha);
                vx_scalar sc = kind == 1 ? vxCreateScalar(ctx, VX_TYPE_FLOAT32, &alpha)
                                         : vxCreateScalar(ctx, VX_TYPE_UINT32, &shift);
                if (g) {
                    vx_graph gr = vxCreateGraph(ctx);
                    vx_node n = kind == 0   ? vxAccumulateImageNode(gr, in, acc)
                                : kind == 1 ? vxAccumulateWeightedImageNode(gr, in, sc, acc)
                                            : vxAccumulateSquareImageNode(gr, in, sc, acc);
                    CTS_EXPECT_VALID(n);
                    CTS_EXPECT_STATUS(vxProcessGraph(gr), VX_SUCCESS);
                    vxReleaseNode(&n);
                    vxReleaseGraph(&gr);
                } else {
                    vx_status st = kind == 0   ? vxuAccumulateImage(ctx, in, acc)
                                   : kind == 1 ? vxuAccumulateWeightedImage(ctx, in, sc, acc)
                                               : vxuAccumulateSquareImage(ctx, in, sc, acc);
                    CTS_EXPECT_STATUS(st, VX_SUCCESS);
                }
                himg got = h_from_vx(acc, af, w, h);
                h_compare(&got, &want, kind == 0 ? "Accumulate" : kind == 1 ? "AccumulateWeighted" : "AccumulateSquare");
                h_free(&got);
                h_free(&hi);
                h_free(&ha);
                h_free(&want);
                vxReleaseScalar(&sc);
                vxReleaseImage(&in);
                vxReleaseImage(&acc);
            }
}

/* A chain through virtual images whose formats the validators choose:
 * Add(U8, U8) -> virtual S16 -> ConvertDepth(saturate, 1) -> virtual U8 -> Not. */
CTS_TEST(KArith, virtual_chain, "REQ-0012 REQ-0015 REQ-0127 REQ-0063")
{
    vx_context ctx = cts_context();
    const vx_uint32 w = 33, h = 17;
    himg ha = h_alloc(VX_DF_IMAGE_U8, w, h), hb = h_alloc(VX_DF_IMAGE_U8, w, h), want = h_alloc(VX_DF_IMAGE_U8, w, h);
    rng_state = 5;
    h_random(&ha);
    h_random(&hb);
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++) {
            vx_int32 s = h_get(&ha, x, y) + h_get(&hb, x, y);
            h_set(&want, x, y, 255 - sat(s >> 1, VX_DF_IMAGE_U8));
        }
    vx_image a = vx_from_h(ctx, &ha), b = vx_from_h(ctx, &hb), o = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(ctx);
    vx_image v1 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT), v2 = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_int32 shift = 1;
    vx_scalar sh = vxCreateScalar(ctx, VX_TYPE_INT32, &shift);
    vx_node n1 = vxAddNode(g, a, b, VX_CONVERT_POLICY_WRAP, v1);
    vx_node n2 = vxConvertDepthNode(g, v1, v2, VX_CONVERT_POLICY_SATURATE, sh);
    vx_node n3 = vxNotNode(g, v2, o);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    vx_df_image f1 = 0, f2 = 0;
    vx_uint32 vw = 0;
    vxQueryImage(v1, VX_IMAGE_FORMAT, &f1, sizeof(f1));
    vxQueryImage(v2, VX_IMAGE_FORMAT, &f2, sizeof(f2));
    vxQueryImage(v1, VX_IMAGE_WIDTH, &vw, sizeof(vw));
    CTS_EXPECT_EQ_INT(f1, VX_DF_IMAGE_S16);
    CTS_EXPECT_EQ_INT(f2, VX_DF_IMAGE_U8);
    CTS_EXPECT_EQ_INT(vw, w);
    CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    himg got = h_from_vx(o, VX_DF_IMAGE_U8, w, h);
    h_compare(&got, &want, "virtual chain");
    h_free(&got);
    h_free(&ha);
    h_free(&hb);
    h_free(&want);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseNode(&n3);
    vxReleaseScalar(&sh);
    vxReleaseImage(&v1);
    vxReleaseImage(&v2);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseImage(&o);
    vxReleaseGraph(&g);
}

/* Formats chosen for outputs left open (VX_DF_IMAGE_VIRT). */
CTS_TEST(KArith, inference, "REQ-0004 REQ-0012 REQ-0024")
{
    vx_context ctx = cts_context();
    static const struct {
        op_t op;
        vx_df_image fa, fb, want;
    } cases[] = {
        {OP_ADD, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16},   {OP_SUB, VX_DF_IMAGE_S16, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16},
        {OP_MUL, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16},   {OP_ABSDIFF, VX_DF_IMAGE_S16, VX_DF_IMAGE_S16, VX_DF_IMAGE_S16},
        {OP_AND, VX_DF_IMAGE_U1, VX_DF_IMAGE_U1, VX_DF_IMAGE_U1},    {OP_NOT, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8},
        {OP_CONV, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16},  {OP_CONV, VX_DF_IMAGE_S16, VX_DF_IMAGE_S16, VX_DF_IMAGE_U8},
        {OP_WAVG, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        vx_graph g = vxCreateGraph(ctx);
        vx_image a = vxCreateImage(ctx, 64, 48, cases[i].fa), b = vxCreateImage(ctx, 64, 48, cases[i].fb);
        vx_image v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
        opcase c = {cases[i].op, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_ZERO, 0.5f, 0, NULL, NULL};
        vx_scalar tmp;
        vx_node n = op_node(g, &c, a, b, v, &tmp);
        CTS_EXPECT_VALID(n);
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        vx_df_image f = 0;
        vx_uint32 vw = 0, vh = 0;
        vxQueryImage(v, VX_IMAGE_FORMAT, &f, sizeof(f));
        vxQueryImage(v, VX_IMAGE_WIDTH, &vw, sizeof(vw));
        vxQueryImage(v, VX_IMAGE_HEIGHT, &vh, sizeof(vh));
        CTS_EXPECT_MSG(f == cases[i].want, "%s: virtual output format 0x%x, expected 0x%x", op_names[cases[i].op],
                       (unsigned)f, (unsigned)cases[i].want);
        CTS_EXPECT_EQ_INT(vw, 64);
        CTS_EXPECT_EQ_INT(vh, 48);
        vxReleaseNode(&n);
        if (tmp) vxReleaseScalar(&tmp);
        vxReleaseImage(&a);
        vxReleaseImage(&b);
        vxReleaseImage(&v);
        vxReleaseGraph(&g);
    }
}

/* Expect vxVerifyGraph of a one-node graph of c to fail with want. */
static void expect_refused(vx_context ctx, const opcase *c, vx_image a, vx_image b, vx_image o, vx_status want,
                           const char *what)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_scalar tmp;
    vx_node n = op_node(g, c, a, b, o, &tmp);
    vx_status s = vxVerifyGraph(g);
    CTS_EXPECT_MSG(s == want, "%s: vxVerifyGraph gave %s, expected %s", what, cts_status_name(s),
                   cts_status_name(want));
    if (vxGetStatus((vx_reference)n) == VX_SUCCESS) vxReleaseNode(&n);
    if (tmp) vxReleaseScalar(&tmp);
    vxReleaseGraph(&g);
}

CTS_TEST(KArith, refusals, "REQ-0003 REQ-0006 REQ-0008 REQ-0011 REQ-0017 REQ-0019 REQ-0020 REQ-0378 REQ-0379 "
                           "REQ-0380 REQ-0047 REQ-0065 REQ-0122 REQ-0493 REQ-0494 REQ-0425 REQ-0522 REQ-0525")
{
    vx_context ctx = cts_context();
    vx_image u8 = vxCreateImage(ctx, 32, 32, VX_DF_IMAGE_U8), u8b = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_U8);
    vx_image s16 = vxCreateImage(ctx, 32, 32, VX_DF_IMAGE_S16), u16 = vxCreateImage(ctx, 32, 32, VX_DF_IMAGE_U16);
    vx_image u1 = vxCreateImage(ctx, 32, 32, VX_DF_IMAGE_U1), o8 = vxCreateImage(ctx, 32, 32, VX_DF_IMAGE_U8);
    vx_image o8s = vxCreateImage(ctx, 16, 32, VX_DF_IMAGE_U8), rgb = vxCreateImage(ctx, 32, 32, VX_DF_IMAGE_RGB);
    vx_image o16 = vxCreateImage(ctx, 32, 32, VX_DF_IMAGE_S16);
    opcase add = {OP_ADD, VX_CONVERT_POLICY_WRAP, 0, 0, 0, NULL, NULL};
    expect_refused(ctx, &add, u16, u8, o16, VX_ERROR_INVALID_FORMAT, "Add U16 input");
    expect_refused(ctx, &add, s16, u8, o8, VX_ERROR_INVALID_FORMAT, "Add S16+U8 into U8");
    expect_refused(ctx, &add, u8, u8b, o8, VX_ERROR_INVALID_DIMENSION, "Add sizes differ");
    expect_refused(ctx, &add, u8, u8, o8s, VX_ERROR_INVALID_DIMENSION, "Add output size");
    add.policy = VX_ROUND_POLICY_TO_ZERO;
    expect_refused(ctx, &add, u8, u8, o8, VX_ERROR_INVALID_VALUE, "Add bad policy");
    opcase ad = {OP_ABSDIFF, 0, 0, 0, 0, NULL, NULL};
    expect_refused(ctx, &ad, u8, s16, o8, VX_ERROR_INVALID_FORMAT, "AbsDiff S16 into U8");
    expect_refused(ctx, &ad, rgb, u8, o8, VX_ERROR_INVALID_FORMAT, "AbsDiff RGB");
    opcase mul = {OP_MUL, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, -1.0f, 0, NULL, NULL};
    expect_refused(ctx, &mul, u8, u8, o8, VX_ERROR_INVALID_VALUE, "Multiply negative scale");
    mul.scale = 1.0f;
    mul.rounding = VX_CONVERT_POLICY_WRAP;
    expect_refused(ctx, &mul, u8, u8, o8, VX_ERROR_INVALID_VALUE, "Multiply bad rounding");
    opcase andc = {OP_AND, 0, 0, 0, 0, NULL, NULL};
    expect_refused(ctx, &andc, u8, u1, o8, VX_ERROR_INVALID_FORMAT, "And U8 & U1");
    expect_refused(ctx, &andc, s16, s16, o16, VX_ERROR_INVALID_FORMAT, "And S16");
    expect_refused(ctx, &andc, u8, u8, u1, VX_ERROR_INVALID_FORMAT, "And U8 into U1");
    opcase notc = {OP_NOT, 0, 0, 0, 0, NULL, NULL};
    expect_refused(ctx, &notc, u8, NULL, o8s, VX_ERROR_INVALID_DIMENSION, "Not size");
    opcase wavg = {OP_WAVG, 0, 0, 1.5f, 0, NULL, NULL};
    expect_refused(ctx, &wavg, u8, u8, o8, VX_ERROR_INVALID_VALUE, "WeightedAverage alpha 1.5");
    wavg.scale = 0.5f;
    expect_refused(ctx, &wavg, u8, s16, o8, VX_ERROR_INVALID_FORMAT, "WeightedAverage S16");
    opcase conv = {OP_CONV, VX_CONVERT_POLICY_WRAP, 0, 0, 0, NULL, NULL};
    expect_refused(ctx, &conv, u8, NULL, o8, VX_ERROR_INVALID_FORMAT, "ConvertDepth U8 -> U8");
    expect_refused(ctx, &conv, u16, NULL, o8, VX_ERROR_INVALID_FORMAT, "ConvertDepth U16");
    expect_refused(ctx, &conv, u8, NULL, vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_S16), VX_ERROR_INVALID_DIMENSION,
                   "ConvertDepth size");
    {
        /* a shift scalar of the wrong type */
        vx_graph g = vxCreateGraph(ctx);
        vx_float32 f = 1.0f;
        vx_scalar sh = vxCreateScalar(ctx, VX_TYPE_FLOAT32, &f);
        vx_node n = vxConvertDepthNode(g, u8, o16, VX_CONVERT_POLICY_WRAP, sh);
        CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
        vxReleaseNode(&n);
        vxReleaseScalar(&sh);
        vxReleaseGraph(&g);
    }
    vx_threshold th = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    opcase thc = {OP_THRESH, 0, 0, 0, 0, th, NULL};
    expect_refused(ctx, &thc, s16, NULL, o8, VX_ERROR_INVALID_FORMAT, "Threshold input format differs");
    expect_refused(ctx, &thc, u8, NULL, u1, VX_ERROR_INVALID_FORMAT, "Threshold output format differs");
    expect_refused(ctx, &thc, u16, NULL, o8, VX_ERROR_INVALID_FORMAT, "Threshold U16");
    vxReleaseThreshold(&th);
    vx_lut lut = vxCreateLUT(ctx, VX_TYPE_INT16, 100);
    opcase lc = {OP_LUT, 0, 0, 0, 0, NULL, lut};
    expect_refused(ctx, &lc, u8, NULL, o8, VX_ERROR_INVALID_TYPE, "TableLookup INT16 LUT on U8");
    expect_refused(ctx, &lc, s16, NULL, o8, VX_ERROR_INVALID_FORMAT, "TableLookup S16 into U8");
    vxReleaseLUT(&lut);
    vxReleaseImage(&u8);
    vxReleaseImage(&u8b);
    vxReleaseImage(&s16);
    vxReleaseImage(&u16);
    vxReleaseImage(&u1);
    vxReleaseImage(&o8);
    vxReleaseImage(&o8s);
    vxReleaseImage(&o16);
    vxReleaseImage(&rgb);
}

/* NULL and missing arguments never crash: nodes on a NULL graph are not
 * made, a node missing an image does not verify, vxu* report an error. */
CTS_TEST(KArith, bad_input, "REQ-0005 REQ-0009 REQ-0016 REQ-0021")
{
    vx_context ctx = cts_context();
    vx_image u8 = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    CTS_EXPECT(vxGetStatus((vx_reference)vxAddNode(NULL, u8, u8, VX_CONVERT_POLICY_WRAP, u8)) != VX_SUCCESS);
    CTS_EXPECT(vxGetStatus((vx_reference)vxNotNode(NULL, u8, u8)) != VX_SUCCESS);
    CTS_EXPECT(vxGetStatus((vx_reference)vxMultiplyNode(NULL, u8, u8, NULL, 0, 0, u8)) != VX_SUCCESS);
    CTS_EXPECT(vxuAdd(NULL, u8, u8, VX_CONVERT_POLICY_WRAP, u8) != VX_SUCCESS);
    CTS_EXPECT(vxuNot(ctx, NULL, u8) != VX_SUCCESS);
    CTS_EXPECT(vxuMultiply(ctx, u8, NULL, 1.0f, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, u8) != VX_SUCCESS);
    CTS_EXPECT(vxuConvertDepth(ctx, u8, NULL, VX_CONVERT_POLICY_WRAP, 0) != VX_SUCCESS);
    CTS_EXPECT(vxuThreshold(ctx, u8, NULL, u8) != VX_SUCCESS);
    CTS_EXPECT(vxuTableLookup(ctx, u8, NULL, u8) != VX_SUCCESS);
    CTS_EXPECT(vxuWeightedAverage(ctx, u8, NULL, u8, u8) != VX_SUCCESS);
    CTS_EXPECT(vxuAccumulateImage(ctx, u8, NULL) != VX_SUCCESS);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxAndNode(g, u8, NULL, u8);
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    if (vxGetStatus((vx_reference)n) == VX_SUCCESS) vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseImage(&u8);
}

/* Inputs and outputs that are ROIs of larger images. */
CTS_TEST(KArith, roi, "REQ-0015 REQ-0045")
{
    vx_context ctx = cts_context();
    const vx_uint32 W = 64, H = 40;
    himg ha = h_alloc(VX_DF_IMAGE_U8, W, H), hb = h_alloc(VX_DF_IMAGE_U8, W, H);
    rng_state = 77;
    h_random(&ha);
    h_random(&hb);
    vx_image a = vx_from_h(ctx, &ha), b = vx_from_h(ctx, &hb), o = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_rectangle_t ra = {8, 3, 8 + 21, 3 + 13}, rb = {16, 10, 16 + 21, 10 + 13}, ro = {24, 20, 24 + 21, 20 + 13};
    vx_image sa = vxCreateImageFromROI(a, &ra), sb = vxCreateImageFromROI(b, &rb), so = vxCreateImageFromROI(o, &ro);
    CTS_EXPECT_STATUS(vxuAdd(ctx, sa, sb, VX_CONVERT_POLICY_SATURATE, so), VX_SUCCESS);
    himg got = h_from_vx(o, VX_DF_IMAGE_U8, W, H);
    for (vx_uint32 y = 0; y < 13; y++)
        for (vx_uint32 x = 0; x < 21; x++) {
            vx_int32 want = sat(h_get(&ha, 8 + x, 3 + y) + h_get(&hb, 16 + x, 10 + y), VX_DF_IMAGE_U8);
            if (h_get(&got, 24 + x, 20 + y) != want) {
                CTS_EXPECT_MSG(0, "ROI pixel (%u,%u) is %d, expected %d", x, y, h_get(&got, 24 + x, 20 + y), want);
                y = 13;
                break;
            }
        }
    CTS_EXPECT_EQ_INT(h_get(&got, 23, 20), 0); /* outside the ROI: untouched */
    h_free(&got);
    h_free(&ha);
    h_free(&hb);
    vxReleaseImage(&sa);
    vxReleaseImage(&sb);
    vxReleaseImage(&so);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseImage(&o);
}

/* The kernels are registered under the spec's names and enums with the
 * spec's parameter count. */
CTS_TEST(KArith, kernels_registered, "REQ-0009")
{
    vx_context ctx = cts_context();
    static const struct {
        const char *name;
        vx_enum e;
        vx_uint32 n;
    } ks[] = {
        {"org.khronos.openvx.absdiff", VX_KERNEL_ABSDIFF, 3},
        {"org.khronos.openvx.add", VX_KERNEL_ADD, 4},
        {"org.khronos.openvx.subtract", VX_KERNEL_SUBTRACT, 4},
        {"org.khronos.openvx.multiply", VX_KERNEL_MULTIPLY, 6},
        {"org.khronos.openvx.and", VX_KERNEL_AND, 3},
        {"org.khronos.openvx.or", VX_KERNEL_OR, 3},
        {"org.khronos.openvx.xor", VX_KERNEL_XOR, 3},
        {"org.khronos.openvx.not", VX_KERNEL_NOT, 2},
        {"org.khronos.openvx.weighted_average", VX_KERNEL_WEIGHTED_AVERAGE, 4},
        {"org.khronos.openvx.threshold", VX_KERNEL_THRESHOLD, 3},
        {"org.khronos.openvx.table_lookup", VX_KERNEL_TABLE_LOOKUP, 3},
        {"org.khronos.openvx.convertdepth", VX_KERNEL_CONVERTDEPTH, 4},
        {"org.khronos.openvx.accumulate", VX_KERNEL_ACCUMULATE, 2},
        {"org.khronos.openvx.accumulate_weighted", VX_KERNEL_ACCUMULATE_WEIGHTED, 3},
        {"org.khronos.openvx.accumulate_square", VX_KERNEL_ACCUMULATE_SQUARE, 3},
    };
    for (size_t i = 0; i < sizeof(ks) / sizeof(ks[0]); i++) {
        vx_kernel k = vxGetKernelByName(ctx, ks[i].name);
        CTS_EXPECT_MSG(vxGetStatus((vx_reference)k) == VX_SUCCESS, "%s not found", ks[i].name);
        if (vxGetStatus((vx_reference)k) != VX_SUCCESS) continue;
        vx_enum e = 0;
        vx_uint32 n = 0;
        vxQueryKernel(k, VX_KERNEL_ENUM, &e, sizeof(e));
        vxQueryKernel(k, VX_KERNEL_PARAMETERS, &n, sizeof(n));
        CTS_EXPECT_EQ_INT(e, ks[i].e);
        CTS_EXPECT_EQ_INT(n, ks[i].n);
        vxReleaseKernel(&k);
    }
}

/* Pointwise functions do not depend on the border mode: every mode the node
 * or the immediate-mode context can carry gives the same exact result, and
 * the output's valid region is the input's. */
CTS_TEST(KArith, border_and_valid_region, "REQ-0015 REQ-0027 REQ-0063")
{
    vx_context ctx = cts_context();
    const vx_uint32 w = 33, h = 17;
    himg ha = h_alloc(VX_DF_IMAGE_U8, w, h), hb = h_alloc(VX_DF_IMAGE_U8, w, h), want = h_alloc(VX_DF_IMAGE_U8, w, h);
    rng_state = 1234;
    h_random(&ha);
    h_random(&hb);
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++)
            h_set(&want, x, y, sat((vx_int64)h_get(&ha, x, y) - h_get(&hb, x, y), VX_DF_IMAGE_U8));
    vx_image a = vx_from_h(ctx, &ha), b = vx_from_h(ctx, &hb);
    vx_rectangle_t valid = {2, 3, w - 4, h - 1};
    CTS_EXPECT_STATUS(vxSetImageValidRectangle(a, &valid), VX_SUCCESS);
    static const vx_enum modes[] = {VX_BORDER_UNDEFINED, VX_BORDER_CONSTANT, VX_BORDER_REPLICATE};
    for (int m = 0; m < 3; m++)
        for (int g = 0; g < 2; g++) {
            vx_border_t border;
            memset(&border, 0, sizeof(border));
            border.mode = modes[m];
            border.constant_value.U8 = 77;
            vx_image o = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
            if (g) {
                vx_graph gr = vxCreateGraph(ctx);
                vx_node n = vxSubtractNode(gr, a, b, VX_CONVERT_POLICY_SATURATE, o);
                CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &border, sizeof(border)), VX_SUCCESS);
                CTS_EXPECT_STATUS(vxProcessGraph(gr), VX_SUCCESS);
                vxReleaseNode(&n);
                vxReleaseGraph(&gr);
            } else {
                CTS_EXPECT_STATUS(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &border, sizeof(border)),
                                  VX_SUCCESS);
                CTS_EXPECT_STATUS(vxuSubtract(ctx, a, b, VX_CONVERT_POLICY_SATURATE, o), VX_SUCCESS);
            }
            himg got = h_from_vx(o, VX_DF_IMAGE_U8, w, h);
            h_compare(&got, &want, g ? "Subtract graph (border)" : "Subtract vxu (border)");
            h_free(&got);
            vx_rectangle_t r;
            memset(&r, 0, sizeof(r));
            CTS_EXPECT_STATUS(vxGetValidRegionImage(o, &r), VX_SUCCESS);
            CTS_EXPECT_EQ_INT(r.start_x, valid.start_x);
            CTS_EXPECT_EQ_INT(r.start_y, valid.start_y);
            CTS_EXPECT_EQ_INT(r.end_x, valid.end_x);
            CTS_EXPECT_EQ_INT(r.end_y, valid.end_y);
            vxReleaseImage(&o);
        }
    h_free(&ha);
    h_free(&hb);
    h_free(&want);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
}

CTS_TABLE(k_arith) = {
    CTS_ENTRY(KArith, absdiff),          CTS_ENTRY(KArith, add_subtract),      CTS_ENTRY(KArith, multiply),
    CTS_ENTRY(KArith, bitwise),          CTS_ENTRY(KArith, weighted_average),  CTS_ENTRY(KArith, threshold),
    CTS_ENTRY(KArith, table_lookup),     CTS_ENTRY(KArith, convert_depth),     CTS_ENTRY(KArith, accumulate_compat),
    CTS_ENTRY(KArith, virtual_chain),    CTS_ENTRY(KArith, inference),         CTS_ENTRY(KArith, refusals),
    CTS_ENTRY(KArith, bad_input),        CTS_ENTRY(KArith, roi),               CTS_ENTRY(KArith, kernels_registered),
    CTS_ENTRY(KArith, border_and_valid_region),
    CTS_TABLE_END,
};
