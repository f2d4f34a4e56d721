/*
 * Bilateral filter, AVX2 (see bilateral.h; bit-exact with the scalar
 * ovxc_bilateral_u8 / _s16).
 *
 * One pixel a float lane, 8 pixels a step, the taps in the scalar order, so
 * each lane performs the scalar's operations in the scalar's order: w =
 * space_w[t] * color_w[d2] (gathered; a tap the scalar skips, d2 >=
 * color_n, gets w = 0, and adding n * 0 and 0 leaves the sums unchanged:
 * they start at +0 and never become -0), acc += n * w, wsum += w (separate
 * multiply and add: no FMA), then roundf(acc / wsum) (half away from zero:
 * truncate, then step away from zero when the dropped part is at least 0.5)
 * and the clamp.  1 to 4 radiometric channels (strip_c1, strip_cn); more
 * run the scalar code.
 *
 * The source must be readable OVXC_BILATERAL_SLACK elements past the end of
 * the padded source's last row (bilateral.h): a strip's last step may read
 * beyond it, into lanes whose results are not used.
 */
#include "bilateral.h"
#include "bilateral_plan.h"

#include <immintrin.h>

static inline __m256 roundf8(__m256 v)
{
    const __m256 sign = _mm256_set1_ps(-0.0f);
    __m256 t = _mm256_round_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    __m256 half = _mm256_cmp_ps(_mm256_andnot_ps(sign, _mm256_sub_ps(v, t)), _mm256_set1_ps(0.5f), _CMP_GE_OQ);
    __m256 step = _mm256_or_ps(_mm256_set1_ps(1.0f), _mm256_and_ps(v, sign));
    return _mm256_add_ps(t, _mm256_and_ps(half, step));
}

static inline __m256i load8_u8(const vx_uint8 *p)
{
    return _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)p));
}

static inline __m256i load8_s16(const vx_int16 *p)
{
    return _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(const void *)p));
}

#define BILATERAL_STACK 56000 /* bytes of stack for a strip's rows when acc is small (run_c1) */

/* The n (<= 8) outputs from column x of row o: roundf(acc / ws), clamped. */
static inline void store8(const ovxc_bilateral *p, int s16, vx_uint8 *o, vx_int32 x, vx_int32 n, __m256 acc,
                          __m256 ws)
{
    __m256i res;
    acc = roundf8(_mm256_div_ps(acc, ws));
    if (s16) {
        acc = _mm256_min_ps(_mm256_max_ps(acc, _mm256_set1_ps(-32768.0f)), _mm256_set1_ps(32767.0f));
        res = _mm256_cvtps_epi32(acc);
        if (n == 8 && p->dst_sx == 2) {
            __m128i b = _mm_packs_epi32(_mm256_castsi256_si128(res), _mm256_extracti128_si256(res, 1));
            _mm_storeu_si128((__m128i *)(void *)(o + (ptrdiff_t)x * 2), b);
            return;
        }
    } else {
        acc = _mm256_min_ps(_mm256_max_ps(acc, _mm256_setzero_ps()), _mm256_set1_ps(255.0f));
        res = _mm256_cvtps_epi32(acc);
        if (n == 8 && p->dst_sx == 1) {
            __m128i b = _mm_packs_epi32(_mm256_castsi256_si128(res), _mm256_extracti128_si256(res, 1));
            _mm_storel_epi64((__m128i *)(void *)(o + x), _mm_packus_epi16(b, b));
            return;
        }
    }
    {
        vx_int32 v[8];
        _mm256_storeu_si256((__m256i *)(void *)v, res);
        for (vx_int32 k = 0; k < n; k++) {
            vx_uint8 *e = o + (ptrdiff_t)(x + k) * p->dst_sx;
            if (s16)
                *(vx_int16 *)(void *)e = (vx_int16)v[k];
            else
                *e = (vx_uint8)v[k];
        }
    }
}

/* One strip [xs, xe) x [y0, y1) of a one-channel image.
 *
 * A pair of pixels has one colour weight, so it is gathered once per pair:
 * for each forward tap f (dy > 0, or dy == 0 and dx > 0), G_f(q) =
 * space_w[f] * color_w[|I(q + f) - I(q)|^2] (0 from color_n on; U8 reads a
 * table of these products by |difference| with scalar loads) over the rows y - r .. y; pixel
 * p then takes G_f(p) for tap f, G_f(p - f) for its mirror -f (whose
 * spatial weight is the same float) and space_w * color_w[0] for the
 * centre: the scalar's w, the same float product.  The source rows are
 * converted to float once (a ring of 2r + 1 rows), and the accumulation is
 * the scalar's, tap by tap in its order. */
static inline void strip_c1(const ovxc_bilateral *p, const plan *pl, const vx_float32 *tab, const void *src,
                            int s16, vx_uint8 *dst, vx_int32 y0, vx_int32 y1, vx_int32 xs, vx_int32 xe, float *mem)
{
    const vx_int32 r = pl->r, gw = pl->gw, nf = (vx_int32)pl->nf;
    /* the rows in mem (plan_floats): G rings, float rows, the centre row */
    float(*g)[r + 1][gw] = (float(*)[r + 1][gw])(void *)mem;
    float(*fr)[gw] = (float(*)[gw])(void *)(mem + (size_t)(nf ? nf : 1) * (size_t)(r + 1) * (size_t)gw);
    float *centre = mem + ((size_t)(nf ? nf : 1) * (size_t)(r + 1) + (size_t)(2 * r + 1)) * (size_t)gw;
    const float *gp[81], *fp[81];
    const __m256i lim = _mm256_set1_epi32(1023), cn = _mm256_set1_epi32((int)p->color_n);
    const vx_int32 w = xe - xs, w8 = (w + 7) & ~7, gn = (w8 + 2 * r + 7) & ~7; /* columns xs - r + [0, gn) */
    for (vx_int32 k = 0; k < gw; k++) centre[k] = pl->wc;
#define LOAD8(q) (s16 ? load8_s16((const vx_int16 *)src + (q)) : load8_u8((const vx_uint8 *)src + (q)))
    for (vx_int32 yy = y0 - r; yy < y1; yy++) {
        const vx_int32 slot = (yy + r) % (r + 1);
        const ptrdiff_t q0 = (ptrdiff_t)yy * p->row + xs - r;
        /* the G rows of row yy */
        for (vx_int32 f = 0; f < nf; f++) {
            float *gr = g[f][slot];
            if (s16) {
                const __m256 sw = _mm256_set1_ps(pl->fsw[f]);
                for (vx_int32 k = 0; k < gn; k += 8) {
                    __m256i cv = LOAD8(q0 + k), nv = LOAD8(q0 + k + pl->foff[f]);
                    __m256i a = _mm256_min_epi32(_mm256_abs_epi32(_mm256_sub_epi32(nv, cv)), lim);
                    __m256i d2 = _mm256_madd_epi16(a, a); /* a < 2^10 in the low halves */
                    __m256 cw = _mm256_mask_i32gather_ps(_mm256_setzero_ps(), p->color_w, d2,
                                                         _mm256_castsi256_ps(_mm256_cmpgt_epi32(cn, d2)), 4);
                    _mm256_storeu_ps(gr + k, _mm256_mul_ps(sw, cw));
                }
            } else {
                const vx_uint8 *a0 = (const vx_uint8 *)src + q0, *b0 = a0 + pl->foff[f];
                const float *tf = tab + (size_t)f * 256;
                for (vx_int32 k = 0; k < gn; k += 8) { /* table reads: quicker than a gather on Zen 3 */
                    __m128i a = _mm_loadl_epi64((const __m128i *)(const void *)(a0 + k));
                    __m128i b = _mm_loadl_epi64((const __m128i *)(const void *)(b0 + k));
                    uint64_t d = (uint64_t)_mm_cvtsi128_si64(_mm_sub_epi8(_mm_max_epu8(a, b), _mm_min_epu8(a, b)));
                    gr[k] = tf[d & 255];
                    gr[k + 1] = tf[(d >> 8) & 255];
                    gr[k + 2] = tf[(d >> 16) & 255];
                    gr[k + 3] = tf[(d >> 24) & 255];
                    gr[k + 4] = tf[(d >> 32) & 255];
                    gr[k + 5] = tf[(d >> 40) & 255];
                    gr[k + 6] = tf[(d >> 48) & 255];
                    gr[k + 7] = tf[d >> 56];
                }
            }
        }
        if (yy == y0 - r) /* the float rows y0 - r .. y0 + r - 1 */
            for (vx_int32 sy = y0 - r; sy < y0 + r; sy++) {
                float *d = fr[(sy + r) % (2 * r + 1)];
                ptrdiff_t s0 = (ptrdiff_t)sy * p->row + xs - r;
                for (vx_int32 k = 0; k < gn; k += 8) _mm256_storeu_ps(d + k, _mm256_cvtepi32_ps(LOAD8(s0 + k)));
            }
        if (yy < y0) continue;
        { /* the float row yy + r */
            float *d = fr[(yy + 2 * r) % (2 * r + 1)];
            ptrdiff_t s0 = (ptrdiff_t)(yy + r) * p->row + xs - r;
            for (vx_int32 k = 0; k < gn; k += 8) _mm256_storeu_ps(d + k, _mm256_cvtepi32_ps(LOAD8(s0 + k)));
        }
        /* each tap's weights and values for row yy, as pointers at column xs */
        {
            vx_int32 sg[9], sf[9]; /* ring slots of the rows yy - r .. yy + r: no division per tap */
            for (vx_int32 d = 0; d <= 2 * r; d++) {
                sg[d] = (yy + d) % (r + 1);
                sf[d] = (yy + d) % (2 * r + 1);
            }
            for (vx_uint32 t = 0; t < p->ntaps; t++) {
                vx_int32 f = pl->fwd[t], dx = pl->dxs[t], dy = pl->dys[t];
                if (f == 0)
                    gp[t] = centre;
                else if (f > 0) /* G_f(p) */
                    gp[t] = g[f - 1][slot] + r;
                else /* G_f(p + t), t = -f: row yy + dy, column x + dx */
                    gp[t] = g[-f - 1][sg[dy + r]] + r + dx;
                fp[t] = fr[sf[dy + r]] + r + dx;
            }
        }
        {
            vx_uint8 *o = dst + (ptrdiff_t)yy * p->dst_sy;
            vx_int32 x = 0;
            for (; x + 32 <= w; x += 32) { /* 32 pixels a step: 8 independent add chains hide the latency */
                __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0, s0 = a0, s1 = a0, s2 = a0, s3 = a0;
                for (vx_uint32 t = 0; t < p->ntaps; t++) {
                    const float *gt = gp[t] + x, *ft = fp[t] + x;
                    __m256 w0 = _mm256_loadu_ps(gt), w1 = _mm256_loadu_ps(gt + 8);
                    __m256 w2 = _mm256_loadu_ps(gt + 16), w3 = _mm256_loadu_ps(gt + 24);
                    a0 = _mm256_add_ps(a0, _mm256_mul_ps(_mm256_loadu_ps(ft), w0));
                    a1 = _mm256_add_ps(a1, _mm256_mul_ps(_mm256_loadu_ps(ft + 8), w1));
                    a2 = _mm256_add_ps(a2, _mm256_mul_ps(_mm256_loadu_ps(ft + 16), w2));
                    a3 = _mm256_add_ps(a3, _mm256_mul_ps(_mm256_loadu_ps(ft + 24), w3));
                    s0 = _mm256_add_ps(s0, w0);
                    s1 = _mm256_add_ps(s1, w1);
                    s2 = _mm256_add_ps(s2, w2);
                    s3 = _mm256_add_ps(s3, w3);
                }
                store8(p, s16, o, xs + x, 8, a0, s0);
                store8(p, s16, o, xs + x + 8, 8, a1, s1);
                store8(p, s16, o, xs + x + 16, 8, a2, s2);
                store8(p, s16, o, xs + x + 24, 8, a3, s3);
            }
            for (; x < w; x += 16) { /* the rest, 16 pixels a step when there are: two chains */
                __m256 acc0 = _mm256_setzero_ps(), ws0 = _mm256_setzero_ps();
                __m256 acc1 = _mm256_setzero_ps(), ws1 = _mm256_setzero_ps();
                if (x + 8 < w) {
                    for (vx_uint32 t = 0; t < p->ntaps; t++) {
                        const float *gt = gp[t] + x, *ft = fp[t] + x;
                        __m256 w0 = _mm256_loadu_ps(gt), w1 = _mm256_loadu_ps(gt + 8);
                        acc0 = _mm256_add_ps(acc0, _mm256_mul_ps(_mm256_loadu_ps(ft), w0));
                        acc1 = _mm256_add_ps(acc1, _mm256_mul_ps(_mm256_loadu_ps(ft + 8), w1));
                        ws0 = _mm256_add_ps(ws0, w0);
                        ws1 = _mm256_add_ps(ws1, w1);
                    }
                    store8(p, s16, o, xs + x, 8, acc0, ws0);
                    store8(p, s16, o, xs + x + 8, w - x - 8 < 8 ? w - x - 8 : 8, acc1, ws1);
                } else {
                    for (vx_uint32 t = 0; t < p->ntaps; t++) {
                        __m256 w0 = _mm256_loadu_ps(gp[t] + x);
                        acc0 = _mm256_add_ps(acc0, _mm256_mul_ps(_mm256_loadu_ps(fp[t] + x), w0));
                        ws0 = _mm256_add_ps(ws0, w0);
                    }
                    store8(p, s16, o, xs + x, w - x, acc0, ws0);
                }
            }
        }
    }
#undef LOAD8
}

/* One strip of an image of C (2 to 4) channels: as strip_c1, the source
 * rows converted to float per channel (a ring of 2r + 1 rows), G_f from
 * them (each |difference| clamped to 1023, the squared distance summed in
 * float: exact below 2^24) by gathers from color_w, and C accumulators. */
static inline void strip_cn(const ovxc_bilateral *p, const plan *pl, const void *src, int s16, const int C,
                            vx_uint8 *dst, vx_int32 y0, vx_int32 y1, vx_int32 xs, vx_int32 xe, float *mem)
{
    const vx_int32 r = pl->r, gw = pl->gw, nf = (vx_int32)pl->nf, nr = 2 * r + 1;
    /* the rows in mem (plan_floats): G rings, float rows per channel, the centre row */
    float(*g)[r + 1][gw] = (float(*)[r + 1][gw])(void *)mem;
    float(*fr)[2 * r + 1][gw] =
        (float(*)[2 * r + 1][gw])(void *)(mem + (size_t)(nf ? nf : 1) * (size_t)(r + 1) * (size_t)gw);
    float *centre = mem + ((size_t)(nf ? nf : 1) * (size_t)(r + 1) + (size_t)C * (size_t)(2 * r + 1)) * (size_t)gw;
    const float *gp[81];
    const __m256i cn = _mm256_set1_epi32((int)p->color_n);
    const __m256 lim = _mm256_set1_ps(1023.0f), sign = _mm256_set1_ps(-0.0f);
    const vx_int32 w = xe - xs, w8 = (w + 7) & ~7, gn = (w8 + 2 * r + 7) & ~7; /* columns xs - r + [0, gn) */
    for (vx_int32 k = 0; k < gw; k++) centre[k] = pl->wc;
    for (vx_int32 yy = y0 - r; yy < y1; yy++) {
        const vx_int32 slot = (yy + r) % (r + 1);
        /* the float rows up to yy + r (all of y0 - r .. y0 + r at the start) */
        for (vx_int32 sy = yy == y0 - r ? yy : yy + r; sy <= yy + r; sy++) {
            /* column k: source column xs - 2r + k (0 outside the padded row: lanes not used) */
            float *rows[4];
            for (int c = 0; c < C; c++) rows[c] = fr[c][(sy + r) % nr];
            float_row(rows, (int)C, src, s16, p, sy, xs - 2 * r, gn + 2 * r, -r, p->width + r);
        }
        /* the G rows of row yy: column k of G (xs - r + k) is column k + r of fr */
        for (vx_int32 f = 0; f < nf; f++) {
            float *gr = g[f][slot];
            const __m256 sw = _mm256_set1_ps(pl->fsw[f]);
            const vx_int32 s0 = (yy + r) % nr, s1 = (yy + pl->fdy[f] + r) % nr, dx = pl->fdx[f];
            for (vx_int32 k = 0; k < gn; k += 8) {
                __m256 d2 = _mm256_setzero_ps();
                __m256i i2;
                for (int c = 0; c < C; c++) {
                    __m256 a = _mm256_sub_ps(_mm256_loadu_ps(&fr[c][s1][k + r + dx]), _mm256_loadu_ps(&fr[c][s0][k + r]));
                    a = _mm256_min_ps(_mm256_andnot_ps(sign, a), lim);
                    d2 = _mm256_add_ps(d2, _mm256_mul_ps(a, a));
                }
                i2 = _mm256_cvttps_epi32(d2);
                _mm256_storeu_ps(gr + k, _mm256_mul_ps(sw, _mm256_mask_i32gather_ps(
                                                               _mm256_setzero_ps(), p->color_w, i2,
                                                               _mm256_castsi256_ps(_mm256_cmpgt_epi32(cn, i2)), 4)));
            }
        }
        if (yy < y0) continue;
        for (vx_uint32 t = 0; t < p->ntaps; t++) {
            vx_int32 f = pl->fwd[t], dx = pl->dxs[t], dy = pl->dys[t];
            if (f == 0)
                gp[t] = centre;
            else if (f > 0)
                gp[t] = g[f - 1][slot] + r;
            else
                gp[t] = g[-f - 1][(yy + dy + r) % (r + 1)] + r + dx;
        }
        {
            vx_uint8 *o = dst + (ptrdiff_t)yy * p->dst_sy;
            for (vx_int32 x = 0; x < w; x += 8) {
                __m256 acc[4], ws = _mm256_setzero_ps();
                vx_int32 n = w - x < 8 ? w - x : 8;
                for (int c = 0; c < C; c++) acc[c] = _mm256_setzero_ps();
                for (vx_uint32 t = 0; t < p->ntaps; t++) {
                    const vx_int32 fs = (yy + pl->dys[t] + r) % nr, col = x + 2 * r + pl->dxs[t];
                    __m256 wt = _mm256_loadu_ps(gp[t] + x);
                    for (int c = 0; c < C; c++)
                        acc[c] = _mm256_add_ps(acc[c], _mm256_mul_ps(_mm256_loadu_ps(&fr[c][fs][col]), wt));
                    ws = _mm256_add_ps(ws, wt);
                }
                for (int c = 0; c < C; c++) {
                    __m256 v = roundf8(_mm256_div_ps(acc[c], ws));
                    vx_int32 res[8];
                    v = s16 ? _mm256_min_ps(_mm256_max_ps(v, _mm256_set1_ps(-32768.0f)), _mm256_set1_ps(32767.0f))
                            : _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), _mm256_set1_ps(255.0f));
                    _mm256_storeu_si256((__m256i *)(void *)res, _mm256_cvtps_epi32(v));
                    for (vx_int32 k = 0; k < n; k++) {
                        vx_uint8 *e = o + (ptrdiff_t)(xs + x + k) * p->dst_sx + (ptrdiff_t)c * p->dst_sc;
                        if (s16)
                            *(vx_int16 *)(void *)e = (vx_int16)res[k];
                        else
                            *e = (vx_uint8)res[k];
                    }
                }
            }
        }
    }
}



static void run_c1(const ovxc_bilateral *p, const void *src, int s16, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                   vx_float32 *acc)
{
    plan pl;
    if (!tap_plan(p, &pl)) {
        if (s16)
            ovxc_bilateral_s16(p, (const vx_int16 *)src, dst, y0, y1, acc);
        else
            ovxc_bilateral_u8(p, (const vx_uint8 *)src, dst, y0, y1, acc);
        return;
    }
    {
        /* the strips' rows: in acc when it holds strips wider than the stack
         * budget does (the kernel gives each call room for the whole width:
         * fewer strip edges, longer loops), else on the stack */
        float stack_rows[BILATERAL_STACK / sizeof(float)], *mem = stack_rows;
        vx_int32 bs = strip_width(p, &pl, sizeof(stack_rows) / sizeof(float), 32);
        vx_int32 wide = strip_width(p, &pl, p->scratch_floats, 32);
        /* U8: each forward tap's w by |difference|, space_w * color_w[a^2] (0 from color_n on) */
        float tab[s16 || p->channels > 1 ? 1 : (pl.nf ? pl.nf : 1) * 256];
        if (wide > bs) {
            bs = wide;
            mem = acc;
        }
        if (bs == 0) { /* not even one narrow strip fits: the scalar code */
            if (s16)
                ovxc_bilateral_s16(p, (const vx_int16 *)src, dst, y0, y1, acc);
            else
                ovxc_bilateral_u8(p, (const vx_uint8 *)src, dst, y0, y1, acc);
            return;
        }
        pl.bs = bs;
        pl.gw = bs + 2 * pl.r + 16;
        if (!s16 && p->channels == 1)
            for (vx_uint32 f = 0; f < pl.nf; f++)
                for (vx_uint32 a = 0; a < 256; a++)
                    tab[f * 256 + a] = a * a < p->color_n ? pl.fsw[f] * p->color_w[a * a] : 0.0f;
        for (vx_int32 xs = 0; xs < p->width; xs += pl.bs) {
            vx_int32 xe = p->width - xs > pl.bs ? xs + pl.bs : p->width;
            if (p->channels > 1) /* constant channel counts: the channel loops unrolled */
                BILATERAL_STRIP_CN(p, &pl, src, s16, dst, y0, y1, xs, xe, mem)
            else if (s16)
                strip_c1(p, &pl, tab, src, 1, dst, y0, y1, xs, xe, mem);
            else
                strip_c1(p, &pl, tab, src, 0, dst, y0, y1, xs, xe, mem);
        }
    }
}

void ovxc_bilateral_u8_avx2(const ovxc_bilateral *p, const vx_uint8 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                            vx_float32 *acc)
{
    if (y1 > y0) run_c1(p, src, 0, dst, y0, y1, acc);
}

void ovxc_bilateral_s16_avx2(const ovxc_bilateral *p, const vx_int16 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                             vx_float32 *acc)
{
    if (y1 > y0) run_c1(p, src, 1, dst, y0, y1, acc);
}
