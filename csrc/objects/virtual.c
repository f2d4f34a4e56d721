/* Virtual objects (in progress). */
#include "../framework/ovx.h"

typedef int ovx_virtual_placeholder;
