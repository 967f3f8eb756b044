"""Tests of stoplib.redblack.solver: the document's numbers first, then properties,
then the fast kernels against their exact twins (stoplib.redblack.twins), then bad inputs."""
from fractions import Fraction
from operator import attrgetter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stoplib import redblack as rb
from stoplib.util.budget import BudgetError
from stoplib.redblack import document as doc
from stoplib.redblack.solver import _tiled

VD = attrgetter("value", "diag")          # of a SweepResult
VDB = attrgetter("value", "diag", "boundary")

FLOAT_METHODS = ("auto", "topdown", "row", "diagonal", "tiled")


def rel_close(a, b, rtol=1e-12):
    return abs(a - b) <= rtol * max(1.0, abs(a), abs(b))


# --------------------------------------------------------------------------
# The document's numbers
# --------------------------------------------------------------------------
def test_exact_rational_26_26():
    assert rb.value(26, 26, method="exact") == doc.VALUE_26_26_EXACT
    assert isinstance(rb.value(26, 26, method="exact"), Fraction)


@pytest.mark.parametrize("method", FLOAT_METHODS)
def test_spreadsheet_answer_26_26(method):
    assert round(rb.value(26, 26, method=method), 9) == doc.VALUE_26_26
    assert rel_close(rb.value(26, 26, method=method), float(doc.VALUE_26_26_EXACT))


def test_r_list_0_to_26():
    ours = rb.balanced_values(26)
    assert len(ours) == 27
    for i, printed in enumerate(doc.BALANCED_0_TO_26_R):
        assert round(ours[i], doc.BALANCED_0_TO_26_R_DECIMALS) == pytest.approx(printed, abs=1e-12), i


def test_143_cards_is_143_of_each_colour():
    assert round(rb.value(143, 143), 8) == doc.R_LIMIT_VALUE
    # not 143 cards in all
    assert abs(rb.value(72, 71) - doc.R_LIMIT_VALUE) > 0.01
    assert abs(rb.value(71, 72) - doc.R_LIMIT_VALUE) > 0.01


def test_100000_tiled():
    assert round(rb.value(100_000, 100_000, method="tiled"), 6) == doc.VALUE_100000


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------
def test_value_at_least_stopping_payoff_and_monotone():
    t = rb.value_table(60, 80)
    r = np.arange(61)[:, None]
    b = np.arange(81)[None, :]
    assert np.all(t >= np.maximum(0, r - b) - 1e-12)
    assert np.all(np.diff(t, axis=0) >= -1e-12)   # increasing in r
    assert np.all(np.diff(t, axis=1) <= 1e-12)    # decreasing in b


def test_boundary_monotone_and_policy_consistent():
    bnd = rb.stopping_boundary(200)
    assert bnd[0] == 0
    assert np.all(np.diff(bnd) >= 0)
    assert np.all(bnd[1:] > np.arange(1, 201))
    pol = rb.policy_table(200, int(bnd.max()) + 5)
    for r in range(201):
        row = pol[r]
        assert not row[bnd[r]:].any()
        assert row[:bnd[r]].all()
    # the policy equals "V > 0" of the exact table (ties: stop, e.g. (1, 2))
    ex = rb.value_table_exact(40, 60)
    assert np.array_equal(rb.policy_table(40, 60), np.vectorize(lambda x: x > 0)(ex).astype(bool))
    assert not rb.policy_table(1, 2)[1, 2]


def test_value_table_matches_exact():
    ex = rb.value_table_exact(30, 45)
    fl = rb.value_table(30, 45)
    assert fl.shape == (31, 46)
    assert np.allclose(fl, np.vectorize(float)(ex), rtol=1e-13, atol=1e-15)


# --------------------------------------------------------------------------
# Fast kernels against exact twins
# --------------------------------------------------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 60), st.integers(0, 60))
def test_all_methods_equal_exact_small(r, b):
    exact = float(rb.value(r, b, method="exact"))
    for m in FLOAT_METHODS:
        assert rel_close(rb.value(r, b, method=m), exact), m


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 700), st.integers(0, 700), st.sampled_from([8, 17, 64, 512]))
def test_all_methods_agree_unbalanced(r, b, tile):
    ref = rb.value(r, b, method="row")
    assert rel_close(rb.value(r, b, method="diagonal"), ref)
    assert rel_close(rb.value(r, b, method="tiled"), ref)
    if r <= 300 and b <= 300:
        assert rel_close(rb.value(r, b, method="topdown"), ref)
    for parallel in (True, False):
        for fast in (True, False):
            assert rel_close(_tiled(r, b, tile=tile, parallel=parallel, fast=fast).value, ref)
    assert rel_close(rb.value_table(r, b)[r, b], ref)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 300), st.sampled_from([8, 13, 64, 512]))
def test_balanced_values_equal_value(n, tile):
    bv = rb.balanced_values(n, tile=tile)
    assert bv.shape == (n + 1,) and bv.dtype == np.float64
    for i in range(n + 1):
        assert rel_close(bv[i], rb.value(i, i, method="row"))


def test_serial_and_parallel_tiled_identical():
    for n_red, n_black, tile in [(1000, 1000, 64), (777, 1300, 50), (1500, 600, 128)]:
        v1, d1, b1 = VDB(_tiled(n_red, n_black, tile=tile, parallel=True, n_diag=n_red + 1, boundary=True))
        v2, d2, b2 = VDB(_tiled(n_red, n_black, tile=tile, parallel=False, n_diag=n_red + 1, boundary=True))
        assert v1 == v2
        assert np.array_equal(d1, d2)
        assert np.array_equal(b1, b2)


def test_chunked_sweep_with_progress_identical():
    v1, d1, b1 = VDB(_tiled(2500, 2600, tile=64, n_diag=2501, boundary=True, show_progress=False))
    v2, d2, b2 = VDB(_tiled(2500, 2600, tile=64, n_diag=2501, boundary=True, show_progress=True))
    assert v1 == v2 and np.array_equal(d1, d2) and np.array_equal(b1, b2)


def test_fastmath_against_exact_path_large():
    n = 3000
    v_fast, d_fast = VD(_tiled(n, n, tile=256, fast=True, n_diag=n + 1))
    v_slow, d_slow = VD(_tiled(n, n, tile=256, fast=False, n_diag=n + 1))
    assert rel_close(v_fast, v_slow)
    assert np.allclose(d_fast, d_slow, rtol=1e-12, atol=0)
    assert rel_close(rb.value(n, n, "row"), v_slow)
    assert rel_close(rb.value(n, n, "diagonal"), v_slow)


def test_stopping_boundary_against_table():
    n = 120
    bnd = rb.stopping_boundary(n)
    t = rb.value_table(n, 2 * n + 20)
    ref = [0] + [int(np.nonzero(t[r] == 0.0)[0][0]) for r in range(1, n + 1)]
    assert bnd.tolist() == ref
    # the tiled kernel records the same boundary for any tile size and deck shape
    for tile in (8, 13, 64, 2048):
        for width in (n + 2, n + 30, 3 * n):
            got = _tiled(n, width, tile=tile, boundary=True).boundary
            want = [0] + [ref[r] if ref[r] <= width else -1 for r in range(1, n + 1)]
            assert got.tolist() == want, (tile, width)


# --------------------------------------------------------------------------
# Bad inputs
# --------------------------------------------------------------------------
@pytest.mark.parametrize("func", [rb.value, rb.value_table, rb.policy_table])
@pytest.mark.parametrize("bad,exc", [(-1, ValueError), (2.0, TypeError), (True, TypeError),
                                     ("3", TypeError), (None, TypeError), (np.float64(3), TypeError)])
def test_bad_counts(func, bad, exc):
    with pytest.raises(exc, match="n_red"):
        func(bad, 3)
    with pytest.raises(exc, match="n_black"):
        func(3, bad)


@pytest.mark.parametrize("bad,exc", [(-1, ValueError), (2.5, TypeError), (False, TypeError)])
def test_bad_single_counts(bad, exc):
    with pytest.raises(exc, match="n_max"):
        rb.balanced_values(bad)
    with pytest.raises(exc, match="n_red"):
        rb.stopping_boundary(bad)


def test_numpy_ints_accepted():
    assert rb.value(np.int64(5), np.int32(5)) == rb.value(5, 5)


def test_bad_method():
    with pytest.raises(ValueError, match="method"):
        rb.value(3, 3, method="fast")


def test_absurd_sizes_refused():
    # the budget (stoplib.util.budget) refuses with the estimate, its basis and the limit
    with pytest.raises(BudgetError, match=r"would take about .* days \(.*cell updates.*limit is 30 minutes"):
        rb.value(10**8, 10**8)
    with pytest.raises(BudgetError, match="hours|days"):
        rb.balanced_values(10**8)
    with pytest.raises(BudgetError, match="GiB of memory"):
        rb.value_table(200_000, 200_000)
    with pytest.raises(ValueError, match="MAX_TOPDOWN_CELLS"):
        rb.value(5000, 5000, method="topdown")
    with pytest.raises(ValueError, match="MAX_EXACT_CELLS"):
        rb.value(2000, 2000, method="exact")
    with pytest.raises(BudgetError, match="row"):
        rb.value(10**6, 10**7, method="row")
    with pytest.raises(BudgetError, match="time_method"):
        rb.time_method("row", 10**6, 10**6, repeats=5)
    with pytest.raises(BudgetError, match="stopping_boundary"):
        rb.stopping_boundary(10**8)
