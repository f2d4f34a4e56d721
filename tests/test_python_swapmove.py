"""vx_khr_swap_move from Python: graph methods g.swap / g.move, the immediate
vx.swap / vx.move, and the official enum values."""

import numpy as np
import pytest

import pyopenvx as vx
from pyopenvx import lib

RNG = np.random.default_rng(11)


def test_enums_and_extension(ctx):
    assert lib.VX_KERNEL_SWAP == 0x41 and lib.VX_KERNEL_MOVE == 0x42
    assert lib.VX_NODE_STATE == 0x80309
    assert lib.VX_KERNEL_PIPEUP_OUTPUT_DEPTH == 0x80404 and lib.VX_KERNEL_PIPEUP_INPUT_DEPTH == 0x80405
    assert "vx_khr_swap_move" in ctx.extensions
    assert ctx.kernel("org.khronos.openvx.swap") is not None


def test_graph_swap_and_move(ctx):
    a0 = RNG.integers(0, 256, (13, 29), dtype=np.uint8)
    b0 = RNG.integers(0, 256, (13, 29), dtype=np.uint8)
    a, b = ctx.image_from_numpy(a0.copy()), ctx.image_from_numpy(b0.copy())
    g = ctx.graph()
    g.swap(a, b)
    g.process()
    np.testing.assert_array_equal(a.to_numpy(), b0)
    np.testing.assert_array_equal(b.to_numpy(), a0)

    out = ctx.image(29, 13, vx.DF_IMAGE_U8)
    g2 = ctx.graph()
    v = g2.virtual_image()
    g2.move(a, v)
    g2.not_(v, out)
    g2.process()
    np.testing.assert_array_equal(out.to_numpy(), ~b0)


def test_immediate_swap_move_objects(ctx):
    x = vx.Array(ctx, vx.TYPE_UINT32, 8)
    y = vx.Array(ctx, vx.TYPE_UINT32, 8)
    x.add(np.array([1, 2, 3], np.uint32))
    y.add(np.array([7, 8], np.uint32))
    vx.swap(x, y)
    np.testing.assert_array_equal(x.to_numpy(), [7, 8])
    np.testing.assert_array_equal(y.to_numpy(), [1, 2, 3])
    vx.move(x, second=y)
    np.testing.assert_array_equal(y.to_numpy(), [7, 8])


def test_refusals(ctx):
    a = ctx.image(8, 8, vx.DF_IMAGE_U8)
    b = ctx.image(8, 8, vx.DF_IMAGE_S16)
    with pytest.raises(vx.VXError):
        vx.swap(a, b)
    with pytest.raises(TypeError):
        vx.swap(a, np.zeros((8, 8), np.uint8))
