/*
 * Conformance tests: Color Convert, Channel Extract, Channel Combine.
 * Each function is checked against a plain model written here from the
 * spec's formulas (full range: real = int / 256 for R, G, B, Y and
 * (int - 128) / 256 for U, V; int = floor(real * 256 (+ 128)); Y'PbPr <->
 * R'G'B' with Kr, Kb of the image's color space), in graph and immediate
 * mode, on several sizes, with virtual intermediates and the validators'
 * refusals.
 */
#include "k_color_util.h"


/* ---- the model ---------------------------------------------------------- */

/* Channel c (R,G,B,A or Y,U,V) of image pixel (x, y). */
static vx_uint8 *m_chan(const tk_image *t, int c, vx_uint32 x, vx_uint32 y)
{
    switch (t->format) {
    case VX_DF_IMAGE_RGB: return tk_at(t, 0, x, y) + c;
    case VX_DF_IMAGE_RGBX: return tk_at(t, 0, x, y) + c;
    case VX_DF_IMAGE_YUV4: return tk_at(t, (vx_uint32)c, x, y);
    case VX_DF_IMAGE_IYUV: return c == 0 ? tk_at(t, 0, x, y) : tk_at(t, (vx_uint32)c, x / 2, y / 2);
    case VX_DF_IMAGE_NV12: return c == 0 ? tk_at(t, 0, x, y) : tk_at(t, 1, x / 2, y / 2) + (c - 1);
    case VX_DF_IMAGE_NV21: return c == 0 ? tk_at(t, 0, x, y) : tk_at(t, 1, x / 2, y / 2) + (2 - c);
    case VX_DF_IMAGE_UYVY: /* U0 Y0 V0 Y1 */
        return c == 0 ? tk_at(t, 0, x, y) + 1 : tk_at(t, 0, x & ~1u, y) + (c == 1 ? 0 : 2);
    case VX_DF_IMAGE_YUYV: /* Y0 U0 Y1 V0 */
        return c == 0 ? tk_at(t, 0, x, y) : tk_at(t, 0, x & ~1u, y) + (c == 1 ? 1 : 3);
    default: return NULL;
    }
}

static int m_is_yuv(vx_df_image f)
{
    return f != VX_DF_IMAGE_RGB && f != VX_DF_IMAGE_RGBX;
}

/* chroma block of a format: 1x1, 2x1 or 2x2 */
static void m_block(vx_df_image f, vx_uint32 *bx, vx_uint32 *by)
{
    *bx = *by = 1;
    if (f == VX_DF_IMAGE_UYVY || f == VX_DF_IMAGE_YUYV) *bx = 2;
    if (f == VX_DF_IMAGE_NV12 || f == VX_DF_IMAGE_NV21 || f == VX_DF_IMAGE_IYUV) *bx = *by = 2;
}

static void m_k(vx_enum space, double *kr, double *kb)
{
    if (space == VX_COLOR_SPACE_BT601_525 || space == VX_COLOR_SPACE_BT601_625)
        *kr = 0.299, *kb = 0.114;
    else
        *kr = 0.2126, *kb = 0.0722;
}

static double m_clamp01(double v)
{
    return v < 0 ? 0 : v > 1 ? 1 : v;
}

/* Spec: linear RGB conversions between primaries. */
static void m_primaries(vx_enum from, vx_enum to, double rgb[3])
{
    static const double m525_625[9] = {0.900657, 0.088807, 0.010536, 0.017772, 0.965793,
                                       0.016435, -0.001853, -0.015948, 1.017801};
    static const double m525_709[9] = {0.939542, 0.050181, 0.010277, 0.017772, 0.965793,
                                       0.016435, -0.001622, -0.004370, 1.005991};
    static const double m625_525[9] = {1.112302, -0.102441, -0.009860, -0.020497, 1.037030,
                                       -0.016533, 0.001704, 0.016063, 0.982233};
    static const double m625_709[9] = {1.044043, -0.044043, 0, 0, 1, 0, 0, 0.011793, 0.988207};
    static const double m709_525[9] = {1.065379, -0.055401, -0.009978, -0.019633, 1.036363,
                                       -0.016731, 0.001632, 0.004412, 0.993956};
    static const double m709_625[9] = {0.957815, 0.042185, 0, 0, 1, 0, 0, -0.011934, 1.011934};
    const double *m = NULL;
    double lin[3];
    int i;
    if (from == to) return;
    if (from == VX_COLOR_SPACE_BT601_525) m = to == VX_COLOR_SPACE_BT601_625 ? m525_625 : m525_709;
    if (from == VX_COLOR_SPACE_BT601_625) m = to == VX_COLOR_SPACE_BT601_525 ? m625_525 : m625_709;
    if (from == VX_COLOR_SPACE_BT709) m = to == VX_COLOR_SPACE_BT601_525 ? m709_525 : m709_625;
    for (i = 0; i < 3; i++) {
        double v = m_clamp01(rgb[i]);
        lin[i] = v > 0.081 ? tk_pow((v + 0.099) / 1.099, 1 / 0.45) : v / 4.5;
    }
    for (i = 0; i < 3; i++) {
        double v = m_clamp01(m[3 * i] * lin[0] + m[3 * i + 1] * lin[1] + m[3 * i + 2] * lin[2]);
        rgb[i] = v >= 0.018 ? 1.099 * tk_pow(v, 0.45) - 0.099 : 4.5 * v;
    }
}

/* Output channel values (before floor) of input pixel (x, y). */
static void m_pixel(const tk_image *in, vx_enum sin, vx_df_image fo, vx_enum sout, vx_uint32 x, vx_uint32 y,
                    double o[3])
{
    double rgb[3], kr, kb;
    if (!m_is_yuv(in->format)) {
        int c;
        for (c = 0; c < 3; c++) rgb[c] = *m_chan(in, c, x, y) / 256.0;
    } else {
        double Y = *m_chan(in, 0, x, y) / 256.0, pb = (*m_chan(in, 1, x, y) - 128.0) / 256.0;
        double pr = (*m_chan(in, 2, x, y) - 128.0) / 256.0;
        m_k(sin, &kr, &kb);
        rgb[0] = Y + 2 * (1 - kr) * pr;
        rgb[2] = Y + 2 * (1 - kb) * pb;
        rgb[1] = Y - 2 * (kr * (1 - kr) * pr + kb * (1 - kb) * pb) / (1 - kr - kb);
    }
    m_primaries(sin, sout, rgb);
    if (!m_is_yuv(fo)) {
        int c;
        for (c = 0; c < 3; c++) o[c] = rgb[c] * 256.0;
    } else {
        double Y;
        m_k(sout, &kr, &kb);
        Y = kr * rgb[0] + kb * rgb[2] + (1 - kr - kb) * rgb[1];
        o[0] = Y * 256.0;
        o[1] = (rgb[2] / 2 - (rgb[0] * kr + rgb[1] * (1 - kr - kb)) / (2 * (1 - kb))) * 256.0 + 128.0;
        o[2] = (rgb[0] / 2 - (rgb[2] * kb + rgb[1] * (1 - kr - kb)) / (2 * (1 - kr))) * 256.0 + 128.0;
    }
}

static vx_uint8 m_q(double v)
{
    double f = tk_floor(v + 1e-6);
    return (vx_uint8)(f < 0 ? 0 : f > 255 ? 255 : f);
}

/* Spaces: RGB images follow the YUV side; YUV images given. */
static tk_image *m_convert(const tk_image *in, vx_enum sin, vx_df_image fo, vx_enum sout)
{
    tk_image *out = tk_new(fo, in->width, in->height);
    vx_uint32 x, y, bx, by;
    if (!m_is_yuv(in->format)) sin = sout;
    if (!m_is_yuv(fo)) sout = sin;
    for (y = 0; y < in->height; y++)
        for (x = 0; x < in->width; x++) {
            double o[3];
            m_pixel(in, sin, fo, sout, x, y, o);
            *m_chan(out, 0, x, y) = m_q(o[0]);
            if (!m_is_yuv(fo)) {
                *m_chan(out, 1, x, y) = m_q(o[1]);
                *m_chan(out, 2, x, y) = m_q(o[2]);
                if (fo == VX_DF_IMAGE_RGBX) *m_chan(out, 3, x, y) = 255;
            }
        }
    if (m_is_yuv(fo)) {
        m_block(fo, &bx, &by);
        for (y = 0; y < in->height; y += by)
            for (x = 0; x < in->width; x += bx) {
                double su = 0, sv = 0, o[3];
                vx_uint32 i, j;
                for (j = 0; j < by; j++)
                    for (i = 0; i < bx; i++) {
                        m_pixel(in, sin, fo, sout, x + i, y + j, o);
                        su += o[1], sv += o[2];
                    }
                *m_chan(out, 1, x, y) = m_q(su / (bx * by));
                *m_chan(out, 2, x, y) = m_q(sv / (bx * by));
            }
    }
    return out;
}

/* ---- Color Convert -------------------------------------------------------- */

static const vx_df_image cc_pairs[][2] = {
    {VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX},  {VX_DF_IMAGE_RGB, VX_DF_IMAGE_NV12},  {VX_DF_IMAGE_RGB, VX_DF_IMAGE_IYUV},
    {VX_DF_IMAGE_RGB, VX_DF_IMAGE_YUV4},  {VX_DF_IMAGE_RGBX, VX_DF_IMAGE_RGB},  {VX_DF_IMAGE_RGBX, VX_DF_IMAGE_NV12},
    {VX_DF_IMAGE_RGBX, VX_DF_IMAGE_IYUV}, {VX_DF_IMAGE_RGBX, VX_DF_IMAGE_YUV4}, {VX_DF_IMAGE_NV12, VX_DF_IMAGE_RGB},
    {VX_DF_IMAGE_NV12, VX_DF_IMAGE_RGBX}, {VX_DF_IMAGE_NV12, VX_DF_IMAGE_IYUV}, {VX_DF_IMAGE_NV12, VX_DF_IMAGE_YUV4},
    {VX_DF_IMAGE_NV21, VX_DF_IMAGE_RGB},  {VX_DF_IMAGE_NV21, VX_DF_IMAGE_RGBX}, {VX_DF_IMAGE_NV21, VX_DF_IMAGE_IYUV},
    {VX_DF_IMAGE_NV21, VX_DF_IMAGE_YUV4}, {VX_DF_IMAGE_UYVY, VX_DF_IMAGE_RGB},  {VX_DF_IMAGE_UYVY, VX_DF_IMAGE_RGBX},
    {VX_DF_IMAGE_UYVY, VX_DF_IMAGE_NV12}, {VX_DF_IMAGE_UYVY, VX_DF_IMAGE_IYUV}, {VX_DF_IMAGE_YUYV, VX_DF_IMAGE_RGB},
    {VX_DF_IMAGE_YUYV, VX_DF_IMAGE_RGBX}, {VX_DF_IMAGE_YUYV, VX_DF_IMAGE_NV12}, {VX_DF_IMAGE_YUYV, VX_DF_IMAGE_IYUV},
    {VX_DF_IMAGE_IYUV, VX_DF_IMAGE_RGB},  {VX_DF_IMAGE_IYUV, VX_DF_IMAGE_RGBX}, {VX_DF_IMAGE_IYUV, VX_DF_IMAGE_NV12},
    {VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4},
};

static void cc_check(vx_context c, vx_df_image fi, vx_df_image fo, vx_uint32 w, vx_uint32 h, int immediate,
                     vx_enum sin, vx_enum sout, vx_uint64 *seed)
{
    tk_image *in = tk_new(fi, w, h), *ref, *got;
    vx_image src, dst;
    int tol = (m_is_yuv(fi) && m_is_yuv(fo) && sin == sout) ? 0 : 1, d;
    tk_random(in, seed);
    ref = m_convert(in, sin, fo, sout);
    src = tk_to_vx(c, in);
    dst = vxCreateImage(c, w, h, fo);
    CTS_ASSERT_VALID(src);
    CTS_ASSERT_VALID(dst);
    if (m_is_yuv(fi)) CTS_EXPECT_STATUS(vxSetImageAttribute(src, VX_IMAGE_SPACE, &sin, sizeof(sin)), VX_SUCCESS);
    if (m_is_yuv(fo)) CTS_EXPECT_STATUS(vxSetImageAttribute(dst, VX_IMAGE_SPACE, &sout, sizeof(sout)), VX_SUCCESS);
    if (immediate) {
        CTS_ASSERT_STATUS(vxuColorConvert(c, src, dst), VX_SUCCESS);
    } else {
        vx_graph g = vxCreateGraph(c);
        vx_node n = vxColorConvertNode(g, src, dst);
        CTS_ASSERT_VALID(n);
        CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
    }
    got = tk_from_vx(dst);
    CTS_ASSERT(got != NULL);
    d = tk_max_diff(ref, got);
    CTS_EXPECT_MSG(d <= tol, "%.4s -> %.4s %ux%u (%s): max difference %d > %d", (const char *)&fi, (const char *)&fo,
                   w, h, immediate ? "vxu" : "graph", d, tol);
    tk_free(in);
    tk_free(ref);
    tk_free(got);
    vxReleaseImage(&src);
    vxReleaseImage(&dst);
}

CTS_TEST(ColorConvert, every_pair_graph, "REQ-0093 REQ-0094 REQ-0095 REQ-0096 REQ-0097 REQ-0098 REQ-0099")
{
    static const vx_uint32 sizes[][2] = {{2, 2}, {6, 4}, {34, 18}, {640, 480}};
    vx_context c = cts_context();
    vx_uint64 seed = 1;
    size_t i, s;
    for (i = 0; i < sizeof(cc_pairs) / sizeof(cc_pairs[0]); i++)
        for (s = 0; s < 4; s++)
            cc_check(c, cc_pairs[i][0], cc_pairs[i][1], sizes[s][0], sizes[s][1], 0, VX_COLOR_SPACE_BT709,
                     VX_COLOR_SPACE_BT709, &seed);
}

CTS_TEST(ColorConvert, every_pair_immediate, "REQ-0093 REQ-0094 REQ-0095")
{
    vx_context c = cts_context();
    vx_uint64 seed = 2;
    size_t i;
    for (i = 0; i < sizeof(cc_pairs) / sizeof(cc_pairs[0]); i++) {
        cc_check(c, cc_pairs[i][0], cc_pairs[i][1], 18, 10, 1, VX_COLOR_SPACE_BT709, VX_COLOR_SPACE_BT709, &seed);
        cc_check(c, cc_pairs[i][0], cc_pairs[i][1], 2, 2, 1, VX_COLOR_SPACE_BT709, VX_COLOR_SPACE_BT709, &seed);
    }
}

CTS_TEST(ColorConvert, bt601_spaces, "REQ-0094")
{
    vx_context c = cts_context();
    vx_uint64 seed = 3;
    /* Kr, Kb of BT.601 for RGB <-> YUV */
    cc_check(c, VX_DF_IMAGE_RGB, VX_DF_IMAGE_NV12, 32, 16, 0, VX_COLOR_SPACE_BT601_625, VX_COLOR_SPACE_BT601_625,
             &seed);
    cc_check(c, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_RGBX, 32, 16, 1, VX_COLOR_SPACE_BT601_525, VX_COLOR_SPACE_BT601_525,
             &seed);
    /* a change of primaries between YUV images of different spaces */
    cc_check(c, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4, 16, 8, 0, VX_COLOR_SPACE_BT601_525, VX_COLOR_SPACE_BT709,
             &seed);
    cc_check(c, VX_DF_IMAGE_NV12, VX_DF_IMAGE_IYUV, 16, 8, 1, VX_COLOR_SPACE_BT709, VX_COLOR_SPACE_BT601_625,
             &seed);
    cc_check(c, VX_DF_IMAGE_UYVY, VX_DF_IMAGE_NV12, 16, 8, 0, VX_COLOR_SPACE_BT601_625, VX_COLOR_SPACE_BT601_525,
             &seed);
}

CTS_TEST(ColorConvert, virtual_round_trip, "REQ-0093 REQ-0098")
{
    /* RGB -> (virtual NV12) -> RGBX, against the model applied twice */
    vx_context c = cts_context();
    vx_uint64 seed = 4;
    tk_image *in = tk_new(VX_DF_IMAGE_RGB, 40, 22), *mid, *ref, *got;
    vx_graph g = vxCreateGraph(c);
    vx_image src, v, dst;
    tk_random(in, &seed);
    mid = m_convert(in, VX_COLOR_SPACE_BT709, VX_DF_IMAGE_NV12, VX_COLOR_SPACE_BT709);
    ref = m_convert(mid, VX_COLOR_SPACE_BT709, VX_DF_IMAGE_RGBX, VX_COLOR_SPACE_BT709);
    src = tk_to_vx(c, in);
    v = vxCreateVirtualImage(g, 40, 22, VX_DF_IMAGE_NV12);
    dst = vxCreateImage(c, 40, 22, VX_DF_IMAGE_RGBX);
    CTS_ASSERT_VALID(v);
    CTS_ASSERT_VALID(vxColorConvertNode(g, src, v));
    CTS_ASSERT_VALID(vxColorConvertNode(g, v, dst));
    CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
    got = tk_from_vx(dst);
    CTS_ASSERT(got != NULL);
    CTS_EXPECT(tk_max_diff(ref, got) <= 1);
    tk_free(in), tk_free(mid), tk_free(ref), tk_free(got);
    vxReleaseImage(&src), vxReleaseImage(&v), vxReleaseImage(&dst);
    vxReleaseGraph(&g);
}

static vx_status cc_verify(vx_context c, vx_image in, vx_image out)
{
    vx_graph g = vxCreateGraph(c);
    vx_status s;
    vxColorConvertNode(g, in, out);
    s = vxVerifyGraph(g);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(ColorConvert, refusals, "REQ-0093 REQ-0098")
{
    vx_context c = cts_context();
    vx_image rgb = vxCreateImage(c, 16, 8, VX_DF_IMAGE_RGB);
    vx_image uyvy = vxCreateImage(c, 16, 8, VX_DF_IMAGE_UYVY);
    vx_image yuv4 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_YUV4);
    vx_image nv12 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_NV12);
    vx_image small = vxCreateImage(c, 8, 8, VX_DF_IMAGE_NV12);
    vx_image u8 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_image rgbodd = vxCreateImage(c, 15, 7, VX_DF_IMAGE_RGB);
    vx_graph g = vxCreateGraph(c);
    vx_image virt = vxCreateVirtualImage(g, 15, 7, VX_DF_IMAGE_NV12), anyv;
    /* conversions outside the spec's table */
    CTS_EXPECT_STATUS(cc_verify(c, rgb, uyvy), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(cc_verify(c, yuv4, rgb), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(cc_verify(c, nv12, nv12), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(cc_verify(c, u8, rgb), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(cc_verify(c, rgb, u8), VX_ERROR_INVALID_FORMAT);
    /* the output has the input's size */
    CTS_EXPECT(cc_verify(c, rgb, small) != VX_SUCCESS);
    /* an odd-sized image has no 4:2:0 form */
    vxColorConvertNode(g, rgbodd, virt);
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    vxReleaseImage(&virt);
    vxReleaseGraph(&g);
    /* a virtual output of unknown format */
    g = vxCreateGraph(c);
    anyv = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vxColorConvertNode(g, rgb, anyv);
    CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_INVALID_FORMAT);
    vxReleaseImage(&anyv);
    vxReleaseGraph(&g);
    CTS_EXPECT(vxuColorConvert(c, rgb, uyvy) != VX_SUCCESS);
    CTS_EXPECT(vxuColorConvert(c, NULL, rgb) != VX_SUCCESS);
    vxReleaseImage(&rgb), vxReleaseImage(&uyvy), vxReleaseImage(&yuv4), vxReleaseImage(&nv12);
    vxReleaseImage(&small), vxReleaseImage(&u8), vxReleaseImage(&rgbodd);
}

/* ---- Channel Extract ------------------------------------------------------ */

static const vx_df_image multi_formats[] = {VX_DF_IMAGE_RGB,  VX_DF_IMAGE_RGBX, VX_DF_IMAGE_NV12, VX_DF_IMAGE_NV21,
                                            VX_DF_IMAGE_UYVY, VX_DF_IMAGE_YUYV, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_YUV4};

/* channel enums of a format, in model order; returns their number */
static int fmt_channels(vx_df_image f, vx_enum ch[4])
{
    if (f == VX_DF_IMAGE_RGB || f == VX_DF_IMAGE_RGBX) {
        ch[0] = VX_CHANNEL_R, ch[1] = VX_CHANNEL_G, ch[2] = VX_CHANNEL_B, ch[3] = VX_CHANNEL_A;
        return f == VX_DF_IMAGE_RGB ? 3 : 4;
    }
    ch[0] = VX_CHANNEL_Y, ch[1] = VX_CHANNEL_U, ch[2] = VX_CHANNEL_V;
    return 3;
}

static tk_image *m_extract(const tk_image *in, int c)
{
    vx_uint32 bx = 1, by = 1, x, y;
    tk_image *out;
    if (c > 0 && c < 3 && m_is_yuv(in->format)) m_block(in->format, &bx, &by);
    out = tk_new(VX_DF_IMAGE_U8, in->width / bx, in->height / by);
    for (y = 0; y < out->height; y++)
        for (x = 0; x < out->width; x++) *tk_at(out, 0, x, y) = *m_chan(in, c, x * bx, y * by);
    return out;
}

CTS_TEST(ChannelExtract, every_channel, "REQ-0088 REQ-0089 REQ-0090 REQ-0091 REQ-0092")
{
    static const vx_uint32 sizes[][2] = {{2, 2}, {34, 18}, {640, 480}};
    vx_context c = cts_context();
    vx_uint64 seed = 5;
    size_t f, s;
    int k, mode;
    for (f = 0; f < 8; f++)
        for (s = 0; s < 3; s++) {
            vx_enum ch[4];
            int n = fmt_channels(multi_formats[f], ch);
            tk_image *in = tk_new(multi_formats[f], sizes[s][0], sizes[s][1]);
            vx_image src;
            tk_random(in, &seed);
            src = tk_to_vx(c, in);
            for (k = 0; k < n; k++)
                for (mode = 0; mode < 2; mode++) {
                    tk_image *ref = m_extract(in, k), *got;
                    vx_image dst = vxCreateImage(c, ref->width, ref->height, VX_DF_IMAGE_U8);
                    if (mode) {
                        CTS_ASSERT_STATUS(vxuChannelExtract(c, src, ch[k], dst), VX_SUCCESS);
                    } else {
                        vx_graph g = vxCreateGraph(c);
                        CTS_ASSERT_VALID(vxChannelExtractNode(g, src, ch[k], dst));
                        CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
                        vxReleaseGraph(&g);
                    }
                    got = tk_from_vx(dst);
                    CTS_ASSERT(got != NULL);
                    CTS_EXPECT_MSG(tk_max_diff(ref, got) == 0, "%.4s channel %d %ux%u mode %d differs",
                                   (const char *)&multi_formats[f], k, sizes[s][0], sizes[s][1], mode);
                    tk_free(ref), tk_free(got);
                    vxReleaseImage(&dst);
                }
            tk_free(in);
            vxReleaseImage(&src);
        }
}

CTS_TEST(ChannelExtract, numbered_channels, "REQ-0090")
{
    /* VX_CHANNEL_0..3 name the channels in order */
    vx_context c = cts_context();
    vx_uint64 seed = 6;
    tk_image *in = tk_new(VX_DF_IMAGE_RGBX, 10, 6), *ref, *got;
    vx_image src, dst = vxCreateImage(c, 10, 6, VX_DF_IMAGE_U8);
    tk_random(in, &seed);
    src = tk_to_vx(c, in);
    ref = m_extract(in, 3);
    CTS_ASSERT_STATUS(vxuChannelExtract(c, src, VX_CHANNEL_3, dst), VX_SUCCESS);
    got = tk_from_vx(dst);
    CTS_EXPECT(got && tk_max_diff(ref, got) == 0);
    tk_free(in), tk_free(ref), tk_free(got);
    vxReleaseImage(&src), vxReleaseImage(&dst);
}

static vx_status ce_verify(vx_context c, vx_image in, vx_enum ch, vx_image out)
{
    vx_graph g = vxCreateGraph(c);
    vx_status s;
    vxChannelExtractNode(g, in, ch, out);
    s = vxVerifyGraph(g);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(ChannelExtract, refusals, "REQ-0089 REQ-0090 REQ-0091")
{
    vx_context c = cts_context();
    vx_image rgb = vxCreateImage(c, 16, 8, VX_DF_IMAGE_RGB), u8 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_image nv12 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_NV12), s16 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_S16);
    vx_image half = vxCreateImage(c, 8, 4, VX_DF_IMAGE_U8);
    CTS_EXPECT_STATUS(ce_verify(c, u8, VX_CHANNEL_0, u8), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(ce_verify(c, rgb, VX_CHANNEL_A, u8), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(ce_verify(c, rgb, VX_CHANNEL_Y, u8), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(ce_verify(c, nv12, VX_CHANNEL_R, u8), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT(ce_verify(c, rgb, VX_CHANNEL_R, s16) != VX_SUCCESS);
    CTS_EXPECT(ce_verify(c, nv12, VX_CHANNEL_Y, half) != VX_SUCCESS);
    CTS_EXPECT(ce_verify(c, nv12, VX_CHANNEL_U, u8) != VX_SUCCESS);
    CTS_EXPECT_STATUS(ce_verify(c, nv12, VX_CHANNEL_U, half), VX_SUCCESS);
    vxReleaseImage(&rgb), vxReleaseImage(&u8), vxReleaseImage(&nv12), vxReleaseImage(&s16), vxReleaseImage(&half);
}

/* ---- Channel Combine ------------------------------------------------------ */

CTS_TEST(ChannelCombine, every_format, "REQ-0081 REQ-0082 REQ-0083 REQ-0084 REQ-0085 REQ-0086 REQ-0087")
{
    static const vx_uint32 sizes[][2] = {{2, 2}, {34, 18}, {640, 480}};
    vx_context c = cts_context();
    vx_uint64 seed = 7;
    size_t f, s;
    int k, mode;
    for (f = 0; f < 8; f++)
        for (s = 0; s < 3; s++)
            for (mode = 0; mode < 2; mode++) {
                vx_enum ch[4];
                int n = fmt_channels(multi_formats[f], ch);
                tk_image *ref = tk_new(multi_formats[f], sizes[s][0], sizes[s][1]), *got;
                tk_image *planes[4] = {NULL, NULL, NULL, NULL};
                vx_image vp[4] = {NULL, NULL, NULL, NULL}, dst;
                tk_random(ref, &seed);
                for (k = 0; k < n; k++) {
                    planes[k] = m_extract(ref, k);
                    vp[k] = tk_to_vx(c, planes[k]);
                }
                dst = vxCreateImage(c, sizes[s][0], sizes[s][1], multi_formats[f]);
                if (mode) {
                    CTS_ASSERT_STATUS(vxuChannelCombine(c, vp[0], vp[1], vp[2], vp[3], dst), VX_SUCCESS);
                } else {
                    vx_graph g = vxCreateGraph(c);
                    CTS_ASSERT_VALID(vxChannelCombineNode(g, vp[0], vp[1], vp[2], vp[3], dst));
                    CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
                    vxReleaseGraph(&g);
                }
                got = tk_from_vx(dst);
                CTS_ASSERT(got != NULL);
                CTS_EXPECT_MSG(tk_max_diff(ref, got) == 0, "%.4s %ux%u mode %d differs",
                               (const char *)&multi_formats[f], sizes[s][0], sizes[s][1], mode);
                for (k = 0; k < 4; k++) {
                    tk_free(planes[k]);
                    if (vp[k]) vxReleaseImage(&vp[k]);
                }
                tk_free(ref), tk_free(got);
                vxReleaseImage(&dst);
            }
}

CTS_TEST(ChannelCombine, virtual_planes, "REQ-0086 REQ-0091")
{
    /* IYUV -> three virtual planes -> IYUV again: the same image */
    vx_context c = cts_context();
    vx_uint64 seed = 8;
    tk_image *in = tk_new(VX_DF_IMAGE_IYUV, 22, 14), *got;
    vx_graph g = vxCreateGraph(c);
    vx_image src, dst = vxCreateImage(c, 22, 14, VX_DF_IMAGE_IYUV), v[3];
    int k;
    static const vx_enum ch[3] = {VX_CHANNEL_Y, VX_CHANNEL_U, VX_CHANNEL_V};
    tk_random(in, &seed);
    src = tk_to_vx(c, in);
    for (k = 0; k < 3; k++) {
        v[k] = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
        CTS_ASSERT_VALID(vxChannelExtractNode(g, src, ch[k], v[k]));
    }
    CTS_ASSERT_VALID(vxChannelCombineNode(g, v[0], v[1], v[2], NULL, dst));
    CTS_ASSERT_STATUS(tk_run(g), VX_SUCCESS);
    got = tk_from_vx(dst);
    CTS_EXPECT(got && tk_max_diff(in, got) == 0);
    tk_free(in), tk_free(got);
    for (k = 0; k < 3; k++) vxReleaseImage(&v[k]);
    vxReleaseImage(&src), vxReleaseImage(&dst);
    vxReleaseGraph(&g);
}

static vx_status cb_verify(vx_context c, vx_image p0, vx_image p1, vx_image p2, vx_image p3, vx_image out)
{
    vx_graph g = vxCreateGraph(c);
    vx_status s;
    vxChannelCombineNode(g, p0, p1, p2, p3, out);
    s = vxVerifyGraph(g);
    vxReleaseGraph(&g);
    return s;
}

CTS_TEST(ChannelCombine, refusals, "REQ-0082 REQ-0083 REQ-0084 REQ-0085 REQ-0086")
{
    vx_context c = cts_context();
    vx_image a = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8), b = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_image d = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8), e = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    vx_image q = vxCreateImage(c, 8, 4, VX_DF_IMAGE_U8), s16 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_S16);
    vx_image rgb = vxCreateImage(c, 16, 8, VX_DF_IMAGE_RGB), rgbx = vxCreateImage(c, 16, 8, VX_DF_IMAGE_RGBX);
    vx_image iyuv = vxCreateImage(c, 16, 8, VX_DF_IMAGE_IYUV), u8 = vxCreateImage(c, 16, 8, VX_DF_IMAGE_U8);
    CTS_EXPECT_STATUS(cb_verify(c, a, b, d, NULL, rgb), VX_SUCCESS);
    CTS_EXPECT_STATUS(cb_verify(c, a, b, d, e, rgb), VX_ERROR_INVALID_PARAMETERS);    /* one channel too many */
    CTS_EXPECT_STATUS(cb_verify(c, a, b, d, NULL, rgbx), VX_ERROR_INVALID_PARAMETERS); /* one missing */
    CTS_EXPECT_STATUS(cb_verify(c, a, b, s16, NULL, rgb), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(cb_verify(c, a, b, d, NULL, u8), VX_ERROR_INVALID_FORMAT);
    CTS_EXPECT_STATUS(cb_verify(c, a, q, q, NULL, iyuv), VX_SUCCESS);
    CTS_EXPECT_STATUS(cb_verify(c, a, b, d, NULL, iyuv), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT_STATUS(cb_verify(c, a, q, d, NULL, rgb), VX_ERROR_INVALID_DIMENSION);
    CTS_EXPECT(vxuChannelCombine(c, a, NULL, d, NULL, rgb) != VX_SUCCESS);
    vxReleaseImage(&a), vxReleaseImage(&b), vxReleaseImage(&d), vxReleaseImage(&e), vxReleaseImage(&q);
    vxReleaseImage(&s16), vxReleaseImage(&rgb), vxReleaseImage(&rgbx), vxReleaseImage(&iyuv), vxReleaseImage(&u8);
}

CTS_TABLE(k_color) = {
    CTS_ENTRY(ColorConvert, every_pair_graph),  CTS_ENTRY(ColorConvert, every_pair_immediate),
    CTS_ENTRY(ColorConvert, bt601_spaces),      CTS_ENTRY(ColorConvert, virtual_round_trip),
    CTS_ENTRY(ColorConvert, refusals),          CTS_ENTRY(ChannelExtract, every_channel),
    CTS_ENTRY(ChannelExtract, numbered_channels), CTS_ENTRY(ChannelExtract, refusals),
    CTS_ENTRY(ChannelCombine, every_format),    CTS_ENTRY(ChannelCombine, virtual_planes),
    CTS_ENTRY(ChannelCombine, refusals),        CTS_TABLE_END};
