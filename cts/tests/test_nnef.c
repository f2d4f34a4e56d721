/*
 * vx_khr_import_kernel with NNEF models (csrc/nnef/): small models written
 * here (graph.nnef + .dat tensor files) imported, run, and compared with
 * naive references written in this file; the meta formats of the
 * parameters; errors naming the file and line; and a mutation fuzz of the
 * text and of the tensor files (run it under ASan/UBSan).
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "../runner/cts.h"

#include <VX/vx_khr_import_kernel.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char g_dir[256];

static const char *model_dir(void)
{
    if (!g_dir[0]) {
        char tmpl[] = "/tmp/ovx_nnef_XXXXXX";
        if (!mkdtemp(tmpl)) return NULL;
        snprintf(g_dir, sizeof(g_dir), "%s", tmpl);
    }
    return g_dir;
}

static void remove_model_dir(void)
{
    static const char *const files[] = {"graph.nnef", "filter.dat", "bias.dat"};
    char path[512];
    size_t i;
    if (!g_dir[0]) return;
    for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s", g_dir, files[i]);
        unlink(path);
    }
    rmdir(g_dir);
    g_dir[0] = 0;
}

static int write_file(const char *name, const void *data, size_t len)
{
    char path[512];
    FILE *f;
    snprintf(path, sizeof(path), "%s/%s", model_dir(), name);
    f = fopen(path, "wb");
    if (!f) return -1;
    if (len && fwrite(data, 1, len, f) != len) {
        fclose(f);
        return -1;
    }
    return fclose(f);
}

static void put32(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16);
    p[3] = (unsigned char)(v >> 24);
}

/* An NNEF float32 tensor file: 128-byte header then the data. */
static size_t make_dat(unsigned char *buf, unsigned rank, const unsigned *dims, const float *data)
{
    size_t n = 1, i;
    memset(buf, 0, 128);
    buf[0] = 0x4E;
    buf[1] = 0xEF;
    buf[2] = 1;
    buf[3] = 0;
    for (i = 0; i < rank; i++) n *= dims[i];
    put32(buf + 4, (unsigned)(n * 4));
    put32(buf + 8, rank);
    for (i = 0; i < rank; i++) put32(buf + 12 + 4 * i, dims[i]);
    put32(buf + 44, 32);
    put32(buf + 48, 0);
    memcpy(buf + 128, data, n * 4);
    return 128 + n * 4;
}

static int write_dat(const char *name, unsigned rank, const unsigned *dims, const float *data)
{
    unsigned char buf[128 + 4096];
    size_t len = make_dat(buf, rank, dims, data);
    return write_file(name, buf, len);
}

static unsigned lcg_state = 12345u;
static float rnd(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return (float)((lcg_state >> 8) & 0xFFFF) / 32768.0f - 1.0f;
}

static vx_tensor tensor_from(vx_context c, vx_size nd, const vx_size *dims, vx_enum type, const void *data)
{
    vx_tensor t = vxCreateTensor(c, nd, dims, type, 0);
    vx_size start[6] = {0}, stride[6], i;
    stride[0] = 4;
    for (i = 1; i < nd; i++) stride[i] = stride[i - 1] * dims[i - 1];
    if (data) vxCopyTensorPatch(t, nd, start, dims, stride, (void *)data, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    return t;
}

static void tensor_read(vx_tensor t, vx_size nd, const vx_size *dims, void *out)
{
    vx_size start[6] = {0}, stride[6], i;
    stride[0] = 4;
    for (i = 1; i < nd; i++) stride[i] = stride[i - 1] * dims[i - 1];
    CTS_EXPECT_STATUS(vxCopyTensorPatch(t, nd, start, dims, stride, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                      VX_SUCCESS);
}

/* Model A: conv (padding 1, stride 2) + 0.25, relu, 2x2 max pool (stride 1,
 * border ignore); and the spatial mean of the relu. */
static const char model_a[] =
    "version 1.0;\n"
    "# a comment\n"
    "graph A( input ) -> ( pooled, mean )\n"
    "{\n"
    "    input = external<scalar>(shape = [1, 2, 5, 7]);\n"
    "    filter = variable(shape = [3, 2, 3, 3], label = 'filter');\n"
    "    bias = variable(shape = [1, 3], label = 'bias');\n"
    "    conv1 = conv(input, filter, bias, padding = [(1, 1), (1, 1)], stride = [2, 2]);\n"
    "    shifted = add(conv1, 0.25);\n"
    "    act = relu(shifted);\n"
    "    pooled = max_pool(act, size = [1, 1, 2, 2], stride = [1, 1, 1, 1], padding = [(0,0),(0,0),(0,0),(0,0)],\n"
    "                      border = 'ignore');\n"
    "    mean = mean_reduce(act, axes = [2, 3]);\n"
    "}\n";

static float in_a[1 * 2 * 5 * 7], filt_a[3 * 2 * 3 * 3], bias_a[3];

static int write_model_a(void)
{
    unsigned fd[4] = {3, 2, 3, 3}, bd[2] = {1, 3};
    size_t i;
    lcg_state = 777u;
    for (i = 0; i < sizeof(in_a) / 4; i++) in_a[i] = rnd();
    for (i = 0; i < sizeof(filt_a) / 4; i++) filt_a[i] = rnd();
    for (i = 0; i < 3; i++) bias_a[i] = rnd() * 0.5f;
    if (write_file("graph.nnef", model_a, strlen(model_a)) != 0) return -1;
    if (write_dat("filter.dat", 4, fd, filt_a) != 0) return -1;
    return write_dat("bias.dat", 2, bd, bias_a);
}

/* naive reference of model A */
static void reference_a(float *pooled /* [3][2][3] */, float *mean /* [3] */)
{
    float act[3][3][4];
    int o, y, x, c, ky, kx;
    for (o = 0; o < 3; o++)
        for (y = 0; y < 3; y++)
            for (x = 0; x < 4; x++) {
                double s = bias_a[o];
                for (c = 0; c < 2; c++)
                    for (ky = 0; ky < 3; ky++)
                        for (kx = 0; kx < 3; kx++) {
                            int iy = y * 2 - 1 + ky, ix = x * 2 - 1 + kx;
                            if (iy < 0 || iy >= 5 || ix < 0 || ix >= 7) continue;
                            s += (double)in_a[(c * 5 + iy) * 7 + ix] * filt_a[((o * 2 + c) * 3 + ky) * 3 + kx];
                        }
                s += 0.25;
                act[o][y][x] = s > 0 ? (float)s : 0.0f;
            }
    for (o = 0; o < 3; o++) {
        double m = 0;
        for (y = 0; y < 3; y++)
            for (x = 0; x < 4; x++) m += act[o][y][x];
        mean[o] = (float)(m / 12.0);
        for (y = 0; y < 2; y++)
            for (x = 0; x < 3; x++) {
                float v = act[o][y][x];
                if (act[o][y][x + 1] > v) v = act[o][y][x + 1];
                if (act[o][y + 1][x] > v) v = act[o][y + 1][x];
                if (act[o][y + 1][x + 1] > v) v = act[o][y + 1][x + 1];
                pooled[(o * 2 + y) * 3 + x] = v;
            }
    }
}

CTS_TEST(NNEF, conv_relu_pool_mean_match_reference, "")
{
    vx_context c = cts_context();
    vx_kernel k;
    vx_graph g;
    vx_node n;
    vx_size din[4] = {1, 2, 5, 7}, dp[4] = {1, 3, 2, 3}, dm[4] = {1, 3, 1, 1};
    vx_tensor tin, tp, tm;
    float got_p[18], got_m[3], ref_p[18], ref_m[3];
    vx_uint32 np = 0;
    int i;
    CTS_ASSERT(write_model_a() == 0);
    k = vxImportKernelFromURL(c, "nnef", model_dir());
    CTS_ASSERT_VALID(k);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, sizeof(np)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(np, 3);
    g = vxCreateGraph(c);
    n = vxCreateGenericNode(g, k);
    tin = tensor_from(c, 4, din, VX_TYPE_FLOAT32, in_a);
    tp = tensor_from(c, 4, dp, VX_TYPE_FLOAT32, NULL);
    tm = tensor_from(c, 4, dm, VX_TYPE_FLOAT32, NULL);
    CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 0, (vx_reference)tin), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 1, (vx_reference)tp), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxSetParameterByIndex(n, 2, (vx_reference)tm), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    tensor_read(tp, 4, dp, got_p);
    tensor_read(tm, 4, dm, got_m);
    reference_a(ref_p, ref_m);
    for (i = 0; i < 18; i++)
        CTS_EXPECT_MSG(fabsf(got_p[i] - ref_p[i]) <= 1e-5f * (1.0f + fabsf(ref_p[i])), "pooled[%d] %g, expected %g", i,
                       got_p[i], ref_p[i]);
    for (i = 0; i < 3; i++)
        CTS_EXPECT_MSG(fabsf(got_m[i] - ref_m[i]) <= 1e-5f * (1.0f + fabsf(ref_m[i])), "mean[%d] %g, expected %g", i,
                       got_m[i], ref_m[i]);
    /* a second run with other input data */
    for (i = 0; i < 70; i++) in_a[i] = -in_a[i];
    {
        vx_size start[4] = {0}, stride[4] = {4, 4, 8, 40};
        CTS_EXPECT_STATUS(vxCopyTensorPatch(tin, 4, start, din, stride, in_a, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST),
                          VX_SUCCESS);
    }
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    tensor_read(tp, 4, dp, got_p);
    reference_a(ref_p, ref_m);
    for (i = 0; i < 18; i++)
        CTS_EXPECT_MSG(fabsf(got_p[i] - ref_p[i]) <= 1e-5f * (1.0f + fabsf(ref_p[i])), "run 2: pooled[%d] %g, expected %g",
                       i, got_p[i], ref_p[i]);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseTensor(&tin);
    vxReleaseTensor(&tp);
    vxReleaseTensor(&tm);
    CTS_EXPECT_STATUS(vxReleaseKernel(&k), VX_SUCCESS);
}

CTS_TEST(NNEF, parameter_meta_formats_and_input_check, "")
{
    vx_context c = cts_context();
    vx_kernel k;
    vx_uint32 i;
    vx_size want_nd[3] = {4, 4, 4};
    vx_size want[3][4] = {{1, 2, 5, 7}, {1, 3, 2, 3}, {1, 3, 1, 1}};
    vx_graph g;
    vx_node n;
    vx_tensor bad, tp, tm;
    vx_size dbad[4] = {1, 2, 7, 5};
    int refs0 = cts_context_refs(c);
    CTS_ASSERT(write_model_a() == 0);
    k = vxImportKernelFromURL(c, "nnef", model_dir());
    CTS_ASSERT_VALID(k);
    for (i = 0; i < 3; i++) {
        vx_parameter p = vxGetKernelParameterByIndex(k, i);
        vx_enum dir = 0, type = 0, dt = 0;
        vx_meta_format meta = NULL;
        vx_size nd = 0, dims[4] = {0};
        CTS_ASSERT_VALID(p);
        CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_DIRECTION, &dir, sizeof(dir)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(dir, i == 0 ? VX_INPUT : VX_OUTPUT);
        CTS_EXPECT_STATUS(vxQueryParameter(p, VX_PARAMETER_TYPE, &type, sizeof(type)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(type, VX_TYPE_TENSOR);
        CTS_ASSERT_STATUS(vxQueryParameter(p, VX_PARAMETER_META_FORMAT, &meta, sizeof(meta)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxQueryMetaFormatAttribute(meta, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(nd, want_nd[i]);
        CTS_EXPECT_STATUS(vxQueryMetaFormatAttribute(meta, VX_TENSOR_DIMS, dims, sizeof(vx_size) * 4), VX_SUCCESS);
        CTS_EXPECT(memcmp(dims, want[i], sizeof(dims)) == 0);
        CTS_EXPECT_STATUS(vxQueryMetaFormatAttribute(meta, VX_TENSOR_DATA_TYPE, &dt, sizeof(dt)), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(dt, VX_TYPE_FLOAT32);
        vxReleaseParameter(&p);
    }
    /* the meta formats go with their parameters: only the kernel stays */
    CTS_EXPECT_EQ_INT(cts_context_refs(c), refs0 + 1);
    /* an input of another shape fails verification with a log entry */
    g = vxCreateGraph(c);
    n = vxCreateGenericNode(g, k);
    bad = tensor_from(c, 4, dbad, VX_TYPE_FLOAT32, NULL);
    tp = tensor_from(c, 4, want[1], VX_TYPE_FLOAT32, NULL);
    tm = tensor_from(c, 4, want[2], VX_TYPE_FLOAT32, NULL);
    vxSetParameterByIndex(n, 0, (vx_reference)bad);
    vxSetParameterByIndex(n, 1, (vx_reference)tp);
    vxSetParameterByIndex(n, 2, (vx_reference)tm);
    cts_log_clear();
    CTS_EXPECT(vxVerifyGraph(g) != VX_SUCCESS);
    CTS_EXPECT(cts_log_count() > 0);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseTensor(&bad);
    vxReleaseTensor(&tp);
    vxReleaseTensor(&tm);
    CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
}

CTS_TEST(NNEF, split_concat_argmax_gives_int32, "")
{
    static const char text[] =
        "version 1.0;\n"
        "graph B( x ) -> ( idx, swapped )\n"
        "{\n"
        "    x = external(shape = [1, 4, 2, 3]);\n"
        "    [a, b] = split(x, axis = 1, ratios = [1, 3]);\n"
        "    swapped = concat([b, a], axis = 1);\n"
        "    idx = argmax_reduce(swapped, axes = [1]);\n"
        "}\n";
    vx_context c = cts_context();
    vx_kernel k;
    vx_graph g;
    vx_node n;
    float x[24], sw[24];
    vx_int32 idx[6];
    vx_size dx[4] = {1, 4, 2, 3}, di[4] = {1, 1, 2, 3};
    vx_tensor tx, ti, ts;
    int ch, p;
    lcg_state = 99u;
    for (p = 0; p < 24; p++) x[p] = rnd();
    CTS_ASSERT(write_file("graph.nnef", text, strlen(text)) == 0);
    k = vxImportKernelFromURL(c, "vx_khr_nnef", model_dir());
    CTS_ASSERT_VALID(k);
    g = vxCreateGraph(c);
    n = vxCreateGenericNode(g, k);
    tx = tensor_from(c, 4, dx, VX_TYPE_FLOAT32, x);
    ti = tensor_from(c, 4, di, VX_TYPE_INT32, NULL);
    ts = tensor_from(c, 4, dx, VX_TYPE_FLOAT32, NULL);
    vxSetParameterByIndex(n, 0, (vx_reference)tx);
    vxSetParameterByIndex(n, 1, (vx_reference)ti);
    vxSetParameterByIndex(n, 2, (vx_reference)ts);
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    tensor_read(ti, 4, di, idx);
    tensor_read(ts, 4, dx, sw);
    for (p = 0; p < 6; p++) {
        int best = 0;
        float ref[4];
        for (ch = 0; ch < 4; ch++) ref[ch] = x[((ch + 1) % 4) * 6 + p]; /* channels 1,2,3 then 0 */
        for (ch = 0; ch < 4; ch++) {
            CTS_EXPECT(sw[ch * 6 + p] == ref[ch]);
            if (ref[ch] > ref[best]) best = ch;
        }
        CTS_EXPECT_EQ_INT(idx[p], best);
    }
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseTensor(&tx);
    vxReleaseTensor(&ti);
    vxReleaseTensor(&ts);
    vxReleaseKernel(&k);
}

/* The import fails with an error object and a log entry containing `where`. */
static void expect_import_error(vx_context c, const char *type, const char *url, const char *where)
{
    vx_kernel k;
    cts_log_clear();
    k = vxImportKernelFromURL(c, type, url);
    CTS_EXPECT_MSG(k != NULL && vxGetStatus((vx_reference)k) != VX_SUCCESS, "import of %s succeeded", url);
    CTS_EXPECT_MSG(cts_log_count() > 0 && strstr(cts_log_last()->message, where) != NULL,
                   "log '%s' does not name '%s'", cts_log_count() ? cts_log_last()->message : "", where);
}

CTS_TEST(NNEF, malformed_models_name_file_and_line, "")
{
    vx_context c = cts_context();
    unsigned char dat[128 + 4096];
    unsigned fd[4] = {3, 2, 3, 3};
    size_t len;
    char where[320];
    CTS_ASSERT(write_model_a() == 0);
    expect_import_error(c, "vx_xyz_folder", model_dir(), "not supported");
    expect_import_error(c, "nnef", "/nonexistent/model", "graph.nnef");
    /* syntax error on line 4 */
    {
        static const char t[] = "version 1.0;\ngraph G( x ) -> ( y )\n{\n  x = external(shape = [1,2]) @;\n  y = relu(x);\n}\n";
        CTS_ASSERT(write_file("graph.nnef", t, strlen(t)) == 0);
    }
    snprintf(where, sizeof(where), "%s/graph.nnef:4:", model_dir());
    expect_import_error(c, "nnef", model_dir(), where);
    /* unknown operation on line 5 */
    {
        static const char t[] = "version 1.0;\ngraph G( x ) -> ( y )\n{\n  x = external(shape = [1,2]);\n  y = frobnicate(x);\n}\n";
        CTS_ASSERT(write_file("graph.nnef", t, strlen(t)) == 0);
        snprintf(where, sizeof(where), "%s/graph.nnef:5:", model_dir());
        expect_import_error(c, "nnef", model_dir(), where);
    }
    /* shapes that do not broadcast */
    {
        static const char t[] = "version 1.0;\ngraph G( x, z ) -> ( y )\n{\n  x = external(shape = [1,2]);\n  z = external(shape = [1,3]);\n  y = add(x, z);\n}\n";
        CTS_ASSERT(write_file("graph.nnef", t, strlen(t)) == 0);
        expect_import_error(c, "nnef", model_dir(), "graph.nnef:6:");
    }
    /* tensor files: bad magic, truncated data, wrong shape */
    CTS_ASSERT(write_file("graph.nnef", model_a, strlen(model_a)) == 0);
    len = make_dat(dat, 4, fd, filt_a);
    dat[0] = 0;
    CTS_ASSERT(write_file("filter.dat", dat, len) == 0);
    expect_import_error(c, "nnef", model_dir(), "filter.dat");
    dat[0] = 0x4E;
    CTS_ASSERT(write_file("filter.dat", dat, len - 5) == 0);
    expect_import_error(c, "nnef", model_dir(), "filter.dat");
    fd[0] = 4; /* one map more than the graph declares (data: zeros) */
    {
        static const float zeros[4 * 2 * 3 * 3];
        CTS_ASSERT(write_dat("filter.dat", 4, fd, zeros) == 0);
    }
    expect_import_error(c, "nnef", model_dir(), "filter.dat");
    CTS_ASSERT(write_model_a() == 0);
    CTS_ASSERT(unlink(strcat(strcpy(where, model_dir()), "/bias.dat")) == 0);
    expect_import_error(c, "nnef", model_dir(), "bias.dat");
    expect_import_error(c, "nnef", NULL, "url");
}

/* Mutations of model A's text and of a tensor file: every import either
 * succeeds (then the kernel is removed) or returns an error object with a
 * log entry; none may crash or touch memory it does not own. */
CTS_TEST(NNEF, fuzz_mutated_text_and_tensor_files, "")
{
    vx_context c = cts_context();
    static const char tokens[][12] = {"[", "]", "(", ")", ",", ";", "=", "-1", "0", "99999999", "'", "<", ">",
                                      "conv", "x", "", "1.5e", "#", "[[[[", "->", "axes", "2147483648"};
    char text[1024];
    unsigned char dat[128 + 4096];
    unsigned fd[4] = {3, 2, 3, 3};
    size_t base = strlen(model_a), len;
    int iter, ok = 0, failed = 0;
    CTS_ASSERT(write_model_a() == 0);
    lcg_state = 4242u;
    for (iter = 0; iter < 400; iter++) {
        vx_kernel k;
        size_t pos, cut, tl;
        int mode;
        memcpy(text, model_a, base + 1);
        lcg_state = lcg_state * 1664525u + 1013904223u;
        mode = (int)((lcg_state >> 16) % 4);
        lcg_state = lcg_state * 1664525u + 1013904223u;
        pos = (lcg_state >> 8) % base;
        if (mode == 0) { /* truncate */
            text[pos] = 0;
        } else if (mode == 1) { /* flip a byte */
            lcg_state = lcg_state * 1664525u + 1013904223u;
            text[pos] = (char)(lcg_state >> 24);
            if (text[pos] == 0) text[pos] = '@';
        } else { /* replace a span by a token */
            const char *tok = tokens[(lcg_state >> 20) % (sizeof(tokens) / sizeof(tokens[0]))];
            lcg_state = lcg_state * 1664525u + 1013904223u;
            cut = mode == 2 ? 0 : (lcg_state >> 12) % 8;
            if (pos + cut > base) cut = base - pos;
            tl = strlen(tok);
            memmove(text + pos + tl, text + pos + cut, base - pos - cut + 1);
            memcpy(text + pos, tok, tl);
        }
        CTS_ASSERT(write_file("graph.nnef", text, strlen(text)) == 0);
        cts_log_clear();
        k = vxImportKernelFromURL(c, "nnef", model_dir());
        if (vxGetStatus((vx_reference)k) == VX_SUCCESS) {
            ok++;
            CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
        } else {
            failed++;
            CTS_EXPECT_MSG(cts_log_count() > 0, "a failed import left no log entry (iteration %d)", iter);
        }
    }
    CTS_EXPECT(failed > 0);
    CTS_EXPECT(ok > 0); /* comments, spacing and equal-valued mutations keep the model valid */
    /* tensor-file header mutations */
    CTS_ASSERT(write_file("graph.nnef", model_a, base) == 0);
    for (iter = 0; iter < 200; iter++) {
        vx_kernel k;
        size_t off;
        len = make_dat(dat, 4, fd, filt_a);
        lcg_state = lcg_state * 1664525u + 1013904223u;
        off = (lcg_state >> 8) % 64;
        lcg_state = lcg_state * 1664525u + 1013904223u;
        dat[off] = (unsigned char)(lcg_state >> 24);
        if (iter % 3 == 0) len = (lcg_state >> 4) % len;
        CTS_ASSERT(write_file("filter.dat", dat, len) == 0);
        cts_log_clear();
        k = vxImportKernelFromURL(c, "nnef", model_dir());
        if (vxGetStatus((vx_reference)k) == VX_SUCCESS) CTS_EXPECT_STATUS(vxRemoveKernel(k), VX_SUCCESS);
        else CTS_EXPECT(cts_log_count() > 0);
    }
    remove_model_dir();
}

CTS_TABLE(nnef) = {
    CTS_ENTRY(NNEF, conv_relu_pool_mean_match_reference),
    CTS_ENTRY(NNEF, parameter_meta_formats_and_input_check),
    CTS_ENTRY(NNEF, split_concat_argmax_gives_int32),
    CTS_ENTRY(NNEF, malformed_models_name_file_and_line),
    CTS_ENTRY(NNEF, fuzz_mutated_text_and_tensor_files),
    CTS_TABLE_END,
};
