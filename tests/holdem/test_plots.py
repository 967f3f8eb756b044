"""Figures and styled tables of the stacking notebook (stoplib.holdem.plots): they draw the results
they are given, in the workbook style, on the axis or figure given, never through pyplot, with no
text under 8 pt."""
import matplotlib
import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from stoplib.holdem import cut_table, search, summarize
from stoplib.holdem import document as doc
from stoplib.holdem.plots import (CATEGORY_ABBREV, CATEGORY_COLORS, RESULT_COLORS, plot_climbs, plot_cut_table,
                                  plot_final_scores, plot_scores_by_players, plot_step_gains,
                                  plot_steps_histogram, plot_success_by_players, style_cut_table)
from stoplib.workbook import style


@pytest.fixture(scope="module")
def runs():
    res = search(30, seed=1)
    table = summarize([res, search(6, n_players=2, seat=2, seed=3), search(4, n_players=3, seed=2),
                       search(3, n_players=3, seat=2, seed=4)])
    return res, table


def _axis():
    fig, ax = style.figure()
    return fig, ax


AXIS_PLOTS = {
    "steps_histogram": lambda res, table, ax: plot_steps_histogram(res.steps, res.optimal, ax=ax, article_max=15),
    "climbs": lambda res, table, ax: plot_climbs(res.paths, res.steps, res.optimal, ax=ax),
    "step_gains": lambda res, table, ax: plot_step_gains(res.paths, res.steps, ax=ax, min_climbs=2),
    "success_by_players": lambda res, table, ax: plot_success_by_players(table, ax=ax),
    "scores_by_players": lambda res, table, ax: plot_scores_by_players(table, ax=ax),
    "final_scores": lambda res, table, ax: plot_final_scores(res.scores, ax=ax),
}


@pytest.mark.parametrize("name", sorted(AXIS_PLOTS))
def test_each_plot_draws_on_the_axis_it_is_given_with_readable_text(runs, name):
    res, table = runs
    fig, ax = _axis()
    assert AXIS_PLOTS[name](res, table, ax) is ax
    assert ax.has_data() or ax.patches or ax.lines
    assert style.small_text(fig) == [], name
    assert ax.get_xlabel() and ax.get_ylabel()


@pytest.mark.parametrize("name", sorted(AXIS_PLOTS))
def test_each_plot_makes_its_own_pyplot_free_figure(runs, name):
    import matplotlib.pyplot as plt

    res, table = runs
    before = plt.get_fignums()
    ax = AXIS_PLOTS[name](res, table, None)
    assert isinstance(ax.figure, Figure) and plt.get_fignums() == before
    assert style.small_text(ax.figure) == []


@pytest.mark.parametrize("n_players, seat", [(2, 1), (3, 2), (6, 6)])
def test_cut_table_grid_names_every_hand_and_frames_the_winners(n_players, seat):
    deck = doc.EXAMPLE_DECK if n_players == 2 else np.random.default_rng(n_players).permutation(52)
    table = cut_table(deck, n_players=n_players, seat=seat)
    fig = plot_cut_table(table, seat=seat)
    assert isinstance(fig, Figure) and style.small_text(fig) == []
    labels = [t.get_text() for ax in fig.axes for t in ax.texts]
    assert len(labels) == n_players * 52 and set(labels) <= set(CATEGORY_ABBREV.values())
    winners = sum(len(w.split("=")) for w in table["winner"])
    frames = [p for ax in fig.axes for p in ax.patches if not p.get_fill()]
    assert len(frames) == winners
    legend = fig.legends[0]
    assert {t.get_text() for t in legend.get_texts()} >= {f"{a} {c}" for c, a in CATEGORY_ABBREV.items()}


@pytest.fixture(scope="module")
def example_table():
    return cut_table(doc.EXAMPLE_DECK)


def test_the_example_grid_says_52_won_and_is_not_one_colour(example_table):
    fig = plot_cut_table(example_table)
    assert "52 cuts won, 0 tied, 0 lost" in fig._suptitle.get_text()
    colours = {p.get_facecolor() for ax in fig.axes for p in ax.patches if p.get_fill()}
    assert len(colours) >= 5  # one colour per hand category present


def test_cut_table_draws_on_a_figure_it_is_given(example_table):
    fig = Figure()
    assert plot_cut_table(example_table, fig=fig) is fig and len(fig.axes) == 2


def test_the_cut_table_plot_refuses_a_table_for_another_seat_or_not_a_cut_table(example_table):
    with pytest.raises(ValueError, match="result column is not seat 2's"):
        plot_cut_table(example_table, seat=2)
    with pytest.raises(ValueError, match="one row per cut"):
        plot_cut_table(example_table.head(10))
    with pytest.raises(ValueError, match="must be a stoplib.holdem.cut_table"):
        plot_cut_table(example_table.drop(columns=["winner"]))
    with pytest.raises(TypeError, match="table must be"):
        plot_cut_table(doc.EXAMPLE_DECK)


def test_palette_is_the_workbook_palette():
    assert set(RESULT_COLORS.values()) <= set(style.COLORS.values())
    assert len(set(CATEGORY_COLORS.values())) == len(CATEGORY_COLORS) == 9


def test_steps_histogram_counts_the_climbs_past_the_article_bound():
    fig, ax = _axis()
    plot_steps_histogram([5, 9, 16, 17, 17], [False, True, True, False, False], ax=ax, article_max=15)
    assert any("3 climbs" in t.get_text() for t in ax.texts)
    assert ax.get_yscale() == "log"


def test_styled_table_hides_ranks_and_colours_results():
    table = cut_table(np.random.default_rng(0).permutation(52))
    html = style_cut_table(table).to_html()
    assert "p1 rank" not in html and "background-color" in html
    assert "Player 2 hand" in html and ("Seat 1&#39;s result" in html or "Seat 1's result" in html)
    assert RESULT_COLORS["loss"].lower() in html.lower() or RESULT_COLORS["win"].lower() in html.lower()
    assert isinstance(table, pd.DataFrame)
    assert matplotlib.get_backend()  # nothing here switched pyplot on
