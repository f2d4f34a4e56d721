/*
 * api_fuzz: driver, random numbers, the handle pool, the status checks.
 *
 *   api_fuzz --seed N [--calls M]        one sequence (short mode)
 *   api_fuzz --seeds A-B [--calls M]     one sequence per seed (hunting mode)
 *   --avoid-known                        skip the patterns of known, separately
 *                                        fixed defects (see README.md here)
 *   --verbose                            print each violation's context
 *
 * Prints the number of API calls made; exits 1 on a spec violation.
 */
#include "fuzz.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fz_state *FZ;

/* ---- random --------------------------------------------------------------- */
uint64_t fz_rand(void)
{
    /* splitmix64: every seed gives a good, reproducible stream */
    uint64_t z = (FZ->rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint32_t fz_below(uint32_t n)
{
    return n ? (uint32_t)(fz_rand() % n) : 0;
}

int fz_chance(uint32_t percent)
{
    return fz_below(100) < percent;
}

vx_uint32 fz_u32(void)
{
    switch (fz_below(20)) {
    case 0: return 0;
    case 1: return 0xffffffffu;            /* -1 as unsigned */
    case 2: return 0x80000000u + fz_below(4);
    case 3: return 0x7fffffffu - fz_below(2);
    case 4: return (vx_uint32)fz_rand();
    case 5: return 1u << fz_below(32);
    default: return 1 + fz_below(40);
    }
}

vx_size fz_size(void)
{
    switch (fz_below(20)) {
    case 0: return 0;
    case 1: return (vx_size)-1;
    case 2: return (vx_size)-2;
    case 3: return (vx_size)1 << (32 + fz_below(31));
    case 4: return fz_u32();
    default: return 1 + fz_below(40);
    }
}

/* ---- the pool ----------------------------------------------------------- */
static unsigned char bogus_memory[256]; /* no reference lives here */

static int slot_free_index(void)
{
    int i, j, tries;
    if (FZ->nslots < FZ_MAX_SLOTS) return FZ->nslots++;
    /* reuse a dead slot: whoever named it as owner sees -2 ("gone") */
    for (tries = 0; tries < 64; tries++) {
        i = (int)fz_below(FZ_MAX_SLOTS);
        if (FZ->slot[i].live) continue;
        for (j = 0; j < FZ->nslots; j++) {
            if (FZ->slot[j].graph == i) FZ->slot[j].graph = -2;
            if (FZ->slot[j].node == i) FZ->slot[j].node = -2;
            if (FZ->slot[j].parent == i) FZ->slot[j].parent = -2;
        }
        return i;
    }
    return -1;
}

int fz_add(vx_reference ref, vx_enum type, int ctx, int graph, int node, int parent)
{
    int i;
    fz_slot *s;
    if (ref == NULL) return -1;
    if (vxGetStatus(ref) != VX_SUCCESS) {
        /* error objects are kept too (as wrong-typed handles), owned by the context */
        type = VX_TYPE_ERROR;
    }
    FZ_CALL;
    i = slot_free_index();
    if (i < 0) {
        if (type != VX_TYPE_ERROR) vxReleaseReference(&ref);
        FZ_CALL;
        return -1;
    }
    s = &FZ->slot[i];
    memset(s, 0, sizeof(*s));
    s->ref = ref;
    s->type = type;
    s->ctx = ctx;
    s->live = type != VX_TYPE_ERROR;
    s->graph = graph;
    s->node = node;
    s->parent = parent;
    if (type == VX_TYPE_ERROR) s->live = 0, s->type = VX_TYPE_ERROR;
    return i;
}

int fz_slot_of(vx_reference ref)
{
    int i;
    for (i = 0; i < FZ->nslots; i++)
        if (FZ->slot[i].live && FZ->slot[i].ref == ref) return i;
    return -1;
}

int fz_ctx_of(vx_reference ref)
{
    int i = fz_slot_of(ref);
    return i >= 0 ? FZ->slot[i].ctx : 0;
}

static int usable(const fz_slot *s)
{
    return s->live && !s->unusable && FZ->ctx_live[s->ctx];
}

int fz_pick_slot(vx_enum type, int want_live)
{
    int i, n = 0, pick = -1;
    for (i = 0; i < FZ->nslots; i++) {
        const fz_slot *s = &FZ->slot[i];
        if (type != VX_TYPE_REFERENCE && s->type != type) continue;
        if (s->type == VX_TYPE_ERROR && type != VX_TYPE_ERROR) continue;
        if (want_live ? !usable(s) : (s->live || s->type == VX_TYPE_ERROR || s->unusable)) continue;
        if (fz_below((uint32_t)++n) == 0) pick = i; /* reservoir sampling */
    }
    return pick;
}

/* A released handle whose address no live reference holds now is "stale";
 * if the address was reused (or the object is still held inside a graph),
 * anything goes. */
static int classify_released(vx_reference r)
{
    vx_enum t;
    vx_status s = vxQueryReference(r, VX_REFERENCE_TYPE, &t, sizeof(t));
    FZ_CALL;
    return s == VX_SUCCESS ? FZ_MAYBE : FZ_STALE;
}

vx_reference fz_pick(vx_enum type, int *kind)
{
    uint32_t r = fz_below(100);
    int i;
    if (r < 76) {
        i = fz_pick_slot(type, 1);
        if (i >= 0) {
            *kind = FZ_GOOD;
            return FZ->slot[i].ref;
        }
    }
    if (r < 82 || r >= 99) {
        *kind = FZ_NULLH;
        return NULL;
    }
    if (r < 89) {
        i = fz_pick_slot(type, 0);
        if (i >= 0) {
            *kind = classify_released(FZ->slot[i].ref);
            return FZ->slot[i].ref;
        }
        *kind = FZ_NULLH;
        return NULL;
    }
    if (r < 96) {
        /* wrong type: any live object of another type, an error object, a context */
        int tries;
        for (tries = 0; tries < 8; tries++) {
            i = (int)fz_below((uint32_t)(FZ->nslots ? FZ->nslots : 1));
            if (i < FZ->nslots && FZ->slot[i].type != type &&
                (usable(&FZ->slot[i]) || FZ->slot[i].type == VX_TYPE_ERROR) && FZ->ctx_live[FZ->slot[i].ctx] &&
                !FZ->slot[i].unusable) {
                *kind = FZ_WRONG;
                return FZ->slot[i].ref;
            }
        }
        if (type != VX_TYPE_CONTEXT && FZ->ctx_live[0]) {
            *kind = FZ_WRONG;
            return (vx_reference)FZ->ctx[0];
        }
    }
    *kind = FZ_BOGUS;
    return (vx_reference)(void *)(bogus_memory + 8 * fz_below(16));
}

vx_reference fz_pick_any(int *kind)
{
    int i = fz_pick_slot(VX_TYPE_REFERENCE, 1);
    vx_reference r;
    if (i >= 0 && fz_chance(85)) {
        *kind = FZ_GOOD;
        return FZ->slot[i].ref;
    }
    r = fz_pick(VX_TYPE_REFERENCE, kind);
    if (*kind == FZ_WRONG) *kind = FZ_MAYBE; /* a context or an error object: still a reference */
    return r;
}

int fz_ctx_index(void)
{
    int c = (int)fz_below(FZ_NCTX);
    if (!FZ->ctx_live[c]) c = !c;
    return c;
}

vx_context fz_pick_ctx(int *kind)
{
    uint32_t r = fz_below(100);
    int c = fz_ctx_index();
    if (r < 90 && FZ->ctx_live[c]) {
        *kind = FZ_GOOD;
        return FZ->ctx[c];
    }
    if (r < 94) {
        *kind = FZ_NULLH;
        return NULL;
    }
    if (r < 96 && FZ->stale_ctx) {
        *kind = classify_released((vx_reference)FZ->stale_ctx);
        return FZ->stale_ctx;
    }
    if (r < 98) {
        int i = fz_pick_slot(VX_TYPE_REFERENCE, 1);
        if (i >= 0) {
            *kind = FZ_WRONG;
            return (vx_context)FZ->slot[i].ref;
        }
    }
    *kind = FZ_BOGUS;
    return (vx_context)(void *)bogus_memory;
}

void fz_host_keep(int ctx, void *p)
{
    if (!p) return;
    if (FZ->nhost[ctx] == FZ->caphost[ctx]) {
        size_t ncap = FZ->caphost[ctx] ? 2 * FZ->caphost[ctx] : 64;
        void **n = realloc(FZ->host[ctx], ncap * sizeof(void *));
        if (!n) {
            fprintf(stderr, "api_fuzz: out of memory\n");
            exit(2);
        }
        FZ->host[ctx] = n;
        FZ->caphost[ctx] = ncap;
    }
    FZ->host[ctx][FZ->nhost[ctx]++] = p;
}

/* The avoid-known bookkeeping: what becomes unusable when slot i goes. */
void fz_mark_released(int i)
{
    int j;
    fz_slot *s = &FZ->slot[i];
    s->live = 0;
    /* spec vxReleaseGraph: its nodes go with it, whoever holds them */
    if (s->type == VX_TYPE_GRAPH)
        for (j = 0; j < FZ->nslots; j++)
            if (FZ->slot[j].type == VX_TYPE_NODE && FZ->slot[j].graph == i) FZ->slot[j].live = 0;
    if (!FZ->avoid_known) return;
    for (j = 0; j < FZ->nslots; j++) {
        fz_slot *o = &FZ->slot[j];
        if (j == i) continue; /* dead slots too: their stale handles may be alive elsewhere */
        /* known: virtual objects outliving their graph; parameters outliving
         * their graph; containers' items outliving their container */
        if (s->type == VX_TYPE_GRAPH && o->graph == i) o->unusable = 1;
        /* (a graph goes with its last holder: an import, a node's release
         * after the graph's, a second release through a stale copy) */
        if ((s->type == VX_TYPE_GRAPH || s->type == VX_TYPE_NODE || s->type == VX_TYPE_IMPORT ||
             s->type == VX_TYPE_REFERENCE) &&
            o->type == VX_TYPE_PARAMETER && o->ctx == s->ctx)
            o->unusable = 1;
        if ((s->type == VX_TYPE_PYRAMID || s->type == VX_TYPE_OBJECT_ARRAY || s->type == VX_TYPE_DELAY) &&
            o->parent == i)
            o->unusable = 1;
    }
}

void fz_release_slot(int i)
{
    fz_slot *s = &FZ->slot[i];
    vx_reference r = s->ref;
    vx_status st;
    if (r == (vx_reference)FZ->ctx[0] || r == (vx_reference)FZ->ctx[1]) {
        /* our slot is stale and its address a context now: not ours to release */
        s->live = 0;
        return;
    }
    if (FZ->avoid_known) {
        /* known: releasing a graph (or its context) while it runs */
        if (s->scheduled) {
            vxWaitGraph((vx_graph)r);
            FZ_CALL;
            s->scheduled = 0;
        }
        /* known: a container whose items a node may still hold */
        if (s->has_children) return;
    }
    switch (fz_below(3)) {
    case 0: st = vxReleaseReference(&r); break;
    case 1:
        switch (s->type) {
        case VX_TYPE_IMAGE: st = vxReleaseImage((vx_image *)&r); break;
        case VX_TYPE_GRAPH: st = vxReleaseGraph((vx_graph *)&r); break;
        case VX_TYPE_NODE: st = vxReleaseNode((vx_node *)&r); break;
        case VX_TYPE_SCALAR: st = vxReleaseScalar((vx_scalar *)&r); break;
        case VX_TYPE_ARRAY: st = vxReleaseArray((vx_array *)&r); break;
        case VX_TYPE_LUT: st = vxReleaseLUT((vx_lut *)&r); break;
        case VX_TYPE_DISTRIBUTION: st = vxReleaseDistribution((vx_distribution *)&r); break;
        case VX_TYPE_MATRIX: st = vxReleaseMatrix((vx_matrix *)&r); break;
        case VX_TYPE_CONVOLUTION: st = vxReleaseConvolution((vx_convolution *)&r); break;
        case VX_TYPE_THRESHOLD: st = vxReleaseThreshold((vx_threshold *)&r); break;
        case VX_TYPE_REMAP: st = vxReleaseRemap((vx_remap *)&r); break;
        case VX_TYPE_PYRAMID: st = vxReleasePyramid((vx_pyramid *)&r); break;
        case VX_TYPE_OBJECT_ARRAY: st = vxReleaseObjectArray((vx_object_array *)&r); break;
        case VX_TYPE_DELAY: st = vxReleaseDelay((vx_delay *)&r); break;
        case VX_TYPE_TENSOR: st = vxReleaseTensor((vx_tensor *)&r); break;
        case VX_TYPE_KERNEL: st = vxReleaseKernel((vx_kernel *)&r); break;
        case VX_TYPE_PARAMETER: st = vxReleaseParameter((vx_parameter *)&r); break;
        case VX_TYPE_USER_DATA_OBJECT: st = vxReleaseUserDataObject((vx_user_data_object *)&r); break;
        case VX_TYPE_IMPORT: st = vxReleaseImport((vx_import *)&r); break;
        default: st = vxReleaseReference(&r); break;
        }
        break;
    default: {
        /* the wrong typed release first: must refuse, and leave the handle alone */
        vx_reference r2 = r;
        int kind = FZ_WRONG;
        vx_enum actual = VX_TYPE_INVALID;
        /* our slot may be stale (a node dies with its graph) and its address
         * reused by an object of another type: check only what it is now */
        if (vxQueryReference(r, VX_REFERENCE_TYPE, &actual, sizeof(actual)) != VX_SUCCESS || actual != s->type)
            kind = FZ_MAYBE;
        FZ_CALL;
        st = s->type == VX_TYPE_IMAGE ? vxReleaseScalar((vx_scalar *)&r2) : vxReleaseImage((vx_image *)&r2);
        FZ_CALL;
        fz_check("wrong-typed release", kind, st);
        if (r2 != r && kind == FZ_WRONG) {
            fprintf(stderr, "VIOLATION seed %llu call %llu: a refused release cleared the handle\n",
                    (unsigned long long)FZ->seed, (unsigned long long)FZ->calls);
            FZ->violations++;
        }
        st = vxReleaseReference(&r);
        break;
    }
    }
    FZ_CALL;
    fz_status_sane("release", st);
    if (st == VX_SUCCESS) {
        if (r != NULL) {
            fprintf(stderr, "VIOLATION seed %llu call %llu: a release returned VX_SUCCESS but left the handle set\n",
                    (unsigned long long)FZ->seed, (unsigned long long)FZ->calls);
            FZ->violations++;
        }
        fz_mark_released(i);
        /* release twice, through a copy of the old pointer: must be refused
         * unless the address is a live reference again */
        if (fz_chance(20) && s->ref != (vx_reference)FZ->ctx[0] && s->ref != (vx_reference)FZ->ctx[1]) {
            /* (never when the address is a context now: that release is real) */
            vx_reference again = s->ref;
            int kind = classify_released(again);
            vx_status st2 = vxReleaseReference(&again);
            FZ_CALL;
            fz_check("double release", kind, st2);
            if (st2 == VX_SUCCESS && kind == FZ_MAYBE) {
                /* we dropped a hold someone else had: the object may die with
                 * another slot still naming it */
                int k = fz_slot_of(s->ref), j;
                if (k >= 0) fz_mark_released(k);
                if (FZ->avoid_known) /* whatever died, parameters may now dangle */
                    for (j = 0; j < FZ->nslots; j++)
                        if (FZ->slot[j].type == VX_TYPE_PARAMETER) FZ->slot[j].unusable = 1;
            }
        }
    }
}

/* ---- checks -------------------------------------------------------------- */
int fz_bad_kind(int kind)
{
    return kind == FZ_NULLH || kind == FZ_STALE || kind == FZ_WRONG || kind == FZ_BOGUS;
}

static const char *kind_name(int kind)
{
    switch (kind) {
    case FZ_NULLH: return "NULL";
    case FZ_STALE: return "released";
    case FZ_WRONG: return "wrong-typed";
    case FZ_BOGUS: return "non-reference";
    default: return "valid";
    }
}

void fz_status_sane(const char *fn, vx_status s)
{
    if (s > VX_SUCCESS || s < VX_STATUS_MIN) {
        fprintf(stderr, "VIOLATION seed %llu call %llu: %s returned %d, which is no vx_status\n",
                (unsigned long long)FZ->seed, (unsigned long long)FZ->calls, fn, (int)s);
        FZ->violations++;
    }
}

/* --verbose: how often each call succeeded (is the fuzzer reaching deep?) */
static struct {
    const char *fn;
    unsigned long ok, all;
} stats[128];

static void count(const char *fn, int ok)
{
    int i;
    if (!FZ->verbose) return;
    for (i = 0; i < 128 && stats[i].fn; i++)
        if (!strcmp(stats[i].fn, fn)) break;
    if (i == 128) return;
    stats[i].fn = fn;
    stats[i].all++;
    stats[i].ok += ok != 0;
}

static void print_stats(void)
{
    int i;
    for (i = 0; i < 128 && stats[i].fn; i++)
        fprintf(stderr, "  %-32s %8lu ok of %8lu\n", stats[i].fn, stats[i].ok, stats[i].all);
}

void fz_check(const char *fn, int kind, vx_status s)
{
    count(fn, s == VX_SUCCESS);
    fz_status_sane(fn, s);
    if (fz_bad_kind(kind) && s == VX_SUCCESS) {
        fprintf(stderr, "VIOLATION seed %llu call %llu: %s accepted a %s handle (VX_SUCCESS)\n",
                (unsigned long long)FZ->seed, (unsigned long long)FZ->calls, fn, kind_name(kind));
        FZ->violations++;
    }
}

void fz_check_obj(const char *fn, int kind, vx_reference r)
{
    count(fn, r != NULL && vxGetStatus(r) == VX_SUCCESS);
    if (fz_bad_kind(kind) && r != NULL && vxGetStatus(r) == VX_SUCCESS) {
        fprintf(stderr, "VIOLATION seed %llu call %llu: %s made a valid object from a %s handle\n",
                (unsigned long long)FZ->seed, (unsigned long long)FZ->calls, fn, kind_name(kind));
        FZ->violations++;
    }
}

/* ---- contexts ------------------------------------------------------------ */
static void ctx_open(int c)
{
    vx_uint32 n = 0;
    FZ->ctx[c] = vxCreateContext();
    FZ_CALL;
    FZ->ctx_live[c] = vxGetStatus((vx_reference)FZ->ctx[c]) == VX_SUCCESS;
    if (!FZ->ctx_live[c]) {
        fprintf(stderr, "api_fuzz: vxCreateContext failed\n");
        exit(2);
    }
    free(FZ->ktable[c]);
    FZ->ktable[c] = NULL;
    FZ->nkernels[c] = 0;
    if (vxQueryContext(FZ->ctx[c], VX_CONTEXT_UNIQUE_KERNELS, &n, sizeof(n)) == VX_SUCCESS && n) {
        FZ->ktable[c] = calloc(n, sizeof(vx_kernel_info_t));
        if (FZ->ktable[c] &&
            vxQueryContext(FZ->ctx[c], VX_CONTEXT_UNIQUE_KERNEL_TABLE, FZ->ktable[c], n * sizeof(vx_kernel_info_t)) ==
                VX_SUCCESS)
            FZ->nkernels[c] = n;
        FZ->calls += 2;
    }
    /* a quiet pool: the fuzzer runs thousands of small graphs */
    if (fz_chance(50)) {
        vx_uint32 threads = 1 + fz_below(2);
        vxSetContextAttribute(FZ->ctx[c], VX_CONTEXT_OVX_THREADS, &threads, sizeof(threads));
        FZ_CALL;
    }
}

static void ctx_close(int c)
{
    int i;
    vx_status s;
    size_t k;
    for (i = 0; i < FZ->nslots; i++) {
        fz_slot *sl = &FZ->slot[i];
        /* (every context's: a slot's context label is only as good as the
         * handle it was made from) */
        if (sl->scheduled && FZ->avoid_known) {
            vxWaitGraph((vx_graph)sl->ref);
            FZ_CALL;
            sl->scheduled = 0;
        }
        if (sl->ctx == c) sl->scheduled = 0;
    }
    fz_op_unmap(1);
    s = vxReleaseContext(&FZ->ctx[c]);
    FZ_CALL;
    fz_status_sane("vxReleaseContext", s);
    FZ->stale_ctx = FZ->ctx[c] ? NULL : FZ->stale_ctx;
    for (i = 0; i < FZ->nslots; i++)
        if (FZ->slot[i].ctx == c) {
            FZ->slot[i].live = 0;
            if (FZ->slot[i].type == VX_TYPE_ERROR) FZ->slot[i].type = VX_TYPE_INVALID;
        }
    FZ->ctx_live[c] = 0;
    for (k = 0; k < FZ->nhost[c]; k++) free(FZ->host[c][k]);
    FZ->nhost[c] = 0;
}

static void ctx_cycle(void)
{
    int c = (int)fz_below(FZ_NCTX);
    vx_context old = FZ->ctx[c];
    ctx_close(c);
    FZ->stale_ctx = old;
    ctx_open(c);
}

/* ---- driver -------------------------------------------------------------- */
static void run_seed(uint64_t seed, uint64_t ncalls)
{
    uint64_t start = FZ->calls;
    int c;
    FZ->seed = seed;
    FZ->rng = seed * 0x2545f4914f6cdd1dULL + 1;
    FZ->nslots = 0;
    FZ->stale_ctx = NULL;
    for (c = 0; c < FZ_NCTX; c++) ctx_open(c);
    while (FZ->calls - start < ncalls) {
        uint32_t r = fz_below(1000);
        if (r < 220) fz_op_create();
        else if (r < 240) fz_op_node();
        else if (r < 250) fz_op_user();
        else if (r < 300) fz_op_fresh();
        else if (r < 320) fz_op_recipe();
        else if (r < 380) fz_op_graph();
        else if (r < 530) fz_op_query();
        else if (r < 600) fz_op_set();
        else if (r < 700) fz_op_copy();
        else if (r < 760) fz_op_map();
        else if (r < 790) fz_op_unmap(0);
        else if (r < 870) fz_op_misc();
        else if (r < 900) fz_op_ix();
        else if (r < 970) fz_op_release();
        else if (r < 998) fz_op_container();
        else ctx_cycle();
    }
    for (c = 0; c < FZ_NCTX; c++) {
        int i;
        /* at the end, always wait first: the context-release-while-running
         * case is exercised by ctx_cycle */
        for (i = 0; i < FZ->nslots; i++)
            if (FZ->slot[i].scheduled) {
                vxWaitGraph((vx_graph)FZ->slot[i].ref);
                FZ_CALL;
                FZ->slot[i].scheduled = 0;
            }
        ctx_close(c);
    }
}

/* Under ASan/UBSan: say which seed and call died (the report has the rest). */
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

/* (not instrumented under ThreadSanitizer: a report on a graph's thread calls
 * it, and its read of the fuzzer's counters, racing with the fuzzer's thread,
 * made a report inside the report, which deadlocked TSan's runtime) */
#if defined(__SANITIZE_THREAD__)
__attribute__((no_sanitize_thread))
#endif
static void on_death(void)
{
    fprintf(stderr, "api_fuzz: died in seed %llu at call %llu\n", (unsigned long long)FZ->seed,
            (unsigned long long)FZ->calls);
}

/* Without sanitizers: the same note on a crash, then the default action. */
static void on_signal(int sig)
{
    on_death();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void usage(void)
{
    fprintf(stderr, "usage: api_fuzz (--seed N | --seeds A-B) [--calls M] [--avoid-known] [--verbose]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    static fz_state state;
    unsigned long long a = 0, b = 0, calls = 20000, s;
    int i, have = 0, c;
    FZ = &state;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
            a = b = strtoull(argv[++i], NULL, 0);
            have = 1;
        } else if (!strcmp(argv[i], "--seeds") && i + 1 < argc) {
            if (sscanf(argv[++i], "%llu-%llu", &a, &b) != 2 || b < a) usage();
            have = 1;
        } else if (!strcmp(argv[i], "--calls") && i + 1 < argc) {
            calls = strtoull(argv[++i], NULL, 0);
        } else if (!strcmp(argv[i], "--avoid-known")) {
            FZ->avoid_known = 1;
        } else if (!strcmp(argv[i], "--verbose")) {
            FZ->verbose = 1;
        } else {
            usage();
        }
    }
    if (!have) usage();
    if (__sanitizer_set_death_callback) {
        __sanitizer_set_death_callback(on_death);
    } else {
        signal(SIGSEGV, on_signal);
        signal(SIGBUS, on_signal);
        signal(SIGABRT, on_signal);
        signal(SIGFPE, on_signal);
    }
    for (s = a;; s++) {
        if (FZ->verbose) fprintf(stderr, "seed %llu\n", s);
        run_seed(s, calls);
        if (s == b) break;
    }
    for (c = 0; c < FZ_NCTX; c++) {
        free(FZ->ktable[c]);
        free(FZ->host[c]);
    }
    if (FZ->verbose) print_stats();
    printf("api_fuzz: %llu calls over %llu seed(s), %d violation(s)\n", (unsigned long long)FZ->calls, b - a + 1,
           FZ->violations);
    return FZ->violations ? 1 : 0;
}
