/*
 * api_fuzz: a random-sequence fuzzer over the OpenVX C API.
 *
 * A run keeps a pool of handles (every object kind, graphs, nodes, kernels,
 * parameters, imports) in two contexts and, from a seed, calls the API with
 * handles picked from the pool: live ones of the right type mostly, but also
 * NULL, released, wrong-typed, error objects, other-context objects and
 * pointers that are no reference at all, with random attributes, sizes,
 * rectangles and strides.
 *
 * What counts as a failure:
 *   - a crash, or an ASan/UBSan report (the sanitizers catch those);
 *   - a status the spec forbids: VX_SUCCESS for a handle that is NULL,
 *     released, of the wrong type or not a reference; a value that is no
 *     vx_status at all.
 * Memory the fuzzer hands the library is always as large as the sizes and
 * strides it claims, so a sanitizer report is the library's fault.  When the
 * fuzzer lies on purpose (stride smaller than an element, rectangle outside
 * the image, wrong attribute size) the lie is one the API can detect.
 */
#ifndef API_FUZZ_H
#define API_FUZZ_H

#include <VX/vx.h>
#include <VX/vx_compatibility.h>
#include <VX/vx_ext_ovx.h>
#include <VX/vx_khr_ix.h>
#include <VX/vx_import.h>
#include <VX/vx_khr_nn.h>
#include <VX/vx_khr_user_data_object.h>
#include <VX/vx_khr_import_kernel.h>
#include <VX/vxu.h>

#include <stddef.h>
#include <stdint.h>

#define FZ_MAX_SLOTS 512
#define FZ_NCTX 2

/* How a handle handed to a call was picked. */
enum fz_kind {
    FZ_GOOD = 0,   /* live, right type */
    FZ_NULLH,      /* NULL */
    FZ_STALE,      /* released by us, and its address no live reference now */
    FZ_WRONG,      /* live reference of another type (or an error object) */
    FZ_BOGUS,      /* a pointer to memory that is no reference */
    FZ_MAYBE       /* released, but the address was reused: anything goes */
};

typedef struct {
    vx_reference ref;
    vx_enum type;       /* VX_TYPE_* of the object */
    int ctx;            /* context index */
    int live;           /* we hold an external reference */
    int graph;          /* for virtual objects, nodes: the graph slot; else -1 */
    int node;           /* for parameters: the node slot; else -1 */
    int parent;         /* for pyramid levels, object array items, delay slots, ROI/channel images */
    int has_children;   /* a level/item/slot was taken from this container */
    int removed;        /* node removed by vxRemoveNode */
    int unusable;       /* --avoid-known: a pattern another helper fixes */
    int scheduled;      /* graph: vxScheduleGraph succeeded, not yet waited */
    int nodes;          /* graph: nodes created in it */
} fz_slot;

typedef struct {
    vx_context ctx[FZ_NCTX];
    int ctx_live[FZ_NCTX];
    vx_context stale_ctx;       /* a released context, or NULL */
    fz_slot slot[FZ_MAX_SLOTS];
    int nslots;
    vx_kernel_info_t *ktable[FZ_NCTX];
    vx_uint32 nkernels[FZ_NCTX];
    void **host[FZ_NCTX];       /* memory handed to ...FromHandle: freed after the context */
    size_t nhost[FZ_NCTX], caphost[FZ_NCTX];
    uint64_t rng;
    uint64_t calls;
    uint64_t seed;
    int avoid_known;
    int verbose;
    int violations;
} fz_state;

extern fz_state *FZ;

/* random */
uint64_t fz_rand(void);
uint32_t fz_below(uint32_t n);
/* randomness for callbacks, which may run on graph threads (fuzz_user.c) */
uint32_t fz_cb_rand(uint32_t n);
int fz_chance(uint32_t percent);
vx_uint32 fz_u32(void);   /* small mostly, sometimes huge or "negative" */
vx_size fz_size(void);

/* pool */
int fz_add(vx_reference ref, vx_enum type, int ctx, int graph, int node, int parent);
int fz_pick_slot(vx_enum type, int want_live);
vx_reference fz_pick(vx_enum type, int *kind);
vx_reference fz_pick_any(int *kind);
int fz_ctx_index(void);
vx_context fz_pick_ctx(int *kind);
void fz_mark_released(int slot);
void fz_release_slot(int slot);
int fz_slot_of(vx_reference ref);
void fz_host_keep(int ctx, void *p);
int fz_ctx_of(vx_reference ref);

/* checks */
void fz_check(const char *fn, int kind, vx_status s);
void fz_check_obj(const char *fn, int kind, vx_reference r);
void fz_status_sane(const char *fn, vx_status s);
int fz_bad_kind(int kind);

/* the operations */
void fz_op_create(void);
void fz_op_node(void);
void fz_op_graph(void);
void fz_op_query(void);
void fz_op_set(void);
void fz_op_copy(void);
void fz_op_map(void);
void fz_op_unmap(int all);
void fz_op_misc(void);
void fz_op_ix(void);
void fz_op_release(void);
void fz_op_container(void);
void fz_op_recipe(void);
void fz_op_fresh(void);
void fz_op_user(void);

#define FZ_CALL (FZ->calls++)

#endif
