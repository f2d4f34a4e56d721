/*
 * The image object (spec "Object: Image", the U1 feature set of
 * vx_khr_feature_sets, and the image parts of "Valid Image Region").
 *
 * Memory model.  A *root* image (vxCreateImage, vxCreateUniformImage,
 * vxCreateImageFromHandle, virtual images) owns the plane memory: either
 * allocated by the library on first access (lazily, zero-filled, or filled
 * with the uniform value) or given by the application (from handle, swapped
 * by vxSwapImageHandle).  A *sub-image* (vxCreateImageFromROI,
 * vxCreateImageFromChannel, and ROIs/channels of those) owns nothing: each of
 * its planes names a plane of the root and an offset into it, in that root
 * plane's own pixels, so it always sees the root's current memory (also after
 * a swap).  A sub-image holds its immediate parent with an internal
 * reference, which keeps the whole chain up to the root alive.
 *
 * Layout of a root plane: rows of dim_x pixels, stride_y bytes apart (no
 * padding in x: stride_x is the pixel size).  U1 planes are bit-packed: pixel
 * x of a row is bit (x % 8) of byte (x / 8); stride_x is 0 and stride_x_bits
 * is 1.  U1 sub-images start on a byte boundary (ROI start_x % 8 == 0), so
 * every image's pixel 0 of a row is bit 0 of a byte.
 *
 * Subsampled planes (NV12/NV21 chroma, IYUV U and V): the plane holds
 * width/sub_x x height/sub_y samples; the addressing returned by map uses the
 * image's pixel units (dim_x is the patch width in image pixels, step_x =
 * sub_x, scale_x = VX_SCALE_UNITY / sub_x), as vxFormatImagePatchAddress2d
 * expects.  UYVY/YUYV are one plane of 2-byte pixels (Y plus the U or V of
 * the macro-pixel).
 */
#ifndef OVX_IMAGE_H
#define OVX_IMAGE_H

#include "../framework/ovx.h"

#define OVX_IMAGE_MAX_PLANES 3

typedef struct {
    vx_uint8 bytes; /* bytes per pixel (stride_x); 0 for U1 */
    vx_uint8 bits;  /* bits per pixel: 1 for U1, 8 * bytes otherwise */
    vx_uint8 sub_x; /* subsampling relative to the image (1 or 2) */
    vx_uint8 sub_y;
} ovx_plane_format;

typedef struct {
    vx_df_image format;
    vx_uint32 planes;
    vx_uint32 align_x; /* width must be a multiple of this */
    vx_uint32 align_y; /* height must be a multiple of this */
    vx_enum space;     /* default VX_IMAGE_SPACE */
    ovx_plane_format plane[OVX_IMAGE_MAX_PLANES];
} ovx_format_info;

/* Format description, or NULL for VX_DF_IMAGE_VIRT and unknown codes. */
const ovx_format_info *ovx_image_format_info(vx_df_image format);

typedef struct {
    vx_uint8 *ptr;      /* pixel (0,0); NULL: not allocated yet / swapped out */
    vx_int32 stride_y;  /* bytes between rows */
    vx_uint32 dim_x;    /* samples per row (plane pixels) */
    vx_uint32 dim_y;    /* rows */
} ovx_plane_mem;

typedef struct ovx_image_map {
    vx_map_id id;
    vx_image owner;          /* the image the application mapped through */
    vx_uint32 plane;         /* plane index of owner */
    vx_uint32 root_plane;
    vx_uint32 x0, y0, x1, y1; /* area of the root plane (its pixels), for overlap */
    vx_enum usage;
    void *ptr;               /* what the application was given */
    /* 1.0 vxAccessImagePatch with application memory: copied back on commit */
    vx_bool user_memory;
    vx_imagepatch_addressing_t user_addr;
    vx_rectangle_t rect;
    struct ovx_image_map *next;
} ovx_image_map;

struct _vx_image {
    struct _vx_reference base;
    vx_uint32 width, height;
    vx_df_image format;
    const ovx_format_info *info; /* NULL while a virtual image's format is VIRT */
    vx_uint32 planes;
    vx_enum space;
    vx_enum range;
    vx_enum memory_type;         /* VX_MEMORY_TYPE_HOST for (sub-images of) handle images */
    vx_bool is_uniform;          /* uniform images and their sub-images: read-only */
    vx_bool accessible;          /* virtual image: a running node of its graph may access it */
    vx_pixel_value_t uniform_value;
    vx_rectangle_t valid;
    /* sub-images */
    vx_image parent;             /* NULL for a root; held with an internal reference */
    vx_image root;               /* the memory owner (itself for a root) */
    vx_uint32 root_plane[OVX_IMAGE_MAX_PLANES];
    vx_uint32 off_x[OVX_IMAGE_MAX_PLANES]; /* offset in the root plane's pixels */
    vx_uint32 off_y[OVX_IMAGE_MAX_PLANES];
    /* roots */
    ovx_plane_mem mem[OVX_IMAGE_MAX_PLANES];
    void *alloc;                 /* library-owned block (NULL for handle images) */
    vx_bool planned;             /* alloc is a graph's buffer (runtime/memplan.c), not ours to free */
    vx_bool from_handle;
    ovx_image_map *maps;         /* every live map of the root and its sub-images */
    vx_uint32 copying;           /* vxCopyImagePatch calls copying the root's pixels now (ovx_image_wait_copies) */
    /* a virtual root as created: a 0 size or VIRT format is deduced again at every verification */
    vx_bool has_decl;
    vx_uint32 decl_width, decl_height;
    vx_df_image decl_format;
};

/* ---- for other modules (graph, kernels, pyramids, delays, ...) --------- */

/* Create a root image; virtual images (scope = graph) may have width/height 0
 * and format VX_DF_IMAGE_VIRT until ovx_image_set_meta.  Returns NULL (no
 * error object) on failure after logging. */
vx_image ovx_image_create(vx_context context, vx_reference scope, vx_uint32 width, vx_uint32 height,
                          vx_df_image format, vx_bool is_virtual);
/* Fix a virtual image's size/format (graph verification); drops its memory. */
vx_status ovx_image_set_meta(vx_image image, vx_uint32 width, vx_uint32 height, vx_df_image format);
/* A virtual root back to the size and format it was created with (graph
 * verification deduces the rest again); drops its memory when they change. */
void ovx_image_forget(vx_image image);
/* Make sure the root's planes have memory (allocated lazily).  VX_ERROR_NO_MEMORY
 * for a handle image whose handle was taken back with vxSwapImageHandle(NULL). */
vx_status ovx_image_alloc(vx_image image);
/* With the context's lock held: until no vxCopyImagePatch copies the pixels
 * of image's root (a copy moves the bytes without that lock; whatever hands
 * out or changes the root's pointers, or copies too, waits for it). */
void ovx_image_wait_copies(vx_image image);
/* Direct access to a rectangle of a plane (no map bookkeeping), in the same
 * addressing as vxMapImagePatch returns; allocates memory if needed.  rect
 * NULL: the whole image. */
vx_status ovx_image_patch(vx_image image, vx_uint32 plane, const vx_rectangle_t *rect,
                          vx_imagepatch_addressing_t *addr, void **ptr);
/* Pointer to sample (0,0) of the image's plane, in plane pixels, and its row
 * stride; NULL when there is no memory (call ovx_image_alloc first). */
vx_uint8 *ovx_image_plane_ptr(vx_image image, vx_uint32 plane, vx_int32 *stride_y);
/* Per-thread views (runtime/fuse.c): while set on a thread, ovx_image_plane_ptr
 * of an image whose root is views[i].root returns views[i].ptr[p] (row 0 of
 * root plane p) and views[i].stride[p] instead of the root's memory. */
typedef struct {
    vx_image root;
    vx_uint8 *ptr[OVX_IMAGE_MAX_PLANES];
    vx_int32 stride[OVX_IMAGE_MAX_PLANES];
} ovx_plane_view;
void ovx_image_set_views(const ovx_plane_view *views, vx_uint32 num);
/* Is any patch of the image (or of an image sharing its memory) mapped? */
vx_bool ovx_image_is_mapped(vx_image image);
/* Set every pixel of the image (as vxSetImagePixelValues, also on uniform
 * images: used to initialize them). */
vx_status ovx_image_fill(vx_image image, const vx_pixel_value_t *value);

/* An image's valid rectangle, read or written whole under a lock of its own
 * (a leaf: nothing else is taken under it): a graph sets its outputs' as
 * nodes end while the application, or another graph, may read them. */
void ovx_image_get_valid(vx_image image, vx_rectangle_t *rect);
void ovx_image_set_valid(vx_image image, const vx_rectangle_t *rect);
/* Whether rect may be image's valid rectangle: not inverted, inside the
 * image (vxSetImageValidRectangle's rule; the rest of the library and the
 * kernels, which may sample only this region, trust it). */
vx_bool ovx_image_rect_fits(vx_image image, const vx_rectangle_t *rect);

/* Memory planning (runtime/memplan.c): give a virtual root image the block
 * at mem (of at least ovx_image_bytes bytes, 64-byte aligned) that its graph
 * owns, or take it back (mem NULL). */
size_t ovx_image_bytes(vx_image image);
void ovx_image_use_block(vx_image image, void *mem);

/* Shared by image.c and image_access.c. */
vx_bool ovx_image_valid(vx_image image);
/* Check a patch rectangle of plane for fn (logs and returns the status). */
vx_status ovx_image_check_rect(vx_image img, const char *fn, const vx_rectangle_t *rect, vx_uint32 plane);
/* Addressing and pointer of rect in plane (memory must be allocated). */
void ovx_image_patch_of(vx_image img, vx_uint32 plane, const vx_rectangle_t *rect, vx_imagepatch_addressing_t *addr,
                        void **ptr);

#endif
