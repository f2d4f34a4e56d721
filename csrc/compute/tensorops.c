/* Compute routines of family tensorops (see tensorops.h). */
#include "tensorops.h"

#include "../runtime/dispatch.h"

#include <math.h>
#if defined(__SSE2__)
#include <xmmintrin.h>
#include <emmintrin.h>
#endif
#include <string.h>

/* ---- walking the output ---------------------------------------------------
 * A "row" is dimension 0 of the output; rows are numbered over dimensions
 * 1..num_dims-1 (dimension 1 fastest).  For row r the byte offset of its
 * first element in tensor t (addressed with o's dims) is row_offset(). */

static size_t row_count(const ovxc_tensor *o)
{
    size_t d, n = 1;
    for (d = 1; d < o->num_dims; d++) n *= o->dims[d];
    return n;
}

static size_t row_offset(const ovxc_tensor *o, const ovxc_tensor *t, size_t r)
{
    size_t d, off = 0;
    for (d = 1; d < o->num_dims; d++) {
        off += (r % o->dims[d]) * t->strides[d];
        r /= o->dims[d];
    }
    return off;
}

/* ---- integer helpers -------------------------------------------------------- */

static inline int64_t sat_to(ovxc_ttype t, int64_t v)
{
    int64_t lo = t == OVXC_T_U8 ? 0 : (t == OVXC_T_S8 ? -128 : -32768);
    int64_t hi = t == OVXC_T_U8 ? 255 : (t == OVXC_T_S8 ? 127 : 32767);
    return v < lo ? lo : (v > hi ? hi : v);
}

static inline int64_t wrap_to(ovxc_ttype t, int64_t v)
{
    uint64_t u = (uint64_t)v;
    switch (t) {
    case OVXC_T_U8: return (int64_t)(uint8_t)u;
    case OVXC_T_S8: return (int64_t)(int8_t)(uint8_t)u;
    default: return (int64_t)(int16_t)(uint16_t)u;
    }
}

static inline int32_t load_int(ovxc_ttype t, const uint8_t *p)
{
    switch (t) {
    case OVXC_T_U8: return *p;
    case OVXC_T_S8: return *(const int8_t *)p;
    case OVXC_T_S16: { int16_t v; memcpy(&v, p, sizeof(v)); return v; }
    default: { float f; memcpy(&f, p, sizeof(f)); return (int32_t)f; }
    }
}

static inline void store_int(ovxc_ttype t, uint8_t *p, int64_t v)
{
    switch (t) {
    case OVXC_T_U8: *p = (uint8_t)v; break;
    case OVXC_T_S8: *p = (uint8_t)(int8_t)v; break;
    default: { int16_t s = (int16_t)v; memcpy(p, &s, sizeof(s)); break; }
    }
}

/* ---- add / subtract ----------------------------------------------------------- */

size_t ovxc_tensor_rows(const ovxc_tensor *o)
{
    return row_count(o);
}

size_t ovxc_tensor_row_offset(const ovxc_tensor *o, const ovxc_tensor *t, size_t r)
{
    return row_offset(o, t, r);
}

/* n elements of type T, a row of a, b and o each contiguous (strides of one
 * element): one loop per operation and policy, no test inside (vectorized) */
#define ADDSUB_FLAT(T, LO, HI)                                                                                 \
    do {                                                                                                       \
        const T *x_ = (const T *)(const void *)pa, *y_ = (const T *)(const void *)pb;                          \
        T *z_ = (T *)(void *)po;                                                                               \
        if (subtract && saturate)                                                                              \
            for (i = 0; i < n; i++) {                                                                          \
                int32_t v = (int32_t)x_[i] - y_[i];                                                            \
                z_[i] = (T)(v < (LO) ? (LO) : v > (HI) ? (HI) : v);                                            \
            }                                                                                                  \
        else if (saturate)                                                                                     \
            for (i = 0; i < n; i++) {                                                                          \
                int32_t v = (int32_t)x_[i] + y_[i];                                                            \
                z_[i] = (T)(v < (LO) ? (LO) : v > (HI) ? (HI) : v);                                            \
            }                                                                                                  \
        else if (subtract)                                                                                     \
            for (i = 0; i < n; i++) z_[i] = (T)(uint32_t)((uint32_t)x_[i] - (uint32_t)y_[i]);                  \
        else                                                                                                   \
            for (i = 0; i < n; i++) z_[i] = (T)(uint32_t)((uint32_t)x_[i] + (uint32_t)y_[i]);                  \
    } while (0)

#define ADDSUB_ROW(T, LO, HI)                                                                        \
    for (i = 0; i < n; i++) {                                                                      \
        int32_t x = *(const T *)(pa + i * sa), y = *(const T *)(pb + i * sb);                       \
        int32_t v = subtract ? x - y : x + y;                                                       \
        if (saturate) v = v < (LO) ? (LO) : (v > (HI) ? (HI) : v);                                  \
        *(T *)(po + i * so) = (T)(v);                                                               \
    }

void ovxc_tensor_addsub(const ovxc_tensor *a, const ovxc_tensor *b, const ovxc_tensor *o, int subtract,
                        int saturate, size_t r0, size_t r1)
{
    size_t r, n = o->dims[0], i;
    size_t sa = a->strides[0], sb = b->strides[0], so = o->strides[0];
    size_t es = o->type == OVXC_T_S16 ? 2 : 1;
    int flat = sa == es && sb == es && so == es;
    for (r = r0; r < r1; r++) {
        const uint8_t *pa = a->ptr + row_offset(o, a, r), *pb = b->ptr + row_offset(o, b, r);
        uint8_t *po = o->ptr + row_offset(o, o, r);
        switch (o->type) {
        case OVXC_T_U8:
            if (flat) {
                ADDSUB_FLAT(uint8_t, 0, 255);
                break;
            }
            for (i = 0; i < n; i++) {
                int32_t x = pa[i * sa], y = pb[i * sb];
                int32_t v = subtract ? x - y : x + y;
                if (saturate) v = v < 0 ? 0 : (v > 255 ? 255 : v);
                po[i * so] = (uint8_t)v;
            }
            break;
        case OVXC_T_S8:
            if (flat) {
                ADDSUB_FLAT(int8_t, -128, 127);
                break;
            }
            for (i = 0; i < n; i++) {
                int32_t x = (int8_t)pa[i * sa], y = (int8_t)pb[i * sb];
                int32_t v = subtract ? x - y : x + y;
                if (saturate) v = v < -128 ? -128 : (v > 127 ? 127 : v);
                po[i * so] = (uint8_t)(int8_t)(uint8_t)v;
            }
            break;
        case OVXC_T_S16:
            if (flat) {
                ADDSUB_FLAT(int16_t, -32768, 32767);
                break;
            }
            ADDSUB_ROW(int16_t, -32768, 32767)
            break;
        default:
            break;
        }
    }
}

void ovxc_tensor_addsub_rows(const ovxc_tensor *a, const ovxc_tensor *b, const ovxc_tensor *o, int subtract,
                             int saturate, size_t r0, size_t r1, ovxc_tensor_row2_f row)
{
    size_t r, es = o->type == OVXC_T_S16 ? 2 : 1;
    if (!row || a->type != o->type || b->type != o->type || (o->type != OVXC_T_U8 && o->type != OVXC_T_S16) ||
        a->strides[0] != es || b->strides[0] != es || o->strides[0] != es) {
        ovxc_tensor_addsub(a, b, o, subtract, saturate, r0, r1);
        return;
    }
    for (r = r0; r < r1; r++)
        row(a->ptr + row_offset(o, a, r), b->ptr + row_offset(o, b, r), o->ptr + row_offset(o, o, r), o->dims[0]);
}

/* ---- multiply ------------------------------------------------------------------ */

void ovxc_tensor_multiply(const ovxc_tensor *a, const ovxc_tensor *b, const ovxc_tensor *o, double scale,
                          int saturate, int nearest_even, size_t r0, size_t r1)
{
    size_t r, n = o->dims[0], i;
    size_t sa = a->strides[0], sb = b->strides[0], so = o->strides[0];
    for (r = r0; r < r1; r++) {
        const uint8_t *pa = a->ptr + row_offset(o, a, r), *pb = b->ptr + row_offset(o, b, r);
        uint8_t *po = o->ptr + row_offset(o, o, r);
        for (i = 0; i < n; i++) {
            double v = (double)load_int(a->type, pa + i * sa) * (double)load_int(b->type, pb + i * sb) * scale;
            int64_t q;
            v = nearest_even ? nearbyint(v) : trunc(v);
            /* keep the conversion defined: clamp far outside any 16-bit range */
            if (!(v > -1e15)) v = -1e15;
            if (v > 1e15) v = 1e15;
            q = (int64_t)v;
            store_int(o->type, po + i * so, saturate ? sat_to(o->type, q) : wrap_to(o->type, q));
        }
    }
}

void ovxc_tensor_multiply_rows(const ovxc_tensor *a, const ovxc_tensor *b, const ovxc_tensor *o, double scale,
                               int saturate, int nearest_even, size_t r0, size_t r1, ovxc_tensor_mul_row_f row)
{
    size_t r, n = o->dims[0], es = o->type == OVXC_T_S16 ? 2 : 1;
    if (!row || !(fabs(scale) * 1073741824.0 < 1e15) || a->type != o->type || b->type != o->type ||
        (o->type != OVXC_T_U8 && o->type != OVXC_T_S16) || a->strides[0] != es || b->strides[0] != es ||
        o->strides[0] != es) {
        ovxc_tensor_multiply(a, b, o, scale, saturate, nearest_even, r0, r1);
        return;
    }
    for (r = r0; r < r1; r++)
        row(a->ptr + row_offset(o, a, r), b->ptr + row_offset(o, b, r), o->ptr + row_offset(o, o, r), n, scale, saturate,
            nearest_even);
}

/* ---- table lookup ------------------------------------------------------------------ */

void ovxc_tensor_lut(const ovxc_tensor *a, const ovxc_tensor *o, const void *lut, size_t count, uint32_t offset)
{
    ovxc_tensor_lut_rows(a, o, lut, count, offset, 0, row_count(o));
}

void ovxc_tensor_lut_rows(const ovxc_tensor *a, const ovxc_tensor *o, const void *lut, size_t count, uint32_t offset,
                          size_t r0, size_t r1)
{
    size_t r, n = o->dims[0], i;
    size_t sa = a->strides[0], so = o->strides[0];
    int64_t last = (int64_t)count - 1;
    if (a->type == OVXC_T_U8 && o->type == OVXC_T_U8 && sa == 1 && so == 1) {
        /* the entry each of the 256 values reads, then one load an element */
        uint8_t t[256];
        for (i = 0; i < 256; i++) {
            int64_t idx = (int64_t)offset + (int64_t)i;
            t[i] = ((const uint8_t *)lut)[idx < 0 ? 0 : (idx > last ? last : idx)];
        }
        for (r = r0; r < r1; r++) {
            const uint8_t *pa = a->ptr + row_offset(o, a, r);
            uint8_t *po = o->ptr + row_offset(o, o, r);
            for (i = 0; i < n; i++) po[i] = t[pa[i]];
        }
        return;
    }
    for (r = r0; r < r1; r++) {
        const uint8_t *pa = a->ptr + row_offset(o, a, r);
        uint8_t *po = o->ptr + row_offset(o, o, r);
        if (a->type == OVXC_T_S16 && o->type == OVXC_T_S16 && sa == 2 && so == 2) {
            const int16_t *l16 = (const int16_t *)lut;
            for (i = 0; i < n; i++) {
                int16_t v;
                int64_t idx;
                memcpy(&v, pa + 2 * i, 2);
                idx = (int64_t)offset + v;
                idx = idx < 0 ? 0 : (idx > last ? last : idx);
                memcpy(po + 2 * i, l16 + idx, 2);
            }
            continue;
        }
        for (i = 0; i < n; i++) {
            int64_t idx = (int64_t)offset + load_int(a->type, pa + i * sa);
            if (idx < 0) idx = 0;
            if (idx > last) idx = last;
            if (o->type == OVXC_T_S16)
                memcpy(po + i * so, (const int16_t *)lut + idx, sizeof(int16_t));
            else
                po[i * so] = ((const uint8_t *)lut)[idx];
        }
    }
}

/* ---- copy (transpose) ------------------------------------------------------------------ */

static void copy_row(const uint8_t *pa, uint8_t *po, size_t n, size_t sa, size_t so, size_t elem_size)
{
    size_t i;
    if (sa == elem_size && so == elem_size) {
        memcpy(po, pa, n * elem_size);
        return;
    }
    switch (elem_size) {
    case 1:
        for (i = 0; i < n; i++) po[i * so] = pa[i * sa];
        break;
    case 2:
        for (i = 0; i < n; i++) memcpy(po + i * so, pa + i * sa, 2);
        break;
    case 4:
        for (i = 0; i < n; i++) memcpy(po + i * so, pa + i * sa, 4);
        break;
    default:
        for (i = 0; i < n; i++) memcpy(po + i * so, pa + i * sa, elem_size);
        break;
    }
}

/* Elements [i, n) of rows po + k * os1 (k < 8), element i of row k read at
 * pa + i * sa + k * es (so the 8 elements of column i are side by side):
 * o's rows contiguous (stride es). */
static void copy_tile8(const uint8_t *pa, size_t sa, uint8_t *po, size_t os1, size_t i, size_t n, size_t es)
{
    size_t k;
#if defined(__SSE2__)
    if (es == 2)
        for (; i + 8 <= n; i += 8) { /* 8 x 8 of 16 bits: three rounds of unpacks */
            __m128i r[8], t[8], u[8];
            for (k = 0; k < 8; k++) r[k] = _mm_loadu_si128((const __m128i *)(const void *)(pa + (i + k) * sa));
            for (k = 0; k < 4; k++) {
                t[2 * k] = _mm_unpacklo_epi16(r[2 * k], r[2 * k + 1]);
                t[2 * k + 1] = _mm_unpackhi_epi16(r[2 * k], r[2 * k + 1]);
            }
            for (k = 0; k < 2; k++) {
                u[4 * k] = _mm_unpacklo_epi32(t[4 * k], t[4 * k + 2]);
                u[4 * k + 1] = _mm_unpackhi_epi32(t[4 * k], t[4 * k + 2]);
                u[4 * k + 2] = _mm_unpacklo_epi32(t[4 * k + 1], t[4 * k + 3]);
                u[4 * k + 3] = _mm_unpackhi_epi32(t[4 * k + 1], t[4 * k + 3]);
            }
            /* u[0]: out rows 0,1 (cols 0-3); u[1]: rows 2,3; u[2]: rows 4,5; u[3]: rows 6,7; u[4..7] cols 4-7 */
            for (k = 0; k < 4; k++) {
                _mm_storeu_si128((__m128i *)(void *)(po + (2 * k) * os1 + i * 2), _mm_unpacklo_epi64(u[k], u[4 + k]));
                _mm_storeu_si128((__m128i *)(void *)(po + (2 * k + 1) * os1 + i * 2), _mm_unpackhi_epi64(u[k], u[4 + k]));
            }
        }
    if (es == 4)
        for (; i + 4 <= n; i += 4) /* two 4 x 4 of 32 bits */
            for (k = 0; k < 8; k += 4) {
                __m128 r0 = _mm_loadu_ps((const float *)(const void *)(pa + i * sa + k * 4));
                __m128 r1 = _mm_loadu_ps((const float *)(const void *)(pa + (i + 1) * sa + k * 4));
                __m128 r2 = _mm_loadu_ps((const float *)(const void *)(pa + (i + 2) * sa + k * 4));
                __m128 r3 = _mm_loadu_ps((const float *)(const void *)(pa + (i + 3) * sa + k * 4));
                _MM_TRANSPOSE4_PS(r0, r1, r2, r3);
                _mm_storeu_ps((float *)(void *)(po + k * os1 + i * 4), r0);
                _mm_storeu_ps((float *)(void *)(po + (k + 1) * os1 + i * 4), r1);
                _mm_storeu_ps((float *)(void *)(po + (k + 2) * os1 + i * 4), r2);
                _mm_storeu_ps((float *)(void *)(po + (k + 3) * os1 + i * 4), r3);
            }
#endif
    for (; i < n; i++)
        for (k = 0; k < 8; k++) memcpy(po + k * os1 + i * es, pa + i * sa + k * es, es);
}

void ovxc_tensor_copy(const ovxc_tensor *a, const ovxc_tensor *o, size_t elem_size, size_t r0, size_t r1)
{
    size_t r = r0, n = o->dims[0], d1 = o->num_dims > 1 ? o->dims[1] : 1;
    size_t sa = a->strides[0], so = o->strides[0];
    int tiled = o->num_dims > 1 && so == elem_size && sa != elem_size && a->strides[1] == elem_size;
    while (r < r1) {
        const uint8_t *pa = a->ptr + row_offset(o, a, r);
        uint8_t *po = o->ptr + row_offset(o, o, r);
        /* up to 32 rows of o along its dimension 1 (one run of a's columns):
         * 64 columns of each of their 8-row tiles in turn, so a's cache
         * lines are used whole while they are in the first-level cache */
        if (tiled && r % d1 + 8 <= d1 && r + 8 <= r1) {
            size_t t, nt = 1, i;
            while (nt < 4 && r % d1 + 8 * (nt + 1) <= d1 && r + 8 * (nt + 1) <= r1) nt++;
            for (i = 0; i < n; i += 64)
                for (t = 0; t < nt; t++)
                    copy_tile8(pa + 8 * t * elem_size, sa, po + 8 * t * o->strides[1], o->strides[1], i,
                               n - i < 64 ? n : i + 64, elem_size);
            r += 8 * nt;
            continue;
        }
        copy_row(pa, po, n, sa, so, elem_size);
        r++;
    }
}

static const ovx_variant copy_variants[] = {
    OVX_VARIANT_AVX2(ovxc_tensor_copy)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_tensor_copy},
};

const ovx_variant *ovxc_tensor_copy_variants(void)
{
    return copy_variants;
}

/* ---- convert depth ------------------------------------------------------------------------ */

static inline float load_float(ovxc_ttype t, const uint8_t *p)
{
    if (t == OVXC_T_F32) {
        float f;
        memcpy(&f, p, sizeof(f));
        return f;
    }
    return (float)load_int(t, p);
}

/* One element of the conversion (the reference). */
static inline void convert_one(const uint8_t *pa, ovxc_ttype ta, uint8_t *po, ovxc_ttype to, int saturate,
                               float in_scale, float offset, float inv_norm, float out_scale)
{
    float v = load_float(ta, pa) * in_scale;
    v = (v - offset) * inv_norm;
    v = v * out_scale;
    if (to == OVXC_T_F32) {
        memcpy(po, &v, sizeof(v));
    } else if (saturate) {
        int64_t lo = to == OVXC_T_U8 ? 0 : (to == OVXC_T_S8 ? -128 : -32768);
        int64_t hi = to == OVXC_T_U8 ? 255 : (to == OVXC_T_S8 ? 127 : 32767);
        int64_t q = v != v ? 0 : (v <= (float)lo ? lo : (v >= (float)hi ? hi : (int64_t)v));
        store_int(to, po, q);
    } else {
        /* truncate toward zero, then keep the low bits */
        int64_t q = v != v ? 0 : (v <= -9.2e18f ? INT64_MIN : (v >= 9.2e18f ? INT64_MAX : (int64_t)v));
        store_int(to, po, wrap_to(to, q));
    }
}

void ovxc_tensor_convert_row(const uint8_t *a, ovxc_ttype ta, uint8_t *o, ovxc_ttype to, size_t n, int saturate,
                             float in_scale, float offset, float inv_norm, float out_scale)
{
    const size_t ea = ovxc_ttype_size(ta), eo = ovxc_ttype_size(to);
    for (size_t i = 0; i < n; i++)
        convert_one(a + i * ea, ta, o + i * eo, to, saturate, in_scale, offset, inv_norm, out_scale);
}

/* k when f = 2^k exactly with |k| <= 24, else 99 */
static int pow2_exponent(float f)
{
    uint32_t u;
    int k;
    memcpy(&u, &f, sizeof(u));
    if ((u & 0x807FFFFFu) != 0) return 99; /* negative, or a mantissa: not 2^k (subnormals too) */
    k = (int)(u >> 23) - 127;
    return k >= -24 && k <= 24 ? k : 99;
}

int ovxc_tensor_convert_shift(ovxc_ttype ta, ovxc_ttype to, float in_scale, float offset, float inv_norm,
                              float out_scale, int *e)
{
    const int ka = pow2_exponent(in_scale), kn = pow2_exponent(inv_norm), ko = pow2_exponent(out_scale);
    if (ta == OVXC_T_F32 || to == OVXC_T_F32 || offset != 0.0f || ka == 99 || kn == 99 || ko == 99) return 0;
    *e = ka + kn + ko;
    return *e >= -15 && *e <= 15;
}

static const ovx_variant convert_variants[] = {
    OVX_VARIANT_AVX512(ovxc_tensor_convert_row)
    OVX_VARIANT_AVX2(ovxc_tensor_convert_row)
    {"scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_tensor_convert_row},
};

const ovx_variant *ovxc_tensor_convert_variants(void)
{
    return convert_variants;
}

void ovxc_tensor_convert_rows(const ovxc_tensor *a, const ovxc_tensor *o, int saturate, float in_scale, float offset,
                              float inv_norm, float out_scale, size_t r0, size_t r1, ovxc_tensor_cvt_row_f row)
{
    size_t r, n = o->dims[0], i;
    size_t sa = a->strides[0], so = o->strides[0];
    const int flat = sa == ovxc_ttype_size(a->type) && so == ovxc_ttype_size(o->type);
    if (!row) row = ovxc_tensor_convert_row;
    for (r = r0; r < r1; r++) {
        const uint8_t *pa = a->ptr + row_offset(o, a, r);
        uint8_t *po = o->ptr + row_offset(o, o, r);
        if (flat) {
            row(pa, a->type, po, o->type, n, saturate, in_scale, offset, inv_norm, out_scale);
            continue;
        }
        for (i = 0; i < n; i++)
            convert_one(pa + i * sa, a->type, po + i * so, o->type, saturate, in_scale, offset, inv_norm, out_scale);
    }
}

void ovxc_tensor_convert(const ovxc_tensor *a, const ovxc_tensor *o, int saturate, float in_scale, float offset,
                         float inv_norm, float out_scale)
{
    ovxc_tensor_convert_rows(a, o, saturate, in_scale, offset, inv_norm, out_scale, 0, row_count(o),
                             ovxc_tensor_convert_row);
}

/* ---- matrix multiply ------------------------------------------------------------------------ */

static inline int64_t mat_at(ovxc_ttype t, const ovxc_matrix *m, size_t row, size_t col)
{
    return load_int(t, m->ptr + row * m->row_stride + col * m->col_stride);
}

void ovxc_tensor_matmul(const ovxc_matrix *a, const ovxc_matrix *b, const ovxc_matrix *c, uint8_t *out,
                        size_t out_row_stride, size_t out_col_stride, ovxc_ttype type, size_t n, size_t m,
                        size_t l, int shift, size_t i0, size_t i1)
{
    enum { JB = 512 };
    size_t i, j, k, jb;
    (void)n;
    /* products of 8- or 16-bit values are below 2^30 and m of them sum
     * exactly in a double below 2^53: rows of sums in double lanes, a's
     * element times b's row (row by row of b: contiguous when b is); else
     * 64-bit integers */
    if (m < ((size_t)1 << 22)) {
        double acc[JB];
        int bflat = b->col_stride == (type == OVXC_T_S16 ? 2u : 1u);
        for (i = i0; i < i1; i++)
            for (jb = 0; jb < l; jb += JB) {
                size_t je = l - jb < JB ? l : jb + JB;
                for (j = jb; j < je; j++) acc[j - jb] = 0.0;
                for (k = 0; k < m; k++) {
                    double x = (double)load_int(type, a->ptr + i * a->row_stride + k * a->col_stride);
                    const uint8_t *br = b->ptr + k * b->row_stride;
                    if (x == 0.0) continue;
                    if (bflat && type == OVXC_T_S16) {
                        const int16_t *bv = (const int16_t *)(const void *)br;
                        for (j = jb; j < je; j++) acc[j - jb] += x * (double)bv[j];
                    } else if (bflat && type == OVXC_T_U8) {
                        for (j = jb; j < je; j++) acc[j - jb] += x * (double)br[j];
                    } else if (bflat && type == OVXC_T_S8) {
                        const int8_t *bv = (const int8_t *)(const void *)br;
                        for (j = jb; j < je; j++) acc[j - jb] += x * (double)bv[j];
                    } else {
                        for (j = jb; j < je; j++) acc[j - jb] += x * (double)load_int(type, br + j * b->col_stride);
                    }
                }
                for (j = jb; j < je; j++) {
                    int64_t v = (int64_t)acc[j - jb];
                    if (c && c->ptr) v += mat_at(type, c, i, j) * ((int64_t)1 << shift);
                    if (shift > 0) { /* round to nearest, halves up: floor((v + half) / 2^shift) */
                        int64_t one = (int64_t)1 << shift;
                        v = v + one / 2;
                        v = v >= 0 ? v / one : -((-v + one - 1) / one);
                    }
                    store_int(type, out + i * out_row_stride + j * out_col_stride, sat_to(type, v));
                }
            }
        return;
    }
    for (i = i0; i < i1; i++) {
        for (j = 0; j < l; j++) {
            int64_t acc = 0, v;
            for (k = 0; k < m; k++) acc += mat_at(type, a, i, k) * mat_at(type, b, k, j);
            if (c && c->ptr) acc += mat_at(type, c, i, j) * ((int64_t)1 << shift);
            v = acc;
            if (shift > 0) { /* round to nearest, halves up: floor((acc + half) / 2^shift) */
                int64_t one = (int64_t)1 << shift;
                v = acc + one / 2;
                v = v >= 0 ? v / one : -((-v + one - 1) / one);
            }
            store_int(type, out + i * out_row_stride + j * out_col_stride, sat_to(type, v));
        }
    }
}

/* ---- packed matrix multiply (int16 operands, int32 sums) ---------------------------- */

static size_t up(size_t v, size_t k)
{
    return (v + k - 1) / k * k;
}

size_t ovxc_matmul_pack_size(size_t n, size_t m, size_t l)
{
    return up(n * up(m, 2) * 2, 64) + up(l, 16) * up(m, 2) * 2;
}

/* n elements from p (stride bytes apart) of type t as int16 into dst;
 * returns the largest |value| */
static uint32_t row_i16(ovxc_ttype t, const uint8_t *p, size_t stride, size_t n, int16_t *dst)
{
    size_t i;
    int32_t lo = 0, hi = 0;
    if (t == OVXC_T_S16 && stride == 2)
        memcpy(dst, p, n * 2);
    else if (t == OVXC_T_U8 && stride == 1)
        for (i = 0; i < n; i++) dst[i] = p[i];
    else
        for (i = 0; i < n; i++) dst[i] = (int16_t)load_int(t, p + i * stride);
    for (i = 0; i < n; i++) { /* plain min / max: vectorized */
        lo = dst[i] < lo ? dst[i] : lo;
        hi = dst[i] > hi ? dst[i] : hi;
    }
    return (uint32_t)(-lo > hi ? -lo : hi);
}

void ovxc_matmul_pack_layout(size_t n, size_t m, size_t l, void *mem, ovxc_matmul_packed *p)
{
    size_t m2 = up(m, 2);
    p->ap = mem;
    p->bp = (int16_t *)(void *)((uint8_t *)mem + up(n * m2 * 2, 64));
    p->m2 = m2;
    p->l = l;
}

size_t ovxc_matmul_pack_units(size_t n, size_t m)
{
    return n + up(m, 2) / 2;
}

void ovxc_matmul_pack_part(const ovxc_matrix *a, const ovxc_matrix *b, ovxc_ttype type, size_t n, size_t m,
                           const ovxc_matmul_packed *p, size_t u0, size_t u1, uint32_t *max_a, uint32_t *max_b)
{
    enum { CH = 256 };
    const size_t m2 = p->m2, half = m2 / 2, l = p->l;
    int16_t *ap = (int16_t *)(uintptr_t)p->ap, *bp = (int16_t *)(uintptr_t)p->bp;
    int16_t r0[CH], r1[CH];
    uint32_t ma = 0, mb = 0, v;
    size_t u, i, k, j, j0;
    for (u = u0; u < u1 && u < n; u++) { /* a's row u */
        i = u;
        v = row_i16(type, a->ptr + i * a->row_stride, a->col_stride, m, ap + i * m2);
        ma = v > ma ? v : ma;
        if (m2 > m) ap[i * m2 + m] = 0;
    }
    /* b's rows 2q and 2q + 1 (unit n + q) in chunks of CH columns,
     * interleaved into the blocks of 16 columns; the columns past l zero */
    for (u = u0 > n ? u0 : n; u < u1 && u < n + half; u++) {
        k = 2 * (u - n);
        for (j0 = 0; j0 < up(l, 16); j0 += CH) {
            size_t nj = up(l, 16) - j0 < CH ? up(l, 16) - j0 : CH, have = l - j0 < nj ? l - j0 : nj;
            memset(r0, 0, sizeof(r0)), memset(r1, 0, sizeof(r1));
            v = row_i16(type, b->ptr + k * b->row_stride + j0 * b->col_stride, b->col_stride, have, r0);
            mb = v > mb ? v : mb;
            if (k + 1 < m) {
                v = row_i16(type, b->ptr + (k + 1) * b->row_stride + j0 * b->col_stride, b->col_stride, have, r1);
                mb = v > mb ? v : mb;
            }
            for (j = 0; j < nj; j += 16) { /* nj and j0 are multiples of 16: whole blocks (a loop that vectorizes) */
                int16_t *dst = bp + (((j0 + j) / 16) * half + k / 2) * 32;
                size_t jj;
                for (jj = 0; jj < 16; jj++) dst[2 * jj] = r0[j + jj], dst[2 * jj + 1] = r1[j + jj];
            }
        }
    }
    *max_a = ma;
    *max_b = mb;
}

uint64_t ovxc_matmul_pack(const ovxc_matrix *a, const ovxc_matrix *b, ovxc_ttype type, size_t n, size_t m, size_t l,
                          void *mem, ovxc_matmul_packed *p)
{
    uint32_t ma, mb;
    ovxc_matmul_pack_layout(n, m, l, mem, p);
    ovxc_matmul_pack_part(a, b, type, n, m, p, 0, ovxc_matmul_pack_units(n, m), &ma, &mb);
    return (uint64_t)ma * mb;
}

void ovxc_matmul_finish(const ovxc_matmul_packed *p, size_t i0, size_t ni, size_t j0, size_t nj,
                        const int32_t *sums)
{
    size_t i, j;
    for (i = 0; i < ni; i++)
        for (j = 0; j < nj; j++) {
            int64_t v = sums[i * 16 + j];
            if (p->c && p->c->ptr) v += mat_at(p->type, p->c, i0 + i, j0 + j) * ((int64_t)1 << p->shift);
            if (p->shift > 0) { /* round to nearest, halves up: floor((v + half) / 2^shift), by shifts */
                int64_t one = (int64_t)1 << p->shift;
                v = v + one / 2;
                v = v >= 0 ? (int64_t)((uint64_t)v >> p->shift) : -(int64_t)((uint64_t)(-v + one - 1) >> p->shift);
            }
            store_int(p->type, p->out + (i0 + i) * p->out_row_stride + (j0 + j) * p->out_col_stride,
                      sat_to(p->type, v));
        }
}

void ovxc_matmul_packed_rows(const ovxc_matmul_packed *p, size_t i0, size_t i1)
{
    size_t q, jb, i, j, half = p->m2 / 2;
    for (; i0 < i1; i0 += 4) {
        size_t ni = i1 - i0 < 4 ? i1 - i0 : 4;
        for (jb = 0; jb < p->l; jb += 16) {
            int32_t sums[4 * 16] = {0};
            const int16_t *bq = p->bp + jb / 16 * half * 32;
            for (i = 0; i < ni; i++) {
                const int16_t *ar = p->ap + (i0 + i) * p->m2;
                for (q = 0; q < half; q++)
                    for (j = 0; j < 16; j++)
                        sums[i * 16 + j] += (int32_t)ar[2 * q] * bq[q * 32 + 2 * j] +
                                            (int32_t)ar[2 * q + 1] * bq[q * 32 + 2 * j + 1];
            }
            ovxc_matmul_finish(p, i0, ni, jb, p->l - jb < 16 ? p->l - jb : 16, sums);
        }
    }
}

const ovx_variant *ovxc_matmul_packed_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_matmul_packed_rows){"scalar", OVX_SIMD_NONE,
                                                                                 (ovx_fn)ovxc_matmul_packed_rows}};
    return table;
}
