/*
 * Kernel family bilateral (spec "Bilateral Filter", enhanced vision).
 *
 * Input and output are tensors of the same shape and type: [width, height]
 * or [radiometric, width, height] (dims[0] the radiometric vector of each
 * pixel), VX_TYPE_UINT8 or VX_TYPE_INT16 (the values are filtered as raw
 * integers; the fixed point position only travels to the output).  The
 * neighbourhood is the disc of radius diameter/2 around each pixel; a
 * neighbour weighs exp(-|y-x|^2 / 2 sigmaSpace^2) exp(-|t-tau|^2 / 2
 * sigmaValues^2), |t-tau| the Euclidean distance of the radiometric vectors
 * (the Gaussians' normalisation constants cancel in h = sum / W_p), and the
 * weighted mean is rounded half away from zero.
 *
 * Borders: VX_BORDER_REPLICATE and VX_BORDER_CONSTANT as the spec allows;
 * VX_BORDER_UNDEFINED (the node default) computes the border pixels as
 * REPLICATE does.
 *
 * The output is a tensor, which the engine's row-band windows (image based)
 * cannot split: the node runs as one whole-node function.  It copies the
 * input into a padded buffer holding the border values (so tensor views with
 * any strides are read once, and the compute loop has no border tests), then
 * runs compute/bilateral.c (or its variant, chosen at verify) over row bands
 * on the node's threads.  The padded copy and the colour weights live in the
 * node's scratch, allocated on the first run; the weights are computed again
 * only when sigmaValues changes.
 */
#include "kernels.h"
#include "guided.h"

#include "../compute/bilateral.h"
#include "../objects/tensor.h"
#include "../framework/graph.h"
#include "../runtime/dispatch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { P_SRC, P_DIAMETER, P_SIGMA_SPACE, P_SIGMA_VALUES, P_DST, P_NUM };

#define BILATERAL_MAX_CHANNELS 4096 /* keeps squared distances in 32 bits */
#define BILATERAL_COLOR_MAX 83202   /* 208 * 20^2 + 2: sigmaValues <= 20 */

/* ---- validator ------------------------------------------------------------ */

static vx_status scalar_of(vx_node node, const vx_reference params[], vx_uint32 index, vx_enum type, void *value)
{
    return ovx_scalar_param(node, params[index], index, type, value);
}

static vx_status check_sigma(vx_node node, const vx_reference params[], vx_uint32 index, const char *what)
{
    vx_float32 v = 0.0f;
    vx_status s = scalar_of(node, params, index, VX_TYPE_FLOAT32, &v);
    if (s != VX_SUCCESS) return s;
    if (!(v > 0.0f && v <= 20.0f)) /* also refuses NaN */
        return ovx_kernel_log(node, index, VX_ERROR_INVALID_VALUE, "%s must be in (0, 20], got %g", what,
                              (double)v);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK validate_bilateral(vx_node node, const vx_reference params[], vx_uint32 num,
                                                vx_meta_format metas[])
{
    vx_tensor src = (vx_tensor)params[P_SRC];
    vx_size nd = 0, dims[OVX_MAX_TENSOR_DIMS];
    vx_enum type = VX_TYPE_INVALID;
    vx_int8 fpp = 0;
    vx_int32 diameter = 0;
    vx_border_t border;
    vx_status s;
    (void)num;
    if (vxQueryTensor(src, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd)) != VX_SUCCESS ||
        vxQueryTensor(src, VX_TENSOR_DATA_TYPE, &type, sizeof(type)) != VX_SUCCESS ||
        vxQueryTensor(src, VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof(fpp)) != VX_SUCCESS)
        return ovx_kernel_log(node, P_SRC, VX_ERROR_INVALID_PARAMETERS, "is not a valid tensor");
    if (nd < 2 || nd > 3)
        return ovx_kernel_log(node, P_SRC, VX_ERROR_INVALID_DIMENSION,
                              "must have 2 ([width, height]) or 3 ([radiometric, width, height]) dimensions, got %zu",
                              (size_t)nd);
    if (vxQueryTensor(src, VX_TENSOR_DIMS, dims, nd * sizeof(vx_size)) != VX_SUCCESS)
        return ovx_kernel_log(node, P_SRC, VX_ERROR_INVALID_PARAMETERS, "dimensions cannot be read");
    if (type != VX_TYPE_UINT8 && type != VX_TYPE_INT16)
        return ovx_kernel_log(node, P_SRC, VX_ERROR_INVALID_TYPE, "must be VX_TYPE_UINT8 or VX_TYPE_INT16, got %s",
                              ovx_type_name(type));
    if (nd == 3 && dims[0] > BILATERAL_MAX_CHANNELS)
        return ovx_kernel_log(node, P_SRC, VX_ERROR_INVALID_DIMENSION,
                              "radiometric dimension %zu is larger than %d", (size_t)dims[0],
                              BILATERAL_MAX_CHANNELS);
    if (dims[nd - 2] > 0x7FFFFFF || dims[nd - 1] > 0x7FFFFFF)
        return ovx_kernel_log(node, P_SRC, VX_ERROR_INVALID_DIMENSION, "is too large");
    s = scalar_of(node, params, P_DIAMETER, VX_TYPE_INT32, &diameter);
    if (s != VX_SUCCESS) return s;
    if (diameter < 5 || diameter > 9 || diameter % 2 == 0)
        return ovx_kernel_log(node, P_DIAMETER, VX_ERROR_INVALID_VALUE,
                              "diameter must be odd, bigger than 3 and smaller than 10 (5, 7 or 9), got %d",
                              (int)diameter);
    if ((s = check_sigma(node, params, P_SIGMA_SPACE, "sigmaSpace")) != VX_SUCCESS) return s;
    if ((s = check_sigma(node, params, P_SIGMA_VALUES, "sigmaValues")) != VX_SUCCESS) return s;
    border = ovx_node_border(node);
    if (border.mode != VX_BORDER_UNDEFINED && border.mode != VX_BORDER_REPLICATE &&
        border.mode != VX_BORDER_CONSTANT)
        return ovx_kernel_log(node, P_SRC, VX_ERROR_NOT_SUPPORTED,
                              "border mode 0x%x is not supported (REPLICATE, CONSTANT or UNDEFINED)",
                              (unsigned)border.mode);
    if ((s = vxSetMetaFormatAttribute(metas[P_DST], VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd))) != VX_SUCCESS ||
        (s = vxSetMetaFormatAttribute(metas[P_DST], VX_TENSOR_DIMS, dims, nd * sizeof(vx_size))) != VX_SUCCESS ||
        (s = vxSetMetaFormatAttribute(metas[P_DST], VX_TENSOR_DATA_TYPE, &type, sizeof(type))) != VX_SUCCESS ||
        (s = vxSetMetaFormatAttribute(metas[P_DST], VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof(fpp))) !=
            VX_SUCCESS)
        return s;
    return VX_SUCCESS;
}

/* ---- compute ---------------------------------------------------------------- */

/* The tensor's layout as channels x width x height with byte strides. */
typedef struct {
    vx_int32 c, w, h;
    ptrdiff_t sc, sx, sy;
} layout;

static layout layout_of(vx_tensor t)
{
    layout l;
    if (t->num_dims == 3) {
        l.c = (vx_int32)t->dims[0];
        l.w = (vx_int32)t->dims[1];
        l.h = (vx_int32)t->dims[2];
        l.sc = (ptrdiff_t)t->strides[0];
        l.sx = (ptrdiff_t)t->strides[1];
        l.sy = (ptrdiff_t)t->strides[2];
    } else {
        l.c = 1;
        l.w = (vx_int32)t->dims[0];
        l.h = (vx_int32)t->dims[1];
        l.sc = 0;
        l.sx = (ptrdiff_t)t->strides[0];
        l.sy = (ptrdiff_t)t->strides[1];
    }
    return l;
}

static vx_int32 clampi(vx_int32 v, vx_int32 hi)
{
    return v < 0 ? 0 : v > hi ? hi : v;
}

/* Copy the input into pad ((w + 2r) x (h + 2r) pixels of c elements of
 * `elem` bytes), the margins holding the border's values: row by row, the
 * interior one memcpy when the tensor is dense. */
typedef struct {
    vx_uint8 *pad;
    const vx_uint8 *in;
    layout l;
    vx_int32 r;
    size_t elem;
    vx_bool constant;
    vx_int16 cval;
} pad_job;

/* Padded rows [ya, yb) (0: the first margin row) of pad_job. */
static void fill_pad(void *arg, vx_uint32 ya, vx_uint32 yb)
{
    const pad_job *j = arg;
    vx_uint8 *pad = j->pad;
    const vx_uint8 *in = j->in;
    const layout l = j->l;
    const vx_int32 r = j->r;
    const size_t elem = j->elem;
    const vx_bool constant = j->constant;
    const vx_int16 cval = j->cval;
    size_t px = (size_t)l.c * elem, pw = (size_t)l.w + 2u * (size_t)r, rowb = pw * px;
    vx_uint8 cpx[2 * BILATERAL_MAX_CHANNELS]; /* one pixel of the constant */
    vx_bool dense = l.sx == (ptrdiff_t)px && (l.c == 1 || l.sc == (ptrdiff_t)elem) ? vx_true_e : vx_false_e;
    for (vx_int32 c = 0; c < l.c; c++) {
        if (elem == 1)
            cpx[c] = (vx_uint8)cval;
        else
            memcpy(cpx + (size_t)c * 2, &cval, 2);
    }
    for (vx_int32 y = (vx_int32)ya - r; y < (vx_int32)yb - r; y++) {
        vx_uint8 *d = pad + (size_t)(y + r) * rowb, *mid = d + (size_t)r * px;
        const vx_uint8 *srow = in + (ptrdiff_t)clampi(y, l.h - 1) * l.sy;
        if (constant && (y < 0 || y >= l.h)) {
            for (size_t x = 0; x < pw; x++) memcpy(d + x * px, cpx, px);
            continue;
        }
        if (dense)
            memcpy(mid, srow, (size_t)l.w * px);
        else
            for (vx_int32 x = 0; x < l.w; x++)
                for (vx_int32 c = 0; c < l.c; c++)
                    memcpy(mid + (size_t)x * px + (size_t)c * elem, srow + (ptrdiff_t)x * l.sx + (ptrdiff_t)c * l.sc,
                           elem);
        for (vx_int32 x = 0; x < r; x++) { /* margins: the constant or the edge pixel (copied above) */
            memcpy(d + (size_t)x * px, constant ? cpx : mid, px);
            memcpy(mid + (size_t)(l.w + x) * px, constant ? cpx : mid + (size_t)(l.w - 1) * px, px);
        }
    }
}

/* The node's variant (compute/bilateral.h) for the input's type. */
static const ovx_variant *select_bilateral(vx_node node, const vx_reference params[])
{
    static const ovx_variant u8[] = {
#if defined(OVX_HAVE_AVX512)
        {"avx512", OVX_SIMD_AVX512, (ovx_fn)ovxc_bilateral_u8_avx512vbmi}, /* with VBMI only */
#endif
        OVX_VARIANT_AVX512(ovxc_bilateral_u8) OVX_VARIANT_AVX2(ovxc_bilateral_u8){"scalar", OVX_SIMD_NONE,
                                                                                  (ovx_fn)ovxc_bilateral_u8}};
    static const ovx_variant s16[] = {
        OVX_VARIANT_AVX512(ovxc_bilateral_s16) OVX_VARIANT_AVX2(ovxc_bilateral_s16){"scalar", OVX_SIMD_NONE,
                                                                                    (ovx_fn)ovxc_bilateral_s16}};
    vx_enum type = VX_TYPE_INVALID;
    (void)node;
    if (vxQueryTensor((vx_tensor)params[P_SRC], VX_TENSOR_DATA_TYPE, &type, sizeof(type)) != VX_SUCCESS) return NULL;
    if (type == VX_TYPE_INT16) return ovx_variant_pick(s16);
#if defined(OVX_HAVE_AVX512)
    if (!ovx_cpu_avx512vbmi()) return ovx_variant_pick(u8 + 1); /* the VBMI row needs it on top of avx512 */
#endif
    return ovx_variant_pick(u8);
}

/* The head of the node scratch: the colour weights that follow it are for
 * this sigmaValues and table size. */
typedef struct {
    vx_float32 sigma;
    vx_uint32 cap, n, valid;
} color_cache;

typedef struct {
    const ovxc_bilateral *p;
    const void *src; /* pixel (0, 0) of the padded copy */
    vx_uint8 *dst;
    ovxc_bilateral_u8_f u8;
    ovxc_bilateral_s16_f s16;
    /* scratch slots of slot_floats floats for the calls running at once (the
     * variants' strips of the whole width), taken and given back through
     * the bits of busy; a call that finds none uses a small stack scratch */
    vx_float32 *slots;
    size_t slot_floats;
    vx_uint32 nslots, busy;
} bilateral_job;

#define BILATERAL_MAX_SLOTS 32

static void bilateral_rows(void *arg, vx_uint32 y0, vx_uint32 y1)
{
    bilateral_job *j = arg;
    vx_float32 small[BILATERAL_MAX_CHANNELS], *acc = small;
    ovxc_bilateral q = *j->p;
    vx_uint32 slot;
    q.scratch_floats = BILATERAL_MAX_CHANNELS;
    for (slot = 0; slot < j->nslots; slot++)
        if (!(__atomic_fetch_or(&j->busy, 1u << slot, __ATOMIC_ACQUIRE) & (1u << slot))) {
            acc = j->slots + (size_t)slot * j->slot_floats;
            q.scratch_floats = j->slot_floats;
            break;
        }
    if (j->u8)
        j->u8(&q, (const vx_uint8 *)j->src, j->dst, (vx_int32)y0, (vx_int32)y1, acc);
    else
        j->s16(&q, (const vx_int16 *)j->src, j->dst, (vx_int32)y0, (vx_int32)y1, acc);
    if (slot < j->nslots) __atomic_fetch_and(&j->busy, ~(1u << slot), __ATOMIC_RELEASE);
}

static vx_status VX_CALLBACK run_bilateral(vx_node node, const vx_reference params[], vx_uint32 num)
{
    vx_tensor src = (vx_tensor)params[P_SRC], dst = (vx_tensor)params[P_DST];
    vx_int32 diameter = 0, r;
    vx_float32 sigma_space = 0.0f, sigma_values = 0.0f;
    vx_border_t border = ovx_node_border(node);
    vx_bool constant = border.mode == VX_BORDER_CONSTANT ? vx_true_e : vx_false_e;
    const vx_uint8 *in = ovx_tensor_data(src);
    vx_uint8 *out = ovx_tensor_data(dst);
    layout l = layout_of(src), lo = layout_of(dst);
    ptrdiff_t taps[81];
    vx_float32 space_w[81];
    vx_float32 *color_w;
    vx_uint8 *pad, *scratch;
    color_cache *cache;
    void *before;
    vx_bool fresh;
    size_t elem = src->data_type == VX_TYPE_INT16 ? 2 : 1, pw, ph, pad_bytes, slot_bytes;
    const ovx_variant *v = ovx_node_variant(node);
    ovxc_bilateral p;
    bilateral_job job;
    vx_uint32 color_cap;
    (void)num;
    if (ovx_scalar_get((vx_scalar)params[P_DIAMETER], VX_TYPE_INT32, &diameter) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[P_SIGMA_SPACE], VX_TYPE_FLOAT32, &sigma_space) != VX_SUCCESS ||
        ovx_scalar_get((vx_scalar)params[P_SIGMA_VALUES], VX_TYPE_FLOAT32, &sigma_values) != VX_SUCCESS)
        return VX_ERROR_INVALID_PARAMETERS;
    if (diameter < 5 || diameter > 9 || !(sigma_space > 0.0f) || !(sigma_values > 0.0f) || sigma_values > 20.0f)
        return ovx_kernel_log(node, P_DIAMETER, VX_ERROR_INVALID_VALUE, "diameter or sigma out of range");
    if (!in || !out) return ovx_kernel_log(node, in ? P_DST : P_SRC, VX_ERROR_NO_MEMORY, "tensor has no memory");
    if (l.c != lo.c || l.w != lo.w || l.h != lo.h || src->data_type != dst->data_type)
        return ovx_kernel_log(node, P_DST, VX_ERROR_INVALID_DIMENSION, "differs from the input");
    if (l.c < 1 || l.c > BILATERAL_MAX_CHANNELS || l.w < 1 || l.h < 1) return VX_SUCCESS; /* nothing to filter */
    r = diameter / 2;
    pw = (size_t)l.w + 2u * (size_t)r;
    ph = (size_t)l.h + 2u * (size_t)r;
    /* exp(-d2 / (2 sigma^2)) is 0 in float once d2 > 208 sigma^2; and no
     * squared distance exceeds channels * (largest |difference|)^2 */
    color_cap = (vx_uint32)(208.0 * (double)sigma_values * sigma_values) + 2u;
    if (color_cap > BILATERAL_COLOR_MAX) color_cap = BILATERAL_COLOR_MAX;
    {
        vx_uint64 amax = elem == 1 ? 255u : 1023u, reach = (vx_uint64)l.c * amax * amax + 1u;
        if (reach < color_cap) color_cap = (vx_uint32)reach;
    }
    p.row = (ptrdiff_t)pw * l.c;
    p.ntaps = ovxc_bilateral_taps(r, sigma_space, p.row, l.c, taps, space_w);
    /* the calls' scratch slots: one a thread, room for strips of the whole
     * width (up to 4 MB a slot; only the variants of 1 to 4 channels use
     * more than BILATERAL_MAX_CHANNELS floats) */
    job.nslots = ovx_node_threads(node);
    if (job.nslots > BILATERAL_MAX_SLOTS) job.nslots = BILATERAL_MAX_SLOTS;
    job.slot_floats = l.c <= 4 ? ovxc_bilateral_strip_floats(p.ntaps, r, l.c, l.w) : 0;
    if (job.slot_floats > ((size_t)1 << 20)) job.slot_floats = (size_t)1 << 20;
    if (job.slot_floats < BILATERAL_MAX_CHANNELS) job.nslots = 0, job.slot_floats = 0;
    slot_bytes = (job.slot_floats * sizeof(vx_float32) * job.nslots + 63) & ~(size_t)63;
    /* node scratch: the colour weights (kept while sigmaValues stays), then
     * the padded input (+ the variants' read slack), then the slots */
    pad_bytes = (pw * ph * (size_t)l.c * elem + OVXC_BILATERAL_SLACK * 2 + 63) & ~(size_t)63;
    before = node->local_data_ptr; /* a new block (never the old address: both live at once) holds no weights */
    scratch = ovx_node_scratch(node, sizeof(color_cache) + color_cap * sizeof(vx_float32) + pad_bytes + slot_bytes);
    fresh = (void *)scratch != before ? vx_true_e : vx_false_e;
    if (!scratch) return ovx_kernel_log(node, P_DST, VX_ERROR_NO_MEMORY, "no memory for the padded input");
    cache = (color_cache *)(void *)scratch;
    color_w = (vx_float32 *)(void *)(scratch + sizeof(color_cache));
    pad = scratch + sizeof(color_cache) + color_cap * sizeof(vx_float32);
    if (fresh || !cache->valid || cache->sigma != sigma_values || cache->cap != color_cap) {
        cache->valid = 0;
        cache->n = ovxc_bilateral_colors(sigma_values, color_w, color_cap);
        cache->sigma = sigma_values;
        cache->cap = color_cap;
        cache->valid = 1;
    }
    { /* the padded copy, on the node's threads too */
        pad_job pj;
        pj.pad = pad, pj.in = in, pj.l = l, pj.r = r, pj.elem = elem, pj.constant = constant;
        pj.cval = elem == 1 ? (vx_int16)border.constant_value.U8 : border.constant_value.S16;
        ovx_node_parallel_rows(node, 0, (vx_uint32)ph, (vx_uint64)(pw * ph * (size_t)l.c * elem) / 8u, fill_pad, &pj);
    }
    memset(pad + pw * ph * (size_t)l.c * elem, 0, OVXC_BILATERAL_SLACK * 2);

    p.width = l.w;
    p.channels = l.c;
    p.scratch_floats = BILATERAL_MAX_CHANNELS; /* set per call (bilateral_rows) */
    p.tap_off = taps;
    p.space_w = space_w;
    p.color_n = cache->n;
    p.color_w = color_w;
    p.dst_sc = lo.sc;
    p.dst_sy = lo.sy;
    p.dst_sx = lo.sx;
    job.slots = (vx_float32 *)(void *)(pad + pad_bytes);
    job.busy = 0;
    job.p = &p;
    job.src = pad + ((size_t)r * pw + (size_t)r) * (size_t)l.c * elem; /* pixel (0, 0) */
    job.dst = out;
    job.u8 = NULL;
    job.s16 = NULL;
    if (elem == 1)
        job.u8 = v ? (ovxc_bilateral_u8_f)v->fn : ovxc_bilateral_u8;
    else
        job.s16 = v ? (ovxc_bilateral_s16_f)v->fn : ovxc_bilateral_s16;
    /* guided bands (guided.h) of 8 rows at least (a band computes the
     * weights of r rows above it again: 15 bands at 1080p, 1.5% more work
     * than one) */
    guided_parallel_rows(node, 0, (vx_uint32)l.h, 8, (vx_uint64)l.w * l.h * l.c * p.ntaps >= 32768, bilateral_rows,
                         &job);
    return VX_SUCCESS;
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_BILATERAL
#include "kernel_descs.h"
