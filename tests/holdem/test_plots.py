"""Figures and styled tables of the stacking notebook (stoplib.holdem.plots) draw on the axis given."""
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from stoplib.holdem import cut_table, search, summarize
from stoplib.holdem import document as doc
from stoplib.holdem.plots import (CATEGORY_ABBREV, plot_climbs, plot_cut_table,
                                  plot_scores_by_players, plot_steps_histogram,
                                  plot_success_by_players, style_cut_table)


def _axis():
    return Figure().add_subplot()


def test_each_plot_draws_on_the_axis_it_is_given():
    res = search(6, seed=1)
    table = summarize([res, search(4, n_players=3, seed=2)])
    for draw in (lambda ax: plot_steps_histogram(res.steps, res.optimal, ax=ax, article_max=15),
                 lambda ax: plot_climbs(res.paths, res.steps, res.optimal, ax=ax),
                 lambda ax: plot_success_by_players(table, ax=ax),
                 lambda ax: plot_scores_by_players(table, ax=ax),
                 lambda ax: plot_cut_table(doc.EXAMPLE_DECK, ax=ax)):
        ax = _axis()
        assert draw(ax) is ax
        assert ax.has_data() or ax.images


def test_cut_table_grid_names_every_hand():
    ax = plot_cut_table(doc.EXAMPLE_DECK, n_players=2, seat=1, ax=_axis())
    labels = [t.get_text() for t in ax.texts]
    assert len(labels) == 2 * 52 and set(labels) <= set(CATEGORY_ABBREV.values())
    assert "52 won, 0 tied, 0 lost" in ax.get_title()


def test_styled_table_hides_ranks_and_colours_results():
    table = cut_table(np.random.default_rng(0).permutation(52))
    html = style_cut_table(table).to_html()
    assert "p1 rank" not in html and "background-color" in html
    assert isinstance(table, pd.DataFrame)
