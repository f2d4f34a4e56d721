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
     * "sse2 sse4.1 sse4.2 avx avx2 fma avx512f avx512bw"; "avx512-halfwidth":
     * the CPU runs AVX-512 on 256-bit units (AMD family 19h; the
     * OPENVX_AVX512_HALFWIDTH=0|1 environment override), where some kernels
     * take their AVX2 rows. Use a vx_char array of VX_OVX_MAX_STRING bytes. */
    VX_CONTEXT_OVX_CPU_FEATURES = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_CONTEXT) + 0x0,
    /* Read-only. The SIMD level the CPU allows ("none", "sse4", "avx2",
     * "avx512"), after the OPENVX_SIMD environment override: nodes run the best
     * variant up to it (VX_NODE_OVX_VARIANT). Use a vx_char
     * array of VX_OVX_MAX_STRING bytes. */
    VX_CONTEXT_OVX_SIMD_LEVEL = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_CONTEXT) + 0x1,
    /* Read-only. The targets of the context, space separated. Use a vx_char array of
     * VX_OVX_MAX_STRING bytes. */
    VX_CONTEXT_OVX_TARGETS = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_CONTEXT) + 0x2,
    /* Read-write, vx_uint32. How many threads a node of this context's graphs may
     * use (0: every thread of the pool, which has one thread per online CPU, or
     * OPENVX_THREADS if that environment variable is set when the first graph
     * runs). Reading it when it is 0 gives the pool's size. */
    VX_CONTEXT_OVX_THREADS = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_CONTEXT) + 0x3
};

enum vx_ovx_node_attribute_e {
    /* Read-only. The compute variant the node runs, chosen when its graph was
     * verified: "scalar" (portable C), "sse4", "avx2" or "avx512" (see the
     * README on SIMD; OPENVX_LOG_VARIANTS=1 also logs each choice as an
     * information entry, status VX_SUCCESS). Use a vx_char array of
     * VX_OVX_MAX_STRING bytes. */
    VX_NODE_OVX_VARIANT = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_NODE) + 0x0
};

enum vx_ovx_directive_e {
    /* vxDirective(context, ...): run every node on the calling thread only
     * (VX_CONTEXT_OVX_THREADS = 1), or on the whole pool again (= 0). */
    VX_DIRECTIVE_OVX_SERIAL = VX_ENUM_BASE(VX_ID_DEFAULT, VX_ENUM_DIRECTIVE) + 0x0,
    VX_DIRECTIVE_OVX_PARALLEL = VX_ENUM_BASE(VX_ID_DEFAULT, VX_ENUM_DIRECTIVE) + 0x1
};

enum vx_ovx_graph_attribute_e {
    /* Read-only, vx_size. Bytes of memory the verified graph's plan gives its
     * virtual images: images whose lifetimes do not overlap share buffers. */
    VX_GRAPH_OVX_VIRTUAL_BYTES = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_GRAPH) + 0x0,
    /* Read-only, vx_size. What one buffer per virtual image would take. */
    VX_GRAPH_OVX_VIRTUAL_BYTES_UNSHARED = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_GRAPH) + 0x1,
    /* Read-write, vx_bool, default vx_true_e (vx_false_e when the environment
     * has OPENVX_FUSION=0). Fuse chains of built-in nodes joined by virtual
     * images (run band by band, intermediates in small per-thread buffers).
     * Setting it makes the graph verify again. */
    VX_GRAPH_OVX_FUSION = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_GRAPH) + 0x2,
    /* Read-only, vx_uint32. Nodes of the verified graph that run fused. */
    VX_GRAPH_OVX_FUSED_NODES = VX_ATTRIBUTE_BASE(VX_ID_DEFAULT, VX_TYPE_GRAPH) + 0x3
};

#define VX_OVX_MAX_STRING (256)

#ifdef __cplusplus
extern "C" {
#endif

/* The graph as Graphviz DOT text, verified first if it is not: one box per
 * node labelled with its kernel's name and, after a run, its average time
 * ("0.123 ms avg (4 runs)"); one ellipse per data object bound to a node,
 * labelled with its type, format and size ("U8 640x480", "tensor 8x8x3
 * INT16"), dashed and marked "virtual" for virtual objects; edges from input
 * objects to nodes and from nodes to outputs, labelled like their object.
 * With buffer NULL, *size gets the bytes the text needs (with its final 0);
 * otherwise the text is copied to buffer when *size is enough (else
 * VX_ERROR_NOT_SUFFICIENT with the needed size in *size). */
VX_API_ENTRY vx_status VX_API_CALL vxOvxExportGraphDot(vx_graph graph, vx_char *buffer, vx_size *size);

#ifdef __cplusplus
}
#endif

#endif
