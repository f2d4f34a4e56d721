/*
 * A tiny kernel module for the Module tests: libcts_module.so, loaded by
 * vxLoadKernels(context, "cts_module").  vxPublishKernels adds one user
 * kernel, vxUnpublishKernels removes it.
 */
#include <VX/vx.h>

#define CTS_MODULE_KERNEL "org.libopenvx.cts.module.kernel"

#if defined(__GNUC__)
#define CTS_EXPORT __attribute__((visibility("default")))
#else
#define CTS_EXPORT
#endif

static vx_status VX_CALLBACK module_kernel(vx_node node, const vx_reference *parameters, vx_uint32 num)
{
    (void)node;
    (void)parameters;
    (void)num;
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK module_validate(vx_node node, const vx_reference parameters[], vx_uint32 num,
                                             vx_meta_format metas[])
{
    (void)node;
    (void)parameters;
    (void)num;
    (void)metas;
    return VX_SUCCESS;
}

CTS_EXPORT vx_status VX_API_CALL vxPublishKernels(vx_context context)
{
    vx_enum e = 0;
    vx_kernel k;
    vx_status s = vxAllocateUserKernelId(context, &e);
    if (s != VX_SUCCESS) return s;
    k = vxAddUserKernel(context, CTS_MODULE_KERNEL, e, module_kernel, 1, module_validate, NULL, NULL);
    s = vxGetStatus((vx_reference)k);
    if (s != VX_SUCCESS) return s;
    s = vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED);
    if (s == VX_SUCCESS) s = vxFinalizeKernel(k);
    if (s != VX_SUCCESS) {
        vxRemoveKernel(k);
        return s;
    }
    return vxReleaseKernel(&k); /* the context keeps it */
}

CTS_EXPORT vx_status VX_API_CALL vxUnpublishKernels(vx_context context)
{
    vx_kernel k = vxGetKernelByName(context, CTS_MODULE_KERNEL);
    vx_status s = vxGetStatus((vx_reference)k);
    if (s != VX_SUCCESS) return s;
    return vxRemoveKernel(k);
}
