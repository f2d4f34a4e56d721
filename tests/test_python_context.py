"""pyopenvx.Context: lifecycle, properties, log capture, kernels; the info CLI."""

import gc
import json
import subprocess
import sys

import pytest


# -- lifecycle -------------------------------------------------------------------
def test_context_manager_and_close(vx):
    with vx.Context() as ctx:
        assert not ctx.closed
        assert ctx.handle != vx.ffi.NULL
        assert ctx.version == (1, 3)
    assert ctx.closed
    ctx.close()  # idempotent
    ctx.close()
    with pytest.raises(vx.VXError):
        ctx.vendor_id
    with pytest.raises(vx.InvalidReferenceError):
        ctx.handle
    assert "closed" in repr(ctx)


def test_gc_releases(vx):
    from pyopenvx import _context

    before = len(_context._SINKS)
    ctxs = [vx.Context() for _ in range(4)]
    assert len(_context._SINKS) == before + 4
    del ctxs
    gc.collect()
    assert len(_context._SINKS) == before


def test_two_contexts_are_independent(vx):
    with vx.Context() as a, vx.Context() as b:
        a.add_log_entry("only in a")
        assert any("only in a" in m for _, m in a.log)
        assert not any("only in a" in m for _, m in b.log)


def test_context_is_its_own_context(vx, ctx):
    assert ctx.context is ctx
    assert ctx.type == vx.lib.VX_TYPE_CONTEXT


# -- properties ------------------------------------------------------------------
def test_version_and_vendor(vx, ctx):
    assert ctx.version == (1, 3)
    assert ctx.version_raw == vx.lib.VX_VERSION_1_3
    assert 0 <= ctx.vendor_id <= 0xFFF


def test_implementation(ctx):
    name = ctx.implementation
    assert isinstance(name, str) and name


def test_extensions(ctx):
    exts = ctx.extensions
    assert isinstance(exts, list)
    assert all(isinstance(e, str) and e and " " not in e for e in exts)
    assert ctx.extensions_size >= 0


def test_counts(ctx):
    assert ctx.unique_kernels >= 0
    assert ctx.modules >= 0
    assert ctx.references >= 0


def test_max_dimensions(ctx):
    assert ctx.convolution_max_dimension >= 9
    assert ctx.optical_flow_max_window_dimension >= 9
    assert ctx.nonlinear_max_dimension >= 9
    assert ctx.max_tensor_dims >= 4


def test_immediate_border(vx, ctx):
    b = ctx.immediate_border
    assert b.mode == vx.BORDER_UNDEFINED
    ctx.immediate_border = vx.Border(vx.BORDER_CONSTANT, 42)
    b = ctx.immediate_border
    assert b.mode == vx.BORDER_CONSTANT and b.constant_value == 42
    ctx.immediate_border = (vx.BORDER_REPLICATE, 0)
    assert ctx.immediate_border.mode == vx.BORDER_REPLICATE
    ctx.immediate_border = vx.BORDER_UNDEFINED
    assert ctx.immediate_border.mode == vx.BORDER_UNDEFINED


def test_immediate_border_bad_mode_raises(vx, ctx):
    with pytest.raises(vx.VXError):
        ctx.immediate_border = vx.Border(vx.lib.VX_TYPE_IMAGE)
    assert ctx.immediate_border.mode == vx.BORDER_UNDEFINED  # unchanged


def test_immediate_border_policy(vx, ctx):
    assert ctx.immediate_border_policy in (vx.BORDER_POLICY_DEFAULT_TO_UNDEFINED,
                                           vx.BORDER_POLICY_RETURN_ERROR)


def test_kernel_table(ctx):
    table = ctx.kernel_table
    assert len(table) == ctx.unique_kernels
    for enum, name in table:
        assert isinstance(enum, int) and isinstance(name, str) and name


def test_query_wrong_size_raises_invalid_parameters(vx, ctx):
    p = vx.ffi.new("vx_uint16 *")
    with pytest.raises(vx.InvalidParametersError):
        ctx._call(vx.lib.vxQueryContext, ctx.handle, vx.lib.VX_CONTEXT_VERSION, p, 8)


# -- log --------------------------------------------------------------------------
def test_log_capture(vx, ctx):
    vx.lib.vxAddLogEntry(ctx.ref, vx.lib.VX_ERROR_INVALID_VALUE, b"hello %d from C",
                         vx.ffi.cast("int", 42))
    assert (vx.lib.VX_ERROR_INVALID_VALUE, "hello 42 from C") in [
        (s, m.rstrip("\n")) for s, m in ctx.log]
    ctx.add_log_entry("second", vx.lib.VX_FAILURE)
    status, message = ctx.log[-1]
    assert status == vx.lib.VX_FAILURE and "second" in message
    ctx.clear_log()
    assert ctx.log == []


def test_log_is_a_ring_buffer(vx):
    with vx.Context(log_size=8) as ctx:
        for i in range(20):
            ctx.add_log_entry("entry %d" % i)
        log = ctx.log
        assert len(log) == 8
        assert "entry 19" in log[-1].message and "entry 12" in log[0].message


def test_log_directives(vx, ctx):
    ctx.directive(vx.lib.VX_DIRECTIVE_DISABLE_LOGGING)
    ctx.add_log_entry("not recorded")
    ctx.directive(vx.lib.VX_DIRECTIVE_ENABLE_LOGGING)
    ctx.add_log_entry("recorded")
    messages = [m for _, m in ctx.log]
    assert not any("not recorded" in m for m in messages)
    assert any("recorded" in m for m in messages)


def test_hint(vx, ctx):
    ctx.hint(vx.lib.VX_HINT_PERFORMANCE_DEFAULT)


# -- kernels ------------------------------------------------------------------------
def test_unknown_kernel_name_raises(vx, ctx):
    with pytest.raises(vx.VXError):
        ctx.kernel("org.example.no_such_kernel")


def test_unknown_kernel_enum_raises(vx, ctx):
    with pytest.raises(vx.VXError):
        ctx.kernel(0x0FFE)


def test_kernel_lookup(vx, ctx):
    table = ctx.kernel_table
    if not table:
        pytest.skip("the library registers no kernel yet")
    enum, name = table[0]
    with ctx.kernel(name) as k:
        assert k.name == name
        assert k.enum == enum
        assert k.parameters >= 1
        assert k.context is ctx
    assert k.closed
    k2 = ctx.kernel(enum)
    assert k2.name == name
    k2.close()


# -- CLI ------------------------------------------------------------------------------
def test_info_cli():
    r = subprocess.run([sys.executable, "-m", "pyopenvx", "info"], capture_output=True,
                       text=True, timeout=120, cwd="/")
    assert r.returncode == 0, r.stderr
    assert "OpenVX version:" in r.stdout
    assert "1.3" in r.stdout
    assert "implementation:" in r.stdout
    assert "unique kernels:" in r.stdout
    assert "CPU features" in r.stdout


def test_info_cli_json():
    r = subprocess.run([sys.executable, "-m", "pyopenvx", "info", "--json"], capture_output=True,
                       text=True, timeout=120, cwd="/")
    assert r.returncode == 0, r.stderr
    info = json.loads(r.stdout)
    assert info["version"] == "1.3"
    assert isinstance(info["vendor_id"], int)
    assert isinstance(info["extensions"], list)
    assert "features_detected_by_python" in info["cpu"]
    assert info["unique_kernels"] == len(info["kernels"])


def test_log_from_threads(vx):
    import threading

    with vx.Context(log_size=1000) as ctx:
        def work(i):
            for j in range(50):
                ctx.add_log_entry("t%d-%d" % (i, j))

        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        messages = {m.rstrip() for _, m in ctx.log}
        assert {"t%d-%d" % (i, j) for i in range(4) for j in range(50)} <= messages


def test_threads_reports_the_pool_size(vx):
    import os
    with vx.Context() as ctx:
        want = int(os.environ.get("OPENVX_THREADS") or os.cpu_count())
        assert ctx.threads == want
