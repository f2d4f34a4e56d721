/*
 * api_fuzz: queries, sets, nodes, graphs, containers, releases, export/import.
 */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const vx_enum object_types[] = {
    VX_TYPE_CONTEXT, VX_TYPE_GRAPH, VX_TYPE_NODE, VX_TYPE_KERNEL, VX_TYPE_PARAMETER, VX_TYPE_DELAY,
    VX_TYPE_LUT, VX_TYPE_DISTRIBUTION, VX_TYPE_PYRAMID, VX_TYPE_THRESHOLD, VX_TYPE_MATRIX,
    VX_TYPE_CONVOLUTION, VX_TYPE_SCALAR, VX_TYPE_ARRAY, VX_TYPE_IMAGE, VX_TYPE_REMAP,
    VX_TYPE_OBJECT_ARRAY, VX_TYPE_TENSOR, VX_TYPE_USER_DATA_OBJECT, VX_TYPE_IMPORT, VX_TYPE_REFERENCE};
#define NOBJTYPES ((uint32_t)(sizeof(object_types) / sizeof(object_types[0])))

static vx_enum any_object_type(void)
{
    return object_types[fz_below(NOBJTYPES)];
}

static unsigned char qbuf[65536]; /* every query/set size the fuzzer claims fits */

static vx_size attr_size(void)
{
    static const vx_size s[] = {0, 1, 2, 4, 4, 4, 8, 8, 8, 12, 16, 16, 24, 32, 40, 48, 64, 128, 256, 1024, 4096};
    uint32_t r = fz_below(100);
    if (r < 2) return sizeof(qbuf) + 1 + fz_below(16); /* claimed larger than it is: only with a NULL ptr */
    if (r < 40) return 4;
    if (r < 60) return 8;
    return s[fz_below(sizeof(s) / sizeof(s[0]))];
}

static vx_enum attribute_for(vx_enum type)
{
    uint32_t r = fz_below(100);
    if (r < 75) return VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, type) + (vx_enum)fz_below(fz_chance(80) ? 12 : 24);
    if (r < 82) return (vx_enum)((0xFFFu << 20) | ((vx_uint32)type << 8)) + (vx_enum)fz_below(6); /* VX_ID_DEFAULT */
    if (r < 92) return VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, any_object_type()) + (vx_enum)fz_below(24);
    return (vx_enum)fz_rand();
}

static vx_status query(vx_enum type, vx_reference r, vx_enum a, void *p, vx_size n)
{
    switch (type) {
    case VX_TYPE_CONTEXT: return vxQueryContext((vx_context)r, a, p, n);
    case VX_TYPE_GRAPH: return vxQueryGraph((vx_graph)r, a, p, n);
    case VX_TYPE_NODE: return vxQueryNode((vx_node)r, a, p, n);
    case VX_TYPE_KERNEL: return vxQueryKernel((vx_kernel)r, a, p, n);
    case VX_TYPE_PARAMETER: return vxQueryParameter((vx_parameter)r, a, p, n);
    case VX_TYPE_DELAY: return vxQueryDelay((vx_delay)r, a, p, n);
    case VX_TYPE_LUT: return vxQueryLUT((vx_lut)r, a, p, n);
    case VX_TYPE_DISTRIBUTION: return vxQueryDistribution((vx_distribution)r, a, p, n);
    case VX_TYPE_PYRAMID: return vxQueryPyramid((vx_pyramid)r, a, p, n);
    case VX_TYPE_THRESHOLD: return vxQueryThreshold((vx_threshold)r, a, p, n);
    case VX_TYPE_MATRIX: return vxQueryMatrix((vx_matrix)r, a, p, n);
    case VX_TYPE_CONVOLUTION: return vxQueryConvolution((vx_convolution)r, a, p, n);
    case VX_TYPE_SCALAR: return vxQueryScalar((vx_scalar)r, a, p, n);
    case VX_TYPE_ARRAY: return vxQueryArray((vx_array)r, a, p, n);
    case VX_TYPE_IMAGE: return vxQueryImage((vx_image)r, a, p, n);
    case VX_TYPE_REMAP: return vxQueryRemap((vx_remap)r, a, p, n);
    case VX_TYPE_OBJECT_ARRAY: return vxQueryObjectArray((vx_object_array)r, a, p, n);
    case VX_TYPE_TENSOR: return vxQueryTensor((vx_tensor)r, a, p, n);
    case VX_TYPE_USER_DATA_OBJECT: return vxQueryUserDataObject((vx_user_data_object)r, a, p, n);
    default: return vxQueryReference(r, a, p, n);
    }
}

void fz_op_query(void)
{
    vx_enum type = any_object_type();
    int kind;
    vx_reference r = type == VX_TYPE_CONTEXT ? (vx_reference)fz_pick_ctx(&kind) : fz_pick(type, &kind);
    vx_enum a = attribute_for(type == VX_TYPE_IMPORT ? VX_TYPE_REFERENCE : type);
    vx_size n = attr_size();
    void *p = (n > sizeof(qbuf) || fz_chance(3)) ? NULL : qbuf;
    vx_status s;
    if (type == VX_TYPE_REFERENCE || type == VX_TYPE_IMPORT) {
        if (kind == FZ_WRONG) kind = FZ_MAYBE; /* any reference is a reference */
        type = VX_TYPE_REFERENCE;
    }
    s = query(type, r, a, p, n);
    FZ_CALL;
    fz_check("vxQuery*", kind, s);
    if (s == VX_SUCCESS && p == NULL) {
        fprintf(stderr, "VIOLATION seed %llu call %llu: a query of 0x%x wrote into NULL (VX_SUCCESS)\n",
                (unsigned long long)FZ->seed, (unsigned long long)FZ->calls, (unsigned)a);
        FZ->violations++;
    }
}

void fz_op_set(void)
{
    static const vx_enum settable[] = {VX_TYPE_CONTEXT, VX_TYPE_GRAPH, VX_TYPE_NODE, VX_TYPE_KERNEL,
                                       VX_TYPE_IMAGE, VX_TYPE_THRESHOLD, VX_TYPE_CONVOLUTION,
                                       VX_TYPE_USER_DATA_OBJECT};
    vx_enum type = settable[fz_below(sizeof(settable) / sizeof(settable[0]))];
    int kind;
    vx_reference r = type == VX_TYPE_CONTEXT ? (vx_reference)fz_pick_ctx(&kind) : fz_pick(type, &kind);
    vx_enum a = attribute_for(type);
    vx_size n = attr_size(), i;
    void *p = (n > sizeof(qbuf) || fz_chance(3)) ? NULL : qbuf;
    vx_status s;
    /* small values mostly: they reach deeper than random bytes */
    for (i = 0; i < 256; i += 4) {
        vx_uint32 v = fz_chance(60) ? fz_below(4) : fz_chance(50) ? fz_u32() : (vx_uint32)fz_rand();
        memcpy(qbuf + i, &v, 4);
    }
    if (a == VX_NODE_LOCAL_DATA_PTR) return; /* a pointer the library would keep: ours to make honest */
    if (a == VX_CONTEXT_OVX_THREADS && n == sizeof(vx_uint32) && p) {
        vx_uint32 t = fz_below(4);
        memcpy(qbuf, &t, sizeof(t));
    }
    switch (type) {
    case VX_TYPE_CONTEXT: s = vxSetContextAttribute((vx_context)r, a, p, n); break;
    case VX_TYPE_GRAPH: s = vxSetGraphAttribute((vx_graph)r, a, p, n); break;
    case VX_TYPE_NODE: s = vxSetNodeAttribute((vx_node)r, a, p, n); break;
    case VX_TYPE_KERNEL: s = vxSetKernelAttribute((vx_kernel)r, a, p, n); break;
    case VX_TYPE_IMAGE: s = vxSetImageAttribute((vx_image)r, a, p, n); break;
    case VX_TYPE_THRESHOLD: s = vxSetThresholdAttribute((vx_threshold)r, a, p, n); break;
    case VX_TYPE_CONVOLUTION: s = vxSetConvolutionAttribute((vx_convolution)r, a, p, n); break;
    default: s = vxSetUserDataObjectAttribute((vx_user_data_object)r, a, p, n); break;
    }
    FZ_CALL;
    fz_check("vxSet*Attribute", kind, s);
}

/* ---- nodes --------------------------------------------------------------- */
static int graph_pick(vx_graph *g, int *kind)
{
    *g = (vx_graph)fz_pick(VX_TYPE_GRAPH, kind);
    return *kind == FZ_GOOD ? fz_slot_of((vx_reference)*g) : -1;
}

/* a parameter value: mostly an object of the type wanted, from the graph's context */
static vx_reference param_value(vx_enum type, int ctx)
{
    int k, tries;
    vx_reference r;
    if (fz_chance(80) && type != VX_TYPE_REFERENCE) {
        for (tries = 0; tries < 4; tries++) {
            int i = fz_pick_slot(type, 1);
            if (i < 0) break;
            if (FZ->slot[i].ctx == ctx || fz_chance(10)) return FZ->slot[i].ref;
        }
    }
    if (fz_chance(50)) {
        int i = fz_pick_slot(VX_TYPE_REFERENCE, 1);
        if (i >= 0) return FZ->slot[i].ref;
    }
    r = fz_pick(type, &k);
    return r;
}

static void add_node(vx_node n, int gs, int kind, const char *fn)
{
    FZ_CALL;
    fz_check_obj(fn, kind, (vx_reference)n);
    if (n && vxGetStatus((vx_reference)n) == VX_SUCCESS) {
        int i = fz_add((vx_reference)n, VX_TYPE_NODE, gs >= 0 ? FZ->slot[gs].ctx : fz_ctx_of((vx_reference)n), gs,
                       -1, -1);
        if (gs >= 0) FZ->slot[gs].nodes++;
        (void)i;
    }
}

static void generic_node(void)
{
    int kind, gs, c, kk = FZ_GOOD;
    vx_graph g;
    vx_kernel k = NULL;
    vx_node n;
    vx_uint32 np = 0, i;
    gs = graph_pick(&g, &kind);
    c = gs >= 0 ? FZ->slot[gs].ctx : fz_ctx_index();
    if (gs >= 0 && FZ->slot[gs].nodes > 24) return; /* keep graphs small enough to run often */
    if (fz_chance(15)) {
        k = (vx_kernel)fz_pick(VX_TYPE_KERNEL, &kk);
    } else if (FZ->nkernels[c] && FZ->ctx_live[c]) {
        k = vxGetKernelByEnum(FZ->ctx[c], FZ->ktable[c][fz_below(FZ->nkernels[c])].enumeration);
        FZ_CALL;
        if (vxGetStatus((vx_reference)k) != VX_SUCCESS) return;
        fz_add((vx_reference)k, VX_TYPE_KERNEL, c, -1, -1, -1);
    }
    n = vxCreateGenericNode(g, k);
    FZ_CALL;
    fz_check_obj("vxCreateGenericNode", fz_bad_kind(kind) ? kind : kk, (vx_reference)n);
    if (vxGetStatus((vx_reference)n) != VX_SUCCESS) return;
    vxQueryKernel(k, VX_KERNEL_PARAMETERS, &np, sizeof(np));
    FZ_CALL;
    for (i = 0; i < np + (fz_chance(5) ? 2 : 0); i++) {
        vx_parameter p = vxGetKernelParameterByIndex(k, i);
        vx_enum t = VX_TYPE_REFERENCE;
        vx_status s;
        FZ_CALL;
        if (vxGetStatus((vx_reference)p) == VX_SUCCESS) {
            vxQueryParameter(p, VX_PARAMETER_TYPE, &t, sizeof(t));
            vxReleaseParameter(&p);
            FZ->calls += 2;
        }
        if (fz_chance(6)) continue; /* left unset: verify must say so */
        s = vxSetParameterByIndex(n, i, param_value(t, c));
        FZ_CALL;
        fz_status_sane("vxSetParameterByIndex", s);
    }
    add_node(n, gs, FZ_GOOD, "vxCreateGenericNode");
}

static vx_reference pk(vx_enum t, int *worst)
{
    int k;
    vx_reference r = fz_chance(85) ? param_value(t, 0) : fz_pick(t, &k);
    (void)worst;
    return r;
}

static void typed_node(void)
{
    int kind, gs, w = 0;
    vx_graph g;
    vx_node n = NULL;
    const char *fn = "vx*Node";
    gs = graph_pick(&g, &kind);
    if (gs >= 0 && FZ->slot[gs].nodes > 24) return;
    switch (fz_below(18)) {
    case 0: n = vxNotNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxNotNode"; break;
    case 1: n = vxAddNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_image)pk(VX_TYPE_IMAGE, &w),
                          fz_chance(50) ? VX_CONVERT_POLICY_SATURATE : VX_CONVERT_POLICY_WRAP,
                          (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxAddNode"; break;
    case 2: n = vxBox3x3Node(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxBox3x3Node"; break;
    case 3: n = vxColorConvertNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxColorConvertNode"; break;
    case 4: n = vxChannelExtractNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), VX_CHANNEL_R + (vx_enum)fz_below(8),
                                     (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxChannelExtractNode"; break;
    case 5: n = vxScaleImageNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_image)pk(VX_TYPE_IMAGE, &w),
                                 VX_INTERPOLATION_NEAREST_NEIGHBOR + (vx_enum)fz_below(4)); fn = "vxScaleImageNode"; break;
    case 6: n = vxThresholdNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_threshold)pk(VX_TYPE_THRESHOLD, &w),
                                (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxThresholdNode"; break;
    case 7: n = vxTableLookupNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_lut)pk(VX_TYPE_LUT, &w),
                                  (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxTableLookupNode"; break;
    case 8: n = vxHistogramNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_distribution)pk(VX_TYPE_DISTRIBUTION, &w)); fn = "vxHistogramNode"; break;
    case 9: n = vxWarpAffineNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_matrix)pk(VX_TYPE_MATRIX, &w),
                                 VX_INTERPOLATION_NEAREST_NEIGHBOR + (vx_enum)fz_below(3), (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxWarpAffineNode"; break;
    case 10: n = vxRemapNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_remap)pk(VX_TYPE_REMAP, &w),
                             VX_INTERPOLATION_NEAREST_NEIGHBOR + (vx_enum)fz_below(2), (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxRemapNode"; break;
    case 11: n = vxGaussianPyramidNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_pyramid)pk(VX_TYPE_PYRAMID, &w)); fn = "vxGaussianPyramidNode"; break;
    case 12: n = vxConvolveNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_convolution)pk(VX_TYPE_CONVOLUTION, &w),
                                (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxConvolveNode"; break;
    case 13: n = vxTensorAddNode(g, (vx_tensor)pk(VX_TYPE_TENSOR, &w), (vx_tensor)pk(VX_TYPE_TENSOR, &w),
                                 VX_CONVERT_POLICY_SATURATE, (vx_tensor)pk(VX_TYPE_TENSOR, &w)); fn = "vxTensorAddNode"; break;
    case 14: n = vxSoftmaxLayer(g, (vx_tensor)pk(VX_TYPE_TENSOR, &w), (vx_tensor)pk(VX_TYPE_TENSOR, &w)); fn = "vxSoftmaxLayer"; break;
    case 15: n = vxMinMaxLocNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_scalar)pk(VX_TYPE_SCALAR, &w),
                                 (vx_scalar)pk(VX_TYPE_SCALAR, &w), (vx_array)pk(VX_TYPE_ARRAY, &w),
                                 (vx_array)pk(VX_TYPE_ARRAY, &w), (vx_scalar)pk(VX_TYPE_SCALAR, &w),
                                 (vx_scalar)pk(VX_TYPE_SCALAR, &w)); fn = "vxMinMaxLocNode"; break;
    case 16: n = vxHarrisCornersNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), (vx_scalar)pk(VX_TYPE_SCALAR, &w),
                                     (vx_scalar)pk(VX_TYPE_SCALAR, &w), (vx_scalar)pk(VX_TYPE_SCALAR, &w),
                                     (vx_int32)(fz_below(4) * 2 + 1), (vx_int32)(fz_below(4) * 2 + 1),
                                     (vx_array)pk(VX_TYPE_ARRAY, &w), (vx_scalar)pk(VX_TYPE_SCALAR, &w)); fn = "vxHarrisCornersNode"; break;
    default: n = vxLBPNode(g, (vx_image)pk(VX_TYPE_IMAGE, &w), VX_LBP + (vx_enum)fz_below(4), (vx_int8)fz_below(11),
                           (vx_image)pk(VX_TYPE_IMAGE, &w)); fn = "vxLBPNode"; break;
    }
    add_node(n, gs, kind, fn);
}

void fz_op_node(void)
{
    if (fz_chance(60)) generic_node();
    else typed_node();
}

/* ---- graphs -------------------------------------------------------------- */
static vx_action VX_CALLBACK node_callback(vx_node node)
{
    (void)node;
    /* (it runs on the graph's thread when scheduled: not the fuzzer's stream) */
    return fz_cb_rand(10) ? VX_ACTION_CONTINUE : VX_ACTION_ABANDON;
}

void fz_op_graph(void)
{
    int kind, gs = -1;
    vx_graph g = (vx_graph)fz_pick(VX_TYPE_GRAPH, &kind);
    vx_status s = VX_SUCCESS;
    const char *fn = "graph";
    if (kind == FZ_GOOD) gs = fz_slot_of((vx_reference)g);
    switch (fz_below(14)) {
    case 0: case 1: fn = "vxVerifyGraph"; s = vxVerifyGraph(g); break;
    case 2: case 3: fn = "vxProcessGraph"; s = vxProcessGraph(g); break;
    case 4:
        fn = "vxScheduleGraph";
        s = vxScheduleGraph(g);
        if (s == VX_SUCCESS && gs >= 0) FZ->slot[gs].scheduled = 1;
        if (s == VX_SUCCESS && gs < 0 && FZ->avoid_known) {
            /* a graph we only hold through a released-but-alive handle: its
             * context could go while it runs (known, issue 11 item 7) */
            vxWaitGraph(g);
            FZ_CALL;
        }
        break;
    case 5:
        fn = "vxWaitGraph";
        s = vxWaitGraph(g);
        if (gs >= 0) FZ->slot[gs].scheduled = 0;
        break;
    case 6:
        if (gs >= 0 && fz_chance(70)) {
            /* a parameter of one of this graph's own nodes becomes a graph
             * parameter, and gets a new value through the graph */
            int j, ns = -1, nseen = 0;
            for (j = 0; j < FZ->nslots; j++)
                if (FZ->slot[j].type == VX_TYPE_NODE && FZ->slot[j].live && FZ->slot[j].graph == gs &&
                    fz_below((uint32_t)++nseen) == 0)
                    ns = j;
            if (ns >= 0) {
                vx_parameter p = vxGetParameterByIndex((vx_node)FZ->slot[ns].ref, fz_below(4));
                vx_uint32 np = 0;
                vx_enum t = VX_TYPE_REFERENCE;
                FZ_CALL;
                if (vxGetStatus((vx_reference)p) == VX_SUCCESS) {
                    vxQueryParameter(p, VX_PARAMETER_TYPE, &t, sizeof(t));
                    s = vxAddParameterToGraph(g, p);
                    FZ->calls += 2;
                    fz_check("vxAddParameterToGraph", FZ_GOOD, s);
                    vxReleaseParameter(&p);
                    FZ_CALL;
                    vxQueryGraph(g, VX_GRAPH_NUMPARAMETERS, &np, sizeof(np));
                    FZ_CALL;
                    if (np) {
                        int i2 = fz_pick_slot(t, 1);
                        s = vxSetGraphParameterByIndex(g, fz_below(np), i2 >= 0 ? FZ->slot[i2].ref : NULL);
                        FZ_CALL;
                        fz_check("vxSetGraphParameterByIndex", FZ_GOOD, s);
                    }
                }
                return;
            }
        }
        fn = "vxIsGraphVerified";
        (void)vxIsGraphVerified(g);
        s = VX_FAILURE;
        break;
    case 7: {
        /* a node's parameter becomes a graph parameter */
        int nk, ps = fz_pick_slot(VX_TYPE_PARAMETER, 1);
        vx_parameter p = ps >= 0 && fz_chance(80) ? (vx_parameter)FZ->slot[ps].ref
                                                  : (vx_parameter)fz_pick(VX_TYPE_PARAMETER, &nk);
        if (ps < 0 || p != (vx_parameter)FZ->slot[ps].ref) {
            nk = nk == FZ_GOOD ? FZ_MAYBE : nk;
            if (p == NULL) nk = FZ_MAYBE; /* NULL is allowed: an empty graph parameter slot? not in 1.3.1 */
        } else nk = FZ_GOOD;
        fn = "vxAddParameterToGraph";
        s = vxAddParameterToGraph(g, p);
        if (kind == FZ_GOOD && fz_bad_kind(nk) && nk != FZ_NULLH) kind = nk;
        break;
    }
    case 8: {
        int rk;
        vx_reference v = fz_pick_any(&rk);
        fn = "vxSetGraphParameterByIndex";
        s = vxSetGraphParameterByIndex(g, fz_chance(90) ? fz_below(4) : fz_u32(), v);
        break;
    }
    case 9: {
        vx_parameter p = vxGetGraphParameterByIndex(g, fz_chance(90) ? fz_below(4) : fz_u32());
        FZ_CALL;
        fz_check_obj("vxGetGraphParameterByIndex", kind, (vx_reference)p);
        if (vxGetStatus((vx_reference)p) == VX_SUCCESS) {
            vx_node owner = NULL;
            int ns;
            vxQueryParameter(p, VX_PARAMETER_REF, &owner, sizeof(owner)); /* exercise only */
            FZ_CALL;
            if (owner) vxReleaseReference((vx_reference *)&owner), FZ_CALL;
            ns = -1;
            fz_add((vx_reference)p, VX_TYPE_PARAMETER, vxGetContext((vx_reference)p) == FZ->ctx[1] ? 1 : 0, -1, ns, -1);
        }
        return;
    }
    case 10: {
        /* a node's parameter handle */
        int nk, ns;
        vx_node n = (vx_node)fz_pick(VX_TYPE_NODE, &nk);
        vx_parameter p = vxGetParameterByIndex(n, fz_chance(90) ? fz_below(6) : fz_u32());
        FZ_CALL;
        fz_check_obj("vxGetParameterByIndex", nk, (vx_reference)p);
        ns = nk == FZ_GOOD ? fz_slot_of((vx_reference)n) : -1;
        if (vxGetStatus((vx_reference)p) == VX_SUCCESS)
            fz_add((vx_reference)p, VX_TYPE_PARAMETER, vxGetContext((vx_reference)p) == FZ->ctx[1] ? 1 : 0, -1, ns, -1);
        return;
    }
    case 11: {
        int nk, ns;
        vx_node n = (vx_node)fz_pick(VX_TYPE_NODE, &nk);
        vx_node copy = n;
        ns = nk == FZ_GOOD ? fz_slot_of((vx_reference)n) : -1;
        if (FZ->avoid_known && ns >= 0 && FZ->slot[ns].scheduled) return;
        s = vxRemoveNode(&copy);
        FZ_CALL;
        fz_check("vxRemoveNode", nk, s);
        if (s == VX_SUCCESS && ns >= 0) {
            int j;
            FZ->slot[ns].removed = 1;
            fz_mark_released(ns);
            /* known: a removed node's parameters joining a graph */
            if (FZ->avoid_known)
                for (j = 0; j < FZ->nslots; j++)
                    if (FZ->slot[j].node == ns) FZ->slot[j].unusable = 1;
        }
        return;
    }
    case 12: {
        int nk;
        vx_node n = (vx_node)fz_pick(VX_TYPE_NODE, &nk);
        vx_bool rep[8];
        vx_uint32 i, np = fz_chance(90) ? fz_below(8) : fz_u32();
        for (i = 0; i < 8; i++) rep[i] = fz_chance(30) ? vx_true_e : vx_false_e;
        if (np > 8) np = 8 + (fz_chance(50) ? 0 : 0);
        fn = "vxReplicateNode";
        s = vxReplicateNode(g, n, rep, np);
        if (fz_bad_kind(nk) && kind == FZ_GOOD) kind = nk;
        break;
    }
    default: {
        int nk;
        vx_node n = (vx_node)fz_pick(VX_TYPE_NODE, &nk);
        fn = "vxAssignNodeCallback";
        s = vxAssignNodeCallback(n, fz_chance(50) ? node_callback : NULL);
        kind = nk;
        break;
    }
    }
    FZ_CALL;
    fz_check(fn, kind, s);
}

/* ---- containers ---------------------------------------------------------- */
void fz_op_container(void)
{
    int kind, ps;
    vx_reference item = NULL;
    vx_enum type = VX_TYPE_INVALID;
    const char *fn = "";
    vx_reference cont = NULL;
    vx_status s;
    switch (fz_below(6)) {
    case 0: {
        vx_pyramid p = (vx_pyramid)fz_pick(VX_TYPE_PYRAMID, &kind);
        cont = (vx_reference)p;
        fn = "vxGetPyramidLevel";
        item = (vx_reference)vxGetPyramidLevel(p, fz_chance(90) ? fz_below(5) : fz_u32());
        type = VX_TYPE_IMAGE;
        break;
    }
    case 1: {
        vx_object_array a = (vx_object_array)fz_pick(VX_TYPE_OBJECT_ARRAY, &kind);
        vx_enum it = VX_TYPE_REFERENCE;
        cont = (vx_reference)a;
        fn = "vxGetObjectArrayItem";
        item = (vx_reference)vxGetObjectArrayItem(a, fz_chance(90) ? fz_below(5) : fz_u32());
        if (item && vxGetStatus(item) == VX_SUCCESS) vxQueryReference(item, VX_REFERENCE_TYPE, &it, sizeof(it));
        type = it;
        break;
    }
    case 2: {
        vx_delay d = (vx_delay)fz_pick(VX_TYPE_DELAY, &kind);
        vx_enum it = VX_TYPE_REFERENCE;
        cont = (vx_reference)d;
        fn = "vxGetReferenceFromDelay";
        item = vxGetReferenceFromDelay(d, fz_chance(90) ? -(vx_int32)fz_below(5) + 1 : (vx_int32)fz_u32());
        if (item && vxGetStatus(item) == VX_SUCCESS) {
            vxQueryReference(item, VX_REFERENCE_TYPE, &it, sizeof(it));
            /* delay slots are not the application's to release: keep only the retained copy */
            if (vxRetainReference(item) != VX_SUCCESS) item = NULL;
        }
        type = it;
        break;
    }
    case 3: {
        vx_delay d = (vx_delay)fz_pick(VX_TYPE_DELAY, &kind);
        s = vxAgeDelay(d);
        FZ_CALL;
        fz_check("vxAgeDelay", kind, s);
        return;
    }
    case 4: {
        int dk;
        vx_graph g = (vx_graph)fz_pick(VX_TYPE_GRAPH, &kind);
        vx_delay d = (vx_delay)fz_pick(VX_TYPE_DELAY, &dk);
        s = vxRegisterAutoAging(g, d);
        FZ_CALL;
        fz_check("vxRegisterAutoAging", fz_bad_kind(kind) ? kind : dk, s);
        return;
    }
    default: {
        vx_image img = (vx_image)fz_pick(VX_TYPE_IMAGE, &kind);
        vx_rectangle_t r;
        vx_pixel_value_t v;
        if (fz_chance(50)) {
            s = vxGetValidRegionImage(img, fz_chance(5) ? NULL : &r);
            fn = "vxGetValidRegionImage";
        } else if (fz_chance(50)) {
            r.start_x = fz_chance(80) ? fz_below(8) : fz_u32();
            r.start_y = fz_chance(80) ? fz_below(8) : fz_u32();
            r.end_x = fz_chance(80) ? fz_below(24) : fz_u32();
            r.end_y = fz_chance(80) ? fz_below(24) : fz_u32();
            s = vxSetImageValidRectangle(img, fz_chance(20) ? NULL : &r);
            fn = "vxSetImageValidRectangle";
        } else {
            memset(&v, 0, sizeof(v));
            v.U32 = (vx_uint32)fz_rand();
            s = vxSetImagePixelValues(img, fz_chance(5) ? NULL : &v);
            fn = "vxSetImagePixelValues";
        }
        FZ_CALL;
        fz_check(fn, kind, s);
        return;
    }
    }
    FZ_CALL;
    fz_check_obj(fn, kind, item);
    if (item && vxGetStatus(item) == VX_SUCCESS && kind == FZ_GOOD) {
        vx_context ic = vxGetContext(item);
        ps = fz_slot_of(cont);
        FZ_CALL;
        if (ps >= 0) FZ->slot[ps].has_children = 1;
        fz_add(item, type, ic == FZ->ctx[1] ? 1 : 0, ps >= 0 ? FZ->slot[ps].graph : -1, -1, ps);
    }
}

/* ---- release -------------------------------------------------------------- */
void fz_op_release(void)
{
    int i = fz_pick_slot(VX_TYPE_REFERENCE, 1);
    if (i < 0) return;
    fz_release_slot(i);
}

/* ---- misc ---------------------------------------------------------------- */
void fz_op_misc(void)
{
    int kind;
    vx_status s;
    switch (fz_below(10)) {
    case 9: {
        /* immediate mode: one-node graphs made and run inside the call */
        int k1, k2, k3;
        vx_context ctx = fz_pick_ctx(&kind);
        vx_image a = (vx_image)fz_pick(VX_TYPE_IMAGE, &k1), b = (vx_image)fz_pick(VX_TYPE_IMAGE, &k2),
                 o = (vx_image)fz_pick(VX_TYPE_IMAGE, &k3);
        switch (fz_below(8)) {
        case 0: s = vxuNot(ctx, a, o); break;
        case 1: s = vxuBox3x3(ctx, a, o); break;
        case 2: s = vxuAdd(ctx, a, b, VX_CONVERT_POLICY_SATURATE, o); break;
        case 3: s = vxuColorConvert(ctx, a, o); break;
        case 4: s = vxuAbsDiff(ctx, a, b, o); break;
        case 5: s = vxuMedian3x3(ctx, a, o); break;
        case 6: s = vxuIntegralImage(ctx, a, o); break;
        default: s = vxuScaleImage(ctx, a, o, VX_INTERPOLATION_BILINEAR); break;
        }
        FZ_CALL;
        fz_check("vxu*", fz_bad_kind(kind) ? kind : FZ_MAYBE, s);
        break;
    }
    case 0: {
        vx_reference r = fz_pick_any(&kind);
        static const char *names[] = {"x", "", "a.name.with.dots", "a-name-that-goes-on-and-on-and-on-and-on-and-on-and-on-and-on-past-any-limit-there-might-be-for-names"};
        s = vxSetReferenceName(r, fz_chance(10) ? NULL : names[fz_below(4)]);
        FZ_CALL;
        fz_check("vxSetReferenceName", kind, s);
        break;
    }
    case 1: {
        vx_reference r = fz_pick_any(&kind);
        s = vxRetainReference(r);
        FZ_CALL;
        fz_check("vxRetainReference", kind, s);
        if (s == VX_SUCCESS && (r == (vx_reference)FZ->ctx[0] || r == (vx_reference)FZ->ctx[1])) {
            /* a context keeps one count: the fuzzer's release of it is final */
            vx_context cc = (vx_context)r;
            s = vxReleaseContext(&cc);
            FZ_CALL;
            fz_status_sane("vxReleaseContext", s);
        } else if (s == VX_SUCCESS && kind == FZ_GOOD) {
            /* the extra hold is released right away, as a second slot */
            int i = fz_slot_of(r);
            if (i >= 0) fz_add(r, FZ->slot[i].type, FZ->slot[i].ctx, FZ->slot[i].graph, FZ->slot[i].node,
                               FZ->slot[i].parent);
        }
        break;
    }
    case 2: {
        vx_reference r = fz_pick_any(&kind);
        static const vx_enum hints[] = {VX_HINT_PERFORMANCE_DEFAULT, VX_HINT_PERFORMANCE_LOW_POWER,
                                        VX_HINT_PERFORMANCE_HIGH_SPEED};
        char data[16] = {0};
        s = vxHint(r, fz_chance(90) ? hints[fz_below(3)] : (vx_enum)fz_rand(), fz_chance(50) ? data : NULL,
                   fz_chance(50) ? sizeof(data) : 0);
        FZ_CALL;
        fz_check("vxHint", kind, s);
        break;
    }
    case 3: {
        vx_reference r = fz_pick_any(&kind);
        static const vx_enum dirs[] = {VX_DIRECTIVE_DISABLE_LOGGING, VX_DIRECTIVE_ENABLE_LOGGING,
                                       VX_DIRECTIVE_DISABLE_PERFORMANCE, VX_DIRECTIVE_ENABLE_PERFORMANCE,
                                       VX_DIRECTIVE_OVX_SERIAL, VX_DIRECTIVE_OVX_PARALLEL};
        s = vxDirective(r, fz_chance(90) ? dirs[fz_below(6)] : (vx_enum)fz_rand());
        FZ_CALL;
        fz_check("vxDirective", kind, s);
        break;
    }
    case 4: {
        vx_node n = (vx_node)fz_pick(VX_TYPE_NODE, &kind);
        static const char *t[] = {"ovx.cpu", "khronos.any", "nope", ""};
        s = vxSetNodeTarget(n, fz_chance(90) ? VX_TARGET_ANY + (vx_enum)fz_below(3) : (vx_enum)fz_rand(),
                            fz_chance(10) ? NULL : t[fz_below(4)]);
        FZ_CALL;
        fz_check("vxSetNodeTarget", kind, s);
        break;
    }
    case 5: {
        vx_reference r = fz_pick_any(&kind);
        vx_context c = vxGetContext(r);
        FZ_CALL;
        if (fz_bad_kind(kind) && kind != FZ_WRONG && c != NULL) {
            fprintf(stderr, "VIOLATION seed %llu call %llu: vxGetContext of a bad handle gave a context\n",
                    (unsigned long long)FZ->seed, (unsigned long long)FZ->calls);
            FZ->violations++;
        }
        break;
    }
    case 6: {
        int pk2;
        vx_parameter p = (vx_parameter)fz_pick(VX_TYPE_PARAMETER, &kind);
        vx_reference v = fz_pick_any(&pk2);
        s = vxSetParameterByReference(p, v);
        FZ_CALL;
        fz_check("vxSetParameterByReference", kind, s);
        break;
    }
    case 7: {
        int nk;
        vx_node n = (vx_node)fz_pick(VX_TYPE_NODE, &nk);
        vx_reference v = fz_pick_any(&kind);
        s = vxSetParameterByIndex(n, fz_chance(90) ? fz_below(8) : fz_u32(), v);
        FZ_CALL;
        fz_check("vxSetParameterByIndex", nk, s);
        break;
    }
    default: {
        vx_reference r = fz_pick_any(&kind);
        vxAddLogEntry(r, VX_FAILURE, "fuzz %s %d", "entry", (int)fz_below(100));
        FZ_CALL;
        break;
    }
    }
}

/* ---- export / import ----------------------------------------------------- */
void fz_op_ix(void)
{
    int kind, c = fz_ctx_index(), i, refkind = FZ_GOOD;
    vx_context ctx = FZ->ctx[c];
    vx_reference refs[6];
    vx_enum uses[6];
    vx_size n = 1 + fz_below(4);
    const vx_uint8 *blob = NULL;
    vx_size len = 0;
    vx_status s;
    static const vx_enum use_values[] = {VX_IX_USE_APPLICATION_CREATE, VX_IX_USE_EXPORT_VALUES,
                                         VX_IX_USE_NO_EXPORT_VALUES};
    if (fz_chance(5)) {
        ctx = fz_pick_ctx(&kind);
        if (kind == FZ_GOOD) c = ctx == FZ->ctx[1] ? 1 : 0;
    } else
        kind = FZ->ctx_live[c] ? FZ_GOOD : FZ_STALE;
    for (i = 0; i < (int)n; i++) {
        int k;
        int si = fz_pick_slot(fz_chance(40) ? VX_TYPE_GRAPH : VX_TYPE_REFERENCE, 1);
        if (si >= 0 && fz_chance(90)) {
            refs[i] = FZ->slot[si].ref;
            k = FZ_GOOD;
        } else {
            refs[i] = fz_pick(VX_TYPE_IMAGE, &k);
            if (k == FZ_WRONG) k = FZ_GOOD;
        }
        if (fz_bad_kind(k)) refkind = k;
        uses[i] = fz_chance(95) ? use_values[fz_below(3)] : (vx_enum)fz_rand();
    }
    s = vxExportObjectsToMemory(ctx, n, refs, uses, fz_chance(3) ? NULL : &blob, &len);
    FZ_CALL;
    fz_check("vxExportObjectsToMemory", fz_bad_kind(kind) ? kind : refkind, s);
    if (s != VX_SUCCESS || blob == NULL) return;
    {
        vx_uint8 *copy = malloc(len ? len : 1), *orig = malloc(len ? len : 1);
        vx_reference out[6];
        vx_import imp;
        vx_size j, cut;
        int attempt, attempts = 1 + (int)fz_below(4);
        memcpy(orig, blob, len);
        s = vxReleaseExportedMemory(ctx, &blob);
        FZ_CALL;
        fz_status_sane("vxReleaseExportedMemory", s);
        for (attempt = 0; attempt < attempts; attempt++) {
            memcpy(copy, orig, len);
            cut = len;
            if (fz_chance(70)) {
                /* bit flips, bytes, and interesting 32-bit values past the header */
                static const vx_uint32 interesting[] = {0, 1, 2, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xfffffffeu,
                                                        0x100, 0x10000, 64, 255};
                vx_size muts = 1 + fz_below(8);
                for (j = 0; j < muts && len > 28; j++) {
                    vx_size at = 24 + fz_below((uint32_t)(len - 24));
                    switch (fz_below(3)) {
                    case 0: copy[at] ^= (vx_uint8)(1u << fz_below(8)); break;
                    case 1: copy[at] = (vx_uint8)fz_rand(); break;
                    default: {
                        vx_uint32 v = interesting[fz_below(sizeof(interesting) / sizeof(interesting[0]))];
                        at = 24 + ((at - 24) & ~(vx_size)3);
                        if (at + 4 <= len) memcpy(copy + at, &v, 4); /* little-endian host */
                        break;
                    }
                    }
                }
                if (fz_chance(80) && len >= 24) {
                    /* fix the checksum, so the parser (not the checksum) meets the damage */
                    vx_uint32 h = 2166136261u;
                    for (j = 24; j < len; j++) h = (h ^ copy[j]) * 16777619u;
                    memcpy(copy + 16, &h, 4);
                }
            }
            if (fz_chance(20)) {
                cut = fz_below((uint32_t)len + 1);
                if (cut >= 24 && fz_chance(70)) {
                    /* a consistent shorter blob: length and checksum agree with the cut */
                    vx_uint32 h = 2166136261u;
                    vx_uint64 L = cut;
                    memcpy(copy + 8, &L, 8);
                    for (j = 24; j < cut; j++) h = (h ^ copy[j]) * 16777619u;
                    memcpy(copy + 16, &h, 4);
                }
            }
            for (j = 0; j < n; j++) {
                out[j] = NULL;
                if (uses[j] == VX_IX_USE_APPLICATION_CREATE) {
                    int si = fz_pick_slot(VX_TYPE_REFERENCE, 1);
                    out[j] = si >= 0 ? FZ->slot[si].ref : NULL;
                }
            }
            imp = vxImportObjectsFromMemory(ctx, n, out, uses, copy, cut);
            FZ_CALL;
            fz_check_obj(cut == len ? "vxImportObjectsFromMemory" : "vxImportObjectsFromMemory (cut)", FZ_MAYBE,
                         (vx_reference)imp);
            if (vxGetStatus((vx_reference)imp) == VX_SUCCESS) {
                vx_reference byname = vxGetImportReferenceByName(imp, "x");
                FZ_CALL;
                if (byname && vxGetStatus(byname) == VX_SUCCESS) {
                vx_enum t = VX_TYPE_REFERENCE;
                vxQueryReference(byname, VX_REFERENCE_TYPE, &t, sizeof(t));
                FZ_CALL;
                fz_add(byname, t, c, -1, -1, -1);
            }
                for (j = 0; j < n; j++)
                    if (uses[j] != VX_IX_USE_APPLICATION_CREATE && out[j] && vxGetStatus(out[j]) == VX_SUCCESS) {
                        vx_enum t = VX_TYPE_REFERENCE;
                        vxQueryReference(out[j], VX_REFERENCE_TYPE, &t, sizeof(t));
                        FZ_CALL;
                        fz_add(out[j], t, c, -1, -1, -1);
                    }
                fz_add((vx_reference)imp, VX_TYPE_IMPORT, c, -1, -1, -1);
            }
        }
        free(orig);
        free(copy);
    }
}

/* ---- recipes: graphs that verify and run ---------------------------------- */
/* Random nodes rarely make a valid graph; these small pipelines do, so the
 * verifier, the executor and everything done to their objects afterwards
 * (releases, attribute changes, re-verification) gets exercised. */
static vx_image rimg(vx_context ctx, int c, vx_graph g, int gs, vx_uint32 w, vx_uint32 h, vx_df_image f, int virt)
{
    vx_image i = virt ? vxCreateVirtualImage(g, fz_chance(50) ? w : 0, fz_chance(50) ? h : 0,
                                             fz_chance(50) ? f : VX_DF_IMAGE_VIRT)
                      : vxCreateImage(ctx, w, h, f);
    FZ_CALL;
    if (vxGetStatus((vx_reference)i) == VX_SUCCESS) fz_add((vx_reference)i, VX_TYPE_IMAGE, c, virt ? gs : -1, -1, -1);
    return i;
}

void fz_op_recipe(void)
{
    int c = fz_ctx_index(), gs, steps, k;
    vx_context ctx = FZ->ctx[c];
    vx_uint32 w = 2 * (1 + fz_below(24)), h = 2 * (1 + fz_below(24));
    vx_graph g;
    vx_image cur;
    vx_node n = NULL;
    if (!FZ->ctx_live[c]) return;
    g = vxCreateGraph(ctx);
    FZ_CALL;
    gs = fz_add((vx_reference)g, VX_TYPE_GRAPH, c, -1, -1, -1);
    if (gs < 0) return;
    cur = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_U8, 0);
    steps = 1 + (int)fz_below(4);
    for (k = 0; k < steps; k++) {
        int last = k == steps - 1, virt = !last && fz_chance(60);
        vx_image out = NULL;
        switch (fz_below(12)) {
        case 0: out = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_U8, virt); n = vxNotNode(g, cur, out); break;
        case 1: out = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_U8, virt); n = vxBox3x3Node(g, cur, out); break;
        case 2: out = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_U8, virt); n = vxGaussian3x3Node(g, cur, out); break;
        case 3: out = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_U8, virt); n = vxAddNode(g, cur, cur, VX_CONVERT_POLICY_SATURATE, out); break;
        case 4: out = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_U8, virt); n = vxMedian3x3Node(g, cur, out); break;
        case 5: {
            vx_lut l = vxCreateLUT(ctx, VX_TYPE_UINT8, 256);
            FZ_CALL;
            fz_add((vx_reference)l, VX_TYPE_LUT, c, -1, -1, -1);
            out = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_U8, virt);
            n = vxTableLookupNode(g, cur, l, out);
            break;
        }
        case 6: {
            vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
            FZ_CALL;
            fz_add((vx_reference)t, VX_TYPE_THRESHOLD, c, -1, -1, -1);
            out = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_U8, virt);
            n = vxThresholdNode(g, cur, t, out);
            break;
        }
        case 7: {
            vx_distribution d = vxCreateDistribution(ctx, 16, 0, 256);
            FZ_CALL;
            fz_add((vx_reference)d, VX_TYPE_DISTRIBUTION, c, -1, -1, -1);
            n = vxHistogramNode(g, cur, d);
            out = cur;
            break;
        }
        case 8: {
            int pv = fz_chance(50);
            vx_pyramid p = pv ? vxCreateVirtualPyramid(g, 1 + fz_below(3), VX_SCALE_PYRAMID_HALF, 0, 0, VX_DF_IMAGE_VIRT)
                              : vxCreatePyramid(ctx, 1 + fz_below(3), VX_SCALE_PYRAMID_HALF, w, h, VX_DF_IMAGE_U8);
            FZ_CALL;
            fz_add((vx_reference)p, VX_TYPE_PYRAMID, c, pv ? gs : -1, -1, -1);
            n = vxGaussianPyramidNode(g, cur, p);
            out = cur;
            break;
        }
        case 9: {
            vx_image s16x = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_S16, 1), s16y = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_S16, 1);
            vx_node n2;
            n = vxSobel3x3Node(g, cur, s16x, s16y);
            out = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_S16, 0);
            n2 = vxMagnitudeNode(g, s16x, s16y, out);
            FZ_CALL;
            if (vxGetStatus((vx_reference)n2) == VX_SUCCESS) fz_add((vx_reference)n2, VX_TYPE_NODE, c, gs, -1, -1);
            out = NULL; /* S16: the chain ends */
            break;
        }
        case 10: {
            vx_matrix m = vxCreateMatrix(ctx, VX_TYPE_FLOAT32, 2, 3);
            vx_float32 a[6] = {1, 0, 0, 1, 0, 0};
            FZ_CALL;
            vxCopyMatrix(m, a, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
            FZ_CALL;
            fz_add((vx_reference)m, VX_TYPE_MATRIX, c, -1, -1, -1);
            out = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_U8, virt);
            n = vxWarpAffineNode(g, cur, m, VX_INTERPOLATION_BILINEAR, out);
            break;
        }
        default: {
            vx_image rgb = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_RGB, 1);
            vx_node n2;
            n = vxChannelCombineNode(g, cur, cur, cur, NULL, rgb);
            out = rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_U8, virt);
            n2 = vxColorConvertNode(g, rgb, rimg(ctx, c, g, gs, w, h, VX_DF_IMAGE_IYUV, 1));
            FZ_CALL;
            if (vxGetStatus((vx_reference)n2) == VX_SUCCESS) fz_add((vx_reference)n2, VX_TYPE_NODE, c, gs, -1, -1);
            n2 = vxChannelExtractNode(g, rgb, VX_CHANNEL_G, out);
            FZ_CALL;
            if (vxGetStatus((vx_reference)n2) == VX_SUCCESS) fz_add((vx_reference)n2, VX_TYPE_NODE, c, gs, -1, -1);
            break;
        }
        }
        FZ_CALL;
        if (vxGetStatus((vx_reference)n) == VX_SUCCESS) {
            fz_add((vx_reference)n, VX_TYPE_NODE, c, gs, -1, -1);
            FZ->slot[gs].nodes++;
        }
        if (!out) break;
        cur = out;
    }
    if (fz_chance(70)) {
        vx_status s = fz_chance(50) ? vxProcessGraph(g) : vxVerifyGraph(g);
        FZ_CALL;
        fz_check("recipe graph", FZ_GOOD, s);
    }
}
