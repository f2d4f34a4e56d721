/* Compute routines: pixelwise and arithmetic functions (see arith.h). */
#include "arith.h"

#include <math.h>
#include <stddef.h>

#define ROW(buf, T, y) ((T *)((buf)->ptr + (ptrdiff_t)(y) * (buf)->stride))

/* The loops over x read their bound into xe_ first: a store through a
 * uint8_t pointer may alias *r, so "x < r->x1" would be reloaded on every
 * iteration and the compiler could not count (nor vectorize) the loop. */

static inline int32_t clamp_i32(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

/* Bounds of the output under the overflow policy (wrap: no clamp; the
 * conversion to the output type keeps the low bits). */
static void bounds(ovxc_fmt f, int saturate, int32_t *lo, int32_t *hi)
{
    if (!saturate) {
        *lo = INT32_MIN;
        *hi = INT32_MAX;
    } else if (f == OVXC_U8) {
        *lo = 0;
        *hi = 255;
    } else {
        *lo = INT16_MIN;
        *hi = INT16_MAX;
    }
}

/* The loop over a rectangle for a pair of inputs of types TA, TB and an
 * output of type TO; EXPR uses va and vb (int32_t). */
#define BINARY_LOOP(TA, TB, TO, EXPR)                                                                 \
    for (uint32_t y = r->y0; y < r->y1; y++) {                                                      \
        const TA *pa = ROW(a, const TA, y);                                                         \
        const TB *pb = ROW(b, const TB, y);                                                         \
        TO *po = ROW(o, TO, y);                                                                     \
        for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) {                                                  \
            int32_t va = pa[x], vb = pb[x];                                                         \
            po[x] = (TO)(EXPR);                                                                     \
        }                                                                                           \
    }

/* Every allowed U8/S16 mix: U8 output only from two U8 inputs. */
#define BINARY_DISPATCH(EXPR)                                                                         \
    do {                                                                                            \
        if (a->fmt == OVXC_U8 && b->fmt == OVXC_U8 && o->fmt == OVXC_U8) {                          \
            BINARY_LOOP(uint8_t, uint8_t, uint8_t, EXPR)                                            \
        } else if (a->fmt == OVXC_U8 && b->fmt == OVXC_U8) {                                        \
            BINARY_LOOP(uint8_t, uint8_t, int16_t, EXPR)                                            \
        } else if (a->fmt == OVXC_U8) {                                                             \
            BINARY_LOOP(uint8_t, int16_t, int16_t, EXPR)                                            \
        } else if (b->fmt == OVXC_U8) {                                                             \
            BINARY_LOOP(int16_t, uint8_t, int16_t, EXPR)                                            \
        } else {                                                                                    \
            BINARY_LOOP(int16_t, int16_t, int16_t, EXPR)                                            \
        }                                                                                           \
    } while (0)

void ovxc_absdiff(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r)
{
    int32_t lo, hi;
    bounds(o->fmt, 1, &lo, &hi);
    BINARY_DISPATCH(clamp_i32(va > vb ? va - vb : vb - va, lo, hi));
}

void ovxc_addsub(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r, int subtract,
                 int saturate)
{
    int32_t lo, hi;
    bounds(o->fmt, saturate, &lo, &hi);
    if (subtract)
        BINARY_DISPATCH(clamp_i32(va - vb, lo, hi));
    else
        BINARY_DISPATCH(clamp_i32(va + vb, lo, hi));
}

/* One product: round, then clamp (saturate) or bring into int64 range so
 * that the conversion to the output type keeps the low bits (wrap). */
static inline int64_t mul_px(int32_t p, double scale, int nearest_even, double lo, double hi)
{
    double v = (double)p * scale;
    v = nearest_even ? nearbyint(v) : trunc(v);
    v = v < lo ? lo : (v > hi ? hi : v);
    return (int64_t)v;
}

void ovxc_multiply(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r, double scale,
                   int saturate, int nearest_even)
{
    double lo = -4611686018427387904.0, hi = 4611686018427387904.0; /* +-2^62 */
    if (saturate) {
        lo = o->fmt == OVXC_U8 ? 0.0 : -32768.0;
        hi = o->fmt == OVXC_U8 ? 255.0 : 32767.0;
    }
    BINARY_DISPATCH(mul_px(va * vb, scale, nearest_even, lo, hi));
}

/* U1 rows: process whole bytes; the partial bytes at the ends keep their
 * bits outside [x0, x1). */
static inline uint8_t u1_mask(uint32_t byte, uint32_t x0, uint32_t x1)
{
    uint32_t first = byte * 8, m = 0;
    for (uint32_t k = 0; k < 8; k++)
        if (first + k >= x0 && first + k < x1) m |= 1u << k;
    return (uint8_t)m;
}

static inline uint8_t bitop(ovxc_bitop op, uint8_t va, uint8_t vb)
{
    switch (op) {
    case OVXC_AND: return (uint8_t)(va & vb);
    case OVXC_OR: return (uint8_t)(va | vb);
    case OVXC_XOR: return (uint8_t)(va ^ vb);
    default: return (uint8_t)~va;
    }
}

void ovxc_bitwise(ovxc_bitop op, const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r)
{
    if (r->x1 <= r->x0) return;
    if (b == NULL) b = a;
    if (o->fmt == OVXC_U1) {
        uint32_t bx0 = r->x0 / 8, bx1 = (r->x1 + 7) / 8;
        for (uint32_t y = r->y0; y < r->y1; y++) {
            const uint8_t *pa = ROW(a, const uint8_t, y), *pb = ROW(b, const uint8_t, y);
            uint8_t *po = ROW(o, uint8_t, y);
            for (uint32_t bx = bx0; bx < bx1; bx++) {
                uint8_t m = u1_mask(bx, r->x0, r->x1);
                po[bx] = (uint8_t)((po[bx] & ~m) | (bitop(op, pa[bx], pb[bx]) & m));
            }
        }
        return;
    }
    for (uint32_t y = r->y0; y < r->y1; y++) {
        const uint8_t *pa = ROW(a, const uint8_t, y), *pb = ROW(b, const uint8_t, y);
        uint8_t *po = ROW(o, uint8_t, y);
        switch (op) {
        case OVXC_AND:
            for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = (uint8_t)(pa[x] & pb[x]);
            break;
        case OVXC_OR:
            for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = (uint8_t)(pa[x] | pb[x]);
            break;
        case OVXC_XOR:
            for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = (uint8_t)(pa[x] ^ pb[x]);
            break;
        default:
            for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = (uint8_t)~pa[x];
            break;
        }
    }
}

void ovxc_weighted_average(const ovxc_buf *a, const ovxc_buf *b, const ovxc_buf *o, const ovxc_rect *r,
                           float alpha)
{
    float beta = 1.0f - alpha;
    for (uint32_t y = r->y0; y < r->y1; y++) {
        const uint8_t *pa = ROW(a, const uint8_t, y), *pb = ROW(b, const uint8_t, y);
        uint8_t *po = ROW(o, uint8_t, y);
        for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) {
            float v = beta * (float)pb[x] + alpha * (float)pa[x];
            po[x] = (uint8_t)(int32_t)v;
        }
    }
}

/* Write a U1 output row from a per-pixel predicate PRED(x). */
#define U1_ROW_FROM(po, PRED)                                                                         \
    do {                                                                                            \
        uint32_t bx0_ = r->x0 / 8, bx1_ = (r->x1 + 7) / 8;                                          \
        for (uint32_t bx = bx0_; bx < bx1_; bx++) {                                                 \
            uint8_t m_ = u1_mask(bx, r->x0, r->x1), v_ = 0;                                         \
            for (uint32_t k = 0; k < 8; k++) {                                                      \
                uint32_t x = bx * 8 + k;                                                            \
                if (((m_ >> k) & 1u) && (PRED)) v_ |= (uint8_t)(1u << k);                           \
            }                                                                                       \
            (po)[bx] = (uint8_t)(((po)[bx] & ~m_) | v_);                                            \
        }                                                                                           \
    } while (0)

#define U1_BIT(p, x) (((p)[(x) >> 3] >> ((x)&7u)) & 1u)

void ovxc_threshold(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, int32_t lo, int32_t hi,
                    int32_t true_value, int32_t false_value)
{
    if (r->x1 <= r->x0) return;
    if (o->fmt == OVXC_U1) {
        int tv = true_value != 0, fv = false_value != 0;
        for (uint32_t y = r->y0; y < r->y1; y++) {
            uint8_t *po = ROW(o, uint8_t, y);
            if (in->fmt == OVXC_U8) {
                const uint8_t *pi = ROW(in, const uint8_t, y);
                U1_ROW_FROM(po, (pi[x] >= lo && pi[x] <= hi) ? tv : fv);
            } else {
                const int16_t *pi = ROW(in, const int16_t, y);
                U1_ROW_FROM(po, (pi[x] >= lo && pi[x] <= hi) ? tv : fv);
            }
        }
        return;
    }
    uint8_t tv = (uint8_t)true_value, fv = (uint8_t)false_value;
    /* lo <= v <= hi as one unsigned comparison, v - lo <= hi - lo, with the
     * bounds clamped to the input's range: branch-free, so it vectorizes */
    int32_t vmin = in->fmt == OVXC_U8 ? 0 : INT16_MIN, vmax = in->fmt == OVXC_U8 ? 255 : INT16_MAX;
    int32_t l = lo < vmin ? vmin : lo, h = hi > vmax ? vmax : hi;
    for (uint32_t y = r->y0; y < r->y1; y++) {
        uint8_t *po = ROW(o, uint8_t, y);
        if (l > h) { /* an empty range: everything is false */
            for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = fv;
        } else if (in->fmt == OVXC_U8) {
            const uint8_t *pi = ROW(in, const uint8_t, y);
            uint8_t lb = (uint8_t)l, span = (uint8_t)(h - l);
            for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = (uint8_t)(pi[x] - lb) <= span ? tv : fv;
        } else {
            const int16_t *pi = ROW(in, const int16_t, y);
            uint16_t lb = (uint16_t)l, span = (uint16_t)(h - l);
            for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = (uint16_t)((uint16_t)pi[x] - lb) <= span ? tv : fv;
        }
    }
}

void ovxc_table_lookup(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, const void *lut, uint32_t count,
                       uint32_t offset)
{
    if (count == 0) return;
    int32_t last = (int32_t)count - 1, off = (int32_t)offset;
    if (in->fmt == OVXC_U8) {
        const uint8_t *t = (const uint8_t *)lut;
        for (uint32_t y = r->y0; y < r->y1; y++) {
            const uint8_t *pi = ROW(in, const uint8_t, y);
            uint8_t *po = ROW(o, uint8_t, y);
            for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = t[clamp_i32(off + pi[x], 0, last)];
        }
    } else {
        const int16_t *t = (const int16_t *)lut;
        for (uint32_t y = r->y0; y < r->y1; y++) {
            const int16_t *pi = ROW(in, const int16_t, y);
            int16_t *po = ROW(o, int16_t, y);
            for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = t[clamp_i32(off + pi[x], 0, last)];
        }
    }
}

/* value << shift for shift >= 0, value >> -shift (arithmetic) otherwise. */
static inline int32_t shift_up(int32_t v, int32_t shift)
{
    return shift >= 0 ? (int32_t)((uint32_t)v << shift) : v >> -shift;
}

static inline int32_t shift_down(int32_t v, int32_t shift)
{
    return shift >= 0 ? v >> shift : (int32_t)((uint32_t)v << -shift);
}

void ovxc_convert_depth(const ovxc_buf *in, const ovxc_buf *o, const ovxc_rect *r, int saturate, int32_t shift)
{
    if (r->x1 <= r->x0) return;
    shift = clamp_i32(shift, -16, 16);
    for (uint32_t y = r->y0; y < r->y1; y++) {
        if (o->fmt == OVXC_U1) {
            uint8_t *po = ROW(o, uint8_t, y);
            if (in->fmt == OVXC_U8) {
                const uint8_t *pi = ROW(in, const uint8_t, y);
                U1_ROW_FROM(po, pi[x] != 0);
            } else {
                const int16_t *pi = ROW(in, const int16_t, y);
                U1_ROW_FROM(po, pi[x] != 0);
            }
        } else if (in->fmt == OVXC_U1) {
            const uint8_t *pi = ROW(in, const uint8_t, y);
            if (o->fmt == OVXC_U8) {
                uint8_t *po = ROW(o, uint8_t, y);
                for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = U1_BIT(pi, x) ? 255 : 0;
            } else {
                int16_t *po = ROW(o, int16_t, y);
                for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = U1_BIT(pi, x) ? -1 : 0;
            }
        } else if (in->fmt == OVXC_U8) { /* up-conversion to S16: policy ignored */
            const uint8_t *pi = ROW(in, const uint8_t, y);
            int16_t *po = ROW(o, int16_t, y);
            for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = (int16_t)shift_up(pi[x], shift);
        } else { /* S16 -> U8 */
            const int16_t *pi = ROW(in, const int16_t, y);
            uint8_t *po = ROW(o, uint8_t, y);
            if (saturate)
                for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = (uint8_t)clamp_i32(shift_down(pi[x], shift), 0, 255);
            else
                for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) po[x] = (uint8_t)shift_down(pi[x], shift);
        }
    }
}

void ovxc_accumulate(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r)
{
    for (uint32_t y = r->y0; y < r->y1; y++) {
        const uint8_t *pi = ROW(in, const uint8_t, y);
        int16_t *pa = ROW(acc, int16_t, y);
        for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) pa[x] = (int16_t)clamp_i32(pa[x] + pi[x], INT16_MIN, INT16_MAX);
    }
}

void ovxc_accumulate_weighted(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r, float alpha)
{
    float beta = 1.0f - alpha;
    for (uint32_t y = r->y0; y < r->y1; y++) {
        const uint8_t *pi = ROW(in, const uint8_t, y);
        uint8_t *pa = ROW(acc, uint8_t, y);
        for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) {
            float v = beta * (float)pa[x] + alpha * (float)pi[x];
            pa[x] = (uint8_t)(int32_t)v;
        }
    }
}

void ovxc_accumulate_square(const ovxc_buf *in, const ovxc_buf *acc, const ovxc_rect *r, uint32_t shift)
{
    if (shift > 15) shift = 15;
    for (uint32_t y = r->y0; y < r->y1; y++) {
        const uint8_t *pi = ROW(in, const uint8_t, y);
        int16_t *pa = ROW(acc, int16_t, y);
        for (uint32_t x = r->x0, xe_ = r->x1; x < xe_; x++) {
            int32_t sq = (int32_t)(((uint32_t)pi[x] * pi[x]) >> shift);
            pa[x] = (int16_t)clamp_i32(pa[x] + sq, INT16_MIN, INT16_MAX);
        }
    }
}
