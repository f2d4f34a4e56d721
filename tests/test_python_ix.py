"""vx_khr_ix from Python: vx.export_objects / vx.import_objects, ctx methods, Import."""

import numpy as np
import pytest


def _graph(vx, ctx, src, dst):
    g = ctx.graph()
    v = g.virtual_image()
    g.gaussian3x3(src, v)
    g.box3x3(v, dst)
    return g


def test_graph_round_trip_runs(vx, ctx):
    rng = np.random.default_rng(7)
    a = rng.integers(0, 256, (30, 41), dtype=np.uint8)
    src = ctx.image_from_numpy(a.copy())
    src.name = "input"
    dst = ctx.image(41, 30, vx.DF_IMAGE_U8)
    dst.name = "output"
    g = _graph(vx, ctx, src, dst)
    g.name = "pipeline"
    blob = vx.export_objects(ctx, [g, src, dst], ["export_values", "application_create", "no_export_values"])
    assert isinstance(blob, bytes) and blob[:4] == b"OVIX"
    g.process()
    expected = dst.to_numpy()
    with vx.Context() as ctx2:
        src2 = ctx2.image(41, 30, vx.DF_IMAGE_U8)
        src2.copy_from(a)
        imp = vx.import_objects(ctx2, blob, [None, src2, None],
                                ["export_values", "application_create", "no_export_values"])
        g2, s2, d2 = imp.references
        assert s2 is src2
        assert isinstance(g2, vx.Graph) and g2.is_verified
        assert g2.name == "pipeline"
        assert not d2.to_numpy().any()
        g2.process()
        np.testing.assert_array_equal(d2.to_numpy(), expected)
        out = imp["output"]
        assert isinstance(out, vx.Image)
        np.testing.assert_array_equal(out.to_numpy(), expected)
        assert imp.get("nothing") is None
        assert len(imp) == 3
        out.close()
        imp.close()
        for r in (g2, d2, src2):
            r.close()


def test_context_methods_and_values(vx, ctx):
    lut = vx.LUT.from_numpy(ctx, np.arange(255, -1, -1, dtype=np.uint8))
    lut.name = "lut"
    t = ctx.tensor_from_numpy(np.arange(24, dtype=np.int16).reshape(2, 3, 4))
    blob = ctx.export_objects([lut, t])            # export_values by default
    with vx.Context() as ctx2:
        imp = ctx2.import_objects(blob, 2)
        lut2, t2 = imp
        np.testing.assert_array_equal(lut2.to_numpy(), lut.to_numpy())
        np.testing.assert_array_equal(t2.to_numpy(), t.to_numpy())
        assert imp["lut"].count == 256
        imp.close()
        lut2.close()
        t2.close()
    blob = ctx.export_objects([lut], vx.IX_USE_NO_EXPORT_VALUES)
    with vx.Context() as ctx2:
        imp = ctx2.import_objects(blob, 1, "no_export_values")
        assert not imp[0].to_numpy().any()
        imp.close()


def test_errors(vx, ctx):
    img = ctx.image(8, 8, vx.DF_IMAGE_U8)
    g = ctx.graph()
    v = g.virtual_image(8, 8, vx.DF_IMAGE_U8)
    with pytest.raises(TypeError):
        vx.export_objects(ctx, [np.zeros(3)])
    with pytest.raises(ValueError):
        vx.export_objects(ctx, [img], "sometimes")
    with pytest.raises(ValueError):
        vx.export_objects(ctx, [img], ["export_values", "export_values"])
    with pytest.raises(ValueError):
        vx.export_objects(ctx, [])
    with pytest.raises(vx.VXError) as e:
        vx.export_objects(ctx, [v])
    assert "virtual" in str(e.value)
    with pytest.raises(vx.VXError):
        vx.export_objects(ctx, [img, img])
    blob = vx.export_objects(ctx, [img])
    with pytest.raises(TypeError):
        vx.import_objects(ctx, "not bytes", 1)
    with pytest.raises(vx.VXError) as e:
        vx.import_objects(ctx, blob[:-1], 1)
    assert "length" in str(e.value)
    bad = bytearray(blob)
    bad[-20] ^= 0xFF
    with pytest.raises(vx.VXError) as e:
        vx.import_objects(ctx, bytes(bad), 1)
    assert "checksum" in str(e.value)
    with pytest.raises(vx.VXError):
        vx.import_objects(ctx, blob, 1, "no_export_values")     # not the export's uses
    other = ctx.image(9, 8, vx.DF_IMAGE_U8)
    with pytest.raises(vx.VXError):
        vx.import_objects(ctx, vx.export_objects(ctx, [img], "application_create"), [other])
