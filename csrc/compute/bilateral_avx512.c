/*
 * Bilateral filter, AVX-512 (F, BW, VL, DQ; see bilateral.h; bit-exact with
 * the scalar ovxc_bilateral_u8 / _s16).
 *
 * The AVX2 variant's method (bilateral_avx2.c, bilateral_plan.h) on 16
 * float lanes: one pixel a lane, the taps in the scalar order, so each lane
 * performs the scalar's operations in the scalar's order: w = space_w[t] *
 * color_w[d2] (a tap the scalar skips, d2 >= color_n, gets w = 0 and adds
 * n * 0 and 0: the sums are unchanged), acc += n * w, wsum += w (separate
 * multiply and add: no FMA), then roundf(acc / wsum) (half away from zero)
 * and the clamp.  The sums start from the first tap's n * w and w instead
 * of 0 + n * w and 0 + w: the same floats, but for the sign of a zero
 * (S16: 0 + -0 is +0), which no output shows (it becomes the integer 0).
 *
 * What differs from the AVX2 variant:
 *  - one channel: the colour weights of a row of pairs are looked up 16 or
 *    64 at a time and multiplied by the pair's spatial weight (the float
 *    product space_w * color_w[a^2] of the scalar): gathered from a table
 *    of color_w[a^2] by |difference| a (1024 entries for S16, whose
 *    differences are clamped to 1023, 256 for U8: in L1, unlike color_w),
 *    or, U8 with AVX512_VBMI (ovxc_bilateral_u8_avx512vbmi), that
 *    table's bytes permuted into place (g_row_vbmi: about twice as fast as
 *    the gathers on a Sapphire Rapids core);
 *  - the rows' reads stop at the strip's last needed column (masked loads):
 *    no read reaches further than r elements past a padded row's end;
 *  - the strip's rows are aligned so that each row's first pixel starts a
 *    cache line (strip16, run): fewer loads split across two lines;
 *  - 64 pixels a step (8 independent add chains, sums64), then 16 a step;
 *    the outputs stored by masked narrowing stores.
 * 1 to 4 radiometric channels (strip_c1, strip_cn); more run the scalar
 * code.
 */
#include "bilateral.h"
#include "bilateral_plan.h"

#include <immintrin.h>
#include <stdint.h>
#include <string.h>

#define BILATERAL_STACK 56000 /* bytes of stack for a strip's rows when acc is small (run) */

/* The lanes below n (0 to 16 of them). */
static inline __mmask16 lanes(vx_int32 n)
{
    return n >= 16 ? (__mmask16)0xFFFF : n <= 0 ? (__mmask16)0 : (__mmask16)((1u << n) - 1u);
}

/* roundf(acc / ws) (half away from zero: truncate, then step away from
 * zero when the dropped part is at least 0.5; the value is a weighted mean
 * of the type's values, far inside the 32-bit range, and v - t is exact),
 * clamped to the type's range, as 32-bit integers.  No vrndscaleps: its
 * SIMDe emulation (cts/simde_shim) misreads the immediate. */
static inline __m512i result16(int s16, __m512 acc, __m512 ws)
{
    __m512 v = _mm512_div_ps(acc, ws);
    __m512i ti = _mm512_cvttps_epi32(v);
    __mmask16 half = _mm512_cmp_ps_mask(_mm512_abs_ps(_mm512_sub_ps(v, _mm512_cvtepi32_ps(ti))),
                                        _mm512_set1_ps(0.5f), _CMP_GE_OQ);
    /* +1, or -1 when v is negative */
    __m512i step = _mm512_or_si512(_mm512_srai_epi32(_mm512_castps_si512(v), 31), _mm512_set1_epi32(1));
    ti = _mm512_mask_add_epi32(ti, half, ti, step);
    return s16 ? _mm512_min_epi32(_mm512_max_epi32(ti, _mm512_set1_epi32(-32768)), _mm512_set1_epi32(32767))
               : _mm512_min_epi32(_mm512_max_epi32(ti, _mm512_setzero_si512()), _mm512_set1_epi32(255));
}

/* The n (<= 16) outputs of one channel from element e of an output row,
 * elements `step` bytes apart. */
static inline void put16(int s16, vx_uint8 *e, ptrdiff_t step, vx_int32 n, __m512i res)
{
    if (!s16 && step == 1)
        _mm512_mask_cvtepi32_storeu_epi8(e, lanes(n), res);
    else if (s16 && step == 2)
        _mm512_mask_cvtepi32_storeu_epi16(e, lanes(n), res);
    else {
        vx_int32 v[16];
        _mm512_storeu_si512((void *)v, res);
        for (vx_int32 k = 0; k < n; k++) {
            if (s16)
                *(vx_int16 *)(void *)(e + (ptrdiff_t)k * step) = (vx_int16)v[k];
            else
                e[(ptrdiff_t)k * step] = (vx_uint8)v[k];
        }
    }
}

/* 16 source elements from q on as 32-bit integers, the lanes of m (others 0). */
static inline __m512i load16(const void *src, int s16, ptrdiff_t q, __mmask16 m)
{
    if (s16) return _mm512_cvtepi16_epi32(_mm256_maskz_loadu_epi16(m, (const vx_int16 *)src + q));
    return _mm512_cvtepu8_epi32(_mm_maskz_loadu_epi8(m, (const vx_uint8 *)src + q));
}

/* The sums of pixels x .. x + 63 of a row, the taps' weights at gp[t] + x
 * and values at fp[t] + x: a function of its own, so that the eight sums
 * stay in registers (inlined, the compiler kept one on the stack: a store
 * and a reload in its add chain). */
static __attribute__((noinline)) void sums64(const float *const *gp, const float *const *fp, vx_int32 nt, vx_int32 x,
                                             __m512 *acc, __m512 *wsum)
{
    const float *gt = gp[0] + x, *ft = fp[0] + x;
    __m512 s0 = _mm512_loadu_ps(gt), s1 = _mm512_loadu_ps(gt + 16);
    __m512 s2 = _mm512_loadu_ps(gt + 32), s3 = _mm512_loadu_ps(gt + 48);
    __m512 a0 = _mm512_mul_ps(_mm512_loadu_ps(ft), s0), a1 = _mm512_mul_ps(_mm512_loadu_ps(ft + 16), s1);
    __m512 a2 = _mm512_mul_ps(_mm512_loadu_ps(ft + 32), s2), a3 = _mm512_mul_ps(_mm512_loadu_ps(ft + 48), s3);
    for (vx_int32 t = 1; t < nt; t++) {
        __m512 w0, w1, w2, w3;
        gt = gp[t] + x, ft = fp[t] + x;
        w0 = _mm512_loadu_ps(gt), w1 = _mm512_loadu_ps(gt + 16);
        w2 = _mm512_loadu_ps(gt + 32), w3 = _mm512_loadu_ps(gt + 48);
        a0 = _mm512_add_ps(a0, _mm512_mul_ps(_mm512_loadu_ps(ft), w0));
        a1 = _mm512_add_ps(a1, _mm512_mul_ps(_mm512_loadu_ps(ft + 16), w1));
        a2 = _mm512_add_ps(a2, _mm512_mul_ps(_mm512_loadu_ps(ft + 32), w2));
        a3 = _mm512_add_ps(a3, _mm512_mul_ps(_mm512_loadu_ps(ft + 48), w3));
        s0 = _mm512_add_ps(s0, w0);
        s1 = _mm512_add_ps(s1, w1);
        s2 = _mm512_add_ps(s2, w2);
        s3 = _mm512_add_ps(s3, w3);
    }
    acc[0] = a0, acc[1] = a1, acc[2] = a2, acc[3] = a3;
    wsum[0] = s0, wsum[1] = s1, wsum[2] = s2, wsum[3] = s3;
}

/* The lanes below n (0 to 64 of them) of a 64-lane mask. */
static inline __mmask64 lanes64(vx_int32 n)
{
    return _cvtu64_mask64(n >= 64 ? ~0ull : n <= 0 ? 0ull : (1ull << n) - 1ull);
}

/* U8, one channel, with AVX512_VBMI (ovxc_bilateral_u8_avx512vbmi): the G
 * row of one forward tap (columns [0, gn), the source read for k < kn), G =
 * fsw * T[|a - b|], T[a] = color_w[a^2] as four planes of bytes (bp[byte]
 * [a]): each plane looked up 64 lanes at a time by two vpermi2b (entries 0
 * to 127, 128 to 255) and a blend on the index's top bit, the planes
 * interleaved into floats by unpacks.  The unpacks take lane l's dwords
 * 4m .. 4m + 3 from 128-bit lane m (k = 16 l + 4 m + j ends at column 16 m
 * + 4 l + j), so the differences are put in that order first (a 4 x 4
 * transpose of their dwords).  Exactly T[a] (the same 4 bytes), as the
 * gather would load it.  Built for VBMI by this function's own target: the
 * caller runs it only when the CPU has VBMI (kernels/bilateral.c). */
#if defined(__AVX512F__) /* the real AVX-512 build (the SIMDe one has no VBMI flag to ask for) */
__attribute__((target("avx512vbmi")))
#endif
static __attribute__((noinline)) void g_row_vbmi(const vx_uint8 *a0, const vx_uint8 *b0, float *gr, vx_int32 gn,
                                                 vx_int32 kn, vx_float32 fsw, const vx_uint8 (*bp)[256])
{
    const __m512i tr = _mm512_set_epi32(15, 11, 7, 3, 14, 10, 6, 2, 13, 9, 5, 1, 12, 8, 4, 0);
    const __m512 sw = _mm512_set1_ps(fsw);
    __m512i pl[4][4];
    for (int b = 0; b < 4; b++)
        for (int q = 0; q < 4; q++) pl[b][q] = _mm512_loadu_si512((const void *)(bp[b] + 64 * q));
    for (vx_int32 k = 0; k < gn; k += 64) {
        const __mmask64 m = lanes64(kn - k);
        __m512i a = _mm512_maskz_loadu_epi8(m, a0 + k), b = _mm512_maskz_loadu_epi8(m, b0 + k);
        __m512i d = _mm512_permutexvar_epi32(tr, _mm512_sub_epi8(_mm512_max_epu8(a, b), _mm512_min_epu8(a, b)));
        __mmask64 hi = _mm512_movepi8_mask(d); /* a >= 128 */
        __m512i p0 = _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(pl[0][0], d, pl[0][1]),
                                            _mm512_permutex2var_epi8(pl[0][2], d, pl[0][3]));
        __m512i p1 = _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(pl[1][0], d, pl[1][1]),
                                            _mm512_permutex2var_epi8(pl[1][2], d, pl[1][3]));
        __m512i p2 = _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(pl[2][0], d, pl[2][1]),
                                            _mm512_permutex2var_epi8(pl[2][2], d, pl[2][3]));
        __m512i p3 = _mm512_mask_blend_epi8(hi, _mm512_permutex2var_epi8(pl[3][0], d, pl[3][1]),
                                            _mm512_permutex2var_epi8(pl[3][2], d, pl[3][3]));
        __m512i u01l = _mm512_unpacklo_epi8(p0, p1), u01h = _mm512_unpackhi_epi8(p0, p1);
        __m512i u23l = _mm512_unpacklo_epi8(p2, p3), u23h = _mm512_unpackhi_epi8(p2, p3);
        __m512 f0 = _mm512_mul_ps(sw, _mm512_castsi512_ps(_mm512_unpacklo_epi16(u01l, u23l)));
        __m512 f1 = _mm512_mul_ps(sw, _mm512_castsi512_ps(_mm512_unpackhi_epi16(u01l, u23l)));
        __m512 f2 = _mm512_mul_ps(sw, _mm512_castsi512_ps(_mm512_unpacklo_epi16(u01h, u23h)));
        __m512 f3 = _mm512_mul_ps(sw, _mm512_castsi512_ps(_mm512_unpackhi_epi16(u01h, u23h)));
        _mm512_storeu_ps(gr + k, f0); /* gn is a multiple of 16: the groups below it */
        if (k + 16 < gn) _mm512_storeu_ps(gr + k + 16, f1);
        if (k + 32 < gn) _mm512_storeu_ps(gr + k + 32, f2);
        if (k + 48 < gn) _mm512_storeu_ps(gr + k + 48, f3);
    }
}

/* One strip [xs, xe) x [y0, y1) of a one-channel image: the AVX2 variant's
 * strip_c1 (bilateral_avx2.c).  For each forward tap f, G_f(q) = space_w[f]
 * * color_w[|I(q + f) - I(q)|^2] over the rows y - r .. y (a ring of r + 1
 * rows); pixel p takes G_f(p) for tap f, G_f(p - f) for its mirror and
 * space_w * color_w[0] for the centre.  The source rows are converted to
 * float once (a ring of 2r + 1 rows). */
static inline void strip_c1(const ovxc_bilateral *p, const plan *pl, const vx_float32 *tab,
                            const vx_uint8 (*bp)[256], const void *src, int s16, vx_uint8 *dst, vx_int32 y0,
                            vx_int32 y1, vx_int32 xs, vx_int32 xe, float *mem)
{
    const vx_int32 r = pl->r, gw = pl->gw, nf = (vx_int32)pl->nf, nt = (vx_int32)p->ntaps;
    /* the rows in mem (strip16): G rings, float rows, the centre row */
    float(*g)[r + 1][gw] = (float(*)[r + 1][gw])(void *)mem;
    float(*fr)[gw] = (float(*)[gw])(void *)(mem + (size_t)(nf ? nf : 1) * (size_t)(r + 1) * (size_t)gw);
    float *centre = mem + ((size_t)(nf ? nf : 1) * (size_t)(r + 1) + (size_t)(2 * r + 1)) * (size_t)gw;
    const float *gp[81], *fp[81];
    const __m512i lim = _mm512_set1_epi32(1023);
    /* pixels [0, w) of the strip, computed 16 a step (lanes to w16); G and
     * float columns k = column xs - r + k, needed for k < kn, computed to gn */
    const vx_int32 w = xe - xs, w16 = (w + 15) & ~15, kn = w + 2 * r, gn = (w16 + 2 * r + 15) & ~15;
    const ptrdiff_t step = p->dst_sx;
    for (vx_int32 k = 0; k < gw; k++) centre[k] = pl->wc;
    for (vx_int32 yy = y0 - r; yy < y1; yy++) {
        const vx_int32 slot = (yy + r) % (r + 1);
        const ptrdiff_t q0 = (ptrdiff_t)yy * p->row + xs - r;
        /* the G rows of row yy */
        for (vx_int32 f = 0; f < nf; f++) {
            float *gr = g[f][slot];
            const __m512 sw = _mm512_set1_ps(pl->fsw[f]);
            if (s16) {
                for (vx_int32 k = 0; k < gn; k += 16) {
                    __mmask16 m = lanes(kn - k);
                    __m512i a = _mm512_min_epi32(
                        _mm512_abs_epi32(_mm512_sub_epi32(load16(src, 1, q0 + k + pl->foff[f], m),
                                                          load16(src, 1, q0 + k, m))), lim);
                    /* tab[a] = color_w[a^2] (0 from color_n on): 4 KB, not color_w's up to 325 KB */
                    _mm512_storeu_ps(gr + k, _mm512_mul_ps(sw, _mm512_i32gather_ps(a, tab, 4)));
                }
            } else if (bp) {
                const vx_uint8 *a0 = (const vx_uint8 *)src + q0;
                g_row_vbmi(a0, a0 + pl->foff[f], gr, gn, kn, pl->fsw[f], bp);
            } else {
                const vx_uint8 *a0 = (const vx_uint8 *)src + q0, *b0 = a0 + pl->foff[f];
                for (vx_int32 k = 0; k < gn; k += 16) {
                    __mmask16 m = lanes(kn - k);
                    __m128i a = _mm_maskz_loadu_epi8(m, a0 + k), b = _mm_maskz_loadu_epi8(m, b0 + k);
                    __m512i d = _mm512_cvtepu8_epi32(_mm_sub_epi8(_mm_max_epu8(a, b), _mm_min_epu8(a, b)));
                    _mm512_storeu_ps(gr + k, _mm512_mul_ps(sw, _mm512_i32gather_ps(d, tab, 4)));
                }
            }
        }
        if (yy == y0 - r) /* the float rows y0 - r .. y0 + r - 1 */
            for (vx_int32 sy = y0 - r; sy < y0 + r; sy++) {
                float *d = fr[(sy + r) % (2 * r + 1)];
                ptrdiff_t s0 = (ptrdiff_t)sy * p->row + xs - r;
                for (vx_int32 k = 0; k < gn; k += 16)
                    _mm512_storeu_ps(d + k, _mm512_cvtepi32_ps(load16(src, s16, s0 + k, lanes(kn - k))));
            }
        if (yy < y0) continue;
        { /* the float row yy + r */
            float *d = fr[(yy + 2 * r) % (2 * r + 1)];
            ptrdiff_t s0 = (ptrdiff_t)(yy + r) * p->row + xs - r;
            for (vx_int32 k = 0; k < gn; k += 16)
                _mm512_storeu_ps(d + k, _mm512_cvtepi32_ps(load16(src, s16, s0 + k, lanes(kn - k))));
        }
        /* each tap's weights and values for row yy, as pointers at column xs */
        {
            vx_int32 sg[9], sf[9]; /* ring slots of the rows yy - r .. yy + r */
            for (vx_int32 d = 0; d <= 2 * r; d++) {
                sg[d] = (yy + d) % (r + 1);
                sf[d] = (yy + d) % (2 * r + 1);
            }
            for (vx_int32 t = 0; t < nt; t++) {
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
            vx_uint8 *o = dst + (ptrdiff_t)yy * p->dst_sy + (ptrdiff_t)xs * step;
            vx_int32 x = 0;
            for (; x + 64 <= w; x += 64) { /* 64 pixels a step: 8 independent add chains */
                __m512 a[4], ws[4];
                sums64(gp, fp, nt, x, a, ws);
                for (int i = 0; i < 4; i++)
                    put16(s16, o + (ptrdiff_t)(x + 16 * i) * step, step, 16, result16(s16, a[i], ws[i]));
            }
            for (; x < w; x += 16) { /* the rest, 16 pixels a step */
                __m512 ws = _mm512_loadu_ps(gp[0] + x), acc = _mm512_mul_ps(_mm512_loadu_ps(fp[0] + x), ws);
                for (vx_int32 t = 1; t < nt; t++) {
                    __m512 wt = _mm512_loadu_ps(gp[t] + x);
                    acc = _mm512_add_ps(acc, _mm512_mul_ps(_mm512_loadu_ps(fp[t] + x), wt));
                    ws = _mm512_add_ps(ws, wt);
                }
                put16(s16, o + (ptrdiff_t)x * step, step, w - x < 16 ? w - x : 16, result16(s16, acc, ws));
            }
        }
    }
}

/* One strip of an image of C (2 to 4) channels: as strip_c1, the source
 * rows converted to float per channel (a ring of 2r + 1 rows), G_f from
 * them (each |difference| clamped to 1023, the squared distance summed in
 * float: exact below 2^24) by gathers from color_w, and C accumulators. */
static inline void strip_cn(const ovxc_bilateral *p, const plan *pl, const void *src, int s16, const int C,
                            vx_uint8 *dst, vx_int32 y0, vx_int32 y1, vx_int32 xs, vx_int32 xe, float *mem)
{
    const vx_int32 r = pl->r, gw = pl->gw, nf = (vx_int32)pl->nf, nr = 2 * r + 1, nt = (vx_int32)p->ntaps;
    /* the rows in mem (strip16): G rings, float rows per channel, the centre row */
    float(*g)[r + 1][gw] = (float(*)[r + 1][gw])(void *)mem;
    float(*fr)[2 * r + 1][gw] =
        (float(*)[2 * r + 1][gw])(void *)(mem + (size_t)(nf ? nf : 1) * (size_t)(r + 1) * (size_t)gw);
    float *centre = mem + ((size_t)(nf ? nf : 1) * (size_t)(r + 1) + (size_t)C * (size_t)(2 * r + 1)) * (size_t)gw;
    const float *gp[81];
    vx_int32 fs[81], fc[81];
    const __m512i cn = _mm512_set1_epi32((int)p->color_n);
    const __m512 lim = _mm512_set1_ps(1023.0f);
    /* float rows: column k = source column xs - 2r + k, for k < kn + 2r (0
     * beyond); G columns k = column xs - r + k, computed to gn */
    const vx_int32 w = xe - xs, w16 = (w + 15) & ~15, kn = w + 2 * r, gn = (w16 + 2 * r + 15) & ~15;
    for (vx_int32 k = 0; k < gw; k++) centre[k] = pl->wc;
    for (vx_int32 yy = y0 - r; yy < y1; yy++) {
        const vx_int32 slot = (yy + r) % (r + 1);
        /* the float rows up to yy + r (all of y0 - r .. y0 + r at the start) */
        for (vx_int32 sy = yy == y0 - r ? yy : yy + r; sy <= yy + r; sy++) {
            float *rows[4];
            for (int c = 0; c < C; c++) rows[c] = fr[c][(sy + r) % nr];
            float_row(rows, (int)C, src, s16, p, sy, xs - 2 * r, gn + 2 * r, -r, xs + kn - r);
        }
        /* the G rows of row yy: column k of G (xs - r + k) is column k + r of fr */
        for (vx_int32 f = 0; f < nf; f++) {
            float *gr = g[f][slot];
            const __m512 sw = _mm512_set1_ps(pl->fsw[f]);
            const vx_int32 s0 = (yy + r) % nr, s1 = (yy + pl->fdy[f] + r) % nr, dx = pl->fdx[f];
            for (vx_int32 k = 0; k < gn; k += 16) {
                __m512 d2 = _mm512_setzero_ps();
                __m512i i2;
                for (int c = 0; c < C; c++) {
                    __m512 a = _mm512_sub_ps(_mm512_loadu_ps(&fr[c][s1][k + r + dx]), _mm512_loadu_ps(&fr[c][s0][k + r]));
                    a = _mm512_min_ps(_mm512_abs_ps(a), lim);
                    d2 = _mm512_add_ps(d2, _mm512_mul_ps(a, a));
                }
                i2 = _mm512_cvttps_epi32(d2);
                _mm512_storeu_ps(gr + k, _mm512_mul_ps(sw, _mm512_mask_i32gather_ps(_mm512_setzero_ps(),
                                                                                  _mm512_cmpgt_epi32_mask(cn, i2),
                                                                                  i2, p->color_w, 4)));
            }
        }
        if (yy < y0) continue;
        for (vx_int32 t = 0; t < nt; t++) {
            vx_int32 f = pl->fwd[t], dx = pl->dxs[t], dy = pl->dys[t];
            if (f == 0)
                gp[t] = centre;
            else if (f > 0)
                gp[t] = g[f - 1][slot] + r;
            else
                gp[t] = g[-f - 1][(yy + dy + r) % (r + 1)] + r + dx;
            fs[t] = (yy + dy + r) % nr;
            fc[t] = 2 * r + dx;
        }
        {
            vx_uint8 *o = dst + (ptrdiff_t)yy * p->dst_sy + (ptrdiff_t)xs * p->dst_sx;
            for (vx_int32 x = 0; x < w; x += 16) {
                __m512 acc[4], ws = _mm512_loadu_ps(gp[0] + x);
                for (int c = 0; c < C; c++) acc[c] = _mm512_mul_ps(_mm512_loadu_ps(&fr[c][fs[0]][x + fc[0]]), ws);
                for (vx_int32 t = 1; t < nt; t++) {
                    __m512 wt = _mm512_loadu_ps(gp[t] + x);
                    for (int c = 0; c < C; c++)
                        acc[c] = _mm512_add_ps(acc[c], _mm512_mul_ps(_mm512_loadu_ps(&fr[c][fs[t]][x + fc[t]]), wt));
                    ws = _mm512_add_ps(ws, wt);
                }
                for (int c = 0; c < C; c++)
                    put16(s16, o + (ptrdiff_t)x * p->dst_sx + (ptrdiff_t)c * p->dst_sc, p->dst_sx,
                          w - x < 16 ? w - x : 16, result16(s16, acc[c], ws));
            }
        }
    }
}

/* The strip width for `floats` floats of rows (G rings, float rows, the
 * centre row; bs + 32 floats each, and 32 floats to align them): as wide as
 * they hold, a multiple of 16 (at most the width rounded up; 0 when not even
 * 16 columns fit). */
static vx_int32 strip16(const ovxc_bilateral *p, const plan *pl, size_t floats)
{
    size_t rows = (size_t)(pl->nf ? pl->nf : 1) * (size_t)(pl->r + 1) + (size_t)p->channels * (size_t)(2 * pl->r + 1) + 1;
    size_t cols = floats > 32 ? (floats - 32) / rows : 0, most = ((size_t)p->width + 15) & ~(size_t)15;
    if (cols < 48) return 0;
    cols = (cols - 32) & ~(size_t)15;
    return (vx_int32)(cols < most ? cols : most);
}

static void run(const ovxc_bilateral *p, const void *src, int s16, int vbmi, vx_uint8 *dst, vx_int32 y0,
                vx_int32 y1, vx_float32 *acc)
{
    plan pl;
    /* the strips' rows: in acc when it holds strips wider than the stack
     * budget does (the kernel gives each call room for the whole width),
     * else on the stack */
    float stack_rows[BILATERAL_STACK / sizeof(float)], *mem = stack_rows;
    /* one channel: color_w[a^2] by |difference| a (0 from color_n on; S16:
     * a clamped to 1023) and, U8, its bytes by plane (g_row_vbmi) */
    vx_float32 tab[1024];
    vx_uint8 bp[4][256];
    vx_int32 bs, wide;
    if (!tap_plan(p, &pl) || ((bs = strip16(p, &pl, sizeof(stack_rows) / sizeof(float))) == 0 &&
                              strip16(p, &pl, p->scratch_floats) == 0)) { /* no strip fits: the scalar code */
        if (s16)
            ovxc_bilateral_s16(p, (const vx_int16 *)src, dst, y0, y1, acc);
        else
            ovxc_bilateral_u8(p, (const vx_uint8 *)src, dst, y0, y1, acc);
        return;
    }
    wide = strip16(p, &pl, p->scratch_floats);
    if (wide > bs) {
        bs = wide;
        mem = acc;
    }
    /* rows of bs + 32 floats (a multiple of 16), each row's column r (the
     * strip's first pixel) at a 64-byte boundary: the taps with dx = 0 and
     * the forward taps' G read whole cache lines */
    mem = (float *)(void *)(((uintptr_t)mem + 63) & ~(uintptr_t)63) + 16 - pl.r;
    pl.bs = bs;
    pl.gw = bs + 32;
    if (s16 && p->channels == 1)
        for (vx_uint32 a = 0; a < 1024; a++) tab[a] = a * a < p->color_n ? p->color_w[a * a] : 0.0f;
    else if (p->channels == 1)
        for (vx_uint32 a = 0; a < 256; a++) {
            vx_uint32 bits;
            tab[a] = a * a < p->color_n ? p->color_w[a * a] : 0.0f;
            memcpy(&bits, &tab[a], 4);
            for (int b = 0; b < 4; b++) bp[b][a] = (vx_uint8)(bits >> (8 * b));
        }
    for (vx_int32 xs = 0; xs < p->width; xs += pl.bs) {
        vx_int32 xe = p->width - xs > pl.bs ? xs + pl.bs : p->width;
        if (p->channels > 1) /* constant channel counts: the channel loops unrolled */
            BILATERAL_STRIP_CN(p, &pl, src, s16, dst, y0, y1, xs, xe, mem)
        else if (s16)
            strip_c1(p, &pl, tab, NULL, src, 1, dst, y0, y1, xs, xe, mem);
        else
            strip_c1(p, &pl, tab, vbmi ? (const vx_uint8(*)[256])bp : NULL, src, 0, dst, y0, y1, xs, xe, mem);
    }
}

void ovxc_bilateral_u8_avx512(const ovxc_bilateral *p, const vx_uint8 *src, vx_uint8 *dst, vx_int32 y0, vx_int32 y1,
                              vx_float32 *acc)
{
    if (y1 > y0) run(p, src, 0, 0, dst, y0, y1, acc);
}

void ovxc_bilateral_u8_avx512vbmi(const ovxc_bilateral *p, const vx_uint8 *src, vx_uint8 *dst, vx_int32 y0,
                                  vx_int32 y1, vx_float32 *acc)
{
    if (y1 > y0) run(p, src, 0, 1, dst, y0, y1, acc);
}

void ovxc_bilateral_s16_avx512(const ovxc_bilateral *p, const vx_int16 *src, vx_uint8 *dst, vx_int32 y0,
                               vx_int32 y1, vx_float32 *acc)
{
    if (y1 > y0) run(p, src, 1, 0, dst, y0, y1, acc);
}
