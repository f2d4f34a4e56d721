/*
 * Row routines of Magnitude and Phase (spec "Magnitude", "Phase") with SIMD
 * variants (runtime/dispatch.h).  Each computes n pixels of one row from the
 * S16 gradients gx, gy:
 *
 *   magnitude (S16 out): min(floor(sqrt(gx^2 + gy^2) + 0.5), 32767), exact
 *     (the variants take a float square root and correct it in integers).
 *   phase (U8 out): the angle of (gx, gy) in [0, 2 pi) mapped to 0..255 and
 *     rounded (256 wraps to 0), computed in float by one fixed sequence of
 *     operations that every variant repeats exactly: a = min(|gx|, |gy|) /
 *     max(|gx|, |gy|, 1); atan(a) by the polynomial
 *     a (0.9998660 + s (-0.3302995 + s (0.1801410 + s (-0.0851330 + s 0.0208351))))
 *     with s = a^2 (Hastings' approximation, |error| < 1e-5 rad); then
 *     pi/2 - r when |gy| > |gx|, pi - r when gx < 0, -r when gy < 0; times
 *     256 / (2 pi), plus 256 when negative, then floor(v + 0.5).  It differs
 *     from a double-precision atan2 by at most one step, at rounding edges
 *     (the CTS allows one).  The library builds with -ffp-contract=off, so no
 *     variant fuses a multiply and an add the others round twice.
 */
#ifndef OVXC_COMPUTE_GRADIENT_H
#define OVXC_COMPUTE_GRADIENT_H

#include <stddef.h>
#include <stdint.h>

#include "../runtime/dispatch.h"

typedef void (*ovxc_grad_row_f)(const int16_t *gx, const int16_t *gy, void *dst, size_t n);

#define OVXC_GRAD_OPS(X) X(magnitude) X(phase)

typedef enum { OVXC_GRAD_magnitude, OVXC_GRAD_phase, OVXC_GRAD_COUNT } ovxc_grad_op;

#define OVXC_GRAD_DECLARE(name)                                                                                \
    void ovxc_row_##name##_scalar(const int16_t *gx, const int16_t *gy, void *dst, size_t n);                 \
    void ovxc_row_##name##_sse41(const int16_t *gx, const int16_t *gy, void *dst, size_t n);                  \
    void ovxc_row_##name##_avx2(const int16_t *gx, const int16_t *gy, void *dst, size_t n);                   \
    void ovxc_row_##name##_avx512(const int16_t *gx, const int16_t *gy, void *dst, size_t n);
OVXC_GRAD_OPS(OVXC_GRAD_DECLARE)
#undef OVXC_GRAD_DECLARE

/* The variants of op, best first, the scalar reference last. */
const ovx_variant *ovxc_grad_variants(ovxc_grad_op op);

/* The phase polynomial's constants (shared by every variant). */
#define OVXC_ATAN_C1 0.9998660f
#define OVXC_ATAN_C3 -0.3302995f
#define OVXC_ATAN_C5 0.1801410f
#define OVXC_ATAN_C7 -0.0851330f
#define OVXC_ATAN_C9 0.0208351f
#define OVXC_HALF_PI 1.57079632679489662f
#define OVXC_PI 3.14159265358979324f
#define OVXC_PHASE_SCALE 40.7436654315252059f /* 256 / (2 pi) */

#endif
