/* Placeholder: the lut object arrives with the data-object work. */
#include "../framework/ovx.h"
typedef int ovx_placeholder_lut;
