"""Tests for stoplib.fields (document 001, the increasing-fields game).

Order: the document's claims, exact agreement with an independent brute force,
fast vs plain and float vs fraction, the monotonicity claim, mid-game, properties,
Monte Carlo within 4 standard errors, the playable game, bad inputs.
"""
import math
from fractions import Fraction

import numpy as np
import pytest

from stoplib import fields as fl
from stoplib.fields import solver
from stoplib.fields import document as doc


all_states = fl.all_states


# --------------------------------------------------------------------------
# the document's claims
# --------------------------------------------------------------------------
def test_base_case_no_fields_is_won():
    for V in range(0, 12):
        assert fl.win_probability(V, 0, exact=True) == doc.WIN_NO_FIELDS
        assert fl.win_probability(V, 0) == doc.WIN_NO_FIELDS


def test_base_case_more_fields_than_values_is_lost():
    t = fl.win_table(10, 10, exact=True)
    tf = fl.win_table(10, 10)
    for a in range(11):
        for b in range(a + 1, 11):
            assert t[a, b] == doc.WIN_MORE_FIELDS_THAN_VALUES
            assert tf[a, b] == doc.WIN_MORE_FIELDS_THAN_VALUES


def test_documented_size_fast_matches_plain():
    """The document's benchmark case Win(1000, 20): both recurrences agree."""
    fast = fl.win_probability(doc.TIMING_V, doc.TIMING_F)
    plain = fl.win_probability(doc.TIMING_V, doc.TIMING_F, method="plain")
    assert 0 < fast < 1
    assert fast == pytest.approx(plain, rel=1e-12)


def test_small_values_by_hand():
    # (3, 2): roll 1 can go anywhere and wins only if the next roll is on its side: 1/2;
    # rolls 0 and 2 always win: Win = (1 + 1/2 + 1) / 3.
    assert fl.win_probability(3, 2, exact=True) == Fraction(5, 6)
    # (4, 2): rolls 0 and 3 always win, rolls 1 and 2 win with 2/3 (next roll on the long side).
    assert fl.win_probability(4, 2, exact=True) == Fraction(5, 6)
    for V in range(1, 10):
        assert fl.win_probability(V, 1, exact=True) == 1
        assert fl.win_probability(V, V, exact=True) == 1


# --------------------------------------------------------------------------
# the recurrence against brute force over real game states
# --------------------------------------------------------------------------
@pytest.mark.parametrize("V", range(1, 9))
def test_recurrence_equals_brute_force_exactly(V):
    for F in range(V + 1):
        brute = fl.brute_force_win_probability(V, F)
        assert fl.win_probability(V, F, exact=True) == brute
        assert fl.win_probability(V, F, exact=True, method="plain") == brute
        assert fl.win_probability(V, F) == pytest.approx(float(brute), rel=1e-13, abs=0)
        assert fl.win_probability(V, F, method="plain") == pytest.approx(float(brute), rel=1e-13, abs=0)


def test_brute_force_larger_cases():
    for V, F in [(10, 5), (11, 4), (12, 3)]:
        assert fl.win_probability(V, F, exact=True) == fl.brute_force_win_probability(V, F)


# --------------------------------------------------------------------------
# fast vs plain, float vs fraction
# --------------------------------------------------------------------------
def test_exact_fast_table_equals_exact_plain_table():
    fast = fl.win_table(45, 45, exact=True, method="fast")
    plain = fl.win_table(45, 45, exact=True, method="plain")
    assert (fast == plain).all()


def test_float_table_matches_fractions():
    exact = fl.win_table(60, 25, exact=True)
    for method in ("fast", "plain"):
        tab = fl.win_table(60, 25, method=method)
        for V in range(61):
            for F in range(26):
                assert tab[V, F] == pytest.approx(float(exact[V, F]), rel=1e-12, abs=1e-300)


def test_scaled_float_path_matches_fractions(monkeypatch):
    """Large sizes rescale the table by exp(alpha k + beta s + gamma); force it on small ones."""
    monkeypatch.setattr(solver, "_SCALE_THRESHOLD", 0.0)
    fl.clear_cache()
    try:
        for V, F in [(40, 12), (80, 30), (30, 29)]:
            ex = float(fl.win_probability(V, F, exact=True))
            assert fl.win_probability(V, F) == pytest.approx(ex, rel=1e-12)
            assert fl.win_probability(V, F, method="plain") == pytest.approx(ex, rel=1e-12)
            st = [None] * F
            st[F // 2] = V // 2
            ex = float(fl.state_probability(V, F, st, exact=True))
            assert fl.state_probability(V, F, st) == pytest.approx(ex, rel=1e-12)
    finally:
        fl.clear_cache()


def test_large_case_fast_matches_plain():
    for V, F in [(600, 40), (2000, 8)]:
        assert fl.win_probability(V, F) == pytest.approx(fl.win_probability(V, F, method="plain"), rel=1e-11)


# --------------------------------------------------------------------------
# the monotonicity claim
# --------------------------------------------------------------------------
def test_monotonicity_claim_holds_exactly_on_grid():
    report = fl.check_monotonicity(60)
    assert report.holds, report.counterexamples
    assert report.fast_equals_plain
    assert report.n_games == 60 * 61 // 2
    assert report.n_rolls == sum((n - 1) * min(n, 60) for n in range(1, 61))
    assert report.n_tied > 0          # ties happen, and the strong form still holds


@pytest.mark.slow
def test_monotonicity_claim_holds_exactly_on_larger_grid():
    report = fl.check_monotonicity(140)
    assert report.holds, report.counterexamples
    assert report.fast_equals_plain


def test_monotonicity_checker_finds_a_planted_counterexample(monkeypatch):
    """The checker is not vacuous: a plain recurrence with a wrong argmax set is caught."""
    real = solver._exact_counts

    def doctored(K, S, method="fast", n_max=None, record=None):
        if record is None:
            return real(K, S, method, n_max)

        def bad_record(k, s, r, flo, vals):
            if (k, s, r) == (5, 5, 2):       # pretend the highest field is the unique optimum
                vals = vals[:-1] + [max(vals) + 1]
            record(k, s, r, flo, vals)
        return real(K, S, method, n_max, bad_record)

    monkeypatch.setattr(solver, "_exact_counts", doctored)
    report = fl.check_monotonicity(10)
    assert not report.holds
    assert any(c[:3] == (10, 5, 2) and c[3] == (2,) for c in report.counterexamples)


def test_optimal_policy_is_monotone_and_steps_by_at_most_one():
    for V, F in [(50, 7), (200, 20), (31, 30)]:
        pol = fl.optimal_policy(V, F)
        d = np.diff(pol)
        assert pol[0] == 0 and pol[-1] == F - 1
        assert set(d.tolist()) <= {0, 1}


# --------------------------------------------------------------------------
# mid-game
# --------------------------------------------------------------------------
@pytest.mark.parametrize("V,F", [(6, 3), (8, 4), (7, 5)])
def test_state_probability_equals_brute_force_everywhere(V, F):
    for st in all_states(V, F):
        brute = fl.brute_force_state_probability(V, F, st)
        assert fl.state_probability(V, F, st, exact=True) == brute
        assert fl.state_probability(V, F, st) == pytest.approx(float(brute), rel=1e-12, abs=1e-15)


def test_placement_probabilities_equal_brute_force():
    V, F = 8, 4
    for st in all_states(V, F):
        if all(v is not None for v in st):
            continue
        for roll in set(range(V)) - set(st):
            probs = fl.placement_probabilities(V, F, st, roll, exact=True)
            legal = fl.legal_fields(V, F, st, roll)
            assert sorted(probs) == legal
            for f, p in probs.items():
                assert p == fl.brute_force_state_probability(V, F, fl.place(V, F, st, roll, f))


def test_bellman_consistency_of_states():
    """State value = average over undrawn rolls of the best placement (0 when none)."""
    V, F = 9, 4
    for st in [[None] * 4, [None, 3, None, None], [1, None, None, 8], [None, None, 4, 5]]:
        undrawn = [r for r in range(V) if r not in st]
        best = [max(fl.placement_probabilities(V, F, st, r, exact=True).values(), default=0)
                for r in undrawn]
        assert fl.state_probability(V, F, st, exact=True) == sum(best) / len(undrawn)


def test_empty_state_and_document_place_formula():
    V, F = 30, 6
    assert fl.state_probability(V, F, [None] * F, exact=True) == fl.win_probability(V, F, exact=True)
    # Place(V, F, r, f) from the document, with exact binomials.
    W = fl.win_table(V, F, exact=True)
    for r in range(V):
        probs = fl.placement_probabilities(V, F, [None] * F, r, exact=True)
        for f, p in probs.items():
            place = Fraction(math.comb(r, f) * math.comb(V - r - 1, F - f - 1), math.comb(V - 1, F - 1))
            place *= (W[r, f] if r >= f else 0) * (W[V - r - 1, F - f - 1] if V - r - 1 >= F - f - 1 else 0)
            assert p == place


def test_best_placement_and_mirror_symmetry():
    V, F = 40, 7
    st = [None] * F
    for r in range(V):
        bp = fl.best_placement(V, F, st, r)
        mirror = fl.placement_probabilities(V, F, st, V - 1 - r)
        assert bp.probability == pytest.approx(max(mirror.values()), rel=1e-12)
        for f, p in bp.probabilities.items():
            assert p == pytest.approx(mirror[F - 1 - f], rel=1e-12, abs=1e-300)
            assert 0 <= p <= 1
        assert fl.choose_field(V, F, st, r, "optimal") == bp.field


def test_dead_state_and_no_legal_field():
    assert fl.state_probability(10, 3, [0, None, 1]) == 0
    assert fl.placement_probabilities(10, 3, [3, 4, None], 0) == {}
    assert fl.best_placement(10, 3, [3, 4, None], 0).field is None
    assert fl.state_probability(5, 3, [0, 2, 4]) == 1


# --------------------------------------------------------------------------
# properties
# --------------------------------------------------------------------------
def test_win_decreases_with_values():
    """Non-increasing in V; strictly for F >= 3 (F = 2 has Win(2m-1, 2) = Win(2m, 2))."""
    t = fl.win_table(80, 12, exact=True)
    for F in range(2, 13):
        col = [t[V, F] for V in range(F, 81)]
        assert all(a >= b for a, b in zip(col, col[1:]))
        if F >= 3:
            assert all(a > b for a, b in zip(col, col[1:]))
    for m in range(2, 40):
        assert t[2 * m - 1, 2] == t[2 * m, 2] > t[2 * m + 1, 2]


def test_optimal_beats_heuristics_exactly():
    for V, F in [(20, 5), (100, 10), (300, 15)]:
        assert fl.win_probability(V, F) >= fl.policy_win_probability(V, F, "proportional")
    assert fl.policy_win_probability(8, 4, "proportional") == pytest.approx(
        float(fl.brute_force_state_probability(8, 4, policy="proportional")), rel=1e-12)


# --------------------------------------------------------------------------
# Monte Carlo
# --------------------------------------------------------------------------
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
    w = solver._table_for(5, 45).w
    short, long = np.zeros(300, np.int8), np.zeros(900, np.int8)
    solver._simulate(50, 5, 300, 0, w, 12345, short)
    solver._simulate(50, 5, 900, 0, w, 12345, long)
    assert (short == long[:300]).all() and 0 < long.sum() < 900


# --------------------------------------------------------------------------
# the playable game
# --------------------------------------------------------------------------
def test_game_plays_to_an_outcome_and_rejects_illegal_moves():
    outcomes = set()
    for seed in range(40):
        g = fl.FieldsGame(12, 4, seed=seed)
        with pytest.raises(ValueError, match="roll first"):
            g.place(0)
        while g.outcome is None:
            r = g.roll()
            if g.outcome == "lost":
                assert g.legal_fields() == [] and g.placement_probabilities() == {}
                break
            with pytest.raises(ValueError, match="pending"):
                g.roll()
            legal = g.legal_fields()
            assert legal == fl.legal_fields(12, 4, g.state, r)
            illegal = [f for f in range(4) if f not in legal]
            if illegal:
                with pytest.raises(ValueError):
                    g.place(illegal[0])
            assert g.best_field() in legal
            g.place(g.best_field())
        outcomes.add(g.outcome)
        with pytest.raises(ValueError, match="over"):
            g.roll()
        if g.outcome == "won":
            assert g.win_probability() == 1.0 and all(v is not None for v in g.state)
    assert outcomes == {"won", "lost"}


def test_game_is_seeded():
    def rolls(seed):
        g = fl.FieldsGame(30, 5, seed=seed)
        out = []
        while g.outcome is None:
            out.append(g.roll())
            if g.outcome is None:
                g.place(g.legal_fields()[0])
        return out
    assert rolls(1) == rolls(1)


def test_widget_clicks_drive_the_game():
    box = fl.fields_widget(10, 3, seed=2)
    app = box.app
    assert len(app.buttons) == 3
    app.roll_button.click()
    g = app.game
    assert g.current is not None
    legal = g.legal_fields()
    assert "Optimal" in app.info.value
    app.buttons[legal[-1]].click()
    assert g.state[legal[-1]] is not None and g.current is None
    while g.outcome is None:
        app.auto_button.click()
    assert g.outcome in ("won", "lost") and g.outcome.capitalize() in app.info.value
    app.f_box.value = 4
    app.new_button.click()
    assert app.game.F == 4 and len(app.buttons) == 4


def test_sweep_widget_and_plots_build(tmp_path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    box = fl.win_sweep_widget(40, (2, 4))
    assert len(box.children) == 3
    fig, axes = plt.subplots(1, 4)
    fl.plot_win_heatmap(30, 8, ax=axes[0])
    fl.plot_win_vs_values((2, 5), 50, ax=axes[1])
    fl.plot_optimal_policy(30, 5, ax=axes[2])
    res = [fl.simulate(20, 4, 500, p, seed=0) for p in fl.POLICIES]
    fl.plot_win_rates(res, {"optimal": fl.win_probability(20, 4)}, ax=axes[3])
    plt.close(fig)


# --------------------------------------------------------------------------
# bad inputs
# --------------------------------------------------------------------------
@pytest.mark.parametrize("V,F,err", [
    (3, 4, ValueError), (-1, 0, ValueError), (5, -1, ValueError), (True, 1, TypeError),
    (5, True, TypeError), (5.0, 2, TypeError), (5, 2.0, TypeError), ("5", 2, TypeError),
])
def test_bad_sizes(V, F, err):
    with pytest.raises(err):
        fl.win_probability(V, F)
    with pytest.raises(err):
        fl.state_probability(V, F, [None] * 2)


def test_bad_options_and_sizes_too_large():
    with pytest.raises(ValueError, match="method"):
        fl.win_probability(5, 2, method="slow")
    with pytest.raises(TypeError, match="exact"):
        fl.win_probability(5, 2, exact="yes")
    with pytest.raises(ValueError, match="too large|allows|cannot be scaled"):
        fl.win_probability(10**6, 1000)
    with pytest.raises(ValueError, match="exact=False"):
        fl.win_probability(5000, 50, exact=True)
    with pytest.raises(ValueError, match="brute force"):
        fl.brute_force_win_probability(40, 20)
    with pytest.raises(ValueError, match="policy"):
        fl.simulate(10, 3, 10, "greedy")
    with pytest.raises(ValueError, match="n_games"):
        fl.simulate(10, 3, 0)
    with pytest.raises(ValueError, match="policy"):
        fl.policy_win_probability(10, 3, "nearest")


@pytest.mark.parametrize("state,roll,err,match", [
    ([None, 5, 3], 1, ValueError, "not increasing"),
    ([4, 4, None], 1, ValueError, "not increasing"),
    ([None, None], 1, ValueError, "length"),
    ([None, 10, None], 1, ValueError, "0..9"),
    ([None, -1, None], 1, ValueError, "0..9"),
    ([None, 2.0, None], 1, TypeError, "state\\[1\\]"),
    ([None, True, None], 1, TypeError, "state\\[1\\]"),
    ("abc", 1, TypeError, "state"),
    ([None, 5, None], 5, ValueError, "already drawn"),
    ([None, 5, None], 10, ValueError, "roll"),
    ([None, 5, None], -1, ValueError, "roll"),
    ([None, 5, None], 1.0, TypeError, "roll"),
    ([None, 5, None], False, TypeError, "roll"),
])
def test_bad_states_and_rolls(state, roll, err, match):
    with pytest.raises(err, match=match):
        fl.placement_probabilities(10, 3, state, roll)


def test_bad_placements():
    with pytest.raises(ValueError, match="already filled"):
        fl.place(10, 3, [None, 5, None], 2, 1)
    with pytest.raises(ValueError, match="breaks the increasing order"):
        fl.place(10, 3, [None, 5, None], 2, 2)
    with pytest.raises(ValueError, match="field"):
        fl.place(10, 3, [None, 5, None], 2, 3)
    g = fl.FieldsGame(10, 3, seed=0)
    g.roll()
    with pytest.raises(ValueError):
        g.place(7)
    with pytest.raises(ValueError):
        fl.FieldsGame(3, 4)


@pytest.mark.parametrize("V,F", [(1, 1), (5, 2), (8, 4), (9, 9)])
def test_all_states_are_every_increasing_filling(V, F):
    states = list(fl.all_states(V, F))
    assert len(states) == math.comb(V + F, F)
    keys = {tuple(st) for st in states}
    assert len(keys) == len(states)
    for st in states:
        filled = [v for v in st if v is not None]
        assert filled == sorted(set(filled)) and all(0 <= v < V for v in filled)
