"""pyopenvx.dask on a LocalCluster of two worker processes: tiles and frames
give results bit-identical to the same graph run in one process."""
import numpy as np
import pytest

import pyopenvx as vx
from pyopenvx import lib

da = pytest.importorskip("dask.array", reason="the dask extra is not installed (pip install '.[dask]')")
distributed = pytest.importorskip("distributed")
import pyopenvx.dask as vxd  # noqa: E402 (the module itself must be installed: no skip)


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None)
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def _chain(ctx, w, h, border, fmt_in="U8"):
    """Gaussian3x3 -> Box3x3 -> Not, or for RGB input ChannelExtract(G) first;
    every node with the border mode given."""
    g = vx.Graph(ctx)
    src = vx.Image(ctx, w, h, vx.Format[fmt_in])
    dst = vx.Image(ctx, w, h, vx.Format.U8)
    nodes = []
    first = g.virtual_image()
    if fmt_in == "RGB":
        nodes.append(g.channel_extract(src, lib.VX_CHANNEL_G, first))
        a = g.virtual_image()
        nodes.append(g.gaussian3x3(first, a))
    else:
        nodes.append(g.gaussian3x3(src, first))
        a = first
    b = g.virtual_image()
    nodes.append(g.box3x3(a, b))
    nodes.append(g.not_(b, dst))
    for n in nodes:
        n.border = border
    g.add_parameter(nodes[0], 0)
    g.add_parameter(nodes[-1], 1)
    return g


def _whole(ctx, g, a):
    h, w = a.shape[:2]
    fmt = "RGB" if a.ndim == 3 else "U8"
    src = vx.Image.from_numpy(ctx, np.ascontiguousarray(a), vx.Format[fmt])
    dst = vx.Image(ctx, w, h, vx.Format.U8)
    g.set_parameter(0, src)
    g.set_parameter(1, dst)
    g.process()
    return dst.to_numpy()


@pytest.mark.parametrize("border", ["replicate", "constant"])
def test_tiles_equal_whole_image(client, border):
    rng = np.random.default_rng(3)
    big = rng.integers(0, 256, (301, 517), dtype=np.uint8)
    ctx = vx.Context()
    g = _chain(ctx, 64, 48, vx.Border(border, 17) if border == "constant" else vx.Border(border))
    recipe = vxd.GraphRecipe(g, inputs=[0], outputs=[1])
    assert recipe.radius == 2
    want = _whole(ctx, g, big)
    got = vxd.map_tiles(recipe, da.from_array(big, chunks=(64, 100))).compute()
    assert got.shape == want.shape and got.dtype == want.dtype
    assert np.array_equal(got, want)


def test_tiles_of_odd_chunkings(client):
    """Chunks thinner than the radius are joined with a neighbour; a
    pointwise graph (radius 0) uses no neighbours; a single chunk runs as
    the whole image."""
    rng = np.random.default_rng(8)
    big = rng.integers(0, 256, (37, 23), dtype=np.uint8)
    ctx = vx.Context()
    g = _chain(ctx, 16, 16, vx.Border("replicate"))
    recipe = vxd.GraphRecipe(g, inputs=[0], outputs=[1])
    want = _whole(ctx, g, big)
    for chunks in (((1, 2, 9, 1, 20, 4), (3, 1, 19)), (37, 23), (5, 4)):
        got = vxd.map_tiles(recipe, da.from_array(big, chunks=chunks)).compute()
        assert np.array_equal(got, want), chunks
    g0 = vx.Graph(ctx)
    src, dst = vx.Image(ctx, 16, 16, vx.Format.U8), vx.Image(ctx, 16, 16, vx.Format.U8)
    n = g0.not_(src, dst)
    g0.add_parameter(n, 0)
    g0.add_parameter(n, 1)
    recipe0 = vxd.GraphRecipe(g0, inputs=[0], outputs=[1])
    assert recipe0.radius == 0
    got = vxd.map_tiles(recipe0, da.from_array(big, chunks=(4, 5))).compute()
    assert np.array_equal(got, 255 - big)


def test_color_tiles_and_frames(client):
    rng = np.random.default_rng(5)
    ctx = vx.Context()
    g = _chain(ctx, 40, 30, vx.Border("replicate"), "RGB")
    recipe = vxd.GraphRecipe(g, inputs=[0], outputs=[1])
    big = rng.integers(0, 256, (97, 131, 3), dtype=np.uint8)
    want = _whole(ctx, g, big)
    got = vxd.map_tiles(recipe, da.from_array(big, chunks=(32, 45, 3))).compute()
    assert np.array_equal(got, want)
    frames = rng.integers(0, 256, (5, 30, 40, 3), dtype=np.uint8)
    want = np.stack([_whole(ctx, g, f) for f in frames])
    got = vxd.map_frames(recipe, da.from_array(frames, chunks=(2, 30, 40, 3))).compute()
    assert np.array_equal(got, want)


def test_pyramid_of_frames(client):
    """Gaussian3x3 then a Gaussian pyramid per frame: every level of every
    frame as the same graph run in one process, through map_frames and
    map_bag; tiles are refused (the pyramid changes the geometry)."""
    rng = np.random.default_rng(11)
    ctx = vx.Context()
    g = vx.Graph(ctx)
    src = vx.Image(ctx, 40, 30, vx.Format.U8)
    pyr = ctx.pyramid(3, 0.5, 40, 30, vx.Format.U8)
    v = g.virtual_image()
    blur = g.gaussian3x3(src, v)
    blur.border = vx.Border("replicate")
    n = g.gaussian_pyramid(v, pyr)
    n.border = vx.Border("replicate")
    g.add_parameter(blur, 0)
    g.add_parameter(n, 1)
    recipe = vxd.GraphRecipe(g, inputs=[0], outputs=[1])
    frames = rng.integers(0, 256, (5, 47, 61), dtype=np.uint8)  # another size than the recipe's graph
    want = []
    for f in frames:
        p = ctx.pyramid(3, 0.5, 61, 47, vx.Format.U8)
        g.set_parameter(0, vx.Image.from_numpy(ctx, np.ascontiguousarray(f), vx.Format.U8))
        g.set_parameter(1, p)
        g.process()
        want.append([p[i].to_numpy() for i in range(3)])
    for level in range(3):
        got = vxd.map_frames(recipe, da.from_array(frames, chunks=(2, 47, 61)), level=level)
        assert got.shape == (5,) + want[0][level].shape
        got = got.compute()
        for i in range(5):
            assert np.array_equal(got[i], want[i][level]), (level, i)
    import dask.bag as db
    levels = vxd.map_bag(recipe, db.from_sequence(list(frames), npartitions=2)).compute()
    assert len(levels) == 5
    for i in range(5):
        assert len(levels[i]) == 3 and all(np.array_equal(a, b) for a, b in zip(levels[i], want[i]))
    with pytest.raises(ValueError, match="level"):
        vxd.map_frames(recipe, da.from_array(frames, chunks=(2, 47, 61)))
    with pytest.raises(vxd.NotTileableError, match="pyramid"):
        vxd.map_tiles(recipe, da.zeros((64, 64), dtype=np.uint8, chunks=32))


def test_untileable_graph_is_refused():
    ctx = vx.Context()
    g = vx.Graph(ctx)
    src, dst = vx.Image(ctx, 32, 32, vx.Format.U8), vx.Image(ctx, 32, 32, vx.Format.U8)
    n = g.equalize_hist(src, dst)
    g.add_parameter(n, 0)
    g.add_parameter(n, 1)
    recipe = vxd.GraphRecipe(g, inputs=[0], outputs=[1])
    assert recipe.radius is None and "equalize" in recipe.why_not
    with pytest.raises(vxd.NotTileableError, match="equalize"):
        vxd.map_tiles(recipe, da.zeros((64, 64), dtype=np.uint8, chunks=32))


def test_graph_radius_counts_the_longest_path():
    ctx = vx.Context()
    g = vx.Graph(ctx)
    src, dst = vx.Image(ctx, 32, 32, vx.Format.U8), vx.Image(ctx, 32, 32, vx.Format.U8)
    a, b, c = g.virtual_image(), g.virtual_image(), g.virtual_image()
    g.box3x3(src, a)
    g.gaussian3x3(a, b)      # path src -> a -> b: 2
    g.not_(src, c)           # a short branch: 0
    g.add(in1=b, in2=c, policy="saturate", out=dst)
    assert vxd.graph_radius(g) == 2


def _plus_one(node, params):
    src, dst = params
    with src.map() as a, dst.map(usage=vx.WRITE_ONLY) as b:
        b[...] = a + 1


def _make_plus_one(ctx):
    return ctx.user_kernel("com.example.dask_plus_one", [(vx.INPUT, vx.TYPE_IMAGE), (vx.OUTPUT, vx.TYPE_IMAGE)],
                           run=_plus_one, validate=0)


def test_python_kernel_needs_registering(client):
    ctx = vx.Context()
    k = _make_plus_one(ctx)
    g = vx.Graph(ctx)
    src, dst = vx.Image(ctx, 16, 8, vx.Format.U8), vx.Image(ctx, 16, 8, vx.Format.U8)
    n = g.node(k, src, dst)
    g.add_parameter(n, 0)
    g.add_parameter(n, 1)
    recipe = vxd.GraphRecipe(g, inputs=[0], outputs=[1])
    frames = np.arange(3 * 8 * 16, dtype=np.uint8).reshape(3, 8, 16) % 200
    with pytest.raises(Exception, match="register_kernels|user kernel|com.example.dask_plus_one"):
        vxd.map_frames(recipe, da.from_array(frames, chunks=(1, 8, 16))).compute()
    vxd.register_kernels(client, _make_plus_one)
    got = vxd.map_frames(recipe, da.from_array(frames, chunks=(1, 8, 16))).compute()
    assert np.array_equal(got, frames + 1)
