/*
 * vx_khr_tiling: user kernels whose functions compute rectangular tiles of
 * their output images (vx_khr_tiling.adoc).
 *
 * A tiling kernel is a user kernel (1.0-style input/output validators) with
 * two tile functions, "flexible" and "fast", and the attributes input
 * neighborhood, output tile block size, tile memory size and border mode.
 * Nodes copy these attributes when they are created and may change them
 * before verification.
 *
 * Execution (ovx_tiling_run) of a node whose first output image is W x H:
 *   - the inner region I is the set of output pixels whose neighborhood lies
 *     inside the image: [-left, W - right) x [-top, H - bottom);
 *   - the aligned region A is I shrunk to the output tile-block grid
 *     (multiples of the block size from the image origin);
 *   - the processed region P is the whole image with VX_BORDER_MODE_SELF and
 *     I with VX_BORDER_UNDEFINED;
 *   - A is cut into tiles made of whole blocks (full-width bands) run by the
 *     fast function, or by the flexible one when there is no fast function;
 *     the rest of P (at most four strips) goes to the flexible function, if
 *     any.  Tiles run in parallel on the thread pool.
 * These are the tables of the extension's "Summary of user function calls".
 * VX_BORDER_MODE_SELF without a flexible function fails verification, as do
 * VX_BORDER_CONSTANT / VX_BORDER_REPLICATE (the extension defines no tiling
 * for them).
 *
 * What a tile function receives in parameters[i]: a vx_tile_t * for an image
 * (base[0] is the tile's top-left pixel, addr[0] its size and strides, so the
 * extension's vxImagePixel macros work with tile-relative coordinates and
 * neighborhood offsets); a pointer to the value for a scalar; the object's
 * vx_reference for anything else.  Images must be single-plane, byte
 * addressable (not U1) and of the output's size.
 */
#include "graph.h"
#include "../objects/image.h"
#include "../objects/scalar.h"
#include "../kernels/kernels.h"

#include <stdlib.h>
#include <string.h>

/* ---- vxAddTilingKernel ---------------------------------------------------- */
VX_API_ENTRY vx_kernel VX_API_CALL vxAddTilingKernel(vx_context context, vx_char name[VX_MAX_KERNEL_NAME],
                                                     vx_enum enumeration, vx_tiling_kernel_f flexible_func_ptr,
                                                     vx_tiling_kernel_f fast_func_ptr, vx_uint32 num_params,
                                                     vx_kernel_input_validate_f input,
                                                     vx_kernel_output_validate_f output)
{
    vx_kernel k;
    if (!ovx_context_valid(context)) return NULL;
    if (flexible_func_ptr == NULL && fast_func_ptr == NULL)
        return (vx_kernel)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxAddTilingKernel(%.64s): neither a flexible nor a fast function",
                                         name ? name : "");
    if (input == NULL || output == NULL)
        return (vx_kernel)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxAddTilingKernel(%.64s): input and output validators are required",
                                         name ? name : "");
    k = ovx_kernel_add(context, name, enumeration, NULL, num_params, "vxAddTilingKernel");
    if (vxGetStatus((vx_reference)k) != VX_SUCCESS) return k;
    k->input_validate = input;
    k->output_validate = output;
    k->tiling = vx_true_e;
    k->tile_flexible = flexible_func_ptr;
    k->tile_fast = fast_func_ptr;
    k->tile_block.width = 1;
    k->tile_block.height = 1;
    k->tile_border_mode = VX_BORDER_UNDEFINED;
    return k;
}

/* ---- attributes ----------------------------------------------------------- */
static vx_status nbhd_ok(vx_reference who, const vx_neighborhood_size_t *nb)
{
    if (nb->left > 0 || nb->top > 0 || nb->right < 0 || nb->bottom < 0) {
        ovx_log(who, VX_ERROR_INVALID_VALUE,
                "tiling: neighborhood (left %d, right %d, top %d, bottom %d): left/top must be <= 0, right/bottom >= 0",
                nb->left, nb->right, nb->top, nb->bottom);
        return VX_ERROR_INVALID_VALUE;
    }
    return VX_SUCCESS;
}

static vx_status block_ok(vx_reference who, const vx_tile_block_size_t *b)
{
    if (b->width < 1 || b->height < 1) {
        ovx_log(who, VX_ERROR_INVALID_VALUE, "tiling: tile block %d x %d: both must be >= 1", b->width, b->height);
        return VX_ERROR_INVALID_VALUE;
    }
    return VX_SUCCESS;
}

/* The attributes a node and a kernel share: query. */
static vx_status query_common(vx_reference who, const vx_neighborhood_size_t *nb, const vx_tile_block_size_t *blk,
                              const vx_size *mem, vx_enum attribute, vx_enum a_nbhd, vx_enum a_block, vx_enum a_mem,
                              vx_enum a_in_block, vx_enum a_out_nbhd, void *ptr, vx_size size)
{
    vx_neighborhood_size_t zero = {0, 0, 0, 0};
    if (attribute == a_nbhd) return ovx_query_copy(ptr, size, nb, sizeof(*nb));
    if (attribute == a_block || attribute == a_in_block) return ovx_query_copy(ptr, size, blk, sizeof(*blk));
    if (attribute == a_mem) return ovx_query_copy(ptr, size, mem, sizeof(*mem));
    /* the 1.0 rule of the extension: the output neighborhood is always zero */
    if (attribute == a_out_nbhd) return ovx_query_copy(ptr, size, &zero, sizeof(zero));
    (void)who;
    return VX_ERROR_NOT_SUPPORTED;
}

static vx_status set_common(vx_reference who, vx_neighborhood_size_t *nb, vx_tile_block_size_t *blk, vx_size *mem,
                            vx_enum attribute, vx_enum a_nbhd, vx_enum a_block, vx_enum a_mem, vx_enum a_in_block,
                            vx_enum a_out_nbhd, const void *ptr, vx_size size)
{
    vx_status s;
    if (attribute == a_nbhd) {
        if (!ptr || size != sizeof(*nb)) return VX_ERROR_INVALID_PARAMETERS;
        if ((s = nbhd_ok(who, ptr)) != VX_SUCCESS) return s;
        memcpy(nb, ptr, sizeof(*nb));
        return VX_SUCCESS;
    }
    if (attribute == a_block) {
        if (!ptr || size != sizeof(*blk)) return VX_ERROR_INVALID_PARAMETERS;
        if ((s = block_ok(who, ptr)) != VX_SUCCESS) return s;
        memcpy(blk, ptr, sizeof(*blk));
        return VX_SUCCESS;
    }
    if (attribute == a_mem) {
        if (!ptr || size != sizeof(*mem)) return VX_ERROR_INVALID_PARAMETERS;
        memcpy(mem, ptr, sizeof(*mem));
        return VX_SUCCESS;
    }
    if (attribute == a_in_block || attribute == a_out_nbhd) {
        ovx_log(who, VX_ERROR_NOT_SUPPORTED,
                "tiling: the input tile block is the output tile block and the output neighborhood is zero "
                "(vx_khr_tiling 1.0 rule); they cannot be set");
        return VX_ERROR_NOT_SUPPORTED;
    }
    return VX_ERROR_NOT_SUPPORTED;
}

vx_status ovx_tiling_query_kernel(vx_kernel k, vx_enum attribute, void *ptr, vx_size size)
{
    if (attribute == VX_KERNEL_BORDER) {
        /* a vx_border_t, or just its mode as a vx_enum */
        if (ptr && size == sizeof(vx_border_t)) {
            vx_border_t b;
            memset(&b, 0, sizeof(b));
            b.mode = k->tile_border_mode;
            memcpy(ptr, &b, sizeof(b));
            return VX_SUCCESS;
        }
        return ovx_query_copy(ptr, size, &k->tile_border_mode, sizeof(vx_enum));
    }
    return query_common((vx_reference)k, &k->tile_neighborhood, &k->tile_block, &k->tile_memory_size, attribute,
                        VX_KERNEL_INPUT_NEIGHBORHOOD, VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE, VX_KERNEL_TILE_MEMORY_SIZE,
                        VX_KERNEL_INPUT_TILE_BLOCK_SIZE, VX_KERNEL_OUTPUT_NEIGHBORHOOD, ptr, size);
}

vx_status ovx_tiling_set_kernel(vx_kernel k, vx_enum attribute, const void *ptr, vx_size size)
{
    if (!k->tiling) return VX_ERROR_NOT_SUPPORTED;
    if (attribute == VX_KERNEL_BORDER) {
        vx_enum mode;
        if (ptr && size == sizeof(vx_border_t)) mode = ((const vx_border_t *)ptr)->mode;
        else if (ptr && size == sizeof(vx_enum)) memcpy(&mode, ptr, sizeof(mode));
        else return VX_ERROR_INVALID_PARAMETERS;
        if (mode != VX_BORDER_UNDEFINED && mode != VX_BORDER_MODE_SELF) {
            ovx_log((vx_reference)k, VX_ERROR_INVALID_VALUE,
                    "vxSetKernelAttribute(%s): VX_KERNEL_BORDER 0x%x: a tiling kernel's border is "
                    "VX_BORDER_UNDEFINED or VX_BORDER_MODE_SELF",
                    k->name, (unsigned)mode);
            return VX_ERROR_INVALID_VALUE;
        }
        k->tile_border_mode = mode;
        return VX_SUCCESS;
    }
    return set_common((vx_reference)k, &k->tile_neighborhood, &k->tile_block, &k->tile_memory_size, attribute,
                      VX_KERNEL_INPUT_NEIGHBORHOOD, VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE, VX_KERNEL_TILE_MEMORY_SIZE,
                      VX_KERNEL_INPUT_TILE_BLOCK_SIZE, VX_KERNEL_OUTPUT_NEIGHBORHOOD, ptr, size);
}

void ovx_tiling_node_init(vx_node n)
{
    vx_kernel k = n->kernel;
    if (!k->tiling) return;
    n->tile_neighborhood = k->tile_neighborhood;
    n->tile_block = k->tile_block;
    n->tile_memory_size = k->tile_memory_size;
    n->border.mode = k->tile_border_mode;
}

vx_status ovx_tiling_query_node(vx_node n, vx_enum attribute, void *ptr, vx_size size)
{
    return query_common((vx_reference)n, &n->tile_neighborhood, &n->tile_block, &n->tile_memory_size, attribute,
                        VX_NODE_INPUT_NEIGHBORHOOD, VX_NODE_OUTPUT_TILE_BLOCK_SIZE, VX_NODE_TILE_MEMORY_SIZE,
                        VX_NODE_INPUT_TILE_BLOCK_SIZE, VX_NODE_OUTPUT_NEIGHBORHOOD, ptr, size);
}

vx_status ovx_tiling_set_node(vx_node n, vx_enum attribute, const void *ptr, vx_size size)
{
    vx_status s;
    if (!n->kernel->tiling) return VX_ERROR_NOT_SUPPORTED;
    s = set_common((vx_reference)n, &n->tile_neighborhood, &n->tile_block, &n->tile_memory_size, attribute,
                   VX_NODE_INPUT_NEIGHBORHOOD, VX_NODE_OUTPUT_TILE_BLOCK_SIZE, VX_NODE_TILE_MEMORY_SIZE,
                   VX_NODE_INPUT_TILE_BLOCK_SIZE, VX_NODE_OUTPUT_NEIGHBORHOOD, ptr, size);
    if (s == VX_SUCCESS) ovx_graph_changed(n->graph);
    return s;
}

/* ---- verification --------------------------------------------------------- */
/* The image the tiles are cut from: the first output image, else the first image. */
static vx_image tile_image(vx_node n, const vx_reference *params)
{
    vx_uint32 i;
    vx_image first = NULL;
    for (i = 0; i < n->kernel->num_params; i++) {
        if (!params[i] || params[i]->type != VX_TYPE_IMAGE) continue;
        if (n->kernel->params[i].direction == VX_OUTPUT) return (vx_image)params[i];
        if (!first) first = (vx_image)params[i];
    }
    return first;
}

vx_status ovx_tiling_verify(vx_node n)
{
    vx_kernel k = n->kernel;
    vx_image ref = tile_image(n, (const vx_reference *)n->params);
    vx_uint32 i;
    if (n->border.mode == VX_BORDER_MODE_SELF && !k->tile_flexible) {
        ovx_log((vx_reference)n, VX_ERROR_NOT_SUPPORTED,
                "vxVerifyGraph: tiling node %s: VX_BORDER_MODE_SELF needs a flexible function", k->name);
        return VX_ERROR_NOT_SUPPORTED;
    }
    if (n->border.mode != VX_BORDER_UNDEFINED && n->border.mode != VX_BORDER_MODE_SELF) {
        ovx_log((vx_reference)n, VX_ERROR_NOT_SUPPORTED,
                "vxVerifyGraph: tiling node %s: border mode 0x%x; tiling nodes support VX_BORDER_UNDEFINED and "
                "VX_BORDER_MODE_SELF",
                k->name, (unsigned)n->border.mode);
        return VX_ERROR_NOT_SUPPORTED;
    }
    for (i = 0; i < k->num_params; i++) {
        vx_image img;
        if (!n->params[i] || n->params[i]->type != VX_TYPE_IMAGE) continue;
        img = (vx_image)n->params[i];
        if (!img->info || img->info->planes != 1 || img->info->plane[0].bytes == 0) {
            char f[5];
            ovx_log((vx_reference)n, VX_ERROR_INVALID_FORMAT,
                    "vxVerifyGraph: tiling node %s, parameter %u: format %s; tiles are single-plane, "
                    "byte-addressed images",
                    k->name, i, ovx_fmt_name(img->format, f));
            return VX_ERROR_INVALID_FORMAT;
        }
        if (img->width != ref->width || img->height != ref->height) {
            ovx_log((vx_reference)n, VX_ERROR_INVALID_DIMENSION,
                    "vxVerifyGraph: tiling node %s, parameter %u: %ux%u, the tiled output is %ux%u", k->name, i,
                    img->width, img->height, ref->width, ref->height);
            return VX_ERROR_INVALID_DIMENSION;
        }
    }
    return VX_SUCCESS;
}

/* ---- execution ------------------------------------------------------------ */
typedef struct {
    vx_int32 x0, y0, x1, y1;
} irect;

static vx_int32 floor_to(vx_int32 v, vx_int32 b)
{
    return (v >= 0 ? v / b : -((-v + b - 1) / b)) * b;
}

static vx_int32 ceil_to(vx_int32 v, vx_int32 b)
{
    return -floor_to(-v, b);
}

static void regions(vx_node n, vx_uint32 w, vx_uint32 h, irect *p, irect *a)
{
    const vx_neighborhood_size_t *nb = &n->tile_neighborhood;
    irect in;
    in.x0 = -nb->left;
    in.y0 = -nb->top;
    in.x1 = (vx_int32)w - nb->right;
    in.y1 = (vx_int32)h - nb->bottom;
    if (in.x1 < in.x0) in.x1 = in.x0;
    if (in.y1 < in.y0) in.y1 = in.y0;
    if (n->border.mode == VX_BORDER_MODE_SELF) {
        p->x0 = 0;
        p->y0 = 0;
        p->x1 = (vx_int32)w;
        p->y1 = (vx_int32)h;
    } else {
        *p = in;
    }
    a->x0 = ceil_to(in.x0, n->tile_block.width);
    a->y0 = ceil_to(in.y0, n->tile_block.height);
    a->x1 = floor_to(in.x1, n->tile_block.width);
    a->y1 = floor_to(in.y1, n->tile_block.height);
    if (a->x1 <= a->x0 || a->y1 <= a->y0) a->x0 = a->x1 = a->y0 = a->y1 = 0;
}

void ovx_tiling_region(vx_node n, vx_uint32 w, vx_uint32 h, vx_rectangle_t *r)
{
    irect p, a;
    regions(n, w, h, &p, &a);
    if (!n->kernel->tile_flexible && a.x1 > a.x0) p = a; /* fast only: the aligned part */
    if (!n->kernel->tile_flexible && a.x1 <= a.x0) p.x1 = p.x0, p.y1 = p.y0;
    if (p.x0 < 0) p.x0 = 0;
    if (p.y0 < 0) p.y0 = 0;
    if (p.x1 < p.x0) p.x1 = p.x0;
    if (p.y1 < p.y0) p.y1 = p.y0;
    r->start_x = (vx_uint32)p.x0;
    r->start_y = (vx_uint32)p.y0;
    r->end_x = (vx_uint32)p.x1;
    r->end_y = (vx_uint32)p.y1;
}

#define MAX_TILES 4096

typedef struct {
    irect rect;
    vx_bool fast;
} tile_job;

typedef struct {
    vx_node node;
    const vx_reference *params;
    tile_job *tiles;
    vx_uint32 count;
    vx_status status;
    pthread_mutex_t lock;
} tiling_run;

static void run_tile(void *arg, vx_uint32 index)
{
    tiling_run *r = arg;
    vx_node n = r->node;
    vx_kernel k = n->kernel;
    const tile_job *t = &r->tiles[index];
    vx_tile_t tiles[OVX_MAX_KERNEL_PARAMS];
    void *prm[OVX_MAX_KERNEL_PARAMS];
    vx_uint32 i;
    vx_uint32 tw = (vx_uint32)(t->rect.x1 - t->rect.x0), th = (vx_uint32)(t->rect.y1 - t->rect.y0);
    vx_size blocks = (vx_size)((tw + n->tile_block.width - 1) / n->tile_block.width) *
                     ((th + n->tile_block.height - 1) / n->tile_block.height);
    vx_size mem_size = n->tile_memory_size * blocks;
    void *mem = NULL;
    for (i = 0; i < k->num_params; i++) {
        vx_reference p = r->params[i];
        prm[i] = p;
        if (!p) continue;
        if (p->type == VX_TYPE_IMAGE) {
            vx_image img = (vx_image)p;
            vx_tile_t *tl = &tiles[i];
            vx_int32 stride = 0;
            vx_uint8 *base = ovx_image_plane_ptr(img, 0, &stride);
            vx_uint32 bytes = img->info->plane[0].bytes;
            memset(tl, 0, sizeof(*tl));
            tl->base[0] = base + (vx_int64)t->rect.y0 * stride + (vx_int64)t->rect.x0 * bytes;
            tl->tile_x = (vx_uint32)t->rect.x0;
            tl->tile_y = (vx_uint32)t->rect.y0;
            tl->addr[0].dim_x = tw;
            tl->addr[0].dim_y = th;
            tl->addr[0].stride_x = (vx_int32)bytes;
            tl->addr[0].stride_y = stride;
            tl->addr[0].scale_x = VX_SCALE_UNITY;
            tl->addr[0].scale_y = VX_SCALE_UNITY;
            tl->addr[0].step_x = 1;
            tl->addr[0].step_y = 1;
            tl->tile_block = n->tile_block;
            tl->neighborhood = n->tile_neighborhood;
            tl->image.width = img->width;
            tl->image.height = img->height;
            tl->image.format = img->format;
            tl->image.planes = 1;
            tl->image.range = img->range;
            tl->image.space = img->space;
            prm[i] = tl;
        } else if (p->type == VX_TYPE_SCALAR) {
            prm[i] = ((vx_scalar)p)->data;
        }
    }
    if (mem_size) {
        mem = malloc(mem_size);
        if (!mem) {
            pthread_mutex_lock(&r->lock);
            r->status = VX_ERROR_NO_MEMORY;
            pthread_mutex_unlock(&r->lock);
            return;
        }
    }
    (t->fast ? k->tile_fast : k->tile_flexible)(prm, mem, mem_size);
    free(mem);
}

/* Cut rect into bands of whole blocks of about 64K pixels. */
static vx_uint32 add_tiles(tile_job *tiles, vx_uint32 count, irect rc, vx_bool fast, vx_int32 bh)
{
    vx_int32 w = rc.x1 - rc.x0, rows, y;
    if (w <= 0 || rc.y1 <= rc.y0) return count;
    rows = 65536 / w;
    if (rows < 1) rows = 1;
    rows = (rows + bh - 1) / bh * bh;
    for (y = rc.y0; y < rc.y1 && count < MAX_TILES; y += rows) {
        tiles[count].rect = rc;
        tiles[count].rect.y0 = y;
        tiles[count].rect.y1 = y + rows < rc.y1 ? y + rows : rc.y1;
        tiles[count].fast = fast;
        count++;
    }
    if (y < rc.y1) { /* the table is full: the last tile takes the rest */
        tiles[count - 1].rect.y1 = rc.y1;
    }
    return count;
}

vx_status ovx_tiling_run(vx_node n, const vx_reference *params, vx_uint32 threads)
{
    vx_kernel k = n->kernel;
    vx_image out = tile_image(n, params);
    irect p, a, strip;
    tiling_run run;
    vx_uint32 count = 0, i;
    if (!out) {
        ovx_log((vx_reference)n, VX_ERROR_INVALID_PARAMETERS, "%s: a tiling node needs an image parameter", k->name);
        return VX_ERROR_INVALID_PARAMETERS;
    }
    run.tiles = malloc(MAX_TILES * sizeof(tile_job));
    if (!run.tiles) return VX_ERROR_NO_MEMORY;
    regions(n, out->width, out->height, &p, &a);
    /* the aligned part: fast function, else flexible */
    if (a.x1 > a.x0 && (k->tile_fast || k->tile_flexible))
        count = add_tiles(run.tiles, count, a, k->tile_fast ? vx_true_e : vx_false_e, n->tile_block.height);
    if (k->tile_flexible) {
        if (a.x1 <= a.x0) {
            count = add_tiles(run.tiles, count, p, vx_false_e, 1);
        } else {
            strip = p; /* above A */
            strip.y1 = a.y0;
            count = add_tiles(run.tiles, count, strip, vx_false_e, 1);
            strip = p; /* below A */
            strip.y0 = a.y1;
            count = add_tiles(run.tiles, count, strip, vx_false_e, 1);
            strip.y0 = a.y0; /* left and right of A */
            strip.y1 = a.y1;
            strip.x0 = p.x0;
            strip.x1 = a.x0;
            count = add_tiles(run.tiles, count, strip, vx_false_e, 1);
            strip.x0 = a.x1;
            strip.x1 = p.x1;
            count = add_tiles(run.tiles, count, strip, vx_false_e, 1);
        }
    }
    run.node = n;
    run.params = params;
    run.count = count;
    run.status = VX_SUCCESS;
    pthread_mutex_init(&run.lock, NULL);
    if (threads <= 1 || count <= 1) {
        for (i = 0; i < count; i++) run_tile(&run, i);
    } else {
        ovx_parallel_for(count, run_tile, &run);
    }
    pthread_mutex_destroy(&run.lock);
    free(run.tiles);
    if (run.status != VX_SUCCESS)
        ovx_log((vx_reference)n, run.status, "%s: no memory for the tile memory (%zu bytes per block)", k->name,
                (size_t)n->tile_memory_size);
    return run.status;
}
