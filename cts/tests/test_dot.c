/*
 * vxOvxExportGraphDot (vx_ext_ovx.h): the verified graph as Graphviz DOT.
 * The text is parsed back: one box per node with its kernel's name (and its
 * time after a run), one ellipse per object (dashed and marked virtual for
 * virtual ones) with format and size, edges from inputs to nodes to outputs.
 */
#include "../runner/cts.h"

#include <VX/vx_ext_ovx.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int count(const char *text, const char *what)
{
    int n = 0;
    size_t len = strlen(what);
    for (const char *p = strstr(text, what); p; p = strstr(p + len, what)) n++;
    return n;
}

/* The DOT text of g (malloc'd; NULL on failure). */
static char *dot_of(vx_graph g)
{
    vx_size size = 0;
    char *buf;
    if (vxOvxExportGraphDot(g, NULL, &size) != VX_SUCCESS || size == 0) return NULL;
    buf = (char *)malloc(size);
    if (!buf) return NULL;
    if (vxOvxExportGraphDot(g, buf, &size) != VX_SUCCESS) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Is there an edge "a -> b" whose label is `label`, where a / b are the DOT ids
 * of the box labelled `node` (first character 'n') and of an object? */
static int has_edge(const char *text, const char *from_prefix, const char *label)
{
    char want[128];
    const char *p;
    snprintf(want, sizeof(want), "[label=\"%s\"];", label);
    for (p = strstr(text, want); p; p = strstr(p + 1, want)) {
        const char *line = p;
        while (line > text && line[-1] != '\n') line--;
        if (strncmp(line, from_prefix, strlen(from_prefix)) == 0 && strstr(line, "->") && strstr(line, "->") < p)
            return 1;
    }
    return 0;
}

CTS_TEST(Dot, graph_nodes_objects_edges_and_times, "vendor: vxOvxExportGraphDot")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_image src = vxCreateImage(c, 24, 16, VX_DF_IMAGE_U8), mag = vxCreateImage(c, 24, 16, VX_DF_IMAGE_S16);
    vx_image blur = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_image gx = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT), gy = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n0 = vxGaussian3x3Node(g, src, blur), n1 = vxSobel3x3Node(g, blur, gx, gy), n2 = vxMagnitudeNode(g, gx, gy, mag);
    vx_size size = 0, small = 8;
    char tiny[8];
    char *dot;
    CTS_ASSERT_VALID(n2);
    dot = dot_of(g); /* verifies first */
    CTS_ASSERT(dot != NULL);
    {
        vx_enum state = 0;
        CTS_EXPECT_STATUS(vxQueryGraph(g, VX_GRAPH_STATE, &state, sizeof(state)), VX_SUCCESS);
        CTS_EXPECT(state == VX_GRAPH_STATE_VERIFIED);
    }
    CTS_EXPECT(strncmp(dot, "digraph openvx {\n", 17) == 0);
    CTS_EXPECT(strcmp(dot + strlen(dot) - 2, "}\n") == 0);
    CTS_EXPECT_EQ_INT(count(dot, "shape=box"), 3);
    CTS_EXPECT(strstr(dot, "n0 [shape=box, style=rounded, label=\"org.khronos.openvx.gaussian_3x3\"];") != NULL);
    CTS_EXPECT(strstr(dot, "label=\"org.khronos.openvx.sobel_3x3\"") != NULL);
    CTS_EXPECT(strstr(dot, "label=\"org.khronos.openvx.magnitude\"") != NULL);
    CTS_EXPECT_EQ_INT(count(dot, "shape=ellipse"), 5);
    CTS_EXPECT_EQ_INT(count(dot, "style=dashed"), 3);
    CTS_EXPECT(strstr(dot, "label=\"virtual\\nU8 24x16\"") != NULL);      /* resolved at verify */
    CTS_EXPECT_EQ_INT(count(dot, "label=\"virtual\\nS16 24x16\""), 2);
    CTS_EXPECT_EQ_INT(count(dot, "->"), 8);   /* 2 + 3 + 3 parameters */
    CTS_EXPECT(has_edge(dot, "  o", "U8 24x16"));           /* into gaussian */
    CTS_EXPECT(has_edge(dot, "  n", "S16 24x16"));          /* out of sobel / magnitude */
    CTS_EXPECT(strstr(dot, " ms avg") == NULL);
    free(dot);

    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxProcessGraph(g), VX_SUCCESS);
    dot = dot_of(g);
    CTS_ASSERT(dot != NULL);
    CTS_EXPECT_EQ_INT(count(dot, " ms avg (2 runs)"), 3);
    /* buffer too small: VX_ERROR_NOT_SUFFICIENT and the size needed */
    CTS_EXPECT_STATUS(vxOvxExportGraphDot(g, tiny, &small), VX_ERROR_NOT_SUFFICIENT);
    CTS_EXPECT(small == strlen(dot) + 1);
    CTS_EXPECT_STATUS(vxOvxExportGraphDot(g, NULL, &size), VX_SUCCESS);
    CTS_EXPECT(size == strlen(dot) + 1);
    free(dot);
    vxReleaseNode(&n0);
    vxReleaseNode(&n1);
    vxReleaseNode(&n2);
    vxReleaseImage(&src);
    vxReleaseImage(&mag);
    vxReleaseImage(&blur);
    vxReleaseImage(&gx);
    vxReleaseImage(&gy);
    vxReleaseGraph(&g);
}

CTS_TEST(Dot, bad_arguments, "vendor: vxOvxExportGraphDot")
{
    vx_context c = cts_context();
    vx_graph g = vxCreateGraph(c);
    vx_image a = vxCreateImage(c, 8, 8, VX_DF_IMAGE_U8), b = vxCreateImage(c, 4, 4, VX_DF_IMAGE_U8);
    vx_size size = 0;
    CTS_EXPECT_STATUS(vxOvxExportGraphDot(NULL, NULL, &size), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxOvxExportGraphDot((vx_graph)a, NULL, &size), VX_ERROR_INVALID_REFERENCE);
    CTS_EXPECT_STATUS(vxOvxExportGraphDot(g, NULL, NULL), VX_ERROR_INVALID_PARAMETERS);
    /* an empty graph does not verify: its status, no text */
    CTS_EXPECT(vxOvxExportGraphDot(g, NULL, &size) != VX_SUCCESS);
    /* a graph that does not verify (sizes differ) */
    vxReleaseNode((vx_node[]){vxBox3x3Node(g, a, b)});
    CTS_EXPECT(vxOvxExportGraphDot(g, NULL, &size) != VX_SUCCESS);
    vxReleaseImage(&a);
    vxReleaseImage(&b);
    vxReleaseGraph(&g);
}

CTS_TABLE(dot) = {
    CTS_ENTRY(Dot, graph_nodes_objects_edges_and_times),
    CTS_ENTRY(Dot, bad_arguments),
    CTS_TABLE_END,
};
