/*
 * api_fuzz: user kernels whose validators set meta formats at random (from a
 * reference, or attribute by attribute with right and wrong sizes) and whose
 * functions read their parameters, in graphs with pool objects.
 *
 * The callbacks run on graph threads too (vxScheduleGraph), so they draw
 * their randomness from a counter of their own, not from the fuzzer's stream.
 */
#include "fuzz.h"

#include <stdio.h>
#include <string.h>

static uint32_t cb_counter;

/* (atomic: graph threads and the fuzzer's thread draw at once) */
uint32_t fz_cb_rand(uint32_t n)
{
    uint32_t x = __atomic_add_fetch(&cb_counter, 1u, __ATOMIC_RELAXED) * 2654435761u;
    x ^= x >> 15;
    return n ? x % n : 0;
}
#define cb_rand fz_cb_rand

/* A valid-rectangle callback a validator may set (VX_VALID_RECT_CALLBACK):
 * it reads the inputs' rectangles it is given and writes the output's,
 * sometimes one outside the image or inverted, and now and then fails. */
static vx_status VX_CALLBACK user_valid_rect(vx_node node, vx_uint32 index, const vx_rectangle_t *const input_valid[],
                                             vx_rectangle_t *const output_valid[])
{
    vx_rectangle_t *r = output_valid ? output_valid[0] : NULL;
    (void)node;
    (void)index;
    if (input_valid && input_valid[0] && r && cb_rand(2)) *r = *input_valid[0];
    if (r && cb_rand(4) == 0) {
        r->start_x = cb_rand(70000);
        r->start_y = cb_rand(70000);
        r->end_x = cb_rand(70000);
        r->end_y = cb_rand(70000);
    }
    return cb_rand(6) ? VX_SUCCESS : VX_FAILURE;
}

static vx_status VX_CALLBACK user_validate(vx_node node, const vx_reference parameters[], vx_uint32 num,
                                           vx_meta_format metas[])
{
    static const vx_enum objs[] = {VX_TYPE_IMAGE, VX_TYPE_ARRAY, VX_TYPE_SCALAR, VX_TYPE_TENSOR, VX_TYPE_PYRAMID,
                                   VX_TYPE_MATRIX, VX_TYPE_LUT, VX_TYPE_DISTRIBUTION, VX_TYPE_REMAP,
                                   VX_TYPE_THRESHOLD, VX_TYPE_CONVOLUTION, VX_TYPE_OBJECT_ARRAY,
                                   VX_TYPE_USER_DATA_OBJECT, VX_TYPE_META_FORMAT};
    vx_uint32 i;
    (void)node;
    for (i = 0; i < num; i++) {
        unsigned char buf[64];
        vx_size j, n;
        vx_enum a;
        if (metas == NULL || metas[i] == NULL) continue;
        switch (cb_rand(4)) {
        case 0: case 1: {
            vx_reference ex = parameters[i] ? parameters[i] : parameters[cb_rand(num)];
            (void)vxSetMetaFormatFromReference(metas[i], ex); /* NULL and odd types included */
            break;
        }
        case 2:
            for (j = 0; j < sizeof(buf); j++) buf[j] = (unsigned char)cb_rand(4);
            a = VX_ATTRIBUTE_BASE(VX_ID_KHRONOS, objs[cb_rand(sizeof(objs) / sizeof(objs[0]))]) + (vx_enum)cb_rand(10);
            n = cb_rand(3) ? (cb_rand(2) ? 4 : 8) : cb_rand(sizeof(buf) + 1);
            if (a == VX_VALID_RECT_CALLBACK && n == sizeof(vx_kernel_image_valid_rectangle_f)) {
                /* a function pointer is called, not checked: a real one or
                 * NULL (random bytes there would be the fuzzer's crash) */
                vx_kernel_image_valid_rectangle_f f = cb_rand(3) ? user_valid_rect : NULL;
                memcpy(buf, &f, sizeof(f));
            }
            (void)vxSetMetaFormatAttribute(metas[i], a, cb_rand(20) ? buf : NULL, n);
            break;
        default: {
            vx_enum t = 0;
            (void)vxQueryMetaFormatAttribute(metas[i], VX_IMAGE_FORMAT, &t, sizeof(t));
            break;
        }
        }
    }
    return cb_rand(8) ? VX_SUCCESS : VX_ERROR_INVALID_PARAMETERS;
}

static vx_status VX_CALLBACK user_function(vx_node node, const vx_reference *parameters, vx_uint32 num)
{
    vx_uint32 i;
    (void)node;
    for (i = 0; i < num; i++) {
        vx_enum t = 0;
        if (!parameters[i]) continue;
        if (vxQueryReference(parameters[i], VX_REFERENCE_TYPE, &t, sizeof(t)) != VX_SUCCESS) continue;
        if (t == VX_TYPE_IMAGE && cb_rand(2)) {
            /* read (or write) the whole image through a map */
            vx_uint32 w = 0, h = 0, x, y;
            vx_rectangle_t r;
            vx_map_id id;
            vx_imagepatch_addressing_t addr;
            void *ptr = NULL;
            vx_enum use = cb_rand(2) ? VX_READ_ONLY : VX_WRITE_ONLY;
            vxQueryImage((vx_image)parameters[i], VX_IMAGE_WIDTH, &w, sizeof(w));
            vxQueryImage((vx_image)parameters[i], VX_IMAGE_HEIGHT, &h, sizeof(h));
            if (!w || !h) continue;
            r.start_x = r.start_y = 0;
            r.end_x = w;
            r.end_y = h;
            if (vxMapImagePatch((vx_image)parameters[i], &r, 0, &id, &addr, &ptr, use, VX_MEMORY_TYPE_HOST, 0) !=
                VX_SUCCESS)
                continue;
            for (y = 0; y < addr.dim_y; y += addr.step_y ? addr.step_y : 1)
                for (x = 0; x < addr.dim_x; x += addr.step_x ? addr.step_x : 1) {
                    volatile vx_uint8 *p = vxFormatImagePatchAddress2d(ptr, x, y, &addr);
                    if (use == VX_WRITE_ONLY) *p = (vx_uint8)x;
                    else (void)*p;
                }
            vxUnmapImagePatch((vx_image)parameters[i], id);
        } else if (t == VX_TYPE_SCALAR) {
            unsigned char v[64];
            vx_enum st = 0;
            vxQueryScalar((vx_scalar)parameters[i], VX_SCALAR_TYPE, &st, sizeof(st));
            (void)vxCopyScalar((vx_scalar)parameters[i], v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        }
    }
    return cb_rand(10) ? VX_SUCCESS : VX_FAILURE;
}

static vx_status VX_CALLBACK user_init(vx_node node, const vx_reference *parameters, vx_uint32 num)
{
    vx_size sz = 0;
    (void)parameters;
    (void)num;
    vxQueryNode(node, VX_NODE_LOCAL_DATA_SIZE, &sz, sizeof(sz));
    return cb_rand(12) ? VX_SUCCESS : VX_FAILURE;
}

static vx_status VX_CALLBACK user_deinit(vx_node node, const vx_reference *parameters, vx_uint32 num)
{
    (void)node;
    (void)parameters;
    (void)num;
    return VX_SUCCESS;
}

static vx_enum param_type(void)
{
    static const vx_enum t[] = {VX_TYPE_IMAGE, VX_TYPE_IMAGE, VX_TYPE_SCALAR, VX_TYPE_ARRAY, VX_TYPE_TENSOR,
                                VX_TYPE_REFERENCE, VX_TYPE_PYRAMID, VX_TYPE_MATRIX, VX_TYPE_LUT,
                                VX_TYPE_OBJECT_ARRAY, VX_TYPE_USER_DATA_OBJECT, VX_TYPE_THRESHOLD, VX_TYPE_DELAY};
    return fz_chance(95) ? t[fz_below(sizeof(t) / sizeof(t[0]))] : (vx_enum)fz_rand();
}

static void add_user_kernel(int c)
{
    vx_context ctx = FZ->ctx[c];
    vx_enum id = 0;
    char name[VX_MAX_KERNEL_NAME];
    vx_uint32 np = 1 + fz_below(5), i;
    vx_kernel k;
    vx_status s;
    s = vxAllocateUserKernelId(ctx, &id);
    FZ_CALL;
    fz_status_sane("vxAllocateUserKernelId", s);
    if (s != VX_SUCCESS) return;
    snprintf(name, sizeof(name), "fz.user.%u", (unsigned)fz_below(50));
    k = vxAddUserKernel(ctx, fz_chance(97) ? name : NULL, fz_chance(95) ? id : (vx_enum)fz_rand(),
                        fz_chance(97) ? user_function : NULL, fz_chance(97) ? np : fz_u32(),
                        fz_chance(97) ? user_validate : NULL, fz_chance(50) ? user_init : NULL,
                        fz_chance(50) ? user_deinit : NULL);
    FZ_CALL;
    if (vxGetStatus((vx_reference)k) != VX_SUCCESS) return;
    for (i = 0; i < np + (fz_chance(5) ? 1 : 0); i++) {
        vx_enum dir = i == 0 || fz_chance(50) ? VX_INPUT : (fz_chance(95) ? VX_OUTPUT : VX_INPUT);
        s = vxAddParameterToKernel(k, fz_chance(97) ? i : fz_u32(), dir, param_type(),
                                   fz_chance(80) ? VX_PARAMETER_STATE_REQUIRED : VX_PARAMETER_STATE_OPTIONAL);
        FZ_CALL;
        fz_status_sane("vxAddParameterToKernel", s);
    }
    if (fz_chance(30)) {
        vx_size sz = fz_chance(90) ? fz_below(256) : fz_size();
        s = vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &sz, sizeof(sz));
        FZ_CALL;
        fz_status_sane("vxSetKernelAttribute", s);
    }
    if (fz_chance(95)) {
        s = vxFinalizeKernel(k);
        FZ_CALL;
        fz_status_sane("vxFinalizeKernel", s);
    }
    fz_add((vx_reference)k, VX_TYPE_KERNEL, c, -1, -1, -1);
}

void fz_op_user(void)
{
    int c = fz_ctx_index(), ks, gs, i;
    vx_graph g;
    vx_node n;
    vx_uint32 np = 0, p;
    vx_status s;
    if (!FZ->ctx_live[c]) return;
    if (fz_chance(25)) {
        add_user_kernel(c);
        return;
    }
    if (fz_chance(5)) {
        /* removing a kernel that nodes may use */
        int kk;
        vx_kernel k = (vx_kernel)fz_pick(VX_TYPE_KERNEL, &kk);
        s = vxRemoveKernel(k);
        FZ_CALL;
        fz_check("vxRemoveKernel", kk, s);
        if (s == VX_SUCCESS && kk == FZ_GOOD) {
            i = fz_slot_of((vx_reference)k);
            if (i >= 0) fz_mark_released(i);
        }
        return;
    }
    /* a node of a user kernel of this context */
    ks = -1;
    {
        int seen = 0;
        for (i = 0; i < FZ->nslots; i++) {
            vx_enum e = 0;
            if (FZ->slot[i].type != VX_TYPE_KERNEL || !FZ->slot[i].live || FZ->slot[i].ctx != c) continue;
            if (vxQueryKernel((vx_kernel)FZ->slot[i].ref, VX_KERNEL_ENUM, &e, sizeof(e)) != VX_SUCCESS) continue;
            if (((vx_uint32)e >> 20) != VX_ID_USER && ((vx_uint32)e >> 20) != 0xFFFu) continue;
            if (fz_below((uint32_t)++seen) == 0) ks = i;
        }
        FZ->calls += (uint64_t)seen;
    }
    if (ks < 0) return;
    g = vxCreateGraph(FZ->ctx[c]);
    FZ_CALL;
    gs = fz_add((vx_reference)g, VX_TYPE_GRAPH, c, -1, -1, -1);
    if (gs < 0) return;
    n = vxCreateGenericNode(g, (vx_kernel)FZ->slot[ks].ref);
    FZ_CALL;
    if (vxGetStatus((vx_reference)n) != VX_SUCCESS) return;
    fz_add((vx_reference)n, VX_TYPE_NODE, c, gs, -1, -1);
    vxQueryKernel((vx_kernel)FZ->slot[ks].ref, VX_KERNEL_PARAMETERS, &np, sizeof(np));
    FZ_CALL;
    for (p = 0; p < np && p < 16; p++) {
        vx_parameter prm = vxGetKernelParameterByIndex((vx_kernel)FZ->slot[ks].ref, p);
        vx_enum t = VX_TYPE_REFERENCE;
        int j;
        vxQueryParameter(prm, VX_PARAMETER_TYPE, &t, sizeof(t));
        vxReleaseParameter(&prm);
        FZ->calls += 3;
        j = fz_pick_slot(fz_chance(85) ? t : VX_TYPE_REFERENCE, 1);
        if (j < 0 || FZ->slot[j].ctx != c) continue;
        s = vxSetParameterByIndex(n, p, FZ->slot[j].ref);
        FZ_CALL;
        fz_status_sane("vxSetParameterByIndex", s);
    }
    s = vxProcessGraph(g);
    FZ_CALL;
    fz_check("user kernel graph", FZ_GOOD, s);
}
