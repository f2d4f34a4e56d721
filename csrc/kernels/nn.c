/*
 * Kernel family nn (vx_khr_nn: neural-network layers).
 *
 * Every layer is a whole-node function over tensors (compute/nn*.c, run on
 * the node's threads by kernels/nn_run.c: the packed convolution core with
 * its weights cache and int32 bound, the fully connected dot products, and
 * ranges of the other layers): inputs
 * and outputs may be views with any strides, dimensions past the layer's own
 * ones are batches.  Data types: VX_TYPE_UINT8 / VX_TYPE_INT8 with
 * fixed_point_position 0 ("KHR_NN_8") and VX_TYPE_INT16 with a
 * fixed_point_position of 0..15, Q7.8 being the "KHR_NN_16" one.  Weights,
 * biases and outputs have the input's data type and fixed point position.
 *
 * The parameter structures of vxConvolutionLayer, vxDeconvolutionLayer and
 * vxROIPoolingLayer are kernel parameters #3 / #3 / #2: a scalar whose
 * VX_SCALAR_TYPE is VX_TYPE_NN_CONVOLUTION_PARAMS / _DECONVOLUTION_PARAMS /
 * _ROI_POOL_PARAMS holding a copy of the structure; its size is the size
 * the application gave the creator, which the validator checks.
 *
 * Skips (strides) of convolution and pooling follow from the output size
 * (the smallest skip that gives it, with the layer's down-scale rounding);
 * a virtual output of unknown size gets skip 1.  Deconvolution's upscale
 * follows from the output size likewise (a virtual output gets a + 1).
 */
#include "kernels.h"

#include <stdlib.h>
#include <string.h>

#include <VX/vx_khr_nn.h>

#include "../compute/nn.h"
#include "../compute/nn_gemm.h"
#include "../runtime/dispatch.h"
#include "nn_run.h"
#include "../objects/tensor.h"

/* ---- helpers ------------------------------------------------------------ */

static int nn_type(vx_enum dt, vx_int8 fpp)
{
    if (dt == VX_TYPE_UINT8 && fpp == 0) return OVXC_T_U8;
    if (dt == VX_TYPE_INT8 && fpp == 0) return OVXC_T_S8;
    if (dt == VX_TYPE_INT16 && fpp >= 0 && fpp <= 15) return OVXC_T_S16;
    if (dt == VX_TYPE_FLOAT32 && fpp == 0) return OVXC_T_F32;
    return -1;
}

/* Every dimension of t is known (virtual tensors may leave them open). */
static vx_bool dims_known(vx_tensor t)
{
    vx_size i;
    if (t->num_dims == 0) return vx_false_e;
    for (i = 0; i < t->num_dims; i++)
        if (t->dims[i] == 0) return vx_false_e;
    return vx_true_e;
}

static const char *type_name(vx_enum dt)
{
    switch (dt) {
    case VX_TYPE_UINT8: return "UINT8";
    case VX_TYPE_INT8: return "INT8";
    case VX_TYPE_INT16: return "INT16";
    case VX_TYPE_FLOAT32: return "FLOAT32";
    case 0: return "(unset)";
    default: return "another type";
    }
}

/* The layer's input: a supported data type and at least min_dims dims. */
static vx_status check_input(vx_node node, vx_uint32 idx, vx_tensor t, vx_size min_dims, vx_size max_dims)
{
    if (nn_type(t->data_type, t->fixed_point_position) < 0)
        return ovx_kernel_log(node, idx, VX_ERROR_INVALID_TYPE,
                              "data type %s with fixed_point_position %d is not supported (UINT8/INT8 with 0, "
                              "INT16 with 0..15, Q7.8 being the 16-bit extension's, FLOAT32 with 0)",
                              type_name(t->data_type), (int)t->fixed_point_position);
    if (t->num_dims < min_dims || t->num_dims > max_dims)
        return ovx_kernel_log(node, idx, VX_ERROR_INVALID_DIMENSION, "has %zu dimensions, must have %zu to %zu",
                              (size_t)t->num_dims, (size_t)min_dims, (size_t)max_dims);
    return VX_SUCCESS;
}


/* Another tensor of the layer: the input's data type and fixed point. */
static vx_status check_same_type(vx_node node, vx_uint32 idx, vx_tensor t, vx_tensor in)
{
    if (t->base.is_virtual && t->data_type == 0) return VX_SUCCESS;
    if (t->data_type != in->data_type || t->fixed_point_position != in->fixed_point_position)
        return ovx_kernel_log(node, idx, VX_ERROR_INVALID_TYPE,
                              "data type %s (fixed point %d) differs from the input's %s (fixed point %d)",
                              type_name(t->data_type), (int)t->fixed_point_position, type_name(in->data_type),
                              (int)in->fixed_point_position);
    return VX_SUCCESS;
}

static vx_status set_tensor_meta(vx_meta_format meta, vx_size nd, const vx_size *dims, vx_tensor like)
{
    vx_status s = vxSetMetaFormatAttribute(meta, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd));
    if (s == VX_SUCCESS) s = vxSetMetaFormatAttribute(meta, VX_TENSOR_DIMS, dims, nd * sizeof(vx_size));
    if (s == VX_SUCCESS) s = vxSetMetaFormatAttribute(meta, VX_TENSOR_DATA_TYPE, &like->data_type, sizeof(vx_enum));
    if (s == VX_SUCCESS)
        s = vxSetMetaFormatAttribute(meta, VX_TENSOR_FIXED_POINT_POSITION, &like->fixed_point_position,
                                     sizeof(vx_int8));
    return s;
}

/* The output, when its dimensions are known, has these (a check before the
 * engine's own comparison, with a message that names the dimension). */
static vx_status check_out_dims(vx_node node, vx_uint32 idx, vx_tensor out, vx_size nd, const vx_size *dims)
{
    vx_size i;
    if (!dims_known(out)) return VX_SUCCESS;
    if (out->num_dims != nd)
        return ovx_kernel_log(node, idx, VX_ERROR_INVALID_DIMENSION, "has %zu dimensions, the layer gives %zu",
                              (size_t)out->num_dims, (size_t)nd);
    for (i = 0; i < nd; i++)
        if (out->dims[i] != dims[i])
            return ovx_kernel_log(node, idx, VX_ERROR_INVALID_DIMENSION, "dimension %zu is %zu, the layer gives %zu",
                                  (size_t)i, (size_t)out->dims[i], (size_t)dims[i]);
    return VX_SUCCESS;
}

static vx_status get_scalar(vx_node node, vx_uint32 idx, vx_reference ref, vx_enum type, void *value,
                            const char *what)
{
    if (ovx_scalar_get((vx_scalar)ref, type, value) != VX_SUCCESS)
        return ovx_kernel_log(node, idx, VX_ERROR_INVALID_TYPE, "must be a %s scalar", what);
    return VX_SUCCESS;
}

static vx_status check_policies(vx_node node, vx_uint32 idx, vx_enum overflow, vx_enum rounding)
{
    if (overflow != VX_CONVERT_POLICY_WRAP && overflow != VX_CONVERT_POLICY_SATURATE)
        return ovx_kernel_log(node, idx, VX_ERROR_INVALID_VALUE, "overflow policy 0x%x is not a vx_convert_policy_e",
                              (unsigned)overflow);
    if (rounding != VX_ROUND_POLICY_TO_ZERO && rounding != VX_ROUND_POLICY_TO_NEAREST_EVEN)
        return ovx_kernel_log(node, idx, VX_ERROR_INVALID_VALUE, "rounding policy 0x%x is not a vx_round_policy_e",
                              (unsigned)rounding);
    return VX_SUCCESS;
}

/* The smallest skip giving `out` outputs over a padded span (padded input
 * minus the kernel extent), with floor or ceiling rounding. */
static vx_bool find_skip(vx_size span, vx_size out, vx_bool ceil_round, vx_size *skip)
{
    vx_size t;
    for (t = 1; t <= span + 1; t++) {
        vx_size o = (ceil_round ? (span + t - 1) / t : span / t) + 1;
        if (o == out) {
            *skip = t;
            return vx_true_e;
        }
        if (o < out) break;
    }
    return vx_false_e;
}

/* The structure of a parameter-structure scalar, NULL with a log entry when
 * it is not one of `type` and size `full`. */
static const void *struct_of(vx_node node, vx_uint32 idx, vx_reference ref, vx_enum type, vx_size full,
                             const char *what, vx_status *status)
{
    vx_scalar s = (vx_scalar)ref;
    if (s->data_type != type) {
        *status = ovx_kernel_log(node, idx, VX_ERROR_INVALID_TYPE, "must hold a %s", what);
        return NULL;
    }
    if (s->size != full) {
        *status = ovx_kernel_log(node, idx, VX_ERROR_INVALID_PARAMETERS,
                                 "the size given for the %s is %zu bytes, it has %zu", what, (size_t)s->size,
                                 (size_t)full);
        return NULL;
    }
    *status = VX_SUCCESS;
    return s->data;
}

static ovxc_nn_fixed fixed_of(vx_tensor in, vx_enum overflow, vx_enum rounding)
{
    ovxc_nn_fixed f;
    f.type = nn_type(in->data_type, in->fixed_point_position);
    f.q = in->fixed_point_position;
    f.wrap = overflow == VX_CONVERT_POLICY_WRAP;
    f.to_ne = rounding == VX_ROUND_POLICY_TO_NEAREST_EVEN;
    return f;
}

/* Biases of convolution / deconvolution: [OFM] or [OW, OH, OFM]. */
static vx_status check_conv_bias(vx_node node, vx_uint32 idx, vx_tensor bias, vx_tensor in, const vx_size *odims)
{
    vx_status s;
    if (!bias) return VX_SUCCESS;
    if ((s = check_same_type(node, idx, bias, in)) != VX_SUCCESS) return s;
    if (bias->num_dims == 1 && bias->dims[0] == odims[2]) return VX_SUCCESS;
    if (bias->num_dims == 3 && bias->dims[0] == odims[0] && bias->dims[1] == odims[1] && bias->dims[2] == odims[2])
        return VX_SUCCESS;
    return ovx_kernel_log(node, idx, VX_ERROR_INVALID_DIMENSION,
                          "biases must be [%zu] or [%zu, %zu, %zu] (shared or per output location)",
                          (size_t)odims[2], (size_t)odims[0], (size_t)odims[1], (size_t)odims[2]);
}

/* ---- Convolution layer ---------------------------------------------------- */

typedef struct {
    vx_size skip_x, skip_y;
} conv_geom;

static vx_status conv_geometry(vx_node node, const vx_reference p[], vx_size odims[OVX_MAX_TENSOR_DIMS],
                               conv_geom *g, const vx_nn_convolution_params_t **cp_out)
{
    vx_tensor in = (vx_tensor)p[0], w = (vx_tensor)p[1], out = (vx_tensor)p[4];
    const vx_nn_convolution_params_t *cp;
    vx_size ext_x, ext_y, span_x, span_y, i;
    vx_bool ceil_round;
    vx_status s;
    if ((s = check_input(node, 0, in, 3, OVX_MAX_TENSOR_DIMS)) != VX_SUCCESS) return s;
    if ((s = check_same_type(node, 1, w, in)) != VX_SUCCESS) return s;
    if (w->num_dims != 4 || w->dims[2] != in->dims[2])
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION,
                              "weights must be [kernel_x, kernel_y, #IFM = %zu, #OFM]", (size_t)in->dims[2]);
    cp = struct_of(node, 3, p[3], VX_TYPE_NN_CONVOLUTION_PARAMS, sizeof(*cp), "vx_nn_convolution_params_t", &s);
    if (!cp) return s;
    if ((s = check_policies(node, 3, cp->overflow_policy, cp->rounding_policy)) != VX_SUCCESS) return s;
    if (cp->down_scale_size_rounding != VX_NN_DS_SIZE_ROUNDING_FLOOR &&
        cp->down_scale_size_rounding != VX_NN_DS_SIZE_ROUNDING_CEILING)
        return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE, "down_scale_size_rounding 0x%x is not a "
                              "vx_nn_rounding_type_e", (unsigned)cp->down_scale_size_rounding);
    if (cp->padding_x > 65536 || cp->padding_y > 65536 || cp->dilation_x > 65536 || cp->dilation_y > 65536)
        return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE, "padding or dilation out of range");
    ext_x = w->dims[0] + (w->dims[0] - 1) * cp->dilation_x;
    ext_y = w->dims[1] + (w->dims[1] - 1) * cp->dilation_y;
    if (in->dims[0] + 2 * cp->padding_x < ext_x || in->dims[1] + 2 * cp->padding_y < ext_y)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION,
                              "the dilated kernel (%zu x %zu) is larger than the padded input (%zu x %zu)",
                              (size_t)ext_x, (size_t)ext_y, (size_t)(in->dims[0] + 2 * cp->padding_x),
                              (size_t)(in->dims[1] + 2 * cp->padding_y));
    span_x = in->dims[0] + 2 * cp->padding_x - ext_x;
    span_y = in->dims[1] + 2 * cp->padding_y - ext_y;
    ceil_round = cp->down_scale_size_rounding == VX_NN_DS_SIZE_ROUNDING_CEILING;
    for (i = 0; i < in->num_dims; i++) odims[i] = in->dims[i];
    odims[2] = w->dims[3];
    if (dims_known(out) && out->num_dims == in->num_dims) {
        if (!find_skip(span_x, out->dims[0], ceil_round, &g->skip_x) ||
            !find_skip(span_y, out->dims[1], ceil_round, &g->skip_y))
            return ovx_kernel_log(node, 4, VX_ERROR_INVALID_DIMENSION,
                                  "no skip gives an output of %zu x %zu from a padded span of %zu x %zu with %s "
                                  "rounding",
                                  (size_t)out->dims[0], (size_t)out->dims[1], (size_t)span_x, (size_t)span_y,
                                  ceil_round ? "ceiling" : "floor");
        odims[0] = out->dims[0];
        odims[1] = out->dims[1];
    } else {
        g->skip_x = g->skip_y = 1;
        odims[0] = span_x + 1;
        odims[1] = span_y + 1;
    }
    if ((s = check_conv_bias(node, 2, (vx_tensor)p[2], in, odims)) != VX_SUCCESS) return s;
    if ((s = check_same_type(node, 4, out, in)) != VX_SUCCESS) return s;
    if ((s = check_out_dims(node, 4, out, in->num_dims, odims)) != VX_SUCCESS) return s;
    *cp_out = cp;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK conv_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                           vx_meta_format metas[])
{
    vx_size odims[OVX_MAX_TENSOR_DIMS];
    conv_geom g;
    const vx_nn_convolution_params_t *cp;
    vx_status s;
    if (num != 5) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = conv_geometry(node, p, odims, &g, &cp)) != VX_SUCCESS) return s;
    return set_tensor_meta(metas[4], ((vx_tensor)p[0])->num_dims, odims, (vx_tensor)p[0]);
}

static vx_status VX_CALLBACK conv_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_size odims[OVX_MAX_TENSOR_DIMS];
    conv_geom g;
    const vx_nn_convolution_params_t *cp;
    vx_status s;
    struct {
        ovxc_nn_conv_geom g;
        ovxc_nn_fixed f;
    } c;
    if (num != 5) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = conv_geometry(node, p, odims, &g, &cp)) != VX_SUCCESS) return s;
    memset(&c, 0, sizeof(c));
    c.g.deconv = 0;
    c.g.pad[0] = cp->padding_x, c.g.pad[1] = cp->padding_y;
    c.g.skip[0] = g.skip_x, c.g.skip[1] = g.skip_y;
    c.g.dil[0] = cp->dilation_x, c.g.dil[1] = cp->dilation_y;
    /* float32: the float core (compute/nn_float_gemm.h) */
    if (nn_type(((vx_tensor)p[0])->data_type, ((vx_tensor)p[0])->fixed_point_position) == OVXC_T_F32)
        return ovx_nnf_conv_run(node, p, &c.g);
    c.f = fixed_of((vx_tensor)p[0], cp->overflow_policy, cp->rounding_policy);
    return ovx_nn_conv_run(node, p, &c.g, &c.f);
}

/* ---- Deconvolution layer -------------------------------------------------- */

static vx_status deconv_geometry(vx_node node, const vx_reference p[], vx_size odims[OVX_MAX_TENSOR_DIMS],
                                 vx_size up[2], const vx_nn_deconvolution_params_t **dp_out)
{
    vx_tensor in = (vx_tensor)p[0], w = (vx_tensor)p[1], out = (vx_tensor)p[4];
    const vx_nn_deconvolution_params_t *dp;
    vx_size pad[2], a[2], i;
    vx_status s;
    if ((s = check_input(node, 0, in, 3, OVX_MAX_TENSOR_DIMS)) != VX_SUCCESS) return s;
    if ((s = check_same_type(node, 1, w, in)) != VX_SUCCESS) return s;
    if (w->num_dims != 4 || w->dims[2] != in->dims[2])
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION,
                              "weights must be [kernel_x, kernel_y, #IFM = %zu, #OFM]", (size_t)in->dims[2]);
    dp = struct_of(node, 3, p[3], VX_TYPE_NN_DECONVOLUTION_PARAMS, sizeof(*dp), "vx_nn_deconvolution_params_t", &s);
    if (!dp) return s;
    if ((s = check_policies(node, 3, dp->overflow_policy, dp->rounding_policy)) != VX_SUCCESS) return s;
    pad[0] = dp->padding_x, pad[1] = dp->padding_y, a[0] = dp->a_x, a[1] = dp->a_y;
    for (i = 0; i < in->num_dims; i++) odims[i] = in->dims[i];
    odims[2] = w->dims[3];
    for (i = 0; i < 2; i++) {
        if (pad[i] >= w->dims[i])
            return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE,
                                  "padding %zu must be below the kernel size %zu (the input padding is "
                                  "kernel - padding - 1)", (size_t)pad[i], (size_t)w->dims[i]);
        if (a[i] > 65536) return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE, "a_x / a_y out of range");
        if (dims_known(out) && out->num_dims == in->num_dims) {
            vx_size o = out->dims[i], base = w->dims[i] + a[i];
            /* o = (in - 1) * up - 2 pad + kernel + a */
            if (o + 2 * pad[i] < base)
                return ovx_kernel_log(node, 4, VX_ERROR_INVALID_DIMENSION, "output dimension %zu is too small",
                                      (size_t)i);
            if (in->dims[i] == 1) {
                if (o + 2 * pad[i] != base)
                    return ovx_kernel_log(node, 4, VX_ERROR_INVALID_DIMENSION,
                                          "a 1-wide input gives an output dimension %zu of %zu", (size_t)i,
                                          (size_t)(base - 2 * pad[i]));
                up[i] = a[i] + 1;
            } else {
                vx_size num = o + 2 * pad[i] - base;
                if (num % (in->dims[i] - 1) != 0 || num == 0)
                    return ovx_kernel_log(node, 4, VX_ERROR_INVALID_DIMENSION,
                                          "output dimension %zu (%zu) is not (input - 1) * upscale - 2 * padding "
                                          "+ kernel + a for an upscale >= 1",
                                          (size_t)i, (size_t)o);
                up[i] = num / (in->dims[i] - 1);
            }
            odims[i] = o;
        } else {
            up[i] = a[i] + 1;
            if ((in->dims[i] - 1) * up[i] + w->dims[i] + a[i] <= 2 * pad[i])
                return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE, "the padding leaves no output");
            odims[i] = (in->dims[i] - 1) * up[i] + w->dims[i] + a[i] - 2 * pad[i];
        }
        if (a[i] >= up[i])
            return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE,
                                  "a (%zu) must be smaller than the upscale (%zu) of dimension %zu", (size_t)a[i],
                                  (size_t)up[i], (size_t)i);
    }
    if ((s = check_conv_bias(node, 2, (vx_tensor)p[2], in, odims)) != VX_SUCCESS) return s;
    if ((s = check_same_type(node, 4, out, in)) != VX_SUCCESS) return s;
    if ((s = check_out_dims(node, 4, out, in->num_dims, odims)) != VX_SUCCESS) return s;
    *dp_out = dp;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK deconv_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                             vx_meta_format metas[])
{
    vx_size odims[OVX_MAX_TENSOR_DIMS], up[2];
    const vx_nn_deconvolution_params_t *dp;
    vx_status s;
    if (num != 5) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = deconv_geometry(node, p, odims, up, &dp)) != VX_SUCCESS) return s;
    return set_tensor_meta(metas[4], ((vx_tensor)p[0])->num_dims, odims, (vx_tensor)p[0]);
}

static vx_status VX_CALLBACK deconv_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_size odims[OVX_MAX_TENSOR_DIMS], up[2];
    const vx_nn_deconvolution_params_t *dp;
    vx_status s;
    struct {
        ovxc_nn_conv_geom g;
        ovxc_nn_fixed f;
    } c;
    if (num != 5) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = deconv_geometry(node, p, odims, up, &dp)) != VX_SUCCESS) return s;
    memset(&c, 0, sizeof(c));
    c.g.deconv = 1;
    c.g.pad[0] = dp->padding_x, c.g.pad[1] = dp->padding_y;
    c.g.skip[0] = c.g.skip[1] = 1;
    c.g.up[0] = up[0], c.g.up[1] = up[1];
    if (nn_type(((vx_tensor)p[0])->data_type, ((vx_tensor)p[0])->fixed_point_position) == OVXC_T_F32)
        return ovx_nnf_conv_run(node, p, &c.g);
    c.f = fixed_of((vx_tensor)p[0], dp->overflow_policy, dp->rounding_policy);
    /* Up-scaled samples are read below column in_w / row in_h of the
     * up-scaled input only: the placement the Khronos CTS model checks (the
     * spec's up-scaled input would hold samples up to (in - 1) * upscale;
     * the two agree for upscale 1). */
    return ovx_nn_conv_run(node, p, &c.g, &c.f);
}

/* ---- Fully connected layer ------------------------------------------------ */

/* The number of core dimensions of the input (1 or 3), 0 if none fits. */
static vx_size fc_core(vx_tensor in, vx_tensor w, vx_tensor out)
{
    vx_size total3 = in->num_dims >= 3 ? in->dims[0] * in->dims[1] * in->dims[2] : 0;
    vx_size wcore = w->num_dims == 2 ? w->dims[0] : w->num_dims == 4 ? w->dims[0] * w->dims[1] * w->dims[2] : 0;
    if (dims_known(out) && out->num_dims <= in->num_dims) {
        vx_size core = in->num_dims - (out->num_dims - 1);
        if (core == 1 && w->num_dims == 2 && w->dims[0] == in->dims[0]) return 1;
        if (core == 3 && wcore == total3 &&
            (w->num_dims == 2 || (w->dims[0] == in->dims[0] && w->dims[1] == in->dims[1])))
            return 3;
        return 0;
    }
    if (w->num_dims == 4 && wcore == total3 && w->dims[0] == in->dims[0] && w->dims[1] == in->dims[1]) return 3;
    if (w->num_dims == 2 && w->dims[0] == in->dims[0]) return 1;
    if (w->num_dims == 2 && w->dims[0] == total3) return 3;
    return 0;
}

static vx_status fc_check(vx_node node, const vx_reference p[], vx_size odims[OVX_MAX_TENSOR_DIMS], vx_size *nd,
                          vx_size *core_out, ovxc_nn_fixed *f)
{
    vx_tensor in = (vx_tensor)p[0], w = (vx_tensor)p[1], b = (vx_tensor)p[2], out = (vx_tensor)p[5];
    vx_enum overflow, rounding;
    vx_size core, i;
    vx_status s;
    if ((s = check_input(node, 0, in, 1, OVX_MAX_TENSOR_DIMS)) != VX_SUCCESS) return s;
    if ((s = check_same_type(node, 1, w, in)) != VX_SUCCESS) return s;
    if (w->num_dims != 2 && w->num_dims != 4)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION, "weights must be [#IFM, #OFM] (or [W, H, IFM, OFM])");
    core = fc_core(in, w, out);
    if (core == 0)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION,
                              "weights do not match the input: [#IFM] or [W, H, IFM] elements then batches");
    if ((s = get_scalar(node, 3, p[3], VX_TYPE_ENUM, &overflow, "VX_TYPE_ENUM")) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 4, p[4], VX_TYPE_ENUM, &rounding, "VX_TYPE_ENUM")) != VX_SUCCESS) return s;
    if ((s = check_policies(node, 3, overflow, rounding)) != VX_SUCCESS) return s;
    *nd = 1 + in->num_dims - core;
    odims[0] = w->dims[w->num_dims - 1];
    for (i = core; i < in->num_dims; i++) odims[1 + i - core] = in->dims[i];
    if (b) {
        if ((s = check_same_type(node, 2, b, in)) != VX_SUCCESS) return s;
        if (b->num_dims != 1 || b->dims[0] != odims[0])
            return ovx_kernel_log(node, 2, VX_ERROR_INVALID_DIMENSION, "biases must be [#OFM = %zu]",
                                  (size_t)odims[0]);
    }
    if ((s = check_same_type(node, 5, out, in)) != VX_SUCCESS) return s;
    if ((s = check_out_dims(node, 5, out, *nd, odims)) != VX_SUCCESS) return s;
    *core_out = core;
    *f = fixed_of(in, overflow, rounding);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK fc_validate(vx_node node, const vx_reference p[], vx_uint32 num, vx_meta_format metas[])
{
    vx_size odims[OVX_MAX_TENSOR_DIMS], nd = 0, core = 0;
    ovxc_nn_fixed f;
    vx_status s;
    if (num != 6) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = fc_check(node, p, odims, &nd, &core, &f)) != VX_SUCCESS) return s;
    return set_tensor_meta(metas[5], nd, odims, (vx_tensor)p[0]);
}

static vx_status VX_CALLBACK fc_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_size odims[OVX_MAX_TENSOR_DIMS], nd = 0, core = 0;
    ovxc_nn_fixed f;
    vx_status s;
    if (num != 6) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = fc_check(node, p, odims, &nd, &core, &f)) != VX_SUCCESS) return s;
    if (f.type == OVXC_T_F32) return ovx_nnf_fc_run(node, p, core);
    return ovx_nn_fc_run(node, p, core, &f);
}

/* ---- Pooling layer ------------------------------------------------------------ */

typedef struct {
    vx_enum type, rounding;
    vx_size size[2], pad[2], skip[2];
} pool_geom;

static vx_status pool_check(vx_node node, const vx_reference p[], vx_size odims[OVX_MAX_TENSOR_DIMS], pool_geom *g)
{
    vx_tensor in = (vx_tensor)p[0], out = (vx_tensor)p[7];
    vx_size i, span[2];
    vx_status s;
    if ((s = check_input(node, 0, in, 3, OVX_MAX_TENSOR_DIMS)) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 1, p[1], VX_TYPE_ENUM, &g->type, "VX_TYPE_ENUM")) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 2, p[2], VX_TYPE_SIZE, &g->size[0], "VX_TYPE_SIZE")) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 3, p[3], VX_TYPE_SIZE, &g->size[1], "VX_TYPE_SIZE")) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 4, p[4], VX_TYPE_SIZE, &g->pad[0], "VX_TYPE_SIZE")) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 5, p[5], VX_TYPE_SIZE, &g->pad[1], "VX_TYPE_SIZE")) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 6, p[6], VX_TYPE_ENUM, &g->rounding, "VX_TYPE_ENUM")) != VX_SUCCESS) return s;
    if (g->type != VX_NN_POOLING_MAX && g->type != VX_NN_POOLING_AVG)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "0x%x is not a vx_nn_pooling_type_e",
                              (unsigned)g->type);
    if (g->rounding != VX_NN_DS_SIZE_ROUNDING_FLOOR && g->rounding != VX_NN_DS_SIZE_ROUNDING_CEILING)
        return ovx_kernel_log(node, 6, VX_ERROR_INVALID_VALUE, "0x%x is not a vx_nn_rounding_type_e",
                              (unsigned)g->rounding);
    for (i = 0; i < in->num_dims; i++) odims[i] = in->dims[i];
    for (i = 0; i < 2; i++) {
        if (g->size[i] == 0 || g->size[i] > 65536)
            return ovx_kernel_log(node, 2 + (vx_uint32)i, VX_ERROR_INVALID_VALUE, "pooling size %zu",
                                  (size_t)g->size[i]);
        if (g->pad[i] >= g->size[i])
            return ovx_kernel_log(node, 4 + (vx_uint32)i, VX_ERROR_INVALID_VALUE,
                                  "padding %zu must be smaller than the pooling size %zu", (size_t)g->pad[i],
                                  (size_t)g->size[i]);
        if (in->dims[i] + 2 * g->pad[i] < g->size[i])
            return ovx_kernel_log(node, 0, VX_ERROR_INVALID_DIMENSION,
                                  "padded dimension %zu (%zu) is smaller than the pooling size %zu", (size_t)i,
                                  (size_t)(in->dims[i] + 2 * g->pad[i]), (size_t)g->size[i]);
        span[i] = in->dims[i] + 2 * g->pad[i] - g->size[i];
        if (dims_known(out) && out->num_dims == in->num_dims) {
            if (!find_skip(span[i], out->dims[i], g->rounding == VX_NN_DS_SIZE_ROUNDING_CEILING, &g->skip[i]))
                return ovx_kernel_log(node, 7, VX_ERROR_INVALID_DIMENSION,
                                      "no skip gives output dimension %zu = %zu from a padded span of %zu",
                                      (size_t)i, (size_t)out->dims[i], (size_t)span[i]);
            odims[i] = out->dims[i];
        } else {
            g->skip[i] = 1;
            odims[i] = span[i] + 1;
        }
    }
    if ((s = check_same_type(node, 7, out, in)) != VX_SUCCESS) return s;
    return check_out_dims(node, 7, out, in->num_dims, odims);
}

static vx_status VX_CALLBACK pool_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                           vx_meta_format metas[])
{
    vx_size odims[OVX_MAX_TENSOR_DIMS];
    pool_geom g;
    vx_status s;
    if (num != 8) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = pool_check(node, p, odims, &g)) != VX_SUCCESS) return s;
    return set_tensor_meta(metas[7], ((vx_tensor)p[0])->num_dims, odims, (vx_tensor)p[0]);
}

typedef struct {
    ovxc_tensor in, out;
    int type, is_max;
    pool_geom g;
    vx_uint8 *tmp;
    vx_size tmp_size;
    ovxc_nn_pool_max_row_f row;
    ovx_fn frow; /* float32: the max or average row variant */
} pool_job;

static void pool_range(void *arg, vx_size u0, vx_size u1, vx_uint32 task)
{
    pool_job *j = arg;
    if (j->type == OVXC_T_F32) {
        ovxc_nnf_pool_rows(&j->in, &j->out, j->is_max, 0, j->g.size, j->g.pad, j->g.skip, u0, u1,
                          (float *)(void *)(j->tmp + task * j->tmp_size), j->frow);
        return;
    }
    ovxc_nn_pool_rows(&j->in, &j->out, j->type, j->is_max, j->g.size, j->g.pad, j->g.skip, u0, u1,
                     j->tmp + task * j->tmp_size, j->row);
}

static vx_status VX_CALLBACK pool_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_size odims[OVX_MAX_TENSOR_DIMS], units;
    pool_job j;
    vx_tensor t = (vx_tensor)p[0];
    vx_uint32 tasks;
    vx_status s;
    if (num != 8) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = pool_check(node, p, odims, &j.g)) != VX_SUCCESS) return s;
    j.in = ovx_nn_view(t), j.out = ovx_nn_view((vx_tensor)p[7]);
    if (!j.in.ptr || !j.out.ptr) return VX_ERROR_NO_MEMORY;
    j.type = nn_type(t->data_type, t->fixed_point_position);
    j.is_max = j.g.type == VX_NN_POOLING_MAX;
    j.row = NULL, j.frow = NULL;
    if (ovx_node_variant(node) && j.type == OVXC_T_F32)
        j.frow = ovx_node_variant(node)->fn;
    else if (ovx_node_variant(node))
        j.row = (ovxc_nn_pool_max_row_f)ovx_node_variant(node)->fn;
    units = ovxc_nn_count_from(&j.out, 2) * j.out.dims[1];
    tasks = ovx_nn_tasks(node, units, (vx_uint64)ovxc_nn_count_from(&j.out, 0) * j.g.size[0] * j.g.size[1]);
    if (j.type == OVXC_T_F32)
        j.tmp_size = ALIGN64(ovxc_nnf_pool_tmp_floats(&j.out, j.g.size, j.g.skip) * sizeof(float));
    else
        j.tmp_size = ALIGN64(ovxc_nn_pool_tmp_size(&j.in, &j.out, j.g.size, j.g.pad, j.g.skip));
    j.tmp = ovx_node_scratch(node, j.tmp_size * tasks);
    if (!j.tmp) return VX_ERROR_NO_MEMORY;
    ovx_nn_parallel(tasks, units, pool_range, &j);
    return VX_SUCCESS;
}

/* ---- Softmax layer ------------------------------------------------------------ */

static vx_status same_shape_validate(vx_node node, const vx_reference p[], vx_uint32 out_index,
                                     vx_meta_format metas[])
{
    vx_tensor in = (vx_tensor)p[0], out = (vx_tensor)p[out_index];
    vx_status s;
    if ((s = check_input(node, 0, in, 1, OVX_MAX_TENSOR_DIMS)) != VX_SUCCESS) return s;
    if ((s = check_same_type(node, out_index, out, in)) != VX_SUCCESS) return s;
    if ((s = check_out_dims(node, out_index, out, in->num_dims, in->dims)) != VX_SUCCESS) return s;
    return set_tensor_meta(metas[out_index], in->num_dims, in->dims, in);
}

static vx_status VX_CALLBACK softmax_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                              vx_meta_format metas[])
{
    if (num != 2) return VX_ERROR_INVALID_PARAMETERS;
    return same_shape_validate(node, p, 1, metas);
}

typedef struct {
    ovxc_tensor in, out;
    int type, q;
    vx_size axis;
    double *e;
    const double *et;
    ovxc_nnf_softmax_rows_f frows; /* float32: the variant */
    ovxc_nn_softmax_row_f row;     /* integer: the table rows' variant */
} softmax_job;

static void softmax_range(void *arg, vx_size i0, vx_size i1, vx_uint32 task)
{
    softmax_job *j = arg;
    ovxc_nn_softmax_range(&j->in, &j->out, j->type, j->q, j->axis, i0, i1, j->e + task * j->in.dims[j->axis], j->et,
                          j->row);
}

static void softmaxf_range(void *arg, vx_size i0, vx_size i1, vx_uint32 task)
{
    softmax_job *j = arg;
    (void)task;
    j->frows(&j->in, &j->out, j->axis, i0, i1);
}

static vx_status VX_CALLBACK softmax_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_tensor t = (vx_tensor)p[0];
    softmax_job j;
    vx_size n, items;
    vx_uint32 tasks;
    if (num != 2) return VX_ERROR_INVALID_PARAMETERS;
    j.in = ovx_nn_view(t), j.out = ovx_nn_view((vx_tensor)p[1]);
    if (!j.in.ptr || !j.out.ptr) return VX_ERROR_NO_MEMORY;
    j.type = nn_type(t->data_type, t->fixed_point_position), j.q = t->fixed_point_position;
    /* 1 or 2 dims: the first dimension; 3 or more: the third ([W, H, classes, batch]) */
    j.axis = t->num_dims > 2 ? 2 : 0;
    n = j.in.dims[j.axis];
    items = ovxc_nn_count_from(&j.in, 0) / (n ? n : 1);
    tasks = ovx_nn_tasks(node, items, (vx_uint64)items * n * 16);
    if (j.type == OVXC_T_F32) {
        j.frows = ovx_node_variant(node) ? (ovxc_nnf_softmax_rows_f)ovx_node_variant(node)->fn : ovxc_nnf_softmax_rows;
        ovx_nn_parallel(tasks, items, softmaxf_range, &j);
        return VX_SUCCESS;
    }
    j.row = ovx_node_variant(node) ? (ovxc_nn_softmax_row_f)ovx_node_variant(node)->fn : NULL;
    {
        /* the node keeps the table of exponentials (8-bit always, 16-bit
         * when the elements outnumber a sixteenth of its entries) */
        const int table = j.type != OVXC_T_S16 || items * n >= 4096;
        const vx_size entries = j.type == OVXC_T_S16 ? 65536 : 256;
        const vx_size head = ALIGN64(sizeof(vx_uint32) * 3), tsize = table ? entries * sizeof(double) : 0;
        vx_uint8 *mem = ovx_nn_keyed_scratch(node, head + tsize + (n ? n : 1) * sizeof(double) * tasks);
        vx_uint32 key[3];
        if (!mem) return VX_ERROR_NO_MEMORY;
        key[0] = 0x4E4E534Du, key[1] = (vx_uint32)j.type, key[2] = (vx_uint32)j.q;
        j.et = table ? (const double *)(const void *)(mem + head) : NULL;
        if (table && memcmp(mem, key, sizeof(key)) != 0) {
            ovxc_nn_softmax_table(j.type, j.q, (double *)(void *)(mem + head));
            memcpy(mem, key, sizeof(key));
        }
        j.e = (double *)(void *)(mem + head + tsize);
    }
    ovx_nn_parallel(tasks, items, softmax_range, &j);
    return VX_SUCCESS;
}

/* ---- Activation layer --------------------------------------------------------- */

static vx_status act_check(vx_node node, const vx_reference p[], vx_enum *func, vx_float32 *a, vx_float32 *b)
{
    vx_status s;
    if ((s = get_scalar(node, 1, p[1], VX_TYPE_ENUM, func, "VX_TYPE_ENUM")) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 2, p[2], VX_TYPE_FLOAT32, a, "VX_TYPE_FLOAT32")) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 3, p[3], VX_TYPE_FLOAT32, b, "VX_TYPE_FLOAT32")) != VX_SUCCESS) return s;
    if (*func < VX_NN_ACTIVATION_LOGISTIC || *func > VX_NN_ACTIVATION_LINEAR)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "0x%x is not a vx_nn_activation_function_e",
                              (unsigned)*func);
    /* "must be positive": zero is what the functions without a or b get */
    if (!(*a >= 0.0f) || *a > 3.4e38f)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "a (%g) must not be negative", (double)*a);
    if (!(*b >= 0.0f) || *b > 3.4e38f)
        return ovx_kernel_log(node, 3, VX_ERROR_INVALID_VALUE, "b (%g) must not be negative", (double)*b);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK act_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    vx_enum func;
    vx_float32 a, b;
    vx_status s;
    if (num != 5) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = act_check(node, p, &func, &a, &b)) != VX_SUCCESS) return s;
    return same_shape_validate(node, p, 4, metas);
}

/* The node's table of the function over every raw value, kept while the
 * function, a, b and the type stay the same. */
typedef struct {
    vx_uint32 magic;
    vx_enum func;
    vx_float32 a, b;
    int type, q;
} act_cache;

typedef struct {
    ovxc_tensor in, out;
    int type, q;
    vx_enum func;
    vx_float32 a, b;
    const int16_t *lut;
} act_job;

static void act_range(void *arg, vx_size r0, vx_size r1, vx_uint32 task)
{
    act_job *j = arg;
    (void)task;
    ovxc_nn_activation_range(&j->in, &j->out, j->type, j->q, j->func, j->a, j->b, j->lut, r0, r1);
}

static void actf_range(void *arg, vx_size r0, vx_size r1, vx_uint32 task)
{
    act_job *j = arg;
    (void)task;
    ovxc_nnf_vx_activation_range(&j->in, &j->out, j->func, j->a, j->b, r0, r1);
}

static vx_status VX_CALLBACK act_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_tensor t = (vx_tensor)p[0];
    act_job j;
    vx_size rows, count;
    vx_status s;
    if (num != 5) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = act_check(node, p, &j.func, &j.a, &j.b)) != VX_SUCCESS) return s;
    j.in = ovx_nn_view(t), j.out = ovx_nn_view((vx_tensor)p[4]);
    if (!j.in.ptr || !j.out.ptr) return VX_ERROR_NO_MEMORY;
    j.type = nn_type(t->data_type, t->fixed_point_position), j.q = t->fixed_point_position;
    rows = ovxc_nn_count_from(&j.in, 1), count = rows * j.in.dims[0];
    if (j.type == OVXC_T_F32) {
        ovx_nn_parallel(ovx_nn_tasks(node, rows, (vx_uint64)count * 8), rows, actf_range, &j);
        return VX_SUCCESS;
    }
    j.lut = NULL;
    /* a table when it costs less than the elements: 8-bit always, 16-bit
     * from 4 x 65536 elements on (ReLU is exact without one) */
    if (j.func != VX_NN_ACTIVATION_RELU && (j.type != OVXC_T_S16 || count >= 4 * 65536)) {
        const vx_size entries = j.type == OVXC_T_S16 ? 65536 : 256;
        vx_uint8 *mem = ovx_nn_keyed_scratch(node, ALIGN64(sizeof(act_cache)) + entries * sizeof(int16_t));
        act_cache *c = (act_cache *)(void *)mem, want;
        if (mem) {
            memset(&want, 0, sizeof(want));
            want.magic = 0x4E4E4C54u, want.func = j.func, want.a = j.a, want.b = j.b, want.type = j.type;
            want.q = j.q;
            j.lut = (const int16_t *)(const void *)(mem + ALIGN64(sizeof(act_cache)));
            if (memcmp(c, &want, sizeof(want)) != 0) {
                ovxc_nn_activation_lut(j.type, j.q, j.func, j.a, j.b, (int16_t *)(void *)(mem + ALIGN64(sizeof(act_cache))));
                memcpy(c, &want, sizeof(want));
            }
        }
    }
    ovx_nn_parallel(ovx_nn_tasks(node, rows, (vx_uint64)count * (j.lut ? 1 : 16)), rows, act_range, &j);
    return VX_SUCCESS;
}

/* ---- (Local response) normalization layer --------------------------------------- */

/* LRN has a bias parameter (#5) that vxNormalizationLayer has not (bias 1). */
static vx_status norm_check(vx_node node, const vx_reference p[], vx_bool has_bias, vx_enum *type, vx_size *size,
                            vx_float32 v[3])
{
    vx_status s;
    vx_uint32 i;
    static const char *const names[3] = {"alpha", "beta", "bias"};
    if ((s = check_input(node, 0, (vx_tensor)p[0], 3, OVX_MAX_TENSOR_DIMS)) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 1, p[1], VX_TYPE_ENUM, type, "VX_TYPE_ENUM")) != VX_SUCCESS) return s;
    if ((s = get_scalar(node, 2, p[2], VX_TYPE_SIZE, size, "VX_TYPE_SIZE")) != VX_SUCCESS) return s;
    v[2] = 1.0f;
    for (i = 0; i < (has_bias ? 3u : 2u); i++)
        if ((s = get_scalar(node, 3 + i, p[3 + i], VX_TYPE_FLOAT32, &v[i], "VX_TYPE_FLOAT32")) != VX_SUCCESS) return s;
    if (*type != VX_NN_NORMALIZATION_SAME_MAP && *type != VX_NN_NORMALIZATION_ACROSS_MAPS)
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_VALUE, "0x%x is not a vx_nn_norm_type_e", (unsigned)*type);
    if (*size < 3 || *size > 7 || *size % 2 == 0)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "normalization size %zu must be odd, 3 to 7",
                              (size_t)*size);
    for (i = 0; i < 3; i++)
        if (!(v[i] > 0.0f) || v[i] > 3.4e38f)
            return ovx_kernel_log(node, 3 + i, VX_ERROR_INVALID_VALUE, "%s (%g) must be positive", names[i],
                                  (double)v[i]);
    return VX_SUCCESS;
}

static vx_status norm_validate_common(vx_node node, const vx_reference p[], vx_bool has_bias, vx_uint32 out_index,
                                      vx_meta_format metas[])
{
    vx_enum type;
    vx_size size;
    vx_float32 v[3];
    vx_status s;
    if ((s = norm_check(node, p, has_bias, &type, &size, v)) != VX_SUCCESS) return s;
    return same_shape_validate(node, p, out_index, metas);
}

typedef struct {
    ovxc_tensor in, out;
    int type, q, across;
    vx_size size;
    vx_float32 v[3];
} norm_job;

/* Across maps: rows [i0, i1) of every map (a pixel's sum reads its own
 * column of maps); same map: maps [i0, i1) (a map reads only itself). */
static void norm_range(void *arg, vx_size i0, vx_size i1, vx_uint32 task)
{
    norm_job *j = arg;
    ovxc_tensor in = j->in, out = j->out;
    const vx_size d = j->across ? 1 : 2;
    (void)task;
    in.ptr += i0 * in.strides[d], out.ptr += i0 * out.strides[d];
    in.dims[d] = out.dims[d] = i1 - i0;
    ovxc_nn_lrn(&in, &out, j->type, j->q, j->across, j->size, j->v[0], j->v[1], j->v[2]);
}

static vx_status norm_function_common(vx_node node, const vx_reference *p, vx_bool has_bias, vx_uint32 out_index)
{
    vx_tensor t = (vx_tensor)p[0];
    norm_job j;
    vx_enum type;
    vx_size n;
    vx_status s;
    if ((s = norm_check(node, p, has_bias, &type, &j.size, j.v)) != VX_SUCCESS) return s;
    j.in = ovx_nn_view(t), j.out = ovx_nn_view((vx_tensor)p[out_index]);
    if (!j.in.ptr || !j.out.ptr) return VX_ERROR_NO_MEMORY;
    j.type = nn_type(t->data_type, t->fixed_point_position), j.q = t->fixed_point_position;
    j.across = type == VX_NN_NORMALIZATION_ACROSS_MAPS;
    if (j.type == OVXC_T_F32) {
        ovxc_nnf_vx_lrn(&j.in, &j.out, j.across, j.size, j.v[0], j.v[1], j.v[2]);
        return VX_SUCCESS;
    }
    n = j.in.dims[j.across ? 1 : 2];
    ovx_nn_parallel(ovx_nn_tasks(node, n, (vx_uint64)ovxc_nn_count_from(&j.in, 0) * j.size * 8), n, norm_range, &j);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK lrn_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    if (num != 7) return VX_ERROR_INVALID_PARAMETERS;
    return norm_validate_common(node, p, vx_true_e, 6, metas);
}

static vx_status VX_CALLBACK lrn_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    if (num != 7) return VX_ERROR_INVALID_PARAMETERS;
    return norm_function_common(node, p, vx_true_e, 6);
}

static vx_status VX_CALLBACK norm_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                           vx_meta_format metas[])
{
    if (num != 6) return VX_ERROR_INVALID_PARAMETERS;
    return norm_validate_common(node, p, vx_false_e, 5, metas);
}

static vx_status VX_CALLBACK norm_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    if (num != 6) return VX_ERROR_INVALID_PARAMETERS;
    return norm_function_common(node, p, vx_false_e, 5);
}

/* ---- ROI pooling layer ------------------------------------------------------------ */

static vx_status roi_check(vx_node node, const vx_reference p[], vx_size odims[OVX_MAX_TENSOR_DIMS], vx_size *nd)
{
    vx_tensor in = (vx_tensor)p[0], rois = (vx_tensor)p[1], out = (vx_tensor)p[3];
    const vx_nn_roi_pool_params_t *rp;
    vx_status s;
    if ((s = check_input(node, 0, in, 3, 4)) != VX_SUCCESS) return s;
    if ((s = check_same_type(node, 1, rois, in)) != VX_SUCCESS) return s;
    if (rois->num_dims != in->num_dims - 1 || rois->dims[0] != 4 ||
        (in->num_dims == 4 && rois->dims[2] != in->dims[3]))
        return ovx_kernel_log(node, 1, VX_ERROR_INVALID_DIMENSION,
                              "rois must be [4, roi_count] (or [4, roi_count, #batches] with the input's batches)");
    rp = struct_of(node, 2, p[2], VX_TYPE_NN_ROI_POOL_PARAMS, sizeof(*rp), "vx_nn_roi_pool_params_t", &s);
    if (!rp) return s;
    if (rp->pool_type != VX_NN_POOLING_MAX)
        return ovx_kernel_log(node, 2, VX_ERROR_INVALID_VALUE, "only VX_NN_POOLING_MAX is supported, got 0x%x",
                              (unsigned)rp->pool_type);
    if ((s = check_same_type(node, 3, out, in)) != VX_SUCCESS) return s;
    *nd = in->num_dims + 1;
    if (out->num_dims != *nd || out->dims[0] == 0 || out->dims[1] == 0)
        return ovx_kernel_log(node, 3, VX_ERROR_INVALID_DIMENSION,
                              "must be [pooled_width, pooled_height, #IFM, roi_count%s] with the pooled size given",
                              in->num_dims == 4 ? ", #batches" : "");
    odims[0] = out->dims[0];
    odims[1] = out->dims[1];
    odims[2] = in->dims[2];
    odims[3] = rois->dims[1];
    if (in->num_dims == 4) odims[4] = in->dims[3];
    return check_out_dims(node, 3, out, *nd, odims);
}

static vx_status VX_CALLBACK roi_validate(vx_node node, const vx_reference p[], vx_uint32 num,
                                          vx_meta_format metas[])
{
    vx_size odims[OVX_MAX_TENSOR_DIMS], nd = 0;
    vx_status s;
    if (num != 4) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = roi_check(node, p, odims, &nd)) != VX_SUCCESS) return s;
    return set_tensor_meta(metas[3], nd, odims, (vx_tensor)p[0]);
}

typedef struct {
    ovxc_tensor in, rois, out;
    int type;
} roi_job;

/* Regions [i0, i1) of every batch. */
static void roi_range(void *arg, vx_size i0, vx_size i1, vx_uint32 task)
{
    roi_job *j = arg;
    ovxc_tensor rois = j->rois, out = j->out;
    (void)task;
    rois.ptr += i0 * rois.strides[1], out.ptr += i0 * out.strides[3];
    rois.dims[1] = out.dims[3] = i1 - i0;
    ovxc_nn_roi_pooling(&j->in, &rois, &out, j->type);
}

static vx_status VX_CALLBACK roi_function(vx_node node, const vx_reference *p, vx_uint32 num)
{
    vx_size odims[OVX_MAX_TENSOR_DIMS], nd = 0, nr;
    vx_tensor t = (vx_tensor)p[0];
    roi_job j;
    vx_status s;
    if (num != 4) return VX_ERROR_INVALID_PARAMETERS;
    if ((s = roi_check(node, p, odims, &nd)) != VX_SUCCESS) return s;
    j.in = ovx_nn_view(t), j.rois = ovx_nn_view((vx_tensor)p[1]), j.out = ovx_nn_view((vx_tensor)p[3]);
    if (!j.in.ptr || !j.rois.ptr || !j.out.ptr) return VX_ERROR_NO_MEMORY;
    j.type = nn_type(t->data_type, t->fixed_point_position);
    nr = j.out.dims[3];
    ovx_nn_parallel(ovx_nn_tasks(node, nr, (vx_uint64)ovxc_nn_count_from(&j.in, 0) * nr), nr, roi_range, &j);
    return VX_SUCCESS;
}

/* The packed convolution core's variant (convolution, deconvolution) and the
 * fully connected dot products' (compute/nn_gemm.h). */
static vx_bool is_f32(const vx_reference r)
{
    const vx_tensor t = (vx_tensor)r;
    return t && nn_type(t->data_type, t->fixed_point_position) == OVXC_T_F32;
}

static const ovx_variant *select_conv(vx_node node, const vx_reference p[])
{
    (void)node;
    return ovx_variant_pick(is_f32(p[0]) ? ovxc_nnf_conv_variants() : ovxc_nn_conv_variants());
}

static const ovx_variant *select_fc(vx_node node, const vx_reference p[])
{
    (void)node;
    return ovx_variant_pick(is_f32(p[0]) ? ovxc_nnf_fc_variants() : ovxc_nn_fc_variants());
}

/* Pooling's row variant: max (integer or float32) or float32 average (the
 * integer average has none: NULL, "scalar"). */
static const ovx_variant *select_pool(vx_node node, const vx_reference p[])
{
    vx_enum type = 0;
    (void)node;
    if (!p[1] || ovx_scalar_get((vx_scalar)p[1], VX_TYPE_ENUM, &type) != VX_SUCCESS)
        return NULL;
    if (type != VX_NN_POOLING_MAX)
        return is_f32(p[0]) ? ovx_variant_pick(ovxc_nnf_pool_avg_variants()) : NULL;
    return ovx_variant_pick(is_f32(p[0]) ? ovxc_nnf_pool_variants() : ovxc_nn_pool_variants());
}

/* Softmax's variant: float32 rows, or the integer table rows. */
static const ovx_variant *select_softmax(vx_node node, const vx_reference p[])
{
    (void)node;
    return ovx_variant_pick(is_f32(p[0]) ? ovxc_nnf_softmax_variants() : ovxc_nn_softmax_variants());
}

/* This file's kernel descriptors (ovx_kernel_desc naming the functions above), family table and
 * SIMD select table: generated from pyopenvx/_kernel_table.py by tools/gen_kernels.py. */
#define OVX_KERNEL_FILE_NN
#include "kernel_descs.h"
