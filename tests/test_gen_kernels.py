"""tools/gen_kernels.py: the C node functions, vxu functions, import/export
table and kernel descriptors (ovx_kernel_desc, family and select tables, fusion
radii) generated at build time from the kernel table.

Nothing generated is checked in, so instead of a staleness check:
* the generator's output compiles (-Wall -Wextra -Werror, C99) against the headers;
* it defines every node and vxu function of the headers, with the headers' prototypes;
* every kernel the library registers has its declaration in the table, and the
  library exports every function the table declares;
* the import/export mask marks exactly the atomic and parameter-structure parameters;
* the kernels the library registers are the table's descriptors: name, enum, every
  parameter's direction, type and state as vxGetKernelParameterByIndex reports them;
  the functions a descriptor names exist in its family file, which holds no
  hand-written descriptor.
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys

import pytest

import pyopenvx as vx

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = os.path.join(ROOT, "include")

spec = importlib.util.spec_from_file_location("gen_kernels", os.path.join(ROOT, "tools", "gen_kernels.py"))
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)
table = gen.load_table(ROOT)

HEADERS = ("vx_nodes.h", "vxu.h", "vx_khr_nn.h", "vx_khr_swap_move.h", "vx_compatibility.h")


def _norm(decl):
    decl = " ".join(decl.replace("\n", " ").split())
    decl = re.sub(r"\s*\*\s*", " *", decl)
    decl = re.sub(r"\s*([(),])\s*", r"\1", decl)
    return decl


def _header_prototypes():
    out = {}
    for h in HEADERS:
        with open(os.path.join(INCLUDE, "VX", h), encoding="utf-8") as f:
            text = f.read()
        for m in re.finditer(r"(VX_API_ENTRY\s+vx_\w+\s+VX_API_CALL\s+(vxu?\w+)\s*\([^)]*\))\s*;", text):
            out[m.group(2)] = _norm(m.group(1))
    return out


PROTOS = _header_prototypes()


def _defined(text):
    return {m.group(2): _norm(m.group(1)) for m in
            re.finditer(r"^(VX_API_ENTRY vx_\w+ VX_API_CALL (vxu?\w+)\(.*\))\n\{", text, re.M)}


def _types_only(decl):
    """The prototype without parameter names (vxu.h names some parameters unlike vx_nodes.h)."""
    head, args = decl.split("(", 1)
    return head + "(" + ",".join(re.sub(r"\w+$", "", a).strip() for a in args.rstrip(")").split(",")) + ")"


NODES = gen.nodes_file(table)
VXU = gen.vxu_file(table)


def test_every_table_kernel_gets_its_node_and_vxu_function_with_the_header_prototype():
    nodes, vxus = _defined(NODES), _defined(VXU)
    assert len(nodes) == len(table.KERNELS) >= 75
    for k in table.KERNELS:
        assert nodes[k["node"]] == PROTOS[k["node"]], k["node"]
        if k["vxu"]:
            assert _types_only(vxus[k["vxu"]]) == _types_only(PROTOS[k["vxu"]]), k["vxu"]
    # every vxu function of the headers comes from the table
    assert sorted(n for n in PROTOS if n.startswith("vxu")) == sorted(vxus)
    assert set(gen.defined_names(table)) == set(nodes) | set(vxus)


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler")
@pytest.mark.parametrize("which", ["nodes", "vxu"])
def test_generated_c_compiles(tmp_path, which):
    src = tmp_path / ("kernel_%s.c" % which)
    src.write_text(NODES if which == "nodes" else VXU)
    cmd = ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-D_GNU_SOURCE", "-fsyntax-only",
           "-I", INCLUDE, "-I", os.path.join(ROOT, "csrc"), "-I", os.path.join(ROOT, "csrc", "vxu"), str(src)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr[-5000:]


def test_no_hand_written_copies_left():
    """The node and vxu functions exist only in the generated files."""
    names = set(gen.defined_names(table))
    for d, _, files in os.walk(os.path.join(ROOT, "csrc")):
        for f in files:
            if f.endswith(".c"):
                with open(os.path.join(d, f), encoding="utf-8") as fh:
                    text = fh.read()
                found = set(re.findall(r"VX_API_CALL\s+(vxu?\w+)\s*\(", text)) & names
                assert not found, "%s defines %s by hand" % (f, sorted(found))


def test_every_registered_kernel_is_declared_and_exported():
    ctx = vx.Context()
    n = vx.ffi.new("vx_uint32 *")
    assert vx.lib.vxQueryContext(ctx.handle, vx.lib.VX_CONTEXT_UNIQUE_KERNELS, n, vx.ffi.sizeof("vx_uint32")) == 0
    infos = vx.ffi.new("vx_kernel_info_t[]", n[0])
    assert vx.lib.vxQueryContext(ctx.handle, vx.lib.VX_CONTEXT_UNIQUE_KERNEL_TABLE, infos,
                                 vx.ffi.sizeof("vx_kernel_info_t") * n[0]) == 0
    by_value = {getattr(vx.lib, k["enum"]): k for k in table.KERNELS}
    registered = {infos[i].enumeration for i in range(n[0])}
    assert registered, "no kernels registered"
    missing = [vx.ffi.string(infos[i].name).decode() for i in range(n[0]) if infos[i].enumeration not in by_value]
    assert missing == [], "registered kernels without a declaration: %s" % missing
    assert sorted(by_value) == sorted(registered), "declared kernels the library does not register"
    for k in table.KERNELS:
        assert callable(getattr(vx.lib, k["node"]))
        if k["vxu"]:
            assert callable(getattr(vx.lib, k["vxu"]))


def test_kernel_parameter_count_matches_the_registered_kernel():
    ctx = vx.Context()
    for k in table.KERNELS:
        kern = vx.lib.vxGetKernelByEnum(ctx.handle, getattr(vx.lib, k["enum"]))
        assert vx.lib.vxGetStatus(vx.ffi.cast("vx_reference", kern)) == 0, k["enum"]
        num = vx.ffi.new("vx_uint32 *")
        vx.lib.vxQueryKernel(kern, vx.lib.VX_KERNEL_PARAMETERS, num, vx.ffi.sizeof("vx_uint32"))
        assert num[0] == len(gen._kernel_params(k)), k["node"]
        # the fixed (node-made) parameters are inputs of the scalar or array type the packing makes
        for i, (kind, p) in enumerate(gen._kernel_params(k)):
            prm = vx.lib.vxGetKernelParameterByIndex(kern, i)
            t = vx.ffi.new("vx_enum *")
            d = vx.ffi.new("vx_enum *")
            vx.lib.vxQueryParameter(prm, vx.lib.VX_PARAMETER_TYPE, t, vx.ffi.sizeof("vx_enum"))
            vx.lib.vxQueryParameter(prm, vx.lib.VX_PARAMETER_DIRECTION, d, vx.ffi.sizeof("vx_enum"))
            pp = vx.ffi.new("vx_parameter *", prm)
            vx.lib.vxReleaseParameter(pp)
            if kind == "atomic" or (kind == "struct" and p["pack"] != "array"):
                assert t[0] == vx.lib.VX_TYPE_SCALAR and d[0] == vx.lib.VX_INPUT, (k["node"], i)
            elif kind == "struct":
                assert t[0] == vx.lib.VX_TYPE_ARRAY and d[0] == vx.lib.VX_INPUT, (k["node"], i)
        kp = vx.ffi.new("vx_kernel *", kern)
        vx.lib.vxReleaseKernel(kp)


def test_fixed_parameter_mask():
    k = table.kernel("pooling_layer")
    assert gen.fixed_mask(k) == 0b01111110          # type, size x/y, pad x/y, rounding
    assert gen.fixed_mask(table.kernel("box3x3")) == 0
    assert gen.fixed_mask(table.kernel("harris_corners")) == (1 << 4) | (1 << 5)
    assert gen.fixed_mask(table.kernel("hog_features")) == 1 << 3
    assert "case VX_KERNEL_POOLING_LAYER: return 0x7eu;" in NODES
    assert "case VX_KERNEL_BOX_3x3" not in NODES


def test_generator_command_line(tmp_path):
    a, b = tmp_path / "n.c", tmp_path / "v.c"
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_kernels.py"), "--root", ROOT,
                    "--nodes", str(a), "--vxu", str(b)], check=True)
    assert a.read_text() == NODES and b.read_text() == VXU


def _query(fn, obj, attr, ctype):
    v = vx.ffi.new(ctype + " *")
    assert fn(obj, attr, v, vx.ffi.sizeof(ctype)) == 0
    return v[0]


def test_registered_kernels_are_the_table_descriptors():
    """The source of truth of every kernel's interface is its table entry: what the runtime reports
    (by enum and by name) is what gen_kernels.desc_params derives from it."""
    ctx = vx.Context()
    assert len(table.KERNELS) >= 75
    for k in table.KERNELS:
        by_enum = vx.lib.vxGetKernelByEnum(ctx.handle, getattr(vx.lib, k["enum"]))
        by_name = vx.lib.vxGetKernelByName(ctx.handle, k["c"]["name"].encode())
        for kern in (by_enum, by_name):
            assert vx.lib.vxGetStatus(vx.ffi.cast("vx_reference", kern)) == 0, k["c"]["name"]
            name = vx.ffi.new("vx_char[]", 256)
            assert vx.lib.vxQueryKernel(kern, vx.lib.VX_KERNEL_NAME, name, 256) == 0
            assert vx.ffi.string(name).decode() == k["c"]["name"]
            assert _query(vx.lib.vxQueryKernel, kern, vx.lib.VX_KERNEL_ENUM, "vx_enum") == getattr(vx.lib, k["enum"])
            want = gen.desc_params(k)
            assert _query(vx.lib.vxQueryKernel, kern, vx.lib.VX_KERNEL_PARAMETERS, "vx_uint32") == len(want)
            for i, (d, t, st) in enumerate(want):
                prm = vx.lib.vxGetKernelParameterByIndex(kern, i)
                got = (_query(vx.lib.vxQueryParameter, prm, vx.lib.VX_PARAMETER_DIRECTION, "vx_enum"),
                       _query(vx.lib.vxQueryParameter, prm, vx.lib.VX_PARAMETER_TYPE, "vx_enum"),
                       _query(vx.lib.vxQueryParameter, prm, vx.lib.VX_PARAMETER_STATE, "vx_enum"))
                assert got == (getattr(vx.lib, d), getattr(vx.lib, t), getattr(vx.lib, st)), (k["name"], i)
                vx.lib.vxReleaseParameter(vx.ffi.new("vx_parameter *", prm))
            vx.lib.vxReleaseKernel(vx.ffi.new("vx_kernel *", kern))


def test_descriptor_derivation_follows_the_table():
    ps = gen.desc_params(table.kernel("add"))
    assert ps == [("VX_INPUT", "VX_TYPE_IMAGE", "VX_PARAMETER_STATE_REQUIRED")] * 2 + [
        ("VX_INPUT", "VX_TYPE_SCALAR", "VX_PARAMETER_STATE_REQUIRED"),
        ("VX_OUTPUT", "VX_TYPE_IMAGE", "VX_PARAMETER_STATE_REQUIRED")]
    sob = gen.desc_params(table.kernel("sobel3x3"))
    assert [s for _, _, s in sob] == ["VX_PARAMETER_STATE_REQUIRED"] + ["VX_PARAMETER_STATE_OPTIONAL"] * 2
    # the C kernel accepts hog_cells without magnitudes though Python asks for both outputs
    assert gen.desc_params(table.kernel("hog_cells"))[4][2] == "VX_PARAMETER_STATE_OPTIONAL"
    assert gen.desc_params(table.kernel("swap"))[0] == ("VX_BIDIRECTIONAL", "VX_TYPE_REFERENCE",
                                                        "VX_PARAMETER_STATE_REQUIRED")


def _strip_comments(text):
    return re.sub(r"/\*.*?\*/|//[^\n]*", "", text, flags=re.S)


@pytest.mark.parametrize("f", gen.desc_files(table))
def test_family_file_holds_the_named_functions_and_no_descriptor(f):
    with open(os.path.join(ROOT, "csrc", "kernels", f + ".c"), encoding="utf-8") as fh:
        text = _strip_comments(fh.read())
    assert "#define OVX_KERNEL_FILE_%s\n#include \"kernel_descs.h\"" % f.upper() in text
    assert not re.search(r"\bovx_kernel_desc\b", text), "%s.c: a hand-written descriptor" % f
    assert not re.search(r"\bovx_select_entry\b", text), "%s.c: a hand-written select table" % f
    for k in table.KERNELS:
        c = k["c"]
        if c["file"] != f:
            continue
        assert c["validate"], k["name"]
        assert c["window"] or c["function"], k["name"]
        for what in ("validate", "window", "function", "select", "initialize", "deinitialize"):
            if c.get(what):
                # defined there (directly or by a macro such as FILTER3_KERNEL(box, ...) for win_box)
                assert re.search(r"\b%s\b" % re.escape(c[what]), text) or re.search(
                    r"^\w+\(%s\b" % re.escape(c[what].split("_", 1)[1]), text, re.M), "%s.c has no %s %s (%s)" % (
                    f, what, c[what], k["name"])
        if c["window"]:  # the executor cuts the split parameter, an image, into row bands
            assert gen.desc_params(k)[c["split"]][1] == "VX_TYPE_IMAGE", k["name"]
        if c.get("fuse") is not None:  # fuse.c chains row bands: window kernels only
            assert c["window"] and c["fuse"] >= 0, k["name"]


def test_kernel_names_are_unique_and_every_kernel_has_c_facts():
    names = [k["c"]["name"] for k in table.KERNELS]
    assert len(set(names)) == len(names)
    assert all(n.startswith(("org.khronos.openvx.", "org.khronos.nn_extension.")) for n in names)


def test_descs_and_registry_command_line(tmp_path):
    a, b = tmp_path / "d.h", tmp_path / "r.c"
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "gen_kernels.py"), "--root", ROOT,
                    "--descs", str(a), "--registry", str(b)], check=True)
    descs, reg = a.read_text(), b.read_text()
    assert descs == gen.descs_header(table) and reg == gen.registry_file(table)
    assert descs.count("static const ovx_kernel_desc ") == len(table.KERNELS)
    assert "case VX_KERNEL_BOX_3x3:" in reg and "int ovx_kernel_fuse_radius(vx_enum kernel)" in reg
    for f in gen.desc_files(table):
        assert "#ifdef OVX_KERNEL_FILE_%s\n" % f.upper() in descs and "    ovx_family_%s,\n" % f in reg
