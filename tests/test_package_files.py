"""The installed package holds every module of the source tree's pyopenvx/
(a module missing from pyopenvx/meson.build's install list would be absent
from every wheel, and tests importing it would break or skip)."""
import os
from pathlib import Path

import pyopenvx

ROOT = Path(__file__).resolve().parent.parent


def test_every_source_module_is_installed():
    src = {p.name for p in (ROOT / "pyopenvx").iterdir() if p.suffix in (".py", ".pyi") or p.name == "py.typed"}
    installed = set(os.listdir(os.path.dirname(pyopenvx.__file__)))
    missing = sorted(src - installed)
    assert not missing, "not installed (add them to pyopenvx/meson.build): %s" % ", ".join(missing)
