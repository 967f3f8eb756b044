"""Ten Thousand solver (stoplib.tenthousand.solver): the paper's value, threshold and policy, then properties."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stoplib import tenthousand as tt
from stoplib.tenthousand import document as doc
from stoplib.tenthousand.rules import _rules


# ----------------------------------------------------------------------------- documented answers

def test_value_and_threshold(sol):
    assert sol.threshold == doc.THRESHOLD
    assert f"{sol.value:.6f}" == doc.VALUE
    assert sol.method == "algorithm 4.1"


def test_threshold_argument():
    th = tt.threshold(5)
    assert th.threshold == 56 and th.argument_applies
    assert th.ratios[5] == Fraction(33516, 600)
    assert all(th.ratios[n] < 56 for n in range(1, 5))


def test_value_iteration_agrees(sol):
    vi = tt.value_iteration(5, cap=120)
    assert abs(vi.value - sol.value) < 1e-12
    assert vi.threshold == 56
    rules = _rules(5)
    for tau in range(1, 56):
        for n in range(1, 6):
            for k in range(1, len(rules.configs)):
                if n < 5 and rules.d[k] > 5 - n:
                    continue
                assert abs(vi.values[tau, k, n] - sol.values[tau, k, n]) < 1e-12


def test_value_iteration_truncation_below_threshold_loses_value(sol):
    # forcing a stop below tau* = 56 costs value; from 56 on it costs nothing
    assert tt.value_iteration(5, cap=40).value < sol.value - 1e-9
    assert abs(tt.value_iteration(5, cap=55).value - sol.value) < 1e-12


@pytest.mark.parametrize("count, acts, printed", doc.TABLE7, ids=lambda x: str(x))
def test_table7(count, acts, printed):
    value = tt.solve(actions=acts if acts == "all" else list(acts)).value
    if printed == "5.8012180037":
        # the paper's digits carry an extra "2": ours is 5.80118 00370 (see the notebook)
        assert f"{value:.10f}" == "5.8011800370"
        assert printed == "5.801" + "2" + f"{value:.10f}"[5:11]
    else:
        assert f"{value:.10f}" == printed


def test_table7_value_iteration_without_chaining():
    for _, acts, printed in doc.TABLE7[:-1]:
        a = tt.solve(actions=list(acts)).value
        b = tt.value_iteration(actions=list(acts), cap=70, chain=False).value
        assert abs(a - b) < 1e-12


def test_stop_roll_value():
    assert f"{tt.solve(actions=['s', 'r']).value:.6f}" == doc.STOP_ROLL_VALUE


def test_table5_stop_from_19(sol):
    for tau in range(doc.TABLE5_STOP_FROM, 56):
        for n in range(1, 5):
            for cfg in tt.configurations(5)[1:]:
                s, d, _ = tt.score(cfg)
                if d <= 5 - n and tau >= s:
                    assert sol.action_at(tau, cfg, n) == "s"


def test_paper_examples_of_policy(sol):
    assert sol.action_at(4, (2, 1, 0), 2) == "m55"
    assert sol.action_at(5, (1, 2, 0), 2) == "m51"
    assert sol.action_at(4, (0, 2, 0), 3) == "m1"
    assert sol.action_at(18, (1, 0, 0), 4) == "r"
    assert sol.action_at(19, (1, 0, 0), 4) == "s"
    assert sol.action_at(55, (1, 0, 0), 5) == "r"
    assert sol.action_at(56, (1, 0, 0), 5) == "s"
    assert sol.value_at(0, None, 5) == sol.value


# ----------------------------------------------------------------------------- properties

def test_values_at_least_stop_and_below_threshold(sol):
    rules = _rules(5)
    for tau in range(1, 56):
        for n in range(1, 6):
            for k in range(1, len(rules.configs)):
                if n < 5 and rules.d[k] > 5 - n:
                    continue
                v = sol.values[tau, k, n]
                assert tau <= v < 56
        assert sol.pre_roll[tau, 5] > tau           # Lemma 4.1(b)


def test_action_values_consistent(sol):
    vals = sol.action_values(4, (2, 1, 0), 2)
    best = max(v for v, _ in vals.values())
    assert abs(best - sol.value_at(4, (2, 1, 0), 2)) < 1e-15
    assert next(iter(vals)) == "m55"
    assert vals["m55"][1] == (0, 1, 0)


def test_more_actions_never_lower_the_value():
    prev = 0.0
    for _, acts, _ in doc.TABLE7:
        v = tt.solve(actions=acts if acts == "all" else list(acts)).value
        assert v >= prev - 1e-15
        prev = v


@pytest.mark.parametrize("N", range(1, 7))
def test_n_dice_algorithm_matches_value_iteration(N):
    sol = tt.solve(N)
    vi = tt.value_iteration(N, cap=sol.threshold + 30)
    assert sol.method == "algorithm 4.1"
    assert abs(sol.value - vi.value) < 1e-12
    assert vi.threshold <= sol.threshold
    forced = tt.solve(N, method="value iteration")
    assert abs(forced.value - sol.value) < 1e-12


def test_evaluate_optimal_and_stop_at(sol):
    assert abs(tt.evaluate(sol) - sol.value) < 1e-12
    assert abs(tt.evaluate(tt.solve(actions=["s", "r"])) - 5.5763262782) < 1e-10
    # stop after the first scoring roll: the mean score of five dice
    fr = tt.frequencies(5)
    first = sum(cnt * tt.score(c)[0] for c, cnt in fr.items() if c != (0, 0, 0)) / 6 ** 5
    assert abs(tt.evaluate(tt.stop_at_policy(1)) - first) < 1e-12
    for x in (2, 4, 6, 20, 56):
        assert tt.evaluate(tt.stop_at_policy(x)) < sol.value


# ----------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("config, err", [
    ((6, 0, 0), ValueError),          # six dice in a five-dice game
    ((1, 0, 5), ValueError),          # three 5s are counted in f
    ((0, 0, 7), ValueError),
    ((-1, 0, 0), ValueError),
    ((2, 0, 2), ValueError),          # 5 scoring dice with n = 1 left
    ((1.0, 0, 0), TypeError),
    ((1, 0), TypeError),
    ("550", TypeError),
])
def test_bad_configuration(sol, config, err):
    with pytest.raises(err):
        sol.value_at(12, config, 1)


def test_bad_state(sol):
    with pytest.raises(ValueError, match="n must be in 1..5"):
        sol.value_at(5, (1, 0, 0), 0)
    with pytest.raises(ValueError, match="n must be in 1..5"):
        sol.action_at(5, (1, 0, 0), 6)
    with pytest.raises(ValueError, match="tau must be >= 0"):
        sol.value_at(-1, None, 5)
    with pytest.raises(ValueError, match="tau must be >= s"):
        sol.value_at(3, (0, 3, 0), 2)
    with pytest.raises(ValueError, match="scores nothing"):
        sol.value_at(3, (0, 0, 0), 2)
    with pytest.raises(TypeError):
        sol.value_at(True, (1, 0, 0), 4)


def test_bad_solve_arguments():
    with pytest.raises(ValueError, match="unknown action"):
        tt.solve(actions=["s", "r", "m7"])
    with pytest.raises(ValueError, match="must include 'r'"):
        tt.solve(actions=["s", "m5"])
    with pytest.raises(ValueError, match="'all'"):
        tt.solve(actions="some")
    with pytest.raises(ValueError, match="n_dice must be in 1..6"):
        tt.solve(0)
    with pytest.raises(ValueError, match="n_dice must be in 1..6"):
        tt.solve(7)
    with pytest.raises(TypeError):
        tt.solve(5.0)
    with pytest.raises(ValueError, match="method"):
        tt.solve(method="guess")
    with pytest.raises(ValueError):
        tt.stop_at_policy(0)
    assert tt.solve(actions=["s", "r", "m555"]).actions == "s, r, mt5"


def test_restricted_policies_evaluate_to_their_values():
    # a restricted game's policy stops or rolls right after a move (no move chains)
    for _, acts, _ in doc.TABLE7:
        s = tt.solve(actions=acts if acts == "all" else list(acts))
        assert abs(tt.evaluate(s) - s.value) < 1e-12
        p = tt.score_distribution(s)
        assert abs((p * np.arange(len(p))).sum() - s.value) < 1e-12


_SOL5 = tt.solve()
_CONFIGS5 = tt.configurations(5)[1:]


@settings(max_examples=300, deadline=None)
@given(tau=st.integers(0, 80), k=st.integers(0, len(_CONFIGS5) - 1), n=st.integers(1, 5))
def test_property_bellman_at_random_states(tau, k, n):
    cfg = _CONFIGS5[k]
    s, d, _ = tt.score(cfg)
    if tau < max(s, 1) or (n < 5 and d > 5 - n):
        with pytest.raises(ValueError):
            _SOL5.value_at(tau, cfg, n)
        return
    v = _SOL5.value_at(tau, cfg, n)
    vals = _SOL5.action_values(tau, cfg, n)
    assert v >= tau
    assert abs(max(x for x, _ in vals.values()) - v) < 1e-12          # V = L V
    assert abs(vals[_SOL5.action_at(tau, cfg, n)][0] - v) < 1e-12     # the chosen action attains it
    if tau >= 56:
        assert v == tau and _SOL5.action_at(tau, cfg, n) == "s"
