/*
 * Family tensorops: Tensor Add, Subtract, Multiply, TableLookUp, Transpose,
 * Convert Bit-Depth and Matrix Multiply, each against a plain scalar model
 * written here from the spec's formulas, on 1-D to 6-D shapes with odd and
 * 1-sized (broadcast) dimensions, every type and policy, in graph mode,
 * immediate mode and on views (vxCreateTensorFromView: strided memory, the
 * parent's other elements untouched); a graph with virtual intermediates;
 * and the validators' refusals.
 */
#include "../runner/cts.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXD 6

/* ---- host tensors (contiguous, dimension 0 fastest) ---------------------------- */

typedef struct {
    vx_size nd, dims[MAXD];
    vx_enum type;
    vx_int8 fpp;
    vx_size es;
    vx_uint8 *data;
} ht;

static vx_uint32 rnd(vx_uint64 *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return (vx_uint32)(*s >> 33);
}

static vx_size esize(vx_enum t)
{
    return t == VX_TYPE_INT16 ? 2 : (t == VX_TYPE_FLOAT32 ? 4 : 1);
}

static vx_size count_of(vx_size nd, const vx_size *dims)
{
    vx_size i, n = 1;
    for (i = 0; i < nd; i++) n *= dims[i];
    return n;
}

static ht *ht_new(vx_size nd, const vx_size *dims, vx_enum type, vx_int8 fpp)
{
    ht *h = calloc(1, sizeof(*h));
    h->nd = nd;
    memcpy(h->dims, dims, nd * sizeof(vx_size));
    h->type = type;
    h->fpp = fpp;
    h->es = esize(type);
    h->data = calloc(count_of(nd, dims), h->es);
    return h;
}

static void ht_free(ht *h)
{
    if (h) free(h->data);
    free(h);
}

static double ht_get(const ht *h, vx_size i)
{
    switch (h->type) {
    case VX_TYPE_UINT8: return h->data[i];
    case VX_TYPE_INT8: return (vx_int8)h->data[i];
    case VX_TYPE_INT16: return ((vx_int16 *)h->data)[i];
    default: return ((vx_float32 *)h->data)[i];
    }
}

static void ht_random(ht *h, vx_uint64 *seed)
{
    vx_size i, n = count_of(h->nd, h->dims);
    for (i = 0; i < n; i++) {
        if (h->type == VX_TYPE_FLOAT32)
            ((vx_float32 *)h->data)[i] = (vx_float32)((vx_int32)(rnd(seed) % 100000) - 50000) / 97.0f;
        else if (h->type == VX_TYPE_INT16)
            ((vx_int16 *)h->data)[i] = (vx_int16)rnd(seed);
        else
            h->data[i] = (vx_uint8)rnd(seed);
    }
}

static vx_size ones_strides(const ht *h, vx_size *st)
{
    vx_size i;
    for (i = 0; i < h->nd; i++) st[i] = i ? st[i - 1] * h->dims[i - 1] : h->es;
    return h->nd;
}

/* A vx tensor holding h: a tensor of its own, or (view) a view at offset 1..
 * in a larger parent filled with random values, whose other elements must
 * stay as they are. */
typedef struct {
    vx_tensor t, parent;
    ht *pinit;
    vx_size start[MAXD], nd;
} tb;

static vx_tensor mk(vx_context c, const ht *h, int view, tb *b, vx_uint64 *seed)
{
    vx_size st[MAXD] = {0}, zero[MAXD] = {0}, end[MAXD] = {0}, i;
    memset(b, 0, sizeof(*b));
    b->nd = h->nd;
    ones_strides(h, st);
    if (!view) {
        b->t = vxCreateTensor(c, h->nd, h->dims, h->type, h->fpp);
    } else {
        vx_size pd[MAXD] = {0}, pst[MAXD] = {0};
        for (i = 0; i < h->nd; i++) {
            b->start[i] = 1 + (i % 2);
            pd[i] = h->dims[i] + b->start[i] + 1;
            end[i] = b->start[i] + h->dims[i];
        }
        b->pinit = ht_new(h->nd, pd, h->type, h->fpp);
        ht_random(b->pinit, seed);
        b->parent = vxCreateTensor(c, h->nd, pd, h->type, h->fpp);
        ones_strides(b->pinit, pst);
        vxCopyTensorPatch(b->parent, h->nd, zero, pd, pst, b->pinit->data, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
        b->t = vxCreateTensorFromView(b->parent, h->nd, b->start, end);
    }
    vxCopyTensorPatch(b->t, h->nd, zero, h->dims, st, h->data, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    return b->t;
}

static vx_status rd(vx_tensor t, ht *h)
{
    vx_size st[MAXD] = {0}, zero[MAXD] = {0};
    ones_strides(h, st);
    return vxCopyTensorPatch(t, h->nd, zero, h->dims, st, h->data, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
}

/* The parent's elements outside the view are unchanged. */
static int outside_kept(tb *b, const ht *view)
{
    int ok = 1;
    if (b->parent) {
        ht *now = ht_new(b->pinit->nd, b->pinit->dims, b->pinit->type, b->pinit->fpp);
        vx_size n = count_of(now->nd, now->dims), i, d;
        rd(b->parent, now);
        for (i = 0; i < n && ok; i++) {
            vx_size r = i, inside = 1;
            for (d = 0; d < now->nd; d++) {
                vx_size x = r % now->dims[d];
                r /= now->dims[d];
                if (x < b->start[d] || x >= b->start[d] + view->dims[d]) inside = 0;
            }
            if (!inside && memcmp(now->data + i * now->es, b->pinit->data + i * now->es, now->es) != 0) ok = 0;
        }
        ht_free(now);
    }
    return ok;
}

static void tb_release(tb *b)
{
    if (b->t) vxReleaseTensor(&b->t);
    if (b->parent) vxReleaseTensor(&b->parent);
    ht_free(b->pinit);
    memset(b, 0, sizeof(*b));
}

/* Flat index in `in` of output element i (dims odims), with broadcasting. */
static vx_size bidx(const ht *in, vx_size ond, const vx_size *odims, vx_size i)
{
    vx_size d, idx = 0, mul = 1;
    for (d = 0; d < ond; d++) {
        vx_size x = i % odims[d], id = d < in->nd ? in->dims[d] : 1;
        i /= odims[d];
        if (id != 1) idx += x * mul;
        mul *= id;
    }
    return idx;
}

static double sat_or_wrap(vx_enum t, double v, int saturate)
{
    double lo = t == VX_TYPE_UINT8 ? 0 : (t == VX_TYPE_INT8 ? -128 : -32768);
    double hi = t == VX_TYPE_UINT8 ? 255 : (t == VX_TYPE_INT8 ? 127 : 32767);
    if (saturate) return v < lo ? lo : (v > hi ? hi : v);
    {
        double range = hi - lo + 1, m = fmod(v - lo, range);
        if (m < 0) m += range;
        return m + lo;
    }
}

static vx_status run(vx_graph g)
{
    vx_status s = vxVerifyGraph(g);
    if (s == VX_SUCCESS) s = vxProcessGraph(g);
    return s;
}

static const vx_enum int_types[] = {VX_TYPE_INT16, VX_TYPE_UINT8, VX_TYPE_INT8};

static vx_int8 fpp_of(vx_enum t)
{
    return t == VX_TYPE_INT16 ? 8 : 0;
}

/* Shapes: 1-D to 6-D, odd sizes, ones. */
static const vx_size shapes[][MAXD + 1] = {
    {1, 1}, {1, 17}, {2, 7, 5}, {2, 33, 17}, {3, 5, 1, 9}, {4, 3, 4, 2, 5}, {5, 2, 3, 1, 2, 3}, {6, 2, 3, 2, 1, 3, 2},
};
#define NSHAPES (sizeof(shapes) / sizeof(shapes[0]))

/* Random broadcast variant of shape s: with kind 1 input1 has ones, kind 2
 * input2, kind 3 both (in distinct dimensions). */
static void bshape(const vx_size *s, int kind, int which, vx_uint64 *seed, vx_size *dims)
{
    vx_size d, nd = s[0];
    for (d = 0; d < nd; d++) {
        int r = (int)(rnd(seed) % 3);
        dims[d] = s[1 + d];
        if ((kind == 1 && which == 0 && r == 0) || (kind == 2 && which == 1 && r == 0) ||
            (kind == 3 && ((which == 0 && d % 2 == 0) || (which == 1 && d % 2 == 1))))
            dims[d] = 1;
    }
}

/* ---- Add / Subtract / Multiply ---------------------------------------------------- */

enum { OP_ADD, OP_SUB, OP_MUL };

static double model_elem(int op, vx_enum t, double a, double b, int saturate, double scale, int ne)
{
    double v;
    if (op == OP_ADD) v = a + b;
    else if (op == OP_SUB) v = a - b;
    else {
        /* Q7.8: the product has 16 fraction bits, the output 8 */
        v = a * b * scale * (t == VX_TYPE_INT16 ? 1.0 / 256.0 : 1.0);
        v = ne ? nearbyint(v) : trunc(v);
    }
    return sat_or_wrap(t, v, saturate);
}

static void elementwise_case(vx_context c, int op, vx_enum t, int saturate, float scale, int ne, const vx_size *shape,
                             int kind, int mode, vx_uint64 *seed)
{
    vx_size d1[MAXD], d2[MAXD], od[MAXD], nd = shape[0], d, i, n;
    vx_enum policy = saturate ? VX_CONVERT_POLICY_SATURATE : VX_CONVERT_POLICY_WRAP;
    vx_enum round = ne ? VX_ROUND_POLICY_TO_NEAREST_EVEN : VX_ROUND_POLICY_TO_ZERO;
    ht *a, *b, *o, *got;
    tb ba, bb, bo;
    vx_scalar sc = vxCreateScalar(c, VX_TYPE_FLOAT32, &scale);
    vx_status s;
    bshape(shape, kind, 0, seed, d1);
    bshape(shape, kind, 1, seed, d2);
    for (d = 0; d < nd; d++) od[d] = d1[d] > d2[d] ? d1[d] : d2[d];
    a = ht_new(nd, d1, t, fpp_of(t));
    b = ht_new(nd, d2, t, fpp_of(t));
    o = ht_new(nd, od, t, fpp_of(t));
    got = ht_new(nd, od, t, fpp_of(t));
    ht_random(a, seed);
    ht_random(b, seed);
    ht_random(o, seed);
    mk(c, a, mode == 2, &ba, seed);
    mk(c, b, mode == 2, &bb, seed);
    mk(c, o, mode == 2, &bo, seed);
    if (mode == 1) {
        s = op == OP_ADD   ? vxuTensorAdd(c, ba.t, bb.t, policy, bo.t)
            : op == OP_SUB ? vxuTensorSubtract(c, ba.t, bb.t, policy, bo.t)
                           : vxuTensorMultiply(c, ba.t, bb.t, sc, policy, round, bo.t);
    } else {
        vx_graph g = vxCreateGraph(c);
        vx_node nn = op == OP_ADD   ? vxTensorAddNode(g, ba.t, bb.t, policy, bo.t)
                     : op == OP_SUB ? vxTensorSubtractNode(g, ba.t, bb.t, policy, bo.t)
                                    : vxTensorMultiplyNode(g, ba.t, bb.t, sc, policy, round, bo.t);
        CTS_EXPECT_STATUS(vxGetStatus((vx_reference)nn), VX_SUCCESS);
        s = run(g);
        vxReleaseNode(&nn);
        vxReleaseGraph(&g);
    }
    CTS_EXPECT_STATUS(s, VX_SUCCESS);
    CTS_EXPECT_STATUS(rd(bo.t, got), VX_SUCCESS);
    n = count_of(nd, od);
    for (i = 0; i < n; i++) {
        double ref = model_elem(op, t, ht_get(a, bidx(a, nd, od, i)), ht_get(b, bidx(b, nd, od, i)), saturate, scale,
                                ne);
        if (ht_get(got, i) != ref) {
            CTS_EXPECT_MSG(0, "op %d type 0x%x sat %d scale %g ne %d nd %zu kind %d mode %d: element %zu is %g, "
                              "expected %g", op, t, saturate, (double)scale, ne, (size_t)nd, kind, mode, (size_t)i,
                           ht_get(got, i), ref);
            break;
        }
    }
    CTS_EXPECT_MSG(outside_kept(&bo, o), "the output view wrote outside itself");
    tb_release(&ba);
    tb_release(&bb);
    tb_release(&bo);
    ht_free(a);
    ht_free(b);
    ht_free(o);
    ht_free(got);
    vxReleaseScalar(&sc);
}

CTS_TEST(TensorAdd, random, "REQ-0428 REQ-0429 REQ-0430 REQ-0431 REQ-0432 REQ-0433 REQ-0434 REQ-1719")
{
    vx_context c = cts_context();
    vx_uint64 seed = 41;
    size_t t, s;
    int sat, kind, mode;
    for (t = 0; t < 3; t++)
        for (sat = 0; sat < 2; sat++)
            for (s = 0; s < NSHAPES; s++)
                for (kind = 0; kind < 4; kind++)
                    for (mode = 0; mode < 3; mode++)
                        elementwise_case(c, OP_ADD, int_types[t], sat, 1.0f, 0, shapes[s], kind, mode, &seed);
}

CTS_TEST(TensorSubtract, random, "REQ-0464 REQ-0465 REQ-0466 REQ-0467 REQ-0468 REQ-0469 REQ-0470 REQ-1720")
{
    vx_context c = cts_context();
    vx_uint64 seed = 42;
    size_t t, s;
    int sat, kind, mode;
    for (t = 0; t < 3; t++)
        for (sat = 0; sat < 2; sat++)
            for (s = 0; s < NSHAPES; s++)
                for (kind = 0; kind < 4; kind++)
                    for (mode = 0; mode < 3; mode++)
                        elementwise_case(c, OP_SUB, int_types[t], sat, 1.0f, 0, shapes[s], kind, mode, &seed);
}

CTS_TEST(TensorMultiply, random, "REQ-0452 REQ-0453 REQ-0454 REQ-0455 REQ-0456 REQ-0457 REQ-0458 REQ-0459 REQ-0460 "
                                 "REQ-0461 REQ-0462 REQ-0463 REQ-1718")
{
    vx_context c = cts_context();
    vx_uint64 seed = 43;
    static const float scales[] = {1.0f, 1.0f / 255.0f, 1.0f / 32768.0f, 1.0f / 8.0f, 0.37f, 2.5f};
    size_t t, s, k;
    int sat, ne, mode;
    for (t = 0; t < 3; t++)
        for (sat = 0; sat < 2; sat++)
            for (ne = 0; ne < 2; ne++)
                for (k = 0; k < sizeof(scales) / sizeof(scales[0]); k++)
                    for (s = 0; s < NSHAPES; s += 2)
                        for (mode = 0; mode < 3; mode++)
                            elementwise_case(c, OP_MUL, int_types[t], sat, scales[k], ne, shapes[s + (k & 1)],
                                             (int)((s + k) % 4), mode, &seed);
}

/* ---- TableLookUp ---------------------------------------------------------------- */

CTS_TEST(TensorTableLookup, random, "REQ-0471 REQ-0472 REQ-0473 REQ-0474 REQ-0475 REQ-0476 REQ-0477 REQ-0478 "
                                    "REQ-0479 REQ-0480 REQ-1721")
{
    vx_context c = cts_context();
    vx_uint64 seed = 44;
    size_t s, i, n;
    int ti, mode;
    for (ti = 0; ti < 2; ti++)
        for (s = 0; s < NSHAPES; s++)
            for (mode = 0; mode < 3; mode++) {
                vx_enum t = ti ? VX_TYPE_INT16 : VX_TYPE_UINT8;
                vx_size cnt = ti ? 1 + rnd(&seed) % 65536 : 1 + rnd(&seed) % 256, off = ti ? cnt / 2 : 0;
                ht *a = ht_new(shapes[s][0], shapes[s] + 1, t, fpp_of(t)), *o, *got;
                vx_lut lut = vxCreateLUT(c, t, cnt);
                void *ld = calloc(cnt, esize(t));
                tb ba, bo;
                vx_status st;
                o = ht_new(a->nd, a->dims, t, fpp_of(t));
                got = ht_new(a->nd, a->dims, t, fpp_of(t));
                n = count_of(a->nd, a->dims);
                for (i = 0; i < n; i++) {
                    vx_int32 v = (vx_int32)(rnd(&seed) % cnt) - (vx_int32)off;
                    if (ti) ((vx_int16 *)a->data)[i] = (vx_int16)v;
                    else a->data[i] = (vx_uint8)v;
                }
                for (i = 0; i < cnt * esize(t); i++) ((vx_uint8 *)ld)[i] = (vx_uint8)rnd(&seed);
                CTS_ASSERT_STATUS(vxCopyLUT(lut, ld, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
                mk(c, a, mode == 2, &ba, &seed);
                mk(c, o, mode == 2, &bo, &seed);
                if (mode == 1) {
                    st = vxuTensorTableLookup(c, ba.t, lut, bo.t);
                } else {
                    vx_graph g = vxCreateGraph(c);
                    CTS_EXPECT_STATUS(vxGetStatus((vx_reference)vxTensorTableLookupNode(g, ba.t, lut, bo.t)),
                                      VX_SUCCESS);
                    st = run(g);
                    vxReleaseGraph(&g);
                }
                CTS_EXPECT_STATUS(st, VX_SUCCESS);
                rd(bo.t, got);
                for (i = 0; i < n; i++) {
                    /* entry offset + value */
                    vx_size idx = (vx_size)((vx_int64)off + (vx_int64)ht_get(a, i));
                    double ref = ti ? ((vx_int16 *)ld)[idx] : ((vx_uint8 *)ld)[idx];
                    if (ht_get(got, i) != ref) {
                        CTS_EXPECT_MSG(0, "type %d shape %zu mode %d: element %zu is %g, expected %g", ti, s, mode,
                                       (size_t)i, ht_get(got, i), ref);
                        break;
                    }
                }
                CTS_EXPECT(outside_kept(&bo, o));
                tb_release(&ba);
                tb_release(&bo);
                ht_free(a);
                ht_free(o);
                ht_free(got);
                free(ld);
                vxReleaseLUT(&lut);
            }
}

/* ---- Transpose ------------------------------------------------------------------- */

CTS_TEST(TensorTranspose, all_pairs, "REQ-0481 REQ-0482 REQ-0483 REQ-0484 REQ-0485 REQ-0486 REQ-0487 REQ-0488 "
                                     "REQ-0489 REQ-1722")
{
    vx_context c = cts_context();
    vx_uint64 seed = 45;
    size_t s, t, i, n;
    vx_size d1, d2;
    int mode;
    for (t = 0; t < 3; t++)
        for (s = 0; s < NSHAPES; s++)
            for (d1 = 0; d1 < shapes[s][0]; d1++)
                for (d2 = 0; d2 < shapes[s][0]; d2++) {
                    vx_size od[MAXD];
                    ht *a = ht_new(shapes[s][0], shapes[s] + 1, int_types[t], fpp_of(int_types[t])), *o, *got;
                    tb ba, bo;
                    vx_status st;
                    mode = (int)((d1 + d2 + s) % 3);
                    memcpy(od, a->dims, sizeof(od));
                    od[d1] = a->dims[d2];
                    od[d2] = a->dims[d1];
                    o = ht_new(a->nd, od, a->type, a->fpp);
                    got = ht_new(a->nd, od, a->type, a->fpp);
                    ht_random(a, &seed);
                    mk(c, a, mode == 2, &ba, &seed);
                    mk(c, o, mode == 2, &bo, &seed);
                    if (mode == 1) {
                        st = vxuTensorTranspose(c, ba.t, bo.t, d1, d2);
                    } else {
                        vx_graph g = vxCreateGraph(c);
                        vxTensorTransposeNode(g, ba.t, bo.t, d1, d2);
                        st = run(g);
                        vxReleaseGraph(&g);
                    }
                    CTS_EXPECT_STATUS(st, VX_SUCCESS);
                    rd(bo.t, got);
                    n = count_of(a->nd, a->dims);
                    for (i = 0; i < n; i++) {
                        /* output coordinate x maps to input coordinate x with d1, d2 swapped */
                        vx_size x[MAXD], r = i, d, src = 0, mul = 1;
                        for (d = 0; d < a->nd; d++) {
                            x[d] = r % od[d];
                            r /= od[d];
                        }
                        r = x[d1];
                        x[d1] = x[d2];
                        x[d2] = r;
                        for (d = 0; d < a->nd; d++) {
                            src += x[d] * mul;
                            mul *= a->dims[d];
                        }
                        if (ht_get(got, i) != ht_get(a, src)) {
                            CTS_EXPECT_MSG(0, "shape %zu dims %zu,%zu mode %d: element %zu", s, (size_t)d1,
                                           (size_t)d2, mode, (size_t)i);
                            break;
                        }
                    }
                    CTS_EXPECT(outside_kept(&bo, o));
                    tb_release(&ba);
                    tb_release(&bo);
                    ht_free(a);
                    ht_free(o);
                    ht_free(got);
                }
}

/* ---- Convert Bit-Depth ---------------------------------------------------------------- */

static double model_convert(double in, int fin, int fout, float offset, float norm, vx_enum ot, int saturate)
{
    /* output = ((input / 2^fin - offset) / norm) * 2^fout, in float32 */
    float v = (float)in / ldexpf(1.0f, fin);
    v = (v - offset) * (1.0f / norm);
    v = v * ldexpf(1.0f, fout);
    if (ot == VX_TYPE_FLOAT32) return v;
    return sat_or_wrap(ot, trunc((double)v), saturate);
}

CTS_TEST(TensorConvertDepth, random, "REQ-0435 REQ-0436 REQ-0437 REQ-0438 REQ-0439 REQ-0440 REQ-0441 REQ-0442 "
                                     "REQ-1723")
{
    static const vx_enum types[] = {VX_TYPE_INT16, VX_TYPE_UINT8, VX_TYPE_INT8, VX_TYPE_FLOAT32};
    static const float params[][2] = {{0.0f, 1.0f}, {128.0f, 1.0f}, {-128.0f, 1.0f}, {3.5f, 0.25f}, {-1.0f, 3.0f}};
    vx_context c = cts_context();
    vx_uint64 seed = 46;
    size_t ti, to, k, i, n;
    int sat;
    for (ti = 0; ti < 4; ti++)
        for (to = 0; to < 4; to++)
            for (sat = 0; sat < 2; sat++)
                for (k = 0; k < 5; k++) {
                    const vx_size *sh = shapes[(ti + to + k) % NSHAPES];
                    int mode = (int)((ti + to + k + (size_t)sat) % 3);
                    vx_enum it = types[ti], ot = types[to];
                    vx_int8 fin = it == VX_TYPE_FLOAT32 ? 0 : fpp_of(it), fout = ot == VX_TYPE_FLOAT32 ? 0 : fpp_of(ot);
                    vx_float32 off = params[k][0], norm = params[k][1];
                    vx_enum policy = sat ? VX_CONVERT_POLICY_SATURATE : VX_CONVERT_POLICY_WRAP;
                    ht *a = ht_new(sh[0], sh + 1, it, fin), *o = ht_new(sh[0], sh + 1, ot, fout),
                       *got = ht_new(sh[0], sh + 1, ot, fout);
                    vx_scalar sn = vxCreateScalar(c, VX_TYPE_FLOAT32, &norm), so = vxCreateScalar(c, VX_TYPE_FLOAT32, &off);
                    tb ba, bo;
                    vx_status st;
                    ht_random(a, &seed);
                    mk(c, a, mode == 2, &ba, &seed);
                    mk(c, o, mode == 2, &bo, &seed);
                    if (mode == 1) {
                        st = vxuTensorConvertDepth(c, ba.t, policy, sn, so, bo.t);
                    } else {
                        vx_graph g = vxCreateGraph(c);
                        vxTensorConvertDepthNode(g, ba.t, policy, sn, so, bo.t);
                        st = run(g);
                        vxReleaseGraph(&g);
                    }
                    CTS_EXPECT_STATUS(st, VX_SUCCESS);
                    rd(bo.t, got);
                    n = count_of(a->nd, a->dims);
                    for (i = 0; i < n; i++) {
                        double ref = model_convert(ht_get(a, i), fin, fout, off, norm, ot, sat);
                        if (ht_get(got, i) != ref) {
                            CTS_EXPECT_MSG(0, "0x%x -> 0x%x sat %d params %zu mode %d: element %zu (in %g) is %g, "
                                              "expected %g", it, ot, sat, k, mode, (size_t)i, ht_get(a, i),
                                           ht_get(got, i), ref);
                            break;
                        }
                    }
                    CTS_EXPECT(outside_kept(&bo, o));
                    tb_release(&ba);
                    tb_release(&bo);
                    ht_free(a);
                    ht_free(o);
                    ht_free(got);
                    vxReleaseScalar(&sn);
                    vxReleaseScalar(&so);
                }
}

/* ---- Matrix Multiply ------------------------------------------------------------------- */

/* element (row r, col k) of a 2-D host tensor stored {cols, rows}, or
 * {rows, cols} when transposed */
static double mat(const ht *h, int tr, vx_size r, vx_size k)
{
    return tr ? ht_get(h, k * h->dims[0] + r) : ht_get(h, r * h->dims[0] + k);
}

CTS_TEST(TensorMatrixMultiply, random, "REQ-0443 REQ-0444 REQ-0445 REQ-0446 REQ-0447 REQ-0448 REQ-0449 REQ-0450 "
                                       "REQ-0451 REQ-1724")
{
    static const vx_size sizes[][3] = {{1, 1, 1}, {7, 5, 3}, {1, 9, 4}, {16, 1, 13}, {33, 17, 20}};
    vx_context c = cts_context();
    vx_uint64 seed = 47;
    size_t t, z;
    int ta, tbb, tc, cp, mode;
    for (t = 0; t < 3; t++)
        for (z = 0; z < 5; z++)
            for (ta = 0; ta < 2; ta++)
                for (tbb = 0; tbb < 2; tbb++)
                    for (cp = 0; cp < 3; cp++) {
                        vx_enum ty = int_types[t];
                        vx_int8 fp = fpp_of(ty);
                        vx_size N = sizes[z][0], M = sizes[z][1], L = sizes[z][2], i, j, k;
                        vx_size ad[2], bd[2], cd[2], od[2] = {L, N};
                        vx_tensor_matrix_multiply_params_t mp;
                        ht *a, *b, *cc = NULL, *o, *got;
                        tb ba, bb, bc, bo;
                        vx_status st;
                        tc = cp == 2;
                        mode = (int)((z + (size_t)ta + (size_t)tbb + (size_t)cp) % 3);
                        ad[0] = ta ? N : M, ad[1] = ta ? M : N;
                        bd[0] = tbb ? M : L, bd[1] = tbb ? L : M;
                        cd[0] = tc ? N : L, cd[1] = tc ? L : N;
                        mp.transpose_input1 = ta ? vx_true_e : vx_false_e;
                        mp.transpose_input2 = tbb ? vx_true_e : vx_false_e;
                        mp.transpose_input3 = tc ? vx_true_e : vx_false_e;
                        a = ht_new(2, ad, ty, fp);
                        b = ht_new(2, bd, ty, fp);
                        o = ht_new(2, od, ty, fp);
                        got = ht_new(2, od, ty, fp);
                        ht_random(a, &seed);
                        ht_random(b, &seed);
                        memset(&bc, 0, sizeof(bc));
                        mk(c, a, mode == 2, &ba, &seed);
                        mk(c, b, mode == 2, &bb, &seed);
                        if (cp) {
                            cc = ht_new(2, cd, ty, fp);
                            ht_random(cc, &seed);
                            mk(c, cc, mode == 2, &bc, &seed);
                        }
                        mk(c, o, mode == 2, &bo, &seed);
                        if (mode == 1) {
                            st = vxuTensorMatrixMultiply(c, ba.t, bb.t, bc.t, &mp, bo.t);
                        } else {
                            vx_graph g = vxCreateGraph(c);
                            vxTensorMatrixMultiplyNode(g, ba.t, bb.t, bc.t, &mp, bo.t);
                            st = run(g);
                            vxReleaseGraph(&g);
                        }
                        CTS_EXPECT_STATUS(st, VX_SUCCESS);
                        rd(bo.t, got);
                        for (i = 0; i < N; i++)
                            for (j = 0; j < L; j++) {
                                /* sum of raw products (2*fp fraction bits) + C, rounded to nearest
                                 * (halves up) back to fp bits, saturated */
                                double acc = 0, ref;
                                for (k = 0; k < M; k++) acc += mat(a, ta, i, k) * mat(b, tbb, k, j);
                                if (cc) acc += mat(cc, tc, i, j) * ldexp(1.0, fp);
                                ref = sat_or_wrap(ty, floor(acc / ldexp(1.0, fp) + 0.5), 1);
                                if (ht_get(got, i * L + j) != ref) {
                                    CTS_EXPECT_MSG(0, "type 0x%x size %zu t %d%d%d c %d mode %d: (%zu,%zu) is %g, "
                                                      "expected %g", ty, z, ta, tbb, tc, cp, mode, (size_t)i,
                                                   (size_t)j, ht_get(got, i * L + j), ref);
                                    i = N;
                                    break;
                                }
                            }
                        CTS_EXPECT(outside_kept(&bo, o));
                        tb_release(&ba);
                        tb_release(&bb);
                        tb_release(&bc);
                        tb_release(&bo);
                        ht_free(a);
                        ht_free(b);
                        ht_free(cc);
                        ht_free(o);
                        ht_free(got);
                    }
}

/* ---- virtual intermediates --------------------------------------------------------------- */

CTS_TEST(TensorOps, virtual_chain, "REQ-0428 REQ-0452 REQ-0481 REQ-0435")
{
    /* out = convert_u8(transpose(multiply(add(a, b), b, 1/2), 0, 2)) through virtual tensors
     * that say nothing (0 dims, type 0) and one that says its dims */
    vx_context c = cts_context();
    vx_uint64 seed = 48;
    vx_size dims[3] = {5, 3, 4}, tdims[3] = {4, 3, 5}, i, n = 60;
    ht *a = ht_new(3, dims, VX_TYPE_INT16, 8), *b = ht_new(3, dims, VX_TYPE_INT16, 8);
    ht *o = ht_new(3, tdims, VX_TYPE_UINT8, 0);
    float half = 0.5f, norm = 1.0f, off = -100.0f;
    vx_scalar sh = vxCreateScalar(c, VX_TYPE_FLOAT32, &half), sn = vxCreateScalar(c, VX_TYPE_FLOAT32, &norm),
              so = vxCreateScalar(c, VX_TYPE_FLOAT32, &off);
    tb ba, bb, bo;
    vx_graph g = vxCreateGraph(c);
    vx_tensor v1 = vxCreateVirtualTensor(g, 0, NULL, 0, 0);
    vx_tensor v2 = vxCreateVirtualTensor(g, 3, dims, 0, 0);
    vx_tensor v3 = vxCreateVirtualTensor(g, 0, NULL, 0, 0);
    ht_random(a, &seed);
    ht_random(b, &seed);
    mk(c, a, 0, &ba, &seed);
    mk(c, b, 0, &bb, &seed);
    mk(c, o, 0, &bo, &seed);
    CTS_ASSERT_VALID(v1);
    CTS_ASSERT_VALID(v2);
    vxTensorAddNode(g, ba.t, bb.t, VX_CONVERT_POLICY_SATURATE, v1);
    vxTensorMultiplyNode(g, v1, bb.t, sh, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_ZERO, v2);
    vxTensorTransposeNode(g, v2, v3, 0, 2);
    vxTensorConvertDepthNode(g, v3, VX_CONVERT_POLICY_SATURATE, sn, so, bo.t);
    CTS_ASSERT_STATUS(run(g), VX_SUCCESS);
    {
        vx_enum vt = 0;
        vx_int8 vf = 0;
        vxQueryTensor(v3, VX_TENSOR_DATA_TYPE, &vt, sizeof(vt));
        vxQueryTensor(v3, VX_TENSOR_FIXED_POINT_POSITION, &vf, sizeof(vf));
        CTS_EXPECT_EQ_INT(vt, VX_TYPE_INT16);
        CTS_EXPECT_EQ_INT(vf, 8);
    }
    rd(bo.t, o);
    for (i = 0; i < n; i++) {
        vx_size x = i % 5, y = (i / 5) % 3, z = i / 15, ti = z + 4 * (y + 3 * x);
        double s = sat_or_wrap(VX_TYPE_INT16, ht_get(a, i) + ht_get(b, i), 1);
        double m = sat_or_wrap(VX_TYPE_INT16, trunc(s * ht_get(b, i) * 0.5 / 256.0), 1);
        double ref = model_convert(m, 8, 0, off, norm, VX_TYPE_UINT8, 1);
        if (ht_get(o, ti) != ref) {
            CTS_EXPECT_MSG(0, "element %zu is %g, expected %g", (size_t)ti, ht_get(o, ti), ref);
            break;
        }
    }
    vxReleaseGraph(&g);
    vxReleaseTensor(&v1);
    vxReleaseTensor(&v2);
    vxReleaseTensor(&v3);
    vxReleaseScalar(&sh);
    vxReleaseScalar(&sn);
    vxReleaseScalar(&so);
    tb_release(&ba);
    tb_release(&bb);
    tb_release(&bo);
    ht_free(a);
    ht_free(b);
    ht_free(o);
}

/* ---- refusals ------------------------------------------------------------------------------ */

static vx_status verify_one(vx_graph g)
{
    vx_status s = vxVerifyGraph(g);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(TensorOps, refusals, "REQ-0431 REQ-0433 REQ-0447 REQ-0450 REQ-0459 REQ-0478 REQ-0487")
{
    vx_context c = cts_context();
    vx_size d23[2] = {2, 3}, d32[2] = {3, 2}, d43[2] = {4, 3}, d3[3] = {2, 3, 2}, d22[2] = {2, 2};
    vx_tensor s16 = vxCreateTensor(c, 2, d23, VX_TYPE_INT16, 8), s16b = vxCreateTensor(c, 2, d23, VX_TYPE_INT16, 8);
    vx_tensor u8 = vxCreateTensor(c, 2, d23, VX_TYPE_UINT8, 0), s16q0 = vxCreateTensor(c, 2, d23, VX_TYPE_INT16, 0);
    vx_tensor s16_43 = vxCreateTensor(c, 2, d43, VX_TYPE_INT16, 8), s16_32 = vxCreateTensor(c, 2, d32, VX_TYPE_INT16, 8);
    vx_tensor s16_3d = vxCreateTensor(c, 3, d3, VX_TYPE_INT16, 8), u16 = vxCreateTensor(c, 2, d23, VX_TYPE_UINT16, 0);
    vx_tensor s16_22 = vxCreateTensor(c, 2, d22, VX_TYPE_INT16, 8);
    vx_tensor f32 = vxCreateTensor(c, 2, d23, VX_TYPE_FLOAT32, 0);
    vx_lut lut8 = vxCreateLUT(c, VX_TYPE_UINT8, 256), lut16 = vxCreateLUT(c, VX_TYPE_INT16, 65536);
    float neg = -1.0f, one = 1.0f, zero = 0.0f;
    vx_scalar sneg = vxCreateScalar(c, VX_TYPE_FLOAT32, &neg), sone = vxCreateScalar(c, VX_TYPE_FLOAT32, &one);
    vx_scalar szero = vxCreateScalar(c, VX_TYPE_FLOAT32, &zero), sint = vxCreateScalar(c, VX_TYPE_INT32, &one);
    vx_tensor_matrix_multiply_params_t mp = {vx_false_e, vx_false_e, vx_false_e};
    vx_graph g;
#define REFUSE(build, status)                                                                                  \
    do {                                                                                                       \
        g = vxCreateGraph(c);                                                                                  \
        build;                                                                                                 \
        CTS_EXPECT_STATUS(verify_one(g), status);                                                              \
    } while (0)
    /* add / subtract */
    REFUSE(vxTensorAddNode(g, s16, u8, VX_CONVERT_POLICY_WRAP, s16b), VX_ERROR_INVALID_TYPE);
    REFUSE(vxTensorAddNode(g, s16, s16q0, VX_CONVERT_POLICY_WRAP, s16b), VX_ERROR_INVALID_VALUE);
    REFUSE(vxTensorAddNode(g, s16, s16_43, VX_CONVERT_POLICY_WRAP, s16b), VX_ERROR_INVALID_DIMENSION);
    REFUSE(vxTensorAddNode(g, s16, s16b, VX_CONVERT_POLICY_WRAP, s16_43), VX_ERROR_INVALID_DIMENSION);
    REFUSE(vxTensorAddNode(g, s16, s16b, VX_CONVERT_POLICY_WRAP, u8), VX_ERROR_INVALID_TYPE);
    REFUSE(vxTensorAddNode(g, s16, s16b, VX_CONVERT_POLICY_WRAP, s16q0), VX_ERROR_INVALID_VALUE);
    REFUSE(vxTensorAddNode(g, s16, s16b, VX_ROUND_POLICY_TO_ZERO, s16_22), VX_ERROR_INVALID_VALUE);
    REFUSE(vxTensorSubtractNode(g, u16, u16, VX_CONVERT_POLICY_WRAP, u16), VX_ERROR_INVALID_TYPE);
    REFUSE(vxTensorSubtractNode(g, f32, f32, VX_CONVERT_POLICY_WRAP, f32), VX_ERROR_INVALID_TYPE);
    REFUSE(vxTensorSubtractNode(g, s16, NULL, VX_CONVERT_POLICY_WRAP, s16b), VX_ERROR_NOT_SUFFICIENT);
    /* multiply */
    REFUSE(vxTensorMultiplyNode(g, s16, s16b, sneg, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, s16_22),
           VX_ERROR_INVALID_VALUE);
    REFUSE(vxTensorMultiplyNode(g, s16, s16b, sint, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, s16_22),
           VX_ERROR_INVALID_TYPE);
    REFUSE(vxTensorMultiplyNode(g, s16, s16b, sone, VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_WRAP, s16_22),
           VX_ERROR_INVALID_VALUE);
    REFUSE(vxTensorMultiplyNode(g, s16, s16_32, sone, VX_CONVERT_POLICY_WRAP, VX_ROUND_POLICY_TO_ZERO, s16_22),
           VX_ERROR_INVALID_DIMENSION);
    /* table lookup: LUT type follows the tensor */
    REFUSE(vxTensorTableLookupNode(g, s16, lut8, s16b), VX_ERROR_INVALID_TYPE);
    REFUSE(vxTensorTableLookupNode(g, u8, lut16, s16), VX_ERROR_INVALID_TYPE);
    REFUSE(vxTensorTableLookupNode(g, u8, lut8, s16), VX_ERROR_INVALID_TYPE);
    /* transpose */
    REFUSE(vxTensorTransposeNode(g, s16, s16_32, 0, 2), VX_ERROR_INVALID_VALUE);
    REFUSE(vxTensorTransposeNode(g, s16, s16b, 0, 1), VX_ERROR_INVALID_DIMENSION);
    REFUSE(vxTensorTransposeNode(g, s16, s16_32, 1, 1), VX_ERROR_INVALID_DIMENSION);
    /* convert depth */
    REFUSE(vxTensorConvertDepthNode(g, s16, VX_CONVERT_POLICY_WRAP, szero, sone, u8), VX_ERROR_INVALID_VALUE);
    REFUSE(vxTensorConvertDepthNode(g, s16, VX_CONVERT_POLICY_WRAP, sone, sone, u16), VX_ERROR_INVALID_TYPE);
    REFUSE(vxTensorConvertDepthNode(g, s16, VX_CONVERT_POLICY_WRAP, sone, sone, s16_43), VX_ERROR_INVALID_DIMENSION);
    REFUSE(vxTensorConvertDepthNode(g, s16, VX_CONVERT_POLICY_WRAP, sint, sone, u8), VX_ERROR_INVALID_TYPE);
    /* matrix multiply: (3x2) x (3x2) does not chain; 3-D input; types; output size */
    REFUSE(vxTensorMatrixMultiplyNode(g, s16, s16b, NULL, &mp, s16_22), VX_ERROR_INVALID_DIMENSION);
    REFUSE(vxTensorMatrixMultiplyNode(g, s16_3d, s16_32, NULL, &mp, s16_22), VX_ERROR_INVALID_DIMENSION);
    REFUSE(vxTensorMatrixMultiplyNode(g, s16, u8, NULL, &mp, s16_22), VX_ERROR_INVALID_TYPE);
    REFUSE(vxTensorMatrixMultiplyNode(g, s16, s16_32, s16_43, &mp, s16_22), VX_ERROR_INVALID_DIMENSION);
    REFUSE(vxTensorMatrixMultiplyNode(g, s16, s16_32, NULL, &mp, s16_43), VX_ERROR_INVALID_DIMENSION);
    /* and (2x3 as {3,2}) x ({2,3}: 3x2) -> 3x3... a 2x3 input1 {3,2} times input2 {2,3} gives {2,2} */
    REFUSE(vxTensorMatrixMultiplyNode(g, s16_32, s16, NULL, &mp, s16_22), VX_SUCCESS);
#undef REFUSE
    /* a virtual output that already has other dims or another type */
    {
        vx_tensor vbad;
        g = vxCreateGraph(c);
        vbad = vxCreateVirtualTensor(g, 2, d43, VX_TYPE_INT16, 8);
        vxTensorAddNode(g, s16, s16b, VX_CONVERT_POLICY_WRAP, vbad);
        vxReleaseTensor(&vbad);
        CTS_EXPECT_STATUS(verify_one(g), VX_ERROR_INVALID_DIMENSION);
        g = vxCreateGraph(c);
        vbad = vxCreateVirtualTensor(g, 2, d23, VX_TYPE_UINT8, 0);
        vxTensorAddNode(g, s16, s16b, VX_CONVERT_POLICY_WRAP, vbad);
        vxReleaseTensor(&vbad);
        CTS_EXPECT_STATUS(verify_one(g), VX_ERROR_INVALID_TYPE);
    }
    /* the immediate functions report the same */
    CTS_EXPECT_STATUS(vxuTensorAdd(c, s16, u8, VX_CONVERT_POLICY_WRAP, s16b), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_STATUS(vxuTensorTranspose(c, s16, s16_32, 5, 0), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT(vxuTensorAdd(NULL, s16, s16b, VX_CONVERT_POLICY_WRAP, s16b) != VX_SUCCESS);
    CTS_EXPECT(vxuTensorMatrixMultiply(c, NULL, NULL, NULL, NULL, NULL) != VX_SUCCESS);
    vxReleaseTensor(&s16);
    vxReleaseTensor(&s16b);
    vxReleaseTensor(&u8);
    vxReleaseTensor(&s16q0);
    vxReleaseTensor(&s16_43);
    vxReleaseTensor(&s16_32);
    vxReleaseTensor(&s16_3d);
    vxReleaseTensor(&u16);
    vxReleaseTensor(&s16_22);
    vxReleaseTensor(&f32);
    vxReleaseLUT(&lut8);
    vxReleaseLUT(&lut16);
    vxReleaseScalar(&sneg);
    vxReleaseScalar(&sone);
    vxReleaseScalar(&szero);
    vxReleaseScalar(&sint);
}

CTS_TABLE(k_tensorops) = {
    CTS_ENTRY(TensorAdd, random),
    CTS_ENTRY(TensorSubtract, random),
    CTS_ENTRY(TensorMultiply, random),
    CTS_ENTRY(TensorTableLookup, random),
    CTS_ENTRY(TensorTranspose, all_pairs),
    CTS_ENTRY(TensorConvertDepth, random),
    CTS_ENTRY(TensorMatrixMultiply, random),
    CTS_ENTRY(TensorOps, virtual_chain),
    CTS_ENTRY(TensorOps, refusals),
    CTS_TABLE_END,
};
