"""Two-player Pig (stoplib.tenthousand.pig_duel_game): published value, three methods, brute force, rules."""
from fractions import Fraction

import numpy as np
import pytest

from stoplib import tenthousand as tt
from stoplib.tenthousand import pig_duel_game as pdg


@pytest.fixture(scope="module")
def goal100():
    return tt.pig_duel(100), tt.pig_duel(100, method="value_iteration")


def test_neller_presser_first_player_wins_5306(goal100):
    # Neller and Presser (2004): the first player wins about 53.06% under optimal play
    pw, _ = goal100
    assert f"{100 * pw.first_player_win:.2f}" == "53.06"


def test_pairwise_and_value_iteration_agree_to_1e11(goal100):
    pw, vi = goal100
    assert np.abs(pw.values - vi.values).max() < 1e-11
    assert pw.residual < 1e-14 and vi.residual < 1e-12
    assert (pw.hold != vi.hold).sum() == 0


def test_pairwise_visits_few_pieces_and_value_iteration_many_rounds(goal100):
    pw, vi = goal100
    upper = np.triu_indices(100)
    assert pw.iterations[upper].min() >= 1 and pw.iterations[upper].max() <= 5
    assert vi.iterations[upper].max() > 20          # iteration needs many rounds where pieces need one


@pytest.mark.parametrize("goal", [1, 2, 4, 7, 12])
def test_exact_fractions_agree_with_floats(goal):
    ex = tt.pig_duel(goal, method="exact")
    pw = tt.pig_duel(goal)
    assert isinstance(ex.first_player_win_exact, Fraction)
    assert np.abs(ex.values - pw.values).max() < 1e-14
    assert (ex.hold == pw.hold).all()


def test_exact_closed_forms():
    # goal 1 and 2: any scoring roll wins, so P = 5/6 + (1 - P)/6, P = 6/7
    assert tt.pig_duel(1, method="exact").first_player_win_exact == Fraction(6, 7)
    assert tt.pig_duel(2, method="exact").first_player_win_exact == Fraction(6, 7)


@pytest.mark.parametrize("goal, die", [(15, 6), (20, 4), (12, 9)])
def test_brute_force_jacobi_agrees(goal, die):
    V, sweeps = tt.pig_duel_brute_force(goal, die)
    assert sweeps > 10
    assert np.abs(V - tt.pig_duel(goal, die).values).max() < 1e-12
    assert np.abs(V - tt.pig_duel(goal, die, method="value_iteration").values).max() < 1e-12


def test_probabilities_in_unit_interval_and_wins_at_goal(goal100):
    pw, _ = goal100
    V = pw.values
    assert V.min() >= 0 and V.max() <= 1
    i = np.arange(100)[:, None, None]
    k = np.arange(100)[None, None, :]
    assert (V[np.broadcast_to(i + k >= 100, V.shape)] == 1).all()
    assert (V[np.broadcast_to(i + k < 100, V.shape)] < 1).all()


def _absorption(H, goal, die=6):
    """Win probabilities of the mover (W) and of the other player (L) at every turn start, each as its
    own absorption probability of the turn-level Markov chain under hold table H (no 1 - P used)."""
    G = goal
    n = G * G
    idx = lambda a, b: a * G + b  # noqa: E731
    A = np.eye(2 * n)
    rhs = np.zeros(2 * n)
    for i in range(G):
        for j in range(G):
            mass = np.zeros(G + die)
            mass[0] = 1.0
            nxt = {}
            win = 0.0
            for k in range(G - i):
                m = mass[k]
                if m == 0:
                    continue
                if k >= 1 and H[i, j, k]:
                    nxt[j, i + k] = nxt.get((j, i + k), 0.0) + m
                    continue
                nxt[j, i] = nxt.get((j, i), 0.0) + m / die
                for r in range(2, die + 1):
                    if i + k + r >= G:
                        win += m / die
                    else:
                        mass[k + r] += m / die
            w, l_ = idx(i, j), n + idx(i, j)
            rhs[w] = win
            for (a, b), p in nxt.items():           # the roles swap at the next turn
                A[w, n + idx(a, b)] -= p
                A[l_, idx(a, b)] -= p
    x = np.linalg.solve(A, rhs)
    return x[:n].reshape(G, G), x[n:].reshape(G, G)


def test_both_players_win_probabilities_sum_to_one():
    # P(i, j, 0) is the mover's chance; the other's, computed on its own (absorption into "the
    # other wins"), is 1 - P(i, j, 0): the game ends with probability 1 under optimal play.
    r = tt.pig_duel(12)
    W, L = _absorption(r.hold, 12)
    assert np.abs(W + L - 1).max() < 1e-12
    assert np.abs(W - r.values[:, :, 0]).max() < 1e-12


def test_optional_first_roll_changes_nothing(goal100):
    pw, _ = goal100
    P0 = pw.values[:, :, 0]
    assert pw.pass_margin == pytest.approx((P0 + P0.T - 1).min())
    assert pw.pass_margin > 0          # rolling beats passing at every turn start


def test_hold_at_and_table(goal100):
    pw, _ = goal100
    assert pw.hold_at(0, 0) == 21
    assert pw.hold_at(99, 50) == 1
    assert (pw.hold_table[99] == 1).all()
    table = pw.hold_table
    for i, j in [(0, 0), (30, 70), (70, 30), (50, 99)]:
        assert table[i, j] == pw.hold_at(i, j)
    # behind by a lot near the end: roll for the goal
    assert pw.hold_at(0, 99) == 100


def test_rule_thresholds():
    kp = tt.pig_keep_pace()
    assert kp.threshold(0, 20) == 24          # 21 + round(2.5) = 24 (round half up)
    assert kp.threshold(20, 0) == 19          # 21 + round(-2.5) = 19
    assert kp.threshold(71, 0) is None and kp.threshold(0, 71) is None
    assert tt.pig_hold_at(20).threshold(3, 90) == 20
    table = kp._table(100)
    assert table[0, 20, 23] == 0 and table[0, 20, 24] == 1
    assert not table[80, 10].any()


def test_exact_policy_evaluation():
    opt = tt.pig_duel(100).first_player_win
    m = tt.pig_duel_evaluate()
    assert abs(m.first_player_win - opt) < 1e-12 and abs(m.second_player_win - (1 - opt)) < 1e-12
    h20 = tt.pig_duel_evaluate("optimal", tt.pig_hold_at(20))
    kp = tt.pig_duel_evaluate("optimal", tt.pig_keep_pace())
    assert h20.mean > kp.mean > 0.5           # keep pace is the better simple rule
    back = tt.pig_duel_evaluate(tt.pig_hold_at(20), "optimal")
    assert abs(back.first_player_win + h20.second_player_win - 1) < 1e-12
    assert abs(back.second_player_win + h20.first_player_win - 1) < 1e-12


def test_policy_evaluation_matches_brute_force_on_a_small_goal():
    # a rule's value, also found by Jacobi iteration of its own (linear) equations
    G, D = 15, 6
    H = tt.pig_hold_at(5)._table(G)
    m = tt.pig_duel_evaluate(tt.pig_hold_at(5), tt.pig_hold_at(5), goal=G)
    W, L = _absorption(H, G, D)
    assert abs(W[0, 0] - m.first_player_win) < 1e-12
    assert np.abs(W + L - 1).max() < 1e-12


def test_bad_input():
    with pytest.raises(ValueError, match="goal"):
        tt.pig_duel(0)
    with pytest.raises(ValueError, match="method"):
        tt.pig_duel(10, method="jacobi")
    with pytest.raises(TypeError, match="player"):
        tt.pig_duel_evaluate(20)
    with pytest.raises(ValueError, match="own"):
        tt.pig_duel(10).hold_at(10, 0)
    with pytest.raises(ValueError, match="budget|limit"):
        tt.pig_duel(3000)


def test_result_is_checked():
    r = tt.pig_duel(5)
    with pytest.raises(ValueError, match="first_player_win"):
        pdg.PigDuel(5, 6, "pairwise", r.values, r.hold, 0.5)
    bad = np.array(r.hold)
    bad[0, 0, 0] = 1
    with pytest.raises(ValueError, match="compulsory"):
        pdg.PigDuel(5, 6, "pairwise", r.values, bad, r.first_player_win)
