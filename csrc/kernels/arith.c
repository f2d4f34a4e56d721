/*
 * Kernels: pixelwise and arithmetic functions (spec: Absolute Difference,
 * Arithmetic Addition / Subtraction, Pixel-wise Multiplication, Bitwise
 * AND / OR / XOR / NOT, Weighted Average, Thresholding, TableLookup, Convert
 * Bit Depth; and the 1.1 Accumulate, Accumulate Weighted, Accumulate Squared
 * of vx_compatibility.h).  Every kernel is pointwise: the window is a band
 * of the output, the compute is csrc/compute/arith.c.
 */
#include "kernels.h"

#include "../compute/arith.h"
#include "../compute/pixel.h"
#include "../objects/lut.h"
#include "../objects/threshold.h"

/* The 1.1 accumulate kernels' accum image is read and written (1.1's
 * VX_BIDIRECTIONAL, gone from the 1.3 headers: same value). */
#ifndef VX_BIDIRECTIONAL
#define VX_BIDIRECTIONAL (VX_ENUM_BASE(VX_ID_KHRONOS, VX_ENUM_DIRECTION) + 0x2)
#endif

/* ---- validator helpers --------------------------------------------------- */

typedef struct {
    vx_df_image format;
    vx_uint32 width, height;
} img_meta;

static vx_status query_img(vx_node node, const vx_reference p[], vx_uint32 i, img_meta *m)
{
    vx_image img = (vx_image)p[i];
    if (vxQueryImage(img, VX_IMAGE_FORMAT, &m->format, sizeof(m->format)) != VX_SUCCESS ||
        vxQueryImage(img, VX_IMAGE_WIDTH, &m->width, sizeof(m->width)) != VX_SUCCESS ||
        vxQueryImage(img, VX_IMAGE_HEIGHT, &m->height, sizeof(m->height)) != VX_SUCCESS)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_PARAMETERS, "is not a valid image");
    return VX_SUCCESS;
}

/* An input image of one of the formats (a zero-terminated list). */
static vx_status input_img(vx_node node, const vx_reference p[], vx_uint32 i, const vx_df_image *allowed,
                           img_meta *m)
{
    char b[5];
    vx_status s = query_img(node, p, i, m);
    if (s != VX_SUCCESS) return s;
    for (; *allowed; allowed++)
        if (*allowed == m->format) return VX_SUCCESS;
    return ovx_kernel_log(node, i, VX_ERROR_INVALID_FORMAT, "format %s is not supported", ovx_fmt_name(m->format, b));
}

static vx_status same_size(vx_node node, vx_uint32 i, const img_meta *m, const img_meta *ref)
{
    if (m->width != ref->width || m->height != ref->height)
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_DIMENSION, "is %ux%u, the input is %ux%u", m->width,
                              m->height, ref->width, ref->height);
    return VX_SUCCESS;
}

/* The output image i: its format (VX_DF_IMAGE_VIRT when not fixed yet) and a
 * size that is either unset (virtual) or the input's. */
static vx_status output_img(vx_node node, const vx_reference p[], vx_uint32 i, const img_meta *in, img_meta *m)
{
    vx_status s = query_img(node, p, i, m);
    if (s != VX_SUCCESS) return s;
    if ((m->width != 0 || m->height != 0) && (m->width != in->width || m->height != in->height))
        return same_size(node, i, m, in);
    return VX_SUCCESS;
}

static vx_status set_meta(vx_meta_format meta, vx_df_image format, const img_meta *in)
{
    return ovx_set_image_meta(meta, format, in->width, in->height);
}

static vx_status scalar_value(vx_node node, const vx_reference p[], vx_uint32 i, vx_enum type, void *value,
                              vx_size size)
{
    (void)size;
    return ovx_scalar_param(node, p[i], i, type, value);
}

static vx_status policy_param(vx_node node, const vx_reference p[], vx_uint32 i, vx_enum a, vx_enum b)
{
    vx_enum v = 0;
    vx_status s = scalar_value(node, p, i, VX_TYPE_ENUM, &v, sizeof(v));
    if (s != VX_SUCCESS) return s;
    if (v != a && v != b) return ovx_kernel_log(node, i, VX_ERROR_INVALID_VALUE, "policy 0x%x is not supported", v);
    return VX_SUCCESS;
}

static const vx_df_image U8_S16[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_S16, 0};
static const vx_df_image U8_ONLY[] = {VX_DF_IMAGE_U8, 0};
static const vx_df_image U8_U1[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U1, 0};

/* Two U8/S16 inputs of one size (0, 1) and output `out`: U8 only when both
 * inputs are U8 (and asked for); a format left open gets virt_default_u8 ?
 * U8 : S16 when both inputs are U8, S16 otherwise. */
static vx_status validate_u8s16_pair(vx_node node, const vx_reference p[], vx_uint32 out, vx_meta_format metas[],
                                     vx_bool virt_default_u8)
{
    img_meta a, b, o;
    char nb[5];
    vx_status s = input_img(node, p, 0, U8_S16, &a);
    if (s == VX_SUCCESS) s = input_img(node, p, 1, U8_S16, &b);
    if (s == VX_SUCCESS) s = same_size(node, 1, &b, &a);
    if (s == VX_SUCCESS) s = output_img(node, p, out, &a, &o);
    if (s != VX_SUCCESS) return s;
    vx_bool both_u8 = (a.format == VX_DF_IMAGE_U8 && b.format == VX_DF_IMAGE_U8) ? vx_true_e : vx_false_e;
    vx_df_image f = o.format;
    if (f == VX_DF_IMAGE_VIRT) f = (both_u8 && virt_default_u8) ? VX_DF_IMAGE_U8 : VX_DF_IMAGE_S16;
    if (f != VX_DF_IMAGE_S16 && !(f == VX_DF_IMAGE_U8 && both_u8))
        return ovx_kernel_log(node, out, VX_ERROR_INVALID_FORMAT, "format %s is not allowed for these inputs",
                              ovx_fmt_name(f, nb));
    return set_meta(metas[out], f, &a);
}

/* ---- window helpers ------------------------------------------------------ */

static ovxc_buf buf_of(vx_reference ref)
{
    vx_image img = (vx_image)ref;
    ovx_plane pl = ovx_image_plane(img, 0);
    ovxc_buf b;
    b.ptr = pl.ptr;
    b.stride = pl.stride;
    b.fmt = img->format == VX_DF_IMAGE_U1 ? OVXC_U1 : (img->format == VX_DF_IMAGE_U8 ? OVXC_U8 : OVXC_S16);
    return b;
}

static ovxc_rect rect_of(const ovx_window *w)
{
    ovxc_rect r = {w->x0, w->y0, w->x1, w->y1};
    return r;
}

static vx_enum enum_param(vx_reference ref)
{
    vx_enum v = 0;
    ovx_scalar_get((vx_scalar)ref, VX_TYPE_ENUM, &v);
    return v;
}

/* ---- SIMD row routines (compute/pixel.h) ------------------------------------ */

static vx_bool all_fmt(const vx_reference p[], const int idx[], int n, vx_df_image f)
{
    return ovx_images_fmt(p, idx, n, f);
}

static vx_bool all_u8(const vx_reference p[], const int idx[], int n)
{
    return ovx_images_fmt(p, idx, n, VX_DF_IMAGE_U8);
}

#define rows_run ovx_rows2_run

/* Call the node's variant of a compute/arith.h routine (chosen at verify by
 * arith_select; the reference when the node has none). */
#define ARITH_CALL(node, name, args)                                                                         \
    do {                                                                                                     \
        const ovx_variant *v_ = ovx_node_variant(node);                                                      \
        ((ovxc_##name##_f)(v_ ? v_->fn : (ovx_fn)ovxc_##name)) args;                                         \
    } while (0)

#define ARITH_SELECT(fn, name)                                                                               \
    static const ovx_variant *fn(vx_node node, const vx_reference p[])                                       \
    {                                                                                                        \
        (void)node, (void)p;                                                                                 \
        return ovx_variant_pick(ovxc_arith_variants(OVXC_ARITH_##name));                                     \
    }
ARITH_SELECT(weighted_select, weighted_average)
ARITH_SELECT(threshold_select, threshold)
ARITH_SELECT(lut_select, table_lookup)
ARITH_SELECT(convert_select, convert_depth)
ARITH_SELECT(accumulate_select, accumulate)
ARITH_SELECT(accumulate_weighted_select, accumulate_weighted)
ARITH_SELECT(accumulate_square_select, accumulate_square)

static const ovx_variant *absdiff_select(vx_node node, const vx_reference p[])
{
    static const int idx[] = {0, 1, 2};
    (void)node;
    if (all_u8(p, idx, 3)) return OVX_PIXEL_PICK(OVXC_PIX_absdiff_u8);
    if (all_fmt(p, idx, 3, VX_DF_IMAGE_S16)) return OVX_PIXEL_PICK(OVXC_PIX_absdiff_s16);
    /* a format mix: the generic routine built for the best ISA */
    return ovx_variant_pick(ovxc_arith_variants(OVXC_ARITH_absdiff));
}

/* Is v an entry of the generic routine's table (not a pixel row)? */
static vx_bool is_generic(const ovx_variant *v, ovxc_arith_routine routine)
{
    const ovx_variant *t = ovxc_arith_variants(routine);
    for (;; t++) {
        if (t == v) return vx_true_e;
        if (t->level == OVX_SIMD_NONE) return vx_false_e;
    }
}

static const ovx_variant *addsub_select(vx_node node, const vx_reference p[], int subtract)
{
    static const int idx[] = {0, 1, 3};
    int sat;
    (void)node;
    sat = enum_param(p[2]) == VX_CONVERT_POLICY_SATURATE;
    if (all_u8(p, idx, 3))
        return OVX_PIXEL_PICK(subtract ? (sat ? OVXC_PIX_sub_u8_sat : OVXC_PIX_sub_u8_wrap)
                                       : (sat ? OVXC_PIX_add_u8_sat : OVXC_PIX_add_u8_wrap));
    if (all_fmt(p, idx, 3, VX_DF_IMAGE_S16))
        return OVX_PIXEL_PICK(subtract ? (sat ? OVXC_PIX_sub_s16_sat : OVXC_PIX_sub_s16_wrap)
                                       : (sat ? OVXC_PIX_add_s16_sat : OVXC_PIX_add_s16_wrap));
    /* a format mix: the generic routine built for the best ISA */
    return ovx_variant_pick(ovxc_arith_variants(OVXC_ARITH_addsub));
}

static const ovx_variant *add_select(vx_node node, const vx_reference p[])
{
    return addsub_select(node, p, 0);
}

static const ovx_variant *sub_select(vx_node node, const vx_reference p[])
{
    return addsub_select(node, p, 1);
}

/* U8: the pixel rows (compute/pixel.h); U1: the byte-wise routine built
 * for the best ISA (compute/arith.h). */
#define BITWISE_SELECT(fn, op, nimg)                                                                  \
    static const ovx_variant *fn(vx_node node, const vx_reference p[])                              \
    {                                                                                               \
        static const int idx[] = {0, 1, 2};                                                         \
        (void)node;                                                                                 \
        if (all_u8(p, idx, nimg)) return OVX_PIXEL_PICK(op);                 \
        if (all_fmt(p, idx, nimg, VX_DF_IMAGE_U1))                                                  \
            return ovx_variant_pick(ovxc_arith_variants(OVXC_ARITH_bitwise));                       \
        return NULL;                                                                                \
    }
BITWISE_SELECT(and_select, OVXC_PIX_and_u8, 3)
BITWISE_SELECT(or_select, OVXC_PIX_or_u8, 3)
BITWISE_SELECT(xor_select, OVXC_PIX_xor_u8, 3)
BITWISE_SELECT(not_select, OVXC_PIX_not_u8, 2)

/* ---- AbsDiff --------------------------------------------------------------- */

static vx_status VX_CALLBACK absdiff_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                              vx_meta_format metas[])
{
    (void)num;
    return validate_u8s16_pair(node, p, 2, metas, vx_true_e);
}

static vx_status absdiff_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    const ovx_variant *v = ovx_node_variant(node);
    (void)num;
    if (v && !is_generic(v, OVXC_ARITH_absdiff)) return rows_run(node, p, 0, 1, 2, w);
    ovxc_buf a = buf_of(p[0]), b = buf_of(p[1]), o = buf_of(p[2]);
    ovxc_rect r = rect_of(w);
    ((void (*)(const ovxc_buf *, const ovxc_buf *, const ovxc_buf *, const ovxc_rect *))(v ? v->fn
                                                                                          : (ovx_fn)ovxc_absdiff))(
        &a, &b, &o, &r);
    return VX_SUCCESS;
}

/* ---- Add, Subtract --------------------------------------------------------- */

static vx_status VX_CALLBACK addsub_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                             vx_meta_format metas[])
{
    (void)num;
    vx_status s = policy_param(node, p, 2, VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE);
    if (s != VX_SUCCESS) return s;
    return validate_u8s16_pair(node, p, 3, metas, vx_false_e);
}

/* The node's pixel row, or the generic routine (a format mix; the node's
 * ISA build of it, the reference without a variant). */
static vx_status addsub_run(vx_node node, const vx_reference p[], const ovx_window *w, int subtract)
{
    const ovx_variant *v = ovx_node_variant(node);
    if (v && !is_generic(v, OVXC_ARITH_addsub)) return rows_run(node, p, 0, 1, 3, w);
    ovxc_buf a = buf_of(p[0]), b = buf_of(p[1]), o = buf_of(p[3]);
    ovxc_rect r = rect_of(w);
    ((void (*)(const ovxc_buf *, const ovxc_buf *, const ovxc_buf *, const ovxc_rect *, int,
               int))(v ? v->fn : (ovx_fn)ovxc_addsub))(&a, &b, &o, &r, subtract,
                                                       enum_param(p[2]) == VX_CONVERT_POLICY_SATURATE);
    return VX_SUCCESS;
}

static vx_status add_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)num;
    return addsub_run(node, p, w, 0);
}

static vx_status sub_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)num;
    return addsub_run(node, p, w, 1);
}

/* ---- Multiply -------------------------------------------------------------- */

static vx_status VX_CALLBACK multiply_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                               vx_meta_format metas[])
{
    (void)num;
    vx_float32 scale = 0.0f;
    vx_status s = scalar_value(node, p, 2, VX_TYPE_FLOAT32, &scale, sizeof(scale));
    if (s != VX_SUCCESS) return s;
    if (!(scale >= 0.0f) || scale != scale)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "scale %g must be a non-negative number",
                              (double)scale);
    s = policy_param(node, p, 3, VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE);
    if (s == VX_SUCCESS) s = policy_param(node, p, 4, VX_ROUND_POLICY_TO_ZERO, VX_ROUND_POLICY_TO_NEAREST_EVEN);
    if (s != VX_SUCCESS) return s;
    return validate_u8s16_pair(node, p, 5, metas, vx_false_e);
}

static const ovx_variant *multiply_select(vx_node node, const vx_reference p[])
{
    static const int idx[] = {0, 1, 5};
    const ovx_variant *v = NULL;
    (void)node;
    if (all_u8(p, idx, 3)) v = ovx_variant_pick(ovxc_mul_variants(OVXC_MUL_U8));
    if (all_fmt(p, idx, 3, VX_DF_IMAGE_S16)) v = ovx_variant_pick(ovxc_mul_variants(OVXC_MUL_S16));
    if (all_u8(p, idx, 2) && ovx_image_format_of(p[5]) == VX_DF_IMAGE_S16)
        v = ovx_variant_pick(ovxc_mul_variants(OVXC_MUL_U8S16));
    /* without a row variant: the generic routine (every format mix and
     * scale) built for the best ISA */
    return v && v->level != OVX_SIMD_NONE ? v : ovx_variant_pick(ovxc_arith_variants(OVXC_ARITH_multiply));
}

/* Is v one of the Multiply row variants (compute/pixel.h)? */
static vx_bool is_mul_row(const ovx_variant *v)
{
    int m;
    for (m = 0; m < OVXC_MUL_COUNT; m++) {
        const ovx_variant *t = ovxc_mul_variants((ovxc_mul_op)m);
        for (;; t++) {
            if (t == v) return vx_true_e;
            if (t->level == OVX_SIMD_NONE) break;
        }
    }
    return vx_false_e;
}

static vx_status multiply_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)num;
    vx_float32 scale = 0.0f;
    ovx_scalar_get((vx_scalar)p[2], VX_TYPE_FLOAT32, &scale);
    const ovx_variant *v = ovx_node_variant(node);
    if (v && is_mul_row(v)) {
        ovxc_mul_row_f row = (ovxc_mul_row_f)ovx_node_variant(node)->fn;
        ovx_plane a = ovx_image_plane((vx_image)p[0], 0), b = ovx_image_plane((vx_image)p[1], 0),
                  o = ovx_image_plane((vx_image)p[5], 0);
        /* byte offsets of the window's first column: inputs and output (U8 x U8 -> S16 mixes them) */
        size_t xi = (size_t)w->x0 * (((vx_image)p[0])->format == VX_DF_IMAGE_S16 ? 2 : 1);
        size_t xo = (size_t)w->x0 * (((vx_image)p[5])->format == VX_DF_IMAGE_S16 ? 2 : 1);
        int sat = enum_param(p[3]) == VX_CONVERT_POLICY_SATURATE, ne = enum_param(p[4]) == VX_ROUND_POLICY_TO_NEAREST_EVEN;
        vx_uint32 y;
        for (y = w->y0; y < w->y1; y++)
            row(a.ptr + (size_t)y * a.stride + xi, b.ptr + (size_t)y * b.stride + xi, o.ptr + (size_t)y * o.stride + xo,
                w->x1 - w->x0, (double)scale, sat, ne);
        return VX_SUCCESS;
    }
    /* the generic routine, as the node chose it */
    ovxc_buf a = buf_of(p[0]), b = buf_of(p[1]), o = buf_of(p[5]);
    ovxc_rect r = rect_of(w);
    ((ovxc_multiply_f)(v ? v->fn : (ovx_fn)ovxc_multiply))(&a, &b, &o, &r, (double)scale,
                                                          enum_param(p[3]) == VX_CONVERT_POLICY_SATURATE,
                                                          enum_param(p[4]) == VX_ROUND_POLICY_TO_NEAREST_EVEN);
    return VX_SUCCESS;
}

/* ---- And, Or, Xor, Not ----------------------------------------------------- */

/* Inputs 0..nin-1 of one format (U8 or U1) and size; output nin of the same. */
static vx_status bitwise_validate(vx_node node, const vx_reference p[], vx_uint32 nin, vx_meta_format metas[])
{
    img_meta a, b, o;
    char nb[5], nb2[5];
    vx_status s = input_img(node, p, 0, U8_U1, &a);
    if (s == VX_SUCCESS && nin == 2) {
        s = input_img(node, p, 1, U8_U1, &b);
        if (s == VX_SUCCESS && b.format != a.format)
            s = ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "format %s differs from input 0 (%s)",
                               ovx_fmt_name(b.format, nb), ovx_fmt_name(a.format, nb2));
        if (s == VX_SUCCESS) s = same_size(node, 1, &b, &a);
    }
    if (s == VX_SUCCESS) s = output_img(node, p, nin, &a, &o);
    if (s != VX_SUCCESS) return s;
    if (o.format != VX_DF_IMAGE_VIRT && o.format != a.format)
        return ovx_kernel_log(node, nin, VX_ERROR_INVALID_FORMAT, "format %s, the input is %s",
                              ovx_fmt_name(o.format, nb), ovx_fmt_name(a.format, nb2));
    return set_meta(metas[nin], a.format, &a);
}

static vx_status VX_CALLBACK binop_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                            vx_meta_format metas[])
{
    (void)num;
    return bitwise_validate(node, p, 2, metas);
}

static vx_status VX_CALLBACK not_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    (void)num;
    return bitwise_validate(node, p, 1, metas);
}

static vx_status bitwise_run(vx_node node, ovxc_bitop op, const vx_reference p[], const ovx_window *w)
{
    ovxc_buf a = buf_of(p[0]);
    ovxc_buf b = op == OVXC_NOT ? a : buf_of(p[1]);
    ovxc_buf o = buf_of(p[op == OVXC_NOT ? 1 : 2]);
    ovxc_rect r = rect_of(w);
    ARITH_CALL(node, bitwise, (op, &a, &b, &o, &r));
    return VX_SUCCESS;
}

#define BITWISE_WINDOW(fn, op)                                                                        \
    static vx_status fn(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)   \
    {                                                                                               \
        (void)num;                                                                                  \
        if (ovx_node_variant(node) && ((vx_image)p[0])->format == VX_DF_IMAGE_U8)                  \
            return op == OVXC_NOT ? rows_run(node, p, 0, -1, 1, w) : rows_run(node, p, 0, 1, 2, w); \
        return bitwise_run(node, op, p, w);                                                         \
    }
BITWISE_WINDOW(and_window, OVXC_AND)
BITWISE_WINDOW(or_window, OVXC_OR)
BITWISE_WINDOW(xor_window, OVXC_XOR)
BITWISE_WINDOW(not_window, OVXC_NOT)

/* ---- Weighted Average -------------------------------------------------------- */

static vx_status alpha_param(vx_node node, const vx_reference p[], vx_uint32 i)
{
    vx_float32 alpha = 0.0f;
    vx_status s = scalar_value(node, p, i, VX_TYPE_FLOAT32, &alpha, sizeof(alpha));
    if (s != VX_SUCCESS) return s;
    if (!(alpha >= 0.0f && alpha <= 1.0f))
        return ovx_kernel_log(node, i, VX_ERROR_INVALID_VALUE, "alpha %g is outside [0, 1]", (double)alpha);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK weighted_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                               vx_meta_format metas[])
{
    (void)num;
    img_meta a, b, o;
    char nb[5];
    vx_status s = input_img(node, p, 0, U8_ONLY, &a);
    if (s == VX_SUCCESS) s = alpha_param(node, p, 1);
    if (s == VX_SUCCESS) s = input_img(node, p, 2, U8_ONLY, &b);
    if (s == VX_SUCCESS) s = same_size(node, 2, &b, &a);
    if (s == VX_SUCCESS) s = output_img(node, p, 3, &a, &o);
    if (s != VX_SUCCESS) return s;
    if (o.format != VX_DF_IMAGE_VIRT && o.format != VX_DF_IMAGE_U8)
        return ovx_kernel_log(node, 3, VX_ERROR_INVALID_FORMAT, "format %s, must be U8", ovx_fmt_name(o.format, nb));
    return set_meta(metas[3], VX_DF_IMAGE_U8, &a);
}

static vx_status weighted_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)node, (void)num;
    vx_float32 alpha = 0.0f;
    ovx_scalar_get((vx_scalar)p[1], VX_TYPE_FLOAT32, &alpha);
    ovxc_buf a = buf_of(p[0]), b = buf_of(p[2]), o = buf_of(p[3]);
    ovxc_rect r = rect_of(w);
    ARITH_CALL(node, weighted_average, (&a, &b, &o, &r, alpha));
    return VX_SUCCESS;
}

/* ---- Threshold -------------------------------------------------------------- */

static vx_status VX_CALLBACK threshold_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                vx_meta_format metas[])
{
    (void)num;
    img_meta in, o;
    char nb[5], nb2[5];
    vx_status s = input_img(node, p, 0, U8_S16, &in);
    if (s != VX_SUCCESS) return s;
    vx_threshold t = (vx_threshold)p[1];
    vx_enum type = 0;
    vx_df_image tin = 0, tout = 0;
    if (vxQueryThreshold(t, VX_THRESHOLD_TYPE, &type, sizeof(type)) != VX_SUCCESS ||
        vxQueryThreshold(t, VX_THRESHOLD_INPUT_FORMAT, &tin, sizeof(tin)) != VX_SUCCESS ||
        vxQueryThreshold(t, VX_THRESHOLD_OUTPUT_FORMAT, &tout, sizeof(tout)) != VX_SUCCESS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "is not a valid threshold");
    if (type != VX_THRESHOLD_TYPE_BINARY && type != VX_THRESHOLD_TYPE_RANGE)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_TYPE, "threshold type 0x%x is not supported", type);
    if (tin != in.format)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "input format %s differs from the image's %s",
                              ovx_fmt_name(tin, nb), ovx_fmt_name(in.format, nb2));
    if (tout != VX_DF_IMAGE_U8 && tout != VX_DF_IMAGE_U1)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "output format %s: must be U8 or U1",
                              ovx_fmt_name(tout, nb));
    s = output_img(node, p, 2, &in, &o);
    if (s != VX_SUCCESS) return s;
    if (o.format != VX_DF_IMAGE_VIRT && o.format != tout)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_FORMAT, "format %s, the threshold's output format is %s",
                              ovx_fmt_name(o.format, nb), ovx_fmt_name(tout, nb2));
    return set_meta(metas[2], tout, &in);
}

static vx_status threshold_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)node, (void)num;
    vx_threshold t = (vx_threshold)p[1];
    vx_int64 lo, hi;
    if (t->thresh_type == VX_THRESHOLD_TYPE_BINARY) {
        lo = ovx_pixel_value_get(&t->value, t->input_format) + 1; /* in > value */
        hi = INT32_MAX;
    } else {
        lo = ovx_pixel_value_get(&t->lower, t->input_format);
        hi = ovx_pixel_value_get(&t->upper, t->input_format);
    }
    lo = lo < INT32_MIN ? INT32_MIN : (lo > INT32_MAX ? INT32_MAX : lo);
    hi = hi < INT32_MIN ? INT32_MIN : (hi > INT32_MAX ? INT32_MAX : hi);
    vx_int64 tv = ovx_pixel_value_get(&t->true_value, t->output_format);
    vx_int64 fv = ovx_pixel_value_get(&t->false_value, t->output_format);
    ovxc_buf in = buf_of(p[0]), o = buf_of(p[2]);
    ovxc_rect r = rect_of(w);
    ARITH_CALL(node, threshold, (&in, &o, &r, (int32_t)lo, (int32_t)hi, (int32_t)tv, (int32_t)fv));
    return VX_SUCCESS;
}

/* ---- TableLookup ------------------------------------------------------------- */

static vx_status VX_CALLBACK lut_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    (void)num;
    img_meta in, o;
    char nb[5], nb2[5];
    vx_status s = input_img(node, p, 0, U8_S16, &in);
    if (s != VX_SUCCESS) return s;
    vx_enum type = 0;
    vx_size count = 0;
    if (vxQueryLUT((vx_lut)p[1], VX_LUT_TYPE, &type, sizeof(type)) != VX_SUCCESS ||
        vxQueryLUT((vx_lut)p[1], VX_LUT_COUNT, &count, sizeof(count)) != VX_SUCCESS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_PARAMETERS, "is not a valid LUT");
    vx_enum want = in.format == VX_DF_IMAGE_U8 ? VX_TYPE_UINT8 : VX_TYPE_INT16;
    if (type != want)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_TYPE, "LUT of %s for a %s image, expected %s",
                              ovx_type_name(type), ovx_fmt_name(in.format, nb), ovx_type_name(want));
    if (count == 0) return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "LUT has no entries");
    s = output_img(node, p, 2, &in, &o);
    if (s != VX_SUCCESS) return s;
    if (o.format != VX_DF_IMAGE_VIRT && o.format != in.format)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_FORMAT, "format %s, the input is %s", ovx_fmt_name(o.format, nb),
                              ovx_fmt_name(in.format, nb2));
    return set_meta(metas[2], in.format, &in);
}

static vx_status lut_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)node, (void)num;
    vx_lut lut = (vx_lut)p[1];
    ovxc_buf in = buf_of(p[0]), o = buf_of(p[2]);
    ovxc_rect r = rect_of(w);
    if (!lut->data) return VX_ERROR_NO_MEMORY;
    ARITH_CALL(node, table_lookup, (&in, &o, &r, lut->data, (uint32_t)lut->count, lut->offset));
    return VX_SUCCESS;
}

/* ---- ConvertDepth ------------------------------------------------------------ */

static vx_status VX_CALLBACK convert_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                              vx_meta_format metas[])
{
    (void)num;
    static const vx_df_image ins[] = {VX_DF_IMAGE_U1, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16, 0};
    img_meta in, o;
    char nb[5], nb2[5];
    vx_int32 shift = 0;
    vx_status s = input_img(node, p, 0, ins, &in);
    if (s == VX_SUCCESS) s = policy_param(node, p, 2, VX_CONVERT_POLICY_WRAP, VX_CONVERT_POLICY_SATURATE);
    if (s == VX_SUCCESS) s = scalar_value(node, p, 3, VX_TYPE_INT32, &shift, sizeof(shift));
    if (s == VX_SUCCESS) s = output_img(node, p, 1, &in, &o);
    if (s != VX_SUCCESS) return s;
    vx_df_image f = o.format;
    if (f == VX_DF_IMAGE_VIRT) f = in.format == VX_DF_IMAGE_U8 ? VX_DF_IMAGE_S16 : VX_DF_IMAGE_U8;
    vx_bool ok = vx_false_e;
    switch (in.format) {
    case VX_DF_IMAGE_U1: ok = f == VX_DF_IMAGE_U8 || f == VX_DF_IMAGE_S16; break;
    case VX_DF_IMAGE_U8: ok = f == VX_DF_IMAGE_U1 || f == VX_DF_IMAGE_S16; break;
    default: ok = f == VX_DF_IMAGE_U1 || f == VX_DF_IMAGE_U8; break;
    }
    if (!ok)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "cannot convert %s to %s", ovx_fmt_name(in.format, nb),
                              ovx_fmt_name(f, nb2));
    return set_meta(metas[1], f, &in);
}

static vx_status convert_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)node, (void)num;
    vx_int32 shift = 0;
    ovx_scalar_get((vx_scalar)p[3], VX_TYPE_INT32, &shift);
    ovxc_buf in = buf_of(p[0]), o = buf_of(p[1]);
    ovxc_rect r = rect_of(w);
    ARITH_CALL(node, convert_depth, (&in, &o, &r, enum_param(p[2]) == VX_CONVERT_POLICY_SATURATE, shift));
    return VX_SUCCESS;
}

/* ---- Accumulate (1.1, vx_compatibility.h) -------------------------------------- */

/* input (0) U8; accum (last) of acc_format and the input's size. */
static vx_status accum_check(vx_node node, const vx_reference p[], vx_uint32 acc, vx_df_image acc_format,
                             vx_meta_format metas[])
{
    img_meta in, a;
    char nb[5], nb2[5];
    vx_status s = input_img(node, p, 0, U8_ONLY, &in);
    if (s == VX_SUCCESS) s = query_img(node, p, acc, &a);
    if (s != VX_SUCCESS) return s;
    if (a.format != acc_format)
        return ovx_kernel_log(node, acc, VX_ERROR_INVALID_FORMAT, "format %s, must be %s", ovx_fmt_name(a.format, nb),
                              ovx_fmt_name(acc_format, nb2));
    s = same_size(node, acc, &a, &in);
    if (s != VX_SUCCESS) return s;
    /* The engine gives meta formats to VX_OUTPUT parameters only; the accum
     * image (read and written) is checked here and has no meta. */
    return metas[acc] ? set_meta(metas[acc], acc_format, &in) : VX_SUCCESS;
}

static vx_status VX_CALLBACK accum_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                            vx_meta_format metas[])
{
    (void)num;
    return accum_check(node, p, 1, VX_DF_IMAGE_S16, metas);
}

static vx_status VX_CALLBACK accum_weighted_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                     vx_meta_format metas[])
{
    (void)num;
    vx_status s = alpha_param(node, p, 1);
    if (s != VX_SUCCESS) return s;
    return accum_check(node, p, 2, VX_DF_IMAGE_U8, metas);
}

static vx_status VX_CALLBACK accum_square_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                                   vx_meta_format metas[])
{
    (void)num;
    vx_uint32 shift = 0;
    vx_status s = scalar_value(node, p, 1, VX_TYPE_UINT32, &shift, sizeof(shift));
    if (s != VX_SUCCESS) return s;
    if (shift > 15) return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "shift %u is outside [0, 15]", shift);
    return accum_check(node, p, 2, VX_DF_IMAGE_S16, metas);
}

static vx_status accum_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)node, (void)num;
    ovxc_buf in = buf_of(p[0]), a = buf_of(p[1]);
    ovxc_rect r = rect_of(w);
    ARITH_CALL(node, accumulate, (&in, &a, &r));
    return VX_SUCCESS;
}

static vx_status accum_weighted_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)node, (void)num;
    vx_float32 alpha = 0.0f;
    ovx_scalar_get((vx_scalar)p[1], VX_TYPE_FLOAT32, &alpha);
    ovxc_buf in = buf_of(p[0]), a = buf_of(p[2]);
    ovxc_rect r = rect_of(w);
    ARITH_CALL(node, accumulate_weighted, (&in, &a, &r, alpha));
    return VX_SUCCESS;
}

static vx_status accum_square_window(vx_node node, const vx_reference p[], vx_uint32 num, const ovx_window *w)
{
    (void)node, (void)num;
    vx_uint32 shift = 0;
    ovx_scalar_get((vx_scalar)p[1], VX_TYPE_UINT32, &shift);
    ovxc_buf in = buf_of(p[0]), a = buf_of(p[2]);
    ovxc_rect r = rect_of(w);
    ARITH_CALL(node, accumulate_square, (&in, &a, &r, shift));
    return VX_SUCCESS;
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_ARITH
#include "kernel_descs.h"
