"""Two-player Ten Thousand (stoplib.tenthousand.duel_game, duel_advice, duel_match): two methods,
a brute force on the paper's own states, the rule variants, advice, maps, exact evaluation, cache."""
import numpy as np
import pytest

from stoplib import tenthousand as tt
from stoplib.tenthousand import _duel_cache, duel_game
from stoplib.tenthousand._duel_kernels import _turn
from stoplib.tenthousand._duel_tables import _sol_roll, _tables


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("STOPLIB_PROGRESS", "0")


@pytest.fixture(scope="module")
def g40():
    return duel_game._duel(40, "pairwise", "reach", cache=False)


@pytest.mark.parametrize("goal", [1, 3, 6, 10])
def test_brute_force_on_the_papers_states_agrees(goal):
    P0, sweeps = tt.duel_brute_force(goal)
    pw = duel_game._duel(goal, "pairwise", "reach", cache=False)
    vi = duel_game._duel(goal, "value_iteration", "reach", cache=False)
    assert np.abs(P0 - pw.turn_start).max() < 1e-12
    assert np.abs(P0 - vi.turn_start).max() < 1e-12


def test_methods_agree_to_1e10(g40):
    vi = duel_game._duel(40, "value_iteration", "reach", cache=False)
    assert np.abs(g40.turn_start - vi.turn_start).max() < 1e-10
    assert g40.residual < 1e-14 and vi.residual < 1e-12
    upper = np.triu_indices(40)
    assert g40.iterations[upper].min() >= 2 - 1 and g40.iterations[upper].max() <= 10   # passes: finite, few
    assert vi.iterations[upper].max() > g40.iterations[upper].max()


def test_finish_rule_does_not_change_the_answer():
    reach = duel_game._duel(15, "pairwise", "reach", cache=False)
    bank = duel_game._duel(15, "pairwise", "bank", cache=False)
    assert np.array_equal(reach.turn_start, bank.turn_start)
    assert np.array_equal(reach.bank_from, bank.bank_from)


def test_probabilities_and_first_player_advantage(g40):
    P0 = g40.turn_start
    assert P0.min() > 0 and P0.max() < 1
    assert 0.5 < g40.first_player_win < 0.6
    assert g40.pass_margin > 0 and g40.pass_margin == pytest.approx((P0 + P0.T - 1).min())
    # more chips of one's own never hurt at a turn start; more for the opponent never help
    assert (np.diff(P0, axis=0) >= -1e-12).all() and (np.diff(P0, axis=1) <= 1e-12).all()


def _absorption(result):
    """Mover's (W) and other player's (L) win probabilities at every turn start, each its own
    absorption probability of the turn-level chain under the optimal choices (no 1 - P used)."""
    G, N = result.goal, 5
    tb = _tables()
    p0, out_ptr, out_p, out_k, opt_ptr, opt_s, opt_n = tb.rules
    s = tb.r.s
    top = G + tb.smax + 1
    n_ = G * G
    A = np.eye(2 * n_)
    rhs = np.zeros(2 * n_)
    for i in range(G):
        for j in range(G):
            pv, bv = np.zeros((top, N + 1)), np.zeros((top, N + 1))
            ch, bd = np.zeros((top, tb.E), dtype=np.int32), np.zeros((top, N + 1), dtype=np.int8)
            _turn(result.turn_start, i, j, G, N, tb.rules, tb.smax, False, _sol_roll(G), pv, bv, ch, bd)
            R = G - i
            mass = np.zeros((top, N + 1))
            mass[0, N] = 1.0
            nxt = {(j, i): 0.0}
            win = 0.0
            for t in range(R):
                for n in range(1, N + 1):
                    m = mass[t, n]
                    if m == 0:
                        continue
                    nxt[j, i] += m * p0[n]
                    for e in range(out_ptr[n], out_ptr[n + 1]):
                        q = m * out_p[e]
                        if t + s[out_k[e]] >= R:
                            win += q
                            continue
                        o = ch[t, e]
                        t2, n2 = t + opt_s[o], opt_n[o]
                        if bd[t2, n2]:
                            nxt[j, i + t2] = nxt.get((j, i + t2), 0.0) + q
                        else:
                            mass[t2, n2] += q
            w = i * G + j
            rhs[w] = win
            for (a, b), p in nxt.items():
                A[w, n_ + a * G + b] -= p
                A[n_ + w, a * G + b] -= p
    x = np.linalg.solve(A, rhs)
    return x[:n_].reshape(G, G), x[n_:].reshape(G, G)


def test_both_players_win_probabilities_sum_to_one():
    r = duel_game._duel(8, "pairwise", "reach", cache=False)
    W, L = _absorption(r)
    assert np.abs(W + L - 1).max() < 1e-12          # the game ends with probability 1
    assert np.abs(W - r.turn_start).max() < 1e-12   # and the mover's share is P0


def test_advice_averages_to_the_turn_start_value(g40):
    # rolling five dice at a turn start: the advised options, averaged over the rolls, give P0
    rep = {}
    for faces in np.ndindex(6, 6, 6, 6, 6):
        roll = tuple(f + 1 for f in faces)
        c = [roll.count(f) for f in range(7)]
        trip = [k for k in (2, 3, 4, 6) if c[k] >= 3]
        key = (c[5], c[1], trip[0] if trip else 0)
        rep.setdefault(key, [roll, 0])[1] += 1
    for own, opp in [(0, 0), (12, 30), (35, 2)]:
        total = sum(n * g40.advice(own, opp, 0, roll).win_probability for roll, n in rep.values()) / 6**5
        assert abs(total - g40.turn_start[own, opp]) < 1e-12


def test_advice_options():
    r = tt.duel(20)
    a = r.advice(0, 0, 0, "15522")
    assert a.configuration == (2, 1, 0) and a.score == 4 and not a.bust
    assert len(a.options) == 10 and sum(o.optimal for o in a.options) == 1 and a.best.optimal
    assert a.best.win_probability == max(o.win_probability for o in a.options)
    assert {o.move for o in a.options} == {"keep all", "m5", "m1", "m55", "m51"}
    bust = r.advice(3, 4, 5, (2, 3, 4, 6, 6))
    assert bust.bust and bust.options == () and bust.win_probability == pytest.approx(1 - r.turn_start[4, 3])
    win = r.advice(15, 0, 3, "11")
    assert win.best.action == "win" and win.win_probability == 1.0
    hot = r.advice(0, 0, 2, "15")
    assert any(o.hot_dice and o.dice == 5 for o in hot.options)
    assert r.advice(0, 0, 0, [1, 5, 5, 2, 2]) == a
    for bad in ["1552x", "", "123456", (1, 7), 15522]:
        with pytest.raises((ValueError, TypeError)):
            r.advice(0, 0, 0, bad)
    with pytest.raises(ValueError, match="goal"):
        r.advice(10, 0, 10, "5")


def test_policy_map_matches_the_solve(g40):
    for opp in (0, 17, 39):
        pm = g40.policy_map(opp)
        assert pm.decision.shape == (5, 40, 40)
        assert (pm.bank_from == g40.bank_from[1:, :, opp]).all()
        frame = pm.to_frame()
        assert len(frame) == int((pm.decision >= 0).sum())
        assert set(frame["decision"]) <= {"roll", "bank"}
    # document 002: tau*(5) = 56 (Table 6); with 4 dice it rolls up to 18, with 3 up to 6 (Table 5);
    # with 1 or 2 dice it would roll only below 4 chips, states a solitaire turn never reaches
    assert list(pm.solitaire_bank_from) == [4, 4, 7, 19, 56]


def test_win_probability_inside_a_turn(g40):
    assert g40.win_probability(5, 7) == g40.turn_start[5, 7]
    assert g40.win_probability(30, 7, 10) == 1.0
    v = g40.win_probability(20, 20, 10, 2)
    assert 0 < v < 1


def test_departures_risk_more_behind_less_ahead():
    r = duel_game._duel(60, "pairwise", "reach", cache=False)
    t = r.departures()
    assert ((t.riskier_share >= 0) & (t.riskier_share <= 1) & (t.safer_share >= 0) & (t.safer_share <= 1)).all()
    five = t[t.dice == 3].set_index("lead")
    assert five.loc["behind by 21-50", "riskier_share"] > five.loc["ahead by 21-50", "riskier_share"]
    assert five.loc["ahead by 21-50", "safer_share"] > five.loc["behind by 21-50", "safer_share"]


def test_exact_evaluation():
    r = tt.duel(20)
    m = tt.duel_evaluate(goal=20)
    assert abs(m.first_player_win - r.first_player_win) < 1e-12
    assert abs(m.second_player_win - (1 - r.first_player_win)) < 1e-12
    sol = tt.duel_evaluate("solitaire", "optimal", goal=20)
    assert sol.first_player_win < r.first_player_win and sol.second_player_win < 1 - r.first_player_win
    back = tt.duel_evaluate("optimal", "solitaire", goal=20)
    assert abs(back.first_player_win + sol.second_player_win - 1) < 1e-12
    as_solution = tt.duel_evaluate("optimal", tt.solve(), goal=20)
    assert as_solution.first_player_win == back.first_player_win      # a Solution plays like "solitaire"
    stop = tt.duel_evaluate(tt.stop_at_policy(6), tt.stop_at_policy(6), goal=20)
    assert 0.5 < stop.first_player_win < 1


def test_fair_head_start():
    for game, goal in (("tenthousand", 30), ("pig", 40)):
        h = tt.fair_head_start(game, goal)
        curve = h.second_player_win
        assert curve[h.head_start] >= 0.5 and (h.head_start == 0 or curve[h.head_start - 1] < 0.5)
        assert curve[-1] == 1.0 and (np.diff(curve) >= -1e-12).all()
    assert tt.fair_head_start("pig", 1).head_start == 1      # goal 1: the first player wins 6/7


def test_cache_is_checked_when_read(tmp_path):
    duel_game._MEMO.clear()
    a = tt.duel(9)
    files = list(tmp_path.glob("tenthousand-duel-*.npz"))
    assert len(files) == 1
    duel_game._MEMO.clear()
    b = tt.duel(9)
    assert np.array_equal(a.turn_start, b.turn_start) and a is not b
    params = {"goal": 9, "method": "pairwise", "finish": "reach", "n_dice": 5}
    spec = {"turn_start": ("float64", (9, 9)), "iterations": ("int64", (9, 9))}
    spec.update({n: ("int32", (6, 9, 9)) for n in ("bank_from", "roll_above", "riskier", "safer")})
    assert _duel_cache.load("duel", params, spec) is not None
    assert _duel_cache.load("duel", {**params, "goal": 10}, spec) is None
    raw = bytearray(files[0].read_bytes())
    raw[len(raw) // 2] ^= 0xFF                  # one flipped byte: refused, solved again
    files[0].write_bytes(bytes(raw))
    assert _duel_cache.load("duel", params, spec) is None
    duel_game._MEMO.clear()
    c = tt.duel(9)
    assert np.array_equal(a.turn_start, c.turn_start)
    assert _duel_cache.load("duel", params, spec) is not None   # rewritten


def test_parallel_and_serial_give_identical_tables():
    a = duel_game._compute(25, "pairwise", "reach", True)
    b = duel_game._compute(25, "pairwise", "reach", False)
    assert np.array_equal(a.turn_start, b.turn_start)


def test_state_count():
    c = tt.duel(20).state_count
    assert c["turn_starts"] == 400 and c["pre_roll"] == 20 * 210 * 5
    assert c["post_roll"] > c["pre_roll"]


def test_bad_input():
    with pytest.raises(ValueError, match="goal"):
        tt.duel(0)
    with pytest.raises(ValueError, match="finish"):
        tt.duel(10, finish="exact")
    with pytest.raises(TypeError, match="cache"):
        tt.duel(10, cache="yes")
    with pytest.raises(ValueError, match="budget|limit"):
        tt.duel(10**4)
    with pytest.raises(TypeError, match="player"):
        tt.duel_evaluate(3, goal=10)
    with pytest.raises(ValueError, match="five-dice"):
        tt.duel_evaluate(tt.stop_at_policy(3, 2), goal=10)
    with pytest.raises(ValueError, match="game"):
        tt.fair_head_start("farkle")
