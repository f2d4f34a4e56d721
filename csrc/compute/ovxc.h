/*
 * The vocabulary of compute/: every routine here sees its data through these
 * (one prefix, ovxc_, for the whole directory).
 *
 * - Planes and windows: an ovxc_buf is a raw plane (`ptr` is pixel (0,0),
 *   `stride` the bytes between rows; U1 bit-packed, pixel x of a row in bit
 *   x % 8 of byte x / 8) and an ovxc_rect the window [x0, x1) x [y0, y1) a
 *   routine computes.
 * - Tensors: an ovxc_tensor is raw memory addressed with byte strides:
 *   element (i0, i1, ...) is at ptr + i0 * strides[0] + i1 * strides[1] + ...;
 *   beyond num_dims a dimension is 1; a stride of 0 reads index 0 there (how
 *   broadcasting and transposition are expressed).  The element type is
 *   `type` (the NN layers also take it as an argument, with their fixed point).
 * - Border modes: OVXC_BORDER_REPLICATE takes the nearest edge pixel (the
 *   kernels also use it for VX_BORDER_UNDEFINED, where any value is allowed),
 *   OVXC_BORDER_CONSTANT a given constant.
 */
#ifndef OVXC_COMPUTE_OVXC_H
#define OVXC_COMPUTE_OVXC_H

#include <stddef.h>
#include <stdint.h>

/* ---- planes and windows ---- */
typedef enum { OVXC_U1, OVXC_U8, OVXC_S16 } ovxc_fmt;

typedef struct {
    uint8_t *ptr;
    int32_t stride;
    ovxc_fmt fmt;
} ovxc_buf;

typedef struct {
    uint32_t x0, y0, x1, y1;
} ovxc_rect;

/* ---- tensors ---- */
#define OVXC_TENSOR_MAX_DIMS 8

/* Element types (the NN layers' fixed-point types, and float32). */
typedef enum { OVXC_T_U8, OVXC_T_S8, OVXC_T_S16, OVXC_T_F32 } ovxc_ttype;

typedef struct {
    uint8_t *ptr;                          /* element 0 */
    size_t num_dims;                       /* 1..OVXC_TENSOR_MAX_DIMS */
    size_t dims[OVXC_TENSOR_MAX_DIMS];
    size_t strides[OVXC_TENSOR_MAX_DIMS];  /* bytes; 0 = broadcast */
    ovxc_ttype type;
} ovxc_tensor;

/* ---- border modes ---- */
enum { OVXC_BORDER_REPLICATE = 0, OVXC_BORDER_CONSTANT = 1 };

#if defined(__AVX512F__)
/* Whether the CPU has AVX512_VBMI, for the AVX-512 files' VBMI paths (the
 * table lookup, the warps), cached per file; read and written atomically:
 * threads of several graphs ask at once (the same value from each). */
static inline int ovxc_cpu_vbmi(void)
{
    static int v = -1;
    int r = __atomic_load_n(&v, __ATOMIC_RELAXED);
    if (r < 0) {
        r = __builtin_cpu_supports("avx512vbmi") ? 1 : 0;
        __atomic_store_n(&v, r, __ATOMIC_RELAXED);
    }
    return r;
}
#endif

#endif
