"""A first pyopenvx program: a context, what it reports, and errors as exceptions."""
import pyopenvx as vx

with vx.Context() as ctx:
    major, minor = ctx.version
    print(f"OpenVX {major}.{minor} by {ctx.implementation} (vendor 0x{ctx.vendor_id:03x})")
    print(f"{ctx.unique_kernels} kernels, extensions: {ctx.extensions or 'none yet'}")
    try:
        ctx.kernel("com.example.no_such_kernel")
    except vx.VXError as e:
        print(f"{type(e).__name__}: {e}")
