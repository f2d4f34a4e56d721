/* Placeholder: the tensor object arrives with the data-object work. */
#include "../framework/ovx.h"
typedef int ovx_placeholder_tensor;
