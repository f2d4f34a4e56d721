/* Graph engine: execute (in progress). */
#include "ovx.h"

typedef int ovx_execute_placeholder;
