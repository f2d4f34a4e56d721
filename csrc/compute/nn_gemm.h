/*
 * The packed-weights direct-convolution core of the convolution-like NN
 * layers (convolution, deconvolution) and the fully connected dot products.
 *
 * Convolution.  The input of one batch item is copied once per run into a
 * zero-padded, channel-pair-interleaved plane set ("ip", rows outermost,
 * then channel pairs, phases, columns): element (pair c2, row r, phase ph,
 * column j) holds the int16 pair (in[2 c2], in[2 c2 + 1])
 * at padded column j * skip_x + ph of padded row r (zeros outside the input,
 * at up-scaling holes of a deconvolution, and for the missing channel of an
 * odd count).  Output (x, y) of tap (kx, ky) then reads pair column
 * x + tx / skip_x of phase tx % skip_x in row y * skip_y + ty: for 8
 * consecutive x, 8 consecutive pairs, so one vpmaddwd with a broadcast
 * weight pair (w[o][2 c2][ky][kx], w[o][2 c2 + 1][ky][kx]) adds two taps of
 * 8 outputs.  Weights are packed once ([block of OVXC_NN_MR output channels]
 * [pair c2][tap][channel in block], int16 pairs) and kept with a copy of the
 * raw weights that says when the application wrote new ones.
 *
 * Exactness: sums are int32, used only when the bound
 *     max_o sum_k |w[o][k]| * max |x| + max |bias| * 2^q < 2^31
 * holds (the caller checks it from the packed weights and the input's
 * actual range); every partial sum of pairs is then below 2^31 too.  The
 * rounding and overflow policies are applied to the exact sum, as the
 * scalar reference (nn.c) does.
 *
 * 8-bit data on the avx512 (VNNI) and amx variants: byte-quad planes
 * (ovxc_nn_planes.q8, ovxc_nn_conv_layout_q8) and the packed weights' quads
 * (wq8) and AMX tiles (wa8), with the constant per output map (corr8) that
 * takes the sums against x ^ 0x80 back to the sums against x; the driver
 * asks ovxc_nn_conv_wants_q8 which planes its variant reads.
 *
 * Fully connected.  Dot products of int16 (or widened 8-bit) rows; 8-bit
 * data sums in int32 in chunks no sum can overflow (|a b| < 2^16),
 * then in int64; 16-bit data goes to int64 after every vpmaddwd (a pair sum
 * of two (-32768)^2 products wraps to INT32_MIN, the only int32 result that
 * stands for +2^31: v - 1 then sign extension, + 1 per pair added back).
 */
#ifndef OVXC_COMPUTE_NN_GEMM_H
#define OVXC_COMPUTE_NN_GEMM_H

#include <stddef.h>
#include <stdint.h>

#include "nn.h"

struct ovx_variant;

#define OVXC_NN_MR 6   /* output channels per packed weight block */
#define OVXC_NN_NV 2   /* 8-column vectors per register tile (AVX2) */

/* The packed weights.  8-bit types also get byte quads (the VNNI variant's
 * vpdpbusd layout, nn_avx512.c): wq8 [blocks][cq][taps][OVXC_NN_MR] groups
 * of 4 raw weight bytes (channels 4 c4 .. 4 c4 + 3, 0 past ifm / ofm) and
 * corr8[o] = +128 sum_k w[o][k] (U8) or -128 sum_k w[o][k] (S8), modulo
 * 2^32: the term that takes the sums against the quad planes' x ^ 0x80
 * back to the sums against x (see ovxc_nn_planes). */
typedef struct {
    size_t ofm, cp, taps; /* output channels, input channel pairs, kw * kh */
    size_t blocks;        /* ceil(ofm / OVXC_NN_MR) */
    int16_t *wp;          /* [blocks][cp][taps][OVXC_NN_MR] pairs */
    int64_t abs_max;      /* max over o of sum |w[o][k]| */
    size_t cq;            /* input channel quads: ceil(ifm / 4) */
    uint8_t *wq8;         /* 8-bit types: the quads, else NULL */
    int32_t *corr8;       /* 8-bit types: [blocks * OVXC_NN_MR], else NULL */
    uint8_t *wa8;         /* the AMX tiles' weights where ovx_cpu_amx_int8(), else NULL */
} ovxc_nn_packw;

/* The AMX variant's weights (wa8).  8-bit types: [ceil(ofm / 32)][taps]
 * [kb = ceil(cq / 16)][32 output channels][64 bytes], the bytes of row m
 * those of channels 64 kb .. 64 kb + 63 (0 past ifm / ofm): two A tiles of
 * 16 rows x 64 bytes a step (nn_avx512.c).  16-bit: [ceil(ofm / 16)][taps]
 * [kb][2][16 output channels][64 bytes], the low bytes (w & 0xFF) of the
 * weights then their high bytes (w >> 8, signed). */
#define OVXC_NN_AMX_OB 32

/* Bytes of the packed weights of w ([KW, KH, IFM, OFM]), quads included. */
size_t ovxc_nn_packw_size(const ovxc_tensor *w);
/* Pack w (type f->type) into mem (ovxc_nn_packw_size bytes, 4-aligned). */
void ovxc_nn_packw_fill(const ovxc_tensor *w, int type, void *mem, ovxc_nn_packw *pw);
/* Point pw's arrays into mem again (the same bytes moved, e.g. a node scratch
 * that was reallocated). */
void ovxc_nn_packw_rebase(ovxc_nn_packw *pw, void *mem);

/* The padded pair planes of one batch item.  With q8 = 1 (8-bit types, for
 * the variants ovxc_nn_conv_wants_q8 names) the elements are byte quads in
 * place of int16 pairs: element (quad c4, row r, phase ph, column j) holds
 * x ^ 0x80 of channels 4 c4 .. 4 c4 + 3 (the padding's zeros and missing
 * channels as 0x80, x = 0), 4 bytes like a pair, so strides and tap offsets
 * are counted in the same 4-byte elements.  With q8 = 2 (16-bit data, the
 * amx variant) quad c4 has two planes, 2 c4: the low bytes x & 0xFF of its 4
 * channels, 2 c4 + 1: the high bytes x >> 8 (zeros as 0). */
typedef struct {
    int16_t *ip;              /* pairs: element 2 i, 2 i + 1 (q8: bytes 4 i .. 4 i + 3) */
    size_t rows, phases, pw;  /* padded rows, skip_x phases, pairs per phase row */
    size_t row_stride, plane; /* in pairs: between rows, between channel pairs */
    size_t total;             /* pairs of the whole set */
    int q8;                   /* 1: byte quads of x ^ 0x80; 2: low / high byte quads */
} ovxc_nn_planes;

/* Source of every padded column / row: an input index or -1 (zero). */
typedef struct {
    ptrdiff_t *col;   /* [phases * pw] by padded column pc = j * skip + ph */
    ptrdiff_t *row;   /* [rows] */
} ovxc_nn_srcmap;

/* Fill pair planes [c0, c1) (q8: quad planes) of ip from batch item base
 * `ib` of `in`. */
void ovxc_nn_planes_fill(const ovxc_nn_planes *pl, const ovxc_nn_srcmap *map, const ovxc_tensor *in,
                        const vx_uint8 *ib, int type, size_t c0, size_t c1);

/* The placement of a convolution-like layer. */
typedef struct {
    int deconv;                   /* 0: convolution, 1: deconvolution */
    size_t pad[2], skip[2], dil[2]; /* convolution: padding, skip (stride), dilation */
    size_t up[2];                 /* deconvolution: padding in pad, upscale */
} ovxc_nn_conv_geom;

/* The planes' shape (not ip) for input in, weights w, output out. */
void ovxc_nn_conv_layout(const ovxc_nn_conv_geom *g, const ovxc_tensor *w, const ovxc_tensor *out,
                        ovxc_nn_planes *pl);
/* Switch pl (from ovxc_nn_conv_layout) to quad planes (mode 1 or 2, as
 * ovxc_nn_conv_wants_q8 says) of ifm channels. */
void ovxc_nn_conv_layout_q8(ovxc_nn_planes *pl, size_t ifm, int mode);
/* Bytes to allocate for pl's ip: the planes, and for quad planes a slack
 * the AMX tiles may read past them (into results never stored). */
size_t ovxc_nn_planes_bytes(const ovxc_nn_planes *pl);
/* Does the conv variant v run on quad planes for data of type `type` and
 * weights w: 0 (pair planes), 1 or 2 (the mode of ovxc_nn_planes.q8)? */
int ovxc_nn_conv_wants_q8(const struct ovx_variant *v, int type, const ovxc_tensor *w);
/* The source maps (map->col: phases * pw entries, map->row: rows), the
 * taps' pair offsets and padded row offsets (tap_off, tap_row: kw * kh
 * entries each; tap_row may be NULL). */
void ovxc_nn_conv_maps(const ovxc_nn_conv_geom *g, const ovxc_tensor *in, const ovxc_tensor *w,
                      const ovxc_nn_planes *pl, ovxc_nn_srcmap *map, size_t *tap_off, size_t *tap_row);
/* Are int32 sums exact: max_o sum |w| * xmax + bmax * 2^q < 2^31? */
int ovxc_nn_conv_exact32(int64_t abs_max, int64_t xmax, int64_t bmax, int q);

/* One convolution run's constants (shared by every variant). */
typedef struct {
    const ovxc_nn_packw *w;
    const ovxc_nn_planes *pl;
    const size_t *tap_off;  /* [taps] pair offset of each tap from the output's (x * 1, y * skip_y) */
    const size_t *tap_row;  /* [taps] padded row offset ty of each tap, or NULL */
    const ptrdiff_t *row_src; /* the source map of the rows (srcmap.row): taps on zero rows are skipped */
    size_t skip_y;
    size_t ow, oh, ofm;
    ovxc_nn_fixed f;
    const int32_t *bias;           /* [ofm] bias << q (per-map bias), or NULL */
    const ovxc_tensor *bias_loc; /* [OW, OH, OFM] bias, or NULL */
    ovxc_tensor out;             /* the output; ptr = this batch item's */
} ovxc_nn_conv_plan;

/* Output rows [y0, y1) of blocks [b0, b1) of output channels. */
typedef void (*ovxc_nn_conv_rows_f)(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1);
void ovxc_nn_conv_rows(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1);
void ovxc_nn_conv_rows_avx2(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1);
void ovxc_nn_conv_rows_avx512(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1);
/* AMX-INT8 (nn_avx512.c): 8-bit quad planes by tiles, the rest as avx512 */
void ovxc_nn_conv_rows_amx(const ovxc_nn_conv_plan *p, size_t y0, size_t y1, size_t b0, size_t b1);
/* The variants (runtime/dispatch.h), scalar last; the avx512 ones (nn_avx512.c)
 * need AVX512_VNNI too: listed only when ovx_cpu_avx512vnni() says so; the
 * amx one (level avx512) only when ovx_cpu_amx_int8() says so. */
const struct ovx_variant *ovxc_nn_conv_variants(void);

/* Finish n <= 8 sums of output channel o, row y, columns x0.. into the
 * output (the scalar code of every variant's odd cases). */
void ovxc_nn_conv_finish(const ovxc_nn_conv_plan *p, const int32_t *sums, size_t n, size_t o, size_t y, size_t x0);

/* Fully connected: out[o] for o in [o0, o1) of one batch item: the dot
 * product of weight row o (k elements at w + o * wrow, contiguous) and x
 * (k contiguous elements), exact in int64, + bias << q, rounded, converted. */
typedef struct {
    const vx_uint8 *w;
    size_t wrow, k;
    const vx_uint8 *x;
    const ovxc_tensor *bias; /* [OFM] or NULL */
    vx_uint8 *out;
    size_t out_stride;
    ovxc_nn_fixed f;
} ovxc_nn_fc_plan;
typedef void (*ovxc_nn_fc_rows_f)(const ovxc_nn_fc_plan *p, size_t o0, size_t o1);
void ovxc_nn_fc_rows(const ovxc_nn_fc_plan *p, size_t o0, size_t o1);
void ovxc_nn_fc_rows_avx2(const ovxc_nn_fc_plan *p, size_t o0, size_t o1);
void ovxc_nn_fc_rows_avx512(const ovxc_nn_fc_plan *p, size_t o0, size_t o1); /* AVX-512 + VNNI */
const struct ovx_variant *ovxc_nn_fc_variants(void);
/* The final step of one fully connected output (shared by the variants). */
void ovxc_nn_fc_store(const ovxc_nn_fc_plan *p, size_t o, int64_t acc);

#endif
