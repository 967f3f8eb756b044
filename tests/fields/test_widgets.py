"""Tests for stoplib.fields.widgets (document 001): the panels build and clicks drive the game."""
from stoplib.fields import widgets


def test_widget_clicks_drive_the_game():
    box = widgets.fields_widget(10, 3, seed=2)
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


def test_sweep_widget_builds():
    import matplotlib
    matplotlib.use("Agg")
    box = widgets.win_sweep_widget(40, (2, 4))
    assert len(box.children) == 3
