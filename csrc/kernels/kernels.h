/*
 * What a kernel family (one file per spec chapter family in csrc/kernels/)
 * needs from the framework.
 *
 * A family file defines, per vision function, its static validator and its
 * window (row band) or whole-node function (and a SIMD select hook if any);
 * the compute itself lives in csrc/compute/ (raw planes + a window, no vx_
 * objects).  The kernel's ovx_kernel_desc (name, enum, parameters, the
 * functions above by name, split parameter, valid-region rule), the family
 * table ovx_family_<file>[] and select table ovx_select_<file>[] are
 * generated from the kernel's entry ("c") in pyopenvx/_kernel_table.py into
 * kernel_descs.h, which the family file includes at its end after
 * `#define OVX_KERNEL_FILE_<FILE>`; kernel_registry.c (generated too) gathers
 * the families, the select hooks and the fusion radii.  The vx<Function>Node and vxu<Function> entry points are generated
 * at build time from the kernel's declaration in pyopenvx/_kernel_table.py by
 * tools/gen_kernels.py (node functions with ovx_node_create(); vxu functions
 * on the public API, a one-node graph, see csrc/vxu/vxu_common.h).
 *
 * Validators are ordinary vx_kernel_validate_f: they read their inputs with
 * the public query functions and describe every output with
 * vxSetMetaFormatAttribute (format, width, height, ...); the verifier checks
 * non-virtual outputs against that and gives virtual outputs those values.
 * A refusal returns VX_ERROR_INVALID_FORMAT / _DIMENSION / _VALUE /
 * _PARAMETERS / _TYPE after ovx_kernel_log() saying which parameter and why.
 */
#ifndef OVX_KERNELS_H
#define OVX_KERNELS_H

#include "../framework/ovx.h"
#include "../objects/array.h"
#include "../objects/image.h"
#include "../objects/scalar.h"

/* The pixelwise rows' variant for op (compute/pixel.h's table; the file
 * using it includes that header): the best the CPU allows, or the AVX2
 * entry where the CPU runs AVX-512 at half width (ovx_variant_halfwidth_step:
 * these streams of loads and stores ran slower in 512 bits there: Add U8 at
 * 1920x1080 in NumPy's memory, one thread of a Zen 4, 0.075 ms against
 * AVX2's 0.066; Add S16 0.160 against 0.143). */
#define OVX_PIXEL_PICK(op) ovx_variant_halfwidth_step(ovx_variant_pick(ovxc_pixel_variants(op)))

/* ---- node creation (framework/node.c) ---------------------------------- */

/* A node of the built-in kernel `kernel_enum` in graph with params[0..num-1]
 * set (NULL entries stay unset: optional parameters, or errors found by
 * vxVerifyGraph).  Returns an error object (or NULL for an invalid graph) on
 * failure, with a log entry. */
vx_node ovx_node_create(vx_graph graph, vx_enum kernel_enum, const vx_reference params[], vx_uint32 num);

/* A scalar holding *value for an atomic argument of a vx<Function>Node call
 * (created in graph's context; NULL when graph is invalid).  Pass it to
 * ovx_node_create, then ovx_scalar_drop() it: the node keeps its own
 * reference. */
vx_scalar ovx_node_scalar(vx_graph graph, vx_enum type, const void *value);
void ovx_scalar_drop(vx_scalar scalar);

/* Parameter structures of node functions (kernels/util.c): a one-item array
 * of `type` holding *value (size bytes), or a scalar of `type` holding a copy
 * of size bytes of *ptr zero-filled to full bytes (its VX_SCALAR_TYPE is
 * `type`, its size the given size).  NULL when graph or the pointer is not
 * usable: the node then misses that parameter and verification says so. */
vx_array ovx_param_array(vx_graph graph, vx_enum type, const void *value, vx_size size);
vx_scalar ovx_struct_scalar(vx_graph graph, vx_enum type, const void *ptr, vx_size size, vx_size full);

/* Import/export (generated with the node functions): bit i set when
 * parameter i of built-in kernel kernel_enum is made by its node function
 * from an atomic C argument or a parameter structure. */
vx_uint32 ovx_kernel_fixed_params(vx_enum kernel_enum);

/* Fusion (generated with the kernel descriptors, kernel_registry.c): the
 * vertical input radius of a kernel whose row bands runtime/fuse.c may chain
 * (the kernel table's "fuse"), -1 for the others. */
int ovx_kernel_fuse_radius(vx_enum kernel_enum);

/* ---- inside validators and compute ------------------------------------- */

/* Log entry on the node naming the kernel and parameter index, e.g.
 * ovx_kernel_log(node, 1, VX_ERROR_INVALID_FORMAT, "must be U8, got %s", ...).
 * Returns status, so a validator can `return ovx_kernel_log(...)`. */
vx_status ovx_kernel_log(vx_node node, vx_uint32 index, vx_status status, const char *fmt, ...)
    OVX_PRINTF(4, 5);

/* The node's border mode (VX_NODE_BORDER). */
vx_border_t ovx_node_border(vx_node node);

/* A plane of an image as raw memory: pointer to pixel (0,0) of the image (a
 * sub-image's own origin), the row stride in bytes, and the plane's size in
 * its own samples.  The executor has allocated every image parameter's
 * memory before compute runs. */
typedef struct {
    vx_uint8 *ptr;
    vx_int32 stride;
    vx_uint32 width, height;
} ovx_plane;
ovx_plane ovx_image_plane(vx_image image, vx_uint32 plane);

/* ---- SIMD row runners (kernels/util.c; runtime/dispatch.h) ----------------- */
/* Are the images p[idx[0..n-1]] all of format f? */
vx_bool ovx_images_fmt(const vx_reference p[], const int idx[], int n, vx_df_image f);
/* Run the node's chosen compute/pixel.h row routine (ovxc_row2_f) over the
 * window: planes 0 of images in0, in1 (-1 for a unary op) and out, all U8 or
 * all S16 (the output's format says which). */
vx_status ovx_rows2_run(vx_node node, const vx_reference p[], int in0, int in1, int out, const ovx_window *w);

/* Node-kept scratch of at least size bytes, reused by later runs and freed
 * with the node (kernels/util.c); NULL when out of memory. */
void *ovx_node_scratch(vx_node node, vx_size size);

/* ---- validator helpers (kernels/util.c) ---------------------------------- */
/* An image's format (0 for NULL or a non-image), its size (0 x 0 likewise). */
vx_df_image ovx_image_format_of(vx_reference ref);
void ovx_image_size_of(vx_reference ref, vx_uint32 *width, vx_uint32 *height);
/* A format code as text for log messages ("U8", "RGB2", '?' for others). */
const char *ovx_fmt_name(vx_df_image format, char buf[5]);
/* Describe an output image: format, width, height. */
vx_status ovx_set_image_meta(vx_meta_format meta, vx_df_image format, vx_uint32 width, vx_uint32 height);
/* In a validator: the value of scalar parameter `index` (ref), which must be
 * of type `type`; VX_ERROR_INVALID_PARAMETERS (not a readable scalar) or
 * VX_ERROR_INVALID_TYPE with a log entry otherwise. */
vx_status ovx_scalar_param(vx_node node, vx_reference ref, vx_uint32 index, vx_enum type, void *value);

/* Read the value of a scalar parameter (no map); type must match. */
vx_status ovx_scalar_get(vx_scalar scalar, vx_enum type, void *value);
vx_status ovx_scalar_set(vx_scalar scalar, vx_enum type, const void *value);

/* ---- data objects as wholes (kernels/control.c; Copy, Select, Swap, Move) ---- */

/* Can a data object of this type be copied or swapped as a whole? */
vx_bool ovx_copyable_type(vx_enum type);
/* Do a and b have the same meta data?  Attributes of b still unknown (a virtual
 * object) match anything; `why` gets the difference. */
vx_status ovx_same_meta(vx_reference a, vx_reference b, char *why, size_t n);
/* Is the object, or a part of it, read-only (uniform image, read-only matrix)? */
vx_bool ovx_read_only(vx_reference r);

#endif
