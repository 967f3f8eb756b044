"""Tests of stoplib.redblack.gpu: both CUDA kernels in numba's simulator on small decks against
the CPU kernel (bit for bit: the simulator's arithmetic is the CPU's exact path), their
checkpoints, the wavefront's skipping of dead tiles, and the choice of method "auto".

``NUMBA_ENABLE_CUDASIM=1`` must be set before numba is imported, and pytest has imported
numba long before this module runs, so the simulator runs in a child process; nothing is
skipped. The child shortens Python's thread switch interval: the simulator runs each CUDA
thread as a Python thread, and with the default 5 ms hand-over of the GIL the wavefront's
emulated warp shuffles (two barriers each) take ten times longer. On a machine with a real
GPU, ``test_real_gpu_or_clear_error`` compares both kernels with the CPU kernel and with
each other.
"""
import csv
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from stoplib import redblack as rb
from stoplib.redblack import gpu, solver

#: Wavefront shapes in the simulator (deck, tile_rows, tile_cols, strip, chains): tiles of
#: 1 to 32 lanes, strips of 1 to 4 rows, 1 to 3 chains, decks that are no multiple of a
#: tile (partial tiles, the rows past n_red), unbalanced decks, dead tiles.
WAVEFRONT = [((26, 26), 8, 5, 2, 1), ((21, 35), 6, 4, 3, 1), ((35, 21), 16, 7, 4, 2), ((40, 40), 12, 6, 3, 3),
             ((30, 27), 4, 3, 1, 1), ((70, 53), 64, 16, 2, 1)]

CHILD = textwrap.dedent("""
    import json, sys, warnings
    sys.setswitchinterval(1e-4)
    import numpy as np
    from stoplib import redblack as rb
    from stoplib.redblack import checkpoint as ckm, gpu, solver
    from stoplib.redblack.solver import _tiled
    from stoplib.util.budget import BudgetError
    from numba.core.errors import NumbaPerformanceWarning
    out = {"simulated": gpu.simulated(), "available": gpu.gpu_available()}

    def compare(r, n_red, n_black):
        t = _tiled(n_red, n_black, tile=16, n_diag=n_red + 1, fast=False)
        return [r.value == t.value, r.diag.tobytes() == t.diag.tobytes(), abs(r.value - t.value), r.tasks]

    # the systolic kernel: small decks, odd tile shapes, partial and dead tiles, unbalanced decks
    for n_red, n_black, rows, cols in [(26, 26, 8, 8), (21, 35, 4, 8), (35, 21, 8, 4)]:
        r = gpu.cuda_sweep(n_red, n_black, n_diag=n_red + 1, tile_rows=rows, tile_cols=cols, kernel="systolic")
        out[f"systolic {n_red}x{n_black}"] = compare(r, n_red, n_black)
    # the wavefront kernel
    for (n_red, n_black), rows, cols, strip, chains in json.loads(sys.argv[2]):
        r = gpu.cuda_sweep(n_red, n_black, n_diag=n_red + 1, tile_rows=rows, tile_cols=cols, strip=strip,
                           chains=chains)
        out[f"wavefront {n_red}x{n_black}"] = compare(r, n_red, n_black)
    # the public API in the simulator, with the default kernel and tile shape (32 lanes x 8 rows)
    out["value_cuda"] = rb.value(20, 23, method="cuda")
    out["value_row"] = rb.value(20, 23, method="row")
    exact = _tiled(30, 30, n_diag=31, fast=False).diag
    out["balanced_cuda"] = rb.balanced_values(30, method="cuda").tobytes() == exact.tobytes()
    out["auto_picks"] = solver._pick_method("auto", 1e14, None)
    # the wavefront stops launching dead tiles (seen after each step of SYNC_EVERY launches): same bits
    launched = []
    real_launch = gpu._launch_wavefront
    def spy(kernel, sweep, dt, i_first, i_last, slot):
        launched.append((dt, i_first, max(0, dt - sweep.n_tj + 1)))
        real_launch(kernel, sweep, dt, i_first, i_last, slot)
    gpu._launch_wavefront, gpu.SYNC_EVERY = spy, 3
    r = gpu.cuda_sweep(40, 40, n_diag=41, tile_rows=4, tile_cols=4, strip=2)
    gpu._launch_wavefront = real_launch
    out["skips"] = [sum(i_first > first for _, i_first, first in launched), len(launched)] + compare(r, 40, 40)
    # a checkpointed run stopped after 3 writes, resumed: the same bits; the other kernel refuses the file
    path = sys.argv[1]
    real = ckm.Checkpointer.save
    count = []
    def save_then_stop(self, progress, arrays):
        real(self, progress, arrays)
        count.append(1)
        if len(count) == 3 and not progress["complete"]:
            raise RuntimeError("stopped")
    ckm.Checkpointer.save = save_then_stop
    gpu.SYNC_EVERY = 1
    try:
        gpu.cuda_sweep(20, 20, n_diag=21, tile_rows=8, tile_cols=4, strip=2, checkpoint=path, checkpoint_every=0.0)
    except RuntimeError:
        pass
    ckm.Checkpointer.save = real
    mid = ckm.checkpoint_info(path)["progress"]
    r = gpu.cuda_sweep(20, 20, n_diag=21, tile_rows=8, tile_cols=4, strip=2, checkpoint=path)
    d = _tiled(20, 20, tile=16, n_diag=21, fast=False).diag
    out["resume"] = [mid["dt"], mid["n_dt"], mid["complete"], r.diag.tobytes() == d.tobytes()]
    try:
        gpu.cuda_sweep(20, 20, n_diag=21, tile_rows=8, tile_cols=4, kernel="systolic", checkpoint=path)
        out["other_kernel"] = "resumed"
    except ckm.CheckpointError as err:
        out["other_kernel"] = str(err)
    # numba-cuda warns at each launch of few blocks: both sweeps silence that warning, no other
    for name, kw in [("_launch", dict(kernel="systolic")), ("_launch_wavefront", dict(strip=1))]:
        real_launch = getattr(gpu, name)
        def noisy(*args, real_launch=real_launch):
            warnings.warn(NumbaPerformanceWarning(
                "\\x1b[1mGrid size 1 will likely result in GPU under-utilization due to low occupancy."))
            warnings.warn("another warning")
            real_launch(*args)
        setattr(gpu, name, noisy)
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            ok = gpu.cuda_sweep(8, 8, tile_rows=4, tile_cols=4, **kw).value == rb.value(8, 8, method="row")
        setattr(gpu, name, real_launch)
        out[f"noisy {name}"] = [ok, sorted({str(w.message) for w in seen})]
    # the simulator's budget: a deck it would take hours over is refused, saying why
    try:
        gpu.cuda_sweep(3000, 3000, tile_rows=4, tile_cols=4, strip=1)
        out["budget"] = "ran"
    except BudgetError as err:
        out["budget"] = str(err)
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def simulator(tmp_path_factory, run_in_cuda_simulator):
    import json

    return run_in_cuda_simulator(CHILD, tmp_path_factory.mktemp("gpu") / "cuda.ckpt", json.dumps(WAVEFRONT))


def test_simulator_is_on_but_not_a_gpu(simulator):
    assert simulator["simulated"] is True
    assert simulator["available"] is False


@pytest.mark.parametrize("deck", ["26x26", "21x35", "35x21"])
def test_systolic_kernel_equals_cpu_exact_path_bit_for_bit(simulator, deck):
    same_value, same_diag, diff, launches = simulator[f"systolic {deck}"]
    assert same_value and same_diag and diff == 0.0 and launches > 0


@pytest.mark.parametrize("deck", [f"{a}x{b}" for (a, b), *_ in WAVEFRONT])
def test_wavefront_kernel_equals_cpu_exact_path_bit_for_bit(simulator, deck):
    same_value, same_diag, diff, launches = simulator[f"wavefront {deck}"]
    assert same_value and same_diag and diff == 0.0 and launches > 0


def test_public_api_in_simulator(simulator):
    assert simulator["value_cuda"] == pytest.approx(simulator["value_row"], rel=1e-14)
    assert round(simulator["value_cuda"], 12) == round(rb.value(20, 23), 12)
    assert simulator["balanced_cuda"] is True


def test_wavefront_stops_launching_dead_tiles(simulator):
    skipped, launches, same_value, same_diag, diff, tasks = simulator["skips"]
    assert 0 < skipped < launches == tasks
    assert same_value and same_diag and diff == 0.0


def test_auto_never_picks_the_simulator(simulator):
    assert simulator["auto_picks"] == "tiled"


def test_checkpoint_resume_in_simulator(simulator):
    dt, n_dt, complete, same = simulator["resume"]
    assert 0 < dt < n_dt and not complete and same
    assert "written for another computation" in simulator["other_kernel"]


@pytest.mark.parametrize("launch", ["_launch", "_launch_wavefront"])
def test_the_low_occupancy_warning_is_silenced_and_no_other(simulator, launch):
    ok, seen = simulator[f"noisy {launch}"]
    assert ok is True
    assert seen == ["another warning"]


def test_the_simulator_refuses_what_would_take_hours(simulator):
    assert "simulator" in simulator["budget"] and "3000" in simulator["budget"]


def test_real_gpu_or_clear_error():
    if gpu.gpu_available():  # a real device: agree with the CPU to 1e-12, and the two kernels bit for bit
        v = rb.value(3000, 3000, method="cuda")
        assert v == pytest.approx(rb.value(3000, 3000, method="tiled"), rel=1e-12)
        d = rb.balanced_values(2000, method="cuda")
        assert np.allclose(d, rb.balanced_values(2000), rtol=1e-12, atol=0)
        old = gpu.cuda_sweep(2000, 2000, n_diag=2001, kernel="systolic").diag
        assert np.array_equal(old[1:], d[1:])
    else:
        with pytest.raises(ValueError, match="needs a CUDA GPU"):
            rb.value(30, 30, method="cuda")


def test_auto_picks_the_gpu_only_when_there_is_one(monkeypatch):
    monkeypatch.setattr(solver, "_gpu_ready", lambda: True)
    assert solver._pick_method("auto", 1e12, None) == "cuda"
    assert solver._pick_method("auto", 1e5, None) == "row"           # small: the CPU
    monkeypatch.setattr(solver, "_gpu_ready", lambda: False)
    assert solver._pick_method("auto", 1e12, None) == "tiled"
    assert solver._pick_method("auto", 1e12, "ckpt") == "tiled"
    assert solver._pick_method("auto", 100.0, "ckpt") == "tiled"     # checkpoints need a sweep


def test_auto_dispatches_to_cuda_sweep(monkeypatch):
    calls = []

    def fake(n_red, n_black, n_diag, *args):
        calls.append((n_red, n_black, n_diag))
        return solver.SweepResult(1.5, np.arange(n_diag, dtype=float), "cuda", 0.0, 1)

    monkeypatch.setattr(solver, "_gpu_ready", lambda: True)
    monkeypatch.setattr(gpu, "_cuda", fake)
    monkeypatch.setattr(solver, "GPU_MIN_CELLS", 10.0)
    assert rb.value(40, 40) == 1.5
    assert rb.balanced_values(40).shape == (41,)
    assert calls == [(40, 40, 0), (40, 40, 41)]


def test_bad_arguments():
    with pytest.raises(ValueError, match="tile_rows"):
        gpu.cuda_sweep(10, 10, tile_rows=2048)
    with pytest.raises(ValueError, match="tile_rows"):
        gpu.cuda_sweep(10, 10, tile_rows=2048, kernel="systolic")
    with pytest.raises(ValueError, match="n_diag"):
        gpu.cuda_sweep(10, 10, n_diag=12)
    with pytest.raises(TypeError, match="n_red"):
        gpu.cuda_sweep(10.0, 10)
    with pytest.raises(ValueError, match="kernel"):
        gpu.cuda_sweep(10, 10, kernel="gpu")
    with pytest.raises(ValueError, match="tile_rows must be strip"):   # 3 lanes
        gpu.cuda_sweep(10, 10, tile_rows=24, strip=8)
    with pytest.raises(ValueError, match="tile_rows must be strip"):   # not a whole number of lanes
        gpu.cuda_sweep(10, 10, tile_rows=20, strip=8)
    with pytest.raises(ValueError, match="chains must divide strip"):
        gpu.cuda_sweep(10, 10, strip=8, chains=3)
    with pytest.raises(ValueError, match="strip is for kernel='wavefront'"):
        gpu.cuda_sweep(10, 10, kernel="systolic", strip=2)


def test_a_gpu_tile_has_32_lanes(monkeypatch):
    """Fewer lanes than a warp are for the simulator: on a real GPU every lane of a warp must
    take part in each shuffle, and a warp holds one tile."""
    monkeypatch.setattr(gpu, "check_cuda", lambda: None)
    monkeypatch.setattr(gpu, "simulated", lambda: False)
    with pytest.raises(ValueError, match="32 lanes"):
        gpu.cuda_sweep(10, 10, tile_rows=16, strip=8)


@pytest.mark.parametrize("shape", [(32, 8, 1), (32, 8, 2), (32, 16, 1), (4, 3, 3), (1, 1, 1)])
def test_wavefront_source_has_no_division_and_one_load_per_step(shape):
    """The generated kernel (read, not run): the step loop is unrolled by the reciprocal window
    (``strip - chains + 1`` steps), each step loads one reciprocal and makes two shuffles,
    every cell is one multiply-add line, and nothing in the loop divides."""
    from stoplib.redblack._gpu_wavefront import wavefront_source

    lanes, strip, chains = shape
    src = wavefront_source(lanes, strip, chains, 2)
    compile(src, "wavefront", "exec")
    loop = src[src.index("    for sb in range("):]
    win = strip - chains + 1
    assert loop.count("rcp[") == win and loop.count("shfl_up_sync(") == win and loop.count("shfl_sync(") == win
    assert loop.count(" = relu((R") == win * strip
    assert "/" not in loop.replace("//", "")


def test_the_wavefront_falls_back_to_a_plain_max_once(monkeypatch):
    """A numba-cuda that cannot build the integer ``max(v, 0)`` gets the plain conditional (the
    same values), says why in ``RELU_USED``, and is not asked to build the intrinsic again."""
    built = []

    def kernel(kind, *shape):
        built.append(shape[-1])
        if shape[-1] == "bits":
            raise TypeError("no such intrinsic here")
        return "plain"

    monkeypatch.setattr(gpu, "_kernel", kernel)
    monkeypatch.setattr(gpu, "RELU_USED", {})
    assert gpu._wavefront_kernel(32, 8, 1) == "plain" and gpu._wavefront_kernel(32, 8, 1) == "plain"
    assert built == ["bits", "select", "select"]
    assert gpu.RELU_USED[32, 8, 1] == "select (TypeError: no such intrinsic here)"


def test_relu_bits_is_max_with_zero_bit_for_bit():
    """The wavefront's ``max(v, 0)`` on the integer units, built from the same code for the CPU
    target: the bits of ``v if v > 0 else 0.0`` for every double that is not NaN."""
    from numba import njit
    from numba.extending import intrinsic

    from stoplib.redblack._gpu_wavefront import relu_bits

    relu = relu_bits(intrinsic)

    @njit
    def apply(a, out):
        for i in range(a.size):
            out[i] = relu(a[i])

    rng = np.random.default_rng(30)
    a = np.concatenate([[0.0, -0.0, 5e-324, -5e-324, 2.2e-308, -2.2e-308, 1e308, -1e308, np.inf, -np.inf],
                        rng.standard_normal(1000) * 10.0 ** rng.integers(-300, 300, 1000)])
    out = np.empty_like(a)
    apply(a, out)
    assert out.tobytes() == np.where(a > 0.0, a, 0.0).tobytes()


def test_the_device_session_script_runs_end_to_end_in_the_simulator(tmp_path):
    """``benchmarks/gpu_redblack_session.py --simulate``, the script a session lent a GPU runs, at
    tiny sizes: every step writes its rows (the device named), the two kernels agree bit for
    bit, and the sweep stopped by its box keeps every V(k, k) it finished, each equal to the
    CPU's exact path."""
    from stoplib.redblack.solver import _tiled

    root = Path(__file__).resolve().parents[2]
    proc = subprocess.run([sys.executable, str(root / "benchmarks" / "gpu_redblack_session.py"), "--simulate",
                           "--out", str(tmp_path), "--seconds", "16", "--n-big", "600",
                           "--checkpoint", str(tmp_path / "sweep.ckpt")],
                          env=dict(os.environ, STOPLIB_PROGRESS="0"), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    with open(tmp_path / "redblack_gpu.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert list(rows[0]) == list(gpu.RUN_COLUMNS)
    assert all(r["device"] == "numba CUDA simulator" and r["host"] and r["taken"] for r in rows)
    assert float(rows[0]["rel_diff"]) < 1e-13 and rows[0]["what"].startswith("check")
    assert [r["note"].endswith("bit for bit the same") for r in rows if r["what"] == "wavefront against systolic"] \
        == [True, True]
    assert rows[-1]["what"] == "part of a sweep of n = 600"  # stopped by its box
    k_done = int(rows[-1]["n"])
    assert 0 < k_done < 600 and float(rows[-1]["seconds"]) > 0
    exact = _tiled(600, 600, tile=16, n_diag=601, fast=False).diag
    read = {int(r["n"]): float(r["value"]) for r in rows if r["what"] == "one sweep of n = 600"}
    assert len(read) >= 5 and max(read) == k_done
    assert all(v == exact[k] for k, v in read.items())
    # the rows fit the frontier's reader of data/redblack_gpu_runs.csv as they are
    from stoplib.redblack._frontier_files import gpu_tables

    (tmp_path / "redblack_gpu.csv").rename(tmp_path / "redblack_gpu_runs.csv")
    tables = gpu_tables(tmp_path)
    assert tables["sweeps"].empty and set(read) <= set(tables["values"].n)
    with open(tmp_path / "diagonal.csv", newline="") as fh:
        diagonal = {int(r["k"]): float(r["value"]) for r in csv.DictReader(fh)}
    assert diagonal and all(v == exact[k] for k, v in diagonal.items())


def test_recorded_gpu_runs_agree_with_the_cpu_frontier():
    """The GPU runs in data/ (an H200, lent to one session) against the CPU's committed sweeps:
    every V(n, n) both computed agrees to 1e-13, and the values past the CPU's frontier
    (11,000,000 and 16,800,000 cards) continue the curve: each larger than the last and within
    0.25 below c sqrt(n); the same V(k, k) read from two sweeps agree to 1e-13."""
    from stoplib.redblack.asymptotics import bridge_constant
    from stoplib.redblack.frontier import load_frontier

    runs = gpu.recorded_gpu_runs()
    assert runs.device.str.contains("H200").any() and runs.host.notna().all()
    sweeps = load_frontier().sweeps.set_index("n")["value"]
    cuda = runs[runs.what == "cuda"].set_index("n")
    assert {1_000_000, 10_000_000} <= set(cuda.index)
    for n, row in cuda.iterrows():
        if n in sweeps.index:
            assert row.cpu_value == sweeps[n]
        assert abs(row.value - row.cpu_value) / row.cpu_value < 1e-13
    read = runs.dropna(subset=["value"]).groupby("n")["value"]
    assert ((read.max() - read.min()) / read.min() < 1e-13).all()
    values = runs.dropna(subset=["value"]).drop_duplicates("n").set_index("n")["value"].sort_index()
    assert (np.diff(values.to_numpy()) > 0).all()
    c = bridge_constant()[1]
    gap = values - c * np.sqrt(values.index.to_numpy(float))
    assert ((gap < 0) & (gap > -0.25)).all(), gap
    assert values.index.max() > sweeps.index.max()
    whole = runs[runs.what.str.startswith("one sweep") & runs.seconds.notna()]
    assert (whole.n == 16_800_000).any() and whole[whole.n == 16_800_000].seconds.iloc[0] < 600


def test_recorded_gpu_runs_refuse_a_doctored_file(tmp_path):
    runs = gpu.recorded_gpu_runs()
    bad = runs.copy()
    bad.loc[bad.n == 10_000_000, "value"] += 1e-6
    bad.to_csv(tmp_path / "runs.csv", index=False)
    with pytest.raises(ValueError, match="differ from the CPU"):
        gpu.recorded_gpu_runs(tmp_path / "runs.csv")
    runs.drop(columns=["host"]).to_csv(tmp_path / "cols.csv", index=False)
    with pytest.raises(ValueError, match="columns must be"):
        gpu.recorded_gpu_runs(tmp_path / "cols.csv")
    with pytest.raises(FileNotFoundError):
        gpu.recorded_gpu_runs(tmp_path / "missing.csv")
