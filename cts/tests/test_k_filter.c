/*
 * Conformance tests: filters and morphology (Box3x3, Gaussian3x3, Median3x3,
 * Dilate3x3, Erode3x3, Sobel3x3, Convolve, NonLinearFilter, Magnitude, Phase).
 *
 * Each function is checked against a plain scalar model written here from
 * the spec's formula, on random data of several sizes, in every border mode
 * and format the spec allows, in graph mode and in immediate mode.  Under
 * VX_BORDER_UNDEFINED only the pixels whose whole neighbourhood lies inside
 * the image are compared.
 */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

#define OVX_TEST_PI 3.14159265358979323846

#include "timg.h"

/* Compare got with ref on [l, w - r) x [t, h - b) (the whole image for
 * defined borders); report the first mismatch. */
static void compare(const timg *ref, const timg *got, int l, int r, int t, int b, int tol, const char *what)
{
    CTS_ASSERT_EQ_INT(got->w, ref->w);
    CTS_ASSERT_EQ_INT(got->h, ref->h);
    for (int y = t; y < ref->h - b; y++)
        for (int x = l; x < ref->w - r; x++) {
            int e = ref->p[y * ref->w + x], g = got->p[y * ref->w + x], d = abs(e - g);
            if (tol > 0 && ref->f == VX_DF_IMAGE_U8) d = d < 256 - d ? d : 256 - d; /* phase wraps */
            if (d > tol) {
                cts_fail(__FILE__, __LINE__, 1, "%s %dx%d: pixel (%d,%d) is %d, expected %d", what, ref->w, ref->h,
                         x, y, g, e);
                return;
            }
        }
}

/* ---- reference models ----------------------------------------------------- */

static int ref_px(const timg *s, int x, int y, const vx_border_t *b)
{
    if (x < 0 || y < 0 || x >= s->w || y >= s->h) {
        if (b->mode == VX_BORDER_CONSTANT)
            return s->f == VX_DF_IMAGE_U1 ? (b->constant_value.U1 ? 1 : 0) : b->constant_value.U8;
        x = x < 0 ? 0 : (x >= s->w ? s->w - 1 : x);
        y = y < 0 ? 0 : (y >= s->h ? s->h - 1 : y);
    }
    return s->p[y * s->w + x];
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

enum { F_BOX, F_GAUSSIAN, F_MEDIAN, F_DILATE, F_ERODE };

static timg ref_filter3x3(int fn, const timg *s, const vx_border_t *b)
{
    static const int gk[9] = {1, 2, 1, 2, 4, 2, 1, 2, 1};
    timg d = timg_new(s->w, s->h, s->f);
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            int v[9], k = 0, r = 0;
            for (int j = -1; j <= 1; j++)
                for (int i = -1; i <= 1; i++) v[k++] = ref_px(s, x + i, y + j, b);
            switch (fn) {
            case F_BOX:
                for (k = 0; k < 9; k++) r += v[k];
                r /= 9;
                break;
            case F_GAUSSIAN:
                for (k = 0; k < 9; k++) r += v[k] * gk[k];
                r /= 16;
                break;
            default:
                qsort(v, 9, sizeof(int), cmp_int);
                r = fn == F_MEDIAN ? v[4] : (fn == F_DILATE ? v[8] : v[0]);
            }
            d.p[y * s->w + x] = r;
        }
    return d;
}

/* spec "Custom Convolution": sum_{k,l} input(x + k0 - k, y + l0 - l) C(k, l) */
static timg ref_convolve(const timg *s, const vx_int16 *c, int cols, int rows, vx_uint32 scale, vx_df_image of,
                         const vx_border_t *b)
{
    timg d = timg_new(s->w, s->h, of);
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            long long sum = 0, v;
            for (int l = 0; l < rows; l++)
                for (int k = 0; k < cols; k++)
                    sum += (long long)ref_px(s, x + cols / 2 - k, y + rows / 2 - l, b) * c[l * cols + k];
            v = sum / (long long)scale;
            d.p[y * s->w + x] = of == VX_DF_IMAGE_U8 ? (int)(v < 0 ? 0 : (v > 255 ? 255 : v))
                                                     : (int)(v < -32768 ? -32768 : (v > 32767 ? 32767 : v));
        }
    return d;
}

static timg ref_nonlinear(vx_enum fn, const timg *s, const vx_uint8 *mask, int cols, int rows, int ox, int oy,
                          const vx_border_t *b)
{
    timg d = timg_new(s->w, s->h, s->f);
    int v[81];
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
            int n = 0;
            for (int j = 0; j < rows; j++)
                for (int i = 0; i < cols; i++)
                    if (mask[j * cols + i]) v[n++] = ref_px(s, x + i - ox, y + j - oy, b);
            qsort(v, (size_t)n, sizeof(int), cmp_int);
            d.p[y * s->w + x] = fn == VX_NONLINEAR_FILTER_MIN ? v[0] : (fn == VX_NONLINEAR_FILTER_MAX ? v[n - 1] : v[n / 2]);
        }
    return d;
}

static void ref_sobel(const timg *s, const vx_border_t *b, timg *gx, timg *gy)
{
    *gx = timg_new(s->w, s->h, VX_DF_IMAGE_S16);
    *gy = timg_new(s->w, s->h, VX_DF_IMAGE_S16);
    for (int y = 0; y < s->h; y++)
        for (int x = 0; x < s->w; x++) {
#define P(i, j) ref_px(s, x + (i), y + (j), b)
            gx->p[y * s->w + x] = -P(-1, -1) + P(1, -1) - 2 * P(-1, 0) + 2 * P(1, 0) - P(-1, 1) + P(1, 1);
            gy->p[y * s->w + x] = -P(-1, -1) - 2 * P(0, -1) - P(1, -1) + P(-1, 1) + 2 * P(0, 1) + P(1, 1);
#undef P
        }
}

/* The tests link without libm: an exact integer square root and a plain
 * series arctangent are enough for the models. */
static vx_uint32 isqrt_u64(unsigned long long v)
{
    unsigned long long r = 0, bit = 1ull << 62;
    while (bit > v) bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return (vx_uint32)r;
}

static double sqrt_d(double v)
{
    double r = v > 1.0 ? v : 1.0;
    if (v <= 0.0) return 0.0;
    for (int i = 0; i < 200; i++) {
        double n = 0.5 * (r + v / r);
        if (n == r) break;
        r = n;
    }
    return r;
}

/* atan(t) for any t: reduce to |t| <= 1, halve the angle three times, then
 * the Taylor series. */
static double atan_d(double t)
{
    double sum = 0.0, term, t2;
    int neg = t < 0, inv = 0, k;
    if (neg) t = -t;
    if (t > 1.0) {
        t = 1.0 / t;
        inv = 1;
    }
    for (k = 0; k < 3; k++) t = t / (1.0 + sqrt_d(1.0 + t * t));
    t2 = t * t;
    term = t;
    for (k = 0; k < 40; k++) {
        sum += term / (2 * k + 1);
        term *= -t2;
    }
    sum *= 8.0;
    if (inv) sum = OVX_TEST_PI / 2 - sum;
    return neg ? -sum : sum;
}

/* angle of (x, y) in [0, 2 pi) */
static double angle_d(int x, int y)
{
    double a;
    if (x == 0 && y == 0) return 0.0;
    if (x == 0) return y > 0 ? OVX_TEST_PI / 2 : 3 * OVX_TEST_PI / 2;
    a = atan_d((double)y / (double)x);
    if (x < 0) a += OVX_TEST_PI;
    if (a < 0) a += 2 * OVX_TEST_PI;
    return a;
}

static timg ref_magnitude(const timg *gx, const timg *gy)
{
    timg d = timg_new(gx->w, gx->h, VX_DF_IMAGE_S16);
    for (int i = 0; i < gx->w * gx->h; i++) {
        /* the spec's definition: sqrt(x^2 + y^2) + 0.5, truncated, saturated */
        unsigned long long v = (unsigned long long)((long long)gx->p[i] * gx->p[i]) +
                               (unsigned long long)((long long)gy->p[i] * gy->p[i]);
        vx_uint32 r = isqrt_u64(v), z = v > (unsigned long long)r * r + r ? r + 1 : r;
        d.p[i] = z > 32767 ? 32767 : (int)z;
    }
    return d;
}

static timg ref_phase(const timg *gx, const timg *gy)
{
    timg d = timg_new(gx->w, gx->h, VX_DF_IMAGE_U8);
    for (int i = 0; i < gx->w * gx->h; i++) {
        double a = angle_d(gx->p[i], gy->p[i]); /* [0, 2 pi) */
        d.p[i] = (int)(a * 256.0 / (2.0 * OVX_TEST_PI) + 0.5) % 256;
    }
    return d;
}

/* ---- running a node -------------------------------------------------------- */

static const int sizes[][2] = {{1, 1}, {2, 3}, {7, 5}, {33, 17}, {640, 480}};
#define NSIZES ((int)(sizeof(sizes) / sizeof(sizes[0])))

static vx_border_t border_of(int i, vx_df_image f)
{
    vx_border_t b;
    memset(&b, 0, sizeof(b));
    switch (i) {
    case 0: b.mode = VX_BORDER_UNDEFINED; break;
    case 1: b.mode = VX_BORDER_REPLICATE; break;
    case 2:
        b.mode = VX_BORDER_CONSTANT;
        if (f == VX_DF_IMAGE_U1)
            b.constant_value.U1 = vx_true_e;
        else
            b.constant_value.U8 = 200;
        break;
    default:
        b.mode = VX_BORDER_CONSTANT;
        b.constant_value.U8 = 0;
    }
    return b;
}
#define NBORDERS 4

/* Verify and process a graph whose only node is node, with border b. */
static void run_graph(vx_graph g, vx_node node, const vx_border_t *b)
{
    CTS_ASSERT_VALID(node);
    CTS_ASSERT_STATUS(vxSetNodeAttribute(node, VX_NODE_BORDER, b, sizeof(*b)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxReleaseNode(&node), VX_SUCCESS);
}

static void set_immediate_border(vx_context c, const vx_border_t *b)
{
    CTS_ASSERT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_IMMEDIATE_BORDER, b, sizeof(*b)), VX_SUCCESS);
}

static void check_filter3x3(int fn, vx_df_image f)
{
    static const char *names[] = {"box", "gaussian", "median", "dilate", "erode"};
    vx_context c = cts_context();
    rng_seed(100 + (vx_uint32)fn);
    for (int si = 0; si < NSIZES; si++)
        for (int bi = 0; bi < NBORDERS; bi++)
            for (int mode = 0; mode < 2; mode++) {
                int w = sizes[si][0], h = sizes[si][1], e = bi == 0 ? 1 : 0;
                vx_border_t b = border_of(bi, f);
                timg src = timg_random(w, h, f), ref = ref_filter3x3(fn, &src, &b), got;
                vx_image in = mk_image(c, &src), out = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, f);
                CTS_ASSERT_VALID(out);
                if (mode == 0) {
                    vx_graph g = vxCreateGraph(c);
                    vx_node n = NULL;
                    CTS_ASSERT_VALID(g);
                    switch (fn) {
                    case F_BOX: n = vxBox3x3Node(g, in, out); break;
                    case F_GAUSSIAN: n = vxGaussian3x3Node(g, in, out); break;
                    case F_MEDIAN: n = vxMedian3x3Node(g, in, out); break;
                    case F_DILATE: n = vxDilate3x3Node(g, in, out); break;
                    default: n = vxErode3x3Node(g, in, out); break;
                    }
                    run_graph(g, n, &b);
                    CTS_EXPECT_STATUS(vxReleaseGraph(&g), VX_SUCCESS);
                } else {
                    vx_status s;
                    set_immediate_border(c, &b);
                    switch (fn) {
                    case F_BOX: s = vxuBox3x3(c, in, out); break;
                    case F_GAUSSIAN: s = vxuGaussian3x3(c, in, out); break;
                    case F_MEDIAN: s = vxuMedian3x3(c, in, out); break;
                    case F_DILATE: s = vxuDilate3x3(c, in, out); break;
                    default: s = vxuErode3x3(c, in, out); break;
                    }
                    CTS_ASSERT_STATUS(s, VX_SUCCESS);
                }
                got = timg_read(out);
                compare(&ref, &got, e, e, e, e, 0, names[fn]);
                free(src.p);
                free(ref.p);
                free(got.p);
                vxReleaseImage(&in);
                vxReleaseImage(&out);
            }
}

CTS_TEST(KFilter, box3x3, "REQ-0068 REQ-0069 REQ-0070 REQ-0071 REQ-0072")
{
    check_filter3x3(F_BOX, VX_DF_IMAGE_U8);
}

CTS_TEST(KFilter, gaussian3x3, "REQ-0181 REQ-0182 REQ-0183 REQ-0184 REQ-0186")
{
    check_filter3x3(F_GAUSSIAN, VX_DF_IMAGE_U8);
}

CTS_TEST(KFilter, median3x3_u8, "REQ-0300 REQ-0301 REQ-0302 REQ-0303 REQ-0304 REQ-0305")
{
    check_filter3x3(F_MEDIAN, VX_DF_IMAGE_U8);
}

CTS_TEST(KFilter, median3x3_u1, "REQ-0300 REQ-0302 REQ-0303 REQ-0304")
{
    check_filter3x3(F_MEDIAN, VX_DF_IMAGE_U1);
}

CTS_TEST(KFilter, dilate3x3_u8, "REQ-0156 REQ-0157 REQ-0158 REQ-0159 REQ-0160")
{
    check_filter3x3(F_DILATE, VX_DF_IMAGE_U8);
}

CTS_TEST(KFilter, dilate3x3_u1, "REQ-0156 REQ-0158 REQ-0159")
{
    check_filter3x3(F_DILATE, VX_DF_IMAGE_U1);
}

CTS_TEST(KFilter, erode3x3_u8, "REQ-0167 REQ-0168 REQ-0169 REQ-0170 REQ-0171")
{
    check_filter3x3(F_ERODE, VX_DF_IMAGE_U8);
}

CTS_TEST(KFilter, erode3x3_u1, "REQ-0167 REQ-0169 REQ-0170")
{
    check_filter3x3(F_ERODE, VX_DF_IMAGE_U1);
}

CTS_TEST(KFilter, sobel3x3, "REQ-0415 REQ-0416 REQ-0417 REQ-0418 REQ-0419 REQ-0420")
{
    vx_context c = cts_context();
    rng_seed(7);
    for (int si = 0; si < NSIZES; si++)
        for (int bi = 0; bi < NBORDERS; bi++)
            for (int mode = 0; mode < 2; mode++)
                for (int outs = 1; outs <= 3; outs++) { /* bit 0: x, bit 1: y */
                    int w = sizes[si][0], h = sizes[si][1], e = bi == 0 ? 1 : 0;
                    vx_border_t b = border_of(bi, VX_DF_IMAGE_U8);
                    timg src = timg_random(w, h, VX_DF_IMAGE_U8), rx, ry;
                    vx_image in = mk_image(c, &src), ox = NULL, oy = NULL;
                    ref_sobel(&src, &b, &rx, &ry);
                    if (outs & 1) ox = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_S16);
                    if (outs & 2) oy = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_S16);
                    if (mode == 0) {
                        vx_graph g = vxCreateGraph(c);
                        run_graph(g, vxSobel3x3Node(g, in, ox, oy), &b);
                        vxReleaseGraph(&g);
                    } else {
                        set_immediate_border(c, &b);
                        CTS_ASSERT_STATUS(vxuSobel3x3(c, in, ox, oy), VX_SUCCESS);
                    }
                    if (ox) {
                        timg got = timg_read(ox);
                        compare(&rx, &got, e, e, e, e, 0, "sobel x");
                        free(got.p);
                    }
                    if (oy) {
                        timg got = timg_read(oy);
                        compare(&ry, &got, e, e, e, e, 0, "sobel y");
                        free(got.p);
                    }
                    free(src.p);
                    free(rx.p);
                    free(ry.p);
                    vxReleaseImage(&in);
                    if (ox) vxReleaseImage(&ox);
                    if (oy) vxReleaseImage(&oy);
                }
}

#define OVX_CONV_TEST_MAX 31

static void check_convolve(vx_context c, int cols, int rows, vx_uint32 scale, int cmax, vx_df_image of, int w, int h,
                           int bi, int mode)
{
    vx_int16 coef[OVX_CONV_TEST_MAX * OVX_CONV_TEST_MAX];
    vx_border_t b = border_of(bi, VX_DF_IMAGE_U8);
    timg src = timg_random(w, h, VX_DF_IMAGE_U8), ref, got;
    vx_image in = mk_image(c, &src), out = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, of);
    vx_convolution cv = vxCreateConvolution(c, (vx_size)cols, (vx_size)rows);
    CTS_ASSERT_VALID(cv);
    for (int i = 0; i < cols * rows; i++) coef[i] = (vx_int16)rng_int(-cmax, cmax - 1);
    CTS_ASSERT_STATUS(vxCopyConvolutionCoefficients(cv, coef, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetConvolutionAttribute(cv, VX_CONVOLUTION_SCALE, &scale, sizeof(scale)), VX_SUCCESS);
    ref = ref_convolve(&src, coef, cols, rows, scale, of, &b);
    if (mode == 0) {
        vx_graph g = vxCreateGraph(c);
        run_graph(g, vxConvolveNode(g, in, cv, out), &b);
        vxReleaseGraph(&g);
    } else {
        set_immediate_border(c, &b);
        CTS_ASSERT_STATUS(vxuConvolve(c, in, cv, out), VX_SUCCESS);
    }
    got = timg_read(out);
    {
        int ex = bi == 0 ? cols / 2 : 0, ey = bi == 0 ? rows / 2 : 0;
        compare(&ref, &got, ex, ex, ey, ey, 0, "convolve");
    }
    free(src.p);
    free(ref.p);
    free(got.p);
    vxReleaseConvolution(&cv);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}
CTS_TEST(KFilter, convolve, "REQ-0139 REQ-0140 REQ-0141 REQ-0142 REQ-0143 REQ-0144 REQ-0145 REQ-0146 REQ-0147 "
                            "REQ-0149")
{
    static const int shapes[][2] = {{3, 3}, {5, 3}, {3, 7}, {7, 7}};
    static const vx_uint32 scales[] = {1, 2, 16, 1u << 30};
    vx_context c = cts_context();
    rng_seed(11);
    for (int k = 0; k < 4; k++)
        for (int si = 1; si < NSIZES; si++)
            for (int bi = 0; bi < NBORDERS; bi++)
                for (int mode = 0; mode < 2; mode++) {
                    vx_df_image of = (k + bi + mode) % 2 ? VX_DF_IMAGE_U8 : VX_DF_IMAGE_S16;
                    int cmax = (k + si) % 2 ? 32768 : 8;
                    check_convolve(c, shapes[k][0], shapes[k][1], scales[(si + bi) % 4], cmax, of, sizes[si][0],
                                   sizes[si][1], bi, mode);
                }
}

CTS_TEST(KFilter, convolve_max_dimension, "REQ-0139 REQ-0142 REQ-0143")
{
    vx_context c = cts_context();
    vx_size max = 0;
    CTS_ASSERT_STATUS(vxQueryContext(c, VX_CONTEXT_CONVOLUTION_MAX_DIMENSION, &max, sizeof(max)), VX_SUCCESS);
    CTS_ASSERT(max >= 9 && max <= OVX_CONV_TEST_MAX);
    rng_seed(12);
    /* a 1x1 image, a small and an odd image; the largest kernel; both outputs */
    check_convolve(c, (int)max, (int)max, 1, 32768, VX_DF_IMAGE_S16, 1, 1, 1, 0);
    check_convolve(c, (int)max, 3, 4, 32768, VX_DF_IMAGE_S16, 33, 17, 2, 1);
    check_convolve(c, (int)max, (int)max, 256, 200, VX_DF_IMAGE_U8, 41, 37, 0, 0);
    check_convolve(c, 3, (int)max, 1u << 30, 32768, VX_DF_IMAGE_U8, 64, 64, 1, 1);
}

static void check_nonlinear(vx_context c, vx_enum fn, vx_df_image f, vx_matrix m, int w, int h, int bi, int mode)
{
    vx_size cols = 0, rows = 0;
    vx_coordinates2d_t org = {0, 0};
    vx_uint8 mask[81];
    vx_border_t b = border_of(bi, f);
    timg src = timg_random(w, h, f), ref, got;
    vx_image in = mk_image(c, &src), out = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, f);
    CTS_ASSERT_STATUS(vxQueryMatrix(m, VX_MATRIX_COLUMNS, &cols, sizeof(cols)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryMatrix(m, VX_MATRIX_ROWS, &rows, sizeof(rows)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxQueryMatrix(m, VX_MATRIX_ORIGIN, &org, sizeof(org)), VX_SUCCESS);
    CTS_ASSERT(cols * rows <= 81);
    CTS_ASSERT_STATUS(vxCopyMatrix(m, mask, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    ref = ref_nonlinear(fn, &src, mask, (int)cols, (int)rows, (int)org.x, (int)org.y, &b);
    if (mode == 0) {
        vx_graph g = vxCreateGraph(c);
        run_graph(g, vxNonLinearFilterNode(g, fn, in, m, out), &b);
        vxReleaseGraph(&g);
    } else {
        set_immediate_border(c, &b);
        CTS_ASSERT_STATUS(vxuNonLinearFilter(c, fn, in, m, out), VX_SUCCESS);
    }
    got = timg_read(out);
    if (bi == 0)
        compare(&ref, &got, (int)org.x, (int)(cols - org.x - 1), (int)org.y, (int)(rows - org.y - 1), 0, "nonlinear");
    else
        compare(&ref, &got, 0, 0, 0, 0, 0, "nonlinear");
    free(src.p);
    free(ref.p);
    free(got.p);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
}

static const vx_enum nl_functions[] = {VX_NONLINEAR_FILTER_MEDIAN, VX_NONLINEAR_FILTER_MIN, VX_NONLINEAR_FILTER_MAX};

static void check_nonlinear_patterns(vx_df_image f)
{
    static const vx_enum patterns[] = {VX_PATTERN_BOX, VX_PATTERN_CROSS, VX_PATTERN_DISK};
    static const int msize[] = {3, 5, 9};
    vx_context c = cts_context();
    rng_seed(f == VX_DF_IMAGE_U1 ? 21 : 22);
    for (int fi = 0; fi < 3; fi++)
        for (int pi = 0; pi < 3; pi++)
            for (int mi = 0; mi < 3; mi++)
                for (int si = 0; si < NSIZES; si++) {
                    int bi = (fi + pi + mi + si) % NBORDERS, mode = (pi + si) % 2;
                    int n = msize[mi];
                    vx_matrix m;
                    if (si == NSIZES - 1 && mi != 0) continue; /* the large image: 3x3 masks only */
                    if ((fi + mi) % 2)
                        m = vxCreateMatrixFromPatternAndOrigin(c, patterns[pi], (vx_size)n, (vx_size)n,
                                                               (vx_size)(n / 2 - 1), (vx_size)(n - 1));
                    else
                        m = vxCreateMatrixFromPattern(c, patterns[pi], (vx_size)n, (vx_size)n);
                    CTS_ASSERT_VALID(m);
                    check_nonlinear(c, nl_functions[fi], f, m, sizes[si][0], sizes[si][1], bi, mode);
                    vxReleaseMatrix(&m);
                }
}

CTS_TEST(KFilter, nonlinear_u8, "REQ-0325 REQ-0326 REQ-0327 REQ-0328 REQ-0329 REQ-0330 REQ-0331 REQ-0332 REQ-0333")
{
    check_nonlinear_patterns(VX_DF_IMAGE_U8);
}

CTS_TEST(KFilter, nonlinear_u1, "REQ-0325 REQ-0329 REQ-0330 REQ-0331 REQ-0332")
{
    check_nonlinear_patterns(VX_DF_IMAGE_U1);
}

CTS_TEST(KFilter, nonlinear_other_mask, "REQ-0326 REQ-0330")
{
    /* a non-square matrix of the application's own (vxCreateMatrix), random taps */
    vx_context c = cts_context();
    rng_seed(23);
    for (int k = 0; k < 6; k++) {
        int cols = 1 + rng_int(0, 8), rows = 1 + rng_int(0, 8);
        vx_uint8 mask[81];
        vx_matrix m = vxCreateMatrix(c, VX_TYPE_UINT8, (vx_size)cols, (vx_size)rows);
        CTS_ASSERT_VALID(m);
        for (int i = 0; i < cols * rows; i++) mask[i] = (vx_uint8)(rng_int(0, 2) ? 255 : 0);
        mask[rng_int(0, cols * rows - 1)] = 1; /* at least one tap */
        CTS_ASSERT_STATUS(vxCopyMatrix(m, mask, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        check_nonlinear(c, nl_functions[k % 3], k < 3 ? VX_DF_IMAGE_U8 : VX_DF_IMAGE_U1, m, 29 + k, 13 + k, k % 4,
                        k % 2);
        vxReleaseMatrix(&m);
    }
}

static void check_gradient_fn(int phase)
{
    vx_context c = cts_context();
    rng_seed(phase ? 31 : 32);
    for (int si = 0; si < NSIZES; si++)
        for (int mode = 0; mode < 2; mode++) {
            int w = sizes[si][0], h = sizes[si][1];
            timg gx = timg_random(w, h, VX_DF_IMAGE_S16), gy = timg_random(w, h, VX_DF_IMAGE_S16), ref, got;
            vx_image ix, iy, out;
            /* extremes and zeros */
            static const int ext[] = {-32768, 32767, 0, 1, -1};
            for (int i = 0; i < w * h && i < 25; i++) {
                gx.p[i] = ext[i % 5];
                gy.p[i] = ext[(i / 5) % 5];
            }
            ix = mk_image(c, &gx);
            iy = mk_image(c, &gy);
            out = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, phase ? VX_DF_IMAGE_U8 : VX_DF_IMAGE_S16);
            ref = phase ? ref_phase(&gx, &gy) : ref_magnitude(&gx, &gy);
            if (mode == 0) {
                vx_graph g = vxCreateGraph(c);
                vx_border_t b = border_of(0, VX_DF_IMAGE_U8);
                run_graph(g, phase ? vxPhaseNode(g, ix, iy, out) : vxMagnitudeNode(g, ix, iy, out), &b);
                vxReleaseGraph(&g);
            } else {
                CTS_ASSERT_STATUS(phase ? vxuPhase(c, ix, iy, out) : vxuMagnitude(c, ix, iy, out), VX_SUCCESS);
            }
            got = timg_read(out);
            compare(&ref, &got, 0, 0, 0, 0, phase ? 1 : 0, phase ? "phase" : "magnitude");
            free(gx.p);
            free(gy.p);
            free(ref.p);
            free(got.p);
            vxReleaseImage(&ix);
            vxReleaseImage(&iy);
            vxReleaseImage(&out);
        }
}

CTS_TEST(KFilter, magnitude, "REQ-0270 REQ-0271 REQ-0272 REQ-0273 REQ-0274 REQ-0276")
{
    check_gradient_fn(0);
}

CTS_TEST(KFilter, phase, "REQ-0364 REQ-0365 REQ-0366 REQ-0367 REQ-0368 REQ-0370")
{
    check_gradient_fn(1);
}

/* Gaussian -> Sobel -> Magnitude and Phase through virtual images whose
 * formats the graph finds (S16 gradients, U8 blur). */
CTS_TEST(KFilter, virtual_chain, "REQ-0140 REQ-0181 REQ-0270 REQ-0364 REQ-0415")
{
    vx_context c = cts_context();
    const int w = 97, h = 61;
    vx_border_t b = border_of(1, VX_DF_IMAGE_U8);
    timg src, blur, gx, gy, rmag, rph, rconv, got;
    vx_image in, vblur, vgx, vgy, mag, ph, vconv, conv_out;
    vx_graph g;
    vx_convolution cv;
    vx_int16 coef[9] = {1, 2, 3, -4, 5, -6, 7, 8, -9};
    vx_node n[6];
    rng_seed(41);
    src = timg_random(w, h, VX_DF_IMAGE_U8);
    blur = ref_filter3x3(F_GAUSSIAN, &src, &b);
    ref_sobel(&blur, &b, &gx, &gy);
    rmag = ref_magnitude(&gx, &gy);
    rph = ref_phase(&gx, &gy);
    rconv = ref_convolve(&src, coef, 3, 3, 1, VX_DF_IMAGE_S16, &b);
    in = mk_image(c, &src);
    g = vxCreateGraph(c);
    CTS_ASSERT_VALID(g);
    vblur = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vgx = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vgy = vxCreateVirtualImage(g, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_S16);
    vconv = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT); /* Convolve picks S16 */
    mag = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_S16);
    ph = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_U8);
    conv_out = vxCreateImage(c, (vx_uint32)w, (vx_uint32)h, VX_DF_IMAGE_S16);
    cv = vxCreateConvolution(c, 3, 3);
    CTS_ASSERT_STATUS(vxCopyConvolutionCoefficients(cv, coef, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    n[0] = vxGaussian3x3Node(g, in, vblur);
    n[1] = vxSobel3x3Node(g, vblur, vgx, vgy);
    n[2] = vxMagnitudeNode(g, vgx, vgy, mag);
    n[3] = vxPhaseNode(g, vgx, vgy, ph);
    n[4] = vxConvolveNode(g, in, cv, vconv);
    n[5] = vxMagnitudeNode(g, vconv, vconv, conv_out); /* |c| * sqrt(2) */
    for (int i = 0; i < 6; i++) {
        CTS_ASSERT_VALID(n[i]);
        CTS_ASSERT_STATUS(vxSetNodeAttribute(n[i], VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
    }
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    got = timg_read(mag);
    compare(&rmag, &got, 0, 0, 0, 0, 0, "gaussian-sobel-magnitude");
    free(got.p);
    got = timg_read(ph);
    compare(&rph, &got, 0, 0, 0, 0, 1, "gaussian-sobel-phase");
    free(got.p);
    {
        timg rc2 = ref_magnitude(&rconv, &rconv);
        got = timg_read(conv_out);
        compare(&rc2, &got, 0, 0, 0, 0, 0, "convolve(S16 virtual)-magnitude");
        free(got.p);
        free(rc2.p);
    }
    for (int i = 0; i < 6; i++) vxReleaseNode(&n[i]);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&vblur);
    vxReleaseImage(&vgx);
    vxReleaseImage(&vgy);
    vxReleaseImage(&vconv);
    vxReleaseImage(&mag);
    vxReleaseImage(&ph);
    vxReleaseImage(&conv_out);
    vxReleaseConvolution(&cv);
    free(src.p);
    free(blur.p);
    free(gx.p);
    free(gy.p);
    free(rmag.p);
    free(rph.p);
    free(rconv.p);
}

/* Sub-images (ROIs) as input and output: the ROI is an image of its own,
 * its border is the ROI's edge. */
CTS_TEST(KFilter, roi_images, "REQ-0068 REQ-0156 REQ-0330")
{
    vx_context c = cts_context();
    rng_seed(51);
    for (int k = 0; k < 2; k++) {
        vx_df_image f = k ? VX_DF_IMAGE_U1 : VX_DF_IMAGE_U8;
        timg big = timg_random(64, 40, f), sub, ref, got, ref2;
        vx_image in = mk_image(c, &big), out = vxCreateImage(c, 64, 40, f), iroi, oroi;
        vx_rectangle_t r = {8, 5, 45, 30};
        vx_border_t b = border_of(1, f);
        vx_matrix m = vxCreateMatrixFromPattern(c, VX_PATTERN_CROSS, 5, 5);
        vx_uint8 mask[25];
        iroi = vxCreateImageFromROI(in, &r);
        oroi = vxCreateImageFromROI(out, &r);
        CTS_ASSERT_VALID(iroi);
        CTS_ASSERT_VALID(oroi);
        sub = timg_new(37, 25, f);
        for (int y = 0; y < 25; y++)
            for (int x = 0; x < 37; x++) sub.p[y * 37 + x] = big.p[(y + 5) * 64 + x + 8];
        ref = ref_filter3x3(F_DILATE, &sub, &b);
        set_immediate_border(c, &b);
        CTS_ASSERT_STATUS(vxuDilate3x3(c, iroi, oroi), VX_SUCCESS);
        got = timg_read(oroi);
        compare(&ref, &got, 0, 0, 0, 0, 0, "dilate on a ROI");
        free(got.p);
        CTS_ASSERT_STATUS(vxCopyMatrix(m, mask, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
        ref2 = ref_nonlinear(VX_NONLINEAR_FILTER_MEDIAN, &sub, mask, 5, 5, 2, 2, &b);
        CTS_ASSERT_STATUS(vxuNonLinearFilter(c, VX_NONLINEAR_FILTER_MEDIAN, iroi, m, oroi), VX_SUCCESS);
        got = timg_read(oroi);
        compare(&ref2, &got, 0, 0, 0, 0, 0, "median 5x5 cross on a ROI");
        free(got.p);
        if (f == VX_DF_IMAGE_U8) {
            ref = (free(ref.p), ref_filter3x3(F_BOX, &sub, &b));
            CTS_ASSERT_STATUS(vxuBox3x3(c, iroi, oroi), VX_SUCCESS);
            got = timg_read(oroi);
            compare(&ref, &got, 0, 0, 0, 0, 0, "box on a ROI");
            free(got.p);
        }
        /* the pixels around the output ROI are untouched (still 0) */
        got = timg_read(out);
        for (int y = 0; y < 40; y++)
            for (int x = 0; x < 64; x++)
                if (x < 8 || x >= 45 || y < 5 || y >= 30) CTS_ASSERT_EQ_INT(got.p[y * 64 + x], 0);
        free(got.p);
        free(big.p);
        free(sub.p);
        free(ref.p);
        free(ref2.p);
        vxReleaseMatrix(&m);
        vxReleaseImage(&iroi);
        vxReleaseImage(&oroi);
        vxReleaseImage(&in);
        vxReleaseImage(&out);
    }
}

/* ---- valid regions ------------------------------------------------------------ */

static void expect_rect(vx_image img, vx_uint32 sx, vx_uint32 sy, vx_uint32 ex, vx_uint32 ey, const char *what)
{
    vx_rectangle_t r = {0, 0, 0, 0};
    CTS_ASSERT_STATUS(vxGetValidRegionImage(img, &r), VX_SUCCESS);
    CTS_EXPECT_MSG(r.start_x == sx && r.start_y == sy && r.end_x == ex && r.end_y == ey,
                   "%s: valid region (%u,%u)-(%u,%u), expected (%u,%u)-(%u,%u)", what, r.start_x, r.start_y, r.end_x,
                   r.end_y, sx, sy, ex, ey);
}

CTS_TEST(KFilter, valid_regions, "REQ-0139 REQ-0325 REQ-0330")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 40, 30, VX_DF_IMAGE_U8), out = vxCreateImage(c, 40, 30, VX_DF_IMAGE_U8);
    vx_image s16 = vxCreateImage(c, 40, 30, VX_DF_IMAGE_S16);
    vx_convolution cv = vxCreateConvolution(c, 5, 7);
    vx_matrix m = vxCreateMatrixFromPatternAndOrigin(c, VX_PATTERN_BOX, 5, 3, 1, 0);
    vx_rectangle_t shrink = {3, 2, 38, 27};
    vx_border_t und = border_of(0, VX_DF_IMAGE_U8), rep = border_of(1, VX_DF_IMAGE_U8);
    vx_graph g;
    CTS_ASSERT_VALID(cv);
    CTS_ASSERT_VALID(m);
    /* 3x3: one pixel per side under UNDEFINED, nothing under a defined border */
    g = vxCreateGraph(c);
    run_graph(g, vxBox3x3Node(g, in, out), &und);
    vxReleaseGraph(&g);
    expect_rect(out, 1, 1, 39, 29, "box undefined");
    g = vxCreateGraph(c);
    run_graph(g, vxMedian3x3Node(g, in, out), &rep);
    vxReleaseGraph(&g);
    expect_rect(out, 0, 0, 40, 30, "median replicate");
    /* 5 columns x 7 rows convolution: 2 and 3 */
    g = vxCreateGraph(c);
    run_graph(g, vxConvolveNode(g, in, cv, s16), &und);
    vxReleaseGraph(&g);
    expect_rect(s16, 2, 3, 38, 27, "convolve 5x7 undefined");
    /* 5x3 mask with origin (1, 0): 1 left, 3 right, 0 top, 2 bottom; from a smaller input region */
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(in, &shrink), VX_SUCCESS);
    g = vxCreateGraph(c);
    run_graph(g, vxNonLinearFilterNode(g, VX_NONLINEAR_FILTER_MAX, in, m, out), &und);
    vxReleaseGraph(&g);
    expect_rect(out, 4, 2, 35, 25, "nonlinear 5x3 origin (1,0) undefined");
    g = vxCreateGraph(c);
    run_graph(g, vxNonLinearFilterNode(g, VX_NONLINEAR_FILTER_MAX, in, m, out), &rep);
    vxReleaseGraph(&g);
    expect_rect(out, 3, 2, 38, 27, "nonlinear replicate");
    vxReleaseConvolution(&cv);
    vxReleaseMatrix(&m);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&s16);
}

/* ---- refusals ----------------------------------------------------------------- */

/* vxVerifyGraph of a graph holding node gives expected; node may be an error. */
static void expect_verify(vx_graph g, vx_node n, vx_status expected)
{
    if (vxGetStatus((vx_reference)n) == VX_SUCCESS) {
        CTS_EXPECT_STATUS(vxVerifyGraph(g), expected);
        vxReleaseNode(&n);
    } else {
        CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    }
    vxReleaseGraph(&g);
}

CTS_TEST(KFilter, refuse_formats, "REQ-0070 REQ-0145 REQ-0147 REQ-0158 REQ-0183 REQ-0272 REQ-0302 REQ-0331 "
                                  "REQ-0366 REQ-0417")
{
    vx_context c = cts_context();
    vx_image u8 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8), s16 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_S16);
    vx_image u1 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U1), u16 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U16);
    vx_image rgb = vxCreateImage(c, 16, 8, VX_DF_IMAGE_RGB), u8b = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_convolution cv = vxCreateConvolution(c, 3, 3);
    vx_matrix box = vxCreateMatrixFromPattern(c, VX_PATTERN_BOX, 3, 3);
    vx_graph g;
    CTS_ASSERT_VALID(cv);
#define EXPECT_VERIFY(call, st) \
    do { \
        g = vxCreateGraph(c); \
        expect_verify(g, call, st); \
    } while (0)
    EXPECT_VERIFY(vxBox3x3Node(g, s16, u8), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxBox3x3Node(g, u1, u1), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxGaussian3x3Node(g, rgb, u8), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxMedian3x3Node(g, s16, s16), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxDilate3x3Node(g, u16, u8), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxErode3x3Node(g, u8, u1), VX_ERROR_INVALID_FORMAT);   /* output format differs */
    EXPECT_VERIFY(vxMedian3x3Node(g, u1, u8), VX_ERROR_INVALID_FORMAT);  /* output format differs */
    EXPECT_VERIFY(vxSobel3x3Node(g, s16, s16, s16), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxSobel3x3Node(g, u8, u8b, NULL), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxConvolveNode(g, s16, cv, s16), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxConvolveNode(g, u8, cv, u16), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxNonLinearFilterNode(g, VX_NONLINEAR_FILTER_MEDIAN, s16, box, s16), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxNonLinearFilterNode(g, VX_NONLINEAR_FILTER_MIN, u8, box, u1), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxMagnitudeNode(g, u8, s16, s16), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxMagnitudeNode(g, s16, u8, s16), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxMagnitudeNode(g, s16, s16, u8), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxPhaseNode(g, s16, u8, u8), VX_ERROR_INVALID_FORMAT);
    EXPECT_VERIFY(vxPhaseNode(g, s16, s16, s16), VX_ERROR_INVALID_FORMAT);
#undef EXPECT_VERIFY
    vxReleaseMatrix(&box);
    vxReleaseConvolution(&cv);
    vxReleaseImage(&u8);
    vxReleaseImage(&u8b);
    vxReleaseImage(&s16);
    vxReleaseImage(&u1);
    vxReleaseImage(&u16);
    vxReleaseImage(&rgb);
}

CTS_TEST(KFilter, refuse_sizes_and_values, "REQ-0071 REQ-0147 REQ-0274 REQ-0304 REQ-0326 REQ-0329 REQ-0330 "
                                           "REQ-0332 REQ-0418")
{
    vx_context c = cts_context();
    vx_image u8 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8), u8s = vxCreateImage(c, 15, 8, VX_DF_IMAGE_U8);
    vx_image s16 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_S16), s16s = vxCreateImage(c, 16, 9, VX_DF_IMAGE_S16);
    vx_image s16b = vxCreateImage(c, 16, 8, VX_DF_IMAGE_S16);
    vx_matrix box = vxCreateMatrixFromPattern(c, VX_PATTERN_BOX, 3, 3);
    vx_matrix f32 = vxCreateMatrix(c, VX_TYPE_FLOAT32, 3, 3);
    vx_matrix big = vxCreateMatrix(c, VX_TYPE_UINT8, 11, 3);
    vx_graph g;
#define EXPECT_VERIFY(call, st) \
    do { \
        g = vxCreateGraph(c); \
        expect_verify(g, call, st); \
    } while (0)
    EXPECT_VERIFY(vxBox3x3Node(g, u8, u8s), VX_ERROR_INVALID_DIMENSION);
    EXPECT_VERIFY(vxMagnitudeNode(g, s16, s16s, s16b), VX_ERROR_INVALID_DIMENSION);
    EXPECT_VERIFY(vxPhaseNode(g, s16s, s16, u8), VX_ERROR_INVALID_DIMENSION);
    EXPECT_VERIFY(vxSobel3x3Node(g, u8, NULL, NULL), VX_ERROR_INVALID_PARAMETERS);
    EXPECT_VERIFY(vxNonLinearFilterNode(g, VX_THRESHOLD_TYPE_BINARY, u8, box, u8), VX_ERROR_INVALID_VALUE);
    EXPECT_VERIFY(vxNonLinearFilterNode(g, VX_NONLINEAR_FILTER_MAX, u8, f32, u8), VX_ERROR_INVALID_TYPE);
    if (vxGetStatus((vx_reference)big) == VX_SUCCESS)
        EXPECT_VERIFY(vxNonLinearFilterNode(g, VX_NONLINEAR_FILTER_MAX, u8, big, u8), VX_ERROR_INVALID_DIMENSION);
#undef EXPECT_VERIFY
    /* immediate mode reports the same refusal */
    CTS_EXPECT_STATUS(vxuMagnitude(c, s16, s16s, s16b), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_STATUS(vxuBox3x3(c, s16, u8), VX_ERROR_INVALID_FORMAT);
    vxReleaseMatrix(&box);
    vxReleaseMatrix(&f32);
    vxReleaseMatrix(&big);
    vxReleaseImage(&u8);
    vxReleaseImage(&u8s);
    vxReleaseImage(&s16);
    vxReleaseImage(&s16s);
    vxReleaseImage(&s16b);
}

CTS_TEST(KFilter, bad_references, "REQ-0069 REQ-0072 REQ-0144 REQ-0328 REQ-0333")
{
    vx_context c = cts_context();
    vx_image u8 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vx_node n;
    /* an invalid graph: no node, no crash */
    n = vxBox3x3Node(NULL, u8, u8);
    CTS_EXPECT(vxGetStatus((vx_reference)n) != VX_SUCCESS);
    n = vxNonLinearFilterNode(NULL, VX_NONLINEAR_FILTER_MIN, u8, NULL, u8);
    CTS_EXPECT(vxGetStatus((vx_reference)n) != VX_SUCCESS);
    n = vxConvolveNode((vx_graph)u8, u8, NULL, u8);
    CTS_EXPECT(vxGetStatus((vx_reference)n) != VX_SUCCESS);
    /* missing required parameters are found by vxVerifyGraph */
    n = vxConvolveNode(g, u8, NULL, u8);
    if (vxGetStatus((vx_reference)n) == VX_SUCCESS) vxReleaseNode(&n);
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    vxReleaseGraph(&g);
    CTS_EXPECT(vxuGaussian3x3(NULL, u8, u8) != VX_SUCCESS);
    CTS_EXPECT(vxuPhase(c, NULL, NULL, NULL) != VX_SUCCESS);
    CTS_EXPECT(vxuNonLinearFilter(c, VX_NONLINEAR_FILTER_MEDIAN, u8, NULL, u8) != VX_SUCCESS);
    vxReleaseImage(&u8);
}

CTS_TABLE(k_filter) = {
    CTS_ENTRY(KFilter, box3x3),
    CTS_ENTRY(KFilter, gaussian3x3),
    CTS_ENTRY(KFilter, median3x3_u8),
    CTS_ENTRY(KFilter, median3x3_u1),
    CTS_ENTRY(KFilter, dilate3x3_u8),
    CTS_ENTRY(KFilter, dilate3x3_u1),
    CTS_ENTRY(KFilter, erode3x3_u8),
    CTS_ENTRY(KFilter, erode3x3_u1),
    CTS_ENTRY(KFilter, sobel3x3),
    CTS_ENTRY(KFilter, convolve),
    CTS_ENTRY(KFilter, convolve_max_dimension),
    CTS_ENTRY(KFilter, nonlinear_u8),
    CTS_ENTRY(KFilter, nonlinear_u1),
    CTS_ENTRY(KFilter, nonlinear_other_mask),
    CTS_ENTRY(KFilter, magnitude),
    CTS_ENTRY(KFilter, phase),
    CTS_ENTRY(KFilter, virtual_chain),
    CTS_ENTRY(KFilter, roi_images),
    CTS_ENTRY(KFilter, valid_regions),
    CTS_ENTRY(KFilter, refuse_formats),
    CTS_ENTRY(KFilter, refuse_sizes_and_values),
    CTS_ENTRY(KFilter, bad_references),
    CTS_TABLE_END,
};
