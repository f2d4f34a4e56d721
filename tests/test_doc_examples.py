"""The examples people copy run: every ```python block of README.md (each in a
fresh interpreter, from a directory where the source folder cannot shadow the
installed package) and every ``>>>`` example in the package's docstrings
(doctest, with their printed output checked)."""
import doctest
import importlib
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import pyopenvx

ROOT = Path(__file__).resolve().parent.parent


def _readme_python_blocks():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```", text, re.S | re.M)


BLOCKS = _readme_python_blocks()


def test_readme_has_python_examples():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("i", range(len(BLOCKS)))
def test_readme_python_block_runs(i, tmp_path):
    code = BLOCKS[i]
    if "pyopenvx.dask" in code:      # the optional extra (pip install '.[dask]')
        pytest.importorskip("dask.array", reason="the dask extra is not installed")
        pytest.importorskip("distributed", reason="the dask extra is not installed")
    # verbatim, by python -c: as typed into an interpreter (the worker processes
    # a LocalCluster spawns then have no main file to re-run)
    p = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path), capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, "README block %d failed:\n%s\n--- stdout\n%s\n--- stderr\n%s" % (
        i, code, p.stdout[-3000:], p.stderr[-5000:])


def _package_modules():
    mods = [pyopenvx]
    for info in pkgutil.iter_modules(pyopenvx.__path__, "pyopenvx."):
        if info.name in ("pyopenvx.__main__", "pyopenvx._ffi"):
            continue
        try:
            mods.append(importlib.import_module(info.name))
        except ImportError:               # an optional extra (pyopenvx.dask without dask)
            continue
    return mods


def test_docstring_examples_run():
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    seen = set()
    attempted = 0
    for mod in _package_modules():
        for t in finder.find(mod, mod.__name__):
            key = (t.filename, t.lineno, t.name)
            if not t.examples or key in seen:
                continue
            seen.add(key)
            r = runner.run(t, out=lambda s: None)
            attempted += r.attempted
            assert r.failed == 0, "doctest %s failed (see pytest -s output)\n%s" % (
                t.name, "\n".join(e.source for e in t.examples))
    assert attempted >= 4, "the package's docstrings lost their examples"
