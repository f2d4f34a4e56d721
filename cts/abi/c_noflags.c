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
#include <VX/vx_khr_swap_move.h>

/* Our one advantage over the official headers: the version macros are
 * preprocessor arithmetic (theirs contain casts), so they work in #if. */
#if !defined(VX_VERSION) || !(VX_VERSION >= VX_VERSION_1_2) || !(VX_VERSION == VX_VERSION_1_3)
#error "VX_VERSION must be usable in #if and equal VX_VERSION_1_3"
#endif
#if VX_VERSION_1_3 != 0x103 || VX_VERSION_1_2 != 0x102
#error "VX_VERSION_1_x must be 0x10x in #if"
#endif

int main(void)
{
    vx_rectangle_t rect = {0u, 0u, 1u, 1u};
    return (rect.end_x == 1u && VX_TYPE_IMAGE == 0x80F) ? 0 : 1;
}
