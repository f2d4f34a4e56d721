"""vx_status -> exception mapping, check(), log text in errors."""

import builtins

import pytest


def _negative_statuses(vx):
    return {name: getattr(vx.lib, name) for name in dir(vx.lib)
            if (name.startswith("VX_ERROR_") or name == "VX_FAILURE")}


def test_every_negative_status_has_its_class(vx):
    statuses = _negative_statuses(vx)
    assert len(statuses) == 24
    for name, value in statuses.items():
        cls = vx.STATUS_TO_ERROR[value]
        assert issubclass(cls, vx.VXError)
        assert cls.status == value, name
        assert cls is not vx.VXError
    assert len(set(vx.STATUS_TO_ERROR.values())) == len(statuses)
    assert vx.lib.VX_SUCCESS not in vx.STATUS_TO_ERROR


@pytest.mark.parametrize("status_name, cls_name", [
    ("VX_ERROR_INVALID_REFERENCE", "InvalidReferenceError"),
    ("VX_ERROR_INVALID_PARAMETERS", "InvalidParametersError"),
    ("VX_ERROR_INVALID_FORMAT", "InvalidFormatError"),
    ("VX_ERROR_NOT_IMPLEMENTED", "NotImplementedVXError"),
    ("VX_ERROR_NOT_SUPPORTED", "NotSupportedError"),
    ("VX_ERROR_GRAPH_ABANDONED", "GraphAbandonedError"),
    ("VX_ERROR_REFERENCE_NONZERO", "ReferenceNonzeroError"),
    ("VX_ERROR_MULTIPLE_WRITERS", "MultipleWritersError"),
    ("VX_ERROR_NO_MEMORY", "NoMemoryError"),
    ("VX_FAILURE", "FailureError"),
])
def test_class_names(vx, status_name, cls_name):
    assert vx.STATUS_TO_ERROR[getattr(vx.lib, status_name)] is getattr(vx, cls_name)


def test_builtins_not_shadowed(vx):
    assert getattr(vx, "NotImplementedError", builtins.NotImplementedError) is builtins.NotImplementedError
    assert issubclass(vx.NotImplementedVXError, builtins.NotImplementedError)
    assert issubclass(vx.NotImplementedVXError, vx.VXError)


def test_check(vx):
    assert vx.check(vx.lib.VX_SUCCESS) == 0
    with pytest.raises(vx.InvalidReferenceError) as ei:
        vx.check(-12)
    assert ei.value.status == -12
    assert ei.value.status_name == "VX_ERROR_INVALID_REFERENCE"
    assert "VX_ERROR_INVALID_REFERENCE" in str(ei.value)
    with pytest.raises(vx.VXError) as ei:
        vx.check(-1000)  # vendor/unknown error code: the base class
    assert type(ei.value) is vx.VXError and ei.value.status == -1000
    with pytest.raises(vx.FailureError, match="vxFoo failed"):
        vx.check(vx.lib.VX_FAILURE, what="vxFoo")


def test_error_attributes(vx):
    e = vx.InvalidFormatError(message="bad format")
    assert e.status == vx.lib.VX_ERROR_INVALID_FORMAT and e.message == "bad format"
    assert isinstance(e, ValueError)
    e = vx.VXError(vx.lib.VX_ERROR_INVALID_TYPE, "x")
    assert e.status == vx.lib.VX_ERROR_INVALID_TYPE


def test_check_carries_the_context_log(vx, ctx):
    ctx.add_log_entry("something went wrong here", vx.lib.VX_ERROR_INVALID_VALUE)
    with pytest.raises(vx.InvalidValueError) as ei:
        vx.check(vx.lib.VX_ERROR_INVALID_VALUE, ctx)
    assert "something went wrong here" in ei.value.message


def test_bad_attribute_maps_to_the_right_class(vx, ctx):
    lib, ffi = vx.lib, vx.ffi
    p = ffi.new("vx_uint32 *")
    bad_attr = lib.VX_ATTRIBUTE_ID_MASK | (0x801 << 8)  # a context attribute that does not exist
    status = lib.vxQueryContext(ctx.handle, bad_attr, p, 4)
    assert status in (lib.VX_ERROR_NOT_SUPPORTED, lib.VX_ERROR_INVALID_PARAMETERS)
    with pytest.raises((vx.NotSupportedError, vx.InvalidParametersError)):
        vx.check(status, ctx)


def test_wrong_size_is_invalid_parameters(vx, ctx):
    lib, ffi = vx.lib, vx.ffi
    p = ffi.new("vx_uint32 *")  # VX_CONTEXT_VERSION is a vx_uint16... size 1 is wrong
    status = lib.vxQueryContext(ctx.handle, lib.VX_CONTEXT_VERSION, p, 1)
    assert status == lib.VX_ERROR_INVALID_PARAMETERS
    with pytest.raises(vx.InvalidParametersError):
        vx.check(status, ctx)


def test_wrapper_errors_carry_log_text(vx, ctx):
    # A setter refused by the library: the exception names the call.
    with pytest.raises(vx.VXError) as ei:
        ctx.immediate_border = (0x7FFF0000, 0)  # not a border mode
    assert "vxSetContextAttribute" in str(ei.value)
