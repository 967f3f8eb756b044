"""Ten Thousand (document 002): the paper's tables first, then properties, Monte Carlo, bad input."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stoplib import tenthousand as tt
from stoplib import tenthousand_report as rep
from stoplib.sources import doc002_tenthousand as doc


@pytest.fixture(scope="module")
def sol():
    return tt.solve()


# ----------------------------------------------------------------------------- documented answers

@pytest.mark.parametrize("row", doc.TABLE2, ids=lambda r: str(r[1]))
def test_table2_every_entry(row):
    d, cfg, c, s, paper = row
    assert tt.score(cfg) == (s, d, c)
    for n in range(1, 6):
        assert tt.frequencies(n).get(cfg) == paper[n - 1]


def test_table2_has_every_configuration_in_order():
    assert [tuple(r[1]) for r in doc.TABLE2] == tt.configurations(5)
    for n in range(1, 6):
        fr = tt.frequencies(n)
        assert sum(fr.values()) == 6 ** n
        assert set(fr) == {tuple(r[1]) for r in doc.TABLE2 if r[4][n - 1] is not None}


def test_score_follows_table1_points():
    pts = doc.TABLE1_POINTS
    assert tt.score((1, 0, 0))[0] * 50 == pts["each 5"]
    assert tt.score((0, 1, 0))[0] * 50 == pts["each 1"]
    assert tt.score((3, 0, 0))[0] * 50 == pts["three 5s"]
    assert tt.score((0, 3, 0))[0] * 50 == pts["three 1s"]
    for k, name in ((2, "three 2s"), (3, "three 3s"), (4, "three 4s"), (6, "three 6s")):
        assert tt.score((0, 0, k))[0] * 50 == pts[name]


def test_value_and_threshold(sol):
    assert sol.threshold == doc.THRESHOLD
    assert f"{sol.value:.6f}" == doc.VALUE
    assert sol.method == "algorithm 4.1"


def test_threshold_argument():
    th = tt.threshold(5)
    assert th.threshold == 56 and th.argument_applies
    assert th.ratios[5] == Fraction(33516, 600)
    assert all(th.ratios[n] < 56 for n in range(1, 5))


def test_exact_fraction_twin(sol):
    v, pre = tt.solve_exact(5)
    assert abs(float(v) - sol.value) < 1e-13
    for tau in range(0, 56):
        for n in range(1, 6):
            assert abs(float(pre[tau, n]) - sol.pre_roll[tau, n]) < 1e-12


def test_value_iteration_agrees(sol):
    vi = tt.value_iteration(5, cap=120)
    assert abs(vi.value - sol.value) < 1e-12
    assert vi.threshold == 56
    rules = tt._rules(5)
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


def test_table5_every_printed_value(sol):
    cells = rep.table5_cells(sol)
    assert cells["matches"].all()
    printed = cells[cells["paper"].notna()]
    assert len(printed) == sum(v is not None for row in doc.TABLE5.values() for v in row)
    assert printed["consistent_column"].all()
    # the printed actions, except the column the paper labels "r" (its values are those of m5)
    for _, row in printed.iterrows():
        if row["column"] == "n=2 [2, 0, 0] [1, 1, 0]":
            assert row["action"] == "m5" and row["paper_action"] == "r"
        else:
            assert row["action"] == row["paper_action"]


def test_table5_stop_from_19(sol):
    for tau in range(doc.TABLE5_STOP_FROM, 56):
        for n in range(1, 5):
            for cfg in tt.configurations(5)[1:]:
                s, d, _ = tt.score(cfg)
                if d <= 5 - n and tau >= s:
                    assert sol.action_at(tau, cfg, n) == "s"


def test_table6_at_printed_and_three_decimals(sol):
    t6 = rep.table6(sol)
    assert t6["matches_3dp"].all()
    assert t6.loc[t6.tau >= 14, "matches"].all()
    # tau <= 13 is printed with a fourth decimal that is a padding 0 except in row 0
    padded = [p for t, p in doc.TABLE6.items() if t <= 13]
    assert sum(p.endswith("0") for p in padded) == 13
    assert (t6["action"] == doc.TABLE6_ACTION).all()


def test_never_optimal_moves(sol):
    audit = rep.action_audit(sol).set_index("action")
    for name in doc.NEVER_OPTIMAL:
        assert audit.loc[name, "available_in"] > 0
        assert audit.loc[name, "optimal_in"] == 0
        assert audit.loc[name, "min_shortfall"] > 0.5
    for name in ("m5", "m1", "m55", "m51"):
        assert audit.loc[name, "chosen_in"] > 0


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

def test_frequencies_twins_agree_up_to_six_dice():
    for n in range(1, 7):
        assert tt.frequencies(n) == tt.frequencies_multinomial(n)


def test_six_dice_scoring():
    assert tt.score((0, 0, (2, 3))) == (10, 6, 2)
    assert tt.score((6, 0, 0)) == (20, 6, 6)     # two triples of 5s
    assert tt.frequencies(6)[(0, 0, (2, 2))] == 1
    assert tt.frequencies(6)[(0, 0, 0)] == 1440


def test_values_at_least_stop_and_below_threshold(sol):
    rules = tt._rules(5)
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


def test_moves_follow_definition_2_1():
    assert tt.move(4, (2, 1, 0), 2, (0, 1, 0)) == (2, (0, 1, 0), 4)
    assert tt.move_name((2, 2, 0), (1, 0, 0)) == "m511"
    assert tt.move_name((4, 0, 0), (1, 0, 0)) == "mt5"
    assert tt.move_name((1, 0, 3), (1, 0, 0)) == "mt3"
    assert set(tt._rules(5).available) == set(tt.PAPER_ACTIONS)


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


def test_small_games_exact():
    assert tt.solve_exact(1)[0] == Fraction(1, 2)       # roll once: (1 + 2) / 6
    assert abs(float(tt.solve_exact(3)[0]) - tt.solve(3).value) < 1e-14


def test_evaluate_optimal_and_stop_at(sol):
    assert abs(tt.evaluate(sol) - sol.value) < 1e-12
    assert abs(tt.evaluate(tt.solve(actions=["s", "r"])) - 5.5763262782) < 1e-10
    # stop after the first scoring roll: the mean score of five dice
    fr = tt.frequencies(5)
    first = sum(cnt * tt.score(c)[0] for c, cnt in fr.items() if c != (0, 0, 0)) / 6 ** 5
    assert abs(tt.evaluate(tt.stop_at_policy(1)) - first) < 1e-12
    for x in (2, 4, 6, 20, 56):
        assert tt.evaluate(tt.stop_at_policy(x)) < sol.value


# ----------------------------------------------------------------------------- Monte Carlo

def test_simulate_optimal_within_4_std_err(sol):
    r = tt.simulate(sol, n_turns=1_000_000, seed=2026)
    assert abs(r.mean - sol.value) < 4 * r.std_err
    assert 0.003 < r.std_err < 0.01


@pytest.mark.parametrize("policy", ["stop_roll", "stop_at_6", "stop_at_4_six_dice"])
def test_simulate_other_policies(policy):
    pol = {"stop_roll": tt.solve(actions=["s", "r"]).as_policy(),
           "stop_at_6": tt.stop_at_policy(6),
           "stop_at_4_six_dice": tt.stop_at_policy(4, n_dice=6)}[policy]
    r = tt.simulate(pol, n_turns=400_000, seed=11)
    assert abs(r.mean - tt.evaluate(pol)) < 4 * r.std_err


def test_simulate_reproducible_and_parallel_equals_serial(sol):
    a = tt.simulate(sol, 50_000, seed=4)
    b = tt.simulate(sol, 50_000, seed=4, parallel=False)
    c = tt.simulate(sol, 50_000, seed=5)
    assert a == b and a.mean != c.mean


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


def test_bad_moves():
    with pytest.raises(ValueError, match="not smaller"):
        tt.move(6, (2, 0, 0), 3, (0, 1, 0))
    with pytest.raises(ValueError, match="not smaller"):
        tt.move(6, (2, 0, 0), 3, (2, 0, 0))
    with pytest.raises(ValueError, match="no move"):
        tt.move(6, (2, 0, 0), 5, (1, 0, 0))
    with pytest.raises(ValueError):
        tt.move_name((1, 0, 0), (1, 0, 0))


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
    with pytest.raises(ValueError, match="n must be in 1..6"):
        tt.frequencies(7)
    with pytest.raises(ValueError):
        tt.stop_at_policy(0)
    with pytest.raises(TypeError):
        tt.simulate("optimal", 10)
    with pytest.raises(ValueError):
        tt.simulate(tt.stop_at_policy(3), n_turns=1)
    assert tt.solve(actions=["s", "r", "m555"]).actions == "s, r, mt5"


def test_restricted_policies_evaluate_to_their_values():
    # a restricted game's policy stops or rolls right after a move (no move chains)
    for _, acts, _ in doc.TABLE7:
        s = tt.solve(actions=acts if acts == "all" else list(acts))
        assert abs(tt.evaluate(s) - s.value) < 1e-12
        p = tt.score_distribution(s)
        assert abs((p * np.arange(len(p))).sum() - s.value) < 1e-12
    s = tt.solve(actions=["s", "r", "m5"])
    r = tt.simulate(s, 400_000, seed=21)
    assert abs(r.mean - s.value) < 4 * r.std_err


def test_table5_caption_exception(sol):
    # the caption says n = 2 "other i" always stops; one reachable state rolls
    out = rep.rolling_states_outside_table5(sol)
    assert len(out) == 1
    row = out.iloc[0]
    assert (row["tau"], tuple(row["config"]), row["n"], row["action"]) == (3, (1, 0, 0), 2, "r")
    assert tt.is_reachable(3, (1, 0, 0), 2)
    v, pre = tt.solve_exact(5)
    assert pre[3, 2] > 3


def test_longest_optimal_turn_within_paper_bound(sol):
    rolls, decisions = rep.longest_turn(sol)
    assert rolls <= doc.MAX_ROLLS and decisions >= rolls
    assert (rolls, decisions) == (16, 20)


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
