/*
 * api_fuzz: creating objects of every kind (and containers' items).
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The formats, with the fuzzer's own idea of their planes (for honest
 * from-handle memory): bytes per pixel and subsampling per plane. */
typedef struct {
    vx_df_image fmt;
    int planes;
    int bytes[3], sub_x[3], sub_y[3];
} fz_format;

static const fz_format formats[] = {
    {VX_DF_IMAGE_U8, 1, {1}, {1}, {1}},
    {VX_DF_IMAGE_U16, 1, {2}, {1}, {1}},
    {VX_DF_IMAGE_S16, 1, {2}, {1}, {1}},
    {VX_DF_IMAGE_U32, 1, {4}, {1}, {1}},
    {VX_DF_IMAGE_S32, 1, {4}, {1}, {1}},
    {VX_DF_IMAGE_RGB, 1, {3}, {1}, {1}},
    {VX_DF_IMAGE_RGBX, 1, {4}, {1}, {1}},
    {VX_DF_IMAGE_UYVY, 1, {2}, {1}, {1}},
    {VX_DF_IMAGE_YUYV, 1, {2}, {1}, {1}},
    {VX_DF_IMAGE_NV12, 2, {1, 2}, {1, 2}, {1, 2}},
    {VX_DF_IMAGE_NV21, 2, {1, 2}, {1, 2}, {1, 2}},
    {VX_DF_IMAGE_IYUV, 3, {1, 1, 1}, {1, 2, 2}, {1, 2, 2}},
    {VX_DF_IMAGE_YUV4, 3, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}},
    {VX_DF_IMAGE_U1, 1, {0}, {1}, {1}},
};
#define NFORMATS ((int)(sizeof(formats) / sizeof(formats[0])))

static vx_df_image any_format(void)
{
    if (fz_chance(4)) return fz_chance(50) ? VX_DF_IMAGE_VIRT : (vx_df_image)fz_rand();
    return formats[fz_below(NFORMATS)].fmt;
}

static vx_uint32 dim(void)
{
    if (fz_chance(3)) return fz_u32();
    return 1 + fz_below(fz_chance(80) ? 24 : 80);
}

/* A count of objects to make (delay slots, object array items): small, or so
 * large that the first allocation fails.  Counts in between (2^20..2^31) are
 * honest requests for millions of objects: they only measure the machine. */
static vx_size obj_count(void)
{
    switch (fz_below(30)) {
    case 0: return 0;
    case 1: return (vx_size)-1;
    case 2: return (vx_size)1 << (40 + fz_below(23));
    default: return 1 + fz_below(4);
    }
}

static vx_enum data_type(void)
{
    static const vx_enum t[] = {VX_TYPE_UINT8, VX_TYPE_INT8, VX_TYPE_UINT16, VX_TYPE_INT16, VX_TYPE_UINT32,
                                VX_TYPE_INT32, VX_TYPE_FLOAT32, VX_TYPE_FLOAT64, VX_TYPE_UINT64, VX_TYPE_INT64,
                                VX_TYPE_ENUM, VX_TYPE_SIZE, VX_TYPE_BOOL, VX_TYPE_DF_IMAGE, VX_TYPE_CHAR,
                                VX_TYPE_RECTANGLE, VX_TYPE_KEYPOINT, VX_TYPE_COORDINATES2D, VX_TYPE_COORDINATES3D,
                                VX_TYPE_COORDINATES2DF, VX_TYPE_FLOAT16, VX_TYPE_HOG_PARAMS, VX_TYPE_LINE_2D,
                                VX_TYPE_HOUGH_LINES_PARAMS, VX_TYPE_TENSOR_MATRIX_MULTIPLY_PARAMS};
    if (fz_chance(4)) return (vx_enum)fz_rand();
    if (fz_chance(3)) return VX_TYPE_IMAGE; /* an object type where a data type is wanted */
    return t[fz_below(sizeof(t) / sizeof(t[0]))];
}

static int graph_slot(vx_graph *g, int *kind)
{
    int i = fz_pick_slot(VX_TYPE_GRAPH, 1);
    if (i >= 0 && fz_chance(90)) {
        *g = (vx_graph)FZ->slot[i].ref;
        *kind = FZ_GOOD;
        return i;
    }
    *g = (vx_graph)fz_pick(VX_TYPE_GRAPH, kind);
    return *kind == FZ_GOOD ? fz_slot_of((vx_reference)*g) : -1;
}

/* A from-handle image whose memory is as large as its addressing says. */
static vx_image image_from_handle(vx_context ctx, int c, int *honest)
{
    const fz_format *f = &formats[fz_below(NFORMATS)];
    vx_imagepatch_addressing_t addrs[3];
    void *ptrs[3] = {NULL, NULL, NULL};
    vx_uint32 w = 2 * (1 + fz_below(16)), h = 2 * (1 + fz_below(16));
    int p;
    vx_image img;
    memset(addrs, 0, sizeof(addrs));
    *honest = 1;
    for (p = 0; p < f->planes; p++) {
        vx_uint32 pw = w / (vx_uint32)f->sub_x[p], ph = h / (vx_uint32)f->sub_y[p];
        size_t bytes;
        addrs[p].dim_x = fz_chance(50) ? pw : w;
        addrs[p].dim_y = fz_chance(50) ? ph : h;
        if (f->bytes[p] == 0) {
            addrs[p].stride_x = 0;
            addrs[p].stride_x_bits = 1;
            addrs[p].stride_y = (vx_int32)((pw + 7) / 8 + fz_below(4));
        } else {
            addrs[p].stride_x = f->bytes[p];
            addrs[p].stride_y = (vx_int32)(pw * (vx_uint32)f->bytes[p] + fz_below(3) * 4);
        }
        addrs[p].scale_x = VX_SCALE_UNITY / (vx_uint32)f->sub_x[p];
        addrs[p].scale_y = VX_SCALE_UNITY / (vx_uint32)f->sub_y[p];
        addrs[p].step_x = (vx_uint32)f->sub_x[p];
        addrs[p].step_y = (vx_uint16)f->sub_y[p];
        /* full-resolution rows: enough whichever way dims are read */
        bytes = (size_t)addrs[p].stride_y * h + 16;
        ptrs[p] = calloc(1, bytes);
        fz_host_keep(c, ptrs[p]);
    }
    if (fz_chance(10)) {
        /* a lie the API can see: stride_x smaller than a pixel, or rows shorter than the width */
        *honest = 0;
        if (fz_chance(50)) addrs[0].stride_x = f->bytes[0] ? f->bytes[0] - 1 : 3;
        else addrs[0].stride_y = addrs[0].stride_x * (vx_int32)w - 1 - (f->bytes[0] == 0 ? (vx_int32)w : 0);
    }
    img = vxCreateImageFromHandle(ctx, f->fmt, addrs, fz_chance(3) ? NULL : ptrs,
                                  fz_chance(3) ? (vx_enum)fz_rand() : VX_MEMORY_TYPE_HOST);
    return img;
}

static vx_size tensor_elem(vx_enum t)
{
    switch (t) {
    case VX_TYPE_INT8: case VX_TYPE_UINT8: return 1;
    case VX_TYPE_INT16: case VX_TYPE_UINT16: case VX_TYPE_FLOAT16: return 2;
    case VX_TYPE_INT32: case VX_TYPE_UINT32: case VX_TYPE_FLOAT32: return 4;
    default: return 8;
    }
}

static vx_enum tensor_type(void)
{
    static const vx_enum t[] = {VX_TYPE_INT16, VX_TYPE_UINT8, VX_TYPE_INT8, VX_TYPE_FLOAT32, VX_TYPE_FLOAT16,
                                VX_TYPE_INT32, VX_TYPE_UINT16};
    return fz_chance(5) ? data_type() : t[fz_below(sizeof(t) / sizeof(t[0]))];
}

static vx_tensor tensor_from_handle(vx_context ctx, int c)
{
    vx_size dims[6], stride[6], n = 1 + fz_below(4), i, total;
    vx_enum t = tensor_type();
    vx_size e = tensor_elem(t);
    void *mem;
    for (i = 0; i < n; i++) dims[i] = 1 + fz_below(8);
    stride[0] = e * (1 + fz_below(2));
    for (i = 1; i < n; i++) stride[i] = stride[i - 1] * dims[i - 1] + e * fz_below(2);
    total = stride[n - 1] * dims[n - 1] + 16;
    mem = calloc(1, total);
    fz_host_keep(c, mem);
    if (fz_chance(10)) stride[0] = e - 1; /* detectable lie */
    return vxCreateTensorFromHandle(ctx, n, dims, t, (vx_int8)(fz_chance(50) ? 8 : 0), stride,
                                    fz_chance(3) ? NULL : mem, VX_MEMORY_TYPE_HOST);
}

static vx_reference pick_exemplar(int *kind)
{
    static const vx_enum t[] = {VX_TYPE_IMAGE, VX_TYPE_SCALAR, VX_TYPE_ARRAY, VX_TYPE_LUT, VX_TYPE_MATRIX,
                                VX_TYPE_DISTRIBUTION, VX_TYPE_CONVOLUTION, VX_TYPE_THRESHOLD, VX_TYPE_REMAP,
                                VX_TYPE_PYRAMID, VX_TYPE_TENSOR, VX_TYPE_OBJECT_ARRAY, VX_TYPE_USER_DATA_OBJECT};
    vx_reference r = fz_pick(t[fz_below(sizeof(t) / sizeof(t[0]))], kind);
    if (*kind == FZ_WRONG) *kind = FZ_MAYBE; /* any data object is an exemplar */
    return r;
}

void fz_op_create(void)
{
    int kind = FZ_GOOD, gk = FZ_GOOD, ck = FZ_GOOD, exk = FZ_GOOD, own_kind = 0, c = fz_ctx_index(), gs = -1, parent = -1;
    vx_context ctx = FZ->ctx[c];
    vx_graph g = NULL;
    vx_reference r = NULL;
    vx_enum type;
    const char *fn;
    int virt = fz_chance(15);
    uint32_t what = fz_below(32);

    if (fz_chance(8)) {
        ctx = fz_pick_ctx(&ck);
        kind = ck;
        if (kind == FZ_WRONG || kind == FZ_BOGUS || kind == FZ_NULLH || kind == FZ_STALE) c = 0;
        else c = ctx == FZ->ctx[0] ? 0 : 1;
    }
    if (virt) {
        gs = graph_slot(&g, &gk);
        kind = gk;
        if (gs >= 0) c = FZ->slot[gs].ctx;
    }
    switch (what) {
    case 0: case 1: case 2: case 3:
        type = VX_TYPE_IMAGE;
        fn = "vxCreateImage";
        if (virt) r = (vx_reference)vxCreateVirtualImage(g, fz_chance(30) ? 0 : dim(), fz_chance(30) ? 0 : dim(),
                                                         fz_chance(30) ? VX_DF_IMAGE_VIRT : any_format());
        else r = (vx_reference)vxCreateImage(ctx, dim(), dim(), any_format());
        break;
    case 4: {
        vx_pixel_value_t v;
        memset(&v, 0, sizeof(v));
        v.U32 = (vx_uint32)fz_rand();
        type = VX_TYPE_IMAGE;
        fn = "vxCreateUniformImage";
        virt = 0;
        r = (vx_reference)vxCreateUniformImage(ctx, dim(), dim(), any_format(), fz_chance(3) ? NULL : &v);
        break;
    }
    case 5: {
        int honest;
        type = VX_TYPE_IMAGE;
        fn = "vxCreateImageFromHandle";
        virt = 0;
        if (ck != FZ_GOOD) return;
        c = ctx == FZ->ctx[1] ? 1 : 0; /* the host memory lives as long as this context */
        r = (vx_reference)image_from_handle(ctx, c, &honest);
        break;
    }
    case 6: case 7: {
        /* ROI and channel of a parent image */
        vx_image img = (vx_image)fz_pick(VX_TYPE_IMAGE, &kind);
        int ps = kind == FZ_GOOD ? fz_slot_of((vx_reference)img) : -1;
        vx_uint32 w = 0, h = 0;
        virt = 0;
        own_kind = 1;
        type = VX_TYPE_IMAGE;
        if (ps >= 0) c = FZ->slot[ps].ctx, parent = ps;
        if (ps >= 0 && FZ->slot[ps].graph >= 0) gs = FZ->slot[ps].graph;
        if (what == 6) {
            vx_rectangle_t rect;
            vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof(w));
            vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof(h));
            FZ->calls += 2;
            rect.start_x = w ? fz_below(w) : 0;
            rect.start_y = h ? fz_below(h) : 0;
            rect.end_x = rect.start_x + 1 + fz_below(w + 1 - rect.start_x);
            rect.end_y = rect.start_y + 1 + fz_below(h + 1 - rect.start_y);
            if (fz_chance(10)) rect.end_x = fz_u32();
            if (fz_chance(10)) rect.start_y = fz_u32();
            fn = "vxCreateImageFromROI";
            r = (vx_reference)vxCreateImageFromROI(img, fz_chance(3) ? NULL : &rect);
        } else {
            static const vx_enum ch[] = {VX_CHANNEL_Y, VX_CHANNEL_U, VX_CHANNEL_V, VX_CHANNEL_R, VX_CHANNEL_0,
                                         VX_CHANNEL_A};
            fn = "vxCreateImageFromChannel";
            r = (vx_reference)vxCreateImageFromChannel(img, fz_chance(5) ? (vx_enum)fz_rand()
                                                                          : ch[fz_below(6)]);
        }
        break;
    }
    case 8: case 9: {
        static const vx_enum st[] = {VX_TYPE_UINT8, VX_TYPE_INT32, VX_TYPE_FLOAT32, VX_TYPE_ENUM, VX_TYPE_BOOL,
                                     VX_TYPE_SIZE, VX_TYPE_UINT32, VX_TYPE_INT16, VX_TYPE_DF_IMAGE};
        unsigned char val[256];
        vx_enum t = fz_chance(80) ? st[fz_below(9)] : data_type();
        vx_size i;
        for (i = 0; i < sizeof(val); i++) val[i] = (unsigned char)fz_below(fz_chance(50) ? 4 : 256);
        type = VX_TYPE_SCALAR;
        fn = "vxCreateScalar";
        if (virt) r = (vx_reference)vxCreateVirtualScalar(g, t);
        else if (fz_chance(30)) {
            vx_size sz = fz_chance(70) ? (vx_size)fz_below(64) : fz_size();
            if (sz > sizeof(val)) sz = sizeof(val) + 1; /* claimed size must fit val: keep the lie detectable */
            if (sz > sizeof(val)) sz = 0;
            r = (vx_reference)vxCreateScalarWithSize(ctx, t, fz_chance(3) ? NULL : val, sz);
        } else
            r = (vx_reference)vxCreateScalar(ctx, t, fz_chance(3) ? NULL : val);
        break;
    }
    case 10: case 11:
        type = VX_TYPE_ARRAY;
        fn = "vxCreateArray";
        if (virt) r = (vx_reference)vxCreateVirtualArray(g, data_type(), fz_chance(30) ? 0 : fz_size());
        else r = (vx_reference)vxCreateArray(ctx, data_type(), fz_chance(90) ? 1 + fz_below(64) : fz_size());
        break;
    case 12:
        type = VX_TYPE_LUT;
        fn = "vxCreateLUT";
        {
            vx_enum t = fz_chance(50) ? VX_TYPE_UINT8 : fz_chance(80) ? VX_TYPE_INT16 : data_type();
            vx_size n = fz_chance(80) ? (t == VX_TYPE_UINT8 ? 256 : 1 + fz_below(65536)) : fz_size();
            if (virt) r = (vx_reference)vxCreateVirtualLUT(g, t, n);
            else r = (vx_reference)vxCreateLUT(ctx, t, n);
        }
        break;
    case 13:
        type = VX_TYPE_DISTRIBUTION;
        fn = "vxCreateDistribution";
        {
            vx_size bins = fz_chance(80) ? 1 + fz_below(256) : fz_size();
            vx_int32 off = fz_chance(80) ? (vx_int32)fz_below(64) : (vx_int32)fz_u32();
            vx_uint32 range = fz_chance(80) ? 1 + fz_below(256) : fz_u32();
            if (virt) r = (vx_reference)vxCreateVirtualDistribution(g, bins, off, range);
            else r = (vx_reference)vxCreateDistribution(ctx, bins, off, range);
        }
        break;
    case 14:
        type = VX_TYPE_MATRIX;
        fn = "vxCreateMatrix";
        {
            vx_enum t = fz_chance(40) ? VX_TYPE_FLOAT32 : fz_chance(50) ? VX_TYPE_INT32 : fz_chance(50) ? VX_TYPE_UINT8 : data_type();
            vx_size cols = fz_chance(85) ? 1 + fz_below(9) : fz_size(), rows = fz_chance(85) ? 1 + fz_below(9) : fz_size();
            if (virt) r = (vx_reference)vxCreateVirtualMatrix(g, t, cols, rows);
            else if (fz_chance(20)) {
                static const vx_enum pat[] = {VX_PATTERN_BOX, VX_PATTERN_CROSS, VX_PATTERN_DISK, VX_PATTERN_OTHER};
                vx_enum pt = fz_chance(90) ? pat[fz_below(4)] : (vx_enum)fz_rand();
                if (fz_chance(50)) r = (vx_reference)vxCreateMatrixFromPattern(ctx, pt, cols, rows);
                else r = (vx_reference)vxCreateMatrixFromPatternAndOrigin(ctx, pt, cols, rows, fz_size() % 12,
                                                                            fz_size() % 12);
            } else r = (vx_reference)vxCreateMatrix(ctx, t, cols, rows);
        }
        break;
    case 15:
        type = VX_TYPE_CONVOLUTION;
        fn = "vxCreateConvolution";
        {
            vx_size cols = fz_chance(85) ? 1 + 2 * fz_below(5) : fz_size(), rows = fz_chance(85) ? 1 + 2 * fz_below(5) : fz_size();
            if (virt) r = (vx_reference)vxCreateVirtualConvolution(g, cols, rows);
            else r = (vx_reference)vxCreateConvolution(ctx, cols, rows);
        }
        break;
    case 16:
        type = VX_TYPE_THRESHOLD;
        fn = "vxCreateThresholdForImage";
        {
            vx_enum tt = fz_chance(90) ? (fz_chance(50) ? VX_THRESHOLD_TYPE_BINARY : VX_THRESHOLD_TYPE_RANGE)
                                       : (vx_enum)fz_rand();
            if (virt) r = (vx_reference)vxCreateVirtualThresholdForImage(g, tt, any_format(), any_format());
            else if (fz_chance(15)) r = (vx_reference)vxCreateThreshold(ctx, tt, data_type());
            else r = (vx_reference)vxCreateThresholdForImage(ctx, tt, any_format(), any_format());
        }
        break;
    case 17:
        type = VX_TYPE_REMAP;
        fn = "vxCreateRemap";
        if (virt) r = (vx_reference)vxCreateVirtualRemap(g, dim(), dim(), dim(), dim());
        else r = (vx_reference)vxCreateRemap(ctx, dim(), dim(), dim(), dim());
        break;
    case 18: case 19:
        type = VX_TYPE_PYRAMID;
        fn = "vxCreatePyramid";
        {
            vx_size levels = fz_chance(90) ? 1 + fz_below(5) : (FZ->avoid_known ? fz_below(70) : fz_size());
            vx_float32 scale = fz_chance(50) ? VX_SCALE_PYRAMID_HALF
                             : fz_chance(50) ? VX_SCALE_PYRAMID_ORB : (vx_float32)fz_below(300) / 100.0f;
            if (virt) r = (vx_reference)vxCreateVirtualPyramid(g, levels, scale, fz_chance(30) ? 0 : dim(),
                                                               fz_chance(30) ? 0 : dim(), any_format());
            else r = (vx_reference)vxCreatePyramid(ctx, levels, scale, dim(), dim(), any_format());
        }
        break;
    case 20: case 21: {
        int ek;
        vx_reference ex = pick_exemplar(&ek);
        vx_size count = obj_count();
        type = VX_TYPE_OBJECT_ARRAY;
        fn = "vxCreateObjectArray";
        if (virt) r = (vx_reference)vxCreateVirtualObjectArray(g, ex, count);
        else {
            r = (vx_reference)vxCreateObjectArray(ctx, ex, count);
            exk = ek;
        }
        break;
    }
    case 22: {
        int ek;
        vx_reference ex = pick_exemplar(&ek);
        type = VX_TYPE_DELAY;
        fn = "vxCreateDelay";
        virt = 0;
        r = (vx_reference)vxCreateDelay(ctx, ex, obj_count());
        exk = ek;
        break;
    }
    case 23: case 24: case 25: {
        vx_size dims[8], n = fz_chance(90) ? 1 + fz_below(4) : fz_below(8), i;
        for (i = 0; i < 8; i++) dims[i] = fz_chance(95) ? 1 + fz_below(8) : fz_size();
        type = VX_TYPE_TENSOR;
        fn = "vxCreateTensor";
        if (what == 25 && !virt) {
            if (ck != FZ_GOOD) return;
            c = ctx == FZ->ctx[1] ? 1 : 0;
            r = (vx_reference)tensor_from_handle(ctx, c);
        } else if (virt)
            r = (vx_reference)vxCreateVirtualTensor(g, n, fz_chance(5) ? NULL : dims, tensor_type(),
                                                    (vx_int8)fz_below(9));
        else
            r = (vx_reference)vxCreateTensor(ctx, n, fz_chance(3) ? NULL : dims, tensor_type(), (vx_int8)fz_below(9));
        break;
    }
    case 26: {
        /* a view of a tensor, or image array over a tensor */
        vx_tensor t = (vx_tensor)fz_pick(VX_TYPE_TENSOR, &kind);
        int ps = kind == FZ_GOOD ? fz_slot_of((vx_reference)t) : -1;
        vx_size n = 0, dims[8] = {0}, start[8], end[8], i;
        virt = 0;
        own_kind = 1;
        if (ps >= 0) c = FZ->slot[ps].ctx, parent = ps, gs = FZ->slot[ps].graph;
        vxQueryTensor(t, VX_TENSOR_NUMBER_OF_DIMS, &n, sizeof(n));
        if (n > 8) n = 8;
        vxQueryTensor(t, VX_TENSOR_DIMS, dims, n * sizeof(vx_size));
        FZ->calls += 2;
        for (i = 0; i < 8; i++) {
            start[i] = dims[i] ? fz_below((uint32_t)dims[i]) : 0;
            end[i] = start[i] + 1 + fz_below((uint32_t)(dims[i] > start[i] ? dims[i] - start[i] : 1));
            if (fz_chance(5)) end[i] = fz_size();
        }
        if (fz_chance(50)) {
            type = VX_TYPE_TENSOR;
            fn = "vxCreateTensorFromView";
            r = (vx_reference)vxCreateTensorFromView(t, fz_chance(90) ? n : fz_size(), start, end);
        } else {
            vx_rectangle_t rect = {0, 0, 1 + fz_below(8), 1 + fz_below(8)};
            type = VX_TYPE_OBJECT_ARRAY;
            fn = "vxCreateImageObjectArrayFromTensor";
            r = (vx_reference)vxCreateImageObjectArrayFromTensor(t, fz_chance(3) ? NULL : &rect,
                                                                 obj_count(),
                                                                 fz_below(3), fz_chance(70) ? VX_DF_IMAGE_U8 : any_format());
        }
        break;
    }
    case 27: {
        static const char *names[] = {"blob", "my_struct", "", "a_name_that_is_long_enough_to_be_cut_somewhere_past_the_limit"};
        unsigned char init[128];
        vx_size sz = fz_chance(85) ? 1 + fz_below(sizeof(init)) : fz_size();
        type = VX_TYPE_USER_DATA_OBJECT;
        fn = "vxCreateUserDataObject";
        memset(init, 0x5a, sizeof(init));
        if (virt) r = (vx_reference)vxCreateVirtualUserDataObject(g, fz_chance(20) ? NULL : names[fz_below(4)], sz);
        else
            r = (vx_reference)vxCreateUserDataObject(ctx, fz_chance(20) ? NULL : names[fz_below(4)], sz,
                                                     (sz <= sizeof(init) && fz_chance(50)) ? init : NULL);
        break;
    }
    case 28: case 29: case 30:
        type = VX_TYPE_GRAPH;
        fn = "vxCreateGraph";
        virt = 0;
        r = (vx_reference)vxCreateGraph(ctx);
        break;
    default: {
        /* a kernel handle by enum or name */
        vx_uint32 n = FZ->nkernels[c];
        type = VX_TYPE_KERNEL;
        virt = 0;
        if (n && fz_chance(50)) {
            fn = "vxGetKernelByName";
            r = (vx_reference)vxGetKernelByName(ctx, fz_chance(90) ? FZ->ktable[c][fz_below(n)].name : "org.khronos.nope");
        } else {
            fn = "vxGetKernelByEnum";
            r = (vx_reference)vxGetKernelByEnum(ctx, n && fz_chance(90) ? FZ->ktable[c][fz_below(n)].enumeration
                                                                       : (vx_enum)fz_rand());
        }
        break;
    }
    }
    FZ_CALL;
    if (!own_kind) {
        kind = virt ? gk : ck;
        if (kind == FZ_GOOD && fz_bad_kind(exk)) kind = exk;
    }
    fz_check_obj(fn, kind, r);
    if (r) {
        /* the object lives in the context the library says */
        vx_context rc = vxGetContext(r);
        FZ_CALL;
        if (rc == FZ->ctx[0] && FZ->ctx_live[0]) c = 0;
        else if (rc == FZ->ctx[1] && FZ->ctx_live[1]) c = 1;
    }
    if (r && vxGetStatus(r) == VX_SUCCESS) {
        vx_enum t = 0;
        /* the object is of the type its creator promises */
        if (vxQueryReference(r, VX_REFERENCE_TYPE, &t, sizeof(t)) == VX_SUCCESS && t != type) {
            fprintf(stderr, "VIOLATION seed %llu call %llu: %s made an object of type 0x%x\n",
                    (unsigned long long)FZ->seed, (unsigned long long)FZ->calls, fn, (unsigned)t);
            FZ->violations++;
        }
        FZ_CALL;
        int ns;
        /* a virtual object made in a graph we had "released" (still held
         * elsewhere): it belongs to whichever slot still names that graph */
        if (virt && gs < 0 && g) gs = fz_slot_of((vx_reference)g);
        ns = fz_add(r, type, c, gs, -1, parent);
        /* ... and one made from a parent we had released (still alive
         * elsewhere) may be scoped to a graph we know nothing of */
        if (ns >= 0 && FZ->avoid_known && ((virt && gs < 0) || (own_kind && kind == FZ_MAYBE)))
            FZ->slot[ns].unusable = 1;
    } else if (r) {
        fz_add(r, VX_TYPE_ERROR, c, -1, -1, -1);
    }
}
