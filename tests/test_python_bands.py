"""Pools of 2, 3, 5 and 8 threads (OPENVX_THREADS, in a child process: the pool's size is read
once) give the one-thread results, bit for bit, for the kernels that cut their own bands: Canny 3
(guided bands, the pass across the band edges), FastCorners (guided bands, keypoint offsets per
band), the bilateral filter, MatchTemplate and NonLinearFilter (guided bands of the window routine),
and Harris (2, 3, 5 and 8 sort bands: the merge rounds of an odd list count, the edges decided by
whichever band finishes second)."""

import os
import subprocess
import sys

import pytest

CHILD = r"""
import numpy as np
import pyopenvx as vx
from pyopenvx import ffi, lib


def ctx(threads):
    c = vx.Context()
    n = ffi.new("vx_uint32*", threads)
    assert lib.vxSetContextAttribute(c.handle, lib.VX_CONTEXT_OVX_THREADS, n, 4) == lib.VX_SUCCESS
    return c


one, many = ctx(1), ctx(0)
n = ffi.new("vx_uint32*")
lib.vxQueryContext(many.handle, lib.VX_CONTEXT_OVX_THREADS, n, 4)
assert n[0] == POOL, n[0]


def same(run):
    a, b = run(one), run(many)
    np.testing.assert_array_equal(a, b)
    return a


rng = np.random.default_rng(POOL)
w, h = 643, 487
noise = rng.integers(0, 256, (h, w), dtype=np.uint8)
yy, xx = np.mgrid[0:h, 0:w]
waves = np.clip(128 + 60 * np.sin(xx * 0.05 + yy * 0.11) + rng.normal(0, 4, (h, w)), 0, 255).astype(np.uint8)
blobs = np.clip(128 + 100 * np.sin(xx * 0.9) * np.cos(yy * 0.8) * (1.0 - yy / (2.0 * h))
                + rng.normal(0, 3, (h, w)), 0, 255).astype(np.uint8)
for a in (noise, waves):
    for norm in ("l1", "l2"):
        lo, hi = (80, 100) if norm == "l1" else (40, 60)
        e = same(lambda c: vx.canny(a, lo, hi, 3, norm, ctx=c))
        assert e.any()
full = same(lambda c: vx.fast_corners(noise, 30, nonmax_suppression=True, capacity=w * h, ctx=c))
assert len(full) > 100
part = same(lambda c: vx.fast_corners(noise, 30, nonmax_suppression=True, capacity=len(full) // 3, ctx=c))
np.testing.assert_array_equal(part, full[:len(full) // 3])
same(lambda c: vx.bilateral_filter(noise, 5, 10.0, 20.0, border="replicate", ctx=c))
for a, dist in ((noise, 3.0), (blobs, 5.5), (noise, 0.0)):
    k = same(lambda c: vx.harris_corners(a, 1e-6, min_distance=dist, capacity=w * h, ctx=c))
    assert len(k) > 1000
    few = same(lambda c: vx.harris_corners(a, 1e-6, min_distance=dist, capacity=777, ctx=c))
    np.testing.assert_array_equal(few, k[:777])
for metric in ("ccorr_norm", "l2", "hamming"):
    m = same(lambda c: vx.match_template(noise, noise[40:51, 70:83], metric, ctx=c))
    assert m.shape == (h - 10, w - 12)
for fn, size in (("median", 5), ("min", 3), ("max", 9)):
    for border in ("undefined", "replicate", ("constant", 9)):
        same(lambda c: vx.nonlinear_filter(fn, noise, "box", size=size, border=border, ctx=c))
print("ok")
"""


@pytest.mark.parametrize("pool", [2, 3, 5, 8])
def test_bands_of_larger_pools(pool, tmp_path):
    env = dict(os.environ, OPENVX_THREADS=str(pool))
    # run outside the source tree: `python -c` puts the working directory
    # first on sys.path, and the repository's pyopenvx/ has no built _ffi
    p = subprocess.run([sys.executable, "-c", CHILD.replace("POOL", str(pool))], env=env, capture_output=True,
                       text=True, timeout=600, cwd=str(tmp_path))
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout.strip().endswith("ok")
