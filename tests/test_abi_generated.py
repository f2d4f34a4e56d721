"""cts/abi/abi_registry.c must be exactly what tools/gen_abi_test.py
produces from the registry (skipped when ../shared/spec/vx.xml is absent)."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
REGISTRY = ROOT.parent / "shared" / "spec" / "vx.xml"
GENERATOR = ROOT / "tools" / "gen_abi_test.py"
COMMITTED = ROOT / "cts" / "abi" / "abi_registry.c"


@pytest.mark.skipif(not REGISTRY.exists(), reason="vx.xml registry not available")
def test_abi_registry_c_in_sync(tmp_path):
    out = tmp_path / "abi_registry.c"
    subprocess.run([sys.executable, str(GENERATOR), str(REGISTRY), str(out)],
                   check=True, capture_output=True, text=True)
    assert out.read_bytes() == COMMITTED.read_bytes(), (
        "cts/abi/abi_registry.c is stale; regenerate with "
        "python3 tools/gen_abi_test.py ../shared/spec/vx.xml cts/abi/abi_registry.c")
