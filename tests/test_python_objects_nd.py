"""Python layer of tensors, user data objects, object arrays, pyramids and
delays (pyopenvx._objects_nd), NumPy being the reference."""

import gc
import math

import numpy as np
import pytest

DTYPES = {
    "VX_TYPE_INT8": np.int8, "VX_TYPE_UINT8": np.uint8, "VX_TYPE_INT16": np.int16,
    "VX_TYPE_UINT16": np.uint16, "VX_TYPE_INT32": np.int32, "VX_TYPE_UINT32": np.uint32,
    "VX_TYPE_INT64": np.int64, "VX_TYPE_UINT64": np.uint64, "VX_TYPE_FLOAT16": np.float16,
    "VX_TYPE_FLOAT32": np.float32, "VX_TYPE_FLOAT64": np.float64,
}


@pytest.fixture
def rng():
    return np.random.default_rng(99)


def random_array(rng, shape, dt):
    dt = np.dtype(dt)
    if dt.kind == "f":
        return rng.standard_normal(shape).astype(dt)
    info = np.iinfo(dt)
    return rng.integers(info.min, info.max, size=shape, dtype=dt, endpoint=True)


# -- tensors --------------------------------------------------------------------------
@pytest.mark.parametrize("vxname", sorted(DTYPES))
def test_tensor_dtypes_round_trip(vx, ctx, rng, vxname):
    dt = np.dtype(DTYPES[vxname])
    for dims in [(5,), (7, 3), (4, 3, 2), (3, 1, 5, 2)]:
        for spec in (dt, getattr(vx.lib, vxname)):  # a NumPy dtype or a VX_TYPE_*
            t = ctx.tensor(dims, spec)
            assert isinstance(t, vx.Tensor)
            assert t.data_type == getattr(vx.lib, vxname)
            assert t.dtype == dt
            assert t.dims == dims
            assert t.shape == dims[::-1]
            assert t.number_of_dims == t.ndim == len(dims)
            assert t.fixed_point_position == 0
            assert np.array_equal(t.to_numpy(), np.zeros(dims[::-1], dt))
            a = random_array(rng, dims[::-1], dt)
            t.copy_from(a)
            out = t.to_numpy()
            assert out.dtype == dt and out.shape == a.shape
            assert np.array_equal(out, a)
            with t.map() as m:
                assert np.array_equal(m, a)
                assert not m.flags.writeable


def test_tensor_dimension_order(vx, ctx):
    t = ctx.tensor((4, 3, 2), np.int32)
    a = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    t.copy_from(a)
    # OpenVX element (i0, i1, i2) sits at i0 + 4*i1 + 12*i2: NumPy a[i2, i1, i0]
    with t.map() as m:
        assert m.strides == (48, 16, 4)  # dim 0 (the last NumPy axis) is packed
    flat = t.to_numpy().reshape(-1)
    for i0, i1, i2 in [(0, 0, 0), (3, 0, 0), (1, 2, 0), (2, 1, 1), (3, 2, 1)]:
        assert flat[i0 + 4 * i1 + 12 * i2] == a[i2, i1, i0] == i0 + 4 * i1 + 12 * i2
    # fixed point position is kept
    q = ctx.tensor((2, 2), np.int16, fixed_point_position=8)
    assert q.fixed_point_position == 8
    assert np.array_equal(np.asarray(t), a)


def test_tensor_patches(vx, ctx, rng):
    dims = (9, 5, 4)
    t = ctx.tensor(dims, np.float32)
    a = random_array(rng, dims[::-1], np.float32)
    t.copy_from(a)
    start, end = (2, 1, 0), (7, 4, 3)
    assert np.array_equal(t.to_numpy(start, end), a[0:3, 1:4, 2:7])
    # fewer bounds than dims: the rest whole
    assert np.array_equal(t.to_numpy((3,), (5,)), a[:, :, 3:5])
    patch = random_array(rng, (3, 3, 5), np.float32)
    t.copy_from(patch, start, end)
    a[0:3, 1:4, 2:7] = patch
    assert np.array_equal(t.to_numpy(), a)
    with t.map(start, end, usage=vx.lib.VX_READ_AND_WRITE) as m:
        assert m.shape == (3, 3, 5)
        assert np.array_equal(m, patch)
        m[...] = -1
    a[0:3, 1:4, 2:7] = -1
    assert np.array_equal(t.to_numpy(), a)


def test_tensor_view(vx, ctx, rng):
    dims = (6, 5, 3)
    t = ctx.tensor(dims, np.int16)
    a = random_array(rng, dims[::-1], np.int16)
    t.copy_from(a)
    v = t.view((1, 2, 0), (5, 4, 2))
    assert v.dims == (4, 2, 2)
    assert np.array_equal(v.to_numpy(), a[0:2, 2:4, 1:5])
    v.copy_from(np.full((2, 2, 4), 7, np.int16))
    a[0:2, 2:4, 1:5] = 7
    assert np.array_equal(t.to_numpy(), a)
    vv = v.view((1,), (3,))  # a view of a view
    assert vv.dims == (2, 2, 2)
    assert (vv.to_numpy() == 7).all()
    del t
    gc.collect()
    assert (v.to_numpy() == 7).all()  # the parent stays alive
    with pytest.raises(vx.InvalidParametersError, match="outside"):
        v.view((0, 0, 0), (4, 2, 3))
    with pytest.raises(ValueError, match="empty"):
        v.view((2,), (2,))


def test_tensor_from_numpy_zero_copy(vx, ctx, rng):
    for dt in (np.uint8, np.int32, np.float16, np.float64):
        a = random_array(rng, (3, 4, 5), dt)
        t = ctx.tensor_from_numpy(a)
        assert t.dims == (5, 4, 3) and t.dtype == np.dtype(dt)
        assert np.array_equal(t.to_numpy(), a)
        a[1, 2, 3] = 1
        assert t.to_numpy()[1, 2, 3] == 1
        b = random_array(rng, a.shape, dt)
        t.copy_from(b)
        assert np.array_equal(a, b)
        with t.map() as m:
            assert m.__array_interface__["data"][0] == a.ctypes.data
    # padded rows: still zero-copy
    big = np.zeros((4, 10), np.float32)
    p = ctx.tensor_from_numpy(big[:, :6])
    big[3, 5] = 2.5
    assert p.dims == (6, 4) and p.to_numpy()[3, 5] == 2.5
    # a transpose (dim 0 not packed) and a read-only array are copied
    tr = np.zeros((3, 4), np.int16).T
    t2 = ctx.tensor_from_numpy(tr)
    tr[0, 0] = 9
    assert t2.to_numpy()[0, 0] == 0
    ro = np.ones(4, np.uint8)
    ro.flags.writeable = False
    assert ctx.tensor_from_numpy(ro).to_numpy().tolist() == [1] * 4
    # pinned
    c = np.full((8, 8), 3, np.uint32)
    tc = ctx.tensor_from_numpy(c)
    del c
    gc.collect()
    np.zeros((8, 8), np.uint32)
    assert (tc.to_numpy() == 3).all()
    # from_numpy copies
    d = np.arange(6, dtype=np.int8).reshape(2, 3)
    td = vx.Tensor.from_numpy(ctx, d)
    d[0, 0] = 100
    assert td.dims == (3, 2) and td.to_numpy()[0, 0] == 0


def test_tensor_swap_handle(vx, ctx):
    a, b = np.zeros((2, 3), np.float32), np.ones((2, 3), np.float32)
    t = ctx.tensor_from_numpy(a)
    assert t.swap_handle(b) is a
    assert (t.to_numpy() == 1).all()
    assert t.swap_handle(None) is b
    with pytest.raises(vx.VXError, match="no memory"):
        t.to_numpy()
    t.swap_handle(a)
    assert (t.to_numpy() == 0).all()
    with pytest.raises(ValueError, match="shape"):
        t.swap_handle(np.zeros((3, 2), np.float32))
    with pytest.raises(TypeError, match="dtype"):
        t.swap_handle(np.zeros((2, 3), np.float64))


def test_tensor_errors(vx, ctx):
    n = len(ctx.log)
    with pytest.raises(TypeError, match="bool"):
        ctx.tensor((2, 2), np.bool_)
    with pytest.raises(TypeError, match="complex"):
        ctx.tensor((2, 2), np.complex64)
    with pytest.raises(TypeError, match="tensor element type"):
        ctx.tensor((2, 2), vx.lib.VX_TYPE_RECTANGLE)
    with pytest.raises(TypeError, match="byte order"):
        ctx.tensor((2,), np.dtype(">i4"))
    t = ctx.tensor((4, 3), np.uint16)
    with pytest.raises(TypeError, match="expected dtype uint16, got int16"):
        t.copy_from(np.zeros((3, 4), np.int16))
    with pytest.raises(ValueError, match=r"expected shape \(3, 4\), got \(4, 3\)"):
        t.copy_from(np.zeros((4, 3), np.uint16))
    with pytest.raises(ValueError, match="bounds"):
        t.to_numpy((0, 0, 0), (1, 1, 1))
    assert len(ctx.log) == n  # none of these reached the library
    with pytest.raises(vx.InvalidDimensionError, match="dims"):
        ctx.tensor((3, 0), np.uint8)
    with pytest.raises(vx.InvalidParametersError, match="number_of_dims"):
        ctx.tensor([2] * (ctx.max_tensor_dims + 1), np.uint8)
    with pytest.raises(vx.InvalidParametersError, match="outside"):
        t.to_numpy((0, 0), (5, 3))
    t.close()
    with pytest.raises(vx.InvalidReferenceError):
        t.dims


def test_image_object_array_from_tensor(vx, ctx, rng):
    a = random_array(rng, (4, 6, 8), np.uint8)  # 4 images of 8 x 6
    t = ctx.tensor_from_numpy(a)
    arr = t.image_object_array((1, 1, 7, 5), 2, 2 * 48, vx.lib.VX_DF_IMAGE_U8)  # every other slice
    assert len(arr) == 2 and arr.item_type == vx.lib.VX_TYPE_IMAGE
    imgs = list(arr)
    assert all(isinstance(i, vx.Image) and i.size == (6, 4) for i in imgs)
    assert np.array_equal(imgs[0].to_numpy(), a[0, 1:5, 1:7])
    assert np.array_equal(imgs[1].to_numpy(), a[2, 1:5, 1:7])
    imgs[1].set_pixel_values(0)
    assert (a[2, 1:5, 1:7] == 0).all()
    with pytest.raises(vx.InvalidFormatError):
        t.image_object_array((0, 0, 8, 6), 1, 48, vx.lib.VX_DF_IMAGE_S16)


# -- user data objects ---------------------------------------------------------------
def test_user_data_object(vx, ctx):
    u = ctx.user_data_object(16, "my_struct")
    assert isinstance(u, vx.UserDataObject)
    assert (u.size, len(u), u.type_name) == (16, 16, "my_struct")
    assert u.to_bytes() == bytes(16)
    u.copy_from(b"abcd", offset=4)
    assert u.to_bytes() == bytes(4) + b"abcd" + bytes(8)
    assert bytes(u)[4:8] == b"abcd"
    u.copy_from(np.array([1.5, -2.0], np.float32), offset=8)
    assert u.to_numpy(np.float32, 8, 8).tolist() == [1.5, -2.0]
    assert u.to_bytes(4, 4) == b"abcd"
    with u.map(4, 4, usage=vx.lib.VX_READ_AND_WRITE) as m:
        assert m.dtype == np.uint8 and bytes(m) == b"abcd"
        m[:] = np.frombuffer(b"WXYZ", np.uint8)
    assert u.to_bytes(4, 4) == b"WXYZ"
    with u.map() as m:
        assert not m.flags.writeable and len(m) == 16
    d = ctx.user_data_object(data=bytearray(b"\x01\x02\x03"))
    assert d.size == 3 and d.to_bytes() == b"\x01\x02\x03" and d.type_name == ""
    n = ctx.user_data_object(data=np.arange(4, dtype=np.uint16))
    assert n.to_numpy(np.uint16).tolist() == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="outside"):
        u.copy_from(b"x" * 5, offset=12)
    with pytest.raises(ValueError, match="whole number"):
        u.to_numpy(np.float64, 0, 12)
    with pytest.raises(ValueError, match="data has 3 bytes"):
        ctx.user_data_object(4, data=b"abc")
    with pytest.raises(TypeError):
        ctx.user_data_object()
    with pytest.raises(vx.VXError):
        ctx.user_data_object(0)


# -- object arrays -------------------------------------------------------------------
def test_object_array_of_images(vx, ctx):
    ex = ctx.image(7, 5, vx.lib.VX_DF_IMAGE_U8)
    arr = ctx.object_array(ex, 4)
    assert isinstance(arr, vx.ObjectArray)
    assert (len(arr), arr.num_items, arr.item_type) == (4, 4, vx.lib.VX_TYPE_IMAGE)
    items = list(arr)
    assert len(items) == 4
    for i, img in enumerate(items):
        assert isinstance(img, vx.Image) and img.size == (7, 5) and img.format_name == "U8"
        img.set_pixel_values(i * 10)
    assert [int(arr[i].to_numpy()[0, 0]) for i in range(4)] == [0, 10, 20, 30]
    assert int(arr[-1].to_numpy()[4, 6]) == 30
    with pytest.raises(IndexError):
        arr[4]
    with pytest.raises(IndexError):
        arr[-5]
    with pytest.raises(TypeError):
        arr["0"]
    first = arr[0]
    del arr
    gc.collect()
    assert first._parent is not None and int(first.to_numpy()[0, 0]) == 0
    with pytest.raises(TypeError, match="exemplar"):
        ctx.object_array(np.zeros(3), 2)
    with pytest.raises(vx.VXError):
        ctx.object_array(ex, 0)


def test_object_array_items_get_their_class(vx, ctx):
    ob = pytest.importorskip("pyopenvx._objects_basic")
    exemplars = [
        (ctx.tensor((3, 2), np.float32), vx.Tensor),
        (ob.Scalar(ctx, vx.lib.VX_TYPE_INT16, -7), vx.Scalar),
        (ob.Array(ctx, vx.lib.VX_TYPE_KEYPOINT, 5), vx.Array),
        (ob.LUT(ctx, vx.lib.VX_TYPE_INT16, 10), vx.LUT),
        (ob.Distribution(ctx, 4, 0, 16), vx.Distribution),
        (ob.Matrix(ctx, vx.lib.VX_TYPE_INT32, 3, 2), vx.Matrix),
        (ob.Convolution(ctx, 3, 3), vx.Convolution),
        (ob.Threshold(ctx, vx.lib.VX_THRESHOLD_TYPE_BINARY), vx.Threshold),
        (ob.Remap(ctx, 4, 4, 2, 2), vx.Remap),
        (ctx.user_data_object(8, "thing"), vx.UserDataObject),
        (ctx.pyramid(2, 0.5, 8, 8, vx.lib.VX_DF_IMAGE_U8), vx.Pyramid),
    ]
    for ex, cls in exemplars:
        arr = ctx.object_array(ex, 2)
        item = arr[1]
        assert type(item) is cls, (type(item), cls)
        assert item.type == ex.type
    ts = ctx.object_array(exemplars[0][0], 2)
    ts[0].copy_from(np.ones((2, 3), np.float32))
    assert ts[0].to_numpy().sum() == 6 and ts[1].to_numpy().sum() == 0
    sc = ctx.object_array(exemplars[1][0], 2)[0]
    sc.value = 12
    assert sc.value == 12
    ar = ctx.object_array(exemplars[2][0], 2)[1]
    assert ar.dtype.itemsize == 28 and ar.capacity == 5
    lut = ctx.object_array(exemplars[3][0], 1)[0]
    assert lut.dtype == np.int16 and lut.to_numpy().shape == (10,)
    mat = ctx.object_array(exemplars[5][0], 1)[0]
    assert mat.to_numpy().shape == (2, 3) and mat.dtype == np.int32
    ud = ctx.object_array(exemplars[9][0], 1)[0]
    assert ud.type_name == "thing" and ud.size == 8
    pyr = ctx.object_array(exemplars[10][0], 1)[0]
    assert pyr[1].size == (4, 4)


# -- pyramids ---------------------------------------------------------------------------
def test_pyramid(vx, ctx):
    p = ctx.pyramid(4, 0.5, 37, 21, vx.lib.VX_DF_IMAGE_U8)
    assert isinstance(p, vx.Pyramid)
    assert (p.levels, len(p), p.width, p.height, p.format) == (4, 4, 37, 21, vx.lib.VX_DF_IMAGE_U8)
    assert p.scale == pytest.approx(0.5)
    sizes = [lvl.size for lvl in p]
    assert sizes == [(math.ceil(37 * 0.5 ** i), math.ceil(21 * 0.5 ** i)) for i in range(4)]
    assert all(isinstance(lvl, vx.Image) for lvl in p)
    p[2].set_pixel_values(5)
    assert (p[2].to_numpy() == 5).all() and (p[-2].to_numpy() == 5).all()
    assert (p[1].to_numpy() == 0).all()
    with pytest.raises(IndexError):
        p[4]
    orb = ctx.pyramid(3, 0.8408964, 64, 64, vx.lib.VX_DF_IMAGE_U8)
    assert [lvl.width for lvl in orb] == [64, math.ceil(64 * 2 ** -0.25), math.ceil(64 * 2 ** -0.5)]
    level = orb[1]
    del orb
    gc.collect()
    assert level.width == 54
    with pytest.raises(vx.VXError, match="scale"):
        ctx.pyramid(3, 0.0, 8, 8, vx.lib.VX_DF_IMAGE_U8)
    with pytest.raises(vx.VXError):
        ctx.pyramid(0, 0.5, 8, 8, vx.lib.VX_DF_IMAGE_U8)


# -- delays -------------------------------------------------------------------------------
def test_delay(vx, ctx):
    ex = ctx.image(4, 3, vx.lib.VX_DF_IMAGE_U8)
    d = ctx.delay(ex, 3)
    assert isinstance(d, vx.Delay)
    assert (d.slots, len(d), d.item_type) == (3, 3, vx.lib.VX_TYPE_IMAGE)
    for i, v in zip((0, -1, -2), (10, 20, 30)):
        d[i].set_pixel_values(v)

    def values(delay=d):
        return [int(s.to_numpy()[0, 0]) for s in delay]  # iteration: 0, -1, -2

    assert values() == [10, 20, 30]
    d.age()  # 0 -> -1, -1 -> -2, -2 -> 0
    assert values() == [30, 10, 20]
    d.age()
    assert values() == [20, 30, 10]
    for bad in (1, -3):
        with pytest.raises(IndexError):
            d[bad]
    slot = d[0]
    assert isinstance(slot, vx.Image)
    count = slot.reference_count
    slot2 = d[0]
    assert slot2.reference_count == count + 1  # each wrapper holds its own count
    del slot2
    gc.collect()
    assert slot.reference_count == count
    del d, values
    gc.collect()
    assert slot.to_numpy()[0, 0] == 20  # held by the Python wrapper
    ob = pytest.importorskip("pyopenvx._objects_basic")
    sd = ctx.delay(ob.Scalar(ctx, vx.lib.VX_TYPE_FLOAT32, 0.0), 2)
    sd[0].value = 1.5
    sd.age()
    assert sd[-1].value == 1.5 and sd[0].value == 0.0
    with pytest.raises(vx.VXError):
        ctx.delay(ex, 0)


def test_containers_release(vx, ctx):
    gc.collect()
    before = ctx.references
    ex = ctx.image(4, 4, vx.lib.VX_DF_IMAGE_U8)
    objs = [ctx.object_array(ex, 3), ctx.pyramid(2, 0.5, 4, 4, vx.lib.VX_DF_IMAGE_U8), ctx.delay(ex, 2),
            ctx.tensor((2, 2), np.uint8), ctx.user_data_object(4)]
    items = [objs[0][1], objs[1][0], objs[2][-1]]
    assert ctx.references > before
    with objs[3]:
        pass
    assert objs[3].closed
    del objs, items, ex
    gc.collect()
    assert ctx.references == before


def test_tensor_to_numpy_into_out():
    # to_numpy(out=) fills the given array (C order, a strided view, a
    # transposed one) with what to_numpy() gives, whole and for a patch;
    # wrong dtype, shape or a read-only array: refused
    import pyopenvx as vx
    rng = np.random.default_rng(2)
    a = rng.integers(-100, 100, (3, 4, 6), dtype=np.int16)
    with vx.Context() as ctx:
        t = ctx.tensor((6, 4, 3), np.int16)
        t.copy_from(a)
        out = np.zeros_like(a)
        assert t.to_numpy(out=out) is out and np.array_equal(out, a)
        big = np.zeros((3, 4, 9), np.int16)
        view = big[:, :, 2:8]
        assert t.to_numpy(out=view) is view and np.array_equal(view, a)
        assert not big[:, :, :2].any() and not big[:, :, 8:].any()
        tr = np.zeros((6, 4, 3), np.int16).transpose(2, 1, 0)
        assert np.array_equal(t.to_numpy(out=tr), a)
        rev = np.zeros_like(a)[::-1]  # negative strides: copied
        assert np.array_equal(t.to_numpy(out=rev), a)
        patch = np.zeros((2, 4, 3), np.int16)
        assert np.array_equal(t.to_numpy((1, 0, 1), (4, 4, 3), out=patch), a[1:3, :, 1:4])
        with pytest.raises(TypeError, match="dtype"):
            t.to_numpy(out=np.zeros(a.shape, np.int32))
        with pytest.raises(ValueError, match="shape"):
            t.to_numpy(out=np.zeros((3, 4, 5), np.int16))
        ro = np.zeros_like(a)
        ro.flags.writeable = False
        with pytest.raises(ValueError, match="read-only"):
            t.to_numpy(out=ro)
