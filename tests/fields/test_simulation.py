"""Tests for stoplib.fields.simulation: Monte Carlo within 4 standard errors
of the exact values, seeded and reproducible, one random stream per game."""
import math

import numpy as np
import pytest

from stoplib import fields as fl
from stoplib.fields import _kernels, simulation


def within(res, exact, k=4.0):
    return abs(res.mean - exact) <= k * res.std_err


def test_monte_carlo_optimal_within_4_se():
    for V, F in [(8, 4), (40, 6)]:
        res = fl.simulate(V, F, 60_000, "optimal", seed=11)
        assert within(res, fl.win_probability(V, F)), res


def test_monte_carlo_heuristics_within_4_se():
    V, F = 8, 4
    for policy in ("proportional", "nearest"):
        exact = float(fl.brute_force_state_probability(V, F, policy=policy))
        res = fl.simulate(V, F, 60_000, policy, seed=5)
        assert within(res, exact), (policy, res, exact)
    res = fl.simulate(60, 8, 60_000, "proportional", seed=6)
    assert within(res, fl.policy_win_probability(60, 8, "proportional"))


def test_simulate_is_reproducible():
    a = fl.simulate(50, 5, 5000, "optimal", seed=3)
    b = fl.simulate(50, 5, 5000, "optimal", seed=3)
    c = fl.simulate(50, 5, 5000, "optimal", seed=4)
    assert a == b and a.wins != c.wins
    assert a.n_games == 5000 and a.policy == "optimal"
    assert a.std_err == pytest.approx(math.sqrt(a.mean * (1 - a.mean) / 5000))


def test_each_simulated_game_has_its_own_stream():
    """Game g's rolls depend only on (seed, g): a longer run extends a shorter one."""
    w = _kernels._table_for(5, 45).w
    short, long = np.zeros(300, np.int8), np.zeros(900, np.int8)
    simulation._simulate(50, 5, 0, 300, 0, w, 12345, short)
    simulation._simulate(50, 5, 0, 900, 0, w, 12345, long)
    assert (short == long[:300]).all() and 0 < long.sum() < 900
    rest = np.zeros(600, np.int8)                      # games 300..899 played on their own
    simulation._simulate(50, 5, 300, 600, 0, w, 12345, rest)
    assert (rest == long[300:]).all()


def test_bad_simulation_arguments():
    with pytest.raises(ValueError, match="policy"):
        fl.simulate(10, 3, 10, "greedy")
    with pytest.raises(ValueError, match="n_games"):
        fl.simulate(10, 3, 0)


def test_games_draw_from_the_shared_generator_streams():
    """Game g's rolls are stoplib.util.rng's stream g of kernel_seed(seed): replayed here in Python."""
    from stoplib.util import rng

    V, F, n = 10, 2, 400
    base = rng.kernel_seed(21)
    wins = np.zeros(n, np.int8)
    simulation._simulate(V, F, 0, n, 2, np.ones((1, 1)), base, wins)        # policy 2: nearest
    replay = []
    for g in range(n):
        state = np.uint64(rng.stream_start(base, g))        # from Python, keep the state a uint64
        state, j = rng.next_below(state, V)
        first = int(j)                                  # the partial shuffle's first pick
        state, j = rng.next_below(np.uint64(state), V - 1)
        values = list(range(V))
        values[0], values[first] = values[first], values[0]
        second = values[1 + int(j)]
        field = min(max((first * F) // V, 0), 1)        # nearest field to floor(r F / V)
        replay.append(int(second > first if field == 0 else second < first))
    assert wins.tolist() == replay and 0 < sum(replay) < n
    assert fl.simulate(V, F, n, "nearest", seed=21).wins == sum(replay)
