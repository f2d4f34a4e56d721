"""Module-level constants: every constant of the headers, from ``lib``.

Each ``VX_*`` integer constant is available under its full name
(``VX_DF_IMAGE_U8``) and without the ``VX_`` prefix (``DF_IMAGE_U8``);
string constants (``OPENVX_KHR_NN``) are Python ``str``, float ones
(``VX_SCALE_PYRAMID_HALF``) Python ``float``.
"""

from ._ffi import ffi, lib


def _collect():
    full, short = {}, {}
    for name in dir(lib):
        if not (name.startswith("VX_") or name.startswith("OPENVX_")
                or name in ("vx_true_e", "vx_false_e")):
            continue
        value = getattr(lib, name)
        if isinstance(value, (int, float)):
            pass
        elif isinstance(value, ffi.CData) and ffi.typeof(value) is ffi.typeof("char *"):
            value = ffi.string(value).decode("ascii")
        else:
            continue  # functions and anything else
        full[name] = value
        if name.startswith("VX_"):
            short[name[3:]] = value
    return full, short


CONSTANTS, SHORT_CONSTANTS = _collect()


def version():
    """(major, minor) of the OpenVX API this binding was built for: (1, 3)."""
    v = lib.VX_VERSION
    return ((v >> 8) & 0xFF, v & 0xFF)
