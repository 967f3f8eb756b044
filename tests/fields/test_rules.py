"""Tests for stoplib.fields.rules: the state encoding and the legal moves.

Every state is enumerated once; bad states, rolls and placements get clear errors.
"""
import math
import time

import pytest

from stoplib import fields as fl


# --------------------------------------------------------------------------
# every state
# --------------------------------------------------------------------------
@pytest.mark.parametrize("V,F", [(1, 1), (5, 2), (8, 4), (9, 9)])
def test_all_states_are_every_increasing_filling(V, F):
    states = list(fl.all_states(V, F))
    assert len(states) == math.comb(V + F, F)
    keys = {tuple(st) for st in states}
    assert len(keys) == len(states)
    for st in states:
        filled = [v for v in st if v is not None]
        assert filled == sorted(set(filled)) and all(0 <= v < V for v in filled)   # strictly increasing


# --------------------------------------------------------------------------
# bad states, rolls and placements
# --------------------------------------------------------------------------
@pytest.mark.parametrize("state,roll,err,match", [
    ([None, 5, 3], 1, ValueError, "not increasing"),
    ([4, 4, None], 1, ValueError, "not increasing"),
    ([None, None], 1, ValueError, "length"),
    ([None, 10, None], 1, ValueError, "0..9"),
    ([None, -1, None], 1, ValueError, "0..9"),
    ([None, 2.0, None], 1, TypeError, "state\\[1\\]"),
    ([None, True, None], 1, TypeError, "state\\[1\\]"),
    ("abc", 1, TypeError, "state"),
    ([None, 5, None], 5, ValueError, "already drawn"),
    ([None, 5, None], 10, ValueError, "roll"),
    ([None, 5, None], -1, ValueError, "roll"),
    ([None, 5, None], 1.0, TypeError, "roll"),
    ([None, 5, None], False, TypeError, "roll"),
])
def test_bad_states_and_rolls(state, roll, err, match):
    for fn in (fl.legal_fields, fl.placement_probabilities):
        with pytest.raises(err, match=match):
            fn(10, 3, state, roll)


def test_bad_placements():
    with pytest.raises(ValueError, match="already filled"):
        fl.place(10, 3, [None, 5, None], 2, 1)
    with pytest.raises(ValueError, match="breaks the increasing order"):
        fl.place(10, 3, [None, 5, None], 2, 2)
    with pytest.raises(ValueError, match="field"):
        fl.place(10, 3, [None, 5, None], 2, 3)


def test_states_must_be_ordered_sequences():
    for bad in ({3, None}, {0: None, 1: 3}, "ab", 7):
        with pytest.raises(TypeError, match="state must be a list"):
            fl.legal_fields(10, 2, bad, 5)
    assert fl.legal_fields(10, 2, (None, 3), 2) == [0]          # a tuple is a state too


def test_all_states_checks_its_arguments_at_once():
    with pytest.raises(ValueError, match="V must be >= 0"):
        fl.all_states(-1, 2)                         # no iteration needed to see the error
    with pytest.raises(ValueError, match="F must be <= V"):
        fl.all_states(2, 3)
    with pytest.raises(TypeError):
        fl.all_states(2.0, 1)


def test_a_board_without_fields_takes_no_roll():
    with pytest.raises(ValueError, match="no fields"):
        fl.place(5, 0, [], 1, 0)


# --------------------------------------------------------------------------
# the work budget: big requests are refused at once, with the estimate
# --------------------------------------------------------------------------
import functools  # noqa: E402

import numpy as np  # noqa: E402

from stoplib.fields import plots  # noqa: E402
from stoplib.util import budget  # noqa: E402
from stoplib.util.budget import BudgetError  # noqa: E402

TOO_BIG = {
    "win_probability": lambda: fl.win_probability(10**9, 5),
    "win_probability huge": lambda: fl.win_probability(10**400, 3),
    "win_probability plain": lambda: fl.win_probability(10**5, 100, method="plain"),
    "win_probability exact": lambda: fl.win_probability(20_000, 100, exact=True),
    "win_table": lambda: fl.win_table(10**6, 1000),
    "win_table exact": lambda: fl.win_table(3000, 1000, exact=True),
    "optimal_policy": lambda: fl.optimal_policy(10**8, 3),
    "policy_win_probability": lambda: fl.policy_win_probability(10**6, 10),
    "state_probability": lambda: fl.state_probability(10**7, 3, [None] * 3),
    "placement_probabilities": lambda: fl.placement_probabilities(10**7, 3, [None] * 3, 5),
    "choose_field": lambda: fl.choose_field(10**7, 3, [None] * 3, 5),
    "time_win_probability": lambda: fl.time_win_probability(5000, 50, repeats=10**6),
    "simulate games": lambda: fl.simulate(10, 3, 10**13),
    "simulate values": lambda: fl.simulate(10**11, 3, 10, "nearest"),
    "brute force": lambda: fl.brute_force_win_probability(30, 15),
    "brute force state": lambda: fl.brute_force_state_probability(40, 12, [None] * 6 + [20] + [None] * 5),
    "check_monotonicity": lambda: fl.check_monotonicity(5000),
    "tied_first_moves": lambda: fl.tied_first_moves(5000),
    "check_recurrence": lambda: fl.check_recurrence(30),
    "check_gap_formula": lambda: fl.check_gap_formula([(20, 10)]),
    "FieldsGame table": lambda: fl.FieldsGame(10**7, 500),
    "FieldsGame board": lambda: fl.FieldsGame(10**15, 10**15),
    "plot_win_heatmap": lambda: plots.plot_win_heatmap(np.broadcast_to(0.5, (10**5 + 1, 10**3 + 1))),
    "plot_win_vs_values": lambda: plots.plot_win_vs_values(np.broadcast_to(0.5, (10**8, 3)), (2,)),
    "plot_board": lambda: plots.plot_board(_big_position()),
    "first_moves": lambda: fl.first_moves(10**8, 3),
}


@functools.cache
def _big_position():
    """A position of 10**6 fields (made once, outside the timed refusal)."""
    return fl.Position(10**6, 10**6, (None,) * 10**6)


@pytest.mark.parametrize("name", sorted(TOO_BIG))
def test_big_requests_are_refused_at_once_with_the_estimate(name):
    if name == "plot_board":
        _big_position()
    start = time.perf_counter()
    with pytest.raises(BudgetError) as info:
        TOO_BIG[name]()
    assert time.perf_counter() - start < 1.0, "a refusal must be instant"
    message = str(info.value)
    assert ("would take about" in message or "would need about" in message) and "the limit is" in message
    assert "stoplib.util.budget.allow" in message and "STOPLIB_MAX_SECONDS" in message
    assert isinstance(info.value, ValueError)


def test_the_limits_can_be_raised_or_lowered_on_purpose():
    fl.clear_cache()
    with budget.allow(seconds=1e-6), pytest.raises(BudgetError, match=r"win_probability\(300, 20"):
        fl.win_probability(300, 20)
    value = fl.win_probability(300, 20)                       # within the default limits
    with budget.allow(seconds=1e-6):
        assert fl.win_probability(300, 20) == value           # a cached table costs nothing
    with budget.allow(seconds=1e-6):
        assert fl.win_probability(10**9, 1) == 1.0           # nor does a game without work


def test_estimates_grow_with_the_sizes_and_name_their_basis():
    from stoplib.fields._costs import _exact_estimate, _table_estimate
    small, large = _table_estimate(20, 980, "fast", "x"), _table_estimate(40, 1960, "fast", "x")
    assert 7 < large.seconds / small.seconds < 9 and "products" in small.basis
    assert _table_estimate(20, 980, "plain", "x").seconds > small.seconds
    assert _exact_estimate(20, 980, "fast", "x").seconds > small.seconds
    assert _table_estimate(10**400, 10**400, "fast", "x").seconds == float("inf")


def test_long_numbers_are_shortened_in_messages():
    with pytest.raises(BudgetError, match=r"win_probability\(1.00e400, 3, method='fast'\)"):
        fl.win_probability(10**400, 3)
