/* vxOvxExportGraphDot (vx_ext_ovx.h): the verified graph as Graphviz DOT.
 *
 * One box per node (its kernel's name and, after a run, its average time),
 * one ellipse per data object bound to a node (its type, format and size;
 * dashed and marked "virtual" for virtual objects), an edge from each input
 * object to its node and from each node to its outputs (both ways for
 * bidirectional parameters), labelled with the object's description.  The
 * layout is the one pyopenvx's Graph.to_dot writes. */
#include "ovx.h"

#include "graph.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *buf;
    size_t len, cap;
    int failed;
} dot_text;

static void put(dot_text *t, const char *fmt, ...) OVX_PRINTF(2, 3);

static void put(dot_text *t, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (t->failed) return;
    for (;;) {
        size_t room = t->cap - t->len;
        va_start(ap, fmt);
        n = vsnprintf(t->buf ? t->buf + t->len : NULL, t->buf ? room : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = 1;
            return;
        }
        if (t->buf && (size_t)n < room) {
            t->len += (size_t)n;
            return;
        }
        {
            size_t cap = t->cap ? t->cap * 2 : 4096;
            char *nb;
            while (cap < t->len + (size_t)n + 1) cap *= 2;
            nb = (char *)realloc(t->buf, cap);
            if (!nb) {
                t->failed = 1;
                return;
            }
            t->buf = nb;
            t->cap = cap;
        }
    }
}

/* A DOT string literal of text (quotes and backslashes escaped, newlines as \n). */
static void put_quoted(dot_text *t, const char *text)
{
    put(t, "\"");
    for (; *text; text++) {
        if (*text == '"' || *text == '\\')
            put(t, "\\%c", *text);
        else if (*text == '\n')
            put(t, "\\n");
        else
            put(t, "%c", *text);
    }
    put(t, "\"");
}

static const char *data_type_name(vx_enum type)
{
    switch (type) {
    case VX_TYPE_CHAR: return "CHAR";
    case VX_TYPE_INT8: return "INT8";
    case VX_TYPE_UINT8: return "UINT8";
    case VX_TYPE_INT16: return "INT16";
    case VX_TYPE_UINT16: return "UINT16";
    case VX_TYPE_INT32: return "INT32";
    case VX_TYPE_UINT32: return "UINT32";
    case VX_TYPE_INT64: return "INT64";
    case VX_TYPE_UINT64: return "UINT64";
    case VX_TYPE_FLOAT16: return "FLOAT16";
    case VX_TYPE_FLOAT32: return "FLOAT32";
    case VX_TYPE_FLOAT64: return "FLOAT64";
    case VX_TYPE_ENUM: return "ENUM";
    case VX_TYPE_SIZE: return "SIZE";
    case VX_TYPE_DF_IMAGE: return "DF_IMAGE";
    case VX_TYPE_BOOL: return "BOOL";
    case VX_TYPE_RECTANGLE: return "RECTANGLE";
    case VX_TYPE_KEYPOINT: return "KEYPOINT";
    case VX_TYPE_COORDINATES2D: return "COORDINATES2D";
    case VX_TYPE_COORDINATES3D: return "COORDINATES3D";
    case VX_TYPE_COORDINATES2DF: return "COORDINATES2DF";
    case VX_TYPE_LINE_2D: return "LINE_2D";
    case VX_TYPE_HOG_PARAMS: return "HOG_PARAMS";
    case VX_TYPE_HOUGH_LINES_PARAMS: return "HOUGH_LINES_PARAMS";
    default: return "USER";
    }
}

static const char *format_name(vx_df_image f, char buf[5])
{
    const char *n = ovx_df_name(f);
    int i;
    if (n) return n;
    for (i = 0; i < 4; i++) {
        char c = (char)((f >> (8 * i)) & 0xFF);
        buf[i] = (c >= 32 && c < 127) ? c : '?';
    }
    buf[4] = 0;
    return buf;
}

/* The short description of a data object (the label of its ellipse and edges). */
static void describe(vx_reference r, char *out, size_t n)
{
    char fb[5];
    switch (r->type) {
    case VX_TYPE_IMAGE: {
        vx_df_image f = 0;
        vx_uint32 w = 0, h = 0;
        (void)vxQueryImage((vx_image)r, VX_IMAGE_FORMAT, &f, sizeof(f));
        (void)vxQueryImage((vx_image)r, VX_IMAGE_WIDTH, &w, sizeof(w));
        (void)vxQueryImage((vx_image)r, VX_IMAGE_HEIGHT, &h, sizeof(h));
        snprintf(out, n, "%s %ux%u", format_name(f, fb), w, h);
        return;
    }
    case VX_TYPE_PYRAMID: {
        vx_size levels = 0;
        vx_df_image f = 0;
        vx_uint32 w = 0, h = 0;
        (void)vxQueryPyramid((vx_pyramid)r, VX_PYRAMID_LEVELS, &levels, sizeof(levels));
        (void)vxQueryPyramid((vx_pyramid)r, VX_PYRAMID_FORMAT, &f, sizeof(f));
        (void)vxQueryPyramid((vx_pyramid)r, VX_PYRAMID_WIDTH, &w, sizeof(w));
        (void)vxQueryPyramid((vx_pyramid)r, VX_PYRAMID_HEIGHT, &h, sizeof(h));
        snprintf(out, n, "pyramid %zu levels %s %ux%u", (size_t)levels, format_name(f, fb), w, h);
        return;
    }
    case VX_TYPE_TENSOR: {
        vx_size nd = 0, dims[OVX_MAX_TENSOR_DIMS], i, used;
        vx_enum t = 0;
        (void)vxQueryTensor((vx_tensor)r, VX_TENSOR_NUMBER_OF_DIMS, &nd, sizeof(nd));
        if (nd > OVX_MAX_TENSOR_DIMS) nd = OVX_MAX_TENSOR_DIMS;
        if (nd == 0 || vxQueryTensor((vx_tensor)r, VX_TENSOR_DIMS, dims, nd * sizeof(vx_size)) != VX_SUCCESS) nd = 0;
        (void)vxQueryTensor((vx_tensor)r, VX_TENSOR_DATA_TYPE, &t, sizeof(t));
        used = (size_t)snprintf(out, n, "tensor ");
        for (i = 0; i < nd && used < n; i++)
            used += (size_t)snprintf(out + used, n - used, i ? "x%zu" : "%zu", (size_t)dims[i]);
        if (used < n) snprintf(out + used, n - used, " %s", data_type_name(t));
        return;
    }
    case VX_TYPE_SCALAR: {
        vx_enum t = 0;
        (void)vxQueryScalar((vx_scalar)r, VX_SCALAR_TYPE, &t, sizeof(t));
        snprintf(out, n, "scalar %s", data_type_name(t));
        return;
    }
    case VX_TYPE_ARRAY: {
        vx_enum t = 0;
        vx_size cap = 0;
        (void)vxQueryArray((vx_array)r, VX_ARRAY_ITEMTYPE, &t, sizeof(t));
        (void)vxQueryArray((vx_array)r, VX_ARRAY_CAPACITY, &cap, sizeof(cap));
        snprintf(out, n, "array %s[%zu]", data_type_name(t), (size_t)cap);
        return;
    }
    case VX_TYPE_MATRIX: snprintf(out, n, "matrix"); return;
    case VX_TYPE_LUT: snprintf(out, n, "lut"); return;
    case VX_TYPE_DISTRIBUTION: snprintf(out, n, "distribution"); return;
    case VX_TYPE_THRESHOLD: snprintf(out, n, "threshold"); return;
    case VX_TYPE_CONVOLUTION: snprintf(out, n, "convolution"); return;
    case VX_TYPE_REMAP: snprintf(out, n, "remap"); return;
    case VX_TYPE_OBJECT_ARRAY: snprintf(out, n, "object array"); return;
    default: snprintf(out, n, "reference"); return;
    }
}

static vx_status write_dot(vx_graph g, dot_text *t)
{
    vx_uint32 i, p, k, nobj = 0;
    vx_reference *objs = NULL;
    vx_size cap = (vx_size)g->num_nodes * OVX_MAX_KERNEL_PARAMS;
    char label[160];
    if (cap) {
        objs = (vx_reference *)malloc(cap * sizeof(*objs));
        if (!objs) return VX_ERROR_NO_MEMORY;
    }
    put(t, "digraph openvx {\n  rankdir=LR;\n  node [fontname=\"Helvetica\", fontsize=10];\n"
           "  edge [fontname=\"Helvetica\", fontsize=9];\n");
    for (i = 0; i < g->num_nodes; i++) {
        vx_node n = g->nodes[i];
        vx_perf_t perf;
        char text[VX_MAX_KERNEL_NAME + 64];
        memset(&perf, 0, sizeof(perf));
        (void)vxQueryNode(n, VX_NODE_PERFORMANCE, &perf, sizeof(perf));
        if (perf.num > 0)
            snprintf(text, sizeof(text), "%s\n%.3f ms avg (%llu runs)", n->kernel->name, (double)perf.avg / 1e6,
                     (unsigned long long)perf.num);
        else
            snprintf(text, sizeof(text), "%s", n->kernel->name);
        put(t, "  n%u [shape=box, style=rounded, label=", i);
        put_quoted(t, text);
        put(t, "];\n");
    }
    /* the objects, in order of first use */
    for (i = 0; i < g->num_nodes; i++) {
        vx_node n = g->nodes[i];
        for (p = 0; p < n->kernel->num_params; p++) {
            vx_reference r = n->params[p];
            if (!r) continue;
            for (k = 0; k < nobj && objs[k] != r; k++) {
            }
            if (k < nobj) continue;
            objs[nobj++] = r;
            describe(r, label, sizeof(label));
            put(t, "  o%u [shape=ellipse", k);
            if (r->is_virtual) {
                char v[sizeof(label) + 16];
                snprintf(v, sizeof(v), "virtual\n%s", label);
                put(t, ", style=dashed, label=");
                put_quoted(t, v);
            } else {
                put(t, ", label=");
                put_quoted(t, label);
            }
            put(t, "];\n");
        }
    }
    for (i = 0; i < g->num_nodes; i++) {
        vx_node n = g->nodes[i];
        for (p = 0; p < n->kernel->num_params; p++) {
            vx_reference r = n->params[p];
            vx_enum dir = n->kernel->params[p].direction;
            if (!r) continue;
            for (k = 0; k < nobj && objs[k] != r; k++) {
            }
            describe(r, label, sizeof(label));
            if (dir != VX_OUTPUT) {
                put(t, "  o%u -> n%u [label=", k, i);
                put_quoted(t, label);
                put(t, "];\n");
            }
            if (dir != VX_INPUT) {
                put(t, "  n%u -> o%u [label=", i, k);
                put_quoted(t, label);
                put(t, "];\n");
            }
        }
    }
    put(t, "}\n");
    free(objs);
    return t->failed ? VX_ERROR_NO_MEMORY : VX_SUCCESS;
}

VX_API_ENTRY vx_status VX_API_CALL vxOvxExportGraphDot(vx_graph graph, vx_char *buffer, vx_size *size)
{
    dot_text t = {NULL, 0, 0, 0};
    vx_status s;
    if (!ovx_ref_valid((vx_reference)graph, VX_TYPE_GRAPH)) return VX_ERROR_INVALID_REFERENCE;
    if (size == NULL) {
        ovx_log((vx_reference)graph, VX_ERROR_INVALID_PARAMETERS, "vxOvxExportGraphDot: size is NULL");
        return VX_ERROR_INVALID_PARAMETERS;
    }
    {
        vx_enum state = VX_GRAPH_STATE_UNVERIFIED;
        (void)vxQueryGraph(graph, VX_GRAPH_STATE, &state, sizeof(state));
        s = state == VX_GRAPH_STATE_UNVERIFIED ? vxVerifyGraph(graph) : VX_SUCCESS;
        if (s != VX_SUCCESS) {
            ovx_log((vx_reference)graph, s, "vxOvxExportGraphDot: the graph does not verify");
            return s;
        }
    }
    pthread_mutex_lock(&graph->lock);
    s = write_dot(graph, &t);
    pthread_mutex_unlock(&graph->lock);
    if (s != VX_SUCCESS) {
        free(t.buf);
        ovx_log((vx_reference)graph, s, "vxOvxExportGraphDot: out of memory");
        return s;
    }
    if (buffer != NULL && *size < t.len + 1) {
        ovx_log((vx_reference)graph, VX_ERROR_NOT_SUFFICIENT,
                "vxOvxExportGraphDot: the buffer has %zu bytes, the text needs %zu", (size_t)*size, t.len + 1);
        *size = t.len + 1;
        free(t.buf);
        return VX_ERROR_NOT_SUFFICIENT;
    }
    if (buffer != NULL) memcpy(buffer, t.buf, t.len + 1);
    *size = t.len + 1;
    free(t.buf);
    return VX_SUCCESS;
}
