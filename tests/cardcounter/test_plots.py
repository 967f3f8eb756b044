"""CardCounter plots (``stoplib.cardcounter.plots``): each ``plot_*`` draws on the Axes it is given,
in the workbook style (no text under 8 pt, no pyplot figure left behind)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import stoplib.cardcounter as cc  # noqa: E402
from stoplib.cardcounter import plots, strategy  # noqa: E402
from stoplib.workbook import style  # noqa: E402


def _fig(size=(5, 3.5)):
    return style.figure(figsize=size)


def _check(fig):
    assert style.small_text(fig) == []
    assert style.png_bytes(fig)[:4] == b"\x89PNG"
    assert plt.get_fignums() == []          # nothing registered with pyplot


def test_strategy_chart_frames_the_differences_with_a_key():
    basic = strategy.basic_strategy_grid(["hard 16", "hard 17"])
    ours = basic.copy()
    ours.loc["hard 16", "10"] = "S"
    ours.loc["hard 17", "2"] = "H/S"
    fig, ax = _fig((6, 3))
    assert plots.plot_strategy_chart(ax, ours, reference=basic, title="t") is ax
    # one heavy frame (a patch without fill) per differing cell, and the reference's answer written in it
    assert sum(not p.get_fill() for p in ax.patches) == 2
    texts = [t.get_text() for t in ax.texts]
    assert "basic H" in texts and "basic S" in texts
    assert "differs from basic strategy" in [t.get_text() for t in ax.get_legend().get_texts()]
    _check(fig)


def test_strategy_chart_of_the_fresh_deck_has_readable_text(single_deck):
    fig, ax = _fig((6.4, 9.6))
    plots.plot_strategy_chart(ax, single_deck.grid, reference=single_deck.basic)
    _check(fig)


def test_removal_effects_bars_and_labels():
    effects = pd.DataFrame({"removed": ["none", "A", "5", "10"], "value": [0, 1, 5, 10],
                            "change": [0.0, 0.03, 0.28, -0.18]})
    fig, ax = _fig()
    assert plots.plot_removal_effects(ax, effects) is ax and len(ax.patches) == 3
    assert {t.get_text() for t in ax.texts} == {"+0.03", "+0.28", "−0.18"}
    _check(fig)


def test_dealer_outcomes_draw_the_table_they_are_given():
    table = strategy.dealer_outcomes(cc.fresh_deck(1), dealers=[1, 6])
    fig, ax = _fig()
    plots.plot_dealer_outcomes(ax, table)
    assert len(ax.patches) == 2 * len(cc.OUTCOMES)
    # the bust share is written on each bar
    assert [t.get_text() for t in ax.texts] == [f"{100 * b:.0f}%" for b in table["bust"]]
    _check(fig)
    # a deck is not a result: the plot computes nothing
    import pytest

    with pytest.raises(TypeError):
        plots.plot_dealer_outcomes(_fig()[1], cc.fresh_deck(1))


def test_state_counts_log_scale():
    sizes = pd.DataFrame({"n_decks": [1, 1, 2], "n_dealer_states": [10, 20, 30]})
    fig, ax = _fig()
    assert plots.plot_state_counts(ax, sizes) is ax and ax.get_yscale() == "log"
    _check(fig)


def test_next_card_bars_and_lines():
    result = cc.next_card("1004000002", 5, (7, 8))
    assert [v for v, _, _ in result.terms] == [1, 4, 10]
    fig, ax = _fig((7, 3.4))
    plots.plot_next_card(ax, result, title="x")
    assert len(ax.patches) == 3 and len(ax.lines) == 2
    assert "bust" in [t.get_text() for t in ax.texts]          # a ten busts 15
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any(f"{result.stand_probability:.4f}" in t for t in legend)
    _check(fig)


def test_next_card_refuses_a_bust_hand_and_anything_but_a_result():
    import pytest

    fig, ax = _fig()
    with pytest.raises(ValueError, match="bust"):
        plots.plot_next_card(ax, cc.next_card("1004000002", 5, (10, 8, 7)))
    with pytest.raises(TypeError, match="result"):
        plots.plot_next_card(ax, [(1, 4, 0.45)])
