"""Bad input is refused at the public boundary: clear errors, nothing clipped, big requests
refused by the budget with an estimate, and no table a kernel could misread."""
import dataclasses

import numpy as np
import pandas as pd
import pytest

from stoplib import tenthousand as tt
from stoplib.tenthousand import claims, plots, widgets
from stoplib.util import budget
from stoplib.util.budget import BudgetError
from stoplib.workbook.style import figure


# ----------------------------------------------------------------------------- configurations and states

@pytest.mark.parametrize("config, err", [
    ((0, 0, (float("inf"),)), TypeError),   # was an OverflowError from int(inf)
    ((0, 0, (np.nan,)), TypeError),
    ((0, 0, (2.5,)), TypeError),              # was truncated to 2 before the check
    ((0, 0, (2, 2, 2)), ValueError),
    ((10**400, 0, 0), ValueError),
    ((0, 0, 10**400), ValueError),
    ((True, 0, 0), TypeError),
    ((np.bool_(True), 0, 0), TypeError),
    ((0, 0, "2"), TypeError),
    ((0, 0, (None,)), TypeError),
    ((1, 0, 0, 0), TypeError),
    (np.array([1, 0, 0]), TypeError),
])
def test_bad_configurations_are_refused(config, err):
    with pytest.raises(err):
        tt.score(config)
    with pytest.raises(err):
        widgets.describe(config)


def test_describe_names_every_configuration():
    assert widgets.describe((0, 0, 0)) == "no scoring dice"
    assert widgets.describe([np.int64(2), 1, 0]) == "two 5s and a 1"
    with pytest.raises(ValueError, match="at most 6"):
        widgets.describe((7, 0, 0))   # was a KeyError


def test_turn_totals_beyond_float_precision_are_refused():
    sol = tt.solve()
    with pytest.raises(ValueError, match="tau must be <="):
        sol.value_at(10**400, None, 5)            # was an OverflowError
    assert 0.9 * 10**12 < sol.value_at(10**12, None, 5) < 10**12   # rolling there loses: V_r < tau
    with pytest.raises(ValueError, match=r"tau must be <= .*\(401 digits\)"):
        tt.move(10**400, (2, 1, 0), 2, (0, 1, 0))


# ----------------------------------------------------------------------------- policies and solutions

def test_policy_tables_are_checked():
    ok = tt.stop_at_policy(2, 2).actions
    with pytest.raises(ValueError, match="action codes 0..27"):
        tt.Policy("x", 2, np.full_like(ok, 99), 2)
    with pytest.raises(ValueError, match="action codes"):
        tt.Policy("x", 2, np.full_like(ok, -1), 2)
    with pytest.raises(ValueError, match=r"is not possible in the state"):
        tt.Policy("x", 2, np.full_like(ok, 2), 2)          # m5 with two dice: no die left to give back
    with pytest.raises(TypeError, match="integer array"):
        tt.Policy("x", 2, ok.astype(float), 2)
    with pytest.raises(ValueError, match="at least cap"):
        tt.Policy("x", 2, ok, 3)
    with pytest.raises(ValueError, match="shape"):
        tt.Policy("x", 2, ok[:, :3], 2)
    with pytest.raises(TypeError, match="chain must be True or False"):
        tt.Policy("x", 2, ok, 2, chain="no")
    with pytest.raises(ValueError, match="needs after_move"):
        tt.Policy("x", 2, ok, 2, chain=False)
    with pytest.raises(ValueError, match="after_move must hold action codes 0..1"):
        tt.Policy("x", 2, ok, 2, after_move=np.full_like(ok, 5), chain=False)


def test_a_policy_spoiled_after_it_was_built_is_refused_when_used():
    pol = tt.stop_at_policy(3, 5)
    pol.actions[1, 3, 2] = 40       # code out of range: would index past a kernel's table
    for fn in (tt.evaluate, tt.score_distribution, lambda p: tt.simulate(p, 100)):
        with pytest.raises(ValueError, match="action codes"):
            fn(pol)


def test_moves_a_state_cannot_make_are_refused():
    """A move from a state where every die scored would take the kernels out of their tables."""
    sol = tt.solve()
    pol = sol.as_policy()
    k = tt.configurations(5).index((2, 1, 0))
    pol.actions[10, k, 5] = tt.ACTION_NAMES.index("m5")
    with pytest.raises(ValueError, match="no move once every die scored"):
        tt.simulate(pol, 100)


def test_solution_fields_are_checked():
    sol = tt.solve(2)
    fields = {f.name: getattr(sol, f.name) for f in dataclasses.fields(sol)}
    assert tt.Solution(**fields).value == sol.value
    for name, bad, err in [("values", np.zeros((3, 3, 3)), ValueError), ("values", [1.0], TypeError),
                           ("policy", np.full_like(sol.policy, 99), ValueError), ("n_dice", 3, ValueError),
                           ("n_dice", 7, ValueError), ("method", "guess", ValueError), ("chain", 1, TypeError),
                           ("values", np.full_like(sol.values, np.nan), ValueError),
                           ("allowed", np.zeros_like(sol.allowed), ValueError)]:
        with pytest.raises(err):
            tt.Solution(**{**fields, name: bad})


def test_wrong_classes_are_named():
    with pytest.raises(TypeError, match="policy must be a Solution or a Policy"):
        tt.evaluate("optimal")
    with pytest.raises(TypeError, match="solution must be a Solution"):
        claims.table6(solution=tt.stop_at_policy(3))
    with pytest.raises(ValueError, match="five-dice game"):
        claims.table5_cells(tt.solve(3))
    with pytest.raises(ValueError, match="every action"):
        claims.verdicts(tt.solve(actions=["s", "r"]))
    with pytest.raises(TypeError, match="ax must be a Axes"):
        plots.plot_pig("axes", tt.pig())
    with pytest.raises(TypeError, match="advice must be a Advice"):
        plots.plot_action_values(figure()[1], tt.solve(2))


# ----------------------------------------------------------------------------- flags and strings

def test_flags_must_be_bool():
    pol = tt.stop_at_policy(3)
    with pytest.raises(TypeError, match="parallel must be True or False"):
        tt.simulate(pol, 100, parallel="no")
    with pytest.raises(TypeError, match="parallel must be True or False"):
        tt.pig_simulate(20, 100, parallel=1)
    with pytest.raises(TypeError, match="chain must be True or False"):
        tt.value_iteration(2, cap=10, chain="yes")
    with pytest.raises(TypeError):
        widgets.dice_widget(5, stop_roll_only="no")


def test_numpy_bools_are_flags():
    pol = tt.stop_at_policy(3, 2)
    assert tt.simulate(pol, 200, seed=1, parallel=np.bool_(False)) == tt.simulate(pol, 200, seed=1, parallel=False)
    assert tt.pig_simulate(20, 200, seed=1, parallel=np.bool_(False)).mean == \
        tt.pig_simulate(20, 200, seed=1, parallel=False).mean
    assert tt.value_iteration(2, cap=10, chain=np.bool_(True)).value == tt.value_iteration(2, cap=10, chain=True).value
    assert widgets.dice_widget(2, stop_roll_only=np.bool_(True)).controls["plain"].value is True


def test_strings_are_checked():
    with pytest.raises(ValueError, match="at most 40 characters"):
        claims.digit_slip("1" * 5000, "1" * 5000)    # was quadratic in the length
    with pytest.raises(TypeError):
        claims.digit_slip(5.8, "5.8")
    with pytest.raises(TypeError, match="method must be one of"):
        tt.solve(method=np.array(["auto"]))
    with pytest.raises(TypeError, match="growth_rate must be a real number"):
        tt.pig_min_scale("1.05")
    with pytest.raises(ValueError, match="finite"):
        tt.pig_min_scale(float("inf"))


# ----------------------------------------------------------------------------- the budget

@pytest.mark.parametrize("call", [
    lambda: tt.value_iteration(5, cap=10**7),
    lambda: tt.stop_at_policy(10**9),
    lambda: tt.simulate(tt.stop_at_policy(3), 10**13),
    lambda: tt.pig_simulate(20, 10**14),
    lambda: tt.pig_value_iteration(10**12),
    lambda: tt.pig_stop_at_value(10**6),
    lambda: tt.is_reachable(10**9, (1, 0, 0), 4),
    lambda: claims.dice_table(cap_extra=10**8),
    lambda: claims.stop_at_table(range(1, 10**9)),
    lambda: claims.stop_at_table([10**9]),
])
def test_absurd_sizes_are_refused_at_once_with_an_estimate(call):
    import time
    start = time.perf_counter()
    with pytest.raises(BudgetError, match=r"would (take|need) about .*; the limit is .*budget\.allow"):
        call()
    assert time.perf_counter() - start < 1.0


def test_the_limit_can_be_lowered_and_raised_on_purpose():
    with budget.allow(seconds=1e-6):
        with pytest.raises(BudgetError, match="value_iteration"):
            tt.value_iteration(2, cap=100)
    with budget.allow(seconds=1e9):
        assert tt.value_iteration(2, cap=100).value == tt.solve(2).value


def test_a_refusal_states_the_estimate_and_its_basis():
    with pytest.raises(BudgetError) as info:
        tt.simulate(tt.solve(), 10**13)
    text = str(info.value)
    assert "simulate(n_turns=10,000,000,000,000" in text and "s a turn" in text and "STOPLIB_MAX_SECONDS" in text


def test_claims_do_not_loop_over_huge_ranges():
    a, b = tt.solve(2), tt.value_iteration(2, cap=20)
    small = claims.max_state_difference(a, b, tau_max=40)
    huge = claims.max_state_difference(a, b, tau_max=10**12)    # was a loop of 10**12 steps
    assert huge[0] == small[0] and huge[1] == small[1] // 40 * 10**12


def test_stop_at_table_checks_every_rule_first():
    with pytest.raises(TypeError, match=r"chips\[1\]"):
        claims.stop_at_table([1, "2"])
    with pytest.raises(ValueError, match=r"chips\[0\] must be >= 1"):
        claims.stop_at_table([0, 5])
    with pytest.raises(ValueError, match="at least one"):
        claims.stop_at_table([])
    with pytest.raises(TypeError):
        claims.stop_at_table(30)
    assert claims.stop_at_table(iter([1, 6]))["stop at (points)"].tolist() == [50, 300]


# ----------------------------------------------------------------------------- plots and widgets

def test_plot_arguments_are_checked():
    _, ax = figure()
    with pytest.raises(ValueError, match="missing"):
        plots.plot_dice(ax, pd.DataFrame({"n": [1]}))
    with pytest.raises(ValueError, match="mark must be one of"):
        plots.plot_stop_at(ax, claims.stop_at_table([1, 6]), 5.87, mark=75)    # was an IndexError
    with pytest.raises(ValueError, match="1..8 entries"):
        plots.plot_score_distribution(ax, {})                                 # was a ZeroDivisionError
    with pytest.raises(TypeError, match="must be a dict"):
        plots.plot_score_distribution(ax, [np.ones(1)])
    with pytest.raises(ValueError, match="summing to 1"):
        plots.plot_score_distribution(ax, {"half": np.array([0.5, 0.25])})
    with pytest.raises(TypeError, match="1-D float array"):
        plots.plot_score_distribution(ax, {"ints": np.array([1, 0])})
    with pytest.raises(ValueError, match="1..20 entries"):
        plots.plot_value_of_rolling(ax, tt.solve(2), n_values=[])              # was silently "all"
    with pytest.raises(ValueError, match=r"n_values\[0\] must be in 1..2"):
        plots.plot_value_of_rolling(ax, tt.solve(2), n_values=[3])
    with pytest.raises(ValueError):
        plots.plot_pig(ax, tt.pig(), scales=[float("inf")])
    r = tt.pig()
    with pytest.raises(ValueError, match="growth_rate and min_scale"):
        plots.plot_pig(ax, tt.PigResult(r.value, r.value_exact, r.threshold, r.values))


def test_widgets_refuse_a_start_they_cannot_show():
    with pytest.raises(ValueError, match="multiple of 50"):
        widgets.policy_explorer_widget(stop_at=75, n_turns=1000)      # would have shown stop at 50
    with pytest.raises(TypeError, match="seed"):
        widgets.policy_explorer_widget(n_turns=1000, seed="1")
    with pytest.raises(ValueError, match="tau must be >= s"):
        widgets.advisor_widget(5, 1, (0, 3, 0), 2)
    with pytest.raises(ValueError, match="impossible with 2 dice"):
        widgets.advisor_widget(2, 4, (2, 1, 0), 1)


def test_sizes_beyond_int64_are_refused_even_with_the_budget_raised():
    with budget.allow(seconds=float("inf"), bytes=float("inf")):
        with pytest.raises(ValueError, match="n_turns must be in 2..1000000000000000"):
            tt.simulate(tt.stop_at_policy(3), 10**16)
        with pytest.raises(ValueError, match="n_turns"):
            tt.pig_simulate(20, 10**400)
        with pytest.raises(ValueError, match="cap"):
            tt.value_iteration(2, cap=10**400)
        with pytest.raises(ValueError, match="max_iter"):
            tt.value_iteration(2, cap=10, max_iter=10**19)     # was an OverflowError in the kernel
        with pytest.raises(ValueError, match="stop_at"):
            tt.pig_simulate(2**63, 100)                        # was an OverflowError in the kernel


def test_advice_fields_are_checked():
    good = tt.solve(2).advice(2, (1, 0, 0), 1)
    fields = {f.name: getattr(good, f.name) for f in dataclasses.fields(good)}
    assert tt.Advice(**fields) == good
    for name, bad, err in [("actions", ("s", "zz"), ValueError), ("values", (1.0,), ValueError),
                           ("values", (float("nan"),) * len(good.values), ValueError), ("best", "m55", ValueError),
                           ("rolls", (9,) * len(good.rolls), ValueError),
                           ("keeps", ("x",) * len(good.keeps), TypeError),
                           ("actions", ["s"], TypeError), ("n", 3, ValueError), ("config", "550", TypeError)]:
        with pytest.raises(err):
            tt.Advice(**{**fields, name: bad})
    with pytest.raises(ValueError, match="just set aside"):
        tt.solve(2).advice(2, None, 1)


def test_a_solution_must_agree_with_its_own_tables():
    sol = tt.solve(2)
    fields = {f.name: getattr(sol, f.name) for f in dataclasses.fields(sol)}
    with pytest.raises(ValueError, match="value must be the value of the turn's start"):
        tt.Solution(**{**fields, "value": 1e300})
    with pytest.raises(ValueError, match="stop .* from the threshold"):
        tt.Solution(**{**fields, "threshold": 1})
    r = tt.pig()
    with pytest.raises(ValueError, match="same V"):
        tt.PigResult(9.0, r.value_exact, r.threshold, r.values, r.growth_rate, r.min_scale)
