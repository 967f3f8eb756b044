"""Tests of stoplib.redblack.checkpoint and of the one resumable-sweep driver
(stoplib.redblack._sweep.drive): a run killed part-way (SIGTERM, SIGKILL, Ctrl-C) and resumed
gives the bits of an uninterrupted run, for every method (the tiled kernel in process, Dask on
a 2-worker LocalCluster, CUDA in numba's simulator); a bad checkpoint gives a clear error,
never a wrong value."""
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from stoplib import redblack as rb
from stoplib.redblack import checkpoint as ckm
from stoplib.redblack import solver
from stoplib.redblack._sweep import _CellCount
from stoplib.redblack.solver import _tiled

ROOT = Path(__file__).resolve().parents[2]

# Each method's sweep, slowed down in a child process (a sleep per step of work), so that a
# signal reliably lands part-way; the bits do not depend on where a run stops. The child sweeps
# V(i, i) for i <= N with a checkpoint written after every step, then saves the diagonal; the
# same call in a second child (or here) resumes from the checkpoint.
N, TILE = 3000, 32
SWEEPS = {
    "tiled": (f"""
        from stoplib.redblack import solver
        fast = solver._tiled_parallel
        def slow(*args):
            time.sleep(delay * (args[-2] - args[-3]))
            return fast(*args)
        solver._tiled_parallel = slow
        sweep = lambda: solver.balanced_values({N}, tile={TILE}, checkpoint=path, checkpoint_every=0.0)
    """, {}),
    "dask": (f"""
        from stoplib.redblack import distributed
        fast = distributed._run_block
        def slow(*args):
            time.sleep(10 * delay)
            return fast(*args)
        distributed._run_block = slow
        sweep = lambda: distributed.dask_sweep({N}, {N}, tile={TILE}, block=512, n_diag={N + 1}, n_workers=2,
                                               checkpoint=path, checkpoint_every=0.0).diag
    """, {}),
    "cuda": ("""
        from stoplib.redblack import gpu
        gpu.SYNC_EVERY = 1
        fast = gpu._launch_wavefront
        def slow(*args):
            time.sleep(10 * delay)
            return fast(*args)
        gpu._launch_wavefront = slow
        sweep = lambda: gpu.cuda_sweep(24, 24, n_diag=25, tile_rows=4, tile_cols=4, strip=2, checkpoint=path,
                                       checkpoint_every=0.0).diag
    """, {"NUMBA_ENABLE_CUDASIM": "1"}),
}


def _child(method, path, out, delay=0.005):
    """The method's sweep in a fresh process, slowed by ``delay`` (0: full speed), saving its
    diagonal to ``out`` if it finishes."""
    body, env = SWEEPS[method]
    code = ("import sys, time\nimport numpy as np\npath, delay = sys.argv[1], float(sys.argv[3])\n"
            + textwrap.dedent(body) + "\nnp.save(sys.argv[2], sweep())\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT), STOPLIB_PROGRESS="0", **env)
    return subprocess.Popen([sys.executable, "-c", code, str(path), str(out), str(delay)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _done(info):
    p = info["progress"]
    return (p["blocks_done"], p["blocks"]) if "blocks" in p else (p["dt"], p["n_dt"])


def _wait_for_checkpoint(proc, path, timeout=120.0):
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            raise AssertionError(f"child ended early: {proc.communicate()}")
        try:
            if _done(ckm.checkpoint_info(path))[0] >= 1:
                return
        except (FileNotFoundError, ckm.CheckpointError, KeyError):
            pass
        time.sleep(0.02)
    proc.kill()
    raise AssertionError("no checkpoint appeared")


@pytest.fixture(scope="module")
def references():
    """What an uninterrupted sweep gives: the tiled kernel (the Dask sweep has its bits), and
    the kernel's exact (non-fastmath) path for the CUDA simulator, whose arithmetic is IEEE."""
    return {"tiled": _tiled(N, N, tile=TILE, n_diag=N + 1).diag, "dask": _tiled(N, N, tile=TILE, n_diag=N + 1).diag,
            "cuda": _tiled(24, 24, tile=16, n_diag=25, fast=False).diag}


@pytest.mark.parametrize("method, sig", [("tiled", signal.SIGTERM), ("tiled", signal.SIGKILL),
                                         ("dask", signal.SIGTERM), ("cuda", signal.SIGTERM)])
def test_killed_run_resumes_bit_identical(tmp_path, references, method, sig):
    """A run killed part-way leaves a checkpoint that is neither complete nor torn; the same
    call resumes it to the bits of an uninterrupted run (SIGTERM goes through the driver's
    handler, which saves first; SIGKILL tests the atomic writes)."""
    path, out = tmp_path / f"{method}.ckpt", tmp_path / "diag.npy"
    proc = _child(method, path, out)
    _wait_for_checkpoint(proc, path)
    proc.send_signal(sig)
    proc.communicate(timeout=60)
    assert proc.returncode == -sig
    assert not out.exists()
    info = ckm.checkpoint_info(path)
    done, total = _done(info)
    assert not info["progress"]["complete"] and 0 < done < total
    if sig == signal.SIGTERM:                         # the handler lets a write finish: nothing left behind
        assert not list(tmp_path.glob(".*tmp*"))
    # (SIGKILL may land inside a write and leave its temporary file: the rename never happened, so
    # the checkpoint itself is the last complete one, which checkpoint_info just read)
    if method == "tiled":
        resumed = rb.balanced_values(N, tile=TILE, checkpoint=path)
    else:                                             # a fresh process, as after a crash
        again = _child(method, path, out, delay=0.0)
        assert again.wait(timeout=300) == 0, again.communicate()[1][-2000:]
        resumed = np.load(out)
    assert resumed.tobytes() == references[method].tobytes()
    assert ckm.checkpoint_info(path)["progress"]["complete"]


def test_ctrl_c_saves_and_resumes(tmp_path, monkeypatch):
    n, tile = 8_000, 64
    ref = _tiled(n, n, tile=tile, n_diag=n + 1).diag
    path = tmp_path / "int.ckpt"
    fast_kernel = solver._tiled_parallel

    calls = []

    def slow_kernel(*args):
        time.sleep(0.003 * (args[-2] - args[-3]))
        calls.append(1)
        if len(calls) == 3:  # Ctrl-C part-way, once the sweep (and its handler) is running
            os.kill(os.getpid(), signal.SIGINT)
        return fast_kernel(*args)

    monkeypatch.setattr(solver, "_tiled_parallel", slow_kernel)
    with pytest.raises(KeyboardInterrupt, match="resumes"):
        _tiled(n, n, tile=tile, n_diag=n + 1, checkpoint=path, checkpoint_every=1e9)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # handler restored
    prog = ckm.checkpoint_info(path)["progress"]
    assert 0 < prog["dt"] < prog["n_dt"] and prog["seconds"] > 0
    monkeypatch.setattr(solver, "_tiled_parallel", fast_kernel)
    d = _tiled(n, n, tile=tile, n_diag=n + 1, checkpoint=path).diag
    assert d.tobytes() == ref.tobytes()


def test_resume_value_unbalanced_serial_and_parallel(tmp_path, monkeypatch):
    n_red, n_black, tile = 2000, 3000, 32
    ref = _tiled(n_red, n_black, tile=tile).value
    path = tmp_path / "v.ckpt"
    saves = []
    real_save = ckm.Checkpointer.save

    def save_then_stop(self, progress, arrays):
        real_save(self, progress, arrays)
        saves.append(progress["dt"])
        if len(saves) == 3 and not progress["complete"]:
            raise RuntimeError("stop here")

    monkeypatch.setattr(ckm.Checkpointer, "save", save_then_stop)
    with pytest.raises(RuntimeError):
        _tiled(n_red, n_black, tile=tile, checkpoint=path, checkpoint_every=0.0, parallel=False)
    monkeypatch.setattr(ckm.Checkpointer, "save", real_save)
    assert 0 < ckm.checkpoint_info(path)["progress"]["dt"] < ckm.checkpoint_info(path)["progress"]["n_dt"]
    # the serial run stopped, the parallel one finishes it: same bits
    assert _tiled(n_red, n_black, tile=tile, checkpoint=path).value == ref
    assert _tiled(n_red, n_black, tile=tile, checkpoint=path, parallel=False).value == ref


def test_finished_checkpoint_returns_without_computing(tmp_path, monkeypatch):
    path = tmp_path / "done.ckpt"
    first = rb.balanced_values(2000, tile=128, checkpoint=path)

    def boom(*args):
        raise AssertionError("recomputed")

    monkeypatch.setattr(solver, "_tiled_parallel", boom)
    again = rb.balanced_values(2000, tile=128, checkpoint=path)
    assert again.tobytes() == first.tobytes()
    assert ckm.checkpoint_info(path)["progress"]["complete"]


def test_value_with_checkpoint(tmp_path):
    path = tmp_path / "v26.ckpt"
    assert rb.value(26, 26, checkpoint=path) == rb.value(26, 26, method="tiled")
    assert path.exists()
    assert rb.value(26, 26, checkpoint=path) == rb.value(26, 26, method="tiled")


# --------------------------------------------------------------------------
# Bad checkpoints: clear errors, never a wrong value
# --------------------------------------------------------------------------
@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "s.ckpt"
    rb.balanced_values(2000, tile=64, checkpoint=path)
    return path


def test_corrupt_byte_is_detected(saved):
    data = bytearray(saved.read_bytes())
    data[len(data) // 2] ^= 0x01
    saved.write_bytes(bytes(data))
    with pytest.raises(ckm.CheckpointError, match="checksum"):
        rb.balanced_values(2000, tile=64, checkpoint=saved)


@pytest.mark.parametrize("keep", [0.0, 0.001, 0.5, 0.999])
def test_truncated_file_is_detected(saved, keep):
    data = saved.read_bytes()
    saved.write_bytes(data[:int(len(data) * keep)])
    with pytest.raises(ckm.CheckpointError, match="truncated|not a stoplib"):
        rb.balanced_values(2000, tile=64, checkpoint=saved)


def test_not_a_checkpoint(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n" * 100)
    with pytest.raises(ckm.CheckpointError, match="not a stoplib.redblack checkpoint"):
        rb.balanced_values(100, checkpoint=path)


@pytest.mark.parametrize("call", [
    lambda p: rb.balanced_values(2001, tile=64, checkpoint=p),
    lambda p: rb.balanced_values(2000, tile=128, checkpoint=p),
    lambda p: rb.value(2000, 2000, checkpoint=p),
])
def test_mismatched_parameters(saved, call):
    with pytest.raises(ckm.CheckpointError, match="another computation"):
        call(saved)


def test_header_edit_breaks_the_checksum(saved):
    data = saved.read_bytes()
    edited = data.replace(b'"n_red": 2000', b'"n_red": 2001')
    assert edited != data
    saved.write_bytes(edited)
    with pytest.raises(ckm.CheckpointError):
        rb.balanced_values(2001, tile=64, checkpoint=saved)


def test_failed_write_keeps_the_old_checkpoint(saved, monkeypatch):
    before = saved.read_bytes()

    def fail(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(OSError, match="disk full"):
        ckm.write_checkpoint(saved, ckm.Frontier({"x": 1}, {}, {"a": np.zeros(10)}))
    assert saved.read_bytes() == before
    assert not [p for p in saved.parent.iterdir() if "tmp" in p.name]


def test_roundtrip_of_dtypes_and_shapes(tmp_path):
    arrays = {"f": np.linspace(0, 1, 7), "i": np.arange(6, dtype=np.int64).reshape(2, 3),
              "empty": np.zeros(0), "b": np.array([True, False])}
    p = ckm.write_checkpoint(tmp_path / "x", ckm.Frontier({"k": 1}, {"dt": np.int64(3)}, arrays))
    back = ckm.read_checkpoint(p, {"k": 1})
    assert back.progress == {"dt": 3}
    for k, a in arrays.items():
        assert back.arrays[k].dtype == a.dtype and np.array_equal(back.arrays[k], a)


# --------------------------------------------------------------------------
# Inputs and the progress estimate
# --------------------------------------------------------------------------
def test_bad_arguments(tmp_path):
    with pytest.raises(TypeError, match="checkpoint must be a path"):
        rb.balanced_values(10, checkpoint=3)
    with pytest.raises(ValueError, match="checkpoint_every"):
        rb.balanced_values(10, checkpoint=tmp_path / "a", checkpoint_every=-1.0)
    with pytest.raises(TypeError, match="checkpoint_every"):
        rb.value(10, 10, checkpoint=tmp_path / "a", checkpoint_every="often")
    with pytest.raises(ValueError, match="checkpoint needs a method"):
        rb.value(10, 10, method="row", checkpoint=tmp_path / "a")
    with pytest.raises(ValueError, match="scheduler is for method='dask'"):
        rb.value(10, 10, method="tiled", scheduler="tcp://nowhere:1")
    with pytest.raises(FileNotFoundError):
        ckm.read_checkpoint(tmp_path / "missing")
    with pytest.raises(TypeError, match="path must be"):
        ckm.checkpoint_info(7)
    with pytest.raises(TypeError, match="frontier must be"):
        ckm.write_checkpoint(tmp_path / "x", {"params": {}})
    with pytest.raises(ValueError, match="folder"):
        ckm.write_checkpoint(tmp_path / "no" / "such" / "x", ckm.Frontier({}, {}))


def test_time_limit_waived_with_a_checkpoint(tmp_path):
    from stoplib.util import budget

    with budget.allow(seconds=1e-9):
        with pytest.raises(budget.BudgetError, match="checkpoint="):
            rb.balanced_values(500)
        assert rb.balanced_values(500, checkpoint=tmp_path / "c").shape == (501,)
    with budget.allow(seconds=1e-9, bytes=1000):  # never the memory limit
        with pytest.raises(budget.BudgetError, match="memory"):
            rb.balanced_values(500, checkpoint=tmp_path / "d")


def test_cell_estimate_close_to_live_cells():
    for n_red, n_black, tile in [(20_000, 20_000, 256), (3000, 9000, 64), (9000, 3000, 64)]:
        est = _CellCount(n_red, n_black, tile)
        live = rb.live_cells(n_red, n_black)
        assert abs(est.total - live) < 0.03 * live + 1000
        n_dt = -(-n_red // tile) + -(-n_black // tile) - 1
        done = [est(d) for d in range(n_dt + 1)]
        assert done[0] == 0.0 and done[-1] == pytest.approx(est.total)
        assert np.all(np.diff(done) >= 0)
