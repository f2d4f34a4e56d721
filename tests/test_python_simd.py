"""The SIMD dispatcher seen from Python: OPENVX_SIMD truly caps the variant a
node runs (Node.variant, VX_NODE_OVX_VARIANT), the choice is made at verify
time also for nodes whose images are virtual, OPENVX_LOG_VARIANTS=1 logs each
choice as an information entry, and the results are the same at every level.
The environment is read once per process, so each level runs in a child."""

import json
import pathlib
import subprocess
import sys
import textwrap

import pyopenvx as vx

LEVELS = ["none", "sse4", "avx2", "avx512"]
# the child must import the installed package, not the source folder at the root
TESTS = pathlib.Path(__file__).resolve().parent

_CHILD = textwrap.dedent("""
    import json
    import numpy as np
    import pyopenvx as vx
    rng = np.random.default_rng(5)
    a = rng.integers(0, 256, (37, 101), dtype=np.uint8)
    b = rng.integers(0, 256, (37, 101), dtype=np.uint8)
    ctx = vx.Context()
    g = vx.Graph(ctx)
    ia, ib = ctx.image_from_numpy(a), ctx.image_from_numpy(b)
    v = g.virtual_image(0, 0, vx.DF_IMAGE_U8)  # size settled by the verifier
    out = ctx.image(101, 37, vx.DF_IMAGE_U8)
    n1 = g.add(ia, ib, v, vx.CONVERT_POLICY_SATURATE)
    n2 = g.min(v, ib, out)
    g.verify()
    g.process()
    want = np.minimum(np.minimum(a.astype(int) + b, 255), b).astype(np.uint8)
    print(json.dumps({"level": ctx.simd_level, "variants": [n1.variant, n2.variant],
                      "log": [e.message for e in ctx.log if e.status == 0],
                      "equal": bool((out.to_numpy() == want).all())}))
""")


def _child(env_extra):
    import os
    env = dict(os.environ)
    env.pop("OPENVX_SIMD", None)
    env.pop("OPENVX_LOG_VARIANTS", None)
    # the level caps alone: no step down to AVX2 for a CPU that runs
    # AVX-512 at half width (the test at the end checks that)
    env["OPENVX_AVX512_HALFWIDTH"] = "0"
    env.update(env_extra)
    r = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, timeout=120, env=env,
                       cwd=str(TESTS))
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_each_level_caps_the_variant_and_logs_it():
    best = _child({})["level"]
    assert best in LEVELS
    for level in LEVELS[:LEVELS.index(best) + 1]:
        got = _child({"OPENVX_SIMD": level, "OPENVX_LOG_VARIANTS": "1"})
        want = "scalar" if level == "none" else level
        assert got["level"] == level
        # Add and Min of U8 have a variant at every level; the Add writes a
        # virtual image, whose format the verifier settles before the choice
        assert got["variants"] == [want, want], got
        assert got["equal"], level
        assert len(got["log"]) == 2, got["log"]
        assert all("runs the %s variant" % want in m for m in got["log"]), got["log"]


def test_no_information_entries_unless_asked():
    got = _child({})
    assert got["log"] == []
    assert got["equal"]


def test_level_above_the_cpu_is_capped_to_the_cpu():
    best = _child({})["level"]
    got = _child({"OPENVX_SIMD": "avx512"})
    assert got["level"] == best
    assert got["variants"][0] == ("scalar" if best == "none" else best)


def _child_raw(env_extra):
    import os
    env = dict(os.environ)
    env.pop("OPENVX_SIMD", None)
    env.update(env_extra)
    r = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True, timeout=120, env=env,
                       cwd=str(TESTS))
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1]), r.stderr


def test_the_isa_names_of_sse4_are_accepted():
    best = _child({})["level"]
    if LEVELS.index(best) < LEVELS.index("sse4"):
        assert best == "none"  # a CPU without SSE4.1/4.2 (or a scalar build): nothing to cap
        return
    for name in ("sse41", "SSE4.1"):
        got, err = _child_raw({"OPENVX_SIMD": name})
        assert got["level"] == "sse4" and got["variants"][0] == "sse4", (name, got)
        assert err == "", err


def test_an_unknown_level_is_said_and_ignored():
    best = _child({})["level"]
    got, err = _child_raw({"OPENVX_SIMD": "avx9000"})
    assert got["level"] == best
    assert "OPENVX_SIMD=avx9000 is not one of none, sse4, avx2, avx512: ignored" in err, err


_WARP_CHILD = textwrap.dedent("""
    import json
    import numpy as np
    import pyopenvx as vx
    from pyopenvx import _objects_basic as ob
    rng = np.random.default_rng(7)
    a = rng.integers(0, 256, (61, 203), dtype=np.uint8)
    ctx = vx.Context()
    g = vx.Graph(ctx)
    src = ctx.image_from_numpy(a)
    # OpenVX's affine matrix: 2 columns x 3 rows, column-major in (x, y)
    m = ob.Matrix.from_numpy(ctx, np.array([[0.9, -0.1], [0.1, 0.9], [5.0, 7.0]], np.float32))
    rm = ob.Remap(ctx, 203, 61, 203, 61)
    ys, xs = np.mgrid[0:61, 0:203].astype(np.float32)
    rm.write(np.stack([xs * 0.9 + 3.3, ys * 0.95 + 1.7], axis=-1))
    rgb = ctx.image_from_numpy(rng.integers(0, 256, (61, 203, 3), dtype=np.uint8))
    src2 = ctx.image_from_numpy(rng.integers(0, 256, (61, 203), dtype=np.uint8))
    outs = [ctx.image(203, 61, vx.DF_IMAGE_U8) for _ in range(6)]
    nodes = [g.warp_affine(src, m, outs[0], "nearest_neighbor"), g.warp_affine(src, m, outs[1], "bilinear"),
             g.remap(src, rm, outs[2], "nearest_neighbor"), g.remap(src, rm, outs[3], "bilinear"),
             g.channel_extract(rgb, vx.CHANNEL_1, outs[4]), g.add(src, src2, outs[5], vx.CONVERT_POLICY_SATURATE)]
    g.verify()
    for _ in range(3):  # a nearest remap samples its derived table from the second run
        g.process()
    print(json.dumps({"level": ctx.simd_level, "variants": [n.variant for n in nodes],
                      "features": ctx.cpu_features, "out": [o.to_numpy().tolist() for o in outs]}))
""")


def test_some_kernels_take_the_avx2_rows_where_avx512_runs_at_half_width():
    # on a CPU whose AVX-512 runs at half width (a Zen 4; forced on and off
    # here by OPENVX_AVX512_HALFWIDTH) nearest affine and remap nodes, the
    # channel extract of RGB and the pixelwise rows (an Add here) at the
    # avx512 level take the AVX2 variant; the node names the variant that runs,
    # and at every level and either way the results are the scalar
    # reference's
    import os
    best = _child({})["level"]
    runs = {}
    for half in ("0", "1"):
        for level in LEVELS[:LEVELS.index(best) + 1]:
            env = dict(os.environ)
            env["OPENVX_SIMD"] = level
            env["OPENVX_AVX512_HALFWIDTH"] = half
            r = subprocess.run([sys.executable, "-c", _WARP_CHILD], capture_output=True, text=True, timeout=120,
                               env=env, cwd=str(TESTS))
            assert r.returncode == 0, r.stderr
            got = runs[half, level] = json.loads(r.stdout.strip().splitlines()[-1])
            name = "scalar" if level == "none" else level
            stepped = "avx2" if level == "avx512" and half == "1" else name
            want = [stepped, name, stepped, name, stepped, stepped]
            assert ("avx512-halfwidth" in got["features"]) == (half == "1")
            assert got["level"] == level
            assert got["variants"] == want, (half, level, got["variants"])
            assert got["out"] == runs["0", "none"]["out"], (half, level)
    assert all(any(v != 0 for row in o for v in row) for o in runs["0", "none"]["out"])
