// cxx_headers.cpp -- proves that every public header compiles as C++
// (with all optional features enabled) and links without name clashes.
#ifndef OPENVX_USE_NN
#define OPENVX_USE_NN 1
#endif
#ifndef OPENVX_USE_NN_16
#define OPENVX_USE_NN_16 1
#endif
#ifndef OPENVX_USE_PIPELINING
#define OPENVX_USE_PIPELINING 1
#endif
#ifndef OPENVX_USE_STREAMING
#define OPENVX_USE_STREAMING 1
#endif
#ifndef OPENVX_USE_USER_DATA_OBJECT
#define OPENVX_USE_USER_DATA_OBJECT 1
#endif
#ifndef OPENVX_USE_IX
#define OPENVX_USE_IX 1
#endif
#ifndef OPENVX_USE_U1
#define OPENVX_USE_U1 1
#endif
#ifndef OPENVX_USE_ENHANCED_VISION
#define OPENVX_USE_ENHANCED_VISION 1
#endif

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

// Including twice must be harmless (include guards).
#include <VX/vx.h>
#include <VX/vx_khr_tiling.h>

int main()
{
    // A few uses so that types and constants are seen by the C++ front end.
    vx_border_t border = {};
    vx_event_t event = {};
    vx_tile_t tile = {};
    vx_nn_convolution_params_t conv = {};
    border.mode = VX_BORDER_UNDEFINED;
    event.type = VX_EVENT_GRAPH_COMPLETED;
    (void)tile;
    (void)conv;
    return (border.mode == VX_BORDER_UNDEFINED && event.type == VX_EVENT_GRAPH_COMPLETED) ? 0 : 1;
}
