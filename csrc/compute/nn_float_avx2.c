/* The float32 convolution core and fully connected dot products
 * (compute/nn_float_gemm.h), AVX2 + FMA.
 *
 * Convolution: register tiles of OVXC_NNF_MR (6) output channels x 2
 * vectors of 8 output columns (12 accumulators, 2 input vectors, a
 * broadcast weight: 15 registers), or x 1 vector for a row's last <= 8
 * columns; a step loads the two input vectors of one (channel, tap) and
 * adds 12 vfmadd231ps: per lane, the scalar reference's fmaf sequence.
 * Full vectors inside the output row of a unit-stride output with a
 * per-map bias (or none) are finished here (one vaddps, store), the rest
 * by the shared scalar store.
 *
 * Fully connected: 4 weight rows at a time, 2 vectors of 8 partial sums
 * each (lanes j and j + 8 of the header's p[16]), the reduction in the
 * header's tree order, the tail by fmaf (vfmadd231ss). */
#include "nn_float_gemm.h"

#include <immintrin.h>
#include <math.h>
#include <string.h>

#if defined(__GNUC__)
#define NN_INLINE static inline __attribute__((always_inline))
#else
#define NN_INLINE static inline
#endif

/* acc[m][j] = the sums of the tile whose column 0 is at base: named
 * accumulators (an array would live on the stack, stored every step). */
NN_INLINE void conv_tile(const ovxc_nnf_conv_plan *p, const float *base, const float *wq, const size_t *tl, size_t nt,
                         int nv, __m256 acc[OVXC_NNF_MR][2])
{
    const size_t ifm = p->w->ifm, taps = p->w->taps, plane = p->pl->plane;
    const size_t *toff = p->tap_off;
    __m256 a00 = _mm256_setzero_ps(), a10 = a00, a20 = a00, a30 = a00, a40 = a00, a50 = a00;
    __m256 a01 = a00, a11 = a00, a21 = a00, a31 = a00, a41 = a00, a51 = a00;
    size_t c, k;
#define NNF_STEP(PP, WT)                                                                                          \
    do {                                                                                                          \
        const float *pp_ = (PP), *wt_ = (WT);                                                                     \
        const __m256 v0 = _mm256_loadu_ps(pp_);                                                                   \
        __m256 wb;                                                                                                \
        if (nv == 2) {                                                                                            \
            const __m256 v1 = _mm256_loadu_ps(pp_ + 8);                                                           \
            wb = _mm256_broadcast_ss(wt_ + 0);                                                                    \
            a00 = _mm256_fmadd_ps(wb, v0, a00), a01 = _mm256_fmadd_ps(wb, v1, a01);                               \
            wb = _mm256_broadcast_ss(wt_ + 1);                                                                    \
            a10 = _mm256_fmadd_ps(wb, v0, a10), a11 = _mm256_fmadd_ps(wb, v1, a11);                               \
            wb = _mm256_broadcast_ss(wt_ + 2);                                                                    \
            a20 = _mm256_fmadd_ps(wb, v0, a20), a21 = _mm256_fmadd_ps(wb, v1, a21);                               \
            wb = _mm256_broadcast_ss(wt_ + 3);                                                                    \
            a30 = _mm256_fmadd_ps(wb, v0, a30), a31 = _mm256_fmadd_ps(wb, v1, a31);                               \
            wb = _mm256_broadcast_ss(wt_ + 4);                                                                    \
            a40 = _mm256_fmadd_ps(wb, v0, a40), a41 = _mm256_fmadd_ps(wb, v1, a41);                               \
            wb = _mm256_broadcast_ss(wt_ + 5);                                                                    \
            a50 = _mm256_fmadd_ps(wb, v0, a50), a51 = _mm256_fmadd_ps(wb, v1, a51);                               \
        } else {                                                                                                  \
            a00 = _mm256_fmadd_ps(_mm256_broadcast_ss(wt_ + 0), v0, a00);                                         \
            a10 = _mm256_fmadd_ps(_mm256_broadcast_ss(wt_ + 1), v0, a10);                                         \
            a20 = _mm256_fmadd_ps(_mm256_broadcast_ss(wt_ + 2), v0, a20);                                         \
            a30 = _mm256_fmadd_ps(_mm256_broadcast_ss(wt_ + 3), v0, a30);                                         \
            a40 = _mm256_fmadd_ps(_mm256_broadcast_ss(wt_ + 4), v0, a40);                                         \
            a50 = _mm256_fmadd_ps(_mm256_broadcast_ss(wt_ + 5), v0, a50);                                         \
        }                                                                                                         \
    } while (0)
    if (nt == taps && p->koff) {
        /* every tap on a nonzero row: one flat run over (channel, tap),
         * the same order, weights read sequentially */
        const size_t kk = ifm * taps, *ko = p->koff;
        for (k = 0; k + 8 < kk; k++) {
            /* the input lines of the step 8 ahead (a plane apart per channel) */
            _mm_prefetch((const char *)(base + ko[k + 8]), _MM_HINT_T0);
            _mm_prefetch((const char *)(base + ko[k + 8] + 8 * nv - 1), _MM_HINT_T0);
            NNF_STEP(base + ko[k], wq + k * OVXC_NNF_MR);
        }
        for (; k < kk; k++) NNF_STEP(base + ko[k], wq + k * OVXC_NNF_MR);
    } else {
        for (c = 0; c < ifm; c++) {
            const float *pc = base + c * plane;
            const float *wc = wq + c * taps * OVXC_NNF_MR;
            for (k = 0; k < nt; k++) NNF_STEP(pc + toff[tl[k]], wc + tl[k] * OVXC_NNF_MR);
        }
    }
#undef NNF_STEP
    acc[0][0] = a00, acc[1][0] = a10, acc[2][0] = a20, acc[3][0] = a30, acc[4][0] = a40, acc[5][0] = a50;
    acc[0][1] = a01, acc[1][1] = a11, acc[2][1] = a21, acc[3][1] = a31, acc[4][1] = a41, acc[5][1] = a51;
}

NN_INLINE void conv_finish(const ovxc_nnf_conv_plan *p, __m256 acc[OVXC_NNF_MR][2], int nv, size_t b, size_t y,
                           size_t x0)
{
    const size_t ofm = p->w->ofm;
    const size_t n = p->ow - x0 < (size_t)(8 * nv) ? p->ow - x0 : (size_t)(8 * nv);
    const int direct = p->out.strides[0] == sizeof(float) && !p->bias_loc;
    int m, j;
    for (m = 0; m < OVXC_NNF_MR; m++) {
        const size_t o = b * OVXC_NNF_MR + m;
        float tmp[16];
        size_t done = 0;
        if (o >= ofm) break;
        if (direct) {
            float *row = (float *)(void *)(p->out.ptr + o * p->out.strides[2] + y * p->out.strides[1]) + x0;
            const __m256 bv = p->bias ? _mm256_set1_ps(p->bias[o]) : _mm256_setzero_ps();
            for (j = 0; j < nv && done + 8 <= n; j++, done += 8)
                _mm256_storeu_ps(row + 8 * j, p->bias ? _mm256_add_ps(acc[m][j], bv) : acc[m][j]);
        }
        if (done < n) {
            for (j = 0; j < nv; j++) _mm256_storeu_ps(tmp + 8 * j, acc[m][j]);
            ovxc_nnf_conv_store(p, tmp + done, n - done, o, y, x0 + done);
        }
    }
}

void ovxc_nnf_conv_rows_avx2(const ovxc_nnf_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1)
{
    const ovxc_nnf_packw *w = p->w;
    const size_t taps = w->taps, bstride = w->ifm * taps * OVXC_NNF_MR;
    size_t y, b, x0;
    for (y = y0; y < y1; y++) {
        const float *base = p->ip + y * p->skip_y * p->pl->row_stride;
        const size_t nt = p->row_ntaps[y], *tl = p->row_taps + y * taps;
        /* column tiles outer, channel blocks inner: the tile's input
         * columns stay in L1 over the blocks, the packed weights stream */
        for (x0 = 0; x0 < p->ow; x0 += OVXC_NNF_NR)
            for (b = b0; b < b1; b++) {
                const float *wq = w->wp + b * bstride;
                __m256 acc[OVXC_NNF_MR][2];
                if (p->ow - x0 <= 8) {
                    conv_tile(p, base + x0, wq, tl, nt, 1, acc);
                    conv_finish(p, acc, 1, b, y, x0);
                } else {
                    conv_tile(p, base + x0, wq, tl, nt, 2, acc);
                    conv_finish(p, acc, 2, b, y, x0);
                }
            }
    }
}

/* ---- fully connected ------------------------------------------------------------ */

NN_INLINE float hsum_tree(__m256 a0, __m256 a1)
{
    const __m256 v = _mm256_add_ps(a0, a1);                                          /* j + (j + 8) */
    const __m128 q = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1)); /* j + (j + 4) */
    const __m128 r = _mm_add_ps(q, _mm_movehl_ps(q, q));                              /* j + (j + 2) */
    return _mm_cvtss_f32(_mm_add_ss(r, _mm_shuffle_ps(r, r, 1)));                    /* 0 + 1 */
}

void ovxc_nnf_fc_rows_avx2(const ovxc_nnf_fc_plan *p, size_t o0, size_t o1)
{
    const size_t k = p->k, k16 = k / 16 * 16, wrow = p->wrow;
    const float *x = p->x;
    size_t o = o0, i, r;
    for (; o + 4 <= o1; o += 4) {
        const float *w = p->w + o * wrow;
        __m256 a[4][2];
        for (r = 0; r < 4; r++) a[r][0] = a[r][1] = _mm256_setzero_ps();
        for (i = 0; i < k16; i += 16) {
            const __m256 x0 = _mm256_loadu_ps(x + i), x1 = _mm256_loadu_ps(x + i + 8);
            for (r = 0; r < 4; r++) {
                a[r][0] = _mm256_fmadd_ps(_mm256_loadu_ps(w + r * wrow + i), x0, a[r][0]);
                a[r][1] = _mm256_fmadd_ps(_mm256_loadu_ps(w + r * wrow + i + 8), x1, a[r][1]);
            }
        }
        for (r = 0; r < 4; r++) {
            float t = 0.0f;
            for (i = k16; i < k; i++) t = fmaf(w[r * wrow + i], x[i], t);
            ovxc_nnf_fc_store(p, o + r, hsum_tree(a[r][0], a[r][1]), t);
        }
    }
    for (; o < o1; o++) {
        const float *w = p->w + o * wrow;
        __m256 a0 = _mm256_setzero_ps(), a1 = _mm256_setzero_ps();
        float t = 0.0f;
        for (i = 0; i < k16; i += 16) {
            a0 = _mm256_fmadd_ps(_mm256_loadu_ps(w + i), _mm256_loadu_ps(x + i), a0);
            a1 = _mm256_fmadd_ps(_mm256_loadu_ps(w + i + 8), _mm256_loadu_ps(x + i + 8), a1);
        }
        for (i = k16; i < k; i++) t = fmaf(w[i], x[i], t);
        ovxc_nnf_fc_store(p, o, hsum_tree(a0, a1), t);
    }
}

/* ---- softmax (compute/nn_float_gemm.h: ovxc_nnf_exp's operations per lane) ----------- */

NN_INLINE __m256 exp8(__m256 x)
{
    const __m256 small = _mm256_cmp_ps(x, _mm256_set1_ps(OVXC_NNF_EXP_LO), _CMP_LT_OQ);
    const __m256 nan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
    __m256 xc = _mm256_min_ps(x, _mm256_setzero_ps()); /* x > 0 ? 0 : x (NaN lanes: replaced below) */
    __m256 t, n, r, p, y, s;
    xc = _mm256_blendv_ps(xc, _mm256_set1_ps(-1.0f), _mm256_or_ps(small, nan)); /* keep n in range */
    t = _mm256_mul_ps(xc, _mm256_set1_ps(1.44269504088896341f));
    n = _mm256_round_ps(t, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    r = _mm256_fmadd_ps(n, _mm256_set1_ps(-0.693359375f), xc);
    r = _mm256_fmadd_ps(n, _mm256_set1_ps(2.12194440e-4f), r);
    p = _mm256_set1_ps(1.9875691500e-4f);
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.3981999507e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(8.3334519073e-3f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(4.1665795894e-2f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.6666665459e-1f));
    p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(5.0000001201e-1f));
    y = _mm256_fmadd_ps(p, _mm256_mul_ps(r, r), r);
    y = _mm256_add_ps(y, _mm256_set1_ps(1.0f));
    s = _mm256_castsi256_ps(
        _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23));
    y = _mm256_mul_ps(y, s);
    y = _mm256_andnot_ps(small, y);
    return _mm256_blendv_ps(y, x, nan);
}

void ovxc_nnf_softmax_rows_avx2(const ovxc_tensor *in, const ovxc_tensor *out, size_t axis, size_t i0, size_t i1)
{
    const size_t n = in->dims[axis], n8 = n / 8 * 8;
    size_t it, i, d;
    if (in->strides[axis] != sizeof(float) || out->strides[axis] != sizeof(float)) {
        ovxc_nnf_softmax_rows(in, out, axis, i0, i1);
        return;
    }
    for (it = i0; it < i1; it++) {
        size_t rem = it, ioff = 0, ooff = 0;
        const float *x;
        float *o, m, t = 0.0f, sum, mv[8];
        __m256 vm = _mm256_set1_ps(-INFINITY), vs = _mm256_setzero_ps(), vsum;
        __m128 q;
        for (d = 0; d < in->num_dims; d++) {
            size_t idx;
            if (d == axis) continue;
            idx = rem % in->dims[d];
            rem /= in->dims[d];
            ioff += idx * in->strides[d];
            ooff += idx * out->strides[d];
        }
        x = (const float *)(const void *)(in->ptr + ioff);
        o = (float *)(void *)(out->ptr + ooff);
        for (i = 0; i < n8; i += 8) vm = _mm256_max_ps(_mm256_loadu_ps(x + i), vm);
        _mm256_storeu_ps(mv, vm);
        m = -INFINITY;
        for (i = 0; i < 8; i++) m = mv[i] > m ? mv[i] : m;
        for (i = n8; i < n; i++) m = x[i] > m ? x[i] : m;
        vm = _mm256_set1_ps(m);
        for (i = 0; i < n8; i += 8) {
            const __m256 e = exp8(_mm256_sub_ps(_mm256_loadu_ps(x + i), vm));
            _mm256_storeu_ps(o + i, e);
            vs = _mm256_add_ps(vs, e);
        }
        for (i = n8; i < n; i++) {
            const float e = ovxc_nnf_exp(x[i] - m);
            o[i] = e;
            t = t + e;
        }
        q = _mm_add_ps(_mm256_castps256_ps128(vs), _mm256_extractf128_ps(vs, 1)); /* j + (j + 4) */
        q = _mm_add_ps(q, _mm_movehl_ps(q, q));                                  /* j + (j + 2) */
        sum = _mm_cvtss_f32(_mm_add_ss(q, _mm_shuffle_ps(q, q, 1))) + t;
        vsum = _mm256_set1_ps(sum);
        for (i = 0; i < n8; i += 8) _mm256_storeu_ps(o + i, _mm256_div_ps(_mm256_loadu_ps(o + i), vsum));
        for (i = n8; i < n; i++) o[i] = o[i] / sum;
    }
}

/* ---- max pooling rows ------------------------------------------------------------ */

/* The scalar row's steps 8 floats at a time: column maxima kept in a
 * register over the window's rows (vmaxps(row, v) = row > v ? row : v),
 * one store; then per 8 outputs the neighbours' maxima in kx order, at skip
 * 2 from the even elements of 16 (vshufps + vpermpd; reads one float past
 * len: tmp has 16 of slack). */
NN_INLINE __m256 even8(const float *p)
{
    const __m256 a = _mm256_loadu_ps(p), b = _mm256_loadu_ps(p + 8);
    return _mm256_castpd_ps(
        _mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0))), 0xD8));
}

void ovxc_nnf_pool_max_row_avx2(const ovxc_nnf_pool_row *r, float *tmp)
{
    const size_t n = r->inside, ow = r->ow, sx = r->size_x;
    float *t = tmp + r->pad;
    const __m256 init = _mm256_set1_ps(r->init);
    size_t pc, x, kx, yy;
    for (pc = 0; pc < r->pad; pc++) tmp[pc] = r->outside;
    for (pc = r->pad + n; pc < r->len; pc++) tmp[pc] = r->outside;
    for (pc = 0; pc + 8 <= n; pc += 8) {
        __m256 v = init;
        for (yy = 0; yy < r->nrows; yy++)
            v = _mm256_max_ps(_mm256_loadu_ps((const float *)(const void *)(r->ip + yy * r->rs) + pc), v);
        _mm256_storeu_ps(t + pc, v);
    }
    for (; pc < n; pc++) {
        float v = r->init;
        for (yy = 0; yy < r->nrows; yy++) {
            const float f = ((const float *)(const void *)(r->ip + yy * r->rs))[pc];
            v = f > v ? f : v;
        }
        t[pc] = v;
    }
    x = 0;
    if (r->os == sizeof(float) && r->skip <= 2) {
        float *o = (float *)(void *)r->orow;
        if (r->skip == 1) {
            for (; x + 8 <= ow; x += 8) {
                __m256 v = _mm256_loadu_ps(tmp + x);
                for (kx = 1; kx < sx; kx++) v = _mm256_max_ps(_mm256_loadu_ps(tmp + x + kx), v);
                _mm256_storeu_ps(o + x, v);
            }
        } else {
            for (; x + 8 <= ow; x += 8) {
                __m256 v = even8(tmp + 2 * x);
                for (kx = 1; kx < sx; kx++) v = _mm256_max_ps(even8(tmp + 2 * x + kx), v);
                _mm256_storeu_ps(o + x, v);
            }
        }
    }
    for (; x < ow; x++) {
        const float *c = tmp + x * r->skip;
        float m0 = c[0];
        for (kx = 1; kx < sx; kx++) m0 = c[kx] > m0 ? c[kx] : m0;
        memcpy(r->orow + x * r->os, &m0, sizeof(m0));
    }
}

/* ---- average pooling rows ---------------------------------------------------------- */

/* The window's inside rows copied into zero-padded rows of tmp, then per
 * 4 outputs one vaddpd per (row, kx) in the scalar's order (the padded
 * zeros add +0: no change to a sum that starts at +0 and so is never -0),
 * the same double division and conversion. */
NN_INLINE __m128 avg_load4(const float *p, size_t skip)
{
    if (skip == 1) return _mm_loadu_ps(p);
    return _mm_shuffle_ps(_mm_loadu_ps(p), _mm_loadu_ps(p + 4), _MM_SHUFFLE(2, 0, 2, 0));
}

/* Columns of [c, c + size_x) inside [c0, c1). */
static size_t avg_cols(size_t c, size_t size_x, size_t c0, size_t c1)
{
    const size_t a = c > c0 ? c : c0, b = c + size_x < c1 ? c + size_x : c1;
    return b > a ? b - a : 0;
}

void ovxc_nnf_pool_avg_row_avx2(const ovxc_nnf_pool_row *r, size_t area, int ignore, float *tmp)
{
    const size_t stride = r->len + 16, ow = r->ow, sx = r->size_x, skip = r->skip, nr = r->nrows;
    const size_t c0 = r->pad, c1 = r->pad + r->inside;
    size_t yy, x = 0, kx;
    for (yy = 0; yy < nr; yy++) {
        float *t = tmp + yy * stride;
        memset(t, 0, c0 * sizeof(float));
        memcpy(t + c0, r->ip + yy * r->rs, r->inside * sizeof(float));
        memset(t + c1, 0, (stride - c1) * sizeof(float));
    }
    if (skip <= 2 && r->os == sizeof(float)) {
        const __m256d va = _mm256_set1_pd((double)area);
        /* 16 outputs: 4 independent chains of vaddpd (one is latency-bound) */
        for (; !ignore && x + 16 <= ow; x += 16) {
            __m256d a0 = _mm256_setzero_pd(), a1 = a0, a2 = a0, a3 = a0;
            float *o = (float *)(void *)(r->orow + x * sizeof(float));
            for (yy = 0; yy < nr; yy++) {
                const float *t = tmp + yy * stride + x * skip;
                for (kx = 0; kx < sx; kx++) {
                    a0 = _mm256_add_pd(a0, _mm256_cvtps_pd(avg_load4(t + kx, skip)));
                    a1 = _mm256_add_pd(a1, _mm256_cvtps_pd(avg_load4(t + 4 * skip + kx, skip)));
                    a2 = _mm256_add_pd(a2, _mm256_cvtps_pd(avg_load4(t + 8 * skip + kx, skip)));
                    a3 = _mm256_add_pd(a3, _mm256_cvtps_pd(avg_load4(t + 12 * skip + kx, skip)));
                }
            }
            _mm_storeu_ps(o, _mm256_cvtpd_ps(_mm256_div_pd(a0, va)));
            _mm_storeu_ps(o + 4, _mm256_cvtpd_ps(_mm256_div_pd(a1, va)));
            _mm_storeu_ps(o + 8, _mm256_cvtpd_ps(_mm256_div_pd(a2, va)));
            _mm_storeu_ps(o + 12, _mm256_cvtpd_ps(_mm256_div_pd(a3, va)));
        }
        for (; x + 4 <= ow; x += 4) {
            __m256d acc = _mm256_setzero_pd(), div = va, q;
            for (yy = 0; yy < nr; yy++) {
                const float *t = tmp + yy * stride + x * skip;
                for (kx = 0; kx < sx; kx++) acc = _mm256_add_pd(acc, _mm256_cvtps_pd(avg_load4(t + kx, skip)));
            }
            if (ignore) {
                size_t cnt[4], j;
                for (j = 0; j < 4; j++) cnt[j] = nr * avg_cols((x + j) * skip, sx, c0, c1);
                div = _mm256_set_pd((double)cnt[3], (double)cnt[2], (double)cnt[1], (double)cnt[0]);
                q = _mm256_div_pd(acc, div);
                /* no sample inside: 0 */
                q = _mm256_and_pd(q, _mm256_cmp_pd(div, _mm256_setzero_pd(), _CMP_NEQ_OQ));
            } else {
                q = _mm256_div_pd(acc, div);
            }
            _mm_storeu_ps((float *)(void *)(r->orow + x * sizeof(float)), _mm256_cvtpd_ps(q));
        }
    }
    for (; x < ow; x++) {
        double acc = 0.0;
        size_t cnt;
        float v;
        for (yy = 0; yy < nr; yy++)
            for (kx = 0; kx < sx; kx++) acc += tmp[yy * stride + x * skip + kx];
        cnt = nr * avg_cols(x * skip, sx, c0, c1);
        if (ignore)
            v = cnt ? (float)(acc / (double)cnt) : 0.0f;
        else
            v = (float)(acc / (double)area);
        memcpy(r->orow + x * r->os, &v, sizeof(v));
    }
}
