/* Graph engine: meta_format (in progress). */
#include "ovx.h"

typedef int ovx_meta_format_placeholder;
