/* Placeholder: the object_array object arrives with the data-object work. */
#include "../framework/ovx.h"
typedef int ovx_placeholder_object_array;
