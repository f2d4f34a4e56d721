/*
 * Float32 (OVXC_T_F32) variants of the vx_khr_nn layers on OpenVX tensor
 * views (compute/nn.h: any strides, [W, H, C, batch...] order), scalar C
 * reference: the integer layers' geometry with float arithmetic, sums of
 * products accumulated in double and rounded to float once per output.
 */
#include "nn.h"

#include <VX/vx_khr_nn.h>

#include <float.h>
#include <math.h>

static inline float ldf(const vx_uint8 *p)
{
    return *(const float *)(const void *)p;
}

static inline void stf(vx_uint8 *p, double v)
{
    *(float *)(void *)p = (float)v;
}

/* The bias of output (x, y, o): biases are [OFM] or [OW, OH, OFM]; none: 0. */
static double bias_at(const ovxc_tensor *bias, vx_size x, vx_size y, vx_size o)
{
    if (!bias || !bias->ptr) return 0.0;
    return bias->num_dims == 1 ? ldf(bias->ptr + o * bias->strides[0])
                               : ldf(bias->ptr + x * bias->strides[0] + y * bias->strides[1] + o * bias->strides[2]);
}

void ovxc_nnf_vx_convolution(const ovxc_tensor *in, const ovxc_tensor *w, const ovxc_tensor *bias,
                            const ovxc_tensor *out, vx_size pad_x, vx_size pad_y, vx_size skip_x, vx_size skip_y,
                            vx_size dil_x, vx_size dil_y)
{
    const vx_size iw = in->dims[0], ih = in->dims[1], ifm = in->dims[2];
    const vx_size ow = out->dims[0], oh = out->dims[1], ofm = out->dims[2];
    const vx_size kw = w->dims[0], kh = w->dims[1];
    const vx_size nb = ovxc_nn_count_from(out, 3);
    vx_size b, o, c, ky, kx, x, y;
    for (b = 0; b < nb; b++) {
        const vx_uint8 *ib = in->ptr + ovxc_nn_batch_offset(in, 3, b);
        vx_uint8 *ob = out->ptr + ovxc_nn_batch_offset(out, 3, b);
        for (o = 0; o < ofm; o++)
            for (y = 0; y < oh; y++)
                for (x = 0; x < ow; x++) {
                    double acc = bias_at(bias, x, y, o);
                    for (c = 0; c < ifm; c++)
                        for (ky = 0; ky < kh; ky++) {
                            /* the integer layer's tap placement */
                            const vx_size py = y * skip_y + dil_y + ky * (dil_y + 1);
                            if (py < pad_y || py >= ih + pad_y) continue;
                            for (kx = 0; kx < kw; kx++) {
                                const vx_size px = x * skip_x + dil_x + kx * (dil_x + 1);
                                if (px < pad_x || px >= iw + pad_x) continue;
                                acc += (double)ldf(ib + (px - pad_x) * in->strides[0] + (py - pad_y) * in->strides[1] +
                                                   c * in->strides[2]) *
                                       ldf(w->ptr + kx * w->strides[0] + ky * w->strides[1] + c * w->strides[2] +
                                           o * w->strides[3]);
                            }
                        }
                    stf(ob + x * out->strides[0] + y * out->strides[1] + o * out->strides[2], acc);
                }
    }
}

void ovxc_nnf_vx_fully_connected(const ovxc_tensor *in, vx_size core, const ovxc_tensor *w,
                                const ovxc_tensor *bias, const ovxc_tensor *out)
{
    const vx_size ofm = out->dims[0];
    const vx_size nb = ovxc_nn_count_from(out, 1);
    const vx_size n = core == 1 ? in->dims[0] : in->dims[0] * in->dims[1] * in->dims[2];
    vx_size b, o, k;
    for (b = 0; b < nb; b++) {
        const vx_uint8 *ib = in->ptr + ovxc_nn_batch_offset(in, core, b);
        vx_uint8 *ob = out->ptr + ovxc_nn_batch_offset(out, 1, b);
        for (o = 0; o < ofm; o++) {
            double acc = bias && bias->ptr ? ldf(bias->ptr + o * bias->strides[0]) : 0.0;
            for (k = 0; k < n; k++) {
                vx_size ix = k, iy = 0, ic = 0;
                const vx_uint8 *wp;
                if (core == 3) {
                    ix = k % in->dims[0];
                    iy = (k / in->dims[0]) % in->dims[1];
                    ic = k / (in->dims[0] * in->dims[1]);
                }
                if (w->num_dims == 2) wp = w->ptr + k * w->strides[0] + o * w->strides[1];
                else wp = w->ptr + ix * w->strides[0] + iy * w->strides[1] + ic * w->strides[2] + o * w->strides[3];
                acc += (double)ldf(ib + ix * in->strides[0] + iy * in->strides[1] + ic * in->strides[2]) * ldf(wp);
            }
            stf(ob + o * out->strides[0], acc);
        }
    }
}

void ovxc_nnf_vx_pooling(const ovxc_tensor *in, const ovxc_tensor *out, int is_max, vx_size size_x,
                        vx_size size_y, vx_size pad_x, vx_size pad_y, vx_size skip_x, vx_size skip_y)
{
    const vx_size iw = in->dims[0], ih = in->dims[1];
    const vx_size ow = out->dims[0], oh = out->dims[1];
    const vx_size planes = ovxc_nn_count_from(out, 2);
    vx_size pl, x, y, kx, ky;
    for (pl = 0; pl < planes; pl++) {
        const vx_uint8 *ip = in->ptr + ovxc_nn_batch_offset(in, 2, pl);
        vx_uint8 *op = out->ptr + ovxc_nn_batch_offset(out, 2, pl);
        for (y = 0; y < oh; y++)
            for (x = 0; x < ow; x++) {
                double acc = is_max ? -DBL_MAX : 0.0;
                for (ky = 0; ky < size_y; ky++)
                    for (kx = 0; kx < size_x; kx++) {
                        const vx_size px = x * skip_x + kx, py = y * skip_y + ky;
                        double v = 0.0; /* outside the input: zero */
                        if (px >= pad_x && px < iw + pad_x && py >= pad_y && py < ih + pad_y)
                            v = ldf(ip + (px - pad_x) * in->strides[0] + (py - pad_y) * in->strides[1]);
                        if (is_max) acc = v > acc ? v : acc;
                        else acc += v;
                    }
                if (!is_max) acc /= (double)(size_x * size_y);
                stf(op + x * out->strides[0] + y * out->strides[1], acc);
            }
    }
}

void ovxc_nnf_vx_softmax(const ovxc_tensor *in, const ovxc_tensor *out, vx_size axis)
{
    const vx_size n = in->dims[axis];
    ovxc_nnf_vx_softmax_range(in, out, axis, 0, n ? ovxc_nn_count_from(in, 0) / n : 0);
}

void ovxc_nnf_vx_softmax_range(const ovxc_tensor *in, const ovxc_tensor *out, vx_size axis, vx_size i0,
                              vx_size i1)
{
    const vx_size n = in->dims[axis];
    vx_size it, i, d;
    for (it = i0; it < i1; it++) {
        /* item index over every dimension but axis */
        vx_size rem = it, ioff = 0, ooff = 0;
        double mx = -DBL_MAX, sum = 0.0;
        for (d = 0; d < in->num_dims; d++) {
            vx_size idx;
            if (d == axis) continue;
            idx = rem % in->dims[d];
            rem /= in->dims[d];
            ioff += idx * in->strides[d];
            ooff += idx * out->strides[d];
        }
        for (i = 0; i < n; i++) {
            double v = ldf(in->ptr + ioff + i * in->strides[axis]);
            mx = v > mx ? v : mx;
        }
        for (i = 0; i < n; i++) sum += exp((double)ldf(in->ptr + ioff + i * in->strides[axis]) - mx);
        for (i = 0; i < n; i++)
            stf(out->ptr + ooff + i * out->strides[axis],
                exp((double)ldf(in->ptr + ioff + i * in->strides[axis]) - mx) / sum);
    }
}

void ovxc_nnf_vx_activation(const ovxc_tensor *in, const ovxc_tensor *out, vx_enum func, double a, double b)
{
    ovxc_nnf_vx_activation_range(in, out, func, a, b, 0, ovxc_nn_count_from(in, 1));
}

void ovxc_nnf_vx_activation_range(const ovxc_tensor *in, const ovxc_tensor *out, vx_enum func, double a, double b,
                                 vx_size r0, vx_size r1)
{
    vx_size r, x;
    for (r = r0; r < r1; r++) {
        const vx_uint8 *ip = in->ptr + ovxc_nn_batch_offset(in, 1, r);
        vx_uint8 *op = out->ptr + ovxc_nn_batch_offset(out, 1, r);
        if (func == VX_NN_ACTIVATION_RELU && in->strides[0] == sizeof(float) && out->strides[0] == sizeof(float)) {
            /* x > 0 ? x : 0 in float: the double expression's value (NaN
             * and -0 give +0), a loop the compiler vectorizes */
            const float *fi = (const float *)(const void *)ip;
            float *fo = (float *)(void *)op;
            for (x = 0; x < in->dims[0]; x++) fo[x] = fi[x] > 0.0f ? fi[x] : 0.0f;
            continue;
        }
        for (x = 0; x < in->dims[0]; x++)
            stf(op + x * out->strides[0], ovxc_nn_activation_value(func, ldf(ip + x * in->strides[0]), a, b));
    }
}

void ovxc_nnf_vx_deconvolution(const ovxc_tensor *in, const ovxc_tensor *w, const ovxc_tensor *bias,
                              const ovxc_tensor *out, vx_size pad_x, vx_size pad_y, vx_size up_x, vx_size up_y)
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
        for (o = 0; o < ofm; o++)
            for (y = 0; y < oh; y++)
                for (x = 0; x < ow; x++) {
                    double acc = bias_at(bias, x, y, o);
                    for (c = 0; c < ifm; c++)
                        for (ky = 0; ky < kh; ky++) {
                            vx_size uy, iy;
                            if (y + ky < sy) continue;
                            uy = y + ky - sy; /* the integer layer's placement: samples below row ih */
                            if (uy >= ih || uy % up_y) continue;
                            iy = uy / up_y;
                            for (kx = 0; kx < kw; kx++) {
                                vx_size ux, ix;
                                if (x + kx < sx) continue;
                                ux = x + kx - sx;
                                if (ux >= iw || ux % up_x) continue;
                                ix = ux / up_x;
                                acc += (double)ldf(ib + ix * in->strides[0] + iy * in->strides[1] + c * in->strides[2]) *
                                       ldf(w->ptr + kx * w->strides[0] + ky * w->strides[1] + c * w->strides[2] +
                                           o * w->strides[3]);
                            }
                        }
                    stf(ob + x * out->strides[0] + y * out->strides[1] + o * out->strides[2], acc);
                }
    }
}

void ovxc_nnf_vx_lrn(const ovxc_tensor *in, const ovxc_tensor *out, int across, vx_size size, double alpha,
                    double beta, double bias)
{
    const vx_size w = in->dims[0], h = in->num_dims > 1 ? in->dims[1] : 1, c = in->num_dims > 2 ? in->dims[2] : 1;
    const vx_size nb = ovxc_nn_count_from(in, 3), half = size / 2;
    const double n = across ? (double)size : (double)(size * size);
    vx_size b, k, x, y, i, j;
#define LRNF_AT(t, base, xx, yy, kk) \
    ((t)->ptr + (base) + (xx) * (t)->strides[0] + (yy) * (t)->strides[1] + (kk) * (t)->strides[2])
    for (b = 0; b < nb; b++) {
        const vx_size ib = ovxc_nn_batch_offset(in, 3, b), obo = ovxc_nn_batch_offset(out, 3, b);
        for (k = 0; k < c; k++)
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++) {
                    double sum = 0.0, s;
                    if (across) {
                        vx_size k0 = k > half ? k - half : 0, k1 = k + half + 1 < c ? k + half + 1 : c;
                        for (i = k0; i < k1; i++) {
                            s = ldf(LRNF_AT(in, ib, x, y, i));
                            sum += s * s;
                        }
                    } else {
                        vx_size y0 = y > half ? y - half : 0, y1 = y + half + 1 < h ? y + half + 1 : h;
                        vx_size x0 = x > half ? x - half : 0, x1 = x + half + 1 < w ? x + half + 1 : w;
                        for (j = y0; j < y1; j++)
                            for (i = x0; i < x1; i++) {
                                s = ldf(LRNF_AT(in, ib, i, j, k));
                                sum += s * s;
                            }
                    }
                    stf(LRNF_AT(out, obo, x, y, k), ldf(LRNF_AT(in, ib, x, y, k)) / pow(bias + alpha / n * sum, beta));
                }
    }
#undef LRNF_AT
}
