/* Graph engine: graph (in progress). */
#include "ovx.h"

typedef int ovx_graph_placeholder;
