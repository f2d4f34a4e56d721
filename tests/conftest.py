"""pytest fixtures of the Python tests (tests/test_python_*.py).

The tests import the *installed* pyopenvx (``pip install .``); they never
import from the source tree (the cffi extension only exists once built).  The
only repository files they read are the public headers in include/VX.
"""

import gc
import os
import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent
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
