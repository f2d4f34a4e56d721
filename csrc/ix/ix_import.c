/* vx_khr_ix / vx_import.h: vxImportObjectsFromMemory, vxGetImportReferenceByName, vxReleaseImport. */
#include "../framework/ovx.h"

typedef int ovx_ix_import_placeholder;
