"""Video loops through a graph with frames in flight (vx_khr_pipelining).

``Graph.stream(inputs, outputs, depth)`` turns images of the graph into queues
(``VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO``): each queued parameter gets ``depth``
buffers made like the object it holds now, a frame starts as soon as its
inputs and an output buffer are enqueued, and up to ``depth`` frames are in
flight at once, so the nodes of one frame overlap those of the next::

    with g.stream(inputs=[src], outputs=[edges_img], depth=3) as s:
        for edges in s.map(frames):          # any iterable of NumPy frames
            ...

or by hand, at most ``depth`` frames ahead of the results::

    with g.stream(inputs=[src], outputs=[edges_img]) as s:
        s.put(frame0); s.put(frame1)
        first = s.get()

Inputs and outputs are images (or tensors) of the graph (inputs: read by a
node, outputs: written by one; each becomes a graph parameter unless it is
one) or graph parameter indices (``Graph.add_parameter``) holding them.  Every node
parameter bound to such an image is bound to the stream's buffers instead
(each frame's buffer goes wherever the image was: two nodes reading the
input both read the frame).  A frame holds one entry per input, a result one
per output (one input or output: the entry itself), each what
``Image.write_frame`` takes and ``Image.read_frame`` gives: an array, or for
a multi-plane format (NV12, IYUV, ...) a tuple of its planes' arrays.
Tensors queue too (an entry: the array ``Tensor.write_frame`` takes and
``Tensor.read_frame`` gives), e.g. a network's input and output.  The
blocking calls release the GIL while C waits.

Events (``vxEnableEvents``, ``vxRegisterEvent``, ``vxWaitEvent``) read as an
iterator::

    ctx.enable_events()
    g.register_event("graph_completed", app_value=1)
    node.register_event("node_error", app_value=2)
    ...
    for ev in ctx.events():          # what is queued now; events(block=True) waits
        print(ev.type, ev.timestamp_ns, ev.app_value, ev.node)

Streaming (``vxEnableGraphStreaming``): the graph runs again and again on a
thread of the library until stopped, fed by a source kernel (a user kernel,
e.g. one written in Python, with ``pipeup_output_depth``) and drained by a
sink::

    src = vx.FrameSource(ctx, frames, like=img)     # a Python source kernel
    sink = vx.FrameSink(ctx, like=out)              # keeps what it is given
    g.node(src.kernel, img); ...; g.node(sink.kernel, out)
    with g.streaming():
        src.finished.wait()                         # the frames ran out
    results = sink.frames

``wait_event`` reads one event of the context's queue, once events are
enabled.
"""
import collections
import itertools
import threading

import numpy as np

from ._ffi import ffi, lib
from ._context import _key
from ._errors import check
from ._graph import node_params
from . import _enums

__all__ = ["Stream", "Event", "wait_event", "FrameSource", "FrameSink"]


class Event(collections.namedtuple("Event", "type timestamp_ns app_value graph node parameter status "
                                            "user_parameter")):
    """One ``vx_event_t``: ``type`` (an :class:`pyopenvx.EventType`), the time
    it was queued (``timestamp_ns``), the ``app_value`` given to
    ``register_event`` / ``send_user_event``, and what the event's type says:
    the graph's handle (``graph``: a ``vx_graph`` cdata, for graph and node
    events), the node's handle (``node``: node events), the graph parameter
    index (``parameter``: ``graph_parameter_consumed``), the node's status
    (``status``: ``node_error``) and the user event's parameter
    (``user_parameter``: the pointer given to ``vxSendUserEvent``, an int);
    None where the type says nothing."""

    __slots__ = ()

    @classmethod
    def from_c(cls, ev):
        t = int(ev.type)
        info = ev.event_info
        graph = node = parameter = status = user = None
        if t == lib.VX_EVENT_GRAPH_PARAMETER_CONSUMED:
            graph = info.graph_parameter_consumed.graph
            parameter = int(info.graph_parameter_consumed.graph_parameter_index)
        elif t == lib.VX_EVENT_GRAPH_COMPLETED:
            graph = info.graph_completed.graph
        elif t == lib.VX_EVENT_NODE_COMPLETED:
            graph, node = info.node_completed.graph, info.node_completed.node
        elif t == lib.VX_EVENT_NODE_ERROR:
            graph, node = info.node_error.graph, info.node_error.node
            status = _enums.as_enum(int(info.node_error.status), "status")
        elif t == lib.VX_EVENT_USER:
            user = int(ffi.cast("uintptr_t", info.user_event.user_event_parameter))
        return cls(_enums.as_enum(t, "event_type"), int(ev.timestamp), int(ev.app_value), graph, node,
                   parameter, status, user)


def _as_tuple(value, n, what):
    # one queue: its entry itself, unless a 1-tuple holding it (a sequence
    # of a multi-plane image's planes is that image's entry)
    if n == 1 and (not isinstance(value, (tuple, list)) or len(value) != 1):
        return (value,)
    value = tuple(value)
    if len(value) != n:
        raise ValueError("%s: %d arrays given, the stream has %d" % (what, len(value), n))
    return value


def _param_site(graph, item, direction):
    """Where a Graph.stream entry is: its graph parameter index (an index as
    it is, or the graph parameter holding the image), or else (node handle,
    parameter index) of the first node parameter of the given direction
    bound to the image (made a graph parameter by _param_indices)."""
    from ._image import Image
    from ._objects_nd import Tensor

    role = "input" if direction == lib.VX_INPUT else "output"
    if isinstance(item, int) and not isinstance(item, bool):
        return item
    if not isinstance(item, (Image, Tensor)):
        raise TypeError("Graph.stream: %s %r is neither a graph parameter index nor an Image or Tensor"
                        % (role, item))
    key = _key(item.handle)
    if key in graph._virtual_keys:
        raise ValueError("Graph.stream: %s %r is a virtual object of the graph: queues carry objects the "
                         "application reads and writes (make it with ctx.image / ctx.tensor)" % (role, item))
    for index in range(graph.num_parameters):
        obj = graph.get_parameter(index)
        if obj is not None and _key(obj.handle) == key:
            return index
    for _, h, _ in graph._node_list:
        for index, (d, obj) in enumerate(node_params(graph, h, "Graph.stream")):
            if obj is not None and d == direction and _key(obj.handle) == key:
                return (h, index)
    raise ValueError("Graph.stream: %s %r is not a graph parameter, nor %s by a node of the graph"
                     % (role, item, "read" if direction == lib.VX_INPUT else "written"))


def _param_indices(graph, inputs, outputs):
    """The graph parameter indices of Graph.stream's inputs and outputs,
    graph parameters added for objects only once every entry is found."""
    sites = [[_param_site(graph, i, lib.VX_INPUT) for i in inputs],
             [_param_site(graph, o, lib.VX_OUTPUT) for o in outputs]]
    added = {}
    for group in sites:
        for k, site in enumerate(group):
            if isinstance(site, tuple):
                if site not in added:  # the same image twice: one parameter (refused as listed twice)
                    added[site] = graph._add_parameter_of(*site)
                group[k] = added[site]
    return sites


def _rebind(graph, new):
    """Every node parameter of graph bound to an object whose key is in new
    is bound to new[key] instead."""
    for _, h, _ in graph._node_list:
        for index, (_, obj) in enumerate(node_params(graph, h, "Graph.stream")):
            if obj is not None and _key(obj.handle) in new:
                img = new[_key(obj.handle)]
                check(lib.vxSetParameterByIndex(h, index, ffi.cast("vx_reference", img.handle)), graph.context,
                      "vxSetParameterByIndex(%d)" % index)
                graph._hold(h, index, img)


def _single_plane(img):
    """(dtype, shape, rectangle, addressing) of the whole plane of an image of
    a single-plane format (rectangle and addressing as cdata for
    vxCopyImagePatch); None for other images, tensors and U1."""
    from ._image import Image
    if not isinstance(img, Image) or img._num_planes() != 1:
        return None
    c = img._whole(0)
    return None if c is None else (np.dtype(c[0].dtype), tuple(c[1]), c[2], c[3])


class Stream:
    """Graph parameters as queues; see the module documentation."""

    def __init__(self, graph, inputs, outputs, depth=2):
        from ._image import Image
        from ._objects_nd import Tensor

        self.graph = graph
        self.inputs, self.outputs = _param_indices(graph, inputs, outputs)
        if not self.inputs or not self.outputs:
            raise ValueError("Graph.stream: give at least one input and one output graph parameter")
        if len(set(self.inputs + self.outputs)) != len(self.inputs) + len(self.outputs):
            raise ValueError("Graph.stream: a graph parameter is listed twice")
        self.depth = int(depth)
        if self.depth < 1:
            raise ValueError("Graph.stream: depth must be at least 1, not %d" % self.depth)
        self.closed = False
        self._buffers = {}  # parameter index -> [Image or Tensor]
        self._by_handle = {}  # (index, handle address) -> its buffer
        self._ref1 = {}  # id(buffer) -> a vx_reference[1] holding it, made once (for a frame's enqueues)
        self._free_in = {}  # input index -> buffers not enqueued
        self._in_flight = 0
        for index in self.inputs + self.outputs:
            like = graph.get_parameter(index)
            if not isinstance(like, (Image, Tensor)):
                raise TypeError("Graph.stream: graph parameter %d holds %r; streams carry images and tensors"
                                % (index, like))
            if isinstance(like, Image):
                bufs = self._out_images(like) if index in self.outputs else None
                if bufs is None:
                    bufs = [Image(graph.context, like.width, like.height, like.format) for _ in range(self.depth)]
            else:
                bufs = [Tensor(graph.context, like.dims, like.dtype, like.fixed_point_position)
                        for _ in range(self.depth)]
            self._buffers[index] = bufs
            for b in bufs:
                self._by_handle[(index, int(ffi.cast("uintptr_t", b.handle)))] = b
                self._ref1[id(b)] = ffi.new("vx_reference[1]", [ffi.cast("vx_reference", b.handle)])
        self._keep = []
        # the graph may hold any of the buffers after the stream (a frame's
        # references stay bound): their wrappers, which keep the arrays an
        # output's images live in, last as long as the graph's
        graph.__dict__.setdefault("_stream_buffers", []).append(self._buffers)
        params = ffi.new("vx_graph_parameter_queue_params_t[]", len(self.inputs) + len(self.outputs))
        for k, index in enumerate(self.inputs + self.outputs):
            refs = ffi.new("vx_reference[]", [ffi.cast("vx_reference", b.handle) for b in self._buffers[index]])
            self._keep.append(refs)
            params[k].graph_parameter_index = index
            params[k].refs_list_size = self.depth
            params[k].refs_list = refs
        # the graph parameters hold the first buffers (the same format and size
        # as before), and so does every other node parameter that held the same
        # image: the library puts each frame's buffer wherever that one is
        # bound, so every node reading (or writing) the image sees the frame's
        _rebind(graph, {_key(graph.get_parameter(index).handle): self._buffers[index][0]
                        for index in self.inputs + self.outputs})
        for index in self.inputs + self.outputs:
            graph.set_parameter(index, self._buffers[index][0])
        check(lib.vxSetGraphScheduleConfig(graph.handle, lib.VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO,
                                           len(self.inputs) + len(self.outputs), params),
              graph.context, "vxSetGraphScheduleConfig")
        graph.verify()
        for index in self.inputs:
            self._free_in[index] = list(self._buffers[index])
        for index in self.outputs:  # every output buffer waits for a frame
            self._enqueue(index, self._buffers[index])
        # one image input or output of a single-plane format: its frames in
        # one C call each (_pyopenvx_put / _pyopenvx_get) when they are
        # C-contiguous arrays of its dtype and shape
        self._fin = self._fast(self.inputs)
        self._fout = self._fast(self.outputs)
        # ... and when that output's buffers live in NumPy arrays, get()
        # hands over the array the frame was written to (no copy)
        self._swap = self._fout is not None and self._buffers[self._fout[0]][0]._pinned is not None
        # (two of each: a map step's get, then its put)
        self._used, self._stage, self._put_status = ffi.new("vx_reference[2]"), ffi.new("int[2]"), ffi.new("vx_status *")

    def _out_images(self, like):
        """An output's buffers as images in NumPy arrays of their own
        (vxCreateImageFromHandle), when it is one image of a single-plane
        format: get() then swaps a fresh array in for the one holding the
        frame's result and returns that one, instead of copying it out.  None
        for other images."""
        from ._image import Image
        w = _single_plane(like) if len(self.outputs) == 1 else None
        if w is None:
            return None
        dtype, shape = w[0], w[1]
        bufs = []
        for _ in range(self.depth):
            a = np.empty(shape, dtype)
            img = Image.from_numpy_handle(self.graph.context, a, like.format)
            if img._pinned is None or img._pinned[0] is not a:  # (not in a itself: the general way)
                return None
            bufs.append(img)
        return bufs

    def _fast(self, indices):
        """(index, dtype, shape, rectangle, addressing) of the one image of
        indices, when there is one and it has a single plane; else None."""
        w = _single_plane(self._buffers[indices[0]][0]) if len(indices) == 1 else None
        return None if w is None else (indices[0],) + w

    def _fast_frame(self, frame):
        """Whether frame goes in by the input's fast path (_pyopenvx_put): a
        C-contiguous array of the one single-plane input's dtype and shape,
        the stream open."""
        fi = self._fin
        return fi is not None and type(frame) is np.ndarray and not self.closed and frame.dtype == fi[1] \
            and frame.shape == fi[2] and frame.flags.c_contiguous

    def _fast_failed(self, s, index, put, step2="vxCopyImagePatch", at=0):
        """Raise for a failed _pyopenvx_put / _pyopenvx_get / _get_swap
        (the image it took, if any, back where it belongs); at: which of
        _stage and _used it wrote (1: a map step's put)."""
        stage = self._stage[at]
        if put and stage > 1:  # (an input written or not, not enqueued: free again)
            self._free_in[index].append(self._by_handle[(index, int(ffi.cast("uintptr_t", self._used[at])))])
        what = ("vxGraphParameterDequeueDoneRef", step2, "vxGraphParameterEnqueueReadyRef")[stage - 1]
        check(s, self.graph.context, "%s(parameter %d)" % (what, index))

    # ---- queue primitives ------------------------------------------------
    def _enqueue(self, index, bufs):
        if len(bufs) == 1:
            refs = self._ref1[id(bufs[0])]
        else:
            refs = ffi.new("vx_reference[]", [ffi.cast("vx_reference", b.handle) for b in bufs])
        status = lib.vxGraphParameterEnqueueReadyRef(self.graph.handle, index, refs, len(bufs))
        if status < 0:  # (the message is made only for an error: a frame's calls stay cheap)
            check(status, self.graph.context, "vxGraphParameterEnqueueReadyRef(parameter %d)" % index)

    def _dequeue(self, index):
        ref, num = ffi.new("vx_reference[1]"), ffi.new("vx_uint32 *")
        status = lib.vxGraphParameterDequeueDoneRef(self.graph.handle, index, ref, 1, num)
        if status < 0:
            check(status, self.graph.context, "vxGraphParameterDequeueDoneRef(parameter %d)" % index)
        if num[0] != 1:
            raise RuntimeError("vxGraphParameterDequeueDoneRef(parameter %d) gave %d references" % (index, num[0]))
        return self._by_handle[(index, int(ffi.cast("uintptr_t", ref[0])))]

    def _check_open(self, what):
        if self.closed:
            raise RuntimeError("Stream.%s: the stream is closed" % what)

    # ---- frames --------------------------------------------------------
    @property
    def in_flight(self):
        """Frames put and not yet taken by get()."""
        return self._in_flight

    def put(self, frame):
        """Enqueue one frame: one input's entry (an array, or a tuple of a
        multi-plane image's planes) or a tuple of one entry per input.  Every
        input is written before any is enqueued: a frame refused (TypeError,
        ValueError naming the graph parameter) enqueues nothing.  At most
        ``depth`` frames may wait for get(): a further put raises instead of
        waiting forever."""
        fi = self._fin
        if self._in_flight < self.depth and self._fast_frame(frame):
            gh, index, free = self.graph.handle, fi[0], self._free_in[fi[0]]
            img = free.pop().handle if free else ffi.NULL
            s = lib._pyopenvx_put(gh, index, img, fi[3], fi[4],
                                  ffi.from_buffer(frame, require_writable=False), self._used, self._stage)
            if s != lib.VX_SUCCESS:
                self._fast_failed(s, index, True)
            self._in_flight += 1
            return
        self._check_open("put")
        frames = _as_tuple(frame, len(self.inputs), "Stream.put")
        if self._in_flight >= self.depth:
            raise RuntimeError("Stream.put: %d frames are in flight (the depth); get() one first" % self._in_flight)
        taken = []  # every input written before any is enqueued: a refused frame enqueues none
        try:
            for index, frame in zip(self.inputs, frames):
                free = self._free_in[index]
                if not free:  # a frame in flight has finished with its input: take it back
                    free.append(self._dequeue(index))
                img = free.pop()
                taken.append((index, img))
                try:  # (the stream's own buffers keep their size and format: one C call a plane)
                    img.write_frame(frame)
                except (TypeError, ValueError) as e:  # name the queue the frame was for
                    raise type(e)("Stream.put (graph parameter %d): %s" % (index, e)) from None
        except BaseException:
            for index, img in taken:
                self._free_in[index].append(img)
            raise
        for index, img in taken:
            self._enqueue(index, [img])
        self._in_flight += 1

    def get(self, out=None):
        """The oldest frame's results (blocking until it is done): one entry
        per output, as ``Image.read_frame`` gives it (the entry itself when
        there is one output; for one image of a single-plane format, the
        array the frame was written to, handed over without a copy: the
        stream's buffer takes a fresh array instead).  ``out``: where to write them instead (what
        ``Image.read_frame(out=)`` takes, or a tuple of one per output),
        returned; checked before the frame is taken."""
        fo = self._fout
        if out is None and self._swap and self._in_flight and not self.closed:
            fresh = np.empty(fo[2], fo[1])
            s = lib._pyopenvx_get_swap(self.graph.handle, fo[0], ffi.from_buffer(fresh), self._used, self._stage)
            return self._swapped(s, fresh)
        if fo is not None and self._in_flight and not self.closed and (out is None or (
                type(out) is np.ndarray and out.dtype == fo[1] and out.shape == fo[2] and out.flags.c_contiguous
                and out.flags.writeable)):
            res = np.empty(fo[2], fo[1]) if out is None else out
            s = lib._pyopenvx_get(self.graph.handle, fo[0], fo[3], fo[4], ffi.from_buffer(res), self._used,
                                  self._stage)
            if s != lib.VX_SUCCESS:
                if self._stage[0] > 1:  # (the frame is taken all the same)
                    self._in_flight -= 1
                self._fast_failed(s, fo[0], False)
            self._in_flight -= 1
            return res
        self._check_open("get")
        if self._in_flight == 0:
            raise RuntimeError("Stream.get: no frame in flight")
        dst = (None,) * len(self.outputs) if out is None else _as_tuple(out, len(self.outputs), "Stream.get(out=)")
        outs = []  # checked before a frame is taken (it stays queued), not again per buffer
        for index, o in zip(self.outputs, dst):
            try:
                outs.append(self._buffers[index][0]._frame_outs(o))
            except (TypeError, ValueError) as e:
                raise type(e)("Stream.get (graph parameter %d): %s" % (index, e)) from None
        res, err = [], None
        for index, o in zip(self.outputs, outs):
            img = self._dequeue(index)
            try:
                if err is None:
                    res.append(img._read_planes(o))
            except Exception as e:  # the frame is taken all the same: every output back to its queue
                err = e
            finally:
                self._enqueue(index, [img])  # ready for a later frame
        self._in_flight -= 1
        if err is not None:
            raise err
        return res[0] if len(res) == 1 else tuple(res)

    def _swapped(self, s, fresh):
        """The result of _pyopenvx_get_swap(_put)'s get (status s): the
        array the frame was written to, ``fresh`` in its place."""
        fo = self._fout
        if s == lib.VX_SUCCESS or self._stage[0] == 3:  # (the image lives in fresh now)
            img = self._by_handle[(fo[0], int(ffi.cast("uintptr_t", self._used[0])))]
            res, img._pinned = img._pinned[0], [fresh]
        if s != lib.VX_SUCCESS:
            if self._stage[0] > 1:  # (the frame is taken all the same)
                self._in_flight -= 1
            self._fast_failed(s, fo[0], False, "vxSwapImageHandle")
        self._in_flight -= 1
        return res

    def _get_put(self, frame):
        """A map step on the fast paths: get() of the oldest frame, then
        put(frame), in one C call.  Returns the result and the put's
        exception (None: enqueued), which map raises after handing the
        result over, as get() then put() would."""
        fo, fi = self._fout, self._fin
        fresh = np.empty(fo[2], fo[1])
        free = self._free_in[fi[0]]
        taken = free.pop() if free else None
        s = lib._pyopenvx_get_swap_put(self.graph.handle, fo[0], ffi.from_buffer(fresh), fi[0],
                                       taken.handle if taken is not None else ffi.NULL, fi[3], fi[4],
                                       ffi.from_buffer(frame, require_writable=False), self._used, self._stage,
                                       self._put_status)
        try:
            res = self._swapped(s, fresh)
        except BaseException:  # (the put was not tried)
            if taken is not None:
                free.append(taken)
            raise
        ps = self._put_status[0]
        if ps == lib.VX_SUCCESS:
            self._in_flight += 1
            return res, None
        try:
            self._fast_failed(ps, fi[0], True, at=1)
        except Exception as e:
            return res, e
        return res, None

    def map(self, frames):
        """Results of every frame of an iterable, in order, ``depth`` frames
        in flight (a generator: frames are read as results are taken; once
        ``depth`` are in flight, each step takes the oldest result and puts
        the next frame, in one C call when both are single-plane images and
        the result needs no copy)."""
        for frame in frames:
            if self._in_flight >= self.depth:
                if self._swap and self._fast_frame(frame):
                    res, err = self._get_put(frame)
                    yield res
                    if err is not None:
                        raise err
                    continue
                yield self.get()
            self.put(frame)
        while self._in_flight:
            yield self.get()

    # ---- end -----------------------------------------------------------
    def close(self):
        """Wait for the frames in flight and release the buffers' queues."""
        if self.closed:
            return
        try:
            while self._in_flight:
                self.get()
            lib.vxWaitGraph(self.graph.handle)
        finally:
            self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __repr__(self):
        return "<Stream inputs=%s outputs=%s depth=%d in flight %d%s>" % (
            self.inputs, self.outputs, self.depth, self._in_flight, " closed" if self.closed else "")


def wait_event(context, block=True):
    """The next event of the context's queue as an ``Event``, or None when
    ``block`` is false and the queue is empty.  Blocking waits release the
    GIL."""
    ev = ffi.new("vx_event_t *")
    s = lib.vxWaitEvent(context.handle, ev, lib.vx_false_e if block else lib.vx_true_e)
    if s != lib.VX_SUCCESS:
        if not block:
            return None
        check(s, context, "vxWaitEvent")
    return Event.from_c(ev)


def events(context, block=False):
    """Iterate over the context's events: those queued now (``block`` false),
    or every event as it comes (``block`` true: a loop that waits, left with
    ``break``)."""
    while True:
        ev = wait_event(context, block)
        if ev is None:
            return
        yield ev


# ---- Python source and sink kernels for streaming -------------------------
_names = itertools.count(1)


class FrameSource:
    """A user kernel whose one output image takes the next frame of an
    iterable of NumPy arrays (a multi-plane image: tuples of its planes,
    ``Image.write_frame``) each time it runs: the source of a streaming
    graph (``Graph.streaming``).  When the frames run out it sets
    ``finished`` and fails the run, which ends the stream (the spec's
    vxStartGraphStreaming: a failed execution stops streaming).

    ``like``: an image giving the output's format and size.
    ``pipeup_output_depth``: the kernel's VX_KERNEL_PIPEUP_OUTPUT_DEPTH (the
    node is called that many minus one times in the PIPEUP state first, calls
    whose output nobody reads: they take no frame).  ``count`` says how many
    frames it gave."""

    def __init__(self, context, frames, like, pipeup_output_depth=1, name=None):
        self._frames = iter(frames)
        self.finished = threading.Event()
        self.count = 0
        width, height, fmt = like.width, like.height, like.format

        def run(node, params):
            if pipeup_output_depth > 1 and node.state == lib.VX_NODE_STATE_PIPEUP:
                return True  # priming: no output is expected of a pipe-up call (vx_khr_pipelining)
            try:
                frame = next(self._frames)
            except StopIteration:
                self.finished.set()
                return False
            params[0].write_frame(frame)
            self.count += 1
            return True

        def validate(node, params, metas):
            metas[0].set_image(width, height, fmt)

        self.kernel = context.user_kernel(name or "org.pyopenvx.frame_source.%d" % next(_names),
                                          [(lib.VX_OUTPUT, lib.VX_TYPE_IMAGE)], run, validate,
                                          pipeup_output_depth=pipeup_output_depth)

    def __repr__(self):
        return "<FrameSource %d frames given%s>" % (self.count, ", finished" if self.finished.is_set() else "")


class FrameSink:
    """A user kernel that keeps a NumPy copy of its one input image each time
    it runs (``Image.read_frame``: a multi-plane image's is a tuple of its
    planes; in ``frames``, or hands it to ``consume(array)`` when given): the
    sink of a streaming graph.  ``received(n, timeout)`` waits until n frames
    have arrived."""

    def __init__(self, context, consume=None, name=None):
        self.frames = []
        self._cond = threading.Condition()
        self._count = 0

        def run(node, params):
            a = params[0].read_frame()
            if consume is not None:
                consume(a)
            else:
                self.frames.append(a)
            with self._cond:
                self._count += 1
                self._cond.notify_all()
            return True

        self.kernel = context.user_kernel(name or "org.pyopenvx.frame_sink.%d" % next(_names),
                                          [(lib.VX_INPUT, lib.VX_TYPE_IMAGE)], run, lambda node, p, m: None)

    @property
    def count(self):
        """Frames received so far."""
        return self._count

    def received(self, n, timeout=None):
        """Wait until ``n`` frames have arrived; False when ``timeout`` (s) ran out."""
        with self._cond:
            return self._cond.wait_for(lambda: self._count >= n, timeout)

    def __repr__(self):
        return "<FrameSink %d frames>" % self._count
