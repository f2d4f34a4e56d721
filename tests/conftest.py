"""pytest fixtures of the Python tests (tests/test_python_*.py).

The tests import the *installed* pyopenvx (``pip install .``); they never
import from the source tree (the cffi extension only exists once built).  The
only repository files they read are the public headers in include/VX.
"""

import gc
import os
import pathlib
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent

# `python -m pytest` from the repository root puts the root on sys.path, where
# the source pyopenvx/ (without the compiled _ffi) would shadow the installed
# package.  The tests are about the installed package: drop that entry.
sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != str(REPO)]
INCLUDE_VX = pathlib.Path(os.environ.get("PYOPENVX_INCLUDE_DIR", REPO / "include")) / "VX"


@pytest.fixture(scope="session")
def vx():
    """The installed pyopenvx package (an import error fails the test: a missing
    symbol in libopenvx shows up here)."""
    import pyopenvx

    return pyopenvx


@pytest.fixture
def ctx(vx):
    """A fresh context, released after the test."""
    c = vx.Context()
    try:
        yield c
    finally:
        c.close()
        gc.collect()


@pytest.fixture(scope="session")
def include_vx():
    if not INCLUDE_VX.is_dir():
        pytest.skip("public headers not found at %s" % INCLUDE_VX)
    return INCLUDE_VX
