/*
 * Compute routines of family tensorops (spec: Tensor Add, Tensor Subtract,
 * Tensor Multiply, Tensor TableLookUp, Tensor Transpose, Tensor Convert
 * Bit-Depth, Tensor Matrix Multiply).
 *
 * A tensor is raw memory addressed with byte strides: element (i0, i1, ...)
 * of t is at t->ptr + i0 * strides[0] + i1 * strides[1] + ...  The routines
 * walk the OUTPUT's dims; an input whose stride is 0 in a dimension is read
 * at index 0 there (that is how broadcasting of 1-sized dimensions and
 * transposition are expressed: the caller chooses the input strides).
 * Views with gaps work the same way.  No allocation, no threads, no vx_
 * objects.
 */
#ifndef OVXC_COMPUTE_TENSOROPS_H
#define OVXC_COMPUTE_TENSOROPS_H

#include <stddef.h>
#include <stdint.h>

#include "ovxc.h"


/* o = a + b (or a - b when subtract) on the raw values (same fixed point
 * everywhere); saturate: clamp to o's range, else keep the low bits.  a, b, o
 * of one integer type; a and b addressed with o's dims. */
void ovxc_tensor_addsub(const ovxc_tensor *a, const ovxc_tensor *b, const ovxc_tensor *o, int subtract,
                        int saturate, size_t r0, size_t r1);
/* The same by a pixelwise row routine (compute/pixel.h: o[i] = a[i] op b[i]
 * for n elements of a row, of the very operation and policy) when every row
 * of a, b and o is contiguous; else as ovxc_tensor_addsub (row may be NULL). */
typedef void (*ovxc_tensor_row2_f)(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n);
void ovxc_tensor_addsub_rows(const ovxc_tensor *a, const ovxc_tensor *b, const ovxc_tensor *o, int subtract,
                             int saturate, size_t r0, size_t r1, ovxc_tensor_row2_f row);
/* The rows of o (dimension 0 runs along a row; rows numbered over the other
 * dimensions, dimension 1 fastest) the routines take a range [r0, r1) of, so
 * that kernels split them into bands. */
size_t ovxc_tensor_rows(const ovxc_tensor *o);
/* The byte offset in t (addressed with o's dims) of row r's first element. */
size_t ovxc_tensor_row_offset(const ovxc_tensor *o, const ovxc_tensor *t, size_t r);

/* o = round(a * b * scale) in double (scale includes the fixed point
 * factor 2^(fo - fa - fb)); rounding toward zero or to nearest even, then
 * saturated or wrapped to o's type. */
void ovxc_tensor_multiply(const ovxc_tensor *a, const ovxc_tensor *b, const ovxc_tensor *o, double scale,
                          int saturate, int nearest_even, size_t r0, size_t r1);
/* The same with `row` (an image Multiply row of compute/pixel.h, U8 or S16:
 * the same arithmetic while |scale| 2^30 stays below 1e15, where neither
 * clamps) for the rows of a, b and o that are contiguous, all of row's type. */
typedef void (*ovxc_tensor_mul_row_f)(const uint8_t *a, const uint8_t *b, uint8_t *o, size_t n, double scale,
                                      int saturate, int nearest_even);
void ovxc_tensor_multiply_rows(const ovxc_tensor *a, const ovxc_tensor *b, const ovxc_tensor *o, double scale,
                               int saturate, int nearest_even, size_t r0, size_t r1, ovxc_tensor_mul_row_f row);

/* o = lut[offset + a] (a of type U8 or S16, lut entries of o's type, U8 or
 * S16); an index outside [0, count) reads the nearest entry. */
void ovxc_tensor_lut(const ovxc_tensor *a, const ovxc_tensor *o, const void *lut, size_t count, uint32_t offset);
/* Rows [r0, r1) of it (contiguous U8 rows through a 256-entry table of the
 * entries each value reads). */
void ovxc_tensor_lut_rows(const ovxc_tensor *a, const ovxc_tensor *o, const void *lut, size_t count, uint32_t offset,
                          size_t r0, size_t r1);

/* Rows [r0, r1) of o = a element by element (elem_size bytes each): with
 * a's strides permuted this is a transpose.  Rows whose elements lie side by
 * side in a are copied whole; when a row of o reads a column of a (a's
 * dimension 1 contiguous instead), 8 rows are done together in 8 x 8 tiles
 * (cache lines used whole; 2- and 4-byte elements by vector transposes where
 * the build has SSE2). */
void ovxc_tensor_copy(const ovxc_tensor *a, const ovxc_tensor *o, size_t elem_size, size_t r0, size_t r1);
/* Its variants, best first, the scalar (SSE2 tiles) last: AVX2 takes 2-byte
 * elements whose rows of o read columns of a in 16 x 16 tiles (32-byte
 * rows, 32 rows of o and 64 of a a pass; about 0.7x the time on a Zen 3,
 * with 4 KB or 2 MB pages), the rest as the scalar. */
typedef void (*ovxc_tensor_copy_f)(const ovxc_tensor *a, const ovxc_tensor *o, size_t elem_size, size_t r0,
                                   size_t r1);
void ovxc_tensor_copy_avx2(const ovxc_tensor *a, const ovxc_tensor *o, size_t elem_size, size_t r0, size_t r1);
const struct ovx_variant *ovxc_tensor_copy_variants(void);

/* An element's bytes, and an integer type's range (the conversion rows' and
 * their variants' constants: folded where the type is one) */
static inline size_t ovxc_ttype_size(ovxc_ttype t)
{
    return t == OVXC_T_S16 ? 2 : (t == OVXC_T_F32 ? 4 : 1);
}
static inline int32_t ovxc_ttype_min(ovxc_ttype t)
{
    return t == OVXC_T_U8 ? 0 : (t == OVXC_T_S8 ? -128 : -32768);
}
static inline int32_t ovxc_ttype_max(ovxc_ttype t)
{
    return t == OVXC_T_U8 ? 255 : (t == OVXC_T_S8 ? 127 : 32767);
}

/* o = ((a * in_scale - offset) * inv_norm) * out_scale in float32, then
 * truncated toward zero and saturated (saturate) or wrapped to o's integer
 * type, or stored as is for F32. */
void ovxc_tensor_convert(const ovxc_tensor *a, const ovxc_tensor *o, int saturate, float in_scale, float offset,
                         float inv_norm, float out_scale);
/* A contiguous row of it (n elements of type ta at a, of type to at o), and
 * its SIMD variants (the same float operations in the same order, the same
 * saturation or low bits; AVX2: 8 elements a step, steps with a value
 * beyond +-2^31 or NaN under the wrap policy by the scalar row). */
typedef void (*ovxc_tensor_cvt_row_f)(const uint8_t *a, ovxc_ttype ta, uint8_t *o, ovxc_ttype to, size_t n, int saturate,
                                      float in_scale, float offset, float inv_norm, float out_scale);
void ovxc_tensor_convert_row(const uint8_t *a, ovxc_ttype ta, uint8_t *o, ovxc_ttype to, size_t n, int saturate,
                             float in_scale, float offset, float inv_norm, float out_scale);
void ovxc_tensor_convert_row_avx2(const uint8_t *a, ovxc_ttype ta, uint8_t *o, ovxc_ttype to, size_t n, int saturate,
                                  float in_scale, float offset, float inv_norm, float out_scale);
void ovxc_tensor_convert_row_avx512(const uint8_t *a, ovxc_ttype ta, uint8_t *o, ovxc_ttype to, size_t n,
                                    int saturate, float in_scale, float offset, float inv_norm, float out_scale);
/* The conversions the float rule computes exactly as a shift (the variants'
 * integer path): integer input and output types, offset 0 (either sign),
 * in_scale, inv_norm and out_scale each a power of two 2^k with |k| <= 24,
 * the exponents' sum e in [-15, 15].  Then every product is exact (|a| <
 * 2^16 times powers of two stays a normal float far from overflow; a - 0 is
 * a), so v = a 2^e, and the result is trunc(a 2^e) -- a << e, or a shifted
 * right by -e rounding toward zero -- saturated or wrapped as the rule's:
 * returns 1 and e, else 0. */
int ovxc_tensor_convert_shift(ovxc_ttype ta, ovxc_ttype to, float in_scale, float offset, float inv_norm,
                              float out_scale, int *e);
const struct ovx_variant *ovxc_tensor_convert_variants(void);
/* Rows [r0, r1) of ovxc_tensor_convert, the contiguous ones by row (NULL:
 * ovxc_tensor_convert_row). */
void ovxc_tensor_convert_rows(const ovxc_tensor *a, const ovxc_tensor *o, int saturate, float in_scale, float offset,
                              float inv_norm, float out_scale, size_t r0, size_t r1, ovxc_tensor_cvt_row_f row);

/* A 2-D operand of the matrix multiply: element (row r, column c) at
 * ptr + r * row_stride + c * col_stride (bytes). */
typedef struct {
    const uint8_t *ptr;
    size_t row_stride, col_stride;
} ovxc_matrix;

/* Rows [i0, i1) of out (n x l) = saturate(round((a (n x m) * b (m x l) + c *
 * 2^shift) / 2^shift)) with exact sums of raw products; c may have ptr NULL.  shift is
 * the fixed point position (rounding to nearest, halves up). a, b, c, out of
 * one integer type. */
void ovxc_tensor_matmul(const ovxc_matrix *a, const ovxc_matrix *b, const ovxc_matrix *c, uint8_t *out,
                        size_t out_row_stride, size_t out_col_stride, ovxc_ttype type, size_t n, size_t m,
                        size_t l, int shift, size_t i0, size_t i1);

/* The packed matrix multiply: a's rows and b's columns as int16 (U8, S8 and
 * S16 values all fit), the sums in int32 — exact when every partial sum fits,
 * which ovxc_matmul_pack's bound tells (m2 * max|a| * max|b| < 2^31).
 * a: n rows of m2 (m rounded up to even, zero-padded); b: for each block of
 * 16 columns (l rounded up, zero-padded) and each pair of rows k = 2q, 2q + 1,
 * the 16 pairs (b[2q][j], b[2q + 1][j]) side by side: 32 int16 a (block, q). */
typedef struct {
    const int16_t *ap, *bp;
    size_t m2, l;
    const ovxc_matrix *c; /* NULL or ptr NULL: none */
    uint8_t *out;
    size_t out_row_stride, out_col_stride;
    ovxc_ttype type;
    int shift;
} ovxc_matmul_packed;
/* Bytes of the packed a and b (ap first, then bp, 64-byte aligned). */
size_t ovxc_matmul_pack_size(size_t n, size_t m, size_t l);
/* Packs a (n x m) and b (m x l) of type into mem; returns max|a| * max|b|
 * (0 when either is all zeros), for the exactness bound. */
uint64_t ovxc_matmul_pack(const ovxc_matrix *a, const ovxc_matrix *b, ovxc_ttype type, size_t n, size_t m, size_t l,
                          void *mem, ovxc_matmul_packed *p);
/* The same in parts, for threads: ovxc_matmul_pack_layout sets p's pointers
 * and sizes into mem; the pack is ovxc_matmul_pack_units(n, m) independent
 * units (a's rows, then b's row pairs), and ovxc_matmul_pack_part packs units
 * [u0, u1) and gives their max|a| and max|b| (0 for none); the products of
 * the maxima over all parts are ovxc_matmul_pack's value. */
void ovxc_matmul_pack_layout(size_t n, size_t m, size_t l, void *mem, ovxc_matmul_packed *p);
size_t ovxc_matmul_pack_units(size_t n, size_t m);
void ovxc_matmul_pack_part(const ovxc_matrix *a, const ovxc_matrix *b, ovxc_ttype type, size_t n, size_t m,
                           const ovxc_matmul_packed *p, size_t u0, size_t u1, uint32_t *max_a, uint32_t *max_b);
/* The out elements (i, j0 .. j0 + nj - 1) of rows i0 .. i0 + ni - 1 from
 * their int32 sums (rows of 16): c added, rounded and saturated exactly as
 * ovxc_tensor_matmul. */
void ovxc_matmul_finish(const ovxc_matmul_packed *p, size_t i0, size_t ni, size_t j0, size_t nj,
                        const int32_t *sums);
/* Rows [i0, i1) of out (blocks of 4 rows x 16 columns); the scalar reference
 * and the AVX2 variant (ovxc_matmul_packed_variants: best first). */
typedef void (*ovxc_matmul_packed_f)(const ovxc_matmul_packed *p, size_t i0, size_t i1);
void ovxc_matmul_packed_rows(const ovxc_matmul_packed *p, size_t i0, size_t i1);
void ovxc_matmul_packed_rows_avx2(const ovxc_matmul_packed *p, size_t i0, size_t i1);
const struct ovx_variant *ovxc_matmul_packed_variants(void);

#endif
