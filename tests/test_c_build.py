"""Build the C libraries with Meson, run our conformance runner and the header
ABI tests (meson test), check the exported symbols, and build and run the C
example against the build."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("meson") is None and shutil.which("ninja") is None,
                                reason="meson/ninja not installed")


def run(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode != 0:
        raise AssertionError("%s failed (%d)\n%s\n%s" % (" ".join(map(str, cmd)), p.returncode, p.stdout[-20000:],
                                                         p.stderr[-20000:]))
    return p


def meson_cmd():
    exe = shutil.which("meson")
    return [exe] if exe else [sys.executable, "-m", "mesonbuild.mesonmain"]


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """A Meson build of the C side.  OVX_CBUILD names a directory to build in
    and keep (.ci/run passes one so that .ci/simd-levels.sh reuses this
    build instead of compiling everything a second time)."""
    shared = os.environ.get("OVX_CBUILD")
    b = Path(shared) if shared else tmp_path_factory.mktemp("cbuild") / "build"
    if not (b / "build.ninja").exists():
        # the emulated AVX-512 tests are .ci/emu512.sh's (whether SIMDe happens
        # to be installed must not change what this test runs)
        run(meson_cmd() + ["setup", str(b), str(ROOT), "-Dpython=false", "-Dbuildtype=debugoptimized",
                           "-Dsimd_emu512=disabled"])
    run(meson_cmd() + ["compile", "-C", str(b)])
    return b


def test_meson_test_suite(build):
    """cts runner + ABI registry test + C++/no-flags header compiles."""
    p = run(meson_cmd() + ["test", "-C", str(build), "--print-errorlogs"])
    assert re.search(r"Fail:\s+0", p.stdout), p.stdout
    assert re.search(r"Ok:\s+[1-9]", p.stdout), p.stdout


def test_cts_runner_summary(build):
    """The runner prints one line per test and `N passed, N failed`."""
    exe = build / "cts" / "openvx-cts"
    if not exe.exists():
        pytest.skip("cts runner not built")
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.pathsep.join([str(build / "cts"), env.get("LD_LIBRARY_PATH", "")])
    # the whole runner ran in test_meson_test_suite: one group is enough here
    p = run([str(exe), "--filter", "Graph.*"], env=env)
    m = re.search(r"^(\d+) passed, (\d+) failed$", p.stdout, re.M)
    assert m, p.stdout[-3000:]
    assert int(m.group(1)) > 10 and int(m.group(2)) == 0, m.group(0)
    assert len(re.findall(r"^\[ OK \] Graph\.\S+$", p.stdout, re.M)) == int(m.group(1)), p.stdout[-3000:]
    listing = run([str(exe), "--list"], env=env).stdout
    assert "REQ-" in listing


def test_abi_registry_checks_run(build):
    p = run([str(build / "cts" / "abi" / "abi_registry")])
    m = re.search(r"^(\d+) passed, (\d+) failed$", p.stdout, re.M)
    assert m and int(m.group(1)) > 900 and m.group(2) == "0", p.stdout[-2000:]


def test_abi_official_checks_run(build):
    """Our headers against the official Khronos 1.3.1 headers' table; prints
    how many values, names, layout items and prototypes it compared."""
    p = run([str(build / "cts" / "abi" / "abi_official")])
    counts = re.search(r"compared (\d+) values, (\d+) names, (\d+) layout items, (\d+) prototypes", p.stdout)
    assert counts, p.stdout[-2000:]
    print(counts.group(0))
    values, names, layouts, protos = map(int, counts.groups())
    assert values > 600 and names > 100 and layouts > 300 and protos >= 350, counts.group(0)
    m = re.search(r"^(\d+) passed, (\d+) failed$", p.stdout, re.M)
    assert m and m.group(2) == "0", p.stdout[-2000:]


def declared_functions():
    names = set()
    for h in (ROOT / "include" / "VX").glob("*.h"):
        names.update(re.findall(r"^VX_API_ENTRY .*? VX_API_CALL (\w+)\(", h.read_text(), re.M))
    return names


def exported(lib):
    out = run(["nm", "-D", "--defined-only", str(lib)]).stdout
    return {line.split()[-1] for line in out.splitlines() if line.split()[-2] in ("T", "W")}


@pytest.mark.skipif(shutil.which("nm") is None, reason="nm not installed")
def test_every_function_exported_and_nothing_else(build):
    declared = declared_functions()
    assert len(declared) >= 346
    openvx = exported(build / "csrc" / "libopenvx.so")
    vxu = exported(build / "csrc" / "libvxu.so")
    assert declared - (openvx | vxu) == set()
    assert {s for s in openvx | vxu if not s.startswith("vx")} == set()
    assert {s for s in declared if s.startswith("vxu")} <= vxu


def test_c_example_builds_and_runs(build, tmp_path):
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler")
    exe = tmp_path / "hello_context"
    run([cc, "-std=c99", "-Wall", "-Werror", "-I", str(ROOT / "include"), str(ROOT / "examples" / "hello_context.c"),
         "-L", str(build / "csrc"), "-lopenvx", "-lvxu", "-Wl,-rpath," + str(build / "csrc"), "-o", str(exe)])
    p = run([str(exe)])
    assert re.search(r"^OpenVX 1\.3 by libopenvx", p.stdout, re.M), p.stdout
    assert "status %d" % -10 in p.stdout or "status -" in p.stdout


def test_pkg_config_file(build):
    pc = build / "meson-private" / "openvx.pc"
    text = pc.read_text()
    assert "-lopenvx" in text and "-lvxu" in text
