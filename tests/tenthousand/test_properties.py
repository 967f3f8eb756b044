"""Properties of Ten Thousand and Pig: probabilities in [0, 1], exact values exact, monotone
where the mathematics says so, agreement with the exact twins at small sizes, NumPy integers
accepted like ints."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stoplib import tenthousand as tt
from stoplib.tenthousand import claims
from stoplib.tenthousand.rules import _rules

FAST = settings(max_examples=20, deadline=None, derandomize=True, database=None)
MOVES = ["m5", "m1", "m55", "m51", "m11", "m551", "m511", "mt2", "mt3", "mt4", "mt6"]


# ----------------------------------------------------------------------------- probabilities

@FAST
@given(chips=st.integers(1, 40), n_dice=st.integers(1, 6))     # (the laws hold at any cap; the pass is pure Python)
def test_score_distribution_is_a_probability_law(chips, n_dice):
    p = tt.score_distribution(tt.stop_at_policy(chips, n_dice))
    assert p.dtype == float and np.all(p >= 0) and np.all(p <= 1)
    assert abs(p.sum() - 1) < 1e-12
    # its mean is the policy's exact expected score
    assert abs(float(np.arange(len(p)) @ p) - tt.evaluate(tt.stop_at_policy(chips, n_dice))) < 1e-9


@pytest.mark.parametrize("n_dice", range(1, 7))
def test_optimal_score_distribution_is_a_probability_law(n_dice):
    sol = tt.solve(n_dice)
    p = tt.score_distribution(sol)
    assert np.all((p >= 0) & (p <= 1)) and abs(p.sum() - 1) < 1e-12
    assert abs(float(np.arange(len(p)) @ p) - sol.value) < 1e-9


@pytest.mark.parametrize("n", range(1, 7))
def test_roll_probabilities_are_exact_and_sum_to_one(n):
    fr = tt.frequencies(n)
    assert all(type(c) is int and c > 0 for c in fr.values())
    assert sum(fr.values()) == 6 ** n
    assert fr == tt.frequencies_multinomial(n)


# ----------------------------------------------------------------------------- values

@pytest.mark.parametrize("n_dice", range(1, 7))
def test_values_never_below_stopping_and_grow_with_the_turn_total(n_dice):
    sol = tt.solve(n_dice)
    rules = _rules(n_dice)
    T = sol.threshold
    for k in range(1, len(rules.configs)):
        for n in range(1, n_dice + 1):
            if n < n_dice and rules.d[k] > n_dice - n:
                continue
            taus = np.arange(max(1, int(rules.s[k])), T + 5)
            v = np.array([sol.value_at(int(t), rules.configs[k], n) for t in taus])
            assert np.all(v >= taus - 1e-12)
            assert np.all(np.diff(v) >= -1e-12)
    assert 0 < sol.value < T


def test_value_grows_with_the_number_of_dice():
    values = [tt.solve(n).value for n in range(1, 7)]
    assert all(a < b for a, b in zip(values, values[1:]))


@FAST
@given(small=st.sets(st.sampled_from(MOVES), max_size=4), extra=st.sets(st.sampled_from(MOVES), max_size=3))
def test_more_actions_never_lower_the_value(small, extra):
    """A restricted game's value is monotone in the set of allowed moves; all moves is the most."""
    a = tt.solve(actions=["s", "r", *sorted(small)]).value
    b = tt.solve(actions=["s", "r", *sorted(small | extra)]).value
    assert a <= b + 1e-12 <= tt.solve().value + 2e-12


@FAST
@given(chips=st.integers(1, 120))
def test_no_stop_at_rule_beats_optimal_play(chips):
    assert tt.evaluate(tt.stop_at_policy(chips)) <= tt.solve().value + 1e-12


# ----------------------------------------------------------------------------- twins

@pytest.mark.parametrize("n_dice", range(1, 5))
def test_exact_twin_is_exact_and_agrees(n_dice):
    exact, pre = tt.solve_exact(n_dice)
    assert isinstance(exact, Fraction) and all(isinstance(v, Fraction) for v in pre.values())
    assert abs(float(exact) - tt.solve(n_dice).value) < 1e-12


@pytest.mark.parametrize("n_dice", range(1, 7))
def test_value_iteration_agrees_with_algorithm_4_1(n_dice):
    sol = tt.solve(n_dice)
    vi = tt.value_iteration(n_dice, cap=sol.threshold + 10)
    assert abs(vi.value - sol.value) < 1e-12
    assert vi.threshold == sol.threshold
    assert claims.max_state_difference(sol, vi)[0] < 1e-12


def test_pig_exact_values_are_fractions_and_the_optimum_is_best():
    exact = tt.pig_exact()
    assert all(isinstance(v, Fraction) for v in exact)
    assert all(v >= t for t, v in enumerate(exact))
    best = tt.pig().value_exact
    rules = [tt.pig_stop_at_value(s) for s in range(0, 40)]
    assert all(isinstance(v, Fraction) and 0 <= v <= best for v in rules)
    assert tt.pig_stop_at_value(20) == best


@FAST
@given(cap=st.integers(20, 400))
def test_pig_value_iteration_agrees_with_the_backward_pass(cap):
    W, sweeps = tt.pig_value_iteration(cap)
    assert abs(W[0] - tt.pig().value) < 1e-12
    assert np.all(W >= np.arange(len(W)) - 1e-12)
    assert sweeps <= 12


# ----------------------------------------------------------------------------- numpy integers

def test_numpy_integer_scalars_are_accepted_like_ints():
    assert tt.solve(np.int64(3)).value == tt.solve(3).value
    assert tt.frequencies(np.int32(3)) == tt.frequencies(3)
    assert tt.score((np.int64(2), np.uint8(1), np.int16(0))) == tt.score((2, 1, 0))
    assert tt.value_iteration(np.int8(2), cap=np.int64(10)).value == tt.value_iteration(2, cap=10).value
    pol = tt.stop_at_policy(np.int64(6), np.int32(5))
    assert pol.cap == 6 and type(pol.cap) is int
    a = tt.simulate(pol, n_turns=np.int64(2000), seed=np.int64(4), parallel=False, n_chunks=np.uint16(4))
    b = tt.simulate(pol, n_turns=2000, seed=4, parallel=False, n_chunks=4)
    assert (a.mean, a.std_err) == (b.mean, b.std_err)
    assert tt.pig_stop_at_value(np.uint8(10)) == tt.pig_stop_at_value(10)
    assert tt.pig_simulate(np.int64(20), np.int64(1000), seed=2).mean == tt.pig_simulate(20, 1000, seed=2).mean
    assert tt.is_reachable(np.int64(1), (1, 0, 0), np.int64(4))


def test_parallel_and_serial_simulations_agree():
    sol = tt.solve()
    a = tt.simulate(sol, 5000, seed=9, parallel=True, n_chunks=8)
    b = tt.simulate(sol, 5000, seed=9, parallel=False, n_chunks=8)
    assert (a.mean, a.std_err) == (b.mean, b.std_err)
