"""Ten Thousand and Pig figures (stoplib.tenthousand.plots): each draws a computed result on the Axes
it is given, in the workbook style, with no text under 8 pt at the exported size, and computes nothing."""
import inspect

import pytest

import stoplib as sl
from stoplib import tenthousand as tt
from stoplib.tenthousand import claims, plots
from stoplib.tenthousand import document as doc


def _ax(figsize=(7, 4)):
    fig, ax = sl.style.figure(figsize=figsize)
    return fig, ax


def test_value_of_rolling(sol):
    paper = {5: {t: float(v) for t, v in doc.TABLE6.items() if t >= 1}}
    fig, ax = _ax()
    plots.plot_value_of_rolling(ax, sol, paper=paper)
    assert sl.style.small_text(fig) == []
    # one curve per number of dice, the paper's markers, the legend proxy, the threshold line
    assert len(ax.lines) == sol.n_dice + 1 + 1 + 1
    gain5 = ax.lines[0].get_ydata()
    assert gain5[0] == pytest.approx(sol.value_at(1, None, 5) - 1) and min(gain5) == 0
    fig, ax = _ax()
    plots.plot_value_of_rolling(ax, tt.solve(3))
    assert len(ax.lines) == 3 + 1


def test_action_values(sol):
    fig, ax = _ax((6.8, 3.6))
    advice = sol.advice(4, (2, 1, 0), 2)
    plots.plot_action_values(ax, advice)
    assert sl.style.small_text(fig) == []
    widths = sorted(round(p.get_width(), 6) for p in ax.patches)
    assert widths[-1] == round(sol.value_at(4, (2, 1, 0), 2), 6) and len(widths) == 6
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert {"m55: keep [0, 1, 0], roll 4", "m5: keep [1, 1, 0], roll 3", "roll 2 dice", "stop: bank 4"} <= set(labels)


def test_dice_and_thresholds():
    dice = claims.dice_table(max_dice=3, cap_extra=10)
    fig, axes = sl.style.figure(1, 2, figsize=(10, 3.8))
    plots.plot_dice(axes[0], dice)
    plots.plot_thresholds(axes[1], dice)
    assert sl.style.small_text(fig) == []
    assert list(axes[0].lines[0].get_xdata()) == [1, 2, 3]
    assert list(axes[1].lines[0].get_ydata()) == [1, 3, 7]
    assert axes[0].get_yscale() == "log" and axes[1].get_yscale() == "log"


def test_stop_at(sol):
    stop = claims.stop_at_table(range(1, 6))
    fig, ax = _ax()
    plots.plot_stop_at(ax, stop, optimum=sol.value, stop_roll=5.5, mark=150, simulated=(4.0, 0.01))
    assert sl.style.small_text(fig) == []
    assert list(ax.lines[0].get_xdata()) == [50, 100, 150, 200, 250]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any(label.startswith("stop at 150:") for label in labels)


def test_score_distribution(sol):
    fig, ax = _ax((8, 3.6))
    laws = {"optimal play": tt.score_distribution(sol),
            "stop at 300 points": tt.score_distribution(tt.stop_at_policy(6))}
    plots.plot_score_distribution(ax, laws)
    assert sl.style.small_text(fig) == []
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        f"optimal play: bust {laws['optimal play'][0]:.1%}",
        f"stop at 300 points: bust {laws['stop at 300 points'][0]:.1%}"]
    assert ax.get_xlim()[1] < 2000          # the tail beyond the last 0.5% is cut


def test_pig():
    fig, ax = _ax()
    plots.plot_pig(ax, tt.pig())
    assert sl.style.small_text(fig) == []
    assert len(ax.lines) == 2 + 1 + 1 + 1                # two c lambda^tau, stop line, value, threshold


def test_no_pyplot_figures():
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    fig, ax = _ax()
    plots.plot_pig(ax, tt.pig())
    assert plt.get_fignums() == before


@pytest.mark.parametrize("name", plots.__all__)
def test_a_plot_is_given_its_result(name):
    """No plot computes a default result of its own: the argument after ``ax`` is required."""
    params = list(inspect.signature(getattr(plots, name)).parameters.values())
    assert params[0].name == "ax" and params[1].default is inspect.Parameter.empty
