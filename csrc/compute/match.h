/*
 * Template matching variants (spec "Match Template"); the scalar reference
 * is ovxc_match_template_u8 (compute/imgext.h), same signature and results.
 */
#ifndef OVXC_COMPUTE_MATCH_H
#define OVXC_COMPUTE_MATCH_H

#include <stdint.h>

typedef void (*ovxc_match_f)(int metric, const uint8_t *src, int32_t ss, const uint8_t *tpl, int32_t ts, uint32_t tw,
                             uint32_t th, int16_t *dst, int32_t ds, uint32_t x0, uint32_t y0, uint32_t x1,
                             uint32_t y1);

void ovxc_match_template_u8_avx2(int metric, const uint8_t *src, int32_t ss, const uint8_t *tpl, int32_t ts,
                                 uint32_t tw, uint32_t th, int16_t *dst, int32_t ds, uint32_t x0, uint32_t y0,
                                 uint32_t x1, uint32_t y1);

/* AVX-512 with VNNI (compute/match_avx512.c): only on CPUs with
 * AVX512_VNNI (ovx_cpu_avx512vnni); metrics and templates it does not take
 * go to the AVX2 variant. */
void ovxc_match_template_u8_avx512(int metric, const uint8_t *src, int32_t ss, const uint8_t *tpl, int32_t ts,
                                   uint32_t tw, uint32_t th, int16_t *dst, int32_t ds, uint32_t x0, uint32_t y0,
                                   uint32_t x1, uint32_t y1);

#endif
