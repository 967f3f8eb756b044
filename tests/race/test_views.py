"""Fixed policies, Monte Carlo games, advice, maps, plots, panels and the verdict tables of stoplib.race."""
import numpy as np
import pytest

from stoplib import race
from stoplib import tenthousand as tt
from stoplib.race import claims, plots, widgets
from stoplib.workbook.style import figure


def test_exact_evaluation_against_games():
    for game, goal, rule in (("pig", 30, race.hold_at(20)), ("tenthousand", 12, race.hold_at(4, unit="chips")),
                             ("farkle", 10, "solitaire")):
        m = race.evaluate(game, "optimal", rule, goal)
        s = race.simulate(game, "optimal", rule, goal, n_games=20_000, seed=3)
        assert abs(s.win_rate - m.first_player_win) < 4 * s.std_err
        assert m.mean > 0.5                                   # optimal beats a fixed rule
    assert abs(race.evaluate("pig", goal=30).first_player_win - race.solve("pig", 30).first_player_win) < 1e-12


def test_simulation_is_reproducible_and_the_same_in_parallel():
    a = race.simulate("tenthousand", "optimal", "solitaire", 10, n_games=3000, seed=7, parallel=True)
    b = race.simulate("tenthousand", "optimal", "solitaire", 10, n_games=3000, seed=7, parallel=False)
    assert a == b


def test_rules():
    assert race.keep_pace().threshold(80, 0) is None
    assert race.hold_at(20).threshold(0, 99) == 20
    with pytest.raises(ValueError):
        race.hold_at(0)


def test_win_shares_by_goal_read_one_solve():
    c = race.win_shares_by_goal("tenthousand", 30)
    assert c.at(12) == race.solve("tenthousand", 12).first_player_win
    assert np.allclose(c.shares.sum(axis=1), 1)
    with pytest.raises(ValueError, match="floor"):
        race.win_shares_by_goal("facebook_farkle", 10)


def test_advice_options_and_bust():
    r = race.solve("tenthousand", 20)
    a = r.advice((0, 0), 0, "15522")
    assert a.best.optimal and a.best.win_probability == max(o.win_probability for o in a.options)
    assert {o.keep for o in a.options} >= {"1", "155", "15"}
    b = r.advice((3, 5), 2, "2346")
    assert b.bust and b.win_probability == 1 - r.turn_start[5, 3]
    w = r.advice((18, 5), 1, "1")
    assert w.best.action == "win"
    f = race.solve("farkle", 10).advice((0, 0), 0, "155223")
    assert f.best.keep in {o.keep for o in f.options} and len(f.options) >= 4


def test_policy_and_departure_maps():
    r = race.solve("tenthousand", 20)
    pm = r.policy_map(5)
    assert pm.decision.shape == (5, 20, 20) and (pm.bank_from >= 1).all()
    dm = r.departure_map(5)
    assert dm.difference.shape == (20, 20) and dm.solitaire_threshold == 56
    assert list(r.departures().columns)[:3] == ["dice", "lead", "pairs"]


def test_state_values_of_pig_match_the_fractions():
    assert np.abs(race.solve("pig", 8).state_values() - race.solve("pig", 8, method="exact").state_values()).max() \
        < 1e-14


def test_plots_draw_the_results():
    pig = race.solve("pig", 30)
    tt20 = race.solve("tenthousand", 20)
    fig, axes = figure(3, 3, figsize=(12, 10))
    plots.plot_hold_at(axes[0, 0], pig, reference=20)
    plots.plot_hold_map(axes[0, 1], pig)
    plots.plot_first_player_win(axes[0, 2], race.win_shares_by_goal("pig", 30), min_goal=5)
    plots.plot_win_shares(axes[1, 0], race.win_shares_by_goal("pig", 12, players=3))
    plots.plot_head_start(axes[1, 1], race.fair_head_start("pig", 30))
    plots.plot_policy_map(axes[1, 2], tt20.policy_map(3), legend=True)
    plots.plot_departure_map(axes[2, 0], tt20.departure_map())
    plots.plot_advice(axes[2, 1], tt20.advice((0, 0), 0, "15522"))
    plots.plot_pair_work(axes[2, 2], tt20, race.solve("tenthousand", 20, method="value_iteration"))
    assert all(ax.has_data() for ax in axes.flat)
    with pytest.raises(TypeError):
        plots.plot_hold_at(axes[0, 0], race.fair_head_start("pig", 30))


def test_panels():
    p = widgets.advisor_widget("tenthousand", {"tenthousand": 20, "pig": 30})
    assert p.readout.value.startswith("Ten Thousand to 20 chips · own 0, opponent 0, turn total 0, roll 15522: best")
    q = widgets.policy_widget("pig", goal=30, opponent=5)
    assert q.readout.value.startswith("Pig to 30 points, opponent at 5, 1 die to roll")
    with pytest.raises(ValueError):
        widgets.advisor_widget("pig", {"tenthousand": 20})


def test_verdict_tables():
    f, fv = race.solve("farkle", 8), race.solve("farkle", 8, method="value_iteration")
    fb = {"reading": "c4", "rule": "a reading", "goal_chips": 200, "first_player_win": 0.53487, "states": 423_765_000,
          "rounds": 5, "sweeps": 50, "residual": 1e-16, "seconds": 60.0, "check_residual": 4e-15}
    v = claims.verdicts(race.solve("tenthousand", 8), race.solve("tenthousand", 8, method="value_iteration"),
                        (3, tt.duel_brute_force(3)[0]), f, fv, race.fair_head_start("farkle", 8),
                        race.evaluate("farkle", "optimal", "solitaire", 8), human=("a rule", 0.05), facebook=[fb])
    assert v["headline"].sum() == 1 and (v["verdict"] == "agrees").sum() >= 5
    assert "as far as we know" in " ".join(v["evidence"])
    assert v.iloc[-1]["verdict"] == "agrees" and v.iloc[-2]["verdict"] == "agrees"      # the two Facebook rows
    assert "4e-15 with every turn start passed again" in v.iloc[-2]["evidence"]
    w = claims.verdicts(race.solve("tenthousand", 8), race.solve("tenthousand", 8, method="value_iteration"),
                        (3, tt.duel_brute_force(3)[0]), f, fv, race.fair_head_start("farkle", 8),
                        race.evaluate("farkle", "optimal", "solitaire", 8))
    assert w.iloc[-2]["verdict"] == "open" and w.iloc[-1]["verdict"] == "agrees"
    with pytest.raises(TypeError):
        claims.verdicts(race.solve("tenthousand", 8), race.solve("tenthousand", 8, method="value_iteration"),
                        (3, tt.duel_brute_force(3)[0]), f, fv, race.fair_head_start("farkle", 8),
                        race.evaluate("farkle", "optimal", "solitaire", 8), facebook=[{"reading": "c4"}])
    w = claims.three_player_verdicts(race.solve("pig", 12, players=3), race.equilibrium("pig", 100, players=2))
    assert w.loc[1, "verdict"] == "agrees" and "as far as we know" in w.loc[0, "evidence"]
