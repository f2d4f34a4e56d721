"""The vx_khr_nn layers of libopenvx against ONNX Runtime, in the same run.

    python bench/bench_nn.py [--runs 10] [--filter NAME] [--threads 1,2]

Each layer runs as a verified one-node graph (vxProcessGraph, best of
--runs, two rounds alternating with ONNX Runtime's) in float32
(VX_TYPE_FLOAT32), Q7.8 (VX_TYPE_INT16, fixed_point_position 8) and U8
(VX_TYPE_UINT8); ONNX Runtime runs the same
shapes as an fp32 model (Conv / Gemm / MaxPool / Softmax) and as an int8
model (QLinearConv with uint8 data and int8 weights, MatMulInteger, uint8
MaxPool), both built here with the ``onnx`` package.  Our thread count is
set with VX_CONTEXT_OVX_THREADS, ONNX Runtime's with intra_op_num_threads,
to the same value for each column pair.  The ratios are ours / ONNX Runtime
(below 1: we are faster): F32 and Q7.8 against fp32, U8 against int8.
"variant" is the float32 node's compute variant (VX_NODE_OVX_VARIANT; OPENVX_SIMD=none
forces "scalar").  The "net" row is a small whole network (conv 3x3 16->32,
relu, max pool 2x2, conv 3x3 32->64, relu, max pool 2x2, fully connected
-> 10, softmax on a 16x56x56 input) with virtual tensors between the layers.
Softmax has no int8 model in ONNX Runtime: its U8 row is timed against fp32
too.  Our integer results are exact (bit-identical to the scalar references of
compute/nn.c, the 64-bit sums rounded and converted by the layer's
policies); float32 ones are float sums of fused multiply-adds (conv, fc;
compute/nn_float_gemm.h); ONNX Runtime's are not checked here.  On a machine others use, wall-clock 2T/1T says little:
compare the process CPU time of 1 and 2 threads to see what splitting a
layer costs.  Needs: pip install onnxruntime onnx.
"""
import argparse
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

try:
    import onnx
    import onnxruntime as ort
    from onnx import TensorProto, helper, numpy_helper
except ImportError:  # pragma: no cover
    sys.exit("bench_nn.py needs ONNX Runtime and onnx: pip install onnxruntime onnx")

from pyopenvx import ffi, lib
import pyopenvx as vx


def best_of(fn, runs):
    fn()  # warm up
    best = float("inf")
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


# ---- ONNX Runtime models ----------------------------------------------------------
def ort_session(nodes, inputs, outputs, inits, threads):
    graph = helper.make_graph(nodes, "g", inputs, outputs, initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    so = ort.SessionOptions()
    so.intra_op_num_threads = threads
    so.inter_op_num_threads = 1
    # ONNX Runtime's pool threads spin after a run by default: in the rounds
    # alternating with ours they would hold the second core while our
    # two-thread runs are timed (our 2T read as slow as 1T); they sleep now,
    # as our pool's workers do after a short spin
    so.add_session_config_entry("session.intra_op.allow_spinning", "0")
    so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    return ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])


def vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def ort_conv(c, h, w, k, oc, pad, quant, threads, rng):
    xs = [1, c, h, w]
    oh, ow = h + 2 * pad - k + 1, w + 2 * pad - k + 1
    if not quant:
        wt = numpy_helper.from_array(rng.standard_normal((oc, c, k, k)).astype(np.float32) * 0.05, "W")
        b = numpy_helper.from_array(rng.standard_normal(oc).astype(np.float32), "B")
        node = helper.make_node("Conv", ["x", "W", "B"], ["y"], pads=[pad] * 4, kernel_shape=[k, k])
        sess = ort_session([node], [vi("x", TensorProto.FLOAT, xs)], [vi("y", TensorProto.FLOAT, None)], [wt, b],
                           threads)
        feed = {"x": rng.standard_normal(xs).astype(np.float32)}
    else:
        inits = [numpy_helper.from_array(rng.integers(-20, 20, (oc, c, k, k), dtype=np.int8), "W"),
                 numpy_helper.from_array(np.array(0.02, np.float32), "xs"),
                 numpy_helper.from_array(np.array(128, np.uint8), "xz"),
                 numpy_helper.from_array(np.array(0.01, np.float32), "ws"),
                 numpy_helper.from_array(np.array(0, np.int8), "wz"),
                 numpy_helper.from_array(np.array(0.05, np.float32), "ys"),
                 numpy_helper.from_array(np.array(128, np.uint8), "yz"),
                 numpy_helper.from_array(rng.integers(-100, 100, oc, dtype=np.int32), "B")]
        node = helper.make_node("QLinearConv", ["x", "xs", "xz", "W", "ws", "wz", "ys", "yz", "B"], ["y"],
                                pads=[pad] * 4, kernel_shape=[k, k])
        sess = ort_session([node], [vi("x", TensorProto.UINT8, xs)], [vi("y", TensorProto.UINT8, None)], inits,
                           threads)
        feed = {"x": rng.integers(0, 256, xs, dtype=np.uint8)}
    assert oh > 0 and ow > 0
    return lambda: sess.run(None, feed)


def ort_fc(n, m, quant, threads, rng):
    if not quant:
        inits = [numpy_helper.from_array(rng.standard_normal((n, m)).astype(np.float32) * 0.01, "W"),
                 numpy_helper.from_array(rng.standard_normal(m).astype(np.float32), "B")]
        node = helper.make_node("Gemm", ["x", "W", "B"], ["y"])
        sess = ort_session([node], [vi("x", TensorProto.FLOAT, [1, n])], [vi("y", TensorProto.FLOAT, None)], inits,
                           threads)
        feed = {"x": rng.standard_normal((1, n)).astype(np.float32)}
    else:
        inits = [numpy_helper.from_array(rng.integers(-20, 20, (n, m), dtype=np.int8), "W"),
                 numpy_helper.from_array(np.array(128, np.uint8), "xz"),
                 numpy_helper.from_array(np.array(0, np.int8), "wz")]
        node = helper.make_node("MatMulInteger", ["x", "W", "xz", "wz"], ["y"])
        sess = ort_session([node], [vi("x", TensorProto.UINT8, [1, n])], [vi("y", TensorProto.INT32, None)], inits,
                           threads)
        feed = {"x": rng.integers(0, 256, (1, n), dtype=np.uint8)}
    return lambda: sess.run(None, feed)


def ort_maxpool(c, h, w, k, s, quant, threads, rng):
    xs = [1, c, h, w]
    elem = TensorProto.UINT8 if quant else TensorProto.FLOAT
    node = helper.make_node("MaxPool", ["x"], ["y"], kernel_shape=[k, k], strides=[s, s])
    sess = ort_session([node], [vi("x", elem, xs)], [vi("y", elem, None)], [], threads)
    x = rng.integers(0, 256, xs, dtype=np.uint8) if quant else rng.standard_normal(xs).astype(np.float32)
    return lambda: sess.run(None, {"x": x})


def ort_softmax(n, batch, threads, rng):
    node = helper.make_node("Softmax", ["x"], ["y"], axis=-1)
    sess = ort_session([node], [vi("x", TensorProto.FLOAT, [batch, n])], [vi("y", TensorProto.FLOAT, None)], [],
                       threads)
    x = rng.standard_normal((batch, n)).astype(np.float32)
    return lambda: sess.run(None, {"x": x})


def ort_net(threads, rng):
    def conv(name, i, o, c, oc):
        return ([helper.make_node("Conv", [i, name + "W", name + "B"], [o], pads=[1] * 4, kernel_shape=[3, 3])],
                [numpy_helper.from_array(rng.standard_normal((oc, c, 3, 3)).astype(np.float32) * 0.05, name + "W"),
                 numpy_helper.from_array(rng.standard_normal(oc).astype(np.float32) * 0.1, name + "B")])
    n1, i1 = conv("c1", "x", "a1", 16, 32)
    n2, i2 = conv("c2", "p1", "a2", 32, 64)
    nodes = n1 + [helper.make_node("Relu", ["a1"], ["r1"]),
                  helper.make_node("MaxPool", ["r1"], ["p1"], kernel_shape=[2, 2], strides=[2, 2])] + n2 + [
        helper.make_node("Relu", ["a2"], ["r2"]),
        helper.make_node("MaxPool", ["r2"], ["p2"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Flatten", ["p2"], ["f"]),
        helper.make_node("Gemm", ["f", "fW", "fB"], ["l"]),
        helper.make_node("Softmax", ["l"], ["y"], axis=-1)]
    inits = i1 + i2 + [numpy_helper.from_array(rng.standard_normal((64 * 14 * 14, 10)).astype(np.float32) * 0.01,
                                               "fW"),
                       numpy_helper.from_array(np.zeros(10, np.float32), "fB")]
    sess = ort_session(nodes, [vi("x", TensorProto.FLOAT, [1, 16, 56, 56])], [vi("y", TensorProto.FLOAT, None)],
                       inits, threads)
    x = rng.standard_normal((1, 16, 56, 56)).astype(np.float32)
    return lambda: sess.run(None, {"x": x})


# ---- libopenvx graphs -------------------------------------------------------------------
class Ours:
    def __init__(self):
        self.ctx = vx.Context()
        self.c = self.ctx.handle
        self.keep = []

    def tensor(self, dims, q16, data=None, virtual_graph=None):
        """dims in OpenVX order; q16: "f32" (float32), True (Q7.8 int16) or
        False (uint8); data (an ndarray of numpy shape dims[::-1]) copied in."""
        if q16 == "f32":
            vt, q, npt = lib.VX_TYPE_FLOAT32, 0, np.float32
        else:
            vt, q, npt = (lib.VX_TYPE_INT16, 8, np.int16) if q16 else (lib.VX_TYPE_UINT8, 0, np.uint8)
        d = ffi.new("vx_size[]", list(dims))
        if virtual_graph is not None:
            t = lib.vxCreateVirtualTensor(virtual_graph, len(dims), d, vt, q)
        else:
            t = lib.vxCreateTensor(self.c, len(dims), d, vt, q)
        assert lib.vxGetStatus(ffi.cast("vx_reference", t)) == lib.VX_SUCCESS
        self.keep.append(t)
        if data is not None:
            a = np.ascontiguousarray(data.astype(npt))
            assert a.shape == tuple(dims[::-1])
            start = ffi.new("vx_size[]", [0] * len(dims))
            end = ffi.new("vx_size[]", list(dims))
            strides = [a.itemsize]
            for k in dims[:-1]:
                strides.append(strides[-1] * k)
            st = ffi.new("vx_size[]", strides)
            s = lib.vxCopyTensorPatch(t, len(dims), start, end, st, ffi.cast("void *", a.ctypes.data),
                                      lib.VX_WRITE_ONLY, lib.VX_MEMORY_TYPE_HOST)
            assert s == lib.VX_SUCCESS, s
        return t

    def data(self, shape, q16, rng, lo=None, hi=None):
        if q16 == "f32":  # weights (lo given) scaled as the ONNX Runtime models' are
            return rng.standard_normal(shape).astype(np.float32) * (0.05 if lo is not None else 1.0)
        if q16:
            return rng.integers(-512 if lo is None else lo, 512 if hi is None else hi, shape)
        return rng.integers(0 if lo is None else lo, 256 if hi is None else hi, shape)

    def conv_params(self, pad):
        p = ffi.new("vx_nn_convolution_params_t *")
        p.padding_x = p.padding_y = pad
        p.overflow_policy = lib.VX_CONVERT_POLICY_SATURATE
        p.rounding_policy = lib.VX_ROUND_POLICY_TO_NEAREST_EVEN
        p.down_scale_size_rounding = lib.VX_NN_DS_SIZE_ROUNDING_FLOOR
        p.dilation_x = p.dilation_y = 0
        self.keep.append(p)
        return p

    def conv_node(self, g, x, c, oc, k, pad, q16, rng, out):
        w = self.tensor((k, k, c, oc), q16, self.data((oc, c, k, k), q16, rng, -16 if q16 else 0, 16 if q16 else 4))
        b = self.tensor((oc,), q16, self.data((oc,), q16, rng, -256 if q16 else 0, 256 if q16 else 8))
        p = self.conv_params(pad)
        return lib.vxConvolutionLayer(g, x, w, b, p, ffi.sizeof("vx_nn_convolution_params_t"), out)

    def conv(self, c, h, w, k, oc, pad, q16, rng):
        def build(g):
            x = self.tensor((w, h, c), q16, self.data((c, h, w), q16, rng))
            out = self.tensor((w + 2 * pad - k + 1, h + 2 * pad - k + 1, oc), q16)
            return self.conv_node(g, x, c, oc, k, pad, q16, rng, out)
        return build

    def fc(self, n, m, q16, rng):
        def build(g):
            x = self.tensor((n,), q16, self.data((n,), q16, rng))
            wt = self.tensor((n, m), q16, self.data((m, n), q16, rng, -16 if q16 else 0, 16 if q16 else 4))
            b = self.tensor((m,), q16, self.data((m,), q16, rng))
            out = self.tensor((m,), q16)
            return lib.vxFullyConnectedLayer(g, x, wt, b, lib.VX_CONVERT_POLICY_SATURATE,
                                             lib.VX_ROUND_POLICY_TO_NEAREST_EVEN, out)
        return build

    def maxpool(self, c, h, w, k, s, q16, rng):
        def build(g):
            x = self.tensor((w, h, c), q16, self.data((c, h, w), q16, rng))
            out = self.tensor(((w - k) // s + 1, (h - k) // s + 1, c), q16)
            return lib.vxPoolingLayer(g, x, lib.VX_NN_POOLING_MAX, k, k, 0, 0, lib.VX_NN_DS_SIZE_ROUNDING_FLOOR, out)
        return build

    def softmax(self, n, batch, q16, rng):
        def build(g):
            x = self.tensor((n, batch), q16, self.data((batch, n), q16, rng))
            out = self.tensor((n, batch), q16)
            return lib.vxSoftmaxLayer(g, x, out)
        return build

    def net(self, q16, rng):
        def build(g):
            x = self.tensor((56, 56, 16), q16, self.data((16, 56, 56), q16, rng))
            a1 = self.tensor((56, 56, 32), q16, virtual_graph=g)
            r1 = self.tensor((56, 56, 32), q16, virtual_graph=g)
            p1 = self.tensor((28, 28, 32), q16, virtual_graph=g)
            a2 = self.tensor((28, 28, 64), q16, virtual_graph=g)
            r2 = self.tensor((28, 28, 64), q16, virtual_graph=g)
            p2 = self.tensor((14, 14, 64), q16, virtual_graph=g)
            lo = self.tensor((10,), q16, virtual_graph=g)
            y = self.tensor((10,), q16)
            self.conv_node(g, x, 16, 32, 3, 1, q16, rng, a1)
            lib.vxActivationLayer(g, a1, lib.VX_NN_ACTIVATION_RELU, 0.0, 0.0, r1)
            lib.vxPoolingLayer(g, r1, lib.VX_NN_POOLING_MAX, 2, 2, 0, 0, lib.VX_NN_DS_SIZE_ROUNDING_FLOOR, p1)
            self.conv_node(g, p1, 32, 64, 3, 1, q16, rng, a2)
            lib.vxActivationLayer(g, a2, lib.VX_NN_ACTIVATION_RELU, 0.0, 0.0, r2)
            lib.vxPoolingLayer(g, r2, lib.VX_NN_POOLING_MAX, 2, 2, 0, 0, lib.VX_NN_DS_SIZE_ROUNDING_FLOOR, p2)
            wt = self.tensor((14, 14, 64, 10), q16,
                             self.data((10, 64, 14, 14), q16, rng, -4 if q16 else 0, 4 if q16 else 2))
            b = self.tensor((10,), q16, self.data((10,), q16, rng))
            lib.vxFullyConnectedLayer(g, p2, wt, b, lib.VX_CONVERT_POLICY_SATURATE,
                                      lib.VX_ROUND_POLICY_TO_NEAREST_EVEN, lo)
            return lib.vxSoftmaxLayer(g, lo, y)
        return build

    def graph(self, build):
        g = lib.vxCreateGraph(self.c)
        node = build(g)
        s = lib.vxGetStatus(ffi.cast("vx_reference", node))
        if s == lib.VX_SUCCESS:
            s = lib.vxVerifyGraph(g)
        if s != lib.VX_SUCCESS:
            raise RuntimeError("verify: status %d" % s)
        buf = ffi.new("vx_char[]", lib.VX_OVX_MAX_STRING)
        variant = "?"
        if lib.vxQueryNode(node, lib.VX_NODE_OVX_VARIANT, buf, lib.VX_OVX_MAX_STRING) == lib.VX_SUCCESS:
            variant = ffi.string(buf).decode() or "-"

        def run():
            st = lib.vxProcessGraph(g)
            if st != lib.VX_SUCCESS:
                raise RuntimeError("vxProcessGraph %d" % st)
        return g, run, variant

    def set_threads(self, n):
        v = ffi.new("vx_uint32*", n)
        assert lib.vxSetContextAttribute(self.c, lib.VX_CONTEXT_OVX_THREADS, v, 4) == lib.VX_SUCCESS


LAYERS = [
    # name, ours(builder factory args), ort factory
    ("conv3x3 64->64 56x56", lambda o, q, r: o.conv(64, 56, 56, 3, 64, 1, q, r),
     lambda q, t, r: ort_conv(64, 56, 56, 3, 64, 1, q, t, r)),
    ("conv3x3 128->128 28x28", lambda o, q, r: o.conv(128, 28, 28, 3, 128, 1, q, r),
     lambda q, t, r: ort_conv(128, 28, 28, 3, 128, 1, q, t, r)),
    ("conv1x1 256->64 56x56", lambda o, q, r: o.conv(256, 56, 56, 1, 64, 0, q, r),
     lambda q, t, r: ort_conv(256, 56, 56, 1, 64, 0, q, t, r)),
    ("fc 4096->1000", lambda o, q, r: o.fc(4096, 1000, q, r), lambda q, t, r: ort_fc(4096, 1000, q, t, r)),
    ("maxpool 3x3/2 64x112x112", lambda o, q, r: o.maxpool(64, 112, 112, 3, 2, q, r),
     lambda q, t, r: ort_maxpool(64, 112, 112, 3, 2, q, t, r)),
    ("softmax 1000 x32", lambda o, q, r: o.softmax(1000, 32, q, r), lambda q, t, r: ort_softmax(1000, 32, t, r)),
    ("net (2 conv,pool,fc,softmax)", lambda o, q, r: o.net(q, r), lambda q, t, r: ort_net(t, r)),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--filter", default="")
    ap.add_argument("--threads", default="1,2")
    args = ap.parse_args()
    threads = [int(t) for t in args.threads.split(",")]
    filters = [f for f in args.filter.split(",") if f]
    ours = Ours()
    rng = np.random.default_rng(1)
    simd = ffi.new("vx_char[]", lib.VX_OVX_MAX_STRING)
    print("libopenvx vs ONNX Runtime %s, best of 2 x %d runs, threads %s, OPENVX_SIMD=%s, load %s" % (
        ort.__version__, args.runs, args.threads, os.environ.get("OPENVX_SIMD", "(auto)"),
        " ".join("%.2f" % v for v in os.getloadavg())))
    del simd
    head = "%-30s %-8s" % ("layer", "variant")
    for t in threads:
        head += " | %dT F32 ms  fp32 ms  ratio | Q7.8 ms  ratio | U8 ms  int8 ms  ratio" % t
    if len(threads) > 1:
        head += " | %dT/%dT F32 Q7.8  U8" % (threads[0], threads[-1])
    print(head)
    for name, mk_ours, mk_ort in LAYERS:
        if filters and not any(f in name for f in filters):
            continue
        line = "%-30s" % name
        times = {}
        variant = "?"
        for q16 in ("f32", True, False):
            if name.startswith("net") and q16 is False:
                for t in threads:
                    times[(t, False)] = (None, None)
                continue
            try:
                g, run, variant_q = ours.graph(mk_ours(ours, q16, rng))
            except RuntimeError as e:
                variant_q = str(e)
                g, run = None, None
            if q16 == "f32":
                variant = variant_q
            for t in threads:
                ort_fn = mk_ort(q16 is False and not name.startswith("softmax"), t, rng)
                ours.set_threads(t)
                t_o, t_r = float("inf"), float("inf")
                for _ in range(2):
                    if run is not None:
                        t_o = min(t_o, best_of(run, args.runs))
                    t_r = min(t_r, best_of(ort_fn, args.runs))
                times[(t, q16)] = (t_o if run is not None else None, t_r)
            if g is not None:
                lib.vxReleaseGraph(ffi.new("vx_graph*", g))
        line += " %-8s" % variant[:8]

        def f(v):
            return "%8.3f" % (v * 1e3) if v is not None else "%8s" % "-"

        def r(a, b):
            return "%6.2f" % (a / b) if a is not None and b is not None else "%6s" % "-"
        for t in threads:
            (of, rf), (oq, rq), (ou, ru) = times[(t, "f32")], times[(t, True)], times[(t, False)]
            line += " | %8s %8s %6s | %7s %6s | %6s %8s %6s" % (f(of), f(rf), r(of, rf), f(oq), r(oq, rq), f(ou),
                                                                 f(ru), r(ou, ru))
        if len(threads) > 1:
            a, b = threads[0], threads[-1]
            line += " | %9s %5s %5s" % (r(times[(a, "f32")][0], times[(b, "f32")][0]),
                                        r(times[(a, True)][0], times[(b, True)][0]),
                                        r(times[(a, False)][0], times[(b, False)][0]))
        print(line, flush=True)
        ours.set_threads(0)


if __name__ == "__main__":
    main()
