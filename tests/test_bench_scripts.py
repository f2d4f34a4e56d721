"""The Python benchmarks still run (tiny sizes: a smoke test, no timing asserted)."""
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def test_bench_pipeline_runs(tmp_path):
    p = subprocess.run([sys.executable, str(BENCH / "bench_pipeline.py"), "--width", "40", "--height", "30",
                        "--frames", "6", "--rounds", "2"], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert p.returncode == 0, p.stderr[-3000:]
    rows = [l for l in p.stdout.splitlines() if l.startswith("7 nodes + Python user box3x3")]
    assert len(rows) == 2, p.stdout
    for r in rows:
        fps = [float(x) for x in r.split()[-7:-4]]
        assert all(f > 0 for f in fps), r


def test_bench_immediate_runs(tmp_path):
    p = subprocess.run([sys.executable, str(BENCH / "bench_immediate.py"), "--sizes", "40x30", "--rounds", "1",
                        "--budget", "0.003"], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert p.returncode == 0, p.stderr[-3000:]
    rows = [l.split() for l in p.stdout.splitlines() if l.startswith(("gaussian3x3 ", "add ", "warp_affine"))]
    assert [r[0] for r in rows] == ["gaussian3x3", "add", "warp_affine"], p.stdout
    for r in rows:
        assert all(float(x) > 0 for x in r[-4:]), r
