"""Issue 11 items 7 and 8, the Python side: a scheduled graph whose Context
(or the graph itself) is closed before wait(), and one graph scheduled and
waited from several Python threads.  A crash here would kill the interpreter,
so the context-close cases run in a child process and check how it ended."""

import pathlib
import subprocess
import sys
import textwrap
import threading

import numpy as np

import pyopenvx as vx
from pyopenvx import lib

ROOT = pathlib.Path(__file__).resolve().parents[1]

# a graph long enough (a chain of 3x3 filters on a large image) that it is
# still running when the block ends right after schedule()
_PRELUDE = textwrap.dedent("""
    import numpy as np
    import pyopenvx as vx
    a = (np.arange(1024 * 768, dtype=np.uint32) * 2654435761 % 251).astype(np.uint8).reshape(768, 1024)

    def build(ctx, n=12):
        g = vx.Graph(ctx)
        src = ctx.image_from_numpy(a)
        cur = src
        for _ in range(n):
            nxt = g.virtual_image(1024, 768, vx.DF_IMAGE_U8)
            g.box3x3(cur, nxt)
            cur = nxt
        dst = ctx.image(1024, 768, vx.DF_IMAGE_U8)
        g.not_(cur, dst)
        return g, src, dst
""")


def _run_child(body):
    code = _PRELUDE + textwrap.dedent(body)
    r = subprocess.run([sys.executable, "-c", code], cwd=str(ROOT / "tests"),
                       capture_output=True, text=True, timeout=120)
    return r


def test_context_block_ends_before_wait():
    # vxReleaseContext waits for the scheduled run: no SIGSEGV in the pool,
    # and wait() afterwards raises an error that names the closed context
    r = _run_child("""
        for i in range(5):
            with vx.Context() as ctx:
                g, src, dst = build(ctx)
                g.schedule()
            try:
                g.wait()
            except vx.VXError as e:
                assert "Context was closed" in str(e), str(e)
            else:
                raise SystemExit("wait() after the context closed did not raise")
        print("ok")
    """)
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    assert r.stdout.strip().endswith("ok")


def test_context_block_raises_before_wait():
    r = _run_child("""
        class Boom(Exception):
            pass
        for i in range(5):
            try:
                with vx.Context() as ctx:
                    g, src, dst = build(ctx)
                    g.schedule()
                    raise Boom()
            except Boom:
                pass
            del g, src, dst, ctx
        import gc
        gc.collect()
        print("ok")
    """)
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    assert r.stdout.strip().endswith("ok")


def test_context_garbage_collected_while_scheduled():
    # no close() at all: every object dropped while the graph runs
    r = _run_child("""
        import gc
        for i in range(5):
            ctx = vx.Context()
            g, src, dst = build(ctx)
            g.schedule()
            del ctx, g, src, dst
            gc.collect()
        print("ok")
    """)
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)
    assert r.stdout.strip().endswith("ok")


def _box3x3_interior(a):
    # the default border mode is VX_BORDER_UNDEFINED: compare the interior only
    s = np.zeros((a.shape[0] - 2, a.shape[1] - 2), np.uint32)
    for dy in range(3):
        for dx in range(3):
            s += a[dy:dy + a.shape[0] - 2, dx:dx + a.shape[1] - 2]
    return (s // 9).astype(np.uint8)


def test_graph_closed_while_scheduled_finishes_its_run():
    # releasing a scheduled graph waits for its run: the output holds the result
    k = 6
    with vx.Context() as ctx:
        a = (np.arange(1024 * 768, dtype=np.uint32) * 2654435761 % 251).astype(np.uint8).reshape(768, 1024)
        src = ctx.image_from_numpy(a)
        dst = ctx.image(1024, 768, vx.DF_IMAGE_U8)
        g = vx.Graph(ctx)
        cur = src
        for _ in range(k):
            mid = g.virtual_image(1024, 768, vx.DF_IMAGE_U8)
            g.box3x3(cur, mid)
            cur = mid
        g.not_(cur, dst)
        g.schedule()
        g.close()
        out = dst.to_numpy()
        ref = a
        for _ in range(k):
            ref = _box3x3_interior(ref)
        assert np.array_equal(out[k:-k, k:-k], 255 - ref)
        # the context is still fine after the graph went
        g2 = vx.Graph(ctx)
        g2.not_(src, dst)
        g2.process()
        assert np.array_equal(dst.to_numpy(), 255 - a)


def test_one_graph_from_several_threads():
    # single-issue: schedule() either starts the run or raises
    # VX_ERROR_GRAPH_SCHEDULED; the thread whose schedule() started a run waits
    # for it and gets its status, never a failure for a run that succeeded
    with vx.Context() as ctx:
        a = (np.arange(320 * 240, dtype=np.uint32) * 40503 % 256).astype(np.uint8).reshape(240, 320)
        src = ctx.image_from_numpy(a)
        dst = ctx.image(320, 240, vx.DF_IMAGE_U8)
        g = vx.Graph(ctx)
        g.not_(src, dst)
        g.verify()
        started = [0] * 4
        errors = []

        def worker(k):
            try:
                for _ in range(60):
                    try:
                        g.schedule()
                    except vx.VXError as e:
                        if e.status != lib.VX_ERROR_GRAPH_SCHEDULED:
                            errors.append(("schedule", e.status, str(e)))
                        continue
                    started[k] += 1
                    try:
                        g.wait()  # only the thread that scheduled waits
                    except vx.VXError as e:
                        errors.append(("wait", e.status, str(e)))
            except Exception as e:  # pragma: no cover - reported below
                errors.append(("exc", repr(e)))

        ts = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        assert not errors, errors[:5]
        assert sum(started) > 0
        # the graph is idle and its last run was right
        assert g.state == lib.VX_GRAPH_STATE_COMPLETED
        assert np.array_equal(dst.to_numpy(), 255 - a)
