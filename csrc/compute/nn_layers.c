/* The NN layers other than the convolution-like ones, in ranges of their
 * outer loop so a node can spread them over its threads (compute/nn.h):
 * pooling by rows through a padded row of window columns, softmax with each
 * exponential computed once, activations by table, LRN and ROI pooling by
 * maps and regions.  Every result is the scalar reference's (nn.c), bit for
 * bit: the same integer or double operations on the same values. */
#include "nn.h"

#include <math.h>

#include "../runtime/dispatch.h"
#include <string.h>
#include <VX/vx_khr_nn.h>

/* ---- pooling ------------------------------------------------------------------ */

size_t ovxc_nn_pool_tmp_size(const ovxc_tensor *in, const ovxc_tensor *out, const vx_size size[2],
                            const vx_size pad[2], const vx_size skip[2])
{
    size_t len = (out->dims[0] - 1) * skip[0] + size[0];
    if (len < pad[0] + in->dims[0]) len = pad[0] + in->dims[0];
    return len * sizeof(vx_int64) + 256; /* + the vector variants' overrun */
}

/* The window's rows of padded row range [py0, py0 + size) -> input [ys, ye). */
static void pool_span(size_t p0, size_t size, size_t pad, size_t n, size_t *s, size_t *e)
{
    size_t p1 = p0 + size;
    *s = p0 > pad ? p0 - pad : 0, *e = p1 > pad ? p1 - pad : 0;
    if (*s > n) *s = n;
    if (*e > n) *e = n;
}

/* Max pooling's column maxima of input rows [ys, ye) into t[pad .. pad + w)
 * (init: lowest, or 0 when the window is cut by the border). */
static void pool_max_cols(const vx_uint8 *ip, size_t rs, size_t es, int type, size_t w, size_t ys, size_t ye,
                          int32_t init, int32_t *t)
{
    size_t yy, x;
    for (x = 0; x < w; x++) t[x] = init;
    for (yy = ys; yy < ye; yy++) {
        const vx_uint8 *row = ip + yy * rs;
        if (type == OVXC_T_U8 && es == 1) {
            for (x = 0; x < w; x++) t[x] = row[x] > t[x] ? row[x] : t[x];
        } else if (type == OVXC_T_S16 && es == 2) {
            const int16_t *r = (const int16_t *)(const void *)row;
            for (x = 0; x < w; x++) t[x] = r[x] > t[x] ? r[x] : t[x];
        } else {
            for (x = 0; x < w; x++) {
                int32_t v = ovxc_nn_load(row + x * es, type);
                t[x] = v > t[x] ? v : t[x];
            }
        }
    }
}

static void pool_sum_cols(const vx_uint8 *ip, size_t rs, size_t es, int type, size_t w, size_t ys, size_t ye,
                          int64_t *t)
{
    size_t yy, x;
    for (x = 0; x < w; x++) t[x] = 0;
    for (yy = ys; yy < ye; yy++) {
        const vx_uint8 *row = ip + yy * rs;
        for (x = 0; x < w; x++) t[x] += ovxc_nn_load(row + x * es, type);
    }
}

/* Max pooling of one output row of contiguous elements of type T, typed all
 * the way (loops the compiler vectorizes): column maxima into the padded
 * row t (zeros outside the input), running maxima of size_x columns into m
 * (t + len), then every skip_x-th of them. */
#define POOL_MAX_ROW(NAME, T)                                                                                     \
    static void NAME(const vx_uint8 *ip, size_t rs, size_t inside, size_t ys, size_t ye, int cut, T lowest,       \
                     size_t len, size_t pad, size_t size_x, size_t skip, size_t ow, vx_uint8 *orow, size_t os,   \
                     T *t)                                                                                        \
    {                                                                                                             \
        T *c = t + pad, *m = t + len, init = cut ? 0 : lowest;                                                    \
        size_t x, yy, i, nrun = len - size_x + 1;                                                                 \
        for (x = 0; x < pad; x++) t[x] = 0;                                                                       \
        for (x = pad + inside; x < len; x++) t[x] = 0;                                                            \
        for (x = 0; x < inside; x++) c[x] = init;                                                                 \
        for (yy = ys; yy < ye; yy++) {                                                                            \
            const T *r = (const T *)(const void *)(ip + yy * rs);                                                 \
            for (x = 0; x < inside; x++) c[x] = r[x] > c[x] ? r[x] : c[x];                                        \
        }                                                                                                         \
        for (x = 0; x < nrun; x++) m[x] = t[x];                                                                   \
        for (i = 1; i < size_x; i++)                                                                              \
            for (x = 0; x < nrun; x++) m[x] = t[x + i] > m[x] ? t[x + i] : m[x];                                  \
        for (x = 0; x < ow; x++) *(T *)(void *)(orow + x * os) = m[x * skip];                                     \
    }
/* Average pooling likewise: column sums (int32: the caller keeps
 * size_y * 32768 far below 2^31), window sums, / area toward zero. */
#define POOL_AVG_ROW(NAME, T)                                                                                     \
    static void NAME(const vx_uint8 *ip, size_t rs, size_t inside, size_t ys, size_t ye, size_t len, size_t pad, \
                     size_t size_x, size_t skip, size_t ow, int32_t area, vx_uint8 *orow, size_t os, int32_t *t)  \
    {                                                                                                             \
        int32_t *c = t + pad, *m = t + len;                                                                       \
        size_t x, yy, i, nrun = len - size_x + 1;                                                                 \
        for (x = 0; x < len; x++) t[x] = 0;                                                                       \
        for (yy = ys; yy < ye; yy++) {                                                                            \
            const T *r = (const T *)(const void *)(ip + yy * rs);                                                 \
            for (x = 0; x < inside; x++) c[x] += r[x];                                                            \
        }                                                                                                         \
        for (x = 0; x < nrun; x++) m[x] = t[x];                                                                   \
        for (i = 1; i < size_x; i++)                                                                              \
            for (x = 0; x < nrun; x++) m[x] += t[x + i];                                                          \
        for (x = 0; x < ow; x++) *(T *)(void *)(orow + x * os) = (T)(m[x * skip] / area);                         \
    }
POOL_AVG_ROW(pool_avg_u8, vx_uint8)
POOL_AVG_ROW(pool_avg_s8, vx_int8)
POOL_AVG_ROW(pool_avg_s16, vx_int16)

POOL_MAX_ROW(pool_max_u8, vx_uint8)
POOL_MAX_ROW(pool_max_s8, vx_int8)
POOL_MAX_ROW(pool_max_s16, vx_int16)

void ovxc_nn_pool_max_row(const ovxc_nn_pool_row *r, int type, void *tmp)
{
    if (type == OVXC_T_U8)
        pool_max_u8(r->ip, r->rs, r->inside, r->ys, r->ye, r->cut, 0, r->len, r->pad, r->size_x, r->skip, r->ow,
                    r->orow, r->os, tmp);
    else if (type == OVXC_T_S8)
        pool_max_s8(r->ip, r->rs, r->inside, r->ys, r->ye, r->cut, -128, r->len, r->pad, r->size_x, r->skip, r->ow,
                    r->orow, r->os, tmp);
    else
        pool_max_s16(r->ip, r->rs, r->inside, r->ys, r->ye, r->cut, -32768, r->len, r->pad, r->size_x, r->skip,
                     r->ow, r->orow, r->os, tmp);
}

const ovx_variant *ovxc_nn_pool_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX2(ovxc_nn_pool_max_row){"scalar", OVX_SIMD_NONE,
                                                                             (ovx_fn)ovxc_nn_pool_max_row}};
    return table;
}

void ovxc_nn_pool_rows(const ovxc_tensor *in, const ovxc_tensor *out, int type, int is_max, const vx_size size[2],
                      const vx_size pad[2], const vx_size skip[2], size_t u0, size_t u1, void *tmp,
                      ovxc_nn_pool_max_row_f row)
{
    const size_t iw = in->dims[0], ih = in->dims[1], ow = out->dims[0], oh = out->dims[1];
    const size_t len = (ow - 1) * skip[0] + size[0], area = size[0] * size[1];
    const size_t inside = pad[0] + iw < len ? iw : (len > pad[0] ? len - pad[0] : 0);
    const int32_t lowest = type == OVXC_T_U8 ? 0 : type == OVXC_T_S8 ? -128 : -32768;
    size_t u, x, i, pl, y;
    const vx_uint8 *ip = NULL;
    vx_uint8 *op = NULL;
    if (u0 >= u1 || oh == 0) return;
    /* (plane, row) of item u carried from item to item: the planes'
     * offsets (a division per dimension) once per plane, not per row */
    pl = u0 / oh, y = u0 % oh;
    for (u = u0; u < u1; u++, y++) {
        vx_uint8 *orow;
        size_t ys, ye;
        if (y == oh) y = 0, pl++;
        if (u == u0 || y == 0) {
            ip = in->ptr + ovxc_nn_batch_offset(in, 2, pl);
            op = out->ptr + ovxc_nn_batch_offset(out, 2, pl);
        }
        orow = op + y * out->strides[1];
        pool_span(y * skip[1], size[1], pad[1], ih, &ys, &ye);
        if (is_max && in->strides[0] == (type == OVXC_T_S16 ? 2u : 1u)) {
            ovxc_nn_pool_row r;
            r.ip = ip, r.rs = in->strides[1], r.inside = inside, r.ys = ys, r.ye = ye, r.cut = ye - ys < size[1];
            r.len = len, r.pad = pad[0], r.size_x = size[0], r.skip = skip[0], r.ow = ow;
            r.orow = orow, r.os = out->strides[0];
            (row ? row : ovxc_nn_pool_max_row)(&r, type, tmp);
        } else if (!is_max && in->strides[0] == (type == OVXC_T_S16 ? 2u : 1u) && area <= 16384) {
            /* |window sum| <= 16384 * 32768 = 2^29 */
            if (type == OVXC_T_U8)
                pool_avg_u8(ip, in->strides[1], inside, ys, ye, len, pad[0], size[0], skip[0], ow, (int32_t)area,
                            orow, out->strides[0], tmp);
            else if (type == OVXC_T_S8)
                pool_avg_s8(ip, in->strides[1], inside, ys, ye, len, pad[0], size[0], skip[0], ow, (int32_t)area,
                            orow, out->strides[0], tmp);
            else
                pool_avg_s16(ip, in->strides[1], inside, ys, ye, len, pad[0], size[0], skip[0], ow, (int32_t)area,
                             orow, out->strides[0], tmp);
        } else if (is_max) {
            /* padded columns: zeros outside the input (a window that
             * reaches them has 0 among its values, as the reference's
             * "partial" start says) */
            int32_t *t = tmp;
            for (x = 0; x < len; x++) t[x] = 0;
            pool_max_cols(ip, in->strides[1], in->strides[0], type, inside, ys, ye, ye - ys < size[1] ? 0 : lowest,
                          t + pad[0]);
            for (x = 0; x < ow; x++) {
                const int32_t *w = t + x * skip[0];
                int32_t m = w[0];
                for (i = 1; i < size[0]; i++) m = w[i] > m ? w[i] : m;
                ovxc_nn_store(orow + x * out->strides[0], type, m);
            }
        } else {
            int64_t *t = tmp;
            for (x = 0; x < len; x++) t[x] = 0;
            pool_sum_cols(ip, in->strides[1], in->strides[0], type, inside, ys, ye, t + pad[0]);
            for (x = 0; x < ow; x++) {
                const int64_t *w = t + x * skip[0];
                int64_t s = 0;
                for (i = 0; i < size[0]; i++) s += w[i];
                ovxc_nn_store(orow + x * out->strides[0], type, s / (int64_t)area);
            }
        }
    }
}

/* ---- softmax --------------------------------------------------------------------- */

/* rint of |v| < 2^51 in the default rounding mode (to nearest even), in a
 * form the compiler vectorizes: adding 1.5 * 2^52 leaves no fraction bits */
#define NN_RINT_MAGIC 6755399441055744.0

/* The reference's sum: four partial sums (k mod 4), then (s0 + s1) + (s2 + s3). */
static double sum4(const double *e, size_t n)
{
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    size_t k = 0;
    for (; k + 4 <= n; k += 4) s0 += e[k], s1 += e[k + 1], s2 += e[k + 2], s3 += e[k + 3];
    if (k < n) s0 += e[k++];
    if (k < n) s1 += e[k++];
    if (k < n) s2 += e[k++];
    return (s0 + s1) + (s2 + s3);
}

/* One softmax item of n contiguous elements of type T by the table. */
#define SOFTMAX_ROW(NAME, T)                                                                                      \
    static void NAME(const vx_uint8 *ip, vx_uint8 *op, size_t n, const double *et, double up, double hi,         \
                     double *e)                                                                                   \
    {                                                                                                             \
        const T *x = (const T *)(const void *)ip;                                                                 \
        T *o = (T *)(void *)op;                                                                                   \
        int32_t mx = x[0];                                                                                        \
        double sum = 0.0;                                                                                         \
        size_t k;                                                                                                 \
        for (k = 1; k < n; k++) mx = x[k] > mx ? x[k] : mx;                                                       \
        for (k = 0; k < n; k++) e[k] = et[mx - x[k]];                                                             \
        sum = sum4(e, n); /* the reference's order */                                                             \
        for (k = 0; k < n; k++) {                                                                                 \
            double r = (e[k] / sum * up + NN_RINT_MAGIC) - NN_RINT_MAGIC;                                         \
            o[k] = (T)(r > hi ? hi : r);                                                                          \
        }                                                                                                         \
    }
SOFTMAX_ROW(softmax_row_u8, vx_uint8)
SOFTMAX_ROW(softmax_row_s8, vx_int8)
SOFTMAX_ROW(softmax_row_s16, vx_int16)

void ovxc_nn_softmax_row(const vx_uint8 *ip, vx_uint8 *op, size_t n, int type, const double *et, double up,
                         double hi, double *e)
{
    if (type == OVXC_T_U8)
        softmax_row_u8(ip, op, n, et, up, hi, e);
    else if (type == OVXC_T_S8)
        softmax_row_s8(ip, op, n, et, up, hi, e);
    else
        softmax_row_s16(ip, op, n, et, up, hi, e);
}

const ovx_variant *ovxc_nn_softmax_variants(void)
{
    static const ovx_variant table[] = {OVX_VARIANT_AVX512(ovxc_nn_softmax_row) OVX_VARIANT_AVX2(ovxc_nn_softmax_row){
        "scalar", OVX_SIMD_NONE, (ovx_fn)ovxc_nn_softmax_row}};
    return table;
}

void ovxc_nn_softmax_table(int type, int q, double *et)
{
    const size_t n = type == OVXC_T_S16 ? 65536 : 256;
    size_t d;
    /* exp(x - max) of the reference: x - max = -d 2^-q exactly */
    for (d = 0; d < n; d++) et[d] = exp(ldexp(-(double)d, -q));
}

void ovxc_nn_softmax_range(const ovxc_tensor *in, const ovxc_tensor *out, int type, int q, vx_size axis,
                          size_t i0, size_t i1, double *e, const double *et, ovxc_nn_softmax_row_f row)
{
    const vx_size n = in->dims[axis], is = in->strides[axis], os = out->strides[axis];
    const vx_size es = type == OVXC_T_S16 ? 2 : 1;
    const double up = ldexp(1.0, q), hi = type == OVXC_T_U8 ? 255.0 : type == OVXC_T_S8 ? 127.0 : 32767.0;
    vx_size i, k;
    for (i = i0; i < i1; i++) {
        vx_size rem = i, ioff = 0, ooff = 0, d;
        double sum = 0.0;
        const vx_uint8 *ip;
        vx_uint8 *op;
        for (d = 0; d < in->num_dims; d++) {
            if (d == axis) continue;
            ioff += (rem % in->dims[d]) * in->strides[d];
            ooff += (rem % in->dims[d]) * out->strides[d];
            rem /= in->dims[d];
        }
        ip = in->ptr + ioff, op = out->ptr + ooff;
        if (et && is == es && os == es) {
            (row ? row : ovxc_nn_softmax_row)(ip, op, n, type, et, up, hi, e);
            continue;
        }
        if (et) {
            int32_t mx = ovxc_nn_load(ip, type);
            for (k = 1; k < n; k++) {
                int32_t v = ovxc_nn_load(ip + k * is, type);
                mx = v > mx ? v : mx;
            }
            for (k = 0; k < n; k++) e[k] = et[mx - ovxc_nn_load(ip + k * is, type)];
            sum = sum4(e, n);
        } else {
            double mx = -HUGE_VAL;
            for (k = 0; k < n; k++) {
                e[k] = ldexp((double)ovxc_nn_load(ip + k * is, type), -q);
                if (e[k] > mx) mx = e[k];
            }
            for (k = 0; k < n; k++) e[k] = exp(e[k] - mx);
            sum = sum4(e, n);
        }
        /* ovxc_nn_quantize of a value in [0, 1]: scaling by 2^q is exact,
         * rint rounds to nearest even as nearbyint does */
        for (k = 0; k < n; k++) {
            double r = (e[k] / sum * up + NN_RINT_MAGIC) - NN_RINT_MAGIC;
            ovxc_nn_store(op + k * os, type, (vx_int64)(r > hi ? hi : r));
        }
    }
}

/* ---- activation ---------------------------------------------------------------------- */

void ovxc_nn_activation_lut(int type, int q, vx_enum func, double a, double b, int16_t *lut)
{
    const int32_t lo = type == OVXC_T_U8 ? 0 : type == OVXC_T_S8 ? -128 : -32768;
    const int32_t hi = type == OVXC_T_U8 ? 255 : type == OVXC_T_S8 ? 127 : 32767;
    int32_t v;
    /* one element tensor through the reference per value */
    for (v = lo; v <= hi; v++) {
        vx_uint8 src[2], dst[2];
        size_t d;
        ovxc_tensor ti, to;
        memset(&ti, 0, sizeof(ti));
        ti.num_dims = 1;
        ti.dims[0] = 1;
        for (d = 1; d < OVXC_TENSOR_MAX_DIMS; d++) ti.dims[d] = 1;
        ti.strides[0] = type == OVXC_T_S16 ? 2 : 1;
        to = ti;
        ti.ptr = src, to.ptr = dst;
        ovxc_nn_store(src, type, v);
        ovxc_nn_activation(&ti, &to, type, q, func, a, b);
        lut[v - lo] = (int16_t)ovxc_nn_load(dst, type);
    }
}

void ovxc_nn_activation_range(const ovxc_tensor *in, const ovxc_tensor *out, int type, int q, vx_enum func,
                             double a, double b, const int16_t *lut, size_t r0, size_t r1)
{
    const vx_size w = in->dims[0];
    const int32_t lo = type == OVXC_T_U8 ? 0 : type == OVXC_T_S8 ? -128 : -32768;
    vx_size r, x;
    for (r = r0; r < r1; r++) {
        const vx_uint8 *ip = in->ptr + ovxc_nn_batch_offset(in, 1, r);
        vx_uint8 *op = out->ptr + ovxc_nn_batch_offset(out, 1, r);
        if (func == VX_NN_ACTIVATION_RELU && type == OVXC_T_S16 && in->strides[0] == 2 && out->strides[0] == 2) {
            /* max(x, 0) of a representable x is x itself: exact */
            const int16_t *s = (const int16_t *)(const void *)ip;
            int16_t *d = (int16_t *)(void *)op;
            for (x = 0; x < w; x++) d[x] = s[x] > 0 ? s[x] : 0;
        } else if (lut && type == OVXC_T_U8 && in->strides[0] == 1 && out->strides[0] == 1) {
            for (x = 0; x < w; x++) op[x] = (vx_uint8)lut[ip[x]];
        } else if (lut) {
            for (x = 0; x < w; x++)
                ovxc_nn_store(op + x * out->strides[0], type, lut[ovxc_nn_load(ip + x * in->strides[0], type) - lo]);
        } else {
            ovxc_tensor ti = *in, to = *out;
            ti.ptr = (vx_uint8 *)ip, to.ptr = op;
            ti.num_dims = to.num_dims = 1;
            ovxc_nn_activation(&ti, &to, type, q, func, a, b);
        }
    }
}
