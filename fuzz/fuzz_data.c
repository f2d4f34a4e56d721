/*
 * api_fuzz: copies, maps and unmaps, with user memory exactly as large as
 * the sizes and strides the fuzzer claims (so an ASan report is the
 * library's), and lies only the API can detect.
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIG ((size_t)64 << 20) /* honest buffers above this are not made */

static vx_enum usage(void)
{
    static const vx_enum u[] = {VX_READ_ONLY, VX_WRITE_ONLY, VX_READ_AND_WRITE};
    return fz_chance(97) ? u[fz_below(3)] : (vx_enum)fz_rand();
}

static vx_enum mem_type(void)
{
    return fz_chance(97) ? VX_MEMORY_TYPE_HOST : (fz_chance(50) ? VX_MEMORY_TYPE_NONE : (vx_enum)fz_rand());
}

static void *user_mem(size_t n)
{
    unsigned char *p = malloc(n ? n : 1);
    size_t i;
    if (!p) {
        fprintf(stderr, "api_fuzz: out of memory\n");
        exit(2);
    }
    for (i = 0; i < n; i++) p[i] = (unsigned char)(i * 31 + 7);
    return p;
}

static vx_size qsize(vx_enum type, vx_reference r, vx_enum attr)
{
    vx_size v = 0;
    vx_status s;
    switch (type) {
    case VX_TYPE_LUT: s = vxQueryLUT((vx_lut)r, attr, &v, sizeof(v)); break;
    case VX_TYPE_DISTRIBUTION: s = vxQueryDistribution((vx_distribution)r, attr, &v, sizeof(v)); break;
    case VX_TYPE_MATRIX: s = vxQueryMatrix((vx_matrix)r, attr, &v, sizeof(v)); break;
    case VX_TYPE_CONVOLUTION: s = vxQueryConvolution((vx_convolution)r, attr, &v, sizeof(v)); break;
    case VX_TYPE_ARRAY: s = vxQueryArray((vx_array)r, attr, &v, sizeof(v)); break;
    case VX_TYPE_USER_DATA_OBJECT: s = vxQueryUserDataObject((vx_user_data_object)r, attr, &v, sizeof(v)); break;
    default: s = VX_FAILURE;
    }
    FZ_CALL;
    return s == VX_SUCCESS ? v : 0;
}

/* A rectangle inside w x h mostly; sometimes anything. */
static vx_rectangle_t rect_in(vx_uint32 w, vx_uint32 h)
{
    vx_rectangle_t r;
    r.start_x = w ? fz_below(w) : 0;
    r.start_y = h ? fz_below(h) : 0;
    r.end_x = r.start_x + 1 + fz_below(w > r.start_x ? w - r.start_x : 1);
    r.end_y = r.start_y + 1 + fz_below(h > r.start_y ? h - r.start_y : 1);
    if (fz_chance(3)) r.start_x = fz_u32();
    if (fz_chance(3)) r.end_x = fz_u32();
    if (fz_chance(3)) r.start_y = fz_u32();
    if (fz_chance(3)) r.end_y = fz_u32();
    if (fz_chance(2)) r.end_x = r.start_x; /* empty */
    return r;
}

static void image_dims(vx_image img, vx_uint32 *w, vx_uint32 *h, vx_size *planes, vx_df_image *fmt)
{
    *w = *h = 0;
    *planes = 0;
    *fmt = 0;
    vxQueryImage(img, VX_IMAGE_WIDTH, w, sizeof(*w));
    vxQueryImage(img, VX_IMAGE_HEIGHT, h, sizeof(*h));
    vxQueryImage(img, VX_IMAGE_PLANES, planes, sizeof(*planes));
    vxQueryImage(img, VX_IMAGE_FORMAT, fmt, sizeof(*fmt));
    FZ->calls += 4;
}

static int elem_bytes(vx_df_image fmt, vx_uint32 plane)
{
    switch (fmt) {
    case VX_DF_IMAGE_U16: case VX_DF_IMAGE_S16: case VX_DF_IMAGE_UYVY: case VX_DF_IMAGE_YUYV: return 2;
    case VX_DF_IMAGE_U32: case VX_DF_IMAGE_S32: case VX_DF_IMAGE_RGBX: return 4;
    case VX_DF_IMAGE_RGB: return 3;
    case VX_DF_IMAGE_NV12: case VX_DF_IMAGE_NV21: return plane ? 2 : 1;
    case VX_DF_IMAGE_U1: return 0;
    default: return 1;
    }
}

/* ---- copies -------------------------------------------------------------- */
static void copy_image(void)
{
    int kind;
    vx_image img = (vx_image)fz_pick(VX_TYPE_IMAGE, &kind);
    vx_uint32 w, h, rw, rh, plane;
    vx_size planes;
    vx_df_image fmt;
    vx_rectangle_t rect;
    vx_imagepatch_addressing_t ua;
    uint64_t need, sx, sy;
    void *buf;
    vx_status s;
    int eb;
    image_dims(img, &w, &h, &planes, &fmt);
    rect = rect_in(w, h);
    plane = fz_chance(95) ? fz_below(planes ? (uint32_t)planes : 1) : fz_u32();
    eb = elem_bytes(fmt, plane);
    rw = rect.end_x > rect.start_x ? rect.end_x - rect.start_x : 1;
    rh = rect.end_y > rect.start_y ? rect.end_y - rect.start_y : 1;
    memset(&ua, 0, sizeof(ua));
    ua.dim_x = rw;
    ua.dim_y = rh;
    ua.scale_x = ua.scale_y = VX_SCALE_UNITY;
    ua.step_x = ua.step_y = 1;
    if (eb == 0) {
        ua.stride_x = 0;
        ua.stride_x_bits = 1;
        sx = 0;
        sy = (rw + 7) / 8 + 1 + fz_below(4);
    } else {
        sx = (uint64_t)eb * (1 + (fz_chance(20) ? fz_below(3) : 0));
        sy = sx * rw + (fz_chance(20) ? fz_below(16) : 0);
    }
    if (fz_chance(8)) {
        /* detectable lies */
        switch (fz_below(4)) {
        case 0: sx = eb ? (uint64_t)eb - 1 : 2; break;
        case 1: if (sx) sy = sx * rw - 1; break;
        case 2: ua.dim_x = rw / 2, ua.dim_y = rh / 2; break;
        default:
            if (!FZ->avoid_known) { /* known: 32-bit stride overflow (issue 11 item 5) */
                sx = 0x7fffffffu;
                sy = 18;
            }
            break;
        }
    }
    ua.stride_x = (vx_int32)sx;
    ua.stride_y = (vx_int32)(sy > 0x7fffffff ? 0x7fffffff : sy);
    /* the memory these strides claim, for any reading of them */
    need = (uint64_t)rh * (uint64_t)(vx_uint32)ua.stride_y + (uint64_t)rw * (uint64_t)(vx_uint32)ua.stride_x + 16;
    if (need > BIG) {
        if (sx == 0x7fffffffu) need = 64; /* a lie the API must catch (rows shorter than the width) */
        else if (rect.end_x > w || rect.end_y > h || rect.start_x >= rect.end_x || rect.start_y >= rect.end_y)
            need = 64; /* the rectangle is refused before any copy */
        else return;
    }
    buf = user_mem((size_t)need);
    s = vxCopyImagePatch(img, fz_chance(2) ? NULL : &rect, plane, fz_chance(2) ? NULL : &ua, fz_chance(2) ? NULL : buf,
                         usage(), mem_type());
    FZ_CALL;
    fz_check("vxCopyImagePatch", kind, s);
    free(buf);
}

static void copy_array(void)
{
    int kind;
    vx_array a = (vx_array)fz_pick(VX_TYPE_ARRAY, &kind);
    vx_size item = qsize(VX_TYPE_ARRAY, (vx_reference)a, VX_ARRAY_ITEMSIZE);
    vx_size num = qsize(VX_TYPE_ARRAY, (vx_reference)a, VX_ARRAY_NUMITEMS);
    vx_size cap = qsize(VX_TYPE_ARRAY, (vx_reference)a, VX_ARRAY_CAPACITY);
    vx_size start, end, stride, count, need;
    void *buf;
    vx_status s;
    if (item == 0) item = 1;
    stride = item * (fz_chance(80) ? 1 : 2);
    if (fz_chance(5)) stride = item - 1; /* detectable */
    switch (fz_below(4)) {
    case 0: {
        count = fz_chance(90) ? 1 + fz_below(cap ? (uint32_t)(cap < 70 ? cap : 70) : 4) : fz_size();
        need = count <= BIG / (stride + 1) ? count * (stride ? stride : item) + item : 0;
        if (need == 0) {
            count = fz_size() | ((vx_size)1 << 40); /* above any capacity: refused before a read */
            if (count <= cap) return;
            need = 64;
        }
        buf = user_mem(need);
        s = vxAddArrayItems(a, count, fz_chance(3) ? NULL : buf, stride);
        FZ_CALL;
        fz_check("vxAddArrayItems", kind, s);
        free(buf);
        return;
    }
    case 1:
        s = vxTruncateArray(a, fz_chance(80) ? fz_below((uint32_t)num + 2) : fz_size());
        FZ_CALL;
        fz_check("vxTruncateArray", kind, s);
        return;
    default:
        start = fz_chance(90) ? fz_below((uint32_t)num + 1) : fz_size();
        end = fz_chance(90) ? start + fz_below((uint32_t)(num + 2 - (start < num ? start : num))) : fz_size();
        count = end > start ? end - start : 1;
        if (count > BIG / (stride + item)) {
            if (end <= num && start < end) return;
            count = 1; /* out of range: refused */
        }
        need = count * (stride + item) + item;
        buf = user_mem(need);
        s = vxCopyArrayRange(a, start, end, stride, fz_chance(2) ? NULL : buf, usage(), mem_type());
        FZ_CALL;
        fz_check("vxCopyArrayRange", kind, s);
        free(buf);
        return;
    }
}

static void copy_whole(void)
{
    static const vx_enum t[] = {VX_TYPE_LUT, VX_TYPE_DISTRIBUTION, VX_TYPE_MATRIX, VX_TYPE_CONVOLUTION};
    vx_enum type = t[fz_below(4)];
    int kind;
    vx_reference r = fz_pick(type, &kind);
    vx_size n;
    void *buf;
    vx_status s;
    const char *fn;
    switch (type) {
    case VX_TYPE_LUT: n = qsize(type, r, VX_LUT_SIZE); break;
    case VX_TYPE_DISTRIBUTION: n = qsize(type, r, VX_DISTRIBUTION_SIZE); break;
    case VX_TYPE_MATRIX: n = qsize(type, r, VX_MATRIX_SIZE); break;
    default: n = qsize(type, r, VX_CONVOLUTION_SIZE); break;
    }
    if (n > BIG) return;
    buf = user_mem(n + 8);
    if (fz_chance(3)) {
        free(buf);
        buf = NULL;
    }
    switch (type) {
    case VX_TYPE_LUT: fn = "vxCopyLUT"; s = vxCopyLUT((vx_lut)r, buf, usage(), mem_type()); break;
    case VX_TYPE_DISTRIBUTION: fn = "vxCopyDistribution"; s = vxCopyDistribution((vx_distribution)r, buf, usage(), mem_type()); break;
    case VX_TYPE_MATRIX: fn = "vxCopyMatrix"; s = vxCopyMatrix((vx_matrix)r, buf, usage(), mem_type()); break;
    default:
        fn = "vxCopyConvolutionCoefficients";
        if (fz_chance(80) && buf) {
            /* a plausible scale first: power of two */
            vx_uint32 scale = fz_chance(80) ? 1u << fz_below(8) : fz_u32();
            vx_status s2 = vxSetConvolutionAttribute((vx_convolution)r, VX_CONVOLUTION_SCALE, &scale, sizeof(scale));
            FZ_CALL;
            fz_check("vxSetConvolutionAttribute", kind, s2);
        }
        s = vxCopyConvolutionCoefficients((vx_convolution)r, buf, usage(), mem_type());
        break;
    }
    FZ_CALL;
    fz_check(fn, kind, s);
    free(buf);
}

static void copy_small(void)
{
    int kind;
    unsigned char buf[256];
    vx_status s;
    size_t i;
    for (i = 0; i < sizeof(buf); i++) buf[i] = (unsigned char)fz_below(fz_chance(50) ? 3 : 256);
    switch (fz_below(6)) {
    case 0: {
        vx_scalar sc = (vx_scalar)fz_pick(VX_TYPE_SCALAR, &kind);
        s = vxCopyScalar(sc, fz_chance(3) ? NULL : buf, usage(), mem_type());
        FZ_CALL;
        fz_check("vxCopyScalar", kind, s);
        break;
    }
    case 1: {
        vx_scalar sc = (vx_scalar)fz_pick(VX_TYPE_SCALAR, &kind);
        static const vx_size sizes[] = {1, 2, 4, 4, 8, 8, 16, 24, 40};
        vx_size n = fz_chance(70) ? sizes[fz_below(9)] : fz_chance(90) ? fz_below(sizeof(buf) + 1) : fz_size();
        if (n > sizeof(buf)) n = fz_chance(50) ? 0 : sizeof(buf);
        s = vxCopyScalarWithSize(sc, n, fz_chance(3) ? NULL : buf, usage(), mem_type());
        FZ_CALL;
        fz_check("vxCopyScalarWithSize", kind, s);
        break;
    }
    case 2: {
        vx_threshold t = (vx_threshold)fz_pick(VX_TYPE_THRESHOLD, &kind);
        vx_pixel_value_t a, b;
        memcpy(&a, buf, sizeof(a));
        memcpy(&b, buf + 64, sizeof(b));
        switch (fz_below(3)) {
        case 0: s = vxCopyThresholdValue(t, fz_chance(5) ? NULL : &a, usage(), mem_type()); break;
        case 1: s = vxCopyThresholdRange(t, fz_chance(5) ? NULL : &a, fz_chance(5) ? NULL : &b, usage(), mem_type()); break;
        default: s = vxCopyThresholdOutput(t, fz_chance(5) ? NULL : &a, fz_chance(5) ? NULL : &b, usage(), mem_type()); break;
        }
        FZ_CALL;
        fz_check("vxCopyThreshold*", kind, s);
        break;
    }
    case 3: {
        vx_user_data_object u = (vx_user_data_object)fz_pick(VX_TYPE_USER_DATA_OBJECT, &kind);
        vx_size size = qsize(VX_TYPE_USER_DATA_OBJECT, (vx_reference)u, VX_USER_DATA_OBJECT_SIZE);
        vx_size off = fz_chance(80) ? fz_below((uint32_t)size + 1) : fz_size();
        vx_size n = fz_chance(80) ? fz_below((uint32_t)(size + 1 - (off < size ? off : size))) : fz_size();
        void *mem;
        if (n > BIG) {
            if (off <= size && n <= size - off) return;
            n = 64; /* out of range: refused */
            off = size + 1;
        }
        if (n == 0 && size > off && size - off > BIG) return; /* 0: "the rest", too much to hand over */
        mem = user_mem(n ? n : (size > off ? size - off : 1));
        s = vxCopyUserDataObject(u, off, n, fz_chance(3) ? NULL : mem, usage(), mem_type());
        FZ_CALL;
        fz_check("vxCopyUserDataObject", kind, s);
        free(mem);
        break;
    }
    case 4: {
        vx_scalar sc = (vx_scalar)fz_pick(VX_TYPE_SCALAR, &kind);
        s = fz_chance(50) ? vxReadScalarValue(sc, buf) : vxWriteScalarValue(sc, buf);
        FZ_CALL;
        fz_check("vxRead/WriteScalarValue", kind, s);
        break;
    }
    default: {
        /* swap a handle: only for images we made from handles is anything swapped in */
        vx_image img = (vx_image)fz_pick(VX_TYPE_IMAGE, &kind);
        void *prev[4] = {NULL, NULL, NULL, NULL};
        s = vxSwapImageHandle(img, NULL, fz_chance(50) ? prev : NULL, fz_chance(80) ? 1 + fz_below(3) : fz_size());
        FZ_CALL;
        fz_check("vxSwapImageHandle", kind, s);
        if (s == VX_SUCCESS) {
            /* the old memory is ours again: give it back (put a fresh copy in later is not needed) */
            vx_uint32 w, h;
            vx_size planes;
            vx_df_image fmt;
            image_dims(img, &w, &h, &planes, &fmt);
        }
        break;
    }
    }
}

static void copy_remap(void)
{
    int kind;
    vx_remap m = (vx_remap)fz_pick(VX_TYPE_REMAP, &kind);
    vx_uint32 w = 0, h = 0;
    vx_rectangle_t rect;
    vx_size sy, need, rw, rh;
    void *buf;
    vx_status s;
    vxQueryRemap(m, VX_REMAP_DESTINATION_WIDTH, &w, sizeof(w));
    vxQueryRemap(m, VX_REMAP_DESTINATION_HEIGHT, &h, sizeof(h));
    FZ->calls += 2;
    rect = rect_in(w, h);
    rw = rect.end_x > rect.start_x ? rect.end_x - rect.start_x : 1;
    rh = rect.end_y > rect.start_y ? rect.end_y - rect.start_y : 1;
    sy = rw * sizeof(vx_coordinates2df_t) + (fz_chance(20) ? 8 * fz_below(4) : 0);
    if (fz_chance(5)) sy = rw * sizeof(vx_coordinates2df_t) - 1; /* detectable */
    if (rh > BIG / (sy + 1)) {
        if (rect.end_x <= w && rect.end_y <= h && rect.start_x < rect.end_x && rect.start_y < rect.end_y) return;
        rh = 1; /* refused */
    }
    need = rh * sy + rw * sizeof(vx_coordinates2df_t) + 16;
    if (need > BIG) {
        if (rect.end_x <= w && rect.end_y <= h && rect.start_x < rect.end_x && rect.start_y < rect.end_y) return;
        need = 64; /* refused: the rectangle is outside */
    }
    buf = user_mem(need);
    if (fz_chance(60)) {
        /* finite coordinates mostly: a write of garbage floats is for the validator to refuse */
        size_t i;
        for (i = 0; i + 4 <= need; i += 4) {
            vx_float32 f = (vx_float32)fz_below(64);
            memcpy((char *)buf + i, &f, 4);
        }
    }
    s = vxCopyRemapPatch(m, fz_chance(2) ? NULL : &rect, sy, fz_chance(2) ? NULL : buf,
                         fz_chance(95) ? VX_TYPE_COORDINATES2DF : VX_TYPE_COORDINATES2D, usage(), mem_type());
    FZ_CALL;
    fz_check("vxCopyRemapPatch", kind, s);
    free(buf);
}

static vx_size tensor_info(vx_tensor t, vx_size dims[8], vx_size *esize)
{
    vx_size n = 0;
    vx_enum dt = 0;
    memset(dims, 0, 8 * sizeof(vx_size));
    vxQueryTensor(t, VX_TENSOR_NUMBER_OF_DIMS, &n, sizeof(n));
    if (n > 8) n = 0;
    if (n) vxQueryTensor(t, VX_TENSOR_DIMS, dims, n * sizeof(vx_size));
    vxQueryTensor(t, VX_TENSOR_DATA_TYPE, &dt, sizeof(dt));
    FZ->calls += 3;
    switch (dt) {
    case VX_TYPE_INT8: case VX_TYPE_UINT8: *esize = 1; break;
    case VX_TYPE_INT16: case VX_TYPE_UINT16: case VX_TYPE_FLOAT16: *esize = 2; break;
    case VX_TYPE_INT32: case VX_TYPE_UINT32: case VX_TYPE_FLOAT32: *esize = 4; break;
    default: *esize = 8; break;
    }
    return n;
}

static void copy_tensor(void)
{
    int kind;
    vx_tensor t = (vx_tensor)fz_pick(VX_TYPE_TENSOR, &kind);
    vx_size dims[8], start[8], end[8], stride[8], n, e, i, need, claimed, nd;
    void *buf;
    vx_status s;
    n = tensor_info(t, dims, &e);
    for (i = 0; i < 8; i++) {
        start[i] = dims[i] ? fz_below((uint32_t)dims[i]) : 0;
        end[i] = start[i] + 1 + (dims[i] > start[i] + 1 ? fz_below((uint32_t)(dims[i] - start[i])) : 0);
        if (fz_chance(2)) end[i] = fz_size();
        if (fz_chance(2)) start[i] = fz_size();
    }
    stride[0] = e * (fz_chance(85) ? 1 : 2);
    for (i = 1; i < 8; i++) {
        vx_size ext = end[i - 1] > start[i - 1] ? end[i - 1] - start[i - 1] : 1;
        if (ext > BIG || stride[i - 1] > BIG / ext) {
            stride[i] = 0;
            break;
        }
        stride[i] = stride[i - 1] * ext + (fz_chance(10) ? e : 0);
    }
    /* the patch's dimensions: those claimed when 1 .. n (the lower ones, as
     * the spec allows: the copy then takes them alone), else all (refused) */
    claimed = fz_chance(95) ? n : fz_size();
    nd = claimed >= 1 && claimed <= n ? claimed : n;
    need = 16;
    for (i = 0; i < (nd ? nd : 1); i++) {
        vx_size ext = end[i] > start[i] ? end[i] - start[i] : 1;
        if (ext > BIG || stride[i] == 0 || (ext - 1) > BIG / stride[i]) {
            need = 0;
            break;
        }
        need += (ext - 1) * stride[i];
    }
    need = need ? need + stride[0] : 0;
    if (need == 0 || need > BIG) {
        int bad = 0;
        for (i = 0; i < nd; i++)
            if (end[i] > dims[i] || start[i] >= end[i]) bad = 1;
        if (!bad && claimed == nd) return; /* (valid, but too large for the fuzzer to give the memory) */
        need = 64; /* the view is refused before any copy */
    }
    buf = user_mem(need);
    s = vxCopyTensorPatch(t, claimed, start, end, stride, fz_chance(2) ? NULL : buf, usage(), mem_type());
    FZ_CALL;
    fz_check("vxCopyTensorPatch", kind, s);
    free(buf);
}

void fz_op_copy(void)
{
    switch (fz_below(8)) {
    case 0: case 1: copy_image(); break;
    case 2: copy_array(); break;
    case 3: copy_whole(); break;
    case 4: case 5: copy_small(); break;
    case 6: copy_remap(); break;
    default: copy_tensor(); break;
    }
}

/* ---- maps ---------------------------------------------------------------- */
typedef struct {
    vx_reference ref;
    vx_enum type;
    vx_map_id id;
} fz_map;

static fz_map maps[16];
static int nmaps;

static void touch(void *p, size_t n, vx_enum use)
{
    volatile unsigned char *b = p;
    size_t i;
    unsigned sum = 0;
    for (i = 0; i < n; i++) {
        if (use == VX_WRITE_ONLY || use == VX_READ_AND_WRITE) b[i] = (unsigned char)i;
        else sum += b[i];
    }
    (void)sum;
}

static void remember(vx_reference r, vx_enum type, vx_map_id id)
{
    if (nmaps == 16) fz_op_unmap(0);
    if (nmaps == 16) return;
    maps[nmaps].ref = r;
    maps[nmaps].type = type;
    maps[nmaps].id = id;
    nmaps++;
}

void fz_op_map(void)
{
    int kind;
    vx_map_id id = 0;
    void *ptr = NULL;
    vx_enum use = usage();
    vx_status s;
    switch (fz_below(7)) {
    case 0: case 1: {
        vx_image img = (vx_image)fz_pick(VX_TYPE_IMAGE, &kind);
        vx_uint32 w, h, plane, x, y;
        vx_size planes;
        vx_df_image fmt;
        vx_rectangle_t rect;
        vx_imagepatch_addressing_t addr;
        image_dims(img, &w, &h, &planes, &fmt);
        rect = rect_in(w, h);
        plane = fz_chance(95) ? fz_below(planes ? (uint32_t)planes : 1) : fz_u32();
        s = vxMapImagePatch(img, fz_chance(2) ? NULL : &rect, plane, &id, &addr, &ptr, use, mem_type(),
                            fz_chance(80) ? VX_NOGAP_X : 0);
        FZ_CALL;
        fz_check("vxMapImagePatch", kind, s);
        if (s != VX_SUCCESS) return;
        /* every pixel the addressing promises is there */
        for (y = 0; y < addr.dim_y; y += addr.step_y ? addr.step_y : 1)
            for (x = 0; x < addr.dim_x; x += addr.step_x ? addr.step_x : 1) {
                void *px = vxFormatImagePatchAddress2d(ptr, x, y, &addr);
                touch(px, addr.stride_x > 0 ? (size_t)addr.stride_x : 1, use);
            }
        remember((vx_reference)img, VX_TYPE_IMAGE, id);
        return;
    }
    case 2: {
        vx_array a = (vx_array)fz_pick(VX_TYPE_ARRAY, &kind);
        vx_size item = qsize(VX_TYPE_ARRAY, (vx_reference)a, VX_ARRAY_ITEMSIZE);
        vx_size num = qsize(VX_TYPE_ARRAY, (vx_reference)a, VX_ARRAY_NUMITEMS);
        vx_size start = fz_chance(90) ? fz_below((uint32_t)num + 1) : fz_size();
        vx_size end = fz_chance(90) ? start + fz_below((uint32_t)num + 2) : fz_size(), stride = 0, i;
        s = vxMapArrayRange(a, start, end, &id, &stride, &ptr, use, mem_type(), 0);
        FZ_CALL;
        fz_check("vxMapArrayRange", kind, s);
        if (s != VX_SUCCESS) return;
        for (i = start; i < end; i++) touch((char *)ptr + (i - start) * stride, item, use);
        remember((vx_reference)a, VX_TYPE_ARRAY, id);
        return;
    }
    case 3: {
        vx_enum t = fz_chance(50) ? VX_TYPE_LUT : VX_TYPE_DISTRIBUTION;
        vx_reference r = fz_pick(t, &kind);
        vx_size n = qsize(t, r, t == VX_TYPE_LUT ? VX_LUT_SIZE : VX_DISTRIBUTION_SIZE);
        s = t == VX_TYPE_LUT ? vxMapLUT((vx_lut)r, &id, &ptr, use, mem_type(), 0)
                             : vxMapDistribution((vx_distribution)r, &id, &ptr, use, mem_type(), 0);
        FZ_CALL;
        fz_check("vxMapLUT/Distribution", kind, s);
        if (s != VX_SUCCESS) return;
        touch(ptr, n, use);
        remember(r, t, id);
        return;
    }
    case 4: {
        vx_remap m = (vx_remap)fz_pick(VX_TYPE_REMAP, &kind);
        vx_uint32 w = 0, h = 0, y;
        vx_size sy = 0;
        vx_rectangle_t rect;
        vxQueryRemap(m, VX_REMAP_DESTINATION_WIDTH, &w, sizeof(w));
        vxQueryRemap(m, VX_REMAP_DESTINATION_HEIGHT, &h, sizeof(h));
        FZ->calls += 2;
        rect = rect_in(w, h);
        s = vxMapRemapPatch(m, fz_chance(2) ? NULL : &rect, &id, &sy, &ptr,
                            fz_chance(95) ? VX_TYPE_COORDINATES2DF : VX_TYPE_COORDINATES2D, use, mem_type());
        FZ_CALL;
        fz_check("vxMapRemapPatch", kind, s);
        if (s != VX_SUCCESS) return;
        for (y = 0; y < rect.end_y - rect.start_y; y++)
            touch((char *)ptr + y * sy, (rect.end_x - rect.start_x) * sizeof(vx_coordinates2df_t),
                  use == VX_READ_ONLY ? VX_READ_ONLY : VX_READ_ONLY); /* keep the table's values finite */
        remember((vx_reference)m, VX_TYPE_REMAP, id);
        return;
    }
    case 5: {
        vx_tensor t = (vx_tensor)fz_pick(VX_TYPE_TENSOR, &kind);
        vx_size dims[8], start[8], end[8], stride[8], n, e, i, last = 0;
        n = tensor_info(t, dims, &e);
        for (i = 0; i < 8; i++) {
            start[i] = dims[i] ? fz_below((uint32_t)dims[i]) : 0;
            end[i] = start[i] + 1 + (dims[i] > start[i] + 1 ? fz_below((uint32_t)(dims[i] - start[i])) : 0);
            if (fz_chance(2)) end[i] = fz_size();
        }
        memset(stride, 0, sizeof(stride));
        s = vxMapTensorPatch(t, fz_chance(95) ? n : fz_size(), start, end, &id, stride, &ptr, use, mem_type());
        FZ_CALL;
        fz_check("vxMapTensorPatch", kind, s);
        if (s != VX_SUCCESS) return;
        /* the farthest element the strides promise */
        for (i = 0; i < n; i++) last += (end[i] - start[i] - 1) * stride[i];
        touch(ptr, 1, use);
        touch((char *)ptr + last, e, use);
        remember((vx_reference)t, VX_TYPE_TENSOR, id);
        return;
    }
    default: {
        vx_user_data_object u = (vx_user_data_object)fz_pick(VX_TYPE_USER_DATA_OBJECT, &kind);
        vx_size size = qsize(VX_TYPE_USER_DATA_OBJECT, (vx_reference)u, VX_USER_DATA_OBJECT_SIZE);
        vx_size off = fz_chance(85) ? fz_below((uint32_t)size + 1) : fz_size();
        vx_size n = fz_chance(85) ? fz_below((uint32_t)(size + 1 - (off < size ? off : size))) : fz_size();
        s = vxMapUserDataObject(u, off, n, &id, &ptr, use, mem_type(), 0);
        FZ_CALL;
        fz_check("vxMapUserDataObject", kind, s);
        if (s != VX_SUCCESS) return;
        touch(ptr, n ? n : size - off, use);
        remember((vx_reference)u, VX_TYPE_USER_DATA_OBJECT, id);
        return;
    }
    }
}

static vx_status unmap(vx_enum type, vx_reference r, vx_map_id id)
{
    switch (type) {
    case VX_TYPE_IMAGE: return vxUnmapImagePatch((vx_image)r, id);
    case VX_TYPE_ARRAY: return vxUnmapArrayRange((vx_array)r, id);
    case VX_TYPE_LUT: return vxUnmapLUT((vx_lut)r, id);
    case VX_TYPE_DISTRIBUTION: return vxUnmapDistribution((vx_distribution)r, id);
    case VX_TYPE_REMAP: return vxUnmapRemapPatch((vx_remap)r, id);
    case VX_TYPE_TENSOR: return vxUnmapTensorPatch((vx_tensor)r, id);
    default: return vxUnmapUserDataObject((vx_user_data_object)r, id);
    }
}

void fz_op_unmap(int all)
{
    vx_status s;
    if (!all && (nmaps == 0 || fz_chance(10))) {
        /* an id nobody mapped */
        static const vx_enum t[] = {VX_TYPE_IMAGE, VX_TYPE_ARRAY, VX_TYPE_LUT, VX_TYPE_DISTRIBUTION,
                                    VX_TYPE_REMAP, VX_TYPE_TENSOR, VX_TYPE_USER_DATA_OBJECT};
        int kind;
        vx_enum type = t[fz_below(7)];
        vx_reference r = fz_pick(type, &kind);
        s = unmap(type, r, (vx_map_id)fz_u32());
        FZ_CALL;
        fz_status_sane("vxUnmap*", s);
        return;
    }
    while (nmaps) {
        int i = (int)fz_below((uint32_t)nmaps);
        fz_map m = maps[i];
        maps[i] = maps[--nmaps];
        /* the object may have been released since: then the map died with it */
        if (fz_slot_of(m.ref) >= 0 || all) {
            s = unmap(m.type, m.ref, m.id);
            FZ_CALL;
            fz_status_sane("vxUnmap*", s);
            if (fz_chance(10)) { /* twice */
                s = unmap(m.type, m.ref, m.id);
                FZ_CALL;
                fz_check("vxUnmap* twice", fz_slot_of(m.ref) >= 0 ? FZ_BOGUS : FZ_MAYBE, s);
            }
        }
        if (!all) break;
    }
}
