"""Tests of stoplib.redblack.rules (input checks, caps) and of its cost room stoplib.redblack._costs
(the work estimate and the limits)."""
import numpy as np
import pytest

from stoplib import redblack as rb
from stoplib.redblack import _costs, rules
from stoplib.util import budget
from stoplib.util.budget import BudgetError


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


def test_check_work_message_names_the_estimate_and_the_limit():
    with pytest.raises(BudgetError, match=r"value\(10\*\*8, 10\*\*8\) would take about .* days .*"
                                          r"the limit is 30 minutes.*budget\.allow"):
        _costs.check_work(10**8, 10**8, "tiled", "value(10**8, 10**8)")
    with pytest.raises(BudgetError, match=r"would need about .* GiB of memory.*the limit is 4 GiB"):
        _costs.check_work(30_000, 30_000, "table", "value_table(30000, 30000)")


def test_limits_are_raised_on_purpose_with_the_budget(monkeypatch):
    # the documented ways to raise (or lower) the limits: budget.allow and the environment
    assert rb.value(300, 300, method="row") > 0
    with budget.allow(seconds=1e-9):
        with pytest.raises(BudgetError, match="limit is"):
            rb.value(300, 300, method="row")
    monkeypatch.setenv("STOPLIB_MAX_BYTES", "1000")
    with pytest.raises(BudgetError, match="memory"):
        rb.value_table(300, 300)
    monkeypatch.delenv("STOPLIB_MAX_BYTES")
    with budget.allow(bytes=4 * 2**30):
        assert rb.value_table(30, 30).shape == (31, 31)
    monkeypatch.setattr(rules, "MAX_EXACT_CELLS", 10)
    with pytest.raises(ValueError, match="MAX_EXACT_CELLS"):
        rb.value(5, 5, method="exact")


def test_checkpointed_sweeps_have_no_time_limit():
    # a run that can be stopped and resumed may take as long as it likes; memory still counts
    with pytest.raises(BudgetError, match="checkpoint="):
        _costs.check_work(10**8, 10**8, "tiled", "value(10**8, 10**8)", resumable=True)
    with pytest.raises(BudgetError) as err:
        _costs.check_work(10**8, 10**8, "tiled", "stopping_boundary(10**8)")
    assert "checkpoint" not in str(err.value)
    assert _costs.check_work(10**7, 10**7, "tiled", "balanced_values(10**7)", limit_time=False).seconds > 1800
    with pytest.raises(BudgetError, match="memory"):
        _costs.check_work(10**9, 10**9, "tiled", "balanced_values(10**9)", limit_time=False)


def test_counts_above_2_to_the_53_are_refused():
    assert rules.check_counts(2**53, 0) == (2**53, 0)
    for bad in (2**53 + 1, 10**400, np.uint64(2**64 - 1)):
        with pytest.raises(ValueError, match="n_red must be in 0..9007199254740992"):
            rules.check_counts(bad, 0)
    with pytest.raises(ValueError, match="n_red"):
        rb.value(10**400, 5)


@pytest.mark.parametrize("method", _costs.ESTIMATED_METHODS)
def test_every_method_has_an_estimate(method):
    est = rb.work_estimate(200, 300, method)
    assert est.seconds > 0 and est.memory_gb > 0 and est.bytes == est.memory_gb * 1e9
    assert est.basis and "cell updates" in est.describe()
    huge = rb.work_estimate(2**53, 2**53, method)
    assert np.isfinite(huge.seconds) and huge.seconds > 1e6
    with pytest.raises(ValueError, match="method"):
        rb.work_estimate(5, 5, "auto")


@pytest.mark.parametrize("method", ["dask", "cuda"])
def test_work_estimate_of_the_new_sweeps(method):
    est = rb.work_estimate(10**6, 10**6, method)
    tiled = rb.work_estimate(10**6, 10**6, "tiled")
    assert est.cells == tiled.cells
    assert tiled.memory_gb <= est.memory_gb <= 2 * tiled.memory_gb   # the frontier (and edges in flight)
    assert est.seconds > 0 and (method != "cuda" or "not yet timed on a GPU" in est.basis)
