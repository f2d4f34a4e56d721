/* The packed-weights convolution core and the fully connected dot products
 * (compute/nn_gemm.h): packing, the input pair planes, the scalar variants
 * and the finishing step every variant shares. */
#include "nn_gemm.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "../runtime/dispatch.h"

/* The byte offsets of the quads and of corr8 in the packed weights. */
static void packw_parts(size_t blocks, size_t cp, size_t cq, size_t taps, size_t *q8_off, size_t *corr_off,
                        size_t *total)
{
    const size_t ofm_amx = (blocks * OVXC_NN_MR + OVXC_NN_AMX_OB - 1) / OVXC_NN_AMX_OB * OVXC_NN_AMX_OB;
    *q8_off = (blocks * cp * taps * OVXC_NN_MR * 2 * sizeof(int16_t) + 63) / 64 * 64;
    *corr_off = *q8_off + (blocks * cq * taps * OVXC_NN_MR * 4 + 63) / 64 * 64;
    /* then the AMX weights at the next multiple of 64 (16-bit: two bytes
     * a weight, 16 maps a block) */
    const size_t ofm16 = (blocks * OVXC_NN_MR + 15) / 16 * 16;
    const size_t a8 = ofm_amx * taps * ((cq + 15) / 16) * 64, a16 = ofm16 * taps * ((cq + 15) / 16) * 128;
    *total = (*corr_off + blocks * OVXC_NN_MR * sizeof(int32_t) + 63) / 64 * 64 + (a8 > a16 ? a8 : a16);
}

static size_t packw_amx_off(size_t blocks, size_t corr_off)
{
    return (corr_off + blocks * OVXC_NN_MR * sizeof(int32_t) + 63) / 64 * 64;
}

size_t ovxc_nn_packw_size(const ovxc_tensor *w)
{
    size_t a, b, total;
    packw_parts((w->dims[3] + OVXC_NN_MR - 1) / OVXC_NN_MR, (w->dims[2] + 1) / 2, (w->dims[2] + 3) / 4,
                w->dims[0] * w->dims[1], &a, &b, &total);
    return total;
}

void ovxc_nn_packw_rebase(ovxc_nn_packw *pw, void *mem)
{
    size_t q8_off, corr_off, total;
    packw_parts(pw->blocks, pw->cp, pw->cq, pw->taps, &q8_off, &corr_off, &total);
    pw->wp = mem;
    if (pw->wq8) pw->wq8 = (uint8_t *)mem + q8_off;
    if (pw->corr8) pw->corr8 = (int32_t *)(void *)((uint8_t *)mem + corr_off);
    if (pw->wa8) pw->wa8 = (uint8_t *)mem + packw_amx_off(pw->blocks, corr_off);
}

/* Are the AMX weights packed: only where the amx variant can run (its
 * space is kept in the packed size on every CPU). */
static int packw_amx(void)
{
#if defined(OVX_HAVE_AVX512) && defined(__x86_64__)
    return ovx_cpu_amx_int8();
#else
    return 0;
#endif
}

/* The AMX weights of a 16-bit w (layout: nn_gemm.h, wa8). */
static void packw_fill_amx16(const ovxc_tensor *w, ovxc_nn_packw *pw)
{
    const size_t kw = w->dims[0], ifm = w->dims[2], ofm = w->dims[3], kb_n = (pw->cq + 15) / 16;
    const size_t obs = (ofm + 15) / 16;
    size_t ob, t, kb, hb, m, i;
    uint8_t *d = pw->wa8;
    for (ob = 0; ob < obs; ob++)
        for (t = 0; t < pw->taps; t++)
            for (kb = 0; kb < kb_n; kb++)
                for (hb = 0; hb < 2; hb++)
                    for (m = 0; m < 16; m++)
                        for (i = 0; i < 64; i++, d++) {
                            const size_t o = ob * 16 + m, c = kb * 64 + i;
                            int32_t v = 0;
                            if (o < ofm && c < ifm)
                                v = ovxc_nn_load(w->ptr + (t % kw) * w->strides[0] + (t / kw) * w->strides[1] +
                                                    c * w->strides[2] + o * w->strides[3],
                                                OVXC_T_S16);
                            *d = (uint8_t)(hb ? (uint32_t)v >> 8 : (uint32_t)v);
                        }
}

/* The AMX weights of an 8-bit w (layout: nn_gemm.h, wa8). */
static void packw_fill_amx(const ovxc_tensor *w, int type, ovxc_nn_packw *pw)
{
    const size_t kw = w->dims[0], ifm = w->dims[2], ofm = w->dims[3], kb_n = (pw->cq + 15) / 16;
    const size_t obs = (pw->blocks * OVXC_NN_MR + OVXC_NN_AMX_OB - 1) / OVXC_NN_AMX_OB;
    size_t ob, t, kb, m, i;
    uint8_t *d = pw->wa8;
    for (ob = 0; ob < obs; ob++)
        for (t = 0; t < pw->taps; t++)
            for (kb = 0; kb < kb_n; kb++)
                for (m = 0; m < OVXC_NN_AMX_OB; m++)
                    for (i = 0; i < 64; i++, d++) {
                        const size_t o = ob * OVXC_NN_AMX_OB + m, c = kb * 64 + i;
                        *d = o < ofm && c < ifm
                                 ? (uint8_t)ovxc_nn_load(w->ptr + (t % kw) * w->strides[0] + (t / kw) * w->strides[1] +
                                                            c * w->strides[2] + o * w->strides[3],
                                                        type)
                                 : 0;
                    }
}

/* The quads and corr8 of an 8-bit w. */
static void packw_fill_q8(const ovxc_tensor *w, int type, ovxc_nn_packw *pw)
{
    const size_t kw = w->dims[0], ifm = w->dims[2], ofm = w->dims[3];
    size_t b, c4, t, m, h;
    for (b = 0; b < pw->blocks; b++) {
        uint32_t sum[OVXC_NN_MR] = {0}; /* modulo 2^32 */
        for (c4 = 0; c4 < pw->cq; c4++)
            for (t = 0; t < pw->taps; t++) {
                uint8_t *d = pw->wq8 + (((b * pw->cq + c4) * pw->taps + t) * OVXC_NN_MR) * 4;
                for (m = 0; m < OVXC_NN_MR; m++)
                    for (h = 0; h < 4; h++) {
                        const size_t o = b * OVXC_NN_MR + m, c = 4 * c4 + h;
                        int32_t v = 0;
                        if (o < ofm && c < ifm)
                            v = ovxc_nn_load(w->ptr + (t % kw) * w->strides[0] + (t / kw) * w->strides[1] +
                                                c * w->strides[2] + o * w->strides[3],
                                            type);
                        d[4 * m + h] = (uint8_t)v;
                        sum[m] += (uint32_t)v;
                    }
            }
        for (m = 0; m < OVXC_NN_MR; m++)
            pw->corr8[b * OVXC_NN_MR + m] = (int32_t)(type == OVXC_T_U8 ? sum[m] * 128u : 0u - sum[m] * 128u);
    }
}

void ovxc_nn_packw_fill(const ovxc_tensor *w, int type, void *mem, ovxc_nn_packw *pw)
{
    const size_t kw = w->dims[0], kh = w->dims[1], ifm = w->dims[2], ofm = w->dims[3];
    size_t b, c2, ky, kx, m, h;
    pw->ofm = ofm;
    pw->cp = (ifm + 1) / 2;
    pw->taps = kw * kh;
    pw->blocks = (ofm + OVXC_NN_MR - 1) / OVXC_NN_MR;
    pw->wp = mem;
    pw->abs_max = 0;
    pw->cq = (ifm + 3) / 4;
    pw->wq8 = NULL;
    pw->corr8 = NULL;
    pw->wa8 = NULL;
    if (type == OVXC_T_S16 && packw_amx()) {
        size_t q8_off, corr_off, total;
        packw_parts(pw->blocks, pw->cp, pw->cq, pw->taps, &q8_off, &corr_off, &total);
        pw->wa8 = (uint8_t *)mem + packw_amx_off(pw->blocks, corr_off);
        packw_fill_amx16(w, pw);
    }
    if (type == OVXC_T_U8 || type == OVXC_T_S8) {
        size_t q8_off, corr_off, total;
        packw_parts(pw->blocks, pw->cp, pw->cq, pw->taps, &q8_off, &corr_off, &total);
        pw->wq8 = (uint8_t *)mem + q8_off;
        pw->corr8 = (int32_t *)(void *)((uint8_t *)mem + corr_off);
        packw_fill_q8(w, type, pw);
        if (packw_amx()) {
            pw->wa8 = (uint8_t *)mem + packw_amx_off(pw->blocks, corr_off);
            packw_fill_amx(w, type, pw);
        }
    }
    for (b = 0; b < pw->blocks; b++) {
        int64_t abs_sum[OVXC_NN_MR] = {0};
        for (c2 = 0; c2 < pw->cp; c2++)
            for (ky = 0; ky < kh; ky++)
                for (kx = 0; kx < kw; kx++) {
                    int16_t *d = pw->wp + (((b * pw->cp + c2) * pw->taps + ky * kw + kx) * OVXC_NN_MR) * 2;
                    for (m = 0; m < OVXC_NN_MR; m++)
                        for (h = 0; h < 2; h++) {
                            size_t o = b * OVXC_NN_MR + m, c = 2 * c2 + h;
                            int32_t v = 0;
                            if (o < ofm && c < ifm)
                                v = ovxc_nn_load(w->ptr + kx * w->strides[0] + ky * w->strides[1] +
                                                    c * w->strides[2] + o * w->strides[3],
                                                type);
                            d[2 * m + h] = (int16_t)v;
                            abs_sum[m] += v < 0 ? -(int64_t)v : v;
                        }
                }
        for (m = 0; m < OVXC_NN_MR; m++)
            if (abs_sum[m] > pw->abs_max) pw->abs_max = abs_sum[m];
    }
}

/* d[2 j], d[2 j + 1] = a[j], b[j] (b NULL: 0): loops the compiler turns
 * into unpacks (restrict: the rows never overlap the planes) */
#define NN_INTERLEAVE(NAME, T)                                                                                    \
    static void NAME(int16_t *restrict d, const T *restrict a, const T *restrict b, size_t n)                    \
    {                                                                                                             \
        size_t j;                                                                                                 \
        if (b)                                                                                                    \
            for (j = 0; j < n; j++) d[2 * j] = a[j], d[2 * j + 1] = b[j];                                         \
        else                                                                                                      \
            for (j = 0; j < n; j++) d[2 * j] = a[j], d[2 * j + 1] = 0;                                            \
    }
NN_INTERLEAVE(interleave_u8, vx_uint8)
NN_INTERLEAVE(interleave_s8, vx_int8)
NN_INTERLEAVE(interleave_s16, int16_t)

/* d[4 j + h] = src_h[j] ^ 0x80 (h < n, else 0x80) */
static void interleave_q8(uint8_t *restrict d, const vx_uint8 *const src[4], size_t n, size_t m)
{
    size_t j = 0;
    if (n == 4) {
        const vx_uint8 *restrict a = src[0], *restrict b = src[1], *restrict c = src[2], *restrict e = src[3];
#if defined(__SSE2__)
        /* 16 columns a step by byte and word unpacks (baseline x86-64) */
        const __m128i flip = _mm_set1_epi8((char)0x80);
        for (; j + 16 <= m; j += 16) {
            const __m128i va = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(a + j)), flip);
            const __m128i vb = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(b + j)), flip);
            const __m128i vc = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(c + j)), flip);
            const __m128i ve = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(e + j)), flip);
            const __m128i ab0 = _mm_unpacklo_epi8(va, vb), ab1 = _mm_unpackhi_epi8(va, vb);
            const __m128i ce0 = _mm_unpacklo_epi8(vc, ve), ce1 = _mm_unpackhi_epi8(vc, ve);
            __m128i *o = (__m128i *)(void *)(d + 4 * j);
            _mm_storeu_si128(o, _mm_unpacklo_epi16(ab0, ce0));
            _mm_storeu_si128(o + 1, _mm_unpackhi_epi16(ab0, ce0));
            _mm_storeu_si128(o + 2, _mm_unpacklo_epi16(ab1, ce1));
            _mm_storeu_si128(o + 3, _mm_unpackhi_epi16(ab1, ce1));
        }
#endif
        for (; j < m; j++) {
            d[4 * j] = a[j] ^ 0x80, d[4 * j + 1] = b[j] ^ 0x80;
            d[4 * j + 2] = c[j] ^ 0x80, d[4 * j + 3] = e[j] ^ 0x80;
        }
        return;
    }
    for (; j < m; j++) {
        size_t h;
        for (h = 0; h < 4; h++) d[4 * j + h] = h < n ? src[h][j] ^ 0x80 : 0x80;
    }
}

/* The padded columns that are one run of consecutive input columns
 * (convolution at skip 1, one phase): [*a, *e) reading input column
 * pc - a + src(a); [0, 0) when they are not one run (the general loops). */
static void col_run(const ovxc_nn_planes *pl, const ovxc_nn_srcmap *map, int ok, size_t *pa, size_t *pe)
{
    const size_t ncol = pl->phases * pl->pw;
    size_t a = 0, e = 0, j;
    if (ok && pl->phases == 1) {
        while (a < ncol && map->col[a] < 0) a++;
        e = a;
        while (e < ncol && map->col[e] == map->col[a] + (ptrdiff_t)(e - a)) e++;
        for (j = e; j < ncol; j++)
            if (map->col[j] >= 0) a = e = 0;
    }
    *pa = a, *pe = e;
}

/* The quad planes (ovxc_nn_planes.q8) of quads [c0, c1). */
static void planes_fill_q8(const ovxc_nn_planes *pl, const ovxc_nn_srcmap *map, const ovxc_tensor *in,
                           const vx_uint8 *ib, size_t c0, size_t c1)
{
    const size_t ifm = in->dims[2], cs = in->strides[2], rs = in->strides[1], es = in->strides[0];
    const size_t ncol = pl->phases * pl->pw;
    size_t c4, r, j, ph, h;
    size_t a, e; /* one run of consecutive input columns (col_run) */
    col_run(pl, map, es == 1, &a, &e);
    for (c4 = c0; c4 < c1; c4++) {
        const size_t n = ifm - 4 * c4 < 4 ? ifm - 4 * c4 : 4;
        for (r = 0; r < pl->rows; r++) {
            uint8_t *d = (uint8_t *)(void *)pl->ip + (c4 * pl->plane + r * pl->row_stride) * 4;
            const ptrdiff_t sr = map->row[r];
            const vx_uint8 *src[4];
            if (sr < 0) {
                memset(d, 0x80, ncol * 4);
                continue;
            }
            for (h = 0; h < 4; h++) src[h] = h < n ? ib + (4 * c4 + h) * cs + (size_t)sr * rs : NULL;
            if (e > a) {
                const size_t s0 = (size_t)map->col[a];
                const vx_uint8 *run[4] = {NULL, NULL, NULL, NULL};
                memset(d, 0x80, a * 4);
                memset(d + 4 * e, 0x80, (ncol - e) * 4);
                for (h = 0; h < n; h++) run[h] = src[h] + s0;
                interleave_q8(d + 4 * a, run, n, e - a);
                continue;
            }
            for (ph = 0; ph < pl->phases; ph++)
                for (j = 0; j < pl->pw; j++) {
                    const ptrdiff_t sc = map->col[j * pl->phases + ph];
                    uint8_t *dp = d + (ph * pl->pw + j) * 4;
                    for (h = 0; h < 4; h++) dp[h] = sc >= 0 && h < n ? src[h][(size_t)sc * es] ^ 0x80 : 0x80;
                }
        }
    }
}

/* d_lo[4 j + h] = x_h[j] & 0xFF, d_hi[4 j + h] = x_h[j] >> 8 (h < n, else 0) */
static void interleave_q16(uint8_t *restrict dl, uint8_t *restrict dh, const int16_t *const src[4], size_t n,
                           size_t m)
{
    size_t j = 0, h;
    if (n == 4) {
#if defined(__SSE2__)
        /* 8 columns a step: 16-bit then 32-bit unpacks, the bytes by packs */
        const int16_t *restrict a = src[0], *restrict b = src[1], *restrict c = src[2], *restrict e = src[3];
        const __m128i lo = _mm_set1_epi16(0xFF);
        for (; j + 8 <= m; j += 8) {
            const __m128i va = _mm_loadu_si128((const __m128i *)(const void *)(a + j));
            const __m128i vb = _mm_loadu_si128((const __m128i *)(const void *)(b + j));
            const __m128i vc = _mm_loadu_si128((const __m128i *)(const void *)(c + j));
            const __m128i ve = _mm_loadu_si128((const __m128i *)(const void *)(e + j));
            const __m128i ab0 = _mm_unpacklo_epi16(va, vb), ab1 = _mm_unpackhi_epi16(va, vb);
            const __m128i ce0 = _mm_unpacklo_epi16(vc, ve), ce1 = _mm_unpackhi_epi16(vc, ve);
            /* columns 0-1, 2-3, 4-5, 6-7: 4 channels each */
            const __m128i q0 = _mm_unpacklo_epi32(ab0, ce0), q1 = _mm_unpackhi_epi32(ab0, ce0);
            const __m128i q2 = _mm_unpacklo_epi32(ab1, ce1), q3 = _mm_unpackhi_epi32(ab1, ce1);
            __m128i *ol = (__m128i *)(void *)(dl + 4 * j), *oh = (__m128i *)(void *)(dh + 4 * j);
            _mm_storeu_si128(ol, _mm_packus_epi16(_mm_and_si128(q0, lo), _mm_and_si128(q1, lo)));
            _mm_storeu_si128(ol + 1, _mm_packus_epi16(_mm_and_si128(q2, lo), _mm_and_si128(q3, lo)));
            _mm_storeu_si128(oh, _mm_packus_epi16(_mm_srli_epi16(q0, 8), _mm_srli_epi16(q1, 8)));
            _mm_storeu_si128(oh + 1, _mm_packus_epi16(_mm_srli_epi16(q2, 8), _mm_srli_epi16(q3, 8)));
        }
#endif
    }
    for (; j < m; j++)
        for (h = 0; h < 4; h++) {
            const uint16_t v = h < n ? (uint16_t)src[h][j] : 0;
            dl[4 * j + h] = (uint8_t)v;
            dh[4 * j + h] = (uint8_t)(v >> 8);
        }
}

/* The low / high byte quad planes (ovxc_nn_planes.q8 = 2) of quads [c0, c1). */
static void planes_fill_q16(const ovxc_nn_planes *pl, const ovxc_nn_srcmap *map, const ovxc_tensor *in,
                            const vx_uint8 *ib, size_t c0, size_t c1)
{
    const size_t ifm = in->dims[2], cs = in->strides[2], rs = in->strides[1], es = in->strides[0];
    const size_t ncol = pl->phases * pl->pw;
    size_t c4, r, j, ph, h;
    size_t a, e; /* one run of consecutive input columns (col_run) */
    col_run(pl, map, es == 2, &a, &e);
    for (c4 = c0; c4 < c1; c4++) {
        const size_t n = ifm - 4 * c4 < 4 ? ifm - 4 * c4 : 4;
        for (r = 0; r < pl->rows; r++) {
            uint8_t *dl = (uint8_t *)(void *)pl->ip + (2 * c4 * pl->plane + r * pl->row_stride) * 4;
            uint8_t *dh = dl + pl->plane * 4;
            const ptrdiff_t sr = map->row[r];
            const vx_uint8 *src[4];
            if (sr < 0) {
                memset(dl, 0, ncol * 4);
                memset(dh, 0, ncol * 4);
                continue;
            }
            for (h = 0; h < 4; h++) src[h] = h < n ? ib + (4 * c4 + h) * cs + (size_t)sr * rs : NULL;
            if (e > a) {
                const size_t s0 = (size_t)map->col[a];
                const int16_t *run[4] = {NULL, NULL, NULL, NULL};
                memset(dl, 0, a * 4), memset(dh, 0, a * 4);
                memset(dl + 4 * e, 0, (ncol - e) * 4), memset(dh + 4 * e, 0, (ncol - e) * 4);
                for (h = 0; h < n; h++) run[h] = (const int16_t *)(const void *)src[h] + s0;
                interleave_q16(dl + 4 * a, dh + 4 * a, run, n, e - a);
                continue;
            }
            for (ph = 0; ph < pl->phases; ph++)
                for (j = 0; j < pl->pw; j++) {
                    const ptrdiff_t sc = map->col[j * pl->phases + ph];
                    const size_t k = (ph * pl->pw + j) * 4;
                    for (h = 0; h < 4; h++) {
                        const uint16_t v =
                            sc >= 0 && h < n ? (uint16_t)ovxc_nn_load(src[h] + (size_t)sc * es, OVXC_T_S16) : 0;
                        dl[k + h] = (uint8_t)v;
                        dh[k + h] = (uint8_t)(v >> 8);
                    }
                }
        }
    }
}

void ovxc_nn_conv_layout_q8(ovxc_nn_planes *pl, size_t ifm, int mode)
{
    pl->q8 = mode;
    pl->pw = (pl->pw + 15) / 16 * 16; /* 64-byte plane rows: tile rows on cache lines where the tap allows */
    pl->plane = pl->phases * pl->pw;
    pl->row_stride = (ifm + 3) / 4 * pl->plane * (mode == 2 ? 2 : 1);
    pl->total = pl->rows * pl->row_stride;
}

size_t ovxc_nn_planes_bytes(const ovxc_nn_planes *pl)
{
    /* AMX: 16 quad rows of a tile from any quad plane, 32 columns from any
     * column below ceil8(ow) (see nn_avx512.c) */
    return pl->total * 4 + (pl->q8 ? (32 * pl->plane + 64) * 4 : 0);
}

int ovxc_nn_conv_wants_q8(const ovx_variant *v, int type, const ovxc_tensor *w)
{
    if (!v || v->level != OVX_SIMD_AVX512) return 0;
    if (type == OVXC_T_U8 || type == OVXC_T_S8) return 1;
#if defined(OVX_HAVE_AVX512) && defined(__x86_64__)
    /* 16-bit data by AMX: 4 tile products a 64-channel step, a finish per
     * 16 x 16 outputs; below 9 steps a tile (taps x 64-channel blocks) the
     * finish weighs more than the tiles gain (1x1 256 -> 64 56x56: 1.09 ms
     * against vpdpwssd's 0.80; 3x3 64 -> 64: 0.84 against 1.11) */
    if (v->fn == (ovx_fn)ovxc_nn_conv_rows_amx && w->dims[0] * w->dims[1] * ((w->dims[2] + 63) / 64) >= 9) return 2;
#else
    (void)w;
#endif
    return 0;
}

void ovxc_nn_planes_fill(const ovxc_nn_planes *pl, const ovxc_nn_srcmap *map, const ovxc_tensor *in,
                        const vx_uint8 *ib, int type, size_t c0, size_t c1)
{
    const size_t ifm = in->dims[2], cs = in->strides[2], rs = in->strides[1], es = in->strides[0];
    const size_t ncol = pl->phases * pl->pw;
    size_t c2, r, j, ph;
    size_t a, e; /* one run of consecutive input columns (col_run) */
    if (pl->q8 == 2) {
        planes_fill_q16(pl, map, in, ib, c0, c1);
        return;
    }
    if (pl->q8) {
        planes_fill_q8(pl, map, in, ib, c0, c1);
        return;
    }
    col_run(pl, map, 1, &a, &e);
    for (c2 = c0; c2 < c1; c2++) {
        const vx_uint8 *p0 = ib + 2 * c2 * cs, *p1 = 2 * c2 + 1 < ifm ? p0 + cs : NULL;
        for (r = 0; r < pl->rows; r++) {
            int16_t *d = pl->ip + (c2 * pl->plane + r * pl->row_stride) * 2;
            const ptrdiff_t sr = map->row[r];
            const vx_uint8 *r0, *r1;
            if (sr < 0) {
                memset(d, 0, ncol * 2 * sizeof(int16_t));
                continue;
            }
            r0 = p0 + (size_t)sr * rs;
            r1 = p1 ? p1 + (size_t)sr * rs : NULL;
            if (e > a && es == (type == OVXC_T_S16 ? 2u : 1u)) {
                const size_t s0 = (size_t)map->col[a];
                memset(d, 0, a * 2 * sizeof(int16_t));
                memset(d + 2 * e, 0, (ncol - e) * 2 * sizeof(int16_t));
                d += 2 * a;
                if (type == OVXC_T_U8)
                    interleave_u8(d, r0 + s0, r1 ? r1 + s0 : NULL, e - a);
                else if (type == OVXC_T_S8)
                    interleave_s8(d, (const vx_int8 *)r0 + s0, r1 ? (const vx_int8 *)r1 + s0 : NULL, e - a);
                else
                    interleave_s16(d, (const int16_t *)(const void *)r0 + s0,
                                   r1 ? (const int16_t *)(const void *)r1 + s0 : NULL, e - a);
                continue;
            }
            for (ph = 0; ph < pl->phases; ph++)
                for (j = 0; j < pl->pw; j++) {
                    const ptrdiff_t sc = map->col[j * pl->phases + ph];
                    int16_t *dp = d + (ph * pl->pw + j) * 2;
                    if (sc < 0) {
                        dp[0] = dp[1] = 0;
                        continue;
                    }
                    dp[0] = (int16_t)ovxc_nn_load(r0 + (size_t)sc * es, type);
                    dp[1] = r1 ? (int16_t)ovxc_nn_load(r1 + (size_t)sc * es, type) : 0;
                }
        }
    }
}

static void conv_taps(const ovxc_nn_conv_geom *g, const ovxc_tensor *w, size_t *tx_max, size_t *ty_max)
{
    const size_t kw = w->dims[0], kh = w->dims[1];
    if (g->deconv) {
        *tx_max = kw - 1, *ty_max = kh - 1;
    } else {
        *tx_max = g->dil[0] + (kw - 1) * (g->dil[0] + 1);
        *ty_max = g->dil[1] + (kh - 1) * (g->dil[1] + 1);
    }
}

void ovxc_nn_conv_layout(const ovxc_nn_conv_geom *g, const ovxc_tensor *w, const ovxc_tensor *out,
                        ovxc_nn_planes *pl)
{
    const size_t sx = g->deconv ? 1 : g->skip[0], sy = g->deconv ? 1 : g->skip[1];
    size_t tx_max, ty_max;
    conv_taps(g, w, &tx_max, &ty_max);
    pl->ip = NULL;
    pl->q8 = 0;
    pl->phases = sx;
    /* the last 8-column vector of a row reads up to column ceil8(ow) - 1 */
    pl->pw = (out->dims[0] + 7) / 8 * 8 + tx_max / sx + 1;
    pl->rows = (out->dims[1] - 1) * sy + ty_max + 1;
    /* rows outermost, the channel pairs of a row together: the rows a tile
     * reads are a few sequential runs (one per kernel row), not one short
     * run per channel pair */
    pl->plane = pl->phases * pl->pw;
    pl->row_stride = (w->dims[2] + 1) / 2 * pl->plane;
    pl->total = pl->rows * pl->row_stride;
}

/* The input index of padded coordinate pc of dimension d, or -1. */
static ptrdiff_t conv_src(const ovxc_nn_conv_geom *g, const ovxc_tensor *in, const ovxc_tensor *w, size_t pc,
                          int d)
{
    const size_t n = in->dims[d];
    if (g->deconv) {
        /* the up-scaled input padded with kernel - pad - 1; samples at
         * multiples of up below n (see ovxc_nn_deconvolution's ext) */
        const size_t sp = w->dims[d] - g->pad[d] - 1;
        size_t u;
        if (pc < sp) return -1;
        u = pc - sp;
        return u < n && u % g->up[d] == 0 && u / g->up[d] < n ? (ptrdiff_t)(u / g->up[d]) : -1;
    }
    return pc >= g->pad[d] && pc - g->pad[d] < n ? (ptrdiff_t)(pc - g->pad[d]) : -1;
}

void ovxc_nn_conv_maps(const ovxc_nn_conv_geom *g, const ovxc_tensor *in, const ovxc_tensor *w,
                      const ovxc_nn_planes *pl, ovxc_nn_srcmap *map, size_t *tap_off, size_t *tap_row)
{
    const size_t kw = w->dims[0], kh = w->dims[1], ncol = pl->phases * pl->pw;
    size_t i;
    for (i = 0; i < ncol; i++) map->col[i] = conv_src(g, in, w, i, 0);
    for (i = 0; i < pl->rows; i++) map->row[i] = conv_src(g, in, w, i, 1);
    for (i = 0; i < kw * kh; i++) {
        const size_t kx = i % kw, ky = i / kw;
        const size_t tx = g->deconv ? kx : g->dil[0] + kx * (g->dil[0] + 1);
        const size_t ty = g->deconv ? ky : g->dil[1] + ky * (g->dil[1] + 1);
        tap_off[i] = ty * pl->row_stride + (tx % pl->phases) * pl->pw + tx / pl->phases;
        if (tap_row) tap_row[i] = ty;
    }
}

int ovxc_nn_conv_exact32(int64_t abs_max, int64_t xmax, int64_t bmax, int q)
{
    /* abs_max <= 2^15 * kw * kh * ifm stays far from int64 overflow for any
     * tensor that fits in memory */
    return abs_max * xmax + bmax * ((int64_t)1 << q) < ((int64_t)1 << 31);
}

void ovxc_nn_conv_finish(const ovxc_nn_conv_plan *p, const int32_t *sums, size_t n, size_t o, size_t y, size_t x0)
{
    vx_uint8 *row = p->out.ptr + o * p->out.strides[2] + y * p->out.strides[1];
    size_t i;
    for (i = 0; i < n; i++) {
        vx_int64 v = sums[i];
        if (p->bias) v += p->bias[o];
        if (p->bias_loc) {
            const ovxc_tensor *b = p->bias_loc;
            v += (vx_int64)ovxc_nn_load(b->ptr + (x0 + i) * b->strides[0] + y * b->strides[1] + o * b->strides[2],
                                       p->f.type) *
                 ((vx_int64)1 << p->f.q);
        }
        v = ovxc_nn_round_shift(v, p->f.q, p->f.to_ne);
        ovxc_nn_store(row + (x0 + i) * p->out.strides[0], p->f.type, ovxc_nn_convert(v, p->f.type, p->f.wrap));
    }
}

void ovxc_nn_conv_rows(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1)
{
    const ovxc_nn_packw *w = p->w;
    const ovxc_nn_planes *pl = p->pl;
    const size_t tile = 8 * OVXC_NN_NV;
    size_t y, x0, b, c2, t, m, i;
    for (y = y0; y < y1; y++) {
        const int16_t *rowbase = pl->ip + y * p->skip_y * pl->row_stride * 2;
        const ptrdiff_t *rsrc = p->tap_row && p->row_src ? p->row_src + y * p->skip_y : NULL;
        for (x0 = 0; x0 < p->ow; x0 += tile) {
            const size_t n = p->ow - x0 < tile ? p->ow - x0 : tile;
            for (b = b0; b < b1; b++) {
                int32_t acc[OVXC_NN_MR][8 * OVXC_NN_NV];
                memset(acc, 0, sizeof(acc));
                for (c2 = 0; c2 < w->cp; c2++) {
                    const int16_t *wq = w->wp + ((b * w->cp + c2) * w->taps) * OVXC_NN_MR * 2;
                    const int16_t *pc = rowbase + (c2 * pl->plane + x0) * 2;
                    for (t = 0; t < w->taps; t++, wq += OVXC_NN_MR * 2) {
                        const int16_t *pp = pc + p->tap_off[t] * 2;
                        if (rsrc && rsrc[p->tap_row[t]] < 0) continue; /* a zero row */
                        for (m = 0; m < OVXC_NN_MR; m++) {
                            const int32_t w0 = wq[2 * m], w1 = wq[2 * m + 1];
                            if (w0 == 0 && w1 == 0) continue;
                            for (i = 0; i < n; i++) acc[m][i] += w0 * pp[2 * i] + w1 * pp[2 * i + 1];
                        }
                    }
                }
                for (m = 0; m < OVXC_NN_MR && b * OVXC_NN_MR + m < p->ofm; m++)
                    ovxc_nn_conv_finish(p, acc[m], n, b * OVXC_NN_MR + m, y, x0);
            }
        }
    }
}

const ovx_variant *ovxc_nn_conv_variants(void)
{
#if defined(OVX_HAVE_AVX512) && defined(__x86_64__)
    static const ovx_variant table[] = {{"amx", OVX_SIMD_AVX512, (ovx_fn)ovxc_nn_conv_rows_amx},
                                        OVX_VARIANT_AVX512(ovxc_nn_conv_rows) OVX_VARIANT_AVX2(ovxc_nn_conv_rows){
                                            "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_nn_conv_rows}};
    if (!ovx_cpu_avx512vnni()) return table + 2; /* the avx512 entries need VNNI too */
    if (!ovx_cpu_amx_int8()) return table + 1;
    return table;
#else
    static const ovx_variant table[] = {OVX_VARIANT_AVX512(ovxc_nn_conv_rows) OVX_VARIANT_AVX2(ovxc_nn_conv_rows){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_nn_conv_rows}};
#if defined(OVX_HAVE_AVX512)
    if (!ovx_cpu_avx512vnni()) return table + 1; /* the avx512 entry needs VNNI too */
#endif
    return table;
#endif
}

/* ---- fully connected ------------------------------------------------------------ */

void ovxc_nn_fc_store(const ovxc_nn_fc_plan *p, size_t o, int64_t acc)
{
    if (p->bias && p->bias->ptr)
        acc += (int64_t)ovxc_nn_load(p->bias->ptr + o * p->bias->strides[0], p->f.type) * ((int64_t)1 << p->f.q);
    acc = ovxc_nn_round_shift(acc, p->f.q, p->f.to_ne);
    ovxc_nn_store(p->out + o * p->out_stride, p->f.type, ovxc_nn_convert(acc, p->f.type, p->f.wrap));
}

void ovxc_nn_fc_rows(const ovxc_nn_fc_plan *p, size_t o0, size_t o1)
{
    size_t o, k;
    for (o = o0; o < o1; o++) {
        const vx_uint8 *wr = p->w + o * p->wrow;
        int64_t acc = 0;
        if (p->f.type == OVXC_T_U8) {
            for (k = 0; k < p->k; k++) acc += (int32_t)wr[k] * p->x[k];
        } else if (p->f.type == OVXC_T_S8) {
            const vx_int8 *a = (const vx_int8 *)wr, *x = (const vx_int8 *)p->x;
            for (k = 0; k < p->k; k++) acc += (int32_t)a[k] * x[k];
        } else {
            const int16_t *a = (const int16_t *)(const void *)wr, *x = (const int16_t *)(const void *)p->x;
            for (k = 0; k < p->k; k++) acc += (int32_t)a[k] * x[k];
        }
        ovxc_nn_fc_store(p, o, acc);
    }
}

const ovx_variant *ovxc_nn_fc_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX512(ovxc_nn_fc_rows) OVX_VARIANT_AVX2(ovxc_nn_fc_rows){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_nn_fc_rows}};
#if defined(OVX_HAVE_AVX512)
    if (!ovx_cpu_avx512vnni()) return table + 1; /* the avx512 entry needs VNNI too */
#endif
    return table;
}
