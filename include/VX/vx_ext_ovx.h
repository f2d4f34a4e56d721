/*
 * libopenvx vendor extension header (not part of the Khronos API).
 *
 * Vendor-defined attributes, in the vendor range that the OpenVX attribute
 * scheme reserves (VX_ATTRIBUTE_BASE(vendor, object)).  libopenvx reports its
 * vendor id as VX_ID_DEFAULT.
 */
#ifndef _OPENVX_EXT_OVX_H_
#define _OPENVX_EXT_OVX_H_

#include <VX/vx.h>

/* Name of our CPU target, accepted by vxSetImmediateModeTarget / vxSetNodeTarget
 * with VX_TARGET_STRING (matching is case-insensitive; "any" is accepted too). */
#define VX_OVX_TARGET_CPU "ovx.cpu"

enum vx_ovx_context_attribute_e {
    /* Read-only. The CPU features the library detected, space separated, e.g.
     * "sse2 sse4.1 sse4.2 avx avx2 fma avx512f avx512bw". Use a vx_char array of
     * VX_OVX_MAX_STRING bytes. */
    VX_CONTEXT_OVX_CPU_FEATURES = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_CONTEXT) + 0x0,
    /* Read-only. The SIMD level compute routines dispatch to ("none", "sse4",
     * "avx2", "avx512"), after the OPENVX_SIMD environment override. Use a vx_char
     * array of VX_OVX_MAX_STRING bytes. */
    VX_CONTEXT_OVX_SIMD_LEVEL = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_CONTEXT) + 0x1,
    /* Read-only. The targets of the context, space separated. Use a vx_char array of
     * VX_OVX_MAX_STRING bytes. */
    VX_CONTEXT_OVX_TARGETS = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_CONTEXT) + 0x2
};

#define VX_OVX_MAX_STRING (256)

#endif
