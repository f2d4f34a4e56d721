/* Placeholder: the user_data_object object arrives with the data-object work. */
#include "../framework/ovx.h"
typedef int ovx_placeholder_user_data_object;
