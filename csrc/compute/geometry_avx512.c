/*
 * Warp Affine, Warp Perspective and Remap: AVX-512 variants (geometry.h).
 *
 * Bit-exact with the fixed-point references, in two passes per chunk of up
 * to 256 destination pixels of a row (perspective: 512, W5_PCHUNK; on a Zen
 * 4, one thread, 1920x1080: nearest 0.757 -> 0.73 ms, bilinear 1.386 ->
 * 1.362; 1024 and more, or 512 for affine and remap, were slower):
 *  1. the positions, 16 lanes a step, with the reference's float operations
 *     in its order (the per-row constants are the reference's own,
 *     ovxc_geo_*_row), the clamp (replicate: into the plane, [0, (w - 1)
 *     1024], which gives the reference's value, see geometry_avx2.c's
 *     warp_px8; constant: +-2^30, NaN to the low end as maxps does) and the
 *     floor (a conversion rounding down) into int32 arrays: bilinear the
 *     fixed-point X, Y; nearest the pixel ((X + 512) >> 10, (Y + 512) >> 10);
 *  2. the taps, 16 pixels a block, from a base tap (the smaller tap of lanes
 *     0 and 15: positions along a row are mostly monotonic; the nearest
 *     perspective and remap rows, w5_taps_nn, take lane 0 or 15 by the
 *     direction of a 64-pixel group and give a block that fails from it to
 *     the cascade below from its own base):
 *     - 16-column window: the block's taps lie in columns base .. base + 15
 *       (bilinear: their right neighbours too) and rows base .. base + 3:
 *       the 4 rows' 16 bytes as one 64-byte table (a broadcast load and 3
 *       inserts) and one vpermb (AVX512-VBMI) selects
 *       each lane's tap (nearest: 4 blocks into the 4 bytes of each dword,
 *       then one vpermb puts 64 outputs in order) or its 4 taps as the bytes
 *       p00 p01 p10 p11 of its dword (bilinear; then the reference's integer
 *       sum: pmaddwd of (p00, p10), (p01, p11) with (1024 - s, s), then
 *       r0 1024 + (r1 - r0) t, the same integer as r0 (1024 - t) + r1 t);
 *     - else a 32-column, 4-row window (4 rows of 32 bytes as a 128-byte
 *       table, one vpermt2b; steps up to 2 pixels across, scale-1 rows);
 *     - else each tap by the border rule per lane, gathers.
 *     Windows that leave the plane read it by masked loads, the bytes
 *     outside it the constant (under replicate they only meet weight 0).
 *     Affine rows whose steps provably keep every block in the 16-column
 *     (else the 32-column) window (the positions are monotonic:
 *     geometry_avx2.c's argument) run
 *     with no per-block test, chunks whose both ends are inside the clamp's
 *     bounds with no clamp, and prefetch the source 8 rows down (warps, but
 *     nearest perspective rows: there it bought nothing at rotations of 6,
 *     30 and 60 degrees and cost 1% at 6, one thread, 1920x1080: 0.706 ->
 *     0.699 ms);
 *     remap prefetches its map 8 KB ahead.
 * The pass split keeps the loads' address chains short (as the AVX2 file).
 * Perspective and remap rows are software-pipelined: the positions of the
 * next chunk are computed between the 64-pixel tap groups of this one (the
 * divisions and the map's stream overlap the taps, and the taps read
 * positions stored a chunk earlier).  Perspective chunks proven inside the
 * clamp's bounds (ovxc_geo_persp_span) skip the clamp, and nearest there takes
 * the pixel from one sum rounded down (W5_P_FOLD).  Warp rows take the
 * products of x by the row-independent factors (ax, ay, az) from a table
 * computed once per call (rows up to W5_TABW columns); remap's nearest
 * positions are u = m + c / 1024 (one sum a coordinate, exact).
 * Nearest Warp Affine and Remap nodes on CPUs whose AVX-512 runs at half
 * width (a Zen 4: ovx_cpu_avx512_halfwidth) take the AVX2 variant's rows
 * instead (kernels/geometry.c's choice; these affine rows took 0.62 ms a
 * 1920x1080 frame there, one thread, the AVX2 rows 0.50).
 * CPUs without VBMI (checked at run time, before any VBMI code runs:
 * AVX-512 F/BW/VL/DQ is this level), U1 images and planes the AVX2 variant
 * leaves to the reference (too large, under 7 bytes) take the AVX2 variant.
 */
#include "geometry.h"

#include <immintrin.h>
#include <math.h>
#include <string.h>

#if defined(__AVX512F__)
#define W5_TARGET __attribute__((target("avx512vbmi")))
#else /* the emulated build (cts/meson.build): SIMDe's portable intrinsics */
#define W5_TARGET
#endif

/* What SIMDe (the emulated build) lacks, by other intrinsics there */
#if defined(__AVX512F__)
#define W5_SRAI(v, n) _mm512_srai_epi32(v, n)
#define W5_FLOOR(v) _mm512_cvt_roundps_epi32(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#define W5_STORE8(p, m, v) _mm512_mask_cvtepi32_storeu_epi8(p, m, v)
#define W5_LOADZ(m, p) _mm512_maskz_loadu_ps(m, p)
#define W5_ADD_RD(a, b) _mm512_add_round_ps(a, b, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#else
/* a + b rounded down: the nearest sum, one step down where the exact error
 * (Knuth's TwoSum) is negative */
static inline __m512 W5_ADD_RD(__m512 a, __m512 b)
{
    float x[16], y[16];
    _mm512_storeu_ps(x, a);
    _mm512_storeu_ps(y, b);
    for (int i = 0; i < 16; i++) {
        const float s = x[i] + y[i], bb = s - x[i];
        const float e = (x[i] - (s - bb)) + (y[i] - bb);
        x[i] = e < 0.0f ? nextafterf(s, -INFINITY) : s;
    }
    return _mm512_loadu_ps(x);
}
static inline __m512i W5_SRAI(__m512i v, int n)
{
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_srai_epi32(_mm512_castsi512_si256(v), n)),
                              _mm256_srai_epi32(_mm512_extracti64x4_epi64(v, 1), n), 1);
}
/* lane by lane (the values are inside +-2^30) */
static inline __m512i W5_FLOOR(__m512 v)
{
    float f[16];
    int32_t r[16];
    _mm512_storeu_ps(f, v);
    for (int i = 0; i < 16; i++) r[i] = (int32_t)floorf(f[i]);
    return _mm512_loadu_si512((const void *)r);
}
static inline void W5_STORE8(uint8_t *p, __mmask16 m, __m512i v)
{
    uint8_t b[16];
    _mm_storeu_si128((__m128i *)b, _mm512_cvtepi32_epi8(v));
    for (int i = 0; i < 16; i++)
        if (m >> i & 1) p[i] = b[i];
}
static inline __m512 W5_LOADZ(__mmask16 m, const float *p)
{
    float b[16];
    for (int i = 0; i < 16; i++) b[i] = m >> i & 1 ? p[i] : 0.0f;
    return _mm512_loadu_ps(b);
}
#endif

enum { W5_MAPPF = 2048, W5_CHUNK = 256, W5_PCHUNK = 512, W5_TABW = 2048, B = OVXC_GEO_FIX_BITS };

typedef struct {
    const uint8_t *ptr;
    int32_t stride, w, h;
    int bilinear, constant;
    int32_t last3; /* offset of the plane's last byte - 3 */
    uint8_t cval;
    intptr_t pf;     /* warps: the byte offset of about the same tap 8 rows further down (prefetch; 0: none) */
    uint32_t xmax16, ymax16, xmax32; /* ... and w - 32 for the 32-column window */ /* the largest base of an in-plane 16-column window: w - 16, h - 4 (or none) */
    __m512 flo, fxhi, fyhi; /* the clamp of the positions */
    const int32_t *kc;
} w5_ctx;

/* The bilinear taps' constants, broadcast from memory (w5_bil_u says why):
 * the fraction mask, 1.0, the tap pairs' byte mask, the sum's rounding, the
 * 16- and 32-column windows' tap offsets and bounds, and the byte masks of
 * w5_acc's blocks 1-3 (W5_K_BYTE + b - 1). */
enum { W5_K_FRAC, W5_K_ONE, W5_K_PAIR, W5_K_ROUND, W5_K_OFF16, W5_K_DX16, W5_K_DX32, W5_K_OFF32, W5_K_DY, W5_K_BYTE };
static const int32_t w5_kc[W5_K_BYTE + 3] = {(1 << B) - 1, 1 << B,     0x00FF00FF, 1 << (2 * B - 1), 0x11011000, 14, 30,
                                             0x21012000,   2,          0xFF00,     0xFF0000,         (int32_t)0xFF000000u};
#define W5_KC(c, i) _mm512_set1_epi32((c)->kc[i])

static int w5_vbmi(void)
{
#if defined(__AVX512F__)
    return ovxc_cpu_vbmi();
#else /* the emulated build: SIMDe's VBMI runs on any CPU (else its tests would test the AVX2 rows) */
    return 1;
#endif
}

static int w5_init(w5_ctx *c, const ovxc_geo_src *src, const ovxc_geo_dst *dst, int interp)
{
    int64_t last;
    if (!w5_vbmi() || src->u1 || dst->u1 || src->width < 1 || src->height < 1 || src->stride < src->width ||
        !src->ptr)
        return 0;
    if (src->width >= (1 << 20) || src->height >= (1 << 20)) return 0;
    last = (int64_t)(src->height - 1) * src->stride + src->width - 1;
    if (last < 6 || (int64_t)(src->height + 4) * src->stride >= ((int64_t)1 << 31)) return 0;
    c->ptr = src->ptr;
    c->stride = src->stride;
    c->w = src->width;
    c->h = src->height;
    c->bilinear = interp != OVXC_GEO_NEAREST;
    c->constant = src->mode == OVXC_BORDER_CONSTANT;
    c->last3 = (int32_t)(last - 3);
    c->cval = (uint8_t)(src->cval & 255);
    c->pf = 0;
    c->kc = w5_kc;
    c->xmax16 = src->width >= 16 && src->height >= 4 ? (uint32_t)(src->width - 16) : 0;
    c->ymax16 = src->width >= 16 && src->height >= 4 ? (uint32_t)(src->height - 4) : 0;
    if (src->width < 16 || src->height < 4) c->xmax16 = c->ymax16 = 0xFFFFFFFFu; /* marks none, see w5_table16 */
    c->xmax32 = src->width >= 32 && src->height >= 4 ? (uint32_t)(src->width - 32) : 0xFFFFFFFFu;
    c->flo = _mm512_set1_ps(c->constant ? -OVXC_GEO_FIX_LIM : 0.0f);
    c->fxhi = _mm512_set1_ps(c->constant ? OVXC_GEO_FIX_LIM : (float)((src->width - 1) << B));
    c->fyhi = _mm512_set1_ps(c->constant ? OVXC_GEO_FIX_LIM : (float)((src->height - 1) << B));
    return 1;
}

/* floor to int32 of values inside +-2^30: one conversion rounding down
 * (the emulated build: a rounding down, then truncation; the same
 * integers) */
static inline __m512i w5_floor_epi32(__m512 v)
{
    return W5_FLOOR(v);
}

/* The reference's geo_fix after the clamp (w5_ctx): max returns its second
 * operand (the low bound) for NaN; the conversion rounds down (floor). */
static inline __m512i w5_fix(__m512 v, __m512 lo, __m512 hi)
{
    v = _mm512_min_ps(_mm512_max_ps(v, lo), hi);
    return w5_floor_epi32(v);
}

/* Store the positions of 16 pixels: bilinear X, Y; nearest the pixel. */
static inline void w5_put(const w5_ctx *c, __m512 vx, __m512 vy, int32_t *X, int32_t *Y, const int bil)
{
    __m512i xi = w5_fix(vx, c->flo, c->fxhi), yi = w5_fix(vy, c->flo, c->fyhi);
    if (!bil) {
        const __m512i h = _mm512_set1_epi32(1 << (B - 1));
        xi = W5_SRAI(_mm512_add_epi32(xi, h), B);
        yi = W5_SRAI(_mm512_add_epi32(yi, h), B);
    }
    _mm512_store_si512((void *)X, xi);
    _mm512_store_si512((void *)Y, yi);
}

/* Masked byte loads (the bytes of m's set bits from p, the rest from
 * fill); the emulated build, whose SIMDe has no masked byte loads, copies
 * the bytes one by one (no read outside the mask either way). */
/* vpermb indices: bytes 4 i + b (block b's output i, one byte per dword)
 * back into order b * 16 + i */
static inline __m512i w5_order(void)
{
    return _mm512_set_epi8(63, 59, 55, 51, 47, 43, 39, 35, 31, 27, 23, 19, 15, 11, 7, 3, 62, 58, 54, 50, 46, 42, 38, 34,
                           30, 26, 22, 18, 14, 10, 6, 2, 61, 57, 53, 49, 45, 41, 37, 33, 29, 25, 21, 17, 13, 9, 5, 1, 60,
                           56, 52, 48, 44, 40, 36, 32, 28, 24, 20, 16, 12, 8, 4, 0);
}

/* vpshufb indices (within each 128-bit lane): every byte of a dword takes the
 * dword's first byte */
static inline __m512i w5_dword_base(void)
{
    return _mm512_set_epi8(60, 60, 60, 60, 56, 56, 56, 56, 52, 52, 52, 52, 48, 48, 48, 48, 44, 44, 44, 44, 40, 40, 40,
                           40, 36, 36, 36, 36, 32, 32, 32, 32, 28, 28, 28, 28, 24, 24, 24, 24, 20, 20, 20, 20, 16, 16,
                           16, 16, 12, 12, 12, 12, 8, 8, 8, 8, 4, 4, 4, 4, 0, 0, 0, 0);
}

static inline W5_TARGET __m256i w5_load32(__m256i fill, uint32_t m, const uint8_t *p)
{
#if defined(__AVX512F__)
    return _mm256_mask_loadu_epi8(fill, (__mmask32)m, (const void *)p);
#else
    uint8_t b[32];
    _mm256_storeu_si256((__m256i *)b, fill);
    for (int i = 0; i < 32; i++)
        if (m >> i & 1u) b[i] = p[i];
    return _mm256_loadu_si256((const __m256i *)b);
#endif
}

static inline W5_TARGET __m128i w5_load16(__m128i fill, uint32_t m, const uint8_t *p)
{
#if defined(__AVX512F__)
    return _mm_mask_loadu_epi8(fill, (__mmask16)m, (const void *)p);
#else
    uint8_t b[16];
    _mm_storeu_si128((__m128i *)b, fill);
    for (int i = 0; i < 16; i++)
        if (m >> i & 1u) b[i] = p[i];
    return _mm_loadu_si128((const __m128i *)b);
#endif
}

/* One window row: 32 bytes of plane row y from column x; bytes outside the
 * plane are the constant. */
static inline W5_TARGET __m256i w5_row(const w5_ctx *c, int32_t x, int32_t y)
{
    const __m256i fill = _mm256_set1_epi8((char)c->cval);
    int32_t lo, hi;
    uint32_t m;
    if ((uint32_t)y >= (uint32_t)c->h) return fill;
    lo = -x;         /* the first byte inside: lo (if > 0) */
    hi = c->w - x;   /* the first byte past the row: hi */
    if (hi <= 0 || lo >= 32) return fill;
    m = hi >= 32 ? 0xFFFFFFFFu : ((1u << hi) - 1u);
    if (lo > 0) m &= ~((1u << lo) - 1u);
    return w5_load32(fill, m, (const uint8_t *)((uintptr_t)c->ptr + (uintptr_t)((intptr_t)y * c->stride + x)));
}

/* The 4 bytes at each lane's byte offset (the emulated build: one by one) */
static inline __m512i w5_gather(const uint8_t *p, __m512i off)
{
#if defined(__AVX512F__)
    return _mm512_i32gather_epi32(off, (const void *)p, 1);
#else
    int32_t o[16], g[16];
    _mm512_storeu_si512((void *)o, off);
    for (int i = 0; i < 16; i++) memcpy(&g[i], p + o[i], 4);
    return _mm512_loadu_si512((const void *)g);
#endif
}

/* Tap (a, b) of 16 lanes by the border rule, one gather: the 4 bytes from
 * the tap, or ending at it near the plane's end. */
static inline __m512i w5_tap(const w5_ctx *c, __m512i a, __m512i b)
{
    const __m512i zero = _mm512_setzero_si512();
    __m512i ac = _mm512_min_epi32(_mm512_max_epi32(a, zero), _mm512_set1_epi32(c->w - 1));
    __m512i bc = _mm512_min_epi32(_mm512_max_epi32(b, zero), _mm512_set1_epi32(c->h - 1));
    __m512i off = _mm512_add_epi32(_mm512_mullo_epi32(bc, _mm512_set1_epi32(c->stride)), ac);
    __m512i o2 = _mm512_min_epi32(off, _mm512_set1_epi32(c->last3));
    __m512i g = w5_gather(c->ptr, o2);
    g = _mm512_and_si512(_mm512_srlv_epi32(g, _mm512_slli_epi32(_mm512_sub_epi32(off, o2), 3)),
                         _mm512_set1_epi32(255));
    if (c->constant) {
        __mmask16 in = _mm512_cmpeq_epi32_mask(a, ac) & _mm512_cmpeq_epi32_mask(b, bc);
        g = _mm512_mask_blend_epi32(in, _mm512_set1_epi32(c->cval), g);
    }
    return g;
}

/* The reference's bilinear sum of 16 lanes from the tap pairs as words,
 * before its final shift: u = sum + 2^19 (u >> 20 is the output, u < 2^28).
 * The constants are broadcast from memory (c->kc): held in registers, GCC
 * ran out of them in the software-pipelined perspective rows and rebuilt
 * each from an immediate in every block (one thread, 1920x1080: 1.38 ->
 * 1.20 ms). */
static inline __m512i w5_bil_u(const w5_ctx *c, __m512i a0, __m512i a1, __m512i X, __m512i Y)
{
    const __m512i fm = W5_KC(c, W5_K_FRAC);
    __m512i s = _mm512_and_si512(X, fm), t = _mm512_and_si512(Y, fm);
    __m512i ws = _mm512_add_epi32(W5_KC(c, W5_K_ONE), _mm512_sub_epi32(_mm512_slli_epi32(s, 16), s));
    __m512i r0 = _mm512_madd_epi16(a0, ws), r1 = _mm512_madd_epi16(a1, ws);
    __m512i v = _mm512_add_epi32(_mm512_slli_epi32(r0, B), _mm512_mullo_epi32(_mm512_sub_epi32(r1, r0), t));
    return _mm512_add_epi32(v, W5_KC(c, W5_K_ROUND));
}

static inline __m512i w5_bil(const w5_ctx *c, __m512i a0, __m512i a1, __m512i X, __m512i Y)
{
    return _mm512_srli_epi32(w5_bil_u(c, a0, a1, X, Y), 2 * B);
}

/* w5_bil_u from the taps as bytes p00 p10 p01 p11 of each dword (the
 * windows' vpermb / vpermt2b with the W5_K_OFF* offsets) */
static inline __m512i w5_bil_pairs(const w5_ctx *c, __m512i v, __m512i X, __m512i Y)
{
    const __m512i bm = W5_KC(c, W5_K_PAIR);
    return w5_bil_u(c, _mm512_and_si512(v, bm), _mm512_and_si512(_mm512_srli_epi32(v, 8), bm), X, Y);
}

/* Block b's outputs (u: w5_bil_u's sums) into byte b of each dword of acc:
 * one shift and one ternary-logic or under a mask a block (the shift,
 * shift back and or were three). */
static inline __m512i w5_acc(const w5_ctx *c, __m512i acc, __m512i u, const int b)
{
    if (b == 0) return _mm512_srli_epi32(u, 2 * B);
    return _mm512_ternarylogic_epi32(acc, b == 3 ? _mm512_slli_epi32(u, 8 * 3 - 2 * B) : _mm512_srli_epi32(u, 2 * B - 8 * b),
                                     W5_KC(c, W5_K_BYTE + b - 1), 0xF8); /* acc | (shifted & mask) */
}

/* A 16-column window row: 16 bytes of plane row y from column x, bytes
 * outside the plane the constant. */
static inline W5_TARGET __m128i w5_row16(const w5_ctx *c, int32_t x, int32_t y)
{
    const __m128i fill = _mm_set1_epi8((char)c->cval);
    int32_t lo, hi;
    uint32_t m;
    if ((uint32_t)y >= (uint32_t)c->h) return fill;
    lo = -x;
    hi = c->w - x;
    if (hi <= 0 || lo >= 16) return fill;
    m = hi >= 16 ? 0xFFFFu : ((1u << hi) - 1u);
    if (lo > 0) m &= ~((1u << lo) - 1u);
    return w5_load16(fill, m, (const uint8_t *)((uintptr_t)c->ptr + (uintptr_t)((intptr_t)y * c->stride + x)));
}

/* The 64-byte table of a 16-column window: rows y .. y + 3 from column x,
 * 16 bytes each (a broadcast load and 3 inserts: masked broadcasts needed
 * their masks reloaded into mask registers for every block). */
static inline __attribute__((always_inline)) W5_TARGET __m512i w5_table16(const w5_ctx *c, int32_t x, int32_t y)
{
    if ((uint32_t)x <= c->xmax16 && (uint32_t)y <= c->ymax16 && c->xmax16 != 0xFFFFFFFFu) {
        const intptr_t st = c->stride;
        const uint8_t *p = c->ptr + (intptr_t)y * st + x;
        __m512i t = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p));
        /* the rows of a rotated warp cross the source diagonally, where the
         * hardware prefetchers see no stream */
        if (c->pf) _mm_prefetch((const char *)((uintptr_t)p + (uintptr_t)c->pf), _MM_HINT_T0);
        t = _mm512_inserti32x4(t, _mm_loadu_si128((const __m128i *)(p + st)), 1);
        t = _mm512_inserti32x4(t, _mm_loadu_si128((const __m128i *)(p + 2 * st)), 2);
        return _mm512_inserti32x4(t, _mm_loadu_si128((const __m128i *)(p + 3 * st)), 3);
    }
    {
        __m512i t = _mm512_castsi128_si512(w5_row16(c, x, y));
        t = _mm512_inserti32x4(t, w5_row16(c, x, y + 1), 1);
        t = _mm512_inserti32x4(t, w5_row16(c, x, y + 2), 2);
        return _mm512_inserti32x4(t, w5_row16(c, x, y + 3), 3);
    }
}

/* The 128-byte table of a 32-column window inside the plane: rows y .. y +
 * 3 from column x, 32 bytes each, as two registers (w5_win32 checks the
 * bounds). */
static inline int w5_win32(const w5_ctx *c, int32_t x, int32_t y, __m512i *ta, __m512i *tb)
{
    if (!((uint32_t)x <= c->xmax32 && (uint32_t)y <= c->ymax16 && c->xmax32 != 0xFFFFFFFFu)) return 0;
    const intptr_t st = c->stride;
    const uint8_t *p = c->ptr + (intptr_t)y * st + x;
    *ta = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)p)),
                             _mm256_loadu_si256((const __m256i *)(p + st)), 1);
    *tb = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(p + 2 * st))),
                             _mm256_loadu_si256((const __m256i *)(p + 3 * st)), 1);
    return 1;
}

/* The 32-column window anywhere (w5_win32, else masked rows). */
static inline W5_TARGET void w5_table32(const w5_ctx *c, int32_t x, int32_t y, __m512i *ta, __m512i *tb)
{
    if (w5_win32(c, x, y, ta, tb)) return;
    *ta = _mm512_inserti64x4(_mm512_castsi256_si512(w5_row(c, x, y)), w5_row(c, x, y + 1), 1);
    *tb = _mm512_inserti64x4(_mm512_castsi256_si512(w5_row(c, x, y + 2)), w5_row(c, x, y + 3), 1);
}

/* The taps of 16 lanes from the 128-byte table ta:tb (rows of 2^sh bytes)
 * at window offsets (dx, dy) by vpermt2b: nearest the tap, bilinear the
 * reference's sum (int32 lanes, 0..255). */
static inline W5_TARGET __m512i w5_pick2(const w5_ctx *c, __m512i ta, __m512i tb, __m512i dx, __m512i dy, const int sh,
                                         __m512i Xv, __m512i Yv, const int bil)
{
    const __m512i idx = _mm512_add_epi32(dx, _mm512_slli_epi32(dy, sh));
    if (!bil) return _mm512_and_si512(_mm512_permutex2var_epi8(ta, idx, tb), _mm512_set1_epi32(255));
    const __mmask64 even = (__mmask64)0x5555555555555555ull;
    const __m512i i0 = _mm512_add_epi32(_mm512_add_epi32(idx, _mm512_slli_epi32(idx, 16)), _mm512_set1_epi32(0x00010000));
    const __m512i i1 = _mm512_add_epi32(i0, _mm512_set1_epi32((1 << sh) * 0x10001));
    return w5_bil(c, _mm512_maskz_permutex2var_epi8(even, ta, i0, tb), _mm512_maskz_permutex2var_epi8(even, ta, i1, tb),
                  Xv, Yv);
}

/* The slow paths of a block of 16 (int32 lanes, 0..255): the 32-column
 * window (4 rows of 32 bytes, vpermt2b), else a 16-column, 8-row one, else
 * gathers. */
static W5_TARGET __attribute__((noinline)) __m512i w5_blk_slow(const w5_ctx *c, __m512i Xv, __m512i Yv, int32_t x,
                                                               int32_t y, const int bil)
{
    const __m512i xi = bil ? W5_SRAI(Xv, B) : Xv, yi = bil ? W5_SRAI(Yv, B) : Yv;
    const __m512i dx = _mm512_sub_epi32(xi, _mm512_set1_epi32(x)), dy = _mm512_sub_epi32(yi, _mm512_set1_epi32(y));
    const __mmask16 ok = _mm512_cmple_epu32_mask(dx, _mm512_set1_epi32(31 - bil)) &
                         _mm512_cmple_epu32_mask(dy, _mm512_set1_epi32(3 - bil));
    if (ok == 0xFFFF) {
        __m512i ta, tb;
        if ((uint32_t)x <= c->xmax32 && (uint32_t)y <= c->ymax16 && c->xmax32 != 0xFFFFFFFFu) {
            const intptr_t st = c->stride;
            const uint8_t *p = c->ptr + (intptr_t)y * st + x;
            ta = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)p)),
                                    _mm256_loadu_si256((const __m256i *)(p + st)), 1);
            tb = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(p + 2 * st))),
                                    _mm256_loadu_si256((const __m256i *)(p + 3 * st)), 1);
        } else {
            ta = _mm512_inserti64x4(_mm512_castsi256_si512(w5_row(c, x, y)), w5_row(c, x, y + 1), 1);
            tb = _mm512_inserti64x4(_mm512_castsi256_si512(w5_row(c, x, y + 2)), w5_row(c, x, y + 3), 1);
        }
        return w5_pick2(c, ta, tb, dx, dy, 5, Xv, Yv, bil);
    }
    /* steep rotations (a block across more rows: 16-pixel blocks at 20 and
     * 30 degrees, nearest, one thread, 1920x1080: 1.95 -> 1.35 and 1.70 ->
     * 1.26 ms; bilinear 4.0 -> 1.7 ms at 20 degrees): a 16-column, 8-row
     * window, two tables (nearest blocks tried it in w5_nn_other) */
    if (bil && (_mm512_cmple_epu32_mask(dx, _mm512_set1_epi32(14)) & _mm512_cmple_epu32_mask(dy, _mm512_set1_epi32(6))) ==
                   0xFFFF)
        return w5_pick2(c, w5_table16(c, x, y), w5_table16(c, x, y + 4), dx, dy, 4, Xv, Yv, bil);
    if (!bil) return w5_tap(c, xi, yi);
    const __m512i one = _mm512_set1_epi32(1);
    const __m512i xj = _mm512_add_epi32(xi, one), yj = _mm512_add_epi32(yi, one);
    __m512i a0 = _mm512_or_si512(w5_tap(c, xi, yi), _mm512_slli_epi32(w5_tap(c, xj, yi), 16));
    __m512i a1 = _mm512_or_si512(w5_tap(c, xi, yj), _mm512_slli_epi32(w5_tap(c, xj, yj), 16));
    return w5_bil(c, a0, a1, Xv, Yv);
}

/* The base of block k: the smaller tap of lanes 0 and 15 (a pointer to it,
 * for broadcasts from memory). */
static inline const int32_t *w5_base(const int32_t *A, int32_t k)
{
    return A[k] <= A[k + 15] ? A + k : A + k + 15;
}

/* The base of a tile's block (w5_tile_band: rows of tw lanes): the least of
 * its corners' taps (the positions are monotonic along rows and columns) */
static inline const int32_t *w5_base_tile(const int32_t *A, int32_t k, const int tw)
{
    const int32_t *a = A[k] <= A[k + tw - 1] ? A + k : A + k + tw - 1;
    const int32_t *b = A[k + 16 - tw] <= A[k + 15] ? A + k + 16 - tw : A + k + 15;
    return *a <= *b ? a : b;
}

/* The taps of the n pixels of a chunk (positions in X[], Y[], held up to n
 * rounded up to 16) into out.  Fast path: the block's taps in a 16-column,
 * 4-row window (w5_table16) and one vpermb (bilinear: the four taps of each
 * lane as bytes p00 p01 p10 p11 of its dword).  tile (bilinear only): the
 * lanes are w5_tile_band's tiles, tile lanes wide. */
static inline __attribute__((always_inline)) W5_TARGET void w5_taps(const w5_ctx *c, const int32_t *X, const int32_t *Y, uint8_t *out, int32_t n,
                                     const int bil, const int tile)
{
    if (bil) {
        /* 4 blocks a step, as w5_taps_aff's */
        const __m512i b0 = w5_dword_base();
        const __m512i order = w5_order();
        for (int32_t k0 = 0; k0 < n; k0 += 64) {
            __m512i acc = _mm512_setzero_si512();
            /* the base taps (>> of a negative int32 is arithmetic on the
             * compilers this file builds with; X >> 10 is monotonic in X);
             * dx <= 14 and dy <= 2 (unsigned: negatives fail), two compares (GCC makes the
             * second a masked one; SIMDe's _mm512_mask_cmple_epu32_mask alias wants 4 arguments) */
#define W5_GBIL_BLK(b)                                                                                                  \
    if (k0 + 16 * (b) < n) {                                                                                            \
        const int32_t k = k0 + 16 * (b);                                                                                \
        const __m512i Xv = _mm512_load_si512((const void *)(X + k)), Yv = _mm512_load_si512((const void *)(Y + k));    \
        const int32_t x = *(tile ? w5_base_tile(X, k, tile) : w5_base(X, k)) >> B;                                      \
        const int32_t y = *(tile ? w5_base_tile(Y, k, tile) : w5_base(Y, k)) >> B;                                      \
        const __m512i dx = _mm512_sub_epi32(W5_SRAI(Xv, B), _mm512_set1_epi32(x));                                      \
        const __m512i dy = _mm512_sub_epi32(W5_SRAI(Yv, B), _mm512_set1_epi32(y));                                      \
        const __mmask16 in =                                                                                            \
            _mm512_cmple_epu32_mask(dx, W5_KC(c, W5_K_DX16)) & _mm512_cmple_epu32_mask(dy, W5_KC(c, W5_K_DY));          \
        __m512i r, ta, tb;                                                                                              \
        if (in == 0xFFFF) {                                                                                             \
            const __m512i T = w5_table16(c, x, y);                                                                      \
            const __m512i i = _mm512_add_epi32(dx, _mm512_slli_epi32(dy, 4));                                           \
            const __m512i v =                                                                                           \
                _mm512_permutexvar_epi8(_mm512_add_epi32(_mm512_shuffle_epi8(i, b0), W5_KC(c, W5_K_OFF16)), T);         \
            r = w5_bil_pairs(c, v, Xv, Yv);                                                                             \
        } else if (_mm512_cmple_epu32_mask(_mm512_max_epu32(dx, _mm512_sub_epi32(_mm512_slli_epi32(dy, 4), dy)),       \
                                           W5_KC(c, W5_K_DX32)) == 0xFFFF &&                                            \
                   w5_win32(c, x, y, &ta, &tb)) {                                                                       \
            /* dx <= 30, dy <= 2: the 32-column window, bytes p00 p01 p10 p11 by one vpermt2b */                        \
            const __m512i i = _mm512_add_epi32(dx, _mm512_slli_epi32(dy, 5));                                           \
            const __m512i v =                                                                                           \
                _mm512_permutex2var_epi8(ta, _mm512_add_epi32(_mm512_shuffle_epi8(i, b0), W5_KC(c, W5_K_OFF32)), tb);   \
            r = w5_bil_pairs(c, v, Xv, Yv);                                                                             \
        } else {                                                                                                        \
            r = _mm512_slli_epi32(w5_blk_slow(c, Xv, Yv, x, y, 1), 2 * B);                                                  \
        }                                                                                                               \
        acc = w5_acc(c, acc, r, b);                                                                                     \
    }
            W5_GBIL_BLK(0)
            W5_GBIL_BLK(1)
            W5_GBIL_BLK(2)
            W5_GBIL_BLK(3)
#undef W5_GBIL_BLK
            acc = _mm512_permutexvar_epi8(order, acc);
            if (n - k0 >= 64) _mm512_storeu_si512((void *)(out + k0), acc);
            else _mm512_mask_storeu_epi8(out + k0, ((__mmask64)1 << (n - k0)) - 1, acc);
        }
        return;
    }
    /* nearest: 4 blocks of 16 a step, block b's taps into byte b of each
     * dword of acc (merge-masked vpermb), then one vpermb into order */
    const __m512i k15 = _mm512_set1_epi32(15), k31 = _mm512_set1_epi32(31);
    const __m512i order = w5_order();
    for (int32_t k0 = 0; k0 < n; k0 += 64) {
        __m512i acc = _mm512_setzero_si512();
        /* the 4 blocks unrolled: constant shifts and masks */
#define W5_GEN_BLK(b)                                                                                                   \
    if (k0 + 16 * (b) < n) {                                                                                            \
        const int32_t k = k0 + 16 * (b);                                                                                \
        const __mmask64 mb = (__mmask64)0x1111111111111111ull << (b);                                                  \
        const __m512i Xv = _mm512_load_si512((const void *)(X + k)), Yv = _mm512_load_si512((const void *)(Y + k));    \
        const int32_t *xp = w5_base(X, k), *yp = w5_base(Y, k), x = *xp, y = *yp;                                      \
        /* broadcasts from memory: load ports, not the shuffle port */                                                  \
        const __m512i dx = _mm512_sub_epi32(Xv, _mm512_broadcastd_epi32(_mm_loadu_si32(xp)));                          \
        const __m512i dy = _mm512_sub_epi32(Yv, _mm512_broadcastd_epi32(_mm_loadu_si32(yp)));                          \
        /* dx <= 15 and dy <= 3: max(dx, 4 dy) <= 15 */                                                                 \
        const __m512i u = _mm512_max_epu32(dx, _mm512_slli_epi32(dy, 2));                                               \
        __m512i ta, tb;                                                                                                 \
        if (_mm512_cmple_epu32_mask(u, k15) == 0xFFFF) {                                                                \
            const __m512i T = w5_table16(c, x, y);                                                                      \
            const __m512i i = _mm512_slli_epi32(_mm512_add_epi32(dx, _mm512_slli_epi32(dy, 4)), 8 * (b));              \
            acc = _mm512_mask_permutexvar_epi8(acc, mb, i, T);                                                          \
        } else if (_mm512_cmple_epu32_mask(_mm512_max_epu32(dx, _mm512_slli_epi32(dy, 3)), k31) == 0xFFFF &&            \
                   w5_win32(c, x, y, &ta, &tb)) {                                                                       \
            /* dx <= 31, dy <= 3: the 32-column window, one vpermt2b */                                                 \
            const __m512i i = _mm512_slli_epi32(_mm512_add_epi32(dx, _mm512_slli_epi32(dy, 5)), 8 * (b));              \
            acc = _mm512_mask_mov_epi8(acc, mb, _mm512_permutex2var_epi8(ta, i, tb));                                   \
        } else {                                                                                                        \
            acc = _mm512_mask_mov_epi8(acc, mb, _mm512_slli_epi32(w5_blk_slow(c, Xv, Yv, x, y, 0), 8 * (b)));           \
        }                                                                                                               \
    }
        W5_GEN_BLK(0)
        W5_GEN_BLK(1)
        W5_GEN_BLK(2)
        W5_GEN_BLK(3)
#undef W5_GEN_BLK
        acc = _mm512_permutexvar_epi8(order, acc);
        if (n - k0 >= 64) _mm512_storeu_si512((void *)(out + k0), acc);
        else _mm512_mask_storeu_epi8(out + k0, ((__mmask64)1 << (n - k0)) - 1, acc);
    }
}

#define W5_ALIGN __attribute__((aligned(64)))

/* A nearest block (the 16 lanes at X, Y) whose taps are not all in an
 * in-plane 16-column window from w5_taps_nn's base (w5_taps_nn): from the
 * block's own base (the smaller tap of lanes 0 and 15) the 16-column window
 * (rows or columns outside the plane by masked loads), else the 32-column
 * one, else w5_blk_slow; the 16 outputs in int32 lanes. */
static W5_TARGET __attribute__((noinline)) __m512i w5_nn_other(const w5_ctx *c, const int32_t *X, const int32_t *Y)
{
    const int32_t x = *w5_base(X, 0), y = *w5_base(Y, 0);
    const __m512i Xv = _mm512_load_si512((const void *)X), Yv = _mm512_load_si512((const void *)Y);
    const __m512i dx = _mm512_sub_epi32(Xv, _mm512_set1_epi32(x)), dy = _mm512_sub_epi32(Yv, _mm512_set1_epi32(y));
    __m512i ta, tb;
    if (_mm512_cmple_epu32_mask(_mm512_max_epu32(dx, _mm512_slli_epi32(dy, 2)), _mm512_set1_epi32(15)) == 0xFFFF)
        return _mm512_and_si512(_mm512_permutexvar_epi8(_mm512_add_epi32(dx, _mm512_slli_epi32(dy, 4)), w5_table16(c, x, y)),
                                _mm512_set1_epi32(255));
    if (_mm512_cmple_epu32_mask(_mm512_max_epu32(dx, _mm512_slli_epi32(dy, 3)), _mm512_set1_epi32(31)) == 0xFFFF &&
        w5_win32(c, x, y, &ta, &tb))
        return _mm512_and_si512(_mm512_permutex2var_epi8(ta, _mm512_add_epi32(dx, _mm512_slli_epi32(dy, 5)), tb),
                                _mm512_set1_epi32(255));
    if (_mm512_cmple_epu32_mask(_mm512_max_epu32(dx, _mm512_slli_epi32(dy, 1)), _mm512_set1_epi32(15)) == 0xFFFF)
        return w5_pick2(c, w5_table16(c, x, y), w5_table16(c, x, y + 4), dx, dy, 4, Xv, Yv, 0); /* (see w5_blk_slow) */
    return w5_blk_slow(c, Xv, Yv, x, y, 0);
}

/* The nearest taps of n pixels (X, Y: the pixels, held up to n rounded up
 * to 16) into out, as w5_taps's nearest with fewer instructions on its
 * common path (the block in an in-plane 16-column, 4-row window: its rows
 * by a broadcast and 3 inserts, no mask registers; the rest in
 * w5_nn_other).  Planes with no such window take w5_taps. */
static inline __attribute__((always_inline)) W5_TARGET void w5_taps_nn(const w5_ctx *c, const int32_t *X,
                                                                       const int32_t *Y, uint8_t *out, int32_t n)
{
    const __m512i k15 = _mm512_set1_epi32(15), order = w5_order();
    const uint8_t *const p0 = c->ptr;
    const intptr_t st = c->stride;
    const uint32_t xm = c->xmax16, ym = c->ymax16;
    /* the base lanes: lane 0 where the run's first tap is at or before its
     * last, else lane 15 (a block whose taps are not all at or after its
     * base lane's fails the test: unsigned differences) */
    const int32_t lx = X[0] <= X[n - 1] ? 0 : 15, ly = Y[0] <= Y[n - 1] ? 0 : 15;
    /* (the window's test marked likely: GCC had put the common path out of
     * line, a taken jump a block; one thread, 1920x1080: 0.729 -> 0.706 ms.
     * The same mark on the bilinear blocks made them slower: 1.357 -> 1.389) */
    for (int32_t k0 = 0; k0 < n; k0 += 64) {
        __m512i acc = _mm512_setzero_si512();
#define W5_NNB(b)                                                                                                       \
    if (k0 + 16 * (b) < n) {                                                                                            \
        const int32_t k = k0 + 16 * (b);                                                                                \
        const int32_t x = X[k + lx], y = Y[k + ly];                                                                     \
        const __m512i Xv = _mm512_load_si512((const void *)(X + k)), Yv = _mm512_load_si512((const void *)(Y + k));    \
        const __m512i dx = _mm512_sub_epi32(Xv, _mm512_set1_epi32(x)), dy = _mm512_sub_epi32(Yv, _mm512_set1_epi32(y)); \
        const __mmask64 mb = (__mmask64)0x1111111111111111ull << (b);                                                  \
        if (__builtin_expect(_mm512_cmple_epu32_mask(_mm512_max_epu32(dx, _mm512_slli_epi32(dy, 2)), k15) == 0xFFFF && \
                                 (uint32_t)x <= xm && (uint32_t)y <= ym,                                        \
                             1)) {                                                                              \
            const uint8_t *p = p0 + (intptr_t)y * st + x;                                                               \
            __m512i T = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p));                                    \
            T = _mm512_inserti32x4(T, _mm_loadu_si128((const __m128i *)(p + st)), 1);                                   \
            T = _mm512_inserti32x4(T, _mm_loadu_si128((const __m128i *)(p + 2 * st)), 2);                               \
            T = _mm512_inserti32x4(T, _mm_loadu_si128((const __m128i *)(p + 3 * st)), 3);                               \
            acc = _mm512_mask_permutexvar_epi8(acc, mb, _mm512_slli_epi32(_mm512_add_epi32(dx, _mm512_slli_epi32(dy, 4)), \
                                                                          8 * (b)),                                     \
                                               T);                                                                      \
        } else {                                                                                                        \
            acc = _mm512_mask_mov_epi8(acc, mb, _mm512_slli_epi32(w5_nn_other(c, X + k, Y + k), 8 * (b)));              \
        }                                                                                                               \
    }
        W5_NNB(0)
        W5_NNB(1)
        W5_NNB(2)
        W5_NNB(3)
#undef W5_NNB
        acc = _mm512_permutexvar_epi8(order, acc);
        if (n - k0 >= 64) _mm512_storeu_si512((void *)(out + k0), acc);
        else _mm512_mask_storeu_epi8(out + k0, ((__mmask64)1 << (n - k0)) - 1, acc);
    }
}

/* Affine rows whose every block's taps lie in a 16-column, 4-row window
 * from its base (w5_affine_row's test): the taps with no per-block test,
 * from the lanes' window indices P = xi + 16 yi (xi, yi the taps: |P| <
 * 2^26) minus the base's. */
static inline __attribute__((always_inline)) W5_TARGET void w5_taps_aff(const w5_ctx *c, const int32_t *X, const int32_t *Y, const int32_t *P,
                                         uint8_t *out, int32_t n, const int32_t lx, const int32_t ly, const int bil,
                                         const int wide)
{
    const int32_t ws = wide ? 32 : 16; /* the window's row length (P = xi + ws yi) */
    if (bil) {
        /* 4 blocks a step: block b's outputs into byte b of each dword,
         * then one vpermb into order (as nearest) */
        const __m512i b0 = w5_dword_base();
        const __m512i order = w5_order();
        for (int32_t k0 = 0; k0 < n; k0 += 64) {
            __m512i acc = _mm512_setzero_si512();
#define W5_BIL_BLK(b)                                                                                                   \
    if (k0 + 16 * (b) < n) {                                                                                            \
        const int32_t k = k0 + 16 * (b);                                                                                \
        const __m512i Xv = _mm512_load_si512((const void *)(X + k)), Yv = _mm512_load_si512((const void *)(Y + k));    \
        const int32_t x = X[k + lx] >> B, y = Y[k + ly] >> B;                                                           \
        const __m512i i = _mm512_sub_epi32(_mm512_load_si512((const void *)(P + k)), _mm512_set1_epi32(x + ws * y));  \
        __m512i v;                                                                                                      \
        /* i in each byte of its dword, plus the taps' offsets */                                                       \
        if (!wide) {                                                                                                    \
            v = _mm512_permutexvar_epi8(_mm512_add_epi32(_mm512_shuffle_epi8(i, b0), W5_KC(c, W5_K_OFF16)),             \
                                        w5_table16(c, x, y));                                                           \
        } else {                                                                                                        \
            __m512i ta, tb;                                                                                             \
            w5_table32(c, x, y, &ta, &tb);                                                                              \
            v = _mm512_permutex2var_epi8(ta, _mm512_add_epi32(_mm512_shuffle_epi8(i, b0), W5_KC(c, W5_K_OFF32)), tb);   \
        }                                                                                                               \
        const __m512i r = w5_bil_pairs(c, v, Xv, Yv);                                                                   \
        acc = w5_acc(c, acc, r, b);                                                                                     \
    }
            W5_BIL_BLK(0)
            W5_BIL_BLK(1)
            W5_BIL_BLK(2)
            W5_BIL_BLK(3)
#undef W5_BIL_BLK
            acc = _mm512_permutexvar_epi8(order, acc);
            if (n - k0 >= 64) _mm512_storeu_si512((void *)(out + k0), acc);
            else _mm512_mask_storeu_epi8(out + k0, ((__mmask64)1 << (n - k0)) - 1, acc);
        }
        return;
    }
    const __m512i order = w5_order();
    for (int32_t k0 = 0; k0 < n; k0 += 64) {
        __m512i acc = _mm512_setzero_si512();
#define W5_NN_BLK(b)                                                                                                    \
    if (k0 + 16 * (b) < n) {                                                                                            \
        const int32_t k = k0 + 16 * (b), x = X[k + lx], y = Y[k + ly];                                                  \
        const __m512i i = _mm512_sub_epi32(_mm512_load_si512((const void *)(P + k)), _mm512_set1_epi32(x + ws * y));  \
        const __mmask64 mb = (__mmask64)0x1111111111111111ull << (b);                                                  \
        if (!wide) {                                                                                                    \
            acc = _mm512_mask_permutexvar_epi8(acc, mb, _mm512_slli_epi32(i, 8 * (b)), w5_table16(c, x, y));            \
        } else {                                                                                                        \
            __m512i ta, tb;                                                                                             \
            w5_table32(c, x, y, &ta, &tb);                                                                              \
            acc = _mm512_mask_mov_epi8(acc, mb, _mm512_permutex2var_epi8(ta, _mm512_slli_epi32(i, 8 * (b)), tb));       \
        }                                                                                                               \
    }
        W5_NN_BLK(0)
        W5_NN_BLK(1)
        W5_NN_BLK(2)
        W5_NN_BLK(3)
#undef W5_NN_BLK
        acc = _mm512_permutexvar_epi8(order, acc);
        if (n - k0 >= 64) _mm512_storeu_si512((void *)(out + k0), acc);
        else _mm512_mask_storeu_epi8(out + k0, ((__mmask64)1 << (n - k0)) - 1, acc);
    }
}

/* zero, or a magnitude whose 2^-10 multiples stay normal (w5_affine_row) */
static inline int w5_normal(float v)
{
    const float a = v < 0 ? -v : v;
    return v == 0.0f || (a >= 0x1p-100f && a <= 0x1p100f);
}

static inline int w5_inside(float v, float lo, float hi)
{
    return v >= lo && v <= hi;
}

static W5_TARGET __attribute__((noinline)) void w5_affine_row(const w5_ctx *c, const ovxc_geo_row *r, uint8_t *row, int32_t n, const float *tab,
                                           const int bil)
{
    const __m512 ax = _mm512_set1_ps(r->ax), bx = _mm512_set1_ps(r->bx);
    const __m512 ay = _mm512_set1_ps(r->ay), by = _mm512_set1_ps(r->by);
    const __m512 sixteen = _mm512_set1_ps(16.0f);
    const __m512 lane = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i h = _mm512_set1_epi32(bil ? 0 : 1 << (B - 1));
    int32_t X[W5_CHUNK] W5_ALIGN, Y[W5_CHUNK] W5_ALIGN, P[W5_CHUNK] W5_ALIGN;
    /* Every block's taps in a 16-column, 4-row window from its base: the
     * positions (a rounded product of a fixed factor plus a constant, then
     * the clamp: each step monotonic) are monotonic in x, so the base (the
     * smaller tap of lanes 0 and 15) is the smallest tap and the largest is
     * under base + 1 + 15 |a| + the float error (under 1/64 pixel for planes
     * and rows under 2^17 pixels: |a x| < 2^27 and the positions of taps
     * near the plane under 2^27, so each rounding is under 4/1024 pixel;
     * lanes far outside a constant border's plane have windows wholly
     * outside it, the constant, as the reference; replicate's clamp only
     * narrows the spread):
     * 15 |ax| < 15 - bilinear and 15 |ay| < 3 - bilinear pixels with 0.1 to
     * spare keep dx <= 15 - bilinear, dy <= 3 - bilinear. */
    const float sax = 15.0f * (r->ax < 0 ? -r->ax : r->ax), say = 15.0f * (r->ay < 0 ? -r->ay : r->ay);
    const int fitsy = c->w < (1 << 17) && c->h < (1 << 17) && n < (1 << 17) &&
                      say <= (2.9f - (float)bil) * (float)OVXC_GEO_FIX_SCALE;
    /* the 16-column window, else (steps up to about 2 pixels across) the
     * 32-column one (w5_table32, the same argument with 31 - bilinear) */
    const int local = fitsy && sax <= (14.9f - (float)bil) * (float)OVXC_GEO_FIX_SCALE;
    const int wide = !local && fitsy && sax <= (30.9f - (float)bil) * (float)OVXC_GEO_FIX_SCALE;
    const int psh = wide ? 5 : 4;
    /* the base lanes (the positions are monotonic): the smaller tap is lane
     * 0 where the positions increase along the row, else lane 15 */
    const int32_t lx = r->ax >= 0.0f ? 0 : 15, ly = r->ay >= 0.0f ? 0 : 15;
    const float fxlo = c->constant ? -OVXC_GEO_FIX_LIM : 0.0f, fylo = fxlo;
    const float fxhi = c->constant ? OVXC_GEO_FIX_LIM : (float)((c->w - 1) << B);
    const float fyhi = c->constant ? OVXC_GEO_FIX_LIM : (float)((c->h - 1) << B);
    /* nearest: u = v / 1024 from the constants scaled by 2^-10, exact (a
     * power-of-2 scaling commutes with each rounding) while the scaled
     * constants and products stay normal floats: zero or |c| >= 2^-100
     * (products by integers x >= 1 only grow) */
    const float k10 = 1.0f / 1024.0f;
    const int scaled = w5_normal(r->ax) && w5_normal(r->bx) && w5_normal(r->ay) && w5_normal(r->by);
    const __m512 sax_ = _mm512_set1_ps(r->ax * k10), sbx = _mm512_set1_ps(r->bx * k10);
    const __m512 say_ = _mm512_set1_ps(r->ay * k10), sby = _mm512_set1_ps(r->by * k10);
    const __m512 slo = _mm512_set1_ps(fxlo * k10), sxhi = _mm512_set1_ps(fxhi * k10), syhi = _mm512_set1_ps(fyhi * k10);
    const __m512 halfv = _mm512_set1_ps(0.5f);
    for (int32_t x0 = 0; x0 < n; x0 += W5_CHUNK) {
        const int32_t m = n - x0 < W5_CHUNK ? n - x0 : W5_CHUNK, me = (m + 15) & ~15;
        __m512 xf = _mm512_add_ps(lane, _mm512_set1_ps((float)x0));
        /* the chunk's positions inside the clamp's bounds at both ends (the
         * lanes' operations in scalar: the same floats): no clamp */
        const float xa = (float)x0, xb = (float)(x0 + me - 1);
        const int inside = w5_inside(r->ax * xa + r->bx, fxlo, fxhi) && w5_inside(r->ax * xb + r->bx, fxlo, fxhi) &&
                           w5_inside(r->ay * xa + r->by, fylo, fyhi) && w5_inside(r->ay * xb + r->by, fylo, fyhi);
        if (!local && !wide) {
            for (int32_t x = 0; x < m; x += 16) {
                w5_put(c, _mm512_add_ps(_mm512_mul_ps(ax, xf), bx), _mm512_add_ps(_mm512_mul_ps(ay, xf), by), X + x,
                       Y + x, bil);
                xf = _mm512_add_ps(xf, sixteen);
            }
            /* (nearest: w5_taps_nn's other blocks try an 8-row window before gathers) */
            if (!bil && c->xmax16 != 0xFFFFFFFFu) w5_taps_nn(c, X, Y, row + x0, m);
            else w5_taps(c, X, Y, row + x0, m, bil, 0);
            continue;
        }
        if (!bil && scaled) {
            /* nearest, the constants scaled by 2^-10 (u = v / 1024 exactly,
             * see scaled): the pixel (floor(v) + 512) >> 10 = floor(u + 1/2)
             * (floor(floor(v) / n) = floor(v / n)), u + 1/2 rounded down
             * (|u| <= 2^20 after the clamp: the floor of a sum rounded down
             * is the floor of the exact sum), the clamp's bounds scaled */
            for (int32_t x = 0; x < m; x += 16) {
                __m512 ux, uy;
                if (tab) { /* the products from w5_affine_rows' table */
                    ux = _mm512_add_ps(_mm512_load_ps(tab + x0 + x), sbx);
                    uy = _mm512_add_ps(_mm512_load_ps(tab + W5_TABW + x0 + x), sby);
                } else {
                    ux = _mm512_add_ps(_mm512_mul_ps(sax_, xf), sbx);
                    uy = _mm512_add_ps(_mm512_mul_ps(say_, xf), sby);
                }
                if (!inside) {
                    ux = _mm512_min_ps(_mm512_max_ps(ux, slo), sxhi);
                    uy = _mm512_min_ps(_mm512_max_ps(uy, slo), syhi);
                }
                const __m512i xi = w5_floor_epi32(W5_ADD_RD(ux, halfv)), yi = w5_floor_epi32(W5_ADD_RD(uy, halfv));
                _mm512_store_si512((void *)(X + x), xi);
                _mm512_store_si512((void *)(Y + x), yi);
                _mm512_store_si512((void *)(P + x), _mm512_add_epi32(xi, _mm512_slli_epi32(yi, psh)));
                xf = _mm512_add_ps(xf, sixteen);
            }
        } else
        for (int32_t x = 0; x < m; x += 16) {
            __m512 vx, vy;
            __m512i Xi, Yi, xi, yi;
            if (bil && tab) {
                vx = _mm512_add_ps(_mm512_load_ps(tab + x0 + x), bx);
                vy = _mm512_add_ps(_mm512_load_ps(tab + W5_TABW + x0 + x), by);
            } else {
                vx = _mm512_add_ps(_mm512_mul_ps(ax, xf), bx);
                vy = _mm512_add_ps(_mm512_mul_ps(ay, xf), by);
            }
            if (inside) {
                Xi = w5_floor_epi32(vx);
                Yi = w5_floor_epi32(vy);
            } else {
                Xi = w5_fix(vx, c->flo, c->fxhi);
                Yi = w5_fix(vy, c->flo, c->fyhi);
            }
            if (!bil) {
                Xi = W5_SRAI(_mm512_add_epi32(Xi, h), B);
                Yi = W5_SRAI(_mm512_add_epi32(Yi, h), B);
                xi = Xi;
                yi = Yi;
            } else {
                xi = W5_SRAI(Xi, B);
                yi = W5_SRAI(Yi, B);
            }
            _mm512_store_si512((void *)(X + x), Xi);
            _mm512_store_si512((void *)(Y + x), Yi);
            _mm512_store_si512((void *)(P + x), _mm512_add_epi32(xi, _mm512_slli_epi32(yi, psh)));
            xf = _mm512_add_ps(xf, sixteen);
        }
        if (wide) w5_taps_aff(c, X, Y, P, row + x0, m, lx, ly, bil, 1);
        else w5_taps_aff(c, X, Y, P, row + x0, m, lx, ly, bil, 0);
    }
}

/* How a perspective chunk's positions are computed (w5_persp_mode) */
enum { W5_P_FOLD, W5_P_INSIDE, W5_P_SCALED, W5_P_PLAIN };

typedef struct {
    __m512 ax, bx, ay, by, az, bz, sax, sbx, say, sby, slo, sxhi, syhi;
    float fxlo, fxhi, fyhi;
    int scaled;
    const float *tab; /* w5_persp_rows' products (0: none) */
} w5_pconst;

/* The chunk of lanes [x0, x0 + me): W5_P_FOLD (nearest, scaled, inside the
 * clamp's bounds, every |RN(n q)| under 2^12 pixels), W5_P_INSIDE (bilinear
 * inside the bounds: no clamp), else W5_P_SCALED (nearest, scaled, with the
 * clamp) or W5_P_PLAIN (the reference's v, w5_put). */
static inline __attribute__((always_inline)) int w5_persp_mode(const w5_pconst *k, const ovxc_geo_row *r, int32_t x0, int32_t me, const int bil)
{
    const float xa = (float)x0, xb = (float)(x0 + me - 1), k10 = 1.0f / 1024.0f;
    float pl[2], ph[2], ul[2], uh[2];
    const float hh = bil || !k->scaled ? 0.5f : 0x1p-11f, kk = bil || !k->scaled ? 1.0f : k10;
    const int inside = ovxc_geo_persp_span(r->ax * kk, r->bx * kk, r->az, r->bz, xa, xb, hh, pl, ph, ul, uh) &&
                       ovxc_geo_persp_span(r->ay * kk, r->by * kk, r->az, r->bz, xa, xb, hh, pl + 1, ph + 1, ul + 1, uh + 1) &&
                       ul[0] >= k->fxlo * kk && uh[0] <= k->fxhi * kk && ul[1] >= k->fxlo * kk && uh[1] <= k->fyhi * kk;
    if (bil) return inside ? W5_P_INSIDE : W5_P_PLAIN;
    if (!k->scaled) return W5_P_PLAIN;
    return inside && pl[0] > -0x1p12f && ph[0] < 0x1p12f && pl[1] > -0x1p12f && ph[1] < 0x1p12f ? W5_P_FOLD
                                                                                                  : W5_P_SCALED;
}

/* W5_P_PLAIN's v (the reference's operations) at columns xf, the row's
 * constants in lanes (one row's broadcast, or a tile's rows') */
static inline void w5_plain_v(__m512 ax, __m512 bx, __m512 ay, __m512 by, __m512 az, __m512 bz, __m512 xf,
                              __m512 *vx, __m512 *vy)
{
    const __m512 q = _mm512_div_ps(_mm512_set1_ps(1.0f), _mm512_add_ps(_mm512_mul_ps(az, xf), bz));
    const __m512 half = _mm512_set1_ps(0.5f);
    *vx = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(_mm512_mul_ps(ax, xf), bx), q), half);
    *vy = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(_mm512_mul_ps(ay, xf), by), q), half);
}

/* The positions of lanes [x0, x0 + cnt) (cnt <= 64, rounded up to 16) into
 * X, Y by the chunk's mode. */
static inline __attribute__((always_inline)) W5_TARGET void w5_persp_pos(const w5_ctx *c, const w5_pconst *k,
                                                                         int mode, int32_t x0, int32_t cnt,
                                                                         int32_t *X, int32_t *Y, const int bil)
{
    /* the row-independent products (w5_persp_rows' table: 0 where none) */
    const float *tx = k->tab ? k->tab + x0 : 0, *ty = tx ? tx + W5_TABW : 0, *tz = tx ? tx + 2 * W5_TABW : 0;
    const __m512 sixteen = _mm512_set1_ps(16.0f), one = _mm512_set1_ps(1.0f), half = _mm512_set1_ps(0.5f);
    __m512 xf = _mm512_add_ps(_mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                              _mm512_set1_ps((float)x0));
    if (!bil && mode == W5_P_FOLD) {
        /* floor(RN(p + h) + 1/2) = floor(p + h + 1/2) for h = 2^-11 and
         * |p| < 2^12: the two differ only if the rounding of s = p + h
         * moved it onto or across a half-integer t, so |s - t| <= ulp(s) / 2
         * <= 2^-12 and |p| > 1/4; then ulp(p) divides h (|p| < 2^13) and
         * s, a multiple of ulp(p), is a float (s is in p's binade or a
         * lower one, or just above a power of two 2^e, which is no closer
         * than 1/2 to a half-integer but for t = 2^-1, where s and RN(s)
         * are both in [1/2, 3/2)), so not rounded.  p + h + 1/2 rounded
         * down has that floor. */
        const __m512 c11 = _mm512_set1_ps(0.5f + 0x1p-11f);
        if (tx)
            for (int32_t x = 0; x < cnt; x += 16) {
                __m512 q = _mm512_div_ps(one, _mm512_add_ps(_mm512_load_ps(tz + x), k->bz));
                __m512 px = _mm512_mul_ps(_mm512_add_ps(_mm512_load_ps(tx + x), k->sbx), q);
                __m512 py = _mm512_mul_ps(_mm512_add_ps(_mm512_load_ps(ty + x), k->sby), q);
                _mm512_store_si512((void *)(X + x), w5_floor_epi32(W5_ADD_RD(px, c11)));
                _mm512_store_si512((void *)(Y + x), w5_floor_epi32(W5_ADD_RD(py, c11)));
            }
        else
        for (int32_t x = 0; x < cnt; x += 16) {
            __m512 q = _mm512_div_ps(one, _mm512_add_ps(_mm512_mul_ps(k->az, xf), k->bz));
            __m512 px = _mm512_mul_ps(_mm512_add_ps(_mm512_mul_ps(k->sax, xf), k->sbx), q);
            __m512 py = _mm512_mul_ps(_mm512_add_ps(_mm512_mul_ps(k->say, xf), k->sby), q);
            _mm512_store_si512((void *)(X + x), w5_floor_epi32(W5_ADD_RD(px, c11)));
            _mm512_store_si512((void *)(Y + x), w5_floor_epi32(W5_ADD_RD(py, c11)));
            xf = _mm512_add_ps(xf, sixteen);
        }
    } else if (bil && mode == W5_P_INSIDE) {
        if (tx)
            for (int32_t x = 0; x < cnt; x += 16) {
                __m512 q = _mm512_div_ps(one, _mm512_add_ps(_mm512_load_ps(tz + x), k->bz));
                __m512 vx = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(_mm512_load_ps(tx + x), k->bx), q), half);
                __m512 vy = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(_mm512_load_ps(ty + x), k->by), q), half);
                _mm512_store_si512((void *)(X + x), w5_floor_epi32(vx));
                _mm512_store_si512((void *)(Y + x), w5_floor_epi32(vy));
            }
        else
        for (int32_t x = 0; x < cnt; x += 16) {
            __m512 q = _mm512_div_ps(one, _mm512_add_ps(_mm512_mul_ps(k->az, xf), k->bz));
            __m512 vx = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(_mm512_mul_ps(k->ax, xf), k->bx), q), half);
            __m512 vy = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(_mm512_mul_ps(k->ay, xf), k->by), q), half);
            _mm512_store_si512((void *)(X + x), w5_floor_epi32(vx));
            _mm512_store_si512((void *)(Y + x), w5_floor_epi32(vy));
            xf = _mm512_add_ps(xf, sixteen);
        }
    } else if (!bil && mode == W5_P_SCALED) {
        /* nearest as w5_affine_row's: the numerators' constants scaled
         * by 2^-10 give n / 1024 exactly, their products by q (nq) /
         * 1024 exactly but where |nq| < 2^-26, whose sums with 1/2 and
         * 2^-11 are 1/2 and 2^-11 anyway, or it overflows to infinity,
         * which the clamp also takes to its bound: u = v / 1024 */
        const __m512 h11 = _mm512_set1_ps(0x1p-11f);
        for (int32_t x = 0; x < cnt; x += 16) {
            __m512 q = _mm512_div_ps(one, _mm512_add_ps(_mm512_mul_ps(k->az, xf), k->bz));
            __m512 ux = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(_mm512_mul_ps(k->sax, xf), k->sbx), q), h11);
            __m512 uy = _mm512_add_ps(_mm512_mul_ps(_mm512_add_ps(_mm512_mul_ps(k->say, xf), k->sby), q), h11);
            ux = _mm512_min_ps(_mm512_max_ps(ux, k->slo), k->sxhi);
            uy = _mm512_min_ps(_mm512_max_ps(uy, k->slo), k->syhi);
            _mm512_store_si512((void *)(X + x), w5_floor_epi32(W5_ADD_RD(ux, half)));
            _mm512_store_si512((void *)(Y + x), w5_floor_epi32(W5_ADD_RD(uy, half)));
            xf = _mm512_add_ps(xf, sixteen);
        }
    } else {
        for (int32_t x = 0; x < cnt; x += 16) {
            __m512 vx, vy;
            w5_plain_v(k->ax, k->bx, k->ay, k->by, k->az, k->bz, xf, &vx, &vy);
            w5_put(c, vx, vy, X + x, Y + x, bil);
            xf = _mm512_add_ps(xf, sixteen);
        }
    }
}

/* The constants of row r's positions (tab: w5_persp_rows' products, or 0) */
static inline __attribute__((always_inline)) W5_TARGET void w5_pconst_init(const w5_ctx *c, const ovxc_geo_row *r,
                                                                           const float *tab, w5_pconst *k)
{
    const float k10 = 1.0f / 1024.0f;
    k->ax = _mm512_set1_ps(r->ax), k->bx = _mm512_set1_ps(r->bx);
    k->ay = _mm512_set1_ps(r->ay), k->by = _mm512_set1_ps(r->by);
    k->az = _mm512_set1_ps(r->az), k->bz = _mm512_set1_ps(r->bz);
    k->scaled = w5_normal(r->ax) && w5_normal(r->bx) && w5_normal(r->ay) && w5_normal(r->by);
    k->tab = tab;
    k->sax = _mm512_set1_ps(r->ax * k10), k->sbx = _mm512_set1_ps(r->bx * k10);
    k->say = _mm512_set1_ps(r->ay * k10), k->sby = _mm512_set1_ps(r->by * k10);
    k->fxlo = c->constant ? -OVXC_GEO_FIX_LIM : 0.0f;
    k->fxhi = c->constant ? OVXC_GEO_FIX_LIM : (float)((c->w - 1) << B);
    k->fyhi = c->constant ? OVXC_GEO_FIX_LIM : (float)((c->h - 1) << B);
    k->slo = _mm512_set1_ps(k->fxlo * k10), k->sxhi = _mm512_set1_ps(k->fxhi * k10);
    k->syhi = _mm512_set1_ps(k->fyhi * k10);
}

/* A perspective row, software-pipelined: the positions of the next chunk
 * (its 64-lane groups, into the other buffer) are computed between the
 * taps of this chunk's groups, so the divisions (the divider's throughput
 * bounds the positions) overlap the taps' work, while the taps read
 * positions stored a chunk earlier (a load that meets a recent 64-byte
 * store stalls). */
static W5_TARGET __attribute__((noinline)) void w5_persp_row(const w5_ctx *c, const ovxc_geo_row *r, uint8_t *row, int32_t n,
                                          const float *tab, const int bil)
{
    int32_t XY[4][W5_PCHUNK] W5_ALIGN;
    w5_pconst k;
    w5_pconst_init(c, r, tab, &k);
    {
        const int32_t m0 = n < W5_PCHUNK ? n : W5_PCHUNK;
        const int mode0 = w5_persp_mode(&k, r, 0, (m0 + 15) & ~15, bil);
        for (int32_t g = 0; g < m0; g += 64)
            w5_persp_pos(c, &k, mode0, g, m0 - g < 64 ? m0 - g : 64, XY[0] + g, XY[1] + g, bil);
    }
    for (int32_t x0 = 0, cur = 0; x0 < n; x0 += W5_PCHUNK, cur ^= 2) {
        const int32_t m = n - x0 < W5_PCHUNK ? n - x0 : W5_PCHUNK, nx0 = x0 + W5_PCHUNK;
        const int32_t nm = n - nx0 <= 0 ? 0 : (n - nx0 < W5_PCHUNK ? n - nx0 : W5_PCHUNK);
        const int nmode = nm ? w5_persp_mode(&k, r, nx0, (nm + 15) & ~15, bil) : 0;
        int32_t *Xc = XY[cur], *Yc = XY[cur + 1], *Xn = XY[cur ^ 2], *Yn = XY[(cur ^ 2) + 1];
        for (int32_t g = 0; g < m; g += 64) {
            if (g < nm) w5_persp_pos(c, &k, nmode, nx0 + g, nm - g < 64 ? nm - g : 64, Xn + g, Yn + g, bil);
            if (!bil && c->xmax16 != 0xFFFFFFFFu) w5_taps_nn(c, Xc + g, Yc + g, row + x0 + g, m - g < 64 ? m - g : 64);
            else w5_taps(c, Xc + g, Yc + g, row + x0 + g, m - g < 64 ? m - g : 64, bil, 0);
        }
    }
}

typedef struct {
    __m512 cx, cy, scx, scy, slo, sxhi, syhi;
} w5_rconst;

/* The positions of the cnt points at q (cnt <= 64; the block's lanes past
 * cnt from points 0, computed, not used) into X, Y. */
static inline __attribute__((always_inline)) W5_TARGET void w5_remap_pos(const w5_ctx *c, const w5_rconst *k,
                                                                         const float *q0, int32_t cnt, int32_t *X,
                                                                         int32_t *Y, const int bil)
{
    const __m512 kfix = _mm512_set1_ps((float)OVXC_GEO_FIX_SCALE), half = _mm512_set1_ps(0.5f);
    const __m512i ev = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i od = _mm512_add_epi32(ev, _mm512_set1_epi32(1));
    for (int32_t x = 0; x < cnt; x += 16) {
        const float *q = q0 + 2 * x;
        __m512 a, b;
        if (cnt - x >= 16) {
            _mm_prefetch((const char *)((uintptr_t)q + 4 * W5_MAPPF), _MM_HINT_T0);
            _mm_prefetch((const char *)((uintptr_t)q + 4 * W5_MAPPF + 64), _MM_HINT_T0);
            a = _mm512_loadu_ps(q);
            b = _mm512_loadu_ps(q + 16);
        } else { /* the row's last points; the rest of the block 0 (computed, not stored) */
            const int32_t kk = 2 * (cnt - x);
            a = W5_LOADZ((__mmask16)(kk >= 16 ? 0xFFFF : (1u << kk) - 1u), q);
            b = W5_LOADZ((__mmask16)(kk > 16 ? (1u << (kk - 16)) - 1u : 0u), q + 16);
        }
        __m512 mx = _mm512_permutex2var_ps(a, ev, b), my = _mm512_permutex2var_ps(a, od, b);
        if (!bil) {
            /* nearest: u = RN(m + c / 1024) is v / 1024 exactly (v =
             * RN(1024 m + c): 1024 m is exact or overflows, where u is as
             * far out, past the clamp's bound; a sum in the subnormal range
             * is exact at both scales), then as w5_affine_row's: the pixel
             * floor(u + 1/2), the clamp's bounds scaled */
            __m512 ux = _mm512_min_ps(_mm512_max_ps(_mm512_add_ps(mx, k->scx), k->slo), k->sxhi);
            __m512 uy = _mm512_min_ps(_mm512_max_ps(_mm512_add_ps(my, k->scy), k->slo), k->syhi);
            _mm512_store_si512((void *)(X + x), w5_floor_epi32(W5_ADD_RD(ux, half)));
            _mm512_store_si512((void *)(Y + x), w5_floor_epi32(W5_ADD_RD(uy, half)));
        } else {
            w5_put(c, _mm512_add_ps(_mm512_mul_ps(mx, kfix), k->cx), _mm512_add_ps(_mm512_mul_ps(my, kfix), k->cy),
                   X + x, Y + x, bil);
        }
    }
}

/* A remap row, software-pipelined as w5_persp_row: the next chunk's
 * positions (the map's stream) between this chunk's 64-pixel tap groups. */
static inline W5_TARGET void w5_remap_row(const w5_ctx *c, const float *p, uint8_t *row, int32_t n, __m512 cx,
                                          __m512 cy, const int bil)
{
    int32_t XY[4][W5_CHUNK] W5_ALIGN;
    const float k10 = 1.0f / 1024.0f;
    w5_rconst k;
    const int nn = !bil && c->xmax16 != 0xFFFFFFFFu;
    k.cx = cx, k.cy = cy;
    k.scx = _mm512_mul_ps(cx, _mm512_set1_ps(k10)), k.scy = _mm512_mul_ps(cy, _mm512_set1_ps(k10));
    k.slo = _mm512_mul_ps(c->flo, _mm512_set1_ps(k10)), k.sxhi = _mm512_mul_ps(c->fxhi, _mm512_set1_ps(k10));
    k.syhi = _mm512_mul_ps(c->fyhi, _mm512_set1_ps(k10));
    {
        const int32_t m0 = n < W5_CHUNK ? n : W5_CHUNK;
        for (int32_t g = 0; g < m0; g += 64)
            w5_remap_pos(c, &k, p + 2 * g, m0 - g < 64 ? m0 - g : 64, XY[0] + g, XY[1] + g, bil);
    }
    for (int32_t x0 = 0, cur = 0; x0 < n; x0 += W5_CHUNK, cur ^= 2) {
        const int32_t m = n - x0 < W5_CHUNK ? n - x0 : W5_CHUNK, nx0 = x0 + W5_CHUNK;
        const int32_t nm = n - nx0 <= 0 ? 0 : (n - nx0 < W5_CHUNK ? n - nx0 : W5_CHUNK);
        int32_t *Xc = XY[cur], *Yc = XY[cur + 1], *Xn = XY[cur ^ 2], *Yn = XY[(cur ^ 2) + 1];
        for (int32_t g = 0; g < m; g += 64) {
            if (g < nm) w5_remap_pos(c, &k, p + 2 * (nx0 + g), nm - g < 64 ? nm - g : 64, Xn + g, Yn + g, bil);
            if (nn) w5_taps_nn(c, Xc + g, Yc + g, row + x0 + g, m - g < 64 ? m - g : 64);
            else w5_taps(c, Xc + g, Yc + g, row + x0 + g, m - g < 64 ? m - g : 64, bil, 0);
        }
    }
}

/* A band of up to 8 destination rows whose positions come from per-row
 * constants (ovxc_geo_row: ax, ay, az the same on every row; bx, by, bz the
 * row's), the rows past nr repeating the last */
typedef struct {
    float ax, ay, az;
    float bx[8], by[8], bz[8];
    int nr;
} w5_band;

/* Steep warps, tile by tile (ovxc_geo_tile_shape): the band's pixels taken
 * in tiles tw wide and 16 / tw high (4x4, or 2x8: th = 4 or 8 rows), 16
 * lanes a tile, their positions computed lane by lane as the rows' (the
 * same operations on each pixel's x and its row's constants: affine, v =
 * a x + b; perspective, W5_P_PLAIN's), so that a tile's taps lie in a
 * 16-column, 4- or 8-row window where a 16-pixel row block's span more
 * source rows than the windows hold (its taps were gathered, 20 cycles a
 * 16-lane gather here).  w5_taps (tile: the block's base the least of its
 * corners') computes each group of 16 columns; the outputs go back into
 * the rows by one vpermb (4x4) or two vpermt2b (2x8) a group. */
static W5_TARGET __attribute__((noinline)) void w5_tile_band(const w5_ctx *c, const w5_band *b, const int persp,
                                                             const int tw, int32_t n, uint8_t *row0, intptr_t dstride)
{
    int32_t Xt[128] W5_ALIGN, Yt[128] W5_ALIGN;
    uint8_t o[128] W5_ALIGN;
    float lb[3][16];
    /* a lane's column in its tile and its row's constants */
    __m512 colp, bx, by, bz;
    const __m512 ax = _mm512_set1_ps(b->ax), ay = _mm512_set1_ps(b->ay), az = _mm512_set1_ps(b->az);
    {
        float cp[16];
        for (int l = 0; l < 16; l++) {
            const int r = l / tw < b->nr ? l / tw : b->nr - 1;
            cp[l] = (float)(l % tw);
            lb[0][l] = b->bx[r], lb[1][l] = b->by[r], lb[2][l] = b->bz[r];
        }
        colp = _mm512_loadu_ps(cp);
        bx = _mm512_loadu_ps(lb[0]), by = _mm512_loadu_ps(lb[1]), bz = _mm512_loadu_ps(lb[2]);
    }
    /* the outputs a group (16 columns, th rows; tiles of 16 bytes in o) back
     * in rows: 4x4, out byte 16 r + 4 t + j from o's 16 t + 4 r + j; 2x8,
     * rows 0-3 (4-7): out byte 16 r + 2 t + j from o's 16 t + 2 r + j (+ 8) */
    const __m512i back4 = _mm512_set_epi8(63, 62, 61, 60, 47, 46, 45, 44, 31, 30, 29, 28, 15, 14, 13, 12, 59, 58, 57,
                                          56, 43, 42, 41, 40, 27, 26, 25, 24, 11, 10, 9, 8, 55, 54, 53, 52, 39, 38, 37,
                                          36, 23, 22, 21, 20, 7, 6, 5, 4, 51, 50, 49, 48, 35, 34, 33, 32, 19, 18, 17,
                                          16, 3, 2, 1, 0);
    const __m512i back2 = _mm512_set_epi8(119, 118, 103, 102, 87, 86, 71, 70, 55, 54, 39, 38, 23, 22, 7, 6, 117, 116,
                                          101, 100, 85, 84, 69, 68, 53, 52, 37, 36, 21, 20, 5, 4, 115, 114, 99, 98, 83,
                                          82, 67, 66, 51, 50, 35, 34, 19, 18, 3, 2, 113, 112, 97, 96, 81, 80, 65, 64,
                                          49, 48, 33, 32, 17, 16, 1, 0);
    const __m512i eight = _mm512_set1_epi8(8);
    for (int32_t g = 0; g < n; g += 16) {
        const __mmask64 cols = n - g >= 16 ? 0xFFFF : ((__mmask64)1 << (n - g)) - 1;
        for (int t = 0; t < 16 / tw; t++) {
            const __m512 xf = _mm512_add_ps(colp, _mm512_set1_ps((float)(g + t * tw)));
            __m512 vx, vy;
            if (persp) {
                w5_plain_v(ax, bx, ay, by, az, bz, xf, &vx, &vy);
            } else {
                vx = _mm512_add_ps(_mm512_mul_ps(ax, xf), bx);
                vy = _mm512_add_ps(_mm512_mul_ps(ay, xf), by);
            }
            w5_put(c, vx, vy, Xt + 16 * t, Yt + 16 * t, 1);
        }
        /* row r of the group from 128-bit lane l of v (an immediate at every
         * optimization level), rows past nr not stored */
#define W5_ROW(v, r, l)                                                                                                 \
    if (b->nr > (r))                                                                                                    \
        _mm512_mask_storeu_epi8(row0 + (r) * dstride + g, cols, _mm512_castsi128_si512(_mm512_extracti32x4_epi32(v, l)));
        if (tw == 4) {
            w5_taps(c, Xt, Yt, o, 64, 1, 4);
            const __m512i v = _mm512_permutexvar_epi8(back4, _mm512_load_si512((const void *)o));
            _mm512_mask_storeu_epi8(row0 + g, cols, v);
            W5_ROW(v, 1, 1)
            W5_ROW(v, 2, 2)
            W5_ROW(v, 3, 3)
        } else {
            w5_taps(c, Xt, Yt, o, 64, 1, 2);
            w5_taps(c, Xt + 64, Yt + 64, o + 64, 64, 1, 2);
            const __m512i lo = _mm512_load_si512((const void *)o), hi = _mm512_load_si512((const void *)(o + 64));
            const __m512i v0 = _mm512_permutex2var_epi8(lo, back2, hi);
            const __m512i v1 = _mm512_permutex2var_epi8(lo, _mm512_add_epi8(back2, eight), hi);
            _mm512_mask_storeu_epi8(row0 + g, cols, v0);
            W5_ROW(v0, 1, 1)
            W5_ROW(v0, 2, 2)
            W5_ROW(v0, 3, 3)
            W5_ROW(v1, 4, 0)
            W5_ROW(v1, 5, 1)
            W5_ROW(v1, 6, 2)
            W5_ROW(v1, 7, 3)
        }
#undef W5_ROW
    }
}

/* Rows [y0, y1) by bands of tiles tw wide (w5_tile_band), kind's rows'
 * constants (affine or perspective) */
static W5_TARGET __attribute__((noinline)) void w5_tile_rows(const w5_ctx *c, const ovxc_geo_src *src,
                                                             const ovxc_geo_dst *dst, const float *m, uint32_t y0,
                                                             uint32_t y1, const int persp, const int tw)
{
    const uint32_t th = 16u / (uint32_t)tw;
    for (uint32_t y = y0; y < y1; y += th) {
        w5_band b;
        b.nr = (int)(y1 - y < th ? y1 - y : th);
        for (int i = 0; i < b.nr; i++) {
            ovxc_geo_row r;
            if (persp) ovxc_geo_perspective_row(src, m, y + (uint32_t)i, &r);
            else ovxc_geo_affine_row(src, m, y + (uint32_t)i, &r);
            b.ax = r.ax, b.ay = r.ay, b.az = r.az;
            b.bx[i] = r.bx, b.by[i] = r.by, b.bz[i] = r.bz;
        }
        w5_tile_band(c, &b, persp, tw, dst->width, dst->ptr + (intptr_t)y * dst->stride, dst->stride);
    }
}

/* The rows of each kind, in VBMI code (called only after w5_init's check:
 * the entry points below are compiled without VBMI). */
static W5_TARGET __attribute__((noinline)) void w5_affine_rows(const w5_ctx *c, const ovxc_geo_src *src,
                                                               const ovxc_geo_dst *dst, const float *m, uint32_t y0,
                                                               uint32_t y1)
{
    /* the products of x by ax, ay (the same floats on every row;
     * nearest's scaled by 2^-10), once for all rows (as w5_persp_rows') */
    float tab[2 * W5_TABW] W5_ALIGN;
    const float *tp = 0;
    if (y1 > y0 && c->bilinear) {
        /* steep rotations by tiles (one thread, 1920x1080, rotations of 30, 45,
         * 60, 75, 90 degrees: 3.05-3.27, 2.49, 1.97, 1.65, 1.27 ms by rows ->
         * 1.62, 1.48, 1.41, 1.26, 1.22) */
        const int tw = ovxc_geo_tile_shape(m[0], m[1], m[2], m[3], -1.0);
        if (tw) {
            w5_tile_rows(c, src, dst, m, y0, y1, 0, tw);
            return;
        }
    }
    if (dst->width <= W5_TABW && y1 > y0) {
        ovxc_geo_row r;
        const __m512 sixteen = _mm512_set1_ps(16.0f);
        __m512 xf = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), fx, fy;
        ovxc_geo_affine_row(src, m, y0, &r);
        fx = _mm512_set1_ps(c->bilinear ? r.ax : r.ax * (1.0f / 1024.0f));
        fy = _mm512_set1_ps(c->bilinear ? r.ay : r.ay * (1.0f / 1024.0f));
        for (int32_t x = 0; x < dst->width; x += 16) {
            _mm512_store_ps(tab + x, _mm512_mul_ps(fx, xf));
            _mm512_store_ps(tab + W5_TABW + x, _mm512_mul_ps(fy, xf));
            xf = _mm512_add_ps(xf, sixteen);
        }
        tp = tab;
    }
    for (uint32_t y = y0; y < y1; y++) {
        ovxc_geo_row r;
        ovxc_geo_affine_row(src, m, y, &r);
        if (c->bilinear) w5_affine_row(c, &r, dst->ptr + (intptr_t)y * dst->stride, dst->width, tp, 1);
        else w5_affine_row(c, &r, dst->ptr + (intptr_t)y * dst->stride, dst->width, tp, 0);
    }
}

/* The tile shape for a bilinear perspective's rows from y (ovxc_geo_tile_shape,
 * the positions' steps at the row's middle column, one pixel right and one
 * down) */
static int w5_persp_shape(const ovxc_geo_src *src, const float *m, uint32_t y, int32_t w)
{
    ovxc_geo_row r0, r1;
    const double xm = 0.5 * w;
    double p[3][2];
    ovxc_geo_perspective_row(src, m, y, &r0);
    ovxc_geo_perspective_row(src, m, y + 1, &r1);
    for (int i = 0; i < 3; i++) {
        const ovxc_geo_row *r = i == 2 ? &r1 : &r0;
        const double x = i == 1 ? xm + 1 : xm, d = (double)r->az * x + r->bz;
        if (d == 0.0) return 0;
        p[i][0] = ((double)r->ax * x + r->bx) / (d * OVXC_GEO_FIX_SCALE);
        p[i][1] = ((double)r->ay * x + r->by) / (d * OVXC_GEO_FIX_SCALE);
    }
    /* (2x8 tiles only while a row block's positions move over 2.5 pixels
     * along the row too: at 85-90 degrees the perspective rows, their
     * positions' products from a table, were as fast or faster: one thread,
     * 1920x1080, 90 degrees 1.28 ms by rows, 1.42 by tiles) */
    return ovxc_geo_tile_shape(p[1][0] - p[0][0], p[1][1] - p[0][1], p[2][0] - p[0][0], p[2][1] - p[0][1], 2.5);
}

/* The products of x by the row-independent factors of a perspective warp
 * (ax, ay, az: the same floats for every row; nearest's scaled by 2^-10),
 * once for all rows, into tab (3 W5_TABW floats); returns tab, or 0 for
 * rows wider than W5_TABW (the rows then multiply) */
static W5_TARGET const float *w5_persp_products(const w5_ctx *c, const ovxc_geo_src *src, const float *m, uint32_t y0,
                                                int32_t width, float *tab)
{
    ovxc_geo_row r;
    const __m512 sixteen = _mm512_set1_ps(16.0f);
    __m512 xf = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), fx, fy, fz;
    if (width > W5_TABW) return 0;
    ovxc_geo_perspective_row(src, m, y0, &r);
    fx = _mm512_set1_ps(c->bilinear ? r.ax : r.ax * (1.0f / 1024.0f));
    fy = _mm512_set1_ps(c->bilinear ? r.ay : r.ay * (1.0f / 1024.0f));
    fz = _mm512_set1_ps(r.az);
    for (int32_t x = 0; x < width; x += 16) {
        _mm512_store_ps(tab + x, _mm512_mul_ps(fx, xf));
        _mm512_store_ps(tab + W5_TABW + x, _mm512_mul_ps(fy, xf));
        _mm512_store_ps(tab + 2 * W5_TABW + x, _mm512_mul_ps(fz, xf));
        xf = _mm512_add_ps(xf, sixteen);
    }
    return tab;
}

static W5_TARGET __attribute__((noinline)) void w5_persp_rows(const w5_ctx *c, const ovxc_geo_src *src,
                                                              const ovxc_geo_dst *dst, const float *m, uint32_t y0,
                                                              uint32_t y1)
{
    float tab[3 * W5_TABW] W5_ALIGN;
    const float *tp = y1 > y0 ? w5_persp_products(c, src, m, y0, dst->width, tab) : 0;
    for (uint32_t y = y0; y < y1;) {
        ovxc_geo_row r;
        ovxc_geo_perspective_row(src, m, y, &r);
        if (c->bilinear && (y - y0) % 8 == 0) {
            /* steep rotations by tiles, 8 rows at a time (one thread,
             * 1920x1080, rotations of 30, 45, 60, 75 degrees: 2.96, 2.51,
             * 1.99, 1.62 ms by rows -> 1.82, 1.69, 1.61, 1.46) */
            const int tw = w5_persp_shape(src, m, y, dst->width);
            const uint32_t y2 = y1 - y < 8 ? y1 : y + 8;
            if (tw) {
                w5_tile_rows(c, src, dst, m, y, y2, 1, tw);
                y = y2;
                continue;
            }
        }
        if (c->bilinear) w5_persp_row(c, &r, dst->ptr + (intptr_t)y * dst->stride, dst->width, tp, 1);
        else w5_persp_row(c, &r, dst->ptr + (intptr_t)y * dst->stride, dst->width, tp, 0);
        y++;
    }
}

static W5_TARGET __attribute__((noinline)) void w5_remap_rows(const w5_ctx *c, const ovxc_geo_src *src,
                                                              const ovxc_geo_dst *dst, const float *map_xy,
                                                              uint32_t y0, uint32_t y1)
{
    const __m512 cx = _mm512_set1_ps((float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->ox));
    const __m512 cy = _mm512_set1_ps((float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->oy));
    for (uint32_t y = y0; y < y1; y++) {
        const float *p = map_xy + (size_t)y * (size_t)dst->width * 2;
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        if (c->bilinear) w5_remap_row(c, p, row, dst->width, cx, cy, 1);
        else w5_remap_row(c, p, row, dst->width, cx, cy, 0);
    }
}

void ovxc_warp_affine_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                                 uint32_t y0, uint32_t y1)
{
    w5_ctx c;
    if (!w5_init(&c, src, dst, interp)) {
        ovxc_warp_affine_rows_avx2(src, dst, m, interp, y0, y1);
        return;
    }
    c.pf = (intptr_t)floor(8.0 * (double)m[3] + 0.5) * src->stride + (intptr_t)floor(8.0 * (double)m[2] + 0.5);
    w5_affine_rows(&c, src, dst, m, y0, y1);
}

void ovxc_warp_perspective_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m, int interp,
                                      uint32_t y0, uint32_t y1)
{
    w5_ctx c;
    if (!w5_init(&c, src, dst, interp)) {
        ovxc_warp_perspective_rows_avx2(src, dst, m, interp, y0, y1);
        return;
    }
    /* the matrix's own step per row (exact where the denominator is near 1) */
    c.pf = (intptr_t)floor(8.0 * (double)m[4] + 0.5) * src->stride + (intptr_t)floor(8.0 * (double)m[3] + 0.5);
    w5_persp_rows(&c, src, dst, m, y0, y1);
}

/* The table's dwords of k pixels (all 16 when k >= 16) at t: the pixels
 * xi, yi clamped to [-1, xhi] x [-1, yhi], x in the low int16, y in the
 * high (a row's last ones through a buffer: the emulated build has no
 * masked dword store) */
static inline void w5_tab_store(int32_t *t, __m512i xi, __m512i yi, __m512i xhi, __m512i yhi, int32_t k)
{
    const __m512i m1 = _mm512_set1_epi32(-1);
    xi = _mm512_min_epi32(_mm512_max_epi32(xi, m1), xhi);
    yi = _mm512_min_epi32(_mm512_max_epi32(yi, m1), yhi);
    const __m512i o = _mm512_or_si512(_mm512_and_si512(xi, _mm512_set1_epi32(0xFFFF)), _mm512_slli_epi32(yi, 16));
    if (k >= 16) {
        _mm512_storeu_si512((void *)t, o);
    } else {
        int32_t tail[16] W5_ALIGN;
        _mm512_store_si512((void *)tail, o);
        memcpy(t, tail, (size_t)k * 4);
    }
}

/* The perspective table's rows (geometry.h): the nearest rows' positions
 * (w5_persp_pos, by the chunks' modes, as w5_persp_row), clamped to [-1, w]
 * x [-1, h] and stored as the table's dwords (x in the low int16, y in the
 * high) */
static W5_TARGET __attribute__((noinline)) void w5_persp_tab_rows(const w5_ctx *c, const ovxc_geo_src *src,
                                                                  const ovxc_geo_dst *dst, const float *m,
                                                                  int16_t *tab, uint32_t y0, uint32_t y1)
{
    float prod[3 * W5_TABW] W5_ALIGN;
    int32_t X[64] W5_ALIGN, Y[64] W5_ALIGN;
    const int32_t n = dst->width;
    const float *tp = y1 > y0 ? w5_persp_products(c, src, m, y0, n, prod) : 0;
    const __m512i xhi = _mm512_set1_epi32(src->width), yhi = _mm512_set1_epi32(src->height);
    for (uint32_t y = y0; y < y1; y++) {
        int32_t *t = (int32_t *)(void *)(tab + (size_t)y * (size_t)n * 2);
        ovxc_geo_row r;
        w5_pconst k;
        ovxc_geo_perspective_row(src, m, y, &r);
        w5_pconst_init(c, &r, tp, &k);
        for (int32_t x0 = 0; x0 < n; x0 += W5_PCHUNK) {
            const int32_t cm = n - x0 < W5_PCHUNK ? n - x0 : W5_PCHUNK;
            const int mode = w5_persp_mode(&k, &r, x0, (cm + 15) & ~15, 0);
            for (int32_t g = 0; g < cm; g += 64) {
                const int32_t gn = cm - g < 64 ? cm - g : 64;
                w5_persp_pos(c, &k, mode, x0 + g, gn, X, Y, 0);
                for (int32_t i = 0; i < gn; i += 16)
                    w5_tab_store(t + x0 + g + i, _mm512_load_si512((const void *)(X + i)),
                                 _mm512_load_si512((const void *)(Y + i)), xhi, yhi, gn - i);
            }
        }
    }
}

void ovxc_warp_perspective_tab_build_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m,
                                                 int16_t *tab, uint32_t y0, uint32_t y1)
{
    w5_ctx c;
    if (!w5_init(&c, src, dst, OVXC_GEO_NEAREST)) {
        ovxc_warp_perspective_tab_build_rows(src, dst, m, tab, y0, y1);
        return;
    }
    /* the positions under the constant rule's clamp (+-2^30: the
     * reference's geo_fix) whatever the border: the table's pixels are the
     * reference's, clamped to [-1, w] x [-1, h] (replicate's clamp into the
     * plane, which gives the same samples, would give another table) */
    c.constant = 1;
    c.flo = _mm512_set1_ps(-OVXC_GEO_FIX_LIM);
    c.fxhi = c.fyhi = _mm512_set1_ps(OVXC_GEO_FIX_LIM);
    w5_persp_tab_rows(&c, src, dst, m, tab, y0, y1);
}

/* The affine table's rows (geometry.h): 16 pixels a step, the reference's
 * v = a x + b (a product, then a sum), its clamp to +-2^30 (NaN to the low
 * end, as w5_fix) and floor, the pixel (X + 512) >> 10 clamped to [-1, w] x
 * [-1, h], stored as the table's dwords */
static W5_TARGET __attribute__((noinline)) void w5_affine_tab_rows(const ovxc_geo_src *src, const ovxc_geo_dst *dst,
                                                                   const float *m, int16_t *tab, uint32_t y0,
                                                                   uint32_t y1)
{
    const __m512 lo = _mm512_set1_ps(-OVXC_GEO_FIX_LIM), hi = _mm512_set1_ps(OVXC_GEO_FIX_LIM);
    const __m512 sixteen = _mm512_set1_ps(16.0f), x0 = _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i h = _mm512_set1_epi32(1 << (B - 1));
    const __m512i xhi = _mm512_set1_epi32(src->width), yhi = _mm512_set1_epi32(src->height);
    const int32_t n = dst->width;
    for (uint32_t y = y0; y < y1; y++) {
        int32_t *t = (int32_t *)(void *)(tab + (size_t)y * (size_t)n * 2);
        ovxc_geo_row r;
        __m512 xf = x0, ax, bx, ay, by;
        ovxc_geo_affine_row(src, m, y, &r);
        ax = _mm512_set1_ps(r.ax), bx = _mm512_set1_ps(r.bx), ay = _mm512_set1_ps(r.ay), by = _mm512_set1_ps(r.by);
        for (int32_t x = 0; x < n; x += 16) {
            __m512i xi = w5_fix(_mm512_add_ps(_mm512_mul_ps(ax, xf), bx), lo, hi);
            __m512i yi = w5_fix(_mm512_add_ps(_mm512_mul_ps(ay, xf), by), lo, hi);
            w5_tab_store(t + x, W5_SRAI(_mm512_add_epi32(xi, h), B), W5_SRAI(_mm512_add_epi32(yi, h), B), xhi, yhi,
                         n - x);
            xf = _mm512_add_ps(xf, sixteen);
        }
    }
}

void ovxc_warp_affine_tab_build_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *m,
                                            int16_t *tab, uint32_t y0, uint32_t y1)
{
    if (!w5_vbmi() || src->u1 || dst->u1 || src->width < 1 || src->height < 1) { /* (W5_TARGET: VBMI's code) */
        ovxc_warp_affine_tab_build_rows(src, dst, m, tab, y0, y1);
        return;
    }
    w5_affine_tab_rows(src, dst, m, tab, y0, y1);
}

void ovxc_remap_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy, int interp,
                           uint32_t y0, uint32_t y1)
{
    w5_ctx c;
    if (!w5_init(&c, src, dst, interp)) {
        ovxc_remap_rows_avx2(src, dst, map_xy, interp, y0, y1);
        return;
    }
    w5_remap_rows(&c, src, dst, map_xy, y0, y1);
}

/* ---- Remap nearest from the derived table (geometry.h) -------------------
 *
 * The table's dwords are the pixels (x in the low int16, y in the high),
 * clamped to [-1, w] x [-1, h]; replicate clamps them further into the plane
 * (the pixel the reference's geo_px reads), constant keeps them (outside
 * stays outside).  Then the same taps as the float rows (w5_taps_nn). */
/* The table's pixels k .. k + 15 of a row (q: the row's table) as the
 * taps' X, Y (the replicate clamp applied); lanes past m from pixel 0 of a
 * zeroed tail (computed, not used). */
static inline void w5_tab_xy(const w5_ctx *c, const int32_t *q, int32_t m, int32_t *X, int32_t *Y)
{
    const __m512i xlo = _mm512_set1_epi32(c->constant ? -1 : 0), xhi = _mm512_set1_epi32(c->constant ? c->w : c->w - 1);
    const __m512i yhi = _mm512_set1_epi32(c->constant ? c->h : c->h - 1);
    __m512i v;
    if (m >= 16) {
        v = _mm512_loadu_si512((const void *)q);
    } else { /* the row's last pixels */
        int32_t tail[16] W5_ALIGN = {0};
        memcpy(tail, q, (size_t)m * 4);
        v = _mm512_load_si512((const void *)tail);
    }
    {
        const __m512i xi = W5_SRAI(_mm512_slli_epi32(v, 16), 16), yi = W5_SRAI(v, 16);
        _mm512_store_si512((void *)X, _mm512_min_epi32(_mm512_max_epi32(xi, xlo), xhi));
        _mm512_store_si512((void *)Y, _mm512_min_epi32(_mm512_max_epi32(yi, xlo), yhi));
    }
}

static W5_TARGET __attribute__((noinline)) void w5_tab_rows(const w5_ctx *c, const ovxc_geo_dst *dst,
                                                            const int16_t *tab, uint32_t y0, uint32_t y1)
{
    int32_t X[W5_CHUNK] W5_ALIGN, Y[W5_CHUNK] W5_ALIGN;
    const int32_t n = dst->width;
    const int nn = c->xmax16 != 0xFFFFFFFFu;
    for (uint32_t y = y0; y < y1; y++) {
        const int32_t *t = (const int32_t *)(const void *)(tab + (size_t)y * (size_t)n * 2);
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        for (int32_t x0 = 0; x0 < n; x0 += W5_CHUNK) {
            const int32_t m = n - x0 < W5_CHUNK ? n - x0 : W5_CHUNK;
            for (int32_t k = 0; k < m; k += 16) w5_tab_xy(c, t + x0 + k, m - k, X + k, Y + k);
            for (int32_t g = 0; g < m; g += 64) {
                if (nn) w5_taps_nn(c, X + g, Y + g, row + x0 + g, m - g < 64 ? m - g : 64);
                else w5_taps(c, X + g, Y + g, row + x0 + g, m - g < 64 ? m - g : 64, 0, 0);
            }
        }
    }
}

/* The packed form (geometry.h): a block with a base takes its 16 pixels
 * from the 4 rows' 16 bytes at the base (a broadcast load and 3 inserts)
 * by one masked vpermb with the block's window bytes as indices, straight
 * into output order; a block without one (OVXC_GEO_TAB_ESC) by w5_nn_other
 * from the table. */
static W5_TARGET __attribute__((noinline)) void w5_tab_packed_rows(const w5_ctx *c, const ovxc_geo_dst *dst,
                                                                   const ovxc_remap_tab *tt, uint32_t y0, uint32_t y1)
{
    int32_t X[16] W5_ALIGN, Y[16] W5_ALIGN;
    const int32_t n = dst->width;
    const uint8_t *const p0 = c->ptr;
    const intptr_t st = c->stride;
    for (uint32_t y = y0; y < y1; y++) {
        const int32_t *t = (const int32_t *)(const void *)(tt->tab + (size_t)y * (size_t)n * 2);
        const uint8_t *ir = tt->idx + (size_t)y * (size_t)tt->istride;
        const int32_t *hr = tt->hdr + (size_t)y * (size_t)tt->hstride;
        uint8_t *row = dst->ptr + (intptr_t)y * dst->stride;
        for (int32_t g = 0; g < n; g += 64) {
            const __m512i iv = _mm512_loadu_si512((const void *)(ir + g));
            __m512i acc = _mm512_setzero_si512();
#define W5_PKB(b)                                                                                                 \
    if (g + 16 * (b) < n) {                                                                                       \
        const int32_t h = hr[(g >> 4) + (b)];                                                                     \
        if (h != OVXC_GEO_TAB_ESC) {                                                                              \
            const uint8_t *p = p0 + (intptr_t)(h >> 16) * st + (h & 0xFFFF);                                      \
            __m512i T = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)p));                              \
            T = _mm512_inserti32x4(T, _mm_loadu_si128((const __m128i *)(p + st)), 1);                             \
            T = _mm512_inserti32x4(T, _mm_loadu_si128((const __m128i *)(p + 2 * st)), 2);                         \
            T = _mm512_inserti32x4(T, _mm_loadu_si128((const __m128i *)(p + 3 * st)), 3);                         \
            acc = _mm512_mask_permutexvar_epi8(acc, (__mmask64)0xFFFFull << (16 * (b)), iv, T);                   \
        } else {                                                                                                  \
            w5_tab_xy(c, t + g + 16 * (b), n - g - 16 * (b), X, Y);                                               \
            acc = _mm512_inserti32x4(acc, _mm512_cvtepi32_epi8(w5_nn_other(c, X, Y)), (b));                       \
        }                                                                                                         \
    }
            W5_PKB(0)
            W5_PKB(1)
            W5_PKB(2)
            W5_PKB(3)
#undef W5_PKB
            if (n - g >= 64) _mm512_storeu_si512((void *)(row + g), acc);
            else _mm512_mask_storeu_epi8(row + g, ((__mmask64)1 << (n - g)) - 1, acc);
        }
    }
}

void ovxc_remap_tab_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const ovxc_remap_tab *t,
                                uint32_t y0, uint32_t y1)
{
    w5_ctx c;
    if (!w5_init(&c, src, dst, OVXC_GEO_NEAREST)) {
        ovxc_remap_tab_rows_avx2(src, dst, t, y0, y1);
        return;
    }
    if (t->idx && c.xmax16 != 0xFFFFFFFFu) w5_tab_packed_rows(&c, dst, t, y0, y1);
    else w5_tab_rows(&c, dst, t->tab, y0, y1);
}

/* The table by the scaled exact form of w5_remap_pos (nearest: u = RN(m +
 * c / 1024) is v / 1024 exactly, the pixel floor(u + 1/2) rounded down),
 * with the constant border's clamp (+-2^20 pixels: the reference's geo_fix
 * bounds scaled; replicate's pixel is that one clamped into the plane), then
 * clamped to [-1, w] x [-1, h] and packed. */
void ovxc_remap_tab_build_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const float *map_xy,
                                      int16_t *tab, uint32_t y0, uint32_t y1)
{
    const float k10 = 1.0f / 1024.0f;
    const __m512 scx = _mm512_set1_ps((float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->ox) * k10);
    const __m512 scy = _mm512_set1_ps((float)(0.5 - OVXC_GEO_FIX_SCALE * (double)src->oy) * k10);
    const __m512 slo = _mm512_set1_ps(-OVXC_GEO_FIX_LIM * k10), shi = _mm512_set1_ps(OVXC_GEO_FIX_LIM * k10);
    const __m512 half = _mm512_set1_ps(0.5f);
    const __m512i ev = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i od = _mm512_add_epi32(ev, _mm512_set1_epi32(1));
    const __m512i xhi = _mm512_set1_epi32(src->width), yhi = _mm512_set1_epi32(src->height);
    const int32_t n = dst->width;
    for (uint32_t y = y0; y < y1; y++) {
        const float *p = map_xy + (size_t)y * (size_t)n * 2;
        int32_t *t = (int32_t *)(void *)(tab + (size_t)y * (size_t)n * 2);
        for (int32_t x = 0; x < n; x += 16) {
            const float *q = p + 2 * x;
            __m512 a, b;
            if (n - x >= 16) {
                a = _mm512_loadu_ps(q);
                b = _mm512_loadu_ps(q + 16);
            } else {
                const int32_t kk = 2 * (n - x);
                a = W5_LOADZ((__mmask16)(kk >= 16 ? 0xFFFF : (1u << kk) - 1u), q);
                b = W5_LOADZ((__mmask16)(kk > 16 ? (1u << (kk - 16)) - 1u : 0u), q + 16);
            }
            {
                const __m512 mx = _mm512_permutex2var_ps(a, ev, b), my = _mm512_permutex2var_ps(a, od, b);
                const __m512 ux = _mm512_min_ps(_mm512_max_ps(_mm512_add_ps(mx, scx), slo), shi);
                const __m512 uy = _mm512_min_ps(_mm512_max_ps(_mm512_add_ps(my, scy), slo), shi);
                w5_tab_store(t + x, w5_floor_epi32(W5_ADD_RD(ux, half)), w5_floor_epi32(W5_ADD_RD(uy, half)), xhi,
                             yhi, n - x);
            }
        }
    }
}

/* ovxc_remap_tab_pack_rows (geometry.h) 16 pixels a step: the same bases
 * and bytes (the smallest x and y of the block's pixels after replicate's
 * clamp, held to w - 16 and h - 4; the block packed when every pixel is
 * inside the plane and dx <= 15, dy <= 3); a row's last block, under 16
 * pixels, by the scalar routine's loop (ovxc_remap_tab_pack_rows on that
 * block's row range would redo the row: the block is done here). */
/* The smallest lane (a reduction the emulated build's SIMDe lacks) */
static inline int32_t w5_hmin(__m512i v)
{
    __m256i a = _mm256_min_epi32(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    __m128i b = _mm_min_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    b = _mm_min_epi32(b, _mm_shuffle_epi32(b, 0x4E));
    b = _mm_min_epi32(b, _mm_shuffle_epi32(b, 0xB1));
    return _mm_cvtsi128_si32(b);
}

void ovxc_remap_tab_pack_rows_avx512(const ovxc_geo_src *src, const ovxc_geo_dst *dst, const int16_t *tab,
                                     uint8_t *idx, int32_t *hdr, int32_t istride, int32_t hstride, uint32_t y0,
                                     uint32_t y1)
{
    const int rep = src->mode != OVXC_BORDER_CONSTANT;
    const int32_t W = src->width, H = src->height, n = dst->width, nfull = n & ~15;
    const __m512i zero = _mm512_setzero_si512(), wm1 = _mm512_set1_epi32(W - 1), hm1 = _mm512_set1_epi32(H - 1);
    const __m512i k15 = _mm512_set1_epi32(15);
    if (W < 16 || H < 4 || n < 16) {
        ovxc_remap_tab_pack_rows(src, dst, tab, idx, hdr, istride, hstride, y0, y1);
        return;
    }
    for (uint32_t y = y0; y < y1; y++) {
        const int32_t *q = (const int32_t *)(const void *)(tab + (size_t)y * (size_t)n * 2);
        uint8_t *ir = idx + (size_t)y * (size_t)istride;
        int32_t *hr = hdr + (size_t)y * (size_t)hstride;
        memset(ir + nfull, 0, (size_t)(istride - nfull));
        for (int32_t x0 = 0; x0 < nfull; x0 += 16) {
            const __m512i v = _mm512_loadu_si512((const void *)(q + x0));
            __m512i xi = W5_SRAI(_mm512_slli_epi32(v, 16), 16), yi = W5_SRAI(v, 16);
            int ok = 1;
            if (rep) {
                xi = _mm512_min_epi32(_mm512_max_epi32(xi, zero), wm1);
                yi = _mm512_min_epi32(_mm512_max_epi32(yi, zero), hm1);
            } else {
                ok = _mm512_cmple_epu32_mask(xi, wm1) == 0xFFFF && _mm512_cmple_epu32_mask(yi, hm1) == 0xFFFF;
            }
            if (ok) {
                int32_t bx = w5_hmin(xi), by = w5_hmin(yi);
                __m512i dx, dy;
                bx = bx > W - 16 ? W - 16 : bx;
                by = by > H - 4 ? H - 4 : by;
                dx = _mm512_sub_epi32(xi, _mm512_set1_epi32(bx));
                dy = _mm512_sub_epi32(yi, _mm512_set1_epi32(by));
                /* dx, dy >= 0 (the bases are the smallest); dy <= 3 iff 4 dy <= 15 (dy < 2^15) */
                ok = _mm512_cmple_epu32_mask(_mm512_max_epu32(dx, _mm512_slli_epi32(dy, 2)), k15) == 0xFFFF;
                if (ok) {
                    hr[x0 >> 4] = (int32_t)(((uint32_t)by << 16) | (uint32_t)bx);
                    _mm_storeu_si128((__m128i *)(void *)(ir + x0),
                                     _mm512_cvtepi32_epi8(_mm512_add_epi32(dx, _mm512_slli_epi32(dy, 4))));
                    continue;
                }
            }
            hr[x0 >> 4] = OVXC_GEO_TAB_ESC;
            memset(ir + x0, 0, 16);
        }
        if (nfull < n) { /* the last block: the scalar routine on a one-block view of the row */
            int16_t part[32];
            int32_t ph;
            uint8_t pi[64];
            ovxc_geo_dst d1 = *dst;
            d1.width = n - nfull;
            memcpy(part, tab + ((size_t)y * (size_t)n + (size_t)nfull) * 2, (size_t)(n - nfull) * 4);
            ovxc_remap_tab_pack_rows(src, &d1, part, pi, &ph, 64, 1, 0, 1);
            memcpy(ir + nfull, pi, (size_t)(n - nfull));
            hr[nfull >> 4] = ph;
        }
    }
}
