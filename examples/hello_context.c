/* A first OpenVX program: create a context, ask it who it is, log an entry.
 *
 *   cc hello_context.c $(pkg-config --cflags --libs openvx) -o hello_context
 */
#include <VX/vx.h>
#include <stdio.h>

static void VX_CALLBACK on_log(vx_context context, vx_reference ref, vx_status status, const vx_char string[])
{
    (void)context;
    (void)ref;
    printf("log (status %d): %s\n", status, string);
}

int main(void)
{
    vx_context context = vxCreateContext();
    vx_uint16 version = 0, vendor = 0;
    vx_uint32 kernels = 0;
    vx_char impl[VX_MAX_IMPLEMENTATION_NAME];
    vx_kernel missing;

    if (vxGetStatus((vx_reference)context) != VX_SUCCESS) {
        fprintf(stderr, "no OpenVX context\n");
        return 1;
    }
    vxRegisterLogCallback(context, on_log, vx_false_e);
    vxQueryContext(context, VX_CONTEXT_VERSION, &version, sizeof(version));
    vxQueryContext(context, VX_CONTEXT_VENDOR_ID, &vendor, sizeof(vendor));
    vxQueryContext(context, VX_CONTEXT_IMPLEMENTATION, impl, sizeof(impl));
    vxQueryContext(context, VX_CONTEXT_UNIQUE_KERNELS, &kernels, sizeof(kernels));
    printf("OpenVX %d.%d by %s (vendor 0x%03x), %u kernels\n", version >> 8, version & 0xff, impl, vendor,
           kernels);

    /* Errors are objects too: ask for a kernel that does not exist. */
    missing = vxGetKernelByName(context, "com.example.no_such_kernel");
    printf("vxGetKernelByName on an unknown name: status %d\n", vxGetStatus((vx_reference)missing));

    return vxReleaseContext(&context) == VX_SUCCESS && context == NULL ? 0 : 1;
}
