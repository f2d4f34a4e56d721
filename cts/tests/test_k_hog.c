/*
 * Conformance tests: HOG (spec "HOG": HOGCells, HOGFeatures) and HoughLinesP.
 *
 * HOG is checked against plain models written here from the spec's formulas
 * with the rounding documented in csrc/compute/hog.h (replicated gradient
 * border; per-pixel votes G / cell area, truncated after each pixel; bins and
 * features laid out bin-fastest; L2-Hys on the block normalised by the cells'
 * average magnitudes), on seeded random images of several sizes including odd
 * ones, in graph and immediate mode, with virtual tensors between the two
 * nodes, and the validators' refusals.  The runner does not link libm: the
 * models carry their own square root and arctangent (double precision,
 * rounded to float like the library's sqrtf / atan2f).
 *
 * HoughLinesP has a random element the spec leaves to the implementation, so
 * it is checked on images whose lines are known: every line drawn is found
 * (ends within a pixel), nothing else, in both formats and both modes, with
 * the valid rectangle, length and gap parameters, capacity and count.
 */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

/* ---- helpers ------------------------------------------------------------------ */

static unsigned kh_seed;
static unsigned kh_rand(void)
{
    kh_seed = kh_seed * 1103515245u + 12345u;
    return (kh_seed >> 16) & 0x7fff;
}

static vx_uint8 *kh_random(vx_uint32 w, vx_uint32 h, unsigned seed)
{
    vx_uint8 *a = malloc((size_t)w * h + 1);
    vx_size i;
    kh_seed = seed;
    for (i = 0; i < (vx_size)w * h; i++) a[i] = (vx_uint8)(kh_rand() & 255);
    /* some flat and some smooth areas, so that small votes and empty bins occur */
    for (i = 0; i + 1 < (vx_size)w * h; i++)
        if ((i / w) % 3 == 1) a[i + 1] = (vx_uint8)((a[i] + a[i + 1]) / 2);
    return a;
}

static vx_image kh_image(vx_context c, vx_uint32 w, vx_uint32 h, const vx_uint8 *data)
{
    vx_image img = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {0, 0, w, h};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    a.dim_x = w;
    a.dim_y = h;
    a.stride_x = 1;
    a.stride_y = (vx_int32)w;
    CTS_ASSERT_VALID(img);
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &a, (void *)data, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    return img;
}

static vx_tensor kh_tensor(vx_context c, vx_size nd, vx_size d0, vx_size d1, vx_size d2, vx_int8 fpp)
{
    vx_size dims[3] = {d0, d1, d2};
    vx_tensor t = vxCreateTensor(c, nd, dims, VX_TYPE_INT16, fpp);
    CTS_ASSERT_VALID(t);
    return t;
}

/* The whole tensor as a flat array (dim 0 fastest). */
static vx_int16 *kh_read(vx_tensor t, vx_size *count)
{
    vx_size nd = 0, dims[6] = {0}, strides[6], start[6] = {0}, i, n = 1;
    vx_int16 *buf;
    CTS_ASSERT_STATUS(vxQueryTensor(t, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryTensor(t, VX_TENSOR_DIMS, dims, nd * sizeof(vx_size)), VX_SUCCESS);
    for (i = 0; i < nd; i++) {
        strides[i] = n * sizeof(vx_int16);
        n *= dims[i];
    }
    buf = malloc(n * sizeof(vx_int16) + 2);
    CTS_ASSERT_STATUS(vxCopyTensorPatch(t, nd, start, dims, strides, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
    *count = n;
    return buf;
}

/* ---- math without libm ------------------------------------------------------------- */

static double kh_sqrt(double v)
{
    double x = v > 1 ? v : 1;
    int i;
    if (v <= 0) return 0;
    for (i = 0; i < 200; i++) {
        double nx = 0.5 * (x + v / x);
        if (nx == x) break;
        x = nx;
    }
    return x;
}

static const double kh_pi = 3.14159265358979323846;

/* atan for |x| <= 1: two argument halvings, then the series. */
static double kh_atan(double x)
{
    double t = x, s = 0, p, x2;
    int k;
    t = t / (1 + kh_sqrt(1 + t * t));
    t = t / (1 + kh_sqrt(1 + t * t));
    x2 = t * t;
    p = t;
    for (k = 0; k < 60; k++) {
        s += (k & 1 ? -p : p) / (2 * k + 1);
        p *= x2;
    }
    return 4 * s;
}

static double kh_atan2(double y, double x)
{
    double ay = y < 0 ? -y : y, ax = x < 0 ? -x : x;
    if (x == 0 && y == 0) return 0;
    if (ay <= ax) {
        double a = kh_atan(y / x);
        if (x < 0) a += y >= 0 ? kh_pi : -kh_pi;
        return a;
    }
    return (y > 0 ? kh_pi / 2 : -kh_pi / 2) - kh_atan(x / y);
}

/* ---- HOGCells model ------------------------------------------------------------------ */

/* mag[cy * cx_n + cx], bins[(cy * cx_n + cx) * nb + b] */
static void ref_hog_cells(const vx_uint8 *img, int w, int h, int cw, int ch, int nb, vx_int32 *mag, vx_int32 *bins)
{
    int cxn = w / cw, cyn = h / ch, x, y;
    float area = (float)(cw * ch);
    memset(mag, 0, sizeof(vx_int32) * (size_t)(cxn * cyn));
    memset(bins, 0, sizeof(vx_int32) * (size_t)(cxn * cyn * nb));
    for (y = 0; y < cyn * ch; y++)
        for (x = 0; x < cxn * cw; x++) {
            int gx = img[y * w + (x + 1 < w ? x + 1 : w - 1)] - img[y * w + (x > 0 ? x - 1 : 0)];
            int gy = img[(y + 1 < h ? y + 1 : h - 1) * w + x] - img[(y > 0 ? y - 1 : 0) * w + x];
            float g = (float)kh_sqrt((double)(gx * gx + gy * gy));
            float deg = (float)((double)(float)kh_atan2(gy, gx) * (180.0 / 3.14159265)), f;
            float vote = g / area;
            int b, cell = (y / ch) * cxn + x / cw;
            if (deg < 0) deg += 360.0f;
            f = deg * ((float)nb / 360.0f);
            b = (int)f; /* f >= 0: floor */
            if (b >= nb) b = nb - 1;
            mag[cell] = (vx_int32)((float)mag[cell] + vote);
            bins[cell * nb + b] = (vx_int32)((float)bins[cell * nb + b] + vote);
        }
}

static void kh_cells_case(vx_context c, int w, int h, int cw, int ch, int nb, int graph_mode, int with_mag)
{
    vx_uint8 *src = kh_random((vx_uint32)w, (vx_uint32)h, (unsigned)(w * 31 + h * 7 + cw + nb));
    int cxn = w / cw, cyn = h / ch, i;
    vx_int32 *mag = malloc(sizeof(vx_int32) * (size_t)(cxn * cyn) + 4);
    vx_int32 *bins = malloc(sizeof(vx_int32) * (size_t)(cxn * cyn * nb) + 4);
    vx_image in = kh_image(c, (vx_uint32)w, (vx_uint32)h, src);
    vx_tensor tm = with_mag ? kh_tensor(c, 2, (vx_size)cxn, (vx_size)cyn, 0, 8) : NULL;
    vx_tensor tb = kh_tensor(c, 3, (vx_size)cxn, (vx_size)cyn, (vx_size)nb, 8);
    vx_int16 *om = NULL, *ob;
    vx_size n = 0;
    int bad = 0;
    if (graph_mode) {
        vx_graph g = vxCreateGraph(c);
        CTS_ASSERT_VALID(vxHOGCellsNode(g, in, cw, ch, nb, tm, tb));
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseGraph(&g);
    } else {
        CTS_ASSERT_STATUS(vxuHOGCells(c, in, cw, ch, nb, tm, tb), VX_SUCCESS);
    }
    ref_hog_cells(src, w, h, cw, ch, nb, mag, bins);
    if (tm) {
        om = kh_read(tm, &n);
        CTS_ASSERT_EQ_INT(n, cxn * cyn);
        for (i = 0; i < cxn * cyn && !bad; i++)
            if (om[i] != mag[i]) {
                bad = 1;
                CTS_EXPECT_MSG(0, "%dx%d cells %dx%d/%d: magnitude of cell %d is %d, expected %d", w, h, cw, ch, nb,
                               i, om[i], mag[i]);
            }
    }
    ob = kh_read(tb, &n);
    CTS_ASSERT_EQ_INT(n, cxn * cyn * nb);
    for (i = 0; i < cxn * cyn * nb && !bad; i++)
        if (ob[i] != bins[i]) {
            bad = 1;
            CTS_EXPECT_MSG(0, "%dx%d cells %dx%d/%d: bin %d of cell %d is %d, expected %d", w, h, cw, ch, nb, i % nb,
                           i / nb, ob[i], bins[i]);
        }
    free(src), free(mag), free(bins), free(om), free(ob);
    vxReleaseImage(&in);
    if (tm) vxReleaseTensor(&tm);
    vxReleaseTensor(&tb);
}

CTS_TEST(HogCells, model_sizes_cells_bins, "REQ-0194 REQ-0197 REQ-0198 REQ-0200 REQ-0201 REQ-0202 REQ-0203 "
                                           "REQ-0204 REQ-0205 REQ-0206")
{
    vx_context c = cts_context();
    static const int cases[][5] = {{1, 1, 1, 1, 4},   {7, 5, 2, 2, 9},    {7, 5, 3, 1, 8},  {33, 17, 4, 4, 9},
                                   {33, 17, 5, 3, 6}, {64, 48, 8, 8, 9},  {64, 48, 8, 8, 3}, {65, 49, 8, 8, 12},
                                   {640, 480, 8, 8, 9}, {96, 40, 16, 8, 18}};
    size_t k;
    for (k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        kh_cells_case(c, cases[k][0], cases[k][1], cases[k][2], cases[k][3], cases[k][4], (int)(k & 1), 1);
        kh_cells_case(c, cases[k][0], cases[k][1], cases[k][2], cases[k][3], cases[k][4], !(k & 1), 1);
    }
}

CTS_TEST(HogCells, magnitudes_optional, "REQ-0198 REQ-0204 REQ-0205")
{
    vx_context c = cts_context();
    kh_cells_case(c, 40, 24, 8, 8, 9, 1, 0);
    kh_cells_case(c, 41, 25, 4, 4, 6, 0, 0);
}

CTS_TEST(HogCells, orientation_edges, "REQ-0197 REQ-0198")
{
    /* gradients exactly along the axes and the diagonals (0, 45, 90, ...,
     * 315 degrees), on bin counts whose edges fall there */
    vx_context c = cts_context();
    static const int gx[8] = {10, 10, 0, -10, -10, -10, 0, 10}, gy[8] = {0, 10, 10, 10, 0, -10, -10, -10};
    static const int nbs[4] = {4, 8, 2, 1};
    int k, j;
    for (j = 0; j < 4; j++)
        for (k = 0; k < 8; k++) {
            /* a 3x3 image whose centre gradient is (gx, gy) */
            vx_uint8 img[9];
            vx_int32 mag[9], bins[72];
            vx_image in;
            vx_tensor tb = kh_tensor(c, 3, 3, 3, (vx_size)nbs[j], 0);
            vx_int16 *ob;
            vx_size n = 0;
            int b;
            memset(img, 100, sizeof(img));
            img[3] = (vx_uint8)(100 - gx[k] / 2);
            img[5] = (vx_uint8)(100 + gx[k] - gx[k] / 2);
            img[1] = (vx_uint8)(100 - gy[k] / 2);
            img[7] = (vx_uint8)(100 + gy[k] - gy[k] / 2);
            in = kh_image(c, 3, 3, img);
            CTS_ASSERT_STATUS(vxuHOGCells(c, in, 1, 1, nbs[j], NULL, tb), VX_SUCCESS);
            ref_hog_cells(img, 3, 3, 1, 1, nbs[j], mag, bins);
            ob = kh_read(tb, &n);
            for (b = 0; b < nbs[j]; b++) CTS_EXPECT_EQ_INT(ob[4 * nbs[j] + b], bins[4 * nbs[j] + b]);
            /* the exact angle k * 45 degrees falls in bin floor(k * 45 * nb / 360) */
            CTS_EXPECT_EQ_INT(ob[4 * nbs[j] + (k * 45 * nbs[j]) / 360], mag[4]);
            free(ob);
            vxReleaseImage(&in);
            vxReleaseTensor(&tb);
        }
}

static vx_status kh_cells_verify(vx_context c, vx_image in, vx_int32 cw, vx_int32 ch, vx_int32 nb, vx_tensor tm,
                                 vx_tensor tb)
{
    vx_graph g = vxCreateGraph(c);
    vx_status s;
    vx_node n = vxHOGCellsNode(g, in, cw, ch, nb, tm, tb);
    s = vxGetStatus((vx_reference)n);
    if (s == VX_SUCCESS) s = vxVerifyGraph(g);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(HogCells, validator_refusals, "REQ-0200 REQ-0201 REQ-0202 REQ-0203 REQ-0204 REQ-0205")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 32, 16, VX_DF_IMAGE_U8), s16 = vxCreateImage(c, 32, 16, VX_DF_IMAGE_S16);
    vx_tensor tm = kh_tensor(c, 2, 4, 2, 0, 0), tb = kh_tensor(c, 3, 4, 2, 9, 0);
    vx_tensor bad_dims = kh_tensor(c, 3, 4, 2, 8, 0), bad_nd = kh_tensor(c, 2, 4, 2, 0, 0);
    vx_size d3[3] = {4, 2, 9};
    vx_tensor u8t = vxCreateTensor(c, 3, d3, VX_TYPE_UINT8, 0);
    vx_int32 cw = 8;
    vx_float32 fcw = 8.0f;
    vx_scalar good = vxCreateScalar(c, VX_TYPE_INT32, &cw), wrong = vxCreateScalar(c, VX_TYPE_FLOAT32, &fcw);
    CTS_EXPECT_STATUS(kh_cells_verify(c, in, 8, 8, 9, tm, tb), VX_SUCCESS);
    CTS_EXPECT_STATUS(kh_cells_verify(c, in, 8, 8, 9, NULL, tb), VX_SUCCESS);
    CTS_EXPECT_STATUS(kh_cells_verify(c, s16, 8, 8, 9, tm, tb), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(kh_cells_verify(c, in, 0, 8, 9, tm, tb), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(kh_cells_verify(c, in, 8, -1, 9, tm, tb), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(kh_cells_verify(c, in, 8, 8, 0, tm, tb), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(kh_cells_verify(c, in, 64, 8, 9, tm, tb), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_STATUS(kh_cells_verify(c, in, 8, 8, 9, tm, bad_dims), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_STATUS(kh_cells_verify(c, in, 8, 8, 9, tm, bad_nd), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_STATUS(kh_cells_verify(c, in, 8, 8, 9, tm, u8t), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_STATUS(kh_cells_verify(c, in, 8, 8, 9, tm, NULL), VX_ERROR_NOT_SUFFICIENT);
    /* a scalar of the wrong type through the generic interface */
    {
        vx_graph g = vxCreateGraph(c);
        vx_kernel k = vxGetKernelByEnum(c, VX_KERNEL_HOG_CELLS);
        vx_node n = vxCreateGenericNode(g, k);
        CTS_ASSERT_VALID(k);
        CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 0, (vx_reference)in), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 1, (vx_reference)wrong), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 2, (vx_reference)good), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 3, (vx_reference)good), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 5, (vx_reference)tb), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_TYPE);
        vxReleaseNode(&n);
        vxReleaseKernel(&k);
        vxReleaseGraph(&g);
    }
    vxReleaseImage(&in), vxReleaseImage(&s16);
    vxReleaseTensor(&tm), vxReleaseTensor(&tb), vxReleaseTensor(&bad_dims), vxReleaseTensor(&bad_nd);
    vxReleaseTensor(&u8t);
    vxReleaseScalar(&good), vxReleaseScalar(&wrong);
}

/* ---- HOGFeatures model ---------------------------------------------------------------- */

static vx_int16 kh_sat16(float v)
{
    if (v > 32767.0f) return 32767;
    if (v < -32768.0f) return -32768;
    return (vx_int16)v;
}

static vx_size kh_feature_count(int w, int h, const vx_hog_t *p, vx_size dims[3])
{
    dims[0] = (vx_size)((w - p->window_width) / p->window_stride + 1);
    dims[1] = (vx_size)((h - p->window_height) / p->window_stride + 1);
    dims[2] = (vx_size)(((p->window_width - p->block_width) / p->block_stride + 1) *
                        ((p->window_height - p->block_height) / p->block_stride + 1) *
                        ((p->block_width * p->block_height) / (p->cell_width * p->cell_height)) * p->num_bins);
    return dims[0] * dims[1] * dims[2];
}

/* The spec's block normalisation (REQ-0207): each block's cell histograms
 * divided by the L2 norm of its cells' magnitudes (of the histograms when
 * use_mag is 0), clipped at the threshold, renormalised (L2-Hys); Q.fpp. */
static void ref_hog_features(int w, int h, const vx_hog_t *p, const vx_int32 *mag, const vx_int32 *bins, int use_mag,
                             int fpp, vx_int16 *out)
{
    vx_size dims[3];
    int cxn = w / p->cell_width, cyn = h / p->cell_height, nb = p->num_bins;
    int bw = p->block_width / p->cell_width, bh = p->block_height / p->cell_height;
    int wx, wy, bx, by, x, y, k;
    float scale = (float)(1 << fpp);
    vx_size o = 0;
    kh_feature_count(w, h, p, dims);
    for (wy = 0; wy < (int)dims[1]; wy++)
        for (wx = 0; wx < (int)dims[0]; wx++)
            for (by = 0; by < (p->window_height - p->block_height) / p->block_stride + 1; by++)
                for (bx = 0; bx < (p->window_width - p->block_width) / p->block_stride + 1; bx++) {
                    int c0x = (wx * p->window_stride + bx * p->block_stride) / p->cell_width;
                    int c0y = (wy * p->window_stride + by * p->block_stride) / p->cell_height;
                    float sum = 0, rs = 0;
                    vx_size start = o, i;
                    for (y = c0y; y < c0y + bh; y++)
                        for (x = c0x; x < c0x + bw; x++) {
                            int inside = x < cxn && y < cyn;
                            if (use_mag) {
                                vx_int32 m = inside ? mag[y * cxn + x] : 0;
                                sum += (float)(m * m);
                            } else {
                                for (k = 0; k < nb; k++) {
                                    vx_int32 v = inside ? bins[(y * cxn + x) * nb + k] : 0;
                                    sum += (float)(v * v);
                                }
                            }
                        }
                    sum = (float)kh_sqrt((double)(sum + 0.00000000000001f));
                    for (y = c0y; y < c0y + bh; y++)
                        for (x = c0x; x < c0x + bw; x++)
                            for (k = 0; k < nb; k++) {
                                int inside = x < cxn && y < cyn;
                                float hv = (float)(inside ? bins[(y * cxn + x) * nb + k] : 0) / sum;
                                if (p->threshold > 0 && hv > p->threshold) hv = p->threshold;
                                out[o++] = kh_sat16(hv * scale);
                            }
                    if (p->threshold <= 0) continue;
                    for (i = start; i < o; i++) {
                        float f = (float)out[i] / scale;
                        rs += f * f;
                    }
                    rs = (float)kh_sqrt((double)(rs + 0.00000000000001f));
                    for (i = start; i < o; i++) out[i] = kh_sat16(((float)out[i] / scale / rs) * scale);
                }
}

/* HOGCells + HOGFeatures on a random w x h image; mode 0: one graph with
 * virtual cell tensors, 1: immediate, 2: graph without magnitudes. */
static void kh_features_case(vx_context c, int w, int h, vx_hog_t p, int mode, int fpp)
{
    vx_uint8 *src = kh_random((vx_uint32)w, (vx_uint32)h, (unsigned)(w * 13 + h + p.num_bins));
    int cxn = w / p.cell_width, cyn = h / p.cell_height;
    vx_int32 *mag = malloc(sizeof(vx_int32) * (size_t)(cxn * cyn) + 4);
    vx_int32 *bins = malloc(sizeof(vx_int32) * (size_t)(cxn * cyn * p.num_bins) + 4);
    vx_size fd[3], nf = kh_feature_count(w, h, &p, fd), n = 0, i;
    vx_int16 *want = malloc(nf * sizeof(vx_int16) + 2), *got;
    vx_image in = kh_image(c, (vx_uint32)w, (vx_uint32)h, src);
    vx_tensor feat = vxCreateTensor(c, 3, fd, VX_TYPE_INT16, (vx_int8)fpp);
    CTS_ASSERT_VALID(feat);
    if (mode == 1) {
        vx_tensor tm = kh_tensor(c, 2, (vx_size)cxn, (vx_size)cyn, 0, 0);
        vx_tensor tb = kh_tensor(c, 3, (vx_size)cxn, (vx_size)cyn, (vx_size)p.num_bins, 0);
        CTS_ASSERT_STATUS(vxuHOGCells(c, in, p.cell_width, p.cell_height, p.num_bins, tm, tb), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxuHOGFeatures(c, in, tm, tb, &p, sizeof(p), feat), VX_SUCCESS);
        vxReleaseTensor(&tm);
        vxReleaseTensor(&tb);
    } else {
        vx_graph g = vxCreateGraph(c);
        vx_tensor tm = mode == 0 ? vxCreateVirtualTensor(g, 0, NULL, 0, 0) : NULL;
        vx_tensor tb = vxCreateVirtualTensor(g, 0, NULL, 0, 0);
        CTS_ASSERT_VALID(tb);
        CTS_ASSERT_VALID(vxHOGCellsNode(g, in, p.cell_width, p.cell_height, p.num_bins, tm, tb));
        CTS_ASSERT_VALID(vxHOGFeaturesNode(g, in, tm, tb, &p, sizeof(p), feat));
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseGraph(&g);
        if (tm) vxReleaseTensor(&tm);
        vxReleaseTensor(&tb);
    }
    ref_hog_cells(src, w, h, p.cell_width, p.cell_height, p.num_bins, mag, bins);
    ref_hog_features(w, h, &p, mag, bins, mode != 2, fpp, want);
    got = kh_read(feat, &n);
    CTS_ASSERT_EQ_INT(n, nf);
    for (i = 0; i < nf; i++)
        if (got[i] != want[i]) {
            CTS_EXPECT_MSG(0, "%dx%d mode %d thr %g: feature %zu is %d, expected %d", w, h, mode,
                           (double)p.threshold, (size_t)i, got[i], want[i]);
            break;
        }
    free(src), free(mag), free(bins), free(want), free(got);
    vxReleaseImage(&in);
    vxReleaseTensor(&feat);
}

CTS_TEST(HogFeatures, model_sizes_modes, "REQ-0195 REQ-0196 REQ-0207 REQ-0208 REQ-0209 REQ-0210 REQ-0211 REQ-0212 "
                                        "REQ-0213 REQ-0214 REQ-0215 REQ-0216")
{
    vx_context c = cts_context();
    /* cell w/h, block w/h, block stride, bins, window w/h, window stride, threshold */
    vx_hog_t a = {8, 8, 16, 16, 8, 9, 32, 32, 32, 0.2f};
    vx_hog_t b = {4, 4, 8, 8, 4, 6, 16, 24, 8, 0.3f};
    vx_hog_t d = {4, 2, 8, 4, 4, 5, 12, 8, 4, 0.0f};
    vx_hog_t e = {8, 8, 16, 16, 8, 9, 64, 128, 16, 0.2f};
    int mode;
    for (mode = 0; mode < 3; mode++) {
        kh_features_case(c, 64, 64, a, mode, 8);
        kh_features_case(c, 71, 45, a, mode, 8);
        kh_features_case(c, 33, 27, b, mode, 8);
        kh_features_case(c, 29, 17, d, mode, 8);
        kh_features_case(c, 35, 27, b, mode, 4);
    }
    kh_features_case(c, 640, 480, e, 0, 8);
    kh_features_case(c, 640, 480, a, 1, 8);
}

static vx_status kh_features_verify(vx_context c, vx_image in, vx_tensor tm, vx_tensor tb, const vx_hog_t *p,
                                    vx_size size, vx_tensor feat)
{
    vx_graph g = vxCreateGraph(c);
    vx_node n = vxHOGFeaturesNode(g, in, tm, tb, p, size, feat);
    vx_status s = vxGetStatus((vx_reference)n);
    if (s == VX_SUCCESS) s = vxVerifyGraph(g);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(HogFeatures, validator_refusals, "REQ-0196 REQ-0208 REQ-0210 REQ-0211 REQ-0212 REQ-0213 REQ-0214 REQ-0215")
{
    vx_context c = cts_context();
    vx_hog_t p = {8, 8, 16, 16, 8, 9, 32, 32, 32, 0.2f}, q;
    vx_size fd[3];
    vx_image in = vxCreateImage(c, 64, 64, VX_DF_IMAGE_U8), u16 = vxCreateImage(c, 64, 64, VX_DF_IMAGE_U16);
    vx_tensor tm = kh_tensor(c, 2, 8, 8, 0, 0), tb = kh_tensor(c, 3, 8, 8, 9, 0), tb6 = kh_tensor(c, 3, 8, 8, 6, 0);
    vx_tensor feat, small;
    kh_feature_count(64, 64, &p, fd);
    feat = vxCreateTensor(c, 3, fd, VX_TYPE_INT16, 8);
    small = kh_tensor(c, 3, fd[0], fd[1], fd[2] - 1, 8);
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb, &p, sizeof(p), feat), VX_SUCCESS);
    CTS_EXPECT_STATUS(kh_features_verify(c, in, NULL, tb, &p, sizeof(p), feat), VX_SUCCESS);
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb, &p, 1, feat), VX_SUCCESS);
    CTS_EXPECT_STATUS(kh_features_verify(c, u16, tm, tb, &p, sizeof(p), feat), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb6, &p, sizeof(p), feat), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tb, tb, &p, sizeof(p), feat), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb, &p, sizeof(p), small), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb, NULL, sizeof(p), feat), VX_ERROR_NOT_SUFFICIENT);
    q = p, q.block_width = 12;
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb, &q, sizeof(q), feat), VX_ERROR_INVALID_VALUE);
    q = p, q.window_height = 36;
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb, &q, sizeof(q), feat), VX_ERROR_INVALID_VALUE);
    q = p, q.threshold = -1.0f;
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb, &q, sizeof(q), feat), VX_ERROR_INVALID_VALUE);
    q = p, q.block_stride = 0;
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb, &q, sizeof(q), feat), VX_ERROR_INVALID_VALUE);
    q = p, q.window_width = 128;
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb, &q, sizeof(q), feat), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_STATUS(kh_features_verify(c, in, tm, tb, &p, 7, feat), VX_ERROR_INVALID_PARAMETERS);
    vxReleaseImage(&in), vxReleaseImage(&u16);
    vxReleaseTensor(&tm), vxReleaseTensor(&tb), vxReleaseTensor(&tb6), vxReleaseTensor(&feat);
    vxReleaseTensor(&small);
}

/* ---- HoughLinesP --------------------------------------------------------------------- */

typedef struct {
    int x0, y0, x1, y1;
} kh_seg;

/* Draw segments (axis-aligned or 45-degree diagonals) into a w x h 0/255 map. */
static vx_uint8 *kh_draw(int w, int h, const kh_seg *s, int n)
{
    vx_uint8 *m = calloc((size_t)(w * h) + 1, 1);
    int i;
    for (i = 0; i < n; i++) {
        int dx = s[i].x1 > s[i].x0 ? 1 : s[i].x1 < s[i].x0 ? -1 : 0;
        int dy = s[i].y1 > s[i].y0 ? 1 : s[i].y1 < s[i].y0 ? -1 : 0;
        int x = s[i].x0, y = s[i].y0;
        for (;;) {
            m[y * w + x] = 255;
            if (x == s[i].x1 && y == s[i].y1) break;
            x += dx, y += dy;
        }
    }
    return m;
}

static vx_image kh_binary_image(vx_context c, int w, int h, const vx_uint8 *map, vx_df_image f)
{
    vx_image img;
    vx_rectangle_t r = {0, 0, (vx_uint32)w, (vx_uint32)h};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    int x, y, bs = (w + 7) / 8;
    vx_uint8 *bits;
    if (f == VX_DF_IMAGE_U8) return kh_image(c, (vx_uint32)w, (vx_uint32)h, map);
    img = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_U1);
    CTS_ASSERT_VALID(img);
    bits = calloc((size_t)(bs * h), 1);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if (map[y * w + x]) bits[y * bs + x / 8] |= (vx_uint8)(1u << (x % 8));
    a.dim_x = (vx_uint32)w;
    a.dim_y = (vx_uint32)h;
    a.stride_x = 0;
    a.stride_x_bits = 1;
    a.stride_y = bs;
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &a, bits, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    free(bits);
    return img;
}

static int kh_near(vx_float32 a, int b)
{
    return a >= (vx_float32)b - 1.0f && a <= (vx_float32)b + 1.0f;
}

/* Is line l the segment s (ends within a pixel, either orientation)? */
static int kh_same(const vx_line2d_t *l, const kh_seg *s)
{
    return (kh_near(l->start_x, s->x0) && kh_near(l->start_y, s->y0) && kh_near(l->end_x, s->x1) &&
            kh_near(l->end_y, s->y1)) ||
           (kh_near(l->start_x, s->x1) && kh_near(l->start_y, s->y1) && kh_near(l->end_x, s->x0) &&
            kh_near(l->end_y, s->y0));
}

/* Run HoughLinesP; returns the lines (count in *n, num_lines in *count). */
static vx_line2d_t *kh_hough(vx_context c, vx_image in, const vx_hough_lines_p_t *p, vx_size capacity, int graph_mode,
                             vx_size *n, vx_size *count)
{
    vx_array arr = vxCreateArray(c, VX_TYPE_LINE_2D, capacity);
    vx_size zero = 0;
    vx_scalar num = vxCreateScalar(c, VX_TYPE_SIZE, &zero);
    vx_line2d_t *l;
    if (graph_mode) {
        vx_graph g = vxCreateGraph(c);
        CTS_ASSERT_VALID(vxHoughLinesPNode(g, in, p, arr, num));
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseGraph(&g);
    } else {
        CTS_ASSERT_STATUS(vxuHoughLinesP(c, in, p, arr, num), VX_SUCCESS);
    }
    CTS_ASSERT_STATUS(vxQueryArray(arr, VX_ARRAY_NUMITEMS, n, sizeof(*n)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyScalar(num, count, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    l = malloc((*n + 1) * sizeof(*l));
    if (*n) CTS_ASSERT_STATUS(vxCopyArrayRange(arr, 0, *n, sizeof(*l), l, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    vxReleaseArray(&arr);
    vxReleaseScalar(&num);
    return l;
}

/* Every segment of `want` found exactly once, nothing else, start_x <= end_x. */
static void kh_expect_lines(const vx_line2d_t *l, vx_size n, const kh_seg *want, int nw, const char *what)
{
    vx_size i;
    int k;
    CTS_EXPECT_MSG(n == (vx_size)nw, "%s: %zu lines, expected %d", what, (size_t)n, nw);
    for (i = 0; i < n; i++) {
        int found = 0;
        CTS_EXPECT_MSG(l[i].start_x <= l[i].end_x, "%s: line %zu has start_x > end_x", what, (size_t)i);
        for (k = 0; k < nw; k++) found += kh_same(&l[i], &want[k]);
        CTS_EXPECT_MSG(found == 1, "%s: line %zu (%g,%g)-(%g,%g) is none of the drawn ones", what, (size_t)i,
                       (double)l[i].start_x, (double)l[i].start_y, (double)l[i].end_x, (double)l[i].end_y);
    }
}

static const kh_seg kh_lines[] = {{10, 10, 90, 10}, {20, 30, 20, 70}, {40, 30, 80, 70}, {95, 20, 55, 60}};

CTS_TEST(HoughLinesP, known_lines_formats_modes, "REQ-0236 REQ-0237 REQ-0238 REQ-0239 REQ-0240 REQ-0241 REQ-0242 "
                                                 "REQ-0243")
{
    vx_context c = cts_context();
    int w = 101, h = 77, fi, mode;
    vx_uint8 *map = kh_draw(w, h, kh_lines, 4);
    vx_hough_lines_p_t p = {1.0f, 3.14159265f / 180, 20, 20, 2, 3.14159265f, 0};
    static const vx_df_image fmts[2] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U1};
    for (fi = 0; fi < 2; fi++)
        for (mode = 0; mode < 2; mode++) {
            vx_image in = kh_binary_image(c, w, h, map, fmts[fi]);
            vx_size n = 0, count = 0;
            vx_line2d_t *l = kh_hough(c, in, &p, 100, mode, &n, &count);
            kh_expect_lines(l, n, kh_lines, 4, fi ? "U1" : "U8");
            CTS_EXPECT_EQ_INT(count, n);
            free(l);
            vxReleaseImage(&in);
        }
    free(map);
}

CTS_TEST(HoughLinesP, length_gap_region_capacity, "REQ-0236 REQ-0239 REQ-0240 REQ-0241 REQ-0242")
{
    vx_context c = cts_context();
    int w = 101, h = 77;
    /* a 60-pixel line with a 3-pixel hole, and a 15-pixel line */
    static const kh_seg parts[] = {{10, 50, 39, 50}, {43, 50, 72, 50}, {10, 20, 24, 20}};
    static const kh_seg whole = {10, 50, 72, 50}, both[2] = {{10, 50, 72, 50}, {10, 20, 24, 20}};
    vx_uint8 *map = kh_draw(w, h, parts, 3);
    vx_image in = kh_binary_image(c, w, h, map, VX_DF_IMAGE_U8);
    vx_hough_lines_p_t p = {1.0f, 3.14159265f / 180, 10, 20, 3, 3.14159265f, 0};
    vx_size n = 0, count = 0, i;
    vx_line2d_t *l;
    vx_rectangle_t r;
    /* gap 3 bridges the hole; the short line is below line_length */
    l = kh_hough(c, in, &p, 100, 1, &n, &count);
    kh_expect_lines(l, n, &whole, 1, "gap 3");
    free(l);
    /* gap 2 does not: no line spans the hole */
    p.line_gap = 2;
    l = kh_hough(c, in, &p, 100, 0, &n, &count);
    CTS_EXPECT(n >= 1);
    for (i = 0; i < n; i++)
        CTS_EXPECT_MSG(l[i].end_y == 50 && (l[i].end_x <= 39 || l[i].start_x >= 43),
                       "gap 2: line (%g,%g)-(%g,%g) spans the hole", (double)l[i].start_x, (double)l[i].start_y,
                       (double)l[i].end_x, (double)l[i].end_y);
    free(l);
    /* line_length 10: the short line too */
    p.line_gap = 3;
    p.line_length = 10;
    l = kh_hough(c, in, &p, 100, 1, &n, &count);
    kh_expect_lines(l, n, both, 2, "length 10");
    CTS_EXPECT_EQ_INT(count, 2);
    free(l);
    /* capacity 1: one line in the array, num_lines counts them all */
    l = kh_hough(c, in, &p, 1, 0, &n, &count);
    CTS_EXPECT_EQ_INT(n, 1);
    CTS_EXPECT_EQ_INT(count, 2);
    free(l);
    /* the valid rectangle (rows 30 .. 76) hides the short line */
    r.start_x = 0, r.start_y = 30, r.end_x = (vx_uint32)w, r.end_y = (vx_uint32)h;
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(in, &r), VX_SUCCESS);
    l = kh_hough(c, in, &p, 100, 1, &n, &count);
    kh_expect_lines(l, n, both, 1, "valid rectangle");
    free(l);
    vxReleaseImage(&in);
    /* an empty image and a 1x1 image: no lines */
    memset(map, 0, (size_t)(w * h));
    in = kh_binary_image(c, w, h, map, VX_DF_IMAGE_U1);
    l = kh_hough(c, in, &p, 10, 1, &n, &count);
    CTS_EXPECT_EQ_INT(n, 0);
    CTS_EXPECT_EQ_INT(count, 0);
    free(l);
    vxReleaseImage(&in);
    map[0] = 255;
    in = kh_binary_image(c, 1, 1, map, VX_DF_IMAGE_U8);
    l = kh_hough(c, in, &p, 10, 0, &n, &count);
    CTS_EXPECT_EQ_INT(n, 0);
    free(l);
    vxReleaseImage(&in);
    free(map);
}

CTS_TEST(HoughLinesP, deterministic_and_virtual_count, "REQ-0236 REQ-0241 REQ-0242")
{
    /* the same input gives the same lines; num_lines may be left out */
    vx_context c = cts_context();
    int w = 120, h = 90, i;
    vx_uint8 *map = kh_draw(w, h, kh_lines, 4);
    vx_image in;
    vx_hough_lines_p_t p = {2.0f, 3.14159265f / 90, 15, 15, 4, 3.14159265f, 0};
    vx_size n1 = 0, n2 = 0, c1 = 0, c2 = 0;
    vx_line2d_t *a, *b;
    kh_seed = 5;
    for (i = 0; i < w * h / 20; i++) map[kh_rand() % (unsigned)(w * h)] = 255; /* noise */
    in = kh_binary_image(c, w, h, map, VX_DF_IMAGE_U8);
    a = kh_hough(c, in, &p, 1000, 0, &n1, &c1);
    b = kh_hough(c, in, &p, 1000, 1, &n2, &c2);
    CTS_EXPECT_EQ_INT(n1, n2);
    CTS_EXPECT(n1 == n2 && memcmp(a, b, n1 * sizeof(*a)) == 0);
    {
        vx_graph g = vxCreateGraph(c);
        vx_array arr = vxCreateVirtualArray(g, 0, 0);
        CTS_ASSERT_VALID(vxHoughLinesPNode(g, in, &p, arr, NULL));
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseArray(&arr);
        vxReleaseGraph(&g);
    }
    free(a), free(b), free(map);
    vxReleaseImage(&in);
}

static vx_status kh_hough_verify(vx_context c, vx_image in, const vx_hough_lines_p_t *p, vx_array arr, vx_scalar num)
{
    vx_graph g = vxCreateGraph(c);
    vx_node n = vxHoughLinesPNode(g, in, p, arr, num);
    vx_status s = vxGetStatus((vx_reference)n);
    if (s == VX_SUCCESS) s = vxVerifyGraph(g);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(HoughLinesP, validator_refusals, "REQ-0239 REQ-0240 REQ-0241 REQ-0242")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 32, 32, VX_DF_IMAGE_U8), s16 = vxCreateImage(c, 32, 32, VX_DF_IMAGE_S16);
    vx_array arr = vxCreateArray(c, VX_TYPE_LINE_2D, 10), kp = vxCreateArray(c, VX_TYPE_KEYPOINT, 10);
    vx_size z = 0;
    vx_uint32 u = 0;
    vx_scalar num = vxCreateScalar(c, VX_TYPE_SIZE, &z), num32 = vxCreateScalar(c, VX_TYPE_UINT32, &u);
    vx_hough_lines_p_t p = {1.0f, 3.14159265f / 180, 10, 10, 2, 3.14159265f, 0}, q;
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, &p, arr, num), VX_SUCCESS);
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, &p, arr, NULL), VX_SUCCESS);
    CTS_EXPECT_STATUS(kh_hough_verify(c, s16, &p, arr, num), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, &p, kp, num), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, &p, arr, num32), VX_ERROR_INVALID_TYPE);
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, NULL, arr, num), VX_ERROR_NOT_SUFFICIENT);
    q = p, q.rho = 0;
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, &q, arr, num), VX_ERROR_INVALID_VALUE);
    q = p, q.theta = -1;
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, &q, arr, num), VX_ERROR_INVALID_VALUE);
    q = p, q.theta_max = 0;
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, &q, arr, num), VX_ERROR_INVALID_VALUE);
    q = p, q.threshold = 0;
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, &q, arr, num), VX_ERROR_INVALID_VALUE);
    q = p, q.line_gap = -1;
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, &q, arr, num), VX_ERROR_INVALID_VALUE);
    q = p, q.rho = 1e-7f;
    CTS_EXPECT_STATUS(kh_hough_verify(c, in, &q, arr, num), VX_ERROR_INVALID_VALUE);
    vxReleaseImage(&in), vxReleaseImage(&s16);
    vxReleaseArray(&arr), vxReleaseArray(&kp);
    vxReleaseScalar(&num), vxReleaseScalar(&num32);
}

CTS_TABLE(k_hog) = {
    CTS_ENTRY(HogCells, model_sizes_cells_bins),
    CTS_ENTRY(HogCells, magnitudes_optional),
    CTS_ENTRY(HogCells, orientation_edges),
    CTS_ENTRY(HogCells, validator_refusals),
    CTS_ENTRY(HogFeatures, model_sizes_modes),
    CTS_ENTRY(HogFeatures, validator_refusals),
    CTS_ENTRY(HoughLinesP, known_lines_formats_modes),
    CTS_ENTRY(HoughLinesP, length_gap_region_capacity),
    CTS_ENTRY(HoughLinesP, deterministic_and_virtual_count),
    CTS_ENTRY(HoughLinesP, validator_refusals),
    CTS_TABLE_END,
};
