/*
 * vxImportKernelFromURL (vx_khr_import_kernel) for NNEF models: type "nnef"
 * (or "vx_khr_nnef"), url: a folder holding graph.nnef and the variables'
 * .dat files (a "file://" prefix and a trailing "/graph.nnef" are accepted).
 * The model becomes one user-style kernel "nnef.<graph>.<id>" whose
 * parameters are the graph's inputs then outputs, all float32 (argmax
 * results int32) vx_tensors with the NNEF dimensions in the NNEF order and
 * the NNEF row-major data as the tensor's dense memory.  The run scratch is
 * the node's local data (VX_KERNEL_LOCAL_DATA_SIZE), allocated at verify.
 */
/* Error messages are cut at NNEF_ERR_LEN on purpose. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
#include "nnef.h"
#include "../framework/graph.h"
#include "../objects/tensor.h"

#include <VX/vx_khr_import_kernel.h>

#include <stdio.h>
#include <string.h>

static vx_enum vx_type_of(int dtype)
{
    return dtype == NT_SCALAR ? VX_TYPE_FLOAT32 : VX_TYPE_INT32;
}

static const nnef_tensor *param_tensor(const nnef_model *m, vx_uint32 i)
{
    return &m->tensors[i < m->ninputs ? m->inputs[i] : m->outputs[i - m->ninputs]];
}

static vx_status VX_CALLBACK nnef_validate(vx_node node, const vx_reference parameters[], vx_uint32 num,
                                           vx_meta_format metas[])
{
    const nnef_model *m = (const nnef_model *)node->kernel->import_data;
    vx_uint32 i;
    if (!m || num != m->ninputs + m->noutputs) return VX_ERROR_INVALID_PARAMETERS;
    for (i = 0; i < num; i++) {
        const nnef_tensor *t = param_tensor(m, i);
        vx_size dims[NNEF_MAX_RANK], r, nd = t->rank;
        vx_enum type = vx_type_of(t->dtype);
        vx_int8 fpp = 0;
        for (r = 0; r < t->rank; r++) dims[r] = t->dims[r];
        if (i < m->ninputs) {
            vx_tensor in = (vx_tensor)parameters[i];
            vx_size qd = 0, qdims[OVX_MAX_TENSOR_DIMS];
            vx_enum qt = 0;
            if (vxQueryTensor(in, VX_TENSOR_NUMBER_OF_DIMS, &qd, sizeof(qd)) != VX_SUCCESS || qd != nd ||
                vxQueryTensor(in, VX_TENSOR_DIMS, qdims, sizeof(vx_size) * qd) != VX_SUCCESS ||
                vxQueryTensor(in, VX_TENSOR_DATA_TYPE, &qt, sizeof(qt)) != VX_SUCCESS || qt != type ||
                memcmp(qdims, dims, sizeof(vx_size) * nd) != 0) {
                ovx_log((vx_reference)node, VX_ERROR_INVALID_PARAMETERS,
                        "%s: input %u ('%s') must be a %zu-dimensional %s tensor of the NNEF shape", node->kernel->name,
                        i, t->name ? t->name : "", (size_t)nd, type == VX_TYPE_FLOAT32 ? "VX_TYPE_FLOAT32" : "VX_TYPE_INT32");
                return VX_ERROR_INVALID_PARAMETERS;
            }
        } else {
            if (vxSetMetaFormatAttribute(metas[i], VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd)) != VX_SUCCESS ||
                vxSetMetaFormatAttribute(metas[i], VX_TENSOR_DIMS, dims, sizeof(vx_size) * nd) != VX_SUCCESS ||
                vxSetMetaFormatAttribute(metas[i], VX_TENSOR_DATA_TYPE, &type, sizeof(type)) != VX_SUCCESS ||
                vxSetMetaFormatAttribute(metas[i], VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof(fpp)) != VX_SUCCESS)
                return VX_ERROR_INVALID_PARAMETERS;
        }
    }
    return VX_SUCCESS;
}

/* Dense strides with dimension 0 varying fastest: the tensor's memory as
 * one flat NNEF buffer. */
static void dense(const nnef_tensor *t, vx_size *start, vx_size *end, vx_size *stride)
{
    vx_size r;
    for (r = 0; r < t->rank; r++) {
        start[r] = 0;
        end[r] = t->dims[r];
        stride[r] = r ? stride[r - 1] * t->dims[r - 1] : 4;
    }
}

static vx_status VX_CALLBACK nnef_run(vx_node node, const vx_reference *parameters, vx_uint32 num)
{
    const nnef_model *m = (const nnef_model *)node->kernel->import_data;
    void *arena = node->local_data_ptr;
    vx_uint32 i;
    vx_status s;
    if (!m || num != m->ninputs + m->noutputs || (m->arena_bytes && !arena)) return VX_ERROR_INVALID_PARAMETERS;
    for (i = 0; i < m->ninputs; i++) {
        const nnef_tensor *t = param_tensor(m, i);
        vx_size st[NNEF_MAX_RANK], en[NNEF_MAX_RANK], sd[NNEF_MAX_RANK];
        dense(t, st, en, sd);
        s = vxCopyTensorPatch((vx_tensor)parameters[i], t->rank, st, en, sd, (vx_uint8 *)arena + t->offset,
                              VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
        if (s != VX_SUCCESS) return s;
    }
    nnef_model_run(m, arena, ovx_node_threads(node));
    for (i = m->ninputs; i < num; i++) {
        const nnef_tensor *t = param_tensor(m, i);
        vx_size st[NNEF_MAX_RANK], en[NNEF_MAX_RANK], sd[NNEF_MAX_RANK];
        void *src = t->data ? (void *)t->data : (void *)((vx_uint8 *)arena + t->offset);
        dense(t, st, en, sd);
        s = vxCopyTensorPatch((vx_tensor)parameters[i], t->rank, st, en, sd, src, VX_WRITE_ONLY,
                              VX_MEMORY_TYPE_HOST);
        if (s != VX_SUCCESS) return s;
    }
    return VX_SUCCESS;
}

/* The meta format of parameter i (VX_PARAMETER_META_FORMAT). */
static vx_meta_format nnef_param_meta(vx_kernel k, vx_uint32 i)
{
    const nnef_model *m = (const nnef_model *)k->import_data;
    const nnef_tensor *t;
    vx_size dims[NNEF_MAX_RANK], nd, r;
    vx_enum vt;
    vx_int8 fpp = 0;
    vx_meta_format meta;
    if (!m || i >= m->ninputs + m->noutputs) return NULL;
    t = param_tensor(m, i);
    nd = t->rank;
    vt = vx_type_of(t->dtype);
    for (r = 0; r < nd; r++) dims[r] = t->dims[r];
    meta = ovx_meta_create(k->base.context, VX_TYPE_TENSOR);
    if (!meta) return NULL;
    vxSetMetaFormatAttribute(meta, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd));
    vxSetMetaFormatAttribute(meta, VX_TENSOR_DIMS, dims, sizeof(vx_size) * nd);
    vxSetMetaFormatAttribute(meta, VX_TENSOR_DATA_TYPE, &vt, sizeof(vt));
    vxSetMetaFormatAttribute(meta, VX_TENSOR_FIXED_POINT_POSITION, &fpp, sizeof(fpp));
    return meta;
}

VX_API_ENTRY vx_kernel VX_API_CALL vxImportKernelFromURL(vx_context context, const vx_char *type, const vx_char *url)
{
    char err[NNEF_ERR_LEN], name[VX_MAX_KERNEL_NAME];
    nnef_model *m;
    vx_enum id;
    vx_kernel k;
    vx_uint32 i, n;
    vx_size local;
    if (!ovx_context_valid(context)) return NULL;
    if (type == NULL || url == NULL)
        return (vx_kernel)ovx_error_from(context, VX_ERROR_INVALID_PARAMETERS,
                                         "vxImportKernelFromURL: type and url are required");
    if (strcmp(type, "nnef") != 0 && strcmp(type, "vx_khr_nnef") != 0)
        return (vx_kernel)ovx_error_from(context, VX_ERROR_NOT_SUPPORTED,
                                         "vxImportKernelFromURL: container type '%.64s' is not supported (\"nnef\")",
                                         type);
    err[0] = 0;
    m = nnef_model_load(url, err);
    if (!m) return (vx_kernel)ovx_error_from(context, VX_ERROR_INVALID_FORMAT, "vxImportKernelFromURL: %s", err);
    n = (vx_uint32)(m->ninputs + m->noutputs);
    if (n > OVX_MAX_KERNEL_PARAMS) {
        nnef_model_free(m);
        return (vx_kernel)ovx_error_from(context, VX_ERROR_NOT_SUPPORTED,
                                         "vxImportKernelFromURL: %s: %u inputs and outputs, at most %d", url, n,
                                         OVX_MAX_KERNEL_PARAMS);
    }
    if (vxAllocateUserKernelId(context, &id) != VX_SUCCESS) {
        nnef_model_free(m);
        return (vx_kernel)ovx_error_from(context, VX_ERROR_NO_RESOURCES, "vxImportKernelFromURL: no kernel id left");
    }
    snprintf(name, sizeof(name), "nnef.%.200s.%u", m->graph_name, (unsigned)(id & 0xFFFFF));
    k = vxAddUserKernel(context, name, id, nnef_run, n, nnef_validate, NULL, NULL);
    if (vxGetStatus((vx_reference)k) != VX_SUCCESS) {
        nnef_model_free(m);
        return k;
    }
    k->import_data = m;
    k->import_free = (void (*)(void *))nnef_model_free;
    k->import_meta = nnef_param_meta;
    for (i = 0; i < n; i++)
        vxAddParameterToKernel(k, i, i < m->ninputs ? VX_INPUT : VX_OUTPUT, VX_TYPE_TENSOR,
                               VX_PARAMETER_STATE_REQUIRED);
    local = m->arena_bytes ? m->arena_bytes : 64;
    if (vxSetKernelAttribute(k, VX_KERNEL_LOCAL_DATA_SIZE, &local, sizeof(local)) != VX_SUCCESS ||
        vxFinalizeKernel(k) != VX_SUCCESS) {
        vxRemoveKernel(k);
        return (vx_kernel)ovx_error_from(context, VX_ERROR_NO_RESOURCES,
                                         "vxImportKernelFromURL: %s: the kernel could not be finalized", url);
    }
    return k;
}
