"""One OpenVX graph over a directory of images and over a large synthetic
scene, on a Dask LocalCluster of two worker processes (pyopenvx.dask).

    python examples/dask_scene.py [scene side, default 6000]

The graph (Gaussian3x3 -> Sobel magnitude of the smoothed image -> 8-bit) is
built and checked once locally; the workers import it as an export blob.
Prints each run's throughput and checks the tiled scene against one
whole-image run on a corner of it.
"""
import os
import sys
import tempfile
import time

import numpy as np

import pyopenvx as vx
import pyopenvx.dask as vxd

try:
    import cv2
    import dask.array as da
    import dask.bag as db
    from distributed import Client, LocalCluster
except ImportError as e:  # pragma: no cover
    sys.exit("dask_scene.py needs the dask extra and OpenCV: pip install '.[dask]' opencv-python-headless (%s)" % e)


def edge_graph(ctx, w, h):
    g = ctx.graph()
    src, dst = ctx.image(w, h, vx.Format.U8), ctx.image(w, h, vx.Format.U8)
    smooth, gx, gy, mag = g.virtual_image(), g.virtual_image(), g.virtual_image(), g.virtual_image()
    nodes = [g.gaussian3x3(src, smooth), g.sobel3x3(smooth, gx, gy), g.magnitude(gx, gy, mag),
             g.convert_depth(mag, dst, policy="saturate", shift=2)]
    for n in nodes:
        n.border = vx.Border("replicate")
    g.add_parameter(nodes[0], 0)
    g.add_parameter(nodes[-1], 1)
    return g


def main():
    side = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
    ctx = vx.Context()
    g = edge_graph(ctx, 320, 240)
    recipe = vxd.GraphRecipe(g, inputs=[0], outputs=[1])
    print("graph radius %d, blob %d bytes" % (recipe.radius, len(recipe.blob)))
    rng = np.random.default_rng(7)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster):
        with tempfile.TemporaryDirectory() as d:  # a directory of images
            paths = []
            for i in range(24):
                p = os.path.join(d, "img%02d.png" % i)
                cv2.imwrite(p, rng.integers(0, 256, (480, 640), dtype=np.uint8))
                paths.append(p)
            t = time.perf_counter()
            outs = vxd.map_bag(recipe, db.from_sequence(paths, npartitions=4),
                               read=lambda p: cv2.imread(p, cv2.IMREAD_GRAYSCALE)).compute()
            dt = time.perf_counter() - t
            print("directory: %d images of 640x480 in %.2f s, %.1f MP/s" % (len(outs), dt,
                                                                        len(outs) * 640 * 480 / dt / 1e6))
        scene = da.from_array(rng.integers(0, 256, (side, side), dtype=np.uint8), chunks=1024)
        t = time.perf_counter()
        out = vxd.map_tiles(recipe, scene).compute()
        dt = time.perf_counter() - t
        print("scene: %dx%d in %.2f s, %.1f MP/s" % (side, side, dt, side * side / dt / 1e6))
        # a corner of the tiled result against one run of the same graph on that corner's input
        corner = scene[:1500, :1500].compute()
        g2 = edge_graph(ctx, 1500, 1500)
        src = ctx.image_from_numpy(corner)
        dst = ctx.image(1500, 1500, vx.Format.U8)
        g2.set_parameter(0, src)
        g2.set_parameter(1, dst)
        g2.process()
        ok = np.array_equal(dst.to_numpy()[:1400, :1400], out[:1400, :1400])
        print("tiles equal a whole-image run: %s" % ("yes" if ok else "NO"))
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
