/* The float32 convolution core and fully connected dot products
 * (compute/nn_float_gemm.h): packing, the float planes, the scalar
 * reference variants (the summation order the header defines) and the
 * stores every variant shares. */
#include "nn_float_gemm.h"

#include <math.h>
#include <string.h>

#include "../runtime/dispatch.h"

static inline float nnf_ld(const vx_uint8 *p)
{
    float v;
    memcpy(&v, p, sizeof(v));
    return v;
}

/* Floats of the OVXC_NNF_MR blocks, rounded up to 16. */
static size_t packw_blocks_floats(const ovxc_tensor *w)
{
    const size_t blocks = (w->dims[3] + OVXC_NNF_MR - 1) / OVXC_NNF_MR;
    return (blocks * w->dims[2] * w->dims[0] * w->dims[1] * OVXC_NNF_MR + 15) / 16 * 16;
}

size_t ovxc_nnf_packw_size(const ovxc_tensor *w)
{
    const size_t groups = (w->dims[3] + 15) / 16;
    return (packw_blocks_floats(w) + groups * 16 * w->dims[2] * w->dims[0] * w->dims[1]) * sizeof(float);
}

void ovxc_nnf_packw_fill(const ovxc_tensor *w, void *mem, ovxc_nnf_packw *pw)
{
    const size_t kw = w->dims[0], kh = w->dims[1], ifm = w->dims[2], ofm = w->dims[3];
    size_t b, c, ky, kx, m;
    float *d = mem;
    pw->ofm = ofm, pw->ifm = ifm, pw->taps = kw * kh;
    pw->blocks = (ofm + OVXC_NNF_MR - 1) / OVXC_NNF_MR;
    pw->wp = mem;
    pw->cv_off = packw_blocks_floats(w);
    for (b = 0; b < pw->blocks; b++)
        for (c = 0; c < ifm; c++)
            for (ky = 0; ky < kh; ky++)
                for (kx = 0; kx < kw; kx++)
                    for (m = 0; m < OVXC_NNF_MR; m++) {
                        const size_t o = b * OVXC_NNF_MR + m;
                        *d++ = o < ofm ? nnf_ld(w->ptr + kx * w->strides[0] + ky * w->strides[1] + c * w->strides[2] +
                                             o * w->strides[3])
                                       : 0.0f;
                    }
    d = pw->wp + pw->cv_off;
    for (b = 0; b < (ofm + 15) / 16; b++)
        for (c = 0; c < ifm; c++)
            for (ky = 0; ky < kh; ky++)
                for (kx = 0; kx < kw; kx++)
                    for (m = 0; m < 16; m++) {
                        const size_t o = b * 16 + m;
                        *d++ = o < ofm ? nnf_ld(w->ptr + kx * w->strides[0] + ky * w->strides[1] + c * w->strides[2] +
                                             o * w->strides[3])
                                       : 0.0f;
                    }
}

void ovxc_nnf_conv_layout(const ovxc_nn_conv_geom *g, const ovxc_tensor *w, const ovxc_tensor *out,
                         ovxc_nn_planes *pl)
{
    /* the integer layout has (IFM + 1) / 2 pair planes of 8-column tiles:
     * ask for 2 IFM channels (IFM "pairs", one float each) and widen the
     * rows to whole OVXC_NNF_NR-column tiles */
    ovxc_tensor w2 = *w, o2 = *out;
    w2.dims[2] = 2 * w->dims[2];
    o2.dims[0] = (out->dims[0] + OVXC_NNF_NR - 1) / OVXC_NNF_NR * OVXC_NNF_NR;
    ovxc_nn_conv_layout(g, &w2, &o2, pl);
}

void ovxc_nnf_planes_fill(const ovxc_nn_planes *pl, const ovxc_nn_srcmap *map, const ovxc_tensor *in,
                         const vx_uint8 *ib, float *ip, size_t c0, size_t c1)
{
    const size_t cs = in->strides[2], rs = in->strides[1], es = in->strides[0];
    const size_t ncol = pl->phases * pl->pw;
    size_t c, r, j, ph;
    /* the padded columns that are one run of consecutive input columns
     * (convolution at skip 1): [a, e) reading input column pc - a + src(a) */
    size_t a = 0, e = 0;
    if (pl->phases == 1) {
        while (a < ncol && map->col[a] < 0) a++;
        e = a;
        while (e < ncol && map->col[e] == map->col[a] + (ptrdiff_t)(e - a)) e++;
        for (j = e; j < ncol; j++)
            if (map->col[j] >= 0) a = e = 0; /* not one run: the general loop */
    }
    for (c = c0; c < c1; c++)
        for (r = 0; r < pl->rows; r++) {
            float *d = ip + c * pl->plane + r * pl->row_stride;
            const ptrdiff_t sr = map->row[r];
            const vx_uint8 *src;
            if (sr < 0) {
                memset(d, 0, ncol * sizeof(float));
                continue;
            }
            src = ib + c * cs + (size_t)sr * rs;
            if (e > a && es == sizeof(float)) {
                memset(d, 0, a * sizeof(float));
                memcpy(d + a, src + (size_t)map->col[a] * es, (e - a) * sizeof(float));
                memset(d + e, 0, (ncol - e) * sizeof(float));
                continue;
            }
            for (ph = 0; ph < pl->phases; ph++)
                for (j = 0; j < pl->pw; j++) {
                    const ptrdiff_t sc = map->col[j * pl->phases + ph];
                    d[ph * pl->pw + j] = sc < 0 ? 0.0f : nnf_ld(src + (size_t)sc * es);
                }
        }
}

void ovxc_nnf_conv_row_taps(size_t oh, size_t skip_y, size_t taps, const ptrdiff_t *row_src, const size_t *tap_row,
                           size_t *ntaps, size_t *list)
{
    size_t y, t;
    for (y = 0; y < oh; y++) {
        size_t n = 0;
        for (t = 0; t < taps; t++)
            if (row_src[y * skip_y + tap_row[t]] >= 0) list[y * taps + n++] = t;
        ntaps[y] = n;
    }
}

void ovxc_nnf_conv_store(const ovxc_nnf_conv_plan *p, const float *sums, size_t n, size_t o, size_t y, size_t x0)
{
    vx_uint8 *row = p->out.ptr + o * p->out.strides[2] + y * p->out.strides[1] + x0 * p->out.strides[0];
    size_t i;
    for (i = 0; i < n; i++) {
        float v = sums[i];
        if (p->bias) v = v + p->bias[o];
        if (p->bias_loc) {
            const ovxc_tensor *b = p->bias_loc;
            v = v + nnf_ld(b->ptr + (x0 + i) * b->strides[0] + y * b->strides[1] + o * b->strides[2]);
        }
        memcpy(row + i * p->out.strides[0], &v, sizeof(v));
    }
}

void ovxc_nnf_conv_rows(const ovxc_nnf_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1)
{
    const ovxc_nnf_packw *w = p->w;
    const size_t taps = w->taps, ifm = w->ifm, plane = p->pl->plane;
    size_t y, b, x0, m, c, i;
    float sums[OVXC_NNF_NR];
    for (y = y0; y < y1; y++) {
        const float *base = p->ip + y * p->skip_y * p->pl->row_stride;
        const size_t nt = p->row_ntaps[y], *tl = p->row_taps + y * taps;
        for (b = b0; b < b1; b++)
            for (m = 0; m < OVXC_NNF_MR && b * OVXC_NNF_MR + m < w->ofm; m++)
                for (x0 = 0; x0 < p->ow; x0 += OVXC_NNF_NR) {
                    const size_t n = p->ow - x0 < OVXC_NNF_NR ? p->ow - x0 : OVXC_NNF_NR;
                    for (i = 0; i < n; i++) {
                        const float *wq = w->wp + b * ifm * taps * OVXC_NNF_MR + m;
                        float acc = 0.0f;
                        for (c = 0; c < ifm; c++) {
                            const float *pc = base + c * plane + x0 + i;
                            const float *wc = wq + c * taps * OVXC_NNF_MR;
                            size_t k;
                            for (k = 0; k < nt; k++)
                                acc = fmaf(wc[tl[k] * OVXC_NNF_MR], pc[p->tap_off[tl[k]]], acc);
                        }
                        sums[i] = acc;
                    }
                    ovxc_nnf_conv_store(p, sums, n, b * OVXC_NNF_MR + m, y, x0);
                }
    }
}

const ovx_variant *ovxc_nnf_conv_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX512(ovxc_nnf_conv_rows) OVX_VARIANT_AVX2(ovxc_nnf_conv_rows){"scalar", OVX_SIMD_NONE,
                                                                           (ovx_fn)ovxc_nnf_conv_rows}};
    return table;
}

/* ---- fully connected ------------------------------------------------------------ */

void ovxc_nnf_fc_store(const ovxc_nnf_fc_plan *p, size_t o, float s, float t)
{
    float v = s + t;
    if (p->bias) v = v + nnf_ld(p->bias->ptr + o * p->bias->strides[0]);
    memcpy(p->out + o * p->out_stride, &v, sizeof(v));
}

void ovxc_nnf_fc_rows(const ovxc_nnf_fc_plan *p, size_t o0, size_t o1)
{
    const size_t k = p->k, k16 = k / 16 * 16;
    size_t o, i, j;
    for (o = o0; o < o1; o++) {
        const float *w = p->w + o * p->wrow, *x = p->x;
        float s[16], t = 0.0f;
        for (j = 0; j < 16; j++) s[j] = 0.0f;
        for (i = 0; i < k16; i += 16)
            for (j = 0; j < 16; j++) s[j] = fmaf(w[i + j], x[i + j], s[j]);
        for (j = 0; j < 8; j++) s[j] = s[j] + s[j + 8];
        for (j = 0; j < 4; j++) s[j] = s[j] + s[j + 4];
        for (j = 0; j < 2; j++) s[j] = s[j] + s[j + 2];
        for (i = k16; i < k; i++) t = fmaf(w[i], x[i], t);
        ovxc_nnf_fc_store(p, o, s[0] + s[1], t);
    }
}

const ovx_variant *ovxc_nnf_fc_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX512(ovxc_nnf_fc_rows) OVX_VARIANT_AVX2(ovxc_nnf_fc_rows){"scalar", OVX_SIMD_NONE,
                                                                         (ovx_fn)ovxc_nnf_fc_rows}};
    return table;
}

/* ---- pooling -------------------------------------------------------------------- */

size_t ovxc_nnf_pool_tmp_floats(const ovxc_tensor *out, const vx_size size[2], const vx_size skip[2])
{
    return ((out->dims[0] - 1) * skip[0] + size[0] + 16) * size[1];
}

void ovxc_nnf_pool_max_row(const ovxc_nnf_pool_row *r, float *tmp)
{
    size_t pc, x, kx, yy;
    float *t = tmp + r->pad;
    for (pc = 0; pc < r->pad; pc++) tmp[pc] = r->outside;
    for (pc = r->pad + r->inside; pc < r->len; pc++) tmp[pc] = r->outside;
    for (pc = 0; pc < r->inside; pc++) t[pc] = r->init;
    for (yy = 0; yy < r->nrows; yy++) {
        const float *f = (const float *)(const void *)(r->ip + yy * r->rs);
        for (pc = 0; pc < r->inside; pc++) t[pc] = f[pc] > t[pc] ? f[pc] : t[pc];
    }
    for (x = 0; x < r->ow; x++) {
        const float *c = tmp + x * r->skip;
        float m0 = c[0];
        for (kx = 1; kx < r->size_x; kx++) m0 = c[kx] > m0 ? c[kx] : m0;
        memcpy(r->orow + x * r->os, &m0, sizeof(m0));
    }
}

const ovx_variant *ovxc_nnf_pool_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_nnf_pool_max_row){"scalar", OVX_SIMD_NONE,
                                                                              (ovx_fn)ovxc_nnf_pool_max_row}};
    return table;
}

const ovx_variant *ovxc_nnf_pool_avg_variants(void)
{
    /* the scalar entry: NULL, ovxc_nnf_pool_rows' own loops */
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_nnf_pool_avg_row){"scalar", OVX_SIMD_NONE, NULL}};
    return table;
}

void ovxc_nnf_pool_rows(const ovxc_tensor *in, const ovxc_tensor *out, int is_max, int ignore, const vx_size size[2],
                       const vx_size pad[2], const vx_size skip[2], size_t u0, size_t u1, float *tmp,
                       ovxc_nnf_row_fn row)
{
    const size_t iw = in->dims[0], ih = in->dims[1], ow = out->dims[0], oh = out->dims[1];
    const size_t len = (ow - 1) * skip[0] + size[0], es = in->strides[0];
    size_t u, x, kx, ky, pc;
    for (u = u0; u < u1; u++) {
        const size_t pl = u / oh, y = u % oh;
        const vx_uint8 *ip = in->ptr + ovxc_nn_batch_offset(in, 2, pl);
        vx_uint8 *op = out->ptr + ovxc_nn_batch_offset(out, 2, pl) + y * out->strides[1];
        if (!is_max && row && es == sizeof(float)) {
            const size_t py0 = y * skip[1];
            const size_t ys = py0 > pad[1] ? py0 - pad[1] : 0;
            const size_t ye0 = py0 + size[1] > pad[1] ? py0 + size[1] - pad[1] : 0, ye = ye0 < ih ? ye0 : ih;
            const size_t c0 = pad[0] < len ? pad[0] : len, c1 = iw + pad[0] < len ? iw + pad[0] : len;
            ovxc_nnf_pool_row r;
            memset(&r, 0, sizeof(r));
            r.rs = in->strides[1];
            r.ip = ip + ys * r.rs + (c0 - pad[0]) * es;
            r.nrows = ys < ye ? ye - ys : 0;
            r.inside = c1 - c0;
            r.len = len, r.pad = c0, r.size_x = size[0], r.skip = skip[0], r.ow = ow;
            r.orow = op, r.os = out->strides[0];
            ((ovxc_nnf_pool_avg_row_f)row)(&r, size[0] * size[1], ignore, tmp);
            continue;
        }
        if (!is_max) {
            /* the reference's double sums (nn_float_vx.c), in its order */
            for (x = 0; x < ow; x++) {
                double acc = 0.0;
                size_t count = 0;
                float v;
                for (ky = 0; ky < size[1]; ky++)
                    for (kx = 0; kx < size[0]; kx++) {
                        const size_t px = x * skip[0] + kx, py = y * skip[1] + ky;
                        if (px >= pad[0] && px < iw + pad[0] && py >= pad[1] && py < ih + pad[1]) {
                            acc += nnf_ld(ip + (px - pad[0]) * es + (py - pad[1]) * in->strides[1]);
                            count++;
                        }
                    }
                if (ignore)
                    v = count ? (float)(acc / (double)count) : 0.0f;
                else
                    v = (float)(acc / (double)(size[0] * size[1]));
                memcpy(op + x * out->strides[0], &v, sizeof(v));
            }
            continue;
        }
        {
            /* maxima of the window's rows per padded column (0 for columns
             * outside the input, and a 0 in when a row is outside; ignore:
             * -inf, and 0 for a window wholly outside), then of size_x
             * neighbouring columns */
            const size_t py0 = y * skip[1];
            const size_t ys = py0 > pad[1] ? py0 - pad[1] : 0;
            const size_t ye0 = py0 + size[1] > pad[1] ? py0 + size[1] - pad[1] : 0, ye = ye0 < ih ? ye0 : ih;
            const int cut = py0 < pad[1] || py0 + size[1] > ih + pad[1] || ys >= ye;
            const size_t c0 = pad[0] < len ? pad[0] : len, c1 = iw + pad[0] < len ? iw + pad[0] : len;
            ovxc_nnf_pool_row r;
            r.rs = in->strides[1];
            r.ip = ip + ys * r.rs + (c0 - pad[0]) * es;
            r.nrows = ys < ye && c1 > c0 ? ye - ys : 0;
            r.inside = c1 - c0;
            r.init = cut && !ignore ? 0.0f : -INFINITY;
            r.outside = ignore ? -INFINITY : 0.0f;
            r.len = len, r.pad = c0, r.size_x = size[0], r.skip = skip[0], r.ow = ow;
            r.orow = op, r.os = out->strides[0];
            if (es == sizeof(float)) {
                (row ? (ovxc_nnf_pool_max_row_f)row : ovxc_nnf_pool_max_row)(&r, tmp);
            } else {
                /* strided input columns: the scalar steps on loads */
                size_t yy;
                for (pc = 0; pc < c0; pc++) tmp[pc] = r.outside;
                for (pc = c1; pc < len; pc++) tmp[pc] = r.outside;
                for (pc = c0; pc < c1; pc++) tmp[pc] = r.init;
                for (yy = 0; yy < r.nrows; yy++)
                    for (pc = c0; pc < c1; pc++) {
                        const float v = nnf_ld(r.ip + yy * r.rs + (pc - c0) * es);
                        tmp[pc] = v > tmp[pc] ? v : tmp[pc];
                    }
                for (x = 0; x < ow; x++) {
                    const float *t = tmp + x * skip[0];
                    float m0 = t[0];
                    for (kx = 1; kx < size[0]; kx++) m0 = t[kx] > m0 ? t[kx] : m0;
                    memcpy(op + x * out->strides[0], &m0, sizeof(m0));
                }
            }
            if (ignore)
                for (x = 0; x < ow; x++)
                    if (r.nrows == 0 || x * skip[0] + size[0] <= c0 || x * skip[0] >= c1) {
                        const float z = 0.0f;
                        memcpy(op + x * out->strides[0], &z, sizeof(z));
                    }
        }
    }
}

/* ---- softmax -------------------------------------------------------------------- */

float ovxc_nnf_exp(float x)
{
    float t, n, r, p, y, s;
    int32_t bits;
    if (x < OVXC_NNF_EXP_LO) return 0.0f;
    if (!(x == x)) return x;
    if (x > 0.0f) x = 0.0f; /* not reached by softmax (x - max); keeps 2^n normal */
    t = x * 1.44269504088896341f;
    n = nearbyintf(t);
    r = fmaf(n, -0.693359375f, x);
    r = fmaf(n, 2.12194440e-4f, r);
    p = 1.9875691500e-4f;
    p = fmaf(p, r, 1.3981999507e-3f);
    p = fmaf(p, r, 8.3334519073e-3f);
    p = fmaf(p, r, 4.1665795894e-2f);
    p = fmaf(p, r, 1.6666665459e-1f);
    p = fmaf(p, r, 5.0000001201e-1f);
    y = fmaf(p, r * r, r);
    y = y + 1.0f;
    bits = ((int32_t)n + 127) << 23;
    memcpy(&s, &bits, sizeof(s));
    return y * s;
}

/* The byte offsets of softmax item it in in and out. */
static void softmax_item(const ovxc_tensor *in, const ovxc_tensor *out, size_t axis, size_t it, size_t *ioff,
                         size_t *ooff)
{
    size_t rem = it, d;
    *ioff = *ooff = 0;
    for (d = 0; d < in->num_dims; d++) {
        size_t idx;
        if (d == axis) continue;
        idx = rem % in->dims[d];
        rem /= in->dims[d];
        *ioff += idx * in->strides[d];
        *ooff += idx * out->strides[d];
    }
}

void ovxc_nnf_softmax_rows(const ovxc_tensor *in, const ovxc_tensor *out, size_t axis, size_t i0, size_t i1)
{
    const size_t n = in->dims[axis], n8 = n / 8 * 8, is = in->strides[axis], os = out->strides[axis];
    size_t it, i, j;
    for (it = i0; it < i1; it++) {
        size_t ioff, ooff;
        float m = -INFINITY, s[8], t = 0.0f, sum;
        softmax_item(in, out, axis, it, &ioff, &ooff);
        for (i = 0; i < n; i++) {
            const float v = nnf_ld(in->ptr + ioff + i * is);
            m = v > m ? v : m;
        }
        for (j = 0; j < 8; j++) s[j] = 0.0f;
        for (i = 0; i < n; i++) {
            const float e = ovxc_nnf_exp(nnf_ld(in->ptr + ioff + i * is) - m);
            memcpy(out->ptr + ooff + i * os, &e, sizeof(e));
            if (i < n8)
                s[i % 8] = s[i % 8] + e;
            else
                t = t + e;
        }
        for (j = 0; j < 4; j++) s[j] = s[j] + s[j + 4];
        for (j = 0; j < 2; j++) s[j] = s[j] + s[j + 2];
        sum = (s[0] + s[1]) + t;
        for (i = 0; i < n; i++) {
            const float e = nnf_ld(out->ptr + ooff + i * os) / sum;
            memcpy(out->ptr + ooff + i * os, &e, sizeof(e));
        }
    }
}

const ovx_variant *ovxc_nnf_softmax_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX512(ovxc_nnf_softmax_rows) OVX_VARIANT_AVX2(ovxc_nnf_softmax_rows){"scalar", OVX_SIMD_NONE,
                                                                              (ovx_fn)ovxc_nnf_softmax_rows}};
    return table;
}
