"""Two-player races (stoplib.race.solve): two methods, independent twins, the rule variants, properties."""
import dataclasses

import numpy as np
import pytest

from stoplib import race
from stoplib import tenthousand as tt
from stoplib.race import _dice, _farkle
from stoplib.race.models import turn_model
from stoplib.race.solver import _compute


@pytest.mark.parametrize("game,goal", [("pig", 40), ("tenthousand", 30), ("farkle", 20)])
def test_methods_agree(game, goal):
    pw = race.solve(game, goal, cache=False)
    vi = race.solve(game, goal, method="value_iteration", cache=False)
    assert np.abs(pw.turn_start - vi.turn_start).max() < 1e-12
    assert pw.residual < 1e-14 and vi.residual < 1e-12
    upper = np.triu_indices(goal)
    assert pw.iterations[upper].max() <= 10 < vi.iterations[upper].max() + 10


@pytest.mark.parametrize("goal", [1, 3, 6])
def test_brute_force_on_the_papers_states_agrees(goal):
    P0, _ = tt.duel_brute_force(goal)
    assert np.abs(P0 - race.solve("tenthousand", goal, cache=False).turn_start).max() < 1e-12


def test_pig_brute_force_and_fractions_agree():
    V, _ = tt.pig_duel_brute_force(10)
    r = race.solve("pig", 10)
    assert np.abs(V[:, :, 0] - r.turn_start).max() < 1e-12
    ex = race.solve("pig", 8, method="exact")
    assert float(ex.first_player_win_exact) == pytest.approx(race.solve("pig", 8).first_player_win, abs=1e-15)
    assert np.abs(ex.state_values() - race.solve("pig", 8).state_values()).max() < 1e-14
    assert race.solve("pig", 4, method="exact").first_player_win_exact.denominator == 11


def test_finish_rule_does_not_change_the_answer():
    reach = race.solve("tenthousand", 15, cache=False)
    bank = race.solve("tenthousand", 15, finish="bank", cache=False)
    assert np.array_equal(reach.turn_start, bank.turn_start) and np.array_equal(reach.bank_from, bank.bank_from)


@pytest.mark.parametrize("game", ["pig", "tenthousand", "farkle"])
def test_probabilities_and_monotone_scores(game):
    r = race.solve(game, 25)
    P0 = r.turn_start
    assert P0.min() > 0 and P0.max() < 1 and 0.5 < r.first_player_win < 0.75
    assert r.pass_margin > 0
    # more of one's own never hurts at a turn start; more for the opponent never helps
    assert (np.diff(P0, axis=0) >= -1e-12).all() and (np.diff(P0, axis=1) <= 1e-12).all()
    assert r.win_probability(0) + r.win_probability(1) == 1.0


def test_farkle_pruning_changes_nothing():
    """Dropping options with the same dice left and fewer points: the same values (a small goal)."""
    m = turn_model("farkle")
    reading = _farkle.READINGS["farkle"]
    a = _dice.multiset_arrays(6, 6, lambda c: _farkle.score(tuple(c), reading), prune=False)
    full = dataclasses.replace(m, out_ptr=np.array(a["out_ptr"]), out_p=np.array(a["out_p"]),
                               out_k=np.array(a["out_k"]), opt_ptr=np.array(a["opt_ptr"]),
                               opt_s=np.array(a["opt_s"]), opt_n=np.array(a["opt_n"]), opt_keep=tuple(a["opt_keep"]))
    assert len(full.opt_s) > len(m.opt_s)
    r1 = _compute(m, 16, "pairwise", "reach", False)
    r2 = _compute(full, 16, "pairwise", "reach", False)
    assert np.abs(r1.turn_start - r2.turn_start).max() < 1e-14


def _counter_pig():
    """Pig with Facebook Farkle's counter, small: the third bust in a row costs 3 points, scores never below -3."""
    return dataclasses.replace(turn_model("pig"), farkles=3, penalty=3, floor=-3, minimum_bank=2)


@pytest.mark.parametrize("method", ["pairwise", "value_iteration"])
def test_counter_games_agree_with_the_brute_force(method):
    from stoplib.race.twins import _brute_force
    from stoplib.race import _two
    m = _counter_pig()
    P0, _, _, _, _, residual = _two.compute(m, 5, method, "reach", False, "test")
    V, _ = _brute_force(m, 5)
    assert np.abs(P0 - V).max() < 1e-12
    assert residual < 1e-13


def test_brute_force_twin_agrees_on_plain_games():
    from stoplib.race.twins import _brute_force
    for game, goal in (("pig", 8), ("tenthousand", 3)):
        V, _ = _brute_force(turn_model(game), goal)
        assert np.abs(V - race.solve(game, goal, cache=False).turn_start).max() < 1e-12


def test_facebook_farkle_reading_and_state_count():
    m = turn_model("facebook_farkle")
    assert (m.farkles, m.penalty, m.floor, m.minimum_bank) == (3, 10, -50, 6)
    from stoplib.race.advice import _state_count
    # the published count at the published goal: 250 scores from -2,500 points, 3 counts each, 6 numbers of
    # dice, and turn totals below what is left to the goal but at least the 300 points that may be banked
    assert _state_count(m, 200)["pre_roll"] == 423_765_000


def test_cache_round_trip(tmp_path, monkeypatch):
    from stoplib.race import solver
    monkeypatch.setattr(solver, "_MEMO", {})
    a = race.solve("tenthousand", 12)
    solver._MEMO.clear()
    b = race.solve("tenthousand", 12)
    assert b is not a and np.array_equal(a.turn_start, b.turn_start) and np.array_equal(a.riskier, b.riskier)


def test_validation():
    with pytest.raises(ValueError, match="game"):
        race.solve("yahtzee", 10)
    with pytest.raises(ValueError, match="exact"):
        race.solve("tenthousand", 5, method="exact")
    with pytest.raises(ValueError, match="players"):
        race.solve("pig", 10, players=9)
    with pytest.raises(ValueError):
        race.solve("pig", 10**6)          # the budget refuses it before it starts


@pytest.mark.parametrize("die,goal", [(6, 12), (6, 40), (3, 25), (2, 9)])
def test_pig_lean_residual_is_the_general_update(die, goal):
    """The lean residual of a simple model gives the general kernel's number exactly, at the solution and at an
    arbitrary table (where the residual is large and every branch of the update is used)."""
    from stoplib.race import _solitaire, _two
    from stoplib.race._kernels import _residual, _residual_simple

    m = turn_model("pig", die=die)
    geo, T, P, _ = _two.geometry(m, goal)
    assert geo[5] == 1
    sol = _solitaire.roll_table(m, T)
    solved = _compute(m, goal, "pairwise", "reach", False).turn_start
    noisy = np.random.default_rng(goal).random((P, P))
    for P0 in (solved, noisy):
        for bank in (False, True):
            assert _residual_simple(P0, geo, m.rules, T) == _residual(P0, geo, m.dice, m.rules, T, bank, sol)
    assert _residual_simple(noisy, geo, m.rules, T) > 1e-3
    assert _residual_simple(solved, geo, m.rules, T) < 1e-14
