"""Issue 11, the Python side: views that outlive their mapping, what a graph
keeps alive, silent garbage refused, values the spec cannot mean, readable
errors.  Each test is a regression test of a crash or a wrong answer."""

import gc
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import pyopenvx as vx
from pyopenvx import lib

ROOT = pathlib.Path(__file__).resolve().parents[1]


# -- 9: a map() view outlives its mapping --------------------------------------
def test_view_returned_from_map_block_stays_valid():
    ctx = vx.Context()
    img = ctx.image(32, 16, vx.DF_IMAGE_U8)
    img.set_pixel_values(9)

    def grab():
        with img.map() as v:
            return v
    v = grab()
    gc.collect()
    assert int(v.sum()) == 9 * 32 * 16
    ctx.close()


def test_view_written_after_image_and_context_close():
    ctx = vx.Context()
    img = ctx.image(16, 8, vx.DF_IMAGE_U8)
    with img.map(usage=lib.VX_READ_AND_WRITE) as v:
        rows = v[2:5]
    img.close()
    ctx.close()
    gc.collect()
    rows[:] = 7                      # the memory is still the image's: no crash
    assert int(rows.sum()) == 7 * 3 * 16
    with pytest.raises(vx.VXError):
        img.width                    # the image itself is closed for calls
    del rows, v
    gc.collect()                     # the last view goes: the memory is released now


def test_object_of_closed_context_says_so():
    ctx = vx.Context()
    img = ctx.image(4, 4, vx.DF_IMAGE_U8)
    ctx.close()
    with pytest.raises(vx.VXError, match="Context was closed"):
        img.width


# -- 10: what a graph keeps alive -------------------------------------------------
def test_graph_keeps_node_arguments_alive():
    a = (np.arange(48 * 64) % 251).astype(np.uint8).reshape(48, 64)
    with vx.Context() as ctx:
        dst = ctx.image(64, 48, vx.DF_IMAGE_U8)
        g = ctx.graph()
        g.box3x3(ctx.image_from_numpy(a.copy()), dst)   # neither the Node nor the input kept
        gc.collect()
        g.process()
        want = vx.box3x3(a, border="replicate")
        got = dst.to_numpy()
        assert got[1:-1, 1:-1].tolist() == want[1:-1, 1:-1].tolist()


def test_graph_parameter_rebinding_lets_old_frames_go():
    import weakref
    with vx.Context() as ctx:
        g = ctx.graph()
        src = ctx.image(16, 16, vx.DF_IMAGE_U8)
        dst = ctx.image(16, 16, vx.DF_IMAGE_U8)
        n = g.not_(src, dst)
        g.add_parameter(n, 0)
        refs = []
        for k in range(5):
            frame = ctx.image_from_numpy(np.full((16, 16), k, np.uint8))
            refs.append(weakref.ref(frame))
            g.set_parameter(0, frame)
            del frame
            g.process()
            assert int(dst.to_numpy()[0, 0]) == 255 - k
        gc.collect()
        alive = [r() is not None for r in refs]
        assert alive == [False, False, False, False, True]


def test_node_set_parameter_keeps_object_alive():
    with vx.Context() as ctx:
        g = ctx.graph()
        dst = ctx.image(16, 16, vx.DF_IMAGE_U8)
        n = g.box3x3(ctx.image(16, 16, vx.DF_IMAGE_U8), dst)
        n.set_parameter(0, ctx.image_from_numpy(np.full((16, 16), 40, np.uint8)))
        del n
        gc.collect()
        g.process()
        assert int(dst.to_numpy()[5, 5]) == 40


# -- 11: silent garbage ---------------------------------------------------------------
def test_struct_array_items_are_mapped_field_by_field(ctx):
    a = vx.Array(ctx, vx.TYPE_COORDINATES2D, 10)
    a.add(np.array([[1, 2], [3, 4]]))
    got = a.to_numpy()
    assert [(int(p["x"]), int(p["y"])) for p in got] == [(1, 2), (3, 4)]
    a.add([(5, 6)])
    assert (int(a.to_numpy()[2]["x"]), int(a.to_numpy()[2]["y"])) == (5, 6)
    with pytest.raises(ValueError, match="fields x, y"):
        a.add(np.array([1, 2, 3]))
    k = vx.Array(ctx, vx.TYPE_KEYPOINT, 4)
    with pytest.raises(ValueError):
        k.add(np.array([1.0, 2.0, 3.0]))             # flat floats: which fields?
    k.add(np.array([[1, 2, 0.5, 1, 0, 1, 0]], np.float32))
    assert float(k.to_numpy()[0]["strength"]) == 0.5


def test_two_images_over_one_buffer_as_input_and_output(ctx):
    buf = np.zeros((16, 16), np.uint8)
    src = ctx.image_from_numpy(buf)
    dst = ctx.image_from_numpy(buf)
    g = ctx.graph()
    g.box3x3(src, dst)
    with pytest.raises(vx.VXError, match="same application memory"):
        g.verify()


def test_softmax_on_8bit_tensor_is_refused():
    with pytest.raises(ValueError, match="int16"):
        vx.softmax_layer(np.array([1, 2, 3], np.uint8))


# -- 12: values the spec cannot mean --------------------------------------------------
def test_constant_border_value_must_fit_the_format(ctx):
    a = np.zeros((8, 8), np.uint8)
    with pytest.raises(ValueError, match="300 does not fit a U8"):
        vx.box3x3(a, border=("constant", 300))
    assert int(vx.box3x3(a, border=("constant", 200)).max()) > 0
    g = ctx.graph()
    n = g.box3x3(ctx.image(8, 8, vx.DF_IMAGE_U8), ctx.image(8, 8, vx.DF_IMAGE_U8))
    with pytest.raises(ValueError):
        n.border = (lib.VX_BORDER_CONSTANT, 300)


def test_nan_warp_matrix_refused(ctx):
    m = np.array([[1, 0, 0], [0, 1, np.nan]], np.float32)
    with pytest.raises(vx.VXError, match="not a finite number"):
        vx.warp_affine(np.zeros((8, 8), np.uint8), m)


# -- 13: errors a person can read ----------------------------------------------------
def test_errors_name_formats_and_attributes(ctx):
    with pytest.raises(vx.VXError) as e:
        vx.Pyramid(ctx, 2, lib.VX_SCALE_PYRAMID_HALF, 16, 16, vx.DF_IMAGE_NV12)
    assert "NV12" in str(e.value) and "0x" not in str(e.value).split("NV12")[0][-12:]
    img = ctx.image(4, 4, vx.DF_IMAGE_U8)
    with pytest.raises(vx.VXError, match="VX_IMAGE_WIDTH"):
        img._query(lib.vxQueryImage, lib.VX_IMAGE_WIDTH, "vx_uint64")


def test_names_table_is_generated(tmp_path):
    out = tmp_path / "names.c"
    subprocess.run([sys.executable, str(ROOT / "tools" / "gen_names.py"), str(ROOT / "include" / "VX"), str(out)],
                   check=True, capture_output=True)
    assert out.read_bytes() == (ROOT / "csrc" / "framework" / "names.c").read_bytes(), \
        "csrc/framework/names.c is stale: python3 tools/gen_names.py include/VX csrc/framework/names.c"
