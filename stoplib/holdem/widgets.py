"""Interactive panels of the hold'em stacking notebook (document 004).

Document 004 is Jeremy Kun, "Optimally Stacking the Deck – Texas Hold 'Em",
Math ∩ Programming (jeremykun.com), 9 April 2012. Both panels are
:class:`stoplib.workbook.panel.Panel` objects (controls, a one-line readout,
a figure drawn without pyplot, a message line and a "Save figure" button):

- :func:`cut_table_explorer` deals the 52 cuts of a deck the reader pastes (or
  shuffles, or climbs to a local maximum) for 2 to 6 players and shows the hands
  of every cut (:func:`stoplib.holdem.plots.plot_cut_table`); the readout says
  how many cuts the chosen seat wins, ties and loses
  (:func:`stoplib.holdem.deck_value`);
- :func:`search_panel` runs a small seeded :func:`stoplib.holdem.search` and
  shows where its climbs ended (:func:`stoplib.holdem.plots.plot_final_scores`).

The render functions :func:`explorer_view` and :func:`search_view` return the
:class:`~stoplib.workbook.panel.View` a panel shows; a request the API refuses
(not a deck, a seat beyond the table, a search too long for a panel) raises
``ValueError`` and the panel shows the message.
"""
from __future__ import annotations

import numpy as np

from ..workbook import prose, style
from ..util.validate import check_choice, check_int, check_str
from ..workbook.panel import HINT, Panel, View, dropdown, int_box, int_slider, text_box, toggle
from .document import EXAMPLE_DECK
from .local_search import climb, search
from .plots import plot_cut_table, plot_final_scores
from .rules import MAX_PLAYERS, MAX_TEXT, MIN_PLAYERS, N_CUTS, as_deck, check_bool, format_deck
from .solver import deck_value

__all__ = ["NOTEBOOK", "MAX_WORK", "explorer_view", "cut_table_explorer", "search_view", "search_panel"]

#: The notebook the panels belong to (saved figures are named after it).
NOTEBOOK = "07_holdem_stacking"
#: The longest search a panel runs, in climbs (a kick counts as a fifth of a climb):
#: about a minute for six players on a 2-core machine. Longer searches: ``stoplib.holdem.search``.
MAX_WORK = 1000


class _Panel(Panel):
    """A :class:`~stoplib.workbook.panel.Panel` whose static picture wraps its lines to the figure's width.

    The shared ``Panel.snapshot`` wraps the settings and the readout at a fixed 90 to
    100 characters and puts the hint line half under the picture; the search panel's
    figure is narrower than that, so its settings ran off the right edge. Until the
    shared snapshot wraps to the width, this one does (saving and redrawing are
    Panel's own).
    """

    def snapshot(self):
        import html
        import io
        import re
        import textwrap

        import matplotlib.image as mpimg

        def wrap(text, size):
            return textwrap.wrap(text, width=max(int(width * 72 / (0.7 * size)), 20)) or [""]

        has_image = self.figure is not None
        width, height = self.figure.get_size_inches() if has_image else (8.0, 0.0)
        width = max(width, 6.0)
        settings = wrap("   ".join(f"{c.description or k} = {c.value}" for k, c in self.controls.items()), 10)
        readout = wrap(html.unescape(re.sub(r"<[^>]+>", "", self.view.readout or "")), 10)
        hint = wrap(HINT, 9)
        lines = len(settings) + len(readout) + len(hint) + 1
        head_height = 0.2 * lines + 0.1
        fig, axes = style.figure(2 if has_image else 1, 1, figsize=(width, height + head_height), squeeze=False,
                                 gridspec_kw={"height_ratios": [head_height, height] if has_image else [1]})
        head = axes[0, 0]
        head.axis("off")
        head.set_xlim(0, 1)
        head.set_ylim(lines, 0)
        row = 0
        for text, size, extra in ((settings, 10, {"family": "monospace"}), (readout, 10, {}),
                                  (hint, 9, {"style": "italic", "color": style.COLORS["grey"]})):
            for line in text:
                head.text(0, row + 0.5, line, fontsize=size, va="center", **extra).set_in_layout(False)
                row += 1
            row += 0.5 if size == 10 else 0
        if has_image:
            image = mpimg.imread(io.BytesIO(style.png_bytes(self.figure, dpi=self.dpi)), format="png")
            axes[1, 0].imshow(image)
            axes[1, 0].axis("off")
        return fig


def explorer_view(deck: str, players: int, seat: int) -> View:
    """The 52 deals of ``deck`` for ``players`` players, seen from ``seat``.

    Examples
    --------
    >>> view = explorer_view(EXAMPLE_DECK, 2, 1)
    >>> prose.plain(view.readout)
    'seat 1 of 2: 52 cuts won, 0 tied, 0 lost (an optimal stacking)'
    """
    check_str("deck", deck, MAX_TEXT)
    value = deck_value(deck, seat=seat, n_players=players)
    tag = " (an optimal stacking)" if value.optimal else (" (semi-optimal: no cut lost)"
                                                         if value.semi_optimal else "")
    readout = (f"seat {value.seat} of {value.n_players}: <b>{value.wins}</b> cuts won, "
               f"{value.ties} tied, {value.losses} lost{tag}")
    return View(figure=plot_cut_table(deck, n_players=players, seat=seat), readout=readout)


def cut_table_explorer(deck: str | None = None) -> Panel:
    """A panel: paste, shuffle or climb a deck, pick players and seat, see the 52 cuts.

    Parameters
    ----------
    deck : str, optional
        The starting deck (default: the article's example stacking).

    Examples
    --------
    >>> panel = cut_table_explorer()
    >>> prose.plain(panel.readout.value)
    'seat 1 of 2: 52 cuts won, 0 tied, 0 lost (an optimal stacking)'
    """
    import ipywidgets as widgets

    if deck is None:
        deck = EXAMPLE_DECK
    else:
        check_str("deck", deck, MAX_TEXT)
        deck = format_deck(as_deck(deck))  # a deck the panel cannot deal is refused here, not shown as a message
    controls = {
        "deck": text_box("deck", deck, width="62em",
                         placeholder="52 cards, e.g. Th5d7c... (rank 23456789TJQKA, suit cdhs)"),
        "players": dropdown("players", list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), 2),
        "seat": int_slider("seat", 1, 1, MAX_PLAYERS, width="20em"),
    }
    shuffle = widgets.Button(description="Shuffle", tooltip="Deal a uniformly shuffled deck")
    climber = widgets.Button(description="Climb", tooltip="Steepest ascent from this deck for this seat")
    panel = _Panel(controls, explorer_view, notebook=NOTEBOOK, name="cut-table",
                   title="The 52 cuts of a deck", buttons=[shuffle, climber])
    rng = np.random.default_rng()

    def on_shuffle(_):
        controls["deck"].value = format_deck(rng.permutation(N_CUTS))

    def on_climb(_):
        values = panel.values()
        try:
            res = climb(values["deck"], values["players"], values["seat"])
        except (ValueError, TypeError) as exc:
            panel.message.value = f"Cannot climb: {exc}"
            return
        before = int(res.paths[0, 0])
        controls["deck"].value = format_deck(res.decks[0])
        panel.message.value = (f"Climbed {int(res.steps[0])} steps: from {before} to "
                               f"{int(res.scores[0])} cuts won.")

    shuffle.on_click(on_shuffle)
    climber.on_click(on_climb)
    return panel


def search_view(restarts: int, players: int, seat: int, method: str, kicks: int, seed: int,
                ties: bool) -> View:
    """A seeded search of ``restarts`` climbs and where they ended.

    Examples
    --------
    >>> view = search_view(4, 2, 1, "steepest", 0, 0, False)
    >>> prose.plain(view.readout).split(";")[0]
    '2 of 4 climbs reached 52 cuts won (50.0%)'
    """
    restarts = check_int("restarts", restarts, 1)
    kicks = check_int("kicks", kicks, 0)
    method = check_choice("method", method, ("steepest", "first"))
    ties = check_bool("ties", ties)
    work = restarts * (1 + kicks / 5) if max(restarts, kicks) < 10**12 else float("inf")
    if work > MAX_WORK:
        raise ValueError(f"restarts × (1 + kicks/5) must be at most {MAX_WORK:,} in this panel, "
                         f"got {work:,.0f}; run stoplib.holdem.search in a cell for longer searches")
    objective = "wins_or_ties" if ties else "wins"
    res = search(restarts, players, seat, method=method, kicks=kicks, kick_size=2, seed=seed,
                 objective=objective)
    what = "cuts won or tied" if ties else "cuts won"
    readout = (f"<b>{res.n_optimal}</b> of {res.n_restarts} climbs reached 52 {what} "
               f"({prose.percent(res.fraction_optimal)}); longest climb {int(res.steps.max())} steps; "
               f"best {int(res.scores.max())} of 52")
    if res.n_optimal:
        readout += f"; first stacking found: <code>{res.optimal_decks()[0]}</code>"
    with style.context():
        fig, ax = style.figure(figsize=(6.4, 3.2))
        plot_final_scores(res.scores, ax=ax, objective=objective)
        ax.set_title(f"{res.n_restarts} climbs, {players} players, seat {seat}, "
                     + ("steepest ascent" if method == "steepest" else "first improvement")
                     + (f", {kicks} kicks" if kicks else ""), fontsize=10)
    return View(figure=fig, readout=readout)


def search_panel() -> Panel:
    """A panel that runs a small seeded search (kicks > 0: the iterated local search).

    Every control change reruns the search; the readout gives the success rate,
    the longest climb, the best score and the first stacking found.

    Examples
    --------
    >>> panel = search_panel()
    >>> "climbs reached 52" in panel.readout.value
    True
    """
    controls = {
        "restarts": int_box("restarts", 100, 1, MAX_WORK),
        "players": dropdown("players", list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), 2),
        "seat": int_slider("seat", 1, 1, MAX_PLAYERS, width="20em"),
        "method": dropdown("method", ["steepest", "first"], "steepest"),
        "kicks": int_box("kicks", 0, 0, 5 * MAX_WORK),
        "seed": int_box("seed", 0, 0, 2**31 - 1, width="16em"),
        "ties": toggle("count ties (semi-optimal)", False),
    }
    return _Panel(controls, search_view, notebook=NOTEBOOK, name="search",
                  title="A seeded search for optimal stackings")
