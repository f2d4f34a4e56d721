/* vx_khr_tiling: tiling user kernels (vxAddTilingKernel), their attributes,
 * which function computes which pixels, tile memory, borders, valid regions
 * and the refusals.  Models are plain loops over the whole image. */
#include "../runner/cts.h"

#include <VX/vx_khr_tiling.h>
#include <stdlib.h>
#include <string.h>

#define TILE_REQS "vx_khr_tiling"

/* ---- images --------------------------------------------------------------- */
static vx_uint8 tl_src(vx_uint32 x, vx_uint32 y)
{
    return (vx_uint8)((x * 37u + y * 101u + ((x * y) >> 3)) & 0xFF);
}

static vx_image tl_image(vx_context c, vx_uint32 w, vx_uint32 h, int fill_src, vx_uint8 value)
{
    vx_image img = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {0, 0, w, h};
    vx_imagepatch_addressing_t a;
    vx_uint8 *buf = malloc((size_t)w * h);
    vx_uint32 x, y;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) buf[y * w + x] = fill_src ? tl_src(x, y) : value;
    memset(&a, 0, sizeof(a));
    a.dim_x = w;
    a.dim_y = h;
    a.stride_x = 1;
    a.stride_y = (vx_int32)w;
    vxCopyImagePatch(img, &r, 0, &a, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    free(buf);
    return img;
}

static vx_uint8 *tl_read(vx_image img, vx_uint32 w, vx_uint32 h)
{
    vx_rectangle_t r = {0, 0, w, h};
    vx_imagepatch_addressing_t a;
    vx_uint8 *buf = malloc((size_t)w * h);
    memset(&a, 0, sizeof(a));
    a.dim_x = w;
    a.dim_y = h;
    a.stride_x = 1;
    a.stride_y = (vx_int32)w;
    vxCopyImagePatch(img, &r, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    return buf;
}

/* ---- the user functions ----------------------------------------------------- */
/* Recorded from inside the tile functions: any violation of the extension's
 * promises (several threads may store 1: the same value). */
static volatile int tl_fast_misaligned, tl_out_of_image, tl_bad_memory;

static void check_tile(const vx_tile_t *t, int fast)
{
    vx_int32 x0 = (vx_int32)t->tile_x, y0 = (vx_int32)t->tile_y;
    vx_int32 w = (vx_int32)vxTileWidth(t, 0), h = (vx_int32)vxTileHeight(t, 0);
    if (fast) {
        if (x0 % t->tile_block.width || y0 % t->tile_block.height || w % t->tile_block.width ||
            h % t->tile_block.height)
            tl_fast_misaligned = 1;
        /* the neighborhood is inside the image */
        if (x0 + t->neighborhood.left < 0 || y0 + t->neighborhood.top < 0 ||
            x0 + w + t->neighborhood.right > (vx_int32)vxImageWidth(t) ||
            y0 + h + t->neighborhood.bottom > (vx_int32)vxImageHeight(t))
            tl_out_of_image = 1;
    }
    if (x0 < 0 || y0 < 0 || x0 + w > (vx_int32)vxImageWidth(t) || y0 + h > (vx_int32)vxImageHeight(t))
        tl_out_of_image = 1;
}

/* 3x3 box mean (sum / 9, truncated) with no edge checks: a fast function.
 * parameters: in, out, tag (2 = fast wrote the pixel). */
static void box_fast(void *parameters[], void *tile_memory, vx_size tile_memory_size)
{
    vx_tile_t *in = parameters[0], *out = parameters[1], *tag = parameters[2];
    vx_uint32 x, y;
    (void)tile_memory;
    (void)tile_memory_size;
    check_tile(out, 1);
    for (y = 0; y < vxTileHeight(out, 0); y++)
        for (x = 0; x < vxTileWidth(out, 0); x++) {
            int sum = 0, dx, dy;
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++) sum += vxImagePixel(vx_uint8, in, 0, x, y, dx, dy);
            vxImagePixel(vx_uint8, out, 0, x, y, 0, 0) = (vx_uint8)(sum / 9);
            vxImagePixel(vx_uint8, tag, 0, x, y, 0, 0) = 2;
        }
}

/* The same with clamped coordinates: a flexible function that handles the
 * image border itself (VX_BORDER_MODE_SELF). */
static void box_flexible(void *parameters[], void *tile_memory, vx_size tile_memory_size)
{
    vx_tile_t *in = parameters[0], *out = parameters[1], *tag = parameters[2];
    vx_int32 x, y, W = (vx_int32)vxImageWidth(in), H = (vx_int32)vxImageHeight(in);
    vx_int32 tx = (vx_int32)vxTileX(out), ty = (vx_int32)vxTileY(out);
    (void)tile_memory;
    (void)tile_memory_size;
    check_tile(out, 0);
    for (y = 0; y < (vx_int32)vxTileHeight(out, 0); y++)
        for (x = 0; x < (vx_int32)vxTileWidth(out, 0); x++) {
            int sum = 0, dx, dy;
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++) {
                    vx_int32 sx = tx + x + dx, sy = ty + y + dy;
                    sx = sx < 0 ? 0 : sx >= W ? W - 1 : sx;
                    sy = sy < 0 ? 0 : sy >= H ? H - 1 : sy;
                    sum += vxImagePixel(vx_uint8, in, 0, sx - tx, sy - ty, 0, 0);
                }
            vxImagePixel(vx_uint8, out, 0, x, y, 0, 0) = (vx_uint8)(sum / 9);
            vxImagePixel(vx_uint8, tag, 0, x, y, 0, 0) = 1;
        }
}

static int box_model(vx_uint32 w, vx_uint32 h, vx_int32 x, vx_int32 y)
{
    int sum = 0, dx, dy;
    for (dy = -1; dy <= 1; dy++)
        for (dx = -1; dx <= 1; dx++) {
            vx_int32 sx = x + dx, sy = y + dy;
            sx = sx < 0 ? 0 : sx >= (vx_int32)w ? (vx_int32)w - 1 : sx;
            sy = sy < 0 ? 0 : sy >= (vx_int32)h ? (vx_int32)h - 1 : sy;
            sum += tl_src((vx_uint32)sx, (vx_uint32)sy);
        }
    return sum / 9;
}

static vx_status VX_CALLBACK tl_in_ok(vx_node node, vx_uint32 index)
{
    (void)node;
    (void)index;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK tl_out_same(vx_node node, vx_uint32 index, vx_meta_format meta)
{
    vx_parameter p = vxGetParameterByIndex(node, 0);
    vx_image in = NULL;
    vx_uint32 w = 0, h = 0;
    vx_df_image f = VX_DF_IMAGE_U8;
    (void)index;
    vxQueryParameter(p, VX_PARAMETER_REF, &in, sizeof(in));
    vxQueryImage(in, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxQueryImage(in, VX_IMAGE_HEIGHT, &h, sizeof(h));
    vxReleaseImage(&in);
    vxReleaseParameter(&p);
    vxSetMetaFormatAttribute(meta, VX_IMAGE_FORMAT, &f, sizeof(f));
    vxSetMetaFormatAttribute(meta, VX_IMAGE_WIDTH, &w, sizeof(w));
    vxSetMetaFormatAttribute(meta, VX_IMAGE_HEIGHT, &h, sizeof(h));
    return VX_SUCCESS;
}

static vx_kernel box_kernel(vx_context c, const char *name, int lib_off, vx_tiling_kernel_f flex,
                            vx_tiling_kernel_f fast, vx_int32 bw, vx_int32 bh, vx_enum border)
{
    vx_neighborhood_size_t nb = {-1, 1, -1, 1};
    vx_tile_block_size_t blk;
    vx_char kname[VX_MAX_KERNEL_NAME];
    vx_kernel k;
    blk.width = bw;
    blk.height = bh;
    strcpy(kname, name);
    k = vxAddTilingKernel(c, kname, CTS_USER_KERNEL_BASE(40) + lib_off, flex, fast, 3, tl_in_ok, tl_out_same);
    CTS_ASSERT_VALID(k);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 2, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof(nb)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE, &blk, sizeof(blk)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_BORDER, &border, sizeof(border)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    return k;
}

/* Run the box kernel on w x h; check every pixel against the tables of the
 * extension: which function ran it (tag), or that it was left alone (0xEE). */
static void run_box(vx_context c, vx_kernel k, vx_uint32 w, vx_uint32 h, int have_flex, int have_fast,
                    vx_int32 bw, vx_int32 bh, int self)
{
    vx_graph g = vxCreateGraph(c);
    vx_image in = tl_image(c, w, h, 1, 0), out = tl_image(c, w, h, 0, 0xEE), tag = tl_image(c, w, h, 0, 0);
    vx_reference prm[3];
    vx_node n;
    vx_uint8 *o, *t;
    vx_uint32 x, y;
    vx_rectangle_t valid;
    int wrong = 0, wrong_tag = 0;
    prm[0] = (vx_reference)in;
    prm[1] = (vx_reference)out;
    prm[2] = (vx_reference)tag;
    n = vxCreateGenericNode(g, k);
    CTS_ASSERT_VALID(n);
    for (x = 0; x < 3; x++) CTS_ASSERT_STATUS(vxSetParameterByIndex(n, x, prm[x]), VX_SUCCESS);
    tl_fast_misaligned = tl_out_of_image = 0;
    CTS_ASSERT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(tl_fast_misaligned, 0);
    CTS_EXPECT_EQ_INT(tl_out_of_image, 0);
    o = tl_read(out, w, h);
    t = tl_read(tag, w, h);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            int inner = x >= 1 && y >= 1 && x + 1 < w && y + 1 < h;
            int aligned_x0 = (1 + bw - 1) / bw * bw, aligned_y0 = (1 + bh - 1) / bh * bh;
            int aligned_x1 = ((int)w - 1) / bw * bw, aligned_y1 = ((int)h - 1) / bh * bh;
            int aligned = (int)x >= aligned_x0 && (int)x < aligned_x1 && (int)y >= aligned_y0 && (int)y < aligned_y1;
            int expect_tag;
            if (have_fast && aligned) expect_tag = 2;
            else if (have_flex && (inner || self)) expect_tag = 1;
            else expect_tag = 0;
            if (t[y * w + x] != expect_tag) wrong_tag++;
            if (expect_tag ? o[y * w + x] != box_model(w, h, (vx_int32)x, (vx_int32)y) : o[y * w + x] != 0xEE)
                wrong++;
        }
    CTS_EXPECT_MSG(wrong == 0, "%ux%u: %d wrong pixels", w, h, wrong);
    CTS_EXPECT_MSG(wrong_tag == 0, "%ux%u: %d pixels computed by the wrong function", w, h, wrong_tag);
    /* the valid region is what was computed */
    CTS_EXPECT_STATUS(vxGetValidRegionImage(out, &valid), VX_SUCCESS);
    if (self) {
        CTS_EXPECT(valid.start_x == 0 && valid.start_y == 0 && valid.end_x == w && valid.end_y == h);
    } else if (have_flex) {
        /* [1, w - 1) x [1, h - 1), empty (not inverted) on images too small for it */
        CTS_EXPECT(valid.start_x == 1 && valid.start_y == 1 && valid.end_x == (w > 2 ? w - 1 : 1) &&
                   valid.end_y == (h > 2 ? h - 1 : 1));
    }
    free(o);
    free(t);
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&tag);
}

static const vx_uint32 tl_sizes[][2] = {{1, 1}, {2, 3}, {7, 5}, {33, 17}, {64, 48}, {641, 479}};
#define NSIZES (sizeof(tl_sizes) / sizeof(tl_sizes[0]))

CTS_TEST(Tiling, fast_only_undefined, TILE_REQS)
{
    vx_context c = cts_context();
    vx_kernel k = box_kernel(c, "org.libopenvx.cts.tile.box_fast", 0, NULL, box_fast, 4, 2, VX_BORDER_UNDEFINED);
    vx_uint32 i;
    for (i = 0; i < NSIZES; i++) run_box(c, k, tl_sizes[i][0], tl_sizes[i][1], 0, 1, 4, 2, 0);
    vxRemoveKernel(k);
}

CTS_TEST(Tiling, flexible_only_undefined, TILE_REQS)
{
    vx_context c = cts_context();
    vx_kernel k = box_kernel(c, "org.libopenvx.cts.tile.box_flex", 1, box_flexible, NULL, 1, 1, VX_BORDER_UNDEFINED);
    vx_uint32 i;
    for (i = 0; i < NSIZES; i++) run_box(c, k, tl_sizes[i][0], tl_sizes[i][1], 1, 0, 1, 1, 0);
    vxRemoveKernel(k);
}

CTS_TEST(Tiling, both_functions_undefined_and_self, TILE_REQS)
{
    vx_context c = cts_context();
    vx_kernel k = box_kernel(c, "org.libopenvx.cts.tile.box_both", 2, box_flexible, box_fast, 16, 8,
                             VX_BORDER_UNDEFINED);
    vx_kernel ks = box_kernel(c, "org.libopenvx.cts.tile.box_self", 3, box_flexible, box_fast, 8, 4,
                              VX_BORDER_MODE_SELF);
    vx_uint32 i;
    for (i = 0; i < NSIZES; i++) {
        run_box(c, k, tl_sizes[i][0], tl_sizes[i][1], 1, 1, 16, 8, 0);
        run_box(c, ks, tl_sizes[i][0], tl_sizes[i][1], 1, 1, 8, 4, 1);
    }
    vxRemoveKernel(k);
    vxRemoveKernel(ks);
}

/* Tile memory: tile_memory_size == per-block size x blocks of the tile; the
 * memory is writable; a scalar parameter arrives as a pointer to its value.
 * The function adds the scalar to each pixel. */
static void add_fast(void *parameters[], void *tile_memory, vx_size tile_memory_size)
{
    vx_tile_t *in = parameters[0], *out = parameters[2];
    const vx_uint8 *add = parameters[1];
    vx_uint32 x, y;
    vx_size blocks = (vx_size)((vxTileWidth(out, 0) + 3) / 4) * ((vxTileHeight(out, 0) + 1) / 2);
    if (tile_memory == NULL || tile_memory_size != 24 * blocks) tl_bad_memory = 1;
    else memset(tile_memory, 0x5A, tile_memory_size);
    for (y = 0; y < vxTileHeight(out, 0); y++)
        for (x = 0; x < vxTileWidth(out, 0); x++)
            vxImagePixel(vx_uint8, out, 0, x, y, 0, 0) =
                (vx_uint8)(vxImagePixel(vx_uint8, in, 0, x, y, 0, 0) + *add);
}

static vx_status VX_CALLBACK add_out(vx_node node, vx_uint32 index, vx_meta_format meta)
{
    return tl_out_same(node, index, meta);
}

CTS_TEST(Tiling, tile_memory_and_scalar, TILE_REQS)
{
    vx_context c = cts_context();
    vx_char name[VX_MAX_KERNEL_NAME] = "org.libopenvx.cts.tile.add";
    vx_tile_block_size_t blk = {4, 2};
    vx_size mem = 24, q = 0;
    vx_kernel k = vxAddTilingKernel(c, name, CTS_USER_KERNEL_BASE(40) + 4, add_fast, add_fast, 3, tl_in_ok, add_out);
    vx_uint32 i;
    CTS_ASSERT_VALID(k);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 1, VX_INPUT, VX_TYPE_UINT8, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 2, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE, &blk, sizeof(blk)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_TILE_MEMORY_SIZE, &mem, sizeof(mem)), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_TILE_MEMORY_SIZE, &q, sizeof(q)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(q, 24);
    for (i = 0; i < NSIZES; i++) {
        vx_uint32 w = tl_sizes[i][0], h = tl_sizes[i][1], x, y;
        vx_graph g = vxCreateGraph(c);
        vx_uint8 seven = 7;
        vx_scalar s = vxCreateScalar(c, VX_TYPE_UINT8, &seven);
        vx_image in = tl_image(c, w, h, 1, 0), out = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
        vx_node n = vxCreateGenericNode(g, k);
        vx_uint8 *o;
        int wrong = 0;
        vxSetParameterByIndex(n, 0, (vx_reference)in);
        vxSetParameterByIndex(n, 1, (vx_reference)s);
        vxSetParameterByIndex(n, 2, (vx_reference)out);
        tl_bad_memory = 0;
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        CTS_EXPECT_EQ_INT(tl_bad_memory, 0);
        o = tl_read(out, w, h);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) wrong += o[y * w + x] != (vx_uint8)(tl_src(x, y) + 7);
        CTS_EXPECT_MSG(wrong == 0, "%ux%u: %d wrong pixels", w, h, wrong);
        free(o);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
        vxReleaseScalar(&s);
        vxReleaseImage(&in);
        vxReleaseImage(&out);
    }
    vxRemoveKernel(k);
}

/* Two tiling nodes joined by a virtual image, on the thread pool and serial. */
CTS_TEST(Tiling, virtual_chain_parallel_and_serial, TILE_REQS)
{
    vx_context c = cts_context();
    vx_kernel k = box_kernel(c, "org.libopenvx.cts.tile.box_chain", 5, box_flexible, box_fast, 8, 8,
                             VX_BORDER_MODE_SELF);
    vx_uint32 w = 301, h = 203, x, y, pass;
    for (pass = 0; pass < 2; pass++) {
        vx_graph g = vxCreateGraph(c);
        vx_image in = tl_image(c, w, h, 1, 0), out = vxCreateImage(c, w, h, VX_DF_IMAGE_U8);
        vx_image mid = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
        vx_image t1 = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8), t2 = vxCreateVirtualImage(g, w, h, VX_DF_IMAGE_U8);
        vx_node n1 = vxCreateGenericNode(g, k), n2 = vxCreateGenericNode(g, k);
        vx_uint8 *o, *m = malloc((size_t)w * h);
        int wrong = 0;
        if (pass == 1) {
            vx_uint32 one = 1;
            CTS_ASSERT_STATUS(vxSetContextAttribute(c, VX_CONTEXT_OVX_THREADS, &one, sizeof(one)), VX_SUCCESS);
        }
        vxSetParameterByIndex(n1, 0, (vx_reference)in);
        vxSetParameterByIndex(n1, 1, (vx_reference)mid);
        vxSetParameterByIndex(n1, 2, (vx_reference)t1);
        vxSetParameterByIndex(n2, 0, (vx_reference)mid);
        vxSetParameterByIndex(n2, 1, (vx_reference)out);
        vxSetParameterByIndex(n2, 2, (vx_reference)t2);
        CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) m[y * w + x] = (vx_uint8)box_model(w, h, (vx_int32)x, (vx_int32)y);
        o = tl_read(out, w, h);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                int sum = 0, dx, dy;
                for (dy = -1; dy <= 1; dy++)
                    for (dx = -1; dx <= 1; dx++) {
                        vx_int32 sx = (vx_int32)x + dx, sy = (vx_int32)y + dy;
                        sx = sx < 0 ? 0 : sx >= (vx_int32)w ? (vx_int32)w - 1 : sx;
                        sy = sy < 0 ? 0 : sy >= (vx_int32)h ? (vx_int32)h - 1 : sy;
                        sum += m[sy * w + sx];
                    }
                wrong += o[y * w + x] != sum / 9;
            }
        CTS_EXPECT_MSG(wrong == 0, "pass %u: %d wrong pixels", pass, wrong);
        free(o);
        free(m);
        vxReleaseNode(&n1);
        vxReleaseNode(&n2);
        vxReleaseGraph(&g);
        vxReleaseImage(&in);
        vxReleaseImage(&out);
    }
    vxRemoveKernel(k);
}

CTS_TEST(Tiling, attributes, TILE_REQS)
{
    vx_context c = cts_context();
    vx_kernel k = box_kernel(c, "org.libopenvx.cts.tile.attrs", 6, box_flexible, box_fast, 4, 2, VX_BORDER_UNDEFINED);
    vx_graph g = vxCreateGraph(c);
    vx_node n = vxCreateGenericNode(g, k);
    vx_neighborhood_size_t nb, bad = {1, 1, -1, 1}, nb2 = {0, 2, 0, 2};
    vx_tile_block_size_t blk, zero_blk = {0, 1};
    vx_border_t b;
    vx_enum mode = 0;
    vx_size mem = 99;
    CTS_ASSERT_VALID(n);
    /* kernel: what was set */
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof(nb)), VX_SUCCESS);
    CTS_EXPECT(nb.left == -1 && nb.right == 1 && nb.top == -1 && nb.bottom == 1);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_OUTPUT_TILE_BLOCK_SIZE, &blk, sizeof(blk)), VX_SUCCESS);
    CTS_EXPECT(blk.width == 4 && blk.height == 2);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_INPUT_TILE_BLOCK_SIZE, &blk, sizeof(blk)), VX_SUCCESS);
    CTS_EXPECT(blk.width == 4 && blk.height == 2);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_OUTPUT_NEIGHBORHOOD, &nb, sizeof(nb)), VX_SUCCESS);
    CTS_EXPECT(nb.left == 0 && nb.right == 0 && nb.top == 0 && nb.bottom == 0);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_BORDER, &mode, sizeof(mode)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(mode, VX_BORDER_UNDEFINED);
    CTS_EXPECT_STATUS(vxQueryKernel(k, VX_KERNEL_TILE_MEMORY_SIZE, &mem, sizeof(mem)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(mem, 0);
    /* finalized: no more changes */
    CTS_EXPECT(vxSetKernelAttribute(k, VX_KERNEL_TILE_MEMORY_SIZE, &mem, sizeof(mem)) != VX_SUCCESS);
    /* node: the kernel's values, changeable per node */
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_INPUT_NEIGHBORHOOD, &nb, sizeof(nb)), VX_SUCCESS);
    CTS_EXPECT(nb.left == -1 && nb.bottom == 1);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_OUTPUT_TILE_BLOCK_SIZE, &blk, sizeof(blk)), VX_SUCCESS);
    CTS_EXPECT(blk.width == 4 && blk.height == 2);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_TILE_MEMORY_SIZE, &mem, sizeof(mem)), VX_SUCCESS);
    CTS_EXPECT_EQ_INT(mem, 0);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_INPUT_NEIGHBORHOOD, &nb2, sizeof(nb2)), VX_SUCCESS);
    CTS_EXPECT_STATUS(vxQueryNode(n, VX_NODE_INPUT_NEIGHBORHOOD, &nb, sizeof(nb)), VX_SUCCESS);
    CTS_EXPECT(nb.left == 0 && nb.right == 2);
    cts_log_clear();
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_INPUT_NEIGHBORHOOD, &bad, sizeof(bad)), VX_ERROR_INVALID_VALUE);
    CTS_EXPECT(cts_log_count() >= 1);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_OUTPUT_TILE_BLOCK_SIZE, &zero_blk, sizeof(zero_blk)),
                      VX_ERROR_INVALID_VALUE);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_OUTPUT_NEIGHBORHOOD, &nb2, sizeof(nb2)), VX_ERROR_NOT_SUPPORTED);
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_INPUT_NEIGHBORHOOD, &nb2, 3), VX_ERROR_INVALID_PARAMETERS);
    /* the border: SELF is allowed on a node with a flexible function; a
     * constant border is refused by verification */
    memset(&b, 0, sizeof(b));
    b.mode = VX_BORDER_CONSTANT;
    CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
    {
        vx_image in = tl_image(c, 16, 16, 1, 0), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8),
                 tag = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
        vxSetParameterByIndex(n, 0, (vx_reference)in);
        vxSetParameterByIndex(n, 1, (vx_reference)out);
        vxSetParameterByIndex(n, 2, (vx_reference)tag);
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_NOT_SUPPORTED);
        b.mode = VX_BORDER_MODE_SELF;
        CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b)), VX_SUCCESS);
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_SUCCESS);
        vxReleaseImage(&in);
        vxReleaseImage(&out);
        vxReleaseImage(&tag);
    }
    /* node attributes of a non-tiling node are not there */
    vxReleaseNode(&n);
    vxReleaseGraph(&g);
    vxRemoveKernel(k);
}

CTS_TEST(Tiling, refusals, TILE_REQS)
{
    vx_context c = cts_context();
    vx_char name[VX_MAX_KERNEL_NAME] = "org.libopenvx.cts.tile.bad";
    vx_kernel k;
    vx_border_t b;
    vx_enum self = VX_BORDER_MODE_SELF, constant = VX_BORDER_CONSTANT;
    /* neither function */
    k = vxAddTilingKernel(c, name, CTS_USER_KERNEL_BASE(40) + 7, NULL, NULL, 3, tl_in_ok, tl_out_same);
    CTS_EXPECT(vxGetStatus((vx_reference)k) != VX_SUCCESS);
    /* no validators */
    k = vxAddTilingKernel(c, name, CTS_USER_KERNEL_BASE(40) + 7, box_flexible, NULL, 3, NULL, tl_out_same);
    CTS_EXPECT(vxGetStatus((vx_reference)k) != VX_SUCCESS);
    k = vxAddTilingKernel(NULL, name, CTS_USER_KERNEL_BASE(40) + 7, box_flexible, NULL, 3, tl_in_ok, tl_out_same);
    CTS_EXPECT(vxGetStatus((vx_reference)k) != VX_SUCCESS);
    /* a kernel border other than UNDEFINED / SELF */
    k = vxAddTilingKernel(c, name, CTS_USER_KERNEL_BASE(40) + 7, NULL, box_fast, 3, tl_in_ok, tl_out_same);
    CTS_ASSERT_VALID(k);
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_BORDER, &constant, sizeof(constant)), VX_ERROR_INVALID_VALUE);
    /* SELF with only a fast function: verification fails */
    CTS_EXPECT_STATUS(vxSetKernelAttribute(k, VX_KERNEL_BORDER, &self, sizeof(self)), VX_SUCCESS);
    vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    vxAddParameterToKernel(k, 2, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    {
        vx_graph g = vxCreateGraph(c);
        vx_node n = vxCreateGenericNode(g, k);
        vx_image in = tl_image(c, 16, 16, 1, 0), out = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8),
                 tag = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U8);
        vx_image rgb = vxCreateImage(c, 16, 16, VX_DF_IMAGE_RGB), u1 = vxCreateImage(c, 16, 16, VX_DF_IMAGE_U1),
                 small = vxCreateImage(c, 8, 16, VX_DF_IMAGE_U8);
        vxSetParameterByIndex(n, 0, (vx_reference)in);
        vxSetParameterByIndex(n, 1, (vx_reference)out);
        vxSetParameterByIndex(n, 2, (vx_reference)tag);
        cts_log_clear();
        CTS_EXPECT_STATUS(vxVerifyGraph(g), VX_ERROR_NOT_SUPPORTED);
        CTS_EXPECT(cts_log_count() >= 1);
        /* the node cannot override the kernel's SELF mode */
        memset(&b, 0, sizeof(b));
        b.mode = VX_BORDER_UNDEFINED;
        CTS_EXPECT_STATUS(vxSetNodeAttribute(n, VX_NODE_BORDER, &b, sizeof(b)), VX_ERROR_NOT_SUPPORTED);
        vxReleaseNode(&n);
        vxReleaseGraph(&g);
        /* formats and sizes (a kernel with UNDEFINED border) */
        {
            vx_kernel k2 = box_kernel(c, "org.libopenvx.cts.tile.fmt", 8, box_flexible, box_fast, 1, 1,
                                      VX_BORDER_UNDEFINED);
            vx_image bad_in[3];
            vx_status want[3] = {VX_ERROR_INVALID_FORMAT, VX_ERROR_INVALID_FORMAT, VX_ERROR_INVALID_DIMENSION};
            vx_uint32 i;
            bad_in[0] = rgb;
            bad_in[1] = u1;
            bad_in[2] = small;
            for (i = 0; i < 3; i++) {
                g = vxCreateGraph(c);
                n = vxCreateGenericNode(g, k2);
                vxSetParameterByIndex(n, 0, (vx_reference)in);
                vxSetParameterByIndex(n, 1, (vx_reference)out);
                vxSetParameterByIndex(n, 2, (vx_reference)bad_in[i]);
                CTS_EXPECT_STATUS(vxVerifyGraph(g), want[i]);
                vxReleaseNode(&n);
                vxReleaseGraph(&g);
            }
            vxRemoveKernel(k2);
        }
        vxReleaseImage(&in);
        vxReleaseImage(&out);
        vxReleaseImage(&tag);
        vxReleaseImage(&rgb);
        vxReleaseImage(&u1);
        vxReleaseImage(&small);
    }
    vxRemoveKernel(k);
    /* tiling attributes of an ordinary user kernel are not there */
    {
        vx_neighborhood_size_t nb = {0, 0, 0, 0};
        vx_kernel plain = vxGetKernelByEnum(c, VX_KERNEL_BOX_3x3);
        CTS_EXPECT(vxQueryKernel(plain, VX_KERNEL_INPUT_NEIGHBORHOOD, &nb, sizeof(nb)) != VX_SUCCESS);
        vxReleaseKernel(&plain);
    }
}

CTS_TABLE(tiling) = {
    CTS_ENTRY(Tiling, fast_only_undefined),
    CTS_ENTRY(Tiling, flexible_only_undefined),
    CTS_ENTRY(Tiling, both_functions_undefined_and_self),
    CTS_ENTRY(Tiling, tile_memory_and_scalar),
    CTS_ENTRY(Tiling, virtual_chain_parallel_and_serial),
    CTS_ENTRY(Tiling, attributes),
    CTS_ENTRY(Tiling, refusals),
    CTS_TABLE_END,
};
