"""Races with a bust counter (Facebook Farkle): the vector pass of policy iteration
(stoplib.race._kernels_counter) against the one-count pass of the engine, and the whole method against
the brute-force twin and value iteration."""
import dataclasses

import numpy as np
import pytest

from stoplib.race import _solitaire, _two
from stoplib.race._kernels import _bust_pos, _side, _work
from stoplib.race._kernels_counter import POSITIONS, _forward, _offsets, _side_lanes
from stoplib.race.models import turn_model
from stoplib.race.twins import _brute_force


def _cells_of(choice, bank_dec, R, N, m):
    """The cell each kept option leads to (the goal, a bank of its total, or a roll of its dice)."""
    t2 = np.arange(choice.shape[0])[:, None] + m.opt_s[choice]
    n2 = m.opt_n[choice]
    roll = np.where(t2 < R, bank_dec[np.minimum(t2, R - 1), n2] == 0, False)
    return np.where(t2 >= R, R * (N + 1), t2 * (N + 1) + np.where(roll, n2, 0))


def _reference_forward(R, N, m, choice, bank_dec, marg):
    """The turn's ends under one lane's choices, by plain Python (the order of the sums of a one-lane pass)."""
    mass, q, least = np.zeros((R + 1, N + 1)), np.zeros(R + 2), np.inf
    mass[0, N] = 1.0
    for t in range(R):
        for n in range(1, N + 1):
            if mass[t, n] == 0.0:
                continue
            q[R] += mass[t, n] * m.rules[0][n]
            for e in range(m.out_ptr[n], m.out_ptr[n + 1]):
                o = choice[t, e]
                t2, n2, p = t + m.opt_s[o], m.opt_n[o], mass[t, n] * m.out_p[e]
                least = min(least, marg[t, e])
                if t2 >= R:
                    q[R + 1] += p
                elif bank_dec[t2, n2]:
                    q[t2] += p
                else:
                    mass[t2, n2] += p
    return q, least


@pytest.mark.parametrize("farkles", [3, 4])
def test_lanes_equal_one_count_passes(farkles):
    """Every lane of the vector pass (every count against four opponent's positions) is the engine's
    one-count pass at its bust value: the same values, choices (the cells they lead to), bank decisions and
    statistics, on a random table (every branch is used); each margin is the chosen value minus the next
    best one, recomputed from the pass's own tables; and the forward pass gives each pending lane the ends
    and the smallest margin that a plain-Python walk of the one-count pass's choices gives, bit for bit."""
    m = dataclasses.replace(turn_model("facebook_farkle"), farkles=farkles)
    goal = 40
    geo, T, P, S = _two.geometry(m, goal)
    N, K, E = m.dice, farkles, m.out_ptr[m.dice + 1]
    J = POSITIONS
    L = J * K
    rng = np.random.default_rng(5)
    P0 = rng.uniform(0.0, 1.0, (P, P))
    sol = _solitaire.roll_table(m, T)
    pv, ps, bv, bs, ch, bd, st, _, lohi, _ = _work(T, N, m.n_outcomes)
    pre, base = np.zeros((T, N + 1, L)), np.zeros(T * (N + 1) * L)
    cells, to = np.zeros(T * (N + 1) * L, dtype=np.int32), np.zeros((T, E, L), dtype=np.int32)
    marg, stats = np.full((T, E + N + 1, L), np.inf), np.zeros((L, 4, N + 1), dtype=np.int64)
    flow, ends, least, acc = np.zeros((T + 1) * (N + 1) * L), np.zeros((L, T + 2)), np.zeros(L), np.zeros(L)
    checked = 0
    for u, opps in [(0, [3, 9, 0, 60]), (17, [60, 60, 2, 5]), (S - 3, [5, 1, 2, 3]), (40, [40, 41, 0, 7])]:
        pjs = np.array([opp * K + (j % K) for j, opp in enumerate(opps)])
        R = max(goal - (u + m.floor), m.minimum_bank)
        ys = np.array([P0[pjs[x // K], _bust_pos(u * K + x % K, geo)] for x in range(L)])
        _side_lanes(P0, u, pjs, ys, geo, N, m.rules, sol, _offsets(N, m.rules, L), pre, base, cells, to, marg, stats,
                    acc)
        pending = np.arange(L) % 3 != 1         # some lanes are not walked forward
        _forward(R, N, m.rules, to, marg, pending, flow, ends, least)
        values, leads = base.reshape(T, N + 1, L), cells.reshape(T, N + 1, L)
        for lane in range(L):
            a, pj = lane % K, pjs[lane // K]
            x = _side(P0, u * K + a, pj, ys[lane], geo, N, m.rules, False, 0, pv, ps, bv, bs, ch, bd, sol, st, lohi)
            assert x == pre[0, N, lane]
            assert np.array_equal(values[:R, 1:, lane], bv[:R, 1:])
            banks = np.arange(1, R)[:, None] * (N + 1) + np.where(bd[1:R, 1:] == 1, 0, np.arange(1, N + 1))
            assert np.array_equal(leads[1:R, 1:, lane], banks)       # where a turn state leads: bank or roll on
            assert np.array_equal(to[:R, :, lane], _cells_of(ch[:R], bd, R, N, m))
            assert np.array_equal(stats[lane], st)
            for t in range(R):
                for e in range(E):
                    vals = [values[t + m.opt_s[o], m.opt_n[o], lane] for o in range(m.opt_ptr[e], m.opt_ptr[e + 1])]
                    best = max(vals)
                    rest = [v for k, v in enumerate(vals) if k != int(np.argmax(vals)) and v < 1.0]
                    want = best - max(rest) if rest else np.inf
                    assert marg[t, e, lane] == want
            if pending[lane]:
                q, low = _reference_forward(R, N, m, ch, bd, marg[:, :, lane])
                assert np.array_equal(ends[lane, :R + 2], q)
                assert least[lane] == low
                assert abs(q.sum() - 1.0) < 1e-12 and 0.0 <= low < np.inf
            checked += 1
    assert checked == 4 * L


def test_the_vector_step():
    """The LLVM-IR step on four lanes and two options: the best (a tie keeps the first), the cell it leads
    to, its margin and its share of the sum; float64 tables and int64 indices only, anything else is a
    typing error, not a misread of memory."""
    from numba import njit
    from numba.core.errors import TypingError

    from stoplib.race._simd import _best_option

    @njit
    def call(base, cells):
        at = np.array([0, 4], dtype=np.int64)   # option 0 reads [0:4], option 1 [4:8]
        to = np.zeros(4, dtype=np.int32)
        marg = np.zeros(4)
        acc = np.zeros(4)
        _best_option(base, cells, at, 0, 0, 2, 0, to, marg, 0, 0, acc, 0.5)
        return to, marg, acc

    base = np.array([0.1, 0.2, 0.3, 0.4, 0.5, 0.1, 0.35, 0.4])
    cells = np.array([10, 11, 12, 13, 20, 21, 22, 23], dtype=np.int32)
    to, marg, acc = call(base, cells)
    assert list(to) == [20, 11, 22, 13]
    assert list(marg) == [0.5 - 0.1, 0.2 - 0.1, 0.35 - 0.3, 0.0]
    assert list(acc) == [0.5 * 0.5, 0.5 * 0.2, 0.5 * 0.35, 0.5 * 0.4]
    with pytest.raises(TypingError):
        call(base.astype(np.float32), cells)
    with pytest.raises(TypingError):
        call(base, cells.astype(np.int64))


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
