"""Python layer of vx_image (pyopenvx._image): every format against NumPy as
the reference, copy/map round trips, zero-copy handles, ROI/channel, errors."""

import gc

import numpy as np
import pytest

# format name -> [(sub_x, sub_y, dtype, channels) per plane], written out here
# independently of pyopenvx._image's table
LAYOUTS = {
    "U1": [(1, 1, np.bool_, 0)],
    "U8": [(1, 1, np.uint8, 0)],
    "U16": [(1, 1, np.uint16, 0)],
    "S16": [(1, 1, np.int16, 0)],
    "U32": [(1, 1, np.uint32, 0)],
    "S32": [(1, 1, np.int32, 0)],
    "RGB": [(1, 1, np.uint8, 3)],
    "RGBX": [(1, 1, np.uint8, 4)],
    "UYVY": [(1, 1, np.uint8, 2)],
    "YUYV": [(1, 1, np.uint8, 2)],
    "NV12": [(1, 1, np.uint8, 0), (2, 2, np.uint8, 2)],
    "NV21": [(1, 1, np.uint8, 0), (2, 2, np.uint8, 2)],
    "IYUV": [(1, 1, np.uint8, 0), (2, 2, np.uint8, 0), (2, 2, np.uint8, 0)],
    "YUV4": [(1, 1, np.uint8, 0)] * 3,
}
EVEN_W = {"UYVY", "YUYV", "NV12", "NV21", "IYUV"}  # width multiple of 2
EVEN_H = {"NV12", "NV21", "IYUV"}  # height multiple of 2
SIZES = [(1, 1), (7, 3), (33, 5), (64, 48), (101, 17)]

def fmt(vx, name):
    return getattr(vx.lib, "VX_DF_IMAGE_" + name)


def sizes_for(name):
    """SIZES made valid for the format (odd sizes stay odd where allowed)."""
    return [(w + (w % 2 if name in EVEN_W else 0), h + (h % 2 if name in EVEN_H else 0)) for w, h in SIZES]

def plane_shape(layout, w, h):
    sx, sy, _, ch = layout
    return (h // sy, w // sx, ch) if ch else (h // sy, w // sx)


def random_plane(rng, layout, w, h):
    shape = plane_shape(layout, w, h)
    dt = np.dtype(layout[2])
    if dt == np.bool_:
        return rng.random(shape) > 0.5
    info = np.iinfo(dt)
    return rng.integers(info.min, info.max, size=shape, dtype=dt, endpoint=True)


@pytest.fixture
def rng():
    return np.random.default_rng(1234)


# -- creation and attributes ------------------------------------------------------
@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_attributes_every_format(vx, ctx, name):
    for w, h in sizes_for(name):
        img = ctx.image(w, h, fmt(vx, name))
        assert isinstance(img, vx.Image)
        assert (img.width, img.height, img.size) == (w, h, (w, h))
        assert img.format == fmt(vx, name)
        assert img.format_name == name
        assert img.planes == len(LAYOUTS[name])
        assert img.memory_type == vx.lib.VX_MEMORY_TYPE_NONE
        assert img.is_uniform is False
        assert img.valid_rect == (0, 0, w, h)
        assert img.type == vx.lib.VX_TYPE_IMAGE
        for p, lay in enumerate(LAYOUTS[name]):
            assert img.plane_shape(p) == plane_shape(lay, w, h)
        if name in ("U1", "U8", "U16", "S16", "U32", "S32", "RGB", "RGBX"):
            assert img.space == vx.lib.VX_COLOR_SPACE_NONE
        else:
            assert img.space == vx.lib.VX_COLOR_SPACE_DEFAULT
            img.space = vx.lib.VX_COLOR_SPACE_BT601_525
            assert img.space == vx.lib.VX_COLOR_SPACE_BT601_525
        assert img.range == vx.lib.VX_CHANNEL_RANGE_FULL
        img.close()
        assert img.closed


def test_image_is_the_context_factory_class(vx, ctx):
    img = vx.Image(ctx, 4, 2, vx.lib.VX_DF_IMAGE_U8)
    assert img.context is ctx
    assert repr(img) == "<Image 4x2 U8>"
    img.close()
    assert repr(img) == "<Image closed>"


# -- copy round trips ----------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_copy_round_trip_every_format(vx, ctx, rng, name):
    for w, h in sizes_for(name):
        img = ctx.image(w, h, fmt(vx, name))
        planes = [random_plane(rng, lay, w, h) for lay in LAYOUTS[name]]
        for p, data in enumerate(planes):
            img.copy_from(data, plane=p)
        for p, data in enumerate(planes):
            out = img.to_numpy(plane=p)
            assert out.dtype == np.dtype(LAYOUTS[name][p][2])
            assert out.shape == data.shape
            assert np.array_equal(out, data)
        # read back through a different path: map (READ_ONLY) of every plane
        if name != "U1":
            for p, data in enumerate(planes):
                with img.map(plane=p) as m:
                    assert np.array_equal(m, data)
                    assert not m.flags.writeable


@pytest.mark.parametrize("name", ["U8", "S16", "U32", "RGB", "RGBX", "YUV4"])
def test_patches_match_numpy_slices(vx, ctx, rng, name):
    w, h = 37, 23
    img = ctx.image(w, h, fmt(vx, name))
    full = [random_plane(rng, lay, w, h) for lay in LAYOUTS[name]]
    for p, data in enumerate(full):
        img.copy_from(data, plane=p)
    for rect in [(0, 0, w, h), (3, 2, 10, 9), (36, 22, 37, 23), (0, 5, 37, 6)]:
        sx, sy, ex, ey = rect
        for p, data in enumerate(full):
            assert np.array_equal(img.to_numpy(p, rect), data[sy:ey, sx:ex])
    # write a patch, compare with the same edit on the NumPy copy
    sx, sy, ex, ey = 5, 4, 20, 11
    patch = random_plane(rng, LAYOUTS[name][0], ex - sx, ey - sy)
    img.copy_from(patch, rect=(sx, sy, ex, ey))
    full[0][sy:ey, sx:ex] = patch
    assert np.array_equal(img.to_numpy(), full[0])


@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_geometry_known_at_creation_is_the_library_s(vx, ctx, rng, name):
    # images made here know their format and size without a query: what the
    # library answers for each way of making one
    def queried(img):
        out = []
        for attr, ctype in ((vx.lib.VX_IMAGE_FORMAT, "vx_df_image"), (vx.lib.VX_IMAGE_WIDTH, "vx_uint32"),
                            (vx.lib.VX_IMAGE_HEIGHT, "vx_uint32")):
            p = vx.ffi.new(ctype + " *")
            assert vx.lib.vxQueryImage(img.handle, attr, p, vx.ffi.sizeof(ctype)) == vx.lib.VX_SUCCESS
            out.append(int(p[0]))
        return tuple(out)

    for w, h in sizes_for(name):
        made = [ctx.image(w, h, fmt(vx, name))]
        if len(LAYOUTS[name]) == 1:
            made.append(ctx.image_from_numpy(random_plane(rng, LAYOUTS[name][0], w, h), fmt(vx, name)))
        else:
            made.append(ctx.image_from_numpy([random_plane(rng, lay, w, h) for lay in LAYOUTS[name]], fmt(vx, name)))
        if name not in ("U1",):
            made.append(vx.Image.uniform(ctx, w, h, fmt(vx, name), 0 if len(LAYOUTS[name]) == 1 and
                                         not LAYOUTS[name][0][3] else (0,) * 3))
        for img in made:
            assert img._geom is not None
            assert (int(img.format), img.width, img.height) == queried(img) == (fmt(vx, name), w, h)


@pytest.mark.parametrize("name", ["U1", "U8", "S16", "RGB", "NV12", "IYUV"])
def test_whole_plane_copies_take_any_array(vx, ctx, rng, name):
    # to_numpy() / copy_from() of a whole plane (one C call with patch
    # descriptions made once per format and size) agree with the path of an
    # explicit rectangle, for arrays that are views, not C-contiguous,
    # read-only, and a plane given as a NumPy integer
    for w, h in [(14, 6), (2, 2), (30, 10)]:
        img = ctx.image(w, h, fmt(vx, name))
        for p, lay in enumerate(LAYOUTS[name]):
            data = random_plane(rng, lay, w, h)
            for a in (np.asfortranarray(data), data[::-1][::-1], np.lib.stride_tricks.as_strided(data)):
                img.copy_from(np.zeros_like(data), plane=p, rect=(0, 0, w, h))
                img.copy_from(a, plane=np.int64(p))
                assert np.array_equal(img.to_numpy(plane=p, rect=(0, 0, w, h)), data)
                assert np.array_equal(img.to_numpy(plane=p), data)
            ro = data.copy()
            ro.flags.writeable = False
            img.copy_from(ro, plane=p)
            assert np.array_equal(img.to_numpy(np.int32(p)), data)
        with pytest.raises(ValueError, match="plane"):
            img.to_numpy(plane=len(LAYOUTS[name]))


@pytest.mark.parametrize("name", ["U1", "U8", "S16", "RGB", "NV12", "YUYV"])
def test_to_numpy_into_out(vx, ctx, rng, name):
    # to_numpy(out=) writes the plane (or patch) into the given array and
    # returns it: C-contiguous, rows of a wider array (in place), and layouts
    # the library cannot address (column-major: copied), the same values as
    # to_numpy(); a wrong dtype, shape or a read-only array is refused
    w, h = 22, 10
    img = ctx.image(w, h, fmt(vx, name))
    for p, lay in enumerate(LAYOUTS[name]):
        data = random_plane(rng, lay, w, h)
        img.copy_from(data, plane=p)
        for rect in (None, (2, 2, 14, 8)):
            want = img.to_numpy(p, rect)
            out = np.zeros_like(want)
            assert img.to_numpy(p, rect, out=out) is out
            assert np.array_equal(out, want)
            wide = np.zeros((want.shape[0], want.shape[1] + 5) + want.shape[2:], want.dtype)
            view = wide[:, 3:3 + want.shape[1]]
            assert img.to_numpy(p, rect, out=view) is view
            assert np.array_equal(view, want)
            assert not wide[:, :3].any() and not wide[:, 3 + want.shape[1]:].any()
            fort = np.asfortranarray(np.zeros_like(want))
            assert np.array_equal(img.to_numpy(p, rect, out=fort), want)
            with pytest.raises(ValueError, match="shape"):
                img.to_numpy(p, rect, out=np.zeros((want.shape[0] + 1,) + want.shape[1:], want.dtype))
            with pytest.raises(TypeError, match="dtype"):
                img.to_numpy(p, rect, out=np.zeros(want.shape, np.float32))
            ro = np.zeros_like(want)
            ro.flags.writeable = False
            with pytest.raises(ValueError, match="read-only"):
                img.to_numpy(p, rect, out=ro)
            with pytest.raises(TypeError, match="ndarray"):
                img.to_numpy(p, rect, out=[[0] * w] * h)


def test_subsampled_plane_patches(vx, ctx, rng):
    w, h = 20, 14
    img = ctx.image(w, h, vx.lib.VX_DF_IMAGE_IYUV)
    u = random_plane(rng, LAYOUTS["IYUV"][1], w, h)
    img.copy_from(u, plane=1)
    # the chroma patch of image rect (4, 2, 12, 10) is u[1:5, 2:6]
    assert np.array_equal(img.to_numpy(1, (4, 2, 12, 10)), u[1:5, 2:6])
    nv = ctx.image(w, h, vx.lib.VX_DF_IMAGE_NV21)
    uv = random_plane(rng, LAYOUTS["NV21"][1], w, h)
    nv.copy_from(uv, plane=1)
    assert np.array_equal(nv.to_numpy(1, (2, 2, 8, 6)), uv[1:3, 1:4])
    with nv.map((2, 2, 8, 6), plane=1) as m:
        assert m.shape == (2, 3, 2)
        assert np.array_equal(m, uv[1:3, 1:4])


def test_u1_bits(vx, ctx, rng):
    w, h = 29, 6
    img = ctx.image(w, h, vx.lib.VX_DF_IMAGE_U1)
    bits = rng.random((h, w)) > 0.5
    img.copy_from(bits)
    # packed layout: bit x%8 of byte x//8 (LSB first)
    with img.map() as m:
        assert m.dtype == np.uint8 and m.shape == (h, 4)
        packed = np.packbits(bits.astype(np.uint8), axis=1, bitorder="little")
        mask = np.packbits(np.ones((1, w), np.uint8), axis=1, bitorder="little")
        assert np.array_equal(m & mask, packed)
    # patches starting off a byte boundary
    assert np.array_equal(img.to_numpy(rect=(3, 1, 27, 5)), bits[1:5, 3:27])
    patch = rng.random((3, 13)) > 0.5
    img.copy_from(patch, rect=(5, 2, 18, 5))
    bits[2:5, 5:18] = patch
    assert np.array_equal(img.to_numpy(), bits)
    # ints 0/1 convert; anything else in an ndarray must be bool
    img.copy_from([[1] * w] * h)
    assert img.to_numpy().all()
    with pytest.raises(TypeError):
        img.copy_from(np.ones((h, w), np.uint8))


def test_map_write_and_read_only(vx, ctx, rng):
    w, h = 15, 9
    img = ctx.image(w, h, vx.lib.VX_DF_IMAGE_RGB)
    ref = random_plane(rng, LAYOUTS["RGB"][0], w, h)
    img.copy_from(ref)
    with img.map((2, 3, 11, 8), usage=vx.lib.VX_READ_AND_WRITE) as m:
        assert m.shape == (5, 9, 3)
        assert m.flags.writeable
        assert m.strides[1] == 3 and m.strides[2] == 1
        m[..., 0] = 255 - m[..., 0]
    ref[3:8, 2:11, 0] = 255 - ref[3:8, 2:11, 0]
    assert np.array_equal(img.to_numpy(), ref)
    with img.map(usage=vx.lib.VX_WRITE_ONLY) as m:
        m[...] = 9
    assert (img.to_numpy() == 9).all()
    with img.map() as m:
        with pytest.raises(ValueError):
            m[0, 0, 0] = 1


def test_map_unmaps_on_exception(vx, ctx):
    img = ctx.image(8, 8, vx.lib.VX_DF_IMAGE_U8)
    with pytest.raises(RuntimeError):
        with img.map(usage=vx.lib.VX_READ_AND_WRITE) as m:
            m[...] = 3
            raise RuntimeError("inside the map")
    # unmapped: a write map is possible again and the data landed
    with img.map(usage=vx.lib.VX_WRITE_ONLY) as m:
        m[0, 0] = 4
    out = img.to_numpy()
    assert out[0, 0] == 4 and out[7, 7] == 3


def test_array_protocol(vx, ctx, rng):
    img = ctx.image(6, 4, vx.lib.VX_DF_IMAGE_S16)
    data = random_plane(rng, LAYOUTS["S16"][0], 6, 4)
    img.copy_from(data)
    assert np.array_equal(np.asarray(img), data)
    assert np.asarray(img, dtype=np.float32).dtype == np.float32


def test_from_numpy_copies(vx, ctx, rng):
    cases = {
        "U8": np.uint8, "U16": np.uint16, "S16": np.int16, "U32": np.uint32, "S32": np.int32,
    }
    for name, dt in cases.items():
        a = random_plane(rng, (1, 1, dt, 0), 13, 5)
        img = vx.Image.from_numpy(ctx, a)
        assert img.format_name == name
        a[0, 0] ^= 1
        assert img.to_numpy()[0, 0] != a[0, 0]  # a copy
    rgb = vx.Image.from_numpy(ctx, np.zeros((3, 5, 3), np.uint8))
    assert rgb.format_name == "RGB"
    assert vx.Image.from_numpy(ctx, np.zeros((3, 5, 4), np.uint8)).format_name == "RGBX"
    b = vx.Image.from_numpy(ctx, np.eye(5, dtype=bool))
    assert b.format_name == "U1" and np.array_equal(b.to_numpy(), np.eye(5, dtype=bool))
    planes = [random_plane(rng, lay, 8, 6) for lay in LAYOUTS["IYUV"]]
    iyuv = vx.Image.from_numpy(ctx, planes, format=vx.lib.VX_DF_IMAGE_IYUV)
    for p in range(3):
        assert np.array_equal(iyuv.to_numpy(p), planes[p])


# -- zero copy -------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["U8", "U16", "S16", "U32", "S32", "RGB", "RGBX"])
def test_image_from_numpy_is_zero_copy(vx, ctx, rng, name):
    lay = LAYOUTS[name][0]
    for w, h in [(1, 1), (7, 3), (33, 17)]:
        a = random_plane(rng, lay, w, h)
        img = ctx.image_from_numpy(a)
        assert img.format_name == name
        assert img.memory_type == vx.lib.VX_MEMORY_TYPE_HOST
        assert np.array_equal(img.to_numpy(), a)
        # write into the ndarray, read through the image
        a[...] = random_plane(rng, lay, w, h)
        assert np.array_equal(img.to_numpy(), a)
        # write through the image, read the ndarray
        b = random_plane(rng, lay, w, h)
        img.copy_from(b)
        assert np.array_equal(a, b)
        with img.map() as m:
            assert m.__array_interface__["data"][0] == a.ctypes.data


def test_image_from_numpy_padded_rows_and_planes(vx, ctx, rng):
    big = np.zeros((10, 40), np.uint8)
    a = big[:, :33]  # padded rows: still zero-copy
    img = ctx.image_from_numpy(a)
    big[4, 32] = 77
    assert img.to_numpy()[4, 32] == 77
    # not packed along x: copied, so later writes to the array are not seen
    c = np.zeros((6, 20), np.uint8)[:, ::2]
    img2 = ctx.image_from_numpy(c)
    c[0, 0] = 5
    assert img2.to_numpy()[0, 0] == 0
    # read-only arrays are copied too
    ro = np.ones((4, 4), np.uint8)
    ro.flags.writeable = False
    assert (ctx.image_from_numpy(ro).to_numpy() == 1).all()
    # several planes with an explicit format
    y = random_plane(rng, LAYOUTS["NV12"][0], 16, 8)
    uv = random_plane(rng, LAYOUTS["NV12"][1], 16, 8)
    nv = ctx.image_from_numpy([y, uv], format=vx.lib.VX_DF_IMAGE_NV12)
    uv[...] = 3
    assert (nv.to_numpy(1) == 3).all()
    assert np.array_equal(nv.to_numpy(0), y)
    yuyv = np.zeros((2, 6, 2), np.uint8)
    img3 = ctx.image_from_numpy(yuyv, format=vx.lib.VX_DF_IMAGE_YUYV)
    yuyv[1, 5] = (8, 9)
    assert img3.to_numpy()[1, 5].tolist() == [8, 9]


def test_image_from_numpy_pins_the_array(vx, ctx):
    a = np.full((64, 64), 42, np.uint8)
    img = ctx.image_from_numpy(a)
    del a
    gc.collect()
    np.full((64, 64), 0, np.uint8)  # reuse freed memory if it was freed
    assert (img.to_numpy() == 42).all()


def test_image_from_numpy_bad_input(vx, ctx):
    with pytest.raises(TypeError, match="no image format"):
        ctx.image_from_numpy(np.zeros((4, 4), np.float32))
    with pytest.raises(ValueError, match="multiple of 2"):
        ctx.image_from_numpy(np.zeros((3, 5, 2), np.uint8), format=vx.lib.VX_DF_IMAGE_UYVY)
    with pytest.raises(ValueError, match="plane"):
        ctx.image_from_numpy([np.zeros((4, 4), np.uint8)], format=vx.lib.VX_DF_IMAGE_NV12)
    with pytest.raises(ValueError, match="format="):
        ctx.image_from_numpy([np.zeros((4, 4), np.uint8)])
    with pytest.raises(ValueError, match="expected shape"):
        ctx.image_from_numpy([np.zeros((4, 4), np.uint8), np.zeros((2, 2), np.uint8)],
                             format=vx.lib.VX_DF_IMAGE_NV12)
    with pytest.raises(ValueError, match="nonzero"):
        ctx.image_from_numpy(np.zeros((0, 4), np.uint8))


def test_swap_handle(vx, ctx):
    a = np.full((5, 7), 1, np.uint8)
    b = np.full((5, 7), 2, np.uint8)
    img = ctx.image_from_numpy(a)
    assert img.swap_handle(b) is a
    assert (img.to_numpy() == 2).all()
    img.copy_from(np.full((5, 7), 3, np.uint8))
    assert (b == 3).all() and (a == 1).all()
    assert img.swap_handle(None) is b
    with pytest.raises(vx.VXError):
        img.to_numpy()  # no memory now
    assert img.swap_handle(a) is None
    assert (img.to_numpy() == 1).all()
    with pytest.raises(ValueError, match="shape"):
        img.swap_handle(np.zeros((5, 8), np.uint8))
    with pytest.raises(TypeError, match="dtype"):
        img.swap_handle(np.zeros((5, 7), np.int16))
    with pytest.raises(ValueError, match="strides"):
        img.swap_handle(np.zeros((5, 14), np.uint8)[:, ::2])
    ro = np.zeros((5, 7), np.uint8)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        img.swap_handle(ro)
    # padded rows: swapped-in arrays need the same row stride
    big1, big2 = np.zeros((5, 16), np.uint8), np.ones((5, 16), np.uint8)
    padded = ctx.image_from_numpy(big1[:, :7])
    padded.swap_handle(big2[:, :7])
    assert (padded.to_numpy() == 1).all()
    with pytest.raises(ValueError, match="strides"):
        padded.swap_handle(np.zeros((5, 7), np.uint8))
    with pytest.raises(vx.InvalidParametersError, match="vxCreateImageFromHandle"):
        ctx.image(7, 5, vx.lib.VX_DF_IMAGE_U8).swap_handle(b)
    y, u, v = (np.zeros((4, 4), np.uint8) for _ in range(3))
    yuv = ctx.image_from_numpy([y, u, v], format=vx.lib.VX_DF_IMAGE_YUV4)
    new = [np.full((4, 4), i, np.uint8) for i in range(3)]
    old = yuv.swap_handle(new)
    assert [o is x for o, x in zip(old, (y, u, v))] == [True] * 3
    assert yuv.to_numpy(2)[0, 0] == 2
    with pytest.raises(ValueError, match="3 plane"):
        yuv.swap_handle(new[:2])


# -- validation before C, and VX errors ---------------------------------------------
def test_copy_from_validates_before_c(vx, ctx):
    img = ctx.image(6, 4, vx.lib.VX_DF_IMAGE_U16)
    n = len(ctx.log)
    with pytest.raises(TypeError, match="expected dtype uint16, got int16"):
        img.copy_from(np.zeros((4, 6), np.int16))
    with pytest.raises(ValueError, match=r"expected shape \(4, 6\), got \(6, 4\)"):
        img.copy_from(np.zeros((6, 4), np.uint16))
    with pytest.raises(ValueError, match="1 plane"):
        img.copy_from(np.zeros((4, 6), np.uint16), plane=1)
    with pytest.raises(ValueError, match="rectangle"):
        img.to_numpy(rect=(1, 2, 3))
    with pytest.raises(ValueError, match="negative"):
        img.to_numpy(rect=(-1, 0, 3, 3))
    assert len(ctx.log) == n  # nothing reached the library
    rgb = ctx.image(6, 4, vx.lib.VX_DF_IMAGE_RGB)
    with pytest.raises(ValueError, match=r"\(4, 6, 3\)"):
        rgb.copy_from(np.zeros((4, 6, 4), np.uint8))


def test_vx_errors_carry_the_log(vx, ctx):
    with pytest.raises(vx.InvalidDimensionError, match="nonzero"):
        ctx.image(0, 5, vx.lib.VX_DF_IMAGE_U8)
    with pytest.raises(vx.InvalidDimensionError, match="multiple of 2"):
        ctx.image(5, 4, vx.lib.VX_DF_IMAGE_IYUV)
    with pytest.raises(vx.InvalidFormatError):
        ctx.image(4, 4, 0x12345678)
    img = ctx.image(8, 8, vx.lib.VX_DF_IMAGE_U8)
    with pytest.raises(vx.InvalidParametersError, match="outside"):
        img.to_numpy(rect=(0, 0, 9, 8))
    with pytest.raises(vx.InvalidParametersError):
        img.roi((2, 2, 2, 5))
    with pytest.raises(vx.VXError):
        img.uniform_value  # not uniform
    img.close()
    with pytest.raises(vx.InvalidReferenceError, match="closed"):
        img.to_numpy()
    with pytest.raises(vx.InvalidReferenceError):
        img.width


# -- uniform, pixel values, valid region ----------------------------------------------
def test_uniform_image(vx, ctx):
    u = ctx.uniform_image(9, 4, vx.lib.VX_DF_IMAGE_S16, -300)
    assert u.is_uniform and u.uniform_value == -300
    assert np.array_equal(u.to_numpy(), np.full((4, 9), -300, np.int16))
    with pytest.raises(vx.NotSupportedError, match="read-only"):
        u.copy_from(np.zeros((4, 9), np.int16))
    rgb = ctx.uniform_image(3, 2, vx.lib.VX_DF_IMAGE_RGB, (10, 20, 30))
    assert rgb.uniform_value == (10, 20, 30)
    assert rgb.to_numpy().reshape(-1, 3).tolist() == [[10, 20, 30]] * 6
    b = ctx.uniform_image(11, 2, vx.lib.VX_DF_IMAGE_U1, 1)
    assert b.uniform_value == 1 and b.to_numpy().all()
    yuv = ctx.uniform_image(4, 4, vx.lib.VX_DF_IMAGE_IYUV, (16, 128, 200))
    assert (yuv.to_numpy(0) == 16).all() and (yuv.to_numpy(2) == 200).all()
    with pytest.raises(vx.VXError):
        ctx.uniform_image(0, 2, vx.lib.VX_DF_IMAGE_U8, 1)


def test_set_pixel_values(vx, ctx):
    img = ctx.image(7, 3, vx.lib.VX_DF_IMAGE_U32)
    img.set_pixel_values(0xDEADBEEF)
    assert (img.to_numpy() == 0xDEADBEEF).all()
    rgbx = ctx.image(5, 5, vx.lib.VX_DF_IMAGE_RGBX)
    rgbx.set_pixel_values((1, 2, 3, 4))
    assert rgbx.to_numpy()[4, 4].tolist() == [1, 2, 3, 4]
    nv = ctx.image(4, 2, vx.lib.VX_DF_IMAGE_NV12)
    nv.set_pixel_values((50, 60, 70))
    assert (nv.to_numpy(0) == 50).all()
    assert nv.to_numpy(1)[0, 0].tolist() == [60, 70]
    u1 = ctx.image(10, 2, vx.lib.VX_DF_IMAGE_U1)
    u1.set_pixel_values(1)
    assert u1.to_numpy().all()


def test_valid_rect(vx, ctx):
    img = ctx.image(20, 10, vx.lib.VX_DF_IMAGE_U8)
    img.set_valid_rect((2, 3, 15, 9))
    assert img.valid_rect == (2, 3, 15, 9)
    img.set_valid_rect(None)
    assert img.valid_rect == (0, 0, 20, 10)
    with pytest.raises(vx.VXError):
        img.set_valid_rect((0, 0, 21, 10))


# -- ROI and channels ---------------------------------------------------------------------
def test_roi_shares_memory_and_keeps_parent(vx, ctx, rng):
    parent = ctx.image(31, 12, vx.lib.VX_DF_IMAGE_RGB)
    ref = random_plane(rng, LAYOUTS["RGB"][0], 31, 12)
    parent.copy_from(ref)
    roi = parent.roi((4, 2, 21, 11))
    assert roi.size == (17, 9) and roi.format_name == "RGB"
    assert np.array_equal(roi.to_numpy(), ref[2:11, 4:21])
    patch = random_plane(rng, LAYOUTS["RGB"][0], 17, 9)
    roi.copy_from(patch)
    ref[2:11, 4:21] = patch
    assert np.array_equal(parent.to_numpy(), ref)
    nested = roi.roi((1, 1, 3, 4))
    assert np.array_equal(nested.to_numpy(), ref[3:6, 5:7])
    del parent
    gc.collect()
    assert np.array_equal(roi.to_numpy(), ref[2:11, 4:21])  # the parent lives on
    with pytest.raises(vx.VXError):
        roi.roi((0, 0, 18, 9))


def test_roi_of_handle_image(vx, ctx):
    a = np.zeros((6, 10), np.uint8)
    roi = ctx.image_from_numpy(a).roi((2, 1, 6, 4))
    roi.set_pixel_values(9)
    expect = np.zeros((6, 10), np.uint8)
    expect[1:4, 2:6] = 9
    assert np.array_equal(a, expect)


def test_channels(vx, ctx, rng):
    w, h = 10, 6
    for name, channel, plane in [("YUV4", "U", 1), ("YUV4", "V", 2), ("IYUV", "U", 1), ("IYUV", "V", 2),
                                 ("NV12", "Y", 0), ("IYUV", "Y", 0)]:
        img = ctx.image(w, h, fmt(vx, name))
        planes = [random_plane(rng, lay, w, h) for lay in LAYOUTS[name]]
        for p, data in enumerate(planes):
            img.copy_from(data, plane=p)
        ch = img.channel(getattr(vx.lib, "VX_CHANNEL_" + channel))
        assert ch.format_name == "U8"
        assert ch.to_numpy().shape == planes[plane].shape
        assert np.array_equal(ch.to_numpy(), planes[plane])
        ch.set_pixel_values(123)  # writes land in the parent's plane
        assert (img.to_numpy(plane) == 123).all()
        for p in range(len(planes)):
            if p != plane:
                assert np.array_equal(img.to_numpy(p), planes[p])
    with pytest.raises(vx.InvalidParametersError, match="whole plane"):
        ctx.image(4, 4, vx.lib.VX_DF_IMAGE_RGB).channel(vx.lib.VX_CHANNEL_R)


def test_release_and_reference_count(vx, ctx):
    before = ctx.references
    imgs = [ctx.image(4, 4, vx.lib.VX_DF_IMAGE_U8) for _ in range(3)]
    assert ctx.references == before + 3
    assert imgs[0].reference_count == 1
    with imgs[0]:
        pass
    assert imgs[0].closed
    imgs[0].close()  # idempotent
    assert ctx.references == before + 2
    del imgs
    gc.collect()
    assert ctx.references == before


@pytest.mark.parametrize("name", ["U8", "U16", "S16", "U32", "S32", "RGB", "RGBX"])
def test_image_from_numpy_fast_path_is_the_general_one(vx, ctx, rng, name):
    """A C-contiguous array of a single-plane format takes a short path in
    Image.from_numpy_handle; the same array as a one-plane list takes the
    general one.  Both give the same image: format, size, the memory of the
    array itself with its row pitch, the array pinned; writes go both ways."""
    lay = LAYOUTS[name][0]
    for w, h in sizes_for(name):
        a = random_plane(rng, lay, w, h)
        fast = ctx.image_from_numpy(a)
        general = ctx.image_from_numpy([a], format=fmt(vx, name))
        for img in (fast, general):
            assert (img.format_name, img.width, img.height) == (name, w, h)
            assert img._pinned[0] is a
            with img.map() as m:
                assert m.__array_interface__["data"][0] == a.ctypes.data
                assert m.strides == a.strides
            assert np.array_equal(img.to_numpy(), a)
        b = random_plane(rng, lay, w, h)
        fast.copy_from(b)
        assert np.array_equal(general.to_numpy(), b)
        fast.close()
        general.close()
    # the same array with its format named takes the short path too
    a = random_plane(rng, lay, 9, 4)
    img = ctx.image_from_numpy(a, format=fmt(vx, name))
    assert img._pinned[0] is a and img.format_name == name


def test_image_from_numpy_arrays_off_the_fast_path(vx, ctx, rng):
    """What the short path must leave to the general one, and what that does."""
    # big-endian pixels: no format matches (as before)
    with pytest.raises(TypeError, match="no image format"):
        ctx.image_from_numpy(np.zeros((4, 4), ">u2"))
    # misaligned uint16 pixels: copied, so the image does not see later writes
    raw = np.zeros(2 * 4 * 4 + 1, np.uint8)
    odd = raw[1:].view(np.uint16).reshape(4, 4)
    assert not odd.flags.aligned
    img = ctx.image_from_numpy(odd)
    assert img._pinned[0] is not odd
    odd[0, 0] = 9
    assert img.to_numpy()[0, 0] == 0
    # read-only: copied
    ro = rng.integers(0, 255, (3, 5), dtype=np.uint8)
    ro.flags.writeable = False
    img = ctx.image_from_numpy(ro)
    assert img._pinned[0] is not ro and np.array_equal(img.to_numpy(), ro)
    # a (h, w, 2) uint8 array is no single-plane format alone: the general
    # path with the format given
    yuyv = np.zeros((2, 4, 2), np.uint8)
    with pytest.raises(TypeError, match="no image format"):
        ctx.image_from_numpy(yuyv)
    assert ctx.image_from_numpy(yuyv, format=vx.lib.VX_DF_IMAGE_YUYV).format_name == "YUYV"
    # an array of another format's dtype with a format named: the general
    # path's checks (U16 needs uint16)
    with pytest.raises(TypeError, match="expected dtype"):
        ctx.image_from_numpy(np.zeros((4, 4), np.uint8), format=vx.lib.VX_DF_IMAGE_U16)
