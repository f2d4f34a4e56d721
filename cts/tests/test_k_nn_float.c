/*
 * vx_khr_nn layers on VX_TYPE_FLOAT32 tensors (compute/nn_float_gemm.h, nn_float_vx.c)
 * against naive references written here: convolution (padding, skip 2,
 * batch 2, odd sizes), fully connected, average pooling with padding,
 * softmax; ROI pooling (float ROI corners rounded to the nearest pixel).
 */
#include "../runner/cts.h"

#include <VX/vx_khr_nn.h>

#include <math.h>
#include <string.h>

static unsigned seed = 2024u;
static float frand(void)
{
    seed = seed * 1664525u + 1013904223u;
    return (float)((seed >> 8) & 0xFFFF) / 32768.0f - 1.0f;
}

static vx_tensor ftensor(vx_context c, vx_size nd, const vx_size *dims, const float *data)
{
    vx_tensor t = vxCreateTensor(c, nd, dims, VX_TYPE_FLOAT32, 0);
    vx_size start[4] = {0}, stride[4], i;
    stride[0] = 4;
    for (i = 1; i < nd; i++) stride[i] = stride[i - 1] * dims[i - 1];
    if (data) vxCopyTensorPatch(t, nd, start, dims, stride, (void *)data, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    return t;
}

static void fread_t(vx_tensor t, vx_size nd, const vx_size *dims, float *out)
{
    vx_size start[4] = {0}, stride[4], i;
    stride[0] = 4;
    for (i = 1; i < nd; i++) stride[i] = stride[i - 1] * dims[i - 1];
    CTS_EXPECT_STATUS(vxCopyTensorPatch(t, nd, start, dims, stride, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
}

static int close_to(float a, double b)
{
    return fabs((double)a - b) <= 1e-5 * (1.0 + fabs(b));
}

CTS_TEST(NNFloat, convolution_matches_reference, "")
{
    enum { W = 7, H = 5, C = 3, N = 2, K = 3, O = 4, OW = 4, OH = 3 }; /* pad 1, skip 2 */
    vx_context c = cts_context();
    static float in[N * C * H * W], wt[O * C * K * K], bias[O], out[N * O * OH * OW];
    vx_size din[4] = {W, H, C, N}, dw[4] = {K, K, C, O}, db[1] = {O}, dout[4] = {OW, OH, O, N};
    vx_nn_convolution_params_t p;
    vx_tensor ti, tw, tb, to;
    vx_graph g = vxCreateGraph(c);
    int i, n, o, y, x, ch, ky, kx, bad = 0;
    for (i = 0; i < N * C * H * W; i++) in[i] = frand();
    for (i = 0; i < O * C * K * K; i++) wt[i] = frand();
    for (i = 0; i < O; i++) bias[i] = frand();
    ti = ftensor(c, 4, din, in), tw = ftensor(c, 4, dw, wt), tb = ftensor(c, 1, db, bias), to = ftensor(c, 4, dout, NULL);
    memset(&p, 0, sizeof(p));
    p.padding_x = 1, p.padding_y = 1;
    p.overflow_policy = VX_CONVERT_POLICY_SATURATE, p.rounding_policy = VX_ROUND_POLICY_TO_ZERO;
    p.down_scale_size_rounding = VX_NN_DS_SIZE_ROUNDING_FLOOR;
    CTS_ASSERT_VALID(vxConvolutionLayer(g, ti, tw, tb, &p, sizeof(p), to));
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    fread_t(to, 4, dout, out);
    for (n = 0; n < N; n++)
        for (o = 0; o < O; o++)
            for (y = 0; y < OH; y++)
                for (x = 0; x < OW; x++) {
                    double s = bias[o];
                    for (ch = 0; ch < C; ch++)
                        for (ky = 0; ky < K; ky++)
                            for (kx = 0; kx < K; kx++) {
                                int iy = y * 2 - 1 + ky, ix = x * 2 - 1 + kx;
                                if (iy < 0 || iy >= H || ix < 0 || ix >= W) continue;
                                s += (double)in[((n * C + ch) * H + iy) * W + ix] * wt[((o * C + ch) * K + ky) * K + kx];
                            }
                    if (!close_to(out[((n * O + o) * OH + y) * OW + x], s) && bad++ < 5)
                        CTS_EXPECT_MSG(0, "out[%d,%d,%d,%d] %g, expected %g", n, o, y, x,
                                       (double)out[((n * O + o) * OH + y) * OW + x], s);
                }
    vxReleaseTensor(&ti), vxReleaseTensor(&tw), vxReleaseTensor(&tb), vxReleaseTensor(&to);
    vxReleaseGraph(&g);
}

CTS_TEST(NNFloat, fully_connected_pooling_softmax_match_reference, "")
{
    enum { IFM = 13, OFM = 5, B = 3 };
    vx_context c = cts_context();
    static float x[IFM * B], w[IFM * OFM], bias[OFM], y[OFM * B], sm[OFM * B];
    static float pin[2 * 5 * 6], pout[2 * 3 * 3];
    vx_size dx[2] = {IFM, B}, dw[2] = {IFM, OFM}, db[1] = {OFM}, dy[2] = {OFM, B};
    vx_size dpi[3] = {6, 5, 2}, dpo[3] = {3, 3, 2};
    vx_tensor tx, tw, tb, ty, ts, tpi, tpo;
    vx_graph g = vxCreateGraph(c);
    int i, j, b, ch, py, px;
    for (i = 0; i < IFM * B; i++) x[i] = frand();
    for (i = 0; i < IFM * OFM; i++) w[i] = frand();
    for (i = 0; i < OFM; i++) bias[i] = frand();
    for (i = 0; i < 60; i++) pin[i] = frand();
    tx = ftensor(c, 2, dx, x), tw = ftensor(c, 2, dw, w), tb = ftensor(c, 1, db, bias);
    ty = ftensor(c, 2, dy, NULL), ts = ftensor(c, 2, dy, NULL);
    tpi = ftensor(c, 3, dpi, pin), tpo = ftensor(c, 3, dpo, NULL);
    CTS_ASSERT_VALID(vxFullyConnectedLayer(g, tx, tw, tb, VX_CONVERT_POLICY_SATURATE, VX_ROUND_POLICY_TO_ZERO, ty));
    CTS_ASSERT_VALID(vxSoftmaxLayer(g, ty, ts));
    /* 3x3 average, padding 1, skip 2 (from the output size) */
    CTS_ASSERT_VALID(vxPoolingLayer(g, tpi, VX_NN_POOLING_AVG, 3, 3, 1, 1, VX_NN_DS_SIZE_ROUNDING_FLOOR, tpo));
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    fread_t(ty, 2, dy, y);
    fread_t(ts, 2, dy, sm);
    fread_t(tpo, 3, dpo, pout);
    for (b = 0; b < B; b++) {
        double ref[OFM], mx = -1e30, sum = 0;
        for (j = 0; j < OFM; j++) {
            ref[j] = bias[j];
            for (i = 0; i < IFM; i++) ref[j] += (double)x[b * IFM + i] * w[j * IFM + i];
            CTS_EXPECT_MSG(close_to(y[b * OFM + j], ref[j]), "fc[%d][%d] %g, expected %g", b, j, (double)y[b * OFM + j],
                           ref[j]);
            if (ref[j] > mx) mx = ref[j];
        }
        for (j = 0; j < OFM; j++) sum += exp(ref[j] - mx);
        for (j = 0; j < OFM; j++)
            CTS_EXPECT_MSG(fabs(sm[b * OFM + j] - exp(ref[j] - mx) / sum) < 1e-5, "softmax[%d][%d]", b, j);
    }
    for (ch = 0; ch < 2; ch++)
        for (py = 0; py < 3; py++)
            for (px = 0; px < 3; px++) {
                double s = 0;
                int ky, kx;
                for (ky = 0; ky < 3; ky++)
                    for (kx = 0; kx < 3; kx++) {
                        int iy = py * 2 - 1 + ky, ix = px * 2 - 1 + kx;
                        if (iy >= 0 && iy < 5 && ix >= 0 && ix < 6) s += pin[(ch * 5 + iy) * 6 + ix];
                    }
                CTS_EXPECT_MSG(close_to(pout[(ch * 3 + py) * 3 + px], s / 9.0), "pool[%d][%d][%d]", ch, py, px);
            }
    vxReleaseTensor(&tx), vxReleaseTensor(&tw), vxReleaseTensor(&tb), vxReleaseTensor(&ty), vxReleaseTensor(&ts);
    vxReleaseTensor(&tpi), vxReleaseTensor(&tpo);
    vxReleaseGraph(&g);
}

CTS_TEST(NNFloat, roi_pooling_matches_reference, "")
{
    /* data [W 5, H 4, C 2]; ROI (0.4, 0.6, 3.2, 2.5) is pixels x 0..3, y 1..2,
     * pooled 2 x 2: bins x [0, 2) [2, 4), y [1, 2) [2, 3); a second ROI past
     * the data's right edge has empty bins (0) */
    vx_context c = cts_context();
    vx_size d[3] = {5, 4, 2}, dr[2] = {4, 2}, dout[4] = {2, 2, 2, 2};
    static const float roi[8] = {0.4f, 0.6f, 3.2f, 2.5f, 6.0f, 0.0f, 9.0f, 1.0f};
    float data[2 * 4 * 5], out[2 * 2 * 2 * 2];
    vx_tensor ti, tr, to;
    vx_nn_roi_pool_params_t rp;
    vx_graph g = vxCreateGraph(c);
    int i, ch, by, bx;
    for (i = 0; i < 40; i++) data[i] = frand();
    ti = ftensor(c, 3, d, data), tr = ftensor(c, 2, dr, roi), to = ftensor(c, 4, dout, NULL);
    rp.pool_type = VX_NN_POOLING_MAX;
    CTS_ASSERT_VALID(vxROIPoolingLayer(g, ti, tr, &rp, sizeof(rp), to));
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    fread_t(to, 4, dout, out);
    for (ch = 0; ch < 2; ch++)
        for (by = 0; by < 2; by++)
            for (bx = 0; bx < 2; bx++) {
                float m = data[(ch * 4 + 1 + by) * 5 + 2 * bx];
                int x, y;
                for (y = 1 + by; y < 2 + by; y++)
                    for (x = 2 * bx; x < 2 * bx + 2; x++)
                        if (data[(ch * 4 + y) * 5 + x] > m) m = data[(ch * 4 + y) * 5 + x];
                CTS_EXPECT_MSG(out[((0 * 2 + ch) * 2 + by) * 2 + bx] == m, "roi 0 map %d bin (%d,%d)", ch, bx, by);
                CTS_EXPECT_MSG(out[((1 * 2 + ch) * 2 + by) * 2 + bx] == 0.0f, "roi 1 map %d bin (%d,%d)", ch, bx, by);
            }
    vxReleaseTensor(&ti), vxReleaseTensor(&tr), vxReleaseTensor(&to);
    vxReleaseGraph(&g);
}

CTS_TABLE(k_nn_float) = {
    CTS_ENTRY(NNFloat, convolution_matches_reference),
    CTS_ENTRY(NNFloat, fully_connected_pooling_softmax_match_reference),
    CTS_ENTRY(NNFloat, roi_pooling_matches_reference),
    CTS_TABLE_END,
};
