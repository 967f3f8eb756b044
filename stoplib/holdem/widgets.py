"""Interactive panels of the hold'em stacking notebook (document 004).

Document 004 is "Optimally Stacking the Deck - Texas Hold 'Em" (Math ∩
Programming; ``shared/seeds/004_a0644cbfc5f0e02c.txt``). Each function builds
an ipywidgets panel over the public API and returns it; the notebook cell calls
it and displays the result. ``cut_table_explorer`` shows the 52 deals of a deck
(:func:`stoplib.holdem.cut_table`, styled by :func:`stoplib.holdem.plots.style_cut_table`);
``search_panel`` runs a small seeded :func:`stoplib.holdem.search`.
ipywidgets is imported only when a panel is built.
"""
from __future__ import annotations

import numpy as np

from ..workbook.progressbar import progress
from .document import EXAMPLE_DECK
from .local_search import search, summarize
from .plots import style_cut_table
from .rules import format_deck
from .solver import cut_table, deck_value

__all__ = ["cut_table_explorer", "search_panel"]


def cut_table_explorer(deck: str | None = None):
    """An ipywidgets panel: paste or shuffle a deck, pick players and seat, see the 52 cuts.

    Returns the panel (a ``VBox``); display it in a notebook. Nothing runs until
    the reader changes a control, apart from drawing the first table.
    """
    import ipywidgets as w
    from IPython.display import clear_output, display

    text = w.Textarea(value=deck or EXAMPLE_DECK, description="deck",
                      layout=w.Layout(width="95%", height="60px"))
    shuffle = w.Button(description="shuffle")
    players = w.Dropdown(options=list(range(2, 7)), value=2, description="players")
    seat = w.Dropdown(options=[1, 2], value=1, description="seat")
    out = w.Output()
    rng = np.random.default_rng()

    def redraw(*_):
        with out:
            clear_output(wait=True)
            try:
                v = deck_value(text.value, seat=seat.value, n_players=players.value)
                print(f"seat {seat.value} of {players.value}: {v.wins} won, {v.ties} tied, "
                      f"{v.losses} lost" + ("  (optimal stacking)" if v.optimal else ""))
                display(style_cut_table(cut_table(text.value, players.value, seat.value), seat.value))
            except (ValueError, TypeError) as err:
                print(f"not a deck: {err}")

    def on_players(change):
        seat.options = list(range(1, change["new"] + 1))
        seat.value = min(seat.value or 1, change["new"])
        redraw()

    def on_shuffle(_):
        text.value = format_deck(rng.permutation(52))

    players.observe(on_players, names="value")
    seat.observe(redraw, names="value")
    text.observe(redraw, names="value")
    shuffle.on_click(on_shuffle)
    redraw()
    return w.VBox([text, w.HBox([shuffle, players, seat]), out])


def search_panel():
    """An ipywidgets panel that runs a small seeded search with a progress bar.

    The search runs in batches of 20 restarts (each batch reproduces the same
    restarts as one call with that seed) and reports the success rate and the
    first optimal stacking found.
    """
    import ipywidgets as w
    from IPython.display import clear_output, display

    restarts = w.BoundedIntText(value=100, min=1, max=100_000, description="restarts")
    players = w.Dropdown(options=list(range(2, 7)), value=2, description="players")
    seat = w.Dropdown(options=[1, 2], value=1, description="seat")
    method = w.Dropdown(options=["steepest", "first"], value="steepest", description="method")
    kicks = w.BoundedIntText(value=0, min=0, max=100_000, description="kicks")
    seed = w.BoundedIntText(value=0, min=0, max=2**31, description="seed")
    go = w.Button(description="search", button_style="primary")
    out = w.Output()

    def on_players(change):
        seat.options = list(range(1, change["new"] + 1))

    def run(_):
        with out:
            clear_output(wait=True)
            parts = []
            total = restarts.value
            bar = progress(total=total, desc="climbs", disable=False)
            for first in range(0, total, 20):
                res = search(min(20, total - first), players.value, seat.value, method=method.value,
                             kicks=kicks.value, kick_size=2, seed=seed.value, first_restart=first)
                parts.append(res)
                bar.update(res.n_restarts)
            bar.close()
            table = summarize(parts)
            n_opt = int(table["n_optimal"].sum())
            print(f"{n_opt} of {total} climbs reached 52 ({n_opt / total:.1%}); "
                  f"max steps {int(table['max_steps'].max())}, best score {int(table['best_score'].max())}")
            found = [d for r in parts for d in r.optimal_decks()]
            if found:
                print("first optimal stacking:", found[0])
                display(style_cut_table(cut_table(found[0], players.value, seat.value), seat.value))

    players.observe(on_players, names="value")
    go.on_click(run)
    return w.VBox([w.HBox([restarts, players, seat]), w.HBox([method, kicks, seed]), go, out])
