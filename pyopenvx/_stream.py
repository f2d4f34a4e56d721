"""Video loops through a graph with frames in flight (vx_khr_pipelining).

``Graph.stream(inputs, outputs, depth)`` turns graph parameters into queues
(``VX_GRAPH_SCHEDULE_MODE_QUEUE_AUTO``): each queued parameter gets ``depth``
buffers made like the object it holds now, a frame starts as soon as its
inputs and an output buffer are enqueued, and up to ``depth`` frames are in
flight at once, so the nodes of one frame overlap those of the next::

    with g.stream(inputs=[0], outputs=[1], depth=3) as s:
        for edges in s.map(frames):          # any iterable of NumPy frames
            ...

or by hand, at most ``depth`` frames ahead of the results::

    with g.stream(inputs=[0], outputs=[1]) as s:
        s.put(frame0); s.put(frame1)
        first = s.get()

Inputs and outputs are graph parameter indices (``Graph.add_parameter``),
holding images; a frame is one NumPy array per input (as
``Image.copy_from`` takes), a result one array per output (as
``Image.to_numpy`` gives; one input or output: the array itself).  The
blocking calls release the GIL while C waits.

``wait_event`` reads the context's event queue (``vxWaitEvent``), once
events are enabled (``Context.enable_events``).
"""
import collections

from ._ffi import ffi, lib
from ._errors import check

Event = collections.namedtuple("Event", "type timestamp_ns app_value info")

__all__ = ["Stream", "Event", "wait_event"]


def _as_tuple(value, n, what):
    if n == 1 and not isinstance(value, (tuple, list)):
        return (value,)
    value = tuple(value)
    if len(value) != n:
        raise ValueError("%s: %d arrays given, the stream has %d" % (what, len(value), n))
    return value


class Stream:
    """Graph parameters as queues; see the module documentation."""

    def __init__(self, graph, inputs, outputs, depth=2):
        from ._image import Image

        self.graph = graph
        self.inputs = [int(i) for i in inputs]
        self.outputs = [int(i) for i in outputs]
        if not self.inputs or not self.outputs:
            raise ValueError("Graph.stream: give at least one input and one output graph parameter")
        if len(set(self.inputs + self.outputs)) != len(self.inputs) + len(self.outputs):
            raise ValueError("Graph.stream: a graph parameter is listed twice")
        self.depth = int(depth)
        if self.depth < 1:
            raise ValueError("Graph.stream: depth must be at least 1, not %d" % self.depth)
        self.closed = False
        self._buffers = {}  # parameter index -> [Image]
        self._by_handle = {}  # (index, handle address) -> Image
        self._free_in = {}  # input index -> images not enqueued
        self._in_flight = 0
        for index in self.inputs + self.outputs:
            like = graph.get_parameter(index)
            if not isinstance(like, Image):
                raise TypeError("Graph.stream: graph parameter %d holds %r; streams carry images" % (index, like))
            bufs = [Image(graph.context, like.width, like.height, like.format) for _ in range(self.depth)]
            self._buffers[index] = bufs
            for b in bufs:
                self._by_handle[(index, int(ffi.cast("uintptr_t", b.handle)))] = b
        self._keep = []
        params = ffi.new("vx_graph_parameter_queue_params_t[]", len(self.inputs) + len(self.outputs))
        for k, index in enumerate(self.inputs + self.outputs):
            refs = ffi.new("vx_reference[]", [ffi.cast("vx_reference", b.handle) for b in self._buffers[index]])
            self._keep.append(refs)
            params[k].graph_parameter_index = index
            params[k].refs_list_size = self.depth
            params[k].refs_list = refs
        # the graph parameters hold the first buffers (the same format and size as before)
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

    # ---- queue primitives ------------------------------------------------
    def _enqueue(self, index, images):
        refs = ffi.new("vx_reference[]", [ffi.cast("vx_reference", b.handle) for b in images])
        check(lib.vxGraphParameterEnqueueReadyRef(self.graph.handle, index, refs, len(images)),
              self.graph.context, "vxGraphParameterEnqueueReadyRef(parameter %d)" % index)

    def _dequeue(self, index):
        ref = ffi.new("vx_reference[1]")
        num = ffi.new("vx_uint32 *")
        check(lib.vxGraphParameterDequeueDoneRef(self.graph.handle, index, ref, 1, num),
              self.graph.context, "vxGraphParameterDequeueDoneRef(parameter %d)" % index)
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
        """Enqueue one frame: an array (one input) or a tuple of arrays (one
        per input).  At most ``depth`` frames may wait for get(): a further
        put raises instead of waiting forever."""
        self._check_open("put")
        frames = _as_tuple(frame, len(self.inputs), "Stream.put")
        if self._in_flight >= self.depth:
            raise RuntimeError("Stream.put: %d frames are in flight (the depth); get() one first" % self._in_flight)
        for index, frame in zip(self.inputs, frames):
            free = self._free_in[index]
            if not free:  # a frame in flight has finished with its input: take it back
                free.append(self._dequeue(index))
            img = free.pop()
            img.copy_from(frame)
            self._enqueue(index, [img])
        self._in_flight += 1

    def get(self):
        """The oldest frame's results (blocking until it is done): one array
        per output (the array itself when there is one output)."""
        self._check_open("get")
        if self._in_flight == 0:
            raise RuntimeError("Stream.get: no frame in flight")
        out = []
        for index in self.outputs:
            img = self._dequeue(index)
            out.append(img.to_numpy())
            self._enqueue(index, [img])  # ready for a later frame
        self._in_flight -= 1
        return out[0] if len(out) == 1 else tuple(out)

    def map(self, frames):
        """Results of every frame of an iterable, in order, ``depth`` frames
        in flight (a generator: frames are read as results are taken)."""
        for frame in frames:
            if self._in_flight >= self.depth:
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
    ``block`` is false and the queue is empty."""
    ev = ffi.new("vx_event_t *")
    s = lib.vxWaitEvent(context.handle, ev, lib.vx_false_e if block else lib.vx_true_e)
    if s != lib.VX_SUCCESS:
        if not block:
            return None
        check(s, context, "vxWaitEvent")
    return Event(ev.type, int(ev.timestamp), int(ev.app_value), ev.event_info)
