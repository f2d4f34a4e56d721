"""OpenVX graphs over Dask: frames, collections and images larger than memory.

A graph built and tested locally runs unchanged on a Dask cluster
(``pip install '.[dask]'``).  It travels as its vx_khr_ix export blob: each
worker process keeps one OpenVX context, imports a blob once (cached by its
content hash) and keeps one imported graph per worker thread and input shape
(a graph never runs concurrently with itself).  The blob carries a tag of
the library that made it; a worker with another libopenvx refuses it::

    import pyopenvx as vx, pyopenvx.dask as vxd
    g = ctx.graph()
    src, dst = ctx.image(640, 480, vx.Format.U8), ctx.image(640, 480, vx.Format.U8)
    n0 = g.gaussian3x3(src, tmp := g.virtual_image())
    n1 = g.box3x3(tmp, dst)
    g.add_parameter(n0, 0); g.add_parameter(n1, 1)
    recipe = vxd.GraphRecipe(g, inputs=[0], outputs=[1])
    edges = vxd.map_tiles(recipe, big)          # a 2-D dask array, any size
    clips = vxd.map_frames(recipe, frames)      # (N, H, W) chunked along N

``map_tiles`` overlaps the tiles by the graph's neighbourhood: the sum of
its nodes' radii along the longest path (3x3 filters 1, a 5x5 mask 2, ...),
so every output pixel sees exactly the input the whole-image run gives it;
tiles are not padded at the image's edges, where the graph's own border
mode applies, as in the whole-image run: the result is bit-identical.
Graphs that cannot be cut this way (global statistics, geometry, Canny's
hysteresis, corner lists, ...) are refused with the node's name.

Threads: each worker's OpenVX pool gets ``pool_threads`` threads (default
1: Dask's worker threads are the parallelism; raise it with fewer Dask
threads per worker, never both, or the machine is oversubscribed).
Python user kernels must exist on the worker: register them there with
``register_kernels(client, fn)`` (a function of the worker's context that
makes them); a worker without them fails with a message naming the kernel.
"""
import hashlib
import threading

import numpy as np

from ._ffi import ffi, lib

__all__ = ["GraphRecipe", "map_frames", "map_tiles", "map_bag", "register_kernels", "graph_radius",
           "NotTileableError", "ABI_TAG"]


def _abi_tag():
    from . import __version__
    return ("pyopenvx %s, libopenvx %s, %d-bit" % (__version__, ffi.string(lib.ovx_build_id()).decode()
                                                   if hasattr(lib, "ovx_build_id") else "1.3.1",
                                                   ffi.sizeof("void *") * 8))


ABI_TAG = _abi_tag()


class NotTileableError(ValueError):
    """The graph has a node whose output pixel depends on more than a bounded
    neighbourhood of its input (or that changes the geometry)."""


# ---- the neighbourhood of each kernel ------------------------------------------
# radius in pixels of the input window one output pixel reads; None: refused
_RADIUS = {
    "box3x3": 1, "gaussian3x3": 1, "median3x3": 1, "erode3x3": 1, "dilate3x3": 1, "sobel3x3": 1,
    "absdiff": 0, "add": 0, "subtract": 0, "multiply": 0, "and": 0, "or": 0, "xor": 0, "not": 0,
    "weightedaverage": 0, "weighted": 0, "convertdepth": 0, "threshold": 0, "tablelookup": 0,
    "magnitude": 0, "phase": 0, "channelextract": 0, "channelcombine": 0, "copy": 0, "min": 0, "max": 0,
    "select": 0, "colorconvert": 0,
}
_WHY = {
    "histogram": "a global statistic", "equalizehist": "a global statistic", "equalizehistogram": "a global statistic",
    "meanstddev": "a global statistic", "minmaxloc": "a global statistic", "integralimage": "a running sum",
    "cannyedgedetector": "hysteresis follows edges across the whole image", "canny": "hysteresis follows edges",
    "harriscorners": "it lists corners", "fastcorners": "it lists corners", "houghlinesp": "it lists lines",
    "opticalflowpyrlk": "it tracks points", "scaleimage": "it changes the geometry",
    "warpaffine": "it changes the geometry", "warpperspective": "it changes the geometry",
    "remap": "it changes the geometry", "gaussianpyramid": "it changes the geometry",
    "laplacianpyramid": "it changes the geometry", "laplacianreconstruct": "it changes the geometry",
    "halfscalegaussian": "it changes the geometry",
}


def _norm(name):
    name = str(name)
    if name.startswith("org.khronos.openvx."):
        name = name[len("org.khronos.openvx."):]
    return name.replace("_", "").lower().rstrip("_")


def _node_radius(graph, h, name):
    key = _norm(name)
    if key in ("customconvolution", "convolve", "nonlinearfilter", "bilateralfilter", "lbp",
               "nonmaxsuppression"):
        return _param_radius(graph, h, key)
    if key in _RADIUS:
        if key == "colorconvert":
            _check_444(graph, h)
        return _RADIUS[key]
    raise NotTileableError("map_tiles: node %s cannot run in tiles (%s)" % (name, _WHY.get(key, "its output is not a "
                                                                                       "bounded window of its input")))


def _params(graph, h):
    from ._graph import node_params
    return node_params(graph, h, "pyopenvx.dask")


def _check_444(graph, h):
    for _, obj in _params(graph, h):
        fmt = getattr(obj, "format", None)
        if fmt is not None and int(fmt) in (lib.VX_DF_IMAGE_IYUV, lib.VX_DF_IMAGE_NV12, lib.VX_DF_IMAGE_NV21,
                                            lib.VX_DF_IMAGE_UYVY, lib.VX_DF_IMAGE_YUYV):
            raise NotTileableError("map_tiles: a color conversion with subsampled chroma cannot run in tiles")


def _param_radius(graph, h, key):
    params = _params(graph, h)
    if key in ("customconvolution", "convolve", "nonlinearfilter"):
        for _, obj in params:
            t = int(getattr(obj, "type", 0))
            if t in (lib.VX_TYPE_CONVOLUTION, lib.VX_TYPE_MATRIX):
                return max(int(obj.columns), int(obj.rows)) // 2
    if key == "bilateralfilter" or key == "nonmaxsuppression":
        for d, obj in params:
            if int(getattr(obj, "type", 0)) == lib.VX_TYPE_SCALAR:
                return int(obj.value) // 2
    if key == "lbp":
        return 2
    raise NotTileableError("map_tiles: cannot read the window size of node %s" % key)


def graph_radius(graph):
    """The graph's neighbourhood: the largest sum of node radii along a path
    of its nodes (NotTileableError names a node that cannot run in tiles)."""
    from ._context import _key
    nodes = list(graph._node_list)
    writer, reads, own = {}, {}, {}
    for key, h, name in nodes:
        own[key] = _node_radius(graph, h, name)
        reads[key] = []
        for d, obj in _params(graph, h):
            if obj is None:
                continue
            okey = _key(obj.handle)
            if d == lib.VX_OUTPUT:
                writer[okey] = key
            else:
                reads[key].append(okey)
    memo = {}

    def depth(k, seen=()):
        if k in memo:
            return memo[k]
        if k in seen:
            raise NotTileableError("map_tiles: the graph has a cycle")
        best = 0
        for o in reads[k]:
            if o in writer:
                best = max(best, depth(writer[o], seen + (k,)))
        memo[k] = own[k] + best
        return memo[k]

    return max((depth(k) for k, _, _ in nodes), default=0)


# ---- the recipe and the worker side ------------------------------------------
_DTYPES = {lib.VX_DF_IMAGE_U8: (np.uint8, 0), lib.VX_DF_IMAGE_S16: (np.int16, 0), lib.VX_DF_IMAGE_U16: (np.uint16, 0),
           lib.VX_DF_IMAGE_S32: (np.int32, 0), lib.VX_DF_IMAGE_U32: (np.uint32, 0),
           lib.VX_DF_IMAGE_RGB: (np.uint8, 3), lib.VX_DF_IMAGE_RGBX: (np.uint8, 4)}


class GraphRecipe:
    """A graph with graph parameters, as it travels to workers: its export
    blob, the library tag, the formats and sizes of its inputs and outputs
    (images of single-plane formats), and its neighbourhood radius (None
    with the reason when it cannot run in tiles)."""

    def __init__(self, graph, inputs, outputs, pool_threads=1):
        from ._image import Image
        from ._objects_nd import Pyramid
        self.inputs, self.outputs = [int(i) for i in inputs], [int(i) for i in outputs]
        if not self.inputs or not self.outputs:
            raise ValueError("GraphRecipe: give the input and output graph parameter indices")
        self.formats = {}
        self.pyramids = {}  # output index -> (levels, scale): made at each run for the frame's size
        for idx in self.inputs + self.outputs:
            obj = graph.get_parameter(idx)
            if isinstance(obj, Pyramid) and idx in self.outputs:
                self.pyramids[idx] = (int(obj.levels), float(obj.scale))
            elif not isinstance(obj, Image):
                raise TypeError("GraphRecipe: graph parameter %d holds %r, not an image%s" % (
                    idx, obj, "" if idx in self.inputs else " or a pyramid"))
            if int(obj.format) not in _DTYPES:
                raise ValueError("GraphRecipe: graph parameter %d: format %s is not a single-plane format"
                                 % (idx, obj.format))
            self.formats[idx] = (int(obj.format), int(obj.width), int(obj.height))
        try:
            self.radius, self.why_not = graph_radius(graph), None
        except NotTileableError as e:
            self.radius, self.why_not = None, str(e)
        # the graph with every graph parameter's object (their values do not travel: each run binds its own)
        params = [graph.get_parameter(i) for i in range(graph.num_parameters)]
        self.n_objects = 1 + len(params)
        self.blob = graph.context.export_objects([graph] + params,
                                                 ["export_values"] + ["no_export_values"] * len(params))
        self.tag = ABI_TAG
        self.key = hashlib.sha256(self.blob + self.tag.encode()).hexdigest()
        self.pool_threads = int(pool_threads)

    def __repr__(self):
        return "<GraphRecipe inputs=%s outputs=%s radius=%s %d bytes>" % (self.inputs, self.outputs, self.radius,
                                                                           len(self.blob))


_state = {"context": None, "lock": threading.Lock(), "graphs": {}, "kernels": []}


def _worker_context(recipe):
    from ._context import Context
    with _state["lock"]:
        if _state["context"] is None:
            ctx = Context()
            threads = ffi.new("vx_uint32 *", max(1, recipe.pool_threads))
            lib.vxSetContextAttribute(ctx.handle, lib.VX_CONTEXT_OVX_THREADS, threads, ffi.sizeof("vx_uint32"))
            for fn in _state["kernels"]:
                fn(ctx)
            _state["context"] = ctx
        return _state["context"]


def _graph_for(recipe, shape_key):
    if recipe.tag != ABI_TAG:
        raise RuntimeError("pyopenvx.dask: the graph was exported by %s; this worker runs %s" % (recipe.tag, ABI_TAG))
    ctx = _worker_context(recipe)
    key = (recipe.key, threading.get_ident(), shape_key)
    g = _state["graphs"].get(key)
    if g is None:
        try:
            imp = ctx.import_objects(recipe.blob, recipe.n_objects,
                                     ["export_values"] + ["no_export_values"] * (recipe.n_objects - 1))
        except Exception as e:  # a missing user kernel is the usual cause: say so
            raise RuntimeError("pyopenvx.dask: the worker cannot import the graph (%s); graphs with user kernels "
                               "need them registered on the workers (register_kernels)" % e) from e
        g = (imp, imp.references[0], {})
        _state["graphs"][key] = g
    return ctx, g[1], g[2]


def _run(recipe, arrays):
    """Run the graph once on the input arrays; the output arrays (a tuple of
    level arrays for a pyramid output).  Each (graph, thread, size) keeps its
    input and output objects: the frames are copied into the same images, so
    the graph is verified (and its memory allocated) once, not at every run."""
    from ._image import Image
    from ._objects_nd import Pyramid
    h, w = arrays[0].shape[:2]
    ctx, g, objs = _graph_for(recipe, (h, w))
    if not objs:
        for idx in recipe.inputs:
            objs[idx] = Image(ctx, w, h, recipe.formats[idx][0])
        for idx in recipe.outputs:
            if idx in recipe.pyramids:
                levels, scale = recipe.pyramids[idx]
                objs[idx] = Pyramid(ctx, levels, scale, w, h, recipe.formats[idx][0])
            else:
                objs[idx] = Image(ctx, w, h, recipe.formats[idx][0])
        for idx, o in objs.items():
            g.set_parameter(idx, o)
    for idx, a in zip(recipe.inputs, arrays):
        objs[idx].copy_from(np.ascontiguousarray(a))
    g.process()
    outs = [objs[idx] for idx in recipe.outputs]
    return [tuple(o[i].to_numpy() for i in range(len(o))) if isinstance(o, Pyramid) else o.to_numpy()
            for o in outs]


def _level_shape(recipe, idx, h, w, level):
    """(height, width) of level ``level`` of pyramid output idx for h x w frames."""
    from ._objects_nd import Pyramid
    levels, scale = recipe.pyramids[idx]
    if not 0 <= level < levels:
        raise ValueError("level %d: the pyramid has levels 0..%d" % (level, levels - 1))
    ctx = _worker_context(recipe)
    p = Pyramid(ctx, levels, scale, w, h, recipe.formats[idx][0])
    try:
        img = p[level]
        return int(img.height), int(img.width)
    finally:
        p.close()


def _dtype_of(recipe, idx):
    dt, ch = _DTYPES[recipe.formats[idx][0]]
    return np.dtype(dt), ch


# ---- frames and collections -----------------------------------------------------
def _frames_block(block, recipe, out, level=None, shape=None):
    res = [_run(recipe, [f])[out] for f in block]
    if level is not None:
        res = [r[level] for r in res]
    if res:
        return np.stack(res)
    return np.zeros((0,) + (shape if shape is not None else block.shape[1:3]),
                    _dtype_of(recipe, recipe.outputs[out])[0])


def map_frames(recipe, frames, output=0, level=None):
    """The graph over a dask array of frames, shape (N, H, W[, C]) chunked
    along N only: a dask array of output ``output`` (an index into
    recipe.outputs) per frame, the frames' height and width; for a pyramid
    output, of its level ``level`` (required), that level's size."""
    import dask.array as da
    if len(recipe.inputs) != 1:
        raise ValueError("map_frames: the recipe has %d inputs; give it one" % len(recipe.inputs))
    frames = da.asarray(frames)
    if any(len(c) != 1 for c in frames.chunks[1:]):
        frames = frames.rechunk({i: -1 for i in range(1, frames.ndim)})
    idx = recipe.outputs[output]
    dt, ch = _dtype_of(recipe, idx)
    new_axis = None
    drop_axis = None
    if ch and frames.ndim == 3:
        new_axis = [3]
    elif not ch and frames.ndim == 4:
        drop_axis = [3]
    size = (frames.chunks[1], frames.chunks[2])
    shape = None
    if idx in recipe.pyramids:
        if level is None:
            raise ValueError("map_frames: output %d is a pyramid: say which level" % output)
        shape = _level_shape(recipe, idx, frames.shape[1], frames.shape[2], int(level))
        size = ((shape[0],), (shape[1],))
        level = int(level)
    elif level is not None:
        raise ValueError("map_frames: output %d is an image, not a pyramid: no level" % output)
    chunks = (frames.chunks[0],) + size + ((ch,) if ch else ())
    return frames.map_blocks(_frames_block, recipe, output, level, shape, dtype=dt, chunks=chunks,
                             new_axis=new_axis, drop_axis=drop_axis)


def map_bag(recipe, bag, output=0, read=None):
    """The graph over a dask bag of arrays (or of paths, with ``read`` a
    function path -> array): a bag of output arrays (for a pyramid output, a
    tuple of its levels' arrays)."""
    def one(item):
        a = read(item) if read is not None else item
        return _run(recipe, [np.asarray(a)])[output]
    return bag.map(one)


# ---- tiles ----------------------------------------------------------------------
def _tile_from(recipe, output, r, i, j, nby, nbx, parts):
    """Tile (i, j) of nby x nbx: its block with r rows and columns of each
    neighbour around it (parts: the 3 x 3 neighbourhood of blocks, None
    outside the image or, for r = 0, all but the centre), run, cropped."""
    rows = []
    for di, row in enumerate(parts):
        if row[1] is None:
            continue
        cells = []
        for dj, b in enumerate(row):
            if b is None:
                continue
            ys = slice(b.shape[0] - r, None) if di == 0 else (slice(0, r) if di == 2 else slice(None))
            xs = slice(b.shape[1] - r, None) if dj == 0 else (slice(0, r) if dj == 2 else slice(None))
            cells.append(b[ys, xs])
        rows.append(cells[0] if len(cells) == 1 else np.concatenate(cells, axis=1))
    block = rows[0] if len(rows) == 1 else np.concatenate(rows, axis=0)
    out = _run(recipe, [block])[output]
    top = r if i > 0 else 0
    left = r if j > 0 else 0
    bottom = r if i < nby - 1 else 0
    right = r if j < nbx - 1 else 0
    return out[top:out.shape[0] - bottom, left:out.shape[1] - right]


def map_tiles(recipe, image, output=0):
    """The graph over a large 2-D (or H x W x C) dask array, tile by tile:
    tiles overlap by the graph's radius inside the image and are cropped
    back, so the result equals the whole image run on one machine.  One task
    a tile: it takes its block and the (up to 8) neighbouring blocks and cuts
    the overlap itself, so the Dask graph has no slicing or joining tasks."""
    import dask.array as da
    from dask.base import tokenize
    from dask.highlevelgraph import HighLevelGraph
    if recipe.radius is None:
        raise NotTileableError(recipe.why_not)
    if recipe.outputs[output] in recipe.pyramids:
        raise NotTileableError("map_tiles: output %d is a pyramid (its levels change the geometry)" % output)
    if len(recipe.inputs) != 1:
        raise ValueError("map_tiles: the recipe has %d inputs; give it one" % len(recipe.inputs))
    image = da.asarray(image)
    if image.ndim == 3 and len(image.chunks[2]) != 1:
        image = image.rechunk({2: -1})
    r = recipe.radius
    if r > 0:  # every tile at least r pixels a side (the overlap takes r from each neighbour): small ones join
        def fold(c):
            c, out = list(c), []
            for n in c:
                if out and (out[-1] < r or n < r):
                    out[-1] += n
                else:
                    out.append(n)
            return tuple(out)
        new = (fold(image.chunks[0]), fold(image.chunks[1])) + tuple(image.chunks[2:])
        if new != image.chunks:
            image = image.rechunk(new)
        if min(min(image.chunks[0]), min(image.chunks[1])) < r:
            raise ValueError("map_tiles: the image is smaller than the graph's radius %d" % r)
    dt, ch = _dtype_of(recipe, recipe.outputs[output])
    chunks = (image.chunks[0], image.chunks[1]) + ((ch,) if ch else ())
    nby, nbx = len(image.chunks[0]), len(image.chunks[1])
    name = "openvx-tiles-" + tokenize(recipe.key, image.name, output)
    rkey = "openvx-recipe-" + tokenize(recipe.key)
    dsk = {rkey: recipe}
    inner = (0,) if image.ndim == 3 else ()
    for i in range(nby):
        for j in range(nbx):
            parts = [[(image.name, ii, jj) + inner
                      if 0 <= ii < nby and 0 <= jj < nbx and (r > 0 or (ii == i and jj == j)) else None
                      for jj in (j - 1, j, j + 1)] for ii in (i - 1, i, i + 1)]
            dsk[(name, i, j) + ((0,) if ch else ())] = (_tile_from, rkey, output, r, i, j, nby, nbx, parts)
    graph = HighLevelGraph.from_collections(name, dsk, dependencies=[image])
    return da.Array(graph, name, chunks=chunks, dtype=dt)


# ---- user kernels on workers ------------------------------------------------------
class _KernelPlugin:
    """A Dask WorkerPlugin that runs fn(context) in each worker's context."""

    def __init__(self, fn):
        self.fn = fn

    def setup(self, worker):
        _state["kernels"].append(self.fn)
        if _state["context"] is not None:
            self.fn(_state["context"])


def register_kernels(client, fn):
    """Make fn(context) run in every worker's OpenVX context (now and on new
    workers): the place to create Python user kernels a graph uses."""
    try:
        from distributed.diagnostics.plugin import WorkerPlugin
    except ImportError as e:  # pragma: no cover
        raise ImportError("register_kernels needs dask.distributed: pip install 'pyopenvx[dask]'") from e
    plugin = type("OpenVXKernels", (_KernelPlugin, WorkerPlugin), {})(fn)
    client.register_plugin(plugin, name="pyopenvx-kernels-%x" % id(fn))
