/*
 * NNEF import (vx_khr_import_kernel, the NNEF rules of vx_khr_feature_sets):
 * the flat text graph (graph.nnef) and binary tensor files (.dat) are parsed
 * (nnef_parse.c), shapes inferred and a plan of float32 steps built
 * (nnef_model.c), and the whole graph becomes one OpenVX kernel whose
 * parameters are the graph's inputs then outputs (nnef_kernel.c).
 *
 * Tensors keep the NNEF shape order: an OpenVX tensor parameter has the
 * NNEF dimensions in the same order, its memory is the NNEF row-major
 * (last dimension fastest) data.
 */
#ifndef OVX_NNEF_H
#define OVX_NNEF_H

#include <stddef.h>

#define NNEF_MAX_RANK 6
#define NNEF_ERR_LEN 512

/* ---- parsed values ------------------------------------------------------ */
enum { NV_NONE, NV_INT, NV_REAL, NV_BOOL, NV_STR, NV_ID, NV_LIST, NV_TUPLE };
typedef struct nnef_value {
    int kind;
    double num;              /* NV_INT, NV_REAL, NV_BOOL */
    char *str;               /* NV_STR, NV_ID */
    size_t count;            /* NV_LIST, NV_TUPLE */
    struct nnef_value *items;
} nnef_value;

typedef struct {
    char *name;              /* NULL: positional */
    nnef_value value;
} nnef_arg;

typedef struct {
    char *op;
    char *dtype;             /* generic type in <...> or NULL */
    nnef_value lhs;          /* NV_ID, or NV_LIST / NV_TUPLE of them */
    size_t nargs;
    nnef_arg *args;
    int line;
} nnef_invocation;

typedef struct {
    char *name;
    size_t ninputs, noutputs;
    char **inputs, **outputs;
    size_t count;
    nnef_invocation *ops;
} nnef_doc;

/* Parses NNEF flat text; 0 on success, else -1 with err = "file:line: why". */
int nnef_parse_text(const char *text, size_t len, const char *file, nnef_doc *doc, char *err);
void nnef_doc_free(nnef_doc *doc);

/* Reads a .dat tensor file of float32 (item code 0, 32 bits) or 32-bit
 * integer/8-bit logical data converted to float; checks the header against
 * `rank`/`dims` (rank < 0: any, then sets them). */
int nnef_read_tensor(const char *path, int *rank, size_t *dims, float **data, char *err);

/* ---- the model ---------------------------------------------------------- */
enum { NT_SCALAR = 0, NT_INTEGER = 1, NT_LOGICAL = 2 };
typedef struct {
    char *name;
    size_t rank;
    size_t dims[NNEF_MAX_RANK];
    size_t count;            /* elements */
    int dtype;               /* NT_* (data is float for scalar, int32 for integer/logical) */
    float *data;             /* variables and constants (model-owned), else NULL */
    size_t offset;           /* byte offset in the run arena (data == NULL) */
} nnef_tensor;

typedef struct nnef_step nnef_step;

typedef struct {
    size_t ntensors, cap_tensors;
    nnef_tensor *tensors;
    size_t nsteps;
    nnef_step *steps;
    size_t ninputs, noutputs;
    size_t *inputs, *outputs; /* tensor indices */
    size_t arena_bytes;
    size_t scratch_offset;   /* the steps' run scratch in the arena */
    char graph_name[64];
} nnef_model;

/* Loads folder/graph.nnef (+ .dat files); NULL on failure with err set. */
nnef_model *nnef_model_load(const char *path, char *err);
void nnef_model_free(nnef_model *m);
/* Runs the plan on arena (m->arena_bytes bytes, 64-aligned for speed): the
 * inputs are read from and the outputs left in their tensors' arena slots
 * (tensor.offset).  Convolution, deconvolution, linear, 2-D pooling and
 * softmax run on the float32 core of the vx_khr_nn layers (weights packed
 * at load, SIMD variants picked per run, up to `threads` tasks on the
 * pool). */
void nnef_model_run(const nnef_model *m, void *arena, unsigned threads);

#endif
