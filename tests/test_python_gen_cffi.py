"""tools/gen_cffi.py: the cdef it derives from include/VX parses in cffi and covers
every API entry and constant (this runs without building anything)."""

import importlib.util
import re

import pytest

from conftest import REPO

cffi = pytest.importorskip("cffi")


@pytest.fixture(scope="module")
def gen():
    spec = importlib.util.spec_from_file_location("gen_cffi", REPO / "tools" / "gen_cffi.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def collected(gen, include_vx):
    return gen.build_cdef(str(include_vx.parent))


def test_cdef_parses(collected):
    ffi = cffi.FFI()
    ffi.cdef("\n".join(collected.cdef))
    assert ffi.sizeof("vx_kernel_info_t") == 260


def test_every_api_entry_is_declared(collected, include_vx):
    declared = set(collected.functions)
    for h in include_vx.glob("*.h"):
        for name in re.findall(r"VX_API_CALL\s+(\w+)\s*\(", h.read_text()):
            assert name in declared, "%s (%s)" % (name, h.name)


def test_no_decorations_or_macros_left(collected):
    text = "\n".join(collected.cdef)
    for word in ("VX_API_ENTRY", "VX_API_CALL", "VX_CALLBACK", "__attribute__",
                 "VX_ENUM_BASE", "VX_ATTRIBUTE_BASE", "VX_DF_IMAGE(", "#if", "#include"):
        assert word not in text, word


def test_constant_kinds(collected):
    text = "\n".join(collected.cdef)
    assert "static const char *const OPENVX_KHR_NN;" in text
    assert "static const float VX_SCALE_PYRAMID_HALF;" in text
    assert "#define VX_MAX_KERNEL_NAME 256" in text
    assert "#define VX_VERSION ..." in text
    assert "VX_PERF_INIT" not in text and "VX_FMT_REF" not in text


def test_emit_c_code(gen, include_vx, tmp_path):
    out = tmp_path / "_ffi.c"
    assert gen.main(["--include-dir", str(include_vx.parent), "-o", str(out)]) == 0
    code = out.read_text()
    assert "#define OPENVX_USE_NN 1" in code and "#include <VX/vx.h>" in code
    assert "PyInit__ffi" in code
