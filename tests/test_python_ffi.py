"""The cffi layer: pyopenvx.lib / pyopenvx.ffi expose the whole C API of the headers.

The headers are parsed here independently of tools/gen_cffi.py so that a
generator bug cannot hide a missing name.
"""

import re

import pytest

SKIP_DEFINES = re.compile(r"^(_OPENVX_|VX_API_ENTRY$|VX_API_CALL$|VX_CALLBACK$|VX_FMT_)")


def _strip_comments(text):
    return re.sub(r"/\*.*?\*/", " ", text, flags=re.S)


def _headers(include_vx):
    return sorted(include_vx.glob("*.h"))


def api_entries(include_vx):
    names = set()
    for h in _headers(include_vx):
        text = _strip_comments(h.read_text())
        names.update(re.findall(r"VX_API_ENTRY[^;(]*?VX_API_CALL\s+(\w+)\s*\(", text))
    return names


def enum_members(include_vx):
    names = set()
    for h in _headers(include_vx):
        text = _strip_comments(h.read_text())
        for body in re.findall(r"\benum\s+\w+\s*\{(.*?)\}", text, flags=re.S):
            for item in body.split(","):
                m = re.match(r"\s*([A-Za-z_]\w*)", item)
                if m:
                    names.add(m.group(1))
    return names


def define_constants(include_vx):
    """Object-like macros with a value that is a constant (not a brace initialiser)."""
    names = {}
    for h in _headers(include_vx):
        text = _strip_comments(h.read_text())
        for name, value in re.findall(r"^\s*#\s*define[ \t]+(\w+)[ \t]+(\S[^\n]*)$", text, flags=re.M):
            if SKIP_DEFINES.match(name) or value.strip().startswith("{"):
                continue
            if "__" in value or value.strip() == "restrict":  # compiler decorations (VX_RESTRICT)
                continue
            if re.match(r"^_?vx_\w+$", value.strip()):  # 1.0.1 aliases of type names
                continue
            if name == "VX_BORDER_MODE_POLICY":  # alias of a name no header defines (official header)
                continue
            names[name] = value.strip()
    return names


def test_header_parse_sanity(include_vx):
    entries = api_entries(include_vx)
    assert len(entries) > 300
    assert {"vxCreateContext", "vxuSobel3x3", "vxConvolutionLayer", "vxMapUserDataObject",
            "vxImportObjectsFromMemory", "vxExportObjectsToMemory", "vxAddTilingKernel",
            "vxImportKernelFromURL", "vxWaitEvent", "vxAccumulateImageNode"} <= entries


def test_every_api_entry_is_in_lib(vx, include_vx):
    missing = sorted(n for n in api_entries(include_vx) if not hasattr(vx.lib, n))
    assert not missing, "functions missing from pyopenvx.lib: %s" % missing


def test_every_api_entry_is_callable(vx, include_vx):
    for name in api_entries(include_vx):
        assert callable(getattr(vx.lib, name)), name


def test_every_enum_member_is_in_lib(vx, include_vx):
    members = enum_members(include_vx)
    assert len(members) > 400
    missing = sorted(n for n in members if not hasattr(vx.lib, n))
    assert not missing, missing


def test_every_define_is_in_lib(vx, include_vx):
    defines = define_constants(include_vx)
    assert "VX_MAX_KERNEL_NAME" in defines and "OPENVX_KHR_NN" in defines
    missing = sorted(n for n in defines if not hasattr(vx.lib, n))
    assert not missing, missing


@pytest.mark.parametrize("name, value", [
    ("VX_TYPE_IMAGE", 0x80F),
    ("VX_TYPE_CONTEXT", 0x801),
    ("VX_DF_IMAGE_U8", 0x38303055),
    ("VX_DF_IMAGE_RGB", 0x32424752),
    ("VX_CONTEXT_VERSION", 0x80101),
    ("VX_CONTEXT_VENDOR_ID", 0x80100),
    ("VX_ERROR_INVALID_REFERENCE", -12),
    ("VX_ERROR_NOT_IMPLEMENTED", -2),
    ("VX_STATUS_MIN", -25),
    ("VX_SUCCESS", 0),
    ("VX_BORDER_UNDEFINED", 0xC000),
    ("VX_BORDER_CONSTANT", 0xC001),
    ("VX_KERNEL_SOBEL_3x3", 0x4),
    ("VX_KERNEL_ACCUMULATE", 0x16),
    ("VX_READ_ONLY", 0x11001),
    ("VX_MEMORY_TYPE_HOST", 0xE001),
    ("VX_ID_DEFAULT", 0xFFF),
    ("VX_VERSION", 0x0103),
    ("VX_VERSION_1_0", 0x0100),
    ("VX_MAX_KERNEL_NAME", 256),
    ("VX_MAX_IMPLEMENTATION_NAME", 64),
    ("VX_MAX_LOG_MESSAGE_LEN", 1024),
    ("VX_SCALE_UNITY", 1024),
    ("VX_TYPE_IMPORT", 0x814),
    ("VX_TYPE_USER_DATA_OBJECT", 0x816),
    ("VX_KERNEL_CONVOLUTION_LAYER", 0x1000),
    ("vx_true_e", 1),
    ("vx_false_e", 0),
])
def test_known_values(vx, name, value):
    assert getattr(vx.lib, name) == value
    # the exact C names live in vx.lib only; the package has them without the prefix
    assert not hasattr(vx, name)
    if name.startswith("VX_"):
        assert getattr(vx, name[3:]) == value


def test_string_and_float_constants(vx):
    assert vx.OPENVX_KHR_NN == "vx_khr_nn"
    assert vx.OPENVX_KHR_PIPELINING == "vx_khr_pipelining"
    assert vx.OPENVX_KHR_USER_DATA_OBJECT == "vx_khr_user_data_object"
    assert vx.OPENVX_KHR_IX == "vx_khr_ix"
    assert vx.OPENVX_KHR_TILING == "vx_khr_tiling"
    assert vx.OPENVX_KHR_IMPORT_KERNEL == "vx_khr_import_kernel"
    assert vx.ffi.string(vx.lib.OPENVX_KHR_NN) == b"vx_khr_nn"
    assert vx.SCALE_PYRAMID_HALF == 0.5
    assert abs(vx.SCALE_PYRAMID_ORB - 0.8408964) < 1e-6


def test_short_names(vx):
    assert vx.DF_IMAGE_U8 == vx.lib.VX_DF_IMAGE_U8
    # members of their IntEnum family: they print as names
    assert vx.DF_IMAGE_U8 is vx.Format.U8 and str(vx.DF_IMAGE_U8) == "Format.U8"
    assert vx.BORDER_REPLICATE is vx.BorderMode.REPLICATE
    assert not any(n.startswith("VX_") for n in dir(vx))
    assert vx.TYPE_IMAGE == 0x80F
    assert vx.ERROR_INVALID_REFERENCE == -12
    assert vx.BORDER_CONSTANT == vx.lib.VX_BORDER_CONSTANT
    assert vx.KERNEL_SOBEL_3x3 == 4


def test_version(vx):
    assert vx.version() == (1, 3)
    assert vx.__version__ == "0.1.0"


@pytest.mark.parametrize("ctype, size", [
    ("vx_border_t", 20),
    ("vx_pixel_value_t", 16),
    ("vx_kernel_info_t", 260),
    ("vx_imagepatch_addressing_t", 32),
    ("vx_rectangle_t", 16),
    ("vx_keypoint_t", 28),
    ("vx_perf_t", 64),
    ("vx_coordinates2d_t", 8),
    ("vx_coordinates3d_t", 12),
    ("vx_line2d_t", 16),
    ("vx_hog_t", 40),
    ("vx_enum", 4),
    ("vx_df_image", 4),
    ("vx_bool", 4),
])
def test_struct_sizes(vx, ctype, size):
    assert vx.ffi.sizeof(ctype) == size


def test_extension_types_present(vx):
    ffi = vx.ffi
    for t in ("vx_tensor", "vx_user_data_object", "vx_import", "vx_event_t",
              "vx_graph_parameter_queue_params_t", "vx_nn_convolution_params_t",
              "vx_tile_t", "vx_kernel_input_validate_f", "vx_tiling_kernel_f",
              "vx_log_callback_f", "enum vx_event_type_e"):
        ffi.typeof(t)
    assert ffi.offsetof("vx_border_t", "constant_value") == 4


def test_null_handles_are_rejected(vx):
    lib, ffi = vx.lib, vx.ffi
    v = ffi.new("vx_uint16 *")
    assert lib.vxQueryContext(ffi.NULL, lib.VX_CONTEXT_VERSION, v, 2) == lib.VX_ERROR_INVALID_REFERENCE
    assert lib.vxGetStatus(ffi.NULL) < 0  # the spec names no code; any error
    p = ffi.new("vx_context *")
    assert lib.vxReleaseContext(p) == lib.VX_ERROR_INVALID_REFERENCE


def test_raw_context_roundtrip(vx):
    lib, ffi = vx.lib, vx.ffi
    c = lib.vxCreateContext()
    assert c != ffi.NULL
    assert lib.vxGetStatus(ffi.cast("vx_reference", c)) == lib.VX_SUCCESS
    v = ffi.new("vx_uint16 *")
    assert lib.vxQueryContext(c, lib.VX_CONTEXT_VERSION, v, ffi.sizeof("vx_uint16")) == lib.VX_SUCCESS
    assert v[0] == lib.VX_VERSION_1_3
    p = ffi.new("vx_context *", c)
    assert lib.vxReleaseContext(p) == lib.VX_SUCCESS
    assert p[0] == ffi.NULL  # "After returning from this function the reference is zeroed."
