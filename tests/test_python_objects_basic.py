"""Python layer of the simple data objects (pyopenvx._objects_basic): Scalar,
Array, LUT, Distribution, Matrix, Convolution, Threshold, Remap."""

import numpy as np
import pytest


@pytest.fixture
def ob(vx):
    # Skipped until pyopenvx/meson.build installs the module.
    return pytest.importorskip("pyopenvx._objects_basic")


def test_scalar_numeric_types(vx, ctx, ob):
    cases = [
        (vx.lib.VX_TYPE_INT8, -5), (vx.lib.VX_TYPE_UINT8, 200), (vx.lib.VX_TYPE_INT16, -30000),
        (vx.lib.VX_TYPE_UINT16, 60000), (vx.lib.VX_TYPE_INT32, -2 ** 31), (vx.lib.VX_TYPE_UINT32, 2 ** 32 - 1),
        (vx.lib.VX_TYPE_INT64, -2 ** 63), (vx.lib.VX_TYPE_UINT64, 2 ** 64 - 1), (vx.lib.VX_TYPE_FLOAT32, 0.5),
        (vx.lib.VX_TYPE_FLOAT64, 1e300), (vx.lib.VX_TYPE_SIZE, 123456789), (vx.lib.VX_TYPE_ENUM, vx.lib.VX_BORDER_CONSTANT),
        (vx.lib.VX_TYPE_DF_IMAGE, vx.lib.VX_DF_IMAGE_RGB), (vx.lib.VX_TYPE_BOOL, True), (vx.lib.VX_TYPE_FLOAT16, -2.5),
        (vx.lib.VX_TYPE_CHAR, 65),
    ]
    for t, v in cases:
        with ob.Scalar(ctx, t, v) as s:
            assert s.type == t
            assert s.value == v
            s.value = 0
            assert s.value == 0


def test_scalar_struct_and_raw(vx, ctx, ob):
    s = ob.Scalar(ctx, vx.lib.VX_TYPE_RECTANGLE, {"start_x": 1, "start_y": 2, "end_x": 30, "end_y": 40})
    assert s.value == {"start_x": 1, "start_y": 2, "end_x": 30, "end_y": 40}
    assert s.raw == np.array([1, 2, 30, 40], dtype=np.uint32).tobytes()
    s.raw = np.array([5, 6, 7, 8], dtype=np.uint32).tobytes()
    assert s.value["end_y"] == 8
    with pytest.raises(vx.VXError):
        s.raw = b"\0" * 3  # size must match
    t = lib_user_struct(vx, ctx, 12)
    u = ob.Scalar(ctx, t, bytes(range(12)), size=12)
    assert u.raw == bytes(range(12))
    with pytest.raises(TypeError):
        ob.Scalar(ctx, t, bytes(range(12)))


def lib_user_struct(vx, ctx, size):
    t = vx.lib.vxRegisterUserStruct(ctx.handle, size)
    assert t >= vx.lib.VX_TYPE_USER_STRUCT_START
    return t


def test_scalar_bad_type(vx, ctx, ob):
    with pytest.raises(vx.VXError) as e:
        ob.Scalar(ctx, vx.lib.VX_TYPE_IMAGE, None, size=4)
    assert "scalar type" in str(e.value)


def test_array_numeric(vx, ctx, ob):
    a = ob.Array(ctx, vx.lib.VX_TYPE_INT16, 10)
    assert (a.capacity, a.num_items, a.item_size, a.item_type) == (10, 0, 2, vx.lib.VX_TYPE_INT16)
    a.add([1, -2, 3])
    a.add(np.arange(4, 8))
    assert len(a) == 7
    assert a.to_numpy().tolist() == [1, -2, 3, 4, 5, 6, 7]
    a.write(1, [20, 30])
    assert a.to_numpy(0, 4).tolist() == [1, 20, 30, 4]
    with a.map(2, 5) as m:
        assert m.tolist() == [30, 4, 5]
        m[:] = -1
    assert a.to_numpy().tolist() == [1, 20, -1, -1, -1, 6, 7]
    with pytest.raises(vx.VXError):
        a.add(np.zeros(4))  # capacity
    a.truncate(2)
    assert a.to_numpy().tolist() == [1, 20]
    with pytest.raises(vx.VXError):
        a.truncate(3)


def test_array_structs(vx, ctx, ob):
    a = ob.Array(ctx, vx.lib.VX_TYPE_KEYPOINT, 4)
    assert a.dtype.itemsize == a.item_size == 28
    kp = np.zeros(2, dtype=a.dtype)
    kp["x"] = [3, 4]
    kp["strength"] = [0.5, 0.25]
    a.add(kp)
    out = a.to_numpy()
    assert out["x"].tolist() == [3, 4]
    assert out["strength"].tolist() == [0.5, 0.25]
    r = ob.Array(ctx, vx.lib.VX_TYPE_RECTANGLE, 2)
    r.add(np.array([(1, 2, 3, 4)], dtype=r.dtype))
    assert r.to_numpy()["end_y"].tolist() == [4]


def test_lut(vx, ctx, ob):
    lut = ob.LUT(ctx)
    assert (lut.count, lut.offset, lut.data_type, lut.size) == (256, 0, vx.lib.VX_TYPE_UINT8, 256)
    with lut.map() as t:
        t[:] = 255 - np.arange(256)
    assert lut.to_numpy()[:3].tolist() == [255, 254, 253]
    l16 = ob.LUT.from_numpy(ctx, np.arange(-500, 500, dtype=np.int16))
    assert (l16.count, l16.offset, l16.data_type) == (1000, 500, vx.lib.VX_TYPE_INT16)
    assert l16.to_numpy()[l16.offset] == 0
    with pytest.raises(vx.VXError):
        ob.LUT(ctx, vx.lib.VX_TYPE_UINT8, 257)


def test_distribution(vx, ctx, ob):
    d = ob.Distribution(ctx, 8, -16, 64)
    assert (d.bins, d.offset, d.range, d.window, d.dimensions, d.size) == (8, -16, 64, 8, 1, 32)
    assert d.to_numpy().tolist() == [0] * 8
    d.write(np.arange(8))
    with d.map(vx.lib.VX_READ_ONLY) as m:
        assert m.tolist() == list(range(8))
    assert ob.Distribution(ctx, 7, 0, 100).window == 0
    with pytest.raises(vx.VXError):
        ob.Distribution(ctx, 0, 0, 100)


def test_matrix(vx, ctx, ob):
    m = ob.Matrix.from_numpy(ctx, np.arange(6, dtype=np.float32).reshape(2, 3))
    assert (m.rows, m.columns, m.data_type, m.size) == (2, 3, vx.lib.VX_TYPE_FLOAT32, 24)
    assert m.origin == (1, 1)
    assert m.pattern == vx.lib.VX_PATTERN_OTHER
    assert np.array_equal(np.asarray(m), np.arange(6, dtype=np.float32).reshape(2, 3))
    cross = ob.Matrix.from_pattern(ctx, vx.lib.VX_PATTERN_CROSS, 3, 3)
    assert cross.to_numpy().tolist() == [[0, 255, 0], [255, 255, 255], [0, 255, 0]]
    box = ob.Matrix.from_pattern(ctx, vx.lib.VX_PATTERN_BOX, 5, 3, origin=(4, 0))
    assert box.origin == (4, 0) and box.pattern == vx.lib.VX_PATTERN_BOX
    with pytest.raises(vx.VXError):
        cross.write(np.zeros((3, 3), np.uint8))  # read-only
    with pytest.raises(vx.VXError):
        ob.Matrix(ctx, vx.lib.VX_TYPE_INT16, 3, 3)


def test_convolution(vx, ctx, ob):
    k = np.array([[1, 2, 1], [2, 4, 2], [1, 2, 1]], dtype=np.int16)
    c = ob.Convolution.from_numpy(ctx, k, scale=16)
    assert (c.rows, c.columns, c.scale, c.size) == (3, 3, 16, 18)
    assert np.array_equal(c.to_numpy(), k)
    c.scale = 1 << 31
    assert c.scale == 1 << 31
    with pytest.raises(vx.VXError):
        c.scale = 3
    with pytest.raises(vx.VXError):
        ob.Convolution(ctx, 4, 3)


def test_threshold(vx, ctx, ob):
    t = ob.Threshold(ctx, vx.lib.VX_THRESHOLD_TYPE_BINARY, vx.lib.VX_DF_IMAGE_S16, vx.lib.VX_DF_IMAGE_U8)
    assert (t.thresh_type, t.input_format, t.output_format) == (
        vx.lib.VX_THRESHOLD_TYPE_BINARY, vx.lib.VX_DF_IMAGE_S16, vx.lib.VX_DF_IMAGE_U8)
    assert t.outputs == (255, 0)
    t.value = -100
    assert t.value == -100
    t.outputs = (7, 3)
    assert (t.true_value, t.false_value) == (7, 3)
    with pytest.raises(vx.VXError):
        t.range  # not a range threshold
    r = ob.Threshold(ctx, vx.lib.VX_THRESHOLD_TYPE_RANGE, vx.lib.VX_DF_IMAGE_U8, vx.lib.VX_DF_IMAGE_RGB)
    r.range = (10, 20)
    assert (r.lower, r.upper) == (10, 20)
    assert r.outputs == ((255, 255, 255), (0, 0, 0))


def test_remap(vx, ctx, ob):
    rm = ob.Remap(ctx, 32, 24, 8, 6)
    assert (rm.src_width, rm.src_height, rm.dst_width, rm.dst_height) == (32, 24, 8, 6)
    ys, xs = np.mgrid[0:6, 0:8].astype(np.float32)
    pts = np.stack([xs * 4 + 0.5, ys * 4 + 0.25], axis=-1)
    rm.write(pts)
    assert np.array_equal(rm.to_numpy(), pts)
    assert np.array_equal(rm.to_numpy((2, 1, 5, 3)), pts[1:3, 2:5])
    with rm.map((1, 1, 3, 4)) as m:
        assert m.shape == (3, 2, 2)
        assert np.array_equal(m, pts[1:4, 1:3])
        m[...] = -1
    back = rm.to_numpy()
    assert (back[1:4, 1:3] == -1).all()
    assert back[0, 0, 0] == 0.5
    with pytest.raises(vx.VXError):
        rm.to_numpy((0, 0, 9, 6))
