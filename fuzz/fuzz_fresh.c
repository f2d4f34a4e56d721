/*
 * api_fuzz: a node of any kernel on fresh, mutually consistent objects.
 *
 * Random pool objects rarely pass a kernel's validator; here every parameter
 * gets a new object of the kernel's parameter type, sized from one W x H
 * (with the usual formats and enums), so many kernels verify and run, and
 * their validators and compute routines see odd but valid sizes (1x1, 1xN,
 * odd widths).  The objects join the pool for everything that follows.
 */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

static vx_df_image img_format(void)
{
    static const vx_df_image f[] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8, VX_DF_IMAGE_S16,
                                    VX_DF_IMAGE_U16, VX_DF_IMAGE_RGB, VX_DF_IMAGE_RGBX, VX_DF_IMAGE_U32,
                                    VX_DF_IMAGE_S32, VX_DF_IMAGE_IYUV, VX_DF_IMAGE_NV12, VX_DF_IMAGE_YUYV,
                                    VX_DF_IMAGE_U1};
    return f[fz_below(sizeof(f) / sizeof(f[0]))];
}

static vx_reference fresh_scalar(vx_context ctx)
{
    static const vx_enum enums[] = {VX_CONVERT_POLICY_SATURATE, VX_CONVERT_POLICY_WRAP,
                                    VX_INTERPOLATION_NEAREST_NEIGHBOR, VX_INTERPOLATION_BILINEAR,
                                    VX_INTERPOLATION_AREA, VX_NORM_L1, VX_NORM_L2, VX_ROUND_POLICY_TO_ZERO,
                                    VX_ROUND_POLICY_TO_NEAREST_EVEN, VX_NONLINEAR_FILTER_MEDIAN,
                                    VX_NONLINEAR_FILTER_MIN, VX_NONLINEAR_FILTER_MAX, VX_CHANNEL_0, VX_CHANNEL_1,
                                    VX_CHANNEL_R, VX_CHANNEL_Y, VX_LBP, VX_MLBP, VX_ULBP, VX_BORDER_CONSTANT,
                                    VX_TERM_CRITERIA_BOTH, VX_TERM_CRITERIA_ITERATIONS, VX_COMPARE_L2,
                                    VX_NN_ACTIVATION_RELU, VX_NN_POOLING_MAX, VX_NN_POOLING_AVG};
    union {
        vx_float32 f;
        vx_int32 i;
        vx_uint32 u;
        vx_enum e;
        vx_size z;
        vx_bool b;
        vx_uint8 u8;
        vx_int16 s16;
    } v;
    vx_enum t;
    memset(&v, 0, sizeof(v));
    switch (fz_below(9)) {
    case 0: case 1: t = VX_TYPE_ENUM; v.e = enums[fz_below(sizeof(enums) / sizeof(enums[0]))]; break;
    case 2: case 3: t = VX_TYPE_FLOAT32; v.f = (vx_float32)fz_below(64) / 8.0f; break;
    case 4: t = VX_TYPE_INT32; v.i = (vx_int32)fz_below(16); break;
    case 5: t = VX_TYPE_UINT32; v.u = fz_below(16); break;
    case 6: t = VX_TYPE_SIZE; v.z = fz_below(16); break;
    case 7: t = VX_TYPE_BOOL; v.b = fz_chance(50) ? vx_true_e : vx_false_e; break;
    default: t = fz_chance(50) ? VX_TYPE_UINT8 : VX_TYPE_INT16; v.s16 = (vx_int16)fz_below(8); break;
    }
    return (vx_reference)vxCreateScalar(ctx, t, &v);
}

static vx_reference fresh(vx_context ctx, vx_graph g, vx_enum type, vx_uint32 w, vx_uint32 h, vx_enum dir)
{
    switch (type) {
    case VX_TYPE_IMAGE:
        if (dir != VX_INPUT && fz_chance(30)) return (vx_reference)vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
        return (vx_reference)vxCreateImage(ctx, fz_chance(85) ? w : w / 2 + 1, fz_chance(85) ? h : h / 2 + 1,
                                           fz_chance(60) ? VX_DF_IMAGE_U8 : img_format());
    case VX_TYPE_SCALAR: return fresh_scalar(ctx);
    case VX_TYPE_ARRAY: {
        static const vx_enum t[] = {VX_TYPE_KEYPOINT, VX_TYPE_COORDINATES2D, VX_TYPE_RECTANGLE, VX_TYPE_UINT8,
                                    VX_TYPE_FLOAT32, VX_TYPE_LINE_2D, VX_TYPE_COORDINATES2DF, VX_TYPE_INT16};
        vx_array a = vxCreateArray(ctx, t[fz_below(8)], 1 + fz_below(200));
        if (dir == VX_INPUT && vxGetStatus((vx_reference)a) == VX_SUCCESS) {
            /* a few items of whatever the array holds: zeros and small values */
            unsigned char items[64 * 8];
            vx_size n = fz_below(8), i;
            for (i = 0; i < sizeof(items); i++) items[i] = (unsigned char)fz_below(16);
            vxAddArrayItems(a, n, items, 64); /* 64 >= any item here: an honest stride */
        }
        return (vx_reference)a;
    }
    case VX_TYPE_LUT: return (vx_reference)vxCreateLUT(ctx, fz_chance(80) ? VX_TYPE_UINT8 : VX_TYPE_INT16,
                                                      fz_chance(80) ? 256 : 65536);
    case VX_TYPE_DISTRIBUTION: return (vx_reference)vxCreateDistribution(ctx, 1 + fz_below(64), 0, 256);
    case VX_TYPE_THRESHOLD:
        return (vx_reference)vxCreateThresholdForImage(
            ctx, fz_chance(50) ? VX_THRESHOLD_TYPE_BINARY : VX_THRESHOLD_TYPE_RANGE,
            fz_chance(80) ? VX_DF_IMAGE_U8 : VX_DF_IMAGE_S16, VX_DF_IMAGE_U8);
    case VX_TYPE_MATRIX: {
        vx_size c = fz_chance(50) ? 2 : 3, r = 3;
        vx_matrix m = vxCreateMatrix(ctx, fz_chance(80) ? VX_TYPE_FLOAT32 : VX_TYPE_UINT8, c, r);
        vx_float32 v[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        if (fz_chance(30)) v[fz_below(9)] = (vx_float32)fz_below(5) - 2.0f;
        vxCopyMatrix(m, v, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST); /* refused for UINT8: fine */
        return (vx_reference)m;
    }
    case VX_TYPE_CONVOLUTION: return (vx_reference)vxCreateConvolution(ctx, 1 + 2 * fz_below(4), 1 + 2 * fz_below(4));
    case VX_TYPE_REMAP: {
        vx_remap r = vxCreateRemap(ctx, w, h, w, h);
        vx_rectangle_t rect = {0, 0, w, h};
        vx_size n = (vx_size)w * h, i;
        vx_coordinates2df_t *pts = malloc(n * sizeof(*pts));
        if (pts) {
            for (i = 0; i < n; i++) {
                pts[i].x = (vx_float32)(i % w) + (vx_float32)fz_below(3) - 1.0f;
                pts[i].y = (vx_float32)(i / w);
            }
            vxCopyRemapPatch(r, &rect, w * sizeof(*pts), pts, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY,
                             VX_MEMORY_TYPE_HOST);
            free(pts);
        }
        return (vx_reference)r;
    }
    case VX_TYPE_PYRAMID:
        if (dir != VX_INPUT && fz_chance(30))
            return (vx_reference)vxCreateVirtualPyramid(g, 1 + fz_below(4), VX_SCALE_PYRAMID_HALF, 0, 0,
                                                        VX_DF_IMAGE_VIRT);
        return (vx_reference)vxCreatePyramid(ctx, 1 + fz_below(4), fz_chance(80) ? VX_SCALE_PYRAMID_HALF : VX_SCALE_PYRAMID_ORB,
                                             w, h, fz_chance(80) ? VX_DF_IMAGE_U8 : VX_DF_IMAGE_S16);
    case VX_TYPE_TENSOR: {
        vx_size dims[4] = {w, h, 1 + fz_below(3), 1};
        static const vx_enum t[] = {VX_TYPE_INT16, VX_TYPE_UINT8, VX_TYPE_INT8, VX_TYPE_FLOAT32};
        return (vx_reference)vxCreateTensor(ctx, 1 + fz_below(4), dims, t[fz_below(4)], (vx_int8)(fz_chance(50) ? 8 : 0));
    }
    case VX_TYPE_OBJECT_ARRAY: {
        vx_image ex = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
        vx_object_array a = vxCreateObjectArray(ctx, (vx_reference)ex, 1 + fz_below(3));
        vxReleaseImage(&ex);
        return (vx_reference)a;
    }
    case VX_TYPE_USER_DATA_OBJECT: return (vx_reference)vxCreateUserDataObject(ctx, "fz", 1 + fz_below(64), NULL);
    default: return NULL;
    }
}

void fz_op_fresh(void)
{
    int c = fz_ctx_index(), gs;
    vx_context ctx = FZ->ctx[c];
    vx_uint32 w, h, np = 0, i;
    vx_graph g;
    vx_kernel k;
    vx_node n;
    vx_status s;
    if (!FZ->ctx_live[c] || !FZ->nkernels[c]) return;
    w = fz_chance(10) ? 1 + fz_below(3) : 2 * (1 + fz_below(20)) + fz_below(2);
    h = fz_chance(10) ? 1 + fz_below(3) : 2 * (1 + fz_below(20)) + fz_below(2);
    k = vxGetKernelByEnum(ctx, FZ->ktable[c][fz_below(FZ->nkernels[c])].enumeration);
    FZ_CALL;
    if (vxGetStatus((vx_reference)k) != VX_SUCCESS) return;
    fz_add((vx_reference)k, VX_TYPE_KERNEL, c, -1, -1, -1);
    g = vxCreateGraph(ctx);
    FZ_CALL;
    gs = fz_add((vx_reference)g, VX_TYPE_GRAPH, c, -1, -1, -1);
    if (gs < 0) return;
    n = vxCreateGenericNode(g, k);
    FZ_CALL;
    if (vxGetStatus((vx_reference)n) != VX_SUCCESS) return;
    fz_add((vx_reference)n, VX_TYPE_NODE, c, gs, -1, -1);
    FZ->slot[gs].nodes++;
    vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, sizeof(np));
    FZ_CALL;
    for (i = 0; i < np; i++) {
        vx_parameter p = vxGetKernelParameterByIndex(k, i);
        vx_enum t = VX_TYPE_REFERENCE, dir = VX_INPUT, state = VX_PARAMETER_STATE_REQUIRED;
        vx_reference r;
        vxQueryParameter(p, VX_PARAMETER_TYPE, &t, sizeof(t));
        vxQueryParameter(p, VX_PARAMETER_DIRECTION, &dir, sizeof(dir));
        vxQueryParameter(p, VX_PARAMETER_STATE, &state, sizeof(state));
        vxReleaseParameter(&p);
        FZ->calls += 5;
        if (state == VX_PARAMETER_STATE_OPTIONAL && fz_chance(40)) continue;
        r = fresh(ctx, g, t, w, h, dir);
        FZ_CALL;
        if (!r) continue;
        if (vxGetStatus(r) != VX_SUCCESS) continue;
        /* a virtual one belongs to the graph (avoid-known bookkeeping) */
        fz_add(r, t, c, (t == VX_TYPE_IMAGE || t == VX_TYPE_PYRAMID) && dir != VX_INPUT ? gs : -1, -1, -1);
        s = vxSetParameterByIndex(n, i, r);
        FZ_CALL;
        fz_status_sane("vxSetParameterByIndex", s);
    }
    if (fz_chance(20)) {
        vx_border_t b;
        memset(&b, 0, sizeof(b));
        b.mode = fz_chance(50) ? VX_BORDER_REPLICATE : VX_BORDER_CONSTANT;
        b.constant_value.U8 = (vx_uint8)fz_below(256);
        s = vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b));
        FZ_CALL;
        fz_status_sane("vxSetNodeAttribute", s);
    }
    s = fz_chance(85) ? vxProcessGraph(g) : vxVerifyGraph(g);
    FZ_CALL;
    fz_check("fresh graph", FZ_GOOD, s);
    if (s == VX_SUCCESS && fz_chance(50)) {
        s = vxProcessGraph(g); /* again: buffers reused, delays, valid regions */
        FZ_CALL;
        fz_check("fresh graph", FZ_GOOD, s);
    }
}
