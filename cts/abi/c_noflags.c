/* c_noflags.c -- proves that every public header compiles as C99 with none
 * of the OPENVX_USE_* feature flags defined (any -D from the build is
 * removed first). */
#undef OPENVX_USE_NN
#undef OPENVX_USE_NN_16
#undef OPENVX_USE_PIPELINING
#undef OPENVX_USE_STREAMING
#undef OPENVX_USE_USER_DATA_OBJECT
#undef OPENVX_USE_IX
#undef OPENVX_USE_U1
#undef OPENVX_USE_ENHANCED_VISION

#include <VX/vx.h>
#include <VX/vxu.h>
#include <VX/vx_compatibility.h>
#include <VX/vx_khr_nn.h>
#include <VX/vx_khr_tiling.h>
#include <VX/vx_khr_pipelining.h>
#include <VX/vx_khr_user_data_object.h>
#include <VX/vx_khr_ix.h>
#include <VX/vx_import.h>
#include <VX/vx_khr_import_kernel.h>

int main(void)
{
    vx_rectangle_t rect = {0u, 0u, 1u, 1u};
    return (rect.end_x == 1u && VX_TYPE_IMAGE == 0x80F) ? 0 : 1;
}
