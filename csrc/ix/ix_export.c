/* vx_khr_ix: vxExportObjectsToMemory, vxReleaseExportedMemory. */
#include "../framework/ovx.h"

typedef int ovx_ix_export_placeholder;
