"""Tests of stoplib.redblack.twins: the slow twins against closed forms, the
document's numbers and brute-force enumeration (the fast code they check is
tested against them in test_solver, test_variants and test_simulation)."""
import math
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from stoplib import redblack as rb
from stoplib.redblack import document as doc
from stoplib.redblack import twins


def test_exact_value_is_the_haskell_fraction():
    assert twins.value_exact(26, 26) == doc.VALUE_26_26_EXACT
    assert twins.value_table_exact(26, 26)[26, 26] == doc.VALUE_26_26_EXACT
    assert round(twins.value_topdown(26, 26), 9) == doc.VALUE_26_26


def test_closed_forms():
    for r in range(1, 40):
        assert rb.value(r, 1, "exact") == r - 1 + Fraction(1, r + 1)
        assert rb.value(r, 0, "exact") == r
        assert rb.value(0, r, "exact") == 0
    t = twins.value_table_exact(12, 12)
    for r in range(13):
        assert t[r, 0] == r and t[0, r] == 0
        if r:
            assert t[r, 1] == r - 1 + Fraction(1, r + 1)


def test_exact_table_and_value_agree():
    t = twins.value_table_exact(9, 14)
    for r in range(10):
        for b in range(15):
            assert twins.value_exact(r, b) == t[r, b]
            assert twins.value_topdown(r, b) == pytest.approx(float(t[r, b]), rel=1e-13, abs=1e-15)


def test_topdown_handles_deep_decks():
    # blocks of 64 keep the recursion shallow: 600 cards of each colour is fine
    assert twins.value_topdown(600, 600) == pytest.approx(rb.value(600, 600, "row"), rel=1e-12)


@pytest.mark.parametrize("r,b", [(4, 5), (5, 4), (3, 3), (6, 2)])
def test_omniscient_bruteforce_by_enumeration(r, b):
    n = r + b
    total = Fraction(0)
    count = 0
    for reds in combinations(range(n), r):
        s = best = 0
        for i in range(n):
            s += 1 if i in reds else -1
            best = max(best, s)
        total += best
        count += 1
    assert twins.omniscient_value_bruteforce(r, b) == total / count


def test_with_replacement_topdown_is_the_documents_286():
    assert round(twins.value_with_replacement_topdown(26, 26), 2) == doc.WITH_REPLACEMENT_MISTAKE
    assert twins.value_with_replacement_topdown(0, 5) == 0.0
    assert twins.value_with_replacement_topdown(5, 0) == 5.0


def test_slow_reference_simulation_agrees():
    exact = rb.value(8, 8)
    slow = twins.simulate_reference(8, 8, 20_000, seed=2)
    sd = rb.simulate(8, 8, 20_000, seed=2).std
    assert abs(slow - exact) < 4 * sd / math.sqrt(20_000)


def test_slow_reference_simulation_is_seeded():
    assert twins.simulate_reference(5, 5, 500, seed=3) == twins.simulate_reference(5, 5, 500, seed=3)
    assert twins.simulate_reference(0, 4, 10) == 0.0
    assert twins.simulate_reference(4, 0, 10) == 4.0


# --------------------------------------------------------------------------
# Bad inputs and limits
# --------------------------------------------------------------------------
@pytest.mark.parametrize("func", [twins.value_exact, twins.value_topdown, twins.value_table_exact,
                                  twins.omniscient_value_bruteforce,
                                  twins.value_with_replacement_topdown])
@pytest.mark.parametrize("bad,exc", [(-1, ValueError), (2.0, TypeError), (True, TypeError),
                                     (None, TypeError), (np.float64(3), TypeError)])
def test_bad_counts(func, bad, exc):
    with pytest.raises(exc, match="n_red"):
        func(bad, 3)
    with pytest.raises(exc, match="n_black"):
        func(3, bad)


def test_small_decks_only():
    with pytest.raises(ValueError, match="MAX_EXACT_CELLS"):
        twins.value_table_exact(2000, 2000)
    with pytest.raises(ValueError, match="MAX_EXACT_CELLS"):
        twins.value_exact(2000, 2000)
    with pytest.raises(ValueError, match="MAX_TOPDOWN_CELLS"):
        twins.value_topdown(5000, 5000)
    with pytest.raises(ValueError, match="small decks"):
        twins.omniscient_value_bruteforce(200, 200)
    with pytest.raises(ValueError, match="200"):
        twins.value_with_replacement_topdown(150, 150)
    with pytest.raises(ValueError, match="n_games"):
        twins.simulate_reference(3, 3, 0)
