/* Compute routines of family imgext (enhanced vision: LBP, NonMaxSuppression, MatchTemplate). */
#include "imgext.h"

#include <string.h>

#include "imgext_rows.h"

#include <math.h>

/* ---- border reads ------------------------------------------------------------ */

static inline int32_t clampi(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

/* Is (x, y) inside the image? */
static inline int inside(const ovxc_area *a, int32_t x, int32_t y)
{
    return x >= 0 && y >= 0 && x < (int32_t)a->width && y < (int32_t)a->height;
}

static inline int px_u8(const uint8_t *src, int32_t ss, const ovxc_area *a, int32_t x, int32_t y)
{
    if (!inside(a, x, y)) {
        if (a->border == OVXC_BORDER_CONSTANT) return (int)(a->constant & 0xFFu);
        x = clampi(x, 0, (int32_t)a->width - 1);
        y = clampi(y, 0, (int32_t)a->height - 1);
    }
    return src[(intptr_t)y * ss + x];
}

static inline int px_s16(const int16_t *src, int32_t ss, const ovxc_area *a, int32_t x, int32_t y)
{
    if (!inside(a, x, y)) {
        if (a->border == OVXC_BORDER_CONSTANT) return (int16_t)(uint16_t)(a->constant & 0xFFFFu);
        x = clampi(x, 0, (int32_t)a->width - 1);
        y = clampi(y, 0, (int32_t)a->height - 1);
    }
    return *(const int16_t *)((const uint8_t *)src + (intptr_t)y * ss + (intptr_t)x * 2);
}

/* Mask sample: nonzero means "ignored"; zero outside under a constant border. */
static inline int mask_at(const uint8_t *mask, int32_t ms, int u1, const ovxc_area *a, int32_t x, int32_t y)
{
    const uint8_t *row;
    if (!mask) return 0;
    if (!inside(a, x, y)) {
        if (a->border == OVXC_BORDER_CONSTANT) return 0;
        x = clampi(x, 0, (int32_t)a->width - 1);
        y = clampi(y, 0, (int32_t)a->height - 1);
    }
    row = mask + (intptr_t)y * ms;
    return u1 ? (row[x >> 3] >> (x & 7)) & 1 : row[x] != 0;
}

/* ---- LBP ------------------------------------------------------------------------ */

/* Ring offsets g_0 .. g_7 of the spec (dx, dy). */
static const int8_t ring3[8][2] = {{-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}};
static const int8_t ring5[8][2] = {{-1, -1}, {0, -2}, {1, -1}, {2, 0}, {1, 1}, {0, 2}, {-1, 1}, {-2, 0}};
static const int8_t ringm[8][2] = {{-2, -2}, {0, -2}, {2, -2}, {2, 0}, {2, 2}, {0, 2}, {-2, 2}, {-2, 0}};

static inline uint8_t lbp_code(int format, const int g[8], int gc)
{
    unsigned v = 0;
    if (format == OVXC_LBP_MODIFIED) {
        int sum = 1;
        for (int p = 0; p < 8; p++) sum += g[p];
        sum /= 8;
        for (int p = 0; p < 8; p++) v |= (unsigned)(g[p] > sum) << p;
        return (uint8_t)v;
    }
    for (int p = 0; p < 8; p++) v |= (unsigned)(g[p] >= gc) << p;
    if (format == OVXC_LBP_UNIFORM) {
        /* transitions of the circular pattern: bits of v XOR v rotated by one */
        unsigned t = (v ^ ((v >> 1) | (v << 7))) & 0xFFu, u = 0;
        for (; t; t &= t - 1) u++;
        if (u > 2) return 9;
    }
    return (uint8_t)v;
}

void ovxc_lbp_u8(int format, uint32_t ksize, const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds,
                 const ovxc_area *a)
{
    const int8_t(*ring)[2] = format == OVXC_LBP_MODIFIED ? ringm : (ksize == 5 ? ring5 : ring3);
    int32_t r = (format == OVXC_LBP_MODIFIED || ksize == 5) ? 2 : 1;
    intptr_t off[8];
    for (int p = 0; p < 8; p++) off[p] = (intptr_t)ring[p][1] * ss + ring[p][0];
    for (uint32_t y = a->y0; y < a->y1; y++) {
        uint8_t *d = dst + (intptr_t)y * ds;
        int row_in = (int32_t)y >= r && (int32_t)y + r < (int32_t)a->height;
        for (uint32_t x = a->x0; x < a->x1; x++) {
            int g[8], gc;
            if (row_in && (int32_t)x >= r && (int32_t)x + r < (int32_t)a->width) {
                const uint8_t *c = src + (intptr_t)y * ss + x;
                for (int p = 0; p < 8; p++) g[p] = c[off[p]];
                gc = c[0];
            } else {
                for (int p = 0; p < 8; p++) g[p] = px_u8(src, ss, a, (int32_t)x + ring[p][0], (int32_t)y + ring[p][1]);
                gc = px_u8(src, ss, a, (int32_t)x, (int32_t)y);
            }
            d[x] = lbp_code(format, g, gc);
        }
    }
}

/* ---- Non-maxima suppression --------------------------------------------------------- */

/* ovxc_nms_u8 / ovxc_nms_s16 and their row runners: compute/imgext_nms.inc,
 * included below once per sample type. */

/* ---- LBP and NonMaxSuppression by row variants (imgext_rows.h) ------------------------ */

/* Output chunks on padded rows: at most IX_CHUNK pixels, computed in whole
 * multiples of IX_RUN (those past the chunk's end from the padding, then
 * dropped), for neighbourhood radii up to IX_MAXR. */
#define IX_CHUNK 256
#define IX_RUN 64
#define IX_MAXR 7
#define IX_BS (IX_CHUNK + 2 * IX_MAXR + 2)

/* The same for a bit-packed U1 mask, one byte (0 or 1) a sample; 0 outside under a constant border. */
static void ix_pad_row_u1(uint8_t *buf, const uint8_t *m, int32_t ms, const ovxc_area *a, int64_t sy, int64_t sx,
                          uint32_t len)
{
    const int cst = a->border == OVXC_BORDER_CONSTANT;
    const uint8_t *row;
    if (sy < 0 || sy >= (int64_t)a->height) {
        if (cst) {
            memset(buf, 0, len);
            return;
        }
        sy = sy < 0 ? 0 : (int64_t)a->height - 1;
    }
    row = m + (intptr_t)sy * ms;
    for (uint32_t i = 0; i < len; i++) {
        int64_t x = sx + i;
        if (x < 0 || x >= (int64_t)a->width) {
            if (cst) {
                buf[i] = 0;
                continue;
            }
            x = x < 0 ? 0 : (int64_t)a->width - 1;
        }
        buf[i] = (uint8_t)((row[x >> 3] >> (x & 7)) & 1);
    }
}

/* [fa, fb): the pixels of row y whose neighbourhood of radius r is inside
 * the image (fa = fb = a->x0 when none) */
static void ix_inside(const ovxc_area *a, uint32_t y, uint32_t r, uint32_t *fa, uint32_t *fb)
{
    uint32_t lo = a->x0, hi = a->x0;
    if (y >= r && (uint64_t)y + r < a->height && (uint64_t)a->width > 2 * (uint64_t)r) {
        lo = a->x0 > r ? a->x0 : r;
        hi = a->x1 < a->width - r ? a->x1 : a->width - r;
        if (hi <= lo) lo = hi = a->x0;
    }
    *fa = lo;
    *fb = hi;
}

size_t ovxc_lbp_row_scalar(int format, uint32_t ksize, const uint8_t *c, ptrdiff_t ss, uint8_t *d, size_t n)
{
    (void)format, (void)ksize, (void)c, (void)ss, (void)d, (void)n;
    return 0;
}

const ovx_variant *ovxc_lbp_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_lbp_row) OVX_VARIANT_SSE41(ovxc_lbp_row){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_lbp_row_scalar}};
    return table;
}

static void lbp_padded(int format, uint32_t ksize, uint32_t r, const uint8_t *src, int32_t ss, const ovxc_area *a,
                       uint32_t y, uint32_t x, uint32_t n, uint8_t *d, ovxc_lbp_row_f row)
{
    const int8_t(*ring)[2] = format == OVXC_LBP_MODIFIED ? ringm : (ksize == 5 ? ring5 : ring3);
    uint8_t blk[5][IX_BS], tmp[IX_CHUNK];
    while (n > 0) {
        uint32_t cn = n < IX_CHUNK ? n : IX_CHUNK, m = (cn + IX_RUN - 1) / IX_RUN * IX_RUN, k;
        const uint8_t *c = &blk[r][r];
        if (m > IX_CHUNK) m = IX_CHUNK;
        for (uint32_t j = 0; j <= 2 * r; j++)
            ovxc_pad_row_u8(blk[j], src, ss, a, (int64_t)y + j - r, (int64_t)x - r, m + 2 * r, (uint8_t)(a->constant & 0xFFu));
        for (k = (uint32_t)row(format, ksize, c, IX_BS, tmp, m); k < cn; k++) {
            int g[8];
            for (int p = 0; p < 8; p++) g[p] = c[k + ring[p][1] * IX_BS + ring[p][0]];
            tmp[k] = lbp_code(format, g, c[k]);
        }
        memcpy(d + x, tmp, cn);
        x += cn, n -= cn;
    }
}

void ovxc_lbp_u8_rows(int format, uint32_t ksize, const uint8_t *src, int32_t ss, uint8_t *dst, int32_t ds,
                      const ovxc_area *a, ovxc_lbp_row_f row)
{
    uint32_t r = (format == OVXC_LBP_MODIFIED || ksize == 5) ? 2 : 1;
    if (!row || row == ovxc_lbp_row_scalar) {
        ovxc_lbp_u8(format, ksize, src, ss, dst, ds, a);
        return;
    }
    for (uint32_t y = a->y0; y < a->y1; y++) {
        uint8_t *d = dst + (intptr_t)y * ds;
        uint32_t fa, fb, done = 0;
        ix_inside(a, y, r, &fa, &fb);
        if (fb > fa) done = (uint32_t)row(format, ksize, src + (intptr_t)y * ss + fa, ss, d + fa, fb - fa);
        lbp_padded(format, ksize, r, src, ss, a, y, a->x0, fa - a->x0, d, row);
        lbp_padded(format, ksize, r, src, ss, a, y, fa + done, a->x1 - fa - done, d, row);
    }
}

size_t ovxc_nms_row_scalar(const uint8_t *c, ptrdiff_t ss, const uint8_t *m, ptrdiff_t ms, uint32_t r, uint8_t *d,
                           size_t n)
{
    (void)c, (void)ss, (void)m, (void)ms, (void)r, (void)d, (void)n;
    return 0;
}

const ovx_variant *ovxc_nms_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_nms_row) OVX_VARIANT_SSE41(ovxc_nms_row){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_nms_row_scalar}};
    return table;
}

size_t ovxc_nms_row_s16_scalar(const int16_t *c, ptrdiff_t ss, const uint8_t *m, ptrdiff_t ms, uint32_t r,
                               int16_t *d, size_t n)
{
    (void)c, (void)ss, (void)m, (void)ms, (void)r, (void)d, (void)n;
    return 0;
}

const ovx_variant *ovxc_nms_s16_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_nms_row_s16) OVX_VARIANT_SSE41(ovxc_nms_row_s16){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_nms_row_s16_scalar}};
    return table;
}

/* ix_pad_row for S16 samples (cv: the constant) */
static void ix_pad_row_s16(int16_t *buf, const int16_t *src, int32_t ss, const ovxc_area *a, int64_t sy, int64_t sx,
                           uint32_t len, int16_t cv)
{
    const int cst = a->border == OVXC_BORDER_CONSTANT;
    const int64_t w = a->width;
    const int16_t *s;
    uint32_t t = 0;
    if (sy < 0 || sy >= (int64_t)a->height) {
        if (cst) {
            for (uint32_t i = 0; i < len; i++) buf[i] = cv;
            return;
        }
        sy = sy < 0 ? 0 : (int64_t)a->height - 1;
    }
    s = (const int16_t *)(const void *)((const uint8_t *)src + (intptr_t)sy * ss);
    for (; t < len && sx + t < 0; t++) buf[t] = cst ? cv : s[0];
    if (t < len && sx + t < w) {
        uint32_t n = (uint32_t)(w - (sx + t) < (int64_t)(len - t) ? w - (sx + t) : (int64_t)(len - t));
        memcpy(buf + t, s + sx + t, (size_t)n * 2);
        t += n;
    }
    for (; t < len; t++) buf[t] = cst ? cv : s[w - 1];
}

/* The row padders of the NMS template: U8 with the constant's low byte, S16 with its low 16 bits. */
static inline void nms_pad_u8(uint8_t *buf, const uint8_t *src, int32_t ss, const ovxc_area *a, int64_t sy, int64_t sx,
                              uint32_t len)
{
    ovxc_pad_row_u8(buf, src, ss, a, sy, sx, len, (uint8_t)(a->constant & 0xFFu));
}

static inline void nms_pad_s16(int16_t *buf, const int16_t *src, int32_t ss, const ovxc_area *a, int64_t sy,
                               int64_t sx, uint32_t len)
{
    ix_pad_row_s16(buf, src, ss, a, sy, sx, len, (int16_t)(uint16_t)(a->constant & 0xFFFFu));
}

#define IX_CAT_(a, b) a##b
#define IX_CAT(a, b) IX_CAT_(a, b)

#define NMS_T uint8_t
#define NMS_SFX u8
#define NMS_OFF 0
#define NMS_PX px_u8
#define NMS_PAD nms_pad_u8
#define NMS_ROW_F ovxc_nms_row_f
#define NMS_ROW_SCALAR ovxc_nms_row_scalar
#include "imgext_nms.inc"

#define NMS_T int16_t
#define NMS_SFX s16
#define NMS_OFF INT16_MIN
#define NMS_PX px_s16
#define NMS_PAD nms_pad_s16
#define NMS_ROW_F ovxc_nms_s16_row_f
#define NMS_ROW_SCALAR ovxc_nms_row_s16_scalar
#include "imgext_nms.inc"

/* ---- Template matching ------------------------------------------------------------------ */

static inline int16_t sat_s16_u64(uint64_t v)
{
    return v > 32767u ? (int16_t)32767 : (int16_t)v;
}

/* num * 2^15 / sqrt(st2 * si2), rounded, saturated. */
static int16_t norm_ratio(uint64_t num, uint64_t st2, uint64_t si2)
{
    double den = sqrt((double)st2) * sqrt((double)si2), v;
    if (den <= 0.0) return num ? (int16_t)32767 : (int16_t)0;
    v = floor((double)num * 32768.0 / den + 0.5);
    return v >= 32767.0 ? (int16_t)32767 : (int16_t)v;
}

void ovxc_match_template_u8(int metric, const uint8_t *src, int32_t ss, const uint8_t *tpl, int32_t ts, uint32_t tw,
                            uint32_t th, int16_t *dst, int32_t ds, uint32_t x0, uint32_t y0, uint32_t x1,
                            uint32_t y1)
{
    uint64_t n = (uint64_t)tw * th, st2 = 0;
    for (uint32_t j = 0; j < th; j++)
        for (uint32_t i = 0; i < tw; i++) {
            uint32_t t = tpl[(intptr_t)j * ts + i];
            st2 += t * t;
        }
    for (uint32_t y = y0; y < y1; y++) {
        int16_t *d = (int16_t *)((uint8_t *)dst + (intptr_t)y * ds);
        for (uint32_t x = x0; x < x1; x++) {
            uint64_t acc = 0, si2 = 0;
            for (uint32_t j = 0; j < th; j++) {
                const uint8_t *s = src + (intptr_t)(y + j) * ss + x, *t = tpl + (intptr_t)j * ts;
                uint32_t row = 0, row2 = 0;
                switch (metric) {
                case OVXC_MT_HAMMING:
                    for (uint32_t i = 0; i < tw; i++) row += (uint32_t)(s[i] ^ t[i]);
                    break;
                case OVXC_MT_L1:
                    for (uint32_t i = 0; i < tw; i++) row += (uint32_t)(s[i] > t[i] ? s[i] - t[i] : t[i] - s[i]);
                    break;
                case OVXC_MT_L2:
                case OVXC_MT_L2_NORM:
                    for (uint32_t i = 0; i < tw; i++) {
                        int32_t e = (int32_t)s[i] - (int32_t)t[i];
                        row += (uint32_t)(e * e);
                        row2 += (uint32_t)s[i] * s[i];
                    }
                    break;
                default: /* CCORR, CCORR_NORM */
                    for (uint32_t i = 0; i < tw; i++) {
                        row += (uint32_t)s[i] * t[i];
                        row2 += (uint32_t)s[i] * s[i];
                    }
                }
                /* a row has at most 65535 pixels (w * h <= 65535): 65535 * 255^2 still
                 * fits 32 bits; the whole template is summed in 64 bits */
                acc += row;
                si2 += row2;
            }
            if (metric == OVXC_MT_L2_NORM || metric == OVXC_MT_CCORR_NORM)
                d[x] = norm_ratio(acc, st2, si2);
            else
                d[x] = sat_s16_u64((acc + n / 2) / n);
        }
    }
}
