"""Model import (vx_khr_import_kernel): NNEF folders directly, ONNX files
through the ``nnef_tools`` converter (``pip install 'pyopenvx[onnx]'``).

    import numpy as np, pyopenvx as vx
    m = vx.import_model("model.onnx")          # or an NNEF folder / graph.nnef
    y, = m(np.zeros(m.input_shapes[0], np.float32))

The model is one kernel (``vxImportKernelFromURL(ctx, "nnef", folder)``)
whose parameters are the graph's inputs then outputs: float32 tensors
(``argmax_reduce`` results int32) in the NNEF shapes and layout (row-major,
NCHW for images).  ``m.graph()`` gives (graph, inputs, outputs) to use the
kernel inside a larger graph; calling the model runs a graph of its own.
"""

import os
import subprocess
import sys
import tempfile

import numpy as np

from ._ffi import ffi, lib
from ._context import Context, Kernel
from ._objects_nd import Tensor

__all__ = ["import_model", "Model"]

_DTYPES = {lib.VX_TYPE_FLOAT32: np.dtype(np.float32), lib.VX_TYPE_INT32: np.dtype(np.int32)}


def _convert_onnx(path, out_dir):
    """ONNX -> NNEF folder with nnef_tools (a subprocess: its converter is a
    command-line module).  Raises ImportError when nnef_tools is missing."""
    try:
        import nnef_tools  # noqa: F401
    except ImportError as e:
        raise ImportError("importing ONNX models needs the nnef_tools package: pip install 'pyopenvx[onnx]'") from e
    target = os.path.join(out_dir, "model.nnef")
    cmd = [sys.executable, "-m", "nnef_tools.convert", "--input-format", "onnx", "--output-format", "nnef",
           "--input-model", str(path), "--output-model", target, "--keep-io-names"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0 or not os.path.isfile(os.path.join(target, "graph.nnef")):
        raise RuntimeError("nnef_tools could not convert %s:\n%s%s" % (path, p.stdout[-2000:], p.stderr[-2000:]))
    return target


class Model:
    """An imported model: ``input_shapes``/``output_shapes``/``output_dtypes``,
    ``kernel`` (the vx_kernel), ``m(*arrays)`` runs it on ndarrays."""

    def __init__(self, folder, ctx=None):
        self.context = ctx if ctx is not None else Context()
        self._own_ctx = ctx is None
        mark = self.context._log_mark()
        h = lib.vxImportKernelFromURL(self.context.handle, b"nnef", os.fsencode(folder))
        k = Kernel.__new__(Kernel)
        k._adopt(h, self.context, "vxImportKernelFromURL(%r)" % str(folder), mark=mark)
        self.kernel = k
        self.input_shapes, self.output_shapes, self.input_dtypes, self.output_dtypes = [], [], [], []
        for i in range(k.parameters):
            prm = lib.vxGetKernelParameterByIndex(k.handle, i)
            try:
                direction = ffi.new("vx_enum *")
                meta = ffi.new("vx_meta_format *")
                nd = ffi.new("vx_size *")
                dt = ffi.new("vx_enum *")
                lib.vxQueryParameter(prm, lib.VX_PARAMETER_DIRECTION, direction, ffi.sizeof("vx_enum"))
                lib.vxQueryParameter(prm, lib.VX_PARAMETER_META_FORMAT, meta, ffi.sizeof("vx_meta_format"))
                lib.vxQueryMetaFormatAttribute(meta[0], lib.VX_TENSOR_NUMBER_OF_DIMS, nd, ffi.sizeof("vx_size"))
                dims = ffi.new("vx_size[]", max(int(nd[0]), 1))
                lib.vxQueryMetaFormatAttribute(meta[0], lib.VX_TENSOR_DIMS, dims, ffi.sizeof("vx_size") * int(nd[0]))
                lib.vxQueryMetaFormatAttribute(meta[0], lib.VX_TENSOR_DATA_TYPE, dt, ffi.sizeof("vx_enum"))
                shape = tuple(int(dims[j]) for j in range(int(nd[0])))
                dtype = _DTYPES.get(dt[0], np.dtype(np.float32))
            finally:
                p = ffi.new("vx_parameter *", prm)
                lib.vxReleaseParameter(p)
            if direction[0] == lib.VX_INPUT:
                self.input_shapes.append(shape)
                self.input_dtypes.append(dtype)
            else:
                self.output_shapes.append(shape)
                self.output_dtypes.append(dtype)
        self._run = None

    def _tensor(self, shape, dtype):
        # OpenVX dims in the NNEF order: a NumPy view with the reversed shape
        # has the same (row-major NNEF) memory
        return Tensor(self.context, tuple(shape), dtype, 0)

    def graph(self):
        """A new graph with one node of the model: (graph, input tensors, output tensors)."""
        g = self.context.graph()
        ins = [self._tensor(s, d) for s, d in zip(self.input_shapes, self.input_dtypes)]
        outs = [self._tensor(s, d) for s, d in zip(self.output_shapes, self.output_dtypes)]
        g.node(self.kernel, *(ins + outs))
        return g, ins, outs

    def __call__(self, *inputs):
        if len(inputs) != len(self.input_shapes):
            raise TypeError("the model takes %d inputs, %d given" % (len(self.input_shapes), len(inputs)))
        if self._run is None:
            self._run = self.graph()
        g, ins, outs = self._run
        for t, a, shape, dtype in zip(ins, inputs, self.input_shapes, self.input_dtypes):
            a = np.ascontiguousarray(a, dtype=dtype)
            if a.shape != shape:
                raise ValueError("input of shape %s, the model takes %s" % (a.shape, shape))
            t.copy_from(a.reshape(shape[::-1]))
        g.process()
        return [t.to_numpy().reshape(shape) for t, shape in zip(outs, self.output_shapes)]


def import_model(path, *, ctx=None):
    """Import an NNEF model (a folder with graph.nnef, or the graph.nnef file)
    or an ONNX model (``.onnx``, converted with nnef_tools) as a :class:`Model`."""
    path = os.fspath(path)
    if path.lower().endswith(".onnx"):
        with tempfile.TemporaryDirectory(prefix="pyopenvx_onnx_") as tmp:
            # the variables are read during the import: the folder may go after it
            return Model(_convert_onnx(path, tmp), ctx)
    return Model(path, ctx)
