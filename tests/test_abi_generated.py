"""The generated header and ABI-test files are what their generators produce.

- include/VX/* (but vx_ext_ovx.h, ours) from tools/gen_headers.py and the
  registry committed in tools/registry/vx.xml;
- cts/abi/abi_registry.c from tools/gen_abi_test.py and the same registry;
- cts/abi/abi_official.c from tools/gen_abi_official.py and the table of the
  official Khronos 1.3.1 headers committed in cts/abi/official_1_3_1.json.

Everything these read is in the repository, so none of them can skip.
"""

import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
REGISTRY = ROOT / "tools" / "registry" / "vx.xml"
OFFICIAL = ROOT / "cts" / "abi" / "official_1_3_1.json"


def _run(*args):
    subprocess.run([sys.executable, *map(str, args)], check=True, capture_output=True, text=True)


def test_headers_in_sync(tmp_path):
    _run(ROOT / "tools" / "gen_headers.py", REGISTRY, tmp_path)
    generated = sorted(p.name for p in tmp_path.iterdir())
    assert "vx_khr_swap_move.h" in generated
    for name in generated:
        assert (tmp_path / name).read_bytes() == (ROOT / "include" / "VX" / name).read_bytes(), (
            "include/VX/%s is stale; regenerate with python3 tools/gen_headers.py tools/registry/vx.xml include/VX"
            % name)


def test_abi_registry_c_in_sync(tmp_path):
    out = tmp_path / "abi_registry.c"
    _run(ROOT / "tools" / "gen_abi_test.py", REGISTRY, out)
    assert out.read_bytes() == (ROOT / "cts" / "abi" / "abi_registry.c").read_bytes(), (
        "cts/abi/abi_registry.c is stale; regenerate with "
        "python3 tools/gen_abi_test.py tools/registry/vx.xml cts/abi/abi_registry.c")


def test_abi_official_c_in_sync(tmp_path):
    out = tmp_path / "abi_official.c"
    _run(ROOT / "tools" / "gen_abi_official.py", "emit", OFFICIAL, out)
    assert out.read_bytes() == (ROOT / "cts" / "abi" / "abi_official.c").read_bytes(), (
        "cts/abi/abi_official.c is stale; regenerate with "
        "python3 tools/gen_abi_official.py emit cts/abi/official_1_3_1.json cts/abi/abi_official.c")


def test_official_table_holds_the_known_differences():
    """The table really is the official headers' (not ours copied back): it has
    the values where the registry was wrong and the names it lacked."""
    d = json.loads(OFFICIAL.read_text())
    v = d["values"]
    assert v["VX_NODE_STATE"] == 0x80309
    assert v["VX_KERNEL_PIPEUP_OUTPUT_DEPTH"] == 0x80404
    assert v["VX_KERNEL_PIPEUP_INPUT_DEPTH"] == 0x80405
    assert v["VX_LIBRARY_KHR_PIPELINING_EXTENSION"] == 0x1
    assert v["VX_KERNEL_SWAP"] == 0x41 and v["VX_KERNEL_MOVE"] == 0x42
    assert v["VX_ID_BOSCH"] == 0x1C
    assert "vxSwapNode" in d["prototypes"] and "vxuMove" in d["prototypes"]
    assert len(v) > 600 and len(d["structs"]) >= 30 and len(d["prototypes"]) >= 350
