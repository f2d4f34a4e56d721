/* The channel rows of compute/color.h built for this ISA (see color_rows.inc). */
#include "color.h"

#include <immintrin.h>
#include <string.h>

#define COLOR_FN(name) name##_avx2
#include "color_rows.inc"

/* ---- ColorConvert rows (see color.h) ---------------------------------------
 * The float estimate with its exactness check (ovxc_cc_fast_params), 8 lanes
 * a step: a group with any lane within eps of an integer is done again by the
 * reference (rare: exact integers are told apart, see color.h).  Same bytes. */
typedef struct {
    __m256 a[3][3], b[3];
    __m256 lim, lim_uv; /* 1/2 - the largest eps, eps_uv */
    int32_t k[3];
    int ok;
    /* the luma-1 decode: R and B terms exact (ovxc_cc_dec_exact), their
     * sample (1: U, 2: V) and float quotient */
    int rb_exact, xsrc[3];
    __m256 xf[3], xb[3];
} cc_fast;

/* The fast parameters of transform m, kept per thread for the last m (rows
 * call this per chunk): a pointer to the thread's copy, not a copy */
static const cc_fast *cc_fast_get(const double m[3][4])
{
    static __thread struct {
        double m[3][4];
        cc_fast f;
        int valid;
    } last;
    cc_fast *f = &last.f;
    ovxc_cc_fast_params_t p;
    float eps = 0, eps_uv = 0;
    int c, i;
    if (last.valid && memcmp(last.m, m, sizeof(last.m)) == 0) return f;
    memcpy(last.m, m, sizeof(last.m));
    last.valid = 1;
    f->ok = ovxc_cc_fast_params(m, &p);
    if (!f->ok) return f;
    for (c = 0; c < 3; c++) {
        for (i = 0; i < 3; i++) f->a[c][i] = _mm256_set1_ps(p.a[c][i]);
        f->b[c] = _mm256_set1_ps(p.b[c]);
        f->k[c] = p.k[c];
        if (p.eps[c] > eps) eps = p.eps[c];
        if (p.eps_uv[c] > eps_uv) eps_uv = p.eps_uv[c];
    }
    f->lim = _mm256_set1_ps(0.5f - eps);
    f->lim_uv = _mm256_set1_ps(0.5f - eps_uv);
    f->rb_exact = 1;
    for (c = 0; c < 3; c += 2) {
        float xf = 0, xb = 0;
        f->rb_exact &= ovxc_cc_dec_exact(m, c, &xf, &xb, &f->xsrc[c]);
        f->xf[c] = _mm256_set1_ps(xf);
        f->xb[c] = _mm256_set1_ps(xb);
    }
    return f;
}

/* round-to-nearest of channel ch's w (color.h) as int32 lanes (k still to
 * add); the largest distance of a lane's estimate from its integer goes into
 * *dist (a distance above lim: the estimate is too near a half-integer) */
static inline __m256i cc_fast_chan(const cc_fast *f, int ch, __m256 va, __m256 vb, __m256 vc, __m256 *dist)
{
    __m256 w = _mm256_fmadd_ps(f->a[ch][2], vc, _mm256_fmadd_ps(f->a[ch][1], vb, _mm256_fmadd_ps(f->a[ch][0], va, f->b[ch])));
    __m256 r = _mm256_round_ps(w, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 d = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), _mm256_sub_ps(w, r));
    *dist = _mm256_max_ps(*dist, d);
    return _mm256_cvttps_epi32(r);
}

static inline int cc_unsure(const cc_fast *f, __m256 dist)
{
    return _mm256_movemask_ps(_mm256_cmp_ps(dist, f->lim, _CMP_GT_OQ));
}

/* 8 bytes at p, centred (x - 128), as floats */
static inline __m256 cc_c8(const uint8_t *p)
{
    __m128i b = _mm_xor_si128(_mm_loadl_epi64((const __m128i *)(const void *)p), _mm_set1_epi8((char)0x80));
    return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(b));
}

/* 16 int32 lanes plus k to 16 bytes, clamped to [0, 255] by the saturating
 * packs */
static inline __m128i cc_pack16(__m256i lo, __m256i hi, int32_t k)
{
    __m256i w = _mm256_add_epi16(_mm256_permute4x64_epi64(_mm256_packs_epi32(lo, hi), 0xD8), _mm256_set1_epi16((short)k));
    return _mm_packus_epi16(_mm256_castsi256_si128(w), _mm256_extracti128_si256(w, 1));
}

/* 8 int32 lanes plus k to 8 bytes, clamped */
static inline void cc_store8(uint8_t *p, __m256i v, int32_t k)
{
    __m128i w = _mm_add_epi16(_mm_packs_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)),
                              _mm_set1_epi16((short)k));
    _mm_storel_epi64((__m128i *)(void *)p, _mm_packus_epi16(w, w));
}

static void apply_q_fast(const cc_fast *f, const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0,
                         uint8_t *o1, uint8_t *o2, size_t n, const double m[3][4])
{
    size_t x = 0;
    if (f->ok) {
        for (; x + 16 <= n; x += 16) {
            __m256 a0 = cc_c8(a + x), b0 = cc_c8(b + x), c0 = cc_c8(c + x);
            __m256 a1 = cc_c8(a + x + 8), b1 = cc_c8(b + x + 8), c1 = cc_c8(c + x + 8);
            __m256 dist = _mm256_setzero_ps();
            __m128i q0 = cc_pack16(cc_fast_chan(f, 0, a0, b0, c0, &dist), cc_fast_chan(f, 0, a1, b1, c1, &dist), f->k[0]);
            __m128i q1 = cc_pack16(cc_fast_chan(f, 1, a0, b0, c0, &dist), cc_fast_chan(f, 1, a1, b1, c1, &dist), f->k[1]);
            __m128i q2 = cc_pack16(cc_fast_chan(f, 2, a0, b0, c0, &dist), cc_fast_chan(f, 2, a1, b1, c1, &dist), f->k[2]);
            if (cc_unsure(f, dist)) {
                ovxc_cc_kit_scalar()->apply_q(a + x, b + x, c + x, o0 + x, o1 + x, o2 + x, 16, m);
            } else {
                _mm_storeu_si128((__m128i *)(void *)(o0 + x), q0);
                _mm_storeu_si128((__m128i *)(void *)(o1 + x), q1);
                _mm_storeu_si128((__m128i *)(void *)(o2 + x), q2);
            }
        }
    }
    if (x < n) ovxc_cc_kit_scalar()->apply_q(a + x, b + x, c + x, o0 + x, o1 + x, o2 + x, n - x, m);
}

void ovxc_cc_apply_q_avx2(const uint8_t *a, const uint8_t *b, const uint8_t *c, uint8_t *o0, uint8_t *o1,
                          uint8_t *o2, size_t n, const double m[3][4])
{
    const cc_fast *const f = cc_fast_get(m);
    apply_q_fast(f, a, b, c, o0, o1, o2, n, m);
}

/* 4:2:0 encode, 16 pixels of two rows a step: Y of each pixel, and chroma of
 * each block from the mean of its samples (the sums are exact integers; the
 * mean of the converted values is the conversion of the mean, up to the
 * reference's double error that eps covers) */
void ovxc_cc_enc420_avx2(const uint8_t *r0, const uint8_t *g0, const uint8_t *b0, const uint8_t *r1,
                         const uint8_t *g1, const uint8_t *b1, uint8_t *y0, uint8_t *y1, uint8_t *u, uint8_t *v,
                         size_t px, const double m[3][4])
{
    size_t x = 0;
    const cc_fast *const f = cc_fast_get(m);
    if (f->ok && r1) {
        const __m128i ones = _mm_set1_epi8(1), c512 = _mm_set1_epi16(512);
        const __m256 quarter = _mm256_set1_ps(0.25f);
        for (; x + 16 <= px; x += 16) {
            const uint8_t *rows[2][3] = {{r0 + x, g0 + x, b0 + x}, {r1 + x, g1 + x, b1 + x}};
            __m128i yq[2];
            __m256 dist = _mm256_setzero_ps(), mean[3];
            __m256i qu, qv;
            int r, ch;
            for (r = 0; r < 2; r++) {
                __m256 lo[3], hi[3];
                for (ch = 0; ch < 3; ch++) {
                    lo[ch] = cc_c8(rows[r][ch]);
                    hi[ch] = cc_c8(rows[r][ch] + 8);
                }
                yq[r] = cc_pack16(cc_fast_chan(f, 0, lo[0], lo[1], lo[2], &dist),
                                  cc_fast_chan(f, 0, hi[0], hi[1], hi[2], &dist), f->k[0]);
            }
            for (ch = 0; ch < 3; ch++) { /* (sum of the block - 4 128) / 4: the centred mean, exact */
                __m128i s0 = _mm_loadu_si128((const __m128i *)(const void *)rows[0][ch]);
                __m128i s1 = _mm_loadu_si128((const __m128i *)(const void *)rows[1][ch]);
                __m128i sum = _mm_sub_epi16(_mm_add_epi16(_mm_maddubs_epi16(s0, ones), _mm_maddubs_epi16(s1, ones)), c512);
                mean[ch] = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_cvtepi16_epi32(sum)), quarter);
            }
            qu = cc_fast_chan(f, 1, mean[0], mean[1], mean[2], &dist);
            qv = cc_fast_chan(f, 2, mean[0], mean[1], mean[2], &dist);
            if (cc_unsure(f, dist)) {
                ovxc_cc_enc420_scalar(r0 + x, g0 + x, b0 + x, r1 + x, g1 + x, b1 + x, y0 + x, y1 + x, u + x / 2,
                                      v + x / 2, 16, m);
            } else {
                _mm_storeu_si128((__m128i *)(void *)(y0 + x), yq[0]);
                _mm_storeu_si128((__m128i *)(void *)(y1 + x), yq[1]);
                cc_store8(u + x / 2, qu, f->k[1]);
                cc_store8(v + x / 2, qv, f->k[2]);
            }
        }
    }
    if (x < px)
        ovxc_cc_enc420_scalar(r0 + x, g0 + x, b0 + x, r1 ? r1 + x : NULL, g1 ? g1 + x : NULL, b1 ? b1 + x : NULL,
                              y0 + x, y1 ? y1 + x : NULL, u + x / 2, v + x / 2, px - x, m);
}

/* The chroma terms of the luma-1 decode (see ovxc_cc_dec2_avx2) of 8
 * centred samples U, V: k[c] = round(w_c) + k_c - 128 in 16-bit lanes, each
 * twice (16 pixels); nonzero when a sample's estimate lies too near a
 * half-integer */
static inline int dec_terms(const cc_fast *f, __m256 fu, __m256 fv, __m256i k[3])
{
    __m256 dist = _mm256_setzero_ps();
    int c;
    for (c = 0; c < 3; c++) {
        __m256 w = _mm256_fmadd_ps(f->a[c][2], fv, _mm256_fmadd_ps(f->a[c][1], fu, f->b[c]));
        __m256 rr = _mm256_round_ps(w, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
        __m256i k32 = _mm256_cvttps_epi32(rr);
        __m128i k16 = _mm_add_epi16(_mm_packs_epi32(_mm256_castsi256_si128(k32), _mm256_extracti128_si256(k32, 1)),
                                    _mm_set1_epi16((short)(f->k[c] - 128)));
        dist = _mm256_max_ps(dist, _mm256_andnot_ps(_mm256_set1_ps(-0.0f), _mm256_sub_ps(w, rr)));
        k[c] = _mm256_set_m128i(_mm_unpackhi_epi16(k16, k16), _mm_unpacklo_epi16(k16, k16));
    }
    return _mm256_movemask_ps(_mm256_cmp_ps(dist, f->lim_uv, _CMP_GT_OQ));
}

/* 16 pixels' Y (bytes) plus the terms, clamped by the packs: the three
 * channels' 16 bytes */
static inline void dec_rgb16(__m128i y, const __m256i k[3], __m128i c[3])
{
    __m256i yy = _mm256_cvtepu8_epi16(y);
    /* [c0 0-7, c1 0-7 | c0 8-15, c1 8-15] -> c0 0-15 | c1 0-15 */
    __m256i p01 = _mm256_permute4x64_epi64(_mm256_packus_epi16(_mm256_add_epi16(yy, k[0]), _mm256_add_epi16(yy, k[1])),
                                           0xD8);
    __m256i p2 = _mm256_add_epi16(yy, k[2]);
    c[0] = _mm256_castsi256_si128(p01);
    c[1] = _mm256_extracti128_si256(p01, 1);
    c[2] = _mm_packus_epi16(_mm256_castsi256_si128(p2), _mm256_extracti128_si256(p2, 1));
}

/* ... stored to o[c] + x */
static inline void dec_store(__m128i y, const __m256i k[3], uint8_t *const o[3], size_t x)
{
    __m128i c[3];
    dec_rgb16(y, k, c);
    _mm_storeu_si128((__m128i *)(void *)(o[0] + x), c[0]);
    _mm_storeu_si128((__m128i *)(void *)(o[1] + x), c[1]);
    _mm_storeu_si128((__m128i *)(void *)(o[2] + x), c[2]);
}

/* 8 bytes (the low half of b), centred (x - 128), as floats */
static inline __m256 cc_c8v(__m128i b)
{
    return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_xor_si128(b, _mm_set1_epi8((char)0x80))));
}

/* The terms of 16 samples (fu[g], fv[g]: samples 8g..8g+7) for 32 pixels:
 * k[c][h] the 16-bit terms of pixels 16h..16h+15 (the packs of the two
 * groups hold samples 0-3 8-11 | 4-7 12-15, whose unpacks with themselves
 * are pixels 0-15 and 16-31).  With rb, R's and B's terms by their exact
 * quotient (no check). */
__attribute__((always_inline)) static inline int dec_terms32(const cc_fast *f, const __m256 fu[2], const __m256 fv[2],
                                                             __m256i k[3][2], int rb)
{
    __m256 dist = _mm256_setzero_ps();
    int c, g;
    for (c = 0; c < 3; c++) {
        __m256i t[2], p;
        int exact = rb && c != 1;
        for (g = 0; g < 2; g++) {
            if (exact) {
                t[g] = _mm256_cvttps_epi32(_mm256_fmadd_ps(f->xsrc[c] == 1 ? fu[g] : fv[g], f->xf[c], f->xb[c]));
            } else {
                __m256 w = _mm256_fmadd_ps(f->a[c][2], fv[g], _mm256_fmadd_ps(f->a[c][1], fu[g], f->b[c]));
                __m256 rr = _mm256_round_ps(w, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
                t[g] = _mm256_cvttps_epi32(rr);
                dist = _mm256_max_ps(dist, _mm256_andnot_ps(_mm256_set1_ps(-0.0f), _mm256_sub_ps(w, rr)));
            }
        }
        p = _mm256_add_epi16(_mm256_packs_epi32(t[0], t[1]), _mm256_set1_epi16((short)(exact ? -256 : f->k[c] - 128)));
        k[c][0] = _mm256_unpacklo_epi16(p, p);
        k[c][1] = _mm256_unpackhi_epi16(p, p);
    }
    return _mm256_movemask_ps(_mm256_cmp_ps(dist, f->lim_uv, _CMP_GT_OQ));
}

/* Decode when every channel's luma coefficient is exactly 1 (input and
 * output of one range): in real numbers v = Y + t(U, V), so floor(v + 1e-4)
 * = Y + floor(t + 1e-4) for the integer Y; in the centred form of color.h,
 * floor(v + 1e-4) = Y + k - 128 + round(w'), w' = a1 (U - 128) + a2 (V - 128)
 * + b, estimated in float once per chroma sample by two fused multiply-adds
 * (error below eps_uv; a sample whose estimate lies too near a half-integer
 * sends its 16 pixels to the reference), and each pixel is a 16-bit add,
 * clamped by the pack.  Otherwise the float estimate per pixel on duplicated
 * chroma. */
/* dec2's 32 pixels a step (the whole vectors; returns how many) */
__attribute__((always_inline)) static inline size_t dec2_loop32(const cc_fast *f, const uint8_t *ya, const uint8_t *yb,
                                                                const uint8_t *u, const uint8_t *v, uint8_t *const oa[3],
                                                                uint8_t *const ob[3], size_t n, const double m[3][4],
                                                                int rb)
{
    size_t x = 0;
    for (; x + 32 <= n; x += 32) {
        __m256 fu[2] = {cc_c8(u + x / 2), cc_c8(u + x / 2 + 8)}, fv[2] = {cc_c8(v + x / 2), cc_c8(v + x / 2 + 8)};
        __m256i k[3][2];
        int r, h;
        if (dec_terms32(f, fu, fv, k, rb)) {
            ovxc_cc_dec2_scalar(ya + x, yb ? yb + x : NULL, u + x / 2, v + x / 2,
                                (uint8_t *const[3]){oa[0] + x, oa[1] + x, oa[2] + x},
                                (uint8_t *const[3]){ob[0] + x, ob[1] + x, ob[2] + x}, 32, m);
            continue;
        }
        for (r = 0; r < (yb ? 2 : 1); r++)
            for (h = 0; h < 2; h++) {
                const __m256i kk[3] = {k[0][h], k[1][h], k[2][h]};
                dec_store(_mm_loadu_si128((const __m128i *)(const void *)((r ? yb : ya) + x + 16 * h)), kk, r ? ob : oa,
                          x + 16 * h);
            }
    }
    return x;
}

void ovxc_cc_dec2_avx2(const uint8_t *ya, const uint8_t *yb, const uint8_t *u, const uint8_t *v,
                       uint8_t *const oa[3], uint8_t *const ob[3], size_t n, const double m[3][4])
{
    size_t x = 0;
    const cc_fast *const f = cc_fast_get(m);
    if (!(m[0][0] == 1.0 && m[1][0] == 1.0 && m[2][0] == 1.0 && f->ok)) {
        uint8_t du[64], dv[64];
        size_t nn;
        for (x = 0; x < n; x += nn) { /* chunks of whole pairs */
            nn = n - x < 64 ? n - x : 64;
            ovxc_dup2_avx2(u + x / 2, 1, du, (nn + 1) / 2);
            ovxc_dup2_avx2(v + x / 2, 1, dv, (nn + 1) / 2);
            apply_q_fast(f, ya + x, du, dv, oa[0] + x, oa[1] + x, oa[2] + x, nn, m);
            if (yb) apply_q_fast(f, yb + x, du, dv, ob[0] + x, ob[1] + x, ob[2] + x, nn, m);
        }
        return;
    }
    x = f->rb_exact ? dec2_loop32(f, ya, yb, u, v, oa, ob, n, m, 1) : dec2_loop32(f, ya, yb, u, v, oa, ob, n, m, 0);
    for (; x + 16 <= n; x += 16) {
        __m256i k[3];
        int r;
        if (dec_terms(f, cc_c8(u + x / 2), cc_c8(v + x / 2), k)) {
            ovxc_cc_dec2_scalar(ya + x, yb ? yb + x : NULL, u + x / 2, v + x / 2,
                                (uint8_t *const[3]){oa[0] + x, oa[1] + x, oa[2] + x},
                                (uint8_t *const[3]){ob[0] + x, ob[1] + x, ob[2] + x}, 16, m);
            continue;
        }
        for (r = 0; r < (yb ? 2 : 1); r++)
            dec_store(_mm_loadu_si128((const __m128i *)(const void *)((r ? yb : ya) + x)), k, r ? ob : oa, x);
    }
    if (x < n)
        ovxc_cc_dec2_scalar(ya + x, yb ? yb + x : NULL, u + x / 2, v + x / 2,
                            (uint8_t *const[3]){oa[0] + x, oa[1] + x, oa[2] + x},
                            (uint8_t *const[3]){ob[0] + x, ob[1] + x, ob[2] + x}, n - x, m);
}

/* dec422's 32 pixels a step (the whole vectors; returns how many); with
 * packed, the channels interleaved there (bpp 3 or 4) */
__attribute__((always_inline)) static inline size_t dec422_loop32(const cc_fast *f, const uint8_t *s, __m256i ctl,
                                                                  __m128i uvctl, uint8_t *const o[3], uint8_t *packed,
                                                                  int bpp, size_t n, const double m[3][4], int rb)
{
    size_t x = 0;
    for (; x + 32 <= n; x += 32) {
        __m256i sh[2], k[3][2];
        __m128i uv[2], c[2][3];
        __m256 fu[2], fv[2];
        int h;
        for (h = 0; h < 2; h++) { /* [Y0-7, Y8-15 | U0-3 V0-3, U4-7 V4-7] of pixels 16h.. */
            sh[h] = _mm256_permute4x64_epi64(
                _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(s + 2 * x + 32 * h)), ctl), 0xD8);
            uv[h] = _mm_shuffle_epi8(_mm256_extracti128_si256(sh[h], 1), uvctl);
            fu[h] = cc_c8v(uv[h]);
            fv[h] = cc_c8v(_mm_unpackhi_epi64(uv[h], uv[h]));
        }
        if (dec_terms32(f, fu, fv, k, rb)) {
            uint8_t yb[32], ub[16], vb[16], pl[3][32];
            uint8_t *const od[3] = {packed ? pl[0] : o[0] + x, packed ? pl[1] : o[1] + x, packed ? pl[2] : o[2] + x};
            for (h = 0; h < 2; h++) {
                _mm_storeu_si128((__m128i *)(void *)(yb + 16 * h), _mm256_castsi256_si128(sh[h]));
                _mm_storel_epi64((__m128i *)(void *)(ub + 8 * h), uv[h]);
                _mm_storel_epi64((__m128i *)(void *)(vb + 8 * h), _mm_unpackhi_epi64(uv[h], uv[h]));
            }
            ovxc_cc_dec2_scalar(yb, NULL, ub, vb, od, od, 32, m);
            if (packed) {
                const __m256i c0 = _mm256_loadu_si256((const __m256i *)(const void *)pl[0]);
                const __m256i c1 = _mm256_loadu_si256((const __m256i *)(const void *)pl[1]);
                const __m256i c2 = _mm256_loadu_si256((const __m256i *)(const void *)pl[2]);
                if (bpp == 4)
                    il4_avx2_32(c0, c1, c2, _mm256_set1_epi8(-1), packed + 4 * x);
                else
                    il3_avx2_32(c0, c1, c2, packed + 3 * x);
            }
            continue;
        }
        for (h = 0; h < 2; h++) {
            const __m256i kk[3] = {k[0][h], k[1][h], k[2][h]};
            if (packed)
                dec_rgb16(_mm256_castsi256_si128(sh[h]), kk, c[h]);
            else
                dec_store(_mm256_castsi256_si128(sh[h]), kk, o, x + 16 * h);
        }
        if (packed) {
            const __m256i c0 = _mm256_set_m128i(c[1][0], c[0][0]), c1 = _mm256_set_m128i(c[1][1], c[0][1]);
            const __m256i c2 = _mm256_set_m128i(c[1][2], c[0][2]);
            if (bpp == 4)
                il4_avx2_32(c0, c1, c2, _mm256_set1_epi8(-1), packed + 4 * x);
            else
                il3_avx2_32(c0, c1, c2, packed + 3 * x);
        }
    }
    return x;
}

/* dec422 into RGB / RGBX (bpp 3, 4) when R and B are exact terms (rb_exact),
 * 32 pixels a step with the work laid out as the packed row is: one in-lane
 * shuffle gives each 128-bit lane Y of 8 pixels and their 4 U and 4 V; the
 * samples are centred and widened to int32 in place (a byte to the top of a
 * dword, then an arithmetic shift), their terms computed as dec_terms32 does
 * (the same float operations on each sample), and each int32 term spread to
 * the 16-bit lanes of its two pixels by one shuffle, beside Y widened by an
 * in-lane unpack: no lane crossings until the final packs.  The parameters
 * are copied to locals first (the output stores could alias the thread's
 * cc_fast, so the compiler would reload them every step). */
__attribute__((always_inline)) static inline size_t dec422_rb_loop32(const cc_fast *f, const uint8_t *s, __m256i ctl,
                                                                     int yuyv, uint8_t *packed, const int bpp, size_t n,
                                                                     const double m[3][4])
{
#define L2(...) _mm256_setr_epi8(__VA_ARGS__, __VA_ARGS__)
    /* per lane after ctl: Y0-7 at 0-7, U0-3 at 8-11, V0-3 at 12-15 */
    const __m256i to_u = L2(-1, -1, -1, 8, -1, -1, -1, 9, -1, -1, -1, 10, -1, -1, -1, 11);
    const __m256i to_v = L2(-1, -1, -1, 12, -1, -1, -1, 13, -1, -1, -1, 14, -1, -1, -1, 15);
    const __m256i spread = L2(0, 1, 0, 1, 4, 5, 4, 5, 8, 9, 8, 9, 12, 13, 12, 13);
#undef L2
    const __m256i flip = _mm256_set1_epi8((char)0x80), zero = _mm256_setzero_si256();
    const __m256 xf0 = f->xf[0], xb0 = f->xb[0], xf2 = f->xf[2], xb2 = f->xb[2];
    const __m256 a1 = f->a[1][1], a2 = f->a[1][2], b1 = f->b[1], lim = f->lim_uv, sign = _mm256_set1_ps(-0.0f);
    const __m256i krb = _mm256_set1_epi16(-256), kg = _mm256_set1_epi16((short)(f->k[1] - 128));
    const int r_u = f->xsrc[0] == 1, b_u = f->xsrc[2] == 1;
    size_t x = 0;
    for (; x + 32 <= n; x += 32) {
        __m256i c16[2][3], c8[3];
        __m256 dist = _mm256_setzero_ps();
        int h, c;
        for (h = 0; h < 2; h++) { /* pixels 16h.. : lane 0 pixels 16h + 0-7, lane 1 16h + 8-15 */
            __m256i a = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(s + 2 * x + 32 * h)), ctl);
            __m256i cen = _mm256_xor_si256(a, flip), yw = _mm256_unpacklo_epi8(a, zero);
            __m256 fu = _mm256_cvtepi32_ps(_mm256_srai_epi32(_mm256_shuffle_epi8(cen, to_u), 24));
            __m256 fv = _mm256_cvtepi32_ps(_mm256_srai_epi32(_mm256_shuffle_epi8(cen, to_v), 24));
            __m256i tr = _mm256_cvttps_epi32(_mm256_fmadd_ps(r_u ? fu : fv, xf0, xb0));
            __m256i tb = _mm256_cvttps_epi32(_mm256_fmadd_ps(b_u ? fu : fv, xf2, xb2));
            __m256 w = _mm256_fmadd_ps(a2, fv, _mm256_fmadd_ps(a1, fu, b1));
            __m256 rr = _mm256_round_ps(w, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
            __m256i tg = _mm256_cvttps_epi32(rr);
            dist = _mm256_max_ps(dist, _mm256_andnot_ps(sign, _mm256_sub_ps(w, rr)));
            c16[h][0] = _mm256_add_epi16(yw, _mm256_add_epi16(_mm256_shuffle_epi8(tr, spread), krb));
            c16[h][1] = _mm256_add_epi16(yw, _mm256_add_epi16(_mm256_shuffle_epi8(tg, spread), kg));
            c16[h][2] = _mm256_add_epi16(yw, _mm256_add_epi16(_mm256_shuffle_epi8(tb, spread), krb));
        }
        if (_mm256_movemask_ps(_mm256_cmp_ps(dist, lim, _CMP_GT_OQ))) { /* an estimate near a half-integer */
            uint8_t yb[32], ub[16], vb[16], pl[3][32];
            uint8_t *const od[3] = {pl[0], pl[1], pl[2]};
            const int yo = yuyv ? 0 : 1, uo = yuyv ? 1 : 0, vo = uo + 2;
            size_t i;
            for (i = 0; i < 32; i++) yb[i] = s[2 * (x + i) + (size_t)yo];
            for (i = 0; i < 16; i++) ub[i] = s[4 * (x / 2 + i) + (size_t)uo], vb[i] = s[4 * (x / 2 + i) + (size_t)vo];
            ovxc_cc_dec2_scalar(yb, NULL, ub, vb, od, od, 32, m);
            for (c = 0; c < 3; c++) c8[c] = _mm256_loadu_si256((const __m256i *)(const void *)pl[c]);
        } else {
            /* packus: [0-7, 16-23 | 8-15, 24-31] -> in order */
            for (c = 0; c < 3; c++) c8[c] = _mm256_permute4x64_epi64(_mm256_packus_epi16(c16[0][c], c16[1][c]), 0xD8);
        }
        if (bpp == 4)
            il4_avx2_32(c8[0], c8[1], c8[2], _mm256_set1_epi8(-1), packed + 4 * x);
        else
            il3_avx2_32(c8[0], c8[1], c8[2], packed + 3 * x);
    }
    return x;
}

/* UYVY / YUYV: 16 pixels (32 bytes) a step, one in-lane shuffle to Y | U V
 * of each lane, then as dec2 */
size_t ovxc_cc_dec422_avx2(const uint8_t *s, int yuyv, uint8_t *const o[3], uint8_t *packed, int bpp, size_t n,
                           const double m[3][4])
{
    size_t x = 0;
    __m256i ctl;
    const __m128i uvctl = _mm_setr_epi8(0, 1, 2, 3, 8, 9, 10, 11, 4, 5, 6, 7, 12, 13, 14, 15);
    const cc_fast *const f = cc_fast_get(m);
    if (!(m[0][0] == 1.0 && m[1][0] == 1.0 && m[2][0] == 1.0 && f->ok)) return 0;
    /* per lane: Y0-7, U0-3, V0-3 */
    ctl = yuyv ? _mm256_setr_epi8(0, 2, 4, 6, 8, 10, 12, 14, 1, 5, 9, 13, 3, 7, 11, 15, 0, 2, 4, 6, 8, 10, 12, 14, 1, 5,
                                  9, 13, 3, 7, 11, 15)
               : _mm256_setr_epi8(1, 3, 5, 7, 9, 11, 13, 15, 0, 4, 8, 12, 2, 6, 10, 14, 1, 3, 5, 7, 9, 11, 13, 15, 0, 4,
                                  8, 12, 2, 6, 10, 14);
    if (f->rb_exact && packed) /* the usual case: straight to RGB / RGBX */
        return bpp == 4 ? dec422_rb_loop32(f, s, ctl, yuyv, packed, 4, n, m)
                        : dec422_rb_loop32(f, s, ctl, yuyv, packed, 3, n, m);
    x = f->rb_exact ? dec422_loop32(f, s, ctl, uvctl, o, packed, bpp, n, m, 1)
                    : dec422_loop32(f, s, ctl, uvctl, o, packed, bpp, n, m, 0);
    if (packed) return x; /* the rest by the caller's planes */
    for (; x + 16 <= n; x += 16) {
        /* [Y0-7, Y8-15 | U0-3 V0-3, U4-7 V4-7] */
        __m256i sh = _mm256_permute4x64_epi64(
            _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(s + 2 * x)), ctl), 0xD8);
        __m128i uv = _mm_shuffle_epi8(_mm256_extracti128_si256(sh, 1), uvctl); /* U0-7, V0-7 */
        __m256i k[3];
        if (dec_terms(f, cc_c8v(uv), cc_c8v(_mm_unpackhi_epi64(uv, uv)), k)) {
            uint8_t yb[16], ub[16];
            _mm_storeu_si128((__m128i *)(void *)yb, _mm256_castsi256_si128(sh));
            _mm_storeu_si128((__m128i *)(void *)ub, uv);
            ovxc_cc_dec2_scalar(yb, NULL, ub, ub + 8, (uint8_t *const[3]){o[0] + x, o[1] + x, o[2] + x},
                                (uint8_t *const[3]){o[0] + x, o[1] + x, o[2] + x}, 16, m);
            continue;
        }
        dec_store(_mm256_castsi256_si128(sh), k, o, x);
    }
    return x;
}

/* ---- RGB / RGBX straight to YUV through the rational form (color.h) -------
 * 8 pixels' 16-bit words (R, G) and (B, 0) from one 256-bit register whose
 * lanes hold pixels 0-3 and 4-7 (RGB: 16 bytes at 0 and at 12; RGBX: 32
 * bytes) by two byte shuffles; a channel's numerators are two pmaddwd, its
 * byte the float quotient (exact, ovxc_cc_rat_init), clamped by the packs;
 * a block's chroma numerator is that of the words summed over its two rows
 * and two columns (pmaddwd is linear). */
typedef struct {
    __m256i rg[3], b[3], a1[3], a4[3];
    __m256 f[3], h[3];
} cc_rat_v;

static void cc_rat_v_init(cc_rat_v *v, const ovxc_cc_rat *r)
{
    int c;
    for (c = 0; c < 3; c++) {
        v->rg[c] = _mm256_set1_epi32((int32_t)(((uint32_t)(uint16_t)r->c[c][1] << 16) | (uint16_t)r->c[c][0]));
        v->b[c] = _mm256_set1_epi32((int32_t)(uint16_t)r->c[c][2]);
        v->a1[c] = _mm256_set1_epi32(r->a1[c]);
        v->a4[c] = _mm256_set1_epi32(r->a4[c]);
        v->f[c] = _mm256_set1_ps(r->f[c]);
        v->h[c] = _mm256_set1_ps(r->h[c]);
    }
}

static inline __m256i cc_rat_load(const uint8_t *p, size_t bpp)
{
    if (bpp == 3)
        return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)p)),
                                       _mm_loadu_si128((const __m128i *)(const void *)(p + 12)), 1);
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

/* the (R, G) and (B, 0) words of 8 pixels at p */
static inline void cc_rat_words(const uint8_t *p, size_t bpp, __m256i *rg, __m256i *b)
{
    __m256i v = cc_rat_load(p, bpp);
    if (bpp == 3) {
        *rg = _mm256_shuffle_epi8(v, _mm256_setr_epi8(0, -1, 1, -1, 3, -1, 4, -1, 6, -1, 7, -1, 9, -1, 10, -1, 0, -1, 1,
                                                      -1, 3, -1, 4, -1, 6, -1, 7, -1, 9, -1, 10, -1));
        *b = _mm256_shuffle_epi8(v, _mm256_setr_epi8(2, -1, -1, -1, 5, -1, -1, -1, 8, -1, -1, -1, 11, -1, -1, -1, 2, -1,
                                                     -1, -1, 5, -1, -1, -1, 8, -1, -1, -1, 11, -1, -1, -1));
    } else {
        *rg = _mm256_shuffle_epi8(v, _mm256_setr_epi8(0, -1, 1, -1, 4, -1, 5, -1, 8, -1, 9, -1, 12, -1, 13, -1, 0, -1,
                                                      1, -1, 4, -1, 5, -1, 8, -1, 9, -1, 12, -1, 13, -1));
        *b = _mm256_shuffle_epi8(v, _mm256_setr_epi8(2, -1, -1, -1, 6, -1, -1, -1, 10, -1, -1, -1, 14, -1, -1, -1, 2,
                                                     -1, -1, -1, 6, -1, -1, -1, 10, -1, -1, -1, 14, -1, -1, -1));
    }
}

static inline __m256i cc_rat_num(const cc_rat_v *v, int c, __m256i rg, __m256i b)
{
    return _mm256_add_epi32(_mm256_madd_epi16(rg, v->rg[c]), _mm256_madd_epi16(b, v->b[c]));
}

/* floor(X / d) of channel c, truncated (a negative quotient clamps to 0
 * either way) */
static inline __m256i cc_rat_div(const cc_rat_v *v, int c, __m256i x)
{
    return _mm256_cvttps_epi32(_mm256_fmadd_ps(_mm256_cvtepi32_ps(x), v->f[c], v->h[c]));
}

/* channel c of one pixel per lane: floor((N + a1) / d) */
static inline __m256i cc_rat_q1(const cc_rat_v *v, int c, __m256i rg, __m256i b)
{
    return cc_rat_div(v, c, _mm256_add_epi32(cc_rat_num(v, c, rg, b), v->a1[c]));
}

/* 8 block sums S of channel c: floor(((S + a4) >> 2) / d) */
static inline __m256i cc_rat_q4(const cc_rat_v *v, int c, __m256i s)
{
    return cc_rat_div(v, c, _mm256_srai_epi32(_mm256_add_epi32(s, v->a4[c]), 2));
}

/* 16 int32 lanes (a: 0-7, b: 8-15) of two channels to 16 bytes each, clamped:
 * the first channel's in the low half */
static inline __m256i cc_rat_pack2(__m256i a0, __m256i a1, __m256i b0, __m256i b1)
{
    return _mm256_permutevar8x32_epi32(_mm256_packus_epi16(_mm256_packs_epi32(a0, a1), _mm256_packs_epi32(b0, b1)),
                                       _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
}

static inline void cc_store2(uint8_t *lo, uint8_t *hi, __m256i v)
{
    _mm_storeu_si128((__m128i *)(void *)lo, _mm256_castsi256_si128(v));
    _mm_storeu_si128((__m128i *)(void *)hi, _mm256_extracti128_si256(v, 1));
}

/* the pixels a group of 16 at x may read: RGB's second load of its second 8
 * ends 4 bytes past the group */
#define CC_RAT_END(bpp) ((bpp) == 3 ? 2u : 0u)

/* 16 pixels of YUV4 */
static inline void enc444_group(const cc_rat_v *v, const uint8_t *s, size_t bpp, uint8_t *y, uint8_t *u, uint8_t *w)
{
    __m256i rg0, b0, rg1, b1, q[3][2];
    int c;
    cc_rat_words(s, bpp, &rg0, &b0);
    cc_rat_words(s + 8 * bpp, bpp, &rg1, &b1);
    for (c = 0; c < 3; c++) {
        q[c][0] = cc_rat_q1(v, c, rg0, b0);
        q[c][1] = cc_rat_q1(v, c, rg1, b1);
    }
    cc_store2(y, u, cc_rat_pack2(q[0][0], q[0][1], q[1][0], q[1][1]));
    _mm_storeu_si128((__m128i *)(void *)w, _mm256_castsi256_si128(cc_rat_pack2(q[2][0], q[2][1], q[2][0], q[2][1])));
}

/* 16 columns of two rows: Y of each pixel, U and V of 8 blocks */
static inline void enc420_group(const cc_rat_v *v, const uint8_t *s0, const uint8_t *s1, size_t bpp, uint8_t *y0,
                                uint8_t *y1, uint8_t *u, uint8_t *w)
{
    __m256i rg[2][2], b[2][2], yq[2][2], cs[2][2], h[2];
    int r, g, c;
    for (r = 0; r < 2; r++)
        for (g = 0; g < 2; g++) {
            cc_rat_words((r ? s1 : s0) + 8 * g * bpp, bpp, &rg[r][g], &b[r][g]);
            yq[r][g] = cc_rat_q1(v, 0, rg[r][g], b[r][g]);
        }
    for (g = 0; g < 2; g++) { /* the words of both rows summed (at most 510) */
        __m256i rgs = _mm256_add_epi16(rg[0][g], rg[1][g]), bs = _mm256_add_epi16(b[0][g], b[1][g]);
        for (c = 1; c < 3; c++) cs[c - 1][g] = cc_rat_num(v, c, rgs, bs);
    }
    for (c = 1; c < 3; c++) /* column pairs: blocks 0 1 4 5 | 2 3 6 7, put in order */
        h[c - 1] = cc_rat_q4(v, c, _mm256_permute4x64_epi64(_mm256_hadd_epi32(cs[c - 1][0], cs[c - 1][1]), 0xD8));
    cc_store2(y0, y1, cc_rat_pack2(yq[0][0], yq[0][1], yq[1][0], yq[1][1]));
    {
        /* 8 U and 8 V bytes: the pack's [U V | U V] halves as 64-bit pairs */
        __m256i uv = _mm256_packus_epi16(_mm256_packs_epi32(h[0], h[1]), _mm256_packs_epi32(h[0], h[1]));
        __m128i q = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(uv, _mm256_setr_epi32(0, 4, 1, 5, 0, 0, 0, 0)));
        _mm_storel_epi64((__m128i *)(void *)u, q);
        _mm_storel_epi64((__m128i *)(void *)w, _mm_unpackhi_epi64(q, q));
    }
}

/* the pixels a group of 16 at x may read: RGB's second load of its second 8
 * ends 4 bytes past the group; the last pixels (fewer than 16, or too near
 * the end of what may be read) go through a group on a copy */
#define CC_RAT_END(bpp) ((bpp) == 3 ? 2u : 0u)

static inline size_t enc444_rat(const cc_rat_v *v, const uint8_t *s, size_t bpp, size_t readable, uint8_t *y,
                                uint8_t *u, uint8_t *w, size_t n)
{
    size_t x = 0;
    for (; x + 16 <= n && x + 16 + CC_RAT_END(bpp) <= readable; x += 16)
        enc444_group(v, s + x * bpp, bpp, y + x, u + x, w + x);
    while (x < n) {
        uint8_t in[16 * 4 + 16] = {0}, o[3][16];
        size_t t = n - x < 16 ? n - x : 16;
        memcpy(in, s + x * bpp, t * bpp);
        enc444_group(v, in, bpp, o[0], o[1], o[2]);
        memcpy(y + x, o[0], t), memcpy(u + x, o[1], t), memcpy(w + x, o[2], t);
        x += t;
    }
    return x;
}

size_t ovxc_cc_enc444_rat_avx2(const ovxc_cc_rat *r, const uint8_t *s, size_t bpp, size_t readable, uint8_t *y,
                               uint8_t *u, uint8_t *v, size_t n)
{
    cc_rat_v rv;
    cc_rat_v_init(&rv, r);
    return bpp == 3 ? enc444_rat(&rv, s, 3, readable, y, u, v, n) : enc444_rat(&rv, s, 4, readable, y, u, v, n);
}

static inline size_t enc420_rat(const cc_rat_v *v, const uint8_t *s0, const uint8_t *s1, size_t bpp, size_t readable,
                                uint8_t *y0, uint8_t *y1, uint8_t *u, uint8_t *w, size_t px)
{
    size_t x = 0;
    for (; x + 16 <= px && x + 16 + CC_RAT_END(bpp) <= readable; x += 16)
        enc420_group(v, s0 + x * bpp, s1 + x * bpp, bpp, y0 + x, y1 + x, u + x / 2, w + x / 2);
    while (px - x >= 2) { /* whole blocks */
        uint8_t in[2][16 * 4 + 16] = {{0}}, o[2][16], q[2][8];
        size_t t = (px - x < 16 ? px - x : 16) & ~(size_t)1;
        memcpy(in[0], s0 + x * bpp, t * bpp), memcpy(in[1], s1 + x * bpp, t * bpp);
        enc420_group(v, in[0], in[1], bpp, o[0], o[1], q[0], q[1]);
        memcpy(y0 + x, o[0], t), memcpy(y1 + x, o[1], t), memcpy(u + x / 2, q[0], t / 2), memcpy(w + x / 2, q[1], t / 2);
        x += t;
    }
    return x;
}

size_t ovxc_cc_enc420_rat_avx2(const ovxc_cc_rat *r, const uint8_t *s0, const uint8_t *s1, size_t bpp, size_t readable,
                               uint8_t *y0, uint8_t *y1, uint8_t *u, uint8_t *v, size_t px)
{
    cc_rat_v rv;
    cc_rat_v_init(&rv, r);
    return bpp == 3 ? enc420_rat(&rv, s0, s1, 3, readable, y0, y1, u, v, px)
                    : enc420_rat(&rv, s0, s1, 4, readable, y0, y1, u, v, px);
}

const ovxc_cc_kit *ovxc_cc_kit_avx2(void)
{
    static const ovxc_cc_kit kit = {ovxc_cc_apply_q_avx2,  ovxc_interleave3_avx2, ovxc_interleave4_avx2,
                                    ovxc_dup2_avx2,
                                    ovxc_pick2_avx2,       ovxc_split3_avx2,      ovxc_cc_enc420_avx2,
                                    ovxc_split_uv4_avx2,   ovxc_cc_dec2_avx2,
                                    ovxc_interleave2_avx2, ovxc_split4_avx2,
                                    ovxc_cc_enc444_rat_avx2, ovxc_cc_enc420_rat_avx2, ovxc_cc_dec422_avx2};
    return &kit;
}
