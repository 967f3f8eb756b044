"""Properties of the increasing-fields solver: probabilities stay in [0, 1], exact answers stay exact.

- every value that is a probability (Win, state values, placements, simulated rates)
  is in [0, 1], and exactly 1 where the mathematics says 1: no field, one field, as
  many fields as values, or a state whose remaining rolls can only split one way
  (issue 12: ``Win(10**5, 1)`` was 1.0000000000774685, from log-gamma differences
  in the W -> Win conversion of the float table);
- Win(V, F) is non-increasing in V (a coupling: a (V, F) player who inserts a phantom
  value at a uniform random place plays a uniform (V + 1, F) game with the same
  outcome), and optimal play is at least as good as any heuristic;
- the float solver agrees with the exact twin (Python integers) at small sizes, on
  scaled tables too, and the Bellman identity holds exactly;
- exact answers are Fractions whose numerators count winning roll sequences;
- NumPy integer scalars are accepted like ints.
"""
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stoplib import fields as fl
from stoplib.fields import _kernels, simulation

FAST = settings(max_examples=30, deadline=None, derandomize=True)


@st.composite
def games(draw, v_max=40):
    V = draw(st.integers(0, v_max))
    return V, draw(st.integers(0, V))


@st.composite
def states(draw, v_max=14, f_max=6):
    """A (V, F, state) with an increasing partial filling."""
    V = draw(st.integers(1, v_max))
    F = draw(st.integers(1, min(V, f_max)))
    n_filled = draw(st.integers(0, F))
    fields = sorted(draw(st.permutations(range(F)))[:n_filled])
    values = sorted(draw(st.permutations(range(V)))[:n_filled])
    state = [None] * F
    for f, v in zip(fields, values):
        state[f] = v
    return V, F, state


# --------------------------------------------------------------------------
# the issue: degenerate games are won with probability exactly 1
# --------------------------------------------------------------------------
def test_the_reported_degenerate_game_is_exactly_won():
    assert fl.win_probability(100_000, 1) == 1.0                 # was 1.0000000000774685
    assert fl.win_probability(100_000, 1, exact=True) == Fraction(1)


@given(V=st.integers(1, 10**12))
@FAST
def test_no_field_one_field_or_every_value_a_field_is_won(V):
    for F in (0, 1, V):
        assert fl.win_probability(V, F) == 1.0
        assert fl.win_probability(V, F, exact=True) == 1
        assert fl.policy_win_probability(V, F, "proportional") == 1.0


@pytest.mark.parametrize("K,S", [(1, 20_000), (3, 3000), (60, 60)])
def test_the_table_base_cases_are_exact_and_every_cell_a_probability(K, S):
    tab = _kernels._table_for(K, S)
    assert (tab.win[0] == 1.0).all() and (tab.win[1] == 1.0).all() and (tab.win[:, 0] == 1.0).all()
    assert ((tab.win >= 0) & (tab.win <= 1)).all()
    assert (tab.win[2:, 1:] < 1).all()


def test_win_table_rows_of_degenerate_games_are_exactly_one():
    t = fl.win_table(3000, 2)
    assert (t[:, 0] == 1.0).all() and (t[1:, 1] == 1.0).all() and t[2, 2] == 1.0
    assert ((t >= 0) & (t <= 1)).all()


def test_win_of_two_fields_is_accurate_for_large_V():
    """Row k = 2 of a large table against the exact twin (the W -> Win conversion)."""
    t = fl.win_table(2000, 2)
    for V in (3, 10, 999, 1000, 2000):
        exact = fl.win_probability(V, 2, exact=True)
        assert t[V, 2] == pytest.approx(float(exact), rel=1e-13, abs=0)


def test_states_that_can_only_split_one_way_are_exactly_won():
    V = 100_000
    assert fl.state_probability(V, 2, [0, None]) == 1.0          # one gap holds every value left
    assert fl.state_probability(V, 3, [None, 0, None]) == 0.0    # nothing below 0
    assert fl.state_probability(5, 5, [0, None, 2, None, 4]) == 1.0
    assert fl.placement_probabilities(V, 2, [None, None], 0) == {0: 1.0, 1: 0.0}


def test_scaled_tables_keep_probabilities_and_base_cases(monkeypatch):
    """Large sizes rescale the table; force the rescaling on small ones."""
    monkeypatch.setattr(_kernels, "_SCALE_THRESHOLD", 0.0)
    fl.clear_cache()
    try:
        for method in ("fast", "plain"):
            t = fl.win_table(80, 30, method=method)
            assert ((t >= 0) & (t <= 1)).all()
            assert (t[:, 0] == 1).all() and (t[1:, 1] == 1).all()
            assert all(t[k, k] == 1 for k in range(31))
            exact = fl.win_table(80, 30, exact=True)
            for V in range(0, 81, 7):
                for F in range(min(V, 30) + 1):
                    assert t[V, F] == pytest.approx(float(exact[V, F]), rel=1e-12, abs=0)
    finally:
        fl.clear_cache()


# --------------------------------------------------------------------------
# ranges and monotonicity
# --------------------------------------------------------------------------
@given(V_max=st.integers(0, 150), F_max=st.integers(0, 150), method=st.sampled_from(fl.METHODS))
@FAST
def test_win_table_is_a_table_of_probabilities(V_max, F_max, method):
    F_max = min(F_max, V_max, 40 if method == "plain" else 150)
    t = fl.win_table(V_max, F_max, method=method)
    assert t.shape == (V_max + 1, F_max + 1)
    assert ((t >= 0) & (t <= 1)).all()
    for V in range(V_max + 1):
        for F in range(F_max + 1):
            if F > V:
                assert t[V, F] == 0
            elif F <= 1 or F == V:
                assert t[V, F] == 1


def test_win_is_non_increasing_in_V_exactly():
    t = fl.win_table(45, 45, exact=True)
    for F in range(46):
        for V in range(F, 45):
            assert t[V + 1, F] <= t[V, F], (V, F)


def test_win_is_non_increasing_in_V_in_floats():
    t = fl.win_table(1500, 25)
    for F in range(26):
        column = t[F:, F]
        assert (np.diff(column) <= 1e-13 * column[1:]).all(), F


@given(game=games(60))
@FAST
def test_optimal_play_is_at_least_the_proportional_heuristic(game):
    V, F = game
    assert fl.policy_win_probability(V, F, "proportional") <= fl.win_probability(V, F) * (1 + 1e-12)


@pytest.mark.parametrize("V,F", [(6, 3), (8, 4), (9, 5)])
def test_optimal_play_is_at_least_every_heuristic_exactly(V, F):
    best = fl.win_probability(V, F, exact=True)
    for policy in ("proportional", "nearest"):
        assert fl.brute_force_state_probability(V, F, policy=policy) <= best


@given(state=states())
@FAST
def test_state_values_are_probabilities_equal_to_the_exact_twin(state):
    V, F, st_ = state
    exact = fl.state_probability(V, F, st_, exact=True)
    value = fl.state_probability(V, F, st_)
    assert isinstance(exact, Fraction) and 0 <= exact <= 1
    assert 0.0 <= value <= 1.0
    assert value == pytest.approx(float(exact), rel=1e-12, abs=1e-300)
    if exact in (0, 1):
        assert value == exact


@given(state=states(v_max=10, f_max=5))
@FAST
def test_the_bellman_identity_holds_exactly(state):
    """A state's value is the average over the undrawn rolls of the best placement."""
    V, F, st_ = state
    undrawn = [r for r in range(V) if r not in st_]
    total = Fraction(0)
    for r in undrawn:
        probs = fl.placement_probabilities(V, F, st_, r, exact=True)
        assert all(0 <= p <= 1 for p in probs.values())
        best = fl.best_placement(V, F, st_, r, exact=True)
        assert best.probability == (max(probs.values()) if probs else 0)
        total += best.probability
    value = fl.state_probability(V, F, st_, exact=True)
    if all(v is not None for v in st_):
        assert value == 1
    else:
        assert value == total / len(undrawn)


def test_the_large_state_path_agrees_with_exact_integers():
    """States whose hypergeometric factor has more than 4096 bits take the accurate-log path."""
    V, F = 100_000, 1001
    state = [None if i % 2 == 0 else 100 * i for i in range(F)]          # 501 one-field gaps
    exact = fl.state_probability(V, F, state, exact=True)
    value = fl.state_probability(V, F, state)
    assert 0 < value < 1
    assert value == pytest.approx(float(exact), rel=1e-10)


@given(game=games(40))
@FAST
def test_float_solver_agrees_with_the_exact_twin(game):
    V, F = game
    exact = fl.win_probability(V, F, exact=True)
    for method in fl.METHODS:
        assert fl.win_probability(V, F, method=method) == pytest.approx(float(exact), rel=1e-12, abs=0)


@given(V=st.integers(2, 40), F=st.integers(1, 8), n=st.integers(1, 3000), policy=st.sampled_from(fl.POLICIES))
@FAST
def test_simulated_win_rates_are_probabilities(V, F, n, policy):
    F = min(F, V)
    res = fl.simulate(V, F, n, policy, seed=1)
    assert 0 <= res.wins <= n and 0.0 <= res.mean <= 1.0 and res.std_err >= 0


def test_simulation_in_chunks_equals_one_chunk(monkeypatch):
    whole = fl.simulate(30, 5, 5000, "optimal", seed=9)
    monkeypatch.setattr(simulation, "_CHUNK", 777)
    assert fl.simulate(30, 5, 5000, "optimal", seed=9) == whole


# --------------------------------------------------------------------------
# exact stays exact
# --------------------------------------------------------------------------
@given(game=games(30))
@FAST
def test_exact_answers_count_winning_roll_sequences(game):
    V, F = game
    win = fl.win_probability(V, F, exact=True)
    assert isinstance(win, Fraction)
    count = win * math.perm(V, F)                  # winning ordered sequences of F rolls
    assert count.denominator == 1 and 0 <= count <= math.perm(V, F)


def test_exact_tables_hold_fractions():
    t = fl.win_table(12, 6, exact=True)
    assert t.dtype == object and all(isinstance(x, Fraction) for x in t.ravel())


@given(V=st.integers(0, 40), F=st.integers(0, 40), method=st.sampled_from(("fast", "plain")))
@FAST
def test_work_count_is_the_exact_number_of_products(V, F, method):
    F = min(F, V)
    k = np.arange(1, F + 1)[:, None]
    s = np.arange(0, V - F + 1)[None, :]
    direct = int((k * (s + 1)).sum()) if method == "plain" else int((2 * ((k + s - 1) // 2) + 1).sum())
    assert fl.work_count(V, F, method) == direct


def test_work_count_is_exact_for_any_size():
    n = fl.work_count(10**400, 3, "plain")
    assert isinstance(n, int) and n == 6 * ((10**400 - 2) * (10**400 - 1) // 2)


# --------------------------------------------------------------------------
# numpy integer scalars are ints
# --------------------------------------------------------------------------
def test_numpy_integer_scalars_are_accepted_like_ints():
    assert fl.win_probability(np.int64(10), np.int32(3)) == fl.win_probability(10, 3)
    assert fl.win_probability(np.uint8(10), np.int16(3), exact=True) == fl.win_probability(10, 3, exact=True)
    assert fl.win_probability(10, 3, exact=np.bool_(True)) == fl.win_probability(10, 3, exact=True)
    state = [None, np.int64(4), None]
    assert fl.state_probability(10, 3, state) == fl.state_probability(10, 3, [None, 4, None])
    assert fl.state_probability(10, 3, np.array([None, 4, None], dtype=object)) == \
        fl.state_probability(10, 3, [None, 4, None])
    assert (fl.placement_probabilities(10, 3, state, np.uint8(5))
            == fl.placement_probabilities(10, 3, [None, 4, None], 5))
    assert fl.simulate(np.int64(10), 3, np.int32(100), seed=np.int64(2)).wins == fl.simulate(10, 3, 100, seed=2).wins
    assert fl.legal_fields(np.int64(10), np.int64(3), state, np.int64(7)) == [2]
    assert fl.work_count(np.int64(10), np.int64(3)) == fl.work_count(10, 3)
