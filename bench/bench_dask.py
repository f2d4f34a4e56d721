"""pyopenvx.dask throughput: map_tiles and map_frames on 1 and 2 worker
processes against the same graph run in one process, and Dask's cost per task.

    python bench/bench_dask.py [--side 8192] [--tile 2048] [--frames 64]

The graph: Gaussian3x3 -> Sobel3x3 -> Magnitude -> ConvertDepth (radius 2).
The scene and frames are made on the workers (dask.array.random), and the
results stay there (persist), so the numbers are compute and scheduling, not
the transfer of inputs from this process; the single-process run gets the
same bytes in memory.  Each timing is the best of --runs.
"""
import argparse
import itertools
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

import pyopenvx as vx
import pyopenvx.dask as vxd

try:
    import dask.array as da
    from distributed import Client, LocalCluster, wait
except ImportError:  # pragma: no cover
    sys.exit("bench_dask.py needs the dask extra: pip install '.[dask]'")


def _example_edge_graph():
    """The graph of examples/dask_scene.py (one definition of it)."""
    import importlib.util
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "dask_scene.py")
    spec = importlib.util.spec_from_file_location("dask_scene", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.edge_graph


edge_graph = _example_edge_graph()


def _same(block, salt):
    return block


def best(fn, runs):
    t = float("inf")
    for _ in range(runs):
        s = time.perf_counter()
        fn()
        t = min(t, time.perf_counter() - s)
    return t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--side", type=int, default=8192)
    ap.add_argument("--tile", type=int, default=2048)
    ap.add_argument("--frames", type=int, default=64)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    ctx = vx.Context()
    one = vx.lib.vx_true_e  # noqa: F841 (keeps lib imported for the attribute below)
    threads = vx.ffi.new("vx_uint32 *", 1)
    vx.lib.vxSetContextAttribute(ctx.handle, vx.lib.VX_CONTEXT_OVX_THREADS, threads, 4)
    g = edge_graph(ctx, 640, 480)
    recipe = vxd.GraphRecipe(g, inputs=[0], outputs=[1])
    print("load average %.2f %.2f %.2f; graph radius %d" % (os.getloadavg() + (recipe.radius,)))
    rng = np.random.default_rng(1)

    # one process, one OpenVX thread: the whole scene, and the frames one by one
    scene = rng.integers(0, 256, (a.side, a.side), dtype=np.uint8)
    g1 = edge_graph(ctx, a.side, a.side)
    s1 = ctx.image_from_numpy(scene)
    g1.set_parameter(0, s1)
    g1.set_parameter(1, ctx.image(a.side, a.side, vx.Format.U8))
    t_scene = best(g1.process, a.runs)
    frames = rng.integers(0, 256, (a.frames, 480, 640), dtype=np.uint8)
    fin, fout = ctx.image(640, 480, vx.Format.U8), ctx.image(640, 480, vx.Format.U8)
    g.set_parameter(0, fin)
    g.set_parameter(1, fout)

    def run_frames():  # as a worker does: each frame copied into the bound image, the result copied out
        for f in frames:
            fin.copy_from(f)
            g.process()
            fout.to_numpy()
    t_frames = best(run_frames, a.runs)
    mp_scene, mp_frames = a.side * a.side / 1e6, a.frames * 640 * 480 / 1e6
    print("%-34s %10s %10s" % ("", "MP/s", "x 1 process"))
    print("%-34s %10.1f %10s" % ("scene, one process", mp_scene / t_scene, "1.00"))
    print("%-34s %10.1f %10s" % ("frames, one process", mp_frames / t_frames, "1.00"))
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address=None) as cluster, Client(cluster):
            big = da.random.randint(0, 256, (a.side, a.side), chunks=a.tile, dtype=np.uint8).persist()
            fr = da.random.randint(0, 256, (a.frames, 480, 640), chunks=(4, 480, 640), dtype=np.uint8).persist()
            wait([big, fr])

            salt = itertools.count()

            # each run on new keys (an identity task a block first): a graph whose keys equal
            # the previous run's would find its results still in the workers' memory
            def tiles():
                src = big.map_blocks(_same, next(salt), dtype=big.dtype)
                wait(vxd.map_tiles(recipe, src).persist())

            def clips():
                src = fr.map_blocks(_same, next(salt), dtype=fr.dtype)
                wait(vxd.map_frames(recipe, src).persist())
            tiles()  # imports the blob on each worker once
            clips()
            t_t, t_f = best(tiles, a.runs), best(clips, a.runs)
            print("%-34s %10.1f %10.2f" % ("map_tiles, %d worker%s" % (workers, "s" * (workers > 1)),
                                           mp_scene / t_t, t_scene / t_t))
            print("%-34s %10.1f %10.2f" % ("map_frames, %d worker%s" % (workers, "s" * (workers > 1)),
                                           mp_frames / t_f, t_frames / t_f))
            if workers == 2:  # the cost of a task: tiny tiles, where the graph's work is nothing
                tiny = da.random.randint(0, 256, (512, 512), chunks=64, dtype=np.uint8).persist()
                wait(tiny)
                wait(vxd.map_tiles(recipe, tiny).persist())
                n = len(tiny.chunks[0]) * len(tiny.chunks[1])
                t_tiny = best(lambda: wait(vxd.map_tiles(recipe, tiny).persist()), a.runs)
                print("scheduling: %d tasks of 64x64 in %.3f s: %.2f ms a task (2 workers)"
                      % (n, t_tiny, t_tiny / n * 1e3))


if __name__ == "__main__":
    main()
