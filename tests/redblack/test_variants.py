"""Tests of stoplib.redblack.variants: the omniscient player, the document's
fixed-1/2 mistake and the spreadsheet's holdings, against the document's numbers
and the slow twins of stoplib.redblack.twins."""
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest

from stoplib import redblack as rb
from stoplib.util.budget import BudgetError
from stoplib.redblack import document as doc


def ref_table(n_red, n_black, replacement=False):
    """V(r, b) in plain Python floats (the recursion as written)."""

    @lru_cache(maxsize=None)
    def v(r, b):
        if r == 0:
            return 0.0
        if b == 0:
            return float(r)
        p = 0.5 if replacement else r / (r + b)
        return max(0.0, p * (v(r - 1, b) + 1.0) + (1.0 - p) * (v(r, b - 1) - 1.0))

    return np.array([[v(r, b) for b in range(n_black + 1)] for r in range(n_red + 1)])


# --------------------------------------------------------------------------
# The omniscient player
# --------------------------------------------------------------------------
def test_omniscient_26_26():
    v = rb.omniscient_value(26, 26)
    assert isinstance(v, Fraction)
    assert round(float(v), 2) == doc.OMNISCIENT_26_26
    assert v > rb.value(26, 26, method="exact")


@pytest.mark.parametrize("r,b", [(0, 0), (0, 3), (3, 0), (1, 1), (2, 2), (3, 5), (6, 2), (7, 7), (9, 4)])
def test_omniscient_exact_vs_bruteforce(r, b):
    assert rb.omniscient_value(r, b) == rb.omniscient_value_bruteforce(r, b)


def test_omniscient_by_enumeration():
    from itertools import combinations
    r, b = 4, 5
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
    assert rb.omniscient_value(r, b) == total / count


# --------------------------------------------------------------------------
# The fixed-1/2 mistake
# --------------------------------------------------------------------------
def test_with_replacement_mistake():
    w = rb.value_with_replacement(26, 26)
    assert round(w, 2) == doc.WITH_REPLACEMENT_MISTAKE
    assert w == pytest.approx(rb.value_with_replacement_topdown(26, 26), rel=1e-12)
    for r, b in [(0, 0), (0, 5), (5, 0), (3, 7), (10, 4)]:
        assert rb.value_with_replacement(r, b) == pytest.approx(
            rb.value_with_replacement_topdown(r, b), rel=1e-12, abs=1e-15)


def test_replacement_table_corner_is_the_mistake():
    table = rb.replacement_table(26, 26)
    assert table[26, 26] == pytest.approx(rb.value_with_replacement(26, 26), rel=1e-12)
    assert round(table[26, 26], 2) == doc.WITH_REPLACEMENT_MISTAKE


def test_replacement_table_matches_reference():
    np.testing.assert_allclose(rb.replacement_table(15, 11), ref_table(15, 11, True),
                               rtol=1e-13, atol=1e-13)


# --------------------------------------------------------------------------
# The spreadsheet's quantity
# --------------------------------------------------------------------------
def test_holdings_table_is_holding_plus_value():
    h = rb.holdings_table(26, 26)
    v = rb.value_table(26, 26)
    r = np.arange(27)[:, None]
    b = np.arange(27)[None, :]
    assert np.allclose(h, (b - r) + v, rtol=0, atol=1e-12)
    h2 = rb.holdings_table(7, 11)
    v2 = rb.value_table(7, 11)
    r = np.arange(8)[:, None]
    b = np.arange(12)[None, :]
    assert np.allclose(h2, (7 - r) - (11 - b) + v2, atol=1e-12)


# --------------------------------------------------------------------------
# Bad inputs
# --------------------------------------------------------------------------
@pytest.mark.parametrize("func", [rb.omniscient_value, rb.value_with_replacement,
                                  rb.replacement_table, rb.holdings_table])
@pytest.mark.parametrize("bad,exc", [(-1, ValueError), (2.0, TypeError), (True, TypeError),
                                     ("3", TypeError), (None, TypeError), (np.float64(3), TypeError)])
def test_bad_counts(func, bad, exc):
    with pytest.raises(exc, match="n_red"):
        func(bad, 3)
    with pytest.raises(exc, match="n_black"):
        func(3, bad)


def test_absurd_sizes_refused():
    with pytest.raises(BudgetError, match="omniscient_value.*bits"):
        rb.omniscient_value(10**7, 10**7)
    with pytest.raises(BudgetError, match="replacement_table.*GiB of memory"):
        rb.replacement_table(30_000, 30_000)
    with pytest.raises(BudgetError, match="GiB of memory"):
        rb.holdings_table(200_000, 200_000)
    with pytest.raises(BudgetError, match="value_with_replacement"):
        rb.value_with_replacement(10**6, 10**6)
