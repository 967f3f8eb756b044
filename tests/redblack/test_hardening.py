"""Issue 12 for the red/black game: bad input is refused cleanly at the public boundary.

Budget refusals state the estimate, its basis and the limit; bad checkpoint files give a
:class:`CheckpointError` (or a :class:`MissingFileError`), never a wrong value or an
``IndexError``; the Dask sweep checks everything before a cluster starts and never leaves
one running; the widest inputs the fuzz suite found are pinned here.
"""
import hashlib
import json
import os

import numpy as np
import pytest

from stoplib import redblack as rb
from stoplib.redblack import checkpoint as ckm
from stoplib.redblack import _costs, distributed
from stoplib.util import budget
from stoplib.util.budget import BudgetError
from stoplib.util.validate import MissingFileError


# --------------------------------------------------------------------------
# The budget
# --------------------------------------------------------------------------
def test_refusal_states_estimate_basis_limit_and_the_way_out():
    with pytest.raises(BudgetError) as err:
        rb.value(10_000_000, 10_000_000)
    text = str(err.value)
    assert text.startswith("value(10000000, 10000000, method='tiled') would take about ")
    assert "cell updates at 1.5e+10 cell updates/s measured for method 'tiled'" in text
    assert "the limit is 30 minutes" in text and "stoplib.util.budget.allow" in text
    assert "STOPLIB_MAX_SECONDS" in text and "checkpoint=" in text
    assert isinstance(err.value, ValueError)


def test_budget_allow_raises_the_limit_on_purpose():
    with pytest.raises(BudgetError):
        _costs.check_work(10**7, 10**7, "tiled", "value(10**7, 10**7)")
    with budget.allow(seconds=86400):
        assert _costs.check_work(10**7, 10**7, "tiled", "value(10**7, 10**7)").seconds > 1800


def test_env_limits_are_read(monkeypatch):
    monkeypatch.setenv("STOPLIB_MAX_SECONDS", "1e-6")
    with pytest.raises(BudgetError, match="limit is 1e-06 s"):
        rb.value(2000, 2000)
    with pytest.raises(BudgetError, match="simulate"):
        rb.simulate(26, 26, 10**6)


@pytest.mark.parametrize("call", [
    lambda: rb.simulate(5, 5, 10**12),
    lambda: rb.sample_paths(26, 26, 10**9),
    lambda: rb.winnings_distribution(10**6, 10**6),
    lambda: rb.policy_limits(10**6, 10**6, replacement=True),
    lambda: rb.simulate_reference(400, 400, 10**6),
    lambda: rb.value(10**7, 10**7, method="diagonal"),
    lambda: rb.bridge_boundary(10**12),
    lambda: rb.omniscient_value(10**8, 10**8),
    lambda: distributed.cluster_estimate(10**9, 10**9, 2, 1e9, block=8192),
    lambda: distributed.workers_for(10**9, 10**9, 1 / 60, 7.5e9, block=16384),
    lambda: distributed.dask_sweep(10**7, 10**7),
    lambda: rb.fits.fit_stacked(np.broadcast_to(np.int64(5), (10**8,)), np.broadcast_to(1.0, (10**8,))),
])
def test_absurd_requests_are_refused_at_once(call):
    import time

    t = time.perf_counter()
    with pytest.raises(BudgetError, match="would (take|need) about"):
        call()
    assert time.perf_counter() - t < 5.0


def test_exact_methods_keep_their_caps():
    with budget.allow(seconds=1e9, bytes=1e15):
        with pytest.raises(ValueError, match="MAX_EXACT_CELLS"):
            rb.value_table_exact(1000, 1000)
        with pytest.raises(ValueError, match="MAX_TOPDOWN_CELLS"):
            rb.value(3000, 3000, method="topdown")


# --------------------------------------------------------------------------
# Checkpoint files read back
# --------------------------------------------------------------------------
def _rewrite(path, edit):
    """Edit a checkpoint's header and arrays, then recompute its checksum (a file that passes
    every integrity check but does not fit the sweep)."""
    data = path.read_bytes()
    n_head = int.from_bytes(data[28:36], "little")
    header = json.loads(data[36:36 + n_head])
    body = data[36 + n_head:-32]
    header, body = edit(header, body)
    head = json.dumps(header, sort_keys=True).encode()
    out = data[:28] + len(head).to_bytes(8, "little") + head + body
    path.write_bytes(out + hashlib.sha256(out).digest())


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "s.ckpt"
    rb.balanced_values(300, tile=32, checkpoint=path)
    return path


def test_checkpoint_info_on_a_missing_path_a_folder_and_garbage(tmp_path):
    with pytest.raises(MissingFileError, match="no checkpoint"):
        ckm.checkpoint_info(tmp_path / "nothing" / "here.ckpt")
    with pytest.raises(ValueError):
        ckm.checkpoint_info(tmp_path / "nothing")       # a MissingFileError is a ValueError too
    with pytest.raises(ckm.CheckpointError, match="not a checkpoint file"):
        ckm.checkpoint_info(tmp_path)
    junk = tmp_path / "junk.bin"
    junk.write_bytes(os.urandom(5000))
    with pytest.raises(ckm.CheckpointError, match="not a stoplib.redblack checkpoint"):
        ckm.checkpoint_info(junk)
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    with pytest.raises(ckm.CheckpointError):
        ckm.checkpoint_info(empty)
    with pytest.raises(ValueError, match="path"):
        ckm.checkpoint_info("x" * 5000)
    with pytest.raises(ValueError, match="path"):
        ckm.checkpoint_info("")
    with pytest.raises(TypeError, match="path"):
        ckm.checkpoint_info(b"run.ckpt")


def test_header_with_a_huge_length_or_nested_json(saved):
    data = bytearray(saved.read_bytes())
    data[28:36] = (2**62).to_bytes(8, "little")
    saved.write_bytes(bytes(data))
    with pytest.raises(ckm.CheckpointError, match="header length"):
        ckm.checkpoint_info(saved)
    head = b"[" * 100_000 + b"]" * 100_000
    saved.write_bytes(data[:28] + len(head).to_bytes(8, "little") + head)
    with pytest.raises(ckm.CheckpointError, match="corrupt header"):
        ckm.checkpoint_info(saved)


@pytest.mark.parametrize("edit, match", [
    (lambda h, b: ({**h, "arrays": [{**a, "dtype": "|O"} for a in h["arrays"]]}, b), "corrupt header"),
    (lambda h, b: ({**h, "arrays": [{**a, "shape": [-1]} for a in h["arrays"]]}, b), "corrupt header"),
    (lambda h, b: ({**h, "arrays": [{**a, "shape": [2**40, 2**40]} for a in h["arrays"]]}, b), "truncated"),
    (lambda h, b: ({**h, "params": {**h["params"], "n_max": float("nan")}}, b), "corrupt header"),
])
def test_crafted_headers_are_refused(saved, edit, match):
    _rewrite(saved, edit)
    with pytest.raises(ckm.CheckpointError, match=match):
        ckm.read_checkpoint(saved)


def test_a_file_that_passes_the_checksum_but_not_the_sweep(saved):
    # rowbuf dropped, the checksum recomputed: the resume refuses it, never an IndexError
    def drop_rowbuf(h, b):
        arrays = [a for a in h["arrays"] if a["name"] != "rowbuf"]
        size = 8 * h["arrays"][0]["shape"][0]
        assert h["arrays"][0]["name"] == "rowbuf"
        return {**h, "arrays": arrays}, b[size:]

    _rewrite(saved, drop_rowbuf)
    with pytest.raises(ckm.CheckpointError, match="array 'rowbuf'"):
        rb.balanced_values(300, tile=32, checkpoint=saved)


def test_a_file_with_a_wrong_progress_entry(saved):
    _rewrite(saved, lambda h, b: ({**h, "progress": {**h["progress"], "dt": "far"}}, b))
    with pytest.raises(ckm.CheckpointError, match="progress 'dt'"):
        rb.balanced_values(300, tile=32, checkpoint=saved)


def test_frontier_and_checkpointer_check_their_fields(tmp_path):
    with pytest.raises(TypeError, match="numpy.ndarray"):
        ckm.Frontier({}, {}, {"a": [1.0]})
    with pytest.raises(TypeError, match="bools, ints or floats"):
        ckm.Frontier({}, {}, {"a": np.array(["x"])})
    with pytest.raises(ValueError, match="finite"):
        ckm.Frontier({"x": float("nan")}, {})
    with pytest.raises(TypeError, match="keys must be str"):
        ckm.Frontier({1: 2}, {})
    with pytest.raises(TypeError, match="params must be a dict"):
        ckm.Checkpointer(tmp_path / "c", "n_red=3")
    with pytest.raises(TypeError, match="every"):
        ckm.Checkpointer(tmp_path / "c", {}, every="300")
    with pytest.raises(ValueError, match="every"):
        ckm.Checkpointer(tmp_path / "c", {}, every=float("nan"))


@pytest.mark.parametrize("bad, exc", [(3, TypeError), ("", ValueError), (b"c.ckpt", TypeError),
                                      ("x" * 5000, ValueError), ("a\x00b", ValueError)])
def test_bad_checkpoint_arguments_of_the_sweeps(bad, exc):
    for call in (lambda: rb.value(50, 50, checkpoint=bad), lambda: rb.balanced_values(50, checkpoint=bad),
                 lambda: distributed.dask_sweep(50, 50, checkpoint=bad)):
        with pytest.raises(exc, match="checkpoint"):
            call()


def test_a_folder_is_not_a_checkpoint_file(tmp_path):
    with pytest.raises(ValueError, match="must be a file"):
        rb.balanced_values(50, checkpoint=tmp_path)


# --------------------------------------------------------------------------
# Dask: nothing starts for bad input, nothing is left running
# --------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, exc", [
    (dict(n_red=-1), ValueError), (dict(n_red=1.5), TypeError), (dict(tile=7), ValueError),
    (dict(block=20, tile=8), ValueError), (dict(n_workers=0), ValueError), (dict(n_workers=10**4), ValueError),
    (dict(scheduler="localhost"), ValueError), (dict(scheduler=3), TypeError),
    (dict(scheduler="tcp://h:1", n_workers=2), ValueError), (dict(show_progress="no"), TypeError),
    (dict(checkpoint_every=-1.0), ValueError), (dict(n_red=10**8, n_black=10**8), BudgetError),
    (dict(n_diag=10**6), ValueError),
])
def test_dask_sweep_checks_before_a_cluster_starts(monkeypatch, kwargs, exc):
    def no_cluster(*args):
        raise AssertionError("a cluster was started for bad input")

    monkeypatch.setattr(distributed, "_client_for", no_cluster)
    call = dict(n_red=40, n_black=40, tile=8)
    call.update(kwargs)
    with pytest.raises(exc):
        distributed.dask_sweep(**call)


def test_dask_sweep_closes_its_cluster_when_a_task_fails(monkeypatch):
    opened = []
    real = distributed._client_for

    def recording(scheduler, n_workers):
        out = real(scheduler, n_workers)
        opened.append(out[1])
        return out

    def failing(*args):
        raise ValueError("a task failed")

    monkeypatch.setattr(distributed, "_client_for", recording)
    monkeypatch.setattr(distributed, "_run_block", failing)
    with pytest.raises(ValueError, match="a task failed"):
        distributed.dask_sweep(40, 40, tile=8, block=16, n_workers=1)
    client, cluster = opened[0]
    assert client.status == "closed" and cluster.status.name == "closed"


# --------------------------------------------------------------------------
# Inputs the fuzz suite found
# --------------------------------------------------------------------------
@pytest.mark.parametrize("call, exc", [
    (lambda: rb.bridge_value(10**400, 3), ValueError),
    (lambda: rb.asymptotics.bridge_equation(40.0), ValueError),
    (lambda: rb.bridge_boundary(5, shift=1.0), ValueError),
    (lambda: rb.fits.fit_correction(np.arange(1, 200), np.ones(199), powers=(-1e300,)), ValueError),
    (lambda: rb.fits.fit_correction(np.arange(1, 200), np.ones(199), n_max=10**400), ValueError),
    (lambda: rb.fits.extrapolate(np.arange(1, 200), np.ones(199), [1.5]), TypeError),
    (lambda: rb.fits.extrapolate(np.arange(1, 200), np.ones(199), [10**400]), ValueError),
    (lambda: rb.fits.extrapolate(np.arange(1, 200), np.ones(199), [10], models=[(0.0,)]), TypeError),
    (lambda: rb.fits.fit_growth(np.arange(1, 20), np.array(["1"] * 19)), TypeError),
    (lambda: rb.correction_fit(models={"a": "x"}), TypeError),
    (lambda: rb.extrapolate_133m(target=10**400), ValueError),
    (lambda: rb.work_estimate(5, 5, 3), TypeError),
    (lambda: _costs.check_work(5, 5, "row", "x", limit_time="no"), TypeError),
    (lambda: rb.time_method("row", 5, 5, repeats=True), TypeError),
])
def test_found_by_the_fuzz_suite(call, exc):
    with pytest.raises(exc):
        call()


def test_omniscient_value_sums_its_tail_by_recurrence():
    # each binomial of the tail from the one before (it took 170 s at 10,000 when every term
    # was a fresh math.comb; benchmarks/bench_redblack.py times it): the same exact value
    from fractions import Fraction
    from math import comb

    for n_red, n_black in ((7, 5), (40, 40), (300, 280), (1000, 1000)):
        n = n_red + n_black
        floor = max(n_red - n_black, 0)
        tail = sum(comb(n, k) for k in range(n_black + floor + 1, n + 1))
        assert rb.omniscient_value(n_red, n_black) == floor + Fraction(tail, comb(n, n_red))
    v = rb.omniscient_value(10_000, 10_000)
    assert 0 < float(v) < 10_000


def test_progress_bar_of_huge_sweeps_counts_cells_with_si_prefixes():
    # a 133,787,000-card sweep has about 9e15 cells: the bar counts them one by one,
    # tqdm writes them with prefixes (T, G), never "kMcell"
    from stoplib.redblack._sweep import _CellBar

    bar = _CellBar(8.95e15, 1.5e12, "sweep", show=False)
    assert bar.bar.total == 8_950_000_000_000_000
    bar.update(2.5)
    bar.update(0.6)
    assert bar._at == 1_500_000_000_003   # fractional cells carried over (a disabled tqdm does not count)
    bar.close()
    small = _CellBar(1234.5, 0.0, "sweep", show=False)
    assert small.bar.total == 1235
    small.close()
    from tqdm import tqdm

    shown = tqdm.format_meter(13_900_000_000_000, 50_000_000_000_000, 3600, unit="cell", unit_scale=True)
    assert "13.9T/50.0T" in shown and "Gcell/s" in shown


# --------------------------------------------------------------------------
# The committed frontier files, the claims, the figures and the panels
# --------------------------------------------------------------------------
def test_claims_budgets_and_checks():
    from stoplib.redblack import claims

    with budget.allow(seconds=5):
        with pytest.raises(BudgetError, match=r"c_program_values\(2000\) would take about 27 s"):
            claims.c_program_values(2000)
        with pytest.raises(BudgetError, match="float32_balanced_values"):
            claims.float32_balanced_values(200_000)
    with pytest.raises(ValueError, match="same length"):
        claims.float32_drift_exponent(np.array([1000, 2000]), np.ones(3))
    with pytest.raises(TypeError, match="diagonal must be a MethodTiming"):
        claims.document_timings(0.5, 0.3)
    with pytest.raises(TypeError, match="simulation must be a SimulationResult"):
        claims.verdicts("02_redblack_monte_carlo", simulation="x", mistake="y", paths="z")


def test_figures_refuse_what_they_cannot_draw():
    from stoplib.redblack import plots
    from stoplib.workbook.style import figure

    _, ax = figure()
    with pytest.raises(TypeError, match="ax must be a Axes"):
        plots.plot_policy("ax", np.eye(3, dtype=bool))
    with pytest.raises(ValueError, match="True/False"):
        plots.plot_policy(ax, np.full((2, 2), 3))
    with pytest.raises(TypeError, match="numbers"):
        plots.plot_value_heatmap(ax, np.array([["a"]]))
    with pytest.raises(ValueError, match="whole numbers"):
        plots.plot_stopping_boundary(ax, np.array([0, 2.5]))
    with pytest.raises(ValueError, match="mark"):
        plots.plot_stopping_boundary(ax, np.array([0, 2]), mark=(-1, 3))
    with pytest.raises(ValueError, match="at most 3000"):
        plots.plot_position_panel(rb.Position(5000, 5, 0.0, np.array([0, 2]), np.zeros((2, 2), bool), 2))
    with pytest.raises(TypeError, match="position must be a Position"):
        plots.plot_position_panel(5, 6)
    with pytest.raises(ValueError, match="low < high"):
        plots.plot_sample_paths(rb.sample_paths(3, 3, 2), ylim=(5, -5))
    with pytest.raises(ValueError, match="1 to 8"):
        plots.plot_winnings_distribution(ax, [])
    with pytest.raises(TypeError, match="timings"):
        plots.plot_method_timings(ax, {"method": ["a"]})
    with pytest.raises(ValueError, match="timings"):
        plots.plot_method_timings(ax, {"method": ["a"], "seconds": [-1.0]})


def test_panels_refuse_ranges_they_cannot_offer():
    from stoplib.redblack import widgets

    with pytest.raises(ValueError, match="max_cards"):
        widgets.position_panel(max_cards=10**6)
    with pytest.raises(ValueError, match="max_cards"):
        widgets.simulation_panel(n_games=1_000, max_cards=10**6)
    with pytest.raises(TypeError, match="numbers"):
        widgets.refit_panel(np.array(["1"] * 400))
    with pytest.raises(ValueError, match="finite"):
        widgets.refit_panel(np.full(400, np.nan))
