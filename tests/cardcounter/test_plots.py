"""CardCounter plots (``stoplib.cardcounter.plots``): each ``plot_*`` draws on the Axes it is given."""
import matplotlib

matplotlib.use("Agg")
import pandas as pd  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

import stoplib.cardcounter as cc  # noqa: E402
from stoplib.cardcounter import plots, strategy  # noqa: E402


def _ax():
    return Figure(figsize=(4, 3)).add_subplot()


def test_strategy_chart_frames_the_differences():
    basic = strategy.basic_strategy_grid(["hard 16", "hard 17"])
    ours = basic.copy()
    ours.loc["hard 16", "10"] = "S"
    ax = _ax()
    assert plots.plot_strategy_chart(ax, ours, reference=basic, title="t") is ax
    # one framed cell (a patch without fill) where the charts differ
    assert sum(not p.get_fill() for p in ax.patches) == 1


def test_removal_effects_dealer_outcomes_and_state_counts_draw():
    effects = pd.DataFrame({"removed": ["none", "A", "5"], "value": [0, 1, 5], "change": [0.0, -0.01, 0.28]})
    ax = _ax()
    assert plots.plot_removal_effects(ax, effects) is ax and len(ax.patches) == 2
    ax = _ax()
    plots.plot_dealer_outcomes(ax, cc.fresh_deck(1), dealers=[5, 10])
    assert len(ax.patches) == 2 * len(cc.OUTCOMES)
    sizes = pd.DataFrame({"n_decks": [1, 1, 2], "n_dealer_states": [10, 20, 30]})
    ax = _ax()
    assert plots.plot_state_counts(ax, sizes) is ax and ax.get_yscale() == "log"
