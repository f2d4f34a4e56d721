/* The float32 convolution core, the fully connected dot products and the
 * softmax rows (compute/nn_float_gemm.h; the integer softmax rows of
 * compute/nn.h), AVX-512 F+BW+VL+DQ (issue 18).
 *
 * Convolution, 16 output channels or more: tiles of 32 (or 16) output
 * channels in the lanes x 14 output columns (conv_rows_cv below: no lane
 * past a row of 56 or 28 columns; 3x3 64->64 56x56 and 128->128 28x28 ~15%
 * faster than the tiles of columns in the lanes).  Fewer output channels:
 * register tiles of up to 2 packed blocks (2 x OVXC_NNF_MR =
 * 12 output channels) x 2 vectors of 16 output columns: 24 accumulators,
 * 2 input vectors, a broadcast weight; a step loads the two input vectors
 * of one (channel, tap) and adds 24 vfmadd231ps (per lane the scalar
 * reference's fmaf sequence: bit-identical by construction).  One input
 * load feeds 12 channels, one broadcast 32 columns.  A row's last tile of
 * fewer than 32 columns loads its partial vector masked (fault-free zeros:
 * the 1x1 direct path reads the input tensor itself, whose last row ends
 * there); columns past the output are never stored.  Full vectors inside
 * the output row of a unit-stride output with a per-map bias (or none) are
 * finished here (one vaddps, store), whole 8-column pieces by a ymm store,
 * the rest by the shared scalar store.
 *
 * Fully connected: 8 weight rows at a time, one vector of 16 partial sums
 * each (the header's p[16] exactly), the reduction in the header's tree
 * order, the tail by fmaf.
 *
 * Float softmax: the AVX2 variant's steps 16 lanes at a time: the maximum
 * (any order: the maximum is one value; NaN never wins, and a -0 / +0
 * maximum gives the same x - m but for x = +-0, whose exponential is 1
 * either way), ovxc_nnf_exp's operations per lane, the 8-lane sum fed the
 * low then the high half of each 16 (lane j: i = j mod 8 ascending, the
 * header's order).  The quotients e / sum: y = 1 / sum (one division per
 * row, rounded to nearest), q0 = e y, q1 = q0 + (e - q0 sum) y, q2 = q1 +
 * (e - q1 sum) y, each remainder by one fused multiply-add.  q1 is within
 * an ulp of e / sum, so its remainder is exact and q2 is the correctly
 * rounded quotient (Markstein's theorem: y within half an ulp of 1 / sum,
 * q1 within one ulp of e / sum, no underflow); the remainders stay
 * representable while the quotient is above 2^-100 (e >= 2^-126 and sum >=
 * 1 bound the rest): a vector with a lane below that, a zero or a NaN is
 * divided by vdivps instead (ovxc_nnf_softmax_div_avx512; cts/simd/test_nn.c
 * checks it against the division over every significand of e for a set of
 * sums, and near 2^-100).
 *
 * Integer softmax rows: the AVX2 row's steps (nn_avx2.c) with the maximum
 * of 64 bytes / 32 words a step and the rounding of 8 doubles a step. */
#include "nn_float_gemm.h"

#include <immintrin.h>
#include <math.h>
#include <string.h>

#if defined(__GNUC__)
#define NN_INLINE static inline __attribute__((always_inline))
#else
#define NN_INLINE static inline
#endif

/* ---- convolution ------------------------------------------------------------------ */

/* Lanes [0, n) of 16 floats at p, the others 0 (not read). */
NN_INLINE __m512 load_part(const float *p, __mmask16 k)
{
    return _mm512_castsi512_ps(_mm512_maskz_loadu_epi32(k, p));
}

/* The tile's accumulators: aJMV, block J (0, 1), channel M (0..5), vector V (0, 1). */
#define NNF_FMA(J, M, WP)                                                                                          \
    do {                                                                                                          \
        const __m512 wb_ = _mm512_set1_ps((WP)[M]);                                                               \
        a##J##M##0 = _mm512_fmadd_ps(wb_, v0, a##J##M##0);                                                        \
        if (nv == 2) a##J##M##1 = _mm512_fmadd_ps(wb_, v1, a##J##M##1);                                           \
    } while (0)

/* acc[j][m][v] = the sums of the tile whose column 0 is at base: nb blocks
 * (weights wq, wq + bstride), nv vectors, the last one loaded masked by k
 * when masked. */
NN_INLINE void conv_tile(const ovxc_nnf_conv_plan *p, const float *base, const float *wq, size_t bstride,
                         const size_t *tl, size_t nt, const int nb, const int nv, const int masked, __mmask16 k,
                         __m512 acc[2][OVXC_NNF_MR][2])
{
    const size_t ifm = p->w->ifm, taps = p->w->taps, plane = p->pl->plane;
    const size_t *toff = p->tap_off;
    const float *wq1 = wq + (nb == 2 ? bstride : 0);
    __m512 a000 = _mm512_setzero_ps(), a010 = a000, a020 = a000, a030 = a000, a040 = a000, a050 = a000;
    __m512 a001 = a000, a011 = a000, a021 = a000, a031 = a000, a041 = a000, a051 = a000;
    __m512 a100 = a000, a110 = a000, a120 = a000, a130 = a000, a140 = a000, a150 = a000;
    __m512 a101 = a000, a111 = a000, a121 = a000, a131 = a000, a141 = a000, a151 = a000;
    size_t c, i;
#define NNF_STEP(PP, W0, W1)                                                                                      \
    do {                                                                                                          \
        const float *pp_ = (PP), *w0_ = (W0), *w1_ = (W1);                                                        \
        const __m512 v0 = nv == 1 && masked ? load_part(pp_, k) : _mm512_loadu_ps(pp_);                          \
        const __m512 v1 = nv == 1 ? v0 : masked ? load_part(pp_ + 16, k) : _mm512_loadu_ps(pp_ + 16);            \
        NNF_FMA(0, 0, w0_);                                                                                       \
        NNF_FMA(0, 1, w0_);                                                                                       \
        NNF_FMA(0, 2, w0_);                                                                                       \
        NNF_FMA(0, 3, w0_);                                                                                       \
        NNF_FMA(0, 4, w0_);                                                                                       \
        NNF_FMA(0, 5, w0_);                                                                                       \
        if (nb == 2) {                                                                                            \
            NNF_FMA(1, 0, w1_);                                                                                   \
            NNF_FMA(1, 1, w1_);                                                                                   \
            NNF_FMA(1, 2, w1_);                                                                                   \
            NNF_FMA(1, 3, w1_);                                                                                   \
            NNF_FMA(1, 4, w1_);                                                                                   \
            NNF_FMA(1, 5, w1_);                                                                                   \
        }                                                                                                         \
    } while (0)
    if (nt == taps && p->koff) {
        /* every tap on a nonzero row: one flat run over (channel, tap),
         * the same order, weights read sequentially; the input lines of
         * the step 8 ahead prefetched (a channel's rows are a plane apart:
         * the 1x1 direct path reads a whole input plane per step, 1.12 ->
         * 0.93 ms on 256->64 56x56) */
        const size_t kk = ifm * taps, *ko = p->koff;
        for (i = 0; i + 8 < kk; i++) {
            _mm_prefetch((const char *)(base + ko[i + 8]), _MM_HINT_T0);
            _mm_prefetch((const char *)(base + ko[i + 8] + 16 * nv - 1), _MM_HINT_T0);
            NNF_STEP(base + ko[i], wq + i * OVXC_NNF_MR, wq1 + i * OVXC_NNF_MR);
        }
        for (; i < kk; i++) NNF_STEP(base + ko[i], wq + i * OVXC_NNF_MR, wq1 + i * OVXC_NNF_MR);
    } else {
        for (c = 0; c < ifm; c++) {
            const float *pc = base + c * plane;
            const float *wc = wq + c * taps * OVXC_NNF_MR, *wc1 = wq1 + c * taps * OVXC_NNF_MR;
            for (i = 0; i < nt; i++)
                NNF_STEP(pc + toff[tl[i]], wc + tl[i] * OVXC_NNF_MR, wc1 + tl[i] * OVXC_NNF_MR);
        }
    }
#undef NNF_STEP
    acc[0][0][0] = a000, acc[0][1][0] = a010, acc[0][2][0] = a020, acc[0][3][0] = a030, acc[0][4][0] = a040;
    acc[0][5][0] = a050;
    acc[0][0][1] = a001, acc[0][1][1] = a011, acc[0][2][1] = a021, acc[0][3][1] = a031, acc[0][4][1] = a041;
    acc[0][5][1] = a051;
    acc[1][0][0] = a100, acc[1][1][0] = a110, acc[1][2][0] = a120, acc[1][3][0] = a130, acc[1][4][0] = a140;
    acc[1][5][0] = a150;
    acc[1][0][1] = a101, acc[1][1][1] = a111, acc[1][2][1] = a121, acc[1][3][1] = a131, acc[1][4][1] = a141;
    acc[1][5][1] = a151;
}
#undef NNF_FMA

/* Store the tile's outputs: blocks [b, b + nb), columns [x0, x0 + n) of row y. */
static void conv_finish(const ovxc_nnf_conv_plan *p, __m512 acc[2][OVXC_NNF_MR][2], int nb, size_t n, size_t b,
                        size_t y, size_t x0)
{
    const size_t ofm = p->w->ofm;
    const int direct = p->out.strides[0] == sizeof(float) && !p->bias_loc;
    int j, m, v;
    for (j = 0; j < nb; j++)
        for (m = 0; m < OVXC_NNF_MR; m++) {
            const size_t o = (b + (size_t)j) * OVXC_NNF_MR + (size_t)m;
            float tmp[32];
            size_t done = 0;
            if (o >= ofm) return;
            if (direct) {
                float *row = (float *)(void *)(p->out.ptr + o * p->out.strides[2] + y * p->out.strides[1]) + x0;
                const __m512 bv = _mm512_set1_ps(p->bias ? p->bias[o] : 0.0f);
                for (v = 0; v < 2 && done < n; v++) {
                    const __m512 s = p->bias ? _mm512_add_ps(acc[j][m][v], bv) : acc[j][m][v];
                    if (done + 16 <= n) {
                        _mm512_storeu_ps(row + done, s);
                        done += 16;
                    } else {
                        if (done + 8 <= n) {
                            _mm256_storeu_ps(row + done, _mm512_castps512_ps256(s));
                            done += 8;
                        }
                        break;
                    }
                }
            }
            if (done < n) {
                _mm512_storeu_ps(tmp, acc[j][m][0]);
                _mm512_storeu_ps(tmp + 16, acc[j][m][1]);
                ovxc_nnf_conv_store(p, tmp + done, n - done, o, y, x0 + done);
            }
        }
}

/* One tile: its shape from the columns left (rem) and the blocks. */
NN_INLINE void conv_tile_any(const ovxc_nnf_conv_plan *p, const float *base, const float *wq, size_t bstride,
                             const size_t *tl, size_t nt, const int nb, size_t rem, __m512 acc[2][OVXC_NNF_MR][2])
{
    if (rem >= 32)
        conv_tile(p, base, wq, bstride, tl, nt, nb, 2, 0, 0, acc);
    else if (rem > 16)
        conv_tile(p, base, wq, bstride, tl, nt, nb, 2, 1, (__mmask16)((1u << (rem - 16)) - 1), acc);
    else if (rem == 16)
        conv_tile(p, base, wq, bstride, tl, nt, nb, 1, 0, 0, acc);
    else
        conv_tile(p, base, wq, bstride, tl, nt, nb, 1, 1, (__mmask16)((1u << rem) - 1), acc);
}

/* ---- convolution, output channels in the lanes ------------------------------------- */

/* Tiles of 16 or 32 output channels (the packed groups of 16, pw->cv_off)
 * x W <= 14 output columns: 28 accumulators (column j, group g), 2 weight
 * vectors, a broadcast input; a step adds 28 vfmadd231ps (per lane the
 * scalar reference's fmaf sequence).  Every lane is an output (no column
 * past the row's end is computed): rows of 56 or 28 columns fill their
 * vectors.  The sums are turned to rows of columns by a 16 x 16 transpose
 * and stored masked (vmovdqu16 of the floats' halves). */
#define NNF_CV_W 14

/* 128-bit lanes a[imm 1:0], a[3:2], b[5:4], b[7:6] (vshufi32x4: SIMDe's
 * emulation has the integer form only) */
#define NNF_SHUF128(A, B, IMM) \
    _mm512_castsi512_ps(_mm512_shuffle_i32x4(_mm512_castps_si512(A), _mm512_castps_si512(B), IMM))

/* r[i] <- the 16 x 16 transpose of r (r[i] lane j = old r[j] lane i). */
static void transpose16(__m512 r[16])
{
    __m512 t[16];
    int i;
    for (i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
    }
    for (i = 0; i < 16; i += 4) {
        r[i] = _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(t[i]), _mm512_castps_pd(t[i + 2])));
        r[i + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(t[i]), _mm512_castps_pd(t[i + 2])));
        r[i + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(t[i + 1]), _mm512_castps_pd(t[i + 3])));
        r[i + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(t[i + 1]), _mm512_castps_pd(t[i + 3])));
    }
    /* r[4 b + e]: element e (and e + 4, e + 8, e + 12) of rows 4 b .. 4 b + 3 */
    for (i = 0; i < 4; i++) {
        t[i] = NNF_SHUF128(r[i], r[i + 4], 0x88);
        t[i + 4] = NNF_SHUF128(r[i], r[i + 4], 0xDD);
        t[i + 8] = NNF_SHUF128(r[i + 8], r[i + 12], 0x88);
        t[i + 12] = NNF_SHUF128(r[i + 8], r[i + 12], 0xDD);
    }
    for (i = 0; i < 4; i++) {
        r[i] = NNF_SHUF128(t[i], t[i + 8], 0x88);
        r[i + 8] = NNF_SHUF128(t[i], t[i + 8], 0xDD);
        r[i + 4] = NNF_SHUF128(t[i + 4], t[i + 12], 0x88);
        r[i + 12] = NNF_SHUF128(t[i + 4], t[i + 12], 0xDD);
    }
}

/* Store group g's sums (acc[j]: column x0 + j, 16 channels) of channels
 * below ofm and columns [x0, x0 + w). */
static void cv_finish(const ovxc_nnf_conv_plan *p, __m512 acc[16], size_t g, size_t ofm, size_t w, size_t y,
                      size_t x0)
{
    const int direct = p->out.strides[0] == sizeof(float) && !p->bias_loc;
    const __mmask32 k = (__mmask32)((1u << (2 * w)) - 1);
    size_t i;
    for (i = w; i < 16; i++) acc[i] = _mm512_setzero_ps();
    transpose16(acc);
    for (i = 0; i < 16; i++) {
        const size_t o = g * 16 + i;
        if (o >= ofm) break;
        if (direct) {
            float *row = (float *)(void *)(p->out.ptr + o * p->out.strides[2] + y * p->out.strides[1]) + x0;
            const __m512 v = p->bias ? _mm512_add_ps(acc[i], _mm512_set1_ps(p->bias[o])) : acc[i];
            _mm512_mask_storeu_epi16(row, k, _mm512_castps_si512(v));
        } else {
            float tmp[16];
            _mm512_storeu_ps(tmp, acc[i]);
            ovxc_nnf_conv_store(p, tmp, w, o, y, x0);
        }
    }
}

#define NNF_COL(J)                                                                                                 \
    do {                                                                                                          \
        if (W > J) {                                                                                              \
            const __m512 xb_ = _mm512_set1_ps(pp_[J]);                                                            \
            c##J = _mm512_fmadd_ps(w0_, xb_, c##J);                                                               \
            if (ng == 2) d##J = _mm512_fmadd_ps(w1_, xb_, d##J);                                                  \
        }                                                                                                         \
    } while (0)

/* acc[g][j] = the sums of output column x0 + j (j < W), channels of
 * groups g (ng of them) from wg (the next at wg + gstride). */
NN_INLINE void cv_tile(const ovxc_nnf_conv_plan *p, const float *base, const float *wg, size_t gstride,
                       const size_t *tl, size_t nt, const int ng, const int W, __m512 acc[2][16])
{
    const size_t ifm = p->w->ifm, taps = p->w->taps, plane = p->pl->plane;
    const size_t *toff = p->tap_off;
    __m512 c0 = _mm512_setzero_ps(), c1 = c0, c2 = c0, c3 = c0, c4 = c0, c5 = c0, c6 = c0, c7 = c0, c8 = c0, c9 = c0, c10 = c0, c11 = c0, c12 = c0, c13 = c0;
    __m512 d0 = c0, d1 = c0, d2 = c0, d3 = c0, d4 = c0, d5 = c0, d6 = c0, d7 = c0, d8 = c0, d9 = c0, d10 = c0, d11 = c0, d12 = c0, d13 = c0;
    size_t c, i;
#define NNF_CV_STEP(PP, WP)                                                                                       \
    do {                                                                                                          \
        const float *pp_ = (PP), *wp_ = (WP);                                                                     \
        const __m512 w0_ = _mm512_loadu_ps(wp_);                                                                  \
        const __m512 w1_ = ng == 2 ? _mm512_loadu_ps(wp_ + gstride) : w0_;                                        \
        NNF_COL(0);                                                                                             \
        NNF_COL(1);                                                                                             \
        NNF_COL(2);                                                                                             \
        NNF_COL(3);                                                                                             \
        NNF_COL(4);                                                                                             \
        NNF_COL(5);                                                                                             \
        NNF_COL(6);                                                                                             \
        NNF_COL(7);                                                                                             \
        NNF_COL(8);                                                                                             \
        NNF_COL(9);                                                                                             \
        NNF_COL(10);                                                                                             \
        NNF_COL(11);                                                                                             \
        NNF_COL(12);                                                                                             \
        NNF_COL(13);                                                                                             \
\
    } while (0)
    if (nt == taps && p->koff) {
        const size_t kk = ifm * taps, *ko = p->koff;
        for (i = 0; i + 8 < kk; i++) {
            _mm_prefetch((const char *)(base + ko[i + 8]), _MM_HINT_T0);
            NNF_CV_STEP(base + ko[i], wg + i * 16);
        }
        for (; i < kk; i++) NNF_CV_STEP(base + ko[i], wg + i * 16);
    } else {
        for (c = 0; c < ifm; c++) {
            const float *pc = base + c * plane;
            const float *wc = wg + c * taps * 16;
            for (i = 0; i < nt; i++) NNF_CV_STEP(pc + toff[tl[i]], wc + tl[i] * 16);
        }
    }
#undef NNF_CV_STEP
    acc[0][0] = c0, acc[0][1] = c1, acc[0][2] = c2, acc[0][3] = c3, acc[0][4] = c4, acc[0][5] = c5, acc[0][6] = c6;
    acc[0][7] = c7, acc[0][8] = c8, acc[0][9] = c9, acc[0][10] = c10, acc[0][11] = c11, acc[0][12] = c12;
    acc[0][13] = c13;
    acc[1][0] = d0, acc[1][1] = d1, acc[1][2] = d2, acc[1][3] = d3, acc[1][4] = d4, acc[1][5] = d5, acc[1][6] = d6;
    acc[1][7] = d7, acc[1][8] = d8, acc[1][9] = d9, acc[1][10] = d10, acc[1][11] = d11, acc[1][12] = d12;
    acc[1][13] = d13;
}
#undef NNF_COL

/* One tile of w (1..14) columns: its instance by w. */
static void cv_tile_any(const ovxc_nnf_conv_plan *p, const float *base, const float *wg, size_t gstride,
                        const size_t *tl, size_t nt, int ng, size_t w, __m512 acc[2][16])
{
#define NNF_CV_CASE(W)                                                                                            \
    case W:                                                                                                       \
        if (ng == 2)                                                                                              \
            cv_tile(p, base, wg, gstride, tl, nt, 2, W, acc);                                                     \
        else                                                                                                      \
            cv_tile(p, base, wg, gstride, tl, nt, 1, W, acc);                                                     \
        break;
    switch (w) {
        NNF_CV_CASE(1)
        NNF_CV_CASE(2)
        NNF_CV_CASE(3)
        NNF_CV_CASE(4)
        NNF_CV_CASE(5)
        NNF_CV_CASE(6)
        NNF_CV_CASE(7)
        NNF_CV_CASE(8)
        NNF_CV_CASE(9)
        NNF_CV_CASE(10)
        NNF_CV_CASE(11)
        NNF_CV_CASE(12)
        NNF_CV_CASE(13)
    default:
        if (ng == 2)
            cv_tile(p, base, wg, gstride, tl, nt, 2, NNF_CV_W, acc);
        else
            cv_tile(p, base, wg, gstride, tl, nt, 1, NNF_CV_W, acc);
    }
#undef NNF_CV_CASE
}

/* Output rows [y0, y1), channels in the lanes: the groups of 16 output
 * channels that start in blocks [b0, b1), each whole (the ranges of the
 * threads' units partition the blocks, so they partition the groups: no
 * channel is computed twice, nor stored by two units). */
static void conv_rows_cv(const ovxc_nnf_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1)
{
    const ovxc_nnf_packw *w = p->w;
    const size_t taps = w->taps, gstride = w->ifm * taps * 16, ofm = w->ofm;
    const size_t o0 = b0 * OVXC_NNF_MR, o1 = b1 * OVXC_NNF_MR < ofm ? b1 * OVXC_NNF_MR : ofm;
    const size_t g0 = (o0 + 15) / 16, g1 = (o1 + 15) / 16;
    size_t y, g, x0;
    for (y = y0; y < y1; y++) {
        const float *base = p->ip + y * p->skip_y * p->pl->row_stride;
        const size_t nt = p->row_ntaps[y], *tl = p->row_taps + y * taps;
        for (x0 = 0; x0 < p->ow; x0 += NNF_CV_W) {
            const size_t wd = p->ow - x0 < NNF_CV_W ? p->ow - x0 : NNF_CV_W;
            for (g = g0; g < g1; g += 2) {
                const int ng = g + 1 < g1 ? 2 : 1;
                __m512 acc[2][16];
                cv_tile_any(p, base + x0, w->wp + w->cv_off + g * gstride, gstride, tl, nt, ng, wd, acc);
                cv_finish(p, acc[0], g, ofm, wd, y, x0);
                if (ng == 2) cv_finish(p, acc[1], g + 1, ofm, wd, y, x0);
            }
        }
    }
}

void ovxc_nnf_conv_rows_avx512(const ovxc_nnf_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1)
{
    const ovxc_nnf_packw *w = p->w;
    const size_t taps = w->taps, bstride = w->ifm * taps * OVXC_NNF_MR;
    size_t y, b, x0;
    if (w->ofm >= 16) {
        conv_rows_cv(p, y0, y1, b0, b1);
        return;
    }
    for (y = y0; y < y1; y++) {
        const float *base = p->ip + y * p->skip_y * p->pl->row_stride;
        const size_t nt = p->row_ntaps[y], *tl = p->row_taps + y * taps;
        /* column tiles outer, channel blocks inner: the tile's input
         * columns stay in L1 over the blocks, the packed weights stream */
        for (x0 = 0; x0 < p->ow; x0 += 32) {
            const size_t rem = p->ow - x0, n = rem < 32 ? rem : 32;
            for (b = b0; b < b1; b += 2) {
                const float *wq = w->wp + b * bstride;
                __m512 acc[2][OVXC_NNF_MR][2];
                if (b + 1 < b1) {
                    conv_tile_any(p, base + x0, wq, bstride, tl, nt, 2, rem, acc);
                    conv_finish(p, acc, 2, n, b, y, x0);
                } else {
                    conv_tile_any(p, base + x0, wq, bstride, tl, nt, 1, rem, acc);
                    conv_finish(p, acc, 1, n, b, y, x0);
                }
            }
        }
    }
}

/* ---- fully connected ------------------------------------------------------------ */

/* The header's tree over the 16 lanes of a: j + (j + 8), j + (j + 4), j + (j + 2), 0 + 1. */
NN_INLINE float hsum_tree16(__m512 a)
{
    const __m256 v = _mm256_add_ps(_mm512_castps512_ps256(a),
                                   _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(a), 1)));
    const __m128 q = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    const __m128 r = _mm_add_ps(q, _mm_movehl_ps(q, q));
    return _mm_cvtss_f32(_mm_add_ss(r, _mm_shuffle_ps(r, r, 1)));
}

void ovxc_nnf_fc_rows_avx512(const ovxc_nnf_fc_plan *p, size_t o0, size_t o1)
{
    const size_t k = p->k, k16 = k / 16 * 16, wrow = p->wrow;
    const float *x = p->x;
    size_t o = o0, i, r;
    for (; o + 8 <= o1; o += 8) {
        const float *w = p->w + o * wrow;
        __m512 a0 = _mm512_setzero_ps(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
        float s[8];
        for (i = 0; i < k16; i += 16) {
            const __m512 xv = _mm512_loadu_ps(x + i);
            a0 = _mm512_fmadd_ps(_mm512_loadu_ps(w + i), xv, a0);
            a1 = _mm512_fmadd_ps(_mm512_loadu_ps(w + wrow + i), xv, a1);
            a2 = _mm512_fmadd_ps(_mm512_loadu_ps(w + 2 * wrow + i), xv, a2);
            a3 = _mm512_fmadd_ps(_mm512_loadu_ps(w + 3 * wrow + i), xv, a3);
            a4 = _mm512_fmadd_ps(_mm512_loadu_ps(w + 4 * wrow + i), xv, a4);
            a5 = _mm512_fmadd_ps(_mm512_loadu_ps(w + 5 * wrow + i), xv, a5);
            a6 = _mm512_fmadd_ps(_mm512_loadu_ps(w + 6 * wrow + i), xv, a6);
            a7 = _mm512_fmadd_ps(_mm512_loadu_ps(w + 7 * wrow + i), xv, a7);
        }
        s[0] = hsum_tree16(a0), s[1] = hsum_tree16(a1), s[2] = hsum_tree16(a2), s[3] = hsum_tree16(a3);
        s[4] = hsum_tree16(a4), s[5] = hsum_tree16(a5), s[6] = hsum_tree16(a6), s[7] = hsum_tree16(a7);
        for (r = 0; r < 8; r++) {
            float t = 0.0f;
            for (i = k16; i < k; i++) t = fmaf(w[r * wrow + i], x[i], t);
            ovxc_nnf_fc_store(p, o + r, s[r], t);
        }
    }
    for (; o < o1; o++) {
        const float *w = p->w + o * wrow;
        __m512 a = _mm512_setzero_ps();
        float t = 0.0f;
        for (i = 0; i < k16; i += 16) a = _mm512_fmadd_ps(_mm512_loadu_ps(w + i), _mm512_loadu_ps(x + i), a);
        for (i = k16; i < k; i++) t = fmaf(w[i], x[i], t);
        ovxc_nnf_fc_store(p, o, hsum_tree16(a), t);
    }
}

/* ---- float softmax ------------------------------------------------------------------ */

/* ovxc_nnf_exp on lanes known to be in [OVXC_NNF_EXP_LO, 0] or NaN (no
 * clamps, no masks): the same value for those in range, and a NaN lane
 * gives that NaN itself as exp16 does (every operation has it as its only
 * NaN operand, and the integer scale made of it only scales the NaN).
 * nearbyintf(t) as (t + 1.5 2^23) - 1.5 2^23: |t| <= 127, so the sum's ulp
 * is 1 and its rounding to nearest even is nearbyintf's (1.5 2^23 is even);
 * the sum's low bits are 2^22 + n, so the scale 2^n is (bits + 127 - bits(1.5
 * 2^23)) << 23 with no conversion. */
NN_INLINE __m512 exp16_inrange(__m512 x)
{
    const __m512 magic = _mm512_set1_ps(12582912.0f);
    __m512 t, tm, n, r, p, y, s;
    t = _mm512_mul_ps(x, _mm512_set1_ps(1.44269504088896341f));
    tm = _mm512_add_ps(t, magic);
    n = _mm512_sub_ps(tm, magic);
    r = _mm512_fmadd_ps(n, _mm512_set1_ps(-0.693359375f), x);
    r = _mm512_fmadd_ps(n, _mm512_set1_ps(2.12194440e-4f), r);
    p = _mm512_set1_ps(1.9875691500e-4f);
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.3981999507e-3f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(8.3334519073e-3f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(4.1665795894e-2f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.6666665459e-1f));
    p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(5.0000001201e-1f));
    y = _mm512_fmadd_ps(p, _mm512_mul_ps(r, r), r);
    y = _mm512_add_ps(y, _mm512_set1_ps(1.0f));
    s = _mm512_castsi512_ps(_mm512_slli_epi32(
        _mm512_add_epi32(_mm512_castps_si512(tm), _mm512_set1_epi32(127 - 0x4B400000)), 23));
    return _mm512_mul_ps(y, s);
}

/* ovxc_nnf_exp per lane (the AVX2 variant's exp8 on 16 lanes): the lanes
 * below OVXC_NNF_EXP_LO give 0, NaN lanes themselves, the others (x > 0
 * taken as 0) exp16_inrange's value. */
NN_INLINE __m512 exp16(__m512 x)
{
    const __mmask16 small = _mm512_cmp_ps_mask(x, _mm512_set1_ps(OVXC_NNF_EXP_LO), _CMP_LT_OQ);
    const __mmask16 nan = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q);
    __m512 xc = _mm512_min_ps(x, _mm512_setzero_ps()); /* x > 0 ? 0 : x (NaN lanes: replaced below) */
    xc = _mm512_mask_blend_ps((__mmask16)(small | nan), xc, _mm512_set1_ps(-1.0f)); /* keep n in range */
    return _mm512_mask_blend_ps(nan, _mm512_maskz_mov_ps((__mmask16)~small, exp16_inrange(xc)), x);
}

/* e / sum for 16 lanes, y = 1 / sum rounded to nearest (see the file's head). */
NN_INLINE __m512 quot16(__m512 e, __m512 vsum, __m512 vy)
{
    const __m512 q0 = _mm512_mul_ps(e, vy);
    __m512 q1, q2;
    if (_mm512_cmp_ps_mask(q0, _mm512_set1_ps(0x1p-100f), _CMP_NGE_UQ)) return _mm512_div_ps(e, vsum);
    q1 = _mm512_fmadd_ps(_mm512_fnmadd_ps(q0, vsum, e), vy, q0);
    q2 = _mm512_fmadd_ps(_mm512_fnmadd_ps(q1, vsum, e), vy, q1);
    return q2;
}

void ovxc_nnf_softmax_div_avx512(float *o, size_t n, float sum)
{
    const size_t n16 = n / 16 * 16;
    const __m512 vsum = _mm512_set1_ps(sum), vy = _mm512_set1_ps(1.0f / sum);
    size_t i;
    for (i = 0; i < n16; i += 16) _mm512_storeu_ps(o + i, quot16(_mm512_loadu_ps(o + i), vsum, vy));
    for (i = n16; i < n; i++) o[i] = o[i] / sum;
}

void ovxc_nnf_softmax_rows_avx512(const ovxc_tensor *in, const ovxc_tensor *out, size_t axis, size_t i0, size_t i1)
{
    const size_t n = in->dims[axis], n8 = n / 8 * 8, n16 = n / 16 * 16;
    size_t it, i, d;
    if (in->strides[axis] != sizeof(float) || out->strides[axis] != sizeof(float)) {
        ovxc_nnf_softmax_rows(in, out, axis, i0, i1);
        return;
    }
    for (it = i0; it < i1; it++) {
        size_t rem = it, ioff = 0, ooff = 0;
        const float *x;
        float *o, m, t = 0.0f, sum, mv[16];
        __m512 vm0 = _mm512_set1_ps(-INFINITY), vm1 = vm0, vm2 = vm0, vm3 = vm0;
        __m512 vn0 = _mm512_set1_ps(INFINITY), vn1 = vn0;
        __m256 vs;
        __m128 q;
        int inrange;
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
        /* the maximum: vmaxps(x, v) = x > v ? x : v, NaN never wins; the
         * minimum of the 16-element groups beside it */
        for (i = 0; i + 64 <= n; i += 64) {
            const __m512 x0 = _mm512_loadu_ps(x + i), x1 = _mm512_loadu_ps(x + i + 16);
            const __m512 x2 = _mm512_loadu_ps(x + i + 32), x3 = _mm512_loadu_ps(x + i + 48);
            vm0 = _mm512_max_ps(x0, vm0), vm1 = _mm512_max_ps(x1, vm1);
            vm2 = _mm512_max_ps(x2, vm2), vm3 = _mm512_max_ps(x3, vm3);
            vn0 = _mm512_min_ps(_mm512_min_ps(x0, x1), vn0), vn1 = _mm512_min_ps(_mm512_min_ps(x2, x3), vn1);
        }
        for (; i < n16; i += 16) {
            const __m512 x0 = _mm512_loadu_ps(x + i);
            vm0 = _mm512_max_ps(x0, vm0), vn0 = _mm512_min_ps(x0, vn0);
        }
        vm0 = _mm512_max_ps(_mm512_max_ps(vm0, vm1), _mm512_max_ps(vm2, vm3));
        _mm512_storeu_ps(mv, vm0);
        m = -INFINITY;
        for (i = 0; i < 16; i++) m = mv[i] > m ? mv[i] : m;
        for (i = n16; i < n; i++) m = x[i] > m ? x[i] : m;
        _mm512_storeu_ps(mv, _mm512_min_ps(vn0, vn1));
        t = INFINITY;
        for (i = 0; i < 16; i++) t = mv[i] < t ? mv[i] : t;
        /* every group element's x - m in [OVXC_NNF_EXP_LO, 0] or NaN (x <=
         * m; fl(x - m) >= fl(min - m) >= LO; false when min - m is NaN or
         * an infinity is involved): the exponentials without clamps */
        inrange = t - m >= OVXC_NNF_EXP_LO;
        /* the exponentials; lane j of the 8-lane sum takes i = j mod 8 in order */
        vm0 = _mm512_set1_ps(m);
        vs = _mm256_setzero_ps();
#define NNF_EXP_LOOP(EXP)                                                                                         \
    for (i = 0; i < n16; i += 16) {                                                                               \
        const __m512 e = EXP(_mm512_sub_ps(_mm512_loadu_ps(x + i), vm0));                                         \
        _mm512_storeu_ps(o + i, e);                                                                               \
        vs = _mm256_add_ps(vs, _mm512_castps512_ps256(e));                                                        \
        vs = _mm256_add_ps(vs, _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(e), 1)));                 \
    }
        if (inrange) {
            NNF_EXP_LOOP(exp16_inrange)
        } else {
            NNF_EXP_LOOP(exp16)
        }
#undef NNF_EXP_LOOP
        t = 0.0f;
        if (n16 < n) {
            /* the last 1..15: a whole 8 into the lanes, the rest into t */
            const __m512 e = exp16(_mm512_sub_ps(load_part(x + n16, (__mmask16)((1u << (n - n16)) - 1)), vm0));
            _mm512_storeu_ps(mv, e);
            if (n8 > n16) vs = _mm256_add_ps(vs, _mm512_castps512_ps256(e));
            for (i = n16; i < n; i++) {
                o[i] = mv[i - n16];
                if (i >= n8) t = t + mv[i - n16];
            }
        }
        q = _mm_add_ps(_mm256_castps256_ps128(vs), _mm256_extractf128_ps(vs, 1)); /* j + (j + 4) */
        q = _mm_add_ps(q, _mm_movehl_ps(q, q));                                  /* j + (j + 2) */
        sum = _mm_cvtss_f32(_mm_add_ss(q, _mm_shuffle_ps(q, q, 1))) + t;
        ovxc_nnf_softmax_div_avx512(o, n, sum);
    }
}

/* ---- integer softmax rows (compute/nn.h) ------------------------------------------- */

NN_INLINE int32_t softmax_ld(const vx_uint8 *ip, size_t k, int type)
{
    return type == OVXC_T_U8 ? ip[k] : type == OVXC_T_S8 ? (int32_t)(vx_int8)ip[k] : ovxc_nn_load(ip + 2 * k, type);
}

/* mx - x for 4 elements from k, int32. */
NN_INLINE __m128i softmax_idx4(const vx_uint8 *ip, size_t k, int type, __m128i mx)
{
    __m128i x;
    if (type == OVXC_T_S16)
        x = _mm_cvtepi16_epi32(_mm_loadl_epi64((const __m128i *)(const void *)(ip + 2 * k)));
    else {
        int32_t w;
        memcpy(&w, ip + k, 4);
        x = type == OVXC_T_U8 ? _mm_cvtepu8_epi32(_mm_cvtsi32_si128(w)) : _mm_cvtepi8_epi32(_mm_cvtsi32_si128(w));
    }
    return _mm_sub_epi32(mx, x);
}

NN_INLINE void softmax_row_t(const vx_uint8 *ip, vx_uint8 *op, size_t n, int type, const double *et, double up,
                             double hi, double *e)
{
    int32_t mx = softmax_ld(ip, 0, type);
    size_t k = 0;
    double sum;
    /* the maximum */
    {
        vx_uint8 b[64];
        int j;
        if (type == OVXC_T_S16) {
            __m512i m = _mm512_set1_epi16((int16_t)mx);
            for (; k + 32 <= n; k += 32)
                m = _mm512_max_epi16(m, _mm512_loadu_si512((const void *)(ip + 2 * k)));
            _mm512_storeu_si512((void *)b, m);
            for (j = 0; j < 32; j++) {
                int16_t v;
                memcpy(&v, b + 2 * j, 2);
                mx = v > mx ? v : mx;
            }
        } else {
            __m512i m = _mm512_set1_epi8((char)mx);
            for (; k + 64 <= n; k += 64) {
                const __m512i v = _mm512_loadu_si512((const void *)(ip + k));
                m = type == OVXC_T_U8 ? _mm512_max_epu8(m, v) : _mm512_max_epi8(m, v);
            }
            _mm512_storeu_si512((void *)b, m);
            for (j = 0; j < 64; j++) {
                const int32_t v = type == OVXC_T_U8 ? b[j] : (int32_t)(vx_int8)b[j];
                mx = v > mx ? v : mx;
            }
        }
    }
    for (; k < n; k++) {
        const int32_t v = softmax_ld(ip, k, type);
        mx = v > mx ? v : mx;
    }
    /* the exponentials and their sum4: lane j of one vaddpd chain takes k = j mod 4 */
    {
        const __m128i vmx = _mm_set1_epi32(mx);
        __m256d s = _mm256_setzero_pd();
        double l[4];
        for (k = 0; k + 8 <= n; k += 8) {
            const __m256d v0 = _mm256_i32gather_pd(et, softmax_idx4(ip, k, type, vmx), 8);
            const __m256d v1 = _mm256_i32gather_pd(et, softmax_idx4(ip, k + 4, type, vmx), 8);
            _mm256_storeu_pd(e + k, v0);
            _mm256_storeu_pd(e + k + 4, v1);
            s = _mm256_add_pd(s, v0);
            s = _mm256_add_pd(s, v1);
        }
        if (k + 4 <= n) {
            const __m256d v0 = _mm256_i32gather_pd(et, softmax_idx4(ip, k, type, vmx), 8);
            _mm256_storeu_pd(e + k, v0);
            s = _mm256_add_pd(s, v0);
            k += 4;
        }
        _mm256_storeu_pd(l, s);
        for (; k < n; k++) {
            e[k] = et[mx - softmax_ld(ip, k, type)];
            l[k % 4] += e[k];
        }
        sum = (l[0] + l[1]) + (l[2] + l[3]);
    }
    /* out = min(rint(e / sum * up), hi): the AVX2 row's product up / sum
     * where it stands for the quotient, vdivpd near a half-integer */
    {
        const __m512d vs = _mm512_set1_pd(sum), vu = _mm512_set1_pd(up), vh = _mm512_set1_pd(hi);
        const __m512d vinv = _mm512_set1_pd(up / sum), half = _mm512_set1_pd(0.5), eps = _mm512_set1_pd(0x1p-49);
        for (k = 0; k + 8 <= n; k += 8) {
            const __m512d ev = _mm512_loadu_pd(e + k);
            __m512d r = _mm512_mul_pd(ev, vinv), rr;
            __m512i i;
            rr = _mm512_roundscale_pd(r, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            /* near: 0.5 - |r - rint(r)| <= r 2^-49 */
            if (_mm512_cmp_pd_mask(_mm512_sub_pd(half, _mm512_abs_pd(_mm512_sub_pd(r, rr))), _mm512_mul_pd(r, eps),
                                   _CMP_LE_OQ)) {
                r = _mm512_mul_pd(_mm512_div_pd(ev, vs), vu);
                rr = _mm512_roundscale_pd(r, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            }
            rr = _mm512_min_pd(vh, rr); /* r > hi ? hi : r; r >= 0 */
            i = _mm512_cvttpd_epi64(rr);
            if (type == OVXC_T_S16)
                _mm_storeu_si128((__m128i *)(void *)(op + 2 * k), _mm512_cvtepi64_epi16(i));
            else
                _mm_storel_epi64((__m128i *)(void *)(op + k), _mm512_cvtepi64_epi8(i));
        }
        for (; k < n; k++) {
            double r = (e[k] / sum * up + 6755399441055744.0) - 6755399441055744.0;
            r = r > hi ? hi : r;
            if (type == OVXC_T_S16)
                ovxc_nn_store(op + 2 * k, type, (vx_int64)r);
            else
                op[k] = (vx_uint8)(type == OVXC_T_U8 ? (vx_uint8)(vx_int64)r : (vx_uint8)(vx_int8)(vx_int64)r);
        }
    }
}

void ovxc_nn_softmax_row_avx512(const vx_uint8 *ip, vx_uint8 *op, size_t n, int type, const double *et, double up,
                                double hi, double *e)
{
    /* one copy per type: no type test in the loops */
    if (type == OVXC_T_U8)
        softmax_row_t(ip, op, n, OVXC_T_U8, et, up, hi, e);
    else if (type == OVXC_T_S8)
        softmax_row_t(ip, op, n, OVXC_T_S8, et, up, hi, e);
    else
        softmax_row_t(ip, op, n, OVXC_T_S16, et, up, hi, e);
}
