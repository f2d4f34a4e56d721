/* Compute routines of family nn (vx_khr_nn: neural-network layers). */
#include "nn.h"

#include <math.h>
#include <string.h>
#include <VX/vx_khr_nn.h>

vx_size ovxc_nn_count_from(const ovxc_tensor *t, vx_size first)
{
    vx_size n = 1, d;
    for (d = first; d < t->num_dims; d++) n *= t->dims[d];
    return n;
}

vx_size ovxc_nn_batch_offset(const ovxc_tensor *t, vx_size first, vx_size index)
{
    vx_size off = 0, d;
    for (d = first; d < t->num_dims; d++) {
        off += (index % t->dims[d]) * t->strides[d];
        index /= t->dims[d];
    }
    return off;
}

static void type_range(int type, vx_int64 *lo, vx_int64 *hi)
{
    switch (type) {
    case OVXC_T_U8: *lo = 0, *hi = 255; break;
    case OVXC_T_S8: *lo = -128, *hi = 127; break;
    default: *lo = -32768, *hi = 32767; break;
    }
}

vx_int64 ovxc_nn_convert(vx_int64 v, int type, int wrap)
{
    vx_int64 lo, hi;
    if (wrap) {
        vx_uint64 u = (vx_uint64)v;
        switch (type) {
        case OVXC_T_U8: return (vx_int64)(u & 0xFFu);
        case OVXC_T_S8: return (vx_int64)(vx_int8)(vx_uint8)(u & 0xFFu);
        default: return (vx_int64)(vx_int16)(vx_uint16)(u & 0xFFFFu);
        }
    }
    type_range(type, &lo, &hi);
    return v < lo ? lo : v > hi ? hi : v;
}

vx_int64 ovxc_nn_round_shift(vx_int64 acc, int shift, int to_ne)
{
    vx_int64 one, fl, rem, half;
    if (shift <= 0) return acc;
    one = (vx_int64)1 << shift;
    if (!to_ne) return acc / one; /* C division truncates toward zero */
    fl = acc >= 0 ? acc / one : -((-acc + one - 1) / one); /* floor */
    rem = acc - fl * one;                                  /* 0 <= rem < one */
    half = one >> 1;
    if (rem > half || (rem == half && (fl & 1))) fl++;
    return fl;
}

vx_int64 ovxc_nn_quantize(double v, int type, int q)
{
    vx_int64 lo, hi;
    double r;
    if (v != v) return 0;
    type_range(type, &lo, &hi);
    r = nearbyint(ldexp(v, q));
    if (r < (double)lo) return lo;
    if (r > (double)hi) return hi;
    return (vx_int64)r;
}

/* The bias of output element (x, y, o), aligned to 2q fraction bits. */
static vx_int64 bias_of(const ovxc_tensor *bias, int type, int q, vx_size x, vx_size y, vx_size o)
{
    const vx_uint8 *p;
    if (!bias || !bias->ptr) return 0;
    if (bias->num_dims == 1)
        p = bias->ptr + o * bias->strides[0];
    else
        p = bias->ptr + x * bias->strides[0] + y * bias->strides[1] + o * bias->strides[2];
    return (vx_int64)ovxc_nn_load(p, type) * ((vx_int64)1 << q);
}

static void finish_plane(const ovxc_tensor *out, vx_uint8 *obase, const vx_int64 *acc, const ovxc_nn_fixed *f)
{
    vx_size x, y, ow = out->dims[0], oh = out->dims[1];
    for (y = 0; y < oh; y++) {
        vx_uint8 *orow = obase + y * out->strides[1];
        const vx_int64 *arow = acc + y * ow;
        for (x = 0; x < ow; x++) {
            vx_int64 v = ovxc_nn_round_shift(arow[x], f->q, f->to_ne);
            ovxc_nn_store(orow + x * out->strides[0], f->type, ovxc_nn_convert(v, f->type, f->wrap));
        }
    }
}

static void init_bias_plane(vx_int64 *acc, const ovxc_tensor *bias, const ovxc_nn_fixed *f, vx_size ow, vx_size oh,
                            vx_size o)
{
    vx_size x, y;
    for (y = 0; y < oh; y++)
        for (x = 0; x < ow; x++) acc[y * ow + x] = bias_of(bias, f->type, f->q, x, y, o);
}

void ovxc_nn_convolution(const ovxc_tensor *in, const ovxc_tensor *w, const ovxc_tensor *bias,
                        const ovxc_tensor *out, const ovxc_nn_fixed *f, vx_size pad_x, vx_size pad_y,
                        vx_size skip_x, vx_size skip_y, vx_size dil_x, vx_size dil_y, vx_int64 *acc)
{
    const vx_size iw = in->dims[0], ih = in->dims[1], ifm = in->dims[2];
    const vx_size ow = out->dims[0], oh = out->dims[1], ofm = out->dims[2];
    const vx_size kw = w->dims[0], kh = w->dims[1];
    const vx_size nb = ovxc_nn_count_from(out, 3);
    vx_size b, o, c, ky, kx, x, y;
    for (b = 0; b < nb; b++) {
        const vx_uint8 *ib = in->ptr + ovxc_nn_batch_offset(in, 3, b);
        vx_uint8 *ob = out->ptr + ovxc_nn_batch_offset(out, 3, b);
        for (o = 0; o < ofm; o++) {
            init_bias_plane(acc, bias, f, ow, oh, o);
            for (c = 0; c < ifm; c++) {
                const vx_uint8 *ic = ib + c * in->strides[2];
                for (ky = 0; ky < kh; ky++) {
                    for (kx = 0; kx < kw; kx++) {
                        const vx_int64 wv = ovxc_nn_load(
                            w->ptr + kx * w->strides[0] + ky * w->strides[1] + c * w->strides[2] + o * w->strides[3],
                            f->type);
                        /* padded coordinate of output (0,0)'s tap */
                        const vx_size tx = dil_x + kx * (dil_x + 1), ty = dil_y + ky * (dil_y + 1);
                        vx_size x0, x1;
                        if (wv == 0) continue;
                        /* columns x with pad_x <= x*skip_x + tx < iw + pad_x */
                        x0 = tx >= pad_x ? 0 : (pad_x - tx + skip_x - 1) / skip_x;
                        x1 = iw + pad_x > tx ? (iw + pad_x - tx + skip_x - 1) / skip_x : 0;
                        if (x1 > ow) x1 = ow;
                        for (y = 0; y < oh; y++) {
                            const vx_size py = y * skip_y + ty;
                            const vx_uint8 *irow;
                            vx_int64 *arow = acc + y * ow;
                            if (py < pad_y || py >= ih + pad_y) continue;
                            irow = ic + (py - pad_y) * in->strides[1];
                            if (f->type == OVXC_T_U8 && in->strides[0] == 1) {
                                for (x = x0; x < x1; x++) arow[x] += wv * irow[x * skip_x + tx - pad_x];
                            } else {
                                for (x = x0; x < x1; x++)
                                    arow[x] += wv * ovxc_nn_load(irow + (x * skip_x + tx - pad_x) * in->strides[0],
                                                                f->type);
                            }
                        }
                    }
                }
            }
            finish_plane(out, ob + o * out->strides[2], acc, f);
        }
    }
}

void ovxc_nn_deconvolution(const ovxc_tensor *in, const ovxc_tensor *w, const ovxc_tensor *bias,
                          const ovxc_tensor *out, const ovxc_nn_fixed *f, vx_size pad_x, vx_size pad_y,
                          vx_size up_x, vx_size up_y, vx_size ext_x, vx_size ext_y, vx_int64 *acc)
{
    const vx_size iw = in->dims[0], ih = in->dims[1], ifm = in->dims[2];
    const vx_size ow = out->dims[0], oh = out->dims[1], ofm = out->dims[2];
    const vx_size kw = w->dims[0], kh = w->dims[1];
    const vx_size sx = kw - pad_x - 1, sy = kh - pad_y - 1; /* padding of the up-scaled input */
    const vx_size nb = ovxc_nn_count_from(out, 3);
    vx_size b, o, c, ky, kx, x, y;
    for (b = 0; b < nb; b++) {
        const vx_uint8 *ib = in->ptr + ovxc_nn_batch_offset(in, 3, b);
        vx_uint8 *ob = out->ptr + ovxc_nn_batch_offset(out, 3, b);
        for (o = 0; o < ofm; o++) {
            init_bias_plane(acc, bias, f, ow, oh, o);
            for (c = 0; c < ifm; c++) {
                const vx_uint8 *ic = ib + c * in->strides[2];
                for (ky = 0; ky < kh; ky++) {
                    for (kx = 0; kx < kw; kx++) {
                        const vx_int64 wv = ovxc_nn_load(
                            w->ptr + kx * w->strides[0] + ky * w->strides[1] + c * w->strides[2] + o * w->strides[3],
                            f->type);
                        if (wv == 0) continue;
                        for (y = 0; y < oh; y++) {
                            vx_size uy, iy;
                            vx_int64 *arow = acc + y * ow;
                            const vx_uint8 *irow;
                            if (y + ky < sy) continue;
                            uy = y + ky - sy; /* row of the up-scaled input */
                            if (uy >= ext_y || uy % up_y) continue;
                            iy = uy / up_y;
                            if (iy >= ih) continue;
                            irow = ic + iy * in->strides[1];
                            for (x = 0; x < ow; x++) {
                                vx_size ux, ix;
                                if (x + kx < sx) continue;
                                ux = x + kx - sx;
                                if (ux >= ext_x || ux % up_x) continue;
                                ix = ux / up_x;
                                if (ix >= iw) continue;
                                arow[x] += wv * ovxc_nn_load(irow + ix * in->strides[0], f->type);
                            }
                        }
                    }
                }
            }
            finish_plane(out, ob + o * out->strides[2], acc, f);
        }
    }
}

void ovxc_nn_fully_connected(const ovxc_tensor *in, vx_size core, const ovxc_tensor *w,
                            const ovxc_tensor *bias, const ovxc_tensor *out, const ovxc_nn_fixed *f)
{
    const vx_size d0 = core == 3 ? in->dims[0] : 1, d1 = core == 3 ? in->dims[1] : 1, d2 = in->dims[core - 1];
    const vx_size s0 = core == 3 ? in->strides[0] : 0, s1 = core == 3 ? in->strides[1] : 0;
    const vx_size s2 = in->strides[core - 1];
    const vx_size ofm = out->dims[0], nb = ovxc_nn_count_from(out, 1);
    const vx_size wlast = w->num_dims - 1;
    vx_size b, o, x, y, c;
    for (b = 0; b < nb; b++) {
        const vx_uint8 *ib = in->ptr + ovxc_nn_batch_offset(in, core, b);
        vx_uint8 *ob = out->ptr + ovxc_nn_batch_offset(out, 1, b);
        for (o = 0; o < ofm; o++) {
            const vx_uint8 *wo = w->ptr + o * w->strides[wlast];
            vx_int64 acc = bias && bias->ptr ? (vx_int64)ovxc_nn_load(bias->ptr + o * bias->strides[0], f->type)
                                                   * ((vx_int64)1 << f->q)
                                             : 0;
            vx_size j = 0;
            for (c = 0; c < d2; c++)
                for (y = 0; y < d1; y++)
                    for (x = 0; x < d0; x++, j++) {
                        const vx_uint8 *wp = w->num_dims == 2 ? wo + j * w->strides[0]
                                                              : wo + x * w->strides[0] + y * w->strides[1] +
                                                                    c * w->strides[2];
                        acc += (vx_int64)ovxc_nn_load(ib + x * s0 + y * s1 + c * s2, f->type) *
                               ovxc_nn_load(wp, f->type);
                    }
            acc = ovxc_nn_round_shift(acc, f->q, f->to_ne);
            ovxc_nn_store(ob + o * out->strides[0], f->type, ovxc_nn_convert(acc, f->type, f->wrap));
        }
    }
}

void ovxc_nn_pooling(const ovxc_tensor *in, const ovxc_tensor *out, int type, int is_max, vx_size size_x,
                    vx_size size_y, vx_size pad_x, vx_size pad_y, vx_size skip_x, vx_size skip_y)
{
    const vx_size iw = in->dims[0], ih = in->dims[1];
    const vx_size ow = out->dims[0], oh = out->dims[1];
    const vx_size np = ovxc_nn_count_from(out, 2); /* maps x batches */
    const vx_int64 area = (vx_int64)(size_x * size_y);
    vx_size p, x, y, xx, yy;
    for (p = 0; p < np; p++) {
        const vx_uint8 *ip = in->ptr + ovxc_nn_batch_offset(in, 2, p);
        vx_uint8 *op = out->ptr + ovxc_nn_batch_offset(out, 2, p);
        for (y = 0; y < oh; y++) {
            /* padded rows [y*skip, y*skip + size) -> input rows [ys, ye) */
            vx_size py0 = y * skip_y, py1 = py0 + size_y;
            vx_size ys = py0 > pad_y ? py0 - pad_y : 0, ye = py1 > pad_y ? py1 - pad_y : 0;
            if (ys > ih) ys = ih;
            if (ye > ih) ye = ih;
            for (x = 0; x < ow; x++) {
                vx_size px0 = x * skip_x, px1 = px0 + size_x;
                vx_size xs = px0 > pad_x ? px0 - pad_x : 0, xe = px1 > pad_x ? px1 - pad_x : 0;
                vx_int64 acc, v;
                int partial;
                if (xs > iw) xs = iw;
                if (xe > iw) xe = iw;
                partial = (vx_int64)((xe - xs) * (ye - ys)) < area;
                acc = is_max ? (partial ? 0 : INT32_MIN) : 0;
                for (yy = ys; yy < ye; yy++) {
                    const vx_uint8 *row = ip + yy * in->strides[1];
                    for (xx = xs; xx < xe; xx++) {
                        v = ovxc_nn_load(row + xx * in->strides[0], type);
                        if (is_max)
                            acc = v > acc ? v : acc;
                        else
                            acc += v;
                    }
                }
                if (!is_max) acc /= area;
                ovxc_nn_store(op + y * out->strides[1] + x * out->strides[0], type, acc);
            }
        }
    }
}

void ovxc_nn_softmax(const ovxc_tensor *in, const ovxc_tensor *out, int type, int q, vx_size axis)
{
    const vx_size n = in->dims[axis], total = ovxc_nn_count_from(in, 0) / (n ? n : 1);
    vx_size i, k;
    for (i = 0; i < total; i++) {
        /* batch index i over every dimension but axis */
        vx_size rem = i, ioff = 0, ooff = 0, d;
        double mx = -HUGE_VAL, sum = 0.0;
        for (d = 0; d < in->num_dims; d++) {
            if (d == axis) continue;
            ioff += (rem % in->dims[d]) * in->strides[d];
            ooff += (rem % in->dims[d]) * out->strides[d];
            rem /= in->dims[d];
        }
        for (k = 0; k < n; k++) {
            double v = ldexp((double)ovxc_nn_load(in->ptr + ioff + k * in->strides[axis], type), -q);
            if (v > mx) mx = v;
        }
        {
            /* four partial sums (k mod 4), then (s0 + s1) + (s2 + s3): the
             * order the fast path (nn_layers.c) keeps */
            double part[4] = {0.0, 0.0, 0.0, 0.0};
            for (k = 0; k < n; k++)
                part[k % 4] += exp(ldexp((double)ovxc_nn_load(in->ptr + ioff + k * in->strides[axis], type), -q) - mx);
            sum = (part[0] + part[1]) + (part[2] + part[3]);
        }
        for (k = 0; k < n; k++) {
            double v = ldexp((double)ovxc_nn_load(in->ptr + ioff + k * in->strides[axis], type), -q);
            ovxc_nn_store(out->ptr + ooff + k * out->strides[axis], type, ovxc_nn_quantize(exp(v - mx) / sum, type, q));
        }
    }
}

double ovxc_nn_activation_value(vx_enum func, double x, double a, double b)
{
    switch (func) {
    case VX_NN_ACTIVATION_LOGISTIC: return 1.0 / (1.0 + exp(-x));
    case VX_NN_ACTIVATION_HYPERBOLIC_TAN: return a * tanh(b * x);
    case VX_NN_ACTIVATION_RELU: return x > 0 ? x : 0;
    case VX_NN_ACTIVATION_BRELU: return x > 0 ? (x < a ? x : a) : 0;
    case VX_NN_ACTIVATION_SOFTRELU: return x > 30 ? x : log1p(exp(x));
    case VX_NN_ACTIVATION_ABS: return fabs(x);
    case VX_NN_ACTIVATION_SQUARE: return x * x;
    case VX_NN_ACTIVATION_SQRT: return x >= 0 ? sqrt(x) : 0.0;
    case VX_NN_ACTIVATION_LINEAR: return a * x + b;
    default: return 0.0;
    }
}

void ovxc_nn_activation(const ovxc_tensor *in, const ovxc_tensor *out, int type, int q, vx_enum func,
                       double a, double b)
{
    const vx_size w = in->dims[0], rows = ovxc_nn_count_from(in, 1);
    vx_size r, x;
    for (r = 0; r < rows; r++) {
        const vx_uint8 *ip = in->ptr + ovxc_nn_batch_offset(in, 1, r);
        vx_uint8 *op = out->ptr + ovxc_nn_batch_offset(out, 1, r);
        for (x = 0; x < w; x++) {
            double v = ldexp((double)ovxc_nn_load(ip + x * in->strides[0], type), -q);
            ovxc_nn_store(op + x * out->strides[0], type, ovxc_nn_quantize(ovxc_nn_activation_value(func, v, a, b), type, q));
        }
    }
}

void ovxc_nn_lrn(const ovxc_tensor *in, const ovxc_tensor *out, int type, int q, int across, vx_size size,
                double alpha, double beta, double bias)
{
    const vx_size w = in->dims[0], h = in->num_dims > 1 ? in->dims[1] : 1, c = in->num_dims > 2 ? in->dims[2] : 1;
    const vx_size nb = ovxc_nn_count_from(in, 3), half = size / 2;
    const double n = across ? (double)size : (double)(size * size);
    vx_size b, k, x, y, i, j;
#define LRN_AT(t, base, xx, yy, kk) ((t)->ptr + (base) + (xx) * (t)->strides[0] + (yy) * (t)->strides[1] + \
                                     (kk) * (t)->strides[2])
    for (b = 0; b < nb; b++) {
        const vx_size ib = ovxc_nn_batch_offset(in, 3, b), ob = ovxc_nn_batch_offset(out, 3, b);
        for (k = 0; k < c; k++)
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++) {
                    double sum = 0.0, v, s;
                    if (across) {
                        vx_size k0 = k > half ? k - half : 0, k1 = k + half + 1 < c ? k + half + 1 : c;
                        for (i = k0; i < k1; i++) {
                            s = ldexp((double)ovxc_nn_load(LRN_AT(in, ib, x, y, i), type), -q);
                            sum += s * s;
                        }
                    } else {
                        vx_size y0 = y > half ? y - half : 0, y1 = y + half + 1 < h ? y + half + 1 : h;
                        vx_size x0 = x > half ? x - half : 0, x1 = x + half + 1 < w ? x + half + 1 : w;
                        for (j = y0; j < y1; j++)
                            for (i = x0; i < x1; i++) {
                                s = ldexp((double)ovxc_nn_load(LRN_AT(in, ib, i, j, k), type), -q);
                                sum += s * s;
                            }
                    }
                    v = ldexp((double)ovxc_nn_load(LRN_AT(in, ib, x, y, k), type), -q);
                    v /= pow(bias + alpha / n * sum, beta);
                    ovxc_nn_store(LRN_AT(out, ob, x, y, k), type, ovxc_nn_quantize(v, type, q));
                }
    }
#undef LRN_AT
}

/* A bin edge of a ROI, clamped to the data the way the Khronos CTS model
 * does: edges left of the data (negative) or beyond it land on the far end,
 * so such bins are empty. */
static vx_size roi_edge(long v, vx_size extent)
{
    if (v < 0 || (vx_size)v > extent) return extent;
    return (vx_size)v;
}

/* A ROI corner: raw integers for the fixed-point types; a float32 ROI holds
 * pixel coordinates, taken to the nearest pixel (out of range or not a
 * number: -1, whose bins are empty). */
static long roi_coord(const vx_uint8 *p, int type)
{
    float f;
    if (type != OVXC_T_F32) return (long)ovxc_nn_load(p, type);
    memcpy(&f, p, sizeof(f));
    return f > -1e9f && f < 1e9f ? lrintf(f) : -1;
}

/* The maximum over a bin [xs, xe) x [ys, ye) of one map, written to op (an
 * empty bin gives 0). */
static void roi_bin_max(const vx_uint8 *dp, const ovxc_tensor *data, vx_size xs, vx_size xe, vx_size ys, vx_size ye,
                        vx_uint8 *op, int type)
{
    vx_size xx, yy;
    if (type == OVXC_T_F32) {
        float m = 0.0f, v;
        vx_bool any = vx_false_e;
        for (yy = ys; yy < ye; yy++)
            for (xx = xs; xx < xe; xx++) {
                memcpy(&v, dp + yy * data->strides[1] + xx * data->strides[0], sizeof(v));
                if (!any || v > m) m = v, any = vx_true_e;
            }
        memcpy(op, &m, sizeof(m));
    } else {
        vx_int64 m = (xs < xe && ys < ye) ? (type == OVXC_T_U8 ? 0 : type == OVXC_T_S8 ? -128 : -32768) : 0, v;
        for (yy = ys; yy < ye; yy++)
            for (xx = xs; xx < xe; xx++) {
                v = ovxc_nn_load(dp + yy * data->strides[1] + xx * data->strides[0], type);
                if (v > m) m = v;
            }
        ovxc_nn_store(op, type, m);
    }
}

void ovxc_nn_roi_pooling(const ovxc_tensor *data, const ovxc_tensor *rois, const ovxc_tensor *out, int type)
{
    const vx_size dw = data->dims[0], dh = data->dims[1], dc = data->dims[2];
    const vx_size ow = out->dims[0], oh = out->dims[1], nr = out->dims[3];
    const vx_size nb = ovxc_nn_count_from(out, 4);
    vx_size b, r, c, x, y;
    for (b = 0; b < nb; b++) {
        const vx_uint8 *db = data->ptr + ovxc_nn_batch_offset(data, 3, b);
        const vx_uint8 *rb = rois->ptr + ovxc_nn_batch_offset(rois, 2, b);
        vx_uint8 *obb = out->ptr + ovxc_nn_batch_offset(out, 4, b);
        for (r = 0; r < nr; r++) {
            const vx_uint8 *rp = rb + r * rois->strides[1];
            const long x0 = roi_coord(rp, type), y0 = roi_coord(rp + rois->strides[0], type);
            const long x1 = roi_coord(rp + 2 * rois->strides[0], type);
            const long y1 = roi_coord(rp + 3 * rois->strides[0], type);
            const long rw = (x1 > x0 ? x1 - x0 : 0) + 1, rh = (y1 > y0 ? y1 - y0 : 0) + 1;
            for (c = 0; c < dc; c++) {
                const vx_uint8 *dp = db + c * data->strides[2];
                vx_uint8 *op = obb + r * out->strides[3] + c * out->strides[2];
                for (y = 0; y < oh; y++) {
                    const vx_size ys = roi_edge(y0 + (long)(y * rh / oh), dh);
                    const vx_size ye = roi_edge(y0 + (long)(((y + 1) * rh + oh - 1) / oh), dh);
                    for (x = 0; x < ow; x++) {
                        const vx_size xs = roi_edge(x0 + (long)(x * rw / ow), dw);
                        const vx_size xe = roi_edge(x0 + (long)(((x + 1) * rw + ow - 1) / ow), dw);
                        roi_bin_max(dp, data, xs, xe, ys, ye, op + y * out->strides[1] + x * out->strides[0], type);
                    }
                }
            }
        }
    }
}
