"""Tests for stoplib.fields.widgets: the panels build, every control drives them, refusals are messages."""
import threading

import pytest

from stoplib import fields as fl
from stoplib.fields import widgets
from stoplib.workbook import style
from stoplib.workbook.panel import Panel


def _play(panel):
    """The object behind the game panel (its render is a bound method of it)."""
    return panel.render.__self__


def _button(panel, text):
    for box in panel.children:
        for child in getattr(box, "children", ()):
            if getattr(child, "description", None) == text:
                return child
    raise LookupError(text)


def test_game_panel_plays_and_reads_out_the_api():
    panel = widgets.fields_widget(10, 3, seed=2)
    assert type(panel) is Panel
    app = _play(panel)
    assert panel.children.index(app.board) == panel.children.index(panel.readout) - 1   # above= hook
    app = _play(panel)
    assert f"Win(10, 3) = {fl.win_probability(10, 3):.6f} at the start" in panel.view.readout
    assert len(app.field_buttons) == 3 and all(b.disabled for b in app.field_buttons)
    replay = fl.FieldsGame(10, 3, seed=2)
    _button(panel, "Roll a number").click()
    replay.roll()
    g = app.game
    assert g.current == replay.current
    best = replay.best_field()
    assert (f"rolled {g.current}: optimal field {best}, win probability "
            f"{replay.placement_probabilities()[best]:.6f}") in panel.view.readout
    legal = g.legal_fields()
    assert [not b.disabled for b in app.field_buttons] == [i in legal for i in range(3)]
    app.field_buttons[legal[-1]].click()
    assert g.state[legal[-1]] is not None and g.current is None
    assert f"win probability now {g.win_probability():.6f}" in panel.view.readout
    panel.controls["policy"].value = "nearest"
    while g.outcome is None:
        _button(panel, "Play a move").click()
    assert g.outcome in panel.view.readout
    _button(panel, "Play a move").click()              # the game is over: a message, no crash
    assert "the game is over" in panel.message.value
    panel.controls["F"].value = 4                      # a new game for new values
    assert app.game.F == 4 and len(app.field_buttons) == 4 and app.game.history == []
    assert panel.figure is not None and style.small_text(panel.figure) == []


def test_game_panel_refuses_without_clamping():
    panel = widgets.fields_widget(20, 5, seed=0)
    panel.controls["F"].value = 41
    assert "must be in 1..40" in panel.message.value and _play(panel).game.F == 5
    panel.controls["F"].value = 5
    panel.controls["V"].value = 4
    assert "F must be &lt;= V" in panel.message.value and _play(panel).game.V == 20
    with pytest.raises(ValueError, match="must be in"):
        widgets.fields_widget(V=6000)


def test_new_game_restarts_with_the_same_seed():
    panel = widgets.fields_widget(30, 4, seed=7)
    _button(panel, "Roll a number").click()
    first = _play(panel).game.current
    _button(panel, "New game").click()
    assert _play(panel).game.current is None and _play(panel).game.history == []
    _button(panel, "Roll a number").click()
    assert _play(panel).game.current == first


def test_sweep_panel_readout_range_and_scale():
    panel = widgets.win_sweep_widget(50, (2, 3))
    assert panel.view.readout == (f"Win(50, F) at F = 2, 3: {fl.win_probability(50, 2):.4g}, "
                                  f"{fl.win_probability(50, 3):.4g}")
    panel.controls["F_values"].value = "3, 60"
    assert "each F must be in 1..50" in panel.message.value
    panel.controls["F_values"].value = "x"
    assert "whole numbers" in panel.message.value
    panel.controls["F_values"].value = "5"
    panel.controls["log_y"].value = False
    assert panel.figure.axes[0].get_yscale() == "linear"
    assert style.small_text(panel.figure) == []


def test_save_writes_three_formats(tmp_path, monkeypatch):
    monkeypatch.setenv("STOPLIB_OUTPUT_DIR", str(tmp_path))
    panel = widgets.win_sweep_widget(40, (2,))
    paths = panel.save()
    assert sorted(p.suffix for p in paths) == [".pdf", ".png", ".svg"]
    assert all(p.is_file() and p.parent == tmp_path / "figures" for p in paths)
    assert "Saved" in panel.message.value


def test_concurrent_callbacks_are_serialised():
    """Callbacks arrive on several threads (kernel subshells); every picture stays whole."""
    panel = widgets.win_sweep_widget(100, (2, 3))
    errors = []

    def poke(values):
        try:
            for v in values:
                panel.controls["V_max"].value = v
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=poke, args=([60, 80, 100, 120],)),
               threading.Thread(target=poke, args=([70, 90, 110],))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert panel.view.readout.startswith(f"Win({panel.controls['V_max'].value}, F)")


def test_panels_share_the_workbook_lock():
    """One lock for every panel of the workbook (no local copy): a move and a redraw never interleave."""
    from stoplib.workbook import panel as workbook_panel
    assert widgets.DRAW_LOCK is workbook_panel.DRAW_LOCK
    game = widgets.fields_widget(10, 3, seed=1)
    assert type(game) is Panel and type(widgets.win_sweep_widget(50, (2,))) is Panel
    done = []

    def click():
        _button(game, "Roll a number").click()
        done.append(True)

    with widgets.DRAW_LOCK:                    # a redraw in progress on another thread
        t = threading.Thread(target=click)
        t.start()
        t.join(0.5)
        assert not done, "a move ran while another draw held the lock"
    t.join()
    assert done and _play(game).game.current is not None


def test_constructors_refuse_bad_starting_values():
    with pytest.raises(ValueError, match="F must be <= V"):
        widgets.fields_widget(10, 11)
    with pytest.raises(ValueError, match="policy|Play a move"):
        widgets.fields_widget(10, 3, policy="greedy")
    with pytest.raises(TypeError):
        widgets.fields_widget(10.0, 3)
    with pytest.raises(ValueError, match=r"F_values\[0\] must be in 1..50"):
        widgets.win_sweep_widget(50, (60,))
    with pytest.raises(TypeError, match="F_values"):
        widgets.win_sweep_widget(50, "2, 3")
    with pytest.raises(TypeError, match="log"):
        widgets.win_sweep_widget(50, (2,), log_y="no")
    with pytest.raises(ValueError, match="largest V|V_max"):
        widgets.win_sweep_widget(5001, (2,))
    with pytest.raises(TypeError, match="text must be a str"):
        widgets.parse_fields(None)


def test_numpy_bools_are_flags():
    import numpy as np
    assert widgets.win_sweep_widget(50, (2,), log_y=np.bool_(False)).controls["log_y"].value is False


def test_each_interaction_computes_once(monkeypatch):
    """One roll: one set of placement probabilities (for the readout, the buttons and the
    figure alike); one change of the sweep: one Win table."""
    from stoplib.fields import game as game_module

    panel = widgets.fields_widget(30, 4, seed=5)
    calls = []
    real = game_module._placements
    monkeypatch.setattr(game_module, "_placements", lambda *a: calls.append(a) or real(*a))
    _button(panel, "Roll a number").click()
    assert len(calls) == 1 and "rolled" in panel.view.readout
    sweep = widgets.win_sweep_widget(50, (2, 3))
    tables = []
    real_table = widgets._win_table
    monkeypatch.setattr(widgets, "_win_table", lambda *a: tables.append(a) or real_table(*a))
    sweep.controls["V_max"].value = 60
    assert tables == [(60, 3)]
