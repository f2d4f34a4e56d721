/*
 * Float32 neural-network routines (compute/nn_float.h): scalar loops on
 * dense NCHW tensors.
 */
#include "nn_float.h"

#include <float.h>
#include <math.h>
#include <string.h>

void ovxc_nnf_pool(const ovxc_nnf_pool_geom *g, int max, int ignore_border, const float *in, float *out)
{
    size_t r, total = 1, wtotal = 1, i, k;
    size_t istr[8];
    size_t rank = g->rank;
    istr[rank ? rank - 1 : 0] = 1;
    for (r = rank; r-- > 1;) istr[r - 1] = istr[r] * g->in[r];
    for (r = 0; r < rank; r++) { total *= g->out[r]; wtotal *= g->size[r]; }
    for (i = 0; i < total; i++) {
        size_t oc[8], rem = i;
        float acc = max ? -FLT_MAX : 0.0f;
        size_t count = 0;
        int seen_outside = 0;
        for (r = rank; r-- > 0;) { oc[r] = rem % g->out[r]; rem /= g->out[r]; }
        for (k = 0; k < wtotal; k++) {
            size_t kr = k, off = 0;
            int inside = 1;
            for (r = rank; r-- > 0;) {
                size_t kk = kr % g->size[r];
                long p = (long)(oc[r] * g->stride[r] + kk * g->dil[r]) - g->pad[r];
                kr /= g->size[r];
                if (p < 0 || p >= (long)g->in[r]) { inside = 0; break; }
                off += (size_t)p * istr[r];
            }
            if (!inside) { seen_outside = 1; continue; }
            if (max) { if (in[off] > acc) acc = in[off]; }
            else acc += in[off];
            count++;
        }
        if (max) {
            /* a constant border pads with 0, which takes part in the max */
            if (!ignore_border && seen_outside && acc < 0.0f) acc = 0.0f;
            if (count == 0 && ignore_border) acc = 0.0f;
            out[i] = acc;
        } else {
            size_t div = ignore_border ? count : wtotal;
            out[i] = div ? acc / (float)div : 0.0f;
        }
    }
}

static float binop(int op, float a, float b)
{
    switch (op) {
    case OVXC_NNF_ADD: return a + b;
    case OVXC_NNF_SUB: return a - b;
    case OVXC_NNF_MUL: return a * b;
    case OVXC_NNF_DIV: return a / b;
    case OVXC_NNF_MIN: return a < b ? a : b;
    default: return a > b ? a : b;
    }
}

void ovxc_nnf_binary(int op, size_t rank, const size_t *da, const float *a, const size_t *db, const float *b,
                    const size_t *dout, float *out)
{
    size_t sa[8], sb[8], total = 1, i, r, ra = 1, rb = 1;
    for (r = rank; r-- > 0;) {
        sa[r] = da[r] == 1 ? 0 : ra;
        sb[r] = db[r] == 1 ? 0 : rb;
        ra *= da[r];
        rb *= db[r];
        total *= dout[r];
    }
    for (i = 0; i < total; i++) {
        size_t rem = i, oa = 0, ob = 0;
        for (r = rank; r-- > 0;) {
            size_t cidx = rem % dout[r];
            rem /= dout[r];
            oa += cidx * sa[r];
            ob += cidx * sb[r];
        }
        out[i] = binop(op, a[oa], b[ob]);
    }
}

void ovxc_nnf_unary(int op, size_t count, const float *in, float *out)
{
    size_t i;
    for (i = 0; i < count; i++) {
        float v = in[i];
        switch (op) {
        case OVXC_NNF_RELU: v = v > 0.0f ? v : 0.0f; break;
        case OVXC_NNF_SIGMOID: v = 1.0f / (1.0f + expf(-v)); break;
        case OVXC_NNF_TANH: v = tanhf(v); break;
        case OVXC_NNF_NEG: v = -v; break;
        case OVXC_NNF_ABS: v = fabsf(v); break;
        case OVXC_NNF_EXP: v = expf(v); break;
        case OVXC_NNF_ELU: v = v > 0.0f ? v : expf(v) - 1.0f; break;
        case OVXC_NNF_SOFTPLUS: v = logf(1.0f + expf(v)); break;
        default: break;
        }
        out[i] = v;
    }
}

void ovxc_nnf_reduce(int op, size_t outer, size_t mid, size_t inner, const float *in, float *out)
{
    size_t a, m, i;
    for (a = 0; a < outer; a++) {
        for (i = 0; i < inner; i++) {
            const float *p = in + a * mid * inner + i;
            float acc = op == OVXC_NNF_RMAX ? -FLT_MAX : op == OVXC_NNF_RMIN ? FLT_MAX : 0.0f;
            for (m = 0; m < mid; m++) {
                float v = p[m * inner];
                if (op == OVXC_NNF_RMAX) acc = v > acc ? v : acc;
                else if (op == OVXC_NNF_RMIN) acc = v < acc ? v : acc;
                else acc += v;
            }
            if (op == OVXC_NNF_RMEAN && mid) acc /= (float)mid;
            out[a * inner + i] = acc;
        }
    }
}

void ovxc_nnf_argmax(size_t outer, size_t mid, size_t inner, const float *in, int *out)
{
    size_t a, m, i;
    for (a = 0; a < outer; a++) {
        for (i = 0; i < inner; i++) {
            const float *p = in + a * mid * inner + i;
            size_t best = 0;
            for (m = 1; m < mid; m++) if (p[m * inner] > p[best * inner]) best = m;
            out[a * inner + i] = (int)best;
        }
    }
}

/* The two source samples and the weight of the second one for output o of
 * a 1-D linear upsampling of n samples by f. */
static void lin_src(size_t o, size_t n, size_t f, int method, long *i0, float *t)
{
    double pos;
    long fl;
    if (method == 0) pos = ((double)o + 0.5) / (double)f - 0.5;
    else if (method == 1) pos = (double)o / (double)f;
    else pos = n * f > 1 ? (double)o * (double)(n - 1) / (double)(n * f - 1) : 0.0;
    fl = (long)floor(pos);
    *i0 = fl;
    *t = (float)(pos - (double)fl);
}

static float sample(const float *row, long i, size_t n, int replicate)
{
    if (i < 0) return replicate ? row[0] : 0.0f;
    if (i >= (long)n) return replicate ? row[n - 1] : 0.0f;
    return row[i];
}

void ovxc_nnf_upsample_linear(size_t planes, size_t h, size_t w, size_t fy, size_t fx, int method, int replicate,
                             const float *in, float *out)
{
    size_t p, y, x, oh = h * fy, ow = w * fx;
    for (p = 0; p < planes; p++) {
        const float *pi = in + p * h * w;
        float *po = out + p * oh * ow;
        for (y = 0; y < oh; y++) {
            long y0;
            float ty;
            lin_src(y, h, fy, method, &y0, &ty);
            for (x = 0; x < ow; x++) {
                long x0, yy;
                float tx, rows[2];
                lin_src(x, w, fx, method, &x0, &tx);
                for (yy = 0; yy < 2; yy++) {
                    long iy = y0 + yy;
                    if (iy < 0 || iy >= (long)h) {
                        if (!replicate) { rows[yy] = 0.0f; continue; }
                        iy = iy < 0 ? 0 : (long)h - 1;
                    }
                    rows[yy] = (1.0f - tx) * sample(pi + (size_t)iy * w, x0, w, replicate) +
                               tx * sample(pi + (size_t)iy * w, x0 + 1, w, replicate);
                }
                po[y * ow + x] = (1.0f - ty) * rows[0] + ty * rows[1];
            }
        }
    }
}

void ovxc_nnf_upsample_nearest(size_t planes, size_t h, size_t w, size_t fy, size_t fx, const float *in, float *out)
{
    size_t p, y, x, oh = h * fy, ow = w * fx;
    for (p = 0; p < planes; p++)
        for (y = 0; y < oh; y++)
            for (x = 0; x < ow; x++) out[(p * oh + y) * ow + x] = in[(p * h + y / fy) * w + x / fx];
}
