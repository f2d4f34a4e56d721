/*
 * Access to image memory from the application.  Spec: "Object: Image"
 * (vxMapImagePatch, vxUnmapImagePatch, vxCopyImagePatch,
 * vxFormatImagePatchAddress1d/2d) and the 1.0 functions of vx_compatibility.h
 * (vxComputeImagePatchSize, vxAccessImagePatch, vxCommitImagePatch).
 */
#include "image.h"

#include <sched.h>
#include <stdlib.h>
#include <string.h>

/* ---- map / unmap ------------------------------------------------------- */
static vx_bool is_write(vx_enum usage)
{
    return usage == VX_WRITE_ONLY || usage == VX_READ_AND_WRITE;
}

/* Root-plane area of a rectangle of a plane of img. */
static void root_area(vx_image img, vx_uint32 plane, const vx_rectangle_t *rect, ovx_image_map *m)
{
    const ovx_plane_format *pf = &img->info->plane[plane];
    m->root_plane = img->root_plane[plane];
    m->x0 = img->off_x[plane] + rect->start_x / pf->sub_x;
    m->x1 = img->off_x[plane] + (rect->end_x + pf->sub_x - 1) / pf->sub_x;
    m->y0 = img->off_y[plane] + rect->start_y / pf->sub_y;
    m->y1 = img->off_y[plane] + (rect->end_y + pf->sub_y - 1) / pf->sub_y;
}

/* Register a map on the root (caller holds the context lock).  Overlapping
 * maps of the same memory are allowed when all of them only read. */
static vx_status add_map(vx_image img, const char *fn, ovx_image_map *tmpl, vx_map_id *id_out)
{
    static vx_map_id next_id = 1;
    vx_image root = img->root;
    ovx_image_map *m;
    for (m = root->maps; m; m = m->next) {
        if (m->root_plane != tmpl->root_plane) continue;
        if (m->x0 >= tmpl->x1 || tmpl->x0 >= m->x1 || m->y0 >= tmpl->y1 || tmpl->y0 >= m->y1) continue;
        if (is_write(m->usage) || is_write(tmpl->usage)) {
            ovx_log((vx_reference)img, VX_FAILURE,
                    "%s: the patch overlaps a patch already mapped (map id %lu) and one of them writes", fn,
                    (unsigned long)m->id);
            return VX_FAILURE;
        }
    }
    m = malloc(sizeof(*m));
    if (!m) return VX_ERROR_NO_MEMORY;
    *m = *tmpl;
    m->id = next_id++;
    if (next_id == 0) next_id = 1;
    m->next = root->maps;
    root->maps = m;
    if (id_out) *id_out = m->id;
    return VX_SUCCESS;
}

/* The image's memory (ovx_image_alloc), or the failure logged for fn. */
static vx_status need_memory(vx_image image, const char *fn)
{
    vx_status s = ovx_image_alloc(image);
    if (s != VX_SUCCESS)
        ovx_log((vx_reference)image, s, "%s: the image has no memory (handle taken back by vxSwapImageHandle?)", fn);
    return s;
}

/* Common part of vxMapImagePatch and vxAccessImagePatch (direct pointer). */
static vx_status map_patch(vx_image image, const char *fn, const vx_rectangle_t *rect, vx_uint32 plane,
                           vx_map_id *map_id, vx_imagepatch_addressing_t *addr, void **ptr, vx_enum usage)
{
    ovx_image_map tmpl;
    vx_status s = ovx_image_check_rect(image, fn, rect, plane);
    if (s != VX_SUCCESS) return s;
    if (!ovx_map_usage_ok(usage)) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "%s: usage 0x%x is not a vx_accessor_e", fn,
                (unsigned)usage);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (image->is_uniform && usage != VX_READ_ONLY) {
        ovx_log((vx_reference)image, VX_ERROR_NOT_SUPPORTED, "%s: a uniform image is read-only", fn);
        return VX_ERROR_NOT_SUPPORTED;
    }
    s = need_memory(image, fn);
    if (s != VX_SUCCESS) return s;
    memset(&tmpl, 0, sizeof(tmpl));
    root_area(image, plane, rect, &tmpl);
    tmpl.owner = image;
    tmpl.plane = plane;
    tmpl.usage = usage;
    tmpl.rect = *rect;
    ovx_context_lock(image->base.context);
    ovx_image_wait_copies(image);
    ovx_image_patch_of(image, plane, rect, addr, ptr);
    tmpl.ptr = *ptr;
    s = add_map(image, fn, &tmpl, map_id);
    ovx_context_unlock(image->base.context);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxMapImagePatch(vx_image image, const vx_rectangle_t *rect, vx_uint32 plane_index,
                                                   vx_map_id *map_id, vx_imagepatch_addressing_t *addr, void **ptr,
                                                   vx_enum usage, vx_enum mem_type, vx_uint32 flags)
{
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    if (map_id == NULL || addr == NULL || ptr == NULL) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "vxMapImagePatch: map_id, addr or ptr is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (mem_type != VX_MEMORY_TYPE_HOST) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                "vxMapImagePatch: memory type 0x%x is not supported (only VX_MEMORY_TYPE_HOST)", (unsigned)mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (flags & ~(vx_uint32)VX_NOGAP_X) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "vxMapImagePatch: unknown flags 0x%x",
                (unsigned)flags);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    /* our planes never have gaps in x, so VX_NOGAP_X needs nothing more */
    return map_patch(image, "vxMapImagePatch", rect, plane_index, map_id, addr, ptr, usage);
}

/* Find (and unlink when found) a map of image by id or by pointer. */
static ovx_image_map *take_map(vx_image image, vx_map_id id, const void *ptr)
{
    ovx_image_map **pp, *m = NULL;
    ovx_context_lock(image->base.context);
    for (pp = &image->root->maps; *pp; pp = &(*pp)->next) {
        if ((*pp)->owner == image && (ptr ? (*pp)->ptr == ptr : (*pp)->id == id)) {
            m = *pp;
            *pp = m->next;
            break;
        }
    }
    ovx_context_unlock(image->base.context);
    return m;
}

VX_API_ENTRY vx_status VX_API_CALL vxUnmapImagePatch(vx_image image, vx_map_id map_id)
{
    ovx_image_map *m;
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    m = take_map(image, map_id, NULL);
    if (!m || m->user_memory) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                "vxUnmapImagePatch: map id %lu is not a live map of this image", (unsigned long)map_id);
        if (m) { /* a 1.0 access entry: put it back */
            ovx_context_lock(image->base.context);
            m->next = image->root->maps;
            image->root->maps = m;
            ovx_context_unlock(image->base.context);
        }
        return VX_ERROR_INVALID_PARAMETERS;
    }
    free(m);
    return VX_SUCCESS;
}

/* ---- copy ----------------------------------------------------------------- */
/* Copy a rectangle of a plane between the image and application memory laid
 * out by ua (dim_x/dim_y/stride_x/stride_y; U1: bit (x - start_x&~7) of the
 * row).  to_user: image -> user. */
static vx_status copy_patch(vx_image image, const char *fn, const vx_rectangle_t *rect, vx_uint32 plane,
                            const vx_imagepatch_addressing_t *ua, void *user, vx_bool to_user)
{
    const ovx_plane_format *pf = &image->info->plane[plane];
    vx_imagepatch_addressing_t ia;
    void *iptr;
    vx_uint32 px0, px1, py0, py1, pw, ph, x, y;
    vx_status s = need_memory(image, fn);
    if (s != VX_SUCCESS) return s;
    px0 = rect->start_x / pf->sub_x;
    px1 = (rect->end_x + pf->sub_x - 1) / pf->sub_x;
    py0 = rect->start_y / pf->sub_y;
    py1 = (rect->end_y + pf->sub_y - 1) / pf->sub_y;
    pw = px1 - px0;
    ph = py1 - py0;
    if (ua->dim_x < pw || ua->dim_y < ph) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                "%s: the user addressing is %ux%u, the patch of plane %u is %ux%u", fn, ua->dim_x, ua->dim_y, plane,
                pw, ph);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (pf->bits == 1) {
        vx_uint32 lead = rect->start_x % 8;
        if (ua->stride_x != 0 || ua->stride_y < (vx_int32)((lead + pw + 7) / 8)) {
            ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                    "%s: U1 user addressing needs stride_x 0 and stride_y >= %u (got %d, %d)", fn,
                    (lead + pw + 7) / 8, ua->stride_x, ua->stride_y);
            return VX_ERROR_INVALID_PARAMETERS;
        }
    } else if (ua->stride_x < (vx_int32)pf->bytes || (vx_int64)ua->stride_y < (vx_int64)ua->stride_x * (vx_int64)pw) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                "%s: user addressing needs stride_x >= %u and stride_y >= stride_x * %u (got %d, %d)", fn, pf->bytes,
                pw, ua->stride_x, ua->stride_y);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    ovx_image_patch_of(image, plane, rect, &ia, &iptr);
    for (y = 0; y < ph; y++) {
        vx_uint8 *irow = (vx_uint8 *)iptr + (size_t)y * (size_t)ia.stride_y;
        vx_uint8 *urow = (vx_uint8 *)user + (size_t)y * (size_t)ua->stride_y;
        if (pf->bits == 1) {
            /* both rows start at the byte holding pixel start_x & ~7 */
            vx_uint32 b0 = rect->start_x % 8, b1 = b0 + pw;
            vx_uint8 *dst = to_user ? urow : irow;
            const vx_uint8 *src = to_user ? irow : urow;
            if (to_user) { /* padding bits are implementation-defined: copy whole bytes */
                memcpy(dst, src, (b1 + 7) / 8);
            } else {
                for (x = b0; x < b1; x++) {
                    vx_uint8 bit = (vx_uint8)(1u << (x % 8));
                    dst[x / 8] = (vx_uint8)((dst[x / 8] & ~bit) | (src[x / 8] & bit));
                }
            }
        } else if (ua->stride_x == (vx_int32)pf->bytes) {
            if (to_user) memcpy(urow, irow, (size_t)pw * pf->bytes);
            else memcpy(irow, urow, (size_t)pw * pf->bytes);
        } else {
            for (x = 0; x < pw; x++) {
                vx_uint8 *ip = irow + (size_t)x * pf->bytes, *up = urow + (size_t)x * (size_t)ua->stride_x;
                if (to_user) memcpy(up, ip, pf->bytes);
                else memcpy(ip, up, pf->bytes);
            }
        }
    }
    return VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxCopyImagePatch(vx_image image, const vx_rectangle_t *image_rect,
                                                    vx_uint32 image_plane_index,
                                                    const vx_imagepatch_addressing_t *user_addr, void *user_ptr,
                                                    vx_enum usage, vx_enum user_mem_type)
{
    static const char fn[] = "vxCopyImagePatch";
    ovx_image_map tmpl;
    vx_status s;
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    s = ovx_image_check_rect(image, fn, image_rect, image_plane_index);
    if (s != VX_SUCCESS) return s;
    if (user_addr == NULL || user_ptr == NULL) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "%s: user_addr or user_ptr is NULL", fn);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (user_mem_type != VX_MEMORY_TYPE_HOST) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "%s: memory type 0x%x is not supported", fn,
                (unsigned)user_mem_type);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (usage != VX_READ_ONLY && usage != VX_WRITE_ONLY) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS,
                "%s: usage 0x%x: only VX_READ_ONLY and VX_WRITE_ONLY are supported", fn, (unsigned)usage);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (image->is_uniform && usage != VX_READ_ONLY) {
        ovx_log((vx_reference)image, VX_ERROR_NOT_SUPPORTED, "%s: a uniform image is read-only", fn);
        return VX_ERROR_NOT_SUPPORTED;
    }
    /* a copy must not write under a live map, nor read under a writing one */
    memset(&tmpl, 0, sizeof(tmpl));
    root_area(image, image_plane_index, image_rect, &tmpl);
    tmpl.usage = usage;
    ovx_context_lock(image->base.context);
    ovx_image_wait_copies(image); /* (copies of one image one at a time, as when they held the lock) */
    {
        ovx_image_map *m;
        for (m = image->root->maps; m; m = m->next) {
            if (m->root_plane != tmpl.root_plane || m->x0 >= tmpl.x1 || tmpl.x0 >= m->x1 || m->y0 >= tmpl.y1 ||
                tmpl.y0 >= m->y1)
                continue;
            if (is_write(m->usage) || usage == VX_WRITE_ONLY) {
                ovx_context_unlock(image->base.context);
                ovx_log((vx_reference)image, VX_FAILURE, "%s: the patch overlaps a mapped patch (map id %lu)", fn,
                        (unsigned long)m->id);
                return VX_FAILURE;
            }
        }
    }
    /* The bytes move without the context's lock, which is everybody's (a
     * 640x480 copy held it 20 us: in the Python bench's stream, the user
     * kernel's two copies a frame kept the lanes' and the application's
     * calls waiting on it); the copy is counted instead, and what would
     * change or hand out this image's pointers, or copy it too, waits for
     * it (ovx_image_wait_copies), as it waited for the lock before. */
    s = need_memory(image, fn); /* (here: nothing the copy does below takes the lock, see ovx_image_wait_copies) */
    if (s != VX_SUCCESS) {
        ovx_context_unlock(image->base.context);
        return s;
    }
    __atomic_add_fetch(&image->root->copying, 1, __ATOMIC_RELAXED);
    ovx_context_unlock(image->base.context);
    s = copy_patch(image, fn, image_rect, image_plane_index, user_addr, user_ptr,
                   usage == VX_READ_ONLY ? vx_true_e : vx_false_e);
    __atomic_sub_fetch(&image->root->copying, 1, __ATOMIC_RELEASE);
    return s;
}

void ovx_image_wait_copies(vx_image image)
{
    vx_image root = image->root;
    while (__atomic_load_n(&root->copying, __ATOMIC_ACQUIRE)) {
        /* (rare: two threads racing on one image; the copy ends without
         * the lock, memory made before it starts, so this ends even if the
         * lock is held more than once: a log callback's call, say) */
        ovx_context_unlock(root->base.context);
        sched_yield();
        ovx_context_lock(root->base.context);
    }
}

/* ---- patch addressing ------------------------------------------------------ */
VX_API_ENTRY void *VX_API_CALL vxFormatImagePatchAddress2d(void *ptr, vx_uint32 x, vx_uint32 y,
                                                            const vx_imagepatch_addressing_t *addr)
{
    vx_uint32 sx, sy;
    vx_size ox, oy;
    if (ptr == NULL || addr == NULL || x >= addr->dim_x || y >= addr->dim_y) return NULL;
    sx = addr->scale_x ? addr->scale_x : VX_SCALE_UNITY;
    sy = addr->scale_y ? addr->scale_y : VX_SCALE_UNITY;
    ox = (vx_size)((vx_uint64)x * sx / VX_SCALE_UNITY);
    oy = (vx_size)((vx_uint64)y * sy / VX_SCALE_UNITY);
    if (addr->stride_x == 0)
        return (vx_uint8 *)ptr + (vx_int64)oy * addr->stride_y + (vx_int64)(ox * addr->stride_x_bits / 8);
    return (vx_uint8 *)ptr + (vx_int64)oy * addr->stride_y + (vx_int64)ox * addr->stride_x;
}

VX_API_ENTRY void *VX_API_CALL vxFormatImagePatchAddress1d(void *ptr, vx_uint32 index,
                                                            const vx_imagepatch_addressing_t *addr)
{
    if (ptr == NULL || addr == NULL || addr->dim_x == 0) return NULL;
    if ((vx_uint64)index >= (vx_uint64)addr->dim_x * addr->dim_y) return NULL;
    return vxFormatImagePatchAddress2d(ptr, index % addr->dim_x, index / addr->dim_x, addr);
}

/* ---- 1.0 compatibility (vx_compatibility.h) ------------------------------- */
VX_API_ENTRY vx_size VX_API_CALL vxComputeImagePatchSize(vx_image image, const vx_rectangle_t *rect,
                                                         vx_uint32 plane_index)
{
    const ovx_plane_format *pf;
    vx_uint32 pw, ph;
    if (!ovx_image_valid(image)) return 0;
    if (ovx_image_check_rect(image, "vxComputeImagePatchSize", rect, plane_index) != VX_SUCCESS) return 0;
    pf = &image->info->plane[plane_index];
    pw = (rect->end_x + pf->sub_x - 1) / pf->sub_x - rect->start_x / pf->sub_x;
    ph = (rect->end_y + pf->sub_y - 1) / pf->sub_y - rect->start_y / pf->sub_y;
    if (pf->bits == 1) return (vx_size)((rect->start_x % 8 + pw + 7) / 8) * ph;
    return (vx_size)pw * ph * pf->bytes;
}

VX_API_ENTRY vx_status VX_API_CALL vxAccessImagePatch(vx_image image, const vx_rectangle_t *rect,
                                                      vx_uint32 plane_index, vx_imagepatch_addressing_t *addr,
                                                      void **ptr, vx_enum usage)
{
    static const char fn[] = "vxAccessImagePatch";
    ovx_image_map tmpl;
    vx_status s;
    vx_map_id id;
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    if (addr == NULL || ptr == NULL) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "%s: addr or ptr is NULL", fn);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (*ptr == NULL) return map_patch(image, fn, rect, plane_index, &id, addr, ptr, usage);
    /* the application gives its memory: addr describes it (a zero stride_x
     * asks for the packed layout, which is then returned in addr) */
    s = ovx_image_check_rect(image, fn, rect, plane_index);
    if (s != VX_SUCCESS) return s;
    if (!ovx_map_usage_ok(usage)) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "%s: usage 0x%x is not a vx_accessor_e", fn,
                (unsigned)usage);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (image->is_uniform && usage != VX_READ_ONLY) {
        ovx_log((vx_reference)image, VX_ERROR_NOT_SUPPORTED, "%s: a uniform image is read-only", fn);
        return VX_ERROR_NOT_SUPPORTED;
    }
    {
        const ovx_plane_format *pf = &image->info->plane[plane_index];
        vx_uint32 pw = (rect->end_x + pf->sub_x - 1) / pf->sub_x - rect->start_x / pf->sub_x;
        vx_uint32 ph = (rect->end_y + pf->sub_y - 1) / pf->sub_y - rect->start_y / pf->sub_y;
        if (pf->bits != 1 && addr->stride_x == 0) {
            addr->dim_x = pw;
            addr->dim_y = ph;
            addr->stride_x = pf->bytes;
            addr->stride_y = (vx_int32)(pw * pf->bytes);
            addr->scale_x = addr->scale_y = VX_SCALE_UNITY;
            addr->step_x = addr->step_y = 1;
            addr->stride_x_bits = (vx_uint16)(pf->bytes * 8);
        } else if (pf->bits == 1 && addr->stride_y == 0) {
            addr->dim_x = pw + rect->start_x % 8;
            addr->dim_y = ph;
            addr->stride_x = 0;
            addr->stride_x_bits = 1;
            addr->stride_y = (vx_int32)((addr->dim_x + 7) / 8);
            addr->scale_x = addr->scale_y = VX_SCALE_UNITY;
            addr->step_x = addr->step_y = 1;
        }
    }
    if (usage != VX_WRITE_ONLY) {
        ovx_context_lock(image->base.context);
        ovx_image_wait_copies(image);
        s = copy_patch(image, fn, rect, plane_index, addr, *ptr, vx_true_e);
        ovx_context_unlock(image->base.context);
        if (s != VX_SUCCESS) return s;
    }
    memset(&tmpl, 0, sizeof(tmpl));
    root_area(image, plane_index, rect, &tmpl);
    tmpl.owner = image;
    tmpl.plane = plane_index;
    tmpl.usage = usage;
    tmpl.ptr = *ptr;
    tmpl.user_memory = vx_true_e;
    tmpl.user_addr = *addr;
    tmpl.rect = *rect;
    ovx_context_lock(image->base.context);
    s = add_map(image, fn, &tmpl, &id);
    ovx_context_unlock(image->base.context);
    return s;
}

VX_API_ENTRY vx_status VX_API_CALL vxCommitImagePatch(vx_image image, const vx_rectangle_t *rect,
                                                      vx_uint32 plane_index, const vx_imagepatch_addressing_t *addr,
                                                      const void *ptr)
{
    static const char fn[] = "vxCommitImagePatch";
    ovx_image_map *m;
    vx_status s = VX_SUCCESS;
    if (!ovx_image_valid(image)) return VX_ERROR_INVALID_REFERENCE;
    if (ptr == NULL || addr == NULL) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "%s: addr or ptr is NULL", fn);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    m = take_map(image, 0, ptr);
    if (!m) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "%s: ptr was not given by vxAccessImagePatch", fn);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    if (m->plane != plane_index) {
        ovx_log((vx_reference)image, VX_ERROR_INVALID_PARAMETERS, "%s: plane %u, the patch was accessed on plane %u",
                fn, plane_index, m->plane);
        s = VX_ERROR_INVALID_PARAMETERS;
    } else if (m->user_memory && is_write(m->usage) && rect && rect->end_x > rect->start_x &&
               rect->end_y > rect->start_y) {
        /* a zero-area rect commits nothing */
        s = ovx_image_check_rect(image, fn, rect, plane_index);
        if (s == VX_SUCCESS) {
            ovx_context_lock(image->base.context);
            ovx_image_wait_copies(image);
            s = copy_patch(image, fn, rect, plane_index, &m->user_addr, (void *)(uintptr_t)ptr, vx_false_e);
            ovx_context_unlock(image->base.context);
        }
    }
    free(m);
    return s;
}
