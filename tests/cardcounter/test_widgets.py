"""CardCounter widgets (``stoplib.cardcounter.widgets``): the panel answers, refuses bad input, draws seeded cards."""
import pytest

pytest.importorskip("ipywidgets")

from stoplib.cardcounter import widgets  # noqa: E402


def test_counter_panel_shows_the_best_action_and_reports_errors():
    panel = widgets.counter_panel(dealer=10, player=(10, 6))
    out = panel.children[-1]
    assert "best: <b>stand</b>" in out.value
    dealer_box, hand_box, draw = panel.children[2].children
    hand_box.value = "10 6 9"
    assert "bust" in out.value
    hand_box.value = "10 x"
    assert "color:#b00" in out.value


def test_counter_panel_draws_are_seeded():
    def hand_after_draws(seed):
        panel = widgets.counter_panel(dealer=10, player=(2, 3), seed=seed)
        draw = panel.children[2].children[2]
        draw.click()
        draw.click()
        return panel.children[2].children[1].value

    assert hand_after_draws(4) == hand_after_draws(4)
