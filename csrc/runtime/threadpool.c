/* Thread pool (in progress). */
#include "../framework/ovx.h"

typedef int ovx_threadpool_placeholder;
