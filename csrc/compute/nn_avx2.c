/* The packed convolution core and the fully connected dot products
 * (compute/nn_gemm.h), AVX2.
 *
 * Convolution: register tiles of OVXC_NN_MR (6) output channels x up to
 * OVXC_NN_NV (2) vectors of 8 output columns: 12 int32 accumulators, 2 pair
 * vectors, a broadcast and a product (16 registers, no spill); a step
 * loads the tile's pair vectors of one (channel pair, tap) and adds one
 * vpmaddwd per channel with the broadcast weight pair: the scalar variant's
 * sums in another order, the same integers (exact under the caller's
 * bound).  The finish (bias, rounding, overflow policy, store) is done in
 * int32 lanes when the 8 columns lie in the output and the bias is per map,
 * else by the shared scalar step.
 *
 * Fully connected: 4 weight rows at a time against the input, 16 elements
 * a step (8-bit data widened to int16); int32 lane sums for 8-bit data
 * spilled to int64 every 4096 steps (|sum| < 4096 * 2 * 2^16 = 2^29), a
 * spill per step for 16-bit data (see nn_gemm.h). */
#include "nn_gemm.h"

#include <immintrin.h>
#include <string.h>

#if defined(__GNUC__)
#define NN_INLINE static inline __attribute__((always_inline))
#else
#define NN_INLINE static inline
#endif

NN_INLINE __m256i bcast_pair(const int16_t *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    return _mm256_set1_epi32(v);
}

/* acc[m][j] = the sums of the tile at pair column base (row base + x0). */
NN_INLINE void conv_tile(const ovxc_nn_conv_plan *p, const int16_t *base, const ptrdiff_t *rsrc, size_t b, int nv,
                         __m256i acc[OVXC_NN_MR][OVXC_NN_NV])
{
    const ovxc_nn_packw *w = p->w;
    const size_t taps = w->taps, plane2 = p->pl->plane * 2;
    const int16_t *wq = w->wp + b * w->cp * taps * OVXC_NN_MR * 2;
    size_t c2, t;
    int m, j;
    for (m = 0; m < OVXC_NN_MR; m++)
        for (j = 0; j < nv; j++) acc[m][j] = _mm256_setzero_si256();
    for (c2 = 0; c2 < w->cp; c2++) {
        const int16_t *pc = base + c2 * plane2;
        for (t = 0; t < taps; t++, wq += OVXC_NN_MR * 2) {
            const int16_t *pp = pc + p->tap_off[t] * 2;
            __m256i v[OVXC_NN_NV];
            if (rsrc && rsrc[p->tap_row[t]] < 0) continue; /* a zero row (padding, up-scaling holes) */
            for (j = 0; j < nv; j++) v[j] = _mm256_loadu_si256((const __m256i *)(const void *)(pp + 16 * j));
            for (m = 0; m < OVXC_NN_MR; m++) {
                const __m256i wb = bcast_pair(wq + 2 * m);
                for (j = 0; j < nv; j++) acc[m][j] = _mm256_add_epi32(acc[m][j], _mm256_madd_epi16(v[j], wb));
            }
        }
    }
}

/* Round the exact sums (2q fraction bits... q extra bits) by policy. */
static __m256i round_q(__m256i v, int q, int to_ne)
{
    const __m128i sh = _mm_cvtsi32_si128(q);
    const __m256i mask = _mm256_set1_epi32((1 << q) - 1);
    if (q == 0) return v;
    if (!to_ne) /* toward zero: negative values get 2^q - 1 added before the floor shift */
        return _mm256_sra_epi32(_mm256_add_epi32(v, _mm256_and_si256(_mm256_srai_epi32(v, 31), mask)), sh);
    {
        const __m256i fl = _mm256_sra_epi32(v, sh), rem = _mm256_and_si256(v, mask);
        const __m256i half = _mm256_set1_epi32(1 << (q - 1));
        const __m256i odd = _mm256_and_si256(fl, _mm256_set1_epi32(1));
        /* up: rem > half, or rem == half and fl odd, i.e. rem + (fl & 1) > half */
        const __m256i up = _mm256_cmpgt_epi32(_mm256_add_epi32(rem, odd), half);
        return _mm256_sub_epi32(fl, up);
    }
}

/* Convert and store 8 values of the row at dst (contiguous elements). */
static void store8(__m256i v, int type, int wrap, vx_uint8 *dst)
{
    __m128i lo = _mm256_castsi256_si128(v), hi = _mm256_extracti128_si256(v, 1), r;
    if (wrap) {
        const __m128i m = type == OVXC_T_S16 ? _mm_set1_epi32(0xFFFF) : _mm_set1_epi32(0xFF);
        r = _mm_packus_epi32(_mm_and_si128(lo, m), _mm_and_si128(hi, m));
        if (type == OVXC_T_S16)
            _mm_storeu_si128((__m128i *)(void *)dst, r);
        else
            _mm_storel_epi64((__m128i *)(void *)dst, _mm_packus_epi16(r, r));
        return;
    }
    r = _mm_packs_epi32(lo, hi);
    if (type == OVXC_T_S16)
        _mm_storeu_si128((__m128i *)(void *)dst, r);
    else if (type == OVXC_T_U8)
        _mm_storel_epi64((__m128i *)(void *)dst, _mm_packus_epi16(r, r));
    else
        _mm_storel_epi64((__m128i *)(void *)dst, _mm_packs_epi16(r, r));
}

NN_INLINE void conv_tile_rows(const ovxc_nn_conv_plan *p, const int16_t *rowbase, const ptrdiff_t *rsrc, size_t y,
                              size_t x0, size_t b, int nv)
{
    __m256i acc[OVXC_NN_MR][OVXC_NN_NV];
    const size_t es = p->f.type == OVXC_T_S16 ? 2 : 1;
    const int fast = !p->bias_loc && p->out.strides[0] == es;
    int m, j;
    conv_tile(p, rowbase + x0 * 2, rsrc, b, nv, acc);
    for (m = 0; m < OVXC_NN_MR; m++) {
        const size_t o = b * OVXC_NN_MR + (size_t)m;
        vx_uint8 *orow;
        __m256i bias;
        if (o >= p->ofm) break;
        orow = p->out.ptr + o * p->out.strides[2] + y * p->out.strides[1];
        bias = _mm256_set1_epi32(p->bias ? p->bias[o] : 0);
        for (j = 0; j < nv; j++) {
            const size_t x = x0 + 8 * (size_t)j;
            if (fast && x + 8 <= p->ow) {
                store8(round_q(_mm256_add_epi32(acc[m][j], bias), p->f.q, p->f.to_ne), p->f.type, p->f.wrap,
                       orow + x * es);
            } else {
                int32_t s[8];
                _mm256_storeu_si256((__m256i *)(void *)s, acc[m][j]);
                ovxc_nn_conv_finish(p, s, p->ow - x < 8 ? p->ow - x : 8, o, y, x);
            }
        }
    }
}

void ovxc_nn_conv_rows_avx2(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1)
{
    const ovxc_nn_planes *pl = p->pl;
    const size_t tile = 8 * OVXC_NN_NV;
    size_t y, x0, b;
    for (y = y0; y < y1; y++) {
        const int16_t *rowbase = pl->ip + y * p->skip_y * pl->row_stride * 2;
        const ptrdiff_t *rsrc = p->tap_row && p->row_src ? p->row_src + y * p->skip_y : NULL;
        for (x0 = 0; x0 < p->ow; x0 += tile) {
            const size_t left = p->ow - x0;
            const int nv = left >= 9 ? 2 : 1;
            for (b = b0; b < b1; b++) {
                if (nv == 2)
                    conv_tile_rows(p, rowbase, rsrc, y, x0, b, 2);
                else
                    conv_tile_rows(p, rowbase, rsrc, y, x0, b, 1);
            }
        }
    }
}

/* ---- fully connected -------------------------------------------------------------- */

NN_INLINE __m256i load16(const vx_uint8 *p, int type)
{
    if (type == OVXC_T_U8) return _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)p));
    if (type == OVXC_T_S8) return _mm256_cvtepi8_epi16(_mm_loadu_si128((const __m128i *)(const void *)p));
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static int64_t hsum64(__m256i v)
{
    int64_t s[4];
    _mm256_storeu_si256((__m256i *)(void *)s, v);
    return s[0] + s[1] + s[2] + s[3];
}

/* int32 lanes -> two int64 halves added to acc */
NN_INLINE __m256i widen_add(__m256i acc, __m256i v)
{
    acc = _mm256_add_epi64(acc, _mm256_cvtepi32_epi64(_mm256_castsi256_si128(v)));
    return _mm256_add_epi64(acc, _mm256_cvtepi32_epi64(_mm256_extracti128_si256(v, 1)));
}

static int64_t dot_tail(const ovxc_nn_fc_plan *p, const vx_uint8 *wr, size_t k0)
{
    const size_t es = p->f.type == OVXC_T_S16 ? 2 : 1;
    int64_t s = 0;
    size_t k;
    for (k = k0; k < p->k; k++)
        s += (int64_t)ovxc_nn_load(wr + k * es, p->f.type) * ovxc_nn_load(p->x + k * es, p->f.type);
    return s;
}

void ovxc_nn_fc_rows_avx2(const ovxc_nn_fc_plan *p, size_t o0, size_t o1)
{
    const int type = p->f.type;
    const size_t es = type == OVXC_T_S16 ? 2 : 1, kv = p->k / 16 * 16;
    size_t o = o0, k, r;
    for (; o < o1; o += 4) {
        const size_t nr = o1 - o < 4 ? o1 - o : 4;
        const vx_uint8 *wr[4];
        __m256i s64[4];
        for (r = 0; r < 4; r++) {
            wr[r] = p->w + (o + (r < nr ? r : 0)) * p->wrow;
            s64[r] = _mm256_setzero_si256();
        }
        if (type == OVXC_T_S16) {
            const __m256i one = _mm256_set1_epi32(1);
            for (k = 0; k < kv; k += 16) {
                const __m256i x = load16(p->x + k * es, type);
                for (r = 0; r < 4; r++)
                    s64[r] = widen_add(s64[r], _mm256_sub_epi32(_mm256_madd_epi16(load16(wr[r] + k * es, type), x),
                                                                one));
            }
        } else {
            k = 0;
            while (k < kv) {
                const size_t end = kv - k > 4096 * 16 ? k + 4096 * 16 : kv;
                __m256i s32[4];
                for (r = 0; r < 4; r++) s32[r] = _mm256_setzero_si256();
                for (; k < end; k += 16) {
                    const __m256i x = load16(p->x + k * es, type);
                    for (r = 0; r < 4; r++)
                        s32[r] = _mm256_add_epi32(s32[r], _mm256_madd_epi16(load16(wr[r] + k * es, type), x));
                }
                for (r = 0; r < 4; r++) s64[r] = widen_add(s64[r], s32[r]);
            }
        }
        for (r = 0; r < nr; r++) {
            /* 16-bit: each of the kv / 16 steps took 1 from each of its 8 lanes */
            int64_t acc = hsum64(s64[r]) + (type == OVXC_T_S16 ? (int64_t)(kv / 2) : 0);
            ovxc_nn_fc_store(p, o + r, acc + dot_tail(p, wr[r], kv));
        }
    }
}

/* ---- max pooling rows -------------------------------------------------------------- */

/* The scalar row's steps (nn_layers.c) 32 bytes at a time: column maxima
 * kept in a register over the window's rows and stored once (an init store
 * then a load-max-store per row chained every row through memory: slower
 * than the scalar loops), neighbour maxima, then every skip-th (skip 2: the
 * even elements by a shift and a pack, exact for values in range).
 * 64x112x112 Q7.8 3x3/2: 0.41 ms scalar, 0.26 ms. */
NN_INLINE __m256i vmax(__m256i a, __m256i b, int type)
{
    return type == OVXC_T_U8 ? _mm256_max_epu8(a, b) : type == OVXC_T_S8 ? _mm256_max_epi8(a, b) : _mm256_max_epi16(a, b);
}

NN_INLINE void pool_max_row_t(const ovxc_nn_pool_row *r, int type, vx_uint8 *t)
{
    const size_t es = type == OVXC_T_S16 ? 2 : 1, nb = r->inside * es, lenb = r->len * es;
    const size_t nrunb = (r->len - r->size_x + 1) * es;
    vx_uint8 *c = t + r->pad * es, *m = t + lenb;
    const int16_t lo16 = r->cut ? 0 : -32768;
    const vx_int8 lo8 = r->cut ? 0 : (type == OVXC_T_S8 ? -128 : 0);
    const __m256i init = type == OVXC_T_S16 ? _mm256_set1_epi16(lo16) : _mm256_set1_epi8(lo8);
    size_t x, yy, i;
    memset(t, 0, r->pad * es);
    memset(c + nb, 0, lenb > r->pad * es + nb ? lenb - r->pad * es - nb : 0);
    /* column maxima in registers, one store per vector */
    for (x = 0; x + 32 <= nb; x += 32) {
        __m256i v = init;
        for (yy = r->ys; yy < r->ye; yy++)
            v = vmax(v, _mm256_loadu_si256((const __m256i *)(const void *)(r->ip + yy * r->rs + x)), type);
        _mm256_storeu_si256((__m256i *)(void *)(c + x), v);
    }
    for (; x < nb; x += es) {
        if (type == OVXC_T_S16) {
            int16_t v = lo16, a;
            for (yy = r->ys; yy < r->ye; yy++) {
                memcpy(&a, r->ip + yy * r->rs + x, 2);
                v = a > v ? a : v;
            }
            memcpy(c + x, &v, 2);
        } else if (type == OVXC_T_S8) {
            vx_int8 v = lo8;
            for (yy = r->ys; yy < r->ye; yy++) v = (vx_int8)r->ip[yy * r->rs + x] > v ? (vx_int8)r->ip[yy * r->rs + x] : v;
            c[x] = (vx_uint8)v;
        } else {
            vx_uint8 v = (vx_uint8)lo8;
            for (yy = r->ys; yy < r->ye; yy++) v = r->ip[yy * r->rs + x] > v ? r->ip[yy * r->rs + x] : v;
            c[x] = v;
        }
    }
    /* m may run past nrun (into its own slack), never into t */
    for (x = 0; x < nrunb; x += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(t + x));
        for (i = 1; i < r->size_x; i++)
            v = vmax(v, _mm256_loadu_si256((const __m256i *)(const void *)(t + x + i * es)), type);
        _mm256_storeu_si256((__m256i *)(void *)(m + x), v);
    }
    if (r->os != es || (r->skip != 1 && r->skip != 2)) {
        for (x = 0; x < r->ow; x++) memcpy(r->orow + x * r->os, m + x * r->skip * es, es);
    } else if (r->skip == 1) {
        memcpy(r->orow, m, r->ow * es);
    } else {
        /* even elements of 32 bytes from each half of 64 */
        for (x = 0; x + 32 / es <= r->ow; x += 32 / es) {
            __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)(m + 2 * x * es));
            __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(m + 2 * x * es + 32)), v;
            if (type == OVXC_T_S16)
                v = _mm256_packs_epi32(_mm256_srai_epi32(_mm256_slli_epi32(a, 16), 16),
                                       _mm256_srai_epi32(_mm256_slli_epi32(b, 16), 16));
            else
                v = _mm256_packus_epi16(_mm256_and_si256(a, _mm256_set1_epi16(0xFF)),
                                        _mm256_and_si256(b, _mm256_set1_epi16(0xFF)));
            v = _mm256_permute4x64_epi64(v, 0xD8); /* the packs work per 128-bit lane */
            _mm256_storeu_si256((__m256i *)(void *)(r->orow + x * es), v);
        }
        for (; x < r->ow; x++) memcpy(r->orow + x * es, m + 2 * x * es, es);
    }
}

void ovxc_nn_pool_max_row_avx2(const ovxc_nn_pool_row *r, int type, void *tmp)
{
    /* one copy per type: no type test in the loops */
    if (type == OVXC_T_U8)
        pool_max_row_t(r, OVXC_T_U8, tmp);
    else if (type == OVXC_T_S8)
        pool_max_row_t(r, OVXC_T_S8, tmp);
    else
        pool_max_row_t(r, OVXC_T_S16, tmp);
}

/* ---- softmax rows ------------------------------------------------------------------ */

/* The scalar row's steps (nn_layers.c) 4 doubles at a time: the maximum
 * (vpmax), the table's exponentials (vgatherdpd), the 4 partial sums as
 * the 4 lanes of one vaddpd chain (lane j: k = j mod 4, the scalar's
 * s0..s3), then per element the same vdivpd, vmulpd, round to nearest even
 * (vroundpd), min with hi and conversion. */
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

NN_INLINE int32_t softmax_ld(const vx_uint8 *ip, size_t k, int type)
{
    return type == OVXC_T_U8 ? ip[k] : type == OVXC_T_S8 ? (int32_t)(vx_int8)ip[k] : ovxc_nn_load(ip + 2 * k, type);
}

NN_INLINE void softmax_row_t(const vx_uint8 *ip, vx_uint8 *op, size_t n, int type, const double *et, double up,
                             double hi, double *e)
{
    int32_t mx = softmax_ld(ip, 0, type);
    size_t k = 0;
    double sum;
    /* the maximum */
    if (type == OVXC_T_S16) {
        __m256i m = _mm256_set1_epi16((int16_t)mx);
        __m128i h;
        for (; k + 16 <= n; k += 16)
            m = _mm256_max_epi16(m, _mm256_loadu_si256((const __m256i *)(const void *)(ip + 2 * k)));
        h = _mm_max_epi16(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
        h = _mm_max_epi16(h, _mm_srli_si128(h, 8));
        h = _mm_max_epi16(h, _mm_srli_si128(h, 4));
        h = _mm_max_epi16(h, _mm_srli_si128(h, 2));
        mx = (int16_t)_mm_extract_epi16(h, 0);
    } else {
        __m256i m = _mm256_set1_epi8((char)mx);
        __m128i h;
        for (; k + 32 <= n; k += 32) {
            const __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(ip + k));
            m = type == OVXC_T_U8 ? _mm256_max_epu8(m, v) : _mm256_max_epi8(m, v);
        }
        h = type == OVXC_T_U8 ? _mm_max_epu8(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1))
                              : _mm_max_epi8(_mm256_castsi256_si128(m), _mm256_extracti128_si256(m, 1));
        {
            int j;
            vx_uint8 b[16];
            _mm_storeu_si128((__m128i *)(void *)b, h);
            for (j = 0; j < 16; j++) {
                const int32_t v = type == OVXC_T_U8 ? b[j] : (int32_t)(vx_int8)b[j];
                mx = v > mx ? v : mx;
            }
        }
    }
    for (; k < n; k++) {
        const int32_t v = softmax_ld(ip, k, type);
        mx = v > mx ? v : mx;
    }
    /* the exponentials and their sum4 */
    {
        const __m128i vmx = _mm_set1_epi32(mx);
        __m256d s = _mm256_setzero_pd();
        double l[4];
        for (k = 0; k + 4 <= n; k += 4) {
            const __m256d v = _mm256_i32gather_pd(et, softmax_idx4(ip, k, type, vmx), 8);
            _mm256_storeu_pd(e + k, v);
            s = _mm256_add_pd(s, v);
        }
        _mm256_storeu_pd(l, s);
        for (; k < n; k++) {
            e[k] = et[mx - softmax_ld(ip, k, type)];
            l[k % 4] += e[k];
        }
        sum = (l[0] + l[1]) + (l[2] + l[3]);
    }
    /* out = min(rint(e / sum * up), hi).  up is a power of 2: the scalar's
     * r = fl(e / sum) * up is within r 2^-53 of e / sum * up, and
     * fl(e * fl(up / sum)) within r 2^-51.9: farther than r 2^-49 from
     * every half-integer both round to the same integer, so the product
     * stands for the quotient there; nearer (rare), the vector divides. */
    {
        const __m256d vs = _mm256_set1_pd(sum), vu = _mm256_set1_pd(up), vh = _mm256_set1_pd(hi);
        const __m256d vinv = _mm256_set1_pd(up / sum), half = _mm256_set1_pd(0.5), eps = _mm256_set1_pd(0x1p-49);
        const __m256d absm = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7FFFFFFFFFFFFFFFLL));
        for (k = 0; k + 4 <= n; k += 4) {
            const __m256d ev = _mm256_loadu_pd(e + k);
            __m256d r = _mm256_mul_pd(ev, vinv), rr;
            __m128i i;
            rr = _mm256_round_pd(r, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            /* near: 0.5 - |r - rint(r)| <= r 2^-49 */
            if (_mm256_movemask_pd(_mm256_cmp_pd(_mm256_sub_pd(half, _mm256_and_pd(_mm256_sub_pd(r, rr), absm)),
                                                 _mm256_mul_pd(r, eps), _CMP_LE_OQ))) {
                r = _mm256_mul_pd(_mm256_div_pd(ev, vs), vu);
                rr = _mm256_round_pd(r, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            }
            r = rr;
            r = _mm256_min_pd(vh, r); /* r > hi ? hi : r */
            i = _mm256_cvttpd_epi32(r);
            if (type == OVXC_T_S16)
                _mm_storel_epi64((__m128i *)(void *)(op + 2 * k), _mm_packs_epi32(i, i));
            else {
                const __m128i w = _mm_packs_epi32(i, i);
                const int32_t b = _mm_cvtsi128_si32(type == OVXC_T_U8 ? _mm_packus_epi16(w, w) : _mm_packs_epi16(w, w));
                memcpy(op + k, &b, 4);
            }
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

void ovxc_nn_softmax_row_avx2(const vx_uint8 *ip, vx_uint8 *op, size_t n, int type, const double *et, double up,
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
