/* Graph engine: verify (in progress). */
#include "ovx.h"

typedef int ovx_verify_placeholder;
