"""The Python example of the README runs and prints what it promises (the C
example is built and run by test_c_build.py)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_python_example_runs(tmp_path):
    p = subprocess.run([sys.executable, str(ROOT / "examples" / "hello_context.py")], capture_output=True,
                       text=True, cwd=tmp_path, timeout=120)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("OpenVX 1.3 by libopenvx"), p.stdout
    assert "kernels" in lines[1]
    assert "Error" in lines[2] and "no_such_kernel" in lines[2], p.stdout


def test_python_graph_example_runs(tmp_path):
    p = subprocess.run([sys.executable, str(ROOT / "examples" / "graph_edges.py")], capture_output=True,
                       text=True, cwd=tmp_path, timeout=120)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("graph of 3 nodes ran in"), p.stdout
    # the disc's rim has a strong gradient, its flat centre none
    maxv = int(lines[1].split("max ")[1].split()[0])
    centre = int(lines[1].split(", ")[1].split()[0])
    assert maxv > 300 and centre == 0, p.stdout
    # a disc of radius 40 has an edge of roughly its circumference (2*pi*40 ~ 251) in pixels
    n = int(lines[2].split("canny: ")[1].split()[0])
    assert 150 < n < 700, p.stdout


def test_video_stream_example_runs(tmp_path):
    p = subprocess.run([sys.executable, str(ROOT / "examples" / "video_stream.py"), "12"], capture_output=True,
                       text=True, cwd=tmp_path, timeout=120)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0] == "12 frames of 320x240 through 5 nodes, 3 in flight", p.stdout
    assert lines[1] == "results equal per-frame runs: yes", p.stdout
    # the disc's rim (radius 30: ~190 pixels around), thickened by the gradient and the dilation
    n = int(lines[2].split(": ")[1])
    assert 400 < n < 4000, p.stdout


def test_dask_example_runs(tmp_path):
    import pytest
    pytest.importorskip("distributed", reason="the dask extra is not installed (pip install '.[dask]')")
    p = subprocess.run([sys.executable, str(ROOT / "examples" / "dask_scene.py"), "1600"], capture_output=True,
                       text=True, cwd=tmp_path, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "directory: 24 images of 640x480" in p.stdout
    assert "scene: 1600x1600" in p.stdout
    assert "tiles equal a whole-image run: yes" in p.stdout
