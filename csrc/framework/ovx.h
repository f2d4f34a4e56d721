/*
 * libopenvx internal framework interface.
 *
 * Every object starts with a struct _vx_reference (magic, type, context, counts,
 * name).  Handles given to the application are validated against a process-wide
 * set of live references before anything is dereferenced, so a NULL, a stale
 * (released) or foreign pointer is reported as VX_ERROR_INVALID_REFERENCE instead
 * of being followed.  Internal names carry the prefix ovx_; only vx* symbols are
 * exported (the build uses -fvisibility=hidden).
 */
#ifndef OVX_FRAMEWORK_H
#define OVX_FRAMEWORK_H

#include <VX/vx.h>
#include <VX/vx_compatibility.h>
#include <VX/vx_ext_ovx.h>
#include <VX/vx_import.h>
#include <VX/vx_khr_user_data_object.h>
#include <VX/vx_khr_tiling.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>

#define OVX_MAGIC 0x21585648u /* "HVX!" */
#define OVX_DEAD 0xDEADDEADu

#define OVX_VENDOR_ID ((vx_uint16)VX_ID_DEFAULT)
#define OVX_IMPLEMENTATION_NAME "libopenvx"
#define OVX_TARGET_NAME "ovx.cpu"
#define OVX_MAX_KERNEL_PARAMS 32
#define OVX_CONVOLUTION_MAX_DIMENSION 15
#define OVX_OPTICAL_FLOW_MAX_WINDOW 15
#define OVX_NONLINEAR_MAX_DIMENSION 9
#define OVX_MAX_TENSOR_DIMS 6
/* Pyramid levels this implementation supports: a halving pyramid of the
 * largest image has 33 levels, an ORB one 129; a scale of 1 never shrinks,
 * so the count must be bounded by itself (vxCreatePyramid). */
#define OVX_MAX_PYRAMID_LEVELS 1024
#define OVX_MAX_USER_STRUCTS 256
#define OVX_MAX_MODULES 64
#define OVX_USER_KERNEL_IDS 4096
#define OVX_USER_LIBRARY_IDS 256

#if defined(__GNUC__)
#define OVX_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define OVX_PRINTF(a, b)
#endif

typedef void (*ovx_destructor_f)(vx_reference ref);

struct _vx_reference {
    vx_uint32 magic;
    vx_enum type;
    vx_context context;
    vx_reference scope;          /* context, or the graph owning a virtual object
                                  * (NULL once that graph is gone) */
    vx_uint32 external_count;    /* application's references */
    vx_uint32 internal_count;    /* framework's references (graphs, parents, tables) */
    vx_status error_status;      /* VX_TYPE_ERROR objects only */
    vx_bool is_virtual;
    /* The container (pyramid, object array, delay) this object is an item of.
     * The container holds the item with an internal reference; while anybody
     * else holds the item too (the application, a node, a parameter), the
     * item holds the container, so a level or item in use keeps its
     * container alive (framework/reference.c). */
    struct _vx_reference *parent;
    char name[VX_MAX_REFERENCE_NAME];
    /* Frees what the object owns besides its own memory.  During context
     * teardown (ref->context->tearing_down) it must not release other
     * references: the context frees every one of them itself. */
    ovx_destructor_f destructor;
    struct _vx_reference *prev, *next; /* the context's list of objects */
};

/* ---- kernels ---------------------------------------------------------- */
/* The 1.0/1.1 direction of a parameter a node both reads and writes (the
 * accumulate kernels of vx_compatibility.h); 1.3.1 dropped the enum. */
#define OVX_BIDIRECTIONAL (VX_ENUM_BASE(VX_ID_KHRONOS, VX_ENUM_DIRECTION) + 0x2)

typedef struct {
    vx_enum direction;
    vx_enum type;
    vx_enum state;
    vx_bool set;
} ovx_param_info;

/* A window: the rectangle [x0, x1) x [y0, y1) of a node's split image (see
 * ovx_kernel_desc.split_param), in that image's pixels. */
typedef struct {
    vx_uint32 x0, y0, x1, y1;
} ovx_window;

/* Compute one window of a node.  The executor calls it for disjoint windows
 * that cover the split image, possibly at the same time from several threads,
 * after making sure every image parameter has memory; it must only read its
 * inputs and write its window of the outputs (no maps, no allocation). */
typedef vx_status (*ovx_window_f)(vx_node node, const vx_reference params[], vx_uint32 num,
                                  const ovx_window *win);

/* Valid-region rules of built-in kernels (spec "Valid Image Region"). */
enum {
    /* Output images that have the size of the first input image get the
     * intersection of the input images' valid rectangles, shrunk by
     * valid_shrink pixels on each side when the node's border mode is
     * VX_BORDER_UNDEFINED.  Others get their full rectangle. */
    OVX_VALID_DEFAULT = 0,
    /* Every output image gets its full rectangle. */
    OVX_VALID_FULL = 1,
    /* The kernel's function sets its outputs' valid rectangles itself. */
    OVX_VALID_KERNEL = 2
};

/* Static description of a built-in kernel (the "kernel interface"); the
 * kernel families of csrc/kernels/ list theirs in their family table (see
 * csrc/kernels/kernels.h), which the generated kernel_registry.c gathers. */
typedef struct ovx_kernel_desc {
    vx_enum enumeration;
    const char *name;
    vx_uint32 num_params;
    ovx_param_info params[OVX_MAX_KERNEL_PARAMS];
    /* Whole-node compute; may be NULL when window is set. */
    vx_kernel_f function;
    vx_kernel_validate_f validate;
    vx_kernel_initialize_f initialize;
    vx_kernel_deinitialize_f deinitialize;
    /* Window compute: when set, the executor cuts the image parameter
     * split_param into row bands and runs them on the thread pool (function,
     * if also set, is not used). */
    ovx_window_f window;
    vx_uint32 split_param;
    /* Valid-region rule and the border lost per side under UNDEFINED. */
    vx_enum valid_rule;
    vx_uint32 valid_shrink;
} ovx_kernel_desc;

/* Built-in kernels with SIMD variants (runtime/dispatch.h) pick the node's
 * variant once its parameters are verified; NULL: the kernel's own code
 * ("scalar").  Families list theirs in a table ending with {0, NULL}. */
typedef const struct ovx_variant *(*ovx_select_f)(vx_node node, const vx_reference params[]);
typedef struct {
    vx_enum kernel;
    ovx_select_f select;
} ovx_select_entry;
/* kernel_registry.c (generated): the variant for a node of built-in kernel `kernel`. */
const struct ovx_variant *ovx_kernel_select(vx_enum kernel, vx_node node, const vx_reference params[]);
/* framework/node.c: the variant chosen for the node at verify (NULL: scalar). */
const struct ovx_variant *ovx_node_variant(vx_node node);

struct _vx_kernel {
    struct _vx_reference base;
    char name[VX_MAX_KERNEL_NAME];
    vx_enum enumeration;
    vx_uint32 num_params;
    ovx_param_info params[OVX_MAX_KERNEL_PARAMS];
    vx_kernel_f function;
    vx_kernel_validate_f validate;
    vx_kernel_initialize_f initialize;
    vx_kernel_deinitialize_f deinitialize;
    vx_kernel_input_validate_f input_validate;   /* 1.0 style (vxAddKernel) */
    vx_kernel_output_validate_f output_validate;
    vx_size local_data_size;
    vx_bool user_kernel;
    vx_bool finalized;
    vx_bool removed;
    vx_uint32 param_holds;       /* kernel vx_parameter objects alive (each holds the kernel) */
    /* vx_khr_tiling (framework/tiling.c): a kernel added by vxAddTilingKernel */
    vx_bool tiling;
    vx_tiling_kernel_f tile_flexible, tile_fast;
    vx_neighborhood_size_t tile_neighborhood;
    vx_tile_block_size_t tile_block;
    vx_size tile_memory_size;
    vx_enum tile_border_mode;    /* VX_BORDER_UNDEFINED or VX_BORDER_MODE_SELF */
    const ovx_kernel_desc *desc; /* built-in kernels */
    /* vx_khr_pipelining: VX_KERNEL_PIPEUP_OUTPUT/INPUT_DEPTH (0: never set, reads 1) */
    vx_uint32 pipeup_output_depth, pipeup_input_depth;
    /* vx_khr_import_kernel (nnef/nnef_kernel.c): the imported model, freed
     * with the kernel, and the maker of a parameter's meta format for
     * VX_PARAMETER_META_FORMAT (the vx_parameter owns what it makes) */
    void *import_data;
    void (*import_free)(void *data);
    vx_meta_format (*import_meta)(vx_kernel kernel, vx_uint32 index);
};

/* framework/tiling.c: vxQueryKernel / vxSetKernelAttribute of the tiling
 * attributes; VX_ERROR_NOT_SUPPORTED when attribute is not one of them. */
vx_status ovx_tiling_query_kernel(vx_kernel k, vx_enum attribute, void *ptr, vx_size size);
vx_status ovx_tiling_set_kernel(vx_kernel k, vx_enum attribute, const void *ptr, vx_size size);
/* framework/kernel.c: add a user kernel to the context's table. */
vx_kernel ovx_kernel_add(vx_context c, const vx_char *name, vx_enum enumeration, vx_kernel_f func,
                         vx_uint32 num_params, const char *who);

struct _vx_parameter {
    struct _vx_reference base;
    vx_kernel kernel;  /* held with an internal reference */
    vx_node node;      /* NULL for kernel parameters */
    vx_uint32 index;
    vx_meta_format meta; /* VX_PARAMETER_META_FORMAT of an imported kernel, owned */
};

typedef struct {
    char name[VX_MAX_KERNEL_NAME];
    void *handle;                     /* dlopen()ed; NULL: vxRegisterKernelLibrary */
    vx_publish_kernels_f publish;
    vx_unpublish_kernels_f unpublish;
    vx_bool loaded;                   /* published (counted by VX_CONTEXT_MODULES) */
} ovx_module;

typedef struct {
    vx_size size;
    char name[VX_MAX_REFERENCE_NAME];
    vx_bool used;
} ovx_user_struct;

/* ---- context ---------------------------------------------------------- */
struct _vx_context {
    struct _vx_reference base;
    pthread_mutex_t lock;            /* object list, counts, tables (recursive) */
    struct _vx_reference *head;      /* every object the context owns */
    vx_uint32 num_refs;
    vx_bool tearing_down;
    /* logging */
    pthread_mutex_t log_lock;
    vx_log_callback_f log_callback;
    vx_bool log_reentrant;
    vx_bool log_enabled;
    /* directives */
    vx_bool perf_enabled;
    vx_uint32 threads;               /* VX_CONTEXT_OVX_THREADS: 0 = the whole pool */
    vx_enum hint;
    /* immediate mode */
    vx_border_t immediate_border;
    vx_enum immediate_border_policy;
    vx_enum immediate_target;
    /* error objects, one per status */
    vx_reference errors[-VX_STATUS_MIN + 1];
    /* kernels */
    vx_kernel *kernels;
    vx_uint32 num_kernels, cap_kernels;
    vx_uint32 next_user_kernel_id;
    vx_uint32 next_user_library_id;
    ovx_module modules[OVX_MAX_MODULES];
    vx_uint32 num_modules;
    ovx_user_struct user_structs[OVX_MAX_USER_STRUCTS];
    vx_uint32 num_user_structs;
    /* vx_khr_pipelining events (events.c) */
    struct ovx_events *events;
};

/* ---- references (reference.c) ----------------------------------------- */
vx_reference ovx_ref_create(vx_context context, vx_enum type, size_t size,
                            ovx_destructor_f destructor, vx_reference scope);
/* Is ref a live reference?  type VX_TYPE_REFERENCE accepts any object type
 * except error objects; otherwise the type must match exactly. */
vx_bool ovx_ref_is_live(const void *ref);
vx_bool ovx_ref_valid(vx_reference ref, vx_enum type);
vx_status ovx_ref_release(vx_reference *ref, vx_enum type, vx_bool internal);
void ovx_ref_retain_internal(vx_reference ref);
void ovx_ref_release_internal(vx_reference ref);
void ovx_ref_retain_external(vx_reference ref);
/* Make child (just created, external_count 1) an item of parent: the parent
 * holds it, the application does not.  ovx_drop_child is the parent's release. */
void ovx_adopt_child(vx_reference parent, vx_reference child);
void ovx_drop_child(vx_reference child);
void ovx_ref_release_external_quiet(vx_reference ref);
/* Drop every application reference of ref (the object goes when nobody else
 * holds it). */
void ovx_ref_drop_all_external(vx_reference ref);
/* Every object of c whose scope is `scope` (a graph being destroyed) gets no
 * scope: a virtual object of a released graph that no graph may take. */
void ovx_ref_orphan_scope(vx_context c, vx_reference scope);
/* The object a node parameter is bound to (NULL for kernel parameters);
 * framework/node.c. */
vx_reference ovx_param_node_ref(vx_parameter p);
vx_uint32 ovx_ref_total(vx_reference ref);
void ovx_ref_free_all(vx_context context);
void ovx_ref_destroy_now(vx_reference ref);
/* Destroy a linked object now, whatever its counts: unlinks it from its
 * context's list (ovx_ref_destroy_now is for objects already unlinked). */
void ovx_ref_destroy(vx_reference ref);
const char *ovx_type_name(vx_enum type);
size_t ovx_type_size(vx_enum type);

/* ---- errors and log (error.c, log.c) ---------------------------------- */
vx_reference ovx_error(vx_context context, vx_status status);
/* An error object for a creator that was given an invalid context/parent: no
 * context is known, so NULL is the only honest answer. */
void ovx_log(vx_reference ref, vx_status status, const char *fmt, ...) OVX_PRINTF(3, 4);
void ovx_vlog(vx_reference ref, vx_status status, const char *fmt, va_list ap);
/* An information entry (status VX_SUCCESS) for the log callback: library
 * diagnostics the user opted into (vxAddLogEntry drops VX_SUCCESS entries). */
void ovx_log_info(vx_reference ref, const char *fmt, ...) OVX_PRINTF(2, 3);
/* Error object of ref's context (when ref is live) with a log entry, else NULL. */
vx_reference ovx_error_from(const void *ref, vx_status status, const char *fmt, ...) OVX_PRINTF(3, 4);

/* ---- context (context.c) ---------------------------------------------- */
void ovx_context_lock(vx_context c);
void ovx_context_unlock(vx_context c);
vx_bool ovx_context_valid(vx_context c);
vx_bool ovx_target_name_ok(const char *name);
vx_size ovx_user_struct_size(vx_context c, vx_enum type);

/* ---- kernels (kernel.c) ----------------------------------------------- */
vx_status ovx_kernels_init(vx_context context);
void ovx_kernels_fini(vx_context context);
vx_uint32 ovx_modules_loaded(vx_context context);
/* NULL-terminated list of NULL-terminated family tables (kernel_registry.c, generated). */
extern const ovx_kernel_desc *const *const ovx_kernel_families[];

/* ---- runtime (csrc/runtime/cpu.c) ------------------------------------- */
enum {
    OVX_CPU_SSE2 = 1u << 0,
    OVX_CPU_SSE41 = 1u << 1,
    OVX_CPU_SSE42 = 1u << 2,
    OVX_CPU_AVX = 1u << 3,
    OVX_CPU_AVX2 = 1u << 4,
    OVX_CPU_FMA = 1u << 5,
    OVX_CPU_AVX512F = 1u << 6,
    OVX_CPU_AVX512BW = 1u << 7,
    OVX_CPU_AVX512VL = 1u << 8,
    OVX_CPU_AVX512DQ = 1u << 9,
    OVX_CPU_NEON = 1u << 10,
};
vx_uint32 ovx_cpu_features(void);       /* detected once */
const char *ovx_cpu_features_string(void);
vx_enum ovx_simd_level(void);           /* after OPENVX_SIMD override */
/* Threads of the pool (runtime/threadpool.c). */
vx_uint32 ovx_pool_threads(void);
const char *ovx_simd_level_name(void);
/* OPENVX_LOG_VARIANTS=1 (read once): vxVerifyGraph logs each node's chosen
 * compute variant as an information entry (status VX_SUCCESS). */
int ovx_log_variants(void);

/* ---- helpers ----------------------------------------------------------- */
/* A virtual object's `accessible` flag (objects/virtual.c's
 * ovx_set_accessible writes it as its graph's nodes start and end, on the
 * graph's threads, while the application may try to map the object): read
 * atomically. */
static inline vx_bool ovx_accessible_now(const vx_bool *flag)
{
    return __atomic_load_n(flag, __ATOMIC_ACQUIRE);
}

/* ---- argument checks of copy and map functions (every data object) ------ */
static inline vx_bool ovx_copy_usage_ok(vx_enum usage)
{
    return (usage == VX_READ_ONLY || usage == VX_WRITE_ONLY) ? vx_true_e : vx_false_e;
}

static inline vx_bool ovx_map_usage_ok(vx_enum usage)
{
    return (usage == VX_READ_ONLY || usage == VX_WRITE_ONLY || usage == VX_READ_AND_WRITE) ? vx_true_e
                                                                                        : vx_false_e;
}

static inline vx_bool ovx_mem_type_ok(vx_enum mem_type)
{
    return mem_type == VX_MEMORY_TYPE_HOST ? vx_true_e : vx_false_e;
}

static inline vx_bool ovx_map_flags_ok(vx_bitfield flags)
{
    return (flags & ~(vx_bitfield)VX_NOGAP_X) == 0 ? vx_true_e : vx_false_e;
}

/* ---- names for log messages (framework/names.c, generated; log.c) ------ */
const char *ovx_attr_name(vx_enum attribute);  /* "VX_IMAGE_WIDTH", NULL when unknown */
const char *ovx_df_name(vx_df_image format);   /* "U8", "RGB", NULL when unknown */
/* The attribute's name, or its value in hex, in buf (at least 16 bytes). */
const char *ovx_attr_label(vx_enum attribute, char *buf);
#define OVX_ATTR(a) ovx_attr_label((vx_enum)(a), (char[16]){0})
/* The format's name ("U8"), or its FourCC and hex for an unknown code. */
const char *ovx_df_label(vx_df_image format, char *buf);
#define OVX_DF(f) ovx_df_label((vx_df_image)(f), (char[24]){0})

/* Copy a query result when the caller's container has exactly the right size. */
vx_status ovx_query_copy(void *ptr, vx_size size, const void *value, vx_size value_size);

#endif
