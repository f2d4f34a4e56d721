/*
 * Conformance tests: feature detectors (spec "Canny Edge Detector", "Harris
 * Corners", "Fast Corners").  Each function is checked against a plain model
 * written here from the spec's formulas, on seeded random (smoothed) images of
 * several sizes, in graph and immediate mode; plus a graph with a virtual
 * intermediate image and the validators' refusals.
 */
#include "../runner/cts.h"

#include <stdlib.h>
#include <string.h>

/* ---- helpers (no libm: the runner does not link it) ----------------------- */

static double kf_abs(double v)
{
    return v < 0 ? -v : v;
}

static unsigned kf_seed;
static unsigned kf_rand(void)
{
    kf_seed = kf_seed * 1103515245u + 12345u;
    return (kf_seed >> 16) & 0x7fff;
}

/* A w x h U8 image with blobs: random values box-smoothed `passes` times. */
static vx_uint8 *kf_random(vx_uint32 w, vx_uint32 h, unsigned seed, int passes)
{
    vx_uint8 *a = malloc((size_t)w * h), *b = malloc((size_t)w * h);
    vx_uint32 x, y;
    int p;
    kf_seed = seed;
    for (x = 0; x < w * h; x++) a[x] = (vx_uint8)(kf_rand() & 255);
    for (p = 0; p < passes; p++) {
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                int s = 0, n = 0, dx, dy;
                for (dy = -1; dy <= 1; dy++)
                    for (dx = -1; dx <= 1; dx++) {
                        long xx = (long)x + dx, yy = (long)y + dy;
                        if (xx < 0 || yy < 0 || xx >= (long)w || yy >= (long)h) continue;
                        s += a[yy * w + xx];
                        n++;
                    }
                b[y * w + x] = (vx_uint8)(s / n);
            }
        memcpy(a, b, (size_t)w * h);
    }
    /* stretch the contrast back to 0..255 */
    {
        int lo = 255, hi = 0;
        for (x = 0; x < w * h; x++) {
            if (a[x] < lo) lo = a[x];
            if (a[x] > hi) hi = a[x];
        }
        if (hi > lo)
            for (x = 0; x < w * h; x++) a[x] = (vx_uint8)((a[x] - lo) * 255 / (hi - lo));
    }
    free(b);
    return a;
}

static vx_image kf_image(vx_context c, vx_uint32 w, vx_uint32 h, const vx_uint8 *data)
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

/* An image's pixels as 0/1 per pixel (U8: != 0; U1: the bit). */
static vx_uint8 *kf_read_binary(vx_image img, vx_uint32 w, vx_uint32 h)
{
    vx_df_image f = 0;
    vx_rectangle_t r = {0, 0, w, h};
    vx_imagepatch_addressing_t a = VX_IMAGEPATCH_ADDR_INIT;
    vx_uint8 *out = malloc((size_t)w * h), *raw;
    vx_uint32 x, y, bstride = (w + 7) / 8;
    CTS_ASSERT_STATUS(vxQueryImage(img, VX_IMAGE_FORMAT, &f, sizeof(f)), VX_SUCCESS);
    a.dim_x = w;
    a.dim_y = h;
    if (f == VX_DF_IMAGE_U1) {
        a.stride_x = 0;
        a.stride_x_bits = 1;
        a.stride_y = (vx_int32)bstride;
        raw = calloc((size_t)bstride * h, 1);
    } else {
        a.stride_x = 1;
        a.stride_y = (vx_int32)w;
        raw = calloc((size_t)w * h, 1);
    }
    CTS_ASSERT_STATUS(vxCopyImagePatch(img, &r, 0, &a, raw, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            out[y * w + x] = f == VX_DF_IMAGE_U1 ? (raw[y * bstride + x / 8] >> (x % 8)) & 1 : raw[y * w + x];
    free(raw);
    return out;
}

static vx_keypoint_t *kf_read_keypoints(vx_array arr, vx_size *n)
{
    vx_keypoint_t *kp;
    CTS_ASSERT_STATUS(vxQueryArray(arr, VX_ARRAY_NUMITEMS, n, sizeof(*n)), VX_SUCCESS);
    kp = malloc((*n ? *n : 1) * sizeof(*kp));
    if (*n)
        CTS_ASSERT_STATUS(vxCopyArrayRange(arr, 0, *n, sizeof(*kp), kp, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_SUCCESS);
    return kp;
}

/* ---- reference models --------------------------------------------------------- */

/* Sobel of size k at (x, y), straight from the spec's matrices (sobel_x[i][j] =
 * smooth[i] * deriv[j], sobel_y its transpose). */
static void ref_sobel(const vx_uint8 *img, vx_uint32 w, int k, int x, int y, long *dx, long *dy)
{
    static const int sm[3][7] = {{1, 2, 1}, {1, 4, 6, 4, 1}, {1, 6, 15, 20, 15, 6, 1}};
    static const int de[3][7] = {{-1, 0, 1}, {-1, -2, 0, 2, 1}, {-1, -4, -5, 0, 5, 4, 1}};
    int r = k / 2, i, j;
    *dx = *dy = 0;
    for (i = 0; i < k; i++)
        for (j = 0; j < k; j++) {
            long v = img[(size_t)(y - r + i) * w + (size_t)(x - r + j)];
            *dx += v * sm[r - 1][i] * de[r - 1][j];
            *dy += v * de[r - 1][i] * sm[r - 1][j];
        }
}

/* Canny of the spec: magnitude (L1, or L2 compared through squares), 4
 * directions, kept when >= both neighbours across the edge, hysteresis by
 * repeated 8-neighbour growth.  out: 1 edge / 0, for pixels at distance >=
 * k/2 + 1 from the border (others 0). */
static vx_uint8 *ref_canny(const vx_uint8 *img, vx_uint32 w, vx_uint32 h, int k, int l2, long lo, long hi)
{
    double *mag = calloc((size_t)w * h, sizeof(double));
    long *gx = calloc((size_t)w * h, sizeof(long)), *gy = calloc((size_t)w * h, sizeof(long));
    vx_uint8 *st = calloc((size_t)w * h, 1);
    int r = k / 2, b = r + 1, x, y, changed = 1;
    for (y = r; y < (int)h - r; y++)
        for (x = r; x < (int)w - r; x++) {
            long dx, dy;
            ref_sobel(img, w, k, x, y, &dx, &dy);
            gx[y * w + x] = dx;
            gy[y * w + x] = dy;
            mag[y * w + x] = l2 ? (double)dx * dx + (double)dy * dy : (double)(labs(dx) + labs(dy));
        }
    for (y = b; y < (int)h - b; y++)
        for (x = b; x < (int)w - b; x++) {
            /* gradient angle quantized to 0/45/90/135 degrees: tan(22.5), tan(67.5) */
            double m = mag[y * w + x], ax = (double)labs(gx[y * w + x]), ay = (double)labs(gy[y * w + x]);
            int ox, oy;
            if (ay < 0.41421356237309503 * ax) ox = 1, oy = 0;
            else if (ay > 2.4142135623730949 * ax) ox = 0, oy = 1;
            else if ((gx[y * w + x] < 0) == (gy[y * w + x] < 0)) ox = 1, oy = 1;
            else ox = -1, oy = 1;
            if (m <= (l2 ? (double)lo * lo : (double)lo)) continue;
            if (m >= mag[(y + oy) * (int)w + x + ox] && m >= mag[(y - oy) * (int)w + x - ox])
                st[y * w + x] = m > (l2 ? (double)hi * hi : (double)hi) ? 2 : 1;
        }
    while (changed) {
        changed = 0;
        for (y = b; y < (int)h - b; y++)
            for (x = b; x < (int)w - b; x++) {
                int dx, dy;
                if (st[y * w + x] != 1) continue;
                for (dy = -1; dy <= 1; dy++)
                    for (dx = -1; dx <= 1; dx++)
                        if (st[(y + dy) * (int)w + x + dx] == 2 && st[y * w + x] == 1) {
                            st[y * w + x] = 2;
                            changed = 1;
                        }
            }
    }
    for (x = 0; x < (int)(w * h); x++) st[x] = st[x] == 2;
    free(mag), free(gx), free(gy);
    return st;
}

/* NMS rule of the FAST chapter on a value map (outside: 0). */
static int ref_nms(const double *v, vx_uint32 w, vx_uint32 h, int x, int y)
{
    int dx, dy;
    double c = v[y * (int)w + x];
    for (dy = -1; dy <= 1; dy++)
        for (dx = -1; dx <= 1; dx++) {
            int xx = x + dx, yy = y + dy;
            double n = (xx < 0 || yy < 0 || xx >= (int)w || yy >= (int)h) ? 0.0 : v[yy * (int)w + xx];
            if (dx == 0 && dy == 0) continue;
            if (dy < 0 || (dy == 0 && dx < 0)) {
                if (!(c >= n)) return 0;
            } else if (!(c > n)) {
                return 0;
            }
        }
    return 1;
}

/* ---- Canny tests ---------------------------------------------------------------- */

static vx_threshold kf_hyst(vx_context c, vx_df_image fmt, vx_df_image out, int lo, int hi)
{
    vx_threshold t = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_RANGE, fmt, out);
    vx_pixel_value_t l, u;
    memset(&l, 0, sizeof(l));
    memset(&u, 0, sizeof(u));
    if (fmt == VX_DF_IMAGE_S16) {
        l.S16 = (vx_int16)lo;
        u.S16 = (vx_int16)hi;
    } else {
        l.U8 = (vx_uint8)lo;
        u.U8 = (vx_uint8)hi;
    }
    CTS_ASSERT_VALID(t);
    CTS_ASSERT_STATUS(vxCopyThresholdRange(t, &l, &u, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    return t;
}

/* Compare the interior (distance >= k/2+1 from the border) exactly. */
static void kf_canny_case(vx_context c, vx_uint32 w, vx_uint32 h, int k, vx_enum norm, vx_df_image ofmt, int lo,
                          int hi, int graph_mode, unsigned seed)
{
    vx_uint8 *src = kf_random(w, h, seed, 2), *ref, *got;
    vx_df_image tfmt = hi > 255 ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8;
    vx_image in = kf_image(c, w, h, src), out = vxCreateImage(c, w, h, ofmt);
    vx_threshold th = kf_hyst(c, tfmt, ofmt, lo, hi);
    int b = k / 2 + 1, x, y, bad = 0;
    CTS_ASSERT_VALID(out);
    if (graph_mode) {
        vx_graph g = vxCreateGraph(c);
        vx_node n = vxCannyEdgeDetectorNode(g, in, th, k, norm, out);
        CTS_ASSERT_VALID(n);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
    } else {
        CTS_ASSERT_STATUS(vxuCannyEdgeDetector(c, in, th, k, norm, out), VX_SUCCESS);
    }
    ref = ref_canny(src, w, h, k, norm == VX_NORM_L2, lo, hi);
    got = kf_read_binary(out, w, h);
    for (y = b; y < (int)h - b; y++)
        for (x = b; x < (int)w - b; x++) {
            int e = got[y * w + x] != 0;
            if (ofmt == VX_DF_IMAGE_U8 && got[y * w + x] != 0 && got[y * w + x] != 255) bad++;
            if (e != ref[y * w + x]) bad++;
        }
    CTS_EXPECT_MSG(bad == 0, "canny %ux%u k=%d %s %s lo=%d hi=%d %s: %d pixel(s) differ", w, h, k,
                   norm == VX_NORM_L2 ? "L2" : "L1", ofmt == VX_DF_IMAGE_U1 ? "U1" : "U8", lo, hi,
                   graph_mode ? "graph" : "vxu", bad);
    free(src), free(ref), free(got);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseThreshold(&th);
}

CTS_TEST(Canny, model_every_size_norm_format, "REQ-0073 REQ-0074 REQ-0075 REQ-0076 REQ-0077 REQ-0078 REQ-0079 REQ-0080")
{
    static const vx_uint32 sizes[][2] = {{7, 5}, {33, 17}, {64, 48}};
    static const int grads[] = {3, 5, 7};
    /* thresholds scaled with the kernel's gain (4, 16, 64 times the 3x3 one) */
    static const int lows[] = {60, 400, 3000}, highs[] = {150, 1000, 9000};
    vx_context c = cts_context();
    unsigned seed = 1;
    int s, g, n, o, m;
    for (s = 0; s < 3; s++)
        for (g = 0; g < 3; g++)
            for (n = 0; n < 2; n++)
                for (o = 0; o < 2; o++)
                    for (m = 0; m < 2; m++)
                        kf_canny_case(c, sizes[s][0], sizes[s][1], grads[g], n ? VX_NORM_L2 : VX_NORM_L1,
                                      o ? VX_DF_IMAGE_U1 : VX_DF_IMAGE_U8, g == 0 && o ? 60 : lows[g],
                                      g == 0 && o ? 200 : highs[g], m, seed++);
}

CTS_TEST(Canny, u8_thresholds_and_large, "REQ-0073 REQ-0076 REQ-0079")
{
    vx_context c = cts_context();
    kf_canny_case(c, 640, 480, 3, VX_NORM_L1, VX_DF_IMAGE_U8, 80, 100, 1, 99);
    kf_canny_case(c, 640, 480, 3, VX_NORM_L2, VX_DF_IMAGE_U1, 70, 71, 0, 98);
    kf_canny_case(c, 101, 77, 3, VX_NORM_L2, VX_DF_IMAGE_U8, 0, 255, 0, 97);
}

CTS_TEST(Canny, output_virtual_into_fast, "REQ-0073 REQ-0079 REQ-0172")
{
    /* input -> Canny -> virtual image -> FAST: the edge map's corners */
    vx_context c = cts_context();
    vx_uint32 w = 96, h = 64;
    vx_uint8 *src = kf_random(w, h, 7, 2), *edges;
    vx_image in = kf_image(c, w, h, src);
    vx_threshold th = kf_hyst(c, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, 60, 150);
    vx_float32 t = 100.0f;
    vx_scalar ts = vxCreateScalar(c, VX_TYPE_FLOAT32, &t);
    vx_array corners = vxCreateArray(c, VX_TYPE_KEYPOINT, 10000);
    vx_graph g = vxCreateGraph(c);
    vx_image mid = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_size n = 0, i, expect = 0;
    vx_keypoint_t *kp;
    int x, y;
    CTS_ASSERT_VALID(vxCannyEdgeDetectorNode(g, in, th, 3, VX_NORM_L1, mid));
    CTS_ASSERT_VALID(vxFastCornersNode(g, mid, ts, vx_false_e, corners, NULL));
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    edges = ref_canny(src, w, h, 3, 0, 60, 150);
    for (i = 0; i < (vx_size)w * h; i++) edges[i] = edges[i] ? 255 : 0;
    kp = kf_read_keypoints(corners, &n);
    /* a 0/255 image: a pixel is a FAST corner (t = 100) iff 9 contiguous circle
     * pixels differ from it */
    for (y = 3; y < (int)h - 3; y++)
        for (x = 3; x < (int)w - 3; x++) {
            static const int cx[16] = {3, 3, 2, 1, 0, -1, -2, -3, -3, -3, -2, -1, 0, 1, 2, 3};
            static const int cy[16] = {0, 1, 2, 3, 3, 3, 2, 1, 0, -1, -2, -3, -3, -3, -2, -1};
            int s, k, corner = 0;
            for (s = 0; s < 16 && !corner; s++) {
                int all = 1;
                for (k = 0; k < 9; k++) {
                    int q = (s + k) & 15;
                    if (edges[(y + cy[q]) * (int)w + x + cx[q]] == edges[y * (int)w + x]) all = 0;
                }
                corner = all;
            }
            expect += (vx_size)corner;
        }
    CTS_EXPECT_EQ_INT(n, expect);
    free(src), free(edges), free(kp);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseThreshold(&th);
    vxReleaseScalar(&ts);
    vxReleaseArray(&corners);
}

static vx_status kf_canny_verify(vx_context c, vx_image in, vx_threshold th, vx_int32 k, vx_enum norm, vx_image out,
                                 vx_enum border)
{
    vx_graph g = vxCreateGraph(c);
    vx_node n = vxCannyEdgeDetectorNode(g, in, th, k, norm, out);
    vx_status s;
    if (border != VX_BORDER_UNDEFINED) {
        vx_border_t b = {border, {{0}}};
        (void)vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b));
    }
    s = vxVerifyGraph(g);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(Canny, validator_refusals, "REQ-0075 REQ-0076 REQ-0077 REQ-0078 REQ-0079")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 32, 32, VX_DF_IMAGE_U8), in16 = vxCreateImage(c, 32, 32, VX_DF_IMAGE_S16);
    vx_image out = vxCreateImage(c, 32, 32, VX_DF_IMAGE_U8), out16 = vxCreateImage(c, 32, 32, VX_DF_IMAGE_S16);
    vx_image small = vxCreateImage(c, 31, 32, VX_DF_IMAGE_U8);
    vx_threshold th = kf_hyst(c, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, 10, 20);
    vx_threshold bin = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_threshold th16 = vxCreateThresholdForImage(c, VX_THRESHOLD_TYPE_RANGE, VX_DF_IMAGE_U16, VX_DF_IMAGE_U8);
    CTS_EXPECT_STATUS(kf_canny_verify(c, in, th, 3, VX_NORM_L1, out, VX_BORDER_UNDEFINED), VX_SUCCESS);
    CTS_EXPECT_STATUS(kf_canny_verify(c, in16, th, 3, VX_NORM_L1, out, VX_BORDER_UNDEFINED), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(kf_canny_verify(c, in, th, 4, VX_NORM_L1, out, VX_BORDER_UNDEFINED), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(kf_canny_verify(c, in, th, 9, VX_NORM_L1, out, VX_BORDER_UNDEFINED), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(kf_canny_verify(c, in, th, 3, VX_NORM_L1 + 7, out, VX_BORDER_UNDEFINED), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(kf_canny_verify(c, in, th, 3, VX_NORM_L1, out16, VX_BORDER_UNDEFINED), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT(kf_canny_verify(c, in, th, 3, VX_NORM_L1, small, VX_BORDER_UNDEFINED) != VX_SUCCESS);
    CTS_EXPECT_STATUS(kf_canny_verify(c, in, bin, 3, VX_NORM_L1, out, VX_BORDER_UNDEFINED), VX_ERROR_INVALID_TYPE);
    if (vxGetStatus((vx_reference)th16) == VX_SUCCESS)
        CTS_EXPECT_STATUS(kf_canny_verify(c, in, th16, 3, VX_NORM_L1, out, VX_BORDER_UNDEFINED),
                          VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(kf_canny_verify(c, in, th, 3, VX_NORM_L1, out, VX_BORDER_REPLICATE), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT(vxCannyEdgeDetectorNode(NULL, in, th, 3, VX_NORM_L1, out) == NULL ||
               vxGetStatus((vx_reference)vxCannyEdgeDetectorNode(NULL, in, th, 3, VX_NORM_L1, out)) != VX_SUCCESS);
    CTS_EXPECT(vxuCannyEdgeDetector(c, in, NULL, 3, VX_NORM_L1, out) != VX_SUCCESS);
    vxReleaseImage(&in), vxReleaseImage(&in16), vxReleaseImage(&out), vxReleaseImage(&out16), vxReleaseImage(&small);
    vxReleaseThreshold(&th), vxReleaseThreshold(&bin);
    if (vxGetStatus((vx_reference)th16) == VX_SUCCESS) vxReleaseThreshold(&th16);
}

/* ---- Harris tests ------------------------------------------------------------- */

typedef struct {
    int x, y;
    double v;
} kf_corner;

static int kf_corner_cmp(const void *a, const void *b)
{
    const kf_corner *p = a, *q = b;
    if (p->v != q->v) return p->v > q->v ? -1 : 1;
    return 0;
}

/* Harris of the spec: normalized Sobel, block sums, Mc = det - k trace^2,
 * Vc thresholded, FAST-chapter NMS, sort, greedy min distance. */
static kf_corner *ref_harris(const vx_uint8 *img, vx_uint32 w, vx_uint32 h, int gs, int bs, double k, double tc,
                             double dist, size_t *count)
{
    int rg = gs / 2, rb = bs / 2, x, y, i, j;
    double norm = (double)(1 << (gs - 1)) * 255.0 * bs;
    double *vc = calloc((size_t)w * h, sizeof(double));
    kf_corner *c = malloc(((size_t)w * h + 1) * sizeof(*c)), *f = malloc(((size_t)w * h + 1) * sizeof(*f));
    size_t nc = 0, nf = 0, a, b;
    for (y = rg + rb; y < (int)h - rg - rb; y++)
        for (x = rg + rb; x < (int)w - rg - rb; x++) {
            double sxx = 0, syy = 0, sxy = 0, mc;
            for (i = -rb; i <= rb; i++)
                for (j = -rb; j <= rb; j++) {
                    long dx, dy;
                    double gx, gy;
                    ref_sobel(img, w, gs, x + j, y + i, &dx, &dy);
                    gx = dx / norm;
                    gy = dy / norm;
                    sxx += gx * gx;
                    syy += gy * gy;
                    sxy += gx * gy;
                }
            mc = sxx * syy - sxy * sxy - k * (sxx + syy) * (sxx + syy);
            vc[y * (int)w + x] = mc > tc ? mc : 0.0;
        }
    for (y = 0; y < (int)h; y++)
        for (x = 0; x < (int)w; x++)
            if (vc[y * (int)w + x] > tc && ref_nms(vc, w, h, x, y)) {
                c[nc].x = x;
                c[nc].y = y;
                c[nc].v = vc[y * (int)w + x];
                nc++;
            }
    qsort(c, nc, sizeof(*c), kf_corner_cmp);
    for (a = 0; a < nc; a++) {
        int ok = 1;
        for (b = 0; b < nf && ok; b++) {
            double dx = f[b].x - c[a].x, dy = f[b].y - c[a].y;
            if (dx * dx + dy * dy < dist * dist) ok = 0; /* distance < r */
        }
        if (ok) f[nf++] = c[a];
    }
    free(vc), free(c);
    *count = nf;
    return f;
}

static vx_status kf_harris_run(vx_context c, vx_image in, vx_float32 tc, vx_float32 dist, vx_float32 k, int gs, int bs,
                               vx_array arr, vx_scalar num, int graph_mode)
{
    vx_scalar st = vxCreateScalar(c, VX_TYPE_FLOAT32, &tc), sd = vxCreateScalar(c, VX_TYPE_FLOAT32, &dist),
              sk = vxCreateScalar(c, VX_TYPE_FLOAT32, &k);
    vx_status s;
    if (graph_mode) {
        vx_graph g = vxCreateGraph(c);
        vx_node n = vxHarrisCornersNode(g, in, st, sd, sk, gs, bs, arr, num);
        s = vxVerifyGraph(g);
        if (s == VX_SUCCESS) s = vxProcessGraph(g);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
    } else {
        s = vxuHarrisCorners(c, in, st, sd, sk, gs, bs, arr, num);
    }
    vxReleaseScalar(&st), vxReleaseScalar(&sd), vxReleaseScalar(&sk);
    return s;
}

/* Every reference corner is in the output with its strength (relative 1e-3),
 * and nothing else. */
static void kf_harris_case(vx_context c, vx_uint32 w, vx_uint32 h, int gs, int bs, double k, double dist,
                           int graph_mode, unsigned seed)
{
    vx_uint8 *src = kf_random(w, h, seed, 3);
    vx_image in = kf_image(c, w, h, src);
    vx_array arr = vxCreateArray(c, VX_TYPE_KEYPOINT, (vx_size)w * h);
    vx_size zero = 0, num = 0, n = 0, i, j;
    vx_scalar ns = vxCreateScalar(c, VX_TYPE_SIZE, &zero);
    size_t nref = 0;
    kf_corner *ref;
    vx_keypoint_t *kp;
    int missing = 0, extra = 0;
    /* threshold: a small fraction of the strongest response */
    double tc = 0.0;
    {
        size_t nall;
        kf_corner *all = ref_harris(src, w, h, gs, bs, k, 0.0, 0.0, &nall);
        tc = nall ? all[0].v * 0.02 : 0.0;
        free(all);
    }
    CTS_ASSERT_STATUS(kf_harris_run(c, in, (vx_float32)tc, (vx_float32)dist, (vx_float32)k, gs, bs, arr, ns, graph_mode),
                      VX_SUCCESS);
    ref = ref_harris(src, w, h, gs, bs, k, (vx_float32)tc, dist, &nref);
    kp = kf_read_keypoints(arr, &n);
    CTS_EXPECT_STATUS(vxCopyScalar(ns, &num, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(num, n);
    for (i = 0; i < nref; i++) {
        int found = 0;
        for (j = 0; j < n && !found; j++)
            if (kp[j].x == ref[i].x && kp[j].y == ref[i].y &&
                kf_abs(kp[j].strength - ref[i].v) <= 1e-3 * kf_abs(ref[i].v) + 1e-12)
                found = 1;
        missing += !found;
    }
    for (j = 0; j < n; j++) {
        int found = 0;
        CTS_EXPECT_EQ_INT(kp[j].tracking_status, 1);
        for (i = 0; i < nref && !found; i++) found = kp[j].x == ref[i].x && kp[j].y == ref[i].y;
        extra += !found;
    }
    CTS_EXPECT_MSG(missing == 0 && extra == 0 && n == nref,
                   "harris %ux%u gs=%d bs=%d k=%g r=%g %s: %zu vs %zu corners, %d missing, %d extra", w, h, gs, bs, k,
                   dist, graph_mode ? "graph" : "vxu", (size_t)n, nref, missing, extra);
    free(src), free(ref), free(kp);
    vxReleaseImage(&in), vxReleaseArray(&arr), vxReleaseScalar(&ns);
}

CTS_TEST(Harris, model_sizes_windows_distances, "REQ-0217 REQ-0218 REQ-0219 REQ-0220 REQ-0221 REQ-0222 REQ-0223 "
                                                 "REQ-0224 REQ-0225 REQ-0226 REQ-0227 REQ-0228 REQ-0229")
{
    static const int g3[] = {3, 5, 7};
    static const double ks[] = {0.04, 0.15}, ds[] = {0.0, 3.0, 5.5};
    vx_context c = cts_context();
    unsigned seed = 11;
    int g, b, k, d;
    for (g = 0; g < 3; g++)
        for (b = 0; b < 3; b++)
            kf_harris_case(c, 33, 17, g3[g], g3[b], ks[(g + b) & 1], ds[(g + b) % 3], (g + b) & 1, seed++);
    for (k = 0; k < 2; k++)
        for (d = 0; d < 3; d++) kf_harris_case(c, 64, 48, 3, 3, ks[k], ds[d], d & 1, seed++);
    kf_harris_case(c, 7, 5, 3, 3, 0.04, 0.0, 1, seed++);
    kf_harris_case(c, 160, 120, 5, 5, 0.04, 30.0, 0, seed++);
}

CTS_TEST(Harris, capacity_and_count, "REQ-0227 REQ-0228")
{
    vx_context c = cts_context();
    vx_uint32 w = 64, h = 48;
    vx_uint8 *src = kf_random(w, h, 5, 3);
    vx_image in = kf_image(c, w, h, src);
    vx_array big = vxCreateArray(c, VX_TYPE_KEYPOINT, 4000), small = vxCreateArray(c, VX_TYPE_KEYPOINT, 3);
    vx_size zero = 0, nb = 0, ns = 0, num = 0, i;
    vx_scalar cnt = vxCreateScalar(c, VX_TYPE_SIZE, &zero);
    vx_keypoint_t *a, *b;
    CTS_ASSERT_STATUS(kf_harris_run(c, in, 1e-9f, 0.0f, 0.04f, 3, 3, big, NULL, 1), VX_SUCCESS);
    CTS_ASSERT_STATUS(kf_harris_run(c, in, 1e-9f, 0.0f, 0.04f, 3, 3, small, cnt, 0), VX_SUCCESS);
    a = kf_read_keypoints(big, &nb);
    b = kf_read_keypoints(small, &ns);
    CTS_EXPECT(nb > 3);
    CTS_EXPECT_EQ_INT(ns, 3);
    CTS_EXPECT_STATUS(vxCopyScalar(cnt, &num, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(num, nb);
    /* the kept ones are among the strongest */
    for (i = 0; i < ns && i < nb; i++) {
        vx_size j, stronger = 0;
        for (j = 0; j < nb; j++) stronger += a[j].strength > b[i].strength;
        CTS_EXPECT(stronger < 3);
    }
    free(src), free(a), free(b);
    vxReleaseImage(&in), vxReleaseArray(&big), vxReleaseArray(&small), vxReleaseScalar(&cnt);
}

CTS_TEST(Harris, validator_refusals, "REQ-0221 REQ-0222 REQ-0225 REQ-0226 REQ-0227")
{
    vx_context c = cts_context();
    vx_image in = vxCreateImage(c, 32, 32, VX_DF_IMAGE_U8), in16 = vxCreateImage(c, 32, 32, VX_DF_IMAGE_S16);
    vx_array arr = vxCreateArray(c, VX_TYPE_KEYPOINT, 100), bad = vxCreateArray(c, VX_TYPE_COORDINATES2D, 100);
    vx_int32 i32 = 1;
    vx_scalar wrong = vxCreateScalar(c, VX_TYPE_INT32, &i32);
    vx_float32 f = 0.001f, d = 3.0f, k = 0.04f;
    vx_scalar st = vxCreateScalar(c, VX_TYPE_FLOAT32, &f), sd = vxCreateScalar(c, VX_TYPE_FLOAT32, &d),
              sk = vxCreateScalar(c, VX_TYPE_FLOAT32, &k);
    vx_graph g;
    CTS_EXPECT_STATUS(kf_harris_run(c, in, 0.001f, 3.0f, 0.04f, 3, 3, arr, NULL, 1), VX_SUCCESS);
    CTS_EXPECT_STATUS(kf_harris_run(c, in16, 0.001f, 3.0f, 0.04f, 3, 3, arr, NULL, 1), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(kf_harris_run(c, in, 0.001f, 3.0f, 0.04f, 4, 3, arr, NULL, 1), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(kf_harris_run(c, in, 0.001f, 3.0f, 0.04f, 3, 9, arr, NULL, 1), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(kf_harris_run(c, in, 0.001f, -1.0f, 0.04f, 3, 3, arr, NULL, 1), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT(kf_harris_run(c, in, 0.001f, 3.0f, 0.04f, 3, 3, bad, NULL, 1) != VX_SUCCESS);
    g = vxCreateGraph(c);
    vxHarrisCornersNode(g, in, wrong, sd, sk, 3, 3, arr, NULL);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_TYPE);
    vxReleaseGraph(&g);
    free(NULL);
    vxReleaseImage(&in), vxReleaseImage(&in16), vxReleaseArray(&arr), vxReleaseArray(&bad);
    vxReleaseScalar(&wrong), vxReleaseScalar(&st), vxReleaseScalar(&sd), vxReleaseScalar(&sk);
}

/* ---- FAST tests --------------------------------------------------------------- */

static const int kf_cx[16] = {3, 3, 2, 1, 0, -1, -2, -3, -3, -3, -2, -1, 0, 1, 2, 3};
static const int kf_cy[16] = {0, 1, 2, 3, 3, 3, 2, 1, 0, -1, -2, -3, -3, -3, -2, -1};

/* The segment test of the spec for threshold t. */
static int ref_fast_is_corner(const vx_uint8 *img, vx_uint32 w, int x, int y, int t)
{
    int p = img[y * (int)w + x], s, k;
    for (s = 0; s < 16; s++) {
        int up = 1, dn = 1;
        for (k = 0; k < 9; k++) {
            int q = (s + k) & 15, v = img[(y + kf_cy[q]) * (int)w + x + kf_cx[q]];
            if (!(v > p + t)) up = 0;
            if (!(v < p - t)) dn = 0;
        }
        if (up || dn) return 1;
    }
    return 0;
}

static void kf_fast_case(vx_context c, vx_uint32 w, vx_uint32 h, vx_float32 tf, int nms, int graph_mode,
                         unsigned seed)
{
    vx_uint8 *src = kf_random(w, h, seed, 1);
    vx_image in = kf_image(c, w, h, src);
    vx_array arr = vxCreateArray(c, VX_TYPE_KEYPOINT, (vx_size)w * h);
    vx_scalar ts = vxCreateScalar(c, VX_TYPE_FLOAT32, &tf);
    vx_size zero = 0, num = 0, n = 0, i;
    vx_scalar ns = vxCreateScalar(c, VX_TYPE_SIZE, &zero);
    double *str = calloc((size_t)w * h, sizeof(double));
    vx_uint8 *want = calloc((size_t)w * h, 1);
    vx_keypoint_t *kp;
    int t = (int)tf, x, y, nref = 0, bad = 0;
    if (graph_mode) {
        vx_graph g = vxCreateGraph(c);
        vx_node nd = vxFastCornersNode(g, in, ts, nms ? vx_true_e : vx_false_e, arr, ns);
        CTS_ASSERT_VALID(nd);
        CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        vxReleaseNode(&nd);
        vxReleaseGraph(&g);
    } else {
        CTS_ASSERT_STATUS(vxuFastCorners(c, in, ts, nms ? vx_true_e : vx_false_e, arr, ns), VX_SUCCESS);
    }
    /* strength: the largest threshold for which the point stays a corner */
    for (y = 3; y < (int)h - 3; y++)
        for (x = 3; x < (int)w - 3; x++)
            if (ref_fast_is_corner(src, w, x, y, t)) {
                int s = t;
                while (s < 255 && ref_fast_is_corner(src, w, x, y, s + 1)) s++;
                str[y * (int)w + x] = s;
                want[y * (int)w + x] = 1;
            }
    if (nms)
        for (y = 3; y < (int)h - 3; y++)
            for (x = 3; x < (int)w - 3; x++)
                if (want[y * (int)w + x] && !ref_nms(str, w, h, x, y)) want[y * (int)w + x] = 2;
    for (i = 0; i < (vx_size)w * h; i++) nref += want[i] == 1;
    kp = kf_read_keypoints(arr, &n);
    for (i = 0; i < n; i++) {
        int kx = kp[i].x, ky = kp[i].y;
        if (kx < 0 || ky < 0 || kx >= (int)w || ky >= (int)h || want[ky * (int)w + kx] != 1) {
            bad++;
            continue;
        }
        want[ky * (int)w + kx] = 3; /* seen */
        if (kp[i].tracking_status != 1) bad++;
        if (nms && kp[i].strength != (vx_float32)str[ky * (int)w + kx]) bad++;
    }
    CTS_EXPECT_MSG(bad == 0 && (int)n == nref, "fast %ux%u t=%g nms=%d %s: %zu corners, expected %d, %d bad", w, h,
                   (double)tf, nms, graph_mode ? "graph" : "vxu", (size_t)n, nref, bad);
    CTS_EXPECT_STATUS(vxCopyScalar(ns, &num, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(num, n);
    free(src), free(str), free(want), free(kp);
    vxReleaseImage(&in), vxReleaseArray(&arr), vxReleaseScalar(&ts), vxReleaseScalar(&ns);
}

CTS_TEST(Fast, model_thresholds_nms, "REQ-0172 REQ-0173 REQ-0174 REQ-0175 REQ-0176 REQ-0177 REQ-0178 REQ-0179 REQ-0180")
{
    static const vx_uint32 sizes[][2] = {{7, 7}, {9, 5}, {33, 17}, {64, 48}};
    static const vx_float32 ts[] = {0.0f, 10.0f, 40.7f, 80.0f};
    vx_context c = cts_context();
    unsigned seed = 31;
    int s, t, n;
    for (s = 0; s < 4; s++)
        for (t = 0; t < 4; t++)
            for (n = 0; n < 2; n++) kf_fast_case(c, sizes[s][0], sizes[s][1], ts[t], n, (s + t + n) & 1, seed++);
    kf_fast_case(c, 640, 480, 20.0f, 1, 1, 77);
    kf_fast_case(c, 640, 480, 20.0f, 0, 0, 78);
}

CTS_TEST(Fast, capacity_and_refusals, "REQ-0174 REQ-0175 REQ-0178 REQ-0179")
{
    vx_context c = cts_context();
    vx_uint32 w = 64, h = 48;
    vx_uint8 *src = kf_random(w, h, 3, 1);
    vx_image in = kf_image(c, w, h, src), in16 = vxCreateImage(c, w, h, VX_DF_IMAGE_S16);
    vx_array small = vxCreateArray(c, VX_TYPE_KEYPOINT, 2), big = vxCreateArray(c, VX_TYPE_KEYPOINT, 5000);
    vx_float32 t = 10.0f, tbad = 256.0f, tneg = -1.0f;
    vx_int32 i32 = 10;
    vx_scalar ts = vxCreateScalar(c, VX_TYPE_FLOAT32, &t), tb = vxCreateScalar(c, VX_TYPE_FLOAT32, &tbad),
              tn = vxCreateScalar(c, VX_TYPE_FLOAT32, &tneg), ti = vxCreateScalar(c, VX_TYPE_INT32, &i32);
    vx_size zero = 0, num = 0, n = 0, nb = 0;
    vx_scalar ns = vxCreateScalar(c, VX_TYPE_SIZE, &zero);
    vx_graph g;
    CTS_ASSERT_STATUS(vxuFastCorners(c, in, ts, vx_false_e, big, NULL), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxuFastCorners(c, in, ts, vx_false_e, small, ns), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryArray(small, VX_ARRAY_NUMITEMS, &n, sizeof(n)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryArray(big, VX_ARRAY_NUMITEMS, &nb, sizeof(nb)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxCopyScalar(ns, &num, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(nb > 2);
    CTS_EXPECT_EQ_INT(n, 2);
    CTS_EXPECT_EQ_INT(num, nb);
    CTS_EXPECT_STATUS(vxuFastCorners(c, in, tb, vx_false_e, big, NULL), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(vxuFastCorners(c, in, tn, vx_false_e, big, NULL), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(vxuFastCorners(c, in16, ts, vx_false_e, big, NULL), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    vxFastCornersNode(g, in, ti, vx_true_e, big, NULL);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_TYPE);
    vxReleaseGraph(&g);
    free(src);
    vxReleaseImage(&in), vxReleaseImage(&in16), vxReleaseArray(&small), vxReleaseArray(&big);
    vxReleaseScalar(&ts), vxReleaseScalar(&tb), vxReleaseScalar(&tn), vxReleaseScalar(&ti), vxReleaseScalar(&ns);
}

CTS_TABLE(k_features) = {
    CTS_ENTRY(Canny, model_every_size_norm_format),
    CTS_ENTRY(Canny, u8_thresholds_and_large),
    CTS_ENTRY(Canny, output_virtual_into_fast),
    CTS_ENTRY(Canny, validator_refusals),
    CTS_ENTRY(Harris, model_sizes_windows_distances),
    CTS_ENTRY(Harris, capacity_and_count),
    CTS_ENTRY(Harris, validator_refusals),
    CTS_ENTRY(Fast, model_thresholds_nms),
    CTS_ENTRY(Fast, capacity_and_refusals),
    CTS_TABLE_END,
};
