/*
 * Conformance tests: Histogram, Equalize Histogram, Mean and Standard
 * Deviation, Min/Max Location, Integral Image, each against a plain model
 * written here from the spec's formula, in graph and immediate mode, on
 * several sizes (odd ones too), over valid regions, with a virtual
 * intermediate and the validators' refusals.
 */
#include "k_color_util.h"


static const vx_uint32 sizes[][2] = {{1, 1}, {7, 5}, {33, 17}, {640, 480}};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

static vx_status verify_one(vx_graph g)
{
    vx_status s = vxVerifyGraph(g);
    vxReleaseGraph(&g);
    return s;
}

/* ---- Histogram ------------------------------------------------------------ */

static void m_histogram(const tk_image *in, vx_rectangle_t r, vx_int32 offset, vx_uint32 range, vx_size bins,
                        vx_uint32 *h)
{
    vx_uint32 x, y;
    memset(h, 0, bins * sizeof(*h));
    for (y = r.start_y; y < r.end_y; y++)
        for (x = r.start_x; x < r.end_x; x++) {
            int v = *tk_at(in, 0, x, y);
            /* i = (I - offset) * numBins / range for offset <= I < offset + range */
            if (v >= offset && v < offset + (vx_int64)range) h[(vx_size)(v - offset) * bins / range]++;
        }
}

CTS_TEST(Histogram, random, "REQ-0230 REQ-0231 REQ-0232 REQ-0233 REQ-0234 REQ-0235")
{
    vx_context c = cts_context();
    vx_uint64 seed = 11;
    size_t s;
    int iter, mode;
    for (s = 0; s < NSIZES; s++)
        for (iter = 0; iter < 6; iter++)
            for (mode = 0; mode < 2; mode++) {
                vx_uint32 w = sizes[s][0], h = sizes[s][1];
                tk_image *in = tk_new(VX_DF_IMAGE_U8, w, h);
                vx_int32 offset = iter == 0 ? 0 : (vx_int32)(tk_rand(&seed) % 200) - (iter == 1 ? 100 : 0);
                vx_uint32 range = iter == 0 ? 256 : 1 + tk_rand(&seed) % 300;
                vx_size bins = iter == 0 ? 16 : 1 + tk_rand(&seed) % (range < 256 ? range : 256);
                vx_uint32 ref[256], got[256];
                vx_rectangle_t r = {0, 0, w, h};
                vx_distribution d = vxCreateDistribution(c, bins, offset, range);
                vx_image src;
                tk_random(in, &seed);
                src = tk_to_vx(c, in);
                CTS_ASSERT_VALID(d);
                m_histogram(in, r, offset, range, bins, ref);
                if (mode) {
                    CTS_ASSERT_STATUS(vxuHistogram(c, src, d), VX_SUCCESS);
                } else {
                    vx_graph g = vxCreateGraph(c);
                    CTS_ASSERT_VALID(vxHistogramNode(g, src, d));
                    CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
                    vxReleaseGraph(&g);
                }
                CTS_ASSERT_STATUS(vxCopyDistribution(d, got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
                CTS_EXPECT_MSG(memcmp(ref, got, bins * sizeof(vx_uint32)) == 0,
                               "%ux%u offset %d range %u bins %zu mode %d", w, h, offset, range, (size_t)bins, mode);
                tk_free(in);
                vxReleaseImage(&src);
                vxReleaseDistribution(&d);
            }
}

CTS_TEST(Histogram, valid_region, "REQ-0230")
{
    vx_context c = cts_context();
    vx_uint64 seed = 12;
    tk_image *in = tk_new(VX_DF_IMAGE_U8, 40, 30);
    vx_rectangle_t r = {3, 5, 31, 27};
    vx_uint32 ref[10], got[10];
    vx_distribution d = vxCreateDistribution(c, 10, 0, 256);
    vx_image src;
    tk_random(in, &seed);
    src = tk_to_vx(c, in);
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(src, &r), VX_SUCCESS);
    m_histogram(in, r, 0, 256, 10, ref);
    CTS_ASSERT_STATUS(vxuHistogram(c, src, d), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxCopyDistribution(d, got, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_SUCCESS);
    CTS_EXPECT(memcmp(ref, got, sizeof(ref)) == 0);
    tk_free(in);
    vxReleaseImage(&src);
    vxReleaseDistribution(&d);
}

CTS_TEST(Histogram, refusals, "REQ-0233")
{
    vx_context c = cts_context();
    vx_image s16 = vxCreateImage(c, 8, 8, VX_DF_IMAGE_S16), rgb = vxCreateImage(c, 8, 8, VX_DF_IMAGE_RGB);
    vx_distribution d = vxCreateDistribution(c, 4, 0, 256);
    vx_graph g = vxCreateGraph(c);
    vxHistogramNode(g, s16, d);
    CTS_EXPECT_STATUS(verify_one(g), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    vxHistogramNode(g, rgb, d);
    CTS_EXPECT_STATUS(verify_one(g), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT(vxuHistogram(c, s16, d) != VX_SUCCESS);
    CTS_EXPECT(vxuHistogram(c, rgb, NULL) != VX_SUCCESS);
    vxReleaseImage(&s16), vxReleaseImage(&rgb);
    vxReleaseDistribution(&d);
}

/* ---- Equalize Histogram ------------------------------------------------------ */

/* Classic equalization: cdf stretched so that the smallest present value maps
 * to 0 and the largest cumulative count to 255, rounded to nearest. */
static void m_equalize(const tk_image *in, tk_image *out)
{
    double cnt[256] = {0}, cdf = 0, cmin = -1, n = (double)in->width * in->height;
    vx_uint8 lut[256];
    vx_uint32 x, y;
    int v;
    for (y = 0; y < in->height; y++)
        for (x = 0; x < in->width; x++) cnt[*tk_at(in, 0, x, y)] += 1;
    for (v = 0; v < 256; v++) {
        cdf += cnt[v];
        if (cmin < 0 && cnt[v] > 0) cmin = cdf;
        if (cmin < 0 || n == cmin)
            lut[v] = (vx_uint8)(cmin < 0 ? 0 : v);
        else
            lut[v] = (vx_uint8)tk_floor((cdf - cmin) * 255.0 / (n - cmin) + 0.5);
    }
    for (y = 0; y < in->height; y++)
        for (x = 0; x < in->width; x++) *tk_at(out, 0, x, y) = lut[*tk_at(in, 0, x, y)];
}

CTS_TEST(EqualizeHistogram, random, "REQ-0161 REQ-0162 REQ-0163 REQ-0164 REQ-0166")
{
    vx_context c = cts_context();
    vx_uint64 seed = 13;
    size_t s;
    int mode, kind;
    for (s = 0; s < NSIZES; s++)
        for (kind = 0; kind < 3; kind++)
            for (mode = 0; mode < 2; mode++) {
                vx_uint32 w = sizes[s][0], h = sizes[s][1], i;
                tk_image *in = tk_new(VX_DF_IMAGE_U8, w, h), *ref = tk_new(VX_DF_IMAGE_U8, w, h), *got;
                vx_image src, dst = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
                tk_random(in, &seed);
                for (i = 0; i < w * h; i++) {
                    if (kind == 1) in->p[0][i] = 77;                        /* constant: unchanged */
                    if (kind == 2) in->p[0][i] = (vx_uint8)(100 + in->p[0][i] / 8); /* narrow: stretched */
                }
                m_equalize(in, ref);
                src = tk_to_vx(c, in);
                if (mode) {
                    CTS_ASSERT_STATUS(vxuEqualizeHist(c, src, dst), VX_SUCCESS);
                } else {
                    vx_graph g = vxCreateGraph(c);
                    CTS_ASSERT_VALID(vxEqualizeHistNode(g, src, dst));
                    CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
                    vxReleaseGraph(&g);
                }
                got = tk_from_vx(dst);
                CTS_ASSERT(got != NULL);
                CTS_EXPECT_MSG(tk_max_diff(ref, got) == 0, "%ux%u kind %d mode %d", w, h, kind, mode);
                tk_free(in), tk_free(ref), tk_free(got);
                vxReleaseImage(&src), vxReleaseImage(&dst);
            }
}

CTS_TEST(EqualizeHistogram, refusals, "REQ-0163 REQ-0164")
{
    vx_context c = cts_context();
    vx_image u8 = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8), s16 = vxCreateImage(c, 8, 8, VX_DF_IMAGE_S16);
    vx_image small = vxCreateImage(c, 4, 8, VX_DF_IMAGE_U8);
    vx_graph g = vxCreateGraph(c);
    vxEqualizeHistNode(g, s16, u8);
    CTS_EXPECT_STATUS(verify_one(g), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    vxEqualizeHistNode(g, u8, s16);
    CTS_EXPECT(verify_one(g) != VX_SUCCESS);
    g = vxCreateGraph(c);
    vxEqualizeHistNode(g, u8, small);
    CTS_EXPECT(verify_one(g) != VX_SUCCESS);
    CTS_EXPECT(vxuEqualizeHist(c, s16, u8) != VX_SUCCESS);
    vxReleaseImage(&u8), vxReleaseImage(&s16), vxReleaseImage(&small);
}

/* ---- Mean and Standard Deviation --------------------------------------------- */

static int m_pixel_u1(const tk_image *t, vx_uint32 x, vx_uint32 y)
{
    return (t->p[0][(vx_size)y * tk_row_bytes(t, 0) + x / 8] >> (x % 8)) & 1;
}

static void m_meanstd(const tk_image *in, vx_rectangle_t r, double *mean, double *sd)
{
    double s = 0, s2 = 0, n = (double)(r.end_x - r.start_x) * (r.end_y - r.start_y), mu;
    vx_uint32 x, y;
    for (y = r.start_y; y < r.end_y; y++)
        for (x = r.start_x; x < r.end_x; x++) s += in->format == VX_DF_IMAGE_U1 ? m_pixel_u1(in, x, y) : *tk_at(in, 0, x, y);
    mu = s / n;
    for (y = r.start_y; y < r.end_y; y++)
        for (x = r.start_x; x < r.end_x; x++) {
            double v = in->format == VX_DF_IMAGE_U1 ? m_pixel_u1(in, x, y) : *tk_at(in, 0, x, y);
            s2 += (mu - v) * (mu - v);
        }
    *mean = mu;
    *sd = tk_sqrt(s2 / n);
}

CTS_TEST(MeanStdDev, random, "REQ-0293 REQ-0294 REQ-0295 REQ-0296 REQ-0297 REQ-0298 REQ-0299")
{
    static const vx_df_image formats[2] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U1};
    vx_context c = cts_context();
    vx_uint64 seed = 14;
    size_t s;
    int f, mode;
    for (f = 0; f < 2; f++)
        for (s = 0; s < NSIZES; s++)
            for (mode = 0; mode < 2; mode++) {
                vx_uint32 w = sizes[s][0], h = sizes[s][1];
                tk_image *in = tk_new(formats[f], w, h);
                vx_rectangle_t r = {0, 0, w, h};
                double rm, rs, tol = formats[f] == VX_DF_IMAGE_U8 ? 1e-3 : 1e-5;
                vx_float32 mean = -1, sd = -1;
                vx_image src;
                tk_random(in, &seed);
                m_meanstd(in, r, &rm, &rs);
                src = tk_to_vx(c, in);
                if (mode) {
                    CTS_ASSERT_STATUS(vxuMeanStdDev(c, src, &mean, &sd), VX_SUCCESS);
                } else {
                    vx_graph g = vxCreateGraph(c);
                    vx_scalar sm = vxCreateScalar(c, VX_TYPE_FLOAT32, &mean);
                    vx_scalar ss = vxCreateScalar(c, VX_TYPE_FLOAT32, &sd);
                    CTS_ASSERT_VALID(vxMeanStdDevNode(g, src, sm, ss));
                    CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
                    vxCopyScalar(sm, &mean, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
                    vxCopyScalar(ss, &sd, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
                    vxReleaseScalar(&sm), vxReleaseScalar(&ss);
                    vxReleaseGraph(&g);
                }
                CTS_EXPECT_MSG(tk_fabs(mean - rm) <= tol * (1 + rm) && tk_fabs(sd - rs) <= tol * (1 + rs),
                               "%.4s %ux%u mode %d: got %g %g expected %g %g", (const char *)&formats[f], w, h, mode,
                               mean, sd, rm, rs);
                tk_free(in);
                vxReleaseImage(&src);
            }
}

CTS_TEST(MeanStdDev, valid_region_and_optional, "REQ-0293 REQ-0294 REQ-0298")
{
    vx_context c = cts_context();
    vx_uint64 seed = 15;
    tk_image *in = tk_new(VX_DF_IMAGE_U8, 50, 20);
    vx_rectangle_t r = {7, 2, 43, 13};
    double rm, rs;
    vx_float32 mean = 0, sd = 0;
    vx_image src;
    vx_graph g;
    vx_scalar sm;
    tk_random(in, &seed);
    src = tk_to_vx(c, in);
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(src, &r), VX_SUCCESS);
    m_meanstd(in, r, &rm, &rs);
    CTS_ASSERT_STATUS(vxuMeanStdDev(c, src, &mean, &sd), VX_SUCCESS);
    CTS_EXPECT(tk_fabs(mean - rm) < 1e-3 && tk_fabs(sd - rs) < 1e-3);
    /* without the optional stddev */
    g = vxCreateGraph(c);
    sm = vxCreateScalar(c, VX_TYPE_FLOAT32, &mean);
    CTS_ASSERT_VALID(vxMeanStdDevNode(g, src, sm, NULL));
    CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
    vxCopyScalar(sm, &mean, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    CTS_EXPECT(tk_fabs(mean - rm) < 1e-3);
    vxReleaseScalar(&sm);
    vxReleaseGraph(&g);
    mean = 0;
    CTS_ASSERT_STATUS(vxuMeanStdDev(c, src, &mean, NULL), VX_SUCCESS);
    CTS_EXPECT(tk_fabs(mean - rm) < 1e-3);
    tk_free(in);
    vxReleaseImage(&src);
}

CTS_TEST(MeanStdDev, refusals, "REQ-0296 REQ-0297")
{
    vx_context c = cts_context();
    vx_image s16 = vxCreateImage(c, 8, 8, VX_DF_IMAGE_S16), u8 = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_int32 i = 0;
    vx_float32 f = 0;
    vx_scalar si = vxCreateScalar(c, VX_TYPE_INT32, &i), sf = vxCreateScalar(c, VX_TYPE_FLOAT32, &f);
    vx_graph g = vxCreateGraph(c);
    vxMeanStdDevNode(g, s16, sf, NULL);
    CTS_EXPECT_STATUS(verify_one(g), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    vxMeanStdDevNode(g, u8, si, NULL);
    CTS_EXPECT(verify_one(g) != VX_SUCCESS);
    CTS_EXPECT(vxuMeanStdDev(c, s16, &f, &f) != VX_SUCCESS);
    CTS_EXPECT(vxuMeanStdDev(c, u8, NULL, &f) != VX_SUCCESS);
    vxReleaseImage(&s16), vxReleaseImage(&u8);
    vxReleaseScalar(&si), vxReleaseScalar(&sf);
}

/* ---- Min, Max Location ------------------------------------------------------- */

static vx_int32 m_get(const tk_image *t, vx_uint32 x, vx_uint32 y)
{
    if (t->format == VX_DF_IMAGE_S16) {
        vx_int16 v;
        memcpy(&v, tk_at(t, 0, x, y), 2);
        return v;
    }
    return *tk_at(t, 0, x, y);
}

static void mml_check(vx_context c, vx_df_image f, vx_uint32 w, vx_uint32 h, int mode, vx_size cap, int with_opt,
                      vx_uint64 *seed)
{
    tk_image *in = tk_new(f, w, h);
    vx_int32 mn = 0, mx = 0, gmn = 0, gmx = 0;
    vx_size nmin = 0, nmax = 0, gnmin = 0, gnmax = 0, k;
    vx_uint32 x, y;
    vx_enum vt = f == VX_DF_IMAGE_U8 ? VX_TYPE_UINT8 : VX_TYPE_INT16;
    vx_scalar smin = vxCreateScalar(c, vt, NULL), smax = vxCreateScalar(c, vt, NULL);
    vx_scalar cmin = vxCreateScalar(c, VX_TYPE_SIZE, NULL), cmax = vxCreateScalar(c, VX_TYPE_SIZE, NULL);
    vx_array lmin = vxCreateArray(c, VX_TYPE_COORDINATES2D, cap), lmax = vxCreateArray(c, VX_TYPE_COORDINATES2D, cap);
    vx_image src;
    tk_random(in, seed);
    /* a few repeated extremes */
    for (k = 0; k < 5 && w * h > 4; k++) {
        x = tk_rand(seed) % w, y = tk_rand(seed) % h;
        memcpy(tk_at(in, 0, x, y), tk_at(in, 0, 0, 0), in->bpp[0]);
    }
    mn = mx = m_get(in, 0, 0);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            vx_int32 v = m_get(in, x, y);
            if (v < mn) mn = v;
            if (v > mx) mx = v;
        }
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) nmin += m_get(in, x, y) == mn, nmax += m_get(in, x, y) == mx;
    src = tk_to_vx(c, in);
    if (mode) {
        CTS_ASSERT_STATUS(vxuMinMaxLoc(c, src, smin, smax, with_opt ? lmin : NULL, with_opt ? lmax : NULL,
                                       with_opt ? cmin : NULL, with_opt ? cmax : NULL),
                          VX_SUCCESS);
    } else {
        vx_graph g = vxCreateGraph(c);
        CTS_ASSERT_VALID(vxMinMaxLocNode(g, src, smin, smax, with_opt ? lmin : NULL, with_opt ? lmax : NULL,
                                         with_opt ? cmin : NULL, with_opt ? cmax : NULL));
        CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
        vxReleaseGraph(&g);
    }
    if (f == VX_DF_IMAGE_U8) {
        vx_uint8 a = 0, b = 0;
        vxCopyScalar(smin, &a, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), vxCopyScalar(smax, &b, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        gmn = a, gmx = b;
    } else {
        vx_int16 a = 0, b = 0;
        vxCopyScalar(smin, &a, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), vxCopyScalar(smax, &b, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        gmn = a, gmx = b;
    }
    CTS_EXPECT_EQ_INT(gmn, mn);
    CTS_EXPECT_EQ_INT(gmx, mx);
    if (with_opt) {
        int which;
        vxCopyScalar(cmin, &gnmin, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        vxCopyScalar(cmax, &gnmax, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        CTS_EXPECT_EQ_INT(gnmin, nmin);
        CTS_EXPECT_EQ_INT(gnmax, nmax);
        for (which = 0; which < 2; which++) {
            vx_array a = which ? lmax : lmin;
            vx_size n = 0, expect = which ? nmax : nmin, i, j;
            vx_coordinates2d_t pts[64];
            vxQueryArray(a, VX_ARRAY_NUMITEMS, &n, sizeof(n));
            CTS_EXPECT_EQ_INT(n, expect < cap ? expect : cap);
            if (n > 64) n = 64;
            if (n) vxCopyArrayRange(a, 0, n, sizeof(pts[0]), pts, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
            for (i = 0; i < n; i++) {
                CTS_EXPECT(pts[i].x < w && pts[i].y < h);
                if (pts[i].x < w && pts[i].y < h) CTS_EXPECT_EQ_INT(m_get(in, pts[i].x, pts[i].y), which ? mx : mn);
                for (j = 0; j < i; j++) CTS_EXPECT(pts[i].x != pts[j].x || pts[i].y != pts[j].y);
            }
        }
    }
    tk_free(in);
    vxReleaseImage(&src);
    vxReleaseScalar(&smin), vxReleaseScalar(&smax), vxReleaseScalar(&cmin), vxReleaseScalar(&cmax);
    vxReleaseArray(&lmin), vxReleaseArray(&lmax);
}

CTS_TEST(MinMaxLoc, random, "REQ-0312 REQ-0313 REQ-0314 REQ-0315 REQ-0316 REQ-0317 REQ-0318 REQ-0319 REQ-0320 "
                            "REQ-0321 REQ-0322 REQ-0323 REQ-0324")
{
    vx_context c = cts_context();
    vx_uint64 seed = 16;
    size_t s;
    int mode, f;
    for (f = 0; f < 2; f++)
        for (s = 0; s < NSIZES; s++)
            for (mode = 0; mode < 2; mode++) {
                vx_df_image fmt = f ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8;
                mml_check(c, fmt, sizes[s][0], sizes[s][1], mode, 64, 1, &seed);
                mml_check(c, fmt, sizes[s][0], sizes[s][1], mode, 2, 1, &seed); /* fewer slots than extremes */
                mml_check(c, fmt, sizes[s][0], sizes[s][1], mode, 8, 0, &seed); /* optional outputs absent */
            }
}

CTS_TEST(MinMaxLoc, valid_region, "REQ-0312")
{
    vx_context c = cts_context();
    vx_image src = vxCreateImage(c, 20, 10, VX_DF_IMAGE_U8);
    vx_rectangle_t all = {0, 0, 20, 10}, r = {5, 2, 15, 8};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    void *p = NULL;
    vx_uint32 x, y;
    vx_uint8 mn = 0, mx = 0;
    vx_scalar smin = vxCreateScalar(c, VX_TYPE_UINT8, &mn), smax = vxCreateScalar(c, VX_TYPE_UINT8, &mx);
    CTS_ASSERT_STATUS(vxMapImagePatch(src, &all, 0, &id, &a, &p, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_SUCCESS);
    for (y = 0; y < 10; y++)
        for (x = 0; x < 20; x++)
            ((vx_uint8 *)p)[y * a.stride_y + x] = (x >= 5 && x < 15 && y >= 2 && y < 8) ? (vx_uint8)(50 + x + y) : 0;
    ((vx_uint8 *)p)[0] = 255;
    vxUnmapImagePatch(src, id);
    CTS_ASSERT_STATUS(vxSetImageValidRectangle(src, &r), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxuMinMaxLoc(c, src, smin, smax, NULL, NULL, NULL, NULL), VX_SUCCESS);
    vxCopyScalar(smin, &mn, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    vxCopyScalar(smax, &mx, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    CTS_EXPECT_EQ_INT(mn, 57);
    CTS_EXPECT_EQ_INT(mx, 71);
    vxReleaseImage(&src);
    vxReleaseScalar(&smin), vxReleaseScalar(&smax);
}

CTS_TEST(MinMaxLoc, refusals, "REQ-0315 REQ-0316 REQ-0318")
{
    vx_context c = cts_context();
    vx_image u16 = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U16), u8 = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8);
    vx_scalar s8 = vxCreateScalar(c, VX_TYPE_UINT8, NULL), f32 = vxCreateScalar(c, VX_TYPE_FLOAT32, NULL);
    vx_array rect = vxCreateArray(c, VX_TYPE_RECTANGLE, 4);
    vx_graph g = vxCreateGraph(c);
    vxMinMaxLocNode(g, u16, s8, s8, NULL, NULL, NULL, NULL);
    CTS_EXPECT_STATUS(verify_one(g), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    vxMinMaxLocNode(g, u8, f32, s8, NULL, NULL, NULL, NULL);
    CTS_EXPECT(verify_one(g) != VX_SUCCESS);
    g = vxCreateGraph(c);
    vxMinMaxLocNode(g, u8, s8, s8, rect, NULL, NULL, NULL);
    CTS_EXPECT(verify_one(g) != VX_SUCCESS);
    g = vxCreateGraph(c);
    vxMinMaxLocNode(g, u8, s8, s8, NULL, NULL, f32, NULL);
    CTS_EXPECT(verify_one(g) != VX_SUCCESS);
    CTS_EXPECT(vxuMinMaxLoc(c, u8, NULL, s8, NULL, NULL, NULL, NULL) != VX_SUCCESS);
    vxReleaseImage(&u16), vxReleaseImage(&u8);
    vxReleaseScalar(&s8), vxReleaseScalar(&f32);
    vxReleaseArray(&rect);
}

/* ---- Integral Image ---------------------------------------------------------- */

static void m_integral(const tk_image *in, tk_image *out)
{
    vx_uint32 x, y;
    for (y = 0; y < in->height; y++)
        for (x = 0; x < in->width; x++) {
            /* sum(x,y) = src(x,y) + sum(x-1,y) + sum(x,y-1) - sum(x-1,y-1), wrapping */
            vx_uint32 s = *tk_at(in, 0, x, y), l = 0, u = 0, ul = 0;
            if (x) memcpy(&l, tk_at(out, 0, x - 1, y), 4);
            if (y) memcpy(&u, tk_at(out, 0, x, y - 1), 4);
            if (x && y) memcpy(&ul, tk_at(out, 0, x - 1, y - 1), 4);
            s = s + l + u - ul;
            memcpy(tk_at(out, 0, x, y), &s, 4);
        }
}

CTS_TEST(IntegralImage, random, "REQ-0244 REQ-0245 REQ-0246 REQ-0247 REQ-0248")
{
    vx_context c = cts_context();
    vx_uint64 seed = 17;
    size_t s;
    int mode;
    for (s = 0; s < NSIZES; s++)
        for (mode = 0; mode < 2; mode++) {
            vx_uint32 w = sizes[s][0], h = sizes[s][1];
            tk_image *in = tk_new(VX_DF_IMAGE_U8, w, h), *ref = tk_new(VX_DF_IMAGE_U32, w, h), *got;
            vx_image src, dst = vxCreateImage(c, w, h, VX_DF_IMAGE_U32);
            tk_random(in, &seed);
            m_integral(in, ref);
            src = tk_to_vx(c, in);
            if (mode) {
                CTS_ASSERT_STATUS(vxuIntegralImage(c, src, dst), VX_SUCCESS);
            } else {
                vx_graph g = vxCreateGraph(c);
                CTS_ASSERT_VALID(vxIntegralImageNode(g, src, dst));
                CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
                vxReleaseGraph(&g);
            }
            got = tk_from_vx(dst);
            CTS_ASSERT(got != NULL);
            CTS_EXPECT_MSG(tk_max_diff(ref, got) == 0, "%ux%u mode %d", w, h, mode);
            tk_free(in), tk_free(ref), tk_free(got);
            vxReleaseImage(&src), vxReleaseImage(&dst);
        }
}

CTS_TEST(IntegralImage, virtual_chain, "REQ-0244 REQ-0161")
{
    /* equalize -> (virtual U8) -> integral */
    vx_context c = cts_context();
    vx_uint64 seed = 18;
    tk_image *in = tk_new(VX_DF_IMAGE_U8, 37, 21), *eq = tk_new(VX_DF_IMAGE_U8, 37, 21);
    tk_image *ref = tk_new(VX_DF_IMAGE_U32, 37, 21), *got;
    vx_graph g = vxCreateGraph(c);
    vx_image src, v = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT), dst = vxCreateImage(c, 37, 21, VX_DF_IMAGE_U32);
    tk_random(in, &seed);
    m_equalize(in, eq);
    m_integral(eq, ref);
    src = tk_to_vx(c, in);
    CTS_ASSERT_VALID(vxEqualizeHistNode(g, src, v));
    CTS_ASSERT_VALID(vxIntegralImageNode(g, v, dst));
    CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
    got = tk_from_vx(dst);
    CTS_EXPECT(got && tk_max_diff(ref, got) == 0);
    tk_free(in), tk_free(eq), tk_free(ref), tk_free(got);
    vxReleaseImage(&src), vxReleaseImage(&v), vxReleaseImage(&dst);
    vxReleaseGraph(&g);
}

CTS_TEST(IntegralImage, refusals, "REQ-0247 REQ-0248")
{
    vx_context c = cts_context();
    vx_image u8 = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8), u32 = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U32);
    vx_image u16 = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U16), big = vxCreateImage(c, 9, 8, VX_DF_IMAGE_U32);
    vx_graph g = vxCreateGraph(c);
    vxIntegralImageNode(g, u16, u32);
    CTS_EXPECT_STATUS(verify_one(g), VX_ERROR_INVALID_FORMAT);
    g = vxCreateGraph(c);
    vxIntegralImageNode(g, u8, u16);
    CTS_EXPECT(verify_one(g) != VX_SUCCESS);
    g = vxCreateGraph(c);
    vxIntegralImageNode(g, u8, big);
    CTS_EXPECT(verify_one(g) != VX_SUCCESS);
    CTS_EXPECT(vxuIntegralImage(c, u8, u8) != VX_SUCCESS);
    vxReleaseImage(&u8), vxReleaseImage(&u32), vxReleaseImage(&u16), vxReleaseImage(&big);
}

CTS_TABLE(k_stats) = {
    CTS_ENTRY(Histogram, random),        CTS_ENTRY(Histogram, valid_region),
    CTS_ENTRY(Histogram, refusals),      CTS_ENTRY(EqualizeHistogram, random),
    CTS_ENTRY(EqualizeHistogram, refusals), CTS_ENTRY(MeanStdDev, random),
    CTS_ENTRY(MeanStdDev, valid_region_and_optional), CTS_ENTRY(MeanStdDev, refusals),
    CTS_ENTRY(MinMaxLoc, random),        CTS_ENTRY(MinMaxLoc, valid_region),
    CTS_ENTRY(MinMaxLoc, refusals),      CTS_ENTRY(IntegralImage, random),
    CTS_ENTRY(IntegralImage, virtual_chain), CTS_ENTRY(IntegralImage, refusals),
    CTS_TABLE_END};
