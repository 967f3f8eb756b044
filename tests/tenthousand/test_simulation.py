"""Ten Thousand Monte Carlo (stoplib.tenthousand.simulation): within a few standard errors of the exact values."""
import numpy as np
import pytest

from stoplib import tenthousand as tt


def test_simulate_optimal_within_4_std_err(sol):
    n = 250_000
    r = tt.simulate(sol, n_turns=n, seed=2026)
    assert abs(r.mean - sol.value) < 4 * r.std_err
    # the standard error is the one the exact score distribution predicts (to 2%, sampling noise at this n)
    p = tt.score_distribution(sol)
    x = np.arange(len(p))
    sd = np.sqrt(p @ x**2 - (p @ x) ** 2)
    assert abs(r.std_err / (sd / np.sqrt(n)) - 1) < 0.02


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


def test_simulate_restricted_policy():
    # a restricted game's policy stops or rolls right after a move (no move chains)
    s = tt.solve(actions=["s", "r", "m5"])
    r = tt.simulate(s, 400_000, seed=21)
    assert abs(r.mean - s.value) < 4 * r.std_err


def test_bad_simulate_arguments():
    with pytest.raises(TypeError):
        tt.simulate("optimal", 10)
    with pytest.raises(ValueError):
        tt.simulate(tt.stop_at_policy(3), n_turns=1)
