"""What notebook 08 shows of the two-player games: the goal curve and the departure map (read from one
solve), the figures (stoplib.tenthousand.plots, room _plot_duel.py), the two panels and the verdict table."""
import html

import numpy as np
import pytest

import stoplib as sl
from stoplib import tenthousand as tt
from stoplib.tenthousand import claims, duel_game, plots, widgets
from stoplib.workbook.panel import Panel


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path / "out"))
    monkeypatch.setenv("STOPLIB_PROGRESS", "0")


@pytest.fixture(scope="module")
def g30():
    return duel_game._duel(30, "pairwise", "reach", cache=False)


@pytest.fixture(scope="module")
def pig40():
    return tt.pig_duel(40)


# ----------------------------------------------------------------------------- results read from one solve

@pytest.mark.parametrize("game, goal, smaller", [("pig", 40, (1, 7, 20, 39)), ("tenthousand", 30, (1, 4, 11, 29))])
def test_one_solve_gives_every_smaller_goal_bit_for_bit(game, goal, smaller):
    curve = tt.first_player_by_goal(game, goal)
    assert list(curve.goals) == list(range(1, goal + 1)) and curve.unit == ("points" if game == "pig" else "chips")
    assert curve.at(goal) == (tt.pig_duel(goal) if game == "pig" else tt.duel(goal)).first_player_win
    for g in smaller:
        alone = tt.pig_duel(g).first_player_win if game == "pig" else duel_game._duel(g, "pairwise", "reach",
                                                                                        cache=False).first_player_win
        assert curve.at(g) == alone
    assert ((curve.first_player_win > 0.5) & (curve.first_player_win < 1)).all()
    with pytest.raises(ValueError, match="goal must be in 1..%d" % goal):
        curve.at(goal + 1)


def test_departure_map(g30):
    m = g30.departure_map(5)
    assert m.difference.shape == (30, 30) and m.solitaire_threshold == 56
    own = np.arange(30)
    assert (m.solitaire == np.minimum(56, 30 - own)).all()
    assert (m.bank_from == g30.bank_from[5]).all()
    assert (m.difference == m.bank_from - m.solitaire[:, None]).all()
    pm = g30.policy_map(7)
    assert (pm.bank_from[4] == m.bank_from[:, 7]).all()           # the policy map agrees column by column
    with pytest.raises(ValueError, match="dice must be in 1..5"):
        g30.departure_map(6)


def test_lookup_never_solves(monkeypatch):
    duel_game._MEMO.clear()
    assert duel_game._lookup(9) is None
    r = tt.duel(9)                                                   # solved, written to the cache
    duel_game._MEMO.clear()
    monkeypatch.setattr(duel_game, "_compute", lambda *a: pytest.fail("a lookup solved"))
    again = duel_game._lookup(9)
    assert again is not None and np.array_equal(again.turn_start, r.turn_start)


# ----------------------------------------------------------------------------- figures

def _ax(figsize=(7, 4)):
    return sl.style.figure(figsize=figsize)


def test_pig_figures(pig40):
    fig, axes = sl.style.figure(1, 2, figsize=(11, 4))
    plots.plot_pig_hold_at(axes[0], pig40, own=(0, 20), reference=20)
    assert len(axes[0].lines) == 3
    assert list(axes[0].lines[0].get_ydata()) == [float(v) for v in pig40.hold_table[0]]
    plots.plot_pig_hold_map(axes[1], pig40)
    assert len(axes[1].images) == 2 and not sl.style.small_text(fig)
    with pytest.raises(ValueError, match="own"):
        plots.plot_pig_hold_at(axes[0], pig40, own=(40,))
    with pytest.raises(TypeError, match="result must be a PigDuel"):
        plots.plot_pig_hold_map(axes[1], tt.duel(5))


def test_goal_and_head_start_figures(pig40):
    fig, axes = sl.style.figure(1, 2, figsize=(11, 4))
    curve = tt.first_player_by_goal("pig", 40)
    plots.plot_first_player_win(axes[0], curve, min_goal=5, reference=(40, 0.55, "a published value"),
                                checks={10: curve.at(10), 20: curve.at(20)})
    assert list(axes[0].lines[0].get_xdata()) == list(range(5, 41))
    head = tt.fair_head_start("pig", 40)
    plots.plot_head_start(axes[1], head)
    assert head.unit in axes[1].get_legend().get_texts()[1].get_text() and not sl.style.small_text(fig)
    with pytest.raises(ValueError, match="min_goal"):
        plots.plot_first_player_win(axes[0], curve, min_goal=41)
    with pytest.raises(TypeError, match="reference"):
        plots.plot_first_player_win(axes[0], curve, reference=(40, 0.5))
    with pytest.raises(ValueError, match="checks"):
        plots.plot_first_player_win(axes[0], curve, checks={10: 1.5})


def test_policy_and_departure_figures(g30):
    fig, axes = sl.style.figure(1, 2, figsize=(12, 4))
    pm = g30.policy_map(10)
    plots.plot_policy_map(axes[0], pm, dice=4, solitaire=True, legend=True)
    assert axes[0].get_title() == "opponent at 10 of 30 chips" and axes[0].get_legend() is not None
    plots.plot_departure_map(axes[1], g30.departure_map(4))
    assert "4 dice" in axes[1].get_title() and not sl.style.small_text(fig)
    with pytest.raises(ValueError, match="dice must be in 1..5"):
        plots.plot_policy_map(axes[0], pm, dice=0)
    with pytest.raises(TypeError, match="policy_map must be a PolicyMap"):
        plots.plot_policy_map(axes[0], g30)


def test_advice_and_work_figures(g30, pig40):
    fig, ax = _ax((8, 4))
    advice = g30.advice(3, 5, 4, "15522")
    plots.plot_duel_advice(ax, advice)
    assert len(ax.get_yticklabels()) == len(advice.options)
    assert ax.get_yticklabels()[0].get_text().startswith(advice.best.move)
    fig, ax = _ax()
    plots.plot_duel_advice(ax, g30.advice(3, 5, 4, "2346"))            # a bust: a sentence, no axes
    assert "bust" in ax.texts[0].get_text()
    fig, axes = sl.style.figure(1, 2, figsize=(11, 4))
    plots.plot_pair_work(axes[0], pig40, tt.pig_duel(40, method="value_iteration"))
    plots.plot_pair_work(axes[1], g30)
    assert len(axes[0].patches) == 2 and not sl.style.small_text(fig)
    with pytest.raises(ValueError, match="pairwise"):
        plots.plot_pair_work(axes[0], tt.pig_duel(40, method="value_iteration"))
    with pytest.raises(ValueError, match="same game"):
        plots.plot_pair_work(axes[0], pig40, duel_game._duel(30, "value_iteration", "reach", cache=False))


# ----------------------------------------------------------------------------- panels

def _message(panel):
    return html.unescape(panel.message.value)


def test_duel_advisor_panel_follows_the_api():
    r = tt.duel(25)
    panel = widgets.duel_advisor_widget(goal=25, own=3, opponent=8)
    assert isinstance(panel, Panel)
    best = r.advice(3, 8, 0, "15522").best
    assert f"win probability {best.win_probability:.6f}" in panel.readout.value
    panel.controls["faces"].value = "115"
    panel.controls["total"].value = 6
    best = r.advice(3, 8, 6, "115").best
    assert panel.readout.value.startswith("goal 25 chips · own 3, opponent 8, turn total 6, roll 115: best")
    assert f"win probability {best.win_probability:.6f}" in panel.readout.value
    panel.controls["faces"].value = "2346"
    assert f"bust, the turn ends with nothing; win probability {1 - r.turn_start[8, 3]:.6f}" in panel.readout.value
    shown = panel.readout.value
    panel.controls["total"].value = 40                                    # out of the box's range: a message
    assert "turn total (chips) must be in 0..24, got 40" in _message(panel)
    assert panel.controls["total"].value == 40 and panel.readout.value == shown
    panel.controls["total"].value = 22                                    # 3 + 22 reaches the goal
    assert "reaches the goal 25" in _message(panel)
    panel.controls["total"].value = 2
    panel.controls["faces"].value = "1234567"
    assert "roll must be 1 to 5 faces" in _message(panel)
    panel.controls["faces"].value = "55"
    assert panel.message.value == "" and "roll 55" in panel.readout.value
    saved = panel.save()
    assert [p.suffix for p in saved] == [".png", ".svg", ".pdf"] and saved[0].name.startswith("08_two_player_dice")
    with pytest.raises(ValueError, match="turn_total"):
        widgets.duel_advisor_widget(goal=25, own=20, turn_total=5)
    with pytest.raises(ValueError, match="roll"):
        widgets.duel_advisor_widget(goal=25, roll="7")


def test_duel_policy_panel_goal_opponent_and_solve(monkeypatch):
    panel = widgets.duel_policy_widget(goal=24, opponent=6)
    pm = tt.duel(24).policy_map(6)
    assert panel.readout.value.startswith("goal 24 chips, opponent at 6, 5 dice to roll: ")
    assert f"the solitaire optimum banks from {pm.solitaire_bank_from[4]}" in panel.readout.value
    panel.controls["dice"].value = 3
    b = int(pm.bank_from[2, 0])
    assert (f"banks from {b} chips at own score 0" if b < 24 else "rolls on to the goal at own score 0") \
        in panel.readout.value
    panel.controls["goal"].value = 18                                       # quick to solve: solved at once
    assert panel.readout.value.startswith("goal 18 chips, opponent at 6, 3 dice") and panel.message.value == ""
    assert panel.controls["opponent"].max == 17
    panel.controls["goal"].value = 5                                        # the opponent is past it: refused
    assert "opponent's score must be below the goal (5 chips), got 6" in _message(panel)
    assert panel.controls["opponent"].value == 6 and panel.readout.value.startswith("goal 18 chips")
    panel.controls["goal"].value = 1000
    assert "goal (chips) must be in 2..400, got 1000" in _message(panel)
    monkeypatch.setattr(widgets, "SOLVE_AT_ONCE_SECONDS", 0.0)              # every new goal waits for Solve
    panel.controls["goal"].value = 21
    assert "the game to 21 chips is not solved yet: about" in _message(panel)
    assert duel_game._lookup(21) is None and panel.readout.value.startswith("goal 18 chips")
    solve = next(w for row in panel.children for w in getattr(row, "children", ())
                 if getattr(w, "description", "") == "Solve")
    solve.click()
    assert panel.readout.value.startswith("goal 21 chips") and duel_game._lookup(21) is not None
    panel.controls["solitaire"].value = False
    assert panel.message.value == "" and panel.save()[0].name.startswith("08_two_player_dice-duel-policy")


def test_duel_panels_compute_once_per_interaction(monkeypatch):
    from stoplib.tenthousand import duel_advice

    calls = {"advice": 0, "policy_map": 0}

    def counted(name, fn):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return fn(*args, **kwargs)
        return wrapper

    advisor = widgets.duel_advisor_widget(goal=20)
    policy = widgets.duel_policy_widget(goal=20)
    monkeypatch.setattr(duel_game, "_advice", counted("advice", duel_advice._advice))
    monkeypatch.setattr(duel_game, "_policy_map", counted("policy_map", duel_advice._policy_map))
    advisor.controls["own"].value = 4
    policy.controls["opponent"].value = 9
    assert calls == {"advice": 1, "policy_map": 1}


# ----------------------------------------------------------------------------- verdicts

def test_duel_verdicts(g30):
    vi = duel_game._duel(30, "value_iteration", "reach", cache=False)
    match = tt.duel_evaluate("solitaire", "optimal", goal=30)
    v = claims.duel_verdicts(g30, vi, match)
    assert list(v.columns) == list(sl.verdicts.VERDICT_COLUMNS) and (v.notebook == "08_two_player_dice").all()
    head = v[v.headline].iloc[0]
    assert head.verdict == "open" and f"{100 * g30.first_player_win:.4f}%" in head.ours
    assert "nobody has published" in head.evidence
    counts = sl.verdicts.counts(v)
    assert counts["differs"] == 0 and counts["context"] == 2 and counts["agrees"] == 4
    assert v[v.claim.str.contains("first player's win probability at goal 100")].ours.item() == "53.0593%"
    with pytest.raises(ValueError, match="value_iteration must be the game to 30"):
        claims.duel_verdicts(g30, duel_game._duel(20, "value_iteration", "reach", cache=False), match)
    with pytest.raises(ValueError, match="pairwise"):
        claims.duel_verdicts(vi, vi, match)
    with pytest.raises(TypeError, match="solitaire must be a DuelMatch"):
        claims.duel_verdicts(g30, vi, "solitaire")
