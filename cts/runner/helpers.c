/* Helpers shared by the tests. */
#include "cts.h"

#include <stdio.h>

vx_status VX_CALLBACK cts_nop_kernel(vx_node node, const vx_reference *parameters, vx_uint32 num)
{
    (void)node;
    (void)parameters;
    (void)num;
    return VX_SUCCESS;
}

vx_status VX_CALLBACK cts_nop_validate(vx_node node, const vx_reference parameters[], vx_uint32 num,
                                       vx_meta_format metas[])
{
    (void)node;
    (void)parameters;
    (void)num;
    (void)metas;
    return VX_SUCCESS;
}

vx_kernel cts_user_kernel(vx_context c, const char *name, vx_uint32 nparams, int finalize)
{
    char full[VX_MAX_KERNEL_NAME];
    vx_enum e = 0;
    vx_kernel k;
    vx_uint32 i;
    snprintf(full, sizeof(full), "org.libopenvx.cts.%s", name);
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    k = vxAddUserKernel(c, full, e, cts_nop_kernel, nparams, cts_nop_validate, NULL, NULL);
    CTS_ASSERT_VALID(k);
    for (i = 0; i < nparams; i++)
        CTS_ASSERT_STATUS(vxAddParameterToKernel(k, i, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED),
                          VX_SUCCESS);
    if (finalize) CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    return k;
}

vx_kernel cts_image_kernel(vx_context c, const char *name, vx_kernel_f fn, vx_kernel_validate_f validate)
{
    char full[VX_MAX_KERNEL_NAME];
    vx_enum e = 0;
    vx_kernel k;
    snprintf(full, sizeof(full), "org.libopenvx.cts.%s", name);
    CTS_ASSERT_STATUS(vxAllocateUserKernelId(c, &e), VX_SUCCESS);
    k = vxAddUserKernel(c, full, e, fn, 2, validate, NULL, NULL);
    CTS_ASSERT_VALID(k);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED), VX_SUCCESS);
    CTS_ASSERT_STATUS(vxFinalizeKernel(k), VX_SUCCESS);
    return k;
}
