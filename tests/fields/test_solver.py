"""Tests for stoplib.fields.solver (the increasing-fields game).

Order: the document's numbers, float vs fraction and fast vs plain, the optimal
policy, mid-game values against the brute force of stoplib.fields.twins,
properties, bad inputs.
"""
import math
from fractions import Fraction

import numpy as np
import pytest

from stoplib import fields as fl
from stoplib.fields import _kernels
from stoplib.fields import document as doc
from stoplib.util import budget
from stoplib.util.budget import BudgetError


# --------------------------------------------------------------------------
# the document's claims
# --------------------------------------------------------------------------
def test_base_case_no_fields_is_won():
    for V in range(0, 12):
        assert fl.win_probability(V, 0, exact=True) == doc.WIN_NO_FIELDS
        assert fl.win_probability(V, 0) == doc.WIN_NO_FIELDS


def test_base_case_more_fields_than_values_is_lost():
    t = fl.win_table(10, 10, exact=True)
    tf = fl.win_table(10, 10)
    for a in range(11):
        for b in range(a + 1, 11):
            assert t[a, b] == doc.WIN_MORE_FIELDS_THAN_VALUES
            assert tf[a, b] == doc.WIN_MORE_FIELDS_THAN_VALUES


def test_documented_size_fast_matches_plain():
    """The document's benchmark case Win(1000, 20): both recurrences agree."""
    fast = fl.win_probability(doc.TIMING_V, doc.TIMING_F)
    plain = fl.win_probability(doc.TIMING_V, doc.TIMING_F, method="plain")
    assert 0 < fast < 1
    assert fast == pytest.approx(plain, rel=1e-12)


def test_small_values_by_hand():
    # (3, 2): roll 1 can go anywhere and wins only if the next roll is on its side: 1/2;
    # rolls 0 and 2 always win: Win = (1 + 1/2 + 1) / 3.
    assert fl.win_probability(3, 2, exact=True) == Fraction(5, 6)
    # (4, 2): rolls 0 and 3 always win, rolls 1 and 2 win with 2/3 (next roll on the long side).
    assert fl.win_probability(4, 2, exact=True) == Fraction(5, 6)
    for V in range(1, 10):
        assert fl.win_probability(V, 1, exact=True) == 1
        assert fl.win_probability(V, V, exact=True) == 1


# --------------------------------------------------------------------------
# fast vs plain, float vs fraction
# --------------------------------------------------------------------------
def test_float_table_matches_fractions():
    exact = fl.win_table(60, 25, exact=True)
    for method in ("fast", "plain"):
        tab = fl.win_table(60, 25, method=method)
        for V in range(61):
            for F in range(26):
                assert tab[V, F] == pytest.approx(float(exact[V, F]), rel=1e-12, abs=1e-300)


def test_scaled_float_path_matches_fractions(monkeypatch):
    """Large sizes rescale the table by exp(alpha k + beta s + gamma); force it on small ones."""
    monkeypatch.setattr(_kernels, "_SCALE_THRESHOLD", 0.0)
    fl.clear_cache()
    try:
        for V, F in [(40, 12), (80, 30), (30, 29)]:
            ex = float(fl.win_probability(V, F, exact=True))
            assert fl.win_probability(V, F) == pytest.approx(ex, rel=1e-12)
            assert fl.win_probability(V, F, method="plain") == pytest.approx(ex, rel=1e-12)
            st = [None] * F
            st[F // 2] = V // 2
            ex = float(fl.state_probability(V, F, st, exact=True))
            assert fl.state_probability(V, F, st) == pytest.approx(ex, rel=1e-12)
    finally:
        fl.clear_cache()


def test_large_case_fast_matches_plain():
    for V, F in [(600, 40), (2000, 8)]:
        assert fl.win_probability(V, F) == pytest.approx(fl.win_probability(V, F, method="plain"), rel=1e-11)


# --------------------------------------------------------------------------
# the optimal policy
# --------------------------------------------------------------------------
def test_optimal_policy_is_monotone_and_steps_by_at_most_one():
    for V, F in [(50, 7), (200, 20), (31, 30)]:
        pol = fl.optimal_policy(V, F)
        d = np.diff(pol)
        assert pol[0] == 0 and pol[-1] == F - 1
        assert set(d.tolist()) <= {0, 1}


# --------------------------------------------------------------------------
# mid-game
# --------------------------------------------------------------------------
@pytest.mark.parametrize("V,F", [(6, 3), (8, 4), (7, 5)])
def test_state_probability_equals_brute_force_everywhere(V, F):
    for st in fl.all_states(V, F):
        brute = fl.brute_force_state_probability(V, F, st)
        assert fl.state_probability(V, F, st, exact=True) == brute
        assert fl.state_probability(V, F, st) == pytest.approx(float(brute), rel=1e-12, abs=1e-15)


def test_placement_probabilities_equal_brute_force():
    V, F = 8, 4
    for st in fl.all_states(V, F):
        if all(v is not None for v in st):
            continue
        for roll in set(range(V)) - set(st):
            probs = fl.placement_probabilities(V, F, st, roll, exact=True)
            legal = fl.legal_fields(V, F, st, roll)
            assert sorted(probs) == legal
            for f, p in probs.items():
                assert p == fl.brute_force_state_probability(V, F, fl.place(V, F, st, roll, f))


def test_bellman_consistency_of_states():
    """State value = average over undrawn rolls of the best placement (0 when none)."""
    V, F = 9, 4
    for st in [[None] * 4, [None, 3, None, None], [1, None, None, 8], [None, None, 4, 5]]:
        undrawn = [r for r in range(V) if r not in st]
        best = [max(fl.placement_probabilities(V, F, st, r, exact=True).values(), default=0)
                for r in undrawn]
        assert fl.state_probability(V, F, st, exact=True) == sum(best) / len(undrawn)


def test_empty_state_and_document_place_formula():
    V, F = 30, 6
    assert fl.state_probability(V, F, [None] * F, exact=True) == fl.win_probability(V, F, exact=True)
    # Place(V, F, r, f) from the document, with exact binomials.
    W = fl.win_table(V, F, exact=True)
    for r in range(V):
        probs = fl.placement_probabilities(V, F, [None] * F, r, exact=True)
        for f, p in probs.items():
            place = Fraction(math.comb(r, f) * math.comb(V - r - 1, F - f - 1), math.comb(V - 1, F - 1))
            place *= (W[r, f] if r >= f else 0) * (W[V - r - 1, F - f - 1] if V - r - 1 >= F - f - 1 else 0)
            assert p == place


def test_best_placement_and_mirror_symmetry():
    V, F = 40, 7
    st = [None] * F
    for r in range(V):
        bp = fl.best_placement(V, F, st, r)
        mirror = fl.placement_probabilities(V, F, st, V - 1 - r)
        assert bp.probability == pytest.approx(max(mirror.values()), rel=1e-12)
        for f, p in bp.probabilities.items():
            assert p == pytest.approx(mirror[F - 1 - f], rel=1e-12, abs=1e-300)
            assert 0 <= p <= 1
        assert fl.choose_field(V, F, st, r, "optimal") == bp.field


def test_dead_state_and_no_legal_field():
    assert fl.state_probability(10, 3, [0, None, 1]) == 0
    assert fl.placement_probabilities(10, 3, [3, 4, None], 0) == {}
    assert fl.best_placement(10, 3, [3, 4, None], 0).field is None
    assert fl.state_probability(5, 3, [0, 2, 4]) == 1


# --------------------------------------------------------------------------
# properties
# --------------------------------------------------------------------------
def test_win_decreases_with_values():
    """Non-increasing in V; strictly for F >= 3 (F = 2 has Win(2m-1, 2) = Win(2m, 2))."""
    t = fl.win_table(80, 12, exact=True)
    for F in range(2, 13):
        col = [t[V, F] for V in range(F, 81)]
        assert all(a >= b for a, b in zip(col, col[1:]))
        if F >= 3:
            assert all(a > b for a, b in zip(col, col[1:]))
    for m in range(2, 40):
        assert t[2 * m - 1, 2] == t[2 * m, 2] > t[2 * m + 1, 2]


def test_optimal_beats_heuristics_exactly():
    for V, F in [(20, 5), (100, 10), (300, 15)]:
        assert fl.win_probability(V, F) >= fl.policy_win_probability(V, F, "proportional")
    assert fl.policy_win_probability(8, 4, "proportional") == pytest.approx(
        float(fl.brute_force_state_probability(8, 4, policy="proportional")), rel=1e-12)


# --------------------------------------------------------------------------
# bad inputs
# --------------------------------------------------------------------------
@pytest.mark.parametrize("V,F,err", [
    (3, 4, ValueError), (-1, 0, ValueError), (5, -1, ValueError), (True, 1, TypeError),
    (5, True, TypeError), (5.0, 2, TypeError), (5, 2.0, TypeError), ("5", 2, TypeError),
])
def test_bad_sizes(V, F, err):
    with pytest.raises(err):
        fl.win_probability(V, F)
    with pytest.raises(err):
        fl.state_probability(V, F, [None] * 2)


def test_bad_options_and_sizes_too_large():
    with pytest.raises(ValueError, match="method"):
        fl.win_probability(5, 2, method="slow")
    with pytest.raises(TypeError, match="exact"):
        fl.win_probability(5, 2, exact="yes")
    with pytest.raises(BudgetError, match=r"win_probability\(1000000, 1000, method='fast'\) would take about"):
        fl.win_probability(10**6, 1000)
    with budget.allow(seconds=60), pytest.raises(BudgetError, match=r"win_probability\(5000, 50, "
                                                                   r"exact=True.*would take about"):
        fl.win_probability(5000, 50, exact=True)
    with pytest.raises(ValueError, match="policy"):
        fl.policy_win_probability(10, 3, "nearest")
