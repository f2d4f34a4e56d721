/*
 * Float32 (OVXC_T_F32) activation and (local response) normalization layers
 * on OpenVX tensor views (compute/nn.h: any strides, [W, H, C, batch...]
 * order), scalar C: the integer layers' geometry with float arithmetic, sums
 * accumulated in double and rounded to float once per output.  (The other
 * float layers run on compute/nn_float_gemm.h; their double references are
 * the tests'.)
 */
#include "nn.h"

#include <VX/vx_khr_nn.h>

#include <math.h>

static inline float ldf(const vx_uint8 *p)
{
    return *(const float *)(const void *)p;
}

static inline void stf(vx_uint8 *p, double v)
{
    *(float *)(void *)p = (float)v;
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
