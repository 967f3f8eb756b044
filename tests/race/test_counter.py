"""Races with a bust counter (Facebook Farkle): the three-count pass of policy iteration
(stoplib.race._kernels_counter) against the one-count pass of the engine, and the whole method against
the brute-force twin and value iteration."""
import dataclasses

import numpy as np
import pytest

from stoplib.race import _solitaire, _two
from stoplib.race._kernels import _bust_pos, _side, _work
from stoplib.race._kernels_counter import _forward, _offsets, _side_counts
from stoplib.race.models import turn_model
from stoplib.race.twins import _brute_force


def _tables(T, N, E):
    return (np.zeros((T, N + 1, 3)), np.zeros(T * (N + 1) * 3), np.zeros((3, T, E), dtype=np.int32),
            np.zeros((3, T, N + 1), dtype=np.int8), np.full((3, T, E + N + 1), np.inf),
            np.zeros((3, 4, N + 1), dtype=np.int64))


@pytest.mark.parametrize("farkles", [3, 4])
def test_three_counts_at_once_equal_one_count_passes(farkles):
    """Every layer of the three-count pass is the engine's one-count pass at its bust value: the same
    values, choices, bank decisions and statistics, on a random table (every branch is used), and each
    margin is the chosen value minus the next best one, recomputed from the pass's own tables."""
    m = dataclasses.replace(turn_model("facebook_farkle"), farkles=farkles)
    goal = 40
    geo, T, P, S = _two.geometry(m, goal)
    N, K, E = m.dice, farkles, m.out_ptr[m.dice + 1]
    rng = np.random.default_rng(5)
    P0 = rng.uniform(0.0, 1.0, (P, P))
    sol = _solitaire.roll_table(m, T)
    pv, ps, bv, bs, ch, bd, st, _, lohi, _ = _work(T, N, m.n_outcomes)
    pre, base, choice, bank_dec, marg, stats = _tables(T, N, E)
    checked = 0
    for u, opp in [(0, 3), (17, 60), (S - 3, 5), (40, 40)]:
        pj = opp * K + 1
        R = max(goal - (u + m.floor), m.minimum_bank)
        ys = np.array([P0[pj, _bust_pos(u * K + a, geo)] for a in range(K)])
        for c0 in range(0, K, 3):
            _side_counts(P0, u, pj, c0, ys, geo, N, m.rules, sol, _offsets(N, m.rules), pre, base, choice, bank_dec,
                         marg, stats)
            cells = base.reshape(T, N + 1, 3)
            for a in range(c0, min(c0 + 3, K)):
                x = _side(P0, u * K + a, pj, ys[a], geo, N, m.rules, False, 0, pv, ps, bv, bs, ch, bd, sol, st, lohi)
                L = a - c0
                assert x == pre[0, N, L]
                assert np.array_equal(cells[:R, 1:, L], bv[:R, 1:])
                assert np.array_equal(choice[L, :R], ch[:R])
                assert np.array_equal(bank_dec[L, 1:R, 1:], bd[1:R, 1:])
                assert np.array_equal(stats[L], st)
                for t in range(R):
                    for e in range(E):
                        vals = [cells[t + m.opt_s[o], m.opt_n[o], L] for o in range(m.opt_ptr[e], m.opt_ptr[e + 1])]
                        best = max(vals)
                        rest = [v for k, v in enumerate(vals) if k != int(np.argmax(vals)) and v < 1.0]
                        want = best - max(rest) if rest else np.inf
                        assert marg[L, t, e] == want
                checked += 1
    assert checked == 4 * K
    # the forward pass: the chances of the turn's ends sum to one
    mass, q = np.zeros((T, N + 1)), np.zeros(T + 2)
    least = _forward(R, N, m.rules, choice[0], bank_dec[0], marg[0], mass, q)
    assert abs(q[:R + 2].sum() - 1.0) < 1e-12 and 0.0 <= least < np.inf


@pytest.mark.parametrize("farkles", [2, 4])
def test_other_counts_agree_with_the_brute_force(farkles):
    """Counts that are not three (a part-filled pass, two passes a position) by policy iteration against the
    plain-Python twin."""
    m = dataclasses.replace(turn_model("pig"), farkles=farkles, penalty=3, floor=-3, minimum_bank=2)
    P0, _, _, _, _, residual = _two.compute(m, 5, "pairwise", "reach", False, "test")
    V, _ = _brute_force(m, 5)
    assert np.abs(P0 - V).max() < 1e-12
    assert residual < 1e-13


def test_policy_iteration_equals_value_iteration_on_facebook_farkle():
    """Facebook Farkle to 600 points: the values and every count's own statistics (the totals it banks and
    rolls at) agree between policy iteration and value iteration, whose passes take one count at a time."""
    m = turn_model("facebook_farkle")
    a = _two.compute(m, 12, "pairwise", "reach", False, "test")
    b = _two.compute(m, 12, "value_iteration", "reach", False, "test")
    assert np.abs(a[0] - b[0]).max() < 1e-13
    assert np.array_equal(a[1], b[1])
