/* The packed convolution core and the fully connected dot products
 * (compute/nn_gemm.h), AVX-512 F+BW+VL+DQ with VNNI (issue 18).  Registered
 * at the avx512 level and only when the CPU also has AVX512_VNNI
 * (ovx_cpu_avx512vnni(), runtime/cpu.c).  Tested bit for bit against the
 * scalar reference natively where the CPU has VNNI and, everywhere, through
 * the SIMDe emulation of cts/meson.build (simd-emu512-nn).
 *
 * Convolution, 16-bit data: the AVX2 variant's scheme with 16 output
 * columns a vector: tiles of OVXC_NN_MR (6) output channels x up to 4
 * vectors (64 columns), 24 accumulators; one vpdpwssd per (channel, vector)
 * adds a broadcast weight pair's two taps of 16 columns.  vpdpwssd is
 * acc + p0 + p1 modulo 2^32: the same integers as the scalar sums whenever
 * the caller's int32 bound (ovxc_nn_conv_exact32) holds, which is the only
 * case this core runs.  The pair planes hold columns up to ceil8(ow) - 1
 * (plus the taps' reach): a vector past them is loaded masked (fault-free
 * zeros), its extra columns are never stored.
 *
 * Convolution, 8-bit data (U8, S8): the driver gives this variant byte-quad
 * planes (ovxc_nn_planes.q8: x ^ 0x80 of 4 channels a 32-bit element) and
 * the packed weights' quads (ovxc_nn_packw.wq8): one vpdpbusd adds 4
 * channels' products of 16 columns, twice the vpdpwssd's.  vpdpbusd takes
 * unsigned bytes times signed ones: U8 weights (unsigned) times x - 128
 * (signed), S8 x + 128 (unsigned) times weights (signed); the exact sum is
 * the lanes' sum plus corr8[o] = +-128 sum_k w[o][k], a constant per output
 * map (the padding holds x = 0 as 0x80, so every tap counts).  All of it is
 * modulo 2^32, and the exact sum lies in int32 under the same bound: the
 * same integer.
 *
 * The accumulators live in a local array of the tile (registers): kept in
 * the caller's array, GCC 12 loaded and stored them around every vpdpwssd
 * (3x slower).
 *
 * Fully connected, 8-bit: vpdpbusd multiplies unsigned by signed bytes.
 * U8 (both unsigned): x . w = x . (w - 128) + 128 sum(x), w - 128 = w ^ 0x80
 * as a signed byte, sum(x) by vpsadbw (64-bit lanes).  S8 (both signed):
 * x . w = (x + 128) . w - 128 sum(w), x + 128 = x ^ 0x80 unsigned, sum(w) =
 * vpsadbw(w ^ 0x80) - 128 per byte.  A vpdpbusd adds at most 4 * 255 * 128
 * < 2^17 per lane: int32 lanes are spilled to int64 every 4096 steps
 * (< 2^29).  16-bit: vpdpwssd's int32 lane cannot hold even two steps of
 * (-32768)^2 pairs, so this is vpmaddwd spilled to int64 every step as the
 * AVX2 variant (a pair sum of 2^31 wraps to INT32_MIN: v - 1, sign
 * extension, + 1 per pair added back), 32 elements a step.  The last k % 64
 * (8-bit) or k % 32 (16-bit) elements are the scalar loop's. */
#include "nn_gemm.h"

#include <immintrin.h>
#include <string.h>

#if defined(__GNUC__)
#define NN_INLINE static inline __attribute__((always_inline))
#else
#define NN_INLINE static inline
#endif

#define NV512 4 /* 16-column vectors per tile */

NN_INLINE __m512i bcast_pair(const int16_t *p)
{
    int32_t v;
    memcpy(&v, p, 4);
    return _mm512_set1_epi32(v);
}

NN_INLINE void conv_tile(const ovxc_nn_conv_plan *p, const int16_t *base, const ptrdiff_t *rsrc, size_t b, int nv,
                         const __mmask16 *lm, __m512i acc[OVXC_NN_MR][NV512])
{
    const ovxc_nn_packw *w = p->w;
    const size_t taps = w->taps, plane2 = p->pl->plane * 2;
    const int16_t *wq = w->wp + b * w->cp * taps * OVXC_NN_MR * 2;
    __m512i a[OVXC_NN_MR][NV512]; /* local (registers): acc is written once at the end */
    size_t c2, t;
    int m, j;
#pragma GCC unroll 8
    for (m = 0; m < OVXC_NN_MR; m++)
#pragma GCC unroll 4
        for (j = 0; j < nv; j++) a[m][j] = _mm512_setzero_si512();
    for (c2 = 0; c2 < w->cp; c2++) {
        const int16_t *pc = base + c2 * plane2;
        for (t = 0; t < taps; t++, wq += OVXC_NN_MR * 2) {
            const int16_t *pp = pc + p->tap_off[t] * 2;
            __m512i v[NV512];
            if (rsrc && rsrc[p->tap_row[t]] < 0) continue; /* a zero row (padding, up-scaling holes) */
#pragma GCC unroll 4
            for (j = 0; j < nv; j++) v[j] = _mm512_maskz_loadu_epi32(lm[j], (const void *)(pp + 32 * j));
#pragma GCC unroll 8
            for (m = 0; m < OVXC_NN_MR; m++) {
                const __m512i wb = bcast_pair(wq + 2 * m);
#pragma GCC unroll 4
                for (j = 0; j < nv; j++) a[m][j] = _mm512_dpwssd_epi32(a[m][j], v[j], wb);
            }
        }
    }
#pragma GCC unroll 8
    for (m = 0; m < OVXC_NN_MR; m++)
#pragma GCC unroll 4
        for (j = 0; j < nv; j++) acc[m][j] = a[m][j];
}

/* The exact sums shifted right by q, rounded by policy (as nn_avx2.c). */
static __m512i round_q(__m512i v, int q, int to_ne)
{
    const __m128i sh = _mm_cvtsi32_si128(q);
    const __m512i mask = _mm512_set1_epi32((int32_t)((1u << q) - 1u));
    if (q == 0) return v;
    if (!to_ne) /* toward zero: negative values get 2^q - 1 added before the floor shift */
        return _mm512_sra_epi32(
            _mm512_add_epi32(v, _mm512_and_si512(_mm512_sra_epi32(v, _mm_cvtsi32_si128(31)), mask)), sh);
    {
        const __m512i fl = _mm512_sra_epi32(v, sh), rem = _mm512_and_si512(v, mask);
        const __m512i one = _mm512_set1_epi32(1);
        const __m512i odd = _mm512_and_si512(fl, one);
        /* up: rem > half, or rem == half and fl odd, i.e. rem + (fl & 1) > half */
        const __mmask16 up = _mm512_cmpgt_epi32_mask(_mm512_add_epi32(rem, odd), _mm512_set1_epi32(1 << (q - 1)));
        return _mm512_mask_add_epi32(fl, up, fl, one);
    }
}

/* Convert and store the first n <= 16 of 16 values (contiguous elements):
 * saturate clamps to the type's range, wrap keeps the low bits (the
 * truncating conversions). */
static void store16(__m512i v, int type, int wrap, vx_uint8 *dst, size_t n)
{
    if (!wrap) {
        const int32_t lo = type == OVXC_T_S16 ? -32768 : type == OVXC_T_U8 ? 0 : -128;
        const int32_t hi = type == OVXC_T_S16 ? 32767 : type == OVXC_T_U8 ? 255 : 127;
        v = _mm512_min_epi32(_mm512_max_epi32(v, _mm512_set1_epi32(lo)), _mm512_set1_epi32(hi));
    }
    if (n < 16) { /* the first n (the row's last columns): by a copy */
        uint8_t t[32];
        if (type == OVXC_T_S16)
            _mm256_storeu_si256((__m256i *)(void *)t, _mm512_cvtepi32_epi16(v));
        else
            _mm_storeu_si128((__m128i *)(void *)t, _mm512_cvtepi32_epi8(v));
        memcpy(dst, t, n * (type == OVXC_T_S16 ? 2 : 1));
    } else if (type == OVXC_T_S16) {
        _mm256_storeu_si256((__m256i *)(void *)dst, _mm512_cvtepi32_epi16(v));
    } else {
        _mm_storeu_si128((__m128i *)(void *)dst, _mm512_cvtepi32_epi8(v));
    }
}

/* The quad planes' tile (8-bit types, ovxc_nn_planes.q8): one vpdpbusd per
 * (channel, vector) adds 4 channels' products of 16 columns, weights the
 * broadcast quad.  U8: unsigned weights times x ^ 0x80 = x - 128 as signed
 * bytes; S8: x ^ 0x80 = x + 128 as unsigned bytes times signed weights; the
 * sums differ from the exact ones by -corr8[o] (nn_gemm.h), added back by
 * the caller.  Every lane is modulo 2^32, and so is the corrected sum: the
 * same integer as the exact one under the caller's int32 bound.  The
 * padding's rows hold x = 0 as 0x80 and are read (no zero-row skip). */
NN_INLINE void conv_tile_q8(const ovxc_nn_conv_plan *p, const uint8_t *base, size_t b, int nv, int u8,
                            const __mmask16 *lm, __m512i acc[OVXC_NN_MR][NV512])
{
    const ovxc_nn_packw *w = p->w;
    const size_t taps = w->taps, plane4 = p->pl->plane * 4;
    const uint8_t *wq = w->wq8 + b * w->cq * taps * OVXC_NN_MR * 4;
    __m512i a[OVXC_NN_MR][NV512]; /* local (registers): acc is written once at the end */
    size_t c4, t;
    int m, j;
#pragma GCC unroll 8
    for (m = 0; m < OVXC_NN_MR; m++)
#pragma GCC unroll 4
        for (j = 0; j < nv; j++) a[m][j] = _mm512_setzero_si512();
    for (c4 = 0; c4 < w->cq; c4++) {
        const uint8_t *pc = base + c4 * plane4;
        for (t = 0; t < taps; t++, wq += OVXC_NN_MR * 4) {
            const uint8_t *pp = pc + p->tap_off[t] * 4;
            __m512i v[NV512];
#pragma GCC unroll 4
            for (j = 0; j < nv; j++) v[j] = _mm512_maskz_loadu_epi32(lm[j], (const void *)(pp + 64 * j));
#pragma GCC unroll 8
            for (m = 0; m < OVXC_NN_MR; m++) {
                int32_t q;
                __m512i wb;
                memcpy(&q, wq + 4 * m, 4);
                wb = _mm512_set1_epi32(q);
#pragma GCC unroll 4
                for (j = 0; j < nv; j++)
                    a[m][j] = u8 ? _mm512_dpbusd_epi32(a[m][j], wb, v[j]) : _mm512_dpbusd_epi32(a[m][j], v[j], wb);
            }
        }
    }
#pragma GCC unroll 8
    for (m = 0; m < OVXC_NN_MR; m++)
#pragma GCC unroll 4
        for (j = 0; j < nv; j++) acc[m][j] = a[m][j];
}

/* q8: 0 pairs, 1 U8 quads, 2 S8 quads */
NN_INLINE void conv_tile_rows(const ovxc_nn_conv_plan *p, size_t y, size_t x0, size_t b, int nv, int q8)
{
    const ovxc_nn_planes *pl = p->pl;
    __m512i acc[OVXC_NN_MR][NV512];
    __mmask16 lm[NV512];
    const size_t es = p->f.type == OVXC_T_S16 ? 2 : 1;
    const size_t cap = (p->ow + 7) / 8 * 8; /* the columns the planes hold (ovxc_nn_conv_layout) */
    const int fast = !p->bias_loc && p->out.strides[0] == es;
    int m, j;
    for (j = 0; j < nv; j++) {
        const size_t x = x0 + 16 * (size_t)j, n = cap - x < 16 ? cap - x : 16; /* x < cap: nv is ceil(left / 16) */
        lm[j] = (__mmask16)(0xFFFFu >> (16 - n));
    }
    if (q8) {
        conv_tile_q8(p, (const uint8_t *)(const void *)pl->ip + (y * p->skip_y * pl->row_stride + x0) * 4, b, nv,
                     q8 == 1, lm, acc);
    } else {
        const ptrdiff_t *rsrc = p->tap_row && p->row_src ? p->row_src + y * p->skip_y : NULL;
        conv_tile(p, pl->ip + (y * p->skip_y * pl->row_stride + x0) * 2, rsrc, b, nv, lm, acc);
    }
    for (m = 0; m < OVXC_NN_MR; m++) {
        const size_t o = b * OVXC_NN_MR + (size_t)m;
        vx_uint8 *orow;
        __m512i bias;
        if (o >= p->ofm) break;
        orow = p->out.ptr + o * p->out.strides[2] + y * p->out.strides[1];
        if (q8) {
            const __m512i corr = _mm512_set1_epi32(p->w->corr8[o]);
            for (j = 0; j < nv; j++) acc[m][j] = _mm512_add_epi32(acc[m][j], corr);
        }
        bias = _mm512_set1_epi32(p->bias ? p->bias[o] : 0);
        for (j = 0; j < nv; j++) {
            const size_t x = x0 + 16 * (size_t)j;
            if (fast) { /* the columns below ow (a masked store) */
                store16(round_q(_mm512_add_epi32(acc[m][j], bias), p->f.q, p->f.to_ne), p->f.type, p->f.wrap,
                        orow + x * es, p->ow - x < 16 ? p->ow - x : 16);
            } else {
                int32_t s[16];
                _mm512_storeu_si512((void *)s, acc[m][j]);
                ovxc_nn_conv_finish(p, s, p->ow - x < 16 ? p->ow - x : 16, o, y, x);
            }
        }
    }
}

NN_INLINE void conv_rows_t(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1, int q8)
{
    const size_t tile = 16 * NV512;
    size_t y, x0, b;
    for (y = y0; y < y1; y++)
        for (x0 = 0; x0 < p->ow; x0 += tile) {
            const size_t left = p->ow - x0;
            const int nv = left >= tile ? NV512 : (int)((left + 15) / 16);
            for (b = b0; b < b1; b++) {
                /* one copy per tile width: constant loop bounds */
                if (nv == 4)
                    conv_tile_rows(p, y, x0, b, 4, q8);
                else if (nv == 3)
                    conv_tile_rows(p, y, x0, b, 3, q8);
                else if (nv == 2)
                    conv_tile_rows(p, y, x0, b, 2, q8);
                else
                    conv_tile_rows(p, y, x0, b, 1, q8);
            }
        }
}

void ovxc_nn_conv_rows_avx512(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1)
{
    if (!p->pl->q8)
        conv_rows_t(p, y0, y1, b0, b1, 0);
    else if (p->f.type == OVXC_T_U8)
        conv_rows_t(p, y0, y1, b0, b1, 1);
    else
        conv_rows_t(p, y0, y1, b0, b1, 2);
}

/* ---- fully connected -------------------------------------------------------------- */

static int64_t hsum64(__m512i v)
{
    int64_t s[8];
    _mm512_storeu_si512((void *)s, v);
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
}

/* int32 lanes -> two int64 halves added to acc */
NN_INLINE __m512i widen_add(__m512i acc, __m512i v)
{
    acc = _mm512_add_epi64(acc, _mm512_cvtepi32_epi64(_mm512_castsi512_si256(v)));
    return _mm512_add_epi64(acc, _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64(v, 1)));
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

#define LD(p) _mm512_loadu_si512((const void *)(p))

/* 8-bit rows: s64[r] gets the int64 lane sums of x . w' (w' = w ^ 0x80
 * for U8, x' = x ^ 0x80 for S8), corr[r] the vpsadbw sums (of x for U8,
 * once; of w ^ 0x80 per row for S8). */
NN_INLINE void fc8(const ovxc_nn_fc_plan *p, const vx_uint8 *const wr[4], size_t kv, int s8, __m512i s64[4],
                   __m512i corr[4])
{
    const __m512i flip = _mm512_set1_epi8((char)0x80), zero = _mm512_setzero_si512();
    size_t k = 0, r;
    while (k < kv) {
        const size_t end = kv - k > 4096 * 64 ? k + 4096 * 64 : kv;
        __m512i s32[4];
        for (r = 0; r < 4; r++) s32[r] = _mm512_setzero_si512();
        for (; k < end; k += 64) {
            const __m512i x = LD(p->x + k);
            if (s8) {
                const __m512i xu = _mm512_xor_si512(x, flip);
                for (r = 0; r < 4; r++) {
                    const __m512i w = LD(wr[r] + k);
                    s32[r] = _mm512_dpbusd_epi32(s32[r], xu, w);
                    corr[r] = _mm512_add_epi64(corr[r], _mm512_sad_epu8(_mm512_xor_si512(w, flip), zero));
                }
            } else {
                corr[0] = _mm512_add_epi64(corr[0], _mm512_sad_epu8(x, zero));
                for (r = 0; r < 4; r++) s32[r] = _mm512_dpbusd_epi32(s32[r], x, _mm512_xor_si512(LD(wr[r] + k), flip));
            }
        }
        for (r = 0; r < 4; r++) s64[r] = widen_add(s64[r], s32[r]);
    }
}

void ovxc_nn_fc_rows_avx512(const ovxc_nn_fc_plan *p, size_t o0, size_t o1)
{
    const int type = p->f.type;
    const size_t es = type == OVXC_T_S16 ? 2 : 1, kv = type == OVXC_T_S16 ? p->k / 32 * 32 : p->k / 64 * 64;
    size_t o = o0, k, r;
    for (; o < o1; o += 4) {
        const size_t nr = o1 - o < 4 ? o1 - o : 4;
        const vx_uint8 *wr[4];
        __m512i s64[4], corr[4];
        for (r = 0; r < 4; r++) {
            wr[r] = p->w + (o + (r < nr ? r : 0)) * p->wrow;
            s64[r] = corr[r] = _mm512_setzero_si512();
        }
        if (type == OVXC_T_S16) {
            const __m512i one = _mm512_set1_epi32(1);
            for (k = 0; k < kv; k += 32) {
                const __m512i x = LD(p->x + k * es);
                for (r = 0; r < 4; r++)
                    s64[r] = widen_add(s64[r], _mm512_sub_epi32(_mm512_madd_epi16(LD(wr[r] + k * es), x), one));
            }
        } else if (type == OVXC_T_S8) {
            fc8(p, wr, kv, 1, s64, corr);
        } else {
            fc8(p, wr, kv, 0, s64, corr);
        }
        for (r = 0; r < nr; r++) {
            int64_t acc = hsum64(s64[r]);
            if (type == OVXC_T_S16)
                acc += (int64_t)(kv / 2); /* each step took 1 from each of its 16 lanes */
            else if (type == OVXC_T_S8)
                acc -= 128 * (hsum64(corr[r]) - 128 * (int64_t)kv); /* 128 sum(w) */
            else
                acc += 128 * hsum64(corr[0]); /* 128 sum(x) */
            ovxc_nn_fc_store(p, o + r, acc + dot_tail(p, wr[r], kv));
        }
    }
}

/* ---- convolution by AMX tiles (8-bit data) ----------------------------------------- */

/* AMX-INT8 (ovx_cpu_amx_int8: the CPU has it and the kernel let the process
 * use the tiles): the same quad planes and corr8 as the vpdpbusd path, the
 * weights in A tiles (ovxc_nn_packw.wa8: 16 output channels x 64 input
 * channels of one tap), the planes in B tiles (16 quad planes x 16 columns,
 * rows a quad plane apart), C tiles of 16 output channels x 16 columns, the
 * layout of the outputs: TDPBUSD (U8: unsigned weights, x - 128 signed) or
 * TDPBSUD (S8: signed weights, x + 128 unsigned) adds 64 channels' products
 * modulo 2^32, as vpdpbusd does.  A step: 2 A tiles (32 channels) x 2 B
 * tiles (32 columns), 4 C tiles.  Quad planes past the last and columns
 * past the row's end are read (the planes' slack, ovxc_nn_planes_bytes) but
 * meet zero weights or land in columns never stored.  The tile instructions
 * are written as asm (no -mamx flags for this file: the compiler uses none
 * of them elsewhere). */
#if defined(__x86_64__) && defined(__GNUC__)
#define AMX_LOAD(t, base, stride) \
    __asm__ volatile("tileloadd (%0,%1,1), %%tmm" #t ::"r"((const void *)(base)), "r"((long)(stride)) : "memory")
#define AMX_STORE(t, base, stride) \
    __asm__ volatile("tilestored %%tmm" #t ", (%0,%1,1)" ::"r"((void *)(base)), "r"((long)(stride)) : "memory")
#define AMX_ZERO(t) __asm__ volatile("tilezero %%tmm" #t ::)
#define AMX_DPBUSD(c, a, b) __asm__ volatile("tdpbusd %%tmm" #b ", %%tmm" #a ", %%tmm" #c ::)
#define AMX_DPBSUD(c, a, b) __asm__ volatile("tdpbsud %%tmm" #b ", %%tmm" #a ", %%tmm" #c ::)
#define AMX_DPBUUD(c, a, b) __asm__ volatile("tdpbuud %%tmm" #b ", %%tmm" #a ", %%tmm" #c ::)
#define AMX_DPBSSD(c, a, b) __asm__ volatile("tdpbssd %%tmm" #b ", %%tmm" #a ", %%tmm" #c ::)

/* Finish 16 exact sums (less the per-map term add) of output channel o, row
 * y, columns x.. (the part below ow) */
NN_INLINE void amx_finish16(const ovxc_nn_conv_plan *p, int fast, __m512i v, int32_t add, size_t o, size_t y,
                            size_t x)
{
    const int type = p->f.type;
    const size_t es = type == OVXC_T_S16 ? 2 : 1, n = p->ow - x < 16 ? p->ow - x : 16;
    vx_uint8 *orow = p->out.ptr + o * p->out.strides[2] + y * p->out.strides[1];
    if (fast) { /* per-map bias (in add), contiguous output */
        v = _mm512_add_epi32(v, _mm512_set1_epi32(add));
        store16(round_q(v, p->f.q, p->f.to_ne), type, p->f.wrap, orow + x * es, n);
    } else {
        int32_t s[16];
        _mm512_storeu_si512((void *)s, _mm512_add_epi32(v, _mm512_set1_epi32(add)));
        ovxc_nn_conv_finish(p, s, n, o, y, x);
    }
}

/* The term added to output map o's sums: corr8[o] (8-bit), and on the
 * fast path the per-map bias, modulo 2^32 */
NN_INLINE int32_t amx_add(const ovxc_nn_conv_plan *p, int fast, size_t o)
{
    uint32_t a = p->w->corr8 && p->f.type != OVXC_T_S16 ? (uint32_t)p->w->corr8[o] : 0u;
    if (fast && p->bias) a += (uint32_t)p->bias[o];
    return (int32_t)a;
}

static void amx_rows(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t o_lo, size_t o_hi, int u8)
{
    const ovxc_nn_planes *pl = p->pl;
    const ovxc_nn_packw *w = p->w;
    const size_t taps = w->taps, kb_n = (w->cq + 15) / 16, plane4 = pl->plane * 4;
    uint8_t cfg[64] __attribute__((aligned(64)));
    int32_t c[4][16][16] __attribute__((aligned(64)));
    const int fast = !p->bias_loc && p->out.strides[0] == 1;
    size_t y, ob, x0, t, kb;
    int i, h, g, m;
    memset(cfg, 0, sizeof(cfg));
    cfg[0] = 1; /* palette 1: tiles 0-3 C, 4-5 A, 6-7 B, all 16 rows x 64 bytes */
    for (i = 0; i < 8; i++) {
        cfg[16 + 2 * i] = 64;
        cfg[48 + i] = 16;
    }
    __asm__ volatile("ldtilecfg %0" ::"m"(*(const uint8_t(*)[64])cfg));
    for (y = y0; y < y1; y++) {
        const uint8_t *rowb = (const uint8_t *)(const void *)pl->ip + y * p->skip_y * pl->row_stride * 4;
        for (ob = o_lo / OVXC_NN_AMX_OB; ob * OVXC_NN_AMX_OB < o_hi; ob++) {
            const uint8_t *wa = w->wa8 + ob * taps * kb_n * 2048;
            for (x0 = 0; x0 < p->ow; x0 += 32) {
                AMX_ZERO(0);
                AMX_ZERO(1);
                AMX_ZERO(2);
                AMX_ZERO(3);
                for (t = 0; t < taps; t++) {
                    const uint8_t *bb = rowb + (x0 + p->tap_off[t]) * 4, *wt = wa + t * kb_n * 2048;
                    for (kb = 0; kb < kb_n; kb++, bb += 16 * plane4, wt += 2048) {
                        AMX_LOAD(4, wt, 64);
                        AMX_LOAD(5, wt + 1024, 64);
                        AMX_LOAD(6, bb, plane4);
                        AMX_LOAD(7, bb + 64, plane4);
                        if (u8) {
                            AMX_DPBUSD(0, 4, 6);
                            AMX_DPBUSD(1, 4, 7);
                            AMX_DPBUSD(2, 5, 6);
                            AMX_DPBUSD(3, 5, 7);
                        } else {
                            AMX_DPBSUD(0, 4, 6);
                            AMX_DPBSUD(1, 4, 7);
                            AMX_DPBSUD(2, 5, 6);
                            AMX_DPBSUD(3, 5, 7);
                        }
                    }
                }
                AMX_STORE(0, c[0], 64);
                AMX_STORE(1, c[1], 64);
                AMX_STORE(2, c[2], 64);
                AMX_STORE(3, c[3], 64);
                for (h = 0; h < 2; h++)
                    for (m = 0; m < 16; m++) {
                        const size_t o = ob * OVXC_NN_AMX_OB + 16 * (size_t)h + (size_t)m;
                        int32_t add;
                        if (o < o_lo || o >= o_hi) continue;
                        add = amx_add(p, fast, o);
                        for (g = 0; g < 2; g++) {
                            const size_t x = x0 + 16 * (size_t)g;
                            if (x >= p->ow) break;
                            amx_finish16(p, fast, _mm512_load_si512((const void *)c[2 * h + g][m]), add, o, y, x);
                        }
                    }
            }
        }
    }
    __asm__ volatile("tilerelease" ::);
}

/* 16-bit data (ovxc_nn_planes.q8 = 2): x = 256 xh + xl and w = 256 wh + wl
 * (xl, wl the unsigned low bytes, xh, wh the signed high ones), so
 * sum x w = 2^16 sum xh wh + 2^8 (sum xh wl + sum xl wh) + sum xl wl, the
 * four byte products by TDPBSSD, TDPBSUD / TDPBUSD and TDPBUUD into three
 * C tiles, combined modulo 2^32: the exact sum under the int32 bound.  A
 * step: the low and high A tiles of 16 output maps, the low and high B
 * tiles of 16 columns (quad planes 2 c4 and 2 c4 + 1: a row stride of two
 * planes). */
static void amx_rows16(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t o_lo, size_t o_hi)
{
    const ovxc_nn_planes *pl = p->pl;
    const ovxc_nn_packw *w = p->w;
    const size_t taps = w->taps, kb_n = (w->cq + 15) / 16, plane4 = pl->plane * 4;
    uint8_t cfg[64] __attribute__((aligned(64)));
    int32_t c[4][16][16] __attribute__((aligned(64)));
    const int fast = !p->bias_loc && p->out.strides[0] == 2;
    size_t y, ob, x0, t, kb;
    int i, m;
    memset(cfg, 0, sizeof(cfg));
    cfg[0] = 1; /* palette 1: tiles 0-3 C (low, middle, high, middle), 4-5 A, 6-7 B */
    for (i = 0; i < 8; i++) {
        cfg[16 + 2 * i] = 64;
        cfg[48 + i] = 16;
    }
    __asm__ volatile("ldtilecfg %0" ::"m"(*(const uint8_t(*)[64])cfg));
    for (y = y0; y < y1; y++) {
        const uint8_t *rowb = (const uint8_t *)(const void *)pl->ip + y * p->skip_y * pl->row_stride * 4;
        for (ob = o_lo / 16; ob * 16 < o_hi; ob++) {
            const uint8_t *wa = w->wa8 + ob * taps * kb_n * 2048;
            for (x0 = 0; x0 < p->ow; x0 += 16) {
                AMX_ZERO(0);
                AMX_ZERO(1);
                AMX_ZERO(2);
                AMX_ZERO(3);
                for (t = 0; t < taps; t++) {
                    const uint8_t *bb = rowb + (x0 + p->tap_off[t]) * 4, *wt = wa + t * kb_n * 2048;
                    for (kb = 0; kb < kb_n; kb++, bb += 32 * plane4, wt += 2048) {
                        AMX_LOAD(4, wt, 64);          /* wl */
                        AMX_LOAD(5, wt + 1024, 64);   /* wh */
                        AMX_LOAD(6, bb, 2 * plane4);  /* xl */
                        AMX_LOAD(7, bb + plane4, 2 * plane4); /* xh */
                        AMX_DPBUUD(0, 4, 6);
                        AMX_DPBUSD(1, 4, 7);
                        AMX_DPBSUD(3, 5, 6);
                        AMX_DPBSSD(2, 5, 7);
                    }
                }
                AMX_STORE(0, c[0], 64);
                AMX_STORE(1, c[1], 64);
                AMX_STORE(2, c[2], 64);
                AMX_STORE(3, c[3], 64);
                for (m = 0; m < 16; m++) {
                    const size_t o = ob * 16 + (size_t)m;
                    __m512i v;
                    if (o < o_lo || o >= o_hi) continue;
                    v = _mm512_add_epi32(_mm512_load_si512((const void *)c[1][m]),
                                         _mm512_load_si512((const void *)c[3][m]));
                    v = _mm512_add_epi32(_mm512_slli_epi32(_mm512_load_si512((const void *)c[2][m]), 16),
                                         _mm512_slli_epi32(v, 8));
                    amx_finish16(p, fast, _mm512_add_epi32(v, _mm512_load_si512((const void *)c[0][m])),
                                 amx_add(p, fast, o), o, y, x0);
                }
            }
        }
    }
    __asm__ volatile("tilerelease" ::);
}

void ovxc_nn_conv_rows_amx(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1)
{
    const size_t o_lo = b0 * OVXC_NN_MR, o_hi = b1 * OVXC_NN_MR < p->ofm ? b1 * OVXC_NN_MR : p->ofm;
    if (!p->pl->q8 || !p->w->wa8) { /* pair planes: the avx512 variant's */
        ovxc_nn_conv_rows_avx512(p, y0, y1, b0, b1);
        return;
    }
    if (o_lo >= o_hi || y0 >= y1) return;
    if (p->pl->q8 == 2)
        amx_rows16(p, y0, y1, o_lo, o_hi);
    else
        amx_rows(p, y0, y1, o_lo, o_hi, p->f.type == OVXC_T_U8);
}
#endif
