"""Tests of stoplib.redblack.rules: input checks, the work estimate and the limits."""
import numpy as np
import pytest

from stoplib import redblack as rb
from stoplib.redblack import rules


@pytest.mark.parametrize("bad,exc", [(-1, ValueError), (2.0, TypeError), (True, TypeError),
                                     ("3", TypeError), (None, TypeError), (np.float64(3), TypeError)])
def test_check_counts_names_the_argument(bad, exc):
    with pytest.raises(exc, match="n_red"):
        rules.check_counts(bad, 3)
    with pytest.raises(exc, match="n_black"):
        rules.check_counts(3, bad)


def test_check_counts_accepts_numpy_ints():
    assert rules.check_counts(np.int64(5), np.int32(7)) == (5, 7)
    assert all(type(x) is int for x in rules.check_counts(np.int64(5), np.int32(7)))


def test_work_estimate_fields():
    est = rb.work_estimate(1000, 1000, "table")
    assert est.cells == 1001 * 1001
    live = rb.work_estimate(1000, 1000, "tiled").cells
    assert 0.8 < live / rb.live_cells(1000, 1000) < 1.25
    assert est.seconds > 0 and est.memory_gb > 0
    assert "cell updates" in est.describe()


def test_check_work_message_names_the_limit():
    with pytest.raises(ValueError, match=r"stoplib\.redblack\.rules\.MAX_SECONDS"):
        rules.check_work(10**8, 10**8, "tiled", "value(10**8, 10**8)")
    with pytest.raises(ValueError, match=r"stoplib\.redblack\.rules\.MAX_TABLE_GB"):
        rules.check_work(200_000, 200_000, "table", "value_table(200000, 200000)")


def test_limits_are_read_at_call_time(monkeypatch):
    # the documented way to raise (or lower) a limit for a session
    assert rb.value(300, 300, method="row") > 0
    monkeypatch.setattr(rules, "MAX_SECONDS", 1e-9)
    with pytest.raises(ValueError, match="MAX_SECONDS"):
        rb.value(300, 300, method="row")
    monkeypatch.setattr(rules, "MAX_EXACT_CELLS", 10)
    with pytest.raises(ValueError, match="MAX_EXACT_CELLS"):
        rb.value(5, 5, method="exact")


def test_checkpointed_sweeps_have_no_time_limit():
    # a run that can be stopped and resumed may take as long as it likes; memory still counts
    with pytest.raises(ValueError, match="checkpoint="):
        rules.check_work(10**8, 10**8, "tiled", "value(10**8, 10**8)")
    assert rules.check_work(10**7, 10**7, "tiled", "balanced_values(10**7)", limit_time=False) is None
    with pytest.raises(ValueError, match="MAX_TABLE_GB"):
        rules.check_work(10**9, 10**9, "tiled", "balanced_values(10**9)", limit_time=False)


@pytest.mark.parametrize("method", ["dask", "cuda"])
def test_work_estimate_of_the_new_sweeps(method):
    est = rb.work_estimate(10**6, 10**6, method)
    assert est.cells == rb.work_estimate(10**6, 10**6, "tiled").cells
    assert est.memory_gb == rb.work_estimate(10**6, 10**6, "tiled").memory_gb
    assert est.seconds > 0
