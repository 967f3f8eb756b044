"""Tests of stoplib.redblack.gpu: the CUDA kernel in numba's simulator on small decks against
the CPU kernel (bit for bit: the simulator's arithmetic is the CPU's exact path), its
checkpoint, and the choice of method "auto".

``NUMBA_ENABLE_CUDASIM=1`` must be set before numba is imported, and pytest has imported
numba long before this module runs, so the simulator runs in a child process; nothing is
skipped. On a machine with a real GPU, ``test_real_gpu_or_clear_error`` compares it with the
CPU kernel too.
"""
import textwrap

import numpy as np
import pytest

from stoplib import redblack as rb
from stoplib.redblack import gpu, solver


CHILD = textwrap.dedent("""
    import json, sys
    import numpy as np
    from stoplib import redblack as rb
    from stoplib.redblack import checkpoint as ckm, gpu, solver
    from stoplib.redblack.solver import _tiled
    out = {"simulated": gpu.simulated(), "available": gpu.gpu_available()}
    # small decks, odd tile shapes: partial tiles, dead tiles, unbalanced decks
    for n_red, n_black, rows, cols in [(26, 26, 8, 8), (21, 35, 4, 8), (35, 21, 8, 4)]:
        t = _tiled(n_red, n_black, tile=16, n_diag=n_red + 1, fast=False)
        v, d = t.value, t.diag
        r = gpu.cuda_sweep(n_red, n_black, n_diag=n_red + 1, tile_rows=rows, tile_cols=cols)
        out[f"{n_red}x{n_black}"] = [r.value == v, r.diag.tobytes() == d.tobytes(),
                                     abs(r.value - v), r.tasks]
    # the public API in the simulator, with the default tile shape
    out["value_cuda"] = rb.value(20, 23, method="cuda")
    out["value_row"] = rb.value(20, 23, method="row")
    out["auto_picks"] = solver._pick_method("auto", 1e14, None)
    # a checkpointed run stopped after 3 writes, resumed: the same bits
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
        gpu.cuda_sweep(20, 20, n_diag=21, tile_rows=4, tile_cols=4, checkpoint=path,
                       checkpoint_every=0.0)
    except RuntimeError:
        pass
    ckm.Checkpointer.save = real
    mid = ckm.checkpoint_info(path)["progress"]
    r = gpu.cuda_sweep(20, 20, n_diag=21, tile_rows=4, tile_cols=4, checkpoint=path)
    d = _tiled(20, 20, tile=16, n_diag=21, fast=False).diag
    out["resume"] = [mid["dt"], mid["n_dt"], mid["complete"], r.diag.tobytes() == d.tobytes()]
    # numba-cuda warns at each launch of few blocks: the sweep silences that warning, no other
    import warnings
    from numba.core.errors import NumbaPerformanceWarning
    real_launch = gpu._launch
    def noisy(*args):
        warnings.warn(NumbaPerformanceWarning("\\x1b[1mGrid size 1 will likely result in GPU under-utilization "
                                              "due to low occupancy."))
        warnings.warn("another warning")
        real_launch(*args)
    gpu._launch = noisy
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        out["noisy"] = gpu.cuda_sweep(8, 8, tile_rows=4, tile_cols=4).value == rb.value(8, 8, method="row")
    gpu._launch = real_launch
    out["warnings"] = sorted({str(w.message) for w in seen})
    print(json.dumps(out))
""")


@pytest.fixture(scope="module")
def simulator(tmp_path_factory, run_in_cuda_simulator):
    return run_in_cuda_simulator(CHILD, tmp_path_factory.mktemp("gpu") / "cuda.ckpt")


def test_simulator_is_on_but_not_a_gpu(simulator):
    assert simulator["simulated"] is True
    assert simulator["available"] is False


@pytest.mark.parametrize("deck", ["26x26", "21x35", "35x21"])
def test_kernel_equals_cpu_exact_path_bit_for_bit(simulator, deck):
    same_value, same_diag, diff, launches = simulator[deck]
    assert same_value and same_diag and diff == 0.0 and launches > 0


def test_public_api_in_simulator(simulator):
    assert simulator["value_cuda"] == pytest.approx(simulator["value_row"], rel=1e-14)
    assert round(simulator["value_cuda"], 12) == round(rb.value(20, 23), 12)


def test_auto_never_picks_the_simulator(simulator):
    assert simulator["auto_picks"] == "tiled"


def test_checkpoint_resume_in_simulator(simulator):
    dt, n_dt, complete, same = simulator["resume"]
    assert 0 < dt < n_dt and not complete and same


def test_the_low_occupancy_warning_is_silenced_and_no_other(simulator):
    assert simulator["noisy"] is True
    assert simulator["warnings"] == ["another warning"]


def test_real_gpu_or_clear_error():
    if gpu.gpu_available():  # a real device: agree with the CPU to 1e-12
        v = rb.value(3000, 3000, method="cuda")
        assert v == pytest.approx(rb.value(3000, 3000, method="tiled"), rel=1e-12)
        d = rb.balanced_values(2000, method="cuda")
        assert np.allclose(d, rb.balanced_values(2000), rtol=1e-12, atol=0)
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
    with pytest.raises(ValueError, match="n_diag"):
        gpu.cuda_sweep(10, 10, n_diag=12)
    with pytest.raises(TypeError, match="n_red"):
        gpu.cuda_sweep(10.0, 10)


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
